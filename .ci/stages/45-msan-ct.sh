#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Constant time of the AVX-512 code (ML-KEM arithmetic, the avx512vl-x1/-x4 and avx512-x8
# Keccak backends, SLH-DSA signing on x8) under clang's MemorySanitizer, and the proof that
# the check fails on an injected secret branch (NTT) and secret-indexed load (CBD):
# tests/ct_msan.sh. Skipped (visibly) on a CPU without AVX-512 or without clang. ~1 min.
# `45-msan-ct.sh prepare`: its first configure and build only (ct_msan.sh --build-only; .ci/run
# runs that beside its ctest).
set -uo pipefail
if [ "${1:-}" = prepare ]; then
  bash tests/ct_msan.sh build-ct-msan --build-only
  rc=$?
  [ $rc = 77 ] && exit 0
  exit $rc
fi
bash tests/ct_msan.sh build-ct-msan
rc=$?
[ $rc = 77 ] && exit 0
exit $rc

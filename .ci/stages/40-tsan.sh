#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ThreadSanitizer (clang): the threaded KT/ParallelHash and batched paths (test_batch), the
# first use of the lazily chosen backends, ML-KEM arithmetic and worker pool raced by two
# threads (test_first_use_race), and the OpenSSL provider under threads (test_prov_multictx).
# A race only shows when the threads really overlap, so the race test runs 20 times (a race
# injected into the CPU-feature cache showed in about 4 runs of 10). ~2 min.
# `40-tsan.sh prepare`: the configure and builds only (.ci/run runs that beside its ctest; the
# runs themselves come later, with the cores to themselves, since the threads must overlap).
# ci: alone
set -euo pipefail
command -v clang >/dev/null || { echo "clang not installed: ThreadSanitizer stage skipped"; exit 0; }
CC=clang cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKF_BUILD_TOOLS=OFF \
  -DCMAKE_C_FLAGS="-fsanitize=thread" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=thread"
# test_prov_multictx needs OpenSSL's headers (.ci/deps/30-provider.sh), else the target is absent
targets=$(cmake --build build-tsan --target help)
prov=
grep -q test_prov_multictx <<<"$targets" && prov=test_prov_multictx
cmake --build build-tsan -j"$(nproc)" --target test_first_use_race test_batch $prov
[ "${1:-}" = prepare ] && exit 0
export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
passed=0 failed=0
for i in $(seq 20); do
  if ./build-tsan/tests/test_first_use_race >build-tsan/race.log 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); cat build-tsan/race.log
  fi
done
if ./build-tsan/tests/test_batch >build-tsan/batch.log 2>&1; then
  passed=$((passed + 1))
else
  failed=$((failed + 1)); tail -50 build-tsan/batch.log
fi
# The OpenSSL provider loaded into several library contexts and loaded/unloaded by four
# threads while the main thread raises errors (issue 41: a file-scope core handle and build
# string raced; TSan saw both on the old code in every run). Each run is 7 processes
# (~3 s). Built above when OpenSSL's headers are there.
if [ -n "$prov" ]; then
  for i in 1 2 3; do
    if ./build-tsan/provider/tests/test_prov_multictx build-tsan/ossl-modules >build-tsan/prov.log 2>&1; then
      passed=$((passed + 1))
    else
      failed=$((failed + 1)); tail -60 build-tsan/prov.log
    fi
  done
else
  echo "tsan: no OpenSSL provider in this build: test_prov_multictx not run"
fi
echo "tsan: $passed passed, $failed failed"
[ "$failed" = 0 ]

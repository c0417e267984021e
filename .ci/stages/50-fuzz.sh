#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Fuzz smoke runs: every libFuzzer target (fuzz/) for 10 s under clang ASan+UBSan
# (pointer-overflow included, nothing recoverable), two at a time, from the corpora kept in
# fuzz/corpus/, the regression inputs and fresh seeds. What those corpora cover is
# 55-fuzz-coverage.sh's.
# (10 s each, not 30: libFuzzer first replays every input of the corpora, regression inputs and
# seeds whatever the time limit, and that replay is what catches a regression in a smoke run; the
# seconds after it are random mutations, a few thousand executions for the slow targets. Hours of
# fuzzing are fuzz/run.sh's own job: fuzz/README.md.)
# `50-fuzz.sh prepare`: the configure and build only (.ci/run runs that beside its ctest;
# the fuzz runs come later, with the cores to themselves: their 10 s are their coverage).
# ci: alone
set -euo pipefail
command -v clang >/dev/null || { echo "clang not installed: fuzz stage skipped"; exit 0; }
CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKF_SANITIZE=ON -DKF_FUZZ=ON \
  -DKF_BUILD_TESTS=OFF -DCMAKE_C_FLAGS="-fsanitize=pointer-overflow -fno-sanitize-recover=all"
# fuzz_all: every target the configuration has (fuzz_provider needs OpenSSL >= 3) and the seeds
cmake --build build-fuzz -j"$(nproc)" --target fuzz_all
[ "${1:-}" = prepare ] && exit 0
# (with the harnesses of issue 52's review: ML-DSA across backends, verify_batch against single
# verifies, grammar-built PKCS#8/SPKI with their own verdict)
bash fuzz/run.sh build-fuzz 10 2 fuzz_modes fuzz_batch fuzz_mlkem_encaps fuzz_mlkem_decaps fuzz_slhdsa_verify \
  fuzz_mldsa fuzz_sum_check fuzz_key_decode fuzz_provider fuzz_cli_keyfile fuzz_mldsa_backends fuzz_mldsa_batch \
  fuzz_key_grammar

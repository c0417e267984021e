#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ThreadSanitizer (clang): the threaded KT/ParallelHash and batched paths (test_batch), and
# the first use of the lazily chosen backends, ML-KEM arithmetic and worker pool raced by
# two threads (test_first_use_race). A race only shows when the threads really overlap,
# so the race test runs 20 times (a race injected into the CPU-feature cache showed in
# about 4 runs of 10). ~2 min.
set -euo pipefail
command -v clang >/dev/null || { echo "clang not installed: ThreadSanitizer stage skipped"; exit 0; }
CC=clang cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKF_BUILD_TOOLS=OFF \
  -DCMAKE_C_FLAGS="-fsanitize=thread" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=thread"
cmake --build build-tsan -j"$(nproc)" --target test_first_use_race test_batch
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
echo "tsan: $passed passed, $failed failed"
[ "$failed" = 0 ]

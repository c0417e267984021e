#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# GCC's AddressSanitizer + UndefinedBehaviorSanitizer. When clang is installed, the clang
# ASan+UBSan stage (30-asan-clang.sh) runs the whole suite and this stage runs only what that
# stage leaves out: the OpenSSL provider's tests (clang puts no sanitizer runtime into shared
# modules), the seed-003 model against the library, ACVP on opt32bi (all files) and on
# avx2-x4 (test_acvp runs only the ParallelHash files on a forced batched backend, the only
# mode that reaches it; the x1 and avx512vl-x1 backends get kat and differential under both
# sanitizers, ACVP natively) and
# SLH-DSA's x1 run. Without clang this stage runs the whole suite. The cross suites are not
# repeated here. `20-asan-gcc.sh prepare`: the configure and build only (.ci/run runs that beside its
# ctest).
set -euo pipefail
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKF_SANITIZE=ON
if command -v clang >/dev/null; then
  # only what the tests below run: the shared library (the Python suites load it), the
  # provider with its C tests, and kforge (test_prov_cli, test_prov_cms_cli); not the C test
  # programs of tests/, which the clang stage builds and runs. (Ninja names a directory's
  # targets <dir>/all; another generator builds everything.)
  if grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja' build-asan/CMakeCache.txt; then
    cmake --build build-asan -j"$(nproc)" --target keccakforge provider/all tools/kforge/all
  else
    cmake --build build-asan -j"$(nproc)"
  fi
  [ "${1:-}" = prepare ] && exit 0
  # keep in step with 30-asan-clang.sh's -E list (not its source-only checks: the README's ctest ran those)
  ctest --test-dir build-asan --output-on-failure -j"$(nproc)" \
    -R '^(test_prov_.*|rvv_ise_model_lib|acvp\[(opt32bi|avx2-x4)\]|slhdsa\[x1\])$'
else
  cmake --build build-asan -j"$(nproc)"
  [ "${1:-}" = prepare ] && exit 0
  ctest --test-dir build-asan --output-on-failure -j"$(nproc)"
fi

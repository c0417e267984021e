#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The suite under clang's AddressSanitizer + UndefinedBehaviorSanitizer, pointer-overflow
# included (arithmetic on NULL, which GCC's UBSan does not report), nothing recoverable.
# Every C test runs, and the Python suites as under KF_SANITIZE (tests/CMakeLists.txt), except
# what the GCC ASan stage (20-asan-gcc.sh) already covers and costs most here: ACVP runs on
# the dispatched and AVX-512 backends (opt64 and avx512-x8 among them): GCC's stage runs it on
# opt32bi and avx2-x4, and x1/avx512vl-x1 have kat and differential under both,
# and SLH-DSA on the automatic backends only (its x1 run is GCC's). The OpenSSL provider is
# left out here (it links with --no-undefined, and clang does not put its sanitizer runtime
# into shared modules); GCC's ASan stage builds and tests it. rvv_ise_model_lib (the seed-003
# model against the library) runs in GCC's stage only, like the other duplicates above.
# ci: first (the longest of the paired stages: started first, the others fill the second core)
# slhdsa_acvp[x1] (the ACVP files on the x1 fallback, 65 s here, this stage's longest test on
# 2026-11-25) runs in neither sanitizer stage: the fallback's code runs under GCC's ASan in
# slhdsa[x1] (round trips, bit flips, errors) and the vectors natively in the README command.
# The Frama-C proofs (proof_*) read the sources, not this build: the README test command ran
# them already (in this stage's run of 2026-11-25 they were 463 s of its tests' time, proof_key_codecs
# alone 382 s, and the longest test of its ctest -j2).
# Nor the checks that read only the source tree, whatever the build (the README's ctest ran
# each with the same command): ctest_skips, spdx_lines, readme_example, header_cxx11 (c++, not
# clang), the generators' --check entries (*_generated, *_generated_asm), the Cortex-M and RVV
# models' Python tests (cortexm_model_unit, rvv_ise_model_unit, rvv_ise_model_report,
# rvv_ise_encoding_gnu_as): 8.7 s of CPU (rvv_ise_model_unit 5.5 s of it) and 13 test starts,
# measured one by one with /usr/bin/time at load ~24 on 2026-11-26.
# `30-asan-clang.sh prepare`: the configure and build only (.ci/run runs that beside its ctest).
set -euo pipefail
command -v clang >/dev/null || { echo "clang not installed: clang ASan+UBSan stage skipped"; exit 0; }
CC=clang cmake -S . -B build-asan-clang -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKF_SANITIZE=ON \
  -DCMAKE_C_FLAGS="-fsanitize=pointer-overflow -fno-sanitize-recover=all" \
  -DCMAKE_DISABLE_FIND_PACKAGE_OpenSSL=TRUE
cmake --build build-asan-clang -j"$(nproc)"
[ "${1:-}" = prepare ] && exit 0
ctest --test-dir build-asan-clang --output-on-failure -j"$(nproc)" \
  -E '^(acvp\[(opt32bi|avx2-x4|avx512vl-x1|x1)\]|slhdsa(_acvp)?\[x1\]|rvv_ise_model_lib|proof_.*|ctest_skips|spdx_lines|readme_example|header_cxx11|[a-z0-9_]+_generated(_asm)?|cortexm_model_unit|rvv_ise_model_(unit|report)|rvv_ise_encoding_gnu_as)$'

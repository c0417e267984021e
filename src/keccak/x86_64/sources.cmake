# SPDX-License-Identifier: Apache-2.0 OR MIT
# x86-64 Keccak-p[1600] backends (included by the top-level CMakeLists.txt when KF_X86_64):
# BMI1/BMI2 scalar C, AVX-512VL x1 (one and two lanes per register), and the batched AVX2 / AVX-512 / hybrid backends. Each
# file gets exactly the instruction set it is written for (the dispatcher runs it only on a
# CPU that has it); the measurements behind the flags: docs/BENCHMARK_HISTORY.md, "Figures
# behind choices in the code".
set(KF_X64_DIR src/keccak/x86_64)
list(APPEND KF_SOURCES
  src/keccak/keccak_p1600_opt64_bmi2.c
  ${KF_X64_DIR}/keccak_p1600_x1_avx512vl.c
  ${KF_X64_DIR}/keccak_p1600_x1_pairs_avx512vl.c
  ${KF_X64_DIR}/keccak_p1600_x1_avx2.c
  ${KF_X64_DIR}/keccak_p1600_x1_adaptive.c
  ${KF_X64_DIR}/keccak_p1600_x4_avx2.c
  ${KF_X64_DIR}/keccak_p1600_x4_avx512vl.c
  ${KF_X64_DIR}/keccak_p1600_x8_avx512.c
  ${KF_X64_DIR}/keccak_xn_oneblock_avx512.c
  ${KF_X64_DIR}/keccak_xn_oneblock_avx2.c
  ${KF_X64_DIR}/keccak_p1600_x9_hybrid.c
  ${KF_X64_DIR}/keccak_p1600_x5_hybrid.c)
# BMI1/BMI2 for andn/rorx; no AVX code generation, which slows scalar Keccak on Zen 4.
set(KF_OPT64_BMI2_FLAGS -mbmi -mbmi2 -mno-avx2 -mno-avx512f)
set(KF_OPT64_FLAGS "")
set(KF_SIMD_FLAGS "")
if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
  # GCC's second scheduling pass lengthens the unrolled rounds on out-of-order x86 cores, the
  # scalar ones (opt64, opt64-bmi2) and the SIMD ones alike (figures: docs/BENCHMARK_HISTORY.md)
  list(APPEND KF_OPT64_BMI2_FLAGS -fno-schedule-insns2)
  set(KF_OPT64_FLAGS -fno-schedule-insns2 -funroll-loops)
  set(KF_SIMD_FLAGS -fno-schedule-insns2)
  # avx2-x1-adaptive's per-thread counter: TLS descriptors (a short call) instead of
  # __tls_get_addr in the shared library, still fine for a library loaded by dlopen
  set_source_files_properties(${KF_X64_DIR}/keccak_p1600_x1_adaptive.c PROPERTIES
    COMPILE_OPTIONS "-mtls-dialect=gnu2")
endif()
set_source_files_properties(src/keccak/keccak_p1600_opt64_bmi2.c PROPERTIES
  COMPILE_OPTIONS "${KF_OPT64_BMI2_FLAGS}")
# the portable opt64 C, as the x86-64 build compiles it
set_source_files_properties(src/keccak/keccak_p1600_opt64.c PROPERTIES
  COMPILE_OPTIONS "${KF_OPT64_FLAGS}")
set_source_files_properties(${KF_X64_DIR}/keccak_p1600_x4_avx2.c PROPERTIES
  COMPILE_OPTIONS "-mavx2;${KF_SIMD_FLAGS}")
set_source_files_properties(${KF_X64_DIR}/keccak_xn_oneblock_avx2.c PROPERTIES
  COMPILE_OPTIONS "-mavx2;${KF_SIMD_FLAGS}")
set_source_files_properties(${KF_X64_DIR}/keccak_p1600_x4_avx512vl.c PROPERTIES
  COMPILE_OPTIONS "-mavx512f;-mavx512vl;${KF_SIMD_FLAGS}")
# -O3 in every optimised build type, RelWithDebInfo's -O2 included: at -O2 GCC keeps the fused
# leaf loop's in-register transposition in memory, and KT's leaves run 1.41x slower
# (docs/BENCHMARK_HISTORY.md, "the KT128 leaf body"). Not under KF_SANITIZE (the CI's ASan+UBSan
# stages and fuzz build, whose speed is not measured): there the file gets the build type's -O2
# like every other file, and ASan instruments its memory accesses the same way. clang spent 36.4 s
# of CPU on it at -O3 with ASan and 21.4 s at -O2 (GCC 29.2 s and 30.2 s), its ASan tests the same
# CPU (test_backends_xn 1.05 s, test_leaves_node 0.03 s either way; 2026-11-27, load ~20).
set(KF_X8_O3 "$<$<NOT:$<CONFIG:Debug>>:-O3>")
if(KF_SANITIZE)
  set(KF_X8_O3 "")
endif()
set_source_files_properties(${KF_X64_DIR}/keccak_p1600_x8_avx512.c PROPERTIES
  COMPILE_OPTIONS "-mavx512f;${KF_SIMD_FLAGS};${KF_X8_O3}")
set_source_files_properties(${KF_X64_DIR}/keccak_xn_oneblock_avx512.c PROPERTIES
  COMPILE_OPTIONS "-mavx512f;${KF_SIMD_FLAGS}")
# scalar/SIMD hybrids (docs/HYBRID.md): BMI1/BMI2 for the scalar half's andn/rorx, and no
# auto-vectorisation, which would move scalar lanes into the vector registers the vector half uses
set_source_files_properties(${KF_X64_DIR}/keccak_p1600_x9_hybrid.c PROPERTIES
  COMPILE_OPTIONS "-mavx512f;-mbmi;-mbmi2;-fno-tree-vectorize;${KF_SIMD_FLAGS}")
set_source_files_properties(${KF_X64_DIR}/keccak_p1600_x5_hybrid.c PROPERTIES
  COMPILE_OPTIONS "-mavx512f;-mavx512vl;-mbmi;-mbmi2;-fno-tree-vectorize;${KF_SIMD_FLAGS}")
set_source_files_properties(${KF_X64_DIR}/keccak_p1600_x1_avx512vl.c PROPERTIES
  COMPILE_OPTIONS "-mavx512f;-mavx512vl;${KF_SIMD_FLAGS}")
set_source_files_properties(${KF_X64_DIR}/keccak_p1600_x1_pairs_avx512vl.c PROPERTIES
  COMPILE_OPTIONS "-mavx512f;-mavx512vl;${KF_SIMD_FLAGS}")
set_source_files_properties(${KF_X64_DIR}/keccak_p1600_x1_avx2.c PROPERTIES
  COMPILE_OPTIONS "-mavx2;${KF_SIMD_FLAGS}")
list(APPEND KF_ARCH_TEST_BACKENDS opt64-bmi2 avx512vl-x1 avx512vl-x1-pairs avx2-x1 avx2-x1-adaptive)
list(APPEND KF_ARCH_TEST_BACKENDS_XN avx512-x8 avx512vl-x4 avx2-x4 avx512-x9 avx512vl-x5)

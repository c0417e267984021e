# SPDX-License-Identifier: Apache-2.0 OR MIT
# ML-DSA arithmetic, w1 / y / z bit packing and ExpandA's rejection in AVX2 (included by
# CMakeLists.txt on x86-64), chosen at run time (src/mldsa/arith.c): the files are built with
# -mavx2 (and -mpopcnt, which every AVX2 CPU has), and only they, so the rest of the library
# still runs on CPUs without AVX2.
set(KF_MLDSA_AVX2_SOURCES
  src/mldsa/x86_64/ntt_avx2.c
  src/mldsa/x86_64/poly_avx2.c
  src/mldsa/x86_64/pack_avx2.c
  src/mldsa/x86_64/sampling_avx2.c)
list(APPEND KF_SOURCES ${KF_MLDSA_AVX2_SOURCES})
set_source_files_properties(${KF_MLDSA_AVX2_SOURCES} PROPERTIES COMPILE_OPTIONS "-mavx2;-mpopcnt")
# the NTT, its inverse and the pointwise products with AVX-512 F, chosen at run time as well
# (arith.c: kf_mldsa_arith_avx512)
set(KF_MLDSA_AVX512_SOURCES src/mldsa/x86_64/ntt_avx512.c)
list(APPEND KF_SOURCES ${KF_MLDSA_AVX512_SOURCES})
set_source_files_properties(${KF_MLDSA_AVX512_SOURCES} PROPERTIES COMPILE_OPTIONS "-mavx512f")
# ExpandA's and ExpandS's rejection steps with AVX-512 (VBMI's vpermb), chosen at run time
# (arith.c: kf_mldsa_sample_avx512)
set(KF_MLDSA_AVX512_SAMPLE_SOURCES src/mldsa/x86_64/sampling_avx512.c)
list(APPEND KF_SOURCES ${KF_MLDSA_AVX512_SAMPLE_SOURCES})
set_source_files_properties(${KF_MLDSA_AVX512_SAMPLE_SOURCES} PROPERTIES
  COMPILE_OPTIONS "-mavx512f;-mavx512bw;-mavx512vbmi;-mpopcnt")
# the portable files call the AVX2 (and AVX-512) ones when arith.c chose them
set_source_files_properties(src/mldsa/arith.c src/mldsa/poly.c src/mldsa/sampling.c src/mldsa/packing.c src/mldsa/verify.c PROPERTIES
  COMPILE_DEFINITIONS "KF_MLDSA_HAVE_AVX2;KF_MLDSA_HAVE_AVX512")

# SPDX-License-Identifier: Apache-2.0 OR MIT
# ML-KEM arithmetic, encodings and samplers in AVX2 (included by CMakeLists.txt on x86-64).
# Chosen at run time (src/mlkem/arith.c): the files are built with
# -mavx2, and only they, so the rest of the library still runs on CPUs without AVX2.
set(KF_MLKEM_AVX2_SOURCES
  src/mlkem/x86_64/poly_avx2.c
  src/mlkem/x86_64/encode_avx2.c
  src/mlkem/x86_64/sampling_avx2.c)
list(APPEND KF_SOURCES ${KF_MLKEM_AVX2_SOURCES})
set_source_files_properties(${KF_MLKEM_AVX2_SOURCES} PROPERTIES COMPILE_OPTIONS "-mavx2")
# SampleNTT's rejection and ByteEncode_12 / ByteDecode_12 with AVX-512 VBMI/VBMI2 (Ice Lake,
# Zen 4), SamplePolyCBD with BITALG, the NTT and base multiplication with AVX-512 F/BW, chosen
# at run time as well (arith.c: kf_mlkem_avx512_cpu)
set(KF_MLKEM_AVX512_SOURCES
  src/mlkem/x86_64/sampling_avx512.c
  src/mlkem/x86_64/encode_avx512.c
  src/mlkem/x86_64/ntt_avx512.c
  src/mlkem/x86_64/basemul_avx512.c)
list(APPEND KF_SOURCES ${KF_MLKEM_AVX512_SOURCES})
set_source_files_properties(${KF_MLKEM_AVX512_SOURCES} PROPERTIES
  COMPILE_OPTIONS "-mavx512f;-mavx512bw;-mavx512vbmi;-mavx512vbmi2;-mavx512bitalg;-mpopcnt")
# the portable files call the AVX2 (and AVX-512) ones when arith.c chose them
set_source_files_properties(src/mlkem/arith.c src/mlkem/poly.c PROPERTIES
  COMPILE_DEFINITIONS "KF_MLKEM_HAVE_AVX2;KF_MLKEM_HAVE_AVX512")
set_source_files_properties(src/mlkem/sampling.c PROPERTIES
  COMPILE_DEFINITIONS "KF_MLKEM_HAVE_AVX2;KF_MLKEM_HAVE_AVX512")

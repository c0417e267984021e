# ML-KEM arithmetic, encodings and samplers in AVX2 (included by CMakeLists.txt on x86-64).
# Chosen at run time (src/mlkem/poly.c: kf_mlkem_arith_avx2): the files are built with
# -mavx2, and only they, so the rest of the library still runs on CPUs without AVX2.
set(KF_MLKEM_AVX2_SOURCES
  src/mlkem/x86_64/poly_avx2.c
  src/mlkem/x86_64/encode_avx2.c
  src/mlkem/x86_64/sampling_avx2.c)
list(APPEND KF_SOURCES ${KF_MLKEM_AVX2_SOURCES})
set_source_files_properties(${KF_MLKEM_AVX2_SOURCES} PROPERTIES COMPILE_OPTIONS "-mavx2")
# the portable files call the AVX2 ones when the CPU has AVX2
set_source_files_properties(src/mlkem/poly.c src/mlkem/sampling.c PROPERTIES
  COMPILE_DEFINITIONS KF_MLKEM_HAVE_AVX2)

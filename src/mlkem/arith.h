/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * arith.h - which ML-KEM arithmetic runs: the portable C (poly.c, sampling.c), the AVX2 code
 * (the x86_64 files ending in _avx2.c), or the AVX2 code with its AVX-512 parts (the ones
 * ending in _avx512.c). The choice is made once, in arith.c, and only there; callers dispatch
 * with the macros below, which call each variant directly (a function pointer measured ~1%
 * slower in Encaps: docs/BENCHMARK_HISTORY.md, "ML-KEM dispatch").
 */
#ifndef KF_MLKEM_ARITH_H
#define KF_MLKEM_ARITH_H

/* 1 if the AVX2 arithmetic is in use: the CPU has AVX2 (and this build the code), and the
 * environment variable KECCAKFORGE_MLKEM is not "portable" (which forces the portable C,
 * so tests and benchmarks reach both on one machine). Decided once, on the first call. */
int kf_mlkem_arith_avx2(void);
/* 1 if, beside the AVX2 arithmetic, its AVX-512 parts are in use (forward NTT, base
 * multiplication, ByteEncode_12 / ByteDecode_12, SampleNTT's rejection, SamplePolyCBD): the
 * CPU has what kf_mlkem_avx512_cpu() checks, and KECCAKFORGE_MLKEM is not "avx2" (which keeps
 * to the AVX2 code, so tests reach it on CPUs with AVX-512 too). Decided with the above. */
int kf_mlkem_arith_avx512(void);
/* Override that choice (for the benchmark's portable rows): avx2 = 0 forces the portable C,
 * 1 the AVX2 code (with its AVX-512 parts as above) if the CPU and this build have it.
 * Returns the choice now in force. Not for use while other threads run ML-KEM. */
int kf_mlkem_arith_select(int avx2);
/* 1 if this build has the AVX-512 files and the CPU (and OS) run them: AVX-512 F, BW, VBMI,
 * VBMI2 and BITALG (Ice Lake, Zen 4 and later have them all). */
int kf_mlkem_avx512_cpu(void);

/* name##_avx2 args or name##_portable args, as kf_mlkem_arith_avx2() says. The files that
 * may call the SIMD variants are built with KF_MLKEM_HAVE_AVX2 / KF_MLKEM_HAVE_AVX512
 * (x86_64/sources.cmake); elsewhere the macros call the portable code alone. */
#ifdef KF_MLKEM_HAVE_AVX2
#define KF_MLKEM_ARITH_AVX2(name, args)                                                            \
    do {                                                                                           \
        if (kf_mlkem_arith_avx2())                                                                 \
            name##_avx2 args;                                                                      \
        else                                                                                       \
            name##_portable args;                                                                  \
    } while (0)
#else
#define KF_MLKEM_ARITH_AVX2(name, args) name##_portable args
#endif
/* name##_avx512 args where kf_mlkem_arith_avx512() says so, else as KF_MLKEM_ARITH_AVX2. */
#ifdef KF_MLKEM_HAVE_AVX512
#define KF_MLKEM_ARITH_AVX512(name, args)                                                          \
    do {                                                                                           \
        if (kf_mlkem_arith_avx512())                                                               \
            name##_avx512 args;                                                                    \
        else                                                                                       \
            KF_MLKEM_ARITH_AVX2(name, args);                                                       \
    } while (0)
#else
#define KF_MLKEM_ARITH_AVX512 KF_MLKEM_ARITH_AVX2
#endif

#endif

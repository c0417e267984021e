/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * arith.h - which ML-DSA arithmetic runs: the portable C (poly.c) or the AVX2 code (the
 * x86_64 files ending in _avx2.c). The choice is made once, in arith.c, and only there, as
 * ML-KEM's (mlkem/arith.h); poly.c's public functions dispatch with the macro below.
 */
#ifndef KF_MLDSA_ARITH_H
#define KF_MLDSA_ARITH_H

/* 1 if the AVX2 arithmetic is in use: the CPU has AVX2 (and this build the code), and the
 * environment variable KECCAKFORGE_MLDSA is not "portable" (which forces the portable C, so
 * tests and benchmarks reach both on one machine). Decided once, on the first call. */
int kf_mldsa_arith_avx2(void);
/* Override that choice (for benchmarks and tests): avx2 = 0 forces the portable C, 1 the
 * AVX2 code if the CPU and this build have it. Returns the choice now in force. Not for use
 * while other threads run ML-DSA. */
int kf_mldsa_arith_select(int avx2);

/* name##_avx2 args or name##_portable args, as kf_mldsa_arith_avx2() says. The files that
 * may call the AVX2 variants are built with KF_MLDSA_HAVE_AVX2 (x86_64/sources.cmake);
 * elsewhere the macro calls the portable code alone. */
#ifdef KF_MLDSA_HAVE_AVX2
#define KF_MLDSA_ARITH(name, args)                                                                 \
    do {                                                                                           \
        if (kf_mldsa_arith_avx2())                                                                 \
            name##_avx2 args;                                                                      \
        else                                                                                       \
            name##_portable args;                                                                  \
    } while (0)
#else
#define KF_MLDSA_ARITH(name, args) name##_portable args
#endif

#endif

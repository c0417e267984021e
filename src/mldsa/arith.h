/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * arith.h - which ML-DSA arithmetic runs: the portable C (poly.c), the AVX2 code (the x86_64
 * files ending in _avx2.c), or on request the AVX2 code with the AVX-512 NTT (ntt_avx512.c). The choice is made once, in arith.c, and only there, as
 * ML-KEM's (mlkem/arith.h); poly.c's public functions dispatch with the macro below.
 */
#ifndef KF_MLDSA_ARITH_H
#define KF_MLDSA_ARITH_H

/* 1 if the AVX2 arithmetic is in use: the CPU has AVX2 (and this build the code), and the
 * environment variable KECCAKFORGE_MLDSA is not "portable" (which forces the portable C, so
 * tests and benchmarks reach both on one machine). Decided once, on the first call. */
int kf_mldsa_arith_avx2(void);
/* 1 if, beside the AVX2 code, the AVX-512 NTT, inverse NTT and pointwise products
 * (x86_64/ntt_avx512.c) are in use: only on request, KECCAKFORGE_MLDSA=avx512, on a CPU
 * with AVX-512 F (arith.c says why it is not the default); "avx2" (or anything else) keeps
 * to the AVX2 code. */
int kf_mldsa_arith_avx512(void);
/* 1 if ExpandA's and ExpandS's rejection steps run with AVX-512 (x86_64/sampling_avx512.c)
 * before the AVX2 ones: the AVX2 code is in use, the CPU has AVX-512 F, BW and VBMI, and
 * KECCAKFORGE_MLDSA is not "avx2" (the AVX2-only configuration keeps to the AVX2 code; "avx512"
 * and the default use them). Decided with kf_mldsa_arith_avx2. */
int kf_mldsa_sample_avx512(void);
/* Override it (tests and benchmarks): on = 1 where the CPU has them and the AVX2 code is in
 * use; returns kf_mldsa_sample_avx512() after it. */
int kf_mldsa_sample_select_avx512(int on);
/* Override that choice (for benchmarks and tests): avx2 = 0 forces the portable C, 1 the
 * AVX2 code (with its AVX-512 parts as above) if the CPU and this build have it. Returns
 * the choice now in force. Not for use while other threads run ML-DSA. */
int kf_mldsa_arith_select(int avx2);
/* The same with the AVX-512 parts on (1) or off (0), for the tests and benchmarks; returns
 * kf_mldsa_arith_avx512() after it. */
int kf_mldsa_arith_select_avx512(int on);

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
/* name##_avx512 args where kf_mldsa_arith_avx512() says so, else as KF_MLDSA_ARITH. */
#ifdef KF_MLDSA_HAVE_AVX512
#define KF_MLDSA_ARITH512(name, args)                                                              \
    do {                                                                                           \
        if (kf_mldsa_arith_avx512())                                                               \
            name##_avx512 args;                                                                    \
        else                                                                                       \
            KF_MLDSA_ARITH(name, args);                                                            \
    } while (0)
#else
#define KF_MLDSA_ARITH512 KF_MLDSA_ARITH
#endif

#endif

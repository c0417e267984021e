/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backends_x86_64.h - the x86-64 backends, declared and listed for dispatch.c (their sources
 * and compiler flags: sources.cmake beside this file). */
#ifndef KF_BACKENDS_X86_64_H
#define KF_BACKENDS_X86_64_H

extern const kf_backend
    kf_backend_opt64_bmi2; /* the portable C with BMI1/BMI2 (../keccak_p1600_opt64_bmi2.c) */
extern const kf_backend kf_backend_x1_avx512vl; /* one state in xmm registers, AVX-512VL */
extern const kf_backend kf_backend_x1_pairs_avx512vl; /* the same, two lanes per register */
extern const kf_backend kf_backend_x1_avx2; /* ymm: rows 0-3 of a column per register, by name only */
extern const kf_backend kf_backend_x1_adaptive; /* opt64-bmi2 or avx2-x1 by the thread's timings */

extern const kf_backend_xn kf_backend_x8_avx512;   /* zmm, all 25 lanes in registers */
extern const kf_backend_xn kf_backend_x4_avx512vl; /* the same rounds on ymm */
extern const kf_backend_xn kf_backend_x4_avx2;     /* ymm, shifts for rotations */
extern const kf_backend_xn
    kf_backend_x9_hybrid; /* x8 zmm + 1 scalar (seed 002 §4.4), never automatic */
extern const kf_backend_xn kf_backend_x5_hybrid; /* x4 ymm + 1 scalar, never automatic */
/* avx512-x8's oneblock operation (keccak_xn_oneblock_avx512.c) */
void kf_x8_oneblock_avx512(void *states, unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const in[],
                           const size_t inlen[], unsigned count, uint8_t *const out[], size_t outlen);

/* avx2-x4's oneblock operation (keccak_xn_oneblock_avx2.c) */
void kf_x4_oneblock_avx2(void *states, unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const in[],
                         const size_t inlen[], unsigned count, uint8_t *const out[], size_t outlen);

#define KF_ARCH_BACKENDS_X1 &kf_backend_x1_pairs_avx512vl, &kf_backend_x1_avx512vl, &kf_backend_opt64_bmi2, \
                            &kf_backend_x1_avx2, &kf_backend_x1_adaptive,
#define KF_ARCH_BACKENDS_XN                                                                        \
    &kf_backend_x8_avx512, &kf_backend_x4_avx512vl, &kf_backend_x4_avx2, &kf_backend_x9_hybrid,    \
        &kf_backend_x5_hybrid,
#endif

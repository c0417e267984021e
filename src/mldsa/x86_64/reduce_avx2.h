/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * reduce_avx2.h - Montgomery multiplication mod q = 8380417 in 32-bit AVX2 lanes, for the
 * files of this folder (internal). It gives exactly poly.c's mont_reduce(a b).
 */
#ifndef KF_MLDSA_REDUCE_AVX2_H
#define KF_MLDSA_REDUCE_AVX2_H

#include "mldsa/poly.h"

#include <immintrin.h>

#define KF_MLDSA_QINV_ 58728449 /* q^-1 mod 2^32 */
#define INLINE static inline __attribute__((always_inline))

/* the odd 32-bit lanes of x copied to the even ones (vmovshdup: a shuffle, not a shift, so it
 * leaves the two ports that do the multiplications free) */
INLINE __m256i odd_lanes(__m256i x)
{
    return _mm256_castps_si256(_mm256_movehdup_ps(_mm256_castsi256_ps(x)));
}

/* a b / 2^32 mod q in (-q, q) per lane, with bo = b's odd lanes moved to the even ones (b
 * itself where every lane holds the same value). poly.c computes (p - t q) >> 32 with p = a b
 * and t = p q^-1 mod 2^32 (signed); vpmuldq makes p and t q exactly, in 64 bits, for the even
 * lanes and (after moving them) the odd ones. Their low halves agree, so (p - t q) >> 32 is the
 * difference of the high halves with no borrow: one 32-bit subtraction gives that value, bit
 * for bit, in the odd lane of each pair, from where the even results are moved down. Six
 * multiplications and no shifts per eight coefficients. */
INLINE __m256i montmul2(__m256i a, __m256i b, __m256i bo)
{
    const __m256i q = _mm256_set1_epi32(KF_MLDSA_Q), qinv = _mm256_set1_epi32(KF_MLDSA_QINV_);
    __m256i pe = _mm256_mul_epi32(a, b);
    __m256i po = _mm256_mul_epi32(odd_lanes(a), bo);
    __m256i te = _mm256_mul_epi32(_mm256_mul_epi32(pe, qinv), q);
    __m256i to = _mm256_mul_epi32(_mm256_mul_epi32(po, qinv), q);
    pe = odd_lanes(_mm256_sub_epi32(pe, te));
    po = _mm256_sub_epi32(po, to);
    return _mm256_blend_epi32(pe, po, 0xAA);
}

/* the same with b per lane */
INLINE __m256i montmul(__m256i a, __m256i b)
{
    return montmul2(a, b, odd_lanes(b));
}

/* the same with one value z in every lane and zq = z q^-1 mod 2^32 beside it (precomputed for
 * a constant z): t comes from a zq directly, one multiplication less deep (t = a z q^-1 mod
 * 2^32 either way, so the same value bit for bit) */
INLINE __m256i montmul_pre(__m256i a, __m256i z, __m256i zq)
{
    const __m256i q = _mm256_set1_epi32(KF_MLDSA_Q);
    const __m256i ao = odd_lanes(a);
    __m256i te = _mm256_mul_epi32(_mm256_mul_epi32(a, zq), q);
    __m256i to = _mm256_mul_epi32(_mm256_mul_epi32(ao, zq), q);
    __m256i pe = _mm256_mul_epi32(a, z), po = _mm256_mul_epi32(ao, z);
    pe = odd_lanes(_mm256_sub_epi32(pe, te));
    po = _mm256_sub_epi32(po, to);
    return _mm256_blend_epi32(pe, po, 0xAA);
}

/* the same with b per lane given in the four forms of ntt_avx2_zetas.h: b, bo (b's odd lanes
 * moved down), bq = b q^-1 mod 2^32 and bqo (bq's moved down); t from a bq directly, as
 * montmul_pre, and no shuffle of b */
INLINE __m256i montmul_lane(__m256i a, __m256i b, __m256i bo, __m256i bq, __m256i bqo)
{
    const __m256i q = _mm256_set1_epi32(KF_MLDSA_Q);
    const __m256i ao = odd_lanes(a);
    __m256i te = _mm256_mul_epi32(_mm256_mul_epi32(a, bq), q);
    __m256i to = _mm256_mul_epi32(_mm256_mul_epi32(ao, bqo), q);
    __m256i pe = _mm256_mul_epi32(a, b), po = _mm256_mul_epi32(ao, bo);
    pe = odd_lanes(_mm256_sub_epi32(pe, te));
    po = _mm256_sub_epi32(po, to);
    return _mm256_blend_epi32(pe, po, 0xAA);
}

/* the same with one value b in every lane */
INLINE __m256i montmul_bc(__m256i a, __m256i b)
{
    return montmul2(a, b, b);
}

#endif

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

/* a b / 2^32 mod q in (-q, q) per lane, with bo = b's odd lanes moved to the even ones (b
 * itself where every lane holds the same value). poly.c computes (p - t q) >> 32 with p = a b
 * and t = p q^-1 mod 2^32 (signed); vpmuldq makes p and t q exactly, in 64 bits, for the even
 * lanes and (after a shift) the odd ones; their low halves agree, so the high half of the
 * difference is that value, bit for bit. */
INLINE __m256i montmul2(__m256i a, __m256i b, __m256i bo)
{
    const __m256i q = _mm256_set1_epi32(KF_MLDSA_Q), qinv = _mm256_set1_epi32(KF_MLDSA_QINV_);
    __m256i pe = _mm256_mul_epi32(a, b);
    __m256i po = _mm256_mul_epi32(_mm256_srli_epi64(a, 32), bo);
    __m256i te = _mm256_mul_epi32(_mm256_mul_epi32(pe, qinv), q);
    __m256i to = _mm256_mul_epi32(_mm256_mul_epi32(po, qinv), q);
    pe = _mm256_srli_epi64(_mm256_sub_epi64(pe, te), 32);
    po = _mm256_sub_epi64(po, to);
    return _mm256_blend_epi32(pe, po, 0xAA);
}

/* the same with b per lane */
INLINE __m256i montmul(__m256i a, __m256i b)
{
    return montmul2(a, b, _mm256_srli_epi64(b, 32));
}

/* the same with one value b in every lane */
INLINE __m256i montmul_bc(__m256i a, __m256i b)
{
    return montmul2(a, b, b);
}

#endif

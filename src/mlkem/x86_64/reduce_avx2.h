/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * reduce_avx2.h - the modular reductions of poly.c in 16-bit AVX2 lanes, for the files of
 * this folder (internal). Each gives exactly the value of its scalar counterpart.
 */
#ifndef KF_MLKEM_REDUCE_AVX2_H
#define KF_MLKEM_REDUCE_AVX2_H

#include "mlkem/poly.h"

#include <immintrin.h>

#define Q KF_MLKEM_Q
#define INLINE static inline __attribute__((always_inline))

INLINE __m256i set16(int x)
{
    return _mm256_set1_epi16((int16_t)x);
}

/* fqmul(a, b) = a b R^-1 in (-q, q), with bq = b q^-1 mod 2^16. poly.c computes
 * (a b - t q) >> 16 with t = a b q^-1 mod 2^16 (= a bq mod 2^16); a b and t q agree in their
 * low 16 bits, so the difference of their high halves (mulhi) is that value exactly. */
INLINE __m256i fqmul_pre(__m256i a, __m256i b, __m256i bq)
{
    __m256i t = _mm256_mullo_epi16(a, bq);
    return _mm256_sub_epi16(_mm256_mulhi_epi16(a, b), _mm256_mulhi_epi16(t, set16(Q)));
}

INLINE __m256i fqmul(__m256i a, __m256i b)
{
    __m256i t = _mm256_mullo_epi16(_mm256_mullo_epi16(a, b), set16(KF_MLKEM_QINV));
    return _mm256_sub_epi16(_mm256_mulhi_epi16(a, b), _mm256_mulhi_epi16(t, set16(Q)));
}

/* kf_mlkem_barrett_reduce: t = (V a + 2^25) >> 26 = (((V a) >> 16) + 2^9) >> 10, as 2^25 is
 * a multiple of 2^16 (floor of a floor); (V a) >> 16 is mulhi, and (u + 2^9) >> 10 is vpmulhrsw
 * of u by 2^5: it gives (((32 u) >> 14) + 1) >> 1 = ((u >> 9) + 1) >> 1 = (u + 2^9) >> 10
 * (floors again), one instruction for the add and the shift. */
INLINE __m256i barrett(__m256i a)
{
    __m256i t = _mm256_mulhrs_epi16(_mm256_mulhi_epi16(a, set16(KF_MLKEM_BARRETT_V)), set16(1 << 5));
    return _mm256_sub_epi16(a, _mm256_mullo_epi16(t, set16(Q)));
}

/* x mod q in [0, q) (poly.c's to_canonical), for any int16 x. */
INLINE __m256i to_canonical(__m256i x)
{
    __m256i r = barrett(x);
    return _mm256_add_epi16(r, _mm256_and_si256(_mm256_srai_epi16(r, 15), set16(Q)));
}

#endif

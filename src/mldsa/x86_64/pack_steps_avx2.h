/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * pack_steps_avx2.h - the byte-level steps of SimpleBitPack in AVX2 that more than one file of
 * this folder runs (internal): 32 small 32-bit values as 32 bytes in order, and those bytes
 * packed to 4 or 6 bits each (w1Encode, FIPS 204 Alg. 28; BitPack of s1, s2 for eta 4):
 * pack_avx2.c's pack4, pack4_off and pack6, and poly_avx2.c's fused UseHint + w1Encode.
 */
#ifndef KF_MLDSA_PACK_STEPS_AVX2_H
#define KF_MLDSA_PACK_STEPS_AVX2_H

#include "mldsa/x86_64/reduce_avx2.h"

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

/* four vectors of 8 values (each < 256) as 32 bytes in order: packs works per 128-bit half,
 * leaving dwords a0 lo, a1 lo, a2 lo, a3 lo | a0 hi, a1 hi, a2 hi, a3 hi, which the permute
 * puts back in order */
INLINE __m256i bytes32_of(__m256i a0, __m256i a1, __m256i a2, __m256i a3)
{
    __m256i b = _mm256_packus_epi16(_mm256_packs_epi32(a0, a1), _mm256_packs_epi32(a2, a3));
    return _mm256_permutevar8x32_epi32(b, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
}

/* 32 bytes in [0, 16) -> 16 bytes at out, low nibble first */
INLINE void pack4_step(uint8_t *out, __m256i b)
{
    __m256i w = _mm256_maddubs_epi16(b, _mm256_set1_epi16(0x1001)); /* b0 + 16 b1 */
    w = _mm256_permute4x64_epi64(_mm256_packus_epi16(w, w), 0x08);  /* qwords 0, 2 */
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(w));
}

/* 32 bytes in [0, 64) -> 24 bytes at out, 4 values per 3 bytes; last: the polynomial's last
 * step, which writes nothing past its 24 bytes (the others write 28, the next step's first 4
 * bytes rewritten by it) */
INLINE void pack6_step(uint8_t *out, __m256i b, int last)
{
    const __m256i three = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                           0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    __m256i w = _mm256_maddubs_epi16(b, _mm256_set1_epi16(0x4001)); /* b0 + 64 b1 */
    w = _mm256_madd_epi16(w, _mm256_set1_epi32(0x10000001));        /* w0 + 4096 w1 */
    w = _mm256_shuffle_epi8(w, three);                               /* 12 bytes per half */
    if (!last) { /* 16-byte stores, the second over the first's 4 spare bytes */
        _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(w));
        _mm_storeu_si128((__m128i *)(out + 12), _mm256_extracti128_si256(w, 1));
    } else {
        uint8_t t[32];
        _mm_storeu_si128((__m128i *)t, _mm256_castsi256_si128(w));
        _mm_storeu_si128((__m128i *)(t + 12), _mm256_extracti128_si256(w, 1));
        memcpy(out, t, 24);
    }
}

#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * reduce_avx512.h - reduce_avx2.h's reductions in 32 lanes, and the 12-bit unpacking that
 * ByteDecode_12 and SampleNTT share, for the *_avx512.c files of this folder (internal; never
 * included together with reduce_avx2.h). Each gives exactly the value of its scalar
 * counterpart in poly.c, for the reasons reduce_avx2.h gives.
 */
#ifndef KF_MLKEM_REDUCE_AVX512_H
#define KF_MLKEM_REDUCE_AVX512_H

#include "common/ct.h" /* KF_HAVE_MSAN */
#include "mlkem/poly.h"

#include <immintrin.h>

#define Q KF_MLKEM_Q
#define INLINE static inline __attribute__((always_inline))

INLINE __m512i set16(int x)
{
    return _mm512_set1_epi16((int16_t)x);
}

/* fqmul(a, b) = a b R^-1 with bq = b q^-1 mod 2^16 (reduce_avx2.h's fqmul_pre). */
INLINE __m512i fqmul_pre(__m512i a, __m512i b, __m512i bq)
{
    __m512i t = _mm512_mullo_epi16(a, bq);
    return _mm512_sub_epi16(_mm512_mulhi_epi16(a, b), _mm512_mulhi_epi16(t, set16(Q)));
}

/* fqmul(a, b) = a b R^-1 for two variable factors (reduce_avx2.h's fqmul). */
INLINE __m512i fqmul(__m512i a, __m512i b)
{
    __m512i t = _mm512_mullo_epi16(_mm512_mullo_epi16(a, b), set16(KF_MLKEM_QINV));
    return _mm512_sub_epi16(_mm512_mulhi_epi16(a, b), _mm512_mulhi_epi16(t, set16(Q)));
}

/* kf_mlkem_barrett_reduce (reduce_avx2.h's barrett). */
INLINE __m512i barrett(__m512i a)
{
    __m512i t = _mm512_mulhi_epi16(a, set16(KF_MLKEM_BARRETT_V));
    t = _mm512_srai_epi16(_mm512_add_epi16(t, set16(1 << 9)), 10);
    return _mm512_sub_epi16(a, _mm512_mullo_epi16(t, set16(Q)));
}

/* x mod q in [0, q) for any int16 x (poly.c's to_canonical). */
INLINE __m512i to_canonical(__m512i x)
{
    __m512i r = barrett(x);
    return _mm512_add_epi16(r, _mm512_and_si512(_mm512_srai_epi16(r, 15), set16(Q)));
}

/* ---- 12-bit values packed two to three bytes (ByteEncode_12 / ByteDecode_12, SampleNTT's
 * candidates) ---- */

/* ByteEncode_12 of 32 coefficients in [0, q) (encode_avx512.c says how): bytes 0..47 of the
 * result; 48..63 are not part of it. */
#define KF_PACK12(j) (4 * ((j) / 3) + (j) % 3) /* byte j of 48: byte j mod 3 of 32-bit lane j / 3 */
#define KF_PACK12_8(j) KF_PACK12(j), KF_PACK12((j) + 1), KF_PACK12((j) + 2), KF_PACK12((j) + 3), \
                       KF_PACK12((j) + 4), KF_PACK12((j) + 5), KF_PACK12((j) + 6), KF_PACK12((j) + 7)
/* vpmaddwd. Under clang's MemorySanitizer only (tests/test_ct_msan.c): clang 14's MSan has
 * no shadow rule for the 512-bit form and checks its operands strictly, which would report
 * every secret polynomial; there it is the same sums of products from vpmullw/vpmulhw and
 * 32-bit shifts, ands and adds, whose shadow MSan propagates. */
INLINE __m512i kf_madd512(__m512i a, __m512i b)
{
#ifdef KF_HAVE_MSAN
    const __m512i lo = _mm512_mullo_epi16(a, b), hi = _mm512_mulhi_epi16(a, b);
    const __m512i even = _mm512_or_si512(_mm512_slli_epi32(hi, 16), _mm512_and_si512(lo, _mm512_set1_epi32(0xFFFF)));
    const __m512i odd = _mm512_or_si512(_mm512_and_si512(hi, _mm512_set1_epi32((int)0xFFFF0000u)), _mm512_srli_epi32(lo, 16));
    return _mm512_add_epi32(even, odd);
#else
    return _mm512_madd_epi16(a, b);
#endif
}

INLINE __m512i pack12(__m512i v)
{
    static const _Alignas(64) uint8_t idx[64] = {
        KF_PACK12_8(0), KF_PACK12_8(8), KF_PACK12_8(16), KF_PACK12_8(24), KF_PACK12_8(32), KF_PACK12_8(40),
    };
    const __m512i join = _mm512_set1_epi32(1 | 1 << 28); /* c[2p] + c[2p+1] 2^12 */
    return _mm512_permutexvar_epi8(_mm512_load_si512((const void *)idx), kf_madd512(v, join));
}
#define KF_LAST48 0xFFFFFFFFFFFFull /* bytes 0..47 of a 64-byte register */

/* Step g (of 8) of a 384-byte ByteEncode_12: pack12's 48 bytes to out + 48 g, as a 64-byte
 * store (the next step overwrites bytes 48..63) except the last, masked to its 48 bytes, so
 * nothing past out[383] is written. */
INLINE void store_packed12(uint8_t *out, unsigned g, __m512i v)
{
    if (g < 7) _mm512_storeu_si512((void *)(out + 48 * g), v);
    else _mm512_mask_storeu_epi8(out + 48 * g, KF_LAST48, v);
}

/* The vpermb index that spreads 48 bytes over 32 16-bit lanes: lane k gets bytes
 * 3 (k / 2) + (k odd) and the byte after it. */
#define KF_SPREAD12(b) (3 * ((b) / 4) + ((b) / 2 & 1) + ((b) & 1))
#define KF_SPREAD12_8(b) KF_SPREAD12(b), KF_SPREAD12((b) + 1), KF_SPREAD12((b) + 2), KF_SPREAD12((b) + 3), \
                         KF_SPREAD12((b) + 4), KF_SPREAD12((b) + 5), KF_SPREAD12((b) + 6), KF_SPREAD12((b) + 7)
INLINE __m512i spread12_index(void)
{
    static const _Alignas(64) uint8_t idx[64] = {
        KF_SPREAD12_8(0), KF_SPREAD12_8(8), KF_SPREAD12_8(16), KF_SPREAD12_8(24),
        KF_SPREAD12_8(32), KF_SPREAD12_8(40), KF_SPREAD12_8(48), KF_SPREAD12_8(56),
    };
    return _mm512_load_si512((const void *)idx);
}

/* The 32 values of 48 bytes spread by spread12_index: even lanes keep b0 | b1 << 8's low 12
 * bits, odd lanes (b1 | b2 << 8) >> 4 (FIPS 203 Alg. 6; Alg. 7 lines 5-6). */
INLINE __m512i unpack12(__m512i spread)
{
    return _mm512_and_si512(_mm512_srlv_epi16(spread, _mm512_set1_epi32(4 << 16)), set16(0xFFF));
}

#endif

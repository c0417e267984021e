/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * basemul_avx512.c - MultiplyNTTs summed over a vector (FIPS 203 Alg. 11-12) with AVX-512 BW,
 * for CPUs that have it (poly.c calls these only where kf_mlkem_arith_avx512() says so):
 *  - kf_mlkem_polyvec_basemul_acc_avx512, the contract of poly.c's basemul_acc, bit for bit;
 *  - kf_mlkem_row_tobytes_avx512: one row of KeyGen's t^ = A^ s^ + e^ straight to its bytes
 *    in ek, the sum, Montgomery factor, e and ByteEncode_12 in registers, 48 bytes a step.
 *
 * The sums are poly_avx2.c's, 32 coefficients (16 pairs) per register: vpmaddwd multiplies
 * the 16-bit pairs of two registers and adds each pair's two products in a 32-bit lane, so
 * pair p's c0 = x0 y0 + fqmul(x1, y1) gamma is one vpmaddwd of (x0, fqmul(x1, y1)) and
 * (y0, gamma) and c1 = x0 y1 + x1 y0 one of (x0, x1) and (y1, y0), (y1, y0) being (y0, y1)
 * rotated by 16 bits. The gammas come in the odd lanes of kf_basemul512_gamma
 * (ntt_avx512_zetas.h). poly.c gives the bounds: each sum stays below 2^15 q for k <= 4, and
 * Montgomery reduction gives |x| < q.
 * The row: poly.c's kf_mlkem_row_tobytes_portable reduces that (Barrett), multiplies by R
 * (kf_mlkem_poly_tomont), adds e and encodes the canonical value mod q; here the Barrett step
 * is left out, which changes the representative, not the value mod q, so not the bytes.
 * Constant time: no branch or address depends on a coefficient.
 * Built with -mavx512f -mavx512bw -mavx512vbmi -mavx512vbmi2 (sources.cmake).
 */
#include "mlkem/x86_64/poly_avx2.h"
#include "mlkem/x86_64/reduce_avx512.h"
#include "mlkem/x86_64/ntt_avx512_zetas.h"

#define ODD 0xAAAAAAAAu /* the odd 16-bit lanes */

/* Coefficients [32 v, 32 v + 32) of sum_{l<k} a[l] x b[l] times R^-1, |x| < q. */
INLINE __m512i basemul_acc32(const kf_mlkem_poly *a, const kf_mlkem_poly *b, unsigned k, unsigned v)
{
    const __m512i g = _mm512_load_si512((const void *)(kf_basemul512_gamma + 32 * v));
    __m512i c0 = _mm512_setzero_si512(), c1 = _mm512_setzero_si512();
    for (unsigned l = 0; l < k; l++) {
        __m512i x = _mm512_loadu_si512((const void *)(a[l].c + 32 * v));
        __m512i y = _mm512_loadu_si512((const void *)(b[l].c + 32 * v));
        __m512i x1y1 = fqmul(x, y); /* used in the odd lanes */
        c0 = _mm512_add_epi32(c0, kf_madd512(_mm512_mask_blend_epi16(ODD, x, x1y1),
                                                     _mm512_mask_blend_epi16(ODD, y, g)));
        c1 = _mm512_add_epi32(c1, kf_madd512(x, _mm512_rol_epi32(y, 16)));
    }
    /* lo and hi 16-bit halves of the sums, back in coefficient order (c0 even, c1 odd), then
     * Montgomery reduction as in poly_avx2.c */
    __m512i lo = _mm512_mask_blend_epi16(ODD, c0, _mm512_slli_epi32(c1, 16));
    __m512i hi = _mm512_mask_blend_epi16(ODD, _mm512_srli_epi32(c0, 16), c1);
    __m512i t = _mm512_mullo_epi16(lo, set16(KF_MLKEM_QINV));
    return _mm512_sub_epi16(hi, _mm512_mulhi_epi16(t, set16(Q)));
}

INLINE void basemul_acc(kf_mlkem_poly *r, const kf_mlkem_poly *a, const kf_mlkem_poly *b, unsigned k)
{
    for (unsigned v = 0; v < KF_MLKEM_N / 32; v++)
        _mm512_storeu_si512((void *)(r->c + 32 * v), barrett(basemul_acc32(a, b, k, v)));
}

INLINE void row_tobytes(uint8_t *out, const kf_mlkem_poly *a, const kf_mlkem_poly *s, const kf_mlkem_poly *e,
                        unsigned k)
{
    const __m512i r2 = set16(KF_MLKEM_MONT_R2), r2q = set16(kf_mlkem_mont_pre(KF_MLKEM_MONT_R2));
    for (unsigned v = 0; v < KF_MLKEM_N / 32; v++) {
        __m512i x = fqmul_pre(basemul_acc32(a, s, k, v), r2, r2q); /* times R: |x| < q */
        x = _mm512_add_epi16(x, _mm512_loadu_si512((const void *)(e->c + 32 * v)));
        store_packed12(out, v, pack12(to_canonical(x)));
    }
}

/* k a constant in each case, so the inner loop unrolls */
void kf_mlkem_polyvec_basemul_acc_avx512(kf_mlkem_poly *r, const kf_mlkem_poly *a, const kf_mlkem_poly *b,
                                         unsigned k)
{
    switch (k) {
    case 2: basemul_acc(r, a, b, 2); break;
    case 3: basemul_acc(r, a, b, 3); break;
    case 4: basemul_acc(r, a, b, 4); break;
    default: basemul_acc(r, a, b, k); break;
    }
}

void kf_mlkem_row_tobytes_avx512(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *a, const kf_mlkem_poly *s,
                                 const kf_mlkem_poly *e, unsigned k)
{
    switch (k) {
    case 2: row_tobytes(out, a, s, e, 2); break;
    case 3: row_tobytes(out, a, s, e, 3); break;
    case 4: row_tobytes(out, a, s, e, 4); break;
    default: row_tobytes(out, a, s, e, k); break;
    }
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * poly_avx2.c - arithmetic in R_q and T_q in AVX2: NTT, inverse NTT, base multiplication,
 * reductions, add/sub (FIPS 203 §4.3). 16 coefficients per ymm register, in 16-bit lanes.
 *
 * Bit-identical to poly.c: the same butterflies on the same coefficients in the same layer
 * order, the same Montgomery and Barrett reductions (rewritten for 16-bit lanes below, with
 * a note why each gives exactly the scalar value), so the tests compare with memcmp.
 *
 * NTT layers with len >= 16 pair whole registers. The last three (len 8, 4, 2) pair
 * coefficients inside a register; two registers a, b (32 coefficients) are rearranged by
 * a 128-bit transpose and 32-bit unpacks so that every butterfly again pairs the same lane of
 * two registers, and four instructions put them back (two shuffles a layer, four at the end).
 */
#include "mlkem/x86_64/poly_avx2.h"
#include "mlkem/x86_64/reduce_avx2.h"
#include "mlkem/x86_64/ntt_avx2_zetas.h"
#include "mlkem/x86_64/ntt_avx512_zetas.h" /* kf_basemul512_gamma */


/* Cooley-Tukey butterfly of the NTT (Alg. 9 lines 8-10): (a, b) <- (a + zeta b, a - zeta b). */
INLINE void ct_butterfly(__m256i *a, __m256i *b, __m256i z, __m256i zq)
{
    __m256i t = fqmul_pre(*b, z, zq);
    *b = _mm256_sub_epi16(*a, t);
    *a = _mm256_add_epi16(*a, t);
}

/* Gentleman-Sande butterfly of the inverse NTT (Alg. 10 lines 8-10): (a, b) <- (a + b,
 * zeta (b - a)), the sum Barrett-reduced in the layers poly.c reduces. */
INLINE void gs_butterfly(__m256i *a, __m256i *b, __m256i z, __m256i zq, int reduce)
{
    __m256i t = *a, s = _mm256_add_epi16(t, *b);
    *a = reduce ? barrett(s) : s;
    *b = fqmul_pre(_mm256_sub_epi16(*b, t), z, zq);
}

/* Butterflies of whole registers with one zeta. */
INLINE void ct_const(__m256i *a, __m256i *b, int16_t zeta)
{
    ct_butterfly(a, b, set16(zeta), set16(kf_mlkem_mont_pre(zeta)));
}

INLINE void gs_const(__m256i *a, __m256i *b, int16_t zeta, int reduce)
{
    gs_butterfly(a, b, set16(zeta), set16(kf_mlkem_mont_pre(zeta)), reduce);
}

/* Rearrangements of two registers a, b (32 coefficients), each two instructions:
 * transpose128: (a, b) -> ([a.lo, b.lo], [a.hi, b.hi]), its own inverse;
 * unpack32: in the 32-bit words of each 128-bit half, (a, b) -> ([a0, b0, a1, b1], [a2, b2, a3, b3]);
 * unzip32: its inverse, (a, b) -> ([a0, a2, b0, b2], [a1, a3, b1, b3]) (vshufps). */
INLINE void transpose128(__m256i *a, __m256i *b)
{
    __m256i x = _mm256_permute2x128_si256(*a, *b, 0x20), y = _mm256_permute2x128_si256(*a, *b, 0x31);
    *a = x;
    *b = y;
}

INLINE void unpack32(__m256i *a, __m256i *b)
{
    __m256i x = _mm256_unpacklo_epi32(*a, *b), y = _mm256_unpackhi_epi32(*a, *b);
    *a = x;
    *b = y;
}

INLINE void unzip32(__m256i *a, __m256i *b)
{
    __m256 x = _mm256_castsi256_ps(*a), y = _mm256_castsi256_ps(*b);
    *a = _mm256_castps_si256(_mm256_shuffle_ps(x, y, 0x88));
    *b = _mm256_castps_si256(_mm256_shuffle_ps(x, y, 0xDD));
}

/* The layout of the len-2 layer (a = [a0a1 a4a5 a8a9 a12a13 | b0b1 b4b5 b8b9 b12b13], b = [a2a3
 * a6a7 a10a11 a14a15 | ...] in 32-bit pairs) back to a = [a0..15], b = [b0..15]: unpack32 gives
 * [a0..7 | b0..7] and [a8..15 | b8..15], transpose128 the rest. Four instructions. */
INLINE void untranspose_all(__m256i *a, __m256i *b)
{
    unpack32(a, b);
    transpose128(a, b);
}

/* Its inverse: from a = [a0..15], b = [b0..15] to the len-2 layout in four instructions (the
 * inverse NTT's first layer; unzip32 of [a0..7 | b0..7], [a8..15 | b8..15] takes each half's
 * pairs 0, 2 of both, then 1, 3). */
INLINE void transpose_all(__m256i *a, __m256i *b)
{
    transpose128(a, b);
    unzip32(a, b);
}

/* Byte-shuffle pattern putting word w_i of a 128-bit block into 16-bit lane i. */
#define WORDS(w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15) \
    _mm256_setr_epi8(2 * (w0), 2 * (w0) + 1, 2 * (w1), 2 * (w1) + 1, 2 * (w2), 2 * (w2) + 1, \
                     2 * (w3), 2 * (w3) + 1, 2 * (w4), 2 * (w4) + 1, 2 * (w5), 2 * (w5) + 1, \
                     2 * (w6), 2 * (w6) + 1, 2 * (w7), 2 * (w7) + 1, 2 * (w8), 2 * (w8) + 1, \
                     2 * (w9), 2 * (w9) + 1, 2 * (w10), 2 * (w10) + 1, 2 * (w11), 2 * (w11) + 1, \
                     2 * (w12), 2 * (w12) + 1, 2 * (w13), 2 * (w13) + 1, 2 * (w14), 2 * (w14) + 1, \
                     2 * (w15), 2 * (w15) + 1)

/* ---- NTT ---------------------------------------------------------------------------- */

/* The forward NTT's zetas come from ntt_avx2_zetas.h (gen_ntt_avx512_zetas.py): zeta and its
 * q^-1 multiple broadcast from a table for the whole-register layers, one aligned load each
 * for the vectors of the last three (not a broadcast, a vpshufb and a vpmullw). */
INLINE void ct_whole(__m256i *a, __m256i *b, unsigned j)
{
    ct_butterfly(a, b, _mm256_broadcastw_epi16(_mm_loadu_si16(&kf_ntt256_whole[j][0])),
                 _mm256_broadcastw_epi16(_mm_loadu_si16(&kf_ntt256_whole[j][1])));
}

INLINE void ct_last3(__m256i *a, __m256i *b, unsigned m, unsigned layer)
{
    const int16_t(*z)[16] = kf_ntt256_last3[m][layer];
    ct_butterfly(a, b, _mm256_load_si256((const __m256i *)z[0]), _mm256_load_si256((const __m256i *)z[1]));
}

/* Layers len = 8, 4, 2 on coefficients [32 m, 32 m + 32) = registers a, b. poly.c's block
 * of 2 len coefficients starting at s uses zetas[256 / (2 len) + s / (2 len)]: here the
 * blocks 2m + j (len 8), 4m + j (len 4), 8m + j (len 2), j in the lane order of each
 * layout (worked out in the comments; len 4's blocks alternate by 32-bit pairs). */
INLINE void ntt_last3(__m256i *a, __m256i *b, unsigned m)
{
    /* a = [a0..7 | a8..15] -> a = [a0..7 | b0..7], b = [a8..15 | b8..15]: halves j = block 2m + j */
    transpose128(a, b);
    ct_last3(a, b, m, 0);
    /* a = [a0a1 a8a9 a2a3 a10a11 | b0b1 ...], b = [a4a5 a12a13 a6a7 a14a15 | ...]: lane i in
     * block 4m + 2 (i >> 3) + ((i >> 1) & 1) */
    unpack32(a, b);
    ct_last3(a, b, m, 1);
    /* a = [a0a1 a4a5 a8a9 a12a13 | b0b1 ...], b = [a2a3 a6a7 a10a11 a14a15 | ...]: pairs j = block 8m + j */
    unpack32(a, b);
    ct_last3(a, b, m, 2);
    untranspose_all(a, b);
}

/* Two passes, so that a pass keeps its coefficients in the 16 ymm registers: layer len 128
 * on register pairs (i, i + 8), then each half of 128 coefficients through the other six. */
void kf_mlkem_poly_ntt_avx2(kf_mlkem_poly *p)
{
    __m256i *c = (__m256i *)(void *)p->c;
    for (unsigned i = 0; i < 8; i++) {
        __m256i a = _mm256_loadu_si256(c + i), b = _mm256_loadu_si256(c + i + 8);
        ct_whole(&a, &b, 1);
        _mm256_storeu_si256(c + i, a);
        _mm256_storeu_si256(c + i + 8, b);
    }
    /* len 64, 32, 16 in half h: block b of 2 len coefficients uses zetas[256 / (2 len) + b] */
#pragma GCC unroll 2
    for (unsigned h = 0; h < 2; h++) {
        __m256i r[8];
        for (unsigned i = 0; i < 8; i++) r[i] = _mm256_loadu_si256(c + 8 * h + i);
        for (unsigned i = 0; i < 4; i++) ct_whole(&r[i], &r[i + 4], 2 + h);
        for (unsigned b = 0; b < 2; b++)
            for (unsigned i = 0; i < 2; i++) ct_whole(&r[4 * b + i], &r[4 * b + i + 2], 4 + 2 * h + b);
        for (unsigned b = 0; b < 4; b++) ct_whole(&r[2 * b], &r[2 * b + 1], 8 + 4 * h + b);
        /* the last three layers of the four register pairs step by step, so that each step
         * has four independent pairs in flight */
        for (unsigned m = 0; m < 4; m++) transpose128(&r[2 * m], &r[2 * m + 1]);
        for (unsigned m = 0; m < 4; m++) ct_last3(&r[2 * m], &r[2 * m + 1], 4 * h + m, 0);
        for (unsigned m = 0; m < 4; m++) unpack32(&r[2 * m], &r[2 * m + 1]);
        for (unsigned m = 0; m < 4; m++) ct_last3(&r[2 * m], &r[2 * m + 1], 4 * h + m, 1);
        for (unsigned m = 0; m < 4; m++) unpack32(&r[2 * m], &r[2 * m + 1]);
        for (unsigned m = 0; m < 4; m++) ct_last3(&r[2 * m], &r[2 * m + 1], 4 * h + m, 2);
        for (unsigned m = 0; m < 4; m++) untranspose_all(&r[2 * m], &r[2 * m + 1]);
        /* the final reduction of poly.c */
        for (unsigned i = 0; i < 8; i++) _mm256_storeu_si256(c + 8 * h + i, barrett(r[i]));
    }
}

/* ---- inverse NTT -------------------------------------------------------------------- */

/* The inverse NTT's zetas of layers len 2, 4, 8 (ntt_avx2_zetas.h, kf_invntt256_first3): poly.c
 * counts them down (block s of len 2, 4, 8 uses zetas[127 - s], [63 - s], [31 - s]); the
 * blocks are those of ntt_last3 in its layouts, so each vector is one aligned load. */
INLINE void gs_first3(__m256i *a, __m256i *b, unsigned m, unsigned layer)
{
    const int16_t(*z)[16] = kf_invntt256_first3[m][layer];
    gs_butterfly(a, b, _mm256_load_si256((const __m256i *)z[0]), _mm256_load_si256((const __m256i *)z[1]),
                 layer == 2); /* the third layer Barrett-reduces, as poly.c's */
}

/* Two passes, as the NTT's in reverse: each half through layers len 2 .. 64, then len 128
 * on register pairs (i, i + 8) with the final scaling. */
void kf_mlkem_poly_invntt_tomont_avx2(kf_mlkem_poly *p)
{
    const int16_t *zetas = kf_mlkem_zetas;
    __m256i *c = (__m256i *)(void *)p->c;
#pragma GCC unroll 2
    for (unsigned h = 0; h < 2; h++) {
        __m256i r[8];
        for (unsigned i = 0; i < 8; i++) r[i] = _mm256_loadu_si256(c + 8 * h + i);
        /* len 2, 4, 8 on the four register pairs step by step (four independent pairs a step),
         * in ntt_last3's layouts backwards */
        for (unsigned m = 0; m < 4; m++) transpose_all(&r[2 * m], &r[2 * m + 1]);
        for (unsigned m = 0; m < 4; m++) gs_first3(&r[2 * m], &r[2 * m + 1], 4 * h + m, 0);
        for (unsigned m = 0; m < 4; m++) unzip32(&r[2 * m], &r[2 * m + 1]);
        for (unsigned m = 0; m < 4; m++) gs_first3(&r[2 * m], &r[2 * m + 1], 4 * h + m, 1);
        for (unsigned m = 0; m < 4; m++) unzip32(&r[2 * m], &r[2 * m + 1]); /* [a0..7 | b0..7], [a8..15 | b8..15] */
        for (unsigned m = 0; m < 4; m++) gs_first3(&r[2 * m], &r[2 * m + 1], 4 * h + m, 2);
        for (unsigned m = 0; m < 4; m++) transpose128(&r[2 * m], &r[2 * m + 1]);
        /* len 16, 32, 64 (reduced): block b uses zetas[256 / len - 1 - b] */
        for (unsigned b = 0; b < 4; b++) gs_const(&r[2 * b], &r[2 * b + 1], zetas[15 - 4 * h - b], 0);
        for (unsigned b = 0; b < 2; b++)
            for (unsigned i = 0; i < 2; i++) gs_const(&r[4 * b + i], &r[4 * b + i + 2], zetas[7 - 2 * h - b], 0);
        for (unsigned i = 0; i < 4; i++) gs_const(&r[i], &r[i + 4], zetas[3 - h], 1);
        for (unsigned i = 0; i < 8; i++) _mm256_storeu_si256(c + 8 * h + i, r[i]);
    }
    const __m256i f = set16(KF_MLKEM_INVNTT_F), fq = set16(kf_mlkem_mont_pre(KF_MLKEM_INVNTT_F));
    for (unsigned i = 0; i < 8; i++) {
        __m256i a = _mm256_loadu_si256(c + i), b = _mm256_loadu_si256(c + i + 8);
        gs_const(&a, &b, zetas[1], 0);
        _mm256_storeu_si256(c + i, fqmul_pre(a, f, fq));
        _mm256_storeu_si256(c + i + 8, fqmul_pre(b, f, fq));
    }
}

/* ---- base multiplication ------------------------------------------------------------ */

/* 16 coefficients r[0..16) from the 32-bit sums of a base multiplication, c0 (even
 * coefficients) and c1 (odd): their lo and hi 16-bit halves back in coefficient order, then
 * the Montgomery reduction (R^-1) and the centered Barrett reduction */
INLINE void store_sums(int16_t *r, __m256i c0, __m256i c1)
{
    __m256i lo = _mm256_blend_epi16(c0, _mm256_slli_epi32(c1, 16), 0xAA);
    __m256i hi = _mm256_blend_epi16(_mm256_srli_epi32(c0, 16), c1, 0xAA);
    __m256i t = _mm256_mullo_epi16(lo, set16(KF_MLKEM_QINV));
    __m256i x = _mm256_sub_epi16(hi, _mm256_mulhi_epi16(t, set16(Q)));
    _mm256_storeu_si256((__m256i *)r, barrett(x));
}

/* poly.c's sums, per pair (x0, x1) x (y0, y1) with gamma = +-zetas[64 + i]:
 *   c0 += x0 y0 + fqmul(x1, y1) gamma,  c1 += x0 y1 + x1 y0,
 * as 32-bit lanes of vpmaddwd, which multiplies 16-bit pairs and adds the two products:
 * c0 from (x0, fqmul(x1, y1)) . (y0, gamma), c1 from (x0, x1) . (y1, y0). The 32-bit sums
 * are the same integers as poly.c's, then the same Montgomery reduction: for a = hi 2^16 +
 * lo, (a - t q) >> 16 = hi - mulhi(t, q) with t = lo q^-1 mod 2^16 (lo - t q = 0 mod 2^16,
 * so mulhi(t, q) = floor(t q / 2^16) is exactly -(lo - t q) / 2^16). */
INLINE void basemul_acc(kf_mlkem_poly *r, const kf_mlkem_poly *a, const kf_mlkem_poly *b, unsigned k)
{
    const __m256i swap_pairs = WORDS(1, 0, 3, 2, 5, 4, 7, 6, 1, 0, 3, 2, 5, 4, 7, 6);
    for (unsigned v = 0; v < KF_MLKEM_N / 16; v++) {
        /* gamma in the odd lanes, [0, z0, 0, -z0, 0, z1, 0, -z1 | 0, z2, 0, -z2, 0, z3, 0, -z3],
         * one aligned load of the table basemul_avx512.c reads 32 lanes at a time */
        __m256i g = _mm256_load_si256((const __m256i *)(kf_basemul512_gamma + 16 * v));
        __m256i c0 = _mm256_setzero_si256(), c1 = _mm256_setzero_si256();
        for (unsigned l = 0; l < k; l++) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(a[l].c + 16 * v));
            __m256i y = _mm256_loadu_si256((const __m256i *)(b[l].c + 16 * v));
            __m256i x1y1 = fqmul(x, y); /* used in the odd lanes */
            c0 = _mm256_add_epi32(c0, _mm256_madd_epi16(_mm256_blend_epi16(x, x1y1, 0xAA),
                                                         _mm256_blend_epi16(y, g, 0xAA)));
            c1 = _mm256_add_epi32(c1, _mm256_madd_epi16(x, _mm256_shuffle_epi8(y, swap_pairs)));
        }
        store_sums(r->c + 16 * v, c0, c1);
    }
}

/* basemul_acc with b's gamma products from the cache m (kf_mlkem_polyvec_mulcache_avx2):
 *   c0 += x0 y0 + x1 fqmul(y1, gamma),  c1 += x0 y1 + x1 y0,
 * two vpmaddwd per polynomial, (x0, x1) . (y0, fqmul(y1, gamma)) and (x0, x1) . (y1, y0).
 * c0 is another integer than basemul_acc's (x1 y1 gamma R^-1 mod q either way) and of the same
 * bound (|fqmul| < q as |y1| < q): each pair adds at most 2 * 4095 * 3328 to a sum, as there.
 * The Montgomery and Barrett reductions that follow are basemul_acc's, and the Barrett output
 * is the one centered representative in [-(q-1)/2, (q-1)/2] of the residue: the same values. */
INLINE void basemul_acc_cached(kf_mlkem_poly *r, const kf_mlkem_poly *a, const kf_mlkem_poly *b,
                               const kf_mlkem_poly *m, unsigned k)
{
    const __m256i swap_pairs = WORDS(1, 0, 3, 2, 5, 4, 7, 6, 1, 0, 3, 2, 5, 4, 7, 6);
    for (unsigned v = 0; v < KF_MLKEM_N / 16; v++) {
        __m256i c0 = _mm256_setzero_si256(), c1 = _mm256_setzero_si256();
        for (unsigned l = 0; l < k; l++) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(a[l].c + 16 * v));
            __m256i y = _mm256_loadu_si256((const __m256i *)(b[l].c + 16 * v));
            __m256i yg = _mm256_loadu_si256((const __m256i *)(m[l].c + 16 * v));
            c0 = _mm256_add_epi32(c0, _mm256_madd_epi16(x, yg));
            c1 = _mm256_add_epi32(c1, _mm256_madd_epi16(x, _mm256_shuffle_epi8(y, swap_pairs)));
        }
        store_sums(r->c + 16 * v, c0, c1);
    }
}

/* m[l] = b[l] with fqmul(y1, gamma) in the odd lanes (the even lanes keep y0): the second
 * factor of basemul_acc_cached's c0. */
void kf_mlkem_polyvec_mulcache_avx2(kf_mlkem_poly *m, const kf_mlkem_poly *b, unsigned k)
{
    for (unsigned l = 0; l < k; l++)
        for (unsigned v = 0; v < KF_MLKEM_N / 16; v++) {
            __m256i g = _mm256_load_si256((const __m256i *)(kf_basemul512_gamma + 16 * v));
            __m256i y = _mm256_loadu_si256((const __m256i *)(b[l].c + 16 * v));
            _mm256_storeu_si256((__m256i *)(m[l].c + 16 * v), _mm256_blend_epi16(y, fqmul(y, g), 0xAA));
        }
}

void kf_mlkem_polyvec_basemul_acc_cached_avx2(kf_mlkem_poly *r, const kf_mlkem_poly *a, const kf_mlkem_poly *b,
                                              const kf_mlkem_poly *m, unsigned k)
{
    switch (k) {
    case 2: basemul_acc_cached(r, a, b, m, 2); break;
    case 3: basemul_acc_cached(r, a, b, m, 3); break;
    case 4: basemul_acc_cached(r, a, b, m, 4); break;
    default: basemul_acc_cached(r, a, b, m, k); break;
    }
}

/* k a constant in each case, so the inner loop unrolls (docs/BENCHMARK_HISTORY.md, "AVX2 basemul") */
void kf_mlkem_polyvec_basemul_acc_avx2(kf_mlkem_poly *r, const kf_mlkem_poly *a,
                                       const kf_mlkem_poly *b, unsigned k)
{
    switch (k) {
    case 2: basemul_acc(r, a, b, 2); break;
    case 3: basemul_acc(r, a, b, 3); break;
    case 4: basemul_acc(r, a, b, 4); break;
    default: basemul_acc(r, a, b, k); break;
    }
}

/* ---- coefficient-wise ------------------------------------------------------------------ */

void kf_mlkem_poly_tomont_avx2(kf_mlkem_poly *p)
{
    const __m256i f = set16(KF_MLKEM_MONT_R2), fq = set16(kf_mlkem_mont_pre(KF_MLKEM_MONT_R2));
    for (unsigned i = 0; i < KF_MLKEM_N; i += 16) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(p->c + i));
        _mm256_storeu_si256((__m256i *)(p->c + i), fqmul_pre(x, f, fq));
    }
}

void kf_mlkem_poly_reduce_avx2(kf_mlkem_poly *p)
{
    for (unsigned i = 0; i < KF_MLKEM_N; i += 16) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(p->c + i));
        _mm256_storeu_si256((__m256i *)(p->c + i), barrett(x));
    }
}

void kf_mlkem_poly_add_avx2(kf_mlkem_poly *r, const kf_mlkem_poly *a)
{
    for (unsigned i = 0; i < KF_MLKEM_N; i += 16) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(r->c + i));
        __m256i y = _mm256_loadu_si256((const __m256i *)(a->c + i));
        _mm256_storeu_si256((__m256i *)(r->c + i), _mm256_add_epi16(x, y));
    }
}

void kf_mlkem_poly_sub_avx2(kf_mlkem_poly *r, const kf_mlkem_poly *a)
{
    for (unsigned i = 0; i < KF_MLKEM_N; i += 16) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(r->c + i));
        __m256i y = _mm256_loadu_si256((const __m256i *)(a->c + i));
        _mm256_storeu_si256((__m256i *)(r->c + i), _mm256_sub_epi16(x, y));
    }
}

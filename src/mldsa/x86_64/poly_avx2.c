/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * poly_avx2.c - ML-DSA's per-coefficient functions in AVX2, eight coefficients at a time:
 * reduction, addition, Power2Round, Decompose, MakeHint, UseHint (FIPS 204 Alg. 35-40) and
 * the infinity-norm check. Each computes poly.c's formula lane by lane (the same
 * multiply-and-shift division in Decompose, the same masks), so the outputs are identical.
 * No branch, no address depends on a coefficient.
 */
#include "mldsa/x86_64/poly_avx2.h"
#include "mldsa/x86_64/reduce_avx2.h"

#define N KF_MLDSA_N
#define Q KF_MLDSA_Q
#define D KF_MLDSA_D

INLINE __m256i load(const int32_t *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

INLINE void store(int32_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)p, v);
}

/* kf_mldsa_reduce32: a - ((a + 2^22) >> 23) q */
INLINE __m256i reduce32(__m256i a)
{
    __m256i t = _mm256_srai_epi32(_mm256_add_epi32(a, _mm256_set1_epi32(1 << 22)), 23);
    return _mm256_sub_epi32(a, _mm256_mullo_epi32(t, _mm256_set1_epi32(Q)));
}

/* kf_mldsa_caddq: a + (q if a < 0) */
INLINE __m256i caddq(__m256i a)
{
    return _mm256_add_epi32(a, _mm256_and_si256(_mm256_srai_epi32(a, 31), _mm256_set1_epi32(Q)));
}

void kf_mldsa_poly_reduce_avx2(kf_mldsa_poly *p)
{
    for (unsigned i = 0; i < N; i += 8) store(p->c + i, reduce32(load(p->c + i)));
}

void kf_mldsa_poly_caddq_avx2(kf_mldsa_poly *p)
{
    for (unsigned i = 0; i < N; i += 8) store(p->c + i, caddq(load(p->c + i)));
}

void kf_mldsa_poly_freeze_avx2(kf_mldsa_poly *p)
{
    for (unsigned i = 0; i < N; i += 8) store(p->c + i, caddq(reduce32(load(p->c + i))));
}

void kf_mldsa_poly_add_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b)
{
    for (unsigned i = 0; i < N; i += 8) store(r->c + i, _mm256_add_epi32(load(a->c + i), load(b->c + i)));
}

void kf_mldsa_poly_sub_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b)
{
    for (unsigned i = 0; i < N; i += 8) store(r->c + i, _mm256_sub_epi32(load(a->c + i), load(b->c + i)));
}

void kf_mldsa_poly_shiftl_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a)
{
    for (unsigned i = 0; i < N; i += 8) store(r->c + i, _mm256_slli_epi32(load(a->c + i), D));
}

void kf_mldsa_power2round_avx2(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a)
{
    const __m256i h = _mm256_set1_epi32((1 << (D - 1)) - 1);
    for (unsigned i = 0; i < N; i += 8) {
        __m256i r = load(a->c + i), r1 = _mm256_srai_epi32(_mm256_add_epi32(r, h), D);
        store(a1->c + i, r1);
        store(a0->c + i, _mm256_sub_epi32(r, _mm256_slli_epi32(r1, D)));
    }
}

/* The constants of kf_mldsa_decompose1 for one gamma2. */
typedef struct dec_consts {
    __m256i g2m1, mul, d, m;
} dec_consts;

INLINE dec_consts dec_setup(int32_t gamma2)
{
    const uint32_t d = 2u * (uint32_t)gamma2, m = (KF_MLDSA_Q - 1) / d;
    const uint64_t mul = ((1ull << 48) + d - 1) / d; /* < 2^32 for both gamma2 */
    dec_consts k = {_mm256_set1_epi32(gamma2 - 1), _mm256_set1_epi64x((long long)mul), _mm256_set1_epi32((int)d),
                    _mm256_set1_epi32((int)m)};
    return k;
}

/* r1 = HighBits(r) and *r0 = LowBits(r) as kf_mldsa_decompose1: r1 = ((uint32)(r + gamma2 - 1)
 * mul) >> 48 with an unsigned 32 x 32 -> 64 multiplication per lane (vpmuludq, even lanes,
 * then the odd ones shifted down), r0 = r - r1 d, and the r1 = m corner by masks. */
INLINE __m256i decompose(__m256i *r0, __m256i r, const dec_consts *k)
{
    __m256i x = _mm256_add_epi32(r, k->g2m1);
    __m256i pe = _mm256_srli_epi64(_mm256_mul_epu32(x, k->mul), 48);
    __m256i po = _mm256_srli_epi64(_mm256_mul_epu32(_mm256_srli_epi64(x, 32), k->mul), 16);
    __m256i r1 = _mm256_blend_epi32(pe, po, 0xAA);
    __m256i lo = _mm256_sub_epi32(r, _mm256_mullo_epi32(r1, k->d));
    __m256i corner = _mm256_cmpeq_epi32(r1, k->m); /* all ones where r1 == m */
    *r0 = _mm256_add_epi32(lo, corner);            /* r0 - 1 there */
    return _mm256_andnot_si256(corner, r1);        /* 0 there */
}

void kf_mldsa_decompose_avx2(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a, int32_t gamma2)
{
    const dec_consts k = dec_setup(gamma2);
    for (unsigned i = 0; i < N; i += 8) {
        __m256i r0, r1 = decompose(&r0, load(a->c + i), &k);
        if (a1) store(a1->c + i, r1);
        if (a0) store(a0->c + i, r0);
    }
}

void kf_mldsa_make_hint_avx2(kf_mldsa_poly *h, const kf_mldsa_poly *r, const kf_mldsa_poly *rz, int32_t gamma2,
                             uint32_t *ones)
{
    const dec_consts k = dec_setup(gamma2);
    const __m256i one = _mm256_set1_epi32(1);
    __m256i count = _mm256_setzero_si256();
    for (unsigned i = 0; i < N; i += 8) {
        __m256i t0, a = decompose(&t0, load(r->c + i), &k), b = decompose(&t0, load(rz->c + i), &k);
        __m256i bit = _mm256_andnot_si256(_mm256_cmpeq_epi32(a, b), one); /* 1 iff the high bits differ */
        store(h->c + i, bit);
        count = _mm256_add_epi32(count, bit);
    }
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(count), _mm256_extracti128_si256(count, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    *ones += (uint32_t)_mm_cvtsi128_si32(s);
}

/* Branch-free as well (the portable one branches: verification data is public): the high
 * bits move by +1 (r0 > 0) or -1 where the hint is set, modulo m. */
void kf_mldsa_use_hint_avx2(kf_mldsa_poly *w1, const kf_mldsa_poly *r, const kf_mldsa_poly *h, int32_t gamma2)
{
    const dec_consts k = dec_setup(gamma2);
    const __m256i zero = _mm256_setzero_si256(), minus1 = _mm256_set1_epi32(-1);
    for (unsigned i = 0; i < N; i += 8) {
        __m256i r0, r1 = decompose(&r0, load(r->c + i), &k);
        __m256i set = _mm256_xor_si256(_mm256_cmpeq_epi32(load(h->c + i), zero), minus1);
        __m256i pos = _mm256_cmpgt_epi32(r0, zero);                            /* -1 where r0 > 0 */
        __m256i delta = _mm256_sub_epi32(minus1, _mm256_add_epi32(pos, pos)); /* +1 there, else -1 */
        r1 = _mm256_add_epi32(r1, _mm256_and_si256(delta, set));             /* in [-1, m] */
        r1 = _mm256_andnot_si256(_mm256_cmpeq_epi32(r1, k.m), r1);            /* m -> 0 */
        r1 = _mm256_add_epi32(r1, _mm256_and_si256(_mm256_cmpgt_epi32(zero, r1), k.m)); /* -1 -> m - 1 */
        store(w1->c + i, r1);
    }
}

void kf_mldsa_poly_exceeds_avx2(const kf_mldsa_poly *p, int32_t bound, uint32_t *over)
{
    const __m256i b = _mm256_set1_epi32(bound - 1);
    __m256i acc = _mm256_setzero_si256();
    for (unsigned i = 0; i < N; i += 8)
        acc = _mm256_or_si256(acc, _mm256_cmpgt_epi32(_mm256_abs_epi32(load(p->c + i)), b)); /* |c| >= bound */
    uint32_t mask = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(acc));
    *over |= (mask | (0u - mask)) >> 31;
}

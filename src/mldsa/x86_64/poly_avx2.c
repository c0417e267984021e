/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * poly_avx2.c - ML-DSA's per-coefficient functions in AVX2, eight coefficients at a time:
 * reduction, addition, Power2Round, Decompose, MakeHint, UseHint (FIPS 204 Alg. 35-40) and
 * the infinity-norm check. Each computes poly.c's formula lane by lane (the same
 * multiply-and-shift division in Decompose, the same masks), so the outputs are identical.
 * No branch, no address depends on a coefficient.
 */
#include "mldsa/x86_64/pack_steps_avx2.h"
#include "mldsa/x86_64/poly_avx2.h"
#include "mldsa/x86_64/reduce_avx2.h"

#include <string.h>

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

/* KeyGen's t + s2, freeze, Power2Round in one pass (poly.h) */
void kf_mldsa_add_power2round_avx2(kf_mldsa_poly *t1, kf_mldsa_poly *t0, const kf_mldsa_poly *t,
                                   const kf_mldsa_poly *s2)
{
    const __m256i h = _mm256_set1_epi32((1 << (D - 1)) - 1);
    for (unsigned i = 0; i < N; i += 8) {
        __m256i r = caddq(reduce32(_mm256_add_epi32(load(t->c + i), load(s2->c + i))));
        __m256i r1 = _mm256_srai_epi32(_mm256_add_epi32(r, h), D);
        store(t1->c + i, r1);
        store(t0->c + i, _mm256_sub_epi32(r, _mm256_slli_epi32(r1, D)));
    }
}

/* Decompose's division r1 = floor(x / d), x = r + gamma2 - 1 < 2^24, d = 2 gamma2, in 16-bit
 * multiplications. Both of FIPS 204's d are 2^k times an odd number under 2^10 (gamma2 =
 * (q - 1) / 88: d = 93 2^11; (q - 1) / 32: d = 1023 2^9), so r1 = floor(y / o) with y = x >> k
 * (floor divisions compose), and y < 2^15, o < 2^10. floor(y / o) = (y M) >> (16 + s) with
 * M = ceil(2^(16+s) / o) < 2^16 holds for every y < Y when (M o - 2^(16+s)) Y < 2^(16+s):
 * o = 93: s = 4, M = 11276, e = 92, Y = 4139 (x < q + gamma2); o = 1023: s = 9, M = 32801,
 * e = 991, Y = 16880. y sits in the low half of its 32-bit lane with the high half zero, so
 * vpmulhuw gives (y M) >> 16 in the lane, and a shift the rest. tests/test_mldsa_simd.c and
 * test_mldsa_arith.c compare every r in [0, q) with the portable multiply-by-2^48/d form. */
typedef struct dec_consts {
    int k, s;
    int32_t gamma2;
    __m256i g2m1, mul, d, m;
} dec_consts;

INLINE dec_consts dec_setup(int g88)
{
    const int32_t gamma2 = g88 ? (Q - 1) / 88 : (Q - 1) / 32, d = 2 * gamma2;
    dec_consts c = {g88 ? 11 : 9, g88 ? 4 : 9, gamma2, _mm256_set1_epi32(gamma2 - 1),
                    _mm256_set1_epi32(g88 ? 11276 : 32801), _mm256_set1_epi32(d), _mm256_set1_epi32((Q - 1) / d)};
    __asm__("" : "+x"(c.d)); /* one vpmulld by d, not the compiler's five shifts and adds */
    return c;
}

/* r1 = HighBits(r), *r0 = LowBits(r) as kf_mldsa_decompose1: r1 by the division above, r0 =
 * r - r1 d, and the r1 = m corner by masks. Inlined with c constant (g88 a constant), so the
 * shifts are immediates. */
INLINE __m256i decompose(__m256i *r0, __m256i r, const dec_consts c)
{
    __m256i y = _mm256_srli_epi32(_mm256_add_epi32(r, c.g2m1), c.k);
    __m256i r1 = _mm256_srli_epi32(_mm256_mulhi_epu16(y, c.mul), c.s);
    __m256i lo = _mm256_sub_epi32(r, _mm256_mullo_epi32(r1, c.d));
    __m256i corner = _mm256_cmpeq_epi32(r1, c.m); /* all ones where r1 == m */
    *r0 = _mm256_add_epi32(lo, corner);           /* r0 - 1 there */
    return _mm256_andnot_si256(corner, r1);       /* 0 there */
}

INLINE void decompose_poly(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a, int g88)
{
    const dec_consts c = dec_setup(g88);
    for (unsigned i = 0; i < N; i += 8) {
        __m256i r0, r1 = decompose(&r0, load(a->c + i), c);
        if (a1) store(a1->c + i, r1);
        if (a0) store(a0->c + i, r0);
    }
}

/* gamma2 is one of FIPS 204's two (params.c) */
void kf_mldsa_decompose_avx2(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a, int32_t gamma2)
{
    if (gamma2 == (Q - 1) / 88)
        decompose_poly(a1, a0, a, 1);
    else
        decompose_poly(a1, a0, a, 0);
}

/* the sum of the eight lanes */
INLINE uint32_t hsum(__m256i v)
{
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    return (uint32_t)_mm_cvtsi128_si32(s);
}

INLINE void make_hint_poly(kf_mldsa_poly *h, const kf_mldsa_poly *r, const kf_mldsa_poly *rz, uint32_t *ones, int g88)
{
    const dec_consts c = dec_setup(g88);
    const __m256i one = _mm256_set1_epi32(1);
    __m256i count = _mm256_setzero_si256();
    for (unsigned i = 0; i < N; i += 8) {
        __m256i t0, a = decompose(&t0, load(r->c + i), c), b = decompose(&t0, load(rz->c + i), c);
        __m256i bit = _mm256_andnot_si256(_mm256_cmpeq_epi32(a, b), one); /* 1 iff the high bits differ */
        store(h->c + i, bit);
        count = _mm256_add_epi32(count, bit);
    }
    *ones += hsum(count);
}

void kf_mldsa_make_hint_avx2(kf_mldsa_poly *h, const kf_mldsa_poly *r, const kf_mldsa_poly *rz, int32_t gamma2,
                             uint32_t *ones)
{
    if (gamma2 == (Q - 1) / 88)
        make_hint_poly(h, r, rz, ones, 1);
    else
        make_hint_poly(h, r, rz, ones, 0);
}

/* Branch-free as well (the portable one branches: verification data is public): the high
 * bits move by +1 (r0 > 0) or -1 where the hint is set, modulo m. */
INLINE void use_hint_poly(kf_mldsa_poly *w1, const kf_mldsa_poly *r, const kf_mldsa_poly *h, int g88)
{
    const dec_consts c = dec_setup(g88);
    const __m256i zero = _mm256_setzero_si256(), minus1 = _mm256_set1_epi32(-1);
    for (unsigned i = 0; i < N; i += 8) {
        __m256i r0, r1 = decompose(&r0, load(r->c + i), c);
        __m256i set = _mm256_xor_si256(_mm256_cmpeq_epi32(load(h->c + i), zero), minus1);
        __m256i pos = _mm256_cmpgt_epi32(r0, zero);                            /* -1 where r0 > 0 */
        __m256i delta = _mm256_sub_epi32(minus1, _mm256_add_epi32(pos, pos)); /* +1 there, else -1 */
        r1 = _mm256_add_epi32(r1, _mm256_and_si256(delta, set));             /* in [-1, m] */
        r1 = _mm256_andnot_si256(_mm256_cmpeq_epi32(r1, c.m), r1);            /* m -> 0 */
        r1 = _mm256_add_epi32(r1, _mm256_and_si256(_mm256_cmpgt_epi32(zero, r1), c.m)); /* -1 -> m - 1 */
        store(w1->c + i, r1);
    }
}

void kf_mldsa_use_hint_avx2(kf_mldsa_poly *w1, const kf_mldsa_poly *r, const kf_mldsa_poly *h, int32_t gamma2)
{
    if (gamma2 == (Q - 1) / 88)
        use_hint_poly(w1, r, h, 1);
    else
        use_hint_poly(w1, r, h, 0);
}

/* UseHint of eight coefficients r (use_hint_poly's step) */
INLINE __m256i use_hint8(__m256i r, __m256i h, const dec_consts c)
{
    const __m256i zero = _mm256_setzero_si256(), minus1 = _mm256_set1_epi32(-1);
    __m256i r0, r1 = decompose(&r0, r, c);
    __m256i set = _mm256_xor_si256(_mm256_cmpeq_epi32(h, zero), minus1);
    __m256i pos = _mm256_cmpgt_epi32(r0, zero);
    __m256i delta = _mm256_sub_epi32(minus1, _mm256_add_epi32(pos, pos));
    r1 = _mm256_add_epi32(r1, _mm256_and_si256(delta, set));
    r1 = _mm256_andnot_si256(_mm256_cmpeq_epi32(r1, c.m), r1);
    return _mm256_add_epi32(r1, _mm256_and_si256(_mm256_cmpgt_epi32(zero, r1), c.m));
}

/* freeze, UseHint and w1Encode's SimpleBitPack of one row in one pass, 32 coefficients a
 * step: the w1 values (< 16 for gamma2 = (q - 1) / 32, < 44 for (q - 1) / 88) as 32 bytes in
 * order, then 4 bits each (two a byte, the low one first) or 6 (four in three bytes), as
 * pack_avx2.c's pack4 and pack6. w is the inverse NTT's output, |w| < q, so freeze is
 * caddq alone. */
INLINE void use_hint_pack_poly(uint8_t *out, const kf_mldsa_poly *w, const kf_mldsa_poly *h, int g88)
{
    const dec_consts c = dec_setup(g88);
    for (unsigned i = 0; i < N; i += 32) {
        __m256i v[4];
        for (unsigned k = 0; k < 4; k++)
            v[k] = use_hint8(caddq(load(w->c + i + 8 * k)), load(h->c + i + 8 * k), c);
        __m256i b = bytes32_of(v[0], v[1], v[2], v[3]); /* the 32 values as bytes, in order */
        if (!g88)
            pack4_step(out + i / 2, b);
        else
            pack6_step(out + 3 * i / 4, b, i + 32 == N);
    }
}

void kf_mldsa_use_hint_pack_avx2(uint8_t *out, const kf_mldsa_poly *w, const kf_mldsa_poly *h, int32_t gamma2)
{
    if (gamma2 == (Q - 1) / 88)
        use_hint_pack_poly(out, w, h, 1);
    else
        use_hint_pack_poly(out, w, h, 0);
}

/* acc with all ones in the lanes where |c| >= bound (b = bound - 1) */
INLINE __m256i exceeds(__m256i acc, __m256i c, __m256i b)
{
    return _mm256_or_si256(acc, _mm256_cmpgt_epi32(_mm256_abs_epi32(c), b));
}

/* *over |= 1 if a lane of acc is set */
INLINE void verdict(uint32_t *over, __m256i acc)
{
    uint32_t mask = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(acc));
    *over |= (mask | (0u - mask)) >> 31;
}

void kf_mldsa_poly_exceeds_avx2(const kf_mldsa_poly *p, int32_t bound, uint32_t *over)
{
    const __m256i b = _mm256_set1_epi32(bound - 1);
    __m256i acc = _mm256_setzero_si256();
    for (unsigned i = 0; i < N; i += 8) acc = exceeds(acc, load(p->c + i), b);
    verdict(over, acc);
}

/* c s by the sparse c (poly.h): sixteen 16-bit sums per register, 128 coefficients (8
 * registers) at a time, each term one unaligned load and one addition; the sums widened to
 * 32 bits at the end. The addresses depend on c only (public). */
void kf_mldsa_sparse_mul_avx2(kf_mldsa_poly *r, const int16_t e[3 * KF_MLDSA_N], const uint16_t *off, unsigned n)
{
    for (unsigned blk = 0; blk < N; blk += 128) {
        __m256i acc[8];
        for (unsigned v = 0; v < 8; v++) acc[v] = _mm256_setzero_si256();
        for (unsigned t = 0; t < n; t++) {
            const int16_t *b = e + off[t] + blk;
            for (unsigned v = 0; v < 8; v++)
                acc[v] = _mm256_add_epi16(acc[v], _mm256_loadu_si256((const __m256i *)(b + 16 * v)));
        }
        for (unsigned v = 0; v < 8; v++) {
            store(r->c + blk + 16 * v, _mm256_cvtepi16_epi32(_mm256_castsi256_si128(acc[v])));
            store(r->c + blk + 16 * v + 8, _mm256_cvtepi16_epi32(_mm256_extracti128_si256(acc[v], 1)));
        }
    }
}

/* The same with 8-bit sums: the whole polynomial in eight registers of 32 sums, each term
 * eight unaligned loads and additions (the 16-bit code's sixteen of each), exact mod 2^8, so
 * exact where every |sum| <= 127; widened to 32 bits at the end of each pass of `group` terms
 * (the first pass stores, the others add to r). On AMD Zen 4, ML-DSA-87's c s2 (tau 60) in one
 * pass, ML-DSA-65's (tau 49, eta 4: 31 + 18 terms) in two: docs/BENCHMARK_HISTORY.md, "8-bit c s".
 * A term's loads at b + 32 v start at b mod 64 (v even) and b + 32 mod 64 (v odd): unless b
 * is 32-byte aligned, one of the two crosses a line (on Zen 4 a crossing load costs about a
 * second one: the 8-bit product of 60 terms 299 -> 247 ticks with none, a scratch loop). So
 * the even loads come from the copy (e or e2, e2 - e = 32 mod 64) in which the term's start
 * is within the first 33 bytes of its line, the odd ones from the other. Offsets and
 * addresses are public. */
/* What a pass does with its sums t (32 bits, eight at a time at coefficient i): */
enum {
    S8_STORE,   /* r = t */
    S8_ADD,     /* r += t */
    S8_SUB_LOW, /* (the last pass) t += r where earlier passes stored into r; then as
                 * kf_mldsa_sub_low_exceeds_avx2(w, w0, t): w -= t, the norm of reduce32(w0 - t) */
    S8_Z,       /* (the last pass) t += r likewise; r = reduce32(y + t) and its norm, as
                 * kf_mldsa_add_reduce_exceeds_avx2(r, y) */
};

INLINE void sparse8_pass(kf_mldsa_poly *r, const int8_t *e, const int8_t *e2, const uint16_t *off, unsigned n,
                         int add, int mode, kf_mldsa_poly *w, const kf_mldsa_poly *w0, const kf_mldsa_poly *y,
                         __m256i b, __m256i *over)
{
    __m256i acc[8];
    const intptr_t dist = e2 - e;
    for (unsigned v = 0; v < 8; v++) acc[v] = _mm256_setzero_si256();
    for (unsigned t = 0; t < n; t++) {
        const int8_t *bt = e + off[t];
        const intptr_t late = -(intptr_t)((((uintptr_t)bt & 63) + 31) >> 6); /* all ones iff bt mod 64 > 32 */
        const int8_t *be = bt + (dist & late), *bo = bt + (dist & ~late);
        for (unsigned v = 0; v < 8; v += 2) {
            acc[v] = _mm256_add_epi8(acc[v], _mm256_loadu_si256((const __m256i *)(const void *)(be + 32 * v)));
            acc[v + 1] =
                _mm256_add_epi8(acc[v + 1], _mm256_loadu_si256((const __m256i *)(const void *)(bo + 32 * v + 32)));
        }
    }
    for (unsigned v = 0; v < 8; v++) {
        const __m128i lo = _mm256_castsi256_si128(acc[v]), hi = _mm256_extracti128_si256(acc[v], 1);
        __m256i x[4] = {_mm256_cvtepi8_epi32(lo), _mm256_cvtepi8_epi32(_mm_srli_si128(lo, 8)),
                        _mm256_cvtepi8_epi32(hi), _mm256_cvtepi8_epi32(_mm_srli_si128(hi, 8))};
        for (unsigned u = 0; u < 4; u++) {
            const unsigned i = 32 * v + 8 * u;
            __m256i t = add ? _mm256_add_epi32(load(r->c + i), x[u]) : x[u];
            if (mode == S8_STORE || mode == S8_ADD) {
                store(r->c + i, t);
            } else if (mode == S8_SUB_LOW) {
                store(w->c + i, _mm256_sub_epi32(load(w->c + i), t));
                *over = exceeds(*over, reduce32(_mm256_sub_epi32(load(w0->c + i), t)), b);
            } else {
                t = reduce32(_mm256_add_epi32(t, load(y->c + i)));
                store(r->c + i, t);
                *over = exceeds(*over, t, b);
            }
        }
    }
}

void kf_mldsa_sparse_mul8_avx2(kf_mldsa_poly *r, const int8_t e[3 * KF_MLDSA_N], const int8_t e2[3 * KF_MLDSA_N],
                               const uint16_t *off, unsigned n, unsigned group)
{
    const __m256i z = _mm256_setzero_si256();
    __m256i none = z;
    sparse8_pass(r, e, e2, off, n < group ? n : group, 0, S8_STORE, NULL, NULL, NULL, z, &none);
    for (unsigned first = group; first < n; first += group)
        sparse8_pass(r, e, e2, off + first, n - first < group ? n - first : group, 1, S8_ADD, NULL, NULL, NULL, z,
                     &none);
}

/* kf_mldsa_sparse_mul8_avx2 and the check that follows it in one: the passes before the last
 * store their sums into r, the last one applies mode (S8_SUB_LOW, S8_Z) to the sums as they
 * are widened, without storing them */
INLINE void sparse8_fused(kf_mldsa_poly *r, const int8_t *e, const int8_t *e2, const uint16_t *off, unsigned n,
                          unsigned group, int mode, kf_mldsa_poly *w, const kf_mldsa_poly *w0,
                          const kf_mldsa_poly *y, int32_t bound, uint32_t *over)
{
    const __m256i b = _mm256_set1_epi32(bound - 1);
    __m256i acc = _mm256_setzero_si256();
    unsigned first = 0;
    for (; first + group < n; first += group) /* the passes before the last (ML-DSA-65's first) */
        sparse8_pass(r, e, e2, off + first, group, first > 0, first > 0 ? S8_ADD : S8_STORE, NULL, NULL, NULL, b,
                     &acc);
    sparse8_pass(r, e, e2, off + first, n - first, first > 0, mode, w, w0, y, b, &acc);
    verdict(over, acc);
}

void kf_mldsa_sparse_sub_low8_avx2(kf_mldsa_poly *w, const kf_mldsa_poly *w0, kf_mldsa_poly *tmp, const int8_t *e,
                                   const int8_t *e2, const uint16_t *off, unsigned n, unsigned group, int32_t bound,
                                   uint32_t *over)
{
    sparse8_fused(tmp, e, e2, off, n, group, S8_SUB_LOW, w, w0, NULL, bound, over);
}

void kf_mldsa_sparse_add_reduce8_avx2(kf_mldsa_poly *z, const kf_mldsa_poly *y, const int8_t *e, const int8_t *e2,
                                      const uint16_t *off, unsigned n, unsigned group, int32_t bound, uint32_t *over)
{
    sparse8_fused(z, e, e2, off, n, group, S8_Z, NULL, NULL, y, bound, over);
}

/* ---- Sign_internal's fused loops (poly.h): one pass each, the values of the calls they
 * replace lane by lane ---- */

INLINE void caddq_decompose_poly(kf_mldsa_poly *a1, kf_mldsa_poly *a0, kf_mldsa_poly *w, int g88)
{
    const dec_consts c = dec_setup(g88);
    for (unsigned i = 0; i < N; i += 8) {
        __m256i x = caddq(load(w->c + i)), r0, r1 = decompose(&r0, x, c);
        store(w->c + i, x);
        store(a1->c + i, r1);
        store(a0->c + i, r0);
    }
}

void kf_mldsa_caddq_decompose_avx2(kf_mldsa_poly *a1, kf_mldsa_poly *a0, kf_mldsa_poly *w, int32_t gamma2)
{
    if (gamma2 == (Q - 1) / 88)
        caddq_decompose_poly(a1, a0, w, 1);
    else
        caddq_decompose_poly(a1, a0, w, 0);
}

void kf_mldsa_sub_low_exceeds_avx2(kf_mldsa_poly *w, const kf_mldsa_poly *w0, const kf_mldsa_poly *cs2,
                                   int32_t bound, uint32_t *over)
{
    const __m256i b = _mm256_set1_epi32(bound - 1);
    __m256i acc = _mm256_setzero_si256();
    for (unsigned i = 0; i < N; i += 8) {
        __m256i t = load(cs2->c + i);
        store(w->c + i, _mm256_sub_epi32(load(w->c + i), t));
        acc = exceeds(acc, reduce32(_mm256_sub_epi32(load(w0->c + i), t)), b);
    }
    verdict(over, acc);
}

void kf_mldsa_add_reduce_exceeds_avx2(kf_mldsa_poly *z, const kf_mldsa_poly *y, int32_t bound, uint32_t *over)
{
    const __m256i b = _mm256_set1_epi32(bound - 1);
    __m256i acc = _mm256_setzero_si256();
    for (unsigned i = 0; i < N; i += 8) {
        __m256i x = reduce32(_mm256_add_epi32(load(z->c + i), load(y->c + i)));
        store(z->c + i, x);
        acc = exceeds(acc, x, b);
    }
    verdict(over, acc);
}

INLINE void hint_row_poly(kf_mldsa_poly *h, const kf_mldsa_poly *w, const kf_mldsa_poly *ct0, uint32_t *ones,
                          uint32_t *over, int g88)
{
    const dec_consts c = dec_setup(g88);
    const __m256i one = _mm256_set1_epi32(1), b = _mm256_set1_epi32(c.gamma2 - 1);
    __m256i count = _mm256_setzero_si256(), acc = _mm256_setzero_si256(), t0;
    for (unsigned i = 0; i < N; i += 8) {
        __m256i wf = caddq(reduce32(load(w->c + i))), t = reduce32(load(ct0->c + i));
        acc = exceeds(acc, t, b);
        __m256i r = caddq(reduce32(_mm256_add_epi32(wf, t)));
        __m256i hi_r = decompose(&t0, r, c), hi_w = decompose(&t0, wf, c);
        __m256i bit = _mm256_andnot_si256(_mm256_cmpeq_epi32(hi_r, hi_w), one); /* 1 iff the high bits differ */
        store(h->c + i, bit);
        count = _mm256_add_epi32(count, bit);
    }
    *ones += hsum(count);
    verdict(over, acc);
}

void kf_mldsa_hint_row_avx2(kf_mldsa_poly *h, const kf_mldsa_poly *w, const kf_mldsa_poly *ct0, int32_t gamma2,
                            uint32_t *ones, uint32_t *over)
{
    if (gamma2 == (Q - 1) / 88)
        hint_row_poly(h, w, ct0, ones, over, 1);
    else
        hint_row_poly(h, w, ct0, ones, over, 0);
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * poly.h - polynomials of R_q = Z_q[X]/(X^256 + 1), q = 8380417: reduction, the NTT and its
 * inverse (FIPS 204 Alg. 41, 42) in Montgomery form, the rounding functions (Power2Round,
 * Decompose, HighBits, LowBits, MakeHint, UseHint: Alg. 35-40), the infinity-norm check, and
 * the bit packing of §7.1 (SimpleBitPack / BitPack and their inverses, Alg. 16-19).
 *
 * Representation: int32_t coefficients, not always reduced; each function says what it takes
 * and gives. Everything here runs in time independent of the coefficients (secret or not),
 * except kf_mldsa_use_hint (verification only: public data).
 */
#ifndef KF_MLDSA_POLY_H
#define KF_MLDSA_POLY_H

#include "mldsa/params.h"

typedef struct kf_mldsa_poly {
    int32_t c[KF_MLDSA_N];
} kf_mldsa_poly;

/* The coefficient ranges of the contracts (ACSL, proofs/units.py's units mldsa_arith and
 * mldsa_poly): every coefficient of p in [lo, hi]; of a[0 .. n). */
/*@ predicate kf_mldsa_bounded{L}(kf_mldsa_poly *p, integer lo, integer hi) =
      \forall integer m; 0 <= m < KF_MLDSA_N ==> lo <= p->c[m] <= hi;
    predicate kf_mldsa_vec_bounded{L}(kf_mldsa_poly *a, integer n, integer lo, integer hi) =
      \forall integer l, m; 0 <= l < n && 0 <= m < KF_MLDSA_N ==> lo <= a[l].c[m] <= hi;
    // the widths of FIPS 204's bit packings: eta (3, 4), w1 (4, 6), t1 (10), t0 (13), z (18, 20)
    predicate kf_mldsa_fips_width(integer w) = w == 3 || w == 4 || w == 6 || w == 10 || w == 13 || w == 18 || w == 20; */
/* kf_mldsa_mul(a, b) is a * b under a name CVC4 can match (as ML-KEM's kf_mul, mlkem/poly.c):
 * a function asserts the product facts it needs (goals with few hypotheses) for its later goals. */
/*@ axiomatic KfMldsaMul {
      logic integer kf_mldsa_mul(integer a, integer b);
      axiom kf_mldsa_mul_def: \forall integer a, b; kf_mldsa_mul(a, b) == a * b;
    }
*/

/* The scalar helpers are inline: a call that passed or returned a secret would be reported by
 * MemorySanitizer's eager checks (tests/test_ct_msan.c), and they are hot. */

/* a mod q in [-6283008, 6283008], for |a| <= 2^31 - 2^22 - 1. */
/*@ requires -2147483647 + 4194304 <= a <= 2147483647 - 4194304;
    assigns \nothing;
    ensures -6283008 <= \result <= 6283008;
    ensures (\result - a) % KF_MLDSA_Q == 0; */
static inline int32_t kf_mldsa_reduce32(int32_t a)
{
    int32_t t = (a + (1 << 22)) >> 23;
    return a - t * KF_MLDSA_Q;
}

/* a + q if a is negative. */
/*@ requires -KF_MLDSA_Q < a < KF_MLDSA_Q;
    assigns \nothing;
    ensures 0 <= \result < KF_MLDSA_Q && (\result - a) % KF_MLDSA_Q == 0; */
static inline int32_t kf_mldsa_caddq(int32_t a)
{
    return a + ((a >> 31) & KF_MLDSA_Q);
}

/* Decompose (Alg. 36) of r in [0, q): returns r1 = HighBits(r), *a0 = LowBits(r) (a0 may be
 * NULL). r0 = r mod+- 2 gamma2 lies in (-gamma2, gamma2], so r1 = (r - r0) / (2 gamma2) =
 * floor((r + gamma2 - 1) / (2 gamma2)), in [0, m] with m = (q - 1) / (2 gamma2). The division
 * is a multiplication by ceil(2^48 / D): its error times the numerator (< 2^24) stays below
 * 2^48, so the quotient is exact. r1 = m is the corner r - r0 = q - 1, where FIPS 204 sets
 * r1 = 0 and r0 = r0 - 1; selected with masks, not a branch. */
/*@ requires gamma2 == (KF_MLDSA_Q - 1) / 88 || gamma2 == (KF_MLDSA_Q - 1) / 32;
    requires 0 <= r < KF_MLDSA_Q;
    requires a0 == \null || \valid(a0);
    assigns *a0;
    behavior gamma2_88:
      assumes gamma2 == (KF_MLDSA_Q - 1) / 88;
      ensures 0 <= \result < 44;
      ensures decompose_low_88: a0 != \null ==> -95232 <= *a0 <= 95232 && (r - \result * 190464 - *a0) % KF_MLDSA_Q == 0;
    behavior gamma2_32:
      assumes gamma2 == (KF_MLDSA_Q - 1) / 32;
      ensures 0 <= \result < 16;
      ensures decompose_low_32: a0 != \null ==> -261888 <= *a0 <= 261888 && (r - \result * 523776 - *a0) % KF_MLDSA_Q == 0;
    complete behaviors;
    disjoint behaviors; */
static inline int32_t kf_mldsa_decompose1(int32_t *a0, int32_t r, int32_t gamma2)
{
    const uint32_t d = 2u * (uint32_t)gamma2, m = (KF_MLDSA_Q - 1) / d;
    const uint64_t mul = ((1ull << 48) + d - 1) / d;
    uint32_t r1 = (uint32_t)(((uint64_t)(uint32_t)(r + gamma2 - 1) * mul) >> 48);
    /*@ assert decompose_div: r1 * d <= r + gamma2 - 1 < (r1 + 1) * d; */
    int32_t r0 = r - (int32_t)(r1 * d);
    uint32_t diff = r1 ^ m, corner = ((diff | (0u - diff)) >> 31) - 1u; /* all ones iff r1 == m */
    /*@ assert decompose_corner: corner == (r1 == m ? 4294967295 : 0); */
    r1 &= ~corner;
    r0 -= (int32_t)(corner & 1u);
    if (a0) *a0 = r0;
    return (int32_t)r1;
}

/* Every coefficient: reduce32 / caddq / both (the standard representative in [0, q)). */
/*@ requires \valid(p) && kf_mldsa_bounded(p, -2147483647 + 4194304, 2147483647 - 4194304);
    assigns p->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(p, -6283008, 6283008); */
void kf_mldsa_poly_reduce(kf_mldsa_poly *p);
/*@ requires \valid(p) && kf_mldsa_bounded(p, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    assigns p->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(p, 0, KF_MLDSA_Q - 1); */
void kf_mldsa_poly_caddq(kf_mldsa_poly *p);
/*@ requires \valid(p) && kf_mldsa_bounded(p, -2147483647 + 4194304, 2147483647 - 4194304);
    assigns p->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(p, 0, KF_MLDSA_Q - 1); */
void kf_mldsa_poly_freeze(kf_mldsa_poly *p);

/*@ requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires (r == a || \separated(r, a)) && (r == b || \separated(r, b));
    requires \forall integer m; 0 <= m < KF_MLDSA_N ==> INT32_MIN <= a->c[m] + b->c[m] <= INT32_MAX;
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures \forall integer m; 0 <= m < KF_MLDSA_N ==> r->c[m] == \old(a->c[m]) + \old(b->c[m]); */
void kf_mldsa_poly_add(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);
/*@ requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires (r == a || \separated(r, a)) && (r == b || \separated(r, b));
    requires \forall integer m; 0 <= m < KF_MLDSA_N ==> INT32_MIN <= a->c[m] - b->c[m] <= INT32_MAX;
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures \forall integer m; 0 <= m < KF_MLDSA_N ==> r->c[m] == \old(a->c[m]) - \old(b->c[m]); */
void kf_mldsa_poly_sub(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);
/* r = a * 2^d (for t1 in verification; a < 2^10). */
/*@ requires \valid(r) && \valid_read(a) && (r == a || \separated(r, a));
    requires kf_mldsa_bounded(a, 0, 1023);
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(r, 0, KF_MLDSA_Q - 1); */
void kf_mldsa_poly_shiftl(kf_mldsa_poly *r, const kf_mldsa_poly *a);

/* In place, Alg. 41: input |c| < q, output |c| < 9q (no reductions inside). */
/*@ requires \valid(p) && kf_mldsa_bounded(p, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    assigns p->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(p, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1); */
void kf_mldsa_ntt(kf_mldsa_poly *p);
/* In place, Alg. 42 and a multiplication by 2^32: input |c| < q, output |c| < q. After
 * kf_mldsa_pointwise (which divides by 2^32) it gives the plain product. */
/*@ requires \valid(p) && kf_mldsa_bounded(p, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    assigns p->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(p, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
void kf_mldsa_invntt_tomont(kf_mldsa_poly *p);
/* r = a o b / 2^32 coefficient-wise (Montgomery), |a|, |b| < 9q gives |r| < q. */
/*@ requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires (r == a || \separated(r, a)) && (r == b || \separated(r, b));
    requires kf_mldsa_bounded(a, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1) && kf_mldsa_bounded(b, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(r, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
void kf_mldsa_pointwise(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);
/* r += a o b / 2^32. */
/*@ requires \valid(r) && \valid_read(a) && \valid_read(b) && \separated(r, a) && \separated(r, b);
    requires kf_mldsa_bounded(a, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1) && kf_mldsa_bounded(b, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    requires kf_mldsa_bounded(r, INT32_MIN + KF_MLDSA_Q, INT32_MAX - KF_MLDSA_Q);
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures \forall integer m; 0 <= m < KF_MLDSA_N ==> \old(r->c[m]) - KF_MLDSA_Q < r->c[m] < \old(r->c[m]) + KF_MLDSA_Q; */
void kf_mldsa_pointwise_acc(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);

/* r = sum_j a[j] o b[j] / 2^32 for j < n (a row of A times a vector: n <= 7 terms), with
 * |a| < q and |b| < 9q: the products are summed exactly in 64 bits (|sum| < 63 q^2 < 2^31 q)
 * and reduced once, so |r| < q. */
/*@ requires n <= KF_MLDSA_L_MAX;
    requires \valid(r) && \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    requires \separated(r, a + (0 .. n - 1)) && \separated(r, b + (0 .. n - 1));
    requires kf_mldsa_vec_bounded(a, n, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && kf_mldsa_vec_bounded(b, n, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(r, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
void kf_mldsa_pointwise_acc_vec(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b, unsigned n);
/* The same with one more term c o d in the sum (|c| < q, |d| < 9q; n <= 7 as above: |sum| <
 * 72 q^2 < 2^31 q), so |r| < q: Verify's row A o NTT(z) - NTT(c) o NTT(t1 2^d), with c there
 * NTT(c) times -2^d (kf_mldsa_verify_w1's), in one pass and one reduction. */
/*@ requires n <= KF_MLDSA_L_MAX;
    requires \valid(r) && \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    requires \separated(r, a + (0 .. n - 1)) && \separated(r, b + (0 .. n - 1));
    requires kf_mldsa_vec_bounded(a, n, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && kf_mldsa_vec_bounded(b, n, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    requires \valid_read(c) && \valid_read(d) && \separated(r, c) && \separated(r, d);
    requires kf_mldsa_bounded(c, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && kf_mldsa_bounded(d, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(r, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
void kf_mldsa_pointwise_acc_vec_plus(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b, unsigned n,
                                     const kf_mldsa_poly *c, const kf_mldsa_poly *d);

/* Power2Round (Alg. 35) of a in [0, q): a1 in [0, 2^10), a0 in (-2^12, 2^12]. */
/*@ requires \valid(a1) && \valid(a0) && \valid_read(a) && \separated(a1, a0, a);
    requires \forall integer j; 0 <= j < KF_MLDSA_N ==> 0 <= a->c[j] < KF_MLDSA_Q;
    assigns a1->c[0 .. KF_MLDSA_N - 1], a0->c[0 .. KF_MLDSA_N - 1];
    ensures \forall integer j; 0 <= j < KF_MLDSA_N ==> 0 <= a1->c[j] < 1024 &&
        -4096 < a0->c[j] <= 4096 && a->c[j] == a1->c[j] * 8192 + a0->c[j]; */
void kf_mldsa_power2round(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a);
/* Decompose (Alg. 36) of every coefficient of a, in [0, q): a1 = HighBits, a0 = LowBits
 * (a0 in (-gamma2, gamma2], or -gamma2 in the q-1 corner). Either output may be NULL. */
/*@ requires gamma2 == (KF_MLDSA_Q - 1) / 88 || gamma2 == (KF_MLDSA_Q - 1) / 32;
    requires \valid_read(a) && kf_mldsa_bounded(a, 0, KF_MLDSA_Q - 1);
    requires a1 == \null || \valid(a1) && \separated(a1, a);
    requires a0 == \null || \valid(a0) && \separated(a0, a);
    requires a1 == \null || a0 == \null || \separated(a1, a0);
    assigns a1->c[0 .. KF_MLDSA_N - 1], a0->c[0 .. KF_MLDSA_N - 1];
    ensures a1 != \null ==> kf_mldsa_bounded(a1, 0, (KF_MLDSA_Q - 1) / (2 * gamma2) - 1);
    ensures a0 != \null ==> kf_mldsa_bounded(a0, -gamma2, gamma2); */
void kf_mldsa_decompose(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a, int32_t gamma2);
/* MakeHint (Alg. 39) with z and r given as r and r + z, in [0, q): h = [HighBits(r) !=
 * HighBits(r + z)]; adds the number of ones to *ones. */
/*@ requires gamma2 == (KF_MLDSA_Q - 1) / 88 || gamma2 == (KF_MLDSA_Q - 1) / 32;
    requires \valid(h) && \valid_read(r) && \valid_read(rz) && \valid(ones);
    requires \separated(h, r) && \separated(h, rz) && \separated(ones, h) && \separated(ones, r) && \separated(ones, rz);
    requires kf_mldsa_bounded(r, 0, KF_MLDSA_Q - 1) && kf_mldsa_bounded(rz, 0, KF_MLDSA_Q - 1);
    assigns h->c[0 .. KF_MLDSA_N - 1], *ones;
    ensures kf_mldsa_bounded(h, 0, 1); */
void kf_mldsa_make_hint(kf_mldsa_poly *h, const kf_mldsa_poly *r, const kf_mldsa_poly *rz, int32_t gamma2,
                        uint32_t *ones);
/* UseHint (Alg. 40), r in [0, q). Public data only (it branches). */
/*@ requires gamma2 == (KF_MLDSA_Q - 1) / 88 || gamma2 == (KF_MLDSA_Q - 1) / 32;
    requires \valid(w1) && \valid_read(r) && \valid_read(h) && \separated(w1, r, h);
    requires \forall integer j; 0 <= j < KF_MLDSA_N ==> 0 <= r->c[j] < KF_MLDSA_Q;
    assigns w1->c[0 .. KF_MLDSA_N - 1];
    ensures \forall integer j; 0 <= j < KF_MLDSA_N ==> 0 <= w1->c[j] < (KF_MLDSA_Q - 1) / (2 * gamma2); */
void kf_mldsa_use_hint(kf_mldsa_poly *w1, const kf_mldsa_poly *r, const kf_mldsa_poly *h, int32_t gamma2);
/* *over |= 1 if some |c| >= bound (c reduced: |c| <= 6283008), constant time: the verdict
 * stays secret until the caller declassifies what it decides on. */
/*@ requires \valid_read(p) && \valid(over) && \separated(over, p);
    requires kf_mldsa_bounded(p, -6283008, 6283008) && 0 < bound < KF_MLDSA_Q;
    assigns *over; */
void kf_mldsa_poly_exceeds(const kf_mldsa_poly *p, int32_t bound, uint32_t *over);

/* Sign_internal's loops fused (mldsa.c), each one pass instead of several, the same values as
 * the calls they replace:
 * caddq_decompose: caddq(w) in place, then Decompose(w) into a1, a0 (w in (-q, q));
 * sub_low_exceeds: w -= cs2, and *over |= 1 if |reduce32(w0 - cs2)| >= bound (the r0 check
 *   on u = w0 - c s2, which is not kept);
 * add_reduce_exceeds: z = reduce32(z + y), *over |= 1 if |z| >= bound;
 * hint_row: the hint of one row, h = MakeHint(-c t0, w - c s2 + c t0) from w (w - c s2, in
 *   (-2q, 2q)) and ct0 (c t0 from the inverse NTT, in (-q, q)): *over |= 1 if
 *   |reduce32(ct0)| >= gamma2, h[i] = [HighBits(freeze(w)) != HighBits(freeze(freeze(w) +
 *   reduce32(ct0)))], *ones += the ones (w and ct0 are not kept);
 * add_power2round (KeyGen_internal's): Power2Round(freeze(t + s2)) into t1, t0 (t in (-q, q),
 *   |s2| <= eta); t0 may be t (KeyGen writes t0 over t). */
/*@ requires gamma2 == (KF_MLDSA_Q - 1) / 88 || gamma2 == (KF_MLDSA_Q - 1) / 32;
    requires \valid(w) && kf_mldsa_bounded(w, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    requires a1 == \null || \valid(a1) && \separated(a1, w);
    requires a0 == \null || \valid(a0) && \separated(a0, w);
    requires a1 == \null || a0 == \null || \separated(a1, a0);
    assigns w->c[0 .. KF_MLDSA_N - 1], a1->c[0 .. KF_MLDSA_N - 1], a0->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(w, 0, KF_MLDSA_Q - 1);
    ensures a1 != \null ==> kf_mldsa_bounded(a1, 0, (KF_MLDSA_Q - 1) / (2 * gamma2) - 1);
    ensures a0 != \null ==> kf_mldsa_bounded(a0, -gamma2, gamma2); */
void kf_mldsa_caddq_decompose(kf_mldsa_poly *a1, kf_mldsa_poly *a0, kf_mldsa_poly *w, int32_t gamma2);
/*@ requires \valid(w) && \valid_read(w0) && \valid_read(cs2) && \valid(over);
    requires \separated(w, w0) && \separated(w, cs2) && \separated(over, w) && \separated(over, w0) && \separated(over, cs2);
    requires kf_mldsa_bounded(w, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && kf_mldsa_bounded(w0, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    requires kf_mldsa_bounded(cs2, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && 0 < bound < KF_MLDSA_Q;
    assigns w->c[0 .. KF_MLDSA_N - 1], *over;
    ensures \forall integer m; 0 <= m < KF_MLDSA_N ==> w->c[m] == \old(w->c[m]) - cs2->c[m]; */
void kf_mldsa_sub_low_exceeds(kf_mldsa_poly *w, const kf_mldsa_poly *w0, const kf_mldsa_poly *cs2, int32_t bound,
                              uint32_t *over);
/*@ requires \valid(z) && \valid_read(y) && \valid(over);
    requires \separated(z, y) && \separated(over, z) && \separated(over, y);
    requires kf_mldsa_bounded(z, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && kf_mldsa_bounded(y, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    requires 0 < bound < KF_MLDSA_Q;
    assigns z->c[0 .. KF_MLDSA_N - 1], *over;
    ensures kf_mldsa_bounded(z, -6283008, 6283008);
    ensures in: *over == 0 ==> kf_mldsa_bounded(z, -bound + 1, bound - 1); */
void kf_mldsa_add_reduce_exceeds(kf_mldsa_poly *z, const kf_mldsa_poly *y, int32_t bound, uint32_t *over);
/*@ requires gamma2 == (KF_MLDSA_Q - 1) / 88 || gamma2 == (KF_MLDSA_Q - 1) / 32;
    requires \valid(h) && \valid_read(w) && \valid_read(ct0) && \valid(ones) && \valid(over);
    requires \separated(h, w) && \separated(h, ct0) && \separated(ones, over, h, w, ct0);
    requires kf_mldsa_bounded(w, -2 * KF_MLDSA_Q + 2, 2 * KF_MLDSA_Q - 2) && kf_mldsa_bounded(ct0, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    assigns h->c[0 .. KF_MLDSA_N - 1], *ones, *over;
    ensures kf_mldsa_bounded(h, 0, 1); */
void kf_mldsa_hint_row(kf_mldsa_poly *h, const kf_mldsa_poly *w, const kf_mldsa_poly *ct0, int32_t gamma2,
                       uint32_t *ones, uint32_t *over);
/*@ requires \valid(t1) && \valid(t0) && \valid_read(t) && \valid_read(s2) && \separated(t1, t0);
    requires kf_mldsa_bounded(t, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && kf_mldsa_bounded(s2, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    assigns t1->c[0 .. KF_MLDSA_N - 1], t0->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(t1, 0, 1023) && kf_mldsa_bounded(t0, -4095, 4096); */
void kf_mldsa_add_power2round(kf_mldsa_poly *t1, kf_mldsa_poly *t0, const kf_mldsa_poly *t, const kf_mldsa_poly *s2);

/* The challenge c (tau coefficients +-1, the rest 0) times s1 or s2 (small coefficients) in
 * the normal domain, exactly, as Sign_internal's c s1 and c s2 (mldsa.c): the tau shifted
 * copies of s added. kf_mldsa_sparse_prep: e[k] = -s[k], s[k - 256], -s[k - 512] for k in
 * [0, 256), [256, 512), [512, 768) (int16: |s| < 2^15 / tau); kf_mldsa_challenge_offsets:
 * off[t] = 256 - j for the t-th j with c[j] = 1, 512 - j where c[j] = -1, returns their
 * number n (c is public: the offsets are addresses); kf_mldsa_sparse_mul: r[i] = sum over t
 * < n of e[off[t] + i] = (c s)[i] in Z[X]/(X^256 + 1), |r| <= n max|s| (negacyclic: e's
 * negated copies give the wrapped terms). */
void kf_mldsa_sparse_prep16(int16_t e[3 * KF_MLDSA_N], const kf_mldsa_poly *s);
/* (ACSL) c's weight: the number of its nonzero coefficients among the first n (kf_mldsa_challenge_offsets'
 * result; kf_mldsa_sample_in_ball's ensures weight, sampling.h: exactly tau) */
/*@ logic integer kf_mldsa_weight{L}(kf_mldsa_poly *c, integer n) =
      n <= 0 ? 0 : kf_mldsa_weight{L}(c, n - 1) + (c->c[n - 1] != 0 ? 1 : 0); */
/*@ requires \valid(off + (0 .. KF_MLDSA_N - 1)) && \valid_read(c) && \separated(off + (0 .. KF_MLDSA_N - 1), c);
    assigns off[0 .. KF_MLDSA_N - 1];
    ensures \result <= KF_MLDSA_N && \forall integer t; 0 <= t < \result ==> 1 <= off[t] <= 512;
    ensures weight: \result == kf_mldsa_weight(c, KF_MLDSA_N); */
unsigned kf_mldsa_challenge_offsets(uint16_t off[KF_MLDSA_N], const kf_mldsa_poly *c);
unsigned kf_mldsa_challenge_offsets_portable(uint16_t off[KF_MLDSA_N], const kf_mldsa_poly *c);
void kf_mldsa_sparse_mul_portable(kf_mldsa_poly *r, const int16_t e[3 * KF_MLDSA_N], const uint16_t *off,
                                  unsigned n);
/* The same copies as int8 (|s| < 2^7 / tau), for the AVX2 product of 8-bit sums */
void kf_mldsa_sparse_prep8(int8_t e[3 * KF_MLDSA_N], const kf_mldsa_poly *s);
/* s laid out for the product its sign loop runs (mldsa.c), given smax >= max|s| (eta, which
 * skDecode checks) and tau: as int8 copies where the AVX2 code is in use and the tau terms
 * fit in at most two passes of 8-bit sums, narrow = 127 / smax terms a pass (ML-DSA-44 and -87:
 * eta 2, tau 39 or 60, one pass; ML-DSA-65: eta 4, tau 49, two): each term then loads half the
 * bytes; else as int16 copies (narrow = 0). kf_mldsa_sparse_mul takes n <= tau offsets.
 * The int8 copies are written twice, at b and again at b + KF_MLDSA_SPARSE8_COPY (= 32 mod 64),
 * so that each 32-byte load of a term can come from the one of the two whose address does not
 * cross a 64-byte line (kf_mldsa_sparse_mul8_avx2). */
#define KF_MLDSA_SPARSE8_COPY 800
typedef struct kf_mldsa_sparse {
    union {
        int16_t w[3 * KF_MLDSA_N];
        int8_t b[KF_MLDSA_SPARSE8_COPY + 3 * KF_MLDSA_N];
    } e;
    unsigned narrow;
} kf_mldsa_sparse;
/*@ requires \valid(e) && \valid_read(s) && \separated(e, s) && kf_mldsa_bounded(s, -32767, 32767);
    assigns *e; */
void kf_mldsa_sparse_prep(kf_mldsa_sparse *e, const kf_mldsa_poly *s, int32_t smax, unsigned tau);
/* The same from s's bytes in sk (BitUnpack(in, eta, eta), Alg. 19: 32 bits bytes, bits 3 for
 * eta 2 or 4 for eta 4), as skDecode and kf_mldsa_sparse_prep(e, s, eta, tau) give it:
 * returns 1 if a coefficient is outside [-eta, eta] (a malformed key: e is then laid out
 * from the out-of-range values, which the caller must not use), else 0. The AVX2 code
 * unpacks into the int8 copies directly. */
/*@ requires (bits == 3 && eta == 2) || (bits == 4 && eta == 4);
    requires \valid(e) && \valid_read(in + (0 .. 32 * bits - 1)) && \separated(e, in + (0 .. 32 * bits - 1));
    assigns *e; */
uint32_t kf_mldsa_sparse_prep_packed(kf_mldsa_sparse *e, const uint8_t *in, unsigned bits, int32_t eta, unsigned tau);
/*@ requires n <= KF_MLDSA_N && \valid(r) && \valid_read(e) && \valid_read(off + (0 .. n - 1));
    requires \separated(r, e) && \separated(r, off + (0 .. n - 1));
    requires \forall integer t; 0 <= t < n ==> off[t] <= 512;
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(r, -32768 * n, 32768 * n); */
void kf_mldsa_sparse_mul(kf_mldsa_poly *r, const kf_mldsa_sparse *e, const uint16_t *off, unsigned n);
/* Sign_internal's norm checks with their product (mldsa.c): kf_mldsa_sparse_mul(tmp, e, off, n)
 * then kf_mldsa_sub_low_exceeds(w, w0, tmp, bound, over) (the r0 check on c s2), and
 * kf_mldsa_sparse_mul(z, e, off, n) then kf_mldsa_add_reduce_exceeds(z, y, bound, over) (z =
 * y + c s1 and its check); the AVX2 code on the int8 layout checks the sums as they are made
 * (tmp then holds no c s2). */
/*@ requires n <= 255 && \valid(w) && \valid_read(w0) && \valid(tmp) && \valid_read(e) && \valid(over);
    requires \valid_read(off + (0 .. n - 1)) && \forall integer t; 0 <= t < n ==> off[t] <= 512;
    requires \separated(w, w0, tmp, e, over) && \separated(tmp, off + (0 .. n - 1));
    requires \separated(w, off + (0 .. n - 1)) && \separated(over, off + (0 .. n - 1));
    requires kf_mldsa_bounded(w, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && kf_mldsa_bounded(w0, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    requires 0 < bound < KF_MLDSA_Q;
    assigns w->c[0 .. KF_MLDSA_N - 1], tmp->c[0 .. KF_MLDSA_N - 1], *over;
    // w - c s2 with |c s2| <= 32768 n < q: kf_mldsa_hint_row's range in sign_attempt
    ensures hw: kf_mldsa_bounded(w, -2 * KF_MLDSA_Q + 2, 2 * KF_MLDSA_Q - 2); */
void kf_mldsa_sparse_sub_low_exceeds(kf_mldsa_poly *w, const kf_mldsa_poly *w0, kf_mldsa_poly *tmp,
                                     const kf_mldsa_sparse *e, const uint16_t *off, unsigned n, int32_t bound,
                                     uint32_t *over);
/*@ requires n <= 255 && \valid(z) && \valid_read(y) && \valid_read(e) && \valid(over);
    requires \valid_read(off + (0 .. n - 1)) && \forall integer t; 0 <= t < n ==> off[t] <= 512;
    requires \separated(z, y, e, over) && \separated(z, off + (0 .. n - 1)) && \separated(over, off + (0 .. n - 1));
    requires kf_mldsa_bounded(y, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && 0 < bound < KF_MLDSA_Q;
    assigns z->c[0 .. KF_MLDSA_N - 1], *over;
    ensures kf_mldsa_bounded(z, -6283008, 6283008);
    // z's range when no coefficient failed the check: sigEncode's (-gamma1, gamma1] in sign_attempt
    ensures in: *over == 0 ==> kf_mldsa_bounded(z, -bound + 1, bound - 1); */
void kf_mldsa_sparse_add_reduce_exceeds(kf_mldsa_poly *z, const kf_mldsa_poly *y, const kf_mldsa_sparse *e,
                                        const uint16_t *off, unsigned n, int32_t bound, uint32_t *over);

/* The portable implementations of the functions above (the same contracts), which the
 * public names call unless arith.c chose the AVX2 ones (x86_64/poly_avx2.h); for the tests. */
void kf_mldsa_poly_reduce_portable(kf_mldsa_poly *p);
void kf_mldsa_poly_caddq_portable(kf_mldsa_poly *p);
void kf_mldsa_poly_freeze_portable(kf_mldsa_poly *p);
void kf_mldsa_poly_add_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);
void kf_mldsa_poly_sub_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);
void kf_mldsa_poly_shiftl_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a);
void kf_mldsa_ntt_portable(kf_mldsa_poly *p);
void kf_mldsa_invntt_tomont_portable(kf_mldsa_poly *p);
void kf_mldsa_pointwise_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);
void kf_mldsa_pointwise_acc_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);
void kf_mldsa_pointwise_acc_vec_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b,
                                          unsigned n);
void kf_mldsa_pointwise_acc_vec_plus_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b,
                                              unsigned n, const kf_mldsa_poly *c, const kf_mldsa_poly *d);
void kf_mldsa_power2round_portable(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a);
void kf_mldsa_decompose_portable(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a, int32_t gamma2);
void kf_mldsa_make_hint_portable(kf_mldsa_poly *h, const kf_mldsa_poly *r, const kf_mldsa_poly *rz,
                                 int32_t gamma2, uint32_t *ones);
void kf_mldsa_use_hint_portable(kf_mldsa_poly *w1, const kf_mldsa_poly *r, const kf_mldsa_poly *h,
                                int32_t gamma2);
void kf_mldsa_poly_exceeds_portable(const kf_mldsa_poly *p, int32_t bound, uint32_t *over);
void kf_mldsa_caddq_decompose_portable(kf_mldsa_poly *a1, kf_mldsa_poly *a0, kf_mldsa_poly *w, int32_t gamma2);
void kf_mldsa_sub_low_exceeds_portable(kf_mldsa_poly *w, const kf_mldsa_poly *w0, const kf_mldsa_poly *cs2,
                                       int32_t bound, uint32_t *over);
void kf_mldsa_add_reduce_exceeds_portable(kf_mldsa_poly *z, const kf_mldsa_poly *y, int32_t bound, uint32_t *over);
void kf_mldsa_add_power2round_portable(kf_mldsa_poly *t1, kf_mldsa_poly *t0, const kf_mldsa_poly *t,
                                       const kf_mldsa_poly *s2);
void kf_mldsa_hint_row_portable(kf_mldsa_poly *h, const kf_mldsa_poly *w, const kf_mldsa_poly *ct0, int32_t gamma2,
                                uint32_t *ones, uint32_t *over);

/* SimpleBitPack (Alg. 16): the values c[i] in 'bits' bits each (32 * bits bytes), and its
 * inverse (Alg. 18). */
/*@ requires kf_mldsa_fips_width(bits) && \valid(out + (0 .. 32 * bits - 1)) && \valid_read(p);
    requires \separated(out + (0 .. 32 * bits - 1), p);
    assigns out[0 .. 32 * bits - 1]; */
void kf_mldsa_pack_simple(uint8_t *out, const kf_mldsa_poly *p, unsigned bits);
/*@ requires kf_mldsa_fips_width(bits) && \valid(p) && \valid_read(in + (0 .. 32 * bits - 1));
    requires \separated(p, in + (0 .. 32 * bits - 1));
    assigns p->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(p, 0, (1 << bits) - 1); */
void kf_mldsa_unpack_simple(kf_mldsa_poly *p, const uint8_t *in, unsigned bits);
/* BitPack (Alg. 17) of coefficients in [-a, b]: the values b - c[i] in 'bits' bits each, and
 * its inverse (Alg. 19): c[i] = b - v for every 'bits'-bit v (no value is refused; callers
 * check ranges where FIPS 204 asks). */
/*@ requires kf_mldsa_fips_width(bits) && \valid(out + (0 .. 32 * bits - 1)) && \valid_read(p);
    requires \separated(out + (0 .. 32 * bits - 1), p);
    requires -1048576 <= b <= 1048576 && kf_mldsa_bounded(p, -1073741824, 1073741824);
    assigns out[0 .. 32 * bits - 1]; */
void kf_mldsa_pack_offset(uint8_t *out, const kf_mldsa_poly *p, unsigned bits, int32_t b);
/*@ requires kf_mldsa_fips_width(bits) && \valid(p) && \valid_read(in + (0 .. 32 * bits - 1));
    requires \separated(p, in + (0 .. 32 * bits - 1)) && -1048576 <= b <= 1048576;
    assigns p->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(p, b - (1 << bits) + 1, b); */
void kf_mldsa_unpack_offset(kf_mldsa_poly *p, const uint8_t *in, unsigned bits, int32_t b);

#endif

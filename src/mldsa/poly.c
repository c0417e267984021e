/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * poly.c - arithmetic mod q = 8380417 on polynomials of 256 coefficients (portable C): the
 * NTT (FIPS 204 Alg. 41, 42) with Montgomery multiplication (R = 2^32), the rounding
 * functions (Alg. 35-40), the norm check and the bit packing (Alg. 16-19). The arithmetic is
 * the *_portable functions; the public names call them or their AVX2 (or AVX-512) twins
 * (x86_64/), as arith.c decided.
 */
#include "mldsa/poly.h"
#include "mldsa/arith.h"
#include "common/util.h"
#ifdef KF_MLDSA_HAVE_AVX2
#include "mldsa/x86_64/poly_avx2.h"

#include <string.h> /* memcpy: kf_mldsa_sparse_prep's second copy */
#endif

#define N KF_MLDSA_N
#define Q KF_MLDSA_Q
#define QINV 58728449            /* q^-1 mod 2^32 */
#define INVNTT_F 41978           /* 2^64 / 256 mod q: undoes the 2^-32 of a pointwise product, and 1/256 */
#define INVNTT_ZF 3975713         /* -zetas[1] INVNTT_F / 2^32 mod q: the last layer's zeta and the factor */

/* zetas[m] = 1753^brv8(m) * 2^32 mod q, centered (Alg. 41's zeta^BitRev8(m) in Montgomery
 * form; 1753 is FIPS 204's 512th root of unity mod q). tests/test_mldsa_arith.c recomputes
 * the table and checks the NTT against schoolbook multiplication. */
static const int32_t zetas[N] = {
    0, 25847, -2608894, -518909, 237124, -777960, -876248, 466468,
    1826347, 2353451, -359251, -2091905, 3119733, -2884855, 3111497, 2680103,
    2725464, 1024112, -1079900, 3585928, -549488, -1119584, 2619752, -2108549,
    -2118186, -3859737, -1399561, -3277672, 1757237, -19422, 4010497, 280005,
    2706023, 95776, 3077325, 3530437, -1661693, -3592148, -2537516, 3915439,
    -3861115, -3043716, 3574422, -2867647, 3539968, -300467, 2348700, -539299,
    -1699267, -1643818, 3505694, -3821735, 3507263, -2140649, -1600420, 3699596,
    811944, 531354, 954230, 3881043, 3900724, -2556880, 2071892, -2797779,
    -3930395, -1528703, -3677745, -3041255, -1452451, 3475950, 2176455, -1585221,
    -1257611, 1939314, -4083598, -1000202, -3190144, -3157330, -3632928, 126922,
    3412210, -983419, 2147896, 2715295, -2967645, -3693493, -411027, -2477047,
    -671102, -1228525, -22981, -1308169, -381987, 1349076, 1852771, -1430430,
    -3343383, 264944, 508951, 3097992, 44288, -1100098, 904516, 3958618,
    -3724342, -8578, 1653064, -3249728, 2389356, -210977, 759969, -1316856,
    189548, -3553272, 3159746, -1851402, -2409325, -177440, 1315589, 1341330,
    1285669, -1584928, -812732, -1439742, -3019102, -3881060, -3628969, 3839961,
    2091667, 3407706, 2316500, 3817976, -3342478, 2244091, -2446433, -3562462,
    266997, 2434439, -1235728, 3513181, -3520352, -3759364, -1197226, -3193378,
    900702, 1859098, 909542, 819034, 495491, -1613174, -43260, -522500,
    -655327, -3122442, 2031748, 3207046, -3556995, -525098, -768622, -3595838,
    342297, 286988, -2437823, 4108315, 3437287, -3342277, 1735879, 203044,
    2842341, 2691481, -2590150, 1265009, 4055324, 1247620, 2486353, 1595974,
    -3767016, 1250494, 2635921, -3548272, -2994039, 1869119, 1903435, -1050970,
    -1333058, 1237275, -3318210, -1430225, -451100, 1312455, 3306115, -1962642,
    -1279661, 1917081, -2546312, -1374803, 1500165, 777191, 2235880, 3406031,
    -542412, -2831860, -1671176, -1846953, -2584293, -3724270, 594136, -3776993,
    -2013608, 2432395, 2454455, -164721, 1957272, 3369112, 185531, -1207385,
    -3183426, 162844, 1616392, 3014001, 810149, 1652634, -3694233, -1799107,
    -3038916, 3523897, 3866901, 269760, 2213111, -975884, 1717735, 472078,
    -426683, 1723600, -1803090, 1910376, -1667432, -1104333, -260646, -3833893,
    -2939036, -2235985, -420899, -2286327, 183443, -976891, 1612842, -3545687,
    -554416, 3919660, -48306, -1362209, 3937738, 1400424, -846154, 1976782,
};

/* The bounds of the polynomial layer's contracts (ACSL, proofs/units.py's unit mldsa_poly).
 * kf_mldsa_mul (poly.h): each function asserts at its start the product bounds it needs (a
 * goal with few hypotheses) and its later goals use them. NTT: before the layer of len, m is the index of
 * its first zeta minus 1 and every |f| < kf_mldsa_ntt_bound(len) (a layer adds |t| < q).
 * Inverse NTT: before the layer of len, every |f| < len q (the sums double, the differences
 * are reduced), and m is one past its first zeta. */
/*@ // a zeta (or the last layer's factors) times a coefficient below 256 q: in mont_reduce's range
    predicate kf_mldsa_mul_zeta = \forall integer a, b; -(KF_MLDSA_Q - 1) / 2 <= a <= (KF_MLDSA_Q - 1) / 2 &&
      -256 * KF_MLDSA_Q < b < 256 * KF_MLDSA_Q ==>
      -2147483648 * KF_MLDSA_Q < kf_mldsa_mul(a, b) < 2147483648 * KF_MLDSA_Q;
    // two NTT outputs; an A coefficient (or c) times an NTT output
    predicate kf_mldsa_mul_coef = \forall integer a, b; -9 * KF_MLDSA_Q < a < 9 * KF_MLDSA_Q &&
      -9 * KF_MLDSA_Q < b < 9 * KF_MLDSA_Q ==>
      -81 * KF_MLDSA_Q * KF_MLDSA_Q < kf_mldsa_mul(a, b) < 81 * KF_MLDSA_Q * KF_MLDSA_Q;
    predicate kf_mldsa_mul_row = \forall integer a, b; -KF_MLDSA_Q < a < KF_MLDSA_Q &&
      -9 * KF_MLDSA_Q < b < 9 * KF_MLDSA_Q ==>
      -9 * KF_MLDSA_Q * KF_MLDSA_Q < kf_mldsa_mul(a, b) < 9 * KF_MLDSA_Q * KF_MLDSA_Q;
    // the packing's widths w: n values of w bits are kf_mldsa_mul(n, w) bits
    // (with 2 <= 1 << w <= 2^20 beside it: a shift the provers do not evaluate inside a predicate)
    predicate kf_mldsa_width(integer w) = 1 <= w <= 20 &&
      (\forall integer n; 0 <= n <= 32 ==> 0 <= kf_mldsa_mul(n, w) <= 32 * w) &&
      (\forall integer n; 0 <= n <= 8 ==> kf_mldsa_mul(n, w) <= 8 * w) &&
      (\forall integer n; 0 <= n < 32 ==> kf_mldsa_mul(n, w) + w <= 32 * w); */
/*@ logic integer kf_mldsa_ntt_bound(integer len) =
      len == 128 ? KF_MLDSA_Q : len == 64 ? 2 * KF_MLDSA_Q : len == 32 ? 3 * KF_MLDSA_Q :
      len == 16 ? 4 * KF_MLDSA_Q : len == 8 ? 5 * KF_MLDSA_Q : len == 4 ? 6 * KF_MLDSA_Q :
      len == 2 ? 7 * KF_MLDSA_Q : len == 1 ? 8 * KF_MLDSA_Q : 9 * KF_MLDSA_Q;
    predicate kf_mldsa_ntt_layer(integer len, integer m) =
      len == 128 && m == 0 || len == 64 && m == 1 || len == 32 && m == 3 || len == 16 && m == 7 ||
      len == 8 && m == 15 || len == 4 && m == 31 || len == 2 && m == 63 || len == 1 && m == 127 ||
      len == 0 && m == 255;
    predicate kf_mldsa_ntt_block(integer len, integer start, integer m) =
      len == 128 && start % 256 == 0 && m == start / 256 ||
      len == 64 && start % 128 == 0 && m == 1 + start / 128 ||
      len == 32 && start % 64 == 0 && m == 3 + start / 64 ||
      len == 16 && start % 32 == 0 && m == 7 + start / 32 ||
      len == 8 && start % 16 == 0 && m == 15 + start / 16 ||
      len == 4 && start % 8 == 0 && m == 31 + start / 8 ||
      len == 2 && start % 4 == 0 && m == 63 + start / 4 ||
      len == 1 && start % 2 == 0 && m == 127 + start / 2;
    predicate kf_mldsa_invntt_layer(integer len, integer m) =
      len == 1 && m == 256 || len == 2 && m == 128 || len == 4 && m == 64 || len == 8 && m == 32 ||
      len == 16 && m == 16 || len == 32 && m == 8 || len == 64 && m == 4 || len == 128 && m == 2;
    predicate kf_mldsa_invntt_block(integer len, integer start, integer m) =
      len == 1 && start % 2 == 0 && m == 256 - start / 2 ||
      len == 2 && start % 4 == 0 && m == 128 - start / 4 ||
      len == 4 && start % 8 == 0 && m == 64 - start / 8 ||
      len == 8 && start % 16 == 0 && m == 32 - start / 16 ||
      len == 16 && start % 32 == 0 && m == 16 - start / 32 ||
      len == 32 && start % 64 == 0 && m == 8 - start / 64 ||
      len == 64 && start % 128 == 0 && m == 4 - start / 128; */

/* a / 2^32 mod q for |a| < 2^31 q: a result in (-q, q). */
/*@ requires -2147483648 * KF_MLDSA_Q < a < 2147483648 * KF_MLDSA_Q;
    assigns \nothing;
    ensures -KF_MLDSA_Q < \result < KF_MLDSA_Q;
    ensures (\result * 4294967296 - a) % KF_MLDSA_Q == 0; */
static int32_t mont_reduce(int64_t a)
{
    int32_t t = (int32_t)((uint32_t)a * (uint32_t)QINV);
    int64_t u = a - (int64_t)t * Q; /* u = 0 mod 2^32 */
    /*@ assert u % 4294967296 == 0; */
    /*@ assert (u >> 32) * 4294967296 == u && -KF_MLDSA_Q < (u >> 32) < KF_MLDSA_Q; */
    return (int32_t)(u >> 32);      /* exact */
}

/*@ requires \valid(p) && kf_mldsa_bounded(p, -2147483647 + 4194304, 2147483647 - 4194304);
    assigns p->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(p, -6283008, 6283008); */
void kf_mldsa_poly_reduce_portable(kf_mldsa_poly *p)
{
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer m; 0 <= m < i ==> -6283008 <= p->c[m] <= 6283008;
        loop invariant \forall integer m; i <= m < KF_MLDSA_N ==> p->c[m] == \at(p->c[m], Pre);
        loop assigns i, p->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) p->c[i] = kf_mldsa_reduce32(p->c[i]);
}

/*@ requires \valid(p) && kf_mldsa_bounded(p, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    assigns p->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(p, 0, KF_MLDSA_Q - 1); */
void kf_mldsa_poly_caddq_portable(kf_mldsa_poly *p)
{
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer m; 0 <= m < i ==> 0 <= p->c[m] < KF_MLDSA_Q;
        loop invariant \forall integer m; i <= m < KF_MLDSA_N ==> p->c[m] == \at(p->c[m], Pre);
        loop assigns i, p->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) p->c[i] = kf_mldsa_caddq(p->c[i]);
}

/*@ requires \valid(p) && kf_mldsa_bounded(p, -2147483647 + 4194304, 2147483647 - 4194304);
    assigns p->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(p, 0, KF_MLDSA_Q - 1); */
void kf_mldsa_poly_freeze_portable(kf_mldsa_poly *p)
{
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer m; 0 <= m < i ==> 0 <= p->c[m] < KF_MLDSA_Q;
        loop invariant \forall integer m; i <= m < KF_MLDSA_N ==> p->c[m] == \at(p->c[m], Pre);
        loop assigns i, p->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) p->c[i] = kf_mldsa_caddq(kf_mldsa_reduce32(p->c[i]));
}

/*@ requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires (r == a || \separated(r, a)) && (r == b || \separated(r, b));
    requires \forall integer m; 0 <= m < KF_MLDSA_N ==> INT32_MIN <= a->c[m] + b->c[m] <= INT32_MAX;
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures \forall integer m; 0 <= m < KF_MLDSA_N ==> r->c[m] == \old(a->c[m]) + \old(b->c[m]); */
void kf_mldsa_poly_add_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b)
{
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer m; 0 <= m < i ==> r->c[m] == \at(a->c[m], Pre) + \at(b->c[m], Pre);
        loop invariant \forall integer m; i <= m < KF_MLDSA_N ==> a->c[m] == \at(a->c[m], Pre) && b->c[m] == \at(b->c[m], Pre);
        loop assigns i, r->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) r->c[i] = a->c[i] + b->c[i];
}

/*@ requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires (r == a || \separated(r, a)) && (r == b || \separated(r, b));
    requires \forall integer m; 0 <= m < KF_MLDSA_N ==> INT32_MIN <= a->c[m] - b->c[m] <= INT32_MAX;
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures \forall integer m; 0 <= m < KF_MLDSA_N ==> r->c[m] == \old(a->c[m]) - \old(b->c[m]); */
void kf_mldsa_poly_sub_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b)
{
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer m; 0 <= m < i ==> r->c[m] == \at(a->c[m], Pre) - \at(b->c[m], Pre);
        loop invariant \forall integer m; i <= m < KF_MLDSA_N ==> a->c[m] == \at(a->c[m], Pre) && b->c[m] == \at(b->c[m], Pre);
        loop assigns i, r->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) r->c[i] = a->c[i] - b->c[i];
}

/*@ requires \valid(r) && \valid_read(a) && (r == a || \separated(r, a));
    requires kf_mldsa_bounded(a, 0, 1023);
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(r, 0, KF_MLDSA_Q - 1); */
void kf_mldsa_poly_shiftl_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a)
{
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer m; 0 <= m < i ==> 0 <= r->c[m] <= 1023 * 8192;
        loop invariant \forall integer m; i <= m < KF_MLDSA_N ==> 0 <= a->c[m] <= 1023;
        loop assigns i, r->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) r->c[i] = (int32_t)((uint32_t)a->c[i] << KF_MLDSA_D);
}

/*@ requires \valid(p) && kf_mldsa_bounded(p, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    assigns p->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(p, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1); */
void kf_mldsa_ntt_portable(kf_mldsa_poly *p)
{
    /*@ assert kf_mldsa_mul_zeta; */
    int32_t *w = p->c;
    unsigned m = 0;
    /*@ loop invariant kf_mldsa_ntt_layer(len, m);
        loop invariant \forall integer k; 0 <= k < KF_MLDSA_N ==> -kf_mldsa_ntt_bound(len) < w[k] < kf_mldsa_ntt_bound(len);
        loop assigns len, m, w[0 .. KF_MLDSA_N - 1];
        loop variant len; */
    for (unsigned len = 128; len >= 1; len >>= 1) {
        /*@ loop invariant 0 <= start <= KF_MLDSA_N && kf_mldsa_ntt_block(len, start, m);
            loop invariant \forall integer k; 0 <= k < start ==>
                             -(kf_mldsa_ntt_bound(len) + Q) < w[k] < kf_mldsa_ntt_bound(len) + Q;
            loop invariant \forall integer k; start <= k < KF_MLDSA_N ==>
                             -kf_mldsa_ntt_bound(len) < w[k] < kf_mldsa_ntt_bound(len);
            loop assigns start, m, w[0 .. KF_MLDSA_N - 1];
            loop variant KF_MLDSA_N - start; */
        for (unsigned start = 0; start < N; start += 2 * len) {
            /*@ assert kf_mldsa_zeta: -(KF_MLDSA_Q - 1) / 2 <= zetas[(unsigned)(m + 1)] <= (KF_MLDSA_Q - 1) / 2; */
            const int32_t z = zetas[++m];
            /*@ loop invariant start <= j <= start + len;
                loop invariant \forall integer k; 0 <= k < KF_MLDSA_N ==>
                  (k < j || start + len <= k < j + len ? -(kf_mldsa_ntt_bound(len) + Q) < w[k] < kf_mldsa_ntt_bound(len) + Q
                                                       : -kf_mldsa_ntt_bound(len) < w[k] < kf_mldsa_ntt_bound(len));
                loop assigns j, w[0 .. KF_MLDSA_N - 1];
                loop variant start + len - j; */
            for (unsigned j = start; j < start + len; j++) {
                /*@ assert (unsigned)(j + len) == j + len && -8 * KF_MLDSA_Q < w[j + len] < 8 * KF_MLDSA_Q; */
                /*@ assert -2147483648 * KF_MLDSA_Q < kf_mldsa_mul(z, w[j + len]) < 2147483648 * KF_MLDSA_Q; */
                /*@ assert -2147483648 * KF_MLDSA_Q < z * w[(unsigned)(j + len)] < 2147483648 * KF_MLDSA_Q; */
                int32_t t = mont_reduce((int64_t)z * w[j + len]);
                w[j + len] = w[j] - t;
                w[j] = w[j] + t;
            }
        }
    }
}

/*@ requires \valid(p) && kf_mldsa_bounded(p, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    assigns p->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(p, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
void kf_mldsa_invntt_tomont_portable(kf_mldsa_poly *p)
{
    /*@ assert kf_mldsa_mul_zeta; */
    int32_t *w = p->c;
    unsigned m = N;
    /* the sums double per layer: 256 values under q in size stay under 256 q < 2^31. The last
     * layer (len 128) takes the factor 2^64 / 256 in the same Montgomery product: the sum
     * times INVNTT_F, the difference times INVNTT_ZF = -zetas[1] INVNTT_F / 2^32 mod q
     * (|INVNTT_ZF| 128 q < 2^31: the product stays in mont_reduce's range). */
    /*@ loop invariant kf_mldsa_invntt_layer(len, m);
        loop invariant \forall integer k; 0 <= k < KF_MLDSA_N ==> -len * KF_MLDSA_Q < w[k] < len * KF_MLDSA_Q;
        loop assigns len, m, w[0 .. KF_MLDSA_N - 1];
        loop variant 128 - len; */
    for (unsigned len = 1; len < N / 2; len <<= 1) {
        /*@ loop invariant 0 <= start <= KF_MLDSA_N && kf_mldsa_invntt_block(len, start, m);
            loop invariant \forall integer k; 0 <= k < start ==> -2 * len * KF_MLDSA_Q < w[k] < 2 * len * KF_MLDSA_Q;
            loop invariant \forall integer k; start <= k < KF_MLDSA_N ==> -len * KF_MLDSA_Q < w[k] < len * KF_MLDSA_Q;
            loop assigns start, m, w[0 .. KF_MLDSA_N - 1];
            loop variant KF_MLDSA_N - start; */
        for (unsigned start = 0; start < N; start += 2 * len) {
            /*@ assert kf_mldsa_zeta: -(KF_MLDSA_Q - 1) / 2 <= zetas[(unsigned)(m - 1)] <= (KF_MLDSA_Q - 1) / 2; */
            const int32_t z = -zetas[--m];
            /*@ loop invariant start <= j <= start + len;
                loop invariant \forall integer k; 0 <= k < KF_MLDSA_N ==>
                  (k < j || start + len <= k < j + len ? -2 * len * KF_MLDSA_Q < w[k] < 2 * len * KF_MLDSA_Q
                                                       : -len * KF_MLDSA_Q < w[k] < len * KF_MLDSA_Q);
                loop assigns j, w[0 .. KF_MLDSA_N - 1];
                loop variant start + len - j; */
            for (unsigned j = start; j < start + len; j++) {
                int32_t t = w[j];
                /*@ assert (unsigned)(j + len) == j + len; */
                w[j] = t + w[j + len];
                /*@ assert (unsigned)(j + len) != j; */
                /*@ assert -64 * KF_MLDSA_Q < w[(unsigned)(j + len)] < 64 * KF_MLDSA_Q; */
                /*@ assert -128 * KF_MLDSA_Q < t - w[(unsigned)(j + len)] < 128 * KF_MLDSA_Q; */
                /*@ assert -2147483648 * KF_MLDSA_Q < kf_mldsa_mul(z, t - w[(unsigned)(j + len)]) < 2147483648 * KF_MLDSA_Q; */
                /*@ assert invntt_product: -2147483648 * KF_MLDSA_Q < z * (int32_t)(t - w[(unsigned)(j + len)]) < 2147483648 * KF_MLDSA_Q; */
                w[j + len] = mont_reduce((int64_t)z * (t - w[j + len]));
            }
        }
    }
    /*@ loop invariant 0 <= j <= KF_MLDSA_N / 2;
        loop invariant \forall integer k; 0 <= k < KF_MLDSA_N ==>
          (k < j || 128 <= k < 128 + j ? -KF_MLDSA_Q < w[k] < KF_MLDSA_Q : -128 * KF_MLDSA_Q < w[k] < 128 * KF_MLDSA_Q);
        loop assigns j, w[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N / 2 - j; */
    for (unsigned j = 0; j < N / 2; j++) {
        int32_t t = w[j];
        /*@ assert -256 * KF_MLDSA_Q < t + w[j + N / 2] < 256 * KF_MLDSA_Q; */
        /*@ assert -256 * KF_MLDSA_Q < t - w[j + N / 2] < 256 * KF_MLDSA_Q; */
        /*@ assert -2147483648 * KF_MLDSA_Q < kf_mldsa_mul(INVNTT_F, t + w[j + N / 2]) < 2147483648 * KF_MLDSA_Q; */
        /*@ assert -2147483648 * KF_MLDSA_Q < kf_mldsa_mul(INVNTT_ZF, t - w[j + N / 2]) < 2147483648 * KF_MLDSA_Q; */
        /*@ assert -2147483648 * KF_MLDSA_Q < INVNTT_F * (t + w[j + N / 2]) < 2147483648 * KF_MLDSA_Q; */
        /*@ assert -2147483648 * KF_MLDSA_Q < INVNTT_ZF * (t - w[j + N / 2]) < 2147483648 * KF_MLDSA_Q; */
        w[j] = mont_reduce((int64_t)INVNTT_F * (t + w[j + N / 2]));
        w[j + N / 2] = mont_reduce((int64_t)INVNTT_ZF * (t - w[j + N / 2]));
    }
}

/*@ requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires (r == a || \separated(r, a)) && (r == b || \separated(r, b));
    requires kf_mldsa_bounded(a, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1) && kf_mldsa_bounded(b, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(r, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
void kf_mldsa_pointwise_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b)
{
    /*@ assert kf_mldsa_mul_coef; */
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer m; 0 <= m < i ==> -KF_MLDSA_Q < r->c[m] < KF_MLDSA_Q;
        loop invariant \forall integer m; i <= m < KF_MLDSA_N ==> a->c[m] == \at(a->c[m], Pre) && b->c[m] == \at(b->c[m], Pre);
        loop assigns i, r->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) r->c[i] = mont_reduce((int64_t)a->c[i] * b->c[i]);
}

/*@ requires \valid(r) && \valid_read(a) && \valid_read(b) && \separated(r, a) && \separated(r, b);
    requires kf_mldsa_bounded(a, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1) && kf_mldsa_bounded(b, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    requires kf_mldsa_bounded(r, INT32_MIN + KF_MLDSA_Q, INT32_MAX - KF_MLDSA_Q);
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures \forall integer m; 0 <= m < KF_MLDSA_N ==> \old(r->c[m]) - KF_MLDSA_Q < r->c[m] < \old(r->c[m]) + KF_MLDSA_Q; */
void kf_mldsa_pointwise_acc_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b)
{
    /*@ assert kf_mldsa_mul_coef; */
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer m; 0 <= m < i ==> \at(r->c[m], Pre) - KF_MLDSA_Q < r->c[m] < \at(r->c[m], Pre) + KF_MLDSA_Q;
        loop invariant \forall integer m; i <= m < KF_MLDSA_N ==> r->c[m] == \at(r->c[m], Pre);
        loop assigns i, r->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) r->c[i] += mont_reduce((int64_t)a->c[i] * b->c[i]);
}

/*@ requires n <= KF_MLDSA_L_MAX;
    requires \valid(r) && \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    requires \separated(r, a + (0 .. n - 1)) && \separated(r, b + (0 .. n - 1));
    requires kf_mldsa_vec_bounded(a, n, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && kf_mldsa_vec_bounded(b, n, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(r, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
void kf_mldsa_pointwise_acc_vec_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b,
                                          unsigned n)
{
    /*@ assert kf_mldsa_mul_row; */
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer m; 0 <= m < i ==> -KF_MLDSA_Q < r->c[m] < KF_MLDSA_Q;
        loop assigns i, r->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) { /* the products summed exactly, then one reduction */
        int64_t acc = 0;
        /*@ loop invariant 0 <= j <= n;
            loop invariant -kf_mldsa_mul(j, 9 * KF_MLDSA_Q * KF_MLDSA_Q) <= acc <= kf_mldsa_mul(j, 9 * KF_MLDSA_Q * KF_MLDSA_Q);
            loop assigns j, acc;
            loop variant n - j; */
        for (unsigned j = 0; j < n; j++) {
            /*@ assert -9 * KF_MLDSA_Q * KF_MLDSA_Q < kf_mldsa_mul(a[j].c[i], b[j].c[i]) < 9 * KF_MLDSA_Q * KF_MLDSA_Q; */
            acc += (int64_t)a[j].c[i] * b[j].c[i];
            /*@ assert kf_mldsa_mul(j + 1, 9 * KF_MLDSA_Q * KF_MLDSA_Q) == kf_mldsa_mul(j, 9 * KF_MLDSA_Q * KF_MLDSA_Q) + 9 * KF_MLDSA_Q * KF_MLDSA_Q; */
        }
        r->c[i] = mont_reduce(acc);
    }
}

/*@ requires n <= KF_MLDSA_L_MAX;
    requires \valid(r) && \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    requires \separated(r, a + (0 .. n - 1)) && \separated(r, b + (0 .. n - 1));
    requires kf_mldsa_vec_bounded(a, n, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && kf_mldsa_vec_bounded(b, n, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    requires \valid_read(c) && \valid_read(d) && \separated(r, c) && \separated(r, d);
    requires kf_mldsa_bounded(c, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && kf_mldsa_bounded(d, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(r, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
void kf_mldsa_pointwise_acc_vec_plus_portable(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b,
                                              unsigned n, const kf_mldsa_poly *c, const kf_mldsa_poly *d)
{
    /*@ assert kf_mldsa_mul_row; */
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer m; 0 <= m < i ==> -KF_MLDSA_Q < r->c[m] < KF_MLDSA_Q;
        loop assigns i, r->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) { /* as above, c o d one more term of the exact sum */
        /*@ assert -9 * KF_MLDSA_Q * KF_MLDSA_Q < kf_mldsa_mul(c->c[i], d->c[i]) < 9 * KF_MLDSA_Q * KF_MLDSA_Q; */
        int64_t acc = (int64_t)c->c[i] * d->c[i];
        /*@ loop invariant 0 <= j <= n;
            loop invariant -9 * KF_MLDSA_Q * KF_MLDSA_Q - kf_mldsa_mul(j, 9 * KF_MLDSA_Q * KF_MLDSA_Q) <= acc <=
                           9 * KF_MLDSA_Q * KF_MLDSA_Q + kf_mldsa_mul(j, 9 * KF_MLDSA_Q * KF_MLDSA_Q);
            loop assigns j, acc;
            loop variant n - j; */
        for (unsigned j = 0; j < n; j++) {
            /*@ assert -9 * KF_MLDSA_Q * KF_MLDSA_Q < kf_mldsa_mul(a[j].c[i], b[j].c[i]) < 9 * KF_MLDSA_Q * KF_MLDSA_Q; */
            acc += (int64_t)a[j].c[i] * b[j].c[i];
            /*@ assert kf_mldsa_mul(j + 1, 9 * KF_MLDSA_Q * KF_MLDSA_Q) == kf_mldsa_mul(j, 9 * KF_MLDSA_Q * KF_MLDSA_Q) + 9 * KF_MLDSA_Q * KF_MLDSA_Q; */
        }
        r->c[i] = mont_reduce(acc);
    }
}

/* ---- rounding (§7.4) --------------------------------------------------------------------- */

/*@ requires \valid(a1) && \valid(a0) && \valid_read(a) && \separated(a1, a0, a);
    requires \forall integer j; 0 <= j < KF_MLDSA_N ==> 0 <= a->c[j] < KF_MLDSA_Q;
    assigns a1->c[0 .. KF_MLDSA_N - 1], a0->c[0 .. KF_MLDSA_N - 1];
    ensures \forall integer j; 0 <= j < KF_MLDSA_N ==> 0 <= a1->c[j] < 1024 &&
        -4096 < a0->c[j] <= 4096 && a->c[j] == a1->c[j] * 8192 + a0->c[j]; */
void kf_mldsa_power2round_portable(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a)
{
    /* r0 = r mod+- 2^13 in (-2^12, 2^12], r1 = (r - r0) / 2^13 = floor((r + 2^12 - 1) / 2^13) */
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer j; 0 <= j < i ==> 0 <= a1->c[j] < 1024 &&
            -4096 < a0->c[j] <= 4096 && a->c[j] == a1->c[j] * 8192 + a0->c[j];
        loop assigns i, a1->c[0 .. KF_MLDSA_N - 1], a0->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) {
        int32_t r = a->c[i], r1 = (r + (1 << (KF_MLDSA_D - 1)) - 1) >> KF_MLDSA_D;
        a1->c[i] = r1;
        a0->c[i] = r - (r1 << KF_MLDSA_D);
    }
}

/*@ requires gamma2 == (KF_MLDSA_Q - 1) / 88 || gamma2 == (KF_MLDSA_Q - 1) / 32;
    requires \valid_read(a) && kf_mldsa_bounded(a, 0, KF_MLDSA_Q - 1);
    requires a1 == \null || \valid(a1) && \separated(a1, a);
    requires a0 == \null || \valid(a0) && \separated(a0, a);
    requires a1 == \null || a0 == \null || \separated(a1, a0);
    assigns a1->c[0 .. KF_MLDSA_N - 1], a0->c[0 .. KF_MLDSA_N - 1];
    ensures a1 != \null ==> kf_mldsa_bounded(a1, 0, (KF_MLDSA_Q - 1) / (2 * gamma2) - 1);
    ensures a0 != \null ==> kf_mldsa_bounded(a0, -gamma2, gamma2); */
void kf_mldsa_decompose_portable(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a, int32_t gamma2)
{
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant a1 != \null ==> \forall integer m; 0 <= m < i ==> 0 <= a1->c[m] <= (KF_MLDSA_Q - 1) / (2 * gamma2) - 1;
        loop invariant a0 != \null ==> \forall integer m; 0 <= m < i ==> -gamma2 <= a0->c[m] <= gamma2;
        loop assigns i, a1->c[0 .. KF_MLDSA_N - 1], a0->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) {
        int32_t r0, r1 = kf_mldsa_decompose1(&r0, a->c[i], gamma2);
        if (a1) a1->c[i] = r1;
        if (a0) a0->c[i] = r0;
    }
}

/*@ requires gamma2 == (KF_MLDSA_Q - 1) / 88 || gamma2 == (KF_MLDSA_Q - 1) / 32;
    requires \valid(h) && \valid_read(r) && \valid_read(rz) && \valid(ones);
    requires \separated(h, r) && \separated(h, rz) && \separated(ones, h) && \separated(ones, r) && \separated(ones, rz);
    requires kf_mldsa_bounded(r, 0, KF_MLDSA_Q - 1) && kf_mldsa_bounded(rz, 0, KF_MLDSA_Q - 1);
    assigns h->c[0 .. KF_MLDSA_N - 1], *ones;
    ensures kf_mldsa_bounded(h, 0, 1); */
void kf_mldsa_make_hint_portable(kf_mldsa_poly *h, const kf_mldsa_poly *r, const kf_mldsa_poly *rz, int32_t gamma2,
                        uint32_t *ones)
{
    uint32_t count = 0;
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer m; 0 <= m < i ==> 0 <= h->c[m] <= 1;
        loop assigns i, count, h->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) {
        uint32_t diff = (uint32_t)(kf_mldsa_decompose1(NULL, r->c[i], gamma2) ^
                                   kf_mldsa_decompose1(NULL, rz->c[i], gamma2));
        uint32_t bit = (diff | (0u - diff)) >> 31; /* 1 iff the high bits differ */
        /*@ assert bit <= 1; */
        h->c[i] = (int32_t)bit;
        count += bit;
    }
    *ones += count;
}

/*@ requires gamma2 == (KF_MLDSA_Q - 1) / 88 || gamma2 == (KF_MLDSA_Q - 1) / 32;
    requires \valid(w1) && \valid_read(r) && \valid_read(h) && \separated(w1, r, h);
    requires \forall integer j; 0 <= j < KF_MLDSA_N ==> 0 <= r->c[j] < KF_MLDSA_Q;
    assigns w1->c[0 .. KF_MLDSA_N - 1];
    ensures \forall integer j; 0 <= j < KF_MLDSA_N ==> 0 <= w1->c[j] < (KF_MLDSA_Q - 1) / (2 * gamma2); */
void kf_mldsa_use_hint_portable(kf_mldsa_poly *w1, const kf_mldsa_poly *r, const kf_mldsa_poly *h, int32_t gamma2)
{
    const int32_t m = (Q - 1) / (2 * gamma2);
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer j; 0 <= j < i ==> 0 <= w1->c[j] < m;
        loop assigns i, w1->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) {
        int32_t r0, r1 = kf_mldsa_decompose1(&r0, r->c[i], gamma2);
        if (h->c[i]) r1 = r0 > 0 ? (r1 + 1 == m ? 0 : r1 + 1) : (r1 == 0 ? m - 1 : r1 - 1);
        w1->c[i] = r1;
    }
}

/*@ requires \valid_read(p) && \valid(over) && \separated(over, p);
    requires kf_mldsa_bounded(p, -6283008, 6283008) && 0 < bound < KF_MLDSA_Q;
    assigns *over;
    ensures in: *over == 0 ==> kf_mldsa_bounded(p, -bound + 1, bound - 1); */
void kf_mldsa_poly_exceeds_portable(const kf_mldsa_poly *p, int32_t bound, uint32_t *over)
{
    uint32_t acc = 0;
    /*@ loop invariant 0 <= i <= KF_MLDSA_N && (acc == 0 || acc == 1);
        loop invariant in: acc == 0 ==> \forall integer j; 0 <= j < i ==> -bound < p->c[j] < bound;
        loop assigns i, acc;
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) {
        int32_t c = p->c[i], s = c >> 31;
        /*@ assert (int32_t)(2 * c) == 2 * c; */
        /*@ assert c < 0 ==> (s & (2 * c)) == 2 * c; */
        /*@ assert c >= 0 ==> (s & (2 * c)) == 0; */
        int32_t abs = c - (s & (2 * c));
        /*@ assert abs == c || abs == -c; */
        /*@ assert u32: (uint32_t)(bound - 1 - abs) == (abs < bound ? bound - 1 - abs : 4294967296 + bound - 1 - abs); */
        /*@ assert sh: ((uint32_t)(bound - 1 - abs) >> 31) == (uint32_t)(bound - 1 - abs) / 2147483648; */
        /*@ assert bit: (uint32_t)(bound - 1 - abs) / 2147483648 == (abs >= bound ? 1 : 0); */
        /*@ assert nb: abs < bound ==> ((uint32_t)(bound - 1 - abs) >> 31) == 0; */
        /*@ assert or: (acc | ((uint32_t)(bound - 1 - abs) >> 31)) == (acc == 0 && abs < bound ? 0 : 1); */
        acc |= (uint32_t)(bound - 1 - abs) >> 31; /* 1 iff abs >= bound */
    }
    /*@ assert over: (*over | acc) == 0 ==> acc == 0; */
    *over |= acc;
}

/* ---- Sign_internal's fused loops: the calls they replace, in order ----------------------- */

/*@ requires gamma2 == (KF_MLDSA_Q - 1) / 88 || gamma2 == (KF_MLDSA_Q - 1) / 32;
    requires \valid(w) && kf_mldsa_bounded(w, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    requires a1 == \null || \valid(a1) && \separated(a1, w);
    requires a0 == \null || \valid(a0) && \separated(a0, w);
    requires a1 == \null || a0 == \null || \separated(a1, a0);
    assigns w->c[0 .. KF_MLDSA_N - 1], a1->c[0 .. KF_MLDSA_N - 1], a0->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(w, 0, KF_MLDSA_Q - 1);
    ensures a1 != \null ==> kf_mldsa_bounded(a1, 0, (KF_MLDSA_Q - 1) / (2 * gamma2) - 1);
    ensures a0 != \null ==> kf_mldsa_bounded(a0, -gamma2, gamma2); */
void kf_mldsa_caddq_decompose_portable(kf_mldsa_poly *a1, kf_mldsa_poly *a0, kf_mldsa_poly *w, int32_t gamma2)
{
    kf_mldsa_poly_caddq_portable(w);
    kf_mldsa_decompose_portable(a1, a0, w, gamma2);
}

/* The wipe of a local polynomial, stated in its own type: a caller assumes only \valid(p) after it.
 * WP assumes a call's precondition after the call; kf_memzero's views the object as bytes, which
 * for a local object is false in WP's Typed model (docs/ASSURANCE.md, "The tool's assumptions"),
 * so every goal after the call would be proved from it. Through a pointer parameter (whose
 * block WP does not size) it is not: the byte view is one justified goal here. */
/*@ requires \valid(p);
    assigns *p; */
static void wipe_poly(kf_mldsa_poly *p)
{
    kf_memzero((uint8_t *)p, sizeof *p);
}

/*@ requires \valid(w) && \valid_read(w0) && \valid_read(cs2) && \valid(over);
    requires \separated(w, w0) && \separated(w, cs2) && \separated(over, w) && \separated(over, w0) && \separated(over, cs2);
    requires kf_mldsa_bounded(w, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && kf_mldsa_bounded(w0, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    requires kf_mldsa_bounded(cs2, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && 0 < bound < KF_MLDSA_Q;
    assigns w->c[0 .. KF_MLDSA_N - 1], *over;
    ensures \forall integer m; 0 <= m < KF_MLDSA_N ==> w->c[m] == \old(w->c[m]) - cs2->c[m]; */
void kf_mldsa_sub_low_exceeds_portable(kf_mldsa_poly *w, const kf_mldsa_poly *w0, const kf_mldsa_poly *cs2,
                                       int32_t bound, uint32_t *over)
{
    kf_mldsa_poly u;
    kf_mldsa_poly_sub_portable(w, w, cs2);
    kf_mldsa_poly_sub_portable(&u, w0, cs2);
    kf_mldsa_poly_reduce_portable(&u);
    kf_mldsa_poly_exceeds_portable(&u, bound, over);
    wipe_poly(&u);
}

/*@ requires \valid(z) && \valid_read(y) && \valid(over);
    requires \separated(z, y) && \separated(over, z) && \separated(over, y);
    requires kf_mldsa_bounded(z, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && kf_mldsa_bounded(y, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    requires 0 < bound < KF_MLDSA_Q;
    assigns z->c[0 .. KF_MLDSA_N - 1], *over;
    ensures kf_mldsa_bounded(z, -6283008, 6283008);
    ensures in: *over == 0 ==> kf_mldsa_bounded(z, -bound + 1, bound - 1); */
void kf_mldsa_add_reduce_exceeds_portable(kf_mldsa_poly *z, const kf_mldsa_poly *y, int32_t bound, uint32_t *over)
{
    kf_mldsa_poly_add_portable(z, z, y);
    kf_mldsa_poly_reduce_portable(z);
    kf_mldsa_poly_exceeds_portable(z, bound, over);
}

/*@ requires gamma2 == (KF_MLDSA_Q - 1) / 88 || gamma2 == (KF_MLDSA_Q - 1) / 32;
    requires \valid(h) && \valid_read(w) && \valid_read(ct0) && \valid(ones) && \valid(over);
    requires \separated(h, w) && \separated(h, ct0) && \separated(ones, over, h, w, ct0);
    requires kf_mldsa_bounded(w, -2 * KF_MLDSA_Q + 2, 2 * KF_MLDSA_Q - 2) && kf_mldsa_bounded(ct0, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    assigns h->c[0 .. KF_MLDSA_N - 1], *ones, *over;
    ensures kf_mldsa_bounded(h, 0, 1); */
void kf_mldsa_hint_row_portable(kf_mldsa_poly *h, const kf_mldsa_poly *w, const kf_mldsa_poly *ct0, int32_t gamma2,
                                uint32_t *ones, uint32_t *over)
{
    kf_mldsa_poly wf = *w, t = *ct0, r;
    /*@ assert \forall integer m; 0 <= m < KF_MLDSA_N ==> wf.c[m] == w->c[m] && t.c[m] == ct0->c[m]; */
    kf_mldsa_poly_freeze_portable(&wf);
    kf_mldsa_poly_reduce_portable(&t);
    kf_mldsa_poly_exceeds_portable(&t, gamma2, over);
    kf_mldsa_poly_add_portable(&r, &wf, &t);
    kf_mldsa_poly_freeze_portable(&r);
    kf_mldsa_make_hint_portable(h, &r, &wf, gamma2, ones);
    wipe_poly(&wf);
    wipe_poly(&t);
    wipe_poly(&r);
}

/*@ requires \valid(t1) && \valid(t0) && \valid_read(t) && \valid_read(s2) && \separated(t1, t0);
    requires kf_mldsa_bounded(t, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) && kf_mldsa_bounded(s2, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    assigns t1->c[0 .. KF_MLDSA_N - 1], t0->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(t1, 0, 1023) && kf_mldsa_bounded(t0, -4095, 4096); */
void kf_mldsa_add_power2round_portable(kf_mldsa_poly *t1, kf_mldsa_poly *t0, const kf_mldsa_poly *t,
                                       const kf_mldsa_poly *s2)
{
    kf_mldsa_poly x;
    kf_mldsa_poly_add_portable(&x, t, s2);
    kf_mldsa_poly_freeze_portable(&x);
    kf_mldsa_power2round_portable(t1, t0, &x);
    wipe_poly(&x);
}

/* ---- c s1, c s2 by the sparse c ------------------------------------------------------------ */

/*@ requires \valid(e + (0 .. 3 * KF_MLDSA_N - 1)) && \valid_read(s) && \separated(e + (0 .. 3 * KF_MLDSA_N - 1), s);
    requires kf_mldsa_bounded(s, -32767, 32767);
    assigns e[0 .. 3 * KF_MLDSA_N - 1]; */
void kf_mldsa_sparse_prep16(int16_t e[3 * KF_MLDSA_N], const kf_mldsa_poly *s)
{
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop assigns i, e[0 .. 3 * KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) {
        e[i] = (int16_t)-s->c[i];
        e[N + i] = (int16_t)s->c[i];
        e[2 * N + i] = (int16_t)-s->c[i];
    }
}

/*@ requires \valid(e + (0 .. 3 * KF_MLDSA_N - 1)) && \valid_read(s) && \separated(e + (0 .. 3 * KF_MLDSA_N - 1), s);
    requires kf_mldsa_bounded(s, -127, 127);
    assigns e[0 .. 3 * KF_MLDSA_N - 1]; */
void kf_mldsa_sparse_prep8(int8_t e[3 * KF_MLDSA_N], const kf_mldsa_poly *s)
{
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop assigns i, e[0 .. 3 * KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) {
        e[i] = (int8_t)-s->c[i];
        e[N + i] = (int8_t)s->c[i];
        e[2 * N + i] = (int8_t)-s->c[i];
    }
}

#ifdef KF_MLDSA_HAVE_AVX2
/* kf_mldsa_sparse's narrow for smax and tau */
static unsigned sparse_narrow(int32_t smax, unsigned tau)
{
    if (smax >= 1 && smax <= 127 && kf_mldsa_arith_avx2()) {
        const unsigned group = 127 / (unsigned)smax;
        if (2 * group >= tau) return group;
    }
    return 0;
}
#endif

void kf_mldsa_sparse_prep(kf_mldsa_sparse *e, const kf_mldsa_poly *s, int32_t smax, unsigned tau)
{
    e->narrow = 0;
#ifdef KF_MLDSA_HAVE_AVX2
    e->narrow = sparse_narrow(smax, tau);
    if (e->narrow) {
        kf_mldsa_sparse_prep8(e->e.b, s);
        memcpy(e->e.b + KF_MLDSA_SPARSE8_COPY, e->e.b, 3 * N); /* the second copy (poly.h) */
        return;
    }
#endif
    (void)smax;
    (void)tau;
    kf_mldsa_sparse_prep16(e->e.w, s);
}

uint32_t kf_mldsa_sparse_prep_packed(kf_mldsa_sparse *e, const uint8_t *in, unsigned bits, int32_t eta, unsigned tau)
{
    uint32_t over = 0;
#ifdef KF_MLDSA_HAVE_AVX2
    e->narrow = sparse_narrow(eta, tau);
    if (e->narrow && kf_mldsa_sparse_unpack8_avx2(e->e.b, e->e.b + KF_MLDSA_SPARSE8_COPY, in, bits, eta, &over))
        return over;
#endif
    kf_mldsa_poly s;
    if (bits == 3) /* the two widths as constants: each call's bounds without a shift by a variable */
        kf_mldsa_unpack_offset(&s, in, 3, eta);
    else
        kf_mldsa_unpack_offset(&s, in, 4, eta);
    /*@ assert kf_mldsa_bounded(&s, -11, 4); */
    kf_mldsa_poly_exceeds(&s, eta + 1, &over); /* |s| > eta: s = eta - v < -eta */
    kf_mldsa_sparse_prep(e, &s, eta, tau);
    wipe_poly(&s);
    return over;
}

/*@ requires \valid(off + (0 .. KF_MLDSA_N - 1)) && \valid_read(c) && \separated(off + (0 .. KF_MLDSA_N - 1), c);
    assigns off[0 .. KF_MLDSA_N - 1];
    ensures \result <= KF_MLDSA_N && \forall integer t; 0 <= t < \result ==> 1 <= off[t] <= 512;
    ensures weight: \result == kf_mldsa_weight(c, KF_MLDSA_N); */
unsigned kf_mldsa_challenge_offsets_portable(uint16_t off[KF_MLDSA_N], const kf_mldsa_poly *c)
{
    unsigned n = 0;
    /*@ loop invariant 0 <= n <= j <= KF_MLDSA_N;
        loop invariant \forall integer t; 0 <= t < n ==> 1 <= off[t] <= 512;
        loop invariant weight: n == kf_mldsa_weight(c, j);
        loop assigns j, n, off[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - j; */
    for (unsigned j = 0; j < N; j++) { /* without a branch per coefficient (random: mispredicted) */
        const int32_t v = c->c[j];
        /*@ assert ((uint32_t)v >> 31) <= 1; */
        off[n] = (uint16_t)(N + (((uint32_t)v >> 31) << 8) - j); /* 256 - j for 1, 512 - j for -1 */
        n += (unsigned)(v != 0);
    }
    return n;
}

unsigned kf_mldsa_challenge_offsets(uint16_t off[KF_MLDSA_N], const kf_mldsa_poly *c)
{
#ifdef KF_MLDSA_HAVE_AVX512
    if (kf_mldsa_sample_avx512()) return kf_mldsa_challenge_offsets_avx512(off, c); /* 468 -> ~100 ticks */
#endif
    return kf_mldsa_challenge_offsets_portable(off, c);
}

/*@ requires n <= KF_MLDSA_N && \valid(r) && \valid_read(e + (0 .. 3 * KF_MLDSA_N - 1)) && \valid_read(off + (0 .. n - 1));
    requires \separated(r, e + (0 .. 3 * KF_MLDSA_N - 1)) && \separated(r, off + (0 .. n - 1));
    requires \forall integer t; 0 <= t < n ==> off[t] <= 512;
    assigns r->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(r, -32768 * n, 32768 * n); */
void kf_mldsa_sparse_mul_portable(kf_mldsa_poly *r, const int16_t e[3 * KF_MLDSA_N], const uint16_t *off,
                                  unsigned n)
{
    /* term by term over the whole polynomial: the inner loop reads e contiguously, which the
     * compiler vectorises (coefficient by coefficient, each read was a gather: ML-DSA sign with
     * the portable arithmetic ran 8-25% slower than with the NTT products before a87da9a) */
    /*@ loop invariant 0 <= i <= KF_MLDSA_N;
        loop invariant \forall integer m; 0 <= m < i ==> r->c[m] == 0;
        loop assigns i, r->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < N; i++) r->c[i] = 0;
    /*@ loop invariant 0 <= t <= n;
        loop invariant \forall integer m; 0 <= m < KF_MLDSA_N ==> -32768 * t <= r->c[m] <= 32768 * t;
        loop assigns t, r->c[0 .. KF_MLDSA_N - 1];
        loop variant n - t; */
    for (unsigned t = 0; t < n; t++) {
        const int16_t *et = e + off[t];
        /*@ loop invariant 0 <= i <= KF_MLDSA_N;
            loop invariant \forall integer m; 0 <= m < i ==> -32768 * (t + 1) <= r->c[m] <= 32768 * (t + 1);
            loop invariant \forall integer m; i <= m < KF_MLDSA_N ==> -32768 * t <= r->c[m] <= 32768 * t;
            loop assigns i, r->c[0 .. KF_MLDSA_N - 1];
            loop variant KF_MLDSA_N - i; */
        for (unsigned i = 0; i < N; i++) r->c[i] += et[i];
    }
}

/* ---- the public names: the portable C or the AVX2 code, as arith.c chose (arith.h) ------ */

void kf_mldsa_poly_reduce(kf_mldsa_poly *p) { KF_MLDSA_ARITH(kf_mldsa_poly_reduce, (p)); }
void kf_mldsa_poly_caddq(kf_mldsa_poly *p) { KF_MLDSA_ARITH(kf_mldsa_poly_caddq, (p)); }
void kf_mldsa_poly_freeze(kf_mldsa_poly *p) { KF_MLDSA_ARITH(kf_mldsa_poly_freeze, (p)); }
void kf_mldsa_poly_add(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b)
{
    KF_MLDSA_ARITH(kf_mldsa_poly_add, (r, a, b));
}
void kf_mldsa_poly_sub(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b)
{
    KF_MLDSA_ARITH(kf_mldsa_poly_sub, (r, a, b));
}
void kf_mldsa_poly_shiftl(kf_mldsa_poly *r, const kf_mldsa_poly *a) { KF_MLDSA_ARITH(kf_mldsa_poly_shiftl, (r, a)); }
void kf_mldsa_ntt(kf_mldsa_poly *p) { KF_MLDSA_ARITH512(kf_mldsa_ntt, (p)); }
void kf_mldsa_invntt_tomont(kf_mldsa_poly *p) { KF_MLDSA_ARITH512(kf_mldsa_invntt_tomont, (p)); }
void kf_mldsa_pointwise(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b)
{
    KF_MLDSA_ARITH512(kf_mldsa_pointwise, (r, a, b));
}
void kf_mldsa_pointwise_acc(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b)
{
    KF_MLDSA_ARITH512(kf_mldsa_pointwise_acc, (r, a, b));
}
void kf_mldsa_pointwise_acc_vec(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b, unsigned n)
{
    KF_MLDSA_ARITH512(kf_mldsa_pointwise_acc_vec, (r, a, b, n));
}
void kf_mldsa_pointwise_acc_vec_plus(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b, unsigned n,
                                     const kf_mldsa_poly *c, const kf_mldsa_poly *d)
{
    KF_MLDSA_ARITH(kf_mldsa_pointwise_acc_vec_plus, (r, a, b, n, c, d));
}
void kf_mldsa_power2round(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a)
{
    KF_MLDSA_ARITH(kf_mldsa_power2round, (a1, a0, a));
}
void kf_mldsa_decompose(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a, int32_t gamma2)
{
    KF_MLDSA_ARITH(kf_mldsa_decompose, (a1, a0, a, gamma2));
}
void kf_mldsa_make_hint(kf_mldsa_poly *h, const kf_mldsa_poly *r, const kf_mldsa_poly *rz, int32_t gamma2,
                        uint32_t *ones)
{
    KF_MLDSA_ARITH(kf_mldsa_make_hint, (h, r, rz, gamma2, ones));
}
void kf_mldsa_use_hint(kf_mldsa_poly *w1, const kf_mldsa_poly *r, const kf_mldsa_poly *h, int32_t gamma2)
{
    KF_MLDSA_ARITH(kf_mldsa_use_hint, (w1, r, h, gamma2));
}
void kf_mldsa_poly_exceeds(const kf_mldsa_poly *p, int32_t bound, uint32_t *over)
{
    KF_MLDSA_ARITH(kf_mldsa_poly_exceeds, (p, bound, over));
}

void kf_mldsa_caddq_decompose(kf_mldsa_poly *a1, kf_mldsa_poly *a0, kf_mldsa_poly *w, int32_t gamma2)
{
    KF_MLDSA_ARITH(kf_mldsa_caddq_decompose, (a1, a0, w, gamma2));
}
void kf_mldsa_sub_low_exceeds(kf_mldsa_poly *w, const kf_mldsa_poly *w0, const kf_mldsa_poly *cs2, int32_t bound,
                              uint32_t *over)
{
    KF_MLDSA_ARITH(kf_mldsa_sub_low_exceeds, (w, w0, cs2, bound, over));
}
void kf_mldsa_add_reduce_exceeds(kf_mldsa_poly *z, const kf_mldsa_poly *y, int32_t bound, uint32_t *over)
{
    KF_MLDSA_ARITH(kf_mldsa_add_reduce_exceeds, (z, y, bound, over));
}
void kf_mldsa_hint_row(kf_mldsa_poly *h, const kf_mldsa_poly *w, const kf_mldsa_poly *ct0, int32_t gamma2,
                       uint32_t *ones, uint32_t *over)
{
    KF_MLDSA_ARITH(kf_mldsa_hint_row, (h, w, ct0, gamma2, ones, over));
}

void kf_mldsa_add_power2round(kf_mldsa_poly *t1, kf_mldsa_poly *t0, const kf_mldsa_poly *t, const kf_mldsa_poly *s2)
{
    KF_MLDSA_ARITH(kf_mldsa_add_power2round, (t1, t0, t, s2));
}
void kf_mldsa_sparse_mul(kf_mldsa_poly *r, const kf_mldsa_sparse *e, const uint16_t *off, unsigned n)
{
#ifdef KF_MLDSA_HAVE_AVX2
    if (e->narrow) { /* set only with the AVX2 code in use (kf_mldsa_sparse_prep) */
        kf_mldsa_sparse_mul8_avx2(r, e->e.b, e->e.b + KF_MLDSA_SPARSE8_COPY, off, n, e->narrow);
        return;
    }
#endif
    KF_MLDSA_ARITH(kf_mldsa_sparse_mul, (r, e->e.w, off, n));
}

void kf_mldsa_sparse_sub_low_exceeds(kf_mldsa_poly *w, const kf_mldsa_poly *w0, kf_mldsa_poly *tmp,
                                     const kf_mldsa_sparse *e, const uint16_t *off, unsigned n, int32_t bound,
                                     uint32_t *over)
{
#ifdef KF_MLDSA_HAVE_AVX2
    if (e->narrow) { /* set only with the AVX2 code in use (kf_mldsa_sparse_prep) */
        kf_mldsa_sparse_sub_low8_avx2(w, w0, tmp, e->e.b, e->e.b + KF_MLDSA_SPARSE8_COPY, off, n, e->narrow, bound,
                                      over);
        return;
    }
#endif
    kf_mldsa_sparse_mul(tmp, e, off, n);
    kf_mldsa_sub_low_exceeds(w, w0, tmp, bound, over);
}

void kf_mldsa_sparse_add_reduce_exceeds(kf_mldsa_poly *z, const kf_mldsa_poly *y, const kf_mldsa_sparse *e,
                                        const uint16_t *off, unsigned n, int32_t bound, uint32_t *over)
{
#ifdef KF_MLDSA_HAVE_AVX2
    if (e->narrow) {
        kf_mldsa_sparse_add_reduce8_avx2(z, y, e->e.b, e->e.b + KF_MLDSA_SPARSE8_COPY, off, n, e->narrow, bound, over);
        return;
    }
#endif
    kf_mldsa_sparse_mul(z, e, off, n);
    kf_mldsa_add_reduce_exceeds(z, y, bound, over);
}

/* ---- bit packing (§7.1) ------------------------------------------------------------------ */

/* 256 values of 'bits' bits, least significant bit first (BitsToBytes of Alg. 16's bit string),
 * in groups of 8 values (= 'bits' whole bytes). The group functions are inlined with 'bits'
 * and 'negate' constant for each width FIPS 204 uses, so each becomes straight-line code
 * (2.6-4.4x faster than one loop for every width, docs/BENCHMARKS.md); same bytes either way. */
#if defined(__GNUC__) || defined(__clang__)
#define PACK_INLINE static inline __attribute__((always_inline))
#else
#define PACK_INLINE static inline
#endif

/*@ requires kf_mldsa_width(bits) && 2 <= (1 << bits) <= 1048576 && \valid(out + (0 .. bits - 1)) && \valid_read(c + (0 .. 7));
    requires \separated(out + (0 .. bits - 1), c + (0 .. 7));
    requires negate != 0 ==> -1048576 <= b <= 1048576 && \forall integer k; 0 <= k < 8 ==> -1073741824 <= c[k] <= 1073741824;
    assigns out[0 .. bits - 1]; */
PACK_INLINE void pack8(uint8_t *out, const int32_t *c, unsigned bits, int negate, int32_t b)
{
    uint64_t acc = 0;
    unsigned have = 0;
    /*@ loop invariant 0 <= j <= 8 && 0 <= have < 8;
        loop invariant (kf_mldsa_mul(j, bits) - have) % 8 == 0 && out == \at(out, Pre) + (kf_mldsa_mul(j, bits) - have) / 8;
        loop assigns j, acc, have, out, \at(out, Pre)[0 .. bits - 1];
        loop variant 8 - j; */
    for (unsigned j = 0; j < 8; j++) {
        uint32_t v = (uint32_t)(negate ? b - c[j] : c[j]) & ((1u << bits) - 1);
        acc |= (uint64_t)v << have;
        /*@ assert kf_mldsa_mul(j + 1, bits) == kf_mldsa_mul(j, bits) + bits && kf_mldsa_mul(j + 1, bits) <= 8 * bits; */
        /*@ loop invariant 0 <= have < 8 + bits;
            loop invariant (kf_mldsa_mul(j + 1, bits) - have) % 8 == 0 && out == \at(out, Pre) + (kf_mldsa_mul(j + 1, bits) - have) / 8;
            loop assigns have, acc, out, \at(out, Pre)[0 .. bits - 1];
            loop variant have; */
        for (have += bits; have >= 8; have -= 8) {
            *out++ = (uint8_t)acc;
            acc >>= 8;
        }
    }
}

/*@ requires kf_mldsa_width(bits) && 2 <= (1 << bits) <= 1048576 && \valid(c + (0 .. 7)) && \valid_read(in + (0 .. bits - 1));
    requires \separated(c + (0 .. 7), in + (0 .. bits - 1));
    requires negate != 0 ==> -1048576 <= b <= 1048576;
    assigns c[0 .. 7];
    ensures negate != 0 ==> \forall integer k; 0 <= k < 8 ==> b - (1 << bits) + 1 <= c[k] <= b;
    ensures negate == 0 ==> \forall integer k; 0 <= k < 8 ==> 0 <= c[k] <= (1 << bits) - 1; */
PACK_INLINE void unpack8(int32_t *c, const uint8_t *in, unsigned bits, int negate, int32_t b)
{
    uint64_t acc = 0;
    unsigned have = 0;
    /*@ loop invariant 0 <= j <= 8 && 0 <= have < 8;
        loop invariant (kf_mldsa_mul(j, bits) + have) % 8 == 0 && in == \at(in, Pre) + (kf_mldsa_mul(j, bits) + have) / 8;
        loop invariant negate != 0 ==> \forall integer k; 0 <= k < j ==> b - (1 << bits) + 1 <= c[k] <= b;
        loop invariant negate == 0 ==> \forall integer k; 0 <= k < j ==> 0 <= c[k] <= (1 << bits) - 1;
        loop assigns j, acc, have, in, c[0 .. 7];
        loop variant 8 - j; */
    for (unsigned j = 0; j < 8; j++) {
        /*@ assert kf_mldsa_mul(j + 1, bits) == kf_mldsa_mul(j, bits) + bits && kf_mldsa_mul(j + 1, bits) <= 8 * bits; */
        /*@ loop invariant 0 <= have < 8 + bits;
            loop invariant (kf_mldsa_mul(j, bits) + have) % 8 == 0 && in == \at(in, Pre) + (kf_mldsa_mul(j, bits) + have) / 8;
            loop assigns have, acc, in;
            loop variant bits - have; */
        for (; have < bits; have += 8) acc |= (uint64_t)*in++ << have;
        /*@ assert (1u << bits) - 1 == (1 << bits) - 1; */
        /*@ assert 0 <= (acc & ((1u << bits) - 1)) <= (1 << bits) - 1; */
        int32_t v = (int32_t)(acc & ((1u << bits) - 1));
        /*@ assert 0 <= v <= (1 << bits) - 1; */
        acc >>= bits;
        have -= bits;
        c[j] = negate ? b - v : v;
    }
}

/* The 256 values of p in groups of 8 (bits bytes each); inlined with bits constant (below). */
/*@ requires kf_mldsa_width(bits) && 2 <= (1 << bits) <= 1048576 && \valid(out + (0 .. 32 * bits - 1)) && \valid_read(p);
    requires \separated(out + (0 .. 32 * bits - 1), p);
    requires negate != 0 ==> -1048576 <= b <= 1048576 && kf_mldsa_bounded(p, -1073741824, 1073741824);
    assigns out[0 .. 32 * bits - 1]; */
PACK_INLINE void pack_poly(uint8_t *out, const kf_mldsa_poly *p, unsigned bits, int negate, int32_t b)
{
    /*@ loop invariant 0 <= i <= N && i % 8 == 0;
        loop assigns i, out[0 .. 32 * bits - 1];
        loop variant N - i; */
    for (unsigned i = 0; i < N; i += 8) {
        /*@ assert i / 8 * bits == kf_mldsa_mul(i / 8, bits) && kf_mldsa_mul(i / 8, bits) + bits <= 32 * bits; */
        pack8(out + i / 8 * bits, p->c + i, bits, negate, b);
    }
}

/*@ requires kf_mldsa_width(bits) && 2 <= (1 << bits) <= 1048576 && \valid(p) && \valid_read(in + (0 .. 32 * bits - 1));
    requires \separated(p, in + (0 .. 32 * bits - 1));
    requires negate != 0 ==> -1048576 <= b <= 1048576;
    assigns p->c[0 .. N - 1];
    ensures negate != 0 ==> kf_mldsa_bounded(p, b - (1 << bits) + 1, b);
    ensures negate == 0 ==> kf_mldsa_bounded(p, 0, (1 << bits) - 1); */
PACK_INLINE void unpack_poly(kf_mldsa_poly *p, const uint8_t *in, unsigned bits, int negate, int32_t b)
{
    /*@ loop invariant 0 <= i <= N && i % 8 == 0;
        loop invariant negate != 0 ==> \forall integer k; 0 <= k < i ==> b - (1 << bits) + 1 <= p->c[k] <= b;
        loop invariant negate == 0 ==> \forall integer k; 0 <= k < i ==> 0 <= p->c[k] <= (1 << bits) - 1;
        loop assigns i, p->c[0 .. N - 1];
        loop variant N - i; */
    for (unsigned i = 0; i < N; i += 8) {
        /*@ assert i / 8 * bits == kf_mldsa_mul(i / 8, bits) && kf_mldsa_mul(i / 8, bits) + bits <= 32 * bits; */
        unpack8(p->c + i, in + i / 8 * bits, bits, negate, b);
    }
}

/* One inlined copy per width FIPS 204 uses: eta (3, 4), w1 (4, 6), t1 (10), t0 (13), z (18, 20). */
/*@ requires kf_mldsa_fips_width(bits) && \valid(out + (0 .. 32 * bits - 1)) && \valid_read(p);
    requires \separated(out + (0 .. 32 * bits - 1), p);
    requires negate != 0 ==> -1048576 <= b <= 1048576 && kf_mldsa_bounded(p, -1073741824, 1073741824);
    assigns out[0 .. 32 * bits - 1]; */
PACK_INLINE void pack_values(uint8_t *out, const kf_mldsa_poly *p, unsigned bits, int negate, int32_t b)
{
    /*@ assert kf_mldsa_width(3) && kf_mldsa_width(4) && kf_mldsa_width(6) && kf_mldsa_width(10); */
    /*@ assert kf_mldsa_width(13) && kf_mldsa_width(18) && kf_mldsa_width(20); */
    switch (bits) {
    case 3: pack_poly(out, p, 3, negate, b); return;
    case 4: pack_poly(out, p, 4, negate, b); return;
    case 6: pack_poly(out, p, 6, negate, b); return;
    case 10: pack_poly(out, p, 10, negate, b); return;
    case 13: pack_poly(out, p, 13, negate, b); return;
    case 18: pack_poly(out, p, 18, negate, b); return;
    case 20: pack_poly(out, p, 20, negate, b); return;
    default: pack_poly(out, p, bits, negate, b);
    }
}

/*@ requires kf_mldsa_fips_width(bits) && \valid(p) && \valid_read(in + (0 .. 32 * bits - 1));
    requires \separated(p, in + (0 .. 32 * bits - 1));
    requires negate != 0 ==> -1048576 <= b <= 1048576;
    assigns p->c[0 .. N - 1];
    ensures negate != 0 ==> kf_mldsa_bounded(p, b - (1 << bits) + 1, b);
    ensures negate == 0 ==> kf_mldsa_bounded(p, 0, (1 << bits) - 1); */
PACK_INLINE void unpack_values(kf_mldsa_poly *p, const uint8_t *in, unsigned bits, int negate, int32_t b)
{
    /*@ assert kf_mldsa_width(3) && kf_mldsa_width(4) && kf_mldsa_width(6) && kf_mldsa_width(10); */
    /*@ assert kf_mldsa_width(13) && kf_mldsa_width(18) && kf_mldsa_width(20); */
    switch (bits) {
    case 3: unpack_poly(p, in, 3, negate, b); return;
    case 4: unpack_poly(p, in, 4, negate, b); return;
    case 6: unpack_poly(p, in, 6, negate, b); return;
    case 10: unpack_poly(p, in, 10, negate, b); return;
    case 13: unpack_poly(p, in, 13, negate, b); return;
    case 18: unpack_poly(p, in, 18, negate, b); return;
    case 20: unpack_poly(p, in, 20, negate, b); return;
    default: unpack_poly(p, in, bits, negate, b);
    }
}

void kf_mldsa_pack_simple(uint8_t *out, const kf_mldsa_poly *p, unsigned bits)
{
#ifdef KF_MLDSA_HAVE_AVX2
    if (kf_mldsa_arith_avx2() && kf_mldsa_pack_simple_avx2(out, p, bits)) return;
#endif
    pack_values(out, p, bits, 0, 0);
}

void kf_mldsa_unpack_simple(kf_mldsa_poly *p, const uint8_t *in, unsigned bits)
{
#ifdef KF_MLDSA_HAVE_AVX2
    if (kf_mldsa_arith_avx2() && kf_mldsa_unpack_simple_avx2(p, in, bits)) return;
#endif
    unpack_values(p, in, bits, 0, 0);
}

void kf_mldsa_pack_offset(uint8_t *out, const kf_mldsa_poly *p, unsigned bits, int32_t b)
{
#ifdef KF_MLDSA_HAVE_AVX2
    if (kf_mldsa_arith_avx2() && kf_mldsa_pack_offset_avx2(out, p, bits, b)) return;
#endif
    pack_values(out, p, bits, 1, b);
}

void kf_mldsa_unpack_offset(kf_mldsa_poly *p, const uint8_t *in, unsigned bits, int32_t b)
{
#ifdef KF_MLDSA_HAVE_AVX2
    if (kf_mldsa_arith_avx2() && kf_mldsa_unpack_offset_avx2(p, in, bits, b)) return;
#endif
    unpack_values(p, in, bits, 1, b);
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_mldsa_simd.c - ML-DSA's AVX2 and AVX-512 arithmetic (src/mldsa/x86_64/) against the portable C
 * (src/mldsa/poly.c) on random and extreme inputs: every AVX2 function must give the
 * portable output bit for bit (poly_avx2.h), for every input its contract allows.
 *
 * NTT and inverse NTT (|c| < q, and the two ends only), the pointwise products and their
 * sums over 1..7 terms (|c| < 9q), reduce32 / caddq / freeze, add, sub, shift by d,
 * Power2Round, Decompose for both gamma2 on every value of [0, q) (with either output NULL),
 * MakeHint (and its count of ones), UseHint on every value of [0, q) with the hint set and
 * clear, and the norm check with coefficients at bound - 1, bound and their negatives;
 * RejNTTPoly's rejection (against Alg. 14 / 30 written out here, candidates at q - 2 .. q + 1
 * and 2^23 - 1, every starting count and buffer length), RejBoundedPoly's for eta 2 and 4
 * (against Alg. 15 / 31 written out here), ExpandA and ExpandS; w1Encode's 4- and 6-bit
 * packing (nothing written past its bytes) and the 18- / 20-bit unpacking of y and z; then
 * whole key generation and signing (deterministic) under each arithmetic, byte for byte. The
 * AVX-512 NTT, inverse NTT and products where the CPU has AVX-512 F (said in the output).
 * Skipped (exit 77) on a CPU without AVX2.
 */
#include "keccak/keccak_backend.h"
#include "mldsa/arith.h"
#include "mldsa/packing.h"
#include "mldsa/poly.h"
#include "mldsa/sampling.h"
#include "mldsa/x86_64/poly_avx2.h"
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#define N KF_MLDSA_N
#define Q KF_MLDSA_Q
#define TRIALS 2000

static const int32_t gammas2[2] = {(Q - 1) / 88, (Q - 1) / 32};

/* Uniform in [lo, hi], inclusive. */
static int32_t rnd_in(int64_t lo, int64_t hi)
{
    return (int32_t)(lo + (int64_t)(rnd() % (uint64_t)(hi - lo + 1)));
}

/* Random coefficients in [lo, hi]; one trial in 8 takes only the two ends (the extremes). */
static void rnd_poly(kf_mldsa_poly *p, int64_t lo, int64_t hi)
{
    int ends = rnd_below(8) == 0;
    for (unsigned i = 0; i < N; i++) p->c[i] = ends ? (int32_t)(rnd() & 1 ? lo : hi) : rnd_in(lo, hi);
}

static int same(const kf_mldsa_poly *a, const kf_mldsa_poly *b)
{
    return memcmp(a->c, b->c, sizeof a->c) == 0;
}

static int have512; /* the CPU runs ntt_avx512.c */
static int have_sample512; /* the CPU runs sampling_avx512.c */

static void test_ntt(void)
{
    kf_mldsa_poly x, y, z;
    for (int t = 0; t < TRIALS; t++) {
        rnd_poly(&x, -(Q - 1), Q - 1);
        y = z = x;
        kf_mldsa_ntt_portable(&x);
        kf_mldsa_ntt_avx2(&y);
        CHECK(same(&x, &y), "NTT, trial %d", t);
        if (have512) {
            kf_mldsa_ntt_avx512(&z);
            CHECK(same(&x, &z), "AVX-512 NTT, trial %d", t);
        }
        rnd_poly(&x, -(Q - 1), Q - 1);
        y = z = x;
        kf_mldsa_invntt_tomont_portable(&x);
        kf_mldsa_invntt_tomont_avx2(&y);
        CHECK(same(&x, &y), "inverse NTT, trial %d", t);
        if (have512) {
            kf_mldsa_invntt_tomont_avx512(&z);
            CHECK(same(&x, &z), "AVX-512 inverse NTT, trial %d", t);
        }
    }
}

static void test_pointwise(void)
{
    static kf_mldsa_poly a[8], b[8];
    kf_mldsa_poly r1, r2;
    for (int t = 0; t < TRIALS; t++) {
        unsigned n = 1 + (unsigned)rnd_below(7);
        for (unsigned j = 0; j <= n; j++) { /* a[n], b[n]: pointwise_acc_vec_plus's extra term */ /* a: A's range (pointwise_acc_vec's contract), b: an NTT's */
            rnd_poly(&a[j], -(Q - 1), Q - 1);
            rnd_poly(&b[j], -(9 * (int64_t)Q - 1), 9 * (int64_t)Q - 1);
        }
        kf_mldsa_pointwise_portable(&r1, &b[n - 1], &b[0]);
        kf_mldsa_pointwise_avx2(&r2, &b[n - 1], &b[0]);
        CHECK(same(&r1, &r2), "pointwise, trial %d", t);
        rnd_poly(&r1, -(Q - 1), Q - 1);
        r2 = r1;
        kf_mldsa_pointwise_acc_portable(&r1, &b[n - 1], &b[0]);
        kf_mldsa_pointwise_acc_avx2(&r2, &b[n - 1], &b[0]);
        CHECK(same(&r1, &r2), "pointwise_acc, trial %d", t);
        kf_mldsa_pointwise_acc_vec_portable(&r1, a, b, n);
        kf_mldsa_pointwise_acc_vec_avx2(&r2, a, b, n);
        CHECK(same(&r1, &r2), "pointwise_acc_vec n=%u, trial %d", n, t);
        for (unsigned i = 0; i < N; i++) CHECK(r1.c[i] > -Q && r1.c[i] < Q, "pointwise_acc_vec bound, trial %d", t);
        /* Verify's row sum with c o t1 as one more term: the portable one equals the n + 1 term
         * sum, the AVX2 one the portable one (n up to 7, so 8 terms: its bound 72 q^2) */
        kf_mldsa_pointwise_acc_vec_portable(&r1, a, b, n + 1);
        kf_mldsa_pointwise_acc_vec_plus_portable(&r2, a, b, n, &a[n], &b[n]);
        CHECK(same(&r1, &r2), "pointwise_acc_vec_plus portable n=%u, trial %d", n, t);
        kf_mldsa_pointwise_acc_vec_plus_avx2(&r2, a, b, n, &a[n], &b[n]);
        CHECK(same(&r1, &r2), "pointwise_acc_vec_plus n=%u, trial %d", n, t);
        for (unsigned i = 0; i < N; i++)
            CHECK(r1.c[i] > -Q && r1.c[i] < Q, "pointwise_acc_vec_plus bound, trial %d", t);
        kf_mldsa_pointwise_acc_vec_portable(&r1, a, b, n);
        if (have512) {
            kf_mldsa_pointwise_acc_vec_avx512(&r2, a, b, n);
            CHECK(same(&r1, &r2), "AVX-512 pointwise_acc_vec n=%u, trial %d", n, t);
            kf_mldsa_pointwise_portable(&r1, &b[0], &b[n - 1]);
            kf_mldsa_pointwise_avx512(&r2, &b[0], &b[n - 1]);
            CHECK(same(&r1, &r2), "AVX-512 pointwise, trial %d", t);
            r2 = r1;
            kf_mldsa_pointwise_acc_portable(&r1, &b[n - 1], &b[0]);
            kf_mldsa_pointwise_acc_avx512(&r2, &b[n - 1], &b[0]);
            CHECK(same(&r1, &r2), "AVX-512 pointwise_acc, trial %d", t);
        }
    }
}

static void test_coefficientwise(void)
{
    const int64_t rmax = (1ll << 31) - (1 << 22) - 1; /* reduce32's input bound */
    kf_mldsa_poly a, b, r1, r2, s1, s2;
    for (int t = 0; t < TRIALS; t++) {
        rnd_poly(&a, -rmax, rmax);
        r1 = r2 = a;
        kf_mldsa_poly_reduce_portable(&r1);
        kf_mldsa_poly_reduce_avx2(&r2);
        CHECK(same(&r1, &r2), "reduce, trial %d", t);
        r1 = r2 = a;
        kf_mldsa_poly_freeze_portable(&r1);
        kf_mldsa_poly_freeze_avx2(&r2);
        CHECK(same(&r1, &r2), "freeze, trial %d", t);
        rnd_poly(&a, INT32_MIN, INT32_MAX);
        r1 = r2 = a;
        kf_mldsa_poly_caddq_portable(&r1);
        kf_mldsa_poly_caddq_avx2(&r2);
        CHECK(same(&r1, &r2), "caddq, trial %d", t);
        rnd_poly(&a, -(1 << 30), (1 << 30) - 1);
        rnd_poly(&b, -(1 << 30), (1 << 30));
        kf_mldsa_poly_add_portable(&r1, &a, &b);
        kf_mldsa_poly_add_avx2(&r2, &a, &b);
        CHECK(same(&r1, &r2), "add, trial %d", t);
        kf_mldsa_poly_sub_portable(&r1, &a, &b);
        kf_mldsa_poly_sub_avx2(&r2, &a, &b);
        CHECK(same(&r1, &r2), "sub, trial %d", t);
        rnd_poly(&a, 0, (1 << 10) - 1);
        kf_mldsa_poly_shiftl_portable(&r1, &a);
        kf_mldsa_poly_shiftl_avx2(&r2, &a);
        CHECK(same(&r1, &r2), "shiftl, trial %d", t);
        rnd_poly(&a, 0, Q - 1);
        kf_mldsa_power2round_portable(&r1, &s1, &a);
        kf_mldsa_power2round_avx2(&r2, &s2, &a);
        CHECK(same(&r1, &r2) && same(&s1, &s2), "power2round, trial %d", t);
    }
}

/* Decompose and UseHint on every value of [0, q), for both gamma2. */
static void test_rounding_every_value(void)
{
    kf_mldsa_poly a, h, r1, r2, s1, s2;
    for (int g = 0; g < 2; g++) {
        int bad = 0;
        for (int32_t base = 0; base < Q; base += N) {
            for (unsigned i = 0; i < N; i++) a.c[i] = base + (int32_t)i < Q ? base + (int32_t)i : Q - 1;
            kf_mldsa_decompose_portable(&r1, &s1, &a, gammas2[g]);
            kf_mldsa_decompose_avx2(&r2, &s2, &a, gammas2[g]);
            bad += !same(&r1, &r2) || !same(&s1, &s2);
            memset(&r2, 0x55, sizeof r2);
            kf_mldsa_decompose_avx2(&r2, NULL, &a, gammas2[g]);
            bad += !same(&r1, &r2);
            memset(&s2, 0x55, sizeof s2);
            kf_mldsa_decompose_avx2(NULL, &s2, &a, gammas2[g]);
            bad += !same(&s1, &s2);
            for (unsigned i = 0; i < N; i++) h.c[i] = (int32_t)((base >> 8) + i) & 1; /* each value set and clear */
            for (int flip = 0; flip < 2; flip++) {
                kf_mldsa_use_hint_portable(&r1, &a, &h, gammas2[g]);
                kf_mldsa_use_hint_avx2(&r2, &a, &h, gammas2[g]);
                bad += !same(&r1, &r2);
                /* verification's fused row (freeze, UseHint, w1Encode) on r and on r - q (its
                 * input is the inverse NTT's, |w| < q); nothing written past the row's bytes */
                const unsigned bits = g == 0 ? 6 : 4, len = 32 * bits;
                uint8_t o1[6 * 32], o2[6 * 32 + 16];
                kf_mldsa_pack_simple(o1, &r1, bits);
                for (int neg = 0; neg < 2; neg++) {
                    for (unsigned i = 0; i < N; i++) s2.c[i] = neg && a.c[i] > 0 ? a.c[i] - Q : a.c[i];
                    memset(o2, 0xA5, sizeof o2);
                    kf_mldsa_use_hint_pack_avx2(o2, &s2, &h, gammas2[g]);
                    bad += memcmp(o1, o2, len) != 0;
                    for (unsigned i = len; i < sizeof o2; i++) bad += o2[i] != 0xA5;
                }
                for (unsigned i = 0; i < N; i++) h.c[i] ^= 1;
            }
        }
        CHECK(bad == 0, "decompose / use_hint / use_hint_pack gamma2=%d: %d polynomials differ", gammas2[g], bad);
    }
}

static void test_make_hint(void)
{
    kf_mldsa_poly r, rz, h1, h2;
    for (int t = 0; t < TRIALS; t++) {
        int32_t g2 = gammas2[t & 1];
        rnd_poly(&r, 0, Q - 1);
        for (unsigned i = 0; i < N; i++) { /* r + z with |z| <= gamma2: high bits the same or next */
            int32_t v = r.c[i] + rnd_in(-g2, g2);
            rz.c[i] = v < 0 ? v + Q : v >= Q ? v - Q : v;
        }
        uint32_t o1 = (uint32_t)t, o2 = (uint32_t)t;
        kf_mldsa_make_hint_portable(&h1, &r, &rz, g2, &o1);
        kf_mldsa_make_hint_avx2(&h2, &r, &rz, g2, &o2);
        CHECK(same(&h1, &h2) && o1 == o2, "make_hint gamma2=%d, trial %d (ones %u, %u)", g2, t, o1, o2);
    }
}

/* Sign_internal's fused loops (poly.h) against their portable forms, on the ranges signing
 * gives them; the verdicts both ways (small or full-range c s2, c t0). */
static void test_fused(void)
{
    kf_mldsa_poly w1, w2, a1, a2, b1, b2, x, y;
    for (int t = 0; t < TRIALS; t++) {
        int32_t g2 = gammas2[t & 1], small = t & 2 ? 300 : Q - 1;
        rnd_poly(&w1, -(Q - 1), Q - 1);
        w2 = w1;
        kf_mldsa_caddq_decompose_portable(&a1, &b1, &w1, g2);
        kf_mldsa_caddq_decompose_avx2(&a2, &b2, &w2, g2);
        CHECK(same(&a1, &a2) && same(&b1, &b2) && same(&w1, &w2), "caddq_decompose gamma2=%d, trial %d", g2, t);

        uint32_t o1 = (uint32_t)(t & 4) >> 2, o2 = o1, n1 = (uint32_t)t, n2 = n1;
        rnd_poly(&w1, 0, Q - 1);
        w2 = w1;
        rnd_poly(&x, -g2 + 1, g2);
        rnd_poly(&y, -small, small);
        kf_mldsa_sub_low_exceeds_portable(&w1, &x, &y, g2 - 196, &o1);
        kf_mldsa_sub_low_exceeds_avx2(&w2, &x, &y, g2 - 196, &o2);
        CHECK(same(&w1, &w2) && o1 == o2, "sub_low_exceeds gamma2=%d, trial %d (%u, %u)", g2, t, o1, o2);

        o1 = o2 = (uint32_t)(t & 4) >> 2;
        rnd_poly(&w1, -small, small);
        w2 = w1;
        rnd_poly(&y, -(1 << 19) + 1, 1 << 19);
        kf_mldsa_add_reduce_exceeds_portable(&w1, &y, (1 << 19) - 196, &o1);
        kf_mldsa_add_reduce_exceeds_avx2(&w2, &y, (1 << 19) - 196, &o2);
        CHECK(same(&w1, &w2) && o1 == o2, "add_reduce_exceeds trial %d (%u, %u)", t, o1, o2);

        o1 = o2 = (uint32_t)(t & 4) >> 2;
        rnd_poly(&w1, -(Q - 1), 2 * Q - 1);
        rnd_poly(&x, t & 8 ? -g2 : -small, t & 8 ? g2 : small);
        kf_mldsa_hint_row_portable(&a1, &w1, &x, g2, &n1, &o1);
        kf_mldsa_hint_row_avx2(&a2, &w1, &x, g2, &n2, &o2);
        CHECK(same(&a1, &a2) && o1 == o2 && n1 == n2, "hint_row gamma2=%d, trial %d (ones %u, %u; %u, %u)", g2, t,
              n1, n2, o1, o2);

        rnd_poly(&w1, -(Q - 1), Q - 1);
        rnd_poly(&x, -4, 4);
        kf_mldsa_add_power2round_portable(&a1, &b1, &w1, &x);
        kf_mldsa_add_power2round_avx2(&a2, &b2, &w1, &x);
        CHECK(same(&a1, &a2) && same(&b1, &b2), "add_power2round, trial %d", t);
    }
}

/* c s by the sparse c: AVX2 against portable, and both against the NTT's product mod q; the
 * 8-bit AVX2 product where every sum fits (tau max|s| <= 127), with sums at +-127 among them,
 * and the public kf_mldsa_sparse_mul on both layouts */
static unsigned nfused[2]; /* z checks failed, trials */

static void test_sparse_mul(void)
{
    static const unsigned taus[3] = {39, 49, 60};
    kf_mldsa_poly c, s, r1, r2, cn, sn;
    int16_t e[3 * N];
    _Alignas(64) int8_t e8[KF_MLDSA_SPARSE8_COPY + 64 + 3 * N];
    static kf_mldsa_sparse es;
    uint16_t off[N];
    for (int t = 0; t < 300; t++) {
        const unsigned tau = taus[t % 3];
        const int32_t eta = t & 1 ? 4 : 2;
        memset(&c, 0, sizeof c);
        for (unsigned k = 0; k < tau; k++) c.c[rnd_below(N)] = rnd_below(2) ? 1 : -1;
        rnd_poly(&s, t & 4 ? -11 : -eta, eta); /* a malformed key's s: up to 11 in size */
        if (t % 16 == 2) { /* the 8-bit sums' extremes: c's ones and s's signs agree everywhere */
            const int32_t sg = t & 8 ? -1 : 1, m = 127 / (int32_t)tau;
            for (unsigned i = 0; i < N; i++) {
                c.c[i] = c.c[i] ? 1 : 0;
                s.c[i] = sg * m;
            }
        }
        kf_mldsa_sparse_prep16(e, &s);
        const unsigned n = kf_mldsa_challenge_offsets(off, &c);
        {
            uint16_t off1[N];
            const unsigned n1 = kf_mldsa_challenge_offsets_portable(off1, &c);
            CHECK(n1 == n && memcmp(off1, off, n * sizeof off[0]) == 0, "challenge_offsets, trial %d", t);
            if (have_sample512) {
                kf_mldsa_poly full = c; /* and every coefficient nonzero: the stores' bound */
                uint16_t off2[N];
                unsigned n2 = kf_mldsa_challenge_offsets_avx512(off2, &c);
                CHECK(n2 == n1 && memcmp(off1, off2, n1 * sizeof off1[0]) == 0, "challenge_offsets_avx512, trial %d", t);
                for (unsigned i = 0; i < N; i++) full.c[i] = rnd_below(2) ? 1 : -1;
                n2 = kf_mldsa_challenge_offsets_avx512(off2, &full);
                const unsigned nf = kf_mldsa_challenge_offsets_portable(off1, &full);
                CHECK(n2 == N && nf == N && memcmp(off1, off2, sizeof off1) == 0, "challenge_offsets_avx512, full c, trial %d",
                      t);
            }
        }
        kf_mldsa_sparse_mul_portable(&r1, e, off, n);
        kf_mldsa_sparse_mul_avx2(&r2, e, off, n);
        CHECK(same(&r1, &r2), "sparse_mul, trial %d", t);
        int32_t smax = 0;
        for (unsigned i = 0; i < N; i++) smax = s.c[i] > smax ? s.c[i] : -s.c[i] > smax ? -s.c[i] : smax;
        const int32_t bound = (int32_t)n * smax;
        /* the second copy 32 mod 64 after the first (kf_mldsa_sparse's layout), or at another
         * distance (the values are the same whichever copy a load takes) */
        const size_t at = t % 5 == 4 ? (size_t)rnd_below(64) : 0;
        const size_t d2 = t % 5 == 3 ? 3 * N + (size_t)rnd_below(64 - at) : KF_MLDSA_SPARSE8_COPY;
        int8_t *b8 = e8 + at, *b8c = b8 + d2;
        if (bound <= 127) {
            kf_mldsa_sparse_prep8(b8, &s);
            memcpy(b8c, b8, 3 * N);
            kf_mldsa_sparse_mul8_avx2(&r2, b8, b8c, off, n, n ? n : 1);
            CHECK(same(&r1, &r2), "sparse_mul8, trial %d (bound %d)", t, bound);
        }
        if (smax >= 1) { /* in passes of 127 / smax terms (ML-DSA-65's two), and of fewer */
            const unsigned group = 127 / (unsigned)smax;
            kf_mldsa_sparse_prep8(b8, &s);
            memcpy(b8c, b8, 3 * N);
            for (unsigned g = group; g >= 1; g = g > 7 ? g / 2 : g - 1) {
                kf_mldsa_sparse_mul8_avx2(&r2, b8, b8c, off, n, g);
                CHECK(same(&r1, &r2), "sparse_mul8 in passes of %u, trial %d (smax %d)", g, t, smax);
            }
        }
        kf_mldsa_sparse_prep(&es, &s, smax, tau);
        CHECK(es.narrow == (smax >= 1 && 2 * (127 / (unsigned)smax) >= tau ? 127 / (unsigned)smax : 0),
              "sparse_prep's layout, trial %d (smax %d, tau %u)", t, smax, tau);
        kf_mldsa_sparse_mul(&r2, &es, off, n);
        CHECK(same(&r1, &r2), "kf_mldsa_sparse_mul, trial %d (bound %d)", t, bound);
        { /* the products with the norm checks that follow them in signing, fused on the AVX2
           * path: the same w, z and verdicts as the product then the portable check, with
           * bounds at which some trials pass and some fail */
            const int32_t g2 = gammas2[t & 1], g1 = t & 1 ? 1 << 19 : 1 << 17, bw = g2 - (int32_t)rnd_below(200),
                          bz = g1 - (int32_t)rnd_below(200);
            kf_mldsa_poly w1, w2, w0, tmp, y, z1, z2;
            uint32_t o1 = 0, o2 = 0;
            rnd_poly(&w1, -Q + 1, Q - 1);
            w2 = w1;
            rnd_poly(&w0, -g2 + (t & 2 ? 200 : 0), g2 - (t & 2 ? 200 : 0));
            kf_mldsa_sub_low_exceeds_portable(&w1, &w0, &r1, bw, &o1);
            kf_mldsa_sparse_sub_low_exceeds(&w2, &w0, &tmp, &es, off, n, bw, &o2);
            CHECK(same(&w1, &w2) && o1 == o2, "sparse_sub_low_exceeds, trial %d: verdict %u, portable %u", t, o2, o1);
            o1 = o2 = 0;
            rnd_poly(&y, -g1 + (t & 2 ? 200 : 0), g1 - (t & 2 ? 200 : 0));
            z1 = r1;
            kf_mldsa_add_reduce_exceeds_portable(&z1, &y, bz, &o1);
            kf_mldsa_sparse_add_reduce_exceeds(&z2, &y, &es, off, n, bz, &o2);
            CHECK(same(&z1, &z2) && o1 == o2, "sparse_add_reduce_exceeds, trial %d: verdict %u, portable %u", t, o2, o1);
            nfused[0] += o1;
            nfused[1]++;
        }
        cn = c;
        sn = s;
        kf_mldsa_ntt_portable(&cn);
        kf_mldsa_ntt_portable(&sn);
        kf_mldsa_pointwise_portable(&sn, &cn, &sn);
        kf_mldsa_invntt_tomont_portable(&sn);
        int bad = 0;
        for (unsigned i = 0; i < N; i++) bad += ((int64_t)sn.c[i] - r1.c[i]) % Q != 0;
        CHECK(bad == 0, "sparse_mul against the NTT product, trial %d: %d coefficients", t, bad);
    }
    CHECK(nfused[0] > 0 && nfused[0] < nfused[1], "the fused z checks both passed and failed (%u of %u failed)",
          nfused[0], nfused[1]);
}

/* skDecode's s straight into the sparse layout (kf_mldsa_sparse_unpack8_avx2, through
 * kf_mldsa_sparse_prep_packed) against the portable BitUnpack, norm check and layout, on any
 * bytes (fields out of [-eta, eta] in half the trials): the same copies, both of them, and
 * the same verdict; nothing written outside the layout, nothing read past the 32 bits bytes. */
static void test_sparse_unpack(void)
{
    static const unsigned taus[3] = {39, 49, 60};
    static kf_mldsa_sparse es1, es2;
    _Alignas(64) int8_t e8[KF_MLDSA_SPARSE8_COPY + 3 * N + 64];
    kf_mldsa_poly s;
    for (int t = 0; t < TRIALS; t++) {
        const unsigned bits = t & 1 ? 4 : 3, len = 32 * bits, tau = taus[t % 3];
        const int32_t eta = bits == 3 ? 2 : 4;
        uint8_t *in = (uint8_t *)malloc(len); /* exactly len: ASan would see a read past it */
        CHECK(in != NULL, "malloc");
        if (!in) return;
        rnd_bytes(in, len);
        if (t & 2) /* every field in range */
            for (unsigned i = 0; i < N; i++) {
                const unsigned v = (unsigned)rnd_below(2 * (uint32_t)eta + 1), bit = bits * i;
                for (unsigned b = 0; b < bits; b++) {
                    const unsigned at = bit + b;
                    in[at / 8] = (uint8_t)((in[at / 8] & ~(1u << (at % 8))) | (((v >> b) & 1u) << (at % 8)));
                }
            }
        kf_mldsa_arith_select(0);
        kf_mldsa_unpack_offset(&s, in, bits, eta);
        kf_mldsa_arith_select(1);
        uint32_t over1 = 0, over2 = 0;
        kf_mldsa_poly_exceeds_portable(&s, eta + 1, &over1);
        memset(e8, 0x5A, sizeof e8);
        CHECK(kf_mldsa_sparse_unpack8_avx2(e8 + 32, e8 + 32 + KF_MLDSA_SPARSE8_COPY, in, bits, eta, &over2) == 1,
              "sparse_unpack8_avx2 %u bits taken", bits);
        CHECK(over1 == over2, "sparse_unpack8 verdict, trial %d (%u bits): %u, portable %u", t, bits, over2, over1);
        int8_t ref[3 * N];
        kf_mldsa_sparse_prep8(ref, &s);
        CHECK(memcmp(e8 + 32, ref, sizeof ref) == 0 && memcmp(e8 + 32 + KF_MLDSA_SPARSE8_COPY, ref, sizeof ref) == 0,
              "sparse_unpack8's copies, trial %d (%u bits)", t, bits);
        int outside = 0;
        for (size_t i = 0; i < sizeof e8; i++) {
            const int in1 = i >= 32 && i < 32 + 3 * N, in2 = i >= 32 + KF_MLDSA_SPARSE8_COPY && i < 32 + KF_MLDSA_SPARSE8_COPY + 3 * N;
            outside += !in1 && !in2 && e8[i] != 0x5A;
        }
        CHECK(outside == 0, "sparse_unpack8 wrote %d bytes outside its copies, trial %d", outside, t);
        /* the public function, on both paths: the verdict and the products it lays out for */
        uint32_t o1 = kf_mldsa_sparse_prep_packed(&es1, in, bits, eta, tau);
        kf_mldsa_sparse_prep(&es2, &s, eta, tau);
        CHECK(o1 == over1 && es1.narrow == es2.narrow, "sparse_prep_packed, trial %d", t);
        kf_mldsa_arith_select(0);
        const uint32_t o0 = kf_mldsa_sparse_prep_packed(&es1, in, bits, eta, tau);
        int16_t ref16[3 * N];
        kf_mldsa_sparse_prep16(ref16, &s);
        CHECK(o0 == over1 && es1.narrow == 0 && memcmp(es1.e.w, ref16, sizeof ref16) == 0,
              "sparse_prep_packed, portable, trial %d", t);
        kf_mldsa_arith_select(1);
        if (!over1) {
            kf_mldsa_poly c, r1, r2;
            uint16_t off[N];
            memset(&c, 0, sizeof c);
            for (unsigned k = 0; k < tau; k++) c.c[rnd_below(N)] = rnd_below(2) ? 1 : -1;
            const unsigned n = kf_mldsa_challenge_offsets(off, &c);
            kf_mldsa_sparse_prep_packed(&es1, in, bits, eta, tau);
            kf_mldsa_sparse_mul(&r1, &es1, off, n);
            kf_mldsa_sparse_mul(&r2, &es2, off, n);
            CHECK(same(&r1, &r2), "sparse_prep_packed's product, trial %d", t);
        }
        free(in);
    }
    uint32_t over = 0;
    CHECK(kf_mldsa_sparse_unpack8_avx2(e8, e8 + KF_MLDSA_SPARSE8_COPY, (const uint8_t *)e8, 5, 2, &over) == 0,
          "other widths left to the portable code");
}

static void test_exceeds(void)
{
    const int32_t bounds[] = {(1 << 17) - 78, (1 << 19) - 196, (1 << 19) - 120, (Q - 1) / 88 - 78,
                              (Q - 1) / 32 - 196, (Q - 1) / 32 - 120, (Q - 1) / 88, (Q - 1) / 32};
    kf_mldsa_poly a;
    for (int t = 0; t < TRIALS; t++) {
        int32_t bound = bounds[t % (int)(sizeof bounds / sizeof bounds[0])];
        rnd_poly(&a, -(bound - 1), bound - 1); /* inside */
        if (t & 1) {                           /* one coefficient at an edge, inside or out */
            static const int32_t d[4] = {-1, 0, 0, -1};
            int e = (int)rnd_below(4);
            int32_t v = bound + d[e];
            a.c[rnd_below(N)] = e & 2 ? -v : v;
        }
        uint32_t o1 = (uint32_t)(t & 2) >> 1, o2 = o1;
        kf_mldsa_poly_exceeds_portable(&a, bound, &o1);
        kf_mldsa_poly_exceeds_avx2(&a, bound, &o2);
        CHECK(o1 == o2, "exceeds bound=%d, trial %d (%u, %u)", bound, t, o1, o2);
    }
    /* all of [-6283008, 6283008] at the bounds' edges, one coefficient at a time */
    for (unsigned i = 0; i < N; i++) {
        memset(&a, 0, sizeof a);
        for (int e = 0; e < 4; e++) {
            int32_t bound = bounds[i % 8], v = e & 1 ? bound : bound - 1;
            a.c[i] = e & 2 ? -v : v;
            uint32_t o1 = 0, o2 = 0;
            kf_mldsa_poly_exceeds_portable(&a, bound, &o1);
            kf_mldsa_poly_exceeds_avx2(&a, bound, &o2);
            CHECK(o1 == o2 && o1 == (uint32_t)(e & 1), "exceeds at %u, value %d, bound %d", i, a.c[i], bound);
        }
    }
}

/* RejNTTPoly's candidates (Alg. 14, 30) written out here, from coefficient n on */
static unsigned rej_ref(int32_t *c, unsigned n, const uint8_t *buf, size_t len)
{
    for (size_t pos = 0; pos + 3 <= len && n < N; pos += 3) {
        int32_t t = buf[pos] | buf[pos + 1] << 8 | (buf[pos + 2] & 0x7F) << 16;
        if (t < Q) c[n++] = t;
    }
    return n;
}

/* RejBoundedPoly's half-bytes (Alg. 15, 31), low one first */
static unsigned rej_eta_ref(int32_t *c, unsigned n, const uint8_t *buf, size_t len, unsigned eta)
{
    for (size_t pos = 0; pos < 2 * len && n < N; pos++) {
        int32_t z = pos & 1 ? buf[pos / 2] >> 4 : buf[pos / 2] & 15;
        if (eta == 2 && z < 15) c[n++] = 2 - z % 5;
        if (eta == 4 && z < 9) c[n++] = 4 - z;
    }
    return n;
}

static void test_rejection(void)
{
    static uint8_t buf[840];
    kf_mldsa_poly r1, r2;
    for (int t = 0; t < TRIALS; t++) {
        size_t len = rnd_below(sizeof buf + 1);
        unsigned n0 = (unsigned)rnd_below(N + 1);
        rnd_bytes(buf, len);
        for (size_t i = 2; i < len; i += 3) /* often q and the values around it, and 2^23 - 1 */
            if (rnd_below(4) == 0) {
                int32_t v = rnd_below(2) ? Q - 2 + (int32_t)rnd_below(4) : 0x7FFFFF;
                buf[i - 2] = (uint8_t)v;
                buf[i - 1] = (uint8_t)(v >> 8);
                buf[i] = (uint8_t)((v >> 16) | (rnd_below(2) << 7)); /* the top bit is ignored */
            }
        memset(&r1, 0x33, sizeof r1);
        r2 = r1;
        unsigned n1 = rej_ref(r1.c, n0, buf, len);
        size_t used = 0;
        unsigned n2 = kf_mldsa_rej_uniform_avx2(r2.c, n0, buf, len, &used);
        CHECK(used % 24 == 0 && used <= len && n2 <= N, "rej_uniform_avx2 bounds, trial %d", t);
        n2 = rej_ref(r2.c, n2, buf + used, len - used);
        CHECK(n1 == n2 && memcmp(r1.c, r2.c, n1 * sizeof r1.c[0]) == 0, "rej_uniform, trial %d (n %u, %u)", t, n1, n2);
        if (!have_sample512) continue;
        /* the AVX-512 step first, then the reference on the rest (sampling.c adds the AVX2 step) */
        memset(&r2, 0x33, sizeof r2);
        n2 = kf_mldsa_rej_uniform_avx512(r2.c, n0, buf, len, &used);
        CHECK(used % 48 == 0 && used <= len && n2 <= N, "rej_uniform_avx512 bounds, trial %d", t);
        n2 = rej_ref(r2.c, n2, buf + used, len - used);
        CHECK(n1 == n2 && memcmp(r1.c, r2.c, n1 * sizeof r1.c[0]) == 0, "rej_uniform_avx512, trial %d (n %u, %u)", t,
              n1, n2);
    }
    /* RejBoundedPoly (Alg. 15, 31) for eta 2 and 4 */
    for (int t = 0; t < TRIALS; t++) {
        const unsigned eta = t & 1 ? 4 : 2;
        size_t len = rnd_below(300);
        unsigned n0 = (unsigned)rnd_below(N + 1);
        rnd_bytes(buf, len);
        memset(&r1, 0x33, sizeof r1);
        r2 = r1;
        unsigned n1 = rej_eta_ref(r1.c, n0, buf, len, eta);
        size_t used = 0;
        unsigned n2 = kf_mldsa_rej_eta_avx2(r2.c, n0, buf, len, eta, &used);
        CHECK(used % 4 == 0 && used <= len && n2 <= N, "rej_eta_avx2 bounds, trial %d", t);
        n2 = rej_eta_ref(r2.c, n2, buf + used, len - used, eta);
        CHECK(n1 == n2 && memcmp(r1.c, r2.c, n1 * sizeof r1.c[0]) == 0, "rej_eta %u, trial %d (n %u, %u)", eta, t,
              n1, n2);
        if (!have_sample512) continue;
        memset(&r2, 0x33, sizeof r2);
        n2 = kf_mldsa_rej_eta_avx512(r2.c, n0, buf, len, eta, &used);
        CHECK(used % 8 == 0 && used <= len && n2 <= N, "rej_eta_avx512 bounds, trial %d", t);
        n2 = rej_eta_ref(r2.c, n2, buf + used, len - used, eta);
        CHECK(n1 == n2 && memcmp(r1.c, r2.c, n1 * sizeof r1.c[0]) == 0, "rej_eta_avx512 %u, trial %d (n %u, %u)", eta,
              t, n1, n2);
    }
    /* ExpandA and ExpandS under each arithmetic: portable, AVX2, AVX2 after the AVX-512 steps */
    static kf_mldsa_poly s[3][KF_MLDSA_K_MAX + KF_MLDSA_L_MAX];
    static kf_mldsa_poly a[3][KF_MLDSA_K_MAX * KF_MLDSA_L_MAX];
    for (int t = 0; t < 6; t++) {
        const kf_mldsa_params *p = kf_mldsa_params_get(t % 3 == 0 ? KF_MLDSA44 : t % 3 == 1 ? KF_MLDSA65 : KF_MLDSA87);
        uint8_t rho[32];
        rnd_bytes(rho, sizeof rho);
        uint8_t rhop[64];
        rnd_bytes(rhop, sizeof rhop);
        const int nv = have_sample512 ? 3 : 2;
        for (int v = 0; v < nv; v++) {
            kf_mldsa_arith_select(v > 0);
            kf_mldsa_sample_select_avx512(v == 2);
            kf_mldsa_expand_a(a[v], rho, p);
            kf_mldsa_expand_s(s[v], s[v] + p->l, rhop, p);
        }
        for (int v = 1; v < nv; v++) {
            CHECK(memcmp(a[0], a[v], p->k * p->l * sizeof a[0][0]) == 0, "ExpandA (%d), trial %d", v, t);
            CHECK(memcmp(s[0], s[v], (p->k + p->l) * sizeof s[0][0]) == 0, "ExpandS (%d), trial %d", v, t);
        }
    }
    kf_mldsa_sample_select_avx512(0);
}

static void test_packing(void)
{
    static const unsigned wbits[3] = {4, 6, 10}, zbits[5] = {18, 20, 3, 4, 13};
    static const int32_t gamma1[5] = {1 << 17, 1 << 19, 2, 4, 1 << 12};
    uint8_t o1[32 * 20 + 8], o2[32 * 20 + 8];
    kf_mldsa_poly a, r1, r2;
    for (int t = 0; t < TRIALS; t++) {
        const unsigned bits = wbits[t % 3], len = 32 * bits; /* w1; t1 (pkEncode) */
        rnd_poly(&a, 0, (1 << bits) - 1);
        memset(o1, 0xA5, sizeof o1);
        memset(o2, 0xA5, sizeof o2);
        kf_mldsa_arith_select(0);
        kf_mldsa_pack_simple(o1, &a, bits);
        CHECK(kf_mldsa_pack_simple_avx2(o2, &a, bits) == 1, "pack_simple_avx2 %u bits taken", bits);
        CHECK(memcmp(o1, o2, sizeof o1) == 0, "pack_simple %u bits (or a byte past %u written), trial %d", bits,
              len, t);
        if (bits == 10) { /* t1 back (pkDecode), from any bytes */
            rnd_bytes(o1, len);
            kf_mldsa_unpack_simple(&r1, o1, bits);
            CHECK(kf_mldsa_unpack_simple_avx2(&r2, o1, bits) == 1, "unpack_simple_avx2 10 bits taken");
            CHECK(same(&r1, &r2), "unpack_simple 10 bits, trial %d", t);
        }
        const unsigned zb = zbits[t % 5]; /* y and z; s1, s2 (eta 2, 4) and t0 of skDecode */
        rnd_bytes(o1, 32 * zb);
        kf_mldsa_unpack_offset(&r1, o1, zb, gamma1[t % 5]);
        CHECK(kf_mldsa_unpack_offset_avx2(&r2, o1, zb, gamma1[t % 5]) == 1, "unpack_offset_avx2 %u bits taken", zb);
        CHECK(same(&r1, &r2), "unpack_offset %u bits, trial %d", zb, t);
        { /* from a buffer of exactly 32 bits bytes (AddressSanitizer builds see a read past it),
           * and with other bytes after the input: the same values */
            uint8_t *exact = malloc(32 * zb);
            CHECK(exact != NULL, "malloc");
            if (exact) {
                memcpy(exact, o1, 32 * zb);
                memset(&r2, 0x55, sizeof r2);
                kf_mldsa_unpack_offset_avx2(&r2, exact, zb, gamma1[t % 5]);
                CHECK(same(&r1, &r2), "unpack_offset %u bits from an exact buffer, trial %d", zb, t);
                if (t < 10) { /* t1's 10 bits too */
                    uint8_t *e10 = malloc(320);
                    CHECK(e10 != NULL, "malloc");
                    if (e10) {
                        memcpy(e10, o1, 320);
                        kf_mldsa_unpack_simple(&r1, o1, 10);
                        kf_mldsa_unpack_simple_avx2(&r2, e10, 10);
                        CHECK(same(&r1, &r2), "unpack_simple 10 bits from an exact buffer, trial %d", t);
                        free(e10);
                    }
                    kf_mldsa_unpack_offset(&r1, o1, zb, gamma1[t % 5]);
                }
                free(exact);
            }
            for (unsigned i = 32 * zb; i < sizeof o1; i++) o1[i] ^= 0xFF;
            kf_mldsa_unpack_offset_avx2(&r2, o1, zb, gamma1[t % 5]);
            CHECK(same(&r1, &r2), "unpack_offset %u bits, other bytes after it, trial %d", zb, t);
        }
        { /* and back: BitPack of z, s1, s2, t0, any values (the portable code masks them) */
            rnd_poly(&a, (t & 2) ? -(1 << 21) : -gamma1[t % 5] + 1, (t & 2) ? 1 << 21 : gamma1[t % 5]);
            memset(o1, 0xA5, sizeof o1);
            memset(o2, 0xA5, sizeof o2);
            kf_mldsa_pack_offset(o1, &a, zb, gamma1[t % 5]);
            CHECK(kf_mldsa_pack_offset_avx2(o2, &a, zb, gamma1[t % 5]) == 1, "pack_offset_avx2 %u bits taken", zb);
            CHECK(memcmp(o1, o2, sizeof o1) == 0, "pack_offset %u bits (or a byte past it written), trial %d", zb, t);
        }
    }
    CHECK(kf_mldsa_pack_simple_avx2(o2, &a, 11) == 0 && kf_mldsa_unpack_offset_avx2(&r2, o1, 10, 0) == 0 &&
              kf_mldsa_unpack_simple_avx2(&r2, o1, 4) == 0 &&
              kf_mldsa_pack_offset_avx2(o2, &a, 12, 4096) == 0,
          "other widths left to the portable code");
    kf_mldsa_arith_select(1);
}

/* sigEncode on each path: the same bytes, hints sparse, dense (more than omega ones) or none. */
static void test_sig_encode(void)
{
    static const int sets[3] = {44, 65, 87};
    static uint8_t s1[KF_MLDSA_SIG_MAX_BYTES + 8], s2[KF_MLDSA_SIG_MAX_BYTES + 8];
    static kf_mldsa_poly z[KF_MLDSA_L_MAX], h[KF_MLDSA_K_MAX];
    uint8_t ct[64];
    for (int t = 0; t < TRIALS / 10; t++) {
        const kf_mldsa_params *p = kf_mldsa_params_get(sets[t % 3]);
        const unsigned per = (t & 3) == 0 ? 0 : (t & 3) == 1 ? 256 : 4; /* one in 'per' coefficients a one */
        rnd_bytes(ct, sizeof ct);
        for (unsigned j = 0; j < p->l; j++) rnd_poly(&z[j], -p->gamma1 + 1, p->gamma1);
        for (unsigned i = 0; i < p->k; i++)
            for (unsigned j = 0; j < N; j++) h[i].c[j] = per && rnd_below(per) == 0;
        memset(s1, 0xA5, sizeof s1);
        memset(s2, 0xA5, sizeof s2);
        kf_mldsa_arith_select(0);
        kf_mldsa_sig_encode(s1, ct, z, h, p);
        kf_mldsa_arith_select(1);
        kf_mldsa_sig_encode(s2, ct, z, h, p);
        CHECK(memcmp(s1, s2, sizeof s1) == 0, "sigEncode ML-DSA-%d, trial %d", sets[t % 3], t);
    }
}

/* Whole operations through the public names: each arithmetic gives the same bytes. */
static void test_whole(void)
{
    static const kf_mldsa_param sets[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
    static uint8_t pk[3][KF_MLDSA_PK_MAX_BYTES], sk[3][KF_MLDSA_SK_MAX_BYTES], sig[3][KF_MLDSA_SIG_MAX_BYTES];
    uint8_t xi[32], msg[40];
    for (int t = 0; t < 12; t++) {
        kf_mldsa_param p = sets[t % 3];
        rnd_bytes(xi, sizeof xi);
        rnd_bytes(msg, sizeof msg);
        int rc[3][3];
        const int nv = have512 ? 3 : 2; /* portable, AVX2, AVX2 + AVX-512 */
        for (int v = 0; v < nv; v++) {
            CHECK(kf_mldsa_arith_select(v > 0) == (v > 0), "select %d", v);
            CHECK(kf_mldsa_arith_select_avx512(v == 2) == (v == 2), "select AVX-512 %d", v);
            rc[v][0] = kf_mldsa_keygen_internal(p, pk[v], sk[v], xi);
            rc[v][1] = kf_mldsa_sign(p, sig[v], sizeof sig[v], msg, sizeof msg, NULL, 0, NULL, sk[v],
                                     kf_mldsa_sk_bytes(p));
            rc[v][2] = kf_mldsa_verify(p, msg, sizeof msg, NULL, 0, sig[v ? 0 : 1], kf_mldsa_sig_bytes(p), pk[v],
                                       kf_mldsa_pk_bytes(p));
        }
        if (nv == 3) {
            CHECK(memcmp(pk[0], pk[2], kf_mldsa_pk_bytes(p)) == 0 && memcmp(sig[0], sig[2], kf_mldsa_sig_bytes(p)) == 0,
                  "AVX-512 keys / signatures differ, ML-DSA-%d", (int)p);
            CHECK(rc[2][0] == KF_OK && rc[2][1] == KF_OK && rc[2][2] == KF_OK, "AVX-512 rc, trial %d", t);
        }
        CHECK(rc[0][0] == KF_OK && rc[1][0] == KF_OK && rc[0][1] == KF_OK && rc[1][1] == KF_OK, "rc, trial %d", t);
        CHECK(memcmp(pk[0], pk[1], kf_mldsa_pk_bytes(p)) == 0 && memcmp(sk[0], sk[1], kf_mldsa_sk_bytes(p)) == 0,
              "keys differ, ML-DSA-%d", (int)p);
        CHECK(memcmp(sig[0], sig[1], kf_mldsa_sig_bytes(p)) == 0, "signatures differ, ML-DSA-%d", (int)p);
        CHECK(rc[1][2] == KF_OK, "AVX2 verify of the portable signature, ML-DSA-%d", (int)p);
    }
}

int main(void)
{
    if (!(kf_cpu_features() & KF_CPU_AVX2)) {
        puts("test_mldsa_simd: no AVX2 on this CPU: skipped");
        return 77;
    }
    have512 = kf_mldsa_arith_select_avx512(1);
    kf_mldsa_arith_select_avx512(0);
    have_sample512 = kf_mldsa_sample_select_avx512(1);
    kf_mldsa_sample_select_avx512(0);
    printf("test_mldsa_simd: AVX-512 NTT %s, AVX-512 rejection steps %s\n", have512 ? "tested" : "not run on this CPU",
           have_sample512 ? "tested" : "not run on this CPU");
    test_ntt();
    test_pointwise();
    test_coefficientwise();
    test_rounding_every_value();
    test_make_hint();
    test_fused();
    test_sparse_mul();
    test_sparse_unpack();
    test_exceeds();
    test_rejection();
    test_packing();
    test_sig_encode();
    test_whole();
    if (failures) {
        printf("test_mldsa_simd: %d failures\n", failures);
        return 1;
    }
    puts("test_mldsa_simd: every AVX2 (and AVX-512) function matches the portable one");
    return 0;
}

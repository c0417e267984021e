/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA's AVX2 lane kernels (and the AVX-512 rejection steps, where the CPU runs them) over
 * their whole input domains against the portable (proved) functions, lane by lane, 256 lanes
 * a call (tests/test_lane_exhaustive.c).
 */
#include "mldsa/arith.h"
#include "mldsa/poly.h"
#include "mldsa/x86_64/poly_avx2.h"
#include "lane_exhaustive.h"

#include <string.h>

#define NN KF_MLDSA_N
#define Q KF_MLDSA_Q

static int same(const kf_mldsa_poly *a, const kf_mldsa_poly *b) { return memcmp(a, b, sizeof *a) == 0; }

/* p = lo, lo + 1, ..., clipped to hi (the last call repeats hi) */
static void fill(kf_mldsa_poly *p, int64_t lo, int64_t hi)
{
    for (int i = 0; i < NN; i++) p->c[i] = (int32_t)(lo + i <= hi ? lo + i : hi);
}

int lane_mldsa_poly(void)
{
    int fails = 0;
    long bad = 0;
    double t0 = lane_now();
    /* reduce32 on its whole domain |a| <= 2^31 - 2^22 - 1 (2^32 - 2^23 values; a quarter of
     * them, every 4th block, missed a rounding constant off by one: all of them, ~7 s of CPU) */
    const int64_t lim = (1ll << 31) - (1ll << 22) - 1;
    uint64_t inputs = 0;
    for (int64_t x = -lim; x <= lim; x += NN) {
        kf_mldsa_poly p, r1, r2;
        fill(&p, x, lim);
        r1 = r2 = p;
        kf_mldsa_poly_reduce_portable(&r1);
        kf_mldsa_poly_reduce_avx2(&r2);
        if (!same(&r1, &r2) && !bad++) printf("reduce32 from %lld\n", (long long)x);
        inputs += NN;
    }
    LANE_REPORT("ML-DSA reduce32 (every input)", inputs, bad, t0);
    fails += bad != 0;

    t0 = lane_now();
    bad = 0;
    for (int64_t x = -(Q - 1); x < Q; x += NN) { /* caddq, freeze on (-q, q) */
        kf_mldsa_poly p, r1, r2;
        fill(&p, x, Q - 1);
        r1 = r2 = p;
        kf_mldsa_poly_caddq_portable(&r1);
        kf_mldsa_poly_caddq_avx2(&r2);
        if (!same(&r1, &r2) && !bad++) printf("caddq from %lld\n", (long long)x);
        r1 = r2 = p;
        kf_mldsa_poly_freeze_portable(&r1);
        kf_mldsa_poly_freeze_avx2(&r2);
        if (!same(&r1, &r2) && !bad++) printf("freeze from %lld\n", (long long)x);
    }
    LANE_REPORT("ML-DSA caddq, freeze on (-q, q)", 2ull * (2 * Q - 1), bad, t0);
    fails += bad != 0;

    /* the rounding functions on [0, q): Power2Round; Decompose, UseHint (h = 0 and 1) for
     * both gamma2; MakeHint with every r against r + k mod q, k in {0, 1, gamma2, 2 gamma2 - 1} */
    t0 = lane_now();
    bad = 0;
    static const int32_t g2s[2] = {(Q - 1) / 88, (Q - 1) / 32};
    for (int64_t x = 0; x < Q; x += NN) {
        kf_mldsa_poly p, a1, a0, b1, b0;
        fill(&p, x, Q - 1);
        kf_mldsa_power2round_portable(&a1, &a0, &p);
        kf_mldsa_power2round_avx2(&b1, &b0, &p);
        if (!(same(&a1, &b1) && same(&a0, &b0)) && !bad++) printf("power2round from %lld\n", (long long)x);
        for (int g = 0; g < 2; g++) {
            kf_mldsa_decompose_portable(&a1, &a0, &p, g2s[g]);
            kf_mldsa_decompose_avx2(&b1, &b0, &p, g2s[g]);
            if (!(same(&a1, &b1) && same(&a0, &b0)) && !bad++)
                printf("decompose gamma2 %d from %lld\n", g2s[g], (long long)x);
            for (int32_t h = 0; h < 2; h++) {
                kf_mldsa_poly hp;
                for (int i = 0; i < NN; i++) hp.c[i] = h;
                kf_mldsa_use_hint_portable(&a1, &p, &hp, g2s[g]);
                kf_mldsa_use_hint_avx2(&b1, &p, &hp, g2s[g]);
                if (!same(&a1, &b1) && !bad++) printf("use_hint h=%d gamma2 %d from %lld\n", h, g2s[g], (long long)x);
            }
            const int32_t ks[4] = {0, 1, g2s[g], 2 * g2s[g] - 1};
            for (int k = 0; k < 4; k++) {
                kf_mldsa_poly rz;
                for (int i = 0; i < NN; i++) rz.c[i] = (p.c[i] + ks[k]) % Q;
                uint32_t o1 = 0, o2 = 0;
                kf_mldsa_make_hint_portable(&a1, &p, &rz, g2s[g], &o1);
                kf_mldsa_make_hint_avx2(&b1, &p, &rz, g2s[g], &o2);
                if (!(same(&a1, &b1) && o1 == o2) && !bad++)
                    printf("make_hint gamma2 %d k %d from %lld\n", g2s[g], ks[k], (long long)x);
                o1 = o2 = 0; /* and with the roles swapped */
                kf_mldsa_make_hint_portable(&a1, &rz, &p, g2s[g], &o1);
                kf_mldsa_make_hint_avx2(&b1, &rz, &p, g2s[g], &o2);
                if (!(same(&a1, &b1) && o1 == o2) && !bad++)
                    printf("make_hint (swapped) gamma2 %d k %d from %lld\n", g2s[g], ks[k], (long long)x);
            }
        }
    }
    LANE_REPORT("ML-DSA Power2Round, Decompose, UseHint, MakeHint", (uint64_t)Q * 19, bad, t0);
    fails += bad != 0;

    /* RejNTTPoly's per-candidate test: every 3-byte group (2^24) at each of the 8 positions of
     * the AVX2 kernel's 24-byte chunk, and at each of the 16 of the AVX-512 kernel's 48-byte
     * chunk where the CPU runs it; 80 groups a buffer, so it never fills a polynomial */
    typedef unsigned (*rej_fn)(int32_t *, unsigned, const uint8_t *, size_t, size_t *);
    typedef unsigned (*rej_eta_fn)(int32_t *, unsigned, const uint8_t *, size_t, unsigned, size_t *);
    static const struct { const char *name; rej_fn uni; rej_eta_fn eta; uint32_t groups; } rej[2] = {
        {"avx2", kf_mldsa_rej_uniform_avx2, kf_mldsa_rej_eta_avx2, 8},
        {"avx512", kf_mldsa_rej_uniform_avx512, kf_mldsa_rej_eta_avx512, 16},
    };
    const int nrej = kf_mldsa_sample_select_avx512(1) ? 2 : 1;
    kf_mldsa_sample_select_avx512(0);
    if (nrej == 1) printf("%-48s not run on this CPU\n", "ML-DSA rejection tests (rej_*_avx512)");
    for (int v = 0; v < nrej; v++) {
    t0 = lane_now();
    bad = 0;
    for (uint32_t shift = 0; shift < rej[v].groups; shift++) {
        for (uint32_t g0 = 0; g0 < (1u << 24); g0 += 80) {
            uint8_t buf[3 * 80 + 32] = {0};
            lane_fill_groups(buf, g0, shift);
            int32_t c1[NN], c2[NN];
            unsigned n1 = 0;
            for (uint32_t k = 0; k < 80; k++) { /* sampling.c's reject_uniform */
                uint32_t t = (uint32_t)buf[3 * k] | (uint32_t)buf[3 * k + 1] << 8 | (uint32_t)(buf[3 * k + 2] & 0x7F) << 16;
                if (t < Q) c1[n1++] = (int32_t)t;
            }
            size_t used = 0;
            unsigned n2 = rej[v].uni(c2, 0, buf, 3 * 80, &used);
            /* the kernel stops short of the end (AVX2: fewer than 28 bytes left): finish as
             * sampling.c does */
            for (size_t pos = used; pos + 3 <= 3 * 80; pos += 3) {
                uint32_t t = (uint32_t)buf[pos] | (uint32_t)buf[pos + 1] << 8 | (uint32_t)(buf[pos + 2] & 0x7F) << 16;
                c2[n2] = (int32_t)t;
                n2 += t < Q;
            }
            if ((n2 != n1 || memcmp(c1, c2, n1 * sizeof c1[0])) && !bad++)
                printf("RejNTTPoly from group %u shift %u: %u accepted against %u\n", g0, shift, n2, n1);
        }
    }
    char what[64];
    snprintf(what, sizeof what, "ML-DSA RejNTTPoly test (rej_uniform_%s)", rej[v].name);
    LANE_REPORT(what, (uint64_t)rej[v].groups << 24, bad, t0);
    fails += bad != 0;

    /* RejBoundedPoly's per-candidate test: every byte (two half-bytes) at every position of a
     * 4-byte (AVX2) or 8-byte (AVX-512) chunk, eta 2 and 4: 64 bytes from b on, for each b */
    t0 = lane_now();
    bad = 0;
    for (unsigned eta = 2; eta <= 4; eta += 2) {
        for (unsigned b = 0; b < 256; b++) {
            uint8_t buf[64 + 32] = {0};
            for (unsigned k = 0; k < 64; k++) buf[k] = (uint8_t)(b + k);
            int32_t c1[NN], c2[NN];
            unsigned n1 = 0;
            for (unsigned k = 0; k < 64; k++) {
                for (unsigned half = 0; half < 2; half++) {
                    uint32_t z = half ? buf[k] >> 4 : buf[k] & 15u;
                    if (eta == 2 && z < 15) c1[n1++] = 2 - (int32_t)(z % 5);
                    if (eta == 4 && z < 9) c1[n1++] = 4 - (int32_t)z;
                }
            }
            size_t used = 0;
            unsigned n2 = rej[v].eta(c2, 0, buf, 64, eta, &used);
            for (size_t pos = used; pos < 64; pos++) {
                for (unsigned half = 0; half < 2; half++) {
                    uint32_t z = half ? buf[pos] >> 4 : buf[pos] & 15u;
                    if (eta == 2 && z < 15) c2[n2++] = 2 - (int32_t)(z % 5);
                    if (eta == 4 && z < 9) c2[n2++] = 4 - (int32_t)z;
                }
            }
            if ((n2 != n1 || memcmp(c1, c2, n1 * sizeof c1[0])) && !bad++)
                printf("RejBoundedPoly eta %u from byte %u: %u accepted against %u\n", eta, b, n2, n1);
        }
    }
    snprintf(what, sizeof what, "ML-DSA RejBoundedPoly test (rej_eta_%s)", rej[v].name);
    LANE_REPORT(what, 2 * 256 * 128, bad, t0);
    fails += bad != 0;
    }
    return fails;
}

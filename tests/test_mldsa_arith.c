/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_mldsa_arith.c - ML-DSA's arithmetic (src/mldsa/poly.c) against FIPS 204's definitions,
 * written here the slow, obvious way:
 *   - Decompose (Alg. 36, both gamma2) and Power2Round (Alg. 35) for every r in [0, q);
 *   - the NTT, pointwise product and inverse against schoolbook multiplication in
 *     Z_q[X]/(X^256 + 1);
 *   - UseHint(MakeHint(z, r), r) = HighBits(r + z) for |z| <= gamma2 (Lemma of §7.4);
 *   - reduce32's range and congruence, the norm check at its boundary, and every bit width
 *     of the packing round-tripped;
 *   - signing's H(mu || w1Encode(w1)) with ExpandMask streams in the idle lanes of a 4-state
 *     backend (kf_mldsa_h_with_masks) against SHAKE256 of the same bytes through the public
 *     API, on every 4-state batched backend this CPU runs that has an x1 twin (the others and
 *     "x1", no batched backend: it declines);
 *   - kf_mldsa_verify_batch's SampleInBall from a given first block of SHAKE256(c~)
 *     (kf_mldsa_sample_in_ball_block) against kf_mldsa_sample_in_ball: from the whole block,
 *     and from blocks cut short so that the positions run out and it starts again.
 */
#include "mldsa/poly.h"
#include "mldsa/params.h"
#include "mldsa/sampling.h"
#include "mldsa/mldsa_internal.h" /* kf_mldsa_sample_in_ball_block */
#include "sponge/sponge_xn.h" /* kf_xn_side_pad */
#include "keccak/keccak_backend.h"
#include "keccakforge.h"
#include "test_util.h"

#include <string.h>

#define Q KF_MLDSA_Q
#define N KF_MLDSA_N

static int32_t mod_q(int64_t a)
{
    int64_t r = a % Q;
    return (int32_t)(r < 0 ? r + Q : r);
}

/* r mod+- m: the representative in (-m/2, m/2] (m even here) */
static int32_t mod_pm(int32_t r, int32_t m)
{
    int32_t x = r % m;
    if (x < 0) x += m;
    if (x > m / 2) x -= m;
    return x;
}

static void spec_decompose(int32_t r, int32_t gamma2, int32_t *r1, int32_t *r0)
{
    *r0 = mod_pm(r, 2 * gamma2);
    if (r - *r0 == Q - 1) {
        *r1 = 0;
        *r0 -= 1;
    } else {
        *r1 = (r - *r0) / (2 * gamma2);
    }
}

static void test_decompose(void)
{
    static const int32_t gammas[2] = {(Q - 1) / 88, (Q - 1) / 32};
    for (int g = 0; g < 2; g++) {
        unsigned bad = 0;
        for (int32_t r = 0; r < Q; r++) {
            int32_t e1, e0, a0, a1 = kf_mldsa_decompose1(&a0, r, gammas[g]);
            spec_decompose(r, gammas[g], &e1, &e0);
            if (a1 != e1 || a0 != e0) {
                if (bad++ < 3) printf("  decompose(%d, %d) = (%d, %d), FIPS 204: (%d, %d)\n", r, gammas[g], a1, a0, e1, e0);
            }
        }
        CHECK(bad == 0, "Decompose, gamma2 = %d: %u values differ", gammas[g], bad);
    }
    /* Power2Round, polynomial by polynomial over [0, q) */
    unsigned bad = 0;
    kf_mldsa_poly a, a1, a0;
    for (int32_t base = 0; base < Q; base += N) {
        for (int i = 0; i < N; i++) a.c[i] = base + i < Q ? base + i : Q - 1;
        kf_mldsa_power2round(&a1, &a0, &a);
        for (int i = 0; i < N; i++) {
            int32_t e0 = mod_pm(a.c[i], 1 << KF_MLDSA_D), e1 = (a.c[i] - e0) >> KF_MLDSA_D;
            bad += a1.c[i] != e1 || a0.c[i] != e0;
        }
    }
    CHECK(bad == 0, "Power2Round: %u values differ", bad);
}

static void random_poly(kf_mldsa_poly *p, int32_t bound) /* coefficients in (-bound, bound) */
{
    for (int i = 0; i < N; i++) p->c[i] = (int32_t)rnd_below(2 * (size_t)bound - 1) - (bound - 1);
}

static void test_ntt(void)
{
    for (int t = 0; t < 20; t++) {
        kf_mldsa_poly a, b, ah, bh, r;
        int64_t want[N] = {0};
        random_poly(&a, t < 10 ? Q : 5);
        random_poly(&b, Q);
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) { /* X^256 = -1 */
                int64_t prod = (int64_t)a.c[i] * b.c[j] % Q;
                if (i + j < N) want[i + j] += prod;
                else want[i + j - N] -= prod;
            }
        ah = a;
        bh = b;
        kf_mldsa_ntt(&ah);
        kf_mldsa_ntt(&bh);
        kf_mldsa_pointwise(&r, &ah, &bh);
        kf_mldsa_invntt_tomont(&r);
        int bad = 0;
        for (int i = 0; i < N; i++) {
            bad += mod_q(r.c[i]) != mod_q(want[i]);
            bad += r.c[i] <= -Q || r.c[i] >= Q; /* the documented output range */
        }
        CHECK(bad == 0, "NTT product %d: %d coefficients wrong", t, bad);
    }
}

static void test_hints(void)
{
    static const int32_t gammas[2] = {(Q - 1) / 88, (Q - 1) / 32};
    for (int g = 0; g < 2; g++) {
        const int32_t gamma2 = gammas[g];
        unsigned bad = 0;
        for (int t = 0; t < 2000; t++) {
            kf_mldsa_poly r, rz, h, w1;
            for (int i = 0; i < N; i++) {
                /* r at random, and near the edges of its range (q - 1 corner, 0) */
                int32_t v = (int32_t)rnd_below(Q);
                if (t % 4 == 1) v = Q - 1 - (int32_t)rnd_below(2 * (size_t)gamma2);
                if (t % 4 == 2) v = (int32_t)rnd_below(2 * (size_t)gamma2);
                int32_t z = (int32_t)rnd_below(2 * (size_t)gamma2 + 1) - gamma2;
                r.c[i] = v;
                rz.c[i] = mod_q((int64_t)v + z);
            }
            /* MakeHint(z, r) takes r and r + z; UseHint(h, r) must give HighBits(r + z) */
            uint32_t ones = 0, count = 0;
            kf_mldsa_make_hint(&h, &r, &rz, gamma2, &ones);
            kf_mldsa_use_hint(&w1, &r, &h, gamma2);
            for (int i = 0; i < N; i++) {
                int32_t e1, e0, f1, f0;
                spec_decompose(rz.c[i], gamma2, &e1, &e0);
                spec_decompose(r.c[i], gamma2, &f1, &f0);
                bad += w1.c[i] != e1;
                bad += h.c[i] != (e1 != f1);
                count += (uint32_t)h.c[i];
            }
            bad += ones != count;
        }
        CHECK(bad == 0, "MakeHint/UseHint, gamma2 = %d: %u mismatches", gamma2, bad);
    }
}

static void test_misc(void)
{
    unsigned bad = 0;
    for (int t = 0; t < 1000000; t++) {
        const int64_t max = (1ll << 31) - (1 << 22) - 1; /* reduce32's input range [-max, max] */
        int32_t a = (int32_t)((int64_t)(rnd() % (uint64_t)(2 * max + 1)) - max);
        int32_t r = kf_mldsa_reduce32(a);
        bad += mod_q(r) != mod_q(a) || r < -6283008 || r > 6283008;
        int32_t f = kf_mldsa_caddq(r);
        bad += f < 0 || f >= Q || mod_q(f) != mod_q(a);
    }
    CHECK(bad == 0, "reduce32 / caddq: %u wrong", bad);
    /* the norm check at its boundary, both signs */
    kf_mldsa_poly p;
    uint32_t over;
    memset(&p, 0, sizeof p);
#define EXCEEDS(poly, bound) (over = 0, kf_mldsa_poly_exceeds((poly), (bound), &over), over)
    p.c[17] = 99;
    CHECK(!EXCEEDS(&p, 100), "|99| >= 100");
    p.c[17] = -100;
    CHECK(EXCEEDS(&p, 100), "|-100| < 100");
    p.c[17] = 100;
    CHECK(EXCEEDS(&p, 100), "|100| < 100");
    p.c[17] = -(Q - 1) / 2;
    CHECK(EXCEEDS(&p, (1 << 19) - 196), "|-(q-1)/2| < bound");
    over = 1;
    p.c[17] = 0;
    kf_mldsa_poly_exceeds(&p, 100, &over);
    CHECK(over == 1, "the verdict accumulates");
    /* packing round trips for every width ML-DSA uses */
    static const unsigned widths[] = {3, 4, 6, 10, 13, 18, 20};
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        const unsigned bits = widths[w];
        const int32_t off = (int32_t)(1u << (bits - 1));
        uint8_t buf[32 * 20 + 1];
        kf_mldsa_poly a, b;
        for (int i = 0; i < N; i++) a.c[i] = (int32_t)rnd_below((size_t)1 << bits);
        buf[32 * bits] = 0xA5;
        kf_mldsa_pack_simple(buf, &a, bits);
        kf_mldsa_unpack_simple(&b, buf, bits);
        CHECK(memcmp(&a, &b, sizeof a) == 0 && buf[32 * bits] == 0xA5, "SimpleBitPack %u bits", bits);
        for (int i = 0; i < N; i++) a.c[i] = off - (int32_t)rnd_below((size_t)1 << bits); /* b - c in [0, 2^bits) */
        kf_mldsa_pack_offset(buf, &a, bits, off);
        kf_mldsa_unpack_offset(&b, buf, bits, off);
        CHECK(memcmp(&a, &b, sizeof a) == 0 && buf[32 * bits] == 0xA5, "BitPack %u bits", bits);
        /* bit order: value 1 in coefficient 0 is bit 0 of byte 0 */
        memset(&a, 0, sizeof a);
        a.c[0] = 1;
        kf_mldsa_pack_simple(buf, &a, bits);
        CHECK(buf[0] == 1, "SimpleBitPack %u bits: bit order", bits);
    }
}

/* One backend selected: every set, every count 0 .. 6 of streams, random nonces and bytes. */
static void h_with_masks_on(const char *name, int expect)
{
    static const int sets[3] = {44, 65, 87};
    for (unsigned si = 0; si < 3; si++) {
        const kf_mldsa_params *p = kf_mldsa_params_get(sets[si]);
        const size_t w1len = 32u * p->w1_bits * p->k, outlen = 32u * p->z_bits;
        for (unsigned count = 0; count <= 2 * KF_MLDSA_H_LANES; count++) {
            uint8_t hpad[(64 + 8 * 32 * 6) / KF_SHAKE256_RATE * KF_SHAKE256_RATE + KF_SHAKE256_RATE], raw[64 + 8 * 32 * 6];
            uint8_t ct[64], ct_ref[64], rhopp[64], ring[2 * KF_MLDSA_H_LANES][640 + 8], ref[640], seed[66];
            uint8_t *out[2 * KF_MLDSA_H_LANES];
            rnd_bytes(raw, 64 + w1len);
            rnd_bytes(rhopp, sizeof rhopp);
            memset(ring, 0xA5, sizeof ring);
            const unsigned nonce = (unsigned)rnd_below(1000);
            memcpy(hpad, raw, 64 + w1len);
            const size_t blocks = kf_xn_side_pad(hpad, 64 + w1len, KF_SHAKE256_RATE, 0x1F);
            for (unsigned r = 0; r < count; r++) out[r] = ring[r];
            const int done = kf_mldsa_h_with_masks(ct, p->ctilde_bytes, hpad, blocks, out, rhopp, nonce, count, p);
            CHECK(done == expect, "h_with_masks on %s: ran %d, expected %d", name, done, expect);
            if (!done) continue;
            kf_shake256(ct_ref, p->ctilde_bytes, raw, 64 + w1len);
            CHECK(memcmp(ct, ct_ref, p->ctilde_bytes) == 0, "h_with_masks on %s, ML-DSA-%d, %u streams: c~", name,
                  sets[si], count);
            for (unsigned r = 0; r < count; r++) {
                memcpy(seed, rhopp, 64);
                seed[64] = (uint8_t)(nonce + r);
                seed[65] = (uint8_t)((nonce + r) >> 8);
                kf_shake256(ref, outlen, seed, sizeof seed);
                CHECK(memcmp(ring[r], ref, outlen) == 0, "h_with_masks on %s, ML-DSA-%d, %u streams: stream %u", name,
                      sets[si], count, r);
                CHECK(ring[r][outlen] == 0xA5, "h_with_masks on %s: wrote past stream %u's bytes", name, r);
            }
        }
    }
}

static void test_h_with_masks(void)
{
    const char *names[16];
    const size_t n = kf_backend_batch_list(names, 16);
    const char *before = kf_backend_batch_name();
    unsigned tried = 0;
    for (size_t i = 0; i < n && i < 16; i++) {
        const kf_backend_xn *b = kf_backend_xn_by_name(names[i]);
        if (!b || b->n != 4 || kf_backend_select(names[i]) != KF_OK) continue;
        h_with_masks_on(names[i], b->x1_twin && b->absorb_blocks); /* only where a call costs an x1 one */
        tried += b->x1_twin != NULL;
    }
    if (kf_backend_select("x1") == KF_OK) h_with_masks_on("x1", 0);
    kf_backend_select(before);
    printf("h_with_masks: %u 4-state backend(s) with an x1 twin on this CPU\n", tried);
}

static void test_sample_in_ball_block(void)
{
    static const kf_mldsa_param sets[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
    unsigned bad = 0, trials = 0;
    for (int s = 0; s < 3; s++) {
        const kf_mldsa_params *p = kf_mldsa_params_get(sets[s]);
        for (int t = 0; t < 300; t++) {
            uint8_t ct[KF_MLDSA_CTILDE_MAX], block[KF_SHAKE256_RATE];
            for (unsigned i = 0; i < p->ctilde_bytes; i++) ct[i] = (uint8_t)rnd();
            kf_shake256(block, sizeof block, ct, p->ctilde_bytes);
            kf_mldsa_poly want, got;
            kf_mldsa_sample_in_ball(&want, ct, p);
            /* the whole block; 8 + tau - 1 bytes (too few positions: always from the start);
             * lengths in between (where it depends on the rejections) */
            const size_t lens[3] = {sizeof block, 8 + p->tau - 1, 8 + p->tau + (size_t)(t % 24)};
            for (int l = 0; l < 3; l++) {
                memset(&got, 0x5A, sizeof got);
                kf_mldsa_sample_in_ball_block(&got, block, lens[l], ct, p);
                bad += memcmp(&want, &got, sizeof got) != 0;
            }
            trials++;
        }
    }
    CHECK(bad == 0, "SampleInBall from a first block: %u of %u differ", bad, 3 * trials);
}

int main(void)
{
    test_decompose();
    test_ntt();
    test_hints();
    test_misc();
    test_h_with_masks();
    test_sample_in_ball_block();
    printf("test_mldsa_arith: %s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}

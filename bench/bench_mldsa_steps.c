/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_mldsa_steps.c - where ML-DSA signing's time goes (docs/BENCHMARKS.md, ML-DSA): the
 * whole Sign_internal on many messages with the attempts its rejection loop ran, and beside
 * it each piece of one attempt and of the set-up before the loop, timed alone on the
 * arithmetic and Keccak backends in use (KECCAKFORGE_MLDSA, KECCAKFORGE_BACKEND as usual),
 * with the Keccak permutations each piece makes and their price measured in the same run.
 *
 * Pieces of one attempt (mldsa.c's sign_attempt, in its order):
 *   ExpandMask     l SHAKE256 streams of 32 z_bits bytes (the batched backend's lanes)
 *   NTT(y)         l forward NTTs
 *   A o y          k rows of l pointwise products and k inverse NTTs
 *   w1             k times caddq + Decompose (w1 and w0, one pass) and w1Encode's SimpleBitPack
 *   H(mu || w1)    SHAKE256 of 64 + k 32 w1_bits bytes (x1)
 *   H + masks      the same hash as signing makes it: in lane 0 of avx512vl-x4 with 3 (44, 65)
 *                  or 6 (87) ExpandMask streams in the other lanes (kf_mldsa_h_with_masks), or
 *                  on x1 where there is no such backend
 *   c              SampleInBall (x1) and c's offsets (kf_mldsa_challenge_offsets)
 *   r0 check       k times c s2 with w -= c s2 and the norm of w0 - c s2
 *                  (kf_mldsa_sparse_sub_low_exceeds), every row
 *   z check        l times c s1 with z = y + c s1 reduced and its norm
 *                  (kf_mldsa_sparse_add_reduce_exceeds)
 *   hint           NTT(c), k times c o t0, inverse NTT, the hint row (kf_mldsa_hint_row)
 *   sigEncode      c~, BitPack of z, HintBitPack
 * An attempt always runs the first six and the r0 check; the z check only if r0 passed, the
 * hint only if both passed, sigEncode once. Set-up (once per signature): skDecode as signing
 * makes it (s1 and s2 straight into the sparse products' layout, kf_mldsa_sparse_prep_packed;
 * t0 unpacked), mu and rho'' (two SHAKE256), ExpandA (k l SHAKE128 streams) and the NTTs of t0.
 * Keccak: the price of one permute call of the x1 backend and of the batched backends that
 * ExpandMask's groups use (kf_backend_xn_for: 4 and 8 states), per call.
 *
 * Method as kforge bench: pinned, serialised TSC reads, the median of SAMPLES samples of each
 * piece (timer overhead not subtracted), the pieces' samples interleaved; the whole signature
 * over SIGN_MESSAGES messages (deterministic, mu differs), median, mean attempts, and the
 * median of the signatures that took exactly n attempts (n = 1..4), whose steps estimate one
 * attempt's price.
 * Usage: bench_mldsa_steps [44|65|87] [cpu]   (built as ./build/bench_mldsa_steps)
 */
#define _GNU_SOURCE
#include "bench_util.h"
#include "keccakforge.h"
#include "kforge/tsc.h"
#include "keccak/keccak_backend.h"
#include "mldsa/arith.h"
#include "mldsa/mldsa_internal.h"
#include "mldsa/packing.h"
#include "mldsa/poly.h"
#include "mldsa/sampling.h"
#include "sponge/sponge_xn.h" /* KF_XN_MAX */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tsc_have_rdtscp = 1;

#define SAMPLES 1001
#define SIGN_MESSAGES 2001
#define K_MAX KF_MLDSA_K_MAX
#define L_MAX KF_MLDSA_L_MAX

enum {
    P_MASK, P_MASK2, P_NTTY, P_MATRIX, P_W1, P_H, P_HM, P_C, P_R0, P_Z, P_HINT, P_SIGENC,
    S_SKDEC, S_MU, S_EXPA, S_NTTS,
    K_NTT, K_INTT, K_PW, K_ACC, K_DECOMP, K_EXCEEDS, K_MAKEHINT,
    C_X1, C_X4, C_X8, PIECES
};
static const char *const piece_name[PIECES] = {
    "ExpandMask (l streams)", "ExpandMask ahead (8 streams, 1 call)", "NTT(y): l NTTs",
    "A o y: k rows + k INTT", "w1: caddq+Decompose+pack (k)", "H(mu || w1)", "H(mu || w1) + masks, as signing",
    "SampleInBall + offsets",
    "r0 check (k)", "z check (l)", "hint (k)", "sigEncode",
    "skDecode (s1, s2 as c s needs them)", "mu + rho'' (2 SHAKE256)", "ExpandA (k l streams)", "NTT t0 (k)",
    "one NTT", "one inverse NTT", "one pointwise product", "one row: l products", "one Decompose",
    "one norm check", "one MakeHint",
    "permute x1 (one call)", "permute 4 states (one call)", "permute 8 states (one call)",
};
static uint64_t t[PIECES][SAMPLES];
static uint64_t sign_t[SIGN_MESSAGES];
static unsigned sign_n[SIGN_MESSAGES];

typedef struct st {
    kf_mldsa_poly a[K_MAX * L_MAX], s1[L_MAX], s2[K_MAX], t0[K_MAX];
    kf_mldsa_poly y[L_MAX], z[L_MAX], w[K_MAX], w0[K_MAX], h[K_MAX], c, tmp, r;
    kf_mldsa_sparse es1[L_MAX], es2[K_MAX];
    uint16_t coff[KF_MLDSA_N];
    uint8_t rho[32], key[32], tr[64], mu[64], rhopp[64], ctilde[64], w1[K_MAX * 32 * 6];
} st_t;
static st_t S;

static uint64_t u64_median(uint64_t *v, size_t n)
{
    bench_sort(v, n);
    return v[n / 2];
}

/* the Keccak-p calls of one SHAKE256 of inlen bytes squeezed to outlen bytes */
static unsigned shake256_perms(size_t inlen, size_t outlen)
{
    unsigned in = (unsigned)(inlen / KF_SHAKE256_RATE + 1);
    unsigned out = outlen > KF_SHAKE256_RATE ? (unsigned)((outlen - 1) / KF_SHAKE256_RATE) : 0;
    return in + out;
}

int main(int argc, char **argv)
{
    int param = argc > 1 ? atoi(argv[1]) : 44;
    int cpu = argc > 2 ? atoi(argv[2]) : 1;
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    if (!p) {
        fprintf(stderr, "usage: bench_mldsa_steps [44|65|87] [cpu]\n");
        return 2;
    }
    bench_pin(cpu);
    static uint8_t pk[KF_MLDSA_PK_MAX_BYTES], sk[KF_MLDSA_SK_MAX_BYTES], sig[KF_MLDSA_SIG_MAX_BYTES];
    uint8_t xi[32], rnd[32];
    memset(xi, 7, sizeof xi);
    memset(rnd, 5, sizeof rnd);
    if (kf_mldsa_keygen_internal(param, pk, sk, xi) != KF_OK) return 1;
    const unsigned k = p->k, l = p->l;

    /* the whole signature, many messages */
    for (int s = -50; s < SIGN_MESSAGES; s++) {
        uint8_t mu[64];
        memset(mu, 3, sizeof mu);
        mu[0] = (uint8_t)s;
        mu[1] = (uint8_t)(s >> 8);
        unsigned n = 0;
        uint64_t t0 = timer_start();
        int rc = kf_mldsa_sign_mu_attempts(p, sig, sk, mu, rnd, &n);
        uint64_t t1 = timer_stop();
        if (rc != KF_OK) return 1;
        if (s >= 0) {
            sign_t[s] = t1 - t0;
            sign_n[s] = n;
        }
    }

    /* the pieces, on the state of a real signature's set-up */
    if (kf_mldsa_sk_decode(S.rho, S.key, S.tr, S.s1, S.s2, S.t0, sk, p) != 0) return 1;
    memset(S.mu, 3, sizeof S.mu);
    memset(S.rhopp, 4, sizeof S.rhopp);
    kf_mldsa_expand_a(S.a, S.rho, p);
    for (unsigned j = 0; j < l; j++) kf_mldsa_sparse_prep(&S.es1[j], &S.s1[j], (int32_t)p->eta, p->tau);
    for (unsigned i = 0; i < k; i++) {
        kf_mldsa_sparse_prep(&S.es2[i], &S.s2[i], (int32_t)p->eta, p->tau);
        kf_mldsa_ntt(&S.s2[i]); /* for the "one pointwise product" and "one row" kernels below */
        kf_mldsa_ntt(&S.t0[i]);
    }
    for (unsigned j = 0; j < l; j++) kf_mldsa_ntt(&S.s1[j]);
    unsigned cn = 0;
    const kf_backend *x1 = kf_backend_current();
    const kf_backend_xn *b4 = kf_backend_xn_for(4), *b8 = kf_backend_xn_for(8);
    static _Alignas(64) uint8_t states[8 * 200 + 256];
    const size_t w1len = 32u * p->w1_bits * k;
    const size_t hm_blocks = (64 + w1len) / KF_SHAKE256_RATE + 1,
                 hm_mblocks = (32u * p->z_bits + KF_SHAKE256_RATE - 1) / KF_SHAKE256_RATE;
    const unsigned hm_count = 2 * hm_mblocks <= hm_blocks + 1 ? 6 : 3; /* sign_attempt's choice, room aside */
    for (int s = -100; s < SAMPLES; s++) {
        uint64_t c[PIECES], t0;
        uint32_t over = 0, ones = 0;
        S.rhopp[0] = (uint8_t)s;
        t0 = timer_start();
        kf_mldsa_expand_mask(S.y, S.rhopp, 0, p);
        c[P_MASK] = timer_stop() - t0;
        t0 = timer_start();
        { /* as signing makes its masks (mldsa.c): 8 streams a call, an attempt unpacking l */
            static uint8_t ring[KF_XN_MAX][32 * 20];
            uint8_t *out[KF_XN_MAX];
            for (unsigned r = 0; r < KF_XN_MAX; r++) out[r] = ring[r];
            kf_mldsa_expand_mask_bytes(out, S.rhopp, 0, KF_XN_MAX, p);
            for (unsigned j = 0; j < l; j++) kf_mldsa_unpack_offset(&S.y[j], ring[j], p->z_bits, p->gamma1);
        }
        c[P_MASK2] = timer_stop() - t0;
        t0 = timer_start();
        for (unsigned j = 0; j < l; j++) {
            S.z[j] = S.y[j];
            kf_mldsa_ntt(&S.z[j]);
        }
        c[P_NTTY] = timer_stop() - t0;
        t0 = timer_start();
        for (unsigned i = 0; i < k; i++) {
            kf_mldsa_pointwise_acc_vec(&S.w[i], &S.a[i * l], S.z, l);
            kf_mldsa_invntt_tomont(&S.w[i]);
        }
        c[P_MATRIX] = timer_stop() - t0;
        t0 = timer_start();
        for (unsigned i = 0; i < k; i++) {
            kf_mldsa_caddq_decompose(&S.tmp, &S.w0[i], &S.w[i], p->gamma2);
            kf_mldsa_pack_simple(S.w1 + 32u * p->w1_bits * i, &S.tmp, p->w1_bits);
        }
        c[P_W1] = timer_stop() - t0;
        const uint8_t *in[2] = {S.mu, S.w1};
        const size_t len[2] = {64, w1len};
        t0 = timer_start();
        kf_mldsa_shake256(S.ctilde, p->ctilde_bytes, 2, in, len);
        c[P_H] = timer_stop() - t0;
        t0 = timer_start();
        { /* as signing makes it (mldsa.c's sign_attempt): padded, then on a 4-state backend with
           * hm_count mask streams in the other lanes, or on x1 where there is none */
            static uint8_t hpad[((64 + K_MAX * 32 * 6) / KF_SHAKE256_RATE + 1) * KF_SHAKE256_RATE], ring[6][32 * 20];
            uint8_t *out[6];
            for (unsigned r = 0; r < 6; r++) out[r] = ring[r];
            memcpy(hpad, S.mu, 64);
            memcpy(hpad + 64, S.w1, w1len);
            const size_t hb = kf_xn_side_pad(hpad, 64 + w1len, KF_SHAKE256_RATE, 0x1F);
            if (!kf_mldsa_h_with_masks(S.ctilde, p->ctilde_bytes, hpad, hb, out, S.rhopp, 0, hm_count, p))
                kf_mldsa_shake256(S.ctilde, p->ctilde_bytes, 2, in, len);
        }
        c[P_HM] = timer_stop() - t0;
        t0 = timer_start();
        kf_mldsa_sample_in_ball(&S.c, S.ctilde, p);
        cn = kf_mldsa_challenge_offsets(S.coff, &S.c);
        c[P_C] = timer_stop() - t0;
        t0 = timer_start();
        for (unsigned i = 0; i < k; i++) /* every row (signing leaves at the first that fails) */
            kf_mldsa_sparse_sub_low_exceeds(&S.w[i], &S.w0[i], &S.tmp, &S.es2[i], S.coff, cn,
                                            p->gamma2 - (int32_t)p->beta, &over);
        c[P_R0] = timer_stop() - t0;
        t0 = timer_start();
        for (unsigned j = 0; j < l; j++)
            kf_mldsa_sparse_add_reduce_exceeds(&S.z[j], &S.y[j], &S.es1[j], S.coff, cn, p->gamma1 - (int32_t)p->beta,
                                               &over);
        c[P_Z] = timer_stop() - t0;
        t0 = timer_start();
        kf_mldsa_ntt(&S.c);
        for (unsigned i = 0; i < k; i++) {
            kf_mldsa_pointwise(&S.tmp, &S.c, &S.t0[i]);
            kf_mldsa_invntt_tomont(&S.tmp);
            kf_mldsa_hint_row(&S.h[i], &S.w[i], &S.tmp, p->gamma2, &ones, &over);
        }
        c[P_HINT] = timer_stop() - t0;
        for (unsigned i = 0; i < k; i++) /* a valid hint: at most omega ones */
            for (unsigned j = 0; j < KF_MLDSA_N; j++) S.h[i].c[j] = j < p->omega / k;
        for (unsigned j = 0; j < l; j++) kf_mldsa_poly_reduce(&S.z[j]);
        t0 = timer_start();
        kf_mldsa_sig_encode(sig, S.ctilde, S.z, S.h, p);
        c[P_SIGENC] = timer_stop() - t0;
        kf_mldsa_poly t0p[K_MAX];
        static kf_mldsa_sparse es[L_MAX + K_MAX];
        uint8_t rho[32], key[32], tr[64], mu[64], rhopp[64];
        uint32_t bad = 0;
        t0 = timer_start();
        { /* as signing decodes sk (mldsa.c, sign_sk_decode): s1 and s2 into the sparse products'
           * layout, t0 unpacked */
            const size_t sb = 32u * p->eta_bits, t0_off = 128 + sb * (l + k);
            memcpy(rho, sk, 32);
            memcpy(key, sk + 32, 32);
            memcpy(tr, sk + 64, 64);
            for (unsigned j = 0; j < l + k; j++)
                bad |= kf_mldsa_sparse_prep_packed(&es[j], sk + 128 + sb * j, p->eta_bits, (int32_t)p->eta, p->tau);
            for (unsigned i = 0; i < k; i++)
                kf_mldsa_unpack_offset(&t0p[i], sk + t0_off + 32u * KF_MLDSA_D * i, KF_MLDSA_D, 1 << (KF_MLDSA_D - 1));
        }
        c[S_SKDEC] = timer_stop() - t0;
        if (bad) return 1;
        const uint8_t msg[34] = {0, 0, (uint8_t)s};
        kf_mldsa_msg m = {{msg}, {sizeof msg}, 1};
        t0 = timer_start();
        kf_mldsa_compute_mu(mu, tr, &m);
        const uint8_t *in3[3] = {key, rnd, mu};
        const size_t len3[3] = {32, 32, 64};
        kf_mldsa_shake256(rhopp, sizeof rhopp, 3, in3, len3);
        c[S_MU] = timer_stop() - t0;
        S.rho[0] ^= (uint8_t)s; /* another matrix each time: its rejection varies */
        t0 = timer_start();
        kf_mldsa_expand_a(S.a, S.rho, p);
        c[S_EXPA] = timer_stop() - t0;
        t0 = timer_start();
        for (unsigned i = 0; i < k; i++) kf_mldsa_ntt(&t0p[i]);
        c[S_NTTS] = timer_stop() - t0;
        for (unsigned j = 0; j < KF_MLDSA_N; j++) S.tmp.c[j] = S.w[0].c[j] % KF_MLDSA_Q;
        t0 = timer_start();
        kf_mldsa_ntt(&S.tmp);
        c[K_NTT] = timer_stop() - t0;
        kf_mldsa_poly_reduce(&S.tmp);
        t0 = timer_start();
        kf_mldsa_invntt_tomont(&S.tmp);
        c[K_INTT] = timer_stop() - t0;
        t0 = timer_start();
        kf_mldsa_pointwise(&S.r, &S.c, &S.s1[0]);
        c[K_PW] = timer_stop() - t0;
        t0 = timer_start();
        kf_mldsa_pointwise_acc_vec(&S.r, &S.a[0], S.s1, l);
        c[K_ACC] = timer_stop() - t0;
        kf_mldsa_poly_freeze(&S.w[0]);
        t0 = timer_start();
        kf_mldsa_decompose(&S.r, &S.tmp, &S.w[0], p->gamma2);
        c[K_DECOMP] = timer_stop() - t0;
        t0 = timer_start();
        kf_mldsa_poly_exceeds(&S.tmp, p->gamma2 - (int32_t)p->beta, &over);
        c[K_EXCEEDS] = timer_stop() - t0;
        kf_mldsa_poly_freeze(&S.w[1]);
        t0 = timer_start();
        kf_mldsa_make_hint(&S.h[0], &S.w[0], &S.w[1], p->gamma2, &ones);
        c[K_MAKEHINT] = timer_stop() - t0;
        uint8_t *aligned = states + (64 - ((uintptr_t)states & 63)) % 64;
        t0 = timer_start();
        x1->permute(aligned, 24);
        c[C_X1] = timer_stop() - t0;
        t0 = timer_start();
        if (b4) b4->permute(aligned, 24);
        c[C_X4] = timer_stop() - t0;
        t0 = timer_start();
        if (b8) b8->permute(aligned, 24);
        c[C_X8] = timer_stop() - t0;
        if (s >= 0)
            for (int q = 0; q < PIECES; q++) t[q][s] = c[q];
        __asm__ volatile("" : : "r"(over), "r"(ones) : "memory");
    }

    /* the report */
    uint64_t med[PIECES];
    for (int q = 0; q < PIECES; q++) med[q] = u64_median(t[q], SAMPLES);
    double mean_n = 0;
    for (int s = 0; s < SIGN_MESSAGES; s++) mean_n += sign_n[s];
    mean_n /= SIGN_MESSAGES;
    uint64_t by_n[5] = {0};
    size_t cnt_n[5] = {0};
    static uint64_t tmpv[SIGN_MESSAGES];
    for (unsigned n = 1; n <= 4; n++) {
        size_t m = 0;
        for (int s = 0; s < SIGN_MESSAGES; s++)
            if (sign_n[s] == n) tmpv[m++] = sign_t[s];
        cnt_n[n] = m;
        by_n[n] = m ? u64_median(tmpv, m) : 0;
    }
    static unsigned ncopy[SIGN_MESSAGES];
    memcpy(ncopy, sign_n, sizeof ncopy);
    uint64_t nsorted[SIGN_MESSAGES];
    for (int s = 0; s < SIGN_MESSAGES; s++) nsorted[s] = ncopy[s];
    const uint64_t med_n = u64_median(nsorted, SIGN_MESSAGES);
    const uint64_t med_sign = u64_median(sign_t, SIGN_MESSAGES);

    printf("ML-DSA-%d signing by step: TSC ticks, median of %d (timer overhead not subtracted), cpu %d\n", param,
           SAMPLES, cpu);
    printf("  arithmetic: %s; Keccak: x1 %s, 4 states %s, 8 states %s\n",
           kf_mldsa_arith_avx512() ? "AVX2 + AVX-512 NTT" : kf_mldsa_arith_avx2() ? "AVX2" : "portable C", x1->name,
           b4 ? b4->name : "x1", b8 ? b8->name : "x1");
    printf("  Sign_internal over %d messages: median %llu ticks, median attempts %llu, mean %.2f\n", SIGN_MESSAGES,
           (unsigned long long)med_sign, (unsigned long long)med_n, mean_n);
    for (unsigned n = 1; n <= 4; n++)
        printf("    signatures of %u attempt%s: %4zu, median %8llu ticks\n", n, n > 1 ? "s" : " ", cnt_n[n],
               (unsigned long long)by_n[n]);
    const unsigned mask_perms = (unsigned)((32u * p->z_bits + KF_SHAKE256_RATE - 1) / KF_SHAKE256_RATE);
    const unsigned h_perms = shake256_perms(64 + w1len, p->ctilde_bytes);
    const unsigned a_perms = 5; /* 840 bytes of SHAKE128: 5 blocks, rarely a 6th */
    printf("  %-40s %8s  %s\n", "piece", "ticks", "Keccak-p calls (streams x blocks)");
    for (int q = 0; q < PIECES; q++) {
        if ((q == C_X4 && !b4) || (q == C_X8 && !b8)) continue;
        char perms[64] = "";
        switch (q) {
        case P_MASK: snprintf(perms, sizeof perms, "%u x %u (batched)", l, mask_perms); break;
        case P_MASK2: snprintf(perms, sizeof perms, "%u x %u (batched; l unpacked)", KF_XN_MAX, mask_perms); break;
        case P_H: snprintf(perms, sizeof perms, "1 x %u (x1)", h_perms); break;
        case P_HM: snprintf(perms, sizeof perms, "%u masks in 3 lanes of x4", hm_count); break;
        case P_C: snprintf(perms, sizeof perms, "1 x 1 (x1; rarely 2)"); break;
        case S_MU: snprintf(perms, sizeof perms, "2 x 1 (x1; 32-byte message)"); break;
        case S_EXPA: snprintf(perms, sizeof perms, "%u x %u (batched, SHAKE128)", k * l, a_perms); break;
        default: break;
        }
        printf("  %-40s %8llu  %s\n", piece_name[q], (unsigned long long)med[q], perms);
    }
    return 0;
}

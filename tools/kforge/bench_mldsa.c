/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_mldsa.c - suite "mldsa": ML-DSA-44/65/87 (FIPS 204) KeyGen, Sign and Verify in ticks
 * per operation, through the public API, on the batched backend in use and with "x1" (no
 * batched backend: every SHAKE stream on one state). The backend column names the Keccak
 * backends and the arithmetic (src/mldsa/arith.h): the automatic choice (AVX2 where the CPU
 * has it), then, where that is AVX2, the same Keccak with the portable C arithmetic, then
 * everything portable (x1 and the portable arithmetic).
 *
 * keygen: KeyGen_internal from a fixed xi; verify: a fixed signature of a 32-byte message
 * (the harness's median, calibrated reps). sign: signing's rejection loop runs a different
 * number of attempts for every message (4.25 / 5.1 / 3.85 on average), so it is timed one
 * signature at a time over SIGN_MESSAGES different messages (deterministic, empty context;
 * --quick: SIGN_MESSAGES_QUICK), giving the median and the 90th percentile, in wall ticks and
 * in the thread's CPU time (CLOCK_THREAD_CPUTIME_ID, in ticks at the measured TSC rate): on a
 * shared host the scheduler cuts into many signatures, which the wall p90 then measures (the
 * SLH-DSA suite does the same).
 * verify-batch8: kf_mldsa_verify_batch of 8 signatures of different messages under one key,
 * ticks per signature (timed beside keygen and verify, samples alternated).
 * verify-batch64-keys: kf_mldsa_verify_batch of 64 signatures under 64 different keys (a
 * server's mixed traffic: every item its own ExpandA), ticks per signature in the thread's CPU
 * time (a batch of 64 outlasts a time slice on a shared host), the median of VBATCH64_SAMPLES
 * (--quick: VBATCH64_SAMPLES_QUICK) batches; beside each batch, alternated, the same 64 items
 * through kf_mldsa_verify one at a time: vbatch64-speedup = singles / batch. Issue 53's
 * comparison of this batch with 64 of liboqs's verifications is bench/bench_mldsa_peers's
 * `batch` mode (liboqs is not linked here).
 * Keccak floor of keygen and verify: the Keccak-p[1600,24] calls FIPS 204 makes them hash (one
 * per absorbed or squeezed block of each hash; RejNTTPoly, RejBoundedPoly and SampleInBall
 * counted block by block as far as they read, by running those samplers' SHAKE streams here
 * through the public XOF API), times the per-state price of the batched backend in use
 * (ticks per call of its permute / states per call, measured right before: the x1 backend's
 * when there is none). ratio = ticks / floor: what the arithmetic, the packing and the lanes
 * left idle cost on top of the hashing. Signing has no floor here: its attempt count is
 * inside the library.
 * Other implementations side by side (libcrux-ml-dsa, liboqs): bench/bench_mldsa_peers, a
 * separate Rust harness (their crates come from crates.io), not this suite.
 */
#include "bench.h"
#include "tsc.h"
#include "keccakforge.h"
#include "keccak/keccak_backend.h" /* the batched backend's permute, for the floor's price */
#include "mldsa/arith.h"            /* kf_mldsa_arith_avx2, _select */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SIGN_MESSAGES 1001
#define SIGN_MESSAGES_QUICK 101
#define VBATCH64 64
#define VBATCH64_SAMPLES 15
#define VBATCH64_SAMPLES_QUICK 3

typedef struct mldsa_arg {
    kf_mldsa_param param;
    uint8_t pk[KF_MLDSA_PK_MAX_BYTES], sk[KF_MLDSA_SK_MAX_BYTES], sig[KF_MLDSA_SIG_MAX_BYTES];
    uint8_t xi[KF_MLDSA_SEED_BYTES], msg[32];
    uint8_t msgs[8][32], sigs[8][KF_MLDSA_SIG_MAX_BYTES]; /* for verify-batch8 */
    kf_mldsa_verify_item items[8];
    int results[8];
    int rc; /* last status, checked after timing */
} mldsa_arg;

static void run_keygen(void *arg, size_t reps)
{
    mldsa_arg *a = arg;
    for (size_t i = 0; i < reps; i++) a->rc |= kf_mldsa_keygen_internal(a->param, a->pk, a->sk, a->xi);
}

static void run_verify(void *arg, size_t reps)
{
    mldsa_arg *a = arg;
    const size_t siglen = kf_mldsa_sig_bytes(a->param), pklen = kf_mldsa_pk_bytes(a->param);
    for (size_t i = 0; i < reps; i++)
        a->rc |= kf_mldsa_verify(a->param, a->msg, sizeof a->msg, NULL, 0, a->sig, siglen, a->pk, pklen);
}

static void run_verify_batch8(void *arg, size_t reps)
{
    mldsa_arg *a = arg;
    for (size_t i = 0; i < reps; i++) a->rc |= kf_mldsa_verify_batch(a->param, 8, a->items, a->results);
}

/* 8 signatures of different messages under a's key, as verify-batch8's items; 0 on success. */
static int batch_setup(mldsa_arg *a)
{
    const size_t pklen = kf_mldsa_pk_bytes(a->param), siglen = kf_mldsa_sig_bytes(a->param);
    for (unsigned j = 0; j < 8; j++) {
        memcpy(a->msgs[j], a->msg, sizeof a->msgs[j]);
        a->msgs[j][0] = (uint8_t)(100 + j);
        if (kf_mldsa_sign(a->param, a->sigs[j], sizeof a->sigs[j], a->msgs[j], sizeof a->msgs[j], NULL, 0, NULL,
                          a->sk, kf_mldsa_sk_bytes(a->param)) != KF_OK)
            return -1;
        a->items[j] = (kf_mldsa_verify_item){a->msgs[j], sizeof a->msgs[j], NULL, 0, a->sigs[j], siglen, a->pk, pklen};
    }
    return 0;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* ---- the Keccak floor ------------------------------------------------------------------- */

#define R128 KF_SHAKE128_RATE
#define R256 KF_SHAKE256_RATE

/* Permutations of one SHAKE: the absorbed blocks, the padding's included, then one per
 * squeezed block after the first. */
static uint64_t hash_perms(size_t inlen, size_t outlen, size_t rate)
{
    return inlen / rate + 1 + (outlen > rate ? (outlen + rate - 1) / rate - 1 : 0);
}

/* Blocks RejNTTPoly(rho || s || r) reads (Alg. 30), by running its SHAKE128 here. */
static uint64_t rej_ntt_perms(const uint8_t rho[32], unsigned s, unsigned r)
{
    uint8_t seed[34], blk[R128];
    kf_xof_ctx x;
    memcpy(seed, rho, 32);
    seed[32] = (uint8_t)s;
    seed[33] = (uint8_t)r;
    if (kf_shake128_init(&x) != KF_OK) return 0;
    kf_xof_absorb(&x, seed, sizeof seed);
    uint64_t blocks = 0;
    for (unsigned have = 0; have < 256;) {
        kf_xof_squeeze(&x, blk, sizeof blk);
        blocks++;
        for (size_t i = 0; i + 3 <= sizeof blk && have < 256; i += 3)
            have += ((uint32_t)blk[i] | (uint32_t)blk[i + 1] << 8 | (uint32_t)(blk[i + 2] & 0x7F) << 16) < 8380417u;
    }
    kf_wipe(&x, sizeof x);
    return blocks;
}

/* Blocks RejBoundedPoly(rho' || r) reads (Alg. 31). */
static uint64_t rej_bounded_perms(const uint8_t rhop[64], unsigned r, unsigned eta)
{
    uint8_t seed[66], blk[R256];
    kf_xof_ctx x;
    memcpy(seed, rhop, 64);
    seed[64] = (uint8_t)r;
    seed[65] = (uint8_t)(r >> 8);
    if (kf_shake256_init(&x) != KF_OK) return 0;
    kf_xof_absorb(&x, seed, sizeof seed);
    uint64_t blocks = 0;
    for (unsigned have = 0; have < 256;) {
        kf_xof_squeeze(&x, blk, sizeof blk);
        blocks++;
        for (size_t i = 0; i < 2 * sizeof blk && have < 256; i++) {
            unsigned z = i & 1 ? blk[i / 2] >> 4 : blk[i / 2] & 15u;
            have += eta == 2 ? z < 15 : z < 9;
        }
    }
    kf_wipe(&x, sizeof x);
    kf_wipe(blk, sizeof blk);
    return blocks;
}

/* Blocks SampleInBall(c~) reads (Alg. 29): 8 sign bytes, then a byte per candidate. */
static uint64_t ball_perms(const uint8_t *ctilde, size_t ctlen, unsigned tau)
{
    uint8_t blk[R256];
    kf_xof_ctx x;
    if (kf_shake256_init(&x) != KF_OK) return 0;
    kf_xof_absorb(&x, ctilde, ctlen);
    kf_xof_squeeze(&x, blk, sizeof blk);
    uint64_t blocks = 1;
    size_t pos = 8;
    for (unsigned i = 256 - tau; i < 256; i++) {
        unsigned j;
        do {
            if (pos == sizeof blk) {
                kf_xof_squeeze(&x, blk, sizeof blk);
                blocks++;
                pos = 0;
            }
            j = blk[pos++];
        } while (j > i);
    }
    return blocks;
}

typedef struct set_shape {
    unsigned k, l, eta, tau, ctilde, w1_bits;
} set_shape;

static set_shape shape_of(kf_mldsa_param p)
{
    switch (p) {
    case KF_MLDSA44: return (set_shape){4, 4, 2, 39, 32, 6};
    case KF_MLDSA65: return (set_shape){6, 5, 4, 49, 48, 4};
    default: return (set_shape){8, 7, 2, 60, 64, 4};
    }
}

static uint64_t expand_a_perms(const uint8_t *rho, const set_shape *sh)
{
    uint64_t n = 0;
    for (unsigned r = 0; r < sh->k; r++)
        for (unsigned s = 0; s < sh->l; s++) n += rej_ntt_perms(rho, s, r);
    return n;
}

/* KeyGen_internal(xi) (Alg. 6): H(xi || k || l, 128), ExpandA, ExpandS, tr = H(pk, 64). */
static uint64_t keygen_perms(const mldsa_arg *a)
{
    const set_shape sh = shape_of(a->param);
    uint8_t in[34], seeds[128];
    memcpy(in, a->xi, 32);
    in[32] = (uint8_t)sh.k;
    in[33] = (uint8_t)sh.l;
    if (kf_shake256(seeds, sizeof seeds, in, sizeof in) != KF_OK) return 0;
    uint64_t n = hash_perms(sizeof in, sizeof seeds, R256) + expand_a_perms(seeds, &sh);
    for (unsigned r = 0; r < sh.l + sh.k; r++) n += rej_bounded_perms(seeds + 32, r, sh.eta);
    kf_wipe(seeds, sizeof seeds);
    return n + hash_perms(kf_mldsa_pk_bytes(a->param), 64, R256);
}

/* Verify (Alg. 3, 8) of a->sig on a->msg with an empty context: tr, mu, ExpandA, SampleInBall,
 * c~' = H(mu || w1Encode(w1'), lambda/4). */
static uint64_t verify_perms(const mldsa_arg *a)
{
    const set_shape sh = shape_of(a->param);
    return hash_perms(kf_mldsa_pk_bytes(a->param), 64, R256) + hash_perms(64 + 2 + sizeof a->msg, 64, R256) +
           expand_a_perms(a->pk, &sh) + ball_perms(a->sig, sh.ctilde, sh.tau) +
           hash_perms(64 + 32u * sh.w1_bits * sh.k, sh.ctilde, R256);
}

/* Ticks per Keccak-p[1600,24] of one state on the batched backend in use (x1 without one):
 * the median of 63 samples of 16 calls back to back (microseconds each: few are cut into). */
static double price_now(bench *b)
{
    static _Alignas(64) uint8_t states[4096];
    const kf_backend_xn *xn = kf_backend_xn_current();
    const kf_backend *x1 = kf_backend_current();
    enum { SAMPLES = 63, CALLS = 16 };
    uint64_t t[SAMPLES];
    if (xn && xn->state_bytes > sizeof states) return -1;
    if (xn) xn->init(states);
    else x1->init(states);
    for (unsigned i = 0; i <= SAMPLES; i++) {
        uint64_t t0 = timer_start();
        for (unsigned c = 0; c < CALLS; c++) {
            if (xn) xn->permute(states, 24);
            else x1->permute(states, 24);
        }
        uint64_t d = timer_stop() - t0;
        if (i) t[i - 1] = d > b->overhead ? d - b->overhead : 0; /* sample 0: the warm-up */
    }
    qsort(t, SAMPLES, sizeof t[0], cmp_u64);
    return (double)t[SAMPLES / 2] / CALLS / (xn ? xn->n : 1);
}


static uint64_t cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* verify-batch64-keys: VBATCH64 key pairs from a's xi with its first byte varied, each key's
 * signature of a's message with its first byte varied; then samples batches of all 64 and, each
 * after, the 64 single verifications, in CPU time. q[0] = ticks per signature in the batch,
 * q[1] = singles / batch (medians). 0 on success. */
static int time_vbatch64(bench *b, const mldsa_arg *a, unsigned samples, double q[2])
{
    const size_t pklen = kf_mldsa_pk_bytes(a->param), sklen = kf_mldsa_sk_bytes(a->param),
                 siglen = kf_mldsa_sig_bytes(a->param);
    uint8_t *pks = malloc(VBATCH64 * (pklen + siglen + 32)), *sigs = pks + VBATCH64 * pklen,
            *msgs = sigs + VBATCH64 * siglen;
    kf_mldsa_verify_item *items = malloc(VBATCH64 * sizeof *items);
    int *results = malloc(VBATCH64 * sizeof *results);
    uint64_t *tb = malloc(2 * samples * sizeof *tb), *ts = tb + samples;
    static uint8_t sk[KF_MLDSA_SK_MAX_BYTES];
    int rc = -1;
    if (!pks || !items || !results || !tb) goto out;
    for (unsigned i = 0; i < VBATCH64; i++) {
        uint8_t xi[KF_MLDSA_SEED_BYTES], *pk = pks + i * pklen, *sig = sigs + i * siglen, *msg = msgs + 32 * i;
        memcpy(xi, a->xi, sizeof xi);
        xi[0] = (uint8_t)(xi[0] + 1 + i);
        memcpy(msg, a->msg, 32);
        msg[0] = (uint8_t)(200 + i);
        if (kf_mldsa_keygen_internal(a->param, pk, sk, xi) != KF_OK ||
            kf_mldsa_sign(a->param, sig, siglen, msg, 32, NULL, 0, NULL, sk, sklen) != KF_OK)
            goto out;
        items[i] = (kf_mldsa_verify_item){msg, 32, NULL, 0, sig, siglen, pk, pklen};
    }
    int bad = 0;
    for (unsigned s = 0; s <= samples; s++) { /* s = 0: the warm-up */
        uint64_t c0 = cpu_ns();
        bad |= kf_mldsa_verify_batch(a->param, VBATCH64, items, results);
        uint64_t c1 = cpu_ns();
        for (unsigned i = 0; i < VBATCH64; i++)
            bad |= kf_mldsa_verify(a->param, items[i].msg, 32, NULL, 0, items[i].sig, siglen, items[i].pk, pklen);
        uint64_t c2 = cpu_ns();
        if (s) {
            tb[s - 1] = c1 - c0;
            ts[s - 1] = c2 - c1;
        }
    }
    if (bad) goto out;
    qsort(tb, samples, sizeof *tb, cmp_u64);
    qsort(ts, samples, sizeof *ts, cmp_u64);
    q[0] = (double)tb[samples / 2] * (b->tsc_hz / 1e9) / VBATCH64;
    q[1] = tb[samples / 2] ? (double)ts[samples / 2] / (double)tb[samples / 2] : -1;
    rc = 0;
out:
    kf_wipe(sk, sizeof sk);
    free(pks);
    free(items);
    free(results);
    free(tb);
    return rc;
}

/* n signatures of different messages, one at a time: median and 90th percentile of their
 * wall ticks (q[0], q[1]) and CPU time in ticks (q[2], q[3]). */
static int time_signing(bench *b, mldsa_arg *a, unsigned n, double q[4])
{
    uint64_t *t = malloc(2 * n * sizeof *t), *c = t + n;
    uint8_t msg[32];
    static uint8_t sig[KF_MLDSA_SIG_MAX_BYTES];
    const size_t sklen = kf_mldsa_sk_bytes(a->param);
    int rc = 0;
    if (!t) return -1;
    memcpy(msg, a->msg, sizeof msg);
    for (unsigned i = 0; i < n; i++) {
        msg[0] = (uint8_t)i;
        msg[1] = (uint8_t)(i >> 8);
        uint64_t c0 = cpu_ns(), t0 = timer_start();
        rc |= kf_mldsa_sign(a->param, sig, sizeof sig, msg, sizeof msg, NULL, 0, NULL, a->sk, sklen);
        uint64_t t1 = timer_stop(), c1 = cpu_ns();
        t[i] = t1 - t0 > b->overhead ? t1 - t0 - b->overhead : 0;
        c[i] = c1 - c0;
    }
    qsort(t, n, sizeof *t, cmp_u64);
    qsort(c, n, sizeof *c, cmp_u64);
    const double per_ns = b->tsc_hz / 1e9;
    q[0] = (double)t[n / 2];
    q[1] = (double)t[(n * 9) / 10];
    q[2] = (double)c[n / 2] * per_ns;
    q[3] = (double)c[(n * 9) / 10] * per_ns;
    free(t);
    return rc;
}

static void mldsa_rows(bench *b, const char *backend, int width)
{
    static const kf_mldsa_param params[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
    static mldsa_arg a[3]; /* ~50 KiB each: off the stack */
    const unsigned nsign = b->quick ? SIGN_MESSAGES_QUICK : SIGN_MESSAGES;
    for (size_t p = 0; p < 3; p++) {
        mldsa_arg *x = &a[p];
        memset(x, 0, sizeof *x);
        x->param = params[p];
        for (unsigned i = 0; i < sizeof x->xi; i++) x->xi[i] = (uint8_t)(3 * i + 1);
        for (unsigned i = 0; i < sizeof x->msg; i++) x->msg[i] = (uint8_t)(5 * i + 2);
        int ok = kf_mldsa_keygen_internal(x->param, x->pk, x->sk, x->xi) == KF_OK &&
                 kf_mldsa_sign(x->param, x->sig, sizeof x->sig, x->msg, sizeof x->msg, NULL, 0, NULL, x->sk,
                               kf_mldsa_sk_bytes(x->param)) == KF_OK &&
                 batch_setup(x) == 0;
        printf("    %-*s ML-DSA-%-3d", width, backend, (int)params[p]);
        if (!ok) {
            printf(" (setup failed: not timed)\n");
            continue;
        }
        bench_fn fns[3] = {run_keygen, run_verify, run_verify_batch8};
        void *args[3] = {x, x, x};
        double t[3], q[4] = {-1, -1, -1, -1};
        bench_measure_n(b, 3, fns, args, 1, t, NULL);
        t[2] /= 8; /* per signature */
        /* the spread and sample count of keygen / verify / vbatch8, kept for their records: the
         * figures timed after them set their own (bench_add records b's last_*) */
        const unsigned kv_samples = b->last_samples;
        const double kv_iqr = b->last_rel_iqr, kv_q1 = b->last_rel_q1, kv_q3 = b->last_rel_q3,
                     kv_tag = b->last_q_tag;
        if (time_signing(b, x, nsign, q) != 0) q[0] = q[1] = q[2] = q[3] = -1;
        double vb[2] = {-1, -1};
        if (time_vbatch64(b, x, b->quick ? VBATCH64_SAMPLES_QUICK : VBATCH64_SAMPLES, vb) != 0) vb[0] = vb[1] = -1;
        if (x->rc != KF_OK) t[0] = t[1] = t[2] = -1;
        const double price = price_now(b);
        const double fk = (double)keygen_perms(x) * price, fv = (double)verify_perms(x) * price;
        printf(" %9.0f %9.0f %9.0f %9.0f %9.0f %9.0f %9.0f %9.0f %5.2f %8.0f %5.2f %8.0f %5.2f\n", t[0], q[2], q[3],
               q[0], q[1], t[1], t[2], vb[0], vb[1], fk, fk > 0 && t[0] > 0 ? t[0] / fk : -1, fv,
               fv > 0 && t[1] > 0 ? t[1] / fv : -1);
        char name[40];
        static const char *const ops[7] = {"keygen", "sign-cpu", "sign-cpu-p90", "sign", "sign-p90", "verify",
                                           "verify-batch8"};
        const double v[7] = {t[0], q[2], q[3], q[0], q[1], t[1], t[2]};
        /* the floors: price_now's own samples (the last measurement) */
        if (fk > 0) bench_add(b, "mldsa", (snprintf(name, sizeof name, "ml-dsa-%d-keygen-floor", (int)params[p]), name),
                              backend, -1, "ticks", fk);
        if (fv > 0) bench_add(b, "mldsa", (snprintf(name, sizeof name, "ml-dsa-%d-verify-floor", (int)params[p]), name),
                              backend, -1, "ticks", fv);
        /* vbat64k and its ratio: medians of that many batches, no spread recorded */
        b->last_samples = b->quick ? VBATCH64_SAMPLES_QUICK : VBATCH64_SAMPLES;
        b->last_rel_iqr = b->last_q_tag = -1.0;
        if (vb[0] > 0) {
            bench_add(b, "mldsa", (snprintf(name, sizeof name, "ml-dsa-%d-verify-batch64-keys-cpu", (int)params[p]), name),
                      backend, VBATCH64, "ticks", vb[0]);
            bench_add(b, "mldsa", (snprintf(name, sizeof name, "ml-dsa-%d-vbatch64-speedup", (int)params[p]), name),
                      backend, VBATCH64, "ratio", vb[1]);
        }
        for (int o = 0; o < 7; o++) {
            snprintf(name, sizeof name, "ml-dsa-%d-%s", (int)params[p], ops[o]);
            const int signing = o >= 1 && o <= 4; /* a median or p90 over nsign messages: a spread of
                                                   * messages' attempts, not of noise, so none recorded */
            b->last_samples = signing ? nsign : kv_samples;
            b->last_rel_iqr = signing ? -1.0 : kv_iqr;
            b->last_rel_q1 = kv_q1;
            b->last_rel_q3 = kv_q3;
            b->last_q_tag = signing ? -1.0 : kv_tag;
            if (v[o] > 0) bench_add(b, "mldsa", name, backend, -1, "ticks", v[o]);
        }
        fflush(stdout);
    }
}

void bench_suite_mldsa(bench *b)
{
    char backend[64];
    const char *x1 = kf_backend_name(), *batch = kf_backend_batch_name();
    printf("    ML-DSA (FIPS 204): ticks per operation. keygen, verify: median\n"
           "    (KeyGen_internal, fixed xi; a fixed signature). sign: deterministic, median and 90th\n"
           "    percentile over %u different messages, one signature at a time (cpu: the thread's CPU\n"
           "    time, which the scheduler does not cut into, in ticks). vbatch8: kf_mldsa_verify_batch of 8\n"
           "    signatures under one key, per signature. vbat64k: kf_mldsa_verify_batch of 64 signatures\n"
           "    under 64 keys, CPU time per signature, median of %u batches; x: 64 single verifications\n"
           "    of the same items (alternated) over the batch. floor: the Keccak-p[1600,24] calls of keygen /\n"
           "    verify (counted as FIPS 204 hashes) x ticks per permutation and state of the batched\n"
           "    backend in use, measured right before; ratio = ticks / floor\n",
           b->quick ? SIGN_MESSAGES_QUICK : SIGN_MESSAGES, b->quick ? VBATCH64_SAMPLES_QUICK : VBATCH64_SAMPLES);
    const char *head = "backend (x1/batched/arithmetic)";
    const int avx2_ = kf_mldsa_arith_avx2();
    snprintf(backend, sizeof backend, "%s/%s/%s", x1, batch,
             !avx2_ ? "portable" : kf_mldsa_arith_avx512() ? "avx2+avx512" : "avx2");
    /* the backend column as wide as its longest label and its header */
    int width = (int)strlen(backend) + 2;
    if (width < (int)strlen(head) + 2) width = (int)strlen(head) + 2;
    if (width < (int)(strlen(x1) + strlen(batch) + 12)) width = (int)(strlen(x1) + strlen(batch) + 12);
    printf("    %-*s %-10s %9s %9s %9s %9s %9s %9s %9s %9s %5s %8s %5s %8s %5s\n", width, head, "set",
           "keygen", "sign cpu", "cpu p90", "sign", "sign p90", "verify", "vbatch8", "vbat64k", "x", "kg floor", "ratio",
           "v floor", "ratio");
    const int avx2 = kf_mldsa_arith_avx2();
    /* avx2+avx512: the AVX2 arithmetic with the AVX-512 NTT (mldsa/arith.h) */
    snprintf(backend, sizeof backend, "%s/%s/%s", x1, batch,
             !avx2 ? "portable" : kf_mldsa_arith_avx512() ? "avx2+avx512" : "avx2");
    mldsa_rows(b, backend, width);
    if (avx2) {
        kf_mldsa_arith_select(0);
        snprintf(backend, sizeof backend, "%s/%s/portable", x1, batch);
        mldsa_rows(b, backend, width);
    }
    if (strcmp(batch, "x1") != 0 && kf_backend_select("x1") == KF_OK) {
        kf_mldsa_arith_select(0);
        snprintf(backend, sizeof backend, "%s/x1/portable", x1);
        mldsa_rows(b, backend, width);
        kf_backend_select(batch);
    }
    kf_mldsa_arith_select(avx2);
}

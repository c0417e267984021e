/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_oneblock.c - suite "oneblock": hashes of inputs that fit in one block, each beside the
 * floor it cannot beat, measured in the same run with the samples of both interleaved
 * (bench_measure_n), so a busy neighbour hurts both alike (issue 24's targets):
 *   - SHA3-224..512, SHAKE128/256, TurboSHAKE128/256 and Keccak-256 of 0, 64 and rate - 1
 *     bytes through the public one-shot calls: floor = one Keccak-p[1600] (24 or 12 rounds)
 *     on the default x1 backend, back to back on one state (as suite "permutation" times it,
 *     the state's load and store included). Target: ours - floor <= 60 ticks.
 *   - KT128 of 64 bytes: floor = TurboSHAKE128 of 64 bytes (KT of a message this short is one
 *     TurboSHAKE call on M || C || length_encode(|C|)). Target: ours - floor <= 50 ticks.
 *   - 8 x 64-byte SHA3-256 through kf_batch_hash (a Merkle tree level): floor = one call of
 *     the batched backend the call uses (8 states, 24 rounds). Target: ours / floor <= 1.25.
 *     With a 4-lane batched backend (avx2-x4, an AVX2-only host's) 4 x 64 bytes against one
 *     call of it.
 * Each row prints ours, the floor, the ticks over the floor and the ratio from neighbouring
 * samples (row() says how "over" is formed);
 * the JSON gets three records per row: NAME (ticks/call), NAME floor (ticks/call) and NAME
 * (unit "x-floor", the ratio).
 */
#include "bench.h"
#include "kforge.h"
#include "keccak/keccak_backend.h"
#include "keccakforge.h"

#include <stdio.h>
#include <string.h>

#define XOF_OUT 32
#define TURBO_D 0x1F
#define BATCH_N 8
#define BATCH_LEN 64

/* ---- the floors ------------------------------------------------------------------------ */

typedef struct perm_arg {
    const kf_backend *impl;
    unsigned nr;
    _Alignas(KF_STATE_ALIGN) uint8_t state[KF_STATE_BYTES];
} perm_arg;

static void run_permute(void *arg, size_t reps)
{
    perm_arg *p = arg;
    for (size_t i = 0; i < reps; i++) p->impl->permute(p->state, p->nr);
}

typedef struct perm_xn_arg {
    const kf_backend_xn *impl;
    void *states;
} perm_xn_arg;

static void run_permute_xn(void *arg, size_t reps)
{
    perm_xn_arg *p = arg;
    for (size_t i = 0; i < reps; i++) p->impl->permute(p->states, 24);
}

/* ---- the calls under test ---------------------------------------------------------------- */

typedef struct ob_fn {
    const char *name;
    unsigned rate, nr;
    size_t outlen;
    int (*call)(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
} ob_fn;

static int sha3_224(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { (void)ol; return kf_sha3_224(o, in, n); }
static int sha3_256(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { (void)ol; return kf_sha3_256(o, in, n); }
static int sha3_384(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { (void)ol; return kf_sha3_384(o, in, n); }
static int sha3_512(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { (void)ol; return kf_sha3_512(o, in, n); }
static int keccak256(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { (void)ol; return kf_keccak256_legacy(o, in, n); }
static int shake128(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_shake128(o, ol, in, n); }
static int shake256(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_shake256(o, ol, in, n); }
static int turbo128(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_turboshake128(o, ol, in, n, TURBO_D); }
static int turbo256(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_turboshake256(o, ol, in, n, TURBO_D); }
static int kt128(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_kt128(o, ol, in, n, NULL, 0); }

static const ob_fn fns[] = {
    {"sha3-224", 144, 24, 28, sha3_224},
    {"sha3-256", 136, 24, 32, sha3_256},
    {"sha3-384", 104, 24, 48, sha3_384},
    {"sha3-512", 72, 24, 64, sha3_512},
    {"shake128", 168, 24, XOF_OUT, shake128},
    {"shake256", 136, 24, XOF_OUT, shake256},
    {"turboshake128", 168, 12, XOF_OUT, turbo128},
    {"turboshake256", 136, 12, XOF_OUT, turbo256},
    {"keccak256-legacy", 136, 24, 32, keccak256},
};
#define N_FNS (sizeof fns / sizeof fns[0])

typedef struct call_arg {
    const ob_fn *fn;
    const uint8_t *in;
    size_t inlen;
    uint8_t out[64];
    int rc;
} call_arg;

static void run_call(void *arg, size_t reps)
{
    call_arg *a = arg;
    int rc = KF_OK;
    for (size_t i = 0; i < reps; i++) rc |= a->fn->call(a->out, a->fn->outlen, a->in, a->inlen);
    a->rc = rc;
}

typedef struct batch_arg {
    const uint8_t *in[BATCH_N];
    size_t inlen[BATCH_N];
    uint8_t *out[BATCH_N];
    unsigned n;
    int rc;
} batch_arg;

static void run_batch(void *arg, size_t reps)
{
    batch_arg *a = arg;
    int rc = KF_OK;
    for (size_t i = 0; i < reps; i++) rc |= kf_batch_hash(KF_BATCH_SHA3_256, a->out, 32, a->in, a->inlen, a->n);
    a->rc = rc;
}

/* ---- rows ----------------------------------------------------------------------------------- */

/* Time fn and floor with interleaved samples; print and record one row. Returns "over", the
 * ticks above the floor: (ratio - 1) x floor, with the ratio of neighbouring samples, which
 * holds still on a busy host where the two medians, taken over slightly different moments,
 * can differ by more than the overhead itself (on a calm host the two agree). */
static double row(bench *b, const char *name, const char *backend, long long size, bench_fn fn, void *arg,
                  bench_fn floor_fn, void *floor_arg, const int *rc)
{
    bench_fn f[2] = {floor_fn, fn};
    void *a[2] = {floor_arg, arg};
    double med[2], ratio[2];
    char rec[48];
    bench_measure_n(b, 2, f, a, 1, med, ratio);
    if (*rc != KF_OK) {
        printf("    %-24s %6lld  error: %s\n", name, size, kforge_status(*rc));
        return 0;
    }
    bench_add(b, "oneblock", name, backend, size, "ticks/call", med[1]);
    snprintf(rec, sizeof rec, "%s floor", name);
    bench_add(b, "oneblock", rec, backend, size, "ticks/call", med[0]);
    bench_add(b, "oneblock", name, backend, size, "x-floor", ratio[1]);
    double over = (ratio[1] - 1.0) * med[0];
    printf("    %-24s %6lld %10.1f %10.1f %+9.1f %8.3f\n", name, size, med[1], med[0], over, ratio[1]);
    fflush(stdout);
    return over;
}

void bench_suite_oneblock(bench *b)
{
    const kf_backend *x1 = kf_backend_current();
    static perm_arg perm[2]; /* 24 and 12 rounds */
    perm[0].impl = perm[1].impl = x1;
    perm[0].nr = 24;
    perm[1].nr = 12;
    x1->init(perm[0].state);
    x1->init(perm[1].state);
    printf("    one-shot calls on inputs shorter than the rate, backend %s (XOF output %d bytes);\n"
           "    floor = one Keccak-p[1600] (24 or 12 rounds) on that backend, timed in turn with\n"
           "    the call; ratio = ours / floor from neighbouring samples, over = (ratio - 1) x floor\n", x1->name, XOF_OUT);
    printf("    %-24s %6s %10s %10s %9s %8s\n", "function", "bytes", "ours", "floor", "over", "ratio");
    for (size_t i = 0; i < N_FNS; i++) {
        const ob_fn *fn = &fns[i];
        const size_t lens[3] = {0, 64, fn->rate - 1};
        for (size_t k = 0; k < 3; k++) {
            call_arg arg = {fn, b->input, lens[k], {0}, KF_OK};
            perm_arg *fl = &perm[fn->nr == 12];
            row(b, fn->name, x1->name, (long long)lens[k], run_call, &arg, run_permute, fl, &arg.rc);
        }
    }

    /* KT128 against TurboSHAKE128 (D = 0x07 is what KT uses; the cost is the same for any D) */
    {
        static const ob_fn kt = {"kt128", 168, 12, XOF_OUT, kt128};
        call_arg arg = {&kt, b->input, 64, {0}, KF_OK}, ts = {&fns[6], b->input, 64, {0}, KF_OK};
        printf("    %-24s %6s %10s %10s %9s %8s\n", "", "", "ours", "TurboSHAKE", "over", "ratio");
        row(b, "kt128 vs turboshake128", x1->name, 64, run_call, &arg, run_call, &ts, &arg.rc);
    }

    /* 8 x 64-byte SHA3-256 through the batched API against one x8 call; with a 4-lane backend
     * (avx2-x4: AVX2-only hosts) 4 x 64 bytes against one x4 call */
    const kf_backend_xn *xn = kf_backend_xn_for(BATCH_N);
    if (!xn || (xn->n < BATCH_N && xn->n != 4)) {
        printf("    batched row skipped: no batched backend with %d or 4 lanes (%s)\n", BATCH_N, kf_backend_batch_name());
        return;
    }
    const unsigned bn = xn->n < BATCH_N ? xn->n : BATCH_N;
    static _Alignas(64) uint8_t states[25 * 8 * 16];
    static uint8_t outs[BATCH_N][32];
    if (xn->state_bytes > sizeof states) return;
    perm_xn_arg xa = {xn, states};
    batch_arg ba;
    xn->init(states);
    for (unsigned i = 0; i < BATCH_N; i++) {
        ba.in[i] = b->input + 1000 * i;
        ba.inlen[i] = BATCH_LEN;
        ba.out[i] = outs[i];
    }
    ba.rc = KF_OK;
    ba.n = bn;
    printf("    %-24s %6s %10s %10s %9s %8s\n", "", "", "ours", bn == 4 ? "x4 call" : "x8 call", "over", "ratio");
    row(b, bn == 4 ? "batch 4 x sha3-256" : "batch 8 x sha3-256", xn->name, BATCH_LEN, run_batch, &ba, run_permute_xn,
        &xa, &ba.rc);
}

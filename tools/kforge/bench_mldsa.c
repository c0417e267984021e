/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_mldsa.c - suite "mldsa": ML-DSA-44/65/87 (FIPS 204) KeyGen, Sign and Verify in ticks
 * per operation, through the public API, on the batched backend in use and with "x1" (no
 * batched backend: every SHAKE stream on one state). The arithmetic is the portable C of
 * src/mldsa/ on every row (no SIMD NTT yet).
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
 * Not yet here: each operation beside its Keccak floor (its permutations counted at the
 * batched and x1 prices, as suite slhdsa does), and other implementations side by side.
 */
#include "bench.h"
#include "tsc.h"
#include "keccakforge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SIGN_MESSAGES 1001
#define SIGN_MESSAGES_QUICK 101

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

static uint64_t cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
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

static void mldsa_rows(bench *b, const char *backend)
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
        printf("    %-28s ML-DSA-%-3d", backend, (int)params[p]);
        if (!ok) {
            printf(" (setup failed: not timed)\n");
            continue;
        }
        bench_fn fns[3] = {run_keygen, run_verify, run_verify_batch8};
        void *args[3] = {x, x, x};
        double t[3], q[4] = {-1, -1, -1, -1};
        bench_measure_n(b, 3, fns, args, 1, t, NULL);
        t[2] /= 8; /* per signature */
        if (time_signing(b, x, nsign, q) != 0) q[0] = q[1] = q[2] = q[3] = -1;
        if (x->rc != KF_OK) t[0] = t[1] = t[2] = -1;
        printf(" %9.0f %9.0f %9.0f %9.0f %9.0f %9.0f %9.0f\n", t[0], q[2], q[3], q[0], q[1], t[1], t[2]);
        char name[40];
        static const char *const ops[7] = {"keygen", "sign-cpu", "sign-cpu-p90", "sign", "sign-p90", "verify",
                                           "verify-batch8"};
        const double v[7] = {t[0], q[2], q[3], q[0], q[1], t[1], t[2]};
        for (int o = 0; o < 7; o++) {
            snprintf(name, sizeof name, "ml-dsa-%d-%s", (int)params[p], ops[o]);
            if (v[o] > 0) bench_add(b, "mldsa", name, backend, -1, "ticks", v[o]);
        }
        fflush(stdout);
    }
}

void bench_suite_mldsa(bench *b)
{
    char backend[64];
    const char *x1 = kf_backend_name(), *batch = kf_backend_batch_name();
    printf("    ML-DSA (FIPS 204): ticks per operation, portable C arithmetic. keygen, verify: median\n"
           "    (KeyGen_internal, fixed xi; a fixed signature). sign: deterministic, median and 90th\n"
           "    percentile over %u different messages, one signature at a time (cpu: the thread's CPU\n"
           "    time, which the scheduler does not cut into, in ticks). vbatch8: kf_mldsa_verify_batch of 8\n"
           "    signatures under one key, per signature\n",
           b->quick ? SIGN_MESSAGES_QUICK : SIGN_MESSAGES);
    printf("    %-28s %-10s %9s %9s %9s %9s %9s %9s %9s\n", "backend (x1/batched)", "set", "keygen", "sign cpu",
           "cpu p90", "sign", "sign p90", "verify", "vbatch8");
    snprintf(backend, sizeof backend, "%s/%s", x1, batch);
    mldsa_rows(b, backend);
    if (strcmp(batch, "x1") != 0 && kf_backend_select("x1") == KF_OK) {
        snprintf(backend, sizeof backend, "%s/x1", x1);
        mldsa_rows(b, backend);
        kf_backend_select(batch);
    }
}

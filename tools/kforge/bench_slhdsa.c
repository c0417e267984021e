/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_slhdsa.c - suite "slhdsa": SLH-DSA (FIPS 205) keygen / sign / verify in ticks per
 * operation, per SHAKE parameter set, on the batched backend in use.
 *
 * One operation takes from a fraction of a millisecond (128f verify) to a second (an 's'
 * sign), so the harness's calibration (which repeats an operation until a sample is long
 * enough, then takes 11+ samples) would cost minutes. Instead each figure is the median of
 * a fixed, small number of single-operation samples after one warm-up run. The 'f' sets
 * run always; the 's' sets only in the default (non-quick) mode, with fewer samples, which
 * keeps the suite under ~30 s by default and ~3 s with --quick.
 *
 * Keys come from fixed seeds (keygen_internal), messages are 32 bytes with an empty
 * context, signing is deterministic: every sample does the same work.
 *
 * The hashing floor of each operation (issue 24): the Keccak-p[1600,24] calls its hashes
 * make, counted by the library while it runs the operation once (kf_slh_count_perms: one
 * per block per hash, as FIPS 205 counts them, idle lanes of a batched call not counted),
 * times the per-permutation time of the batched backend (ticks per call of its permute /
 * states per call, a hot loop on one state set: price_now) measured right before and right
 * after each sample, so each sample has its own floor and the ratio is the median of the
 * samples' ratios (issue 35: one price taken before an 's' operation's samples, which last
 * 0.1-2 s, read floors 0.8-1.6x apart in one run on a busy host). The ratio ticks / floor is
 * what the batching, the lanes left idle and all the work beside the permutations cost on
 * top. The x1 price is taken the same way (record <set>-<op>-x1-price).
 *
 * Verification also gets a dependency floor (issue 24): one verification is a chain of d
 * layers, each needing the root of the one below, and inside a layer T_len's blocks and the
 * climb to the root are serial, so it cannot keep 8 lanes busy. kf_slh_verify_cp counts the
 * permutations of its critical path (the longest chain of calls each needing the one before:
 * H_msg's blocks; a FORS leaf, its a levels, T_k's blocks; per layer the longest of the
 * chains that T_len's blocks wait for, block by block, then the h' nodes of the climb).
 * Those run one after another whatever the schedule, so they are priced at the x1
 * permutation (the fastest one-state call), measured in the same run; the other
 * permutations at the x8 per-state price: dep floor = cp * x1 + (perms - cp) * x8/8. It is a
 * model, not a proof: an x8 call that carries a critical-path permutation can carry 7 others
 * for free, which the sum does not credit; it states what a single verification's structure
 * costs with today's x1, and the ratio verify / dep floor is what the scheduling and the
 * work beside the permutations add on top of that.
 *
 * Record names stay within the 39 characters a name keeps (longer ones are cut and could
 * collide): <set>-verify-crit-perms, -verify-x1-price, -verify-dep-floor, -verify-dep-ratio
 * (CPU), -vdep-ratio-wall; -verify-batch8 (wall ticks per signature), -verify-batch8-cpu,
 * -verify-batch8-perms, -verify-batch8-floor, -verify-batch8-ratio (CPU), -vbatch8-ratio-wall,
 * -vsingle8-cpu (a single verification in the same loop), -vbatch8-speedup.
 *
 * verify-batch8: kf_slhdsa_verify_batch of 8 signatures (8 messages, one key), per
 * signature, against the same hashing floor per signature (the 8 verifications' counted
 * permutations / 8 x the x8 per-state price), and against 8 kf_slhdsa_verify calls timed in
 * the same loop, samples alternated ("singles"; ratio singles / batch).
 *
 * A signature lasts milliseconds: on a shared host the scheduler cuts into most of its
 * samples, and wall-clock ticks then measure the other jobs. So every sample is also taken
 * as the thread's CPU time (CLOCK_THREAD_CPUTIME_ID: it stops while the thread waits),
 * in ticks at the TSC rate the harness measured; the ratio is given for both. On an idle
 * host they agree (keygen and verify, short enough to run uncut, agree on a busy one).
 */
#include "bench.h"
#include "tsc.h"
#include "keccakforge.h"
#include "keccak/keccak_backend.h"
#include "slhdsa/slhdsa_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SLH_BENCH_MSG_BYTES 32
#define MAX_SAMPLES 15

typedef struct slh_bench_set {
    kf_slhdsa_param param;
    const char *name; /* record name stem: "slh-dsa-shake-128f" */
    int slow;         /* an 's' set: default mode only, fewer samples */
} slh_bench_set;

static const slh_bench_set sets[] = {
    {KF_SLHDSA_SHAKE_128F, "slh-dsa-shake-128f", 0},
    {KF_SLHDSA_SHAKE_192F, "slh-dsa-shake-192f", 0},
    {KF_SLHDSA_SHAKE_256F, "slh-dsa-shake-256f", 0},
    {KF_SLHDSA_SHAKE_128S, "slh-dsa-shake-128s", 1},
    {KF_SLHDSA_SHAKE_192S, "slh-dsa-shake-192s", 1},
    {KF_SLHDSA_SHAKE_256S, "slh-dsa-shake-256s", 1},
};

/* The permutation the floor is priced at: the batched backend SLH-DSA uses (the x1 one
 * when there is none), per state. */
typedef struct perm_price {
    const kf_backend_xn *xn;
    const kf_backend *x1;
    void *states;
} perm_price;

static void run_price(perm_price *p, unsigned reps)
{
    for (unsigned i = 0; i < reps; i++) {
        if (p->xn) p->xn->permute(p->states, 24);
        else p->x1->permute(p->states, 24);
    }
}

static int cmp_double(const void *x, const void *y)
{
    double p = *(const double *)x, q = *(const double *)y;
    return (p > q) - (p < q);
}

/* Ticks per Keccak-p[1600,24] of one state on p's backend, now: the median of PRICE_SAMPLES
 * samples of PRICE_CALLS calls back to back. Each sample lasts microseconds, so on a busy
 * host the scheduler cuts into few of them and the median does not see those (the
 * harness's calibrated samples last milliseconds, as long as a signature). */
#define PRICE_SAMPLES 63
#define PRICE_CALLS 16
static double price_now(bench *b, perm_price *p)
{
    double t[PRICE_SAMPLES];
    run_price(p, PRICE_CALLS); /* warm-up */
    for (unsigned i = 0; i < PRICE_SAMPLES; i++) {
        uint64_t t0 = timer_start();
        run_price(p, PRICE_CALLS);
        uint64_t d = timer_stop() - t0;
        t[i] = (double)(d > b->overhead ? d - b->overhead : 0) / PRICE_CALLS / (p->xn ? p->xn->n : 1);
    }
    qsort(t, PRICE_SAMPLES, sizeof t[0], cmp_double);
    return t[PRICE_SAMPLES / 2];
}

typedef struct slh_bench_arg {
    kf_slhdsa_param param;
    uint8_t seeds[3 * 32];
    uint8_t pk[KF_SLHDSA_PK_MAX_BYTES], sk[KF_SLHDSA_SK_MAX_BYTES];
    uint8_t msg[SLH_BENCH_MSG_BYTES];
    uint8_t *sig;
    int rc; /* first failure, 0 if none */
} slh_bench_arg;

enum slh_bench_op { OP_KEYGEN, OP_SIGN, OP_VERIFY };

static void run_op(slh_bench_arg *a, enum slh_bench_op op)
{
    size_t n = kf_slhdsa_n(a->param), siglen = kf_slhdsa_sig_bytes(a->param);
    size_t pklen = kf_slhdsa_pk_bytes(a->param), sklen = kf_slhdsa_sk_bytes(a->param);
    int rc = KF_OK;
    switch (op) {
    case OP_KEYGEN:
        rc = kf_slhdsa_keygen_internal(a->param, a->pk, a->sk, a->seeds, a->seeds + n, a->seeds + 2 * n);
        break;
    case OP_SIGN:
        rc = kf_slhdsa_sign(a->param, a->sig, siglen, a->msg, sizeof a->msg, NULL, 0, NULL, a->sk, sklen);
        break;
    case OP_VERIFY:
        rc = kf_slhdsa_verify(a->param, a->msg, sizeof a->msg, NULL, 0, a->sig, siglen, a->pk, pklen);
        break;
    }
    if (rc != KF_OK && a->rc == 0) a->rc = rc;
}

static uint64_t thread_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t p = *(const uint64_t *)x, q = *(const uint64_t *)y;
    return (p > q) - (p < q);
}

/* The figures of one operation's samples: medians of wall ticks, CPU ticks, the price, and
 * the per-sample ratios to the floor. */
typedef struct op_times {
    double wall, cpu;     /* ticks */
    double price, price1; /* ticks per permutation: the floor's backend, and x1 */
    double ratio, ratio_wall; /* per sample: cpu (wall) / (perms x that sample's price) */
} op_times;

static double median_d(double *v, unsigned n)
{
    qsort(v, n, sizeof v[0], cmp_double);
    return v[n / 2];
}

/* `samples` runs of op after one warm-up run, each priced on its own: the floor's price
 * (price_now on *price) and the x1 price (on *price1, if not NULL) are measured right before
 * and right after each run, and that run's ratio is its time over perms x the mean of the two.
 * An 's' operation lasts 0.1-2 s: a price taken once before its samples (a window of under a
 * millisecond) need not stand for them on a host whose speed moves, and read floors off by
 * up to 1.6x in one run (issue 35); the before / after pair brackets each run. perms 0: the
 * ratios are not computed (0). */
static void time_op(bench *b, slh_bench_arg *a, enum slh_bench_op op, unsigned samples, uint64_t perms,
                    perm_price *price, perm_price *price1, op_times *out)
{
    uint64_t t[MAX_SAMPLES], c[MAX_SAMPLES];
    double pr[MAX_SAMPLES], pr1[MAX_SAMPLES], r[MAX_SAMPLES], rw[MAX_SAMPLES];
    if (samples > MAX_SAMPLES) samples = MAX_SAMPLES;
    run_op(a, op);
    for (unsigned i = 0; i < samples; i++) {
        const double p0 = price_now(b, price), q0 = price1 ? price_now(b, price1) : 0;
        uint64_t c0 = thread_ns();
        uint64_t t0 = timer_start();
        run_op(a, op);
        uint64_t d = timer_stop() - t0;
        c[i] = thread_ns() - c0;
        t[i] = d > b->overhead ? d - b->overhead : 0;
        pr[i] = (p0 + price_now(b, price)) / 2;
        pr1[i] = price1 ? (q0 + price_now(b, price1)) / 2 : 0;
        const double fl = (double)perms * pr[i], cpu = (double)c[i] * 1e-9 * b->tsc_hz;
        r[i] = fl > 0 ? cpu / fl : 0;
        rw[i] = fl > 0 ? (double)t[i] / fl : 0;
    }
    qsort(c, samples, sizeof c[0], cmp_u64);
    out->cpu = (double)c[samples / 2] * 1e-9 * b->tsc_hz;
    out->price = median_d(pr, samples);
    out->price1 = median_d(pr1, samples);
    out->ratio = median_d(r, samples);
    out->ratio_wall = median_d(rw, samples);
    qsort(t, samples, sizeof t[0], cmp_u64);
    b->last_samples = samples;
    b->last_rel_iqr = t[samples / 2] ? (double)(t[3 * samples / 4] - t[samples / 4]) / (double)t[samples / 2] : -1.0;
    if (t[samples / 2]) { /* its quartiles too (bench.h: last_q_tag) */
        b->last_rel_q1 = (double)t[samples / 4] / (double)t[samples / 2];
        b->last_rel_q3 = (double)t[3 * samples / 4] / (double)t[samples / 2];
        b->last_q_tag = b->last_rel_iqr;
    }
    out->wall = (double)t[samples / 2];
}

/* A record of this suite, its name printf-formatted ("<set>-<op>-...": at most 39 characters
 * are kept, see above). */
__attribute__((format(printf, 5, 6))) static void record(bench *b, const char *backend, const char *unit, double v,
                                                         const char *fmt, ...)
{
    char name[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(name, sizeof name, fmt, ap);
    va_end(ap);
    bench_add(b, "slhdsa", name, backend, -1, unit, v);
}

#define BATCH 8

/* 8 signatures of 8 messages (a->msg with its first byte changed) under a->pk, for the
 * verify-batch8 row; *perms: their verifications' counted permutations, 0 on a failure. */
typedef struct slh_batch_arg {
    uint8_t msg[BATCH][SLH_BENCH_MSG_BYTES];
    uint8_t *sig[BATCH];
    kf_slhdsa_verify_item items[BATCH];
    int results[BATCH];
} slh_batch_arg;

static int batch_prepare(slh_bench_arg *a, slh_batch_arg *ba, uint64_t *perms)
{
    size_t siglen = kf_slhdsa_sig_bytes(a->param), pklen = kf_slhdsa_pk_bytes(a->param);
    size_t sklen = kf_slhdsa_sk_bytes(a->param);
    *perms = 0;
    for (unsigned i = 0; i < BATCH; i++) {
        uint64_t p = 0, cp = 0;
        memcpy(ba->msg[i], a->msg, SLH_BENCH_MSG_BYTES);
        ba->msg[i][0] ^= (uint8_t)i;
        if (kf_slhdsa_sign(a->param, ba->sig[i], siglen, ba->msg[i], SLH_BENCH_MSG_BYTES, NULL, 0, NULL, a->sk, sklen) != KF_OK ||
            kf_slh_verify_cp(a->param, ba->msg[i], SLH_BENCH_MSG_BYTES, ba->sig[i], a->pk, &p, &cp) != KF_OK)
            return 0;
        *perms += p;
        ba->items[i] = (kf_slhdsa_verify_item){ba->msg[i], SLH_BENCH_MSG_BYTES, NULL, 0, ba->sig[i], siglen, a->pk, pklen};
    }
    return 1;
}

/* Medians of `samples` pairs: the batch of 8, then 8 single verifications (after one
 * warm-up of each): wall ticks and thread CPU ticks of each, in out[0..3] = batch wall,
 * batch cpu, singles wall, singles cpu; the batch priced before and after each sample as
 * time_op does (perms: the batch's counted permutations): out[4] the price's median, out[5]
 * and out[6] the medians of the samples' cpu and wall ratios to their floor. Returns 0 if a
 * verification failed. */
static int time_batch(bench *b, slh_bench_arg *a, slh_batch_arg *ba, unsigned samples, uint64_t perms,
                      perm_price *price, double out[7])
{
    uint64_t t[4][MAX_SAMPLES];
    double pr[MAX_SAMPLES], r[MAX_SAMPLES], rw[MAX_SAMPLES];
    int ok = 1;
    if (samples > MAX_SAMPLES) samples = MAX_SAMPLES;
    for (unsigned s = 0; s <= samples; s++) {
        for (unsigned which = 0; which < 2; which++) {
            const double p0 = which == 0 && s > 0 ? price_now(b, price) : 0;
            uint64_t c0 = thread_ns(), t0 = timer_start();
            if (which == 0) {
                ok &= kf_slhdsa_verify_batch(a->param, BATCH, ba->items, ba->results) == KF_OK;
            } else {
                for (unsigned i = 0; i < BATCH; i++) {
                    const kf_slhdsa_verify_item *it = &ba->items[i];
                    ok &= kf_slhdsa_verify(a->param, it->msg, it->msglen, NULL, 0, it->sig, it->siglen, it->pk,
                                           it->pklen) == KF_OK;
                }
            }
            uint64_t d = timer_stop() - t0, c = thread_ns() - c0;
            if (s == 0) continue; /* warm-up */
            t[2 * which][s - 1] = d > b->overhead ? d - b->overhead : 0;
            t[2 * which + 1][s - 1] = c;
            if (which == 0) {
                const double fl = (double)perms * (pr[s - 1] = (p0 + price_now(b, price)) / 2);
                r[s - 1] = fl > 0 ? (double)c * 1e-9 * b->tsc_hz / fl : 0;
                rw[s - 1] = fl > 0 ? (double)t[0][s - 1] / fl : 0;
            }
        }
    }
    out[4] = median_d(pr, samples);
    out[5] = median_d(r, samples);
    out[6] = median_d(rw, samples);
    for (unsigned k = 0; k < 4; k++) {
        qsort(t[k], samples, sizeof t[k][0], cmp_u64);
        out[k] = (double)t[k][samples / 2] * (k % 2 ? 1e-9 * b->tsc_hz : 1.0);
    }
    return ok;
}

/* The permutations of each operation, counted by the library on one untimed run; 0 if
 * that failed. Leaves a.pk, a.sk, a.sig as the timed runs will have them. */
static void count_ops(slh_bench_arg *a, uint64_t perms[3])
{
    static const enum slh_op ops[3] = {SLH_OP_KEYGEN, SLH_OP_SIGN, SLH_OP_VERIFY};
    for (int op = OP_KEYGEN; op <= OP_VERIFY; op++) {
        perms[op] = 0;
        if (kf_slh_count_perms(a->param, ops[op], a->seeds, a->msg, sizeof a->msg, a->pk, a->sk, a->sig,
                               &perms[op]) != KF_OK)
            perms[op] = 0;
    }
}

void bench_suite_slhdsa(bench *b)
{
    static const char *const op_names[] = {"keygen", "sign", "verify"};
    const char *backend = kf_backend_batch_name();
    slh_bench_arg a;
    slh_batch_arg ba;
    perm_price price = {kf_backend_xn_current(), kf_backend_current(), NULL};
    perm_price price1 = {NULL, kf_backend_current(), NULL}; /* x1: the dependency floor */
    int oom = 0;
    memset(&a, 0, sizeof a);
    memset(&ba, 0, sizeof ba);
    a.sig = malloc(KF_SLHDSA_SIG_MAX_BYTES);
    for (unsigned i = 0; i < BATCH; i++) oom |= !(ba.sig[i] = malloc(KF_SLHDSA_SIG_MAX_BYTES));
    price.states = aligned_alloc(64, 4096);
    price1.states = aligned_alloc(64, 4096);
    if (oom || !a.sig || !price.states || !price1.states || (price.xn && price.xn->state_bytes > 4096)) {
        printf("    out of memory: no figures\n");
        goto done;
    }
    if (price.xn) price.xn->init(price.states);
    else price.x1->init(price.states);
    price1.x1->init(price1.states);
    for (size_t i = 0; i < sizeof a.seeds; i++) a.seeds[i] = (uint8_t)(0x5a ^ (7 * i));
    memcpy(a.msg, b->input, sizeof a.msg);

    printf("    SLH-DSA (FIPS 205), SHAKE sets: ticks per operation (median of single runs after\n"
           "    one warm-up; batched backend %s); cpu = the same runs' thread CPU time in ticks\n"
           "    (what the scheduler does not cut into). floor = the operation's Keccak-p[1600,24]\n"
           "    calls (counted by the library) x ticks per permutation of %s measured right\n"
           "    before and after each sample (tick/perm: their median; x1: the x1 price, likewise);\n"
           "    ratio = median over samples of cpu / that sample's floor (wall: ticks / floor)\n",
           backend, price.xn ? price.xn->name : price.x1->name);
    printf("    verify-dep: dependency floor of one verification = crit x (x1 %s permutation) +\n"
           "    (perms - crit) x the x8 per-state price (crit: the permutations of its critical path);\n"
           "    ratio = verify cpu / dep floor. verify-batch8: kf_slhdsa_verify_batch of 8 signatures,\n"
           "    ticks per signature, floor per signature as above; singles = 8 kf_slhdsa_verify in\n"
           "    the same loop, samples alternated (x = singles cpu / batch cpu)\n",
           price1.x1->name);
    printf("    %-20s %-7s %13s %13s %9s %9s %13s %6s %6s %3s\n", "parameter set", "op", "ticks", "cpu", "perms",
           "tick/perm", "floor", "ratio", "wall", "n");
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
        const slh_bench_set *set = &sets[s];
        if (set->slow && b->quick) continue;
        unsigned samples = set->slow ? 3 : (b->quick ? 3 : 11);
        const unsigned bsamples = set->slow ? 5 : samples; /* verify-batch8's pairs */
        double tb[7] = {0};
        op_times ot[3];
        uint64_t perms[3], vperms = 0, cp = 0, bperms = 0;
        int batch_ok;
        a.param = set->param;
        a.rc = 0;
        count_ops(&a, perms);
        if (kf_slh_verify_cp(a.param, a.msg, sizeof a.msg, a.sig, a.pk, &vperms, &cp) != KF_OK) cp = 0;
        for (int op = OP_KEYGEN; op <= OP_VERIFY; op++)
            time_op(b, &a, (enum slh_bench_op)op, samples, perms[op], &price, &price1, &ot[op]);
        batch_ok = batch_prepare(&a, &ba, &bperms);
        if (batch_ok) {
            batch_ok = time_batch(b, &a, &ba, bsamples, bperms, &price, tb);
        }
        if (a.rc != 0) {
            printf("    %-20s FAILED (error %d): no figures\n", set->name, a.rc);
            continue;
        }
        for (int op = OP_KEYGEN; op <= OP_VERIFY; op++) {
            const op_times *o = &ot[op];
            const double floor = (double)perms[op] * o->price;
            record(b, backend, "ticks", o->wall, "%s-%s", set->name, op_names[op]);
            if (!perms[op]) {
                printf("    %-20s %-7s %14.0f (permutations not counted)\n", set->name, op_names[op], o->wall);
                continue;
            }
            record(b, backend, "permutations", (double)perms[op], "%s-%s-perms", set->name, op_names[op]);
            record(b, backend, "ticks", floor, "%s-%s-floor", set->name, op_names[op]);
            record(b, backend, "ticks", o->cpu, "%s-%s-cpu", set->name, op_names[op]);
            record(b, backend, "x", o->ratio, "%s-%s-floor-ratio", set->name, op_names[op]);
            record(b, backend, "x", o->ratio_wall, "%s-%s-floor-ratio-wall", set->name, op_names[op]);
            if (op != OP_VERIFY) /* verify's is -verify-x1-price below */
                record(b, backend, "ticks", o->price1, "%s-%s-x1-price", set->name, op_names[op]);
            printf("    %-20s %-7s %13.0f %13.0f %9llu %9.1f %13.0f %6.3f %6.3f %3u  x1 %.1f\n", set->name, op_names[op],
                   o->wall, o->cpu, (unsigned long long)perms[op], o->price, floor, o->ratio, o->ratio_wall, samples,
                   o->price1);
        }
        if (cp && perms[OP_VERIFY] == vperms) {
            const op_times *o = &ot[OP_VERIFY];
            const double tp1 = o->price1, dep = (double)cp * tp1 + (double)(vperms - cp) * o->price;
            record(b, backend, "permutations", (double)cp, "%s-verify-crit-perms", set->name);
            record(b, backend, "ticks", tp1, "%s-verify-x1-price", set->name);
            record(b, backend, "ticks", dep, "%s-verify-dep-floor", set->name);
            record(b, backend, "x", o->cpu / dep, "%s-verify-dep-ratio", set->name);
            record(b, backend, "x", o->wall / dep, "%s-vdep-ratio-wall", set->name);
            printf("    %-20s %-7s %13.0f %13.0f %9llu %9.1f %13.0f %6.3f %6.3f %3u  crit %llu, x1 %.1f\n", set->name,
                   "vf-dep", o->wall, o->cpu, (unsigned long long)vperms, o->price, dep, o->cpu / dep, o->wall / dep,
                   samples, (unsigned long long)cp, tp1);
        } else {
            printf("    %-20s verify critical path not counted\n", set->name);
        }
        if (batch_ok) {
            const double tbp = tb[4], floor = (double)bperms / BATCH * tbp;
            record(b, backend, "ticks", tb[0] / BATCH, "%s-verify-batch8", set->name);
            record(b, backend, "ticks", tb[1] / BATCH, "%s-verify-batch8-cpu", set->name);
            record(b, backend, "permutations", (double)bperms / BATCH, "%s-verify-batch8-perms", set->name);
            record(b, backend, "ticks", floor, "%s-verify-batch8-floor", set->name);
            record(b, backend, "x", tb[5], "%s-verify-batch8-ratio", set->name);
            record(b, backend, "x", tb[6], "%s-vbatch8-ratio-wall", set->name);
            record(b, backend, "ticks", tb[3] / BATCH, "%s-vsingle8-cpu", set->name);
            record(b, backend, "x", tb[3] / tb[1], "%s-vbatch8-speedup", set->name);
            printf("    %-20s %-7s %13.0f %13.0f %9.0f %9.1f %13.0f %6.3f %6.3f %3u  singles cpu %.0f (x %.3f)\n",
                   set->name, "vf-bat8", tb[0] / BATCH, tb[1] / BATCH, (double)bperms / BATCH, tbp, floor,
                   tb[5], tb[6], bsamples, tb[3] / BATCH, tb[3] / tb[1]);
        } else {
            printf("    %-20s verify-batch8 FAILED\n", set->name);
        }
        fflush(stdout);
    }
done:
    free(price.states);
    free(price1.states);
    free(a.sig);
    for (unsigned i = 0; i < BATCH; i++) free(ba.sig[i]);
}

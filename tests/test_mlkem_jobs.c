/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_mlkem_jobs.c - ML-KEM's schedule of Keccak jobs (src/mlkem/sampling.h) on every
 * batched backend this CPU runs and on x1: random mixes of hash jobs (SHA3-256, SHA3-512,
 * SHAKE128, SHAKE256 of random lengths, input split in two pieces), SampleNTT jobs, and jobs
 * that wait for an earlier job whose output is their input (as ML-KEM's noise waits for G),
 * absorb-only jobs (their state handed back, then finished by jobs that go on from it, in
 * one run or one at a time, as ML-KEM KeyGen finishes H(ek)), schedules run in stages with
 * held jobs (kf_mlkem_sched_run), and lone jobs (run_job1, on the lanes or the x1 sponge),
 * each against the one-shot public functions and a plain SampleNTT;
 * and the errors: a job that waits for a later one, or a held job a run must finish, gives
 * KF_ERR_BAD_STATE rather than hang, an absorb-only job on a part block KF_ERR_BAD_LENGTH.
 */
#include "keccakforge.h"
#include "mlkem/sampling.h"
#include "test_util.h"

#include <string.h>

#define JOBS 24
#define MAX_IN 700
#define MAX_OUT 300

/* SampleNTT (FIPS 203 Alg. 7) the plain way: SHAKE128 of seed, 3-byte groups, two candidates each. */
static void sample_ntt_reference(int16_t c[256], const uint8_t seed[34])
{
    uint8_t buf[168 * 8];
    kf_shake128(buf, sizeof buf, seed, 34);
    unsigned n = 0;
    for (size_t pos = 0; n < 256; pos += 3) {
        unsigned d1 = buf[pos] | (buf[pos + 1] & 15u) << 8, d2 = buf[pos + 1] >> 4 | (unsigned)buf[pos + 2] << 4;
        if (d1 < KF_MLKEM_Q) c[n++] = (int16_t)d1;
        if (d2 < KF_MLKEM_Q && n < 256) c[n++] = (int16_t)d2;
    }
}

typedef struct {
    unsigned rate;
    uint8_t suffix;
    size_t outlen;
} kind;

static const kind kinds[] = {
    {136, 0x06, 32}, /* SHA3-256 */
    {72, 0x06, 64},  /* SHA3-512 */
    {168, 0x1F, 0},  /* SHAKE128, outlen random */
    {136, 0x1F, 0},  /* SHAKE256, outlen random */
};

static void reference(const kind *k, uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    uint8_t full[64];
    if (k->rate == 136 && k->suffix == 0x06) {
        kf_sha3_256(full, in, inlen);
        memcpy(out, full, outlen);
    } else if (k->rate == 72) {
        kf_sha3_512(full, in, inlen);
        memcpy(out, full, outlen);
    } else if (k->rate == 168) {
        kf_shake128(out, outlen, in, inlen);
    } else {
        kf_shake256(out, outlen, in, inlen);
    }
}

static uint8_t in[JOBS][MAX_IN], out[JOBS][MAX_OUT], want[MAX_OUT], cont_out[JOBS][MAX_OUT];
static uint8_t tails[JOBS][8 + MAX_IN]; /* the inputs' second pieces, away from the first */
static uint8_t state[JOBS][KF_STATE_BYTES];
static kf_mlkem_poly polys[JOBS];

static int one_mix(const char *backend, int trial)
{
    kf_mlkem_job jobs[JOBS];
    const kind *kd[JOBS];
    size_t inlen[JOBS], split[JOBS], head[JOBS];
    int waits = 0;
    unsigned n = 1 + (unsigned)rnd_below(JOBS);
    for (unsigned q = 0; q < n; q++) {
        kd[q] = NULL;
        if (rnd_below(3) == 0) { /* SampleNTT of a random seed */
            uint8_t seed[32];
            rnd_bytes(seed, sizeof seed);
            kf_mlkem_matrix_jobs(&jobs[q], &polys[q], seed, 1, (int)rnd_below(2));
            memcpy(in[q], jobs[q].own, 34);
            continue;
        }
        kd[q] = &kinds[rnd_below(4)];
        size_t outlen = kd[q]->outlen ? 1 + rnd_below(kd[q]->outlen) : 1 + rnd_below(MAX_OUT);
        inlen[q] = rnd_below(MAX_IN + 1);
        split[q] = rnd_below(inlen[q] + 1);
        rnd_bytes(in[q], inlen[q]);
        /* the second piece as a copy elsewhere, after 8 bytes unlike the first piece's end, so
         * a word read across the seam from the wrong piece shows */
        for (unsigned b = 0; b < 8; b++) tails[q][b] = (uint8_t)~in[q][split[q] >= 8 - b ? split[q] - 8 + b : 0];
        memcpy(tails[q] + 8, in[q] + split[q], inlen[q] - split[q]);
        kf_mlkem_job_hash(&jobs[q], kd[q]->rate, kd[q]->suffix, in[q], split[q], tails[q] + 8, inlen[q] - split[q],
                          out[q], outlen);
        head[q] = 0;
        if (inlen[q] >= kd[q]->rate && rnd_below(4) == 0) { /* absorb only the whole blocks of a prefix */
            head[q] = kd[q]->rate * (1 + rnd_below(inlen[q] / kd[q]->rate));
            kf_mlkem_job_hash(&jobs[q], kd[q]->rate, 0, in[q], head[q], NULL, 0, state[q], KF_STATE_BYTES);
            jobs[q].outlen = outlen; /* the length the finished hash will have, for the check */
            continue;
        }
        /* sometimes wait for an earlier hash job whose output fills the front of this input */
        if (q > 0 && rnd_below(3) == 0) {
            unsigned e = (unsigned)rnd_below(q);
            if (kd[e] && !head[e] && jobs[e].outlen <= split[q]) { /* it fills part of the first piece */
                jobs[q].after = &jobs[e];
                jobs[e].out = in[q]; /* its output goes straight into our input */
                waits++;
            }
        }
    }
    int rc = kf_mlkem_run_jobs(jobs, n);
    CHECK(rc == KF_OK, "%s, mix %d: run_jobs returned %d", backend, trial, rc);
    /* the absorb-only jobs go on from their states over the rest of their input (split in two
     * pieces again): all together in one run, or one at a time as lone jobs (run_job1) */
    kf_mlkem_job cont[JOBS];
    unsigned nc = 0;
    for (unsigned q = 0; q < n; q++) {
        if (!kd[q] || !head[q]) continue;
        size_t rest = inlen[q] - head[q], cut = rnd_below(rest + 1);
        kf_mlkem_job_hash(&cont[nc], kd[q]->rate, kd[q]->suffix, in[q] + head[q], cut, in[q] + head[q] + cut,
                          rest - cut, cont_out[q], jobs[q].outlen);
        cont[nc++].from = state[q];
    }
    if (trial % 2) {
        for (unsigned c = 0; c < nc; c++) {
            rc = kf_mlkem_run_job1(&cont[c]);
            CHECK(rc == KF_OK && cont[c].done, "%s, mix %d: run_job1 returned %d", backend, trial, rc);
        }
    } else if (nc) {
        rc = kf_mlkem_run_jobs(cont, nc);
        CHECK(rc == KF_OK, "%s, mix %d: run_jobs (going on from states) returned %d", backend, trial, rc);
    }
    for (unsigned q = 0; q < n; q++) {
        if (!kd[q]) {
            kf_mlkem_poly p;
            sample_ntt_reference(p.c, in[q]);
            CHECK(memcmp(p.c, polys[q].c, sizeof p.c) == 0, "%s, mix %d: SampleNTT job %u differs", backend, trial, q);
            continue;
        }
        reference(kd[q], want, jobs[q].outlen, in[q], inlen[q]);
        const uint8_t *res = jobs[q].out;
        if (head[q]) res = cont_out[q]; /* finished from the state handed back */
        CHECK(memcmp(want, res, jobs[q].outlen) == 0, "%s, mix %d: job %u (rate %u, %zu bytes in%s%s) differs",
              backend, trial, q, kd[q]->rate, inlen[q], jobs[q].after ? ", waited" : "", head[q] ? ", absorb only" : "");
    }
    return waits;
}

/* A job that waits for a later one, or a held job that a run must finish, gives
 * KF_ERR_BAD_STATE rather than hang; a held job is passed over. */
static void wait_for_later(const char *backend)
{
    kf_mlkem_job jobs[2];
    uint8_t a[8] = {1}, o[32], want1[32];
    kf_mlkem_job_hash(&jobs[0], 136, 0x06, a, sizeof a, NULL, 0, o, sizeof o);
    kf_mlkem_job_hash(&jobs[1], 136, 0x06, a, sizeof a, NULL, 0, o, sizeof o);
    jobs[0].after = &jobs[1];
    CHECK(kf_mlkem_run_jobs(jobs, 2) == KF_ERR_BAD_STATE, "%s: a job waiting for a later one", backend);
    jobs[0].after = NULL;
    jobs[0].held = 1;
    kf_mlkem_sched sc;
    kf_mlkem_sched_init(&sc, 2);
    memset(o, 0, sizeof o);
    kf_sha3_256(want1, a, sizeof a);
    CHECK(kf_mlkem_sched_run(&sc, jobs, 2, 0) == KF_OK && kf_mlkem_sched_run(&sc, jobs, 2, 2) == KF_ERR_BAD_STATE &&
              jobs[1].done && !jobs[0].started && memcmp(o, want1, sizeof o) == 0,
          "%s: a held job passed over", backend);
    kf_mlkem_sched_wipe(&sc);
    jobs[0].held = 0;
    jobs[1].held = 1;
    CHECK(kf_mlkem_run_jobs(jobs, 2) == KF_ERR_BAD_STATE, "%s: a held job in a run to its end", backend);
    jobs[1].held = 0;
    kf_mlkem_job_hash(&jobs[0], 136, 0, a, sizeof a, NULL, 0, o, sizeof o);
    CHECK(kf_mlkem_run_jobs(jobs, 1) == KF_ERR_BAD_LENGTH, "%s: absorb only, a part block", backend);
    CHECK(kf_mlkem_run_job1(&jobs[0]) == KF_ERR_BAD_LENGTH, "%s: a lone absorb-only job, a part block", backend);
}

/* A schedule run in stages (kf_mlkem_sched_run, as ML-KEM KeyGen runs it): the jobs array
 * grows between runs, some jobs are held and let go later, each run stops once a prefix is
 * done, and jobs still running stay in their lanes for the next run. */
static int refusals; /* lone jobs refused beside busy lanes, over all staged mixes */

static void staged_mix(const char *backend, int trial)
{
    kf_mlkem_job jobs[JOBS];
    const kind *kd[JOBS];
    size_t inlen[JOBS];
    unsigned n = 1 + (unsigned)rnd_below(JOBS), shown = 0, until = 0;
    for (unsigned q = 0; q < n; q++) {
        kd[q] = &kinds[rnd_below(4)];
        size_t outlen = kd[q]->outlen ? 1 + rnd_below(kd[q]->outlen) : 1 + rnd_below(MAX_OUT);
        inlen[q] = rnd_below(MAX_IN + 1);
        rnd_bytes(in[q], inlen[q]);
        kf_mlkem_job_hash(&jobs[q], kd[q]->rate, kd[q]->suffix, in[q], inlen[q], NULL, 0, out[q], outlen);
        jobs[q].held = rnd_below(3) == 0;
    }
    kf_mlkem_sched sc;
    kf_mlkem_sched_init(&sc, n);
    int refused = 0;
    while (until < n) {
        until += 1 + (unsigned)rnd_below(n - until);
        unsigned more = until + (unsigned)rnd_below(n - until + 1);
        if (more > shown) shown = more; /* the array so far: it only grows */
        for (unsigned q = 0; q < shown; q++)
            if (q < until || rnd_below(2)) jobs[q].held = 0;
        int rc = kf_mlkem_sched_run(&sc, jobs, shown, until);
        CHECK(rc == KF_OK, "%s, staged mix %d: run to %u of %u returned %d", backend, trial, until, shown, rc);
        for (unsigned q = 0; q < shown; q++) {
            CHECK(q >= until || jobs[q].done, "%s, staged mix %d: job %u not done", backend, trial, q);
            CHECK(!jobs[q].held || !jobs[q].started, "%s, staged mix %d: held job %u started", backend, trial, q);
        }
        int running = 0;
        for (unsigned q = 0; q < shown; q++) running |= jobs[q].started && !jobs[q].done;
        if (running && kf_mlkem_lone_job_on_lanes()) { /* a lone job while lanes are busy: refused */
            kf_mlkem_job busy;
            kf_mlkem_job_hash(&busy, 136, 0x06, in[0], 1, NULL, 0, want, 32);
            CHECK(kf_mlkem_sched_lone(&sc, &busy) == KF_ERR_BAD_STATE, "%s, staged mix %d: lone job beside busy lanes",
                  backend, trial);
            refused++;
        }
    }
    CHECK(kf_mlkem_sched_run(&sc, jobs, n - 1, n - 1) == KF_ERR_BAD_STATE, "%s: a run on a shorter array", backend);
    /* a lone job in the schedule's lanes once they are free (as KeyGen's rest of H(ek)) */
    kf_mlkem_job lone;
    uint8_t lone_out[32], lone_want[32];
    kf_mlkem_job_hash(&lone, 136, 0x06, in[0], inlen[0], NULL, 0, lone_out, sizeof lone_out);
    int rc = kf_mlkem_sched_lone(&sc, &lone);
    kf_sha3_256(lone_want, in[0], inlen[0]);
    CHECK(rc == KF_OK && memcmp(lone_out, lone_want, 32) == 0, "%s, staged mix %d: lone job after it", backend, trial);
    kf_mlkem_sched_wipe(&sc);
    refusals += refused;
    for (unsigned q = 0; q < n; q++) {
        reference(kd[q], want, jobs[q].outlen, in[q], inlen[q]);
        CHECK(memcmp(want, out[q], jobs[q].outlen) == 0, "%s, staged mix %d: job %u (rate %u, %zu bytes in) differs",
              backend, trial, q, kd[q]->rate, inlen[q]);
    }
}

/* Lone hash jobs (run_job1, as ML-KEM KeyGen's G and H(ek)) of every kind and random lengths. */
static void lone_jobs(const char *backend)
{
    for (int t = 0; t < 200; t++) {
        const kind *kd = &kinds[rnd_below(4)];
        size_t outlen = kd->outlen ? 1 + rnd_below(kd->outlen) : 1 + rnd_below(MAX_OUT);
        size_t inlen = rnd_below(MAX_IN + 1), split = rnd_below(inlen + 1);
        kf_mlkem_job j;
        rnd_bytes(in[0], inlen);
        kf_mlkem_job_hash(&j, kd->rate, kd->suffix, in[0], split, in[0] + split, inlen - split, out[0], outlen);
        int rc = kf_mlkem_run_job1(&j);
        reference(kd, want, outlen, in[0], inlen);
        CHECK(rc == KF_OK && memcmp(want, out[0], outlen) == 0, "%s: lone job %d (rate %u, %zu bytes in) differs",
              backend, t, kd->rate, inlen);
    }
}

int main(void)
{
    const char *names[16];
    size_t nb = kf_backend_batch_list(names, 15);
    if (nb > 15) nb = 15;
    names[nb++] = "x1";
    for (size_t b = 0; b < nb; b++) {
        if (kf_backend_select(names[b]) != KF_OK) {
            CHECK(0, "cannot select %s", names[b]);
            continue;
        }
        int waits = 0, before = failures;
        for (int t = 0; t < 300; t++) waits += one_mix(names[b], t);
        wait_for_later(names[b]);
        lone_jobs(names[b]);
        refusals = 0;
        for (int t = 0; t < 200; t++) staged_mix(names[b], t);
        printf("%-14s 300 job mixes (%d waiting jobs), 200 staged (%d lone jobs refused), 200 lone jobs (%s), %s\n",
               names[b], waits, refusals,
               kf_mlkem_lone_job_on_lanes() ? "on the lanes" : "x1 sponge", failures == before ? "pass" : "FAIL");
    }
    if (failures) {
        printf("test_mlkem_jobs: %d failures\n", failures);
        return 1;
    }
    printf("test_mlkem_jobs: every job matches its one-shot function\n");
    return 0;
}

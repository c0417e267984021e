/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sampling.h - ML-KEM's samplers over keccakforge's batched hashing (FIPS 203 §4.2.2):
 * the matrix A^ from rho (SampleNTT, Alg. 7, SHAKE128 as XOF) and the noise polynomials
 * (SamplePolyCBD, Alg. 8, with PRF_eta = SHAKE256).
 */
#ifndef KF_MLKEM_SAMPLING_H
#define KF_MLKEM_SAMPLING_H

#include "mlkem/poly.h"
#include "hash/modes.h" /* KF_RATE, KF_SUFFIX_SHA3 */
#include "sponge/sponge_xn.h" /* KF_XN_STORAGE: room for any batched backend's states */

/* ---- Keccak jobs in the lanes of one batched state -------------------------------------
 * The hash and XOF calls of an ML-KEM operation that do not depend on each other (the k^2
 * SampleNTT streams, the PRF outputs, H(ek), J(z || c)) run as jobs of one schedule: each
 * lane of a batched Keccak state (x4 when the CPU has one) runs one job at a time, and a
 * lane whose job is done takes the next job at once. Jobs of different lengths, rates and
 * paddings so share permutations, where kf_batch_* runs instances of one function in
 * lock-step (a short instance waits for the longest of its group, H(ek) cannot join a
 * SHAKE128 group). A job may wait for an earlier one whose output is its input (the noise
 * PRFs for G's r): it starts when that one is done; or be held until its caller lets it go
 * between two runs of a kf_mlkem_sched (KeyGen's pieces of H(ek), each once the rows of ek
 * it covers are there; a free lane passes over held jobs). Without a batched backend the jobs
 * run one after the other on x1.
 * The schedule depends on the jobs' lengths and on SampleNTT's rejections, all public. */
typedef struct kf_mlkem_job {
    const uint8_t *in[2]; /* input: in[0][0..inlen[0]) || in[1][0..inlen[1]) */
    size_t inlen[2];
    uint8_t *out;         /* a hash: out[0..outlen); NULL: SampleNTT into poly */
    size_t outlen;
    kf_mlkem_poly *poly;
    uint16_t rate;        /* bytes per block */
    uint8_t suffix;       /* FIPS 202 domain bits with the first padding bit: 0x06 SHA-3, 0x1F SHAKE;
                           * 0: absorb only (the input is whole blocks, no padding), and out
                           * receives the state's 200 bytes to go on with elsewhere */
    uint8_t own[KF_MLKEM_SYM_BYTES + 2]; /* input bytes the job holds: rho || j || i, a nonce */
    const struct kf_mlkem_job *after; /* NULL, or an earlier job of the run that must be done first */
    uint8_t held;         /* 1: not to start yet; the caller clears it between two runs */
    const uint8_t *from;  /* NULL: the sponge starts from zero; else the 200-byte state an
                           * absorb-only job handed back, and the input is what follows it */
    /* progress, kept by kf_mlkem_run_jobs */
    uint8_t started, padded, done;
    size_t absorbed, produced;
    unsigned have;        /* SampleNTT: coefficients accepted so far */
} kf_mlkem_job;

/* (ACSL, unit mlkem_jobs) a job whose input can be read: a rate of 1 .. 200 bytes, in[0] and
 * in[1] readable for their lengths, which sum to at most SIZE_MAX - 200 (lane_block_words'
 * word positions past the input's end do not wrap), and absorbed within the input. (The input
 * may be the job's own[]: no separation from *j.) */
/*@ predicate kf_mlkem_job_in_ok(kf_mlkem_job *j) =
      \valid(j) && 0 < j->rate <= KF_STATE_BYTES && j->inlen[0] + j->inlen[1] <= SIZE_MAX - KF_STATE_BYTES &&
      \valid_read(j->in[0] + (0 .. j->inlen[0] - 1)) && \valid_read(j->in[1] + (0 .. j->inlen[1] - 1)) &&
      j->absorbed <= j->inlen[0] + j->inlen[1]; */
/* (ACSL, unit mlkem_jobs) where a job writes: a hash job out[0 .. outlen) (an absorb-only
 * job, suffix 0, the state's 200 bytes), a SampleNTT job (out NULL) poly->c[0 .. 256); apart
 * from the job itself. A SampleNTT job's coefficients so far are in [0, q). */
/*@ logic integer kf_mlkem_job_out_len(kf_mlkem_job *j) = j->out == \null ? 0 : j->outlen;
    logic integer kf_mlkem_job_poly_len(kf_mlkem_job *j) = j->out == \null ? KF_MLKEM_N : 0;
    predicate kf_mlkem_job_out_ok(kf_mlkem_job *j) =
      (j->suffix == 0 ==> j->out != \null && j->outlen == KF_STATE_BYTES) &&
      (j->out != \null ==> \valid(j->out + (0 .. j->outlen - 1)) && \separated(j, j->out + (0 .. j->outlen - 1))) &&
      (j->out == \null ==> \valid(j->poly) && \separated(j, j->poly));
    predicate kf_mlkem_job_progress_ok(kf_mlkem_job *j) =
      (j->out != \null ==> j->produced <= j->outlen) &&
      (j->out == \null ==> j->have <= KF_MLKEM_N &&
                            (\forall integer m; 0 <= m < j->have ==> 0 <= j->poly->c[m] < KF_MLKEM_Q)); */
/* (The proofs parse the portable build. In an AVX-512 build whose schedule has a stage, a
 * running SampleNTT job's coefficients so far are in its lane's stage, and reach poly->c when
 * the run copies them: kf_mlkem_job_progress_ok speaks of the portable build's jobs.) */
/* (ACSL, unit mlkem_jobs; for its callers' proofs) a SampleNTT job as kf_mlkem_matrix_row_jobs sets it up,
 * sampling into *a; a PRF job as kf_mlkem_prf_jobs does, into out[0 .. outlen) from seed || its
 * own nonce byte. Nothing started: what kf_mlkem_run_jobs' precondition asks of each job. */
/*@ predicate kf_mlkem_sample_job(kf_mlkem_job *j, kf_mlkem_poly *a) =
      j->out == \null && j->poly == a && j->in[0] == &j->own[0] && j->inlen[0] == KF_MLKEM_SYM_BYTES + 2 &&
      j->inlen[1] == 0 && j->rate == KF_SHAKE128_RATE && j->suffix != 0 && j->after == \null && j->held == 0 &&
      j->from == \null && j->absorbed == 0;
    predicate kf_mlkem_prf_job(kf_mlkem_job *j, uint8_t *out, integer outlen, uint8_t *seed) =
      j->out == out && j->outlen == outlen && j->poly == \null && j->in[0] == seed &&
      j->inlen[0] == KF_MLKEM_SYM_BYTES && j->in[1] == &j->own[0] && j->inlen[1] == 1 &&
      j->rate == KF_SHAKE256_RATE && j->suffix != 0 && j->held == 0 && j->from == \null && j->absorbed == 0; */
/* out[0..outlen) = the sponge of that rate and suffix (SHA3-256: 136, 0x06; SHAKE256: 136,
 * 0x1F; ...) on in0 || in1. in1 may be NULL if len1 is 0. */
/* (ACSL, units mlkem_jobs and mlkem_kem) the frame of one job's set-up: the caller's other jobs
 * (j - o)[s], s != o, in its indices (the ghost o, as kf_mlkem_matrix_jobs' below), field by
 * field as at L1, so that a caller's facts about its other jobs after the call are equalities
 * matched by a bare index (mlkem_kem, session 43). kf_mlkem_job_hash's hash_kept and mlkem.c's
 * enc_g_job's g_kept. */
/*@ predicate kf_mlkem_jobs_kept_but{L1, L2}(kf_mlkem_job *j, integer o) =
      \forall integer s; s != o ==>
        \at((j - o)[s].in[0], L2) == \at((j - o)[s].in[0], L1) && \at((j - o)[s].in[1], L2) == \at((j - o)[s].in[1], L1) &&
        \at((j - o)[s].inlen[0], L2) == \at((j - o)[s].inlen[0], L1) &&
        \at((j - o)[s].inlen[1], L2) == \at((j - o)[s].inlen[1], L1) &&
        \at((j - o)[s].out, L2) == \at((j - o)[s].out, L1) && \at((j - o)[s].outlen, L2) == \at((j - o)[s].outlen, L1) &&
        \at((j - o)[s].poly, L2) == \at((j - o)[s].poly, L1) && \at((j - o)[s].rate, L2) == \at((j - o)[s].rate, L1) &&
        \at((j - o)[s].suffix, L2) == \at((j - o)[s].suffix, L1) && \at((j - o)[s].after, L2) == \at((j - o)[s].after, L1) &&
        \at((j - o)[s].held, L2) == \at((j - o)[s].held, L1) && \at((j - o)[s].from, L2) == \at((j - o)[s].from, L1) &&
        \at((j - o)[s].absorbed, L2) == \at((j - o)[s].absorbed, L1); */
/* (ACSL, unit mlkem_jobs) every field but own set: the job's description, and no progress;
 * hash_kept: the caller's other jobs as they were (kf_mlkem_jobs_kept_but). */
/*@ requires \valid(j);
    assigns j->in[0 .. 1], j->inlen[0 .. 1], j->out, j->outlen, j->poly, j->rate, j->suffix, j->after,
            j->held, j->from, j->started, j->padded, j->done, j->absorbed, j->produced, j->have;
    ensures j->in[0] == in0 && j->inlen[0] == len0 && j->in[1] == in1 && j->inlen[1] == len1;
    ensures j->out == out && j->outlen == outlen && j->poly == \null && j->suffix == suffix;
    ensures j->after == \null && j->held == 0 && j->from == \null && j->done == 0;
    ensures j->rate == (uint16_t)rate && j->absorbed == 0 && j->produced == 0 && j->have == 0;
    ensures hash_kept: kf_mlkem_jobs_kept_but{Pre, Post}(j, o); */
void kf_mlkem_job_hash(kf_mlkem_job *j, unsigned rate, uint8_t suffix, const uint8_t *in0, size_t len0,
                       const uint8_t *in1, size_t len1, uint8_t *out, size_t outlen) /*@ ghost (unsigned o) */;
/* The k^2 SampleNTT jobs of the matrix: a[i k + j] = SampleNTT(rho || j || i) = A^[i][j]
 * (FIPS 203 Alg. 13 line 6), or its transpose A^[j][i] = SampleNTT(rho || i || j) if
 * transposed (Encrypt, Alg. 14 line 19); coefficients in [0, q). Returns k^2. Public data:
 * rejection may branch. (ACSL, matrix_kept) the caller's jobs before these, jobs[0 .. o) in its
 * indices, field by field as they were: Encaps' and Decaps' set-up (mlkem_kem, session 41). */
/*@ requires k == 2 || k == 3 || k == 4;
    requires \valid(jobs + (0 .. k * k - 1)) && \valid_read(rho + (0 .. KF_MLKEM_SYM_BYTES - 1));
    requires \separated(jobs + (0 .. k * k - 1), rho + (0 .. KF_MLKEM_SYM_BYTES - 1));
    requires o <= 32;
    assigns jobs[0 .. k * k - 1];
    ensures \result == k * k;
    ensures \forall integer r; o <= r < o + k * k ==> kf_mlkem_sample_job((jobs - o) + r, a + (r - o));
    ensures matrix_kept: \forall integer s; 0 <= s < o ==>
              (jobs - o)[s].in[0] == \old((jobs - o)[s].in[0]) && (jobs - o)[s].in[1] == \old((jobs - o)[s].in[1]) &&
              (jobs - o)[s].inlen[0] == \old((jobs - o)[s].inlen[0]) &&
              (jobs - o)[s].inlen[1] == \old((jobs - o)[s].inlen[1]) &&
              (jobs - o)[s].out == \old((jobs - o)[s].out) && (jobs - o)[s].outlen == \old((jobs - o)[s].outlen) &&
              (jobs - o)[s].poly == \old((jobs - o)[s].poly) && (jobs - o)[s].rate == \old((jobs - o)[s].rate) &&
              (jobs - o)[s].suffix == \old((jobs - o)[s].suffix) &&
              (jobs - o)[s].after == \old((jobs - o)[s].after) && (jobs - o)[s].held == \old((jobs - o)[s].held) &&
              (jobs - o)[s].from == \old((jobs - o)[s].from) &&
              (jobs - o)[s].absorbed == \old((jobs - o)[s].absorbed); */
unsigned kf_mlkem_matrix_jobs(kf_mlkem_job *jobs, kf_mlkem_poly *a, const uint8_t rho[KF_MLKEM_SYM_BYTES],
                              unsigned k, int transposed) /*@ ghost (unsigned o) */;
/* (ACSL) the ghost o of the set-up functions: the index of jobs[0] in the caller's array (the
 * caller passes the offset it adds to its jobs, the same C expression), so that the ensures
 * speak of (jobs - o)[r], the caller's jobs[r], by a bare index r: CVC4 cannot instantiate a
 * quantifier whose trigger would be jobs[o + q] (docs/ASSURANCE.md, "Session 37" under K-PKE
 * and ML-KEM's entry points). */
/* Row i's k of them only, into jobs[0..k) (the same a); returns k. */
/*@ requires (k == 2 || k == 3 || k == 4) && i < k;
    requires \valid(jobs + (0 .. k - 1)) && \valid_read(rho + (0 .. KF_MLKEM_SYM_BYTES - 1));
    requires \separated(jobs + (0 .. k - 1), rho + (0 .. KF_MLKEM_SYM_BYTES - 1));
    requires o <= 64;
    assigns jobs[0 .. k - 1];
    ensures \result == k;
    ensures \forall integer q; 0 <= q < k ==> jobs[q].poly == a + (i * k + q) && jobs[q].out == \null && jobs[q].after == \null;
    ensures \forall integer r; o <= r < o + k ==> kf_mlkem_sample_job((jobs - o) + r, a + (i * k + (r - o))); */
unsigned kf_mlkem_matrix_row_jobs(kf_mlkem_job *jobs, kf_mlkem_poly *a, const uint8_t rho[KF_MLKEM_SYM_BYTES],
                                  unsigned k, unsigned i, int transposed) /*@ ghost (unsigned o) */;
/* n PRF jobs: out[i] = PRF_eta[i](seed, nonce0 + i) = SHAKE256(seed || nonce0 + i, 64 eta[i])
 * (§4.1); returns n. seed must stay in place until the jobs have run. */
/* (ACSL, unit mlkem_jobs) */
/*@ requires \valid(jobs + (0 .. n - 1)) && \valid_read(out + (0 .. n - 1)) && \valid_read(eta + (0 .. n - 1));
    requires \separated(jobs + (0 .. n - 1), out + (0 .. n - 1), eta + (0 .. n - 1));
    requires \forall integer q; 0 <= q < n ==> eta[q] == 2 || eta[q] == 3;
    requires o <= 64;
    assigns jobs[0 .. n - 1];
    ensures \result == n;
    ensures \forall integer q; 0 <= q < n ==> jobs[q].out == out[q] && jobs[q].outlen == 64 * eta[q] && jobs[q].poly == \null;
    ensures \forall integer r; o <= r < o + n ==>
              kf_mlkem_prf_job((jobs - o) + r, out[r - o], 64 * eta[r - o], (uint8_t *)seed) && (jobs - o)[r].after == \null; */
unsigned kf_mlkem_prf_jobs(kf_mlkem_job *jobs, uint8_t *const out[], const unsigned eta[], unsigned n,
                           const uint8_t seed[KF_MLKEM_SYM_BYTES], uint8_t nonce0) /*@ ghost (unsigned o) */;
/* The jobs' lanes: kf_backend_xn_for(min(n, KF_MLKEM_JOB_LANES)) - 4 where there is a choice
 * (sampling.c says why); a lone job too where the 4 lanes cost what one x1 permutation costs
 * (kf_mlkem_lone_job_on_lanes). */
#define KF_MLKEM_JOB_LANES 4
/* Runs jobs[0..n) to completion, assigning them to lanes in array order (so put the long
 * ones first), held jobs skipped; a free lane whose next job waits for another stays idle
 * until that one is done. Returns KF_OK, KF_ERR_BAD_LENGTH (before running anything) if an
 * absorb-only job's input is not a whole number of blocks, or KF_ERR_BAD_STATE if jobs are
 * left that nothing can start (one waits for a job not before it, or is held). Wipes its
 * states; the jobs' outputs are the caller's. */
int kf_mlkem_run_jobs(kf_mlkem_job *jobs, unsigned n) /*@ ghost (unsigned a, unsigned b, unsigned c, unsigned d) */;
/* A schedule whose lanes outlive one run, so the caller can work between runs while jobs go
 * on in the lanes: kf_mlkem_sched_init, then kf_mlkem_sched_run as often as needed on one
 * jobs array that only grows at its end (and whose held jobs the caller may fill in and let
 * go between runs), then kf_mlkem_sched_wipe. kf_mlkem_run_jobs(jobs, n) is the three with
 * until = n. The lanes hold secret data while jobs run. */
/* The AVX-512 rejection's stage: where the lanes are at most 4 and their states end before
 * byte KF_MLKEM_STAGE_AT of states[] (an x4 backend's 800 bytes), that kernel writes lane i's
 * SampleNTT coefficients to the 512 bytes from KF_MLKEM_STAGE_AT + 512 i instead of the job's
 * polynomial, and the run copies them there once the job is done: at the lane's next SampleNTT
 * block or when the run returns. So its stores, the lanes and the fields the run reads stay
 * in a few lines of one struct; KeyGen (kpke.c) puts its jobs in the same 4 KiB page. A^'s
 * polynomials in a page of their own made KeyGen 2-4% slower in some processes, by where the
 * stack's physical pages fell (docs/BENCHMARK_HISTORY.md, "ML-KEM-512 keygen's slow mode"). */
#define KF_MLKEM_STAGE_AT 832
#define KF_MLKEM_SCHED_STORAGE (KF_MLKEM_STAGE_AT + 4 * 2 * KF_MLKEM_N) /* >= KF_XN_STORAGE */
typedef struct kf_mlkem_sched {
    _Alignas(64) uint8_t states[KF_MLKEM_SCHED_STORAGE]; /* the lanes' states (at most KF_XN_STORAGE
                                                          * bytes), and the stage */
    uint8_t block[KF_STATE_BYTES];
    const kf_backend_xn *xn; /* NULL: x1 */
    const kf_backend *x1;
    unsigned lanes, rej_in_place, rej_words, words; /* rej_words: AVX2 rejection in place */
    unsigned stage;                /* 1: the AVX-512 rejection goes through the stage */
    kf_mlkem_poly *staged[4];      /* lane i's stage holds this done job's polynomial, or NULL */
    unsigned first, open, checked; /* first job not started, first not done, first not checked */
    int lone;                      /* -1 not known yet; 0 lone jobs on x1, 1 on the lanes (what
                                    * kf_mlkem_lone_job_on_lanes() says), 2 on these very lanes (xn);
                                    * asked once per schedule: kf_backend_xn_for walks the backends */
    int job_of[16];
} kf_mlkem_sched;
/* (ACSL, unit mlkem_jobs) a schedule's lanes as kf_mlkem_sched_init sets them: x1, or a batched
 * backend (read-only table) of at most 16 lanes whose states fit in states[]; words only on an
 * interleaved one, whose states are 25 n words (200 n bytes: kf_backend_xn_for's contract) */
/*@ predicate kf_mlkem_sched_ok(kf_mlkem_sched *s) =
      \valid(s) && \valid_read(s->x1) && 1 <= s->lanes <= 16 &&
      (s->xn == \null ==> s->lanes == 1) &&
      (s->xn != \null ==> \valid_read(s->xn) && !\valid(s->xn) && s->xn->n == s->lanes &&
                          s->xn->state_bytes <= KF_XN_STORAGE) &&
      (s->words != 0 ==> s->xn != \null && s->xn->interleaved != 0 && s->xn->state_bytes == 200 * s->lanes); */
/* (ACSL, unit mlkem_jobs) a job's input, output and starting state apart from the schedule
 * whose lanes run it; its starting state readable */
/*@ predicate kf_mlkem_job_apart(kf_mlkem_sched *l, kf_mlkem_job *j) =
      \separated(l, j) && \separated(l, j->in[0] + (0 .. j->inlen[0] - 1)) && \separated(l, j->in[1] + (0 .. j->inlen[1] - 1)) &&
      (j->out != \null ==> \separated(l, j->out + (0 .. j->outlen - 1))) &&
      (j->out == \null ==> \separated(l, j->poly)) &&
      (j->from != \null ==> \valid_read(j->from + (0 .. KF_STATE_BYTES - 1))); */
/* Lanes for a schedule of about n jobs (as kf_mlkem_run_jobs picks them for n). */
/*@ requires \valid(s);
    assigns *s, kf_spec_xn_table;
    ensures kf_mlkem_sched_ok(s) && s->first == 0 && s->open == 0 && s->checked == 0;
    ensures \forall integer i; 0 <= i < s->lanes ==> s->job_of[i] == -1; */
void kf_mlkem_sched_init(kf_mlkem_sched *s, unsigned n);
/* (ACSL, unit mlkem_sampling) jobs[0 .. n) that a schedule l can run: each one's input
 * readable, its output writable (kf_mlkem_job_out_ok), all of it apart from l and the output
 * apart from the jobs array; what it waits for readable; a SampleNTT job's polynomial apart
 * from every other job's output and polynomial (hash outputs may be shared: KeyGen's pieces of
 * H(ek) each write the same state). A lane's job (job_of[i] >= 0): one of jobs[0 .. checked),
 * its input absorbed within its length and its output within its bounds so far. */
/*@ predicate kf_mlkem_jobs_ok(kf_mlkem_sched *l, kf_mlkem_job *jobs, integer n) =
      \valid(jobs + (0 .. n - 1)) &&
      (\forall integer q; 0 <= q < n ==>
         kf_mlkem_job_in_ok(&jobs[q]) && 8 <= jobs[q].rate && kf_mlkem_job_out_ok(&jobs[q]) &&
         kf_mlkem_job_apart(l, &jobs[q]) && (jobs[q].after != \null ==> \valid_read(jobs[q].after)) &&
         (jobs[q].out != \null ==> \separated(jobs + (0 .. n - 1), jobs[q].out + (0 .. jobs[q].outlen - 1))) &&
         (jobs[q].out == \null ==> \separated(jobs + (0 .. n - 1), jobs[q].poly))) &&
      (\forall integer q, r; 0 <= q < n && 0 <= r < n && q != r && jobs[q].out == \null ==>
         (jobs[r].out != \null ==> \separated(jobs[q].poly, jobs[r].out + (0 .. jobs[r].outlen - 1))) &&
         (jobs[r].out == \null ==> \separated(jobs[q].poly, jobs[r].poly)));
    predicate kf_mlkem_lanes_ok(kf_mlkem_sched *l, kf_mlkem_job *jobs) =
      \forall integer i; 0 <= i < l->lanes ==>
        l->job_of[i] < 0 || (l->job_of[i] < l->checked && kf_mlkem_job_progress_ok(&jobs[l->job_of[i]])); */
/* (ACSL, unit mlkem_jobs) the SampleNTT jobs among jobs[0 .. m) that are done have their
 * polynomial in [0, q): what a run leaves, and what the next run of the schedule asks of those
 * its caller kept (KeyGen's rows of A^ between two runs) */
/*@ predicate kf_mlkem_jobs_done_ok(kf_mlkem_job *jobs, integer m) =
      \forall integer q; 0 <= q < m && jobs[q].done != 0 && jobs[q].out == \null ==>
        kf_mlkem_bounded(jobs[q].poly, 0, KF_MLKEM_Q - 1); */
/* (ACSL, unit mlkem_jobs; session 55) what a run of a schedule keeps between its runs: the jobs before open
 * done, open <= checked; among jobs[0 .. checked) one not started is not done; a lane's job is started, not
 * done, and in no other lane. (A schedule just set up, or with checked and open 0 and its lanes free, has it.) */
/*@ predicate kf_mlkem_run_ready(kf_mlkem_sched *s, kf_mlkem_job *jobs) =
      s->open <= s->checked && (\forall integer q; 0 <= q < s->open ==> jobs[q].done != 0) &&
      (\forall integer q; 0 <= q < s->checked && jobs[q].started == 0 ==> jobs[q].done == 0) &&
      (\forall integer i; 0 <= i < s->lanes && s->job_of[i] >= 0 ==>
         jobs[s->job_of[i]].done == 0 && jobs[s->job_of[i]].started != 0) &&
      (\forall integer i, m; 0 <= i < s->lanes && 0 <= m < s->lanes && i != m && s->job_of[i] >= 0 ==>
         s->job_of[m] != s->job_of[i]); */
/* Runs jobs[0..n) until jobs[0..until) are all done (until <= n); jobs still running then
 * stay in their lanes for the next run. Errors as kf_mlkem_run_jobs, also KF_ERR_BAD_STATE if
 * a job before until is held. (ACSL, for its callers: on KF_OK every job before until done,
 * each done SampleNTT job's polynomial in [0, q), the lanes ready for the next run.) */
/*@ requires kf_mlkem_sched_ok(s) && kf_mlkem_jobs_ok(s, jobs, n) && kf_mlkem_lanes_ok(s, jobs);
    requires run_done_in: s->checked <= n ==> kf_mlkem_jobs_done_ok(jobs, s->checked);
    requires run_ready_in: kf_mlkem_run_ready(s, jobs);
    assigns s->states[0 .. KF_MLKEM_SCHED_STORAGE - 1], s->block[0 .. KF_STATE_BYTES - 1], s->job_of[0 .. 15],
            s->staged[0 .. 3], s->first, s->open, s->checked, kf_spec_xn_table,
            jobs[0 .. n - 1].started, jobs[0 .. n - 1].done, jobs[0 .. n - 1].absorbed, jobs[0 .. n - 1].padded,
            jobs[0 .. n - 1].produced, jobs[0 .. n - 1].have,
            { jobs[r].out[k] | integer r, k; 0 <= r < n && 0 <= k < kf_mlkem_job_out_len(&jobs[r]) },
            { jobs[r].poly->c[k] | integer r, k; 0 <= r < n && 0 <= k < kf_mlkem_job_poly_len(&jobs[r]) };
    ensures kf_mlkem_sched_ok(s) && kf_mlkem_jobs_ok(s, jobs, n);
    ensures \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH;
    ensures run_done: \result == KF_OK ==> \forall integer q; 0 <= q < until ==> jobs[q].done != 0;
    ensures run_bounded: \result == KF_OK ==> kf_mlkem_jobs_done_ok(jobs, n);
    ensures run_lanes: \result == KF_OK ==> s->checked == n && kf_mlkem_lanes_ok(s, jobs);
    ensures run_ready: \result == KF_OK ==> kf_mlkem_run_ready(s, jobs); */
int kf_mlkem_sched_run(kf_mlkem_sched *s, kf_mlkem_job *jobs, unsigned n, unsigned until);
/* (ACSL, unit mlkem_jobs) jobs[0 .. n) that kf_mlkem_run_jobs can run: kf_mlkem_jobs_ok but for
 * the schedule, which is its own local (apart from them all: the prover sees a local as fresh) */
/*@ predicate kf_mlkem_jobs_runnable(kf_mlkem_job *jobs, integer n) =
      \valid(jobs + (0 .. n - 1)) &&
      (\forall integer q; 0 <= q < n ==>
         kf_mlkem_job_in_ok(&jobs[q]) && 8 <= jobs[q].rate && kf_mlkem_job_out_ok(&jobs[q]) &&
         (jobs[q].from != \null ==> \valid_read(jobs[q].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[q].after != \null ==> \valid_read(jobs[q].after)) &&
         (jobs[q].out != \null ==> \separated(jobs + (0 .. n - 1), jobs[q].out + (0 .. jobs[q].outlen - 1))) &&
         (jobs[q].out == \null ==> \separated(jobs + (0 .. n - 1), jobs[q].poly))) &&
      (\forall integer q, r; 0 <= q < n && 0 <= r < n && q != r && jobs[q].out == \null ==>
         (jobs[r].out != \null ==> \separated(jobs[q].poly, jobs[r].out + (0 .. jobs[r].outlen - 1))) &&
         (jobs[r].out == \null ==> \separated(jobs[q].poly, jobs[r].poly))); */
/* (ACSL, session 52) the ghost split points a <= b <= c <= d <= n cut the jobs' outputs into five
 * ranges of jobs, [0, a), [a, b), [b, c), [c, d), [d, n), each its own assigns clause (their union is
 * every job's output, whatever the points): WP checks a callee's assigned set against its
 * caller's clauses one at a time, the set within one of them, so a caller whose jobs write into
 * different objects (Decaps: its secrets and the caller's H(ek)) passes the points between them
 * (docs/ASSURANCE.md, K-PKE and ML-KEM's entry points, session 51). A caller with one object
 * passes anything ordered, e.g. (n, n, n, n). */
/*@ requires kf_mlkem_jobs_runnable(jobs, n);
    requires run_split: a <= b <= c <= d <= n;
    assigns kf_spec_xn_table,
            jobs[0 .. n - 1].started, jobs[0 .. n - 1].done, jobs[0 .. n - 1].absorbed, jobs[0 .. n - 1].padded,
            jobs[0 .. n - 1].produced, jobs[0 .. n - 1].have,
            { jobs[r].out[k] | integer r, k; 0 <= r < a && 0 <= k < kf_mlkem_job_out_len(&jobs[r]) },
            { jobs[r].out[k] | integer r, k; a <= r < b && 0 <= k < kf_mlkem_job_out_len(&jobs[r]) },
            { jobs[r].out[k] | integer r, k; b <= r < c && 0 <= k < kf_mlkem_job_out_len(&jobs[r]) },
            { jobs[r].out[k] | integer r, k; c <= r < d && 0 <= k < kf_mlkem_job_out_len(&jobs[r]) },
            { jobs[r].out[k] | integer r, k; d <= r < n && 0 <= k < kf_mlkem_job_out_len(&jobs[r]) },
            { jobs[r].poly->c[k] | integer r, k; 0 <= r < a && 0 <= k < kf_mlkem_job_poly_len(&jobs[r]) },
            { jobs[r].poly->c[k] | integer r, k; a <= r < b && 0 <= k < kf_mlkem_job_poly_len(&jobs[r]) },
            { jobs[r].poly->c[k] | integer r, k; b <= r < c && 0 <= k < kf_mlkem_job_poly_len(&jobs[r]) },
            { jobs[r].poly->c[k] | integer r, k; c <= r < d && 0 <= k < kf_mlkem_job_poly_len(&jobs[r]) },
            { jobs[r].poly->c[k] | integer r, k; d <= r < n && 0 <= k < kf_mlkem_job_poly_len(&jobs[r]) };
    ensures \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH;
    ensures \result == KF_OK ==>
              \forall integer q; 0 <= q < n && jobs[q].out == \null ==> kf_mlkem_bounded(jobs[q].poly, 0, KF_MLKEM_Q - 1); */
int kf_mlkem_run_jobs(kf_mlkem_job *jobs, unsigned n) /*@ ghost (unsigned a, unsigned b, unsigned c, unsigned d) */;
/* (ACSL, unit mlkem_jobs) the lanes' states within states[]: what kf_mlkem_sched_init keeps to */
/*@ requires kf_mlkem_sched_ok(s);
    assigns s->states[0 .. KF_XN_STORAGE - 1], s->block[0 .. KF_STATE_BYTES - 1]; */
void kf_mlkem_sched_wipe(kf_mlkem_sched *s);
/* One job on its own while no job of the schedule runs: in the schedule's lanes where
 * those are the lanes kf_mlkem_lone_job_on_lanes() picks (no init and wipe of its own,
 * and the schedule's jobs array is left as it was), else kf_mlkem_run_job1(j). */
/* (ACSL, unit mlkem_jobs) a hash job (out not NULL: the x1 path has no SampleNTT), waiting for
 * nothing, of a rate the x1 sponge takes, that the schedule's lanes could run; writes out[0 ..
 * outlen), the job's progress and the schedule's lanes, states and lone. (s69-kem8) lone_kept: the
 * schedule's first, open and checked as they were; lone_free: lanes free before (every job_of < 0, as
 * kf_mlkem_sched_init leaves them) are free after a run that returns KF_OK (KeyGen's first
 * kf_mlkem_sched_run after G asks kf_mlkem_lanes_ok and kf_mlkem_run_ready of them) */
/*@ requires kf_mlkem_sched_ok(s) && kf_mlkem_jobs_ok(s, j, 1);
    requires j->out != \null && j->after == \null && j->rate <= 192 && j->rate % 8 == 0;
    assigns s->lone, s->first, s->open, s->checked, s->states[0 .. KF_MLKEM_SCHED_STORAGE - 1],
            s->block[0 .. KF_STATE_BYTES - 1], s->job_of[0 .. 15], s->staged[0 .. 3], kf_spec_xn_table,
            j->started, j->done, j->absorbed, j->padded, j->produced, j->have, j->out[0 .. j->outlen - 1];
    ensures \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH;
    ensures lone_ok: kf_mlkem_sched_ok(s);
    ensures lone_kept: s->first == \old(s->first) && s->open == \old(s->open) && s->checked == \old(s->checked);
    ensures lone_free: \result == KF_OK && (\forall integer i; 0 <= i < s->lanes ==> \old(s->job_of[i]) < 0) ==>
              \forall integer i; 0 <= i < s->lanes ==> s->job_of[i] < 0; */
int kf_mlkem_sched_lone(kf_mlkem_sched *s, kf_mlkem_job *j);
/* 1 if a lone job runs in the batched lanes rather than on x1: where the 4-lane backend names
 * the x1 backend in use as its x1_twin (a call of either costs the same; on x86-64,
 * avx512vl-x4 and avx512vl-x1); ML-KEM's Keccak then keeps to one copy of the round code,
 * which stays in the instruction cache (docs/BENCHMARK_HISTORY.md, "x4 round loop"). The
 * default x1 on AVX-512 CPUs, avx512vl-x1-pairs, is no one's twin: it costs less than a
 * four-lane call and is a 1.4 KB loop, so lone jobs run on it (BENCHMARK_HISTORY.md,
 * "avx512vl-x1-pairs"). */
/*@ assigns \nothing;
    ensures \result == 0 || \result == 1; */
int kf_mlkem_lone_job_on_lanes(void);
/* One job on its own (its after must be NULL): kf_mlkem_run_jobs(j, 1) where
 * kf_mlkem_lone_job_on_lanes(), else the x1 sponge. The same results and errors. */
/* (ACSL, unit mlkem_jobs) as kf_mlkem_sched_lone's job, on its own */
/*@ requires kf_mlkem_jobs_runnable(j, 1);
    requires j->out != \null && j->after == \null && j->rate <= 192 && j->rate % 8 == 0;
    assigns kf_spec_xn_table, j->started, j->done, j->absorbed, j->padded, j->produced, j->have,
            j->out[0 .. j->outlen - 1];
    ensures \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH; */
int kf_mlkem_run_job1(kf_mlkem_job *j);
/* SamplePolyCBD_eta (Alg. 8), eta in {2, 3}, from 64 eta bytes. Constant time. The contract's
 * range is what the masks give, |x| <= 2^eta - 1 (|x| <= eta: FIPS 203's vectors). */
/*@ requires (eta == 2 || eta == 3) && \valid(p) && \valid_read(buf + (0 .. 64 * eta - 1));
    requires \separated(p, buf + (0 .. 64 * eta - 1));
    assigns p->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(p, -7, 7);
    ensures eta == 2 ==> kf_mlkem_bounded(p, -3, 3); */
void kf_mlkem_cbd(kf_mlkem_poly *p, const uint8_t *buf, unsigned eta);

#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kpke.c - K-PKE KeyGen, Encrypt, Decrypt (FIPS 203 Alg. 13-15), over poly.h's arithmetic
 * (portable C or AVX2, chosen at run time) and sampling.h's Keccak jobs.
 *
 * Every secret polynomial (s, e, y, e1, e2, mu and the sums that hold them) lives in one
 * local struct per function, wiped before returning.
 */
#include "mlkem/kpke.h"
#include "mlkem/poly.h"
#include "mlkem/sampling.h"
#include "mlkem/secret.h"

#include <stddef.h>
#include <string.h>

#define K_MAX KF_MLKEM_K_MAX
#define SYM KF_MLKEM_SYM_BYTES

/* (ACSL, the unit mlkem_kpke) the offsets' products, as ghost "lemma functions": CVC4 proves
 * each of these nonlinear facts alone, from the set's bounds, but not among a caller's
 * hypotheses; proved here (their ensures from their requires, empty bodies), a ghost call
 * hands them to the caller as linear facts about the products. */
/*@ ghost
  /@ requires 0 <= i < k && (k == 2 || k == 3 || k == 4);
     assigns \nothing;
     ensures 0 <= i * k;
     ensures i * k + k <= k * k;
     ensures k * k <= 16; @/
  static void kf_kpke_row_facts(unsigned i, unsigned k) { }
*/
/*@ ghost
  /@ requires 0 <= i < k && (k == 2 || k == 3 || k == 4) && (d == 10 || d == 11);
     assigns \nothing;
     ensures 0 <= 32 * d * i;
     ensures 32 * d * i + 32 * d <= 32 * d * k;
     ensures 32 * d * k <= 1408; @/
  static void kf_kpke_c_facts(unsigned i, unsigned k, unsigned d) { }
*/

/* Row i of t^ = A^ s^ + e^ (Alg. 13 line 18) into ek, and s^_i into dk_pke (lines 19-20). */
/* (ACSL, unit mlkem_kpke, session 60) row_in: A^'s row i in [0, q) (was all of A^: keygen_rows
 * calls it with only rows 0 .. i sampled), quantified over a bare index m (a trigger CVC4 can use:
 * a[i k + l] cannot be one) */
/*@ requires kf_mlkem_params_ok(p) && i < p->k;
    requires \valid(ek + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1)) && \valid(dk_pke + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1));
    requires \valid_read(a + (0 .. p->k * p->k - 1)) && \valid_read(s + (0 .. p->k - 1)) && \valid_read(e + (0 .. p->k - 1));
    requires m == \null || \valid_read(m + (0 .. p->k - 1));
    requires row_in: \forall integer m, j; i * p->k <= m < i * p->k + p->k && 0 <= j < KF_MLKEM_N ==>
                       0 <= a[m].c[j] <= KF_MLKEM_Q - 1;
    requires kf_mlkem_vec_bounded(s, p->k, -(KF_MLKEM_Q - 1) / 2, (KF_MLKEM_Q - 1) / 2);
    requires kf_mlkem_vec_bounded(e, p->k, -(KF_MLKEM_Q - 1) / 2, (KF_MLKEM_Q - 1) / 2);
    requires \separated(ek + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1), dk_pke + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1),
                        p, a + (0 .. p->k * p->k - 1), s + (0 .. p->k - 1), e + (0 .. p->k - 1));
    assigns ek[KF_MLKEM_POLY_BYTES * i .. KF_MLKEM_POLY_BYTES * i + KF_MLKEM_POLY_BYTES - 1],
            dk_pke[KF_MLKEM_POLY_BYTES * i .. KF_MLKEM_POLY_BYTES * i + KF_MLKEM_POLY_BYTES - 1]; */
static void keygen_row(const kf_mlkem_params *p, uint8_t *ek, uint8_t *dk_pke, const kf_mlkem_poly *a,
                       const kf_mlkem_poly *s, const kf_mlkem_poly *m, const kf_mlkem_poly *e, unsigned i)
{
    /* (ACSL) the row's offset i k, as in kf_kpke_encrypt */
    /*@ ghost kf_kpke_row_facts(i, p->k); */
    /*@ ghost const kf_mlkem_poly *row = &a[i * p->k]; */ /* A^'s row i, as the call's argument */
    /*@ assert \forall integer l, j; 0 <= l < p->k && 0 <= j < KF_MLKEM_N ==> row[l].c[j] == a[i * p->k + l].c[j]; */
    /*@ assert \forall integer l, j; 0 <= l < p->k && 0 <= j < KF_MLKEM_N ==> 0 <= row[l].c[j] <= KF_MLKEM_Q - 1; */
    kf_mlkem_row_tobytes_cached(ek + KF_MLKEM_POLY_BYTES * i, &a[i * p->k], s, m, &e[i], p->k);
    kf_mlkem_poly_tobytes(dk_pke + KF_MLKEM_POLY_BYTES * i, &s[i]);
}

/* KeyGen's Keccak work runs in one schedule whose lanes live across the rows of t^ (sampling.h:
 * kf_mlkem_sched). Its jobs are matrix row 0 and all the PRFs, then for each later row i the
 * piece of H(ek) over the whole blocks of ek that rows 0..i-1 fill (held until they are there;
 * it only absorbs, and hands its state to the next piece) and row i's streams. The first run
 * ends once row 0 and the PRFs are done, each later one once piece i and row i are; between
 * runs the next row of t^ is computed while the lanes keep the streams they started. G before
 * and the rest of H(ek) after run as lone jobs in the same lanes (kf_mlkem_sched_lone), so
 * KeyGen's Keccak runs one copy of the round code, H(ek) starts as soon as ek's first row is
 * there, and a lane that finishes early starts the next row's streams. */

/* The secrets of one KeyGen, wiped by keygen_wipe. */
typedef struct {
    uint8_t in[SYM + 1];
    uint8_t rho_sigma[2 * SYM];     /* (rho, sigma) = G(d || k) */
    uint8_t prf[2 * K_MAX][64 * 3]; /* PRF_eta1 outputs */
    kf_mlkem_poly s[K_MAX], e[K_MAX];
    kf_mlkem_poly m[K_MAX]; /* s^'s base multiplication cache (poly.h), if cached */
    int cached;
} keygen_secrets;

/* The public working state of KeyGen's schedule (its lanes hold secrets: wiped). The schedule
 * first, on a 4 KiB boundary, then the jobs: its lanes, its stage (where the AVX-512 rejection
 * writes A^'s coefficients, sampling.h) and the first five jobs (3,264 + 5 x 152 bytes: for
 * ML-KEM-512 row 0 of A^ and three PRFs) lie in one page. With A^, the jobs and the lanes on
 * three pages KeyGen ran 2-4% slower in some processes, by where their physical pages fell
 * (docs/BENCHMARK_HISTORY.md, "ML-KEM-512 keygen's slow mode"). */
typedef struct {
    _Alignas(4096) kf_mlkem_sched sched;
    kf_mlkem_job jobs[K_MAX * K_MAX + 2 * K_MAX + K_MAX];
    kf_mlkem_poly a[K_MAX * K_MAX];
    uint8_t *prf_out[2 * K_MAX];
    unsigned eta[2 * K_MAX], until[K_MAX], n;
    kf_mlkem_job *piece[K_MAX];
    uint8_t hstate[KF_STATE_BYTES]; /* H(ek)'s state after the pieces so far; public */
    size_t hashed;                  /* bytes of ek the pieces cover */
} keygen_work;

/* (ACSL, unit mlkem_kpke, session 59) a lone hash job's facts, one by one, give sampling.h's
 * kf_mlkem_jobs_ok of that one job (kf_mlkem_sched_lone's precondition): a ghost lemma function,
 * proved alone; its ground instance at a call is what the lone calls of KeyGen need */
/*@ ghost
  /@ requires kf_mlkem_job_in_ok(j) && 8 <= j->rate && kf_mlkem_job_out_ok(j) && kf_mlkem_job_apart(l, j);
     requires j->out != \null && j->after == \null;
     requires \separated(j, j->out + (0 .. j->outlen - 1));
     assigns \nothing;
     ensures kf_mlkem_jobs_ok(l, j, 1); @/
  static void kg_one_job(kf_mlkem_sched *l, kf_mlkem_job *j) { }
*/

/* (ACSL, unit mlkem_kpke, session 60) KeyGen's jobs as keygen_jobs lays them out (kg_rows_ok):
 * row 0 of A^'s k SampleNTT jobs at jobs[0 .. k), each later row i's the last k before until[i],
 * job q of row i sampling into a[i k + q] (quantified over the bare job index x); piece i of H(ek)
 * NULL or the job at until[i - 1]; the untils rising by at least k, each within n. kg_polys_apart:
 * every SampleNTT job's polynomial apart from the secrets (the run's writes keep s and e). kg_ready:
 * what a run ending in KF_OK leaves (sampling.h's run_lanes, run_bounded, run_ready), and the next
 * run asks. */
/*@ predicate kg_rows_ok(keygen_work *w, integer k) =
      w->n <= K_MAX * K_MAX + 3 * K_MAX && k <= w->until[0] &&
      (\forall integer i; 0 <= i < k ==> w->until[i] <= w->n) &&
      (\forall integer i; 1 <= i < k ==> w->until[i - 1] + k <= w->until[i]) &&
      (\forall integer q; 0 <= q < k ==> w->jobs[q].out == \null && w->jobs[q].poly == &w->a[q]) &&
      (\forall integer i, x; 1 <= i < k && w->until[i] - k <= x < w->until[i] ==>
         w->jobs[x].out == \null && w->jobs[x].poly == &w->a[i * k + (x - (w->until[i] - k))]) &&
      (\forall integer i; 1 <= i < k ==> w->piece[i] == \null || w->piece[i] == &w->jobs[w->until[i - 1]]);
    predicate kg_polys_apart(keygen_work *w, keygen_secrets *sec) =
      \forall integer r; 0 <= r < w->n && w->jobs[r].out == \null ==> \separated(w->jobs[r].poly, sec);
    predicate kg_ready(keygen_work *w) =
      kf_mlkem_lanes_ok(&w->sched, &w->jobs[0]) && w->sched.checked == w->n &&
      kf_mlkem_jobs_done_ok(&w->jobs[0], w->n) && kf_mlkem_run_ready(&w->sched, &w->jobs[0]); */
/* (ACSL, unit mlkem_kpke, session 60) a ghost lemma: row r of A^ in [0, q) once the jobs before
 * until[r] are done (a done SampleNTT job's polynomial is in [0, q): kf_mlkem_jobs_done_ok), in the
 * form of keygen_row's row_in; proved alone, by a ghost loop over the row's k jobs (each one's index
 * a ground term: the layout's and done_ok's quantifiers are over bare job indices); its ground
 * instance at a call is what keygen_rows needs */
/* (ACSL, unit mlkem_kpke, session 60) a ghost lemma: the cells of a[c .. c + l] from those of
 * a[c .. c + l) and a[c + l] (c_eq: the last one as a range of one, which CVC4 matches; with
 * m == c + l Qed substitutes m and CVC4 answered unknown) */
/*@ ghost
  /@ requires c_lo: \forall integer m, j; c <= m < c + l && 0 <= j < KF_MLKEM_N ==> 0 <= a[m].c[j] <= KF_MLKEM_Q - 1;
     requires c_at: \forall integer j; 0 <= j < KF_MLKEM_N ==> 0 <= a[c + l].c[j] <= KF_MLKEM_Q - 1;
     assigns \nothing;
     ensures c_up: \forall integer m, j; c <= m <= c + l && 0 <= j < KF_MLKEM_N ==> 0 <= a[m].c[j] <= KF_MLKEM_Q - 1; @/
  static void kg_cells(kf_mlkem_poly *a, unsigned c, unsigned l)
  {
    /@ assert c_eq: \forall integer m, j; c + l <= m <= c + l && 0 <= j < KF_MLKEM_N ==> 0 <= a[m].c[j] <= KF_MLKEM_Q - 1; @/
  }
*/
/*@ ghost
  /@ requires \valid_read(w) && kg_rows_ok(w, k) && (k == 2 || k == 3 || k == 4) && 0 <= r < k;
     requires kf_mlkem_jobs_done_ok(&w->jobs[0], w->n);
     requires bd_dn: \forall integer q; 0 <= q < w->until[r] ==> w->jobs[q].done != 0;
     assigns \nothing;
     ensures \forall integer m, j; r * k <= m < r * k + k && 0 <= j < KF_MLKEM_N ==> 0 <= w->a[m].c[j] <= KF_MLKEM_Q - 1; @/
  static void kg_row_bd(keygen_work *w, unsigned k, unsigned r)
  {
    kf_kpke_row_facts(r, k);
    unsigned b = r == 0 ? 0 : w->until[r] - k;
    unsigned c = r * k;
    /@ assert bd_c: c == r * k; @/
    /@ loop invariant 0 <= l <= k;
       loop invariant \forall integer m, j; c <= m < c + l && 0 <= j < KF_MLKEM_N ==>
                        0 <= w->a[m].c[j] <= KF_MLKEM_Q - 1;
       loop assigns l;
       loop variant k - l; @/
    for (unsigned l = 0; l < k; l++) {
      /@ assert bd_job: w->jobs[b + l].out == \null && w->jobs[b + l].poly == &w->a[c + l]; @/
      /@ assert bd_done: w->jobs[b + l].done != 0; @/
      /@ assert bd_row: kf_mlkem_bounded(&w->a[c + l], 0, KF_MLKEM_Q - 1); @/
      /@ assert bd_cell: \forall integer j; 0 <= j < KF_MLKEM_N ==> 0 <= w->a[c + l].c[j] <= KF_MLKEM_Q - 1; @/
      kg_cells(w->a, c, l);
    }
  }
*/

/* (rho, sigma) = G(d || k) (Alg. 13 line 1: domain separation by k), as a lone job. */
/* (ACSL, unit mlkem_kpke, session 59) G's job is jobs[0], its input sec->in and its output
 * sec->rho_sigma: apart from the schedule (sec apart from w); the schedule's lanes stay ok.
 * (s69-kem8) g_kept, g_free: kf_mlkem_sched_lone's lone_kept and lone_free, for KeyGen's first run */
/*@ requires \valid(w) && \valid(sec) && \valid_read(d + (0 .. SYM - 1)) && (k == 2 || k == 3 || k == 4);
    requires kf_mlkem_sched_ok(&w->sched);
    requires \separated(w, sec) && \separated(d + (0 .. SYM - 1), sec);
    assigns sec->in[0 .. SYM], sec->rho_sigma[0 .. 2 * SYM - 1], w->jobs[0], kf_spec_xn_table,
            w->sched.lone, w->sched.first, w->sched.open, w->sched.checked,
            w->sched.states[0 .. KF_MLKEM_SCHED_STORAGE - 1], w->sched.block[0 .. KF_STATE_BYTES - 1],
            w->sched.job_of[0 .. 15], w->sched.staged[0 .. 3];
    ensures kf_mlkem_sched_ok(&w->sched);
    ensures g_kept: w->sched.first == \old(w->sched.first) && w->sched.open == \old(w->sched.open) &&
              w->sched.checked == \old(w->sched.checked);
    ensures g_free: \result == KF_OK && (\forall integer i; 0 <= i < w->sched.lanes ==> \old(w->sched.job_of[i]) < 0) ==>
              \forall integer i; 0 <= i < w->sched.lanes ==> w->sched.job_of[i] < 0;
    ensures \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH; */
static int keygen_g(keygen_work *w, keygen_secrets *sec, const uint8_t d[SYM], unsigned k)
{
    memcpy(sec->in, d, SYM);
    sec->in[SYM] = (uint8_t)k;
    kf_mlkem_job_hash(&w->jobs[0], KF_RATE(512), KF_SUFFIX_SHA3, sec->in, sizeof sec->in, NULL, 0,
                      sec->rho_sigma, sizeof sec->rho_sigma) /*@ ghost (0) */;
    /*@ assert g_in: kf_mlkem_job_in_ok(&w->jobs[0]); */
    /*@ assert g_out: kf_mlkem_job_out_ok(&w->jobs[0]); */
    /*@ assert g_apart: kf_mlkem_job_apart(&w->sched, &w->jobs[0]); */
    /*@ ghost kg_one_job(&w->sched, &w->jobs[0]); */
    int rc = kf_mlkem_sched_lone(&w->sched, &w->jobs[0]);
    kf_declassify(sec->rho_sigma, SYM); /* rho is public: it goes into ek (Alg. 13 line 20) */
    return rc;
}

/* (ACSL, unit mlkem_kpke, s65-kem5) a ghost lemma: kg_polys_apart from its body in the terms of keygen_rows' ghost copy
 * of n (rw_pa: as the predicate, its preservation ran to the step limit in keygen_rows' context), before each step */
/*@ ghost
  /@ requires w->n == n;
     requires \forall integer r; 0 <= r < n && w->jobs[r].out == \null ==> \separated(w->jobs[r].poly, sec);
     assigns \nothing;
     ensures kg_polys_apart(w, sec); @/
  static void kg_pa_fold(keygen_work *w, keygen_secrets *sec, unsigned n) { }
*/

/* (ACSL, unit mlkem_kpke, s64-kem4) a ghost lemma: keygen_step's facts (its ensures st_ru_*: the layout one fact at
 * a time, in p->k and the untils as on the step's entry, k0 and u1 .. u3 here, the caller's ghost copies) folded back
 * into kg_rows_ok (keygen_rows, after each step); the rows' jobs over a general row i by cases on k (i k linear in
 * each: kg_rows_ok(w, 2), (w, 3), (w, 4) asserted whole in its branch) and on i (fd_4a, then fd_4) */
/*@ ghost
  /@ requires rf_k: k == k0 && (k == 2 || k == 3 || k == 4);
     requires rf_uu: w->until[1] == u1 && w->until[2] == u2 && w->until[3] == u3;
     requires rf_n: w->n <= K_MAX * K_MAX + 3 * K_MAX && k0 <= w->until[0];
     requires rf_u: w->until[0] <= w->n && (1 < k0 ==> w->until[1] <= w->n) && (2 < k0 ==> w->until[2] <= w->n) &&
                    (3 < k0 ==> w->until[3] <= w->n);
     requires rf_r: (1 < k0 ==> w->until[0] + k0 <= w->until[1]) && (2 < k0 ==> w->until[1] + k0 <= w->until[2]) &&
                    (3 < k0 ==> w->until[2] + k0 <= w->until[3]);
     requires rf_j0: \forall integer q; 0 <= q < k0 ==> w->jobs[q].out == \null && w->jobs[q].poly == &w->a[q];
     requires rf_jx1: 1 < k0 ==> \forall integer x; u1 - k0 <= x < u1 ==>
                w->jobs[x].out == \null && w->jobs[x].poly == &w->a[k0 + (x - (u1 - k0))];
     requires rf_jx2: 2 < k0 ==> \forall integer x; u2 - k0 <= x < u2 ==>
                w->jobs[x].out == \null && w->jobs[x].poly == &w->a[2 * k0 + (x - (u2 - k0))];
     requires rf_jx3: 3 < k0 ==> \forall integer x; u3 - 4 <= x < u3 ==>
                w->jobs[x].out == \null && w->jobs[x].poly == &w->a[12 + (x - (u3 - 4))];
     requires rf_pc: (1 < k0 ==> w->piece[1] == \null || w->piece[1] == &w->jobs[w->until[0]]) &&
                     (2 < k0 ==> w->piece[2] == \null || w->piece[2] == &w->jobs[w->until[1]]) &&
                     (3 < k0 ==> w->piece[3] == \null || w->piece[3] == &w->jobs[w->until[2]]);
     assigns \nothing;
     ensures rf_ok: kg_rows_ok(w, k); @/
  static void kg_rows_fold(keygen_work *w, unsigned k, unsigned k0, unsigned u1, unsigned u2, unsigned u3)
  {
    /@ assert fd_u: \forall integer i; 0 <= i < k ==> w->until[i] <= w->n; @/
    /@ assert fd_r: \forall integer i; 1 <= i < k ==> w->until[i - 1] + k <= w->until[i]; @/
    /@ assert fd_pc: \forall integer i; 1 <= i < k ==> w->piece[i] == \null || w->piece[i] == &w->jobs[w->until[i - 1]]; @/
    if (k == 2) {
      /@ assert fd_2: \forall integer i, x; 1 <= i < 2 && w->until[i] - 2 <= x < w->until[i] ==>
           w->jobs[x].out == \null && w->jobs[x].poly == &w->a[i * 2 + (x - (w->until[i] - 2))]; @/
      /@ assert fd_ok2: kg_rows_ok(w, 2); @/
    } else if (k == 3) {
      /@ assert fd_3: \forall integer i, x; 1 <= i < 3 && w->until[i] - 3 <= x < w->until[i] ==>
           w->jobs[x].out == \null && w->jobs[x].poly == &w->a[i * 3 + (x - (w->until[i] - 3))]; @/
      /@ assert fd_ok3: kg_rows_ok(w, 3); @/
    } else {
      /@ assert fd_4a: \forall integer i, x; 1 <= i < 3 && w->until[i] - 4 <= x < w->until[i] ==>
           w->jobs[x].out == \null && w->jobs[x].poly == &w->a[i * 4 + (x - (w->until[i] - 4))]; @/
      /@ assert fd_4: \forall integer i, x; 1 <= i < 4 && w->until[i] - 4 <= x < w->until[i] ==>
           w->jobs[x].out == \null && w->jobs[x].poly == &w->a[i * 4 + (x - (w->until[i] - 4))]; @/
      /@ assert fd_ok4: kg_rows_ok(w, 4); @/
    }
  }
*/

/* (ACSL, unit mlkem_kpke, s68-kem7) keygen_jobs' layout at the head of its loop's step i (kg_jobs_at), n the jobs
 * set up so far (the local n; w->n is stored after the loop): the untils of rows 0 .. i - 1 set (until[i - 1] == n),
 * row 0's jobs at jobs[0 .. k), each row r = 1, 2, 3 before i the k jobs before until[r] into a[r k + q] (one fact
 * per row, ground in r: i k linear in each, as kg_rows_unfold), piece r NULL or the job at until[r - 1], every
 * SampleNTT polynomial of jobs[0 .. n) apart from the secrets, and hashed within the rows before i. At i == k, n
 * stored in w->n, kg_rows_fold and kg_pa_fold turn it into kg_rows_ok and kg_polys_apart */
/*@ predicate kg_jobs_at(keygen_work *w, keygen_secrets *sec, integer k, integer i, integer n) =
      (k == 2 || k == 3 || k == 4) && 1 <= i <= k && n <= 5 * i + 7 && w->until[i - 1] == n &&
      3 * k <= w->until[0] && w->until[0] <= n && w->hashed <= KF_MLKEM_POLY_BYTES * (i - 1) &&
      (1 < i ==> w->until[0] + k <= w->until[1] && w->until[1] <= n) &&
      (2 < i ==> w->until[1] + k <= w->until[2] && w->until[2] <= n) &&
      (3 < i ==> w->until[2] + k <= w->until[3] && w->until[3] <= n) &&
      (\forall integer q; 0 <= q < k ==> w->jobs[q].out == \null && w->jobs[q].poly == &w->a[q]) &&
      (1 < i ==> \forall integer x; w->until[1] - k <= x < w->until[1] ==>
         w->jobs[x].out == \null && w->jobs[x].poly == &w->a[k + (x - (w->until[1] - k))]) &&
      (2 < i ==> \forall integer x; w->until[2] - k <= x < w->until[2] ==>
         w->jobs[x].out == \null && w->jobs[x].poly == &w->a[2 * k + (x - (w->until[2] - k))]) &&
      (3 < i ==> \forall integer x; w->until[3] - 4 <= x < w->until[3] ==>
         w->jobs[x].out == \null && w->jobs[x].poly == &w->a[12 + (x - (w->until[3] - 4))]) &&
      (1 < i ==> w->piece[1] == \null || w->piece[1] == &w->jobs[w->until[0]]) &&
      (2 < i ==> w->piece[2] == \null || w->piece[2] == &w->jobs[w->until[1]]) &&
      (3 < i ==> w->piece[3] == \null || w->piece[3] == &w->jobs[w->until[2]]) &&
      (\forall integer x; 0 <= x < n && w->jobs[x].out == \null ==> \separated(w->jobs[x].poly, sec)); */
/* (ACSL, unit mlkem_kpke, s72-kpke) job x of keygen_jobs as kf_mlkem_jobs_ok asks it of each job, but for the other
 * jobs' SampleNTT polynomials: kg_jv over the job's field values as arguments (no memory read: \valid, \separated
 * and addresses only), so that a frame of the fields as equalities carries it across a write by congruence alone;
 * a frame is stated as \old(kg_job_ok(w, x)) ==> kg_job_ok(w, x) (pc_kk*, rj_kk), whose goal holds both atoms for
 * CVC4's triggers (kg_job_ok before the write and the field equalities, as a goal kg_job_ok after it, ran to 800,000
 * steps: no ground term of the older memory to instantiate the hypothesis with); kg_job_ok(w, x) at the job's fields. Apart from the whole jobs array (any n of its jobs) and from the schedule. */
/*@ predicate kg_jv(keygen_work *w, kf_mlkem_job *j, uint8_t *in0, integer l0, uint8_t *in1, integer l1,
                    uint8_t *out, integer ol, kf_mlkem_poly *poly, integer rate, integer suffix,
                    kf_mlkem_job *after, uint8_t *from, integer ab) =
      \valid(j) && \separated(&w->sched, j) && 8 <= rate <= KF_STATE_BYTES && 0 <= l0 && 0 <= l1 &&
      l0 + l1 <= SIZE_MAX - KF_STATE_BYTES && ab <= l0 + l1 &&
      \valid_read(in0 + (0 .. l0 - 1)) && \valid_read(in1 + (0 .. l1 - 1)) &&
      \separated(&w->sched, in0 + (0 .. l0 - 1)) && \separated(&w->sched, in1 + (0 .. l1 - 1)) &&
      (suffix == 0 ==> out != \null && ol == KF_STATE_BYTES) &&
      (out != \null ==> \valid(out + (0 .. ol - 1)) && \separated(j, out + (0 .. ol - 1)) &&
                        \separated(&w->sched, out + (0 .. ol - 1)) &&
                        \separated(w->jobs + (0 .. K_MAX * K_MAX + 3 * K_MAX - 1), out + (0 .. ol - 1)) &&
                        \separated(w->a + (0 .. K_MAX * K_MAX - 1), out + (0 .. ol - 1))) &&
      (out == \null ==> \valid(poly) && \separated(j, poly) && \separated(&w->sched, poly) &&
                        \separated(w->jobs + (0 .. K_MAX * K_MAX + 3 * K_MAX - 1), poly)) &&
      (from != \null ==> \valid_read(from + (0 .. KF_STATE_BYTES - 1))) &&
      (after != \null ==> \valid_read(after));
    predicate kg_job_ok(keygen_work *w, integer x) =
      kg_jv(w, &w->jobs[x], w->jobs[x].in[0], w->jobs[x].inlen[0], w->jobs[x].in[1], w->jobs[x].inlen[1],
            w->jobs[x].out, w->jobs[x].outlen, w->jobs[x].poly, w->jobs[x].rate, w->jobs[x].suffix,
            w->jobs[x].after, w->jobs[x].from, w->jobs[x].absorbed); */
/* (ACSL, unit mlkem_kpke, s72-kpke) kg_pairs: every SampleNTT job's polynomial among jobs[0 .. n) apart from every other
 * job's output (kf_mlkem_jobs_ok's last clause); ghost lemmas, proved alone: each job's kg_job_ok gives its part of
 * kf_mlkem_jobs_ok (kg_jobs_fold1), with kg_pairs kf_mlkem_jobs_ok of jobs[0 .. n) (kg_jobs_fold: the first run's
 * precondition) */
/*@ predicate kg_pairs(keygen_work *w, integer n) =
      \forall integer q, r; 0 <= q < n && 0 <= r < n && q != r && w->jobs[q].out == \null ==>
        (w->jobs[r].out != \null ==> \separated(w->jobs[q].poly, w->jobs[r].out + (0 .. w->jobs[r].outlen - 1))) &&
        (w->jobs[r].out == \null ==> \separated(w->jobs[q].poly, w->jobs[r].poly)); */
/* (ACSL, unit mlkem_kpke, session 63) a ghost lemma: kg_rows_ok as its facts one by one, the rows' jobs one
 * fact per row i = 1, 2, 3 (i k linear, each row's until ground, row 3's with k = 4 written out: in k its
 * polynomial part ran to the 300 s time-out in keygen_step; the untils' and pieces' facts ground too:
 * quantified over i, st_ru_r ran to the step limit), called just before keygen_step's run: each
 * fact framed across the run on its own (keygen_step's ensures st_ru_*; kg_rows_ok whole after the run ran
 * to the 300 s time-out at 1,000,000 steps in keygen_step's context, its row jobs' fact quantified over i too) */
/*@ ghost
  /@ requires kg_rows_ok(w, k) && 2 <= k <= K_MAX;
     assigns \nothing;
     ensures ru_n: w->n <= K_MAX * K_MAX + 3 * K_MAX && k <= w->until[0];
     ensures ru_u0: w->until[0] <= w->n;
     ensures ru_u1: 1 < k ==> w->until[1] <= w->n;
     ensures ru_u2: 2 < k ==> w->until[2] <= w->n;
     ensures ru_u3: 3 < k ==> w->until[3] <= w->n;
     ensures ru_r: (1 < k ==> w->until[0] + k <= w->until[1]) && (2 < k ==> w->until[1] + k <= w->until[2]) &&
                   (3 < k ==> w->until[2] + k <= w->until[3]);
     ensures ru_j0: \forall integer q; 0 <= q < k ==> w->jobs[q].out == \null && w->jobs[q].poly == &w->a[q];
     ensures ru_jx1: 1 < k ==> \forall integer x; w->until[1] - k <= x < w->until[1] ==>
               w->jobs[x].out == \null && w->jobs[x].poly == &w->a[k + (x - (w->until[1] - k))];
     ensures ru_jx2: 2 < k ==> \forall integer x; w->until[2] - k <= x < w->until[2] ==>
               w->jobs[x].out == \null && w->jobs[x].poly == &w->a[2 * k + (x - (w->until[2] - k))];
     ensures ru_jx3: 3 < k ==> \forall integer x; w->until[3] - 4 <= x < w->until[3] ==>
               w->jobs[x].out == \null && w->jobs[x].poly == &w->a[12 + (x - (w->until[3] - 4))];
     ensures ru_pc: (1 < k ==> w->piece[1] == \null || w->piece[1] == &w->jobs[w->until[0]]) &&
                    (2 < k ==> w->piece[2] == \null || w->piece[2] == &w->jobs[w->until[1]]) &&
                    (3 < k ==> w->piece[3] == \null || w->piece[3] == &w->jobs[w->until[2]]); @/
  static void kg_rows_unfold(keygen_work *w, unsigned k) { }
*/
/* (ACSL, unit mlkem_kpke, s73-kpke) kg_smp: every SampleNTT job among jobs[0 .. n) (out NULL) one of the rows' jobs
 * at step i of keygen_jobs (row 0's at jobs[0 .. k), row r = 1 .. i - 1's the k before its until, u1 .. u3 the untils'
 * values, so that a store of n or of another until does not touch it: a frame of the jobs' out fields alone);
 * kg_idx: job x's polynomial index in A^ by that layout (row 0's x, row r's r k + (x - (u_r - k))). kg_pairs_rows
 * (a ghost lemma, proved alone): with kg_rows_ok and every job's kg_job_ok, kg_pairs (kg_idx strictly rising over the
 * rows' jobs: distinct polynomials; a hash job's output apart from all of A^ by kg_jv) */
/*@ predicate kg_smp(keygen_work *w, integer k, integer i, integer n, integer u1, integer u2, integer u3) =
      \forall integer x; 0 <= x < n && w->jobs[x].out == \null ==>
        x < k || (1 < i && u1 - k <= x < u1) || (2 < i && u2 - k <= x < u2) || (3 < i && u3 - k <= x < u3);
    logic integer kg_idx(integer k, integer u1, integer u2, integer u3, integer x) =
      x < k ? x : x < u1 ? x - u1 + 2 * k : x < u2 ? x - u2 + 3 * k : x - u3 + 4 * k; */
/* (ACSL, unit mlkem_kpke, s73-kpke) kg_home: every job's output among jobs[0 .. n) in *w or *sec (the PRFs' in
 * sec->prf, the pieces' in w->hstate, the SampleNTT polynomials in w->a), by its block: in kf_kpke_keygen, where w and
 * sec are locals, the runs' writes through the jobs' pointers (keygen_run's and keygen_rows' assigns comprehensions)
 * are then in blocks not allocated at its entry, outside its assigns clause's concern */
/*@ predicate kg_home(keygen_work *w, keygen_secrets *sec, integer n) =
      \forall integer x; 0 <= x < n ==>
        (w->jobs[x].out != \null ==>
           \base_addr(w->jobs[x].out) == \base_addr(sec) || \base_addr(w->jobs[x].out) == \base_addr(w)) &&
        (w->jobs[x].out == \null ==> \base_addr(w->jobs[x].poly) == \base_addr(w)); */
/*@ ghost
  /@ requires pr_v: \valid(w) && (k == 2 || k == 3 || k == 4) && n == w->n;
     requires pr_u: w->until[1] == u1 && w->until[2] == u2 && w->until[3] == u3;
     requires pr_r: kg_rows_ok(w, k);
     requires pr_m: kg_smp(w, k, k, n, u1, u2, u3);
     requires pr_k: \forall integer x; 0 <= x < n ==> kg_job_ok(w, x);
     assigns \nothing;
     ensures pr_p: kg_pairs(w, n); @/
  static void kg_pairs_rows(keygen_work *w, unsigned k, unsigned n, unsigned u1, unsigned u2, unsigned u3)
  {
    kg_rows_unfold(w, k);
    /@ assert pr_i: \forall integer x; 0 <= x < n && w->jobs[x].out == \null ==>
           w->jobs[x].poly == &w->a[kg_idx(k, u1, u2, u3, x)] && 0 <= kg_idx(k, u1, u2, u3, x) < 16; @/
    /@ assert pr_lt: \forall integer q, r; 0 <= q < r < n && w->jobs[q].out == \null && w->jobs[r].out == \null ==>
           kg_idx(k, u1, u2, u3, q) < kg_idx(k, u1, u2, u3, r); @/
    /@ assert pr_ne: \forall integer q, r; 0 <= q < n && 0 <= r < n && q != r && w->jobs[q].out == \null &&
           w->jobs[r].out == \null ==> kg_idx(k, u1, u2, u3, q) != kg_idx(k, u1, u2, u3, r); @/
    /@ assert pr_a: \forall integer l, m; 0 <= l < 16 && 0 <= m < 16 && l != m ==> \separated(&w->a[l], &w->a[m]); @/
    /@ assert pr_o1: \forall integer r; 0 <= r < n ==> kg_job_ok(w, r) ==> w->jobs[r].out != \null ==>
           \separated(w->a + (0 .. K_MAX * K_MAX - 1), w->jobs[r].out + (0 .. w->jobs[r].outlen - 1)); @/
    /@ assert pr_o: \forall integer l, r; 0 <= l < 16 && 0 <= r < n && w->jobs[r].out != \null ==>
           \separated(&w->a[l], w->jobs[r].out + (0 .. w->jobs[r].outlen - 1)); @/
    /@ assert pr_s: \forall integer q, r; 0 <= q < n && 0 <= r < n && q != r && w->jobs[q].out == \null &&
           w->jobs[r].out == \null ==> \separated(w->jobs[q].poly, w->jobs[r].poly); @/
    /@ assert pr_h: \forall integer q, r; 0 <= q < n && 0 <= r < n && q != r && w->jobs[q].out == \null &&
           w->jobs[r].out != \null ==> \separated(w->jobs[q].poly, w->jobs[r].out + (0 .. w->jobs[r].outlen - 1)); @/
  }
*/
/*@ ghost
  /@ requires fo_v: \valid(w) && n <= K_MAX * K_MAX + 3 * K_MAX;
     requires fo_k: \forall integer q; 0 <= q < n ==>
               kf_mlkem_job_in_ok(&w->jobs[q]) && 8 <= w->jobs[q].rate && kf_mlkem_job_out_ok(&w->jobs[q]) &&
               kf_mlkem_job_apart(&w->sched, &w->jobs[q]) && (w->jobs[q].after != \null ==> \valid_read(w->jobs[q].after)) &&
               (w->jobs[q].out != \null ==> \separated(w->jobs + (0 .. n - 1), w->jobs[q].out + (0 .. w->jobs[q].outlen - 1))) &&
               (w->jobs[q].out == \null ==> \separated(w->jobs + (0 .. n - 1), w->jobs[q].poly));
     requires fo_p: kg_pairs(w, n);
     assigns \nothing;
     ensures fo_ok: kf_mlkem_jobs_ok(&w->sched, &w->jobs[0], n); @/
  static void kg_jobs_fold(keygen_work *w, unsigned n) { }
  /@ requires f1_v: \valid(w) && n <= K_MAX * K_MAX + 3 * K_MAX;
     requires f1_k: \forall integer x; 0 <= x < n ==> kg_job_ok(w, x);
     assigns \nothing;
     ensures f1_q: \forall integer q; 0 <= q < n ==> kg_job_ok(w, q) ==>
               kf_mlkem_job_in_ok(&w->jobs[q]) && 8 <= w->jobs[q].rate && kf_mlkem_job_out_ok(&w->jobs[q]) &&
               kf_mlkem_job_apart(&w->sched, &w->jobs[q]) && (w->jobs[q].after != \null ==> \valid_read(w->jobs[q].after)) &&
               (w->jobs[q].out != \null ==> \separated(w->jobs + (0 .. n - 1), w->jobs[q].out + (0 .. w->jobs[q].outlen - 1))) &&
               (w->jobs[q].out == \null ==> \separated(w->jobs + (0 .. n - 1), w->jobs[q].poly)); @/
  static void kg_jobs_fold1(keygen_work *w, unsigned n) { }
*/
/* (ACSL, unit mlkem_kpke, s72-kpke) ghost lemmas, each proved alone: SampleNTT jobs [n .. n + m) into a[c ..] and PRF
 * jobs [n .. n + m) into sec->prf[0 ..] as kf_mlkem_matrix_row_jobs and kf_mlkem_prf_jobs set them up are kg_job_ok */
/*@ ghost
  /@ requires \valid(w) && n + m <= K_MAX * K_MAX + 3 * K_MAX && c + m <= K_MAX * K_MAX;
     requires sj_j: \forall integer x; n <= x < n + m ==> kf_mlkem_sample_job(&w->jobs[x], &w->a[c + (x - n)]);
     assigns \nothing;
     ensures sj_ok: \forall integer x; n <= x < n + m ==> kg_job_ok(w, x); @/
  static void kg_sample_jobs(keygen_work *w, unsigned n, unsigned m, unsigned c) { }
  /@ requires \valid(w) && \valid(sec) && \separated(w, sec) && n + m <= K_MAX * K_MAX + 3 * K_MAX && m <= 2 * K_MAX;
     requires eta == 2 || eta == 3;
     requires pj_j: \forall integer x; n <= x < n + m ==>
               kf_mlkem_prf_job(&w->jobs[x], &sec->prf[x - n][0], 64 * eta, &sec->rho_sigma[SYM]) && w->jobs[x].after == \null;
     assigns \nothing;
     ensures pj_ok: \forall integer x; n <= x < n + m ==> kg_job_ok(w, x); @/
  static void kg_prf_jobs(keygen_work *w, keygen_secrets *sec, unsigned n, unsigned m, unsigned eta) { }
*/
/* (ACSL, unit mlkem_kpke, s68-kem7) a ghost lemma: kg_jobs_at's rows of jobs in the untils' values u1 .. u3 (the
 * caller's reads of until[1 .. 3] at that point), for a goal in another memory state: keygen_row_step's rows carried
 * across the step (rs_jx2, in the untils' terms after the step ran to the step limit) and keygen_jobs' fold after the
 * store of w->n (kg_rows_fold's rf_jx*: the untils read through the loop's havoc) */
/*@ ghost
  /@ requires kg_jobs_at(w, sec, k, i, n);
     requires w->until[1] == u1 && w->until[2] == u2 && w->until[3] == u3;
     assigns \nothing;
     ensures jr_1: 1 < i ==> \forall integer x; u1 - k <= x < u1 ==>
               w->jobs[x].out == \null && w->jobs[x].poly == &w->a[k + (x - (u1 - k))];
     ensures jr_2: 2 < i ==> \forall integer x; u2 - k <= x < u2 ==>
               w->jobs[x].out == \null && w->jobs[x].poly == &w->a[2 * k + (x - (u2 - k))];
     ensures jr_3: 3 < i ==> \forall integer x; u3 - 4 <= x < u3 ==>
               w->jobs[x].out == \null && w->jobs[x].poly == &w->a[12 + (x - (u3 - 4))]; @/
  static void kg_jobs_rows(keygen_work *w, keygen_secrets *sec, unsigned k, unsigned i, unsigned n, unsigned u1,
                           unsigned u2, unsigned u3) { }
*/

/* (ACSL, unit mlkem_kpke, s71-kpke) ghost lemmas: the schedule's scalar fields that kf_mlkem_sched_ok and the first
 * run read (lanes, words, first, open, checked; xn, x1; the batched backend's n and state_bytes) apart from keygen_jobs'
 * writes that share their chunk, in the form of WP's havoc premise of each write (as kg_run_sep's sep_f / sep_nf),
 * each called just before the writes it is for, in the context of the step that makes them: kg_sched_sep1
 * keygen_first_jobs' (until[0], hashed, k's etas and PRF outputs), kg_sched_sep2 the jobs [n .. n + m) (keygen_first_jobs',
 * keygen_piece's, keygen_row_jobs'), kg_sched_sep3 until[i], n, piece[i] and hashed (keygen_piece's, keygen_row_step's
 * store of until[i], keygen_jobs' of n); ground facts, none quantified */
/*@ ghost
  /@ requires \valid(w) && kf_mlkem_sched_ok(&w->sched) && (k == 2 || k == 3 || k == 4);
     assigns \nothing;
     ensures s1_u: &w->until[0] != &w->sched.lanes && &w->until[0] != &w->sched.words && &w->until[0] != &w->sched.first &&
               &w->until[0] != &w->sched.open && &w->until[0] != &w->sched.checked;
     ensures s1_e: \separated(&w->sched.lanes, w->eta + (0 .. 2 * k - 1)) && \separated(&w->sched.words, w->eta + (0 .. 2 * k - 1)) &&
               \separated(&w->sched.first, w->eta + (0 .. 2 * k - 1)) && \separated(&w->sched.open, w->eta + (0 .. 2 * k - 1)) &&
               \separated(&w->sched.checked, w->eta + (0 .. 2 * k - 1));
     ensures s1_o: \separated(&w->sched.xn, w->prf_out + (0 .. 2 * k - 1)) && \separated(&w->sched.x1, w->prf_out + (0 .. 2 * k - 1));
     ensures s1_x: w->sched.xn != \null ==>
               &w->until[0] != &w->sched.xn->n && &w->hashed != &w->sched.xn->state_bytes &&
               \separated(&w->sched.xn->n, w->eta + (0 .. 2 * k - 1)); @/
  static void kg_sched_sep1(keygen_work *w, unsigned k) { }
*/
/*@ ghost
  /@ requires \valid(w) && kf_mlkem_sched_ok(&w->sched) && n + m <= K_MAX * K_MAX + 3 * K_MAX;
     assigns \nothing;
     ensures s2_j: \separated(&w->sched.lanes, w->jobs + (n .. n + m - 1)) && \separated(&w->sched.words, w->jobs + (n .. n + m - 1)) &&
               \separated(&w->sched.first, w->jobs + (n .. n + m - 1)) && \separated(&w->sched.open, w->jobs + (n .. n + m - 1)) &&
               \separated(&w->sched.checked, w->jobs + (n .. n + m - 1));
     ensures s2_p: \separated(&w->sched.xn, w->jobs + (n .. n + m - 1)) && \separated(&w->sched.x1, w->jobs + (n .. n + m - 1));
     ensures s2_x: w->sched.xn != \null ==> \separated(&w->sched.xn->n, w->jobs + (n .. n + m - 1)) &&
               \separated(&w->sched.xn->state_bytes, w->jobs + (n .. n + m - 1)); @/
  static void kg_sched_sep2(keygen_work *w, unsigned n, unsigned m) { }
*/
/*@ ghost
  /@ requires \valid(w) && i < K_MAX && (w->sched.xn != \null ==> \valid_read(w->sched.xn) && !\valid(w->sched.xn));
     assigns \nothing;
     ensures s3_u: &w->until[i] != &w->sched.lanes && &w->until[i] != &w->sched.words && &w->until[i] != &w->sched.first &&
               &w->until[i] != &w->sched.open && &w->until[i] != &w->sched.checked;
     ensures s3_n: &w->n != &w->sched.lanes && &w->n != &w->sched.words && &w->n != &w->sched.first &&
               &w->n != &w->sched.open && &w->n != &w->sched.checked;
     ensures s3_p: \separated(&w->piece[i], &w->sched.xn) && \separated(&w->piece[i], &w->sched.x1);
     ensures s3_x: w->sched.xn != \null ==>
               &w->until[i] != &w->sched.xn->n && &w->n != &w->sched.xn->n && &w->hashed != &w->sched.xn->state_bytes; @/
  static void kg_sched_sep3(keygen_work *w, unsigned i) { }
*/

/* The PRF outputs' places, row 0's jobs and the PRFs' (keygen_jobs', always inline: no behaviour change). */
/* (ACSL, unit mlkem_kpke, s68-kem7) to the layout at step 1 (kg_jobs_at(w, sec, k, 1, 3 k), its facts one by one) */
/*@ requires fj_v: \valid(w) && \valid(sec) && \valid_read(p) && \separated(w, sec, p) && kf_mlkem_params_ok(p) && k == p->k;
    requires fj_rs: rho == &sec->rho_sigma[0] && sigma == &sec->rho_sigma[SYM];
    assigns w->prf_out[0 .. 2 * k - 1], w->eta[0 .. 2 * k - 1], w->jobs[0 .. 3 * k - 1], w->until[0], w->hashed;
    ensures fj_n: \result == 3 * k && w->until[0] == 3 * k && w->hashed == 0;
    ensures fj_j0: \forall integer q; 0 <= q < k ==> w->jobs[q].out == \null && w->jobs[q].poly == &w->a[q];
    ensures fj_pa: \forall integer x; 0 <= x < 3 * k && w->jobs[x].out == \null ==> \separated(w->jobs[x].poly, sec);
    ensures fj_ok: \forall integer x; 0 <= x < 3 * k ==> kg_job_ok(w, x);
    ensures fj_m: \forall integer x; 0 <= x < 3 * k && w->jobs[x].out == \null ==> x < k;
    ensures fj_h: kg_home(w, sec, 3 * k); */
static inline __attribute__((always_inline)) unsigned keygen_first_jobs(keygen_work *w, keygen_secrets *sec,
                                                                        const kf_mlkem_params *p, unsigned k,
                                                                        const uint8_t *rho, const uint8_t *sigma)
{
    /*@ loop invariant 0 <= i <= 2 * k;
        loop invariant \forall integer q; 0 <= q < i ==> w->prf_out[q] == &sec->prf[q][0] && w->eta[q] == p->eta1;
        loop assigns i, w->prf_out[0 .. 2 * k - 1], w->eta[0 .. 2 * k - 1];
        loop variant 2 * k - i; */
    for (unsigned i = 0; i < 2 * k; i++) {
        w->prf_out[i] = sec->prf[i];
        w->eta[i] = p->eta1;
    }
    unsigned n = kf_mlkem_matrix_row_jobs(w->jobs, w->a, rho, k, 0, 0) /*@ ghost (0) */;
    /*@ assert fj_r0: \forall integer q; 0 <= q < k ==> w->jobs[q].out == \null && w->jobs[q].poly == &w->a[q]; */
    /*@ assert fj_s: \forall integer q; 0 <= q < k ==> kf_mlkem_sample_job(&w->jobs[q], &w->a[0 + (q - 0)]); */
    /*@ ghost kg_sample_jobs(w, 0, k, 0); */
    /*@ ghost FJ1: ; */
    n += kf_mlkem_prf_jobs(w->jobs + n, w->prf_out, w->eta, 2 * k, sigma, 0) /*@ ghost (n) */;
    /*@ assert fj_prf: \forall integer x; k <= x < 3 * k ==> w->jobs[x].out == &sec->prf[x - k][0]; */
    /*@ assert fj_f1: \forall integer q; 0 <= q < k ==>
          w->jobs[q].in[0] == \at(w->jobs[q].in[0], FJ1) &&
          w->jobs[q].in[1] == \at(w->jobs[q].in[1], FJ1) &&
          w->jobs[q].inlen[0] == \at(w->jobs[q].inlen[0], FJ1) &&
          w->jobs[q].inlen[1] == \at(w->jobs[q].inlen[1], FJ1) &&
          w->jobs[q].out == \at(w->jobs[q].out, FJ1) &&
          w->jobs[q].outlen == \at(w->jobs[q].outlen, FJ1) &&
          w->jobs[q].poly == \at(w->jobs[q].poly, FJ1) &&
          w->jobs[q].rate == \at(w->jobs[q].rate, FJ1) &&
          w->jobs[q].suffix == \at(w->jobs[q].suffix, FJ1) &&
          w->jobs[q].after == \at(w->jobs[q].after, FJ1) &&
          w->jobs[q].from == \at(w->jobs[q].from, FJ1) &&
          w->jobs[q].absorbed == \at(w->jobs[q].absorbed, FJ1); */
    /*@ assert fj_kk1: \forall integer q; 0 <= q < k ==> \at(kg_job_ok(w, q), FJ1) ==> kg_job_ok(w, q); */
    /*@ assert fj_pj: \forall integer x; k <= x < k + 2 * k ==>
          kf_mlkem_prf_job(&w->jobs[x], &sec->prf[x - k][0], 64 * p->eta1, &sec->rho_sigma[SYM]) && w->jobs[x].after == \null; */
    /*@ ghost kg_prf_jobs(w, sec, k, 2 * k, p->eta1); */
    /*@ assert fj_o: \forall integer x; 0 <= x < 3 * k ==> kg_job_ok(w, x); */
    /*@ ghost FJ2: ; */
    w->until[0] = n;
    w->hashed = 0;
    /*@ assert fj_kk2: \forall integer x; 0 <= x < 3 * k ==> \at(kg_job_ok(w, x), FJ2) ==> kg_job_ok(w, x); */
    return n;
}

/* Piece i of H(ek), held, if rows 0 .. i - 1 fill a block beyond what the pieces so far hash (keygen_row_step's,
 * always inline: no behaviour change). (ACSL, unit mlkem_kpke, s68-kem7) it writes jobs[n] only */
/*@ requires pc_v: \valid(w) && 1 <= i < K_MAX && n < K_MAX * K_MAX + 3 * K_MAX;
    requires pc_h: w->hashed <= KF_MLKEM_POLY_BYTES * (i - 1);
    requires pc_s0: kf_mlkem_sched_ok(&w->sched);
    requires pc_ek: with_h != 0 ==> \valid_read(ek + (0 .. KF_MLKEM_POLY_BYTES * i - 1)) &&
                                    \separated(w, ek + (0 .. KF_MLKEM_POLY_BYTES * i - 1));
    requires pc_k0: \forall integer x; 0 <= x < n ==> kg_job_ok(w, x);
    assigns w->piece[i], w->jobs[n], w->hashed;
    ensures pc_s: kf_mlkem_sched_ok(&w->sched) && w->sched.lanes == \old(w->sched.lanes) &&
                  w->sched.first == \old(w->sched.first) && w->sched.open == \old(w->sched.open) &&
                  w->sched.checked == \old(w->sched.checked);
    ensures pc_n: \result == n || \result == n + 1;
    ensures pc_hh: w->hashed <= KF_MLKEM_POLY_BYTES * i;
    ensures pc_pc: w->piece[i] == \null || w->piece[i] == &w->jobs[n];
    ensures pc_o: \result == n + 1 ==> w->jobs[n].out != \null;
    ensures pc_ho: \result == n + 1 ==> w->jobs[n].out == &w->hstate[0];
    ensures pc_fj: \forall integer x; 0 <= x < n ==>
              w->jobs[x].out == \old(w->jobs[x].out) && w->jobs[x].poly == \old(w->jobs[x].poly);
    ensures pc_fu: \forall integer r; 0 <= r < K_MAX ==> w->until[r] == \old(w->until[r]);
    ensures pc_fp: \forall integer r; 0 <= r < K_MAX && r != i ==> w->piece[r] == \old(w->piece[r]);
    ensures pc_k: \forall integer x; 0 <= x < \result ==> kg_job_ok(w, x); */
static inline __attribute__((always_inline)) unsigned keygen_piece(keygen_work *w, const uint8_t *ek, int with_h,
                                                                   unsigned i, unsigned n)
{
    /*@ ghost kg_sched_sep2(w, n, 1); */ /* (ACSL, s71-kpke) the schedule's fields apart from the writes below */
    /*@ ghost kg_sched_sep3(w, i); */
    const size_t upto = with_h ? KF_MLKEM_POLY_BYTES * i / KF_RATE(256) * KF_RATE(256) : 0;
    /*@ assert pc_up: upto <= KF_MLKEM_POLY_BYTES * i && (with_h == 0 ==> upto == 0); */
    w->piece[i] = NULL;
    /*@ assert pc_kk0: \forall integer x; 0 <= x < n ==> \at(kg_job_ok(w, x), Pre) ==> kg_job_ok(w, x); */
    if (upto > w->hashed) {
        w->piece[i] = &w->jobs[n];
        /*@ ghost unsigned gn = n; */ /* (ACSL, s72-kpke) hash_kept then frames the other jobs by a bare index */
        kf_mlkem_job_hash(&w->jobs[n++], KF_RATE(256), 0, ek + w->hashed, upto - w->hashed, NULL, 0,
                          w->hstate, sizeof w->hstate) /*@ ghost (gn) */;
        w->piece[i]->from = w->hashed ? w->hstate : NULL;
        w->piece[i]->held = 1; /* until rows 0..i-1 are in ek */
        w->hashed = upto;
        /*@ assert pc_f1: \forall integer x; 0 <= x < \at(n, Pre) ==>
                  w->jobs[x].in[0] == \at(w->jobs[x].in[0], Pre) &&
                  w->jobs[x].in[1] == \at(w->jobs[x].in[1], Pre) &&
                  w->jobs[x].inlen[0] == \at(w->jobs[x].inlen[0], Pre) &&
                  w->jobs[x].inlen[1] == \at(w->jobs[x].inlen[1], Pre) &&
                  w->jobs[x].out == \at(w->jobs[x].out, Pre) &&
                  w->jobs[x].outlen == \at(w->jobs[x].outlen, Pre) &&
                  w->jobs[x].poly == \at(w->jobs[x].poly, Pre) &&
                  w->jobs[x].rate == \at(w->jobs[x].rate, Pre) &&
                  w->jobs[x].suffix == \at(w->jobs[x].suffix, Pre) &&
                  w->jobs[x].after == \at(w->jobs[x].after, Pre) &&
                  w->jobs[x].from == \at(w->jobs[x].from, Pre) &&
                  w->jobs[x].absorbed == \at(w->jobs[x].absorbed, Pre); */
        /*@ assert pc_kk1: \forall integer x; 0 <= x < \at(n, Pre) ==> \at(kg_job_ok(w, x), Pre) ==> kg_job_ok(w, x); */
        /*@ assert pc_k2: kg_job_ok(w, \at(n, Pre)); */
        /*@ assert pc_k4: n == \at(n, Pre) + 1 && \forall integer x; 0 <= x < n ==> x < \at(n, Pre) || x == \at(n, Pre); */
        /*@ assert pc_k5: \forall integer x; 0 <= x < n ==> kg_job_ok(w, x); */
    }
    /*@ assert pc_k1: \forall integer x; 0 <= x < \at(n, Pre) ==> kg_job_ok(w, x); */
    /*@ assert pc_k3: \forall integer x; 0 <= x < n ==> kg_job_ok(w, x); */
    return n;
}

/* Row i's SampleNTT jobs from jobs[n] (keygen_row_step's, always inline: no behaviour change). (ACSL, unit
 * mlkem_kpke, s68-kem7) their places by a bare job index x (the callee's ghost o = n) */
/*@ requires rj_v: \valid(w) && (k == 2 || k == 3 || k == 4) && 1 <= i < k && n + k <= K_MAX * K_MAX + 3 * K_MAX;
    requires rj_rho: \valid_read(rho + (0 .. SYM - 1)) && \separated(w, rho + (0 .. SYM - 1));
    requires rj_s0: kf_mlkem_sched_ok(&w->sched);
    requires rj_k0: \forall integer x; 0 <= x < n ==> kg_job_ok(w, x);
    assigns w->jobs[n .. n + k - 1];
    ensures rj_s: kf_mlkem_sched_ok(&w->sched) && w->sched.lanes == \old(w->sched.lanes) &&
                  w->sched.first == \old(w->sched.first) && w->sched.open == \old(w->sched.open) &&
                  w->sched.checked == \old(w->sched.checked);
    ensures rj_n: \result == n + k;
    ensures rj_c: 0 <= i * k && i * k + k <= 16;
    ensures rj_j: \forall integer x; n <= x < n + k ==> w->jobs[x].out == \null && w->jobs[x].poly == &w->a[i * k + (x - n)];
    ensures rj_j1: i == 1 ==> \forall integer x; n <= x < n + k ==> w->jobs[x].poly == &w->a[k + (x - n)];
    ensures rj_j2: i == 2 ==> \forall integer x; n <= x < n + k ==> w->jobs[x].poly == &w->a[2 * k + (x - n)];
    ensures rj_j3: i == 3 ==> \forall integer x; n <= x < n + k ==> w->jobs[x].poly == &w->a[12 + (x - n)];
    ensures rj_fj: \forall integer x; 0 <= x < n ==>
              w->jobs[x].out == \old(w->jobs[x].out) && w->jobs[x].poly == \old(w->jobs[x].poly);
    ensures rj_fu: \forall integer r; 0 <= r < K_MAX ==> w->until[r] == \old(w->until[r]);
    ensures rj_fp: \forall integer r; 0 <= r < K_MAX ==> w->piece[r] == \old(w->piece[r]);
    ensures rj_fh: w->hashed == \old(w->hashed);
    ensures rj_kk: \forall integer x; 0 <= x < n ==> \old(kg_job_ok(w, x)) ==> kg_job_ok(w, x);
    ensures rj_sj: \forall integer x; n <= x < n + k ==> kf_mlkem_sample_job(&w->jobs[x], &w->a[i * k + (x - n)]); */
static inline __attribute__((always_inline)) unsigned keygen_row_jobs(keygen_work *w, const uint8_t *rho, unsigned k,
                                                                      unsigned i, unsigned n)
{
    /*@ ghost kf_kpke_row_facts(i, k); */
    /*@ ghost kg_sched_sep2(w, n, k); */ /* (ACSL, s71-kpke) the schedule's fields apart from the writes below */
    return n + kf_mlkem_matrix_row_jobs(w->jobs + n, w->a, rho, k, i, 0) /*@ ghost (n) */;
}

/* Step i of keygen_jobs' loop (always inline: no behaviour change): piece i of H(ek) if due, row i's jobs,
 * until[i]. (ACSL, unit mlkem_kpke, s68-kem7) from the layout at step i to its facts at step i + 1, one by one */
/*@ requires rs_v: \valid(w) && \valid(sec) && \separated(w, sec);
    requires rs_rho: \valid_read(rho + (0 .. SYM - 1)) && \separated(w, rho + (0 .. SYM - 1));
    requires rs_at: kg_jobs_at(w, sec, k, i, n) && i < k;
    requires rs_s0: kf_mlkem_sched_ok(&w->sched);
    requires rs_ek: with_h != 0 ==> \valid_read(ek + (0 .. KF_MLKEM_POLY_BYTES * k - 1)) &&
                                    \separated(w, ek + (0 .. KF_MLKEM_POLY_BYTES * k - 1));
    requires rs_k0: \forall integer x; 0 <= x < n ==> kg_job_ok(w, x);
    requires rs_m0: kg_smp(w, k, i, n, w->until[1], w->until[2], w->until[3]);
    requires rs_h0: kg_home(w, sec, n);
    assigns w->piece[i], w->jobs[n .. n + k], w->hashed, w->until[i];
    ensures rs_sx: kf_mlkem_sched_ok(&w->sched);
    ensures rs_sf: w->sched.lanes == \old(w->sched.lanes) && w->sched.first == \old(w->sched.first) &&
                   w->sched.open == \old(w->sched.open) && w->sched.checked == \old(w->sched.checked);
    ensures rs_b: (k == 2 || k == 3 || k == 4) && 1 <= i + 1 <= k && \result <= 5 * (i + 1) + 7 && w->until[i] == \result;
    ensures rs_u0: 3 * k <= w->until[0] && w->until[0] <= \result;
    ensures rs_h: w->hashed <= KF_MLKEM_POLY_BYTES * i;
    ensures rs_u1: 1 < i + 1 ==> w->until[0] + k <= w->until[1] && w->until[1] <= \result;
    ensures rs_u2: 2 < i + 1 ==> w->until[1] + k <= w->until[2] && w->until[2] <= \result;
    ensures rs_u3: 3 < i + 1 ==> w->until[2] + k <= w->until[3] && w->until[3] <= \result;
    ensures rs_j0: \forall integer q; 0 <= q < k ==> w->jobs[q].out == \null && w->jobs[q].poly == &w->a[q];
    ensures rs_jx1: 1 < i ==> \forall integer x; w->until[1] - k <= x < w->until[1] ==>
              w->jobs[x].out == \null && w->jobs[x].poly == &w->a[k + (x - (w->until[1] - k))];
    ensures rs_jn1: i == 1 ==> \forall integer x; w->until[1] - k <= x < w->until[1] ==>
              w->jobs[x].out == \null && w->jobs[x].poly == &w->a[k + (x - (w->until[1] - k))];
    ensures rs_jx2: 2 < i ==> \forall integer x; w->until[2] - k <= x < w->until[2] ==>
              w->jobs[x].out == \null && w->jobs[x].poly == &w->a[2 * k + (x - (w->until[2] - k))];
    ensures rs_jn2: i == 2 ==> \forall integer x; w->until[2] - k <= x < w->until[2] ==>
              w->jobs[x].out == \null && w->jobs[x].poly == &w->a[2 * k + (x - (w->until[2] - k))];
    ensures rs_jn3: i == 3 ==> \forall integer x; w->until[3] - 4 <= x < w->until[3] ==>
              w->jobs[x].out == \null && w->jobs[x].poly == &w->a[12 + (x - (w->until[3] - 4))];
    ensures rs_pc1: 1 < i + 1 ==> w->piece[1] == \null || w->piece[1] == &w->jobs[w->until[0]];
    ensures rs_pc2: 2 < i + 1 ==> w->piece[2] == \null || w->piece[2] == &w->jobs[w->until[1]];
    ensures rs_pc3: 3 < i + 1 ==> w->piece[3] == \null || w->piece[3] == &w->jobs[w->until[2]];
    ensures rs_pa: \forall integer x; 0 <= x < \result && w->jobs[x].out == \null ==> \separated(w->jobs[x].poly, sec);
    ensures rs_k: \forall integer x; 0 <= x < \result ==> kg_job_ok(w, x);
    ensures rs_m: kg_smp(w, k, i + 1, \result, w->until[1], w->until[2], w->until[3]);
    ensures rs_h: kg_home(w, sec, \result); */
static inline __attribute__((always_inline)) unsigned keygen_row_step(keygen_work *w, const uint8_t *rho,
                                                                      const uint8_t *ek, int with_h, unsigned k,
                                                                      unsigned i, unsigned n)
    /*@ ghost (keygen_secrets *sec) */
{
    /*@ ghost kg_jobs_rows(w, sec, k, i, n, w->until[1], w->until[2], w->until[3]); */
    n = keygen_piece(w, ek, with_h, i, n);
    /*@ ghost unsigned gn = n; */
    /*@ assert rs_m1: \forall integer x; 0 <= x < gn && w->jobs[x].out == \null ==>
          x < \at(n, Pre) && \at(w->jobs[x].out, Pre) == \null; */
    /*@ assert rs_h1: kg_home(w, sec, gn); */
    n = keygen_row_jobs(w, rho, k, i, n);
    /*@ assert rs_h2: kg_home(w, sec, n); */
    /*@ assert rs_m2: \forall integer x; 0 <= x < n && w->jobs[x].out == \null ==>
          (x < \at(n, Pre) && \at(w->jobs[x].out, Pre) == \null) || gn <= x; */
    /*@ assert rs_k1: \forall integer x; 0 <= x < gn ==> kg_job_ok(w, x); */
    /*@ ghost kg_sample_jobs(w, gn, k, i * k); */
    /*@ assert rs_k2: \forall integer x; gn <= x < n ==> kg_job_ok(w, x); */
    /*@ ghost kg_sched_sep3(w, i); */ /* (ACSL, s71-kpke) the schedule's fields apart from the store of until[i] */
    w->until[i] = n;
    return n;
}

/* The schedule's jobs: A^ (lines 3-7), the PRF outputs of s and e (lines 8-15), and (with_h)
 * the pieces of H(ek); until[i] ends the jobs row i of t^ waits for. */
/* (ACSL, unit mlkem_kpke, s68-kem7) the layout keygen_rows asks (kg_rows_ok, kg_polys_apart) and hashed within ek,
 * in \old(p)'s terms; over the always-inline steps above, the loop's invariant kg_jobs_at */
/*@ requires \valid(w) && \valid(sec) && kf_mlkem_params_ok(p) && \separated(w, sec, p);
    requires jb_s0: kf_mlkem_sched_ok(&w->sched);
    requires jb_ek: with_h != 0 ==> \valid_read(ek + (0 .. p->ek_bytes - 1)) && \separated(w, ek + (0 .. p->ek_bytes - 1));
    assigns w->prf_out[0 .. 2 * K_MAX - 1], w->eta[0 .. 2 * K_MAX - 1], w->jobs[0 .. K_MAX * K_MAX + 3 * K_MAX - 1],
            w->until[0 .. K_MAX - 1], w->piece[1 .. K_MAX - 1], w->n, w->hashed;
    ensures jb_s: kf_mlkem_sched_ok(&w->sched);
    ensures jb_sf: w->sched.lanes == \old(w->sched.lanes) && w->sched.first == \old(w->sched.first) &&
                   w->sched.open == \old(w->sched.open) && w->sched.checked == \old(w->sched.checked);
    ensures jb_sj: \forall integer i; 0 <= i < 16 ==> w->sched.job_of[i] == \old(w->sched.job_of[i]);
    ensures jb_ok: kg_rows_ok(w, \old(p->k));
    ensures jb_jobs: kf_mlkem_jobs_ok(&w->sched, &w->jobs[0], w->n);
    ensures jb_pa: kg_polys_apart(w, sec);
    ensures jb_h: w->hashed <= \old(p->ek_bytes);
    ensures jb_in: \forall integer x; 0 <= x < w->n ==> kg_job_ok(w, x);
    ensures jb_home: kg_home(w, sec, w->n); */
static void keygen_jobs(keygen_work *w, keygen_secrets *sec, const kf_mlkem_params *p, uint8_t *ek,
                        int with_h)
{
    const unsigned k = p->k;
    const uint8_t *rho = sec->rho_sigma, *sigma = sec->rho_sigma + SYM;
    /*@ ghost kg_sched_sep1(w, k); */ /* (ACSL, s71-kpke) the schedule's fields apart from the writes below */
    /*@ ghost kg_sched_sep2(w, 0, 3 * k); */
    unsigned n = keygen_first_jobs(w, sec, p, k, rho, sigma);
    /*@ assert jb_ek1: with_h != 0 ==> \valid_read(ek + (0 .. KF_MLKEM_POLY_BYTES * k - 1)) &&
                                       \separated(w, ek + (0 .. KF_MLKEM_POLY_BYTES * k - 1)); */
    /*@ loop invariant 1 <= i <= k;
        loop invariant ks_k: \forall integer x; 0 <= x < n ==> kg_job_ok(w, x);
        loop invariant ks_m: kg_smp(w, k, i, n, w->until[1], w->until[2], w->until[3]);
        loop invariant ks_h: kg_home(w, sec, n);
        loop invariant kg_jobs_at(w, sec, k, i, n);
        loop invariant ks_x: kf_mlkem_sched_ok(&w->sched);
        loop invariant ks_f: w->sched.lanes == \at(w->sched.lanes, Pre) && w->sched.first == \at(w->sched.first, Pre) &&
                             w->sched.open == \at(w->sched.open, Pre) && w->sched.checked == \at(w->sched.checked, Pre);
        loop assigns i, n, w->jobs[0 .. K_MAX * K_MAX + 3 * K_MAX - 1], w->until[1 .. K_MAX - 1],
                     w->piece[1 .. K_MAX - 1], w->hashed;
        loop variant k - i; */
    for (unsigned i = 1; i < k; i++) n = keygen_row_step(w, rho, ek, with_h, k, i, n) /*@ ghost (sec) */;
    /*@ ghost unsigned gu1 = w->until[1], gu2 = w->until[2], gu3 = w->until[3]; */ /* (ACSL) as before the store of n */
    /*@ ghost kg_jobs_rows(w, sec, k, k, n, gu1, gu2, gu3); */
    /*@ ghost kg_sched_sep3(w, 0); */ /* (ACSL, s71-kpke) n apart from the schedule's fields */
    w->n = n;
    /* (ACSL, s73-kpke) the schedule's fields kept, asserted here: the folds below (jobs_ok) in jb_sf's context ran it
       to the step limit */
    /*@ assert jb_so: w->sched.lanes == \at(w->sched.lanes, Pre) && w->sched.first == \at(w->sched.first, Pre) &&
                      w->sched.open == \at(w->sched.open, Pre) && w->sched.checked == \at(w->sched.checked, Pre); */
    /*@ ghost kg_rows_fold(w, k, k, gu1, gu2, gu3); */
    /*@ ghost kg_pa_fold(w, sec, n); */
    /*@ ghost kg_pairs_rows(w, k, n, gu1, gu2, gu3); */ /* (ACSL, s73-kpke) jobs_ok: kg_pairs, then the folds */
    /*@ ghost kg_jobs_fold1(w, n); */
    /*@ ghost kg_jobs_fold(w, n); */
}

/* s and e from the PRF outputs (lines 8-15), in the NTT domain (lines 16-17). */
/*@ requires kf_mlkem_params_ok(p) && \valid(sec) && \separated(sec, p);
    assigns sec->s[0 .. K_MAX - 1], sec->e[0 .. K_MAX - 1], sec->m[0 .. K_MAX - 1], sec->cached;
    ensures \forall integer l, j; 0 <= l < p->k && 0 <= j < KF_MLKEM_N ==>
              -(KF_MLKEM_Q - 1) / 2 <= sec->s[l].c[j] <= (KF_MLKEM_Q - 1) / 2 &&
              -(KF_MLKEM_Q - 1) / 2 <= sec->e[l].c[j] <= (KF_MLKEM_Q - 1) / 2; */
static void keygen_noise(keygen_secrets *sec, const kf_mlkem_params *p)
{
    /*@ loop invariant 0 <= i <= p->k;
        loop invariant \forall integer l, j; 0 <= l < i && 0 <= j < KF_MLKEM_N ==>
                         -7 <= sec->s[l].c[j] <= 7 && -7 <= sec->e[l].c[j] <= 7;
        loop assigns i, sec->s[0 .. K_MAX - 1], sec->e[0 .. K_MAX - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) {
        kf_mlkem_cbd(&sec->s[i], sec->prf[i], p->eta1);
        kf_mlkem_cbd(&sec->e[i], sec->prf[p->k + i], p->eta1);
    }
    /*@ loop invariant 0 <= i <= p->k;
        loop invariant \forall integer l, j; 0 <= l < i && 0 <= j < KF_MLKEM_N ==>
                         -(KF_MLKEM_Q - 1) / 2 <= sec->s[l].c[j] <= (KF_MLKEM_Q - 1) / 2 &&
                         -(KF_MLKEM_Q - 1) / 2 <= sec->e[l].c[j] <= (KF_MLKEM_Q - 1) / 2;
        loop invariant \forall integer l, j; i <= l < p->k && 0 <= j < KF_MLKEM_N ==>
                         -7 <= sec->s[l].c[j] <= 7 && -7 <= sec->e[l].c[j] <= 7;
        loop assigns i, sec->s[0 .. K_MAX - 1], sec->e[0 .. K_MAX - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) kf_mlkem_poly_ntt2(&sec->s[i], &sec->e[i]);
    sec->cached = kf_mlkem_polyvec_mulcache(sec->m, sec->s, p->k); /* for the k rows */
}

/* (ACSL, unit mlkem_kpke, session 63) a ghost lemma: the untils around step i as ground facts (kg_rows_ok's
 * quantified ones instantiated in a context of their own; keygen_release's rel_v at keygen_step's call ran to
 * the step limit, session 62) */
/*@ ghost
  /@ requires \valid_read(w) && kg_rows_ok(w, k) && (k == 2 || k == 3 || k == 4) && 1 <= i < k;
     assigns \nothing;
     ensures sf_u: w->until[i - 1] + k <= w->until[i] && w->until[i] <= w->n && w->n <= K_MAX * K_MAX + 3 * K_MAX;
     ensures sf_lt: w->until[i - 1] < w->n; @/
  static void kg_step_facts(keygen_work *w, unsigned k, unsigned i) { }
*/

/* (ACSL, unit mlkem_kpke, s64-kem4) a ghost lemma: at keygen_rows' loop exit (i == k), the jobs before the last
 * row's until done, in the form of kg_row_bd's bd_dn at r = k - 1 as C computes it (unsigned) */
/*@ ghost
  /@ requires dl_i: \valid_read(w) && 2 <= k <= K_MAX && i == k;
     requires dl_in: \forall integer q; 0 <= q < w->until[i - 1] ==> w->jobs[q].done != 0;
     assigns \nothing;
     ensures dl_dn: \forall integer q; 0 <= q < w->until[(unsigned)(k - 1)] ==> w->jobs[q].done != 0; @/
  static void kg_done_last(keygen_work *w, unsigned k, unsigned i) { }
*/

/* (ACSL, unit mlkem_kpke, s66-kem6) kf_mlkem_params_ok(p) in keygen_rows' loop: the set's values as keygen_rows'
 * ghost copies of p's fields (kg_params_ints, out of params_ok(p) at its entry by kg_params_out, a loop invariant that
 * never changes) and back into params_ok(p) by kg_params_in, called right before each call that needs it (p's fields
 * equal to the copies: rw_p). params_ok(p) as an invariant (preserved over keygen_step's st_k / st_fp) or read from
 * rw_p and the entry's params_ok ran to the step limit / the 300 s time-out in keygen_rows' context (s65-kem5) */
/*@ predicate kg_params_ints(integer k, integer e1, integer e2, integer du, integer dv, integer ekb, integer dkb,
                             integer ctb) =
      e2 == 2 &&
      ((k == 2 && e1 == 3 && du == 10 && dv == 4) ||
       (k == 3 && e1 == 2 && du == 10 && dv == 4) ||
       (k == 4 && e1 == 2 && du == 11 && dv == 5)) &&
      ekb == 384 * k + 32 && dkb == 768 * k + 96 && ctb == 32 * (du * k + dv); */
/*@ ghost
  /@ requires kf_mlkem_params_ok(p);
     assigns \nothing;
     ensures po_v: kg_params_ints(p->k, p->eta1, p->eta2, p->du, p->dv, p->ek_bytes, p->dk_bytes, p->ct_bytes); @/
  static void kg_params_out(const kf_mlkem_params *p) { }
*/
/*@ ghost
  /@ requires pi_f: \valid_read(p) && p->k == k && p->eta1 == e1 && p->eta2 == e2 && p->du == du && p->dv == dv &&
                    p->ek_bytes == ekb && p->dk_bytes == dkb && p->ct_bytes == ctb;
     requires pi_v: kg_params_ints(k, e1, e2, du, dv, ekb, dkb, ctb);
     assigns \nothing;
     ensures pi_ok: kf_mlkem_params_ok(p); @/
  static void kg_params_in(const kf_mlkem_params *p, unsigned k, unsigned e1, unsigned e2, unsigned du, unsigned dv,
                           size_t ekb, size_t dkb, size_t ctb) { }
*/

/* (ACSL, unit mlkem_kpke, session 63) a ghost lemma: each of p's fields apart from keygen_step's run's writes,
 * in the form of WP's havoc premise (as kg_run_sep), called just before the run: keygen_step's frame of p,
 * st_fp (kf_mlkem_params_ok(p) unfolded after the run in keygen_step's context ran to the 300 s time-out) */
/*@ ghost
  /@ requires \valid(w) && \valid_read(p) && \separated(w, p) && w->n <= K_MAX * K_MAX + 3 * K_MAX;
     assigns \nothing;
     ensures ps_k: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].have != &p->k;
     ensures ps_e1: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].have != &p->eta1;
     ensures ps_e2: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].have != &p->eta2;
     ensures ps_du: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].have != &p->du;
     ensures ps_dv: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].have != &p->dv;
     ensures ps_ae: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].absorbed != &p->ek_bytes;
     ensures ps_ad: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].absorbed != &p->dk_bytes;
     ensures ps_ac: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].absorbed != &p->ct_bytes;
     ensures ps_pe: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].produced != &p->ek_bytes;
     ensures ps_pd: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].produced != &p->dk_bytes;
     ensures ps_pc: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].produced != &p->ct_bytes;
     ensures ps_f: \separated(&w->sched.first, p) && \separated(&w->sched.open, p) && \separated(&w->sched.checked, p); @/
  static void kg_p_sep(keygen_work *w, const kf_mlkem_params *p) { }
*/

/* Row r of t^ into ek, s^_r into dk_pke (keygen_step's, always inline: no behaviour change). (ACSL, unit
 * mlkem_kpke, session 63) keygen_row's call framed in a context of its own: the schedule's facts that read
 * the jobs' byte fields (suffix, started, done: the chunk of ek's bytes) kept across its writes (rw_n: the jobs
 * those facts read lie in *w: without it they ran to the step limit) */
/*@ requires kf_mlkem_params_ok(p) && \valid(w) && \valid(sec) && r < p->k;
    requires \valid(ek + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1)) && \valid(dk_pke + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1));
    requires \separated(ek + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1), dk_pke + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1), w, sec, p);
    requires \separated(w, sec, p);
    requires rw_n: w->n <= K_MAX * K_MAX + 3 * K_MAX && w->sched.checked == w->n && kf_mlkem_lanes_ok(&w->sched, &w->jobs[0]);
    requires rw_in: \forall integer m, j; r * p->k <= m < r * p->k + p->k && 0 <= j < KF_MLKEM_N ==>
                      0 <= w->a[m].c[j] <= KF_MLKEM_Q - 1;
    requires \forall integer l, j; 0 <= l < p->k && 0 <= j < KF_MLKEM_N ==>
               -(KF_MLKEM_Q - 1) / 2 <= sec->s[l].c[j] <= (KF_MLKEM_Q - 1) / 2 &&
               -(KF_MLKEM_Q - 1) / 2 <= sec->e[l].c[j] <= (KF_MLKEM_Q - 1) / 2;
    assigns ek[KF_MLKEM_POLY_BYTES * r .. KF_MLKEM_POLY_BYTES * r + KF_MLKEM_POLY_BYTES - 1],
            dk_pke[KF_MLKEM_POLY_BYTES * r .. KF_MLKEM_POLY_BYTES * r + KF_MLKEM_POLY_BYTES - 1];
    ensures rw_ok: \old(kf_mlkem_jobs_ok(&w->sched, &w->jobs[0], w->n)) ==> kf_mlkem_jobs_ok(&w->sched, &w->jobs[0], w->n);
    ensures rw_dn: \old(w->sched.checked <= w->n ==> kf_mlkem_jobs_done_ok(&w->jobs[0], w->sched.checked)) ==>
              (w->sched.checked <= w->n ==> kf_mlkem_jobs_done_ok(&w->jobs[0], w->sched.checked));
    ensures rw_rd: \old(kf_mlkem_run_ready(&w->sched, &w->jobs[0])) ==> kf_mlkem_run_ready(&w->sched, &w->jobs[0]); */
static inline __attribute__((always_inline)) void keygen_row_at(keygen_work *w, keygen_secrets *sec,
                                                                const kf_mlkem_params *p, uint8_t *ek,
                                                                uint8_t *dk_pke, unsigned r)
{
    /*@ ghost kf_kpke_row_facts(r, p->k); */
    keygen_row(p, ek, dk_pke, w->a, sec->s, sec->cached ? sec->m : NULL, sec->e, r);
}

/* Piece i of H(ek) let go (keygen_step's, always inline: no behaviour change). (ACSL, unit mlkem_kpke,
 * session 61) the store of held framed in a context of its own: the jobs' other byte fields (suffix,
 * started, done, padded: sched_run's preconditions read them, and they share held's chunk) as
 * equalities (rel_f), matched by a bare job index */
/*@ requires rel_v: \valid(w) && 1 <= i < K_MAX && w->n <= K_MAX * K_MAX + 3 * K_MAX && w->until[i - 1] < w->n;
    requires rel_pc: w->piece[i] == \null || w->piece[i] == &w->jobs[w->until[i - 1]];
    assigns w->jobs[0 .. w->n - 1].held;
    ensures rel_f: \forall integer q; 0 <= q < K_MAX * K_MAX + 3 * K_MAX ==>
              w->jobs[q].suffix == \old(w->jobs[q].suffix) && w->jobs[q].started == \old(w->jobs[q].started) &&
              w->jobs[q].done == \old(w->jobs[q].done) && w->jobs[q].padded == \old(w->jobs[q].padded);
    ensures rel_ok: \old(kf_mlkem_jobs_ok(&w->sched, &w->jobs[0], w->n)) ==> kf_mlkem_jobs_ok(&w->sched, &w->jobs[0], w->n);
    ensures rel_dn: \old(w->sched.checked <= w->n ==> kf_mlkem_jobs_done_ok(&w->jobs[0], w->sched.checked)) ==>
              (w->sched.checked <= w->n ==> kf_mlkem_jobs_done_ok(&w->jobs[0], w->sched.checked));
    ensures rel_rd: \old(kf_mlkem_run_ready(&w->sched, &w->jobs[0])) ==> kf_mlkem_run_ready(&w->sched, &w->jobs[0]); */
static inline __attribute__((always_inline)) void keygen_release(keygen_work *w, unsigned i)
{
    if (w->piece[i]) w->piece[i]->held = 0;
}

/* (ACSL, unit mlkem_kpke, s65-kem5) job x of w as a logic function (kg_job: opaque to Qed), and a ghost lemma: each
 * job's outlen apart from every job's absorbed and produced (sched_run's size_t writes, in outlen's chunk), in the
 * form of WP's havoc premise at &kg_job(w, x)->outlen (keygen_run's run_fl, the frame of outlen, states it at
 * kg_job(w, x)). Over &w->jobs[x] Qed proves the disequality and drops the ensures at the call, and CVC4 ran to
 * the step limit (6,000,000: the 600 s time-out) on the havoc premise without it. (s66-kem6) keygen_step's st_fl
 * passes the frame on over &w->jobs[x] under the premise kg_job(w, x) == &w->jobs[x] (true by the definition): its
 * goal then holds the term kg_job(w, x) that run_fl's instance needs (plain, it ran to the 300 s time-out) */
/*@ logic kf_mlkem_job *kg_job(keygen_work *w, integer x) = &w->jobs[x]; */
/*@ ghost
  /@ requires \valid(w) && w->n <= K_MAX * K_MAX + 3 * K_MAX;
     assigns \nothing;
     ensures fl_a: \forall integer x; 0 <= x < K_MAX * K_MAX + 3 * K_MAX ==>
               \forall integer r; 0 <= r < w->n ==> &w->jobs[r].absorbed != &kg_job(w, x)->outlen;
     ensures fl_p: \forall integer x; 0 <= x < K_MAX * K_MAX + 3 * K_MAX ==>
               \forall integer r; 0 <= r < w->n ==> &w->jobs[r].produced != &kg_job(w, x)->outlen; @/
  static void kg_fl_sep(keygen_work *w) { }
*/

/* (ACSL, unit mlkem_kpke, session 62) a ghost lemma: the fields keygen_run frames apart from what
 * sched_run writes, each in the form of WP's havoc hypothesis of that write (a range of jobs' fields,
 * a comprehension of polynomial cells), so that hypothesis's premise is this lemma's instance; proved
 * alone (a small context: the run's frames ran to the step limit in keygen_run's, sessions 61-62) */
/*@ ghost
  /@ requires \valid(w) && \valid(sec) && \separated(w, sec) && w->n <= K_MAX * K_MAX + 3 * K_MAX;
     requires kg_polys_apart(w, sec);
     assigns \nothing;
     ensures sep_n: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].have != &w->n;
     ensures sep_u: \forall integer x; 0 <= x < K_MAX ==> \forall integer r; 0 <= r < w->n ==> &w->jobs[r].have != &w->until[x];
     ensures sep_f: \forall integer x; 0 <= x < K_MAX ==>
               &w->until[x] != &w->sched.first && &w->until[x] != &w->sched.open && &w->until[x] != &w->sched.checked;
     ensures sep_nf: &w->n != &w->sched.first && &w->n != &w->sched.open && &w->n != &w->sched.checked;
     ensures sep_ha: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].absorbed != &w->hashed;
     ensures sep_hp: \forall integer r; 0 <= r < w->n ==> &w->jobs[r].produced != &w->hashed;
     ensures sep_s: \forall integer l, j; 0 <= l < K_MAX && 0 <= j < KF_MLKEM_N ==>
               \forall integer r, x; 0 <= r < w->n && 0 <= x < kf_mlkem_job_poly_len(&w->jobs[r]) ==>
                 &w->jobs[r].poly->c[x] != &sec->s[l].c[j];
     ensures sep_e: \forall integer l, j; 0 <= l < K_MAX && 0 <= j < KF_MLKEM_N ==>
               \forall integer r, x; 0 <= r < w->n && 0 <= x < kf_mlkem_job_poly_len(&w->jobs[r]) ==>
                 &w->jobs[r].poly->c[x] != &sec->e[l].c[j]; @/
  static void kg_run_sep(keygen_work *w, keygen_secrets *sec) { }
*/

/* (ACSL, unit mlkem_kpke, session 62) keygen_step's run until until[i] (no behaviour change: always
 * inline), in a context of its own: its requires sched_run's in w's terms and only what the frames need
 * (w, sec, p apart, n within the jobs array, kg_polys_apart); its ensures the frames as equalities and
 * sched_run's ensures in \old(w->n)'s and \old(w->until[i])'s terms (as the callee states them); sec
 * and p ghost parameters (the contract's). Its frames one field each (n, hashed, until, piece: each
 * alone proves, together they ran to the step limit) and its pass -wp-split (the assigns' comprehensions,
 * one goal at the step limit unsplit; proofs/units.py) */
/*@ requires run_v: \valid(w) && \valid(sec) && \valid_read(p) && \separated(w, sec, p) && 0 <= i < K_MAX;
    requires run_u: w->n <= K_MAX * K_MAX + 3 * K_MAX;
    requires run_pa: kg_polys_apart(w, sec);
    requires run_go: kf_mlkem_sched_ok(&w->sched) && kf_mlkem_jobs_ok(&w->sched, &w->jobs[0], w->n) &&
                     kf_mlkem_lanes_ok(&w->sched, &w->jobs[0]);
    requires run_go_done: w->sched.checked <= w->n ==> kf_mlkem_jobs_done_ok(&w->jobs[0], w->sched.checked);
    requires run_go_ready: kf_mlkem_run_ready(&w->sched, &w->jobs[0]);
    assigns kf_spec_xn_table,
            w->sched.states[0 .. KF_MLKEM_SCHED_STORAGE - 1], w->sched.block[0 .. KF_STATE_BYTES - 1],
            w->sched.job_of[0 .. 15], w->sched.staged[0 .. 3], w->sched.first, w->sched.open, w->sched.checked,
            w->jobs[0 .. w->n - 1].started, w->jobs[0 .. w->n - 1].done, w->jobs[0 .. w->n - 1].absorbed,
            w->jobs[0 .. w->n - 1].padded, w->jobs[0 .. w->n - 1].produced, w->jobs[0 .. w->n - 1].have,
            { w->jobs[r].out[x] | integer r, x; 0 <= r < w->n && 0 <= x < kf_mlkem_job_out_len(&w->jobs[r]) },
            { w->jobs[r].poly->c[x] | integer r, x; 0 <= r < w->n && 0 <= x < kf_mlkem_job_poly_len(&w->jobs[r]) };
    ensures run_fp: p->k == \old(p->k);
    ensures run_fn: w->n == \old(w->n);
    ensures run_fh: w->hashed == \old(w->hashed);
    ensures run_fu: \forall integer x; 0 <= x < K_MAX ==> w->until[x] == \old(w->until[x]);
    ensures run_fc: \forall integer x; 0 <= x < K_MAX ==> w->piece[x] == \old(w->piece[x]);
    ensures run_fj: \forall integer x; 0 <= x < K_MAX * K_MAX + 3 * K_MAX ==>
              w->jobs[x].out == \old(w->jobs[x].out) && w->jobs[x].poly == \old(w->jobs[x].poly);
    ensures run_fl: \forall integer x; 0 <= x < K_MAX * K_MAX + 3 * K_MAX ==> kg_job(w, x)->outlen == \old(kg_job(w, x)->outlen);
    ensures run_fs: \forall integer l, j; 0 <= l < K_MAX && 0 <= j < KF_MLKEM_N ==>
              sec->s[l].c[j] == \old(sec->s[l].c[j]) && sec->e[l].c[j] == \old(sec->e[l].c[j]);
    ensures run_ok: kf_mlkem_sched_ok(&w->sched) && kf_mlkem_jobs_ok(&w->sched, &w->jobs[0], \old(w->n));
    ensures run_rc: \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH;
    ensures run_dn: \result == KF_OK ==> \forall integer q; 0 <= q < \old(w->until[i]) ==> w->jobs[q].done != 0;
    ensures run_bd: \result == KF_OK ==> kf_mlkem_jobs_done_ok(&w->jobs[0], \old(w->n));
    ensures run_ln: \result == KF_OK ==> w->sched.checked == \old(w->n) && kf_mlkem_lanes_ok(&w->sched, &w->jobs[0]);
    ensures run_rd: \result == KF_OK ==> kf_mlkem_run_ready(&w->sched, &w->jobs[0]); */
static inline __attribute__((always_inline)) int keygen_run(keygen_work *w, unsigned i)
    /*@ ghost (keygen_secrets *sec, const kf_mlkem_params *p) */
{
    /*@ ghost kg_run_sep(w, sec); */
    /*@ ghost kg_fl_sep(w); */
    return kf_mlkem_sched_run(&w->sched, w->jobs, w->n, w->until[i]);
}

/* One step of keygen_rows (no behaviour change: its loop's body, always inline): row i - 1 of t^
 * into ek, s^_{i-1} into dk_pke, piece i of H(ek) let go (rows 0..i-1 are in ek), the schedule run
 * until row i's jobs are done. */
/* (ACSL, unit mlkem_kpke, session 60) as mlkem_kem's enc_run / dec_run: the run's writes (sched_run's
 * output comprehensions) framed in a context of their own; its ensures are keygen_rows' loop
 * invariants (the layout kept, s and e kept through kg_polys_apart, the schedule ready on KF_OK).
 * (session 63) Its ensures one property each; p's fields kept (st_k, st_fp) and kg_rows_ok's facts one by
 * one (st_ru_*, the rows' jobs per row in the untils as on entry, st_fu the untils kept; kg_polys_apart in
 * n as on entry), not kf_mlkem_params_ok(p) and kg_rows_ok after the run: those need
 * a ghost lemma call after the run, and any call after it (even one with exits \false) makes the exit path's
 * assigns goal of the run's call one goal (a merge) that ran to the step limit; the caller folds them
 * back. No code after the run: keygen_row_at, keygen_release, then the ghost lemmas, then the run. */
/*@ requires st_in: kf_mlkem_params_ok(p) && \valid(w) && \valid(sec) && 1 <= i < p->k;
    requires \valid(ek + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1)) && \valid(dk_pke + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1));
    requires \separated(ek + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1), dk_pke + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1), w, sec, p);
    requires \separated(w, sec, p);
    requires kg_rows_ok(w, p->k) && kg_polys_apart(w, sec);
    requires kf_mlkem_sched_ok(&w->sched) && kf_mlkem_jobs_ok(&w->sched, &w->jobs[0], w->n) && kg_ready(w);
    requires \forall integer q; 0 <= q < w->until[i - 1] ==> w->jobs[q].done != 0;
    requires \forall integer l, j; 0 <= l < p->k && 0 <= j < KF_MLKEM_N ==>
               -(KF_MLKEM_Q - 1) / 2 <= sec->s[l].c[j] <= (KF_MLKEM_Q - 1) / 2 &&
               -(KF_MLKEM_Q - 1) / 2 <= sec->e[l].c[j] <= (KF_MLKEM_Q - 1) / 2;
    assigns ek[0 .. KF_MLKEM_POLY_BYTES * p->k - 1], dk_pke[0 .. KF_MLKEM_POLY_BYTES * p->k - 1],
            w->jobs[0 .. w->n - 1].held, kf_spec_xn_table,
            w->sched.states[0 .. KF_MLKEM_SCHED_STORAGE - 1], w->sched.block[0 .. KF_STATE_BYTES - 1],
            w->sched.job_of[0 .. 15], w->sched.staged[0 .. 3], w->sched.first, w->sched.open, w->sched.checked,
            w->jobs[0 .. w->n - 1].started, w->jobs[0 .. w->n - 1].done, w->jobs[0 .. w->n - 1].absorbed,
            w->jobs[0 .. w->n - 1].padded, w->jobs[0 .. w->n - 1].produced, w->jobs[0 .. w->n - 1].have,
            { w->jobs[r].out[x] | integer r, x; 0 <= r < w->n && 0 <= x < kf_mlkem_job_out_len(&w->jobs[r]) },
            { w->jobs[r].poly->c[x] | integer r, x; 0 <= r < w->n && 0 <= x < kf_mlkem_job_poly_len(&w->jobs[r]) };
    ensures st_k: p->k == \old(p->k);
    ensures st_fp: p->eta1 == \old(p->eta1) && p->eta2 == \old(p->eta2) && p->du == \old(p->du) && p->dv == \old(p->dv) &&
                   p->ek_bytes == \old(p->ek_bytes) && p->dk_bytes == \old(p->dk_bytes) && p->ct_bytes == \old(p->ct_bytes);
    ensures st_n: w->n == \old(w->n);
    ensures st_h: w->hashed == \old(w->hashed);
    ensures st_ru_n: w->n <= K_MAX * K_MAX + 3 * K_MAX && \old(p->k) <= w->until[0];
    ensures st_ru_u: w->until[0] <= w->n && (1 < \old(p->k) ==> w->until[1] <= w->n) && (2 < \old(p->k) ==> w->until[2] <= w->n) &&
                     (3 < \old(p->k) ==> w->until[3] <= w->n);
    ensures st_ru_r: (1 < \old(p->k) ==> w->until[0] + \old(p->k) <= w->until[1]) && (2 < \old(p->k) ==> w->until[1] + \old(p->k) <= w->until[2]) &&
                     (3 < \old(p->k) ==> w->until[2] + \old(p->k) <= w->until[3]);
    ensures st_ru_j0: \forall integer q; 0 <= q < \old(p->k) ==> w->jobs[q].out == \null && w->jobs[q].poly == &w->a[q];
    ensures st_ru_jx1: 1 < \old(p->k) ==> \forall integer x; \old(w->until[1]) - \old(p->k) <= x < \old(w->until[1]) ==>
              w->jobs[x].out == \null && w->jobs[x].poly == &w->a[\old(p->k) + (x - (\old(w->until[1]) - \old(p->k)))];
    ensures st_ru_jx2: 2 < \old(p->k) ==> \forall integer x; \old(w->until[2]) - \old(p->k) <= x < \old(w->until[2]) ==>
              w->jobs[x].out == \null && w->jobs[x].poly == &w->a[2 * \old(p->k) + (x - (\old(w->until[2]) - \old(p->k)))];
    ensures st_ru_jx3: 3 < \old(p->k) ==> \forall integer x; \old(w->until[3]) - 4 <= x < \old(w->until[3]) ==>
              w->jobs[x].out == \null && w->jobs[x].poly == &w->a[12 + (x - (\old(w->until[3]) - 4))];
    ensures st_ru_pc: (1 < \old(p->k) ==> w->piece[1] == \null || w->piece[1] == &w->jobs[w->until[0]]) &&
                      (2 < \old(p->k) ==> w->piece[2] == \null || w->piece[2] == &w->jobs[w->until[1]]) &&
                      (3 < \old(p->k) ==> w->piece[3] == \null || w->piece[3] == &w->jobs[w->until[2]]);
    ensures st_fu: \forall integer x; 0 <= x < K_MAX ==> w->until[x] == \old(w->until[x]);
    ensures st_fo: \forall integer x; 0 <= x < K_MAX * K_MAX + 3 * K_MAX ==>
              w->jobs[x].out == \old(w->jobs[x].out) && w->jobs[x].poly == \old(w->jobs[x].poly);
    ensures st_fl: \forall integer x; 0 <= x < K_MAX * K_MAX + 3 * K_MAX ==> kg_job(w, x) == &w->jobs[x] ==>
              w->jobs[x].outlen == \old(w->jobs[x].outlen);
    ensures st_pa: \forall integer r; 0 <= r < \old(w->n) && w->jobs[r].out == \null ==> \separated(w->jobs[r].poly, sec);
    ensures st_ok: kf_mlkem_sched_ok(&w->sched) && kf_mlkem_jobs_ok(&w->sched, &w->jobs[0], w->n);
    ensures st_rc: \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH;
    ensures st_rd: \result == KF_OK ==> kg_ready(w);
    ensures st_dn: \result == KF_OK ==> \forall integer q; 0 <= q < w->until[i] ==> w->jobs[q].done != 0;
    ensures st_se: \forall integer l, j; 0 <= l < p->k && 0 <= j < KF_MLKEM_N ==>
               -(KF_MLKEM_Q - 1) / 2 <= sec->s[l].c[j] <= (KF_MLKEM_Q - 1) / 2 &&
               -(KF_MLKEM_Q - 1) / 2 <= sec->e[l].c[j] <= (KF_MLKEM_Q - 1) / 2; */
static inline __attribute__((always_inline)) int keygen_step(keygen_work *w, keygen_secrets *sec,
                                                             const kf_mlkem_params *p, uint8_t *ek,
                                                             uint8_t *dk_pke, unsigned i)
{
    /*@ ghost kg_step_facts(w, p->k, i); */
    /*@ ghost kg_row_bd(w, p->k, i - 1); */
    keygen_row_at(w, sec, p, ek, dk_pke, i - 1);
    keygen_release(w, i);
    /* (ACSL) before the run (no code after it): the layout's facts one by one, p's fields apart from the run */
    /*@ ghost kg_rows_unfold(w, p->k); */
    /*@ ghost kg_p_sep(w, p); */
    return keygen_run(w, i) /*@ ghost (sec, p) */;
}

/* Rows of t^ into ek and s^ into dk_pke, each row once its matrix row is sampled; between
 * them the schedule runs on (piece i of H(ek) is let go once rows 0..i-1 are in ek). */
/* (ACSL, unit mlkem_kpke, session 60) after KeyGen's first run: the jobs laid out as keygen_jobs
 * does (kg_rows_ok), the schedule ready (kg_ready), row 0's jobs (all before until[0]) done, s and e
 * as keygen_noise ensures; each step's ensures are the loop's invariants (keygen_step) */
/*@ requires kf_mlkem_params_ok(p) && \valid(w) && \valid(sec);
    requires \valid(ek + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1)) && \valid(dk_pke + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1));
    requires \separated(ek + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1), dk_pke + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1), w, sec, p);
    requires \separated(w, sec, p);
    requires kg_rows_ok(w, p->k) && kg_polys_apart(w, sec);
    requires kf_mlkem_sched_ok(&w->sched) && kf_mlkem_jobs_ok(&w->sched, &w->jobs[0], w->n) && kg_ready(w);
    requires \forall integer q; 0 <= q < w->until[0] ==> w->jobs[q].done != 0;
    requires \forall integer l, j; 0 <= l < p->k && 0 <= j < KF_MLKEM_N ==>
               -(KF_MLKEM_Q - 1) / 2 <= sec->s[l].c[j] <= (KF_MLKEM_Q - 1) / 2 &&
               -(KF_MLKEM_Q - 1) / 2 <= sec->e[l].c[j] <= (KF_MLKEM_Q - 1) / 2;
    assigns ek[0 .. KF_MLKEM_POLY_BYTES * p->k - 1], dk_pke[0 .. KF_MLKEM_POLY_BYTES * p->k - 1],
            w->jobs[0 .. w->n - 1].held, kf_spec_xn_table,
            w->sched.states[0 .. KF_MLKEM_SCHED_STORAGE - 1], w->sched.block[0 .. KF_STATE_BYTES - 1],
            w->sched.job_of[0 .. 15], w->sched.staged[0 .. 3], w->sched.first, w->sched.open, w->sched.checked,
            w->jobs[0 .. w->n - 1].started, w->jobs[0 .. w->n - 1].done, w->jobs[0 .. w->n - 1].absorbed,
            w->jobs[0 .. w->n - 1].padded, w->jobs[0 .. w->n - 1].produced, w->jobs[0 .. w->n - 1].have,
            { w->jobs[r].out[x] | integer r, x; 0 <= r < w->n && 0 <= x < kf_mlkem_job_out_len(&w->jobs[r]) },
            { w->jobs[r].poly->c[x] | integer r, x; 0 <= r < w->n && 0 <= x < kf_mlkem_job_poly_len(&w->jobs[r]) };
    ensures kf_mlkem_sched_ok(&w->sched);
    ensures w->hashed == \old(w->hashed);
    ensures \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH; */
static int keygen_rows(keygen_work *w, keygen_secrets *sec, const kf_mlkem_params *p, uint8_t *ek,
                       uint8_t *dk_pke)
{
    int rc = KF_OK;
    unsigned i; /* (ACSL) declared here: kg_done_last reads it after the loop */
    /* (ACSL) the layout's facts one by one, in p->k and the untils as here (the ghost copies), the loop's
       invariants; folded back into kg_rows_ok before each step (no code after the step) */
    /*@ ghost unsigned gk = p->k, gu1 = w->until[1], gu2 = w->until[2], gu3 = w->until[3], gn = w->n; */
    /*@ ghost unsigned ge1 = p->eta1, ge2 = p->eta2, gdu = p->du, gdv = p->dv; */
    /*@ ghost size_t gekb = p->ek_bytes, gdkb = p->dk_bytes, gctb = p->ct_bytes; */
    /*@ ghost kg_params_out(p); */
    /*@ ghost kg_rows_unfold(w, p->k); */
    /*@ loop invariant rw_i: 1 <= i <= p->k;
        loop invariant rw_p: p->k == \at(p->k, Pre) && p->eta1 == \at(p->eta1, Pre) && p->eta2 == \at(p->eta2, Pre) &&
                             p->du == \at(p->du, Pre) && p->dv == \at(p->dv, Pre) && p->ek_bytes == \at(p->ek_bytes, Pre) &&
                             p->dk_bytes == \at(p->dk_bytes, Pre) && p->ct_bytes == \at(p->ct_bytes, Pre);
        loop invariant rw_pi: kg_params_ints(gk, ge1, ge2, gdu, gdv, gekb, gdkb, gctb);
        loop invariant rw_n: w->n == \at(w->n, Pre);
        loop invariant rw_fo: \forall integer x; 0 <= x < w->n ==>
                                w->jobs[x].out == \at(w->jobs[x].out, Pre) && w->jobs[x].poly == \at(w->jobs[x].poly, Pre);
        loop invariant rw_ol: \forall integer x; 0 <= x < w->n ==>
                                kf_mlkem_job_out_len(&w->jobs[x]) == \at(kf_mlkem_job_out_len(&w->jobs[x]), Pre);
        loop invariant rw_pl: \forall integer x; 0 <= x < w->n ==>
                                kf_mlkem_job_poly_len(&w->jobs[x]) == \at(kf_mlkem_job_poly_len(&w->jobs[x]), Pre);
        loop invariant rw_h: w->hashed == \at(w->hashed, Pre);
        loop invariant rw_uu: gk == p->k && w->until[1] == gu1 && w->until[2] == gu2 && w->until[3] == gu3;
        loop invariant rw_rn: w->n <= K_MAX * K_MAX + 3 * K_MAX && gk <= w->until[0];
        loop invariant rw_ru: w->until[0] <= w->n && (1 < gk ==> w->until[1] <= w->n) && (2 < gk ==> w->until[2] <= w->n) &&
                              (3 < gk ==> w->until[3] <= w->n);
        loop invariant rw_rr: (1 < gk ==> w->until[0] + gk <= w->until[1]) && (2 < gk ==> w->until[1] + gk <= w->until[2]) &&
                              (3 < gk ==> w->until[2] + gk <= w->until[3]);
        loop invariant rw_j0: \forall integer q; 0 <= q < gk ==> w->jobs[q].out == \null && w->jobs[q].poly == &w->a[q];
        loop invariant rw_jx1: 1 < gk ==> \forall integer x; gu1 - gk <= x < gu1 ==>
                                 w->jobs[x].out == \null && w->jobs[x].poly == &w->a[gk + (x - (gu1 - gk))];
        loop invariant rw_jx2: 2 < gk ==> \forall integer x; gu2 - gk <= x < gu2 ==>
                                 w->jobs[x].out == \null && w->jobs[x].poly == &w->a[2 * gk + (x - (gu2 - gk))];
        loop invariant rw_jx3: 3 < gk ==> \forall integer x; gu3 - 4 <= x < gu3 ==>
                                 w->jobs[x].out == \null && w->jobs[x].poly == &w->a[12 + (x - (gu3 - 4))];
        loop invariant rw_pc: (1 < gk ==> w->piece[1] == \null || w->piece[1] == &w->jobs[w->until[0]]) &&
                              (2 < gk ==> w->piece[2] == \null || w->piece[2] == &w->jobs[w->until[1]]) &&
                              (3 < gk ==> w->piece[3] == \null || w->piece[3] == &w->jobs[w->until[2]]);
        loop invariant rw_pa: \forall integer r; 0 <= r < gn && w->jobs[r].out == \null ==> \separated(w->jobs[r].poly, sec);
        loop invariant rw_ok: kf_mlkem_sched_ok(&w->sched) && kf_mlkem_jobs_ok(&w->sched, &w->jobs[0], w->n);
        loop invariant rw_rc: rc == KF_OK || rc == KF_ERR_BAD_STATE || rc == KF_ERR_BAD_LENGTH;
        loop invariant rw_rd: rc == KF_OK ==> kg_ready(w);
        loop invariant rw_dn: rc == KF_OK ==> \forall integer q; 0 <= q < w->until[i - 1] ==> w->jobs[q].done != 0;
        loop invariant rw_se: \forall integer l, j; 0 <= l < p->k && 0 <= j < KF_MLKEM_N ==>
                         -(KF_MLKEM_Q - 1) / 2 <= sec->s[l].c[j] <= (KF_MLKEM_Q - 1) / 2 &&
                         -(KF_MLKEM_Q - 1) / 2 <= sec->e[l].c[j] <= (KF_MLKEM_Q - 1) / 2;
        loop assigns i, rc, ek[0 .. KF_MLKEM_POLY_BYTES * \at(p->k, Pre) - 1], dk_pke[0 .. KF_MLKEM_POLY_BYTES * \at(p->k, Pre) - 1],
            w->jobs[0 .. \at(w->n, Pre) - 1].held, kf_spec_xn_table,
            w->sched.states[0 .. KF_MLKEM_SCHED_STORAGE - 1], w->sched.block[0 .. KF_STATE_BYTES - 1],
            w->sched.job_of[0 .. 15], w->sched.staged[0 .. 3], w->sched.first, w->sched.open, w->sched.checked,
            w->jobs[0 .. \at(w->n, Pre) - 1].started, w->jobs[0 .. \at(w->n, Pre) - 1].done,
            w->jobs[0 .. \at(w->n, Pre) - 1].absorbed, w->jobs[0 .. \at(w->n, Pre) - 1].padded,
            w->jobs[0 .. \at(w->n, Pre) - 1].produced, w->jobs[0 .. \at(w->n, Pre) - 1].have,
            { \at(w->jobs[r].out, Pre)[x] | integer r, x; 0 <= r < \at(w->n, Pre) &&
                                             0 <= x < \at(kf_mlkem_job_out_len(&w->jobs[r]), Pre) },
            { \at(w->jobs[r].poly, Pre)->c[x] | integer r, x; 0 <= r < \at(w->n, Pre) &&
                                                 0 <= x < \at(kf_mlkem_job_poly_len(&w->jobs[r]), Pre) };
        loop variant p->k - i; */
    for (i = 1; i < p->k && rc == KF_OK; i++) {
        /*@ ghost kg_rows_fold(w, p->k, gk, gu1, gu2, gu3); */
        /*@ ghost kg_pa_fold(w, sec, gn); */
        /*@ ghost kg_params_in(p, gk, ge1, ge2, gdu, gdv, gekb, gdkb, gctb); */
        rc = keygen_step(w, sec, p, ek, dk_pke, i);
    }
    /*@ ghost if (rc == KF_OK) { kg_params_in(p, gk, ge1, ge2, gdu, gdv, gekb, gdkb, gctb); kg_done_last(w, p->k, i); kg_rows_fold(w, p->k, gk, gu1, gu2, gu3); kf_kpke_row_facts(p->k - 1, p->k); kg_row_bd(w, p->k, p->k - 1); } */
    if (rc == KF_OK) keygen_row(p, ek, dk_pke, w->a, sec->s, sec->cached ? sec->m : NULL, sec->e, p->k - 1);
    return rc;
}

/* The rest of H(ek) = SHA3-256(ek), from the pieces' state, as a lone job. */
/* (ACSL, unit mlkem_kpke, session 59) the tail's input ek[hashed .. ek_bytes) and its output h
 * apart from the schedule; the pieces' state hstate (in *w) read when hashed != 0 */
/*@ requires kf_mlkem_params_ok(p) && \valid(w) && kf_mlkem_sched_ok(&w->sched);
    requires w->hashed <= p->ek_bytes;
    requires \valid_read(ek + (0 .. p->ek_bytes - 1)) && \valid(h + (0 .. SYM - 1));
    requires \separated(&w->sched, ek + (0 .. p->ek_bytes - 1)) && \separated(&w->sched, h + (0 .. SYM - 1));
    requires \separated(w, p);
    assigns h[0 .. SYM - 1], kf_spec_xn_table, w->sched.lone, w->sched.first, w->sched.open, w->sched.checked,
            w->sched.states[0 .. KF_MLKEM_SCHED_STORAGE - 1], w->sched.block[0 .. KF_STATE_BYTES - 1],
            w->sched.job_of[0 .. 15], w->sched.staged[0 .. 3];
    ensures kf_mlkem_sched_ok(&w->sched);
    ensures \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH; */
static int keygen_h_tail(keygen_work *w, const kf_mlkem_params *p, const uint8_t *ek, uint8_t h[SYM])
{
    kf_mlkem_job tail;
    kf_mlkem_job_hash(&tail, KF_RATE(256), KF_SUFFIX_SHA3, ek + w->hashed, p->ek_bytes - w->hashed,
                      NULL, 0, h, SYM) /*@ ghost (0) */;
    tail.from = w->hashed ? w->hstate : NULL;
    /*@ assert t_in: kf_mlkem_job_in_ok(&tail); */
    /*@ assert t_out: kf_mlkem_job_out_ok(&tail); */
    /*@ assert t_apart: kf_mlkem_job_apart(&w->sched, &tail); */
    /*@ ghost kg_one_job(&w->sched, &tail); */
    return kf_mlkem_sched_lone(&w->sched, &tail);
}

/* The parts of the secrets that k uses (the rest was never written); the lanes apart
 * (keygen_wipe), as H(ek)'s tail may run in them after this wipe. */
/*@ requires \valid(sec) && (k == 2 || k == 3 || k == 4);
    assigns sec->in[0 .. SYM], sec->rho_sigma[0 .. 2 * SYM - 1], sec->prf[0 .. 2 * k - 1][0 .. 64 * 3 - 1],
            sec->s[0 .. k - 1], sec->e[0 .. k - 1], sec->m[0 .. k - 1]; */
static void keygen_wipe_secrets(keygen_secrets *sec, unsigned k)
{
    kf_memzero(sec->in, sizeof sec->in);
    kf_memzero(sec->rho_sigma, sizeof sec->rho_sigma);
    kf_memzero(sec->prf, 2 * k * sizeof sec->prf[0]);
    kf_memzero(sec->s, k * sizeof sec->s[0]);
    kf_memzero(sec->e, k * sizeof sec->e[0]);
    if (sec->cached) kf_memzero(sec->m, k * sizeof sec->m[0]);
}

/* The secrets and the lanes. */
/*@ requires \valid(w) && kf_mlkem_sched_ok(&w->sched) && \valid(sec) && \separated(w, sec);
    requires k == 2 || k == 3 || k == 4;
    assigns w->sched.states[0 .. KF_XN_STORAGE - 1], w->sched.block[0 .. KF_STATE_BYTES - 1],
            sec->in[0 .. SYM], sec->rho_sigma[0 .. 2 * SYM - 1], sec->prf[0 .. 2 * k - 1][0 .. 64 * 3 - 1],
            sec->s[0 .. k - 1], sec->e[0 .. k - 1], sec->m[0 .. k - 1]; */
static void keygen_wipe(keygen_work *w, keygen_secrets *sec, unsigned k)
{
    kf_mlkem_sched_wipe(&w->sched);
    keygen_wipe_secrets(sec, k);
}

/* (ACSL, unit mlkem_kpke, s73-kpke) a ghost lemma: a schedule with open and checked 0 and its lanes free is ready
 * (kf_mlkem_run_ready, KeyGen's first run's run_go_ready: sched_init's, through keygen_g's g_kept / g_free and
 * keygen_jobs' jb_sf / jb_sj), its facts ground here (in kf_kpke_keygen's context the predicate ran to the step limit) */
/*@ ghost
  /@ requires rd_v: \valid(w);
     requires rd_z: w->sched.open == 0 && w->sched.checked == 0;
     requires rd_f: \forall integer i; 0 <= i < w->sched.lanes ==> w->sched.job_of[i] < 0;
     assigns \nothing;
     ensures rd_ok: kf_mlkem_run_ready(&w->sched, &w->jobs[0]);
     ensures rd_ln: kf_mlkem_lanes_ok(&w->sched, &w->jobs[0]); @/
  static void kg_ready0(keygen_work *w) { }
*/

int kf_kpke_keygen(const kf_mlkem_params *p, uint8_t *ek, uint8_t *dk_pke,
                   const uint8_t d[KF_MLKEM_SYM_BYTES], uint8_t h[KF_MLKEM_SYM_BYTES])
{
    keygen_secrets sec;
    keygen_work w;
    /* (ACSL, s69-kem8) p's fields as ghost copies (kg_params_out), params_ok(p) back before each call that
       needs it (kg_params_in), as keygen_rows */
    /*@ ghost unsigned gk = p->k, ge1 = p->eta1, ge2 = p->eta2, gdu = p->du, gdv = p->dv; */
    /*@ ghost size_t gekb = p->ek_bytes, gdkb = p->dk_bytes, gctb = p->ct_bytes; */
    /*@ ghost kg_params_out(p); */
    sec.cached = 0;
    kf_mlkem_sched_init(&w.sched, K_MAX * K_MAX);
    int rc = keygen_g(&w, &sec, d, p->k);
    if (rc == KF_OK) {
        /*@ ghost kg_params_in(p, gk, ge1, ge2, gdu, gdv, gekb, gdkb, gctb); */
        keygen_jobs(&w, &sec, p, ek, h != NULL);
        /*@ ghost kg_p_sep(&w, p); */
        /*@ ghost kg_ready0(&w); */
        /*@ ghost KR: ; */
        rc = keygen_run(&w, 0) /*@ ghost (&sec, p) */;
        /* (ACSL, s73-kpke) the run's ensures in the forms keygen_rows asks, in the run's context */
        /*@ assert kk_ok: kf_mlkem_sched_ok(&w.sched) && kf_mlkem_jobs_ok(&w.sched, &w.jobs[0], w.n); */
        /*@ assert kk_rd: rc == KF_OK ==> kg_ready(&w); */
        /*@ assert kk_d0: rc == KF_OK ==> \forall integer q; 0 <= q < \at(w.until[0], KR) ==> w.jobs[q].done != 0; */
        /*@ assert kk_u0: w.until[0] == \at(w.until[0], KR); */
        /*@ assert kk_dn: rc == KF_OK ==> \forall integer q; 0 <= q < w.until[0] ==> w.jobs[q].done != 0; */
        /*@ assert kk_h0: \at(kg_home(&w, &sec, w.n), KR) ==> kg_home(&w, &sec, w.n); */
    }
    if (rc == KF_OK) {
        /*@ ghost kg_params_in(p, gk, ge1, ge2, gdu, gdv, gekb, gdkb, gctb); */
        keygen_noise(&sec, p);
        /*@ assert kk_h: kg_home(&w, &sec, w.n); */ /* (ACSL, s73-kpke) keygen_rows' writes in w and sec */
        /*@ ghost kg_params_in(p, gk, ge1, ge2, gdu, gdv, gekb, gdkb, gctb); */
        rc = keygen_rows(&w, &sec, p, ek, dk_pke);
    }
    if (rc == KF_OK) {
        /*@ ghost kg_params_in(p, gk, ge1, ge2, gdu, gdv, gekb, gdkb, gctb); */
        memcpy(ek + KF_MLKEM_POLY_BYTES * p->k, sec.rho_sigma, SYM); /* rho (line 19) */
        /* the secrets are wiped before H(ek)'s tail, which needs none of them: the stores
         * drain while its permutations run (docs/BENCHMARK_HISTORY.md, "KeyGen's wipe") */
        keygen_wipe_secrets(&sec, p->k);
        /*@ ghost kg_params_in(p, gk, ge1, ge2, gdu, gdv, gekb, gdkb, gctb); */
        if (h) rc = keygen_h_tail(&w, p, ek, h);
        kf_mlkem_sched_wipe(&w.sched);
        return rc;
    }
    /*@ ghost kg_params_in(p, gk, ge1, ge2, gdu, gdv, gekb, gdkb, gctb); */
    keygen_wipe(&w, &sec, p->k);
    return rc;
}

unsigned kf_kpke_noise_jobs(const kf_mlkem_params *p, kf_mlkem_job *jobs, kf_kpke_noise *nz,
                            const uint8_t r[KF_MLKEM_SYM_BYTES], const kf_mlkem_job *after) /*@ ghost (unsigned o) */
{
    const unsigned k = p->k;
    uint8_t *out[2 * K_MAX + 1];
    unsigned eta[2 * K_MAX + 1];
    /*@ loop invariant 0 <= i <= 2 * k + 1;
        loop invariant \forall integer q; 0 <= q < i ==> eta[q] == (q < k ? p->eta1 : p->eta2) && (eta[q] == 2 || eta[q] == 3);
        loop invariant \forall integer q; 0 <= q < i ==> out[q] == &nz->prf[q][0];
        loop assigns i, out[0 .. 2 * K_MAX], eta[0 .. 2 * K_MAX];
        loop variant 2 * k + 1 - i; */
    for (unsigned i = 0; i <= 2 * k; i++) {
        out[i] = nz->prf[i];
        eta[i] = i < k ? p->eta1 : p->eta2;
    }
    /* (ACSL) the jobs' facts in this function's own indices and field by field; the ensures in
     * the caller's indices follow from them (docs/ASSURANCE.md, "Session 39" under K-PKE) */
    /*@ assert noise_k: k == p->k && 2 <= k <= 4 && (p->eta1 == 2 || p->eta1 == 3) && p->eta2 == 2; */
    const unsigned n = 2 * k + 1; /* what kf_mlkem_prf_jobs returns; one term for the proof */
    kf_mlkem_prf_jobs(jobs, out, eta, n, r, 0) /*@ ghost (0) */;
    /* (ACSL) the caller's earlier jobs (jobs[q], q < 0) as they were, in this function's own
     * indices by a bare q: the ensures noise_kept, in the caller's indices, follows (an index
     * q - o in a trigger is one CVC4 does not match); below, an invariant per pointer field
     * (the loop stores after: all in one ran to CVC4's step limit) */
    /*@ assert noise_kept_call: \forall integer q; q < 0 ==>
          jobs[q].in[0] == \at(jobs[q].in[0], Pre) && jobs[q].in[1] == \at(jobs[q].in[1], Pre) &&
          jobs[q].inlen[0] == \at(jobs[q].inlen[0], Pre) && jobs[q].inlen[1] == \at(jobs[q].inlen[1], Pre) &&
          jobs[q].out == \at(jobs[q].out, Pre) && jobs[q].outlen == \at(jobs[q].outlen, Pre) &&
          jobs[q].poly == \at(jobs[q].poly, Pre) && jobs[q].rate == \at(jobs[q].rate, Pre) &&
          jobs[q].suffix == \at(jobs[q].suffix, Pre) && jobs[q].after == \at(jobs[q].after, Pre) &&
          jobs[q].held == \at(jobs[q].held, Pre) && jobs[q].from == \at(jobs[q].from, Pre) &&
          jobs[q].absorbed == \at(jobs[q].absorbed, Pre); */
    /*@ assert noise_n: n == 2 * k + 1 && k == p->k && p->eta1 == \at(p->eta1, Pre) && p->eta2 == \at(p->eta2, Pre); */
    /*@ assert noise_out: \forall integer q; 0 <= q < n ==> out[q] == &nz->prf[q][0] && eta[q] == (q < k ? p->eta1 : p->eta2); */
    /*@ assert noise_prf: \forall integer q; 0 <= q < n ==>
          kf_mlkem_prf_job(jobs + q, &nz->prf[q][0], 64 * (q < k ? p->eta1 : p->eta2), (uint8_t *)r); */
    /*@ assert noise_fields: \forall integer q; 0 <= q < n ==>
          jobs[q].outlen == 64 * (q < k ? p->eta1 : p->eta2) && jobs[q].inlen[0] == KF_MLKEM_SYM_BYTES &&
          jobs[q].inlen[1] == 1 && jobs[q].rate == KF_SHAKE256_RATE && jobs[q].suffix != 0 && jobs[q].held == 0 &&
          jobs[q].absorbed == 0; */
    /*@ loop invariant 0 <= i <= n && n == 2 * \at(p->k, Pre) + 1;
        loop invariant \forall integer q; 0 <= q < n ==>
          jobs[q].outlen == 64 * (q < k ? p->eta1 : p->eta2) && jobs[q].inlen[0] == KF_MLKEM_SYM_BYTES &&
          jobs[q].inlen[1] == 1 && jobs[q].rate == KF_SHAKE256_RATE && jobs[q].suffix != 0 && jobs[q].held == 0 &&
          jobs[q].absorbed == 0;
        loop invariant \forall integer q; 0 <= q < n ==>
          jobs[q].out == &nz->prf[q][0] && jobs[q].poly == \null && jobs[q].in[0] == r && jobs[q].in[1] == &jobs[q].own[0] &&
          jobs[q].from == \null;
        loop invariant \forall integer q; 0 <= q < i ==> jobs[q].after == after;
        loop invariant noise_kept_ints: \forall integer q; q < 0 ==>
          jobs[q].inlen[0] == \at(jobs[q].inlen[0], Pre) && jobs[q].inlen[1] == \at(jobs[q].inlen[1], Pre) &&
          jobs[q].outlen == \at(jobs[q].outlen, Pre) && jobs[q].rate == \at(jobs[q].rate, Pre) &&
          jobs[q].suffix == \at(jobs[q].suffix, Pre) && jobs[q].held == \at(jobs[q].held, Pre) &&
          jobs[q].absorbed == \at(jobs[q].absorbed, Pre);
        loop invariant noise_kept_in0: \forall integer q; q < 0 ==> jobs[q].in[0] == \at(jobs[q].in[0], Pre);
        loop invariant noise_kept_in1: \forall integer q; q < 0 ==> jobs[q].in[1] == \at(jobs[q].in[1], Pre);
        loop invariant noise_kept_out: \forall integer q; q < 0 ==> jobs[q].out == \at(jobs[q].out, Pre);
        loop invariant noise_kept_poly: \forall integer q; q < 0 ==> jobs[q].poly == \at(jobs[q].poly, Pre);
        loop invariant noise_kept_after: \forall integer q; q < 0 ==> jobs[q].after == \at(jobs[q].after, Pre);
        loop invariant noise_kept_from: \forall integer q; q < 0 ==> jobs[q].from == \at(jobs[q].from, Pre);
        loop assigns i, jobs[0 .. 2 * \at(p->k, Pre)].after;
        loop variant n - i; */
    for (unsigned i = 0; i < n; i++) jobs[i].after = after;
    /*@ assert noise_ap: \forall integer q; 0 <= q < n ==>
          jobs[q].out == &nz->prf[q][0] && jobs[q].poly == \null && jobs[q].in[0] == r && jobs[q].in[1] == &jobs[q].own[0] &&
          jobs[q].from == \null && jobs[q].after == after; */
    /*@ assert noise_ai: \forall integer q; 0 <= q < n ==>
          jobs[q].outlen == 64 * (q < k ? p->eta1 : p->eta2) && jobs[q].inlen[0] == KF_MLKEM_SYM_BYTES &&
          jobs[q].inlen[1] == 1 && jobs[q].rate == KF_SHAKE256_RATE && jobs[q].suffix != 0 && jobs[q].held == 0 &&
          jobs[q].absorbed == 0; */
    /*@ assert noise_all: \forall integer q; 0 <= q < n ==>
          jobs[q].out == &nz->prf[q][0] && jobs[q].outlen == 64 * (q < k ? p->eta1 : p->eta2) && jobs[q].poly == \null &&
          jobs[q].in[0] == r && jobs[q].inlen[0] == KF_MLKEM_SYM_BYTES && jobs[q].in[1] == &jobs[q].own[0] &&
          jobs[q].inlen[1] == 1 && jobs[q].rate == KF_SHAKE256_RATE && jobs[q].suffix != 0 && jobs[q].held == 0 &&
          jobs[q].from == \null && jobs[q].absorbed == 0 && jobs[q].after == after; */
    /*@ assert noise_n2: n == 2 * p->k + 1 && k == p->k; */
    return n;
}

/* Encrypt's secrets (y, e1, e2, u, v, mu and y^'s base multiplication cache, poly.h) and
 * Decrypt's (s, w), wiped at the end. The wipes are stated in the struct's own type: a caller
 * assumes only \valid(sec) after them.
 * WP assumes a call's precondition after the call; kf_memzero's views the object as bytes, which
 * for a local object is false in WP's Typed model (docs/ASSURANCE.md, "The tool's assumptions"),
 * so every goal after the call would be proved from it. Through a pointer parameter (whose
 * block WP does not size) it is not: the byte view is one justified goal here. */
struct encrypt_secrets {
    kf_mlkem_poly y[K_MAX], e1[K_MAX], e2, u, v, mu;
    kf_mlkem_poly m[K_MAX]; /* y^'s base multiplication cache (poly.h), if cached */
};

struct decrypt_secrets {
    kf_mlkem_poly s[K_MAX], w;
};

/* its first len bytes: all, or those before the cache m when it was not written */
/*@ requires \valid(sec) && len <= sizeof(struct encrypt_secrets);
    assigns *sec; */
static void encrypt_wipe(struct encrypt_secrets *sec, size_t len)
{
    kf_memzero((uint8_t *)sec, len);
}

/* with Decrypt's v' - NTT^-1(..), which gives m away */
/*@ requires \valid(sec) && \valid(v) && \separated(sec, v);
    assigns *sec, *v; */
static void decrypt_wipe(struct decrypt_secrets *sec, kf_mlkem_poly *v)
{
    kf_memzero((uint8_t *)sec, sizeof *sec);
    kf_memzero((uint8_t *)v, sizeof *v);
}

void kf_kpke_encrypt(const kf_mlkem_params *p, uint8_t *c, const kf_mlkem_poly *t,
                     const uint8_t m[KF_MLKEM_SYM_BYTES], const kf_mlkem_poly *at,
                     const kf_kpke_noise *nz)
{
    const unsigned k = p->k;
    struct encrypt_secrets sec;

    /* (ACSL) the bounds written out coefficient by coefficient: CVC4 does not carry
     * kf_mlkem_bounded of one field of sec across the calls that write another */
    /*@ loop invariant 0 <= i <= k;
        loop invariant \forall integer l, j; 0 <= l < i && 0 <= j < KF_MLKEM_N ==> -(KF_MLKEM_Q - 1) / 2 <= sec.y[l].c[j] <= (KF_MLKEM_Q - 1) / 2;
        loop invariant \forall integer l, j; 0 <= l < i && 0 <= j < KF_MLKEM_N ==> -7 <= sec.e1[l].c[j] <= 7;
        loop assigns i, sec.y[0 .. K_MAX - 1], sec.e1[0 .. K_MAX - 1];
        loop variant k - i; */
    for (unsigned i = 0; i < k; i++) {
        kf_mlkem_cbd(&sec.y[i], nz->prf[i], p->eta1);
        kf_mlkem_cbd(&sec.e1[i], nz->prf[k + i], p->eta2);
        kf_mlkem_poly_ntt(&sec.y[i]);
    }
    kf_mlkem_cbd(&sec.e2, nz->prf[2 * k], p->eta2);
    const kf_mlkem_poly *cache = kf_mlkem_polyvec_mulcache(sec.m, sec.y, k) ? sec.m : NULL; /* k + 1 uses */

    /* u = NTT^-1(A^T y^) + e1 (Alg. 14 line 19), compressed into c1 */
    /*@ loop invariant 0 <= i <= k;
        loop invariant \forall integer l, j; 0 <= l < k && 0 <= j < KF_MLKEM_N ==> -(KF_MLKEM_Q - 1) / 2 <= sec.y[l].c[j] <= (KF_MLKEM_Q - 1) / 2;
        loop invariant \forall integer l, j; 0 <= l < k && 0 <= j < KF_MLKEM_N ==> -7 <= sec.e1[l].c[j] <= 7;
        loop invariant \forall integer j; 0 <= j < KF_MLKEM_N ==> -7 <= sec.e2.c[j] <= 7;
        loop assigns i, sec.u, c[0 .. 32 * p->du * k - 1];
        loop variant k - i; */
    for (unsigned i = 0; i < k; i++) {
        /* (ACSL) the offsets i k and 32 du i by the ghost lemma functions above */
        /*@ ghost kf_kpke_row_facts(i, k); */
        /*@ ghost kf_kpke_c_facts(i, k, p->du); */
        /*@ ghost const kf_mlkem_poly *row = &at[i * k]; */ /* A^T's row i, as the call's argument */
        /*@ assert \forall integer l, j; 0 <= l < k && 0 <= j < KF_MLKEM_N ==> row[l].c[j] == at[i * k + l].c[j]; */
        /*@ assert \forall integer l, j; 0 <= l < k && 0 <= j < KF_MLKEM_N ==> 0 <= row[l].c[j] <= 4095; */
        kf_mlkem_polyvec_basemul_acc_cached(&sec.u, &at[i * k], sec.y, cache, k);
        kf_mlkem_poly_invntt_tomont(&sec.u);
        kf_mlkem_poly_add(&sec.u, &sec.e1[i]);
        kf_mlkem_poly_compress(c + 32 * p->du * i, &sec.u, p->du);
    }
    /* v = NTT^-1(t^T y^) + e2 + mu (line 21), compressed into c2 */
    kf_mlkem_poly_frommsg(&sec.mu, m);
    kf_mlkem_polyvec_basemul_acc_cached(&sec.v, t, sec.y, cache, k);
    kf_mlkem_poly_invntt_tomont(&sec.v);
    kf_mlkem_poly_add(&sec.v, &sec.e2);
    kf_mlkem_poly_add(&sec.v, &sec.mu);
    /*@ ghost kf_kpke_c_facts(k - 1, k, p->du); */
    kf_mlkem_poly_compress(c + 32 * p->du * k, &sec.v, p->dv);
    encrypt_wipe(&sec, cache ? sizeof sec : offsetof(struct encrypt_secrets, m)); /* the cache only if written */
}

void kf_kpke_decrypt(const kf_mlkem_params *p, uint8_t m[KF_MLKEM_SYM_BYTES],
                     const uint8_t *dk_pke, const uint8_t *c)
{
    const unsigned k = p->k;
    struct decrypt_secrets sec;
    kf_mlkem_poly u[K_MAX], v;

    /*@ loop invariant 0 <= i <= k;
        loop invariant \forall integer l, j; 0 <= l < i && 0 <= j < KF_MLKEM_N ==> -(KF_MLKEM_Q - 1) / 2 <= u[l].c[j] <= (KF_MLKEM_Q - 1) / 2;
        loop invariant \forall integer l, j; 0 <= l < i && 0 <= j < KF_MLKEM_N ==> 0 <= sec.s[l].c[j] <= 4095;
        loop assigns i, u[0 .. K_MAX - 1], sec.s[0 .. K_MAX - 1];
        loop variant k - i; */
    for (unsigned i = 0; i < k; i++) {
        kf_mlkem_poly_decompress(&u[i], c + 32 * p->du * i, p->du);
        kf_mlkem_poly_ntt(&u[i]);
        kf_mlkem_poly_frombytes(&sec.s[i], dk_pke + KF_MLKEM_POLY_BYTES * i);
    }
    kf_mlkem_poly_decompress(&v, c + 32 * p->du * k, p->dv);
    /* w = v' - NTT^-1(s^T NTT(u')) (Alg. 15 line 6) */
    kf_mlkem_polyvec_basemul_acc(&sec.w, sec.s, u, k);
    kf_mlkem_poly_invntt_tomont(&sec.w);
    kf_mlkem_poly_sub(&v, &sec.w);
    kf_mlkem_poly_tomsg(m, &v);
    decrypt_wipe(&sec, &v);
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem.c - ML-KEM key generation and encapsulation (FIPS 203 Alg. 16, 17, 19, 20), the
 * encapsulation-key check (§7.2), sizes, and the randomness source.
 * Decapsulation, with its implicit rejection, is in mlkem_decaps.c.
 */
#include "mlkem/kpke.h"
#include "mlkem/poly.h"
#include "mlkem/secret.h"
#include "common/os_random.h"

#include <string.h>

#define SYM KF_MLKEM_SYM_BYTES

/* ---- randomness ------------------------------------------------------------------- */

static kf_mlkem_rng_fn rng_fn; /* NULL: the operating system */
static void *rng_arg;

int kf_mlkem_set_rng(kf_mlkem_rng_fn fn, void *arg)
{
    rng_fn = fn;
    rng_arg = arg;
    return KF_OK;
}

/* (ACSL) the caller's generator: assumed to write out[0..len) only (proofs/units.py, mlkem_api's
 * "calls_assumed"; docs/ASSURANCE.md). */
/*@ requires \valid(out + (0 .. len - 1));
    assigns out[0 .. len - 1]; */
int kf_spec_rng(void *arg, uint8_t *out, size_t len);

/*@ requires \valid(out + (0 .. len - 1));
    assigns out[0 .. len - 1];
    ensures \result == KF_OK || \result == KF_ERR_RNG; */
static int random_bytes(uint8_t *out, size_t len)
{
    /*@ calls kf_spec_rng; */
    if (rng_fn) return rng_fn(rng_arg, out, len) == 0 ? KF_OK : KF_ERR_RNG;
    return kf_os_random(out, len);
}

/* ---- sizes and the encapsulation-key check ---------------------------------------- */

size_t kf_mlkem_ek_bytes(kf_mlkem_param param)
{
    const kf_mlkem_params *p = kf_mlkem_params_get(param);
    return p ? p->ek_bytes : 0;
}

size_t kf_mlkem_dk_bytes(kf_mlkem_param param)
{
    const kf_mlkem_params *p = kf_mlkem_params_get(param);
    return p ? p->dk_bytes : 0;
}

size_t kf_mlkem_ct_bytes(kf_mlkem_param param)
{
    const kf_mlkem_params *p = kf_mlkem_params_get(param);
    return p ? p->ct_bytes : 0;
}

/* §7.2: type check (length) and modulus check: ByteEncode_12(ByteDecode_12(ek)) == ek,
 * i.e. every 12-bit value of the first 384k bytes is < q. ek is public. t receives the
 * decoded t^ (k polynomials) for Encrypt. */
/*@ requires kf_mlkem_params_ok(p) && \valid(t + (0 .. p->k - 1)) && \valid_read(ek + (0 .. eklen - 1));
    requires \separated(t + (0 .. p->k - 1), ek + (0 .. eklen - 1)) && \separated(t + (0 .. p->k - 1), p);
    assigns t[0 .. p->k - 1];
    ensures \result == KF_OK || \result == KF_ERR_BAD_LENGTH || \result == KF_ERR_BAD_KEY;
    ensures \result == KF_OK ==> eklen == p->ek_bytes;
    ensures \result == KF_OK ==> kf_mlkem_vec_bounded(t, p->k, 0, 4095); */
static int check_ek(const kf_mlkem_params *p, kf_mlkem_poly *t, const uint8_t *ek, size_t eklen)
{
    if (eklen != p->ek_bytes) return KF_ERR_BAD_LENGTH;
    /*@ loop invariant 0 <= i <= p->k;
        loop invariant kf_mlkem_vec_bounded(t, i, 0, 4095);
        loop assigns i, t[0 .. p->k - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++)
        if (!kf_mlkem_poly_frombytes_canonical(&t[i], ek + KF_MLKEM_POLY_BYTES * i)) return KF_ERR_BAD_KEY;
    return KF_OK;
}

int kf_mlkem_check_ek(kf_mlkem_param param, const uint8_t *ek, size_t eklen)
{
    const kf_mlkem_params *p = kf_mlkem_params_get(param);
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!ek) return KF_ERR_NULL_POINTER;
    kf_mlkem_poly t[KF_MLKEM_K_MAX];
    return check_ek(p, t, ek, eklen);
}

/* On an error every output is zeroed (the header's promise): the shared secret always (its
 * size does not depend on the parameter set), ct, ek and dk when the set is known. NULL
 * outputs are skipped (kf_wipe ignores NULL), so a call with some NULL arguments still wipes
 * the others. */
/* ---- KeyGen ----------------------------------------------------------------------- */

/* ML-KEM.KeyGen_internal (Alg. 16): dk = dk_pke || ek || H(ek) || z. */
int kf_mlkem_keygen_internal(kf_mlkem_param param, uint8_t *ek, uint8_t *dk,
                             const uint8_t d[KF_MLKEM_SEED_BYTES], const uint8_t z[KF_MLKEM_SEED_BYTES])
{
    const kf_mlkem_params *p = kf_mlkem_params_get(param);
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!ek || !dk || !d || !z) {
        kf_wipe(ek, p->ek_bytes);
        kf_wipe(dk, p->dk_bytes);
        return KF_ERR_NULL_POINTER;
    }
    const size_t pke = KF_MLKEM_POLY_BYTES * p->k;
    int rc = kf_kpke_keygen(p, ek, dk, d, dk + pke + p->ek_bytes); /* with H(ek) */
    if (rc == KF_OK) {
        memcpy(dk + pke, ek, p->ek_bytes);
        memcpy(dk + pke + p->ek_bytes + SYM, z, SYM);
    }
    if (rc != KF_OK) {
        kf_memzero(ek, p->ek_bytes);
        kf_memzero(dk, p->dk_bytes);
    }
    return rc;
}

/* ML-KEM.KeyGen (Alg. 19), handing back d || z. */
int kf_mlkem_keygen_seed(kf_mlkem_param param, uint8_t *ek, uint8_t *dk, uint8_t seed[KF_MLKEM_KEYGEN_SEED_BYTES])
{
    const kf_mlkem_params *p = kf_mlkem_params_get(param);
    if (!p) {
        kf_wipe(seed, KF_MLKEM_KEYGEN_SEED_BYTES); /* ek's and dk's sizes are unknown */
        return KF_ERR_BAD_ALGORITHM;
    }
    if (!ek || !dk || !seed) {
        kf_wipe(ek, p->ek_bytes);
        kf_wipe(dk, p->dk_bytes);
        kf_wipe(seed, KF_MLKEM_KEYGEN_SEED_BYTES);
        return KF_ERR_NULL_POINTER;
    }
    int rc = random_bytes(seed, KF_MLKEM_KEYGEN_SEED_BYTES);
    if (rc == KF_OK) rc = kf_mlkem_keygen_internal(param, ek, dk, seed, seed + SYM);
    if (rc != KF_OK) {
        kf_memzero(ek, p->ek_bytes);
        kf_memzero(dk, p->dk_bytes);
        kf_memzero(seed, KF_MLKEM_KEYGEN_SEED_BYTES);
    }
    return rc;
}

/* ML-KEM.KeyGen (Alg. 19): the seed stays here and is wiped. */
int kf_mlkem_keygen(kf_mlkem_param param, uint8_t *ek, uint8_t *dk)
{
    uint8_t dz[2 * SYM];
    int rc = kf_mlkem_keygen_seed(param, ek, dk, dz);
    kf_memzero(dz, sizeof dz);
    return rc;
}

/* ---- Encaps ----------------------------------------------------------------------- */

/* Encaps_internal's secrets: m || H(ek), K || r = G(m || H(ek)), Encrypt's noise. */
typedef struct encaps_secrets {
    uint8_t in[2 * SYM];
    uint8_t kr[2 * SYM];
    kf_kpke_noise nz;
} encaps_secrets;

/* Encaps_internal's Keccak work as one schedule of jobs (sampling.h): H(ek) in one lane and
 * the streams of Encrypt's matrix A^T (from ek's rho; neither depends on anything else) in
 * the others, then G once H(ek) is done, then the noise PRFs once G's r is there. sec->in
 * holds m in its first half. */
/* (ACSL, unit mlkem_kem) encaps_jobs' jobs field by field, folded into sampling.h's
 * kf_mlkem_jobs_runnable for kf_mlkem_run_jobs by ghost lemma functions, each proved alone (the
 * predicate as a goal in encaps_jobs' own context ran to the step limit, session 43; the same
 * facts field by field are cheap goals there; the fold in one goal ran out of time): each range
 * of jobs' part of the predicate, the SampleNTT outputs' separation, then the predicate. Jobs:
 * H(ek) (0), A^T (1 .. k^2), G (k^2 + 1), the noise PRFs (k^2 + 2 .. k^2 + 2k + 2). */
/*@ ghost
  /@ requires fold_h_ctx: kf_mlkem_params_ok(p) && \valid(sec) && \valid(at + (0 .. p->k * p->k - 1)) &&
              \valid(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1)) &&
              \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), sec, at + (0 .. p->k * p->k - 1)) &&
              \separated(sec, at + (0 .. p->k * p->k - 1)) &&
              ((p->k == 2 && p->k * p->k == 4) || (p->k == 3 && p->k * p->k == 9) || (p->k == 4 && p->k * p->k == 16));
     requires \valid_read(ek + (0 .. p->ek_bytes - 1));
     requires fold_h: jobs[0].in[0] == ek && jobs[0].inlen[0] == p->ek_bytes && jobs[0].inlen[1] == 0 &&
          jobs[0].out == &sec->in[SYM] && jobs[0].outlen == SYM && jobs[0].poly == \null && jobs[0].rate == KF_RATE(256) &&
          jobs[0].suffix != 0 && jobs[0].after == \null && jobs[0].from == \null && jobs[0].absorbed == 0;
     assigns \nothing;
     ensures kf_mlkem_job_in_ok(&jobs[0]) && 8 <= jobs[0].rate && kf_mlkem_job_out_ok(&jobs[0]) &&
         (jobs[0].from != \null ==> \valid_read(jobs[0].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[0].after != \null ==> \valid_read(jobs[0].after)) &&
         (jobs[0].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[0].out + (0 .. jobs[0].outlen - 1))) &&
         (jobs[0].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[0].poly)); @/
  static void enc_fold_h(const kf_mlkem_params *p, kf_mlkem_job *jobs, encaps_secrets *sec, kf_mlkem_poly *at,
                         const uint8_t *ek) { }
  /@ requires kf_mlkem_params_ok(p) && \valid(sec) && \valid(at + (0 .. p->k * p->k - 1)) &&
              \valid(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1)) &&
              \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), sec, at + (0 .. p->k * p->k - 1)) &&
              \separated(sec, at + (0 .. p->k * p->k - 1)) &&
              ((p->k == 2 && p->k * p->k == 4) || (p->k == 3 && p->k * p->k == 9) || (p->k == 4 && p->k * p->k == 16));
     requires fold_a: \forall integer q; 1 <= q <= p->k * p->k ==>
          jobs[q].out == \null && jobs[q].poly == &at[q - 1] && jobs[q].in[0] == &jobs[q].own[0] &&
          jobs[q].inlen[0] == SYM + 2 && jobs[q].inlen[1] == 0 && jobs[q].rate == KF_SHAKE128_RATE &&
          jobs[q].suffix != 0 && jobs[q].after == \null && jobs[q].from == \null && jobs[q].absorbed == 0;
     assigns \nothing;
     ensures \forall integer q; 1 <= q <= p->k * p->k ==> kf_mlkem_job_in_ok(&jobs[q]) && 8 <= jobs[q].rate && kf_mlkem_job_out_ok(&jobs[q]) &&
         (jobs[q].from != \null ==> \valid_read(jobs[q].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[q].after != \null ==> \valid_read(jobs[q].after)) &&
         (jobs[q].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[q].out + (0 .. jobs[q].outlen - 1))) &&
         (jobs[q].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[q].poly)); @/
  static void enc_fold_a(const kf_mlkem_params *p, kf_mlkem_job *jobs, encaps_secrets *sec, kf_mlkem_poly *at) { }
  /@ requires kf_mlkem_params_ok(p) && \valid(sec) && \valid(at + (0 .. p->k * p->k - 1)) &&
              \valid(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1)) &&
              \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), sec, at + (0 .. p->k * p->k - 1)) &&
              \separated(sec, at + (0 .. p->k * p->k - 1)) &&
              ((p->k == 2 && p->k * p->k == 4) || (p->k == 3 && p->k * p->k == 9) || (p->k == 4 && p->k * p->k == 16));
     requires fold_g: jobs[p->k * p->k + 1].in[0] == &sec->in[0] && jobs[p->k * p->k + 1].inlen[0] == 2 * SYM &&
          jobs[p->k * p->k + 1].inlen[1] == 0 && jobs[p->k * p->k + 1].out == &sec->kr[0] &&
          jobs[p->k * p->k + 1].outlen == 2 * SYM && jobs[p->k * p->k + 1].poly == \null &&
          jobs[p->k * p->k + 1].rate == KF_RATE(512) && jobs[p->k * p->k + 1].suffix != 0 &&
          jobs[p->k * p->k + 1].after == &jobs[0] && jobs[p->k * p->k + 1].from == \null &&
          jobs[p->k * p->k + 1].absorbed == 0;
     assigns \nothing;
     ensures kf_mlkem_job_in_ok(&jobs[p->k * p->k + 1]) && 8 <= jobs[p->k * p->k + 1].rate && kf_mlkem_job_out_ok(&jobs[p->k * p->k + 1]) &&
         (jobs[p->k * p->k + 1].from != \null ==> \valid_read(jobs[p->k * p->k + 1].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[p->k * p->k + 1].after != \null ==> \valid_read(jobs[p->k * p->k + 1].after)) &&
         (jobs[p->k * p->k + 1].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[p->k * p->k + 1].out + (0 .. jobs[p->k * p->k + 1].outlen - 1))) &&
         (jobs[p->k * p->k + 1].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[p->k * p->k + 1].poly)); @/
  static void enc_fold_g(const kf_mlkem_params *p, kf_mlkem_job *jobs, encaps_secrets *sec, kf_mlkem_poly *at) { }
  /@ requires kf_mlkem_params_ok(p) && \valid(sec) && \valid(at + (0 .. p->k * p->k - 1)) &&
              \valid(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1)) &&
              \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), sec, at + (0 .. p->k * p->k - 1)) &&
              \separated(sec, at + (0 .. p->k * p->k - 1)) &&
              ((p->k == 2 && p->k * p->k == 4) || (p->k == 3 && p->k * p->k == 9) || (p->k == 4 && p->k * p->k == 16));
     requires fold_r: \forall integer q; p->k * p->k + 2 <= q < p->k * p->k + 2 * p->k + 3 ==>
          jobs[q].out == &sec->nz.prf[q - (p->k * p->k + 2)][0] &&
          jobs[q].outlen == 64 * (q - (p->k * p->k + 2) < p->k ? p->eta1 : p->eta2) && jobs[q].poly == \null &&
          jobs[q].in[0] == &sec->kr[SYM] && jobs[q].inlen[0] == SYM && jobs[q].in[1] == &jobs[q].own[0] &&
          jobs[q].inlen[1] == 1 && jobs[q].rate == KF_SHAKE256_RATE && jobs[q].suffix != 0 &&
          jobs[q].from == \null && jobs[q].absorbed == 0 && jobs[q].after == &jobs[p->k * p->k + 1];
     assigns \nothing;
     ensures \forall integer q; p->k * p->k + 2 <= q < p->k * p->k + 2 * p->k + 3 ==> kf_mlkem_job_in_ok(&jobs[q]) && 8 <= jobs[q].rate && kf_mlkem_job_out_ok(&jobs[q]) &&
         (jobs[q].from != \null ==> \valid_read(jobs[q].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[q].after != \null ==> \valid_read(jobs[q].after)) &&
         (jobs[q].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[q].out + (0 .. jobs[q].outlen - 1))) &&
         (jobs[q].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[q].poly)); @/
  static void enc_fold_r(const kf_mlkem_params *p, kf_mlkem_job *jobs, encaps_secrets *sec, kf_mlkem_poly *at) { }
  /@ requires kf_mlkem_params_ok(p) && \valid(sec) && \valid(at + (0 .. p->k * p->k - 1)) &&
              \valid(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1)) &&
              \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), sec, at + (0 .. p->k * p->k - 1)) &&
              \separated(sec, at + (0 .. p->k * p->k - 1)) &&
              ((p->k == 2 && p->k * p->k == 4) || (p->k == 3 && p->k * p->k == 9) || (p->k == 4 && p->k * p->k == 16));
     requires fold_a: \forall integer q; 1 <= q <= p->k * p->k ==>
          jobs[q].out == \null && jobs[q].poly == &at[q - 1] && jobs[q].in[0] == &jobs[q].own[0] &&
          jobs[q].inlen[0] == SYM + 2 && jobs[q].inlen[1] == 0 && jobs[q].rate == KF_SHAKE128_RATE &&
          jobs[q].suffix != 0 && jobs[q].after == \null && jobs[q].from == \null && jobs[q].absorbed == 0;
     requires fold_o: jobs[0].out == &sec->in[SYM] && jobs[0].outlen == SYM &&
                      jobs[p->k * p->k + 1].out == &sec->kr[0] && jobs[p->k * p->k + 1].outlen == 2 * SYM &&
                      \forall integer q; p->k * p->k + 2 <= q < p->k * p->k + 2 * p->k + 3 ==>
                        jobs[q].out == &sec->nz.prf[q - (p->k * p->k + 2)][0] &&
                        jobs[q].outlen == 64 * (q - (p->k * p->k + 2) < p->k ? p->eta1 : p->eta2);
     assigns \nothing;
     ensures \forall integer q, r; 0 <= q < p->k * p->k + 2 * p->k + 3 && 0 <= r < p->k * p->k + 2 * p->k + 3 && q != r && jobs[q].out == \null ==>
         (jobs[r].out != \null ==> \separated(jobs[q].poly, jobs[r].out + (0 .. jobs[r].outlen - 1))) &&
         (jobs[r].out == \null ==> \separated(jobs[q].poly, jobs[r].poly)); @/
  static void enc_fold_p(const kf_mlkem_params *p, kf_mlkem_job *jobs, encaps_secrets *sec, kf_mlkem_poly *at) { }
  /@ requires kf_mlkem_params_ok(p) && \valid(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1));
     requires kf_mlkem_job_in_ok(&jobs[0]) && 8 <= jobs[0].rate && kf_mlkem_job_out_ok(&jobs[0]) &&
         (jobs[0].from != \null ==> \valid_read(jobs[0].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[0].after != \null ==> \valid_read(jobs[0].after)) &&
         (jobs[0].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[0].out + (0 .. jobs[0].outlen - 1))) &&
         (jobs[0].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[0].poly));
     requires \forall integer q; 1 <= q <= p->k * p->k ==> kf_mlkem_job_in_ok(&jobs[q]) && 8 <= jobs[q].rate && kf_mlkem_job_out_ok(&jobs[q]) &&
         (jobs[q].from != \null ==> \valid_read(jobs[q].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[q].after != \null ==> \valid_read(jobs[q].after)) &&
         (jobs[q].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[q].out + (0 .. jobs[q].outlen - 1))) &&
         (jobs[q].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[q].poly));
     requires kf_mlkem_job_in_ok(&jobs[p->k * p->k + 1]) && 8 <= jobs[p->k * p->k + 1].rate && kf_mlkem_job_out_ok(&jobs[p->k * p->k + 1]) &&
         (jobs[p->k * p->k + 1].from != \null ==> \valid_read(jobs[p->k * p->k + 1].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[p->k * p->k + 1].after != \null ==> \valid_read(jobs[p->k * p->k + 1].after)) &&
         (jobs[p->k * p->k + 1].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[p->k * p->k + 1].out + (0 .. jobs[p->k * p->k + 1].outlen - 1))) &&
         (jobs[p->k * p->k + 1].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[p->k * p->k + 1].poly));
     requires \forall integer q; p->k * p->k + 2 <= q < p->k * p->k + 2 * p->k + 3 ==> kf_mlkem_job_in_ok(&jobs[q]) && 8 <= jobs[q].rate && kf_mlkem_job_out_ok(&jobs[q]) &&
         (jobs[q].from != \null ==> \valid_read(jobs[q].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[q].after != \null ==> \valid_read(jobs[q].after)) &&
         (jobs[q].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[q].out + (0 .. jobs[q].outlen - 1))) &&
         (jobs[q].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), jobs[q].poly));
     requires \forall integer q, r; 0 <= q < p->k * p->k + 2 * p->k + 3 && 0 <= r < p->k * p->k + 2 * p->k + 3 && q != r && jobs[q].out == \null ==>
         (jobs[r].out != \null ==> \separated(jobs[q].poly, jobs[r].out + (0 .. jobs[r].outlen - 1))) &&
         (jobs[r].out == \null ==> \separated(jobs[q].poly, jobs[r].poly));
     assigns \nothing;
     ensures kf_mlkem_jobs_runnable(jobs, p->k * p->k + 2 * p->k + 3); @/
  static void enc_fold(const kf_mlkem_params *p, kf_mlkem_job *jobs) { }
*/
/* (ACSL, unit mlkem_kem) a ghost lemma: each of a[0 .. n) bounded is a bounded vector (the
 * predicate's two quantifiers at once, which encaps_jobs' context did not unfold, session 45) */
/*@ ghost
  /@ requires vec_of_pre: \forall integer l; 0 <= l < n ==> kf_mlkem_bounded(&a[l], lo, hi);
     assigns \nothing;
     ensures vec_of_post: kf_mlkem_vec_bounded(a, n, lo, hi); @/
  static void enc_vec_of(kf_mlkem_poly *a, unsigned n, int lo, int hi) { }
*/
/* (ACSL, unit mlkem_kem, session 55) a ghost lemma: the noise jobs' outputs byte by byte (enc_run's
 * run_t, its third part) from their first bytes (enc_r): that part as a goal in encaps_jobs' own
 * context ran to the step limit (800,000, session 54), here it is pointer arithmetic alone */
/*@ ghost
  /@ requires nz_o: \forall integer q; c <= q < n ==> jobs[q].out == &sec->nz.prf[q - c][0];
     assigns \nothing;
     ensures nz_t: \forall integer q, i; c <= q < n && 0 <= i < 3 * 64 ==> jobs[q].out + i == &sec->nz.prf[q - c][i]; @/
  static void enc_nz_bytes(kf_mlkem_job *jobs, encaps_secrets *sec, unsigned c, unsigned n) { }
*/
/* (ACSL, unit mlkem_kem, session 56) a ghost lemma: H(ek)'s output byte by byte (enc_run's run_t, its
 * first part) from its first byte (enc_h): `jobs[0].out + i == &sec->in[SYM + i]` as a goal in
 * encaps_jobs' own context ran to the step limit (800,000, sessions 54-55: the hypothesis
 * jobs[0].out == &sec->in[SYM] and the goal's shift by SYM + i, in a context of ~1,100 lines),
 * here it is pointer arithmetic alone */
/*@ ghost
  /@ requires h_o: jobs[0].out == &sec->in[SYM];
     assigns \nothing;
     ensures h_t: \forall integer q, i; 0 <= q < 1 && 0 <= i < SYM ==> jobs[q].out + i == &sec->in[SYM + i]; @/
  static void enc_h_bytes(kf_mlkem_job *jobs, encaps_secrets *sec) { }
*/
/* G's job, after H(ek)'s (jobs[0]), as an always-inline step of encaps_jobs (no behaviour change:
 * `objdump -d` of the object as before). (ACSL, unit mlkem_kem, session 49) its frame of the
 * caller's other jobs, (g - gi)[s] for s != gi, one ensures in the caller's indices (the ghost gi,
 * as job_hash's o; sampling.h's kf_mlkem_jobs_kept_but, as job_hash's hash_kept): the frame of
 * the `after` store in encaps_jobs' own context ran to the step limit (session 47's enc_f3a),
 * here it is job_hash's hash_kept and one store. */
/*@ requires \valid(g);
    requires g_at: g == jobs + gi && \valid(jobs + (0 .. gi));
    assigns g->in[0 .. 1], g->inlen[0 .. 1], g->out, g->outlen, g->poly, g->rate, g->suffix, g->after,
            g->held, g->from, g->started, g->padded, g->done, g->absorbed, g->produced, g->have;
    ensures g_job: g->in[0] == &sec->in[0] && g->inlen[0] == 2 * SYM && g->inlen[1] == 0 && g->out == &sec->kr[0] &&
          g->outlen == 2 * SYM && g->poly == \null && g->rate == KF_RATE(512) && g->suffix != 0 &&
          g->after == &jobs[0] && g->from == \null && g->absorbed == 0;
    ensures g_kept: kf_mlkem_jobs_kept_but{Pre, Post}(g, gi);
    ensures g_front: \forall integer q; 0 <= q < gi ==>
          jobs[q].inlen[0] == \old(jobs[q].inlen[0]) && jobs[q].inlen[1] == \old(jobs[q].inlen[1]) &&
          jobs[q].poly == \old(jobs[q].poly); */
static inline __attribute__((always_inline)) void enc_g_job(kf_mlkem_job *g, encaps_secrets *sec, kf_mlkem_job *jobs)
    /*@ ghost (unsigned gi) */
{
    kf_mlkem_job_hash(g, KF_RATE(512), KF_SUFFIX_SHA3, sec->in, sizeof sec->in, NULL, 0, sec->kr,
                      sizeof sec->kr) /*@ ghost (gi) */;
    g->after = &jobs[0];
}
/* The run of encaps_jobs' jobs, as an always-inline step (no behaviour change: `objdump -d` of
 * the object as before). (ACSL, unit mlkem_kem, session 51) kf_mlkem_run_jobs' assigns checked in a
 * context of its own from each job's out and poly (run_o, run_a), and A^T's bounds on KF_OK from its
 * ensures. WP checks a callee's assigned set against the caller's clauses one at a time (the set
 * within one of them, session 51); since session 52 kf_mlkem_run_jobs takes ghost split points, its
 * outputs one clause per range of jobs: (1, b, c, c) here, b = k^2 + 1 (G) and c = k^2 + 2 (the
 * noise), each range within one clause of this step's. The facts per range are quantified over a
 * bare job index q (a trigger the callee's clauses match), run_t names each output byte in the
 * caller's terms (the witness of the range's existential), run_v gives the outputs non-null.
 * Session 53: no call after kf_mlkem_run_jobs' (A^T's bounds by the assertions enc_bd1, enc_bd2,
 * not the ghost lemma enc_vec_of: a call after it merges its normal and exit paths in one
 * assigns goal that -wp-split does not cut), and the noise outputs as sec->nz.prf's bytes (run_t's
 * third part), so each range of the callee's outputs is a goal of its own on either path.
 * encaps_jobs assigns all of *sec; Encaps_internal passes its own m to Encrypt. Session 56: the
 * noise range as the array's constant bounds, sec->nz.prf[0 .. 2 KF_MLKEM_K_MAX] (was 0 .. 2k):
 * within encaps_jobs' *sec without k's disjunction, which that part of its assigns goal needed in
 * encaps_jobs' large context (the step limit, sessions 54-55). */
/*@ requires run_ctx: kf_mlkem_params_ok(p) && n == p->k * p->k + 2 * p->k + 3;
    requires run_k: k == p->k && n == k * k + 2 * k + 3 && ((k == 2 && k * k == 4) || (k == 3 && k * k == 9) || (k == 4 && k * k == 16));
    requires run_ok: kf_mlkem_jobs_runnable(jobs, n);
    requires run_v: \valid(sec) && \valid(at + (0 .. k * k - 1));
    requires run_bc: b == k * k + 1 && c == b + 1 && n == c + 2 * k + 1;
    requires run_o: (\forall integer q; 0 <= q < 1 ==> jobs[q].out == &sec->in[SYM] && jobs[q].outlen == SYM) &&
                    (\forall integer q; b <= q < c ==> jobs[q].out == &sec->kr[0] && jobs[q].outlen == 2 * SYM) &&
                    \forall integer q; c <= q < n ==> jobs[q].out == &sec->nz.prf[q - c][0] && jobs[q].outlen <= 3 * 64;
    requires run_a: \forall integer q; 1 <= q < b ==> jobs[q].out == \null && jobs[q].poly == &at[q - 1];
    requires run_t: (\forall integer q, i; 0 <= q < 1 && 0 <= i < SYM ==> jobs[q].out + i == &sec->in[SYM + i]) &&
                    (\forall integer q, i; b <= q < c && 0 <= i < 2 * SYM ==> jobs[q].out + i == &sec->kr[i]) &&
                    (\forall integer q, i; c <= q < n && 0 <= i < 3 * 64 ==> jobs[q].out + i == &sec->nz.prf[q - c][i]);
    assigns sec->in[SYM .. 2 * SYM - 1], sec->kr[0 .. 2 * SYM - 1],
            sec->nz.prf[0 .. 2 * KF_MLKEM_K_MAX][0 .. 3 * 64 - 1], at[0 .. k * k - 1], kf_spec_xn_table,
            jobs[0 .. n - 1].started, jobs[0 .. n - 1].done, jobs[0 .. n - 1].absorbed, jobs[0 .. n - 1].padded,
            jobs[0 .. n - 1].produced, jobs[0 .. n - 1].have;
    ensures \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH;
    ensures run_bounded: \result == KF_OK ==> kf_mlkem_vec_bounded(at, \old(p->k) * \old(p->k), 0, KF_MLKEM_Q - 1); */
static inline __attribute__((always_inline)) int enc_run(const kf_mlkem_params *p, encaps_secrets *sec,
                                                         kf_mlkem_poly *at, kf_mlkem_job *jobs, unsigned n)
    /*@ ghost (unsigned k, unsigned b, unsigned c) */
{
    (void)p; (void)sec; (void)at; /* the contract's */
    /*@ assert run_at: \forall integer l; 0 <= l < k * k ==> jobs[l + 1].out == \null && jobs[l + 1].poly == &at[l]; */
    int rc = kf_mlkem_run_jobs(jobs, n) /*@ ghost (1, b, c, c) */;
    /*@ assert enc_at2: \forall integer l; 0 <= l < k * k ==> jobs[l + 1].out == \null && jobs[l + 1].poly == &at[l]; */
    /*@ assert enc_bd0: rc == KF_OK ==> \forall integer l; 0 <= l < k * k ==> kf_mlkem_bounded(jobs[l + 1].poly, 0, KF_MLKEM_Q - 1); */
    /*@ assert enc_bd1: rc == KF_OK ==> \forall integer l; 0 <= l < k * k ==> kf_mlkem_bounded(&at[l], 0, KF_MLKEM_Q - 1); */
    /*@ assert enc_bd2: rc == KF_OK ==> \forall integer l, m; 0 <= l < k * k && 0 <= m < KF_MLKEM_N ==>
          0 <= at[l].c[m] <= KF_MLKEM_Q - 1; */
    /*@ assert enc_bd: rc == KF_OK ==> kf_mlkem_vec_bounded(at, k * k, 0, KF_MLKEM_Q - 1); */
    return rc;
}
/* (ACSL, session 56) the ghost k, p->k on entry (was a ghost local initialised from p->k): A^T's
 * range in the assigns names it, so the run step's at[0 .. k k) is the same term as this clause's
 * (with the local, Qed rewrote the callee's k to a later read of p->k, and that part of the assigns
 * goal, `k k <= p->k p->k` beside the hypothesis equating them, ran to the step limit or WP's time-out
 * in this function's context, sessions 54-56) */
/*@ requires kf_mlkem_params_ok(p) && \valid(sec) && \valid(at + (0 .. p->k * p->k - 1));
    requires enc_kg: k == p->k;
    requires \valid_read(ek + (0 .. p->ek_bytes - 1));
    requires \separated(sec, at + (0 .. p->k * p->k - 1), p) && \separated(at + (0 .. p->k * p->k - 1), p);
    assigns *sec, at[0 .. k * k - 1], kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH;
    ensures enc_bounded: \result == KF_OK ==> kf_mlkem_vec_bounded(at, \old(p->k) * \old(p->k), 0, KF_MLKEM_Q - 1); */
static int encaps_jobs(const kf_mlkem_params *p, encaps_secrets *sec, kf_mlkem_poly *at, const uint8_t *ek)
    /*@ ghost (unsigned k) */ /* (ACSL) k as on entry: A^T's bounds after the run name it */
{
    kf_mlkem_job jobs[2 + KF_MLKEM_K_MAX * KF_MLKEM_K_MAX + 2 * KF_MLKEM_K_MAX + 1];
    /*@ ghost kf_mlkem_params pv = *p; */ /* (ACSL) *p as on entry: kf_mlkem_params_of */
    /*@ assert enc_pv: kf_mlkem_params_val(pv); */
    /*@ assert enc_kk: (k == 2 && k * k == 4) || (k == 3 && k * k == 9) || (k == 4 && k * k == 16); */
    /*@ assert enc_s0: \separated(jobs + (0 .. k * k + 2 * k + 3 - 1), sec, at + (0 .. k * k - 1)) &&
          \separated(sec, at + (0 .. k * k - 1)) && \valid(sec) && \valid(at + (0 .. k * k - 1)); */
    /* H(ek) = SHA3-256(ek) into m || H(ek); G = SHA3-512 of that, after it */
    kf_mlkem_job_hash(&jobs[0], KF_RATE(256), KF_SUFFIX_SHA3, ek, p->ek_bytes, NULL, 0, sec->in + SYM,
                      SYM) /*@ ghost (0) */;
    /*@ assert enc_k0: k == p->k; */
    /*@ assert enc_p0: *p == pv; */
    /* (ACSL, unit mlkem_kem: "pending", not yet proved) each job's fields as the set-up goes:
     * each call's (and the store's) frame of the earlier jobs as equalities with the label before
     * it, then their fields; the fields at the end are the ghost lemmas' preconditions */
    /*@ assert enc_k: (p->k == 2 && p->k * p->k == 4) || (p->k == 3 && p->k * p->k == 9) ||
                      (p->k == 4 && p->k * p->k == 16); */
    /*@ assert enc_h0: jobs[0].in[0] == ek && jobs[0].inlen[0] == p->ek_bytes && jobs[0].inlen[1] == 0 &&
          jobs[0].out == &sec->in[SYM] && jobs[0].outlen == SYM && jobs[0].poly == \null && jobs[0].rate == KF_RATE(256) &&
          jobs[0].suffix != 0 && jobs[0].after == \null && jobs[0].from == \null && jobs[0].absorbed == 0; */
    unsigned n = 1 + kf_mlkem_matrix_jobs(jobs + 1, at, ek + KF_MLKEM_POLY_BYTES * p->k, p->k, 1) /*@ ghost (1) */;
    /*@ assert enc_k1: k == p->k; */
    /*@ assert enc_p1: *p == pv; */
    /*@ assert enc_n1: n == p->k * p->k + 1; */
    /*@ assert enc_h1: jobs[0].in[0] == ek && jobs[0].inlen[0] == p->ek_bytes && jobs[0].inlen[1] == 0 &&
          jobs[0].out == &sec->in[SYM] && jobs[0].outlen == SYM && jobs[0].poly == \null && jobs[0].rate == KF_RATE(256) &&
          jobs[0].suffix != 0 && jobs[0].after == \null && jobs[0].from == \null && jobs[0].absorbed == 0; */
    /*@ assert enc_a1: \forall integer q; 1 <= q <= p->k * p->k ==> kf_mlkem_sample_job(&jobs[q], &at[q - 1]); */
    /*@ ghost unsigned gi = n; */ /* (ACSL) G's index, for job_hash's ghost o */
    kf_mlkem_job *g = &jobs[n++];
    /*@ assert enc_gi: gi == p->k * p->k + 1 && n == p->k * p->k + 2 && g == &jobs[p->k * p->k + 1]; */
    /*@ ghost EncG: ; */
    enc_g_job(g, sec, jobs) /*@ ghost (gi) */;
    /*@ assert enc_k2: k == p->k; */
    /*@ assert enc_p2: *p == pv; */
    /* (ACSL) the frame across G's set-up field by field, then as one (in one assertion it ran to
     * the step limit, session 50) */
    /*@ assert enc_f2_in0: \forall integer q; 0 <= q <= p->k * p->k ==> jobs[q].in[0] == \at(jobs[q].in[0], EncG); */
    /*@ assert enc_f2_in1: \forall integer q; 0 <= q <= p->k * p->k ==> jobs[q].in[1] == \at(jobs[q].in[1], EncG); */
    /*@ assert enc_f2_il0: \forall integer q; 0 <= q <= p->k * p->k ==> jobs[q].inlen[0] == \at(jobs[q].inlen[0], EncG); */
    /*@ assert enc_f2_il1: \forall integer q; 0 <= q <= p->k * p->k ==> jobs[q].inlen[1] == \at(jobs[q].inlen[1], EncG); */
    /*@ assert enc_f2_out: \forall integer q; 0 <= q <= p->k * p->k ==> jobs[q].out == \at(jobs[q].out, EncG); */
    /*@ assert enc_f2_ol: \forall integer q; 0 <= q <= p->k * p->k ==> jobs[q].outlen == \at(jobs[q].outlen, EncG); */
    /*@ assert enc_f2_poly: \forall integer q; 0 <= q <= p->k * p->k ==> jobs[q].poly == \at(jobs[q].poly, EncG); */
    /*@ assert enc_f2_rate: \forall integer q; 0 <= q <= p->k * p->k ==> jobs[q].rate == \at(jobs[q].rate, EncG); */
    /*@ assert enc_f2_suf: \forall integer q; 0 <= q <= p->k * p->k ==> jobs[q].suffix == \at(jobs[q].suffix, EncG); */
    /*@ assert enc_f2_after: \forall integer q; 0 <= q <= p->k * p->k ==> jobs[q].after == \at(jobs[q].after, EncG); */
    /*@ assert enc_f2_from: \forall integer q; 0 <= q <= p->k * p->k ==> jobs[q].from == \at(jobs[q].from, EncG); */
    /*@ assert enc_f2_abs: \forall integer q; 0 <= q <= p->k * p->k ==> jobs[q].absorbed == \at(jobs[q].absorbed, EncG); */
    /*@ assert enc_f2: \forall integer q; 0 <= q <= p->k * p->k ==>
          jobs[q].in[0] == \at(jobs[q].in[0], EncG) &&
          jobs[q].in[1] == \at(jobs[q].in[1], EncG) &&
          jobs[q].inlen[0] == \at(jobs[q].inlen[0], EncG) &&
          jobs[q].inlen[1] == \at(jobs[q].inlen[1], EncG) &&
          jobs[q].out == \at(jobs[q].out, EncG) &&
          jobs[q].outlen == \at(jobs[q].outlen, EncG) &&
          jobs[q].poly == \at(jobs[q].poly, EncG) &&
          jobs[q].rate == \at(jobs[q].rate, EncG) &&
          jobs[q].suffix == \at(jobs[q].suffix, EncG) &&
          jobs[q].after == \at(jobs[q].after, EncG) &&
          jobs[q].from == \at(jobs[q].from, EncG) &&
          jobs[q].absorbed == \at(jobs[q].absorbed, EncG); */
    /*@ assert enc_a2: \forall integer q; 1 <= q <= p->k * p->k ==>
          jobs[q].out == \null && jobs[q].poly == &at[q - 1] && jobs[q].in[0] == &jobs[q].own[0] &&
          jobs[q].inlen[0] == SYM + 2 && jobs[q].inlen[1] == 0 && jobs[q].rate == KF_SHAKE128_RATE &&
          jobs[q].suffix != 0 && jobs[q].after == \null && jobs[q].from == \null && jobs[q].absorbed == 0; */
    /*@ assert enc_h2: jobs[0].in[0] == ek && jobs[0].inlen[0] == p->ek_bytes && jobs[0].inlen[1] == 0 &&
          jobs[0].out == &sec->in[SYM] && jobs[0].outlen == SYM && jobs[0].poly == \null && jobs[0].rate == KF_RATE(256) &&
          jobs[0].suffix != 0 && jobs[0].after == \null && jobs[0].from == \null && jobs[0].absorbed == 0; */
    /*@ assert enc_g3: g->in[0] == &sec->in[0] && g->inlen[0] == 2 * SYM && g->inlen[1] == 0 && g->out == &sec->kr[0] &&
          g->outlen == 2 * SYM && g->poly == \null && g->rate == KF_RATE(512) && g->suffix != 0 &&
          g->after == &jobs[0] && g->from == \null && g->absorbed == 0; */
    /*@ assert enc_gn: g == jobs + n - 1; */
    /*@ assert enc_gi2: gi + 1 == n; */
    /*@ ghost kf_mlkem_params_of(p, pv); */
    /*@ ghost EncN: ; */
    n += kf_kpke_noise_jobs(p, jobs + n, &sec->nz, sec->kr + SYM, g) /*@ ghost (n) */;
    /*@ assert enc_k3: k == p->k; */
    /*@ assert enc_p3: *p == pv; */
    /*@ assert enc_f4n: \forall integer q; 0 <= q <= gi ==>
          jobs[q].in[0] == \at(jobs[q].in[0], EncN) && jobs[q].in[1] == \at(jobs[q].in[1], EncN) &&
          jobs[q].inlen[0] == \at(jobs[q].inlen[0], EncN) && jobs[q].inlen[1] == \at(jobs[q].inlen[1], EncN) &&
          jobs[q].out == \at(jobs[q].out, EncN) && jobs[q].outlen == \at(jobs[q].outlen, EncN) &&
          jobs[q].poly == \at(jobs[q].poly, EncN) && jobs[q].rate == \at(jobs[q].rate, EncN) &&
          jobs[q].suffix == \at(jobs[q].suffix, EncN) && jobs[q].after == \at(jobs[q].after, EncN) &&
          jobs[q].from == \at(jobs[q].from, EncN) && jobs[q].absorbed == \at(jobs[q].absorbed, EncN); */
    /* (ACSL) G's job across the noise jobs' set-up: enc_f4n's instance at gi, field by field (the
     * twelve fields in one assertion ran to the step limit, session 49; each of the eight scalar
     * fields ~86,000 steps; the array fields in[0 .. 1] and inlen[0 .. 1] at the step limit in
     * session 49, 239,045-307,630 steps in session 50, with -wp-unalias-vars kf_spec_xn_table) */
    /*@ assert enc_f4g_in0: jobs[gi].in[0] == \at(jobs[gi].in[0], EncN); */
    /*@ assert enc_f4g_in1: jobs[gi].in[1] == \at(jobs[gi].in[1], EncN); */
    /*@ assert enc_f4g_il0: jobs[gi].inlen[0] == \at(jobs[gi].inlen[0], EncN); */
    /*@ assert enc_f4g_il1: jobs[gi].inlen[1] == \at(jobs[gi].inlen[1], EncN); */
    /*@ assert enc_f4g_out: jobs[gi].out == \at(jobs[gi].out, EncN); */
    /*@ assert enc_f4g_ol: jobs[gi].outlen == \at(jobs[gi].outlen, EncN); */
    /*@ assert enc_f4g_poly: jobs[gi].poly == \at(jobs[gi].poly, EncN); */
    /*@ assert enc_f4g_rate: jobs[gi].rate == \at(jobs[gi].rate, EncN); */
    /*@ assert enc_f4g_suf: jobs[gi].suffix == \at(jobs[gi].suffix, EncN); */
    /*@ assert enc_f4g_after: jobs[gi].after == \at(jobs[gi].after, EncN); */
    /*@ assert enc_f4g_from: jobs[gi].from == \at(jobs[gi].from, EncN); */
    /*@ assert enc_f4g_abs: jobs[gi].absorbed == \at(jobs[gi].absorbed, EncN); */
    /*@ assert enc_f4g: jobs[gi].in[0] == \at(jobs[gi].in[0], EncN) && jobs[gi].in[1] == \at(jobs[gi].in[1], EncN) &&
          jobs[gi].inlen[0] == \at(jobs[gi].inlen[0], EncN) && jobs[gi].inlen[1] == \at(jobs[gi].inlen[1], EncN) &&
          jobs[gi].out == \at(jobs[gi].out, EncN) && jobs[gi].outlen == \at(jobs[gi].outlen, EncN) &&
          jobs[gi].poly == \at(jobs[gi].poly, EncN) && jobs[gi].rate == \at(jobs[gi].rate, EncN) &&
          jobs[gi].suffix == \at(jobs[gi].suffix, EncN) && jobs[gi].after == \at(jobs[gi].after, EncN) &&
          jobs[gi].from == \at(jobs[gi].from, EncN) && jobs[gi].absorbed == \at(jobs[gi].absorbed, EncN); */
    /*@ assert enc_n: n == p->k * p->k + 2 * p->k + 3; */
    /* (ACSL) jobs 1 .. k^2 by the call's noise_kept; H(ek)'s, the caller's first job, by its
     * first_kept: unquantified, so the read is the very term of the call's ensures (noise_kept's
     * instance at 0: over the step limit, session 46); G's (enc_gg) by enc_f4n and enc_f4g_* above
     * (noise_kept's instance at G's index as one goal: over the step limit, session 47) */
    /*@ assert enc_f4: \forall integer q; 1 <= q <= p->k * p->k ==>
          jobs[q].in[0] == \at(jobs[q].in[0], EncN) &&
          jobs[q].in[1] == \at(jobs[q].in[1], EncN) &&
          jobs[q].inlen[0] == \at(jobs[q].inlen[0], EncN) &&
          jobs[q].inlen[1] == \at(jobs[q].inlen[1], EncN) &&
          jobs[q].out == \at(jobs[q].out, EncN) &&
          jobs[q].outlen == \at(jobs[q].outlen, EncN) &&
          jobs[q].poly == \at(jobs[q].poly, EncN) &&
          jobs[q].rate == \at(jobs[q].rate, EncN) &&
          jobs[q].suffix == \at(jobs[q].suffix, EncN) &&
          jobs[q].after == \at(jobs[q].after, EncN) &&
          jobs[q].from == \at(jobs[q].from, EncN) &&
          jobs[q].absorbed == \at(jobs[q].absorbed, EncN); */
    /*@ assert enc_h: jobs[0].in[0] == ek && jobs[0].inlen[0] == p->ek_bytes && jobs[0].inlen[1] == 0 &&
          jobs[0].out == &sec->in[SYM] && jobs[0].outlen == SYM && jobs[0].poly == \null && jobs[0].rate == KF_RATE(256) &&
          jobs[0].suffix != 0 && jobs[0].after == \null && jobs[0].from == \null && jobs[0].absorbed == 0; */
    /*@ assert enc_a: \forall integer q; 1 <= q <= p->k * p->k ==>
          jobs[q].out == \null && jobs[q].poly == &at[q - 1] && jobs[q].in[0] == &jobs[q].own[0] &&
          jobs[q].inlen[0] == SYM + 2 && jobs[q].inlen[1] == 0 && jobs[q].rate == KF_SHAKE128_RATE &&
          jobs[q].suffix != 0 && jobs[q].after == \null && jobs[q].from == \null && jobs[q].absorbed == 0; */
    /*@ assert enc_gg: g->in[0] == &sec->in[0] && g->inlen[0] == 2 * SYM && g->inlen[1] == 0 && g->out == &sec->kr[0] &&
          g->outlen == 2 * SYM && g->poly == \null && g->rate == KF_RATE(512) && g->suffix != 0 &&
          g->after == &jobs[0] && g->from == \null && g->absorbed == 0; */
    /*@ assert enc_g: jobs[p->k * p->k + 1].in[0] == &sec->in[0] && jobs[p->k * p->k + 1].inlen[0] == 2 * SYM &&
          jobs[p->k * p->k + 1].inlen[1] == 0 && jobs[p->k * p->k + 1].out == &sec->kr[0] &&
          jobs[p->k * p->k + 1].outlen == 2 * SYM && jobs[p->k * p->k + 1].poly == \null &&
          jobs[p->k * p->k + 1].rate == KF_RATE(512) && jobs[p->k * p->k + 1].suffix != 0 &&
          jobs[p->k * p->k + 1].after == &jobs[0] && jobs[p->k * p->k + 1].from == \null &&
          jobs[p->k * p->k + 1].absorbed == 0; */
    /*@ assert enc_r: \forall integer q; p->k * p->k + 2 <= q < p->k * p->k + 2 * p->k + 3 ==>
          jobs[q].out == &sec->nz.prf[q - (p->k * p->k + 2)][0] &&
          jobs[q].outlen == 64 * (q - (p->k * p->k + 2) < p->k ? p->eta1 : p->eta2) && jobs[q].poly == \null &&
          jobs[q].in[0] == &sec->kr[SYM] && jobs[q].inlen[0] == SYM && jobs[q].in[1] == &jobs[q].own[0] &&
          jobs[q].inlen[1] == 1 && jobs[q].rate == KF_SHAKE256_RATE && jobs[q].suffix != 0 &&
          jobs[q].from == \null && jobs[q].absorbed == 0 && jobs[q].after == &jobs[p->k * p->k + 1]; */
    /*@ ghost kf_mlkem_params_of(p, pv); */
    /*@ assert enc_fv: \valid(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1)); */
    /*@ assert enc_fsk: \separated(jobs + (0 .. k * k + 2 * k + 3 - 1), sec, at + (0 .. k * k - 1)); */
    /*@ assert enc_fs2k: \separated(sec, at + (0 .. k * k - 1)) && \valid(sec) && \valid(at + (0 .. k * k - 1)); */
    /*@ assert enc_fs: \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 3 - 1), sec, at + (0 .. p->k * p->k - 1)); */
    /*@ assert enc_fs2: \separated(sec, at + (0 .. p->k * p->k - 1)) && \valid(sec) && \valid(at + (0 .. p->k * p->k - 1)); */
    /*@ ghost enc_fold_h(p, jobs, sec, at, ek); */
    /*@ ghost enc_fold_a(p, jobs, sec, at); */
    /*@ ghost enc_fold_g(p, jobs, sec, at); */
    /*@ ghost enc_fold_r(p, jobs, sec, at); */
    /*@ ghost enc_fold_p(p, jobs, sec, at); */
    /*@ ghost enc_fold(p, jobs); */
    /* (ACSL) A^T's bounds on KF_OK: run_jobs' ensures for its SampleNTT jobs 1 .. k^2 (their
     * out and poly fields kept across the call: not among its assigns), at[] as those polys,
     * then vec_bounded (enc_run's assertions enc_bd1, enc_bd2). The statement after the call is what lets
     * the prover carry the jobs' fields across it (as `return run_jobs(..)`: a time-out, session
     * 45); gcc 12 and clang 14 -O3 make the same object code of either form. */
    /*@ assert enc_kr: k == p->k; */
    /*@ assert enc_at: \forall integer l; 0 <= l < k * k ==> jobs[l + 1].out == \null && jobs[l + 1].poly == &at[l]; */
    /*@ ghost enc_nz_bytes(jobs, sec, k * k + 2, n); */
    /*@ ghost enc_h_bytes(jobs, sec); */
    return enc_run(p, sec, at, jobs, n) /*@ ghost (k, k * k + 1, k * k + 2) */;
}

/* ML-KEM.Encaps_internal (Alg. 17): (K, r) = G(m || H(ek)); c = K-PKE.Encrypt(ek, m, r). */
int kf_mlkem_encaps_internal(kf_mlkem_param param, uint8_t *ct, uint8_t ss[KF_MLKEM_SS_BYTES],
                             const uint8_t *ek, size_t eklen, const uint8_t m[KF_MLKEM_MSG_BYTES])
{
    const kf_mlkem_params *p = kf_mlkem_params_get(param);
    if (!p) {
        kf_wipe(ss, KF_MLKEM_SS_BYTES); /* ct's size is unknown without a parameter set */
        return KF_ERR_BAD_ALGORITHM;
    }
    if (!ct || !ss || !ek || !m) {
        kf_wipe(ct, p->ct_bytes);
        kf_wipe(ss, KF_MLKEM_SS_BYTES);
        return KF_ERR_NULL_POINTER;
    }
    /*@ assert enc_ct: p->ct_bytes == kf_mlkem_ct_len(param) && 32 * (p->du * p->k + p->dv) == p->ct_bytes; */
    encaps_secrets sec;
    kf_mlkem_poly at[KF_MLKEM_K_MAX * KF_MLKEM_K_MAX], t[KF_MLKEM_K_MAX];
    int rc = check_ek(p, t, ek, eklen);
    if (rc == KF_OK) {
        /* m into m || H(ek); byte by byte, a typed copy (the proof's memory model: docs/ASSURANCE.md) */
        /*@ loop invariant 0 <= i <= SYM;
            loop assigns i, sec.in[0 .. SYM - 1];
            loop variant SYM - i; */
        for (unsigned i = 0; i < SYM; i++) sec.in[i] = m[i];
        rc = encaps_jobs(p, &sec, at, ek) /*@ ghost (p->k) */;
    }
    if (rc == KF_OK) kf_kpke_encrypt(p, ct, t, m, at, &sec.nz);
    if (rc == KF_OK) {
        memcpy(ss, sec.kr, SYM);
    } else {
        kf_memzero(ct, p->ct_bytes);
        kf_memzero(ss, KF_MLKEM_SS_BYTES);
    }
    /* the secrets, field by field: the same bytes as the whole struct (no padding) */
    kf_memzero(sec.in, sizeof sec.in);
    kf_memzero(sec.kr, sizeof sec.kr);
    kf_memzero(&sec.nz.prf[0][0], sizeof sec.nz.prf);
    return rc;
}

/* ML-KEM.Encaps (Alg. 20). */
int kf_mlkem_encaps(kf_mlkem_param param, uint8_t *ct, uint8_t ss[KF_MLKEM_SS_BYTES],
                    const uint8_t *ek, size_t eklen)
{
    const kf_mlkem_params *p = kf_mlkem_params_get(param);
    if (!p) {
        kf_wipe(ss, KF_MLKEM_SS_BYTES); /* ct's size is unknown without a parameter set */
        return KF_ERR_BAD_ALGORITHM;
    }
    if (!ct || !ss || !ek) {
        kf_wipe(ct, p->ct_bytes);
        kf_wipe(ss, KF_MLKEM_SS_BYTES);
        return KF_ERR_NULL_POINTER;
    }
    uint8_t m[SYM];
    kf_mlkem_poly t[KF_MLKEM_K_MAX];
    int rc = check_ek(p, t, ek, eklen); /* before drawing randomness */
    if (rc == KF_OK) rc = random_bytes(m, sizeof m);
    if (rc == KF_OK) {
        rc = kf_mlkem_encaps_internal(param, ct, ss, ek, eklen, m);
    } else {
        kf_memzero(ct, p->ct_bytes);
        kf_memzero(ss, KF_MLKEM_SS_BYTES);
    }
    kf_memzero(m, sizeof m);
    return rc;
}

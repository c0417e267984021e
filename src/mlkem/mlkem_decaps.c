/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_decaps.c - ML-KEM decapsulation (FIPS 203 Alg. 18 and 21) with implicit rejection,
 * and the decapsulation-key check (§7.3).
 *
 * Implicit rejection: decapsulation re-encrypts the decrypted message and compares the
 * result with the ciphertext; on a mismatch the shared secret is K_bar = J(z || c) instead
 * of K'. Both are always computed, the comparison reads every byte, and the choice is a
 * mask, so the time and the memory addresses do not say which one was returned.
 */
#include "mlkem/kpke.h"
#include "mlkem/secret.h"

#include <string.h>

#define SYM KF_MLKEM_SYM_BYTES

/* Keep the compiler from turning a mask back into a branch. */
/*@ assigns \nothing; */
static uint8_t value_barrier_u8(uint8_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* 0xFF if a[0..len) != b[0..len), else 0x00; reads every byte. */
/*@ requires \valid_read(a + (0 .. len - 1)) && \valid_read(b + (0 .. len - 1));
    assigns \nothing; */
static uint8_t ct_differ_mask(const uint8_t *a, const uint8_t *b, size_t len)
{
    uint8_t acc = 0;
    /*@ loop invariant 0 <= i <= len;
        loop assigns i, acc;
        loop variant len - i; */
    for (size_t i = 0; i < len; i++) acc |= (uint8_t)(a[i] ^ b[i]);
    /* acc != 0 -> (0 - acc) >> 8 is all ones in the low byte */
    return value_barrier_u8((uint8_t)((0u - (uint32_t)acc) >> 8));
}

/* r = mask ? b : r, byte by byte. */
/*@ requires \valid(r + (0 .. len - 1)) && \valid_read(b + (0 .. len - 1));
    requires \separated(r + (0 .. len - 1), b + (0 .. len - 1));
    assigns r[0 .. len - 1]; */
static void ct_select(uint8_t *r, const uint8_t *b, size_t len, uint8_t mask)
{
    /*@ loop invariant 0 <= i <= len;
        loop assigns i, r[0 .. len - 1];
        loop variant len - i; */
    for (size_t i = 0; i < len; i++) r[i] ^= (uint8_t)(mask & (r[i] ^ b[i]));
}

/* §7.3: type checks (lengths) and the hash check H(ek) == h on the copy of ek inside dk. */
/*@ requires kf_mlkem_params_ok(p) && \valid_read(dk + (0 .. dklen - 1));
    assigns \nothing;
    ensures \result == KF_OK ==> dklen == p->dk_bytes; */
static int check_dk(const kf_mlkem_params *p, const uint8_t *dk, size_t dklen)
{
    uint8_t h[SYM];
    if (dklen != p->dk_bytes) return KF_ERR_BAD_LENGTH;
    const uint8_t *ek = dk + KF_MLKEM_POLY_BYTES * p->k;
    int rc = kf_sha3_256(h, ek, p->ek_bytes);
    if (rc != KF_OK) return rc;
    /* h and H(ek) are public (ek is); ct_differ_mask's loop, as Decaps_internal's check, keeps
     * memcmp's char-view preconditions (false for the local h in WP's model) out of the proof */
    return ct_differ_mask(h, ek + p->ek_bytes, SYM) ? KF_ERR_BAD_KEY : KF_OK;
}

int kf_mlkem_check_dk(kf_mlkem_param param, const uint8_t *dk, size_t dklen)
{
    const kf_mlkem_params *p = kf_mlkem_params_get(param);
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!dk) return KF_ERR_NULL_POINTER;
    return check_dk(p, dk, dklen);
}

/* Decaps_internal's secrets: m' || h, K' || r' = G(m' || h), K_bar = J(z || c), the
 * re-encryption c' and its noise. */
typedef struct decaps_secrets {
    uint8_t mh[2 * SYM];
    uint8_t kr[2 * SYM];
    uint8_t kbar[SYM];
    uint8_t c2[KF_MLKEM_CT_MAX_BYTES];
    kf_kpke_noise nz;
} decaps_secrets;

/* Decaps_internal's Keccak work as one schedule of jobs (sampling.h): G(m' || h), H(ek) (the
 * check), K_bar = J(z || c) and the re-encryption's matrix A^T (from ek's rho) need nothing
 * from each other; the re-encryption's noise PRFs start once G has given r'. */
/* (ACSL, unit mlkem_kem) decaps_jobs' jobs field by field, folded into sampling.h's
 * kf_mlkem_jobs_runnable for kf_mlkem_run_jobs by ghost lemma functions, each proved alone, as
 * encaps_jobs' (mlkem.c): each range of jobs' part of the predicate, the SampleNTT outputs'
 * separation, then the predicate. Jobs: G (0), H(ek) (1), J (2), A^T (3 .. k^2 + 2), the noise
 * PRFs (k^2 + 3 .. k^2 + 2k + 3). */
/*@ ghost
  /@ requires kf_mlkem_params_ok(p) && \valid(sec) && \valid(at + (0 .. p->k * p->k - 1)) &&
              \valid(hek + (0 .. SYM - 1)) && \valid(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1)) &&
              \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), sec, at + (0 .. p->k * p->k - 1), hek + (0 .. SYM - 1)) &&
              \separated(sec, at + (0 .. p->k * p->k - 1), hek + (0 .. SYM - 1)) &&
              ((p->k == 2 && p->k * p->k == 4) || (p->k == 3 && p->k * p->k == 9) || (p->k == 4 && p->k * p->k == 16));
     requires \valid_read(ek + (0 .. p->ek_bytes - 1)) && \valid_read(z + (0 .. SYM - 1));
     requires \valid_read(c + (0 .. p->ct_bytes - 1)) && p->ct_bytes <= KF_MLKEM_CT_MAX_BYTES;
     requires fold_g: jobs[0].in[0] == &sec->mh[0] && jobs[0].inlen[0] == 2 * SYM && jobs[0].inlen[1] == 0 &&
          jobs[0].out == &sec->kr[0] && jobs[0].outlen == 2 * SYM && jobs[0].poly == \null && jobs[0].rate == KF_RATE(512) &&
          jobs[0].suffix != 0 && jobs[0].after == \null && jobs[0].from == \null && jobs[0].absorbed == 0;
     requires fold_h: jobs[1].in[0] == ek && jobs[1].inlen[0] == p->ek_bytes && jobs[1].inlen[1] == 0 &&
          jobs[1].out == &hek[0] && jobs[1].outlen == SYM && jobs[1].poly == \null && jobs[1].rate == KF_RATE(256) &&
          jobs[1].suffix != 0 && jobs[1].after == \null && jobs[1].from == \null && jobs[1].absorbed == 0;
     requires fold_j: jobs[2].in[0] == z && jobs[2].inlen[0] == SYM && jobs[2].in[1] == c && jobs[2].inlen[1] == p->ct_bytes &&
          jobs[2].out == &sec->kbar[0] && jobs[2].outlen == SYM && jobs[2].poly == \null && jobs[2].rate == KF_RATE(256) &&
          jobs[2].suffix != 0 && jobs[2].after == \null && jobs[2].from == \null && jobs[2].absorbed == 0;
     assigns \nothing;
     ensures \forall integer q; 0 <= q < 3 ==> kf_mlkem_job_in_ok(&jobs[q]) && 8 <= jobs[q].rate && kf_mlkem_job_out_ok(&jobs[q]) &&
         (jobs[q].from != \null ==> \valid_read(jobs[q].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[q].after != \null ==> \valid_read(jobs[q].after)) &&
         (jobs[q].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), jobs[q].out + (0 .. jobs[q].outlen - 1))) &&
         (jobs[q].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), jobs[q].poly)); @/
  static void dec_fold_hashes(const kf_mlkem_params *p, kf_mlkem_job *jobs, decaps_secrets *sec, kf_mlkem_poly *at,
                              uint8_t *hek, const uint8_t *ek, const uint8_t *z, const uint8_t *c) { }
  /@ requires kf_mlkem_params_ok(p) && \valid(sec) && \valid(at + (0 .. p->k * p->k - 1)) &&
              \valid(hek + (0 .. SYM - 1)) && \valid(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1)) &&
              \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), sec, at + (0 .. p->k * p->k - 1), hek + (0 .. SYM - 1)) &&
              \separated(sec, at + (0 .. p->k * p->k - 1), hek + (0 .. SYM - 1)) &&
              ((p->k == 2 && p->k * p->k == 4) || (p->k == 3 && p->k * p->k == 9) || (p->k == 4 && p->k * p->k == 16));
     requires fold_a: \forall integer q; 3 <= q < p->k * p->k + 3 ==>
          jobs[q].out == \null && jobs[q].poly == &at[q - 3] && jobs[q].in[0] == &jobs[q].own[0] &&
          jobs[q].inlen[0] == SYM + 2 && jobs[q].inlen[1] == 0 && jobs[q].rate == KF_SHAKE128_RATE &&
          jobs[q].suffix != 0 && jobs[q].after == \null && jobs[q].from == \null && jobs[q].absorbed == 0;
     assigns \nothing;
     ensures \forall integer q; 3 <= q < p->k * p->k + 3 ==> kf_mlkem_job_in_ok(&jobs[q]) && 8 <= jobs[q].rate && kf_mlkem_job_out_ok(&jobs[q]) &&
         (jobs[q].from != \null ==> \valid_read(jobs[q].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[q].after != \null ==> \valid_read(jobs[q].after)) &&
         (jobs[q].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), jobs[q].out + (0 .. jobs[q].outlen - 1))) &&
         (jobs[q].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), jobs[q].poly)); @/
  static void dec_fold_a(const kf_mlkem_params *p, kf_mlkem_job *jobs, decaps_secrets *sec, kf_mlkem_poly *at,
                         uint8_t *hek) { }
  /@ requires kf_mlkem_params_ok(p) && \valid(sec) && \valid(at + (0 .. p->k * p->k - 1)) &&
              \valid(hek + (0 .. SYM - 1)) && \valid(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1)) &&
              \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), sec, at + (0 .. p->k * p->k - 1), hek + (0 .. SYM - 1)) &&
              \separated(sec, at + (0 .. p->k * p->k - 1), hek + (0 .. SYM - 1)) &&
              ((p->k == 2 && p->k * p->k == 4) || (p->k == 3 && p->k * p->k == 9) || (p->k == 4 && p->k * p->k == 16));
     requires fold_r: \forall integer q; p->k * p->k + 3 <= q < p->k * p->k + 2 * p->k + 4 ==>
          jobs[q].out == &sec->nz.prf[q - (p->k * p->k + 3)][0] &&
          jobs[q].outlen == 64 * (q - (p->k * p->k + 3) < p->k ? p->eta1 : p->eta2) && jobs[q].poly == \null &&
          jobs[q].in[0] == &sec->kr[SYM] && jobs[q].inlen[0] == SYM && jobs[q].in[1] == &jobs[q].own[0] &&
          jobs[q].inlen[1] == 1 && jobs[q].rate == KF_SHAKE256_RATE && jobs[q].suffix != 0 &&
          jobs[q].from == \null && jobs[q].absorbed == 0 && jobs[q].after == &jobs[0];
     assigns \nothing;
     ensures \forall integer q; p->k * p->k + 3 <= q < p->k * p->k + 2 * p->k + 4 ==> kf_mlkem_job_in_ok(&jobs[q]) && 8 <= jobs[q].rate && kf_mlkem_job_out_ok(&jobs[q]) &&
         (jobs[q].from != \null ==> \valid_read(jobs[q].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[q].after != \null ==> \valid_read(jobs[q].after)) &&
         (jobs[q].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), jobs[q].out + (0 .. jobs[q].outlen - 1))) &&
         (jobs[q].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), jobs[q].poly)); @/
  static void dec_fold_r(const kf_mlkem_params *p, kf_mlkem_job *jobs, decaps_secrets *sec, kf_mlkem_poly *at,
                         uint8_t *hek) { }
  /@ requires kf_mlkem_params_ok(p) && \valid(sec) && \valid(at + (0 .. p->k * p->k - 1)) &&
              \valid(hek + (0 .. SYM - 1)) && \valid(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1)) &&
              \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), sec, at + (0 .. p->k * p->k - 1), hek + (0 .. SYM - 1)) &&
              \separated(sec, at + (0 .. p->k * p->k - 1), hek + (0 .. SYM - 1)) &&
              ((p->k == 2 && p->k * p->k == 4) || (p->k == 3 && p->k * p->k == 9) || (p->k == 4 && p->k * p->k == 16));
     requires fold_a: \forall integer q; 3 <= q < p->k * p->k + 3 ==>
          jobs[q].out == \null && jobs[q].poly == &at[q - 3] && jobs[q].in[0] == &jobs[q].own[0] &&
          jobs[q].inlen[0] == SYM + 2 && jobs[q].inlen[1] == 0 && jobs[q].rate == KF_SHAKE128_RATE &&
          jobs[q].suffix != 0 && jobs[q].after == \null && jobs[q].from == \null && jobs[q].absorbed == 0;
     requires fold_o: jobs[0].out == &sec->kr[0] && jobs[0].outlen == 2 * SYM &&
                      jobs[1].out == &hek[0] && jobs[1].outlen == SYM &&
                      jobs[2].out == &sec->kbar[0] && jobs[2].outlen == SYM &&
                      \forall integer q; p->k * p->k + 3 <= q < p->k * p->k + 2 * p->k + 4 ==>
                        jobs[q].out == &sec->nz.prf[q - (p->k * p->k + 3)][0] &&
                        jobs[q].outlen == 64 * (q - (p->k * p->k + 3) < p->k ? p->eta1 : p->eta2);
     assigns \nothing;
     ensures \forall integer q, r; 0 <= q < p->k * p->k + 2 * p->k + 4 && 0 <= r < p->k * p->k + 2 * p->k + 4 && q != r && jobs[q].out == \null ==>
         (jobs[r].out != \null ==> \separated(jobs[q].poly, jobs[r].out + (0 .. jobs[r].outlen - 1))) &&
         (jobs[r].out == \null ==> \separated(jobs[q].poly, jobs[r].poly)); @/
  static void dec_fold_p(const kf_mlkem_params *p, kf_mlkem_job *jobs, decaps_secrets *sec, kf_mlkem_poly *at,
                         uint8_t *hek) { }
  /@ requires kf_mlkem_params_ok(p) && \valid(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1));
     requires \forall integer q; 0 <= q < 3 ==> kf_mlkem_job_in_ok(&jobs[q]) && 8 <= jobs[q].rate && kf_mlkem_job_out_ok(&jobs[q]) &&
         (jobs[q].from != \null ==> \valid_read(jobs[q].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[q].after != \null ==> \valid_read(jobs[q].after)) &&
         (jobs[q].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), jobs[q].out + (0 .. jobs[q].outlen - 1))) &&
         (jobs[q].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), jobs[q].poly));
     requires \forall integer q; 3 <= q < p->k * p->k + 3 ==> kf_mlkem_job_in_ok(&jobs[q]) && 8 <= jobs[q].rate && kf_mlkem_job_out_ok(&jobs[q]) &&
         (jobs[q].from != \null ==> \valid_read(jobs[q].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[q].after != \null ==> \valid_read(jobs[q].after)) &&
         (jobs[q].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), jobs[q].out + (0 .. jobs[q].outlen - 1))) &&
         (jobs[q].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), jobs[q].poly));
     requires \forall integer q; p->k * p->k + 3 <= q < p->k * p->k + 2 * p->k + 4 ==> kf_mlkem_job_in_ok(&jobs[q]) && 8 <= jobs[q].rate && kf_mlkem_job_out_ok(&jobs[q]) &&
         (jobs[q].from != \null ==> \valid_read(jobs[q].from + (0 .. KF_STATE_BYTES - 1))) &&
         (jobs[q].after != \null ==> \valid_read(jobs[q].after)) &&
         (jobs[q].out != \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), jobs[q].out + (0 .. jobs[q].outlen - 1))) &&
         (jobs[q].out == \null ==> \separated(jobs + (0 .. p->k * p->k + 2 * p->k + 4 - 1), jobs[q].poly));
     requires \forall integer q, r; 0 <= q < p->k * p->k + 2 * p->k + 4 && 0 <= r < p->k * p->k + 2 * p->k + 4 && q != r && jobs[q].out == \null ==>
         (jobs[r].out != \null ==> \separated(jobs[q].poly, jobs[r].out + (0 .. jobs[r].outlen - 1))) &&
         (jobs[r].out == \null ==> \separated(jobs[q].poly, jobs[r].poly));
     assigns \nothing;
     ensures kf_mlkem_jobs_runnable(jobs, p->k * p->k + 2 * p->k + 4); @/
  static void dec_fold(const kf_mlkem_params *p, kf_mlkem_job *jobs) { }
*/
/* (ACSL, unit mlkem_kem) a ghost lemma: a[0 .. n) a bounded vector when each is the bounded poly of
 * jobs[0 .. n) (encaps_jobs' enc_vec_of, mlkem.c, with the step from the jobs to a[] inside) */
/*@ ghost
  /@ requires dec_vec_of_at: \forall integer l; 0 <= l < n ==> jobs[l].poly == &a[l];
     requires dec_vec_of_pre: \forall integer l; 0 <= l < n ==> kf_mlkem_bounded(jobs[l].poly, lo, hi);
     assigns \nothing;
     ensures dec_vec_of_post: kf_mlkem_vec_bounded(a, n, lo, hi); @/
  static void dec_vec_of(const kf_mlkem_job *jobs, kf_mlkem_poly *a, unsigned n, int lo, int hi)
  {
      /@ assert dec_vec_of_a: \forall integer l; 0 <= l < n ==> kf_mlkem_bounded(&a[l], lo, hi); @/
  }
*/
/* (ACSL, unit mlkem_kem, session 55) a ghost lemma: the noise jobs' outputs byte by byte (dec_run's
 * run_t, its fifth part) from their first bytes (dec_r), as mlkem.c's enc_nz_bytes: that part as a
 * goal in decaps_jobs' own context ran to the step limit (800,000, session 54) */
/*@ ghost
  /@ requires nz_o: \forall integer q; d <= q < n ==> jobs[q].out == &sec->nz.prf[q - d][0];
     assigns \nothing;
     ensures nz_t: \forall integer q, i; d <= q < n && 0 <= i < kf_mlkem_job_out_len(&jobs[q]) ==>
                     jobs[q].out + i == &sec->nz.prf[q - d][i]; @/
  static void dec_nz_bytes(kf_mlkem_job *jobs, decaps_secrets *sec, unsigned d, unsigned n) { }
*/
/* (ACSL, unit mlkem_kem, session 57) a ghost lemma: H(ek)'s and J's suffix fields, jobs[1] and jobs[2],
 * from the quantified fact (decaps_jobs' dec_sq, across the noise jobs' set-up): their instances at 1
 * and 2 in decaps_jobs' own context ran to the step limit (800,000, session 56) */
/*@ ghost
  /@ requires suf_q: \forall integer q; 1 <= q <= 2 ==> jobs[q].suffix != 0;
     assigns \nothing;
     ensures suf_12: jobs[1].suffix != 0 && jobs[2].suffix != 0; @/
  static void dec_suf_of(const kf_mlkem_job *jobs) { }
*/
/* (ACSL, unit mlkem_kem, session 58) a ghost lemma: H(ek)'s and J's rate fields, jobs[1] and jobs[2], from
 * the quantified fact (decaps_jobs' dec_rq, across the noise jobs' set-up), as dec_suf_of for their suffix:
 * dec_h's and dec_j's rate parts in decaps_jobs' own context ran to the step limit (800,000, session 57) */
/*@ ghost
  /@ requires rate_q: \forall integer q; 1 <= q <= 2 ==> jobs[q].rate == KF_RATE(256);
     assigns \nothing;
     ensures rate_12: jobs[1].rate == KF_RATE(256) && jobs[2].rate == KF_RATE(256); @/
  static void dec_rate_of(const kf_mlkem_job *jobs) { }
*/
/* decaps_jobs' first three jobs, G(m' || h), H(ek) and J(z || c), as an always-inline step (no
 * behaviour change: `objdump -d` of the object as before). (ACSL, unit mlkem_kem, session 51) the
 * three jobs' fields as its ensures and its frame as its assigns (jobs[0 .. 2]): in decaps_jobs'
 * own context the parameters after the three calls (*p, p->ct_bytes) ran to the step limit
 * (session 49). */
/*@ requires kf_mlkem_params_ok(p) && \valid(jobs + (0 .. 2)) && \separated(jobs + (0 .. 2), p, sec);
    assigns jobs[0 .. 2];
    ensures hash_g: jobs[0].in[0] == &sec->mh[0] && jobs[0].inlen[0] == 2 * SYM && jobs[0].inlen[1] == 0 &&
          jobs[0].out == &sec->kr[0] && jobs[0].outlen == 2 * SYM && jobs[0].poly == \null && jobs[0].rate == KF_RATE(512) &&
          jobs[0].suffix != 0 && jobs[0].after == \null && jobs[0].from == \null && jobs[0].absorbed == 0;
    ensures hash_h: jobs[1].in[0] == ek && jobs[1].inlen[0] == p->ek_bytes && jobs[1].inlen[1] == 0 &&
          jobs[1].out == &hek[0] && jobs[1].outlen == SYM && jobs[1].poly == \null && jobs[1].rate == KF_RATE(256) &&
          jobs[1].suffix != 0 && jobs[1].after == \null && jobs[1].from == \null && jobs[1].absorbed == 0;
    ensures hash_j: jobs[2].in[0] == z && jobs[2].inlen[0] == SYM && jobs[2].in[1] == c && jobs[2].inlen[1] == p->ct_bytes &&
          jobs[2].out == &sec->kbar[0] && jobs[2].outlen == SYM && jobs[2].poly == \null && jobs[2].rate == KF_RATE(256) &&
          jobs[2].suffix != 0 && jobs[2].after == \null && jobs[2].from == \null && jobs[2].absorbed == 0; */
static inline __attribute__((always_inline)) void dec_hash_jobs(const kf_mlkem_params *p, kf_mlkem_job *jobs,
                                                                decaps_secrets *sec, uint8_t hek[SYM],
                                                                const uint8_t *ek, const uint8_t *z, const uint8_t *c)
{
    kf_mlkem_job_hash(&jobs[0], KF_RATE(512), KF_SUFFIX_SHA3, sec->mh, sizeof sec->mh, NULL, 0, sec->kr,
                      sizeof sec->kr) /*@ ghost (0) */;
    /*@ assert hj_g0: jobs[0].in[0] == &sec->mh[0] && jobs[0].inlen[0] == 2 * SYM && jobs[0].inlen[1] == 0 &&
          jobs[0].out == &sec->kr[0] && jobs[0].outlen == 2 * SYM && jobs[0].poly == \null && jobs[0].rate == KF_RATE(512) &&
          jobs[0].suffix != 0 && jobs[0].after == \null && jobs[0].from == \null && jobs[0].absorbed == 0; */
    kf_mlkem_job_hash(&jobs[1], KF_RATE(256), KF_SUFFIX_SHA3, ek, p->ek_bytes, NULL, 0, hek,
                      SYM) /*@ ghost (1) */;
    /*@ assert hj_g1: jobs[0].in[0] == &sec->mh[0] && jobs[0].inlen[0] == 2 * SYM && jobs[0].inlen[1] == 0 &&
          jobs[0].out == &sec->kr[0] && jobs[0].outlen == 2 * SYM && jobs[0].poly == \null && jobs[0].rate == KF_RATE(512) &&
          jobs[0].suffix != 0 && jobs[0].after == \null && jobs[0].from == \null && jobs[0].absorbed == 0; */
    /*@ assert hj_h1: jobs[1].in[0] == ek && jobs[1].inlen[0] == p->ek_bytes && jobs[1].inlen[1] == 0 &&
          jobs[1].out == &hek[0] && jobs[1].outlen == SYM && jobs[1].poly == \null && jobs[1].rate == KF_RATE(256) &&
          jobs[1].suffix != 0 && jobs[1].after == \null && jobs[1].from == \null && jobs[1].absorbed == 0; */
    kf_mlkem_job_hash(&jobs[2], KF_RATE(256), KF_SUFFIX_SHAKE, z, SYM, c, p->ct_bytes, sec->kbar,
                      SYM) /*@ ghost (2) */;
}
/* decaps_jobs' A^T jobs, jobs[3 .. k^2 + 3), as an always-inline step (no behaviour change:
 * `objdump -d` of the object as before). (ACSL, unit mlkem_kem, session 51) its frame of the three
 * hash jobs before them as its assigns (jobs[3 ..] only), the jobs' fields as its ensures: in
 * decaps_jobs' own context jobs[0] and jobs[1] across kf_mlkem_matrix_jobs' call (its matrix_kept)
 * and the call's precondition ran to the step limit. (session 57) mat_sq (from mat_sq_in): H(ek)'s and
 * J's suffix, jobs[1 .. 2], still non-zero, quantified, the fact decaps_jobs' dec_sq1 needs: from the
 * call's havoc in decaps_jobs' context it ran to the step limit (800,000), even with a frame ensures
 * (jobs[q].suffix == \old(jobs[q].suffix), 1 <= q <= 2: proved here, but Qed dropped it from the
 * caller's context). (session 58) mat_rq (from mat_rq_in): their rate, 136, the same way (dec_rq1). */
/*@ requires kf_mlkem_params_ok(p) && \valid(jobs + (0 .. p->k * p->k + 2)) && \valid_read(ek + (0 .. p->ek_bytes - 1));
    requires mat_rq_in: \forall integer q; 1 <= q <= 2 ==> jobs[q].rate == KF_RATE(256);
    requires mat_sep: \separated(jobs + (0 .. p->k * p->k + 2), p) && \separated(jobs + (0 .. p->k * p->k + 2), ek + (0 .. p->ek_bytes - 1));
    requires mat_k: p->k * p->k <= KF_MLKEM_K_MAX * KF_MLKEM_K_MAX;
    requires mat_sq_in: \forall integer q; 1 <= q <= 2 ==> jobs[q].suffix != 0;
    assigns jobs[3 .. KF_MLKEM_K_MAX * KF_MLKEM_K_MAX + 2];
    ensures \result == \old(p->k) * \old(p->k);
    ensures mat_a: \forall integer q; 3 <= q < \old(p->k) * \old(p->k) + 3 ==>
          jobs[q].out == \null && jobs[q].poly == &at[q - 3] && jobs[q].in[0] == &jobs[q].own[0] &&
          jobs[q].inlen[0] == SYM + 2 && jobs[q].inlen[1] == 0 && jobs[q].rate == KF_SHAKE128_RATE &&
          jobs[q].suffix != 0 && jobs[q].after == \null && jobs[q].from == \null && jobs[q].absorbed == 0;
    ensures mat_sq: \forall integer q; 1 <= q <= 2 ==> jobs[q].suffix != 0;
    ensures mat_rq: \forall integer q; 1 <= q <= 2 ==> jobs[q].rate == KF_RATE(256); */
static inline __attribute__((always_inline)) unsigned dec_matrix_jobs(const kf_mlkem_params *p, kf_mlkem_job *jobs,
                                                                      kf_mlkem_poly *at, const uint8_t *ek)
{
    /*@ ghost const unsigned k = p->k; */
    unsigned r = kf_mlkem_matrix_jobs(jobs + 3, at, ek + KF_MLKEM_POLY_BYTES * p->k, p->k, 1) /*@ ghost (3) */;
    /*@ assert mat_r: r == k * k; */
    /*@ assert mat_s: \forall integer q; 3 <= q < k * k + 3 ==> kf_mlkem_sample_job(&jobs[q], &at[q - 3]); */
    return r;
}
/* The run of decaps_jobs' jobs, as an always-inline step (no behaviour change: `objdump -d` of
 * the object as before). (ACSL, unit mlkem_kem, session 51) as encaps_jobs' enc_run (mlkem.c):
 * kf_mlkem_run_jobs' assigns checked against decaps_jobs' outputs from each job's out and poly
 * (run_o, run_a), and A^T's bounds on KF_OK from its ensures; its ghost split points (1, 2, 3, d),
 * d = k^2 + 3 (the noise): G's, H(ek)'s (in the caller's hek) and J's outputs each a range of its
 * own, A^T's jobs, then the noise's (session 52). Session 53, as enc_run's: no call after the run
 * (the bounds by dec_bd1, dec_bd2, not the ghost lemma dec_vec_of), the noise outputs as
 * sec->nz.prf's bytes, their lengths at most 192 (run_t). */
/*@ requires run_ctx: kf_mlkem_params_ok(p) && n == p->k * p->k + 2 * p->k + 4;
    requires run_k: k == p->k && n == k * k + 2 * k + 4 && ((k == 2 && k * k == 4) || (k == 3 && k * k == 9) || (k == 4 && k * k == 16));
    requires run_ok: kf_mlkem_jobs_runnable(jobs, n);
    requires run_v: \valid(sec) && \valid(at + (0 .. k * k - 1)) && \valid(hek + (0 .. SYM - 1));
    requires run_o: (\forall integer q; 0 <= q < 1 ==> jobs[q].out == &sec->kr[0] && jobs[q].outlen == 2 * SYM) &&
                    (\forall integer q; 1 <= q < 2 ==> jobs[q].out == &hek[0] && jobs[q].outlen == SYM) &&
                    (\forall integer q; 2 <= q < 3 ==> jobs[q].out == &sec->kbar[0] && jobs[q].outlen == SYM) &&
                    \forall integer q; d <= q < n ==> jobs[q].out == &sec->nz.prf[q - d][0] && jobs[q].outlen <= 3 * 64;
    requires run_a: \forall integer q; 3 <= q < d ==> jobs[q].out == \null && jobs[q].poly == &at[q - 3];
    requires run_d: d == k * k + 3 && n == d + 2 * k + 1;
    requires run_t: (\forall integer q, i; 0 <= q < 1 && 0 <= i < 2 * SYM ==> jobs[q].out + i == &sec->kr[i]) &&
                    (\forall integer q, i; 1 <= q < 2 && 0 <= i < SYM ==> jobs[q].out + i == hek + i) &&
                    (\forall integer q, i; 2 <= q < 3 && 0 <= i < SYM ==> jobs[q].out + i == &sec->kbar[i]) &&
                    (\forall integer q; d <= q < n ==> kf_mlkem_job_out_len(&jobs[q]) <= 3 * 64) &&
                    (\forall integer q, i; d <= q < n && 0 <= i < kf_mlkem_job_out_len(&jobs[q]) ==>
                       jobs[q].out + i == &sec->nz.prf[q - d][i]);
    assigns sec->kr[0 .. 2 * SYM - 1], sec->kbar[0 .. SYM - 1], sec->nz.prf[0 .. 2 * k][0 .. 3 * 64 - 1],
            at[0 .. p->k * p->k - 1], hek[0 .. SYM - 1],
            kf_spec_xn_table,
            jobs[0 .. n - 1].started, jobs[0 .. n - 1].done, jobs[0 .. n - 1].absorbed, jobs[0 .. n - 1].padded,
            jobs[0 .. n - 1].produced, jobs[0 .. n - 1].have;
    ensures \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH;
    ensures run_bounded: \result == KF_OK ==> kf_mlkem_vec_bounded(at, \old(p->k) * \old(p->k), 0, KF_MLKEM_Q - 1); */
static inline __attribute__((always_inline)) int dec_run(const kf_mlkem_params *p, decaps_secrets *sec,
                                                         kf_mlkem_poly *at, uint8_t hek[SYM], kf_mlkem_job *jobs,
                                                         unsigned n)
    /*@ ghost (unsigned k, unsigned d) */
{
    (void)p; (void)sec; (void)at; (void)hek; /* the contract's */
    /*@ assert run_at: \forall integer l; 0 <= l < k * k ==> jobs[l + 3].out == \null && jobs[l + 3].poly == &at[l]; */
    int rc = kf_mlkem_run_jobs(jobs, n) /*@ ghost (1, 2, 3, d) */;
    /*@ assert dec_at2: \forall integer l; 0 <= l < k * k ==> jobs[l + 3].out == \null && jobs[l + 3].poly == &at[l]; */
    /*@ assert dec_bd0: rc == KF_OK ==> \forall integer l; 0 <= l < k * k ==> kf_mlkem_bounded(jobs[l + 3].poly, 0, KF_MLKEM_Q - 1); */
    /*@ assert dec_bd1: rc == KF_OK ==> \forall integer l; 0 <= l < k * k ==> kf_mlkem_bounded(&at[l], 0, KF_MLKEM_Q - 1); */
    /*@ assert dec_bd2: rc == KF_OK ==> \forall integer l, m; 0 <= l < k * k && 0 <= m < KF_MLKEM_N ==>
          0 <= at[l].c[m] <= KF_MLKEM_Q - 1; */
    /*@ assert dec_bd: rc == KF_OK ==> kf_mlkem_vec_bounded(at, k * k, 0, KF_MLKEM_Q - 1); */
    return rc;
}
/*@ requires kf_mlkem_params_ok(p) && \valid(sec) && \valid(at + (0 .. p->k * p->k - 1)) && \valid(hek + (0 .. SYM - 1));
    requires \valid_read(ek + (0 .. p->ek_bytes - 1)) && \valid_read(z + (0 .. SYM - 1));
    requires \valid_read(c + (0 .. p->ct_bytes - 1));
    requires \separated(sec, at + (0 .. p->k * p->k - 1), hek + (0 .. SYM - 1), p);
    assigns sec->kr[0 .. 2 * SYM - 1], sec->kbar[0 .. SYM - 1], sec->nz, at[0 .. p->k * p->k - 1], hek[0 .. SYM - 1],
            kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH;
    ensures dec_bounded: \result == KF_OK ==> kf_mlkem_vec_bounded(at, \old(p->k) * \old(p->k), 0, KF_MLKEM_Q - 1); */
static int decaps_jobs(const kf_mlkem_params *p, decaps_secrets *sec, kf_mlkem_poly *at, uint8_t hek[SYM],
                       const uint8_t *ek, const uint8_t *z, const uint8_t *c)
{
    kf_mlkem_job jobs[3 + KF_MLKEM_K_MAX * KF_MLKEM_K_MAX + 2 * KF_MLKEM_K_MAX + 1];
    /*@ ghost const unsigned k = p->k; */ /* (ACSL) k as on entry: A^T's bounds after the run name it */
    /*@ ghost kf_mlkem_params pv = *p; */ /* (ACSL) *p as on entry: kf_mlkem_params_of (params.h) */
    /*@ assert dec_pv: kf_mlkem_params_val(pv); */
    /*@ assert dec_kk: (k == 2 && k * k == 4) || (k == 3 && k * k == 9) || (k == 4 && k * k == 16); */
    /*@ ghost const size_t ekb = p->ek_bytes; */ /* (ACSL) ek's length as on entry: dec_s0, dec_ms */
    /* (ACSL) the jobs (a local) apart from p and ek, on entry (dec_ms's in decaps_jobs' context after
     * the hash jobs' set-up ran to the step limit, session 51; encaps_jobs' enc_s0) */
    /*@ assert dec_s0: \separated(jobs + (0 .. k * k + 2 * k + 4 - 1), p) &&
          \separated(jobs + (0 .. k * k + 2 * k + 4 - 1), ek + (0 .. ekb - 1)); */
    /* G first (the noise waits for it), then the long ones: H(ek) = SHA3-256 and
     * J(s) = SHAKE256(s, 32) (§4.1), both of rate 136 */
    /*@ assert dec_k: (p->k == 2 && p->k * p->k == 4) || (p->k == 3 && p->k * p->k == 9) ||
                      (p->k == 4 && p->k * p->k == 16); */
    /*@ assert dec_ct: p->ct_bytes <= KF_MLKEM_CT_MAX_BYTES; */
    dec_hash_jobs(p, jobs, sec, hek, ek, z, c);
    /* (ACSL, session 57) jobs[1 .. 2].suffix != 0 quantified (hash_h, hash_j): below, dec_sq1 */
    /*@ assert dec_sq0: \forall integer q; 1 <= q <= 2 ==> jobs[q].suffix != 0; */
    /* (ACSL, session 58) their rate the same way (hash_h, hash_j): dec_rq1, dec_rq, dec_rate_of below */
    /*@ assert dec_rq0: \forall integer q; 1 <= q <= 2 ==> jobs[q].rate == KF_RATE(256); */
    /*@ assert dec_k2: k == p->k; */
    /*@ assert dec_p2: *p == pv; */
    /*@ assert dec_g2: jobs[0].in[0] == &sec->mh[0] && jobs[0].inlen[0] == 2 * SYM && jobs[0].inlen[1] == 0 &&
          jobs[0].out == &sec->kr[0] && jobs[0].outlen == 2 * SYM && jobs[0].poly == \null && jobs[0].rate == KF_RATE(512) &&
          jobs[0].suffix != 0 && jobs[0].after == \null && jobs[0].from == \null && jobs[0].absorbed == 0; */
    /*@ assert dec_h2: jobs[1].in[0] == ek && jobs[1].inlen[0] == p->ek_bytes && jobs[1].inlen[1] == 0 &&
          jobs[1].out == &hek[0] && jobs[1].outlen == SYM && jobs[1].poly == \null && jobs[1].rate == KF_RATE(256) &&
          jobs[1].suffix != 0 && jobs[1].after == \null && jobs[1].from == \null && jobs[1].absorbed == 0; */
    /*@ assert dec_j2: jobs[2].in[0] == z && jobs[2].inlen[0] == SYM && jobs[2].in[1] == c && jobs[2].inlen[1] == p->ct_bytes &&
          jobs[2].out == &sec->kbar[0] && jobs[2].outlen == SYM && jobs[2].poly == \null && jobs[2].rate == KF_RATE(256) &&
          jobs[2].suffix != 0 && jobs[2].after == \null && jobs[2].from == \null && jobs[2].absorbed == 0; */
    /*@ ghost kf_mlkem_params_of(p, pv); */
    /*@ assert dec_eb: p->ek_bytes == ekb; */
    /*@ assert dec_mv: \valid(jobs + (0 .. p->k * p->k + 2)) && \valid_read(ek + (0 .. p->ek_bytes - 1)); */
    /*@ assert dec_ms: \separated(jobs + (0 .. p->k * p->k + 2), p) && \separated(jobs + (0 .. p->k * p->k + 2), ek + (0 .. p->ek_bytes - 1)); */
    unsigned n = 3 + dec_matrix_jobs(p, jobs, at, ek);
    /*@ assert dec_k3: k == p->k; */
    /*@ assert dec_p3: *p == pv; */
    /*@ assert dec_n3: n == p->k * p->k + 3; */
    /*@ assert dec_g3: jobs[0].in[0] == &sec->mh[0] && jobs[0].inlen[0] == 2 * SYM && jobs[0].inlen[1] == 0 &&
          jobs[0].out == &sec->kr[0] && jobs[0].outlen == 2 * SYM && jobs[0].poly == \null && jobs[0].rate == KF_RATE(512) &&
          jobs[0].suffix != 0 && jobs[0].after == \null && jobs[0].from == \null && jobs[0].absorbed == 0; */
    /*@ assert dec_h3: jobs[1].in[0] == ek && jobs[1].inlen[0] == p->ek_bytes && jobs[1].inlen[1] == 0 &&
          jobs[1].out == &hek[0] && jobs[1].outlen == SYM && jobs[1].poly == \null && jobs[1].rate == KF_RATE(256) &&
          jobs[1].suffix != 0 && jobs[1].after == \null && jobs[1].from == \null && jobs[1].absorbed == 0; */
    /*@ assert dec_j3: jobs[2].in[0] == z && jobs[2].inlen[0] == SYM && jobs[2].in[1] == c && jobs[2].inlen[1] == p->ct_bytes &&
          jobs[2].out == &sec->kbar[0] && jobs[2].outlen == SYM && jobs[2].poly == \null && jobs[2].rate == KF_RATE(256) &&
          jobs[2].suffix != 0 && jobs[2].after == \null && jobs[2].from == \null && jobs[2].absorbed == 0; */
    /*@ assert dec_a3: \forall integer q; 3 <= q < p->k * p->k + 3 ==>
          jobs[q].out == \null && jobs[q].poly == &at[q - 3] && jobs[q].in[0] == &jobs[q].own[0] &&
          jobs[q].inlen[0] == SYM + 2 && jobs[q].inlen[1] == 0 && jobs[q].rate == KF_SHAKE128_RATE &&
          jobs[q].suffix != 0 && jobs[q].after == \null && jobs[q].from == \null && jobs[q].absorbed == 0; */
    /*@ ghost kf_mlkem_params_of(p, pv); */
    /* (ACSL, session 57) H(ek)'s and J's suffix (jobs[1 .. 2]) across the two later set-up steps as a
     * quantified fact, step by step (dec_sq0 after the hash jobs, dec_sq1 after A^T's by dec_matrix_jobs'
     * mat_sq, dec_sq after the noise jobs' by dec_f / noise_kept at the same q), then dec_suf_of's ground
     * instances: session 56's dec_f1_suf / dec_f2_suf, the instances at 1 and 2 of the frame across the
     * noise set-up, and a dec_sq1 from the call's havoc alone ran to the step limit (800,000); dec_k9 the
     * product's bound as a linear fact (dec_f's range 0 .. k k + 2 holds q) */
    /*@ assert dec_k9: 4 <= k * k <= 16; */
    /*@ assert dec_sq1: \forall integer q; 1 <= q <= 2 ==> jobs[q].suffix != 0; */
    /*@ assert dec_rq1: \forall integer q; 1 <= q <= 2 ==> jobs[q].rate == KF_RATE(256); */
    /*@ ghost DecN: ; */
    n += kf_kpke_noise_jobs(p, jobs + n, &sec->nz, sec->kr + SYM, &jobs[0]) /*@ ghost (n) */;
    /*@ assert dec_k4: k == p->k; */
    /*@ assert dec_p4: *p == pv; */
    /*@ assert dec_n: n == p->k * p->k + 2 * p->k + 4; */
    /*@ assert dec_f: \forall integer q; 0 <= q < p->k * p->k + 3 ==>
          jobs[q].in[0] == \at(jobs[q].in[0], DecN) &&
          jobs[q].in[1] == \at(jobs[q].in[1], DecN) &&
          jobs[q].inlen[0] == \at(jobs[q].inlen[0], DecN) &&
          jobs[q].inlen[1] == \at(jobs[q].inlen[1], DecN) &&
          jobs[q].out == \at(jobs[q].out, DecN) &&
          jobs[q].outlen == \at(jobs[q].outlen, DecN) &&
          jobs[q].poly == \at(jobs[q].poly, DecN) &&
          jobs[q].rate == \at(jobs[q].rate, DecN) &&
          jobs[q].suffix == \at(jobs[q].suffix, DecN) &&
          jobs[q].after == \at(jobs[q].after, DecN) &&
          jobs[q].from == \at(jobs[q].from, DecN) &&
          jobs[q].absorbed == \at(jobs[q].absorbed, DecN); */
    /*@ assert dec_g: jobs[0].in[0] == &sec->mh[0] && jobs[0].inlen[0] == 2 * SYM && jobs[0].inlen[1] == 0 &&
          jobs[0].out == &sec->kr[0] && jobs[0].outlen == 2 * SYM && jobs[0].poly == \null && jobs[0].rate == KF_RATE(512) &&
          jobs[0].suffix != 0 && jobs[0].after == \null && jobs[0].from == \null && jobs[0].absorbed == 0; */
    /* (ACSL, session 55) dec_f's instances at H(ek)'s and J's jobs for the two fields of dec_h and
     * dec_j left at the step limit in session 54 (their suffix and after: -wp-split's parts 03, 04),
     * as encaps_jobs' enc_f4g_* */
    /*@ assert dec_sq: \forall integer q; 1 <= q <= 2 ==> jobs[q].suffix != 0; */
    /*@ ghost dec_suf_of(jobs); */
    /*@ assert dec_rq: \forall integer q; 1 <= q <= 2 ==> jobs[q].rate == KF_RATE(256); */
    /*@ ghost dec_rate_of(jobs); */
    /*@ assert dec_f1_after: jobs[1].after == \at(jobs[1].after, DecN); */
    /*@ assert dec_f2_after: jobs[2].after == \at(jobs[2].after, DecN); */
    /*@ assert dec_h: jobs[1].in[0] == ek && jobs[1].inlen[0] == p->ek_bytes && jobs[1].inlen[1] == 0 &&
          jobs[1].out == &hek[0] && jobs[1].outlen == SYM && jobs[1].poly == \null && jobs[1].rate == KF_RATE(256) &&
          jobs[1].suffix != 0 && jobs[1].after == \null && jobs[1].from == \null && jobs[1].absorbed == 0; */
    /*@ assert dec_j: jobs[2].in[0] == z && jobs[2].inlen[0] == SYM && jobs[2].in[1] == c && jobs[2].inlen[1] == p->ct_bytes &&
          jobs[2].out == &sec->kbar[0] && jobs[2].outlen == SYM && jobs[2].poly == \null && jobs[2].rate == KF_RATE(256) &&
          jobs[2].suffix != 0 && jobs[2].after == \null && jobs[2].from == \null && jobs[2].absorbed == 0; */
    /*@ assert dec_a: \forall integer q; 3 <= q < p->k * p->k + 3 ==>
          jobs[q].out == \null && jobs[q].poly == &at[q - 3] && jobs[q].in[0] == &jobs[q].own[0] &&
          jobs[q].inlen[0] == SYM + 2 && jobs[q].inlen[1] == 0 && jobs[q].rate == KF_SHAKE128_RATE &&
          jobs[q].suffix != 0 && jobs[q].after == \null && jobs[q].from == \null && jobs[q].absorbed == 0; */
    /*@ assert dec_r: \forall integer q; p->k * p->k + 3 <= q < p->k * p->k + 2 * p->k + 4 ==>
          jobs[q].out == &sec->nz.prf[q - (p->k * p->k + 3)][0] &&
          jobs[q].outlen == 64 * (q - (p->k * p->k + 3) < p->k ? p->eta1 : p->eta2) && jobs[q].poly == \null &&
          jobs[q].in[0] == &sec->kr[SYM] && jobs[q].inlen[0] == SYM && jobs[q].in[1] == &jobs[q].own[0] &&
          jobs[q].inlen[1] == 1 && jobs[q].rate == KF_SHAKE256_RATE && jobs[q].suffix != 0 &&
          jobs[q].from == \null && jobs[q].absorbed == 0 && jobs[q].after == &jobs[0]; */
    /*@ ghost kf_mlkem_params_of(p, pv); */
    /*@ ghost dec_fold_hashes(p, jobs, sec, at, hek, ek, z, c); */
    /*@ ghost dec_fold_a(p, jobs, sec, at, hek); */
    /*@ ghost dec_fold_r(p, jobs, sec, at, hek); */
    /*@ ghost dec_fold_p(p, jobs, sec, at, hek); */
    /*@ ghost dec_fold(p, jobs); */
    /* (ACSL) A^T's bounds on KF_OK, as encaps_jobs' (mlkem.c): run_jobs' ensures for its SampleNTT
     * jobs 3 .. k^2 + 2, at[] as their polys, then vec_bounded (dec_run's dec_bd1, dec_bd2); the
     * statement after the call as there (gcc 12 and clang 14 -O3: the same object code) */
    /*@ assert dec_kr: k == p->k; */
    /*@ assert dec_at: \forall integer l; 0 <= l < k * k ==> jobs[l + 3].out == \null && jobs[l + 3].poly == &at[l]; */
    /*@ ghost dec_nz_bytes(jobs, sec, k * k + 3, n); */
    return dec_run(p, sec, at, hek, jobs, n) /*@ ghost (k, k * k + 3) */;
}

/* ML-KEM.Decaps_internal (Alg. 18) with §7.3's hash check: K-PKE.Decrypt, then the Keccak work
 * (decaps_jobs), then the re-encryption and the implicit rejection. */
/*@ requires kf_mlkem_params_ok(p) && \valid(ss + (0 .. KF_MLKEM_SS_BYTES - 1));
    requires \valid_read(c + (0 .. p->ct_bytes - 1)) && \valid_read(dk + (0 .. p->dk_bytes - 1));
    assigns ss[0 .. KF_MLKEM_SS_BYTES - 1], kf_spec_xn_table; */
static int decaps_internal(const kf_mlkem_params *p, uint8_t ss[KF_MLKEM_SS_BYTES],
                           const uint8_t *c, const uint8_t *dk)
{
    const size_t pke = KF_MLKEM_POLY_BYTES * p->k;
    const uint8_t *ek = dk + pke, *h = ek + p->ek_bytes, *z = h + SYM;
    /*@ assert dec_ct: p->ct_bytes <= KF_MLKEM_CT_MAX_BYTES && 32 * (p->du * p->k + p->dv) == p->ct_bytes; */
    decaps_secrets sec;
    uint8_t hek[SYM]; /* H(ek), public */
    kf_mlkem_poly at[KF_MLKEM_K_MAX * KF_MLKEM_K_MAX], t[KF_MLKEM_K_MAX];
    int rc;

    kf_kpke_decrypt(p, sec.mh, dk, c);
    /* h into m' || h; byte by byte, a typed copy (the proof's memory model: docs/ASSURANCE.md) */
    /*@ loop invariant 0 <= i <= SYM;
        loop assigns i, sec.mh[SYM .. 2 * SYM - 1];
        loop variant SYM - i; */
    for (unsigned i = 0; i < SYM; i++) sec.mh[SYM + i] = h[i];
    if ((rc = decaps_jobs(p, &sec, at, hek, ek, z, c)) != KF_OK) goto out;
    /* dk is secret in general, but h and H(ek) are public (ek is): any compare is fine; this
     * one reads its bytes as a loop, which the proof can follow (memcmp's contract asks that
     * they be initialised, which the jobs' contracts do not state) */
    if (ct_differ_mask(hek, h, SYM) != 0) {
        rc = KF_ERR_BAD_KEY;
        goto out;
    }
    /*@ loop invariant 0 <= i <= p->k;
        loop invariant kf_mlkem_vec_bounded(&t[0], i, 0, 4095);
        loop assigns i, t[0 .. p->k - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) kf_mlkem_poly_frombytes(&t[i], ek + KF_MLKEM_POLY_BYTES * i);
    kf_kpke_encrypt(p, sec.c2, t, sec.mh, at, &sec.nz);

    /* if c != c' then K' = K_bar, in constant time */
    uint8_t reject = ct_differ_mask(c, sec.c2, p->ct_bytes);
    ct_select(sec.kr, sec.kbar, SYM, reject);
    memcpy(ss, sec.kr, SYM);
out:
    /* the secrets, field by field: the same bytes as the whole struct (no padding) */
    kf_memzero(sec.mh, sizeof sec.mh);
    kf_memzero(sec.kr, sizeof sec.kr);
    kf_memzero(sec.kbar, sizeof sec.kbar);
    kf_memzero(sec.c2, sizeof sec.c2);
    kf_memzero(&sec.nz.prf[0][0], sizeof sec.nz.prf);
    return rc;
}

/* ML-KEM.Decaps (Alg. 21): input checks of §7.3, then Decaps_internal. */
int kf_mlkem_decaps(kf_mlkem_param param, uint8_t ss[KF_MLKEM_SS_BYTES], const uint8_t *ct,
                    size_t ctlen, const uint8_t *dk, size_t dklen)
{
    /* on every error ss is zeroed (unknown set and NULL inputs too) */
    const kf_mlkem_params *p = kf_mlkem_params_get(param);
    int rc = !p ? KF_ERR_BAD_ALGORITHM : !ss || !ct || !dk ? KF_ERR_NULL_POINTER : KF_OK;
    if (rc != KF_OK) {
        kf_wipe(ss, KF_MLKEM_SS_BYTES);
        return rc;
    }
    /* the type checks here, the hash check inside decaps_internal */
    rc = ctlen == p->ct_bytes && dklen == p->dk_bytes ? KF_OK : KF_ERR_BAD_LENGTH;
    if (rc == KF_OK) rc = decaps_internal(p, ss, ct, dk);
    if (rc != KF_OK) kf_memzero(ss, KF_MLKEM_SS_BYTES);
    return rc;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kpke.h - K-PKE, the public-key encryption scheme inside ML-KEM (FIPS 203 §5).
 * Internal: sizes come from the parameter set, buffers are the caller's.
 */
#ifndef KF_MLKEM_KPKE_H
#define KF_MLKEM_KPKE_H

#include "mlkem/sampling.h"

/* K-PKE.KeyGen(d) (Alg. 13): ek_pke (384k + 32 bytes) and dk_pke (384k bytes); and, if h is
 * not NULL, h = H(ek_pke) = SHA3-256(ek_pke) (ML-KEM.KeyGen_internal's, Alg. 16 line 3),
 * hashed in part while ek is computed. */
/*@ requires kf_mlkem_params_ok(p);
    requires \valid(ek + (0 .. p->ek_bytes - 1)) && \valid(dk_pke + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1));
    requires \valid_read(d + (0 .. KF_MLKEM_SYM_BYTES - 1));
    requires h == \null || \valid(h + (0 .. KF_MLKEM_SYM_BYTES - 1));
    requires \separated(ek + (0 .. p->ek_bytes - 1), dk_pke + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1), p);
    requires h != \null ==> \separated(h + (0 .. KF_MLKEM_SYM_BYTES - 1), ek + (0 .. p->ek_bytes - 1),
                                       dk_pke + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1), p);
    assigns ek[0 .. p->ek_bytes - 1], dk_pke[0 .. KF_MLKEM_POLY_BYTES * p->k - 1], h[0 .. KF_MLKEM_SYM_BYTES - 1],
            kf_spec_xn_table; */
int kf_kpke_keygen(const kf_mlkem_params *p, uint8_t *ek, uint8_t *dk_pke,
                   const uint8_t d[KF_MLKEM_SYM_BYTES], uint8_t h[KF_MLKEM_SYM_BYTES]);
/* Encrypt's noise (Alg. 14 lines 9-17): the PRF outputs of y (eta1), e1 and e2 (eta2).
 * Secret: the caller wipes it. */
typedef struct kf_kpke_noise {
    uint8_t prf[2 * KF_MLKEM_K_MAX + 1][64 * 3];
} kf_kpke_noise;
/* The 2k + 1 PRF jobs of that noise from r (sampling.h), into nz; returns 2k + 1. r and nz
 * must stay in place until the jobs have run; the jobs wait for after (the job that writes
 * r, or NULL). */
/* (ACSL, unit mlkem_kpke) job q of the caller's jobs[o .. o + 2k], field by field: SHAKE256 of
 * r || its own nonce byte into nz->prf[q - o] (64 eta1 bytes for the first k, 64 eta2 after),
 * nothing started, waiting for after; the ghost o as sampling.h's set-up functions take it (the
 * caller's offset of jobs, the same C expression); and (noise_kept) the caller's jobs before these,
 * jobs[0 .. o), field by field as they were: its later set-up then need not reason about this one's
 * writes (session 41); (params_kept) *p as it was: after the call the caller reads p's fields (k, eta1,
 * eta2 in the ensures) without a frame of p across this call's writes (that frame as a goal in
 * encaps_jobs' context: a CVC4 time-out, mlkem_kem, session 45); (first_kept) the caller's first
 * job (jobs - o)[0] field by field as it was: noise_kept's instance at 0, unquantified, so that a
 * caller's read of it is the ensures' own term (Encaps' H(ek) job: that instance of noise_kept in
 * encaps_jobs' context ran out of steps, mlkem_kem, session 46) */
/*@ requires kf_mlkem_params_ok(p) && \valid(jobs + (0 .. 2 * p->k)) && \valid(nz);
    requires \valid_read(r + (0 .. KF_MLKEM_SYM_BYTES - 1));
    requires \separated(jobs + (0 .. 2 * p->k), p);
    requires o <= 32;
    assigns jobs[0 .. 2 * p->k], jobs[0 .. 2 * p->k].after;
    ensures \result == 2 * p->k + 1;
    ensures params_kept: *p == \old(*p);
    ensures \forall integer s; o <= s < o + 2 * p->k + 1 ==>
              (jobs - o)[s].out == &nz->prf[s - o][0] && (jobs - o)[s].outlen == 64 * (s - o < p->k ? p->eta1 : p->eta2) &&
              (jobs - o)[s].poly == \null && (jobs - o)[s].in[0] == r && (jobs - o)[s].inlen[0] == KF_MLKEM_SYM_BYTES &&
              (jobs - o)[s].in[1] == &(jobs - o)[s].own[0] && (jobs - o)[s].inlen[1] == 1 &&
              (jobs - o)[s].rate == KF_SHAKE256_RATE && (jobs - o)[s].suffix != 0 && (jobs - o)[s].held == 0 &&
              (jobs - o)[s].from == \null && (jobs - o)[s].absorbed == 0 && (jobs - o)[s].after == after;
    ensures noise_kept: \forall integer s; 0 <= s < o ==>
              (jobs - o)[s].in[0] == \old((jobs - o)[s].in[0]) && (jobs - o)[s].in[1] == \old((jobs - o)[s].in[1]) &&
              (jobs - o)[s].inlen[0] == \old((jobs - o)[s].inlen[0]) &&
              (jobs - o)[s].inlen[1] == \old((jobs - o)[s].inlen[1]) &&
              (jobs - o)[s].out == \old((jobs - o)[s].out) && (jobs - o)[s].outlen == \old((jobs - o)[s].outlen) &&
              (jobs - o)[s].poly == \old((jobs - o)[s].poly) && (jobs - o)[s].rate == \old((jobs - o)[s].rate) &&
              (jobs - o)[s].suffix == \old((jobs - o)[s].suffix) &&
              (jobs - o)[s].after == \old((jobs - o)[s].after) && (jobs - o)[s].held == \old((jobs - o)[s].held) &&
              (jobs - o)[s].from == \old((jobs - o)[s].from) &&
              (jobs - o)[s].absorbed == \old((jobs - o)[s].absorbed);
    ensures first_kept: 0 < o ==>
              (jobs - o)->in[0] == \old((jobs - o)->in[0]) && (jobs - o)->in[1] == \old((jobs - o)->in[1]) &&
              (jobs - o)->inlen[0] == \old((jobs - o)->inlen[0]) && (jobs - o)->inlen[1] == \old((jobs - o)->inlen[1]) &&
              (jobs - o)->out == \old((jobs - o)->out) && (jobs - o)->outlen == \old((jobs - o)->outlen) &&
              (jobs - o)->poly == \old((jobs - o)->poly) && (jobs - o)->rate == \old((jobs - o)->rate) &&
              (jobs - o)->suffix == \old((jobs - o)->suffix) && (jobs - o)->after == \old((jobs - o)->after) &&
              (jobs - o)->held == \old((jobs - o)->held) && (jobs - o)->from == \old((jobs - o)->from) &&
              (jobs - o)->absorbed == \old((jobs - o)->absorbed); */
unsigned kf_kpke_noise_jobs(const kf_mlkem_params *p, kf_mlkem_job *jobs, kf_kpke_noise *nz,
                            const uint8_t r[KF_MLKEM_SYM_BYTES], const kf_mlkem_job *after) /*@ ghost (unsigned o) */;
/* K-PKE.Encrypt(ek_pke, m, r) (Alg. 14): c (ct_bytes), with ek_pke decoded and the Keccak
 * work done by the caller (jobs run together with hashes of its own): t = ByteDecode_12 of
 * ek's k polynomials (Alg. 14 line 2; not necessarily modulus-checked: coefficients up to
 * 4095 are fine arithmetically), at = the transposed matrix A^T from ek's rho
 * (kf_mlkem_matrix_jobs(.., 1)) and nz = the noise from r (kf_kpke_noise_jobs). */
/*@ requires kf_mlkem_params_ok(p);
    requires \valid(c + (0 .. 32 * (p->du * p->k + p->dv) - 1));
    requires \valid_read(t + (0 .. p->k - 1)) && \valid_read(at + (0 .. p->k * p->k - 1));
    requires \valid_read(m + (0 .. KF_MLKEM_SYM_BYTES - 1)) && \valid_read(nz);
    requires kf_mlkem_vec_bounded(t, p->k, 0, 4095) && kf_mlkem_vec_bounded(at, p->k * p->k, 0, 4095);
    requires \separated(c + (0 .. 32 * (p->du * p->k + p->dv) - 1), p, t + (0 .. p->k - 1),
                        at + (0 .. p->k * p->k - 1), nz);
    assigns c[0 .. 32 * (p->du * p->k + p->dv) - 1]; */
void kf_kpke_encrypt(const kf_mlkem_params *p, uint8_t *c, const kf_mlkem_poly *t,
                     const uint8_t m[KF_MLKEM_SYM_BYTES], const kf_mlkem_poly *at,
                     const kf_kpke_noise *nz);
/* K-PKE.Decrypt(dk_pke, c) (Alg. 15): m. */
/*@ requires kf_mlkem_params_ok(p);
    requires \valid(m + (0 .. KF_MLKEM_SYM_BYTES - 1));
    requires \valid_read(dk_pke + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1));
    requires \valid_read(c + (0 .. 32 * (p->du * p->k + p->dv) - 1));
    // m apart from each input; the inputs, all read only, may overlap each other (Decaps' c and
    // dk are the caller's, which the API lets overlap)
    requires \separated(m + (0 .. KF_MLKEM_SYM_BYTES - 1), p) &&
             \separated(m + (0 .. KF_MLKEM_SYM_BYTES - 1), dk_pke + (0 .. KF_MLKEM_POLY_BYTES * p->k - 1)) &&
             \separated(m + (0 .. KF_MLKEM_SYM_BYTES - 1), c + (0 .. 32 * (p->du * p->k + p->dv) - 1));
    assigns m[0 .. KF_MLKEM_SYM_BYTES - 1]; */
void kf_kpke_decrypt(const kf_mlkem_params *p, uint8_t m[KF_MLKEM_SYM_BYTES],
                     const uint8_t *dk_pke, const uint8_t *c);

#endif

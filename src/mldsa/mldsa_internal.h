/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mldsa_internal.h - what mldsa.c (key generation, signing, the API's checks) and verify.c
 * (Verify_internal, one signature or a batch) share.
 */
#ifndef KF_MLDSA_INTERNAL_H
#define KF_MLDSA_INTERNAL_H

#include "mldsa/params.h"
#include "mldsa/poly.h"

/* The message M' as up to six pieces, never copied. */
typedef struct kf_mldsa_msg {
    const uint8_t *part[6];
    size_t len[6];
    unsigned n;
} kf_mldsa_msg;

/* mu = H(tr || M', 64) (Alg. 7 line 6, Alg. 8 line 7). */
void kf_mldsa_compute_mu(uint8_t mu[KF_MLDSA_CRHBYTES], const uint8_t tr[KF_MLDSA_TR_BYTES], const kf_mldsa_msg *m);
/* M' = IntegerToBytes(0, 1) || IntegerToBytes(|ctx|, 1) || ctx || M (Alg. 2 line 10, Alg. 3 line 5). */
void kf_mldsa_pure_msg(kf_mldsa_msg *m, uint8_t hdr[2], const void *msg, size_t msglen, const void *ctx,
                       size_t ctxlen);
/* The verification calls' argument checks (KF_OK or the named error). */
int kf_mldsa_verify_checks(const kf_mldsa_params *p, const void *msg, size_t msglen, const uint8_t *sig,
                           size_t siglen, const uint8_t *pk, size_t pklen);
int kf_mldsa_ctx_checks(const void *ctx, size_t ctxlen);
/* Verify_internal (Alg. 8): 1 if sig (sig_bytes) verifies for pk and mu (given) or M' (m). */
int kf_mldsa_verify_one(const kf_mldsa_params *p, const uint8_t *pk, const kf_mldsa_msg *m, const uint8_t *mu,
                        const uint8_t *sig);
/* SampleInBall(c~) (FIPS 204 Alg. 29) from block[0 .. len), 8 <= len, the first bytes of
 * SHAKE256(c~) (kf_mldsa_verify_batch makes eight items' first blocks in lanes): the same c as
 * kf_mldsa_sample_in_ball, which runs instead, from the start, in the rare case that the tau
 * positions need bytes past len. */
void kf_mldsa_sample_in_ball_block(kf_mldsa_poly *c, const uint8_t *block, size_t len, const uint8_t *ctilde,
                                   const kf_mldsa_params *p);

/* Sign_internal (Alg. 7) on mu with rnd (NULL: deterministic), for the benchmarks
 * (bench/bench_mldsa_steps.c): KF_OK and sig, or the named error; *attempts = the attempts
 * its rejection loop ran. */
int kf_mldsa_sign_mu_attempts(const kf_mldsa_params *p, uint8_t *sig, const uint8_t *sk,
                              const uint8_t mu[KF_MLDSA_CRHBYTES], const uint8_t *rnd, unsigned *attempts);

#endif

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
/* Its n pieces readable (ACSL). */
/*@ predicate kf_mldsa_msg_ok(kf_mldsa_msg *m) = \valid_read(m) && m->n <= 6 &&
      \forall integer i; 0 <= i < m->n ==> \valid_read(m->part[i] + (0 .. m->len[i] - 1)); */

/* mu = H(tr || M', 64) (Alg. 7 line 6, Alg. 8 line 7). */
/*@ requires \valid(mu + (0 .. KF_MLDSA_CRHBYTES - 1)) && \valid_read(tr + (0 .. KF_MLDSA_TR_BYTES - 1));
    requires kf_mldsa_msg_ok(m) && \separated(mu + (0 .. KF_MLDSA_CRHBYTES - 1), m);
    assigns mu[0 .. KF_MLDSA_CRHBYTES - 1]; */
void kf_mldsa_compute_mu(uint8_t mu[KF_MLDSA_CRHBYTES], const uint8_t tr[KF_MLDSA_TR_BYTES], const kf_mldsa_msg *m);
/* M' = IntegerToBytes(0, 1) || IntegerToBytes(|ctx|, 1) || ctx || M (Alg. 2 line 10, Alg. 3 line 5). */
/*@ requires \valid(m) && \valid(hdr + (0 .. 1)) && \separated(m, hdr + (0 .. 1));
    assigns *m, hdr[0 .. 1];
    ensures m->n == 3 && m->part[0] == hdr && m->len[0] == 2 && m->part[1] == (uint8_t *)ctx &&
            m->len[1] == ctxlen && m->part[2] == (uint8_t *)msg && m->len[2] == msglen; */
void kf_mldsa_pure_msg(kf_mldsa_msg *m, uint8_t hdr[2], const void *msg, size_t msglen, const void *ctx,
                       size_t ctxlen);
/* The verification calls' argument checks (KF_OK or the named error). */
/*@ requires p == \null || kf_mldsa_params_ok(p);
    assigns \nothing;
    ensures \result == KF_OK || \result == KF_ERR_BAD_ALGORITHM || \result == KF_ERR_NULL_POINTER ||
            \result == KF_ERR_BAD_LENGTH;
    ensures p == \null ==> \result == KF_ERR_BAD_ALGORITHM;
    ensures \result == KF_OK ==> p != \null && pk != \null && (sig != \null || siglen == 0) &&
                                 (msg != \null || msglen == 0) && pklen == p->pk_bytes && siglen == p->sig_bytes; */
int kf_mldsa_verify_checks(const kf_mldsa_params *p, const void *msg, size_t msglen, const uint8_t *sig,
                           size_t siglen, const uint8_t *pk, size_t pklen);
/*@ assigns \nothing;
    ensures \result == KF_OK || \result == KF_ERR_NULL_POINTER || \result == KF_ERR_BAD_CONTEXT;
    ensures \result == KF_OK <==> (ctx != \null || ctxlen == 0) && ctxlen <= KF_MLDSA_MAX_CONTEXT_BYTES; */
int kf_mldsa_ctx_checks(const void *ctx, size_t ctxlen);
/* Verify_internal (Alg. 8): 1 if sig (sig_bytes) verifies for pk and mu (given) or M' (m). */
/*@ requires kf_mldsa_params_ok(p);
    requires \valid_read(pk + (0 .. p->pk_bytes - 1)) && \valid_read(sig + (0 .. p->sig_bytes - 1));
    requires mu != \null || kf_mldsa_msg_ok(m);
    requires mu == \null || \valid_read(mu + (0 .. KF_MLDSA_CRHBYTES - 1));
    assigns kf_spec_xn_table;
    ensures \result == 0 || \result == 1; */
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

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * packing.h - ML-DSA's byte strings (FIPS 204 §7.2): pkEncode/pkDecode, skEncode/skDecode,
 * sigEncode/sigDecode with the hint's HintBitPack/HintBitUnpack, and w1Encode (Alg. 22-28).
 * Vectors are arrays of k or l polynomials.
 */
#ifndef KF_MLDSA_PACKING_H
#define KF_MLDSA_PACKING_H

#include "mldsa/poly.h"

/* pk = rho || SimpleBitPack(t1[i], 10) (Alg. 22, 23); t1 coefficients in [0, 2^10). */
/*@ requires kf_mldsa_params_ok(p);
    requires \valid(pk + (0 .. p->pk_bytes - 1)) && \valid_read(rho + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires \valid_read(t1 + (0 .. p->k - 1));
    requires \separated(pk + (0 .. p->pk_bytes - 1), rho + (0 .. KF_MLDSA_SEEDBYTES - 1), t1 + (0 .. p->k - 1), p);
    assigns pk[0 .. p->pk_bytes - 1]; */
void kf_mldsa_pk_encode(uint8_t *pk, const uint8_t rho[KF_MLDSA_SEEDBYTES], const kf_mldsa_poly *t1,
                        const kf_mldsa_params *p);
/*@ requires kf_mldsa_params_ok(p);
    requires \valid_read(pk + (0 .. p->pk_bytes - 1)) && \valid(rho + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires \valid(t1 + (0 .. p->k - 1));
    requires \separated(pk + (0 .. p->pk_bytes - 1), rho + (0 .. KF_MLDSA_SEEDBYTES - 1), t1 + (0 .. p->k - 1), p);
    requires \separated(rho + (0 .. KF_MLDSA_SEEDBYTES - 1), t1 + (0 .. p->k - 1));
    assigns rho[0 .. KF_MLDSA_SEEDBYTES - 1], t1[0 .. p->k - 1];
    ensures kf_mldsa_vec_bounded(t1, p->k, 0, 1023); */
void kf_mldsa_pk_decode(uint8_t rho[KF_MLDSA_SEEDBYTES], kf_mldsa_poly *t1, const uint8_t *pk,
                        const kf_mldsa_params *p);
/* sk = rho || K || tr || s1 || s2 || t0 (Alg. 24, 25), s in [-eta, eta], t0 in (-2^12, 2^12]. */
/*@ requires kf_mldsa_params_ok(p);
    requires \valid(sk + (0 .. p->sk_bytes - 1)) && \valid_read(rho + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires \valid_read(key + (0 .. KF_MLDSA_SEEDBYTES - 1)) && \valid_read(tr + (0 .. KF_MLDSA_TR_BYTES - 1));
    requires \valid_read(s1 + (0 .. p->l - 1)) && \valid_read(s2 + (0 .. p->k - 1)) && \valid_read(t0 + (0 .. p->k - 1));
    requires \separated(sk + (0 .. p->sk_bytes - 1), rho + (0 .. KF_MLDSA_SEEDBYTES - 1), key + (0 .. KF_MLDSA_SEEDBYTES - 1),
                         tr + (0 .. KF_MLDSA_TR_BYTES - 1), s1 + (0 .. p->l - 1), s2 + (0 .. p->k - 1), t0 + (0 .. p->k - 1), p);
    requires kf_mldsa_vec_bounded(s1, p->l, -(int)p->eta, p->eta) && kf_mldsa_vec_bounded(s2, p->k, -(int)p->eta, p->eta);
    requires kf_mldsa_vec_bounded(t0, p->k, -4095, 4096); // T0_OFF (packing.c): 2^12
    assigns sk[0 .. p->sk_bytes - 1]; */
void kf_mldsa_sk_encode(uint8_t *sk, const uint8_t rho[KF_MLDSA_SEEDBYTES], const uint8_t key[KF_MLDSA_SEEDBYTES],
                        const uint8_t tr[KF_MLDSA_TR_BYTES], const kf_mldsa_poly *s1, const kf_mldsa_poly *s2,
                        const kf_mldsa_poly *t0, const kf_mldsa_params *p);
/* skDecode; 0, or -1 if a coefficient of s1 or s2 lies outside [-eta, eta] (found in constant
 * time; only the verdict is declassified). */
/*@ requires kf_mldsa_params_ok(p);
    requires \valid_read(sk + (0 .. p->sk_bytes - 1)) && \valid(rho + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires \valid(key + (0 .. KF_MLDSA_SEEDBYTES - 1)) && \valid(tr + (0 .. KF_MLDSA_TR_BYTES - 1));
    requires \valid(s1 + (0 .. p->l - 1)) && \valid(s2 + (0 .. p->k - 1)) && \valid(t0 + (0 .. p->k - 1));
    // sk may overlap p (both are only read): kf_mldsa_pk_from_sk's sk is the caller's
    requires \separated(sk + (0 .. p->sk_bytes - 1), rho + (0 .. KF_MLDSA_SEEDBYTES - 1), key + (0 .. KF_MLDSA_SEEDBYTES - 1),
                         tr + (0 .. KF_MLDSA_TR_BYTES - 1), s1 + (0 .. p->l - 1), s2 + (0 .. p->k - 1), t0 + (0 .. p->k - 1));
    requires \separated(rho + (0 .. KF_MLDSA_SEEDBYTES - 1), key + (0 .. KF_MLDSA_SEEDBYTES - 1),
                         tr + (0 .. KF_MLDSA_TR_BYTES - 1), s1 + (0 .. p->l - 1), s2 + (0 .. p->k - 1), t0 + (0 .. p->k - 1), p);
    assigns rho[0 .. KF_MLDSA_SEEDBYTES - 1], key[0 .. KF_MLDSA_SEEDBYTES - 1], tr[0 .. KF_MLDSA_TR_BYTES - 1],
            s1[0 .. p->l - 1], s2[0 .. p->k - 1], t0[0 .. p->k - 1];
    ensures \result == 0 || \result == -1;
    ensures kf_mldsa_vec_bounded(s1, p->l, (int)p->eta - (1 << p->eta_bits) + 1, p->eta);
    ensures kf_mldsa_vec_bounded(s2, p->k, (int)p->eta - (1 << p->eta_bits) + 1, p->eta);
    ensures kf_mldsa_vec_bounded(t0, p->k, -4095, 4096); // T0_OFF (packing.c): 2^12
    ensures in_eta: \result == 0 ==> kf_mldsa_vec_bounded(s1, p->l, -(int)p->eta, p->eta) &&
                                      kf_mldsa_vec_bounded(s2, p->k, -(int)p->eta, p->eta); */
int kf_mldsa_sk_decode(uint8_t rho[KF_MLDSA_SEEDBYTES], uint8_t key[KF_MLDSA_SEEDBYTES],
                       uint8_t tr[KF_MLDSA_TR_BYTES], kf_mldsa_poly *s1, kf_mldsa_poly *s2, kf_mldsa_poly *t0,
                       const uint8_t *sk, const kf_mldsa_params *p);
/* sig = c~ || BitPack(z[i], gamma1 - 1, gamma1) || HintBitPack(h) (Alg. 26, 20); h 0/1 with
 * at most omega ones; z and h public. */
/*@ requires kf_mldsa_params_ok(p);
    requires \valid(sig + (0 .. p->sig_bytes - 1)) && \valid_read(ctilde + (0 .. p->ctilde_bytes - 1));
    requires \valid_read(z + (0 .. p->l - 1)) && \valid_read(h + (0 .. p->k - 1));
    requires \separated(sig + (0 .. p->sig_bytes - 1), ctilde + (0 .. p->ctilde_bytes - 1), z + (0 .. p->l - 1),
                         h + (0 .. p->k - 1), p);
    requires kf_mldsa_vec_bounded(z, p->l, -p->gamma1 + 1, p->gamma1);
    assigns sig[0 .. p->sig_bytes - 1]; */
void kf_mldsa_sig_encode(uint8_t *sig, const uint8_t *ctilde, const kf_mldsa_poly *z, const kf_mldsa_poly *h,
                         const kf_mldsa_params *p);
/* sigDecode (Alg. 27, 21): 0, or -1 when the hint is malformed (an index count that
 * decreases or exceeds omega, indices not strictly increasing within a polynomial, non-zero
 * bytes after the last index). */
/*@ requires kf_mldsa_params_ok(p);
    requires \valid_read(sig + (0 .. p->sig_bytes - 1)) && \valid(ctilde + (0 .. p->ctilde_bytes - 1));
    requires \valid(z + (0 .. p->l - 1)) && \valid(h + (0 .. p->k - 1));
    requires \separated(sig + (0 .. p->sig_bytes - 1), ctilde + (0 .. p->ctilde_bytes - 1), z + (0 .. p->l - 1),
                         h + (0 .. p->k - 1), p);
    requires \separated(ctilde + (0 .. p->ctilde_bytes - 1), z + (0 .. p->l - 1), h + (0 .. p->k - 1));
    assigns ctilde[0 .. p->ctilde_bytes - 1], z[0 .. p->l - 1], h[0 .. p->k - 1];
    ensures \result == 0 || \result == -1;
    ensures kf_mldsa_vec_bounded(z, p->l, -p->gamma1 + 1, p->gamma1); */
int kf_mldsa_sig_decode(uint8_t *ctilde, kf_mldsa_poly *z, kf_mldsa_poly *h, const uint8_t *sig,
                        const kf_mldsa_params *p);
/* w1Encode (Alg. 28): k * 32 * w1_bits bytes. */
void kf_mldsa_w1_encode(uint8_t *out, const kf_mldsa_poly *w1, const kf_mldsa_params *p);

#endif

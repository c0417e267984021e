/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * params.h - ML-DSA parameter sets (FIPS 204 §4, Table 1 and Table 2) and the ring constants.
 *
 * The byte sizes live once, in include/keccakforge.h (KF_MLDSA44_PK_BYTES, ...); params.c
 * builds the table from them and checks them against the formulas of Table 2.
 */
#ifndef KF_MLDSA_PARAMS_H
#define KF_MLDSA_PARAMS_H

#include "keccakforge.h"

#include <stddef.h>
#include <stdint.h>

#define KF_MLDSA_N 256            /* coefficients per polynomial */
#define KF_MLDSA_Q 8380417        /* q = 2^23 - 2^13 + 1 */
#define KF_MLDSA_D 13             /* bits dropped from t (Power2Round) */
#define KF_MLDSA_K_MAX 8          /* rows of A (ML-DSA-87) */
#define KF_MLDSA_L_MAX 7          /* columns of A (ML-DSA-87) */
#define KF_MLDSA_CTILDE_MAX 64    /* lambda / 4 bytes of c~ (ML-DSA-87) */
#define KF_MLDSA_TR_BYTES 64
#define KF_MLDSA_SEEDBYTES 32     /* rho, K, xi, rnd */
#define KF_MLDSA_CRHBYTES 64      /* rho', rho'', mu */

typedef struct kf_mldsa_params {
    unsigned k, l;        /* A is k x l */
    unsigned eta;         /* private key range [-eta, eta] */
    unsigned tau;         /* non-zero coefficients of the challenge c */
    unsigned beta;        /* tau * eta */
    int32_t gamma1;       /* y's range: 2^17 or 2^19 */
    int32_t gamma2;       /* low-order rounding range: (q-1)/88 or (q-1)/32 */
    unsigned omega;       /* most hint bits set */
    unsigned ctilde_bytes;/* lambda / 4 */
    unsigned eta_bits;    /* bitlen(2 eta): 3 or 4 */
    unsigned z_bits;      /* 1 + bitlen(gamma1 - 1): 18 or 20 */
    unsigned w1_bits;     /* bitlen((q-1)/(2 gamma2) - 1): 6 or 4 */
    size_t pk_bytes, sk_bytes, sig_bytes;
} kf_mldsa_params;

/* One of the three parameter sets of params.c (ACSL, proofs/units.py's ML-DSA units): the
 * values of FIPS 204 Table 1 and the byte sizes of Table 2. */
/*@ predicate kf_mldsa_params_ok(kf_mldsa_params *p) = \valid_read(p) &&
      (p->k == 4 && p->l == 4 && p->eta == 2 && p->tau == 39 && p->beta == 78 && p->gamma1 == 131072 &&
       p->gamma2 == (KF_MLDSA_Q - 1) / 88 && p->omega == 80 && p->ctilde_bytes == 32 && p->eta_bits == 3 &&
       p->z_bits == 18 && p->w1_bits == 6 &&
       p->pk_bytes == KF_MLDSA44_PK_BYTES && p->sk_bytes == KF_MLDSA44_SK_BYTES && p->sig_bytes == KF_MLDSA44_SIG_BYTES ||
       p->k == 6 && p->l == 5 && p->eta == 4 && p->tau == 49 && p->beta == 196 && p->gamma1 == 524288 &&
       p->gamma2 == (KF_MLDSA_Q - 1) / 32 && p->omega == 55 && p->ctilde_bytes == 48 && p->eta_bits == 4 &&
       p->z_bits == 20 && p->w1_bits == 4 &&
       p->pk_bytes == KF_MLDSA65_PK_BYTES && p->sk_bytes == KF_MLDSA65_SK_BYTES && p->sig_bytes == KF_MLDSA65_SIG_BYTES ||
       p->k == 8 && p->l == 7 && p->eta == 2 && p->tau == 60 && p->beta == 120 && p->gamma1 == 524288 &&
       p->gamma2 == (KF_MLDSA_Q - 1) / 32 && p->omega == 75 && p->ctilde_bytes == 64 && p->eta_bits == 3 &&
       p->z_bits == 20 && p->w1_bits == 4 &&
       p->pk_bytes == KF_MLDSA87_PK_BYTES && p->sk_bytes == KF_MLDSA87_SK_BYTES && p->sig_bytes == KF_MLDSA87_SIG_BYTES); */

/* The signature's size for a kf_mldsa_param value (0 if unknown; the pk and sk sizes are
 * include/keccakforge.h's kf_mldsa_pk_len, kf_mldsa_sk_len). */
/*@ logic integer kf_mldsa_sig_len(integer param) =
      param == KF_MLDSA44 ? KF_MLDSA44_SIG_BYTES : param == KF_MLDSA65 ? KF_MLDSA65_SIG_BYTES
      : param == KF_MLDSA87 ? KF_MLDSA87_SIG_BYTES : 0; */

/* The parameter set of KF_MLDSA44/65/87, NULL for anything else. */
/*@ assigns \nothing;
    ensures param == KF_MLDSA44 || param == KF_MLDSA65 || param == KF_MLDSA87 <==> \result != \null;
    ensures \result == \null || kf_mldsa_params_ok(\result);
    ensures \result == \null || !\valid(\result); // a const table, apart from every writable buffer
    ensures \result != \null ==> \result->pk_bytes == kf_mldsa_pk_len(param) &&
                                 \result->sk_bytes == kf_mldsa_sk_len(param) &&
                                 \result->sig_bytes == kf_mldsa_sig_len(param); */
const kf_mldsa_params *kf_mldsa_params_get(int param);

#endif

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

/* The parameter set of KF_MLDSA44/65/87, NULL for anything else. */
const kf_mldsa_params *kf_mldsa_params_get(int param);

#endif

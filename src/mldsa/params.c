/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * params.c - the three ML-DSA parameter sets (FIPS 204 §4, Tables 1 and 2).
 */
#include "mldsa/params.h"

#define PK_BYTES(k) (32u + 320u * (k))
#define SK_BYTES(k, l, eta_bits) (128u + 32u * (((k) + (l)) * (eta_bits) + 13u * (k)))
#define SIG_BYTES(ct, l, z_bits, omega, k) ((ct) + 32u * (l) * (z_bits) + (omega) + (k))

/* The public constants must agree with the formulas of FIPS 204 Table 2. */
_Static_assert(KF_MLDSA44_PK_BYTES == PK_BYTES(4), "pk 44");
_Static_assert(KF_MLDSA44_SK_BYTES == SK_BYTES(4, 4, 3), "sk 44");
_Static_assert(KF_MLDSA44_SIG_BYTES == SIG_BYTES(32, 4, 18, 80, 4), "sig 44");
_Static_assert(KF_MLDSA65_PK_BYTES == PK_BYTES(6), "pk 65");
_Static_assert(KF_MLDSA65_SK_BYTES == SK_BYTES(6, 5, 4), "sk 65");
_Static_assert(KF_MLDSA65_SIG_BYTES == SIG_BYTES(48, 5, 20, 55, 6), "sig 65");
_Static_assert(KF_MLDSA87_PK_BYTES == PK_BYTES(8), "pk 87");
_Static_assert(KF_MLDSA87_SK_BYTES == SK_BYTES(8, 7, 3), "sk 87");
_Static_assert(KF_MLDSA87_SIG_BYTES == SIG_BYTES(64, 7, 20, 75, 8), "sig 87");
_Static_assert(KF_MLDSA_PK_MAX_BYTES == KF_MLDSA87_PK_BYTES, "pk max");
_Static_assert(KF_MLDSA_SK_MAX_BYTES == KF_MLDSA87_SK_BYTES, "sk max");
_Static_assert(KF_MLDSA_SIG_MAX_BYTES == KF_MLDSA87_SIG_BYTES, "sig max");

#define Q KF_MLDSA_Q

/*                                   k  l eta tau beta gamma1   gamma2        omega c~  eta z  w1 */
static const kf_mldsa_params mldsa44 = {4, 4, 2, 39, 78, 1 << 17, (Q - 1) / 88, 80, 32, 3, 18, 6,
                                        KF_MLDSA44_PK_BYTES, KF_MLDSA44_SK_BYTES, KF_MLDSA44_SIG_BYTES};
static const kf_mldsa_params mldsa65 = {6, 5, 4, 49, 196, 1 << 19, (Q - 1) / 32, 55, 48, 4, 20, 4,
                                        KF_MLDSA65_PK_BYTES, KF_MLDSA65_SK_BYTES, KF_MLDSA65_SIG_BYTES};
static const kf_mldsa_params mldsa87 = {8, 7, 2, 60, 120, 1 << 19, (Q - 1) / 32, 75, 64, 3, 20, 4,
                                        KF_MLDSA87_PK_BYTES, KF_MLDSA87_SK_BYTES, KF_MLDSA87_SIG_BYTES};

const kf_mldsa_params *kf_mldsa_params_get(int param)
{
    switch (param) {
    case KF_MLDSA44: return &mldsa44;
    case KF_MLDSA65: return &mldsa65;
    case KF_MLDSA87: return &mldsa87;
    default: return NULL;
    }
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * params.c - the three ML-KEM parameter sets (FIPS 203 §8, Table 2).
 */
#include "mlkem/params.h"

#define EK_BYTES(k) (384u * (k) + 32u)
#define DK_BYTES(k) (768u * (k) + 96u)
#define CT_BYTES(k, du, dv) (32u * ((du) * (k) + (dv)))

/* The public constants must agree with the formulas of FIPS 203 §8. */
_Static_assert(KF_MLKEM512_EK_BYTES == EK_BYTES(2), "ek 512");
_Static_assert(KF_MLKEM512_DK_BYTES == DK_BYTES(2), "dk 512");
_Static_assert(KF_MLKEM512_CT_BYTES == CT_BYTES(2, 10, 4), "ct 512");
_Static_assert(KF_MLKEM768_EK_BYTES == EK_BYTES(3), "ek 768");
_Static_assert(KF_MLKEM768_DK_BYTES == DK_BYTES(3), "dk 768");
_Static_assert(KF_MLKEM768_CT_BYTES == CT_BYTES(3, 10, 4), "ct 768");
_Static_assert(KF_MLKEM1024_EK_BYTES == EK_BYTES(4), "ek 1024");
_Static_assert(KF_MLKEM1024_DK_BYTES == DK_BYTES(4), "dk 1024");
_Static_assert(KF_MLKEM1024_CT_BYTES == CT_BYTES(4, 11, 5), "ct 1024");
_Static_assert(KF_MLKEM_EK_MAX_BYTES == KF_MLKEM1024_EK_BYTES, "ek max");
_Static_assert(KF_MLKEM_DK_MAX_BYTES == KF_MLKEM1024_DK_BYTES, "dk max");
_Static_assert(KF_MLKEM_CT_MAX_BYTES == KF_MLKEM1024_CT_BYTES, "ct max");

static const kf_mlkem_params mlkem512 = {2, 3, 2, 10, 4, KF_MLKEM512_EK_BYTES,
                                         KF_MLKEM512_DK_BYTES, KF_MLKEM512_CT_BYTES};
static const kf_mlkem_params mlkem768 = {3, 2, 2, 10, 4, KF_MLKEM768_EK_BYTES,
                                         KF_MLKEM768_DK_BYTES, KF_MLKEM768_CT_BYTES};
static const kf_mlkem_params mlkem1024 = {4, 2, 2, 11, 5, KF_MLKEM1024_EK_BYTES,
                                          KF_MLKEM1024_DK_BYTES, KF_MLKEM1024_CT_BYTES};

const kf_mlkem_params *kf_mlkem_params_get(int param)
{
    switch (param) {
    case KF_MLKEM512: return &mlkem512;
    case KF_MLKEM768: return &mlkem768;
    case KF_MLKEM1024: return &mlkem1024;
    default: return NULL;
    }
}

/* (ACSL, unit mlkem_kem) params.h's ghost lemma function: its contract is the lemma */
/*@ ghost void kf_mlkem_params_of(const kf_mlkem_params *p, kf_mlkem_params v) { } */

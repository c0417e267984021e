/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * params.c - FIPS 205 §11, Table 2: the SLH-DSA-SHAKE parameter sets.
 */
#include "params.h"
#include "keccakforge.h"

#define SET(nm, n_, h_, d_, a_, k_, m_)                                                    \
    {nm, n_, h_, d_, (h_) / (d_), a_, k_, m_, 2 * (n_) + SLH_LEN2, 2 * (n_), 4 * (n_),      \
     (size_t)(1 + (k_) * (1 + (a_)) + (h_) + (d_) * (2 * (n_) + SLH_LEN2)) * (n_)}

static const slh_params sets[] = {
    [KF_SLHDSA_SHAKE_128S] = SET("SLH-DSA-SHAKE-128s", 16, 63, 7, 12, 14, 30),
    [KF_SLHDSA_SHAKE_128F] = SET("SLH-DSA-SHAKE-128f", 16, 66, 22, 6, 33, 34),
    [KF_SLHDSA_SHAKE_192S] = SET("SLH-DSA-SHAKE-192s", 24, 63, 7, 14, 17, 39),
    [KF_SLHDSA_SHAKE_192F] = SET("SLH-DSA-SHAKE-192f", 24, 66, 22, 8, 33, 42),
    [KF_SLHDSA_SHAKE_256S] = SET("SLH-DSA-SHAKE-256s", 32, 64, 8, 14, 22, 47),
    [KF_SLHDSA_SHAKE_256F] = SET("SLH-DSA-SHAKE-256f", 32, 68, 17, 9, 35, 49),
};

const slh_params *kf_slh_params_get(int param)
{
    if (param < KF_SLHDSA_SHAKE_128S || param > KF_SLHDSA_SHAKE_256F) return NULL;
    /*@ assert kf_slh_params_nd(&sets[1]) && kf_slh_params_128(&sets[1]) && kf_slh_params_192(&sets[1]) &&
               kf_slh_params_256(&sets[1]) && kf_slh_params_sizes(&sets[1]); */
    /*@ assert kf_slh_params_nd(&sets[2]) && kf_slh_params_128(&sets[2]) && kf_slh_params_192(&sets[2]) &&
               kf_slh_params_256(&sets[2]) && kf_slh_params_sizes(&sets[2]); */
    /*@ assert kf_slh_params_nd(&sets[3]) && kf_slh_params_128(&sets[3]) && kf_slh_params_192(&sets[3]) &&
               kf_slh_params_256(&sets[3]) && kf_slh_params_sizes(&sets[3]); */
    /*@ assert kf_slh_params_nd(&sets[4]) && kf_slh_params_128(&sets[4]) && kf_slh_params_192(&sets[4]) &&
               kf_slh_params_256(&sets[4]) && kf_slh_params_sizes(&sets[4]); */
    /*@ assert kf_slh_params_nd(&sets[5]) && kf_slh_params_128(&sets[5]) && kf_slh_params_192(&sets[5]) &&
               kf_slh_params_256(&sets[5]) && kf_slh_params_sizes(&sets[5]); */
    /*@ assert kf_slh_params_nd(&sets[6]) && kf_slh_params_128(&sets[6]) && kf_slh_params_192(&sets[6]) &&
               kf_slh_params_256(&sets[6]) && kf_slh_params_sizes(&sets[6]); */
    //@ assert param == 1 || param == 2 || param == 3 || param == 4 || param == 5 || param == 6;
    return &sets[param];
}

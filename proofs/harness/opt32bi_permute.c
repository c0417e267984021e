/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * opt32bi_permute.c - the entry point of the proof unit permutation_opt32bi (proofs/units.py,
 * Frama-C's Eva): opt32bi's permutation, reached through its backend table, on a state whose
 * 200 bytes (50 bit-interleaved words) are any values at all and for each round count nr in
 * 1..24, each nr analysed on its own (`split`). No alarm means: no run-time error for any of
 * the 2^1600 states and any nr.
 */
#include "__fc_builtin.h"
#include "keccak/keccak_backend.h"

void eva_opt32bi_permute(void)
{
    uint32_t st[KF_STATE_BYTES / 4];
    unsigned nr;
    Frama_C_make_unknown((char *)st, sizeof st);
    nr = Frama_C_unsigned_int_interval(1, 24);
    /*@ split nr; */
    kf_backend_opt32bi.permute(st, nr);
}

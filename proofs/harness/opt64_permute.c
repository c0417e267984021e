/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * opt64_permute.c - the entry point of the proof unit permutation_opt64 (proofs/units.py,
 * Frama-C's Eva): opt64's permutation, reached through its backend table as the sponge reaches
 * it, on a state whose 200 bytes are any values at all (Frama_C_make_unknown) and for each round
 * count nr in 1..24 (keccak_backend.h's contract), each nr analysed on its own (`split`), so
 * that the pointer into the round constants is exact. No alarm means: no run-time error for any
 * of the 2^1600 states and any nr.
 */
#include "__fc_builtin.h"
#include "keccak/keccak_backend.h"

void eva_opt64_permute(void)
{
    uint64_t st[KF_STATE_BYTES / 8];
    unsigned nr;
    Frama_C_make_unknown((char *)st, sizeof st);
    nr = Frama_C_unsigned_int_interval(1, 24);
    /*@ split nr; */
    kf_backend_opt64.permute(st, nr);
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Preincluded by the proof unit permutation_opt64_bytes (proofs/units.py) only: the rounds of
 * keccak_opt64_rounds.h's PERMUTE_A(nr) taken by a contract, so that WP can prove the
 * functions around them (opt64_absorb_blocks, opt64_oneblock) for every length. The stand-in
 * says what the macro does to its callers: for 1 <= nr <= 24 it writes only the 25 lanes of
 * the A set (and its own temporaries: the E set, B, C, D, its round-constant pointer), each
 * with a value this proof does not need, and touches no memory. That the macro's code has no
 * run-time error for every state and every nr in 1..24 (its reads of kf_keccak_rc included,
 * every statement reached, so it ends) is the Eva proof of opt64_permute, the same macro
 * (unit permutation_opt64). An assumption of this unit: docs/ASSURANCE.md, permutation_opt64_bytes.
 */
#ifndef KF_PROOF_OPT64_ROUNDS_SHIM_H
#define KF_PROOF_OPT64_ROUNDS_SHIM_H
#include <stdint.h>

/*@ requires 1 <= nr <= 24;
    assigns \nothing; */
uint64_t kf_proof_round_lane(unsigned nr);

#define KF_PROOF_ROUND_LANE(P, x, y) P##x##y = kf_proof_round_lane(nr_);
#define KF_PROOF_PERMUTE_A(nr) \
    do { \
        const unsigned nr_ = (nr); \
        LANES(A, KF_PROOF_ROUND_LANE) \
    } while (0)

#endif

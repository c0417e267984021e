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
#include <stddef.h>
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


/* The lane-indexed switches of opt64_absorb_blocks and opt64_oneblock (XOR_IN_RATE, XOR_IN_FULL,
 * XOR_AT), for the same reason (WP carries every later goal through each path of a switch):
 * each is proved on its own in keccak_p1600_opt64.c (opt64_proof_xor_in_rate, _in_full, _at,
 * Frama-C only, the switch's reads under the predicate below), and in the two functions it is
 * a call of the stand-in with that same predicate as precondition (the goal), then the 25 A
 * lanes each set to a value this proof does not need. XOR_AT reads no memory: its arguments
 * only. */
/*@ predicate kf_proof_xor_in_rate_pre(uint8_t *in, integer n) =
        1 <= n <= 25 && \valid_read(in + (0 .. 8 * n - 1));
    predicate kf_proof_xor_in_full_pre(uint8_t *in, integer n) =
        0 <= n <= 23 && \valid_read(in + (0 .. 8 * n - 1)); */
/*@ requires kf_proof_xor_in_rate_pre(in, n);
    assigns \nothing; */
void kf_proof_xor_in_rate(const uint8_t *in, size_t n);
/*@ requires kf_proof_xor_in_full_pre(in, n);
    assigns \nothing; */
void kf_proof_xor_in_full(const uint8_t *in, size_t n);
/* opt64_oneblock's output lanes (OUT_LANE_AT), each proved on its own (opt64_proof_out_lane):
 * a store within out[0 .. outlen - 1] or none. */
/*@ predicate kf_proof_out_lane_pre(uint8_t *out, integer outlen) = \valid(out + (0 .. outlen - 1)); */
/*@ requires kf_proof_out_lane_pre(out, outlen);
    assigns out[0 .. outlen - 1]; */
void kf_proof_out_lane(uint8_t *out, size_t outlen);
/*@ assigns \nothing; */
uint64_t kf_proof_any_lane(void);

#define KF_PROOF_ZERO_LANE(P, x, y) P##x##y = 0;
#define KF_PROOF_ANY_LANE(P, x, y) P##x##y = kf_proof_any_lane();
#define KF_PROOF_XOR_SWITCH(check) \
    do { \
        check; \
        LANES(A, KF_PROOF_ANY_LANE) \
    } while (0)

#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend_spec.h - what the sponge assumes of a Keccak-p[1600] backend (keccak_backend.h's
 * kf_backend), as ACSL contracts on stand-in functions (proofs/units.py passes it with
 * -include to the sponge unit; docs/ASSURANCE.md). The sponge reaches the backend through
 * its table of function pointers; each such call in src/sponge/sponge.c carries an ACSL
 * `calls kf_spec_...` annotation, so WP proves the call against these contracts: the
 * arguments meet the preconditions, and the call changes nothing but what `assigns` names.
 * That the pointer in the table is a function meeting the contract is assumed here (WP's
 * "call point" goals, which run.py reports apart); for the portable permutation it is what the
 * unit permutation proves of keccak_p1600_ref.c (its ref_* functions have these contracts, with
 * the state seen as 25 lanes), and every backend is tested against ref (test_backends, kat).
 * The state is KF_STATE_BYTES = 200 bytes.
 */
#include <stddef.h>
#include <stdint.h>

/*@ requires \valid((uint8_t *)state + (0 .. 199));
    assigns ((uint8_t *)state)[0 .. 199]; */
void kf_spec_init(void *state);

/*@ requires \valid((uint8_t *)state + (0 .. 199));
    requires offset <= 200 && len <= 200 - offset;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint8_t *)state)[offset .. offset + len - 1]; */
void kf_spec_add_bytes(void *state, const uint8_t *in, size_t offset, size_t len);

/*@ requires \valid((uint8_t *)state + (0 .. 199));
    requires offset <= 200 && len <= 200 - offset;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint8_t *)state)[offset .. offset + len - 1]; */
void kf_spec_overwrite_bytes(void *state, const uint8_t *in, size_t offset, size_t len);

/*@ requires \valid_read((uint8_t *)state + (0 .. 199));
    requires offset <= 200 && len <= 200 - offset;
    requires \valid(out + (0 .. len - 1));
    assigns out[0 .. len - 1]; */
void kf_spec_extract_bytes(const void *state, uint8_t *out, size_t offset, size_t len);

/*@ requires \valid((uint8_t *)state + (0 .. 199));
    requires 1 <= nr <= 24;
    assigns ((uint8_t *)state)[0 .. 199]; */
void kf_spec_permute(void *state, unsigned nr);

/* rate: a multiple of 8, at most 200 (the backend checks it itself and consumes nothing
 * otherwise); returns the bytes consumed, whole blocks of the len given */
/*@ requires \valid((uint8_t *)state + (0 .. 199));
    requires 1 <= nr <= 24;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint8_t *)state)[0 .. 199];
    ensures \result <= len; */
size_t kf_spec_absorb_blocks(void *state, unsigned nr, size_t rate, const uint8_t *in, size_t len);

/* the whole sponge of a message shorter than a block (keccak_backend.h's oneblock) */
/*@ requires 8 <= rate <= 192 && 1 <= nr <= 24 && len < rate && outlen <= rate;
    requires \valid_read(in + (0 .. len - 1)) && \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1]; */
void kf_spec_oneblock(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *in, size_t len, uint8_t *out,
                      size_t outlen);

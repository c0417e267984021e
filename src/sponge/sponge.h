/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sponge.h - the sponge construction (FIPS 202 §4) over the backend interface.
 *
 * Absorbs bit strings at any alignment (SP 800-185 keys and messages can be any
 * number of bits), pads with a "delimited suffix" byte that carries the domain
 * separation bits followed by the first bit of pad10*1 (SHA-3: 0x06, SHAKE: 0x1F,
 * cSHAKE: 0x04, legacy Keccak: 0x01, TurboSHAKE: D), and squeezes any lengths.
 * Internal: modes wrap it with argument and state checks.
 */
#ifndef KF_SPONGE_H
#define KF_SPONGE_H

#include "../keccak/keccak_backend.h"

enum kf_sponge_phase { KF_PHASE_ABSORB = 1, KF_PHASE_SQUEEZE = 2 };

typedef struct kf_sponge {
    _Alignas(KF_STATE_ALIGN) uint8_t state[KF_STATE_BYTES]; /* backend-owned format */
    const kf_backend *impl;
    uint16_t rate;     /* bytes per block */
    uint16_t pos;      /* bytes used in the current block (absorb or squeeze) */
    uint8_t  nr;       /* rounds: 24 (FIPS 202) or 12 (TurboSHAKE/KT) */
    uint8_t  suffix;   /* delimited domain suffix, 0x01..0xFF */
    uint8_t  nbits;    /* absorb: pending bits (0..7) in 'partial' */
    uint8_t  partial;  /* absorb: the pending bits, low-aligned */
    uint8_t  phase;    /* kf_sponge_phase, 0 = not initialized / wiped */
} kf_sponge;

/* The contracts (ACSL, proofs/units.py's unit sponge; docs/ASSURANCE.md): a sponge between
 * calls, absorbing (pos < rate) or squeezing (pos <= rate), its backend table apart from it.
 * The calls through the table are proved against keccak_backend.h's ACSL contracts (kf_spec_*). */
/*@ predicate kf_sponge_ok(kf_sponge *s) =
      \valid(s) && \valid_read(s->impl) && \separated(s, s->impl) &&
      8 <= s->rate <= 192 && s->rate % 8 == 0 && 1 <= s->nr <= 24 && s->nbits <= 7 &&
      ((s->phase == KF_PHASE_ABSORB && s->pos < s->rate) ||
       (s->phase == KF_PHASE_SQUEEZE && s->pos <= s->rate));
    predicate kf_sponge_absorbing(kf_sponge *s) = kf_sponge_ok(s) && s->phase == KF_PHASE_ABSORB; */

/* rate in bytes (multiple of 8, 8..192), nr in 1..24, suffix != 0. */
/*@ requires \valid(s) && \valid_read(impl) && \separated(s, impl);
    requires 8 <= rate <= 192 && rate % 8 == 0 && 1 <= nr <= 24;
    assigns *s;
    ensures kf_sponge_absorbing(s) && s->impl == impl && s->nbits == 0 && s->pos == 0; */
void kf_sponge_init(kf_sponge *s, const kf_backend *impl, unsigned rate, unsigned nr, uint8_t suffix);
/* An initialized sponge, still absorbing with no pending bits, takes over a state computed
 * elsewhere (kf_sponge_xn_export): the 200 state bytes in FIPS 202 byte order, pos bytes of
 * the current block already absorbed (pos < rate). */
/*@ requires kf_sponge_absorbing(s) && s->nbits == 0 && pos < s->rate;
    requires \valid_read(state + (0 .. KF_STATE_BYTES - 1));
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos;
    ensures kf_sponge_absorbing(s) && s->nbits == 0; */
void kf_sponge_import(kf_sponge *s, const uint8_t state[KF_STATE_BYTES], size_t pos);
/*@ requires kf_sponge_absorbing(s);
    requires \valid_read(in + (0 .. len - 1));
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial;
    ensures kf_sponge_absorbing(s) && s->nbits == \old(s->nbits); */
void kf_sponge_absorb(kf_sponge *s, const uint8_t *in, size_t len);
/*@ requires kf_sponge_absorbing(s);
    requires \valid_read(in + (0 .. (nbits + 7) / 8 - 1));
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial, s->nbits;
    ensures kf_sponge_absorbing(s); */
void kf_sponge_absorb_bits(kf_sponge *s, const uint8_t *in, size_t nbits);
/* Absorb zero bits up to the next block boundary (nothing if already on one): the end of
 * SP 800-185's bytepad when it started a block. */
/*@ requires kf_sponge_absorbing(s);
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial, s->nbits;
    ensures kf_sponge_absorbing(s); */
void kf_sponge_zero_to_block(kf_sponge *s);
/* Change the delimited suffix before padding (KT picks its final-node domain late). */
/*@ requires kf_sponge_absorbing(s);
    assigns s->suffix;
    ensures kf_sponge_absorbing(s); */
static inline void kf_sponge_set_suffix(kf_sponge *s, uint8_t suffix) { s->suffix = suffix; }
/* Pad and switch to squeezing (idempotent once squeezing). */
/*@ requires kf_sponge_ok(s);
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial, s->nbits, s->phase;
    ensures kf_sponge_ok(s) && s->phase == KF_PHASE_SQUEEZE; */
void kf_sponge_finalize(kf_sponge *s);
/* Finalizes first if still absorbing. */
/*@ requires kf_sponge_ok(s);
    requires \valid(out + (0 .. len - 1)) && \separated(out + (0 .. len - 1), s);
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial, s->nbits, s->phase, out[0 .. len - 1];
    ensures kf_sponge_ok(s) && s->phase == KF_PHASE_SQUEEZE; */
void kf_sponge_squeeze(kf_sponge *s, uint8_t *out, size_t len);

/* The whole sponge of a message that fits in one block, without a kf_sponge: out[0 .. outlen)
 * = what init / absorb(in, len) / squeeze(out, outlen) give, for len < rate, outlen <= rate
 * and suffix in 0x01..0x7F (KF_SPONGE_ONEBLOCK_FITS). The backend's fused oneblock
 * operation where it has one, else the same steps through its other operations (on a
 * stack state, wiped). The one-shot hashes use it (issue 24, "one-block hashes"). */
#define KF_SPONGE_ONEBLOCK_FITS(rate, len, outlen) ((len) < (rate) && (outlen) <= (rate))
/* The fallback, for any backend (and the tests compare the fused operations with it). */
/*@ requires \valid_read(impl);
    requires 8 <= rate <= 192 && 1 <= nr <= 24 && len < rate && outlen <= rate;
    requires \valid_read(in + (0 .. len - 1)) && \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1]; */
void kf_sponge_oneblock_generic(const kf_backend *impl, unsigned rate, unsigned nr, uint8_t suffix,
                                const uint8_t *in, size_t len, uint8_t *out, size_t outlen);
/*@ requires \valid_read(impl);
    requires 8 <= rate <= 192 && 1 <= nr <= 24 && len < rate && outlen <= rate;
    requires \valid_read(in + (0 .. len - 1)) && \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1]; */
static inline void kf_sponge_oneblock(const kf_backend *impl, unsigned rate, unsigned nr, uint8_t suffix,
                                      const uint8_t *in, size_t len, uint8_t *out, size_t outlen)
{
    if (impl->oneblock) {
        /*@ calls kf_spec_oneblock; */
        impl->oneblock(nr, rate, suffix, in, len, out, outlen);
    } else kf_sponge_oneblock_generic(impl, rate, nr, suffix, in, len, out, outlen);
}


#include "../common/util.h" /* kf_memzero: zeroization the compiler cannot drop */

/* The wipe of a sponge (a caller's local or a context's member), stated in its own type: a
 * caller assumes only \valid(s) after it. WP assumes a call's precondition after the call, and
 * kf_memzero's views the object as bytes, which for a local object is false in WP's Typed model
 * (docs/ASSURANCE.md, "The tool's assumptions"): every goal after the call would be proved from
 * it. Through a pointer parameter (whose block WP does not size) it is not: the byte view is one
 * justified goal here (unit sponge). KT, ML-DSA's SampleInBall and SLH-DSA's hash layer use it. */
/*@ requires \valid(s);
    assigns *s; */
static inline void kf_sponge_wipe(kf_sponge *s)
{
    kf_memzero((uint8_t *)s, sizeof *s);
}

#endif

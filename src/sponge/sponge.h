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

/* rate in bytes (multiple of 8, 8..192), nr in 1..24, suffix != 0. */
void kf_sponge_init(kf_sponge *s, const kf_backend *impl, unsigned rate, unsigned nr, uint8_t suffix);
/* An initialized sponge, still absorbing with no pending bits, takes over a state computed
 * elsewhere (kf_sponge_xn_export): the 200 state bytes in FIPS 202 byte order, pos bytes of
 * the current block already absorbed (pos < rate). */
void kf_sponge_import(kf_sponge *s, const uint8_t state[KF_STATE_BYTES], size_t pos);
void kf_sponge_absorb(kf_sponge *s, const uint8_t *in, size_t len);
void kf_sponge_absorb_bits(kf_sponge *s, const uint8_t *in, size_t nbits);
/* Absorb zero bits up to the next block boundary (nothing if already on one): the end of
 * SP 800-185's bytepad when it started a block. */
void kf_sponge_zero_to_block(kf_sponge *s);
/* Change the delimited suffix before padding (KT picks its final-node domain late). */
static inline void kf_sponge_set_suffix(kf_sponge *s, uint8_t suffix) { s->suffix = suffix; }
/* Pad and switch to squeezing (idempotent once squeezing). */
void kf_sponge_finalize(kf_sponge *s);
/* Finalizes first if still absorbing. */
void kf_sponge_squeeze(kf_sponge *s, uint8_t *out, size_t len);

/* The whole sponge of a message that fits in one block, without a kf_sponge: out[0 .. outlen)
 * = what init / absorb(in, len) / squeeze(out, outlen) give, for len < rate, outlen <= rate
 * and suffix in 0x01..0x7F (KF_SPONGE_ONEBLOCK_FITS). The backend's fused oneblock
 * operation where it has one, else the same steps through its other operations (on a
 * stack state, wiped). The one-shot hashes use it (issue 24, "one-block hashes"). */
#define KF_SPONGE_ONEBLOCK_FITS(rate, len, outlen) ((len) < (rate) && (outlen) <= (rate))
/* The fallback, for any backend (and the tests compare the fused operations with it). */
void kf_sponge_oneblock_generic(const kf_backend *impl, unsigned rate, unsigned nr, uint8_t suffix,
                                const uint8_t *in, size_t len, uint8_t *out, size_t outlen);
static inline void kf_sponge_oneblock(const kf_backend *impl, unsigned rate, unsigned nr, uint8_t suffix,
                                      const uint8_t *in, size_t len, uint8_t *out, size_t outlen)
{
    if (impl->oneblock) impl->oneblock(nr, rate, suffix, in, len, out, outlen);
    else kf_sponge_oneblock_generic(impl, rate, nr, suffix, in, len, out, outlen);
}


#include "../common/util.h" /* kf_memzero: zeroization the compiler cannot drop */

#endif

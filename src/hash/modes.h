/*
 * modes.h - private layout of the public context types and the checks every mode shares.
 *
 * The public header declares contexts as opaque aligned storage; each mode casts that
 * storage to its own struct below. A magic word marks a live context, so calls on an
 * uninitialized, finished or wiped context return KF_ERR_BAD_STATE instead of using garbage.
 */
#ifndef KF_MODES_H
#define KF_MODES_H

#include "keccakforge.h"
#include "../sponge/sponge.h"

enum {
    KF_MAGIC_HASH = 0x6b664831u,  /* "kfH1" */
    KF_MAGIC_XOF  = 0x6b665831u,
    KF_MAGIC_KMAC = 0x6b664b31u,
    KF_MAGIC_TUPLE = 0x6b665431u,
    KF_MAGIC_PAR  = 0x6b665031u,
    KF_MAGIC_KT   = 0x6b664b54u,
};

/* Delimited suffixes (domain bits, then the first bit of pad10*1), FIPS 202 §6 / SP 800-185. */
#define KF_SUFFIX_SHA3   0x06
#define KF_SUFFIX_SHAKE  0x1F
#define KF_SUFFIX_CSHAKE 0x04
#define KF_SUFFIX_KECCAK 0x01

/* rate in bytes for capacity 2*security bits */
#define KF_RATE(security_bits) (200 - 2 * (security_bits) / 8)

typedef struct kf_hash_impl {
    kf_sponge s;
    uint32_t magic;
    uint8_t outlen;
} kf_hash_impl;

typedef struct kf_xof_impl {
    kf_sponge s;
    uint32_t magic;
} kf_xof_impl;

#define KF_IMPL(type, ctx) ((type *)(void *)(ctx)->opaque_)
#define KF_FITS(type, ctxtype) _Static_assert(sizeof(type) <= sizeof(ctxtype), #type " too big")

/* A NULL buffer is only fine with length zero. */
#define KF_CHECK_BUF(p, len) do { if ((len) && !(p)) return KF_ERR_NULL_POINTER; } while (0)
#define KF_BITS_TO_BYTES(n) ((n) / 8 + ((n) % 8 != 0))

/* Set up an XOF context on the current backend (used by SHAKE, TurboSHAKE, cSHAKE). */
void kf_xof_setup(kf_xof_impl *x, unsigned rate, unsigned nr, uint8_t suffix);

#endif

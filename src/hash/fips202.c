/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fips202.c - SHA3-224/256/384/512, SHAKE128/256 (FIPS 202 §6), TurboSHAKE128/256
 * (RFC 9861 §2) and the legacy Keccak-256/512 padding, over the sponge.
 */
#include "modes.h"

#include <string.h>

KF_FITS(kf_hash_impl, kf_hash_ctx);
KF_FITS(kf_xof_impl, kf_xof_ctx);

/* ---- fixed-length hashes ---------------------------------------------------------- */

static const struct {
    uint8_t outlen, suffix;
} hash_params[] = {
    [KF_SHA3_224] = {28, KF_SUFFIX_SHA3},
    [KF_SHA3_256] = {32, KF_SUFFIX_SHA3},
    [KF_SHA3_384] = {48, KF_SUFFIX_SHA3},
    [KF_SHA3_512] = {64, KF_SUFFIX_SHA3},
    [KF_KECCAK256_LEGACY] = {32, KF_SUFFIX_KECCAK},
    [KF_KECCAK512_LEGACY] = {64, KF_SUFFIX_KECCAK},
};

/*@ assigns \nothing;
    ensures \result == kf_hash_digest(alg); */
size_t kf_hash_size(kf_hash_alg alg)
{
    if ((int)alg < KF_SHA3_224 || (int)alg > KF_KECCAK512_LEGACY) return 0;
    return hash_params[alg].outlen;
}

/*@ requires ctx == \null || \valid(ctx);
    assigns *ctx;
    ensures \result <= 0;
    ensures \result == KF_OK ==> kf_hash_inv(ctx) && ctx->impl.magic == KF_MAGIC_HASH; */
int kf_hash_init(kf_hash_ctx *ctx, kf_hash_alg alg)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    size_t outlen = kf_hash_size(alg);
    if (!outlen) return KF_ERR_BAD_ALGORITHM;
    kf_hash_impl *h = KF_IMPL(kf_hash_impl, ctx);
    /* capacity = 2 * digest bits (FIPS 202 §6.1; the same for the legacy Keccak-256/512) */
    kf_sponge_init(&h->s, kf_backend_current(), (unsigned)(200 - 2 * outlen), 24, hash_params[alg].suffix);
    h->outlen = (uint8_t)outlen;
    h->magic = KF_MAGIC_HASH;
    return KF_OK;
}

/*@ requires kf_hash_inv(ctx);
    assigns \nothing;
    ensures \result == \null || (\result == &ctx->impl && kf_sponge_absorbing(&ctx->impl.s)); */
static kf_hash_impl *live_hash(kf_hash_ctx *ctx)
{
    kf_hash_impl *h = KF_IMPL(kf_hash_impl, ctx);
    return h->magic == KF_MAGIC_HASH && h->s.phase == KF_PHASE_ABSORB ? h : NULL;
}

/*@ requires ctx == \null || kf_hash_inv(ctx);
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. len - 1));
    assigns *ctx;
    ensures \result <= 0;
    ensures ctx != \null ==> kf_hash_inv(ctx); */
int kf_hash_update(kf_hash_ctx *ctx, const void *in, size_t len)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(in, len);
    kf_hash_impl *h = live_hash(ctx);
    if (!h) return KF_ERR_BAD_STATE;
    kf_sponge_absorb(&h->s, (const uint8_t *)in, len);
    return KF_OK;
}

/*@ requires ctx == \null || kf_hash_inv(ctx);
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. (nbits + 7) / 8 - 1));
    assigns *ctx;
    ensures ctx != \null ==> kf_hash_inv(ctx); */
int kf_hash_update_bits(kf_hash_ctx *ctx, const void *in, size_t nbits)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(in, nbits);
    kf_hash_impl *h = live_hash(ctx);
    if (!h) return KF_ERR_BAD_STATE;
    kf_sponge_absorb_bits(&h->s, (const uint8_t *)in, nbits);
    return KF_OK;
}

/*@ requires ctx == \null || kf_hash_inv(ctx);
    requires out == \null || (\valid(out + (0 .. outlen - 1)) && \separated(out + (0 .. outlen - 1), ctx));
    assigns *ctx, out[0 .. outlen - 1];
    ensures \result <= 0; */
int kf_hash_final(kf_hash_ctx *ctx, uint8_t *out, size_t outlen)
{
    if (!ctx || !out) return KF_ERR_NULL_POINTER;
    kf_hash_impl *h = live_hash(ctx);
    if (!h) return KF_ERR_BAD_STATE;
    if (outlen < h->outlen) return KF_ERR_BAD_LENGTH;
    kf_sponge_squeeze(&h->s, out, h->outlen);
    kf_memzero(ctx, sizeof *ctx);
    return KF_OK;
}

/* The one-shot of a fixed-length hash, arguments checked: an input shorter than the rate is
 * one permutation (kf_sponge_oneblock, no context), anything longer goes through a context.
 * Inlined with a constant alg (kf_sha3_256, ...), the table lookups fold away. */
/*@ requires 1 <= alg <= 6;
    requires in == \null ==> inlen == 0;
    requires \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires \valid(out + (0 .. kf_hash_digest(alg) - 1));
    assigns out[0 .. kf_hash_digest(alg) - 1];
    ensures \result <= 0; */
static inline int hash_oneshot(kf_hash_alg alg, uint8_t *out, const void *in, size_t inlen)
{
    size_t digest = hash_params[alg].outlen;
    unsigned rate = (unsigned)(200 - 2 * digest); /* as kf_hash_init */
    if (KF_SPONGE_ONEBLOCK_FITS(rate, inlen, digest)) {
        kf_sponge_oneblock(kf_backend_current(), rate, 24, hash_params[alg].suffix, (const uint8_t *)in, inlen, out,
                           digest);
        return KF_OK;
    }
    kf_hash_ctx ctx;
    int rc = kf_hash_init(&ctx, alg);
    if (rc == KF_OK) rc = kf_hash_update(&ctx, in, inlen);
    if (rc == KF_OK) rc = kf_hash_final(&ctx, out, digest);
    return rc;
}

/*@ requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires out == \null || \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1]; */
int kf_hash(kf_hash_alg alg, uint8_t *out, size_t outlen, const void *in, size_t inlen)
{
    KF_CHECK_BUF(in, inlen);
    if (!out) return KF_ERR_NULL_POINTER;
    size_t digest = kf_hash_size(alg);
    if (!digest) return KF_ERR_BAD_ALGORITHM;
    if (digest > outlen) return KF_ERR_BAD_LENGTH;
    return hash_oneshot(alg, out, in, inlen);
}

#define KF_HASH_FIXED(fn, alg, bytes) \
    int fn(uint8_t out[bytes], const void *in, size_t inlen) \
    { \
        KF_CHECK_BUF(in, inlen); \
        if (!out) return KF_ERR_NULL_POINTER; \
        return hash_oneshot(alg, out, in, inlen); \
    }
/*@ requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires out == \null || \valid(out + (0 .. 28 - 1));
    assigns out[0 .. 28 - 1];
    ensures \result <= 0; */
KF_HASH_FIXED(kf_sha3_224, KF_SHA3_224, KF_SHA3_224_BYTES)
/*@ requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires out == \null || \valid(out + (0 .. 32 - 1));
    assigns out[0 .. 32 - 1];
    ensures \result <= 0; */
KF_HASH_FIXED(kf_sha3_256, KF_SHA3_256, KF_SHA3_256_BYTES)
/*@ requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires out == \null || \valid(out + (0 .. 48 - 1));
    assigns out[0 .. 48 - 1];
    ensures \result <= 0; */
KF_HASH_FIXED(kf_sha3_384, KF_SHA3_384, KF_SHA3_384_BYTES)
/*@ requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires out == \null || \valid(out + (0 .. 64 - 1));
    assigns out[0 .. 64 - 1];
    ensures \result <= 0; */
KF_HASH_FIXED(kf_sha3_512, KF_SHA3_512, KF_SHA3_512_BYTES)
/*@ requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires out == \null || \valid(out + (0 .. 32 - 1));
    assigns out[0 .. 32 - 1]; */
KF_HASH_FIXED(kf_keccak256_legacy, KF_KECCAK256_LEGACY, KF_KECCAK256_BYTES)
/*@ requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires out == \null || \valid(out + (0 .. 64 - 1));
    assigns out[0 .. 64 - 1]; */
KF_HASH_FIXED(kf_keccak512_legacy, KF_KECCAK512_LEGACY, KF_KECCAK512_BYTES)

/* ---- XOFs --------------------------------------------------------------------------- */

/*@ requires \valid(x);
    requires 8 <= rate <= 192 && rate % 8 == 0 && 1 <= nr <= 24;
    assigns *x;
    ensures kf_sponge_absorbing(&x->s) && x->magic == KF_MAGIC_XOF; */
void kf_xof_setup(kf_xof_impl *x, unsigned rate, unsigned nr, uint8_t suffix)
{
    kf_sponge_init(&x->s, kf_backend_current(), rate, nr, suffix);
    x->magic = KF_MAGIC_XOF;
}

/*@ requires ctx == \null || \valid(ctx);
    assigns *ctx;
    ensures ctx != \null ==> kf_xof_inv(ctx); */
int kf_shake128_init(kf_xof_ctx *ctx)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    kf_xof_setup(KF_IMPL(kf_xof_impl, ctx), KF_RATE(128), 24, KF_SUFFIX_SHAKE);
    return KF_OK;
}

/*@ requires ctx == \null || \valid(ctx);
    assigns *ctx;
    ensures ctx != \null ==> kf_xof_inv(ctx); */
int kf_shake256_init(kf_xof_ctx *ctx)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    kf_xof_setup(KF_IMPL(kf_xof_impl, ctx), KF_RATE(256), 24, KF_SUFFIX_SHAKE);
    return KF_OK;
}

/* RFC 9861 §2.2: D in 0x01..0x7F is the delimited suffix, with 12 rounds. */
/*@ requires ctx == \null || \valid(ctx);
    requires security == 128 || security == 256;
    assigns *ctx;
    ensures \result == KF_OK ==> kf_xof_inv(ctx) && ctx->impl.magic == KF_MAGIC_XOF; */
static int turboshake_init(kf_xof_ctx *ctx, unsigned security, uint8_t domain)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    if (domain < 0x01 || domain > 0x7F) return KF_ERR_BAD_DOMAIN;
    kf_xof_setup(KF_IMPL(kf_xof_impl, ctx), KF_RATE(security), 12, domain);
    return KF_OK;
}

/*@ requires ctx == \null || \valid(ctx);
    assigns *ctx;
    ensures \result == KF_OK ==> kf_xof_inv(ctx); */
int kf_turboshake128_init(kf_xof_ctx *ctx, uint8_t domain) { return turboshake_init(ctx, 128, domain); }
/*@ requires ctx == \null || \valid(ctx);
    assigns *ctx;
    ensures \result == KF_OK ==> kf_xof_inv(ctx); */
int kf_turboshake256_init(kf_xof_ctx *ctx, uint8_t domain) { return turboshake_init(ctx, 256, domain); }

/*@ requires kf_xof_inv(ctx);
    assigns \nothing;
    ensures \result == \null || (\result == &ctx->impl && kf_sponge_ok(&ctx->impl.s)); */
static kf_xof_impl *live_xof(kf_xof_ctx *ctx)
{
    kf_xof_impl *x = KF_IMPL(kf_xof_impl, ctx);
    return x->magic == KF_MAGIC_XOF && x->s.phase ? x : NULL;
}

/*@ requires ctx == \null || kf_xof_inv(ctx);
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. len - 1));
    assigns *ctx;
    ensures \result <= 0;
    ensures ctx != \null ==> kf_xof_inv(ctx); */
int kf_xof_absorb(kf_xof_ctx *ctx, const void *in, size_t len)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(in, len);
    kf_xof_impl *x = live_xof(ctx);
    if (!x || x->s.phase != KF_PHASE_ABSORB) return KF_ERR_BAD_STATE;
    kf_sponge_absorb(&x->s, (const uint8_t *)in, len);
    return KF_OK;
}

/*@ requires ctx == \null || kf_xof_inv(ctx);
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. (nbits + 7) / 8 - 1));
    assigns *ctx;
    ensures ctx != \null ==> kf_xof_inv(ctx); */
int kf_xof_absorb_bits(kf_xof_ctx *ctx, const void *in, size_t nbits)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(in, nbits);
    kf_xof_impl *x = live_xof(ctx);
    if (!x || x->s.phase != KF_PHASE_ABSORB) return KF_ERR_BAD_STATE;
    kf_sponge_absorb_bits(&x->s, (const uint8_t *)in, nbits);
    return KF_OK;
}

/*@ requires ctx == \null || kf_xof_inv(ctx);
    requires out == \null || (\valid(out + (0 .. len - 1)) && \separated(out + (0 .. len - 1), ctx));
    assigns *ctx, out[0 .. len - 1];
    ensures \result <= 0;
    ensures ctx != \null ==> kf_xof_inv(ctx); */
int kf_xof_squeeze(kf_xof_ctx *ctx, uint8_t *out, size_t len)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(out, len);
    kf_xof_impl *x = live_xof(ctx);
    if (!x) return KF_ERR_BAD_STATE;
    kf_sponge_squeeze(&x->s, out, len);
    return KF_OK;
}

/* The wipe of a local XOF context, stated in its own type: a caller assumes only \valid(p) after it.
 * WP assumes a call's precondition after the call; kf_memzero's views the object as bytes, which
 * for a local object is false in WP's Typed model (docs/ASSURANCE.md, "The tool's assumptions"),
 * so every goal after the call would be proved from it. Through a pointer parameter (whose
 * block WP does not size) it is not: the byte view is one justified goal here. */
/*@ requires \valid(p);
    assigns *p; */
static void wipe_xof(kf_xof_ctx *p)
{
    kf_memzero((uint8_t *)p, sizeof *p);
}

/* A one-shot XOF: an input shorter than the rate with at most a block of output is one
 * permutation (kf_sponge_oneblock, no context); anything longer goes through a context.
 * The argument checks come in the order the context path makes them (input, then output). */
/*@ requires rate == KF_RATE(128) || rate == KF_RATE(256);
    requires 1 <= nr <= 24;
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires out == \null || \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1];
    ensures \result <= 0; */
static int xof_oneshot(unsigned rate, unsigned nr, uint8_t suffix, uint8_t *out, size_t outlen, const void *in,
                       size_t inlen)
{
    KF_CHECK_BUF(in, inlen);
    KF_CHECK_BUF(out, outlen);
    if (KF_SPONGE_ONEBLOCK_FITS(rate, inlen, outlen)) {
        kf_sponge_oneblock(kf_backend_current(), rate, nr, suffix, (const uint8_t *)in, inlen, out, outlen);
        return KF_OK;
    }
    kf_xof_ctx c;
    kf_xof_setup(KF_IMPL(kf_xof_impl, &c), rate, nr, suffix);
    int rc = kf_xof_absorb(&c, in, inlen);
    if (rc == KF_OK) rc = kf_xof_squeeze(&c, out, outlen);
    wipe_xof(&c);
    return rc;
}

/*@ requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires out == \null || \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1];
    ensures \result <= 0; */
int kf_shake128(uint8_t *out, size_t outlen, const void *in, size_t inlen)
{
    return xof_oneshot(KF_RATE(128), 24, KF_SUFFIX_SHAKE, out, outlen, in, inlen);
}

/*@ requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires out == \null || \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1];
    ensures \result <= 0; */
int kf_shake256(uint8_t *out, size_t outlen, const void *in, size_t inlen)
{
    return xof_oneshot(KF_RATE(256), 24, KF_SUFFIX_SHAKE, out, outlen, in, inlen);
}

/* RFC 9861 §2.2: D in 0x01..0x7F (turboshake_init checks the same for the incremental API). */
/*@ requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires out == \null || \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1]; */
int kf_turboshake128(uint8_t *out, size_t outlen, const void *in, size_t inlen, uint8_t domain)
{
    if (domain < 0x01 || domain > 0x7F) return KF_ERR_BAD_DOMAIN;
    return xof_oneshot(KF_RATE(128), 12, domain, out, outlen, in, inlen);
}

/*@ requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires out == \null || \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1]; */
int kf_turboshake256(uint8_t *out, size_t outlen, const void *in, size_t inlen, uint8_t domain)
{
    if (domain < 0x01 || domain > 0x7F) return KF_ERR_BAD_DOMAIN;
    return xof_oneshot(KF_RATE(256), 12, domain, out, outlen, in, inlen);
}

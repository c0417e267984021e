/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sp800_185.c - cSHAKE (NIST SP 800-185 §3), KMAC and KMACXOF (§4), TupleHash (§5) and
 * ParallelHash (§6), over the sponge.
 *
 * Every function here is cSHAKE with a prefix and a tail:
 *   cSHAKE(X, L, N, S) = KECCAK[2c](bytepad(encode_string(N) || encode_string(S), rate) || X || 00, L)
 * The "00" is the delimited suffix 0x04 (bits 0, 0, then the first 1 of pad10*1). With N and S
 * both empty cSHAKE is SHAKE (§3.3), suffix 0x1F. The fixed-length variants end their input with
 * right_encode(L), L the output length in bits; the XOF variants with right_encode(0) (§4.3.1,
 * §5.3.1, §6.3.1). Lengths inside encode_string are bit counts, so a key or a tuple element of
 * any bit length shifts everything after it; the sponge absorbs bit strings at any alignment.
 */
#include "common/ct.h"
#include "modes.h"

#include <string.h>

/* ---- private context layouts ---------------------------------------------------------- */

enum sp_stage {
    ST_ABSORB = 1,     /* input allowed */
    ST_BITS_ENDED = 2, /* ParallelHash: a partial byte was absorbed, only final may follow */
    ST_SQUEEZE = 3,    /* XOF variant after final: squeeze continues the output */
};

/* ---- SP 800-185 §2.3 encodings ---------------------------------------------------------- */

/* left_encode(x): the byte count n of x (at least 1), then x big-endian in n bytes. */
size_t kf_left_encode(uint8_t buf[9], uint64_t x)
{
    size_t n = 1;
    /*@ loop invariant 1 <= n <= 8;
        loop assigns n;
        loop variant 8 - n; */
    while (n < 8 && (x >> (8 * n))) n++;
    buf[0] = (uint8_t)n;
    /*@ loop invariant 0 <= i <= n;
        loop assigns i, buf[1 .. 8];
        loop variant n - i; */
    for (size_t i = 0; i < n; i++) buf[1 + i] = (uint8_t)(x >> (8 * (n - 1 - i)));
    return n + 1;
}

/* right_encode(x): x big-endian in n bytes, then n. */
size_t kf_right_encode(uint8_t buf[9], uint64_t x)
{
    size_t n = 1;
    /*@ loop invariant 1 <= n <= 8;
        loop assigns n;
        loop variant 8 - n; */
    while (n < 8 && (x >> (8 * n))) n++;
    /*@ loop invariant 0 <= i <= n;
        loop assigns i, buf[0 .. 7];
        loop variant n - i; */
    for (size_t i = 0; i < n; i++) buf[i] = (uint8_t)(x >> (8 * (n - 1 - i)));
    buf[n] = (uint8_t)n;
    return n + 1;
}

/* The cSHAKE instance that KMAC, TupleHash and ParallelHash all end in. */
typedef struct sp_core {
    kf_sponge s;
    uint32_t magic;
    uint8_t xof;   /* 1: right_encode(0) and an unbounded output */
    uint8_t stage; /* sp_stage, 0 = dead */
} sp_core;

typedef sp_core kf_kmac_impl;
typedef sp_core kf_tuplehash_impl;

typedef struct kf_parallelhash_impl {
    sp_core c;       /* cSHAKE(z, L, "ParallelHash", S), z = left_encode(B) || CV_0 || ... */
    kf_sponge leaf;  /* the open block: cSHAKE(block, 2*security, "", "") = SHAKE */
    uint64_t blocks; /* n so far: closed blocks whose chaining value is in c.s */
    size_t B;        /* block size in bytes */
    size_t fill;     /* whole bytes absorbed into the open block (0 = no open block) */
    uint16_t threads; /* kf_parallelhash_set_threads (resolved; 0 = auto, kf_leaves_start), 1 = none */
    uint8_t cv_len;  /* 32 (ParallelHash128) or 64 (ParallelHash256) */
} kf_parallelhash_impl;

#if defined(__FRAMAC__) && defined(KF_PROOF_CTX_VIEW)
/* The proof build's view of these contexts (proofs/ctx_view.h, as modes.h's): a compiler never
 * sees it. */
struct kf_kmac_ctx { kf_kmac_impl impl; };
struct kf_tuplehash_ctx { kf_tuplehash_impl impl; };
struct kf_parallelhash_ctx { kf_parallelhash_impl impl; };
/* A context of KMAC or TupleHash (magic) at a live stage holds a sponge within kf_sponge_ok,
 * absorbing while the stage is ST_ABSORB. */
/*@ predicate sp_inv(sp_core *c, integer magic) =
      \valid(c) &&
      (c->magic == magic && c->stage != 0 ==>
         kf_sponge_ok(&c->s) && (c->stage == ST_ABSORB ==> c->s.phase == KF_PHASE_ABSORB)); */
/* A ParallelHash context that takes input (ST_ABSORB) or only final (ST_BITS_ENDED): z's sponge
 * absorbing on a backend table no one writes (kf_backend_current's, which the leaf sponge
 * shares), a block size B >= 1, fill < B bytes in the open block, whose sponge is absorbing
 * while it is open (fill != 0, or the message ended in it with a partial byte). */
/*@ predicate par_open(kf_parallelhash_impl *p) =
      \valid(p) && kf_sponge_absorbing(&p->c.s) && !\valid(p->c.s.impl) &&
      1 <= p->B && p->fill < p->B && (p->cv_len == 32 || p->cv_len == 64) &&
      (p->fill != 0 ==> kf_sponge_absorbing(&p->leaf));
    predicate par_inv(kf_parallelhash_impl *p) =
      sp_inv(&p->c, KF_MAGIC_PAR) &&
      (p->c.magic == KF_MAGIC_PAR && (p->c.stage == ST_ABSORB || p->c.stage == ST_BITS_ENDED) ==>
         par_open(p) && (p->c.stage == ST_BITS_ENDED ==> kf_sponge_absorbing(&p->leaf))); */
#endif

KF_FITS(kf_kmac_impl, kf_kmac_ctx);
KF_FITS(kf_tuplehash_impl, kf_tuplehash_ctx);
KF_FITS(kf_parallelhash_impl, kf_parallelhash_ctx);

/* Function names N of §4.3, §5.3, §6.3 (the XOF variants share them). */
static const char N_KMAC[] = "KMAC";
static const char N_TUPLE[] = "TupleHash";
static const char N_PARALLEL[] = "ParallelHash";

/* The bit count of a byte length must fit in size_t (the type every _bits length has), so it
 * always fits the 64-bit encodings; 2^2040 (§2.3.1) is far beyond either. */
#define TOO_MANY_BITS(len) ((len) > SIZE_MAX / 8)

/* ---- encodings (§2.3) over the sponge -------------------------------------------------- */

/*@ requires kf_sponge_absorbing(s);
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial;
    ensures kf_sponge_absorbing(s) && s->nbits == \old(s->nbits); */
static void absorb_left_encode(kf_sponge *s, uint64_t x)
{
    uint8_t buf[9];
    kf_sponge_absorb(s, buf, kf_left_encode(buf, x));
}

/*@ requires kf_sponge_absorbing(s);
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial;
    ensures kf_sponge_absorbing(s) && s->nbits == \old(s->nbits); */
static void absorb_right_encode(kf_sponge *s, uint64_t x)
{
    uint8_t buf[9];
    kf_sponge_absorb(s, buf, kf_right_encode(buf, x));
}

/* encode_string(X) = left_encode(len(X)) || X, for a bit string of nbits bits (§2.3.2). */
/*@ requires kf_sponge_absorbing(s);
    requires \valid_read((const uint8_t *)x + (0 .. (nbits + 7) / 8 - 1));
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial, s->nbits;
    ensures kf_sponge_absorbing(s); */
static void absorb_encode_string_bits(kf_sponge *s, const void *x, size_t nbits)
{
    absorb_left_encode(s, nbits);
    if (nbits) kf_sponge_absorb_bits(s, (const uint8_t *)x, nbits);
}

/*@ requires kf_sponge_absorbing(s);
    requires \valid_read((const uint8_t *)x + (0 .. len - 1));
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial;
    ensures kf_sponge_absorbing(s) && s->nbits == \old(s->nbits); */
static void absorb_encode_string(kf_sponge *s, const void *x, size_t len)
{
    absorb_left_encode(s, (uint64_t)len * 8);
    if (len) kf_sponge_absorb(s, (const uint8_t *)x, len);
}

/* bytepad(X, w) = left_encode(w) || X || zero bits to a multiple of 8 || zero bytes to a multiple
 * of w bytes (§2.3.3). Every bytepad here starts a fresh sponge with w = rate, so its end is the
 * end of the current block: pad with zero bits to a byte, then zero bytes to the block boundary
 * (none if X already ended on it; the sponge permutes as soon as a block is full). */
/*@ requires kf_sponge_absorbing(s);
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial;
    ensures kf_sponge_absorbing(s) && s->nbits == \old(s->nbits); */
static void bytepad_begin(kf_sponge *s)
{
    absorb_left_encode(s, s->rate);
}

/*@ requires kf_sponge_absorbing(s);
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial, s->nbits;
    ensures kf_sponge_absorbing(s); */
static void bytepad_end(kf_sponge *s)
{
    kf_sponge_zero_to_block(s);
}

/* The cSHAKE prefix (§3.3) for non-empty N or S, on a fresh sponge with suffix 0x04. */
/*@ requires kf_sponge_absorbing(s);
    requires \valid_read((const uint8_t *)N + (0 .. Nlen - 1)) && \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial, s->nbits;
    ensures kf_sponge_absorbing(s); */
static void cshake_prefix(kf_sponge *s, const void *N, size_t Nlen, const void *S, size_t Slen)
{
    bytepad_begin(s);
    absorb_encode_string(s, N, Nlen);
    absorb_encode_string(s, S, Slen);
    bytepad_end(s);
}

/* ---- cSHAKE (§3) ----------------------------------------------------------------------- */

/*@ requires ctx == \null || \valid(ctx);
    requires security == 128 || security == 256;
    requires N == \null || \valid_read((const uint8_t *)N + (0 .. Nlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns *ctx;
    ensures \result == KF_OK ==> kf_xof_inv(ctx) && ctx->impl.magic == KF_MAGIC_XOF; */
static int cshake_init(kf_xof_ctx *ctx, unsigned security, const void *N, size_t Nlen,
                       const void *S, size_t Slen)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(N, Nlen);
    KF_CHECK_BUF(S, Slen);
    if (TOO_MANY_BITS(Nlen) || TOO_MANY_BITS(Slen)) return KF_ERR_TOO_LONG;
    kf_xof_impl *x = KF_IMPL(kf_xof_impl, ctx);
    if (!Nlen && !Slen) { /* §3.3: cSHAKE(X, L, "", "") = SHAKE(X, L) */
        kf_xof_setup(x, KF_RATE(security), 24, KF_SUFFIX_SHAKE);
        return KF_OK;
    }
    kf_xof_setup(x, KF_RATE(security), 24, KF_SUFFIX_CSHAKE);
    cshake_prefix(&x->s, N, Nlen, S, Slen);
    return KF_OK;
}

/*@ requires ctx == \null || \valid(ctx);
    requires N == \null || \valid_read((const uint8_t *)N + (0 .. Nlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns *ctx;
    ensures \result == KF_OK ==> kf_xof_inv(ctx); */
int kf_cshake128_init(kf_xof_ctx *ctx, const void *N, size_t Nlen, const void *S, size_t Slen)
{ return cshake_init(ctx, 128, N, Nlen, S, Slen); }
/*@ requires ctx == \null || \valid(ctx);
    requires N == \null || \valid_read((const uint8_t *)N + (0 .. Nlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns *ctx;
    ensures \result == KF_OK ==> kf_xof_inv(ctx); */
int kf_cshake256_init(kf_xof_ctx *ctx, const void *N, size_t Nlen, const void *S, size_t Slen)
{ return cshake_init(ctx, 256, N, Nlen, S, Slen); }

/* The wipe of a local cSHAKE context, stated in its own type: a caller assumes only \valid(p) after it.
 * WP assumes a call's precondition after the call; kf_memzero's views the object as bytes, which
 * for a local object is false in WP's Typed model (docs/ASSURANCE.md, "The tool's assumptions"),
 * so every goal after the call would be proved from it. Through a pointer parameter (whose
 * block WP does not size) it is not: the byte view is one justified goal here. */
/*@ requires \valid(p);
    assigns *p; */
static void sp_wipe_xof(kf_xof_ctx *p)
{
    kf_memzero((uint8_t *)p, sizeof *p);
}

/*@ requires security == 128 || security == 256;
    requires out == \null || \valid(out + (0 .. outlen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires N == \null || \valid_read((const uint8_t *)N + (0 .. Nlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns out[0 .. outlen - 1]; */
static int cshake_oneshot(unsigned security, uint8_t *out, size_t outlen, const void *in, size_t inlen,
                          const void *N, size_t Nlen, const void *S, size_t Slen)
{
    kf_xof_ctx c;
    int rc = cshake_init(&c, security, N, Nlen, S, Slen);
    if (rc == KF_OK) rc = kf_xof_absorb(&c, in, inlen);
    if (rc == KF_OK) rc = kf_xof_squeeze(&c, out, outlen);
    sp_wipe_xof(&c);
    return rc;
}

/*@ requires out == \null || \valid(out + (0 .. outlen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires N == \null || \valid_read((const uint8_t *)N + (0 .. Nlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns out[0 .. outlen - 1]; */
int kf_cshake128(uint8_t *out, size_t outlen, const void *in, size_t inlen,
                 const void *N, size_t Nlen, const void *S, size_t Slen)
{ return cshake_oneshot(128, out, outlen, in, inlen, N, Nlen, S, Slen); }
/*@ requires out == \null || \valid(out + (0 .. outlen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires N == \null || \valid_read((const uint8_t *)N + (0 .. Nlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns out[0 .. outlen - 1]; */
int kf_cshake256(uint8_t *out, size_t outlen, const void *in, size_t inlen,
                 const void *N, size_t Nlen, const void *S, size_t Slen)
{ return cshake_oneshot(256, out, outlen, in, inlen, N, Nlen, S, Slen); }

/* ---- what KMAC, TupleHash and ParallelHash share ---------------------------------------- */

/* KF_V128 .. KF_V256XOF -> security strength and XOF flag; 0 if unknown. */
/*@ requires \valid(xof);
    assigns *xof;
    ensures \result == 0 || ((\result == 128 || \result == 256) && *xof <= 1); */
static unsigned variant_security(kf_sp800185_variant v, uint8_t *xof)
{
    switch (v) {
    case KF_V128: *xof = 0; return 128;
    case KF_V256: *xof = 0; return 256;
    case KF_V128XOF: *xof = 1; return 128;
    case KF_V256XOF: *xof = 1; return 256;
    default: return 0;
    }
}

/* Start the outer cSHAKE(newX, L, N, S) of a mode; arguments already checked. */
/*@ requires \valid(c);
    requires security == 128 || security == 256;
    requires valid_read_string(N);
    requires \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns *c;
    ensures kf_sponge_absorbing(&c->s) && c->magic == magic && c->stage == ST_ABSORB && c->xof == xof;
    ensures !\valid(c->s.impl); */
static void core_start(sp_core *c, unsigned security, uint8_t xof, uint32_t magic,
                       const char *N, const void *S, size_t Slen)
{
    kf_sponge_init(&c->s, kf_backend_current(), KF_RATE(security), 24, KF_SUFFIX_CSHAKE);
    cshake_prefix(&c->s, N, strlen(N), S, Slen);
    c->magic = magic;
    c->xof = xof;
    c->stage = ST_ABSORB;
}

/*@ requires sp_inv(c, magic);
    assigns \nothing;
    ensures \result == \null ||
            (\result == c && c->magic == magic && c->stage != 0 && kf_sponge_ok(&c->s) &&
             (c->stage == ST_ABSORB ==> kf_sponge_absorbing(&c->s))); */
static sp_core *core_live(sp_core *c, uint32_t magic)
{
    return c->magic == magic && c->stage ? c : NULL;
}

/* Arguments of final (n bytes) or final_bits (n bits). The fixed-length variants encode L = the
 * output bit count; the XOF variants encode 0, so any byte count is fine there. */
/*@ requires \valid_read(c);
    assigns \nothing;
    ensures \result == KF_OK ==> (n == 0 || out != \null); */
static int final_check(const sp_core *c, const uint8_t *out, size_t n, int bits)
{
    if (n && !out) return KF_ERR_NULL_POINTER;
    if (!bits && !c->xof && TOO_MANY_BITS(n)) return KF_ERR_TOO_LONG;
    return KF_OK;
}

/* newX ends with right_encode(L) (fixed) or right_encode(0) (XOF); then squeeze. An output of
 * n bits is ceil(n/8) bytes whose unused high bits are zero. Fixed-length finals and every
 * final_bits wipe the context; an XOF final leaves it ready for squeeze. */
/*@ requires \valid(c) && kf_sponge_absorbing(&c->s);
    requires \valid((uint8_t *)ctx + (0 .. ctxsize - 1));
    requires \valid(out + (0 .. (bits ? (n + 7) / 8 : n) - 1));
    requires \separated(out + (0 .. (bits ? (n + 7) / 8 : n) - 1), c);
    assigns c->s.state[0 .. KF_STATE_BYTES - 1], c->s.pos, c->s.partial, c->s.nbits, c->s.phase, c->stage,
            out[0 .. (bits ? (n + 7) / 8 : n) - 1], ((uint8_t *)ctx)[0 .. ctxsize - 1];
    ensures \result == KF_OK;
    ensures bits == 0 && \old(c->xof) != 0 ==> kf_sponge_ok(&c->s) && c->stage == ST_SQUEEZE; */
static int final_emit(sp_core *c, void *ctx, size_t ctxsize, uint8_t *out, size_t n, int bits)
{
    size_t nbytes = bits ? KF_BITS_TO_BYTES(n) : n;
    uint64_t L = c->xof ? 0 : bits ? (uint64_t)n : (uint64_t)n * 8;
    absorb_right_encode(&c->s, L);
    kf_sponge_squeeze(&c->s, out, nbytes);
    if (bits && n % 8) out[nbytes - 1] &= (uint8_t)((1u << (n % 8)) - 1u);
    if (bits || !c->xof)
        kf_memzero(ctx, ctxsize);
    else
        c->stage = ST_SQUEEZE;
    return KF_OK;
}

/*@ requires c == \null || (\valid(c) && (c->stage == ST_SQUEEZE ==> kf_sponge_ok(&c->s)));
    requires out == \null || (\valid(out + (0 .. len - 1)) && (c == \null || \separated(out + (0 .. len - 1), c)));
    assigns c->s.state[0 .. KF_STATE_BYTES - 1], c->s.pos, c->s.partial, c->s.nbits, c->s.phase, out[0 .. len - 1];
    ensures c != \null && \old(c->stage) == ST_SQUEEZE ==> kf_sponge_ok(&c->s);
    ensures c != \null && \old(c->stage) != ST_SQUEEZE ==>
            c->s.phase == \old(c->s.phase) && c->s.pos == \old(c->s.pos) && c->s.nbits == \old(c->s.nbits); */
static int core_squeeze(sp_core *c, uint8_t *out, size_t len)
{
    KF_CHECK_BUF(out, len);
    if (!c || c->stage != ST_SQUEEZE) return KF_ERR_BAD_STATE; /* fixed variants never get here */
    kf_sponge_squeeze(&c->s, out, len);
    return KF_OK;
}

/* ---- KMAC and KMACXOF (§4) ------------------------------------------------------------- */

/* newX = bytepad(encode_string(K), rate) || X || right_encode(L); cSHAKE(newX, L, "KMAC", S) (§4.3). */
/* A key of k bits with k % 8 != 0 keeps its last k % 8 bits at the low end of its final byte and
 * bytepad's zero bits above them (§2.3.3, FIPS 202 bit order). NIST's ACVP generator puts them
 * the other way round, so its KMAC vectors with such keys differ; see tests/python/test_acvp.py. */
/*@ requires \valid(ctx);
    requires \valid_read((const uint8_t *)key + (0 .. (keybits + 7) / 8 - 1));
    requires \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns *ctx;
    ensures \result == KF_OK ==> sp_inv(&ctx->impl, KF_MAGIC_KMAC); */
static int kmac_start(kf_kmac_ctx *ctx, kf_sp800185_variant v, const void *key, size_t keybits,
                      const void *S, size_t Slen)
{
    uint8_t xof;
    unsigned security = variant_security(v, &xof);
    if (!security) return KF_ERR_BAD_ALGORITHM;
    if (TOO_MANY_BITS(Slen)) return KF_ERR_TOO_LONG;
    sp_core *c = KF_IMPL(kf_kmac_impl, ctx);
    core_start(c, security, xof, KF_MAGIC_KMAC, N_KMAC, S, Slen);
    bytepad_begin(&c->s);
    absorb_encode_string_bits(&c->s, key, keybits);
    bytepad_end(&c->s);
    return KF_OK;
}

/*@ requires ctx == \null || \valid(ctx);
    requires key == \null || \valid_read((const uint8_t *)key + (0 .. keylen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns *ctx;
    ensures \result == KF_OK ==> sp_inv(&ctx->impl, KF_MAGIC_KMAC); */
int kf_kmac_init(kf_kmac_ctx *ctx, kf_sp800185_variant v, const void *key, size_t keylen,
                 const void *S, size_t Slen)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(key, keylen);
    KF_CHECK_BUF(S, Slen);
    if (TOO_MANY_BITS(keylen)) return KF_ERR_TOO_LONG;
#if defined(KF_CT_MUTATION) && KF_CT_MUTATION == 3
    /* TEST-ONLY (tests/CMakeLists.txt, keyed_ct_mutant): a branch on the key, which the
     * constant-time test must report */
    if (keylen && (((const uint8_t *)key)[0] & 1)) {
        static volatile int sink;
        sink++;
    }
#endif
    return kmac_start(ctx, v, key, keylen * 8, S, Slen);
}

/*@ requires ctx == \null || \valid(ctx);
    requires key == \null || \valid_read((const uint8_t *)key + (0 .. (keybits + 7) / 8 - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns *ctx;
    ensures \result == KF_OK ==> sp_inv(&ctx->impl, KF_MAGIC_KMAC); */
int kf_kmac_init_bits(kf_kmac_ctx *ctx, kf_sp800185_variant v, const void *key, size_t keybits,
                      const void *S, size_t Slen)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(key, keybits);
    KF_CHECK_BUF(S, Slen);
    return kmac_start(ctx, v, key, keybits, S, Slen);
}

/*@ requires sp_inv(&ctx->impl, KF_MAGIC_KMAC);
    assigns \nothing;
    ensures \result == \null || (\result == &ctx->impl && \result->stage == ST_ABSORB && kf_sponge_absorbing(&\result->s)); */
static sp_core *kmac_absorbing(kf_kmac_ctx *ctx)
{
    sp_core *c = core_live(KF_IMPL(kf_kmac_impl, ctx), KF_MAGIC_KMAC);
    return c && c->stage == ST_ABSORB ? c : NULL;
}

/*@ requires ctx == \null || sp_inv(&ctx->impl, KF_MAGIC_KMAC);
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. len - 1));
    assigns *ctx;
    ensures ctx != \null ==> sp_inv(&ctx->impl, KF_MAGIC_KMAC); */
int kf_kmac_update(kf_kmac_ctx *ctx, const void *in, size_t len)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(in, len);
    sp_core *c = kmac_absorbing(ctx);
    if (!c) return KF_ERR_BAD_STATE;
    kf_sponge_absorb(&c->s, (const uint8_t *)in, len);
    return KF_OK;
}

/*@ requires ctx == \null || sp_inv(&ctx->impl, KF_MAGIC_KMAC);
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. (nbits + 7) / 8 - 1));
    assigns *ctx;
    ensures ctx != \null ==> sp_inv(&ctx->impl, KF_MAGIC_KMAC); */
int kf_kmac_update_bits(kf_kmac_ctx *ctx, const void *in, size_t nbits)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(in, nbits);
    sp_core *c = kmac_absorbing(ctx);
    if (!c) return KF_ERR_BAD_STATE;
    kf_sponge_absorb_bits(&c->s, (const uint8_t *)in, nbits);
    return KF_OK;
}

/*@ requires ctx == \null || sp_inv(&ctx->impl, KF_MAGIC_KMAC);
    requires out == \null || (\valid(out + (0 .. (bits ? (n + 7) / 8 : n) - 1)) && \separated(out + (0 .. (bits ? (n + 7) / 8 : n) - 1), ctx));
    assigns *ctx, out[0 .. (bits ? (n + 7) / 8 : n) - 1];
    ensures ctx != \null && bits == 0 && \old(ctx->impl.xof) != 0 ==> sp_inv(&ctx->impl, KF_MAGIC_KMAC); */
static int kmac_final_any(kf_kmac_ctx *ctx, uint8_t *out, size_t n, int bits)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    sp_core *c = kmac_absorbing(ctx);
    if (!c) return KF_ERR_BAD_STATE;
    int rc = final_check(c, out, n, bits);
    if (rc != KF_OK) return rc;
    return final_emit(c, ctx, sizeof *ctx, out, n, bits);
}

/*@ requires ctx == \null || sp_inv(&ctx->impl, KF_MAGIC_KMAC);
    requires out == \null || (\valid(out + (0 .. outlen - 1)) && \separated(out + (0 .. outlen - 1), ctx));
    assigns *ctx, out[0 .. outlen - 1];
    ensures ctx != \null && \old(ctx->impl.xof) != 0 ==> sp_inv(&ctx->impl, KF_MAGIC_KMAC); */
int kf_kmac_final(kf_kmac_ctx *ctx, uint8_t *out, size_t outlen)
{ return kmac_final_any(ctx, out, outlen, 0); }
/*@ requires ctx == \null || sp_inv(&ctx->impl, KF_MAGIC_KMAC);
    requires out == \null || (\valid(out + (0 .. (outbits + 7) / 8 - 1)) && \separated(out + (0 .. (outbits + 7) / 8 - 1), ctx));
    assigns *ctx, out[0 .. (outbits + 7) / 8 - 1]; */
int kf_kmac_final_bits(kf_kmac_ctx *ctx, uint8_t *out, size_t outbits)
{ return kmac_final_any(ctx, out, outbits, 1); }

/*@ requires ctx == \null || sp_inv(&ctx->impl, KF_MAGIC_KMAC);
    requires out == \null || (\valid(out + (0 .. len - 1)) && \separated(out + (0 .. len - 1), ctx));
    assigns *ctx, out[0 .. len - 1];
    ensures ctx != \null ==> sp_inv(&ctx->impl, KF_MAGIC_KMAC); */
int kf_kmac_squeeze(kf_kmac_ctx *ctx, uint8_t *out, size_t len)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    return core_squeeze(core_live(KF_IMPL(kf_kmac_impl, ctx), KF_MAGIC_KMAC), out, len);
}

/* The MAC is squeezed a chunk at a time and compared byte by byte; the differences are OR-ed
 * together, so the time depends on taglen only. */
/*@ requires ctx == \null || sp_inv(&ctx->impl, KF_MAGIC_KMAC);
    requires tag == \null || \valid_read(tag + (0 .. taglen - 1));
    requires taglen <= PTRDIFF_MAX;
    assigns *ctx; */
int kf_kmac_verify(kf_kmac_ctx *ctx, const uint8_t *tag, size_t taglen)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    sp_core *c = kmac_absorbing(ctx);
    if (!c) return KF_ERR_BAD_STATE;
    int rc = !taglen ? KF_ERR_BAD_LENGTH : final_check(c, tag, taglen, 0);
    uint8_t diff = 0;
    if (rc == KF_OK) {
        uint8_t mac[64];
        absorb_right_encode(&c->s, c->xof ? 0 : (uint64_t)taglen * 8);
        /*@ loop invariant 0 <= off <= taglen + 63 && off % 64 == 0;
            loop invariant kf_sponge_ok(&c->s);
            loop assigns off, diff, mac[0 .. 63], c->s.state[0 .. KF_STATE_BYTES - 1], c->s.pos, c->s.partial,
                         c->s.nbits, c->s.phase;
            loop variant taglen - off; */
        for (size_t off = 0; off < taglen; off += sizeof mac) {
            size_t n = taglen - off < sizeof mac ? taglen - off : sizeof mac;
            kf_sponge_squeeze(&c->s, mac, n);
            /* inline, not kf_ct_diff: a difference of secrets returned from a call is itself
             * reported by MSan's eager checks (tests/ct_msan.sh, test_keyed_ct) */
            /*@ loop invariant 0 <= i <= n;
                loop assigns i, diff;
                loop variant n - i; */
            for (size_t i = 0; i < n; i++) diff |= (uint8_t)(mac[i] ^ tag[off + i]);
#if (defined(__GNUC__) || defined(__clang__)) && !defined(KF_HAVE_MSAN)
            __asm__("" : "+r"(diff)); /* no early exit built from diff's value (MSan checks asm
                                         inputs eagerly: its build does without the barrier) */
#endif
        }
        kf_memzero(mac, sizeof mac);
        /* whether the tag matched is the call's public answer */
        kf_declassify(&diff, sizeof diff);
        rc = diff ? KF_ERR_BAD_TAG : KF_OK;
    }
    kf_memzero(ctx, sizeof *ctx);
    return rc;
}

/* The wipe of a local KMAC context, stated in its own type: a caller assumes only \valid(p) after it.
 * WP assumes a call's precondition after the call; kf_memzero's views the object as bytes, which
 * for a local object is false in WP's Typed model (docs/ASSURANCE.md, "The tool's assumptions"),
 * so every goal after the call would be proved from it. Through a pointer parameter (whose
 * block WP does not size) it is not: the byte view is one justified goal here. */
/*@ requires \valid(p);
    assigns *p; */
static void sp_wipe_kmac(kf_kmac_ctx *p)
{
    kf_memzero((uint8_t *)p, sizeof *p);
}

/*@ requires tag == \null || \valid_read(tag + (0 .. taglen - 1));
    requires taglen <= PTRDIFF_MAX;
    requires key == \null || \valid_read((const uint8_t *)key + (0 .. keylen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns \nothing; */
static int kmac_verify_oneshot(kf_sp800185_variant v, const uint8_t *tag, size_t taglen,
                               const void *key, size_t keylen, const void *in, size_t inlen,
                               const void *S, size_t Slen)
{
    kf_kmac_ctx c;
    int rc = kf_kmac_init(&c, v, key, keylen, S, Slen);
    if (rc == KF_OK) rc = kf_kmac_update(&c, in, inlen);
    if (rc == KF_OK) return kf_kmac_verify(&c, tag, taglen);
    sp_wipe_kmac(&c);
    return rc;
}

/*@ requires tag == \null || \valid_read(tag + (0 .. taglen - 1));
    requires taglen <= PTRDIFF_MAX;
    requires key == \null || \valid_read((const uint8_t *)key + (0 .. keylen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns \nothing; */
int kf_kmac128_verify(const uint8_t *tag, size_t taglen, const void *key, size_t keylen,
                      const void *in, size_t inlen, const void *S, size_t Slen)
{ return kmac_verify_oneshot(KF_V128, tag, taglen, key, keylen, in, inlen, S, Slen); }
/*@ requires tag == \null || \valid_read(tag + (0 .. taglen - 1));
    requires taglen <= PTRDIFF_MAX;
    requires key == \null || \valid_read((const uint8_t *)key + (0 .. keylen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns \nothing; */
int kf_kmac256_verify(const uint8_t *tag, size_t taglen, const void *key, size_t keylen,
                      const void *in, size_t inlen, const void *S, size_t Slen)
{ return kmac_verify_oneshot(KF_V256, tag, taglen, key, keylen, in, inlen, S, Slen); }

/*@ requires out == \null || \valid(out + (0 .. outlen - 1));
    requires key == \null || \valid_read((const uint8_t *)key + (0 .. keylen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns out[0 .. outlen - 1]; */
static int kmac_oneshot(kf_sp800185_variant v, uint8_t *out, size_t outlen, const void *key,
                        size_t keylen, const void *in, size_t inlen, const void *S, size_t Slen)
{
    kf_kmac_ctx c;
    int rc = kf_kmac_init(&c, v, key, keylen, S, Slen);
    if (rc == KF_OK) rc = kf_kmac_update(&c, in, inlen);
    if (rc == KF_OK) rc = kf_kmac_final(&c, out, outlen);
    sp_wipe_kmac(&c);
    return rc;
}

/*@ requires out == \null || \valid(out + (0 .. outlen - 1));
    requires key == \null || \valid_read((const uint8_t *)key + (0 .. keylen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns out[0 .. outlen - 1]; */
int kf_kmac128(uint8_t *out, size_t outlen, const void *key, size_t keylen,
               const void *in, size_t inlen, const void *S, size_t Slen)
{ return kmac_oneshot(KF_V128, out, outlen, key, keylen, in, inlen, S, Slen); }
/*@ requires out == \null || \valid(out + (0 .. outlen - 1));
    requires key == \null || \valid_read((const uint8_t *)key + (0 .. keylen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns out[0 .. outlen - 1]; */
int kf_kmac256(uint8_t *out, size_t outlen, const void *key, size_t keylen,
               const void *in, size_t inlen, const void *S, size_t Slen)
{ return kmac_oneshot(KF_V256, out, outlen, key, keylen, in, inlen, S, Slen); }

/* ---- TupleHash and TupleHashXOF (§5) --------------------------------------------------- */

/* newX = encode_string(X[0]) || ... || encode_string(X[n-1]) || right_encode(L);
 * cSHAKE(newX, L, "TupleHash", S) (§5.3). */
/*@ requires ctx == \null || \valid(ctx);
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns *ctx;
    ensures \result == KF_OK ==> sp_inv(&ctx->impl, KF_MAGIC_TUPLE); */
int kf_tuplehash_init(kf_tuplehash_ctx *ctx, kf_sp800185_variant v, const void *S, size_t Slen)
{
    uint8_t xof;
    if (!ctx) return KF_ERR_NULL_POINTER;
    unsigned security = variant_security(v, &xof);
    if (!security) return KF_ERR_BAD_ALGORITHM;
    KF_CHECK_BUF(S, Slen);
    if (TOO_MANY_BITS(Slen)) return KF_ERR_TOO_LONG;
    core_start(KF_IMPL(kf_tuplehash_impl, ctx), security, xof, KF_MAGIC_TUPLE, N_TUPLE, S, Slen);
    return KF_OK;
}

/*@ requires sp_inv(&ctx->impl, KF_MAGIC_TUPLE);
    assigns \nothing;
    ensures \result == \null || (\result == &ctx->impl && \result->stage == ST_ABSORB && kf_sponge_absorbing(&\result->s)); */
static sp_core *tuple_absorbing(kf_tuplehash_ctx *ctx)
{
    sp_core *c = core_live(KF_IMPL(kf_tuplehash_impl, ctx), KF_MAGIC_TUPLE);
    return c && c->stage == ST_ABSORB ? c : NULL;
}

/*@ requires ctx == \null || sp_inv(&ctx->impl, KF_MAGIC_TUPLE);
    requires elem == \null || \valid_read((const uint8_t *)elem + (0 .. len - 1));
    assigns *ctx;
    ensures ctx != \null ==> sp_inv(&ctx->impl, KF_MAGIC_TUPLE); */
int kf_tuplehash_add(kf_tuplehash_ctx *ctx, const void *elem, size_t len)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(elem, len);
    sp_core *c = tuple_absorbing(ctx);
    if (!c) return KF_ERR_BAD_STATE;
    if (TOO_MANY_BITS(len)) return KF_ERR_TOO_LONG;
    absorb_encode_string(&c->s, elem, len);
    return KF_OK;
}

/*@ requires ctx == \null || sp_inv(&ctx->impl, KF_MAGIC_TUPLE);
    requires elem == \null || \valid_read((const uint8_t *)elem + (0 .. (nbits + 7) / 8 - 1));
    assigns *ctx;
    ensures ctx != \null ==> sp_inv(&ctx->impl, KF_MAGIC_TUPLE); */
int kf_tuplehash_add_bits(kf_tuplehash_ctx *ctx, const void *elem, size_t nbits)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(elem, nbits);
    sp_core *c = tuple_absorbing(ctx);
    if (!c) return KF_ERR_BAD_STATE;
    absorb_encode_string_bits(&c->s, elem, nbits);
    return KF_OK;
}

/*@ requires ctx == \null || sp_inv(&ctx->impl, KF_MAGIC_TUPLE);
    requires out == \null || (\valid(out + (0 .. (bits ? (n + 7) / 8 : n) - 1)) && \separated(out + (0 .. (bits ? (n + 7) / 8 : n) - 1), ctx));
    assigns *ctx, out[0 .. (bits ? (n + 7) / 8 : n) - 1];
    ensures ctx != \null && bits == 0 && \old(ctx->impl.xof) != 0 ==> sp_inv(&ctx->impl, KF_MAGIC_TUPLE); */
static int tuple_final_any(kf_tuplehash_ctx *ctx, uint8_t *out, size_t n, int bits)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    sp_core *c = tuple_absorbing(ctx);
    if (!c) return KF_ERR_BAD_STATE;
    int rc = final_check(c, out, n, bits);
    if (rc != KF_OK) return rc;
    return final_emit(c, ctx, sizeof *ctx, out, n, bits);
}

/*@ requires ctx == \null || sp_inv(&ctx->impl, KF_MAGIC_TUPLE);
    requires out == \null || (\valid(out + (0 .. outlen - 1)) && \separated(out + (0 .. outlen - 1), ctx));
    assigns *ctx, out[0 .. outlen - 1];
    ensures ctx != \null && \old(ctx->impl.xof) != 0 ==> sp_inv(&ctx->impl, KF_MAGIC_TUPLE); */
int kf_tuplehash_final(kf_tuplehash_ctx *ctx, uint8_t *out, size_t outlen)
{ return tuple_final_any(ctx, out, outlen, 0); }
/*@ requires ctx == \null || sp_inv(&ctx->impl, KF_MAGIC_TUPLE);
    requires out == \null || (\valid(out + (0 .. (outbits + 7) / 8 - 1)) && \separated(out + (0 .. (outbits + 7) / 8 - 1), ctx));
    assigns *ctx, out[0 .. (outbits + 7) / 8 - 1]; */
int kf_tuplehash_final_bits(kf_tuplehash_ctx *ctx, uint8_t *out, size_t outbits)
{ return tuple_final_any(ctx, out, outbits, 1); }

/*@ requires ctx == \null || sp_inv(&ctx->impl, KF_MAGIC_TUPLE);
    requires out == \null || (\valid(out + (0 .. len - 1)) && \separated(out + (0 .. len - 1), ctx));
    assigns *ctx, out[0 .. len - 1];
    ensures ctx != \null ==> sp_inv(&ctx->impl, KF_MAGIC_TUPLE); */
int kf_tuplehash_squeeze(kf_tuplehash_ctx *ctx, uint8_t *out, size_t len)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    return core_squeeze(core_live(KF_IMPL(kf_tuplehash_impl, ctx), KF_MAGIC_TUPLE), out, len);
}

/* ---- ParallelHash and ParallelHashXOF (§6) --------------------------------------------- */
/*
 * z = left_encode(B) || CV_0 || ... || CV_{n-1} || right_encode(n) || right_encode(L), with
 * CV_i = cSHAKE(block i, 2*security bits, "", "") over blocks of B bytes (the last one may be
 * shorter, and may end in a partial byte); the output is cSHAKE(z, L, "ParallelHash", S) (§6.3).
 * n = ceil((len(X)/8) / B) counts a last block of 1..7 bits as a block of its own (NIST's ACVP
 * generator rounds len(X)/8 down and drops those bits; its vectors with such a message differ).
 * Blocks that arrive whole are hashed straight from the caller's buffer; a block split across
 * calls is absorbed into the leaf sponge as it arrives.
 */

/* Helpers that exist for the proof (unit hash_parallelhash) and are always inlined, so that GCC
 * -O3 compiles their callers to the same machine code as with their bodies written inline. */
#define PAR_INLINE static inline __attribute__((always_inline))

/* (ACSL) init's context folded into par_inv, as a ghost lemma function proved alone: the flat
 * facts init establishes are cheap goals there, par_inv from them inside init's goal was not. */
/*@ ghost
  /@ requires \valid(p) && kf_sponge_absorbing(&p->c.s) && !\valid(p->c.s.impl);
     requires 1 <= p->B && p->fill == 0 && (p->cv_len == 32 || p->cv_len == 64);
     requires p->c.magic == KF_MAGIC_PAR && p->c.stage == ST_ABSORB;
     assigns \nothing;
     ensures par_inv(p); @/
  static void par_fold(kf_parallelhash_impl *p) { }
*/
/*@ requires ctx == \null || \valid(ctx);
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns *ctx;
    ensures \result == KF_OK ==> par_inv(&ctx->impl) && ctx->impl.c.stage == ST_ABSORB; */
int kf_parallelhash_init(kf_parallelhash_ctx *ctx, kf_sp800185_variant v, size_t B,
                         const void *S, size_t Slen)
{
    uint8_t xof;
    if (!ctx) return KF_ERR_NULL_POINTER;
    unsigned security = variant_security(v, &xof);
    if (!security) return KF_ERR_BAD_ALGORITHM;
    if (B == 0) return KF_ERR_BAD_LENGTH;
    KF_CHECK_BUF(S, Slen);
    if (TOO_MANY_BITS(Slen)) return KF_ERR_TOO_LONG;
    kf_parallelhash_impl *p = KF_IMPL(kf_parallelhash_impl, ctx);
    core_start(&p->c, security, xof, KF_MAGIC_PAR, N_PARALLEL, S, Slen);
    absorb_left_encode(&p->c.s, B);
    p->blocks = 0;
    p->B = B;
    p->fill = 0;
    p->cv_len = (uint8_t)(2 * security / 8);
    p->threads = 1;
    kf_sponge_wipe(&p->leaf);   /* sponge.h: the sponge's wipe in its own type (par_inv reads the context after it) */
    /*@ assert kf_sponge_absorbing(&p->c.s) && !\valid(p->c.s.impl); */
    /*@ assert par_init_fields: 1 <= p->B && p->fill == 0 && (p->cv_len == 32 || p->cv_len == 64); */
    /*@ assert p->c.magic == KF_MAGIC_PAR && p->c.stage == ST_ABSORB; */
    /*@ ghost par_fold(p); */
    return KF_OK;
}

/*@ requires \valid(p) && kf_sponge_ok(&p->c.s) && !\valid(p->c.s.impl);
    assigns p->leaf;
    ensures kf_sponge_absorbing(&p->leaf);
    ensures kf_sponge_ok(&p->c.s) && p->c.s.phase == \old(p->c.s.phase) && p->c.s.nbits == \old(p->c.s.nbits) &&
            !\valid(p->c.s.impl) && p->c.magic == \old(p->c.magic) && p->c.stage == \old(p->c.stage) &&
            p->B == \old(p->B) && p->fill == \old(p->fill) && p->cv_len == \old(p->cv_len); */
static void leaf_open(kf_parallelhash_impl *p)
{
    kf_sponge_init(&p->leaf, p->c.s.impl, p->c.s.rate, 24, KF_SUFFIX_SHAKE);
}

/* The open block is complete: its chaining value joins z. */
/*@ requires \valid(p) && kf_sponge_absorbing(&p->c.s) && kf_sponge_ok(&p->leaf);
    requires p->cv_len == 32 || p->cv_len == 64;
    assigns p->leaf.state[0 .. KF_STATE_BYTES - 1], p->leaf.pos, p->leaf.partial, p->leaf.nbits, p->leaf.phase,
            p->c.s.state[0 .. KF_STATE_BYTES - 1], p->c.s.pos, p->c.s.partial, p->blocks, p->fill;
    ensures kf_sponge_absorbing(&p->c.s) && p->c.s.nbits == \old(p->c.s.nbits) && p->fill == 0; */
static void leaf_close(kf_parallelhash_impl *p)
{
    uint8_t cv[64];
    kf_sponge_squeeze(&p->leaf, cv, p->cv_len);
    kf_sponge_absorb(&p->c.s, cv, p->cv_len);
    p->blocks++;
    p->fill = 0;
}

/* Hash k whole blocks of B bytes from in into z: the blocks are independent, so they run
 * KF_XN_MAX at a time on the batched backend (batch.c), on threads if set and worth it. */
#define PAR_GROUP 8              /* KF_XN_MAX */
#define PAR_MT_MIN_BYTES (1u << 18) /* threads start for 256 KiB of whole blocks or more */
/* (ACSL, the unit hash_parallelhash) m of the k blocks of b bytes left at in, as ghost lemma
 * functions (each proved alone; a caller gets linear facts): the m blocks' bytes fit size_t and
 * are readable, the rest after them too, and m CVs of c <= 64 bytes fit w * 64. CVC4 did not find
 * these products' bounds inside hash_blocks' goals within the step limit. */
/*@ ghost
  /@ requires par_step_m: m <= k && m <= w <= KF_LEAVES_WINDOW;
     requires 1 <= b && c <= 64;
     requires k * b <= SIZE_MAX && \valid_read(in + (0 .. k * b - 1));
     assigns \nothing;
     ensures 0 <= m * b <= k * b && m * c <= w * 64;
     ensures \valid_read(in + (0 .. m * b - 1));
     ensures (k - m) * b == k * b - m * b && \valid_read(in + m * b + (0 .. (k - m) * b - 1)); @/
  static void par_step(const uint8_t *in, size_t m, size_t k, size_t w, size_t b, size_t c)
  {
    /@ assert 0 <= m * b && 0 <= (k - m) * b; @/
    /@ assert (k - m) * b == k * b - m * b; @/
    /@ assert m * c <= m * 64 <= w * 64; @/
  }
*/
/* the loop's next step: the k blocks left after m more (hash_blocks' loop invariant) */
/*@ ghost
  /@ requires m <= k0 && k == k0 - m && k0 * b <= SIZE_MAX && \valid_read(in0 + (0 .. k0 * b - 1));
     requires m * b <= k0 * b && in == in0 + m * b;
     assigns \nothing;
     ensures k * b <= SIZE_MAX && \valid_read(in + (0 .. k * b - 1)); @/
  static void par_next(const uint8_t *in0, const uint8_t *in, size_t m, size_t k0, size_t k, size_t b)
  {
    /@ assert (k0 - m) * b == k0 * b - m * b; @/
  }
*/
/* the whole blocks of len bytes and the bytes after them (par_feed) */
/*@ ghost
  /@ requires 1 <= b;
     assigns \nothing;
     ensures (len / b) * b <= len && len - (len / b) * b < b; @/
  static void par_div(size_t len, size_t b) { }
*/
/* m <= PAR_GROUP blocks of lp->len bytes at in on the lock-step backend: their CVs join z. A
 * function of its own for the proof (unit hash_parallelhash: the group's buffer and products in
 * goals of their own, apart from the threaded branch's). */
/*@ requires \valid(p) && kf_sponge_absorbing(&p->c.s) && (p->cv_len == 32 || p->cv_len == 64);
    requires kf_leaf_params_ok(lp) && lp->len == p->B && lp->cv_len == p->cv_len;
    requires 1 <= m <= PAR_GROUP && m * p->B <= SIZE_MAX && m * p->cv_len <= PAR_GROUP * 64;
    requires \valid_read(in + (0 .. m * p->B - 1)) && \separated(lp, in + (0 .. m * p->B - 1));
    assigns p->c.s.state[0 .. KF_STATE_BYTES - 1], p->c.s.pos, p->c.s.partial, kf_spec_xn_table;
    ensures kf_sponge_absorbing(&p->c.s) && p->c.s.nbits == \old(p->c.s.nbits); */
PAR_INLINE void par_group(kf_parallelhash_impl *p, const kf_leaf_params *lp, const uint8_t *in, size_t m)
{
    uint8_t cvs[PAR_GROUP * 64];
    kf_leaves_hash(lp, in, m, cvs);
    kf_sponge_absorb(&p->c.s, cvs, m * p->cv_len);
}

/*@ requires \valid(p) && kf_sponge_absorbing(&p->c.s) && 1 <= p->B && (p->cv_len == 32 || p->cv_len == 64);
    requires k * p->B <= SIZE_MAX && \valid_read(in + (0 .. k * p->B - 1));
    assigns p->c.s.state[0 .. KF_STATE_BYTES - 1], p->c.s.pos, p->c.s.partial, p->blocks, kf_leaves_private,
            kf_spec_xn_table;
    ensures kf_sponge_absorbing(&p->c.s) && p->c.s.nbits == \old(p->c.s.nbits); */
static void hash_blocks(kf_parallelhash_impl *p, const uint8_t *in, size_t k)
{
    kf_leaf_params lp = {p->B, p->cv_len, p->c.s.rate, 24, KF_SUFFIX_SHAKE};
    /*@ loop invariant lp.len == p->B && lp.cv_len == p->cv_len && 8 <= lp.rate <= 192 && lp.rate % 8 == 0 &&
                       lp.nr == 24;
        loop invariant k * p->B <= SIZE_MAX && \valid_read(in + (0 .. k * p->B - 1));
        loop invariant \separated(&lp, in + (0 .. k * p->B - 1));
        loop invariant kf_sponge_absorbing(&p->c.s) && p->c.s.nbits == \at(p->c.s.nbits, Pre);
        loop assigns k, in, p->c.s.state[0 .. KF_STATE_BYTES - 1], p->c.s.pos, p->c.s.partial, p->blocks,
                     kf_leaves_private, kf_spec_xn_table;
        loop variant k; */
    while (k) {
        size_t m = k < KF_LEAVES_WINDOW ? k : KF_LEAVES_WINDOW;
        /*@ ghost par_step(in, m, k, KF_LEAVES_WINDOW, lp.len, lp.cv_len); */
        int mt = p->threads != 1 && m >= 2 * PAR_GROUP && m * p->B >= PAR_MT_MIN_BYTES;
        kf_leaves *job = mt ? kf_leaves_start(&lp, in, m, p->threads, 0) : NULL;
        if (job) {
            kf_sponge_absorb(&p->c.s, kf_leaves_finish(job), m * p->cv_len);
            kf_leaves_free(job);
        } else {
            m = k < PAR_GROUP ? k : PAR_GROUP;
            /*@ ghost par_step(in, m, k, PAR_GROUP, p->B, p->cv_len); */
            par_group(p, &lp, in, m);
        }
        /* (ACSL) the facts of m * B once more for the m either branch took, in p->B (lp.len is a
         * local whose address escapes: each store to p->blocks would need its separation) */
        /*@ ghost par_step(in, m, k, KF_LEAVES_WINDOW, p->B, p->cv_len); */
        p->blocks += m;
        /*@ ghost const uint8_t *in0 = in; */
        /*@ ghost size_t k0 = k; */
        in += m * p->B;
        k -= m;
        /*@ ghost par_next(in0, in, m, k0, k, p->B); */
    }
}

/*@ requires par_open(p);
    requires len == 0 || \valid_read(in + (0 .. len - 1));
    assigns p->leaf, p->c.s.state[0 .. KF_STATE_BYTES - 1], p->c.s.pos, p->c.s.partial, p->blocks, p->fill,
            kf_leaves_private, kf_spec_xn_table;
    ensures kf_sponge_absorbing(&p->c.s) && p->c.s.nbits == \old(p->c.s.nbits);
    ensures p->fill < p->B;
    ensures p->fill != 0 ==> kf_sponge_absorbing(&p->leaf);
    ensures par_open(p); */
static void par_feed(kf_parallelhash_impl *p, const uint8_t *in, size_t len)
{
    if (!len) return; /* in may be NULL then: no pointer arithmetic on it (C11 6.5.6) */
    if (p->fill) {
        size_t take = p->B - p->fill < len ? p->B - p->fill : len;
        kf_sponge_absorb(&p->leaf, in, take);
        p->fill += take;
        in += take;
        len -= take;
        /*@ assert kf_sponge_absorbing(&p->leaf) && kf_sponge_absorbing(&p->c.s) &&
                   p->c.s.nbits == \at(p->c.s.nbits, Pre) && p->fill <= p->B; */
        /*@ assert p->fill < p->B ==> par_open(p); */
        if (p->fill < p->B) return;
        leaf_close(p);
    }
    /*@ assert p->fill == 0 && kf_sponge_absorbing(&p->c.s) && p->c.s.nbits == \at(p->c.s.nbits, Pre); */
    size_t k = len / p->B;
    /*@ ghost par_div(len, p->B); */
    hash_blocks(p, in, k);
    /*@ assert p->fill == 0 && kf_sponge_absorbing(&p->c.s) && p->c.s.nbits == \at(p->c.s.nbits, Pre); */
    in += k * p->B;
    len -= k * p->B;
    /*@ assert len < p->B; */
    if (len) {
        leaf_open(p);
        kf_sponge_absorb(&p->leaf, in, len);
        p->fill = len;
    }
    /*@ assert kf_sponge_absorbing(&p->c.s) && p->c.s.nbits == \at(p->c.s.nbits, Pre); */
    /*@ assert par_open(p); */
}

/*@ requires par_inv(&ctx->impl);
    assigns \nothing;
    ensures \result == \null ||
            (\result == &ctx->impl && ctx->impl.c.magic == KF_MAGIC_PAR && ctx->impl.c.stage == ST_ABSORB &&
             par_open(\result)); */
static kf_parallelhash_impl *par_absorbing(kf_parallelhash_ctx *ctx)
{
    sp_core *c = core_live(&KF_IMPL(kf_parallelhash_impl, ctx)->c, KF_MAGIC_PAR);
    return c && c->stage == ST_ABSORB ? KF_IMPL(kf_parallelhash_impl, ctx) : NULL;
}

/* n counts blocks in a 64-bit right_encode: refuse input that would take it past 2^64 - 1
 * (one block is kept in reserve for a partial block that final closes). */
/*@ requires \valid_read(p) && 1 <= p->B;
    assigns \nothing; */
static int par_room(const kf_parallelhash_impl *p, size_t len)
{
    uint64_t more = (uint64_t)(len / p->B) + (uint64_t)((len % p->B + p->fill) / p->B);
    return more < UINT64_MAX - p->blocks;
}

/*@ requires ctx == \null || par_inv(&ctx->impl);
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. len - 1));
    assigns *ctx, kf_leaves_private, kf_spec_xn_table;
    ensures ctx != \null ==> par_inv(&ctx->impl); */
int kf_parallelhash_update(kf_parallelhash_ctx *ctx, const void *in, size_t len)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(in, len);
    kf_parallelhash_impl *p = par_absorbing(ctx);
    if (!p) return KF_ERR_BAD_STATE;
    if (!par_room(p, len)) return KF_ERR_TOO_LONG;
    par_feed(p, (const uint8_t *)in, len);
    return KF_OK;
}

/*@ requires ctx == \null || par_inv(&ctx->impl);
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. (nbits + 7) / 8 - 1));
    assigns *ctx, kf_leaves_private, kf_spec_xn_table;
    ensures ctx != \null ==> par_inv(&ctx->impl); */
int kf_parallelhash_update_bits(kf_parallelhash_ctx *ctx, const void *in, size_t nbits)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(in, nbits);
    kf_parallelhash_impl *p = par_absorbing(ctx);
    if (!p) return KF_ERR_BAD_STATE;
    size_t whole = nbits / 8;
    unsigned rem = (unsigned)(nbits % 8);
    if (!par_room(p, whole)) return KF_ERR_TOO_LONG;
    par_feed(p, (const uint8_t *)in, whole);
    if (rem) {
        /* the trailing bits end the message inside the open block (fill < B here) */
        if (!p->fill) leaf_open(p);
        kf_sponge_absorb_bits(&p->leaf, (const uint8_t *)in + whole, rem);
        p->c.stage = ST_BITS_ENDED;
        /*@ assert kf_sponge_absorbing(&p->leaf) && p->fill < p->B; */
        /*@ assert par_open(p) && p->c.magic == KF_MAGIC_PAR && kf_sponge_ok(&p->c.s); */
    }
    return KF_OK;
}

/*@ requires ctx == \null || par_inv(&ctx->impl);
    requires out == \null || (\valid(out + (0 .. (bits ? (n + 7) / 8 : n) - 1)) && \separated(out + (0 .. (bits ? (n + 7) / 8 : n) - 1), ctx));
    assigns *ctx, out[0 .. (bits ? (n + 7) / 8 : n) - 1];
    ensures ctx != \null && bits == 0 && \old(ctx->impl.c.xof) != 0 ==> par_inv(&ctx->impl); */
static int par_final_any(kf_parallelhash_ctx *ctx, uint8_t *out, size_t n, int bits)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    sp_core *c = core_live(&KF_IMPL(kf_parallelhash_impl, ctx)->c, KF_MAGIC_PAR);
    if (!c || (c->stage != ST_ABSORB && c->stage != ST_BITS_ENDED)) return KF_ERR_BAD_STATE;
    int rc = final_check(c, out, n, bits);
    if (rc != KF_OK) return rc;
    kf_parallelhash_impl *p = KF_IMPL(kf_parallelhash_impl, ctx);
    if (p->fill || c->stage == ST_BITS_ENDED) leaf_close(p); /* the last, short block */
    absorb_right_encode(&c->s, p->blocks);
    kf_memzero(&p->leaf, sizeof p->leaf);
    return final_emit(c, ctx, sizeof *ctx, out, n, bits);
}

/*@ requires ctx == \null || par_inv(&ctx->impl);
    requires out == \null || (\valid(out + (0 .. outlen - 1)) && \separated(out + (0 .. outlen - 1), ctx));
    assigns *ctx, out[0 .. outlen - 1];
    ensures ctx != \null && \old(ctx->impl.c.xof) != 0 ==> par_inv(&ctx->impl); */
int kf_parallelhash_final(kf_parallelhash_ctx *ctx, uint8_t *out, size_t outlen)
{ return par_final_any(ctx, out, outlen, 0); }
/*@ requires ctx == \null || par_inv(&ctx->impl);
    requires out == \null || (\valid(out + (0 .. (outbits + 7) / 8 - 1)) && \separated(out + (0 .. (outbits + 7) / 8 - 1), ctx));
    assigns *ctx, out[0 .. (outbits + 7) / 8 - 1]; */
int kf_parallelhash_final_bits(kf_parallelhash_ctx *ctx, uint8_t *out, size_t outbits)
{ return par_final_any(ctx, out, outbits, 1); }

/*@ requires ctx == \null || par_inv(&ctx->impl);
    requires out == \null || (\valid(out + (0 .. len - 1)) && \separated(out + (0 .. len - 1), ctx));
    assigns *ctx, out[0 .. len - 1];
    ensures ctx != \null ==> par_inv(&ctx->impl); */
int kf_parallelhash_squeeze(kf_parallelhash_ctx *ctx, uint8_t *out, size_t len)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    return core_squeeze(core_live(&KF_IMPL(kf_parallelhash_impl, ctx)->c, KF_MAGIC_PAR), out, len);
}

/*@ requires ctx == \null || par_inv(&ctx->impl);
    assigns *ctx, kf_leaves_private;
    ensures ctx != \null ==> par_inv(&ctx->impl); */
int kf_parallelhash_set_threads(kf_parallelhash_ctx *ctx, unsigned threads)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    kf_parallelhash_impl *p = par_absorbing(ctx);
    if (!p) return KF_ERR_BAD_STATE;
    p->threads = (uint16_t)(threads ? kf_threads_resolve(threads) : 0); /* 0: auto, settled per job */
    return KF_OK;
}

/* The one-shots' wipe of their context, as sp_wipe_kmac's (through a pointer: see there). */
/*@ requires \valid(p);
    assigns *p; */
static void sp_wipe_par(kf_parallelhash_ctx *p)
{
    kf_memzero((uint8_t *)p, sizeof *p);
}

/*@ requires out == \null || \valid(out + (0 .. outlen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns out[0 .. outlen - 1], kf_leaves_private, kf_spec_xn_table; */
int kf_parallelhash_mt(kf_sp800185_variant v, uint8_t *out, size_t outlen, const void *in,
                       size_t inlen, size_t B, const void *S, size_t Slen, unsigned threads)
{
    kf_parallelhash_ctx c;
    int rc = kf_parallelhash_init(&c, v, B, S, Slen);
    if (rc == KF_OK && threads != 1) rc = kf_parallelhash_set_threads(&c, threads);
    if (rc == KF_OK) rc = kf_parallelhash_update(&c, in, inlen);
    if (rc == KF_OK) rc = kf_parallelhash_final(&c, out, outlen);
    sp_wipe_par(&c);
    return rc;
}

/*@ requires out == \null || \valid(out + (0 .. outlen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires S == \null || \valid_read((const uint8_t *)S + (0 .. Slen - 1));
    assigns out[0 .. outlen - 1], kf_leaves_private, kf_spec_xn_table; */
int kf_parallelhash(kf_sp800185_variant v, uint8_t *out, size_t outlen, const void *in,
                    size_t inlen, size_t B, const void *S, size_t Slen)
{
    kf_parallelhash_ctx c;
    int rc = kf_parallelhash_init(&c, v, B, S, Slen);
    if (rc == KF_OK) rc = kf_parallelhash_update(&c, in, inlen);
    if (rc == KF_OK) rc = kf_parallelhash_final(&c, out, outlen);
    sp_wipe_par(&c);
    return rc;
}

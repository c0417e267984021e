/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_modes.c - every mode, incremental against one-shot: the same message fed in pieces
 * (split at byte and at bit positions, byte and bit calls mixed) and squeezed in pieces
 * must give the output of one call (and of the one-shot function where there is one).
 * Modes: SHA3-224..512 and legacy Keccak, SHAKE, TurboSHAKE (any domain), cSHAKE, KMAC and
 * KMACXOF, TupleHash(XOF), ParallelHash(XOF) with threads, KT128/KT256 with threads.
 *
 * Input: mode byte, parameters, then the message. One input in eight is "big": the message
 * is then SHAKE128(input) stretched to up to 512 KiB, so that the threaded paths of KT and
 * ParallelHash (256 KiB and up) run too.
 */
#include "fuzz_util.h"

#define MAX_CUTS 8
#define BIG_MAX (1u << 19)
#define OUT_MAX 600

static uint8_t big[BIG_MAX];

/* ---- feeding a bit string in pieces ------------------------------------------------------ */

typedef int (*upd_fn)(void *ctx, const void *in, size_t len);
typedef int (*upd_bits_fn)(void *ctx, const void *in, size_t nbits);

/* Feed bits [0, nbits) of m to ctx split at cuts (bit positions); a piece that starts on a
 * byte boundary and holds whole bytes goes through upd (when the mode's byte call is chosen
 * by the input), else through upd_bits. byte_cuts: round every cut down to a byte (for modes
 * where only the last call may end inside a byte). */
static void feed(void *ctx, upd_fn upd, upd_bits_fn upd_bits, const uint8_t *m, size_t nbits,
                 fz *r, int byte_cuts)
{
    size_t cuts[MAX_CUTS + 1], k = fz_cuts(r, nbits, cuts, MAX_CUTS), start = 0;
    uint8_t how = fz_u8(r);
    static uint8_t piece[BIG_MAX];
    cuts[k++] = nbits;
    for (size_t i = 0; i < k; i++) {
        size_t end = cuts[i];
        if (byte_cuts && i + 1 < k) end -= end % 8;
        if (end < start) end = start;
        size_t len = end - start;
        int rc;
        if (start % 8 == 0 && len % 8 == 0 && (how >> (i % 8) & 1)) {
            /* NULL for an empty piece: the API allows it */
            rc = upd(ctx, len ? m + start / 8 : NULL, len / 8);
        } else {
            fz_bit_slice(piece, m, start, len);
            rc = upd_bits(ctx, piece, len);
        }
        FZ_CHECK(rc == KF_OK, "update piece %zu (%zu bits at %zu): %s", i, len, start, kf_strerror(rc));
        start = end;
    }
}

typedef int (*sq_fn)(void *ctx, uint8_t *out, size_t len);

/* squeeze outlen bytes in pieces; first (if not NULL) takes the first piece (final of the
 * SP 800-185 XOF variants), sq the others */
static void squeeze(void *ctx, sq_fn first, sq_fn sq, uint8_t *out, size_t outlen, fz *r)
{
    size_t cuts[MAX_CUTS + 1], k = fz_cuts(r, outlen, cuts, MAX_CUTS), start = 0;
    cuts[k++] = outlen;
    for (size_t i = 0; i < k; i++) {
        int rc = (i == 0 && first ? first : sq)(ctx, out + start, cuts[i] - start);
        FZ_CHECK(rc == KF_OK, "squeeze piece %zu: %s", i, kf_strerror(rc));
        start = cuts[i];
    }
}

#define SAME(a, b, n, what) FZ_CHECK(memcmp(a, b, n) == 0, "%s differs", what)

/* the API's calls with void * contexts, for feed() and squeeze() */
#define WRAP_UPD(name, ctype) \
    static int w_##name(void *c, const void *in, size_t len) { return name((ctype *)c, in, len); }
#define WRAP_SQ(name, ctype) \
    static int w_##name(void *c, uint8_t *out, size_t len) { return name((ctype *)c, out, len); }
WRAP_UPD(kf_hash_update, kf_hash_ctx)
WRAP_UPD(kf_hash_update_bits, kf_hash_ctx)
WRAP_UPD(kf_xof_absorb, kf_xof_ctx)
WRAP_UPD(kf_xof_absorb_bits, kf_xof_ctx)
WRAP_SQ(kf_xof_squeeze, kf_xof_ctx)
WRAP_UPD(kf_kmac_update, kf_kmac_ctx)
WRAP_UPD(kf_kmac_update_bits, kf_kmac_ctx)
WRAP_SQ(kf_kmac_final, kf_kmac_ctx)
WRAP_SQ(kf_kmac_squeeze, kf_kmac_ctx)
WRAP_SQ(kf_tuplehash_final, kf_tuplehash_ctx)
WRAP_SQ(kf_tuplehash_squeeze, kf_tuplehash_ctx)
WRAP_UPD(kf_parallelhash_update, kf_parallelhash_ctx)
WRAP_UPD(kf_parallelhash_update_bits, kf_parallelhash_ctx)
WRAP_SQ(kf_parallelhash_final, kf_parallelhash_ctx)
WRAP_SQ(kf_parallelhash_squeeze, kf_parallelhash_ctx)
WRAP_SQ(kf_kt_squeeze, kf_kt_ctx)

/* ---- the modes ---------------------------------------------------------------------------- */

static void mode_hash(fz *r, const uint8_t *m, size_t nbits)
{
    kf_hash_alg alg = (kf_hash_alg)(1 + fz_u8(r) % 6);
    size_t n = kf_hash_size(alg);
    uint8_t a[64], b[64];
    kf_hash_ctx c;
    FZ_CHECK(kf_hash_init(&c, alg) == KF_OK, "init");
    FZ_CHECK(kf_hash_update_bits(&c, m, nbits) == KF_OK, "update_bits");
    FZ_CHECK(kf_hash_final(&c, a, n) == KF_OK, "final");
    if (nbits % 8 == 0) {
        FZ_CHECK(kf_hash(alg, b, n, m, nbits / 8) == KF_OK, "one-shot");
        SAME(a, b, n, "hash one-shot vs update_bits");
    }
    FZ_CHECK(kf_hash_init(&c, alg) == KF_OK, "init");
    feed(&c, w_kf_hash_update, w_kf_hash_update_bits, m, nbits, r, 0);
    FZ_CHECK(kf_hash_final(&c, b, n) == KF_OK, "final");
    SAME(a, b, n, "hash incremental");
}

static int xof_init(kf_xof_ctx *c, unsigned kind, uint8_t dom, const uint8_t *cust, size_t cl, size_t nl)
{
    switch (kind) {
    case 0: return kf_shake128_init(c);
    case 1: return kf_shake256_init(c);
    case 2: return kf_turboshake128_init(c, dom);
    case 3: return kf_turboshake256_init(c, dom);
    case 4: return kf_cshake128_init(c, cust, nl, cust + nl, cl - nl);
    default: return kf_cshake256_init(c, cust, nl, cust + nl, cl - nl);
    }
}

static void mode_xof(fz *r, const uint8_t *m, size_t nbits)
{
    unsigned kind = fz_u8(r) % 6;
    uint8_t dom = (uint8_t)(1 + fz_u8(r) % 0x7F);
    size_t cl, nl;
    const uint8_t *cust = fz_bytes(r, fz_u8(r) % 40, &cl);
    nl = cl ? fz_u8(r) % (cl + 1) : 0;
    size_t outlen = fz_u16(r) % OUT_MAX;
    uint8_t a[OUT_MAX], b[OUT_MAX];
    kf_xof_ctx c;
    FZ_CHECK(xof_init(&c, kind, dom, cust, cl, nl) == KF_OK, "init");
    FZ_CHECK(kf_xof_absorb_bits(&c, m, nbits) == KF_OK, "absorb_bits");
    FZ_CHECK(kf_xof_squeeze(&c, a, outlen) == KF_OK, "squeeze");
    if (nbits % 8 == 0) {
        const size_t len = nbits / 8;
        int rc;
        switch (kind) {
        case 0: rc = kf_shake128(b, outlen, m, len); break;
        case 1: rc = kf_shake256(b, outlen, m, len); break;
        case 2: rc = kf_turboshake128(b, outlen, m, len, dom); break;
        case 3: rc = kf_turboshake256(b, outlen, m, len, dom); break;
        case 4: rc = kf_cshake128(b, outlen, m, len, cust, nl, cust + nl, cl - nl); break;
        default: rc = kf_cshake256(b, outlen, m, len, cust, nl, cust + nl, cl - nl); break;
        }
        FZ_CHECK(rc == KF_OK, "one-shot");
        SAME(a, b, outlen, "xof one-shot vs absorb_bits");
    }
    xof_init(&c, kind, dom, cust, cl, nl);
    feed(&c, w_kf_xof_absorb, w_kf_xof_absorb_bits, m, nbits, r, 0);
    squeeze(&c, NULL, w_kf_xof_squeeze, b, outlen, r);
    SAME(a, b, outlen, "xof incremental");
}

static void mode_kmac(fz *r, const uint8_t *m, size_t nbits)
{
    kf_sp800185_variant v = (kf_sp800185_variant)(1 + fz_u8(r) % 4);
    size_t kl, sl;
    const uint8_t *key = fz_bytes(r, fz_u8(r) % 80, &kl);
    const uint8_t *S = fz_bytes(r, fz_u8(r) % 20, &sl);
    size_t outlen = 1 + fz_u16(r) % (OUT_MAX - 1);
    uint8_t a[OUT_MAX], b[OUT_MAX];
    kf_kmac_ctx c;
    FZ_CHECK(kf_kmac_init(&c, v, key, kl, S, sl) == KF_OK, "init");
    FZ_CHECK(kf_kmac_update_bits(&c, m, nbits) == KF_OK, "update_bits");
    FZ_CHECK(kf_kmac_final(&c, a, outlen) == KF_OK, "final");
    if (nbits % 8 == 0 && (v == KF_V128 || v == KF_V256)) {
        int rc = (v == KF_V128 ? kf_kmac128 : kf_kmac256)(b, outlen, key, kl, m, nbits / 8, S, sl);
        FZ_CHECK(rc == KF_OK, "one-shot");
        SAME(a, b, outlen, "kmac one-shot vs update_bits");
    }
    /* the key as a bit string of whole bytes gives the same */
    FZ_CHECK(kf_kmac_init_bits(&c, v, key, 8 * kl, S, sl) == KF_OK, "init_bits");
    feed(&c, w_kf_kmac_update, w_kf_kmac_update_bits, m, nbits, r, 0);
    if (v == KF_V128XOF || v == KF_V256XOF)
        squeeze(&c, w_kf_kmac_final, w_kf_kmac_squeeze, b, outlen, r);
    else
        FZ_CHECK(kf_kmac_final(&c, b, outlen) == KF_OK, "final");
    SAME(a, b, outlen, "kmac incremental");
}

static void mode_tuplehash(fz *r, const uint8_t *m, size_t nbits)
{
    kf_sp800185_variant v = (kf_sp800185_variant)(1 + fz_u8(r) % 4);
    size_t sl;
    const uint8_t *S = fz_bytes(r, fz_u8(r) % 20, &sl);
    size_t outlen = 1 + fz_u16(r) % (OUT_MAX - 1);
    size_t cuts[MAX_CUTS + 1], k = fz_cuts(r, nbits, cuts, MAX_CUTS);
    uint8_t how = fz_u8(r), a[OUT_MAX], b[OUT_MAX];
    static uint8_t piece[BIG_MAX];
    cuts[k++] = nbits;
    /* the elements are the pieces between cuts, each added as bits (reference) or, when
     * byte-aligned, as bytes */
    kf_tuplehash_ctx c, d;
    FZ_CHECK(kf_tuplehash_init(&c, v, S, sl) == KF_OK, "init");
    FZ_CHECK(kf_tuplehash_init(&d, v, S, sl) == KF_OK, "init");
    for (size_t i = 0, start = 0; i < k; start = cuts[i++]) {
        size_t len = cuts[i] - start;
        fz_bit_slice(piece, m, start, len);
        FZ_CHECK(kf_tuplehash_add_bits(&c, piece, len) == KF_OK, "add_bits");
        int rc = len % 8 == 0 && (how >> (i % 8) & 1) ? kf_tuplehash_add(&d, len ? piece : NULL, len / 8)
                                                      : kf_tuplehash_add_bits(&d, piece, len);
        FZ_CHECK(rc == KF_OK, "add");
    }
    FZ_CHECK(kf_tuplehash_final(&c, a, outlen) == KF_OK, "final");
    if (v == KF_V128XOF || v == KF_V256XOF)
        squeeze(&d, w_kf_tuplehash_final, w_kf_tuplehash_squeeze, b, outlen, r);
    else
        FZ_CHECK(kf_tuplehash_final(&d, b, outlen) == KF_OK, "final");
    SAME(a, b, outlen, "tuplehash add vs add_bits, squeeze pieces");
}

static void mode_parallelhash(fz *r, const uint8_t *m, size_t nbits)
{
    kf_sp800185_variant v = (kf_sp800185_variant)(1 + fz_u8(r) % 4);
    uint8_t bsel = fz_u8(r);
    size_t B = bsel & 0x80 ? (size_t)1 << (bsel % 16) : 1 + bsel % 100;
    if (B < nbits / 8 / 4096) B = nbits / 8 / 4096; /* at most ~4096 leaves per unit */
    size_t sl;
    const uint8_t *S = fz_bytes(r, fz_u8(r) % 20, &sl);
    unsigned threads = 1 + fz_u8(r) % 4;
    size_t outlen = 1 + fz_u16(r) % (OUT_MAX - 1);
    uint8_t a[OUT_MAX], b[OUT_MAX];
    kf_parallelhash_ctx c;
    FZ_CHECK(kf_parallelhash_init(&c, v, B, S, sl) == KF_OK, "init");
    FZ_CHECK(kf_parallelhash_update_bits(&c, m, nbits) == KF_OK, "update_bits");
    FZ_CHECK(kf_parallelhash_final(&c, a, outlen) == KF_OK, "final");
    if (nbits % 8 == 0 && (v == KF_V128 || v == KF_V256)) {
        FZ_CHECK(kf_parallelhash(v, b, outlen, m, nbits / 8, B, S, sl) == KF_OK, "one-shot");
        SAME(a, b, outlen, "parallelhash one-shot");
        FZ_CHECK(kf_parallelhash_mt(v, b, outlen, m, nbits / 8, B, S, sl, threads) == KF_OK, "one-shot mt");
        SAME(a, b, outlen, "parallelhash one-shot with threads");
    }
    FZ_CHECK(kf_parallelhash_init(&c, v, B, S, sl) == KF_OK, "init");
    FZ_CHECK(kf_parallelhash_set_threads(&c, threads) == KF_OK, "set_threads");
    feed(&c, w_kf_parallelhash_update, w_kf_parallelhash_update_bits, m, nbits, r, 1);
    if (v == KF_V128XOF || v == KF_V256XOF)
        squeeze(&c, w_kf_parallelhash_final, w_kf_parallelhash_squeeze, b, outlen, r);
    else
        FZ_CHECK(kf_parallelhash_final(&c, b, outlen) == KF_OK, "final");
    SAME(a, b, outlen, "parallelhash incremental");
}

static void mode_kt(fz *r, const uint8_t *m, size_t nbits)
{
    kf_kt_variant v = (kf_kt_variant)(1 + fz_u8(r) % 2);
    size_t cl;
    const uint8_t *cust = fz_bytes(r, fz_u8(r) % 40, &cl);
    unsigned threads = 1 + fz_u8(r) % 4;
    size_t outlen = fz_u16(r) % OUT_MAX, len = nbits / 8;
    uint8_t a[OUT_MAX], b[OUT_MAX];
    FZ_CHECK((v == KF_KT128 ? kf_kt128 : kf_kt256)(a, outlen, m, len, cust, cl) == KF_OK, "one-shot");
    FZ_CHECK((v == KF_KT128 ? kf_kt128_mt : kf_kt256_mt)(b, outlen, m, len, cust, cl, threads) == KF_OK, "mt");
    SAME(a, b, outlen, "kt one-shot with threads");
    kf_kt_ctx c;
    FZ_CHECK(kf_kt_init(&c, v) == KF_OK, "init");
    FZ_CHECK(kf_kt_set_threads(&c, threads) == KF_OK, "set_threads");
    /* KT takes bytes only */
    size_t cuts[MAX_CUTS + 1], k = fz_cuts(r, len, cuts, MAX_CUTS), start = 0;
    cuts[k++] = len;
    for (size_t i = 0; i < k; start = cuts[i++])
        FZ_CHECK(kf_kt_update(&c, cuts[i] > start ? m + start : NULL, cuts[i] - start) == KF_OK, "update");
    FZ_CHECK(kf_kt_final(&c, cl ? cust : NULL, cl) == KF_OK, "final");
    squeeze(&c, NULL, w_kf_kt_squeeze, b, outlen, r);
    SAME(a, b, outlen, "kt incremental");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz r = {data, size};
    unsigned mode = fz_u8(&r) % 6;
    uint8_t shape = fz_u8(&r);
    unsigned drop = fz_u8(&r) % 8; /* bits dropped from the message's last byte */
    /* parameters come first, from a copy of the reader; the message is what follows them */
    const uint8_t *m;
    size_t len;
    if ((shape & 7) == 0) {
        len = ((size_t)fz_u16(&r) * 8) % BIG_MAX;
        kf_shake128(big, len, r.p, r.n);
        m = big;
    } else {
        /* the message is the last part of the input, shape >> 3 tells how long */
        size_t want = r.n * (shape >> 3) / 31;
        m = r.p + (r.n - want);
        len = want;
        r.n -= want;
    }
    size_t nbits = len * 8 >= drop ? len * 8 - drop : 0;
    switch (mode) {
    case 0: mode_hash(&r, m, nbits); break;
    case 1: mode_xof(&r, m, nbits); break;
    case 2: mode_kmac(&r, m, nbits); break;
    case 3: mode_tuplehash(&r, m, nbits); break;
    case 4: mode_parallelhash(&r, m, nbits); break;
    default: mode_kt(&r, m, nbits - nbits % 8); break;
    }
    return 0;
}

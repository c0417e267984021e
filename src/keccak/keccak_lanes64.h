/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_lanes64.h - byte access to a Keccak-p[1600] state in the plain-lanes format,
 * shared by the backends that use it (opt64, opt64-bmi2, avx512vl-x1); kf_load64_le also serves
 * ML-KEM's job runner, which writes input words into interleaved lanes.
 *
 * Plain lanes: 25 uint64_t, lane x + 5y, native integers. On a little-endian host the 200
 * bytes in memory are then exactly the FIPS 202 byte order (byte i of lane x + 5y is state
 * byte 8(x + 5y) + i, §3.1.2 and Appendix B.1), so the byte operations are memcpy and xor.
 * Any other host (or a build that defines KF_LANES64_LE to 0) takes the portable path.
 *
 * The functions have the kf_backend contracts (keccak_backend.h): offset + len <= 200.
 */
#ifndef KF_KECCAK_LANES64_H
#define KF_KECCAK_LANES64_H

#include "keccak_backend.h"
#include "../common/util.h" /* kf_memzero */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifndef KF_LANES64_LE
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define KF_LANES64_LE 1
#else
#define KF_LANES64_LE 0
#endif
#endif

/*
 * The copies of a 2-, 4- or 8-byte integer's bytes to or from memory, each through a pointer
 * to the integer in its own type: a caller that copies a local passes &local and assumes only
 * \valid(&local) after it. memcpy(&v, p, 8) of a local v would make WP assume memcpy's
 * precondition, a byte view of v that is false in WP's Typed model, and prove the goals after it
 * from that (docs/ASSURANCE.md, "The tool's assumptions"); through the pointer parameter (whose
 * block WP does not size) it is justified goals here only (proofs/justified_alarms.md). The same
 * object code once inlined.
 */
/*@ requires \valid(v) && \valid_read(p + (0 .. 7)) && \separated(v, p + (0 .. 7));
    assigns *v; */
static inline void kf_copy64_from(uint64_t *v, const uint8_t *p)
{
    memcpy(v, p, 8);
}

/*@ requires \valid(v) && \valid_read(p + (0 .. 3)) && \separated(v, p + (0 .. 3));
    assigns *v; */
static inline void kf_copy32_from(uint32_t *v, const uint8_t *p)
{
    memcpy(v, p, 4);
}

/*@ requires \valid(v) && \valid_read(p + (0 .. 1)) && \separated(v, p + (0 .. 1));
    assigns *v; */
static inline void kf_copy16_from(uint16_t *v, const uint8_t *p)
{
    memcpy(v, p, 2);
}

/*@ requires \valid(p + (0 .. 7)) && \valid_read(v) && \separated(p + (0 .. 7), v);
    assigns p[0 .. 7]; */
static inline void kf_copy64_le(uint8_t *p, const uint64_t *v)
{
    memcpy(p, v, 8);
}

/*@ requires \valid(p + (0 .. 3)) && \valid_read(v) && \separated(p + (0 .. 3), v);
    assigns p[0 .. 3]; */
static inline void kf_copy32_le(uint8_t *p, const uint32_t *v)
{
    memcpy(p, v, 4);
}

/*@ requires \valid(p + (0 .. 1)) && \valid_read(v) && \separated(p + (0 .. 1), v);
    assigns p[0 .. 1]; */
static inline void kf_copy16_le(uint8_t *p, const uint16_t *v)
{
    memcpy(p, v, 2);
}

/* 8 input bytes in FIPS 202 (little-endian) order as a lane value: one 8-byte memcpy load
 * on a little-endian host, the portable byte path elsewhere. */
/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing; */
static inline uint64_t kf_load64_le(const uint8_t *p)
{
#if KF_LANES64_LE
    uint64_t v;
    kf_copy64_from(&v, p);
    return v;
#else
    uint64_t v = 0;
    for (unsigned j = 0; j < 8; j++) v |= (uint64_t)p[j] << (8 * j);
    return v;
#endif
}

/* Lane i of the state, native order; memcpy keeps this free of aliasing assumptions, and
 * the state's alignment (KF_STATE_ALIGN, by contract) makes it one load or store even where
 * unaligned access is not allowed (rv64 would otherwise copy byte by byte). */
/*@ requires i < 25 && \valid_read(s + (0 .. 199));
    assigns \nothing; */
static inline uint64_t kf_lanes64_get(const uint8_t *s, unsigned i)
{
    uint64_t v;
    kf_copy64_from(&v, (const uint8_t *)__builtin_assume_aligned(s, 8) + 8 * i);
    return v;
}

/*@ requires i < 25 && \valid(s + (0 .. 199));
    assigns s[8 * i .. 8 * i + 7]; */
static inline void kf_lanes64_put(uint8_t *s, unsigned i, uint64_t v)
{
    kf_copy64_le((uint8_t *)__builtin_assume_aligned(s, 8) + 8 * i, &v);
}

static inline void kf_lanes64_init(void *state)
{
    memset(state, 0, KF_STATE_BYTES);
}

#if KF_LANES64_LE
/* The state's memory is already in FIPS 202 byte order. */
static inline void kf_lanes64_add_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    uint8_t *s = (uint8_t *)state + offset;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t a, b;
        memcpy(&a, s + i, 8);
        memcpy(&b, in + i, 8);
        a ^= b;
        memcpy(s + i, &a, 8);
    }
    for (; i < len; i++) s[i] ^= in[i];
}

/* len == 0 may come with a NULL buffer, which memcpy must not see. */
static inline void kf_lanes64_overwrite_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    if (len) memcpy((uint8_t *)state + offset, in, len);
}

static inline void kf_lanes64_extract_bytes(const void *state, uint8_t *out, size_t offset, size_t len)
{
    if (len) memcpy(out, (const uint8_t *)state + offset, len);
}
#else
/* State byte `at` (FIPS 202 order) is bits 8(at mod 8) .. 8(at mod 8) + 7 of lane at / 8. */
static inline void kf_lanes64_add_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    uint8_t *st = (uint8_t *)state;
    for (size_t i = 0; i < len; i++) {
        size_t at = offset + i;
        unsigned n = (unsigned)(at / 8);
        kf_lanes64_put(st, n, kf_lanes64_get(st, n) ^ ((uint64_t)in[i] << (8 * (at % 8))));
    }
}

static inline void kf_lanes64_overwrite_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    uint8_t *st = (uint8_t *)state;
    for (size_t i = 0; i < len; i++) {
        size_t at = offset + i;
        unsigned n = (unsigned)(at / 8), sh = 8 * (unsigned)(at % 8);
        uint64_t v = kf_lanes64_get(st, n) & ~((uint64_t)0xFF << sh);
        kf_lanes64_put(st, n, v | ((uint64_t)in[i] << sh));
    }
}

static inline void kf_lanes64_extract_bytes(const void *state, uint8_t *out, size_t offset, size_t len)
{
    const uint8_t *st = (const uint8_t *)state;
    for (size_t i = 0; i < len; i++) {
        size_t at = offset + i;
        out[i] = (uint8_t)(kf_lanes64_get(st, (unsigned)(at / 8)) >> (8 * (at % 8)));
    }
}
#endif

/* One lane's value to p in FIPS 202 byte order: 8 bytes, or the first n < 8 (a one-block
 * hash's last output lane, SHA3-224's 28 bytes end in one). */
/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7]; */
static inline void kf_store64_le(uint8_t *p, uint64_t v)
{
#if KF_LANES64_LE
    kf_copy64_le(p, &v);
#else
    for (unsigned j = 0; j < 8; j++) p[j] = (uint8_t)(v >> (8 * j));
#endif
}

/* the first n < 8 bytes of v's FIPS 202 byte order to p (SHA3-224's 28 bytes end in one) */
/*@ requires 0 <= n <= 7 && \valid(p + (0 .. n - 1));
    assigns p[0 .. n - 1]; */
static inline void kf_store_partial_le(uint8_t *p, uint64_t v, size_t n)
{
    size_t j = 0;
#if KF_LANES64_LE
    if (n & 4) {
        uint32_t t = (uint32_t)v;
        /*@ assert 4 <= n; */
        kf_copy32_le(p, &t);
        v >>= 32;
        j = 4;
    }
    if (n & 2) {
        uint16_t t = (uint16_t)v;
        /*@ assert j + 2 <= n; */
        kf_copy16_le(p + j, &t);
        v >>= 16;
        j += 2;
    }
#endif
    /*@ loop invariant j <= n;
        loop assigns j, v, p[0 .. n - 1];
        loop variant n - j; */
    for (; j < n; j++, v >>= 8) p[j] = (uint8_t)v;
}

/* A value the compiler must treat as unknown: keeps the lane copy loops below plain loads and
 * stores (GCC 12 otherwise turns them into memcpy calls or, on AVX-512, scatters, both slower
 * for a block of at most 25 lanes). */
#if defined(__GNUC__) || defined(__clang__)
#define KF_LANES64_OPAQUE(v) __asm__("" : "+r"(v))
#else
#define KF_LANES64_OPAQUE(v) ((void)0)
#endif

/* in[0 .. n) for n < 8 as the low bytes of a lane value (FIPS 202 byte order), reading no byte
 * outside it: on a little-endian host the 8 bytes that end at in + n when the message has
 * them (at = bytes of the message before in), else pieces of 4, 2 and 1 bytes. */
/*@ requires 1 <= n <= 7;
    requires \valid_read(in - at + (0 .. at + n - 1));
    assigns \nothing; */
static inline uint64_t kf_lanes64_tail(const uint8_t *in, size_t n, size_t at)
{
    uint64_t v = 0;
#if KF_LANES64_LE
    if (at >= 8 - n) { /* in - (8 - n) is still inside the message */
        return kf_load64_le(in + n - 8) >> (64 - 8 * n);
    }
    size_t o = 0;
    if (n & 4) {
        uint32_t t;
        /*@ assert 4 <= n; */
        kf_copy32_from(&t, in);
        v = t;
        o = 4;
    }
    if (n & 2) {
        uint16_t t;
        /*@ assert o + 2 <= n; */
        kf_copy16_from(&t, in + o);
        v |= (uint64_t)t << (8 * o);
        o += 2;
    }
    /*@ assert (n & 1) != 0 ==> o + 1 <= n; */
    if (n & 1) v |= (uint64_t)in[o] << (8 * o);
#else
    (void)at;
    for (size_t k = 0; k < n; k++) v |= (uint64_t)in[k] << (8 * k);
#endif
    return v;
}

/*
 * The oneblock operation (keccak_backend.h) of a plain-lanes backend, around its own
 * permutation: the padded block is written lane by lane into a zeroed state on the stack (into
 * zeros, so the message is copied rather than xored, and each lane with one 8-byte store, which
 * the permutation's 8-byte loads read straight from the store queue), permuted in place by a
 * direct call, the output copied out and the state wiped. Against the sponge's way (a context,
 * its init, absorb, pad and squeeze calls through the backend table, the context wiped) this
 * leaves only the permutation and a few dozen stores and copies: issue 24, "one-block hashes".
 * KF_LANES64_DEFINE_ONEBLOCK(name, permute) defines `static void name(...)` with the
 * oneblock signature for a backend whose permutation is `permute(void *state, unsigned nr)`.
 */
static inline void kf_lanes64_oneblock_load(uint8_t st[KF_STATE_BYTES], size_t rate, uint8_t suffix,
                                            const uint8_t *in, size_t len)
{
#if KF_LANES64_LE
    size_t full = len / 8, r = len % 8, j = 0;
    uint64_t pad = (uint64_t)0x80 << 56, tail = (uint64_t)suffix << (8 * r);
    kf_lanes64_init(st);
    for (; j < 8 * full; j += 8) {
        uint64_t v = kf_load64_le(in + j);
        KF_LANES64_OPAQUE(v);
        memcpy(st + j, &v, 8);
    }
    if (r) tail |= kf_lanes64_tail(in + 8 * full, r, 8 * full);
    if (full == rate / 8 - 1) tail |= pad; /* the message ends in the block's last lane */
    else kf_lanes64_put(st, (unsigned)(rate / 8 - 1), pad);
    kf_lanes64_put(st, (unsigned)full, tail);
#else
    static const uint8_t last = 0x80;
    kf_lanes64_init(st);
    kf_lanes64_add_bytes(st, in, 0, len);
    kf_lanes64_add_bytes(st, &suffix, len, 1);
    kf_lanes64_add_bytes(st, &last, rate - 1, 1);
#endif
}

/* out[0 .. n) = the state's first n bytes: whole lanes by 8-byte copies, the rest by bytes. */
static inline void kf_lanes64_oneblock_store(const uint8_t st[KF_STATE_BYTES], uint8_t *out, size_t n)
{
#if KF_LANES64_LE
    size_t j = 0;
    for (; j + 8 <= n; j += 8) {
        uint64_t v;
        memcpy(&v, st + j, 8);
        KF_LANES64_OPAQUE(v);
        memcpy(out + j, &v, 8);
    }
    if (j < n) { /* a last part of a lane (SHA3-224's 28 bytes): 4, 2, 1 bytes of it */
        uint64_t v;
        memcpy(&v, st + j, 8);
        if ((n - j) & 4) {
            uint32_t t = (uint32_t)v;
            memcpy(out + j, &t, 4);
            v >>= 32;
            j += 4;
        }
        if ((n - j) & 2) {
            uint16_t t = (uint16_t)v;
            memcpy(out + j, &t, 2);
            v >>= 16;
            j += 2;
        }
        if (j < n) out[j] = (uint8_t)v;
    }
#else
    kf_lanes64_extract_bytes(st, out, 0, n);
#endif
}

/* The wipe as kf_memzero does it, but inline: a constant-size memset the compiler turns into
 * a few vector stores, kept by the asm that claims to read the memory. */
#if defined(__GNUC__) || defined(__clang__)
#define KF_LANES64_WIPE(st) \
    do { \
        memset((st), 0, KF_STATE_BYTES); \
        __asm__ __volatile__("" : : "r"(st) : "memory"); \
    } while (0)
#else
#define KF_LANES64_WIPE(st) kf_memzero((st), KF_STATE_BYTES)
#endif

#define KF_LANES64_DEFINE_ONEBLOCK(name, permute) \
    static void name(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *in, size_t len, uint8_t *out, \
                     size_t outlen) \
    { \
        _Alignas(KF_STATE_ALIGN) uint8_t st_[KF_STATE_BYTES]; \
        kf_lanes64_oneblock_load(st_, rate, suffix, in, len); \
        permute(st_, nr); \
        kf_lanes64_oneblock_store(st_, out, outlen); \
        KF_LANES64_WIPE(st_); \
    }

#endif

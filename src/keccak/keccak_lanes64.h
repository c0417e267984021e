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

/* 8 input bytes in FIPS 202 (little-endian) order as a lane value: one 8-byte memcpy load
 * on a little-endian host, the portable byte path elsewhere. */
static inline uint64_t kf_load64_le(const uint8_t *p)
{
#if KF_LANES64_LE
    uint64_t v;
    memcpy(&v, p, 8);
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
static inline uint64_t kf_lanes64_get(const uint8_t *s, unsigned i)
{
    uint64_t v;
    memcpy(&v, (const uint8_t *)__builtin_assume_aligned(s, 8) + 8 * i, 8);
    return v;
}

static inline void kf_lanes64_put(uint8_t *s, unsigned i, uint64_t v)
{
    memcpy((uint8_t *)__builtin_assume_aligned(s, 8) + 8 * i, &v, 8);
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

#endif

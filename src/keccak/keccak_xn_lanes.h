/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_xn_lanes.h - byte access to N interleaved Keccak-p[1600] states, shared by the
 * batched backends of x86-64 (AVX2 x4, AVX-512VL x4, AVX-512 x8) and AArch64 (Neon x2 and
 * the scalar/Neon hybrids' vector half).
 *
 * Layout (the one the vector code needs): lane j (= x + 5y) of instance i is the 64-bit
 * word j*N + i, so one aligned vector load gives lane j of all N states. Words hold lanes
 * as native integers; both are little endian, so byte k of a lane (FIPS 202 byte order,
 * byte 8j + k of the state) is byte k of its word.
 *
 * The functions have the kf_backend_xn contracts (keccak_backend.h) for one instance i:
 * offset + len <= 200. Whole lanes move as one 64-bit word; only a partial lane at either
 * end is assembled byte by byte. KF_XN_DEFINE_BYTE_OPS wraps them as a backend's table
 * entries.
 */
#ifndef KF_KECCAK_XN_LANES_H
#define KF_KECCAK_XN_LANES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Bytes in[0 .. len) (len <= 8 - at) placed at byte position at of an otherwise zero word. */
static inline uint64_t kf_xn_partial_word(const uint8_t *in, unsigned at, size_t len)
{
    uint64_t v = 0;
    for (size_t k = 0; k < len; k++) v |= (uint64_t)in[k] << (8 * (at + k));
    return v;
}

/* The mask of bytes at .. at+len-1 of a word (1 <= len <= 8 - at). */
static inline uint64_t kf_xn_byte_mask(unsigned at, size_t len)
{
    uint64_t m = len >= 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * len)) - 1);
    return m << (8 * at);
}

/* Walk instance i's bytes [offset, offset+len) one word at a time: for each touched word,
 * call the step with the word, the first byte position in it, the byte count, and the
 * matching position in the caller's buffer. */
#define KF_XN_FOR_WORDS(n, i, offset, len, STEP) \
    do { \
        size_t pos_ = 0, at_ = (offset); \
        while (pos_ < (len)) { \
            unsigned b_ = (unsigned)(at_ % 8); \
            size_t k_ = 8 - b_ < (len) - pos_ ? 8 - b_ : (len) - pos_; \
            __typeof__(&words[0]) w_ = &words[(at_ / 8) * (n) + (i)]; \
            STEP(w_, b_, k_, pos_); \
            pos_ += k_; \
            at_ += k_; \
        } \
    } while (0)

/* The common case of whole lanes (offset and len multiples of 8: a rate block, a digest):
 * a plain word loop, which the compiler keeps tight (faster than the general walk:
 * docs/BENCHMARK_HISTORY.md, "whole lanes"). */
#define KF_XN_WHOLE_LANES(offset, len) ((((offset) | (len)) & 7) == 0)

static inline void kf_xn_add_bytes(void *states, unsigned n, unsigned i, const uint8_t *in,
                                   size_t offset, size_t len)
{
    uint64_t *words = (uint64_t *)states;
    if (KF_XN_WHOLE_LANES(offset, len)) {
        for (size_t w = 0; w < len / 8; w++) {
            uint64_t v;
            memcpy(&v, in + 8 * w, 8);
            words[(offset / 8 + w) * n + i] ^= v;
        }
        return;
    }
#define KF_XN_ADD_STEP(w, b, k, pos) \
    do { \
        uint64_t v_; \
        if ((k) == 8) memcpy(&v_, in + (pos), 8); \
        else v_ = kf_xn_partial_word(in + (pos), (b), (k)); \
        *(w) ^= v_; \
    } while (0)
    KF_XN_FOR_WORDS(n, i, offset, len, KF_XN_ADD_STEP);
#undef KF_XN_ADD_STEP
}

static inline void kf_xn_overwrite_bytes(void *states, unsigned n, unsigned i, const uint8_t *in,
                                         size_t offset, size_t len)
{
    uint64_t *words = (uint64_t *)states;
    if (KF_XN_WHOLE_LANES(offset, len)) {
        for (size_t w = 0; w < len / 8; w++) memcpy(&words[(offset / 8 + w) * n + i], in + 8 * w, 8);
        return;
    }
#define KF_XN_PUT_STEP(w, b, k, pos) \
    do { \
        if ((k) == 8) memcpy((w), in + (pos), 8); \
        else *(w) = (*(w) & ~kf_xn_byte_mask((b), (k))) | kf_xn_partial_word(in + (pos), (b), (k)); \
    } while (0)
    KF_XN_FOR_WORDS(n, i, offset, len, KF_XN_PUT_STEP);
#undef KF_XN_PUT_STEP
}

static inline void kf_xn_extract_bytes(const void *states, unsigned n, unsigned i, uint8_t *out,
                                       size_t offset, size_t len)
{
    const uint64_t *words = (const uint64_t *)states;
    if (KF_XN_WHOLE_LANES(offset, len)) {
        for (size_t w = 0; w < len / 8; w++) memcpy(out + 8 * w, &words[(offset / 8 + w) * n + i], 8);
        return;
    }
#define KF_XN_GET_STEP(w, b, k, pos) \
    do { \
        uint64_t v_ = *(w); \
        if ((k) == 8) memcpy(out + (pos), &v_, 8); \
        else for (size_t q_ = 0; q_ < (k); q_++) out[(pos) + q_] = (uint8_t)(v_ >> (8 * ((b) + q_))); \
    } while (0)
    KF_XN_FOR_WORDS(n, i, offset, len, KF_XN_GET_STEP);
#undef KF_XN_GET_STEP
}

/* Defines the static kf_backend_xn byte operations prefix##_init, _add_bytes,
 * _overwrite_bytes and _extract_bytes for n states in this layout (25 * n words), so a
 * backend's table names them as prefix_init and so on. */
#define KF_XN_DEFINE_BYTE_OPS(prefix, n) \
    static void prefix##_init(void *states) \
    { \
        memset(states, 0, 25 * (n) * 8); \
    } \
    static void prefix##_add_bytes(void *states, unsigned i, const uint8_t *in, size_t offset, \
                                   size_t len) \
    { \
        kf_xn_add_bytes(states, (n), i, in, offset, len); \
    } \
    static void prefix##_overwrite_bytes(void *states, unsigned i, const uint8_t *in, \
                                         size_t offset, size_t len) \
    { \
        kf_xn_overwrite_bytes(states, (n), i, in, offset, len); \
    } \
    static void prefix##_extract_bytes(const void *states, unsigned i, uint8_t *out, \
                                       size_t offset, size_t len) \
    { \
        kf_xn_extract_bytes(states, (n), i, out, offset, len); \
    }

#endif

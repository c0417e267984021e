/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_xn_oneblock_avx512.c - the oneblock operation of the avx512-x8 backend (the contract:
 * keccak_backend.h, kf_backend_xn.oneblock): up to eight messages shorter than the rate, each
 * padded, permuted together and read out, as a level of a Merkle tree hashes its nodes.
 * Compile with -mavx512f; dispatch calls it only through avx512-x8, so only on AVX-512F CPUs.
 *
 * Why not the generic path (sponge_xn.c): that one writes the interleaved state one 64-bit word
 * at a time, and the permutation's first 512-bit load of each lane row then finds eight narrow
 * stores in its way, which the store queue cannot forward: the load waits for all of them to
 * reach the cache. Here each row is built in a zmm register - eight masked loads of whole
 * message lanes per group of eight lanes (masked-out lanes are not read, so nothing past a
 * message is touched), the lane holding the message's last bytes and the suffix set with a
 * masked broadcast, an 8 x 8 transpose (keccak_xn_absorb.h) - and stored whole; the output
 * comes back by the reverse transpose, and the wipe is 25 zmm stores. The permutation is the
 * backend's own (kf_backend_x8_avx512.permute).
 */
#include "keccak/keccak_backend.h"
#include "keccak/keccak_lanes64.h" /* kf_lanes64_tail */
#include "keccak_xn_absorb.h"      /* kf_xn_transpose8 */

#include <immintrin.h>
#include <string.h>

#define N 8
#define KF_INLINE static inline __attribute__((always_inline))

/* Rows g .. g+7 of the padded blocks into the states (g = 0, 8, 16: with a constant g and the
 * loops unrolled, every r[] index is a constant and r[] stays in registers). F holds each
 * instance's count of whole message lanes (25 for an idle slot: none), L its lane full[i]
 * (last bytes and suffix); p[i] its message (a dummy for an idle slot, never read). */
KF_INLINE void build_rows(__m512i *s, size_t g, const uint8_t *const p[], const size_t full[], size_t msg_top,
                          __m512i F, __m512i L, size_t pad_row)
{
    __m512i r[N];
    if (g < msg_top) {
#pragma GCC unroll 8
        for (unsigned i = 0; i < N; i++) {
            size_t k = full[i] > g ? full[i] - g : 0; /* idle: full 25, but p[i] reads nothing: k 0 below */
            __mmask8 m = (__mmask8)(k >= 8 ? 0xFF : (1u << k) - 1);
            r[i] = _mm512_maskz_loadu_epi64(m, p[i] + (m ? 8 * g : 0));
        }
        kf_xn_transpose8(r); /* r[t] = lane g+t of instances 0..7 */
    } else {
#pragma GCC unroll 8
        for (unsigned t = 0; t < N; t++) r[t] = _mm512_setzero_si512();
    }
#pragma GCC unroll 8
    for (unsigned t = 0; t < N; t++) {
        /* the instances whose message ends in lane g+t get their last lane from L there */
        __mmask8 m = _mm512_cmpeq_epi64_mask(F, _mm512_set1_epi64((long long)(g + t)));
        __m512i v = _mm512_mask_mov_epi64(r[t], m, L);
        if (g + t == pad_row) v = _mm512_xor_si512(v, _mm512_set1_epi64((long long)((uint64_t)0x80 << 56)));
        _mm512_store_si512(&s[g + t], v);
    }
}

/* Lanes g .. g+7 of instances 0 .. count-1 to out[i] + 8g, bytes 8g .. outlen-1 of each. */
KF_INLINE void extract_rows(const __m512i *s, size_t g, uint8_t *const out[], unsigned count, size_t outlen)
{
    __m512i r[N];
    size_t bytes = outlen - 8 * g < 64 ? outlen - 8 * g : 64, whole = bytes / 8;
#pragma GCC unroll 8
    for (unsigned t = 0; t < N; t++) r[t] = g + t < 25 ? _mm512_load_si512(&s[g + t]) : _mm512_setzero_si512();
    kf_xn_transpose8(r); /* r[i] = lanes g .. g+7 of instance i */
#pragma GCC unroll 8
    for (unsigned i = 0; i < N; i++) {
        if (i >= count) break;
        if (whole) _mm512_mask_storeu_epi64(out[i] + 8 * g, (__mmask8)((1u << whole) - 1), r[i]);
        if (bytes % 8) { /* a last part of a lane (SHA3-224's 28 bytes) */
            uint64_t w[N];
            _mm512_storeu_si512((void *)w, r[i]);
            memcpy(out[i] + 8 * g + 8 * whole, &w[whole], bytes % 8);
        }
    }
}

void kf_x8_oneblock_avx512(void *states, unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const in[],
                           const size_t inlen[], unsigned count, uint8_t *const out[], size_t outlen)
{
    static const uint8_t dummy[8];
    __m512i *s = (__m512i *)states;
    const __mmask8 live = (__mmask8)((1u << count) - 1);
    /* lengths as a vector straight from the caller's array (live slots only), so F and L are
     * computed in registers: F = whole lanes (25 for an idle slot), L = suffix << 8 (len % 8) */
    const __m512i lens = _mm512_maskz_loadu_epi64(live, inlen);
    const __m512i rem8 = _mm512_slli_epi64(_mm512_and_epi64(lens, _mm512_set1_epi64(7)), 3);
    const __m512i F = _mm512_mask_srli_epi64(_mm512_set1_epi64(25), live, lens, 3);
    __m512i L = _mm512_sllv_epi64(_mm512_set1_epi64(suffix), rem8);
    const uint8_t *p[N];
    size_t full[N], msg_top = 0;
    for (unsigned i = 0; i < N; i++) {
        full[i] = i < count ? inlen[i] / 8 : 0;
        p[i] = i < count && full[i] ? in[i] : dummy;
        if (full[i] > msg_top) msg_top = full[i];
    }
    if (_mm512_test_epi64_mask(rem8, rem8)) { /* some message ends inside a lane: its last bytes */
        uint64_t t[N];
        for (unsigned i = 0; i < N; i++) {
            size_t r = i < count ? inlen[i] % 8 : 0;
            t[i] = r ? kf_lanes64_tail(in[i] + 8 * full[i], r, 8 * full[i]) : 0;
        }
        L = _mm512_or_si512(L, _mm512_loadu_si512((const void *)t));
    }
    const size_t pad_row = rate / 8 - 1;
    build_rows(s, 0, p, full, msg_top, F, L, pad_row);
    build_rows(s, 8, p, full, msg_top, F, L, pad_row);
    build_rows(s, 16, p, full, msg_top, F, L, pad_row);
    _mm512_store_si512(&s[24], _mm512_setzero_si512()); /* capacity: rate <= 192 */

    kf_backend_x8_avx512.permute(states, nr);

    if (outlen > 0) extract_rows(s, 0, out, count, outlen);
    if (outlen > 64) extract_rows(s, 8, out, count, outlen);
    if (outlen > 128) extract_rows(s, 16, out, count, outlen);
    /* the states would give the messages back (the permutation is invertible) */
#pragma GCC unroll 25
    for (unsigned t = 0; t < 25; t++) _mm512_store_si512(&s[t], _mm512_setzero_si512());
    __asm__ __volatile__("" : : "r"(states) : "memory");
}

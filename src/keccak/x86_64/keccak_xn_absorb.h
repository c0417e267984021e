/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_xn_absorb.h - the input side of absorb_blocks for the x86-64 batched backends:
 * xor one block from each of N inputs into N interleaved states (layout of
 * keccak_xn_lanes.h: lane j of instance i is word j*N + i, one vector per lane).
 *
 * Each instance's block is loaded N lanes at a time (one vector per instance), and an
 * N x N transpose of 64-bit words turns those N vectors into N lane vectors. The last group
 * of a block is a masked load, which never touches a byte past the block (the tests read
 * blocks that end right before an unmapped page).
 *
 * Only the parts the including file's -m flags allow are defined: AVX2 for the 4x4 ymm
 * ones, AVX-512F and AVX-512VL for the 4-lane masked load, AVX-512F for the 8x8 zmm ones.
 *
 * The block functions are always_inline because they are the body of each backend's
 * absorb loop: GCC 12 would otherwise call the 8-lane one out of line from avx512-x8.
 * Inlined, avx2-x4, avx512-x8 and avx512vl-x5 compile to the instructions they had when
 * each file wrote this loop itself (compared with objdump -d).
 */
#ifndef KF_KECCAK_XN_ABSORB_H
#define KF_KECCAK_XN_ABSORB_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__AVX2__)
/* Rows r[i] = lanes j..j+3 of instance i become r[t] = lane j+t of instances 0..3: a 4x4
 * transpose of 64-bit words (pairs of words, then 128-bit halves). */
static inline void kf_xn_transpose4(__m256i r[4])
{
    __m256i t0 = _mm256_unpacklo_epi64(r[0], r[1]); /* words 0, 2 of rows 0, 1 */
    __m256i t1 = _mm256_unpackhi_epi64(r[0], r[1]); /* words 1, 3 */
    __m256i t2 = _mm256_unpacklo_epi64(r[2], r[3]);
    __m256i t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    r[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    r[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    r[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    r[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

/* The vpmaskmovq mask of the first k elements (all when k >= 4): element e's mask word has its
 * top bit set, so e is loaded or stored, when e < k. */
static inline __attribute__((always_inline)) __m256i kf_xn_mask4(size_t k)
{
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)k), _mm256_setr_epi64x(0, 1, 2, 3));
}

/* Xor lanes 0..lanes-1 of the blocks at in[i] + off into the four interleaved states s
 * (lanes <= 25). AVX2 only: the last group is a vpmaskmovq (kf_xn_mask4). */
static inline __attribute__((always_inline)) void
kf_xn_xor_block4_avx2(__m256i *s, const uint8_t *const *in, size_t off, size_t lanes)
{
    for (size_t j = 0; j < lanes; j += 4) {
        size_t k = lanes - j < 4 ? lanes - j : 4;
        __m256i m = kf_xn_mask4(k);
        __m256i r[4];
        for (int i = 0; i < 4; i++)
            r[i] = _mm256_maskload_epi64((const long long *)(const void *)(in[i] + off + 8 * j), m);
        kf_xn_transpose4(r);
        for (size_t t = 0; t < k; t++) s[j + t] = _mm256_xor_si256(s[j + t], r[t]);
    }
}
#endif

#if defined(__AVX512F__) && defined(__AVX512VL__)
/* As kf_xn_xor_block4_avx2, with an AVX-512VL masked load (a bit per element). */
static inline __attribute__((always_inline)) void
kf_xn_xor_block4(__m256i *s, const uint8_t *const *in, size_t off, size_t lanes)
{
    for (size_t j = 0; j < lanes; j += 4) {
        size_t k = lanes - j < 4 ? lanes - j : 4;
        __mmask8 m = (__mmask8)((1u << k) - 1);
        __m256i r[4];
        for (int i = 0; i < 4; i++) r[i] = _mm256_maskz_loadu_epi64(m, in[i] + off + 8 * j);
        kf_xn_transpose4(r);
        for (size_t t = 0; t < k; t++) s[j + t] = _mm256_xor_si256(s[j + t], r[t]);
    }
}
#endif

#if defined(__AVX512F__)
/* Rows r[i] = lanes j..j+7 of instance i become r[t] = lane j+t of instances 0..7: an 8x8
 * transpose of 64-bit words in three stages (pairs of words, 128-bit blocks, 256-bit halves). */
static inline void kf_xn_transpose8(__m512i r[8])
{
    __m512i t[8], u[8];
    for (int k = 0; k < 8; k += 2) {
        t[k] = _mm512_unpacklo_epi64(r[k], r[k + 1]);     /* words 0,2,4,6 of rows k, k+1 */
        t[k + 1] = _mm512_unpackhi_epi64(r[k], r[k + 1]); /* words 1,3,5,7 */
    }
    for (int k = 0; k < 2; k++) {
        u[k] = _mm512_shuffle_i64x2(t[k], t[k + 2], 0x88);     /* blocks 0,2 of each */
        u[k + 2] = _mm512_shuffle_i64x2(t[k], t[k + 2], 0xDD); /* blocks 1,3 */
        u[k + 4] = _mm512_shuffle_i64x2(t[k + 4], t[k + 6], 0x88);
        u[k + 6] = _mm512_shuffle_i64x2(t[k + 4], t[k + 6], 0xDD);
    }
    /* u[0]: words 0,4 of rows 0-3; u[4]: of rows 4-7; u[1]/u[5]: words 1,5; u[2]/u[6]:
     * words 2,6; u[3]/u[7]: words 3,7 */
    for (int k = 0; k < 4; k++) {
        r[k] = _mm512_shuffle_i64x2(u[k], u[k + 4], 0x88);
        r[k + 4] = _mm512_shuffle_i64x2(u[k], u[k + 4], 0xDD);
    }
}

/* Xor lanes 0..lanes-1 of the blocks at in[i] + off into the eight interleaved states s
 * (lanes <= 25), eight lanes at a time. */
static inline __attribute__((always_inline)) void
kf_xn_xor_block8(__m512i *s, const uint8_t *const *in, size_t off, size_t lanes)
{
    for (size_t j = 0; j < lanes; j += 8) {
        size_t k = lanes - j < 8 ? lanes - j : 8;
        __mmask8 m = (__mmask8)((1u << k) - 1);
        __m512i r[8];
        for (int i = 0; i < 8; i++) r[i] = _mm512_maskz_loadu_epi64(m, in[i] + off + 8 * j);
        kf_xn_transpose8(r);
        for (size_t t = 0; t < k; t++) s[j + t] = _mm512_xor_si512(s[j + t], r[t]);
    }
}
#endif

#endif

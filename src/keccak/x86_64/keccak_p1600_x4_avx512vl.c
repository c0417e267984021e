/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_x4_avx512vl.c - four Keccak-p[1600, nr] states at once with AVX-512VL on
 * ymm registers. Compile with -mavx512f -mavx512vl; dispatch calls it only on CPUs (and
 * OSes) with AVX-512F and AVX-512VL.
 *
 * State format: lane j of instance i is the 64-bit word 4j + i (keccak_xn_lanes.h), so
 * ymm register j holds lane j of all four states; 25 x 32 = 800 bytes.
 *
 * The same rounds as the zmm x8 backend (keccak_p1600_avx512_rounds.h): AVX-512VL brings
 * vpternlogq, vprolq and 32 registers to 256-bit vectors, so all 25 lanes stay in
 * registers. For batches of four (ML-KEM's matrix rows), and for CPUs that lower their
 * clock while running 512-bit instructions.
 */
#include "keccak/keccak_backend.h"
#include "keccak_xn_absorb.h"
#include "keccak/keccak_xn_lanes.h"

#include <immintrin.h>

#define N 4

typedef __m256i kf_v;
#define KF_TERN(a, b, c, k) _mm256_ternarylogic_epi64((a), (b), (c), (k))
#define KF_XOR(a, b)        _mm256_xor_si256((a), (b))
#define KF_ROL(a, n)        _mm256_rol_epi64((a), (n))
#define KF_XOR_WORD(a, p)   _mm256_xor_si256((a), _mm256_set1_epi64x((long long)*(p)))
#include "keccak_p1600_avx512_rounds.h"

#define KF_LOAD_LANE(x, y) kf_v a##x##y = _mm256_load_si256(&s[(x) + 5 * (y)]);
#define KF_STORE_LANE(x, y) _mm256_store_si256(&s[(x) + 5 * (y)], a##x##y);

/* pairs x 2 rounds starting at constant rc, lanes loaded from s and stored back: a loop over
 * a two-round body, 2 KB of code where twelve unrolled rounds took 9.7 KB, at the same speed
 * in a hot loop. Where other code runs between calls - ML-KEM's jobs, with an NTT or a row of
 * t^ between two runs of its schedule - the unrolled rounds fell out of the instruction
 * caches and the first call after that work cost more; these two rounds stay in. A body of
 * one round spills lanes, three or more rounds gain nothing in the hot loop and lose some of
 * the cache win (figures: docs/BENCHMARK_HISTORY.md, "x4 round loop"). */
__attribute__((noinline)) static void x4_round_pairs(__m256i *s, const uint64_t *rc, unsigned pairs)
{
    KF_LANE_LIST(KF_LOAD_LANE)
    for (; pairs; pairs--, rc += 2) {
        KF_ROUND(0)
        KF_ROUND(1)
    }
    KF_LANE_LIST(KF_STORE_LANE)
}

/* One round with constant rc[0] (the first of an odd number of rounds). */
__attribute__((noinline)) static void x4_round1(__m256i *s, const uint64_t *rc)
{
    KF_LANE_LIST(KF_LOAD_LANE)
    KF_ROUND(0)
    KF_LANE_LIST(KF_STORE_LANE)
}

static void x4_permute(void *states, unsigned nr)
{
    __m256i *s = (__m256i *)states;
    if (nr < 1 || nr > 24) return;
    const uint64_t *rc = kf_keccak_rc + 24 - nr;
    if (nr & 1) x4_round1(s, rc++);
    if (nr > 1) x4_round_pairs(s, rc, nr / 2);
}

KF_XN_DEFINE_BYTE_OPS(x4, N)

/* Whole lanes of one instance written as full 256-bit stores (load the four-state vector,
 * merge the word under a mask, store it back), so the permutation's vector loads that follow
 * get their data forwarded from the store queue; a 64-bit store into the middle of a vector
 * cannot be, and the load waits for it to reach the cache. Other byte ranges as above. */
static inline void x4_merge_lanes(void *states, unsigned i, const uint8_t *in, size_t offset, size_t len, int add)
{
    __m256i *s = (__m256i *)states + offset / 8;
    const __mmask8 k = (__mmask8)(1u << i);
    for (size_t w = 0; w < len / 8; w++) {
        uint64_t v;
        memcpy(&v, in + 8 * w, 8);
        __m256i b = _mm256_set1_epi64x((long long)v);
        s[w] = add ? _mm256_mask_xor_epi64(s[w], k, s[w], b) : _mm256_mask_mov_epi64(s[w], k, b);
    }
}

static void x4_add_lanes(void *states, unsigned i, const uint8_t *in, size_t offset, size_t len)
{
    if (KF_XN_WHOLE_LANES(offset, len)) x4_merge_lanes(states, i, in, offset, len, 1);
    else x4_add_bytes(states, i, in, offset, len);
}

static void x4_overwrite_lanes(void *states, unsigned i, const uint8_t *in, size_t offset, size_t len)
{
    if (KF_XN_WHOLE_LANES(offset, len)) x4_merge_lanes(states, i, in, offset, len, 0);
    else x4_overwrite_bytes(states, i, in, offset, len);
}

/* For every instance: xor one block of rate bytes (rate/8 lanes) from in[i] into the state
 * (keccak_xn_absorb.h), then permute. */
static size_t x4_absorb_blocks(void *states, unsigned nr, size_t rate, const uint8_t *const *in, size_t len)
{
    __m256i *s = (__m256i *)states;
    size_t lanes = rate / 8, done = 0;
    if (lanes == 0) return 0;
    for (; len - done >= rate; done += rate) {
        kf_xn_xor_block4(s, in, done, lanes);
        x4_permute(states, nr);
    }
    return done;
}

const kf_backend_xn kf_backend_x4_avx512vl = {
    .name = "avx512vl-x4",
    .requires = KF_CPU_AVX512F | KF_CPU_AVX512VL,
    .rank = 25,
    .n = N,
    .state_bytes = 25 * N * 8,
    .interleaved = 1,
    .init = x4_init,
    .add_bytes = x4_add_lanes,
    .overwrite_bytes = x4_overwrite_lanes,
    .extract_bytes = x4_extract_bytes,
    .permute = x4_permute,
    .absorb_blocks = x4_absorb_blocks,
    /* a call of either costs the same (docs/BENCHMARK_HISTORY.md, "x1_twin") */
    .x1_twin = &kf_backend_x1_avx512vl,
};

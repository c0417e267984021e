/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_x8_avx512.c - eight Keccak-p[1600, nr] states at once on AVX-512F (zmm).
 * Compile with -mavx512f only; dispatch calls it only on CPUs (and OSes) with AVX-512F.
 *
 * State format: lane j of instance i is the 64-bit word 8j + i (keccak_xn_lanes.h), so
 * zmm register j holds lane j of all eight states; 25 x 64 = 1600 bytes.
 *
 * The permutation keeps all 25 lanes in zmm registers through each block of rounds and
 * uses vpternlogq for theta's parities and for chi, vprolq for the rotations: see
 * keccak_p1600_avx512_rounds.h. On Zen 4 a 512-bit operation occupies a 256-bit unit twice,
 * so against the ymm x4 backend the gain is half the instructions to issue per state, not
 * arithmetic throughput.
 */
#include "keccak/keccak_backend.h"
#include "keccak_xn_absorb.h"
#include "keccak/keccak_xn_lanes.h"

#include <immintrin.h>

#define N 8

typedef __m512i kf_v;
#define KF_TERN(a, b, c, k) _mm512_ternarylogic_epi64((a), (b), (c), (k))
#define KF_XOR(a, b)        _mm512_xor_si512((a), (b))
#define KF_ROL(a, n)        _mm512_rol_epi64((a), (n))
#define KF_XOR_WORD(a, p)   _mm512_xor_si512((a), _mm512_set1_epi64((long long)*(p)))
#include "keccak_p1600_avx512_rounds.h"

#define KF_LOAD_LANE(x, y) kf_v a##x##y = _mm512_load_si512(&s[(x) + 5 * (y)]);
#define KF_STORE_LANE(x, y) _mm512_store_si512(&s[(x) + 5 * (y)], a##x##y);

/* Twelve rounds starting at constant rc, lanes loaded from s and stored back. */
__attribute__((noinline)) static void x8_rounds12(__m512i *s, const uint64_t *rc)
{
    KF_LANE_LIST(KF_LOAD_LANE)
    KF_AVX512_ROUNDS12
    KF_LANE_LIST(KF_STORE_LANE)
}

/* One round with constant rc[0] (the nr mod 12 rounds before the blocks of 12). */
__attribute__((noinline)) static void x8_round1(__m512i *s, const uint64_t *rc)
{
    KF_LANE_LIST(KF_LOAD_LANE)
    KF_ROUND(0)
    KF_LANE_LIST(KF_STORE_LANE)
}

static void x8_permute(void *states, unsigned nr)
{
    __m512i *s = (__m512i *)states;
    if (nr < 1 || nr > 24) return;
    const uint64_t *rc = kf_keccak_rc + 24 - nr;
    for (; (kf_keccak_rc + 24 - rc) % 12 != 0; rc++) x8_round1(s, rc);
    for (; rc < kf_keccak_rc + 24; rc += 12) x8_rounds12(s, rc);
}

KF_XN_DEFINE_BYTE_OPS(x8, N)

/* Twelve rounds starting at constant rc on the lanes permute_from picks (lane j: t[j], or
 * s[src + j - dst] for j in dst .. dst+cnt-1), stored to s: no copy of the state before
 * the rounds (whose first loads would wait on it), each pick a conditional move beside the
 * load rather than a table of pointers (docs/BENCHMARK_HISTORY.md, "x8 permute_from"). */
#define KF_PICK(j) ((unsigned)(j) - dst < cnt ? s + src + (j) - dst : t + (j))
#define KF_LOAD_PICKED(x, y) kf_v a##x##y = _mm512_load_si512(KF_PICK((x) + 5 * (y)));
__attribute__((noinline)) static void x8_rounds12_from(__m512i *s, const __m512i *t, unsigned dst, unsigned src,
                                                       unsigned cnt, const uint64_t *rc)
{
    KF_LANE_LIST(KF_LOAD_PICKED)
    KF_AVX512_ROUNDS12
    KF_LANE_LIST(KF_STORE_LANE)
}

/* kf_backend_xn.permute_from. nr not a multiple of 12: the state assembled, then permute. */
static void x8_permute_from(void *states, const void *tmpl, unsigned dst, unsigned src, unsigned cnt, unsigned nr)
{
    __m512i *s = (__m512i *)states;
    const __m512i *t = (const __m512i *)tmpl;
    if (nr < 1 || nr > 24 || dst + cnt > 25 || src + cnt > 25) return;
    if (nr % 12 != 0) {
        __m512i v[25];
        for (unsigned j = 0; j < 25; j++) v[j] = _mm512_load_si512(KF_PICK(j));
        for (unsigned j = 0; j < 25; j++) _mm512_store_si512(&s[j], v[j]);
        x8_permute(states, nr);
        return;
    }
    const uint64_t *rc = kf_keccak_rc + 24 - nr;
    x8_rounds12_from(s, t, dst, src, cnt, rc);
    if (nr == 24) x8_rounds12(s, rc + 12);
}

/* For every instance: xor one block of rate bytes (rate/8 lanes) from in[i] into the state
 * (keccak_xn_absorb.h), then permute. */
static size_t x8_absorb_blocks(void *states, unsigned nr, size_t rate, const uint8_t *const *in, size_t len)
{
    __m512i *s = (__m512i *)states;
    size_t lanes = rate / 8, done = 0;
    if (lanes == 0) return 0;
    for (; len - done >= rate; done += rate) {
        kf_xn_xor_block8(s, in, done, lanes);
        x8_permute(states, nr);
    }
    return done;
}

const kf_backend_xn kf_backend_x8_avx512 = {
    .name = "avx512-x8",
    .requires = KF_CPU_AVX512F,
    .rank = 30,
    .n = N,
    .state_bytes = 25 * N * 8,
    .interleaved = 1,
    .init = x8_init,
    .add_bytes = x8_add_bytes,
    .overwrite_bytes = x8_overwrite_bytes,
    .extract_bytes = x8_extract_bytes,
    .permute = x8_permute,
    .absorb_blocks = x8_absorb_blocks,
    .permute_from = x8_permute_from,
    .oneblock = kf_x8_oneblock_avx512,
};

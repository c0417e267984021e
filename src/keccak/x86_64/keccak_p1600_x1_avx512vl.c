/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_x1_avx512vl.c - one Keccak-p[1600, nr] state with AVX-512VL on xmm
 * registers, one lane per register. Compile with -mavx512f -mavx512vl; dispatch calls it
 * only on CPUs (and OSes) with AVX-512F and AVX-512VL.
 *
 * State format: plain lanes (keccak_lanes64.h), the same as ref and opt64, so the byte
 * operations are the shared plain-lane ones.
 *
 * Why a single state in vector registers: scalar Keccak needs 130 ALU operations per round
 * on x86-64 (opt64-bmi2) and Zen 4 has four integer ALUs. The AVX-512 round of the batched
 * backends (keccak_p1600_avx512_rounds.h: vpternlogq for theta's parities and chi, vprolq
 * for the rotations) needs 95 vector operations, and Zen 4 runs xmm and ymm operations at
 * full rate (only zmm is split in two). Here each of the 25 lanes lives in element 0 of its
 * own xmm register (element 1 is don't-care: every operation is element-wise), so pi stays a
 * renaming and the code is exactly the x4 ymm code on narrower registers.
 *
 * Faster than opt64-bmi2 on Zen 4 for one state (figures, and the variants tried and dropped:
 * ymm registers, a straight run of 24 rounds, theta+rho column by column, GCC's second
 * scheduling pass - so the build adds -fno-schedule-insns2, as for x4 - and other chi operand
 * orders: docs/BENCHMARK_HISTORY.md, "avx512vl-x1"). A round costs what a call of the x4 ymm
 * backend costs per round: the 95 operations per round are bound by Zen 4's vector ports
 * plus the theta barrier between rounds, not by the state count.
 *
 * avx512vl-x1-pairs (keccak_p1600_x1_pairs_avx512vl.c, two lanes per register, fewer
 * rotations) ranks above this one on the same CPUs; this backend stays selectable by name.
 */
#include "keccak/keccak_backend.h"
#include "keccak/keccak_constants.h"
#include "keccak/keccak_lanes64.h"

#include <immintrin.h>
#include <stdint.h>

/* The round constants (FIPS 202 §3.2.5) one per 16 bytes, so iota is one vpxor with a
 * memory operand; element 1 is never looked at. The rounds header only forms rc + ir and
 * hands it to KF_XOR_WORD, so here rc points into this table (rows of two words). */
#define X1_RC_ENTRY(v) {(v), 0},
static const _Alignas(16) uint64_t x1_rc[24][2] = {KF_RC_LIST(X1_RC_ENTRY)};

typedef __m128i kf_v;
#define KF_TERN(a, b, c, k) _mm_ternarylogic_epi64((a), (b), (c), (k))
#define KF_XOR(a, b)        _mm_xor_si128((a), (b))
#define KF_ROL(a, n)        _mm_rol_epi64((a), (n))
#define KF_XOR_WORD(a, p)   _mm_xor_si128((a), _mm_load_si128((const __m128i *)(p)))
#include "keccak_p1600_avx512_rounds.h"

/* Lane (x, y) of the state in memory into / out of element 0 of a##x##y. */
#define X1_LOAD_LANE(x, y) \
    kf_v a##x##y = _mm_loadl_epi64((const __m128i *)(st + 8 * ((x) + 5 * (y))));
#define X1_STORE_LANE(x, y) _mm_storel_epi64((__m128i *)(st + 8 * ((x) + 5 * (y))), a##x##y);

/*
 * Keccak-p[1600, nr] on a00..a44, rounds 24 - nr .. 23 (FIPS 202 §3.3): nr mod 12 single
 * rounds, then blocks of 12 (keccak_p1600_avx512_rounds.h says why not a jump into 24
 * unrolled rounds). The lanes stay in registers throughout.
 */
#define X1_PERMUTE(nr) \
    do { \
        const uint64_t(*rc)[2] = x1_rc + 24 - (nr); \
        for (; (x1_rc + 24 - rc) % 12 != 0; rc++) KF_ROUND(0) \
        for (; rc < x1_rc + 24; rc += 12) { KF_AVX512_ROUNDS12 } \
    } while (0)

static void x1_permute(void *state, unsigned nr)
{
    uint8_t *st = (uint8_t *)state;
    if (nr < 1 || nr > 24) return;
    KF_LANE_LIST(X1_LOAD_LANE)
    X1_PERMUTE(nr);
    KF_LANE_LIST(X1_STORE_LANE)
}

/* Lane i = x + 5y of a block, bytes 8i .. 8i+7, xored into a##x##y: an 8-byte load into
 * element 0 (a load port only, no vector ALU), never a byte past the block. */
#define X1_XOR_IN(x, y) \
    a##x##y = _mm_xor_si128(a##x##y, _mm_loadl_epi64((const __m128i *)(in + 8 * ((x) + 5 * (y)))));

/*
 * Fused absorb: the state stays in registers across all blocks and is stored once. One
 * switch with fall-through serves every rate: case n xors lanes n-1 down to 0.
 */
static size_t x1_absorb_blocks(void *state, unsigned nr, size_t rate, const uint8_t *in, size_t len)
{
    uint8_t *st = (uint8_t *)state;
    size_t done = 0;
    if (nr < 1 || nr > 24 || rate == 0 || rate > KF_STATE_BYTES || rate % 8 != 0 || len < rate)
        return 0;
    KF_LANE_LIST(X1_LOAD_LANE)
    for (; len - done >= rate; done += rate, in += rate) {
        switch (rate / 8) {
        case 25: X1_XOR_IN(4, 4) /* fall through */
        case 24: X1_XOR_IN(3, 4) /* fall through */
        case 23: X1_XOR_IN(2, 4) /* fall through */
        case 22: X1_XOR_IN(1, 4) /* fall through */
        case 21: X1_XOR_IN(0, 4) /* fall through */
        case 20: X1_XOR_IN(4, 3) /* fall through */
        case 19: X1_XOR_IN(3, 3) /* fall through */
        case 18: X1_XOR_IN(2, 3) /* fall through */
        case 17: X1_XOR_IN(1, 3) /* fall through */
        case 16: X1_XOR_IN(0, 3) /* fall through */
        case 15: X1_XOR_IN(4, 2) /* fall through */
        case 14: X1_XOR_IN(3, 2) /* fall through */
        case 13: X1_XOR_IN(2, 2) /* fall through */
        case 12: X1_XOR_IN(1, 2) /* fall through */
        case 11: X1_XOR_IN(0, 2) /* fall through */
        case 10: X1_XOR_IN(4, 1) /* fall through */
        case 9:  X1_XOR_IN(3, 1) /* fall through */
        case 8:  X1_XOR_IN(2, 1) /* fall through */
        case 7:  X1_XOR_IN(1, 1) /* fall through */
        case 6:  X1_XOR_IN(0, 1) /* fall through */
        case 5:  X1_XOR_IN(4, 0) /* fall through */
        case 4:  X1_XOR_IN(3, 0) /* fall through */
        case 3:  X1_XOR_IN(2, 0) /* fall through */
        case 2:  X1_XOR_IN(1, 0) /* fall through */
        default: X1_XOR_IN(0, 0)
        }
        X1_PERMUTE(nr);
    }
    KF_LANE_LIST(X1_STORE_LANE)
    return done;
}

KF_LANES64_DEFINE_ONEBLOCK(x1_oneblock, x1_permute)

const kf_backend kf_backend_x1_avx512vl = {
    .name = "avx512vl-x1",
    .requires = KF_CPU_AVX512F | KF_CPU_AVX512VL,
    .rank = 30,
    .init = kf_lanes64_init,
    .add_bytes = kf_lanes64_add_bytes,
    .overwrite_bytes = kf_lanes64_overwrite_bytes,
    .extract_bytes = kf_lanes64_extract_bytes,
    .permute = x1_permute,
    .absorb_blocks = x1_absorb_blocks,
    .oneblock = x1_oneblock,
};

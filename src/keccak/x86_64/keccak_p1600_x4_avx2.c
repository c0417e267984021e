/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_x4_avx2.c - four Keccak-p[1600, nr] states at once with AVX2 (ymm), for
 * x86-64 CPUs without AVX-512. Compile with -mavx2 only; dispatch calls it only on CPUs
 * (and OSes) with AVX2.
 *
 * State format: lane j of instance i is the 64-bit word 4j + i (keccak_xn_lanes.h), so
 * one ymm vector holds lane j of all four states; 25 x 32 = 800 bytes.
 *
 * The round is written like the portable opt64 backend, one vector per lane (FIPS 202 §3.2):
 *   - theta (Algorithm 1): the column parities C[x] of the next round are accumulated while
 *     chi writes each output row, so no round re-reads its lanes for them; D[x] =
 *     C[x-1] ^ rot(C[x+1], 1), where the rotation by 1 shifts left with vpaddq, which every
 *     vector ALU runs;
 *   - theta's xor with D, rho (Algorithm 2) and pi (Algorithm 3) lane by lane while gathering
 *     one output row; AVX2 has no rotation, so rho is two shifts and an or with the offsets
 *     of keccak_constants.h as immediates, or one vpshufb for the two offsets that are whole
 *     bytes (8 and 56);
 *   - chi (Algorithm 4) with vpandn + vpxor, and iota (Algorithm 6).
 * Rounds alternate between two sets of 25 variables, A -> E -> A, two rounds per loop
 * iteration. 16 ymm registers cannot hold 25 lanes, so the compiler keeps most lanes on the
 * stack and reads them as memory operands: about 30 stores and 45 loads per round beside
 * ~190 vector operations, whose issue alone bounds the permutation; the loads, stores and
 * dependences add about a fifth (docs/BENCHMARK_HISTORY.md, "What bounds the batched backends").
 * Built with -fno-schedule-insns2 under GCC, like the other SIMD backends. The rounds are
 * macros in keccak_p1600_avx2_rounds.h, shared with the oneblock operation
 * (keccak_xn_oneblock_avx2.c).
 */
#include "keccak/keccak_backend.h"
#include "keccak/keccak_constants.h"
#include "keccak_xn_absorb.h"
#include "keccak/keccak_xn_lanes.h"

#include <immintrin.h>

#define N 4

#include "keccak_p1600_avx2_rounds.h"

/* Keccak-p[1600, nr] (FIPS 202 §3.3) on the four states in memory. */
static void x4_permute(void *states, unsigned nr)
{
    __m256i *s = (__m256i *)states;
    if (nr < 1 || nr > 24) return;
    KF_X4_ROL_CONSTS
    KF_X4_LOCALS
#define LOAD(x, y) A##x##y = s[(x) + 5 * (y)];
    LANES(LOAD)
#undef LOAD
    KF_X4_PERMUTE_A(nr);
#define STORE(x, y) s[(x) + 5 * (y)] = A##x##y;
    LANES(STORE)
#undef STORE
}

KF_XN_DEFINE_BYTE_OPS(x4, N)

/* For every instance: xor one block of rate bytes (rate/8 lanes) from in[i] into the state
 * (keccak_xn_absorb.h), then permute. */
static size_t x4_absorb_blocks(void *states, unsigned nr, size_t rate, const uint8_t *const *in, size_t len)
{
    __m256i *s = (__m256i *)states;
    size_t lanes = rate / 8, done = 0;
    if (lanes == 0) return 0;
    for (; len - done >= rate; done += rate) {
        kf_xn_xor_block4_avx2(s, in, done, lanes);
        x4_permute(states, nr);
    }
    return done;
}

const kf_backend_xn kf_backend_x4_avx2 = {
    .name = "avx2-x4",
    .requires = KF_CPU_AVX2,
    .rank = 20,
    .n = N,
    .state_bytes = 25 * N * 8,
    .interleaved = 1,
    .init = x4_init,
    .add_bytes = x4_add_bytes,
    .overwrite_bytes = x4_overwrite_bytes,
    .extract_bytes = x4_extract_bytes,
    .permute = x4_permute,
    .absorb_blocks = x4_absorb_blocks,
    .oneblock = kf_x4_oneblock_avx2,
};

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
 * Built with -fno-schedule-insns2 under GCC, like the other SIMD backends.
 */
#include "keccak/keccak_backend.h"
#include "keccak/keccak_constants.h"
#include "keccak_xn_absorb.h"
#include "keccak/keccak_xn_lanes.h"

#include <immintrin.h>

#define N 4

#define XOR(a, b) _mm256_xor_si256((a), (b))
#define ANDN(a, b) _mm256_andnot_si256((a), (b)) /* ~a & b */
#define ROL1(v) _mm256_or_si256(_mm256_add_epi64((v), (v)), _mm256_srli_epi64((v), 63))
/* v rotated left by the constant n: two shifts and an or, or one byte shuffle when n is 8
 * or 56 (the compiler keeps only the branch n selects) */
#define ROL(v, n) \
    ((n) == 8 ? _mm256_shuffle_epi8((v), rol8_bytes) : \
     (n) == 56 ? _mm256_shuffle_epi8((v), rol56_bytes) : \
     _mm256_or_si256(_mm256_slli_epi64((v), (n)), _mm256_srli_epi64((v), 64 - (n))))

/* Lane (x, y) of a set P of 25 variables is P##x##y; the list is in state order x + 5y. */
#define LANES(X) \
    X(0, 0) X(1, 0) X(2, 0) X(3, 0) X(4, 0) X(0, 1) X(1, 1) X(2, 1) X(3, 1) X(4, 1) \
    X(0, 2) X(1, 2) X(2, 2) X(3, 2) X(4, 2) X(0, 3) X(1, 3) X(2, 3) X(3, 3) X(4, 3) \
    X(0, 4) X(1, 4) X(2, 4) X(3, 4) X(4, 4)

/* Theta step 3 and rho for input lane (x, y) of set I */
#define THETA_RHO(I, x, y) ROL(XOR(I##x##y, D##x), KF_RHO_##x##_##y)

/* Chi output (x, y) into set O, folded into the next round's parity C[x] */
#define CHI(O, x, y, b0, b1, b2) \
    O##x##y = XOR(b0, ANDN(b1, b2)); \
    C##x = (y) == 0 ? O##x##y : XOR(C##x, O##x##y);

/* Output row (plane) y into set O: position x is fed by input lane ((x + 3y) mod 5, x)
 * (pi), given here through theta and rho as b0..b4. */
#define ROW(O, y, B0, B1, B2, B3, B4) \
    { \
        __m256i b0 = (B0), b1 = (B1), b2 = (B2), b3 = (B3), b4 = (B4); \
        CHI(O, 0, y, b0, b1, b2) CHI(O, 1, y, b1, b2, b3) CHI(O, 2, y, b2, b3, b4) \
        CHI(O, 3, y, b3, b4, b0) CHI(O, 4, y, b4, b0, b1) \
    }

/* One round I -> O with round constant rc, given C = parities of I; leaves C = parities of
 * O. Iota's constant also enters C[0], so the parities stay exact. */
#define ROUND(I, O, rc) \
    { \
        __m256i D0 = XOR(C4, ROL1(C1)), D1 = XOR(C0, ROL1(C2)), D2 = XOR(C1, ROL1(C3)); \
        __m256i D3 = XOR(C2, ROL1(C4)), D4 = XOR(C3, ROL1(C0)); \
        /* lane (0, 0) is the one rho leaves alone (Algorithm 2 starts at (1, 0)) */ \
        ROW(O, 0, XOR(I##00, D0), THETA_RHO(I, 1, 1), THETA_RHO(I, 2, 2), THETA_RHO(I, 3, 3), \
            THETA_RHO(I, 4, 4)) \
        __m256i rc_ = _mm256_set1_epi64x((long long)(rc)); \
        O##00 = XOR(O##00, rc_); \
        C0 = XOR(C0, rc_); \
        ROW(O, 1, THETA_RHO(I, 3, 0), THETA_RHO(I, 4, 1), THETA_RHO(I, 0, 2), THETA_RHO(I, 1, 3), \
            THETA_RHO(I, 2, 4)) \
        ROW(O, 2, THETA_RHO(I, 1, 0), THETA_RHO(I, 2, 1), THETA_RHO(I, 3, 2), THETA_RHO(I, 4, 3), \
            THETA_RHO(I, 0, 4)) \
        ROW(O, 3, THETA_RHO(I, 4, 0), THETA_RHO(I, 0, 1), THETA_RHO(I, 1, 2), THETA_RHO(I, 2, 3), \
            THETA_RHO(I, 3, 4)) \
        ROW(O, 4, THETA_RHO(I, 2, 0), THETA_RHO(I, 3, 1), THETA_RHO(I, 4, 2), THETA_RHO(I, 0, 3), \
            THETA_RHO(I, 1, 4)) \
    }

/* Keccak-p[1600, nr] (FIPS 202 §3.3): rounds 24 - nr .. 23; an odd nr first runs one round
 * A -> E and moves E back to A. */
static void x4_permute(void *states, unsigned nr)
{
    __m256i *s = (__m256i *)states;
    if (nr < 1 || nr > 24) return;
    /* byte shuffles rotating each 64-bit word left by 8 and by 56 bits */
    const __m256i rol8_bytes = _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14,
                                                7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14);
    const __m256i rol56_bytes = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
                                                 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
#define DECLARE(x, y) __m256i A##x##y = s[(x) + 5 * (y)], E##x##y;
    LANES(DECLARE)
#undef DECLARE
    __m256i C0 = XOR(XOR(XOR(A00, A01), XOR(A02, A03)), A04);
    __m256i C1 = XOR(XOR(XOR(A10, A11), XOR(A12, A13)), A14);
    __m256i C2 = XOR(XOR(XOR(A20, A21), XOR(A22, A23)), A24);
    __m256i C3 = XOR(XOR(XOR(A30, A31), XOR(A32, A33)), A34);
    __m256i C4 = XOR(XOR(XOR(A40, A41), XOR(A42, A43)), A44);
    const uint64_t *rc = kf_keccak_rc + 24 - nr;
    if (nr & 1) {
        ROUND(A, E, rc[0])
#define MOVE(x, y) A##x##y = E##x##y;
        LANES(MOVE)
#undef MOVE
        rc++;
    }
    for (; rc < kf_keccak_rc + 24; rc += 2) {
        ROUND(A, E, rc[0])
        ROUND(E, A, rc[1])
    }
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
};

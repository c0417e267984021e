/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_avx2_rounds.h - the rounds of avx2-x4 (four states, one ymm vector per lane) as
 * macros, shared by its permutation, its fused loops (keccak_p1600_x4_avx2.c) and its oneblock
 * operation (keccak_xn_oneblock_avx2.c), so the rounds are written once. How they work: see
 * keccak_p1600_x4_avx2.c. Include only in files compiled with -mavx2.
 *
 * The includer declares the lane sets A.. and E.. (KF_X4_LOCALS), fills A, and runs
 * KF_X4_PERMUTE_A(nr); the byte shuffles rol8_bytes and rol56_bytes (KF_X4_ROL_CONSTS) must
 * be in scope. The macro names are short (they were private to keccak_p1600_x4_avx2.c): an
 * includer must not define XOR, ROL, ROW, ROUND, LANES, ... itself.
 */
#ifndef KF_KECCAK_P1600_AVX2_ROUNDS_H
#define KF_KECCAK_P1600_AVX2_ROUNDS_H

#include "keccak/keccak_constants.h"

#include <immintrin.h>
#include <stdint.h>

extern const uint64_t kf_keccak_rc[24]; /* keccak_constants.c */

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

/* byte shuffles rotating each 64-bit word left by 8 and by 56 bits */
#define KF_X4_ROL_CONSTS \
    const __m256i rol8_bytes = _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, \
                                                7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14); \
    const __m256i rol56_bytes = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, \
                                                 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);

#define KF_X4_DECLARE(x, y) __m256i A##x##y, E##x##y;
#define KF_X4_LOCALS LANES(KF_X4_DECLARE)
#define KF_X4_MOVE_E_TO_A(x, y) A##x##y = E##x##y;

/* Keccak-p[1600, nr] (FIPS 202 §3.3) on the A set: rounds 24 - nr .. 23; an odd nr first runs
 * one round A -> E and moves E back to A. */
#define KF_X4_PERMUTE_A(nr) \
    do { \
        __m256i C0 = XOR(XOR(XOR(A00, A01), XOR(A02, A03)), A04); \
        __m256i C1 = XOR(XOR(XOR(A10, A11), XOR(A12, A13)), A14); \
        __m256i C2 = XOR(XOR(XOR(A20, A21), XOR(A22, A23)), A24); \
        __m256i C3 = XOR(XOR(XOR(A30, A31), XOR(A32, A33)), A34); \
        __m256i C4 = XOR(XOR(XOR(A40, A41), XOR(A42, A43)), A44); \
        const uint64_t *rc = kf_keccak_rc + 24 - (nr); \
        if ((nr) & 1) { \
            ROUND(A, E, rc[0]) \
            LANES(KF_X4_MOVE_E_TO_A) \
            rc++; \
        } \
        for (; rc < kf_keccak_rc + 24; rc += 2) { \
            ROUND(A, E, rc[0]) \
            ROUND(E, A, rc[1]) \
        } \
    } while (0)

#endif

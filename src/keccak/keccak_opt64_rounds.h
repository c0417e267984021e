/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_opt64_rounds.h - the unrolled scalar Keccak-p[1600, nr] rounds of opt64, as macros,
 * shared by the opt64 backends (keccak_p1600_opt64.c, compiled twice) and the scalar half of
 * the x86-64 scalar/SIMD hybrids (x86_64/keccak_p1600_x9_hybrid.c, seed 002 §4.4), so the
 * rounds are written once. How they work: see keccak_p1600_opt64.c.
 *
 * The includer declares the locals with PERMUTE_LOCALS (lane sets A.. and E.., the
 * temporaries B, C, D), fills A, and runs PERMUTE_A(nr), or PARITY(A) then ROUND(A, E, rc)
 * and ROUND(E, A, rc) pairs. The macro names are short (they were private to opt64.c):
 * an includer must not define ROUND, ROW, PARITY, LANES, ... itself.
 */
#ifndef KF_KECCAK_OPT64_ROUNDS_H
#define KF_KECCAK_OPT64_ROUNDS_H

#include <stdint.h>

#include "keccak_constants.h"

extern const uint64_t kf_keccak_rc[24];   /* keccak_constants.c */

/* Rotation left by n, 0 <= n < 64 ("& 63" keeps n = 0 defined). Always called with a constant
 * n, so compilers emit one rotate instruction (rorx with BMI2). */
static inline uint64_t rol64(uint64_t v, unsigned n)
{
    return (v << n) | (v >> ((64 - n) & 63));
}
#define ROL64(v, n) rol64((v), (n))
/* Chi's ~a & b: one andn instruction with BMI1. */
#define ANDN(a, b) (~(a) & (b))

/* Rho offsets as immediates (keccak_constants.h), so rotations need no register. */
#define RHO_(x, y) KF_RHO_##x##_##y

/* Lane (x, y) of the variable set P is P##x##y; the list is in state order x + 5y. */
#define LANES(P, OP) \
    OP(P, 0, 0) OP(P, 1, 0) OP(P, 2, 0) OP(P, 3, 0) OP(P, 4, 0) \
    OP(P, 0, 1) OP(P, 1, 1) OP(P, 2, 1) OP(P, 3, 1) OP(P, 4, 1) \
    OP(P, 0, 2) OP(P, 1, 2) OP(P, 2, 2) OP(P, 3, 2) OP(P, 4, 2) \
    OP(P, 0, 3) OP(P, 1, 3) OP(P, 2, 3) OP(P, 3, 3) OP(P, 4, 3) \
    OP(P, 0, 4) OP(P, 1, 4) OP(P, 2, 4) OP(P, 3, 4) OP(P, 4, 4)
#define DECLARE_LANE(P, x, y) uint64_t P##x##y;
#define COPY_LANE_E_TO_A(P, x, y) A##x##y = E##x##y;

/* Theta's column parities C[x] = xor over y of P[x][y] (FIPS 202 Algorithm 1, step 1). */
#define PARITY(P) \
    C0 = P##00 ^ P##01 ^ P##02 ^ P##03 ^ P##04; \
    C1 = P##10 ^ P##11 ^ P##12 ^ P##13 ^ P##14; \
    C2 = P##20 ^ P##21 ^ P##22 ^ P##23 ^ P##24; \
    C3 = P##30 ^ P##31 ^ P##32 ^ P##33 ^ P##34; \
    C4 = P##40 ^ P##41 ^ P##42 ^ P##43 ^ P##44;

/*
 * Output row (plane) Y of one round, from input set I into output set O.
 * Pi (Algorithm 3) puts input lane (x, y) at position (y, 2x + 3y); so position (X, Y) is fed
 * by input lane ((X + 3Y) mod 5, X): the five sources of row Y are (xX, X) for X = 0..4,
 * passed as x0..x4. Each source gets theta's D[x] (Algorithm 1, step 3) and its rho offset
 * (Algorithm 2), then chi (Algorithm 4) combines the row; the outputs also feed the next
 * round's parities C[X].
 */
#define ROW(I, O, Y, x0, x1, x2, x3, x4) \
    B0 = ROL64(I##x0##0 ^ D##x0, RHO_(x0, 0)); \
    B1 = ROL64(I##x1##1 ^ D##x1, RHO_(x1, 1)); \
    B2 = ROL64(I##x2##2 ^ D##x2, RHO_(x2, 2)); \
    B3 = ROL64(I##x3##3 ^ D##x3, RHO_(x3, 3)); \
    B4 = ROL64(I##x4##4 ^ D##x4, RHO_(x4, 4)); \
    O##0##Y = B0 ^ ANDN(B1, B2); C0 ^= O##0##Y; \
    O##1##Y = B1 ^ ANDN(B2, B3); C1 ^= O##1##Y; \
    O##2##Y = B2 ^ ANDN(B3, B4); C2 ^= O##2##Y; \
    O##3##Y = B3 ^ ANDN(B4, B0); C3 ^= O##3##Y; \
    O##4##Y = B4 ^ ANDN(B0, B1); C4 ^= O##4##Y;

/*
 * One round I -> O with round constant rc, given C = parities of I; leaves C = parities of
 * O. D[x] = C[x-1] ^ rot(C[x+1], 1) (Algorithm 1, step 2). Iota (Algorithm 6) xors rc into
 * lane (0, 0), which is also folded into C0 so the parities stay exact.
 */
#define ROUND(I, O, rc) \
    D0 = C4 ^ ROL64(C1, 1); \
    D1 = C0 ^ ROL64(C2, 1); \
    D2 = C1 ^ ROL64(C3, 1); \
    D3 = C2 ^ ROL64(C4, 1); \
    D4 = C3 ^ ROL64(C0, 1); \
    C0 = C1 = C2 = C3 = C4 = 0; \
    ROW(I, O, 0, 0, 1, 2, 3, 4) \
    O##00 ^= (rc); C0 ^= (rc); \
    ROW(I, O, 1, 3, 4, 0, 1, 2) \
    ROW(I, O, 2, 1, 2, 3, 4, 0) \
    ROW(I, O, 3, 4, 0, 1, 2, 3) \
    ROW(I, O, 4, 2, 3, 4, 0, 1)

/* Locals the round macros work on: the two lane sets and the temporaries. */
#define PERMUTE_LOCALS \
    LANES(A, DECLARE_LANE) \
    LANES(E, DECLARE_LANE) \
    uint64_t B0, B1, B2, B3, B4, C0, C1, C2, C3, C4, D0, D1, D2, D3, D4;

/*
 * Keccak-p[1600, nr] on the A set: rounds 24 - nr .. 23 (FIPS 202 §3.3). Two rounds per
 * iteration (A -> E -> A); an odd nr first runs one round A -> E and moves E back to A.
 */
#define PERMUTE_A(nr) \
    do { \
        const uint64_t *rcp = kf_keccak_rc + 24 - (nr); \
        PARITY(A) \
        if ((nr) & 1) { \
            ROUND(A, E, rcp[0]) \
            LANES(E, COPY_LANE_E_TO_A) \
            rcp++; \
        } \
        for (; rcp < kf_keccak_rc + 24; rcp += 2) { \
            ROUND(A, E, rcp[0]) \
            ROUND(E, A, rcp[1]) \
        } \
    } while (0)

#if defined(__FRAMAC__) && defined(KF_PROOF_PERMUTE_A)
/* Frama-C only, where a proof unit preincludes a stand-in (proofs/opt64_rounds_shim.h): the
 * rounds taken by their contract, for WP, whose loop invariant has no place inside a macro.
 * The rounds themselves are proved by Eva (unit permutation_opt64). A compiler never sees this. */
#undef PERMUTE_A
#define PERMUTE_A(nr) KF_PROOF_PERMUTE_A(nr)
#endif

#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_x1_pairs_avx2.c - one Keccak-p[1600, nr] state in xmm registers with AVX2
 * (VEX-128 and AVX2's per-element shifts vpsllvq / vpsrlvq), two lanes per register: the
 * layout, theta and pi of avx512vl-x1-pairs (keccak_x1_pairs.h and
 * keccak_p1600_x1_pairs_avx512vl.c's top comment), without AVX-512's three-input logic and rotations. Compile with
 * -mavx2; dispatch calls it only on CPUs (and OSes) with AVX2.
 *
 * Why it exists (issue 35): on AVX2-only hosts the one-state backend is the scalar opt64-bmi2,
 * whose work is all on the integer ports. On a shared core (another hyperthread, another
 * guest) those ports can be taken, and the scalar permutation is then measured 1.5-2x slower
 * for a whole process while vector code is not. This backend runs a whole permutation on the
 * vector pipes; it is not chosen automatically (rank -1: by name, KECCAKFORGE_BACKEND or
 * kf_backend_select) until a measurement on an AVX2-only host says when it should be.
 *
 * State format: plain lanes (keccak_lanes64.h), as ref and opt64, so the byte operations are
 * the shared plain-lane ones.
 *
 * Layout between rounds (column x, FIPS 202 lane (x, y)):
 *   p##x = [(x, 0), (x, 1)]    q##x = [(x, 2), (x, 3)]    r##x = [(x, 4), (x, 4)]
 * Operations a round: parity 20 (xor, vpshufd, two xors a column), D 15 (rot(C, 1) as
 * vpaddq, vpsrlq, vpor), C[x-1] ^ D[x] 5, theta's xors 15, rho 45 (two shifts and an or per
 * register; the counts per element from tables), pi 14 (vpunpck[lh]qdq), chi 30 (vpandn,
 * vpxor), iota 1: 145, against avx512vl-x1-pairs' 80. Fifteen state registers and the five
 * parities do not fit AVX2's sixteen: the compiler spills, on the load and store ports.
 */
#include "keccak/keccak_backend.h"
#include "keccak/keccak_constants.h"
#include "keccak/keccak_lanes64.h"
#include "keccak_x1_pairs.h"

#include <immintrin.h>
#include <stdint.h>

typedef __m128i v2;
#define V2_XOR(a, b)  _mm_xor_si128((a), (b))
/* a rotated left by the constant n, 1 <= n <= 63 */
#define V2_ROL(a, n)  _mm_or_si128(_mm_slli_epi64((a), (n)), _mm_srli_epi64((a), 64 - (n)))
/* a rotated left by 1: a + a is the left shift, on more pipes than vpsllq */
#define V2_ROL1(a)    _mm_or_si128(_mm_add_epi64((a), (a)), _mm_srli_epi64((a), 63))
/* a rotated left per element by the counts of row t of the tables: left count c and right
 * count 64 - c (a shift by 64 gives 0, so c = 0, lane (0, 0), is the identity) */
#define V2_ROLV(a, t) _mm_or_si128(_mm_sllv_epi64((a), PAIR_LOAD((t)[0])), _mm_srlv_epi64((a), PAIR_LOAD((t)[1])))
/* chi: s0 ^ (~s1 & s2) */
#define V2_CHI(s0, s1, s2) _mm_xor_si128((s0), _mm_andnot_si128((s1), (s2)))

/* The round constants (FIPS 202 §3.2.5) as [RC, 0]: iota is one vpxor into p0 = [(0,0), (0,1)]. */
#define A2_RC_ENTRY(v) {(v), 0},
static const _Alignas(16) uint64_t a2_rc[24][2] = {KF_RC_LIST(A2_RC_ENTRY)};

/* Rho offsets (Table 2) of the lanes of p##x and q##x: per register the left counts and the
 * right counts (64 minus them), one 16-byte row each. */
#define A2_ROT(x, y0, y1) {{KF_RHO_##x##_##y0, KF_RHO_##x##_##y1}, {64 - KF_RHO_##x##_##y0, 64 - KF_RHO_##x##_##y1}},
static const _Alignas(16) uint64_t a2_rot_p[5][2][2] = {
    A2_ROT(0, 0, 1) A2_ROT(1, 0, 1) A2_ROT(2, 0, 1) A2_ROT(3, 0, 1) A2_ROT(4, 0, 1)};
static const _Alignas(16) uint64_t a2_rot_q[5][2][2] = {
    A2_ROT(0, 2, 3) A2_ROT(1, 2, 3) A2_ROT(2, 2, 3) A2_ROT(3, 2, 3) A2_ROT(4, 2, 3)};

/* Theta step 1: the parity of column x in both elements. */
#define A2_PARITY(x) \
    v2 c##x; \
    { \
        v2 u_ = V2_XOR(p##x, q##x); \
        c##x = V2_XOR(V2_XOR(u_, r##x), PAIR_SWAP(u_)); \
    }

/* Theta steps 2 and 3, then rho, for column x: every lane ^= C[x-1] ^ rot(C[x+1], 1). */
#define A2_THETA_RHO(x, xm1, xp1) \
    { \
        v2 e_ = V2_XOR(c##xm1, V2_ROL1(c##xp1)); \
        p##x = V2_ROLV(V2_XOR(p##x, e_), a2_rot_p[x]); \
        q##x = V2_ROLV(V2_XOR(q##x, e_), a2_rot_q[x]); \
        r##x = V2_ROL(V2_XOR(r##x, e_), KF_RHO_##x##_4); \
    }

/* Chi (Algorithm 4) on the five registers s0..s4 of one pair of output rows (or of row 4). */
#define A2_CHI(o, s) \
    o##0 = V2_CHI(s##0, s##1, s##2); \
    o##1 = V2_CHI(s##1, s##2, s##3); \
    o##2 = V2_CHI(s##2, s##3, s##4); \
    o##3 = V2_CHI(s##3, s##4, s##0); \
    o##4 = V2_CHI(s##4, s##0, s##1);

/* The round with constant *rc on p0..r4 in place (PAIR_PI: output column X is input row X). */
#define PAIR_ROUND(rc) \
    { \
        A2_PARITY(0) A2_PARITY(1) A2_PARITY(2) A2_PARITY(3) A2_PARITY(4) \
        A2_THETA_RHO(0, 4, 1) A2_THETA_RHO(1, 0, 2) A2_THETA_RHO(2, 1, 3) A2_THETA_RHO(3, 2, 4) \
        A2_THETA_RHO(4, 3, 0) \
        PAIR_PI(pp, qq, rr) \
        A2_CHI(p, pp) A2_CHI(q, qq) A2_CHI(r, rr) \
        p0 = V2_XOR(p0, PAIR_LOAD(rc)); \
    }

KF_PAIRS_DEFINE(a2, a2_rc)

const kf_backend kf_backend_x1_pairs_avx2 = {
    .name = "avx2-x1-pairs",
    .requires = KF_CPU_AVX2,
    .rank = -1, /* by name only (see the top of the file) */
    .init = kf_lanes64_init,
    .add_bytes = kf_lanes64_add_bytes,
    .overwrite_bytes = kf_lanes64_overwrite_bytes,
    .extract_bytes = kf_lanes64_extract_bytes,
    .permute = a2_permute,
    .absorb_blocks = a2_absorb_blocks,
    .oneblock = a2_oneblock,
};

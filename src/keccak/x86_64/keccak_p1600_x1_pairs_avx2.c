/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_x1_pairs_avx2.c - one Keccak-p[1600, nr] state in xmm registers with AVX2
 * (VEX-128 and AVX2's per-element shifts vpsllvq / vpsrlvq), two lanes per register: the
 * layout, theta and pi of avx512vl-x1-pairs (keccak_p1600_x1_pairs_avx512vl.c, whose top
 * comment explains them), without AVX-512's three-input logic and rotations. Compile with
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

#include <immintrin.h>
#include <stdint.h>

typedef __m128i v2;
#define V2_XOR(a, b)  _mm_xor_si128((a), (b))
#define V2_LOAD(t)    _mm_load_si128((const __m128i *)(t))
#define V2_SWAP(a)    _mm_shuffle_epi32((a), 0x4E) /* the two 64-bit elements exchanged */
#define V2_LO(a, b)   _mm_unpacklo_epi64((a), (b)) /* [a[0], b[0]] */
#define V2_HI(a, b)   _mm_unpackhi_epi64((a), (b)) /* [a[1], b[1]] */
/* a rotated left by the constant n, 1 <= n <= 63 */
#define V2_ROL(a, n)  _mm_or_si128(_mm_slli_epi64((a), (n)), _mm_srli_epi64((a), 64 - (n)))
/* a rotated left by 1: a + a is the left shift, on more pipes than vpsllq */
#define V2_ROL1(a)    _mm_or_si128(_mm_add_epi64((a), (a)), _mm_srli_epi64((a), 63))
/* a rotated left per element by the counts of row t of the tables: left count c and right
 * count 64 - c (a shift by 64 gives 0, so c = 0, lane (0, 0), is the identity) */
#define V2_ROLV(a, t) _mm_or_si128(_mm_sllv_epi64((a), V2_LOAD((t)[0])), _mm_srlv_epi64((a), V2_LOAD((t)[1])))
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
        c##x = V2_XOR(V2_XOR(u_, r##x), V2_SWAP(u_)); \
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

/* The round with constant *rc on p0..r4 in place. Pi as in avx512vl-x1-pairs: output column X
 * is input row X. */
#define A2_ROUND(rc) \
    { \
        A2_PARITY(0) A2_PARITY(1) A2_PARITY(2) A2_PARITY(3) A2_PARITY(4) \
        A2_THETA_RHO(0, 4, 1) A2_THETA_RHO(1, 0, 2) A2_THETA_RHO(2, 1, 3) A2_THETA_RHO(3, 2, 4) \
        A2_THETA_RHO(4, 3, 0) \
        v2 pp0 = V2_LO(p0, p3), qq0 = V2_LO(p1, p4), rr0 = V2_LO(p2, p2); \
        v2 pp1 = V2_HI(p1, p4), qq1 = V2_HI(p2, p0), rr1 = V2_HI(p3, p3); \
        v2 pp2 = V2_LO(q2, q0), qq2 = V2_LO(q3, q1), rr2 = V2_LO(q4, q4); \
        v2 pp3 = V2_HI(q3, q1), qq3 = V2_HI(q4, q2), rr3 = V2_HI(q0, q0); \
        v2 pp4 = V2_LO(r4, r2), qq4 = V2_LO(r0, r3), rr4 = r1; \
        A2_CHI(p, pp) A2_CHI(q, qq) A2_CHI(r, rr) \
        p0 = V2_XOR(p0, V2_LOAD(rc)); \
    }

/* Column x of the state in memory into / out of p##x, q##x, r##x. */
#define A2_LANE(x, y) ((const __m128i *)(st + 8 * ((x) + 5 * (y))))
#define A2_LOAD_COLUMN(x) \
    v2 p##x = V2_LO(_mm_loadl_epi64(A2_LANE(x, 0)), _mm_loadl_epi64(A2_LANE(x, 1))); \
    v2 q##x = V2_LO(_mm_loadl_epi64(A2_LANE(x, 2)), _mm_loadl_epi64(A2_LANE(x, 3))); \
    v2 r##x = _mm_set1_epi64x((long long)kf_lanes64_get(st, (x) + 20));
#define A2_STORE_LANE(v, x, y) _mm_storel_epi64((__m128i *)(st + 8 * ((x) + 5 * (y))), v)
#define A2_STORE_HIGH(v, x, y) _mm_storeh_pd((double *)(st + 8 * ((x) + 5 * (y))), _mm_castsi128_pd(v))
#define A2_STORE_COLUMN(x) \
    A2_STORE_LANE(p##x, x, 0); A2_STORE_HIGH(p##x, x, 1); \
    A2_STORE_LANE(q##x, x, 2); A2_STORE_HIGH(q##x, x, 3); \
    A2_STORE_LANE(r##x, x, 4);
#define A2_LOAD_STATE A2_LOAD_COLUMN(0) A2_LOAD_COLUMN(1) A2_LOAD_COLUMN(2) A2_LOAD_COLUMN(3) A2_LOAD_COLUMN(4)
#define A2_STORE_STATE A2_STORE_COLUMN(0) A2_STORE_COLUMN(1) A2_STORE_COLUMN(2) A2_STORE_COLUMN(3) A2_STORE_COLUMN(4)

/* Rounds 24 - nr .. 23 (FIPS 202 §3.3), one round per loop turn. */
#define A2_PERMUTE(nr) \
    for (const uint64_t(*rc)[2] = a2_rc + 24 - (nr); rc < a2_rc + 24; rc++) A2_ROUND(*rc)

static void a2_permute(void *state, unsigned nr)
{
    uint8_t *st = (uint8_t *)state;
    if (nr < 1 || nr > 24) return;
    A2_LOAD_STATE
    A2_PERMUTE(nr);
    A2_STORE_STATE
}

/* Lanes i0 and i1 (i0 < i1) of a block of nl lanes, as a pair [lane i0, lane i1]; a lane at
 * or past nl reads as 0 and is not loaded (never a byte past the block). */
static inline __m128i a2_block_lanes(const uint8_t *in, unsigned i0, unsigned i1, unsigned nl)
{
    if (i1 < nl)
        return V2_LO(_mm_loadl_epi64((const __m128i *)(in + 8 * i0)), _mm_loadl_epi64((const __m128i *)(in + 8 * i1)));
    if (i0 < nl) return _mm_loadl_epi64((const __m128i *)(in + 8 * i0));
    return _mm_setzero_si128();
}

/* Block lanes of column x into p##x, q##x, r##x (lane x + 5y into row y). */
#define A2_XOR_IN(x) \
    p##x = V2_XOR(p##x, a2_block_lanes(in, (x), (x) + 5, nl)); \
    q##x = V2_XOR(q##x, a2_block_lanes(in, (x) + 10, (x) + 15, nl)); \
    if ((x) + 20 < nl) r##x = V2_XOR(r##x, _mm_set1_epi64x((long long)kf_load64_le(in + 8 * ((x) + 20))));

/* Fused absorb: the state stays in registers across all blocks and is stored once. */
static size_t a2_absorb_blocks(void *state, unsigned nr, size_t rate, const uint8_t *in, size_t len)
{
    uint8_t *st = (uint8_t *)state;
    size_t done = 0;
    const unsigned nl = (unsigned)(rate / 8);
    if (nr < 1 || nr > 24 || rate == 0 || rate > KF_STATE_BYTES || rate % 8 != 0 || len < rate)
        return 0;
    A2_LOAD_STATE
    for (; len - done >= rate; done += rate, in += rate) {
        A2_XOR_IN(0) A2_XOR_IN(1) A2_XOR_IN(2) A2_XOR_IN(3) A2_XOR_IN(4)
        A2_PERMUTE(nr);
    }
    A2_STORE_STATE
    return done;
}

KF_LANES64_DEFINE_ONEBLOCK(a2_oneblock, a2_permute)

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

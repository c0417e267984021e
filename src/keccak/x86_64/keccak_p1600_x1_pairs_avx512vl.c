/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_x1_pairs_avx512vl.c - one Keccak-p[1600, nr] state with AVX-512VL on xmm
 * registers, two lanes per register. Compile with -mavx512f -mavx512vl; dispatch calls it
 * only on CPUs (and OSes) with AVX-512F and AVX-512VL.
 *
 * State format: plain lanes (keccak_lanes64.h), as ref, opt64 and avx512vl-x1, so the byte
 * operations are the shared plain-lane ones.
 *
 * Why pairs. avx512vl-x1 keeps one lane per register: 95 operations a round, 29 of them
 * rotations. On Zen 4 rotations (vprolq, vprolvq) issue on two of the four vector pipes, and
 * a mix of rotations with logic operations issues at about 3.2-3.5 a cycle instead of 4; the
 * in-lane shuffles (vpunpck[lh]qdq, vpshufd) issue beside the rotations at full rate. Here a
 * register holds two lanes of one column, so theta's D, rho (vprolvq with a rotation per
 * element) and chi each cost one operation per two lanes, and pi becomes 14 in-lane shuffles
 * that pair the lanes anew: 80 operations a round, 20 of them rotations.
 *
 * Layout between rounds (column x, FIPS 202 lane (x, y)):
 *   p##x = [(x, 0), (x, 1)]    q##x = [(x, 2), (x, 3)]    r##x = [(x, 4), (x, 4)]
 * Row 4 sits in both elements of r##x, so theta's column parity needs no mask:
 *   C[x] = u ^ swap(u) ^ r##x with u = p##x ^ q##x     (both elements, one vpshufd)
 * and C[x], D[x] come out in both elements, as the xors into the pairs need them.
 *
 * Theta adds D[x] = C[x-1] ^ rot(C[x+1], 1) as one vpternlogq per register, a ^ C[x-1] ^
 * rot(C[x+1], 1), with the rotation (computed last) in the overwritten operand; the two-step
 * D of avx512vl-x1 puts one more operation on the chain from one round to the next, and
 * that chain, not the operation count, is what a single state waits on.
 *
 * Pi (Algorithm 3): output (X, Y) is input ((X + 3Y) mod 5, X), so output column X is input
 * row X. Rows 0 and 1 are the two elements of p##x, rows 2 and 3 those of q##x, so
 *   p'X = [(X, X), (X+3, X)]   q'X = [(X+1, X), (X+4, X)]   r'X = (X+2, X) in both elements
 * is one vpunpck[lh]qdq of two input registers each (r'4 = r1 is a renaming).
 *
 * Figures (and the variants tried: iota before chi is wrong, chi is not linear in b00;
 * column parities as register pairs; one, two, four or twelve rounds per loop turn):
 * docs/BENCHMARK_HISTORY.md, "avx512vl-x1-pairs".
 */
#include "keccak/keccak_backend.h"
#include "keccak/keccak_constants.h"
#include "keccak/keccak_lanes64.h"

#include <immintrin.h>
#include <stdint.h>

/* The MemorySanitizer variant of KF_TERN and the truth tables: keccak_p1600_avx512_rounds.h
 * (only its operation macros are used here, not its rounds). */
typedef __m128i kf_v;
#define KF_TERN(a, b, c, k) _mm_ternarylogic_epi64((a), (b), (c), (k))
#define KF_XOR(a, b)        _mm_xor_si128((a), (b))
#define KF_ROL(a, n)        _mm_rol_epi64((a), (n))
#include "keccak_p1600_avx512_rounds.h"

/* Rotation by a count per element (rho on a pair). Under MemorySanitizer, as two variable
 * shifts, which it propagates element by element (counts are 1..63 or 0: a shift by 64 is 0). */
#ifdef KF_HAVE_MSAN
#define PAIR_ROLV(a, t) \
    _mm_or_si128(_mm_sllv_epi64((a), PAIR_LOAD(t)), \
                 _mm_srlv_epi64((a), _mm_sub_epi64(_mm_set1_epi64x(64), PAIR_LOAD(t))))
#else
#define PAIR_ROLV(a, t) _mm_rolv_epi64((a), PAIR_LOAD(t))
#endif
#define PAIR_LOAD(t) _mm_load_si128((const __m128i *)(t))
#define PAIR_SWAP(a) _mm_shuffle_epi32((a), 0x4E) /* the two 64-bit elements exchanged */
#define PAIR_LO(a, b) _mm_unpacklo_epi64((a), (b))  /* [a[0], b[0]] */
#define PAIR_HI(a, b) _mm_unpackhi_epi64((a), (b))  /* [a[1], b[1]] */

/* The round constants (FIPS 202 §3.2.5) as [RC, 0]: iota is one vpxor into p0 = [(0,0), (0,1)]. */
#define PAIR_RC_ENTRY(v) {(v), 0},
static const _Alignas(16) uint64_t pair_rc[24][2] = {KF_RC_LIST(PAIR_RC_ENTRY)};

/* Rho offsets (Table 2) of the lanes of p##x and q##x, one 16-byte row per register. */
#define PAIR_ROT_P(x) {KF_RHO_##x##_0, KF_RHO_##x##_1},
#define PAIR_ROT_Q(x) {KF_RHO_##x##_2, KF_RHO_##x##_3},
static const _Alignas(16) uint64_t pair_rot_p[5][2] = {
    PAIR_ROT_P(0) PAIR_ROT_P(1) PAIR_ROT_P(2) PAIR_ROT_P(3) PAIR_ROT_P(4)};
static const _Alignas(16) uint64_t pair_rot_q[5][2] = {
    PAIR_ROT_Q(0) PAIR_ROT_Q(1) PAIR_ROT_Q(2) PAIR_ROT_Q(3) PAIR_ROT_Q(4)};

/* Theta step 1: the parity of column x in both elements (the vpshufd result, computed last,
 * in the overwritten operand). */
#define PAIR_PARITY(x) \
    kf_v c##x = KF_TERN(PAIR_SWAP(KF_XOR(p##x, q##x)), KF_XOR(p##x, q##x), r##x, KF_TT_XOR3);

/* Theta steps 2 and 3, then rho, for column x: every lane ^= C[x-1] ^ rot(C[x+1], 1), with
 * d##x = rot(C[x+1], 1). The five rotations come first in program order: with them after
 * each other rather than spread over the columns, the permutation is about 3% faster (the
 * core issues the oldest ready operation first, and these are on the path to the next round). */
#define PAIR_THETA_RHO(x, xm1) \
    p##x = PAIR_ROLV(KF_TERN(d##x, p##x, c##xm1, KF_TT_XOR3), pair_rot_p[x]); \
    q##x = PAIR_ROLV(KF_TERN(d##x, q##x, c##xm1, KF_TT_XOR3), pair_rot_q[x]); \
    r##x = KF_ROL(KF_TERN(d##x, r##x, c##xm1, KF_TT_XOR3), KF_RHO_##x##_4);

/* Chi (Algorithm 4) on the five registers s0..s4 of one pair of output rows (or of row 4):
 * out x = s_x ^ (~s_{x+1} & s_{x+2}), element-wise. */
#define PAIR_CHI(o, s) \
    o##0 = KF_TERN(s##2, s##0, s##1, KF_TT_CHI_CAB); \
    o##1 = KF_TERN(s##3, s##1, s##2, KF_TT_CHI_CAB); \
    o##2 = KF_TERN(s##4, s##2, s##3, KF_TT_CHI_CAB); \
    o##3 = KF_TERN(s##0, s##3, s##4, KF_TT_CHI_CAB); \
    o##4 = KF_TERN(s##1, s##4, s##0, KF_TT_CHI_CAB);

/* The round with constant *rc on p0..r4 in place. */
#define PAIR_ROUND(rc) \
    { \
        PAIR_PARITY(0) PAIR_PARITY(1) PAIR_PARITY(2) PAIR_PARITY(3) PAIR_PARITY(4) \
        kf_v d0 = KF_ROL(c1, 1), d1 = KF_ROL(c2, 1), d2 = KF_ROL(c3, 1), d3 = KF_ROL(c4, 1); \
        kf_v d4 = KF_ROL(c0, 1); \
        PAIR_THETA_RHO(0, 4) PAIR_THETA_RHO(1, 0) PAIR_THETA_RHO(2, 1) PAIR_THETA_RHO(3, 2) \
        PAIR_THETA_RHO(4, 3) \
        /* pi: output column X from input row X (see the top of the file) */ \
        kf_v pp0 = PAIR_LO(p0, p3), qq0 = PAIR_LO(p1, p4), rr0 = PAIR_LO(p2, p2); \
        kf_v pp1 = PAIR_HI(p1, p4), qq1 = PAIR_HI(p2, p0), rr1 = PAIR_HI(p3, p3); \
        kf_v pp2 = PAIR_LO(q2, q0), qq2 = PAIR_LO(q3, q1), rr2 = PAIR_LO(q4, q4); \
        kf_v pp3 = PAIR_HI(q3, q1), qq3 = PAIR_HI(q4, q2), rr3 = PAIR_HI(q0, q0); \
        kf_v pp4 = PAIR_LO(r4, r2), qq4 = PAIR_LO(r0, r3), rr4 = r1; \
        PAIR_CHI(p, pp) PAIR_CHI(q, qq) PAIR_CHI(r, rr) \
        /* iota (Algorithm 6) on lane (0, 0) */ \
        p0 = KF_XOR(p0, PAIR_LOAD(rc)); \
    }

/* Column x of the state in memory into / out of p##x, q##x, r##x. */
#define PAIR_LANE(x, y) ((const __m128i *)(st + 8 * ((x) + 5 * (y))))
#define PAIR_LOAD_COLUMN(x) \
    kf_v p##x = PAIR_LO(_mm_loadl_epi64(PAIR_LANE(x, 0)), _mm_loadl_epi64(PAIR_LANE(x, 1))); \
    kf_v q##x = PAIR_LO(_mm_loadl_epi64(PAIR_LANE(x, 2)), _mm_loadl_epi64(PAIR_LANE(x, 3))); \
    kf_v r##x = _mm_set1_epi64x((long long)kf_lanes64_get(st, (x) + 20));
#define PAIR_STORE_LANE(v, x, y) _mm_storel_epi64((__m128i *)(st + 8 * ((x) + 5 * (y))), v)
#define PAIR_STORE_HIGH(v, x, y) _mm_storeh_pd((double *)(st + 8 * ((x) + 5 * (y))), _mm_castsi128_pd(v))
#define PAIR_STORE_COLUMN(x) \
    PAIR_STORE_LANE(p##x, x, 0); PAIR_STORE_HIGH(p##x, x, 1); \
    PAIR_STORE_LANE(q##x, x, 2); PAIR_STORE_HIGH(q##x, x, 3); \
    PAIR_STORE_LANE(r##x, x, 4);
#define PAIR_LOAD_STATE PAIR_LOAD_COLUMN(0) PAIR_LOAD_COLUMN(1) PAIR_LOAD_COLUMN(2) PAIR_LOAD_COLUMN(3) PAIR_LOAD_COLUMN(4)
#define PAIR_STORE_STATE PAIR_STORE_COLUMN(0) PAIR_STORE_COLUMN(1) PAIR_STORE_COLUMN(2) PAIR_STORE_COLUMN(3) PAIR_STORE_COLUMN(4)

/* Rounds 24 - nr .. 23 (FIPS 202 §3.3), one round per loop turn: as fast as two or more per
 * turn here, and 1.4 KB of code instead of avx512vl-x1's 12 KB (docs/BENCHMARK_HISTORY.md). */
#define PAIR_PERMUTE(nr) \
    for (const uint64_t(*rc)[2] = pair_rc + 24 - (nr); rc < pair_rc + 24; rc++) PAIR_ROUND(*rc)

static void pairs_permute(void *state, unsigned nr)
{
    uint8_t *st = (uint8_t *)state;
    if (nr < 1 || nr > 24) return;
    PAIR_LOAD_STATE
    PAIR_PERMUTE(nr);
    PAIR_STORE_STATE
}

/* Lanes i0 and i1 (i0 < i1) of a block of nl lanes, as a pair [lane i0, lane i1]; a lane at
 * or past nl reads as 0 and is not loaded (never a byte past the block). nl is fixed for a
 * call, so the branches go the same way every block. */
static inline __m128i pair_block_lanes(const uint8_t *in, unsigned i0, unsigned i1, unsigned nl)
{
    if (i1 < nl)
        return PAIR_LO(_mm_loadl_epi64((const __m128i *)(in + 8 * i0)),
                       _mm_loadl_epi64((const __m128i *)(in + 8 * i1)));
    if (i0 < nl) return _mm_loadl_epi64((const __m128i *)(in + 8 * i0));
    return _mm_setzero_si128();
}

/* Block lanes of column x into p##x, q##x, r##x (lane x + 5y into row y). */
#define PAIR_XOR_IN(x) \
    p##x = KF_XOR(p##x, pair_block_lanes(in, (x), (x) + 5, nl)); \
    q##x = KF_XOR(q##x, pair_block_lanes(in, (x) + 10, (x) + 15, nl)); \
    if ((x) + 20 < nl) r##x = KF_XOR(r##x, _mm_set1_epi64x((long long)kf_load64_le(in + 8 * ((x) + 20))));

/* Fused absorb: the state stays in registers across all blocks and is stored once. */
static size_t pairs_absorb_blocks(void *state, unsigned nr, size_t rate, const uint8_t *in, size_t len)
{
    uint8_t *st = (uint8_t *)state;
    size_t done = 0;
    const unsigned nl = (unsigned)(rate / 8);
    if (nr < 1 || nr > 24 || rate == 0 || rate > KF_STATE_BYTES || rate % 8 != 0 || len < rate)
        return 0;
    PAIR_LOAD_STATE
    for (; len - done >= rate; done += rate, in += rate) {
        PAIR_XOR_IN(0) PAIR_XOR_IN(1) PAIR_XOR_IN(2) PAIR_XOR_IN(3) PAIR_XOR_IN(4)
        PAIR_PERMUTE(nr);
    }
    PAIR_STORE_STATE
    return done;
}

KF_LANES64_DEFINE_ONEBLOCK(pairs_oneblock, pairs_permute)

const kf_backend kf_backend_x1_pairs_avx512vl = {
    .name = "avx512vl-x1-pairs",
    .requires = KF_CPU_AVX512F | KF_CPU_AVX512VL,
    .rank = 31, /* above avx512vl-x1: 1.11x per permutation, 1.135x in SHAKE128's block loop (Zen 4) */
    .init = kf_lanes64_init,
    .add_bytes = kf_lanes64_add_bytes,
    .overwrite_bytes = kf_lanes64_overwrite_bytes,
    .extract_bytes = kf_lanes64_extract_bytes,
    .permute = pairs_permute,
    .absorb_blocks = pairs_absorb_blocks,
    .oneblock = pairs_oneblock,
};

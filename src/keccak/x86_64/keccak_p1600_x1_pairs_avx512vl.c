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
 * Pi (Algorithm 3) is 14 in-lane unpacks: keccak_x1_pairs.h, shared with avx2-x1-pairs.
 *
 * Figures (and the variants tried: iota before chi is wrong, chi is not linear in b00;
 * column parities as register pairs; one, two, four or twelve rounds per loop turn):
 * docs/BENCHMARK_HISTORY.md, "avx512vl-x1-pairs".
 */
#include "keccak/keccak_backend.h"
#include "keccak/keccak_constants.h"
#include "keccak/keccak_lanes64.h"
#include "keccak_x1_pairs.h"

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
        PAIR_PI(pp, qq, rr) /* output column X from input row X */ \
        PAIR_CHI(p, pp) PAIR_CHI(q, qq) PAIR_CHI(r, rr) \
        /* iota (Algorithm 6) on lane (0, 0) */ \
        p0 = KF_XOR(p0, PAIR_LOAD(rc)); \
    }

KF_PAIRS_DEFINE(pairs, pair_rc)

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

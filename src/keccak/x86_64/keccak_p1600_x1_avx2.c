/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_x1_avx2.c - one Keccak-p[1600, nr] state in ymm registers with AVX2: rows 0-3
 * of a column in one register, row 4 broadcast in another. Compile with -mavx2; dispatch calls
 * it only on CPUs (and OSes) with AVX2.
 *
 * Why it exists (issue 35): on AVX2-only hosts the one-state backend is the scalar opt64-bmi2,
 * whose work is all on the integer ports. On a shared core (another hyperthread, another
 * guest) those ports can be taken, and the scalar permutation is then measured 1.5-2x slower
 * for a whole process while vector code is not. This backend runs a whole permutation on the
 * vector pipes; it is not chosen automatically (rank -1: by name, KECCAKFORGE_BACKEND or
 * kf_backend_select) until a measurement on an AVX2-only host says when it should be.
 *
 * Layout between rounds (column x, FIPS 202 lane (x, y)):
 *   c##x = [(x, 0), (x, 1), (x, 2), (x, 3)]        r##x = [(x, 4)] in all four elements
 * Theta: the parity of column x in all four elements is u ^ r##x ^ swap64(u) with
 * u = c##x ^ swap128(c##x) (vpermq, vpxor, vpshufd, two vpxor), D[x] = C[x-1] ^ rot(C[x+1], 1)
 * (vpaddq, vpsrlq, vpor, vpxor) into c##x and r##x (two vpxor): 11 a column. Rho: vpsllvq,
 * vpsrlvq, vpor on c##x with counts per element from tables, the same with constant counts on
 * r##x: 6 a column. Pi: output (X, Y) is input ((X + 3Y) mod 5, X), so output column X is input
 * row X: for X = 0..3 the four lanes are element X mod 2 of the 128-bit halves of four input
 * registers, two vpunpck[lh]qdq and one vperm2i128; for X = 4 two vpunpcklqdq of the r's and
 * a vpblendd; the new r##X = lane (X + 2, X) broadcast by one vpermq (r'4 = r1 renamed): 19.
 * Chi: vpandn, vpxor per register, 20. Iota: one vpxor. 126 operations a round; avx512vl-x1-pairs'
 * layout (two lanes per xmm register) with AVX2's operations takes 145 and was 1.13-1.20x
 * slower here (docs/BENCHMARK_HISTORY.md, "avx2-x1").
 *
 * State format: plain lanes (keccak_lanes64.h), as ref and opt64, so the byte operations are
 * the shared plain-lane ones.
 */
#include "keccak/keccak_backend.h"
#include "keccak/keccak_constants.h"
#include "keccak/keccak_lanes64.h"

#include <immintrin.h>
#include <stdint.h>

typedef __m256i v4;
#define V4_XOR(a, b) _mm256_xor_si256((a), (b))
#define V4_LOAD(t) _mm256_load_si256((const __m256i *)(t))
/* a rotated left by the constant n, 1 <= n <= 63 */
#define V4_ROL(a, n) _mm256_or_si256(_mm256_slli_epi64((a), (n)), _mm256_srli_epi64((a), 64 - (n)))
/* a rotated left by 1: a + a is the left shift, on more pipes than vpsllq */
#define V4_ROL1(a) _mm256_or_si256(_mm256_add_epi64((a), (a)), _mm256_srli_epi64((a), 63))
/* a rotated left per element by the counts of row t of the tables: left counts, then right
 * counts 64 - c (a shift by 64 gives 0, so c = 0, lane (0, 0), is the identity) */
#define V4_ROLV(a, t) \
    _mm256_or_si256(_mm256_sllv_epi64((a), V4_LOAD((t)[0])), _mm256_srlv_epi64((a), V4_LOAD((t)[1])))
#define V4_CHI(s0, s1, s2) _mm256_xor_si256((s0), _mm256_andnot_si256((s1), (s2)))

/* The round constants (FIPS 202 §3.2.5) as [RC, 0, 0, 0]: iota is one vpxor into c0. */
#define Y1_RC_ENTRY(v) {(v), 0, 0, 0},
static const _Alignas(32) uint64_t ymm_rc[24][4] = {KF_RC_LIST(Y1_RC_ENTRY)};

/* Rho offsets (Table 2) of rows 0-3 of column x: left counts, right counts. */
#define Y1_ROT(x) \
    {{KF_RHO_##x##_0, KF_RHO_##x##_1, KF_RHO_##x##_2, KF_RHO_##x##_3}, \
     {64 - KF_RHO_##x##_0, 64 - KF_RHO_##x##_1, 64 - KF_RHO_##x##_2, 64 - KF_RHO_##x##_3}},
static const _Alignas(32) uint64_t ymm_rot[5][2][4] = {Y1_ROT(0) Y1_ROT(1) Y1_ROT(2) Y1_ROT(3) Y1_ROT(4)};

/* Theta step 1: the parity of column x in all four elements. */
#define Y1_PARITY(x) \
    v4 p##x; \
    { \
        v4 u_ = V4_XOR(c##x, _mm256_permute4x64_epi64(c##x, 0x4E)); \
        p##x = V4_XOR(V4_XOR(u_, r##x), _mm256_shuffle_epi32(u_, 0x4E)); \
    }

/* Theta steps 2 and 3, then rho, for column x. */
#define Y1_THETA_RHO(x, xm1, xp1) \
    { \
        v4 e_ = V4_XOR(p##xm1, V4_ROL1(p##xp1)); \
        c##x = V4_ROLV(V4_XOR(c##x, e_), ymm_rot[x]); \
        r##x = V4_ROL(V4_XOR(r##x, e_), KF_RHO_##x##_4); \
    }

#define Y1_CHI(o, s) \
    o##0 = V4_CHI(s##0, s##1, s##2); \
    o##1 = V4_CHI(s##1, s##2, s##3); \
    o##2 = V4_CHI(s##2, s##3, s##4); \
    o##3 = V4_CHI(s##3, s##4, s##0); \
    o##4 = V4_CHI(s##4, s##0, s##1);

#define Y1_LO(a, b) _mm256_unpacklo_epi64((a), (b)) /* [a0, b0 | a2, b2] */
#define Y1_HI(a, b) _mm256_unpackhi_epi64((a), (b)) /* [a1, b1 | a3, b3] */
/* [a's low half | b's low half] (0x20), [a's high half | b's high half] (0x31) */
#define Y1_HALVES(a, b, sel) _mm256_permute2x128_si256((a), (b), (sel))

/* The round with constant *rc on c0..r4 in place. */
#define Y1_ROUND(rc) \
    { \
        Y1_PARITY(0) Y1_PARITY(1) Y1_PARITY(2) Y1_PARITY(3) Y1_PARITY(4) \
        Y1_THETA_RHO(0, 4, 1) Y1_THETA_RHO(1, 0, 2) Y1_THETA_RHO(2, 1, 3) Y1_THETA_RHO(3, 2, 4) \
        Y1_THETA_RHO(4, 3, 0) \
        /* pi: output column X, rows 0-3 = input lanes (X + 3y, X), y = 0..3 */ \
        v4 n0 = Y1_HALVES(Y1_LO(c0, c3), Y1_LO(c1, c4), 0x20); \
        v4 n1 = Y1_HALVES(Y1_HI(c1, c4), Y1_HI(c2, c0), 0x20); \
        v4 n2 = Y1_HALVES(Y1_LO(c2, c0), Y1_LO(c3, c1), 0x31); \
        v4 n3 = Y1_HALVES(Y1_HI(c3, c1), Y1_HI(c4, c2), 0x31); \
        v4 n4 = _mm256_blend_epi32(Y1_LO(r4, r2), Y1_LO(r0, r3), 0xF0); \
        /* row 4 of output column X = input lane (X + 2, X) */ \
        v4 m0 = _mm256_permute4x64_epi64(c2, 0x00), m1 = _mm256_permute4x64_epi64(c3, 0x55); \
        v4 m2 = _mm256_permute4x64_epi64(c4, 0xAA), m3 = _mm256_permute4x64_epi64(c0, 0xFF), m4 = r1; \
        Y1_CHI(c, n) Y1_CHI(r, m) \
        c0 = V4_XOR(c0, V4_LOAD(rc)); \
    }

#define Y1_PERMUTE(nr) \
    for (const uint64_t(*rc)[4] = ymm_rc + 24 - (nr); rc < ymm_rc + 24; rc++) Y1_ROUND(*rc)

/* Column x of the state in memory into / out of c##x, r##x. */
#define Y1_LANE(x, y) kf_lanes64_get(st, (unsigned)((x) + 5 * (y)))
#define Y1_LOAD_COLUMN(x) \
    v4 c##x = _mm256_set_epi64x((long long)Y1_LANE(x, 3), (long long)Y1_LANE(x, 2), (long long)Y1_LANE(x, 1), \
                                (long long)Y1_LANE(x, 0)); \
    v4 r##x = _mm256_set1_epi64x((long long)Y1_LANE(x, 4));
#define Y1_STORE_COLUMN(x) \
    { \
        __m128i lo_ = _mm256_castsi256_si128(c##x), hi_ = _mm256_extracti128_si256(c##x, 1); \
        _mm_storel_epi64((__m128i *)(st + 8 * (x)), lo_); \
        _mm_storeh_pd((double *)(st + 8 * ((x) + 5)), _mm_castsi128_pd(lo_)); \
        _mm_storel_epi64((__m128i *)(st + 8 * ((x) + 10)), hi_); \
        _mm_storeh_pd((double *)(st + 8 * ((x) + 15)), _mm_castsi128_pd(hi_)); \
        _mm_storel_epi64((__m128i *)(st + 8 * ((x) + 20)), _mm256_castsi256_si128(r##x)); \
    }
#define Y1_LOAD_STATE Y1_LOAD_COLUMN(0) Y1_LOAD_COLUMN(1) Y1_LOAD_COLUMN(2) Y1_LOAD_COLUMN(3) Y1_LOAD_COLUMN(4)
#define Y1_STORE_STATE Y1_STORE_COLUMN(0) Y1_STORE_COLUMN(1) Y1_STORE_COLUMN(2) Y1_STORE_COLUMN(3) Y1_STORE_COLUMN(4)

static void ymm_permute(void *state, unsigned nr)
{
    uint8_t *st = (uint8_t *)state;
    if (nr < 1 || nr > 24) return;
    Y1_LOAD_STATE
    Y1_PERMUTE(nr);
    Y1_STORE_STATE
}

/* Lane i of a block of nl lanes, or 0 past it (never a byte past the block). */
static inline long long ymm_block_lane(const uint8_t *in, unsigned i, unsigned nl)
{
    return i < nl ? (long long)kf_load64_le(in + 8 * i) : 0;
}

/* Block lanes of column x into c##x, r##x (lane x + 5y into row y). */
#define Y1_XOR_IN(x) \
    c##x = V4_XOR(c##x, _mm256_set_epi64x(ymm_block_lane(in, (x) + 15, nl), ymm_block_lane(in, (x) + 10, nl), \
                                          ymm_block_lane(in, (x) + 5, nl), ymm_block_lane(in, (x), nl))); \
    if ((x) + 20 < nl) r##x = V4_XOR(r##x, _mm256_set1_epi64x((long long)kf_load64_le(in + 8 * ((x) + 20))));

/* Fused absorb: the state stays in registers across all blocks and is stored once. */
static size_t ymm_absorb_blocks(void *state, unsigned nr, size_t rate, const uint8_t *in, size_t len)
{
    uint8_t *st = (uint8_t *)state;
    size_t done = 0;
    const unsigned nl = (unsigned)(rate / 8);
    if (nr < 1 || nr > 24 || rate == 0 || rate > KF_STATE_BYTES || rate % 8 != 0 || len < rate)
        return 0;
    Y1_LOAD_STATE
    for (; len - done >= rate; done += rate, in += rate) {
        Y1_XOR_IN(0) Y1_XOR_IN(1) Y1_XOR_IN(2) Y1_XOR_IN(3) Y1_XOR_IN(4)
        Y1_PERMUTE(nr);
    }
    Y1_STORE_STATE
    return done;
}

/* Lanes i .. i + 3 of the message that lie in its first `full` whole lanes, zeros after them
 * (vpmaskmovq: the masked-off lanes are not read). No address is formed past the message's
 * whole lanes (in may be NULL when len is 0). */
static inline v4 ymm_ob_lanes4(const uint8_t *in, size_t full, __m256i full4, int i)
{
    if ((size_t)i >= full) return _mm256_setzero_si256();
    const __m256i idx = _mm256_setr_epi64x(i, i + 1, i + 2, i + 3);
    return _mm256_maskload_epi64((const long long *)(const void *)(in + 8 * i), _mm256_cmpgt_epi64(full4, idx));
}

/* Column x's registers ^= v at row y (the suffix's lane, the pad's lane). */
static inline void ymm_ob_xor_at(v4 c[5], v4 r[5], unsigned lane, uint64_t v)
{
    const unsigned x = lane % 5, y = lane / 5;
    const v4 vv = _mm256_set1_epi64x((long long)v);
    if (y == 4) {
        r[x] = V4_XOR(r[x], vv);
        return;
    }
    const __m256i one = _mm256_cmpeq_epi64(_mm256_setr_epi64x(0, 1, 2, 3), _mm256_set1_epi64x(y));
    c[x] = V4_XOR(c[x], _mm256_and_si256(vv, one));
}

/* Output lane x + 5y, if the output reaches it: element y of c##x (r##x for y = 4). */
#define Y1_OB_OUT(x, y, v) \
    if (8 * ((x) + 5 * (y)) < outlen) { \
        const size_t at_ = 8 * ((x) + 5 * (y)); \
        const uint64_t w_ = (uint64_t)_mm256_extract_epi64((v), (y) % 4); \
        if (outlen - at_ >= 8) kf_store64_le(out + at_, w_); \
        else kf_store_partial_le(out + at_, w_, outlen - at_); \
    }
#define Y1_OB_OUT_COLUMN(x) \
    Y1_OB_OUT(x, 0, c##x) Y1_OB_OUT(x, 1, c##x) Y1_OB_OUT(x, 2, c##x) Y1_OB_OUT(x, 3, c##x) \
    Y1_OB_OUT(x, 4, r##x)

/* The oneblock operation (keccak_backend.h): the message's rows loaded by masked loads and
 * transposed into the column registers, the suffix and the pad xored into their lanes, the
 * rounds, and the first outlen bytes taken from the registers; no state in memory (KF_LANES64_DEFINE_ONEBLOCK's zeroing and wipe of a stack state compile to
 * two `rep stosq` here, some 100 ticks more a call). */
static void ymm_oneblock(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *in, size_t len, uint8_t *out,
                         size_t outlen)
{
    const size_t full = len / 8, r = len % 8;
    uint64_t tail = (uint64_t)suffix << (8 * r);
    if (r) tail |= kf_lanes64_tail(in + 8 * full, r, 8 * full);
    /* rows 0-3: lanes 5y .. 5y + 3 and, shifted by one, 5y + 1 .. 5y + 4; row 4: lanes 20 .. 23
     * and 24 (which no one-block message reaches: len < rate <= 168) */
    const __m256i f4 = _mm256_set1_epi64x((long long)full);
    v4 a0 = ymm_ob_lanes4(in, full, f4, 0), a1 = ymm_ob_lanes4(in, full, f4, 5);
    v4 a2 = ymm_ob_lanes4(in, full, f4, 10), a3 = ymm_ob_lanes4(in, full, f4, 15);
    v4 b0 = ymm_ob_lanes4(in, full, f4, 1), b1 = ymm_ob_lanes4(in, full, f4, 6);
    v4 b2 = ymm_ob_lanes4(in, full, f4, 11), b3 = ymm_ob_lanes4(in, full, f4, 16);
    v4 a4 = ymm_ob_lanes4(in, full, f4, 20);
    /* the 4x4 transposition: column x = element x of rows 0-3; column 4 from the shifted rows */
    v4 t01l = Y1_LO(a0, a1), t01h = Y1_HI(a0, a1), t23l = Y1_LO(a2, a3), t23h = Y1_HI(a2, a3);
    v4 c[5], rr[5];
    c[0] = Y1_HALVES(t01l, t23l, 0x20);
    c[1] = Y1_HALVES(t01h, t23h, 0x20);
    c[2] = Y1_HALVES(t01l, t23l, 0x31);
    c[3] = Y1_HALVES(t01h, t23h, 0x31);
    c[4] = Y1_HALVES(Y1_HI(b0, b1), Y1_HI(b2, b3), 0x31);
    rr[0] = _mm256_permute4x64_epi64(a4, 0x00);
    rr[1] = _mm256_permute4x64_epi64(a4, 0x55);
    rr[2] = _mm256_permute4x64_epi64(a4, 0xAA);
    rr[3] = _mm256_permute4x64_epi64(a4, 0xFF);
    rr[4] = _mm256_setzero_si256();
    ymm_ob_xor_at(c, rr, (unsigned)full, tail);
    ymm_ob_xor_at(c, rr, (unsigned)(rate / 8 - 1), (uint64_t)0x80 << 56);
    v4 c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3], c4 = c[4];
    v4 r0 = rr[0], r1 = rr[1], r2 = rr[2], r3 = rr[3], r4 = rr[4];
    Y1_PERMUTE(nr);
    Y1_OB_OUT_COLUMN(0) Y1_OB_OUT_COLUMN(1) Y1_OB_OUT_COLUMN(2) Y1_OB_OUT_COLUMN(3) Y1_OB_OUT_COLUMN(4)
}

const kf_backend kf_backend_x1_avx2 = {
    .name = "avx2-x1",
    .requires = KF_CPU_AVX2,
    .rank = -1, /* by name only (see the top of the file) */
    .init = kf_lanes64_init,
    .add_bytes = kf_lanes64_add_bytes,
    .overwrite_bytes = kf_lanes64_overwrite_bytes,
    .extract_bytes = kf_lanes64_extract_bytes,
    .permute = ymm_permute,
    .absorb_blocks = ymm_absorb_blocks,
    .oneblock = ymm_oneblock,
};

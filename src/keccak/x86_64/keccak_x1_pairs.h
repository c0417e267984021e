/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_x1_pairs.h - the "pairs" layout of one Keccak-p[1600] state in 15 xmm registers,
 * shared by avx512vl-x1-pairs and avx2-x1-pairs (their rounds differ: AVX-512's ternary logic
 * and rotations, or AVX2's two-operand logic and shifts). Included by those two files only,
 * each compiled with its own instruction set.
 *
 * Layout between rounds (column x, FIPS 202 lane (x, y)):
 *   p##x = [(x, 0), (x, 1)]    q##x = [(x, 2), (x, 3)]    r##x = [(x, 4), (x, 4)]
 * Row 4 sits in both elements of r##x, so a column's parity needs no mask. The state in
 * memory is plain lanes (keccak_lanes64.h).
 *
 * The includer defines PAIR_ROUND(rc) (one round with the constant row *rc, on p0..r4 in
 * place) and the table of constant rows, then KF_PAIRS_DEFINE(prefix, rc_table) gives
 * prefix_permute, prefix_absorb_blocks and prefix_oneblock.
 */
#ifndef KF_KECCAK_X1_PAIRS_H
#define KF_KECCAK_X1_PAIRS_H

#include "keccak/keccak_lanes64.h"

#include <immintrin.h>
#include <stdint.h>

#define PAIR_LOAD(t) _mm_load_si128((const __m128i *)(t))
#define PAIR_SWAP(a) _mm_shuffle_epi32((a), 0x4E) /* the two 64-bit elements exchanged */
#define PAIR_LO(a, b) _mm_unpacklo_epi64((a), (b))  /* [a[0], b[0]] */
#define PAIR_HI(a, b) _mm_unpackhi_epi64((a), (b))  /* [a[1], b[1]] */

/* Pi (Algorithm 3): output (X, Y) is input ((X + 3Y) mod 5, X), so output column X is input
 * row X. Rows 0 and 1 are the two elements of p##x, rows 2 and 3 those of q##x, so
 *   p'X = [(X, X), (X+3, X)]   q'X = [(X+1, X), (X+4, X)]   r'X = (X+2, X) in both elements
 * is one vpunpck[lh]qdq of two input registers each (r'4 = r1 is a renaming). */
#define PAIR_PI(pp, qq, rr) \
    __m128i pp##0 = PAIR_LO(p0, p3), qq##0 = PAIR_LO(p1, p4), rr##0 = PAIR_LO(p2, p2); \
    __m128i pp##1 = PAIR_HI(p1, p4), qq##1 = PAIR_HI(p2, p0), rr##1 = PAIR_HI(p3, p3); \
    __m128i pp##2 = PAIR_LO(q2, q0), qq##2 = PAIR_LO(q3, q1), rr##2 = PAIR_LO(q4, q4); \
    __m128i pp##3 = PAIR_HI(q3, q1), qq##3 = PAIR_HI(q4, q2), rr##3 = PAIR_HI(q0, q0); \
    __m128i pp##4 = PAIR_LO(r4, r2), qq##4 = PAIR_LO(r0, r3), rr##4 = r1;

/* Column x of the state in memory into / out of p##x, q##x, r##x. */
#define PAIR_LANE(x, y) ((const __m128i *)(st + 8 * ((x) + 5 * (y))))
#define PAIR_LOAD_COLUMN(x) \
    __m128i p##x = PAIR_LO(_mm_loadl_epi64(PAIR_LANE(x, 0)), _mm_loadl_epi64(PAIR_LANE(x, 1))); \
    __m128i q##x = PAIR_LO(_mm_loadl_epi64(PAIR_LANE(x, 2)), _mm_loadl_epi64(PAIR_LANE(x, 3))); \
    __m128i r##x = _mm_set1_epi64x((long long)kf_lanes64_get(st, (x) + 20));
#define PAIR_STORE_LANE(v, x, y) _mm_storel_epi64((__m128i *)(st + 8 * ((x) + 5 * (y))), v)
#define PAIR_STORE_HIGH(v, x, y) _mm_storeh_pd((double *)(st + 8 * ((x) + 5 * (y))), _mm_castsi128_pd(v))
#define PAIR_STORE_COLUMN(x) \
    PAIR_STORE_LANE(p##x, x, 0); PAIR_STORE_HIGH(p##x, x, 1); \
    PAIR_STORE_LANE(q##x, x, 2); PAIR_STORE_HIGH(q##x, x, 3); \
    PAIR_STORE_LANE(r##x, x, 4);
#define PAIR_LOAD_STATE PAIR_LOAD_COLUMN(0) PAIR_LOAD_COLUMN(1) PAIR_LOAD_COLUMN(2) PAIR_LOAD_COLUMN(3) PAIR_LOAD_COLUMN(4)
#define PAIR_STORE_STATE PAIR_STORE_COLUMN(0) PAIR_STORE_COLUMN(1) PAIR_STORE_COLUMN(2) PAIR_STORE_COLUMN(3) PAIR_STORE_COLUMN(4)

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
    p##x = _mm_xor_si128(p##x, pair_block_lanes(in, (x), (x) + 5, nl)); \
    q##x = _mm_xor_si128(q##x, pair_block_lanes(in, (x) + 10, (x) + 15, nl)); \
    if ((x) + 20 < nl) r##x = _mm_xor_si128(r##x, _mm_set1_epi64x((long long)kf_load64_le(in + 8 * ((x) + 20))));

/* Rounds 24 - nr .. 23 (FIPS 202 §3.3), one round per loop turn: as fast as two or more per
 * turn (avx512vl-x1-pairs on Zen 4), and 1.4 KB of code instead of avx512vl-x1's 12 KB
 * (docs/BENCHMARK_HISTORY.md). rc_table: 24 rows of two words, [RC, 0]. */
#define PAIR_PERMUTE(rc_table, nr) \
    for (const uint64_t(*rc)[2] = (rc_table) + 24 - (nr); rc < (rc_table) + 24; rc++) PAIR_ROUND(*rc)

/* prefix_permute, prefix_absorb_blocks (fused: the state stays in registers across all
 * blocks and is stored once) and prefix_oneblock, the backend's operations. */
#define KF_PAIRS_DEFINE(prefix, rc_table) \
    static void prefix##_permute(void *state, unsigned nr) \
    { \
        uint8_t *st = (uint8_t *)state; \
        if (nr < 1 || nr > 24) return; \
        PAIR_LOAD_STATE \
        PAIR_PERMUTE(rc_table, nr); \
        PAIR_STORE_STATE \
    } \
    static size_t prefix##_absorb_blocks(void *state, unsigned nr, size_t rate, const uint8_t *in, size_t len) \
    { \
        uint8_t *st = (uint8_t *)state; \
        size_t done = 0; \
        const unsigned nl = (unsigned)(rate / 8); \
        if (nr < 1 || nr > 24 || rate == 0 || rate > KF_STATE_BYTES || rate % 8 != 0 || len < rate) \
            return 0; \
        PAIR_LOAD_STATE \
        for (; len - done >= rate; done += rate, in += rate) { \
            PAIR_XOR_IN(0) PAIR_XOR_IN(1) PAIR_XOR_IN(2) PAIR_XOR_IN(3) PAIR_XOR_IN(4) \
            PAIR_PERMUTE(rc_table, nr); \
        } \
        PAIR_STORE_STATE \
        return done; \
    } \
    KF_LANES64_DEFINE_ONEBLOCK(prefix##_oneblock, prefix##_permute)

#endif

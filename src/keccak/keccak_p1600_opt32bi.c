/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_opt32bi.c - Keccak-p[1600, nr] in portable C on 32-bit words, for 32-bit CPUs.
 *
 * Two techniques from seed 000 (Adomnicai, "An update on Keccak performance on ARMv7-M")
 * §2.3.1, after the Keccak team's implementation overview:
 *
 * Bit-interleaving. Each 64-bit lane is kept as two 32-bit words, one with the lane's
 * even-indexed bits and one with its odd-indexed bits, so a 64-bit rotation is two 32-bit
 * rotations (and a swap of the two words when the amount is odd). The conversion to and from
 * the FIPS 202 byte order happens in add/overwrite/extract, outside the permutation.
 *
 * In-place processing. A round reads each lane once and writes each lane once into the same
 * storage, with no second copy of the state: the lane positions in memory follow a cycle of
 * rounds (see "In-place layouts" below).
 *
 * State format (owned here; an ARMv7-M backend is to share it), KF_STATE_BYTES bytes:
 *   50 native-endian uint32_t words w[0..49]. Lane i = x + 5y (FIPS 202 §3.1.2) is the pair
 *     w[2i]     its even bits: bit k of w[2i]   is bit 2k   of the lane,
 *     w[2i + 1] its odd bits:  bit k of w[2i+1] is bit 2k+1 of the lane.
 *   Between calls the lanes are always in the standard order i = x + 5y; the all-zero
 *   state is all-zero words.
 */
#include "keccak_backend.h"
#include "keccak_constants.h"

#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define KF_ALWAYS_INLINE inline __attribute__((always_inline))
#define KF_NOINLINE __attribute__((noinline))
#else
#define KF_ALWAYS_INLINE inline
#define KF_NOINLINE
#endif

/* Expand M(0) .. M(4): the unrolled loops below keep every index a compile-time constant. */
#define KF_FOR5(M) M(0) M(1) M(2) M(3) M(4)

/* ------------------------------------------------------------------------------------- */
/* Constants in the form this file needs at compile time                                 */
/* ------------------------------------------------------------------------------------- */

/*
 * The constants come from keccak_constants.h as compile-time values: the unrolled rounds
 * rotate by literals, and the round constants are split into even and odd bits by macros.
 */

/* rho offsets (FIPS 202 §3.2.2, Table 2) indexed by x + 5y, as kf_keccak_rho. */
static const uint8_t rho_offsets[25] = KF_RHO_TABLE_INIT;

/*
 * Round constants (FIPS 202 §3.2.5) split into their even and odd bits at compile time:
 * RC_BI(c) = { even bits of c, odd bits of c }, each compressed into a 32-bit word.
 * KF_EVEN64(v) gathers bits 0, 2, 4, ... of v into bits 0, 1, 2, ... (shift-and-mask).
 */
#define KF_SQ1(v) (((v) | ((v) >> 1)) & 0x3333333333333333ULL)
#define KF_SQ2(v) (((v) | ((v) >> 2)) & 0x0F0F0F0F0F0F0F0FULL)
#define KF_SQ4(v) (((v) | ((v) >> 4)) & 0x00FF00FF00FF00FFULL)
#define KF_SQ8(v) (((v) | ((v) >> 8)) & 0x0000FFFF0000FFFFULL)
#define KF_SQ16(v) (((v) | ((v) >> 16)) & 0x00000000FFFFFFFFULL)
#define KF_EVEN64(v) ((uint32_t)KF_SQ16(KF_SQ8(KF_SQ4(KF_SQ2(KF_SQ1((v) & 0x5555555555555555ULL))))))
#define RC_BI(c) { KF_EVEN64(c), KF_EVEN64((c) >> 1) }

#define RC_BI_ITEM(c) RC_BI(c),
static const uint32_t rc_bi[24][2] = { KF_RC_LIST(RC_BI_ITEM) };

/* ------------------------------------------------------------------------------------- */
/* In-place layouts                                                                      */
/* ------------------------------------------------------------------------------------- */

/*
 * pi (FIPS 202 §3.2.3) makes output lane (X, Y) from input lane (X + 3Y, X), so output
 * row Y needs exactly the five input lanes of the "diagonal" {(X' + 3Y, X')}, and the five
 * diagonals partition the state. A round therefore computes one output row at a time from
 * one diagonal and may store that row back into the diagonal's five slots (seed §2.3.1).
 * Any linear choice "output (X, Y) goes to the slot of input (X' + 3Y, X') with
 * X' = cX + dY" is a map L(X, Y) = (cX + (d+3)Y, cX + dY), and after r rounds lane (x, y)
 * lives at L^r(x, y). The Keccak team's choice c = 1, d = 2 keeps x and has order 4
 * (the four-round cycle the seed describes); c = 2, d = 3 gives
 *
 *     L(x, y) = (2x + y, 2x + 3y) mod 5,   L^2 = identity,
 *
 * a cycle of two rounds: round "phase 0" reads the standard layout and writes layout L,
 * round "phase 1" reads layout L and writes the standard layout. Half the unrolled code of
 * a four-round cycle, and exit after an odd count is ten lane swaps (L is an involution).
 * The column parities for theta are accumulated as rows are written, so where a column's
 * lanes live does not matter.
 */

/* Lane index where logical lane (x, y) is stored in layout 'phase' (0: standard, 1: L). */
#define KF_LOC(phase, x, y)                                                    \
    ((phase) == 0 ? (x) + 5 * (y)                                              \
                  : (2 * (x) + (y)) % 5 + 5 * ((2 * (x) + 3 * (y)) % 5))

/* Move every lane between the standard layout and layout L (both ways: L^2 = identity). */
static void swap_layout(uint32_t *w)
{
    for (unsigned x = 0; x < 5; x++)
        for (unsigned y = 0; y < 5; y++) {
            unsigned i = x + 5 * y, j = KF_LOC(1, x, y);
            if (j > i) {
                uint32_t e = w[2 * i], o = w[2 * i + 1];
                w[2 * i] = w[2 * j];
                w[2 * i + 1] = w[2 * j + 1];
                w[2 * j] = e;
                w[2 * j + 1] = o;
            }
        }
}

/* ------------------------------------------------------------------------------------- */
/* The round                                                                             */
/* ------------------------------------------------------------------------------------- */

static KF_ALWAYS_INLINE uint32_t rol32(uint32_t v, unsigned n)
{
    return (v << (n & 31)) | (v >> ((32 - n) & 31));
}

/*
 * Rotation of an interleaved lane by r (seed §2.3.1): with r = 2m the even and odd words
 * each rotate by m; with r = 2m + 1 lane bit 2k goes to 2(k+m) + 1 (odd word, rotated
 * by m) and bit 2k + 1 to 2(k+m+1) (even word, rotated by m + 1).
 */
static KF_ALWAYS_INLINE void rot_bi(uint32_t e, uint32_t o, unsigned r, uint32_t out[2])
{
    if (r & 1) {
        out[0] = rol32(o, (r + 1) / 2);
        out[1] = rol32(e, r / 2);
    } else {
        out[0] = rol32(e, r / 2);
        out[1] = rol32(o, r / 2);
    }
}

/*
 * Output row Y of a round that reads layout 'phase' and writes layout 1 - phase:
 * theta (xor D), rho, pi, chi, iota for Y = 0, then the row's share of the next round's
 * column parities C. Loads of the row's whole diagonal come before any store to it.
 */
static KF_ALWAYS_INLINE void round_row(uint32_t *w, const unsigned phase, const unsigned Y,
                                       const uint32_t D[10], uint32_t C[10], const uint32_t rc[2])
{
    uint32_t B[10];

    /* theta + rho on the diagonal, pi by position: B[X] = rot(A[X + 3Y][X] ^ D[X + 3Y]) */
#define KF_THETA_RHO(X)                                                                      \
    {                                                                                        \
        const unsigned x_ = ((X) + 3 * Y) % 5, at_ = KF_LOC(phase, x_, (X));                 \
        rot_bi(w[2 * at_] ^ D[2 * x_], w[2 * at_ + 1] ^ D[2 * x_ + 1],                       \
               rho_offsets[x_ + 5 * (X)], &B[2 * (X)]);                                      \
    }
    KF_FOR5(KF_THETA_RHO)
#undef KF_THETA_RHO

    /* chi (FIPS 202 §3.2.4) on the row, iota (§3.2.5) on lane (0, 0), store in place */
#define KF_CHI(X)                                                                            \
    {                                                                                        \
        const unsigned at_ = KF_LOC(1 - phase, (X), Y);                                      \
        uint32_t e_ = B[2 * (X)] ^ (~B[2 * (((X) + 1) % 5)] & B[2 * (((X) + 2) % 5)]);       \
        uint32_t o_ = B[2 * (X) + 1] ^ (~B[2 * (((X) + 1) % 5) + 1] & B[2 * (((X) + 2) % 5) + 1]); \
        if (Y == 0 && (X) == 0) {                                                            \
            e_ ^= rc[0];                                                                     \
            o_ ^= rc[1];                                                                     \
        }                                                                                    \
        w[2 * at_] = e_;                                                                     \
        w[2 * at_ + 1] = o_;                                                                 \
        C[2 * (X)] = Y == 0 ? e_ : C[2 * (X)] ^ e_;                                          \
        C[2 * (X) + 1] = Y == 0 ? o_ : C[2 * (X) + 1] ^ o_;                                  \
    }
    KF_FOR5(KF_CHI)
#undef KF_CHI
}

/*
 * One round (FIPS 202 §3.3, Rnd) reading layout 'phase' and writing layout 1 - phase.
 * On entry C holds the column parities of the state (theta's C[x], even/odd words at
 * C[2x], C[2x+1]); on return, those of the new state.
 */
static KF_ALWAYS_INLINE void round_bi(uint32_t *w, const unsigned phase, uint32_t C[10],
                                      const uint32_t rc[2])
{
    uint32_t D[10];

    /* theta (FIPS 202 §3.2.1): D[x] = C[x-1] ^ rot(C[x+1], 1); an interleaved rotation by 1
     * swaps the words and rotates the new even word by one (rot_bi with r = 1). */
#define KF_THETA_D(x)                                                                        \
    D[2 * (x)] = C[2 * (((x) + 4) % 5)] ^ rol32(C[2 * (((x) + 1) % 5) + 1], 1);              \
    D[2 * (x) + 1] = C[2 * (((x) + 4) % 5) + 1] ^ C[2 * (((x) + 1) % 5)];
    KF_FOR5(KF_THETA_D)
#undef KF_THETA_D

    round_row(w, phase, 0, D, C, rc);
    round_row(w, phase, 1, D, C, rc);
    round_row(w, phase, 2, D, C, rc);
    round_row(w, phase, 3, D, C, rc);
    round_row(w, phase, 4, D, C, rc);
}

/* The two rounds of the cycle, each compiled once. */
static KF_NOINLINE void round_phase0(uint32_t *w, uint32_t C[10], const uint32_t rc[2])
{
    round_bi(w, 0, C, rc);
}

static KF_NOINLINE void round_phase1(uint32_t *w, uint32_t C[10], const uint32_t rc[2])
{
    round_bi(w, 1, C, rc);
}

/* Column parities (theta's C[x], FIPS 202 §3.2.1) of a state in the standard layout. */
static void column_parities(const uint32_t *w, uint32_t C[10])
{
    for (unsigned x = 0; x < 5; x++) {
        uint32_t e = 0, o = 0;
        for (unsigned y = 0; y < 5; y++) {
            e ^= w[2 * (x + 5 * y)];
            o ^= w[2 * (x + 5 * y) + 1];
        }
        C[2 * x] = e;
        C[2 * x + 1] = o;
    }
}

/*
 * Keccak-p[1600, nr]: rounds 24 - nr .. 23 (FIPS 202 §3.3). The state is in the standard
 * layout on entry and on return. Pairs of rounds go standard -> L -> standard; an odd nr
 * first moves the lanes to layout L and enters the cycle at its second round.
 */
/*@ requires \valid((uint32_t *)state + (0 .. 49));
    requires 1 <= nr <= 24;
    assigns ((uint32_t *)state)[0 .. 49]; */
static void opt32bi_permute(void *state, unsigned nr)
{
    uint32_t *w = (uint32_t *)state;
    uint32_t C[10];
    unsigned i = 24 - nr;

    column_parities(w, C);
    if (nr & 1) {
        swap_layout(w);
        round_phase1(w, C, rc_bi[i++]);
    }
    for (; i < 24; i += 2) {
        round_phase0(w, C, rc_bi[i]);
        round_phase1(w, C, rc_bi[i + 1]);
    }
}

/* ------------------------------------------------------------------------------------- */
/* FIPS 202 byte order <-> interleaved words                                            */
/* ------------------------------------------------------------------------------------- */

/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing; */
static uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3]; */
static void store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* Exchange the bits of v selected by mask m with those delta positions higher. */
/*@ requires delta < 32;
    assigns \nothing; */
static KF_ALWAYS_INLINE uint32_t delta_swap(uint32_t v, uint32_t m, unsigned delta)
{
    uint32_t t = (v ^ (v >> delta)) & m;
    return v ^ t ^ (t << delta);
}

/* Even bits of v to bits 0..15, odd bits to bits 16..31 (four delta swaps). */
/*@ assigns \nothing; */
static KF_ALWAYS_INLINE uint32_t unshuffle32(uint32_t v)
{
    v = delta_swap(v, 0x22222222u, 1);
    v = delta_swap(v, 0x0C0C0C0Cu, 2);
    v = delta_swap(v, 0x00F000F0u, 4);
    return delta_swap(v, 0x0000FF00u, 8);
}

/* The inverse of unshuffle32: the same swaps in reverse order. */
/*@ assigns \nothing; */
static KF_ALWAYS_INLINE uint32_t shuffle32(uint32_t v)
{
    v = delta_swap(v, 0x0000FF00u, 8);
    v = delta_swap(v, 0x00F000F0u, 4);
    v = delta_swap(v, 0x0C0C0C0Cu, 2);
    return delta_swap(v, 0x22222222u, 1);
}

/* Lane bytes b[0..8) (FIPS 202 order) -> interleaved words lw[0] (even), lw[1] (odd). */
/*@ requires \valid_read(b + (0 .. 7)) && \valid(lw + (0 .. 1));
    assigns lw[0 .. 1]; */
static KF_ALWAYS_INLINE void lane_to_bi(const uint8_t *b, uint32_t lw[2])
{
    uint32_t lo = unshuffle32(load32_le(b)), hi = unshuffle32(load32_le(b + 4));
    lw[0] = (lo & 0x0000FFFFu) | (hi << 16);
    lw[1] = (lo >> 16) | (hi & 0xFFFF0000u);
}

/* Interleaved words lw[0], lw[1] -> lane bytes b[0..8). */
/*@ requires \valid_read(lw + (0 .. 1)) && \valid(b + (0 .. 7));
    assigns b[0 .. 7]; */
static KF_ALWAYS_INLINE void bi_to_lane(const uint32_t lw[2], uint8_t *b)
{
    store32_le(b, shuffle32((lw[0] & 0x0000FFFFu) | (lw[1] << 16)));
    store32_le(b + 4, shuffle32((lw[0] >> 16) | (lw[1] & 0xFFFF0000u)));
}

/*
 * Byte path for part of one lane: bytes j .. j+n-1 of lane word pair lw (0 <= j, j + n <= 8).
 * The bytes are placed in an otherwise zero lane and converted whole, so one conversion
 * serves every alignment.
 */
/*@ requires j + n <= 8 && \valid(lw + (0 .. 1)) && \valid_read(in + (0 .. n - 1));
    assigns lw[0 .. 1]; */
static void add_partial(uint32_t lw[2], const uint8_t *in, unsigned j, unsigned n)
{
    uint8_t b[8] = {0};
    uint32_t v[2];
    memcpy(b + j, in, n);
    lane_to_bi(b, v);
    lw[0] ^= v[0];
    lw[1] ^= v[1];
}

/*@ requires j + n <= 8 && \valid(lw + (0 .. 1)) && \valid_read(in + (0 .. n - 1));
    assigns lw[0 .. 1]; */
static void overwrite_partial(uint32_t lw[2], const uint8_t *in, unsigned j, unsigned n)
{
    uint8_t b[8] = {0}, mask[8] = {0};
    uint32_t v[2], m[2];
    memcpy(b + j, in, n);
    memset(mask + j, 0xFF, n);
    lane_to_bi(b, v);
    lane_to_bi(mask, m);
    lw[0] = (lw[0] & ~m[0]) | v[0];
    lw[1] = (lw[1] & ~m[1]) | v[1];
}

/*@ requires j + n <= 8 && \valid_read(lw + (0 .. 1)) && \valid(out + (0 .. n - 1));
    assigns out[0 .. n - 1]; */
static void extract_partial(const uint32_t lw[2], uint8_t *out, unsigned j, unsigned n)
{
    uint8_t b[8];
    bi_to_lane(lw, b);
    memcpy(out, b + j, n);
}

/* ------------------------------------------------------------------------------------- */
/* Backend interface (contracts in keccak_backend.h)                                     */
/* ------------------------------------------------------------------------------------- */

/*@ requires \valid((uint32_t *)state + (0 .. 49));
    assigns ((uint32_t *)state)[0 .. 49]; */
static void opt32bi_init(void *state)
{
    memset(state, 0, KF_STATE_BYTES);
}

/* Each byte operation: a partial head lane, whole lanes, a partial tail lane. */
/*@ requires \valid((uint32_t *)state + (0 .. 49));
    requires offset <= 200 && len <= 200 - offset;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint32_t *)state)[0 .. 49]; */
static void opt32bi_add_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    uint32_t *w = (uint32_t *)state;
    size_t lane = offset / 8;
    unsigned j = (unsigned)(offset % 8);

    if (len == 0) return;
    if (j) {
        unsigned n = len < 8 - j ? (unsigned)len : 8 - j;
        add_partial(&w[2 * lane++], in, j, n);
        in += n;
        len -= n;
    }
    /*@ loop invariant 8 * lane + len <= 200 && len <= \at(len, Pre) && in + len == \at(in, Pre) + \at(len, Pre);
        loop assigns lane, in, len, w[0 .. 49];
        loop variant len; */
    for (; len >= 8; lane++, in += 8, len -= 8) {
        uint32_t v[2];
        lane_to_bi(in, v);
        w[2 * lane] ^= v[0];
        w[2 * lane + 1] ^= v[1];
    }
    if (len) add_partial(&w[2 * lane], in, 0, (unsigned)len);
}

/*@ requires \valid((uint32_t *)state + (0 .. 49));
    requires offset <= 200 && len <= 200 - offset;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint32_t *)state)[0 .. 49]; */
static void opt32bi_overwrite_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    uint32_t *w = (uint32_t *)state;
    size_t lane = offset / 8;
    unsigned j = (unsigned)(offset % 8);

    if (len == 0) return;
    if (j) {
        unsigned n = len < 8 - j ? (unsigned)len : 8 - j;
        overwrite_partial(&w[2 * lane++], in, j, n);
        in += n;
        len -= n;
    }
    /*@ loop invariant 8 * lane + len <= 200 && len <= \at(len, Pre) && in + len == \at(in, Pre) + \at(len, Pre);
        loop assigns lane, in, len, w[0 .. 49];
        loop variant len; */
    for (; len >= 8; lane++, in += 8, len -= 8) lane_to_bi(in, &w[2 * lane]);
    if (len) overwrite_partial(&w[2 * lane], in, 0, (unsigned)len);
}

/*@ requires \valid_read((uint32_t *)state + (0 .. 49));
    requires offset <= 200 && len <= 200 - offset;
    requires \valid(out + (0 .. len - 1));
    assigns out[0 .. len - 1]; */
static void opt32bi_extract_bytes(const void *state, uint8_t *out, size_t offset, size_t len)
{
    const uint32_t *w = (const uint32_t *)state;
    size_t lane = offset / 8;
    unsigned j = (unsigned)(offset % 8);

    if (len == 0) return;
    if (j) {
        unsigned n = len < 8 - j ? (unsigned)len : 8 - j;
        extract_partial(&w[2 * lane++], out, j, n);
        out += n;
        len -= n;
    }
    /*@ loop invariant 8 * lane + len <= 200 && len <= \at(len, Pre) && out + len == \at(out, Pre) + \at(len, Pre);
        loop assigns lane, out, len, \at(out, Pre)[0 .. \at(len, Pre) - 1];
        loop variant len; */
    for (; len >= 8; lane++, out += 8, len -= 8) bi_to_lane(&w[2 * lane], out);
    if (len) extract_partial(&w[2 * lane], out, 0, (unsigned)len);
}

/* Whole blocks: convert and xor rate/8 lanes, permute, repeat. */
/*@ requires \valid((uint32_t *)state + (0 .. 49));
    requires 1 <= nr <= 24;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint32_t *)state)[0 .. 49];
    ensures \result <= len;
    ensures rate != 0 ==> \result % rate == 0; */
static size_t opt32bi_absorb_blocks(void *state, unsigned nr, size_t rate, const uint8_t *in,
                                    size_t len)
{
    uint32_t *w = (uint32_t *)state;
    size_t done = 0;
    /*@ ghost size_t blocks = 0; */

    if (rate == 0 || rate > KF_STATE_BYTES) return 0;
    /*@ loop invariant done <= len && done == blocks * rate && in == \at(in, Pre) + done;
        loop assigns done, in, blocks, w[0 .. 49];
        loop variant len - done; */
    for (; len - done >= rate; done += rate, in += rate) {
        /*@ loop invariant lane <= rate / 8;
            loop assigns lane, w[0 .. 49];
            loop variant rate / 8 - lane; */
        for (size_t lane = 0; lane < rate / 8; lane++) {
            uint32_t v[2];
            lane_to_bi(in + 8 * lane, v);
            w[2 * lane] ^= v[0];
            w[2 * lane + 1] ^= v[1];
        }
        opt32bi_permute(state, nr);
        /*@ ghost blocks++; */
    }
    /*@ assert kf_whole_blocks: done % rate == 0; */
    return done;
}

const kf_backend kf_backend_opt32bi = {
    .name = "opt32bi",
    .requires = 0,
    .rank = 1, /* for 32-bit CPUs; on 64-bit ones opt64 ranks above it */
    .init = opt32bi_init,
    .add_bytes = opt32bi_add_bytes,
    .overwrite_bytes = opt32bi_overwrite_bytes,
    .extract_bytes = opt32bi_extract_bytes,
    .permute = opt32bi_permute,
    .absorb_blocks = opt32bi_absorb_blocks,
};

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_x8_avx512.c - eight Keccak-p[1600, nr] states at once on AVX-512F (zmm).
 * Compile with -mavx512f only; dispatch calls it only on CPUs (and OSes) with AVX-512F.
 *
 * State format: lane j of instance i is the 64-bit word 8j + i (keccak_xn_lanes.h), so
 * zmm register j holds lane j of all eight states; 25 x 64 = 1600 bytes.
 *
 * The permutation keeps all 25 lanes in zmm registers through each block of rounds and
 * uses vpternlogq for theta's parities and for chi, vprolq for the rotations: see
 * keccak_p1600_avx512_rounds.h. On Zen 4 a 512-bit operation occupies a 256-bit unit twice,
 * so against the ymm x4 backend the gain is half the instructions to issue per state, not
 * arithmetic throughput.
 */
#include "keccak/keccak_backend.h"
#include "keccak_xn_absorb.h"
#include "keccak/keccak_xn_lanes.h"
#include "keccak_x1_round_asm.h"
#include "keccak/keccak_lanes64.h"

#include <immintrin.h>
#include <string.h>

#define N 8

typedef __m512i kf_v;
#define KF_TERN(a, b, c, k) _mm512_ternarylogic_epi64((a), (b), (c), (k))
#define KF_XOR(a, b)        _mm512_xor_si512((a), (b))
#define KF_ROL(a, n)        _mm512_rol_epi64((a), (n))
#define KF_XOR_WORD(a, p)   _mm512_xor_si512((a), _mm512_set1_epi64((long long)*(p)))
#include "keccak_p1600_avx512_rounds.h"

#define KF_LOAD_LANE(x, y) kf_v a##x##y = _mm512_load_si512(&s[(x) + 5 * (y)]);
#define KF_STORE_LANE(x, y) _mm512_store_si512(&s[(x) + 5 * (y)], a##x##y);

/* Twelve rounds starting at constant rc, lanes loaded from s and stored back. */
__attribute__((noinline)) static void x8_rounds12(__m512i *s, const uint64_t *rc)
{
    KF_LANE_LIST(KF_LOAD_LANE)
    KF_AVX512_ROUNDS12
    KF_LANE_LIST(KF_STORE_LANE)
}

/* One round with constant rc[0] (the nr mod 12 rounds before the blocks of 12). */
__attribute__((noinline)) static void x8_round1(__m512i *s, const uint64_t *rc)
{
    KF_LANE_LIST(KF_LOAD_LANE)
    KF_ROUND(0)
    KF_LANE_LIST(KF_STORE_LANE)
}

static void x8_permute(void *states, unsigned nr)
{
    __m512i *s = (__m512i *)states;
    if (nr < 1 || nr > 24) return;
    const uint64_t *rc = kf_keccak_rc + 24 - nr;
    for (; (kf_keccak_rc + 24 - rc) % 12 != 0; rc++) x8_round1(s, rc);
    for (; rc < kf_keccak_rc + 24; rc += 12) x8_rounds12(s, rc);
}

KF_XN_DEFINE_BYTE_OPS(x8, N)

/* Twelve rounds starting at constant rc on the lanes permute_from picks (lane j: t[j], or
 * s[src + j - dst] for j in dst .. dst+cnt-1), stored to s: no copy of the state before
 * the rounds (whose first loads would wait on it), each pick a conditional move beside the
 * load rather than a table of pointers (docs/BENCHMARK_HISTORY.md, "x8 permute_from"). */
#define KF_PICK(j) ((unsigned)(j) - dst < cnt ? s + src + (j) - dst : t + (j))
#define KF_LOAD_PICKED(x, y) kf_v a##x##y = _mm512_load_si512(KF_PICK((x) + 5 * (y)));
__attribute__((noinline)) static void x8_rounds12_from(__m512i *s, const __m512i *t, unsigned dst, unsigned src,
                                                       unsigned cnt, const uint64_t *rc)
{
    KF_LANE_LIST(KF_LOAD_PICKED)
    KF_AVX512_ROUNDS12
    KF_LANE_LIST(KF_STORE_LANE)
}

/* kf_backend_xn.permute_from. nr not a multiple of 12: the state assembled, then permute. */
static void x8_permute_from(void *states, const void *tmpl, unsigned dst, unsigned src, unsigned cnt, unsigned nr)
{
    __m512i *s = (__m512i *)states;
    const __m512i *t = (const __m512i *)tmpl;
    if (nr < 1 || nr > 24 || dst + cnt > 25 || src + cnt > 25) return;
    if (nr % 12 != 0) {
        __m512i v[25];
        for (unsigned j = 0; j < 25; j++) v[j] = _mm512_load_si512(KF_PICK(j));
        for (unsigned j = 0; j < 25; j++) _mm512_store_si512(&s[j], v[j]);
        x8_permute(states, nr);
        return;
    }
    const uint64_t *rc = kf_keccak_rc + 24 - nr;
    x8_rounds12_from(s, t, dst, src, cnt, rc);
    if (nr == 24) x8_rounds12(s, rc + 12);
}

/*
 * The fused absorb loop (issue 24): for nr 12 or 24, all blocks of all eight inputs with the
 * 25 lanes in registers from the first block to the last, the rounds inlined in the loop, so
 * the state is loaded and stored once per call instead of once per block, and the input goes
 * from memory into the lanes through one 8x8 transposition per 8 lanes in registers
 * (keccak_xn_absorb.h), xored into the lanes where they are, with no pass through memory.
 *
 * Tried and dropped (docs/BENCHMARK_HISTORY.md, "fused leaf loop"): one vpgatherqq per lane
 * (element i the word at in[i] + 8j), which needs no shuffles at all, made KT128 on 1 MiB 17%
 * slower than the transposition: Zen 4's gathers cost more than 24 shuffles per 8 lanes.
 */

/* Lanes 8g .. 8g+7 of the block at in[i] + off, transposed: r[t] = lane 8g + t of the eight
 * inputs (lanes past `lanes` are zero and never loaded: masked loads). */
static inline __attribute__((always_inline)) void
x8_load_group(__m512i r[8], const uint8_t *const *in, size_t off, size_t lanes, unsigned g)
{
    size_t k = lanes - 8 * g < 8 ? lanes - 8 * g : 8;
    __mmask8 m = (__mmask8)((1u << k) - 1);
    for (int i = 0; i < 8; i++) r[i] = _mm512_maskz_loadu_epi64(m, in[i] + off + 64 * g);
    kf_xn_transpose8(r);
}

/* lane j (= x + 5y, the variable a<x><y>) ^= r[j mod 8] when j < lanes */
#define KF_X8_XL(j, var) \
    if ((j) < lanes) var = KF_XOR(var, r[(j) % 8]);
/* One block at in[i] + done into a00..a44, eight lanes at a time. */
#define KF_X8_ABSORB_BLOCK \
    { \
        __m512i r[8]; \
        x8_load_group(r, in, done, lanes, 0); \
        KF_X8_XL(0, a00) KF_X8_XL(1, a10) KF_X8_XL(2, a20) KF_X8_XL(3, a30) \
        KF_X8_XL(4, a40) KF_X8_XL(5, a01) KF_X8_XL(6, a11) KF_X8_XL(7, a21) \
        if (lanes > 8) { \
            x8_load_group(r, in, done, lanes, 1); \
            KF_X8_XL(8, a31) KF_X8_XL(9, a41) KF_X8_XL(10, a02) KF_X8_XL(11, a12) \
            KF_X8_XL(12, a22) KF_X8_XL(13, a32) KF_X8_XL(14, a42) KF_X8_XL(15, a03) \
        } \
        if (lanes > 16) { \
            x8_load_group(r, in, done, lanes, 2); \
            KF_X8_XL(16, a13) KF_X8_XL(17, a23) KF_X8_XL(18, a33) KF_X8_XL(19, a43) \
            KF_X8_XL(20, a04) KF_X8_XL(21, a14) KF_X8_XL(22, a24) KF_X8_XL(23, a34) \
        } \
        if (lanes > 24) { \
            x8_load_group(r, in, done, lanes, 3); \
            KF_X8_XL(24, a44) \
        } \
    }

/*
 * The scalar transposition (issue 24; docs/BENCHMARK_HISTORY.md, "KT128's leaf transposition
 * on the load/store ports"). The 8x8 transposition above costs ~63 shuffles per 21-lane
 * block on the vector pipes, which the ~1,140 operations of 12 rounds already saturate (~6%
 * of a KT128 leaf). Zen 4's three load and two store ports are nearly idle during the rounds,
 * so with `copy` the NEXT block is transposed there instead: while the vector units run this
 * block's rounds, its words are copied one by one with general-purpose moves into buf, lane
 * j of leaf i to word i of buf[j]. The next block then absorbs each lane with one aligned zmm
 * load (folded into its xor) and no shuffle. buf is written a block (hundreds of cycles)
 * before it is read, so no load waits on a store forwarding.
 * Each move is inline assembly: GCC vectorizes a plain C copy (back onto the vector pipes: it
 * did so with a memcpy loop here) and could gather the moves in one lump. Word k is
 * lane k/8 of leaf k%8; round r (of the first `spread`) copies words r*per .. r*per+per-1.
 * Measured spreads (KT128, ParallelHash on 1 MiB): 12 rounds over the first 6 (over all 12:
 * ~1% slower, over 3: ~2%, over 4, 5 or 8: the same), 24 rounds over all 24 (over the first
 * 6: 2-3% slower, over the first 12: the same).
 */
#define KF_X8_SPREAD12 6
#define KF_X8_SPREAD24 24
typedef uint64_t kf_x8_word __attribute__((may_alias));
#define KF_X8_CP_WORD(r, t) \
    if ((t) < per && (r) * per + (t) < nw) { \
        const size_t k_ = (r) * per + (t); \
        uint64_t v_; \
        __asm__("movq %[src], %[v]\n\tmovq %[v], %[dst]" \
                : [dst] "=m"(((uint64_t *)&buf[k_ / 8])[k_ % 8]), [v] "=&r"(v_) \
                : [src] "m"(*(const kf_x8_word *)(nx[k_ % 8] + 8 * (k_ / 8)))); \
    }
#define KF_X8_CP_8(r, t) \
    KF_X8_CP_WORD(r, t) KF_X8_CP_WORD(r, (t) + 1) KF_X8_CP_WORD(r, (t) + 2) KF_X8_CP_WORD(r, (t) + 3) \
    KF_X8_CP_WORD(r, (t) + 4) KF_X8_CP_WORD(r, (t) + 5) KF_X8_CP_WORD(r, (t) + 6) KF_X8_CP_WORD(r, (t) + 7)
/* round r's share of the copy (per <= 64 words: 200 words over at least 4 rounds) */
#define KF_X8_CP_ROUND(r) \
    if ((r) < spread) { \
        KF_X8_CP_8(r, 0) KF_X8_CP_8(r, 8) KF_X8_CP_8(r, 16) KF_X8_CP_8(r, 24) \
        KF_X8_CP_8(r, 32) KF_X8_CP_8(r, 40) KF_X8_CP_8(r, 48) KF_X8_CP_8(r, 56) \
    }
/* twelve rounds from constant rc[0], each followed by the share of round o + its index */
#define KF_X8_ROUNDS12_CP(o) \
    KF_ROUND(0) KF_X8_CP_ROUND((o) + 0) KF_ROUND(1) KF_X8_CP_ROUND((o) + 1) \
    KF_ROUND(2) KF_X8_CP_ROUND((o) + 2) KF_ROUND(3) KF_X8_CP_ROUND((o) + 3) \
    KF_ROUND(4) KF_X8_CP_ROUND((o) + 4) KF_ROUND(5) KF_X8_CP_ROUND((o) + 5) \
    KF_ROUND(6) KF_X8_CP_ROUND((o) + 6) KF_ROUND(7) KF_X8_CP_ROUND((o) + 7) \
    KF_ROUND(8) KF_X8_CP_ROUND((o) + 8) KF_ROUND(9) KF_X8_CP_ROUND((o) + 9) \
    KF_ROUND(10) KF_X8_CP_ROUND((o) + 10) KF_ROUND(11) KF_X8_CP_ROUND((o) + 11)
/*
 * The hybrid node (x8_leaves_node; issue 24): KT's final node, one lone sponge state on the
 * integer units beside the eight leaves on the zmm units (seed 002 §4.4). In a block that has
 * node work (hy), scalar rounds (keccak_x1_round_asm.h) run after the vector rounds whose bits
 * KF_X8_SR_MASK sets: after rounds 6 and 8, so a node permutation takes 6 blocks. Measured
 * (docs/BENCHMARK_HISTORY.md, "KT128's final node beside the leaves"): two rounds in a block
 * beat one, four, six or twelve; next to the copy's rounds (0-5) or at the block's end (10, 11)
 * they cost several times more. The node state alternates between ns[0..24] and ns[25..49]
 * and is back in ns[0..24] at the end of each block (an even count). Node round constants:
 * rc[12 + nround + j] (the node runs Keccak-p[1600, 12]).
 */
#define KF_X8_SR_MASK 0x140
#define KF_X8_SR_K __builtin_popcount(KF_X8_SR_MASK)
_Static_assert(KF_X8_SR_K % 2 == 0 && 12 % KF_X8_SR_K == 0, "an even number of node rounds per block, dividing 12");
#define KF_X8_SR_DO(j_) kf_sr_round(ns, 200 * ((j_) & 1), 200 * (((j_) + 1) & 1), rcn + (j_));
#define KF_X8_SR_AFTER(r) \
    if (hy && (KF_X8_SR_MASK >> (r) & 1)) { \
        const unsigned j_ = __builtin_popcount(KF_X8_SR_MASK & ((1u << (r)) - 1)); \
        KF_X8_SR_DO(j_) \
    }
#define KF_X8_ROUNDS12_CP_SR \
    KF_ROUND(0) KF_X8_CP_ROUND(0) KF_X8_SR_AFTER(0) KF_ROUND(1) KF_X8_CP_ROUND(1) KF_X8_SR_AFTER(1) \
    KF_ROUND(2) KF_X8_CP_ROUND(2) KF_X8_SR_AFTER(2) KF_ROUND(3) KF_X8_CP_ROUND(3) KF_X8_SR_AFTER(3) \
    KF_ROUND(4) KF_X8_CP_ROUND(4) KF_X8_SR_AFTER(4) KF_ROUND(5) KF_X8_CP_ROUND(5) KF_X8_SR_AFTER(5) \
    KF_ROUND(6) KF_X8_CP_ROUND(6) KF_X8_SR_AFTER(6) KF_ROUND(7) KF_X8_CP_ROUND(7) KF_X8_SR_AFTER(7) \
    KF_ROUND(8) KF_X8_CP_ROUND(8) KF_X8_SR_AFTER(8) KF_ROUND(9) KF_X8_CP_ROUND(9) KF_X8_SR_AFTER(9) \
    KF_ROUND(10) KF_X8_CP_ROUND(10) KF_X8_SR_AFTER(10) KF_ROUND(11) KF_X8_CP_ROUND(11) KF_X8_SR_AFTER(11)

/* The node's part of a call: its state (ns[0..24], ns[25..49] scratch), the next of `blocks`
 * whole blocks of its input, and the round its current permutation is at. */
typedef struct x8_node {
    uint64_t *ns;
    const uint8_t *in;
    size_t blocks;
    unsigned round;
    uint8_t suffix; /* the leaves' */
    uint8_t padded; /* set when the loop has absorbed the leaves' padded last block */
    uint8_t no_tail; /* 1: leave the last block to the caller */
} x8_node;

/* The node variants also absorb the leaves' last block when it is `tail` whole lanes (KT's
 * 8 KiB chunks: 16 lanes at rate 168, 4 at 136) and the last full block's copy brought it
 * into buf, with the suffix and the final bit, in the same function: the lanes stay in
 * registers (x8_leaves_finish stores and reloads the state around one generic block). Tail
 * lane j (j < tail) is in buf[j + lanes - tail]; the padding words: */
#define KF_X8_XTB(j, var) \
    if ((j) < tail) var = KF_XOR(var, _mm512_load_si512(&buf[(j) + lanes - tail]));
#define KF_X8_XPAD(j, var) \
    if ((j) == tail) var = KF_XOR(var, _mm512_set1_epi64((long long)node->suffix)); \
    if ((j) == lanes - 1) var = KF_XOR(var, _mm512_set1_epi64((long long)(0x80ull << 56)));
#define KF_X8_LANE_VARS(X) \
    X(0, a00) X(1, a10) X(2, a20) X(3, a30) X(4, a40) X(5, a01) X(6, a11) X(7, a21) X(8, a31) \
    X(9, a41) X(10, a02) X(11, a12) X(12, a22) X(13, a32) X(14, a42) X(15, a03) X(16, a13) \
    X(17, a23) X(18, a33) X(19, a43) X(20, a04) X(21, a14) X(22, a24) X(23, a34) X(24, a44)

/* lane j ^= buf[j] (the aligned load folded into the xor) when j < lanes */
#define KF_X8_XB(j, var) \
    if ((j) < lanes) var = KF_XOR(var, _mm512_load_si512(&buf[j]));
#define KF_X8_ABSORB_BUF KF_X8_LANE_VARS(KF_X8_XB)

/* buf[j] = lane j of the blocks at in[0..7], j < lanes, through the vector transposition: the
 * first block's, with no rounds yet to hide a scalar copy behind */
static inline __attribute__((always_inline)) void
x8_transpose_to(__m512i *buf, const uint8_t *const *in, size_t lanes)
{
    for (unsigned g = 0; 8 * g < lanes; g++) {
        __m512i r[8];
        x8_load_group(r, in, 0, lanes, g);
        for (size_t t = 0; t < 8 && 8 * g + t < lanes; t++) _mm512_store_si512(&buf[8 * g + t], r[t]);
    }
}

/* The copy's source during the last block, whose copied words are never absorbed: reading
 * zeros costs less than branches around the moves (a branch per round made KT128 ~2% slower). */
static _Alignas(64) const uint64_t x8_no_block[25];

/* All full blocks of rate = 8 * lanes bytes: the transposition of each block in registers, or
 * (copy) the scalar copy of the next block into buf during the rounds. */
static inline __attribute__((always_inline)) size_t
x8_absorb_fused_body(__m512i *s, unsigned nr, size_t lanes, int copy, const uint8_t *const *in, size_t len,
                     x8_node *node, size_t tail)
{
    size_t rate = 8 * lanes, done = 0;
    const size_t nw = 8 * lanes, spread = nr == 12 ? KF_X8_SPREAD12 : KF_X8_SPREAD24;
    const size_t per = (nw + spread - 1) / spread;
    const uint64_t *rc0 = kf_keccak_rc + 24 - nr, *end = kf_keccak_rc + 24;
    _Alignas(64) __m512i buf[25];
    int tail_in_buf = 0; /* the node variants: the tail's lanes are in buf */
    uint64_t *const ns = node ? node->ns : NULL;
    const uint8_t *nin = node ? node->in : NULL;
    size_t nblocks = node ? node->blocks : 0;
    unsigned nround = node ? node->round : 0;
    KF_LANE_LIST(KF_LOAD_LANE)
    if (copy && len >= rate) x8_transpose_to(buf, in, lanes);
    for (; len - done >= rate; done += rate) {
        if (!copy) {
            KF_X8_ABSORB_BLOCK
            for (const uint64_t *rc = rc0; rc < end; rc += 12) {
                KF_AVX512_ROUNDS12
            }
            continue;
        }
        const uint8_t *nx[8];
        const int more = len - done >= 2 * rate; /* a next block to copy, else x8_no_block */
        /* the node variants' last full block copies the leaves' tail of whole lanes instead,
         * shifted so that its words end where the leaf ends (no read past it): tail lane j is
         * in buf[j + lanes - tail] */
        const int tail_next = node && tail && !more && !node->no_tail && len - done - rate == 8 * tail;
        const size_t back = tail_next ? 8 * (lanes - tail) : 0;
        for (int i = 0; i < 8; i++)
            nx[i] = more || tail_next ? in[i] + done + rate - back : (const uint8_t *)x8_no_block;
        tail_in_buf = tail_next;
        if (node) { /* a constant: only the node variants (12 rounds) have this branch */
            /* the node's block before the leaves' (after their absorb, the branch split the
             * absorb from round 0, and GCC moved round 0's copy above the round: 19% slower) */
            const int hy = nblocks != 0;
            if (hy && nround == 0) kf_sr_xor_lanes(ns, nin, lanes);
            const uint64_t *rcn = kf_keccak_rc + 12 + nround, *rc = rc0;
            KF_X8_ABSORB_BUF
            KF_X8_ROUNDS12_CP_SR
            if (hy && (nround += KF_X8_SR_K) == 12) {
                nround = 0;
                nin += rate;
                nblocks--;
            }
            continue;
        }
        KF_X8_ABSORB_BUF
        const uint64_t *rc = rc0;
        KF_X8_ROUNDS12_CP(0)
        if (nr == 24) {
            rc += 12;
            KF_X8_ROUNDS12_CP(12)
        }
    }
    if (tail_in_buf) { /* the leaves' last block, padded (tail_next: len - done == 8 * tail) */
        KF_X8_LANE_VARS(KF_X8_XTB)
        KF_X8_LANE_VARS(KF_X8_XPAD)
        const uint64_t *rc = rc0;
        KF_AVX512_ROUNDS12
        done = len;
        node->padded = 1;
    }
    KF_LANE_LIST(KF_STORE_LANE)
    if (node) {
        node->in = nin;
        node->blocks = nblocks;
        node->round = nround;
    }
    return done;
}

/* The body compiled for the parameter sets of KT128 / TurboSHAKE128 / SHAKE128 (rate 168)
 * and KT256 / TurboSHAKE256 / SHAKE256 (136), at 12 and 24 rounds, so the lane count and the
 * rounds are constants there (no lane tests, one straight run of rounds), with the scalar
 * copy (x8_fused_*) and without (x8_fused_*_t), and once for the rest, without. */
#define KF_X8_FUSED(name, NR, LANES, COPY) \
    __attribute__((noinline)) static size_t name(__m512i *s, const uint8_t *const *in, size_t len) \
    { return x8_absorb_fused_body(s, NR, LANES, COPY, in, len, NULL, 0); }
/* with the hybrid node (KT's rates, 12 rounds) */
#define KF_X8_FUSED_NODE(name, LANES, TAIL) \
    __attribute__((noinline)) static size_t name(__m512i *s, const uint8_t *const *in, size_t len, x8_node *node) \
    { return x8_absorb_fused_body(s, 12, LANES, 1, in, len, node, TAIL); }
KF_X8_FUSED(x8_fused_12_21, 12, 21, 1)
KF_X8_FUSED(x8_fused_12_17, 12, 17, 1)
KF_X8_FUSED(x8_fused_24_21, 24, 21, 1)
KF_X8_FUSED(x8_fused_24_17, 24, 17, 1)
KF_X8_FUSED(x8_fused_12_21_t, 12, 21, 0)
KF_X8_FUSED(x8_fused_12_17_t, 12, 17, 0)
KF_X8_FUSED(x8_fused_24_21_t, 24, 21, 0)
KF_X8_FUSED(x8_fused_24_17_t, 24, 17, 0)
KF_X8_FUSED_NODE(x8_fused_12_21_n, 21, (8192 % 168) / 8)
KF_X8_FUSED_NODE(x8_fused_12_17_n, 17, (8192 % 136) / 8)

__attribute__((noinline)) static size_t x8_fused_any(__m512i *s, unsigned nr, size_t lanes, const uint8_t *const *in,
                                                     size_t len)
{
    return x8_absorb_fused_body(s, nr, lanes, 0, in, len, NULL, 0);
}

/* Below these many blocks the transposition alone is faster: the copy's first block goes
 * through the transposition anyway, and the last block's copy is wasted (batched
 * TurboSHAKE128 of 1-6 blocks: up to 6.5% slower with the copy, SHAKE128 of 1 block: 4-5%). */
#define KF_X8_COPY_MIN_BLOCKS12 8
#define KF_X8_COPY_MIN_BLOCKS24 3

static size_t x8_absorb_fused(__m512i *s, unsigned nr, size_t lanes, const uint8_t *const *in, size_t len)
{
    int copy = len >= (nr == 12 ? KF_X8_COPY_MIN_BLOCKS12 : KF_X8_COPY_MIN_BLOCKS24) * 8 * lanes;
    if (lanes == 21 && nr == 12) return copy ? x8_fused_12_21(s, in, len) : x8_fused_12_21_t(s, in, len);
    if (lanes == 17 && nr == 12) return copy ? x8_fused_12_17(s, in, len) : x8_fused_12_17_t(s, in, len);
    if (lanes == 21) return copy ? x8_fused_24_21(s, in, len) : x8_fused_24_21_t(s, in, len);
    if (lanes == 17) return copy ? x8_fused_24_17(s, in, len) : x8_fused_24_17_t(s, in, len);
    return x8_fused_any(s, nr, lanes, in, len);
}

/* For every instance: xor one block of rate bytes (rate/8 lanes) from in[i] into the state,
 * then permute; the fused loop above when nr is 12 or 24, else a transposition per block
 * (keccak_xn_absorb.h) and the out-of-line rounds. */
static size_t x8_absorb_blocks(void *states, unsigned nr, size_t rate, const uint8_t *const *in, size_t len)
{
    __m512i *s = (__m512i *)states;
    size_t lanes = rate / 8, done = 0;
    if (lanes == 0 || lanes > 25) return 0;
    if (nr == 12 || nr == 24) return x8_absorb_fused(s, nr, lanes, in, len);
    for (; len - done >= rate; done += rate) {
        kf_xn_xor_block8(s, in, done, lanes);
        x8_permute(states, nr);
    }
    return done;
}

/*
 * The tree modes' leaves (kf_backend_xn.leaves): eight whole sponges, each in[i][0 .. len)
 * padded with suffix and pad10*1, squeezed for outlen <= rate bytes. The full blocks go
 * through the fused loop; the last block (the tail, the suffix and the final bit) is built
 * in eight zeroed buffers and absorbed by the same loop, or, when the tail is whole lanes,
 * read from the inputs as a shorter block; the CVs are read from the state.
 * The state is stored to memory twice per leaf (after the full blocks and at the end),
 * instead of twice per block.
 */
static int x8_leaves_ok(unsigned nr, size_t rate, size_t outlen)
{
    size_t lanes = rate / 8;
    return (nr == 12 || nr == 24) && lanes != 0 && lanes <= 24 && rate % 8 == 0 && outlen <= rate;
}

/* The leaves after their first `done` bytes (whole blocks, absorbed into s): the last block
 * with the padding, and the CVs. */
static int x8_leaves_finish(__m512i *s, unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,
                            size_t done, uint8_t *const *out, size_t outlen)
{
    size_t lanes = rate / 8, tail = len - done;
    _Alignas(64) uint8_t last[N][200];
    const uint8_t *lp[N];
    if (tail % 8 == 0) {
        /* the tail is whole lanes (every tree mode's 8 KiB leaf: 128 bytes at rate 168, 32 at
         * 136): the suffix and the final bit go into the state first (xor commutes), then the
         * tail's lanes straight from the inputs through the same loop, one block of tail / 8
         * lanes; no copy into buffers, whose byte stores the loop's 64-byte loads would wait on */
        size_t tl = tail / 8;
        s[tl] = _mm512_xor_si512(s[tl], _mm512_set1_epi64((long long)suffix));
        s[lanes - 1] = _mm512_xor_si512(s[lanes - 1], _mm512_set1_epi64((long long)(0x80ull << 56)));
        for (int i = 0; i < N; i++) lp[i] = in[i] + done;
        if (tl) x8_absorb_fused(s, nr, tl, lp, tail);
        else x8_permute(s, nr);
        for (unsigned i = 0; i < N; i++) kf_xn_extract_bytes(s, N, i, out[i], 0, outlen);
        return 1;
    }
    for (int i = 0; i < N; i++) {
        memset(last[i], 0, rate);
        memcpy(last[i], in[i] + done, tail);
        last[i][tail] ^= suffix;
        last[i][rate - 1] ^= 0x80;
        lp[i] = last[i];
    }
    x8_absorb_fused(s, nr, lanes, lp, rate);
    for (unsigned i = 0; i < N; i++) kf_xn_extract_bytes(s, N, i, out[i], 0, outlen);
    return 1;
}

static int x8_leaves(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,
                     uint8_t *const *out, size_t outlen)
{
    if (!x8_leaves_ok(nr, rate, outlen)) return 0;
    _Alignas(64) __m512i s[25];
    memset(s, 0, sizeof s);
    size_t done = x8_absorb_fused(s, nr, rate / 8, in, len);
    return x8_leaves_finish(s, nr, rate, suffix, in, len, done, out, outlen);
}

/*
 * kf_backend_xn.leaves_node: the leaves as above, and beside them KT's final node (issue 24,
 * "KT128 faster than BLAKE3"): a lone sponge state that absorbs node_blocks whole blocks of
 * node_in, its Keccak-p[1600, 12] rounds on the integer units in the leaf loop (x8_node,
 * KF_X8_SR_AFTER) instead of on the x1 backend after it. KT's rates at 12 rounds only, and
 * only with BMI1 and BMI2 (andn, rorx; every AVX-512 CPU so far has them, but the backend
 * requires only AVX-512F). Node blocks the loop has no room for (more than about 8 per 8 KiB
 * leaf: KT never has more than 4) run on the integer units after it.
 */
static int x8_leaves_node(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,
                          uint8_t *const *out, size_t outlen, uint8_t node[KF_STATE_BYTES],
                          const uint8_t *node_in, size_t node_blocks, uint8_t *first_state)
{
    const uint32_t bmi = KF_CPU_BMI1 | KF_CPU_BMI2;
    size_t lanes = rate / 8;
    if (nr != 12 || (lanes != 21 && lanes != 17) || !x8_leaves_ok(nr, rate, outlen) || (kf_cpu_features() & bmi) != bmi)
        return 0;
    _Alignas(64) __m512i s[25];
    uint64_t ns[KF_SR_WORDS];
    /* with first_state the last block waits (x8_leaves_finish) until instance 0 is read */
    x8_node nd = {ns, node_in, node_blocks, 0, suffix, 0, first_state != NULL};
    memcpy(ns, node, KF_STATE_BYTES); /* x86-64: the lanes are the bytes, little endian */
    memset(s, 0, sizeof s);
    size_t done = lanes == 21 ? x8_fused_12_21_n(s, in, len, &nd) : x8_fused_12_17_n(s, in, len, &nd);
    for (; nd.blocks; nd.blocks--, nd.in += rate, nd.round = 0) {
        if (nd.round == 0) kf_sr_xor_lanes(ns, nd.in, lanes);
        for (; nd.round < 12; nd.round += 2) {
            kf_sr_round(ns, 0, 200, kf_keccak_rc + 12 + nd.round);
            kf_sr_round(ns, 200, 0, kf_keccak_rc + 13 + nd.round);
        }
    }
    memcpy(node, ns, KF_STATE_BYTES);
    if (first_state) kf_xn_extract_bytes(s, N, 0, first_state, 0, KF_STATE_BYTES);
    if (nd.padded) { /* the loop absorbed the padded last block too */
        for (unsigned i = 0; i < N; i++) kf_xn_extract_bytes(s, N, i, out[i], 0, outlen);
        return 1;
    }
    return x8_leaves_finish(s, nr, rate, suffix, in, len, done, out, outlen);
}

/* kf_backend_xn.xof (keccak_xn_xof_avx512.h): SHAKE128 / SHAKE256 and the 12-round sets,
 * squeezed for any length with the lanes in zmm registers, twelve rounds unrolled as in
 * x8_rounds12 and run once or twice per block. */
#define KF_XN_XOF_ZMM /* the zmm operations the template needs, and XN_ROUNDS */
#include "keccak_xn_xof_avx512.h"

#define X8_XOF(name, NR, LANES_) \
    __attribute__((noinline)) static void name(uint8_t suffix, const uint8_t *const *in, size_t len, \
                                               unsigned count, uint8_t *const *out, size_t outlen, const __m512i *s0) \
    { xn_xof_body(NR, LANES_, suffix, in, len, count, out, outlen, s0, NULL); }
X8_XOF(x8_xof_24_21, 24, 21)
X8_XOF(x8_xof_24_17, 24, 17)
X8_XOF(x8_xof_12_21, 12, 21)
X8_XOF(x8_xof_12_17, 12, 17)

/* Inputs long enough for x8_absorb_fused's scalar copy (KF_X8_COPY_MIN_BLOCKS*) absorb their
 * whole blocks there first, into a state in memory, and the xof goes on from that state: its
 * own absorb transposes each block on the vector units, which for 8 x 4 KiB of SHAKE128 took
 * 1.04x the ticks of the general path and 1.06x for 8 x 64 KiB (kf_shake*_batch, Zen 4). */
static int x8_xof(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len, unsigned count,
                  uint8_t *const *out, size_t outlen, int secret)
{
    void (*body)(uint8_t, const uint8_t *const *, size_t, unsigned, uint8_t *const *, size_t, const __m512i *);
    if (count == 0 || count > N) return 0;
    if (nr == 24 && rate == 168) body = x8_xof_24_21;
    else if (nr == 24 && rate == 136) body = x8_xof_24_17;
    else if (nr == 12 && rate == 168) body = x8_xof_12_21;
    else if (nr == 12 && rate == 136) body = x8_xof_12_17;
    else return 0;
    if (len < (nr == 12 ? KF_X8_COPY_MIN_BLOCKS12 : KF_X8_COPY_MIN_BLOCKS24) * rate) {
        body(suffix, in, len, count, out, outlen, NULL);
    } else {
        _Alignas(64) __m512i s[25];
        const uint8_t *src[N], *rest[N]; /* an idle instance reads the first one's input */
        memset(s, 0, sizeof s);
        for (unsigned i = 0; i < N; i++) src[i] = in[i < count ? i : 0];
        const size_t done = x8_absorb_fused(s, nr, rate / 8, src, len);
        for (unsigned i = 0; i < N; i++) rest[i] = src[i] + done;
        body(suffix, rest, len - done, count, out, outlen, s);
        memset(s, 0, sizeof s);
        __asm__ __volatile__("" : : "r"(s) : "memory");
    }
    if (secret) xn_xof_burn_stack();
    return 1;
}

/*
 * kf_backend_xn.xof_strided (ML-DSA's ExpandA): SHAKE128 of eight inputs shorter than a block,
 * five output blocks each, written per stream (stream i's 840 bytes at out + 840 i) with no
 * transposition on the vector units but the last block's: each output block's lanes are
 * stored as they are (raw, lane-major), and during the next permutation they are copied word
 * by word to the streams with general-purpose moves, eight a round (one lane of the eight
 * streams) in rounds 0-10 of each half of 12, on the load and store ports that the rounds
 * leave idle (the fused absorb's scalar copy above, the other way round). The copy's
 * addresses are constants from one base per half (lanes 0-10, then 11-21), so the second half
 * also copies lane 21 (stored for it) to lane 0 of the block after, which that block's own
 * copy overwrites later; the first permutation likewise copies the absorbed state to block 0
 * (one round body for all five). The last block leaves the registers through three 8 x 8
 * transpositions. Zen 4, eight 34-byte seeds (scratch loop, TSC medians, 2026-11-26): 5,434
 * ticks, the lane-major xof it replaced 5,382 (five bare permutations 5,252); a stream's
 * rejection from the bytes (sampling_avx512.c's kf_mldsa_rej_uniform_avx512) then takes 416
 * for eight, the lane-major one 624-650 (both removed in session 38).
 */
#define X8S_STRIDE (5 * 168)
/* lane r of the block at srcb (lane-major, all eight streams) to the streams at dstb + 8 r;
 * under MemorySanitizer (tests/ct_msan.sh) a plain copy, whose shadow it follows (it does not
 * see what the assembly's moves write) */
#ifdef KF_HAVE_MSAN
#define KF_X8_SO_WORD(r, i) memcpy(dstb + X8S_STRIDE * (i) + 8 * (r), (const uint64_t *)srcb + 8 * (r) + (i), 8);
#else
#define KF_X8_SO_WORD(r, i) \
    { \
        uint64_t v_; \
        __asm__("movq %[src], %[v]\n\tmovq %[v], %[dst]" \
                : [dst] "=m"(*(kf_x8_word *)(dstb + X8S_STRIDE * (i) + 8 * (r))), [v] "=&r"(v_) \
                : [src] "m"(((const kf_x8_word *)srcb)[8 * (r) + (i)])); \
    }
#endif
#define KF_X8_SO_ROUND(r) \
    if ((r) < 11) { \
        KF_X8_SO_WORD(r, 0) KF_X8_SO_WORD(r, 1) KF_X8_SO_WORD(r, 2) KF_X8_SO_WORD(r, 3) \
        KF_X8_SO_WORD(r, 4) KF_X8_SO_WORD(r, 5) KF_X8_SO_WORD(r, 6) KF_X8_SO_WORD(r, 7) \
    }
#define KF_X8_ROUNDS12_SO(h) \
    KF_ROUND(0) KF_X8_SO_ROUND(0) KF_ROUND(1) KF_X8_SO_ROUND(1) \
    KF_ROUND(2) KF_X8_SO_ROUND(2) KF_ROUND(3) KF_X8_SO_ROUND(3) \
    KF_ROUND(4) KF_X8_SO_ROUND(4) KF_ROUND(5) KF_X8_SO_ROUND(5) \
    KF_ROUND(6) KF_X8_SO_ROUND(6) KF_ROUND(7) KF_X8_SO_ROUND(7) \
    KF_ROUND(8) KF_X8_SO_ROUND(8) KF_ROUND(9) KF_X8_SO_ROUND(9) \
    KF_ROUND(10) KF_X8_SO_ROUND(10) KF_ROUND(11)
#define KF_X8_RAW_STORE(j, var) if ((j) < 22) _mm512_store_si512(&raw[j], var);
#define KF_X8_FROM_ST(x, y) kf_v a##x##y = _mm512_load_si512(&st[(x) + 5 * (y)]);

__attribute__((noinline)) static void x8_xof_strided_24_21(uint8_t suffix, const uint8_t *const *in, size_t len,
                                                           unsigned count, uint8_t *out)
{
    _Alignas(64) __m512i st[25], raw[22];
    uint64_t *w = (uint64_t *)st;
    const size_t ft = len / 8, r8 = len % 8;
    memset(st, 0, sizeof st);
    for (unsigned i = 0; i < N; i++) {
        const uint8_t *src = in[i < count ? i : 0];
        for (size_t j = 0; j < ft; j++) memcpy(&w[8 * j + i], src + 8 * j, 8);
        w[8 * ft + i] = (r8 ? kf_lanes64_tail(src + 8 * ft, r8, 8 * ft) : 0) ^ ((uint64_t)suffix << (8 * r8));
        w[8 * 20 + i] ^= (uint64_t)0x80 << 56;
    }
    KF_LANE_LIST(KF_X8_FROM_ST)
    memcpy(raw, st, sizeof raw);
    for (unsigned b = 0; b < 5; b++) {
        uint8_t *o = out + 168 * (b ? b - 1 : 0);
        for (unsigned h = 0; h < 2; h++) {
            const uint64_t *rc = kf_keccak_rc + 12 * h;
            const __m512i *srcb = raw + 11 * h;
            uint8_t *dstb = o + 88 * h;
            KF_X8_ROUNDS12_SO(0)
        }
        KF_X8_LANE_VARS(KF_X8_RAW_STORE)
    }
    /* the last block from the registers: three 8 x 8 transpositions (lanes 0-7, 8-15, 16-20),
     * each stream's eight (five) words stored at once */
    uint8_t *o = out + 168 * 4;
    {
        __m512i r[8] = {a00, a10, a20, a30, a40, a01, a11, a21};
        kf_xn_transpose8(r);
        for (unsigned i = 0; i < N; i++) _mm512_storeu_si512(o + X8S_STRIDE * i, r[i]);
    }
    {
        __m512i r[8] = {a31, a41, a02, a12, a22, a32, a42, a03};
        kf_xn_transpose8(r);
        for (unsigned i = 0; i < N; i++) _mm512_storeu_si512(o + X8S_STRIDE * i + 64, r[i]);
    }
    {
        __m512i r[8] = {a13, a23, a33, a43, a04, a04, a04, a04};
        kf_xn_transpose8(r);
        for (unsigned i = 0; i < N; i++) _mm512_mask_storeu_epi64(o + X8S_STRIDE * i + 128, 0x1F, r[i]);
    }
}

static int x8_xof_strided(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,
                          unsigned count, uint8_t *out, size_t stride, size_t blocks)
{
    if (count == 0 || count > N || nr != 24 || rate != 168 || blocks != 5 || stride != X8S_STRIDE || len >= 168)
        return 0;
    x8_xof_strided_24_21(suffix, in, len, count, out);
    return 1;
}

const kf_backend_xn kf_backend_x8_avx512 = {
    .name = "avx512-x8",
    .requires = KF_CPU_AVX512F,
    .rank = 30,
    .n = N,
    .state_bytes = 25 * N * 8,
    .interleaved = 1,
    .init = x8_init,
    .add_bytes = x8_add_bytes,
    .overwrite_bytes = x8_overwrite_bytes,
    .extract_bytes = x8_extract_bytes,
    .permute = x8_permute,
    .absorb_blocks = x8_absorb_blocks,
    .permute_from = x8_permute_from,
    .oneblock = kf_x8_oneblock_avx512,
    .leaves = x8_leaves,
    .leaves_node = x8_leaves_node,
    .xof = x8_xof,
    .xof_strided = x8_xof_strided,
};

/* SPDX-License-Identifier: Apache-2.0 OR MIT */

/* Under clang's MemorySanitizer only (the constant-time check, tests/test_ct_msan.c): clang
 * 14's MSan checks vpternlogq's operands strictly instead of propagating their shadow, which
 * would report every secret state. There KF_TERN is the same truth table written in AND,
 * OR and NOT (minterm i is a^(i>>2&1), b^(i>>1&1), c^(i&1) as in vpternlogq), which MSan
 * follows bit by bit; the optimizer folds it back to the same Boolean function. */
#include "common/ct.h" /* KF_HAVE_MSAN */
#ifdef KF_HAVE_MSAN
#define KF_TT_TERM(k, i, a, b, c) \
    (((k) >> (i) & 1) ? ((((i) & 4) ? (a) : ~(a)) & (((i) & 2) ? (b) : ~(b)) & (((i) & 1) ? (c) : ~(c))) : ((a) ^ (a)))
#define KF_TERN_BOOL(a, b, c, k) \
    (KF_TT_TERM(k, 0, a, b, c) | KF_TT_TERM(k, 1, a, b, c) | KF_TT_TERM(k, 2, a, b, c) | KF_TT_TERM(k, 3, a, b, c) | \
     KF_TT_TERM(k, 4, a, b, c) | KF_TT_TERM(k, 5, a, b, c) | KF_TT_TERM(k, 6, a, b, c) | KF_TT_TERM(k, 7, a, b, c))
#undef KF_TERN
#define KF_TERN(a, b, c, k) KF_TERN_BOOL((kf_v)(a), (kf_v)(b), (kf_v)(c), k)
#endif
/*
 * keccak_p1600_avx512_rounds.h - the unrolled Keccak-p[1600, nr] rounds shared by the
 * AVX-512 batched backends (x4 on ymm, keccak_p1600_x4_avx512vl.c; x8 on zmm,
 * keccak_p1600_x8_avx512.c). Each vector register holds one lane of all N states.
 *
 * The includer defines the vector type and these operations, then runs KF_AVX512_ROUNDS12
 * (x1, x8; x4 runs a loop over two KF_ROUNDs, and its comment says why) on 25 local
 * variables a00..a44 (lane (x, y) is a##x##y), with `const uint64_t *rc` at the round
 * constant of the first round:
 *   kf_v                 the vector type (__m256i or __m512i)
 *   KF_TERN(a, b, c, k)  vpternlogq with truth table k; a is the operand it overwrites
 *   KF_XOR(a, b)         a ^ b                                        vpxorq
 *   KF_ROL(a, n)         rotate each 64-bit word left by constant n   vprolq
 *   KF_XOR_WORD(a, p)    a ^ (the 64-bit word at *p in every element)
 * The rho offsets are the immediates of keccak_constants.h.
 *
 * Register use (seed 002 §3.1, carried over to 32 vector registers): the 25 lanes stay in
 * registers through a block of rounds, with no spills. The rounds are unrolled and each
 * one writes fresh variables, so pi (FIPS 202 Algorithm 3) is a renaming that register
 * allocation absorbs, not a data movement. Within a round at most 32 values are live (25
 * lanes, 5 parities, 2 more while theta's D is formed). The only register copies are the
 * ones vpternlogq needs because it overwrites an input (see below); Zen 4 performs them at
 * rename, without an execution unit.
 *
 * Per round: 10 vpternlogq for the column parities C[x], 5 vprolq + 5 vpxorq for
 * D[x] = C[x-1] ^ rot(C[x+1], 1), 25 vpxorq to add D to the lanes, 24 vprolq for rho,
 * 25 vpternlogq for chi, 1 vpxorq for iota: 95 vector operations.
 *
 * Zen 4 facts behind the choices (measured on this machine kind with TSC medians; the figures:
 * docs/BENCHMARK_HISTORY.md, "AVX-512 rounds"):
 *  - vpternlogq has latency 1 through the operand it overwrites but 2 through the other
 *    two, and runs at about half rate when those two were produced just before. So chi
 *    names the input computed last as the overwritten operand, even where the compiler
 *    must copy it first (register copies are eliminated at rename).
 *  - Theta adds D with a two-input vpxorq instead of one ternary a ^ C[x-1] ^ rot(C[x+1]);
 *    5 more instructions per round, and faster (the ternary form waits on two fresh inputs
 *    for every lane).
 *  - GCC's second scheduling pass (after register allocation) undoes that order: the build
 *    compiles these files with -fno-schedule-insns2.
 *  - A zmm operation occupies a 256-bit unit twice, so x8 on zmm and x4 on ymm have the
 *    same throughput per state. With every dependence removed, this instruction mix alone
 *    (bench/bench_avx512_mix.c, written assembly) is the floor for this design.
 */
#ifndef KF_KECCAK_P1600_AVX512_ROUNDS_H
#define KF_KECCAK_P1600_AVX512_ROUNDS_H

#include "keccak/keccak_constants.h"

/* Truth tables of vpternlogq(a, b, c): a = 0xF0, b = 0xCC, c = 0xAA. */
#define KF_TT_XOR3 0x96      /* a ^ b ^ c */
#define KF_TT_CHI_ABC 0xD2   /* a ^ (~b & c) */
#define KF_TT_CHI_CAB 0x9C   /* b ^ (~c & a): chi(b, c, a), last input first */
#define KF_TT_CHI_BAC 0xC6   /* b ^ (~a & c): chi(b, a, c) */

/* Theta step 1 (FIPS 202 Algorithm 1): the parity of column x, from its lanes in the order
 * the previous round produced them (rows 0..4), the newest in the overwritten slot. */
#define KF_PARITY(x) \
    KF_TERN(a##x##4, KF_TERN(a##x##2, a##x##0, a##x##1, KF_TT_XOR3), a##x##3, KF_TT_XOR3)

/* Theta step 2: D[x] = C[x-1] ^ rot(C[x+1], 1). */
#define KF_THETA_D(cm1, cp1) KF_XOR(KF_ROL(cp1, 1), cm1)

/* Theta step 3 and rho (Algorithm 2) for lane (x, y). Lane (0, 0) is the one rho leaves
 * alone (Algorithm 2 starts at (1, 0)). */
#define KF_THETA_RHO(x, y) KF_ROL(KF_XOR(a##x##y, d##x), KF_RHO_##x##_##y)
#define KF_THETA_ONLY(x, y) KF_XOR(a##x##y, d##x)

/* Chi (Algorithm 4) on output row y from b0..b4, where pi (Algorithm 3) has put input lane
 * ((x + 3y) mod 5, x) at position x. b0..b4 are computed in that order, so the newest
 * input of each output is the one overwritten. */
#define KF_CHI_ROW(y, b0, b1, b2, b3, b4) \
    do { \
        a0##y = KF_TERN(b2, b0, b1, KF_TT_CHI_CAB); \
        a1##y = KF_TERN(b3, b1, b2, KF_TT_CHI_CAB); \
        a2##y = KF_TERN(b4, b2, b3, KF_TT_CHI_CAB); \
        a3##y = KF_TERN(b4, b3, b0, KF_TT_CHI_BAC); \
        a4##y = KF_TERN(b4, b0, b1, KF_TT_CHI_ABC); \
    } while (0)

/* The round whose constant is rc[ir] (FIPS 202 §3.3), on a00..a44 in place. */
#define KF_ROUND(ir) \
    { \
        kf_v c0 = KF_PARITY(0), c1 = KF_PARITY(1), c2 = KF_PARITY(2), c3 = KF_PARITY(3); \
        kf_v c4 = KF_PARITY(4); \
        /* in this order each parity dies as early as possible: at most 32 live values */ \
        kf_v d0 = KF_THETA_D(c4, c1); \
        kf_v d2 = KF_THETA_D(c1, c3); \
        kf_v d4 = KF_THETA_D(c3, c0); \
        kf_v d1 = KF_THETA_D(c0, c2); \
        kf_v d3 = KF_THETA_D(c2, c4); \
        /* theta + rho for all lanes first; b<y><x> goes to position x of output row y, */ \
        /* which pi feeds from lane ((x + 3y) mod 5, x) */ \
        kf_v b00 = KF_THETA_ONLY(0, 0), b01 = KF_THETA_RHO(1, 1), b02 = KF_THETA_RHO(2, 2); \
        kf_v b03 = KF_THETA_RHO(3, 3), b04 = KF_THETA_RHO(4, 4); \
        kf_v b10 = KF_THETA_RHO(3, 0), b11 = KF_THETA_RHO(4, 1), b12 = KF_THETA_RHO(0, 2); \
        kf_v b13 = KF_THETA_RHO(1, 3), b14 = KF_THETA_RHO(2, 4); \
        kf_v b20 = KF_THETA_RHO(1, 0), b21 = KF_THETA_RHO(2, 1), b22 = KF_THETA_RHO(3, 2); \
        kf_v b23 = KF_THETA_RHO(4, 3), b24 = KF_THETA_RHO(0, 4); \
        kf_v b30 = KF_THETA_RHO(4, 0), b31 = KF_THETA_RHO(0, 1), b32 = KF_THETA_RHO(1, 2); \
        kf_v b33 = KF_THETA_RHO(2, 3), b34 = KF_THETA_RHO(3, 4); \
        kf_v b40 = KF_THETA_RHO(2, 0), b41 = KF_THETA_RHO(3, 1), b42 = KF_THETA_RHO(4, 2); \
        kf_v b43 = KF_THETA_RHO(0, 3), b44 = KF_THETA_RHO(1, 4); \
        KF_CHI_ROW(0, b00, b01, b02, b03, b04); \
        KF_CHI_ROW(1, b10, b11, b12, b13, b14); \
        KF_CHI_ROW(2, b20, b21, b22, b23, b24); \
        KF_CHI_ROW(3, b30, b31, b32, b33, b34); \
        KF_CHI_ROW(4, b40, b41, b42, b43, b44); \
        /* iota (Algorithm 6) */ \
        a00 = KF_XOR_WORD(a00, rc + (ir)); \
    }

/*
 * Twelve rounds on a00..a44 (FIPS 202 §3.3), from constant rc[0].
 *
 * Why blocks of 12 rather than a jump into 24 unrolled rounds: GCC 12 spills lanes when 24
 * entry points merge into the unrolled code, but keeps every lane in a register through a
 * straight run of rounds. So Keccak-p[1600, nr] with nr = 12q + r runs r single rounds
 * and then q blocks of 12.
 */
#define KF_AVX512_ROUNDS12 \
    KF_ROUND(0) KF_ROUND(1) KF_ROUND(2) KF_ROUND(3) KF_ROUND(4) KF_ROUND(5) \
    KF_ROUND(6) KF_ROUND(7) KF_ROUND(8) KF_ROUND(9) KF_ROUND(10) KF_ROUND(11)

/* The lanes of a state, (x, y) in order x + 5y, for loading and storing. */
#define KF_LANE_LIST(X) \
    X(0, 0) X(1, 0) X(2, 0) X(3, 0) X(4, 0) X(0, 1) X(1, 1) X(2, 1) X(3, 1) X(4, 1) \
    X(0, 2) X(1, 2) X(2, 2) X(3, 2) X(4, 2) X(0, 3) X(1, 3) X(2, 3) X(3, 3) X(4, 3) \
    X(0, 4) X(1, 4) X(2, 4) X(3, 4) X(4, 4)

#endif

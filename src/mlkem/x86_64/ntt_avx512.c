/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ntt_avx512.c - the forward NTT (FIPS 203 Alg. 9) with AVX-512 BW, for CPUs that have it
 * (poly.c calls it only where kf_mlkem_arith_avx512() says so).
 *
 * Bit-identical to poly.c's kf_mlkem_poly_ntt_portable and poly_avx2.c's
 * kf_mlkem_poly_ntt_avx2: the same butterflies on the same coefficients in the same layer
 * order, the same Montgomery products (fqmul_pre) and the same final Barrett reduction,
 * written for 16-bit lanes in reduce_avx512.h (reduce_avx2.h says why each lane op gives
 * exactly the scalar value), so tests/test_mlkem_simd.c compares the outputs with memcmp.
 *
 * The whole polynomial is 8 zmm registers of 32 coefficients, r[i] = c[32 i, 32 i + 32), so
 * all seven layers run in registers: one load and one store per register, where the AVX2
 * code (16 ymm registers, 16 coefficients each) needs two passes through memory.
 *  - len 128, 64, 32 pair whole registers (i, i + 4), (i, i + 2), (i, i + 1), one zeta each.
 *  - len 16, 8, 4, 2 pair coefficients inside registers. Take a, b = r[2m], r[2m + 1]: 64
 *    coefficients, index bits c0..c5, c5 saying which register, c0..c4 the lane. Layer len
 *    2^k pairs the coefficients that differ only in bit c_k. A 2x2 transpose of 2^j-word
 *    blocks between a and b exchanges the register bit with lane bit j; the four of them, for
 *    j = 4, 3, 2, 1 in turn, make the register bit c4, c3, c2, c1 just before the layers
 *    len 16, 8, 4, 2, so that each butterfly pairs the same lane of a and b, and the lane
 *    bits above j then hold c_{j+1}..c5 in order (see the zetas in ct_last4). After the
 *    last layer one vpermt2d per register puts the coefficients back in the standard order
 *    (two shuffles instead of the four transposes again, each its own inverse).
 *  - the zetas, and their products with q^-1 mod 2^16 (the second factor of fqmul_pre), come
 *    from ntt_avx512_zetas.h (gen_ntt_avx512_zetas.py): constants for the whole-register
 *    layers, one aligned 64-byte load per vector for the other four. Built in registers
 *    instead (the 128 zetas in 4 registers, each vector a vpermw of them, 88 vpermw per NTT)
 *    the NTT was slower (docs/BENCHMARK_HISTORY.md, "AVX-512 NTT zetas").
 * Constant time: no branch or address depends on a coefficient.
 * Built with -mavx512f -mavx512bw -mavx512vbmi -mavx512vbmi2 (sources.cmake); uses only F
 * and BW instructions.
 */
#include "mlkem/x86_64/poly_avx2.h"
#include "mlkem/x86_64/reduce_avx512.h"
#include "mlkem/x86_64/ntt_avx512_zetas.h"

/* Cooley-Tukey butterfly (Alg. 9 lines 8-10): (a, b) <- (a + zeta b, a - zeta b). */
INLINE void ct_butterfly(__m512i *a, __m512i *b, __m512i z, __m512i zq)
{
    __m512i t = fqmul_pre(*b, z, zq);
    *b = _mm512_sub_epi16(*a, t);
    *a = _mm512_add_epi16(*a, t);
}

/* Whole registers with zeta = zetas[j]. */
INLINE void ct_const(__m512i *a, __m512i *b, int j)
{
    ct_butterfly(a, b, set16(kf_ntt512_whole[j][0]), set16(kf_ntt512_whole[j][1]));
}

/* 2x2 transposes of 2^j-word blocks between a and b (lane bit j <-> register bit):
 * 256-bit: ([a.lo, b.lo], [a.hi, b.hi]);
 * 128-bit: ([a0, b0, a2, b2], [a1, b1, a3, b3]) in 128-bit blocks;
 * 64-bit:  the same with the 64-bit halves of each 128-bit block (unpacklo/hi);
 * 32-bit:  the same with the 32-bit halves of each 64-bit block.
 * The 128- and 32-bit ones are one masked shuffle per output: the blocks of the other
 * register are shuffled into place and merged under the mask of the odd (even) blocks. */
INLINE void transpose256(__m512i *a, __m512i *b)
{
    __m512i x = _mm512_shuffle_i64x2(*a, *b, 0x44), y = _mm512_shuffle_i64x2(*a, *b, 0xEE);
    *a = x;
    *b = y;
}

INLINE void transpose128(__m512i *a, __m512i *b)
{
    /* 0xA0: blocks [0, 0, 2, 2] into the odd blocks of a; 0xF5: [1, 1, 3, 3] into b's even */
    __m512i x = _mm512_mask_shuffle_i64x2(*a, 0xCC, *b, *b, 0xA0);
    __m512i y = _mm512_mask_shuffle_i64x2(*b, 0x33, *a, *a, 0xF5);
    *a = x;
    *b = y;
}

INLINE void transpose64(__m512i *a, __m512i *b)
{
    __m512i x = _mm512_unpacklo_epi64(*a, *b), y = _mm512_unpackhi_epi64(*a, *b);
    *a = x;
    *b = y;
}

INLINE void transpose32(__m512i *a, __m512i *b)
{
    /* the same with pshufd: dwords [0, 0, 2, 2] into the odd dwords, [1, 1, 3, 3] the even */
    __m512i x = _mm512_mask_shuffle_epi32(*a, 0xAAAA, *b, (_MM_PERM_ENUM)0xA0);
    __m512i y = _mm512_mask_shuffle_epi32(*b, 0x5555, *a, (_MM_PERM_ENUM)0xF5);
    *a = x;
    *b = y;
}

/* Layers len 16, 8, 4, 2 on coefficients [64 m, 64 m + 64) = registers a, b. poly.c's block
 * of 2 len coefficients starting at s uses zetas[128 / len + s / (2 len)]; s / (2 len) =
 * 64 m / (2 len) + (c5..c_{k+1}), and after the transpose for layer len = 2^k those bits are
 * lane bits 4..k, i.e. lane i >> k: lane i takes zetas[128 / len + 32 m / len + (i >> k)],
 * kf_ntt512_last4[m][layer]. */
INLINE void ct_last4(__m512i *a, __m512i *b, unsigned m, unsigned layer)
{
    const int16_t(*z)[32] = kf_ntt512_last4[m][layer];
    ct_butterfly(a, b, _mm512_load_si512((const void *)z[0]), _mm512_load_si512((const void *)z[1]));
}

/* Layers len 16, 8, 4, 2 on registers a, b (layer 0..3 of them, each after its transpose), one
 * step at a time, so that ntt_regs runs a step on every register pair before the next. */
INLINE void ntt_last4_step(__m512i *a, __m512i *b, unsigned m, unsigned layer)
{
    switch (layer) {
    case 0: transpose256(a, b); break; /* register bit c4; lane bit 4 = c5 */
    case 1: transpose128(a, b); break; /* register bit c3; lane bits 3, 4 = c4, c5 */
    case 2: transpose64(a, b); break;  /* register bit c2; lane bits 2..4 = c3..c5 */
    default: transpose32(a, b); break; /* register bit c1; lane bits 1..4 = c2..c5 */
    }
    ct_last4(a, b, m, layer);
}

INLINE void ntt_last4_back(__m512i *a, __m512i *b)
{
    /* back to the standard order in one step instead of four transposes: dword d of a is
     * coefficients 4 d, 4 d + 1 (c1 = 0, lane bits 1..4 = c2..c5), of b 4 d + 2, 4 d + 3, so
     * the outputs interleave the dwords of a and b: dword j from dword j / 2 (+ 8 for the
     * upper register) of a (j even) or b (j odd). */
    const __m512i lo = _mm512_set_epi32(23, 7, 22, 6, 21, 5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
    const __m512i hi = _mm512_set_epi32(31, 15, 30, 14, 29, 13, 28, 12, 27, 11, 26, 10, 25, 9, 24, 8);
    __m512i x = _mm512_permutex2var_epi32(*a, lo, *b), y = _mm512_permutex2var_epi32(*a, hi, *b);
    *a = x;
    *b = y;
}

#if defined(KF_CT_MUTATION) && KF_CT_MUTATION == 1
/* TEST-ONLY (tests/ct_msan.sh builds it with -DKF_CT_MUTATION=1; never defined otherwise):
 * a branch on a secret coefficient, which the MemorySanitizer constant-time check must
 * report. It changes no result. */
static volatile int ct_mutation_sink;
#define CT_MUTATION_BRANCH(p) do { if ((p)->c[0] & 1) ct_mutation_sink++; } while (0)
#else
#define CT_MUTATION_BRANCH(p) do { } while (0)
#endif

/* The seven layers on the registers of nr polynomials at once (r[8 j .. 8 j + 8) the j-th),
 * step by step, so that the independent butterflies of the two fill the multiplier's
 * latency (one polynomial's seven layers are a chain of dependent steps). */
INLINE void ntt_regs(__m512i *r, unsigned nr)
{
    /* len 128, 64, 32: block b of 2 len coefficients uses zetas[128 / len + b] */
    for (unsigned i = 0; i < 4; i++)
        for (unsigned j = 0; j < nr; j++) ct_const(&r[8 * j + i], &r[8 * j + i + 4], 1);
    for (unsigned b = 0; b < 2; b++)
        for (unsigned i = 0; i < 2; i++)
            for (unsigned j = 0; j < nr; j++) ct_const(&r[8 * j + 4 * b + i], &r[8 * j + 4 * b + i + 2], 2 + b);
    for (unsigned b = 0; b < 4; b++)
        for (unsigned j = 0; j < nr; j++) ct_const(&r[8 * j + 2 * b], &r[8 * j + 2 * b + 1], 4 + b);
    /* len 16, 8, 4, 2: each step on all register pairs before the next (four independent
     * pairs a step per polynomial, where one pair's four layers are a chain) */
    for (unsigned layer = 0; layer < 4; layer++)
        for (unsigned m = 0; m < 4; m++)
            for (unsigned j = 0; j < nr; j++) ntt_last4_step(&r[8 * j + 2 * m], &r[8 * j + 2 * m + 1], m, layer);
    for (unsigned m = 0; m < 4; m++)
        for (unsigned j = 0; j < nr; j++) ntt_last4_back(&r[8 * j + 2 * m], &r[8 * j + 2 * m + 1]);
}

void kf_mlkem_poly_ntt_avx512(kf_mlkem_poly *p)
{
    CT_MUTATION_BRANCH(p);
    __m512i r[8];
    for (unsigned i = 0; i < 8; i++) r[i] = _mm512_loadu_si512((const void *)(p->c + 32 * i));
    ntt_regs(r, 1);
    /* the final reduction of poly.c */
    for (unsigned i = 0; i < 8; i++) _mm512_storeu_si512((void *)(p->c + 32 * i), barrett(r[i]));
}

void kf_mlkem_poly_ntt2_avx512(kf_mlkem_poly *p, kf_mlkem_poly *q)
{
    CT_MUTATION_BRANCH(p);
    __m512i r[16];
    for (unsigned i = 0; i < 8; i++) {
        r[i] = _mm512_loadu_si512((const void *)(p->c + 32 * i));
        r[8 + i] = _mm512_loadu_si512((const void *)(q->c + 32 * i));
    }
    ntt_regs(r, 2);
    for (unsigned i = 0; i < 8; i++) {
        _mm512_storeu_si512((void *)(p->c + 32 * i), barrett(r[i]));
        _mm512_storeu_si512((void *)(q->c + 32 * i), barrett(r[8 + i]));
    }
}

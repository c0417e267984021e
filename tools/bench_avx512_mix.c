/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_avx512_mix.c - the floor under the avx512-x8 backend: how fast this CPU issues the
 * instruction mix of one AVX-512 Keccak-p[1600] round when nothing waits for anything.
 *
 * A round of avx512-x8 (keccak_p1600_avx512_rounds.h) is 95 zmm operations: 35 vpternlogq
 * (10 theta parities, 25 chi), 31 vpxorq (5 for theta's D, 25 to add it, 1 iota) and 29 vprolq
 * (5 for D, 24 rho). Here 24 rounds of exactly that mix run as written assembly (no compiler
 * can merge or drop an operation) on 12 accumulator registers, each operation reading only
 * its own accumulator and constants, so the only limit is how many operations the core
 * issues per cycle. The real avx512-x8 permutation runs in the same process, samples
 * interleaved. Figures: TSC ticks per 24 rounds / 8 = per state, as in `kforge bench`.
 * Method as bench_hybrid.c: pinned, lfence;rdtsc .. rdtscp;lfence, median.
 * The same for the ymm mix of avx2-x4 beside avx2-x4 itself (those two rows alone on a CPU
 * without AVX-512).
 * Usage: bench_avx512_mix [samples] [cpu]   (built as ./build/bench_avx512_mix on x86-64)
 */
#define _GNU_SOURCE
#include "keccak/keccak_backend.h"
#include "bench_util.h"
#include "kforge/tsc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int tsc_have_rdtscp; /* set in main from CPUID */

/* avx512-x8's mix: one operation on accumulator zmm<i>; zmm12..14 hold constants. */
#define T(i) "vpternlogq $0x96, %%zmm12, %%zmm13, %%zmm" #i "\n\t"
#define X(i) "vpxorq %%zmm14, %%zmm" #i ", %%zmm" #i "\n\t"
#define R(i) "vprolq $7, %%zmm" #i ", %%zmm" #i "\n\t"
/* 12 operations, one per accumulator: 4 of each kind */
#define TXR12 T(0) X(1) R(2) T(3) X(4) R(5) T(6) X(7) R(8) T(9) X(10) R(11)
/* 95 = 7 x 12 (28 T, 28 X, 28 R) + 7 T + 3 X + 1 R */
#define ROUND TXR12 TXR12 TXR12 TXR12 TXR12 TXR12 TXR12 \
    T(0) T(3) T(6) T(9) T(1) T(4) T(7) X(2) X(5) X(8) R(10)
#define CLOBBERS "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11"

/* The constants: all ones and shifted copies (never x ^ x, a zeroing idiom the core would
 * not execute). Set at the start of each run: the code between runs uses these registers. */
#define SET_CONSTANTS \
    __asm__ volatile("vpternlogq $0xff, %%zmm12, %%zmm12, %%zmm12\n\t" \
                     "vpsrlq $5, %%zmm12, %%zmm13\n\t" \
                     "vpsrlq $3, %%zmm12, %%zmm14" ::: "xmm12", "xmm13", "xmm14")

/* The same for avx2-x4 (keccak_p1600_x4_avx2.c), ymm without AVX-512: a rotation is two
 * shifts and an or, chi an and-not and an xor. Per round 29 rotations (87 operations), 25
 * chi (50) and 51 more xors (theta's parities 20, D 5, adding D 25, iota 1): 188 operations. */
#define ROT(i) "vpsllq $7, %%ymm" #i ", %%ymm15\n\t" "vpsrlq $57, %%ymm" #i ", %%ymm" #i "\n\t" \
               "vpor %%ymm15, %%ymm" #i ", %%ymm" #i "\n\t"
#define CHI(i) "vpandn %%ymm13, %%ymm" #i ", %%ymm15\n\t" "vpxor %%ymm15, %%ymm" #i ", %%ymm" #i "\n\t"
#define XOR(i) "vpxor %%ymm14, %%ymm" #i ", %%ymm" #i "\n\t"
#define ALL12(F) F(0) F(1) F(2) F(3) F(4) F(5) F(6) F(7) F(8) F(9) F(10) F(11)
#define ROUND_AVX2 ALL12(ROT) ALL12(XOR) ALL12(CHI) ALL12(XOR) ALL12(ROT) ALL12(XOR) ALL12(CHI) ALL12(XOR) \
    ROT(0) ROT(1) ROT(2) ROT(3) ROT(4) CHI(5) XOR(6) XOR(7) XOR(8)

/* all ones by a compare (no AVX-512 here), and shifted copies */
#define SET_CONSTANTS_AVX2 \
    __asm__ volatile("vpcmpeqq %%ymm12, %%ymm12, %%ymm12\n\t" \
                     "vpsrlq $5, %%ymm12, %%ymm13\n\t" \
                     "vpsrlq $3, %%ymm12, %%ymm14" ::: "xmm12", "xmm13", "xmm14")

__attribute__((noinline, target("avx2"))) static void mix24_avx2(void)
{
    SET_CONSTANTS_AVX2;
    for (int r = 0; r < 24; r++) __asm__ volatile(ROUND_AVX2 ::: CLOBBERS, "xmm15");
}

__attribute__((noinline, target("avx512f"))) static void mix24(void)
{
    SET_CONSTANTS;
    for (int r = 0; r < 24; r++) __asm__ volatile(ROUND ::: CLOBBERS);
}

static uint64_t states[25 * 8] __attribute__((aligned(64)));
static const kf_backend_xn *x8, *x4;
static void perm_x8(void) { x8->permute(states, 24); }
static void perm_x4(void) { x4->permute(states, 24); }

int main(int argc, char **argv)
{
    int samples = argc > 1 ? atoi(argv[1]) : 2001;
    int cpu = argc > 2 ? atoi(argv[2]) : 1;
    if (samples < 11) samples = 11;
    bench_pin(cpu);
    tsc_detect_rdtscp();
    x8 = kf_backend_xn_by_name("avx512-x8");
    x4 = kf_backend_xn_by_name("avx2-x4");
    if (!x4 || !kf_backend_xn_runnable(x4)) {
        puts("bench_avx512_mix: this CPU (or OS) does not run avx2-x4: skipped");
        return 77;
    }
    const int have_x8 = x8 && kf_backend_xn_runnable(x8);
    if (!have_x8) puts("bench_avx512_mix: no AVX-512 here: the ymm rows only");
    for (int i = 0; i < 25 * 8; i++) states[i] = 0x9e3779b97f4a7c15ull * (uint64_t)(i + 1);
    static const struct {
        const char *name;
        void (*run)(void);
        unsigned n;
    } c[] = {
        {"zmm: 95-op round mix, no dependences", mix24, 8},
        {"avx512-x8 Keccak-p[1600,24]", perm_x8, 8},
        {"ymm: 188-op round mix, no dependences", mix24_avx2, 4},
        {"avx2-x4 Keccak-p[1600,24]", perm_x4, 4},
    };
    enum { NC = sizeof c / sizeof c[0] };
    const int k0 = have_x8 ? 0 : 2; /* the zmm rows need AVX-512 */
    uint64_t *t[NC];
    for (int k = k0; k < NC; k++)
        if (!(t[k] = malloc(sizeof(uint64_t) * (size_t)samples))) return 1;
    for (int w = 0; w < 500; w++)
        for (int k = k0; k < NC; k++) c[k].run(); /* warm up */
    for (int s = 0; s < samples; s++) {
        for (int j = 0; j < NC - k0; j++) {
            int k = k0 + (s + j) % (NC - k0); /* rotate the order */
            uint64_t t0 = timer_start();
            c[k].run();
            t[k][s] = timer_stop() - t0;
        }
    }
    printf("TSC ticks per 24 rounds / states (median and 10th percentile of %d interleaved samples, cpu %d)\n",
           samples, cpu);
    for (int k = k0; k < NC; k++) {
        bench_sort(t[k], (size_t)samples);
        printf("  %-40s %7.1f %7.1f\n", c[k].name, (double)t[k][samples / 2] / c[k].n,
               (double)t[k][samples / 10] / c[k].n);
        free(t[k]);
    }
    return 0;
}

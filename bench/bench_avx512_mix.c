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
 * The same for the ymm mix of avx2-x4 beside avx2-x4 itself, and for the integer mix of
 * opt64-bmi2's loop beside opt64-bmi2 (issue 35's two AVX2-host bounds, measured instead of
 * derived from a core's port count); the rows a CPU cannot run are left out and said so. The
 * last row times a chain of dependent adds: the TSC ticks per core cycle, to turn the other
 * rows into core cycles. Each sample is 8 calls (this host's TSC can step by 26 ticks), less
 * the timer's own cost.
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

/* The same for opt64-bmi2 (keccak_p1600_opt64.c with BMI1/BMI2), one state in the integer
 * registers. Its loop of two rounds, objdump of GCC 12's code (`-O3 -mbmi -mbmi2
 * -fno-schedule-insns2`, 2026-11-24), is 382 instructions: 152 xor, 58 rorx, 50 andn (the 260
 * ALU operations of two rounds, 130 each, this formulation's minimum), 67 loads, 36 stores
 * and 16 register copies (the spills and reloads of 50 lane variables in 15 registers), and
 * the loop's add, cmp and jb. The mix below is exactly those 379 operations and the same loop
 * on 10 accumulators (rax, rbx, rcx, rdx, r8-r13), each operation reading only its own
 * accumulator, the constant r14, or memory at rdi; loads and copies land in rsi (a write
 * nothing reads); r15 counts the rounds. So the only limits are how many operations the core
 * takes in a cycle and its ports: opt64-bmi2's issue floor on this core. The counts are GCC
 * 12's; a build by another compiler emits another loop, whose own counts the mix would have
 * to take. */
#define GX(r) "xorq %%r14, %%" r "\n\t"
#define GR(r) "rorxq $7, %%" r ", %%" r "\n\t"
#define GN(r) "andnq %%r14, %%" r ", %%" r "\n\t"
#define GL(r) "movq 8(%%rdi), %%rsi\n\t"
#define GS(r) "movq %%" r ", 256(%%rdi)\n\t"
#define GM(r) "movq %%" r ", %%rsi\n\t"
#define GXN(r) GX(r) GN(r)
/* F on the first 2, 6, 7, 8 or all 10 accumulators */
#define G2(F) F("rax") F("rbx")
#define G6(F) G2(F) F("rcx") F("rdx") F("r8") F("r9")
#define G7(F) G6(F) F("r10")
#define G8(F) G7(F) F("r11")
#define G10(F) G8(F) F("r12") F("r13")
/* per round pair: xor 5 x 10 (with andn) + 10 x 10 + 2 = 152; rorx 5 x 10 + 8 = 58; andn 50;
 * loads 6 x 10 + 7 = 67; stores 3 x 10 + 6 = 36; copies 10 + 6 = 16 */
#define ROUND_PAIR_GPR \
    G10(GXN) G10(GR) G10(GX) G10(GL) G10(GX) G10(GS) G10(GXN) G10(GR) G10(GX) G10(GL) G10(GX) G10(GM) \
    G10(GXN) G10(GR) G10(GX) G10(GL) G10(GX) G10(GS) G10(GXN) G10(GR) G10(GX) G10(GL) G10(GX) G10(GS) \
    G10(GXN) G10(GR) G10(GX) G10(GL) G10(GX) G10(GL) G8(GR) G7(GL) G6(GS) G6(GM) G2(GX)
#define CLOBBERS_GPR "rax", "rbx", "rcx", "rdx", "rsi", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "memory"

static uint64_t gpr_buf[64] __attribute__((aligned(64)));

__attribute__((noinline)) static void mix24_gpr(void)
{
    /* 12 iterations of a round pair; the constant all ones shifted (never a zeroing idiom) */
    __asm__ volatile("movq $-1, %%r14\n\t"
                     "shrq $3, %%r14\n\t"
                     "xorl %%r15d, %%r15d\n\t"
                     "1:\n\t" ROUND_PAIR_GPR
                     "addq $2, %%r15\n\t"
                     "cmpq $24, %%r15\n\t"
                     "jb 1b"
                     :
                     : "D"(gpr_buf)
                     : CLOBBERS_GPR, "cc");
}

/* 1,000 additions, each waiting for the one before: one core cycle each, so ticks / 1,000 is
 * the TSC ticks per core cycle at this moment (the core's clock against the TSC's) */
__attribute__((noinline)) static void add_chain(void)
{
    uint64_t x = 0;
    __asm__ volatile(".rept 1000\n\taddq $1, %0\n\t.endr" : "+r"(x));
}

__attribute__((noinline, target("avx512f"))) static void mix24(void)
{
    SET_CONSTANTS;
    for (int r = 0; r < 24; r++) __asm__ volatile(ROUND ::: CLOBBERS);
}

#define REPS 8 /* calls per sample */

static uint64_t states[25 * 8] __attribute__((aligned(64)));
static const kf_backend_xn *x8, *x4;
static const kf_backend *x1;
static void perm_x8(void) { x8->permute(states, 24); }
static void perm_x4(void) { x4->permute(states, 24); }
static void perm_x1(void) { x1->permute(states, 24); }

int main(int argc, char **argv)
{
    int samples = argc > 1 ? atoi(argv[1]) : 2001;
    int cpu = argc > 2 ? atoi(argv[2]) : 1;
    if (samples < 11) samples = 11;
    bench_pin(cpu);
    tsc_detect_rdtscp();
    x8 = kf_backend_xn_by_name("avx512-x8");
    x4 = kf_backend_xn_by_name("avx2-x4");
    x1 = kf_backend_by_name("opt64-bmi2");
    const int have_x8 = x8 && kf_backend_xn_runnable(x8);
    const int have_x4 = x4 && kf_backend_xn_runnable(x4);
    const int have_x1 = x1 && kf_backend_runnable(x1); /* BMI1 + BMI2: the gpr mix's andn, rorx */
    if (!have_x8) puts("bench_avx512_mix: no AVX-512 here: the zmm rows left out");
    if (!have_x4) puts("bench_avx512_mix: no AVX2 here: the ymm rows left out");
    if (!have_x1) puts("bench_avx512_mix: no BMI1/BMI2 here: the gpr rows left out");
    for (int i = 0; i < 25 * 8; i++) states[i] = 0x9e3779b97f4a7c15ull * (uint64_t)(i + 1);
    const struct {
        const char *name;
        void (*run)(void);
        unsigned n; /* states per call (the add chain: its 1,000 cycles) */
        int ok;
    } c[] = {
        {"zmm: 95-op round mix, no dependences", mix24, 8, have_x8},
        {"avx512-x8 Keccak-p[1600,24]", perm_x8, 8, have_x8},
        {"ymm: 188-op round mix, no dependences", mix24_avx2, 4, have_x4},
        {"avx2-x4 Keccak-p[1600,24]", perm_x4, 4, have_x4},
        {"gpr: opt64-bmi2's 382-op loop mix", mix24_gpr, 1, have_x1},
        {"opt64-bmi2 Keccak-p[1600,24]", perm_x1, 1, have_x1},
        {"ticks per core cycle (1,000 dependent adds)", add_chain, 1000, 1},
    };
    enum { NC = sizeof c / sizeof c[0] };
    int run[NC], nr = 0;
    uint64_t *t[NC];
    for (int k = 0; k < NC; k++)
        if (c[k].ok) {
            run[nr++] = k;
            if (!(t[k] = malloc(sizeof(uint64_t) * (size_t)samples))) return 1;
        }
    for (int w = 0; w < 500; w++)
        for (int j = 0; j < nr; j++) c[run[j]].run(); /* warm up */
    /* the timer's own cost, subtracted: the median of empty samples (this host's TSC may
     * also advance in steps of many ticks: REPS calls a sample keep a step small against it) */
    for (int s = 0; s < samples; s++) {
        uint64_t t0 = timer_start();
        t[run[0]][s] = timer_stop() - t0;
    }
    bench_sort(t[run[0]], (size_t)samples);
    const uint64_t ovh = t[run[0]][samples / 2];
    for (int s = 0; s < samples; s++) {
        for (int j = 0; j < nr; j++) {
            int k = run[(s + j) % nr]; /* rotate the order */
            uint64_t t0 = timer_start();
            for (int r = 0; r < REPS; r++) c[k].run();
            uint64_t dt = timer_stop() - t0;
            t[k][s] = dt > ovh ? dt - ovh : 0;
        }
    }
    printf("TSC ticks per 24 rounds / states (median and 10th percentile of %d interleaved samples of %d calls,\n"
           "timer overhead %llu ticks subtracted, cpu %d)\n",
           samples, REPS, (unsigned long long)ovh, cpu);
    for (int j = 0; j < nr; j++) {
        int k = run[j];
        const double per = (double)c[k].n * REPS;
        bench_sort(t[k], (size_t)samples);
        printf("  %-44s %7.*f %7.*f\n", c[k].name, c[k].n > 8 ? 3 : 1, (double)t[k][samples / 2] / per,
               c[k].n > 8 ? 3 : 1, (double)t[k][samples / 10] / per);
        free(t[k]);
    }
    return 0;
}

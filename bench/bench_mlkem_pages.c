/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_mlkem_pages.c - ML-KEM KeyGen's two speeds by physical page (issue 53; docs/
 * BENCHMARK_HISTORY.md, "ML-KEM-512 keygen's slow mode, session 39"). KeyGen runs on a stack
 * of its own (ucontext) whose virtual place stays fixed; one page of that stack at a time is
 * replaced (mremap) by each page of a pool of fresh anonymous pages, so only that page's
 * physical frame changes, and each placement is timed twice (the median of 301 KeyGens, the
 * least of five, pinned, serialised TSC reads). A placement counts as slow when both of its
 * times lie 1.2% or more above the median of all placements of that page (the slow mode is
 * ~2.5%, host noise under load about 0.5%); one with a time 6% or more above it is left out
 * (another process on the core: a contended figure runs 10-40% above). Pages that hold nothing KeyGen touches often come
 * out 0 slow; on the Zen 4 host of session 39 the page of A^'s polynomials (where the
 * rejection kernel stores) came out slow for about one pool page in ten, and which pool pages
 * were slow followed the frames of the jobs' and the lanes' pages too. Linux only (mremap).
 * Usage: bench_mlkem_pages [512|768|1024] [first page] [last page] [pool] [cpu]
 *   pages count down from the stack's top: -1 is the top page; default -8 .. -1, a pool of 32,
 *   CPU 1; e.g. `taskset -c 1 ./build/bench_mlkem_pages 512 -4 -4 48`
 * Prints per page: placements slow / timed, the median and the slow ones' median (TSC ticks).
 */
#define _GNU_SOURCE
#include "bench_util.h"
#include "keccakforge.h"
#include "kforge/tsc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

int tsc_have_rdtscp = 1;

#define STACK_BYTES (256 * 1024)
#define PAGE 4096
#define CALLS 301
#define POOL_MAX 64

static ucontext_t main_ctx, work_ctx;
static kf_mlkem_param param = KF_MLKEM512;
static uint64_t result;

/* On the private stack: the median of CALLS KeyGens after 50 of warm-up. */
static void work(void)
{
    static uint8_t ek[KF_MLKEM1024_EK_BYTES], dk[KF_MLKEM1024_DK_BYTES], d[32], z[32];
    static uint64_t t[CALLS];
    for (int i = 0; i < 50; i++) kf_mlkem_keygen_internal(param, ek, dk, d, z);
    for (int i = 0; i < CALLS; i++) {
        d[0] = (uint8_t)i; /* keys vary, as in use */
        uint64_t a = timer_start();
        kf_mlkem_keygen_internal(param, ek, dk, d, z);
        t[i] = timer_stop() - a;
    }
    bench_sort(t, CALLS);
    result = t[CALLS / 2];
}

static uint64_t median_on(void *stack)
{
    getcontext(&work_ctx);
    work_ctx.uc_stack.ss_sp = stack;
    work_ctx.uc_stack.ss_size = STACK_BYTES;
    work_ctx.uc_link = &main_ctx;
    makecontext(&work_ctx, work, 0);
    swapcontext(&main_ctx, &work_ctx);
    return result;
}

static uint64_t least_of_five(void *stack)
{
    uint64_t best = UINT64_MAX;
    for (int r = 0; r < 5; r++) {
        uint64_t m = median_on(stack);
        if (m < best) best = m;
    }
    return best;
}

static void *fresh(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (p == MAP_FAILED) {
        perror("mmap");
        exit(1);
    }
    return p;
}

/* Exchanges the pages at a and b (both mapped, private anonymous) by way of a spare address. */
static void swap_pages(uint8_t *a, uint8_t *b, uint8_t *spare)
{
    if (mremap(a, PAGE, PAGE, MREMAP_MAYMOVE | MREMAP_FIXED, spare) == MAP_FAILED ||
        mremap(b, PAGE, PAGE, MREMAP_MAYMOVE | MREMAP_FIXED, a) == MAP_FAILED ||
        mremap(spare, PAGE, PAGE, MREMAP_MAYMOVE | MREMAP_FIXED, b) == MAP_FAILED) {
        perror("mremap");
        exit(1);
    }
}

int main(int argc, char **argv)
{
    int set = argc > 1 ? atoi(argv[1]) : 512;
    int first = argc > 2 ? atoi(argv[2]) : -8, last = argc > 3 ? atoi(argv[3]) : -1;
    int pool_n = argc > 4 ? atoi(argv[4]) : 32, cpu = argc > 5 ? atoi(argv[5]) : 1;
    if ((set != 512 && set != 768 && set != 1024) || first > last || last > -1 ||
        first < -(STACK_BYTES / PAGE) || pool_n < 4 || pool_n > POOL_MAX) {
        fprintf(stderr, "usage: bench_mlkem_pages [512|768|1024] [first page] [last page] [pool 4..%d] [cpu]\n",
                POOL_MAX);
        return 2;
    }
    param = set == 512 ? KF_MLKEM512 : set == 768 ? KF_MLKEM768 : KF_MLKEM1024;
    tsc_detect_rdtscp();
    bench_pin(cpu);
    uint8_t *stack = fresh(STACK_BYTES), *spare = fresh(PAGE);
    /* pool pages every other page, so no two are neighbours (the kernel cannot merge them) */
    uint8_t *pool = fresh((size_t)pool_n * 2 * PAGE);
    printf("ML-KEM-%d KeyGen, stack %p, CPU %d; per page: slow / timed, median, slow ones' median (ticks)\n", set,
           (void *)stack, cpu);
    for (int pg = first; pg <= last; pg++) {
        uint8_t *slot = stack + STACK_BYTES + (long)PAGE * pg;
        uint64_t t[2][POOL_MAX], all[2 * POOL_MAX];
        for (int round = 0; round < 2; round++)
            for (int k = 0; k < pool_n; k++) {
                uint8_t *p = pool + (size_t)k * 2 * PAGE;
                swap_pages(slot, p, spare); /* the pool page in the stack */
                t[round][k] = least_of_five(stack);
                swap_pages(slot, p, spare); /* and back */
                all[round * pool_n + k] = t[round][k];
            }
        bench_sort(all, 2 * (size_t)pool_n);
        uint64_t med = all[pool_n], slow_t[POOL_MAX];
        int slow = 0, noisy = 0;
        for (int k = 0; k < pool_n; k++) {
            uint64_t lo = t[0][k] < t[1][k] ? t[0][k] : t[1][k], hi = t[0][k] < t[1][k] ? t[1][k] : t[0][k];
            if (hi * 1000 > med * 1060) noisy++; /* another process on the core: not counted */
            else if (lo * 1000 >= med * 1012) slow_t[slow++] = lo;
        }
        bench_sort(slow_t, (size_t)slow);
        printf("page %3d: %2d / %d slow, median %lu", pg, slow, pool_n - noisy, (unsigned long)med);
        if (slow) printf(", slow ones %lu (+%.1f%%)", (unsigned long)slow_t[slow / 2], 100.0 * ((double)slow_t[slow / 2] / (double)med - 1));
        if (noisy) printf(" (%d more left out: a time 6%% or more above the median)", noisy);
        printf("\n");
        fflush(stdout);
    }
    return 0;
}

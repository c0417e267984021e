/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_x4_ab.c - the batched permutation of two or more builds of the shared library in one
 * process (issue 35: avx2-x4's round schedule), through the public batch API on 4 instances,
 * so a before / after comparison of the permutation sees the same moment of a noisy host.
 * Figures, each in TSC ticks per permutation per state (one x4 call = 4 states):
 *   absorb24   kf_batch_absorb of 64 blocks of 136 bytes (SHAKE256) per instance: 64
 *              permutations of 24 rounds, each after the xor of one block into the states
 *   squeeze24  kf_batch_squeeze_blocks of 64 blocks of SHAKE128: 64 permutations of 24 rounds,
 *              each followed by the write-out of 168 bytes per instance
 *   squeeze12  the same for TurboSHAKE128: 12 rounds
 * (the xor-in / write-out are a few percent of a call; they are the same code in the builds
 * this compares, so the differences are the permutation's.)
 * Method: pinned; one sample of each library in turn, the order rotating per sample (as
 * bench_x1_ab does), so a change of the machine's load hits every library alike; each figure
 * is the median of its samples, and "ratio" the median over samples of (last library's sample /
 * first library's sample of the same turn), steadier than two medians. For the A/A control pass
 * a copy of a library under another path (dlopen of one path twice returns the same handle).
 * Every library's output is compared with the first one's.
 * Usage: bench_x4_ab [--samples N] [--backend NAME[,NAME]] LIB.so [LIB.so ...]  (at most 4;
 * pinned to CPU 1), e.g.
 *   ./build/bench_x4_ab --backend opt64-bmi2,avx2-x4 /tmp/base/libkeccakforge.so ./build/libkeccakforge.so
 */
#define _GNU_SOURCE
#include "bench_util.h"
#include "keccakforge.h"
#include "kforge/tsc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tsc_have_rdtscp = 1;

#define LIBS 4
#define FIGS 3
#define NI 4      /* instances: one x4 call */
#define BLOCKS 64 /* permutations per sample */

typedef int (*init_fn)(kf_batch_ctx *, kf_batch_alg, size_t);
typedef int (*absorb_fn)(kf_batch_ctx *, const uint8_t *const[], size_t);
typedef int (*squeeze_fn)(kf_batch_ctx *, uint8_t *const[], size_t);

static init_fn b_init[LIBS];
static absorb_fn b_absorb[LIBS];
static squeeze_fn b_squeeze[LIBS];

static uint8_t in_buf[NI][136 * BLOCKS], out_buf[LIBS][NI][168 * BLOCKS];

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* one call of figure f by library l: ticks; *bad set on an error */
static uint64_t sample(int l, int f, int *bad)
{
    kf_batch_ctx c;
    const uint8_t *in[NI];
    uint8_t *out[NI];
    for (int i = 0; i < NI; i++) {
        in[i] = in_buf[i];
        out[i] = out_buf[l][i];
    }
    static const kf_batch_alg alg[FIGS] = {KF_BATCH_SHAKE256, KF_BATCH_SHAKE128, KF_BATCH_TURBOSHAKE128};
    if (b_init[l](&c, alg[f], NI) != 0) *bad = 1;
    uint64_t t0 = timer_start();
    if (f == 0) *bad |= b_absorb[l](&c, in, 136 * BLOCKS);
    else *bad |= b_squeeze[l](&c, out, BLOCKS);
    uint64_t t1 = timer_stop();
    if (f == 0) *bad |= b_squeeze[l](&c, out, 1); /* the absorbed states, for the comparison */
    return t1 - t0;
}

int main(int argc, char **argv)
{
    size_t n = 2001;
    const char *backends = NULL;
    int a = 1;
    for (;;) {
        if (argc > a + 1 && strcmp(argv[a], "--samples") == 0) n = (size_t)strtoull(argv[a + 1], NULL, 10);
        else if (argc > a + 1 && strcmp(argv[a], "--backend") == 0) backends = argv[a + 1];
        else break;
        a += 2;
    }
    int nl = argc - a;
    if (nl < 1 || nl > LIBS || n < 1) {
        fprintf(stderr, "usage: bench_x4_ab [--samples N] [--backend NAME[,NAME]] LIB.so [LIB.so ...] (at most %d)\n",
                LIBS);
        return 2;
    }
    typedef const char *(*name_fn)(void);
    name_fn xn_name[LIBS];
    for (int l = 0; l < nl; l++) {
        static const char *const syms[5] = {"kf_batch_init", "kf_batch_absorb", "kf_batch_squeeze_blocks",
                                            "kf_backend_select", "kf_backend_batch_name"};
        void *f[5];
        if (bench_ab_load(argv[a + l], 5, syms, f) != 0) return 1;
        if (bench_ab_select(argv[a + l], (int (*)(const char *))f[3], backends) != 0) return 1;
        b_init[l] = (init_fn)f[0];
        b_absorb[l] = (absorb_fn)f[1];
        b_squeeze[l] = (squeeze_fn)f[2];
        xn_name[l] = (name_fn)f[4];
    }
    bench_pin(1);
    for (int i = 0; i < NI; i++)
        for (size_t j = 0; j < sizeof in_buf[i]; j++) in_buf[i][j] = (uint8_t)(j * 131 + i * 17 + (j >> 8));
    uint64_t *s = malloc(sizeof *s * n * LIBS);
    double *ratio = malloc(sizeof *ratio * n);
    if (!s || !ratio) return 1;
    static const char *const fig[FIGS] = {"absorb24", "squeeze24", "squeeze12"};
    int bad = 0;
    printf("batched permutation, %d instances, TSC ticks per permutation per state, median of %zu, cpu 1\n", NI, n);
    printf("%-10s", "");
    for (int l = 0; l < nl; l++) printf(" %7s[%d]", "", l);
    if (nl > 1) printf("   [%d]/[0] (median of per-turn ratios)", nl - 1);
    printf("\n");
    for (int f = 0; f < FIGS; f++) {
        for (int l = 0; l < nl; l++) {
            sample(l, f, &bad);
            if (memcmp(out_buf[l], out_buf[0], sizeof out_buf[0]) != 0) {
                fprintf(stderr, "%s: library %d disagrees with library 0\n", fig[f], l);
                return 1;
            }
        }
        for (int w = 0; w < 20; w++)
            for (int l = 0; l < nl; l++) sample(l, f, &bad); /* warm-up */
        for (size_t i = 0; i < n; i++)
            for (int k = 0; k < nl; k++) {
                int l = (int)((k + i) % (size_t)nl);
                s[l * n + i] = sample(l, f, &bad);
            }
        for (size_t i = 0; i < n; i++) ratio[i] = (double)s[(nl - 1) * n + i] / (double)s[i];
        printf("%-10s", fig[f]);
        for (int l = 0; l < nl; l++) {
            bench_sort(s + l * n, n);
            printf(" %10.1f", (double)s[l * n + n / 2] / (BLOCKS * NI));
        }
        if (nl > 1) {
            qsort(ratio, n, sizeof *ratio, cmp_double);
            printf("   %7.4f", ratio[n / 2]);
        }
        printf("\n");
    }
    if (bad) {
        fprintf(stderr, "a call failed\n");
        return 1;
    }
    for (int l = 0; l < nl; l++) printf("[%d] %s (batched backend %s)\n", l, argv[a + l], xn_name[l]());
    free(s);
    free(ratio);
    return 0;
}

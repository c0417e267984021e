/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_x1_ab.c - the one-state (x1) backends side by side in one process: the scalar
 * opt64-bmi2 and opt64, the AVX2 avx2-x1 and avx2-x1-adaptive (the one of those two its
 * timings pick) and, where the CPU has AVX-512VL, avx512vl-x1 and avx512vl-x1-pairs. The
 * measurement behind docs/BENCHMARKS.md's x1 rows; runs on any x86-64 host, each backend the
 * CPU cannot run left out (and said so).
 * Built as ./build/bench_x1_ab on x86-64 (not installed).
 *
 * Method: pinned to one core; the candidates' samples are interleaved (one of each, the
 * order rotating) so a change of the machine's load hits all of them alike. Figures:
 *   perm24 / perm12  median ticks of 16 back-to-back permute calls / 16
 *   absorb168        median ticks of absorb_blocks over 16 KiB at rate 168 (SHAKE128's),
 *                    24 rounds, per input byte
 *   x base           median over samples of (base's sample / candidate's neighbouring
 *                    sample): the speedup over the base column, steadier than two medians.
 *                    The base is avx512vl-x1 where it runs (the AVX-512 rows of the docs),
 *                    opt64-bmi2 otherwise.
 * Usage: bench_x1_ab [samples] [cpu]
 */
#define _GNU_SOURCE
#include "keccak/keccak_backend.h"
#include "bench_util.h"
#include "kforge/tsc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tsc_have_rdtscp; /* set in main from CPUID */

extern const kf_backend kf_backend_x1_avx512vl, kf_backend_x1_pairs_avx512vl, kf_backend_opt64_bmi2,
    kf_backend_x1_avx2, kf_backend_x1_adaptive, kf_backend_opt64;

#define MAXC 6
#define REPS 16
#define ABS_BYTES (168 * 97) /* 16,296 bytes: 97 blocks */

/* the base column first */
static const kf_backend *const all[MAXC] = {&kf_backend_x1_avx512vl, &kf_backend_opt64_bmi2,
                                            &kf_backend_x1_pairs_avx512vl, &kf_backend_x1_avx2, &kf_backend_x1_adaptive,
                                            &kf_backend_opt64};

/* One sample of figure f (0: 24 rounds, 1: 12 rounds, 2: absorb) for backend b. */
static uint64_t sample(const kf_backend *b, int f, uint8_t *st, const uint8_t *msg)
{
    uint64_t t0 = timer_start();
    if (f < 2)
        for (int r = 0; r < REPS; r++) b->permute(st, f == 0 ? 24 : 12);
    else
        b->absorb_blocks(st, 24, 168, msg, ABS_BYTES);
    return timer_stop() - t0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 2001;
    int cpu = argc > 2 ? atoi(argv[2]) : 1;
    static const char *const fig[3] = {"perm24", "perm12", "absorb168"};
    static const double per[3] = {REPS, REPS, ABS_BYTES};
    const kf_backend *cands[MAXC];
    int nc = 0;
    tsc_detect_rdtscp();
    for (int i = 0; i < MAXC; i++) {
        if (kf_backend_runnable(all[i]))
            cands[nc++] = all[i];
        else
            printf("bench_x1_ab: %s cannot run on this CPU: left out\n", all[i]->name);
    }
    uint64_t *s = malloc(sizeof *s * n * MAXC);
    double *ratio = malloc(sizeof *ratio * n);
    uint8_t *msg = malloc(ABS_BYTES);
    _Alignas(64) uint8_t st[MAXC][200];
    if (!s || !ratio || !msg) return 1;
    bench_pin(cpu);
    for (size_t i = 0; i < ABS_BYTES; i++) msg[i] = (uint8_t)(i * 131 + 7);
    memset(st, 0x5a, sizeof st);
    printf("%-10s", "ticks");
    for (int k = 0; k < nc; k++) printf(" %18s", cands[k]->name);
    printf("   speedup over %s:", cands[0]->name);
    for (int k = 1; k < nc; k++) printf(" %s", cands[k]->name);
    printf("\n");
    for (int f = 0; f < 3; f++) {
        for (int w = 0; w < 50; w++)
            for (int k = 0; k < nc; k++) sample(cands[k], f, st[k], msg); /* warm-up */
        for (size_t i = 0; i < n; i++)
            for (int j = 0; j < nc; j++) {
                int k = (int)((j + i) % (size_t)nc);
                s[(size_t)k * n + i] = sample(cands[k], f, st[k], msg);
            }
        printf("%-10s", fig[f]);
        double rmed[MAXC] = {0};
        for (int k = 1; k < nc; k++) {
            for (size_t i = 0; i < n; i++) ratio[i] = (double)s[i] / (double)s[(size_t)k * n + i];
            qsort(ratio, n, sizeof *ratio, cmp_double);
            rmed[k] = ratio[n / 2];
        }
        for (int k = 0; k < nc; k++) {
            bench_sort(s + (size_t)k * n, n);
            printf(" %18.2f", (double)s[(size_t)k * n + n / 2] / per[f]);
        }
        printf("  ");
        for (int k = 1; k < nc; k++) printf(" %.3fx", rmed[k]);
        printf("\n");
    }
    free(s); free(ratio); free(msg);
    return 0;
}

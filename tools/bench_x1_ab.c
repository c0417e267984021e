/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_x1_ab.c - the two AVX-512 one-state backends side by side in one process:
 * avx512vl-x1 (one lane per register) and avx512vl-x1-pairs (two lanes per register), with
 * opt64-bmi2 as a third column. The measurement behind docs/BENCHMARKS.md's x1 rows.
 * Built as ./build/bench_x1_ab on x86-64 (not installed).
 *
 * Method: pinned to one core; the candidates' samples are interleaved (one of each, the
 * order rotating) so a change of the machine's load hits all of them alike. Figures:
 *   perm24 / perm12  median ticks of 16 back-to-back permute calls / 16
 *   absorb168        median ticks of absorb_blocks over 16 KiB at rate 168 (SHAKE128's),
 *                    24 rounds, per input byte
 *   ratio            median over samples of (avx512vl-x1 sample / candidate's neighbouring
 *                    sample): the speedup over avx512vl-x1, steadier than two medians
 * Usage: bench_x1_ab [samples] [cpu]
 */
#define _GNU_SOURCE
#include "keccak/keccak_backend.h"
#include "bench_util.h"
#include "kforge/tsc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tsc_have_rdtscp = 1; /* every CPU with AVX-512 has rdtscp */

extern const kf_backend kf_backend_x1_avx512vl, kf_backend_x1_pairs_avx512vl, kf_backend_opt64_bmi2;

#define NC 3
#define REPS 16
#define ABS_BYTES (168 * 97) /* 16,296 bytes: 97 blocks */

static const kf_backend *const cands[NC] = {&kf_backend_x1_avx512vl, &kf_backend_x1_pairs_avx512vl,
                                            &kf_backend_opt64_bmi2};

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

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 2001;
    int cpu = argc > 2 ? atoi(argv[2]) : 1;
    static const char *const fig[3] = {"perm24", "perm12", "absorb168"};
    static const double per[3] = {REPS, REPS, ABS_BYTES};
    uint64_t *s = malloc(sizeof *s * n * NC);
    double *ratio = malloc(sizeof *ratio * n * NC);
    uint8_t *msg = malloc(ABS_BYTES);
    _Alignas(64) uint8_t st[NC][200];
    if (!s || !ratio || !msg) return 1;
    if (!kf_backend_runnable(&kf_backend_x1_pairs_avx512vl)) {
        puts("bench_x1_ab: this CPU has no AVX-512F/VL: skipped");
        return 77;
    }
    bench_pin(cpu);
    for (size_t i = 0; i < ABS_BYTES; i++) msg[i] = (uint8_t)(i * 131 + 7);
    memset(st, 0x5a, sizeof st);
    printf("%-10s", "ticks");
    for (int c = 0; c < NC; c++) printf(" %18s", cands[c]->name);
    printf("   speedup of avx512vl-x1-pairs over avx512vl-x1\n");
    for (int f = 0; f < 3; f++) {
        for (int w = 0; w < 50; w++)
            for (int c = 0; c < NC; c++) sample(cands[c], f, st[c], msg); /* warm-up */
        for (size_t i = 0; i < n; i++)
            for (int k = 0; k < NC; k++) {
                int c = (int)((k + i) % NC);
                s[c * n + i] = sample(cands[c], f, st[c], msg);
            }
        for (size_t i = 0; i < n; i++) ratio[i] = (double)s[i] / (double)s[n + i];
        printf("%-10s", fig[f]);
        for (int c = 0; c < NC; c++) {
            bench_sort(s + c * n, n);
            printf(" %18.2f", (double)s[c * n + n / 2] / per[f]);
        }
        /* the median of the per-sample ratios (insertion into a sorted copy is fine here) */
        for (size_t i = 1; i < n; i++)
            for (size_t j = i; j > 0 && ratio[j] < ratio[j - 1]; j--) {
                double t = ratio[j]; ratio[j] = ratio[j - 1]; ratio[j - 1] = t;
            }
        printf("   %.3fx\n", ratio[n / 2]);
    }
    free(s); free(ratio); free(msg);
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_hybrid.c - TSC ticks per Keccak-p[1600, nr] for the batched x86-64 backends, the
 * scalar/SIMD hybrids (avx512-x9, avx512vl-x5) beside the vector-only ones they extend
 * (avx512-x8, avx512vl-x4) and opt64-bmi2; the measurement behind docs/HYBRID.md.
 * Built as ./build/bench_hybrid on x86-64 (not installed).
 *
 * Method (docs/BENCHMARKS.md, its opening section): pinned to one core; each sample is REPS calls of permute
 * back to back on the same states between `lfence; rdtsc` and `rdtscp; lfence`; the
 * candidates' samples are interleaved (one of each, rotating the order) so a change of the
 * machine's load hits all of them alike; the figure is the median sample / (REPS * n).
 * Usage: bench_hybrid [samples] [cpu]
 */
#define _GNU_SOURCE
#include "keccak/keccak_backend.h"
#include "bench_util.h"
#include "kforge/tsc.h" /* timer_start / timer_stop: lfence;rdtsc .. rdtscp;lfence */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPS 8
#define MAX_C 8

int tsc_have_rdtscp = 1; /* every CPU with AVX-512 has rdtscp (tsc.h asks its user to define it) */

typedef struct {
    const char *name;
    unsigned n;
    void (*permute)(void *, unsigned);
    void *st;
} cand;

int main(int argc, char **argv)
{
    size_t samples = argc > 1 ? (size_t)atol(argv[1]) : 2000;
    int cpu = argc > 2 ? atoi(argv[2]) : 1;
    bench_pin(cpu);

    static const char *names[] = {"avx512-x8", "avx512-x9", "avx512vl-x4", "avx512vl-x5", "opt64-bmi2"};
    cand c[MAX_C];
    size_t nc = 0;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        const kf_backend *b1 = kf_backend_by_name(names[k]);
        const kf_backend_xn *all[32];
        size_t n = kf_backend_xn_all(all, 32);
        c[nc].name = names[k];
        c[nc].permute = NULL;
        if (b1 && kf_backend_runnable(b1)) {
            c[nc].n = 1;
            c[nc].permute = b1->permute;
            c[nc].st = aligned_alloc(64, 256);
            b1->init(c[nc].st);
        }
        for (size_t j = 0; j < n; j++)
            if (strcmp(all[j]->name, names[k]) == 0 && kf_backend_xn_runnable(all[j])) {
                c[nc].n = all[j]->n;
                c[nc].permute = all[j]->permute;
                c[nc].st = aligned_alloc(64, (all[j]->state_bytes + 63) / 64 * 64);
                all[j]->init(c[nc].st);
            }
        if (c[nc].permute) nc++;
        else printf("skip %s\n", names[k]);
    }
    static const unsigned rounds[] = {24, 12};
    uint64_t *t = malloc(samples * sizeof *t * MAX_C);
    for (size_t r = 0; r < 2; r++) {
        unsigned nr = rounds[r];
        for (size_t k = 0; k < nc; k++) /* warm up */
            for (int w = 0; w < 200; w++) c[k].permute(c[k].st, nr);
        for (size_t s = 0; s < samples; s++)
            for (size_t q = 0; q < nc; q++) {
                size_t k = (q + s) % nc;
                uint64_t t0 = timer_start();
                for (int i = 0; i < REPS; i++) c[k].permute(c[k].st, nr);
                uint64_t t1 = timer_stop();
                t[k * samples + s] = t1 - t0;
            }
        for (size_t k = 0; k < nc; k++) {
            bench_sort(t + k * samples, samples);
            double call = (double)t[k * samples + samples / 2] / REPS;
            printf("nr=%-2u %-12s x%u  %7.1f ticks/call  %6.1f ticks/permutation\n", nr, c[k].name, c[k].n,
                   call, call / c[k].n);
        }
    }
    free(t);
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_util.h - what the stand-alone timing tools (bench_hybrid.c, bench_avx512_mix.c,
 * bench_mlkem_steps.c) share beside kforge/tsc.h: pinning to one CPU and sorting samples for
 * their medians. Include after defining _GNU_SOURCE (sched_setaffinity).
 */
#ifndef KF_TOOLS_BENCH_UTIL_H
#define KF_TOOLS_BENCH_UTIL_H

#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Pins the calling thread to cpu; says so on stderr if it cannot (the figures then drift). */
static inline void bench_pin(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) fprintf(stderr, "could not pin to cpu %d\n", cpu);
}

static int bench_cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* Sorts n samples in place (then v[n / 2] is the median). */
static inline void bench_sort(uint64_t *v, size_t n)
{
    qsort(v, n, sizeof *v, bench_cmp_u64);
}

#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_util.h - what the stand-alone timing tools (bench_hybrid.c, bench_avx512_mix.c, the A/B
 * tools bench_*_ab.c, ...) share beside kforge/tsc.h: loading library builds, pinning to one CPU
 * and sorting samples for their medians. Include after defining _GNU_SOURCE (sched_setaffinity).
 */
#ifndef KF_TOOLS_BENCH_UTIL_H
#define KF_TOOLS_BENCH_UTIL_H

#include <dlfcn.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The A/B tools (bench_*_ab.c) load each library build with dlopen (RTLD_LOCAL, so the builds
 * do not see each other) and look up n functions: syms[i] = names[i]. 0, or 1 after a message
 * on stderr (the library does not load, or lacks one of them). */
static inline int bench_ab_load(const char *path, size_t n, const char *const names[], void *syms[])
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "%s\n", dlerror());
        return 1;
    }
    for (size_t i = 0; i < n; i++)
        if (!(syms[i] = dlsym(h, names[i]))) {
            fprintf(stderr, "%s: no %s\n", path, names[i]);
            return 1;
        }
    return 0;
}

/* The A/B tools' --backend NAME[,NAME]: each comma-separated name passed to the library's
 * kf_backend_select (an x1 name sets the x1 backend, a batched name or "x1" the batched one),
 * so two builds run the same backends whatever the CPU's default. names NULL: nothing to do.
 * 0, or 1 after a message on stderr. */
static inline int bench_ab_select(const char *path, int (*select)(const char *), const char *names)
{
    char buf[128];
    if (!names) return 0;
    snprintf(buf, sizeof buf, "%s", names);
    for (char *p = buf, *next; p && *p; p = next) {
        next = strchr(p, ',');
        if (next) *next++ = '\0';
        if (select(p) != 0) {
            fprintf(stderr, "%s: kf_backend_select(\"%s\") failed (unknown, or not runnable here)\n", path, p);
            return 1;
        }
    }
    return 0;
}

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

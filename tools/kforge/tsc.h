/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * tsc.h - the benchmark clock: serialised reads of the time-stamp counter.
 *
 * x86-64: the TSC, ordered as the RDTSC/RDTSCP entries of the Intel SDM describe:
 * `lfence; rdtsc` before the measured code (everything earlier has completed, nothing
 * later starts first) and `rdtscp; lfence` after it (rdtscp waits for the measured code;
 * the lfence keeps later instructions out of the interval). On AMD, lfence is dispatch
 * serialising wherever the OS enables it (all current kernels do, for Spectre v1). On a
 * CPU without rdtscp the end read is `lfence; rdtsc; lfence`. The TSC counts at a constant
 * rate on current CPUs, not at the core clock: figures are "TSC ticks", not cycles.
 * aarch64: the generic timer (cntvct_el0) behind an isb. Elsewhere: CLOCK_MONOTONIC in ns.
 */
#ifndef KFORGE_TSC_H
#define KFORGE_TSC_H

#include <stdint.h>

/* Set once by the harness (bench.c) before the first timer_stop(). */
extern int tsc_have_rdtscp;

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TIMER_UNIT "TSC ticks"
#define TIMER_IS_TSC 1
#include <cpuid.h>

/* tsc_have_rdtscp from CPUID (leaf 0x80000001, EDX bit 27). */
static inline void tsc_detect_rdtscp(void)
{
    unsigned a, b, c, d;
    tsc_have_rdtscp = __get_cpuid(0x80000001u, &a, &b, &c, &d) && ((d >> 27) & 1);
}

static inline uint64_t timer_start(void)
{
    uint32_t lo, hi;
    __asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t timer_stop(void)
{
    uint32_t lo, hi, aux;
    if (tsc_have_rdtscp)
        __asm__ volatile("rdtscp\n\tlfence" : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
    else
        __asm__ volatile("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}

#elif defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
#define TIMER_UNIT "cntvct ticks"
#define TIMER_IS_TSC 0

static inline uint64_t timer_start(void)
{
    uint64_t v;
    __asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
    return v;
}

static inline uint64_t timer_stop(void)
{
    uint64_t v;
    __asm__ volatile("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(v) : : "memory");
    return v;
}

#else
#include <time.h>
#define TIMER_UNIT "ns"
#define TIMER_IS_TSC 0

static inline uint64_t timer_start(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline uint64_t timer_stop(void)
{
    return timer_start();
}
#endif

#endif

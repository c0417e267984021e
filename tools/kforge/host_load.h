/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * host_load.h - how busy the host is, for the benchmark reports that say so (kforge's
 * tree-threads suite, bench/bench_threads_ab): CPU seconds of every process from /proc/stat,
 * this process's own from getrusage, and a monotonic wall clock. The busy CPUs of other
 * processes over an interval = (host delta - self delta) / wall delta.
 */
#ifndef KF_TOOLS_HOST_LOAD_H
#define KF_TOOLS_HOST_LOAD_H

#include <stdio.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* CPU seconds all processes have used so far (user, nice, system, irq, softirq, steal of
 * /proc/stat's cpu line: not idle, not iowait), or -1. */
static inline double host_busy_seconds(void)
{
    unsigned long long v[8] = {0};
    FILE *f = fopen("/proc/stat", "r");
    if (!f) return -1.0;
    int n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
                   &v[6], &v[7]);
    fclose(f);
    long hz = sysconf(_SC_CLK_TCK);
    if (n < 8 || hz <= 0) return -1.0;
    return (double)(v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) / (double)hz;
}

/* CPU seconds this process (every thread of it) has used so far, or -1. */
static inline double self_seconds(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return -1.0;
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + 1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

static inline double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_pool_wake.c - what a sleeping worker costs a threaded call. After a threaded call the
 * library's pool worker polls for the next job for a while (POOL_POLL_NS in src/hash/batch.c),
 * then sleeps; a call that finds it asleep waits for the kernel to wake it (on an idle vCPU of
 * a VM: an interrupt to the host and back). Here KT128 and ParallelHash128 of 1 MiB on two
 * threads (forced) run after the caller's thread has spun for G microseconds (no library
 * call in between, as in a program that hashes now and then), for several G, and once on
 * one thread for comparison. Per G: the median TSC ticks of the call, and the speedup.
 * Not pinned (the pool's threads are the kernel's to place); run it on an idle host.
 * Usage: bench_pool_wake [samples] LIB.so      (e.g. ./build/bench_pool_wake 61 ./build/libkeccakforge.so)
 */
#define _GNU_SOURCE
#include "bench_util.h"
#include "keccakforge.h"
#include "kforge/tsc.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

int tsc_have_rdtscp = 1;

typedef int (*kt_fn)(uint8_t *, size_t, const void *, size_t, const void *, size_t, unsigned);
typedef int (*ph_fn)(kf_sp800185_variant, uint8_t *, size_t, const void *, size_t, size_t, const char *, size_t,
                     unsigned);
static kt_fn kt128;
static ph_fn ph;

#define SAMPLES_MAX 1001
#define LEN ((size_t)1 << 20)

static uint64_t call(int f, const uint8_t *in, unsigned threads)
{
    uint8_t out[32];
    uint64_t a = timer_start();
    int rc = f == 0 ? kt128(out, 32, in, LEN, NULL, 0, threads) : ph(KF_V128, out, 32, in, LEN, 8192, NULL, 0, threads);
    uint64_t t = timer_stop() - a;
    if (rc != 0) {
        fprintf(stderr, "call failed: %d\n", rc);
        exit(1);
    }
    return t;
}

/* The caller's thread busy for us microseconds (not asleep: a sleeping caller would free its
 * CPU too, and the question is the worker's wake-up, not the caller's). */
static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return 1e6 * (double)ts.tv_sec + 1e-3 * (double)ts.tv_nsec;
}

static void spin_us(double us)
{
    double end = now_us() + us;
    while (now_us() < end) {
    }
}

int main(int argc, char **argv)
{
    int samples = argc > 2 ? atoi(argv[1]) : 61;
    const char *lib = argv[argc - 1];
    static const char *const syms[2] = {"kf_kt128_mt", "kf_parallelhash_mt"};
    void *fp[2];
    if (argc < 2 || samples < 5 || samples > SAMPLES_MAX) {
        fprintf(stderr, "usage: bench_pool_wake [samples 5..%d] LIB.so\n", SAMPLES_MAX);
        return 2;
    }
    if (bench_ab_load(lib, 2, syms, fp) != 0) return 1;
    kt128 = (kt_fn)fp[0];
    ph = (ph_fn)fp[1];
    uint8_t *in = malloc(LEN);
    if (!in) return 1;
    for (size_t i = 0; i < LEN; i++) in[i] = (uint8_t)(i * 131 + (i >> 8));
    static const double gaps[] = {0, 200, 400, 800, 1500, 3000, 10000};
    static uint64_t t[SAMPLES_MAX];
    const char *names[2] = {"kt128", "parallelhash128"};
    printf("1 MiB on two threads (forced) after the caller spun G us, TSC ticks, median of %d\n", samples);
    printf("  %-16s %9s %10s %10s\n", "function", "G (us)", "ticks", "speedup");
    for (int f = 0; f < 2; f++) {
        for (int s = 0; s < samples; s++) t[s] = call(f, in, 1);
        bench_sort(t, (size_t)samples);
        uint64_t one = t[samples / 2];
        printf("  %-16s %9s %10llu %9.3fx\n", names[f], "1 thread", (unsigned long long)one, 1.0);
        for (size_t g = 0; g < sizeof gaps / sizeof gaps[0]; g++) {
            call(f, in, 2); /* the pool exists and has just worked */
            for (int s = 0; s < samples; s++) {
                spin_us(gaps[g]);
                t[s] = call(f, in, 2);
            }
            bench_sort(t, (size_t)samples);
            printf("  %-16s %9.0f %10llu %9.3fx\n", names[f], gaps[g], (unsigned long long)t[samples / 2],
                   (double)one / (double)t[samples / 2]);
        }
    }
    free(in);
    return 0;
}

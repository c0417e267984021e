/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_tree_ab.c - the tree modes (KT128, KT256, ParallelHash128/256 with B = 8192) on one
 * thread, of two or more builds of the shared library in one process, so a before / after
 * comparison sees the same moment of a noisy host (as bench_mlkem_ab.c does for ML-KEM).
 * Each library is loaded with dlopen (RTLD_LOCAL); samples come in blocks of BLOCK calls of
 * one function of one library (the first WARM of a block dropped), the blocks rotate over
 * libraries and functions, and each figure is the median of its samples, in TSC ticks per
 * input byte (timer overhead not subtracted; it is under 0.01% of a 1 MiB call).
 * Every library's output is compared with the first one's: a mismatch is an error.
 * Usage: bench_tree_ab [--len BYTES] [--backend NAME[,NAME]] LIB.so [LIB.so ...]   (at most 4;
 * pinned to CPU 1)
 *   e.g. ./build/bench_tree_ab /tmp/base/build/libkeccakforge.so ./build/libkeccakforge.so
 * --backend selects the named backends in every library (bench_util.h's bench_ab_select, e.g.
 * opt64-bmi2,avx2-x4: an AVX2-only host's choice); the report names each library's.
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
#define FUNCS 4
#define BLOCK 6
#define WARM 1
#define ROUNDS 80
#define SAMPLES (ROUNDS * (BLOCK - WARM))
#define PH_B 8192

typedef int (*kt_fn)(uint8_t *, size_t, const void *, size_t, const void *, size_t);
typedef int (*ph_fn)(kf_sp800185_variant, uint8_t *, size_t, const void *, size_t, size_t, const char *, size_t);

static kt_fn kt128[LIBS], kt256[LIBS];
static ph_fn ph[LIBS];
static uint64_t t[LIBS][FUNCS][SAMPLES];
static const char *const names[FUNCS] = {"kt128", "kt256", "parallelhash128", "parallelhash256"};

static int call(int l, int f, uint8_t out[64], const uint8_t *in, size_t len)
{
    switch (f) {
    case 0: return kt128[l](out, 32, in, len, NULL, 0);
    case 1: return kt256[l](out, 32, in, len, NULL, 0);
    case 2: return ph[l](KF_V128, out, 32, in, len, PH_B, NULL, 0);
    default: return ph[l](KF_V256, out, 64, in, len, PH_B, NULL, 0);
    }
}

int main(int argc, char **argv)
{
    size_t len = (size_t)1 << 20;
    const char *backends = NULL;
    int a = 1;
    for (;;) {
        if (argc > a + 1 && strcmp(argv[a], "--len") == 0) len = (size_t)strtoull(argv[a + 1], NULL, 10);
        else if (argc > a + 1 && strcmp(argv[a], "--backend") == 0) backends = argv[a + 1];
        else break;
        a += 2;
    }
    int nl = argc - a;
    if (nl < 1 || nl > LIBS || len == 0) {
        fprintf(stderr, "usage: bench_tree_ab [--len BYTES] [--backend NAME[,NAME]] LIB.so [LIB.so ...] (at most %d)\n",
                LIBS);
        return 2;
    }
    typedef const char *(*name_fn)(void);
    name_fn x1_name[LIBS], xn_name[LIBS];
    for (int l = 0; l < nl; l++) {
        static const char *const syms[6] = {"kf_kt128", "kf_kt256", "kf_parallelhash", "kf_backend_select",
                                            "kf_backend_name", "kf_backend_batch_name"};
        void *f[6];
        if (bench_ab_load(argv[a + l], 6, syms, f) != 0) return 1;
        if (bench_ab_select(argv[a + l], (int (*)(const char *))f[3], backends) != 0) return 1;
        x1_name[l] = (name_fn)f[4];
        xn_name[l] = (name_fn)f[5];
        kt128[l] = (kt_fn)f[0];
        kt256[l] = (kt_fn)f[1];
        ph[l] = (ph_fn)f[2];
    }
    bench_pin(1);
    uint8_t *in = malloc(len);
    if (!in) return 1;
    for (size_t i = 0; i < len; i++) in[i] = (uint8_t)(i * 131 + (i >> 8));
    uint8_t ref[FUNCS][64] = {{0}}, out[64] = {0}; /* KT writes 32 bytes of the 64 compared */
    int bad = 0;
    for (int f = 0; f < FUNCS; f++) {
        bad |= call(0, f, ref[f], in, len);
        for (int l = 1; l < nl; l++) {
            bad |= call(l, f, out, in, len);
            if (memcmp(out, ref[f], 64) != 0) {
                fprintf(stderr, "%s: library %d disagrees with library 0\n", names[f], l);
                return 1;
            }
        }
    }
    for (int r = 0; r < ROUNDS; r++)
        for (int f = 0; f < FUNCS; f++)
            for (int l = 0; l < nl; l++)
                for (int b = 0; b < BLOCK; b++) {
                    uint64_t t0 = timer_start();
                    bad |= call(l, f, out, in, len);
                    uint64_t t1 = timer_stop();
                    if (b >= WARM) t[l][f][r * (BLOCK - WARM) + b - WARM] = t1 - t0;
                }
    if (bad) {
        fprintf(stderr, "a call failed\n");
        return 1;
    }
    printf("tree modes on %zu bytes, one thread, TSC ticks per byte, median of %d per figure, cpu 1\n", len,
           SAMPLES);
    printf("%-16s", "");
    for (int l = 0; l < nl; l++) printf(" %9s[%d]", "", l);
    if (nl > 1) printf("   [%d]/[0]", nl - 1);
    printf("\n");
    for (int f = 0; f < FUNCS; f++) {
        double m[LIBS];
        printf("%-16s", names[f]);
        for (int l = 0; l < nl; l++) {
            bench_sort(t[l][f], SAMPLES);
            m[l] = (double)t[l][f][SAMPLES / 2] / (double)len;
            printf(" %12.4f", m[l]);
        }
        if (nl > 1) printf("   %7.3f", m[nl - 1] / m[0]);
        printf("\n");
    }
    for (int l = 0; l < nl; l++) printf("[%d] %s (backends %s, %s)\n", l, argv[a + l], x1_name[l](), xn_name[l]());
    free(in);
    return 0;
}

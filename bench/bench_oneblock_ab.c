/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_oneblock_ab.c - the one-block hashes of issue 24 (one-shot SHA-3, SHAKE, TurboSHAKE,
 * Keccak-256, KT128 of short inputs, and a batched Merkle level of 8 x 64-byte SHA3-256) in two
 * or more builds of the shared library in one process, so a before / after comparison sees the
 * same moment of a noisy host (the method of bench_mlkem_ab.c: each library loaded with dlopen,
 * RTLD_LOCAL; samples in blocks of one operation of one library, the first samples of a block
 * dropped as warm-up, blocks rotated over libraries and operations). A sample is 8 calls back
 * to back, less the timer's own cost; each figure is the median of its samples, in TSC ticks
 * per call. The last columns are each library's figure minus the first library's.
 * Usage: bench_oneblock_ab [--backend NAME[,NAME]] LIB.so [LIB.so ...]   (at most 4; pinned to CPU 1)
 *   e.g. ./build/bench_oneblock_ab /tmp/before/build/libkeccakforge.so ./build/libkeccakforge.so
 * --backend selects the named backends in every library (kf_backend_select, each name in turn,
 * e.g. opt64-bmi2,avx2-x4: an AVX2-only host's x1 and batched choice on an AVX-512 host); the
 * report names the backends each library used.
 */
#define _GNU_SOURCE
#include "bench_util.h"
#include "keccakforge.h"
#include "kforge/tsc.h"

#include <stdio.h>
#include <string.h>

int tsc_have_rdtscp = 1;

#define LIBS 4
#define BLOCK 12
#define WARM 2
#define ROUNDS 300
#define SAMPLES (ROUNDS * (BLOCK - WARM))
#define CALLS 8 /* per sample */

typedef int (*hash_fn)(uint8_t *, const void *, size_t);
typedef int (*xof_fn)(uint8_t *, size_t, const void *, size_t);
typedef int (*turbo_fn)(uint8_t *, size_t, const void *, size_t, uint8_t);
typedef int (*kt_fn)(uint8_t *, size_t, const void *, size_t, const void *, size_t);
typedef int (*batch_fn)(kf_batch_alg, uint8_t *const[], size_t, const uint8_t *const[], const size_t[], size_t);
typedef int (*select_fn)(const char *);
typedef const char *(*name_fn)(void);

typedef struct lib {
    hash_fn sha3_256, sha3_512, keccak256;
    xof_fn shake128;
    turbo_fn turbo128;
    kt_fn kt128;
    batch_fn batch;
    name_fn x1_name, xn_name;
} lib;

enum { OP_SHA3_256_0, OP_SHA3_256_64, OP_SHA3_256_135, OP_SHA3_512_64, OP_SHAKE128_64, OP_TURBO128_64,
       OP_KECCAK256_64, OP_KT128_64, OP_BATCH, N_OPS };
static const char *const op_name[N_OPS] = {
    "sha3-256, 0 B", "sha3-256, 64 B", "sha3-256, 135 B", "sha3-512, 64 B", "shake128, 64 B -> 32",
    "turboshake128, 64 B -> 32", "keccak256-legacy, 64 B", "kt128, 64 B -> 32", "batch 8 x sha3-256, 64 B"};

static uint8_t msg[8][256], out[8][64];
static const uint8_t *ins[8];
static uint8_t *outs[8];
static size_t lens[8];

static int run(const lib *L, int op)
{
    switch (op) {
    case OP_SHA3_256_0: return L->sha3_256(out[0], msg[0], 0);
    case OP_SHA3_256_64: return L->sha3_256(out[0], msg[0], 64);
    case OP_SHA3_256_135: return L->sha3_256(out[0], msg[0], 135);
    case OP_SHA3_512_64: return L->sha3_512(out[0], msg[0], 64);
    case OP_SHAKE128_64: return L->shake128(out[0], 32, msg[0], 64);
    case OP_TURBO128_64: return L->turbo128(out[0], 32, msg[0], 64, 0x1F);
    case OP_KECCAK256_64: return L->keccak256(out[0], msg[0], 64);
    case OP_KT128_64: return L->kt128(out[0], 32, msg[0], 64, NULL, 0);
    default: return L->batch(KF_BATCH_SHA3_256, outs, 32, ins, lens, 8);
    }
}

static uint64_t t[LIBS][N_OPS][SAMPLES];

int main(int argc, char **argv)
{
    int a = 1;
    const char *backends = NULL;
    if (argc > 2 && strcmp(argv[1], "--backend") == 0) {
        backends = argv[2];
        a = 3;
    }
    int nl = argc - a;
    lib libs[LIBS];
    if (nl < 1 || nl > LIBS) {
        fprintf(stderr, "usage: bench_oneblock_ab [--backend NAME[,NAME]] LIB.so [LIB.so ...] (at most %d)\n", LIBS);
        return 2;
    }
    for (int l = 0; l < nl; l++) {
        static const char *const names[10] = {"kf_sha3_256", "kf_sha3_512", "kf_keccak256_legacy", "kf_shake128",
                                              "kf_turboshake128", "kf_kt128", "kf_batch_hash", "kf_backend_select",
                                              "kf_backend_name", "kf_backend_batch_name"};
        void *f[10];
        if (bench_ab_load(argv[a + l], 10, names, f) != 0) return 1;
        if (bench_ab_select(argv[a + l], (select_fn)f[7], backends) != 0) return 1;
        libs[l].x1_name = (name_fn)f[8];
        libs[l].xn_name = (name_fn)f[9];
        libs[l].sha3_256 = (hash_fn)f[0];
        libs[l].sha3_512 = (hash_fn)f[1];
        libs[l].keccak256 = (hash_fn)f[2];
        libs[l].shake128 = (xof_fn)f[3];
        libs[l].turbo128 = (turbo_fn)f[4];
        libs[l].kt128 = (kt_fn)f[5];
        libs[l].batch = (batch_fn)f[6];
    }
    for (int i = 0; i < 8; i++) {
        for (int k = 0; k < 256; k++) msg[i][k] = (uint8_t)(31 * k + 7 * i + 1);
        ins[i] = msg[i];
        outs[i] = out[i];
        lens[i] = 64;
    }
    bench_pin(1);
    uint64_t empty[1001];
    for (int i = 0; i < 1001; i++) {
        uint64_t t0 = timer_start();
        empty[i] = timer_stop() - t0;
    }
    bench_sort(empty, 1001);
    uint64_t overhead = empty[500];
    int bad = 0;
    for (int r = 0; r < ROUNDS; r++)
        for (int op = 0; op < N_OPS; op++)
            for (int l = 0; l < nl; l++)
                for (int b = 0; b < BLOCK; b++) {
                    uint64_t t0 = timer_start();
                    for (int c = 0; c < CALLS; c++) bad |= run(&libs[l], op);
                    uint64_t d = timer_stop() - t0;
                    if (b >= WARM) t[l][op][r * (BLOCK - WARM) + b - WARM] = d > overhead ? d - overhead : 0;
                }
    if (bad) {
        fprintf(stderr, "a hash call failed\n");
        return 1;
    }
    printf("TSC ticks per call, median of %d samples of %d calls (timer overhead %lu subtracted), cpu 1\n", SAMPLES,
           CALLS, (unsigned long)overhead);
    printf("%-28s", "");
    for (int l = 0; l < nl; l++) printf("       [%d]", l);
    for (int l = 1; l < nl; l++) printf(" [%d]-[0]", l);
    printf("\n");
    for (int op = 0; op < N_OPS; op++) {
        double m[LIBS];
        printf("%-28s", op_name[op]);
        for (int l = 0; l < nl; l++) {
            bench_sort(t[l][op], SAMPLES);
            m[l] = (double)t[l][op][SAMPLES / 2] / CALLS;
            printf(" %9.1f", m[l]);
        }
        for (int l = 1; l < nl; l++) printf(" %+8.1f", m[l] - m[0]);
        printf("\n");
    }
    for (int l = 0; l < nl; l++)
        printf("[%d] %s (backends %s, %s)\n", l, argv[a + l], libs[l].x1_name(), libs[l].xn_name());
    return 0;
}

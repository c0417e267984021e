/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_mlkem_ab.c - ML-KEM KeyGen / Encaps / Decaps of two or more builds of the shared
 * library in one process, so a before / after comparison sees the same moment of a noisy
 * host (docs/BENCHMARKS.md). Each library is loaded with dlopen (RTLD_LOCAL, so their
 * symbols stay apart); the samples come in blocks of 20 calls of one operation of one
 * library (the first 3 of a block dropped as warm-up, so each block runs with its own code
 * in the caches), the blocks rotate over libraries, parameter sets and operations, and each
 * figure is the median of its 1,020 samples. Pinned, serialised TSC reads (kforge/tsc.h).
 * Seeds change per call within a block, so rejection sampling varies as in real use.
 * Shared-library builds are position-independent: their figures run a little above the
 * static kforge bench's; compare the columns with each other.
 * The tool itself links no keccakforge: every call goes to a loaded library.
 * Usage: bench_mlkem_ab LIB.so [LIB.so ...]   (at most 4; pinned to CPU 1)
 *   e.g. ./build/bench_mlkem_ab /tmp/before/build/libkeccakforge.so ./build/libkeccakforge.so
 */
#define _GNU_SOURCE
#include "bench_util.h"
#include "keccakforge.h"
#include "kforge/tsc.h"

#include <stdio.h>
#include <string.h>

int tsc_have_rdtscp = 1;

#define LIBS 4
#define BLOCK 20
#define WARM 3
#define SAMPLES (60 * (BLOCK - WARM))

typedef int (*keygen_fn)(kf_mlkem_param, uint8_t *, uint8_t *, const uint8_t *, const uint8_t *);
typedef int (*encaps_fn)(kf_mlkem_param, uint8_t *, uint8_t *, const uint8_t *, size_t, const uint8_t *);
typedef int (*decaps_fn)(kf_mlkem_param, uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t);

static uint64_t t[LIBS][3][3][SAMPLES];

int main(int argc, char **argv)
{
    int nl = argc - 1;
    keygen_fn keygen[LIBS];
    encaps_fn encaps[LIBS];
    decaps_fn decaps[LIBS];
    if (nl < 1 || nl > LIBS) {
        fprintf(stderr, "usage: bench_mlkem_ab LIB.so [LIB.so ...] (at most %d)\n", LIBS);
        return 2;
    }
    for (int l = 0; l < nl; l++) {
        static const char *const names[3] = {"kf_mlkem_keygen_internal", "kf_mlkem_encaps_internal", "kf_mlkem_decaps"};
        void *f[3];
        if (bench_ab_load(argv[l + 1], 3, names, f) != 0) return 1;
        keygen[l] = (keygen_fn)f[0];
        encaps[l] = (encaps_fn)f[1];
        decaps[l] = (decaps_fn)f[2];
    }
    bench_pin(1);
    static const kf_mlkem_param params[3] = {KF_MLKEM512, KF_MLKEM768, KF_MLKEM1024};
    static const size_t ek_bytes[3] = {KF_MLKEM512_EK_BYTES, KF_MLKEM768_EK_BYTES, KF_MLKEM1024_EK_BYTES},
                        ct_bytes[3] = {KF_MLKEM512_CT_BYTES, KF_MLKEM768_CT_BYTES, KF_MLKEM1024_CT_BYTES},
                        dk_bytes[3] = {KF_MLKEM512_DK_BYTES, KF_MLKEM768_DK_BYTES, KF_MLKEM1024_DK_BYTES};
    static uint8_t ek[KF_MLKEM1024_EK_BYTES], dk[KF_MLKEM1024_DK_BYTES], ct[KF_MLKEM1024_CT_BYTES], ss[32];
    uint8_t d[32], z[32], m[32];
    memset(d, 1, sizeof d);
    memset(z, 2, sizeof z);
    memset(m, 3, sizeof m);
    int bad = 0;
    for (int r = 0; r < SAMPLES / (BLOCK - WARM); r++)
        for (int p = 0; p < 3; p++)
            for (int l = 0; l < nl; l++) {
                const kf_mlkem_param pp = params[p];
                const size_t ekl = ek_bytes[p], ctl = ct_bytes[p], dkl = dk_bytes[p];
                for (int o = 0; o < 3; o++)
                    for (int b = 0; b < BLOCK; b++) {
                        uint64_t t0, t1;
                        d[0] = m[0] = (uint8_t)b;
                        d[1] = m[1] = (uint8_t)r;
                        if (o == 0) {
                            t0 = timer_start();
                            bad |= keygen[l](pp, ek, dk, d, z);
                            t1 = timer_stop();
                        } else if (o == 1) {
                            t0 = timer_start();
                            bad |= encaps[l](pp, ct, ss, ek, ekl, m);
                            t1 = timer_stop();
                        } else {
                            t0 = timer_start();
                            bad |= decaps[l](pp, ss, ct, ctl, dk, dkl);
                            t1 = timer_stop();
                        }
                        if (b >= WARM) t[l][p][o][r * (BLOCK - WARM) + b - WARM] = t1 - t0;
                    }
            }
    if (bad) {
        fprintf(stderr, "an ML-KEM call failed\n");
        return 1;
    }
    printf("ML-KEM, TSC ticks, median of %d per figure (timer overhead not subtracted), cpu 1\n", SAMPLES);
    printf("%-6s", "");
    for (int l = 0; l < nl; l++) printf("  [%d] %-6s %-6s %-6s", l, "keygen", "encaps", "decaps");
    printf("\n");
    for (int p = 0; p < 3; p++) {
        printf("%-6d", (int)params[p]);
        for (int l = 0; l < nl; l++) {
            printf("      ");
            for (int o = 0; o < 3; o++) {
                bench_sort(t[l][p][o], SAMPLES);
                printf(" %6lu", (unsigned long)t[l][p][o][SAMPLES / 2]);
            }
        }
        printf("\n");
    }
    /* the samples are sorted now: p75 / p50 of each figure, which shows an operation with two
     * speeds (issue 53 asks <= 1.10 on the default path) */
    printf("p75 / p50 of the same samples\n");
    for (int p = 0; p < 3; p++) {
        printf("%-6d", (int)params[p]);
        for (int l = 0; l < nl; l++) {
            printf("      ");
            for (int o = 0; o < 3; o++)
                printf(" %6.3f", (double)t[l][p][o][SAMPLES * 3 / 4] / (double)t[l][p][o][SAMPLES / 2]);
        }
        printf("\n");
    }
    for (int l = 0; l < nl; l++) printf("[%d] %s\n", l, argv[l + 1]);
    return 0;
}

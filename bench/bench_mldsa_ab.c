/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_mldsa_ab.c - ML-DSA KeyGen / Sign / Verify / batched Verify of two or more builds of the shared
 * library in one process, so a before / after comparison sees the same moment of a noisy
 * host (docs/BENCHMARKS.md, the pattern of bench_mlkem_ab.c). Each library is loaded with
 * dlopen (RTLD_LOCAL); the samples come in blocks of 20 calls of one operation of one
 * library (the first 3 of a block dropped as warm-up), the blocks rotate over libraries,
 * parameter sets and operations, and each figure is the median (sign: and the 90th
 * percentile) of its 1,020 samples. Pinned, serialised TSC reads (kforge/tsc.h).
 * keygen: KeyGen_internal with a new xi per call; sign: deterministic, empty context, a new
 * 32-byte message per call (1,020 different messages per figure: the rejection loop's
 * attempts vary as in real use); verify: a fixed signature of one message under one key;
 * vbatch: kf_mldsa_verify_batch of 8 fixed signatures of 8 messages under that key (one window of
 * the batch: tr and c~' in lanes, one ExpandA), its figure per signature (the call's ticks / 8).
 * The tool itself links no keccakforge: every call goes to a loaded library.
 * Usage: bench_mldsa_ab LIB.so [LIB.so ...]   (at most 4; pinned to CPU 1)
 *   e.g. ./build/bench_mldsa_ab ./build-base/libkeccakforge.so ./build/libkeccakforge.so
 * A library's environment applies to it as to any program: KECCAKFORGE_MLDSA=portable makes
 * every loaded build use the portable arithmetic.
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

typedef int (*keygen_fn)(kf_mldsa_param, uint8_t *, uint8_t *, const uint8_t *);
typedef int (*sign_fn)(kf_mldsa_param, uint8_t *, size_t, const void *, size_t, const void *, size_t,
                       const uint8_t *, const uint8_t *, size_t);
typedef int (*verify_fn)(kf_mldsa_param, const void *, size_t, const void *, size_t, const uint8_t *, size_t,
                         const uint8_t *, size_t);
typedef int (*vbatch_fn)(kf_mldsa_param, size_t, const kf_mldsa_verify_item *, int *);

#define OPS 4
#define NB 8 /* signatures in vbatch's call */

static uint64_t t[LIBS][3][OPS][SAMPLES];

int main(int argc, char **argv)
{
    int nl = argc - 1;
    keygen_fn keygen[LIBS];
    sign_fn sign[LIBS];
    verify_fn verify[LIBS];
    vbatch_fn vbatch[LIBS];
    if (nl < 1 || nl > LIBS) {
        fprintf(stderr, "usage: bench_mldsa_ab LIB.so [LIB.so ...] (at most %d)\n", LIBS);
        return 2;
    }
    for (int l = 0; l < nl; l++) {
        static const char *const names[OPS] = {"kf_mldsa_keygen_internal", "kf_mldsa_sign", "kf_mldsa_verify",
                                               "kf_mldsa_verify_batch"};
        void *f[OPS];
        if (bench_ab_load(argv[l + 1], OPS, names, f) != 0) return 1;
        keygen[l] = (keygen_fn)f[0];
        sign[l] = (sign_fn)f[1];
        verify[l] = (verify_fn)f[2];
        vbatch[l] = (vbatch_fn)f[3];
    }
    bench_pin(1);
    static const kf_mldsa_param params[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
    static const size_t pk_bytes[3] = {KF_MLDSA44_PK_BYTES, KF_MLDSA65_PK_BYTES, KF_MLDSA87_PK_BYTES},
                        sk_bytes[3] = {KF_MLDSA44_SK_BYTES, KF_MLDSA65_SK_BYTES, KF_MLDSA87_SK_BYTES},
                        sig_bytes[3] = {KF_MLDSA44_SIG_BYTES, KF_MLDSA65_SIG_BYTES, KF_MLDSA87_SIG_BYTES};
    static uint8_t pk[3][KF_MLDSA_PK_MAX_BYTES], sk[3][KF_MLDSA_SK_MAX_BYTES], sig[3][KF_MLDSA_SIG_MAX_BYTES];
    static uint8_t pk2[KF_MLDSA_PK_MAX_BYTES], sk2[KF_MLDSA_SK_MAX_BYTES], sig2[KF_MLDSA_SIG_MAX_BYTES];
    static uint8_t bsig[3][NB][KF_MLDSA_SIG_MAX_BYTES], bmsg[NB][32];
    static kf_mldsa_verify_item items[3][NB];
    int res[NB];
    uint8_t xi[32], msg[32], fixed[32];
    memset(xi, 7, sizeof xi);
    memset(fixed, 9, sizeof fixed);
    int bad = 0;
    for (int p = 0; p < 3; p++) { /* the key and signatures that verify and vbatch time, from library 0 */
        bad |= keygen[0](params[p], pk[p], sk[p], xi);
        bad |= sign[0](params[p], sig[p], sig_bytes[p], fixed, sizeof fixed, NULL, 0, NULL, sk[p], sk_bytes[p]);
        for (int i = 0; i < NB; i++) {
            memset(bmsg[i], 11 + i, sizeof bmsg[i]);
            bad |= sign[0](params[p], bsig[p][i], sig_bytes[p], bmsg[i], sizeof bmsg[i], NULL, 0, NULL, sk[p],
                           sk_bytes[p]);
            items[p][i] = (kf_mldsa_verify_item){bmsg[i], sizeof bmsg[i], NULL, 0, bsig[p][i], sig_bytes[p], pk[p],
                                                 pk_bytes[p]};
        }
    }
    for (int r = 0; r < SAMPLES / (BLOCK - WARM); r++)
        for (int p = 0; p < 3; p++)
            for (int l = 0; l < nl; l++) {
                const kf_mldsa_param pp = params[p];
                for (int o = 0; o < OPS; o++)
                    for (int b = 0; b < BLOCK; b++) {
                        uint64_t t0, t1;
                        memset(msg, 0, sizeof msg);
                        xi[0] = msg[0] = (uint8_t)b;
                        xi[1] = msg[1] = (uint8_t)r;
                        if (o == 0) {
                            t0 = timer_start();
                            bad |= keygen[l](pp, pk2, sk2, xi);
                            t1 = timer_stop();
                        } else if (o == 1) {
                            t0 = timer_start();
                            bad |= sign[l](pp, sig2, sig_bytes[p], msg, sizeof msg, NULL, 0, NULL, sk[p], sk_bytes[p]);
                            t1 = timer_stop();
                        } else if (o == 2) {
                            t0 = timer_start();
                            bad |= verify[l](pp, fixed, sizeof fixed, NULL, 0, sig[p], sig_bytes[p], pk[p], pk_bytes[p]);
                            t1 = timer_stop();
                        } else {
                            t0 = timer_start();
                            bad |= vbatch[l](pp, NB, items[p], res);
                            t1 = timer_stop();
                            bad |= res[0] | res[NB - 1]; /* every item valid: the return covers the rest */
                            t1 = t0 + (t1 - t0) / NB;
                        }
                        if (b >= WARM) t[l][p][o][r * (BLOCK - WARM) + b - WARM] = t1 - t0;
                    }
            }
    if (bad) {
        fprintf(stderr, "an ML-DSA call failed\n");
        return 1;
    }
    printf("ML-DSA, TSC ticks, median of %d per figure (sign: and p90; vbatch: per signature of a batch of %d;"
           " timer overhead not subtracted), cpu 1\n",
           SAMPLES, NB);
    printf("%-6s", "");
    for (int l = 0; l < nl; l++) printf("  [%d] %7s %7s %7s %7s %7s", l, "keygen", "sign", "p90", "verify", "vbatch");
    printf("\n");
    uint64_t med[LIBS][3][OPS];
    for (int p = 0; p < 3; p++) {
        printf("%-6d", (int)params[p]);
        for (int l = 0; l < nl; l++) {
            printf("      ");
            for (int o = 0; o < OPS; o++) {
                bench_sort(t[l][p][o], SAMPLES);
                med[l][p][o] = t[l][p][o][SAMPLES / 2];
                printf(" %7lu", (unsigned long)med[l][p][o]);
                if (o == 1) printf(" %7lu", (unsigned long)t[l][p][o][SAMPLES * 9 / 10]);
            }
        }
        printf("\n");
    }
    for (int l = 1; l < nl; l++) {
        printf("[0] / [%d]:", l);
        for (int p = 0; p < 3; p++)
            printf("  %d: keygen %.2fx sign %.2fx verify %.2fx vbatch %.3fx", (int)params[p],
                   (double)med[0][p][0] / (double)med[l][p][0], (double)med[0][p][1] / (double)med[l][p][1],
                   (double)med[0][p][2] / (double)med[l][p][2], (double)med[0][p][3] / (double)med[l][p][3]);
        printf("\n");
    }
    for (int l = 0; l < nl; l++) printf("[%d] %s\n", l, argv[l + 1]);
    return 0;
}

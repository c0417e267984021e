/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_slhdsa_ab.c - SLH-DSA keygen / sign / verify of two or more builds of the shared
 * library in one process (as bench_mlkem_ab.c does for ML-KEM): each library loaded with
 * dlopen (RTLD_LOCAL), samples in rounds that visit every library for every set and
 * operation (one warm-up call, then BLOCK timed calls), so a before / after sees the same
 * moment of a noisy host. A signature lasts milliseconds, long enough for the scheduler of
 * a shared machine to cut into most samples when other jobs run, so each sample is taken
 * twice: TSC ticks of wall time, and the thread's CPU time (CLOCK_THREAD_CPUTIME_ID, which
 * stops while the thread is not running) in TSC ticks at the TSC rate measured over the
 * whole run. Printed per figure: the median of each and the minimum of the ticks. Keys
 * from fixed seeds, deterministic signatures of a 32-byte message with an empty context.
 * The 's' sets only with --slow (a signature takes 0.1-0.5 s).
 * Usage: bench_slhdsa_ab [--rounds R] [--slow] [--backend NAME[,NAME]] LIB.so [LIB.so ...]   (at most 4;
 * pinned to CPU 1); --backend selects the named backends in every library (bench_util.h's
 * bench_ab_select, e.g. opt64-bmi2,avx2-x4: an AVX2-only host's choice).
 *   e.g. ./build/bench_slhdsa_ab /tmp/before/build/libkeccakforge.so ./build/libkeccakforge.so
 */
#define _GNU_SOURCE
#include "bench_util.h"
#include "keccakforge.h"
#include "kforge/tsc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int tsc_have_rdtscp = 1;

#define LIBS 4
#define SETS 6
#define BLOCK 3
#define MAX_ROUNDS 64

typedef int (*keygen_fn)(kf_slhdsa_param, uint8_t *, uint8_t *, const uint8_t *, const uint8_t *, const uint8_t *);
typedef int (*sign_fn)(kf_slhdsa_param, uint8_t *, size_t, const void *, size_t, const void *, size_t,
                       const uint8_t *, const uint8_t *, size_t);
typedef int (*verify_fn)(kf_slhdsa_param, const void *, size_t, const void *, size_t, const uint8_t *, size_t,
                         const uint8_t *, size_t);

static const struct {
    kf_slhdsa_param param;
    const char *name;
    int slow;
    size_t n, sig_bytes; /* from the header: the tool calls nothing but the loaded libraries */
} sets[SETS] = {
    {KF_SLHDSA_SHAKE_128F, "128f", 0, KF_SLHDSA_SHAKE_128F_PK_BYTES / 2, KF_SLHDSA_SHAKE_128F_SIG_BYTES},
    {KF_SLHDSA_SHAKE_192F, "192f", 0, KF_SLHDSA_SHAKE_192F_PK_BYTES / 2, KF_SLHDSA_SHAKE_192F_SIG_BYTES},
    {KF_SLHDSA_SHAKE_256F, "256f", 0, KF_SLHDSA_SHAKE_256F_PK_BYTES / 2, KF_SLHDSA_SHAKE_256F_SIG_BYTES},
    {KF_SLHDSA_SHAKE_128S, "128s", 1, KF_SLHDSA_SHAKE_128S_PK_BYTES / 2, KF_SLHDSA_SHAKE_128S_SIG_BYTES},
    {KF_SLHDSA_SHAKE_192S, "192s", 1, KF_SLHDSA_SHAKE_192S_PK_BYTES / 2, KF_SLHDSA_SHAKE_192S_SIG_BYTES},
    {KF_SLHDSA_SHAKE_256S, "256s", 1, KF_SLHDSA_SHAKE_256S_PK_BYTES / 2, KF_SLHDSA_SHAKE_256S_SIG_BYTES},
};

static uint64_t t[LIBS][SETS][3][MAX_ROUNDS * BLOCK];
static uint64_t cpu_ns[LIBS][SETS][3][MAX_ROUNDS * BLOCK];

static uint64_t ns_of(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    int rounds = 10, slow = 0, nl = 0;
    const char *paths[LIBS], *backends = NULL;
    keygen_fn keygen[LIBS];
    sign_fn sign[LIBS];
    verify_fn verify[LIBS];
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--rounds") == 0 && a + 1 < argc) rounds = atoi(argv[++a]);
        else if (strcmp(argv[a], "--slow") == 0) slow = 1;
        else if (strcmp(argv[a], "--backend") == 0 && a + 1 < argc) backends = argv[++a];
        else if (nl < LIBS) paths[nl++] = argv[a];
        else nl = LIBS + 1;
    }
    if (nl < 1 || nl > LIBS || rounds < 1 || rounds > MAX_ROUNDS) {
        fprintf(stderr, "usage: bench_slhdsa_ab [--rounds R (1-%d)] [--slow] [--backend NAME[,NAME]] LIB.so [LIB.so ...] (at most %d)\n",
                MAX_ROUNDS, LIBS);
        return 2;
    }
    for (int l = 0; l < nl; l++) {
        static const char *const names[4] = {"kf_slhdsa_keygen_internal", "kf_slhdsa_sign", "kf_slhdsa_verify",
                                             "kf_backend_select"};
        void *f[4];
        if (bench_ab_load(paths[l], 4, names, f) != 0) return 1;
        if (bench_ab_select(paths[l], (int (*)(const char *))f[3], backends) != 0) return 1;
        keygen[l] = (keygen_fn)f[0];
        sign[l] = (sign_fn)f[1];
        verify[l] = (verify_fn)f[2];
    }
    bench_pin(1);
    static uint8_t pk[KF_SLHDSA_PK_MAX_BYTES], sk[KF_SLHDSA_SK_MAX_BYTES], seeds[96], msg[32];
    uint8_t *sig = malloc(KF_SLHDSA_SIG_MAX_BYTES);
    if (!sig) return 1;
    for (size_t i = 0; i < sizeof seeds; i++) seeds[i] = (uint8_t)(0x5a ^ (7 * i));
    for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(3 * i + 1);
    int bad = 0;
    const uint64_t wall0 = ns_of(CLOCK_MONOTONIC), tsc0 = timer_start();
    for (int r = 0; r < rounds; r++)
        for (int s = 0; s < SETS; s++) {
            if (sets[s].slow && !slow) continue;
            const kf_slhdsa_param p = sets[s].param;
            const size_t n = sets[s].n, sl = sets[s].sig_bytes;
            for (int l = 0; l < nl; l++)
                for (int o = 0; o < 3; o++)
                    for (int b = -1; b < BLOCK; b++) { /* b = -1: warm-up */
                        uint64_t t0 = 0, t1 = 0, c0 = ns_of(CLOCK_THREAD_CPUTIME_ID);
                        if (o == 0) {
                            t0 = timer_start();
                            bad |= keygen[l](p, pk, sk, seeds, seeds + n, seeds + 2 * n);
                            t1 = timer_stop();
                        } else if (o == 1) {
                            t0 = timer_start();
                            bad |= sign[l](p, sig, sl, msg, sizeof msg, NULL, 0, NULL, sk, 4 * n);
                            t1 = timer_stop();
                        } else {
                            t0 = timer_start();
                            bad |= verify[l](p, msg, sizeof msg, NULL, 0, sig, sl, pk, 2 * n);
                            t1 = timer_stop();
                        }
                        uint64_t c1 = ns_of(CLOCK_THREAD_CPUTIME_ID);
                        if (b >= 0) {
                            t[l][s][o][r * BLOCK + b] = t1 - t0;
                            cpu_ns[l][s][o][r * BLOCK + b] = c1 - c0;
                        }
                    }
        }
    const double tsc_per_ns = (double)(timer_stop() - tsc0) / (double)(ns_of(CLOCK_MONOTONIC) - wall0);
    free(sig);
    if (bad) {
        fprintf(stderr, "an SLH-DSA call failed\n");
        return 1;
    }
    const int samples = rounds * BLOCK;
    printf("SLH-DSA, TSC ticks (%.3f per ns): median and minimum of %d samples per figure, and the median\n"
           "of the thread's CPU time of the same samples in ticks (timer overhead not subtracted), cpu 1\n",
           tsc_per_ns, samples);
    printf("%-5s %-7s", "set", "op");
    for (int l = 0; l < nl; l++) printf("  [%d] %12s %12s %12s", l, "median", "min", "cpu median");
    if (nl > 1) printf("  [%d]/[0] median, min, cpu", nl - 1);
    printf("\n");
    static const char *const ops[3] = {"keygen", "sign", "verify"};
    for (int s = 0; s < SETS; s++) {
        if (sets[s].slow && !slow) continue;
        for (int o = 0; o < 3; o++) {
            double med[LIBS], mn[LIBS], cpu[LIBS];
            printf("%-5s %-7s", sets[s].name, ops[o]);
            for (int l = 0; l < nl; l++) {
                bench_sort(t[l][s][o], (size_t)samples);
                bench_sort(cpu_ns[l][s][o], (size_t)samples);
                med[l] = (double)t[l][s][o][samples / 2];
                mn[l] = (double)t[l][s][o][0];
                cpu[l] = (double)cpu_ns[l][s][o][samples / 2] * tsc_per_ns;
                printf("      %12.0f %12.0f %12.0f", med[l], mn[l], cpu[l]);
            }
            if (nl > 1) printf("  %.3f, %.3f, %.3f", med[nl - 1] / med[0], mn[nl - 1] / mn[0], cpu[nl - 1] / cpu[0]);
            printf("\n");
        }
    }
    for (int l = 0; l < nl; l++) printf("[%d] %s\n", l, paths[l]);
    return 0;
}

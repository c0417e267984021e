/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_mlkem_steps.c - where ML-KEM KeyGen's time goes: the whole KeyGen_internal beside its
 * steps, timed alone (docs/BENCHMARKS.md): K-PKE.KeyGen; H(ek) = SHA3-256 of ek; G = SHA3-512
 * of d || k; the Keccak jobs of the matrix and the noise (sampling.h, on the lanes the
 * library picks); k forward NTTs. Not a sum: each step runs on its own, so the parts need
 * not add up to the whole exactly.
 * Method as kforge bench: pinned, serialised TSC reads, the median of many samples of each
 * step, the steps' samples interleaved.
 * Usage: bench_mlkem_steps [512|768|1024] [cpu]   (built as ./build/bench_mlkem_steps)
 */
#define _GNU_SOURCE
#include "bench_util.h"
#include "keccakforge.h"
#include "kforge/tsc.h"
#include "mlkem/kpke.h"
#include "mlkem/params.h"
#include "mlkem/poly.h"
#include "mlkem/sampling.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tsc_have_rdtscp = 1;

#define SAMPLES 2001
enum { WHOLE, KPKE, H_EK, G, JOBS, NTT, STEPS };
static const char *const step_name[STEPS] = {
    "KeyGen_internal (whole)", "K-PKE.KeyGen", "H(ek): SHA3-256 of ek", "G: SHA3-512 of d || k",
    "Keccak jobs: matrix + noise", "k forward NTTs",
};
static uint64_t t[STEPS][SAMPLES];

int main(int argc, char **argv)
{
    int param = argc > 1 ? atoi(argv[1]) : 768;
    int cpu = argc > 2 ? atoi(argv[2]) : 1;
    const kf_mlkem_params *p = kf_mlkem_params_get((kf_mlkem_param)param);
    if (!p) {
        fprintf(stderr, "usage: bench_mlkem_steps [512|768|1024] [cpu]\n");
        return 2;
    }
    bench_pin(cpu);
    static uint8_t ek[KF_MLKEM1024_EK_BYTES], dk[KF_MLKEM1024_DK_BYTES], out[64];
    static kf_mlkem_poly a[KF_MLKEM_K_MAX * KF_MLKEM_K_MAX];
    static kf_mlkem_job jobs[KF_MLKEM_K_MAX * KF_MLKEM_K_MAX + 2 * KF_MLKEM_K_MAX];
    static uint8_t prf[2 * KF_MLKEM_K_MAX][64 * 3];
    uint8_t d[KF_MLKEM_SEED_BYTES + 1], z[KF_MLKEM_SEED_BYTES];
    memset(d, 1, sizeof d);
    memset(z, 2, sizeof z);
    d[KF_MLKEM_SEED_BYTES] = (uint8_t)p->k;
    for (int s = -100; s < SAMPLES; s++) { /* the first 100: warm-up */
        uint64_t c[STEPS], t0;
        d[0] = (uint8_t)s; /* a new matrix each time: rejection sampling varies */
        t0 = timer_start();
        kf_mlkem_keygen_internal((kf_mlkem_param)param, ek, dk, d, z);
        c[WHOLE] = timer_stop() - t0;
        t0 = timer_start();
        kf_kpke_keygen(p, ek, dk, d, NULL);
        c[KPKE] = timer_stop() - t0;
        t0 = timer_start();
        kf_sha3_256(out, ek, p->ek_bytes);
        c[H_EK] = timer_stop() - t0;
        t0 = timer_start();
        kf_sha3_512(out, d, sizeof d);
        c[G] = timer_stop() - t0;
        uint8_t *prf_out[2 * KF_MLKEM_K_MAX];
        unsigned eta[2 * KF_MLKEM_K_MAX];
        for (unsigned i = 0; i < 2 * p->k; i++) {
            prf_out[i] = prf[i];
            eta[i] = p->eta1;
        }
        t0 = timer_start();
        unsigned n = kf_mlkem_matrix_jobs(jobs, a, d, p->k, 0);
        n += kf_mlkem_prf_jobs(jobs + n, prf_out, eta, 2 * p->k, z, 0);
        kf_mlkem_run_jobs(jobs, n);
        c[JOBS] = timer_stop() - t0;
        t0 = timer_start();
        for (unsigned i = 0; i < p->k; i++) kf_mlkem_poly_ntt(&a[i]);
        c[NTT] = timer_stop() - t0;
        if (s >= 0)
            for (int k = 0; k < STEPS; k++) t[k][s] = c[k];
    }
    printf("ML-KEM-%d KeyGen by step: TSC ticks, median of %d (timer overhead not subtracted), cpu %d\n", param,
           SAMPLES, cpu);
    const kf_backend_xn *lanes = kf_backend_xn_for(KF_MLKEM_JOB_LANES); /* the jobs' lanes (sampling.h) */
    printf("  arithmetic: %s; Keccak jobs on: %s\n",
           kf_mlkem_arith_avx512() ? "AVX2 + AVX-512" : kf_mlkem_arith_avx2() ? "AVX2" : "portable C",
           lanes ? lanes->name : "x1");
    for (int k = 0; k < STEPS; k++) {
        bench_sort(t[k], SAMPLES);
        printf("  %-30s %8llu\n", step_name[k], (unsigned long long)t[k][SAMPLES / 2]);
    }
    return 0;
}

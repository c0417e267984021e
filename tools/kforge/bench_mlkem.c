/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_mlkem.c - suite "mlkem": ticks per ML-KEM-512/768/1024 KeyGen, Encaps and Decaps
 * (FIPS 203), through the public API: the deterministic internal forms for KeyGen and
 * Encaps (fixed d, z, m: no OS randomness inside the timed region), ML-KEM.Decaps with its
 * §7.3 input checks. The same seeds every time, so matrix sampling always takes the same
 * number of SHAKE128 blocks.
 *
 * Rows: the best the CPU runs (the batched backend ML-KEM's jobs run on for matrix and noise
 * sampling - kf_backend_xn_for(KF_MLKEM_JOB_LANES), which may be narrower than the default
 * batched backend -
 * and the AVX2 arithmetic where there is AVX2), the same with the portable C arithmetic, and
 * the fully portable path (no batched backend: every SHAKE on one state, portable C
 * arithmetic). The backend column names the three parts: x1/batched/arithmetic, e.g.
 * "avx512vl-x1/avx512vl-x4/avx2", "opt64-bmi2/x1/portable". Each figure gets a quarter of the
 * usual time budget: a few seconds in all. The nine figures of a row take their samples in
 * turn (bench_measure_n), so each median comes from samples spread over the whole row, about
 * two seconds: a burst of load on a shared host then spoils a few samples of every figure
 * instead of most samples of one or two (docs/BENCHMARK_HISTORY.md, session 10, has the runs
 * that showed it).
 */
#include "bench.h"
#include "keccakforge.h"
#include "keccak/keccak_backend.h" /* kf_backend_xn_for */
#include "mlkem/poly.h" /* kf_mlkem_arith_avx2, _avx512, _select */
#include "mlkem/sampling.h" /* KF_MLKEM_JOB_LANES */

#include <stdio.h>
#include <string.h>

typedef struct mlkem_arg {
    kf_mlkem_param param;
    uint8_t ek[KF_MLKEM_EK_MAX_BYTES], dk[KF_MLKEM_DK_MAX_BYTES], ct[KF_MLKEM_CT_MAX_BYTES];
    uint8_t ss[KF_MLKEM_SS_BYTES];
    uint8_t d[KF_MLKEM_SEED_BYTES], z[KF_MLKEM_SEED_BYTES], m[KF_MLKEM_MSG_BYTES];
    int rc; /* last status, checked after timing */
} mlkem_arg;

static void run_keygen(void *arg, size_t reps)
{
    mlkem_arg *a = arg;
    for (size_t i = 0; i < reps; i++) a->rc |= kf_mlkem_keygen_internal(a->param, a->ek, a->dk, a->d, a->z);
}

static void run_encaps(void *arg, size_t reps)
{
    mlkem_arg *a = arg;
    size_t eklen = kf_mlkem_ek_bytes(a->param);
    for (size_t i = 0; i < reps; i++) a->rc |= kf_mlkem_encaps_internal(a->param, a->ct, a->ss, a->ek, eklen, a->m);
}

static void run_decaps(void *arg, size_t reps)
{
    mlkem_arg *a = arg;
    size_t ctlen = kf_mlkem_ct_bytes(a->param), dklen = kf_mlkem_dk_bytes(a->param);
    for (size_t i = 0; i < reps; i++) a->rc |= kf_mlkem_decaps(a->param, a->ss, a->ct, ctlen, a->dk, dklen);
}

/* Fixed key pair and ciphertext for param; 0 on success. */
static int mlkem_setup(mlkem_arg *a, kf_mlkem_param param)
{
    memset(a, 0, sizeof *a);
    a->param = param;
    for (unsigned i = 0; i < KF_MLKEM_SEED_BYTES; i++) {
        a->d[i] = (uint8_t)(3 * i + 1);
        a->z[i] = (uint8_t)(5 * i + 2);
        a->m[i] = (uint8_t)(7 * i + 3);
    }
    if (kf_mlkem_keygen_internal(param, a->ek, a->dk, a->d, a->z) != KF_OK) return -1;
    return kf_mlkem_encaps_internal(param, a->ct, a->ss, a->ek, kf_mlkem_ek_bytes(param), a->m) == KF_OK ? 0 : -1;
}

/* The rows of the table for the backends in use: the three operations of every parameter
 * set, their samples interleaved. */
static void mlkem_rows(bench *b, const char *backend, int width)
{
    enum { PARAMS = 3, OPS = 3 };
    static const kf_mlkem_param params[PARAMS] = {KF_MLKEM512, KF_MLKEM768, KF_MLKEM1024};
    static const struct {
        const char *op;
        bench_fn fn;
    } ops[OPS] = {{"keygen", run_keygen}, {"encaps", run_encaps}, {"decaps", run_decaps}};
    static mlkem_arg a[PARAMS]; /* ~7 KiB each: off the stack */
    bench_fn fns[PARAMS * OPS];
    void *args[PARAMS * OPS];
    double t[PARAMS * OPS];
    size_t n = 0, first[PARAMS];
    int ok[PARAMS];
    for (size_t p = 0; p < PARAMS; p++) {
        first[p] = n;
        ok[p] = mlkem_setup(&a[p], params[p]) == 0;
        for (size_t o = 0; ok[p] && o < OPS; o++) {
            fns[n] = ops[o].fn;
            args[n++] = &a[p];
        }
    }
    bench_measure_n(b, n, fns, args, 1, t, NULL);
    for (size_t p = 0; p < PARAMS; p++) {
        printf("    %-*s ML-KEM-%-5d", width, backend, (int)params[p]);
        if (!ok[p]) {
            printf(" (setup failed: not timed)\n");
            continue;
        }
        for (size_t o = 0; o < OPS; o++) {
            char name[40];
            double *x = &t[first[p] + o];
            if (a[p].rc != KF_OK) *x = -1.0; /* any failed call of this parameter set */
            snprintf(name, sizeof name, "ml-kem-%d-%s", (int)params[p], ops[o].op);
            if (*x > 0) bench_add(b, "mlkem", name, backend, -1, "ticks", *x);
        }
        printf(" %10.0f %10.0f %10.0f\n", t[first[p]], t[first[p] + 1], t[first[p] + 2]);
    }
    fflush(stdout);
}

void bench_suite_mlkem(bench *b)
{
    char backend[64];
    const char *x1 = kf_backend_name(), *batch = kf_backend_batch_name();
    /* the label names the lanes the jobs use */
    const kf_backend_xn *jobs = kf_backend_xn_for(KF_MLKEM_JOB_LANES);
    const char *jobs_name = jobs ? jobs->name : "x1";
    uint64_t budget = b->budget;
    b->budget = budget / 4;

    int avx2 = kf_mlkem_arith_avx2();
    /* the backend column as wide as its longest label (the first: its arithmetic's name is
     * the longest, "avx2+avx512") and its header */
    const char *head = "backend (x1/batched/arithmetic)";
    snprintf(backend, sizeof backend, "%s/%s/%s", x1, jobs_name,
             !avx2 ? "portable" : kf_mlkem_arith_avx512() ? "avx2+avx512" : "avx2");
    int width = (int)strlen(backend) + 2;
    if (width < (int)strlen(head) + 2) width = (int)strlen(head) + 2;
    if (width < (int)(strlen(x1) + strlen(jobs_name) + 12)) width = (int)(strlen(x1) + strlen(jobs_name) + 12);
    printf("    ML-KEM (FIPS 203): ticks per operation (median; KeyGen_internal and\n"
           "    Encaps_internal with fixed seeds, Decaps with its input checks)\n");
    printf("    %-*s %-11s %10s %10s %10s\n", width, head, "set", "keygen", "encaps", "decaps");
    /* avx2+avx512: the AVX2 arithmetic with its AVX-512 parts (poly.h, kf_mlkem_arith_avx512) */
    mlkem_rows(b, backend, width);
    if (avx2) {
        kf_mlkem_arith_select(0);
        snprintf(backend, sizeof backend, "%s/%s/portable", x1, jobs_name);
        mlkem_rows(b, backend, width);
    }
    /* portable all through: no batched backend (selecting it back afterwards pins that
     * choice) and the portable arithmetic */
    if (strcmp(batch, "x1") != 0 && kf_backend_select("x1") == KF_OK) {
        kf_mlkem_arith_select(0);
        snprintf(backend, sizeof backend, "%s/x1/portable", x1);
        mlkem_rows(b, backend, width);
        kf_backend_select(batch);
    }
    kf_mlkem_arith_select(avx2);
    b->budget = budget;
}

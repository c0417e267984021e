/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench.h - the harness of `kforge bench`: timing, records, and the list of suites.
 *
 * A suite is one function, void bench_suite_NAME(bench *b), in its own file. It measures
 * its figures with bench_measure() (or bench_measure_n() for side-by-side ratios), adds
 * one record per figure with bench_add(), and prints its own table. The harness prints
 * the report header, pins the thread, estimates the TSC frequency and writes the JSON.
 *
 * Adding a suite: write the function, declare it at the end of this file, add one line
 * to the `suites` table in bench.c. Records need no other plumbing.
 */
#ifndef KFORGE_BENCH_H
#define KFORGE_BENCH_H

#include <stddef.h>
#include <stdint.h>

/* The code under test: do the operation `reps` times, back to back. */
typedef void (*bench_fn)(void *arg, size_t reps);

/* One figure of the report (one element of "results" in the JSON). */
typedef struct bench_record {
    char suite[24];     /* "permutation", "hash", ... */
    char name[40];      /* "keccak-p1600-24", "sha3-256", ... */
    char backend[40];   /* backend name, or "openssl"; ML-KEM: x1/batched/arithmetic */
    long long size;     /* bytes, or -1 when a size makes no sense (JSON null) */
    char unit[24];      /* "ticks/permutation", "ticks/byte", "model-cycles", ... */
    double median;
    double iqr;         /* interquartile range in the same unit, or -1 if unknown (JSON null):
                         * the samples' q3 - q1 relative to their median, times the figure
                         * (for figures timed side by side, the widest of the group) */
    double q1, q3;      /* the quartiles in the same unit (scaled like iqr: the samples' q1 and q3
                         * relative to their median, times the figure), or -1 if unknown */
    unsigned samples;   /* how many samples the median is of */
    double drift;       /* the drift check before its suite: that probe / the first one - 1
                         * (0.2 = the machine was 20% slower then); NAN when not measured */
} bench_record;

typedef struct bench {
    /* settings, fixed by --quick */
    int quick;
    unsigned min_samples, max_samples; /* odd; samples per figure */
    uint64_t budget;     /* ticks of timed samples per figure; the count adapts to it */
    uint64_t min_sample; /* a sample lasts at least this many ticks (reps adapt) */
    /* the machine */
    double tsc_hz;       /* timer ticks per second, measured */
    uint64_t overhead;   /* ticks of an empty timed region, subtracted from every sample */
    const char *backend; /* the default x1 backend: kf_backend_name() */
    /* shared input: bench_input_len bytes of fixed pseudo-random data */
    uint8_t *input;
    /* the records so far */
    bench_record *rec;
    size_t nrec, cap;
    unsigned last_samples; /* samples behind the last bench_measure() result */
    double last_rel_iqr;   /* (q3 - q1) / median of that measurement; -1 = unknown */
    double last_rel_q1, last_rel_q3; /* q1 / median, q3 / median of the same samples; used
                                      * only while last_q_tag == last_rel_iqr (a suite that
                                      * sets last_rel_iqr itself leaves them unknown) */
    double last_q_tag;
    double suite_drift;  /* the current suite's drift check, copied into its records */
} bench;

#define BENCH_INPUT_LEN ((size_t)1 << 20)
#define BENCH_MAX_SAMPLES 1001

/* Median ticks per rep of fn(arg, reps). reps is calibrated, starting at min_reps and
 * doubling until one sample lasts b->min_sample ticks; after a warm-up, the number of
 * samples fits b->budget within [min_samples, max_samples]. Returns a negative value if
 * the measurement failed (no memory). */
double bench_measure(bench *b, bench_fn fn, void *arg, size_t min_reps);

/* The same for n <= BENCH_MAX_N functions with their samples interleaved (one of each,
 * in turn). If ratios is not NULL, ratios[j] is the median over the rounds i of
 * (sample i of fns[j]) / (sample i of fns[0]), per rep: samples taken next to each other
 * see the same state of a noisy machine, so this ratio is steadier than the ratio of the
 * two medians (ratios[0] = 1). */
#define BENCH_MAX_N 9
void bench_measure_n(bench *b, size_t n, const bench_fn fns[], void *const args[],
                     size_t min_reps, double medians[], double ratios[]);

/* Add one record; strings are copied (and cut to fit). */
void bench_add(bench *b, const char *suite, const char *name, const char *backend,
               long long size, const char *unit, double median);

/* Records of a JSON file written by --json (or a tool in its shape) added to b: how many,
 * or -1 if it cannot be read (bench_external.c). */
int bench_load_json(bench *b, const char *path);
/* The drift check a --json file recorded: end/start - 1 of its drift figure (0.1 = the
 * machine was 10% slower at the end), or NAN if the file has none (bench_external.c). */
double bench_load_drift(const char *path);

/* "64 B", "1 KiB", "1 MiB", ... */
const char *bench_size_label(size_t bytes, char buf[24]);

/* ---- the modes the hash suites time (bench_hash.c), shared with the OpenSSL suite -- */
typedef struct bench_mode {
    const char *name;  /* record name: "sha3-256", "kmac128", ... */
    int xof;           /* output length is the caller's choice */
    size_t outlen;     /* bytes of output in the hash table */
    int (*call)(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
} bench_mode;

const bench_mode *bench_mode_find(const char *name);

typedef struct bench_mode_arg {
    const bench_mode *mode;
    const uint8_t *in;
    size_t inlen;
    uint8_t *out;
    size_t outlen;
    int rc;            /* last status, for a check after timing */
} bench_mode_arg;

void bench_run_mode(void *arg, size_t reps); /* a bench_fn over bench_mode_arg */

/* ---- OpenSSL's libcrypto, loaded at run time (openssl_ref.c) ------------------------ */
/* Version string of the libcrypto found, or NULL (then *why says what went wrong). */
const char *bench_openssl_version(const char **why);

/* ---- the suites ---------------------------------------------------------------------- */
void bench_suite_permutation(bench *b); /* bench_perm.c */
void bench_suite_permutation_xn(bench *b); /* bench_perm.c */
void bench_suite_hash(bench *b);        /* bench_hash.c */
void bench_suite_xof_expand(bench *b);  /* bench_hash.c */
void bench_suite_oneblock(bench *b);    /* bench_oneblock.c */
void bench_suite_tree_threads(bench *b); /* bench_hash.c */
void bench_suite_slhdsa(bench *b);      /* bench_slhdsa.c */
void bench_suite_openssl(bench *b);     /* openssl_ref.c */
void bench_suite_openssl_provider(bench *b); /* bench_openssl_provider.c */
void bench_suite_mlkem(bench *b);       /* bench_mlkem.c */
void bench_suite_mldsa(bench *b);       /* bench_mldsa.c */
void bench_suite_python(bench *b);      /* bench_python.c: python3 -m keccakforge.bench */
/* Figures of other CPUs, by emulation, from Python tools of the source tree (bench_external.c) */
void bench_suite_cortex_m(bench *b);    /* Cortex-M4 cycle model: bench/cortexm_model */
void bench_suite_aarch64(bench *b);     /* executed instructions: bench/cross_bench */
void bench_suite_riscv64(bench *b);     /* executed instructions: bench/cross_bench */
void bench_suite_hw(bench *b);          /* hw/ Verilog: clocks, LUTs, Fmax (bench_hw.c, hw/bench_hw.py) */
void bench_suite_rvv_ise(bench *b);     /* seed 003's vector unit model: bench/rvv_ise_model (bench_rvv_ise.c) */

/* The BLAKE3 rows of suite tree-threads, on len bytes of b->input at 1 and `all` threads,
 * next to KT128's ticks/byte kt128[0] (1 thread) and kt128[1] (all): bench_blake3.c. */
void bench_blake3_rows(bench *b, size_t len, unsigned all, const double kt128[2]);

#endif

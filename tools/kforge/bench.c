/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench.c - `kforge bench`: the benchmark report, and the harness its suites share.
 *
 * Method (docs/BENCHMARKS.md, its opening section): serialised TSC reads (tsc.h), the thread pinned to
 * the core it started on, a warm-up, and the median of many samples per figure. Each
 * sample times `reps` back-to-back operations, reps chosen so a sample lasts at least
 * b->min_sample ticks; the cost of an empty timed region is measured once and
 * subtracted. The number of samples adapts to a time budget per figure, so a 1 MiB row
 * takes about as long as a 64-byte row. Ratios against OpenSSL interleave the samples of
 * both sides, so a drifting machine hurts both alike.
 */
#define _GNU_SOURCE /* sched_setaffinity, sched_getcpu */
#include "bench.h"
#include "kforge.h"
#include "tsc.h"
#include "keccakforge.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sched.h>
#include <sys/utsname.h>
#endif
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#ifndef KF_BUILD_TYPE
#define KF_BUILD_TYPE "unknown"
#endif
#if defined(__has_include)
#if __has_include("kf_git_describe.h")
#include "kf_git_describe.h" /* KF_GIT_DESCRIBE, written at build time (git_describe.cmake) */
#endif
#endif
#ifndef KF_GIT_DESCRIBE
#define KF_GIT_DESCRIBE "unknown"
#endif

#ifndef KF_BENCH_PLOT_PY
#define KF_BENCH_PLOT_PY "tools/kforge/bench_plot.py"
#endif

extern char **environ;

int tsc_have_rdtscp = 1;

/* Every suite of the report, in report order. Add new suites here (and in bench.h). */
static const struct bench_suite {
    const char *name;
    void (*run)(bench *b);
    const char *what;
    int on_request; /* with --quick, run only when --suite names it: emulators, models, HDL tools */
} suites[] = {
    {"permutation", bench_suite_permutation, "Keccak-p[1600,24] and [1600,12] on every backend this CPU runs", 0},
    {"permutation-xn", bench_suite_permutation_xn, "batched backends: N states per call, ticks per permutation", 0},
    {"hash", bench_suite_hash, "every mode, 64 B to 1 MiB inputs, default backend", 0},
    {"xof-expand", bench_suite_xof_expand, "SHAKE/TurboSHAKE expanding a 32-byte seed to 8 KiB", 0},
    {"oneblock", bench_suite_oneblock, "one-block hashes, KT128 64 B, 8 x 64 B batched: each beside its floor", 0},
    {"tree-threads", bench_suite_tree_threads, "KT128/KT256, ParallelHash, BLAKE3 (python3) on 1 MiB: 1 thread, all cores", 0},
    {"slhdsa", bench_suite_slhdsa, "SLH-DSA keygen/sign/verify and hashing floors: SHAKE f sets (s sets without --quick)", 0},
    {"openssl", bench_suite_openssl, "OpenSSL libcrypto side by side, when installed", 0},
    {"mlkem", bench_suite_mlkem, "ML-KEM-512/768/1024 keygen, encaps, decaps: batched backend and x1", 0},
    {"mldsa", bench_suite_mldsa, "ML-DSA-44/65/87 keygen, sign (median, p90), verify: batched backend and x1", 0},
    {"python", bench_suite_python, "the Python package vs hashlib, pycryptodome, kyber-py (python3 -m keccakforge.bench)", 0},
    {"cortex-m", bench_suite_cortex_m, "ARMv7-M backends priced by the Cortex-M4 cycle model (needs arm-none-eabi-gcc, unicorn)", 1},
    {"aarch64", bench_suite_aarch64, "AArch64 backends: executed instructions per permutation (needs cross gcc, qemu-user)", 1},
    {"riscv64", bench_suite_riscv64, "RISC-V backends: executed instructions per state, VLEN 128/256/512 (cross gcc, qemu-user)", 1},
    {"rvv-ise", bench_suite_rvv_ise, "a published SHA-3 RISC-V vector unit (Li, Mentens, Picek): its cycle model beside the published figures, variants, the HDL unit (python3, iverilog, cocotb)", 1},
    {"openssl-provider", bench_suite_openssl_provider, "the keccakforge OpenSSL provider via EVP: digests, ML-KEM, TLS handshakes", 0},
    {"hw", bench_suite_hw, "hw/ Verilog: clocks (Icarus), 7-series LUTs (yosys), ECP5 Fmax (nextpnr) (needs iverilog, cocotb, yosys)", 1},
};
#define N_SUITES (sizeof suites / sizeof suites[0])

/* ---- the machine -------------------------------------------------------------------- */

static void cpu_model(char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
#if defined(__x86_64__)
    unsigned r[12], a, bx, c, d;
    if (__get_cpuid(0x80000000u, &a, &bx, &c, &d) && a >= 0x80000004u) {
        for (unsigned i = 0; i < 3; i++) __get_cpuid(0x80000002u + i, &r[4 * i], &r[4 * i + 1], &r[4 * i + 2], &r[4 * i + 3]);
        char brand[49];
        memcpy(brand, r, 48);
        brand[48] = '\0';
        char *s = brand, *e = brand + strlen(brand);
        while (*s == ' ') s++;
        while (e > s && e[-1] == ' ') *--e = '\0';
        if (*s) {
            snprintf(buf, len, "%s", s);
            return;
        }
    }
#endif
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[256];
    while (f && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!colon || strncmp(line, "model name", 10) != 0) continue;
        colon += 1 + (colon[1] == ' ');
        colon[strcspn(colon, "\n")] = '\0';
        snprintf(buf, len, "%s", colon);
        break;
    }
    if (f) fclose(f);
}

/* CPUID 0x80000007 EDX[8]: the TSC rate does not change with P-states or C-states. */
static int tsc_invariant(void)
{
#if defined(__x86_64__)
    unsigned a, bx, c, d;
    if (__get_cpuid(0x80000000u, &a, &bx, &c, &d) && a >= 0x80000007u) {
        __get_cpuid(0x80000007u, &a, &bx, &c, &d);
        return (d >> 8) & 1;
    }
#endif
    return 0;
}

static void detect_rdtscp(void)
{
#if TIMER_IS_TSC
    tsc_detect_rdtscp();
#endif
}

/* Pin to the core we run on, so every sample sees the same core and caches. */
static int pin_to_current_cpu(void)
{
#ifdef __linux__
    int cpu = sched_getcpu();
    cpu_set_t set;
    if (cpu < 0) return -1;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) == 0) return cpu;
#endif
    return -1;
}

static double now_seconds(void)
{
    struct timespec ts;
#ifdef CLOCK_MONOTONIC_RAW
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
#else
    clock_gettime(CLOCK_MONOTONIC, &ts);
#endif
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Ticks per second against the OS clock, busy-waiting `seconds` (which also warms the
 * core up to its working clock before the first figure). */
static double measure_tsc_hz(double seconds)
{
    double s0 = now_seconds(), s1;
    uint64_t t0 = timer_start(), t1;
    do {
        s1 = now_seconds();
        t1 = timer_stop();
    } while (s1 - s0 < seconds);
    return (double)(t1 - t0) / (s1 - s0);
}

/* ---- timing ------------------------------------------------------------------------- */

static uint64_t one_sample(bench_fn fn, void *arg, size_t reps)
{
    uint64_t t0 = timer_start();
    fn(arg, reps);
    return timer_stop() - t0;
}

static __attribute__((noinline)) void empty_fn(void *arg, size_t reps)
{
    (void)arg;
    (void)reps;
    __asm__ volatile("" ::: "memory");
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint64_t median_u64(uint64_t *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_u64);
    return v[n / 2];
}

static uint64_t measure_overhead(void)
{
    static uint64_t v[1001];
    bench_fn volatile fn = empty_fn; /* keep the call, as real samples have one */
    for (size_t i = 0; i < 1001; i++) v[i] = one_sample(fn, NULL, 0);
    return median_u64(v, 1001);
}

/* Smallest power-of-two multiple of min_reps whose sample lasts long enough: at least
 * b->min_sample ticks, and long enough that max_samples samples fill half the budget or
 * more. So every figure, fast or slow, is spread over about the same stretch of time and
 * a short burst of activity elsewhere on the machine cannot own its median. Writes the
 * length of such a sample to *ticks. The first call warms caches and pages. */
static size_t calibrate(const bench *b, bench_fn fn, void *arg, size_t reps, uint64_t *ticks)
{
    uint64_t target = b->budget / (2 * (uint64_t)b->max_samples);
    if (target < b->min_sample) target = b->min_sample;
    fn(arg, reps);
    for (;;) {
        uint64_t t = UINT64_MAX;
        for (int i = 0; i < 3; i++) {
            uint64_t s = one_sample(fn, arg, reps);
            if (s < t) t = s;
        }
        if (t >= target || reps >= ((size_t)1 << 30)) {
            *ticks = t > 0 ? t : 1;
            return reps;
        }
        reps *= 2;
    }
}

static unsigned sample_count(const bench *b, uint64_t ticks_per_round)
{
    uint64_t n = b->budget / (ticks_per_round ? ticks_per_round : 1);
    if (n < b->min_samples) n = b->min_samples;
    if (n > b->max_samples) n = b->max_samples;
    if (n >= BENCH_MAX_SAMPLES) n = BENCH_MAX_SAMPLES - 1;
    return (unsigned)(n | 1); /* odd: the median is one sample */
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median over the rounds of (x[i] / rx) / (y[i] / ry); sorts a copy. */
static double median_ratio(const uint64_t *x, size_t rx, const uint64_t *y, size_t ry, unsigned count)
{
    double *r = malloc(count * sizeof *r);
    if (!r) return -1.0;
    for (unsigned i = 0; i < count; i++)
        r[i] = y[i] ? ((double)x[i] * (double)ry) / ((double)y[i] * (double)rx) : 0.0;
    qsort(r, count, sizeof *r, cmp_double);
    double m = r[count / 2];
    free(r);
    return m;
}

void bench_measure_n(bench *b, size_t n, const bench_fn fns[], void *const args[],
                     size_t min_reps, double medians[], double ratios[])
{
    size_t reps[BENCH_MAX_N];
    uint64_t *samples[BENCH_MAX_N], round_ticks = 0;
    int ok = 1;
    if (n == 0 || n > BENCH_MAX_N) return;
    for (size_t j = 0; j < n; j++) {
        uint64_t t;
        reps[j] = calibrate(b, fns[j], args[j], min_reps ? min_reps : 1, &t);
        round_ticks += t;
        samples[j] = malloc(BENCH_MAX_SAMPLES * sizeof(uint64_t));
        ok &= samples[j] != NULL;
    }
    unsigned count = ok ? sample_count(b, round_ticks / n) : 0;
    for (int warm = 0; warm < 2 && ok; warm++)
        for (size_t j = 0; j < n; j++) one_sample(fns[j], args[j], reps[j]);
    for (unsigned i = 0; i < count; i++)
        for (size_t j = 0; j < n; j++) {
            uint64_t t = one_sample(fns[j], args[j], reps[j]);
            samples[j][i] = t > b->overhead ? t - b->overhead : 0;
        }
    for (size_t j = 0; ratios && j < n; j++)
        ratios[j] = ok ? median_ratio(samples[j], reps[j], samples[0], reps[0], count) : -1.0;
    b->last_rel_iqr = ok ? 0.0 : -1.0;
    b->last_rel_q1 = b->last_rel_q3 = 1.0;
    for (size_t j = 0; j < n; j++) {
        medians[j] = ok ? (double)median_u64(samples[j], count) / (double)reps[j] : -1.0;
        if (ok && samples[j][count / 2]) { /* sorted by median_u64: the quartiles are at n/4, 3n/4 */
            double med = (double)samples[j][count / 2];
            double rel = (double)(samples[j][3 * count / 4] - samples[j][count / 4]) / med;
            if (rel > b->last_rel_iqr) { /* the widest of the group, with its own quartiles */
                b->last_rel_iqr = rel;
                b->last_rel_q1 = (double)samples[j][count / 4] / med;
                b->last_rel_q3 = (double)samples[j][3 * count / 4] / med;
            }
        }
        free(samples[j]);
    }
    b->last_q_tag = b->last_rel_iqr;
    b->last_samples = count;
}

double bench_measure(bench *b, bench_fn fn, void *arg, size_t min_reps)
{
    double m;
    void *args[1] = {arg};
    bench_measure_n(b, 1, &fn, args, min_reps, &m, NULL);
    return m;
}

/* ---- records and JSON ----------------------------------------------------------------- */

void bench_add(bench *b, const char *suite, const char *name, const char *backend,
               long long size, const char *unit, double median)
{
    if (b->nrec == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 256;
        bench_record *r = realloc(b->rec, cap * sizeof *r);
        if (!r) return; /* the table still shows the figure; the JSON misses it */
        b->rec = r;
        b->cap = cap;
    }
    bench_record *r = &b->rec[b->nrec++];
    snprintf(r->suite, sizeof r->suite, "%s", suite);
    snprintf(r->name, sizeof r->name, "%s", name);
    snprintf(r->backend, sizeof r->backend, "%s", backend);
    r->size = size;
    snprintf(r->unit, sizeof r->unit, "%s", unit);
    r->median = median;
    r->iqr = b->last_rel_iqr >= 0 && median > 0 ? b->last_rel_iqr * median : -1.0;
    int q = r->iqr >= 0 && b->last_q_tag == b->last_rel_iqr;
    r->q1 = q ? b->last_rel_q1 * median : -1.0;
    r->q3 = q ? b->last_rel_q3 * median : -1.0;
    r->samples = b->last_samples;
    r->drift = b->suite_drift;
}

const char *bench_size_label(size_t bytes, char buf[24])
{
    if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) snprintf(buf, 24, "%zu MiB", bytes >> 20);
    else if (bytes >= 1024 && bytes % 1024 == 0) snprintf(buf, 24, "%zu KiB", bytes >> 10);
    else snprintf(buf, 24, "%zu B", bytes);
    return buf;
}

static void json_string(FILE *f, const char *s)
{
    putc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else putc(c, f);
    }
    putc('"', f);
}

/* Facts about the run, printed in the header and written to the JSON "machine" object. */
typedef struct machine {
    char cpu[128], date[32], os[200], compiler[128];
    const char *openssl;     /* version, or NULL */
    const char *openssl_why; /* why not, when NULL */
    int cpu_index, invariant;
    double drift_start, drift_end; /* DRIFT_MODE at DRIFT_SIZE, ticks/byte */
} machine;

/* A figure measured before the first suite and after the last: if they differ much,
 * the machine changed during the run (neighbours, clock) and the report says so. */
#define DRIFT_MODE "sha3-256"
#define DRIFT_SIZE 8192
#define DRIFT_LIMIT 0.10 /* more than 10% off the first check: the machine changed
                          * (KFORGE_BENCH_DRIFT_LIMIT=PERCENT sets another; a negative
                          * one marks every section after the first, whatever its probe) */

static double drift_probe(bench *b)
{
    static uint8_t out[64];
    const bench_mode *m = bench_mode_find(DRIFT_MODE);
    bench_mode_arg arg = {m, b->input, DRIFT_SIZE, out, m->outlen, 0};
    unsigned keep = b->last_samples;
    double t = bench_measure(b, bench_run_mode, &arg, 1) / DRIFT_SIZE;
    b->last_samples = keep;
    return arg.rc == 0 ? t : -1.0;
}

static void json_kv(FILE *f, const char *key, const char *value, int last)
{
    fprintf(f, "    ");
    json_string(f, key);
    fputs(": ", f);
    if (value) json_string(f, value);
    else fputs("null", f);
    fputs(last ? "\n" : ",\n", f);
}

static int write_json(FILE *f, const bench *b, const machine *m)
{
    fputs("{\n  \"machine\": {\n", f);
    json_kv(f, "cpu_model", m->cpu, 0);
    fprintf(f, "    \"tsc_hz\": %.0f,\n", b->tsc_hz);
    json_kv(f, "timer", TIMER_UNIT, 0);
    fprintf(f, "    \"timer_overhead\": %llu,\n", (unsigned long long)b->overhead);
    fprintf(f, "    \"pinned_cpu\": %d,\n", m->cpu_index);
    json_kv(f, "backend", b->backend, 0);
    json_kv(f, "compiler", m->compiler, 0);
    json_kv(f, "build_type", KF_BUILD_TYPE, 0);
    json_kv(f, "os", m->os, 0);
    json_kv(f, "openssl", m->openssl, 0);
    json_kv(f, "kforge_version", KECCAKFORGE_VERSION_STRING, 0);
    json_kv(f, "commit", KF_GIT_DESCRIBE, 0);
    fprintf(f, "    \"quick\": %s,\n", b->quick ? "true" : "false");
    fprintf(f, "    \"drift_check\": {\"name\": \"%s\", \"size\": %d, \"unit\": \"ticks/byte\", "
               "\"start\": %.6g, \"end\": %.6g},\n", DRIFT_MODE, DRIFT_SIZE, m->drift_start, m->drift_end);
    json_kv(f, "date", m->date, 1);
    fputs("  },\n  \"results\": [\n", f);
    for (size_t i = 0; i < b->nrec; i++) {
        const bench_record *r = &b->rec[i];
        fputs("    {\"suite\": ", f);
        json_string(f, r->suite);
        fputs(", \"name\": ", f);
        json_string(f, r->name);
        fputs(", \"backend\": ", f);
        json_string(f, r->backend);
        if (r->size >= 0) fprintf(f, ", \"size\": %lld", r->size);
        else fputs(", \"size\": null", f);
        fputs(", \"unit\": ", f);
        json_string(f, r->unit);
        fprintf(f, ", \"median\": %.6g", r->median);
        if (r->iqr >= 0) fprintf(f, ", \"iqr\": %.6g", r->iqr);
        else fputs(", \"iqr\": null", f);
        if (r->q1 >= 0) fprintf(f, ", \"q1\": %.6g, \"q3\": %.6g", r->q1, r->q3);
        else fputs(", \"q1\": null, \"q3\": null", f);
        if (isnan(r->drift)) fputs(", \"drift\": null", f);
        else fprintf(f, ", \"drift\": %.4f", r->drift);
        fprintf(f, ", \"samples\": %u, \"commit\": ", r->samples);
        json_string(f, KF_GIT_DESCRIBE);
        fprintf(f, "}%s\n", i + 1 < b->nrec ? "," : "");
    }
    fputs("  ]\n}\n", f);
    return ferror(f) ? -1 : 0;
}

/* ---- the report ----------------------------------------------------------------------- */

static void describe_machine(machine *m, int cpu_index)
{
    time_t now = time(NULL);
    struct tm tm;
    cpu_model(m->cpu, sizeof m->cpu);
    gmtime_r(&now, &tm);
    strftime(m->date, sizeof m->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    snprintf(m->os, sizeof m->os, "unknown");
#ifdef __linux__
    struct utsname u;
    if (uname(&u) == 0) snprintf(m->os, sizeof m->os, "%s %s %s", u.sysname, u.release, u.machine);
#endif
#if defined(__clang__)
    snprintf(m->compiler, sizeof m->compiler, "clang %s", __clang_version__);
#elif defined(__GNUC__)
    snprintf(m->compiler, sizeof m->compiler, "gcc %s", __VERSION__);
#else
    snprintf(m->compiler, sizeof m->compiler, "unknown");
#endif
    m->openssl = bench_openssl_version(&m->openssl_why);
    m->cpu_index = cpu_index;
    m->invariant = tsc_invariant();
}

static void print_header(const bench *b, const machine *m)
{
    printf("keccakforge benchmark report (kforge %s, commit %s%s)\n", KECCAKFORGE_VERSION_STRING,
           KF_GIT_DESCRIBE, b->quick ? ", --quick: few samples, rough figures" : "");
    printf("  date       %s\n", m->date);
    printf("  cpu        %s\n", m->cpu);
    printf("  os         %s\n", m->os);
    printf("  unit       %s%s; not core cycles (the core clock may differ)\n", TIMER_UNIT,
           TIMER_IS_TSC ? (m->invariant ? ", invariant TSC" : ", TSC NOT reported invariant") : "");
    printf("  tsc        %.4f GHz (measured against CLOCK_MONOTONIC_RAW)\n", b->tsc_hz / 1e9);
    printf("  method     %s; the median of %u..%u samples per figure\n"
           "             (each section states its counts), spread over about %.2f s; timer\n"
           "             overhead %llu ticks, subtracted; warm-up first\n",
           TIMER_IS_TSC ? (tsc_have_rdtscp ? "lfence;rdtsc .. rdtscp;lfence" : "lfence;rdtsc .. lfence;rdtsc;lfence")
                        : "serialised timer reads",
           b->min_samples, b->max_samples, (double)b->budget / b->tsc_hz, (unsigned long long)b->overhead);
    if (m->cpu_index >= 0) printf("  pinned     cpu %d\n", m->cpu_index);
    else printf("  pinned     no (could not set the CPU affinity)\n");
    printf("  backend    %s (default x1; KECCAKFORGE_BACKEND=NAME chooses another)\n", b->backend);
    printf("  compiler   %s, %s build\n", m->compiler, KF_BUILD_TYPE);
    if (m->openssl) printf("  openssl    %s\n", m->openssl);
    else printf("  openssl    not found (%s)\n", m->openssl_why);
    fflush(stdout);
}

static void bench_usage(FILE *f)
{
    fputs("Usage: kforge bench [--quick] [--suite NAME[,NAME...]] [--json FILE] [--csv FILE]\n"
          "                    [--compare OLD.json] [--plot DIR]\n"
          "       kforge bench --compare OLD.json --with NEW.json [--plot DIR]\n"
          "Benchmark report in TSC ticks: pinned to one core, serialised TSC reads, median\n"
          "of many samples. Time, measured on a shared two-core host (load 10-15): about\n"
          "11 minutes for the suites that time this CPU, 3.5 more for the emulator and model\n"
          "suites (aarch64, riscv64, rvv-ise) when their tools are installed, and with\n"
          "yosys the hw suite's 13 syntheses 22 more (20 s to 8 minutes each), its place\n"
          "and route beyond that; --quick: about 30 seconds, rough figures.\n"
          "Progress (suite, elapsed time, estimate) goes to standard error. A drift check\n"
          "(SHA3-256 of 8 KiB) runs before the first section, before each later one and at\n"
          "the end: a section measured while the machine ran more than 10% slower or faster\n"
          "than at the start is marked DRIFT (KFORGE_BENCH_DRIFT_LIMIT=PERCENT: another limit).\n"
          "\n"
          "  --quick          few samples per figure, and without the suites that run\n"
          "                   emulators, models or HDL tools (cortex-m, aarch64, riscv64,\n"
          "                   rvv-ise, hw) unless --suite names them\n"
          "  --suite LIST     run only these suites (comma separated)\n"
          "  --json FILE      also write every figure to FILE as JSON:\n"
          "                   {\"machine\": {..., \"commit\"}, \"results\": [{\"suite\", \"name\",\n"
          "                   \"backend\", \"size\", \"unit\", \"median\", \"iqr\", \"q1\", \"q3\",\n"
          "                   \"samples\", \"commit\", \"drift\"}, ...]}; iqr = interquartile range\n"
          "                   q3 - q1, same unit; drift = the section's drift check relative\n"
          "                   to the first (0.25: 25% slower)\n"
          "  --csv FILE       the same records as CSV (a header line, one figure a line)\n"
          "  --compare OLD    after the run, each figure beside the same figure of OLD (a\n"
          "                   --json file of an earlier run): old, new, new/old, and a\n"
          "                   verdict: ~noise when the change is within the larger relative\n"
          "                   IQR of the two plus both runs' drift, else faster/slower\n"
          "  --with NEW       compare OLD with NEW (another --json file) without a run\n"
          "  --plot DIR       write SVG charts of the figures into DIR (python3 with\n"
          "                   matplotlib; skipped with a message when it is missing)\n"
          "  -h, --help       show this text\n"
          "\n"
          "Suites (their letters label the report's sections):\n",
          f);
    for (size_t i = 0; i < N_SUITES; i++) fprintf(f, "  (%c) %-14s %s\n", (int)('a' + i), suites[i].name, suites[i].what);
}

/* ---- CSV, --compare, --plot ------------------------------------------------------------ */

static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    putc('"', f);
    for (; *s; s++) {
        if (*s == '"') putc('"', f);
        putc(*s, f);
    }
    putc('"', f);
}

static int write_csv(FILE *f, const bench *b)
{
    fputs("suite,name,backend,size,unit,median,iqr,samples,commit,drift\n", f);
    for (size_t i = 0; i < b->nrec; i++) {
        const bench_record *r = &b->rec[i];
        csv_field(f, r->suite);
        putc(',', f);
        csv_field(f, r->name);
        putc(',', f);
        csv_field(f, r->backend);
        if (r->size >= 0) fprintf(f, ",%lld,", r->size);
        else fputs(",,", f);
        csv_field(f, r->unit);
        fprintf(f, ",%.6g,", r->median);
        if (r->iqr >= 0) fprintf(f, "%.6g", r->iqr);
        fprintf(f, ",%u,", r->samples);
        csv_field(f, KF_GIT_DESCRIBE);
        if (!isnan(r->drift)) fprintf(f, ",%.4f", r->drift);
        else putc(',', f);
        putc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

static int same_figure(const bench_record *x, const bench_record *y)
{
    return strcmp(x->suite, y->suite) == 0 && strcmp(x->name, y->name) == 0 && strcmp(x->backend, y->backend) == 0 &&
           x->size == y->size && strcmp(x->unit, y->unit) == 0;
}

/* A unit in which fewer is better (time, cycles, instructions), unlike ratios and speedups. */
static int cost_unit(const char *unit)
{
    return strncmp(unit, "ticks", 5) == 0 || strstr(unit, "cycles") != NULL || strncmp(unit, "instructions", 12) == 0;
}

/* One run's drift check, said once: a failed one (more than 10%) makes its figures suspect. */
static void print_drift(const char *which, const char *path, double drift)
{
    if (isnan(drift))
        printf("    %s (%s): no drift check recorded\n", which, path);
    else
        printf("    %s (%s): drift check %+.1f%%%s\n", which, path, 100.0 * drift,
               fabs(drift) > 0.1 ? ": FAILED, the machine was not steady; its figures are suspect" : "");
}

/* Per-figure ratios new/old, in the spirit of Google Benchmark's compare.py, judged against
 * the spread the two runs recorded: a difference no larger than the larger relative IQR of
 * the two figures plus both runs' drift (|end/start - 1| of the drift check) is marked
 * "~noise"; a larger one "faster"/"slower" (costs: ticks, cycles, instructions) or
 * "higher"/"lower" (ratios); "?" when a figure has no recorded spread. */
static void print_comparison(const char *old_path, const bench *old, double old_drift, const char *new_path,
                             const bench *now, double new_drift)
{
    size_t matched = 0, beyond = 0, noise = 0, unknown = 0;
    double logsum = 0;
    double dn = (isnan(old_drift) ? 0 : fabs(old_drift)) + (isnan(new_drift) ? 0 : fabs(new_drift));
    printf("\nComparison: %s (old) and %s (new); new/old per figure: below 1 = fewer ticks now\n"
           "(for \"speedup-vs-openssl\" above 1 = better now). A change within the figures' spread\n"
           "(the larger relative IQR of the two, plus the runs' drift: %.1f%%) is marked ~noise.\n",
           old_path, new_path, 100.0 * dn);
    print_drift("old", old_path, old_drift);
    print_drift("new", new_path, new_drift);
    printf("    %-14s %-26s %-22s %9s %12s %12s %8s %8s %7s  %s\n", "suite", "name", "backend", "size", "old", "new",
           "new/old", "change", "noise", "verdict");
    for (size_t i = 0; i < now->nrec; i++) {
        const bench_record *n = &now->rec[i];
        for (size_t k = 0; k < old->nrec; k++) {
            const bench_record *o = &old->rec[k];
            if (!same_figure(n, o)) continue;
            char size[24] = "-", band[16] = "?";
            if (n->size >= 0) bench_size_label((size_t)n->size, size);
            double ratio = o->median > 0 ? n->median / o->median : 0.0;
            double ro = o->iqr >= 0 && o->median > 0 ? o->iqr / o->median : -1.0;
            double rn = n->iqr >= 0 && n->median > 0 ? n->iqr / n->median : -1.0;
            const char *verdict;
            int cost = cost_unit(n->unit), up = ratio > 1.0;
            if (ro < 0 || rn < 0) {
                verdict = ratio == 1.0 ? "same" : cost ? (up ? "slower?" : "faster?") : (up ? "higher?" : "lower?");
                unknown++;
            } else {
                double limit = (ro > rn ? ro : rn) + dn;
                snprintf(band, sizeof band, "%.1f%%", 100.0 * limit);
                if (fabs(ratio - 1.0) <= limit) {
                    verdict = "~noise";
                    noise++;
                } else {
                    verdict = cost ? (up ? "slower" : "faster") : (up ? "higher" : "lower");
                    beyond++;
                }
            }
            printf("    %-14s %-26s %-22s %9s %12.4g %12.4g %8.3f %+7.1f%% %7s  %s\n", n->suite, n->name, n->backend,
                   size, o->median, n->median, ratio, 100.0 * (ratio - 1.0), band, verdict);
            if (ratio > 0) {
                logsum += log(ratio);
                matched++;
            }
            break;
        }
    }
    if (matched) {
        printf("    %zu figures in both; geometric mean of new/old: %.3f; %zu only in new, %zu only in old\n", matched,
               exp(logsum / (double)matched), now->nrec - matched, old->nrec - matched);
        printf("    %zu changed beyond their spread, %zu within noise, %zu without a recorded spread%s\n", beyond, noise,
               unknown, fabs(old_drift) > 0.1 || fabs(new_drift) > 0.1 ? "; a drift check failed: rerun both on a quiet machine" : "");
    } else {
        printf("    no figure in both (other suites, names or backends)\n");
    }
}

/* Run tools/kforge/bench_plot.py on a JSON file: 0 written, 77 skipped (said why), else 1. */
static int run_plot(const char *json_path, const char *dir)
{
    char script[4096];
    snprintf(script, sizeof script, "%s", KF_BENCH_PLOT_PY);
    if (access(script, R_OK) != 0) {
        printf("\nPlots: skipped: %s not found (kforge runs it from its source tree)\n", script);
        return 77;
    }
    char *argv[] = {"python3", script, "--json", (char *)json_path, "--out", (char *)dir, NULL};
    pid_t pid;
    int status = 0;
    fflush(stdout);
    if (posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ) != 0) {
        printf("\nPlots: skipped: python3 not found\n");
        return 77;
    }
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (WIFEXITED(status) && WEXITSTATUS(status) == 77) return 77; /* the script said what is missing */
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

/* Mark the suites named in a comma-separated list; -1 on an unknown name. */
static int select_suites(const char *list, int selected[N_SUITES])
{
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ","), i;
        for (i = 0; i < N_SUITES; i++)
            if (strlen(suites[i].name) == len && strncmp(suites[i].name, p, len) == 0) break;
        if (i == N_SUITES) {
            fprintf(stderr, "kforge bench: unknown suite '%.*s'\n", (int)len, p);
            return -1;
        }
        selected[i] = 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

static void configure(bench *b, int quick)
{
    b->quick = quick;
    b->min_samples = quick ? 11 : 31;
    b->max_samples = quick ? 31 : 201;
    b->min_sample = quick ? 20000 : 50000;
    b->budget = (uint64_t)((quick ? 0.02 : 0.8) * b->tsc_hz); /* per figure; ~130 figures */
}

static int bench_usage_error(const char *fmt, const char *arg)
{
    fputs("kforge bench: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'kforge bench --help' for more information.\n", stderr);
    return KFORGE_EXIT_USAGE;
}

/* Open an output file now, not after two minutes. */
static FILE *open_out(const char *path)
{
    FILE *f = path ? fopen(path, "w") : NULL;
    if (path && !f) fprintf(stderr, "kforge bench: %s: %s\n", path, strerror(errno));
    return f;
}

static int close_out(FILE *f, const char *path, int bad)
{
    if (fclose(f) != 0 || bad) {
        fprintf(stderr, "kforge bench: %s: write error\n", path);
        return KFORGE_EXIT_FAIL;
    }
    return KFORGE_EXIT_OK;
}

/* How many figures the records from index `from` on are, and how many samples each is of;
 * marked when the section's drift check failed. */
static void print_sample_counts(const bench *b, size_t from, int drifted)
{
    unsigned lo = ~0u, hi = 0;
    size_t n = b->nrec - from;
    for (size_t i = from; i < b->nrec; i++) {
        if (b->rec[i].samples < lo) lo = b->rec[i].samples;
        if (b->rec[i].samples > hi) hi = b->rec[i].samples;
    }
    const char *mark = drifted ? "; DRIFT: measured while the machine was not steady" : "";
    if (from >= b->nrec) printf("    (no figures from this section)\n");
    else if (hi <= 1) printf("    (%zu figure%s, each from a single sample%s)\n", n, n == 1 ? "" : "s", mark);
    else if (lo == hi) printf("    (%zu figure%s, each the median of %u samples%s)\n", n, n == 1 ? "" : "s", lo, mark);
    else printf("    (%zu figures, each the median of %u to %u samples%s)\n", n, lo, hi, mark);
}

static int compare_files(const char *old_path, const char *new_path, const char *plot_dir)
{
    bench old, now;
    memset(&old, 0, sizeof old);
    memset(&now, 0, sizeof now);
    int status = KFORGE_EXIT_OK;
    const char *bad = bench_load_json(&old, old_path) < 0 ? old_path
                    : bench_load_json(&now, new_path) < 0 ? new_path : NULL;
    if (bad) {
        fprintf(stderr, "kforge bench: %s: not a kforge bench --json file\n", bad);
        status = KFORGE_EXIT_FAIL;
    } else {
        print_comparison(old_path, &old, bench_load_drift(old_path), new_path, &now, bench_load_drift(new_path));
        if (plot_dir && run_plot(new_path, plot_dir) == 1) status = KFORGE_EXIT_FAIL;
    }
    free(old.rec);
    free(now.rec);
    return status;
}

int kforge_bench(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"quick", no_argument, NULL, 'q'},
        {"json", required_argument, NULL, 'j'},
        {"csv", required_argument, NULL, 'v'},
        {"compare", required_argument, NULL, 'C'},
        {"with", required_argument, NULL, 'W'},
        {"plot", required_argument, NULL, 'P'},
        {"suite", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int quick = 0, c, selected[N_SUITES] = {0}, any_selected = 0;
    const char *json_path = NULL, *csv_path = NULL, *compare_path = NULL, *with_path = NULL, *plot_dir = NULL;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'q': quick = 1; break;
        case 'j': json_path = optarg; break;
        case 'v': csv_path = optarg; break;
        case 'C': compare_path = optarg; break;
        case 'W': with_path = optarg; break;
        case 'P': plot_dir = optarg; break;
        case 's':
            if (select_suites(optarg, selected) != 0) {
                fputs("Try 'kforge bench --help' for the suites.\n", stderr);
                return KFORGE_EXIT_USAGE;
            }
            any_selected = 1;
            break;
        case 'h': bench_usage(stdout); return KFORGE_EXIT_OK;
        case ':': return bench_usage_error("option '%s' needs a value", argv[optind - 1]);
        default: return bench_usage_error("unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc) return bench_usage_error("unexpected argument '%s'", argv[optind]);
    if (with_path && !compare_path) return bench_usage_error("--with %s needs --compare OLD.json", with_path);
    if (with_path) return compare_files(compare_path, with_path, plot_dir);

    bench old;
    memset(&old, 0, sizeof old);
    if (compare_path && bench_load_json(&old, compare_path) < 0) { /* fail now, not after two minutes */
        fprintf(stderr, "kforge bench: %s: not a kforge bench --json file\n", compare_path);
        return KFORGE_EXIT_FAIL;
    }
    char tmp_json[4096] = "";
    if (plot_dir && !json_path) { /* the plot script reads the JSON */
        const char *dir = getenv("TMPDIR");
        snprintf(tmp_json, sizeof tmp_json, "%s/kforge-bench-XXXXXX", dir && *dir ? dir : "/tmp");
        int fd = mkstemp(tmp_json);
        if (fd < 0) {
            fprintf(stderr, "kforge bench: cannot create a temporary file for --plot: %s\n", strerror(errno));
            free(old.rec);
            return KFORGE_EXIT_FAIL;
        }
        close(fd);
        json_path = tmp_json;
    }
    FILE *json = open_out(json_path), *csv = open_out(csv_path);
    if ((json_path && !json) || (csv_path && !csv)) {
        if (json) fclose(json);
        if (csv) fclose(csv);
        if (tmp_json[0]) unlink(tmp_json);
        free(old.rec);
        return KFORGE_EXIT_FAIL;
    }
    bench b;
    memset(&b, 0, sizeof b);
    b.last_rel_iqr = b.last_q_tag = -1.0;
    b.suite_drift = NAN;
    b.input = malloc(BENCH_INPUT_LEN);
    if (!b.input) {
        fprintf(stderr, "kforge bench: out of memory\n");
        if (json) fclose(json);
        if (csv) fclose(csv);
        free(old.rec);
        return KFORGE_EXIT_FAIL;
    }
    uint64_t x = 0x9e3779b97f4a7c15u; /* xorshift64: fixed, non-trivial input bytes */
    for (size_t i = 0; i < BENCH_INPUT_LEN; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        b.input[i] = (uint8_t)x;
    }
    detect_rdtscp();
    int cpu_index = pin_to_current_cpu();
    b.tsc_hz = measure_tsc_hz(quick ? 0.05 : 0.5);
    b.overhead = measure_overhead();
    b.backend = kf_backend_name();
    configure(&b, quick);

    machine m;
    describe_machine(&m, cpu_index);
    print_header(&b, &m);
    double t0 = now_seconds();
    m.drift_start = drift_probe(&b);
    size_t total = 0, done = 0, n_drifted = 0;
    const char *limit_env = getenv("KFORGE_BENCH_DRIFT_LIMIT");
    const double drift_limit = limit_env && *limit_env ? atof(limit_env) / 100.0 : DRIFT_LIMIT;
    for (size_t i = 0; i < N_SUITES; i++)
        total += any_selected ? selected[i] : !(quick && suites[i].on_request);
    for (size_t i = 0; i < N_SUITES; i++) {
        if (any_selected && !selected[i]) continue;
        if (quick && !any_selected && suites[i].on_request) {
            printf("\n(%c) %s: not run by --quick (emulator, model or HDL tools: minutes); "
                   "--suite %s runs it\n", (int)('a' + i), suites[i].name, suites[i].name);
            continue;
        }
        double elapsed = now_seconds() - t0;
        if (done) fprintf(stderr, "kforge bench: [%zu/%zu] %s: %.1f s elapsed, about %.0f s left\n", done + 1, total,
                          suites[i].name, elapsed, elapsed / (double)done * (double)(total - done));
        else fprintf(stderr, "kforge bench: [1/%zu] %s: starting\n", total, suites[i].name);
        printf("\n(%c) %s: %s\n", (int)('a' + i), suites[i].name, suites[i].what);
        /* the drift check again before each later suite: a machine that slowed down (or sped
         * up) since the first suite marks this section's figures, in the text and the records */
        double probe = done ? drift_probe(&b) : m.drift_start;
        b.suite_drift = probe > 0 && m.drift_start > 0 ? probe / m.drift_start - 1.0 : NAN;
        int drifted = done && fabs(b.suite_drift) > drift_limit; /* the first section is the reference */
        if (drifted) {
            printf("    DRIFT: %s at %d bytes takes %.2f ticks/byte now, %.2f before the first section\n"
                   "    (%+.0f%%): the machine is not steady; this section's figures are marked (\"drift\"\n"
                   "    in --json and --csv) and do not compare with the other sections'\n",
                   DRIFT_MODE, DRIFT_SIZE, probe, m.drift_start, 100.0 * b.suite_drift);
            n_drifted++;
        }
        fflush(stdout);
        size_t first = b.nrec;
        suites[i].run(&b);
        print_sample_counts(&b, first, drifted);
        fflush(stdout);
        done++;
    }
    fprintf(stderr, "kforge bench: %zu suites done in %.1f s\n", total, now_seconds() - t0);
    m.drift_end = drift_probe(&b);
    double drift = m.drift_end / m.drift_start - 1.0;
    printf("\n%zu figures in %.1f s. Drift check, %s at %d bytes: %.2f ticks/byte before the\n"
           "suites, %.2f after (%+.0f%%)%s\n", b.nrec, now_seconds() - t0, DRIFT_MODE, DRIFT_SIZE,
           m.drift_start, m.drift_end, 100.0 * drift,
           fabs(drift) > drift_limit ? ": the machine was not steady; rerun to compare figures" : "");
    if (n_drifted) printf("%zu section%s marked DRIFT (checked before each section).\n", n_drifted, n_drifted == 1 ? "" : "s");

    int status = KFORGE_EXIT_OK;
    if (json && close_out(json, json_path, write_json(json, &b, &m)) != KFORGE_EXIT_OK) status = KFORGE_EXIT_FAIL;
    if (csv && close_out(csv, csv_path, write_csv(csv, &b)) != KFORGE_EXIT_OK) status = KFORGE_EXIT_FAIL;
    if (compare_path)
        print_comparison(compare_path, &old, bench_load_drift(compare_path), "this run", &b,
                         m.drift_start > 0 && m.drift_end > 0 ? drift : NAN);
    if (plot_dir && status == KFORGE_EXIT_OK && run_plot(json_path, plot_dir) == 1) status = KFORGE_EXIT_FAIL;
    if (tmp_json[0]) unlink(tmp_json);
    free(old.rec);
    free(b.rec);
    free(b.input);
    return status;
}

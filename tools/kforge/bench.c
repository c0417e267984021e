/*
 * bench.c - `kforge bench`: the benchmark report, and the harness its suites share.
 *
 * Method (DESIGN.md, "Benchmarks"): serialised TSC reads (tsc.h), the thread pinned to
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

int tsc_have_rdtscp = 1;

/* Every suite of the report, in report order. Add new suites here (and in bench.h). */
static const struct bench_suite {
    const char *name;
    void (*run)(bench *b);
    const char *what;
} suites[] = {
    {"permutation", bench_suite_permutation, "Keccak-p[1600,24] and [1600,12] on every backend this CPU runs"},
    {"permutation-xn", bench_suite_permutation_xn, "batched backends: N states per call, ticks per permutation"},
    {"hash", bench_suite_hash, "every mode, 64 B to 1 MiB inputs, default backend"},
    {"xof-expand", bench_suite_xof_expand, "SHAKE/TurboSHAKE expanding a 32-byte seed to 8 KiB"},
    {"tree-threads", bench_suite_tree_threads, "KT128/KT256, ParallelHash, BLAKE3 (python3) on 1 MiB: 1 thread, all cores"},
    {"slhdsa", bench_suite_slhdsa, "SLH-DSA keygen/sign/verify: SHAKE f sets (and 128s without --quick)"},
    {"openssl", bench_suite_openssl, "OpenSSL libcrypto side by side, when installed"},
    {"mlkem", bench_suite_mlkem, "ML-KEM-512/768/1024 keygen, encaps, decaps: batched backend and x1"},
    {"cortex-m", bench_suite_cortex_m, "ARMv7-M backends priced by the Cortex-M4 cycle model (needs arm-none-eabi-gcc, unicorn)"},
    {"aarch64", bench_suite_aarch64, "AArch64 backends: executed instructions per permutation (needs cross gcc, qemu-user)"},
    {"riscv64", bench_suite_riscv64, "RISC-V backends: executed instructions per state, VLEN 128/256/512 (cross gcc, qemu-user)"},
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
#if defined(__x86_64__)
    unsigned a, bx, c, d;
    tsc_have_rdtscp = __get_cpuid(0x80000001u, &a, &bx, &c, &d) && ((d >> 27) & 1);
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
    for (size_t j = 0; j < n; j++) {
        medians[j] = ok ? (double)median_u64(samples[j], count) / (double)reps[j] : -1.0;
        free(samples[j]);
    }
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
    r->samples = b->last_samples;
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
        fprintf(f, ", \"median\": %.6g, \"samples\": %u}%s\n", r->median, r->samples,
                i + 1 < b->nrec ? "," : "");
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
    printf("keccakforge benchmark report (kforge %s%s)\n", KECCAKFORGE_VERSION_STRING,
           b->quick ? ", --quick: few samples, rough figures" : "");
    printf("  date       %s\n", m->date);
    printf("  cpu        %s\n", m->cpu);
    printf("  os         %s\n", m->os);
    printf("  unit       %s%s; not core cycles (the core clock may differ)\n", TIMER_UNIT,
           TIMER_IS_TSC ? (m->invariant ? ", invariant TSC" : ", TSC NOT reported invariant") : "");
    printf("  tsc        %.4f GHz (measured against CLOCK_MONOTONIC_RAW)\n", b->tsc_hz / 1e9);
    printf("  method     %s; the median of %u..%u samples per figure,\n"
           "             spread over about %.2f s; timer overhead %llu ticks, subtracted; warm-up first\n",
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
    fputs("usage: kforge bench [--quick] [--json FILE] [--suite NAME[,NAME...]]\n"
          "Benchmark report in TSC ticks: pinned to one core, serialised TSC reads, median\n"
          "of many samples; about two minutes (--quick: a few seconds, rough figures).\n"
          "\n"
          "  --quick        few samples per figure\n"
          "  --json FILE    also write every figure to FILE as JSON:\n"
          "                 {\"machine\": {...}, \"results\": [{\"suite\", \"name\", \"backend\",\n"
          "                 \"size\", \"unit\", \"median\", \"samples\"}, ...]}\n"
          "  --suite LIST   run only these suites (comma separated)\n"
          "  -h, --help     show this text\n"
          "\n"
          "Suites:\n",
          f);
    for (size_t i = 0; i < N_SUITES; i++) fprintf(f, "  %-12s %s\n", suites[i].name, suites[i].what);
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
    fputc('\n', stderr);
    bench_usage(stderr);
    return KFORGE_EXIT_USAGE;
}

int kforge_bench(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"quick", no_argument, NULL, 'q'},
        {"json", required_argument, NULL, 'j'},
        {"suite", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int quick = 0, c, selected[N_SUITES] = {0}, any_selected = 0;
    const char *json_path = NULL;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'q': quick = 1; break;
        case 'j': json_path = optarg; break;
        case 's':
            if (select_suites(optarg, selected) != 0) {
                bench_usage(stderr);
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

    FILE *json = NULL;
    if (json_path && !(json = fopen(json_path, "w"))) { /* fail now, not after two minutes */
        fprintf(stderr, "kforge bench: %s: %s\n", json_path, strerror(errno));
        return KFORGE_EXIT_FAIL;
    }
    bench b;
    memset(&b, 0, sizeof b);
    b.input = malloc(BENCH_INPUT_LEN);
    if (!b.input) {
        fprintf(stderr, "kforge bench: out of memory\n");
        if (json) fclose(json);
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
    for (size_t i = 0; i < N_SUITES; i++)
        if (!any_selected || selected[i]) suites[i].run(&b);
    m.drift_end = drift_probe(&b);
    double drift = m.drift_end / m.drift_start - 1.0;
    printf("\n%zu figures in %.1f s. Drift check, %s at %d bytes: %.2f ticks/byte before the\n"
           "suites, %.2f after (%+.0f%%)%s\n", b.nrec, now_seconds() - t0, DRIFT_MODE, DRIFT_SIZE,
           m.drift_start, m.drift_end, 100.0 * drift,
           drift > 0.1 || drift < -0.1 ? ": the machine was not steady; rerun to compare figures" : "");

    int status = KFORGE_EXIT_OK;
    if (json) {
        int bad = write_json(json, &b, &m);
        if (fclose(json) != 0 || bad) {
            fprintf(stderr, "kforge bench: %s: write error\n", json_path);
            status = KFORGE_EXIT_FAIL;
        }
    }
    free(b.rec);
    free(b.input);
    return status;
}

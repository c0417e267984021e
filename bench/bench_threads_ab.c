/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_threads_ab.c - the default thread policy (threads = 0) against one thread (threads = 1)
 * for KT128, KT256 and ParallelHash128/256 (B = 8192), on 1 MiB and 16 MiB, in one process,
 * optionally with busy-loop processes beside it, and for one or more builds of the shared
 * library at once (a before / after of the policy sees the same moment of the host).
 *
 * Samples come in pairs, one call at one thread and one with the default policy, taken back
 * to back (which goes first alternates), so both see the same moment of a noisy host; blocks
 * of pairs rotate over functions and libraries. Per function and library it prints the median
 * ticks per byte of each, and the speedup (one thread / default) three ways: the median of the
 * per-pair ratios, the ratio of the sums (what a long run of calls would see: a rare job that
 * waits a whole time slice for a preempted worker shows here, not in the median), and the
 * 10th percentile of the pair ratios (how bad the bad pairs are).
 *
 * --busy N forks N processes that spin on a counter until the run ends (they are killed and
 * reaped by this process, and die with it: PR_SET_PDEATHSIG). Nothing is pinned: the default
 * policy runs as in a process nobody pinned. Whether the host was busy is measured, not
 * guessed: the CPU time of all processes (/proc/stat) minus this process's own (getrusage,
 * which excludes the busy children), per second of wall time.
 *
 * Usage: bench_threads_ab [--busy N] [--burst MS] [--pairs P] [--sizes K,K,...] LIB.so [LIB.so ...]
 *   (at most 4 libraries)
 *   P samples per function, library and size on 1 MiB (default 150), P / 3 on 16 MiB;
 *   --sizes: these sizes in KiB instead of 1 MiB and 16 MiB (P pairs up to 1 MiB, P / 3 above),
 *   e.g. 960,1024,1088 for 15, 16 and 17 groups of eight 8 KiB leaves (an odd count leaves a
 *   thread idle for the last group unless it is split: batch.c, split_point);
 *   --burst MS: the busy processes spin MS ms and sleep MS ms in turn.
 * After the pairs, a third as many pairs of one thread and two threads forced (threads = 2):
 * what threads would give on the host at that time; and as many pairs of one thread and one
 * thread, the control: the median ratio of two identical calls shows how far noise alone
 * moves the figure on that host (on a busy one, a 16 MiB call spans several time slices).
 * "wk" is the CPU time the process's other threads used during the default calls per second
 * of them: about 0 when the policy ran one thread.
 *   e.g. ./build/bench_threads_ab --busy 2 /tmp/base/build/libkeccakforge.so ./build/libkeccakforge.so
 */
#define _GNU_SOURCE
#include "bench_util.h"
#include "keccakforge.h"
#include "kforge/host_load.h"
#include "kforge/tsc.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int tsc_have_rdtscp = 1;

#define LIBS 4
#define FUNCS 4
#define BUSY_MAX 16
#define PH_B 8192
#define PAIRS_MAX 2000
/* Pairs come in blocks of BLOCK per function and library, after WARM pairs that are not
 * kept: each library has its own worker pool, and a pool's workers spin for a while after a
 * job (batch.c), so the first call after another library's default call would compete with
 * that library's spinning worker - an artefact of two builds in one process. */
#define BLOCK 6
#define WARM 1

typedef int (*kt_fn)(uint8_t *, size_t, const void *, size_t, const void *, size_t, unsigned);
typedef int (*ph_fn)(kf_sp800185_variant, uint8_t *, size_t, const void *, size_t, size_t, const char *, size_t,
                     unsigned);

static kt_fn kt128[LIBS], kt256[LIBS];
static ph_fn ph[LIBS];
static const char *const names[FUNCS] = {"kt128", "kt256", "parallelhash128", "parallelhash256"};
static uint64_t t1[LIBS][FUNCS][PAIRS_MAX + 1], td[LIBS][FUNCS][PAIRS_MAX + 1], t2[LIBS][FUNCS][PAIRS_MAX + 2],
    tc[LIBS][FUNCS][PAIRS_MAX + 2];
static double worker_cpu[LIBS][FUNCS], default_wall[LIBS][FUNCS]; /* seconds, default calls */

static int call(int l, int f, uint8_t out[64], const uint8_t *in, size_t len, unsigned threads)
{
    switch (f) {
    case 0: return kt128[l](out, 32, in, len, NULL, 0, threads);
    case 1: return kt256[l](out, 32, in, len, NULL, 0, threads);
    case 2: return ph[l](KF_V128, out, 32, in, len, PH_B, NULL, 0, threads);
    default: return ph[l](KF_V256, out, 64, in, len, PH_B, NULL, 0, threads);
    }
}

static double clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint64_t timed(int l, int f, uint8_t out[64], const uint8_t *in, size_t len, unsigned threads, int *bad)
{
    uint64_t a = timer_start();
    *bad |= call(l, f, out, in, len, threads);
    return timer_stop() - a;
}

/* A default-policy call, and the CPU time the process's other threads (the library's
 * workers) used meanwhile: whether the policy ran threads (it also counts a worker of an
 * earlier call still spinning, at most ~0.1 ms). */
static uint64_t timed_default(int l, int f, uint8_t out[64], const uint8_t *in, size_t len, int keep, int *bad)
{
    double p0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID), th0 = clock_seconds(CLOCK_THREAD_CPUTIME_ID);
    double w0 = clock_seconds(CLOCK_MONOTONIC);
    uint64_t t = timed(l, f, out, in, len, 0, bad);
    double w1 = clock_seconds(CLOCK_MONOTONIC);
    double p1 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID), th1 = clock_seconds(CLOCK_THREAD_CPUTIME_ID);
    if (keep) {
        worker_cpu[l][f] += (p1 - p0) - (th1 - th0);
        default_wall[l][f] += w1 - w0;
    }
    return t;
}

static pid_t busy_pid[BUSY_MAX];
static int busy_n;

/* A busy child: spins for ever, or (burst_ms > 0) spins burst_ms and sleeps burst_ms in turn,
 * the bursty load that an average over 0.1 s misreads. */
static void busy_child(int burst_ms)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    volatile unsigned long x = 0;
    struct timespec nap = {burst_ms / 1000, (long)(burst_ms % 1000) * 1000000l};
    for (;;) {
        double end = clock_seconds(CLOCK_MONOTONIC) + burst_ms * 1e-3;
        do
            for (int i = 0; i < 100000; i++) x++;
        while (burst_ms == 0 || clock_seconds(CLOCK_MONOTONIC) < end);
        nanosleep(&nap, NULL);
    }
}

static void busy_start(int n, int burst_ms)
{
    for (int i = 0; i < n; i++) {
        pid_t p = fork();
        if (p == 0) busy_child(burst_ms);
        if (p > 0) busy_pid[busy_n++] = p;
    }
    struct timespec settle = {0, 100000000}; /* let the scheduler spread them */
    nanosleep(&settle, NULL);
}

static void busy_stop(void)
{
    for (int i = 0; i < busy_n; i++) kill(busy_pid[i], SIGKILL);
    for (int i = 0; i < busy_n; i++) waitpid(busy_pid[i], NULL, 0);
    busy_n = 0;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

static int run_size(int nl, size_t len, int pairs, uint8_t *in)
{
    uint8_t ref[FUNCS][64], out[64];
    int bad = 0;
    /* outputs agree across libraries and thread counts; this also starts each pool */
    for (int f = 0; f < FUNCS; f++) {
        bad |= call(0, f, ref[f], in, len, 1);
        for (int l = 0; l < nl; l++)
            for (unsigned th = 0; th < 2; th++) {
                memset(out, 0, sizeof out);
                bad |= call(l, f, out, in, len, th);
                if (memcmp(out, ref[f], 64) != 0) {
                    fprintf(stderr, "%s: library %d, threads %u disagrees\n", names[f], l, th);
                    return 1;
                }
            }
    }
    memset(worker_cpu, 0, sizeof worker_cpu);
    memset(default_wall, 0, sizeof default_wall);
    double busy0 = host_busy_seconds(), self0 = self_seconds(), wall0 = wall_seconds();
    for (int r0 = 0; r0 < pairs; r0 += BLOCK)
        for (int f = 0; f < FUNCS; f++)
            for (int l = 0; l < nl; l++)
                for (int k = -WARM; k < BLOCK && r0 + k < pairs; k++) {
                    int r = k < 0 ? PAIRS_MAX : r0 + k; /* the warm pair goes to a spare slot */
                    if (k & 1) {
                        td[l][f][r] = timed_default(l, f, out, in, len, k >= 0, &bad);
                        t1[l][f][r] = timed(l, f, out, in, len, 1, &bad);
                    } else {
                        t1[l][f][r] = timed(l, f, out, in, len, 1, &bad);
                        td[l][f][r] = timed_default(l, f, out, in, len, k >= 0, &bad);
                    }
                }
    double busy1 = host_busy_seconds(), self1 = self_seconds(), wall1 = wall_seconds();
    /* then, apart (their workers' spinning would blur wk), a third as many pairs of one thread
     * and threads = 2 forced (what two threads would give now), and as many pairs of one thread
     * and one thread (the control: how far the median of a pair ratio strays by noise alone) */
    int pairs2 = pairs / 3 > 3 ? pairs / 3 : 3;
    for (int r0 = 0; r0 < pairs2; r0 += BLOCK)
        for (int f = 0; f < FUNCS; f++)
            for (int l = 0; l < nl; l++)
                for (int k = -WARM; k < BLOCK && r0 + k < pairs2; k++) {
                    int r = k < 0 ? PAIRS_MAX / 2 : r0 + k, first = k & 1 ? 2 : 1;
                    t2[l][f][2 * r] = timed(l, f, out, in, len, (unsigned)first, &bad);
                    t2[l][f][2 * r + 1] = timed(l, f, out, in, len, (unsigned)(3 - first), &bad);
                    if (first == 2) { /* keep [2r] the one-thread call */
                        uint64_t x = t2[l][f][2 * r];
                        t2[l][f][2 * r] = t2[l][f][2 * r + 1];
                        t2[l][f][2 * r + 1] = x;
                    }
                    tc[l][f][2 * r] = timed(l, f, out, in, len, 1, &bad);
                    tc[l][f][2 * r + 1] = timed(l, f, out, in, len, 1, &bad);
                }
    if (bad) {
        fprintf(stderr, "a call failed\n");
        return 1;
    }
    double other = (busy1 - busy0 - (self1 - self0)) / (wall1 - wall0);
    printf("  %zu bytes, %d pairs; other processes used %.2f CPUs, this one %.2f, over %.1f s\n", len, pairs,
           other < 0 ? 0.0 : other, (self1 - self0) / (wall1 - wall0), wall1 - wall0);
    printf("  %-16s %3s %9s %9s %8s %8s %8s %6s %8s %8s\n", "function", "lib", "1 thread", "default", "med", "sums",
           "p10", "wk", "2t med", "A/A med");
    static double ratio[PAIRS_MAX], ratio2[PAIRS_MAX], ratioc[PAIRS_MAX];
    for (int f = 0; f < FUNCS; f++)
        for (int l = 0; l < nl; l++) {
            double s1 = 0, sd = 0;
            for (int r = 0; r < pairs; r++) {
                ratio[r] = (double)t1[l][f][r] / (double)td[l][f][r];
                s1 += (double)t1[l][f][r];
                sd += (double)td[l][f][r];
            }
            qsort(ratio, (size_t)pairs, sizeof ratio[0], cmp_double);
            for (int r = 0; r < pairs2; r++) ratio2[r] = (double)t2[l][f][2 * r] / (double)t2[l][f][2 * r + 1];
            qsort(ratio2, (size_t)pairs2, sizeof ratio2[0], cmp_double);
            for (int r = 0; r < pairs2; r++) ratioc[r] = (double)tc[l][f][2 * r] / (double)tc[l][f][2 * r + 1];
            qsort(ratioc, (size_t)pairs2, sizeof ratioc[0], cmp_double);
            bench_sort(t1[l][f], (size_t)pairs);
            bench_sort(td[l][f], (size_t)pairs);
            printf("  %-16s [%d] %9.4f %9.4f %7.3fx %7.3fx %7.3fx %6.2f %7.3fx %7.3fx\n", names[f], l,
                   (double)t1[l][f][pairs / 2] / (double)len, (double)td[l][f][pairs / 2] / (double)len,
                   ratio[pairs / 2], s1 / sd, ratio[pairs / 10], worker_cpu[l][f] / default_wall[l][f],
                   ratio2[pairs2 / 2], ratioc[pairs2 / 2]);
        }
    fflush(stdout);
    return 0;
}

int main(int argc, char **argv)
{
    int a = 1, busy = 0, pairs = 150, burst = 0, nsizes = 2;
    size_t sizes[16] = {(size_t)1 << 20, (size_t)16 << 20};
    while (a + 1 < argc && argv[a][0] == '-') {
        if (strcmp(argv[a], "--busy") == 0) busy = atoi(argv[a + 1]);
        else if (strcmp(argv[a], "--burst") == 0) burst = atoi(argv[a + 1]);
        else if (strcmp(argv[a], "--pairs") == 0) pairs = atoi(argv[a + 1]);
        else if (strcmp(argv[a], "--sizes") == 0) {
            nsizes = 0;
            for (const char *p = argv[a + 1]; *p && nsizes < 16; p += *p == ',') {
                char *end;
                unsigned long k = strtoul(p, &end, 10);
                if (end == p || k == 0 || k > (16ul << 10)) {
                    nsizes = 0;
                    break;
                }
                sizes[nsizes++] = (size_t)k << 10;
                p = end;
            }
        } else break;
        a += 2;
    }
    int nl = argc - a;
    if (nl < 1 || nl > LIBS || busy < 0 || busy > BUSY_MAX || pairs < 6 || pairs > PAIRS_MAX || burst < 0 ||
        nsizes == 0) {
        fprintf(stderr, "usage: bench_threads_ab [--busy N<=%d] [--burst MS] [--pairs 6..%d] [--sizes KiB,KiB,... (1..16384)] "
                "LIB.so [LIB.so ...] (at most %d)\n", BUSY_MAX, PAIRS_MAX, LIBS);
        return 2;
    }
    for (int l = 0; l < nl; l++) {
        static const char *const syms[3] = {"kf_kt128_mt", "kf_kt256_mt", "kf_parallelhash_mt"};
        void *fp[3];
        if (bench_ab_load(argv[a + l], 3, syms, fp) != 0) return 1;
        kt128[l] = (kt_fn)fp[0];
        kt256[l] = (kt_fn)fp[1];
        ph[l] = (ph_fn)fp[2];
    }
    const size_t big = (size_t)16 << 20;
    uint8_t *in = malloc(big);
    if (!in) return 1;
    for (size_t i = 0; i < big; i++) in[i] = (uint8_t)(i * 131 + (i >> 8));
    printf("default thread policy (threads = 0) against one thread, %ld online CPUs, %d busy-loop processes",
           sysconf(_SC_NPROCESSORS_ONLN), busy);
    if (busy && burst) printf(" (%d ms on, %d ms off)", burst, burst);
    printf(";\nTSC ticks per byte (medians); speedup = one thread / default: median of the per-sample ratios,\n"
           "ratio of the sums, 10th percentile; wk = workers' CPU seconds per second of the default calls;\n"
           "2t med = one thread / two threads forced, A/A med = one thread / one thread (the noise; both\n"
           "taken after the others, a third as many pairs), medians\n");
    busy_start(busy, burst);
    int rc = 0;
    for (int i = 0; i < nsizes && !rc; i++) rc = run_size(nl, sizes[i], sizes[i] > ((size_t)1 << 20) ? pairs / 3 : pairs, in);
    busy_stop();
    for (int l = 0; l < nl; l++) printf("  [%d] %s\n", l, argv[a + l]);
    free(in);
    return rc;
}

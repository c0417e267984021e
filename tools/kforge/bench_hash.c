/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_hash.c - suites "hash" (ticks per input byte of every mode at 64 B, 1 KiB, 8 KiB
 * and 1 MiB) and "xof-expand" (ticks per output byte of SHAKE/TurboSHAKE expanding a
 * 32-byte seed into 8192 bytes, as in Table 2 of seed 000), on the default backend,
 * through the public one-shot API: what a caller pays, setup and padding included.
 *
 * Output lengths: fixed-length functions give their natural output (SHA3-n: n bits;
 * KMAC and ParallelHash: 256 bits for the 128 variants, 512 for the 256 variants, as in
 * the SP 800-185 samples); XOFs (SHAKE, TurboSHAKE, cSHAKE, KT) give 32 bytes.
 */
#define _GNU_SOURCE /* sched_setaffinity */
#include "bench.h"
#include "kforge.h"
#include "keccakforge.h"

#include "keccak/keccak_backend.h"
#include "host_load.h"

#include <sched.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define OUT_MAX 8192
#define XOF_OUT 32
#define PH_BLOCK 8192               /* ParallelHash B */
#define TURBOSHAKE_DOMAIN 0x1F      /* RFC 9861 default D */

static const uint8_t kmac_key[32] = {
    0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f,
    0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x5b, 0x5c, 0x5d, 0x5e, 0x5f,
};
static const char cshake_S[] = "kforge bench"; /* non-empty: empty N and S would be SHAKE */

/* One-shot calls with a common signature. */
static int sha3_224(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_hash(KF_SHA3_224, o, ol, in, n); }
static int sha3_256(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_hash(KF_SHA3_256, o, ol, in, n); }
static int sha3_384(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_hash(KF_SHA3_384, o, ol, in, n); }
static int sha3_512(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_hash(KF_SHA3_512, o, ol, in, n); }
static int keccak256(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_hash(KF_KECCAK256_LEGACY, o, ol, in, n); }
static int shake128(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_shake128(o, ol, in, n); }
static int shake256(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_shake256(o, ol, in, n); }
static int turbo128(uint8_t *o, size_t ol, const uint8_t *in, size_t n)
{ return kf_turboshake128(o, ol, in, n, TURBOSHAKE_DOMAIN); }
static int turbo256(uint8_t *o, size_t ol, const uint8_t *in, size_t n)
{ return kf_turboshake256(o, ol, in, n, TURBOSHAKE_DOMAIN); }
static int kt128(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_kt128(o, ol, in, n, NULL, 0); }
static int kt256(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_kt256(o, ol, in, n, NULL, 0); }
static int cshake128(uint8_t *o, size_t ol, const uint8_t *in, size_t n)
{ return kf_cshake128(o, ol, in, n, NULL, 0, cshake_S, sizeof cshake_S - 1); }
static int cshake256(uint8_t *o, size_t ol, const uint8_t *in, size_t n)
{ return kf_cshake256(o, ol, in, n, NULL, 0, cshake_S, sizeof cshake_S - 1); }
static int kmac128(uint8_t *o, size_t ol, const uint8_t *in, size_t n)
{ return kf_kmac128(o, ol, kmac_key, sizeof kmac_key, in, n, NULL, 0); }
static int kmac256(uint8_t *o, size_t ol, const uint8_t *in, size_t n)
{ return kf_kmac256(o, ol, kmac_key, sizeof kmac_key, in, n, NULL, 0); }
static int ph128(uint8_t *o, size_t ol, const uint8_t *in, size_t n)
{ return kf_parallelhash(KF_V128, o, ol, in, n, PH_BLOCK, NULL, 0); }
static int ph256(uint8_t *o, size_t ol, const uint8_t *in, size_t n)
{ return kf_parallelhash(KF_V256, o, ol, in, n, PH_BLOCK, NULL, 0); }

static const bench_mode modes[] = {
    {"sha3-224", 0, 28, sha3_224},
    {"sha3-256", 0, 32, sha3_256},
    {"sha3-384", 0, 48, sha3_384},
    {"sha3-512", 0, 64, sha3_512},
    {"shake128", 1, XOF_OUT, shake128},
    {"shake256", 1, XOF_OUT, shake256},
    {"turboshake128", 1, XOF_OUT, turbo128},
    {"turboshake256", 1, XOF_OUT, turbo256},
    {"kt128", 1, XOF_OUT, kt128},
    {"kt256", 1, XOF_OUT, kt256},
    {"cshake128", 1, XOF_OUT, cshake128},
    {"cshake256", 1, XOF_OUT, cshake256},
    {"kmac128", 0, 32, kmac128},
    {"kmac256", 0, 64, kmac256},
    {"parallelhash128", 0, 32, ph128},
    {"parallelhash256", 0, 64, ph256},
    {"keccak256-legacy", 0, 32, keccak256},
};
#define N_MODES (sizeof modes / sizeof modes[0])

const bench_mode *bench_mode_find(const char *name)
{
    for (size_t i = 0; i < N_MODES; i++)
        if (strcmp(modes[i].name, name) == 0) return &modes[i];
    return NULL;
}

void bench_run_mode(void *arg, size_t reps)
{
    bench_mode_arg *a = arg;
    int rc = KF_OK;
    for (size_t i = 0; i < reps; i++) rc |= a->mode->call(a->out, a->outlen, a->in, a->inlen);
    a->rc = rc;
}

static const size_t hash_sizes[] = {64, 1024, 8192, (size_t)1 << 20};
#define N_SIZES (sizeof hash_sizes / sizeof hash_sizes[0])

void bench_suite_hash(bench *b)
{
    static uint8_t out[OUT_MAX];
    char label[24];
    printf("    ticks per input byte, backend %s; GB/s = 10^9 bytes per second at 1 MiB (the TSC\n"
           "    rate over ticks per byte). XOF output %d bytes; KMAC, ParallelHash (B = %d):\n"
           "    256/512-bit output; cSHAKE with S = \"%s\"; KT empty customization\n",
           b->backend, XOF_OUT, PH_BLOCK, cshake_S);
    printf("    %-18s %4s", "function", "out");
    for (size_t s = 0; s < N_SIZES; s++) printf(" %10s", bench_size_label(hash_sizes[s], label));
    printf(" %10s\n", "GB/s"); /* at the largest size: TSC frequency / ticks per byte */
    for (size_t i = 0; i < N_MODES; i++) {
        const bench_mode *m = &modes[i];
        printf("    %-18s %4zu", m->name, m->outlen);
        fflush(stdout);
        int rc = m->call(out, m->outlen, b->input, hash_sizes[0]);
        if (rc != KF_OK) {
            printf("  not available: %s\n", kforge_status(rc));
            continue;
        }
        double last = -1.0;
        for (size_t s = 0; s < N_SIZES; s++) {
            bench_mode_arg arg = {m, b->input, hash_sizes[s], out, m->outlen, KF_OK};
            double t = bench_measure(b, bench_run_mode, &arg, 1) / (double)hash_sizes[s];
            last = -1.0;
            if (arg.rc != KF_OK) {
                printf(" %10s", "error");
                continue;
            }
            bench_add(b, "hash", m->name, b->backend, (long long)hash_sizes[s], "ticks/byte", t);
            printf(" %10.2f", t);
            last = t;
            fflush(stdout);
        }
        if (last > 0) printf(" %10.2f\n", b->tsc_hz / last / 1e9);
        else printf(" %10s\n", "-");
    }
}

/* ---- the tree modes: leaf floor and threads ------------------------------------------------ */
/* KT128/KT256 and ParallelHash128/256 (B = 8192) on 1 MiB (issue 24's targets). Three
 * figures, timed in pairs with their samples alternated (bench_measure_n), so the two of a
 * pair see the same moment of the host:
 *   - one thread (the *_mt calls with threads = 1);
 *   - the default thread policy (threads = 0: auto, batch.c);
 *   - the leaf floor: the permutations of the leaves alone, len / 8192 leaves x (8192 / rate
 *     + 1) Keccak-p[1600, nr] each, run as calls of the batched backend's permute (for KT the
 *     first chunk S_0 counts as a leaf: it is absorbed with the same rate and rounds).
 * Ratios are medians of per-sample ratios: one thread / floor, one thread / threads (the
 * speedup). Two passes per function: one thread beside the floor on the harness's pinned
 * core, then one thread beside the default policy with the affinity widened to every CPU
 * (threads inherit the pin) and put back afterwards, so both of that pair run unpinned, as in
 * a process nobody pinned. (Widening it around the threaded call only made that call migrate
 * twice per sample, away from the caches the other had warmed: 1.5-2x its time on a busy
 * host.) Whether the host was busy is measured, not guessed: the CPU time all processes used
 * during the suite (/proc/stat) minus this process's own (getrusage), per second of wall time. BLAKE3 on the same input follows, for comparison
 * with KT128 (bench_blake3.c). */
static unsigned tree_threads = 1;
static int kt128_mt(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_kt128_mt(o, ol, in, n, NULL, 0, tree_threads); }
static int kt256_mt(uint8_t *o, size_t ol, const uint8_t *in, size_t n) { return kf_kt256_mt(o, ol, in, n, NULL, 0, tree_threads); }
static int ph128_mt(uint8_t *o, size_t ol, const uint8_t *in, size_t n)
{ return kf_parallelhash_mt(KF_V128, o, ol, in, n, PH_BLOCK, NULL, 0, tree_threads); }
static int ph256_mt(uint8_t *o, size_t ol, const uint8_t *in, size_t n)
{ return kf_parallelhash_mt(KF_V256, o, ol, in, n, PH_BLOCK, NULL, 0, tree_threads); }

/* A tree-mode call at a thread count (tree_threads is set per call, the calls alternate). */
typedef struct tree_arg {
    bench_mode_arg m;
    unsigned threads;
} tree_arg;

static void run_tree(void *arg, size_t reps)
{
    tree_arg *a = arg;
    tree_threads = a->threads;
    bench_run_mode(&a->m, reps);
}

/* The leaf floor of one input: `calls` batched permutations of nr rounds. */
typedef struct floor_arg {
    const kf_backend_xn *xn;
    void *states;
    unsigned nr;
    size_t calls;
} floor_arg;

static void run_floor(void *arg, size_t reps)
{
    floor_arg *f = arg;
    for (size_t r = 0; r < reps; r++)
        for (size_t c = 0; c < f->calls; c++) f->xn->permute(f->states, f->nr);
}

#define TREE_LEAF 8192 /* KT's chunk, and ParallelHash's B here */
#define BUSY_CPUS 0.25 /* other processes' CPUs on average above which the host counts as busy */

void bench_suite_tree_threads(bench *b)
{
    static const struct {
        bench_mode mode;
        unsigned rate, nr;
    } tree[] = {
        {{"kt128", 1, XOF_OUT, kt128_mt}, 168, 12},
        {{"kt256", 1, XOF_OUT, kt256_mt}, 136, 12},
        {{"parallelhash128", 0, 32, ph128_mt}, 168, 24},
        {{"parallelhash256", 0, 64, ph256_mt}, 136, 24},
    };
    static uint8_t out[OUT_MAX];
    const size_t len = (size_t)1 << 20;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned all = online > 1 ? (unsigned)online : 1;
    double kt128_t[2] = {-1.0, -1.0};
    const kf_backend_xn *xn = kf_backend_xn_current();
    void *states = xn ? aligned_alloc(64, (xn->state_bytes + 63) / 64 * 64) : NULL;
    cpu_set_t pinned, every;
    int have_pin = sched_getaffinity(0, sizeof pinned, &pinned) == 0;
    CPU_ZERO(&every);
    for (unsigned c = 0; c < all && c < CPU_SETSIZE; c++) CPU_SET(c, &every);
    if (states) xn->init(states);
    printf("    tree modes on 1 MiB, ticks per byte: batched backend %s; 1 thread, the default policy\n"
           "    (threads = 0: %u here) and the leaf floor (%zu leaves x (8192/rate + 1) permutations at\n"
           "    the batched per-state time), samples alternated\n",
           kf_backend_batch_name(), all, len / TREE_LEAF);
    printf("    %-16s %9s %9s %9s %10s %9s\n", "function", "floor", "1 thread", "default", "1t/floor", "speedup");
    double busy0 = host_busy_seconds(), self0 = self_seconds(), wall0 = wall_seconds();
    for (size_t i = 0; i < sizeof tree / sizeof tree[0]; i++) {
        const bench_mode *m = &tree[i].mode;
        size_t perms = (len / TREE_LEAF) * (TREE_LEAF / tree[i].rate + 1);
        floor_arg fl = {xn, states, tree[i].nr, xn ? (perms + xn->n - 1) / xn->n : 0};
        tree_arg one = {{m, b->input, len, out, m->outlen, KF_OK}, 1};
        tree_arg dflt = {{m, b->input, len, out, m->outlen, KF_OK}, 0};
        /* pass 1, pinned to the harness's core: one thread beside the floor; pass 2, on every
         * CPU: one thread beside the default policy */
        bench_fn fns1[2] = {run_tree, run_floor}, fns2[2] = {run_tree, run_tree};
        void *args1[2] = {&one, &fl}, *args2[2] = {&one, &dflt};
        double med[3] = {-1.0, -1.0, -1.0}, m1[2] = {-1.0, -1.0}, r1[2] = {-1.0, -1.0}, m2[2], r2[2];
        if (states) {
            bench_measure_n(b, 2, fns1, args1, 1, m1, r1);
            med[2] = m1[1];
        }
        if (have_pin) sched_setaffinity(0, sizeof every, &every);
        bench_measure_n(b, 2, fns2, args2, 1, m2, r2);
        if (have_pin) sched_setaffinity(0, sizeof pinned, &pinned);
        med[0] = states ? m1[0] : m2[0];
        med[1] = m2[1];
        double ratio[3] = {1.0, r2[1], r1[1]};
        char name[48];
        for (int k = 0; k < 2; k++) {
            tree_arg *t = k ? &dflt : &one;
            snprintf(name, sizeof name, "%s-threads%u", m->name, k ? all : 1);
            if (t->m.rc == KF_OK) bench_add(b, "tree-threads", name, kf_backend_batch_name(), (long long)len, "ticks/byte", med[k] / (double)len);
        }
        double floor_b = states ? med[2] / (double)len : -1.0;
        /* per-sample ratios against the one-thread call: floor / 1t (pass 1), default / 1t (pass 2) */
        double over_floor = states && ratio[2] > 0 ? 1.0 / ratio[2] : -1.0, speedup = ratio[1] > 0 ? 1.0 / ratio[1] : -1.0;
        if (states) {
            snprintf(name, sizeof name, "%s-leaf-floor", m->name);
            bench_add(b, "tree-threads", name, xn->name, (long long)len, "ticks/byte", floor_b);
            snprintf(name, sizeof name, "%s-over-floor", m->name);
            bench_add(b, "tree-threads", name, kf_backend_batch_name(), (long long)len, "ratio", over_floor);
        }
        snprintf(name, sizeof name, "%s-speedup-threads%u", m->name, all);
        bench_add(b, "tree-threads", name, kf_backend_batch_name(), (long long)len, "ratio", speedup);
        printf("    %-16s %9.3f %9.3f %9.3f %9.3fx %8.2fx\n", m->name, floor_b, med[0] / (double)len,
               med[1] / (double)len, over_floor, speedup);
        fflush(stdout);
        if (strcmp(m->name, "kt128") == 0) {
            kt128_t[0] = med[0] / (double)len;
            kt128_t[1] = med[1] / (double)len;
        }
    }
    double busy1 = host_busy_seconds(), self1 = self_seconds(), wall1 = wall_seconds();
    free(states);
    if (busy0 >= 0 && busy1 >= 0 && self0 >= 0 && wall1 > wall0) {
        double other = (busy1 - busy0 - (self1 - self0)) / (wall1 - wall0);
        if (other < 0) other = 0;
        printf("    host: other processes used %.2f of %u CPUs on average during these rows: %s\n", other, all,
               other > BUSY_CPUS ? "BUSY, the speedups are not the idle machine's" : "idle");
        /* two records that are never zero (the JSON's medians are positive): the CPUs busy on
         * the host, this process included, and this process's own; other = the difference */
        b->last_samples = 1;
        b->last_rel_iqr = -1.0;
        bench_add(b, "tree-threads", "host-busy-cpus", "host", -1, "cpus", (busy1 - busy0) / (wall1 - wall0));
        bench_add(b, "tree-threads", "self-busy-cpus", "host", -1, "cpus", (self1 - self0) / (wall1 - wall0));
    }
    bench_blake3_rows(b, len, all, kt128_t);
}

void bench_suite_xof_expand(bench *b)
{
    static const char *const xofs[] = {"shake128", "shake256", "turboshake128", "turboshake256"};
    static uint8_t out[OUT_MAX];
    const size_t seed_len = 32, out_len = OUT_MAX;
    printf("    XOF expansion: a %zu-byte seed to %zu output bytes, backend %s\n", seed_len, out_len,
           b->backend);
    printf("    %-18s %14s %14s\n", "function", "ticks/out byte", "ticks/call");
    for (size_t i = 0; i < sizeof xofs / sizeof xofs[0]; i++) {
        const bench_mode *m = bench_mode_find(xofs[i]);
        int rc = m->call(out, out_len, b->input, seed_len);
        if (rc != KF_OK) {
            printf("    %-18s not available: %s\n", m->name, kforge_status(rc));
            continue;
        }
        bench_mode_arg arg = {m, b->input, seed_len, out, out_len, KF_OK};
        double t = bench_measure(b, bench_run_mode, &arg, 1);
        bench_add(b, "xof-expand", m->name, b->backend, (long long)out_len, "ticks/output-byte",
                  t / (double)out_len);
        printf("    %-18s %14.2f %14.0f\n", m->name, t / (double)out_len, t);
        fflush(stdout);
    }
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_perm.c - suite "permutation": ticks per Keccak-p[1600,24] and Keccak-p[1600,12]
 * on one state, for every backend of the build this CPU runs (the seed papers' first
 * table). Goes through the internal backend interface, so it times `permute` alone:
 * no sponge, no byte I/O. Each sample is at least 16 permutations back to back on the
 * same state, each one depending on the last.
 */
#include "bench.h"
#include "keccak/keccak_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BACKENDS 64
#define MIN_PERMS_PER_SAMPLE 16

typedef struct perm_arg {
    const kf_backend *impl;
    void *state;
    unsigned nr;
} perm_arg;

static void run_permute(void *arg, size_t reps)
{
    perm_arg *p = arg;
    for (size_t i = 0; i < reps; i++) p->impl->permute(p->state, p->nr);
}

/* Keccak-p[1600, nr] of a fixed non-zero state through one backend, in FIPS 202 bytes. */
static void permute_bytes(const kf_backend *impl, unsigned nr, uint8_t out[KF_STATE_BYTES])
{
    _Alignas(KF_STATE_ALIGN) uint8_t state[KF_STATE_BYTES];
    uint8_t in[KF_STATE_BYTES];
    for (unsigned i = 0; i < KF_STATE_BYTES; i++) in[i] = (uint8_t)(37 * i + 11);
    impl->init(state);
    impl->overwrite_bytes(state, in, 0, KF_STATE_BYTES);
    impl->permute(state, nr);
    impl->extract_bytes(state, out, 0, KF_STATE_BYTES);
}

/* A backend that computes something else must not get a figure. */
static int agrees_with_ref(const kf_backend *impl)
{
    static const unsigned rounds[] = {24, 12, 1};
    uint8_t want[KF_STATE_BYTES], got[KF_STATE_BYTES];
    for (size_t i = 0; i < sizeof rounds / sizeof rounds[0]; i++) {
        permute_bytes(&kf_backend_ref, rounds[i], want);
        permute_bytes(impl, rounds[i], got);
        if (memcmp(want, got, sizeof want) != 0) return 0;
    }
    return 1;
}

/* Time Keccak-p[1600, nr] on n backends at once, their samples interleaved, so the
 * figures of different backends are comparable even while the machine's load changes. */
static void time_permute_n(bench *b, const kf_backend *const impls[], size_t n, unsigned nr, double out[])
{
    _Alignas(KF_STATE_ALIGN) uint8_t states[BENCH_MAX_N][KF_STATE_BYTES];
    perm_arg args[BENCH_MAX_N];
    bench_fn fns[BENCH_MAX_N];
    void *argp[BENCH_MAX_N];
    for (size_t j = 0; j < n; j++) {
        impls[j]->init(states[j]);
        args[j] = (perm_arg){impls[j], states[j], nr};
        fns[j] = run_permute;
        argp[j] = &args[j];
    }
    bench_measure_n(b, n, fns, argp, MIN_PERMS_PER_SAMPLE, out, NULL);
}

/* Can this backend be timed? Says why not in the table if it cannot. */
static int timeable(const kf_backend *impl, const char *mark)
{
    const char *why = NULL;
    if (!kf_backend_runnable(impl)) why = "(not runnable on this CPU)";
    else if (!impl->init || !impl->permute || !impl->overwrite_bytes || !impl->extract_bytes)
        why = "(incomplete backend: skipped)";
    else if (!agrees_with_ref(impl)) why = "DIFFERS FROM ref: not timed";
    if (why) printf("  %s %-18s %s\n", mark, impl->name, why);
    return why == NULL;
}

void bench_suite_permutation(bench *b)
{
    const kf_backend *list[MAX_BACKENDS], *group[BENCH_MAX_N];
    size_t n = kf_backend_all(list, MAX_BACKENDS);
    if (n > MAX_BACKENDS) n = MAX_BACKENDS;
    const kf_backend *in_use = kf_backend_current();

    printf("    Keccak-p[1600] on one state: ticks per permutation (median; %d+ back to back;\n"
           "    the backends' samples interleaved)\n", MIN_PERMS_PER_SAMPLE);
    printf("    %-18s %18s %18s %12s\n", "backend", "Keccak-p[1600,24]", "Keccak-p[1600,12]", "per round");
    for (size_t i = 0; i < n;) {
        size_t k = 0;
        for (; i < n && k < BENCH_MAX_N; i++)
            if (timeable(list[i], list[i] == in_use ? "*" : " ")) group[k++] = list[i];
        double t24[BENCH_MAX_N], t12[BENCH_MAX_N];
        if (k == 0) continue;
        time_permute_n(b, group, k, 24, t24);
        unsigned samples24 = b->last_samples;
        time_permute_n(b, group, k, 12, t12);
        for (size_t j = 0; j < k; j++) {
            unsigned samples12 = b->last_samples;
            b->last_samples = samples24;
            bench_add(b, "permutation", "keccak-p1600-24", group[j]->name, -1, "ticks/permutation", t24[j]);
            b->last_samples = samples12;
            bench_add(b, "permutation", "keccak-p1600-12", group[j]->name, -1, "ticks/permutation", t12[j]);
            printf("  %s %-18s %18.1f %18.1f %12.1f\n", group[j] == in_use ? "*" : " ", group[j]->name,
                   t24[j], t12[j], t24[j] / 24);
        }
        fflush(stdout);
    }
    printf("    (* = the backend the modes below use)\n");
}

/* ---- suite "permutation-xn": the batched backends ----------------------------------- */

typedef struct perm_xn_arg {
    const kf_backend_xn *impl;
    void *states;
    unsigned nr;
} perm_xn_arg;

static void run_permute_xn(void *arg, size_t reps)
{
    perm_xn_arg *p = arg;
    for (size_t i = 0; i < reps; i++) p->impl->permute(p->states, p->nr);
}

/* Every instance of a batched backend must equal ref before it gets a figure. */
static int xn_agrees_with_ref(const kf_backend_xn *impl, void *states)
{
    uint8_t in[KF_STATE_BYTES], want[KF_STATE_BYTES], got[KF_STATE_BYTES];
    impl->init(states);
    for (unsigned i = 0; i < impl->n; i++) {
        for (unsigned j = 0; j < KF_STATE_BYTES; j++) in[j] = (uint8_t)(37 * j + 11 + 101 * i);
        impl->overwrite_bytes(states, i, in, 0, KF_STATE_BYTES);
    }
    impl->permute(states, 24);
    for (unsigned i = 0; i < impl->n; i++) {
        for (unsigned j = 0; j < KF_STATE_BYTES; j++) in[j] = (uint8_t)(37 * j + 11 + 101 * i);
        _Alignas(KF_STATE_ALIGN) uint8_t ref[KF_STATE_BYTES];
        kf_backend_ref.init(ref);
        kf_backend_ref.overwrite_bytes(ref, in, 0, KF_STATE_BYTES);
        kf_backend_ref.permute(ref, 24);
        kf_backend_ref.extract_bytes(ref, want, 0, KF_STATE_BYTES);
        impl->extract_bytes(states, i, got, 0, KF_STATE_BYTES);
        if (memcmp(want, got, sizeof want) != 0) return 0;
    }
    return 1;
}

void bench_suite_permutation_xn(bench *b)
{
    const kf_backend_xn *list[MAX_BACKENDS];
    size_t n = kf_backend_xn_all(list, MAX_BACKENDS);
    if (n > MAX_BACKENDS) n = MAX_BACKENDS;

    printf("    Keccak-p[1600] on N states at once (batched backends): ticks per permutation\n"
           "    = ticks per call / N (median; 16+ calls back to back)\n");
    printf("    %-16s %3s %18s %18s %14s\n", "backend", "N", "Keccak-p[1600,24]", "Keccak-p[1600,12]",
           "ticks/call 24");
    if (n == 0) printf("    (no batched backend in this build)\n");
    for (size_t i = 0; i < n; i++) {
        const kf_backend_xn *impl = list[i];
        if (!kf_backend_xn_runnable(impl)) {
            printf("    %-16s %3u (not runnable on this CPU)\n", impl->name, impl->n);
            continue;
        }
        void *states = aligned_alloc(64, (impl->state_bytes + 63) / 64 * 64);
        if (!states) continue;
        if (!xn_agrees_with_ref(impl, states)) {
            printf("    %-16s %3u DIFFERS FROM ref: not timed\n", impl->name, impl->n);
            free(states);
            continue;
        }
        double t[2];
        static const unsigned rounds[2] = {24, 12};
        for (int r = 0; r < 2; r++) {
            perm_xn_arg a = {impl, states, rounds[r]};
            impl->init(states);
            t[r] = bench_measure(b, run_permute_xn, &a, MIN_PERMS_PER_SAMPLE) / impl->n;
            bench_add(b, "permutation-xn", r == 0 ? "keccak-p1600-24" : "keccak-p1600-12", impl->name, -1,
                      "ticks/permutation", t[r]);
        }
        printf("    %-16s %3u %18.1f %18.1f %14.0f\n", impl->name, impl->n, t[0], t[1], t[0] * impl->n);
        fflush(stdout);
        free(states);
    }
}

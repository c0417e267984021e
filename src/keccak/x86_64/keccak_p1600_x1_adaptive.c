/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_x1_adaptive.c - the one-state backend "avx2-x1-adaptive": each call runs
 * opt64-bmi2 (scalar, integer ports) or avx2-x1 (vector pipes), whichever the thread's recent
 * timings of both say is faster now (issue 35's bimodal scalar x1).
 *
 * Why. On a core shared with another hyperthread the scalar permutation's speed depends on
 * what the other thread runs: measured on this project's Intel host, opt64-bmi2 takes 835-843
 * ticks per permutation when the core is quiet and 1,212-1,854 when the other thread is busy,
 * while avx2-x1 takes 1,015-1,017 and 1,037-1,320 (docs/BENCHMARKS.md, AVX2, "One state on the
 * vector pipes"). Neither is the faster one all the time, and the state changes within a
 * process, so the choice is remade as it runs, not once.
 *
 * How. Every PROBE_EVERY calls a thread probes both implementations, at the same moment: two
 * calls on each, the second timed (CLOCK_MONOTONIC: the vDSO, no system call), as time per
 * round; the first brings its code and tables back into the caches, so neither is timed cold.
 * Each keeps its last PROBE_KEEP timings, and the calls between run the one whose smallest
 * kept timing is the smaller (the smallest, because a timing can only be inflated: preemption,
 * an interrupt). Until both have a timing the scalar one runs. Both use the plain-lane state
 * format (keccak_lanes64.h), so a state may pass from one to the other between any two calls,
 * and the byte operations are the shared plain-lane ones. Outputs do not depend on the choice;
 * the choice depends only on timings, never on data.
 *
 * Cost: one probe in 128 calls (four clock reads, two calls of the slower implementation); the
 * other calls a thread-local counter (TLS descriptors in the shared library, see
 * sources.cmake) and one more jump. Figures: docs/BENCHMARKS.md, AVX2, "One state on the
 * vector pipes".
 *
 * Tests: test_backends and the per-backend suites run it against ref like any backend; in any
 * run of 128 calls or more both implementations take calls (each probe runs both), so the
 * passing of a state between them is exercised whatever the timings choose.
 */
#define _POSIX_C_SOURCE 200809L
#include "keccak/keccak_backend.h"
#include "keccak/keccak_lanes64.h"
#include "keccak/x86_64/backends_x86_64.h"

#include <stdint.h>
#include <time.h>

#define PROBE_EVERY 128u /* a probe every 128 calls of a thread */
#define PROBE_KEEP 4u   /* timings kept per implementation */

static const kf_backend *const ad_impl[2] = {&kf_backend_opt64_bmi2, &kf_backend_x1_avx2};

/* One thread's timings: ns per round x 1024 (0: none yet). */
typedef struct {
    uint32_t calls;
    uint32_t cur; /* 0: opt64-bmi2, 1: avx2-x1 */
    uint32_t slot[2];
    uint32_t cost[2][PROBE_KEEP];
} ad_thread;

static _Thread_local ad_thread ad;

static uint64_t ad_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint32_t ad_best(const uint32_t c[PROBE_KEEP])
{
    uint32_t m = UINT32_MAX;
    for (unsigned i = 0; i < PROBE_KEEP; i++)
        if (c[i] && c[i] < m) m = c[i];
    return m;
}

/* A probe of implementation w took ns for rounds rounds: keep it, and choose again. */
static void ad_record(unsigned w, uint64_t ns, uint64_t rounds)
{
    if (rounds == 0) return;
    uint64_t per = ns * 1024u / rounds;
    if (per == 0) per = 1;
    if (per > UINT32_MAX) per = UINT32_MAX;
    ad.cost[w][ad.slot[w]++ % PROBE_KEEP] = (uint32_t)per;
    uint32_t b0 = ad_best(ad.cost[0]), b1 = ad_best(ad.cost[1]);
    ad.cur = b0 != UINT32_MAX && b1 != UINT32_MAX && b1 < b0;
}

/* A probe is four calls: two of each implementation (the k-th probe starts with implementation
 * k mod 2), the first of the two untimed, to bring its code and tables back into the caches,
 * the second timed; so both are timed at the same moment and in the same state. Out of line,
 * so that the other calls are a counter and a jump. */
#define AD_PROBE(n) ((n) % PROBE_EVERY < 4)
#define AD_TURN(n) ((((n) / PROBE_EVERY) ^ ((n) % PROBE_EVERY / 2)) & 1u)
#define AD_TIMED(n) ((n) & 1u)

static __attribute__((noinline)) void ad_permute_probe(void *state, unsigned nr, unsigned w, unsigned timed)
{
    if (!timed) {
        ad_impl[w]->permute(state, nr);
        return;
    }
    uint64_t t0 = ad_now_ns();
    ad_impl[w]->permute(state, nr);
    ad_record(w, ad_now_ns() - t0, nr);
}

static __attribute__((noinline)) size_t ad_absorb_probe(void *state, unsigned nr, size_t rate,
                                                        const uint8_t *in, size_t len, unsigned w,
                                                        unsigned timed)
{
    if (!timed) return ad_impl[w]->absorb_blocks(state, nr, rate, in, len);
    uint64_t t0 = ad_now_ns();
    size_t done = ad_impl[w]->absorb_blocks(state, nr, rate, in, len);
    ad_record(w, ad_now_ns() - t0, rate ? (uint64_t)nr * (done / rate) : 0);
    return done;
}

static __attribute__((noinline)) void ad_oneblock_probe(unsigned nr, size_t rate, uint8_t suffix,
                                                        const uint8_t *in, size_t len, uint8_t *out,
                                                        size_t outlen, unsigned w, unsigned timed)
{
    if (!timed) {
        ad_impl[w]->oneblock(nr, rate, suffix, in, len, out, outlen);
        return;
    }
    uint64_t t0 = ad_now_ns();
    ad_impl[w]->oneblock(nr, rate, suffix, in, len, out, outlen);
    ad_record(w, ad_now_ns() - t0, nr);
}

/* The operations: calls PROBE_EVERY * k .. PROBE_EVERY * k + 3 of the thread are a probe, the
 * others run the current choice. */
static void ad_permute(void *state, unsigned nr)
{
    uint32_t n = ++ad.calls;
    if (__builtin_expect(AD_PROBE(n), 0)) {
        ad_permute_probe(state, nr, AD_TURN(n), AD_TIMED(n));
        return;
    }
    ad_impl[ad.cur]->permute(state, nr);
}

static size_t ad_absorb_blocks(void *state, unsigned nr, size_t rate, const uint8_t *in, size_t len)
{
    uint32_t n = ++ad.calls;
    if (__builtin_expect(AD_PROBE(n), 0))
        return ad_absorb_probe(state, nr, rate, in, len, AD_TURN(n), AD_TIMED(n));
    return ad_impl[ad.cur]->absorb_blocks(state, nr, rate, in, len);
}

static void ad_oneblock(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *in, size_t len, uint8_t *out,
                        size_t outlen)
{
    uint32_t n = ++ad.calls;
    if (__builtin_expect(AD_PROBE(n), 0)) {
        ad_oneblock_probe(nr, rate, suffix, in, len, out, outlen, AD_TURN(n), AD_TIMED(n));
        return;
    }
    ad_impl[ad.cur]->oneblock(nr, rate, suffix, in, len, out, outlen);
}

const kf_backend kf_backend_x1_adaptive = {
    .name = "avx2-x1-adaptive",
    .requires = KF_CPU_AVX2 | KF_CPU_BMI1 | KF_CPU_BMI2,
    .rank = 21, /* above opt64-bmi2, below the AVX-512 backends (docs/BENCHMARKS.md, AVX2) */
    .init = kf_lanes64_init,
    .add_bytes = kf_lanes64_add_bytes,
    .overwrite_bytes = kf_lanes64_overwrite_bytes,
    .extract_bytes = kf_lanes64_extract_bytes,
    .permute = ad_permute,
    .absorb_blocks = ad_absorb_blocks,
    .oneblock = ad_oneblock,
};

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_util.h - what the C tests share: a seeded pseudo-random generator (splitmix64) for
 * reproducible random inputs, and CHECK, which counts a failed condition in `failures` and
 * prints where it happened and why.
 *
 * Each test program includes this once, so the state below is its own. Before including, a
 * test may define TEST_RNG_SEED to draw its own sequence, and TEST_OWN_CHECK to keep a
 * CHECK of its own (test_batch.c counts passes too and names the backend).
 */
#ifndef KF_TEST_UTIL_H
#define KF_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifndef TEST_RNG_SEED
#define TEST_RNG_SEED 0x9E3779B97F4A7C15ULL
#endif

static uint64_t rng_state = TEST_RNG_SEED;

/* splitmix64 (Steele, Lea, Flood 2014; the constants of Vigna's public-domain code) */
static inline uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* 0 .. n-1, or 0 when n is 0 */
static inline size_t rnd_below(size_t n) { return n ? (size_t)(rnd() % n) : 0; }

static inline void rnd_bytes(uint8_t *p, size_t n) { while (n--) *p++ = (uint8_t)rnd(); }

#ifndef TEST_OWN_CHECK
static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; printf("FAIL %s:%d: ", __FILE__, __LINE__); \
    printf(__VA_ARGS__); printf("\n"); } } while (0)
#endif

#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* tests/test_lane_exhaustive.c's parts: each returns its number of failures and prints what it
 * covered and how long it took. */
#ifndef KF_TEST_LANE_EXHAUSTIVE_H
#define KF_TEST_LANE_EXHAUSTIVE_H
#include <stdint.h>
#include <stdio.h>
#include <time.h>

int lane_mlkem_kernels(int slow); /* lane_exhaustive_mlkem.c (built with -mavx2) */
int lane_mlkem_poly(void);      /* the same file: the poly-level kernels */
int lane_mldsa_poly(void);      /* lane_exhaustive_mldsa.c */
int lane_mlkem_avx512(int slow); /* lane_exhaustive_mlkem512.c (AVX-512 flags; checks the CPU itself) */

static inline double lane_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* one line per primitive: name, inputs, mismatches, CPU seconds; the first mismatch is printed
 * by the caller */
#define LANE_REPORT(name, inputs, bad, t0)                                                          \
    printf("%-48s %11llu inputs  %s  %.2f s CPU\n", name, (unsigned long long)(inputs),               \
           (bad) ? "FAIL" : "ok  ", lane_now() - (t0))
/* The rejection tests' input: 80 consecutive 3-byte little-endian groups from g0 + shift on
 * (mod 2^24), so that group g sits at chunk position (g - g0) mod 8 of an 8-group chunk. */
static inline void lane_fill_groups(uint8_t *buf, uint32_t g0, uint32_t shift)
{
    for (uint32_t k = 0; k < 80; k++) {
        uint32_t g = (g0 + k + shift) & 0xFFFFFF;
        buf[3 * k] = (uint8_t)g;
        buf[3 * k + 1] = (uint8_t)(g >> 8);
        buf[3 * k + 2] = (uint8_t)(g >> 16);
    }
}

#endif

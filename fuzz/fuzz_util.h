/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_util.h - what the libFuzzer targets share: a reader that takes small values off the
 * front of the fuzz input (past its end it gives zeros, so every input is usable), bit-string
 * slicing in FIPS 202's bit order, and a failure that libFuzzer records as a crash.
 */
#ifndef KF_FUZZ_UTIL_H
#define KF_FUZZ_UTIL_H

#include "keccakforge.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct fz {
    const uint8_t *p;
    size_t n;
} fz;

static inline uint8_t fz_u8(fz *r)
{
    if (!r->n) return 0;
    r->n--;
    return *r->p++;
}

static inline uint16_t fz_u16(fz *r)
{
    uint16_t lo = fz_u8(r);
    return (uint16_t)(lo | fz_u8(r) << 8);
}

/* up to max bytes (fewer when the input runs out); *len receives the count */
static inline const uint8_t *fz_bytes(fz *r, size_t max, size_t *len)
{
    size_t k = max < r->n ? max : r->n;
    const uint8_t *p = r->p;
    r->p += k;
    r->n -= k;
    *len = k;
    return p;
}

/* Where a failed check is reported: stderr, or (a target whose code under test writes to
 * stderr, run with -close_fd_mask=2) a copy of it the target makes at start-up. */
static FILE *fz_report_file;

/* A mismatch is a bug: abort, which libFuzzer reports with the input that caused it. */
#define FZ_CHECK(cond, ...)                                                           \
    do {                                                                              \
        if (!(cond)) {                                                                \
            FILE *fz_out_ = fz_report_file ? fz_report_file : stderr;                 \
            fprintf(fz_out_, "fuzz check failed at %s:%d: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(fz_out_, __VA_ARGS__);                                            \
            fputc('\n', fz_out_);                                                     \
            fflush(fz_out_);                                                          \
            abort();                                                                  \
        }                                                                             \
    } while (0)

/* Keep failed checks visible when -close_fd_mask=2 silences stderr (call from
 * LLVMFuzzerInitialize, which runs before libFuzzer closes it). */
static inline void fz_report_to_copy_of_stderr(void)
{
    int fd = dup(2);
    if (fd >= 0) fz_report_file = fdopen(fd, "w");
}

/* dst = bits [start, start + nbits) of src (bit i is bit i % 8 of byte i / 8: FIPS 202's
 * order); the unused high bits of dst's last byte are zero. */
static inline void fz_bit_slice(uint8_t *dst, const uint8_t *src, size_t start, size_t nbits)
{
    memset(dst, 0, (nbits + 7) / 8);
    for (size_t i = 0; i < nbits; i++) {
        size_t b = start + i;
        dst[i / 8] |= (uint8_t)(((src[b / 8] >> (b % 8)) & 1) << (i % 8));
    }
}

/* Ascending split points in [0, total]: count of them from the input, each a fraction of
 * total; fills cuts[0..k) and returns k (at most max). */
static inline size_t fz_cuts(fz *r, size_t total, size_t *cuts, size_t max)
{
    size_t k = fz_u8(r) % (max + 1), prev = 0;
    for (size_t i = 0; i < k; i++) {
        size_t left = total - prev;
        size_t step = left ? fz_u16(r) % (left + 1) : 0;
        cuts[i] = prev + step;
        prev = cuts[i];
    }
    return k;
}

#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_ref.c - Keccak-p[1600, nr] following FIPS 202 §3 step by step.
 *
 * Slow on purpose: each step mapping (theta, rho, pi, chi, iota) is its own function on
 * the state array A[x][y] of 64-bit lanes (w = 64, bit z of a lane is bit z of the word),
 * the round constants come from the LFSR rc(t) of Algorithm 5 and the rho offsets from
 * the (x, y) walk of Algorithm 2, not from tables. This is the oracle every other backend
 * is tested against; a test also checks the shared tables against it.
 */
#include "keccak_backend.h"

#include <string.h>

typedef uint64_t lanes_t[5][5]; /* A[x][y] */

/*@ requires n < 64;
    assigns \nothing; */
static uint64_t rotl(uint64_t v, unsigned n)
{
    n &= 63;
    return n ? (v << n) | (v >> (64 - n)) : v;
}

/* Algorithm 1: theta */
/*@ requires \valid(A + (0 .. 4));
    assigns A[0 .. 4][0 .. 4]; */
static void theta(lanes_t A)
{
    uint64_t C[5], D[5];
    /*@ loop invariant 0 <= x <= 5;
        loop assigns x, C[0 .. 4];
        loop variant 5 - x; */
    for (int x = 0; x < 5; x++)
        C[x] = A[x][0] ^ A[x][1] ^ A[x][2] ^ A[x][3] ^ A[x][4];
    /*@ loop invariant 0 <= x <= 5;
        loop assigns x, D[0 .. 4];
        loop variant 5 - x; */
    for (int x = 0; x < 5; x++)
        D[x] = C[(x + 4) % 5] ^ rotl(C[(x + 1) % 5], 1);
    /*@ loop invariant 0 <= x <= 5;
        loop assigns x, A[0 .. 4][0 .. 4];
        loop variant 5 - x; */
    for (int x = 0; x < 5; x++)
        /*@ loop invariant 0 <= y <= 5;
            loop assigns y, A[x][0 .. 4];
            loop variant 5 - y; */
        for (int y = 0; y < 5; y++)
            A[x][y] ^= D[x];
}

/* Algorithm 2: rho, offsets (t+1)(t+2)/2 along the walk (x, y) -> (y, 2x + 3y) */
/*@ requires \valid(A + (0 .. 4));
    assigns A[0 .. 4][0 .. 4]; */
static void rho(lanes_t A)
{
    int x = 1, y = 0;
    /*@ loop invariant 0 <= t <= 24 && 0 <= x < 5 && 0 <= y < 5;
        loop assigns t, x, y, A[0 .. 4][0 .. 4];
        loop variant 24 - t; */
    for (int t = 0; t < 24; t++) {
        A[x][y] = rotl(A[x][y], (unsigned)(((t + 1) * (t + 2) / 2) % 64));
        int nx = y, ny = (2 * x + 3 * y) % 5;
        x = nx;
        y = ny;
    }
}

/* A := B, lane by lane (a loop rather than memcpy, so the proof sees lanes, not bytes) */
/*@ requires \valid(A + (0 .. 4)) && \valid_read(B + (0 .. 4));
    requires \separated(A + (0 .. 4), B + (0 .. 4));
    assigns A[0 .. 4][0 .. 4]; */
static void copy_lanes(lanes_t A, const lanes_t B)
{
    /*@ loop invariant 0 <= x <= 5;
        loop assigns x, A[0 .. 4][0 .. 4];
        loop variant 5 - x; */
    for (int x = 0; x < 5; x++)
        /*@ loop invariant 0 <= y <= 5;
            loop assigns y, A[x][0 .. 4];
            loop variant 5 - y; */
        for (int y = 0; y < 5; y++)
            A[x][y] = B[x][y];
}

/* Algorithm 3: pi, A'[x][y] = A[(x + 3y) mod 5][x] */
/*@ requires \valid(A + (0 .. 4));
    assigns A[0 .. 4][0 .. 4]; */
static void pi(lanes_t A)
{
    lanes_t B;
    /*@ loop invariant 0 <= x <= 5;
        loop assigns x, B[0 .. 4][0 .. 4];
        loop variant 5 - x; */
    for (int x = 0; x < 5; x++)
        /*@ loop invariant 0 <= y <= 5;
            loop assigns y, B[x][0 .. 4];
            loop variant 5 - y; */
        for (int y = 0; y < 5; y++)
            B[x][y] = A[(x + 3 * y) % 5][x];
    copy_lanes(A, (const uint64_t (*)[5])B);
}

/* Algorithm 4: chi */
/*@ requires \valid(A + (0 .. 4));
    assigns A[0 .. 4][0 .. 4]; */
static void chi(lanes_t A)
{
    lanes_t B;
    /*@ loop invariant 0 <= x <= 5;
        loop assigns x, B[0 .. 4][0 .. 4];
        loop variant 5 - x; */
    for (int x = 0; x < 5; x++)
        /*@ loop invariant 0 <= y <= 5;
            loop assigns y, B[x][0 .. 4];
            loop variant 5 - y; */
        for (int y = 0; y < 5; y++)
            B[x][y] = A[x][y] ^ (~A[(x + 1) % 5][y] & A[(x + 2) % 5][y]);
    copy_lanes(A, (const uint64_t (*)[5])B);
}

/* Algorithm 5: rc(t), an LFSR over GF(2)[x] / (x^8 + x^6 + x^5 + x^4 + 1) */
/*@ assigns \nothing; */
static unsigned rc_bit(int t)
{
    if (t % 255 == 0) return 1;
    unsigned R = 0x01; /* R[0] is bit 0 */
    /*@ loop invariant 1 <= i;
        loop assigns i, R;
        loop variant t % 255 - i + 1; */
    for (int i = 1; i <= t % 255; i++) {
        unsigned r8 = R & 0x80 ? 1 : 0;
        R = (R << 1) & 0x1FF;        /* R = 0 || R, 9 bits */
        R ^= r8 | (r8 << 4) | (r8 << 5) | (r8 << 6);
        R &= 0xFF;                   /* Trunc8 */
    }
    return R & 1;
}

/* Algorithm 6 step 2-3: RC for round index ir, from rc(t) */
/*@ requires 0 <= ir < 24;
    assigns \nothing; */
static uint64_t round_constant(int ir)
{
    uint64_t RC = 0;
    /*@ loop invariant 0 <= j <= 7;
        loop assigns j, RC;
        loop variant 7 - j; */
    for (int j = 0; j <= 6; j++) {
        /*@ assert j == 0 || j == 1 || j == 2 || j == 3 || j == 4 || j == 5 || j == 6; */
        RC |= (uint64_t)rc_bit(j + 7 * ir) << ((1u << j) - 1);
    }
    return RC;
}

/* The LFSR is slow to step; derive the 24 constants once (the same values whichever
 * thread computes them first, so the race is benign). In 32-bit halves, so the atomics are
 * single loads and stores on 32-bit cores too (no libatomic on bare-metal Arm). */
static uint32_t rc_cache[24][2];
static int rc_ready;

/* Algorithm 6: iota for round index ir */
/*@ requires \valid(A + (0 .. 4));
    requires 0 <= ir < 24;
    assigns A[0][0], rc_cache[0 .. 23][0 .. 1], rc_ready; */
static void iota(lanes_t A, int ir)
{
    if (!__atomic_load_n(&rc_ready, __ATOMIC_ACQUIRE)) {
        /*@ loop invariant 0 <= i <= 24;
            loop assigns i, rc_cache[0 .. 23][0 .. 1];
            loop variant 24 - i; */
        for (int i = 0; i < 24; i++) {
            uint64_t rc = round_constant(i);
            __atomic_store_n(&rc_cache[i][0], (uint32_t)rc, __ATOMIC_RELAXED);
            __atomic_store_n(&rc_cache[i][1], (uint32_t)(rc >> 32), __ATOMIC_RELAXED);
        }
        __atomic_store_n(&rc_ready, 1, __ATOMIC_RELEASE);
    }
    A[0][0] ^= __atomic_load_n(&rc_cache[ir][0], __ATOMIC_RELAXED) |
               (uint64_t)__atomic_load_n(&rc_cache[ir][1], __ATOMIC_RELAXED) << 32;
}

/* Algorithm 7, rounds 12 + 2l - nr .. 12 + 2l - 1 with l = 6 */
/*@ requires \valid((uint64_t *)state + (0 .. 24));
    requires nr <= 24;
    assigns ((uint64_t *)state)[0 .. 24], rc_cache[0 .. 23][0 .. 1], rc_ready; */
static void ref_permute(void *state, unsigned nr)
{
    uint64_t *s = (uint64_t *)state;
    lanes_t A;
    /*@ loop invariant 0 <= x <= 5;
        loop assigns x, A[0 .. 4][0 .. 4];
        loop variant 5 - x; */
    for (int x = 0; x < 5; x++)
        /*@ loop invariant 0 <= y <= 5;
            loop assigns y, A[x][0 .. 4];
            loop variant 5 - y; */
        for (int y = 0; y < 5; y++)
            A[x][y] = s[x + 5 * y];
    /*@ loop invariant 24 - (int)nr <= ir <= 24;
        loop assigns ir, A[0 .. 4][0 .. 4], rc_cache[0 .. 23][0 .. 1], rc_ready;
        loop variant 24 - ir; */
    for (int ir = 24 - (int)nr; ir < 24; ir++) {
        theta(A);
        rho(A);
        pi(A);
        chi(A);
        iota(A, ir);
    }
    /*@ loop invariant 0 <= x <= 5;
        loop assigns x, s[0 .. 24];
        loop variant 5 - x; */
    for (int x = 0; x < 5; x++)
        /*@ loop invariant 0 <= y <= 5;
            loop assigns y, s[0 .. 24];
            loop variant 5 - y; */
        for (int y = 0; y < 5; y++)
            s[x + 5 * y] = A[x][y];
}

/* State format: 25 uint64 lanes, lane i = x + 5y, byte j of a lane = bits 8j..8j+7. */
/*@ requires \valid((uint8_t *)state + (0 .. KF_STATE_BYTES - 1));
    assigns ((uint8_t *)state)[0 .. KF_STATE_BYTES - 1]; */
static void ref_init(void *state)
{
    memset(state, 0, KF_STATE_BYTES);
}

/*@ requires \valid((uint64_t *)state + (0 .. 24));
    requires offset <= KF_STATE_BYTES && len <= KF_STATE_BYTES - offset;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint64_t *)state)[0 .. 24]; */
static void ref_add_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    uint64_t *s = (uint64_t *)state;
    /*@ loop invariant 0 <= i <= len;
        loop assigns i, s[0 .. 24];
        loop variant len - i; */
    for (size_t i = 0; i < len; i++) {
        size_t at = offset + i;
        s[at / 8] ^= (uint64_t)in[i] << (8 * (at % 8));
    }
}

/*@ requires \valid((uint64_t *)state + (0 .. 24));
    requires offset <= KF_STATE_BYTES && len <= KF_STATE_BYTES - offset;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint64_t *)state)[0 .. 24]; */
static void ref_overwrite_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    uint64_t *s = (uint64_t *)state;
    /*@ loop invariant 0 <= i <= len;
        loop assigns i, s[0 .. 24];
        loop variant len - i; */
    for (size_t i = 0; i < len; i++) {
        size_t at = offset + i;
        unsigned sh = 8 * (unsigned)(at % 8);
        s[at / 8] = (s[at / 8] & ~((uint64_t)0xFF << sh)) | ((uint64_t)in[i] << sh);
    }
}

/*@ requires \valid_read((uint64_t *)state + (0 .. 24));
    requires offset <= KF_STATE_BYTES && len <= KF_STATE_BYTES - offset;
    requires \valid(out + (0 .. len - 1));
    assigns out[0 .. len - 1]; */
static void ref_extract_bytes(const void *state, uint8_t *out, size_t offset, size_t len)
{
    const uint64_t *s = (const uint64_t *)state;
    /*@ loop invariant 0 <= i <= len;
        loop assigns i, out[0 .. len - 1];
        loop variant len - i; */
    for (size_t i = 0; i < len; i++) {
        size_t at = offset + i;
        out[i] = (uint8_t)(s[at / 8] >> (8 * (at % 8)));
    }
}

const kf_backend kf_backend_ref = {
    .name = "ref",
    .requires = 0,
    .rank = -1, /* the oracle, never picked automatically */
    .init = ref_init,
    .add_bytes = ref_add_bytes,
    .overwrite_bytes = ref_overwrite_bytes,
    .extract_bytes = ref_extract_bytes,
    .permute = ref_permute,
    .absorb_blocks = NULL,
};

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_rvv.c - the RVV 1.0 backends (seed 003): rvv-x1 (one state, kf_backend) and
 * rvv-x3, rvv-x6, rvv-x8 (batched, kf_backend_xn), all on one assembly kernel
 * (keccak_p1600_rvv_planes.S: how the rounds work); and the same five on the Zvbb kernel
 * (keccak_p1600_rvv_zvbb.S: vror, vrol, vandn), rvv-zvbb-x1/x3/x6/x8, for CPUs whose kernel
 * reports Zvbb or Zvkb (dispatch.c: riscv_hwprobe).
 *
 * State format: plane-major. Lane (x, y) of state s is word 5n*y + 5s + x, so each plane of
 * all n states is one unit-stride vector load with element index 5s + x, and the 40 bytes of
 * one state's plane are contiguous. With n = 1 this is the plain FIPS 202 lane order, so
 * rvv-x1 uses the plain-lanes byte helpers and is an ordinary x1 backend.
 *
 * Why one backend per width: the kernel keeps a plane of n states in one LMUL=4 register group,
 * so n is fixed by VLEN (5n <= 4 * VLEN / 64) while kf_backend_xn has a fixed n and
 * state_bytes. Each width is its own backend requiring the smallest VLEN it fits in
 * (KF_CPU_RVV_VLEN*, set by dispatch.c), so only the runnable ones are chosen, the widest by
 * rank, and kf_backend_xn_for() still finds a narrower one for a short group. VLEN 128 fits one
 * state only (rvv-x1); 256 fits 3, 512 fits 6, 1024 fits 8 (KF_XN_MAX, the batched API's limit).
 */
#include "../keccak_backend.h"
#include "../keccak_constants.h"
#include "../keccak_lanes64.h"

#include <string.h>

/* The kernel (keccak_p1600_rvv_planes.S); the tables are described there. */
void kf_rvv_planes_permute(uint64_t *planes, unsigned nr, unsigned n, const uint16_t pi[5][40],
                           const uint64_t rho[5][40], const uint16_t shift[3][40], const uint64_t *rc,
                           const uint8_t mask[8]);
void kf_rvv_zvbb_planes_permute(uint64_t *planes, unsigned nr, unsigned n, const uint16_t pi[5][40],
                                const uint64_t rho[5][40], const uint16_t shift[3][40], const uint64_t *rc,
                                const uint8_t mask[8]);
typedef void (*planes_kernel)(uint64_t *, unsigned, unsigned, const uint16_t[5][40], const uint64_t[5][40],
                              const uint16_t[3][40], const uint64_t *, const uint8_t[8]);

/* ---- tables: one entry per vector element e = 5s + x, for up to 8 states ------------------ */

#define E8(f, a, b, o) f(a, b, (o) + 0), f(a, b, (o) + 1), f(a, b, (o) + 2), f(a, b, (o) + 3), \
                       f(a, b, (o) + 4), f(a, b, (o) + 5), f(a, b, (o) + 6), f(a, b, (o) + 7)
#define ROW40(f, a, b) { E8(f, a, b, 0), E8(f, a, b, 8), E8(f, a, b, 16), E8(f, a, b, 24), E8(f, a, b, 32) }

/* Pi puts input lane (x, y) at (y, 2x + 3y): position (X, Y) comes from ((X + 3Y) mod 5, X)
 * (FIPS 202 Algorithm 3). Element e = 5s + X of output plane Y: its byte offset for n states. */
#define PI_OFF(n, Y, e) \
    (uint16_t)(8 * (((e) % 5) * 5 * (n) + 5 * ((e) / 5) + ((e) % 5 + 3 * (Y)) % 5))
#define PI_TABLE(n) \
    { ROW40(PI_OFF, n, 0), ROW40(PI_OFF, n, 1), ROW40(PI_OFF, n, 2), ROW40(PI_OFF, n, 3), ROW40(PI_OFF, n, 4) }
static const uint16_t pi_n1[5][40] = PI_TABLE(1);
static const uint16_t pi_n3[5][40] = PI_TABLE(3);
static const uint16_t pi_n6[5][40] = PI_TABLE(6);
static const uint16_t pi_n8[5][40] = PI_TABLE(8);

/* The element with the same state and x + k (mod 5). */
#define SHIFT_IDX(k, unused, e) (uint16_t)(5 * ((e) / 5) + ((e) % 5 + (k)) % 5)
static const uint16_t shift_idx[3][40] = {ROW40(SHIFT_IDX, 1, 0), ROW40(SHIFT_IDX, 2, 0), ROW40(SHIFT_IDX, 4, 0)};

/* Rho offsets of plane y, element by element (FIPS 202 §3.2.2 Table 2). */
#define RHO5(y) KF_RHO_0_##y, KF_RHO_1_##y, KF_RHO_2_##y, KF_RHO_3_##y, KF_RHO_4_##y
#define RHO_ROW(y) {RHO5(y), RHO5(y), RHO5(y), RHO5(y), RHO5(y), RHO5(y), RHO5(y), RHO5(y)}
static const uint64_t rho_off[5][40] = {RHO_ROW(0), RHO_ROW(1), RHO_ROW(2), RHO_ROW(3), RHO_ROW(4)};

/* Mask bits 0, 5, ..., 35 (the x = 0 elements), byte by byte as vlm.v reads them. */
static const uint8_t iota_mask[8] = {0x21, 0x84, 0x10, 0x42, 0x08, 0, 0, 0};

static void permute_n(planes_kernel kernel, void *planes, unsigned nr, unsigned n, const uint16_t pi[5][40])
{
    kernel((uint64_t *)planes, nr, n, pi, rho_off, shift_idx, kf_keccak_rc + 24 - nr, iota_mask);
}

/* ---- rvv-x1: the plain lane order, so the plain-lanes byte helpers ----------------------- */

static void x1_permute(void *state, unsigned nr)
{
    permute_n(kf_rvv_planes_permute, state, nr, 1, pi_n1);
}

static void x1_zvbb_permute(void *state, unsigned nr)
{
    permute_n(kf_rvv_zvbb_planes_permute, state, nr, 1, pi_n1);
}

const kf_backend kf_backend_rvv_x1 = {
    .name = "rvv-x1",
    .requires = KF_CPU_RVV,
    /* Below rv64-x1 (15), so never the automatic choice: it executes 2.5x fewer instructions
     * (2099 vs 5251 per Keccak-p[1600,24], bench/cross_bench), but 12 of its ~84 per round are
     * LMUL=4 vrgathers and 5 are indexed loads, which vector units run at several cycles each
     * (vrgather often ~LMUL^2), so one state is not expected to beat the scalar code on real
     * cores. It is the batched kernel's n = 1 case, tested and selectable by name. */
    .rank = 12,
    .init = kf_lanes64_init,
    .add_bytes = kf_lanes64_add_bytes,
    .overwrite_bytes = kf_lanes64_overwrite_bytes,
    .extract_bytes = kf_lanes64_extract_bytes,
    .permute = x1_permute,
    .absorb_blocks = NULL,
};

const kf_backend kf_backend_rvv_zvbb_x1 = {
    .name = "rvv-zvbb-x1",
    .requires = KF_CPU_RVV | KF_CPU_RVV_ZVBB,
    /* 63 instructions per round instead of 84 (1595 vs 2099 per Keccak-p[1600,24] under QEMU 10), with the
     * same vrgathers and indexed loads as rvv-x1, so also below rv64-x1. */
    .rank = 13,
    .init = kf_lanes64_init,
    .add_bytes = kf_lanes64_add_bytes,
    .overwrite_bytes = kf_lanes64_overwrite_bytes,
    .extract_bytes = kf_lanes64_extract_bytes,
    .permute = x1_zvbb_permute,
    .absorb_blocks = NULL,
};

/* ---- rvv-xN: instance i's bytes are 5 runs of 40, one per plane (stride 40n) -------------- */

/* Bytes from state byte `offset` of an instance to the end of its plane's run, at most len. */
static size_t run_len(size_t offset, size_t len)
{
    size_t room = 40 - offset % 40;
    return room < len ? room : len;
}

/* Where state byte `offset` of instance i of n is in the plane-major storage. */
static size_t run_pos(unsigned n, unsigned i, size_t offset)
{
    return offset / 40 * 40 * n + 40 * i + offset % 40;
}

static void xn_add(uint8_t *st, unsigned n, unsigned i, const uint8_t *in, size_t offset, size_t len)
{
    for (size_t run; len; in += run, offset += run, len -= run) {
        run = run_len(offset, len);
        kf_lanes64_add_bytes(st + run_pos(n, i, offset), in, 0, run);
    }
}

static void xn_overwrite(uint8_t *st, unsigned n, unsigned i, const uint8_t *in, size_t offset, size_t len)
{
    for (size_t run; len; in += run, offset += run, len -= run) {
        run = run_len(offset, len);
        memcpy(st + run_pos(n, i, offset), in, run);
    }
}

static void xn_extract(const uint8_t *st, unsigned n, unsigned i, uint8_t *out, size_t offset, size_t len)
{
    for (size_t run; len; out += run, offset += run, len -= run) {
        run = run_len(offset, len);
        memcpy(out, st + run_pos(n, i, offset), run);
    }
}

#define RVV_XN(N)                                                                                 \
    static void xn##N##_init(void *st) { memset(st, 0, (N) * KF_STATE_BYTES); }                \
    static void xn##N##_add(void *st, unsigned i, const uint8_t *in, size_t off, size_t len)    \
    {                                                                                             \
        xn_add(st, N, i, in, off, len);                                                           \
    }                                                                                             \
    static void xn##N##_overwrite(void *st, unsigned i, const uint8_t *in, size_t off, size_t len) \
    {                                                                                             \
        xn_overwrite(st, N, i, in, off, len);                                                     \
    }                                                                                             \
    static void xn##N##_extract(const void *st, unsigned i, uint8_t *out, size_t off, size_t len) \
    {                                                                                             \
        xn_extract(st, N, i, out, off, len);                                                      \
    }                                                                                             \
    static void xn##N##_permute(void *st, unsigned nr) { permute_n(kf_rvv_planes_permute, st, nr, N, pi_n##N); } \
    static void xn##N##_zvbb_permute(void *st, unsigned nr)                                       \
    {                                                                                             \
        permute_n(kf_rvv_zvbb_planes_permute, st, nr, N, pi_n##N);                                \
    }                                                                                             \
    const kf_backend_xn kf_backend_rvv_x##N = {                                                   \
        .name = "rvv-x" #N,                                                                       \
        .requires = KF_CPU_RVV | RVV_VLEN_FOR_##N,                                                \
        .rank = 20 + (N),                                                                         \
        .n = N,                                                                                   \
        .state_bytes = (N) * KF_STATE_BYTES,                                                      \
        .init = xn##N##_init,                                                                     \
        .add_bytes = xn##N##_add,                                                                 \
        .overwrite_bytes = xn##N##_overwrite,                                                     \
        .extract_bytes = xn##N##_extract,                                                         \
        .permute = xn##N##_permute,                                                               \
        .absorb_blocks = NULL,                                                                    \
    };                                                                                            \
    /* the same on Zvbb: ranked just above rvv-xN, below the next width */                       \
    const kf_backend_xn kf_backend_rvv_zvbb_x##N = {                                              \
        .name = "rvv-zvbb-x" #N,                                                                  \
        .requires = KF_CPU_RVV | KF_CPU_RVV_ZVBB | RVV_VLEN_FOR_##N,                               \
        .rank = 21 + (N),                                                                         \
        .n = N,                                                                                   \
        .state_bytes = (N) * KF_STATE_BYTES,                                                      \
        .init = xn##N##_init,                                                                     \
        .add_bytes = xn##N##_add,                                                                 \
        .overwrite_bytes = xn##N##_overwrite,                                                     \
        .extract_bytes = xn##N##_extract,                                                         \
        .permute = xn##N##_zvbb_permute,                                                          \
        .absorb_blocks = NULL,                                                                    \
    };

/* 5n elements in a group of 4 registers of VLEN / 64 elements each */
#define RVV_VLEN_FOR_3 KF_CPU_RVV_VLEN256
#define RVV_VLEN_FOR_6 KF_CPU_RVV_VLEN512
#define RVV_VLEN_FOR_8 KF_CPU_RVV_VLEN1024
RVV_XN(3)
RVV_XN(6)
RVV_XN(8)

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_hybrid_xn.h - scalar/SIMD hybrid batched Keccak-p[1600, nr]: NV states on AVX-512
 * vectors plus one state in general-purpose registers, permuted by the same function
 * (seed 002 §4.4). Included by keccak_p1600_x9_hybrid.c (NV = 8, zmm) and
 * keccak_p1600_x5_hybrid.c (NV = 4, ymm); it is their common body, not a public header.
 *
 * Why: the vector rounds (keccak_p1600_avx512_rounds.h) keep the vector ALUs busy but issue
 * few instructions per cycle, and leave the four integer ALUs idle; the scalar rounds of
 * opt64 (keccak_opt64_rounds.h) use only the integer ALUs and the load/store units. Written
 * into one loop body, one vector round then one scalar round, the out-of-order core runs
 * both at once: the hybrid costs max(t_vector, t_scalar) instead of the sum when
 * the front end can issue both instruction streams (§4.4, "Suitability"; on Zen 4 six
 * macro-ops per cycle).
 *
 * State format (kf_backend_xn leaves it to the backend): words 0 .. 25*NV-1 hold instances
 * 0 .. NV-1 interleaved (lane j of instance i at word j*NV + i, keccak_xn_lanes.h), so one
 * vector load gives lane j of NV states; words 25*NV .. 25*NV+24 hold instance NV as plain
 * lanes (lane j at word 25*NV + j). 200 * (NV + 1) bytes in all; the vector part is
 * 64-byte aligned because the storage is (and 25*NV*8 is a multiple of 64 for NV = 8, of
 * 32 for NV = 4, the ymm alignment).
 *
 * The includer defines, before including:
 *   KF_HY_NV               states on vectors (8 or 4)
 *   kf_v, KF_TERN, KF_XOR, KF_ROL, KF_XOR_WORD  and includes keccak_p1600_avx512_rounds.h
 *   KF_HY_VLOAD(p), KF_HY_VSTORE(p, v)          aligned load / store of one kf_v
 *   KF_HY_XOR_BLOCK_VEC(s, in, off, lanes)      xor lanes 0..lanes-1 of block bytes
 *                                               in[i] + off into vector instance i < NV
 *                                               (one of keccak_xn_absorb.h)
 * and gets the static functions hy_init .. hy_absorb_blocks for its kf_backend_xn.
 */
#ifndef KF_KECCAK_HYBRID_XN_H
#define KF_KECCAK_HYBRID_XN_H

#include "keccak/keccak_backend.h"
#include "keccak/keccak_opt64_rounds.h"
#include "keccak/keccak_xn_lanes.h"

#include <string.h>

#define KF_HY_N (KF_HY_NV + 1)                 /* states per call */
#define KF_HY_SCALAR_WORD (25 * KF_HY_NV)      /* first word of the scalar instance */
#define KF_HY_STATE_BYTES (200 * KF_HY_N)

#define KF_HY_VLOAD_LANE(x, y) kf_v a##x##y = KF_HY_VLOAD(&s[(x) + 5 * (y)]);
#define KF_HY_VSTORE_LANE(x, y) KF_HY_VSTORE(&s[(x) + 5 * (y)], a##x##y);
#define KF_HY_SLOAD_LANE(P, x, y) P##x##y = t[(x) + 5 * (y)];
#define KF_HY_SSTORE_LANE(P, x, y) t[(x) + 5 * (y)] = P##x##y;

/* Two rounds rc[ir], rc[ir+1] of both halves: vector round, scalar round A -> E, vector
 * round, scalar round E -> A. The scalar ROUND needs C = parities of its input set. */
#define KF_HY_ROUND2(ir) \
    KF_ROUND(ir) \
    ROUND(A, E, rc[(ir)]) \
    KF_ROUND((ir) + 1) \
    ROUND(E, A, rc[(ir) + 1])

/*
 * Rounds rc[0] .. end[-1] (an even number of them) on the vector states s and the scalar
 * state t: a loop of two rounds per iteration, A -> E -> A for the scalar half, exactly
 * the shape of opt64's loop, with the two vector rounds in the same loop body.
 *
 * Why a loop and not the vector backends' unrolled blocks of 12 (measured: docs/HYBRID.md and
 * docs/BENCHMARK_HISTORY.md, "hybrid loop"): with 12 unrolled rounds GCC 12 copies the 25 zmm lanes
 * to 64-byte stack slots on entry and then, sharing spill slots, puts the scalar half's spills
 * in those slots, one lane per 64-byte line, which made the hybrid several times slower; the
 * scalar half alone, unrolled, was slower than opt64 too. In the loop the scalar half alone
 * runs as fast as opt64 and the vector half alone a little slower than avx512-x8 (the
 * loop-carried lanes cost some register copies).
 */
__attribute__((noinline)) static void hy_rounds(kf_v *s, uint64_t *t, const uint64_t *rc,
                                                const uint64_t *end)
{
    KF_LANE_LIST(KF_HY_VLOAD_LANE)
    PERMUTE_LOCALS
    LANES(A, KF_HY_SLOAD_LANE)
    PARITY(A)
    for (; rc < end; rc += 2) {
        KF_HY_ROUND2(0)
    }
    KF_LANE_LIST(KF_HY_VSTORE_LANE)
    LANES(A, KF_HY_SSTORE_LANE)
}

/* One round with constant rc[0] on both halves (the first round when nr is odd). */
__attribute__((noinline)) static void hy_round1(kf_v *s, uint64_t *t, const uint64_t *rc)
{
    KF_LANE_LIST(KF_HY_VLOAD_LANE)
    PERMUTE_LOCALS
    LANES(A, KF_HY_SLOAD_LANE)
    PARITY(A)
    KF_ROUND(0)
    ROUND(A, E, rc[0])
    KF_LANE_LIST(KF_HY_VSTORE_LANE)
    LANES(E, KF_HY_SSTORE_LANE)
}

/* Keccak-p[1600, nr] on all NV + 1 states: the last nr rounds of Keccak-f (FIPS 202 §3.3),
 * one single round first when nr is odd, then pairs. */
static void hy_permute(void *states, unsigned nr)
{
    kf_v *s = (kf_v *)states;
    uint64_t *t = (uint64_t *)states + KF_HY_SCALAR_WORD;
    if (nr < 1 || nr > 24) return;
    const uint64_t *rc = kf_keccak_rc + 24 - nr;
    if (nr & 1) hy_round1(s, t, rc++);
    if (rc < kf_keccak_rc + 24) hy_rounds(s, t, rc, kf_keccak_rc + 24);
}

static void hy_init(void *states)
{
    memset(states, 0, KF_HY_STATE_BYTES);
}

/* Byte operations: instances 0..NV-1 in the interleaved part, instance NV in the plain
 * part (a one-instance interleaving, so the same helpers serve it). */
static void hy_add_bytes(void *states, unsigned i, const uint8_t *in, size_t offset, size_t len)
{
    if (i < KF_HY_NV) kf_xn_add_bytes(states, KF_HY_NV, i, in, offset, len);
    else kf_xn_add_bytes((uint64_t *)states + KF_HY_SCALAR_WORD, 1, 0, in, offset, len);
}

static void hy_overwrite_bytes(void *states, unsigned i, const uint8_t *in, size_t offset, size_t len)
{
    if (i < KF_HY_NV) kf_xn_overwrite_bytes(states, KF_HY_NV, i, in, offset, len);
    else kf_xn_overwrite_bytes((uint64_t *)states + KF_HY_SCALAR_WORD, 1, 0, in, offset, len);
}

static void hy_extract_bytes(const void *states, unsigned i, uint8_t *out, size_t offset, size_t len)
{
    if (i < KF_HY_NV) kf_xn_extract_bytes(states, KF_HY_NV, i, out, offset, len);
    else kf_xn_extract_bytes((const uint64_t *)states + KF_HY_SCALAR_WORD, 1, 0, out, offset, len);
}

/* For every instance: xor one block of rate bytes from in[i], then permute all of them. */
static size_t hy_absorb_blocks(void *states, unsigned nr, size_t rate, const uint8_t *const *in, size_t len)
{
    uint64_t *t = (uint64_t *)states + KF_HY_SCALAR_WORD;
    size_t lanes = rate / 8, done = 0;
    if (lanes == 0 || lanes > 25) return 0;
    for (; len - done >= rate; done += rate) {
        KF_HY_XOR_BLOCK_VEC((kf_v *)states, in, done, lanes);
        for (size_t j = 0; j < lanes; j++) {
            uint64_t v;
            memcpy(&v, in[KF_HY_NV] + done + 8 * j, 8); /* x86-64: little endian */
            t[j] ^= v;
        }
        hy_permute(states, nr);
    }
    return done;
}

#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_xn_xof_avx512.h - kf_backend_xn.xof for the AVX-512 batched backends (avx512-x8 on
 * zmm; written for any N whose lanes fit the 32 vector registers): up to N whole sponges with
 * inputs of one length, squeezed for any
 * number of bytes, the 25 lanes in registers (a00 .. a44) from the first block in to the last
 * block out. What it saves against the sponge in memory (kf_sponge_xn's general path): the
 * state's stores and loads around every permutation, extract_bytes' per-instance copies of
 * every output block, and the state's clearing and wiping. ML-DSA's ExpandA (k l SHAKE128
 * streams of 840 bytes), ExpandS and ExpandMask (SHAKE256) and the batched XOF API take it.
 * avx2-x4 has its own (keccak_p1600_x4_avx2.c: 16 ymm registers, the lanes half on the stack).
 * An avx512vl-x4 instantiation (ymm, the rounds as a two-round loop) was tried on Zen 4 and
 * left out: bench_mldsa_ab read the same ratios with and without it (ML-DSA's l = 4 masks go
 * to x8 two attempts at a time; docs/BENCHMARK_HISTORY.md, "avx512-x8's xof").
 *
 * One copy of the rounds: each pass of the loop takes one block in (a whole one, or the padded
 * last one) or gives one out, then permutes. Every lane index below is a constant once the
 * lane macros are expanded, so the lanes stay named variables (no array the compiler would keep
 * in memory); the last block's partial lane goes to lane ft (a run-time index) through a
 * masked move per lane instead of a switch.
 *
 * The including file includes keccak_p1600_avx512_rounds.h and keccak_xn_absorb.h, and defines
 * before including this header either KF_XN_XOF_ZMM (N = 8 on zmm registers: this header
 * then defines everything below but XN_SIDE_PERMUTE, with twelve rounds unrolled as in
 * avx512-x8's x8_rounds12, run once or twice per block) or:
 *   N                      the instances per call (4 or 8)
 *   kf_v, KF_XOR           the vector type of one lane of the N states and its xor
 *   XN_ZERO()              the all-zero vector
 *   XN_SET1(w)             every element the 64-bit word w
 *   XN_LOADU(p)            N words from p (unaligned)
 *   XN_MASKZ(c, v)         v where c is 1, zero where c is 0 (a run-time condition)
 *   XN_LOAD_ROWS(r, p, k)  r[i] = the first k <= N words at p[i], the rest zero (masked loads)
 *   XN_TRANSPOSE(r)        the N x N transposition of 64-bit words (keccak_xn_absorb.h)
 *   XN_STOREU(p, v)        N words to p; XN_STORE_WORDS(p, k, v): the first k words of v to p
 *   XN_ROUNDS(nr)          Keccak-p[1600, nr] on a00 .. a44 (nr 12 or 24)
 * and, for a side state (kf_xn_side: avx512-x9's xof_side), optionally
 *   XN_SIDE_PERMUTE(nr, lanes25)  Keccak-p[1600, nr] on a00 .. a44 and on the 25 plain lanes
 *                          at lanes25 at once (the scalar/SIMD hybrid's rounds)
 * and gets xn_xof_body (always_inline: the including file instantiates it for constant rates
 * and round counts) and xn_xof_burn_stack.
 */
#ifndef KF_KECCAK_XN_XOF_AVX512_H
#define KF_KECCAK_XN_XOF_AVX512_H

#include "keccak/keccak_lanes64.h" /* kf_lanes64_tail */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef KF_XN_XOF_ZMM
#define XN_ZERO()                _mm512_setzero_si512()
#define XN_SET1(w)               _mm512_set1_epi64((long long)(w))
#define XN_LOADU(p)              _mm512_loadu_si512((const void *)(p))
#define XN_MASKZ(c, v)           _mm512_maskz_mov_epi64((__mmask8)(0u - (unsigned)(c)), (v))
#define XN_LOAD_ROWS(r, p, k) \
    { \
        const __mmask8 m_ = (__mmask8)((1u << (k)) - 1); \
        for (unsigned i_ = 0; i_ < N; i_++) (r)[i_] = _mm512_maskz_loadu_epi64(m_, (p)[i_]); \
    }
#define XN_TRANSPOSE(r)          kf_xn_transpose8(r)
#define XN_STOREU(p, v)          _mm512_storeu_si512((void *)(p), (v))
#define XN_STORE_WORDS(p, k, v)  _mm512_mask_storeu_epi64((void *)(p), (__mmask8)((1u << (k)) - 1), (v))
#define XN_ROUNDS(nr) \
    for (const uint64_t *rc = kf_keccak_rc + 24 - (nr); rc < kf_keccak_rc + 24; rc += 12) { \
        KF_AVX512_ROUNDS12 \
    }
#endif

/* lane j = x + 5y is the variable a<x><y> */
#define XN_LANE_VARS(X) \
    X(0, a00) X(1, a10) X(2, a20) X(3, a30) X(4, a40) X(5, a01) X(6, a11) X(7, a21) X(8, a31) \
    X(9, a41) X(10, a02) X(11, a12) X(12, a22) X(13, a32) X(14, a42) X(15, a03) X(16, a13) \
    X(17, a23) X(18, a33) X(19, a43) X(20, a04) X(21, a14) X(22, a24) X(23, a34) X(24, a44)

/* rows r[i] of N words from src[i] + off + 8 N g, lanes past nl zero, transposed: r[t] = lane
 * N g + t of the N blocks */
static inline __attribute__((always_inline)) void xn_xof_load(kf_v r[N], const uint8_t *const *src, size_t off,
                                                              size_t nl, unsigned g)
{
    const size_t k = nl <= (size_t)N * g ? 0 : nl - (size_t)N * g < N ? nl - (size_t)N * g : N;
    const uint8_t *p[N];
    for (unsigned i = 0; i < N; i++) p[i] = src[i] + off + (size_t)8 * N * g;
    XN_LOAD_ROWS(r, p, k);
    XN_TRANSPOSE(r);
}

/* r[t] = lane N g + t of the states: bytes 8 N g .. take - 1 of this output block to out[i] +
 * 8 N g for the first count instances (whole vectors plainly, the last part of a block as
 * whole words and one partial word) */
static inline __attribute__((always_inline)) void xn_xof_store(kf_v r[N], uint8_t *const *out, size_t take,
                                                               unsigned g, unsigned count)
{
    const size_t at = (size_t)8 * N * g;
    if (at >= take) return;
    const size_t bytes = take - at < (size_t)8 * N ? take - at : (size_t)8 * N, whole = bytes / 8;
    XN_TRANSPOSE(r); /* r[i] = lanes N g .. N g + N - 1 of instance i */
    for (unsigned i = 0; i < N && i < count; i++) {
        if (bytes == (size_t)8 * N) {
            XN_STOREU(out[i] + at, r[i]);
            continue;
        }
        if (whole) XN_STORE_WORDS(out[i] + at, whole, r[i]);
        if (bytes % 8) {
            uint64_t w[N];
            XN_STOREU(w, r[i]);
            memcpy(out[i] + at + 8 * whole, &w[whole], bytes % 8);
        }
    }
}

/* the block's lanes 0 .. nl - 1 (nl <= lanes) from src[i] + off xored in, N lanes a load */
#define XN_XOF_ABSORB_LANE(j, var) \
    if ((j) < lanes) { \
        if ((j) % N == 0) xn_xof_load(r_, src, off_, nl_, (j) / N); \
        var = KF_XOR(var, r_[(j) % N]); \
    }
#define XN_XOF_ABSORB(off, nl) \
    { \
        const size_t off_ = (off), nl_ = (nl); \
        kf_v r_[N]; \
        XN_LANE_VARS(XN_XOF_ABSORB_LANE) \
    }
/* the last block's partial lane (with the suffix) into lane ft, pad10*1's last bit into lane
 * lanes - 1 */
#define XN_XOF_PAD_LANE(j, var) \
    if ((j) < lanes) var = KF_XOR(var, XN_MASKZ((j) == ft, last)); \
    if ((j) == lanes - 1) var = KF_XOR(var, XN_SET1((uint64_t)0x80 << 56));
/* the output block's first take bytes, N lanes a store */
#define XN_XOF_OUT_LANE(j, var) \
    if ((j) < lanes) { \
        if ((j) % N == 0) \
            for (unsigned t_ = 0; t_ < N; t_++) r_[t_] = XN_ZERO(); \
        r_[(j) % N] = var; \
        if ((j) % N == N - 1 || (j) == lanes - 1) xn_xof_store(r_, o, take, (j) / N, count); \
    }

/* s0: NULL for sponges from the start, or the N states (interleaved, keccak_xn_lanes.h) after
 * whole blocks the caller absorbed itself; in[i][0 .. len) is then the rest of the input.
 * side (only where XN_SIDE_PERMUTE is defined; else NULL): before each permutation while
 * side->blocks > 0, one block of side->in is xored into side->lanes and that state permuted
 * with the others (kf_xn_side, keccak_backend.h). */
static inline __attribute__((always_inline)) void xn_xof_body(unsigned nr, size_t lanes, uint8_t suffix,
                                                              const uint8_t *const *in, size_t len, unsigned count,
                                                              uint8_t *const *out, size_t outlen, const kf_v *s0,
                                                              kf_xn_side *side)
{
    const size_t rate = 8 * lanes;
    size_t done = 0, produced = 0;
    int absorbing = 1;
    const uint8_t *src[N]; /* an idle instance reads the first one's input */
    for (unsigned i = 0; i < N; i++) src[i] = in[i < count ? i : 0];
#define XN_START_LANE(j, var) kf_v var = s0 ? s0[j] : XN_ZERO();
    XN_LANE_VARS(XN_START_LANE)
#undef XN_START_LANE
    for (;;) {
        if (absorbing && len - done >= rate) {
            XN_XOF_ABSORB(done, lanes)
            done += rate;
        } else if (absorbing) {
            /* the last block: tail = len - done < rate bytes, ft whole lanes and r8 bytes */
            const size_t tail = len - done, ft = tail / 8, r8 = tail % 8;
            if (ft) XN_XOF_ABSORB(done, ft)
            kf_v last = XN_SET1((uint64_t)suffix << (8 * r8));
            if (r8) {
                uint64_t t[N];
                for (unsigned i = 0; i < N; i++) t[i] = kf_lanes64_tail(src[i] + done + 8 * ft, r8, done + 8 * ft);
                last = KF_XOR(last, XN_LOADU(t));
            }
            XN_LANE_VARS(XN_XOF_PAD_LANE)
            absorbing = 0;
        } else {
            const size_t take = outlen - produced < rate ? outlen - produced : rate;
            uint8_t *o[N];
            kf_v r_[N];
            for (unsigned i = 0; i < N; i++) o[i] = i < count ? out[i] + produced : NULL;
            XN_LANE_VARS(XN_XOF_OUT_LANE)
            produced += take;
            if (produced >= outlen) break;
        }
#ifdef XN_SIDE_PERMUTE
        if (side && side->blocks) {
            for (size_t j = 0; j < side->rate / 8; j++) side->lanes[j] ^= kf_load64_le(side->in + 8 * j);
            side->in += side->rate;
            side->blocks--;
            XN_SIDE_PERMUTE(nr, side->lanes);
            continue;
        }
#else
        (void)side;
#endif
        XN_ROUNDS(nr);
    }
}

/* The stack below the caller's frame zeroed, where the body that just returned kept what it
 * spilled (a secret stream's seed words among them before the first permutation): 4 KB, more
 * than any instantiation's frame (GCC 12, objdump -d: x8's largest is `sub $0x8c8, %rsp`,
 * 2,248 bytes, x8_xof_12_21's). */
__attribute__((noinline)) static void xn_xof_burn_stack(void)
{
    _Alignas(64) uint8_t pad[4096];
    memset(pad, 0, sizeof pad);
    __asm__ __volatile__("" : : "r"(pad) : "memory"); /* the stores are not dead */
}

#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_opt64.c - Keccak-p[1600, nr] in portable 64-bit C, unrolled for speed.
 *
 * State format: the same plain lanes as `ref` (25 uint64_t, lane x + 5y, native integers;
 * on a little-endian host the 200 bytes in memory are exactly the FIPS 202 byte order).
 *
 * How the rounds are computed (FIPS 202 §3.2 and §3.3, Algorithm 7):
 *   - One round is written out in full: theta, rho and pi are applied lane by lane while
 *     gathering one output row (plane y) of five lanes, then chi and iota produce that row.
 *     Pi is not a data movement: it only decides which input lane feeds which position.
 *   - Theta's column parities C[x] for the NEXT round are accumulated while the chi outputs
 *     of this round are written, so no round re-reads its input just to compute them.
 *   - Rounds alternate between two sets of 25 local variables, A.. -> E.. -> A.., so a pair of
 *     rounds is one loop iteration and no lane is ever copied.
 *   - Written as ~a & b and (v << n) | (v >> (64 - n)) with constant n, so a compiler
 *     targeting BMI1/BMI2 emits andn and rorx (three-operand, no extra moves); elsewhere
 *     these are the plain not/and and rotate instructions.
 * The same source is compiled twice: as `opt64` for any 64-bit CPU, and (x86-64 only) by
 * keccak_p1600_opt64_bmi2.c as `opt64-bmi2` with BMI1/BMI2 code generation.
 *
 * Speed is set by how the compiler allocates 50 lane variables to 15 registers, not by the
 * operation count (130 ALU operations per round, the minimum for this formulation). On x86-64
 * with GCC 12 the build adds -fno-schedule-insns2: GCC's post-allocation scheduler makes this
 * loop slower on Zen 4, and full unrolling of all 24 rounds was slower than the two-round
 * loop (docs/BENCHMARK_HISTORY.md, "opt64 loop").
 */
#include "keccak_backend.h"
#include "keccak_constants.h"
#include "keccak_lanes64.h"

#include <string.h>

#ifndef KF_OPT64_BACKEND
#define KF_OPT64_BACKEND kf_backend_opt64
#endif
#ifndef KF_OPT64_NAME
#define KF_OPT64_NAME "opt64"
#endif
#ifndef KF_OPT64_REQUIRES
#define KF_OPT64_REQUIRES 0
#endif
#ifndef KF_OPT64_RANK
#include <stdint.h>
#if UINTPTR_MAX > 0xFFFFFFFFu
#define KF_OPT64_RANK 10
#else
#define KF_OPT64_RANK 0 /* on a 32-bit core the bit-interleaved opt32bi is the portable choice */
#endif
#endif

/* The state's lanes and its byte operations are the plain-lanes helpers shared with the
 * other plain-lanes backends (keccak_lanes64.h). */

/* ---- The permutation ----------------------------------------------------------------- */

/* The rounds as macros (shared with the x86-64 scalar/SIMD hybrids). */
#include "keccak_opt64_rounds.h"

/* Lane (x, y) of set P from / to the state in memory. */
#define LOAD_LANE(P, x, y) P##x##y = kf_lanes64_get(st, (x) + 5 * (y));
#define STORE_LANE(P, x, y) kf_lanes64_put(st, (x) + 5 * (y), P##x##y);

static void opt64_permute(void *state, unsigned nr)
{
    uint8_t *st = (uint8_t *)state;
    PERMUTE_LOCALS
    LANES(A, LOAD_LANE)
    PERMUTE_A(nr);
    LANES(A, STORE_LANE)
}

/*
 * Fused absorb: the state stays in the A locals across blocks. The first rate/8 lanes of
 * each block are xored in (lane i = x + 5y from input bytes 8i .. 8i+7), highest lane
 * first so that one switch with fall-through serves every rate.
 */
#define XOR_IN(P, x, y) P##x##y ^= kf_load64_le(in + 8 * ((x) + 5 * (y)));
/* Cases 23 .. 2 of both fall-through switches (XOR_IN_RATE here, XOR_IN_FULL for oneblock):
 * case n xors lane n - 1 and falls through. Each fall-through comment stands just before a
 * case label in the same macro (GCC's -Wimplicit-fallthrough reads it there only). */
#define XOR_IN_CASES_23_TO_2 \
    /* fall through */ \
    case 23: XOR_IN(A, 2, 4) /* fall through */ \
    case 22: XOR_IN(A, 1, 4) /* fall through */ \
    case 21: XOR_IN(A, 0, 4) /* fall through */ \
    case 20: XOR_IN(A, 4, 3) /* fall through */ \
    case 19: XOR_IN(A, 3, 3) /* fall through */ \
    case 18: XOR_IN(A, 2, 3) /* fall through */ \
    case 17: XOR_IN(A, 1, 3) /* fall through */ \
    case 16: XOR_IN(A, 0, 3) /* fall through */ \
    case 15: XOR_IN(A, 4, 2) /* fall through */ \
    case 14: XOR_IN(A, 3, 2) /* fall through */ \
    case 13: XOR_IN(A, 2, 2) /* fall through */ \
    case 12: XOR_IN(A, 1, 2) /* fall through */ \
    case 11: XOR_IN(A, 0, 2) /* fall through */ \
    case 10: XOR_IN(A, 4, 1) /* fall through */ \
    case 9:  XOR_IN(A, 3, 1) /* fall through */ \
    case 8:  XOR_IN(A, 2, 1) /* fall through */ \
    case 7:  XOR_IN(A, 1, 1) /* fall through */ \
    case 6:  XOR_IN(A, 0, 1) /* fall through */ \
    case 5:  XOR_IN(A, 4, 0) /* fall through */ \
    case 4:  XOR_IN(A, 3, 0) /* fall through */ \
    case 3:  XOR_IN(A, 2, 0) /* fall through */ \
    case 2:  XOR_IN(A, 1, 0)
#define XOR_IN_RATE(n) \
    switch (n) { \
    case 25: XOR_IN(A, 4, 4) /* fall through */ \
    case 24: XOR_IN(A, 3, 4) \
    XOR_IN_CASES_23_TO_2 \
    /* fall through */ \
    default: XOR_IN(A, 0, 0) \
    }

#if defined(__FRAMAC__) && defined(KF_PROOF_XOR_SWITCH)
/* Frama-C only, where the proof unit preincludes proofs/opt64_rounds_shim.h: the switch proved
 * here on its own for every n in 1..25 (it reads in[0 .. 8n - 1] only), then in
 * opt64_absorb_blocks taken by the shim's kf_proof_xor_in_rate, the same precondition (WP would
 * carry every later goal through each of the switch's 25 paths). A compiler never sees this. */
/*@ requires kf_proof_xor_in_rate_pre(in, n); */
static void opt64_proof_xor_in_rate(const uint8_t *in, size_t n)
{
    PERMUTE_LOCALS
    LANES(A, KF_PROOF_ZERO_LANE)
    XOR_IN_RATE(n);
}
#undef XOR_IN_RATE
#define XOR_IN_RATE(n) KF_PROOF_XOR_SWITCH(kf_proof_xor_in_rate(in, (n)))
#endif

/* (ACSL) a ghost lemma function, proved alone: CVC4 finds b r mod r = 0 when nothing else is in
 * the context, not at kf_whole_blocks below (rate mod 8 there too; timed out, session 49) */
/*@ ghost
  /@ requires r > 0;
     assigns \nothing;
     ensures (b * r) % r == 0; @/
  static void opt64_mul_mod(size_t b, size_t r) { }
*/

/*@ requires \valid((uint8_t *)state + (0 .. 199));
    requires 1 <= nr <= 24;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint8_t *)state)[0 .. 199];
    ensures \result <= len;
    ensures rate != 0 ==> \result % rate == 0; */
static size_t opt64_absorb_blocks(void *state, unsigned nr, size_t rate, const uint8_t *in,
                                  size_t len)
{
    uint8_t *st = (uint8_t *)state;
    size_t done = 0;
    /*@ ghost size_t blocks = 0; */
    if (rate == 0 || rate > KF_STATE_BYTES || rate % 8 != 0 || len < rate) return 0;
    PERMUTE_LOCALS
    LANES(A, LOAD_LANE)
    /*@ loop invariant done <= len && done == blocks * rate && in == \at(in, Pre) + done;
        loop assigns in, done, blocks,
                     A00, A10, A20, A30, A40, A01, A11, A21, A31, A41, A02, A12, A22, A32, A42,
                     A03, A13, A23, A33, A43, A04, A14, A24, A34, A44;
        loop variant len - done; */
    while (len - done >= rate) {
        XOR_IN_RATE(rate / 8);
        PERMUTE_A(nr);
        in += rate;
        done += rate;
        /*@ ghost blocks++; */
    }
    /*@ ghost opt64_mul_mod(blocks, rate); */
    /*@ assert kf_whole_blocks: done % rate == 0; */
    LANES(A, STORE_LANE)
    return done;
}

/*
 * The oneblock operation (keccak_backend.h) with the lanes in the A locals from the message to
 * the output (issue 35): the padded block is formed in the lanes themselves - zero, the whole
 * message lanes xored in by the absorb's fall-through switch, the last partial lane with the
 * suffix (`tail`) and the final bit of pad10*1 each by a switch on its lane - then the rounds,
 * then the first outlen bytes straight from the lanes. No state in memory: no zeroing before
 * and no wipe after (GCC 12 compiled the 200-byte memsets of KF_LANES64_DEFINE_ONEBLOCK into
 * two `rep stosq` in this file, about half of the ~130 ticks such a call took over the bare
 * permutation), no store of the lanes after the rounds and no reload for the output. Where
 * the compiler spills lanes during the rounds, it spills them as it does in opt64_permute.
 * Portable: on a big-endian host kf_load64_le and the output loop below convert the bytes.
 */
#define ZERO_LANE(P, x, y) P##x##y = 0;
/* case j: lane j ^= v (the lane holding the suffix, or the last lane of the block) */
#define CASE_XOR(P, x, y) case (x) + 5 * (y): P##x##y ^= v_; break;
#define XOR_AT(j, v) \
    do { \
        const uint64_t v_ = (v); \
        switch (j) { LANES(A, CASE_XOR) default: break; } \
    } while (0)
/* full < 24 (len < rate < 200): case n xors lanes n - 1 .. 0 */
#define XOR_IN_FULL(n) \
    switch (n) { \
    XOR_IN_CASES_23_TO_2 \
    /* fall through */ \
    case 1:  XOR_IN(A, 0, 0) /* fall through */ \
    default: break; \
    }

#if defined(__FRAMAC__) && defined(KF_PROOF_XOR_SWITCH)
/* Frama-C only, as opt64_proof_xor_in_rate above: oneblock's switches proved on their own
 * (XOR_IN_FULL reads in[0 .. 8n - 1] only, for every n <= 23; XOR_AT touches no memory), then
 * taken by the shim's kf_proof_xor_in_full (the same precondition) and by its arguments alone. */
/*@ requires kf_proof_xor_in_full_pre(in, n); */
static void opt64_proof_xor_in_full(const uint8_t *in, size_t n)
{
    PERMUTE_LOCALS
    LANES(A, KF_PROOF_ZERO_LANE)
    XOR_IN_FULL(n);
}
static void opt64_proof_xor_at(size_t j, uint64_t v)
{
    PERMUTE_LOCALS
    LANES(A, KF_PROOF_ZERO_LANE)
    XOR_AT(j, v);
}
#undef XOR_IN_FULL
#define XOR_IN_FULL(n) KF_PROOF_XOR_SWITCH(kf_proof_xor_in_full(in, (n)))
#undef XOR_AT
#define XOR_AT(j, v) KF_PROOF_XOR_SWITCH(((void)(j), (void)(v)))
#endif
/* output lane j = at / 8 (value v): the whole lane, or its first n < 8 bytes (then the last lane
 * to go out) */
#define OUT_LANE_AT(at, v) \
    if ((at) < outlen) { \
        const size_t at_ = (at), n_ = outlen - at_; \
        if (n_ >= 8) kf_store64_le(out + at_, (v)); \
        else kf_store_partial_le(out + at_, (v), n_); \
    }
#if defined(__FRAMAC__) && defined(KF_PROOF_XOR_SWITCH)
/* Frama-C only, as the switches above: one output lane's conditional store proved on its own
 * for every at and v, then taken in opt64_oneblock by the shim's kf_proof_out_lane (the same
 * contract; WP carried every later goal through both paths of each of the 25). */
/*@ requires kf_proof_out_lane_pre(out, outlen);
    assigns out[0 .. outlen - 1]; */
static void opt64_proof_out_lane(uint8_t *out, size_t outlen, size_t at, uint64_t v)
{
    OUT_LANE_AT(at, v)
}
#undef OUT_LANE_AT
#define OUT_LANE_AT(at, v) ((void)(at), (void)(v), kf_proof_out_lane(out, outlen));
#endif
#define OUT_LANE(P, x, y) OUT_LANE_AT(8 * ((x) + 5 * (y)), P##x##y)

/*@ requires 8 <= rate <= 192 && 1 <= nr <= 24 && len < rate && outlen <= rate;
    requires \valid_read(in + (0 .. len - 1)) && \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1]; */
static void opt64_oneblock(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *in, size_t len, uint8_t *out,
                           size_t outlen)
{
    PERMUTE_LOCALS
    const size_t full = len / 8, r = len % 8;
    uint64_t tail = (uint64_t)suffix << (8 * r);
    if (r) tail |= kf_lanes64_tail(in + 8 * full, r, 8 * full);
    LANES(A, ZERO_LANE)
    XOR_IN_FULL(full);
    XOR_AT(full, tail);
    XOR_AT(rate / 8 - 1, (uint64_t)0x80 << 56);
    PERMUTE_A(nr);
    LANES(A, OUT_LANE)
}

const kf_backend KF_OPT64_BACKEND = {
    .name = KF_OPT64_NAME,
    .requires = KF_OPT64_REQUIRES,
    .rank = KF_OPT64_RANK,
    .init = kf_lanes64_init,
    .add_bytes = kf_lanes64_add_bytes,
    .overwrite_bytes = kf_lanes64_overwrite_bytes,
    .extract_bytes = kf_lanes64_extract_bytes,
    .permute = opt64_permute,
    .absorb_blocks = opt64_absorb_blocks,
    .oneblock = opt64_oneblock,
};

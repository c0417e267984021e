/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_x4_avx2.c - four Keccak-p[1600, nr] states at once with AVX2 (ymm), for
 * x86-64 CPUs without AVX-512. Compile with -mavx2 only; dispatch calls it only on CPUs
 * (and OSes) with AVX2.
 *
 * State format: lane j of instance i is the 64-bit word 4j + i (keccak_xn_lanes.h), so
 * one ymm vector holds lane j of all four states; 25 x 32 = 800 bytes.
 *
 * The round is written like the portable opt64 backend, one vector per lane (FIPS 202 §3.2):
 *   - theta (Algorithm 1): the column parities C[x] of the next round are accumulated while
 *     chi writes each output row, so no round re-reads its lanes for them; D[x] =
 *     C[x-1] ^ rot(C[x+1], 1), where the rotation by 1 shifts left with vpaddq, which every
 *     vector ALU runs;
 *   - theta's xor with D, rho (Algorithm 2) and pi (Algorithm 3) lane by lane while gathering
 *     one output row; AVX2 has no rotation, so rho is two shifts and an or with the offsets
 *     of keccak_constants.h as immediates, or one vpshufb for the two offsets that are whole
 *     bytes (8 and 56);
 *   - chi (Algorithm 4) with vpandn + vpxor, and iota (Algorithm 6).
 * Rounds alternate between two sets of 25 variables, A -> E -> A, two rounds per loop
 * iteration. 16 ymm registers cannot hold 25 lanes, so the compiler keeps most lanes on the
 * stack and reads them as memory operands: about 30 stores and 45 loads per round beside
 * ~190 vector operations, whose issue alone bounds the permutation; the loads, stores and
 * dependences add about a fifth (docs/BENCHMARK_HISTORY.md, "What bounds the batched backends").
 * Built with -fno-schedule-insns2 under GCC, like the other SIMD backends. The rounds are
 * macros in keccak_p1600_avx2_rounds.h, shared with the oneblock operation
 * (keccak_xn_oneblock_avx2.c).
 */
#include "keccak/keccak_backend.h"
#include "keccak/keccak_constants.h"
#include "keccak_xn_absorb.h"
#include "keccak/keccak_xn_lanes.h"

#include "keccak/keccak_lanes64.h" /* kf_lanes64_tail */

#include <immintrin.h>
#include <string.h>

#define N 4

#include "keccak_p1600_avx2_rounds.h"

/* Keccak-p[1600, nr] (FIPS 202 §3.3) on the four states in memory. */
static void x4_permute(void *states, unsigned nr)
{
    __m256i *s = (__m256i *)states;
    if (nr < 1 || nr > 24) return;
    KF_X4_ROL_CONSTS
    KF_X4_LOCALS
#define LOAD(x, y) A##x##y = s[(x) + 5 * (y)];
    LANES(LOAD)
#undef LOAD
    KF_X4_PERMUTE_A(nr);
#define STORE(x, y) s[(x) + 5 * (y)] = A##x##y;
    LANES(STORE)
#undef STORE
}

KF_XN_DEFINE_BYTE_OPS(x4, N)

/* kf_backend_xn.permute_from (SLH-DSA's hash chains, issue 35): each lane loaded from the
 * template or from the states' own lanes (a conditional pointer per lane, beside the load)
 * straight into the rounds, stored once at the end: no copy of the state assembled in memory
 * first (the generic path's memmove and two memcpy calls, whose stores the permutation's
 * loads then wait on). Every lane is read before any is written, so src and dst may overlap. */
static void x4_permute_from(void *states, const void *tmpl, unsigned dst, unsigned src, unsigned cnt, unsigned nr)
{
    __m256i *s = (__m256i *)states;
    const __m256i *t = (const __m256i *)tmpl;
    if (nr < 1 || nr > 24 || dst + cnt > 25 || src + cnt > 25) return;
    KF_X4_ROL_CONSTS
    KF_X4_LOCALS
#define PICK(x, y) \
    A##x##y = *((unsigned)((x) + 5 * (y)) - dst < cnt ? s + src + (x) + 5 * (y) - dst : t + (x) + 5 * (y));
    LANES(PICK)
#undef PICK
    KF_X4_PERMUTE_A(nr);
#define STORE(x, y) s[(x) + 5 * (y)] = A##x##y;
    LANES(STORE)
#undef STORE
}

/* For every instance: xor one block of rate bytes (rate/8 lanes) from in[i] into the state
 * (keccak_xn_absorb.h), then permute. */
static size_t x4_absorb_blocks(void *states, unsigned nr, size_t rate, const uint8_t *const *in, size_t len)
{
    __m256i *s = (__m256i *)states;
    size_t lanes = rate / 8, done = 0;
    if (lanes == 0) return 0;
    for (; len - done >= rate; done += rate) {
        kf_xn_xor_block4_avx2(s, in, done, lanes);
        x4_permute(states, nr);
    }
    return done;
}

/*
 * The tree modes' leaves (kf_backend_xn.leaves; issue 35): four whole sponges, each in[i][0 ..
 * len) padded with suffix and pad10*1, squeezed for outlen <= rate bytes, with the 25 lanes in
 * the A variables from the first block to the output, as avx512-x8's fused leaf loop does:
 * each block goes from memory into the lanes through a 4x4 transpose per four lanes and is
 * xored into them where they are, the rounds inline (keccak_p1600_avx2_rounds.h), no state in
 * memory between blocks (before: a call of x4_absorb_blocks per leaf group, which xors each
 * block into the states in memory, then x4_permute, which loads and stores all 25 lanes). The
 * last block: its whole lanes through the same transpose, the partial lane and the suffix as
 * one vector, the final bit; the output by the reverse transpose. 16 ymm registers do not hold
 * 25 lanes, so the compiler keeps some of them in stack slots, as in x4_permute. Used for
 * rates 168 and 136 at 12 rounds (KT) and 24 rounds (ParallelHash, SHAKE leaves); other
 * parameter sets take x4_leaves_mem below.
 */

/* lane j = x + 5y is the variable A<x><y> */
#define X4_LANE_VARS(X) \
    X(0, A00) X(1, A10) X(2, A20) X(3, A30) X(4, A40) X(5, A01) X(6, A11) X(7, A21) X(8, A31) \
    X(9, A41) X(10, A02) X(11, A12) X(12, A22) X(13, A32) X(14, A42) X(15, A03) X(16, A13) \
    X(17, A23) X(18, A33) X(19, A43) X(20, A04) X(21, A14) X(22, A24) X(23, A34) X(24, A44)

/* Lanes 4g .. 4g+3 of the blocks at src[i] + off, transposed: r[t] = lane 4g + t of the four
 * inputs; lanes at or past nl are zero and not read (vpmaskmovq). */
static inline __attribute__((always_inline)) void
x4_load_group(__m256i r[N], const uint8_t *const *src, size_t off, size_t nl, unsigned g)
{
    size_t k = nl - 4 * g < 4 ? nl - 4 * g : 4;
    for (int i = 0; i < N; i++) {
        const void *p = src[i] + off + 32 * g;
        r[i] = k == 4 ? _mm256_loadu_si256((const __m256i *)p)
                      : _mm256_maskload_epi64((const long long *)p, kf_xn_mask4(k));
    }
    kf_xn_transpose4(r);
}

/* lanes 0 .. nl-1 (nl <= 25) of the blocks at src[i] + off xored into the lanes */
#define X4_XL(j, var) \
    if ((j) < nl_) var = XOR(var, r[(j) % 4]);
#define X4_ABSORB(src, off, nl) \
    { \
        const size_t nl_ = (nl); \
        __m256i r[N]; \
        x4_load_group(r, src, off, nl_, 0); \
        X4_XL(0, A00) X4_XL(1, A10) X4_XL(2, A20) X4_XL(3, A30) \
        if (nl_ > 4) { \
            x4_load_group(r, src, off, nl_, 1); \
            X4_XL(4, A40) X4_XL(5, A01) X4_XL(6, A11) X4_XL(7, A21) \
        } \
        if (nl_ > 8) { \
            x4_load_group(r, src, off, nl_, 2); \
            X4_XL(8, A31) X4_XL(9, A41) X4_XL(10, A02) X4_XL(11, A12) \
        } \
        if (nl_ > 12) { \
            x4_load_group(r, src, off, nl_, 3); \
            X4_XL(12, A22) X4_XL(13, A32) X4_XL(14, A42) X4_XL(15, A03) \
        } \
        if (nl_ > 16) { \
            x4_load_group(r, src, off, nl_, 4); \
            X4_XL(16, A13) X4_XL(17, A23) X4_XL(18, A33) X4_XL(19, A43) \
        } \
        if (nl_ > 20) { \
            x4_load_group(r, src, off, nl_, 5); \
            X4_XL(20, A04) X4_XL(21, A14) X4_XL(22, A24) X4_XL(23, A34) \
        } \
        if (nl_ > 24) { \
            x4_load_group(r, src, off, nl_, 6); \
            X4_XL(24, A44) \
        } \
    }

/* lane j (a variable index) ^= v */
#define X4_CASE_XOR(j, var) \
    case j: var = XOR(var, v_); break;
#define X4_XOR_AT(j, v) \
    { \
        const __m256i v_ = (v); \
        switch (j) { X4_LANE_VARS(X4_CASE_XOR) default: break; } \
    }

/* Lanes 4g .. 4g+3 of the four states (r[t] = lane 4g + t) to out[i] + 32g for the first
 * count instances, bytes 32g .. outlen - 1 of each; a whole group with plain 32-byte stores
 * (a vpmaskmovq store costs several times more on AMD cores). */
static inline __attribute__((always_inline)) void x4_store_group(__m256i r[N], uint8_t *const *out, size_t outlen,
                                                                 unsigned g, unsigned count)
{
    size_t bytes = outlen - 32 * g < 32 ? outlen - 32 * g : 32, whole = bytes / 8;
    kf_xn_transpose4(r); /* r[i] = lanes 4g .. 4g+3 of instance i */
    for (unsigned i = 0; i < N; i++) {
        if (i >= count) break;
        if (bytes == 32) {
            _mm256_storeu_si256((__m256i *)(void *)(out[i] + 32 * g), r[i]);
            continue;
        }
        if (whole) _mm256_maskstore_epi64((long long *)(void *)(out[i] + 32 * g), kf_xn_mask4(whole), r[i]);
        if (bytes % 8) { /* a last part of a lane */
            uint64_t w[N];
            _mm256_storeu_si256((__m256i *)(void *)w, r[i]);
            memcpy(out[i] + 32 * g + 8 * whole, &w[whole], bytes % 8);
        }
    }
}
#define X4_OUT(o, olen, cnt, g, v0, v1, v2, v3) \
    if (32 * (g) < (olen)) { \
        __m256i r[N] = {v0, v1, v2, v3}; \
        x4_store_group(r, o, olen, g, cnt); \
    }

static inline __attribute__((always_inline)) void
x4_leaves_body(unsigned nr, size_t lanes, uint8_t suffix, const uint8_t *const *in, size_t len, unsigned count,
               uint8_t *const *out, size_t outlen)
{
    const size_t rate = 8 * lanes;
    size_t done = 0, produced = 0;
    int absorbing = 1;
    const uint8_t *src[N]; /* an idle instance reads the first one's input */
    for (unsigned i = 0; i < N; i++) src[i] = in[i < count ? i : 0];
    KF_X4_ROL_CONSTS
    KF_X4_LOCALS
#define ZERO(x, y) A##x##y = _mm256_setzero_si256();
    LANES(ZERO)
#undef ZERO
    /* one copy of the rounds: each pass takes a block in (a whole one, or the last padded one)
     * or gives one out, then permutes */
    for (;;) {
        if (absorbing && len - done >= rate) {
            X4_ABSORB(src, done, lanes)
            done += rate;
        } else if (absorbing) {
            /* the last block: len - done < rate bytes, then the suffix and pad10*1's final bit */
            const size_t tail = len - done, ft = tail / 8, r8 = tail % 8;
            if (ft) X4_ABSORB(src, done, ft)
            __m256i last = _mm256_set1_epi64x((long long)((uint64_t)suffix << (8 * r8)));
            if (r8) {
                uint64_t t[N];
                for (int i = 0; i < N; i++) t[i] = kf_lanes64_tail(src[i] + done + 8 * ft, r8, done + 8 * ft);
                last = _mm256_or_si256(last, _mm256_loadu_si256((const __m256i *)(const void *)t));
            }
            X4_XOR_AT(ft, last)
            X4_XOR_AT(lanes - 1, _mm256_set1_epi64x((long long)((uint64_t)0x80 << 56)))
            absorbing = 0;
        } else {
            /* the next output block: its first min(rate, outlen - produced) bytes */
            const size_t take = outlen - produced < rate ? outlen - produced : rate;
            uint8_t *o[N];
            for (unsigned i = 0; i < N; i++) o[i] = i < count ? out[i] + produced : NULL;
            const __m256i z = _mm256_setzero_si256();
            X4_OUT(o, take, count, 0, A00, A10, A20, A30)
            X4_OUT(o, take, count, 1, A40, A01, A11, A21)
            X4_OUT(o, take, count, 2, A31, A41, A02, A12)
            X4_OUT(o, take, count, 3, A22, A32, A42, A03)
            X4_OUT(o, take, count, 4, A13, A23, A33, A43)
            X4_OUT(o, take, count, 5, A04, A14, A24, A34)
            X4_OUT(o, take, count, 6, A44, z, z, z)
            produced += take;
            if (produced >= outlen) break;
        }
        KF_X4_PERMUTE_A(nr);
    }
}

/* The body compiled for rates 168 (KT128, ParallelHash128) and 136 (KT256, ParallelHash256) at
 * 12 and 24 rounds, so the lane count and the round count are constants there. 24 rounds
 * (2026-11-24, AMD Zen 5 with the AVX2 backends forced, idle, bench_tree_ab, four runs):
 * ParallelHash128 0.97-0.98x and ParallelHash256 0.98-0.99x the time through x4_leaves_mem,
 * A/A within 0.8%, although
 * the round pair keeps more lanes in stack slots than x4_permute's (on a busy Intel host the
 * same change read 0.97-1.03x from run to run: docs/BENCHMARKS.md, "AVX2"). */
#define X4_LEAVES(name, NR, LANES_) \
    __attribute__((noinline)) static void name(uint8_t suffix, const uint8_t *const *in, size_t len, \
                                               unsigned count, uint8_t *const *out, size_t outlen) \
    { x4_leaves_body(NR, LANES_, suffix, in, len, count, out, outlen); }
X4_LEAVES(x4_leaves_12_21, 12, 21)
X4_LEAVES(x4_leaves_12_17, 12, 17)
X4_LEAVES(x4_leaves_24_21, 24, 21)
X4_LEAVES(x4_leaves_24_17, 24, 17)

/*
 * Every other parameter set (rates other than 168 and 136, round counts other than 12 and 24):
 * the state in a stack array, each block xored in (kf_xn_xor_block4_avx2) and permuted by
 * x4_permute, the last block and the output as above.
 */
__attribute__((noinline)) static void x4_leaves_mem(unsigned nr, size_t lanes, uint8_t suffix, const uint8_t *const *in,
                                                    size_t len, uint8_t *const *out, size_t outlen)
{
    const size_t rate = 8 * lanes;
    size_t done = 0;
    _Alignas(32) __m256i s[25];
    for (int j = 0; j < 25; j++) s[j] = _mm256_setzero_si256();
    for (; len - done >= rate; done += rate) {
        kf_xn_xor_block4_avx2(s, in, done, lanes);
        x4_permute(s, nr);
    }
    const size_t tail = len - done, ft = tail / 8, r8 = tail % 8;
    if (ft) kf_xn_xor_block4_avx2(s, in, done, ft);
    __m256i last = _mm256_set1_epi64x((long long)((uint64_t)suffix << (8 * r8)));
    if (r8) {
        uint64_t t[N];
        for (int i = 0; i < N; i++) t[i] = kf_lanes64_tail(in[i] + done + 8 * ft, r8, done + 8 * ft);
        last = _mm256_or_si256(last, _mm256_loadu_si256((const __m256i *)(const void *)t));
    }
    s[ft] = _mm256_xor_si256(s[ft], last);
    s[lanes - 1] = _mm256_xor_si256(s[lanes - 1], _mm256_set1_epi64x((long long)((uint64_t)0x80 << 56)));
    x4_permute(s, nr);
    for (unsigned g = 0; 32 * g < outlen; g++) {
        __m256i r[N];
        for (unsigned t = 0; t < N; t++) r[t] = 4 * g + t < 25 ? s[4 * g + t] : _mm256_setzero_si256();
        x4_store_group(r, out, outlen, g, N);
    }
    /* the states would give the leaves back (the permutation is invertible) */
    for (int j = 0; j < 25; j++) s[j] = _mm256_setzero_si256();
    __asm__ __volatile__("" : : "r"(s) : "memory");
}

/* The fused body for the parameter sets it is compiled for: 1 if it ran. */
static int x4_fused(unsigned nr, size_t lanes, uint8_t suffix, const uint8_t *const *in, size_t len, unsigned count,
                    uint8_t *const *out, size_t outlen)
{
    if (nr == 12 && lanes == 21) x4_leaves_12_21(suffix, in, len, count, out, outlen);
    else if (nr == 12 && lanes == 17) x4_leaves_12_17(suffix, in, len, count, out, outlen);
    else if (nr == 24 && lanes == 21) x4_leaves_24_21(suffix, in, len, count, out, outlen);
    else if (nr == 24 && lanes == 17) x4_leaves_24_17(suffix, in, len, count, out, outlen);
    else return 0;
    return 1;
}

static int x4_leaves(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,
                     uint8_t *const *out, size_t outlen)
{
    const size_t lanes = rate / 8;
    if (nr < 1 || nr > 24 || rate % 8 != 0 || lanes == 0 || lanes > 24 || outlen > rate) return 0;
    if (!x4_fused(nr, lanes, suffix, in, len, N, out, outlen)) x4_leaves_mem(nr, lanes, suffix, in, len, out, outlen);
    return 1;
}

/* The stack below the caller's frame zeroed, where the fused body that just returned kept the
 * lanes it spilled (its frame is about 1.3 KB: x4_leaves_24_21's `sub $0x528, %rsp` with GCC
 * 12). xof's streams are secrets in ML-DSA (ExpandS, ExpandMask): before the first permutation
 * a spilled lane is the seed itself (test_secret_residue found rho' there). */
__attribute__((noinline)) static void x4_burn_stack(void)
{
    _Alignas(32) __m256i pad[64]; /* 2 KB */
    const __m256i z = _mm256_setzero_si256();
    for (int i = 0; i < 64; i++) _mm256_store_si256(&pad[i], z);
    __asm__ __volatile__("" : : "r"(pad) : "memory"); /* the stores are not dead */
}

/* kf_backend_xn.xof: SHAKE128 / SHAKE256 (and the 12-round sets) squeezed for any length with
 * the lanes in registers from the first block to the last output byte: ML-DSA's ExpandA,
 * ExpandS and ExpandMask streams and the batched XOF calls, without the state in memory, the
 * per-instance byte copies of extract_bytes or the init and wipe of a stack array. The stack
 * wipe after a secret stream is about 150 ticks a call on Zen 3 (1-1.5% of ML-DSA's KeyGen
 * and Verify), so public streams (secret = 0) skip it. */
static int x4_xof(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len, unsigned count,
                  uint8_t *const *out, size_t outlen, int secret)
{
    if (count == 0 || count > N || rate % 8 != 0) return 0;
    if (!x4_fused(nr, rate / 8, suffix, in, len, count, out, outlen)) return 0;
    if (secret) x4_burn_stack();
    return 1;
}

/* kf_backend_xn.xof_side (keccak_backend.h) on four lanes: a group of four runs as xof above
 * with no side; a partial group of count % 4 streams carries the side state on its first
 * free lane, one side block xored in before each of the group's permutations while the side
 * has blocks (its lane is read back after the permutation of its last block, or after the
 * call's last). Where ML-DSA's ExpandA leaves lanes free (ML-DSA-65: 30 streams, the last
 * group of four has two), a permutation of tr = H(pk) rides there instead of running on x1.
 * The partial group's state stays in memory (byte operations above and x4_permute), not in
 * registers as in x4_leaves_body. */
static int x4_xof_side(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,
                       unsigned count, uint8_t *const *out, size_t outlen, int secret, kf_xn_side *side)
{
    const unsigned full = count / N * N, part = count - full, l = part; /* l: the side's lane */
    if (count == 0 || count > 2 * N || part == 0 || nr != 24 || (rate != 168 && rate != 136) || len >= rate ||
        side->rate % 8 != 0 || side->rate > 200)
        return 0;
    if (full && !x4_xof(nr, rate, suffix, in, len, full, out, outlen, secret)) return 0;
    _Alignas(32) uint64_t s[25 * N];
    memset(s, 0, sizeof s);
    const uint8_t pad[2] = {suffix, 0x80};
    for (unsigned i = 0; i < part; i++) {
        x4_add_bytes(s, i, in[full + i], 0, len);
        x4_add_bytes(s, i, &pad[0], len, 1);
        x4_add_bytes(s, i, &pad[1], rate - 1, 1);
    }
    for (unsigned j = 0; j < 25; j++) s[N * j + l] = side->lanes[j];
    int riding = side->blocks > 0;
    for (size_t produced = 0; produced < outlen;) {
        if (riding) {
            for (size_t j = 0; j < side->rate / 8; j++) s[N * j + l] ^= kf_load64_le(side->in + 8 * j);
            side->in += side->rate;
            side->blocks--;
        }
        x4_permute(s, nr);
        if (riding && side->blocks == 0) {
            for (unsigned j = 0; j < 25; j++) side->lanes[j] = s[N * j + l];
            riding = 0;
        }
        const size_t take = outlen - produced < rate ? outlen - produced : rate;
        for (unsigned i = 0; i < part; i++) x4_extract_bytes(s, i, out[full + i] + produced, 0, take);
        produced += take;
    }
    if (riding)
        for (unsigned j = 0; j < 25; j++) side->lanes[j] = s[N * j + l];
    memset(s, 0, sizeof s);
    __asm__ __volatile__("" : : "r"(s) : "memory"); /* the wipe is not dead */
    if (secret) x4_burn_stack();
    return 1;
}

const kf_backend_xn kf_backend_x4_avx2 = {
    .name = "avx2-x4",
    .requires = KF_CPU_AVX2,
    .rank = 20,
    .n = N,
    .state_bytes = 25 * N * 8,
    .interleaved = 1,
    .init = x4_init,
    .add_bytes = x4_add_bytes,
    .overwrite_bytes = x4_overwrite_bytes,
    .extract_bytes = x4_extract_bytes,
    .permute = x4_permute,
    .absorb_blocks = x4_absorb_blocks,
    .permute_from = x4_permute_from,
    .oneblock = kf_x4_oneblock_avx2,
    .leaves = x4_leaves,
    .xof = x4_xof,
    .xof_side = x4_xof_side,
};

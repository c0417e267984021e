/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_xn_oneblock_avx2.c - the oneblock operation of the avx2-x4 backend (the contract:
 * keccak_backend.h, kf_backend_xn.oneblock): up to four messages shorter than the rate, each
 * padded, permuted together and read out, as a level of a Merkle tree hashes its nodes (and
 * SLH-DSA its F, H and PRF calls on an AVX2-only host). Compile with -mavx2; dispatch calls it
 * only through avx2-x4, so only on AVX2 CPUs.
 *
 * Why not the generic path (sponge_xn.c, g_oneblock_words): that one writes the interleaved
 * state one 64-bit word at a time, and the permutation's first 256-bit load of each lane row
 * then finds four narrow stores in its way, which the store queue cannot forward: the load
 * waits for all of them to reach the cache. Here, as in avx512-x8's oneblock
 * (keccak_xn_oneblock_avx512.c), each row is built in a ymm register: vpmaskmovq loads of
 * whole message lanes, four lanes of one instance per load (masked-out elements are not read,
 * so nothing past a message is touched), a 4x4 transpose (keccak_xn_absorb.h), and each
 * instance's last lane (its last bytes and the suffix) merged by a compare mask. And further
 * (issue 35): the rows go straight into the rounds as their lane variables
 * (keccak_p1600_avx2_rounds.h), and the output comes from the lanes by the reverse transpose,
 * so the caller's states are never written (nothing of the messages is left in them to wipe);
 * the lanes the compiler spills during the rounds are spilled as in x4_permute.
 */
#include "keccak/keccak_backend.h"
#include "keccak/keccak_lanes64.h" /* kf_lanes64_tail */
#include "keccak_xn_absorb.h"      /* kf_xn_transpose4, kf_xn_mask4 */
#include "keccak_p1600_avx2_rounds.h"

#include <string.h>

#define N 4
#define KF_INLINE static inline __attribute__((always_inline))

/* Rows 4g .. 4g+3 of the padded blocks into row[4g ..] (g = 0 .. 6: with a constant g and the
 * loops unrolled, every index is a constant). F holds each instance's count of whole message
 * lanes (25 for an idle slot: none), L its lane F[i] (last bytes and suffix); p[i] its message
 * (a dummy for an instance with no whole lane, never read). */
KF_INLINE void build_rows(__m256i *row, size_t g, const uint8_t *const p[N], const size_t full[N], size_t msg_top,
                          __m256i F, __m256i L, size_t pad_row)
{
    __m256i r[N];
    if (4 * g < msg_top) {
#pragma GCC unroll 4
        for (unsigned i = 0; i < N; i++) {
            size_t k = full[i] > 4 * g ? full[i] - 4 * g : 0;
            r[i] = _mm256_maskload_epi64((const long long *)(const void *)(p[i] + (k ? 32 * g : 0)), kf_xn_mask4(k));
        }
        kf_xn_transpose4(r); /* r[t] = lane 4g+t of instances 0..3 */
    } else {
#pragma GCC unroll 4
        for (unsigned t = 0; t < N; t++) r[t] = _mm256_setzero_si256();
    }
#pragma GCC unroll 4
    for (unsigned t = 0; t < N; t++) {
        if (4 * g + t >= 25) break;
        /* the instances whose message ends in lane 4g+t get their last lane from L there (the
         * masked load left that element zero) */
        __m256i m = _mm256_cmpeq_epi64(F, _mm256_set1_epi64x((long long)(4 * g + t)));
        __m256i v = _mm256_or_si256(r[t], _mm256_and_si256(m, L));
        if (4 * g + t == pad_row) v = _mm256_xor_si256(v, _mm256_set1_epi64x((long long)((uint64_t)0x80 << 56)));
        row[4 * g + t] = v;
    }
}

/* Lanes 4g .. 4g+3 (row[4g ..]) of instances 0 .. count-1 to out[i] + 32g, bytes 32g ..
 * outlen-1 of each. */
KF_INLINE void extract_rows(const __m256i *row, size_t g, uint8_t *const out[], unsigned count, size_t outlen)
{
    __m256i r[N];
    size_t bytes = outlen - 32 * g < 32 ? outlen - 32 * g : 32, whole = bytes / 8;
#pragma GCC unroll 4
    for (unsigned t = 0; t < N; t++) r[t] = 4 * g + t < 25 ? row[4 * g + t] : _mm256_setzero_si256();
    kf_xn_transpose4(r); /* r[i] = lanes 4g .. 4g+3 of instance i */
#pragma GCC unroll 4
    for (unsigned i = 0; i < N; i++) {
        if (i >= count) break;
        if (whole) _mm256_maskstore_epi64((long long *)(void *)(out[i] + 32 * g), kf_xn_mask4(whole), r[i]);
        if (bytes % 8) { /* a last part of a lane (SHA3-224's 28 bytes) */
            uint64_t w[N];
            _mm256_storeu_si256((__m256i *)(void *)w, r[i]);
            memcpy(out[i] + 32 * g + 8 * whole, &w[whole], bytes % 8);
        }
    }
}

void kf_x4_oneblock_avx2(void *states, unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const in[],
                         const size_t inlen[], unsigned count, uint8_t *const out[], size_t outlen)
{
    static const uint8_t dummy[8];
    (void)states; /* not needed: the lanes live in registers (and the compiler's spill slots) */
    if (nr < 1 || nr > 24 || count == 0 || count > N) return;
    /* lengths as a vector straight from the caller's array (live slots only), so F and L are
     * computed in registers: F = whole lanes (25 for an idle slot), L = suffix << 8 (len % 8) */
    const __m256i live = kf_xn_mask4(count);
    const __m256i lens = _mm256_maskload_epi64((const long long *)(const void *)inlen, live);
    const __m256i rem8 = _mm256_slli_epi64(_mm256_and_si256(lens, _mm256_set1_epi64x(7)), 3);
    const __m256i F = _mm256_blendv_epi8(_mm256_set1_epi64x(25), _mm256_srli_epi64(lens, 3), live);
    __m256i L = _mm256_sllv_epi64(_mm256_set1_epi64x(suffix), rem8);
    const uint8_t *p[N];
    size_t full[N], msg_top = 0;
    for (unsigned i = 0; i < N; i++) {
        full[i] = i < count ? inlen[i] / 8 : 0;
        p[i] = i < count && full[i] ? in[i] : dummy;
        if (full[i] > msg_top) msg_top = full[i];
    }
    if (!_mm256_testz_si256(rem8, rem8)) { /* some message ends inside a lane: its last bytes */
        uint64_t t[N];
        for (unsigned i = 0; i < N; i++) {
            size_t r = i < count ? inlen[i] % 8 : 0;
            t[i] = r ? kf_lanes64_tail(in[i] + 8 * full[i], r, 8 * full[i]) : 0;
        }
        L = _mm256_or_si256(L, _mm256_loadu_si256((const __m256i *)(const void *)t));
    }
    const size_t pad_row = rate / 8 - 1;
    __m256i row[25];
    build_rows(row, 0, p, full, msg_top, F, L, pad_row);
    build_rows(row, 1, p, full, msg_top, F, L, pad_row);
    build_rows(row, 2, p, full, msg_top, F, L, pad_row);
    build_rows(row, 3, p, full, msg_top, F, L, pad_row);
    build_rows(row, 4, p, full, msg_top, F, L, pad_row);
    build_rows(row, 5, p, full, msg_top, F, L, pad_row);
    build_rows(row, 6, p, full, msg_top, F, L, pad_row);

    KF_X4_ROL_CONSTS
    KF_X4_LOCALS
#define FROM_ROW(x, y) A##x##y = row[(x) + 5 * (y)];
    LANES(FROM_ROW)
#undef FROM_ROW
    KF_X4_PERMUTE_A(nr);
#define TO_ROW(x, y) row[(x) + 5 * (y)] = A##x##y;
    LANES(TO_ROW)
#undef TO_ROW

    for (size_t g = 0; 32 * g < outlen && g < 7; g++) {
        switch (g) { /* a constant g in each, for extract_rows' constant indices */
        case 0: extract_rows(row, 0, out, count, outlen); break;
        case 1: extract_rows(row, 1, out, count, outlen); break;
        case 2: extract_rows(row, 2, out, count, outlen); break;
        case 3: extract_rows(row, 3, out, count, outlen); break;
        case 4: extract_rows(row, 4, out, count, outlen); break;
        case 5: extract_rows(row, 5, out, count, outlen); break;
        default: extract_rows(row, 6, out, count, outlen); break;
        }
    }
}

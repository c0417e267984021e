/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sampling_avx2.c - RejNTTPoly's rejection step (FIPS 204 Alg. 30 with CoeffFromThreeBytes,
 * Alg. 14) in AVX2, eight candidates at a time, with sampling.c's output bit for bit.
 * A is public: the loop bound and the table index depend on the candidates.
 */
#include "mldsa/x86_64/poly_avx2.h"
#include "mldsa/x86_64/reduce_avx2.h"

/* For each 8-bit mask m of accepted candidates among 8 32-bit lanes: byte s = the lane of
 * the s-th accepted one (s < popcount(m)), the rest 0. Built by the preprocessor from that
 * formula (as ML-KEM's sampling_avx2.c builds its table). */
#define POP8(x) (((x) & 1) + ((x) >> 1 & 1) + ((x) >> 2 & 1) + ((x) >> 3 & 1) + ((x) >> 4 & 1) + \
                 ((x) >> 5 & 1) + ((x) >> 6 & 1) + ((x) >> 7 & 1))
#define SLOT(m, i) POP8((m) & ((1u << (i)) - 1))
#define PUT(m, i) (((m) >> (i) & 1) ? (uint64_t)(i) << (8 * SLOT(m, i) & 63) : 0)
#define ENTRY(m) (PUT(m, 0) | PUT(m, 1) | PUT(m, 2) | PUT(m, 3) | PUT(m, 4) | PUT(m, 5) | PUT(m, 6) | PUT(m, 7))
#define ENTRY4(m) ENTRY(m), ENTRY((m) + 1), ENTRY((m) + 2), ENTRY((m) + 3)
#define ENTRY16(m) ENTRY4(m), ENTRY4((m) + 4), ENTRY4((m) + 8), ENTRY4((m) + 12)
#define ENTRY64(m) ENTRY16(m), ENTRY16((m) + 16), ENTRY16((m) + 32), ENTRY16((m) + 48)

static const uint64_t compact[256] = {ENTRY64(0u), ENTRY64(64u), ENTRY64(128u), ENTRY64(192u)};

unsigned kf_mldsa_rej_uniform_avx2(int32_t c[KF_MLDSA_N], unsigned n, const uint8_t *buf, size_t len,
                                   size_t *used)
{
    /* 24 bytes -> 8 candidates of 3 bytes, the top bit of each cleared: the halves hold
     * bytes 0..11 (loaded from buf + pos) and 12..23 (from buf + pos + 12) */
    const __m256i pattern = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1,
                                             0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1);
    const __m256i mask = _mm256_set1_epi32(0x7FFFFF), q = _mm256_set1_epi32(KF_MLDSA_Q);
    size_t pos = 0;
    for (; n + 8 <= KF_MLDSA_N && pos + 28 <= len; pos += 24) { /* each 16-byte load inside buf */
        __m256i x = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(buf + pos))),
                                            _mm_loadu_si128((const __m128i *)(buf + pos + 12)), 1);
        x = _mm256_and_si256(_mm256_shuffle_epi8(x, pattern), mask);
        unsigned m = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(q, x)));
        __m256i idx = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)compact[m]));
        _mm256_storeu_si256((__m256i *)(c + n), _mm256_permutevar8x32_epi32(x, idx));
        n += (unsigned)__builtin_popcount(m);
    }
    *used = pos;
    return n;
}

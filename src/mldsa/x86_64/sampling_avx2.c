/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sampling_avx2.c - the rejection steps of RejNTTPoly (FIPS 204 Alg. 30 with
 * CoeffFromThreeBytes, Alg. 14) and RejBoundedPoly (Alg. 31 with CoeffFromHalfByte, Alg. 15)
 * in AVX2, eight candidates at a time, with sampling.c's output bit for bit. A is public: the
 * loop bound and the table index depend on the candidates; for s1 and s2 only the declassified
 * accept bits do.
 */
#include "mldsa/x86_64/poly_avx2.h"
#include "mldsa/x86_64/reduce_avx2.h"
#include "common/ct.h"

#include <string.h>

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

/* The accept bits of the half-bytes of buf[0 .. len) (len <= 256, a multiple of 4), low half
 * first: bit j of ok[i] for half-byte 32 i + j, i.e. byte 16 i + j / 2. 32 at a time from 16
 * bytes; a last chunk of 4, 8 or 12 bytes by a masked load (no copy of the secret bytes), the
 * bits past len zero-filled and never used. */
static void eta_accept_bits(uint32_t ok[16], const uint8_t *buf, size_t len, unsigned eta)
{
    const __m256i f = _mm256_set1_epi8(15), bound = _mm256_set1_epi8(eta == 2 ? 15 : 9);
    for (size_t pos = 0, i = 0; pos < len; pos += 16, i++) {
        __m128i x;
        if (len - pos >= 16) {
            x = _mm_loadu_si128((const __m128i *)(const void *)(buf + pos));
        } else { /* dwords 0 .. (len - pos) / 4 - 1 */
            const __m128i m = _mm_cmpgt_epi32(_mm_set1_epi32((int)((len - pos) / 4)), _mm_setr_epi32(0, 1, 2, 3));
            x = _mm_maskload_epi32((const int *)(const void *)(buf + pos), m);
        }
        const __m128i lo = _mm_and_si128(x, _mm256_castsi256_si128(f));
        const __m128i hi = _mm_and_si128(_mm_srli_epi16(x, 4), _mm256_castsi256_si128(f));
        /* half-bytes in stream order: bytes 0..7 in the low 128 bits, 8..15 in the high */
        const __m256i z = _mm256_set_m128i(_mm_unpackhi_epi8(lo, hi), _mm_unpacklo_epi8(lo, hi));
        ok[i] = (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(bound, z));
    }
}

/* RejBoundedPoly's rejection (Alg. 31 with CoeffFromHalfByte, Alg. 15), 8 half-bytes (4 bytes,
 * low nibble first) at a time. The accept bits are rejection decisions, declassified (as
 * sampling.c does nibble by nibble: they tell which nibbles were dropped, nothing about the
 * values kept), and only they pick the compaction; the values stay secret. They are computed
 * for up to 256 bytes ahead of the compaction (eta_accept_bits) and declassified in one request:
 * a request per step of 8, with its store and reload of the mask, took a third of the loop's time;
 * the bits of bytes past the last one used are declassified too but steer nothing. */
unsigned kf_mldsa_rej_eta_avx2(int32_t c[KF_MLDSA_N], unsigned n, const uint8_t *buf, size_t len, unsigned eta,
                               size_t *used)
{
    const __m128i dup = _mm_setr_epi8(0, 0, 1, 1, 2, 2, 3, 3, -1, -1, -1, -1, -1, -1, -1, -1);
    const __m256i shifts = _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4), f = _mm256_set1_epi32(15);
    const __m256i e = _mm256_set1_epi32((int)eta);
    size_t pos = 0;
    while (n + 8 <= KF_MLDSA_N && pos + 4 <= len) {
        uint32_t ok[16];
        const size_t seg = len - pos < 256 ? (len - pos) & ~(size_t)3 : 256, end = pos + seg;
        eta_accept_bits(ok, buf + pos, seg, eta);
        kf_declassify(ok, (seg * 2 + 31) / 32 * sizeof ok[0]); /* the accept bits: rejection decisions */
        const uint8_t *okb = (const uint8_t *)ok; /* byte k: the 8 half-bytes of bytes 4k .. 4k+3 */
        for (size_t k = 0; n + 8 <= KF_MLDSA_N && pos < end; pos += 4, k++) {
            uint32_t w;
            memcpy(&w, buf + pos, 4);
            __m256i z = _mm256_cvtepu8_epi32(_mm_shuffle_epi8(_mm_cvtsi32_si128((int)w), dup));
            z = _mm256_and_si256(_mm256_srlv_epi32(z, shifts), f); /* the 8 half-bytes */
            const unsigned m = okb[k];
            __m256i v;
            if (eta == 2) { /* 2 - (z mod 5), z mod 5 = z - 5 ((205 z) >> 10) for z < 15 (205 z < 2^16) */
                __m256i qt = _mm256_srli_epi32(_mm256_mullo_epi16(z, _mm256_set1_epi32(205)), 10);
                v = _mm256_sub_epi32(e, _mm256_sub_epi32(z, _mm256_mullo_epi16(qt, _mm256_set1_epi32(5))));
            } else {
                v = _mm256_sub_epi32(e, z);
            }
            __m256i idx = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)compact[m]));
            _mm256_storeu_si256((__m256i *)(c + n), _mm256_permutevar8x32_epi32(v, idx));
            n += (unsigned)__builtin_popcount(m);
        }
    }
    *used = pos;
    return n;
}

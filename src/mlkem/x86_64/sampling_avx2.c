/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sampling_avx2.c - SampleNTT's rejection step and SamplePolyCBD (FIPS 203 Alg. 7 and 8) in
 * AVX2, with the outputs of sampling.c bit for bit.
 */
#include "mlkem/x86_64/poly_avx2.h"
#include "mlkem/x86_64/reduce_avx2.h"

#include <string.h>

/* ---- rejection sampling (public data) ------------------------------------------------- */

/* For each 8-bit mask m of accepted candidates among 8 16-bit lanes: the byte shuffle that
 * moves the accepted lanes, in order, to the front (lane i's bytes 2i, 2i+1 to slot
 * popcount(m & (2^i - 1))), and popcount(m). Built by the preprocessor from that formula:
 * slot s < 4 in the low 64 bits, s >= 4 in the high ones; unused slots pick byte 0. */
#define POP8(x) (((x) & 1) + ((x) >> 1 & 1) + ((x) >> 2 & 1) + ((x) >> 3 & 1) + ((x) >> 4 & 1) + \
                 ((x) >> 5 & 1) + ((x) >> 6 & 1) + ((x) >> 7 & 1))
#define SLOT(m, i) POP8((m) & ((1u << (i)) - 1))
#define LANE_BYTES(i) ((uint64_t)(2 * (i)) | (uint64_t)(2 * (i) + 1) << 8)
/* (& 63: the count is < 64 wherever the shift is taken; the mask keeps clang's
 * -Wshift-count-overflow quiet about the branch of ?: that is never taken) */
#define PUT_LO(m, i) (((m) >> (i) & 1) && SLOT(m, i) < 4 ? LANE_BYTES(i) << (16 * SLOT(m, i) & 63) : 0)
#define PUT_HI(m, i) (((m) >> (i) & 1) && SLOT(m, i) >= 4 ? LANE_BYTES(i) << (16 * (SLOT(m, i) - 4) & 63) : 0)
#define SHUFFLE(m) \
    {PUT_LO(m, 0) | PUT_LO(m, 1) | PUT_LO(m, 2) | PUT_LO(m, 3) | PUT_LO(m, 4) | PUT_LO(m, 5) | \
         PUT_LO(m, 6) | PUT_LO(m, 7), \
     PUT_HI(m, 0) | PUT_HI(m, 1) | PUT_HI(m, 2) | PUT_HI(m, 3) | PUT_HI(m, 4) | PUT_HI(m, 5) | \
         PUT_HI(m, 6) | PUT_HI(m, 7)}
#define COUNT(m) POP8(m)
#define TABLE4(f, m) f(m), f((m) + 1), f((m) + 2), f((m) + 3)
#define TABLE16(f, m) TABLE4(f, m), TABLE4(f, (m) + 4), TABLE4(f, (m) + 8), TABLE4(f, (m) + 12)
#define TABLE64(f, m) TABLE16(f, m), TABLE16(f, (m) + 16), TABLE16(f, (m) + 32), TABLE16(f, (m) + 48)
#define TABLE256(f) TABLE64(f, 0u), TABLE64(f, 64u), TABLE64(f, 128u), TABLE64(f, 192u)

/* the shuffles (4 KB) and the counts (256 bytes) apart, so the tables take half the cache
 * lines of one 32-byte entry per mask */
static const _Alignas(16) uint64_t compact_shuffle[256][2] = {TABLE256(SHUFFLE)};
static const uint8_t compact_count[256] = {TABLE256(COUNT)};

/* 24 bytes -> 16 candidates d1, d2 of each 3 bytes b0 b1 b2: d1 = b0 | (b1 & 15) << 8,
 * d2 = b1 >> 4 | b2 << 4 (Alg. 7 lines 5-6). The halves hold bytes 0..11 and 12..23, loaded
 * from in + 0 and in + 8 (so the 12 bytes start at offset 0 and 4). */
INLINE __m256i candidates(const uint8_t *in)
{
    const __m256i pattern = _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11,
                                             4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15);
    __m256i x = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)in)),
                                        _mm_loadu_si128((const __m128i *)(in + 8)), 1);
    x = _mm256_shuffle_epi8(x, pattern);
    return _mm256_blend_epi16(_mm256_and_si256(x, set16(0xFFF)), _mm256_srli_epi16(x, 4), 0xAA);
}

/* The 16 candidates of v (candidates() or chunk_at()) accepted (< q), appended to c at
 * cnt (16 lanes stored, the count moved by the accepted ones); returns the new count. The
 * caller keeps cnt <= 240. */
INLINE unsigned take16(int16_t *c, unsigned cnt, __m256i v)
{
    /* candidate - q is negative exactly for the accepted ones (candidates are below 2^12, so
     * no wrap), and stays negative through the signed saturation of packs: one subtraction,
     * where GCC made the compare with q a vpminsw and a vpcmpeqw */
    __m256i good = _mm256_sub_epi16(v, set16(Q));
    /* one mask bit per candidate: bits 0-7 the low half's, 16-23 the high half's */
    uint32_t m = (uint32_t)_mm256_movemask_epi8(_mm256_packs_epi16(good, good));
    unsigned m0 = m & 0xFF, m1 = (m >> 16) & 0xFF;
    __m128i lo = _mm256_castsi256_si128(v);
    lo = _mm_shuffle_epi8(lo, _mm_load_si128((const __m128i *)compact_shuffle[m0]));
    _mm_storeu_si128((__m128i *)(c + cnt), lo);
    cnt += compact_count[m0];
    __m128i hi = _mm256_extracti128_si256(v, 1);
    hi = _mm_shuffle_epi8(hi, _mm_load_si128((const __m128i *)compact_shuffle[m1]));
    _mm_storeu_si128((__m128i *)(c + cnt), hi);
    cnt += compact_count[m1];
    return cnt;
}

size_t kf_mlkem_rej_uniform_avx2(int16_t c[KF_MLKEM_N], unsigned *n, const uint8_t *buf, size_t len)
{
    unsigned cnt = *n;
    size_t pos = 0;
    for (; cnt + 16 <= KF_MLKEM_N && pos + 24 <= len; pos += 24) cnt = take16(c, cnt, candidates(buf + pos));
    *n = cnt;
    return pos;
}

/* take16 near the end of c (cnt + 16 > N): the accepted ones through a buffer, as many as
 * there is room for. */
static unsigned take16_last(int16_t c[KF_MLKEM_N], unsigned cnt, __m256i v)
{
    int16_t t[32];
    unsigned got = take16(t, 0, v), room = KF_MLKEM_N - cnt;
    if (got > room) got = room;
    memcpy(c + cnt, t, 2 * got);
    return cnt + got;
}

/* The 16 candidates of the 24 bytes in the little-endian words w[0], w[lanes], w[2 lanes]
 * (w0, w1, w2), as candidates() cuts them from memory: its two 16-byte halves are bytes
 * 0..15 = (w0, w1) and 8..23 = (w1, w2). Each word is broadcast by its load (vbroadcastsd
 * m64: no shuffle) and the 64-bit lanes (w0, w1, w1, w2) are picked by two dword blends,
 * which every vector pipe runs; the three words loaded into xmm registers and put together
 * took three shuffles (vpinsrq, vpunpcklqdq, vinserti128) on the two pipes that the
 * candidates' and the compaction's shuffles need too (a lane's block 58.5 -> 52 ticks). */
INLINE __m256i chunk_at(const uint64_t *w, unsigned lanes)
{
    const __m256i pattern = _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11,
                                             4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15);
    __m256i w0 = _mm256_castpd_si256(_mm256_broadcast_sd((const double *)w));
    __m256i w1 = _mm256_castpd_si256(_mm256_broadcast_sd((const double *)(w + lanes)));
    __m256i w2 = _mm256_castpd_si256(_mm256_broadcast_sd((const double *)(w + 2 * (size_t)lanes)));
    __m256i x = _mm256_blend_epi32(_mm256_blend_epi32(w0, w1, 0x3C), w2, 0xC0);
    x = _mm256_shuffle_epi8(x, pattern);
    return _mm256_blend_epi16(_mm256_and_si256(x, set16(0xFFF)), _mm256_srli_epi16(x, 4), 0xAA);
}

/* One of a block's chunks, already in v: take16 while the whole chunk fits, take16_last
 * while c is not full, else nothing (the chunk is not consumed). */
INLINE unsigned take_chunk(int16_t c[KF_MLKEM_N], unsigned cnt, __m256i v, size_t *used)
{
    if (cnt + 16 <= KF_MLKEM_N) {
        *used += 24;
        return take16(c, cnt, v);
    }
    if (cnt < KF_MLKEM_N) {
        *used += 24;
        return take16_last(c, cnt, v);
    }
    return cnt;
}

size_t kf_mlkem_rej_words_avx2(int16_t c[KF_MLKEM_N], unsigned *n, const uint64_t *words, unsigned lanes,
                               unsigned i, size_t len)
{
    unsigned cnt = *n;
    size_t pos = 0;
    const uint64_t *w = words + i;
    if (len >= 168) {
        /* A whole SHAKE128 block (SampleNTT's case): its seven chunks all read from the state
         * before the first store to c. Loads that follow stores to c waited on them for some
         * pairs of pages of the state and c (eight blocks 390 -> 936-1,456 ticks, stable while
         * the pages stay: ML-KEM-1024's slow mode with AVX2 forced); with the loads first, 390
         * for every placement measured (docs/BENCHMARK_HISTORY.md, "ML-KEM, 2026-11-26,
         * session 37"). The same chunks in the same order as the loops below: the same output. */
        const __m256i v0 = chunk_at(w, lanes), v1 = chunk_at(w + 3 * (size_t)lanes, lanes),
                      v2 = chunk_at(w + 6 * (size_t)lanes, lanes), v3 = chunk_at(w + 9 * (size_t)lanes, lanes),
                      v4 = chunk_at(w + 12 * (size_t)lanes, lanes), v5 = chunk_at(w + 15 * (size_t)lanes, lanes),
                      v6 = chunk_at(w + 18 * (size_t)lanes, lanes);
        size_t used = 0;
        cnt = take_chunk(c, cnt, v0, &used);
        cnt = take_chunk(c, cnt, v1, &used);
        cnt = take_chunk(c, cnt, v2, &used);
        cnt = take_chunk(c, cnt, v3, &used);
        cnt = take_chunk(c, cnt, v4, &used);
        cnt = take_chunk(c, cnt, v5, &used);
        cnt = take_chunk(c, cnt, v6, &used);
        if (used < 168) { /* c is full */
            *n = cnt;
            return used;
        }
        pos = 168;
        w += 21 * (size_t)lanes;
    }
    for (; cnt + 16 <= KF_MLKEM_N && pos + 24 <= len; pos += 24, w += 3 * lanes)
        cnt = take16(c, cnt, chunk_at(w, lanes));
    /* the last chunks of the polynomial, in place too (the caller's byte-by-byte finish then
     * has nothing left) */
    for (; cnt < KF_MLKEM_N && pos + 24 <= len; pos += 24, w += 3 * lanes)
        cnt = take16_last(c, cnt, chunk_at(w, lanes));
    *n = cnt;
    return pos;
}

/* ---- SamplePolyCBD (secret data: constant time) -------------------------------------- */

/* eta = 2: coefficient i is (bits 4i + 4i+1) - (bits 4i+2 + 4i+3) of buf, as sampling.c.
 * Per byte, after the 2-bit sums d: low nibble x - y + 3 and high nibble likewise, from
 * (d & 0x33) + 0x33 - ((d >> 2) & 0x33) (no borrow: x + 3 >= y), then the two nibbles of
 * each byte interleaved to bytes, widened and 3 subtracted. 32 coefficients per 16 bytes. */
void kf_mlkem_cbd2_avx2(kf_mlkem_poly *p, const uint8_t buf[128])
{
    const __m128i m55 = _mm_set1_epi8(0x55), m33 = _mm_set1_epi8(0x33), m0f = _mm_set1_epi8(0x0F);
    for (unsigned i = 0; i < 8; i++) {
        __m128i t = _mm_loadu_si128((const __m128i *)(buf + 16 * i));
        __m128i d = _mm_add_epi8(_mm_and_si128(t, m55), _mm_and_si128(_mm_srli_epi16(t, 1), m55));
        __m128i e = _mm_add_epi8(_mm_and_si128(d, m33), m33);
        e = _mm_sub_epi8(e, _mm_and_si128(_mm_srli_epi16(d, 2), m33));
        __m128i lo = _mm_and_si128(e, m0f), hi = _mm_and_si128(_mm_srli_epi16(e, 4), m0f);
        __m256i c0 = _mm256_cvtepu8_epi16(_mm_unpacklo_epi8(lo, hi));
        __m256i c1 = _mm256_cvtepu8_epi16(_mm_unpackhi_epi8(lo, hi));
        _mm256_storeu_si256((__m256i *)(p->c + 32 * i), _mm256_sub_epi16(c0, set16(3)));
        _mm256_storeu_si256((__m256i *)(p->c + 32 * i + 16), _mm256_sub_epi16(c1, set16(3)));
    }
}

/* eta = 3: each 3 bytes t give 4 coefficients: d = 3-bit sums of bit triples, coefficient j
 * = (d >> 6j & 7) - (d >> (6j+3) & 7). The 6-bit fields of (d & X) + 3... - ((d >> 3) & X)
 * hold x - y + 3 without borrows; they are spread to 16-bit lanes (j = 0, 1 and j = 2, 3 of
 * each group in two registers), interleaved back into order, and 3 subtracted. */
void kf_mlkem_cbd3_avx2(kf_mlkem_poly *p, const uint8_t buf[192])
{
    /* 32-bit lane g of a half: its group's 3 bytes (halves from in + 0 and in + 8, as above) */
    const __m256i pattern = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1,
                                             4, 5, 6, -1, 7, 8, 9, -1, 10, 11, 12, -1, 13, 14, 15, -1);
    const __m256i m249 = _mm256_set1_epi32(0x249249), x_fields = _mm256_set1_epi32(0x1C71C7);
    const __m256i threes = _mm256_set1_epi32(0x0C30C3), low3 = _mm256_set1_epi32(0x00070007);
    for (unsigned i = 0; i < 8; i++) {
        const uint8_t *in = buf + 24 * i;
        __m256i t = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)in)),
                                            _mm_loadu_si128((const __m128i *)(in + 8)), 1);
        t = _mm256_shuffle_epi8(t, pattern);
        __m256i d = _mm256_add_epi32(_mm256_and_si256(t, m249), _mm256_and_si256(_mm256_srli_epi32(t, 1), m249));
        d = _mm256_add_epi32(d, _mm256_and_si256(_mm256_srli_epi32(t, 2), m249));
        __m256i e = _mm256_sub_epi32(_mm256_add_epi32(_mm256_and_si256(d, x_fields), threes),
                                     _mm256_and_si256(_mm256_srli_epi32(d, 3), x_fields));
        /* fields 0, 1 to the 16-bit halves of the lane (field 1: bits 6.. -> 16..), 2, 3 likewise */
        __m256i f01 = _mm256_and_si256(_mm256_blend_epi16(e, _mm256_slli_epi32(e, 10), 0xAA), low3);
        __m256i f23 = _mm256_blend_epi16(_mm256_srli_epi32(e, 12), _mm256_srli_epi32(e, 2), 0xAA);
        f23 = _mm256_and_si256(f23, low3);
        __m256i r0 = _mm256_unpacklo_epi32(f01, f23), r1 = _mm256_unpackhi_epi32(f01, f23);
        __m256i c0 = _mm256_permute2x128_si256(r0, r1, 0x20), c1 = _mm256_permute2x128_si256(r0, r1, 0x31);
        _mm256_storeu_si256((__m256i *)(p->c + 32 * i), _mm256_sub_epi16(c0, set16(3)));
        _mm256_storeu_si256((__m256i *)(p->c + 32 * i + 16), _mm256_sub_epi16(c1, set16(3)));
    }
}

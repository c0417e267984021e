/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sampling_avx512.c - the rejection steps of RejNTTPoly (FIPS 204 Alg. 30 with
 * CoeffFromThreeBytes, Alg. 14) and RejBoundedPoly (Alg. 31 with CoeffFromHalfByte, Alg. 15)
 * with AVX-512, sixteen candidates a step where sampling_avx2.c takes eight: VBMI's vpermb
 * spreads 48 bytes into sixteen 3-byte candidates (or a compare picks 16 half-bytes), one
 * compare gives the mask of accepted ones, and vpcompressd packs them to the front of a
 * register, stored in one go (the register form: the one that writes memory is microcoded on
 * Zen 4). Each step's count is a popcount of the mask, so the chain from one step's store
 * address to the next is as short as the AVX2 code's, over half as many steps. The outputs
 * equal sampling.c's bit for bit. A is public; for s1 and s2 only each step's accept bits
 * steer the compaction and the count, the values stay secret.
 * Built with -mavx512f -mavx512bw -mavx512vbmi -mpopcnt; sampling.c calls it only where
 * kf_mldsa_sample_avx512() says so (arith.c).
 */
#include "mldsa/x86_64/poly_avx2.h"
#include "common/ct.h"

#include <immintrin.h>
#include <string.h>

#define Q KF_MLDSA_Q

unsigned kf_mldsa_rej_uniform_avx512(int32_t c[KF_MLDSA_N], unsigned n, const uint8_t *buf, size_t len, size_t *used)
{
    /* dword i of the 48 loaded bytes = bytes 3i, 3i + 1, 3i + 2 (and 3i + 2 again, cleared by
     * the mask with the candidate's top bit) */
    const __m512i spread = _mm512_set_epi8(47, 47, 46, 45, 44, 44, 43, 42, 41, 41, 40, 39, 38, 38, 37, 36, /* dwords 15-12 */
                                           35, 35, 34, 33, 32, 32, 31, 30, 29, 29, 28, 27, 26, 26, 25, 24, /* 11-8 */
                                           23, 23, 22, 21, 20, 20, 19, 18, 17, 17, 16, 15, 14, 14, 13, 12, /* 7-4 */
                                           11, 11, 10, 9, 8, 8, 7, 6, 5, 5, 4, 3, 2, 2, 1, 0);             /* 3-0 */
    const __m512i mask = _mm512_set1_epi32(0x7FFFFF), q = _mm512_set1_epi32(Q);
    const __mmask64 bytes48 = ((__mmask64)1 << 48) - 1;
    size_t pos = 0;
    /* While 64 bytes are left, plain loads (their last 16 bytes unused) instead of the masked
     * one, which made a step 1.12-1.2x slower on Zen 4. Two steps at a time: all 32 candidates
     * are accepted in 96.8% of pairs (0.999^32), and then the two vectors are stored as they
     * are, without vpcompressd (which shares the shuffle pipes with vpermb) and with one
     * branch for the pair. A is public: the branch leaks nothing. 8 polynomials from 840-byte
     * streams (scratch loop, Zen 4, 2026-11-26): 520 ticks one step at a time with masked
     * loads, 468 with plain ones, 338-390 with the unpacked path per step, 286 per pair. */
    for (; n + 32 <= KF_MLDSA_N && pos + 112 <= len; pos += 96) {
        __m512i x = _mm512_loadu_si512((const void *)(buf + pos)), y = _mm512_loadu_si512((const void *)(buf + pos + 48));
        x = _mm512_and_si512(_mm512_permutexvar_epi8(spread, x), mask);
        y = _mm512_and_si512(_mm512_permutexvar_epi8(spread, y), mask);
        const __mmask16 okx = _mm512_cmplt_epu32_mask(x, q), oky = _mm512_cmplt_epu32_mask(y, q);
        if (__builtin_expect((okx & oky) == 0xFFFF, 1)) {
            _mm512_storeu_si512((void *)(c + n), x);
            _mm512_storeu_si512((void *)(c + n + 16), y);
            n += 32;
        } else {
            _mm512_storeu_si512((void *)(c + n), _mm512_maskz_compress_epi32(okx, x));
            n += (unsigned)__builtin_popcount(okx);
            _mm512_storeu_si512((void *)(c + n), _mm512_maskz_compress_epi32(oky, y));
            n += (unsigned)__builtin_popcount(oky);
        }
    }
    for (; n + 16 <= KF_MLDSA_N && pos + 64 <= len; pos += 48) {
        __m512i x = _mm512_loadu_si512((const void *)(buf + pos));
        x = _mm512_and_si512(_mm512_permutexvar_epi8(spread, x), mask);
        const __mmask16 ok = _mm512_cmplt_epu32_mask(x, q);
        _mm512_storeu_si512((void *)(c + n), _mm512_maskz_compress_epi32(ok, x));
        n += (unsigned)__builtin_popcount(ok);
    }
    for (; n + 16 <= KF_MLDSA_N && pos + 48 <= len; pos += 48) {
        __m512i x = _mm512_maskz_loadu_epi8(bytes48, buf + pos); /* 48 bytes, no more */
        x = _mm512_and_si512(_mm512_permutexvar_epi8(spread, x), mask);
        const __mmask16 ok = _mm512_cmplt_epu32_mask(x, q);
        _mm512_storeu_si512((void *)(c + n), _mm512_maskz_compress_epi32(ok, x));
        n += (unsigned)__builtin_popcount(ok);
    }
    *used = pos;
    return n;
}

/* The byte permutes of kf_mldsa_rej_uniform_lanes8_avx512: for the pair of streams (2p, 2p + 1)
 * and three lanes w0, w1, w2 (words 3k .. 3k + 2 of every stream), dword d of the result
 * holds candidate d mod 8 of stream 2p + d / 8: its bytes 3 (d mod 8) + t (t = 0, 1, 2, and
 * byte 3 a copy of byte 2, cleared by the mask) are byte b of the stream's 24, i.e. byte
 * 8 s + b mod 8 of lane w(b / 8) (s the stream). lanes_idx01 indexes w0 || w1 (vpermt2b: 0-63
 * from w0, 64-127 from w1), lanes_idx2 indexes w2 for the bytes in LANES_FROM2 (a masked
 * vpermb over the first result). Written by the formula above (b = 3 (d mod 8) + min(t, 2)). */
static const uint8_t lanes_idx01[4][64] = {
    {0, 1, 2, 2, 3, 4, 5, 5, 6, 7, 64, 64, 65, 66, 67, 67, 68, 69, 70, 70, 71, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 9, 10, 10, 11, 12, 13, 13, 14, 15, 72, 72, 73, 74, 75, 75, 76, 77, 78, 78, 79, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {16, 17, 18, 18, 19, 20, 21, 21, 22, 23, 80, 80, 81, 82, 83, 83, 84, 85, 86, 86, 87, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 24, 25, 26, 26, 27, 28, 29, 29, 30, 31, 88, 88, 89, 90, 91, 91, 92, 93, 94, 94, 95, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {32, 33, 34, 34, 35, 36, 37, 37, 38, 39, 96, 96, 97, 98, 99, 99, 100, 101, 102, 102, 103, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 40, 41, 42, 42, 43, 44, 45, 45, 46, 47, 104, 104, 105, 106, 107, 107, 108, 109, 110, 110, 111, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {48, 49, 50, 50, 51, 52, 53, 53, 54, 55, 112, 112, 113, 114, 115, 115, 116, 117, 118, 118, 119, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 56, 57, 58, 58, 59, 60, 61, 61, 62, 63, 120, 120, 121, 122, 123, 123, 124, 125, 126, 126, 127, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
};
static const uint8_t lanes_idx2[4][64] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 9, 9, 10, 11, 12, 12, 13, 14, 15, 15},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16, 17, 17, 18, 19, 20, 20, 21, 22, 23, 23, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 24, 25, 25, 26, 27, 28, 28, 29, 30, 31, 31},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 32, 33, 33, 34, 35, 36, 36, 37, 38, 39, 39, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 40, 41, 41, 42, 43, 44, 44, 45, 46, 47, 47},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 48, 49, 49, 50, 51, 52, 52, 53, 54, 55, 55, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 56, 57, 57, 58, 59, 60, 60, 61, 62, 63, 63},
};
#define LANES_FROM2 0xFFE00000FFE00000ULL

/* Put stream s's accepted candidates among the eight in v's low dwords (ok: their bits) at
 * c + *n, at most up to coefficient 256 (the rare step: a rejection, or the polynomial's last
 * candidates). */
static inline __attribute__((always_inline)) void lanes_put(int32_t *c, unsigned *n, __m512i v, __mmask16 ok)
{
    if (*n >= KF_MLDSA_N) return;
    const unsigned room = KF_MLDSA_N - *n, got = (unsigned)__builtin_popcount(ok);
    const __mmask16 keep = (__mmask16)(room >= 16 ? 0xFFFF : (1u << room) - 1);
    _mm512_mask_storeu_epi32((void *)(c + *n), keep, _mm512_maskz_compress_epi32(ok, v));
    *n += got < room ? got : room;
}

void kf_mldsa_rej_uniform_lanes8_avx512(int32_t *const c[8], const uint64_t *lanes, unsigned blocks,
                                        unsigned have[8])
{
    const __m512i mask = _mm512_set1_epi32(0x7FFFFF), q = _mm512_set1_epi32(Q);
    const __mmask64 from2 = LANES_FROM2;
    __m512i i01[4], i2[4];
    unsigned n[8] = {0};
    for (unsigned p = 0; p < 4; p++) {
        i01[p] = _mm512_loadu_si512((const void *)lanes_idx01[p]);
        i2[p] = _mm512_loadu_si512((const void *)lanes_idx2[p]);
    }
    for (unsigned k = 0; k < 7 * blocks; k++) { /* a 168-byte block: 7 runs of three lanes */
        if (k >= 32) { /* 256 candidates a stream so far: stop once all eight are full */
            unsigned least = n[0];
            for (unsigned i = 1; i < 8; i++) least = n[i] < least ? n[i] : least;
            if (least >= KF_MLDSA_N) break;
        }
        const __m512i *w = (const __m512i *)(const void *)(lanes + 24 * k);
        const __m512i w0 = _mm512_load_si512(w), w1 = _mm512_load_si512(w + 1), w2 = _mm512_load_si512(w + 2);
        for (unsigned p = 0; p < 4; p++) {
            __m512i x = _mm512_permutex2var_epi8(w0, i01[p], w1);
            x = _mm512_and_si512(_mm512_mask_permutexvar_epi8(x, from2, i2[p], w2), mask);
            const __mmask16 ok = _mm512_cmplt_epu32_mask(x, q);
            const unsigned a = n[2 * p], b = n[2 * p + 1];
            if (__builtin_expect(ok == 0xFFFF && a <= KF_MLDSA_N - 8 && b <= KF_MLDSA_N - 8, 1)) {
                _mm256_storeu_si256((__m256i *)(void *)(c[2 * p] + a), _mm512_castsi512_si256(x));
                _mm256_storeu_si256((__m256i *)(void *)(c[2 * p + 1] + b), _mm512_extracti64x4_epi64(x, 1));
                n[2 * p] = a + 8;
                n[2 * p + 1] = b + 8;
            } else {
                lanes_put(c[2 * p], &n[2 * p], x, (__mmask16)(ok & 0xFF));
                lanes_put(c[2 * p + 1], &n[2 * p + 1], x, (__mmask16)(ok & 0xFF00));
            }
        }
    }
    for (unsigned i = 0; i < 8; i++) have[i] = n[i];
}

unsigned kf_mldsa_rej_eta_avx512(int32_t c[KF_MLDSA_N], unsigned n, const uint8_t *buf, size_t len, unsigned eta,
                                 size_t *used)
{
    size_t pos = 0;
#ifndef KF_HAVE_MSAN
    /* Under clang's MemorySanitizer (tests/test_ct_msan.c) the AVX2 step runs instead: its
     * compaction is a table lookup MSan follows exactly, where vpcompressd's shadow is not
     * propagated lane by lane. */
    const __m128i dup = _mm_setr_epi8(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7);
    const __m512i shifts = _mm512_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4);
    const __m512i f = _mm512_set1_epi32(15), bound = _mm512_set1_epi32(eta == 2 ? 15 : 9);
    const __m512i e = _mm512_set1_epi32((int)eta);
    for (; n + 16 <= KF_MLDSA_N && pos + 8 <= len; pos += 8) {
        uint64_t w;
        memcpy(&w, buf + pos, 8);
        __m512i z = _mm512_cvtepu8_epi32(_mm_shuffle_epi8(_mm_cvtsi64_si128((long long)w), dup));
        z = _mm512_and_si512(_mm512_srlv_epi32(z, shifts), f); /* the 16 half-bytes, low one first */
        /* the accept bits, a rejection decision, steer the compaction and the count; no
         * kf_declassify here (the AVX2 step has one): the constant-time checks never run this
         * step (valgrind's memcheck has no AVX-512, so its CPU reports none and
         * kf_mldsa_sample_avx512() is 0; MemorySanitizer builds leave it out, above), and
         * the request's store and reload of the mask per step cost a third of its time (ExpandS
         * of ML-DSA-65: 8.4k ticks against 7.3k on Zen 4) */
        const __mmask16 ok = _mm512_cmplt_epu32_mask(z, bound);
        __m512i v;
        if (eta == 2) { /* 2 - (z mod 5), z mod 5 = z - 5 ((205 z) >> 10) for z < 15 (205 z < 2^16) */
            __m512i qt = _mm512_srli_epi32(_mm512_mullo_epi16(z, _mm512_set1_epi32(205)), 10);
            v = _mm512_sub_epi32(e, _mm512_sub_epi32(z, _mm512_mullo_epi16(qt, _mm512_set1_epi32(5))));
        } else {
            v = _mm512_sub_epi32(e, z);
        }
        _mm512_storeu_si512((void *)(c + n), _mm512_maskz_compress_epi32(ok, v));
        n += (unsigned)__builtin_popcount(ok);
    }
#else
    (void)c;
    (void)buf;
    (void)len;
    (void)eta;
#endif
    *used = pos;
    return n;
}

/* kf_mldsa_challenge_offsets sixteen coefficients a step: each lane's offset (256 - j, or 512 - j
 * where c[j] < 0) computed for all sixteen, the ones of the nonzero coefficients packed to the
 * front by vpcompressd (register form), narrowed to 16 bits and stored as one 32-byte vector
 * at off + n (n <= j: the store stays inside off[0 .. 256)). c is public (from c~). */
unsigned kf_mldsa_challenge_offsets_avx512(uint16_t off[KF_MLDSA_N], const kf_mldsa_poly *c)
{
    const __m512i n256 = _mm512_set1_epi32(KF_MLDSA_N);
    __m512i base = _mm512_sub_epi32(n256, _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    unsigned n = 0;
    for (unsigned j = 0; j < KF_MLDSA_N; j += 16) {
        const __m512i v = _mm512_loadu_si512((const void *)(c->c + j));
        const __mmask16 nz = _mm512_test_epi32_mask(v, v);
        const __m512i o = _mm512_add_epi32(base, _mm512_and_si512(_mm512_srai_epi32(v, 31), n256));
        _mm256_storeu_si256((__m256i *)(void *)(off + n), _mm512_cvtepi32_epi16(_mm512_maskz_compress_epi32(nz, o)));
        n += (unsigned)__builtin_popcount(nz);
        base = _mm512_sub_epi32(base, _mm512_set1_epi32(16));
    }
    return n;
}

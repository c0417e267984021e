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

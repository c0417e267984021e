/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * pack_avx2.c - the bit packings signing and verification run per attempt, in AVX2, with
 * poly.c's output bit for bit: SimpleBitPack (FIPS 204 Alg. 16) of w1 in 4 or 6 bits
 * (w1Encode, Alg. 28) and BitUnpack (Alg. 19) of 18- or 20-bit values (ExpandMask's y,
 * sigDecode's z); and key generation's: t1 in 10 bits, s1, s2 and t0 in 3, 4 and 13 bits.
 * Constant time: no branch or address depends on a value.
 */
#include "mldsa/x86_64/pack_steps_avx2.h"
#include "mldsa/x86_64/poly_avx2.h"
#include "mldsa/x86_64/reduce_avx2.h"

#include <string.h>

#define N KF_MLDSA_N

/* 32 coefficients (each < 256) as 32 bytes in order */
INLINE __m256i bytes32(const int32_t *c)
{
    return bytes32_of(_mm256_loadu_si256((const __m256i *)c), _mm256_loadu_si256((const __m256i *)(c + 8)),
                      _mm256_loadu_si256((const __m256i *)(c + 16)), _mm256_loadu_si256((const __m256i *)(c + 24)));
}

/* (b - c) & mask of 32 coefficients (mask < 256) as 32 bytes in order: BitPack's values of s1
 * and s2 */
INLINE __m256i bytes32_off(const int32_t *c, __m256i bv, __m256i mask)
{
    __m256i a[4];
    for (int k = 0; k < 4; k++)
        a[k] = _mm256_and_si256(_mm256_sub_epi32(bv, _mm256_loadu_si256((const __m256i *)(c + 8 * k))), mask);
    return bytes32_of(a[0], a[1], a[2], a[3]);
}

/* BitPack of s1, s2 in 3 bits (eta 2): 32 values -> 12 bytes per step, values (b - c) & 7 as
 * bytes, pairs to 6 bits (maddubs), to 12 (madd), the two 12-bit halves of each 64-bit lane
 * joined to 24 bits, the 3 bytes of each lane gathered (6 per 128-bit half), written as 8 + 4
 * bytes: nothing past the 96 bytes of output. */
static void pack3_off(uint8_t *out, const kf_mldsa_poly *p, int32_t b)
{
    const __m256i bv = _mm256_set1_epi32(b), mask = _mm256_set1_epi32(7), lo = _mm256_set1_epi64x(0xFFFFFFFF);
    const __m256i gather = _mm256_setr_epi8(0, 1, 2, 8, 9, 10, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                            0, 1, 2, 8, 9, 10, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    for (unsigned i = 0; i < N; i += 32) {
        __m256i w = _mm256_maddubs_epi16(bytes32_off(p->c + i, bv, mask), _mm256_set1_epi16(0x0801)); /* b0 + 8 b1 */
        w = _mm256_madd_epi16(w, _mm256_set1_epi32(0x00400001));                                      /* w0 + 64 w1 */
        w = _mm256_or_si256(_mm256_and_si256(w, lo), _mm256_srli_epi64(w, 20)); /* d0 + 4096 d1 */
        w = _mm256_shuffle_epi8(w, gather);
        const uint64_t a = (uint64_t)_mm256_extract_epi64(w, 0), c = (uint64_t)_mm256_extract_epi64(w, 2);
        const uint64_t w0 = a | c << 48;
        const uint32_t w1 = (uint32_t)(c >> 16);
        uint8_t *o = out + 3 * i / 8;
        memcpy(o, &w0, 8);
        memcpy(o + 8, &w1, 4);
    }
}

/* BitPack of s1, s2 in 4 bits (eta 4): 32 values -> 16 bytes, low nibble first, as pack4 */
static void pack4_off(uint8_t *out, const kf_mldsa_poly *p, int32_t b)
{
    const __m256i bv = _mm256_set1_epi32(b), mask = _mm256_set1_epi32(15);
    for (unsigned i = 0; i < N; i += 32) pack4_step(out + i / 2, bytes32_off(p->c + i, bv, mask));
}

/* values in [0, 16) (w1 of ML-DSA-65/87): 32 coefficients -> 16 bytes, low nibble first */
static void pack4(uint8_t *out, const kf_mldsa_poly *p)
{
    for (unsigned i = 0; i < N; i += 32) pack4_step(out + i / 2, bytes32(p->c + i));
}

/* values in [0, 64) (w1 of ML-DSA-44): 32 coefficients -> 24 bytes, 4 coefficients per 3 */
static void pack6(uint8_t *out, const kf_mldsa_poly *p)
{
    for (unsigned i = 0; i < N; i += 32) pack6_step(out + 3 * i / 4, bytes32(p->c + i), i + 32 == N);
}

/* SimpleBitPack of t1 in 10 bits (pkEncode): 16 values -> 20 bytes per step: 16-bit lanes
 * (packs, whose lane order the permute undoes), pairs joined to 20 bits (madd by 1, 1024), the
 * two 20-bit halves of each 64-bit lane to 40 bits (5 bytes), each 128-bit half's 10 bytes
 * gathered and stored 16 at a time, the next store over the spare ones; the last step through
 * a copy, so nothing past the 320 bytes is written. */
static void pack10(uint8_t *out, const kf_mldsa_poly *p)
{
    const __m256i lo = _mm256_set1_epi64x(0xFFFFFFFF), mul = _mm256_set1_epi32(0x04000001);
    const __m256i gather = _mm256_setr_epi8(0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1,
                                            0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1);
    for (unsigned i = 0; i < N; i += 16) {
        __m256i a0 = _mm256_loadu_si256((const __m256i *)(p->c + i));
        __m256i a1 = _mm256_loadu_si256((const __m256i *)(p->c + i + 8));
        /* packs: a0 lo, a1 lo | a0 hi, a1 hi (4 values each); values 0..7 in the low half */
        __m256i w = _mm256_permute4x64_epi64(_mm256_packs_epi32(a0, a1), 0xD8);
        w = _mm256_madd_epi16(w, mul);                                           /* v0 + 1024 v1 */
        w = _mm256_or_si256(_mm256_and_si256(w, lo), _mm256_srli_epi64(_mm256_andnot_si256(lo, w), 12)); /* d0 + 2^20 d1 */
        w = _mm256_shuffle_epi8(w, gather);
        uint8_t *o = out + i / 16 * 20;
        if (i + 16 < N) {
            _mm_storeu_si128((__m128i *)o, _mm256_castsi256_si128(w));
            _mm_storeu_si128((__m128i *)(o + 10), _mm256_extracti128_si256(w, 1));
        } else {
            uint8_t t[32];
            _mm_storeu_si128((__m128i *)t, _mm256_castsi256_si128(w));
            _mm_storeu_si128((__m128i *)(t + 10), _mm256_extracti128_si256(w, 1));
            memcpy(o, t, 20);
        }
    }
}

/* BitPack of t0 in 13 bits (skEncode): 16 values -> 26 bytes per step, as pack10 with the
 * values b - c: pairs to 26 bits (madd by 1, 8192), to 52 in each 64-bit lane, and the two
 * 52-bit values of a 128-bit half to its first 13 bytes (the high one's low 12 bits on top of
 * the low lane, the rest shifted down in the high lane); stores as pack10's. */
static void pack13_off(uint8_t *out, const kf_mldsa_poly *p, int32_t b)
{
    const __m256i bv = _mm256_set1_epi32(b), mask = _mm256_set1_epi32((1 << 13) - 1);
    const __m256i lo = _mm256_set1_epi64x(0xFFFFFFFF), mul = _mm256_set1_epi32(0x20000001);
    for (unsigned i = 0; i < N; i += 16) {
        __m256i a0 = _mm256_and_si256(_mm256_sub_epi32(bv, _mm256_loadu_si256((const __m256i *)(p->c + i))), mask);
        __m256i a1 = _mm256_and_si256(_mm256_sub_epi32(bv, _mm256_loadu_si256((const __m256i *)(p->c + i + 8))), mask);
        __m256i w = _mm256_permute4x64_epi64(_mm256_packs_epi32(a0, a1), 0xD8);
        w = _mm256_madd_epi16(w, mul);                                                                 /* 26 bits */
        w = _mm256_or_si256(_mm256_and_si256(w, lo), _mm256_srli_epi64(_mm256_andnot_si256(lo, w), 6)); /* 52 */
        __m256i low = _mm256_or_si256(w, _mm256_bsrli_epi128(_mm256_slli_epi64(w, 52), 8));
        w = _mm256_blend_epi32(low, _mm256_srli_epi64(w, 12), 0xCC); /* 104 bits per half */
        uint8_t *o = out + i / 16 * 26;
        if (i + 16 < N) {
            _mm_storeu_si128((__m128i *)o, _mm256_castsi256_si128(w));
            _mm_storeu_si128((__m128i *)(o + 13), _mm256_extracti128_si256(w, 1));
        } else {
            uint8_t t[32];
            _mm_storeu_si128((__m128i *)t, _mm256_castsi256_si128(w));
            _mm_storeu_si128((__m128i *)(t + 13), _mm256_extracti128_si256(w, 1));
            memcpy(o, t, 26);
        }
    }
}

int kf_mldsa_pack_simple_avx2(uint8_t *out, const kf_mldsa_poly *p, unsigned bits)
{
    if (bits == 4) pack4(out, p);
    else if (bits == 6) pack6(out, p);
    else if (bits == 10) pack10(out, p);
    else return 0;
    return 1;
}

/* BitPack (Alg. 17) of z (sigEncode): the values b - c in 18 or 20 bits. Eight per register:
 * each pair of lanes becomes one 36- or 40-bit value in a 64-bit lane (even | odd << bits);
 * for 20 bits each is 5 whole bytes, for 18 bits the odd 64-bit lanes are moved 4 bits up
 * so that the two 36-bit values of a half make 9 bytes with one shared byte (two shuffles,
 * or'ed). Each half's 9 or 10 bytes are stored 16 at a time, the next store over the spare
 * ones; the last 8 values through a copy, so nothing past 32 bits bytes is written. */
int kf_mldsa_pack_offset_avx2(uint8_t *out, const kf_mldsa_poly *p, unsigned bits, int32_t b)
{
    switch (bits) {
    case 3: pack3_off(out, p, b); return 1;
    case 4: pack4_off(out, p, b); return 1;
    case 13: pack13_off(out, p, b); return 1;
    }
    if (bits != 18 && bits != 20) return 0;
    const unsigned half = bits / 2; /* bytes per 4 values */
    const __m256i bv = _mm256_set1_epi32(b), mask = _mm256_set1_epi32((1 << bits) - 1);
    const __m256i lo = _mm256_set1_epi64x(0xFFFFFFFF);
    const __m256i pa = bits == 20 ? _mm256_setr_epi8(0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1,
                                                     0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1)
                                  : _mm256_setr_epi8(0, 1, 2, 3, 4, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                                     0, 1, 2, 3, 4, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    const __m256i pb = _mm256_setr_epi8(-1, -1, -1, -1, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1, -1,
                                        -1, -1, -1, -1, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1, -1);
    const __m256i up4 = _mm256_setr_epi64x(0, 4, 0, 4);
    for (unsigned i = 0; i < N; i += 8) {
        __m256i v = _mm256_and_si256(_mm256_sub_epi32(bv, _mm256_loadu_si256((const __m256i *)(p->c + i))), mask);
        v = _mm256_or_si256(_mm256_and_si256(v, lo), _mm256_srli_epi64(_mm256_andnot_si256(lo, v), 32 - bits));
        if (bits == 20) {
            v = _mm256_shuffle_epi8(v, pa);
        } else {
            v = _mm256_sllv_epi64(v, up4);
            v = _mm256_or_si256(_mm256_shuffle_epi8(v, pa), _mm256_shuffle_epi8(v, pb));
        }
        uint8_t *o = out + i / 8 * bits;
        if (i + 8 < N) {
            _mm_storeu_si128((__m128i *)o, _mm256_castsi256_si128(v));
            _mm_storeu_si128((__m128i *)(o + half), _mm256_extracti128_si256(v, 1));
        } else {
            uint8_t t[32];
            _mm_storeu_si128((__m128i *)t, _mm256_castsi256_si128(v));
            _mm_storeu_si128((__m128i *)(t + half), _mm256_extracti128_si256(v, 1));
            memcpy(o, t, bits);
        }
    }
    return 1;
}

unsigned kf_mldsa_hint_indices_avx2(uint8_t *out, unsigned idx, unsigned omega, const kf_mldsa_poly *h)
{
    const __m256i zero = _mm256_setzero_si256(), order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    for (unsigned j0 = 0; j0 < N; j0 += 32) { /* 32 coefficients to a bit mask, then its ones */
        const __m256i *c = (const __m256i *)(h->c + j0);
        __m256i a0 = _mm256_cmpeq_epi32(_mm256_loadu_si256(c), zero);
        __m256i a1 = _mm256_cmpeq_epi32(_mm256_loadu_si256(c + 1), zero);
        __m256i a2 = _mm256_cmpeq_epi32(_mm256_loadu_si256(c + 2), zero);
        __m256i a3 = _mm256_cmpeq_epi32(_mm256_loadu_si256(c + 3), zero);
        __m256i z = _mm256_packs_epi16(_mm256_packs_epi32(a0, a1), _mm256_packs_epi32(a2, a3));
        uint32_t ones = ~(uint32_t)_mm256_movemask_epi8(_mm256_permutevar8x32_epi32(z, order));
        for (; ones && idx < omega; ones &= ones - 1) out[idx++] = (uint8_t)(j0 + (unsigned)__builtin_ctz(ones));
    }
    return idx;
}

/* 8 values of 'bits' (18 or 20) bits from in: the halves hold bytes bits/2 apart, lane j of a
 * half starts at bit bits j of it: bytes s.. s+2, s = (bits j) / 8, shifted right by
 * (bits j) mod 8 and masked. */
INLINE __m256i unpack8(const uint8_t *in, unsigned bits, __m256i pattern, __m256i shifts, __m256i mask)
{
    __m256i x = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)in)),
                                        _mm_loadu_si128((const __m128i *)(in + bits / 2)), 1);
    x = _mm256_shuffle_epi8(x, pattern);
    return _mm256_and_si256(_mm256_srlv_epi32(x, shifts), mask);
}

/* BitUnpack of 3-, 4- (s1, s2) or 13-bit (t0) values, skDecode's, and SimpleBitUnpack of
 * 10-bit ones (pkDecode's t1; negate 0: the values themselves): every group of 8 values is
 * 'bits' bytes; its 16 bytes from 'in' go to both halves of a register, and lane j takes the
 * 3 bytes from s = (bits j) / 8 on (a value and its shift fit: 7 + 13 <= 24), shifted right
 * by (bits j) mod 8 and masked. The last groups, whose 16-byte load would pass the end of
 * the 32 bits bytes of input, come from a copy. */
static void unpack_small(kf_mldsa_poly *p, const uint8_t *in, unsigned bits, int negate, int32_t b)
{
    _Alignas(32) int8_t pat[32]; /* lane j (j < 4: low half, else high half): bytes s, s + 1, s + 2 */
    _Alignas(32) int32_t sh[8];
    for (unsigned j = 0; j < 8; j++) {
        const unsigned s = bits * j / 8;
        for (unsigned q = 0; q < 3; q++) pat[4 * j + q] = (int8_t)(s + q);
        pat[4 * j + 3] = -1;
        sh[j] = (int32_t)(bits * j % 8);
    }
    const __m256i pattern = _mm256_load_si256((const __m256i *)pat), shifts = _mm256_load_si256((const __m256i *)sh);
    const __m256i mask = _mm256_set1_epi32((1 << bits) - 1), bv = _mm256_set1_epi32(b);
    unsigned i = 0;
    for (; (i / 8) * bits + 16 <= 32 * bits; i += 8) {
        __m256i x = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(in + i / 8 * bits)));
        x = _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(x, pattern), shifts), mask);
        _mm256_storeu_si256((__m256i *)(p->c + i), negate ? _mm256_sub_epi32(bv, x) : x);
    }
    for (; i < N; i += 8) {
        uint8_t t[16] = {0};
        memcpy(t, in + i / 8 * bits, bits);
        __m256i x = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)t));
        x = _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(x, pattern), shifts), mask);
        _mm256_storeu_si256((__m256i *)(p->c + i), negate ? _mm256_sub_epi32(bv, x) : x);
    }
}

int kf_mldsa_unpack_simple_avx2(kf_mldsa_poly *p, const uint8_t *in, unsigned bits)
{
    if (bits != 10) return 0;
    unpack_small(p, in, 10, 0, 0);
    return 1;
}

int kf_mldsa_unpack_offset_avx2(kf_mldsa_poly *p, const uint8_t *in, unsigned bits, int32_t b)
{
    __m256i pattern, shifts;
    if (bits == 3 || bits == 4 || bits == 13) {
        unpack_small(p, in, bits, 1, b);
        return 1;
    }
    if (bits == 18) {
        pattern = _mm256_setr_epi8(0, 1, 2, -1, 2, 3, 4, -1, 4, 5, 6, -1, 6, 7, 8, -1,
                                   0, 1, 2, -1, 2, 3, 4, -1, 4, 5, 6, -1, 6, 7, 8, -1);
        shifts = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    } else if (bits == 20) {
        pattern = _mm256_setr_epi8(0, 1, 2, -1, 2, 3, 4, -1, 5, 6, 7, -1, 7, 8, 9, -1,
                                   0, 1, 2, -1, 2, 3, 4, -1, 5, 6, 7, -1, 7, 8, 9, -1);
        shifts = _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4);
    } else {
        return 0;
    }
    const __m256i mask = _mm256_set1_epi32((1 << bits) - 1), bv = _mm256_set1_epi32(b);
    const unsigned step = bits; /* bytes per 8 values */
    unsigned i = 0;
    for (; i + 8 < N; i += 8) /* the 16-byte loads stay inside the 32 bits bytes of input */
        _mm256_storeu_si256((__m256i *)(p->c + i),
                            _mm256_sub_epi32(bv, unpack8(in + i / 8 * step, bits, pattern, shifts, mask)));
    uint8_t t[32] = {0}; /* the last 8 values from a copy */
    memcpy(t, in + i / 8 * step, step);
    _mm256_storeu_si256((__m256i *)(p->c + i), _mm256_sub_epi32(bv, unpack8(t, bits, pattern, shifts, mask)));
    return 1;
}

/* kf_mldsa_sparse_unpack8_avx2: 32 values of s a step, as bytes x (the field, 0 .. 2^bits - 1),
 * then s = eta - x and -s = x - eta, stored at k, 256 + k, 512 + k of e (-s, s, -s) and of
 * e2. 3 bits: 12 bytes a step; dword d of the register takes the bytes (12 d) / 8 and the
 * next, shifted right by (12 d) mod 8, so its four 3-bit fields sit at bits 0, 3, 6, 9; they
 * are spread to bits 0, 8, 16, 24 in two steps (pairs to 0, 3 and 16, 19, then each field of a
 * pair to its byte). The last step loads the 16 bytes ending at the input's end (indices + 4).
 * 4 bits: 16 bytes a step, byte i widened to word i, its high half-byte moved to the word's
 * high byte. */
INLINE void sparse8_store(int8_t *e, int8_t *e2, unsigned k, __m256i x, __m256i etav, __m256i *bad, __m256i lim)
{
    const __m256i s = _mm256_sub_epi8(etav, x), ns = _mm256_sub_epi8(x, etav);
    *bad = _mm256_or_si256(*bad, _mm256_cmpgt_epi8(x, lim));
    _mm256_storeu_si256((__m256i *)(void *)(e + k), ns);
    _mm256_storeu_si256((__m256i *)(void *)(e + N + k), s);
    _mm256_storeu_si256((__m256i *)(void *)(e + 2 * N + k), ns);
    _mm256_storeu_si256((__m256i *)(void *)(e2 + k), ns);
    _mm256_storeu_si256((__m256i *)(void *)(e2 + N + k), s);
    _mm256_storeu_si256((__m256i *)(void *)(e2 + 2 * N + k), ns);
}

INLINE __m256i spread3(__m256i x)
{
    x = _mm256_or_si256(_mm256_and_si256(x, _mm256_set1_epi32(0x3F)),
                        _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0xFC0)), 10));
    return _mm256_or_si256(_mm256_and_si256(x, _mm256_set1_epi32(0x00070007)),
                           _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0x00380038)), 5));
}

int kf_mldsa_sparse_unpack8_avx2(int8_t *e, int8_t *e2, const uint8_t *in, unsigned bits, int32_t eta,
                                 uint32_t *over)
{
    const __m256i etav = _mm256_set1_epi8((char)eta), lim = _mm256_set1_epi8((char)(2 * eta));
    __m256i bad = _mm256_setzero_si256();
    if (bits == 3) {
        const __m256i pat = _mm256_setr_epi8(0, 1, -1, -1, 1, 2, -1, -1, 3, 4, -1, -1, 4, 5, -1, -1,
                                             6, 7, -1, -1, 7, 8, -1, -1, 9, 10, -1, -1, 10, 11, -1, -1);
        const __m256i last = _mm256_setr_epi8(4, 5, -1, -1, 5, 6, -1, -1, 7, 8, -1, -1, 8, 9, -1, -1,
                                              10, 11, -1, -1, 11, 12, -1, -1, 13, 14, -1, -1, 14, 15, -1, -1);
        const __m256i sh = _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4);
        for (unsigned g = 0; g < 8; g++) {
            const unsigned at = g < 7 ? 12 * g : 96 - 16; /* 16 bytes inside the 96 */
            const __m256i raw = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(in + at)));
            __m256i x = _mm256_srlv_epi32(_mm256_shuffle_epi8(raw, g < 7 ? pat : last), sh);
            sparse8_store(e, e2, 32 * g, spread3(x), etav, &bad, lim);
        }
    } else if (bits == 4) {
        for (unsigned g = 0; g < 8; g++) {
            const __m256i w = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(in + 16 * g)));
            __m256i x = _mm256_or_si256(_mm256_and_si256(w, _mm256_set1_epi16(0x0F)),
                                        _mm256_and_si256(_mm256_slli_epi16(w, 4), _mm256_set1_epi16(0x0F00)));
            sparse8_store(e, e2, 32 * g, x, etav, &bad, lim);
        }
    } else {
        return 0;
    }
    const uint32_t mask = (uint32_t)_mm256_movemask_epi8(bad);
    *over |= (mask | (0u - mask)) >> 31;
    return 1;
}

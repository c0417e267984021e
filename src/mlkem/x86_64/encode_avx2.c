/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * encode_avx2.c - ByteEncode/ByteDecode, Compress/Decompress (FIPS 203 §4.2.1) in AVX2, with
 * the outputs of poly.c bit for bit.
 *
 * Bit packing, 16 values of d bits (4 <= d <= 12) per register, 8 per 128-bit half:
 *  - pack: vpmaddwd joins values 2p, 2p+1 into the 2d-bit pair p of 32-bit lane p; a
 *    variable shift moves pair p to its bit offset (2dp mod 8) inside its first byte; two
 *    byte shuffles (even pairs, odd pairs: neighbours may share a byte) move each pair to
 *    byte floor(2dp / 8), and an or joins them: d bytes per half.
 *  - unpack: byte shuffles give 32-bit lane p the 4 bytes from floor(jd / 8) of value j, a
 *    variable shift and a mask take the value; values 0-3 and 4-7 of each half apart.
 * A half's d bytes are read from or written to in[0..16) / in[d..d+16), so the last groups
 * of a polynomial, whose 16-byte accesses would pass the end of the buffer, go through a
 * local buffer.
 *
 * Compress_d(x) = round(2^d x / q) mod 2^d without a division: e = floor(x M / 2^16), with
 * M = round(2^(d+16) / q) < 2^16, is within 1/32 of 2^d x / q (|x (M - 2^(d+16)/q)| / 2^16
 * <= 3328 / 2 / 2^16), so e is the rounded value or one less; the remainder x 2^d - e q
 * (exact in 16 bits: it is in (-q/32, 33q/32)) says which: one more iff it exceeds (q-1)/2.
 * tests/test_mlkem_simd.c checks every x in [0, q) for every d.
 */
#include "mlkem/x86_64/poly_avx2.h"
#include "mlkem/x86_64/reduce_avx2.h"
#include "sponge/sponge.h" /* kf_memzero */

#include <string.h>

/* ---- pack and unpack 16 values of d bits -------------------------------------------- */

/* Pair p (values 2p, 2p+1) of a 128-bit half: first byte, bit offset, bytes spanned. */
#define PAIR_BYTE(d, p) ((2 * (d) * (p)) / 8)
#define PAIR_SHIFT(d, p) ((2 * (d) * (p)) % 8)
#define PAIR_BYTES(d, p) ((PAIR_SHIFT(d, p) + 2 * (d) + 7) / 8)
/* Byte i of the shuffle that moves pair p from 32-bit lane p to PAIR_BYTE (else -1: none). */
#define PAIR_SRC(d, p, i) \
    ((i) >= PAIR_BYTE(d, p) && (i) < PAIR_BYTE(d, p) + PAIR_BYTES(d, p) ? 4 * (p) + (i) - PAIR_BYTE(d, p) : -1)
#define PACK_SRC(d, par, i) (PAIR_SRC(d, par, i) >= 0 ? PAIR_SRC(d, par, i) : PAIR_SRC(d, (par) + 2, i))
#define PACK_PATTERN(d, par) \
    _mm256_setr_epi8(PACK_SRC(d, par, 0), PACK_SRC(d, par, 1), PACK_SRC(d, par, 2), PACK_SRC(d, par, 3), \
                     PACK_SRC(d, par, 4), PACK_SRC(d, par, 5), PACK_SRC(d, par, 6), PACK_SRC(d, par, 7), \
                     PACK_SRC(d, par, 8), PACK_SRC(d, par, 9), PACK_SRC(d, par, 10), PACK_SRC(d, par, 11), \
                     PACK_SRC(d, par, 12), PACK_SRC(d, par, 13), PACK_SRC(d, par, 14), PACK_SRC(d, par, 15), \
                     PACK_SRC(d, par, 0), PACK_SRC(d, par, 1), PACK_SRC(d, par, 2), PACK_SRC(d, par, 3), \
                     PACK_SRC(d, par, 4), PACK_SRC(d, par, 5), PACK_SRC(d, par, 6), PACK_SRC(d, par, 7), \
                     PACK_SRC(d, par, 8), PACK_SRC(d, par, 9), PACK_SRC(d, par, 10), PACK_SRC(d, par, 11), \
                     PACK_SRC(d, par, 12), PACK_SRC(d, par, 13), PACK_SRC(d, par, 14), PACK_SRC(d, par, 15))

/* ByteEncode_d of 16 values in [0, 2^d): 2d bytes to out, which must have d + 16 writable. */
INLINE void pack16(uint8_t *out, __m256i v, int d)
{
    __m256i w = _mm256_madd_epi16(v, _mm256_set1_epi32((int)((1u << d) << 16 | 1u)));
    w = _mm256_sllv_epi32(w, _mm256_setr_epi32(0, PAIR_SHIFT(d, 1), PAIR_SHIFT(d, 2), PAIR_SHIFT(d, 3), 0,
                                               PAIR_SHIFT(d, 1), PAIR_SHIFT(d, 2), PAIR_SHIFT(d, 3)));
    w = _mm256_or_si256(_mm256_shuffle_epi8(w, PACK_PATTERN(d, 0)), _mm256_shuffle_epi8(w, PACK_PATTERN(d, 1)));
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(w));
    _mm_storeu_si128((__m128i *)(out + d), _mm256_extracti128_si256(w, 1));
}

/* pack16 of a polynomial's last group (d = 12), whose second 16-byte store would pass the
 * polynomial's end: the high half's 12 bytes as an 8-byte and a 4-byte store instead, so no
 * local buffer (and no copy and wipe of it) is needed. Writes out[0 .. 24). */
INLINE void pack16_last12(uint8_t *out, __m256i v)
{
    __m256i w = _mm256_madd_epi16(v, _mm256_set1_epi32((int)((1u << 12) << 16 | 1u)));
    w = _mm256_sllv_epi32(w, _mm256_setr_epi32(0, PAIR_SHIFT(12, 1), PAIR_SHIFT(12, 2), PAIR_SHIFT(12, 3), 0,
                                               PAIR_SHIFT(12, 1), PAIR_SHIFT(12, 2), PAIR_SHIFT(12, 3)));
    w = _mm256_or_si256(_mm256_shuffle_epi8(w, PACK_PATTERN(12, 0)), _mm256_shuffle_epi8(w, PACK_PATTERN(12, 1)));
    __m128i hi = _mm256_extracti128_si256(w, 1);
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(w));
    _mm_storel_epi64((__m128i *)(out + 12), hi);
    const uint32_t last = (uint32_t)_mm_extract_epi32(hi, 2);
    memcpy(out + 20, &last, 4);
}

/* Value j of a half: 4 bytes from floor(jd / 8) into 32-bit lane j - j0, then >> (jd mod 8). */
#define VALUE_SRC(d, j0, i) ((((j0) + (i) / 4) * (d)) / 8 + (i) % 4)
#define VALUE_SHIFT(d, j) (((j) * (d)) % 8)
#define UNPACK_PATTERN(d, j0) \
    _mm256_setr_epi8(VALUE_SRC(d, j0, 0), VALUE_SRC(d, j0, 1), VALUE_SRC(d, j0, 2), VALUE_SRC(d, j0, 3), \
                     VALUE_SRC(d, j0, 4), VALUE_SRC(d, j0, 5), VALUE_SRC(d, j0, 6), VALUE_SRC(d, j0, 7), \
                     VALUE_SRC(d, j0, 8), VALUE_SRC(d, j0, 9), VALUE_SRC(d, j0, 10), VALUE_SRC(d, j0, 11), \
                     VALUE_SRC(d, j0, 12), VALUE_SRC(d, j0, 13), VALUE_SRC(d, j0, 14), VALUE_SRC(d, j0, 15), \
                     VALUE_SRC(d, j0, 0), VALUE_SRC(d, j0, 1), VALUE_SRC(d, j0, 2), VALUE_SRC(d, j0, 3), \
                     VALUE_SRC(d, j0, 4), VALUE_SRC(d, j0, 5), VALUE_SRC(d, j0, 6), VALUE_SRC(d, j0, 7), \
                     VALUE_SRC(d, j0, 8), VALUE_SRC(d, j0, 9), VALUE_SRC(d, j0, 10), VALUE_SRC(d, j0, 11), \
                     VALUE_SRC(d, j0, 12), VALUE_SRC(d, j0, 13), VALUE_SRC(d, j0, 14), VALUE_SRC(d, j0, 15))
#define UNPACK_SHIFTS(d, j0) \
    _mm256_setr_epi32(VALUE_SHIFT(d, (j0)), VALUE_SHIFT(d, (j0) + 1), VALUE_SHIFT(d, (j0) + 2), \
                      VALUE_SHIFT(d, (j0) + 3), VALUE_SHIFT(d, (j0)), VALUE_SHIFT(d, (j0) + 1), \
                      VALUE_SHIFT(d, (j0) + 2), VALUE_SHIFT(d, (j0) + 3))

/* ByteDecode_d of 2d bytes (in[0 .. d+16) readable) into 32-bit lanes: lo = values 0-3 and
 * 8-11, hi = values 4-7 and 12-15 (the order _mm256_packus_epi32(lo, hi) undoes). */
INLINE void unpack16(__m256i *lo, __m256i *hi, const uint8_t *in, int d)
{
    __m256i x = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)in)),
                                        _mm_loadu_si128((const __m128i *)(in + d)), 1);
    const __m256i mask = _mm256_set1_epi32((int)((1u << d) - 1));
    __m256i v03 = _mm256_shuffle_epi8(x, UNPACK_PATTERN(d, 0)), v47 = _mm256_shuffle_epi8(x, UNPACK_PATTERN(d, 4));
    *lo = _mm256_and_si256(_mm256_srlv_epi32(v03, UNPACK_SHIFTS(d, 0)), mask);
    *hi = _mm256_and_si256(_mm256_srlv_epi32(v47, UNPACK_SHIFTS(d, 4)), mask);
}

/* Group g (coefficients 16g..16g+15, bytes 2dg..2dg+2d) can be accessed in place if its
 * 16-byte accesses stay inside the 32d bytes of the polynomial. */
#define IN_PLACE(d, g) (2 * (d) * (g) + (d) + 16 <= 32 * (d))

/* ---- ByteEncode_12 / ByteDecode_12 ---------------------------------------------------- */

void kf_mlkem_poly_tobytes_avx2(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *p)
{
    for (unsigned g = 0; g < 16; g++) {
        __m256i v = to_canonical(_mm256_loadu_si256((const __m256i *)(p->c + 16 * g)));
        if (IN_PLACE(12, g)) pack16(out + 24 * g, v, 12);
        else pack16_last12(out + 24 * g, v);
    }
}

/* One row of KeyGen's t^ = A^ s^ + e^ to its bytes (poly.h's kf_mlkem_row_tobytes): the sum
 * by kf_mlkem_polyvec_basemul_acc_avx2, then one pass for the rest of poly.c's steps (times R,
 * plus e, ByteEncode_12 of the value mod q) instead of three through memory. The sum is
 * reduced (|t| <= (q-1)/2), times R (fqmul_pre) it is in (-q, q), plus |e| <= (q-1)/2 it does
 * not wrap; the same bytes as poly.c. t is wiped: the sum before e gives s away. */
static void row_tobytes(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *a, const kf_mlkem_poly *s,
                        const kf_mlkem_poly *m, const kf_mlkem_poly *e, unsigned k)
{
    const __m256i r2 = set16(KF_MLKEM_MONT_R2), r2q = set16(kf_mlkem_mont_pre(KF_MLKEM_MONT_R2));
    kf_mlkem_poly t;
    if (m) kf_mlkem_polyvec_basemul_acc_cached_avx2(&t, a, s, m, k);
    else kf_mlkem_polyvec_basemul_acc_avx2(&t, a, s, k);
    for (unsigned g = 0; g < 16; g++) {
        __m256i x = fqmul_pre(_mm256_loadu_si256((const __m256i *)(t.c + 16 * g)), r2, r2q);
        x = to_canonical(_mm256_add_epi16(x, _mm256_loadu_si256((const __m256i *)(e->c + 16 * g))));
        if (IN_PLACE(12, g)) pack16(out + 24 * g, x, 12);
        else pack16_last12(out + 24 * g, x);
    }
    kf_memzero(&t, sizeof t);
}

void kf_mlkem_row_tobytes_avx2(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *a, const kf_mlkem_poly *s,
                               const kf_mlkem_poly *e, unsigned k)
{
    row_tobytes(out, a, s, NULL, e, k);
}

/* The same with s's cache m (kf_mlkem_polyvec_mulcache_avx2). */
void kf_mlkem_row_tobytes_cached_avx2(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *a,
                                      const kf_mlkem_poly *s, const kf_mlkem_poly *m, const kf_mlkem_poly *e,
                                      unsigned k)
{
    row_tobytes(out, a, s, m, e, k);
}

/* unpack16 of a polynomial's last group (d = 12), whose high half's 16-byte load would pass
 * the end: that half's 12 bytes loaded as the last 16 bytes of the group and shifted down by
 * 4, so no local buffer is needed. Reads in[0 .. 24). */
INLINE void unpack16_last12(__m256i *lo, __m256i *hi, const uint8_t *in)
{
    __m256i x = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)in)),
                                        _mm_srli_si128(_mm_loadu_si128((const __m128i *)(in + 8)), 4), 1);
    const __m256i mask = _mm256_set1_epi32((1 << 12) - 1);
    __m256i v03 = _mm256_shuffle_epi8(x, UNPACK_PATTERN(12, 0)), v47 = _mm256_shuffle_epi8(x, UNPACK_PATTERN(12, 4));
    *lo = _mm256_and_si256(_mm256_srlv_epi32(v03, UNPACK_SHIFTS(12, 0)), mask);
    *hi = _mm256_and_si256(_mm256_srlv_epi32(v47, UNPACK_SHIFTS(12, 4)), mask);
}

void kf_mlkem_poly_frombytes_avx2(kf_mlkem_poly *p, const uint8_t in[KF_MLKEM_POLY_BYTES])
{
    __m256i lo, hi;
    for (unsigned g = 0; g < 16; g++) {
        if (IN_PLACE(12, g)) unpack16(&lo, &hi, in + 24 * g, 12);
        else unpack16_last12(&lo, &hi, in + 24 * g);
        _mm256_storeu_si256((__m256i *)(p->c + 16 * g), _mm256_packus_epi32(lo, hi));
    }
}

/* ---- Compress_d / Decompress_d ------------------------------------------------------- */

/* Compress_d of 16 coefficients (any int16: reduced to [0, q) first), see the top. */
INLINE __m256i compress16(__m256i x, unsigned d)
{
    x = to_canonical(x);
    __m256i e = _mm256_mulhi_epu16(x, set16((int)(((1u << (d + 16)) + Q / 2) / Q)));
    __m256i rem = _mm256_sub_epi16(_mm256_slli_epi16(x, (int)d), _mm256_mullo_epi16(e, set16(Q)));
    e = _mm256_sub_epi16(e, _mm256_cmpgt_epi16(rem, set16((Q - 1) / 2)));
    return _mm256_and_si256(e, set16((1 << d) - 1));
}

/* Decompress_d(y) = (y q + 2^(d-1)) >> d on 32-bit lanes (y in the low 16 bits, so vpmaddwd
 * by (q, q) is y q). */
INLINE __m256i decompress8(__m256i y, unsigned d)
{
    __m256i t = _mm256_madd_epi16(y, _mm256_set1_epi32(Q << 16 | Q));
    return _mm256_srli_epi32(_mm256_add_epi32(t, _mm256_set1_epi32(1 << (d - 1))), (int)d);
}

INLINE void compress_d(uint8_t *out, const kf_mlkem_poly *p, unsigned d)
{
    uint8_t tail[32];
    for (unsigned g = 0; g < 16; g++) {
        __m256i v = compress16(_mm256_loadu_si256((const __m256i *)(p->c + 16 * g)), d);
        if (IN_PLACE(d, g)) {
            pack16(out + 2 * d * g, v, (int)d);
        } else {
            pack16(tail, v, (int)d);
            memcpy(out + 2 * d * g, tail, 2 * d);
        }
    }
    kf_memzero(tail, sizeof tail);
}

INLINE void decompress_d(kf_mlkem_poly *p, const uint8_t *in, unsigned d)
{
    uint8_t tail[32] = {0};
    __m256i lo, hi;
    for (unsigned g = 0; g < 16; g++) {
        if (IN_PLACE(d, g)) {
            unpack16(&lo, &hi, in + 2 * d * g, (int)d);
        } else {
            memcpy(tail, in + 2 * d * g, 2 * d);
            unpack16(&lo, &hi, tail, (int)d);
        }
        __m256i v = _mm256_packus_epi32(decompress8(lo, d), decompress8(hi, d));
        _mm256_storeu_si256((__m256i *)(p->c + 16 * g), v);
    }
    kf_memzero(tail, sizeof tail);
}

/* One copy per d, so that every shift count and shuffle pattern is a constant. */
void kf_mlkem_poly_compress_avx2(uint8_t *out, const kf_mlkem_poly *p, unsigned d)
{
    switch (d) {
    case 4: compress_d(out, p, 4); break;
    case 5: compress_d(out, p, 5); break;
    case 10: compress_d(out, p, 10); break;
    case 11: compress_d(out, p, 11); break;
    default: kf_mlkem_poly_compress_portable(out, p, d); break;
    }
}

void kf_mlkem_poly_decompress_avx2(kf_mlkem_poly *p, const uint8_t *in, unsigned d)
{
    switch (d) {
    case 4: decompress_d(p, in, 4); break;
    case 5: decompress_d(p, in, 5); break;
    case 10: decompress_d(p, in, 10); break;
    case 11: decompress_d(p, in, 11); break;
    default: kf_mlkem_poly_decompress_portable(p, in, d); break;
    }
}

/* ---- messages (d = 1) ------------------------------------------------------------------ */

/* Decompress_1(ByteDecode_1(m)): coefficient 16 i + j is 1665 if bit j of message bytes
 * 2i, 2i+1 (little-endian) is set, else 0; a compare makes the mask, no branch. */
void kf_mlkem_poly_frommsg_avx2(kf_mlkem_poly *p, const uint8_t msg[KF_MLKEM_SYM_BYTES])
{
    const __m256i bits = _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192,
                                           16384, -32768);
    for (unsigned i = 0; i < KF_MLKEM_N / 16; i++) {
        __m256i w = set16(msg[2 * i] | msg[2 * i + 1] << 8);
        __m256i set = _mm256_cmpeq_epi16(_mm256_and_si256(w, bits), bits);
        _mm256_storeu_si256((__m256i *)(p->c + 16 * i), _mm256_and_si256(set, set16((Q + 1) / 2)));
    }
}

/* ByteEncode_1(Compress_1(p)): the 0/1 values of 32 coefficients moved to the top bit of
 * their bytes, in order, and gathered by vpmovmskb. */
void kf_mlkem_poly_tomsg_avx2(uint8_t msg[KF_MLKEM_SYM_BYTES], const kf_mlkem_poly *p)
{
    for (unsigned i = 0; i < KF_MLKEM_N / 32; i++) {
        __m256i a = compress16(_mm256_loadu_si256((const __m256i *)(p->c + 32 * i)), 1);
        __m256i b = compress16(_mm256_loadu_si256((const __m256i *)(p->c + 32 * i + 16)), 1);
        /* packs interleaves the halves: [a0..7 b0..7 | a8..15 b8..15]; 0xD8 = 64-bit order 0, 2, 1, 3 */
        __m256i bytes = _mm256_permute4x64_epi64(_mm256_packs_epi16(a, b), 0xD8);
        uint32_t m = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(bytes, 7));
        memcpy(msg + 4 * i, &m, 4); /* little-endian: coefficient 32 i + j is bit j */
    }
}

/*
 * encode_avx512.c - ByteEncode_12 and ByteDecode_12 (FIPS 203 Alg. 5 and 6, d = 12) with
 * AVX-512 VBMI, 32 coefficients (48 bytes) per step, for CPUs that have it (Ice Lake, Zen 4
 * and later; poly.c calls these only where kf_mlkem_avx512_vbmi2() says so).
 *
 * The AVX2 encoder (encode_avx2.c) does 16 coefficients per step with two byte shuffles and
 * two overlapping 16-byte stores; here VBMI's vpermb moves any byte of a 64-byte register
 * anywhere, so one shuffle packs the 24-bit pairs of a whole register:
 *  - encode: vpmaddwd joins coefficients 2p, 2p+1 (each in [0, q) < 2^12) into
 *    c[2p] | c[2p+1] << 12 in 32-bit lane p, and vpermb takes bytes 0-2 of each lane: 48 bytes.
 *  - decode: vpermb gives 16-bit lane 2p the bytes 3p, 3p+1 and lane 2p+1 the bytes 3p+1,
 *    3p+2; the odd lanes shift right by 4, a mask keeps 12 bits.
 * Each step stores 64 bytes (the 16 past the 48 are overwritten by the next step) except the
 * last, which stores its 48 under a mask; the decoder's last load is masked the same way, so
 * nothing outside the 384 bytes is read or written. The same output as poly.c bit for bit
 * (tests/test_mlkem_avx2.c: every int16 value, random inputs). Constant time: no branch or
 * address depends on a coefficient.
 * Built with -mavx512f -mavx512bw -mavx512vbmi -mavx512vbmi2 (sources.cmake).
 */
#include "mlkem/x86_64/poly_avx2.h"

#include <immintrin.h>

#define Q KF_MLKEM_Q
#define LAST48 0xFFFFFFFFFFFFull /* bytes 0..47 of a 64-byte register */

/* Encode: byte j of 48 is byte j mod 3 of 32-bit lane j / 3. */
#define E(j) (4 * ((j) / 3) + (j) % 3)
#define E8(j) E(j), E((j) + 1), E((j) + 2), E((j) + 3), E((j) + 4), E((j) + 5), E((j) + 6), E((j) + 7)
static const _Alignas(64) uint8_t pack_idx[64] = {
    E8(0), E8(8), E8(16), E8(24), E8(32), E8(40), /* bytes 48-63: the next step overwrites them */
};

/* Decode: byte j of 16-bit lane k (j = 0, 1) is byte 3 (k / 2) + (k odd) + j of the 48. */
#define D(b) (3 * ((b) / 4) + ((b) / 2 & 1) + ((b) & 1))
#define D8(b) D(b), D((b) + 1), D((b) + 2), D((b) + 3), D((b) + 4), D((b) + 5), D((b) + 6), D((b) + 7)
static const _Alignas(64) uint8_t unpack_idx[64] = {
    D8(0), D8(8), D8(16), D8(24), D8(32), D8(40), D8(48), D8(56),
};

/* x mod q in [0, q) for any int16 x: poly.c's to_canonical (Barrett as reduce_avx2.h's,
 * then q added to a negative remainder). */
static inline __m512i to_canonical(__m512i a)
{
    __m512i t = _mm512_mulhi_epi16(a, _mm512_set1_epi16(KF_MLKEM_BARRETT_V));
    t = _mm512_srai_epi16(_mm512_add_epi16(t, _mm512_set1_epi16(1 << 9)), 10);
    __m512i r = _mm512_sub_epi16(a, _mm512_mullo_epi16(t, _mm512_set1_epi16(Q)));
    return _mm512_add_epi16(r, _mm512_and_si512(_mm512_srai_epi16(r, 15), _mm512_set1_epi16(Q)));
}

void kf_mlkem_poly_tobytes_avx512(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *p)
{
    const __m512i idx = _mm512_load_si512((const void *)pack_idx);
    const __m512i join = _mm512_set1_epi32(1 | 1 << 28); /* c[2p] + c[2p+1] 2^12 */
    for (unsigned g = 0; g < 8; g++) {
        __m512i v = to_canonical(_mm512_loadu_si512((const void *)(p->c + 32 * g)));
        v = _mm512_permutexvar_epi8(idx, _mm512_madd_epi16(v, join));
        if (g < 7) _mm512_storeu_si512((void *)(out + 48 * g), v);
        else _mm512_mask_storeu_epi8(out + 48 * g, LAST48, v);
    }
}

void kf_mlkem_poly_frombytes_avx512(kf_mlkem_poly *p, const uint8_t in[KF_MLKEM_POLY_BYTES])
{
    const __m512i idx = _mm512_load_si512((const void *)unpack_idx);
    const __m512i shift = _mm512_set1_epi32(4 << 16), low12 = _mm512_set1_epi16(0xFFF);
    for (unsigned g = 0; g < 8; g++) {
        __m512i x = g < 7 ? _mm512_loadu_si512((const void *)(in + 48 * g))
                          : _mm512_maskz_loadu_epi8(LAST48, in + 48 * g);
        x = _mm512_and_si512(_mm512_srlv_epi16(_mm512_permutexvar_epi8(idx, x), shift), low12);
        _mm512_storeu_si512((void *)(p->c + 32 * g), x);
    }
}

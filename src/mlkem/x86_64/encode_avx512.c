/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * encode_avx512.c - ByteEncode_12 and ByteDecode_12 (FIPS 203 Alg. 5 and 6, d = 12) with
 * AVX-512 VBMI, 32 coefficients (48 bytes) per step, for CPUs that have it (Ice Lake, Zen 4
 * and later; poly.c calls these only where kf_mlkem_arith_avx512() says so).
 *
 * The AVX2 encoder (encode_avx2.c) does 16 coefficients per step with two byte shuffles and
 * two overlapping 16-byte stores; here VBMI's vpermb moves any byte of a 64-byte register
 * anywhere, so one shuffle packs the 24-bit pairs of a whole register:
 *  - encode: vpmaddwd joins coefficients 2p, 2p+1 (each in [0, q) < 2^12) into
 *    c[2p] | c[2p+1] << 12 in 32-bit lane p, and vpermb takes bytes 0-2 of each lane: 48 bytes.
 *  - decode: vpermb gives 16-bit lane 2p the bytes 3p, 3p+1 and lane 2p+1 the bytes 3p+1,
 *    3p+2; the odd lanes shift right by 4, a mask keeps 12 bits (reduce_avx512.h's
 *    spread12_index and unpack12, which SampleNTT's rejection uses too).
 * Each step stores 64 bytes (the 16 past the 48 are overwritten by the next step) except the
 * last, which stores its 48 under a mask; the decoder's last load is masked the same way, so
 * nothing outside the 384 bytes is read or written. The same output as poly.c bit for bit
 * (tests/test_mlkem_simd.c: every int16 value, random inputs). Constant time: no branch or
 * address depends on a coefficient.
 * Built with -mavx512f -mavx512bw -mavx512vbmi -mavx512vbmi2 (sources.cmake).
 */
#include "mlkem/x86_64/poly_avx2.h"
#include "mlkem/x86_64/reduce_avx512.h"

void kf_mlkem_poly_tobytes_avx512(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *p)
{
    for (unsigned g = 0; g < 8; g++)
        store_packed12(out, g, pack12(to_canonical(_mm512_loadu_si512((const void *)(p->c + 32 * g)))));
}

void kf_mlkem_poly_frombytes_avx512(kf_mlkem_poly *p, const uint8_t in[KF_MLKEM_POLY_BYTES])
{
    const __m512i idx = spread12_index();
    for (unsigned g = 0; g < 8; g++) {
        __m512i x = g < 7 ? _mm512_loadu_si512((const void *)(in + 48 * g))
                          : _mm512_maskz_loadu_epi8(KF_LAST48, in + 48 * g);
        _mm512_storeu_si512((void *)(p->c + 32 * g), unpack12(_mm512_permutexvar_epi8(idx, x)));
    }
}

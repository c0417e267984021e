/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * poly_avx2.h - ML-KEM arithmetic, encodings and samplers in AVX2 (x86-64).
 *
 * Each function has the contract of the portable function of the same name without "_avx2"
 * (mlkem/poly.h; the samplers: mlkem/sampling.c) and gives the same output, bit for bit, so
 * either may produce a polynomial the other consumes. They are called through those names
 * (poly.c, sampling.c) when kf_mlkem_arith_avx2() says so; the CPU must have AVX2.
 * Coefficients stay in the standard order everywhere, the NTT domain included: the vector
 * layouts the NTT needs live only inside one call.
 *
 * Constant time, like the portable code: no branch or address depends on a coefficient or
 * a byte of the input, except in kf_mlkem_rej_uniform_avx2 (public data, FIPS 203 Alg. 7).
 */
#ifndef KF_MLKEM_POLY_AVX2_H
#define KF_MLKEM_POLY_AVX2_H

#include "mlkem/poly.h"

void kf_mlkem_poly_ntt_avx2(kf_mlkem_poly *p);
void kf_mlkem_poly_invntt_tomont_avx2(kf_mlkem_poly *p);
void kf_mlkem_polyvec_basemul_acc_avx2(kf_mlkem_poly *r, const kf_mlkem_poly *a,
                                       const kf_mlkem_poly *b, unsigned k);
void kf_mlkem_row_tobytes_avx2(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *a, const kf_mlkem_poly *s,
                               const kf_mlkem_poly *e, unsigned k);
/* kf_mlkem_polyvec_mulcache's cache (poly.h) and the base multiplication and row of t^ that
 * read it instead of b's gamma products. */
void kf_mlkem_polyvec_mulcache_avx2(kf_mlkem_poly *m, const kf_mlkem_poly *b, unsigned k);
void kf_mlkem_polyvec_basemul_acc_cached_avx2(kf_mlkem_poly *r, const kf_mlkem_poly *a, const kf_mlkem_poly *b,
                                              const kf_mlkem_poly *m, unsigned k);
void kf_mlkem_row_tobytes_cached_avx2(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *a,
                                      const kf_mlkem_poly *s, const kf_mlkem_poly *m, const kf_mlkem_poly *e,
                                      unsigned k);
void kf_mlkem_poly_tomont_avx2(kf_mlkem_poly *p);
void kf_mlkem_poly_reduce_avx2(kf_mlkem_poly *p);
void kf_mlkem_poly_add_avx2(kf_mlkem_poly *r, const kf_mlkem_poly *a);
void kf_mlkem_poly_sub_avx2(kf_mlkem_poly *r, const kf_mlkem_poly *a);

void kf_mlkem_poly_tobytes_avx2(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *p);
void kf_mlkem_poly_frombytes_avx2(kf_mlkem_poly *p, const uint8_t in[KF_MLKEM_POLY_BYTES]);
/* d in {4, 5, 10, 11} only (the parameter sets' du and dv). */
void kf_mlkem_poly_compress_avx2(uint8_t *out, const kf_mlkem_poly *p, unsigned d);
void kf_mlkem_poly_decompress_avx2(kf_mlkem_poly *p, const uint8_t *in, unsigned d);
void kf_mlkem_poly_frommsg_avx2(kf_mlkem_poly *p, const uint8_t msg[KF_MLKEM_SYM_BYTES]);
void kf_mlkem_poly_tomsg_avx2(uint8_t msg[KF_MLKEM_SYM_BYTES], const kf_mlkem_poly *p);

/* SampleNTT's rejection (Alg. 7 lines 5-14) on whole 24-byte chunks of buf[0..len): 16
 * candidates each, accepted ones (< q) appended to c from *n on, while *n <= 240 (so every
 * store stays inside c[0..256)). Updates *n and returns the bytes consumed (a multiple of
 * 24); the caller finishes the rest candidate by candidate. Public data: the loop bound and
 * the table index depend on the candidates. */
size_t kf_mlkem_rej_uniform_avx2(int16_t c[KF_MLKEM_N], unsigned *n, const uint8_t *buf, size_t len);
/* The same read in place from instance i of `lanes` interleaved Keccak states (the block's
 * 64-bit word w at words[w lanes + i], keccak_xn_lanes.h), on the first len bytes of the
 * block (len <= 8 x 25): each 24-byte chunk put together in registers from its three words,
 * with no copy of the block to memory first (a copy's 8-byte stores cannot forward to the
 * 16-byte loads above). Returns the bytes consumed, a multiple of 24. */
size_t kf_mlkem_rej_words_avx2(int16_t c[KF_MLKEM_N], unsigned *n, const uint64_t *words, unsigned lanes,
                               unsigned i, size_t len);
/* The same on whole 48-byte chunks (32 candidates each) while *n <= 224, with AVX-512 F, BW,
 * VBMI and VBMI2 (sampling_avx512.c; only where kf_mlkem_avx512_cpu() says the CPU has them).
 * Returns the bytes consumed, a multiple of 48. */
size_t kf_mlkem_rej_uniform_avx512(int16_t c[KF_MLKEM_N], unsigned *n, const uint8_t *buf, size_t len);
/* The whole rejection step of one SHAKE128 block (168 bytes) read in place from instance i
 * of n interleaved Keccak states (lane j at 64-bit word j n + i, keccak_xn_lanes.h), from
 * coefficient cnt on: no copy of the block to memory first. Takes accepted candidates until
 * there are 256 and writes nothing past c[255]; returns the new count. Same conditions as
 * kf_mlkem_rej_uniform_avx512. */
unsigned kf_mlkem_rej_block_xn_avx512(int16_t c[KF_MLKEM_N], unsigned cnt, const uint64_t *words, unsigned n,
                                      unsigned i);
/* dst = src, 256 coefficients, with 64-byte loads and stores (sampling.c's staged rejection). */
void kf_mlkem_poly_copy_avx512(int16_t dst[KF_MLKEM_N], const int16_t src[KF_MLKEM_N]);
/* kf_mlkem_poly_tobytes / frombytes with AVX-512 VBMI (encode_avx512.c), where
 * kf_mlkem_arith_avx512() says so (the CPU test above, and KECCAKFORGE_MLKEM not "avx2"). */
void kf_mlkem_poly_tobytes_avx512(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *p);
void kf_mlkem_poly_frombytes_avx512(kf_mlkem_poly *p, const uint8_t in[KF_MLKEM_POLY_BYTES]);
/* kf_mlkem_poly_ntt with AVX-512 BW in 8 zmm registers (ntt_avx512.c), same condition. */
void kf_mlkem_poly_ntt_avx512(kf_mlkem_poly *p);
/* The same on two polynomials at once, their steps interleaved (ntt_avx512.c). */
void kf_mlkem_poly_ntt2_avx512(kf_mlkem_poly *p, kf_mlkem_poly *q);
/* kf_mlkem_polyvec_basemul_acc and kf_mlkem_row_tobytes with AVX-512 BW (basemul_avx512.c),
 * same condition. */
void kf_mlkem_polyvec_basemul_acc_avx512(kf_mlkem_poly *r, const kf_mlkem_poly *a, const kf_mlkem_poly *b,
                                         unsigned k);
void kf_mlkem_row_tobytes_avx512(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *a, const kf_mlkem_poly *s,
                                 const kf_mlkem_poly *e, unsigned k);
/* SamplePolyCBD_2 from 128 bytes and SamplePolyCBD_3 from 192 bytes (Alg. 8). */
void kf_mlkem_cbd2_avx2(kf_mlkem_poly *p, const uint8_t buf[128]);
void kf_mlkem_cbd3_avx2(kf_mlkem_poly *p, const uint8_t buf[192]);
/* The same with AVX-512 VBMI and BITALG (sampling_avx512.c), same condition as the NTT. */
void kf_mlkem_cbd2_avx512(kf_mlkem_poly *p, const uint8_t buf[128]);
void kf_mlkem_cbd3_avx512(kf_mlkem_poly *p, const uint8_t buf[192]);

#endif

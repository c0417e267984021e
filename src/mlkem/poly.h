/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * poly.h - arithmetic in R_q = Z_q[X]/(X^256 + 1) and T_q (FIPS 203 §4.3), and the
 * byte encodings (§4.2.1). Portable C, constant time: no branch or table index depends
 * on a coefficient.
 *
 * Representation: int16_t coefficients, signed and not always reduced. Each function
 * states the range it takes and gives ("|x| < q" means -q < x < q). Montgomery form uses
 * R = 2^16: fqmul(a, b) = a * b * R^-1 mod q.
 *
 * Two implementations: portable C (poly.c, the *_portable functions below) and AVX2
 * (x86_64/poly_avx2.c), with the same contracts and bit-identical outputs. The functions
 * without a suffix call one or the other, as arith.c decided (arith.h).
 */
#ifndef KF_MLKEM_POLY_H
#define KF_MLKEM_POLY_H

#include "mlkem/params.h"

#define KF_MLKEM_QINV (-3327)    /* q^-1 mod 2^16, as int16 */
#define KF_MLKEM_BARRETT_V 20159 /* round(2^26 / q) */
#define KF_MLKEM_MONT_R2 1353    /* R^2 mod q: fqmul(x, MONT_R2) = x * R */
#define KF_MLKEM_INVNTT_F 1441   /* R^2 / 128 mod q: the inverse NTT's 1/128, times R */

/* z q^-1 mod 2^16: the second factor of a SIMD Montgomery product by the constant z (the
 * fqmul_pre of x86_64/reduce_avx2.h and reduce_avx512.h). */
static inline int16_t kf_mlkem_mont_pre(int16_t z)
{
    return (int16_t)(uint16_t)((uint32_t)(uint16_t)z * (uint16_t)KF_MLKEM_QINV);
}

/* Aligned for whole-vector loads of the AVX2 code. */
typedef struct kf_mlkem_poly {
    _Alignas(32) int16_t c[KF_MLKEM_N];
} kf_mlkem_poly;

/* zetas[i] = 17^BitRev7(i) * R mod q, centered (poly.c). */
extern const int16_t kf_mlkem_zetas[128];

#include "mlkem/arith.h" /* which arithmetic the functions without a suffix run */

/* Montgomery reduction: a * R^-1 mod q in (-q, q), for |a| < q * 2^15. */
int16_t kf_mlkem_montgomery_reduce(int32_t a);
/* Barrett reduction: a mod q, centered, in [-(q-1)/2, (q-1)/2], for any int16 a. */
int16_t kf_mlkem_barrett_reduce(int16_t a);

/* NTT (Alg. 9) in place: |input| < q, output in T_q, |output| <= (q-1)/2 (reduced). */
void kf_mlkem_poly_ntt(kf_mlkem_poly *p);
/* kf_mlkem_poly_ntt of p and of q (AVX-512: the two at once, their steps interleaved). */
void kf_mlkem_poly_ntt2(kf_mlkem_poly *p, kf_mlkem_poly *q);
/* Inverse NTT (Alg. 10) times R, in place: |input| < q; output |x| < q. Applied to a
 * product from kf_mlkem_polyvec_basemul_acc (which carries R^-1) it gives the plain result. */
void kf_mlkem_poly_invntt_tomont(kf_mlkem_poly *p);
/* r = sum_{i<k} a[i] x b[i] in T_q (MultiplyNTTs, Alg. 11/12), times R^-1, reduced
 * (|r| <= (q-1)/2). Inputs: |a| < 2^12 (ByteDecode_12 output or reduced), |b| < q. */
void kf_mlkem_polyvec_basemul_acc(kf_mlkem_poly *r, const kf_mlkem_poly *a,
                                  const kf_mlkem_poly *b, unsigned k);
/* ByteEncode_12 of sum_{i<k} a[i] x s[i] + e in T_q: one row of K-PKE.KeyGen's t^ = A^ s^ + e^
 * (Alg. 13 lines 18-19), the same bytes as kf_mlkem_polyvec_basemul_acc, kf_mlkem_poly_tomont,
 * kf_mlkem_poly_add of e and kf_mlkem_poly_tobytes (AVX-512: in one pass through registers).
 * Inputs as kf_mlkem_polyvec_basemul_acc; |e| <= (q-1)/2 (an NTT output). */
void kf_mlkem_row_tobytes(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *a, const kf_mlkem_poly *s,
                          const kf_mlkem_poly *e, unsigned k);
/* p = p * R mod q (undoes basemul's R^-1 without an inverse NTT); |output| < q. */
void kf_mlkem_poly_tomont(kf_mlkem_poly *p);
/* Barrett-reduce every coefficient (centered). */
void kf_mlkem_poly_reduce(kf_mlkem_poly *p);
/* r += a, r -= a, coefficient-wise, no reduction (callers keep |r| < 2^15). */
void kf_mlkem_poly_add(kf_mlkem_poly *r, const kf_mlkem_poly *a);
void kf_mlkem_poly_sub(kf_mlkem_poly *r, const kf_mlkem_poly *a);

/* ByteEncode_12 (Alg. 5) of p mod q (any int16 coefficients; reduced to [0, q) first). */
void kf_mlkem_poly_tobytes(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *p);
/* ByteDecode_12 (Alg. 6) without the final mod q: coefficients in [0, 4096). */
void kf_mlkem_poly_frombytes(kf_mlkem_poly *p, const uint8_t in[KF_MLKEM_POLY_BYTES]);
/* kf_mlkem_poly_frombytes, then 1 if every coefficient is < q (FIPS 203 §7.2 modulus check:
 * ByteEncode_12(ByteDecode_12(in)) == in), else 0. */
int kf_mlkem_poly_frombytes_canonical(kf_mlkem_poly *p, const uint8_t in[KF_MLKEM_POLY_BYTES]);

/* ByteEncode_d(Compress_d(p)) (§4.2.1), 1 <= d <= 11: 32 d bytes. Any int16 coefficients. */
void kf_mlkem_poly_compress(uint8_t *out, const kf_mlkem_poly *p, unsigned d);
/* Decompress_d(ByteDecode_d(in)): coefficients in [0, q). */
void kf_mlkem_poly_decompress(kf_mlkem_poly *p, const uint8_t *in, unsigned d);
/* Decompress_1(ByteDecode_1(m)) (message to polynomial) and ByteEncode_1(Compress_1(p)). */
void kf_mlkem_poly_frommsg(kf_mlkem_poly *p, const uint8_t msg[KF_MLKEM_SYM_BYTES]);
void kf_mlkem_poly_tomsg(uint8_t msg[KF_MLKEM_SYM_BYTES], const kf_mlkem_poly *p);

/* The portable implementations of the functions above (the same contracts). */
void kf_mlkem_poly_ntt_portable(kf_mlkem_poly *p);
void kf_mlkem_poly_invntt_tomont_portable(kf_mlkem_poly *p);
void kf_mlkem_polyvec_basemul_acc_portable(kf_mlkem_poly *r, const kf_mlkem_poly *a,
                                           const kf_mlkem_poly *b, unsigned k);
void kf_mlkem_row_tobytes_portable(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *a,
                                   const kf_mlkem_poly *s, const kf_mlkem_poly *e, unsigned k);
void kf_mlkem_poly_tomont_portable(kf_mlkem_poly *p);
void kf_mlkem_poly_reduce_portable(kf_mlkem_poly *p);
void kf_mlkem_poly_add_portable(kf_mlkem_poly *r, const kf_mlkem_poly *a);
void kf_mlkem_poly_sub_portable(kf_mlkem_poly *r, const kf_mlkem_poly *a);
void kf_mlkem_poly_tobytes_portable(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *p);
void kf_mlkem_poly_frombytes_portable(kf_mlkem_poly *p, const uint8_t in[KF_MLKEM_POLY_BYTES]);
void kf_mlkem_poly_compress_portable(uint8_t *out, const kf_mlkem_poly *p, unsigned d);
void kf_mlkem_poly_decompress_portable(kf_mlkem_poly *p, const uint8_t *in, unsigned d);
void kf_mlkem_poly_frommsg_portable(kf_mlkem_poly *p, const uint8_t msg[KF_MLKEM_SYM_BYTES]);
void kf_mlkem_poly_tomsg_portable(uint8_t msg[KF_MLKEM_SYM_BYTES], const kf_mlkem_poly *p);

#endif

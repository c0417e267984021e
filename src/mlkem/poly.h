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

/* The coefficient ranges of the contracts (ACSL, proofs/units.py's units mlkem_poly and on):
 * every coefficient of p in [lo, hi]; of a[0 .. k). */
/*@ predicate kf_mlkem_bounded{L}(kf_mlkem_poly *p, integer lo, integer hi) =
      \forall integer m; 0 <= m < KF_MLKEM_N ==> lo <= p->c[m] <= hi;
    predicate kf_mlkem_vec_bounded{L}(kf_mlkem_poly *a, integer k, integer lo, integer hi) =
      \forall integer l, m; 0 <= l < k && 0 <= m < KF_MLKEM_N ==> lo <= a[l].c[m] <= hi; */

/* zetas[i] = 17^BitRev7(i) * R mod q, centered (poly.c). */
extern const int16_t kf_mlkem_zetas[128];

#include "mlkem/arith.h" /* which arithmetic the functions without a suffix run */

/* Montgomery reduction: a * R^-1 mod q in (-q, q), for |a| < q * 2^15. */
int16_t kf_mlkem_montgomery_reduce(int32_t a);
/* Barrett reduction: a mod q, centered, in [-(q-1)/2, (q-1)/2], for any int16 a. */
int16_t kf_mlkem_barrett_reduce(int16_t a);

/* NTT (Alg. 9) in place: |input| < q, output in T_q, |output| <= (q-1)/2 (reduced). */
/*@ requires \valid(p) && kf_mlkem_bounded(p, -(KF_MLKEM_Q - 1), KF_MLKEM_Q - 1);
    assigns p->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(p, -(KF_MLKEM_Q - 1) / 2, (KF_MLKEM_Q - 1) / 2); */
void kf_mlkem_poly_ntt(kf_mlkem_poly *p);
/* kf_mlkem_poly_ntt of p and of q (AVX-512: the two at once, their steps interleaved). */
/*@ requires \valid(p) && \valid(q) && \separated(p, q);
    requires kf_mlkem_bounded(p, -(KF_MLKEM_Q - 1), KF_MLKEM_Q - 1) && kf_mlkem_bounded(q, -(KF_MLKEM_Q - 1), KF_MLKEM_Q - 1);
    assigns p->c[0 .. KF_MLKEM_N - 1], q->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(p, -(KF_MLKEM_Q - 1) / 2, (KF_MLKEM_Q - 1) / 2);
    ensures kf_mlkem_bounded(q, -(KF_MLKEM_Q - 1) / 2, (KF_MLKEM_Q - 1) / 2); */
void kf_mlkem_poly_ntt2(kf_mlkem_poly *p, kf_mlkem_poly *q);
/* Inverse NTT (Alg. 10) times R, in place: |input| < q; output |x| < q. Applied to a
 * product from kf_mlkem_polyvec_basemul_acc (which carries R^-1) it gives the plain result. */
/*@ requires \valid(p) && kf_mlkem_bounded(p, -(KF_MLKEM_Q - 1), KF_MLKEM_Q - 1);
    assigns p->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(p, -(KF_MLKEM_Q - 1), KF_MLKEM_Q - 1); */
void kf_mlkem_poly_invntt_tomont(kf_mlkem_poly *p);
/* r = sum_{i<k} a[i] x b[i] in T_q (MultiplyNTTs, Alg. 11/12), times R^-1, reduced
 * (|r| <= (q-1)/2). Inputs: |a| < 2^12 (ByteDecode_12 output or reduced), |b| < q. */
/*@ requires 1 <= k <= KF_MLKEM_K_MAX;
    requires \valid(r) && \valid_read(a + (0 .. k - 1)) && \valid_read(b + (0 .. k - 1));
    requires \separated(r, a + (0 .. k - 1)) && \separated(r, b + (0 .. k - 1));
    requires kf_mlkem_vec_bounded(a, k, -4095, 4095) && kf_mlkem_vec_bounded(b, k, -(KF_MLKEM_Q - 1), KF_MLKEM_Q - 1);
    assigns r->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(r, -(KF_MLKEM_Q - 1) / 2, (KF_MLKEM_Q - 1) / 2); */
void kf_mlkem_polyvec_basemul_acc(kf_mlkem_poly *r, const kf_mlkem_poly *a,
                                  const kf_mlkem_poly *b, unsigned k);
/* ByteEncode_12 of sum_{i<k} a[i] x s[i] + e in T_q: one row of K-PKE.KeyGen's t^ = A^ s^ + e^
 * (Alg. 13 lines 18-19), the same bytes as kf_mlkem_polyvec_basemul_acc, kf_mlkem_poly_tomont,
 * kf_mlkem_poly_add of e and kf_mlkem_poly_tobytes (AVX-512: in one pass through registers).
 * Inputs as kf_mlkem_polyvec_basemul_acc; |e| <= (q-1)/2 (an NTT output). */
/*@ requires 1 <= k <= KF_MLKEM_K_MAX && \valid(out + (0 .. KF_MLKEM_POLY_BYTES - 1));
    requires \valid_read(a + (0 .. k - 1)) && \valid_read(s + (0 .. k - 1)) && \valid_read(e);
    requires \separated(out + (0 .. KF_MLKEM_POLY_BYTES - 1), a + (0 .. k - 1), s + (0 .. k - 1), e);
    requires kf_mlkem_vec_bounded(a, k, -4095, 4095) && kf_mlkem_vec_bounded(s, k, -(KF_MLKEM_Q - 1), KF_MLKEM_Q - 1);
    requires kf_mlkem_bounded(e, -(KF_MLKEM_Q - 1) / 2, (KF_MLKEM_Q - 1) / 2);
    assigns out[0 .. KF_MLKEM_POLY_BYTES - 1]; */
void kf_mlkem_row_tobytes(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *a, const kf_mlkem_poly *s,
                          const kf_mlkem_poly *e, unsigned k);
/* The base multiplication's cache of b (KeyGen's s^, Encrypt's y^), for the rows that all
 * multiply by the same b: m[i] holds, per pair (b0, b1) of b[i] with its gamma, the pair
 * (b0, fqmul(b1, gamma)), which the AVX2 base multiplication otherwise works out from a[i]
 * and b[i] again in every row. kf_mlkem_polyvec_mulcache fills m[0..k) and returns 1 where
 * the arithmetic in use reads a cache (AVX2 without the AVX-512 parts), else writes nothing
 * and returns 0. The cached forms take m = NULL as "no cache" and give the bytes and values
 * of the uncached ones in every case: the result is the centered Barrett representative of
 * the same residue either way (docs/BENCHMARK_HISTORY.md, "basemul cache"). m is as secret
 * as b: the caller wipes it. */
/*@ requires 1 <= k <= KF_MLKEM_K_MAX && \valid(m + (0 .. k - 1)) && \valid_read(b + (0 .. k - 1));
    requires kf_mlkem_vec_bounded(b, k, -(KF_MLKEM_Q - 1), KF_MLKEM_Q - 1);
    assigns m[0 .. k - 1];
    ensures \result == 0 || \result == 1; */
int kf_mlkem_polyvec_mulcache(kf_mlkem_poly *m, const kf_mlkem_poly *b, unsigned k);
/* kf_mlkem_polyvec_basemul_acc(r, a, b, k), reading m (from kf_mlkem_polyvec_mulcache(m, b,
 * k)) if not NULL; the same contract. */
/*@ requires 1 <= k <= KF_MLKEM_K_MAX;
    requires \valid(r) && \valid_read(a + (0 .. k - 1)) && \valid_read(b + (0 .. k - 1));
    requires m == \null || \valid_read(m + (0 .. k - 1));
    requires \separated(r, a + (0 .. k - 1)) && \separated(r, b + (0 .. k - 1));
    requires kf_mlkem_vec_bounded(a, k, -4095, 4095) && kf_mlkem_vec_bounded(b, k, -(KF_MLKEM_Q - 1), KF_MLKEM_Q - 1);
    assigns r->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(r, -(KF_MLKEM_Q - 1) / 2, (KF_MLKEM_Q - 1) / 2); */
void kf_mlkem_polyvec_basemul_acc_cached(kf_mlkem_poly *r, const kf_mlkem_poly *a, const kf_mlkem_poly *b,
                                         const kf_mlkem_poly *m, unsigned k);
/* kf_mlkem_row_tobytes(out, a, s, e, k), reading m (from kf_mlkem_polyvec_mulcache(m, s, k))
 * if not NULL; the same contract. */
/*@ requires 1 <= k <= KF_MLKEM_K_MAX && \valid(out + (0 .. KF_MLKEM_POLY_BYTES - 1));
    requires \valid_read(a + (0 .. k - 1)) && \valid_read(s + (0 .. k - 1)) && \valid_read(e);
    requires m == \null || \valid_read(m + (0 .. k - 1));
    requires \separated(out + (0 .. KF_MLKEM_POLY_BYTES - 1), a + (0 .. k - 1), s + (0 .. k - 1), e);
    requires kf_mlkem_vec_bounded(a, k, -4095, 4095) && kf_mlkem_vec_bounded(s, k, -(KF_MLKEM_Q - 1), KF_MLKEM_Q - 1);
    requires kf_mlkem_bounded(e, -(KF_MLKEM_Q - 1) / 2, (KF_MLKEM_Q - 1) / 2);
    assigns out[0 .. KF_MLKEM_POLY_BYTES - 1]; */
void kf_mlkem_row_tobytes_cached(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *a, const kf_mlkem_poly *s,
                                 const kf_mlkem_poly *m, const kf_mlkem_poly *e, unsigned k);
/* p = p * R mod q (undoes basemul's R^-1 without an inverse NTT); |output| < q. */
/*@ requires \valid(p);
    assigns p->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(p, -(KF_MLKEM_Q - 1), KF_MLKEM_Q - 1); */
void kf_mlkem_poly_tomont(kf_mlkem_poly *p);
/* Barrett-reduce every coefficient (centered). */
/*@ requires \valid(p);
    assigns p->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(p, -(KF_MLKEM_Q - 1) / 2, (KF_MLKEM_Q - 1) / 2); */
void kf_mlkem_poly_reduce(kf_mlkem_poly *p);
/* r += a, r -= a, coefficient-wise, no reduction (callers keep |r| < 2^15). */
/*@ requires \valid(r) && \valid_read(a) && \separated(r, a);
    requires \forall integer m; 0 <= m < KF_MLKEM_N ==> INT16_MIN <= r->c[m] + a->c[m] <= INT16_MAX;
    assigns r->c[0 .. KF_MLKEM_N - 1];
    ensures \forall integer m; 0 <= m < KF_MLKEM_N ==> r->c[m] == \old(r->c[m]) + a->c[m]; */
void kf_mlkem_poly_add(kf_mlkem_poly *r, const kf_mlkem_poly *a);
/*@ requires \valid(r) && \valid_read(a) && \separated(r, a);
    requires \forall integer m; 0 <= m < KF_MLKEM_N ==> INT16_MIN <= r->c[m] - a->c[m] <= INT16_MAX;
    assigns r->c[0 .. KF_MLKEM_N - 1];
    ensures \forall integer m; 0 <= m < KF_MLKEM_N ==> r->c[m] == \old(r->c[m]) - a->c[m]; */
void kf_mlkem_poly_sub(kf_mlkem_poly *r, const kf_mlkem_poly *a);

/* ByteEncode_12 (Alg. 5) of p mod q (any int16 coefficients; reduced to [0, q) first). */
/*@ requires \valid(out + (0 .. KF_MLKEM_POLY_BYTES - 1)) && \valid_read(p);
    requires \separated(out + (0 .. KF_MLKEM_POLY_BYTES - 1), p);
    assigns out[0 .. KF_MLKEM_POLY_BYTES - 1]; */
void kf_mlkem_poly_tobytes(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *p);
/* ByteDecode_12 (Alg. 6) without the final mod q: coefficients in [0, 4096). */
/*@ requires \valid(p) && \valid_read(in + (0 .. KF_MLKEM_POLY_BYTES - 1));
    requires \separated(p, in + (0 .. KF_MLKEM_POLY_BYTES - 1));
    assigns p->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(p, 0, 4095); */
void kf_mlkem_poly_frombytes(kf_mlkem_poly *p, const uint8_t in[KF_MLKEM_POLY_BYTES]);
/* kf_mlkem_poly_frombytes, then 1 if every coefficient is < q (FIPS 203 §7.2 modulus check:
 * ByteEncode_12(ByteDecode_12(in)) == in), else 0. */
/*@ requires \valid(p) && \valid_read(in + (0 .. KF_MLKEM_POLY_BYTES - 1));
    requires \separated(p, in + (0 .. KF_MLKEM_POLY_BYTES - 1));
    assigns p->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(p, 0, 4095);
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> kf_mlkem_bounded(p, 0, KF_MLKEM_Q - 1); */
int kf_mlkem_poly_frombytes_canonical(kf_mlkem_poly *p, const uint8_t in[KF_MLKEM_POLY_BYTES]);

/* ByteEncode_d(Compress_d(p)) (§4.2.1), 1 <= d <= 11: 32 d bytes. Any int16 coefficients. */
/*@ requires 1 <= d <= 11 && \valid(out + (0 .. 32 * d - 1)) && \valid_read(p);
    requires \separated(out + (0 .. 32 * d - 1), p);
    assigns out[0 .. 32 * d - 1]; */
void kf_mlkem_poly_compress(uint8_t *out, const kf_mlkem_poly *p, unsigned d);
/* Decompress_d(ByteDecode_d(in)): coefficients in [0, q). */
/*@ requires 1 <= d <= 11 && \valid(p) && \valid_read(in + (0 .. 32 * d - 1));
    requires \separated(p, in + (0 .. 32 * d - 1));
    assigns p->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(p, 0, KF_MLKEM_Q - 1); */
void kf_mlkem_poly_decompress(kf_mlkem_poly *p, const uint8_t *in, unsigned d);
/* Decompress_1(ByteDecode_1(m)) (message to polynomial) and ByteEncode_1(Compress_1(p)). */
/*@ requires \valid(p) && \valid_read(msg + (0 .. KF_MLKEM_SYM_BYTES - 1));
    requires \separated(p, msg + (0 .. KF_MLKEM_SYM_BYTES - 1));
    assigns p->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(p, 0, KF_MLKEM_Q - 1); */
void kf_mlkem_poly_frommsg(kf_mlkem_poly *p, const uint8_t msg[KF_MLKEM_SYM_BYTES]);
/*@ requires \valid(msg + (0 .. KF_MLKEM_SYM_BYTES - 1)) && \valid_read(p);
    requires \separated(msg + (0 .. KF_MLKEM_SYM_BYTES - 1), p);
    assigns msg[0 .. KF_MLKEM_SYM_BYTES - 1]; */
void kf_mlkem_poly_tomsg(uint8_t msg[KF_MLKEM_SYM_BYTES], const kf_mlkem_poly *p);

/* The portable implementations of the functions above (the same contracts). */
void kf_mlkem_poly_ntt_portable(kf_mlkem_poly *p);
void kf_mlkem_poly_invntt_tomont_portable(kf_mlkem_poly *p);
void kf_mlkem_polyvec_basemul_acc_portable(kf_mlkem_poly *r, const kf_mlkem_poly *a,
                                           const kf_mlkem_poly *b, unsigned k);
/*@ requires 1 <= k <= KF_MLKEM_K_MAX && \valid(out + (0 .. KF_MLKEM_POLY_BYTES - 1));
    requires \valid_read(a + (0 .. k - 1)) && \valid_read(s + (0 .. k - 1)) && \valid_read(e);
    requires \separated(out + (0 .. KF_MLKEM_POLY_BYTES - 1), a + (0 .. k - 1), s + (0 .. k - 1), e);
    requires kf_mlkem_vec_bounded(a, k, -4095, 4095) && kf_mlkem_vec_bounded(s, k, -(KF_MLKEM_Q - 1), KF_MLKEM_Q - 1);
    requires kf_mlkem_bounded(e, -(KF_MLKEM_Q - 1) / 2, (KF_MLKEM_Q - 1) / 2);
    assigns out[0 .. KF_MLKEM_POLY_BYTES - 1]; */
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

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * poly_avx2.h - ML-DSA arithmetic mod q = 8380417 in AVX2 (x86-64): the NTT and its inverse
 * (ntt_avx2.c), the pointwise Montgomery products, and the per-coefficient functions that
 * signing and verification run most: reduction, rounding, hints, the norm check (poly_avx2.c).
 *
 * Each function has the contract of the portable function of the same name without "_avx2"
 * (mldsa/poly.h) and gives the same output, bit for bit, for every input that contract
 * allows (tests/test_mldsa_simd.c), so either may produce a polynomial the other consumes.
 * They are called through those names (poly.c) when kf_mldsa_arith_avx2() says so; the CPU
 * must have AVX2. Coefficients stay in the standard order, the NTT domain included: the
 * transposed layout of the NTT's last layers lives only inside one call.
 *
 * Constant time, like the portable code: no branch or address depends on a coefficient,
 * except in kf_mldsa_use_hint_avx2's caller's data, which is public (it has no branch either).
 */
#ifndef KF_MLDSA_POLY_AVX2_H
#define KF_MLDSA_POLY_AVX2_H

#include "mldsa/poly.h"

void kf_mldsa_ntt_avx2(kf_mldsa_poly *p);
void kf_mldsa_invntt_tomont_avx2(kf_mldsa_poly *p);
void kf_mldsa_pointwise_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);
void kf_mldsa_pointwise_acc_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);
void kf_mldsa_pointwise_acc_vec_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b, unsigned n);
void kf_mldsa_pointwise_acc_vec_plus_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b,
                                          unsigned n, const kf_mldsa_poly *c, const kf_mldsa_poly *d);

void kf_mldsa_poly_reduce_avx2(kf_mldsa_poly *p);
void kf_mldsa_poly_caddq_avx2(kf_mldsa_poly *p);
void kf_mldsa_poly_freeze_avx2(kf_mldsa_poly *p);
void kf_mldsa_poly_add_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);
void kf_mldsa_poly_sub_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);
void kf_mldsa_poly_shiftl_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a);
void kf_mldsa_power2round_avx2(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a);
void kf_mldsa_decompose_avx2(kf_mldsa_poly *a1, kf_mldsa_poly *a0, const kf_mldsa_poly *a, int32_t gamma2);
void kf_mldsa_make_hint_avx2(kf_mldsa_poly *h, const kf_mldsa_poly *r, const kf_mldsa_poly *rz, int32_t gamma2,
                             uint32_t *ones);
void kf_mldsa_use_hint_avx2(kf_mldsa_poly *w1, const kf_mldsa_poly *r, const kf_mldsa_poly *h, int32_t gamma2);
/* Verification's row after its inverse NTT (verify.c): w1Encode of UseHint(h, w mod+ q) into
 * out (32 w1_bits bytes: 4 bits for gamma2 = (q - 1) / 32, 6 for (q - 1) / 88), for |w| < q
 * (kf_mldsa_invntt_tomont's output): what kf_mldsa_poly_freeze, kf_mldsa_use_hint and
 * kf_mldsa_pack_simple give in three passes. */
void kf_mldsa_use_hint_pack_avx2(uint8_t *out, const kf_mldsa_poly *w, const kf_mldsa_poly *h, int32_t gamma2);
void kf_mldsa_poly_exceeds_avx2(const kf_mldsa_poly *p, int32_t bound, uint32_t *over);
void kf_mldsa_sparse_mul_avx2(kf_mldsa_poly *r, const int16_t e[3 * KF_MLDSA_N], const uint16_t *off, unsigned n);
/* The same from kf_mldsa_sparse_prep8's int8 copies, in passes of group >= 1 terms where group
 * max|s| <= 127 (every pass's sums fit in 8 bits: they are kept mod 2^8, sign-extended at the
 * end of the pass and added in 32 bits). e2 holds the same 3 N bytes as e; where e2 - e = 32
 * mod 64 (kf_mldsa_sparse's layout) no load crosses a 64-byte line. */
void kf_mldsa_sparse_mul8_avx2(kf_mldsa_poly *r, const int8_t e[3 * KF_MLDSA_N], const int8_t e2[3 * KF_MLDSA_N],
                               const uint16_t *off, unsigned n, unsigned group);
/* kf_mldsa_sparse_sub_low_exceeds and kf_mldsa_sparse_add_reduce_exceeds (poly.h) from the
 * int8 copies (group: kf_mldsa_sparse's narrow): the product's last pass feeds the check as
 * its sums are widened, unstored; tmp (and z before its last pass) hold the earlier passes'
 * sums. The same w, z and verdict as the product followed by the check. */
void kf_mldsa_sparse_sub_low8_avx2(kf_mldsa_poly *w, const kf_mldsa_poly *w0, kf_mldsa_poly *tmp, const int8_t *e,
                                   const int8_t *e2, const uint16_t *off, unsigned n, unsigned group, int32_t bound,
                                   uint32_t *over);
void kf_mldsa_sparse_add_reduce8_avx2(kf_mldsa_poly *z, const kf_mldsa_poly *y, const int8_t *e, const int8_t *e2,
                                      const uint16_t *off, unsigned n, unsigned group, int32_t bound, uint32_t *over);
void kf_mldsa_caddq_decompose_avx2(kf_mldsa_poly *a1, kf_mldsa_poly *a0, kf_mldsa_poly *w, int32_t gamma2);
void kf_mldsa_sub_low_exceeds_avx2(kf_mldsa_poly *w, const kf_mldsa_poly *w0, const kf_mldsa_poly *cs2,
                                   int32_t bound, uint32_t *over);
void kf_mldsa_add_reduce_exceeds_avx2(kf_mldsa_poly *z, const kf_mldsa_poly *y, int32_t bound, uint32_t *over);
void kf_mldsa_add_power2round_avx2(kf_mldsa_poly *t1, kf_mldsa_poly *t0, const kf_mldsa_poly *t,
                                   const kf_mldsa_poly *s2);
void kf_mldsa_hint_row_avx2(kf_mldsa_poly *h, const kf_mldsa_poly *w, const kf_mldsa_poly *ct0, int32_t gamma2,
                            uint32_t *ones, uint32_t *over);

/* kf_mldsa_pack_simple for bits 4 and 6 (w1Encode) and 10 (pkEncode's t1), and
 * kf_mldsa_unpack_offset for bits 18 and 20 (y, z) (pack_avx2.c): 1 when done, 0 (nothing
 * done) for other widths. */
int kf_mldsa_pack_simple_avx2(uint8_t *out, const kf_mldsa_poly *p, unsigned bits);
int kf_mldsa_unpack_offset_avx2(kf_mldsa_poly *p, const uint8_t *in, unsigned bits, int32_t b);
/* kf_mldsa_pack_offset for bits 18 and 20 (sigEncode's z) and 3, 4, 13 (skEncode's s1, s2,
 * t0); 1 when done, 0 for other widths.
 * (unpack_offset_avx2 also takes 3, 4 and 13 bits: skDecode's s1, s2 and t0.) */
int kf_mldsa_pack_offset_avx2(uint8_t *out, const kf_mldsa_poly *p, unsigned bits, int32_t b);
/* kf_mldsa_sparse_prep_packed's int8 layout (poly.h) from s's bytes for bits 3 (eta 2) or 4
 * (eta 4): kf_mldsa_sparse_prep8's 3 N bytes written at e and again at e2, *over |= 1 if a
 * coefficient is outside [-eta, eta] (pack_avx2.c); 1 when done, 0 (nothing done) for other
 * widths. Reads only the 32 bits bytes of in. */
int kf_mldsa_sparse_unpack8_avx2(int8_t *e, int8_t *e2, const uint8_t *in, unsigned bits, int32_t eta,
                                 uint32_t *over);
/* kf_mldsa_unpack_simple for bits 10 (pkDecode's t1); 1 when done, 0 for other widths. */
int kf_mldsa_unpack_simple_avx2(kf_mldsa_poly *p, const uint8_t *in, unsigned bits);
/* HintBitPack's loop for one polynomial (packing.c, sigEncode): the index of every non-zero
 * coefficient of h, in order, written to out[idx], out[idx + 1], ... while idx < omega;
 * returns the new idx. h is public (it is part of the signature). */
unsigned kf_mldsa_hint_indices_avx2(uint8_t *out, unsigned idx, unsigned omega, const kf_mldsa_poly *h);

/* RejNTTPoly's rejection (sampling.c, reject_uniform) on whole 24-byte chunks of buf[0..len)
 * while n <= 248 and 28 bytes remain (the loads stay inside buf): accepted candidates
 * appended to c from n on (lanes past the accepted ones are written with scratch values
 * that later candidates overwrite, never past c[255]). Returns the new count, *used = the
 * bytes consumed (a multiple of 24); the caller finishes candidate by candidate. Public
 * data only (sampling_avx2.c). */
unsigned kf_mldsa_rej_uniform_avx2(int32_t c[KF_MLDSA_N], unsigned n, const uint8_t *buf, size_t len,
                                   size_t *used);
/* RejBoundedPoly's rejection (sampling.c, reject_eta) on whole 4-byte chunks (8 half-bytes)
 * of buf[0..len) while n <= 248, eta 2 or 4, the same way; the values are secret, only each
 * chunk's accept bits are declassified (common/ct.h) and steer the compaction. */
unsigned kf_mldsa_rej_eta_avx2(int32_t c[KF_MLDSA_N], unsigned n, const uint8_t *buf, size_t len, unsigned eta,
                               size_t *used);
/* The same two rejection steps with AVX-512 (sampling_avx512.c, 16 candidates a step), where
 * kf_mldsa_sample_avx512() says so: RejNTTPoly's on whole 48-byte chunks while n <= 240,
 * RejBoundedPoly's on whole 8-byte chunks (16 half-bytes) while n <= 240; the same contract
 * as the AVX2 ones above, which the callers then run on what is left. */
unsigned kf_mldsa_rej_uniform_avx512(int32_t c[KF_MLDSA_N], unsigned n, const uint8_t *buf, size_t len,
                                     size_t *used);
unsigned kf_mldsa_rej_eta_avx512(int32_t c[KF_MLDSA_N], unsigned n, const uint8_t *buf, size_t len, unsigned eta,
                                 size_t *used);
/* kf_mldsa_challenge_offsets with AVX-512 (sampling_avx512.c), where kf_mldsa_sample_avx512():
 * the same offsets in the same order */
unsigned kf_mldsa_challenge_offsets_avx512(uint16_t off[KF_MLDSA_N], const kf_mldsa_poly *c);
/* kf_mldsa_ntt, kf_mldsa_invntt_tomont and the pointwise products with AVX-512 F
 * (ntt_avx512.c), where kf_mldsa_arith_avx512() says so; the same outputs bit for bit. */
void kf_mldsa_ntt_avx512(kf_mldsa_poly *p);
void kf_mldsa_invntt_tomont_avx512(kf_mldsa_poly *p);
void kf_mldsa_pointwise_avx512(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);
void kf_mldsa_pointwise_acc_avx512(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b);
void kf_mldsa_pointwise_acc_vec_avx512(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b,
                                       unsigned n);

#endif

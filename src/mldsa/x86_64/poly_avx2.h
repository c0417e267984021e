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
void kf_mldsa_poly_exceeds_avx2(const kf_mldsa_poly *p, int32_t bound, uint32_t *over);

#endif

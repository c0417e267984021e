/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sampling.h - ML-DSA's pseudorandom sampling (FIPS 204 §7.3): ExpandA (Alg. 32, RejNTTPoly
 * over SHAKE128), ExpandS (Alg. 33, RejBoundedPoly over SHAKE256), ExpandMask (Alg. 34) and
 * SampleInBall (Alg. 29); and H (SHAKE256) over a list of byte strings.
 *
 * ExpandA's k l streams, ExpandS's l + k and ExpandMask's l are independent SHAKE instances:
 * they run KF_XN_MAX at a time in the lanes of the batched Keccak backend (sponge_xn.h),
 * which plans them onto x8, x4 or x2 states, or x1 where there is no batched backend.
 */
#ifndef KF_MLDSA_SAMPLING_H
#define KF_MLDSA_SAMPLING_H

#include "mldsa/poly.h"
#include "keccak/keccak_backend.h" /* kf_xn_side */

/* A-hat (k x l, row-major: a[r l + s] = RejNTTPoly(rho || s || r)), in the NTT domain,
 * coefficients in [0, q). rho is public; rejection branches freely. */
void kf_mldsa_expand_a(kf_mldsa_poly *a, const uint8_t rho[KF_MLDSA_SEEDBYTES], const kf_mldsa_params *p);
/* ExpandA as above, with the lone sponge side riding on its permutations where
 * kf_backend_xn_side() has a backend (tr = H(pk) in verification, verify.c, and in key
 * generation, mldsa.c): before each permutation of ExpandA's groups of 8, while side->blocks >
 * 0, a block of side->in is absorbed into side->lanes (kf_backend_xn.xof_side). Where there is
 * no such backend, or for what ExpandA's permutations leave, the caller absorbs the rest of
 * side itself (kf_xn_side_finish). ready, if not NULL, is called after each group with the
 * number of A's polynomials (in order, row after row) that are final, and may add blocks to
 * side->blocks for the groups after. */
void kf_mldsa_expand_a_side(kf_mldsa_poly *a, const uint8_t rho[KF_MLDSA_SEEDBYTES], const kf_mldsa_params *p,
                            kf_xn_side *side, unsigned side_groups, void (*ready)(void *ctx, unsigned done),
                            void *ctx);
/* side_groups for kf_mldsa_expand_a_side where the side backend is avx2-x4 (whose side rides
 * only on a partial group's free lane), else 0: that many groups of at most 3 streams come
 * last, each with a lane for tr = H(pk), enough for pk's padded blocks (verification: keygen
 * == 0) or, in key generation (keygen nonzero), only where the rows done before them
 * leave at least two groups' worth of pk's blocks. */
unsigned kf_mldsa_side_groups(const kf_mldsa_params *p, int keygen);
/* ExpandA(rho) into a, whose polynomials 0 .. start - 1 the caller has already (made ahead by
 * the call before); where the last group of 8 streams would leave lanes idle and next_rho is
 * not NULL, they make the first polynomials of ExpandA(next_rho) into next[0 .. *next_made)
 * (at most KF_XN_MAX - 1; *next_made = 0 if none): kf_mldsa_verify_batch's keys one after
 * another, ML-DSA-65's 30 streams a key filling x8's lanes (4 keys in 15 calls, not 16). */
void kf_mldsa_expand_a_ahead(kf_mldsa_poly *a, const uint8_t rho[KF_MLDSA_SEEDBYTES], const kf_mldsa_params *p,
                             unsigned start, const uint8_t *next_rho, kf_mldsa_poly *next, unsigned *next_made);
/* s1 (l polynomials) and s2 (k), coefficients in [-eta, eta], from rho' (secret). Only the
 * accept/reject decision of each half-byte is declassified (ct.h): it tells which nibbles
 * were thrown away, nothing about the values kept. */
void kf_mldsa_expand_s(kf_mldsa_poly *s1, kf_mldsa_poly *s2, const uint8_t rhop[KF_MLDSA_CRHBYTES],
                       const kf_mldsa_params *p);
/* y (l polynomials), coefficients in [-gamma1 + 1, gamma1], from rho'' and kappa. */
void kf_mldsa_expand_mask(kf_mldsa_poly *y, const uint8_t rhopp[KF_MLDSA_CRHBYTES], unsigned kappa,
                          const kf_mldsa_params *p);
/* The bytes ExpandMask unpacks (Alg. 34 line 4: 32 (1 + bitlen(gamma1 - 1)) of each stream)
 * of count <= KF_XN_MAX streams with nonces nonce .. nonce + count - 1, stream r into out[r]
 * (kf_mldsa_unpack_offset makes the polynomial): signing's loop makes its masks ahead in
 * whole batches (mldsa.c). */
void kf_mldsa_expand_mask_bytes(uint8_t *const out[], const uint8_t rhopp[KF_MLDSA_CRHBYTES], unsigned nonce,
                                unsigned count, const kf_mldsa_params *p);
/* c~ = SHAKE256 of hpad (hblocks whole blocks of 136 bytes, padded by the caller) into ctilde
 * (ctlen <= 136 bytes) in lane 0 of a 4-state batched backend, and in its other
 * KF_MLDSA_H_LANES lanes, on the same permutations, the bytes of count <= 2 KF_MLDSA_H_LANES
 * ExpandMask streams with nonces nonce .. nonce + count - 1 into out[0 .. count), as
 * kf_mldsa_expand_mask_bytes makes them: streams 0-2 over the first 5 permutations, streams 3-5
 * over the next 5 (permutations past H's blocks then run for them alone; a squeezing lane
 * absorbs zero blocks). Only on a 4-state backend whose call costs about one x1 permutation
 * (its x1_twin: avx512vl-x4), so that signing's H(mu || w1Encode(w1)), 7 or 9 blocks, carries
 * the next attempts' masks nearly free; avx2-x4's call costs more than avx2-x1-adaptive's, and
 * there ML-DSA-44's median signature measured 3% slower with it. 0 (nothing done) without
 * such a backend. Every state wiped. */
#define KF_MLDSA_H_LANES 3
int kf_mldsa_h_with_masks(uint8_t *ctilde, size_t ctlen, const uint8_t *hpad, size_t hblocks, uint8_t *const out[],
                          const uint8_t rhopp[KF_MLDSA_CRHBYTES], unsigned nonce, unsigned count,
                          const kf_mldsa_params *p);
/* c with tau coefficients +-1, from c~ (ctilde_bytes). c~ must be public (it branches). */
void kf_mldsa_sample_in_ball(kf_mldsa_poly *c, const uint8_t *ctilde, const kf_mldsa_params *p);

/* out[0 .. outlen) = SHAKE256(in[0] || ... || in[n-1]). */
void kf_mldsa_shake256(uint8_t *out, size_t outlen, unsigned n, const uint8_t *const in[], const size_t len[]);

#endif

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
/* (The contracts of ExpandA's entries are assumed: unit mldsa_sampling's "pending".) */
/*@ requires kf_mldsa_params_ok(p) && \valid(a + (0 .. p->k * p->l - 1)) && \valid_read(rho + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires \separated(a + (0 .. p->k * p->l - 1), rho + (0 .. KF_MLDSA_SEEDBYTES - 1), p);
    assigns a[0 .. p->k * p->l - 1], kf_spec_xn_table;
    ensures kf_mldsa_vec_bounded(a, p->k * p->l, 0, KF_MLDSA_Q - 1); */
void kf_mldsa_expand_a(kf_mldsa_poly *a, const uint8_t rho[KF_MLDSA_SEEDBYTES], const kf_mldsa_params *p);
/* ExpandA as above, with the lone sponge side riding on its permutations where
 * kf_backend_xn_side() has a backend (tr = H(pk) in verification, verify.c, and in key
 * generation, mldsa.c): before each permutation of ExpandA's groups of 8, while side->blocks >
 * 0, a block of side->in is absorbed into side->lanes (kf_backend_xn.xof_side). Where there is
 * no such backend, or for what ExpandA's permutations leave, the caller absorbs the rest of
 * side itself (kf_xn_side_finish). ready, if not NULL, is called after each group with the
 * number of A's polynomials (in order, row after row) that are final, and may add blocks to
 * side->blocks for the groups after. */
/* (The contract states verification's call, ready == NULL; key generation's, with ready, is
 * mldsa.c's "pending".) */
/*@ requires kf_mldsa_params_ok(p) && \valid(a + (0 .. p->k * p->l - 1)) && \valid_read(rho + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires \valid(side) && 8 <= side->rate <= 200 && side->rate % 8 == 0 && side->blocks * side->rate <= SIZE_MAX;
    requires \valid_read(side->in + (0 .. side->blocks * side->rate - 1));
    requires ready == \null;
    requires \separated(a + (0 .. p->k * p->l - 1), rho + (0 .. KF_MLDSA_SEEDBYTES - 1), p, side);
    requires \separated(side, rho + (0 .. KF_MLDSA_SEEDBYTES - 1), p);
    assigns a[0 .. p->k * p->l - 1], side->lanes[0 .. 24], side->in, side->blocks, kf_spec_xn_table;
    ensures kf_mldsa_vec_bounded(a, p->k * p->l, 0, KF_MLDSA_Q - 1);
    ensures side->rate == \old(side->rate) && side->blocks <= \old(side->blocks);
    ensures side->in == \old(side->in) + (\old(side->blocks) - side->blocks) * side->rate; */
void kf_mldsa_expand_a_side(kf_mldsa_poly *a, const uint8_t rho[KF_MLDSA_SEEDBYTES], const kf_mldsa_params *p,
                            kf_xn_side *side, unsigned side_groups, void (*ready)(void *ctx, unsigned done),
                            void *ctx);
/* side_groups for kf_mldsa_expand_a_side where the side backend is avx2-x4 (whose side rides
 * only on a partial group's free lane), else 0: that many groups of at most 3 streams come
 * last, each with a lane for tr = H(pk), enough for pk's padded blocks (verification: keygen
 * == 0) or, in key generation (keygen nonzero), only where the rows done before them
 * leave at least two groups' worth of pk's blocks. */
/*@ requires kf_mldsa_params_ok(p);
    assigns \nothing; */
unsigned kf_mldsa_side_groups(const kf_mldsa_params *p, int keygen);
/* ExpandA(rho) into a, whose polynomials 0 .. start - 1 the caller has already (made ahead by
 * the call before); where the last group of 8 streams would leave lanes idle and next_rho is
 * not NULL, they make the first polynomials of ExpandA(next_rho) into next[0 .. *next_made)
 * (at most KF_XN_MAX - 1; *next_made = 0 if none): kf_mldsa_verify_batch's keys one after
 * another, ML-DSA-65's 30 streams a key filling x8's lanes (4 keys in 15 calls, not 16). */
/*@ requires kf_mldsa_params_ok(p) && start <= p->k * p->l;
    requires \valid(a + (start .. p->k * p->l - 1)) && \valid_read(rho + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires next_rho == \null || \valid_read(next_rho + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires \valid(next + (0 .. 6)) && \valid(next_made); // 6: KF_XN_MAX - 2
    requires \separated(a + (start .. p->k * p->l - 1), next + (0 .. 6), next_made, p);
    requires \separated(next + (0 .. 6), next_made, p);
    requires \separated(next_made, p);
    requires \separated(a + (start .. p->k * p->l - 1), rho + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires \separated(next + (0 .. 6), rho + (0 .. KF_MLDSA_SEEDBYTES - 1), next_made);
    requires next_rho == \null || \separated(a + (start .. p->k * p->l - 1), next + (0 .. 6), next_made,
                                                next_rho + (0 .. KF_MLDSA_SEEDBYTES - 1));
    assigns a[start .. p->k * p->l - 1], next[0 .. 6], *next_made, kf_spec_xn_table;
    ensures *next_made <= 7 && (next_rho == \null ==> *next_made == 0);
    // the coefficients themselves (not kf_mldsa_bounded(a + i, ..)): verify.c's a_from_ahead
    // joins them to the ones it copied, which CVC4 did not unfold from the predicate (session 41)
    ensures \forall integer i, m; start <= i < p->k * p->l && 0 <= m < KF_MLDSA_N ==> 0 <= a[i].c[m] <= KF_MLDSA_Q - 1;
    ensures \forall integer i; 0 <= i < *next_made ==> kf_mldsa_bounded(next + i, 0, KF_MLDSA_Q - 1); */
void kf_mldsa_expand_a_ahead(kf_mldsa_poly *a, const uint8_t rho[KF_MLDSA_SEEDBYTES], const kf_mldsa_params *p,
                             unsigned start, const uint8_t *next_rho, kf_mldsa_poly *next, unsigned *next_made);
/* s1 (l polynomials) and s2 (k), coefficients in [-eta, eta], from rho' (secret). Only the
 * accept/reject decision of each half-byte is declassified (ct.h): it tells which nibbles
 * were thrown away, nothing about the values kept. */
/* (Proved by unit mldsa_sampling since session 46 over the contract of its group, expand_s_group,
 * which is still assumed: "pending"; KeyGen, mldsa.c, is its caller.) */
/* Only what it reads of p (l, k, eta of the three sets), not kf_mldsa_params_ok(p): its 3-way
 * disjunction of 15 fields was in every goal (session 46, the unit's payback); a caller that
 * has kf_mldsa_params_ok(p) has this. */
/*@ requires \valid_read(p) && (p->l == 4 && p->k == 4 && p->eta == 2 || p->l == 5 && p->k == 6 && p->eta == 4 ||
                                p->l == 7 && p->k == 8 && p->eta == 2);
    requires \valid(s1 + (0 .. p->l - 1)) && \valid(s2 + (0 .. p->k - 1));
    requires \valid_read(rhop + (0 .. KF_MLDSA_CRHBYTES - 1));
    requires \separated(s1 + (0 .. p->l - 1), s2 + (0 .. p->k - 1), rhop + (0 .. KF_MLDSA_CRHBYTES - 1), p);
    requires \separated(s2 + (0 .. p->k - 1), rhop + (0 .. KF_MLDSA_CRHBYTES - 1), p);
    assigns s1[0 .. p->l - 1], s2[0 .. p->k - 1], kf_spec_xn_table;
    ensures kf_mldsa_vec_bounded(s1, p->l, -p->eta, p->eta) && kf_mldsa_vec_bounded(s2, p->k, -p->eta, p->eta); */
void kf_mldsa_expand_s(kf_mldsa_poly *s1, kf_mldsa_poly *s2, const uint8_t rhop[KF_MLDSA_CRHBYTES],
                       const kf_mldsa_params *p);
/* y (l polynomials), coefficients in [-gamma1 + 1, gamma1], from rho'' and kappa (ExpandMask, Alg. 34):
 * stream r has the nonce kappa + r. (Proved by unit mldsa_sampling since session 73; the benches call it,
 * signing makes its masks with kf_mldsa_expand_mask_bytes.) */
/*@ requires kf_mldsa_params_ok(p);
    requires \valid(y + (0 .. p->l - 1)) && \valid_read(rhopp + (0 .. KF_MLDSA_CRHBYTES - 1));
    requires \separated(y + (0 .. p->l - 1), rhopp + (0 .. KF_MLDSA_CRHBYTES - 1), p);
    assigns y[0 .. p->l - 1], kf_spec_xn_table;
    ensures kf_mldsa_vec_bounded(y, p->l, -p->gamma1 + 1, p->gamma1); */
void kf_mldsa_expand_mask(kf_mldsa_poly *y, const uint8_t rhopp[KF_MLDSA_CRHBYTES], unsigned kappa,
                          const kf_mldsa_params *p);
/* The bytes ExpandMask unpacks (Alg. 34 line 4: 32 (1 + bitlen(gamma1 - 1)) of each stream)
 * of count <= KF_XN_MAX streams with nonces nonce .. nonce + count - 1, stream r into out[r]
 * (kf_mldsa_unpack_offset makes the polynomial): signing's loop makes its masks ahead in
 * whole batches (mldsa.c). */
/*@ requires kf_mldsa_params_ok(p) && 1 <= count <= 8; // 8: KF_XN_MAX (sponge_xn.h)
    requires \valid_read(rhopp + (0 .. KF_MLDSA_CRHBYTES - 1));
    requires \valid_read(out + (0 .. count - 1));
    requires \forall integer r; 0 <= r < count ==> \valid(out[r] + (0 .. 32 * p->z_bits - 1));
    assigns *(out[0 .. count - 1] + (0 .. 32 * p->z_bits - 1)), kf_spec_xn_table; */
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
/* (ACSL: proved by unit mldsa_sampling since session 73; sign_attempt's call, mldsa.c, is "pending" in mldsa_api.
 * The buffers apart: what it writes (c~ and the rows) from what it reads later (the row pointers, hpad, rho'').) */
/*@ requires kf_mldsa_params_ok(p) && 1 <= hblocks <= 16 && count <= 2 * KF_MLDSA_H_LANES && ctlen <= KF_SHAKE256_RATE;
    requires \valid(ctilde + (0 .. ctlen - 1)) && \valid_read(hpad + (0 .. hblocks * KF_SHAKE256_RATE - 1));
    requires \valid_read(rhopp + (0 .. KF_MLDSA_CRHBYTES - 1)) && \valid_read(out + (0 .. count - 1));
    requires \forall integer r; 0 <= r < count ==> \valid(out[r] + (0 .. 32 * p->z_bits - 1));
    requires hm_sep: \separated(ctilde + (0 .. ctlen - 1), out + (0 .. count - 1),
                                hpad + (0 .. hblocks * KF_SHAKE256_RATE - 1), rhopp + (0 .. KF_MLDSA_CRHBYTES - 1));
    requires hm_osep: \forall integer r; 0 <= r < count ==>
                 \separated(out[r] + (0 .. 32 * p->z_bits - 1), out + (0 .. count - 1),
                            hpad + (0 .. hblocks * KF_SHAKE256_RATE - 1), rhopp + (0 .. KF_MLDSA_CRHBYTES - 1));
    assigns ctilde[0 .. ctlen - 1], *(out[0 .. count - 1] + (0 .. 32 * p->z_bits - 1)), kf_spec_xn_table;
    ensures \result == 0 || \result == 1; */
int kf_mldsa_h_with_masks(uint8_t *ctilde, size_t ctlen, const uint8_t *hpad, size_t hblocks, uint8_t *const out[],
                          const uint8_t rhopp[KF_MLDSA_CRHBYTES], unsigned nonce, unsigned count,
                          const kf_mldsa_params *p);
/* c with tau coefficients +-1, from c~ (ctilde_bytes). c~ must be public (it branches). */
/* (ACSL) ensures weight: c's weight (poly.h's kf_mldsa_weight, the number of its nonzero coefficients) is
 * exactly tau, the count kf_mldsa_challenge_offsets returns for signing's sparse products */
/*@ requires \valid(c) && \valid_read(p) && 1 <= p->tau <= KF_MLDSA_N && p->ctilde_bytes <= KF_MLDSA_CTILDE_MAX;
    requires \valid_read(ctilde + (0 .. p->ctilde_bytes - 1)) && \separated(c, p);
    assigns c->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(c, -1, 1);
    ensures weight: kf_mldsa_weight(c, KF_MLDSA_N) == p->tau; */
void kf_mldsa_sample_in_ball(kf_mldsa_poly *c, const uint8_t *ctilde, const kf_mldsa_params *p);

/* out[0 .. outlen) = SHAKE256(in[0] || ... || in[n-1]). (Its contract is assumed: unit
 * mldsa_sampling's "pending", proofs/units.py.) */
/*@ requires \valid_read(in + (0 .. n - 1)) && \valid_read(len + (0 .. n - 1));
    requires \forall integer i; 0 <= i < n ==> \valid_read(in[i] + (0 .. len[i] - 1));
    requires \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1]; */
void kf_mldsa_shake256(uint8_t *out, size_t outlen, unsigned n, const uint8_t *const in[], const size_t len[]);

#endif

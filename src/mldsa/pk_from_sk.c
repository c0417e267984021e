/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * pk_from_sk.c - kf_mldsa_pk_from_sk: the public key of an expanded ML-DSA private key, and
 * the check that the private key is one KeyGen_internal (FIPS 204 Alg. 6) could have written
 * (kf_mldsa_check_sk: the check alone).
 *
 * An ML-DSA sk = rho || K || tr || s1 || s2 || t0 does not hold pk = rho || t1, but fixes it:
 * t = NTT^-1(A^ o NTT(s1)) + s2 with A^ = ExpandA(rho), (t1, t0) = Power2Round(t). The key is
 * consistent when skEncode(rho, K, H(pk), s1, s2, t0) gives back sk byte for byte: that
 * covers s1 and s2 in [-eta, eta] (skDecode's check), t0 and tr. The key codec
 * (src/encoding/asn1_keys.c) runs it on every expandedKey it reads or writes; the front ends
 * use it to find the public key of a key file that stores only the expanded form.
 *
 * Constant time: the same steps as key generation (rho is public, as there), and one
 * kf_ct_equal over the re-encoded key whose verdict alone is declassified.
 */
#include "mldsa/packing.h"
#include "mldsa/sampling.h"
#include "common/ct.h"
#include "common/util.h"

#include <string.h>

typedef struct pk_state { /* polynomials 64-byte aligned, as mldsa.c's keygen_state's */
    _Alignas(64) kf_mldsa_poly a[KF_MLDSA_K_MAX * KF_MLDSA_L_MAX];
    kf_mldsa_poly s1[KF_MLDSA_L_MAX], s1hat[KF_MLDSA_L_MAX];
    kf_mldsa_poly s2[KF_MLDSA_K_MAX], t[KF_MLDSA_K_MAX], t1[KF_MLDSA_K_MAX], t0[KF_MLDSA_K_MAX];
    kf_mldsa_poly t0_stored[KF_MLDSA_K_MAX];
    uint8_t rho[KF_MLDSA_SEEDBYTES], key[KF_MLDSA_SEEDBYTES], tr[KF_MLDSA_TR_BYTES];
    uint8_t pk[KF_MLDSA_PK_MAX_BYTES], sk[KF_MLDSA_SK_MAX_BYTES];
} pk_state;

/* (ACSL, the unit mldsa_pk_from_sk) ghost "lemma functions" (proved alone, their ensures from their requires, an
 * empty body), as mldsa.c's row_bounded and kl_fits: facts CVC4 did not find among kf_mldsa_pk_from_sk's
 * hypotheses. Row i of A starts at i l, within A's k l polynomials; */
/*@ ghost
  /@ requires kf_mldsa_params_ok(p) && i < p->k;
     assigns \nothing;
     ensures pk_in: (unsigned)(p->k * p->l) == p->k * p->l && (unsigned)(i * p->l) == i * p->l &&
                    i * p->l + p->l <= p->k * p->l && p->k * p->l <= KF_MLDSA_K_MAX * KF_MLDSA_L_MAX &&
                    p->l <= KF_MLDSA_L_MAX; @/
  static void pk_row_in(const kf_mldsa_params *p, unsigned i) { }
*/
/* its polynomials in [0, q) over the row's own pointer, from A's (ExpandA's [0, q)); */
/*@ ghost
  /@ requires \forall integer r, m; 0 <= r < kl && 0 <= m < KF_MLDSA_N ==> 0 <= a[r].c[m] <= KF_MLDSA_Q - 1;
     requires s + n <= kl;
     assigns \nothing;
     ensures \forall integer r, m; 0 <= r < n && 0 <= m < KF_MLDSA_N ==> 0 <= (a + s)[r].c[m] <= KF_MLDSA_Q - 1; @/
  static void pk_row_slice(const kf_mldsa_poly *a, unsigned kl, unsigned s, unsigned n) { }
*/
/* and the row's bounds as kf_mldsa_pointwise_acc_vec takes them (mldsa.c's row_bounded). */
/*@ ghost
  /@ requires \forall integer r, m; 0 <= r < n && 0 <= m < KF_MLDSA_N ==> 0 <= row[r].c[m] <= KF_MLDSA_Q - 1;
     assigns \nothing;
     ensures kf_mldsa_vec_bounded(row, n, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); @/
  static void pk_row_bounded(const kf_mldsa_poly *row, unsigned n) { }
*/
/* (ACSL) a coefficient of a polynomial's value, as mldsa.c's kg_coef: the terms through which CVC4 maps
 * the struct copy st.s1hat[j] = st.s1[j] to the coefficients' cells. */
/*@ logic integer pk_coef(kf_mldsa_poly v, integer m) = v.c[m]; */

/* The wipe of the whole state through a pointer (as verify.c's wipe_state): a local struct seen
 * as bytes where it is declared gives WP 25 a false hypothesis (proofs/run.py's vacuity guard).
 * Inlined: the same machine code as the kf_memzero in place. */
/*@ requires \valid(st);
    assigns *st; */
static void wipe_pk_state(pk_state *st)
{
    kf_memzero(st, sizeof *st);
}

int kf_mldsa_pk_from_sk(kf_mldsa_param param, uint8_t *pk, const uint8_t *sk, size_t sklen)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    pk_state st;
    int same, rc = KF_OK;
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!pk || !sk) return KF_ERR_NULL_POINTER;
    if (sklen != p->sk_bytes) return KF_ERR_BAD_LENGTH;
    /*@ assert sets: p->k <= KF_MLDSA_K_MAX && p->l <= KF_MLDSA_L_MAX && p->k * p->l <= KF_MLDSA_K_MAX * KF_MLDSA_L_MAX &&
                     p->pk_bytes <= KF_MLDSA_PK_MAX_BYTES && p->sk_bytes <= KF_MLDSA_SK_MAX_BYTES; */
    /*@ assert sep: \separated(p, &st) && \separated(&st, pk + (0 .. p->pk_bytes - 1)) &&
                    \separated(&st, sk + (0 .. p->sk_bytes - 1)); */
    if (kf_mldsa_sk_decode(st.rho, st.key, st.tr, st.s1, st.s2, st.t0_stored, sk, p) != 0) {
        rc = KF_ERR_BAD_KEY;
        goto done;
    }
    /*@ assert d_ok: kf_mldsa_params_ok(p) && p->k <= KF_MLDSA_K_MAX && p->l <= KF_MLDSA_L_MAX; */
    /*@ assert d_s: kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                    kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta); */
    kf_declassify(st.rho, sizeof st.rho); /* part of pk */
    kf_mldsa_expand_a(st.a, st.rho, p);
    /*@ assert a_ok: kf_mldsa_params_ok(p) && p->k <= KF_MLDSA_K_MAX && p->l <= KF_MLDSA_L_MAX &&
                     p->k * p->l <= KF_MLDSA_K_MAX * KF_MLDSA_L_MAX; */
    /*@ assert a_s: kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                    kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta); */
    /*@ assert a_rows: \forall integer r, m; 0 <= r < p->k * p->l && 0 <= m < KF_MLDSA_N ==>
                          0 <= st.a[r].c[m] <= KF_MLDSA_Q - 1; */
    /*@ loop invariant 0 <= j <= p->l && kf_mldsa_vec_bounded(&st.s1hat[0], j, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
        loop invariant ok: kf_mldsa_params_ok(p) && p->k <= KF_MLDSA_K_MAX && p->l <= KF_MLDSA_L_MAX;
        loop invariant s: kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                          kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta);
        loop invariant a: \forall integer r, m; 0 <= r < p->k * p->l && 0 <= m < KF_MLDSA_N ==>
                              0 <= st.a[r].c[m] <= KF_MLDSA_Q - 1;
        loop assigns j, st.s1hat[0 .. KF_MLDSA_L_MAX - 1];
        loop variant p->l - j; */
    for (unsigned j = 0; j < p->l; j++) {
        /*@ assert s1_j: \forall integer m; 0 <= m < KF_MLDSA_N ==> -4 <= st.s1[j].c[m] <= 4; */
        st.s1hat[j] = st.s1[j];
        /*@ assert s1_eq: st.s1hat[j] == st.s1[j]; */
        /*@ assert s1_v: \forall integer m; 0 <= m < KF_MLDSA_N ==> pk_coef(st.s1hat[j], m) == pk_coef(st.s1[j], m); */
        /*@ assert s1_w: \forall integer m; 0 <= m < KF_MLDSA_N ==> pk_coef(st.s1hat[j], m) == st.s1hat[j].c[m] &&
                                                                   pk_coef(st.s1[j], m) == st.s1[j].c[m]; */
        /*@ assert s1_row: \forall integer m; 0 <= m < KF_MLDSA_N ==> -4 <= st.s1hat[j].c[m] <= 4; */
        kf_mldsa_ntt(&st.s1hat[j]);
    }
    /*@ assert r_h: kf_mldsa_vec_bounded(&st.s1hat[0], p->l, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1); */
    /* (ACSL) no invariant for what the loop does not write (A, NTT(s1), s2, p): the facts before it hold
     * through its loop assigns, as in matrix_times (mldsa.c) */
    /*@ loop invariant 0 <= i <= p->k;
        loop invariant t0_rows: kf_mldsa_vec_bounded(&st.t0[0], i, -4095, 4096);
        loop assigns i, st.t[0 .. KF_MLDSA_K_MAX - 1], st.t1[0 .. KF_MLDSA_K_MAX - 1], st.t0[0 .. KF_MLDSA_K_MAX - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) {
        /*@ ghost pk_row_in(p, i); */
        /*@ ghost pk_row_slice(st.a, p->k * p->l, i * p->l, p->l); */
        /*@ ghost pk_row_bounded(&st.a[i * p->l], p->l); */ /* A's row i, as the product takes it */
        /*@ assert s2_i: \forall integer m; 0 <= m < KF_MLDSA_N ==> -4 <= st.s2[i].c[m] <= 4; */
        /*@ assert t0_i: kf_mldsa_vec_bounded(&st.t0[0], i, -4095, 4096); */
        kf_mldsa_pointwise_acc_vec(&st.t[i], &st.a[i * p->l], st.s1hat, p->l); /* as keygen_row_ready (mldsa.c) */
        kf_mldsa_poly_reduce(&st.t[i]);
        kf_mldsa_invntt_tomont(&st.t[i]);
        kf_mldsa_poly_add(&st.t[i], &st.t[i], &st.s2[i]);
        kf_mldsa_poly_freeze(&st.t[i]);
        /*@ assert t0_keep: kf_mldsa_vec_bounded(&st.t0[0], i, -4095, 4096); */
        kf_mldsa_power2round(&st.t1[i], &st.t0[i], &st.t[i]);
    }
    /*@ assert e_ok: kf_mldsa_params_ok(p) && p->k <= KF_MLDSA_K_MAX && p->l <= KF_MLDSA_L_MAX; */
    /*@ assert e_s: kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                    kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta); */
    /*@ assert e_t0: kf_mldsa_vec_bounded(&st.t0[0], p->k, -4095, 4096); */
    kf_mldsa_pk_encode(st.pk, st.rho, st.t1, p);
    {
        const uint8_t *in[1] = {st.pk};
        const size_t len[1] = {p->pk_bytes};
        kf_mldsa_shake256(st.tr, sizeof st.tr, 1, in, len);
    }
    /*@ assert x_ok: kf_mldsa_params_ok(p) && p->k <= KF_MLDSA_K_MAX && p->l <= KF_MLDSA_L_MAX &&
                     kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                     kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta) &&
                     kf_mldsa_vec_bounded(&st.t0[0], p->k, -4095, 4096); */
    kf_mldsa_sk_encode(st.sk, st.rho, st.key, st.tr, st.s1, st.s2, st.t0, p);
    same = kf_ct_equal(st.sk, sk, p->sk_bytes);
    kf_declassify(&same, sizeof same); /* whether the key is consistent, not where it is not */
    if (same) memcpy(pk, st.pk, p->pk_bytes);
    else rc = KF_ERR_BAD_KEY;
done:
    if (rc != KF_OK) memset(pk, 0, p->pk_bytes);
    wipe_pk_state(&st);
    return rc;
}

/* Signing trusts tr and t0 (Alg. 7 reads them, never recomputes them): a key whose tr or t0
 * is not its own signs, and its signatures do not verify. The front ends that load a key
 * from outside run this once (issue 52, R9). */
int kf_mldsa_check_sk(kf_mldsa_param param, const uint8_t *sk, size_t sklen)
{
    uint8_t pk[KF_MLDSA_PK_MAX_BYTES];
    /*@ assert pk_max: kf_mldsa_pk_len(param) <= KF_MLDSA_PK_MAX_BYTES; */
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!sk) return KF_ERR_NULL_POINTER;
    return kf_mldsa_pk_from_sk(param, pk, sk, sklen);
}

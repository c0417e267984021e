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

int kf_mldsa_pk_from_sk(kf_mldsa_param param, uint8_t *pk, const uint8_t *sk, size_t sklen)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    pk_state st;
    int same, rc = KF_OK;
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!pk || !sk) return KF_ERR_NULL_POINTER;
    if (sklen != p->sk_bytes) return KF_ERR_BAD_LENGTH;
    if (kf_mldsa_sk_decode(st.rho, st.key, st.tr, st.s1, st.s2, st.t0_stored, sk, p) != 0) {
        rc = KF_ERR_BAD_KEY;
        goto done;
    }
    kf_declassify(st.rho, sizeof st.rho); /* part of pk */
    kf_mldsa_expand_a(st.a, st.rho, p);
    for (unsigned j = 0; j < p->l; j++) {
        st.s1hat[j] = st.s1[j];
        kf_mldsa_ntt(&st.s1hat[j]);
    }
    for (unsigned i = 0; i < p->k; i++) {
        kf_mldsa_pointwise_acc_vec(&st.t[i], &st.a[i * p->l], st.s1hat, p->l); /* as keygen_row_ready (mldsa.c) */
        kf_mldsa_poly_reduce(&st.t[i]);
        kf_mldsa_invntt_tomont(&st.t[i]);
        kf_mldsa_poly_add(&st.t[i], &st.t[i], &st.s2[i]);
        kf_mldsa_poly_freeze(&st.t[i]);
        kf_mldsa_power2round(&st.t1[i], &st.t0[i], &st.t[i]);
    }
    kf_mldsa_pk_encode(st.pk, st.rho, st.t1, p);
    {
        const uint8_t *in[1] = {st.pk};
        const size_t len[1] = {p->pk_bytes};
        kf_mldsa_shake256(st.tr, sizeof st.tr, 1, in, len);
    }
    kf_mldsa_sk_encode(st.sk, st.rho, st.key, st.tr, st.s1, st.s2, st.t0, p);
    same = kf_ct_equal(st.sk, sk, p->sk_bytes);
    kf_declassify(&same, sizeof same); /* whether the key is consistent, not where it is not */
    if (same) memcpy(pk, st.pk, p->pk_bytes);
    else rc = KF_ERR_BAD_KEY;
done:
    if (rc != KF_OK) memset(pk, 0, p->pk_bytes);
    kf_memzero(&st, sizeof st);
    return rc;
}

/* Signing trusts tr and t0 (Alg. 7 reads them, never recomputes them): a key whose tr or t0
 * is not its own signs, and its signatures do not verify. The front ends that load a key
 * from outside run this once (issue 52, R9). */
int kf_mldsa_check_sk(kf_mldsa_param param, const uint8_t *sk, size_t sklen)
{
    uint8_t pk[KF_MLDSA_PK_MAX_BYTES];
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!sk) return KF_ERR_NULL_POINTER;
    return kf_mldsa_pk_from_sk(param, pk, sk, sklen);
}

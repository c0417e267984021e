/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * packing.c - pk, sk and signature encodings (FIPS 204 Alg. 20-28).
 */
#include "mldsa/packing.h"
#include "mldsa/arith.h"
#ifdef KF_MLDSA_HAVE_AVX2
#include "mldsa/x86_64/poly_avx2.h"
#endif
#include "common/ct.h"

#include <string.h>

#define N KF_MLDSA_N
#define T1_BITS 10
#define T0_BITS KF_MLDSA_D
#define T0_OFF (1 << (KF_MLDSA_D - 1)) /* t0 is packed as 2^12 - t0 */

/*@ requires kf_mldsa_params_ok(p);
    requires \valid(pk + (0 .. p->pk_bytes - 1)) && \valid_read(rho + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires \valid_read(t1 + (0 .. p->k - 1));
    requires \separated(pk + (0 .. p->pk_bytes - 1), rho + (0 .. KF_MLDSA_SEEDBYTES - 1), t1 + (0 .. p->k - 1), p);
    assigns pk[0 .. p->pk_bytes - 1]; */
void kf_mldsa_pk_encode(uint8_t *pk, const uint8_t rho[KF_MLDSA_SEEDBYTES], const kf_mldsa_poly *t1,
                        const kf_mldsa_params *p)
{
    memcpy(pk, rho, KF_MLDSA_SEEDBYTES);
    /*@ loop invariant 0 <= i <= p->k;
        loop assigns i, pk[KF_MLDSA_SEEDBYTES .. p->pk_bytes - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) kf_mldsa_pack_simple(pk + KF_MLDSA_SEEDBYTES + 32 * T1_BITS * i, &t1[i], T1_BITS);
}

/*@ requires kf_mldsa_params_ok(p);
    requires \valid_read(pk + (0 .. p->pk_bytes - 1)) && \valid(rho + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires \valid(t1 + (0 .. p->k - 1));
    requires \separated(pk + (0 .. p->pk_bytes - 1), rho + (0 .. KF_MLDSA_SEEDBYTES - 1), t1 + (0 .. p->k - 1), p);
    requires \separated(rho + (0 .. KF_MLDSA_SEEDBYTES - 1), t1 + (0 .. p->k - 1));
    assigns rho[0 .. KF_MLDSA_SEEDBYTES - 1], t1[0 .. p->k - 1];
    ensures kf_mldsa_vec_bounded(t1, p->k, 0, 1023); */
void kf_mldsa_pk_decode(uint8_t rho[KF_MLDSA_SEEDBYTES], kf_mldsa_poly *t1, const uint8_t *pk,
                        const kf_mldsa_params *p)
{
    memcpy(rho, pk, KF_MLDSA_SEEDBYTES);
    /*@ loop invariant 0 <= i <= p->k && kf_mldsa_vec_bounded(t1, i, 0, 1023);
        loop assigns i, t1[0 .. p->k - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) kf_mldsa_unpack_simple(&t1[i], pk + KF_MLDSA_SEEDBYTES + 32 * T1_BITS * i, T1_BITS);
}

void kf_mldsa_sk_encode(uint8_t *sk, const uint8_t rho[KF_MLDSA_SEEDBYTES], const uint8_t key[KF_MLDSA_SEEDBYTES],
                        const uint8_t tr[KF_MLDSA_TR_BYTES], const kf_mldsa_poly *s1, const kf_mldsa_poly *s2,
                        const kf_mldsa_poly *t0, const kf_mldsa_params *p)
{
    const size_t sb = 32u * p->eta_bits;
    memcpy(sk, rho, KF_MLDSA_SEEDBYTES);
    memcpy(sk + 32, key, KF_MLDSA_SEEDBYTES);
    memcpy(sk + 64, tr, KF_MLDSA_TR_BYTES);
    sk += 128;
    for (unsigned i = 0; i < p->l; i++, sk += sb) kf_mldsa_pack_offset(sk, &s1[i], p->eta_bits, (int32_t)p->eta);
    for (unsigned i = 0; i < p->k; i++, sk += sb) kf_mldsa_pack_offset(sk, &s2[i], p->eta_bits, (int32_t)p->eta);
    for (unsigned i = 0; i < p->k; i++, sk += 32 * T0_BITS) kf_mldsa_pack_offset(sk, &t0[i], T0_BITS, T0_OFF);
}

/* OR over the coefficients c = eta - v of (2 eta - v) >> 31: non-zero iff some v > 2 eta. */
/*@ requires \valid_read(s) && eta <= 4 && kf_mldsa_bounded(s, -KF_MLDSA_Q, KF_MLDSA_Q);
    assigns \nothing; */
static uint32_t out_of_eta(const kf_mldsa_poly *s, unsigned eta)
{
    uint32_t bad = 0;
    /*@ loop invariant 0 <= j <= N;
        loop assigns j, bad;
        loop variant N - j; */
    for (unsigned j = 0; j < N; j++) bad |= (uint32_t)(2 * (int32_t)eta - ((int32_t)eta - s->c[j])) >> 31;
    return bad;
}

int kf_mldsa_sk_decode(uint8_t rho[KF_MLDSA_SEEDBYTES], uint8_t key[KF_MLDSA_SEEDBYTES],
                       uint8_t tr[KF_MLDSA_TR_BYTES], kf_mldsa_poly *s1, kf_mldsa_poly *s2, kf_mldsa_poly *t0,
                       const uint8_t *sk, const kf_mldsa_params *p)
{
    const size_t sb = 32u * p->eta_bits;
    uint32_t bad = 0;
    memcpy(rho, sk, KF_MLDSA_SEEDBYTES);
    memcpy(key, sk + 32, KF_MLDSA_SEEDBYTES);
    memcpy(tr, sk + 64, KF_MLDSA_TR_BYTES);
    sk += 128;
    for (unsigned i = 0; i < p->l; i++, sk += sb) {
        kf_mldsa_unpack_offset(&s1[i], sk, p->eta_bits, (int32_t)p->eta);
        bad |= out_of_eta(&s1[i], p->eta);
    }
    for (unsigned i = 0; i < p->k; i++, sk += sb) {
        kf_mldsa_unpack_offset(&s2[i], sk, p->eta_bits, (int32_t)p->eta);
        bad |= out_of_eta(&s2[i], p->eta);
    }
    for (unsigned i = 0; i < p->k; i++, sk += 32 * T0_BITS) kf_mldsa_unpack_offset(&t0[i], sk, T0_BITS, T0_OFF);
    kf_declassify(&bad, sizeof bad); /* whether the key is well formed, not which coefficient */
    return bad ? -1 : 0;
}

void kf_mldsa_sig_encode(uint8_t *sig, const uint8_t *ctilde, const kf_mldsa_poly *z, const kf_mldsa_poly *h,
                         const kf_mldsa_params *p)
{
    memcpy(sig, ctilde, p->ctilde_bytes);
    sig += p->ctilde_bytes;
    for (unsigned i = 0; i < p->l; i++, sig += 32 * p->z_bits) kf_mldsa_pack_offset(sig, &z[i], p->z_bits, p->gamma1);
    /* HintBitPack (Alg. 20): the indices of the ones, polynomial after polynomial, then the
     * running count after each polynomial */
    memset(sig, 0, p->omega + p->k);
    unsigned idx = 0;
    for (unsigned i = 0; i < p->k; i++) {
#ifdef KF_MLDSA_HAVE_AVX2
        if (kf_mldsa_arith_avx2()) {
            idx = kf_mldsa_hint_indices_avx2(sig, idx, p->omega, &h[i]);
            sig[p->omega + i] = (uint8_t)idx;
            continue;
        }
#endif
        for (unsigned j = 0; j < N; j++)
            if (h[i].c[j] && idx < p->omega) sig[idx++] = (uint8_t)j;
        sig[p->omega + i] = (uint8_t)idx;
    }
}

int kf_mldsa_sig_decode(uint8_t *ctilde, kf_mldsa_poly *z, kf_mldsa_poly *h, const uint8_t *sig,
                        const kf_mldsa_params *p)
{
    memcpy(ctilde, sig, p->ctilde_bytes);
    sig += p->ctilde_bytes;
    for (unsigned i = 0; i < p->l; i++, sig += 32 * p->z_bits) kf_mldsa_unpack_offset(&z[i], sig, p->z_bits, p->gamma1);
    /* HintBitUnpack (Alg. 21) */
    unsigned idx = 0;
    for (unsigned i = 0; i < p->k; i++) {
        memset(&h[i], 0, sizeof h[i]);
        const unsigned end = sig[p->omega + i];
        if (end < idx || end > p->omega) return -1;
        for (unsigned first = idx; idx < end; idx++) {
            if (idx > first && sig[idx - 1] >= sig[idx]) return -1;
            h[i].c[sig[idx]] = 1;
        }
    }
    for (; idx < p->omega; idx++)
        if (sig[idx] != 0) return -1;
    return 0;
}

/*@ requires kf_mldsa_params_ok(p);
    requires \valid(out + (0 .. 32 * p->w1_bits * p->k - 1)) && \valid_read(w1 + (0 .. p->k - 1));
    requires \separated(out + (0 .. 32 * p->w1_bits * p->k - 1), w1 + (0 .. p->k - 1), p);
    assigns out[0 .. 32 * p->w1_bits * p->k - 1]; */
void kf_mldsa_w1_encode(uint8_t *out, const kf_mldsa_poly *w1, const kf_mldsa_params *p)
{
    /*@ loop invariant 0 <= i <= p->k;
        loop assigns i, out[0 .. 32 * p->w1_bits * p->k - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) {
        /*@ assert 0 <= 32 * p->w1_bits * i && 32 * p->w1_bits * i + 32 * p->w1_bits <= 32 * p->w1_bits * p->k; */
        kf_mldsa_pack_simple(out + 32u * p->w1_bits * i, &w1[i], p->w1_bits);
    }
}

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

void kf_mldsa_pk_encode(uint8_t *pk, const uint8_t rho[KF_MLDSA_SEEDBYTES], const kf_mldsa_poly *t1,
                        const kf_mldsa_params *p)
{
    memcpy(pk, rho, KF_MLDSA_SEEDBYTES);
    /*@ loop invariant 0 <= i <= p->k;
        loop assigns i, pk[KF_MLDSA_SEEDBYTES .. p->pk_bytes - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) kf_mldsa_pack_simple(pk + KF_MLDSA_SEEDBYTES + 32 * T1_BITS * i, &t1[i], T1_BITS);
}

void kf_mldsa_pk_decode(uint8_t rho[KF_MLDSA_SEEDBYTES], kf_mldsa_poly *t1, const uint8_t *pk,
                        const kf_mldsa_params *p)
{
    memcpy(rho, pk, KF_MLDSA_SEEDBYTES);
    /*@ loop invariant 0 <= i <= p->k && kf_mldsa_vec_bounded(t1, i, 0, 1023);
        loop assigns i, t1[0 .. p->k - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) kf_mldsa_unpack_simple(&t1[i], pk + KF_MLDSA_SEEDBYTES + 32 * T1_BITS * i, T1_BITS);
}

/* The widths of the vectors packed one polynomial after another: eta (3, 4), t0 (13), z (18, 20). */
/*@ predicate kf_mldsa_vec_width(integer w) = w == 3 || w == 4 || w == 13 || w == 18 || w == 20; */

/* BitPack (Alg. 17) of n polynomials of coefficients in [b - 2^bits + 1, b], one after another:
 * v[i] at out + 32 bits i. */
/*@ requires kf_mldsa_vec_width(bits) && n <= KF_MLDSA_K_MAX;
    requires \valid(out + (0 .. 32 * bits * n - 1)) && \valid_read(v + (0 .. n - 1));
    requires \separated(out + (0 .. 32 * bits * n - 1), v + (0 .. n - 1));
    requires -1048576 <= b <= 1048576 && kf_mldsa_vec_bounded(v, n, -1073741824, 1073741824);
    assigns out[0 .. 32 * bits * n - 1]; */
static void pack_vec(uint8_t *out, const kf_mldsa_poly *v, unsigned n, unsigned bits, int32_t b)
{
    /*@ loop invariant 0 <= i <= n;
        loop assigns i, out[0 .. 32 * bits * n - 1];
        loop variant n - i; */
    for (unsigned i = 0; i < n; i++) {
        /*@ assert 0 <= 32 * bits * i && 32 * bits * i + 32 * bits <= 32 * bits * n; */
        kf_mldsa_pack_offset(out + 32u * bits * i, &v[i], bits, b);
    }
}

/* Its inverse (Alg. 19): every coefficient in [b - 2^bits + 1, b]. */
/*@ requires kf_mldsa_vec_width(bits) && n <= KF_MLDSA_K_MAX;
    requires \valid(v + (0 .. n - 1)) && \valid_read(in + (0 .. 32 * bits * n - 1));
    requires \separated(v + (0 .. n - 1), in + (0 .. 32 * bits * n - 1)) && -1048576 <= b <= 1048576;
    assigns v[0 .. n - 1];
    ensures kf_mldsa_vec_bounded(v, n, b - (1 << bits) + 1, b); */
static void unpack_vec(kf_mldsa_poly *v, const uint8_t *in, unsigned n, unsigned bits, int32_t b)
{
    /*@ loop invariant 0 <= i <= n && kf_mldsa_vec_bounded(v, i, b - (1 << bits) + 1, b);
        loop assigns i, v[0 .. n - 1];
        loop variant n - i; */
    for (unsigned i = 0; i < n; i++) {
        /*@ assert 0 <= 32 * bits * i && 32 * bits * i + 32 * bits <= 32 * bits * n; */
        kf_mldsa_unpack_offset(&v[i], in + 32u * bits * i, bits, b);
    }
}

void kf_mldsa_sk_encode(uint8_t *sk, const uint8_t rho[KF_MLDSA_SEEDBYTES], const uint8_t key[KF_MLDSA_SEEDBYTES],
                        const uint8_t tr[KF_MLDSA_TR_BYTES], const kf_mldsa_poly *s1, const kf_mldsa_poly *s2,
                        const kf_mldsa_poly *t0, const kf_mldsa_params *p)
{
    const size_t sb = 32u * p->eta_bits, s2_off = 128 + sb * p->l, t0_off = s2_off + sb * p->k;
    /*@ assert s2_off == 128 + (32 * p->eta_bits) * p->l && t0_off == s2_off + (32 * p->eta_bits) * p->k &&
               s2_off <= t0_off && t0_off + (32 * T0_BITS) * p->k == p->sk_bytes; */
    memcpy(sk, rho, KF_MLDSA_SEEDBYTES);
    memcpy(sk + 32, key, KF_MLDSA_SEEDBYTES);
    memcpy(sk + 64, tr, KF_MLDSA_TR_BYTES);
    pack_vec(sk + 128, s1, p->l, p->eta_bits, (int32_t)p->eta);
    pack_vec(sk + s2_off, s2, p->k, p->eta_bits, (int32_t)p->eta);
    pack_vec(sk + t0_off, t0, p->k, T0_BITS, T0_OFF);
}

/* OR over the coefficients c = eta - v of (2 eta - v) >> 31: non-zero iff some v > 2 eta. */
/*@ requires \valid_read(s) && eta <= 4 && kf_mldsa_bounded(s, -KF_MLDSA_Q, KF_MLDSA_Q);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures in_eta: \result == 0 ==> kf_mldsa_bounded(s, -eta, KF_MLDSA_Q); */
static uint32_t out_of_eta(const kf_mldsa_poly *s, unsigned eta)
{
    uint32_t bad = 0;
    /*@ loop invariant 0 <= j <= N && (bad == 0 || bad == 1);
        loop invariant low: bad == 0 ==> \forall integer m; 0 <= m < j ==> s->c[m] >= -eta;
        loop assigns j, bad;
        loop variant N - j; */
    for (unsigned j = 0; j < N; j++) {
        /*@ assert sign: ((uint32_t)(2 * (int32_t)eta - ((int32_t)eta - s->c[j])) >> 31) == (s->c[j] < -eta ? 1 : 0); */
        bad |= (uint32_t)(2 * (int32_t)eta - ((int32_t)eta - s->c[j])) >> 31;
    }
    return bad;
}

int kf_mldsa_sk_decode(uint8_t rho[KF_MLDSA_SEEDBYTES], uint8_t key[KF_MLDSA_SEEDBYTES],
                       uint8_t tr[KF_MLDSA_TR_BYTES], kf_mldsa_poly *s1, kf_mldsa_poly *s2, kf_mldsa_poly *t0,
                       const uint8_t *sk, const kf_mldsa_params *p)
{
    const size_t sb = 32u * p->eta_bits, s2_off = 128 + sb * p->l, t0_off = s2_off + sb * p->k;
    /*@ assert s2_off == 128 + (32 * p->eta_bits) * p->l && t0_off == s2_off + (32 * p->eta_bits) * p->k &&
               s2_off <= t0_off && t0_off + (32 * T0_BITS) * p->k == p->sk_bytes; */
    /*@ assert 3 <= p->eta_bits <= 4; */
    /*@ assert (1 << p->eta_bits) <= 16; */
    uint32_t bad = 0;
    memcpy(rho, sk, KF_MLDSA_SEEDBYTES);
    memcpy(key, sk + 32, KF_MLDSA_SEEDBYTES);
    memcpy(tr, sk + 64, KF_MLDSA_TR_BYTES);
    unpack_vec(s1, sk + 128, p->l, p->eta_bits, (int32_t)p->eta);
    unpack_vec(s2, sk + s2_off, p->k, p->eta_bits, (int32_t)p->eta);
    unpack_vec(t0, sk + t0_off, p->k, T0_BITS, T0_OFF);
    /*@ loop invariant 0 <= i <= p->l && (bad == 0 || bad == 1);
        loop invariant s1_low: bad == 0 ==> \forall integer r, m; 0 <= r < i && 0 <= m < N ==> -(int)p->eta <= s1[r].c[m];
        loop assigns i, bad;
        loop variant p->l - i; */
    for (unsigned i = 0; i < p->l; i++) bad |= out_of_eta(&s1[i], p->eta);
    /*@ loop invariant 0 <= i <= p->k && (bad == 0 || bad == 1);
        loop invariant s1_all: bad == 0 ==> \forall integer r, m; 0 <= r < p->l && 0 <= m < N ==> -(int)p->eta <= s1[r].c[m];
        loop invariant s2_low: bad == 0 ==> \forall integer r, m; 0 <= r < i && 0 <= m < N ==> -(int)p->eta <= s2[r].c[m];
        loop assigns i, bad;
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) bad |= out_of_eta(&s2[i], p->eta);
    kf_declassify(&bad, sizeof bad); /* whether the key is well formed, not which coefficient */
    return bad ? -1 : 0;
}

void kf_mldsa_sig_encode(uint8_t *sig, const uint8_t *ctilde, const kf_mldsa_poly *z, const kf_mldsa_poly *h,
                         const kf_mldsa_params *p)
{
    const size_t h_off = p->ctilde_bytes + 32u * p->z_bits * p->l;
    /*@ assert h_off == p->ctilde_bytes + (32 * p->z_bits) * p->l && h_off + p->omega + p->k == p->sig_bytes; */
    memcpy(sig, ctilde, p->ctilde_bytes);
    pack_vec(sig + p->ctilde_bytes, z, p->l, p->z_bits, p->gamma1);
    sig += h_off;
    /* HintBitPack (Alg. 20): the indices of the ones, polynomial after polynomial, then the
     * running count after each polynomial */
    memset(sig, 0, p->omega + p->k);
    unsigned idx = 0;
    /*@ loop invariant 0 <= i <= p->k && idx <= p->omega;
        loop assigns i, idx, sig[0 .. p->omega + p->k - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) {
#ifdef KF_MLDSA_HAVE_AVX2
        if (kf_mldsa_arith_avx2()) {
            idx = kf_mldsa_hint_indices_avx2(sig, idx, p->omega, &h[i]);
            sig[p->omega + i] = (uint8_t)idx;
            continue;
        }
#endif
        /*@ loop invariant 0 <= j <= N && idx <= p->omega;
            loop assigns j, idx, sig[0 .. p->omega - 1];
            loop variant N - j; */
        for (unsigned j = 0; j < N; j++)
            if (h[i].c[j] && idx < p->omega) sig[idx++] = (uint8_t)j;
        sig[p->omega + i] = (uint8_t)idx;
    }
}

int kf_mldsa_sig_decode(uint8_t *ctilde, kf_mldsa_poly *z, kf_mldsa_poly *h, const uint8_t *sig,
                        const kf_mldsa_params *p)
{
    const size_t h_off = p->ctilde_bytes + 32u * p->z_bits * p->l;
    /*@ assert h_off == p->ctilde_bytes + (32 * p->z_bits) * p->l && h_off + p->omega + p->k == p->sig_bytes; */
    /*@ assert 18 <= p->z_bits <= 20 && (p->z_bits == 18 ==> p->gamma1 == 131072) && (p->z_bits != 18 ==> p->gamma1 == 524288); */
    /*@ assert (1 << p->z_bits) == 2 * p->gamma1 || p->z_bits == 19; */
    memcpy(ctilde, sig, p->ctilde_bytes);
    unpack_vec(z, sig + p->ctilde_bytes, p->l, p->z_bits, p->gamma1);
    sig += h_off;
    /* HintBitUnpack (Alg. 21) */
    unsigned idx = 0;
    /*@ loop invariant 0 <= i <= p->k && idx <= p->omega;
        loop assigns i, idx, h[0 .. p->k - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) {
        /*@ loop invariant 0 <= j <= N;
            loop assigns j, h[i].c[0 .. N - 1];
            loop variant N - j; */
        for (unsigned j = 0; j < N; j++) h[i].c[j] = 0;
        const unsigned end = sig[p->omega + i];
        if (end < idx || end > p->omega) return -1;
        /*@ loop invariant first <= idx <= end;
            loop assigns idx, h[i].c[0 .. N - 1];
            loop variant end - idx; */
        for (unsigned first = idx; idx < end; idx++) {
            if (idx > first && sig[idx - 1] >= sig[idx]) return -1;
            h[i].c[sig[idx]] = 1;
        }
    }
    /*@ loop invariant idx <= p->omega;
        loop assigns idx;
        loop variant p->omega - idx; */
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

/*
 * kpke.c - K-PKE KeyGen, Encrypt, Decrypt (FIPS 203 Alg. 13-15), portable C.
 *
 * Every secret polynomial (s, e, y, e1, e2, mu and the sums that hold them) lives in one
 * local struct per function, wiped before returning.
 */
#include "mlkem/kpke.h"
#include "mlkem/poly.h"
#include "mlkem/sampling.h"
#include "mlkem/secret.h"

#include <string.h>

#define K_MAX KF_MLKEM_K_MAX
#define SYM KF_MLKEM_SYM_BYTES

int kf_kpke_keygen(const kf_mlkem_params *p, uint8_t *ek, uint8_t *dk_pke,
                   const uint8_t d[KF_MLKEM_SYM_BYTES])
{
    const unsigned k = p->k;
    struct {
        uint8_t in[SYM + 1];
        uint8_t rho_sigma[2 * SYM]; /* (rho, sigma) = G(d || k) */
        kf_mlkem_poly s[K_MAX], e[K_MAX], t;
    } sec;
    kf_mlkem_poly a[K_MAX * K_MAX];
    kf_mlkem_poly *noise[2 * K_MAX];
    unsigned eta[2 * K_MAX];
    int rc;

    memcpy(sec.in, d, SYM);
    sec.in[SYM] = (uint8_t)k; /* domain separation by k (FIPS 203 Alg. 13 line 1) */
    if ((rc = kf_sha3_512(sec.rho_sigma, sec.in, sizeof sec.in)) != KF_OK) goto out;
    const uint8_t *rho = sec.rho_sigma, *sigma = sec.rho_sigma + SYM;
    kf_mlkem_declassify(rho, SYM); /* public: it goes into ek (Alg. 13 line 20) */
    if ((rc = kf_mlkem_gen_matrix(a, rho, k, 0)) != KF_OK) goto out;

    for (unsigned i = 0; i < k; i++) {
        noise[i] = &sec.s[i];
        noise[k + i] = &sec.e[i];
        eta[i] = eta[k + i] = p->eta1;
    }
    if ((rc = kf_mlkem_sample_cbd(noise, eta, 2 * k, sigma, 0)) != KF_OK) goto out;
    for (unsigned i = 0; i < k; i++) {
        kf_mlkem_poly_ntt(&sec.s[i]);
        kf_mlkem_poly_ntt(&sec.e[i]);
    }
    /* t^ = A^ s^ + e^ (Alg. 13 line 18) */
    for (unsigned i = 0; i < k; i++) {
        kf_mlkem_polyvec_basemul_acc(&sec.t, &a[i * k], sec.s, k);
        kf_mlkem_poly_tomont(&sec.t);
        kf_mlkem_poly_add(&sec.t, &sec.e[i]);
        kf_mlkem_poly_tobytes(ek + KF_MLKEM_POLY_BYTES * i, &sec.t);
        kf_mlkem_poly_tobytes(dk_pke + KF_MLKEM_POLY_BYTES * i, &sec.s[i]);
    }
    memcpy(ek + KF_MLKEM_POLY_BYTES * k, rho, SYM);
out:
    kf_memzero(&sec, sizeof sec);
    return rc;
}

int kf_kpke_encrypt(const kf_mlkem_params *p, uint8_t *c, const uint8_t *ek,
                    const uint8_t m[KF_MLKEM_SYM_BYTES], const uint8_t r[KF_MLKEM_SYM_BYTES])
{
    const unsigned k = p->k;
    struct {
        kf_mlkem_poly y[K_MAX], e1[K_MAX], e2, u, v, mu;
    } sec;
    kf_mlkem_poly at[K_MAX * K_MAX], t[K_MAX];
    kf_mlkem_poly *noise[2 * K_MAX + 1];
    unsigned eta[2 * K_MAX + 1];
    int rc;

    for (unsigned i = 0; i < k; i++) kf_mlkem_poly_frombytes(&t[i], ek + KF_MLKEM_POLY_BYTES * i);
    if ((rc = kf_mlkem_gen_matrix(at, ek + KF_MLKEM_POLY_BYTES * k, k, 1)) != KF_OK) goto out;

    for (unsigned i = 0; i < k; i++) {
        noise[i] = &sec.y[i];
        eta[i] = p->eta1;
        noise[k + i] = &sec.e1[i];
        eta[k + i] = p->eta2;
    }
    noise[2 * k] = &sec.e2;
    eta[2 * k] = p->eta2;
    if ((rc = kf_mlkem_sample_cbd(noise, eta, 2 * k + 1, r, 0)) != KF_OK) goto out;
    for (unsigned i = 0; i < k; i++) kf_mlkem_poly_ntt(&sec.y[i]);

    /* u = NTT^-1(A^T y^) + e1 (Alg. 14 line 19), compressed into c1 */
    for (unsigned i = 0; i < k; i++) {
        kf_mlkem_polyvec_basemul_acc(&sec.u, &at[i * k], sec.y, k);
        kf_mlkem_poly_invntt_tomont(&sec.u);
        kf_mlkem_poly_add(&sec.u, &sec.e1[i]);
        kf_mlkem_poly_compress(c + 32 * p->du * i, &sec.u, p->du);
    }
    /* v = NTT^-1(t^T y^) + e2 + mu (line 21), compressed into c2 */
    kf_mlkem_poly_frommsg(&sec.mu, m);
    kf_mlkem_polyvec_basemul_acc(&sec.v, t, sec.y, k);
    kf_mlkem_poly_invntt_tomont(&sec.v);
    kf_mlkem_poly_add(&sec.v, &sec.e2);
    kf_mlkem_poly_add(&sec.v, &sec.mu);
    kf_mlkem_poly_compress(c + 32 * p->du * k, &sec.v, p->dv);
out:
    kf_memzero(&sec, sizeof sec);
    return rc;
}

void kf_kpke_decrypt(const kf_mlkem_params *p, uint8_t m[KF_MLKEM_SYM_BYTES],
                     const uint8_t *dk_pke, const uint8_t *c)
{
    const unsigned k = p->k;
    struct {
        kf_mlkem_poly s[K_MAX], w;
    } sec;
    kf_mlkem_poly u[K_MAX], v;

    for (unsigned i = 0; i < k; i++) {
        kf_mlkem_poly_decompress(&u[i], c + 32 * p->du * i, p->du);
        kf_mlkem_poly_ntt(&u[i]);
        kf_mlkem_poly_frombytes(&sec.s[i], dk_pke + KF_MLKEM_POLY_BYTES * i);
    }
    kf_mlkem_poly_decompress(&v, c + 32 * p->du * k, p->dv);
    /* w = v' - NTT^-1(s^T NTT(u')) (Alg. 15 line 6) */
    kf_mlkem_polyvec_basemul_acc(&sec.w, sec.s, u, k);
    kf_mlkem_poly_invntt_tomont(&sec.w);
    kf_mlkem_poly_sub(&v, &sec.w);
    kf_mlkem_poly_tomsg(m, &v);
    kf_memzero(&sec, sizeof sec);
    kf_memzero(&v, sizeof v);
}

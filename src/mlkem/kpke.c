/*
 * kpke.c - K-PKE KeyGen, Encrypt, Decrypt (FIPS 203 Alg. 13-15), over poly.h's arithmetic
 * (portable C or AVX2, chosen at run time) and sampling.h's Keccak jobs.
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

/* Row i of t^ = A^ s^ + e^ (Alg. 13 line 18) into ek, and s^_i into dk_pke (lines 19-20). */
static void keygen_row(const kf_mlkem_params *p, uint8_t *ek, uint8_t *dk_pke, kf_mlkem_poly *t,
                       const kf_mlkem_poly *a, const kf_mlkem_poly *s, const kf_mlkem_poly *e, unsigned i)
{
    kf_mlkem_polyvec_basemul_acc(t, &a[i * p->k], s, p->k);
    kf_mlkem_poly_tomont(t);
    kf_mlkem_poly_add(t, &e[i]);
    kf_mlkem_poly_tobytes(ek + KF_MLKEM_POLY_BYTES * i, t);
    kf_mlkem_poly_tobytes(dk_pke + KF_MLKEM_POLY_BYTES * i, &s[i]);
}

/* With h asked for (ML-KEM's H(ek)) and k >= 3, the Keccak work runs in two schedules so
 * that H(ek) starts before ek is complete: the first runs the matrix rows 0..k-2 and all the
 * PRFs; rows 0..k-2 of t^ follow, and the second schedule runs the last row's streams beside
 * H(ek) over the whole blocks of ek that those rows fill (a job that only absorbs and hands
 * back its state). The last row of t^ completes ek, and H(ek) finishes from that state.
 * At k = 3 that is 1 + 6 + 5 + 4 permutation calls (G, the schedules, the rest of H) where
 * one schedule and H(ek) afterwards take 1 + 9 + 9; at k = 4, 1 + 11 + 8 + 4 for 1 + 14 + 12.
 * At k = 2 there is nothing to gain (1 + 4 + 3 + 4 for 1 + 5 + 6) but the second schedule's
 * cost, so one schedule does all and H(ek) follows, as without h.
 * G and the rest of H(ek) are lone jobs (kf_mlkem_run_job1): on the job lanes where a call
 * of those costs what x1 costs, so all of KeyGen's Keccak runs one copy of the round code. */
int kf_kpke_keygen(const kf_mlkem_params *p, uint8_t *ek, uint8_t *dk_pke,
                   const uint8_t d[KF_MLKEM_SYM_BYTES], uint8_t h[KF_MLKEM_SYM_BYTES])
{
    const unsigned k = p->k;
    struct {
        uint8_t in[SYM + 1];
        uint8_t rho_sigma[2 * SYM]; /* (rho, sigma) = G(d || k) */
        uint8_t prf[2 * K_MAX][64 * 3]; /* PRF_eta1 outputs */
        kf_mlkem_poly s[K_MAX], e[K_MAX], t;
    } sec;
    kf_mlkem_poly a[K_MAX * K_MAX];
    kf_mlkem_job jobs[K_MAX * K_MAX + 2 * K_MAX];
    uint8_t *prf_out[2 * K_MAX];
    unsigned eta[2 * K_MAX];
    uint8_t hstate[KF_STATE_BYTES]; /* H(ek)'s state after ek's first rows; public */
    int rc;

    memcpy(sec.in, d, SYM);
    sec.in[SYM] = (uint8_t)k; /* domain separation by k (FIPS 203 Alg. 13 line 1) */
    kf_mlkem_job_hash(&jobs[0], KF_RATE(512), KF_SUFFIX_SHA3, sec.in, sizeof sec.in, NULL, 0, sec.rho_sigma,
                      sizeof sec.rho_sigma); /* G(d || k) */
    if ((rc = kf_mlkem_run_job1(&jobs[0])) != KF_OK) goto out;
    const uint8_t *rho = sec.rho_sigma, *sigma = sec.rho_sigma + SYM;
    kf_declassify(rho, SYM); /* public: it goes into ek (Alg. 13 line 20) */

    /* A^ (lines 3-7) and the PRF outputs of s and e (lines 8-15): the matrix rows before
     * the last one (all of them without h) and the PRFs in the first schedule */
    const int split = h && k >= 3;
    const unsigned first_rows = split ? k - 1 : k;
    for (unsigned i = 0; i < 2 * k; i++) {
        prf_out[i] = sec.prf[i];
        eta[i] = p->eta1;
    }
    unsigned n = 0;
    for (unsigned i = 0; i < first_rows; i++) n += kf_mlkem_matrix_row_jobs(jobs + n, a, rho, k, i, 0);
    n += kf_mlkem_prf_jobs(jobs + n, prf_out, eta, 2 * k, sigma, 0);
    if ((rc = kf_mlkem_run_jobs(jobs, n)) != KF_OK) goto out;
    for (unsigned i = 0; i < k; i++) {
        kf_mlkem_cbd(&sec.s[i], sec.prf[i], p->eta1);
        kf_mlkem_cbd(&sec.e[i], sec.prf[k + i], p->eta1);
    }
    for (unsigned i = 0; i < k; i++) {
        kf_mlkem_poly_ntt(&sec.s[i]);
        kf_mlkem_poly_ntt(&sec.e[i]);
    }
    for (unsigned i = 0; i < first_rows; i++) keygen_row(p, ek, dk_pke, &sec.t, a, sec.s, sec.e, i);
    memcpy(ek + KF_MLKEM_POLY_BYTES * k, rho, SYM);
    if (h && !split) {
        kf_mlkem_job_hash(&jobs[0], KF_RATE(256), KF_SUFFIX_SHA3, ek, p->ek_bytes, NULL, 0, h, SYM);
        rc = kf_mlkem_run_job1(&jobs[0]);
    } else if (h) {
        /* H(ek) = SHA3-256 over the whole blocks rows 0..k-2 fill, beside the last row */
        const size_t head = KF_MLKEM_POLY_BYTES * (k - 1) / KF_RATE(256) * KF_RATE(256);
        kf_mlkem_job_hash(&jobs[0], KF_RATE(256), 0, ek, head, NULL, 0, hstate, sizeof hstate);
        kf_mlkem_matrix_row_jobs(jobs + 1, a, rho, k, k - 1, 0);
        if ((rc = kf_mlkem_run_jobs(jobs, 1 + k)) != KF_OK) goto out;
        keygen_row(p, ek, dk_pke, &sec.t, a, sec.s, sec.e, k - 1);
        kf_mlkem_job_hash(&jobs[0], KF_RATE(256), KF_SUFFIX_SHA3, ek + head, p->ek_bytes - head, NULL, 0, h, SYM);
        jobs[0].from = hstate;
        rc = kf_mlkem_run_job1(&jobs[0]);
    }
out:
    kf_memzero(&sec, sizeof sec);
    return rc;
}

unsigned kf_kpke_noise_jobs(const kf_mlkem_params *p, kf_mlkem_job *jobs, kf_kpke_noise *nz,
                            const uint8_t r[KF_MLKEM_SYM_BYTES], const kf_mlkem_job *after)
{
    const unsigned k = p->k;
    uint8_t *out[2 * K_MAX + 1];
    unsigned eta[2 * K_MAX + 1];
    for (unsigned i = 0; i <= 2 * k; i++) {
        out[i] = nz->prf[i];
        eta[i] = i < k ? p->eta1 : p->eta2;
    }
    unsigned n = kf_mlkem_prf_jobs(jobs, out, eta, 2 * k + 1, r, 0);
    for (unsigned i = 0; i < n; i++) jobs[i].after = after;
    return n;
}

void kf_kpke_encrypt(const kf_mlkem_params *p, uint8_t *c, const kf_mlkem_poly *t,
                     const uint8_t m[KF_MLKEM_SYM_BYTES], const kf_mlkem_poly *at,
                     const kf_kpke_noise *nz)
{
    const unsigned k = p->k;
    struct {
        kf_mlkem_poly y[K_MAX], e1[K_MAX], e2, u, v, mu;
    } sec;

    for (unsigned i = 0; i < k; i++) {
        kf_mlkem_cbd(&sec.y[i], nz->prf[i], p->eta1);
        kf_mlkem_cbd(&sec.e1[i], nz->prf[k + i], p->eta2);
        kf_mlkem_poly_ntt(&sec.y[i]);
    }
    kf_mlkem_cbd(&sec.e2, nz->prf[2 * k], p->eta2);

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
    kf_memzero(&sec, sizeof sec);
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

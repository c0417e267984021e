/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_decaps.c - ML-KEM decapsulation (FIPS 203 Alg. 18 and 21) with implicit rejection,
 * and the decapsulation-key check (§7.3).
 *
 * Implicit rejection: decapsulation re-encrypts the decrypted message and compares the
 * result with the ciphertext; on a mismatch the shared secret is K_bar = J(z || c) instead
 * of K'. Both are always computed, the comparison reads every byte, and the choice is a
 * mask, so the time and the memory addresses do not say which one was returned.
 */
#include "mlkem/kpke.h"
#include "mlkem/secret.h"

#include <string.h>

#define SYM KF_MLKEM_SYM_BYTES

/* Keep the compiler from turning a mask back into a branch. */
/*@ assigns \nothing; */
static uint8_t value_barrier_u8(uint8_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* 0xFF if a[0..len) != b[0..len), else 0x00; reads every byte. */
/*@ requires \valid_read(a + (0 .. len - 1)) && \valid_read(b + (0 .. len - 1));
    assigns \nothing; */
static uint8_t ct_differ_mask(const uint8_t *a, const uint8_t *b, size_t len)
{
    uint8_t acc = 0;
    /*@ loop invariant 0 <= i <= len;
        loop assigns i, acc;
        loop variant len - i; */
    for (size_t i = 0; i < len; i++) acc |= (uint8_t)(a[i] ^ b[i]);
    /* acc != 0 -> (0 - acc) >> 8 is all ones in the low byte */
    return value_barrier_u8((uint8_t)((0u - (uint32_t)acc) >> 8));
}

/* r = mask ? b : r, byte by byte. */
/*@ requires \valid(r + (0 .. len - 1)) && \valid_read(b + (0 .. len - 1));
    requires \separated(r + (0 .. len - 1), b + (0 .. len - 1));
    assigns r[0 .. len - 1]; */
static void ct_select(uint8_t *r, const uint8_t *b, size_t len, uint8_t mask)
{
    /*@ loop invariant 0 <= i <= len;
        loop assigns i, r[0 .. len - 1];
        loop variant len - i; */
    for (size_t i = 0; i < len; i++) r[i] ^= (uint8_t)(mask & (r[i] ^ b[i]));
}

/* §7.3: type checks (lengths) and the hash check H(ek) == h on the copy of ek inside dk. */
/*@ requires kf_mlkem_params_ok(p) && \valid_read(dk + (0 .. dklen - 1));
    assigns \nothing;
    ensures \result == KF_OK ==> dklen == p->dk_bytes; */
static int check_dk(const kf_mlkem_params *p, const uint8_t *dk, size_t dklen)
{
    uint8_t h[SYM];
    if (dklen != p->dk_bytes) return KF_ERR_BAD_LENGTH;
    const uint8_t *ek = dk + KF_MLKEM_POLY_BYTES * p->k;
    int rc = kf_sha3_256(h, ek, p->ek_bytes);
    if (rc != KF_OK) return rc;
    /* h and H(ek) are public (ek is); ct_differ_mask's loop, as Decaps_internal's check, keeps
     * memcmp's char-view preconditions (false for the local h in WP's model) out of the proof */
    return ct_differ_mask(h, ek + p->ek_bytes, SYM) ? KF_ERR_BAD_KEY : KF_OK;
}

int kf_mlkem_check_dk(kf_mlkem_param param, const uint8_t *dk, size_t dklen)
{
    const kf_mlkem_params *p = kf_mlkem_params_get(param);
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!dk) return KF_ERR_NULL_POINTER;
    return check_dk(p, dk, dklen);
}

/* Decaps_internal's secrets: m' || h, K' || r' = G(m' || h), K_bar = J(z || c), the
 * re-encryption c' and its noise. */
typedef struct decaps_secrets {
    uint8_t mh[2 * SYM];
    uint8_t kr[2 * SYM];
    uint8_t kbar[SYM];
    uint8_t c2[KF_MLKEM_CT_MAX_BYTES];
    kf_kpke_noise nz;
} decaps_secrets;

/* Decaps_internal's Keccak work as one schedule of jobs (sampling.h): G(m' || h), H(ek) (the
 * check), K_bar = J(z || c) and the re-encryption's matrix A^T (from ek's rho) need nothing
 * from each other; the re-encryption's noise PRFs start once G has given r'. */
/*@ requires kf_mlkem_params_ok(p) && \valid(sec) && \valid(at + (0 .. p->k * p->k - 1)) && \valid(hek + (0 .. SYM - 1));
    requires \valid_read(ek + (0 .. p->ek_bytes - 1)) && \valid_read(z + (0 .. SYM - 1));
    requires \valid_read(c + (0 .. p->ct_bytes - 1));
    requires \separated(sec, at + (0 .. p->k * p->k - 1), hek + (0 .. SYM - 1), p);
    assigns sec->kr[0 .. 2 * SYM - 1], sec->kbar[0 .. SYM - 1], sec->nz, at[0 .. p->k * p->k - 1], hek[0 .. SYM - 1];
    ensures \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH;
    ensures \result == KF_OK ==> kf_mlkem_vec_bounded(at, p->k * p->k, 0, KF_MLKEM_Q - 1); */
static int decaps_jobs(const kf_mlkem_params *p, decaps_secrets *sec, kf_mlkem_poly *at, uint8_t hek[SYM],
                       const uint8_t *ek, const uint8_t *z, const uint8_t *c)
{
    kf_mlkem_job jobs[3 + KF_MLKEM_K_MAX * KF_MLKEM_K_MAX + 2 * KF_MLKEM_K_MAX + 1];
    /* G first (the noise waits for it), then the long ones: H(ek) = SHA3-256 and
     * J(s) = SHAKE256(s, 32) (§4.1), both of rate 136 */
    kf_mlkem_job_hash(&jobs[0], KF_RATE(512), KF_SUFFIX_SHA3, sec->mh, sizeof sec->mh, NULL, 0, sec->kr,
                      sizeof sec->kr) /*@ ghost (0) */;
    kf_mlkem_job_hash(&jobs[1], KF_RATE(256), KF_SUFFIX_SHA3, ek, p->ek_bytes, NULL, 0, hek,
                      SYM) /*@ ghost (1) */;
    kf_mlkem_job_hash(&jobs[2], KF_RATE(256), KF_SUFFIX_SHAKE, z, SYM, c, p->ct_bytes, sec->kbar,
                      SYM) /*@ ghost (2) */;
    unsigned n = 3 + kf_mlkem_matrix_jobs(jobs + 3, at, ek + KF_MLKEM_POLY_BYTES * p->k, p->k, 1) /*@ ghost (3) */;
    n += kf_kpke_noise_jobs(p, jobs + n, &sec->nz, sec->kr + SYM, &jobs[0]) /*@ ghost (n) */;
    /* (ACSL, unit mlkem_kem) the jobs: G (0), H(ek) (1), J (2), A^T (3 .. k^2 + 2), the noise PRFs */
    /*@ assert dec_n: n == p->k * p->k + 2 * p->k + 4; */
    /*@ assert dec_g: jobs[0].in[0] == &sec->mh[0] && jobs[0].inlen[0] == 2 * SYM && jobs[0].inlen[1] == 0 &&
          jobs[0].out == &sec->kr[0] && jobs[0].outlen == 2 * SYM && jobs[0].poly == \null && jobs[0].rate == KF_RATE(512) &&
          jobs[0].suffix != 0 && jobs[0].after == \null && jobs[0].from == \null && jobs[0].absorbed == 0 && jobs[0].held == 0; */
    /*@ assert dec_h: jobs[1].in[0] == ek && jobs[1].inlen[0] == p->ek_bytes && jobs[1].inlen[1] == 0 &&
          jobs[1].out == &hek[0] && jobs[1].outlen == SYM && jobs[1].poly == \null && jobs[1].rate == KF_RATE(256) &&
          jobs[1].suffix != 0 && jobs[1].after == \null && jobs[1].from == \null && jobs[1].absorbed == 0 && jobs[1].held == 0; */
    /*@ assert dec_j: jobs[2].in[0] == z && jobs[2].inlen[0] == SYM && jobs[2].in[1] == c && jobs[2].inlen[1] == p->ct_bytes &&
          jobs[2].out == &sec->kbar[0] && jobs[2].outlen == SYM && jobs[2].poly == \null && jobs[2].rate == KF_RATE(256) &&
          jobs[2].suffix != 0 && jobs[2].after == \null && jobs[2].from == \null && jobs[2].absorbed == 0 && jobs[2].held == 0; */
    /*@ assert dec_a: \forall integer q; 3 <= q < p->k * p->k + 3 ==> kf_mlkem_sample_job(&jobs[q], &at[q - 3]); */
    /*@ assert dec_r: \forall integer q; p->k * p->k + 3 <= q < n ==>
          kf_mlkem_prf_job(&jobs[q], &sec->nz.prf[q - (p->k * p->k + 3)][0],
                           64 * (q - (p->k * p->k + 3) < p->k ? p->eta1 : p->eta2), &sec->kr[SYM]) &&
          jobs[q].after == &jobs[0]; */
    /*@ assert dec_run: kf_mlkem_jobs_runnable(&jobs[0], n); */
    return kf_mlkem_run_jobs(jobs, n);
}

/* ML-KEM.Decaps_internal (Alg. 18) with §7.3's hash check: K-PKE.Decrypt, then the Keccak work
 * (decaps_jobs), then the re-encryption and the implicit rejection. */
/*@ requires kf_mlkem_params_ok(p) && \valid(ss + (0 .. KF_MLKEM_SS_BYTES - 1));
    requires \valid_read(c + (0 .. p->ct_bytes - 1)) && \valid_read(dk + (0 .. p->dk_bytes - 1));
    assigns ss[0 .. KF_MLKEM_SS_BYTES - 1]; */
static int decaps_internal(const kf_mlkem_params *p, uint8_t ss[KF_MLKEM_SS_BYTES],
                           const uint8_t *c, const uint8_t *dk)
{
    const size_t pke = KF_MLKEM_POLY_BYTES * p->k;
    const uint8_t *ek = dk + pke, *h = ek + p->ek_bytes, *z = h + SYM;
    /*@ assert dec_ct: p->ct_bytes <= KF_MLKEM_CT_MAX_BYTES && 32 * (p->du * p->k + p->dv) == p->ct_bytes; */
    decaps_secrets sec;
    uint8_t hek[SYM]; /* H(ek), public */
    kf_mlkem_poly at[KF_MLKEM_K_MAX * KF_MLKEM_K_MAX], t[KF_MLKEM_K_MAX];
    int rc;

    kf_kpke_decrypt(p, sec.mh, dk, c);
    /* h into m' || h; byte by byte, a typed copy (the proof's memory model: docs/ASSURANCE.md) */
    /*@ loop invariant 0 <= i <= SYM;
        loop assigns i, sec.mh[SYM .. 2 * SYM - 1];
        loop variant SYM - i; */
    for (unsigned i = 0; i < SYM; i++) sec.mh[SYM + i] = h[i];
    if ((rc = decaps_jobs(p, &sec, at, hek, ek, z, c)) != KF_OK) goto out;
    /* dk is secret in general, but h and H(ek) are public (ek is): any compare is fine; this
     * one reads its bytes as a loop, which the proof can follow (memcmp's contract asks that
     * they be initialised, which the jobs' contracts do not state) */
    if (ct_differ_mask(hek, h, SYM) != 0) {
        rc = KF_ERR_BAD_KEY;
        goto out;
    }
    /*@ loop invariant 0 <= i <= p->k;
        loop invariant kf_mlkem_vec_bounded(&t[0], i, 0, 4095);
        loop assigns i, t[0 .. p->k - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) kf_mlkem_poly_frombytes(&t[i], ek + KF_MLKEM_POLY_BYTES * i);
    kf_kpke_encrypt(p, sec.c2, t, sec.mh, at, &sec.nz);

    /* if c != c' then K' = K_bar, in constant time */
    uint8_t reject = ct_differ_mask(c, sec.c2, p->ct_bytes);
    ct_select(sec.kr, sec.kbar, SYM, reject);
    memcpy(ss, sec.kr, SYM);
out:
    /* the secrets, field by field: the same bytes as the whole struct (no padding) */
    kf_memzero(sec.mh, sizeof sec.mh);
    kf_memzero(sec.kr, sizeof sec.kr);
    kf_memzero(sec.kbar, sizeof sec.kbar);
    kf_memzero(sec.c2, sizeof sec.c2);
    kf_memzero(&sec.nz.prf[0][0], sizeof sec.nz.prf);
    return rc;
}

/* ML-KEM.Decaps (Alg. 21): input checks of §7.3, then Decaps_internal. */
int kf_mlkem_decaps(kf_mlkem_param param, uint8_t ss[KF_MLKEM_SS_BYTES], const uint8_t *ct,
                    size_t ctlen, const uint8_t *dk, size_t dklen)
{
    /* on every error ss is zeroed (unknown set and NULL inputs too) */
    const kf_mlkem_params *p = kf_mlkem_params_get(param);
    int rc = !p ? KF_ERR_BAD_ALGORITHM : !ss || !ct || !dk ? KF_ERR_NULL_POINTER : KF_OK;
    if (rc != KF_OK) {
        kf_wipe(ss, KF_MLKEM_SS_BYTES);
        return rc;
    }
    /* the type checks here, the hash check inside decaps_internal */
    rc = ctlen == p->ct_bytes && dklen == p->dk_bytes ? KF_OK : KF_ERR_BAD_LENGTH;
    if (rc == KF_OK) rc = decaps_internal(p, ss, ct, dk);
    if (rc != KF_OK) kf_memzero(ss, KF_MLKEM_SS_BYTES);
    return rc;
}

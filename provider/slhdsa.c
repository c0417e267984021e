/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * slhdsa.c - SLH-DSA-SHAKE-128s/128f/192s/192f/256s/256f signatures (pure SLH-DSA,
 * FIPS 205 Alg. 22/24) for EVP_PKEY_sign/verify and one-shot EVP_DigestSign/Verify (no
 * digest). Parameters: "context-string" (octets, at most 255 bytes), "deterministic"
 * (int; default 0: hedged, with n fresh random bytes per signature). Unknown parameters
 * are an error. (TLS signature algorithms from providers need OpenSSL >= 3.2.)
 */
#include "kf_keys.h"

#include <string.h>

typedef struct sctx {
    const kf_provctx *prov;   /* the instance that made it (errors go to its core) */
    kf_pkey *key;
    int deterministic;
    size_t ctxlen;
    uint8_t ctxstr[KF_SLHDSA_MAX_CONTEXT_BYTES];
} sctx;

static void *s_new(void *provctx, const char *propq)
{
    sctx *c = kf_prov_zalloc(provctx, sizeof *c);
    (void)propq;
    if (c) c->prov = provctx;
    return c;
}
static void s_free(void *c) { kf_prov_free(c, sizeof(sctx)); }
static void *s_dup(void *c)
{
    sctx *n = kf_prov_zalloc(((sctx *)c)->prov, sizeof *n);
    if (n) *n = *(sctx *)c;   /* the instance too */
    return n;
}

static int s_set_params(void *vc, const OSSL_PARAM params[])
{
    static const char *const known[] = {"context-string", "deterministic", NULL};
    sctx *c = vc;
    const OSSL_PARAM *p;
    if (!params) return 1;
    if (!kf_prov_check_known(c->prov, params, known)) return 0;
    if ((p = OSSL_PARAM_locate_const(params, "context-string"))) {
        const void *v; size_t n;
        if (!OSSL_PARAM_get_octet_string_ptr(p, &v, &n) || n > KF_SLHDSA_MAX_CONTEXT_BYTES) {
            kf_prov_err(c->prov, KF_R_BAD_PARAM, "context-string: at most 255 bytes");
            return 0;
        }
        if (n) memcpy(c->ctxstr, v, n);
        c->ctxlen = n;
    }
    if ((p = OSSL_PARAM_locate_const(params, "deterministic")) && !OSSL_PARAM_get_int(p, &c->deterministic)) {
        kf_prov_err(c->prov, KF_R_BAD_PARAM, "deterministic");
        return 0;
    }
    return 1;
}

static const OSSL_PARAM *s_settable(void *c, void *provctx)
{
    static const OSSL_PARAM t[] = {OSSL_PARAM_octet_string("context-string", NULL, 0),
                                   OSSL_PARAM_int("deterministic", NULL), OSSL_PARAM_END};
    (void)c; (void)provctx;
    return t;
}

static int s_init(void *vc, void *vk, const OSSL_PARAM params[], int priv)
{
    sctx *c = vc;
    kf_pkey *k = vk;
    if (!k || kf_type_is_mlkem(k->type)) { kf_prov_err(c->prov, KF_R_NO_KEY, "not an SLH-DSA key"); return 0; }
    if (priv ? !k->has_priv : !k->has_pub) {
        kf_prov_err(c->prov, KF_R_NO_KEY, "SLH-DSA %s key missing", priv ? "private" : "public");
        return 0;
    }
    c->key = k;
    return s_set_params(c, params);
}
static int s_sign_init(void *c, void *k, const OSSL_PARAM p[]) { return s_init(c, k, p, 1); }
static int s_verify_init(void *c, void *k, const OSSL_PARAM p[]) { return s_init(c, k, p, 0); }
static int s_dsign_init(void *vc, const char *md, void *k, const OSSL_PARAM p[])
{
    const sctx *c = vc;
    if (md && *md) {
        kf_prov_err(c->prov, KF_R_BAD_PARAM, "SLH-DSA signs the message itself: no digest (got %s)", md);
        return 0;
    }
    return s_init(vc, k, p, 1);
}
static int s_dverify_init(void *vc, const char *md, void *k, const OSSL_PARAM p[])
{
    const sctx *c = vc;
    if (md && *md) {
        kf_prov_err(c->prov, KF_R_BAD_PARAM, "SLH-DSA verifies the message itself: no digest (got %s)", md);
        return 0;
    }
    return s_init(vc, k, p, 0);
}

static int s_sign(void *vc, unsigned char *sig, size_t *siglen, size_t sigsize, const unsigned char *tbs, size_t tbslen)
{
    sctx *c = vc;
    kf_slhdsa_param p = kf_type_slhdsa(c->key->type);
    size_t need = kf_slhdsa_sig_bytes(p);
    uint8_t rnd[32];
    int rc;
    if (!sig) { *siglen = need; return 1; }
    if (sigsize < need) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "signature buffer of %zu bytes, %zu needed", sigsize, need);
        return 0;
    }
    if (!c->deterministic && !kfp_random(c->prov, rnd, kf_slhdsa_n(p))) return 0;
    rc = kf_slhdsa_sign(p, sig, sigsize, tbs, tbslen, c->ctxstr, c->ctxlen, c->deterministic ? NULL : rnd,
                        c->key->priv, c->key->privlen);
    kf_wipe(rnd, sizeof rnd);
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "SLH-DSA sign");
    *siglen = need;
    return 1;
}

static int s_verify(void *vc, const unsigned char *sig, size_t siglen, const unsigned char *tbs, size_t tbslen)
{
    sctx *c = vc;
    int rc = kf_slhdsa_verify(kf_type_slhdsa(c->key->type), tbs, tbslen, c->ctxstr, c->ctxlen, sig, siglen,
                              c->key->pub, c->key->publen);
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "SLH-DSA verify");
    return 1;
}

static const OSSL_DISPATCH slh_functions[] = {
    {OSSL_FUNC_SIGNATURE_NEWCTX, (void (*)(void))s_new},
    {OSSL_FUNC_SIGNATURE_FREECTX, (void (*)(void))s_free},
    {OSSL_FUNC_SIGNATURE_DUPCTX, (void (*)(void))s_dup},
    {OSSL_FUNC_SIGNATURE_SIGN_INIT, (void (*)(void))s_sign_init},
    {OSSL_FUNC_SIGNATURE_SIGN, (void (*)(void))s_sign},
    {OSSL_FUNC_SIGNATURE_VERIFY_INIT, (void (*)(void))s_verify_init},
    {OSSL_FUNC_SIGNATURE_VERIFY, (void (*)(void))s_verify},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, (void (*)(void))s_dsign_init},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN, (void (*)(void))s_sign},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, (void (*)(void))s_dverify_init},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, (void (*)(void))s_verify},
    {OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, (void (*)(void))s_set_params},
    {OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, (void (*)(void))s_settable},
    {0, NULL}};

const OSSL_ALGORITHM kf_prov_signatures[] = {
    {KF_NAMES_SLH128S, KF_PROPS, slh_functions, "SLH-DSA-SHAKE-128s (keccakforge)"},
    {KF_NAMES_SLH128F, KF_PROPS, slh_functions, "SLH-DSA-SHAKE-128f (keccakforge)"},
    {KF_NAMES_SLH192S, KF_PROPS, slh_functions, "SLH-DSA-SHAKE-192s (keccakforge)"},
    {KF_NAMES_SLH192F, KF_PROPS, slh_functions, "SLH-DSA-SHAKE-192f (keccakforge)"},
    {KF_NAMES_SLH256S, KF_PROPS, slh_functions, "SLH-DSA-SHAKE-256s (keccakforge)"},
    {KF_NAMES_SLH256F, KF_PROPS, slh_functions, "SLH-DSA-SHAKE-256f (keccakforge)"},
    {NULL, NULL, NULL, NULL}};

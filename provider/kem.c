/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem.c - the KEM operation for ML-KEM-512/768/1024 (EVP_PKEY_encapsulate/decapsulate on
 * the library's kf_mlkem_encaps/decaps) and the TLS-GROUP capability: MLKEM512/768/1024
 * (0x0200-0x0202) and the hybrids X25519MLKEM768 (0x11EC), SecP256r1MLKEM768 (0x11EB) and
 * SecP384r1MLKEM1024 (0x11ED) (hybrid.c).
 *
 * A ciphertext of the wrong length is an error; a tampered one of the right length gives
 * ML-KEM's implicit-rejection secret (FIPS 203), not an error.
 */
#include "kf_keys.h"

#include <string.h>

typedef struct kemctx {
    const kf_provctx *prov;   /* the instance that made it (errors go to its core) */
    kf_pkey *key;
} kemctx;

static void *kem_new(void *provctx)
{
    kemctx *c = kf_prov_zalloc(provctx, sizeof *c);
    if (c) c->prov = provctx;
    return c;
}
static void kem_free(void *c) { kf_prov_free(c, sizeof(kemctx)); }
static void *kem_dup(void *c)
{
    kemctx *n = kf_prov_zalloc(((kemctx *)c)->prov, sizeof *n);
    if (n) *n = *(kemctx *)c;   /* the instance and the key (owned by the EVP_PKEY) */
    return n;
}

static int kem_set_params(void *vc, const OSSL_PARAM params[])
{
    static const char *const known[] = {OSSL_KEM_PARAM_OPERATION, NULL};
    const kemctx *c = vc;
    return kf_prov_check_known(c->prov, params, known);
}

static const OSSL_PARAM *kem_settable(void *c, void *provctx)
{
    static const OSSL_PARAM t[] = {OSSL_PARAM_utf8_string(OSSL_KEM_PARAM_OPERATION, NULL, 0), OSSL_PARAM_END};
    (void)c; (void)provctx;
    return t;
}

static int kem_init(void *vc, void *vk, const OSSL_PARAM params[], int priv)
{
    kemctx *c = vc;
    kf_pkey *k = vk;
    if (!k || !kf_type_is_mlkem(k->type)) { kf_prov_err(c->prov, KF_R_NO_KEY, "not an ML-KEM key"); return 0; }
    if (priv ? !k->has_priv : !k->has_pub) {
        kf_prov_err(c->prov, KF_R_NO_KEY, "%s needs the %s key",
                    priv ? "decapsulation" : "encapsulation", priv ? "private" : "public");
        return 0;
    }
    c->key = k;
    return kem_set_params(c, params);
}
static int kem_encap_init(void *c, void *k, const OSSL_PARAM params[]) { return kem_init(c, k, params, 0); }
static int kem_decap_init(void *c, void *k, const OSSL_PARAM params[]) { return kem_init(c, k, params, 1); }

static int kem_encap(void *vc, unsigned char *out, size_t *outlen, unsigned char *secret, size_t *secretlen)
{
    kemctx *c = vc;
    kf_mlkem_param p = kf_type_mlkem(c->key->type);
    size_t ctl = kf_mlkem_ct_bytes(p);
    int rc;
    if (!out) {
        if (outlen) *outlen = ctl;
        if (secretlen) *secretlen = KF_MLKEM_SS_BYTES;
        return 1;
    }
    if (!outlen || !secret) { kf_prov_err(c->prov, KF_R_BAD_PARAM, "no secret buffer"); return 0; }
    if (*outlen < ctl) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "ciphertext buffer of %zu bytes, %zu needed", *outlen, ctl);
        return 0;
    }
    if (secretlen && *secretlen < KF_MLKEM_SS_BYTES) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "secret buffer too small");
        return 0;
    }
    rc = kf_mlkem_encaps(p, out, secret, c->key->pub, c->key->publen);
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "ML-KEM encapsulation");
    *outlen = ctl;
    if (secretlen) *secretlen = KF_MLKEM_SS_BYTES;
    return 1;
}

static int kem_decap(void *vc, unsigned char *out, size_t *outlen, const unsigned char *in, size_t inlen)
{
    kemctx *c = vc;
    kf_mlkem_param p = kf_type_mlkem(c->key->type);
    int rc;
    if (!out) {
        if (outlen) *outlen = KF_MLKEM_SS_BYTES;
        return 1;
    }
    if (outlen && *outlen < KF_MLKEM_SS_BYTES) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "secret buffer too small");
        return 0;
    }
    if (inlen != kf_mlkem_ct_bytes(p)) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "%s ciphertext of %zu bytes, %zu expected",
                    kf_key_type_name(c->key->type), inlen, kf_mlkem_ct_bytes(p));
        return 0;
    }
    rc = kf_mlkem_decaps(p, out, in, inlen, c->key->priv, c->key->privlen);
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "ML-KEM decapsulation");
    if (outlen) *outlen = KF_MLKEM_SS_BYTES;
    return 1;
}

static const OSSL_DISPATCH mlkem_kem_functions[] = {
    {OSSL_FUNC_KEM_NEWCTX, (void (*)(void))kem_new},
    {OSSL_FUNC_KEM_FREECTX, (void (*)(void))kem_free},
    {OSSL_FUNC_KEM_DUPCTX, (void (*)(void))kem_dup},
    {OSSL_FUNC_KEM_ENCAPSULATE_INIT, (void (*)(void))kem_encap_init},
    {OSSL_FUNC_KEM_ENCAPSULATE, (void (*)(void))kem_encap},
    {OSSL_FUNC_KEM_DECAPSULATE_INIT, (void (*)(void))kem_decap_init},
    {OSSL_FUNC_KEM_DECAPSULATE, (void (*)(void))kem_decap},
    {OSSL_FUNC_KEM_SET_CTX_PARAMS, (void (*)(void))kem_set_params},
    {OSSL_FUNC_KEM_SETTABLE_CTX_PARAMS, (void (*)(void))kem_settable},
    {0, NULL}};

extern const OSSL_DISPATCH kf_kem_hybrid[];

const OSSL_ALGORITHM kf_prov_kems[] = {
    {KF_NAMES_MLKEM512, KF_PROPS, mlkem_kem_functions, "ML-KEM-512 (keccakforge)"},
    {KF_NAMES_MLKEM768, KF_PROPS, mlkem_kem_functions, "ML-KEM-768 (keccakforge)"},
    {KF_NAMES_MLKEM1024, KF_PROPS, mlkem_kem_functions, "ML-KEM-1024 (keccakforge)"},
    {KF_NAMES_HYBRID, KF_PROPS, kf_kem_hybrid, "X25519MLKEM768 (keccakforge; X25519 by the default provider)"},
    {KF_NAMES_HYBRID_P256, KF_PROPS, kf_kem_hybrid, "SecP256r1MLKEM768 (keccakforge; P-256 by the default provider)"},
    {KF_NAMES_HYBRID_P384, KF_PROPS, kf_kem_hybrid, "SecP384r1MLKEM1024 (keccakforge; P-384 by the default provider)"},
    {KF_NAMES_HYBRID_X448, KF_PROPS, kf_kem_hybrid, "X448MLKEM1024 (keccakforge; X448 by the default provider; no TLS code point)"},
    {NULL, NULL, NULL, NULL}};

/* ---- TLS-GROUP -------------------------------------------------------------------------- */
static const struct tls_group {
    const char *name, *alg;
    unsigned id, secbits;
} tls_groups[] = {
    {"MLKEM512", "ML-KEM-512", 0x0200, 128},
    {"MLKEM768", "ML-KEM-768", 0x0201, 192},
    {"MLKEM1024", "ML-KEM-1024", 0x0202, 256},
    {"X25519MLKEM768", "X25519MLKEM768", 0x11EC, 192},
    {"SecP256r1MLKEM768", "SecP256r1MLKEM768", 0x11EB, 192},
    {"SecP384r1MLKEM1024", "SecP384r1MLKEM1024", 0x11ED, 256},
};

int kf_prov_tls_groups(OSSL_CALLBACK *cb, void *arg)
{
    for (size_t i = 0; i < sizeof tls_groups / sizeof tls_groups[0]; i++) {
        const struct tls_group *g = &tls_groups[i];
        unsigned id = g->id, sec = g->secbits, is_kem = 1;
        int mintls = 0x0304, maxtls = 0, mindtls = -1, maxdtls = -1;   /* TLS 1.3 only, no DTLS */
        OSSL_PARAM p[] = {
            OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, (char *)g->name, strlen(g->name)),
            OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, (char *)g->name, strlen(g->name)),
            OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, (char *)g->alg, strlen(g->alg)),
            OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &id),
            OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &sec),
            OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &mintls),
            OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &maxtls),
            OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &mindtls),
            OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &maxdtls),
            OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_IS_KEM, &is_kem),
            OSSL_PARAM_END};
        if (!cb(p, arg)) return 0;
    }
    return 1;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mac.c - KMAC128 and KMAC256 as EVP_MACs, with OpenSSL's names and parameters:
 *   "key" (octets, 4..512 bytes as OpenSSL's KMAC), "custom" (octets, at most 512 bytes),
 *   "size" (size_t, output bytes; default 32 / 64), "xof" (int, KMACXOF when non-zero).
 * The library context starts on the first update (or final), so "xof" and "custom" may be
 * set after init and before data; changing them after data is an error. dupctx copies.
 */
#include "kf_prov.h"
#include "keccakforge.h"

#include <string.h>

#define KMAC_KEY_MIN 4
#define KMAC_KEY_MAX 512
#define KMAC_CUSTOM_MAX 512

typedef struct mctx {
    kf_kmac_ctx k;
    const kf_provctx *prov;   /* the instance that made it (errors go to its core) */
    int v256;
    int started;
    int xof;
    int haskey;
    size_t size;
    size_t keylen, slen;
    uint8_t key[KMAC_KEY_MAX], S[KMAC_CUSTOM_MAX];
} mctx;

static void *m_new(const kf_provctx *prov, int v256)
{
    mctx *c = kf_prov_zalloc(prov, sizeof *c);
    if (!c) return NULL;
    c->prov = prov;
    c->v256 = v256;
    c->size = v256 ? 64 : 32;
    return c;
}
static void *kmac128_new(void *provctx) { return m_new(provctx, 0); }
static void *kmac256_new(void *provctx) { return m_new(provctx, 1); }
static void m_free(void *c) { kf_prov_free(c, sizeof(mctx)); }
static void *m_dup(void *vc)
{
    mctx *n = kf_prov_zalloc(((mctx *)vc)->prov, sizeof *n);
    if (n) *n = *(mctx *)vc;   /* the instance too */
    return n;
}

static const char *const m_known[] = {OSSL_MAC_PARAM_KEY, OSSL_MAC_PARAM_CUSTOM, OSSL_MAC_PARAM_SIZE,
                                      OSSL_MAC_PARAM_XOF, NULL};

static int m_set_key(mctx *c, const unsigned char *key, size_t keylen)
{
    if (keylen < KMAC_KEY_MIN || keylen > KMAC_KEY_MAX) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "KMAC key of %zu bytes (%d..%d allowed)",
                    keylen, KMAC_KEY_MIN, KMAC_KEY_MAX);
        return 0;
    }
    memcpy(c->key, key, keylen);
    c->keylen = keylen;
    c->haskey = 1;
    return 1;
}

static int m_set_params(void *vc, const OSSL_PARAM params[])
{
    mctx *c = vc;
    const OSSL_PARAM *p;
    if (!params) return 1;
    if (!kf_prov_check_known(c->prov, params, m_known)) return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_XOF))) {
        int v;
        if (!OSSL_PARAM_get_int(p, &v)) { kf_prov_err(c->prov, KF_R_BAD_PARAM, "xof"); return 0; }
        if (c->started && !!v != c->xof) { kf_prov_err(c->prov, KF_R_BAD_STATE, "xof changed after data"); return 0; }
        c->xof = !!v;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_SIZE))) {
        size_t v;
        if (!OSSL_PARAM_get_size_t(p, &v) || v == 0) { kf_prov_err(c->prov, KF_R_BAD_PARAM, "size"); return 0; }
        if (c->started && !c->xof) { kf_prov_err(c->prov, KF_R_BAD_STATE, "size changed after data"); return 0; }
        c->size = v;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_CUSTOM))) {
        const void *v = NULL; size_t n = 0;
        if (!OSSL_PARAM_get_octet_string_ptr(p, &v, &n) || n > KMAC_CUSTOM_MAX) {
            kf_prov_err(c->prov, KF_R_BAD_PARAM, "custom: an octet string of at most %d bytes", KMAC_CUSTOM_MAX);
            return 0;
        }
        if (c->started) { kf_prov_err(c->prov, KF_R_BAD_STATE, "custom set after data"); return 0; }
        if (n) memcpy(c->S, v, n);
        c->slen = n;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY))) {
        const void *v = NULL; size_t n = 0;
        if (!OSSL_PARAM_get_octet_string_ptr(p, &v, &n)) { kf_prov_err(c->prov, KF_R_BAD_PARAM, "key"); return 0; }
        if (c->started) { kf_prov_err(c->prov, KF_R_BAD_STATE, "key set after data"); return 0; }
        if (!m_set_key(c, v, n)) return 0;
    }
    return 1;
}

static int m_start(mctx *c)
{
    int rc;
    kf_sp800185_variant v;
    if (c->started) return 1;
    if (!c->haskey) { kf_prov_err(c->prov, KF_R_NO_KEY, "KMAC without a key"); return 0; }
    /* OpenSSL's KMAC puts the requested length into the fixed variant: the size param */
    v = c->v256 ? (c->xof ? KF_V256XOF : KF_V256) : (c->xof ? KF_V128XOF : KF_V128);
    rc = kf_kmac_init(&c->k, v, c->key, c->keylen, c->S, c->slen);
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "KMAC init");
    c->started = 1;
    return 1;
}

static int m_init(void *vc, const unsigned char *key, size_t keylen, const OSSL_PARAM params[])
{
    mctx *c = vc;
    kf_wipe(&c->k, sizeof c->k);
    c->started = 0;
    if (!m_set_params(c, params)) return 0;
    if (key && !m_set_key(c, key, keylen)) return 0;
    if (!c->haskey) { kf_prov_err(c->prov, KF_R_NO_KEY, "KMAC init without a key"); return 0; }
    return 1;
}

static int m_update(void *vc, const unsigned char *in, size_t len)
{
    mctx *c = vc;
    int rc;
    if (!m_start(c)) return 0;
    rc = kf_kmac_update(&c->k, in, len);
    return rc == KF_OK ? 1 : kf_prov_lib_err(c->prov, rc, "KMAC update");
}

static int m_final(void *vc, unsigned char *out, size_t *outl, size_t outsz)
{
    mctx *c = vc;
    int rc;
    if (!m_start(c)) return 0;
    if (outsz < c->size) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "output buffer of %zu bytes, %zu needed", outsz, c->size);
        return 0;
    }
    rc = kf_kmac_final(&c->k, out, c->size);
    kf_wipe(&c->k, sizeof c->k);
    c->started = 0;
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "KMAC final");
    *outl = c->size;
    return 1;
}

static int m_get_ctx_params(void *vc, OSSL_PARAM params[])
{
    mctx *c = vc;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE)) && !OSSL_PARAM_set_size_t(p, c->size)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE)) && !OSSL_PARAM_set_size_t(p, c->v256 ? 136 : 168)) return 0;
    return 1;
}

static const OSSL_PARAM *m_gettable_ctx(void *c, void *provctx)
{
    static const OSSL_PARAM t[] = {OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
                                   OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, NULL), OSSL_PARAM_END};
    (void)c; (void)provctx;
    return t;
}

static const OSSL_PARAM *m_settable_ctx(void *c, void *provctx)
{
    static const OSSL_PARAM t[] = {
        OSSL_PARAM_int(OSSL_MAC_PARAM_XOF, NULL), OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
        OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0), OSSL_PARAM_octet_string(OSSL_MAC_PARAM_CUSTOM, NULL, 0),
        OSSL_PARAM_END};
    (void)c; (void)provctx;
    return t;
}

#define KMAC_FUNCS(nm)                                                                  \
    static const OSSL_DISPATCH nm##_functions[] = {                                     \
        {OSSL_FUNC_MAC_NEWCTX, (void (*)(void))nm##_new},                               \
        {OSSL_FUNC_MAC_DUPCTX, (void (*)(void))m_dup},                                  \
        {OSSL_FUNC_MAC_FREECTX, (void (*)(void))m_free},                                \
        {OSSL_FUNC_MAC_INIT, (void (*)(void))m_init},                                   \
        {OSSL_FUNC_MAC_UPDATE, (void (*)(void))m_update},                               \
        {OSSL_FUNC_MAC_FINAL, (void (*)(void))m_final},                                 \
        {OSSL_FUNC_MAC_GET_CTX_PARAMS, (void (*)(void))m_get_ctx_params},               \
        {OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, (void (*)(void))m_gettable_ctx},            \
        {OSSL_FUNC_MAC_SET_CTX_PARAMS, (void (*)(void))m_set_params},                   \
        {OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, (void (*)(void))m_settable_ctx},            \
        {0, NULL}};
KMAC_FUNCS(kmac128)
KMAC_FUNCS(kmac256)

const OSSL_ALGORITHM kf_prov_macs[] = {
    {"KMAC-128:KMAC128:2.16.840.1.101.3.4.2.19", KF_PROPS, kmac128_functions, "KMAC128 (keccakforge)"},
    {"KMAC-256:KMAC256:2.16.840.1.101.3.4.2.20", KF_PROPS, kmac256_functions, "KMAC256 (keccakforge)"},
    {NULL, NULL, NULL, NULL}};

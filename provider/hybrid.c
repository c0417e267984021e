/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hybrid.c - X25519MLKEM768, the TLS 1.3 hybrid group 0x11EC (draft-ietf-tls-ecdhe-mlkem):
 * keymgmt and KEM. ML-KEM-768 is the library's; X25519 is OpenSSL's default provider's,
 * run in a library context of our own (kf_provctx.classic, "provider=default").
 *
 * Wire formats (ML-KEM first, in every part):
 *   client share   = ML-KEM-768 ek (1184) || X25519 public key (32)
 *   server share   = ML-KEM-768 ciphertext (1088) || X25519 public key (32)
 *   shared secret  = ML-KEM shared secret (32) || X25519 shared secret (32)
 */
#include "kf_keys.h"

#include <openssl/evp.h>
#include <openssl/provider.h>
#include <string.h>

#define X_BYTES 32
#define H_PUB (KF_MLKEM768_EK_BYTES + X_BYTES)
#define H_CT (KF_MLKEM768_CT_BYTES + X_BYTES)
#define CLASSIC_Q "provider=default"

typedef struct hkey {
    kf_provctx *prov;
    kf_pkey *ml;
    EVP_PKEY *x;      /* our key pair, or the peer's public key */
    int has_pub, has_priv;
    uint8_t xpub[X_BYTES];
} hkey;

/* Made once by the provider's init (kf_prov_classic_init); NULL (with an error) if that failed. */
void kf_prov_classic_init(kf_provctx *p)
{
    OSSL_LIB_CTX *l = OSSL_LIB_CTX_new();
    if (l && !(p->classic_default = OSSL_PROVIDER_load(l, "default"))) { OSSL_LIB_CTX_free(l); l = NULL; }
    p->classic = l;
}

static OSSL_LIB_CTX *classic(const kf_provctx *p)
{
    if (!p->classic) kf_prov_err(p, KF_R_CLASSIC, "OpenSSL's default provider could not be loaded for X25519");
    return p->classic;
}

static void *h_new(void *provctx)
{
    hkey *k = kf_prov_zalloc(provctx, sizeof *k);
    if (!k) return NULL;
    k->prov = provctx;
    if (!(k->ml = kf_pkey_new(provctx, KF_KEY_MLKEM768))) { kf_prov_free(k, sizeof *k); return NULL; }
    return k;
}

static void h_free(void *vk)
{
    hkey *k = vk;
    if (!k) return;
    kf_pkey_free(k->ml);
    EVP_PKEY_free(k->x);
    kf_prov_free(k, sizeof *k);
}

static int h_has(const void *vk, int selection)
{
    const hkey *k = vk;
    if (!k) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && !k->has_priv) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && !k->has_pub) return 0;
    return 1;
}

static int h_match(const void *va, const void *vb, int selection)
{
    const hkey *a = va, *b = vb;
    if (!(selection & OSSL_KEYMGMT_SELECT_KEYPAIR)) return 1;
    return a->has_pub && b->has_pub && memcmp(a->ml->pub, b->ml->pub, KF_MLKEM768_EK_BYTES) == 0
           && memcmp(a->xpub, b->xpub, X_BYTES) == 0;
}

static int h_set_pub(hkey *k, const uint8_t *v, size_t n)
{
    OSSL_LIB_CTX *l = classic(k->prov);
    if (!l) return 0;
    if (n != H_PUB) {
        kf_prov_err(k->prov, KF_R_BAD_LENGTH, "X25519MLKEM768 share of %zu bytes, %d expected", n, H_PUB);
        return 0;
    }
    if (k->has_priv) { kf_prov_err(k->prov, KF_R_BAD_STATE, "setting the public key of a private key"); return 0; }
    if (!kf_pkey_set_pub(k->ml, v, KF_MLKEM768_EK_BYTES)) return 0;
    EVP_PKEY_free(k->x);
    k->x = EVP_PKEY_new_raw_public_key_ex(l, "X25519", CLASSIC_Q, v + KF_MLKEM768_EK_BYTES, X_BYTES);
    if (!k->x) { kf_prov_err(k->prov, KF_R_CLASSIC, "X25519 public key"); return 0; }
    memcpy(k->xpub, v + KF_MLKEM768_EK_BYTES, X_BYTES);
    k->has_pub = 1;
    return 1;
}

static int h_get_params(void *vk, OSSL_PARAM params[])
{
    hkey *k = vk;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) && !OSSL_PARAM_set_int(p, 8 * H_PUB)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) && !OSSL_PARAM_set_int(p, 192)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) && !OSSL_PARAM_set_int(p, H_CT)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY))) {
        uint8_t buf[H_PUB];
        if (!k->has_pub) return 0;
        memcpy(buf, k->ml->pub, KF_MLKEM768_EK_BYTES);
        memcpy(buf + KF_MLKEM768_EK_BYTES, k->xpub, X_BYTES);
        if (!OSSL_PARAM_set_octet_string(p, buf, H_PUB)) return 0;
    }
    return 1;
}

static const OSSL_PARAM *h_gettable(void *provctx)
{
    static const OSSL_PARAM t[] = {
        OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL), OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
        OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0), OSSL_PARAM_END};
    (void)provctx;
    return t;
}

static int h_set_params(void *vk, const OSSL_PARAM params[])
{
    static const char *const known[] = {OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL};
    const hkey *k = vk;
    const OSSL_PARAM *p;
    if (!params) return 1;
    if (!kf_prov_check_known(k->prov, params, known)) return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY))) {
        const void *v; size_t n;
        if (!OSSL_PARAM_get_octet_string_ptr(p, &v, &n)) {
            kf_prov_err(k->prov, KF_R_BAD_PARAM, "encoded-pub-key");
            return 0;
        }
        return h_set_pub(vk, v, n);
    }
    return 1;
}

static const OSSL_PARAM *h_settable(void *provctx)
{
    static const OSSL_PARAM t[] = {OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0), OSSL_PARAM_END};
    (void)provctx;
    return t;
}

static int h_import(void *vk, int selection, const OSSL_PARAM params[])
{
    const hkey *k = vk;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
    const void *v; size_t n;
    if (!p) p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
    if (!(selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) || !p || !OSSL_PARAM_get_octet_string_ptr(p, &v, &n)) {
        kf_prov_err(k->prov, KF_R_NO_KEY, "X25519MLKEM768 imports a public key (pub) only");
        return 0;
    }
    return h_set_pub(vk, v, n);
}

static const OSSL_PARAM *h_types(int selection)
{
    static const OSSL_PARAM t[] = {OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0), OSSL_PARAM_END};
    (void)selection;
    return t;
}

static int h_export(void *vk, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    hkey *k = vk;
    uint8_t buf[H_PUB];
    OSSL_PARAM p[2];
    if (!(selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) || !k->has_pub) return 0;
    memcpy(buf, k->ml->pub, KF_MLKEM768_EK_BYTES);
    memcpy(buf + KF_MLKEM768_EK_BYTES, k->xpub, X_BYTES);
    p[0] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, buf, H_PUB);
    p[1] = OSSL_PARAM_construct_end();
    return cb(p, cbarg);
}

/* ---- text encoder (openssl pkey -text on a generated key; the key has no DER/PEM form) --- */
static void *ht_new(void *provctx) { return provctx; }
static void ht_free(void *c) { (void)c; }
static int ht_does(void *provctx, int selection)
{
    (void)provctx;
    return selection == 0 || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0;
}
static int ht_encode(void *vc, OSSL_CORE_BIO *out, const void *raw, const OSSL_PARAM abstract[], int selection,
                     OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    const kf_provctx *pc = vc;
    const hkey *k = raw;
    int priv = selection == 0 || (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0, ok = 0;
    uint8_t xpriv[X_BYTES];
    size_t xl = X_BYTES;
    const char *head = priv ? "X25519MLKEM768 Private-Key:\n" : "X25519MLKEM768 Public-Key:\n";
    (void)abstract; (void)cb; (void)cbarg;
    if (!k) { kf_prov_err(pc, KF_R_NO_KEY, "X25519MLKEM768: only this provider's own keys print"); return 0; }
    if (!k->has_pub || (priv && !k->has_priv)) {
        kf_prov_err(pc, KF_R_NO_KEY, "X25519MLKEM768: the key has no %s part", priv ? "private" : "public");
        return 0;
    }
    if (priv && (!k->x || !EVP_PKEY_get_raw_private_key(k->x, xpriv, &xl) || xl != X_BYTES)) {
        kf_prov_err(pc, KF_R_CLASSIC, "X25519 private key");
        return 0;
    }
    if (!kf_prov_write_all(pc, out, head, strlen(head))) goto end;
    if (priv) {
        if (k->ml->has_seed && !kf_prov_text_hex(pc, out, "ML-KEM-768 seed", k->ml->seed, sizeof k->ml->seed)) goto end;
        if (!kf_prov_text_hex(pc, out, "ML-KEM-768 dk", k->ml->priv, k->ml->privlen)) goto end;
    }
    if (!kf_prov_text_hex(pc, out, "ML-KEM-768 ek", k->ml->pub, k->ml->publen)) goto end;
    if (priv && !kf_prov_text_hex(pc, out, "X25519 priv", xpriv, X_BYTES)) goto end;
    ok = kf_prov_text_hex(pc, out, "X25519 pub", k->xpub, X_BYTES);
end:
    kf_wipe(xpriv, sizeof xpriv);
    return ok;
}

const OSSL_DISPATCH kf_encoder_hybrid_text[] = {
    {OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))ht_new},
    {OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))ht_free},
    {OSSL_FUNC_ENCODER_DOES_SELECTION, (void (*)(void))ht_does},
    {OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))ht_encode},
    {0, NULL}};

typedef struct hgen { kf_provctx *prov; int selection; } hgen;

static int h_gen_set_params(void *vg, const OSSL_PARAM params[])
{
    static const char *const known[] = {OSSL_PKEY_PARAM_GROUP_NAME, NULL};
    const hgen *g = vg;
    const OSSL_PARAM *p;
    const char *s = NULL;
    if (!params) return 1;
    if (!kf_prov_check_known(g->prov, params, known)) return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME))
        && (!OSSL_PARAM_get_utf8_string_ptr(p, &s) || strcasecmp(s, "X25519MLKEM768") != 0)) {
        kf_prov_err(g->prov, KF_R_BAD_PARAM, "group '%s' is not X25519MLKEM768", s ? s : "?");
        return 0;
    }
    return 1;
}

static const OSSL_PARAM *h_gen_settable(void *vg, void *provctx)
{
    static const OSSL_PARAM t[] = {OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0), OSSL_PARAM_END};
    (void)vg; (void)provctx;
    return t;
}

static void *h_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    hgen *g = kf_prov_zalloc(provctx, sizeof *g);
    if (!g) return NULL;
    g->prov = provctx;
    g->selection = selection;
    if (!h_gen_set_params(g, params)) { kf_prov_free(g, sizeof *g); return NULL; }
    return g;
}

static void *h_gen(void *vg, OSSL_CALLBACK *cb, void *cbarg)
{
    hgen *g = vg;
    hkey *k = h_new(g->prov);
    OSSL_LIB_CTX *l;
    uint8_t seed[64];
    size_t xl = X_BYTES;
    (void)cb; (void)cbarg;
    if (!k) return NULL;
    if (!(g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR)) return k;
    if (!(l = classic(g->prov)) || !kfp_random(g->prov, seed, 64) || !kf_pkey_from_seed(k->ml, seed)) goto fail;
    kf_wipe(seed, sizeof seed);
    k->x = EVP_PKEY_Q_keygen(l, CLASSIC_Q, "X25519");
    if (!k->x || !EVP_PKEY_get_raw_public_key(k->x, k->xpub, &xl) || xl != X_BYTES) {
        kf_prov_err(g->prov, KF_R_CLASSIC, "X25519 key generation");
        goto fail;
    }
    k->has_pub = k->has_priv = 1;
    return k;
fail:
    kf_wipe(seed, sizeof seed);
    h_free(k);
    return NULL;
}

static void h_gen_cleanup(void *vg) { kf_prov_free(vg, sizeof(hgen)); }

const OSSL_DISPATCH kf_keymgmt_hybrid[] = {
    {OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))h_new},
    {OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))h_free},
    {OSSL_FUNC_KEYMGMT_GEN_INIT, (void (*)(void))h_gen_init},
    {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, (void (*)(void))h_gen_set_params},
    {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, (void (*)(void))h_gen_settable},
    {OSSL_FUNC_KEYMGMT_GEN, (void (*)(void))h_gen},
    {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, (void (*)(void))h_gen_cleanup},
    {OSSL_FUNC_KEYMGMT_GET_PARAMS, (void (*)(void))h_get_params},
    {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, (void (*)(void))h_gettable},
    {OSSL_FUNC_KEYMGMT_SET_PARAMS, (void (*)(void))h_set_params},
    {OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, (void (*)(void))h_settable},
    {OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))h_has},
    {OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))h_match},
    {OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))h_import},
    {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))h_types},
    {OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))h_export},
    {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))h_types},
    {0, NULL}};

/* ---- KEM ---------------------------------------------------------------------------------- */
typedef struct hctx {
    const kf_provctx *prov;   /* the instance that made it (errors go to its core) */
    hkey *key;
} hctx;

static void *hk_new(void *provctx)
{
    hctx *c = kf_prov_zalloc(provctx, sizeof *c);
    if (c) c->prov = provctx;
    return c;
}
static void hk_free(void *c) { kf_prov_free(c, sizeof(hctx)); }
static void *hk_dup(void *c)
{
    hctx *n = kf_prov_zalloc(((hctx *)c)->prov, sizeof *n);
    if (n) *n = *(hctx *)c;   /* the instance and the key (owned by the EVP_PKEY) */
    return n;
}

static int hk_init(void *vc, void *vk, const OSSL_PARAM params[], int priv)
{
    static const char *const known[] = {OSSL_KEM_PARAM_OPERATION, NULL};
    hctx *c = vc;
    hkey *k = vk;
    if (!k || (priv ? !k->has_priv : !k->has_pub)) {
        kf_prov_err(c->prov, KF_R_NO_KEY, "X25519MLKEM768 key missing");
        return 0;
    }
    c->key = k;
    return kf_prov_check_known(c->prov, params, known);
}
static int hk_encap_init(void *c, void *k, const OSSL_PARAM p[]) { return hk_init(c, k, p, 0); }
static int hk_decap_init(void *c, void *k, const OSSL_PARAM p[]) { return hk_init(c, k, p, 1); }

/* X25519 of our key `mine` with the peer's public key `peer`, into out[32] */
static int x25519(const kf_provctx *pc, OSSL_LIB_CTX *l, EVP_PKEY *mine, EVP_PKEY *peer, uint8_t out[X_BYTES])
{
    EVP_PKEY_CTX *d = EVP_PKEY_CTX_new_from_pkey(l, mine, CLASSIC_Q);
    size_t n = X_BYTES;
    int ok = d && EVP_PKEY_derive_init(d) > 0 && EVP_PKEY_derive_set_peer(d, peer) > 0
             && EVP_PKEY_derive(d, out, &n) > 0 && n == X_BYTES;
    EVP_PKEY_CTX_free(d);
    if (!ok) kf_prov_err(pc, KF_R_CLASSIC, "X25519 key agreement");
    return ok;
}

static int hk_encap(void *vc, unsigned char *out, size_t *outlen, unsigned char *secret, size_t *secretlen)
{
    const hctx *c = vc;
    hkey *k = c->key;
    OSSL_LIB_CTX *l;
    EVP_PKEY *eph = NULL;
    size_t xl = X_BYTES;
    int rc, ok = 0;
    if (!out) {
        if (outlen) *outlen = H_CT;
        if (secretlen) *secretlen = 2 * KF_MLKEM_SS_BYTES;
        return 1;
    }
    if (!outlen || *outlen < H_CT || !secret || (secretlen && *secretlen < 64)) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "X25519MLKEM768 output buffers too small");
        return 0;
    }
    if (!(l = classic(c->prov))) return 0;
    rc = kf_mlkem_encaps(KF_MLKEM768, out, secret, k->ml->pub, KF_MLKEM768_EK_BYTES);
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "ML-KEM-768 encapsulation");
    eph = EVP_PKEY_Q_keygen(l, CLASSIC_Q, "X25519");
    if (!eph || !EVP_PKEY_get_raw_public_key(eph, out + KF_MLKEM768_CT_BYTES, &xl) || xl != X_BYTES) {
        kf_prov_err(c->prov, KF_R_CLASSIC, "X25519 key generation");
        goto end;
    }
    if (!x25519(c->prov, l, eph, k->x, secret + KF_MLKEM_SS_BYTES)) goto end;
    *outlen = H_CT;
    if (secretlen) *secretlen = 2 * KF_MLKEM_SS_BYTES;
    ok = 1;
end:
    if (!ok) kf_wipe(secret, 2 * KF_MLKEM_SS_BYTES);
    EVP_PKEY_free(eph);
    return ok;
}

static int hk_decap(void *vc, unsigned char *out, size_t *outlen, const unsigned char *in, size_t inlen)
{
    const hctx *c = vc;
    hkey *k = c->key;
    OSSL_LIB_CTX *l;
    EVP_PKEY *peer;
    int rc, ok;
    if (!out) {
        if (outlen) *outlen = 2 * KF_MLKEM_SS_BYTES;
        return 1;
    }
    if (outlen && *outlen < 2 * KF_MLKEM_SS_BYTES) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "secret buffer too small");
        return 0;
    }
    if (inlen != H_CT) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "X25519MLKEM768 share of %zu bytes, %d expected", inlen, H_CT);
        return 0;
    }
    if (!(l = classic(c->prov))) return 0;
    rc = kf_mlkem_decaps(KF_MLKEM768, out, in, KF_MLKEM768_CT_BYTES, k->ml->priv, k->ml->privlen);
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "ML-KEM-768 decapsulation");
    peer = EVP_PKEY_new_raw_public_key_ex(l, "X25519", CLASSIC_Q, in + KF_MLKEM768_CT_BYTES, X_BYTES);
    ok = peer && x25519(c->prov, l, k->x, peer, out + KF_MLKEM_SS_BYTES);
    if (!peer) kf_prov_err(c->prov, KF_R_CLASSIC, "X25519 public key");
    EVP_PKEY_free(peer);
    if (!ok) { kf_wipe(out, 2 * KF_MLKEM_SS_BYTES); return 0; }
    if (outlen) *outlen = 2 * KF_MLKEM_SS_BYTES;
    return 1;
}

const OSSL_DISPATCH kf_kem_hybrid[] = {
    {OSSL_FUNC_KEM_NEWCTX, (void (*)(void))hk_new},
    {OSSL_FUNC_KEM_FREECTX, (void (*)(void))hk_free},
    {OSSL_FUNC_KEM_DUPCTX, (void (*)(void))hk_dup},
    {OSSL_FUNC_KEM_ENCAPSULATE_INIT, (void (*)(void))hk_encap_init},
    {OSSL_FUNC_KEM_ENCAPSULATE, (void (*)(void))hk_encap},
    {OSSL_FUNC_KEM_DECAPSULATE_INIT, (void (*)(void))hk_decap_init},
    {OSSL_FUNC_KEM_DECAPSULATE, (void (*)(void))hk_decap},
    {0, NULL}};

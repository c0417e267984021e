/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hybrid.c - the TLS 1.3 hybrid groups of draft-ietf-tls-ecdhe-mlkem: keymgmt and KEM, one
 * implementation over a table of groups (hgroups[] below). ML-KEM is the library's; the
 * elliptic-curve half (X25519, X448, P-256, P-384) is OpenSSL's default provider's, run through
 * EVP in a library context of our own (kf_provctx.classic, "provider=default").
 *
 * Wire formats (the draft's order, which differs between the groups):
 *   X25519MLKEM768 (0x11EC), ML-KEM first:
 *     client share = ML-KEM-768 ek (1184) || X25519 public key (32)
 *     server share = ML-KEM-768 ciphertext (1088) || X25519 public key (32)
 *     secret       = ML-KEM secret (32) || X25519 secret (32)
 *   SecP256r1MLKEM768 (0x11EB) and SecP384r1MLKEM1024 (0x11ED), ECDH first:
 *     client share = uncompressed point (65 / 97) || ML-KEM ek (1184 / 1568)
 *     server share = uncompressed point (65 / 97) || ML-KEM ciphertext (1088 / 1568)
 *     secret       = ECDH secret, the x coordinate (32 / 48) || ML-KEM secret (32)
 *   X448MLKEM1024, ML-KEM first, as OpenSSL 3.5's default provider lays out its KEM of that
 *   name (providers/implementations/keymgmt/mlx_kmgmt.c: X448 in slot 1). A KEM and keymgmt
 *   only, not a TLS group: neither the draft nor OpenSSL (3.5.5, 4.0.3) has a code point for it.
 *     public key   = ML-KEM-1024 ek (1568) || X448 public key (56)
 *     ciphertext   = ML-KEM-1024 ciphertext (1568) || X448 public key (56)
 *     secret       = ML-KEM secret (32) || X448 secret (56)
 */
#include "kf_keys.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define CLASSIC_Q "provider=default"
#define EC_PUB_MAX 97   /* a P-384 uncompressed point */
#define EC_SS_MAX 56   /* an X448 secret */
#define H_PUB_MAX (EC_PUB_MAX + KF_MLKEM1024_EK_BYTES)
#define H_SS_MAX (EC_SS_MAX + KF_MLKEM_SS_BYTES)

typedef struct hgroup {
    const char *name;
    kf_key_type ml;          /* the ML-KEM half */
    kf_mlkem_param mlp;
    size_t ek, ct;           /* its encapsulation key and ciphertext sizes */
    const char *ec_alg;      /* the EVP key type of the classical half: "X25519", "X448" or "EC" */
    const char *curve;       /* its group for "EC", else NULL */
    size_t ec_pub, ec_ss;    /* the classical public key (share) and secret sizes */
    int ml_first;            /* ML-KEM part first in shares and secret (X25519MLKEM768, X448MLKEM1024) */
    int secbits;
} hgroup;

/* The order of this table is the order of the dispatch tables at the end of the keymgmt part. */
static const hgroup hgroups[] = {
    {"X25519MLKEM768", KF_KEY_MLKEM768, KF_MLKEM768, KF_MLKEM768_EK_BYTES, KF_MLKEM768_CT_BYTES, "X25519", NULL, 32, 32, 1, 192},
    {"SecP256r1MLKEM768", KF_KEY_MLKEM768, KF_MLKEM768, KF_MLKEM768_EK_BYTES, KF_MLKEM768_CT_BYTES, "EC", "P-256", 65, 32, 0, 192},
    {"SecP384r1MLKEM1024", KF_KEY_MLKEM1024, KF_MLKEM1024, KF_MLKEM1024_EK_BYTES, KF_MLKEM1024_CT_BYTES, "EC", "P-384", 97, 48, 0, 256},
    {"X448MLKEM1024", KF_KEY_MLKEM1024, KF_MLKEM1024, KF_MLKEM1024_EK_BYTES, KF_MLKEM1024_CT_BYTES, "X448", NULL, 56, 56, 1, 256},
};

static size_t g_pub(const hgroup *g) { return g->ek + g->ec_pub; }
static size_t g_ct(const hgroup *g) { return g->ct + g->ec_pub; }
static size_t g_ss(const hgroup *g) { return KF_MLKEM_SS_BYTES + g->ec_ss; }
/* where the ML-KEM part and the classical part sit in a message whose ML-KEM part has mllen bytes */
static size_t off_ml(const hgroup *g) { return g->ml_first ? 0 : g->ec_pub; }
static size_t off_ec(const hgroup *g, size_t mllen) { return g->ml_first ? mllen : 0; }
static size_t ss_ml(const hgroup *g) { return g->ml_first ? 0 : g->ec_ss; }
static size_t ss_ec(const hgroup *g) { return g->ml_first ? KF_MLKEM_SS_BYTES : 0; }

typedef struct hkey {
    kf_provctx *prov;
    const hgroup *g;
    kf_pkey *ml;
    EVP_PKEY *x;      /* our classical key pair, or the peer's public key */
    int has_pub, has_priv;
    uint8_t xpub[EC_PUB_MAX];
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
    if (!p->classic) kf_prov_err(p, KF_R_CLASSIC, "OpenSSL's default provider could not be loaded for X25519/X448/P-256/P-384");
    return p->classic;
}

/* A fresh classical key pair of the group; its public share into pub[g->ec_pub]. */
static EVP_PKEY *ec_keygen(const kf_provctx *pc, const hgroup *g, OSSL_LIB_CTX *l, uint8_t *pub)
{
    EVP_PKEY *k = g->curve ? EVP_PKEY_Q_keygen(l, CLASSIC_Q, "EC", g->curve) : EVP_PKEY_Q_keygen(l, CLASSIC_Q, g->ec_alg);
    size_t n = 0;
    /* EC: the uncompressed point (OpenSSL's default point format); X25519/X448: the raw key */
    if (!k || !EVP_PKEY_get_octet_string_param(k, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, pub, g->ec_pub, &n)
        || n != g->ec_pub || (g->curve && pub[0] != 0x04)) {
        kf_prov_err(pc, KF_R_CLASSIC, "%s key generation", g->curve ? g->curve : g->ec_alg);
        EVP_PKEY_free(k);
        return NULL;
    }
    return k;
}

/* The peer's classical public key from its share (an uncompressed point for EC; OpenSSL checks
 * that it is on the curve). */
static EVP_PKEY *ec_peer(const kf_provctx *pc, const hgroup *g, OSSL_LIB_CTX *l, const uint8_t *pub)
{
    EVP_PKEY_CTX *c = NULL;
    EVP_PKEY *k = NULL;
    OSSL_PARAM p[3], *q = p;
    if (g->curve && pub[0] != 0x04) {
        kf_prov_err(pc, KF_R_CLASSIC, "%s share is not an uncompressed point", g->curve);
        return NULL;
    }
    if (g->curve) *q++ = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)g->curve, 0);
    *q++ = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pub, g->ec_pub);
    *q = OSSL_PARAM_construct_end();
    if (!(c = EVP_PKEY_CTX_new_from_name(l, g->ec_alg, CLASSIC_Q)) || EVP_PKEY_fromdata_init(c) <= 0
        || EVP_PKEY_fromdata(c, &k, EVP_PKEY_PUBLIC_KEY, p) <= 0) {
        kf_prov_err(pc, KF_R_CLASSIC, "%s public key", g->curve ? g->curve : g->ec_alg);
        k = NULL;
    }
    EVP_PKEY_CTX_free(c);
    return k;
}

static hkey *h_new(void *provctx, const hgroup *g)
{
    hkey *k = kf_prov_zalloc(provctx, sizeof *k);
    if (!k) return NULL;
    k->prov = provctx;
    k->g = g;
    if (!(k->ml = kf_pkey_new(provctx, g->ml))) { kf_prov_free(k, sizeof *k); return NULL; }
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
    return a->g == b->g && a->has_pub && b->has_pub && memcmp(a->ml->pub, b->ml->pub, a->g->ek) == 0
           && memcmp(a->xpub, b->xpub, a->g->ec_pub) == 0;
}

/* the client share: the two public keys in the group's order */
static void h_encode_pub(const hkey *k, uint8_t *buf)
{
    memcpy(buf + off_ml(k->g), k->ml->pub, k->g->ek);
    memcpy(buf + off_ec(k->g, k->g->ek), k->xpub, k->g->ec_pub);
}

static int h_set_pub(hkey *k, const uint8_t *v, size_t n)
{
    const hgroup *g = k->g;
    OSSL_LIB_CTX *l = classic(k->prov);
    EVP_PKEY *x;
    if (!l) return 0;
    if (n != g_pub(g)) {
        kf_prov_err(k->prov, KF_R_BAD_LENGTH, "%s share of %zu bytes, %zu expected", g->name, n, g_pub(g));
        return 0;
    }
    if (k->has_priv) { kf_prov_err(k->prov, KF_R_BAD_STATE, "setting the public key of a private key"); return 0; }
    if (!(x = ec_peer(k->prov, g, l, v + off_ec(g, g->ek)))) return 0;
    if (!kf_pkey_set_pub(k->ml, v + off_ml(g), g->ek)) { EVP_PKEY_free(x); return 0; }
    EVP_PKEY_free(k->x);
    k->x = x;
    memcpy(k->xpub, v + off_ec(g, g->ek), g->ec_pub);
    k->has_pub = 1;
    return 1;
}

static int h_get_params(void *vk, OSSL_PARAM params[])
{
    hkey *k = vk;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) && !OSSL_PARAM_set_int(p, 8 * (int)g_pub(k->g))) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) && !OSSL_PARAM_set_int(p, k->g->secbits)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) && !OSSL_PARAM_set_int(p, (int)g_ct(k->g))) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY))) {
        uint8_t buf[H_PUB_MAX];
        if (!k->has_pub) return 0;
        h_encode_pub(k, buf);
        if (!OSSL_PARAM_set_octet_string(p, buf, g_pub(k->g))) return 0;
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
        kf_prov_err(k->prov, KF_R_NO_KEY, "%s imports a public key (pub) only", k->g->name);
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
    uint8_t buf[H_PUB_MAX];
    OSSL_PARAM p[2];
    if (!(selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) || !k->has_pub) return 0;
    h_encode_pub(k, buf);
    p[0] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, buf, g_pub(k->g));
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

/* the classical private key: X25519's or X448's raw key, or the EC scalar as ec_ss big-endian bytes */
static int ec_priv(const hkey *k, uint8_t *out)
{
    size_t n = k->g->ec_ss;
    BIGNUM *d = NULL;
    int ok;
    if (!k->x) return 0;
    if (!k->g->curve) return EVP_PKEY_get_raw_private_key(k->x, out, &n) == 1 && n == k->g->ec_ss;
    ok = EVP_PKEY_get_bn_param(k->x, OSSL_PKEY_PARAM_PRIV_KEY, &d) == 1 && BN_bn2binpad(d, out, (int)n) == (int)n;
    BN_clear_free(d);
    return ok;
}

static int ht_encode(void *vc, OSSL_CORE_BIO *out, const void *raw, const OSSL_PARAM abstract[], int selection,
                     OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    const kf_provctx *pc = vc;
    const hkey *k = raw;
    int priv = selection == 0 || (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0, ok = 0;
    uint8_t xpriv[EC_SS_MAX];
    char head[80], lab[40], mlname[16];
    const char *cl;
    (void)abstract; (void)cb; (void)cbarg;
    if (!k) { kf_prov_err(pc, KF_R_NO_KEY, "hybrid group key: only this provider's own keys print"); return 0; }
    cl = k->g->curve ? k->g->curve : k->g->ec_alg;
    if (!k->has_pub || (priv && !k->has_priv)) {
        kf_prov_err(pc, KF_R_NO_KEY, "%s: the key has no %s part", k->g->name, priv ? "private" : "public");
        return 0;
    }
    if (priv && !ec_priv(k, xpriv)) {
        kf_prov_err(pc, KF_R_CLASSIC, "%s private key", cl);
        return 0;
    }
    snprintf(head, sizeof head, "%s %s-Key:\n", k->g->name, priv ? "Private" : "Public");
    snprintf(mlname, sizeof mlname, "ML-KEM-%s", k->g->mlp == KF_MLKEM768 ? "768" : "1024");
    if (!kf_prov_write_all(pc, out, head, strlen(head))) goto end;
    if (priv) {
        snprintf(lab, sizeof lab, "%s seed", mlname);
        if (k->ml->has_seed && !kf_prov_text_hex(pc, out, lab, k->ml->seed, sizeof k->ml->seed)) goto end;
        snprintf(lab, sizeof lab, "%s dk", mlname);
        if (!kf_prov_text_hex(pc, out, lab, k->ml->priv, k->ml->privlen)) goto end;
    }
    snprintf(lab, sizeof lab, "%s ek", mlname);
    if (!kf_prov_text_hex(pc, out, lab, k->ml->pub, k->ml->publen)) goto end;
    snprintf(lab, sizeof lab, "%s priv", cl);
    if (priv && !kf_prov_text_hex(pc, out, lab, xpriv, k->g->ec_ss)) goto end;
    snprintf(lab, sizeof lab, "%s pub", cl);
    ok = kf_prov_text_hex(pc, out, lab, k->xpub, k->g->ec_pub);
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

typedef struct hgen { kf_provctx *prov; const hgroup *g; int selection; } hgen;

static int h_gen_set_params(void *vg, const OSSL_PARAM params[])
{
    static const char *const known[] = {OSSL_PKEY_PARAM_GROUP_NAME, NULL};
    const hgen *g = vg;
    const OSSL_PARAM *p;
    const char *s = NULL;
    if (!params) return 1;
    if (!kf_prov_check_known(g->prov, params, known)) return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME))
        && (!OSSL_PARAM_get_utf8_string_ptr(p, &s) || strcasecmp(s, g->g->name) != 0)) {
        kf_prov_err(g->prov, KF_R_BAD_PARAM, "group '%s' is not %s", s ? s : "?", g->g->name);
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

static void *h_gen_init(void *provctx, int selection, const OSSL_PARAM params[], const hgroup *gr)
{
    hgen *g = kf_prov_zalloc(provctx, sizeof *g);
    if (!g) return NULL;
    g->prov = provctx;
    g->g = gr;
    g->selection = selection;
    if (!h_gen_set_params(g, params)) { kf_prov_free(g, sizeof *g); return NULL; }
    return g;
}

static void *h_gen(void *vg, OSSL_CALLBACK *cb, void *cbarg)
{
    hgen *g = vg;
    hkey *k = h_new(g->prov, g->g);
    OSSL_LIB_CTX *l;
    uint8_t seed[64];
    (void)cb; (void)cbarg;
    if (!k) return NULL;
    if (!(g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR)) return k;
    if (!(l = classic(g->prov)) || !kfp_random(g->prov, seed, 64) || !kf_pkey_from_seed(k->ml, seed)) goto fail;
    kf_wipe(seed, sizeof seed);
    if (!(k->x = ec_keygen(g->prov, g->g, l, k->xpub))) goto fail;
    k->has_pub = k->has_priv = 1;
    return k;
fail:
    kf_wipe(seed, sizeof seed);
    h_free(k);
    return NULL;
}

static void h_gen_cleanup(void *vg) { kf_prov_free(vg, sizeof(hgen)); }

/* one keymgmt per group: only new and gen_init differ (they bind the group) */
#define HYBRID_KEYMGMT(nm, idx)                                                                             \
    static void *nm##_new(void *pc) { return h_new(pc, &hgroups[idx]); }                                    \
    static void *nm##_gen_init(void *pc, int sel, const OSSL_PARAM p[]) { return h_gen_init(pc, sel, p, &hgroups[idx]); } \
    const OSSL_DISPATCH kf_keymgmt_##nm[] = {                                                               \
        {OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))nm##_new},                                                  \
        {OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))h_free},                                                   \
        {OSSL_FUNC_KEYMGMT_GEN_INIT, (void (*)(void))nm##_gen_init},                                        \
        {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, (void (*)(void))h_gen_set_params},                               \
        {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, (void (*)(void))h_gen_settable},                            \
        {OSSL_FUNC_KEYMGMT_GEN, (void (*)(void))h_gen},                                                     \
        {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, (void (*)(void))h_gen_cleanup},                                     \
        {OSSL_FUNC_KEYMGMT_GET_PARAMS, (void (*)(void))h_get_params},                                       \
        {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, (void (*)(void))h_gettable},                                    \
        {OSSL_FUNC_KEYMGMT_SET_PARAMS, (void (*)(void))h_set_params},                                       \
        {OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, (void (*)(void))h_settable},                                    \
        {OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))h_has},                                                     \
        {OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))h_match},                                                 \
        {OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))h_import},                                               \
        {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))h_types},                                          \
        {OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))h_export},                                               \
        {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))h_types},                                          \
        {0, NULL}};
HYBRID_KEYMGMT(x25519mlkem768, 0)
HYBRID_KEYMGMT(p256mlkem768, 1)
HYBRID_KEYMGMT(p384mlkem1024, 2)
HYBRID_KEYMGMT(x448mlkem1024, 3)

/* ---- KEM (one for every group: the key says which) ---------------------------------------- */
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
        kf_prov_err(c->prov, KF_R_NO_KEY, "%s key missing", k ? k->g->name : "hybrid group");
        return 0;
    }
    c->key = k;
    return kf_prov_check_known(c->prov, params, known);
}
static int hk_encap_init(void *c, void *k, const OSSL_PARAM p[]) { return hk_init(c, k, p, 0); }
static int hk_decap_init(void *c, void *k, const OSSL_PARAM p[]) { return hk_init(c, k, p, 1); }

/* ECDH (X25519, X448, or the x coordinate for P-256/P-384) of our key `mine` with the peer's public
 * key `peer`, into out[g->ec_ss] */
static int ecdh(const kf_provctx *pc, const hgroup *g, OSSL_LIB_CTX *l, EVP_PKEY *mine, EVP_PKEY *peer, uint8_t *out)
{
    EVP_PKEY_CTX *d = EVP_PKEY_CTX_new_from_pkey(l, mine, CLASSIC_Q);
    size_t n = g->ec_ss;
    int ok = d && EVP_PKEY_derive_init(d) > 0 && EVP_PKEY_derive_set_peer(d, peer) > 0
             && EVP_PKEY_derive(d, out, &n) > 0 && n == g->ec_ss;
    EVP_PKEY_CTX_free(d);
    if (!ok) kf_prov_err(pc, KF_R_CLASSIC, "%s key agreement", g->curve ? g->curve : g->ec_alg);
    return ok;
}

static int hk_encap(void *vc, unsigned char *out, size_t *outlen, unsigned char *secret, size_t *secretlen)
{
    const hctx *c = vc;
    hkey *k = c->key;
    const hgroup *g = k->g;
    OSSL_LIB_CTX *l;
    EVP_PKEY *eph = NULL;
    int rc, ok = 0;
    if (!out) {
        if (outlen) *outlen = g_ct(g);
        if (secretlen) *secretlen = g_ss(g);
        return 1;
    }
    if (!outlen || *outlen < g_ct(g) || !secret || (secretlen && *secretlen < g_ss(g))) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "%s output buffers too small", g->name);
        return 0;
    }
    if (!(l = classic(c->prov))) return 0;
    rc = kf_mlkem_encaps(g->mlp, out + off_ml(g), secret + ss_ml(g), k->ml->pub, g->ek);
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "ML-KEM encapsulation");
    if (!(eph = ec_keygen(c->prov, g, l, out + off_ec(g, g->ct)))) goto end;
    if (!ecdh(c->prov, g, l, eph, k->x, secret + ss_ec(g))) goto end;
    *outlen = g_ct(g);
    if (secretlen) *secretlen = g_ss(g);
    ok = 1;
end:
    if (!ok) kf_wipe(secret, g_ss(g));
    EVP_PKEY_free(eph);
    return ok;
}

static int hk_decap(void *vc, unsigned char *out, size_t *outlen, const unsigned char *in, size_t inlen)
{
    const hctx *c = vc;
    hkey *k = c->key;
    const hgroup *g = k->g;
    OSSL_LIB_CTX *l;
    EVP_PKEY *peer;
    int rc, ok;
    if (!out) {
        if (outlen) *outlen = g_ss(g);
        return 1;
    }
    if (outlen && *outlen < g_ss(g)) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "secret buffer too small");
        return 0;
    }
    if (inlen != g_ct(g)) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "%s share of %zu bytes, %zu expected", g->name, inlen, g_ct(g));
        return 0;
    }
    if (!(l = classic(c->prov))) return 0;
    rc = kf_mlkem_decaps(g->mlp, out + ss_ml(g), in + off_ml(g), g->ct, k->ml->priv, k->ml->privlen);
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "ML-KEM decapsulation");
    peer = ec_peer(c->prov, g, l, in + off_ec(g, g->ct));
    ok = peer && ecdh(c->prov, g, l, k->x, peer, out + ss_ec(g));
    EVP_PKEY_free(peer);
    if (!ok) { kf_wipe(out, g_ss(g)); return 0; }
    if (outlen) *outlen = g_ss(g);
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

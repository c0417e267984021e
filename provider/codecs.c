/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * codecs.c - encoders (DER, PEM, text) and decoders (DER) of ML-KEM, ML-DSA and SLH-DSA keys as
 * SubjectPublicKeyInfo and PKCS#8 PrivateKeyInfo; the encodings themselves are the
 * library's (kf_key_encode_* / kf_key_decode_*, kf_pem_encode). PEM input reaches the DER
 * decoders through OpenSSL's default provider (its PEM-to-DER decoder).
 *
 * ML-KEM and ML-DSA private keys are written in the seed form of draft-ietf-lamps-kyber-
 * certificates / RFC 9881 (ML-KEM's 64-byte d || z, ML-DSA's 32-byte xi) when the key's seed
 * is known, else as expandedKey; all three forms are read. A decoder that sees another algorithm's OID passes (returns 1 without an
 * object); a malformed encoding of our algorithm is an error with a reason.
 */
#include "kf_keys.h"

#include <openssl/core_object.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DER 16384

typedef struct cctx {
    kf_provctx *prov;   /* the instance that made it: its keys' and its errors' */
    kf_key_type type;
} cctx;

static void *c_new(kf_provctx *prov, kf_key_type type)
{
    cctx *c = kf_prov_zalloc(prov, sizeof *c);
    if (!c) return NULL;
    c->prov = prov;
    c->type = type;
    return c;
}
static void c_free(void *c) { kf_prov_free(c, sizeof(cctx)); }

static int does_priv(void *provctx, int selection)
{
    (void)provctx;
    return selection == 0 || (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
}
static int does_pub(void *provctx, int selection)
{
    (void)provctx;
    if (selection == 0) return 1;
    return (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0 && (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0;
}

/* ---- encoders -------------------------------------------------------------------------- */
static void *enc_import(void *vc, int selection, const OSSL_PARAM params[])
{
    cctx *c = vc;
    kf_pkey *k = kf_pkey_new(c->prov, c->type);
    if (!k) return NULL;
    /* the same rules as keymgmt import */
    {
        const OSSL_PARAM *ps = OSSL_PARAM_locate_const(params, "seed");
        const OSSL_PARAM *pv = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY);
        const OSSL_PARAM *pb = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
        const void *v; size_t n;
        int ok = 1;
        if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && ps && k->seedlen && OSSL_PARAM_get_octet_string_ptr(ps, &v, &n)
            && n == k->seedlen)
            ok = kf_pkey_from_seed(k, v);
        else if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && pv && OSSL_PARAM_get_octet_string_ptr(pv, &v, &n))
            ok = kf_pkey_set_priv(k, v, n);
        else if (pb && OSSL_PARAM_get_octet_string_ptr(pb, &v, &n))
            ok = kf_pkey_set_pub(k, v, n);
        else {
            kf_prov_err(c->prov, KF_R_NO_KEY, "no key in the parameters");
            ok = 0;
        }
        if (!ok) { kf_pkey_free(k); return NULL; }
    }
    return k;
}

static int encode(cctx *c, OSSL_CORE_BIO *out, const kf_pkey *k, int priv, int pem)
{
    uint8_t *der = NULL;
    char *txt = NULL;
    size_t dl = 0, tl = 0;
    int rc, ok = 0;
    if (!k || k->type != c->type) { kf_prov_err(c->prov, KF_R_NO_KEY, "no key to encode"); return 0; }
    if (priv ? !k->has_priv : !k->has_pub) {
        kf_prov_err(c->prov, KF_R_NO_KEY, "the key has no %s part", priv ? "private" : "public");
        return 0;
    }
    der = malloc(MAX_DER);
    if (!der) { kf_prov_err(c->prov, KF_R_NO_MEMORY, "encoding"); return 0; }
    if (priv)
        rc = kf_key_encode_pkcs8(k->type, KF_PRIV_DEFAULT, k->has_seed ? k->seed : NULL, k->has_seed ? k->seedlen : 0,
                                 k->has_seed ? NULL : k->priv, k->privlen, der, MAX_DER, &dl);
    else
        rc = kf_key_encode_spki(k->type, k->pub, k->publen, der, MAX_DER, &dl);
    if (rc != KF_OK) { kf_prov_lib_err(c->prov, rc, "key encoding"); goto end; }
    if (pem) {
        rc = kf_pem_encode(priv ? "PRIVATE KEY" : "PUBLIC KEY", der, dl, NULL, 0, &tl);
        if (rc == KF_OK && !(txt = malloc(tl + 1))) { kf_prov_err(c->prov, KF_R_NO_MEMORY, "encoding"); goto end; }
        if (rc == KF_OK) rc = kf_pem_encode(priv ? "PRIVATE KEY" : "PUBLIC KEY", der, dl, txt, tl + 1, &tl);
        if (rc != KF_OK) { kf_prov_lib_err(c->prov, rc, "PEM encoding"); goto end; }
        ok = kf_prov_write_all(c->prov, out, txt, tl);
    } else {
        ok = kf_prov_write_all(c->prov, out, der, dl);
    }
end:
    if (der) { kf_wipe(der, MAX_DER); free(der); }
    if (txt) { kf_wipe(txt, tl); free(txt); }
    return ok;
}

static int encode_any(void *vc, OSSL_CORE_BIO *out, const void *raw, const OSSL_PARAM abstract[], int selection,
                      int priv, int pem)
{
    cctx *c = vc;
    int ok;
    kf_pkey *tmp = NULL;
    if (!raw && abstract) raw = tmp = enc_import(c, selection, abstract);
    ok = encode(c, out, raw, priv, pem);
    kf_pkey_free(tmp);
    return ok;
}

static int enc_priv_der(void *c, OSSL_CORE_BIO *o, const void *r, const OSSL_PARAM a[], int s, OSSL_PASSPHRASE_CALLBACK *cb, void *arg)
{ (void)cb; (void)arg; return encode_any(c, o, r, a, s, 1, 0); }
static int enc_priv_pem(void *c, OSSL_CORE_BIO *o, const void *r, const OSSL_PARAM a[], int s, OSSL_PASSPHRASE_CALLBACK *cb, void *arg)
{ (void)cb; (void)arg; return encode_any(c, o, r, a, s, 1, 1); }
static int enc_pub_der(void *c, OSSL_CORE_BIO *o, const void *r, const OSSL_PARAM a[], int s, OSSL_PASSPHRASE_CALLBACK *cb, void *arg)
{ (void)cb; (void)arg; return encode_any(c, o, r, a, s, 0, 0); }
static int enc_pub_pem(void *c, OSSL_CORE_BIO *o, const void *r, const OSSL_PARAM a[], int s, OSSL_PASSPHRASE_CALLBACK *cb, void *arg)
{ (void)cb; (void)arg; return encode_any(c, o, r, a, s, 0, 1); }

/* ---- text (openssl pkey -text / -text_pub, x509 -text) ---------------------------------- */
int kf_prov_text_hex(const kf_provctx *pc, OSSL_CORE_BIO *out, const char *label, const uint8_t *b, size_t n)
{
    /* "label:" then the bytes as xx:xx:..., 16 to a line indented by 4, as OpenSSL prints keys */
    char line[4 + 16 * 3 + 2];
    size_t ll = strlen(label);
    if (!kf_prov_write_all(pc, out, label, ll) || !kf_prov_write_all(pc, out, ":\n", 2)) return 0;
    for (size_t i = 0; i < n; i += 16) {
        size_t m = n - i < 16 ? n - i : 16, j = 4;
        memset(line, ' ', 4);
        for (size_t t = 0; t < m; t++) {
            static const char hex[] = "0123456789abcdef";
            line[j++] = hex[b[i + t] >> 4];
            line[j++] = hex[b[i + t] & 15];
            if (i + t + 1 < n) line[j++] = ':';
        }
        line[j++] = '\n';
        if (!kf_prov_write_all(pc, out, line, j)) return 0;
    }
    return 1;
}

static int does_text(void *provctx, int selection)
{
    (void)provctx;
    return selection == 0 || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0;
}

/* "ML-KEM-768 Private-Key:" with seed (when known), dk and ek; "... Public-Key:" with ek
 * (SLH-DSA: priv and pub). Private parts only when the selection asks for them. */
static int enc_text(void *vc, OSSL_CORE_BIO *out, const void *raw, const OSSL_PARAM abstract[], int selection,
                    OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    cctx *c = vc;
    const kf_pkey *k = raw;
    kf_pkey *tmp = NULL;
    int priv = selection == 0 || (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0, ok = 0;
    const char *name = kf_key_type_name(c->type);
    int ml = kf_type_is_mlkem(c->type);
    char head[64];
    (void)cb; (void)cbarg;
    if (!k && abstract) k = tmp = enc_import(c, selection, abstract);
    if (!k || k->type != c->type) { kf_prov_err(c->prov, KF_R_NO_KEY, "no key to print"); goto end; }
    if (priv && !k->has_priv) {
        kf_prov_err(c->prov, KF_R_NO_KEY, "%s: the key has no private part", name);
        goto end;
    }
    if (!k->has_pub) { kf_prov_err(c->prov, KF_R_NO_KEY, "%s: the key has no public part", name); goto end; }
    snprintf(head, sizeof head, "%s %s-Key:\n", name, priv ? "Private" : "Public");
    if (!kf_prov_write_all(c->prov, out, head, strlen(head))) goto end;
    if (priv) {
        if (k->has_seed && !kf_prov_text_hex(c->prov, out, "seed", k->seed, k->seedlen)) goto end;
        if (!kf_prov_text_hex(c->prov, out, ml ? "dk" : "priv", k->priv, k->privlen)) goto end;
    }
    ok = kf_prov_text_hex(c->prov, out, ml ? "ek" : "pub", k->pub, k->publen);
end:
    kf_pkey_free(tmp);
    return ok;
}

/* ---- decoders -------------------------------------------------------------------------- */
/* Does the algorithm identifier of `type` appear near the start of the DER? */
static int mentions_type(const uint8_t *der, size_t len, kf_key_type type)
{
    static const uint8_t pre[] = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04};
    uint8_t fam = kf_type_is_mlkem(type) ? 0x04 : 0x03;
    uint8_t arc = kf_type_is_mlkem(type)   ? (uint8_t)type
                  : kf_type_is_mldsa(type) ? (uint8_t)(17 + type - KF_KEY_MLDSA44)
                                           : (uint8_t)(26 + type - KF_KEY_SLHDSA_SHAKE_128S);
    for (size_t i = 0; i + sizeof pre + 2 <= len && i < 32; i++)
        if (memcmp(der + i, pre, sizeof pre) == 0 && der[i + sizeof pre] == fam && der[i + sizeof pre + 1] == arc) return 1;
    return 0;
}

static int decode(cctx *c, OSSL_CORE_BIO *in, int priv, OSSL_CALLBACK *data_cb, void *data_cbarg)
{
    size_t len = 0, got = 0, sl = 0;
    uint8_t *der = kf_prov_read_all(c->prov, in, MAX_DER, &len);
    kf_pkey *k = NULL;
    kf_key_type t;
    int rc, ok = 1;
    if (!der) return 0;
    if (!mentions_type(der, len, c->type)) goto end;   /* not ours: let other decoders try */
    if (!(k = kf_pkey_new(c->prov, c->type))) { ok = 0; goto end; }
    if (priv) {
        rc = kf_key_decode_pkcs8(der, len, &t, NULL, k->seed, sizeof k->seed, &sl, k->priv, sizeof k->priv, &got);
        if (rc == KF_OK && t == c->type) {
            k->has_seed = sl != 0 && sl == k->seedlen;
            /* the public key sits inside the private one (ML-DSA: derived from it; the
             * decoder checked sk with the same call) */
            if (kf_type_is_mlkem(t)) memcpy(k->pub, k->priv + (k->privlen - k->publen - 64), k->publen);
            else if (kf_type_is_mldsa(t)) rc = kf_mldsa_pk_from_sk(kf_type_mldsa(t), k->pub, k->priv, k->privlen);
            else memcpy(k->pub, k->priv + (k->privlen - k->publen), k->publen);
            k->has_priv = k->has_pub = rc == KF_OK;
        }
    } else {
        rc = kf_key_decode_spki(der, len, &t, k->pub, sizeof k->pub, &got);
        if (rc == KF_OK && t == c->type) k->has_pub = 1;
    }
    if (rc != KF_OK) {
        kf_prov_err(c->prov, rc == KF_ERR_BAD_KEY ? KF_R_BAD_KEY : KF_R_BAD_ENCODING, "%s %s: %s",
                    kf_key_type_name(c->type), priv ? "PrivateKeyInfo" : "SubjectPublicKeyInfo", kf_strerror(rc));
        ok = 0;
        goto end;
    }
    if (t != c->type) goto end;
    {
        int objtype = OSSL_OBJECT_PKEY;
        OSSL_PARAM p[4];
        p[0] = OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &objtype);
        p[1] = OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE, (char *)kf_key_type_name(c->type), 0);
        p[2] = OSSL_PARAM_construct_octet_string(OSSL_OBJECT_PARAM_REFERENCE, &k, sizeof k);
        p[3] = OSSL_PARAM_construct_end();
        ok = data_cb(p, data_cbarg);   /* keymgmt load takes the key and clears k */
    }
end:
    kf_pkey_free(k);
    kf_wipe(der, len);
    free(der);
    return ok;
}

static int dec_priv(void *c, OSSL_CORE_BIO *in, int selection, OSSL_CALLBACK *cb, void *arg, OSSL_PASSPHRASE_CALLBACK *pw, void *pwarg)
{ (void)selection; (void)pw; (void)pwarg; return decode(c, in, 1, cb, arg); }
static int dec_pub(void *c, OSSL_CORE_BIO *in, int selection, OSSL_CALLBACK *cb, void *arg, OSSL_PASSPHRASE_CALLBACK *pw, void *pwarg)
{ (void)selection; (void)pw; (void)pwarg; return decode(c, in, 0, cb, arg); }

static int dec_export(void *vc, const void *ref, size_t refsz, OSSL_CALLBACK *cb, void *cbarg)
{
    kf_pkey *k;
    OSSL_PARAM p[4], *q = p;
    (void)vc;
    if (!ref || refsz != sizeof k) return 0;
    memcpy(&k, ref, sizeof k);
    if (!k) return 0;
    if (k->has_pub) *q++ = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, k->pub, k->publen);
    if (k->has_priv) *q++ = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, k->priv, k->privlen);
    if (k->has_priv && k->has_seed) *q++ = OSSL_PARAM_construct_octet_string("seed", k->seed, k->seedlen);
    *q = OSSL_PARAM_construct_end();
    return cb(p, cbarg);
}

#define CODECS(nm, type_)                                                                         \
    static void *nm##_cnew(void *provctx) { return c_new(provctx, type_); }                      \
    static void *nm##_import(void *c, int s, const OSSL_PARAM p[]) { return enc_import(c, s, p); } \
    static const OSSL_DISPATCH nm##_enc_priv_der[] = {                                           \
        {OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))nm##_cnew},                                   \
        {OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))c_free},                                     \
        {OSSL_FUNC_ENCODER_DOES_SELECTION, (void (*)(void))does_priv},                           \
        {OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))enc_priv_der},                                \
        {OSSL_FUNC_ENCODER_IMPORT_OBJECT, (void (*)(void))nm##_import},                          \
        {OSSL_FUNC_ENCODER_FREE_OBJECT, (void (*)(void))kf_pkey_free}, {0, NULL}};               \
    static const OSSL_DISPATCH nm##_enc_priv_pem[] = {                                           \
        {OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))nm##_cnew},                                   \
        {OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))c_free},                                     \
        {OSSL_FUNC_ENCODER_DOES_SELECTION, (void (*)(void))does_priv},                           \
        {OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))enc_priv_pem},                                \
        {OSSL_FUNC_ENCODER_IMPORT_OBJECT, (void (*)(void))nm##_import},                          \
        {OSSL_FUNC_ENCODER_FREE_OBJECT, (void (*)(void))kf_pkey_free}, {0, NULL}};               \
    static const OSSL_DISPATCH nm##_enc_pub_der[] = {                                            \
        {OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))nm##_cnew},                                   \
        {OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))c_free},                                     \
        {OSSL_FUNC_ENCODER_DOES_SELECTION, (void (*)(void))does_pub},                            \
        {OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))enc_pub_der},                                 \
        {OSSL_FUNC_ENCODER_IMPORT_OBJECT, (void (*)(void))nm##_import},                          \
        {OSSL_FUNC_ENCODER_FREE_OBJECT, (void (*)(void))kf_pkey_free}, {0, NULL}};               \
    static const OSSL_DISPATCH nm##_enc_pub_pem[] = {                                            \
        {OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))nm##_cnew},                                   \
        {OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))c_free},                                     \
        {OSSL_FUNC_ENCODER_DOES_SELECTION, (void (*)(void))does_pub},                            \
        {OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))enc_pub_pem},                                 \
        {OSSL_FUNC_ENCODER_IMPORT_OBJECT, (void (*)(void))nm##_import},                          \
        {OSSL_FUNC_ENCODER_FREE_OBJECT, (void (*)(void))kf_pkey_free}, {0, NULL}};               \
    static const OSSL_DISPATCH nm##_enc_text[] = {                                               \
        {OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))nm##_cnew},                                   \
        {OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))c_free},                                     \
        {OSSL_FUNC_ENCODER_DOES_SELECTION, (void (*)(void))does_text},                           \
        {OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))enc_text},                                    \
        {OSSL_FUNC_ENCODER_IMPORT_OBJECT, (void (*)(void))nm##_import},                          \
        {OSSL_FUNC_ENCODER_FREE_OBJECT, (void (*)(void))kf_pkey_free}, {0, NULL}};               \
    static const OSSL_DISPATCH nm##_dec_priv[] = {                                               \
        {OSSL_FUNC_DECODER_NEWCTX, (void (*)(void))nm##_cnew},                                   \
        {OSSL_FUNC_DECODER_FREECTX, (void (*)(void))c_free},                                     \
        {OSSL_FUNC_DECODER_DOES_SELECTION, (void (*)(void))does_priv},                           \
        {OSSL_FUNC_DECODER_DECODE, (void (*)(void))dec_priv},                                    \
        {OSSL_FUNC_DECODER_EXPORT_OBJECT, (void (*)(void))dec_export}, {0, NULL}};               \
    static const OSSL_DISPATCH nm##_dec_pub[] = {                                                \
        {OSSL_FUNC_DECODER_NEWCTX, (void (*)(void))nm##_cnew},                                   \
        {OSSL_FUNC_DECODER_FREECTX, (void (*)(void))c_free},                                     \
        {OSSL_FUNC_DECODER_DOES_SELECTION, (void (*)(void))does_pub},                            \
        {OSSL_FUNC_DECODER_DECODE, (void (*)(void))dec_pub},                                     \
        {OSSL_FUNC_DECODER_EXPORT_OBJECT, (void (*)(void))dec_export}, {0, NULL}};

CODECS(mlkem512, KF_KEY_MLKEM512)
CODECS(mlkem768, KF_KEY_MLKEM768)
CODECS(mlkem1024, KF_KEY_MLKEM1024)
CODECS(mldsa44, KF_KEY_MLDSA44)
CODECS(mldsa65, KF_KEY_MLDSA65)
CODECS(mldsa87, KF_KEY_MLDSA87)
CODECS(slh128s, KF_KEY_SLHDSA_SHAKE_128S)
CODECS(slh128f, KF_KEY_SLHDSA_SHAKE_128F)
CODECS(slh192s, KF_KEY_SLHDSA_SHAKE_192S)
CODECS(slh192f, KF_KEY_SLHDSA_SHAKE_192F)
CODECS(slh256s, KF_KEY_SLHDSA_SHAKE_256S)
CODECS(slh256f, KF_KEY_SLHDSA_SHAKE_256F)

#define ENC_ROWS(nm, names)                                                                             \
    {names, KF_PROPS ",output=der,structure=PrivateKeyInfo", nm##_enc_priv_der, NULL},                 \
    {names, KF_PROPS ",output=pem,structure=PrivateKeyInfo", nm##_enc_priv_pem, NULL},                 \
    {names, KF_PROPS ",output=der,structure=SubjectPublicKeyInfo", nm##_enc_pub_der, NULL},            \
    {names, KF_PROPS ",output=pem,structure=SubjectPublicKeyInfo", nm##_enc_pub_pem, NULL},            \
    {names, KF_PROPS ",output=text", nm##_enc_text, NULL}
#define DEC_ROWS(nm, names)                                                                             \
    {names, KF_PROPS ",input=der,structure=PrivateKeyInfo", nm##_dec_priv, NULL},                      \
    {names, KF_PROPS ",input=der,structure=SubjectPublicKeyInfo", nm##_dec_pub, NULL}

const OSSL_ALGORITHM kf_prov_encoders[] = {
    ENC_ROWS(mlkem512, KF_NAMES_MLKEM512), ENC_ROWS(mlkem768, KF_NAMES_MLKEM768), ENC_ROWS(mlkem1024, KF_NAMES_MLKEM1024),
    ENC_ROWS(mldsa44, KF_NAMES_MLDSA44), ENC_ROWS(mldsa65, KF_NAMES_MLDSA65), ENC_ROWS(mldsa87, KF_NAMES_MLDSA87),
    ENC_ROWS(slh128s, KF_NAMES_SLH128S), ENC_ROWS(slh128f, KF_NAMES_SLH128F), ENC_ROWS(slh192s, KF_NAMES_SLH192S),
    ENC_ROWS(slh192f, KF_NAMES_SLH192F), ENC_ROWS(slh256s, KF_NAMES_SLH256S), ENC_ROWS(slh256f, KF_NAMES_SLH256F),
    {KF_NAMES_HYBRID, KF_PROPS ",output=text", kf_encoder_hybrid_text, NULL},
    {KF_NAMES_HYBRID_P256, KF_PROPS ",output=text", kf_encoder_hybrid_text, NULL},
    {KF_NAMES_HYBRID_P384, KF_PROPS ",output=text", kf_encoder_hybrid_text, NULL},
    {KF_NAMES_HYBRID_X448, KF_PROPS ",output=text", kf_encoder_hybrid_text, NULL},
    {NULL, NULL, NULL, NULL}};

const OSSL_ALGORITHM kf_prov_decoders[] = {
    DEC_ROWS(mlkem512, KF_NAMES_MLKEM512), DEC_ROWS(mlkem768, KF_NAMES_MLKEM768), DEC_ROWS(mlkem1024, KF_NAMES_MLKEM1024),
    DEC_ROWS(mldsa44, KF_NAMES_MLDSA44), DEC_ROWS(mldsa65, KF_NAMES_MLDSA65), DEC_ROWS(mldsa87, KF_NAMES_MLDSA87),
    DEC_ROWS(slh128s, KF_NAMES_SLH128S), DEC_ROWS(slh128f, KF_NAMES_SLH128F), DEC_ROWS(slh192s, KF_NAMES_SLH192S),
    DEC_ROWS(slh192f, KF_NAMES_SLH192F), DEC_ROWS(slh256s, KF_NAMES_SLH256S), DEC_ROWS(slh256f, KF_NAMES_SLH256F),
    {NULL, NULL, NULL, NULL}};

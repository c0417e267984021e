/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keymgmt.c - key management for ML-KEM-512/768/1024, ML-DSA-44/65/87 and the six
 * SLH-DSA-SHAKE sets.
 *
 * Parameters (import/export, EVP_PKEY_fromdata/todata, EVP_PKEY_get_octet_string_param):
 *   "pub"  octets: ML-KEM ek / ML-DSA pk / SLH-DSA pk
 *   "priv" octets: ML-KEM dk / ML-DSA sk (the expanded form) / SLH-DSA sk
 *   "seed" octets: ML-KEM's 64-byte d || z, ML-DSA's 32-byte xi (import derives the key
 *          pair from it)
 *   "encoded-pub-key": the public key (TLS key shares use it)
 *   read-only: "bits", "security-bits", "max-size" (ML-KEM: ciphertext bytes; ML-DSA and
 *   SLH-DSA: signature bytes), "mandatory-digest" (signature keys: "", no digest)
 * Imported keys are checked: ML-KEM ek's modulus check, dk's hash check and the modulus
 * check of the ek inside dk (as the library's PKCS#8 decoder, which the decoders use); an
 * ML-DSA sk must be one KeyGen could have made (kf_mldsa_pk_from_sk, which also gives its
 * pk); parts given together must agree. Key generation takes "seed" (ML-KEM, ML-DSA:
 * deterministic) and the TLS "group" parameter (which must name the key's own type).
 */
#include "kf_keys.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

int kfp_random(const kf_provctx *pc, uint8_t *out, size_t len)
{
    while (len) {
        ssize_t n = getrandom(out, len, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            kf_prov_err(pc, KF_R_LIBRARY, "getrandom failed");
            return 0;
        }
        out += n;
        len -= (size_t)n;
    }
    return 1;
}

kf_pkey *kf_pkey_new(kf_provctx *prov, kf_key_type type)
{
    kf_pkey *k = kf_prov_zalloc(prov, sizeof *k);
    if (!k) return NULL;
    k->prov = prov;
    k->type = type;
    k->publen = kf_key_pub_bytes(type);
    k->privlen = kf_key_priv_bytes(type);
    k->seedlen = kf_type_seed_bytes(type);
    return k;
}

void kf_pkey_free(void *key) { kf_prov_free(key, sizeof(kf_pkey)); }

int kf_pkey_from_seed(kf_pkey *k, const uint8_t *seed)
{
    int rc;
    if (kf_type_is_mlkem(k->type))
        rc = kf_mlkem_keygen_internal(kf_type_mlkem(k->type), k->pub, k->priv, seed, seed + 32);
    else if (kf_type_is_mldsa(k->type))
        rc = kf_mldsa_keygen_internal(kf_type_mldsa(k->type), k->pub, k->priv, seed);
    else {
        kf_prov_err(k->prov, KF_R_BAD_PARAM, "an SLH-DSA key has no seed parameter");
        return 0;
    }
    if (rc != KF_OK) return kf_prov_lib_err(k->prov, rc, "key from seed");
    memcpy(k->seed, seed, k->seedlen);
    k->has_seed = k->has_priv = k->has_pub = 1;
    return 1;
}

/* An ML-KEM dk as the library's PKCS#8 decoder checks it (one key valid or invalid
 * everywhere): §7.3's length and hash check, then §7.2's modulus check of the ek inside. */
int kf_pkey_check_mlkem_dk(kf_key_type t, const uint8_t *dk, size_t len)
{
    size_t ekl = kf_key_pub_bytes(t);
    int rc = kf_mlkem_check_dk(kf_type_mlkem(t), dk, len);
    if (rc != KF_OK) return rc;
    return kf_mlkem_check_ek(kf_type_mlkem(t), dk + (len - ekl - 64), ekl);
}

int kf_pkey_set_priv(kf_pkey *k, const uint8_t *priv, size_t len)
{
    if (len != k->privlen) {
        kf_prov_err(k->prov, KF_R_BAD_LENGTH, "%s private key of %zu bytes, %zu expected",
                    kf_key_type_name(k->type), len, k->privlen);
        return 0;
    }
    if (kf_type_is_mlkem(k->type)) {
        int rc = kf_pkey_check_mlkem_dk(k->type, priv, len);
        if (rc != KF_OK) return kf_prov_lib_err(k->prov, rc, "ML-KEM decapsulation key");
        memcpy(k->pub, priv + (len - k->publen - 64), k->publen);
    } else if (kf_type_is_mldsa(k->type)) {
        int rc = kf_mldsa_pk_from_sk(kf_type_mldsa(k->type), k->pub, priv, len);
        if (rc != KF_OK) return kf_prov_lib_err(k->prov, rc, "ML-DSA private key");
    } else {
        memcpy(k->pub, priv + (len - k->publen), k->publen);
    }
    memcpy(k->priv, priv, len);
    k->has_priv = k->has_pub = 1;
    return 1;
}

int kf_pkey_set_pub(kf_pkey *k, const uint8_t *pub, size_t len)
{
    if (len != k->publen) {
        kf_prov_err(k->prov, KF_R_BAD_LENGTH, "%s public key of %zu bytes, %zu expected",
                    kf_key_type_name(k->type), len, k->publen);
        return 0;
    }
    if (kf_type_is_mlkem(k->type)) {
        int rc = kf_mlkem_check_ek(kf_type_mlkem(k->type), pub, len);
        if (rc != KF_OK) return kf_prov_lib_err(k->prov, rc, "ML-KEM encapsulation key");
    }
    memcpy(k->pub, pub, len);
    k->has_pub = 1;
    return 1;
}

/* ---- keymgmt functions ---------------------------------------------------------------- */
static int km_has(const void *vk, int selection)
{
    const kf_pkey *k = vk;
    if (!k) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && !k->has_priv) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && !k->has_pub) return 0;
    return 1;
}

static int km_match(const void *va, const void *vb, int selection)
{
    const kf_pkey *a = va, *b = vb;
    if (a->type != b->type) return 0;
    if (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) {
        if (a->has_pub && b->has_pub) return memcmp(a->pub, b->pub, a->publen) == 0;
        if (a->has_priv && b->has_priv) return kf_ct_equal(a->priv, b->priv, a->privlen);
        return 0;
    }
    return 1;
}

static int import_params(kf_pkey *k, int selection, const OSSL_PARAM params[])
{
    const OSSL_PARAM *ps = OSSL_PARAM_locate_const(params, "seed");
    const OSSL_PARAM *pv = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY);
    const OSSL_PARAM *pb = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
    const OSSL_PARAM *pe = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
    const void *v; size_t n;
    uint8_t pubcopy[KF_PKEY_PUB_MAX];   /* ML-DSA-87 pk: 2592 bytes */
    int have_pub = 0;
    if (!pb) pb = pe;
    if (pb && (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY)) {
        if (!OSSL_PARAM_get_octet_string_ptr(pb, &v, &n)) { kf_prov_err(k->prov, KF_R_BAD_PARAM, "pub"); return 0; }
        if (n != k->publen) {
            kf_prov_err(k->prov, KF_R_BAD_LENGTH, "%s public key of %zu bytes, %zu expected",
                        kf_key_type_name(k->type), n, k->publen);
            return 0;
        }
        memcpy(pubcopy, v, n);
        have_pub = 1;
    }
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) {
        if (ps) {
            if (!OSSL_PARAM_get_octet_string_ptr(ps, &v, &n)) {
                kf_prov_err(k->prov, KF_R_BAD_PARAM, "seed");
                return 0;
            }
            if (!k->seedlen) { kf_prov_err(k->prov, KF_R_BAD_PARAM, "an SLH-DSA key has no seed parameter"); return 0; }
            if (n != k->seedlen) {
                kf_prov_err(k->prov, KF_R_BAD_LENGTH, "%s seed of %zu bytes, %zu expected", kf_key_type_name(k->type), n,
                            k->seedlen);
                return 0;
            }
            if (!kf_pkey_from_seed(k, v)) return 0;
            if (pv) {
                if (!OSSL_PARAM_get_octet_string_ptr(pv, &v, &n)) {
                    kf_prov_err(k->prov, KF_R_BAD_PARAM, "priv");
                    return 0;
                }
                if (n != k->privlen || memcmp(v, k->priv, n) != 0) {
                    kf_prov_err(k->prov, KF_R_KEY_MISMATCH, "seed and priv disagree");
                    return 0;
                }
            }
        } else if (pv) {
            if (!OSSL_PARAM_get_octet_string_ptr(pv, &v, &n)) {
                kf_prov_err(k->prov, KF_R_BAD_PARAM, "priv");
                return 0;
            }
            if (!kf_pkey_set_priv(k, v, n)) return 0;
        }
    }
    if (have_pub) {
        if (k->has_priv) {
            if (memcmp(pubcopy, k->pub, k->publen) != 0) {
                kf_prov_err(k->prov, KF_R_KEY_MISMATCH, "pub and priv disagree");
                return 0;
            }
        } else if (!kf_pkey_set_pub(k, pubcopy, k->publen)) {
            return 0;
        }
    }
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) && !k->has_pub && !k->has_priv) {
        kf_prov_err(k->prov, KF_R_NO_KEY, "no key material in the parameters");
        return 0;
    }
    return 1;
}

static int km_import(void *vk, int selection, const OSSL_PARAM params[])
{
    return vk ? import_params(vk, selection, params) : 0;
}

static const OSSL_PARAM key_types[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_octet_string("seed", NULL, 0), OSSL_PARAM_END};

static const OSSL_PARAM *km_types(int selection) { (void)selection; return key_types; }

static int km_export(void *vk, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    kf_pkey *k = vk;
    OSSL_PARAM p[4], *q = p;
    if (!k) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && k->has_pub)
        *q++ = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, k->pub, k->publen);
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && k->has_priv) {
        *q++ = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, k->priv, k->privlen);
        if (k->has_seed) *q++ = OSSL_PARAM_construct_octet_string("seed", k->seed, k->seedlen);
    }
    *q = OSSL_PARAM_construct_end();
    return cb(p, cbarg);
}

static int security_bits(kf_key_type t)
{
    switch (t) {   /* NIST categories 1-2 -> 128, 3 -> 192, 5 -> 256 (as OpenSSL 3.5) */
    case KF_KEY_MLKEM512: case KF_KEY_MLDSA44: case KF_KEY_SLHDSA_SHAKE_128S: case KF_KEY_SLHDSA_SHAKE_128F: return 128;
    case KF_KEY_MLKEM768: case KF_KEY_MLDSA65: case KF_KEY_SLHDSA_SHAKE_192S: case KF_KEY_SLHDSA_SHAKE_192F: return 192;
    default: return 256;
    }
}

static int km_get_params(void *vk, OSSL_PARAM params[])
{
    kf_pkey *k = vk;
    OSSL_PARAM *p;
    int ml = kf_type_is_mlkem(k->type);
    int maxsize = ml ? (int)kf_mlkem_ct_bytes(kf_type_mlkem(k->type))
                  : kf_type_is_mldsa(k->type) ? (int)kf_mldsa_sig_bytes(kf_type_mldsa(k->type))
                  : (int)kf_slhdsa_sig_bytes(kf_type_slhdsa(k->type));
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) && !OSSL_PARAM_set_int(p, (int)(8 * k->publen))) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) && !OSSL_PARAM_set_int(p, security_bits(k->type))) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) && !OSSL_PARAM_set_int(p, maxsize)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY))
        && (!k->has_pub || !OSSL_PARAM_set_octet_string(p, k->pub, k->publen))) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY))
        && (!k->has_pub || !OSSL_PARAM_set_octet_string(p, k->pub, k->publen))) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY))
        && (!k->has_priv || !OSSL_PARAM_set_octet_string(p, k->priv, k->privlen))) return 0;
    if ((p = OSSL_PARAM_locate(params, "seed"))
        && (!k->has_seed || !OSSL_PARAM_set_octet_string(p, k->seed, k->seedlen))) return 0;
    /* a signature key signs the message itself: "no digest" (X.509 signing asks this, and
     * then passes no digest to EVP_DigestSignInit) */
    if (!ml && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MANDATORY_DIGEST)) && !OSSL_PARAM_set_utf8_string(p, ""))
        return 0;
    return 1;
}

static const OSSL_PARAM *km_gettable_params(void *provctx)
{
    static const OSSL_PARAM t[] = {
        OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL), OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
        OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
        OSSL_PARAM_octet_string("seed", NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_MANDATORY_DIGEST, NULL, 0), OSSL_PARAM_END};
    (void)provctx;
    return t;
}

static const char *const km_settable_known[] = {OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL};

static int km_set_params(void *vk, const OSSL_PARAM params[])
{
    kf_pkey *k = vk;
    const OSSL_PARAM *p;
    if (!params) return 1;
    if (!kf_prov_check_known(k->prov, params, km_settable_known)) return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY))) {
        const void *v; size_t n;
        if (!OSSL_PARAM_get_octet_string_ptr(p, &v, &n)) {
            kf_prov_err(k->prov, KF_R_BAD_PARAM, "encoded-pub-key");
            return 0;
        }
        if (k->has_priv) { kf_prov_err(k->prov, KF_R_BAD_STATE, "setting the public key of a private key"); return 0; }
        return kf_pkey_set_pub(k, v, n);
    }
    return 1;
}

static const OSSL_PARAM *km_settable_params(void *provctx)
{
    static const OSSL_PARAM t[] = {OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0), OSSL_PARAM_END};
    (void)provctx;
    return t;
}

static void *km_dup(const void *vk, int selection)
{
    const kf_pkey *k = vk;
    kf_pkey *n = kf_pkey_new(k->prov, k->type);
    if (!n) return NULL;
    if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY && k->has_pub) {
        memcpy(n->pub, k->pub, k->publen);
        n->has_pub = 1;
    }
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY && k->has_priv) {
        memcpy(n->priv, k->priv, k->privlen);
        if (!n->has_pub) {   /* the private key implies the public one */
            memcpy(n->pub, k->pub, k->publen);
            n->has_pub = k->has_pub;
        }
        memcpy(n->seed, k->seed, sizeof n->seed);
        n->has_priv = 1;
        n->has_seed = k->has_seed;
    }
    return n;
}

static int km_validate(const void *vk, int selection, int checktype)
{
    const kf_pkey *k = vk;
    (void)checktype;
    if (!km_has(k, selection)) return 0;
    if (kf_type_is_mlkem(k->type)) {
        if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && kf_mlkem_check_ek(kf_type_mlkem(k->type), k->pub, k->publen) != KF_OK)
            return 0;
        if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && kf_pkey_check_mlkem_dk(k->type, k->priv, k->privlen) != KF_OK)
            return 0;
    } else if (kf_type_is_mldsa(k->type) && (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY)) {
        uint8_t pk[KF_MLDSA_PK_MAX_BYTES];
        int ok = kf_mldsa_pk_from_sk(kf_type_mldsa(k->type), pk, k->priv, k->privlen) == KF_OK
                 && memcmp(pk, k->pub, k->publen) == 0;
        if (!ok) kf_prov_err(k->prov, KF_R_BAD_KEY, "ML-DSA private key does not give its public key");
        return ok;
    }
    return 1;
}

static void *km_load(const void *reference, size_t reference_sz)
{
    kf_pkey *k;
    if (!reference || reference_sz != sizeof k) return NULL;
    memcpy(&k, reference, sizeof k);   /* the decoder hands its key over ... */
    *(void **)(uintptr_t)reference = NULL;  /* ... and no longer frees it */
    return k;
}

/* ---- key generation ------------------------------------------------------------------- */
typedef struct gctx {
    kf_provctx *prov;
    kf_key_type type;
    int selection;
    int has_seed;
    uint8_t seed[64];   /* ML-KEM 64, ML-DSA 32 */
} gctx;

static int gen_set_params(void *vg, const OSSL_PARAM params[])
{
    static const char *const known[] = {OSSL_PKEY_PARAM_GROUP_NAME, "seed", NULL};
    gctx *g = vg;
    const OSSL_PARAM *p;
    if (!params) return 1;
    if (!kf_prov_check_known(g->prov, params, known)) return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME))) {
        const char *s = NULL;
        const char *nm = kf_key_type_name(g->type);
        /* TLS names the group: MLKEM768 for ML-KEM-768 */
        char alt[32];
        size_t j = 0;
        for (const char *c = nm; *c && j + 1 < sizeof alt; c++) if (*c != '-') alt[j++] = *c;
        alt[j] = 0;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &s) || (strcasecmp(s, nm) != 0 && strcasecmp(s, alt) != 0)) {
            kf_prov_err(g->prov, KF_R_BAD_PARAM, "group '%s' is not %s", s ? s : "?", nm);
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, "seed"))) {
        const void *v; size_t n;
        size_t want = kf_type_seed_bytes(g->type);
        if (!want) { kf_prov_err(g->prov, KF_R_UNKNOWN_PARAM, "seed is for ML-KEM and ML-DSA"); return 0; }
        if (!OSSL_PARAM_get_octet_string_ptr(p, &v, &n) || n != want) {
            kf_prov_err(g->prov, KF_R_BAD_LENGTH, "%s seed must be %zu bytes", kf_key_type_name(g->type), want);
            return 0;
        }
        memcpy(g->seed, v, want);
        g->has_seed = 1;
    }
    return 1;
}

static const OSSL_PARAM *gen_settable_params(void *vg, void *provctx)
{
    static const OSSL_PARAM t[] = {OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
                                   OSSL_PARAM_octet_string("seed", NULL, 0), OSSL_PARAM_END};
    (void)vg; (void)provctx;
    return t;
}

static void *gen_init(kf_provctx *prov, kf_key_type type, int selection, const OSSL_PARAM params[])
{
    gctx *g = kf_prov_zalloc(prov, sizeof *g);
    if (!g) return NULL;
    g->prov = prov;
    g->type = type;
    g->selection = selection;
    if (!gen_set_params(g, params)) { kf_prov_free(g, sizeof *g); return NULL; }
    return g;
}

static void *km_gen(void *vg, OSSL_CALLBACK *cb, void *cbarg)
{
    gctx *g = vg;
    kf_pkey *k = kf_pkey_new(g->prov, g->type);
    (void)cb; (void)cbarg;
    if (!k) return NULL;
    if (!(g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR)) return k;   /* parameters only (TLS peer key) */
    if (k->seedlen) {   /* ML-KEM, ML-DSA: from a seed, kept with the key */
        uint8_t seed[64];
        int ok;
        if (g->has_seed) memcpy(seed, g->seed, k->seedlen);
        else if (!kfp_random(g->prov, seed, k->seedlen)) { kf_pkey_free(k); return NULL; }
        ok = kf_pkey_from_seed(k, seed);
        kf_wipe(seed, sizeof seed);
        if (!ok) { kf_pkey_free(k); return NULL; }
    } else {
        int rc = kf_slhdsa_keygen(kf_type_slhdsa(g->type), k->pub, k->priv);
        if (rc != KF_OK) { kf_prov_lib_err(g->prov, rc, "SLH-DSA keygen"); kf_pkey_free(k); return NULL; }
        k->has_pub = k->has_priv = 1;
    }
    return k;
}

static void gen_cleanup(void *vg) { kf_prov_free(vg, sizeof(gctx)); }

#define KEYMGMT(nm, type_)                                                                            \
    static void *nm##_new(void *provctx) { return kf_pkey_new(provctx, type_); }                     \
    static void *nm##_gen_init(void *provctx, int selection, const OSSL_PARAM params[])              \
    { return gen_init(provctx, type_, selection, params); }                                          \
    const OSSL_DISPATCH kf_keymgmt_##nm[] = {                                                        \
        {OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))nm##_new},                                           \
        {OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))kf_pkey_free},                                      \
        {OSSL_FUNC_KEYMGMT_GEN_INIT, (void (*)(void))nm##_gen_init},                                 \
        {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, (void (*)(void))gen_set_params},                          \
        {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, (void (*)(void))gen_settable_params},                \
        {OSSL_FUNC_KEYMGMT_GEN, (void (*)(void))km_gen},                                             \
        {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, (void (*)(void))gen_cleanup},                                \
        {OSSL_FUNC_KEYMGMT_LOAD, (void (*)(void))km_load},                                           \
        {OSSL_FUNC_KEYMGMT_GET_PARAMS, (void (*)(void))km_get_params},                               \
        {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, (void (*)(void))km_gettable_params},                     \
        {OSSL_FUNC_KEYMGMT_SET_PARAMS, (void (*)(void))km_set_params},                               \
        {OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, (void (*)(void))km_settable_params},                     \
        {OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))km_has},                                             \
        {OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))km_match},                                         \
        {OSSL_FUNC_KEYMGMT_VALIDATE, (void (*)(void))km_validate},                                   \
        {OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))km_import},                                       \
        {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))km_types},                                  \
        {OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))km_export},                                       \
        {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))km_types},                                  \
        {OSSL_FUNC_KEYMGMT_DUP, (void (*)(void))km_dup},                                             \
        {0, NULL}};

KEYMGMT(mlkem512, KF_KEY_MLKEM512)
KEYMGMT(mlkem768, KF_KEY_MLKEM768)
KEYMGMT(mlkem1024, KF_KEY_MLKEM1024)
KEYMGMT(mldsa44, KF_KEY_MLDSA44)
KEYMGMT(mldsa65, KF_KEY_MLDSA65)
KEYMGMT(mldsa87, KF_KEY_MLDSA87)
KEYMGMT(slh128s, KF_KEY_SLHDSA_SHAKE_128S)
KEYMGMT(slh128f, KF_KEY_SLHDSA_SHAKE_128F)
KEYMGMT(slh192s, KF_KEY_SLHDSA_SHAKE_192S)
KEYMGMT(slh192f, KF_KEY_SLHDSA_SHAKE_192F)
KEYMGMT(slh256s, KF_KEY_SLHDSA_SHAKE_256S)
KEYMGMT(slh256f, KF_KEY_SLHDSA_SHAKE_256F)

extern const OSSL_DISPATCH kf_keymgmt_x25519mlkem768[], kf_keymgmt_p256mlkem768[], kf_keymgmt_p384mlkem1024[],
    kf_keymgmt_x448mlkem1024[];   /* hybrid.c */

const OSSL_ALGORITHM kf_prov_keymgmt[] = {
    {KF_NAMES_MLKEM512, KF_PROPS, kf_keymgmt_mlkem512, "ML-KEM-512 (keccakforge)"},
    {KF_NAMES_MLKEM768, KF_PROPS, kf_keymgmt_mlkem768, "ML-KEM-768 (keccakforge)"},
    {KF_NAMES_MLKEM1024, KF_PROPS, kf_keymgmt_mlkem1024, "ML-KEM-1024 (keccakforge)"},
    {KF_NAMES_HYBRID, KF_PROPS, kf_keymgmt_x25519mlkem768, "X25519MLKEM768 TLS hybrid (keccakforge)"},
    {KF_NAMES_HYBRID_P256, KF_PROPS, kf_keymgmt_p256mlkem768, "SecP256r1MLKEM768 TLS hybrid (keccakforge)"},
    {KF_NAMES_HYBRID_P384, KF_PROPS, kf_keymgmt_p384mlkem1024, "SecP384r1MLKEM1024 TLS hybrid (keccakforge)"},
    {KF_NAMES_HYBRID_X448, KF_PROPS, kf_keymgmt_x448mlkem1024, "X448MLKEM1024 hybrid KEM (keccakforge)"},
    {KF_NAMES_MLDSA44, KF_PROPS, kf_keymgmt_mldsa44, "ML-DSA-44 (keccakforge)"},
    {KF_NAMES_MLDSA65, KF_PROPS, kf_keymgmt_mldsa65, "ML-DSA-65 (keccakforge)"},
    {KF_NAMES_MLDSA87, KF_PROPS, kf_keymgmt_mldsa87, "ML-DSA-87 (keccakforge)"},
    {KF_NAMES_SLH128S, KF_PROPS, kf_keymgmt_slh128s, "SLH-DSA-SHAKE-128s (keccakforge)"},
    {KF_NAMES_SLH128F, KF_PROPS, kf_keymgmt_slh128f, "SLH-DSA-SHAKE-128f (keccakforge)"},
    {KF_NAMES_SLH192S, KF_PROPS, kf_keymgmt_slh192s, "SLH-DSA-SHAKE-192s (keccakforge)"},
    {KF_NAMES_SLH192F, KF_PROPS, kf_keymgmt_slh192f, "SLH-DSA-SHAKE-192f (keccakforge)"},
    {KF_NAMES_SLH256S, KF_PROPS, kf_keymgmt_slh256s, "SLH-DSA-SHAKE-256s (keccakforge)"},
    {KF_NAMES_SLH256F, KF_PROPS, kf_keymgmt_slh256f, "SLH-DSA-SHAKE-256f (keccakforge)"},
    {NULL, NULL, NULL, NULL}};

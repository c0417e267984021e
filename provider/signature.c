/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * signature.c - ML-DSA-44/65/87 (pure ML-DSA, FIPS 204 Alg. 2/3) and SLH-DSA-SHAKE-128s/
 * 128f/192s/192f/256s/256f (pure SLH-DSA, FIPS 205 Alg. 22/24) signatures: EVP_PKEY_sign/
 * verify on the message, EVP_DigestSign/Verify one-shot and Update/Final (no digest; with
 * one, only CMS's signed attributes: see s_dinit), and "algorithm-id" for X.509 and CMS. Parameters: "context-string"
 * (octets, at most 255 bytes), "deterministic" (int; default 0: hedged, with fresh random
 * bytes per signature: 32 for ML-DSA, n for SLH-DSA). Unknown parameters are an error.
 * (TLS signature algorithms from providers need OpenSSL >= 3.2.)
 */
#include "kf_keys.h"

#include <openssl/crypto.h>
#include <stdio.h>
#include <string.h>

typedef struct sctx {
    const kf_provctx *prov;   /* the instance that made it (errors go to its core) */
    kf_pkey *key;
    int deterministic;
    int cms_guard;            /* see s_dinit */
    char guard_md[32];        /* the digest named then */
    size_t md_size;           /* a digest named at DigestSign/VerifyInit: its size (see s_dinit), else 0 */
    int attrs_seen;           /* ... and the CMS signed attributes have come through Update */
    size_t ctxlen;
    uint8_t ctxstr[KF_SLHDSA_MAX_CONTEXT_BYTES];   /* = KF_MLDSA_MAX_CONTEXT_BYTES */
    /* SLH-DSA's EVP_DigestSign/VerifyUpdate: the message collected for the final call
     * (SLH-DSA reads the whole message twice, so it cannot be signed as it streams) */
    uint8_t *msg;
    size_t msglen, msgcap;
    /* ML-DSA's: mu = H(tr || 0 || |ctx| || ctx || M, 64) (FIPS 204 Alg. 7 line 6) absorbed
     * as the message streams, then kf_mldsa_sign_mu / verify_mu: nothing is kept */
    int signing, mu_active;
    kf_xof_ctx mu;
} sctx;

static void *s_new(void *provctx, const char *propq)
{
    sctx *c = kf_prov_zalloc(provctx, sizeof *c);
    (void)propq;
    if (c) c->prov = provctx;
    return c;
}
static void msg_clear(sctx *c)
{
    kf_prov_free(c->msg, c->msgcap);
    c->msg = NULL;
    c->msglen = c->msgcap = 0;
    kf_wipe(&c->mu, sizeof c->mu);
    c->mu_active = 0;
}
static void s_free(void *vc)
{
    sctx *c = vc;
    if (!c) return;
    msg_clear(c);
    kf_prov_free(c, sizeof *c);
}
static void *s_dup(void *vc)
{
    const sctx *c = vc;
    sctx *n = kf_prov_zalloc(c->prov, sizeof *n);
    if (!n) return NULL;
    *n = *c;   /* the instance too */
    n->msg = NULL;
    n->msgcap = 0;
    if (c->msglen) {
        if (!(n->msg = kf_prov_zalloc(c->prov, c->msglen))) { kf_prov_free(n, sizeof *n); return NULL; }
        memcpy(n->msg, c->msg, c->msglen);
        n->msgcap = c->msglen;
    }
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
        if (c->mu_active) {   /* ML-DSA has absorbed the context already */
            kf_prov_err(c->prov, KF_R_BAD_STATE, "context-string after the message began");
            return 0;
        }
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

/* "algorithm-id": the DER AlgorithmIdentifier of the key's algorithm, SEQUENCE { OID }
 * with the parameters absent (RFC 9881 for ML-DSA, RFC 9909 for SLH-DSA): X.509 and CMS
 * signing write it into the certificate, CSR or SignerInfo. NIST sigAlgs arc
 * 2.16.840.1.101.3.4.3: ML-DSA-44/65/87 17-19, SLH-DSA-SHAKE 26-31, in kf_key_type's order. */
static size_t algorithm_id(const kf_pkey *k, uint8_t out[13])
{
    static const uint8_t prefix[] = {0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03};
    memcpy(out, prefix, sizeof prefix);
    out[12] = kf_type_is_mldsa(k->type) ? (uint8_t)(17 + (k->type - KF_KEY_MLDSA44))
                                        : (uint8_t)(26 + (k->type - KF_KEY_SLHDSA_SHAKE_128S));
    return 13;
}

static int s_get_params(void *vc, OSSL_PARAM params[])
{
    sctx *c = vc;
    OSSL_PARAM *p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID);
    if (p) {
        uint8_t aid[13];
        size_t n;
        if (!c->key) { kf_prov_err(c->prov, KF_R_BAD_STATE, "algorithm-id before sign/verify init"); return 0; }
        n = algorithm_id(c->key, aid);
        c->cms_guard = 0;   /* the caller will write the AlgorithmIdentifier itself */
        if (!OSSL_PARAM_set_octet_string(p, aid, n)) {
            kf_prov_err(c->prov, KF_R_BAD_PARAM, "algorithm-id: a buffer of %zu bytes is needed", n);
            return 0;
        }
    }
    return 1;
}

static const OSSL_PARAM *s_gettable(void *c, void *provctx)
{
    static const OSSL_PARAM t[] = {OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0), OSSL_PARAM_END};
    (void)c; (void)provctx;
    return t;
}

static int s_init(void *vc, void *vk, const OSSL_PARAM params[], int priv)
{
    sctx *c = vc;
    /* no key: a re-init with the key of the last init (EVP_DigestInit_ex on a signing
     * context, as the md BIO's reset does, calls DigestSignInit without one) */
    kf_pkey *k = vk ? vk : c->key;
    if (!k || !(kf_type_is_mldsa(k->type) || kf_type_is_slhdsa(k->type))) {
        kf_prov_err(c->prov, KF_R_NO_KEY, "not an ML-DSA or SLH-DSA key");
        return 0;
    }
    if (priv ? !k->has_priv : !k->has_pub) {
        kf_prov_err(c->prov, KF_R_NO_KEY, "%s %s key missing", kf_key_type_name(k->type), priv ? "private" : "public");
        return 0;
    }
    c->key = k;
    c->signing = priv;
    c->md_size = 0;
    c->attrs_seen = 0;
    msg_clear(c);
    return s_set_params(c, params);
}
static int s_sign_init(void *c, void *k, const OSSL_PARAM p[]) { return s_init(c, k, p, 1); }
static int s_verify_init(void *c, void *k, const OSSL_PARAM p[]) { return s_init(c, k, p, 0); }
/* EVP_DigestSign/VerifyInit. ML-DSA and SLH-DSA sign the message itself (pure; X.509
 * signing and verifying pass no digest). A digest name is accepted only for CMS (RFC 9882 for
 * ML-DSA, RFC 9814 for SLH-DSA), whose SignerInfo pairs these signatures with a SHA-2, SHA-3
 * or SHAKE message digest: OpenSSL's CMS passes that digest's name here, hashes the content
 * itself into the message-digest attribute, and then signs or verifies the DER of the signed
 * attributes through one DigestSign/VerifyUpdate (or the one-shot call) - the pure signature
 * over that DER, as the RFCs specify. So with a digest named, the data must be exactly such
 * signed attributes, with a message digest of that digest's size (cms_signed_attrs); anything
 * else is refused, as is any other digest (MD5, SHA-1, unknown). Without that rule
 * `openssl dgst -sha256 -verify pub.pem -signature s FILE` reported "Verified OK" for a pure
 * signature over FILE itself, the digest ignored (issue 52, R13). Sizes: SHAKE128 and
 * SHAKE256 as RFC 8702 uses them in CMS (32 and 64 bytes). */
static size_t cms_digest_size(const char *md)
{
    static const struct { const char *name; size_t size; } ok[] = {
        {"SHA256", 32}, {"SHA2256", 32}, {"SHA384", 48}, {"SHA2384", 48}, {"SHA512", 64}, {"SHA2512", 64},
        {"SHA3256", 32}, {"SHA3384", 48}, {"SHA3512", 64}, {"SHAKE128", 32}, {"SHAKE256", 64}};
    char norm[16];
    size_t j = 0;
    for (const char *c = md; *c; c++) {
        if (*c == '-' || *c == '_') continue;
        if (j + 1 >= sizeof norm) return 0;
        norm[j++] = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
    }
    norm[j] = 0;
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (strcmp(norm, ok[i].name) == 0) return ok[i].size;
    return 0;
}

/* One DER TLV of tag `tag` from [*p, end): its contents in [*in, *in_end). */
static int der_next(const uint8_t **p, const uint8_t *end, uint8_t tag, const uint8_t **in, const uint8_t **in_end)
{
    size_t len, n;
    const uint8_t *q = *p;
    if (end - q < 2 || q[0] != tag) return 0;
    len = q[1];
    q += 2;
    if (len & 0x80) {
        n = len & 0x7f;
        if (n == 0 || n > 3 || (size_t)(end - q) < n) return 0;
        for (len = 0; n; n--) len = (len << 8) | *q++;
    }
    if ((size_t)(end - q) < len) return 0;
    *in = q;
    *in_end = q + len;
    *p = q + len;
    return 1;
}

/* 1 if d[0 .. len) is CMS signed attributes as they are signed (RFC 5652 §5.4: the DER of
 * SET OF Attribute, Attribute ::= SEQUENCE { attrType OID, attrValues SET }) with exactly one
 * message-digest attribute (1.2.840.113549.1.9.4) whose single value is an OCTET STRING of
 * md_size bytes. */
static int cms_signed_attrs(const uint8_t *d, size_t len, size_t md_size)
{
    static const uint8_t message_digest[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x04};
    const uint8_t *p = d, *end = d + len, *set, *set_end, *a, *a_end, *oid, *oid_end, *v, *v_end, *o, *o_end;
    int found = 0;
    if (!d || !der_next(&p, end, 0x31, &set, &set_end) || p != end) return 0;
    while (set < set_end) {
        if (!der_next(&set, set_end, 0x30, &a, &a_end) || !der_next(&a, a_end, 0x06, &oid, &oid_end)
            || !der_next(&a, a_end, 0x31, &v, &v_end) || a != a_end)
            return 0;
        if ((size_t)(oid_end - oid) != sizeof message_digest || memcmp(oid, message_digest, sizeof message_digest) != 0)
            continue;
        if (found++ || !der_next(&v, v_end, 0x04, &o, &o_end) || v != v_end || (size_t)(o_end - o) != md_size) return 0;
    }
    return found == 1;
}

static int md_refused(const sctx *c, const char *why)
{
    kf_prov_err(c->prov, KF_R_BAD_PARAM,
                "%s %s the message itself, not a %s digest of it: with a digest named, only CMS signed attributes "
                "holding a %zu-byte message digest are taken (RFC 9882, RFC 9814), and %s; name no digest "
                "(e.g. openssl dgst without -sha256) to %s a message",
                kf_key_type_name(c->key->type), c->signing ? "signs" : "verifies", c->guard_md, c->md_size, why,
                c->signing ? "sign" : "verify");
    return 0;
}

/* With a digest named: the data of a one-shot call, or of the Update calls (exactly one, with
 * the whole DER), must be the signed attributes; a final call needs them to have come. */
static int md_data_ok(sctx *c, const uint8_t *data, size_t len, int update)
{
    if (!c->md_size) return 1;
    if (update && len == 0) return 1;
    if (update && c->attrs_seen) return md_refused(c, "more data followed them");
    if (!cms_signed_attrs(data, len, c->md_size)) return md_refused(c, "this data is not such attributes");
    if (update) c->attrs_seen = 1;
    return 1;
}
static int md_final_ok(const sctx *c)
{
    return !c->md_size || c->attrs_seen || md_refused(c, "no data came");
}

static int s_dinit(void *vc, const char *md, void *k, const OSSL_PARAM p[], int priv)
{
    sctx *c = vc;
    const kf_pkey *key = k ? k : c->key;
    size_t md_size = md && *md ? cms_digest_size(md) : 0;
    if (md && *md && !md_size) {
        kf_prov_err(c->prov, KF_R_BAD_PARAM,
                    "%s %s the message itself: digest %s refused (none, or a SHA-2/SHA-3/SHAKE digest for CMS)",
                    key ? kf_key_type_name(key->type) : "the key", priv ? "signs" : "verifies", md);
        return 0;
    }
    if (!s_init(vc, k, p, priv)) return 0;
    c->md_size = md_size;
    if (md_size) snprintf(c->guard_md, sizeof c->guard_md, "%s", md);
    /* A digest named for signing is CMS's. Before OpenSSL 3.2, CMS leaves the SignerInfo's
     * signatureAlgorithm empty for a provider's key type, and `openssl cms -sign` writes a
     * SignedData without its signature (exit 0) or fails to encode it: such a signature is
     * refused with a message unless the caller read this context's algorithm-id (to write
     * the signatureAlgorithm itself, as provider/tests/test_prov_cms.c does). */
    c->cms_guard = priv && md_size && OpenSSL_version_num() < 0x30200000L;
    return 1;
}
static int s_dsign_init(void *vc, const char *md, void *k, const OSSL_PARAM p[]) { return s_dinit(vc, md, k, p, 1); }
static int s_dverify_init(void *vc, const char *md, void *k, const OSSL_PARAM p[]) { return s_dinit(vc, md, k, p, 0); }

static int cms_refused(const sctx *c)
{
    if (!c->cms_guard) return 0;
    kf_prov_err(c->prov, KF_R_OPENSSL_LIMIT,
                "%s signs the message itself, not a %s digest: a digest is taken only for CMS's signed "
                "attributes, and OpenSSL %s's CMS cannot name this signature in a SignerInfo (its "
                "signatureAlgorithm stays empty for provider key types before OpenSSL 3.2): refused; see "
                "the keccakforge provider's README", kf_key_type_name(c->key->type), c->guard_md,
                OpenSSL_version(OPENSSL_VERSION_STRING));
    return 1;
}

static int sign_msg(sctx *c, unsigned char *sig, size_t *siglen, size_t sigsize, const unsigned char *tbs, size_t tbslen)
{
    const kf_pkey *k = c->key;
    int ml = kf_type_is_mldsa(k->type);
    size_t need = ml ? kf_mldsa_sig_bytes(kf_type_mldsa(k->type)) : kf_slhdsa_sig_bytes(kf_type_slhdsa(k->type));
    size_t rndlen = ml ? KF_MLDSA_RND_BYTES : kf_slhdsa_n(kf_type_slhdsa(k->type));
    uint8_t rnd[32];
    int rc;
    if (cms_refused(c)) return 0;
    if (!sig) { *siglen = need; return 1; }
    if (sigsize < need) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "signature buffer of %zu bytes, %zu needed", sigsize, need);
        return 0;
    }
    if (!c->deterministic && !kfp_random(c->prov, rnd, rndlen)) return 0;
    if (ml)
        rc = kf_mldsa_sign(kf_type_mldsa(k->type), sig, sigsize, tbs, tbslen, c->ctxstr, c->ctxlen,
                           c->deterministic ? NULL : rnd, k->priv, k->privlen);
    else
        rc = kf_slhdsa_sign(kf_type_slhdsa(k->type), sig, sigsize, tbs, tbslen, c->ctxstr, c->ctxlen,
                            c->deterministic ? NULL : rnd, k->priv, k->privlen);
    kf_wipe(rnd, sizeof rnd);
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, ml ? "ML-DSA sign" : "SLH-DSA sign");
    *siglen = need;
    return 1;
}

static int verify_msg(sctx *c, const unsigned char *sig, size_t siglen, const unsigned char *tbs, size_t tbslen)
{
    const kf_pkey *k = c->key;
    int ml = kf_type_is_mldsa(k->type), rc;
    if (ml)
        rc = kf_mldsa_verify(kf_type_mldsa(k->type), tbs, tbslen, c->ctxstr, c->ctxlen, sig, siglen, k->pub, k->publen);
    else
        rc = kf_slhdsa_verify(kf_type_slhdsa(k->type), tbs, tbslen, c->ctxstr, c->ctxlen, sig, siglen, k->pub, k->publen);
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, ml ? "ML-DSA verify" : "SLH-DSA verify");
    return 1;
}

/* EVP_PKEY_sign/verify and the one-shot EVP_DigestSign/Verify */
static int s_sign(void *vc, unsigned char *sig, size_t *siglen, size_t sigsize, const unsigned char *tbs, size_t tbslen)
{
    sctx *c = vc;
    /* (a size query, sig NULL, makes no signature: its data is not looked at) */
    return (!sig || md_data_ok(c, tbs, tbslen, 0)) && sign_msg(c, sig, siglen, sigsize, tbs, tbslen);
}
static int s_verify(void *vc, const unsigned char *sig, size_t siglen, const unsigned char *tbs, size_t tbslen)
{
    sctx *c = vc;
    return md_data_ok(c, tbs, tbslen, 0) && verify_msg(c, sig, siglen, tbs, tbslen);
}

/* EVP_DigestSign/VerifyUpdate + Final: ML-DSA hashes the message into mu as it comes;
 * SLH-DSA collects it, then signs it as one. */
/* ML-DSA: starts mu with tr (signing: the one in sk, bytes 64..127; verifying: H(pk, 64)),
 * the domain byte 0 (pure ML-DSA), |ctx| and ctx. */
static int mu_start(sctx *c)
{
    const kf_pkey *k = c->key;
    uint8_t tr[64], pre[2] = {0, (uint8_t)c->ctxlen};
    int ok = kf_shake256_init(&c->mu) == KF_OK;
    if (c->signing) memcpy(tr, k->priv + 64, 64);
    else ok = ok && kf_shake256(tr, 64, k->pub, k->publen) == KF_OK;
    ok = ok && kf_xof_absorb(&c->mu, tr, 64) == KF_OK && kf_xof_absorb(&c->mu, pre, 2) == KF_OK
         && kf_xof_absorb(&c->mu, c->ctxstr, c->ctxlen) == KF_OK;
    kf_wipe(tr, sizeof tr);
    if (!ok) { kf_prov_err(c->prov, KF_R_LIBRARY, "SHAKE256 for ML-DSA's mu"); return 0; }
    c->mu_active = 1;
    return 1;
}

static int mu_finish(sctx *c, uint8_t mu[KF_MLDSA_MU_BYTES])
{
    int ok = (c->mu_active || mu_start(c)) && kf_xof_squeeze(&c->mu, mu, KF_MLDSA_MU_BYTES) == KF_OK;
    kf_wipe(&c->mu, sizeof c->mu);
    c->mu_active = 0;
    if (!ok) kf_prov_err(c->prov, KF_R_LIBRARY, "SHAKE256 for ML-DSA's mu");
    return ok;
}

static int s_update(void *vc, const unsigned char *data, size_t len)
{
    sctx *c = vc;
    if (!c->key) { kf_prov_err(c->prov, KF_R_BAD_STATE, "update before init"); return 0; }
    if (!md_data_ok(c, data, len, 1)) return 0;
    if (kf_type_is_mldsa(c->key->type)) {
        if (!c->mu_active && !mu_start(c)) return 0;
        if (kf_xof_absorb(&c->mu, data, len) != KF_OK) { kf_prov_err(c->prov, KF_R_LIBRARY, "SHAKE256 absorb"); return 0; }
        return 1;
    }
    if (len > c->msgcap - c->msglen) {
        size_t cap = c->msgcap ? c->msgcap : 256;
        uint8_t *n;
        while (cap - c->msglen < len) {
            if (cap > ((size_t)-1) / 2) { kf_prov_err(c->prov, KF_R_NO_MEMORY, "message too long"); return 0; }
            cap *= 2;
        }
        if (!(n = kf_prov_zalloc(c->prov, cap))) return 0;
        if (c->msglen) memcpy(n, c->msg, c->msglen);
        kf_prov_free(c->msg, c->msgcap);
        c->msg = n;
        c->msgcap = cap;
    }
    if (len) memcpy(c->msg + c->msglen, data, len);
    c->msglen += len;
    return 1;
}

static int mldsa_sign_final(sctx *c, unsigned char *sig, size_t *siglen, size_t sigsize)
{
    kf_mldsa_param p = kf_type_mldsa(c->key->type);
    size_t need = kf_mldsa_sig_bytes(p);
    uint8_t mu[KF_MLDSA_MU_BYTES], rnd[KF_MLDSA_RND_BYTES];
    int rc;
    if (cms_refused(c)) return 0;
    if (!sig) { *siglen = need; return 1; }   /* a size query keeps the state */
    if (sigsize < need) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "signature buffer of %zu bytes, %zu needed", sigsize, need);
        return 0;
    }
    if (!c->deterministic && !kfp_random(c->prov, rnd, sizeof rnd)) return 0;
    if (!mu_finish(c, mu)) { kf_wipe(rnd, sizeof rnd); return 0; }
    rc = kf_mldsa_sign_mu(p, sig, sigsize, mu, c->deterministic ? NULL : rnd, c->key->priv, c->key->privlen);
    kf_wipe(mu, sizeof mu);
    kf_wipe(rnd, sizeof rnd);
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "ML-DSA sign");
    *siglen = need;
    return 1;
}

static int s_sign_final(void *vc, unsigned char *sig, size_t *siglen, size_t sigsize)
{
    sctx *c = vc;
    int ok;
    if (!c->key) { kf_prov_err(c->prov, KF_R_BAD_STATE, "final before init"); return 0; }
    if (!md_final_ok(c)) return 0;
    if (kf_type_is_mldsa(c->key->type)) ok = mldsa_sign_final(c, sig, siglen, sigsize);
    else ok = sign_msg(c, sig, siglen, sigsize, c->msg ? c->msg : (const unsigned char *)"", c->msglen);
    if (sig) {   /* a size query keeps the message */
        msg_clear(c);
        c->attrs_seen = 0;
    }
    return ok;
}

static int s_verify_final(void *vc, const unsigned char *sig, size_t siglen)
{
    sctx *c = vc;
    int ok;
    if (!c->key) { kf_prov_err(c->prov, KF_R_BAD_STATE, "final before init"); return 0; }
    if (!md_final_ok(c)) return 0;
    c->attrs_seen = 0;
    if (kf_type_is_mldsa(c->key->type)) {
        uint8_t mu[KF_MLDSA_MU_BYTES];
        int rc;
        if (!mu_finish(c, mu)) return 0;
        rc = kf_mldsa_verify_mu(kf_type_mldsa(c->key->type), mu, sig, siglen, c->key->pub, c->key->publen);
        if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "ML-DSA verify");
        return 1;
    }
    ok = verify_msg(c, sig, siglen, c->msg ? c->msg : (const unsigned char *)"", c->msglen);
    msg_clear(c);
    return ok;
}

static const OSSL_DISPATCH sig_functions[] = {
    {OSSL_FUNC_SIGNATURE_NEWCTX, (void (*)(void))s_new},
    {OSSL_FUNC_SIGNATURE_FREECTX, (void (*)(void))s_free},
    {OSSL_FUNC_SIGNATURE_DUPCTX, (void (*)(void))s_dup},
    {OSSL_FUNC_SIGNATURE_SIGN_INIT, (void (*)(void))s_sign_init},
    {OSSL_FUNC_SIGNATURE_SIGN, (void (*)(void))s_sign},
    {OSSL_FUNC_SIGNATURE_VERIFY_INIT, (void (*)(void))s_verify_init},
    {OSSL_FUNC_SIGNATURE_VERIFY, (void (*)(void))s_verify},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, (void (*)(void))s_dsign_init},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN, (void (*)(void))s_sign},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_UPDATE, (void (*)(void))s_update},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_FINAL, (void (*)(void))s_sign_final},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, (void (*)(void))s_dverify_init},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, (void (*)(void))s_verify},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_UPDATE, (void (*)(void))s_update},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_FINAL, (void (*)(void))s_verify_final},
    {OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, (void (*)(void))s_get_params},
    {OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, (void (*)(void))s_gettable},
    {OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, (void (*)(void))s_set_params},
    {OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, (void (*)(void))s_settable},
    {0, NULL}};

const OSSL_ALGORITHM kf_prov_signatures[] = {
    {KF_NAMES_MLDSA44, KF_PROPS, sig_functions, "ML-DSA-44 (keccakforge)"},
    {KF_NAMES_MLDSA65, KF_PROPS, sig_functions, "ML-DSA-65 (keccakforge)"},
    {KF_NAMES_MLDSA87, KF_PROPS, sig_functions, "ML-DSA-87 (keccakforge)"},
    {KF_NAMES_SLH128S, KF_PROPS, sig_functions, "SLH-DSA-SHAKE-128s (keccakforge)"},
    {KF_NAMES_SLH128F, KF_PROPS, sig_functions, "SLH-DSA-SHAKE-128f (keccakforge)"},
    {KF_NAMES_SLH192S, KF_PROPS, sig_functions, "SLH-DSA-SHAKE-192s (keccakforge)"},
    {KF_NAMES_SLH192F, KF_PROPS, sig_functions, "SLH-DSA-SHAKE-192f (keccakforge)"},
    {KF_NAMES_SLH256S, KF_PROPS, sig_functions, "SLH-DSA-SHAKE-256s (keccakforge)"},
    {KF_NAMES_SLH256F, KF_PROPS, sig_functions, "SLH-DSA-SHAKE-256f (keccakforge)"},
    {NULL, NULL, NULL, NULL}};

/* The TLS-SIGALG capability (asked by OpenSSL >= 3.2; 3.0 never asks, so there it changes
 * nothing): ML-DSA-44/65/87 with the code points and names OpenSSL 3.5 uses
 * (draft-ietf-tls-mldsa: 0x0904-0x0906, "mldsa44".."mldsa87"), TLS 1.3 only, no DTLS. The
 * signature is the pure one with an empty context, over TLS 1.3's signed content, through
 * EVP_DigestSign with no digest, as this provider's signature does. SLH-DSA has no TLS code
 * point in OpenSSL 3.5 (nor an IANA registration): not offered. Parameter names are spelled
 * out: the OpenSSL 3.0 headers this is built against do not define them. */
int kf_prov_tls_sigalgs(OSSL_CALLBACK *cb, void *arg)
{
    static const struct { const char *iana, *name, *oid; unsigned code, secbits; } sigalgs[] = {
        {"mldsa44", "ML-DSA-44", "2.16.840.1.101.3.4.3.17", 0x0904, 128},
        {"mldsa65", "ML-DSA-65", "2.16.840.1.101.3.4.3.18", 0x0905, 192},
        {"mldsa87", "ML-DSA-87", "2.16.840.1.101.3.4.3.19", 0x0906, 256},
    };
    for (size_t i = 0; i < sizeof sigalgs / sizeof sigalgs[0]; i++) {
        unsigned code = sigalgs[i].code, sec = sigalgs[i].secbits;
        int mintls = 0x0304, maxtls = 0, mindtls = -1, maxdtls = -1;
        OSSL_PARAM p[] = {
            OSSL_PARAM_utf8_string("tls-sigalg-iana-name", (char *)sigalgs[i].iana, strlen(sigalgs[i].iana)),
            OSSL_PARAM_uint("tls-sigalg-code-point", &code),
            OSSL_PARAM_utf8_string("tls-sigalg-name", (char *)sigalgs[i].name, strlen(sigalgs[i].name)),
            OSSL_PARAM_utf8_string("tls-sigalg-oid", (char *)sigalgs[i].oid, strlen(sigalgs[i].oid)),
            OSSL_PARAM_uint("tls-sigalg-sec-bits", &sec),
            OSSL_PARAM_int("tls-min-tls", &mintls),
            OSSL_PARAM_int("tls-max-tls", &maxtls),
            OSSL_PARAM_int("tls-min-dtls", &mindtls),
            OSSL_PARAM_int("tls-max-dtls", &maxdtls),
            OSSL_PARAM_END};
        if (!cb(p, arg)) return 0;
    }
    return 1;
}

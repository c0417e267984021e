/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_prov_cms.c - CMS SignedData with the keccakforge provider's signatures through
 * OpenSSL's CMS API; the CMS side of provider/tests/test_prov_x509.py, which checks the
 * output with `openssl cms -verify`.
 *
 *   test_prov_cms MODULE_DIR sign CERT KEY IN OUT DIGEST   attached SignedData, PEM
 *   test_prov_cms MODULE_DIR verify CA IN.pem CONTENT      CMS_verify; content must match
 *
 * OpenSSL 3.0-3.1's CMS_add1_signer fills in the SignerInfo's signatureAlgorithm only for
 * RSA, DSA, EC and key types with a legacy ASN.1 method: for a provider's key type it stays
 * empty and the SignedData cannot be encoded (`openssl cms -sign` fails with "illegal zero
 * content", or in S/MIME form writes no signature; the provider refuses such a signature
 * with a message). A program sets it from the "algorithm-id" of the SignerInfo's signing
 * context between CMS_add1_signer (CMS_PARTIAL | CMS_KEY_PARAM) and CMS_final, as sign()
 * does here: that is the whole workaround. The
 * signature over the signed attributes is then the provider's (EVP_DigestSignUpdate/Final,
 * pure SLH-DSA / ML-DSA over their DER, RFC 9814 / RFC 9882). Exit 0 on success; errors
 * are printed from OpenSSL's queue.
 */
#include <openssl/pem.h>   /* before cms.h: it declares PEM_read/write_bio_CMS */
#include <openssl/cms.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <string.h>

static OSSL_LIB_CTX *const libctx = NULL;   /* the default context (see main) */
static OSSL_PROVIDER *prov_kf, *prov_default;

static EVP_PKEY *read_key(const char *path)
{
    BIO *b = BIO_new_file(path, "r");
    EVP_PKEY *k = b ? PEM_read_bio_PrivateKey_ex(b, NULL, NULL, NULL, libctx, NULL) : NULL;
    BIO_free(b);
    return k;
}

static X509 *read_cert(const char *path)
{
    BIO *b = BIO_new_file(path, "r");
    X509 *x = X509_new_ex(libctx, NULL);
    if (!b || !x || !PEM_read_bio_X509(b, &x, NULL, NULL)) { X509_free(x); x = NULL; }
    BIO_free(b);
    return x;
}

/* The SignerInfo's signatureAlgorithm from the algorithm-id of its signing context (made by
 * CMS_add1_signer with CMS_KEY_PARAM; asking it is also how the provider learns that the
 * caller writes the signatureAlgorithm itself). */
static int set_signature_algorithm(CMS_SignerInfo *si)
{
    unsigned char aid[128];
    const unsigned char *q = aid;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, aid, sizeof aid),
                      OSSL_PARAM_construct_end()};
    EVP_PKEY_CTX *c = CMS_SignerInfo_get0_pkey_ctx(si);
    X509_ALGOR *got = NULL, *psig = NULL;
    const ASN1_OBJECT *obj = NULL;
    ASN1_OBJECT *dup;
    int ok = c && EVP_PKEY_CTX_get_params(c, p) == 1 && p[0].return_size > 0
             && (got = d2i_X509_ALGOR(NULL, &q, (long)p[0].return_size)) != NULL;
    if (ok) {
        X509_ALGOR_get0(&obj, NULL, NULL, got);
        CMS_SignerInfo_get0_algs(si, NULL, NULL, NULL, &psig);
        ok = psig && (dup = OBJ_dup(obj)) && X509_ALGOR_set0(psig, dup, V_ASN1_UNDEF, NULL);
    }
    if (!ok) fprintf(stderr, "no algorithm-id from the signature implementation\n");
    X509_ALGOR_free(got);
    return ok;
}

static int sign(const char *certf, const char *keyf, const char *inf, const char *outf, const char *mdname)
{
    X509 *cert = read_cert(certf);
    EVP_PKEY *key = read_key(keyf);
    EVP_MD *md = EVP_MD_fetch(libctx, mdname, NULL);
    BIO *in = BIO_new_file(inf, "rb"), *out = NULL;
    CMS_ContentInfo *cms = NULL;
    CMS_SignerInfo *si = NULL;
    unsigned flags = CMS_BINARY | CMS_PARTIAL | CMS_KEY_PARAM;
    int ok = 0;
    if (!cert || !key || !md || !in) { fprintf(stderr, "cannot read the certificate, key, digest or input\n"); goto end; }
    if (!(cms = CMS_sign_ex(NULL, NULL, NULL, NULL, flags, libctx, NULL))) goto end;
    if (!(si = CMS_add1_signer(cms, cert, key, md, flags))) goto end;
    if (!set_signature_algorithm(si)) goto end;
    if (!CMS_final(cms, in, NULL, CMS_BINARY)) goto end;
    if (!(out = BIO_new_file(outf, "w")) || !PEM_write_bio_CMS(out, cms)) goto end;
    ok = 1;
end:
    if (!ok) ERR_print_errors_fp(stderr);
    BIO_free(out);
    BIO_free(in);
    CMS_ContentInfo_free(cms);
    EVP_MD_free(md);
    EVP_PKEY_free(key);
    X509_free(cert);
    return ok;
}

static int verify(const char *caf, const char *inf, const char *contentf)
{
    X509_STORE *st = X509_STORE_new();
    X509 *ca = read_cert(caf);
    BIO *in = BIO_new_file(inf, "r"), *out = BIO_new(BIO_s_mem()), *cf = BIO_new_file(contentf, "rb");
    CMS_ContentInfo *cms = NULL;
    char want[4096], *got = NULL;
    int wl = cf ? BIO_read(cf, want, sizeof want) : -1, ok = 0;
    long gl;
    if (!st || !ca || !in || !out || wl < 0 || !X509_STORE_add_cert(st, ca)) { fprintf(stderr, "cannot read inputs\n"); goto end; }
    if (!(cms = PEM_read_bio_CMS(in, NULL, NULL, NULL))) goto end;
    if (CMS_verify(cms, NULL, st, NULL, out, CMS_BINARY) != 1) goto end;
    gl = BIO_get_mem_data(out, &got);
    if (gl != wl || memcmp(got, want, (size_t)wl) != 0) { fprintf(stderr, "verified content differs\n"); goto end; }
    ok = 1;
end:
    if (!ok) ERR_print_errors_fp(stderr);
    CMS_ContentInfo_free(cms);
    BIO_free(cf);
    BIO_free(out);
    BIO_free(in);
    X509_free(ca);
    X509_STORE_free(st);
    return ok;
}

int main(int argc, char **argv)
{
    int ok = 0;
    /* the default library context (libctx stays NULL): PEM_read_bio_CMS and CMS_verify's
     * certificate checks run there */
    if (argc < 2 || !OSSL_PROVIDER_set_default_search_path(NULL, argv[1])
        || !(prov_kf = OSSL_PROVIDER_load(NULL, "keccakforge")) || !(prov_default = OSSL_PROVIDER_load(NULL, "default"))) {
        fprintf(stderr, "cannot load the keccakforge provider from %s\n", argc > 1 ? argv[1] : "?");
        ERR_print_errors_fp(stderr);
        return 1;
    }
    if (argc == 8 && strcmp(argv[2], "sign") == 0) ok = sign(argv[3], argv[4], argv[5], argv[6], argv[7]);
    else if (argc == 6 && strcmp(argv[2], "verify") == 0) ok = verify(argv[3], argv[4], argv[5]);
    else fprintf(stderr, "usage: %s MODULE_DIR sign CERT KEY IN OUT DIGEST | verify CA IN.pem CONTENT\n", argv[0]);
    OSSL_PROVIDER_unload(prov_kf);
    OSSL_PROVIDER_unload(prov_default);
    return ok ? 0 : 1;
}

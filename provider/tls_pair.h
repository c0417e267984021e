/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * tls_pair.h - a TLS 1.3 client and server in one process, joined by memory BIOs, on a
 * library context: the handshake test (tests/test_prov_tls.c) and `kforge bench --suite
 * openssl-provider` use it.
 * The server's certificate is a fresh self-signed P-256 one (OpenSSL's default provider).
 */
#ifndef KF_TLS_PAIR_H
#define KF_TLS_PAIR_H

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

typedef struct tls_env {
    SSL_CTX *sctx, *cctx;
} tls_env;

static int tls_env_init(tls_env *e, OSSL_LIB_CTX *l)
{
    EVP_PKEY *pk = EVP_PKEY_Q_keygen(l, "provider=default", "EC", "P-256");
    X509 *x = X509_new_ex(l, NULL);
    X509_NAME *n;
    int ok = 0;
    if (!pk || !x) goto end;
    ASN1_INTEGER_set(X509_get_serialNumber(x), 1);
    X509_gmtime_adj(X509_getm_notBefore(x), -60);
    X509_gmtime_adj(X509_getm_notAfter(x), 3600);
    X509_set_pubkey(x, pk);
    n = X509_get_subject_name(x);
    X509_NAME_add_entry_by_txt(n, "CN", MBSTRING_ASC, (const unsigned char *)"localhost", -1, -1, 0);
    X509_set_issuer_name(x, n);
    if (!X509_sign(x, pk, EVP_sha256())) goto end;
    e->sctx = SSL_CTX_new_ex(l, NULL, TLS_server_method());
    e->cctx = SSL_CTX_new_ex(l, NULL, TLS_client_method());
    if (!e->sctx || !e->cctx) goto end;
    SSL_CTX_set_min_proto_version(e->sctx, TLS1_3_VERSION);
    SSL_CTX_set_min_proto_version(e->cctx, TLS1_3_VERSION);
    if (SSL_CTX_use_certificate(e->sctx, x) != 1 || SSL_CTX_use_PrivateKey(e->sctx, pk) != 1) goto end;
    SSL_CTX_set_session_cache_mode(e->sctx, SSL_SESS_CACHE_OFF);
    SSL_CTX_set_session_cache_mode(e->cctx, SSL_SESS_CACHE_OFF);
    SSL_CTX_set_num_tickets(e->sctx, 0);
    ok = 1;
end:
    EVP_PKEY_free(pk);
    X509_free(x);
    return ok;
}

static void tls_env_free(tls_env *e)
{
    SSL_CTX_free(e->sctx);
    SSL_CTX_free(e->cctx);
}

/* One full handshake with `groups` on both sides; returns the negotiated group's id
 * (SSL_get_shared_group), or -1 on failure. */
static int tls_handshake(tls_env *e, const char *groups)
{
    SSL *s = SSL_new(e->sctx), *c = SSL_new(e->cctx);
    BIO *s2c = BIO_new(BIO_s_mem()), *c2s = BIO_new(BIO_s_mem());
    int done_s = 0, done_c = 0, group = -1;
    if (!s || !c || !s2c || !c2s) goto end;
    if (SSL_set1_groups_list(s, groups) != 1 || SSL_set1_groups_list(c, groups) != 1) goto end;
    BIO_up_ref(s2c);
    BIO_up_ref(c2s);
    SSL_set_bio(s, c2s, s2c);   /* server reads c2s, writes s2c */
    SSL_set_bio(c, s2c, c2s);
    SSL_set_accept_state(s);
    SSL_set_connect_state(c);
    for (int round = 0; round < 20 && !(done_s && done_c); round++) {
        if (!done_c) {
            int r = SSL_do_handshake(c);
            if (r == 1) done_c = 1;
            else if (SSL_get_error(c, r) != SSL_ERROR_WANT_READ) break;
        }
        if (!done_s) {
            int r = SSL_do_handshake(s);
            if (r == 1) done_s = 1;
            else if (SSL_get_error(s, r) != SSL_ERROR_WANT_READ) break;
        }
    }
    if (done_s && done_c) {
        /* the group the server chose; the client must have used the same */
        group = SSL_get_negotiated_group(s);
        if (SSL_get_negotiated_group(c) != group) group = -1;
        else if (group & TLSEXT_nid_unknown) group &= 0xFFFF;   /* a provider's group: its code point */
    }
end:
    SSL_free(s);
    SSL_free(c);
    return group;
}

#endif

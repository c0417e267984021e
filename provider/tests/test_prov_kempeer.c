/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_prov_kempeer.c - one side of a hybrid KEM exchange through EVP, driven line by line by
 * test_prov_peers.py. The same source is built twice: against the system OpenSSL (3.0) with
 * `-p MODULE_DIR`, where the algorithm comes from the keccakforge provider, and at test time
 * against another OpenSSL (3.5+), without -p, where it comes from that OpenSSL's default
 * provider. Two such processes, one of each, exchange keys and ciphertexts as hex lines.
 *
 *   test_prov_kempeer [-p MODULE_DIR] ALG decap
 *       generates a key pair, prints "pub HEX", reads a ciphertext line "HEX" from stdin,
 *       prints "ss HEX" (the decapsulated secret)
 *   test_prov_kempeer [-p MODULE_DIR] ALG encap
 *       reads a public key line "HEX", prints "ct HEX" and "ss HEX"
 *
 * ALG is an EVP KEM name: X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024,
 * X448MLKEM1024. Any failure prints OpenSSL's error queue and exits 1.
 */
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_HEX 8192

static int fail(const char *what)
{
    fprintf(stderr, "test_prov_kempeer: %s failed\n", what);
    ERR_print_errors_fp(stderr);
    return 1;
}

static void put_hex(const char *tag, const unsigned char *b, size_t n)
{
    printf("%s ", tag);
    for (size_t i = 0; i < n; i++) printf("%02x", b[i]);
    printf("\n");
    fflush(stdout);
}

/* one hex line from stdin into a malloc'd buffer; NULL on a bad line */
static unsigned char *get_hex(size_t *n)
{
    static char line[LINE_MAX_HEX];
    size_t len, i;
    unsigned char *b;
    if (!fgets(line, sizeof line, stdin)) return NULL;
    len = strcspn(line, "\r\n");
    if (len == 0 || len % 2) return NULL;
    if (!(b = malloc(len / 2))) return NULL;
    for (i = 0; i < len / 2; i++) {
        unsigned v;
        if (sscanf(line + 2 * i, "%2x", &v) != 1) { free(b); return NULL; }
        b[i] = (unsigned char)v;
    }
    *n = len / 2;
    return b;
}

int main(int argc, char **argv)
{
    OSSL_LIB_CTX *lib = NULL;
    const char *propq = NULL, *alg, *mode;
    EVP_PKEY_CTX *c = NULL;
    EVP_PKEY *k = NULL;
    unsigned char *in = NULL, *pub = NULL, *ct = NULL, *ss = NULL;
    size_t inlen = 0, publen, ctlen = 0, sslen = 0;
    int rc = 1, a = 1;

    if (argc > 2 && strcmp(argv[1], "-p") == 0) {
        /* the keccakforge provider (and the default one for the classical half) in a context of ours */
        if (!(lib = OSSL_LIB_CTX_new()) || !OSSL_PROVIDER_set_default_search_path(lib, argv[2])
            || !OSSL_PROVIDER_load(lib, "keccakforge") || !OSSL_PROVIDER_load(lib, "default"))
            return fail("loading the keccakforge provider");
        propq = "provider=keccakforge";
        a = 3;
    }
    if (argc != a + 2 || (strcmp(argv[a + 1], "decap") != 0 && strcmp(argv[a + 1], "encap") != 0)) {
        fprintf(stderr, "usage: %s [-p MODULE_DIR] ALG decap|encap\n", argv[0]);
        return 2;
    }
    alg = argv[a];
    mode = argv[a + 1];

    if (strcmp(mode, "decap") == 0) {
        if (!(c = EVP_PKEY_CTX_new_from_name(lib, alg, propq)) || EVP_PKEY_keygen_init(c) <= 0
            || EVP_PKEY_generate(c, &k) <= 0) { rc = fail("key generation"); goto end; }
        if (!(publen = EVP_PKEY_get1_encoded_public_key(k, &pub))) { rc = fail("encoded public key"); goto end; }
        put_hex("pub", pub, publen);
        if (!(in = get_hex(&inlen))) { fprintf(stderr, "test_prov_kempeer: no ciphertext line\n"); goto end; }
        EVP_PKEY_CTX_free(c);
        if (!(c = EVP_PKEY_CTX_new_from_pkey(lib, k, propq)) || EVP_PKEY_decapsulate_init(c, NULL) <= 0
            || EVP_PKEY_decapsulate(c, NULL, &sslen, in, inlen) <= 0 || !(ss = malloc(sslen))
            || EVP_PKEY_decapsulate(c, ss, &sslen, in, inlen) <= 0) { rc = fail("decapsulation"); goto end; }
        put_hex("ss", ss, sslen);
    } else {
        OSSL_PARAM p[2];
        if (!(in = get_hex(&inlen))) { fprintf(stderr, "test_prov_kempeer: no public key line\n"); goto end; }
        p[0] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, in, inlen);
        p[1] = OSSL_PARAM_construct_end();
        if (!(c = EVP_PKEY_CTX_new_from_name(lib, alg, propq)) || EVP_PKEY_fromdata_init(c) <= 0
            || EVP_PKEY_fromdata(c, &k, EVP_PKEY_PUBLIC_KEY, p) <= 0) { rc = fail("public key import"); goto end; }
        EVP_PKEY_CTX_free(c);
        if (!(c = EVP_PKEY_CTX_new_from_pkey(lib, k, propq)) || EVP_PKEY_encapsulate_init(c, NULL) <= 0
            || EVP_PKEY_encapsulate(c, NULL, &ctlen, NULL, &sslen) <= 0 || !(ct = malloc(ctlen))
            || !(ss = malloc(sslen)) || EVP_PKEY_encapsulate(c, ct, &ctlen, ss, &sslen) <= 0) {
            rc = fail("encapsulation");
            goto end;
        }
        put_hex("ct", ct, ctlen);
        put_hex("ss", ss, sslen);
    }
    rc = 0;
end:
    OPENSSL_free(pub);
    free(in);
    free(ct);
    if (ss) OPENSSL_cleanse(ss, sslen);
    free(ss);
    EVP_PKEY_free(k);
    EVP_PKEY_CTX_free(c);
    OSSL_LIB_CTX_free(lib);
    return rc;
}

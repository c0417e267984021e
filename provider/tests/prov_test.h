/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * prov_test.h - what the provider's C tests share: a library context with the keccakforge
 * provider (from the directory given as argv[1]) and OpenSSL's default provider, and a
 * check that an error with a reason is on OpenSSL's error queue.
 */
#ifndef KF_PROV_TEST_H
#define KF_PROV_TEST_H

#include "../../tests/test_util.h"

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <stdlib.h>
#include <string.h>

static OSSL_LIB_CTX *libctx;
static OSSL_PROVIDER *prov_kf, *prov_default;
#define KFQ "provider=keccakforge"

static int prov_setup(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "usage: %s MODULE_DIR\n", argv[0]); return 0; }
    libctx = OSSL_LIB_CTX_new();
    if (!libctx || !OSSL_PROVIDER_set_default_search_path(libctx, argv[1])
        || !(prov_kf = OSSL_PROVIDER_load(libctx, "keccakforge")) || !(prov_default = OSSL_PROVIDER_load(libctx, "default"))) {
        fprintf(stderr, "cannot load the keccakforge provider from %s\n", argv[1]);
        ERR_print_errors_fp(stderr);
        return 0;
    }
    return 1;
}

static void prov_teardown(void)
{
    OSSL_PROVIDER_unload(prov_kf);
    OSSL_PROVIDER_unload(prov_default);
    OSSL_LIB_CTX_free(libctx);
}

/* An error is queued and it has a reason string; the queue is emptied. Prints it. */
static inline int expect_error(const char *what)
{
    unsigned long e = ERR_peek_last_error();
    const char *r = e ? ERR_reason_error_string(e) : NULL;
    char buf[256];
    if (!e) { printf("  no error queued for %s\n", what); return 0; }
    ERR_error_string_n(e, buf, sizeof buf);
    if (getenv("KF_TEST_VERBOSE")) printf("  %s -> %s\n", what, buf);
    ERR_clear_error();
    if (!r) { printf("  error without a reason string for %s: %s\n", what, buf); return 0; }
    return 1;
}

/* Some error on the queue comes from a library with a name and has the reason string
 * `reason` (OpenSSL's decoders may queue their own errors after ours); the queue is
 * emptied. */
static inline int expect_reason(const char *what, const char *reason)
{
    unsigned long e;
    int found = 0, any = 0;
    while ((e = ERR_get_error()) != 0) {
        const char *r = ERR_reason_error_string(e), *l = ERR_lib_error_string(e);
        char buf[256];
        any = 1;
        ERR_error_string_n(e, buf, sizeof buf);
        if (getenv("KF_TEST_VERBOSE")) printf("  %s -> %s\n", what, buf);
        if (r && l && strcmp(r, reason) == 0) found = 1;
    }
    if (!found) printf("  %s: no error with reason '%s' queued%s\n", what, reason, any ? "" : " (no error at all)");
    return found;
}

#endif

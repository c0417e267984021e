/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_prov_digests.c - every digest, XOF and MAC of the provider through EVP equals the
 * library's own call, on random lengths (split into random updates), with parameters;
 * EVP_MD_CTX_copy_ex mid-stream gives an independent copy; bad parameters fail with a
 * reason on the error queue.
 */
#include "prov_test.h"
#include "keccakforge.h"

#include <openssl/core_names.h>
#include <openssl/params.h>

enum { T_HASH, T_XOF, T_TURBO, T_CSHAKE, T_KT };
static const struct dcase {
    const char *name;
    int type;
    int id;
    size_t size;
} dcases[] = {
    {"SHA3-224", T_HASH, KF_SHA3_224, 28}, {"SHA3-256", T_HASH, KF_SHA3_256, 32},
    {"SHA3-384", T_HASH, KF_SHA3_384, 48}, {"SHA3-512", T_HASH, KF_SHA3_512, 64},
    {"KECCAK-256", T_HASH, KF_KECCAK256_LEGACY, 32}, {"KECCAK-512", T_HASH, KF_KECCAK512_LEGACY, 64},
    {"SHAKE128", T_XOF, 128, 16}, {"SHAKE256", T_XOF, 256, 32},
    {"TURBOSHAKE128", T_TURBO, 128, 32}, {"TURBOSHAKE256", T_TURBO, 256, 64},
    {"CSHAKE128", T_CSHAKE, 128, 32}, {"CSHAKE256", T_CSHAKE, 256, 64},
    {"KT128", T_KT, 128, 32}, {"KT256", T_KT, 256, 64},
};

static uint8_t msg[20000], custom[64], fname[16];

/* the library's answer */
static int lib_digest(const struct dcase *d, uint8_t *out, size_t outlen, size_t len, size_t clen,
                      size_t nlen, uint8_t domain)
{
    switch (d->type) {
    case T_HASH: return kf_hash((kf_hash_alg)d->id, out, outlen, msg, len);
    case T_XOF: return d->id == 128 ? kf_shake128(out, outlen, msg, len) : kf_shake256(out, outlen, msg, len);
    case T_TURBO:
        return d->id == 128 ? kf_turboshake128(out, outlen, msg, len, domain)
                            : kf_turboshake256(out, outlen, msg, len, domain);
    case T_CSHAKE:
        return d->id == 128 ? kf_cshake128(out, outlen, msg, len, fname, nlen, custom, clen)
                            : kf_cshake256(out, outlen, msg, len, fname, nlen, custom, clen);
    default:
        return d->id == 128 ? kf_kt128(out, outlen, msg, len, custom, clen)
                            : kf_kt256(out, outlen, msg, len, custom, clen);
    }
}

static void test_digest(const struct dcase *d)
{
    EVP_MD *md = EVP_MD_fetch(libctx, d->name, KFQ);
    CHECK(md != NULL, "fetch %s", d->name);
    if (!md) { ERR_print_errors_fp(stdout); return; }
    CHECK((size_t)EVP_MD_get_size(md) == d->size, "%s size %d", d->name, EVP_MD_get_size(md));
    for (int it = 0; it < 40; it++) {
        size_t len = rnd_below(sizeof msg), clen = d->type >= T_CSHAKE ? rnd_below(sizeof custom) : 0;
        size_t nlen = d->type == T_CSHAKE ? rnd_below(sizeof fname) : 0;
        size_t outlen = d->type == T_HASH ? d->size : 1 + rnd_below(300);
        unsigned domain = d->type == T_TURBO ? 1 + (unsigned)rnd_below(0x7F) : 0x1F;
        uint8_t want[300], got[300], got2[300];
        OSSL_PARAM params[4], *p = params;
        EVP_MD_CTX *c = EVP_MD_CTX_new(), *c2 = EVP_MD_CTX_new();
        size_t done = 0, split = rnd_below(len + 1);
        unsigned gl = 0;
        if (d->type == T_TURBO) *p++ = OSSL_PARAM_construct_uint("domain", &domain);
        if (d->type >= T_CSHAKE) *p++ = OSSL_PARAM_construct_octet_string("custom", custom, clen);
        if (d->type == T_CSHAKE) *p++ = OSSL_PARAM_construct_octet_string("function-name", fname, nlen);
        *p = OSSL_PARAM_construct_end();
        CHECK(lib_digest(d, want, outlen, len, clen, nlen, (uint8_t)domain) == KF_OK, "library %s", d->name);
        CHECK(EVP_DigestInit_ex2(c, md, params) == 1, "%s init", d->name);
        while (done < split) {
            size_t n = 1 + rnd_below(split - done);
            CHECK(EVP_DigestUpdate(c, msg + done, n) == 1, "%s update", d->name);
            done += n;
        }
        /* a copy mid-stream finishes the same message independently */
        CHECK(EVP_MD_CTX_copy_ex(c2, c) == 1, "%s copy", d->name);
        CHECK(EVP_DigestUpdate(c, msg + done, len - done) == 1, "%s update", d->name);
        CHECK(EVP_DigestUpdate(c2, msg + done, len - done) == 1, "%s update copy", d->name);
        if (d->type == T_HASH) {
            CHECK(EVP_DigestFinal_ex(c, got, &gl) == 1 && gl == d->size, "%s final", d->name);
            CHECK(EVP_DigestFinal_ex(c2, got2, &gl) == 1, "%s final copy", d->name);
        } else {
            CHECK(EVP_DigestFinalXOF(c, got, outlen) == 1, "%s finalxof", d->name);
            CHECK(EVP_DigestFinalXOF(c2, got2, outlen) == 1, "%s finalxof copy", d->name);
        }
        CHECK(memcmp(got, want, outlen) == 0, "%s differs from the library (len %zu, out %zu)", d->name, len, outlen);
        CHECK(memcmp(got2, want, outlen) == 0, "%s copy differs (len %zu)", d->name, len);
        EVP_MD_CTX_free(c);
        EVP_MD_CTX_free(c2);
    }
    /* unknown parameter: an error with a reason */
    {
        EVP_MD_CTX *c = EVP_MD_CTX_new();
        int x = 1;
        OSSL_PARAM bad[] = {OSSL_PARAM_construct_int("no-such-param", &x), OSSL_PARAM_construct_end()};
        CHECK(EVP_DigestInit_ex2(c, md, bad) != 1, "%s accepted an unknown parameter", d->name);
        CHECK(expect_error("unknown digest parameter"), "%s: no error queued", d->name);
        EVP_MD_CTX_free(c);
    }
    EVP_MD_free(md);
}

static void test_kmac(const char *name, int v256)
{
    EVP_MAC *mac = EVP_MAC_fetch(libctx, name, KFQ);
    uint8_t key[80];
    CHECK(mac != NULL, "fetch %s", name);
    if (!mac) { ERR_print_errors_fp(stdout); return; }
    for (int it = 0; it < 40; it++) {
        size_t len = rnd_below(sizeof msg), klen = 4 + rnd_below(sizeof key - 3), clen = rnd_below(sizeof custom);
        size_t outlen = 1 + rnd_below(200);
        int xof = (int)(rnd() & 1);
        uint8_t want[200], got[200];
        size_t gl = 0;
        kf_kmac_ctx k;
        EVP_MAC_CTX *c = EVP_MAC_CTX_new(mac), *c2;
        OSSL_PARAM params[] = {
            OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_CUSTOM, custom, clen),
            OSSL_PARAM_construct_int(OSSL_MAC_PARAM_XOF, &xof),
            OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &outlen), OSSL_PARAM_construct_end()};
        rnd_bytes(key, klen);
        CHECK(kf_kmac_init(&k, v256 ? (xof ? KF_V256XOF : KF_V256) : (xof ? KF_V128XOF : KF_V128), key, klen, custom, clen) == KF_OK,
              "library KMAC init");
        kf_kmac_update(&k, msg, len);
        kf_kmac_final(&k, want, outlen);
        CHECK(EVP_MAC_init(c, key, klen, params) == 1, "%s init", name);
        CHECK(EVP_MAC_update(c, msg, len / 2) == 1, "%s update", name);
        c2 = EVP_MAC_CTX_dup(c);
        CHECK(c2 != NULL, "%s dup", name);
        CHECK(EVP_MAC_update(c, msg + len / 2, len - len / 2) == 1, "%s update", name);
        CHECK(EVP_MAC_final(c, got, &gl, sizeof got) == 1 && gl == outlen, "%s final", name);
        CHECK(memcmp(got, want, outlen) == 0, "%s differs from the library (len %zu xof %d)", name, len, xof);
        memset(got, 0, sizeof got);
        CHECK(EVP_MAC_update(c2, msg + len / 2, len - len / 2) == 1, "%s update dup", name);
        CHECK(EVP_MAC_final(c2, got, &gl, sizeof got) == 1 && memcmp(got, want, outlen) == 0, "%s dup differs", name);
        EVP_MAC_CTX_free(c);
        EVP_MAC_CTX_free(c2);
    }
    {
        EVP_MAC_CTX *c = EVP_MAC_CTX_new(mac);
        CHECK(EVP_MAC_init(c, key, 2, NULL) != 1, "%s accepted a 2-byte key", name);
        CHECK(expect_error("short KMAC key"), "%s: no error for a short key", name);
        CHECK(EVP_MAC_init(c, NULL, 0, NULL) != 1, "%s init without a key", name);
        CHECK(expect_error("KMAC without key"), "%s: no error without a key", name);
        EVP_MAC_CTX_free(c);
    }
    EVP_MAC_free(mac);
}

int main(int argc, char **argv)
{
    if (!prov_setup(argc, argv)) return 1;
    rnd_bytes(msg, sizeof msg);
    rnd_bytes(custom, sizeof custom);
    rnd_bytes(fname, sizeof fname);
    for (size_t i = 0; i < sizeof dcases / sizeof dcases[0]; i++) test_digest(&dcases[i]);
    test_kmac("KMAC128", 0);
    test_kmac("KMAC-256", 1);
    printf("%s: %d failure(s)\n", argv[0], failures);
    prov_teardown();
    return failures ? 1 : 0;
}

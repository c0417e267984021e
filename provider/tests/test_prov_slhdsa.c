/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_prov_slhdsa.c - SLH-DSA-SHAKE through EVP with the keccakforge provider: a
 * deterministic EVP signature equals the library's (kf_slhdsa_sign, addrnd NULL) byte for
 * byte; hedged EVP signatures verify with kf_slhdsa_verify; library signatures verify
 * through EVP_PKEY_verify and EVP_DigestVerify; the context string is honoured; a tampered
 * signature or message fails with a reason; PEM round trips for every set; bad sizes fail.
 * The s sets sign once (slow); the f sets every way.
 */
#include "prov_test.h"
#include "keccakforge.h"

#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>

static const char *const names[] = {"SLH-DSA-SHAKE-128s", "SLH-DSA-SHAKE-128f", "SLH-DSA-SHAKE-192s",
                                    "SLH-DSA-SHAKE-192f", "SLH-DSA-SHAKE-256s", "SLH-DSA-SHAKE-256f"};
static uint8_t sig[KF_SLHDSA_SIG_MAX_BYTES], sig2[KF_SLHDSA_SIG_MAX_BYTES];

static int evp_sign(EVP_PKEY *pk, int det, const uint8_t *ctx, size_t ctxlen, uint8_t *out, size_t *outlen,
                    const uint8_t *msg, size_t mlen)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(libctx, pk, KFQ);
    OSSL_PARAM p[] = {OSSL_PARAM_construct_int("deterministic", &det),
                      OSSL_PARAM_construct_octet_string("context-string", (void *)ctx, ctxlen), OSSL_PARAM_construct_end()};
    int ok = c && EVP_PKEY_sign_init_ex(c, p) == 1 && EVP_PKEY_sign(c, out, outlen, msg, mlen) == 1;
    EVP_PKEY_CTX_free(c);
    return ok;
}

static int evp_verify(EVP_PKEY *pk, const uint8_t *ctx, size_t ctxlen, const uint8_t *s, size_t slen,
                      const uint8_t *msg, size_t mlen)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(libctx, pk, KFQ);
    OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string("context-string", (void *)ctx, ctxlen), OSSL_PARAM_construct_end()};
    int ok = c && EVP_PKEY_verify_init_ex(c, p) == 1 && EVP_PKEY_verify(c, s, slen, msg, mlen) == 1;
    EVP_PKEY_CTX_free(c);
    return ok;
}

static void test_set(int i)
{
    const char *name = names[i];
    kf_slhdsa_param P = (kf_slhdsa_param)(i + 1);
    int full = (i & 1) == 1 || i == 0;   /* the f sets, and 128s once */
    EVP_PKEY_CTX *g = EVP_PKEY_CTX_new_from_name(libctx, name, KFQ);
    EVP_PKEY *pk = NULL, *back = NULL;
    uint8_t pub[64], priv[128], msg[300], ctx[20];
    size_t pl = 0, sl = 0, sigb = kf_slhdsa_sig_bytes(P), mlen = rnd_below(sizeof msg);
    CHECK(g && EVP_PKEY_keygen_init(g) == 1 && EVP_PKEY_generate(g, &pk) == 1, "%s keygen", name);
    EVP_PKEY_CTX_free(g);
    if (!pk) { ERR_print_errors_fp(stdout); return; }
    rnd_bytes(msg, sizeof msg);
    rnd_bytes(ctx, sizeof ctx);
    CHECK(EVP_PKEY_get_octet_string_param(pk, OSSL_PKEY_PARAM_PUB_KEY, pub, sizeof pub, &pl) == 1 && pl == kf_slhdsa_pk_bytes(P), "pub");
    CHECK(EVP_PKEY_get_octet_string_param(pk, OSSL_PKEY_PARAM_PRIV_KEY, priv, sizeof priv, &pl) == 1 && pl == kf_slhdsa_sk_bytes(P), "priv");
    CHECK(EVP_PKEY_get_size(pk) == (int)sigb, "%s: EVP_PKEY_get_size", name);
    /* deterministic EVP == library */
    sl = sizeof sig;
    CHECK(evp_sign(pk, 1, ctx, sizeof ctx, sig, &sl, msg, mlen) && sl == sigb, "%s: EVP sign", name);
    CHECK(kf_slhdsa_sign(P, sig2, sizeof sig2, msg, mlen, ctx, sizeof ctx, NULL, priv, pl) == KF_OK
          && memcmp(sig, sig2, sigb) == 0, "%s: deterministic EVP signature is not the library's", name);
    CHECK(evp_verify(pk, ctx, sizeof ctx, sig2, sigb, msg, mlen), "%s: library signature, EVP verify", name);
    if (full) {
        /* hedged EVP signature, library verify; the context string matters */
        sl = sizeof sig;
        CHECK(evp_sign(pk, 0, ctx, 5, sig, &sl, msg, mlen), "%s: hedged sign", name);
        CHECK(memcmp(sig, sig2, sigb) != 0, "%s: hedged equals deterministic", name);
        CHECK(kf_slhdsa_verify(P, msg, mlen, ctx, 5, sig, sigb, pub, kf_slhdsa_pk_bytes(P)) == KF_OK, "%s: EVP sig, library verify", name);
        CHECK(!evp_verify(pk, ctx, 4, sig, sigb, msg, mlen) && expect_error("wrong context"), "%s: wrong context verifies", name);
        sig[rnd_below(sigb)] ^= 4;
        CHECK(!evp_verify(pk, ctx, 5, sig, sigb, msg, mlen) && expect_error("tampered signature"), "%s: tampered signature", name);
        CHECK(!evp_verify(pk, ctx, 5, sig, sigb - 1, msg, mlen) && expect_error("short signature"), "%s: short signature", name);
        /* one-shot EVP_DigestVerify with no digest */
        {
            EVP_MD_CTX *m = EVP_MD_CTX_new();
            CHECK(EVP_DigestVerifyInit_ex(m, NULL, NULL, libctx, KFQ, pk, NULL) == 1
                  && EVP_DigestVerify(m, sig2, sigb, msg, mlen) != 1, "%s: DigestVerify without the context", name);
            ERR_clear_error();
            EVP_MD_CTX_free(m);
        }
        sl = 10;
        CHECK(!evp_sign(pk, 1, NULL, 0, sig, &sl, msg, mlen) && expect_error("short buffer"), "%s: short signature buffer", name);
        /* EVP_DigestSignUpdate in pieces + Final (deterministic, the context string) equals the
         * library's; DigestVerifyUpdate/Final accepts it and refuses it for another message;
         * algorithm-id is SEQUENCE { the set's OID } */
        {
            EVP_MD_CTX *m = EVP_MD_CTX_new();
            EVP_PKEY_CTX *pc = NULL;
            int det = 1;
            size_t cut = mlen / 3;
            unsigned char aid[32];
            static const unsigned char want[] = {0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03};
            OSSL_PARAM sp[] = {OSSL_PARAM_construct_int("deterministic", &det),
                               OSSL_PARAM_construct_octet_string("context-string", ctx, sizeof ctx), OSSL_PARAM_construct_end()};
            OSSL_PARAM vp[] = {OSSL_PARAM_construct_octet_string("context-string", ctx, sizeof ctx), OSSL_PARAM_construct_end()};
            OSSL_PARAM ap[] = {OSSL_PARAM_construct_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, aid, sizeof aid),
                               OSSL_PARAM_construct_end()};
            sl = sizeof sig;
            CHECK(EVP_DigestSignInit_ex(m, &pc, NULL, libctx, KFQ, pk, sp) == 1 && EVP_DigestSignUpdate(m, msg, cut) == 1
                  && EVP_DigestSignUpdate(m, msg + cut, mlen - cut) == 1 && EVP_DigestSignFinal(m, sig, &sl) == 1
                  && sl == sigb && memcmp(sig, sig2, sigb) == 0, "%s: streamed DigestSign is not the library's signature", name);
            CHECK(pc && EVP_PKEY_CTX_get_params(pc, ap) == 1 && ap[0].return_size == 13 && memcmp(aid, want, 12) == 0
                  && aid[12] == 26 + i, "%s: algorithm-id", name);
            CHECK(EVP_DigestVerifyInit_ex(m, NULL, NULL, libctx, KFQ, pk, vp) == 1 && EVP_DigestVerifyUpdate(m, msg, cut) == 1
                  && EVP_DigestVerifyUpdate(m, msg + cut, mlen - cut) == 1 && EVP_DigestVerifyFinal(m, sig2, sigb) == 1,
                  "%s: streamed DigestVerify", name);
            CHECK(EVP_DigestVerifyInit_ex(m, NULL, NULL, libctx, KFQ, pk, vp) == 1 && EVP_DigestVerifyUpdate(m, msg, mlen) == 1
                  && EVP_DigestVerifyUpdate(m, "x", 1) == 1 && EVP_DigestVerifyFinal(m, sig2, sigb) != 1
                  && expect_error("streamed, message extended"), "%s: streamed DigestVerify of a longer message", name);
            CHECK(EVP_DigestSignInit_ex(m, NULL, "MD5", libctx, KFQ, pk, NULL) != 1 && expect_error("MD5"),
                  "%s: DigestSignInit with MD5 accepted", name);
            EVP_MD_CTX_free(m);
        }
    }
    /* PEM round trip of the private key; the public key from it verifies */
    {
        OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(pk, EVP_PKEY_KEYPAIR, "PEM", "PrivateKeyInfo", KFQ);
        unsigned char *buf = NULL;
        size_t len = 0;
        const unsigned char *q;
        OSSL_DECODER_CTX *d;
        CHECK(e && OSSL_ENCODER_to_data(e, &buf, &len) == 1, "%s: PEM encode", name);
        OSSL_ENCODER_CTX_free(e);
        d = OSSL_DECODER_CTX_new_for_pkey(&back, "PEM", NULL, name, EVP_PKEY_KEYPAIR, libctx, NULL);
        q = buf;
        CHECK(d && OSSL_DECODER_from_data(d, &q, &len) == 1 && back && EVP_PKEY_eq(back, pk) == 1, "%s: PEM round trip", name);
        CHECK(back && evp_verify(back, ctx, sizeof ctx, sig2, sigb, msg, mlen), "%s: decoded key verifies", name);
        OSSL_DECODER_CTX_free(d);
        OPENSSL_free(buf);
    }
    /* wrong sizes */
    {
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(libctx, name, KFQ);
        EVP_PKEY *bad = NULL;
        OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, priv, pl - 1), OSSL_PARAM_construct_end()};
        CHECK(c && EVP_PKEY_fromdata_init(c) == 1 && EVP_PKEY_fromdata(c, &bad, EVP_PKEY_KEYPAIR, p) != 1 && !bad
              && expect_error("short sk"), "%s: short sk accepted", name);
        EVP_PKEY_CTX_free(c);
    }
    EVP_PKEY_free(back);
    EVP_PKEY_free(pk);
}

int main(int argc, char **argv)
{
    if (!prov_setup(argc, argv)) return 1;
    for (int i = 0; i < 6; i++) test_set(i);
    printf("%s: %d failure(s)\n", argv[0], failures);
    prov_teardown();
    return failures ? 1 : 0;
}

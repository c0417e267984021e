/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_prov_mldsa.c - ML-DSA-44/65/87 through EVP with the keccakforge provider, per set:
 *   - keygen with the "seed" parameter gives kf_mldsa_keygen_internal's keys; "seed", "priv",
 *     "pub" read back; EVP_PKEY_get_size, security bits, mandatory digest "";
 *   - a deterministic EVP_PKEY_sign equals kf_mldsa_sign (rnd NULL) byte for byte, with a
 *     context string; a hedged one differs and verifies with kf_mldsa_verify; library
 *     signatures verify through EVP_PKEY_verify, one-shot EVP_DigestVerify and streamed
 *     DigestVerifyUpdate/Final; streamed DigestSignUpdate/Final equals the library's;
 *   - streamed 1 MiB in 4 KiB pieces (ML-DSA absorbs mu as it comes) equals the library's,
 *     a mid-stream EVP_MD_CTX copy goes on independently, the context cannot change once the
 *     message began;
 *   - a wrong context, a flipped signature byte, a short signature, a longer message fail
 *     with a reason; algorithm-id is SEQUENCE { id-ml-dsa-* } (no parameters);
 *   - import: seed alone; priv (expanded sk) alone gives the same public key (and its PEM is
 *     the expandedKey form, which decodes back); priv with a flipped byte, seed and priv
 *     that disagree, wrong lengths are refused with a reason;
 *   - the library's PKCS#8 in the seed, expandedKey and both forms decodes to the key (the
 *     seed kept where stored); "both" with a changed sk byte is refused;
 *   - PEM PKCS#8 (seed form, 54 bytes of DER) and SPKI round trips; EVP_PKEY_eq.
 */
#include "prov_test.h"
#include "keccakforge.h"

#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>

static const char *const names[] = {"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"};
static const kf_mldsa_param params[] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
static uint8_t sig[KF_MLDSA_SIG_MAX_BYTES], sig2[KF_MLDSA_SIG_MAX_BYTES];

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

static EVP_PKEY *fromdata(const char *name, const char *k1, const void *v1, size_t l1, const char *k2, const void *v2,
                          size_t l2)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(libctx, name, KFQ);
    EVP_PKEY *pk = NULL;
    OSSL_PARAM p[3];
    int n = 0;
    p[n++] = OSSL_PARAM_construct_octet_string(k1, (void *)v1, l1);
    if (k2) p[n++] = OSSL_PARAM_construct_octet_string(k2, (void *)v2, l2);
    p[n] = OSSL_PARAM_construct_end();
    if (!c || EVP_PKEY_fromdata_init(c) != 1 || EVP_PKEY_fromdata(c, &pk, EVP_PKEY_KEYPAIR, p) != 1) pk = NULL;
    EVP_PKEY_CTX_free(c);
    return pk;
}

/* PEM of the key (PKCS#8 when priv, else SPKI), decoded back; the DER length through *derlen. */
static EVP_PKEY *pem_round_trip(EVP_PKEY *pk, const char *name, int priv, size_t *derlen)
{
    int sel = priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(pk, sel, "PEM", priv ? "PrivateKeyInfo" : "SubjectPublicKeyInfo", KFQ);
    OSSL_ENCODER_CTX *ed = OSSL_ENCODER_CTX_new_for_pkey(pk, sel, "DER", priv ? "PrivateKeyInfo" : "SubjectPublicKeyInfo", KFQ);
    unsigned char *buf = NULL, *dbuf = NULL;
    size_t len = 0, dlen = 0;
    const unsigned char *q;
    EVP_PKEY *back = NULL;
    OSSL_DECODER_CTX *d;
    if (e && OSSL_ENCODER_to_data(e, &buf, &len) == 1 && ed && OSSL_ENCODER_to_data(ed, &dbuf, &dlen) == 1) {
        *derlen = dlen;
        d = OSSL_DECODER_CTX_new_for_pkey(&back, "PEM", NULL, name, sel, libctx, NULL);
        q = buf;
        if (!d || OSSL_DECODER_from_data(d, &q, &len) != 1) back = NULL;
        OSSL_DECODER_CTX_free(d);
    }
    OSSL_ENCODER_CTX_free(e);
    OSSL_ENCODER_CTX_free(ed);
    OPENSSL_free(buf);
    OPENSSL_free(dbuf);
    return back;
}

static void test_set(int i)
{
    const char *name = names[i];
    kf_mldsa_param P = params[i];
    size_t pkb = kf_mldsa_pk_bytes(P), skb = kf_mldsa_sk_bytes(P), sigb = kf_mldsa_sig_bytes(P);
    uint8_t xi[32], pk_lib[KF_MLDSA_PK_MAX_BYTES], sk_lib[KF_MLDSA_SK_MAX_BYTES], buf[KF_MLDSA_SK_MAX_BYTES];
    uint8_t msg[500], ctx[40];
    size_t got = 0, sl, mlen = 1 + rnd_below(sizeof msg - 1), dl = 0;
    int bits = 0, secbits = 0;
    char md[16] = "x";
    EVP_PKEY *pk = NULL, *k2 = NULL, *back = NULL;
    EVP_PKEY_CTX *g = EVP_PKEY_CTX_new_from_name(libctx, name, KFQ);
    OSSL_PARAM gp[] = {OSSL_PARAM_construct_octet_string("seed", xi, sizeof xi), OSSL_PARAM_construct_end()};
    rnd_bytes(xi, sizeof xi);
    rnd_bytes(msg, sizeof msg);
    rnd_bytes(ctx, sizeof ctx);
    CHECK(kf_mldsa_keygen_internal(P, pk_lib, sk_lib, xi) == KF_OK, "%s: library keygen", name);
    /* keygen from a seed == the library's */
    CHECK(g && EVP_PKEY_keygen_init(g) == 1 && EVP_PKEY_CTX_set_params(g, gp) == 1 && EVP_PKEY_generate(g, &pk) == 1,
          "%s: keygen with seed", name);
    EVP_PKEY_CTX_free(g);
    if (!pk) { ERR_print_errors_fp(stdout); return; }
    CHECK(EVP_PKEY_get_octet_string_param(pk, OSSL_PKEY_PARAM_PUB_KEY, buf, sizeof buf, &got) == 1 && got == pkb
          && memcmp(buf, pk_lib, pkb) == 0, "%s: pub is not kf_mldsa_keygen_internal's", name);
    CHECK(EVP_PKEY_get_octet_string_param(pk, OSSL_PKEY_PARAM_PRIV_KEY, buf, sizeof buf, &got) == 1 && got == skb
          && memcmp(buf, sk_lib, skb) == 0, "%s: priv is not kf_mldsa_keygen_internal's", name);
    CHECK(EVP_PKEY_get_octet_string_param(pk, "seed", buf, sizeof buf, &got) == 1 && got == 32 && memcmp(buf, xi, 32) == 0,
          "%s: seed", name);
    CHECK(EVP_PKEY_get_size(pk) == (int)sigb, "%s: EVP_PKEY_get_size %d", name, EVP_PKEY_get_size(pk));
    CHECK(EVP_PKEY_get_int_param(pk, OSSL_PKEY_PARAM_SECURITY_BITS, &secbits) == 1 && secbits == (i == 0 ? 128 : i == 1 ? 192 : 256),
          "%s: security bits %d", name, secbits);
    CHECK(EVP_PKEY_get_int_param(pk, OSSL_PKEY_PARAM_BITS, &bits) == 1 && bits == (int)(8 * pkb), "%s: bits", name);
    CHECK(EVP_PKEY_get_default_digest_name(pk, md, sizeof md) == 2 && strcmp(md, "UNDEF") == 0, "%s: digest %s", name, md);

    /* deterministic EVP == library; hedged differs and verifies with the library */
    sl = sizeof sig;
    CHECK(evp_sign(pk, 1, ctx, sizeof ctx, sig, &sl, msg, mlen) && sl == sigb, "%s: EVP sign", name);
    CHECK(kf_mldsa_sign(P, sig2, sizeof sig2, msg, mlen, ctx, sizeof ctx, NULL, sk_lib, skb) == KF_OK
          && memcmp(sig, sig2, sigb) == 0, "%s: deterministic EVP signature is not the library's", name);
    CHECK(evp_verify(pk, ctx, sizeof ctx, sig2, sigb, msg, mlen), "%s: library signature, EVP verify", name);
    sl = sizeof sig;
    CHECK(evp_sign(pk, 0, ctx, 7, sig, &sl, msg, mlen) && sl == sigb, "%s: hedged sign", name);
    CHECK(memcmp(sig, sig2, sigb) != 0, "%s: hedged equals deterministic", name);
    CHECK(kf_mldsa_verify(P, msg, mlen, ctx, 7, sig, sigb, pk_lib, pkb) == KF_OK, "%s: EVP sig, library verify", name);
    CHECK(!evp_verify(pk, ctx, 6, sig, sigb, msg, mlen) && expect_error("wrong context"), "%s: wrong context verifies", name);
    CHECK(!evp_verify(pk, ctx, 7, sig, sigb - 1, msg, mlen) && expect_error("short signature"), "%s: short signature", name);
    sig[rnd_below(sigb)] ^= 0x10;
    CHECK(!evp_verify(pk, ctx, 7, sig, sigb, msg, mlen) && expect_error("tampered signature"), "%s: tampered signature", name);
    {
        uint8_t big[300];
        OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string("context-string", big, 256), OSSL_PARAM_construct_end()};
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(libctx, pk, KFQ);
        memset(big, 1, sizeof big);
        CHECK(c && EVP_PKEY_sign_init_ex(c, p) != 1 && expect_error("256-byte context"), "%s: 256-byte context accepted", name);
        EVP_PKEY_CTX_free(c);
    }
    /* DigestSign/Verify: one-shot and streamed; algorithm-id */
    {
        EVP_MD_CTX *m = EVP_MD_CTX_new();
        EVP_PKEY_CTX *pc = NULL;
        int det = 1;
        size_t cut = mlen / 2;
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
              && sl == sigb && memcmp(sig, sig2, sigb) == 0, "%s: streamed DigestSign is not the library's", name);
        CHECK(pc && EVP_PKEY_CTX_get_params(pc, ap) == 1 && ap[0].return_size == 13 && memcmp(aid, want, 12) == 0
              && aid[12] == 17 + i, "%s: algorithm-id", name);
        sl = sizeof sig;
        CHECK(EVP_DigestSignInit_ex(m, NULL, NULL, libctx, KFQ, pk, sp) == 1 && EVP_DigestSign(m, sig, &sl, msg, mlen) == 1
              && sl == sigb && memcmp(sig, sig2, sigb) == 0, "%s: one-shot DigestSign is not the library's", name);
        CHECK(EVP_DigestVerifyInit_ex(m, NULL, NULL, libctx, KFQ, pk, vp) == 1 && EVP_DigestVerify(m, sig2, sigb, msg, mlen) == 1,
              "%s: one-shot DigestVerify", name);
        CHECK(EVP_DigestVerifyInit_ex(m, NULL, NULL, libctx, KFQ, pk, vp) == 1 && EVP_DigestVerifyUpdate(m, msg, cut) == 1
              && EVP_DigestVerifyUpdate(m, msg + cut, mlen - cut) == 1 && EVP_DigestVerifyFinal(m, sig2, sigb) == 1,
              "%s: streamed DigestVerify", name);
        CHECK(EVP_DigestVerifyInit_ex(m, NULL, NULL, libctx, KFQ, pk, vp) == 1 && EVP_DigestVerifyUpdate(m, msg, mlen) == 1
              && EVP_DigestVerifyUpdate(m, "x", 1) == 1 && EVP_DigestVerifyFinal(m, sig2, sigb) != 1
              && expect_error("longer message"), "%s: streamed DigestVerify of a longer message", name);
        /* a re-init without the key (EVP_DigestInit_ex on the signing context, as the md BIO's
         * reset does) keeps the key and the parameters */
        sl = sizeof sig;
        CHECK(EVP_DigestSignInit_ex(m, NULL, NULL, libctx, KFQ, pk, sp) == 1 && EVP_DigestSignUpdate(m, msg, 3) == 1
              && EVP_DigestInit_ex(m, NULL, NULL) == 1 && EVP_DigestSignUpdate(m, msg, mlen) == 1
              && EVP_DigestSignFinal(m, sig, &sl) == 1 && memcmp(sig, sig2, sigb) == 0 && ERR_peek_error() == 0,
              "%s: DigestSign after a re-init without the key", name);
        ERR_clear_error();
        CHECK(EVP_DigestSignInit_ex(m, NULL, "SHA1", libctx, KFQ, pk, NULL) != 1 && expect_error("SHA1"),
              "%s: DigestSignInit with SHA1 accepted", name);
        /* issue 52, R13: with a digest named (CMS's), only CMS signed attributes are signed or
         * verified: the message itself is refused, one-shot and streamed, in place of a pure
         * signature with the digest ignored; attributes with a SHA-256-sized digest pass */
        {
            static const uint8_t attrs_head[] = {0x31, 0x31, 0x30, 0x2f, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7,
                                                 0x0d, 0x01, 0x09, 0x04, 0x31, 0x22, 0x04, 0x20};
            uint8_t attrs[sizeof attrs_head + 32];
            memcpy(attrs, attrs_head, sizeof attrs_head);
            rnd_bytes(attrs + sizeof attrs_head, 32);
            CHECK(EVP_DigestVerifyInit_ex(m, NULL, "SHA256", libctx, KFQ, pk, vp) == 1
                  && EVP_DigestVerify(m, sig2, sigb, msg, mlen) != 1 && expect_error("SHA256 one-shot verify"),
                  "%s: one-shot DigestVerify with SHA256 named took the message", name);
            CHECK(EVP_DigestVerifyInit_ex(m, NULL, "SHA2-256", libctx, KFQ, pk, vp) == 1
                  && (EVP_DigestVerifyUpdate(m, msg, mlen) != 1 || EVP_DigestVerifyFinal(m, sig2, sigb) != 1)
                  && expect_error("SHA256 streamed verify"), "%s: streamed DigestVerify with SHA256 took the message", name);
            CHECK(EVP_DigestVerifyInit_ex(m, NULL, "SHA256", libctx, KFQ, pk, vp) == 1
                  && EVP_DigestVerifyFinal(m, sig2, sigb) != 1 && expect_error("SHA256 no data"),
                  "%s: DigestVerifyFinal with SHA256 and no data", name);
            sl = sizeof sig;
            CHECK(EVP_DigestSignInit_ex(m, NULL, "SHA256", libctx, KFQ, pk, sp) == 1
                  && EVP_DigestSign(m, sig, &sl, msg, mlen) != 1 && expect_error("SHA256 sign"),
                  "%s: one-shot DigestSign with SHA256 named took the message", name);
            sl = sizeof sig;
            CHECK(EVP_DigestSignInit_ex(m, NULL, NULL, libctx, KFQ, pk, sp) == 1
                  && EVP_DigestSign(m, sig, &sl, attrs, sizeof attrs) == 1, "%s: sign the attributes", name);
            CHECK(EVP_DigestVerifyInit_ex(m, NULL, "SHA256", libctx, KFQ, pk, vp) == 1
                  && EVP_DigestVerify(m, sig, sl, attrs, sizeof attrs) == 1, "%s: attributes verified under SHA256", name);
            CHECK(EVP_DigestVerifyInit_ex(m, NULL, "SHA256", libctx, KFQ, pk, vp) == 1
                  && EVP_DigestVerifyUpdate(m, attrs, sizeof attrs) == 1 && EVP_DigestVerifyFinal(m, sig, sl) == 1,
                  "%s: attributes verified under SHA256, streamed", name);
            CHECK(EVP_DigestVerifyInit_ex(m, NULL, "SHA384", libctx, KFQ, pk, vp) == 1
                  && EVP_DigestVerify(m, sig, sl, attrs, sizeof attrs) != 1 && expect_error("SHA384 attrs"),
                  "%s: a 32-byte message digest verified under SHA384", name);
            ERR_clear_error();
        }
        /* streamed (mu absorbed as it comes): 1 MiB in 4 KiB pieces; a copy made halfway goes
         * on independently; the context cannot change once the message began */
        {
            static uint8_t big[1 << 20];
            EVP_MD_CTX *m2 = EVP_MD_CTX_new();
            size_t half = sizeof big / 2;
            rnd_bytes(big, sizeof big);
            CHECK(EVP_DigestSignInit_ex(m, &pc, NULL, libctx, KFQ, pk, sp) == 1, "%s: DigestSignInit", name);
            for (size_t o = 0; o < half; o += 4096) EVP_DigestSignUpdate(m, big + o, 4096);
            CHECK(m2 && EVP_MD_CTX_copy_ex(m2, m) == 1, "%s: EVP_MD_CTX_copy_ex mid-stream", name);
            CHECK(EVP_PKEY_CTX_set_params(pc, vp) != 1 && expect_error("context after the message began"),
                  "%s: context-string changed mid-message", name);
            for (size_t o = half; o < sizeof big; o += 4096) EVP_DigestSignUpdate(m, big + o, 4096);
            sl = sizeof sig;
            CHECK(EVP_DigestSignFinal(m, sig, &sl) == 1 && sl == sigb
                  && kf_mldsa_verify(P, big, sizeof big, ctx, sizeof ctx, sig, sigb, pk_lib, pkb) == KF_OK,
                  "%s: 1 MiB streamed signature does not verify in the library", name);
            CHECK(kf_mldsa_sign(P, sig2, sizeof sig2, big, sizeof big, ctx, sizeof ctx, NULL, sk_lib, skb) == KF_OK
                  && memcmp(sig, sig2, sigb) == 0, "%s: 1 MiB streamed deterministic signature is not the library's", name);
            EVP_DigestSignUpdate(m2, big + half, sizeof big - half);
            sl = sizeof sig;
            CHECK(EVP_DigestSignFinal(m2, sig, &sl) == 1 && memcmp(sig, sig2, sigb) == 0, "%s: the copy's signature", name);
            CHECK(EVP_DigestVerifyInit_ex(m, NULL, NULL, libctx, KFQ, pk, vp) == 1, "%s: DigestVerifyInit", name);
            for (size_t o = 0; o < sizeof big; o += 4096) EVP_DigestVerifyUpdate(m, big + o, 4096);
            CHECK(EVP_DigestVerifyFinal(m, sig2, sigb) == 1, "%s: 1 MiB streamed verify", name);
            EVP_MD_CTX_free(m2);
            /* the library signature of msg again, for what follows */
            CHECK(kf_mldsa_sign(P, sig2, sizeof sig2, msg, mlen, ctx, sizeof ctx, NULL, sk_lib, skb) == KF_OK, "%s: sign", name);
        }
        EVP_MD_CTX_free(m);
    }

    /* import: seed alone, priv alone (expanded form), and refusals */
    k2 = fromdata(name, "seed", xi, 32, NULL, NULL, 0);
    CHECK(k2 && EVP_PKEY_eq(k2, pk) == 1, "%s: import of the seed", name);
    EVP_PKEY_free(k2);
    k2 = fromdata(name, OSSL_PKEY_PARAM_PRIV_KEY, sk_lib, skb, NULL, NULL, 0);
    CHECK(k2 && EVP_PKEY_get_octet_string_param(k2, OSSL_PKEY_PARAM_PUB_KEY, buf, sizeof buf, &got) == 1 && got == pkb
          && memcmp(buf, pk_lib, pkb) == 0 && EVP_PKEY_eq(k2, pk) == 1, "%s: import of priv alone: its pub", name);
    CHECK(k2 && EVP_PKEY_get_octet_string_param(k2, "seed", buf, sizeof buf, &got) != 1, "%s: priv-only key has a seed", name);
    ERR_clear_error();
    if (k2) {
        back = pem_round_trip(k2, name, 1, &dl);
        CHECK(back && EVP_PKEY_eq(back, pk) == 1 && dl == 28 + skb, "%s: expandedKey PKCS#8 round trip (%zu bytes)", name, dl);
        EVP_PKEY_free(back);
        sl = sizeof sig;
        CHECK(evp_sign(k2, 1, ctx, sizeof ctx, sig, &sl, msg, mlen) && memcmp(sig, sig2, sigb) == 0,
              "%s: the priv-only key signs as the library", name);
    }
    EVP_PKEY_free(k2);
    memcpy(buf, sk_lib, skb);
    buf[64 + rnd_below(skb - 64)] ^= 0x04;   /* in tr, s1, s2 or t0 */
    CHECK(!fromdata(name, OSSL_PKEY_PARAM_PRIV_KEY, buf, skb, NULL, NULL, 0) && expect_error("altered sk"),
          "%s: an altered sk was imported", name);
    CHECK(!fromdata(name, OSSL_PKEY_PARAM_PRIV_KEY, sk_lib, skb - 1, NULL, NULL, 0) && expect_error("short sk"),
          "%s: short sk", name);
    CHECK(!fromdata(name, "seed", xi, 31, NULL, NULL, 0) && expect_error("short seed"), "%s: 31-byte seed", name);
    xi[0] ^= 1;
    CHECK(!fromdata(name, "seed", xi, 32, OSSL_PKEY_PARAM_PRIV_KEY, sk_lib, skb) && expect_error("seed/priv mismatch"),
          "%s: seed and priv that disagree", name);
    xi[0] ^= 1;
    CHECK(!fromdata(name, OSSL_PKEY_PARAM_PRIV_KEY, sk_lib, skb, OSSL_PKEY_PARAM_PUB_KEY, pk_lib, pkb - 1)
          && expect_error("short pub"), "%s: short pub with priv", name);

    /* the library's PKCS#8 in all three forms through the provider's DER decoder: the key
     * (and the seed, where stored); "both" with a changed sk byte is refused */
    {
        static uint8_t der[KF_MLDSA_SK_MAX_BYTES + 128];
        static const kf_key_priv_form forms[] = {KF_PRIV_SEED, KF_PRIV_EXPANDED, KF_PRIV_BOTH};
        for (int f = 0; f < 3; f++) {
            size_t n = 0;
            EVP_PKEY *d = NULL;
            OSSL_DECODER_CTX *dc;
            const unsigned char *q = der;
            CHECK(kf_key_encode_pkcs8((kf_key_type)(KF_KEY_MLDSA44 + i), forms[f], xi, 32, sk_lib, skb, der, sizeof der, &n)
                  == KF_OK, "%s: library PKCS#8 form %d", name, f);
            if (f == 2) {
                uint8_t keep;
                size_t at = n - 1 - rnd_below(skb - 64);   /* in the sk, past rho and K */
                keep = der[at];
                der[at] ^= 0x01;
                dc = OSSL_DECODER_CTX_new_for_pkey(&d, "DER", "PrivateKeyInfo", name, EVP_PKEY_KEYPAIR, libctx, NULL);
                CHECK(dc && OSSL_DECODER_from_data(dc, &q, &n) != 1 && !d, "%s: 'both' with a changed sk byte decoded", name);
                ERR_clear_error();
                OSSL_DECODER_CTX_free(dc);
                der[at] = keep;
                q = der;
                n = 0;
                (void)kf_key_encode_pkcs8((kf_key_type)(KF_KEY_MLDSA44 + i), forms[f], xi, 32, sk_lib, skb, der, sizeof der, &n);
            }
            dc = OSSL_DECODER_CTX_new_for_pkey(&d, "DER", "PrivateKeyInfo", name, EVP_PKEY_KEYPAIR, libctx, NULL);
            CHECK(dc && OSSL_DECODER_from_data(dc, &q, &n) == 1 && d && EVP_PKEY_eq(d, pk) == 1,
                  "%s: library PKCS#8 form %d through the provider's decoder", name, f);
            CHECK(d && (EVP_PKEY_get_octet_string_param(d, "seed", buf, sizeof buf, &got) == 1) == (forms[f] != KF_PRIV_EXPANDED),
                  "%s: form %d: seed kept or not", name, f);
            ERR_clear_error();
            OSSL_DECODER_CTX_free(dc);
            EVP_PKEY_free(d);
        }
    }
    /* issue 52, R9: an sk whose tr or t0 is not its own would sign (KF_OK) signatures that do
     * not verify; the key import and the expandedKey decoder refuse it */
    {
        static uint8_t der[KF_MLDSA_SK_MAX_BYTES + 128];
        const size_t at[2] = {64 + 9, skb - 5};   /* in tr, in t0 */
        for (int j = 0; j < 2; j++) {
            size_t n = 0;
            EVP_PKEY *d = NULL;
            OSSL_DECODER_CTX *dc;
            const unsigned char *q = der;
            memcpy(buf, sk_lib, skb);
            buf[at[j]] ^= 0x10;
            CHECK(!fromdata(name, OSSL_PKEY_PARAM_PRIV_KEY, buf, skb, NULL, NULL, 0) && expect_error("changed sk"),
                  "%s: an sk with %s changed was imported", name, j ? "t0" : "tr");
            CHECK(kf_key_encode_pkcs8((kf_key_type)(KF_KEY_MLDSA44 + i), KF_PRIV_EXPANDED, NULL, 0, sk_lib, skb, der,
                                      sizeof der, &n) == KF_OK, "encode");
            der[n - skb + at[j]] ^= 0x10;
            dc = OSSL_DECODER_CTX_new_for_pkey(&d, "DER", "PrivateKeyInfo", name, EVP_PKEY_KEYPAIR, libctx, NULL);
            CHECK(dc && OSSL_DECODER_from_data(dc, &q, &n) != 1 && !d, "%s: an expandedKey with %s changed decoded", name,
                  j ? "t0" : "tr");
            ERR_clear_error();
            OSSL_DECODER_CTX_free(dc);
            EVP_PKEY_free(d);
        }
    }
    /* PEM round trips: PKCS#8 seed form (22 + 32 bytes of DER) and SPKI */
    back = pem_round_trip(pk, name, 1, &dl);
    CHECK(back && EVP_PKEY_eq(back, pk) == 1 && dl == 54, "%s: PKCS#8 seed form round trip (%zu bytes)", name, dl);
    CHECK(back && EVP_PKEY_get_octet_string_param(back, "seed", buf, sizeof buf, &got) == 1 && got == 32
          && memcmp(buf, xi, 32) == 0, "%s: decoded key lost its seed", name);
    EVP_PKEY_free(back);
    back = pem_round_trip(pk, name, 0, &dl);
    CHECK(back && EVP_PKEY_eq(back, pk) == 1 && dl == 22 + pkb && evp_verify(back, ctx, sizeof ctx, sig2, sigb, msg, mlen),
          "%s: SPKI round trip", name);
    EVP_PKEY_free(back);
    EVP_PKEY_free(pk);
}

int main(int argc, char **argv)
{
    if (!prov_setup(argc, argv)) return 1;
    for (int i = 0; i < 3; i++) test_set(i);
    printf("%s: %d failure(s)\n", argv[0], failures);
    prov_teardown();
    return failures ? 1 : 0;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_prov_kem.c - ML-KEM and X25519MLKEM768 through EVP with the keccakforge provider:
 *   - EVP keygen's exported seed/pub/priv equal kf_mlkem_keygen_internal(seed);
 *   - EVP encapsulate -> kf_mlkem_decaps, kf_mlkem_encaps -> EVP decapsulate; keys
 *     imported raw (pub, priv, seed) through EVP_PKEY_fromdata;
 *   - a tampered ciphertext gives the library's implicit-rejection key, not an error;
 *   - PEM/DER round trips through OSSL_ENCODER/OSSL_DECODER (private and public), and a
 *     corrupted or truncated encoding is rejected with a reason on the error queue;
 *   - X25519MLKEM768 / X448MLKEM1024: a server share built independently (the library's
 *     ML-KEM encaps of the first 1184 / 1568 bytes of the client share, then an X25519 / X448
 *     key of the default provider with the last 32 / 56) decapsulates to ML-KEM secret ||
 *     X25519 / X448 secret;
 *   - SecP256r1MLKEM768 / SecP384r1MLKEM1024, ECDH first: the same with the default
 *     provider's P-256/P-384 on the first 65/97 bytes, giving ECDH secret || ML-KEM secret;
 *     a short share and a compressed point are refused;
 *   - bad input (wrong key or ciphertext sizes, unknown parameters) fails with a reason;
 *   - a dk whose inner ek fails the modulus check (H(ek) matching) is refused by fromdata
 *     and the DER/PEM decoders with "invalid key" (issue 41).
 * With "tool" as the second argument it is the EVP side of tests/test_prov_kyberpy.py:
 *   tool keygen NAME | tool encaps NAME EKHEX | tool decaps NAME DKHEX CTHEX  (hex out)
 */
#include "prov_test.h"
#include "keccakforge.h"

#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/params.h>

static const char *const names[] = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"};
static const kf_mlkem_param params_[] = {KF_MLKEM512, KF_MLKEM768, KF_MLKEM1024};

static EVP_PKEY *from_data(const char *name, const char *key, const uint8_t *v, size_t n, int selection)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(libctx, name, KFQ);
    EVP_PKEY *pk = NULL;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string(key, (void *)v, n), OSSL_PARAM_construct_end()};
    if (c && EVP_PKEY_fromdata_init(c) == 1) EVP_PKEY_fromdata(c, &pk, selection, p);
    EVP_PKEY_CTX_free(c);
    return pk;
}

static int encap(EVP_PKEY *pk, uint8_t *ct, size_t *ctlen, uint8_t *ss, size_t *sslen)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(libctx, pk, KFQ);
    int ok = c && EVP_PKEY_encapsulate_init(c, NULL) == 1 && EVP_PKEY_encapsulate(c, ct, ctlen, ss, sslen) == 1;
    EVP_PKEY_CTX_free(c);
    return ok;
}

static int decap(EVP_PKEY *pk, uint8_t *ss, size_t *sslen, const uint8_t *ct, size_t ctlen)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(libctx, pk, KFQ);
    int ok = c && EVP_PKEY_decapsulate_init(c, NULL) == 1 && EVP_PKEY_decapsulate(c, ss, sslen, ct, ctlen) == 1;
    EVP_PKEY_CTX_free(c);
    return ok;
}

static EVP_PKEY *keygen(const char *name)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(libctx, name, KFQ);
    EVP_PKEY *pk = NULL;
    if (c && EVP_PKEY_keygen_init(c) == 1) EVP_PKEY_generate(c, &pk);
    EVP_PKEY_CTX_free(c);
    return pk;
}

static size_t get_oct(EVP_PKEY *pk, const char *key, uint8_t *buf, size_t cap)
{
    size_t n = 0;
    return EVP_PKEY_get_octet_string_param(pk, key, buf, cap, &n) == 1 ? n : 0;
}

/* encode with our encoders, decode back; the same key in the end */
static void codec_round_trip(EVP_PKEY *pk, const char *name, int selection, const char *type, const char *structure)
{
    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(pk, selection, type, structure, KFQ);
    unsigned char *buf = NULL;
    size_t len = 0;
    EVP_PKEY *back = NULL;
    OSSL_DECODER_CTX *d;
    const unsigned char *q;
    size_t ql;
    CHECK(e && OSSL_ENCODER_to_data(e, &buf, &len) == 1, "%s: encode %s %s", name, type, structure);
    OSSL_ENCODER_CTX_free(e);
    if (!buf) { ERR_print_errors_fp(stdout); return; }
    d = OSSL_DECODER_CTX_new_for_pkey(&back, type, structure, name, selection, libctx, NULL);
    q = buf; ql = len;
    CHECK(d && OSSL_DECODER_from_data(d, &q, &ql) == 1 && back, "%s: decode %s %s", name, type, structure);
    OSSL_DECODER_CTX_free(d);
    if (back) {
        CHECK(EVP_PKEY_eq(pk, back) == 1, "%s: %s %s round trip gives another key", name, type, structure);
        if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) {
            uint8_t a[KF_MLKEM_DK_MAX_BYTES], b[KF_MLKEM_DK_MAX_BYTES];
            size_t na = get_oct(pk, OSSL_PKEY_PARAM_PRIV_KEY, a, sizeof a), nb = get_oct(back, OSSL_PKEY_PARAM_PRIV_KEY, b, sizeof b);
            CHECK(na && na == nb && memcmp(a, b, na) == 0, "%s: private key differs after %s", name, type);
        }
        EVP_PKEY_free(back);
    }
    /* corrupted: every 7th byte flipped in turn near the start, truncated */
    for (size_t i = 0; i < len && i < 40; i += 7) {
        unsigned char *bad = malloc(len);
        memcpy(bad, buf, len);
        bad[strcmp(type, "PEM") == 0 ? 28 + i : i] ^= 0x21;
        back = NULL;
        d = OSSL_DECODER_CTX_new_for_pkey(&back, type, structure, name, selection, libctx, NULL);
        q = bad; ql = len;
        CHECK(!(d && OSSL_DECODER_from_data(d, &q, &ql) == 1 && back && EVP_PKEY_eq(pk, back) == 1),
              "%s: corrupted %s (byte %zu) decodes to the key", name, type, i);
        ERR_clear_error();
        EVP_PKEY_free(back);
        OSSL_DECODER_CTX_free(d);
        free(bad);
    }
    back = NULL;
    d = OSSL_DECODER_CTX_new_for_pkey(&back, type, structure, name, selection, libctx, NULL);
    q = buf; ql = len * 2 / 3;
    CHECK(d && OSSL_DECODER_from_data(d, &q, &ql) != 1 && !back, "%s: truncated %s accepted", name, type);
    CHECK(ERR_peek_error() != 0, "%s: truncated %s: no error queued", name, type);
    ERR_clear_error();
    EVP_PKEY_free(back);
    OSSL_DECODER_CTX_free(d);
    OPENSSL_free(buf);
}

/* Issue 41, defect 7: a dk whose inner ek has a coefficient >= q, its H(ek) recomputed (so
 * only the modulus check can catch it), is refused by EVP_PKEY_fromdata and by the
 * decoders (DER and PEM PrivateKeyInfo, expandedKey), with "invalid key" on the error
 * queue; the unmodified key loads through both. */
static int decode_priv(const char *name, const char *type, const unsigned char *buf, size_t len, EVP_PKEY **out)
{
    OSSL_DECODER_CTX *d = OSSL_DECODER_CTX_new_for_pkey(out, type, "PrivateKeyInfo", name, EVP_PKEY_KEYPAIR, libctx, NULL);
    const unsigned char *q = buf;
    size_t ql = len;
    int ok = d && OSSL_DECODER_from_data(d, &q, &ql) == 1 && *out;
    OSSL_DECODER_CTX_free(d);
    return ok;
}

static void test_mlkem_bad_inner_ek(int i, const uint8_t *dk)
{
    const char *name = names[i];
    kf_mlkem_param P = params_[i];
    kf_key_type t = (kf_key_type)(KF_KEY_MLKEM512 + i);
    size_t ekl = kf_mlkem_ek_bytes(P), dkl = kf_mlkem_dk_bytes(P), eko = dkl - ekl - 64, n = 0, pl = 0;
    uint8_t bad[KF_MLKEM_DK_MAX_BYTES], der[KF_MLKEM_DK_MAX_BYTES + 64];
    char pem[2 * sizeof der];
    EVP_PKEY *pk;
    memcpy(bad, dk, dkl);
    bad[eko] = 0xff;   /* the first coefficient of the inner ek: 0xfff >= q */
    bad[eko + 1] |= 0x0f;
    CHECK(kf_sha3_256(bad + eko + ekl, bad + eko, ekl) == KF_OK && kf_mlkem_check_dk(P, bad, dkl) == KF_OK
          && kf_mlkem_check_ek(P, bad + eko, ekl) == KF_ERR_BAD_KEY, "%s: test set-up (hash ok, modulus not)", name);

    /* EVP_PKEY_fromdata: the good dk loads, the tampered one is refused with a reason */
    pk = from_data(name, OSSL_PKEY_PARAM_PRIV_KEY, dk, dkl, EVP_PKEY_KEYPAIR);
    CHECK(pk != NULL, "%s: fromdata of the unmodified dk", name);
    EVP_PKEY_free(pk);
    pk = from_data(name, OSSL_PKEY_PARAM_PRIV_KEY, bad, dkl, EVP_PKEY_KEYPAIR);
    CHECK(!pk && expect_reason("fromdata dk with ek >= q", "invalid key"), "%s: fromdata accepted a dk whose ek has a coefficient >= q", name);
    EVP_PKEY_free(pk);

    /* the decoders: expandedKey DER (the library's encoding of the good dk, then the dk swapped) and PEM */
    CHECK(kf_key_encode_pkcs8(t, KF_PRIV_EXPANDED, NULL, 0, dk, dkl, der, sizeof der, &n) == KF_OK, "%s: expanded DER", name);
    pk = NULL;
    CHECK(decode_priv(name, "DER", der, n, &pk), "%s: the unmodified expandedKey does not decode", name);
    EVP_PKEY_free(pk);
    memcpy(der + n - dkl, bad, dkl);
    pk = NULL;
    CHECK(!decode_priv(name, "DER", der, n, &pk) && !pk && expect_reason("DER expandedKey with ek >= q", "invalid key"),
          "%s: the DER decoder accepted an expandedKey whose ek has a coefficient >= q", name);
    EVP_PKEY_free(pk);
    CHECK(kf_pem_encode("PRIVATE KEY", der, n, pem, sizeof pem, &pl) == KF_OK, "%s: PEM", name);
    pk = NULL;
    CHECK(!decode_priv(name, "PEM", (const unsigned char *)pem, pl, &pk) && !pk
          && expect_reason("PEM expandedKey with ek >= q", "invalid key"),
          "%s: the PEM decoder accepted an expandedKey whose ek has a coefficient >= q", name);
    EVP_PKEY_free(pk);
    ERR_clear_error();
}

static void test_mlkem(int i)
{
    const char *name = names[i];
    kf_mlkem_param P = params_[i];
    size_t ekl = kf_mlkem_ek_bytes(P), dkl = kf_mlkem_dk_bytes(P), ctl = kf_mlkem_ct_bytes(P);
    uint8_t seed[64], ek[KF_MLKEM_EK_MAX_BYTES], dk[KF_MLKEM_DK_MAX_BYTES], ek2[KF_MLKEM_EK_MAX_BYTES],
        dk2[KF_MLKEM_DK_MAX_BYTES], ct[KF_MLKEM_CT_MAX_BYTES], ss[32], ss2[32];
    size_t cl, sl;
    EVP_PKEY *pk = keygen(name), *pub, *priv;
    CHECK(pk != NULL, "%s keygen", name);
    if (!pk) { ERR_print_errors_fp(stdout); return; }
    CHECK(get_oct(pk, "seed", seed, sizeof seed) == 64, "%s: seed", name);
    CHECK(get_oct(pk, OSSL_PKEY_PARAM_PUB_KEY, ek, sizeof ek) == ekl, "%s: pub", name);
    CHECK(get_oct(pk, OSSL_PKEY_PARAM_PRIV_KEY, dk, sizeof dk) == dkl, "%s: priv", name);
    CHECK(kf_mlkem_keygen_internal(P, ek2, dk2, seed, seed + 32) == KF_OK && memcmp(ek, ek2, ekl) == 0
          && memcmp(dk, dk2, dkl) == 0, "%s: EVP key is not the library's key of its seed", name);
    CHECK(EVP_PKEY_get_bits(pk) > 0 && EVP_PKEY_get_security_bits(pk) == (i == 0 ? 128 : i == 1 ? 192 : 256)
          && EVP_PKEY_get_size(pk) == (int)ctl, "%s: bits/security-bits/size", name);
    /* EVP encaps -> library decaps */
    for (int it = 0; it < 5; it++) {
        cl = sizeof ct; sl = sizeof ss;
        CHECK(encap(pk, ct, &cl, ss, &sl) && cl == ctl && sl == 32, "%s: encapsulate", name);
        CHECK(kf_mlkem_decaps(P, ss2, ct, ctl, dk, dkl) == KF_OK && memcmp(ss, ss2, 32) == 0, "%s: EVP encaps -> kf decaps", name);
        /* library encaps -> EVP decaps */
        CHECK(kf_mlkem_encaps(P, ct, ss, ek, ekl) == KF_OK, "kf encaps");
        sl = sizeof ss2;
        CHECK(decap(pk, ss2, &sl, ct, ctl) && sl == 32 && memcmp(ss, ss2, 32) == 0, "%s: kf encaps -> EVP decaps", name);
        /* tampered: implicit rejection, the library's J(z || c) */
        ct[rnd_below(ctl)] ^= (uint8_t)(1 + rnd_below(255));
        sl = sizeof ss2;
        CHECK(decap(pk, ss2, &sl, ct, ctl), "%s: tampered ciphertext must not be an error", name);
        CHECK(kf_mlkem_decaps(P, ss, ct, ctl, dk, dkl) == KF_OK && memcmp(ss, ss2, 32) == 0, "%s: implicit rejection differs", name);
    }
    /* raw import: pub alone, priv alone, seed alone */
    pub = from_data(name, OSSL_PKEY_PARAM_PUB_KEY, ek, ekl, EVP_PKEY_PUBLIC_KEY);
    priv = from_data(name, OSSL_PKEY_PARAM_PRIV_KEY, dk, dkl, EVP_PKEY_KEYPAIR);
    CHECK(pub && priv, "%s: fromdata pub/priv", name);
    if (pub && priv) {
        cl = sizeof ct; sl = sizeof ss;
        CHECK(encap(pub, ct, &cl, ss, &sl), "%s: encaps with imported pub", name);
        sl = sizeof ss2;
        CHECK(decap(priv, ss2, &sl, ct, cl) && memcmp(ss, ss2, 32) == 0, "%s: imported pair", name);
        CHECK(EVP_PKEY_eq(pub, pk) == 1 && EVP_PKEY_eq(priv, pk) == 1, "%s: imported keys match", name);
    }
    EVP_PKEY_free(pub);
    EVP_PKEY_free(priv);
    priv = from_data(name, "seed", seed, 64, EVP_PKEY_KEYPAIR);
    CHECK(priv && EVP_PKEY_eq(priv, pk) == 1, "%s: seed import", name);
    EVP_PKEY_free(priv);
    /* bad input */
    CHECK(!from_data(name, OSSL_PKEY_PARAM_PUB_KEY, ek, ekl - 1, EVP_PKEY_PUBLIC_KEY) && expect_error("short ek"), "%s: short ek", name);
    CHECK(!from_data(name, OSSL_PKEY_PARAM_PRIV_KEY, dk, dkl + 1, EVP_PKEY_KEYPAIR) && expect_error("long dk"), "%s: long dk", name);
    dk[dkl - 40] ^= 1;   /* H(ek) wrong: the hash check */
    CHECK(!from_data(name, OSSL_PKEY_PARAM_PRIV_KEY, dk, dkl, EVP_PKEY_KEYPAIR) && expect_error("bad dk hash"), "%s: dk hash", name);
    dk[dkl - 40] ^= 1;
    memset(ek2, 0xFF, ekl);   /* coefficients >= q: the modulus check */
    CHECK(!from_data(name, OSSL_PKEY_PARAM_PUB_KEY, ek2, ekl, EVP_PKEY_PUBLIC_KEY) && expect_error("ek >= q"), "%s: ek modulus", name);
    CHECK(!from_data(name, "seed", seed, 32, EVP_PKEY_KEYPAIR) && expect_error("short seed"), "%s: short seed", name);
    sl = sizeof ss2;
    CHECK(!decap(pk, ss2, &sl, ct, ctl - 1) && expect_error("short ciphertext"), "%s: short ciphertext", name);
    {
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(libctx, name, KFQ);
        int x = 1;
        OSSL_PARAM bad[] = {OSSL_PARAM_construct_int("no-such-param", &x), OSSL_PARAM_construct_end()};
        CHECK(c && EVP_PKEY_keygen_init(c) == 1 && EVP_PKEY_CTX_set_params(c, bad) != 1 && expect_error("unknown gen param"),
              "%s: unknown keygen parameter", name);
        EVP_PKEY_CTX_free(c);
    }
    test_mlkem_bad_inner_ek(i, dk);
    /* encodings */
    codec_round_trip(pk, name, EVP_PKEY_KEYPAIR, "PEM", "PrivateKeyInfo");
    codec_round_trip(pk, name, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo");
    codec_round_trip(pk, name, EVP_PKEY_PUBLIC_KEY, "PEM", "SubjectPublicKeyInfo");
    codec_round_trip(pk, name, EVP_PKEY_PUBLIC_KEY, "DER", "SubjectPublicKeyInfo");
    EVP_PKEY_free(pk);
}

/* X25519MLKEM768 / X448MLKEM1024: ML-KEM first. The server share is built independently: the
 * library's ML-KEM encaps of the first ek bytes of the client share, the default provider's
 * X25519/X448 with the last xlen; the provider's decapsulation must give ML-KEM secret || X secret. */
static void test_hybrid(const char *name, const char *xalg, kf_mlkem_param mp, size_t ek, size_t ct, size_t xlen)
{
    EVP_PKEY *cl = keygen(name), *eph = EVP_PKEY_Q_keygen(libctx, "provider=default", xalg), *peer;
    uint8_t share[1568 + 56], srv[1568 + 56], want[32 + 56], got[32 + 56];
    size_t n = 0, xl = xlen, sl = sizeof got;
    EVP_PKEY_CTX *d;
    CHECK(cl && eph, "%s keygen", name);
    if (!cl || !eph) { ERR_print_errors_fp(stdout); EVP_PKEY_free(cl); EVP_PKEY_free(eph); return; }
    {
        unsigned char *p = NULL;
        n = EVP_PKEY_get1_encoded_public_key(cl, &p);
        CHECK(n == ek + xlen && p, "%s client share size %zu", name, n);
        if (p && n == ek + xlen) memcpy(share, p, n);
        OPENSSL_free(p);
    }
    /* ML-KEM first: the first ek bytes are an ML-KEM encapsulation key */
    CHECK(kf_mlkem_encaps(mp, srv, want, share, ek) == KF_OK, "%s: ML-KEM part of the client share", name);
    CHECK(EVP_PKEY_get_raw_public_key(eph, srv + ct, &xl) == 1 && xl == xlen, "%s: eph pub", name);
    peer = EVP_PKEY_new_raw_public_key_ex(libctx, xalg, "provider=default", share + ek, xlen);
    d = EVP_PKEY_CTX_new_from_pkey(libctx, eph, "provider=default");
    xl = xlen;
    CHECK(peer && d && EVP_PKEY_derive_init(d) == 1 && EVP_PKEY_derive_set_peer(d, peer) == 1
          && EVP_PKEY_derive(d, want + 32, &xl) == 1 && xl == xlen, "%s: %s part of the client share", name, xalg);
    CHECK(decap(cl, got, &sl, srv, ct + xlen) && sl == 32 + xlen, "%s decapsulate", name);
    CHECK(memcmp(got, want, 32 + xlen) == 0, "%s secret is not ML-KEM secret || %s secret", name, xalg);
    sl = sizeof got;
    CHECK(!decap(cl, got, &sl, srv, ct + xlen - 1) && expect_error("short hybrid share"), "%s short share", name);
    EVP_PKEY_CTX_free(d);
    EVP_PKEY_free(peer);
    EVP_PKEY_free(eph);
    EVP_PKEY_free(cl);
}

/* SecP256r1MLKEM768 / SecP384r1MLKEM1024: ECDH first (draft-ietf-tls-ecdhe-mlkem). The server
 * share is built independently: the default provider's ECDH on the first ecpub bytes of the client
 * share, the library's ML-KEM encaps on the rest; the provider's decapsulation must give
 * ECDH secret || ML-KEM secret. */
static void test_hybrid_ec(const char *name, const char *curve, kf_mlkem_param mp, size_t ek, size_t ct,
                           size_t ecpub, size_t ecss)
{
    EVP_PKEY *cl = keygen(name), *eph = EVP_PKEY_Q_keygen(libctx, "provider=default", "EC", curve), *peer = NULL;
    uint8_t share[97 + 1568], srv[97 + 1568], want[80], got[80];
    size_t n = 0, sl = sizeof got, xl = ecss;
    EVP_PKEY_CTX *d = NULL, *f = NULL;
    OSSL_PARAM p[3];
    CHECK(cl && eph, "%s keygen", name);
    if (!cl || !eph) { ERR_print_errors_fp(stdout); goto end; }
    {
        unsigned char *q = NULL;
        n = EVP_PKEY_get1_encoded_public_key(cl, &q);
        CHECK(n == ecpub + ek && q && q[0] == 0x04, "%s client share size %zu (or not an uncompressed point first)", name, n);
        if (q && n == ecpub + ek) memcpy(share, q, n);
        OPENSSL_free(q);
        if (n != ecpub + ek) goto end;
    }
    CHECK(kf_mlkem_encaps(mp, srv + ecpub, want + ecss, share + ecpub, ek) == KF_OK, "%s: ML-KEM part of the client share", name);
    CHECK(EVP_PKEY_get_octet_string_param(eph, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, srv, ecpub, &xl) == 1 && xl == ecpub,
          "%s: eph pub", name);
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)curve, 0);
    p[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, share, ecpub);
    p[2] = OSSL_PARAM_construct_end();
    f = EVP_PKEY_CTX_new_from_name(libctx, "EC", "provider=default");
    CHECK(f && EVP_PKEY_fromdata_init(f) == 1 && EVP_PKEY_fromdata(f, &peer, EVP_PKEY_PUBLIC_KEY, p) == 1, "%s: EC part", name);
    d = EVP_PKEY_CTX_new_from_pkey(libctx, eph, "provider=default");
    xl = ecss;
    CHECK(peer && d && EVP_PKEY_derive_init(d) == 1 && EVP_PKEY_derive_set_peer(d, peer) == 1
          && EVP_PKEY_derive(d, want, &xl) == 1 && xl == ecss, "%s: ECDH with the client share", name);
    CHECK(decap(cl, got, &sl, srv, ecpub + ct) && sl == ecss + 32, "%s decapsulate", name);
    CHECK(memcmp(got, want, ecss + 32) == 0, "%s secret is not ECDH secret || ML-KEM secret", name);
    sl = sizeof got;
    CHECK(!decap(cl, got, &sl, srv, ecpub + ct - 1) && expect_error("short hybrid share"), "%s short share", name);
    srv[0] = 0x02;   /* a compressed-point tag: the draft allows the uncompressed form only */
    sl = sizeof got;
    CHECK(!decap(cl, got, &sl, srv, ecpub + ct) && expect_error("compressed point"), "%s compressed point", name);
end:
    EVP_PKEY_CTX_free(f);
    EVP_PKEY_CTX_free(d);
    EVP_PKEY_free(peer);
    EVP_PKEY_free(eph);
    EVP_PKEY_free(cl);
}

/* ---- tool mode (tests/test_prov_kyberpy.py) --------------------------------------------- */
static void hexout(const uint8_t *p, size_t n) { for (size_t i = 0; i < n; i++) printf("%02x", p[i]); printf("\n"); }
static size_t hexin(const char *s, uint8_t *out, size_t cap)
{
    size_t n = strlen(s) / 2;
    if (n > cap) return 0;
    for (size_t i = 0; i < n; i++) { unsigned v; sscanf(s + 2 * i, "%2x", &v); out[i] = (uint8_t)v; }
    return n;
}

static int tool(int argc, char **argv)
{
    static uint8_t a[4000], b[4000], ss[64];
    size_t al, bl, sl = sizeof ss, cl = sizeof b;
    EVP_PKEY *pk;
    if (argc >= 5 && strcmp(argv[3], "keygen") == 0) {
        if (!(pk = keygen(argv[4]))) return 1;
        al = get_oct(pk, OSSL_PKEY_PARAM_PUB_KEY, a, sizeof a);
        bl = get_oct(pk, OSSL_PKEY_PARAM_PRIV_KEY, b, sizeof b);
        hexout(a, al);
        hexout(b, bl);
        EVP_PKEY_free(pk);
        return 0;
    }
    if (argc >= 6 && strcmp(argv[3], "encaps") == 0) {
        al = hexin(argv[5], a, sizeof a);
        if (!(pk = from_data(argv[4], OSSL_PKEY_PARAM_PUB_KEY, a, al, EVP_PKEY_PUBLIC_KEY)) || !encap(pk, b, &cl, ss, &sl)) return 1;
        hexout(b, cl);
        hexout(ss, sl);
        EVP_PKEY_free(pk);
        return 0;
    }
    if (argc >= 7 && strcmp(argv[3], "decaps") == 0) {
        al = hexin(argv[5], a, sizeof a);
        bl = hexin(argv[6], b, sizeof b);
        if (!(pk = from_data(argv[4], OSSL_PKEY_PARAM_PRIV_KEY, a, al, EVP_PKEY_KEYPAIR)) || !decap(pk, ss, &sl, b, bl)) return 1;
        hexout(ss, sl);
        EVP_PKEY_free(pk);
        return 0;
    }
    fprintf(stderr, "usage: %s MODDIR tool keygen|encaps|decaps ...\n", argv[0]);
    return 2;
}

int main(int argc, char **argv)
{
    if (!prov_setup(argc, argv)) return 1;
    if (argc > 2 && strcmp(argv[2], "tool") == 0) {
        int rc = tool(argc, argv);
        if (rc) ERR_print_errors_fp(stderr);
        prov_teardown();
        return rc;
    }
    for (int i = 0; i < 3; i++) test_mlkem(i);
    test_hybrid("X25519MLKEM768", "X25519", KF_MLKEM768, 1184, 1088, 32);
    test_hybrid("X448MLKEM1024", "X448", KF_MLKEM1024, 1568, 1568, 56);
    test_hybrid_ec("SecP256r1MLKEM768", "P-256", KF_MLKEM768, 1184, 1088, 65, 32);
    test_hybrid_ec("SecP384r1MLKEM1024", "P-384", KF_MLKEM1024, 1568, 1568, 97, 48);
    printf("%s: %d failure(s)\n", argv[0], failures);
    prov_teardown();
    return failures ? 1 : 0;
}

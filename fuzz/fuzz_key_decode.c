/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_key_decode.c - the key decoders (src/encoding): SubjectPublicKeyInfo and PKCS#8 DER,
 * and PEM, on arbitrary bytes. Every result is KF_OK or a named error (BAD_ENCODING,
 * BAD_LENGTH, BAD_KEY). What decodes must survive a round trip: an SPKI re-encodes to the
 * very same DER (DER is canonical and the decoder accepts nothing else); a PKCS#8 key
 * re-encoded in the form it was read in decodes to the same type, form, seed and key; a PEM
 * block re-encoded decodes to the same label and DER. A decoded ML-KEM ek passes the §7.2
 * check; a decoded ML-KEM dk passes the §7.3 check, and the ek inside it the §7.2 check; a
 * decoded ML-DSA sk passes kf_mldsa_pk_from_sk's consistency check.
 *
 * Input: a selector byte (0 SPKI, 1 PKCS#8, 2 PEM), then the bytes to decode.
 */
#include "fuzz_util.h"

#define BIG 8192

static int named(int rc)
{
    return rc == KF_OK || rc == KF_ERR_BAD_ENCODING || rc == KF_ERR_BAD_LENGTH || rc == KF_ERR_BAD_KEY;
}

static kf_mlkem_param mlkem_of(kf_key_type t)
{
    return t == KF_KEY_MLKEM512 ? KF_MLKEM512 : t == KF_KEY_MLKEM768 ? KF_MLKEM768 : KF_MLKEM1024;
}

static int is_mlkem(kf_key_type t)
{
    return t == KF_KEY_MLKEM512 || t == KF_KEY_MLKEM768 || t == KF_KEY_MLKEM1024;
}

static kf_mldsa_param mldsa_of(kf_key_type t)
{
    return t == KF_KEY_MLDSA44 ? KF_MLDSA44 : t == KF_KEY_MLDSA65 ? KF_MLDSA65 : KF_MLDSA87;
}

static int is_mldsa(kf_key_type t)
{
    return t == KF_KEY_MLDSA44 || t == KF_KEY_MLDSA65 || t == KF_KEY_MLDSA87;
}

static void spki(const uint8_t *d, size_t n)
{
    static uint8_t pub[BIG], der[BIG];
    kf_key_type t;
    size_t publen = 0, derlen = 0;
    int rc = kf_key_decode_spki(d, n, &t, pub, sizeof pub, &publen);
    FZ_CHECK(named(rc), "decode_spki returned %d", rc);
    if (rc != KF_OK) return;
    FZ_CHECK(publen == kf_key_pub_bytes(t), "public key of %zu bytes for %s", publen, kf_key_type_name(t));
    if (is_mlkem(t)) FZ_CHECK(kf_mlkem_check_ek(mlkem_of(t), pub, publen) == KF_OK, "decoded ek fails §7.2");
    FZ_CHECK(kf_key_encode_spki(t, pub, publen, der, sizeof der, &derlen) == KF_OK, "re-encode");
    FZ_CHECK(derlen == n && memcmp(der, d, n) == 0, "SPKI does not re-encode to the same DER");
}

static void pkcs8(const uint8_t *d, size_t n)
{
    static uint8_t priv[BIG], priv2[BIG], der[2 * BIG];
    uint8_t seed[64], seed2[64];
    kf_key_type t, t2;
    kf_key_priv_form form, form2;
    size_t seedlen = 0, privlen = 0, seedlen2 = 0, privlen2 = 0, derlen = 0;
    int rc = kf_key_decode_pkcs8(d, n, &t, &form, seed, sizeof seed, &seedlen, priv, sizeof priv, &privlen);
    FZ_CHECK(named(rc), "decode_pkcs8 returned %d", rc);
    if (rc != KF_OK) return;
    FZ_CHECK(privlen == kf_key_priv_bytes(t), "private key of %zu bytes for %s", privlen, kf_key_type_name(t));
    if (is_mlkem(t)) {
        FZ_CHECK(kf_mlkem_check_dk(mlkem_of(t), priv, privlen) == KF_OK, "decoded dk fails §7.3");
        /* the ek inside it passes §7.2, as a key read alone would have to (issue 41, defect 7) */
        size_t ekl = kf_key_pub_bytes(t);
        FZ_CHECK(kf_mlkem_check_ek(mlkem_of(t), priv + privlen - ekl - 64, ekl) == KF_OK, "the ek in a decoded dk fails §7.2");
    }
    if (is_mldsa(t)) {
        static uint8_t pk[KF_MLDSA_PK_MAX_BYTES];
        FZ_CHECK(kf_mldsa_pk_from_sk(mldsa_of(t), pk, priv, privlen) == KF_OK, "decoded ML-DSA sk is inconsistent");
    }
    rc = kf_key_encode_pkcs8(t, form, seedlen ? seed : NULL, seedlen, priv, privlen, der, sizeof der, &derlen);
    FZ_CHECK(rc == KF_OK, "re-encode: %s", kf_strerror(rc));
    rc = kf_key_decode_pkcs8(der, derlen, &t2, &form2, seed2, sizeof seed2, &seedlen2, priv2, sizeof priv2, &privlen2);
    FZ_CHECK(rc == KF_OK && t2 == t && form2 == form && seedlen2 == seedlen && privlen2 == privlen &&
                 memcmp(seed2, seed, seedlen) == 0 && memcmp(priv2, priv, privlen) == 0,
             "PKCS#8 round trip differs (%s)", kf_strerror(rc));
}

static void pem(const uint8_t *d, size_t n)
{
    static uint8_t der[BIG], der2[BIG];
    static char text[4 * BIG];
    char label[64], label2[64];
    size_t derlen = 0, derlen2 = 0, textlen = 0;
    int rc = kf_pem_decode((const char *)d, n, label, sizeof label, der, sizeof der, &derlen);
    FZ_CHECK(named(rc), "pem_decode returned %d", rc);
    if (rc != KF_OK) return;
    FZ_CHECK(memchr(label, 0, sizeof label) != NULL, "label not terminated");
    rc = kf_pem_encode(label, der, derlen, text, sizeof text, &textlen);
    FZ_CHECK(rc == KF_OK, "pem_encode: %s", kf_strerror(rc));
    rc = kf_pem_decode(text, textlen, label2, sizeof label2, der2, sizeof der2, &derlen2);
    FZ_CHECK(rc == KF_OK && strcmp(label, label2) == 0 && derlen2 == derlen && memcmp(der, der2, derlen) == 0,
             "PEM round trip differs (%s)", kf_strerror(rc));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    switch (data[0] % 3) {
    case 0: spki(data + 1, size - 1); break;
    case 1: pkcs8(data + 1, size - 1); break;
    default: pem(data + 1, size - 1); break;
    }
    return 0;
}

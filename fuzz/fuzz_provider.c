/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_provider.c - the OpenSSL provider (provider/) through OpenSSL's own entry points. The
 * provider's sources are compiled into this program and registered once, in a library
 * context of its own, with OSSL_PROVIDER_add_builtin(libctx, "keccakforge",
 * OSSL_provider_init); OpenSSL's default provider is loaded beside it (PEM, other key
 * types). The first input byte picks the entry point:
 *
 *   0 decoders: OSSL_DECODER_CTX_new_for_pkey (DER or PEM, any or a given structure and key
 *     type, selection, property query) on the rest of the input
 *   1 d2i_AutoPrivateKey_ex / d2i_PUBKEY_ex / PEM_read_bio_PrivateKey_ex / PEM_read_bio_PUBKEY_ex
 *   2 key management: EVP_PKEY_fromdata with up to three octet-string parameters (pub, priv,
 *     seed, encoded-pub-key) cut from the input (an ML-KEM dk may get its H(ek) rewritten by
 *     the harness, so that what follows the §7.3 hash check is reached), then
 *     set1_encoded_public_key on a copy
 *   3 KEM decapsulation with a fixed valid key (each ML-KEM set) of a ciphertext of any length
 *   4 KEM encapsulation to a public key from the input (fromdata or
 *     EVP_PKEY_set1_encoded_public_key on a valid key)
 *   5 SLH-DSA-SHAKE-128f verify with a fixed key: the valid signature with edits in the
 *     signature, message, context string and length, through EVP_PKEY_verify or
 *     EVP_DigestVerify
 *   6 SLH-DSA verify, any set, with a public key, context, message and signature from the input
 *   7 X25519MLKEM768 (the TLS hybrid group): decapsulation with a fixed key pair of a server
 *     share made at start-up with edits, or of any bytes; encapsulation to a client share from
 *     the input
 *   8 key generation (EVP_PKEY_generate): ML-KEM with a "seed" and a TLS "group" name from the
 *     input; ML-DSA-44/65/87 (a group bit clear, bit 4 set) with a "seed" (xi) from the input
 *   9 ML-DSA-44/65/87 key management: EVP_PKEY_fromdata with pub / priv (the expanded sk) /
 *     seed (the 32-byte xi) / encoded-pub-key from the input, as 2
 *   10 ML-DSA verify with a fixed key of each set (from a seed, made at start-up): its
 *     signature of MSG under CTX with edits, through EVP_PKEY_verify or EVP_DigestVerify
 *   11 ML-DSA verify, any set, with a public key, context, message and signature from the input
 *
 * What must hold (a failure aborts, which libFuzzer records):
 *   - every failing call of the provider's puts an error with a reason string on OpenSSL's
 *     error queue (the queue is emptied after each input);
 *   - every key the provider accepts (decoded, imported) is one the library accepts: right
 *     sizes, ML-KEM ek passing the §7.2 modulus check, dk the §7.3 hash check with ek inside
 *     it, an ML-DSA sk giving its pk through kf_mldsa_pk_from_sk, a seed that regenerates the
 *     key (ML-KEM d || z, ML-DSA xi through kf_mldsa_keygen_internal), the SPKI DER of the public key equal to the
 *     library's encoding, and the key re-encoded by the provider decoding to an equal key;
 *   - a key the provider decodes from DER, the library decodes to the same bytes;
 *   - imports of a single pub / priv / seed are accepted exactly when the library's checks
 *     accept them; decapsulation succeeds exactly for a ciphertext of the set's length and
 *     then gives the library's shared secret; verification agrees with kf_slhdsa_verify /
 *     kf_mldsa_verify, the unchanged signature always verifies and a changed signature,
 *     message or context never does;
 *   - X25519MLKEM768: a client share is accepted exactly when it has 1216 bytes and its ML-KEM
 *     part passes §7.2; a server share of 1120 bytes with a valid X25519 part decapsulates,
 *     and the half of the secret whose part of the share is unchanged stays as it was;
 *     encapsulating to the fixed key's own share decapsulates to the same secret;
 *   - key generation with a seed succeeds exactly for 64 bytes and a group naming the set,
 *     and gives the library's key of that seed.
 * ASan's LeakSanitizer is on: whatever an input allocates is freed.
 */
#include "fuzz_util.h"

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/provider.h>
#include <openssl/x509.h>

/* provider/prov.c */
int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in, const OSSL_DISPATCH **out,
                       void **provctx);

#define KFQ "provider=keccakforge"
#define NTYPES 12
#define NOLD 9 /* the ML-KEM and SLH-DSA rows: ops 2 and 6 pick among these (the seeds' layout) */
#define PUBMAX (KF_MLDSA_PK_MAX_BYTES > KF_MLKEM_EK_MAX_BYTES ? KF_MLDSA_PK_MAX_BYTES : KF_MLKEM_EK_MAX_BYTES)
#define PRIVMAX (KF_MLDSA_SK_MAX_BYTES > KF_MLKEM_DK_MAX_BYTES ? KF_MLDSA_SK_MAX_BYTES : KF_MLKEM_DK_MAX_BYTES)

static const struct ktype {
    const char *name;
    kf_key_type t;
} types[NTYPES] = {
    {"ML-KEM-512", KF_KEY_MLKEM512},
    {"ML-KEM-768", KF_KEY_MLKEM768},
    {"ML-KEM-1024", KF_KEY_MLKEM1024},
    {"SLH-DSA-SHAKE-128s", KF_KEY_SLHDSA_SHAKE_128S},
    {"SLH-DSA-SHAKE-128f", KF_KEY_SLHDSA_SHAKE_128F},
    {"SLH-DSA-SHAKE-192s", KF_KEY_SLHDSA_SHAKE_192S},
    {"SLH-DSA-SHAKE-192f", KF_KEY_SLHDSA_SHAKE_192F},
    {"SLH-DSA-SHAKE-256s", KF_KEY_SLHDSA_SHAKE_256S},
    {"SLH-DSA-SHAKE-256f", KF_KEY_SLHDSA_SHAKE_256F},
    {"ML-DSA-44", KF_KEY_MLDSA44},
    {"ML-DSA-65", KF_KEY_MLDSA65},
    {"ML-DSA-87", KF_KEY_MLDSA87},
};

static OSSL_LIB_CTX *libctx;
static OSSL_PROVIDER *prov_kf, *prov_default;

/* fixed keys, made once: the ML-KEM sets from seeds (the library's ek/dk beside them), and
 * an SLH-DSA-SHAKE-128f key with a signature of MSG under CTX */
static struct {
    EVP_PKEY *pk;
    uint8_t ek[KF_MLKEM_EK_MAX_BYTES], dk[KF_MLKEM_DK_MAX_BYTES];
} mlkem_keys[3];
static const kf_mlkem_param mlkem_sets[3] = {KF_MLKEM512, KF_MLKEM768, KF_MLKEM1024};
static EVP_PKEY *slh_key;
static uint8_t slh_pk[32], slh_sig[KF_SLHDSA_SIG_MAX_BYTES];
static size_t slh_siglen;
static const char MSG[] = "keccakforge provider fuzz message";
static const uint8_t CTX[] = {'c', 't', 'x', 0x00, 0xFF};

static const kf_mldsa_param mldsa_sets[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
/* fixed ML-DSA keys, one per set, from SHAKE128("fuzz_provider ml-dsa" || set index), with a
 * deterministic signature of MSG under CTX */
static struct {
    EVP_PKEY *pk;
    uint8_t pub[KF_MLDSA_PK_MAX_BYTES], sig[KF_MLDSA_SIG_MAX_BYTES];
} mldsa_keys[3];

static int is_mlkem(kf_key_type t) { return t <= KF_KEY_MLKEM1024; }
static int is_mldsa(kf_key_type t) { return t >= KF_KEY_MLDSA44 && t <= KF_KEY_MLDSA87; }
static kf_mldsa_param mldsa_of(kf_key_type t) { return mldsa_sets[t - KF_KEY_MLDSA44]; }
static kf_mlkem_param mlkem_of(kf_key_type t) { return mlkem_sets[t - KF_KEY_MLKEM512]; }
static kf_slhdsa_param slh_of(kf_key_type t) { return (kf_slhdsa_param)(t - KF_KEY_SLHDSA_SHAKE_128S + KF_SLHDSA_SHAKE_128S); }

/* A call of the provider's failed: OpenSSL's queue holds an error with a reason string. */
static void expect_error(const char *what)
{
    unsigned long e = ERR_peek_last_error();
    FZ_CHECK(e != 0, "%s failed with nothing on the error queue", what);
    FZ_CHECK(ERR_reason_error_string(e) != NULL, "%s failed with an error without a reason string (%lx)", what, e);
    ERR_clear_error();
}

static EVP_PKEY *fromdata(const char *name, int selection, const OSSL_PARAM *params)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(libctx, name, KFQ);
    EVP_PKEY *pk = NULL;
    FZ_CHECK(c != NULL, "EVP_PKEY_CTX_new_from_name(%s)", name);
    FZ_CHECK(EVP_PKEY_fromdata_init(c) == 1, "fromdata_init(%s)", name);
    if (EVP_PKEY_fromdata(c, &pk, selection, (OSSL_PARAM *)params) != 1) pk = NULL;
    EVP_PKEY_CTX_free(c);
    return pk;
}

static size_t get_oct(EVP_PKEY *pk, const char *key, uint8_t *buf, size_t cap)
{
    size_t n = 0;
    if (EVP_PKEY_get_octet_string_param(pk, key, buf, cap, &n) != 1) {
        ERR_clear_error();
        return 0;
    }
    return n;
}

static int type_of(EVP_PKEY *pk)
{
    for (int i = 0; i < NTYPES; i++)
        if (EVP_PKEY_is_a(pk, types[i].name)) return i;
    return -1;
}

/* The provider's DER of pk (PrivateKeyInfo or SubjectPublicKeyInfo); NULL if it fails. */
static unsigned char *encode_der(EVP_PKEY *pk, int priv, size_t *len)
{
    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(pk, priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, "DER",
                                                        priv ? "PrivateKeyInfo" : "SubjectPublicKeyInfo", KFQ);
    unsigned char *buf = NULL;
    *len = 0;
    if (!e || OSSL_ENCODER_to_data(e, &buf, len) != 1) buf = NULL;
    OSSL_ENCODER_CTX_free(e);
    return buf;
}

static EVP_PKEY *decode(const char *input, const char *structure, const char *name, int selection,
                        const char *propq, const uint8_t *d, size_t n)
{
    EVP_PKEY *pk = NULL;
    OSSL_DECODER_CTX *dc = OSSL_DECODER_CTX_new_for_pkey(&pk, input, structure, name, selection, libctx, propq);
    const unsigned char *q = d;
    size_t ql = n;
    if (dc && OSSL_DECODER_from_data(dc, &q, &ql) != 1) {
        EVP_PKEY_free(pk);
        pk = NULL;
    }
    OSSL_DECODER_CTX_free(dc);
    ERR_clear_error();
    return pk;
}

/* Everything that must hold of a key the provider holds (see the top). */
static void check_key(EVP_PKEY *pk, const char *how)
{
    static uint8_t pub[PUBMAX], priv[PRIVMAX], ek[PUBMAX], dk[PRIVMAX], der[8192];
    uint8_t seed[64];
    int ti = type_of(pk);
    if (ti < 0) return; /* another provider's key (the default provider decodes RSA, EC, ...) */
    kf_key_type t = types[ti].t;
    const char *nm = types[ti].name;
    size_t publen = kf_key_pub_bytes(t), privlen = kf_key_priv_bytes(t);
    size_t np = get_oct(pk, OSSL_PKEY_PARAM_PUB_KEY, pub, sizeof pub);
    size_t nv = get_oct(pk, OSSL_PKEY_PARAM_PRIV_KEY, priv, sizeof priv);
    size_t ns = get_oct(pk, "seed", seed, sizeof seed);
    FZ_CHECK(np == publen, "%s %s: public key of %zu bytes", how, nm, np);
    if (is_mlkem(t)) {
        int rc = kf_mlkem_check_ek(mlkem_of(t), pub, np);
        FZ_CHECK(rc == KF_OK, "%s %s: the provider holds an ek the library rejects (%s)", how, nm, kf_strerror(rc));
    }
    if (nv) {
        FZ_CHECK(nv == privlen, "%s %s: private key of %zu bytes", how, nm, nv);
        if (is_mlkem(t)) {
            int rc = kf_mlkem_check_dk(mlkem_of(t), priv, nv);
            FZ_CHECK(rc == KF_OK, "%s %s: dk fails the hash check (%s)", how, nm, kf_strerror(rc));
            FZ_CHECK(memcmp(priv + nv - publen - 64, pub, publen) == 0, "%s %s: pub is not the ek in dk", how, nm);
        } else if (is_mldsa(t)) {
            /* sk must be one KeyGen could have made, and give this pk */
            int rc = kf_mldsa_pk_from_sk(mldsa_of(t), ek, priv, nv);
            FZ_CHECK(rc == KF_OK, "%s %s: the provider holds an sk the library rejects (%s)", how, nm, kf_strerror(rc));
            FZ_CHECK(memcmp(ek, pub, publen) == 0, "%s %s: pub is not the pk of sk", how, nm);
        } else {
            FZ_CHECK(memcmp(priv + nv - publen, pub, publen) == 0, "%s %s: pub is not the end of sk", how, nm);
        }
    }
    if (ns && is_mldsa(t)) {
        FZ_CHECK(ns == KF_MLDSA_SEED_BYTES && nv, "%s %s: a seed of %zu bytes", how, nm, ns);
        FZ_CHECK(kf_mldsa_keygen_internal(mldsa_of(t), ek, dk, seed) == KF_OK && memcmp(ek, pub, publen) == 0 &&
                     memcmp(dk, priv, privlen) == 0,
                 "%s %s: the seed xi does not give the key", how, nm);
    } else if (ns) {
        FZ_CHECK(ns == 64 && is_mlkem(t) && nv, "%s %s: a seed of %zu bytes", how, nm, ns);
        FZ_CHECK(kf_mlkem_keygen_internal(mlkem_of(t), ek, dk, seed, seed + 32) == KF_OK &&
                     memcmp(ek, pub, publen) == 0 && memcmp(dk, priv, privlen) == 0,
                 "%s %s: the seed does not give the key", how, nm);
    }
    /* the provider's SPKI is the library's, and both encodings decode to an equal key */
    size_t dl = 0, el = 0;
    FZ_CHECK(kf_key_encode_spki(t, pub, publen, der, sizeof der, &dl) == KF_OK, "library SPKI");
    unsigned char *enc = encode_der(pk, 0, &el);
    FZ_CHECK(enc && el == dl && memcmp(enc, der, dl) == 0, "%s %s: the provider's SPKI is not the library's", how, nm);
    EVP_PKEY *back = decode("DER", "SubjectPublicKeyInfo", nm, EVP_PKEY_PUBLIC_KEY, KFQ, enc, el);
    FZ_CHECK(back && EVP_PKEY_eq(pk, back) == 1, "%s %s: SPKI round trip", how, nm);
    EVP_PKEY_free(back);
    OPENSSL_free(enc);
    if (nv) {
        enc = encode_der(pk, 1, &el);
        FZ_CHECK(enc != NULL, "%s %s: PKCS#8 encoding failed", how, nm);
        back = decode("DER", "PrivateKeyInfo", nm, EVP_PKEY_KEYPAIR, KFQ, enc, el);
        FZ_CHECK(back && EVP_PKEY_eq(pk, back) == 1 && get_oct(back, OSSL_PKEY_PARAM_PRIV_KEY, dk, sizeof dk) == nv &&
                     memcmp(dk, priv, nv) == 0,
                 "%s %s: PKCS#8 round trip", how, nm);
        EVP_PKEY_free(back);
        OPENSSL_clear_free(enc, el);
    }
    /* the read-only parameters */
    int bits = 0, sec = 0, size = 0;
    FZ_CHECK(EVP_PKEY_get_int_param(pk, OSSL_PKEY_PARAM_BITS, &bits) == 1 && bits == (int)(8 * publen) &&
                 EVP_PKEY_get_int_param(pk, OSSL_PKEY_PARAM_SECURITY_BITS, &sec) == 1 && sec >= 128 &&
                 EVP_PKEY_get_int_param(pk, OSSL_PKEY_PARAM_MAX_SIZE, &size) == 1 &&
                 size == (int)(is_mlkem(t)   ? kf_mlkem_ct_bytes(mlkem_of(t))
                               : is_mldsa(t) ? kf_mldsa_sig_bytes(mldsa_of(t))
                                             : kf_slhdsa_sig_bytes(slh_of(t))),
             "%s %s: bits %d, security bits %d, max size %d", how, nm, bits, sec, size);
    /* export (EVP_PKEY_todata goes through the provider's export) */
    OSSL_PARAM *all = NULL;
    FZ_CHECK(EVP_PKEY_todata(pk, nv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, &all) == 1 && all, "%s %s: todata", how, nm);
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(all, OSSL_PKEY_PARAM_PUB_KEY);
    const void *v = NULL;
    size_t vn = 0;
    FZ_CHECK(p && OSSL_PARAM_get_octet_string_ptr(p, &v, &vn) && vn == publen && memcmp(v, pub, publen) == 0,
             "%s %s: exported pub", how, nm);
    OSSL_PARAM_free(all);
    /* validation through EVP_PKEY_check and friends */
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(libctx, pk, KFQ);
    FZ_CHECK(c && EVP_PKEY_public_check(c) == 1, "%s %s: public_check of an accepted key", how, nm);
    if (nv) FZ_CHECK(EVP_PKEY_private_check(c) == 1, "%s %s: private_check of an accepted key", how, nm);
    EVP_PKEY_CTX_free(c);
    ERR_clear_error();
    kf_wipe(priv, sizeof priv);
    kf_wipe(dk, sizeof dk);
    kf_wipe(seed, sizeof seed);
}

/* ---- 0, 1: decoders ----------------------------------------------------------------------- */
/* The length of the DER element at the start of d (all of d if its header does not parse):
 * OpenSSL's decoder chain may read one element off the input and leave what follows it. */
static size_t first_element(const uint8_t *d, size_t n)
{
    if (n < 2) return n;
    size_t len = d[1], hdr = 2;
    if (len & 0x80) {
        size_t k = len & 0x7F;
        if (k == 0 || k > 3 || n < 2 + k) return n;
        len = 0;
        for (size_t i = 0; i < k; i++) len = len << 8 | d[2 + i];
        hdr += k;
    }
    return hdr + len <= n ? hdr + len : n;
}

static void op_decoder(fz *r)
{
    static const char *const structures[] = {NULL, "PrivateKeyInfo", "SubjectPublicKeyInfo"};
    static const char *const propqs[] = {NULL, KFQ, "?" KFQ};
    static const int selections[] = {EVP_PKEY_KEYPAIR, EVP_PKEY_PUBLIC_KEY, 0};
    uint8_t a = fz_u8(r), b = fz_u8(r);
    const char *input = (a & 1) ? "PEM" : "DER";
    const char *structure = structures[(a >> 1) % 3];
    const char *name = (a >> 3) % (NTYPES + 1) ? types[(a >> 3) % (NTYPES + 1) - 1].name : NULL;
    int selection = selections[b % 3];
    const char *propq = propqs[(b >> 2) % 3];
    EVP_PKEY *pk = decode(input, structure, name, selection, propq, r->p, r->n);
    if (pk) {
        check_key(pk, "decoded");
        int ti = type_of(pk);
        if (ti >= 0 && !(a & 1)) {
            /* what the provider decoded from DER, the library decodes to the same key (from
             * the first DER element: what follows it OpenSSL may leave unread) */
            static uint8_t raw[PRIVMAX], mine[PRIVMAX];
            kf_key_type t;
            size_t rl = 0, n = first_element(r->p, r->n);
            int priv = get_oct(pk, OSSL_PKEY_PARAM_PRIV_KEY, mine, sizeof mine) != 0;
            int rc = priv ? kf_key_decode_pkcs8(r->p, n, &t, NULL, NULL, 0, NULL, raw, sizeof raw, &rl)
                          : kf_key_decode_spki(r->p, n, &t, raw, sizeof raw, &rl);
            if (!priv) get_oct(pk, OSSL_PKEY_PARAM_PUB_KEY, mine, sizeof mine);
            FZ_CHECK(rc == KF_OK && t == types[ti].t && memcmp(raw, mine, rl) == 0,
                     "the provider decoded a %s key the library reads otherwise (%s)", types[ti].name, kf_strerror(rc));
            kf_wipe(raw, sizeof raw);
            kf_wipe(mine, sizeof mine);
        }
    } else if (!(a & 1) && !name && !structure && !propq) {
        /* ... and what the library decodes (DER, any structure and type; a private key when
         * the selection has it, a public one when it asks for the public key alone), the
         * provider does */
        static uint8_t raw[PRIVMAX];
        kf_key_type t = 0;
        size_t rl = 0;
        int rc1 = selection != EVP_PKEY_PUBLIC_KEY
                      ? kf_key_decode_pkcs8(r->p, r->n, &t, NULL, NULL, 0, NULL, raw, sizeof raw, &rl)
                      : KF_ERR_BAD_ENCODING;
        int rc2 = selection != EVP_PKEY_KEYPAIR && rc1 != KF_OK ? kf_key_decode_spki(r->p, r->n, &t, raw, sizeof raw, &rl)
                                                                : KF_ERR_BAD_ENCODING;
        FZ_CHECK(rc1 != KF_OK && rc2 != KF_OK, "a %s key the library decodes (%s), the provider does not (selection %d)",
                 kf_key_type_name(t), rc1 == KF_OK ? "PKCS#8" : "SPKI", selection);
        kf_wipe(raw, sizeof raw);
    }
    EVP_PKEY_free(pk);
}

static void op_d2i(fz *r)
{
    uint8_t a = fz_u8(r);
    const unsigned char *q = r->p;
    EVP_PKEY *pk = NULL;
    switch (a % 4) {
    case 0: pk = d2i_AutoPrivateKey_ex(NULL, &q, (long)r->n, libctx, NULL); break;
    case 1: pk = d2i_PUBKEY_ex(NULL, &q, (long)r->n, libctx, NULL); break;
    default: {
        BIO *bio = BIO_new_mem_buf(r->p, (int)r->n);
        FZ_CHECK(bio != NULL, "BIO_new_mem_buf");
        pk = a % 4 == 2 ? PEM_read_bio_PrivateKey_ex(bio, NULL, NULL, NULL, libctx, NULL)
                        : PEM_read_bio_PUBKEY_ex(bio, NULL, NULL, NULL, libctx, NULL);
        BIO_free(bio);
        break;
    }
    }
    ERR_clear_error();
    if (pk) {
        if (a % 4 < 2) FZ_CHECK(q > r->p && q <= r->p + r->n, "d2i moved the pointer by %td", q - r->p);
        check_key(pk, "d2i/PEM_read");
    }
    EVP_PKEY_free(pk);
}

/* ---- 2: key management -------------------------------------------------------------------- */
static const int fromdata_selections[] = {EVP_PKEY_PUBLIC_KEY, EVP_PKEY_KEYPAIR, OSSL_KEYMGMT_SELECT_PRIVATE_KEY};

/* 2: the ML-KEM and SLH-DSA rows, 9: ML-DSA's (a picks the row and the selection) */
static void fromdata_one(fz *r, int ti, int selection);
static void op_fromdata(fz *r)
{
    uint8_t a = fz_u8(r);
    fromdata_one(r, a % NOLD, fromdata_selections[(a / NOLD) % 3]);
}

static void op_fromdata_mldsa(fz *r)
{
    uint8_t a = fz_u8(r);
    fromdata_one(r, NOLD + a % 3, fromdata_selections[(a / 3) % 3]);
}

static void fromdata_one(fz *r, int ti, int selection)
{
    static const char *const keys[] = {OSSL_PKEY_PARAM_PUB_KEY, OSSL_PKEY_PARAM_PRIV_KEY, "seed",
                                       OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY};
    static uint8_t bufs[3][PRIVMAX + 8];
    uint8_t b = fz_u8(r);
    kf_key_type t = types[ti].t;
    int fix_hash = b & 0x80; /* rewrite H(ek) in an ML-KEM dk of the set's size: past §7.3 */
    int count = b % 4;
    OSSL_PARAM params[4];
    int which[3];
    size_t lens[3];
    for (int i = 0; i < count; i++) {
        uint8_t k = fz_u8(r);
        which[i] = k % 4;
        /* the set's own size most of the time, else any length */
        size_t want = which[i] == 1 ? kf_key_priv_bytes(t)
                      : which[i] == 2 ? (is_mldsa(t) ? KF_MLDSA_SEED_BYTES : 64)
                                      : kf_key_pub_bytes(t);
        size_t len = (k & 0x30) ? want : fz_u16(r) % (sizeof bufs[0] + 1);
        size_t got = 0;
        const uint8_t *src = fz_bytes(r, len, &got);
        memcpy(bufs[i], src, got);
        memset(bufs[i] + got, 0, len - got);
        if (fix_hash && which[i] == 1 && is_mlkem(t) && len == kf_key_priv_bytes(t)) {
            size_t pl = kf_key_pub_bytes(t);
            kf_sha3_256(bufs[i] + len - 64, bufs[i] + len - 64 - pl, pl);
        }
        lens[i] = len;
        params[i] = OSSL_PARAM_construct_octet_string(keys[which[i]], bufs[i], len);
    }
    params[count] = OSSL_PARAM_construct_end();
    EVP_PKEY *pk = fromdata(types[ti].name, selection, params);
    if (pk) check_key(pk, "imported");
    else expect_error("EVP_PKEY_fromdata");
    /* one parameter alone: accepted exactly when the library accepts it */
    if (count == 1) {
        int lib_ok;
        size_t n = lens[0];
        if (which[0] == 2) {
            lib_ok = ((is_mlkem(t) && n == 64) || (is_mldsa(t) && n == KF_MLDSA_SEED_BYTES)) &&
                     (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY);
        } else if (which[0] == 1) {
            /* an ML-KEM dk: the §7.3 hash check, and §7.2 on the ek inside it (issue 41, defect 7);
             * an ML-DSA sk: kf_mldsa_pk_from_sk */
            static uint8_t pk[PUBMAX];
            size_t pl = kf_key_pub_bytes(t);
            lib_ok = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && n == kf_key_priv_bytes(t) &&
                     (is_mlkem(t)   ? (kf_mlkem_check_dk(mlkem_of(t), bufs[0], n) == KF_OK &&
                                     kf_mlkem_check_ek(mlkem_of(t), bufs[0] + n - pl - 64, pl) == KF_OK)
                      : is_mldsa(t) ? kf_mldsa_pk_from_sk(mldsa_of(t), pk, bufs[0], n) == KF_OK
                                    : 1);
        } else {
            lib_ok = (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && n == kf_key_pub_bytes(t) && (!is_mlkem(t) || kf_mlkem_check_ek(mlkem_of(t), bufs[0], n) == KF_OK);
        }
        FZ_CHECK(lib_ok == (pk != NULL), "fromdata %s %s of %zu bytes (selection %d): provider %s, library %s",
                 types[ti].name, keys[which[0]], n, selection, pk ? "accepts" : "rejects", lib_ok ? "accepts" : "rejects");
        if (pk && which[0] == 2) {
            static uint8_t ek[PUBMAX], pub[PUBMAX], dk[PRIVMAX];
            FZ_CHECK((is_mldsa(t) ? kf_mldsa_keygen_internal(mldsa_of(t), ek, dk, bufs[0])
                                  : kf_mlkem_keygen_internal(mlkem_of(t), ek, dk, bufs[0], bufs[0] + 32)) == KF_OK &&
                         get_oct(pk, OSSL_PKEY_PARAM_PUB_KEY, pub, sizeof pub) == kf_key_pub_bytes(t) &&
                         memcmp(pub, ek, kf_key_pub_bytes(t)) == 0,
                     "fromdata seed: not the library's key of that seed");
            kf_wipe(dk, sizeof dk);
        }
    }
    /* a public key from the input set on a copy of the key (a TLS peer's share goes so) */
    if (pk && fz_u8(r) & 1) {
        size_t got = 0;
        const uint8_t *src = fz_bytes(r, kf_key_pub_bytes(t) + (fz_u8(r) & 1), &got);
        EVP_PKEY *pub = EVP_PKEY_dup(pk);
        FZ_CHECK(pub != NULL, "EVP_PKEY_dup");
        if (EVP_PKEY_set1_encoded_public_key(pub, src, got) != 1) expect_error("set1_encoded_public_key");
        else check_key(pub, "set1_encoded_public_key");
        EVP_PKEY_free(pub);
    }
    EVP_PKEY_free(pk);
    for (int i = 0; i < 3; i++) kf_wipe(bufs[i], sizeof bufs[i]);
}

/* ---- 3, 4: KEM ------------------------------------------------------------------------------ */
static void op_decaps(fz *r)
{
    uint8_t a = fz_u8(r);
    int s = a % 3;
    size_t sscap = (a & 0x80) ? fz_u8(r) % 40 : 32;
    uint8_t ss[64], want[32];
    size_t sslen = sscap;
    kf_mlkem_param P = mlkem_sets[s];
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(libctx, mlkem_keys[s].pk, KFQ);
    FZ_CHECK(c && EVP_PKEY_decapsulate_init(c, NULL) == 1, "decapsulate_init");
    size_t ctl = r->n;
    int ok = EVP_PKEY_decapsulate(c, ss, &sslen, r->p, ctl) == 1;
    int should = ctl == kf_mlkem_ct_bytes(P) && sscap >= 32;
    FZ_CHECK(ok == should, "decapsulate: %zu-byte ciphertext, %zu-byte secret buffer: %s", ctl, sscap,
             ok ? "accepted" : "rejected");
    if (ok) {
        FZ_CHECK(sslen == 32, "secret of %zu bytes", sslen);
        FZ_CHECK(kf_mlkem_decaps(P, want, r->p, ctl, mlkem_keys[s].dk, kf_mlkem_dk_bytes(P)) == KF_OK &&
                     memcmp(ss, want, 32) == 0,
                 "decapsulate: not the library's shared secret");
    } else if (ctl != 0) {
        /* (an empty ciphertext OpenSSL refuses itself, queuing nothing: not the provider's) */
        expect_error("EVP_PKEY_decapsulate");
    }
    EVP_PKEY_CTX_free(c);
    kf_wipe(ss, sizeof ss);
    kf_wipe(want, sizeof want);
}

static void op_encaps(fz *r)
{
    uint8_t a = fz_u8(r);
    int s = a % 3;
    kf_mlkem_param P = mlkem_sets[s];
    const char *name = types[s].name;
    size_t ekl = kf_mlkem_ek_bytes(P), ctl = kf_mlkem_ct_bytes(P);
    size_t len = (a & 0x40) ? fz_u16(r) % (KF_MLKEM_EK_MAX_BYTES + 2) : ekl;
    size_t got = 0;
    static uint8_t ek[KF_MLKEM_EK_MAX_BYTES + 2];
    const uint8_t *src = fz_bytes(r, len, &got);
    memcpy(ek, src, got);
    memset(ek + got, 0, len - got);
    int lib_ok = len == ekl && kf_mlkem_check_ek(P, ek, len) == KF_OK;
    EVP_PKEY *pk;
    if (a & 0x80) {
        OSSL_PARAM pub[] = {OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, mlkem_keys[s].ek, ekl),
                            OSSL_PARAM_construct_end()};
        pk = fromdata(name, EVP_PKEY_PUBLIC_KEY, pub);
        FZ_CHECK(pk != NULL, "the fixed ek");
        int ok = EVP_PKEY_set1_encoded_public_key(pk, ek, len) == 1;
        FZ_CHECK(ok == lib_ok, "set1_encoded_public_key of %zu bytes: provider %d, library %d", len, ok, lib_ok);
        if (!ok) {
            expect_error("set1_encoded_public_key");
            EVP_PKEY_free(pk);
            pk = NULL;
        }
    } else {
        OSSL_PARAM pub[] = {OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, ek, len), OSSL_PARAM_construct_end()};
        pk = fromdata(name, EVP_PKEY_PUBLIC_KEY, pub);
        FZ_CHECK((pk != NULL) == lib_ok, "fromdata ek of %zu bytes: provider %d, library %d", len, pk != NULL, lib_ok);
        if (!pk) expect_error("fromdata ek");
    }
    if (!pk) return;
    uint8_t ct[KF_MLKEM_CT_MAX_BYTES + 8], ss[40];
    size_t ctcap = (a & 0x20) ? fz_u16(r) % (sizeof ct + 1) : ctl, sscap = (a & 0x10) ? fz_u8(r) % 40 : 32;
    size_t clen = ctcap, slen = sscap;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(libctx, pk, KFQ);
    FZ_CHECK(c && EVP_PKEY_encapsulate_init(c, NULL) == 1, "encapsulate_init");
    int ok = EVP_PKEY_encapsulate(c, ct, &clen, ss, &slen) == 1;
    FZ_CHECK(ok == (ctcap >= ctl && sscap >= 32), "encapsulate with %zu/%zu-byte buffers: %d", ctcap, sscap, ok);
    if (ok) FZ_CHECK(clen == ctl && slen == 32, "encapsulate: %zu-byte ciphertext, %zu-byte secret", clen, slen);
    else expect_error("EVP_PKEY_encapsulate");
    /* the fixed key's own ek: the fixed dk decapsulates the result to the same secret */
    if (ok && memcmp(ek, mlkem_keys[s].ek, ekl) == 0) {
        uint8_t k2[32];
        FZ_CHECK(kf_mlkem_decaps(P, k2, ct, ctl, mlkem_keys[s].dk, kf_mlkem_dk_bytes(P)) == KF_OK &&
                     memcmp(k2, ss, 32) == 0,
                 "encapsulate to the fixed key: the library decapsulates another secret");
    }
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(pk);
    kf_wipe(ss, sizeof ss);
}

/* ---- 5, 6: SLH-DSA verify ------------------------------------------------------------------- */
/* The provider's verdict (EVP_PKEY_verify or EVP_DigestVerify, context string as a parameter
 * when ctx is not NULL); expect_error on a rejection. */
static int evp_verify(EVP_PKEY *pk, int digest_api, const uint8_t *ctx, size_t ctxlen, const uint8_t *sig,
                      size_t siglen, const uint8_t *msg, size_t msglen)
{
    OSSL_PARAM params[] = {OSSL_PARAM_construct_octet_string("context-string", (void *)ctx, ctxlen),
                           OSSL_PARAM_construct_end()};
    int ok;
    if (digest_api) {
        EVP_MD_CTX *m = EVP_MD_CTX_new();
        FZ_CHECK(m, "EVP_MD_CTX_new");
        ok = EVP_DigestVerifyInit_ex(m, NULL, NULL, libctx, KFQ, pk, ctx ? params : NULL) == 1;
        if (!ok) {
            FZ_CHECK(ctxlen > 255, "DigestVerifyInit failed with a %zu-byte context", ctxlen);
            expect_error("DigestVerifyInit");
        } else {
            ok = EVP_DigestVerify(m, sig, siglen, msg, msglen) == 1;
            if (!ok) expect_error("EVP_DigestVerify");
        }
        EVP_MD_CTX_free(m);
    } else {
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(libctx, pk, KFQ);
        FZ_CHECK(c, "EVP_PKEY_CTX_new_from_pkey");
        ok = EVP_PKEY_verify_init(c) == 1;
        FZ_CHECK(ok, "verify_init");
        if (ctx && EVP_PKEY_CTX_set_params(c, params) != 1) {
            FZ_CHECK(ctxlen > 255, "set_params failed with a %zu-byte context", ctxlen);
            expect_error("EVP_PKEY_CTX_set_params");
            ok = 0;
        } else {
            ok = EVP_PKEY_verify(c, sig, siglen, msg, msglen) == 1;
            if (!ok) expect_error("EVP_PKEY_verify");
        }
        EVP_PKEY_CTX_free(c);
    }
    return ok;
}

/* 5: the fixed SLH-DSA key (ml < 0), 10: the fixed ML-DSA key of set ml */
static void verify_fixed(fz *r, int ml)
{
    static uint8_t sig[KF_SLHDSA_SIG_MAX_BYTES + 16];
    uint8_t msg[sizeof MSG + 16], ctx[300];
    uint8_t a = fz_u8(r);
    const uint8_t *sig0 = ml < 0 ? slh_sig : mldsa_keys[ml].sig;
    const size_t siglen0 = ml < 0 ? slh_siglen : kf_mldsa_sig_bytes(mldsa_sets[ml]);
    EVP_PKEY *key = ml < 0 ? slh_key : mldsa_keys[ml].pk;
    size_t siglen = siglen0, msglen = sizeof MSG - 1, ctxlen = sizeof CTX;
    memcpy(sig, sig0, siglen);
    memcpy(msg, MSG, msglen);
    memcpy(ctx, CTX, ctxlen);
    /* up to three byte edits in signature, message or context, then length changes */
    for (int e = a & 3; e > 0; e--) {
        uint8_t where = fz_u8(r), x = fz_u8(r);
        uint16_t pos = fz_u16(r);
        if (!x) continue;
        if (where % 3 == 0) sig[pos % siglen] ^= x;
        else if (where % 3 == 1) msg[pos % msglen] ^= x;
        else ctx[pos % ctxlen] ^= x;
    }
    if (a & 4) {
        size_t n = fz_u16(r) % (sizeof sig);
        if (n > siglen) memset(sig + siglen, fz_u8(r), n - siglen);
        siglen = n;
    }
    if (a & 8) {
        size_t n = fz_u8(r) % sizeof msg;
        if (n > msglen) memset(msg + msglen, 0, n - msglen);
        msglen = n;
    }
    if (a & 16) {
        size_t n = fz_u16(r) % sizeof ctx;
        if (n > ctxlen) memset(ctx + ctxlen, 0, n - ctxlen);
        ctxlen = n;
    }
    /* (two edits of one byte may cancel: what counts is whether the bytes differ) */
    int changed = siglen != siglen0 || msglen != sizeof MSG - 1 || ctxlen != sizeof CTX ||
              memcmp(sig, sig0, siglen) != 0 || memcmp(msg, MSG, msglen) != 0 || memcmp(ctx, CTX, ctxlen) != 0;
    int ok = evp_verify(key, a & 32, ctx, ctxlen, sig, siglen, msg, msglen);
    int lib = ml < 0 ? kf_slhdsa_verify(KF_SLHDSA_SHAKE_128F, msg, msglen, ctx, ctxlen, sig, siglen, slh_pk, sizeof slh_pk)
                     : kf_mldsa_verify(mldsa_sets[ml], msg, msglen, ctx, ctxlen, sig, siglen, mldsa_keys[ml].pub,
                                       kf_mldsa_pk_bytes(mldsa_sets[ml]));
    FZ_CHECK(ok == (lib == KF_OK), "verify %s: provider %d, library %s", ml < 0 ? "SLH-DSA" : types[NOLD + ml].name, ok,
             kf_strerror(lib));
    FZ_CHECK(ok == !changed, "verify %s: %s signature, message or context %s", ml < 0 ? "SLH-DSA" : types[NOLD + ml].name,
             changed ? "a changed" : "the unchanged", ok ? "verifies" : "does not verify");
}

static void op_verify_fixed(fz *r) { verify_fixed(r, -1); }
static void op_verify_fixed_mldsa(fz *r) { verify_fixed(r, fz_u8(r) % 3); }

/* 11: ML-DSA verify, any set, with a public key, context, message and signature from the input */
static void op_verify_any_mldsa(fz *r)
{
    static uint8_t sig[KF_MLDSA_SIG_MAX_BYTES + 8], pk[KF_MLDSA_PK_MAX_BYTES + 8];
    uint8_t a = fz_u8(r), b = fz_u8(r);
    int s = a % 3;
    kf_mldsa_param P = mldsa_sets[s];
    const char *nm = types[NOLD + s].name;
    size_t pkl = (a & 0x80) ? fz_u16(r) % sizeof pk : kf_mldsa_pk_bytes(P), got = 0;
    uint8_t ctx[256], msg[256];
    memset(pk, 0, sizeof pk);
    memcpy(pk, fz_bytes(r, pkl, &got), got);
    if (a & 0x40) memcpy(pk, mldsa_keys[s].pub, pkl < kf_mldsa_pk_bytes(P) ? pkl : kf_mldsa_pk_bytes(P));
    OSSL_PARAM pub[] = {OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pk, pkl), OSSL_PARAM_construct_end()};
    EVP_PKEY *key = fromdata(nm, EVP_PKEY_PUBLIC_KEY, pub);
    FZ_CHECK((key != NULL) == (pkl == kf_mldsa_pk_bytes(P)), "fromdata %s pk of %zu bytes: %s", nm, pkl,
             key ? "accepted" : "rejected");
    if (!key) {
        expect_error("fromdata ML-DSA pk");
        return;
    }
    check_key(key, "imported");
    size_t ctxlen = (b & 1) ? fz_u8(r) : 0, msglen, sl;
    memset(ctx, 0, sizeof ctx);
    memset(msg, 0, sizeof msg);
    memcpy(ctx, fz_bytes(r, ctxlen, &got), got);
    msglen = fz_u8(r);
    memcpy(msg, fz_bytes(r, msglen, &got), got);
    size_t want = kf_mldsa_sig_bytes(P);
    if (b & 2) {
        sl = r->n < sizeof sig ? r->n : sizeof sig;
        memcpy(sig, r->p, sl);
    } else {
        sl = want;
        memset(sig, 0, want);
        memcpy(sig, r->p, r->n < want ? r->n : want);
    }
    int ok = evp_verify(key, b & 4, (b & 1) ? ctx : NULL, ctxlen, sig, sl, msg, msglen);
    int lib = kf_mldsa_verify(P, msg, msglen, ctx, ctxlen, sig, sl, pk, pkl);
    FZ_CHECK(ok == (lib == KF_OK), "verify %s: provider %d, library %s", nm, ok, kf_strerror(lib));
    EVP_PKEY_free(key);
}

static void op_verify_any(fz *r)
{
    static uint8_t sig[KF_SLHDSA_SIG_MAX_BYTES];
    uint8_t a = fz_u8(r), b = fz_u8(r);
    int ti = 3 + a % 6;
    kf_key_type t = types[ti].t;
    kf_slhdsa_param P = slh_of(t);
    size_t pkl = (a & 0x80) ? fz_u8(r) % 70 : kf_slhdsa_pk_bytes(P), got = 0;
    uint8_t pk[70], ctx[256], msg[256];
    memset(pk, 0, sizeof pk);
    memcpy(pk, fz_bytes(r, pkl, &got), got);
    OSSL_PARAM pub[] = {OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pk, pkl), OSSL_PARAM_construct_end()};
    EVP_PKEY *key = fromdata(types[ti].name, EVP_PKEY_PUBLIC_KEY, pub);
    FZ_CHECK((key != NULL) == (pkl == kf_slhdsa_pk_bytes(P)), "fromdata %s pk of %zu bytes: %s", types[ti].name, pkl,
             key ? "accepted" : "rejected");
    if (!key) {
        expect_error("fromdata pk");
        return;
    }
    check_key(key, "imported");
    size_t ctxlen = (b & 1) ? fz_u8(r) : 0, msglen, sl;
    memset(ctx, 0, sizeof ctx);
    memset(msg, 0, sizeof msg);
    memcpy(ctx, fz_bytes(r, ctxlen, &got), got);
    msglen = fz_u8(r);
    memcpy(msg, fz_bytes(r, msglen, &got), got);
    /* the rest is the signature, zero-padded to the set's size unless b says otherwise */
    size_t want = kf_slhdsa_sig_bytes(P);
    if (b & 2) {
        sl = r->n < sizeof sig ? r->n : sizeof sig;
        memcpy(sig, r->p, sl);
    } else {
        sl = want;
        memset(sig, 0, want);
        memcpy(sig, r->p, r->n < want ? r->n : want);
    }
    int ok = evp_verify(key, b & 4, (b & 1) ? ctx : NULL, ctxlen, sig, sl, msg, msglen);
    int lib = kf_slhdsa_verify(P, msg, msglen, ctx, ctxlen, sig, sl, pk, pkl);
    FZ_CHECK(ok == (lib == KF_OK), "verify %s: provider %d, library %s", types[ti].name, ok, kf_strerror(lib));
    EVP_PKEY_free(key);
}

/* ---- 7: X25519MLKEM768 ------------------------------------------------------------------------- */
#define H_PUB (KF_MLKEM768_EK_BYTES + 32)
#define H_CT (KF_MLKEM768_CT_BYTES + 32)
static EVP_PKEY *hybrid_key;
static uint8_t hybrid_pub[H_PUB], hybrid_share[H_CT], hybrid_secret[64];

static int hybrid_decaps(EVP_PKEY *pk, const uint8_t *ct, size_t ctlen, uint8_t *ss, size_t cap)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(libctx, pk, KFQ);
    size_t sl = cap;
    FZ_CHECK(c && EVP_PKEY_decapsulate_init(c, NULL) == 1, "hybrid decapsulate_init");
    int ok = EVP_PKEY_decapsulate(c, ss, &sl, ct, ctlen) == 1;
    if (ok) FZ_CHECK(sl == 64, "hybrid secret of %zu bytes", sl);
    else if (ctlen) expect_error("X25519MLKEM768 decapsulate");
    EVP_PKEY_CTX_free(c);
    return ok;
}

static int hybrid_encaps(EVP_PKEY *pk, uint8_t *ct, uint8_t *ss)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(libctx, pk, KFQ);
    size_t cl = H_CT, sl = 64;
    FZ_CHECK(c && EVP_PKEY_encapsulate_init(c, NULL) == 1, "hybrid encapsulate_init");
    int ok = EVP_PKEY_encapsulate(c, ct, &cl, ss, &sl) == 1;
    if (ok) FZ_CHECK(cl == H_CT && sl == 64, "hybrid encapsulate: %zu, %zu bytes", cl, sl);
    else expect_error("X25519MLKEM768 encapsulate");
    EVP_PKEY_CTX_free(c);
    return ok;
}

static void op_hybrid(fz *r)
{
    static uint8_t buf[H_PUB + 64];
    uint8_t ss[64], ss2[64];
    uint8_t a = fz_u8(r);
    if (a & 1) { /* encapsulation to a client share from the input */
        size_t len = (a & 2) ? fz_u16(r) % (sizeof buf + 1) : H_PUB, got = 0;
        const uint8_t *src = fz_bytes(r, len, &got);
        memcpy(buf, src, got);
        memset(buf + got, 0, len - got);
        if (a & 4) memcpy(buf, hybrid_pub, len < H_PUB ? len : H_PUB); /* the fixed share, then edits */
        if ((a & 4) && len >= H_PUB && r->n >= 3) buf[fz_u16(r) % H_PUB] ^= fz_u8(r);
        OSSL_PARAM pub[] = {OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, buf, len), OSSL_PARAM_construct_end()};
        EVP_PKEY *pk = fromdata("X25519MLKEM768", EVP_PKEY_PUBLIC_KEY, pub);
        int want = len == H_PUB && kf_mlkem_check_ek(KF_MLKEM768, buf, KF_MLKEM768_EK_BYTES) == KF_OK;
        FZ_CHECK((pk != NULL) == want, "X25519MLKEM768 client share of %zu bytes: %s", len, pk ? "accepted" : "rejected");
        if (!pk) {
            expect_error("X25519MLKEM768 fromdata");
            return;
        }
        uint8_t share[H_PUB];
        size_t sl = 0;
        FZ_CHECK(EVP_PKEY_get_octet_string_param(pk, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, share, sizeof share, &sl) == 1 &&
                     sl == H_PUB && memcmp(share, buf, H_PUB) == 0,
                 "X25519MLKEM768: the share read back differs");
        static uint8_t ct[H_CT];
        if (hybrid_encaps(pk, ct, ss) && memcmp(buf, hybrid_pub, H_PUB) == 0)
            FZ_CHECK(hybrid_decaps(hybrid_key, ct, H_CT, ss2, sizeof ss2) && memcmp(ss, ss2, 64) == 0,
                     "X25519MLKEM768: encapsulation to the fixed key's share decapsulates to another secret");
        EVP_PKEY_free(pk);
    } else { /* decapsulation: the fixed server share with edits, or any bytes */
        static uint8_t ct[H_CT + 64];
        size_t len = H_CT;
        int ml_changed = 0, x_changed = 0;
        if (a & 2) {
            len = r->n < sizeof ct ? r->n : sizeof ct;
            memcpy(ct, r->p, len);
            ml_changed = x_changed = 1;
        } else {
            memcpy(ct, hybrid_share, H_CT);
            for (int e = (a >> 2) & 3; e > 0; e--) {
                uint16_t pos = fz_u16(r) % H_CT;
                uint8_t x = fz_u8(r);
                if (!x) continue;
                ct[pos] ^= x;
                if (pos < KF_MLKEM768_CT_BYTES) ml_changed = 1;
                else x_changed = 1;
            }
            if (a & 16) {
                len = fz_u16(r) % sizeof ct;
                if (len > H_CT) memset(ct + H_CT, 0, len - H_CT);
                if (len != H_CT) ml_changed = x_changed = 1;
            }
        }
        int ok = hybrid_decaps(hybrid_key, ct, len, ss, (a & 32) ? fz_u8(r) % 80 : 64);
        if (!ok) return;
        FZ_CHECK(len == H_CT, "X25519MLKEM768: a %zu-byte share decapsulated", len);
        if (!ml_changed) FZ_CHECK(memcmp(ss, hybrid_secret, 32) == 0, "X25519MLKEM768: ML-KEM half changed");
        if (!x_changed) FZ_CHECK(memcmp(ss + 32, hybrid_secret + 32, 32) == 0, "X25519MLKEM768: X25519 half changed");
    }
    kf_wipe(ss, sizeof ss);
    kf_wipe(ss2, sizeof ss2);
}

/* ---- 8: key generation: ML-KEM (with TLS group names), ML-DSA ------------------------------------ */
static void op_keygen_mldsa(fz *r, uint8_t a)
{
    uint8_t seed[48];
    int s = a % 3;
    size_t seedlen = (a & 4) ? fz_u8(r) % sizeof seed : 32, got = 0;
    memset(seed, 0, sizeof seed);
    memcpy(seed, fz_bytes(r, seedlen, &got), got);
    OSSL_PARAM params[2], *q = params;
    if (!(a & 0x80)) *q++ = OSSL_PARAM_construct_octet_string("seed", seed, seedlen);
    *q = OSSL_PARAM_construct_end();
    const char *name = types[NOLD + s].name;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(libctx, name, KFQ);
    EVP_PKEY *pk = NULL;
    FZ_CHECK(c && EVP_PKEY_keygen_init(c) == 1, "keygen_init %s", name);
    int ok = EVP_PKEY_CTX_set_params(c, params) == 1 && EVP_PKEY_generate(c, &pk) == 1;
    int seed_ok = (a & 0x80) || seedlen == 32;
    FZ_CHECK(ok == seed_ok, "%s keygen, seed of %zu bytes%s: %s", name, seedlen, (a & 0x80) ? " (not given)" : "",
             ok ? "made a key" : "failed");
    if (ok) {
        check_key(pk, "generated");
        if (!(a & 0x80)) {
            static uint8_t pk_lib[KF_MLDSA_PK_MAX_BYTES], sk_lib[KF_MLDSA_SK_MAX_BYTES], pub[KF_MLDSA_PK_MAX_BYTES];
            kf_mldsa_param P = mldsa_sets[s];
            FZ_CHECK(kf_mldsa_keygen_internal(P, pk_lib, sk_lib, seed) == KF_OK &&
                         get_oct(pk, OSSL_PKEY_PARAM_PUB_KEY, pub, sizeof pub) == kf_mldsa_pk_bytes(P) &&
                         memcmp(pub, pk_lib, kf_mldsa_pk_bytes(P)) == 0,
                     "%s keygen: not the library's key of the seed", name);
            kf_wipe(sk_lib, sizeof sk_lib);
        }
    } else {
        expect_error("keygen");
    }
    EVP_PKEY_free(pk);
    EVP_PKEY_CTX_free(c);
    kf_wipe(seed, sizeof seed);
}

static void op_keygen(fz *r)
{
    static const char *const groups[] = {"MLKEM512", "MLKEM768", "MLKEM1024", "ml-kem-768", "X25519MLKEM768", "x"};
    uint8_t a = fz_u8(r), seed[80];
    if ((a & 0x18) == 0x10) { /* no group name: bit 4 picks ML-DSA */
        op_keygen_mldsa(r, a);
        return;
    }
    int s = a % 3;
    size_t seedlen = (a & 4) ? fz_u8(r) % sizeof seed : 64, got = 0;
    memset(seed, 0, sizeof seed);
    memcpy(seed, fz_bytes(r, seedlen, &got), got);
    const char *group = (a & 8) ? groups[(a >> 4) % 6] : NULL;
    OSSL_PARAM params[3], *q = params;
    if (!(a & 0x80)) *q++ = OSSL_PARAM_construct_octet_string("seed", seed, seedlen);
    if (group) *q++ = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)group, 0);
    *q = OSSL_PARAM_construct_end();
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(libctx, types[s].name, KFQ);
    EVP_PKEY *pk = NULL;
    FZ_CHECK(c && EVP_PKEY_keygen_init(c) == 1, "keygen_init");
    int ok = EVP_PKEY_CTX_set_params(c, params) == 1 && EVP_PKEY_generate(c, &pk) == 1;
    int seed_ok = (a & 0x80) || seedlen == 64;
    int group_ok = !group || (s == 0 && (a >> 4) % 6 == 0) || (s == 1 && ((a >> 4) % 6 == 1 || (a >> 4) % 6 == 3)) ||
                   (s == 2 && (a >> 4) % 6 == 2);
    FZ_CHECK(ok == (seed_ok && group_ok), "%s keygen, seed of %zu bytes%s, group %s: %s", types[s].name, seedlen,
             (a & 0x80) ? " (not given)" : "", group ? group : "(none)", ok ? "made a key" : "failed");
    if (ok) {
        check_key(pk, "generated");
        if (!(a & 0x80)) {
            static uint8_t ek[KF_MLKEM_EK_MAX_BYTES], dk[KF_MLKEM_DK_MAX_BYTES], pub[KF_MLKEM_EK_MAX_BYTES];
            kf_mlkem_param P = mlkem_sets[s];
            FZ_CHECK(kf_mlkem_keygen_internal(P, ek, dk, seed, seed + 32) == KF_OK &&
                         get_oct(pk, OSSL_PKEY_PARAM_PUB_KEY, pub, sizeof pub) == kf_mlkem_ek_bytes(P) &&
                         memcmp(pub, ek, kf_mlkem_ek_bytes(P)) == 0,
                     "%s keygen: not the library's key of the seed", types[s].name);
            kf_wipe(dk, sizeof dk);
        }
    } else {
        expect_error("keygen");
    }
    EVP_PKEY_free(pk);
    EVP_PKEY_CTX_free(c);
    kf_wipe(seed, sizeof seed);
}

/* ---- set-up ------------------------------------------------------------------------------------ */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    libctx = OSSL_LIB_CTX_new();
    FZ_CHECK(libctx && OSSL_PROVIDER_add_builtin(libctx, "keccakforge", OSSL_provider_init) == 1 &&
                 (prov_kf = OSSL_PROVIDER_load(libctx, "keccakforge")) &&
                 (prov_default = OSSL_PROVIDER_load(libctx, "default")),
             "cannot load the built-in keccakforge provider");
    for (int s = 0; s < 3; s++) {
        uint8_t seed[64], tag[] = {'m', 'l', 'k', 'e', 'm', (uint8_t)s};
        kf_shake128(seed, 64, tag, sizeof tag);
        FZ_CHECK(kf_mlkem_keygen_internal(mlkem_sets[s], mlkem_keys[s].ek, mlkem_keys[s].dk, seed, seed + 32) == KF_OK,
                 "keygen");
        OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string("seed", seed, 64), OSSL_PARAM_construct_end()};
        mlkem_keys[s].pk = fromdata(types[s].name, EVP_PKEY_KEYPAIR, p);
        FZ_CHECK(mlkem_keys[s].pk, "the fixed %s key", types[s].name);
        check_key(mlkem_keys[s].pk, "fixed");
    }
    uint8_t sk[64], seeds[48];
    kf_shake128(seeds, sizeof seeds, "fuzz_provider slh-dsa", 21);
    FZ_CHECK(kf_slhdsa_keygen_internal(KF_SLHDSA_SHAKE_128F, slh_pk, sk, seeds, seeds + 16, seeds + 32) == KF_OK, "keygen");
    OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, sk, sizeof sk), OSSL_PARAM_construct_end()};
    slh_key = fromdata("SLH-DSA-SHAKE-128f", EVP_PKEY_KEYPAIR, p);
    FZ_CHECK(slh_key, "the fixed SLH-DSA key");
    check_key(slh_key, "fixed");
    slh_siglen = kf_slhdsa_sig_bytes(KF_SLHDSA_SHAKE_128F);
    FZ_CHECK(kf_slhdsa_sign(KF_SLHDSA_SHAKE_128F, slh_sig, slh_siglen, MSG, sizeof MSG - 1, CTX, sizeof CTX, NULL, sk,
                            sizeof sk) == KF_OK,
             "sign");
    kf_wipe(sk, sizeof sk);
    /* the fixed ML-DSA keys, from xi (the seed form), and their signatures */
    for (int s = 0; s < 3; s++) {
        static uint8_t msk[KF_MLDSA_SK_MAX_BYTES];
        uint8_t xi[KF_MLDSA_SEED_BYTES], tag[] = {'f', 'u', 'z', 'z', '_', 'p', 'r', 'o', 'v', 'i', 'd', 'e', 'r', ' ',
                                                   'm', 'l', '-', 'd', 's', 'a', (uint8_t)s};
        kf_mldsa_param P = mldsa_sets[s];
        kf_shake128(xi, sizeof xi, tag, sizeof tag);
        FZ_CHECK(kf_mldsa_keygen_internal(P, mldsa_keys[s].pub, msk, xi) == KF_OK &&
                     kf_mldsa_sign(P, mldsa_keys[s].sig, kf_mldsa_sig_bytes(P), MSG, sizeof MSG - 1, CTX, sizeof CTX,
                                   NULL, msk, kf_mldsa_sk_bytes(P)) == KF_OK,
                 "ML-DSA keygen/sign");
        OSSL_PARAM mp[] = {OSSL_PARAM_construct_octet_string("seed", xi, sizeof xi), OSSL_PARAM_construct_end()};
        mldsa_keys[s].pk = fromdata(types[NOLD + s].name, EVP_PKEY_KEYPAIR, mp);
        FZ_CHECK(mldsa_keys[s].pk, "the fixed %s key", types[NOLD + s].name);
        check_key(mldsa_keys[s].pk, "fixed");
        kf_wipe(msk, sizeof msk);
        kf_wipe(xi, sizeof xi);
    }
    /* the X25519MLKEM768 key pair, its share, and a server share encapsulated to it */
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(libctx, "X25519MLKEM768", KFQ);
    size_t hl = 0;
    FZ_CHECK(c && EVP_PKEY_keygen_init(c) == 1 && EVP_PKEY_generate(c, &hybrid_key) == 1, "X25519MLKEM768 keygen");
    EVP_PKEY_CTX_free(c);
    FZ_CHECK(EVP_PKEY_get_octet_string_param(hybrid_key, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, hybrid_pub,
                                             sizeof hybrid_pub, &hl) == 1 && hl == H_PUB,
             "X25519MLKEM768 share");
    FZ_CHECK(hybrid_encaps(hybrid_key, hybrid_share, hybrid_secret), "X25519MLKEM768 encapsulate");
    uint8_t back[64];
    FZ_CHECK(hybrid_decaps(hybrid_key, hybrid_share, H_CT, back, sizeof back) && memcmp(back, hybrid_secret, 64) == 0,
             "X25519MLKEM768 round trip");
    ERR_clear_error();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz r = {data, size};
    if (size < 1) return 0;
    switch (fz_u8(&r) % 12) {
    case 0: op_decoder(&r); break;
    case 1: op_d2i(&r); break;
    case 2: op_fromdata(&r); break;
    case 3: op_decaps(&r); break;
    case 4: op_encaps(&r); break;
    case 5: op_verify_fixed(&r); break;
    case 6: op_verify_any(&r); break;
    case 7: op_hybrid(&r); break;
    case 8: op_keygen(&r); break;
    case 9: op_fromdata_mldsa(&r); break;
    case 10: op_verify_fixed_mldsa(&r); break;
    default: op_verify_any_mldsa(&r); break;
    }
    ERR_clear_error();
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_mldsa.c - ML-DSA verification and ML-DSA key decoding on tampered and arbitrary input.
 *
 * The first byte picks the mode (byte % 3):
 *  0 tampered: four valid signatures made at start-up from fixed seeds, deterministically
 *    (ML-DSA-44 pure with a context, ML-DSA-65 HashML-DSA/SHAKE128, ML-DSA-87 pure without a
 *    context, ML-DSA-44 from an external mu), then up to four (position, xor) changes to the
 *    signature, a changed message (or mu), context or public key, or a truncated/extended
 *    signature. Unchanged must verify (KF_OK); any change must be rejected
 *    (KF_ERR_BAD_SIGNATURE, or KF_ERR_BAD_LENGTH for a wrong length), except a change to
 *    the public key alone of the external-mu item: verify_mu does not authenticate pk (mu
 *    binds it only when computed from it), so there KF_OK and KF_ERR_BAD_SIGNATURE are
 *    both right (issue 52 R12). For the pure ones the
 *    item also runs in a kf_mldsa_verify_batch among valid items of its set, at a position
 *    from the input: results[] must be exactly the single calls' results.
 *  1 arbitrary: set, interface (pure, each pre-hash, Verify_internal, external mu), public
 *    key, context, message and signature bytes from the input (short ones zero-padded): a
 *    named error, never KF_OK unless it is one of the start-up signatures fed back; the batch
 *    of that one item agrees (pure).
 *  2 keys: DER from the input, either arbitrary or one of six valid ML-DSA encodings made at
 *    start-up (SPKI of each set; PKCS#8 seed, expandedKey and both forms) with up to four
 *    (position, xor) changes and a new length. Both decoders must return KF_OK or a named
 *    error, and KF_OK for an unchanged template. A decoded SPKI re-encodes to the same DER.
 *    A decoded ML-DSA private key must be one key generation could write
 *    (kf_mldsa_pk_from_sk), equal KeyGen_internal(seed) when a seed is stored, round-trip
 *    through the encoder in the form it was read, and sign (deterministically) a message its
 *    derived public key verifies.
 */
#include "fuzz_util.h"

#define MSG "keccakforge fuzz message"
#define CTX "ctx"

typedef struct valid {
    kf_mldsa_param set;
    int kind; /* 0 pure, 1 HashML-DSA SHAKE128, 2 external mu */
    size_t ctxlen;
    uint8_t pk[KF_MLDSA_PK_MAX_BYTES];
    uint8_t sig[KF_MLDSA_SIG_MAX_BYTES];
} valid;

static valid vs[4];
static uint8_t mu0[KF_MLDSA_MU_BYTES];

/* key templates for mode 2 */
typedef struct tmpl {
    uint8_t der[8192];
    size_t len;
} tmpl;
static tmpl ts[6];

static size_t pkb(kf_mldsa_param p) { return kf_mldsa_pk_bytes(p); }
static size_t skb(kf_mldsa_param p) { return kf_mldsa_sk_bytes(p); }
static size_t sigb(kf_mldsa_param p) { return kf_mldsa_sig_bytes(p); }

static kf_mldsa_param set_of(kf_key_type t)
{
    return t == KF_KEY_MLDSA44 ? KF_MLDSA44 : t == KF_KEY_MLDSA65 ? KF_MLDSA65 : KF_MLDSA87;
}

static int is_mldsa(kf_key_type t)
{
    return t == KF_KEY_MLDSA44 || t == KF_KEY_MLDSA65 || t == KF_KEY_MLDSA87;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    static const kf_mldsa_param sets[4] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87, KF_MLDSA44};
    static const kf_key_type types[3] = {KF_KEY_MLDSA44, KF_KEY_MLDSA65, KF_KEY_MLDSA87};
    static uint8_t sk[KF_MLDSA_SK_MAX_BYTES];
    uint8_t xi[KF_MLDSA_SEED_BYTES];
    for (size_t i = 0; i < sizeof mu0; i++) mu0[i] = (uint8_t)(0x5a ^ i);
    for (int i = 0; i < 4; i++) {
        valid *v = &vs[i];
        v->set = sets[i];
        v->kind = i == 1 ? 1 : i == 3 ? 2 : 0;
        v->ctxlen = i == 0 || i == 1 ? (i == 0 ? 3 : 0) : 0;
        memset(xi, 0x21 * (i + 1), sizeof xi);
        FZ_CHECK(kf_mldsa_keygen_internal(v->set, v->pk, sk, xi) == KF_OK, "keygen");
        int rc = v->kind == 1 ? kf_mldsa_hash_sign(v->set, KF_MLDSA_PH_SHAKE128, v->sig, sigb(v->set), MSG,
                                                   sizeof MSG - 1, CTX, v->ctxlen, NULL, sk, skb(v->set))
               : v->kind == 2 ? kf_mldsa_sign_mu(v->set, v->sig, sigb(v->set), mu0, NULL, sk, skb(v->set))
                              : kf_mldsa_sign(v->set, v->sig, sigb(v->set), MSG, sizeof MSG - 1, CTX, v->ctxlen,
                                              NULL, sk, skb(v->set));
        FZ_CHECK(rc == KF_OK, "sign");
    }
    /* templates: SPKI of each set, then PKCS#8 seed (65), expanded (44), both (87) */
    for (int i = 0; i < 3; i++) {
        uint8_t pk[KF_MLDSA_PK_MAX_BYTES];
        memset(xi, 0x31 * (i + 1), sizeof xi);
        FZ_CHECK(kf_mldsa_keygen_internal(sets[i], pk, sk, xi) == KF_OK, "keygen");
        FZ_CHECK(kf_key_encode_spki(types[i], pk, pkb(sets[i]), ts[i].der, sizeof ts[i].der, &ts[i].len) == KF_OK,
                 "spki");
        kf_key_priv_form form = i == 1 ? KF_PRIV_SEED : i == 0 ? KF_PRIV_EXPANDED : KF_PRIV_BOTH;
        FZ_CHECK(kf_key_encode_pkcs8(types[i], form, xi, sizeof xi, sk, skb(sets[i]), ts[3 + i].der,
                                     sizeof ts[3 + i].der, &ts[3 + i].len) == KF_OK,
                 "pkcs8");
    }
    kf_wipe(sk, sizeof sk);
    return 0;
}

static int verify_one(const valid *v, const uint8_t *msg, size_t msglen, const uint8_t *ctx, size_t ctxlen,
                      const uint8_t *sig, size_t siglen, const uint8_t *pk)
{
    if (v->kind == 1)
        return kf_mldsa_hash_verify(v->set, KF_MLDSA_PH_SHAKE128, msg, msglen, ctx, ctxlen, sig, siglen, pk,
                                    pkb(v->set));
    if (v->kind == 2) return kf_mldsa_verify_mu(v->set, msg, sig, siglen, pk, pkb(v->set));
    return kf_mldsa_verify(v->set, msg, msglen, ctx, ctxlen, sig, siglen, pk, pkb(v->set));
}

static uint8_t sig[KF_MLDSA_SIG_MAX_BYTES + 64];

static void tampered(fz *r)
{
    const valid *v = &vs[fz_u8(r) % 4];
    const int mu = v->kind == 2;
    uint8_t what = fz_u8(r), msg[KF_MLDSA_MU_BYTES], ctx[3], pk[KF_MLDSA_PK_MAX_BYTES];
    const uint8_t *msg0 = mu ? mu0 : (const uint8_t *)MSG;
    const size_t msglen0 = mu ? sizeof mu0 : sizeof MSG - 1, sl = sigb(v->set);
    memcpy(sig, v->sig, sl);
    memcpy(msg, msg0, msglen0);
    memcpy(ctx, CTX, 3);
    memcpy(pk, v->pk, pkb(v->set));
    size_t siglen = sl, msglen = msglen0, ctxlen = v->ctxlen;
    unsigned nmut = fz_u8(r) % 5;
    for (unsigned i = 0; i < nmut; i++) {
        size_t pos = ((size_t)fz_u16(r) << 8 | fz_u8(r)) % sl;
        sig[pos] ^= fz_u8(r);
    }
    /* each position read before its xor value: in `a[fz_u8(r)] ^= fz_u8(r)` the order of the
     * two reads is unspecified (C11 6.5.16: the operands' evaluations are unsequenced; the
     * calls only indeterminately sequenced), so an input meant different things to different
     * compilers */
    size_t where;
    if (what & 1) {
        where = fz_u8(r) % msglen0;
        msg[where] ^= fz_u8(r);
    }
    if ((what & 2) && !mu) {
        where = fz_u8(r) % 3;
        ctx[where] ^= fz_u8(r);
    }
    if (what & 4) {
        where = (size_t)fz_u16(r) % pkb(v->set);
        pk[where] ^= fz_u8(r);
    }
    if ((what & 8) && !mu) msglen = fz_u8(r) % (msglen0 + 1);
    if ((what & 16) && !mu) ctxlen = fz_u8(r) % 4;
    if (what & 32) siglen = sl - 32 + fz_u8(r) % 64;
    int size_bad = siglen != sl;
    int pk_changed = memcmp(pk, v->pk, pkb(v->set)) != 0;
    int changed = memcmp(sig, v->sig, sl) != 0 || msglen != msglen0 || memcmp(msg, msg0, msglen) != 0 ||
                  ctxlen != v->ctxlen || memcmp(ctx, CTX, ctxlen) != 0;
    int rc = verify_one(v, msg, msglen, ctx, ctxlen, sig, siglen, pk);
    if (mu && pk_changed && !changed && !size_bad) {
        /* Verify_internal from an external mu: pk enters only through A (rho) and t1, and
         * mu = H(H(pk) || M') binds it only where the caller computed mu from this pk.
         * Nothing makes another pk fail the same (mu, sig): a t1 changed in a low bit keeps
         * w1' = UseHint(h, A z - c t1 2^d) for some keys (about 3% of single-bit changes;
         * OpenSSL 3.5 accepts those too). So either verdict is right; only a named result
         * is required. */
        FZ_CHECK(rc == KF_OK || rc == KF_ERR_BAD_SIGNATURE, "verify_mu with a changed pk returned %s",
                 kf_strerror(rc));
        return;
    }
    changed |= pk_changed; /* the pure and pre-hash forms hash pk into mu (tr = H(pk)) */
    int want = size_bad ? KF_ERR_BAD_LENGTH : changed ? KF_ERR_BAD_SIGNATURE : KF_OK;
    FZ_CHECK(rc == want, "verify of a %s ML-DSA-%d signature returned %s, want %s",
             changed || size_bad ? "tampered" : "valid", (int)v->set, kf_strerror(rc), kf_strerror(want));
    if (v->kind != 0) return;
    /* the same item among valid ones of its set in one batch */
    kf_mldsa_verify_item items[9];
    int results[9], want_all = KF_OK;
    size_t count = 1 + fz_u8(r) % 9, at = fz_u8(r) % count;
    for (size_t i = 0; i < count; i++) {
        int mine = i == at;
        items[i] = (kf_mldsa_verify_item){mine ? msg : (const uint8_t *)MSG, mine ? msglen : sizeof MSG - 1,
                                          mine ? ctx : (const uint8_t *)CTX, mine ? ctxlen : v->ctxlen,
                                          mine ? sig : v->sig, mine ? siglen : sl, mine ? pk : v->pk, pkb(v->set)};
        results[i] = 12345;
    }
    if (rc != KF_OK) want_all = rc;
    int brc = kf_mldsa_verify_batch(v->set, count, items, results);
    for (size_t i = 0; i < count; i++)
        FZ_CHECK(results[i] == (i == at ? rc : KF_OK), "batch item %zu of %zu returned %s, the single call %s", i,
                 count, kf_strerror(results[i]), kf_strerror(i == at ? rc : KF_OK));
    FZ_CHECK(brc == want_all, "batch returned %s, want %s", kf_strerror(brc), kf_strerror(want_all));
}

static void arbitrary(fz *r)
{
    static const kf_mldsa_param sets[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
    kf_mldsa_param set = sets[fz_u8(r) % 3];
    int kind = fz_u8(r) % 9; /* 0 pure, 1-6 pre-hash, 7 internal, 8 mu */
    size_t pl = pkb(set), sl = sigb(set), got, ctxlen, msglen;
    uint8_t pk[KF_MLDSA_PK_MAX_BYTES] = {0}, mu[KF_MLDSA_MU_BYTES] = {0};
    memcpy(pk, fz_bytes(r, pl, &got), got);
    const uint8_t *ctx = fz_bytes(r, fz_u8(r), &ctxlen);
    const uint8_t *msg = fz_bytes(r, fz_u8(r), &msglen);
    memcpy(mu, msg, msglen < sizeof mu ? msglen : sizeof mu);
    memset(sig, 0, sl);
    memcpy(sig, fz_bytes(r, sl, &got), got);
    int rc = kind == 0   ? kf_mldsa_verify(set, msg, msglen, ctx, ctxlen, sig, sl, pk, pl)
           : kind <= 6   ? kf_mldsa_hash_verify(set, (kf_mldsa_prehash)kind, msg, msglen, ctx, ctxlen, sig, sl, pk, pl)
           : kind == 7   ? kf_mldsa_verify_internal(set, msg, msglen, sig, sl, pk, pl)
                         : kf_mldsa_verify_mu(set, mu, sig, sl, pk, pl);
    int known = 0;
    for (int i = 0; i < 4; i++)
        known |= vs[i].set == set && memcmp(vs[i].sig, sig, sl) == 0 && memcmp(vs[i].pk, pk, pl) == 0;
    FZ_CHECK(rc == KF_ERR_BAD_SIGNATURE || (known && rc == KF_OK), "verify of arbitrary bytes returned %s",
             kf_strerror(rc));
    if (kind == 0) {
        kf_mldsa_verify_item it = {msg, msglen, ctx, ctxlen, sig, sl, pk, pl};
        int res = 12345, brc = kf_mldsa_verify_batch(set, 1, &it, &res);
        FZ_CHECK(res == rc && brc == rc, "batch of one returned %s / %s, the single call %s", kf_strerror(brc),
                 kf_strerror(res), kf_strerror(rc));
    }
}

static int named(int rc)
{
    return rc == KF_OK || rc == KF_ERR_BAD_ENCODING || rc == KF_ERR_BAD_LENGTH || rc == KF_ERR_BAD_KEY;
}

/* what an accepted ML-DSA private key must satisfy */
static void check_private(kf_key_type t, kf_key_priv_form form, const uint8_t *seed, size_t seedlen,
                          const uint8_t *priv, size_t privlen)
{
    static uint8_t pk[KF_MLDSA_PK_MAX_BYTES], pk2[KF_MLDSA_PK_MAX_BYTES], sk2[KF_MLDSA_SK_MAX_BYTES];
    static uint8_t der[8192], priv2[KF_MLDSA_SK_MAX_BYTES];
    kf_mldsa_param p = set_of(t);
    FZ_CHECK(privlen == skb(p), "private key of %zu bytes for %s", privlen, kf_key_type_name(t));
    FZ_CHECK(kf_mldsa_pk_from_sk(p, pk, priv, privlen) == KF_OK, "a decoded %s sk fails pk_from_sk",
             kf_key_type_name(t));
    FZ_CHECK((form == KF_PRIV_EXPANDED) == (seedlen == 0) && (seedlen == 0 || seedlen == KF_MLDSA_SEED_BYTES),
             "form %d with a %zu-byte seed", (int)form, seedlen);
    if (seedlen) {
        FZ_CHECK(kf_mldsa_keygen_internal(p, pk2, sk2, seed) == KF_OK && memcmp(sk2, priv, privlen) == 0 &&
                     memcmp(pk2, pk, pkb(p)) == 0,
                 "the stored seed does not give the decoded key");
    }
    size_t derlen = 0, sl = 0, pl = 0;
    uint8_t seed2[KF_MLDSA_SEED_BYTES];
    kf_key_type t2;
    kf_key_priv_form f2;
    int rc = kf_key_encode_pkcs8(t, form, seedlen ? seed : NULL, seedlen, priv, privlen, der, sizeof der, &derlen);
    FZ_CHECK(rc == KF_OK, "re-encode: %s", kf_strerror(rc));
    rc = kf_key_decode_pkcs8(der, derlen, &t2, &f2, seed2, sizeof seed2, &sl, priv2, sizeof priv2, &pl);
    FZ_CHECK(rc == KF_OK && t2 == t && f2 == form && sl == seedlen && pl == privlen &&
                 memcmp(priv2, priv, privlen) == 0 && memcmp(seed2, seed, seedlen) == 0,
             "PKCS#8 round trip differs (%s)", kf_strerror(rc));
    /* an accepted key signs what its public key verifies */
    rc = kf_mldsa_sign(p, sig, sigb(p), MSG, sizeof MSG - 1, NULL, 0, NULL, priv, privlen);
    FZ_CHECK(rc == KF_OK, "an accepted key does not sign: %s", kf_strerror(rc));
    rc = kf_mldsa_verify(p, MSG, sizeof MSG - 1, NULL, 0, sig, sigb(p), pk, pkb(p));
    FZ_CHECK(rc == KF_OK, "an accepted key's signature does not verify under its public key: %s", kf_strerror(rc));
}

static void keys(fz *r)
{
    static uint8_t der[8192 + 64], pub[KF_MLDSA_PK_MAX_BYTES + 4096], priv[8192], der2[8192];
    uint8_t seed[64];
    size_t n, publen = 0, privlen = 0, seedlen = 0, derlen2 = 0;
    int pristine = 0;
    if (fz_u8(r) & 1) {
        const tmpl *t = &ts[fz_u8(r) % 6];
        memcpy(der, t->der, t->len);
        n = t->len;
        unsigned nmut = fz_u8(r) % 5;
        for (unsigned i = 0; i < nmut; i++) der[fz_u16(r) % t->len] ^= fz_u8(r);
        if (fz_u8(r) & 1) n = (n - 32) + fz_u8(r) % 64; /* cut or extend (zeros or what was there) */
        if (n > t->len) memset(der + t->len, 0, n - t->len);
        pristine = n == t->len && memcmp(der, t->der, n) == 0;
    } else {
        const uint8_t *p = fz_bytes(r, sizeof der, &n);
        memcpy(der, p, n);
    }
    kf_key_type t;
    kf_key_priv_form form;
    int rs = kf_key_decode_spki(der, n, &t, pub, sizeof pub, &publen);
    int rp = kf_key_decode_pkcs8(der, n, &t, &form, seed, sizeof seed, &seedlen, priv, sizeof priv, &privlen);
    FZ_CHECK(named(rs) && named(rp), "decoders returned %s / %s", kf_strerror(rs), kf_strerror(rp));
    FZ_CHECK(!pristine || rs == KF_OK || rp == KF_OK, "an unchanged template did not decode (%s / %s)",
             kf_strerror(rs), kf_strerror(rp));
    if (rs == KF_OK) {
        kf_key_type ts_;
        rs = kf_key_decode_spki(der, n, &ts_, pub, sizeof pub, &publen);
        FZ_CHECK(rs == KF_OK && publen == kf_key_pub_bytes(ts_), "SPKI key of %zu bytes", publen);
        FZ_CHECK(kf_key_encode_spki(ts_, pub, publen, der2, sizeof der2, &derlen2) == KF_OK && derlen2 == n &&
                     memcmp(der2, der, n) == 0,
                 "SPKI does not re-encode to the same DER");
    }
    if (rp == KF_OK && is_mldsa(t)) check_private(t, form, seed, seedlen, priv, privlen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz r = {data, size};
    switch (fz_u8(&r) % 3) {
    case 0: tampered(&r); break;
    case 1: arbitrary(&r); break;
    default: keys(&r); break;
    }
    return 0;
}

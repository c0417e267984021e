/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * asn1_keys.c - DER and PEM encodings of ML-KEM, ML-DSA and SLH-DSA keys (include/keccakforge.h,
 * section "Key encodings").
 *
 *   SubjectPublicKeyInfo ::= SEQUENCE { algorithm SEQUENCE { OID }, subjectPublicKey BIT STRING }
 *     with the raw public key (ML-KEM ek, ML-DSA pk, SLH-DSA pk) as the bit string, no parameters.
 *   PrivateKeyInfo / OneAsymmetricKey ::= SEQUENCE { version INTEGER (0|1),
 *     algorithm SEQUENCE { OID }, privateKey OCTET STRING, [0] attributes OPTIONAL,
 *     [1] publicKey OPTIONAL }
 *     SLH-DSA: privateKey holds sk itself.
 *     ML-KEM (draft-ietf-lamps-kyber-certificates): privateKey holds the DER of
 *       ML-KEM-PrivateKey ::= CHOICE { seed [0] IMPLICIT OCTET STRING (SIZE (64)),
 *         expandedKey OCTET STRING, both SEQUENCE { seed OCTET STRING, expandedKey OCTET STRING } }
 *     ML-DSA (RFC 9881): the same CHOICE with the 32-byte seed xi and sk as expandedKey.
 * OIDs: ML-KEM 2.16.840.1.101.3.4.4.{1,2,3}; ML-DSA 2.16.840.1.101.3.4.3.{17,18,19};
 * SLH-DSA-SHAKE 2.16.840.1.101.3.4.3.{26..31}.
 * The reader accepts only DER (minimal lengths, no trailing bytes) and checks the keys
 * (ML-KEM modulus and hash checks; for "both", that the seed expands to the same dk). An
 * ML-KEM expandedKey gets both checks too: §7.3's hash check and §7.2's modulus check of the
 * ek inside it, so a dk is accepted here only if its public half is accepted everywhere. An
 * ML-DSA sk must be one key generation could have written (kf_mldsa_pk_from_sk: s1, s2 in
 * range, t0 and tr those of A s1 + s2); that also gives the public key a v1 publicKey must match.
 * RFC 5958 §2: version 1 if and only if publicKey is present (else malformed); a publicKey of
 * the wrong length is KF_ERR_BAD_LENGTH, as in an SPKI. Secrets go to the caller's buffers
 * only when the whole call succeeds: an output too small gets no byte (issue 52, R4).
 */
#include "keccakforge.h"
#include "common/ct.h"

#include <string.h>

/* ---- the key types ------------------------------------------------------------------ */
enum { KIND_SLHDSA, KIND_MLKEM, KIND_MLDSA };
static const struct ktype {
    kf_key_type t;
    const char *name;
    uint8_t arc;       /* last arc of the OID */
    uint8_t kind;      /* KIND_MLKEM (arc under .4.4), KIND_MLDSA or KIND_SLHDSA (under .4.3) */
    int param;         /* kf_mlkem_param, kf_mldsa_param or kf_slhdsa_param */
} ktypes[] = {
    {KF_KEY_MLKEM512, "ML-KEM-512", 1, KIND_MLKEM, KF_MLKEM512},
    {KF_KEY_MLKEM768, "ML-KEM-768", 2, KIND_MLKEM, KF_MLKEM768},
    {KF_KEY_MLKEM1024, "ML-KEM-1024", 3, KIND_MLKEM, KF_MLKEM1024},
    {KF_KEY_MLDSA44, "ML-DSA-44", 17, KIND_MLDSA, KF_MLDSA44},
    {KF_KEY_MLDSA65, "ML-DSA-65", 18, KIND_MLDSA, KF_MLDSA65},
    {KF_KEY_MLDSA87, "ML-DSA-87", 19, KIND_MLDSA, KF_MLDSA87},
    {KF_KEY_SLHDSA_SHAKE_128S, "SLH-DSA-SHAKE-128s", 26, KIND_SLHDSA, KF_SLHDSA_SHAKE_128S},
    {KF_KEY_SLHDSA_SHAKE_128F, "SLH-DSA-SHAKE-128f", 27, KIND_SLHDSA, KF_SLHDSA_SHAKE_128F},
    {KF_KEY_SLHDSA_SHAKE_192S, "SLH-DSA-SHAKE-192s", 28, KIND_SLHDSA, KF_SLHDSA_SHAKE_192S},
    {KF_KEY_SLHDSA_SHAKE_192F, "SLH-DSA-SHAKE-192f", 29, KIND_SLHDSA, KF_SLHDSA_SHAKE_192F},
    {KF_KEY_SLHDSA_SHAKE_256S, "SLH-DSA-SHAKE-256s", 30, KIND_SLHDSA, KF_SLHDSA_SHAKE_256S},
    {KF_KEY_SLHDSA_SHAKE_256F, "SLH-DSA-SHAKE-256f", 31, KIND_SLHDSA, KF_SLHDSA_SHAKE_256F},
};
/* the largest public and private keys of the seeded kinds (ML-KEM, ML-DSA) */
#define PUB_MAX (KF_MLDSA_PK_MAX_BYTES > KF_MLKEM_EK_MAX_BYTES ? KF_MLDSA_PK_MAX_BYTES : KF_MLKEM_EK_MAX_BYTES)
#define PRIV_MAX (KF_MLDSA_SK_MAX_BYTES > KF_MLKEM_DK_MAX_BYTES ? KF_MLDSA_SK_MAX_BYTES : KF_MLKEM_DK_MAX_BYTES)
#define N_KTYPES (sizeof ktypes / sizeof ktypes[0])

/* ACSL (proofs/, docs/ASSURANCE.md): the key sizes by type, and what a row of ktypes gives. */
/*@ logic integer key_pub_len(integer t) =
      t == KF_KEY_MLKEM512 ? KF_MLKEM512_EK_BYTES : t == KF_KEY_MLKEM768 ? KF_MLKEM768_EK_BYTES
      : t == KF_KEY_MLKEM1024 ? KF_MLKEM1024_EK_BYTES
      : t == KF_KEY_MLDSA44 ? KF_MLDSA44_PK_BYTES : t == KF_KEY_MLDSA65 ? KF_MLDSA65_PK_BYTES
      : t == KF_KEY_MLDSA87 ? KF_MLDSA87_PK_BYTES
      : t == KF_KEY_SLHDSA_SHAKE_128S || t == KF_KEY_SLHDSA_SHAKE_128F ? 32
      : t == KF_KEY_SLHDSA_SHAKE_192S || t == KF_KEY_SLHDSA_SHAKE_192F ? 48
      : t == KF_KEY_SLHDSA_SHAKE_256S || t == KF_KEY_SLHDSA_SHAKE_256F ? 64 : 0;
    logic integer key_priv_len(integer t) =
      t == KF_KEY_MLKEM512 ? KF_MLKEM512_DK_BYTES : t == KF_KEY_MLKEM768 ? KF_MLKEM768_DK_BYTES
      : t == KF_KEY_MLKEM1024 ? KF_MLKEM1024_DK_BYTES
      : t == KF_KEY_MLDSA44 ? KF_MLDSA44_SK_BYTES : t == KF_KEY_MLDSA65 ? KF_MLDSA65_SK_BYTES
      : t == KF_KEY_MLDSA87 ? KF_MLDSA87_SK_BYTES
      : t == KF_KEY_SLHDSA_SHAKE_128S || t == KF_KEY_SLHDSA_SHAKE_128F ? 64
      : t == KF_KEY_SLHDSA_SHAKE_192S || t == KF_KEY_SLHDSA_SHAKE_192F ? 96
      : t == KF_KEY_SLHDSA_SHAKE_256S || t == KF_KEY_SLHDSA_SHAKE_256F ? 128 : 0;
    predicate ktype_ok(struct ktype *k) = \valid_read(k) && \base_addr(k) == \base_addr(&ktypes[0])
      && k->kind <= KIND_MLDSA
      && (k->kind == KIND_MLKEM ==> kf_mlkem_ek_len(k->param) == key_pub_len(k->t) > 0
                                    && kf_mlkem_dk_len(k->param) == key_priv_len(k->t)
                                    && key_priv_len(k->t) == key_pub_len(k->t) * 2 + 32)
      && (k->kind == KIND_MLDSA ==> kf_mldsa_pk_len(k->param) == key_pub_len(k->t) > 0
                                    && kf_mldsa_sk_len(k->param) == key_priv_len(k->t))
      && (k->kind == KIND_SLHDSA ==> 2 * kf_slhdsa_n_len(k->param) == key_pub_len(k->t) > 0
                                     && 4 * kf_slhdsa_n_len(k->param) == key_priv_len(k->t));
*/

/*@ assigns \nothing;
    ensures \result != \null ==> ktype_ok(\result) && \result->t == t;
    ensures \result == \null ==> key_pub_len(t) == 0 && key_priv_len(t) == 0; */
static const struct ktype *find_type(kf_key_type t)
{
    /*@ loop invariant 0 <= i <= 12;
        loop invariant \forall integer j; 0 <= j < i ==> ktypes[j].t != t;
        loop assigns i;
        loop variant 12 - i; */
    for (size_t i = 0; i < N_KTYPES; i++)
        /*@ assert row: i == 0 || i == 1 || i == 2 || i == 3 || i == 4 || i == 5 || i == 6 || i == 7
              || i == 8 || i == 9 || i == 10 || i == 11; */
        if (ktypes[i].t == t) return &ktypes[i];
    return NULL;
}

/*@ assigns \nothing; */
const char *kf_key_type_name(kf_key_type t)
{
    const struct ktype *k = find_type(t);
    return k ? k->name : NULL;
}

/*@ assigns \nothing;
    ensures \result == key_pub_len(t); */
size_t kf_key_pub_bytes(kf_key_type t)
{
    const struct ktype *k = find_type(t);
    if (!k) return 0;
    if (k->kind == KIND_MLKEM) return kf_mlkem_ek_bytes((kf_mlkem_param)k->param);
    if (k->kind == KIND_MLDSA) return kf_mldsa_pk_bytes((kf_mldsa_param)k->param);
    return kf_slhdsa_pk_bytes((kf_slhdsa_param)k->param);
}

/*@ assigns \nothing;
    ensures \result == key_priv_len(t); */
size_t kf_key_priv_bytes(kf_key_type t)
{
    const struct ktype *k = find_type(t);
    if (!k) return 0;
    if (k->kind == KIND_MLKEM) return kf_mlkem_dk_bytes((kf_mlkem_param)k->param);
    if (k->kind == KIND_MLDSA) return kf_mldsa_sk_bytes((kf_mldsa_param)k->param);
    return kf_slhdsa_sk_bytes((kf_slhdsa_param)k->param);
}

/* 2.16.840.1.101.3.4 = 60 86 48 01 65 03 04, then 04 (KEM) or 03 (signatures), then the arc */
static const uint8_t oid_prefix[7] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04};

/* 1 if a[0..n) == b[0..n) (public data only: it stops at the first difference). A loop rather
 * than memcmp: Frama-C's specification of memcmp asks for "not dangling" (\dangling), which
 * WP cannot decide, so each call would be an unprovable goal (proofs/, docs/ASSURANCE.md). */
/*@ requires \valid_read((uint8_t *)a + (0 .. n - 1)) && \valid_read((uint8_t *)b + (0 .. n - 1));
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static int eq_bytes(const void *a, const void *b, size_t n)
{
    const uint8_t *x = a, *y = b;
    /*@ loop invariant 0 <= i <= n;
        loop assigns i;
        loop variant n - i; */
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i]) return 0;
    return 1;
}

/* ---- a small DER writer ------------------------------------------------------------- */
typedef struct wbuf { uint8_t *p; size_t cap, len; } wbuf;
/*@ predicate wbuf_ok(wbuf *w) = \valid(w) && (w->p == \null || \valid(w->p + (0 .. w->cap - 1))); */

/*@ requires wbuf_ok(w) && w->len + n <= SIZE_MAX;
    requires \valid_read((uint8_t *)src + (0 .. n - 1));
    requires w->p == \null || \separated(w->p + (0 .. w->cap - 1), (uint8_t *)src + (0 .. n - 1));
    assigns w->len, w->p[0 .. w->cap - 1];
    ensures wbuf_ok(w) && w->len == \old(w->len) + n; */
static void put(wbuf *w, const void *src, size_t n)
{
    if (w->p && w->len + n <= w->cap && n) memcpy(w->p + w->len, src, n);
    w->len += n;
}
/* Called with the whole encoding's length before anything is put: an output too small for
 * all of it gets no byte at all (not a prefix holding the seed; finish reports the length). */
/*@ requires wbuf_ok(w);
    assigns w->p;
    ensures wbuf_ok(w) && (w->p == \null || w->p == \old(w->p)); */
static void reserve(wbuf *w, size_t total)
{
    if (total > w->cap) w->p = NULL;
}
/*@ requires wbuf_ok(w) && w->len + 1 <= SIZE_MAX;
    assigns w->len, w->p[0 .. w->cap - 1];
    ensures wbuf_ok(w) && w->len == \old(w->len) + 1; */
static void put1(wbuf *w, uint8_t b) { put(w, &b, 1); }
/*@ logic integer hdr_size(integer len) = len < 0x80 ? 2 : len < 0x100 ? 3 : len < 0x10000 ? 4 : 5; */
/*@ assigns \nothing;
    ensures \result == hdr_size(len) && 2 <= \result <= 5; */
static size_t hdr_len(size_t len) { return len < 0x80 ? 2 : len < 0x100 ? 3 : len < 0x10000 ? 4 : 5; }
/*@ requires wbuf_ok(w) && w->len + 5 <= SIZE_MAX;
    assigns w->len, w->p[0 .. w->cap - 1];
    ensures wbuf_ok(w) && w->len == \old(w->len) + hdr_size(len); */
static void put_hdr(wbuf *w, uint8_t tag, size_t len)
{
    put1(w, tag);
    if (len < 0x80) put1(w, (uint8_t)len);
    else if (len < 0x100) { put1(w, 0x81); put1(w, (uint8_t)len); }
    else if (len < 0x10000) { put1(w, 0x82); put1(w, (uint8_t)(len >> 8)); put1(w, (uint8_t)len); }
    else { put1(w, 0x83); put1(w, (uint8_t)(len >> 16)); put1(w, (uint8_t)(len >> 8)); put1(w, (uint8_t)len); }
}
/*@ requires content <= SIZE_MAX - 5;
    assigns \nothing;
    ensures \result == hdr_size(content) + content && content + 2 <= \result <= content + 5; */
static size_t tlv_len(size_t content) { return hdr_len(content) + content; }

/*@ requires wbuf_ok(w) && w->len + 13 <= SIZE_MAX && \valid_read(k);
    assigns w->len, w->p[0 .. w->cap - 1];
    ensures wbuf_ok(w) && w->len == \old(w->len) + 13; */
static void put_algid(wbuf *w, const struct ktype *k)
{
    put_hdr(w, 0x30, 11);
    put_hdr(w, 0x06, 9);
    put(w, oid_prefix, sizeof oid_prefix);
    put1(w, k->kind == KIND_MLKEM ? 0x04 : 0x03);
    put1(w, k->arc);
}

/* An ML-KEM dk = dk_pke (384k) || ek || H(ek) || z as a whole: §7.3's length and hash
 * check (kf_mlkem_check_dk), then §7.2's modulus check of the ek inside it (the hash check
 * alone lets a dk whose ek has a coefficient >= q through, and that ek is refused as a
 * public key). */
/*@ requires ktype_ok(k) && k->kind == KIND_MLKEM && dklen == key_priv_len(k->t);
    requires \valid_read(dk + (0 .. dklen - 1));
    assigns \nothing; */
static int check_expanded_dk(const struct ktype *k, const uint8_t *dk, size_t dklen)
{
    size_t ekl = kf_key_pub_bytes(k->t);
    int rc = kf_mlkem_check_dk((kf_mlkem_param)k->param, dk, dklen);
    if (rc != KF_OK) return rc;
    return kf_mlkem_check_ek((kf_mlkem_param)k->param, dk + (dklen - ekl - 64), ekl);
}

/* 1 if two secret keys are equal: compared in constant time; only the verdict (a key is
 * accepted or refused) is made public (common/ct.h). */
/*@ requires \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static int same_key(const uint8_t *a, const uint8_t *b, size_t n)
{
    int eq = kf_ct_equal(a, b, n);
    kf_declassify(&eq, sizeof eq);
    return eq;
}

/* The seeded kinds (ML-KEM, ML-DSA): the seed's size, */
/*@ requires ktype_ok(k);
    assigns \nothing;
    ensures \result == (k->kind == KIND_MLKEM ? 64 : 32); */
static size_t seed_bytes(const struct ktype *k)
{
    return k->kind == KIND_MLKEM ? KF_MLKEM_KEYGEN_SEED_BYTES : KF_MLDSA_SEED_BYTES;
}

/* the key pair a seed gives (ML-KEM d || z, ML-DSA xi), */
/*@ requires ktype_ok(k) && k->kind != KIND_SLHDSA;
    requires \valid_read(seed + (0 .. (k->kind == KIND_MLKEM ? 64 : 32) - 1));
    requires \valid(pub + (0 .. PUB_MAX - 1)) && \valid(priv + (0 .. PRIV_MAX - 1));
    requires \separated(seed + (0 .. (k->kind == KIND_MLKEM ? 64 : 32) - 1), pub + (0 .. PUB_MAX - 1),
                        priv + (0 .. PRIV_MAX - 1));
    assigns pub[0 .. PUB_MAX - 1], priv[0 .. PRIV_MAX - 1], kf_spec_xn_table; */
static int expand_seed(const struct ktype *k, const uint8_t *seed, uint8_t *pub, uint8_t *priv)
{
    if (k->kind == KIND_MLKEM) return kf_mlkem_keygen_internal((kf_mlkem_param)k->param, pub, priv, seed, seed + 32);
    return kf_mldsa_keygen_internal((kf_mldsa_param)k->param, pub, priv, seed);
}

/* and the checks of an expanded private key of the right length, with its public key. */
/*@ requires ktype_ok(k);
    requires k->kind != KIND_SLHDSA;
    requires privlen == key_priv_len(k->t);
    requires \valid_read(priv + (0 .. privlen - 1)) && \valid(pub + (0 .. PUB_MAX - 1));
    requires \separated(pub + (0 .. PUB_MAX - 1), priv + (0 .. privlen - 1));
    assigns pub[0 .. PUB_MAX - 1], kf_spec_xn_table; */
static int check_priv(const struct ktype *k, const uint8_t *priv, size_t privlen, uint8_t *pub)
{
    if (k->kind == KIND_MLKEM) {
        size_t ekl = kf_key_pub_bytes(k->t);
        int rc = check_expanded_dk(k, priv, privlen);
        if (rc == KF_OK) memcpy(pub, priv + (privlen - ekl - 64), ekl);   /* dk = dk_pke || ek || H(ek) || z */
        return rc;
    }
    return kf_mldsa_pk_from_sk((kf_mldsa_param)k->param, pub, priv, privlen);
}

/*@ requires \valid_read(w) && \valid(outlen);
    assigns *outlen; */
static int finish(wbuf *w, uint8_t *out, size_t outcap, size_t *outlen)
{
    *outlen = w->len;
    if (out && w->len > outcap) return KF_ERR_BAD_LENGTH;
    (void)out;
    return KF_OK;
}

/* The start of a PrivateKeyInfo whose privateKey OCTET STRING has inner bytes of content:
 * the outer SEQUENCE's header, version 0, k's algorithm and the OCTET STRING's header, after
 * reserving the whole encoding (reserve: all of it or no byte). */
/*@ requires wbuf_ok(w) && w->len == 0 && \valid_read(k) && inner <= SIZE_MAX / 2;
    assigns w->p, w->len, w->p[0 .. w->cap - 1];
    ensures wbuf_ok(w) && (w->p == \null || w->p == \old(w->p)) && w->len <= 26; */
static void put_pkcs8_head(wbuf *w, const struct ktype *k, size_t inner)
{
    reserve(w, tlv_len(3 + 13 + tlv_len(inner)));
    put_hdr(w, 0x30, 3 + 13 + tlv_len(inner));
    put(w, "\x02\x01\x00", 3);
    put_algid(w, k);
    put_hdr(w, 0x04, inner);
}

/* The ML-KEM / ML-DSA private key CHOICE of form `form` (seed, expandedKey or both): its
 * length, */
/*@ requires sl <= 64 && dklen <= PRIV_MAX;
    assigns \nothing;
    ensures \result <= dklen + sl + 12; */
static size_t choice_len(kf_key_priv_form form, size_t sl, size_t dklen)
{
    return form == KF_PRIV_SEED ? 2 + sl
         : form == KF_PRIV_EXPANDED ? tlv_len(dklen)
         : tlv_len(2 + sl + tlv_len(dklen));
}

/* and its DER (seed: sl bytes, priv: dklen bytes; each read only by the forms holding it). */
/*@ requires wbuf_ok(w) && w->len <= SIZE_MAX / 2 && sl <= 64 && dklen <= PRIV_MAX;
    requires form == KF_PRIV_EXPANDED || \valid_read(seed + (0 .. sl - 1));
    requires form == KF_PRIV_SEED || \valid_read(priv + (0 .. dklen - 1));
    requires w->p == \null || form == KF_PRIV_EXPANDED || \separated(w->p + (0 .. w->cap - 1), seed + (0 .. sl - 1));
    requires w->p == \null || form == KF_PRIV_SEED || \separated(w->p + (0 .. w->cap - 1), priv + (0 .. dklen - 1));
    assigns w->len, w->p[0 .. w->cap - 1];
    ensures wbuf_ok(w); */
static void put_choice(wbuf *w, kf_key_priv_form form, const uint8_t *seed, size_t sl, const uint8_t *priv,
                       size_t dklen)
{
    if (form == KF_PRIV_SEED) {
        put_hdr(w, 0x80, sl);
        put(w, seed, sl);
    } else if (form == KF_PRIV_EXPANDED) {
        put_hdr(w, 0x04, dklen);
        put(w, priv, dklen);
    } else {
        put_hdr(w, 0x30, 2 + sl + tlv_len(dklen));
        put_hdr(w, 0x04, sl);
        put(w, seed, sl);
        put_hdr(w, 0x04, dklen);
        put(w, priv, dklen);
    }
}

/* The expanded key a PrivateKeyInfo of form `form` (expandedKey or both) of an ML-KEM or ML-DSA
 * key holds, checked, in *x (a helper of kf_key_encode_pkcs8): the caller's priv (privlen
 * bytes), or for "both" the seed's own key (into dk), which a given priv must equal ("both"
 * never disagrees). pub gets the public key; dk is wiped on an error after it was written. */
/*@ requires ktype_ok(k) && k->kind != KIND_SLHDSA && (form == KF_PRIV_EXPANDED || form == KF_PRIV_BOTH);
    requires form == KF_PRIV_EXPANDED || \valid_read(seed + (0 .. (k->kind == KIND_MLKEM ? 64 : 32) - 1));
    requires priv == \null || \valid_read(priv + (0 .. privlen - 1));
    requires \valid(pub + (0 .. PUB_MAX - 1)) && \valid(dk + (0 .. PRIV_MAX - 1)) && \valid(x);
    requires \separated(pub + (0 .. PUB_MAX - 1), dk + (0 .. PRIV_MAX - 1), x);
    requires form == KF_PRIV_EXPANDED ||
             \separated(seed + (0 .. (k->kind == KIND_MLKEM ? 64 : 32) - 1), pub + (0 .. PUB_MAX - 1),
                        dk + (0 .. PRIV_MAX - 1));
    requires priv == \null || \separated(priv + (0 .. privlen - 1), pub + (0 .. PUB_MAX - 1), dk + (0 .. PRIV_MAX - 1));
    assigns pub[0 .. PUB_MAX - 1], dk[0 .. PRIV_MAX - 1], *x, kf_spec_xn_table;
    ensures \result == KF_OK ==> (*x == priv || *x == dk) && (*x == priv ==> privlen == key_priv_len(k->t))
      && \valid_read(*x + (0 .. key_priv_len(k->t) - 1)); */
static int expanded_key(const struct ktype *k, kf_key_priv_form form, const uint8_t *seed, const uint8_t *priv,
                        size_t privlen, uint8_t *pub, uint8_t *dk, const uint8_t **x)
{
    size_t dklen = kf_key_priv_bytes(k->t);
    int rc;
    if (form == KF_PRIV_BOTH) {
        rc = expand_seed(k, seed, pub, dk);
        if (rc == KF_OK && priv && (privlen != dklen || !same_key(priv, dk, dklen)))
            rc = privlen != dklen ? KF_ERR_BAD_LENGTH : KF_ERR_BAD_KEY;
        if (rc != KF_OK) { kf_wipe(dk, PRIV_MAX); return rc; }
        priv = dk;
        privlen = dklen;
    }
    if (!priv) return KF_ERR_NULL_POINTER;
    if (privlen != dklen) return KF_ERR_BAD_LENGTH;
    rc = check_priv(k, priv, privlen, pub);
    if (rc != KF_OK) { kf_wipe(dk, PRIV_MAX); return rc; }
    *x = priv;
    return KF_OK;
}

/*@ requires pub == \null || \valid_read(pub + (0 .. publen - 1));
    requires out == \null || \valid(out + (0 .. outcap - 1));
    requires outlen == \null || \valid(outlen);
    requires out == \null || pub == \null || \separated(out + (0 .. outcap - 1), pub + (0 .. publen - 1));
    requires out == \null || outlen == \null || \separated(out + (0 .. outcap - 1), outlen);
    assigns out[0 .. outcap - 1], *outlen; */
int kf_key_encode_spki(kf_key_type t, const uint8_t *pub, size_t publen,
                       uint8_t *out, size_t outcap, size_t *outlen)
{
    const struct ktype *k = find_type(t);
    wbuf w = {out, outcap, 0};
    if (!k) return KF_ERR_BAD_ALGORITHM;
    if (!outlen || !pub) return KF_ERR_NULL_POINTER;
    if (publen != kf_key_pub_bytes(t)) return KF_ERR_BAD_LENGTH;
    if (k->kind == KIND_MLKEM) {
        int rc = kf_mlkem_check_ek((kf_mlkem_param)k->param, pub, publen);
        if (rc != KF_OK) return rc;
    }
    reserve(&w, tlv_len(13 + tlv_len(publen + 1)));
    put_hdr(&w, 0x30, 13 + tlv_len(publen + 1));
    put_algid(&w, k);
    put_hdr(&w, 0x03, publen + 1);
    put1(&w, 0);
    put(&w, pub, publen);
    return finish(&w, out, outcap, outlen);
}

/*@ requires seed == \null || \valid_read(seed + (0 .. seedlen - 1));
    requires priv == \null || \valid_read(priv + (0 .. privlen - 1));
    requires out == \null || \valid(out + (0 .. outcap - 1));
    requires outlen == \null || \valid(outlen);
    requires out == \null || seed == \null || \separated(out + (0 .. outcap - 1), seed + (0 .. seedlen - 1));
    requires out == \null || priv == \null || \separated(out + (0 .. outcap - 1), priv + (0 .. privlen - 1));
    requires out == \null || outlen == \null || \separated(out + (0 .. outcap - 1), outlen);
    assigns out[0 .. outcap - 1], *outlen, kf_spec_xn_table; */
int kf_key_encode_pkcs8(kf_key_type t, kf_key_priv_form form, const uint8_t *seed, size_t seedlen,
                        const uint8_t *priv, size_t privlen, uint8_t *out, size_t outcap, size_t *outlen)
{
    const struct ktype *k = find_type(t);
    wbuf w = {out, outcap, 0};
    size_t dklen, sl;
    uint8_t pub[PUB_MAX], dk[PRIV_MAX];
    const uint8_t *x = priv;   /* the expanded key written: priv, or for "both" the seed's (dk) */
    int rc;
    if (!k) return KF_ERR_BAD_ALGORITHM;
    if (!outlen) return KF_ERR_NULL_POINTER;
    if (k->kind == KIND_SLHDSA) {
        if (form != KF_PRIV_DEFAULT && form != KF_PRIV_EXPANDED) return KF_ERR_BAD_ALGORITHM;
        if (!priv) return KF_ERR_NULL_POINTER;
        if (privlen != kf_key_priv_bytes(t)) return KF_ERR_BAD_LENGTH;
        put_pkcs8_head(&w, k, privlen);
        put(&w, priv, privlen);
        return finish(&w, out, outcap, outlen);
    }
    /* ML-KEM, ML-DSA: dk or sk, and the seed */
    dklen = kf_key_priv_bytes(t);
    sl = seed_bytes(k);
    if (form == KF_PRIV_DEFAULT) form = seed ? KF_PRIV_SEED : KF_PRIV_EXPANDED;
    if (form != KF_PRIV_SEED && form != KF_PRIV_EXPANDED && form != KF_PRIV_BOTH) return KF_ERR_BAD_ALGORITHM;
    if (form != KF_PRIV_EXPANDED) {
        if (!seed) return KF_ERR_NULL_POINTER;
        if (seedlen != sl) return KF_ERR_BAD_LENGTH;
    }
    if (form != KF_PRIV_SEED && (rc = expanded_key(k, form, seed, priv, privlen, pub, dk, &x)) != KF_OK) return rc;
    put_pkcs8_head(&w, k, choice_len(form, sl, dklen));
    put_choice(&w, form, seed, sl, x, dklen);
    kf_wipe(dk, sizeof dk);
    return finish(&w, out, outcap, outlen);
}

/* ---- a small DER reader ------------------------------------------------------------- */
typedef struct rbuf { const uint8_t *p; size_t len; } rbuf;
/*@ predicate rbuf_ok(rbuf *r) = \valid(r) && \valid_read(r->p + (0 .. r->len - 1)); */

/* Read one TLV with tag `tag` (DER: minimal definite length); content in *c. */
/*@ requires rbuf_ok(r) && \valid(c) && \separated(r, c);
    assigns *r, *c;
    ensures \result == 0 || \result == 1;
    ensures \result == 0 ==> r->p == \old(r->p) && r->len == \old(r->len);
    ensures \result == 1 ==> rbuf_ok(r) && rbuf_ok(c) && c->len <= \old(r->len)
      && r->len <= \old(r->len) - 2 - c->len;
    ensures \result == 1 ==> \subset(c->p + (0 .. c->len - 1), \old(r->p) + (0 .. \old(r->len) - 1))
      && \subset(r->p + (0 .. r->len - 1), \old(r->p) + (0 .. \old(r->len) - 1)); */
static int get_tlv(rbuf *r, uint8_t tag, rbuf *c)
{
    size_t len, i = 2, n;
    if (r->len < 2 || r->p[0] != tag) return 0;
    len = r->p[1];
    if (len & 0x80) {
        n = len & 0x7F;
        if (n == 0 || n > 3 || r->len < 2 + n) return 0;
        len = 0;
        /*@ loop invariant 0 <= j <= n;
            loop assigns j, len;
            loop variant n - j; */
        for (size_t j = 0; j < n; j++) len = (len << 8) | r->p[2 + j];
        if (r->p[2] == 0 || len < 0x80) return 0;   /* not minimal */
        i = 2 + n;
    }
    if (r->len - i < len) return 0;
    c->p = r->p + i;
    c->len = len;
    r->p += i + len;
    r->len -= i + len;
    return 1;
}

/* The row of ktypes whose OID ends in .sub.arc (sub: 4 for ML-KEM, 3 for the signatures). */
/*@ assigns \nothing;
    ensures \result == \null || ktype_ok(\result); */
static const struct ktype *find_oid(uint8_t sub, uint8_t arc)
{
    /*@ loop invariant 0 <= i <= 12;
        loop assigns i;
        loop variant 12 - i; */
    for (size_t i = 0; i < N_KTYPES; i++)
    {
        /*@ assert row: i == 0 || i == 1 || i == 2 || i == 3 || i == 4 || i == 5 || i == 6 || i == 7
              || i == 8 || i == 9 || i == 10 || i == 11; */
        if (sub == (ktypes[i].kind == KIND_MLKEM ? 0x04 : 0x03) && arc == ktypes[i].arc) return &ktypes[i];
    }
    return NULL;
}

/*@ requires rbuf_ok(r);
    assigns *r;
    ensures rbuf_ok(r) && r->len <= \old(r->len);
    ensures \subset(r->p + (0 .. r->len - 1), \old(r->p) + (0 .. \old(r->len) - 1));
    ensures \result == \null || ktype_ok(\result); */
static const struct ktype *get_algid(rbuf *r)
{
    rbuf a, oid;
    if (!get_tlv(r, 0x30, &a) || !get_tlv(&a, 0x06, &oid) || a.len != 0) return NULL;  /* no parameters */
    if (oid.len != 9 || !eq_bytes(oid.p, oid_prefix, sizeof oid_prefix)) return NULL;
    return find_oid(oid.p[7], oid.p[8]);
}

int kf_key_decode_spki(const uint8_t *der, size_t derlen, kf_key_type *t,
                       uint8_t *pub, size_t pubcap, size_t *publen)
{
    rbuf r = {der, derlen}, s, bits;
    const struct ktype *k;
    size_t n;
    if (!der || !t || !pub || !publen) return KF_ERR_NULL_POINTER;
    if (!get_tlv(&r, 0x30, &s) || r.len != 0) return KF_ERR_BAD_ENCODING;
    if (!(k = get_algid(&s))) return KF_ERR_BAD_ENCODING;
    if (!get_tlv(&s, 0x03, &bits) || s.len != 0 || bits.len < 1 || bits.p[0] != 0) return KF_ERR_BAD_ENCODING;
    n = kf_key_pub_bytes(k->t);
    if (bits.len - 1 != n) return KF_ERR_BAD_LENGTH;
    if (pubcap < n) return KF_ERR_BAD_LENGTH;
    if (k->kind == KIND_MLKEM) {
        int rc = kf_mlkem_check_ek((kf_mlkem_param)k->param, bits.p + 1, n);
        if (rc != KF_OK) return rc;
    }
    memcpy(pub, bits.p + 1, n);
    *publen = n;
    *t = k->t;
    return KF_OK;
}

/* The end of a PrivateKeyInfo's SEQUENCE, after its privateKey (a helper of get_pkcs8): the
 * [0] attributes, ignored, then the [1] publicKey BIT STRING (RFC 5958 §2: present in version
 * 1 and only there; it must match the private key's), its content in *op, *ol (NULL, 0 when
 * absent), and nothing after it. KF_OK or KF_ERR_BAD_ENCODING. */
/*@ requires rbuf_ok(s) && (version == 0 || version == 1);
    requires \valid(op) && \valid(ol) && \separated(s, op, ol);
    assigns *s, *op, *ol;
    ensures \result == KF_OK ==> *op == \null || (*ol >= 1 && \valid_read(*op + (0 .. *ol - 1))
      && \subset(*op + (0 .. *ol - 1), \old(s->p) + (0 .. \old(s->len) - 1))); */
static int get_pkcs8_tail(rbuf *s, int version, const uint8_t **op, size_t *ol)
{
    rbuf a, o;
    if (s->len && s->p[0] == 0xA0 && !get_tlv(s, 0xA0, &a)) return KF_ERR_BAD_ENCODING; /* attributes: ignored */
    o.p = NULL; o.len = 0;
    if (s->len && version == 1) {
        if (!get_tlv(s, 0x81, &o) || o.len < 1 || o.p[0] != 0) return KF_ERR_BAD_ENCODING;
    }
    if (s->len != 0 || (version == 1 && !o.p)) return KF_ERR_BAD_ENCODING;
    *op = o.p;
    *ol = o.len;
    return KF_OK;
}

/* A PrivateKeyInfo / OneAsymmetricKey (RFC 5958) in der: its algorithm (*k), the privateKey
 * OCTET STRING's content (*pkp, *pkl bytes) and the publicKey BIT STRING's (*opkp, *opkl; NULL when absent,
 * as it must be in version 0 and must not be in version 1). KF_OK or KF_ERR_BAD_ENCODING. */
/*@ requires \valid_read(der + (0 .. derlen - 1));
    requires \valid(k) && \valid(pkp) && \valid(pkl) && \valid(opkp) && \valid(opkl);
    requires \separated(k, pkp, pkl, opkp, opkl);
    assigns *k, *pkp, *pkl, *opkp, *opkl;
    ensures \result == KF_OK ==> ktype_ok(*k);
    ensures \result == KF_OK ==> \valid_read(*pkp + (0 .. *pkl - 1))
      && \subset(*pkp + (0 .. *pkl - 1), der + (0 .. derlen - 1));
    ensures \result == KF_OK ==> *opkp == \null || (*opkl >= 1 && \valid_read(*opkp + (0 .. *opkl - 1))
      && \subset(*opkp + (0 .. *opkl - 1), der + (0 .. derlen - 1))); */
static int get_pkcs8(const uint8_t *der, size_t derlen, const struct ktype **k, const uint8_t **pkp, size_t *pkl,
                     const uint8_t **opkp, size_t *opkl)
{
    rbuf r = {der, derlen}, s, ver, p;
    const struct ktype *kt;
    const uint8_t *pp, *op;
    size_t pl, ol;
    int version;
    if (!get_tlv(&r, 0x30, &s) || r.len != 0) return KF_ERR_BAD_ENCODING;
    /*@ assert s_in: \subset(s.p + (0 .. s.len - 1), der + (0 .. derlen - 1)); */
    if (!get_tlv(&s, 0x02, &ver) || ver.len != 1 || ver.p[0] > 1) return KF_ERR_BAD_ENCODING;
    version = ver.p[0];
    /*@ assert s_in: \subset(s.p + (0 .. s.len - 1), der + (0 .. derlen - 1)); */
    if (!(kt = get_algid(&s))) return KF_ERR_BAD_ENCODING;
    /*@ assert s_in: \subset(s.p + (0 .. s.len - 1), der + (0 .. derlen - 1)); */
    if (!get_tlv(&s, 0x04, &p)) return KF_ERR_BAD_ENCODING;
    pp = p.p;   /* copies the later calls' effects cannot reach */
    pl = p.len;
    /*@ assert p_in: \valid_read(pp + (0 .. pl - 1)) && \subset(pp + (0 .. pl - 1), der + (0 .. derlen - 1)); */
    /*@ assert s_in: \subset(s.p + (0 .. s.len - 1), der + (0 .. derlen - 1)); */
    if (get_pkcs8_tail(&s, version, &op, &ol) != KF_OK) return KF_ERR_BAD_ENCODING;
    /*@ assert op_in: op == \null || (ol >= 1 && \valid_read(op + (0 .. ol - 1))
          && \subset(op + (0 .. ol - 1), der + (0 .. derlen - 1))); */
    *k = kt;
    *pkp = pp;
    *pkl = pl;
    *opkp = op;
    *opkl = ol;
    return KF_OK;
}

/* The ML-KEM-PrivateKey / ML-DSA-PrivateKey CHOICE in p[0..len): its form, where its seed
 * (sl bytes) is (*sd) and where its expanded key (n bytes) is (*x), NULL for what the form
 * lacks. KF_OK, KF_ERR_BAD_ENCODING or KF_ERR_BAD_LENGTH. */
/*@ requires \valid_read(p + (0 .. len - 1)) && sl >= 1 && n >= 1;
    requires \valid(f) && \valid(sd) && \valid(x) && \separated(f, sd, x);
    assigns *f, *sd, *x;
    ensures \result == KF_OK ==> *sd != \null || *x != \null;
    ensures \result == KF_OK ==> *sd == \null || (\valid_read(*sd + (0 .. sl - 1))
      && \subset(*sd + (0 .. sl - 1), p + (0 .. len - 1)));
    ensures \result == KF_OK ==> *x == \null || (\valid_read(*x + (0 .. n - 1))
      && \subset(*x + (0 .. n - 1), p + (0 .. len - 1))); */
static int get_choice(const uint8_t *p, size_t len, size_t sl, size_t n, kf_key_priv_form *f,
                      const uint8_t **sd, const uint8_t **x)
{
    rbuf ch = {p, len}, a, b;
    *sd = NULL;
    *x = NULL;
    if (ch.len && ch.p[0] == 0x80) {
        if (!get_tlv(&ch, 0x80, &a) || ch.len) return KF_ERR_BAD_ENCODING;
        if (a.len != sl) return KF_ERR_BAD_LENGTH;
        *f = KF_PRIV_SEED; *sd = a.p;
    } else if (ch.len && ch.p[0] == 0x04) {
        if (!get_tlv(&ch, 0x04, &b) || ch.len) return KF_ERR_BAD_ENCODING;
        if (b.len != n) return KF_ERR_BAD_LENGTH;
        *f = KF_PRIV_EXPANDED; *x = b.p;
    } else if (ch.len && ch.p[0] == 0x30) {
        rbuf sq;
        if (!get_tlv(&ch, 0x30, &sq) || ch.len || !get_tlv(&sq, 0x04, &a) || !get_tlv(&sq, 0x04, &b) || sq.len)
            return KF_ERR_BAD_ENCODING;
        if (a.len != sl || b.len != n) return KF_ERR_BAD_LENGTH;
        *f = KF_PRIV_BOTH; *sd = a.p; *x = b.p;
    } else {
        return KF_ERR_BAD_ENCODING;
    }
    return KF_OK;
}

/* The expanded key (into dk) and the public key (into pub) of a CHOICE: the seed's, which
 * must equal the expanded key given beside it ("both"), or the expanded key's, checked. */
/*@ requires ktype_ok(k) && k->kind != KIND_SLHDSA && n == key_priv_len(k->t);
    requires sd != \null || x != \null;
    requires sd == \null || \valid_read(sd + (0 .. (k->kind == KIND_MLKEM ? 64 : 32) - 1));
    requires x == \null || \valid_read(x + (0 .. n - 1));
    requires \valid(pub + (0 .. PUB_MAX - 1)) && \valid(dk + (0 .. PRIV_MAX - 1));
    requires \separated(pub + (0 .. PUB_MAX - 1), dk + (0 .. PRIV_MAX - 1));
    requires x == \null || \separated(x + (0 .. n - 1), pub + (0 .. PUB_MAX - 1), dk + (0 .. PRIV_MAX - 1));
    requires sd == \null ||
             \separated(sd + (0 .. (k->kind == KIND_MLKEM ? 64 : 32) - 1), pub + (0 .. PUB_MAX - 1),
                        dk + (0 .. PRIV_MAX - 1));
    assigns pub[0 .. PUB_MAX - 1], dk[0 .. PRIV_MAX - 1], kf_spec_xn_table; */
static int priv_of_choice(const struct ktype *k, const uint8_t *sd, const uint8_t *x, size_t n, uint8_t *pub,
                          uint8_t *dk)
{
    int rc;
    if (sd) {
        rc = expand_seed(k, sd, pub, dk);
        if (rc == KF_OK && x && !same_key(dk, x, n)) rc = KF_ERR_BAD_KEY;   /* "both" disagree */
    } else {
        rc = check_priv(k, x, n, pub);
        if (rc == KF_OK) memcpy(dk, x, n);
    }
    return rc;
}

int kf_key_decode_pkcs8(const uint8_t *der, size_t derlen, kf_key_type *t, kf_key_priv_form *form,
                        uint8_t *seed, size_t seedcap, size_t *seedlen,
                        uint8_t *priv, size_t privcap, size_t *privlen)
{
    rbuf pk, opk;   /* pk.p, opk.p: in der */
    const struct ktype *k;
    size_t n, sl, publ;
    int rc;
    kf_key_priv_form f;
    uint8_t pub[PUB_MAX], dk[PRIV_MAX];
    const uint8_t *sd, *x;
    if (!der || !t || !priv || !privlen) return KF_ERR_NULL_POINTER;
    if ((rc = get_pkcs8(der, derlen, &k, &pk.p, &pk.len, &opk.p, &opk.len)) != KF_OK) return rc;
    n = kf_key_priv_bytes(k->t);
    publ = kf_key_pub_bytes(k->t);
    if (opk.p && opk.len != publ + 1) return KF_ERR_BAD_LENGTH;   /* as kf_key_decode_spki */
    if (privcap < n) return KF_ERR_BAD_LENGTH;
    if (k->kind == KIND_SLHDSA) {
        if (pk.len != n) return KF_ERR_BAD_LENGTH;
        if (opk.p && !eq_bytes(opk.p + 1, pk.p + n - publ, publ)) return KF_ERR_BAD_KEY;
        memcpy(priv, pk.p, n);
        *privlen = n;
        if (seedlen) *seedlen = 0;
        if (form) *form = KF_PRIV_EXPANDED;
        *t = k->t;
        return KF_OK;
    }
    /* ML-KEM-PrivateKey / ML-DSA-PrivateKey CHOICE */
    sl = seed_bytes(k);
    if ((rc = get_choice(pk.p, pk.len, sl, n, &f, &sd, &x)) != KF_OK) return rc;
    if (sd && seed && seedcap < sl) return KF_ERR_BAD_LENGTH;
    rc = priv_of_choice(k, sd, x, n, pub, dk);
    if (rc == KF_OK && opk.p && !eq_bytes(opk.p + 1, pub, publ)) rc = KF_ERR_BAD_KEY;
    if (rc == KF_OK) {
        memcpy(priv, dk, n);
        *privlen = n;
        if (seedlen) *seedlen = 0;
        if (sd && seed) { memcpy(seed, sd, sl); if (seedlen) *seedlen = sl; }
        if (form) *form = f;
        *t = k->t;
    }
    kf_wipe(dk, sizeof dk);
    kf_wipe(pub, sizeof pub);
    return rc;
}

/* ---- PEM ---------------------------------------------------------------------------- */
static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* RFC 7468's label: printable ASCII (0x21-0x7E) other than '-', with single spaces or hyphens
 * between those characters, at most 80 bytes. Anything else (a NUL, a control character, a
 * leading or trailing space) could not survive a round trip: encode and decode both refuse it
 * (a NUL in a decoded label cut the C string short, and the re-encoded block's label differed:
 * found by fuzz_key_decode, 2026-11-23). */
/*@ requires \valid_read(lab + (0 .. ll - 1));
    assigns \nothing;
    ensures \result != 0 ==> 1 <= ll <= 80; */
static int pem_label_ok(const char *lab, size_t ll)
{
    if (ll == 0 || ll > 80) return 0;
    /*@ loop invariant 0 <= i <= ll;
        loop assigns i;
        loop variant ll - i; */
    for (size_t i = 0; i < ll; i++) {
        unsigned char c = (unsigned char)lab[i];
        int sep = c == ' ' || c == '-';
        if (!sep && (c < 0x21 || c > 0x7e)) return 0;
        if (sep && (i == 0 || i + 1 == ll || lab[i - 1] == ' ' || lab[i - 1] == '-')) return 0;
    }
    return 1;
}

/* The base64 of der[0..derlen) in lines of 64 characters, each ended by '\n', into out: the
 * number of characters written, b64_text_len(derlen) (a helper of kf_pem_encode: its own
 * goals stay short, docs/ASSURANCE.md). */
/*@ logic integer b64_chars(integer d) = (d + 2) / 3 * 4;
    logic integer b64_text_len(integer d) = b64_chars(d) + (b64_chars(d) + 63) / 64; */
/*@ requires derlen <= PTRDIFF_MAX;
    requires \valid_read(der + (0 .. derlen - 1));
    requires \valid(out + (0 .. b64_text_len(derlen) - 1));
    assigns out[0 .. b64_text_len(derlen) - 1];
    ensures \result == b64_text_len(derlen); */
static size_t b64_lines(const uint8_t *der, size_t derlen, char *out)
{
    size_t i, pos = 0, col = 0;
    /*@ loop invariant i % 3 == 0 && 0 <= i <= derlen + 2;
        loop invariant pos == 4 * (i / 3) + (i / 3) / 16 && col == 4 * ((i / 3) % 16);
        loop assigns i, pos, col, out[0 .. b64_text_len(derlen) - 1];
        loop variant derlen - i; */
    for (i = 0; i < derlen; i += 3) {
        uint32_t v = (uint32_t)der[i] << 16;
        size_t rem = derlen - i;
        if (rem > 1) v |= (uint32_t)der[i + 1] << 8;
        if (rem > 2) v |= der[i + 2];
        out[pos++] = b64[(v >> 18) & 63];
        out[pos++] = b64[(v >> 12) & 63];
        out[pos++] = rem > 1 ? b64[(v >> 6) & 63] : '=';
        out[pos++] = rem > 2 ? b64[v & 63] : '=';
        col += 4;
        if (col == 64) { out[pos++] = '\n'; col = 0; }
    }
    /*@ assert groups: derlen <= i && 4 * (i / 3) == b64_chars(derlen); */
    /*@ assert lines: (col == 0 ? 0 : 1) + (i / 3) / 16 == (b64_chars(derlen) + 63) / 64; */
    if (col) out[pos++] = '\n';
    return pos;
}

/*@ requires label == \null || valid_read_string(label);
    requires der == \null || \valid_read(der + (0 .. derlen - 1));
    requires derlen <= PTRDIFF_MAX;
    requires out == \null || \valid(out + (0 .. outcap - 1));
    requires outlen == \null || \valid(outlen);
    requires out == \null || label == \null || \separated(out + (0 .. outcap - 1), label + (0 .. strlen(label)));
    requires out == \null || outlen == \null || \separated(out + (0 .. outcap - 1), outlen);
    assigns out[0 .. outcap - 1], *outlen; */
int kf_pem_encode(const char *label, const uint8_t *der, size_t derlen,
                  char *out, size_t outcap, size_t *outlen)
{
    size_t ll, need, nchars, pos = 0;
    if (!label || !outlen || (!der && derlen)) return KF_ERR_NULL_POINTER;
    ll = strlen(label);
    if (!pem_label_ok(label, ll)) return KF_ERR_BAD_ENCODING;
    nchars = (derlen + 2) / 3 * 4;
    /*@ assert chars: nchars == b64_chars(derlen); */
    need = 11 + ll + 6 + nchars + (nchars + 63) / 64 + 9 + ll + 6 + 1;  /* with the final NUL */
    *outlen = need - 1;
    if (!out) return KF_OK;
    if (outcap < need) return KF_ERR_BAD_LENGTH;
#define EMIT(s, n) do { memcpy(out + pos, s, n); pos += n; } while (0)
    EMIT("-----BEGIN ", 11); EMIT(label, ll); EMIT("-----\n", 6);
    pos += b64_lines(der, derlen, out + pos);
    /*@ assert body: pos == 17 + ll + nchars + (nchars + 63) / 64; */
    EMIT("-----END ", 9); EMIT(label, ll); EMIT("-----\n", 6);
#undef EMIT
    out[pos] = 0;
    *outlen = pos;
    return KF_OK;
}

/*@ assigns \nothing;
    ensures -1 <= \result <= 63; */
static int b64val(char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

/*@ requires \valid_read(h + (0 .. hl - 1)) && \valid_read(n + (0 .. nl - 1));
    requires hl <= PTRDIFF_MAX;
    assigns \nothing;
    ensures \result == \null || \exists integer i; 0 <= i && i + nl <= hl && \result == h + i; */
static const char *find_str(const char *h, size_t hl, const char *n, size_t nl)
{
    if (nl > hl) return NULL;
    /*@ loop invariant 0 <= i <= hl - nl + 1;
        loop assigns i;
        loop variant hl - nl + 1 - i; */
    for (size_t i = 0; i + nl <= hl; i++)
        if (eq_bytes(h + i, n, nl)) return h + i;
    return NULL;
}

/* The base64 between the BEGIN and END lines (whitespace ignored, canonical padding): its
 * length in *n, and the bytes into out[0..cap) when out is not NULL (the caller has counted
 * them with out NULL and checked they fit; cap bounds the writes all the same). 1 if well
 * formed. */
/*@ requires \valid_read(p + (0 .. len - 1));
    requires \valid(n);
    requires out == \null || \valid(out + (0 .. cap - 1));
    requires out == \null || \separated(out + (0 .. cap - 1), n, p + (0 .. len - 1));
    requires \separated(n, p + (0 .. len - 1));
    assigns *n, out[0 .. cap - 1];
    ensures \result == 0 || \result == 1; */
static int b64_body(const char *p, size_t len, uint8_t *out, size_t cap, size_t *n)
{
    uint32_t acc = 0;
    int bits = 0, pad = 0;
    *n = 0;
    /*@ loop invariant 0 <= i <= len;
        loop invariant 0 <= bits <= 6 && bits % 2 == 0 && 0 <= pad <= 2;
        loop assigns i, acc, bits, pad, *n, out[0 .. cap - 1];
        loop variant len - i; */
    for (size_t i = 0; i < len; i++) {
        char c = p[i];
        int v;
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
        /* a third '=' is refused at once: counting them all overflowed the int at 2^31 of
         * them (undefined), and at 2^32 the count wrapped to 0 and the block was accepted
         * (found by the proof, proofs/ unit key_codecs; tests/test_pem_pad_overflow.c) */
        if (c == '=') { if (++pad > 2) return 0; continue; }
        if (pad || (v = b64val(c)) < 0) return 0;  /* data after padding, bad char */
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (out) {
                if (*n >= cap) return 0;
                out[*n] = (uint8_t)(acc >> bits);
            }
            (*n)++;
        }
    }
    /* leftover bits must be zero, padding must complete the last group */
    if (pad > 2 || (bits == 0 && pad) || (bits == 2 && pad != 1) || (bits == 4 && pad != 2) || (acc & ((1u << bits) - 1)))
        return 0;
    return bits != 6;
}

/* The DER is often a private key: it is written only once the whole block has been read and
 * found well formed and the buffers big enough, so no error leaves part of it in der. */
int kf_pem_decode(const char *pem, size_t pemlen, char *label, size_t labelcap,
                  uint8_t *der, size_t dercap, size_t *derlen)
{
    const char *b, *lab, *le, *body, *end;
    size_t ll, n = 0;
    if (!pem || !derlen) return KF_ERR_NULL_POINTER;
    if (!(b = find_str(pem, pemlen, "-----BEGIN ", 11))) return KF_ERR_BAD_ENCODING;
    lab = b + 11;
    if (!(le = find_str(lab, pemlen - (size_t)(lab - pem), "-----", 5))) return KF_ERR_BAD_ENCODING;
    ll = (size_t)(le - lab);
    if (!pem_label_ok(lab, ll)) return KF_ERR_BAD_ENCODING;
    body = le + 5;
    if (!(end = find_str(body, pemlen - (size_t)(body - pem), "-----END ", 9))) return KF_ERR_BAD_ENCODING;
    if ((size_t)(pem + pemlen - (end + 9)) < ll + 5 || !eq_bytes(end + 9, lab, ll) || !eq_bytes(end + 9 + ll, "-----", 5))
        return KF_ERR_BAD_ENCODING;
    if (!b64_body(body, (size_t)(end - body), NULL, 0, &n)) return KF_ERR_BAD_ENCODING;
    *derlen = n;
    if (label && labelcap <= ll) return KF_ERR_BAD_LENGTH;
    if (der && n > dercap) return KF_ERR_BAD_LENGTH;
    if (der) (void)b64_body(body, (size_t)(end - body), der, dercap, &n);
    if (label) {
        memcpy(label, lab, ll);
        label[ll] = 0;
    }
    return KF_OK;
}

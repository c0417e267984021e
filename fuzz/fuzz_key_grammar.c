/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_key_grammar.c - SubjectPublicKeyInfo and PKCS#8 DER built from a grammar the input
 * drives, each with a verdict of the harness's own: the decoders must agree (issue 52,
 * "What to build" 2).
 *
 * The input picks the structure (SPKI, RFC 5280 4.1.2.7; or OneAsymmetricKey, RFC 5958, with
 * version v1 or v2, attributes or none, a publicKey [1] or none), the key type (the twelve
 * OIDs of keccakforge.h, or an OID it does not know), the ML-KEM / ML-DSA private key form
 * (RFC 9881 and the ML-KEM draft's CHOICE: seed [0], expandedKey, both), the key material (the
 * library's KeyGen_internal of a seed from the input; SLH-DSA keys are bytes from the input,
 * which no check can refuse), then up to four changes, each kind at most once: a non-minimal
 * length or a wrong tag on any one field, parameters in the AlgorithmIdentifier, an element
 * too many inside the outer SEQUENCE, the private key CHOICE or the "both" SEQUENCE, bytes
 * after the DER, an indefinite outer length, a cut, a key, seed or publicKey a few bytes
 * short or long, one byte of key material, seed or publicKey changed, a BIT STRING whose
 * unused-bits byte is not 0, a version other than 0 and 1 (or not minimal).
 *
 * The verdict follows the standards, not the decoder: DER (X.690) and the ASN.1 of RFC 5280 /
 * RFC 5958 with no parameters for these OIDs (KF_ERR_BAD_ENCODING when broken); RFC 5958's
 * "publicKey present if and only if version is v2" (so v2 without publicKey is malformed:
 * KF_ERR_BAD_ENCODING; issue 52 R10); keys, seeds and publicKeys of the wrong size
 * (KF_ERR_BAD_LENGTH; a v2 publicKey one byte short too: R11); and the keys' own checks
 * (KF_ERR_BAD_KEY), computed here: FIPS 203 7.2's modulus check (12-bit coefficients < q,
 * decoded here) for an ML-KEM ek, 7.3's hash check (H(ek) stored in dk) and the ek check for
 * an expanded dk (dk_pke and z are not checked by the standard: changing them keeps the key
 * valid); an ML-DSA expanded sk is valid exactly when it is the one key generation wrote,
 * up to K (bytes 32-63, which only signing uses); "both" requires the expanded key to be the
 * seed's; a publicKey must be the private key's. With exactly one kind of fault the decoder
 * must return that error; with faults of two kinds, any error; with none, KF_OK and the
 * type, form, seed and key built. The other decoder (SPKI for a PKCS#8 and the reverse)
 * must refuse the DER as malformed.
 *
 * Input: structure byte, type byte, form/version/attribute/publicKey byte, seed (64), then
 * per change: kind, field or position (2 bytes), value.
 */
#include "fuzz_util.h"

#define PUB_MAX KF_MLDSA_PK_MAX_BYTES
#define PRIV_MAX KF_MLDSA_SK_MAX_BYTES

enum kind { KEM, DSA, SLH };
static const struct kt {
    kf_key_type t;
    enum kind kind;
    uint8_t arc, num; /* OID 2.16.840.1.101.3.4.arc.num */
    int param;
} kts[12] = {
    {KF_KEY_MLKEM512, KEM, 4, 1, 512},   {KF_KEY_MLKEM768, KEM, 4, 2, 768},   {KF_KEY_MLKEM1024, KEM, 4, 3, 1024},
    {KF_KEY_MLDSA44, DSA, 3, 17, 44},    {KF_KEY_MLDSA65, DSA, 3, 18, 65},    {KF_KEY_MLDSA87, DSA, 3, 19, 87},
    {KF_KEY_SLHDSA_SHAKE_128S, SLH, 3, 26, 0}, {KF_KEY_SLHDSA_SHAKE_128F, SLH, 3, 27, 0},
    {KF_KEY_SLHDSA_SHAKE_192S, SLH, 3, 28, 0}, {KF_KEY_SLHDSA_SHAKE_192F, SLH, 3, 29, 0},
    {KF_KEY_SLHDSA_SHAKE_256S, SLH, 3, 30, 0}, {KF_KEY_SLHDSA_SHAKE_256F, SLH, 3, 31, 0},
};
/* OIDs under the same arc this library does not know: SLH-DSA-SHA2-128s (3.20), ML-DSA with
 * SHA-512 pre-hash (3.32), a fourth ML-KEM (4.4), and the arc 3.0 */
static const uint8_t unknown_oids[4][2] = {{3, 20}, {3, 32}, {4, 4}, {3, 0}};

/* fields of the structure whose tag and length the changes may spoil */
enum field { F_OUTER, F_VERSION, F_ALGID, F_OID, F_PRIV, F_CHOICE, F_BSEED, F_BEXP, F_ATTRS, F_OPK, F_BITS, F_N };
/* a tag that is wrong at each field (and is no other CHOICE alternative) */
static const uint8_t wrong_tag[F_N] = {0x31, 0x0A, 0x31, 0x0D, 0x24, 0, 0x80, 0x80, 0xA2, 0x83, 0x23};

enum { V_ENC = 1, V_LEN = 2, V_KEY = 4 };
enum change {
    C_NONMIN, C_BADTAG, C_PARAMS, C_EXTRA_OUTER, C_EXTRA_CHOICE, C_EXTRA_BOTH, C_TRAILING, C_INDEFINITE, C_CUT,
    C_KEYLEN, C_SEEDLEN, C_OPKLEN, C_KEYBYTE, C_SEEDBYTE, C_OPKBYTE, C_UNUSED, C_VERSION, C_OID, C_N
};

typedef struct model {
    int spki, ti, form, version, version_long, attrs, opk;
    int bad; /* V_* of the structural and length faults */
    uint8_t oid[2];
    uint8_t seed[64 + 8];
    size_t seedlen;
    uint8_t key[PRIV_MAX + 8]; /* SPKI: the public key; PKCS#8: the expanded private key */
    size_t keylen;
    uint8_t opkb[PUB_MAX + 8]; /* the publicKey's bits (after the unused-bits byte) */
    size_t opklen;
    uint8_t unused; /* the unused-bits byte of the BIT STRING (SPKI or publicKey) */
    int nonmin, badtag, params, extra_outer, extra_choice, extra_both, trailing, indefinite;
    size_t cut;
    /* the key pair the material came from */
    uint8_t pub0[PUB_MAX], priv0[PRIV_MAX];
} model;

static model m;

/* ---- the DER writer ----------------------------------------------------------------------- */
typedef struct buf {
    uint8_t p[16384];
    size_t n;
} buf;

static void put(buf *b, const void *s, size_t n)
{
    FZ_CHECK(b->n + n <= sizeof b->p, "grammar buffer");
    if (n) memcpy(b->p + b->n, s, n);
    b->n += n;
}

static void tlv(buf *out, enum field f, uint8_t tag, const uint8_t *c, size_t n)
{
    uint8_t h[6];
    size_t hl = 0;
    h[hl++] = m.badtag == (int)f && wrong_tag[f] ? wrong_tag[f] : tag;
    if (f == F_OUTER && m.indefinite) {
        h[hl++] = 0x80;
        put(out, h, hl);
        put(out, c, n);
        put(out, "\0\0", 2);
        return;
    }
    if (m.nonmin == (int)f) { /* one length byte more than needed */
        if (n < 0x80) h[hl++] = 0x81;
        else if (n < 0x100) h[hl++] = 0x82, h[hl++] = 0;
        else h[hl++] = 0x83, h[hl++] = 0, h[hl++] = (uint8_t)(n >> 8);
        h[hl++] = (uint8_t)n;
    } else if (n < 0x80) {
        h[hl++] = (uint8_t)n;
    } else if (n < 0x100) {
        h[hl++] = 0x81, h[hl++] = (uint8_t)n;
    } else {
        h[hl++] = 0x82, h[hl++] = (uint8_t)(n >> 8), h[hl++] = (uint8_t)n;
    }
    put(out, h, hl);
    put(out, c, n);
}

static const uint8_t null_tlv[2] = {0x05, 0x00};

static void algid(buf *out)
{
    static buf a;
    uint8_t oid[9] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, m.oid[0], m.oid[1]};
    a.n = 0;
    tlv(&a, F_OID, 0x06, oid, 9);
    if (m.params) put(&a, null_tlv, 2);
    tlv(out, F_ALGID, 0x30, a.p, a.n);
}

static void bits(buf *out, enum field f, const uint8_t *b, size_t n)
{
    static uint8_t c[PRIV_MAX + 16];
    c[0] = m.unused;
    memcpy(c + 1, b, n);
    tlv(out, f, f == F_OPK ? 0x81 : 0x03, c, n + 1);
}

static void serialize(buf *out)
{
    static buf body, priv, choice, both;
    body.n = priv.n = choice.n = both.n = 0;
    if (m.spki) {
        algid(&body);
        bits(&body, F_BITS, m.key, m.keylen);
    } else {
        uint8_t ver[2] = {0, (uint8_t)m.version};
        tlv(&body, F_VERSION, 0x02, m.version_long ? ver : ver + 1, m.version_long ? 2 : 1);
        algid(&body);
        if (m.ti >= 0 && kts[m.ti].kind == SLH) {
            put(&priv, m.key, m.keylen);
        } else if (m.form == KF_PRIV_SEED) {
            tlv(&priv, F_CHOICE, 0x80, m.seed, m.seedlen);
        } else if (m.form == KF_PRIV_EXPANDED) {
            tlv(&priv, F_CHOICE, 0x04, m.key, m.keylen);
        } else {
            tlv(&both, F_BSEED, 0x04, m.seed, m.seedlen);
            tlv(&both, F_BEXP, 0x04, m.key, m.keylen);
            if (m.extra_both) put(&both, null_tlv, 2);
            tlv(&priv, F_CHOICE, 0x30, both.p, both.n);
        }
        if (m.extra_choice) put(&priv, null_tlv, 2);
        tlv(&body, F_PRIV, 0x04, priv.p, priv.n);
        if (m.attrs) { /* one well-formed Attribute: SEQUENCE { friendlyName OID, SET { BMPString "kf" } } */
            static const uint8_t attr[] = {0x30, 0x13, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01,
                                           0x09, 0x14, 0x31, 0x06, 0x1E, 0x04, 0x00, 'k', 0x00, 'f'};
            tlv(&body, F_ATTRS, 0xA0, attr, sizeof attr);
        }
        if (m.opk) bits(&body, F_OPK, m.opkb, m.opklen);
    }
    if (m.extra_outer) put(&body, null_tlv, 2);
    out->n = 0;
    tlv(out, F_OUTER, 0x30, body.p, body.n);
    if (m.trailing) put(out, null_tlv, 2);
}

/* ---- the verdict's own checks ---------------------------------------------------------------- */
/* FIPS 203 7.2: every 12-bit coefficient of ek's first 384k bytes below q */
static int ek_modulus_ok(const uint8_t *ek, size_t eklen)
{
    for (size_t i = 0; i + 3 <= eklen - 32; i += 3) {
        unsigned a = ek[i] | (unsigned)(ek[i + 1] & 15) << 8, b = ek[i + 1] >> 4 | (unsigned)ek[i + 2] << 4;
        if (a >= 3329 || b >= 3329) return 0;
    }
    return 1;
}

static size_t seed_size(const struct kt *k) { return k->kind == KEM ? 64 : 32; }

/* the key pair a seed gives (the library's KeyGen_internal: the reference for "the seed's key") */
static void keygen(const struct kt *k, const uint8_t *seed, uint8_t *pub, uint8_t *priv)
{
    int rc = k->kind == KEM ? kf_mlkem_keygen_internal((kf_mlkem_param)k->param, pub, priv, seed, seed + 32)
                            : kf_mldsa_keygen_internal((kf_mldsa_param)k->param, pub, priv, seed);
    FZ_CHECK(rc == KF_OK, "keygen");
}

/* The expected status (or -1000: any error), and on KF_OK the private key (PKCS#8) that must
 * come out. */
static int verdict(uint8_t *want_priv)
{
    int v = m.bad;
    if (m.ti < 0) return KF_ERR_BAD_ENCODING; /* an unknown algorithm: nothing else can be judged */
    const struct kt *k = &kts[m.ti];
    const size_t publ = kf_key_pub_bytes(k->t), privl = kf_key_priv_bytes(k->t);
    if (m.spki) {
        if (m.keylen == publ && k->kind == KEM && !ek_modulus_ok(m.key, publ)) v |= V_KEY;
    } else {
        static uint8_t pub[PUB_MAX], priv[PRIV_MAX];
        int have = 0; /* the private key is judged (right sizes): 1 valid, -1 invalid */
        if (k->kind == SLH) {
            if (m.keylen == privl) {
                have = 1;
                memcpy(priv, m.key, privl);
                memcpy(pub, m.key + privl - publ, publ);
            }
        } else if (m.form == KF_PRIV_SEED) {
            if (m.seedlen == seed_size(k)) {
                have = 1;
                keygen(k, m.seed, pub, priv);
            }
        } else if (m.form == KF_PRIV_EXPANDED) {
            if (m.keylen == privl && k->kind == KEM) {
                uint8_t h[32];
                const uint8_t *ek = m.key + privl - publ - 64;
                kf_sha3_256(h, ek, publ);
                have = memcmp(h, m.key + privl - 64, 32) == 0 && ek_modulus_ok(ek, publ) ? 1 : -1;
                memcpy(pub, ek, publ);
                memcpy(priv, m.key, privl);
            } else if (m.keylen == privl) { /* ML-DSA: the generated key, K aside */
                have = memcmp(m.key, m.priv0, 32) == 0 && memcmp(m.key + 64, m.priv0 + 64, privl - 64) == 0 ? 1 : -1;
                memcpy(pub, m.pub0, publ);
                memcpy(priv, m.key, privl);
            }
        } else if (m.seedlen == seed_size(k) && m.keylen == privl) {
            keygen(k, m.seed, pub, priv);
            have = memcmp(priv, m.key, privl) == 0 ? 1 : -1;
        }
        if (have < 0) v |= V_KEY;
        if (have > 0 && m.opk && m.unused == 0 && m.opklen == publ && memcmp(m.opkb, pub, publ) != 0) v |= V_KEY;
        if (have > 0) memcpy(want_priv, priv, privl);
    }
    if (v == 0) return KF_OK;
    if (v == V_ENC) return KF_ERR_BAD_ENCODING;
    if (v == V_LEN) return KF_ERR_BAD_LENGTH;
    if (v == V_KEY) return KF_ERR_BAD_KEY;
    return -1000;
}

/* ---- building the model from the input ---------------------------------------------------- */
static size_t delta(uint8_t v) /* a size change of 1-3 bytes down or up */
{
    return (size_t)(v % 3 + 1);
}

/* a size change (bytes added are filler); 1 if the size changed */
static int resize(uint8_t *p, size_t *len, size_t cap, uint8_t v)
{
    size_t old = *len;
    if (v & 0x80) {
        *len = *len >= delta(v) ? *len - delta(v) : 0;
    } else {
        size_t n = *len + delta(v);
        if (n > cap) n = cap;
        for (size_t i = *len; i < n; i++) p[i] = (uint8_t)(v + i);
        *len = n;
    }
    return *len != old;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz r = {data, size};
    memset(&m, 0, sizeof m);
    m.nonmin = m.badtag = -1;
    uint8_t shape = fz_u8(&r), tb = fz_u8(&r), opts = fz_u8(&r);
    size_t got;
    memcpy(m.seed, fz_bytes(&r, 64, &got), got);
    m.spki = shape & 1;
    m.ti = tb % 12;
    const struct kt *k = &kts[m.ti];
    const size_t publ = kf_key_pub_bytes(k->t), privl = kf_key_priv_bytes(k->t);
    m.oid[0] = k->arc, m.oid[1] = k->num;
    /* the key material */
    if (k->kind == SLH) {
        kf_shake256(m.priv0, privl, m.seed, 64);
        memcpy(m.pub0, m.priv0 + privl - publ, publ);
    } else {
        keygen(k, m.seed, m.pub0, m.priv0);
    }
    m.seedlen = k->kind == SLH ? 0 : seed_size(k);
    if (m.spki) {
        memcpy(m.key, m.pub0, publ);
        m.keylen = publ;
    } else {
        memcpy(m.key, m.priv0, privl);
        m.keylen = privl;
        m.form = k->kind == SLH ? KF_PRIV_EXPANDED : 1 + opts % 3; /* seed, expanded, both */
        if (m.form == KF_PRIV_SEED) m.keylen = 0;
        m.version = (opts >> 2) & 1;
        m.attrs = (opts >> 3) & 1;
        m.opk = (opts >> 4) & 1;
        if (m.opk) {
            memcpy(m.opkb, m.pub0, publ);
            m.opklen = publ;
        }
        if (m.opk != m.version) m.bad |= V_ENC; /* RFC 5958: publicKey present iff v2 */
    }
    /* the changes */
    unsigned done = 0, nchanges = fz_u8(&r) % 5;
    for (unsigned c = 0; c < nchanges; c++) {
        uint8_t kind = fz_u8(&r) % C_N;
        uint16_t at = fz_u16(&r);
        uint8_t v = fz_u8(&r);
        if (done >> kind & 1) continue;
        done |= 1u << kind;
        switch ((enum change)kind) {
        case C_NONMIN:
        case C_BADTAG: {
            /* the fields this structure has */
            int fs[F_N], nf = 0;
            fs[nf++] = F_OUTER, fs[nf++] = F_ALGID, fs[nf++] = F_OID;
            if (m.spki) fs[nf++] = F_BITS;
            else {
                fs[nf++] = F_VERSION, fs[nf++] = F_PRIV;
                if (k->kind != SLH) fs[nf++] = F_CHOICE;
                if (m.form == KF_PRIV_BOTH && k->kind != SLH) fs[nf++] = F_BSEED, fs[nf++] = F_BEXP;
                if (m.attrs) fs[nf++] = F_ATTRS;
                if (m.opk) fs[nf++] = F_OPK;
            }
            int f = fs[at % nf];
            if (kind == C_BADTAG && !wrong_tag[f]) break; /* the CHOICE: its other tags are other forms */
            if (kind == C_NONMIN) m.nonmin = f;
            else m.badtag = f;
            m.bad |= V_ENC;
            break;
        }
        case C_PARAMS: m.params = 1, m.bad |= V_ENC; break;
        case C_EXTRA_OUTER: m.extra_outer = 1, m.bad |= V_ENC; break;
        case C_EXTRA_CHOICE:
            if (!m.spki && k->kind != SLH) m.extra_choice = 1, m.bad |= V_ENC;
            break;
        case C_EXTRA_BOTH:
            if (!m.spki && m.form == KF_PRIV_BOTH && k->kind != SLH) m.extra_both = 1, m.bad |= V_ENC;
            break;
        case C_TRAILING: m.trailing = 1, m.bad |= V_ENC; break;
        case C_INDEFINITE: m.indefinite = 1, m.bad |= V_ENC; break;
        case C_CUT: m.cut = 1 + (size_t)at, m.bad |= V_ENC; break; /* where: below, once the DER is known */
        case C_KEYLEN:
            if ((m.spki || m.form != KF_PRIV_SEED) && resize(m.key, &m.keylen, sizeof m.key, v)) m.bad |= V_LEN;
            break;
        case C_SEEDLEN:
            if (!m.spki && k->kind != SLH && m.form != KF_PRIV_EXPANDED && resize(m.seed, &m.seedlen, sizeof m.seed, v))
                m.bad |= V_LEN;
            break;
        case C_OPKLEN:
            if (m.opk && resize(m.opkb, &m.opklen, sizeof m.opkb, v)) m.bad |= V_LEN;
            break;
        case C_KEYBYTE: /* judged by the verdict: it may or may not spoil the key */
            if (m.keylen) m.key[at % m.keylen] ^= (uint8_t)(v | 1);
            break;
        case C_SEEDBYTE:
            if (m.seedlen && !m.spki && m.form != KF_PRIV_EXPANDED) m.seed[at % m.seedlen] ^= (uint8_t)(v | 1);
            break;
        case C_OPKBYTE:
            if (m.opk && m.opklen) m.opkb[at % m.opklen] ^= (uint8_t)(v | 1);
            break;
        case C_UNUSED:
            if (m.spki || m.opk) m.unused = (uint8_t)(v | 1), m.bad |= V_ENC;
            break;
        case C_VERSION:
            if (!m.spki) {
                if (v & 1) m.version_long = 1;
                else m.version = 2 + v % 254;
                m.bad |= V_ENC;
            }
            break;
        case C_OID: {
            const uint8_t *o = unknown_oids[v % 4];
            m.oid[0] = o[0], m.oid[1] = o[1], m.ti = -1, m.bad |= V_ENC;
            break;
        }
        default: break;
        }
    }
    static buf der;
    size_t cut_at = m.cut;
    m.cut = 0;
    serialize(&der);
    if (cut_at) { /* a cut inside the outer TLV (bytes after it aside: cutting only those is no fault) */
        size_t outer = der.n - (m.trailing ? 2 : 0);
        der.n = 1 + (cut_at - 1) % (outer - 1); /* 1 .. outer - 1 */
    }
    static uint8_t want_priv[PRIV_MAX], got_priv[PRIV_MAX + 64], got_seed[64];
    int want = verdict(want_priv);
    kf_key_type t = 0;
    size_t len = 0, seedlen = 99;
    kf_key_priv_form form = 0;
    int rc = m.spki ? kf_key_decode_spki(der.p, der.n, &t, got_priv, sizeof got_priv, &len)
                    : kf_key_decode_pkcs8(der.p, der.n, &t, &form, got_seed, sizeof got_seed, &seedlen, got_priv,
                                          sizeof got_priv, &len);
    const char *what = m.spki ? "SPKI" : "PKCS#8";
    if (want == -1000)
        FZ_CHECK(rc != KF_OK, "%s of %s: faults of two kinds (0x%x), accepted", what,
                 m.ti >= 0 ? kf_key_type_name(kts[m.ti].t) : "an unknown OID", (unsigned)m.bad);
    else
        FZ_CHECK(rc == want, "%s of %s: %s, want %s (faults 0x%x, form %d, version %d, publicKey %d)", what,
                 m.ti >= 0 ? kf_key_type_name(kts[m.ti].t) : "an unknown OID", kf_strerror(rc), kf_strerror(want),
                 (unsigned)m.bad, m.form, m.version, m.opk);
    if (rc == KF_OK) {
        FZ_CHECK(t == k->t, "type %d, want %d", (int)t, (int)k->t);
        if (m.spki) {
            FZ_CHECK(len == publ && memcmp(got_priv, m.key, publ) == 0, "SPKI: not the key built");
        } else {
            FZ_CHECK(len == privl && memcmp(got_priv, want_priv, privl) == 0, "PKCS#8: not the private key built");
            FZ_CHECK(form == (kf_key_priv_form)m.form, "form %d, want %d", (int)form, m.form);
            size_t want_sl = m.form == KF_PRIV_EXPANDED || k->kind == SLH ? 0 : seed_size(k);
            FZ_CHECK(seedlen == want_sl && memcmp(got_seed, m.seed, want_sl) == 0, "the seed (%zu bytes)", seedlen);
        }
    }
    /* the other decoder refuses it as malformed */
    uint8_t other[PRIV_MAX];
    int orc = m.spki ? kf_key_decode_pkcs8(der.p, der.n, &t, NULL, NULL, 0, NULL, other, sizeof other, &len)
                     : kf_key_decode_spki(der.p, der.n, &t, other, sizeof other, &len);
    FZ_CHECK(orc == KF_ERR_BAD_ENCODING, "the %s decoder on a %s DER: %s", m.spki ? "PKCS#8" : "SPKI", what,
             kf_strerror(orc));
    kf_wipe(want_priv, sizeof want_priv);
    kf_wipe(got_priv, sizeof got_priv);
    return 0;
}

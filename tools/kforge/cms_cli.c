/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cms_cli.c - `kforge cms sign`: a CMS SignedData (RFC 5652, DER) signed with ML-DSA
 * (RFC 9882) or SLH-DSA (RFC 9814) by the library alone, no OpenSSL: for OpenSSL 3.0,
 * whose `openssl cms -sign` cannot write a provider key's signatureAlgorithm (see
 * provider/README.md), so that a Debian 12 user can make what `openssl cms -verify
 * -provider keccakforge -provider default` accepts.
 *
 *   kforge cms sign --signer CERT --key KEY --in FILE --out FILE [--detached]
 *
 * CERT is the signer's X.509 certificate (PEM or DER), copied in unchanged; KEY its
 * PKCS#8 private key (PEM or DER), whose public key must be the certificate's. The
 * SignerInfo (version 1, IssuerAndSerialNumber) carries two signed attributes, contentType
 * (id-data) and messageDigest; the signature is pure ML-DSA / SLH-DSA (empty context,
 * hedged) over the DER of those attributes, its AlgorithmIdentifier the key's OID with the
 * parameters absent. The message digest: ML-DSA uses SHA-512, the digest RFC 9882 has
 * every implementation support (sha512.c: the library itself is Keccak only);
 * SLH-DSA-SHAKE-128s/f SHA3-256 and 192s/f, 256s/f SHA3-512 (RFC 9814 names SHAKE128 /
 * SHAKE256 with 256 / 512 output bits, RFC 8702, but OpenSSL 3.0 computes SHAKE in CMS with
 * its default output length, 16 / 32 bytes, and refuses those: a SHA-3 digest of the same
 * strength is what OpenSSL verifies).
 * The output is staged and renamed into place only on success (cli_write_file): a failed
 * run leaves no empty or partial file.
 */
#include "cli_io.h"
#include "kforge.h"
#include "sha512.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <errno.h>

#define PROG "kforge cms"

/* ---- a small DER writer: growable buffers, TLV appended ---- */
typedef struct dbuf {
    uint8_t *p;
    size_t n, cap;
    int oom;
} dbuf;

static void db_raw(dbuf *b, const void *p, size_t n)
{
    if (b->oom) return;
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n) cap *= 2;
        uint8_t *q = realloc(b->p, cap);
        if (!q) {
            b->oom = 1;
            return;
        }
        b->p = q;
        b->cap = cap;
    }
    if (n) memcpy(b->p + b->n, p, n);
    b->n += n;
}

static void db_tlv(dbuf *b, uint8_t tag, const void *p, size_t n)
{
    uint8_t h[6];
    size_t hl = 0;
    h[hl++] = tag;
    if (n < 0x80) {
        h[hl++] = (uint8_t)n;
    } else {
        int bytes = n > 0xFFFFFF ? 4 : n > 0xFFFF ? 3 : n > 0xFF ? 2 : 1;
        h[hl++] = (uint8_t)(0x80 | bytes);
        for (int i = bytes - 1; i >= 0; i--) h[hl++] = (uint8_t)(n >> (8 * i));
    }
    db_raw(b, h, hl);
    db_raw(b, p, n);
}

/* append child as the contents of a TLV with tag, then free child */
static void db_wrap(dbuf *b, uint8_t tag, dbuf *child)
{
    if (child->oom) b->oom = 1;
    db_tlv(b, tag, child->p, child->n);
    free(child->p);
    memset(child, 0, sizeof *child);
}

static void db_free(dbuf *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

/* ---- a small DER reader for the certificate ---- */
/* The TLV at *p (< end): its tag, contents and the whole element. 0, or -1 if malformed. */
static int der_next(const uint8_t **p, const uint8_t *end, uint8_t *tag, const uint8_t **c, size_t *cn,
                    const uint8_t **whole, size_t *wn)
{
    const uint8_t *s = *p, *q = *p;
    size_t len;
    if (end - q < 2) return -1;
    *tag = *q++;
    if ((*tag & 0x1F) == 0x1F) return -1;
    if (*q < 0x80) {
        len = *q++;
    } else {
        int k = *q++ & 0x7F;
        if (k < 1 || k > 4 || end - q < k) return -1;
        len = 0;
        for (int i = 0; i < k; i++) len = (len << 8) | *q++;
    }
    if ((size_t)(end - q) < len) return -1;
    *c = q;
    *cn = len;
    *p = q + len;
    if (whole) *whole = s;
    if (wn) *wn = (size_t)(*p - s);
    return 0;
}

typedef struct cert_parts {
    const uint8_t *issuer, *serial, *spki;
    size_t issuer_n, serial_n, spki_n;
} cert_parts;

/* Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version OPTIONAL, serialNumber,
 * signature, issuer, validity, subject, subjectPublicKeyInfo, ... }, ... } */
static int cert_parse(const uint8_t *der, size_t n, cert_parts *cp)
{
    const uint8_t *p = der, *end = der + n, *c, *w;
    size_t cn, wn;
    uint8_t tag;
    if (der_next(&p, end, &tag, &c, &cn, NULL, NULL) != 0 || tag != 0x30 || p != end) return -1;
    p = c;
    end = c + cn;
    if (der_next(&p, end, &tag, &c, &cn, NULL, NULL) != 0 || tag != 0x30) return -1;
    p = c;
    end = c + cn;
    if (der_next(&p, end, &tag, &c, &cn, &w, &wn) != 0) return -1;
    if (tag == 0xA0 && der_next(&p, end, &tag, &c, &cn, &w, &wn) != 0) return -1;
    if (tag != 0x02) return -1;
    cp->serial = w;
    cp->serial_n = wn;
    if (der_next(&p, end, &tag, &c, &cn, NULL, NULL) != 0 || tag != 0x30) return -1; /* signature */
    if (der_next(&p, end, &tag, &c, &cn, &w, &wn) != 0 || tag != 0x30) return -1;   /* issuer */
    cp->issuer = w;
    cp->issuer_n = wn;
    if (der_next(&p, end, &tag, &c, &cn, NULL, NULL) != 0 || tag != 0x30) return -1; /* validity */
    if (der_next(&p, end, &tag, &c, &cn, NULL, NULL) != 0 || tag != 0x30) return -1; /* subject */
    if (der_next(&p, end, &tag, &c, &cn, &w, &wn) != 0 || tag != 0x30) return -1;   /* SPKI */
    cp->spki = w;
    cp->spki_n = wn;
    return 0;
}

/* ---- what a key type signs with ---- */
typedef struct sig_alg {
    int key_type;
    uint8_t sig_arc;      /* 2.16.840.1.101.3.4.3.N */
    uint8_t digest_arc;   /* 2.16.840.1.101.3.4.2.N: 3 SHA-512, 8 SHA3-256, 10 SHA3-512 */
} sig_alg;

static const sig_alg ALGS[] = {
    {KF_KEY_MLDSA44, 17, 3},            {KF_KEY_MLDSA65, 18, 3},            {KF_KEY_MLDSA87, 19, 3},
    {KF_KEY_SLHDSA_SHAKE_128S, 26, 8},  {KF_KEY_SLHDSA_SHAKE_128F, 27, 8},  {KF_KEY_SLHDSA_SHAKE_192S, 28, 10},
    {KF_KEY_SLHDSA_SHAKE_192F, 29, 10}, {KF_KEY_SLHDSA_SHAKE_256S, 30, 10}, {KF_KEY_SLHDSA_SHAKE_256F, 31, 10},
};

static const uint8_t OID_NIST[8] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x00}; /* last: 2 or 3, then arc */
static const uint8_t OID_DATA[9] = {0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01};
static const uint8_t OID_SIGNED_DATA[9] = {0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02};
static const uint8_t OID_CONTENT_TYPE[9] = {0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x03};
static const uint8_t OID_MESSAGE_DIGEST[9] = {0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x04};

/* AlgorithmIdentifier { 2.16.840.1.101.3.4.{kind}.{arc} } with the parameters absent */
static void db_nist_algid(dbuf *b, uint8_t kind, uint8_t arc)
{
    uint8_t oid[9];
    memcpy(oid, OID_NIST, 7);
    oid[7] = kind;
    oid[8] = arc;
    dbuf s = {0};
    db_tlv(&s, 0x06, oid, sizeof oid);
    db_wrap(b, 0x30, &s);
}

static int os_random(uint8_t *out, size_t n)
{
    while (n) {
        ssize_t r = getrandom(out, n, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        out += r;
        n -= (size_t)r;
    }
    return 0;
}

static void usage(FILE *f)
{
    fputs("usage: kforge cms sign --signer CERT --key KEY --in FILE --out FILE [--detached]\n"
          "  A CMS SignedData (DER) over FILE, signed with the ML-DSA or SLH-DSA key KEY (PKCS#8,\n"
          "  PEM or DER) of the certificate CERT (PEM or DER), which is included. Signed attributes:\n"
          "  contentType and messageDigest (SHA-512 for ML-DSA; SHA3-512 for SLH-DSA, SHA3-256 for\n"
          "  SLH-DSA-SHAKE-128s/f). The\n"
          "  content is inside unless --detached. Verify with\n"
          "    openssl cms -verify -inform DER -in OUT -CAfile CA [-content FILE] -binary \\\n"
          "      -provider keccakforge -provider default\n"
          "  Exit status: 0 written, 1 a failure (unreadable file, key not the certificate's), 2 bad usage.\n",
          f);
}

static int sign_cmd(int argc, char **argv)
{
    const char *signer = NULL, *keyf = NULL, *in = NULL, *out = NULL;
    int detached = 0, rc = KFORGE_EXIT_FAIL;
    for (int i = 2; i < argc; i++) {
        const char **dst = !strcmp(argv[i], "--signer") ? &signer : !strcmp(argv[i], "--key") ? &keyf
                           : !strcmp(argv[i], "--in") ? &in : !strcmp(argv[i], "--out") ? &out : NULL;
        if (dst) {
            if (i + 1 >= argc) {
                fprintf(stderr, PROG " sign: %s needs a value\n", argv[i]);
                return KFORGE_EXIT_USAGE;
            }
            *dst = argv[++i];
        } else if (!strcmp(argv[i], "--detached")) {
            detached = 1;
        } else {
            fprintf(stderr, PROG " sign: unknown option %s\n", argv[i]);
            usage(stderr);
            return KFORGE_EXIT_USAGE;
        }
    }
    if (!signer || !keyf || !in || !out) {
        fprintf(stderr, PROG " sign: --signer, --key, --in and --out are required\n");
        usage(stderr);
        return KFORGE_EXIT_USAGE;
    }

    cli_blob certf = {0}, key = {0}, msg = {0};
    uint8_t *certder = NULL, *pub = NULL, *sig = NULL;
    size_t certn = 0;
    dbuf attrs = {0}, si = {0}, sd = {0}, ci = {0}, set_c = {0};
    key.secret = 1;
    if (cli_read_file(PROG " sign", "--signer", signer, 1 << 20, &certf) != 0 ||
        cli_read_file(PROG " sign", "--key", keyf, CLI_CAP(8192), &key) != 0 ||
        cli_read_file(PROG " sign", "--in", in, (size_t)1 << 30, &msg) != 0)
        goto done;

    /* the certificate: PEM or DER */
    if (certf.n >= 11 && memcmp(certf.p, "-----BEGIN ", 11) == 0) {
        char label[81];
        certder = malloc(certf.n);
        if (!certder || kf_pem_decode((const char *)certf.p, certf.n, label, sizeof label, certder, certf.n, &certn) !=
                            KF_OK || strcmp(label, "CERTIFICATE") != 0) {
            fprintf(stderr, PROG " sign: --signer %s: not a PEM CERTIFICATE\n", signer);
            goto done;
        }
    } else {
        certder = malloc(certf.n ? certf.n : 1);
        if (!certder) goto done;
        memcpy(certder, certf.p, certf.n);
        certn = certf.n;
    }
    cert_parts cp;
    if (cert_parse(certder, certn, &cp) != 0) {
        fprintf(stderr, PROG " sign: --signer %s: not a DER X.509 certificate\n", signer);
        goto done;
    }

    /* the key, its set, and that the certificate is its own */
    int kt = cli_key_type_of(&key, 1);
    const sig_alg *alg = NULL;
    for (size_t i = 0; i < sizeof ALGS / sizeof ALGS[0]; i++)
        if (ALGS[i].key_type == kt) alg = &ALGS[i];
    if (!alg) {
        fprintf(stderr, PROG " sign: --key %s: not a PKCS#8 ML-DSA or SLH-DSA private key (PEM or DER)\n", keyf);
        goto done;
    }
    const char *set = kf_key_type_name((kf_key_type)kt);
    size_t skb = kf_key_priv_bytes((kf_key_type)kt), pkb = kf_key_pub_bytes((kf_key_type)kt);
    if (cli_key_bytes(PROG " sign", "--key", &key, skb, set, kt, 1) != 0) goto done;
    int ml = kt >= KF_KEY_MLDSA44;
    kf_mldsa_param mp = kt == KF_KEY_MLDSA44 ? KF_MLDSA44 : kt == KF_KEY_MLDSA65 ? KF_MLDSA65 : KF_MLDSA87;
    kf_slhdsa_param sp = (kf_slhdsa_param)(kt - KF_KEY_SLHDSA_SHAKE_128S + KF_SLHDSA_SHAKE_128S);
    pub = malloc(pkb);
    uint8_t certpub[4096];
    size_t certpubn = 0;
    kf_key_type ct;
    int st;
    if (!pub) goto done;
    if (ml)
        st = kf_mldsa_pk_from_sk(mp, pub, key.p, key.n);
    else
        memcpy(pub, key.p + skb - pkb, pkb), st = KF_OK;
    if (st != KF_OK) {
        fprintf(stderr, PROG " sign: --key %s: %s\n", keyf, kforge_status(st));
        goto done;
    }
    st = kf_key_decode_spki(cp.spki, cp.spki_n, &ct, certpub, sizeof certpub, &certpubn);
    if (st != KF_OK || (int)ct != kt || certpubn != pkb || memcmp(certpub, pub, pkb) != 0) {
        fprintf(stderr, PROG " sign: the certificate %s is not the key's: its public key is %s\n", signer,
                st != KF_OK ? "not one keccakforge reads" : "another");
        goto done;
    }

    /* signed attributes: SET OF { contentType, messageDigest }, DER order (by encoding) */
    uint8_t md[64];
    size_t mdn = alg->digest_arc == 8 ? 32 : 64;
    if (alg->digest_arc == 3)
        kforge_sha512(md, msg.p, msg.n), st = KF_OK;
    else
        st = mdn == 32 ? kf_sha3_256(md, msg.p, msg.n) : kf_sha3_512(md, msg.p, msg.n);
    if (st != KF_OK) {
        fprintf(stderr, PROG " sign: message digest: %s\n", kforge_status(st));
        goto done;
    }
    dbuf a1 = {0}, a2 = {0}, v = {0};
    db_tlv(&a1, 0x06, OID_CONTENT_TYPE, sizeof OID_CONTENT_TYPE);
    db_tlv(&v, 0x06, OID_DATA, sizeof OID_DATA);
    db_wrap(&a1, 0x31, &v);
    db_tlv(&a2, 0x06, OID_MESSAGE_DIGEST, sizeof OID_MESSAGE_DIGEST);
    db_tlv(&v, 0x04, md, mdn);
    db_wrap(&a2, 0x31, &v);
    {
        dbuf e1 = {0}, e2 = {0};
        db_wrap(&e1, 0x30, &a1);
        db_wrap(&e2, 0x30, &a2);
        size_t m = e1.n < e2.n ? e1.n : e2.n;
        int c = memcmp(e1.p, e2.p, m);
        int first1 = c < 0 || (c == 0 && e1.n <= e2.n);
        db_raw(&set_c, first1 ? e1.p : e2.p, first1 ? e1.n : e2.n);
        db_raw(&set_c, first1 ? e2.p : e1.p, first1 ? e2.n : e1.n);
        if (e1.oom || e2.oom) set_c.oom = 1;
        db_free(&e1);
        db_free(&e2);
    }
    db_tlv(&attrs, 0x31, set_c.p, set_c.n); /* what is signed: the SET OF, tag 0x31 */
    if (set_c.oom || attrs.oom) goto oom;

    /* the signature: pure, empty context, hedged */
    size_t sigb = ml ? kf_mldsa_sig_bytes(mp) : kf_slhdsa_sig_bytes(sp);
    uint8_t fresh[32];
    sig = malloc(sigb);
    if (!sig) goto oom;
    if (os_random(fresh, sizeof fresh) != 0) {
        fprintf(stderr, PROG " sign: the operating system's random generator failed\n");
        goto done;
    }
    st = ml ? kf_mldsa_sign(mp, sig, sigb, attrs.p, attrs.n, NULL, 0, fresh, key.p, key.n)
            : kf_slhdsa_sign(sp, sig, sigb, attrs.p, attrs.n, NULL, 0, fresh, key.p, key.n);
    kf_wipe(fresh, sizeof fresh);
    if (st != KF_OK) {
        fprintf(stderr, PROG " sign: %s\n", kforge_status(st));
        goto done;
    }

    /* SignerInfo */
    {
        dbuf ias = {0};
        uint8_t one = 1;
        db_tlv(&si, 0x02, &one, 1);
        db_raw(&ias, cp.issuer, cp.issuer_n);
        db_raw(&ias, cp.serial, cp.serial_n);
        db_wrap(&si, 0x30, &ias);
        db_nist_algid(&si, 2, alg->digest_arc);
        db_tlv(&si, 0xA0, set_c.p, set_c.n); /* [0] IMPLICIT signedAttrs */
        db_nist_algid(&si, 3, alg->sig_arc);
        db_tlv(&si, 0x04, sig, sigb);
    }
    db_free(&set_c);
    /* SignedData */
    {
        uint8_t one = 1;
        dbuf t = {0}, eci = {0};
        db_tlv(&sd, 0x02, &one, 1);
        db_nist_algid(&t, 2, alg->digest_arc);
        db_wrap(&sd, 0x31, &t);
        db_tlv(&eci, 0x06, OID_DATA, sizeof OID_DATA);
        if (!detached) {
            db_tlv(&t, 0x04, msg.p, msg.n);
            db_wrap(&eci, 0xA0, &t);
        }
        db_wrap(&sd, 0x30, &eci);
        db_tlv(&sd, 0xA0, certder, certn); /* certificates [0] IMPLICIT SET OF */
        db_wrap(&t, 0x30, &si);
        db_wrap(&sd, 0x31, &t);
    }
    {
        dbuf t = {0};
        db_tlv(&ci, 0x06, OID_SIGNED_DATA, sizeof OID_SIGNED_DATA);
        db_wrap(&t, 0x30, &sd);
        db_wrap(&ci, 0xA0, &t);
        dbuf whole = {0};
        db_wrap(&whole, 0x30, &ci);
        ci = whole;
    }
    if (ci.oom) goto oom;
    if (cli_write_file(PROG " sign", out, ci.p, ci.n, 0) == 0) rc = KFORGE_EXIT_OK;
    goto done;
oom:
    fprintf(stderr, PROG " sign: out of memory\n");
done:
    if (cli_commit(PROG " sign", rc == KFORGE_EXIT_OK) != 0) rc = KFORGE_EXIT_FAIL;
    cli_blob_free(&certf);
    cli_blob_free(&key);
    cli_blob_free(&msg);
    free(certder);
    free(pub);
    free(sig);
    db_free(&attrs);
    db_free(&si);
    db_free(&sd);
    db_free(&ci);
    db_free(&set_c);
    return rc;
}

int kforge_cms(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        usage(stdout);
        return KFORGE_EXIT_OK;
    }
    if (argc < 2 || strcmp(argv[1], "sign") != 0) {
        usage(stderr);
        return KFORGE_EXIT_USAGE;
    }
    if (cli_wants_help(argc, argv)) {
        usage(stdout);
        return KFORGE_EXIT_OK;
    }
    return sign_cmd(argc, argv);
}

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Certificates with the keccakforge provider's signatures through the openssl command line
(OpenSSL 3.0's CLI, `-provider keccakforge -provider default`), per algorithm (ML-DSA-44/
65/87, SLH-DSA-SHAKE-128f/192f, and 128s through -newkey):

  - `req -x509 -key` (self-signed CA) and `req -x509 -newkey`: the signature's
    AlgorithmIdentifier is the NIST OID with the parameters absent (RFC 9909), in the
    certificate's inner and outer signature fields; `x509 -text` names the algorithm;
  - `req -new` (CSR; `-sigopt deterministic:1` makes equal CSRs, the hedged default not),
    `req -verify`, `x509 -req -CA` (CA-signed leaf), `openssl verify`
    of the self-signed CA and of the leaf against it;
  - failures with a message on stderr (never a silent exit 1): a certificate with one
    signature byte flipped, a CSR so (`req -verify` of OpenSSL 3.0 exits 0 then: its
    message is checked), a leaf checked against the wrong CA, a digest (-sha1) the
    signature refuses, signing with a key that cannot sign (ML-KEM).

  - CMS SignedData (signed attributes, SHA-512 and SHA-256 message digests) made through
    OpenSSL's CMS API (test_prov_cms: OpenSSL 3.0's CMS_add1_signer leaves a provider key's
    signatureAlgorithm empty, the tool sets it from algorithm-id) verified by `openssl cms
    -verify` and CMS_verify; a flipped signature byte, changed content, the wrong CA fail
    with a message; `openssl cms -sign` itself either works and verifies (OpenSSL >= 3.2
    may) or fails with a message (3.0), never silently; `openssl smime -sign` likewise.

usage: test_prov_x509.py MODULE_DIR TEST_PROV_CMS
Exit 77 (skipped) when the openssl command is missing or is older than 3.0.
"""
import os
import shutil
import subprocess
import sys
import tempfile

MOD, CMS_TOOL = sys.argv[1], sys.argv[2]
PROV = ["-provider-path", MOD, "-provider", "keccakforge", "-provider", "default"]
failures = 0
OSSL_VERSION = (0, 0)

# name, OID's last arc under 2.16.840.1.101.3.4.3 (NIST sigAlgs)
ALGS = [("ML-DSA-44", 17), ("ML-DSA-65", 18), ("ML-DSA-87", 19), ("SLH-DSA-SHAKE-128f", 27), ("SLH-DSA-SHAKE-192f", 29)]
# the s sets sign slowly (128s ~ 10x 128f): one certificate with -newkey
SLOW = [("SLH-DSA-SHAKE-128s", 26)]


def check(cond, what):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)
    return cond


def ossl(*args, inp=None, timeout=120):
    return subprocess.run(["openssl", *args], input=inp, capture_output=True, timeout=timeout)


def ok(r, what):
    return check(r.returncode == 0, "%s: exit %d: %s" % (what, r.returncode, r.stderr.decode(errors="replace")[-600:]))


def fails_loudly(r, what):
    """A refused operation: nonzero exit and an error message on stderr."""
    return check(r.returncode != 0 and len(r.stderr.strip()) > 0,
                 "%s: exit %d, stderr %r (expected a failure with a message)" % (what, r.returncode, r.stderr[-300:]))


def der_of(path, kind="x509"):
    return ossl(kind, "-in", path, "-outform", "DER", *PROV).stdout


def algid(arc):
    """SEQUENCE { OID 2.16.840.1.101.3.4.3.arc } with no parameters."""
    return bytes([0x30, 0x0B, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, arc])


def flip_signature_byte(path, out, kind="x509"):
    """Writes `path` with one byte of its signature (near the end of the DER) flipped."""
    der = bytearray(der_of(path, kind))
    der[len(der) - 40] ^= 0x01
    open(out, "wb").write(bytes(der))


def test_alg(tmp, name, arc):
    d = os.path.join(tmp, name)
    os.mkdir(d)
    p = lambda f: os.path.join(d, f)  # noqa: E731
    print("%s:" % name)
    if not ok(ossl("genpkey", *PROV, "-algorithm", name, "-out", p("ca.key")), name + " genpkey (CA)"):
        return
    if not ok(ossl("req", *PROV, "-x509", "-key", p("ca.key"), "-subj", "/CN=keccakforge test CA", "-days", "2",
                   "-out", p("ca.pem")), name + " req -x509 -key"):
        return
    der = der_of(p("ca.pem"))
    # the tbsCertificate's signature, the SubjectPublicKeyInfo's algorithm, the outer signatureAlgorithm
    check(der.count(algid(arc)) == 3,
          "%s: certificate does not carry the AlgorithmIdentifier %s three times" % (name, algid(arc).hex()))
    check(algid(arc) + b"\x05\x00" not in der, "%s: AlgorithmIdentifier with NULL parameters" % name)
    r = ossl("x509", *PROV, "-in", p("ca.pem"), "-noout", "-text")
    check(r.returncode == 0 and r.stdout.count(("Signature Algorithm: %s" % name).encode()) == 2,
          "%s: x509 -text does not name the algorithm: %r" % (name, r.stdout[:600]))
    r = ossl("verify", *PROV, "-CAfile", p("ca.pem"), p("ca.pem"))
    check(r.returncode == 0 and r.stdout.strip().endswith(b": OK"), "%s: verify self-signed: %r %r" % (name, r.stdout, r.stderr))

    # CSR, its self-signature, a CA-signed leaf, verify against the CA
    ok(ossl("genpkey", *PROV, "-algorithm", name, "-out", p("leaf.key")), name + " genpkey (leaf)")
    if not ok(ossl("req", *PROV, "-new", "-key", p("leaf.key"), "-subj", "/CN=leaf", "-out", p("leaf.csr")), name + " req -new"):
        return
    check(der_of(p("leaf.csr"), "req").count(algid(arc)) == 2, "%s: CSR key and signature AlgorithmIdentifiers" % name)
    # -sigopt reaches the signature: two CSRs signed deterministically are one; hedged, two
    dets = [ossl("req", *PROV, "-new", "-key", p("leaf.key"), "-subj", "/CN=leaf", "-outform", "DER",
                 *(["-sigopt", "deterministic:1"] if i < 2 else [])).stdout for i in range(4)]
    check(len(dets[0]) > 0 and dets[0] == dets[1], "%s: -sigopt deterministic:1 gave two different CSRs" % name)
    check(len(dets[2]) > 0 and dets[2] != dets[3], "%s: two hedged CSR signatures are equal" % name)
    r = ossl("req", *PROV, "-verify", "-in", p("leaf.csr"), "-noout")
    check(r.returncode == 0 and b"verify OK" in r.stderr + r.stdout, "%s: req -verify: %r" % (name, r.stderr))
    if not ok(ossl("x509", *PROV, "-req", "-in", p("leaf.csr"), "-CA", p("ca.pem"), "-CAkey", p("ca.key"),
                   "-set_serial", "7", "-days", "2", "-out", p("leaf.pem")), name + " x509 -req -CA"):
        return
    r = ossl("verify", *PROV, "-CAfile", p("ca.pem"), p("leaf.pem"))
    check(r.returncode == 0 and r.stdout.strip().endswith(b": OK"), "%s: verify leaf: %r %r" % (name, r.stdout, r.stderr))

    # negative cases: each fails with a message
    flip_signature_byte(p("leaf.pem"), p("bad.der"))
    r = ossl("verify", *PROV, "-CAfile", p("ca.pem"), p("bad.der"))
    fails_loudly(r, name + " verify of a leaf with a flipped signature byte")
    check(b"signature failure" in r.stdout + r.stderr, "%s: tampered leaf: no 'signature failure': %r" % (name, r.stdout + r.stderr))
    flip_signature_byte(p("ca.pem"), p("badca.der"))
    r = ossl("verify", *PROV, "-CAfile", p("badca.der"), p("badca.der"))
    fails_loudly(r, name + " verify of a self-signed CA with a flipped signature byte")
    flip_signature_byte(p("leaf.csr"), p("bad.csr"), "req")
    r = ossl("req", *PROV, "-verify", "-in", p("bad.csr"), "-inform", "DER", "-noout")
    # (OpenSSL 3.0's req -verify exits 0 after a failed check: the message is the verdict)
    check(b"verify failure" in r.stderr and b"verify OK" not in r.stderr,
          "%s: req -verify of a CSR with a flipped signature byte: %r" % (name, r.stderr))
    ok(ossl("req", *PROV, "-x509", "-key", p("leaf.key"), "-subj", "/CN=keccakforge test CA", "-days", "2",
            "-out", p("other.pem")), name + " second CA")
    r = ossl("verify", *PROV, "-CAfile", p("other.pem"), p("leaf.pem"))
    fails_loudly(r, name + " verify of the leaf against another CA of the same name")
    test_cms(d, name, arc)
    return True


def tool(*args):
    return subprocess.run([CMS_TOOL, MOD, *args], capture_output=True, timeout=120)


def test_cms(d, name, arc):
    p = lambda f: os.path.join(d, f)  # noqa: E731
    content = b"keccakforge CMS test content\n" * 3
    open(p("content"), "wb").write(content)
    for md in ("sha512", "sha256"):
        out = p("signed-%s.pem" % md)
        if not ok(tool("sign", p("leaf.pem"), p("leaf.key"), p("content"), out, md), "%s CMS sign (%s)" % (name, md)):
            continue
        der = ossl("cms", "-cmsout", "-in", out, "-inform", "PEM", "-outform", "DER", *PROV).stdout
        check(algid(arc) in der, "%s CMS: signatureAlgorithm is not the AlgorithmIdentifier" % name)
        r = ossl("cms", *PROV, "-verify", "-in", out, "-inform", "PEM", "-CAfile", p("ca.pem"), "-binary")
        check(r.returncode == 0 and r.stdout == content and b"Verification successful" in r.stderr,
              "%s: openssl cms -verify (%s): %r %r" % (name, md, r.stdout[:80], r.stderr[-400:]))
        ok(tool("verify", p("ca.pem"), out, p("content")), "%s CMS_verify (%s)" % (name, md))
        r = ossl("cms", *PROV, "-verify", "-in", out, "-inform", "PEM", "-CAfile", p("other.pem"), "-binary")
        fails_loudly(r, name + " cms -verify against the wrong CA")
        bad = bytearray(der)
        bad[len(bad) - 40] ^= 0x01    # the SignerInfo's signature ends the structure
        open(p("bad.der"), "wb").write(bytes(bad))
        r = ossl("cms", *PROV, "-verify", "-in", p("bad.der"), "-inform", "DER", "-CAfile", p("ca.pem"), "-binary")
        fails_loudly(r, name + " cms -verify with a flipped signature byte")
        check(b"verification failure" in r.stderr.lower() or b"signature" in r.stderr.lower(),
              "%s: flipped CMS signature: message %r" % (name, r.stderr[-300:]))
        i = der.find(content)
        if check(i > 0, "%s: content not found in the SignedData" % name):
            bad = bytearray(der)
            bad[i] ^= 0x20
            open(p("bad2.der"), "wb").write(bytes(bad))
            r = ossl("cms", *PROV, "-verify", "-in", p("bad2.der"), "-inform", "DER", "-CAfile", p("ca.pem"), "-binary")
            fails_loudly(r, name + " cms -verify of changed content")
    # the openssl cms command's own signing: OpenSSL 3.0 cannot encode it (see test_prov_cms.c)
    r = ossl("cms", *PROV, "-sign", "-md", "sha512", "-in", p("content"), "-binary", "-signer", p("leaf.pem"),
             "-inkey", p("leaf.key"), "-out", p("cli.pem"), "-outform", "PEM")
    if r.returncode == 0:
        r = ossl("cms", *PROV, "-verify", "-in", p("cli.pem"), "-inform", "PEM", "-CAfile", p("ca.pem"), "-binary")
        check(r.returncode == 0 and r.stdout == content, "%s: openssl cms -sign output does not verify" % name)
    else:
        fails_loudly(r, name + " openssl cms -sign")
        if OSSL_VERSION < (3, 2):
            check(b"cannot name this signature" in r.stderr, "%s: openssl cms -sign: not the provider's refusal: %r"
                  % (name, r.stderr[-300:]))
    r = ossl("smime", *PROV, "-sign", "-md", "sha512", "-in", p("content"), "-binary", "-signer", p("leaf.pem"),
             "-inkey", p("leaf.key"), "-out", p("smime.txt"))
    if r.returncode != 0:
        fails_loudly(r, name + " openssl smime -sign")


def test_newkey(tmp, name, arc):
    d = os.path.join(tmp, "newkey-" + name)
    os.mkdir(d)
    cert, key = os.path.join(d, "c.pem"), os.path.join(d, "k.pem")
    print("%s: req -x509 -newkey" % name)
    if not ok(ossl("req", *PROV, "-x509", "-newkey", name, "-nodes", "-keyout", key, "-subj", "/CN=newkey",
                   "-days", "1", "-out", cert), name + " req -x509 -newkey"):
        return
    check(der_of(cert).count(algid(arc)) == 3, "%s -newkey: AlgorithmIdentifier" % name)
    r = ossl("verify", *PROV, "-CAfile", cert, cert)
    check(r.returncode == 0 and r.stdout.strip().endswith(b": OK"), "%s -newkey: verify: %r %r" % (name, r.stdout, r.stderr))


def test_refusals(tmp):
    key = os.path.join(tmp, "refuse.key")
    ok(ossl("genpkey", *PROV, "-algorithm", "SLH-DSA-SHAKE-128f", "-out", key), "genpkey")
    # a digest the signature refuses: x509 signing through EVP_DigestSignInit with SHA-1
    r = ossl("req", *PROV, "-new", "-key", key, "-subj", "/CN=x", "-sigopt", "digest:SHA1", "-out", os.path.join(tmp, "x.csr"))
    fails_loudly(r, "req -new -sigopt digest:SHA1 with an SLH-DSA key")
    # a CA of one algorithm cannot have signed a certificate whose signature names another
    d = os.path.join(tmp, "ML-DSA-44")
    r = ossl("verify", *PROV, "-CAfile", os.path.join(tmp, "ML-DSA-65", "ca.pem"), os.path.join(d, "leaf.pem"))
    fails_loudly(r, "verify of an ML-DSA-44 leaf against an ML-DSA-65 CA")
    mk = os.path.join(tmp, "mlkem.key")
    ok(ossl("genpkey", *PROV, "-algorithm", "ML-KEM-768", "-out", mk), "genpkey ML-KEM-768")
    r = ossl("req", *PROV, "-x509", "-key", mk, "-subj", "/CN=x", "-days", "1", "-out", os.path.join(tmp, "mk.pem"))
    fails_loudly(r, "req -x509 with an ML-KEM key")
    check(not os.path.exists(os.path.join(tmp, "mk.pem")) or os.path.getsize(os.path.join(tmp, "mk.pem")) == 0,
          "req -x509 with an ML-KEM key wrote a certificate")


def main():
    if shutil.which("openssl") is None:
        print("test_prov_x509: the openssl command is not installed: skipped")
        return 77
    global OSSL_VERSION
    v = ossl("version").stdout.split()
    if len(v) < 2 or not v[1][:1].isdigit() or int(v[1].split(b".")[0]) < 3:
        print("test_prov_x509: openssl %r is older than 3.0: skipped" % v[1:2])
        return 77
    OSSL_VERSION = tuple(int(x) for x in v[1].split(b".")[:2])
    with tempfile.TemporaryDirectory() as tmp:
        for name, arc in ALGS:
            test_alg(tmp, name, arc)
        for name, arc in SLOW:
            test_newkey(tmp, name, arc)
        test_newkey(tmp, ALGS[0][0], ALGS[0][1])
        test_refusals(tmp)
    print("test_prov_x509: %d failure(s)" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""CMS signing from the command line (issue 56 item 2).

OpenSSL 3.0's `openssl cms -sign` cannot sign with a provider's key (CMS_add1_signer finds
no default digest, and with -md it leaves the SignerInfo's signatureAlgorithm empty), so
`kforge cms sign` writes the SignedData with the library alone. Per algorithm (ML-DSA-44/
65/87, SLH-DSA-SHAKE-128f/192f), with a CA and a leaf it signed, both made by `openssl req`
with the provider:

  - `kforge cms sign` attached and --detached: `openssl cms -verify -provider keccakforge
    -provider default` accepts both (-CAfile the CA) and gives back the content; the
    signatureAlgorithm is the NIST OID with the parameters absent, the digest SHA-512 for
    ML-DSA (RFC 9882's), SHA3-512 / SHA3-256 for SLH-DSA-SHAKE-192f / 128f; the
    messageDigest attribute equals hashlib's digest of the content, also for contents of
    0, 111, 112, 127, 128, 239, 240 and 1000 bytes (the padding's edges);
  - each fails with a message: a flipped signature byte, changed content (attached) or other
    content (detached), another CA;
  - a key that is not the certificate's, a public key for --key, a missing input: exit 1 with
    a message and no output file (nothing left behind, an existing --out untouched);
  - `openssl cms -sign` without -md, attached (-nodetach) and detached, -binary: where it
    signs (OpenSSL >= 3.2 may) its output verifies; where it fails (3.0) it says why.

usage: test_prov_cms_cli.py MODULE_DIR KFORGE
Exit 77 (skipped) when the openssl command is missing or older than 3.0.
"""
import hashlib
import os
import subprocess
import sys
import tempfile

MOD, KFORGE = sys.argv[1], sys.argv[2]
PROV = ["-provider-path", MOD, "-provider", "keccakforge", "-provider", "default"]
ALGS = [("ML-DSA-44", 17, 3), ("ML-DSA-65", 18, 3), ("ML-DSA-87", 19, 3),
        ("SLH-DSA-SHAKE-128f", 27, 8), ("SLH-DSA-SHAKE-192f", 29, 10)]
failures = 0


def check(cond, what):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)
    return cond


def run(*args):
    return subprocess.run(list(args), capture_output=True, timeout=120)


def ossl(*args):
    return run("openssl", *args)


def ok(r, what):
    return check(r.returncode == 0, "%s: exit %d: %s" % (what, r.returncode, r.stderr.decode(errors="replace")[-600:]))


def fails_loudly(r, what, code=None):
    return check(r.returncode != 0 and (code is None or r.returncode == code) and len(r.stderr.strip()) > 0,
                 "%s: exit %d, stderr %r (expected a failure with a message)" % (what, r.returncode, r.stderr[-300:]))


def nist(kind, arc):
    """AlgorithmIdentifier { 2.16.840.1.101.3.4.kind.arc }, parameters absent."""
    return bytes([0x30, 0x0B, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, kind, arc])


def digest(darc, data):
    """The digest 2.16.840.1.101.3.4.2.darc of data, computed by hashlib (the oracle)."""
    return {3: hashlib.sha512, 8: hashlib.sha3_256, 10: hashlib.sha3_512}[darc](data).digest()


def verify(p, sd, ca, content=None):
    extra = ["-content", content] if content else []
    return ossl("cms", *PROV, "-verify", "-inform", "DER", "-in", sd, "-CAfile", ca, "-binary", *extra)


def test_alg(tmp, name, arc, darc):
    d = os.path.join(tmp, name)
    os.mkdir(d)
    p = lambda f: os.path.join(d, f)  # noqa: E731
    print("%s:" % name)
    content = b"keccakforge kforge cms sign test\n\x00\x01binary\r\n" * 5
    open(p("content"), "wb").write(content)
    steps = [("genpkey", *PROV, "-algorithm", name, "-out", p("ca.key")),
             ("req", *PROV, "-x509", "-key", p("ca.key"), "-subj", "/CN=kforge cms CA", "-days", "2", "-out", p("ca.pem")),
             ("genpkey", *PROV, "-algorithm", name, "-out", p("leaf.key")),
             ("req", *PROV, "-new", "-key", p("leaf.key"), "-subj", "/CN=kforge cms signer", "-out", p("leaf.csr")),
             ("x509", *PROV, "-req", "-in", p("leaf.csr"), "-CA", p("ca.pem"), "-CAkey", p("ca.key"), "-set_serial",
              "300", "-days", "2", "-out", p("leaf.pem")),
             ("req", *PROV, "-x509", "-key", p("leaf.key"), "-subj", "/CN=kforge cms CA", "-days", "2", "-out", p("other.pem"))]
    for s in steps:
        if not ok(ossl(*s), "%s openssl %s" % (name, s[0])):
            return
    # DER certificate and key are read as well as PEM
    ok(ossl("x509", "-in", p("leaf.pem"), "-outform", "DER", "-out", p("leaf.der")), name + " x509 -outform DER")

    for mode, flags in (("attached", []), ("detached", ["--detached"])):
        out = p("s-%s.p7s" % mode)
        signer = p("leaf.der") if mode == "detached" else p("leaf.pem")
        if not ok(run(KFORGE, "cms", "sign", "--signer", signer, "--key", p("leaf.key"), "--in", p("content"),
                      "--out", out, *flags), "%s kforge cms sign (%s)" % (name, mode)):
            continue
        der = open(out, "rb").read()
        check(nist(3, arc) in der and nist(3, arc) + b"\x05\x00" not in der,
              "%s (%s): signatureAlgorithm is not the NIST OID without parameters" % (name, mode))
        check(der.count(nist(2, darc)) == 2, "%s (%s): digest algorithm is not 2.16.840.1.101.3.4.2.%d" % (name, mode, darc))
        check((content in der) == (mode == "attached"), "%s (%s): content inside: %s" % (name, mode, content in der))
        check(bytes([0x04, len(digest(darc, content))]) + digest(darc, content) in der,
              "%s (%s): the messageDigest attribute is not hashlib's digest of the content" % (name, mode))
        cfile = p("content") if mode == "detached" else None
        r = verify(p, out, p("ca.pem"), cfile)
        check(r.returncode == 0 and r.stdout == content and b"Verification successful" in r.stderr,
              "%s: openssl cms -verify (%s): exit %d %r" % (name, mode, r.returncode, r.stderr[-400:]))
        fails_loudly(verify(p, out, p("other.pem"), cfile), "%s (%s): verify against another CA" % (name, mode))
        bad = bytearray(der)
        bad[len(bad) - 40] ^= 0x01        # the signature ends the SignedData
        open(p("bad.p7s"), "wb").write(bytes(bad))
        fails_loudly(verify(p, p("bad.p7s"), p("ca.pem"), cfile), "%s (%s): flipped signature byte" % (name, mode))
        if mode == "attached":
            bad = bytearray(der)
            bad[der.find(content) + 3] ^= 0x20
            open(p("bad2.p7s"), "wb").write(bytes(bad))
            fails_loudly(verify(p, p("bad2.p7s"), p("ca.pem")), "%s: changed content" % name)
        else:
            open(p("other-content"), "wb").write(content + b"!")
            fails_loudly(verify(p, out, p("ca.pem"), p("other-content")), "%s: detached, other content" % name)

    # the digest at the padding's edges (one 128-byte block holds 111 message bytes with the
    # 0x80 and the 16-byte length; 112 to 127 need a second block)
    for n in (0, 1, 111, 112, 127, 128, 239, 240, 1000):
        body = bytes((i * 7 + n) & 0xFF for i in range(n))
        open(p("edge"), "wb").write(body)
        if ok(run(KFORGE, "cms", "sign", "--signer", p("leaf.pem"), "--key", p("leaf.key"), "--in", p("edge"),
                  "--out", p("edge.p7s"), "--detached"), "%s kforge cms sign, %d bytes" % (name, n)):
            der = open(p("edge.p7s"), "rb").read()
            check(bytes([0x04, len(digest(darc, body))]) + digest(darc, body) in der,
                  "%s: %d-byte content: the messageDigest is not hashlib's" % (name, n))
            r = verify(p, p("edge.p7s"), p("ca.pem"), p("edge"))
            check(r.returncode == 0 and r.stdout == body, "%s: %d-byte content: openssl cms -verify: %r"
                  % (name, n, r.stderr[-300:]))

    # refusals: exit 1, a message, nothing written (an existing --out stays as it was)
    open(p("keep.p7s"), "wb").write(b"old")
    ok(ossl("pkey", *PROV, "-in", p("leaf.key"), "-pubout", "-out", p("leaf.pub")), name + " pkey -pubout")
    for what, args in (("the CA's key", ["--signer", p("leaf.pem"), "--key", p("ca.key"), "--in", p("content")]),
                       ("a public key", ["--signer", p("leaf.pem"), "--key", p("leaf.pub"), "--in", p("content")]),
                       ("a missing input", ["--signer", p("leaf.pem"), "--key", p("leaf.key"), "--in", p("nothing")]),
                       ("a key as the certificate", ["--signer", p("leaf.key"), "--key", p("leaf.key"), "--in", p("content")])):
        for out in (p("new.p7s"), p("keep.p7s")):
            r = run(KFORGE, "cms", "sign", *args, "--out", out)
            fails_loudly(r, "%s: kforge cms sign with %s" % (name, what), 1)
        check(not os.path.exists(p("new.p7s")), "%s: a failed kforge cms sign left an output file" % name)
        check(open(p("keep.p7s"), "rb").read() == b"old", "%s: a failed kforge cms sign changed --out" % name)
    r = run(KFORGE, "cms", "sign", "--signer", p("leaf.pem"), "--in", p("content"), "--out", p("new.p7s"))
    fails_loudly(r, name + ": kforge cms sign without --key", 2)

    # openssl's own cms -sign without -md: works and verifies, or fails with a message
    for flags in (["-nodetach", "-binary"], ["-binary"], []):
        out = p("o.p7s")
        if os.path.exists(out):
            os.unlink(out)
        r = ossl("cms", *PROV, "-sign", "-signer", p("leaf.pem"), "-inkey", p("leaf.key"), "-in", p("content"),
                 "-out", out, "-outform", "DER", *flags)
        if r.returncode == 0:
            cfile = None if "-nodetach" in flags else p("content")
            r2 = verify(p, out, p("ca.pem"), cfile)
            check(r2.returncode == 0 and r2.stdout == content, "%s: openssl cms -sign %s: output does not verify: %r"
                  % (name, " ".join(flags), r2.stderr[-300:]))
        else:
            fails_loudly(r, "%s: openssl cms -sign %s" % (name, " ".join(flags)))
            print("  openssl cms -sign %s (no -md): refused by this OpenSSL (%s)" % (
                " ".join(flags), r.stderr.decode(errors="replace").strip().splitlines()[0][:120]))


def main():
    r = subprocess.run(["openssl", "version"], capture_output=True)
    if r.returncode != 0 or not r.stdout.startswith(b"OpenSSL 3."):
        print("test_prov_cms_cli skipped: no OpenSSL 3 command (%r)" % r.stdout)
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        for name, arc, darc in ALGS:
            test_alg(tmp, name, arc, darc)
    print("%d failures" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Keys, certificates, CSRs, signatures and CMS of the keccakforge provider (through the
openssl command line and test_prov_cms) against an independent implementation:

  pyca   ML-DSA-44/65/87 against pyca/cryptography (its bundled OpenSSL):
         - keys both ways: pyca's PKCS#8 read by `openssl pkey` (the same DER back, the
           same SPKI), the provider's read by pyca (same SPKI, seed = the PKCS#8 seed);
         - signatures of a 333-byte message with a context string both ways (`pkeyutl -rawin
           -sign/-verify`); without the context it fails;
         - certificates both ways: pyca's self-signed CA passes `openssl verify`; the
           provider's passes pyca's verify_directly_issued_by; a pyca CSR is checked by
           `req -verify` and signed by the provider's CA (pyca verifies the leaf); the
           provider's CSR passes pyca's is_signature_valid and is signed by pyca's CA
           (`openssl verify` accepts the leaf); a flipped signature byte fails in pyca;
         - CMS: the SignerInfo signature of a test_prov_cms SignedData verifies in pyca as
           pure ML-DSA over the DER of the signed attributes, empty context (RFC 9882).
  slhdsa SLH-DSA-SHAKE-128f against the slh-dsa package (PyPI):
         - keys both ways (its key as PKCS#8 read by `openssl pkey`, same public key; the
           provider's sk signs in slh-dsa and `pkeyutl -verify` accepts it);
         - the provider's certificate signature verifies in slh-dsa over the TBS; a
           certificate re-signed by slh-dsa passes `openssl verify`; the CMS SignerInfo
           signature verifies in slh-dsa (RFC 9814).

usage: test_prov_interop.py pyca|slhdsa MODULE_DIR TEST_PROV_CMS
Exit 77 (skipped) when the oracle package or the openssl command is missing.
"""
import datetime
import os
import shutil
import subprocess
import sys
import tempfile

WHICH, MOD, CMS_TOOL = sys.argv[1], sys.argv[2], sys.argv[3]
PROV = ["-provider-path", MOD, "-provider", "keccakforge", "-provider", "default"]
failures = 0


def check(cond, what):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)
    return cond


def ossl(*args, inp=None):
    return subprocess.run(["openssl", *args], input=inp, capture_output=True, timeout=120)


def ok(r, what):
    return check(r.returncode == 0, "%s: exit %d: %s" % (what, r.returncode, r.stderr.decode(errors="replace")[-500:]))


# ---- DER (just enough to take certificates and CMS apart) ---------------------------------
def tlv(d, i):
    """(tag, value start, value end) of the element at d[i]."""
    tag, n = d[i], d[i + 1]
    j = i + 2
    if n & 0x80:
        k = n & 0x7F
        n = int.from_bytes(d[j:j + k], "big")
        j += k
    return tag, j, j + n


def kids(d, start, end):
    out, i = [], start
    while i < end:
        t, s, e = tlv(d, i)
        out.append((t, s, e, i))
        i = e
    return out


def der_tlv(tag, body):
    n = len(body)
    if n < 0x80:
        head = bytes([n])
    else:
        nb = n.to_bytes((n.bit_length() + 7) // 8, "big")
        head = bytes([0x80 | len(nb)]) + nb
    return bytes([tag]) + head + body


def cert_parts(der):
    """(TBSCertificate DER, signature bytes) of a certificate."""
    _, s, e = tlv(der, 0)
    tbs, _, sig = kids(der, s, e)
    return der[tbs[3]:tbs[2]], der[sig[1] + 1:sig[2]]


def resign_cert(der, newsig):
    _, s, e = tlv(der, 0)
    tbs, alg, _ = kids(der, s, e)
    return der_tlv(0x30, der[tbs[3]:tbs[2]] + der[alg[3]:alg[2]] + der_tlv(0x03, b"\x00" + newsig))


def cms_signer(der):
    """(DER of the signed attributes as signed, i.e. with the SET tag; signature) of the
    first SignerInfo of a ContentInfo/SignedData."""
    _, s, e = tlv(der, 0)
    _, ctx0 = kids(der, s, e)[:2]                      # contentType, [0]
    _, sds, sde = tlv(der, ctx0[1])                    # SignedData
    sinfos = [k for k in kids(der, sds, sde) if k[0] == 0x31][-1]   # the last SET: signerInfos
    _, sis, sie = tlv(der, sinfos[1])
    parts = kids(der, sis, sie)
    attrs = [k for k in parts if k[0] == 0xA0][0]
    sig = [k for k in parts if k[0] == 0x04][0]
    return b"\x31" + der[attrs[3] + 1:attrs[2]], der[sig[1]:sig[2]]


def spki_der(pem_path, pubin=False):
    return ossl("pkey", *PROV, *(["-pubin"] if pubin else []), "-in", pem_path, "-pubout", "-outform", "DER").stdout


# ---- ML-DSA with pyca/cryptography ---------------------------------------------------------
def cryptography_version():
    import cryptography
    return cryptography.__version__


def run_pyca(tmp):
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import mldsa
    except ImportError as e:
        print("pyca/cryptography with ML-DSA is not importable (%s): skipped" % e)
        return 77
    enc, pk8, spki = serialization.Encoding, serialization.PrivateFormat.PKCS8, serialization.PublicFormat.SubjectPublicKeyInfo
    classes = {"ML-DSA-44": mldsa.MLDSA44PrivateKey, "ML-DSA-65": mldsa.MLDSA65PrivateKey, "ML-DSA-87": mldsa.MLDSA87PrivateKey}
    now = datetime.datetime.now(datetime.timezone.utc)

    def build(subject, issuer, pub, key, ca):
        b = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(x509.NameOID.COMMON_NAME, subject)]))
             .issuer_name(x509.Name([x509.NameAttribute(x509.NameOID.COMMON_NAME, issuer)])).public_key(pub)
             .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
             .not_valid_after(now + datetime.timedelta(days=1)))
        if ca:
            b = b.add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        return b.sign(key, None)

    try:   # an older pyca may have the ML-DSA keys but not certificates with them
        k = mldsa.MLDSA44PrivateKey.generate()
        build("probe", "probe", k.public_key(), k, True)
        serialization.load_pem_private_key(k.private_bytes(enc.PEM, pk8, serialization.NoEncryption()), None)
    except Exception as e:
        print("pyca/cryptography %s cannot make ML-DSA certificates (%r): skipped" % (cryptography_version(), e))
        return 77
    for name, cls in classes.items():
        print(name)
        p = lambda f: os.path.join(tmp, name + "-" + f)  # noqa: E731
        # keys: pyca -> provider
        theirs = cls.generate()
        open(p("py.key"), "wb").write(theirs.private_bytes(enc.PEM, pk8, serialization.NoEncryption()))
        r = ossl("pkey", *PROV, "-in", p("py.key"), "-outform", "DER")
        check(r.returncode == 0 and r.stdout == theirs.private_bytes(enc.DER, pk8, serialization.NoEncryption()),
              "%s: openssl pkey does not give pyca's PKCS#8 back: %r" % (name, r.stderr[-300:]))
        check(spki_der(p("py.key")) == theirs.public_key().public_bytes(enc.DER, spki), "%s: SPKI of pyca's key" % name)
        # keys: provider -> pyca
        ok(ossl("genpkey", *PROV, "-algorithm", name, "-out", p("our.key")), name + " genpkey")
        ours = serialization.load_pem_private_key(open(p("our.key"), "rb").read(), None)
        our_der = ossl("pkey", *PROV, "-in", p("our.key"), "-outform", "DER").stdout
        check(isinstance(ours, cls) and ours.private_bytes_raw() == our_der[-32:], "%s: pyca reads the provider's key" % name)
        check(ours.public_key().public_bytes(enc.DER, spki) == spki_der(p("our.key")), "%s: SPKI of the provider's key" % name)
        # signatures with a context, both ways
        msg, ctx = os.urandom(333), b"keccakforge ctx"
        open(p("msg"), "wb").write(msg)
        open(p("py.sig"), "wb").write(ours.sign(msg, ctx))
        r = ossl("pkeyutl", *PROV, "-verify", "-rawin", "-inkey", p("our.key"), "-in", p("msg"), "-sigfile", p("py.sig"),
                 "-pkeyopt", "hexcontext-string:" + ctx.hex())
        check(r.returncode == 0 and b"Verified Successfully" in r.stdout, "%s: pyca signature, pkeyutl -verify: %r" % (name, r.stderr[-300:]))
        r = ossl("pkeyutl", *PROV, "-verify", "-rawin", "-inkey", p("our.key"), "-in", p("msg"), "-sigfile", p("py.sig"))
        check(r.returncode != 0 and r.stderr, "%s: pyca signature verified without its context" % name)
        ok(ossl("pkeyutl", *PROV, "-sign", "-rawin", "-inkey", p("our.key"), "-in", p("msg"), "-out", p("our.sig"),
                "-pkeyopt", "hexcontext-string:" + ctx.hex()), name + " pkeyutl -sign")
        try:
            ours.public_key().verify(open(p("our.sig"), "rb").read(), msg, ctx)
        except Exception as e:
            check(False, "%s: pkeyutl signature does not verify in pyca: %r" % (name, e))
        # certificates: pyca's CA in openssl, the provider's CA in pyca
        pyca_ca = build("pyca CA", "pyca CA", theirs.public_key(), theirs, True)
        open(p("pyca-ca.pem"), "wb").write(pyca_ca.public_bytes(enc.PEM))
        r = ossl("verify", *PROV, "-CAfile", p("pyca-ca.pem"), p("pyca-ca.pem"))
        check(r.returncode == 0 and r.stdout.strip().endswith(b": OK"), "%s: openssl verify of pyca's CA: %r" % (name, r.stderr))
        ok(ossl("req", *PROV, "-x509", "-key", p("our.key"), "-subj", "/CN=provider CA", "-days", "2", "-out", p("our-ca.pem")),
           name + " req -x509")
        our_ca = x509.load_pem_x509_certificate(open(p("our-ca.pem"), "rb").read())
        try:
            our_ca.verify_directly_issued_by(our_ca)
        except Exception as e:
            check(False, "%s: pyca rejects the provider's self-signed certificate: %r" % (name, e))
        _, sig = cert_parts(our_ca.public_bytes(enc.DER))
        check(len(sig) > 0, "%s: no signature" % name)
        bad = bytearray(our_ca.public_bytes(enc.DER))
        bad[len(bad) - 30] ^= 1
        try:
            b = x509.load_der_x509_certificate(bytes(bad))
            b.verify_directly_issued_by(our_ca)
            check(False, "%s: pyca accepted a flipped signature byte" % name)
        except Exception:
            pass
        # CSRs: pyca's signed by the provider's CA, the provider's signed by pyca's CA
        leaf = cls.generate()
        csr = x509.CertificateSigningRequestBuilder().subject_name(
            x509.Name([x509.NameAttribute(x509.NameOID.COMMON_NAME, "pyca leaf")])).sign(leaf, None)
        open(p("py.csr"), "wb").write(csr.public_bytes(enc.PEM))
        r = ossl("req", *PROV, "-verify", "-in", p("py.csr"), "-noout")
        check(b"verify OK" in r.stderr + r.stdout and b"failure" not in r.stderr, "%s: req -verify of pyca's CSR: %r" % (name, r.stderr))
        ok(ossl("x509", *PROV, "-req", "-in", p("py.csr"), "-CA", p("our-ca.pem"), "-CAkey", p("our.key"), "-set_serial", "9",
                "-days", "1", "-out", p("py-leaf.pem")), name + " x509 -req of pyca's CSR")
        try:
            x509.load_pem_x509_certificate(open(p("py-leaf.pem"), "rb").read()).verify_directly_issued_by(our_ca)
        except Exception as e:
            check(False, "%s: pyca rejects the leaf the provider's CA signed: %r" % (name, e))
        ok(ossl("req", *PROV, "-new", "-key", p("our.key"), "-subj", "/CN=provider leaf", "-out", p("our.csr")), name + " req -new")
        our_csr = x509.load_pem_x509_csr(open(p("our.csr"), "rb").read())
        check(our_csr.is_signature_valid, "%s: pyca: the provider's CSR signature is not valid" % name)
        leaf_cert = build("provider leaf", "pyca CA", our_csr.public_key(), theirs, False)
        open(p("our-leaf.pem"), "wb").write(leaf_cert.public_bytes(enc.PEM))
        r = ossl("verify", *PROV, "-CAfile", p("pyca-ca.pem"), p("our-leaf.pem"))
        check(r.returncode == 0 and r.stdout.strip().endswith(b": OK"), "%s: openssl verify of pyca's leaf: %r" % (name, r.stderr))
        # CMS: the SignerInfo's signature is pure ML-DSA over the signed attributes
        open(p("content"), "wb").write(b"CMS content for pyca\n")
        if ok(subprocess.run([CMS_TOOL, MOD, "sign", p("our-ca.pem"), p("our.key"), p("content"), p("cms.pem"), "sha512"],
                             capture_output=True, timeout=60), name + " CMS sign"):
            der = ossl("cms", "-cmsout", "-in", p("cms.pem"), "-inform", "PEM", "-outform", "DER", *PROV).stdout
            attrs, sig = cms_signer(der)
            try:
                ours.public_key().verify(sig, attrs)
            except Exception as e:
                check(False, "%s: pyca does not verify the CMS SignerInfo signature: %r" % (name, e))
            try:
                ours.public_key().verify(sig, attrs[:-1] + bytes([attrs[-1] ^ 1]))
                check(False, "%s: pyca verified changed signed attributes" % name)
            except Exception:
                pass
    return 0


# ---- SLH-DSA-SHAKE-128f with the slh-dsa package ---------------------------------------------
def run_slhdsa(tmp):
    try:
        import slhdsa
    except ImportError as e:
        print("the slh-dsa package is not importable (%s): skipped" % e)
        return 77
    name, par, n = "SLH-DSA-SHAKE-128f", slhdsa.shake_128f, 16
    oid = bytes.fromhex("060960864801650304031b")   # 2.16.840.1.101.3.4.3.27
    p = lambda f: os.path.join(tmp, f)  # noqa: E731

    def their_pair(sk):
        return (slhdsa.SecretKey((sk[:n], sk[n:2 * n], sk[2 * n:3 * n], sk[3 * n:]), par),
                slhdsa.PublicKey((sk[2 * n:3 * n], sk[3 * n:]), par))

    # their key as PKCS#8, read by openssl: the same public key
    kp = slhdsa.KeyPair.gen(par)
    sk = bytes(kp.sec.digest())   # SK.seed || SK.prf || PK.seed || PK.root
    pk8 = der_tlv(0x30, b"\x02\x01\x00" + der_tlv(0x30, oid) + der_tlv(0x04, sk))
    open(p("their.der"), "wb").write(pk8)
    r = ossl("pkey", *PROV, "-in", p("their.der"), "-inform", "DER", "-pubout", "-outform", "DER")
    check(r.returncode == 0 and r.stdout.endswith(b"\x03\x21\x00" + sk[2 * n:]) and len(r.stdout) == 50,
          "%s: openssl pkey of slh-dsa's key: %r" % (name, r.stderr[-300:]))
    # the provider's key signs in slh-dsa; pkeyutl -verify accepts
    ok(ossl("genpkey", *PROV, "-algorithm", name, "-out", p("our.key")), "genpkey")
    our_sk = ossl("pkey", *PROV, "-in", p("our.key"), "-outform", "DER").stdout[-4 * n:]
    sec, pub = their_pair(our_sk)
    msg, ctx = os.urandom(200), b"ctx"
    open(p("msg"), "wb").write(msg)
    open(p("their.sig"), "wb").write(sec.sign_pure(msg, True, ctx))
    r = ossl("pkeyutl", *PROV, "-verify", "-rawin", "-inkey", p("our.key"), "-in", p("msg"), "-sigfile", p("their.sig"),
             "-pkeyopt", "hexcontext-string:" + ctx.hex())
    check(r.returncode == 0 and b"Verified Successfully" in r.stdout, "%s: slh-dsa signature, pkeyutl -verify" % name)
    # certificates both ways
    ok(ossl("req", *PROV, "-x509", "-key", p("our.key"), "-subj", "/CN=slh CA", "-days", "2", "-out", p("ca.pem"),
            "-outform", "PEM"), "req -x509")
    der = ossl("x509", "-in", p("ca.pem"), "-outform", "DER", *PROV).stdout
    tbs, sig = cert_parts(der)
    check(pub.verify_pure(tbs, sig, b""), "%s: slh-dsa does not verify the provider's certificate signature" % name)
    check(not pub.verify_pure(tbs[:-1] + bytes([tbs[-1] ^ 1]), sig, b""), "%s: slh-dsa verified a changed TBS" % name)
    open(p("resigned.der"), "wb").write(resign_cert(der, sec.sign_pure(tbs, True, b"")))
    ok(ossl("x509", *PROV, "-in", p("resigned.der"), "-inform", "DER", "-out", p("resigned.pem")), "re-signed cert to PEM")
    r = ossl("verify", *PROV, "-CAfile", p("resigned.pem"), p("resigned.pem"))
    check(r.returncode == 0 and r.stdout.strip().endswith(b": OK"), "%s: openssl verify of the slh-dsa-signed cert: %r"
          % (name, r.stdout + r.stderr))
    # CMS
    open(p("content"), "wb").write(b"CMS content for slh-dsa\n")
    if ok(subprocess.run([CMS_TOOL, MOD, "sign", p("ca.pem"), p("our.key"), p("content"), p("cms.pem"), "sha512"],
                         capture_output=True, timeout=60), "CMS sign"):
        cder = ossl("cms", "-cmsout", "-in", p("cms.pem"), "-inform", "PEM", "-outform", "DER", *PROV).stdout
        attrs, csig = cms_signer(cder)
        check(pub.verify_pure(attrs, csig, b""), "%s: slh-dsa does not verify the CMS SignerInfo signature" % name)
    return 0


def main():
    if shutil.which("openssl") is None:
        print("the openssl command is not installed: skipped")
        return 77
    if os.environ.get("KF_SKIP_PYCRYPTODOME"):
        print("oracles switched off (KF_SKIP_PYCRYPTODOME: a sanitizer build; they run in the normal build): skipped")
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        rc = run_pyca(tmp) if WHICH == "pyca" else run_slhdsa(tmp)
    if rc == 77:
        return 77
    print("test_prov_interop %s: %d failure(s)" % (WHICH, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

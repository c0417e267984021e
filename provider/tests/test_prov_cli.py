#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The keccakforge provider through the openssl command line (OpenSSL 3.0's CLI):

  - `openssl dgst -sha3-*` with the provider equals `kforge sum -a sha3-*` on random files;
  - `openssl genpkey -algorithm ML-KEM-768`, `openssl pkey -pubout`, `-pubin`; a truncated
    or corrupted PEM is refused with an error, and so is an expandedKey whose inner ek fails
    the modulus check (issue 41), while the same key unmodified is read;
  - SLH-DSA-SHAKE-128f: genpkey, `pkeyutl -sign`, `pkeyutl -verify`; a changed message fails;
  - `dgst -sign/-verify` (no digest) with ML-DSA-44 and SLH-DSA-SHAKE-128f on 200 KB,
    cross-checked with `pkeyutl -rawin`; a longer file fails; `dgst -sha512 -sign` and
    `dgst -sha256 -verify` are refused with the provider's message (a digest is taken only
    over CMS signed attributes: issue 52, R13);
  - `pkey -text`, `-text_pub`, `-noout -text`, `-pubin -text` of ML-KEM-512/768/1024,
    ML-DSA-44/65/87 and SLH-DSA keys: every printed part equals the key's DER (or sits inside dk); `genpkey
    -algorithm X25519MLKEM768 -text`; the same into a closed pipe fails without a provider error;
  - a TLS 1.3 handshake per group (MLKEM512/768/1024, X25519MLKEM768, SecP256r1MLKEM768,
    SecP384r1MLKEM1024) between `openssl
    s_server` and `openssl s_client` on 127.0.0.1 (a free port, timeouts, processes reaped):
    both finish TLS 1.3 and the server reports the group as the shared one.
(OpenSSL 3.0's pkeyutl has no -encap/-decap: test_prov_kem covers encapsulation.)

usage: test_prov_cli.py MODULE_DIR KFORGE
"""
import base64
import hashlib
import os
import select
import socket
import subprocess
import sys
import tempfile
import time

MOD, KFORGE = sys.argv[1], sys.argv[2]
PROV = ["-provider-path", MOD, "-provider", "keccakforge", "-provider", "default"]
failures = 0


def check(cond, what):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)
    return cond


def ossl(*args, inp=None, timeout=60):
    return subprocess.run(["openssl", *args], input=inp, capture_output=True, timeout=timeout)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_dgst(tmp):
    rnd = os.urandom(300000)
    for n in (0, 1, 135, 136, 137, 4096, 299999):
        path = os.path.join(tmp, "in%d" % n)
        with open(path, "wb") as f:
            f.write(rnd[:n])
        for alg in ("sha3-224", "sha3-256", "sha3-384", "sha3-512"):
            r = ossl("dgst", *PROV[:4], "-" + alg, "-r", path)
            k = subprocess.run([KFORGE, "sum", "-a", alg, path], capture_output=True)
            ok = r.returncode == 0 and k.returncode == 0
            check(ok and r.stdout.split()[0] == k.stdout.split()[0],
                  "openssl dgst -%s != kforge sum on %d bytes: %r %r" % (alg, n, r.stdout[:80], r.stderr[:200]))
    # the provider really answered: it is the only one loaded, and lists SHA3-256
    r = ossl("list", "-digest-algorithms", *PROV[:4])
    check(b"SHA3-256 } @ keccakforge" in r.stdout, "SHA3-256 not listed by the provider")


def test_mlkem(tmp):
    key, pub = os.path.join(tmp, "mk.pem"), os.path.join(tmp, "mk.pub")
    r = ossl("genpkey", *PROV, "-algorithm", "ML-KEM-768", "-out", key)
    if not check(r.returncode == 0, "genpkey ML-KEM-768: %r" % r.stderr[:300]):
        return
    text = open(key).read()
    check(text.startswith("-----BEGIN PRIVATE KEY-----"), "genpkey output is not PKCS#8 PEM")
    r = ossl("pkey", *PROV, "-in", key, "-pubout", "-out", pub)
    check(r.returncode == 0 and open(pub).read().startswith("-----BEGIN PUBLIC KEY-----"), "pkey -pubout: %r" % r.stderr[:300])
    r = ossl("pkey", *PROV, "-pubin", "-in", pub, "-outform", "DER")
    check(r.returncode == 0 and len(r.stdout) == 22 + 1184, "pkey -pubin DER: %d bytes" % len(r.stdout))
    r = ossl("asn1parse", "-in", key)
    check(b"2.16.840.1.101.3.4.4.2" in r.stdout, "OID of ML-KEM-768 missing: %r" % r.stdout[:300])
    lines = text.splitlines()
    bad = os.path.join(tmp, "bad.pem")
    for name, body in (("truncated", "\n".join(lines[:2]) + "\n"),
                       ("corrupted", "\n".join([lines[0], lines[1][:10] + ("A" if lines[1][10] != "A" else "B") + lines[1][11:]] + lines[2:]) + "\n")):
        open(bad, "w").write(body)
        r = ossl("pkey", *PROV, "-in", bad, "-noout")
        check(r.returncode != 0 and b"error" in r.stderr.lower(), "%s PEM accepted: %r" % (name, r.stderr[:200]))
    test_mlkem_bad_inner_ek(tmp)


def der_tlv(tag, body):
    n = len(body)
    head = bytes([n]) if n < 0x80 else (b"\x81" + bytes([n]) if n < 0x100 else b"\x82" + n.to_bytes(2, "big"))
    return bytes([tag]) + head + body


def expanded_pem(dk):
    """PKCS#8 v0 PEM of an ML-KEM-768 dk in the expandedKey form."""
    algid = der_tlv(0x30, der_tlv(0x06, bytes.fromhex("608648016503040402")))
    der = der_tlv(0x30, b"\x02\x01\x00" + algid + der_tlv(0x04, der_tlv(0x04, dk)))
    b64 = base64.b64encode(der).decode()
    return "-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----\n" % "\n".join(
        b64[i:i + 64] for i in range(0, len(b64), 64))


def test_mlkem_bad_inner_ek(tmp):
    """Issue 41, defect 7: an expandedKey whose inner ek has a coefficient >= q (H(ek)
    recomputed) must not be read by `openssl pkey`; the unmodified key is."""
    r = subprocess.run([KFORGE, "mlkem", "keygen", "-p", "768"], capture_output=True, text=True)
    dk = [bytes.fromhex(line[3:]) for line in r.stdout.splitlines() if line.startswith("dk=")]
    if not check(r.returncode == 0 and len(dk) == 1 and len(dk[0]) == 2400, "kforge mlkem keygen: %r" % r.stderr[:200]):
        return
    good = dk[0]
    eko, ekl = 384 * 3, 1184
    bad = bytearray(good)
    bad[eko] = 0xFF                   # the inner ek's first coefficient: 0xfff >= q
    bad[eko + 1] |= 0x0F
    bad[eko + ekl:eko + ekl + 32] = hashlib.sha3_256(bytes(bad[eko:eko + ekl])).digest()
    path = os.path.join(tmp, "expanded.pem")
    open(path, "w").write(expanded_pem(good))
    r = ossl("pkey", *PROV, "-in", path, "-pubout")
    check(r.returncode == 0 and r.stdout.startswith(b"-----BEGIN PUBLIC KEY-----"),
          "unmodified expandedKey: pkey -pubout failed: %r" % r.stderr[:300])
    # reading alone must fail (before the fix it succeeded and only -pubout failed); the
    # CLI's OSSL_STORE drops the decoders' errors ("unsupported"), so no reason to look for:
    # test_prov_kem checks "invalid key" through OSSL_DECODER
    open(path, "w").write(expanded_pem(bytes(bad)))
    r = ossl("pkey", *PROV, "-in", path, "-noout")
    check(r.returncode != 0 and b"error" in r.stderr.lower(),
          "expandedKey with an inner ek >= q read by openssl pkey: %r" % r.stderr[:300])


def test_slhdsa(tmp):
    key, pub = os.path.join(tmp, "sk.pem"), os.path.join(tmp, "sk.pub")
    msg, sig, msg2 = os.path.join(tmp, "m"), os.path.join(tmp, "sig"), os.path.join(tmp, "m2")
    open(msg, "wb").write(b"keccakforge provider test message\n")
    open(msg2, "wb").write(b"keccakforge provider test messagE\n")
    r = ossl("genpkey", *PROV, "-algorithm", "SLH-DSA-SHAKE-128f", "-out", key)
    if not check(r.returncode == 0, "genpkey SLH-DSA: %r" % r.stderr[:300]):
        return
    check(ossl("pkey", *PROV, "-in", key, "-pubout", "-out", pub).returncode == 0, "SLH-DSA pubout")
    r = ossl("pkeyutl", *PROV, "-sign", "-inkey", key, "-in", msg, "-out", sig)
    check(r.returncode == 0 and os.path.getsize(sig) == 17088, "pkeyutl -sign: %r" % r.stderr[:300])
    r = ossl("pkeyutl", *PROV, "-verify", "-pubin", "-inkey", pub, "-in", msg, "-sigfile", sig)
    check(r.returncode == 0 and b"Verified Successfully" in r.stdout, "pkeyutl -verify: %r %r" % (r.stdout, r.stderr[:300]))
    r = ossl("pkeyutl", *PROV, "-verify", "-pubin", "-inkey", pub, "-in", msg2, "-sigfile", sig)
    check(r.returncode != 0 and b"signature does not verify" in r.stderr, "changed message verified: %r" % r.stderr[:300])


def test_dgst_sign(tmp):
    """`openssl dgst -sign/-verify` (no digest: the md BIO streams the file into
    DigestSignUpdate) for ML-DSA-44 and SLH-DSA-SHAKE-128f on 200 KB: `pkeyutl -rawin
    -verify` accepts the signature, a one-byte longer file fails with a message, and
    `dgst -sha512 -sign`, `dgst -sha256 -verify` and `dgst -sha3-512 -verify` are refused with
    the provider's message, but for data that is CMS signed attributes with a message digest
    of the named digest's size."""
    data = os.path.join(tmp, "dgst-data")
    open(data, "wb").write(os.urandom(200000))
    longer = os.path.join(tmp, "dgst-data2")
    open(longer, "wb").write(open(data, "rb").read() + b"x")
    for alg in ("ML-DSA-44", "SLH-DSA-SHAKE-128f"):
        key, pub, sig = (os.path.join(tmp, "dgst-%s.%s" % (alg, e)) for e in ("key", "pub", "sig"))
        ossl("genpkey", *PROV, "-algorithm", alg, "-out", key)
        ossl("pkey", *PROV, "-in", key, "-pubout", "-out", pub)
        r = ossl("dgst", *PROV, "-sign", key, "-out", sig, data)
        if not check(r.returncode == 0 and os.path.getsize(sig) > 0, "%s: dgst -sign: %r" % (alg, r.stderr[-300:])):
            continue
        r = ossl("dgst", *PROV, "-verify", pub, "-signature", sig, data)
        check(r.returncode == 0 and b"Verified OK" in r.stdout, "%s: dgst -verify: %r" % (alg, r.stdout + r.stderr[-300:]))
        r = ossl("pkeyutl", *PROV, "-verify", "-rawin", "-pubin", "-inkey", pub, "-in", data, "-sigfile", sig)
        check(r.returncode == 0 and b"Verified Successfully" in r.stdout, "%s: pkeyutl -rawin -verify of dgst's signature" % alg)
        r = ossl("dgst", *PROV, "-verify", pub, "-signature", sig, longer)
        check(r.returncode != 0 and b"signature does not verify" in r.stderr, "%s: dgst -verify of a longer file: %r"
              % (alg, r.stdout + r.stderr[-300:]))
        r = ossl("dgst", *PROV, "-sha512", "-sign", key, "-out", sig + "2", data)
        check(r.returncode != 0 and b"signs the message itself, not a" in r.stderr,
              "%s: dgst -sha512 -sign: %r" % (alg, r.stderr[-300:]))
        # issue 52, R13: a digest named on verify was ignored ("Verified OK" for the pure
        # signature over the file); only CMS signed attributes are taken with one
        for md in ("-sha256", "-sha3-512"):
            r = ossl("dgst", *PROV, md, "-verify", pub, "-signature", sig, data)
            check(r.returncode != 0 and b"Verified OK" not in r.stdout and b"verifies the message itself, not a" in r.stderr,
                  "%s: dgst %s -verify of a pure signature: %r" % (alg, md, r.stdout + r.stderr[-300:]))
        empty = os.path.join(tmp, "dgst-empty")
        open(empty, "wb").close()
        r = ossl("dgst", *PROV, "-sha256", "-verify", pub, "-signature", sig, empty)
        check(r.returncode != 0 and b"Verified OK" not in r.stdout, "%s: dgst -sha256 -verify of an empty file" % alg)
        # the one case a digest is taken: data that is CMS signed attributes (content-type and
        # a message digest of the named digest's size), signed as they are
        attrs = os.path.join(tmp, "dgst-attrs")
        open(attrs, "wb").write(signed_attrs(os.urandom(32)))
        r = ossl("dgst", *PROV, "-sign", key, "-out", sig + "3", attrs)
        r = ossl("dgst", *PROV, "-sha256", "-verify", pub, "-signature", sig + "3", attrs)
        check(r.returncode == 0 and b"Verified OK" in r.stdout, "%s: dgst -sha256 -verify of signed attributes: %r"
              % (alg, r.stdout + r.stderr[-300:]))
        r = ossl("dgst", *PROV, "-sha512", "-verify", pub, "-signature", sig + "3", attrs)
        check(r.returncode != 0 and b"Verified OK" not in r.stdout,
              "%s: dgst -sha512 -verify of attributes with a 32-byte digest" % alg)


def signed_attrs(digest):
    """CMS signed attributes as signed (RFC 5652 5.4): SET OF { content-type id-data,
    message-digest digest }."""
    def tlv(tag, body):
        return bytes([tag, len(body)]) + body
    ct = tlv(0x30, tlv(0x06, bytes.fromhex("2a864886f70d010903")) + tlv(0x31, tlv(0x06, bytes.fromhex("2a864886f70d010701"))))
    md = tlv(0x30, tlv(0x06, bytes.fromhex("2a864886f70d010904")) + tlv(0x31, tlv(0x04, digest)))
    return tlv(0x31, ct + md)


def text_blocks(out):
    """{label: bytes} of a key's -text output (label line, then indented xx:xx: lines)."""
    blocks, cur = {}, None
    for line in out.decode().splitlines()[1:]:
        if line.startswith("    ") and cur is not None:
            blocks[cur] += bytes.fromhex(line.strip().rstrip(":").replace(":", ""))
        elif line.endswith(":"):
            cur = line[:-1]
            blocks[cur] = b""
        else:
            cur = None
    return blocks


def test_text(tmp):
    """`openssl pkey -text`, `-text_pub`, `-noout -text` for each key type: the header, and
    every part equal to the key's own DER (seed, ek/pk) or consistent with it (dk holds ek)."""
    for alg, ml, eklen, dklen in (("ML-KEM-512", 1, 800, 1632), ("ML-KEM-768", 1, 1184, 2400),
                                  ("ML-KEM-1024", 1, 1568, 3168), ("ML-DSA-44", 2, 1312, 2560),
                                  ("ML-DSA-65", 2, 1952, 4032), ("ML-DSA-87", 2, 2592, 4896), ("SLH-DSA-SHAKE-128f", 0, 32, 64),
                                  ("SLH-DSA-SHAKE-256s", 0, 64, 128)):
        key = os.path.join(tmp, "text-%s.pem" % alg)
        if not check(ossl("genpkey", *PROV, "-algorithm", alg, "-out", key).returncode == 0, "genpkey " + alg):
            continue
        der = ossl("pkey", *PROV, "-in", key, "-outform", "DER").stdout
        spki = ossl("pkey", *PROV, "-in", key, "-pubout", "-outform", "DER").stdout
        r = ossl("pkey", *PROV, "-in", key, "-text", "-noout")
        if not check(r.returncode == 0 and r.stdout.startswith(("%s Private-Key:" % alg).encode()),
                     "%s: pkey -text -noout: %r %r" % (alg, r.stdout[:80], r.stderr[-300:])):
            continue
        b = text_blocks(r.stdout)
        pub, priv = b.get("ek" if ml == 1 else "pub", b""), b.get("dk" if ml == 1 else "priv", b"")
        check(len(pub) == eklen and spki.endswith(pub), "%s -text: public part %d bytes, not the SPKI's" % (alg, len(pub)))
        check(len(priv) == dklen, "%s -text: private part of %d bytes" % (alg, len(priv)))
        if ml == 1:
            check(b.get("seed", b"") == der[-64:] and len(der) == 86, "%s -text: seed is not the PKCS#8 seed" % alg)
            k = {800: 2, 1184: 3, 1568: 4}[eklen]
            check(priv[384 * k:384 * k + eklen] == pub, "%s -text: dk does not hold ek" % alg)
        elif ml == 2:   # ML-DSA: seed xi; sk starts with rho, pk's first 32 bytes
            check(b.get("seed", b"") == der[-32:] and len(der) == 54, "%s -text: seed is not the PKCS#8 seed" % alg)
            check(priv[:32] == pub[:32], "%s -text: sk and pk do not share rho" % alg)
        else:
            check(der.endswith(priv) and priv.endswith(pub), "%s -text: priv is not the PKCS#8 sk" % alg)
        r = ossl("pkey", *PROV, "-in", key, "-text")   # the PEM, then the text
        check(r.returncode == 0 and r.stdout.startswith(b"-----BEGIN PRIVATE KEY-----")
              and ("%s Private-Key:" % alg).encode() in r.stdout, "%s: pkey -text" % alg)
        r = ossl("pkey", *PROV, "-in", key, "-text_pub", "-noout")
        bp = text_blocks(r.stdout)
        check(r.returncode == 0 and r.stdout.startswith(("%s Public-Key:" % alg).encode())
              and list(bp) == ["ek" if ml == 1 else "pub"] and bp[list(bp)[0]] == pub,
              "%s: pkey -text_pub: %r" % (alg, r.stdout[:200]))
        pubf = os.path.join(tmp, "text-%s.pub" % alg)
        ossl("pkey", *PROV, "-in", key, "-pubout", "-out", pubf)
        r = ossl("pkey", *PROV, "-pubin", "-in", pubf, "-text", "-noout")
        check(r.returncode == 0 and text_blocks(r.stdout).get("ek" if ml == 1 else "pub") == pub
              and b"Private" not in r.stdout, "%s: pkey -pubin -text: %r" % (alg, r.stdout[:200]))
    # the hybrid TLS key has no file form: genpkey -text prints the generated key
    r = ossl("genpkey", *PROV, "-algorithm", "X25519MLKEM768", "-text")
    b = text_blocks(r.stdout)
    check(r.stdout.startswith(b"X25519MLKEM768 Private-Key:") and len(b.get("ML-KEM-768 seed", b"")) == 64
          and len(b.get("ML-KEM-768 dk", b"")) == 2400 and len(b.get("ML-KEM-768 ek", b"")) == 1184
          and b["ML-KEM-768 dk"][1152:1152 + 1184] == b["ML-KEM-768 ek"]
          and len(b.get("X25519 priv", b"")) == 32 and len(b.get("X25519 pub", b"")) == 32,
          "genpkey X25519MLKEM768 -text: %r" % r.stdout[:300])


def test_closed_pipe(tmp):
    """`openssl pkey -text | head`: a write into a pipe whose reader has gone (EPIPE, SIGPIPE
    ignored as a shell may leave it) fails the command, and is not reported as a provider error."""
    for alg in ("ML-KEM-768", "ML-DSA-65", "SLH-DSA-SHAKE-128f"):
        key = os.path.join(tmp, "text-%s.pem" % alg)
        if not os.path.exists(key):
            continue
        rd, wr = os.pipe()
        os.close(rd)
        try:
            r = subprocess.run(["openssl", "pkey", *PROV, "-in", key, "-text", "-noout"], stdout=wr,
                               stderr=subprocess.PIPE, restore_signals=False, timeout=60)
        finally:
            os.close(wr)
        # openssl's stdout is a stdio FILE: a text shorter than its buffer (SLH-DSA's) meets the
        # closed pipe only at exit, which openssl does not check; the longer ones fail in our write
        check((r.returncode != 0 or alg.startswith("SLH")) and b"keccakforge" not in r.stderr,
              "%s: pkey -text into a closed pipe: exit %d, %r" % (alg, r.returncode, r.stderr[-300:]))
    r = subprocess.run("openssl genpkey %s -algorithm X25519MLKEM768 -text | true" % " ".join(PROV), shell=True,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, restore_signals=False, timeout=60)
    check(b"keccakforge" not in r.stderr, "genpkey X25519MLKEM768 -text | true: %r" % r.stderr[-300:])


def handshake(tmp, group, cert, key):
    port = free_port()
    srv = subprocess.Popen(["openssl", "s_server", *PROV, "-accept", "127.0.0.1:%d" % port, "-naccept", "1",
                            "-tls1_3", "-groups", group, "-cert", cert, "-key", key],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        head = b""
        deadline = time.time() + 20
        while b"ACCEPT" not in head and time.time() < deadline:   # the server is listening
            ready, _, _ = select.select([srv.stdout], [], [], 0.5)
            if ready:
                chunk = os.read(srv.stdout.fileno(), 4096)
                if not chunk:
                    break
                head += chunk
        cli = ossl("s_client", *PROV, "-connect", "127.0.0.1:%d" % port, "-tls1_3", "-groups", group,
                   inp=b"Q\n", timeout=30)
        try:
            out, _ = srv.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            srv.kill()
            out, _ = srv.communicate()
        out = head + out
    finally:
        if srv.poll() is None:
            srv.kill()
            srv.wait()
    ok = check(b"New, TLSv1.3, Cipher is" in cli.stdout, "%s: client did not finish TLS 1.3: %r" % (group, cli.stdout[-300:] + cli.stderr[-300:]))
    ok &= check(("Shared groups: %s" % group).encode() in out, "%s: server did not report the group: %r" % (group, out[-300:]))
    if ok:
        print("  %s: TLS 1.3 handshake done on port %d" % (group, port))


def main():
    with tempfile.TemporaryDirectory() as tmp:
        test_dgst(tmp)
        test_mlkem(tmp)
        test_slhdsa(tmp)
        test_text(tmp)
        test_closed_pipe(tmp)
        test_dgst_sign(tmp)
        cert, key = os.path.join(tmp, "cert.pem"), os.path.join(tmp, "key.pem")
        r = ossl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-keyout", key, "-out", cert,
                 "-days", "1", "-nodes", "-subj", "/CN=localhost")
        if check(r.returncode == 0, "server certificate"):
            for g in ("X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024", "MLKEM512", "MLKEM768", "MLKEM1024"):
                handshake(tmp, g, cert, key)
    print("test_prov_cli: %d failure(s)" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

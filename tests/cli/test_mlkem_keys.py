#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_mlkem_keys.py - ML-KEM key files from `kforge mlkem keygen --pem` travel (issue 40).

  seed form  keygen --pem without --seed writes the PKCS#8 seed form [0] d || z, the same
             d || z that --seed-out writes; the DER is checked byte for byte against the
             layout of draft-ietf-lamps-kyber-certificates built here; keygen --seed-file of
             that seed gives the same ek and dk; ek.pem / dk.pem encapsulate / decapsulate.
  forms      --dk-form expanded / both: the expandedKey and SEQUENCE forms, all three
             decapsulate alike; a bad --dk-form, --dk-form without --pem or on encaps: exit 2.
  text       a PEM file with explanatory text before and after the block (RFC 7468) reads.
  pyca       pyca/cryptography (ML-KEM-768/1024; it has no 512) loads dk.pem and ek.pem:
             its private_bytes_raw() is the seed, its public key the ek; a ciphertext it
             encapsulates decapsulates with kforge to its secret, and a key it generates
             (PEM) decapsulates in kforge what kforge encapsulates to its public PEM.
  openssl    `openssl pkey` with the keccakforge provider (--provider-dir, when built)
             reads dk.pem: -pubout equals ek.pem; the private key it writes back decapsulates.
A missing pyca/cryptography (or one without ML-KEM), openssl or provider module makes the
test Skipped (77) once every other check passed.
Usage: test_mlkem_keys.py --kforge PATH [--provider-dir DIR]
"""
import base64
import os
import shutil
import stat
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_harness  # noqa: E402

check = cli_harness.Checks()
SETS = {"512": (1, 800, 1632), "768": (2, 1184, 2400), "1024": (3, 1568, 3168)}


def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def tlv(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def pkcs8(oid_last, private_key):
    """OneAsymmetricKey v0 with id-alg-ml-kem-* (2.16.840.1.101.3.4.4.N), no parameters."""
    oid = bytes([0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, oid_last])
    alg = tlv(0x30, tlv(0x06, oid))
    return tlv(0x30, tlv(0x02, b"\x00") + alg + tlv(0x04, private_key))


def pem_der(text):
    lines = text.decode().strip().splitlines()
    return base64.b64decode("".join(lines[1:-1]))


def main():
    def extra(ap):
        ap.add_argument("--provider-dir", default=None)
    k, args = cli_harness.kforge_path(extra)
    tmp = tempfile.mkdtemp()

    def run(*a, stdin=b""):
        return subprocess.run([k] + list(a), input=stdin, capture_output=True, cwd=tmp, timeout=300)

    def path(name):
        return os.path.join(tmp, name)

    def rd(name):
        with open(path(name), "rb") as f:
            return f.read()

    def wr(name, data):
        with open(path(name), "wb") as f:
            f.write(data)

    def decaps(p, dkfile, cfile="c"):
        r = run("mlkem", "decaps", "-p", p, "--dk-file", dkfile, "--c-file", cfile)
        return r.stdout.strip()[2:] if r.returncode == 0 and r.stdout.startswith(b"k=") else r.stderr

    try:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import mlkem as pyca_mlkem
        pyca = {"768": pyca_mlkem.MLKEM768PrivateKey, "1024": pyca_mlkem.MLKEM1024PrivateKey}
    except ImportError:
        pyca = None
        check.oracle_missing("pyca/cryptography with ML-KEM (46 or later)")

    openssl = shutil.which("openssl")
    mod = args.provider_dir
    prov = None
    if not openssl:
        check.oracle_missing("openssl")
    elif not mod or not os.path.exists(os.path.join(mod, "keccakforge.so")):
        check.oracle_missing("the keccakforge provider module", "not built (%s)" % mod)
    else:
        prov = ["-provider-path", mod, "-provider", "keccakforge", "-provider", "default"]

    for p, (oid, ekn, dkn) in SETS.items():
        # ---- the seed form by default, and the seed it holds ----
        r = run("mlkem", "keygen", "-p", p, "--pem", "--ek-out", "ek.pem", "--dk-out", "dk.pem", "--seed-out", "seed")
        check(r.returncode == 0 and r.stdout == b"", "keygen -p %s --pem --seed-out" % p, r.stderr)
        seed = rd("seed")
        check(len(seed) == 64 and stat.S_IMODE(os.stat(path("seed")).st_mode) == 0o600
              and stat.S_IMODE(os.stat(path("dk.pem")).st_mode) == 0o600, "seed file: 64 bytes, mode 0600")
        dk_der = pem_der(rd("dk.pem"))
        check(dk_der == pkcs8(oid, tlv(0x80, seed)), "ML-KEM-%s dk.pem is the seed form [0] of --seed-out's d || z" % p,
              dk_der.hex())
        r = run("mlkem", "keygen", "-p", p, "--seed-file", "seed", "--ek-out", "ek", "--dk-out", "dk")
        check(r.returncode == 0 and len(rd("dk")) == dkn, "keygen --seed-file of that seed", r.stderr)
        check(pem_der(rd("ek.pem")).endswith(rd("ek")), "ek.pem holds the ek of that seed")
        r = run("mlkem", "encaps", "-p", p, "--ek-file", "ek.pem", "--c-out", "c", "--k-out", "k")
        check(r.returncode == 0, "encaps --ek-file ek.pem", r.stderr)
        kk = rd("k").hex().encode()
        check(decaps(p, "dk.pem") == kk and decaps(p, "dk") == kk, "dk.pem and the raw dk of the seed decapsulate alike")
        # ---- the other forms ----
        for form in ("expanded", "both"):
            r = run("mlkem", "keygen", "-p", p, "--seed-file", "seed", "--pem", "--dk-form", form, "--dk-out", "dk2.pem",
                    "--ek-out", "ek2.pem")
            want = tlv(0x04, rd("dk")) if form == "expanded" else tlv(0x30, tlv(0x04, seed) + tlv(0x04, rd("dk")))
            check(r.returncode == 0 and pem_der(rd("dk2.pem")) == pkcs8(oid, want), "--dk-form %s: its DER" % form,
                  r.stderr)
            check(decaps(p, "dk2.pem") == kk, "--dk-form %s decapsulates" % form)
        # ---- text around the PEM block ----
        wr("dk_text.pem", b"ML-KEM-%s key made by kforge\nSubject: test\n\n" % p.encode() + rd("dk.pem") +
           b"\ntrailing notes -----\n")
        check(decaps(p, "dk_text.pem") == kk, "a PEM with text before and after the block")
        # ---- DER whose bytes hold "-----BEGIN " (the seed is any 64 bytes): still DER ----
        seed_b = b"-----BEGIN " + bytes(range(53))
        wr("seed_b", seed_b)
        r = run("mlkem", "keygen", "-p", p, "--seed-file", "seed_b", "--ek-out", "ek_b", "--dk-out", "dk_b")
        check(r.returncode == 0, "keygen --seed-file of a seed holding -----BEGIN", r.stderr)
        wr("dk_b.der", pkcs8(oid, tlv(0x80, seed_b)))
        r = run("mlkem", "encaps", "-p", p, "--ek-file", "ek_b", "--c-out", "c_b", "--k-out", "k_b")
        check(r.returncode == 0 and decaps(p, "dk_b.der", "c_b") == rd("k_b").hex().encode()
              and decaps(p, "dk_b", "c_b") == rd("k_b").hex().encode(),
              "a DER dk holding the bytes -----BEGIN decapsulates as DER", decaps(p, "dk_b.der", "c_b"))
        # ---- pyca/cryptography ----
        if pyca and p in pyca:
            try:
                sk = serialization.load_pem_private_key(rd("dk.pem"), password=None)
                pk = serialization.load_pem_public_key(rd("ek.pem"))
                ok = sk.private_bytes_raw() == seed and pk.public_bytes_raw() == rd("ek") \
                    and sk.public_key().public_bytes_raw() == rd("ek")
                check(ok, "pyca loads kforge's ML-KEM-%s dk.pem (seed = d || z) and ek.pem" % p)
                ss, ct = pk.encapsulate()
                wr("c_pyca", ct)
                check(decaps(p, "dk.pem", "c_pyca") == ss.hex().encode(), "pyca encapsulate -> kforge decaps")
                mine = pyca[p].generate()
                wr("pyca_dk.pem", mine.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                     serialization.NoEncryption()))
                wr("pyca_ek.pem", mine.public_key().public_bytes(serialization.Encoding.PEM,
                                                                 serialization.PublicFormat.SubjectPublicKeyInfo))
                r = run("mlkem", "encaps", "-p", p, "--ek-file", "pyca_ek.pem", "--c-out", "c3", "--k-out", "k3")
                check(r.returncode == 0 and mine.decapsulate(rd("c3")) == rd("k3") and
                      decaps(p, "pyca_dk.pem", "c3") == rd("k3").hex().encode(),
                      "pyca's key PEM -> kforge encaps / decaps = pyca decapsulate", r.stderr)
            except Exception as e:  # noqa: BLE001 - any failure of the oracle is a failed check
                check(False, "pyca with ML-KEM-%s PEM files" % p, repr(e))
        # ---- openssl pkey through the provider ----
        if prov:
            o = subprocess.run([openssl, "pkey", *prov, "-in", path("dk.pem"), "-pubout"], capture_output=True, timeout=60)
            check(o.returncode == 0 and o.stdout == rd("ek.pem"), "openssl pkey -pubout of dk.pem = ek.pem",
                  o.stderr.decode(errors="replace"))
            o = subprocess.run([openssl, "pkey", *prov, "-in", path("dk_text.pem"), "-out", path("dk_ossl.pem")],
                               capture_output=True, timeout=60)
            check(o.returncode == 0 and decaps(p, "dk_ossl.pem") == kk,
                  "openssl pkey rewrites dk.pem (text around it); kforge decapsulates with its output",
                  o.stderr.decode(errors="replace"))

    # ---- usage errors ----
    for a, what in ((("keygen", "-p", "768", "--pem", "--dk-form", "compact"), "a bad --dk-form"),
                    (("keygen", "-p", "768", "--dk-form", "seed"), "--dk-form without --pem"),
                    (("keygen", "-p", "768", "--pem", "--dk-form"), "--dk-form without a value"),
                    (("encaps", "-p", "768", "--ek-file", "ek", "--dk-form", "seed"), "--dk-form on encaps")):
        r = run("mlkem", *a)
        check(r.returncode == 2 and b"--dk-form" in r.stderr and r.stdout == b"", what + ": exit 2", r.stderr)
    r = run("mlkem", "encaps", "-p", "768", "--ek-file", "ek", "--seed-out", "s")
    check(r.returncode == 2, "--seed-out on encaps: exit 2", r.stderr)
    shutil.rmtree(tmp, ignore_errors=True)
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())

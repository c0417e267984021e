#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_mldsa_cli.py - `kforge mldsa` run as a user would run it.

--part vectors (official ACVP files):
  keygen --seed   the first keyGen case of each parameter set: pk= and sk= byte-identical
  sign            the first case of every external-interface sigGen group (pure and HashML-DSA
                  with the SHA-3/SHAKE pre-hashes; SHA-2 groups counted as skipped),
                  deterministic (--deterministic) and hedged (--rnd): sig byte-identical, with
                  the sk read from a raw file and the context from --ctx
--part oracles:
  round trips     every set: keygen files -> sign (hedged; from stdin) -> verify: valid;
                  two hedged signatures differ, two deterministic ones agree; another
                  message, context or pre-hash: exit 1; --prehash sign/verify
  key files       the sk as raw, hex, PEM seed form, PEM expanded form and DER all sign the
                  same deterministic signature; --seed-out then --seed-file gives the same
                  keys; keygen --pem writes mode 0600 PKCS#8 and SPKI
  refused         an expanded sk with t0 changed (exit 1, named), a key of another set or
                  scheme (named), a signature of the wrong length, a 256-byte context
  usage           --help on every subcommand (exit 0); bad usage (exit 2)
  oracles         pyca/cryptography (OpenSSL's ML-DSA) reads our PEM keys and verifies our
                  signatures, we read its PEM keys and verify its signatures; dilithium-py's
                  deterministic signature equals ours
Usage: test_mldsa_cli.py --kforge PATH [--part all|vectors|oracles]
"""
import base64
import json
import os
import stat
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "python"))
import cli_harness  # noqa: E402
import official_vectors  # noqa: E402

check = cli_harness.Checks()
SETS = {"44": (1312, 2560, 2420), "65": (1952, 4032, 3309), "87": (2592, 4896, 4627)}
PREHASH = {"SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE-128", "SHAKE-256"}
K = TMP = None


def run(*args, stdin=b""):
    return subprocess.run([K, "mldsa"] + list(args), input=stdin, capture_output=True, cwd=TMP, timeout=120)


def lines(r):
    return dict(l.split("=", 1) for l in r.stdout.decode().splitlines() if "=" in l)


def path(name):
    return os.path.join(TMP, name)


def write(name, data):
    with open(path(name), "wb") as f:
        f.write(data)
    return name


def read(name):
    with open(path(name), "rb") as f:
        return f.read()


def load(name):
    return json.loads(official_vectors.read("acvp/%s.json" % name))


def acvp_cases():
    prompt, res = load("ML-DSA-keyGen-FIPS204/prompt"), load("ML-DSA-keyGen-FIPS204/expectedResults")
    ans = {int(t["tcId"]): t for g in res["testGroups"] for t in g["tests"]}
    for g in prompt["testGroups"]:
        t, p = g["tests"][0], g["parameterSet"]
        r = run("keygen", "-p", p, "--seed", t["seed"])
        out, e = lines(r), ans[t["tcId"]]
        check(r.returncode == 0 and out.get("pk", "").upper() == e["pk"] and out.get("sk", "").upper() == e["sk"],
              "keygen %s tc %d" % (p, t["tcId"]), r.stderr)

    prompt, res = load("ML-DSA-sigGen-FIPS204/prompt"), load("ML-DSA-sigGen-FIPS204/expectedResults")
    ans = {int(t["tcId"]): t for g in res["testGroups"] for t in g["tests"]}
    skipped = 0
    for g in prompt["testGroups"]:
        if g["signatureInterface"] != "external":
            continue
        p, pre = g["parameterSet"][len("ML-DSA-"):], g["preHash"] == "preHash"
        cases = [t for t in g["tests"] if not pre or t["hashAlg"] in PREHASH]
        skipped += len(g["tests"]) - len(cases)
        for t in cases[:1]:
            write("acvp.sk", bytes.fromhex(t["sk"]))
            args = ["sign", "-p", p, "--sk-file", "acvp.sk", "--msg", t["message"]]
            if t["context"]:
                args += ["--ctx", t["context"]]
            if pre:
                args += ["--prehash", t["hashAlg"]]   # ACVP's names, SHAKE-128 with its hyphen
            args += ["--deterministic"] if g["deterministic"] else ["--rnd", t["rnd"]]
            r = run(*args)
            check(r.returncode == 0 and lines(r).get("sig", "").upper() == ans[t["tcId"]]["signature"],
                  "sign tg %d tc %d" % (g["tgId"], t["tcId"]), r.stderr)
    print("sigGen cases with a SHA-2 pre-hash (not offered): %d skipped" % skipped)


def keygen(p, *extra):
    r = run("keygen", "-p", p, "--pk-out", "pk." + p, "--sk-out", "sk." + p, *extra)
    check(r.returncode == 0, "keygen -p %s %s" % (p, " ".join(extra)), r.stderr)
    return read("pk." + p), read("sk." + p)


def round_trips():
    msg = os.urandom(70000)
    write("msg", msg)
    for p, (pkb, skb, sigb) in SETS.items():
        pk, sk = keygen(p)
        check((len(pk), len(sk)) == (pkb, skb), "raw key sizes %s" % p, (len(pk), len(sk)))
        check(stat.S_IMODE(os.stat(path("sk." + p)).st_mode) == 0o600, "sk file mode 0600 (%s)" % p)
        r = run("sign", "-p", p, "--sk-file", "sk." + p, "--msg-file", "-", "--ctx", "c0ffee", "--sig-out", "s1",
                stdin=msg)
        check(r.returncode == 0 and len(read("s1")) == sigb, "sign %s from stdin" % p, r.stderr)
        r = run("verify", "-p", p, "--pk-file", "pk." + p, "--msg-file", "msg", "--sig-file", "s1", "--context", "c0ffee")
        check(r.returncode == 0 and r.stdout == b"valid\n", "verify %s" % p, r.stderr)
        for bad, why in ((["--msg-file", "pk." + p, "--sig-file", "s1", "--ctx", "c0ffee"], "another message"),
                         (["--msg-file", "msg", "--sig-file", "s1"], "no context"),
                         (["--msg-file", "msg", "--sig-file", "s1", "--ctx", "c0ffef"], "another context"),
                         (["--msg-file", "msg", "--sig-file", "s1", "--ctx", "c0ffee", "--prehash", "SHA3-256"],
                          "as a pre-hash signature")):
            r = run("verify", "-p", p, "--pk-file", "pk." + p, *bad)
            check(r.returncode == 1 and b"KF_ERR_BAD_SIGNATURE" in r.stderr, "verify %s, %s: exit 1" % (p, why),
                  (r.returncode, r.stderr))
        r = run("sign", "-p", p, "--sk-file", "sk." + p, "--msg-file", "msg", "--sig-out", "s2")
        check(r.returncode == 0 and read("s2") != read("s1"), "hedged signatures differ (%s)" % p)
        d1 = run("sign", "-p", p, "--sk-file", "sk." + p, "--msg-file", "msg", "--deterministic")
        d2 = run("sign", "-p", p, "--sk-file", "sk." + p, "--msg-file", "msg", "--deterministic")
        r0 = run("sign", "-p", p, "--sk-file", "sk." + p, "--msg-file", "msg", "--rnd", "00" * 32)
        check(d1.returncode == 0 and lines(d1) == lines(d2) == lines(r0), "deterministic = rnd 0^32, twice (%s)" % p)
        r = run("sign", "-p", p, "--sk-file", "sk." + p, "--msg-file", "msg", "--prehash", "shake256", "--sig-out", "s3")
        v = run("verify", "-p", p, "--pk-file", "pk." + p, "--msg-file", "msg", "--sig-file", "s3", "--prehash",
                "SHAKE256")
        v2 = run("verify", "-p", p, "--pk-file", "pk." + p, "--msg-file", "msg", "--sig-file", "s3", "--prehash",
                 "SHAKE128")
        check(r.returncode == 0 and v.returncode == 0 and v2.returncode == 1, "HashML-DSA %s" % p, (r.stderr, v.stderr))
        write("short.sig", read("s1")[:-1])
        r = run("verify", "-p", p, "--pk-file", "pk." + p, "--msg-file", "msg", "--sig-file", "short.sig")
        check(r.returncode == 1 and b"%d bytes expected" % sigb in r.stderr, "short signature %s: exit 1" % p, r.stderr)
        r = run("sign", "-p", p, "--sk-file", "sk." + p, "--msg", "00", "--ctx", "11" * 256)
        check(r.returncode == 1 and b"KF_ERR_BAD_CONTEXT" in r.stderr, "256-byte context %s: exit 1" % p, r.stderr)


def key_files():
    p = "65"
    r = run("keygen", "-p", p, "--pk-out", "pk", "--sk-out", "sk", "--seed-out", "xi")
    check(r.returncode == 0 and len(read("xi")) == 32 and stat.S_IMODE(os.stat(path("xi")).st_mode) == 0o600,
          "keygen --seed-out: 32 bytes, mode 0600", r.stderr)
    pk, sk = read("pk"), read("sk")
    r = run("keygen", "-p", p, "--seed-file", "xi")
    check(lines(r) == {"pk": pk.hex(), "sk": sk.hex()}, "--seed-file gives the same keys as the drawn seed", r.stderr)
    r = run("keygen", "-p", p, "--seed-file", "xi", "--pem", "--pk-out", "pk.pem", "--sk-out", "sk.pem")
    check(r.returncode == 0 and read("sk.pem").startswith(b"-----BEGIN PRIVATE KEY-----\n")
          and read("pk.pem").startswith(b"-----BEGIN PUBLIC KEY-----\n")
          and stat.S_IMODE(os.stat(path("sk.pem")).st_mode) == 0o600, "keygen --pem", r.stderr)
    check(len(base64.b64decode(b"".join(read("sk.pem").splitlines()[1:-1]))) == 54, "--pem writes the seed form")
    r = run("keygen", "-p", p, "--seed-file", "xi", "--pem", "--sk-form", "expanded", "--sk-out", "skx.pem",
            "--pk-out", "/dev/null")
    der = base64.b64decode(b"".join(read("skx.pem").splitlines()[1:-1]))
    check(r.returncode == 0 and sk in der, "--sk-form expanded holds the raw sk", r.stderr)
    r = run("keygen", "-p", p, "--seed-file", "xi", "--pem", "--sk-form", "both", "--sk-out", "skb.pem",
            "--pk-out", "/dev/null")
    der = base64.b64decode(b"".join(read("skb.pem").splitlines()[1:-1]))
    check(r.returncode == 0 and sk in der and read("xi") in der and der[len(der) - len(sk) - 4 - 2 - 32 - 4:][:1] == b"\x30",
          "--sk-form both holds a SEQUENCE of the seed and the sk", r.stderr)
    write("sk.der", base64.b64decode(b"".join(read("sk.pem").splitlines()[1:-1])))
    write("sk.hex", (sk.hex() + "\n").encode())
    write("pk.der", base64.b64decode(b"".join(read("pk.pem").splitlines()[1:-1])))
    sigs = set()
    for f in ("sk", "sk.hex", "sk.pem", "skx.pem", "skb.pem", "sk.der"):
        r = run("sign", "-p", p, "--sk-file", f, "--msg", "abcd", "--deterministic")
        check(r.returncode == 0, "sign with the key from %s" % f, r.stderr)
        sigs.add(lines(r).get("sig"))
    check(len(sigs) == 1, "raw, hex, PEM (seed, expanded) and DER keys sign alike", sigs)
    sig = bytes.fromhex(sigs.pop() or "00")
    write("sig", sig)
    for f in ("pk", "pk.pem", "pk.der"):
        r = run("verify", "-p", p, "--pk-file", f, "--msg", "abcd", "--sig-file", "sig")
        check(r.returncode == 0, "verify with the key from %s" % f, r.stderr)
    # refused keys
    for where, at in (("t0", -1), ("tr", 70)):   # signing would give an invalid signature (issue 52, R9)
        bad = bytearray(sk)
        bad[at] ^= 1
        write("bad.sk", bytes(bad))
        r = run("sign", "-p", p, "--sk-file", "bad.sk", "--msg", "00")
        check(r.returncode == 1 and b"KF_ERR_BAD_KEY" in r.stderr and not r.stdout,
              "an inconsistent raw sk (%s changed): exit 1" % where, (r.returncode, r.stderr))
    r = run("keygen", "-p", "44", "--pem", "--pk-out", "pk44.pem", "--sk-out", "sk44.pem")
    r = run("sign", "-p", p, "--sk-file", "sk44.pem", "--msg", "00")
    check(r.returncode == 1 and b"the key is ML-DSA-44, not ML-DSA-65" in r.stderr, "an ML-DSA-44 key for -p 65", r.stderr)
    r = run("verify", "-p", p, "--pk-file", "pk44.pem", "--msg", "00", "--sig-file", "sig")
    check(r.returncode == 1 and b"the key is ML-DSA-44, not ML-DSA-65" in r.stderr, "an ML-DSA-44 pk for -p 65", r.stderr)
    r = subprocess.run([K, "slhdsa", "keygen", "-p", "shake-128f", "--pem", "--pk-out", "slh.pem", "--sk-out",
                        "slhsk.pem"], capture_output=True, cwd=TMP)
    r = run("sign", "-p", p, "--sk-file", "slhsk.pem", "--msg", "00")
    check(r.returncode == 1 and b"the key is SLH-DSA-SHAKE-128f, not ML-DSA-65" in r.stderr, "an SLH-DSA key", r.stderr)


def usage():
    for sub in ("keygen", "sign", "verify"):
        r = run(sub, "--help")
        check(r.returncode == 0 and r.stdout.startswith(b"Usage: kforge mldsa"), "%s --help: exit 0" % sub)
    r = run("--help")
    check(r.returncode == 0 and b"--deterministic" in r.stdout, "--help")
    for bad in (["keygen"], ["keygen", "-p", "66"], ["keygen", "-p", "ML-DSA-66"], ["frobnicate"], [],
                ["keygen", "-p", "65", "--seed", "00"], ["keygen", "-p", "65", "--bogus", "00"],
                ["keygen", "-p", "65", "--sk-form", "expanded"], ["keygen", "-p", "65", "--pem", "--sk-form", "both2"],
                ["keygen", "-p", "65", "--prehash", "SHA3-256"],
                ["sign", "-p", "65", "--sk-file", "sk", "--msg", "00", "--prehash", "SHA2-256"],
                ["sign", "-p", "65", "--sk-file", "sk", "--msg", "00", "--deterministic", "--rnd", "00" * 32],
                ["sign", "-p", "65", "--sk-file", "sk", "--msg", "00", "--rnd", "00" * 31],
                ["sign", "-p", "65", "--sk-file", "sk", "--msg", "0g"], ["sign", "-p", "65", "--msg", "00"],
                ["sign", "-p", "65", "--sk-file", "sk", "--msg", "00", "--pem"],
                ["verify", "-p", "65", "--sk-file", "sk", "--msg", "00"],
                ["verify", "-p", "65", "--pk-file", "pk", "--msg", "00", "--sig-file", "sig", "--deterministic"],
                ["sign", "-p", "65", "--sk-file", "sk", "--msg", "00", "--prehash"]):
        r = run(*bad)
        check(r.returncode == 2 and not lines(r), "bad usage %s: exit 2" % bad, (r.returncode, r.stderr))


def oracles():
    try:
        from cryptography.hazmat.primitives.asymmetric import mldsa
        from cryptography.hazmat.primitives import serialization as ser
    except ImportError:
        check.oracle_missing("cryptography (with ML-DSA)", "the pyca/cryptography interop checks")
    else:
        for p in SETS:
            cls = getattr(mldsa, "MLDSA%sPrivateKey" % p)
            theirs = cls.generate()
            write("their.pem", theirs.private_bytes(ser.Encoding.PEM, ser.PrivateFormat.PKCS8, ser.NoEncryption()))
            write("their.pub", theirs.public_key().public_bytes(ser.Encoding.PEM, ser.PublicFormat.SubjectPublicKeyInfo))
            r = run("sign", "-p", p, "--sk-file", "their.pem", "--msg", "0102", "--ctx", "aa", "--sig-out", "s")
            ok = r.returncode == 0
            try:
                theirs.public_key().verify(read("s"), b"\x01\x02", b"\xaa")
            except Exception as e:  # refused or missing
                ok = "%r %s" % (e, r.stderr)
            check(ok is True, "pyca's PEM key signs here, pyca verifies (%s)" % p, ok)
            write("their.sig", theirs.sign(b"\x01\x02", b"\xaa"))
            r = run("verify", "-p", p, "--pk-file", "their.pub", "--msg", "0102", "--ctx", "aa", "--sig-file",
                    "their.sig")
            check(r.returncode == 0, "pyca's signature and SPKI verify here (%s)" % p, r.stderr)
            r = run("keygen", "-p", p, "--pem", "--pk-out", "our.pub", "--sk-out", "our.pem")
            r2 = run("sign", "-p", p, "--sk-file", "our.pem", "--msg-file", "our.pub", "--sig-out", "our.sig")
            try:
                key = ser.load_pem_private_key(read("our.pem"), None)
                pub = ser.load_pem_public_key(read("our.pub"))
                pub.verify(read("our.sig"), read("our.pub"))
                ok = key.public_key().public_bytes_raw() == pub.public_bytes_raw() and r.returncode == r2.returncode == 0
            except Exception as e:
                ok = "%r" % e
            check(ok is True, "our --pem keys load in pyca, which verifies our signature (%s)" % p, ok)
    try:
        from dilithium_py.ml_dsa import ML_DSA_44, ML_DSA_65, ML_DSA_87
    except ImportError:
        check.oracle_missing("dilithium-py", "the deterministic-signature comparison")
        return
    for p, ref in (("44", ML_DSA_44), ("65", ML_DSA_65), ("87", ML_DSA_87)):
        xi = os.urandom(32)
        tpk, tsk = ref.key_derive(xi)
        r = run("keygen", "-p", p, "--seed", xi.hex())
        check(lines(r) == {"pk": tpk.hex(), "sk": tsk.hex()}, "keygen --seed = dilithium-py (%s)" % p)
        write("d.sk", tsk)
        r = run("sign", "-p", p, "--sk-file", "d.sk", "--msg", "abcdef", "--ctx", "0042", "--deterministic")
        check(lines(r).get("sig") == ref.sign(tsk, b"\xab\xcd\xef", b"\x00\x42", deterministic=True).hex(),
              "deterministic signature = dilithium-py's (%s)" % p, r.stderr)


def main():
    global K, TMP
    K, args = cli_harness.kforge_path(lambda ap: ap.add_argument("--part", choices=("all", "vectors", "oracles"),
                                                                  default="all"))
    TMP = tempfile.mkdtemp()
    os.umask(0o022)

    def others():
        round_trips()
        key_files()
        usage()
        oracles()
    if official_vectors.run_parts(args.part, acvp_cases, others):
        sys.exit(77)
    sys.exit(check.finish())


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_cli_messages.py - what `kforge` says and how it exits, across its subcommands.

  words        a failure is said in words with the status name after it, for scripts:
               "signature does not verify (KF_ERR_BAD_SIGNATURE)" (mldsa, slhdsa verify),
               "invalid key (KF_ERR_BAD_KEY)" (mlkem encaps of an ek >= q); no bare name
  set from OID sign/verify (mldsa, slhdsa) and encaps/decaps (mlkem) without -p when the key
               file is PEM or DER: the set its OID names (ML-DSA-87, SLH-DSA-SHAKE-192f,
               ML-KEM-1024: not the usual defaults); a raw key without -p is bad usage (2)
  exit status  bad usage exits 2 for mlkem, slhdsa, mldsa, bench, backends and an unknown
               command, 1 for sum (coreutils'); `kforge --help` says so, and each of mlkem,
               slhdsa and mldsa --help gives the same convention
  help         the top-level help says mlkem and slhdsa take PEM; slhdsa --help lists --prehash
  --prehash    slhdsa sign/verify --prehash SHA3-256 round trip; verify without it or with
               another pre-hash exits 1; an unknown pre-hash and keygen --prehash exit 2

Usage: test_cli_messages.py --kforge PATH
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_harness  # noqa: E402

check = cli_harness.Checks()


def main():
    k, _ = cli_harness.kforge_path()

    def run(*args):
        return subprocess.run([k, *args], capture_output=True, text=True, timeout=120)

    with tempfile.TemporaryDirectory() as d:
        f = lambda name: os.path.join(d, name)  # noqa: E731
        with open(f("m"), "w") as h:
            h.write("a message\n")
        with open(f("m2"), "w") as h:
            h.write("another message\n")

        # ML-DSA-87 keys as PEM and as raw bytes
        r = run("mldsa", "keygen", "-p", "87", "--pem", "--pk-out", f("dpk.pem"), "--sk-out", f("dsk.pem"))
        check(r.returncode == 0, "mldsa keygen --pem", r.stderr)
        r = run("mldsa", "sign", "--sk-file", f("dsk.pem"), "--msg-file", f("m"), "--sig-out", f("dsig"))
        check(r.returncode == 0 and os.path.getsize(f("dsig")) == 4627, "mldsa sign without -p: ML-DSA-87 from the "
              "PKCS#8 OID", r.stderr)
        r = run("mldsa", "verify", "--pk-file", f("dpk.pem"), "--msg-file", f("m"), "--sig-file", f("dsig"))
        check(r.returncode == 0 and r.stdout == "valid\n", "mldsa verify without -p (SPKI OID)", r.stderr)
        r = run("mldsa", "verify", "--pk-file", f("dpk.pem"), "--msg-file", f("m2"), "--sig-file", f("dsig"))
        check(r.returncode == 1 and r.stderr.strip() == "kforge mldsa verify: signature does not verify "
              "(KF_ERR_BAD_SIGNATURE)", "mldsa verify of another message: words, then the name", r.stderr)
        r = run("mldsa", "sign", "-p", "87", "--sk-file", f("dsk.pem"), "--msg-file", f("m"), "--ctx", "00" * 256)
        check(r.returncode == 1 and "context string longer than 255 bytes (KF_ERR_BAD_CONTEXT)" in r.stderr,
              "mldsa sign with a 256-byte context: words", r.stderr)
        r = run("mldsa", "keygen", "-p", "44", "--pk-out", f("dpk.raw"), "--sk-out", f("dsk.raw"))
        r = run("mldsa", "sign", "--sk-file", f("dsk.raw"), "--msg-file", f("m"))
        check(r.returncode == 2 and "-p 44|65|87 is required" in r.stderr, "mldsa sign of a raw key without -p: 2",
              r.stderr)
        r = run("mldsa", "keygen", "--pk-out", f("x"), "--sk-out", f("y"))
        check(r.returncode == 2 and "-p 44|65|87 is required" in r.stderr, "mldsa keygen without -p: 2", r.stderr)

        # SLH-DSA-SHAKE-192f (not the 128f the tests use elsewhere)
        r = run("slhdsa", "keygen", "-p", "shake-192f", "--pem", "--pk-out", f("spk.pem"), "--sk-out", f("ssk.pem"))
        check(r.returncode == 0, "slhdsa keygen --pem", r.stderr)
        r = run("slhdsa", "sign", "--sk-file", f("ssk.pem"), "--msg-file", f("m"), "--sig-out", f("ssig"))
        check(r.returncode == 0 and os.path.getsize(f("ssig")) == 35664, "slhdsa sign without -p (192f from the OID)",
              r.stderr)
        r = run("slhdsa", "verify", "--pk-file", f("spk.pem"), "--msg-file", f("m"), "--sig-file", f("ssig"))
        check(r.returncode == 0 and r.stdout == "valid\n", "slhdsa verify without -p", r.stderr)
        r = run("slhdsa", "verify", "--pk-file", f("spk.pem"), "--msg-file", f("m2"), "--sig-file", f("ssig"))
        check(r.returncode == 1 and r.stderr.strip() == "kforge slhdsa verify: signature does not verify "
              "(KF_ERR_BAD_SIGNATURE)", "slhdsa verify of another message: words, then the name", r.stderr)
        # --prehash (HashSLH-DSA)
        r = run("slhdsa", "sign", "--prehash", "SHA3-256", "--sk-file", f("ssk.pem"), "--msg-file", f("m"),
                "--sig-out", f("hsig"))
        check(r.returncode == 0, "slhdsa sign --prehash SHA3-256", r.stderr)
        r = run("slhdsa", "verify", "--prehash", "sha3-256", "--pk-file", f("spk.pem"), "--msg-file", f("m"),
                "--sig-file", f("hsig"))
        check(r.returncode == 0 and r.stdout == "valid\n", "slhdsa verify --prehash sha3-256", r.stderr)
        for other in ([], ["--prehash", "SHAKE-128"]):
            r = run("slhdsa", "verify", *other, "--pk-file", f("spk.pem"), "--msg-file", f("m"), "--sig-file", f("hsig"))
            check(r.returncode == 1 and "(KF_ERR_BAD_SIGNATURE)" in r.stderr, "HashSLH-DSA verified %s: 1" % other,
                  r.stderr)
        r = run("slhdsa", "verify", "--pk-file", f("spk.pem"), "--msg-file", f("m"), "--sig-file", f("hsig"),
                "--prehash", "SHA2-256")
        check(r.returncode == 2 and "--prehash must be" in r.stderr, "slhdsa --prehash SHA2-256: 2", r.stderr)
        r = run("slhdsa", "keygen", "-p", "shake-128f", "--prehash", "SHA3-256")
        check(r.returncode == 2, "slhdsa keygen --prehash: 2", r.stderr)

        # ML-KEM-1024
        r = run("mlkem", "keygen", "-p", "1024", "--pem", "--ek-out", f("ek.pem"), "--dk-out", f("dk.pem"))
        check(r.returncode == 0, "mlkem keygen --pem", r.stderr)
        r = run("mlkem", "encaps", "--ek-file", f("ek.pem"), "--c-out", f("c"), "--k-out", f("k1"))
        check(r.returncode == 0 and os.path.getsize(f("c")) == 1568, "mlkem encaps without -p (1024 from the OID)",
              r.stderr)
        r = run("mlkem", "decaps", "--dk-file", f("dk.pem"), "--c-file", f("c"), "--k-out", f("k2"))
        check(r.returncode == 0 and open(f("k1"), "rb").read() == open(f("k2"), "rb").read(),
              "mlkem decaps without -p: the same secret", r.stderr)
        bad_ek = "ff" * 1568    # every coefficient >= q: the modulus check fails
        r = run("mlkem", "encaps", "-p", "1024", "--ek", bad_ek)
        check(r.returncode == 1 and "invalid key (KF_ERR_BAD_KEY)" in r.stderr, "mlkem encaps, ek >= q: words",
              r.stderr)
        r = run("mlkem", "encaps", "--ek", bad_ek)
        check(r.returncode == 2 and "-p 512|768|1024 is required" in r.stderr, "mlkem encaps of hex without -p: 2",
              r.stderr)

    # no message gives a bare status name: every KF_ERR_ follows words and sits in parentheses
    # (checked on the failures above through their expected texts), and the usage convention
    for args, want in ((["mlkem", "bogus"], 2), (["slhdsa", "verify", "-p", "nope"], 2), (["mldsa", "sign"], 2),
                       (["bench", "--bogus"], 2), (["backends", "x"], 2), (["nosuch"], 2), (["sum", "--bogus"], 1)):
        r = run(*args)
        check(r.returncode == want, "%s: bad usage exits %d" % (" ".join(args), want), (r.returncode, r.stderr[-200:]))
    top = run("--help").stdout
    check(re.search(r"Exit status: 0 success; 1 a failure .*; 2 bad usage\. `kforge sum` follows\s+sha256sum", top, re.S),
          "kforge --help states the exit status convention and sum's exception", top[-400:])
    for cmd in ("mlkem", "slhdsa"):
        line = next((x for x in top.splitlines() if x.strip().startswith(cmd + " ")), "")
        check("PEM" in line, "kforge --help: %s takes PEM" % cmd, line)
    for cmd in ("mlkem", "slhdsa", "mldsa"):
        h = run(cmd, "--help").stdout
        check(re.search(r"Exit status: 0 success, 1 a failure .*2 bad usage", h, re.S) and "OID" in h,
              "kforge %s --help: the exit status convention and -p from the key's OID" % cmd, h[-300:])
    check("--prehash" in run("slhdsa", "--help").stdout, "kforge slhdsa --help lists --prehash")
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())

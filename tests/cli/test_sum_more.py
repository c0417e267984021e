#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_sum_more.py - what `kforge sum` has beyond sha256sum.

  aliases      sha3_256, SHA3256, 256, k12, ts128, 128000 ... give the same lines as the
               canonical names
  --tag        a list of every algorithm checks without -a (the tag names it), lengths too
  --raw        the bytes of the hex; --no-names the hex alone; -L N = -l 8N
  KMAC         -a kmac128/kmac256 --key-file (file and stdin) against pycryptodome's KMAC
               (skipped visibly without it), --custom, a key on stdin with no FILE refused,
               no key refused, --check of a KMAC list with and without the key
  -z           NUL-ended lines, no escaping; --check -z reads them back
  errors       a failed write (/dev/full) stops at once: exit 1, "write error", in well under the
               time a 10 GB XOF output takes; --ignore-missing with nothing verified: exit 1
Usage: test_sum_more.py --kforge PATH
"""
import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_harness  # noqa: E402

check = cli_harness.Checks()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kforge", required=True)
    k = os.path.abspath(ap.parse_args().kforge)
    tmp = tempfile.mkdtemp()

    def run(*args, stdin=b""):
        return subprocess.run([k, "sum"] + list(args), input=stdin, capture_output=True, cwd=tmp, timeout=120)

    def wr(name, data):
        with open(os.path.join(tmp, name), "wb") as f:
            f.write(data)

    wr("a", b"alpha\n")
    wr("b", os.urandom(100000))
    wr("new\nline", b"x")

    for alias, name in (("sha3_256", "sha3-256"), ("SHA3256", "sha3-256"), ("256", "sha3-256"), ("224", "sha3-224"),
                        ("384", "sha3-384"), ("512", "sha3-512"), ("SHAKE_128", "shake128"), ("128000", "shake128"),
                        ("256000", "shake256"), ("k12", "kt128"), ("KangarooTwelve", "kt128"), ("KT-256", "kt256"),
                        ("ts128", "turboshake128"), ("TurboSHAKE_256", "turboshake256"), ("Keccak-256", "keccak256")):
        r1, r2 = run("-a", alias, "a", "b"), run("-a", name, "a", "b")
        check(r1.returncode == 0 and r1.stdout == r2.stdout and r1.stdout, "-a %s = -a %s" % (alias, name), r1.stderr)
    r = run("-a", "md5", "a")
    check(r.returncode == 1 and b"unknown algorithm 'md5'" in r.stderr and b"Try 'kforge sum --help'" in r.stderr,
          "-a md5: named, exit 1")

    # --tag lists of every algorithm check without -a; lengths from the hex
    algs = ["sha3-224", "sha3-256", "sha3-384", "sha3-512", "shake128", "shake256", "turboshake128",
            "turboshake256", "kt128", "kt256", "keccak256", "keccak512"]
    fixed = ("sha3-224", "sha3-256", "sha3-384", "sha3-512", "keccak256", "keccak512")
    lst = b"".join(run("--tag", "-a", a, *([] if a in fixed else ["-l", "1024"]), "a", "b").stdout for a in algs)
    r = run("-c", stdin=lst)
    check(r.returncode == 0 and r.stdout == b"a: OK\nb: OK\n" * len(algs), "--check a --tag list of every algorithm",
          r.stdout + r.stderr)
    r = run("-c", "-a", "shake128", stdin=lst)
    check(r.returncode == 0 and r.stdout == b"a: OK\nb: OK\n" and b"WARNING: 22 lines are improperly formatted"
          in r.stderr, "--check -a shake128: other tags are improperly formatted", r.stderr)
    # plain sha3-384 and sha3-512 lists need no -a either (the length picks, as sha3sum)
    r = run("-c", stdin=run("-a", "sha3-384", "a").stdout + run("-a", "sha3-512", "b").stdout)
    check(r.returncode == 0 and r.stdout == b"a: OK\nb: OK\n", "plain SHA3-384/512 lines without -a", r.stderr)

    # a plain SHAKE256 list without -a is read as SHA3-512 (its length): the failure says so
    r = run("-c", stdin=run("-a", "shake256", "a").stdout)
    check(r.returncode == 1 and r.stdout == b"a: FAILED\n" and b"name it with -a" in r.stderr,
          "a plain shake256 list without -a: FAILED and a note naming -a", r.stderr)
    r = run("-c", "-a", "shake256", stdin=run("-a", "shake256", "a").stdout)
    check(r.returncode == 0 and r.stdout == b"a: OK\n", "the same list with -a shake256: OK", r.stderr)

    # --raw, --no-names, -L
    hexline = run("-a", "shake256", "-l", "800", "b").stdout.split()[0]
    r = run("-a", "shake256", "-l", "800", "--raw", "b")
    check(r.returncode == 0 and r.stdout == bytes.fromhex(hexline.decode()), "--raw = the hex's bytes")
    r = run("-a", "shake256", "-L", "100", "--no-names", "b")
    check(r.returncode == 0 and r.stdout == hexline + b"\n", "-L 100 --no-names = -l 800's hex", r.stdout[:80])
    check(run("--raw", "a", "b").returncode == 1, "--raw with two files: exit 1")
    check(run("--raw", "--tag", "a").returncode == 1, "--raw --tag: exit 1")
    check(run("-a", "shake128", "-L", "0", "a").returncode == 1, "-L 0: exit 1")

    # KMAC
    key = os.urandom(32)
    wr("key", key)
    for alg, bits in (("kmac128", 256), ("kmac256", 512)):
        r = run("-a", alg, "--key-file", "key", "a", "b")
        r2 = run("-a", alg, "--key-file", "-", "a", "b", stdin=key)
        check(r.returncode == 0 and r.stdout == r2.stdout and len(r.stdout.split(b"\n")[0].split()[0]) == bits // 4,
              "%s: key from a file = from stdin, default length" % alg, r.stderr)
        try:
            from Crypto.Hash import KMAC128, KMAC256
            mod = KMAC128 if alg == "kmac128" else KMAC256
            want = mod.new(key=key, mac_len=bits // 8, custom=b"").update(b"alpha\n").hexdigest()
            check(r.stdout.split()[0].decode() == want, "%s equals pycryptodome's" % alg)
            rc = run("-a", alg, "--key-file", "key", "--custom", "app", "-l", "160", "a")
            want = mod.new(key=key, mac_len=20, custom=b"app").update(b"alpha\n").hexdigest()
            check(rc.stdout.split()[0].decode() == want, "%s --custom app -l 160 equals pycryptodome's" % alg)
        except ImportError:
            check.oracle_missing("pycryptodome", "%s not compared with an independent KMAC" % alg)
        wr("kmac.sums", r.stdout)
        rc = run("-c", "-a", alg, "--key-file", "key", "kmac.sums")
        check(rc.returncode == 0 and rc.stdout == b"a: OK\nb: OK\n", "%s --check with the key" % alg, rc.stderr)
        wr("key2", os.urandom(32))
        rc = run("-c", "-a", alg, "--key-file", "key2", "kmac.sums")
        check(rc.returncode == 1 and rc.stdout == b"a: FAILED\nb: FAILED\n", "%s --check with another key" % alg)
    r = run("-a", "kmac128", "a")
    check(r.returncode == 1 and b"--key-file" in r.stderr, "kmac128 without a key: exit 1, names --key-file")
    r = run("-a", "kmac128", "--key-file", "-", stdin=key)
    check(r.returncode == 1 and b"standard input holds the key" in r.stderr, "key and data both on stdin: refused")
    r = run("--key-file", "key", "a")
    check(r.returncode == 1 and b"kmac" in r.stderr, "--key-file with sha3-256: refused")
    r = run("-a", "kmac128", "--key", "00")
    check(r.returncode == 1, "no --key option (a key never on the command line)")
    wr("tagged", run("--tag", "-a", "kmac256", "--key-file", "key", "a").stdout)
    rc = run("-c", "--key-file", "key", "tagged")
    check(rc.returncode == 0 and rc.stdout == b"a: OK\n", "a KMAC256 --tag list checks with the key and no -a")
    rc = run("-c", "tagged")
    check(rc.returncode == 1 and b"needs --key-file" in rc.stderr, "a KMAC list without the key: says so")

    # -z
    r = run("-z", "a", "new\nline")
    check(r.returncode == 0 and r.stdout.count(b"\0") == 2 and b"\n" in r.stdout and not r.stdout.startswith(b"\\"),
          "-z: NUL-ended, names not escaped", r.stdout)
    wr("z.sums", r.stdout)
    rc = run("-c", "-z", "z.sums")
    check(rc.returncode == 0 and rc.stdout == b"a: OK\n\\new\\nline: OK\n", "--check -z reads NUL-ended lines",
          rc.stdout + rc.stderr)

    # a failed write stops at once
    with open("/dev/full", "wb") as full:
        t = time.time()
        r = subprocess.run([k, "sum", "-a", "shake128", "-L", "10000000000", "a"], stdout=full,
                           stderr=subprocess.PIPE, cwd=tmp, timeout=120)
        dt = time.time() - t
    check(r.returncode == 1 and r.stderr.count(b"write error") == 1 and dt < 3,
          "> /dev/full: exit 1, one 'write error', stops at once (%.2f s)" % dt, r.stderr)
    wr("missing.sums", run("a").stdout.replace(b"  a", b"  gone"))
    r = run("-c", "--ignore-missing", "missing.sums")
    check(r.returncode == 1 and b"no file was verified" in r.stderr and not r.stdout,
          "--ignore-missing, nothing verified: exit 1")

    return check.finish()


if __name__ == "__main__":
    sys.exit(main())

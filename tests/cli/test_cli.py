#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_cli.py - tests of the `kforge` command-line tool, run as a user would run it.

  kforge sum      every algorithm against hashlib (SHA-3, SHAKE) or against a small Keccak
                  written here (TurboSHAKE, KT, legacy Keccak) that is itself checked against
                  hashlib first, plus (--part vectors) the RFC 9861 vectors that apply (D = 0x1F, empty customization); stdin, -l, read errors, the
                  coreutils conventions (escaped names), --check and its warnings and exit codes.
  kforge bench    --quick --json: the report runs and the JSON has the promised shape.
  errors          bad options, algorithms and lengths exit 2 with a usage message.

Usage: test_cli.py --kforge PATH [--part all|vectors|oracles] [--vectors DIR] [--no-bench]
(--part vectors: only the official RFC 9861 vectors, from tests/python/official_vectors.py's
directory; skipped, exit 77, when it is absent; --part oracles: everything else.)
The last line printed is "N passed, N failed"; the exit status is 0 only if none failed.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import official_vectors  # noqa: E402

# ---- a small Keccak, for what hashlib lacks (FIPS 202 sections 3.2, 3.3, 4; RFC 9861) ----

def _rc_bit(t):
    """FIPS 202 Algorithm 5: the LFSR bit rc(t)."""
    if t % 255 == 0:
        return 1
    r = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(t % 255):
        r = [0] + r
        r[0] ^= r[8]
        r[4] ^= r[8]
        r[5] ^= r[8]
        r[6] ^= r[8]
        r = r[:8]
    return r[0]


ROUND_CONSTANTS = [sum(_rc_bit(j + 7 * ir) << (2 ** j - 1) for j in range(7)) for ir in range(24)]
RHO = [0] * 25  # FIPS 202 Algorithm 2: offsets along the walk (x, y) -> (y, 2x + 3y)
_x, _y = 1, 0
for _t in range(24):
    RHO[_x + 5 * _y] = ((_t + 1) * (_t + 2) // 2) % 64
    _x, _y = _y, (2 * _x + 3 * _y) % 5
MASK = (1 << 64) - 1


def _rotl(v, n):
    return ((v << n) | (v >> (64 - n))) & MASK if n else v


def keccak_p(a, nr):
    """Keccak-p[1600, nr] on 25 lanes indexed x + 5y: the last nr rounds of Keccak-f."""
    for ir in range(24 - nr, 24):
        c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
        d = [c[(x - 1) % 5] ^ _rotl(c[(x + 1) % 5], 1) for x in range(5)]
        a = [a[i] ^ d[i % 5] for i in range(25)]
        b = [0] * 25
        for x in range(5):  # rho and pi: B[y, 2x + 3y] = rot(A[x, y])
            for y in range(5):
                b[y + 5 * ((2 * x + 3 * y) % 5)] = _rotl(a[x + 5 * y], RHO[x + 5 * y])
        a = [b[i] ^ (~b[(i + 1) % 5 + i - i % 5] & b[(i + 2) % 5 + i - i % 5]) for i in range(25)]
        a[0] ^= ROUND_CONSTANTS[ir]
    return a


def sponge(rate, nr, suffix, msg, outlen):
    """Sponge with the delimited suffix byte (domain bits, then the first pad10*1 bit)."""
    p = bytearray(msg) + bytes([suffix])
    p += bytes(-len(p) % rate)
    p[-1] ^= 0x80
    a = [0] * 25
    for off in range(0, len(p), rate):
        for i in range(rate // 8):
            a[i] ^= int.from_bytes(p[off + 8 * i:off + 8 * i + 8], "little")
        a = keccak_p(a, nr)
    out = bytearray()
    while True:
        out += b"".join(a[i].to_bytes(8, "little") for i in range(rate // 8))
        if len(out) >= outlen:
            return bytes(out[:outlen])
        a = keccak_p(a, nr)


def turboshake(sec, msg, outlen, d=0x1F):
    return sponge(200 - sec // 4, 12, d, msg, outlen)


def keccak_legacy(bits, msg):
    return sponge(200 - bits // 4, 24, 0x01, msg, bits // 8)


def _length_encode(x):
    b = x.to_bytes((x.bit_length() + 7) // 8, "big") if x else b""
    return b + bytes([len(b)])


def kt(sec, msg, outlen, custom=b""):
    """RFC 9861 section 3: KT128 (sec 128) and KT256 (sec 256)."""
    s = msg + custom + _length_encode(len(custom))
    if len(s) <= 8192:
        return turboshake(sec, s, outlen, 0x07)
    cv_len = sec // 4
    node = s[:8192] + b"\x03" + bytes(7)
    chunks = [s[i:i + 8192] for i in range(8192, len(s), 8192)]
    for ch in chunks:
        node += turboshake(sec, ch, cv_len, 0x0B)
    node += _length_encode(len(chunks)) + b"\xff\xff"
    return turboshake(sec, node, outlen, 0x06)


def oracle(alg, msg, outlen=None):
    """The expected output of `kforge sum -a alg` (outlen in bytes for XOFs)."""
    fixed = {"sha3-224": hashlib.sha3_224, "sha3-256": hashlib.sha3_256,
             "sha3-384": hashlib.sha3_384, "sha3-512": hashlib.sha3_512}
    if alg in fixed:
        return fixed[alg](msg).digest()
    if alg in ("keccak256", "keccak512"):
        return keccak_legacy(int(alg[6:]), msg)
    sec = 128 if alg.endswith("128") else 256
    n = outlen if outlen is not None else sec // 4
    if alg.startswith("shake"):
        return (hashlib.shake_128 if sec == 128 else hashlib.shake_256)(msg).digest(n)
    if alg.startswith("turboshake"):
        return turboshake(sec, msg, n)
    if alg.startswith("kt"):
        return kt(sec, msg, n)
    raise ValueError(alg)


ALGS = ["sha3-224", "sha3-256", "sha3-384", "sha3-512", "shake128", "shake256", "turboshake128",
        "turboshake256", "kt128", "kt256", "keccak256", "keccak512"]
XOFS = [a for a in ALGS if a.startswith(("shake", "turboshake", "kt"))]

# ---- the harness --------------------------------------------------------------------------

class Tests:
    def __init__(self, kforge):
        self.kforge = kforge
        self.passed = 0
        self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: %s%s" % (what, ("\n      " + detail.replace("\n", "\n      ")) if detail else ""))

    def run(self, args, stdin=b"", cwd=None, env=None):
        e = dict(os.environ)
        e.update(env or {})
        return subprocess.run([self.kforge] + args, input=stdin, capture_output=True, cwd=cwd,
                              env=e, timeout=600)

    def expect(self, what, args, code, stdout=None, stderr_has=None, stdin=b"", cwd=None, env=None):
        """Run kforge; check the exit code, maybe the exact stdout and a piece of stderr."""
        r = self.run(args, stdin, cwd, env)
        out, err = r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")
        detail = "kforge %s\n  exit %d\n  stdout: %r\n  stderr: %r" % (" ".join(args), r.returncode,
                                                                      out[:600], err[:600])
        ok = r.returncode == code
        if stdout is not None:
            ok = ok and out == stdout
        if stderr_has is not None:
            ok = ok and stderr_has in err
        self.check(ok, what, "" if ok else detail)
        return r


def ptn(n):
    """RFC 9861 ptn(n): byte i is i mod 251."""
    return (bytes(range(251)) * (n // 251 + 1))[:n]


def sum_line(hexdigest, name):
    return "%s  %s\n" % (hexdigest, name)

# ---- the tests ----------------------------------------------------------------------------

def test_oracle(t):
    """The Keccak here must agree with hashlib before it judges anything."""
    for n in (0, 1, 135, 136, 137, 168, 500):
        m = ptn(n)
        t.check(sponge(136, 24, 0x06, m, 32) == hashlib.sha3_256(m).digest(), "oracle sha3-256 len %d" % n)
        t.check(sponge(168, 24, 0x1F, m, 300) == hashlib.shake_128(m).digest(300), "oracle shake128 len %d" % n)
    t.check(keccak_legacy(256, b"").hex() ==
            "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470", "oracle keccak256('')")


def test_sum_algorithms(t, tmp):
    sizes = [0, 1, 71, 72, 135, 136, 137, 167, 168, 169, 1000, 8191, 8192, 8193, 20000]
    names = []
    for n in sizes:
        name = "m%d.bin" % n
        with open(os.path.join(tmp, name), "wb") as f:
            f.write(ptn(n))
        names.append(name)
    for alg in ALGS:
        want = "".join(sum_line(oracle(alg, ptn(n)).hex(), nm) for n, nm in zip(sizes, names))
        t.expect("sum -a %s, %d files" % (alg, len(names)), ["sum", "-a", alg] + names, 0, want, cwd=tmp)
    # the default is sha3-256; algorithm names are case-insensitive
    t.expect("sum default = sha3-256", ["sum", names[3]], 0,
             sum_line(hashlib.sha3_256(ptn(sizes[3])).hexdigest(), names[3]), cwd=tmp)
    t.expect("sum -a SHA3-512", ["sum", "-a", "SHA3-512", names[3]], 0,
             sum_line(hashlib.sha3_512(ptn(sizes[3])).hexdigest(), names[3]), cwd=tmp)
    # a file larger than the 64 KiB read chunk, not a multiple of it
    big = os.urandom(3 * 65536 + 12345)
    with open(os.path.join(tmp, "big.bin"), "wb") as f:
        f.write(big)
    for alg in ("sha3-256", "shake256", "kt128"):
        t.expect("sum -a %s on %d bytes" % (alg, len(big)), ["sum", "-a", alg, "big.bin"], 0,
                 sum_line(oracle(alg, big).hex(), "big.bin"), cwd=tmp)
    # KT on threads (--threads, and the default for files over 1 MiB) reads 16 MiB windows:
    # a file past one window gives the same line with any thread count and from stdin
    huge = os.urandom(17 * 65536) * 16 + b"tail"
    with open(os.path.join(tmp, "huge.bin"), "wb") as f:
        f.write(huge)
    for alg in ("kt128", "kt256"):
        r = t.expect("sum -a %s --threads 1 on %d bytes" % (alg, len(huge)), ["sum", "-a", alg, "--threads", "1", "huge.bin"], 0, cwd=tmp)
        want = r.stdout.decode()
        for extra in (["--threads", "2"], ["--threads", "3"], ["--threads=4"], []):
            t.expect("sum -a %s %s = --threads 1" % (alg, " ".join(extra) or "(default threads)"),
                     ["sum", "-a", alg] + extra + ["huge.bin"], 0, want, cwd=tmp)
        t.expect("sum -a %s from stdin = --threads 1" % alg, ["sum", "-a", alg], 0, want.replace("huge.bin", "-"), stdin=huge)
    t.expect("sum --threads 0 is refused", ["sum", "-a", "kt128", "--threads", "0", "big.bin"], 1, "", "threads", cwd=tmp)


def test_sum_stdin(t):
    data = os.urandom(100000)
    want = sum_line(hashlib.sha3_256(data).hexdigest(), "-")
    t.expect("sum from stdin, no file", ["sum"], 0, want, stdin=data)
    t.expect("sum from stdin, '-'", ["sum", "-"], 0, want, stdin=data)
    t.expect("sum -a kt256 from stdin", ["sum", "-a", "kt256"], 0,
             sum_line(kt(256, data, 64).hex(), "-"), stdin=data)


def test_sum_lengths(t):
    m = b"The quick brown fox"
    for alg in XOFS:
        for bits in (8, 256, 1000 * 8, 10007 * 8):
            t.expect("sum -a %s -l %d" % (alg, bits), ["sum", "-a", alg, "-l", str(bits)], 0,
                     sum_line(oracle(alg, m, bits // 8).hex(), "-"), stdin=m)
    t.expect("sum --length=512 (long form)", ["sum", "-a", "shake128", "--length=512"], 0,
             sum_line(hashlib.shake_128(m).hexdigest(64), "-"), stdin=m)
    for bad in ("7", "0", "-8", "abc", "8x", "", "99999999999999999999999999"):
        t.expect("-l %r is refused" % bad, ["sum", "-a", "shake128", "-l", bad], 1, "", "Try 'kforge sum --help'", stdin=m)
    for alg in ("sha3-256", "keccak512"):
        t.expect("-l with fixed-length %s is refused" % alg, ["sum", "-a", alg, "-l", "256"], 1, "",
                 "fixed length", stdin=m)


def test_rfc9861_vectors(t, vectors):
    n = 0
    for line in official_vectors.read("k12_turboshake.jsonl", vectors).decode().splitlines():
        v = json.loads(line)
        fn = v.get("function")
        if fn in ("TurboSHAKE128", "TurboSHAKE256") and v["domain"] == 0x1F:
            pass
        elif fn in ("KT128", "KT256") and v["customization"]["kind"] == "empty":
            pass
        else:
            continue
        msg = v["msg"]
        data = ptn(msg["len"]) if msg["kind"] == "ptn" else bytes.fromhex(msg.get("hex", ""))
        r = t.run(["sum", "-a", fn.lower(), "-l", str(8 * v["outlen"])], stdin=data)
        got = r.stdout.decode().split("  ")[0]
        exp = v["expected"]
        ok = r.returncode == 0 and (got.endswith(exp) if v.get("expected_is_last_bytes") else got == exp)
        t.check(ok, "RFC 9861 %s msg %s(%d) outlen %d" % (fn, msg["kind"], msg["len"], v["outlen"]),
                "got %s...\nexp %s" % (got[:80], exp[:80]))
        n += 1
    t.check(n >= 20, "RFC 9861 vectors found (%d)" % n)


def test_sum_errors(t, tmp):
    with open(os.path.join(tmp, "ok.txt"), "wb") as f:
        f.write(b"ok\n")
    os.makedirs(os.path.join(tmp, "adir"), exist_ok=True)
    want_ok = sum_line(hashlib.sha3_256(b"ok\n").hexdigest(), "ok.txt")
    r = t.expect("missing file: exit 1, the other files still hashed", ["sum", "nope.txt", "ok.txt"], 1,
                 want_ok, "nope.txt", cwd=tmp)
    t.check(b"No such file" in r.stderr, "missing file: errno text on stderr", r.stderr.decode())
    t.expect("a directory: exit 1, message", ["sum", "adir", "ok.txt"], 1, want_ok, "adir", cwd=tmp)
    # usage errors: coreutils' one-line hint and exit 1
    try_help = "Try 'kforge sum --help' for more information."
    t.expect("unknown algorithm: exit 1", ["sum", "-a", "md5"], 1, "", try_help)
    t.expect("unknown option: exit 1", ["sum", "--frobnicate"], 1, "", try_help)
    t.expect("unknown short option: exit 1", ["sum", "-y"], 1, "", try_help)
    t.expect("-a without a value: exit 1", ["sum", "-a"], 1, "", try_help)
    t.expect("sum --help: exit 0, usage on stdout", ["sum", "--help"], 0, None)


def test_escaped_names(t, tmp):
    """coreutils: a name with a backslash or newline is escaped and the line starts with '\\'."""
    names = {"new\nline": "new\\nline", "back\\slash": "back\\\\slash"}
    for raw, esc in names.items():
        with open(os.path.join(tmp, raw), "wb") as f:
            f.write(raw.encode())
        r = t.expect("escaped name %r" % raw, ["sum", raw], 0,
                     "\\" + sum_line(hashlib.sha3_256(raw.encode()).hexdigest(), esc), cwd=tmp)
        with open(os.path.join(tmp, "esc.sums"), "wb") as f:
            f.write(r.stdout)
        # coreutils escapes --check's result line only for a newline in the name
        t.expect("check escaped name %r" % raw, ["sum", "-c", "esc.sums"], 0,
                 ("\\%s: OK\n" % esc) if "\n" in raw else "%s: OK\n" % raw, cwd=tmp)


def write(tmp, name, data):
    with open(os.path.join(tmp, name), "wb") as f:
        f.write(data)


def test_check(t, tmp):
    files = {"a.txt": b"alpha\n", "b.txt": b"", "c d.txt": b"with a space"}
    for name, data in files.items():
        write(tmp, name, data)
    names = sorted(files)
    for alg in ("sha3-256", "shake128", "kt256", "keccak256"):
        r = t.run(["sum", "-a", alg] + names, cwd=tmp)
        write(tmp, "good.sums", r.stdout)
        t.expect("check %s: all OK" % alg, ["sum", "-c", "-a", alg, "good.sums"], 0,
                 "".join("%s: OK\n" % n for n in names), cwd=tmp)
        t.expect("check %s from stdin" % alg, ["sum", "--check", "-a", alg], 0,
                 "".join("%s: OK\n" % n for n in names), stdin=r.stdout, cwd=tmp)
    good = t.run(["sum"] + names, cwd=tmp).stdout.decode()
    write(tmp, "good.sums", good.encode())
    lines = good.splitlines(True)
    # uppercase hex, '*' (binary) marker, CRLF, comments and blank lines are accepted
    odd = "# a comment\n\n" + lines[0].upper().replace("  A.TXT", "  a.txt") + \
        lines[1].replace("  ", " *") + lines[2].rstrip("\n") + "\r\n"
    write(tmp, "odd.sums", odd.encode())
    t.expect("check: uppercase, '*', CRLF, comments", ["sum", "-c", "odd.sums"], 0,
             "".join("%s: OK\n" % n for n in names), cwd=tmp)
    # a mismatch
    write(tmp, "a.txt", b"tampered\n")
    t.expect("check: mismatch -> FAILED, exit 1", ["sum", "-c", "good.sums"], 1,
             "a.txt: FAILED\nb.txt: OK\nc d.txt: OK\n", "WARNING: 1 computed checksum did NOT match", cwd=tmp)
    write(tmp, "a.txt", files["a.txt"])
    # an unreadable listed file
    missing = good + sum_line("00" * 32, "gone.txt")
    write(tmp, "missing.sums", missing.encode())
    t.expect("check: missing file -> FAILED open or read, exit 1", ["sum", "-c", "missing.sums"], 1,
             "a.txt: OK\nb.txt: OK\nc d.txt: OK\ngone.txt: FAILED open or read\n",
             "WARNING: 1 listed file could not be read", cwd=tmp)
    # malformed lines: wrong length for the algorithm, odd hex, bad separator, no name
    for bad in ("abcd  a.txt", "0" * 63 + "  a.txt", "0" * 64 + " a.txt", "0" * 64 + "  ",
                "zz" * 32 + "  a.txt", "\\" + "0" * 64 + "  bad\\escape"):
        write(tmp, "bad.sums", (good + bad + "\n").encode())
        t.expect("check: malformed %r -> warning, exit 0" % bad, ["sum", "-c", "bad.sums"], 0,
                 "a.txt: OK\nb.txt: OK\nc d.txt: OK\n", "WARNING: 1 line is improperly formatted", cwd=tmp)
        t.expect("check --strict: malformed %r -> exit 1" % bad, ["sum", "-c", "--strict", "bad.sums"], 1,
                 "a.txt: OK\nb.txt: OK\nc d.txt: OK\n", "WARNING: 1 line is improperly formatted", cwd=tmp)
    write(tmp, "none.sums", b"nothing to see here\n")
    t.expect("check: no valid line -> exit 1", ["sum", "-c", "none.sums"], 1, "",
             "no properly formatted", cwd=tmp)
    t.expect("check: list file missing -> exit 1", ["sum", "-c", "nolist.sums", "good.sums"], 1,
             "a.txt: OK\nb.txt: OK\nc d.txt: OK\n", "nolist.sums", cwd=tmp)
    # a SHA3-256 list checked as SHA3-512 is malformed (wrong length), not a mismatch
    t.expect("check: wrong algorithm -> no valid lines", ["sum", "-c", "-a", "sha3-512", "good.sums"], 1,
             "", "no properly formatted", cwd=tmp)
    # an XOF's length comes from the hex
    r = t.run(["sum", "-a", "turboshake128", "-l", "2048", "a.txt"], cwd=tmp)
    write(tmp, "long.sums", r.stdout)
    t.expect("check: XOF length from the hex", ["sum", "-c", "-a", "turboshake128", "long.sums"], 0,
             "a.txt: OK\n", cwd=tmp)
    t.expect("check with another -l: no valid line", ["sum", "-c", "-l", "256", "-a", "turboshake128", "long.sums"], 1,
             "", "no properly formatted", cwd=tmp)
    t.expect("check with the same -l", ["sum", "-c", "-l", "2048", "-a", "turboshake128", "long.sums"], 0,
             "a.txt: OK\n", cwd=tmp)


def test_backends(t):
    r = t.expect("backends: exit 0", ["backends"], 0)
    out = r.stdout.decode()
    t.check("in use" in out and "ref" in out, "backends: lists ref and marks the one in use", out)
    rows = [ln.split() for ln in out.splitlines()[1:] if not ln.startswith("(")]
    t.check(all(len(r) >= 4 and r[1].startswith("x") for r in rows) and any(r[1] == "x1" for r in rows),
            "backends: a states column (x1 or xN) on every row", out)
    lines = [ln for ln in out.splitlines()[1:] if not ln.startswith("(")]
    batched_runnable = any(ln.split()[1] != "x1" and "not runnable" not in ln for ln in lines)
    t.check(sum(1 for ln in lines if ln.endswith("in use")) == (2 if batched_runnable else 1),
            "backends: one x1 and (where one runs here) one batched backend in use", out)
    msg = b"x" * 1000
    want = sum_line(hashlib.sha3_256(msg).hexdigest(), "-")
    for line in out.splitlines()[1:]:
        name = line.split()[0]
        if "not runnable" in line or line.startswith("("):
            continue
        r = t.expect("backends: KECCAKFORGE_BACKEND=%s marks it in use" % name, ["backends"], 0,
                     env={"KECCAKFORGE_BACKEND": name})
        mine = [ln for ln in r.stdout.decode().splitlines() if ln.split()[0] == name]
        t.check(bool(mine) and mine[0].endswith("in use"), "backends: %s in use" % name, r.stdout.decode())
        t.expect("sum with backend %s" % name, ["sum"], 0, want, stdin=msg, env={"KECCAKFORGE_BACKEND": name})
    # an x1 and a batched name together, either order ("x1" = no batched backend); an unknown
    # piece is reported and leaves its side automatic
    xn = [ln.split()[0] for ln in lines if ln.split()[1] != "x1" and "not runnable" not in ln] + ["x1"]
    for pair in ("opt64,%s" % xn[0], "%s,opt64" % xn[0], "opt64,x1"):
        r = t.expect("backends: KECCAKFORGE_BACKEND=%s" % pair, ["backends"], 0, env={"KECCAKFORGE_BACKEND": pair})
        used = [ln.split()[0] for ln in r.stdout.decode().splitlines() if ln.endswith("in use")]
        batched = pair.replace("opt64", "").strip(",")
        t.check("opt64" in used and (batched in used if batched != "x1" else len(used) == 1)
                and b"unknown" not in r.stderr, "backends: %s both in use, no warning" % pair,
                r.stdout.decode() + r.stderr.decode())
    t.expect("backends: KECCAKFORGE_BACKEND=opt64,nosuch warns", ["backends"], 0,
             env={"KECCAKFORGE_BACKEND": "opt64,nosuch"}, stderr_has="is unknown or not runnable")


def test_top_level(t):
    t.expect("no command: exit 2", [], 2, "", "usage")
    t.expect("unknown command: exit 2", ["frob"], 2, "", "unknown command")
    t.expect("--help: exit 0", ["--help"], 0)
    t.expect("help sum: exit 0", ["help", "sum"], 0)
    r = t.expect("--version: exit 0", ["--version"], 0)
    t.check(r.stdout.startswith(b"kforge "), "--version names kforge", r.stdout.decode())
    t.expect("backends with an argument: exit 2", ["backends", "extra"], 2)


def test_bench(t, tmp):
    t.expect("bench --bogus: exit 2", ["bench", "--bogus"], 2, "", "Try 'kforge bench --help'")
    t.expect("bench --suite nope: exit 2", ["bench", "--suite", "nope"], 2, "", "unknown suite")
    t.expect("bench extra argument: exit 2", ["bench", "extra"], 2, "", "Try 'kforge bench --help'")
    t.expect("bench --json into a missing directory: exit 1",
             ["bench", "--quick", "--json", os.path.join(tmp, "no", "such", "dir.json")], 1, "")
    path = os.path.join(tmp, "bench.json")
    r = t.expect("bench --quick --json", ["bench", "--quick", "--json", path], 0)
    out = r.stdout.decode()
    t.check("TSC" in out or "ticks" in out, "bench report names its unit", out[:300])
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        t.check(False, "bench JSON parses", str(e))
        return
    m = doc.get("machine", {})
    t.check(all(k in m for k in ("cpu_model", "tsc_hz", "backend", "compiler", "date")),
            "bench JSON machine fields", str(m))
    res = doc.get("results", [])
    keys = {"suite", "name", "backend", "size", "unit", "median"}
    t.check(bool(res) and all(keys <= set(x) for x in res), "bench JSON records have %s" % sorted(keys))
    t.check(all(isinstance(x["median"], (int, float)) and x["median"] > 0 for x in res),
            "bench JSON medians are positive numbers")
    suites = {x["suite"] for x in res}
    t.check({"permutation", "hash", "xof-expand"} <= suites, "bench suites present", str(suites))
    perm = {(x["backend"], x["name"]) for x in res if x["suite"] == "permutation"}
    t.check(("ref", "keccak-p1600-24") in perm and ("ref", "keccak-p1600-12") in perm,
            "bench permutation rows for ref", str(sorted(perm)))
    hashes = {x["name"] for x in res if x["suite"] == "hash"}
    want = {"sha3-224", "sha3-256", "sha3-384", "sha3-512", "shake128", "shake256", "turboshake128",
            "turboshake256", "kt128", "kt256", "cshake128", "kmac128", "kmac256", "parallelhash128",
            "parallelhash256", "keccak256-legacy"}
    t.check(want <= hashes, "bench hash rows for every mode", str(sorted(want - hashes)))
    sizes = {x["size"] for x in res if x["suite"] == "hash"}
    t.check(sizes == {64, 1024, 8192, 1 << 20}, "bench hash sizes", str(sizes))
    if m.get("openssl"):
        ossl = [x for x in res if x["suite"] == "openssl" and x["backend"] == "openssl"]
        t.check(len(ossl) >= 8, "bench openssl rows when libcrypto is present", str(len(ossl)))
    # kforge runs `python3` from PATH for BLAKE3, so ask the same interpreter
    py3 = shutil.which("python3")
    if py3 and subprocess.run([py3, "-c", "import blake3"], stderr=subprocess.DEVNULL).returncode == 0:
        b3 = [x for x in res if x["suite"] == "tree-threads" and x["backend"] == "blake3"]
        t.check(any(x["name"] == "blake3-threads1" and x["size"] == 1 << 20 and x["unit"] == "ticks/byte"
                    for x in b3), "bench blake3 row when python3 has the module", str(b3))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kforge", required=True, help="path to the kforge executable")
    ap.add_argument("--vectors", default=None, help="official vector directory")
    ap.add_argument("--part", choices=("all", "vectors", "oracles"), default="all")
    ap.add_argument("--no-bench", action="store_true", help="skip the bench run (a few seconds)")
    args = ap.parse_args()
    vectors = official_vectors.find(args.vectors)
    if args.part == "vectors" and vectors is None:
        print("SKIP: " + official_vectors.WHERE)
        print("0 passed, 0 failed, 1 skipped")
        return 77
    t = Tests(os.path.abspath(args.kforge))
    if args.part == "vectors":
        test_rfc9861_vectors(t, vectors)
        print("%d passed, %d failed" % (t.passed, t.failed))
        return 1 if t.failed or not t.passed else 0
    with tempfile.TemporaryDirectory() as tmp:
        test_oracle(t)
        test_sum_algorithms(t, tmp)
        test_sum_stdin(t)
        test_sum_lengths(t)
        if args.part == "all" and vectors:
            test_rfc9861_vectors(t, vectors)
        test_sum_errors(t, tmp)
        test_escaped_names(t, tmp)
        test_check(t, tmp)
        test_backends(t)
        test_top_level(t)
        if not args.no_bench:
            test_bench(t, tmp)
    print("%d passed, %d failed" % (t.passed, t.failed))
    return 1 if t.failed else 0


if __name__ == "__main__":
    sys.exit(main())

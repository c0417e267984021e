#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_sum_compat.py - `kforge sum` against the tools it stands in for.

  coreutils   every scenario runs through `sha256sum` and `kforge sum -a sha3-256` in twin
              directories; exit codes must be equal and stdout/stderr equal once the digests
              (hex runs), the program names, the tags (SHA256 / SHA3-256) and coreutils'
              shell quoting of odd names are masked. Lists for --check are written by each
              tool itself, then edited the same way (tampered file, extra lines, ...).
  sha3sum     (Debian libdigest-sha3-perl) both directions, plain and --tag, SHA3-224..512
              and SHAKE128/256 (sha3sum's -a 128000/256000, 1344/1088 bits): each checks
              the other's lists.
A missing tool is reported on one "SKIP:" line; if both are missing the exit status is 77.
Usage: test_sum_compat.py --kforge PATH
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

FILES = {"a.txt": b"alpha\n", "b.txt": b"", "c d.txt": b"with a space\n",
         "back\\slash": b"bs\n", "new\nline": b"nl\n"}
HEX = re.compile(rb"\b[0-9a-f]{56,}\b|(?<=\\)[0-9a-f]{56,}\b")


def mask(data, prog):
    data = HEX.sub(b"HEX", data)
    data = data.replace(prog.encode(), b"PROG")
    for tag in (b"SHA3-256", b"SHA256", b"SHA3"):
        data = data.replace(tag, b"TAG")
    # coreutils quotes odd names in messages ('b\\x' -> 'b\\x', "new\nline" -> 'new'$'\n''line')
    data = data.replace(b"'$'\\n''", b"\n").replace(b"'", b"")
    return data


class Tool:
    def __init__(self, name, argv, prog, tmp):
        self.name, self.argv, self.prog = name, argv, prog
        self.dir = os.path.join(tmp, name)
        os.makedirs(self.dir)
        for fn, data in FILES.items():
            with open(os.path.join(self.dir, fn), "wb") as f:
                f.write(data)
        os.makedirs(os.path.join(self.dir, "adir"))

    def run(self, args, stdin=b""):
        return subprocess.run(self.argv + args, input=stdin, capture_output=True, cwd=self.dir, timeout=60)

    def write(self, name, data):
        with open(os.path.join(self.dir, name), "wb") as f:
            f.write(data)


# (what, setup(tool) -> None, args, stdin)
def lst(*names):
    return lambda t: t.write("l.sums", t.run(list(names)).stdout)


def lst_plus(extra, *names, tag=False):
    def setup(t):
        t.write("l.sums", t.run((["--tag"] if tag else []) + list(names)).stdout + extra)
    return setup


def tampered(t):
    lst("a.txt", "b.txt")(t)
    t.write("a.txt", b"tampered\n")


def reformat(fn):
    def setup(t):
        t.write("l.sums", fn(t.run(["a.txt", "b.txt"]).stdout))
    return setup


SCENARIOS = [
    ("two files", None, ["a.txt", "b.txt"], b""),
    ("stdin", None, [], b"hello\n"),
    ("stdin as -", None, ["-"], b"hello\n"),
    ("-b", None, ["-b", "a.txt"], b""),
    ("--binary --text", None, ["--binary", "--text", "a.txt"], b""),
    ("-t", None, ["-t", "a.txt"], b""),
    ("--tag", None, ["--tag", "a.txt", "c d.txt"], b""),
    ("--tag -b", None, ["--tag", "-b", "a.txt"], b""),
    ("-z", None, ["-z", "a.txt", "back\\slash", "new\nline"], b""),
    ("--tag -z", None, ["--tag", "-z", "a.txt"], b""),
    ("escaped names", None, ["back\\slash", "new\nline"], b""),
    ("--tag escaped names", None, ["--tag", "back\\slash", "new\nline"], b""),
    ("missing file", None, ["nope", "a.txt"], b""),
    ("directory", None, ["adir", "a.txt"], b""),
    ("unknown long option", None, ["--frobnicate"], b""),
    ("unknown short option", None, ["-y"], b""),
    ("--tag -t", None, ["--tag", "-t", "a.txt"], b""),
    ("--quiet without -c", None, ["--quiet", "a.txt"], b""),
    ("--status without -c", None, ["--status", "a.txt"], b""),
    ("--strict without -c", None, ["--strict", "a.txt"], b""),
    ("-w without -c", None, ["-w", "a.txt"], b""),
    ("--ignore-missing without -c", None, ["--ignore-missing", "a.txt"], b""),
    ("-c --tag", lst("a.txt"), ["-c", "--tag", "l.sums"], b""),
    ("-c -b", lst("a.txt"), ["-c", "-b", "l.sums"], b""),
    ("check all OK", lst("a.txt", "b.txt", "c d.txt"), ["-c", "l.sums"], b""),
    ("check escaped names", lst("back\\slash", "new\nline"), ["-c", "l.sums"], b""),
    ("check from stdin", lst("a.txt"), ["-c"], None),
    ("check from stdin as -", lst("a.txt"), ["-c", "-"], None),
    ("check mismatch", tampered, ["-c", "l.sums"], b""),
    ("check mismatch --quiet", tampered, ["-c", "--quiet", "l.sums"], b""),
    ("check mismatch --status", tampered, ["-c", "--status", "l.sums"], b""),
    ("check OK --quiet", lst("a.txt"), ["-c", "--quiet", "l.sums"], b""),
    ("check OK --status", lst("a.txt"), ["-c", "--status", "l.sums"], b""),
    ("check missing file", lst_plus(b"", "a.txt", "gone"), ["-c", "l.sums"], b""),
    ("check --ignore-missing", lst_plus(b"", "a.txt"), ["-c", "--ignore-missing", "l.sums"], b""),
    ("check malformed", lst_plus(b"garbage\n", "a.txt"), ["-c", "l.sums"], b""),
    ("check malformed --strict", lst_plus(b"garbage\n", "a.txt"), ["-c", "--strict", "l.sums"], b""),
    ("check malformed -w", lst_plus(b"garbage\nmore garbage\n", "a.txt"), ["-c", "-w", "l.sums"], b""),
    ("check malformed --status", lst_plus(b"garbage\n", "a.txt"), ["-c", "--status", "l.sums"], b""),
    ("check only malformed", lambda t: t.write("l.sums", b"garbage\n"), ["-c", "l.sums"], b""),
    ("check empty list", lambda t: t.write("l.sums", b""), ["-c", "l.sums"], b""),
    ("check missing list", None, ["-c", "nolist.sums"], b""),
    ("check two lists, one missing", lst("a.txt"), ["-c", "nolist.sums", "l.sums"], b""),
    ("check BSD lines", lst_plus(b"", "a.txt", "c d.txt", tag=True), ["-c", "l.sums"], b""),
    ("check BSD lines without spaces",
     reformat(lambda out: re.sub(rb"^(\w+)  (.*)$", lambda m: b"TAGWORD(" + m.group(2) + b")=" + m.group(1),
                                 out, flags=re.M)), ["-c", "l.sums"], b""),
    ("check single space", reformat(lambda out: out.replace(b"  ", b" ")), ["-c", "l.sums"], b""),
    ("check tab", reformat(lambda out: out.replace(b"  ", b"\t")), ["-c", "l.sums"], b""),
    ("check leading white space", reformat(lambda out: b"  " + out.replace(b"\n", b"\n\t", 1)),
     ["-c", "l.sums"], b""),
    ("check CRLF, comments, blank lines", reformat(lambda out: b"# comment\n\n" + out.replace(b"\n", b"\r\n")),
     ["-c", "l.sums"], b""),
    ("check '*' marker", reformat(lambda out: out.replace(b"  ", b" *")), ["-c", "l.sums"], b""),
    ("check mixed one/two separators", reformat(lambda out: out.replace(b"  ", b" ", 1)), ["-c", "l.sums"], b""),
    ("check uppercase hex", reformat(lambda out: re.sub(rb"^[0-9a-f]+", lambda m: m.group(0).upper(), out,
                                                        flags=re.M)), ["-c", "l.sums"], b""),
    ("--help", None, ["--help"], b""),
]


def compare_coreutils(kforge, tmp, out):
    gnu = Tool("gnu", ["sha256sum"], "sha256sum", tmp)
    kf = Tool("kf", [kforge, "sum", "-a", "sha3-256"], "kforge sum", tmp)
    passed = failed = 0
    for what, setup, args, stdin in SCENARIOS:
        res = []
        for t in (gnu, kf):
            if setup:
                setup(t)
                if os.path.exists(os.path.join(t.dir, "l.sums")):
                    t.write("l.sums", open(os.path.join(t.dir, "l.sums"), "rb").read()
                            .replace(b"TAGWORD", b"SHA256" if t is gnu else b"SHA3-256"))
            data = stdin if stdin is not None else open(os.path.join(t.dir, "l.sums"), "rb").read()
            res.append(t.run(args, data))
            for fn, d in FILES.items():  # undo a tampered file
                t.write(fn, d)
        g, k = res
        if what == "--help":  # only the shape: exit 0, help on stdout, nothing on stderr
            ok = g.returncode == k.returncode == 0 and k.stdout.startswith(b"Usage: kforge sum [OPTION]...") \
                and not k.stderr
        else:
            ok = (g.returncode == k.returncode and mask(g.stdout, "sha256sum") == mask(k.stdout, "kforge sum")
                  and mask(g.stderr, "sha256sum") == mask(k.stderr, "kforge sum"))
        if ok:
            passed += 1
        else:
            failed += 1
            out.append("FAIL: coreutils scenario %r (%s)\n  sha256sum: %d %r %r\n  kforge:    %d %r %r" % (
                what, args, g.returncode, g.stdout, g.stderr, k.returncode, k.stdout, k.stderr))
    return passed, failed


def sha3sum_interop(kforge, tmp, out):
    d = os.path.join(tmp, "s3")
    os.makedirs(d)
    for fn in ("a.txt", "c d.txt", "b.txt"):
        with open(os.path.join(d, fn), "wb") as f:
            f.write(FILES[fn])
    names = ["a.txt", "b.txt", "c d.txt"]
    passed = failed = 0

    def run(argv, stdin=b""):
        return subprocess.run(argv, input=stdin, capture_output=True, cwd=d, timeout=60)

    def check(ok, what, r):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            out.append("FAIL: sha3sum %s\n  %d %r %r" % (what, r.returncode, r.stdout, r.stderr))

    okout = b"".join(b"%s: OK\n" % n.encode() for n in names)
    # (sha3sum -a, kforge -a, kforge -l)
    for s3a, kfa, kfl in (("224", "sha3-224", []), ("256", "sha3-256", []), ("384", "sha3-384", []),
                          ("512", "sha3-512", []), ("128000", "shake128", ["-l", "1344"]),
                          ("256000", "shake256", ["-l", "1088"])):
        for tag in ([], ["--tag"]):
            theirs = run(["sha3sum", "-a", s3a] + tag + names)
            mine = run([kforge, "sum", "-a", kfa] + kfl + tag + names)
            check(theirs.returncode == 0 and theirs.stdout == mine.stdout,
                  "-a %s %s: same output as kforge sum -a %s" % (s3a, " ".join(tag), kfa), mine)
            # sha3sum's list checked by kforge: a plain SHA-3 list needs no -a (length), nor a BSD one (tag)
            need_a = [] if tag or kfa.startswith("sha3") else ["-a", kfa]
            r = run([kforge, "sum", "-c"] + need_a, theirs.stdout)
            check(r.returncode == 0 and r.stdout == okout, "-a %s %s list checked by kforge sum -c %s"
                  % (s3a, " ".join(tag), " ".join(need_a)), r)
            r = run(["sha3sum", "-a", s3a, "-c"], mine.stdout)
            check(r.returncode == 0 and r.stdout == okout, "-c checks kforge sum -a %s %s" % (kfa, " ".join(tag)), r)
    # a mismatch is seen by both
    theirs = run(["sha3sum", "-a", "256", "a.txt"]).stdout
    bad = theirs.replace(theirs[:1], b"0" if theirs[:1] != b"0" else b"1", 1)
    r = run([kforge, "sum", "-c"], bad)
    check(r.returncode == 1 and r.stdout == b"a.txt: FAILED\n", "mismatch in a sha3sum list -> FAILED", r)
    return passed, failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kforge", required=True)
    args = ap.parse_args()
    kforge = os.path.abspath(args.kforge)
    out, passed, failed, ran = [], 0, 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        if shutil.which("sha256sum"):
            p, f = compare_coreutils(kforge, tmp, out)
            passed, failed, ran = passed + p, failed + f, ran + 1
        else:
            print("SKIP: coreutils sha256sum not found: the coreutils comparison did not run")
        if shutil.which("sha3sum"):
            p, f = sha3sum_interop(kforge, tmp, out)
            passed, failed, ran = passed + p, failed + f, ran + 1
        else:
            print("SKIP: sha3sum not found (Debian: libdigest-sha3-perl): the sha3sum interop did not run")
    for line in out:
        print(line)
    print("%d passed, %d failed" % (passed, failed))
    if not ran:
        return 77
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_man.py - the man pages docs/man/kforge.1 and docs/man/keccakforge.3.

  render     `man -l` (man-db, with its warnings on) or else `groff -man -ww -z` renders
             each page with nothing on stderr; with neither tool, a roff sanity check
             (only known man(7) requests, .TH first, balanced .nf/.fi) and one SKIP line
  coverage   every long option `kforge sum --help` and `kforge bench --help` list, and the
             --NAME-file/--NAME-out forms of mlkem and slhdsa, appear in kforge.1; every
             function keccakforge.h declares appears in keccakforge.3
Usage: test_man.py --kforge PATH --source DIR
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

KNOWN = {"TH", "SH", "SS", "TP", "PP", "LP", "P", "IP", "B", "I", "BI", "IB", "BR", "RB", "IR", "RI", "nf",
         "fi", "br", "sp", "in", "RS", "RE", "EX", "EE", "UR", "UE", "\\\""}

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_harness  # noqa: E402

check = cli_harness.Checks()


def sanity(path, text):
    lines = text.splitlines()
    reqs = [l[1:].split()[0] if l[1:].split() else "" for l in lines if l.startswith(".")]
    check(all(r in KNOWN for r in reqs if r), "%s: only man(7) requests" % path,
          sorted(set(r for r in reqs if r and r not in KNOWN)))
    check(next((r for r in reqs if r != '\\"'), None) == "TH", "%s: .TH comes first" % path)
    check(reqs.count("nf") == reqs.count("fi"), "%s: .nf/.fi balanced" % path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kforge", required=True)
    ap.add_argument("--source", required=True)
    a = ap.parse_args()
    pages = {n: os.path.join(a.source, "docs", "man", n) for n in ("kforge.1", "keccakforge.3")}
    text = {}
    for name, path in pages.items():
        with open(path, encoding="utf-8") as f:
            text[name] = f.read()
        sanity(name, text[name])
    env = dict(os.environ, MANWIDTH="80", LC_ALL="C.UTF-8", MANPAGER="cat", PAGER="cat")
    if shutil.which("man"):
        for name, path in pages.items():
            r = subprocess.run(["man", "--warnings=w", "-l", path], capture_output=True, env=env, timeout=60)
            check(r.returncode == 0 and not r.stderr and len(r.stdout) > 2000, "man -l %s renders without warnings"
                  % name, r.stderr.decode()[:500])
    elif shutil.which("groff"):
        for name, path in pages.items():
            r = subprocess.run(["groff", "-man", "-ww", "-z", path], capture_output=True, timeout=60)
            check(r.returncode == 0 and not r.stderr, "groff renders %s without warnings" % name, r.stderr[:500])
    else:
        print("SKIP: neither man nor groff installed: the pages were only checked as roff text")

    # coverage: the options the tool has are in its page
    page1 = text["kforge.1"].replace("\\-", "-")
    for cmd in ("sum", "bench"):
        helptext = subprocess.run([a.kforge, cmd, "--help"], capture_output=True, text=True).stdout
        opts = sorted(set(re.findall(r"(--[a-z][a-z-]+)", helptext)))
        missing = [o for o in opts if o not in page1]
        check(opts and not missing, "kforge.1 documents every option of kforge %s" % cmd, missing)
    for v in ("ek", "dk", "c", "k", "seed", "m", "pk", "sk", "msg", "sig", "ctx", "addrnd", "rnd"):
        check(re.search(r"\b%s\b" % v, page1) is not None, "kforge.1 names the value %s" % v)
    # kforge mldsa: every option its --help names
    helptext = subprocess.run([a.kforge, "mldsa", "--help"], capture_output=True, text=True).stdout
    opts = sorted(set(re.findall(r"(--[a-z][a-z-]+)", helptext)))
    missing = [o for o in opts if o not in page1 and o.replace("-file", "") not in page1]
    check(opts and not missing, "kforge.1 documents every option of kforge mldsa", missing)
    with open(os.path.join(a.source, "include", "keccakforge.h"), encoding="utf-8") as f:
        funcs = sorted(set(re.findall(r"^KF_API [^(]*?\b(kf_\w+)\(", f.read(), re.M)))
    page3 = text["keccakforge.3"]
    missing = [fn for fn in funcs if fn not in page3]
    check(len(funcs) > 50 and not missing, "keccakforge.3 names every function of keccakforge.h (%d)" % len(funcs),
          missing)
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())

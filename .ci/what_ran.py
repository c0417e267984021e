#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""What the README test command tested on this machine, and what it could not (.ci/run).

A CI host without AVX-512 (AMD Zen 3) skips the AVX-512 backends' tests; this says so plainly
instead of leaving it to a count of Skipped lines:
  * Keccak backends: the ones this CPU runs natively and the ones it cannot (`kforge backends`);
  * ML-KEM arithmetic: portable, AVX2 and AVX-512, from test_mlkem_simd's own report;
  * the AVX-512 kernels under emulation (tests/avx512_emu): ran, or why not;
  * every ctest entry that reported Skipped, by name (from ctest's --output-junit file).
Usage: what_ran.py BUILD_DIR JUNIT_XML. Prints only; exit 0 whatever it finds.
"""
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET


def backends(build):
    kforge = os.path.join(build, "kforge")
    if not os.access(kforge, os.X_OK):
        print("Keccak backends: no build/kforge to ask")
        return
    rows = subprocess.run([kforge, "backends"], capture_output=True, text=True).stdout.splitlines()[1:]
    ran, not_ran = [], []
    for row in rows:
        cols = row.split()
        if len(cols) >= 2:
            (not_ran if "not runnable" in row else ran).append(f"{cols[0]} ({cols[1]})")
    print(f"Keccak backends run natively here: {', '.join(ran) or 'none'}")
    print(f"Keccak backends this CPU cannot run: {', '.join(not_ran) or 'none'}")


def tests(junit):
    try:
        root = ET.parse(junit).getroot()
    except (OSError, ET.ParseError) as e:
        print(f"ctest results: cannot read {junit} ({e})")
        return {}
    out = {}
    for tc in root.iter("testcase"):
        so = tc.find("system-out")
        out[tc.get("name")] = (tc.get("status"), (so.text or "") if so is not None else "")
    return out


def mlkem(results):
    status, text = results.get("test_mlkem_simd", (None, ""))
    if status is None:
        print("ML-KEM arithmetic: test_mlkem_simd not in this build (not x86-64)")
        return
    if status != "run":
        print("ML-KEM arithmetic run natively: portable only (test_mlkem_simd skipped: no AVX2)")
        return
    native = [m.group(1) for m in re.finditer(r"^(.*?): (?:AVX-512 .*path tested|\d+ trials)", text, re.M)]
    missing = [m.group(1) for m in re.finditer(r"^(.*?): .*not run on this CPU", text, re.M)]
    print("ML-KEM arithmetic run natively: portable, AVX2"
          + (f", AVX-512 ({'; '.join(native)})" if native else ""))
    if missing:
        print(f"ML-KEM AVX-512 arithmetic this CPU cannot run: {'; '.join(missing)}")


def emulated(results):
    status, text = results.get("avx512_emu", (None, ""))
    lines = [x for x in text.splitlines() if x.startswith("avx512_emu:")]
    if status is None:
        print("AVX-512 kernels under emulation (avx512_emu): not in this build")
    elif status == "run":
        main = [x for x in lines if "commands on the emulated CPU" in x] or lines[-1:] or ["ran"]
        print(f"AVX-512 kernels under emulation (avx512_emu): {main[0]}")
        for x in lines:
            if x not in main:
                print(f"    {x}")
    else:
        print(f"AVX-512 kernels under emulation (avx512_emu): NOT RUN ({lines[0] if lines else status})")


def main():
    build, junit = sys.argv[1], sys.argv[2]
    print("== what ran on this machine")
    backends(build)
    results = tests(junit)
    mlkem(results)
    emulated(results)
    skipped = sorted(n for n, (s, _) in results.items() if s == "notrun")
    print(f"ctest Skipped: {len(skipped)} of {len(results)}" + (f": {' '.join(skipped)}" if skipped else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

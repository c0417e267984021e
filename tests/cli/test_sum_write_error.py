#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_sum_write_error.py - `kforge sum` stops at the first failed write (issue 20).

With standard output on /dev/full, `kforge sum -a shake128 -l 16000000000` (2 GB of output)
must fail within seconds, saying "write error", rather than squeezing everything first (30 s
before the fix; a larger -l never ended). A fixed-length digest to /dev/full must fail too
(the error shows only when stdout is flushed at the end).

Usage: test_sum_write_error.py --kforge PATH      (skipped, exit 77, where /dev/full is missing)
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kforge", required=True)
    args = ap.parse_args()
    if not os.path.exists("/dev/full"):
        print("skipped: no /dev/full on this system")
        return 77
    passed = failed = 0
    with tempfile.NamedTemporaryFile() as f:
        f.write(b"abc")
        f.flush()
        cases = [
            ("shake128 -l 16000000000 (2 GB)", ["-a", "shake128", "-l", "16000000000"], 10.0),
            ("shake256 -l 2^62 bits", ["-a", "shake256", "-l", str(1 << 62)], 10.0),
            ("sha3-256", ["-a", "sha3-256"], 10.0),
        ]
        for name, opts, limit in cases:
            t0 = time.monotonic()
            try:
                with open("/dev/full", "wb") as full:
                    r = subprocess.run([args.kforge, "sum"] + opts + [f.name], stdout=full,
                                       stderr=subprocess.PIPE, timeout=limit * 3)
                dt = time.monotonic() - t0
                ok = r.returncode == 1 and b"write error" in r.stderr and dt < limit
                why = f"exit {r.returncode}, {dt:.1f} s, stderr {r.stderr[:100]!r}"
            except subprocess.TimeoutExpired:
                ok, why = False, f"still running after {limit * 3:.0f} s"
            print(f"{'ok  ' if ok else 'FAIL'} {name} > /dev/full: {why}")
            passed += ok
            failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""check_symbols.py NM LIBRARY... - every global symbol a library defines starts with kf_.

A program that links libkeccakforge.a (or .so) must be free to define any name outside the
kf_ prefix (xmss_sign, sha3_256, ...) without a "multiple definition" error. nm lists the
defined global symbols (-g --defined-only; -D for a shared library's dynamic table).
"""
import subprocess
import sys

ALLOWED_PREFIXES = ("kf_",)
# names the toolchain adds to a shared library, not ours
TOOLCHAIN = {"_init", "_fini", "__bss_start", "_edata", "_end"}
# names a sanitizer's instrumentation adds (KF_SANITIZE builds: ASan's ODR indicators, ...)
SANITIZER_PREFIXES = ("__odr_asan", "__asan", "__ubsan", "__msan", "__tsan", "__sancov")


def globals_of(nm, lib):
    args = [nm, "-g", "--defined-only"] + (["-D"] if ".so" in lib else []) + [lib]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            yield parts[2].split("@")[0]


def main():
    nm, libs = sys.argv[1], sys.argv[2:]
    failed = 0
    for lib in libs:
        names = sorted(set(globals_of(nm, lib)))
        bad = [n for n in names if not n.startswith(ALLOWED_PREFIXES + SANITIZER_PREFIXES)
               and n not in TOOLCHAIN]
        for n in bad:
            print(f"FAIL {lib}: global symbol '{n}' lacks the kf_ prefix")
        print(f"{'ok  ' if not bad else 'FAIL'} {lib}: {len(names)} global symbols, {len(bad)} outside kf_")
        failed += bool(bad) or not names
    print(f"{len(libs) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Lists every right shift (>> and >>=, in C code and in ACSL annotations alike) in the files of
every proof unit (proofs/units.py's UNITS "files") and in the project headers they include, as the
proof build's preprocessor resolves them (gcc -MM with run.py's -I and -include flags, system headers
left out): one line per site, path:line: text. The audit of these sites for WP 25's unsound Qed
rewrite of right shifts compared with 0 is in docs/ASSURANCE.md ("An unsound Qed rewrite: right
shifts compared with 0"); the probe of the rewrite is qed_shift_compare.py.
    python3 proofs/probes/shift_sites.py [--units]   (--units: also which units parse each file)"""
import os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROOFS = os.path.dirname(HERE)
ROOT = os.path.dirname(PROOFS)
sys.path.insert(0, PROOFS)
import units  # noqa: E402

SHIFT = re.compile(r">>(?!>)")


def deps(cfg, f):
    cpp = ["-D_Alignas(x)="] + ["-I" + os.path.join(ROOT, d) for d in ["include", "src"] + cfg.get("includes", [])]
    for h in cfg.get("preinclude", []):
        cpp += ["-include", os.path.join(PROOFS, h)]
    out = subprocess.run(["gcc", "-MM", "-std=c11"] + cpp + [os.path.join(ROOT, f)], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    out = out.replace("\\\n", " ").split(":", 1)[-1].split()
    return {os.path.relpath(os.path.realpath(p), ROOT) for p in out}


def main():
    users = {}
    for name, cfg in units.UNITS.items():
        for f in cfg["files"]:
            for p in deps(cfg, f) | {f}:
                users.setdefault(p, set()).add(name)
    n, files = 0, set()
    for p in sorted(users):
        with open(os.path.join(ROOT, p)) as fh:
            for i, line in enumerate(fh, 1):
                if SHIFT.search(line):
                    n += 1
                    files.add(p)
                    extra = "  [%s]" % ",".join(sorted(users[p])) if "--units" in sys.argv else ""
                    print("%s:%d: %s%s" % (p, i, line.strip(), extra))
    print("%d lines with a right shift in %d files (%d files parsed by %d units)" % (
        n, len(files), len(users), len(units.UNITS)), file=sys.stderr)


if __name__ == "__main__":
    main()

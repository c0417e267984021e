# SPDX-License-Identifier: Apache-2.0 OR MIT
"""cli_harness.py - what the command-line tests share: a counter of checks that prints each
failure and the closing "N passed, N failed" line, and the --kforge argument."""
import argparse
import os


class Checks:
    """check(ok, what, detail): count a check, print it if it failed."""

    def __init__(self):
        self.passed = self.failed = 0
        self.missing = []   # independent oracles that could not be imported

    def oracle_missing(self, name, what=""):
        """An oracle is missing: the test ends Skipped (77) unless a check failed."""
        if name not in self.missing:
            self.missing.append(name)
        print("SKIP: %s not installed%s" % (name, ": " + what if what else ""))

    def __call__(self, ok, what, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL %s %s" % (what, str(detail)[:2000]))
        return bool(ok)

    def finish(self):
        """Print the closing line; the exit status: 1 if a check failed or none ran."""
        print("%d passed, %d failed" % (self.passed, self.failed))
        if not self.failed and self.missing:
            print("SKIPPED: the comparisons with %s did not run (every other check passed)" % ", ".join(self.missing))
            return 77
        return 1 if self.failed or not self.passed else 0


def kforge_path(extra=None):
    """The --kforge PATH argument (absolute), after extra(ap) added its own; returns (path, args)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--kforge", required=True, help="path to the kforge executable")
    if extra:
        extra(ap)
    args = ap.parse_args()
    return os.path.abspath(args.kforge), args

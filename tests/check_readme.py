#!/usr/bin/env python3
"""The README's API tour must be examples/quickstart.c verbatim (which a test compiles and runs)."""
import sys, os
src = sys.argv[1]
readme = open(os.path.join(src, "README.md")).read()
example = open(os.path.join(src, "examples", "quickstart.c")).read()
ok = example.strip() in readme
print("ok   README shows examples/quickstart.c" if ok else "FAIL README's example differs from examples/quickstart.c")
print(f"{int(ok)} passed, {int(not ok)} failed")
sys.exit(0 if ok else 1)

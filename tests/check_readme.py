#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The README's API tour must be examples/quickstart.c verbatim but for its SPDX line (which a test compiles and runs)."""
import sys, os
src = sys.argv[1]
readme = open(os.path.join(src, "README.md")).read()
# the example's licence line (SPDX) is left out of the README's copy
example = "".join(l for l in open(os.path.join(src, "examples", "quickstart.c"))
                  if "SPDX-License-Identifier" not in l)
ok = example.strip() in readme
print("ok   README shows examples/quickstart.c" if ok else "FAIL README's example differs from examples/quickstart.c")
print(f"{int(ok)} passed, {int(not ok)} failed")
sys.exit(0 if ok else 1)

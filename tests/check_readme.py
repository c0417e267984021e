#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The README's API tour must be examples/quickstart.c verbatim but for its SPDX line (which a test
compiles and runs); its build lines name a job count (a bare -j is unbounded); its test command
writes the JUnit file whose skip reasons tests/ctest_skips.py prints; its venv recipe installs
pytest and mypy (the Python package's tests and type check) and configures a build directory from
inside the venv."""
import os
import re
import sys

src = sys.argv[1]
readme = open(os.path.join(src, "README.md")).read()
# the example's licence line (SPDX) is left out of the README's copy
example = "".join(l for l in open(os.path.join(src, "examples", "quickstart.c"))
                  if "SPDX-License-Identifier" not in l)
checks = []
checks.append((example.strip() in readme, "README shows examples/quickstart.c"))
builds = re.findall(r"cmake --build \S+[^\n]*", readme)
unbounded = [b for b in builds if re.search(r"(^|\s)-j(\s|$)", b)]
checks.append((builds and not unbounded, f"README's {len(builds)} build lines name a job count"
               + (f" (not: {unbounded})" if unbounded else "")))
checks.append(("ctest --test-dir build --output-on-failure -j\"$(nproc)\" --output-junit ctest-junit.xml" in readme,
               "README's test command writes ctest-junit.xml (the skip reasons)"))
venv = re.search(r"python3 -m venv \.venv && \. \.venv/bin/activate &&\s*\n?\s*pip install ([^\n]*)\n(cmake -S \. -B (\S+))?",
                 readme)
pkgs = venv.group(1).split() if venv else []
checks.append((venv and "pytest" in pkgs and "mypy" in pkgs and venv.group(3) not in (None, "build"),
               "README's venv recipe installs pytest and mypy and configures a fresh build directory inside it"))
for ok, what in checks:
    print(("ok   " if ok else "FAIL ") + what)
failed = sum(1 for ok, _ in checks if not ok)
print(f"{len(checks) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)

# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ctest's python_typing: mypy --strict on typing/*.py against the package's stubs
(python/keccakforge/*.pyi). Exit 77 (skipped) with one line when mypy is not installed."""
import os
import subprocess
import sys

try:
    import mypy  # noqa: F401
except ImportError:
    print("skipped: mypy is not installed (python3 -m pip install mypy)")
    sys.exit(77)

here = os.path.dirname(os.path.abspath(__file__))
env = dict(os.environ, MYPYPATH=os.path.join(here, ".."))
files = sorted(os.path.join(here, "typing", f) for f in os.listdir(os.path.join(here, "typing")) if f.endswith(".py"))
r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull] + files,
                   env=env, capture_output=True, text=True)
print(r.stdout + r.stderr)
sys.exit(0 if r.returncode == 0 else 1)

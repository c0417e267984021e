# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ctest python_release_keeps_old: python/release.sh OUTDIR leaves OUTDIR's previous release
files alone when a build fails (issue 52 R14: it used to delete them before building).

release.sh runs with a tools venv of stubs (a bin/python whose `pip install` succeeds and whose
`-m build` fails, as a broken sdist build would), so nothing is fetched and it stops at the
sdist; the old sdist and wheel must still be there, unchanged. The stub venv sits where
release.sh keeps its tools by default, $XDG_CACHE_HOME/keccakforge-release (issue 56 item 6:
the cache used to be OUTDIR/.tools, 527 MB among the release files): release.sh must use it
there and create nothing else in OUTDIR. It must also say what it does, step by step, with the
time since its start ("[step 1/N, 0:00] tools ..."), not stay silent. Under a second.
Exit 77 (skipped) off x86-64, where release.sh does not run. Usage: check_release_keeps_old.py SRC
"""
import os
import platform
import re
import subprocess
import sys
import tempfile

SRC = os.path.abspath(sys.argv[1])
if platform.machine() != "x86_64":
    print("SKIP: release.sh runs on x86-64 only")
    sys.exit(77)
with tempfile.TemporaryDirectory() as tmp:
    out, cache = os.path.join(tmp, "out"), os.path.join(tmp, "cache")
    tools = os.path.join(cache, "keccakforge-release")
    os.makedirs(out)
    os.makedirs(os.path.join(tools, "bin"))
    stub = os.path.join(tools, "bin", "python")
    with open(stub, "w") as f:
        f.write('#!/bin/sh\ncase "$*" in *"-m build"*) echo "stub: the build fails"; exit 1 ;; esac\nexit 0\n')
    os.chmod(stub, 0o755)
    old = {"keccakforge-0.0.1.tar.gz": b"the previous sdist",
           "keccakforge-0.0.1-cp311-abi3-manylinux_2_17_x86_64.manylinux2014_x86_64.whl": b"the previous wheel"}
    for name, data in old.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    env = dict(os.environ, XDG_CACHE_HOME=cache, KF_WHEEL_ARCHES="x86_64")
    env.pop("KF_RELEASE_TOOLS", None)
    r = subprocess.run(["sh", os.path.join(SRC, "python", "release.sh"), out], env=env, capture_output=True,
                       timeout=120)
    failed = 0
    if r.returncode == 0 or b"FAILED: sdist" not in r.stderr:
        print("FAIL: release.sh did not stop at the failing sdist build:", r.returncode, r.stdout[-500:],
              r.stderr[-500:])
        failed += 1
    # progress: numbered steps with the elapsed time, the tools step naming the cache it uses
    steps = re.findall(rb"\[step (\d+)/(\d+), \d+:\d\d\] ([^\n]*)", r.stdout)
    if len(steps) < 2 or steps[0][0] != b"1" or not steps[0][2].startswith(b"tools: venv " + tools.encode()):
        print("FAIL: release.sh does not announce its steps (\"[step 1/N, M:SS] tools: venv %s ...\"):" % tools,
              r.stdout[-500:])
        failed += 1
    for name, data in old.items():
        p = os.path.join(out, name)
        if not os.path.exists(p) or open(p, "rb").read() != data:
            print("FAIL: the previous release file %s was removed or changed by a failed build" % name)
            failed += 1
    left = sorted(os.listdir(out))
    if left != sorted(old):
        print("FAIL: OUTDIR holds", left)
        failed += 1
    print("%s: a failed build leaves the previous release (%s)" % ("FAIL" if failed else "ok", ", ".join(left)))
    sys.exit(1 if failed else 0)

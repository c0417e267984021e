# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ctest python_release_keeps_old: python/release.sh OUTDIR leaves OUTDIR's previous release
files alone when a build fails (issue 52 R14: it used to delete them before building).

release.sh runs with a tools venv of stubs (KF_RELEASE_TOOLS: a bin/python whose `pip install`
succeeds and whose `-m build` fails, as a broken sdist build would), so nothing is fetched and
it stops at the sdist; the old sdist and wheel must still be there, unchanged. Under a second.
Exit 77 (skipped) off x86-64, where release.sh does not run. Usage: check_release_keeps_old.py SRC
"""
import os
import platform
import subprocess
import sys
import tempfile

SRC = os.path.abspath(sys.argv[1])
if platform.machine() != "x86_64":
    print("SKIP: release.sh runs on x86-64 only")
    sys.exit(77)
with tempfile.TemporaryDirectory() as tmp:
    out, tools = os.path.join(tmp, "out"), os.path.join(tmp, "tools")
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
    env = dict(os.environ, KF_RELEASE_TOOLS=tools, KF_WHEEL_ARCHES="x86_64")
    r = subprocess.run(["sh", os.path.join(SRC, "python", "release.sh"), out], env=env, capture_output=True,
                       timeout=120)
    failed = 0
    if r.returncode == 0 or b"FAILED: sdist" not in r.stderr:
        print("FAIL: release.sh did not stop at the failing sdist build:", r.returncode, r.stdout[-500:],
              r.stderr[-500:])
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

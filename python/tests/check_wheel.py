# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ctest python_wheel: the package as a user gets it, in a temporary directory.

  1. a fresh venv: the sdist of SRC (scikit-build-core's build_sdist, as `python -m build`
     makes it), then `pip wheel SDIST` from it alone (build isolation: pip fetches
     scikit-build-core, which runs this project's CMake on the unpacked sdist): one abi3 wheel
     (cp311-abi3) with the library linked in (compiled against the interpreter's Python.h,
     limited API 3.11), its file list checked;
  2. another fresh venv with no compiler (CC/CXX point at `false`, pip may not build):
     install the wheel alone, import, check; the module needs no libkeccakforge.so.
(`pip install SRC` runs the same PEP 517 build_wheel hook as step 1 and installs its wheel, so
it is not built a second time here: that took half of this test's time.)
Exit 77 (skipped) with one line when venv/pip are missing or PyPI cannot be reached
(offline: scikit-build-core cannot be fetched). Usage: check_wheel.py SOURCE_DIR
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

SRC = os.path.abspath(sys.argv[1])
CHECK = r"""
import hashlib, keccakforge as kf
from keccakforge import mlkem, slhdsa
assert kf.sha3_256(b"abc").digest() == hashlib.sha3_256(b"abc").digest()
assert kf.shake_128(b"x" * 5000).digest(64) == hashlib.shake_128(b"x" * 5000).digest(64)
assert kf.kt128().hexdigest(8) == "1ac2d450fc3b4205"
ek, dk = mlkem.ML_KEM_768.keygen(); K, c = mlkem.ML_KEM_768.encaps(ek)
assert mlkem.ML_KEM_768.decaps(dk, c) == K
s = slhdsa.SLH_DSA_SHAKE_128f; pk, sk = s.keygen(); assert s.verify(pk, b"m", s.sign(sk, b"m"))
from keccakforge import mldsa
d = mldsa.ML_DSA_65; pk, sk = d.keygen(); assert d.verify(pk, b"m", d.sign(sk, b"m"))
print("ok", kf.__version__, kf.backends(), kf._keccakforge.__file__)
"""


def skip(why):
    print(f"skipped: {why}")
    sys.exit(77)


def run(cmd, env=None, timeout=600):
    t = time.monotonic()
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout)
    dt = time.monotonic() - t
    if r.returncode != 0:
        print(r.stdout[-6000:])
        print(f"FAILED ({dt:.0f} s): {' '.join(cmd)}")
        sys.exit(1)
    shown = " ".join(os.path.basename(c) if i == 0 else (c if len(c) < 80 else "<script>") for i, c in enumerate(cmd))
    print(f"  {dt:5.1f} s  {shown}")
    return r.stdout


def venv(path):
    r = subprocess.run([sys.executable, "-m", "venv", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        skip(f"python3 -m venv does not work here (python3-venv missing?): {r.stdout.strip()[-200:]}")
    return os.path.join(path, "bin", "python")


def main():
    t0 = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="kf-wheel-")
    try:
        env = dict(os.environ)
        for k in ("PYTHONPATH", "PIP_NO_INDEX", "PIP_REQUIRE_VIRTUALENV"):
            env.pop(k, None)
        env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
        a = venv(os.path.join(tmp, "a"))
        # offline? ask PyPI for the build backend once, quietly
        probe = subprocess.run([a, "-m", "pip", "download", "--no-deps", "-q", "-d", os.path.join(tmp, "probe"),
                                "scikit-build-core>=0.10"], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, timeout=300)
        if probe.returncode != 0:
            skip("scikit-build-core cannot be fetched from PyPI (offline?): " + probe.stdout.strip()[-200:])
        print(f"source {SRC}, temporary directory {tmp}")
        cwd = os.getcwd()
        os.chdir(tmp)   # import the installed package, not a source tree
        try:
            dist = os.path.join(tmp, "dist")
            # the sdist first (the backend in venv a, from PyPI), and the wheel from it alone
            run([a, "-m", "pip", "install", "-q", "scikit-build-core>=0.11"], env=env)
            sd = os.path.join(tmp, "sdist")
            run([a, "-c", "import os, sys; from scikit_build_core import build as b; os.chdir(sys.argv[1]); "
                 "print(b.build_sdist(sys.argv[2]))", SRC, sd], env=env)
            sdists = glob.glob(os.path.join(sd, "keccakforge-*.tar.gz"))
            if len(sdists) != 1:
                print(f"FAILED: expected one sdist, got {os.listdir(sd)}")
                return 1
            print(f"  sdist {os.path.basename(sdists[0])} ({os.path.getsize(sdists[0]) // 1024} KiB)")
            wheel_cmd = [a, "-m", "pip", "wheel", "-q", "--no-deps", "-w", dist, sdists[0]]
            run(wheel_cmd, env=env)
            wheels = glob.glob(os.path.join(dist, "keccakforge-*.whl"))
            if len(wheels) != 1 or "-cp311-abi3-" not in os.path.basename(wheels[0]):
                print(f"FAILED: expected one cp311-abi3 wheel, got {[os.path.basename(w) for w in wheels]}")
                return 1
            print(f"  wheel {os.path.basename(wheels[0])} ({os.path.getsize(wheels[0]) // 1024} KiB)")
            with zipfile.ZipFile(wheels[0]) as z:
                names = set(z.namelist())
            want = {"keccakforge/__init__.py", "keccakforge/_keccakforge.abi3.so", "keccakforge/py.typed",
                    "keccakforge/__init__.pyi", "keccakforge/mlkem.py", "keccakforge/slhdsa.py", "keccakforge/_keys.py",
                    "keccakforge/mldsa.py", "keccakforge/mldsa.pyi", "keccakforge/tree.py", "keccakforge/tree.pyi",
                    "keccakforge/spark.py", "keccakforge/spark.pyi", "keccakforge/hw.py"}
            extra = [n for n in names if n.endswith((".c", ".h", ".a"))]
            if not want <= names or extra:
                print(f"FAILED: wheel contents: missing {sorted(want - names)}, unwanted {extra}")
                return 1
            b = venv(os.path.join(tmp, "b"))
            nocc = dict(env, CC="false", CXX="false", PIP_ONLY_BINARY=":all:")
            run([b, "-m", "pip", "install", "-q", "--no-index", "--no-deps", wheels[0]], env=nocc)
            out = run([b, "-c", CHECK], env=nocc).strip()
            print("  " + out)
            so = out.split()[-1]
            if shutil.which("ldd"):
                deps = subprocess.run(["ldd", so], stdout=subprocess.PIPE, text=True).stdout
                if "keccakforge" in deps:
                    print(f"FAILED: the module needs a keccakforge shared library:\n{deps}")
                    return 1
        finally:
            os.chdir(cwd)
        print(f"python_wheel: the sdist, pip wheel of it alone, and the wheel in a compiler-less venv work "
              f"({time.monotonic() - t0:.0f} s)")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

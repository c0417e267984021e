# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ctest python_sdist: the sdist holds what building the package needs, and only that (issue 56
item 6: it used to carry fuzz/'s 607 corpus files, hw/, .ci/ and rust/, 1.5 MB).

  1. build the sdist from SRC with scikit-build-core's build_sdist hook (the copy installed
     beside this Python: nothing fetched);
  2. its top-level entries must be CMakeLists.txt, cmake/, include/, src/, python/, the
     licences, pyproject.toml and PKG-INFO, nothing else, and the files a build reads must be
     there (the extension's and the library's sources, the stubs);
  3. CMake configures and generates a build of it alone with pyproject.toml's definitions
     (every add_subdirectory, include() and listed source file must exist: the check of
     "builds from the sdist alone" that needs no compile; python_wheel compiles one).
Exit 77 (skipped) without scikit-build-core or cmake. A few seconds.
Usage: check_sdist.py SRC
"""
import glob
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib

SRC = os.path.abspath(sys.argv[1])
ALLOWED = {"CMakeLists.txt", "LICENSE", "LICENSE-APACHE", "LICENSE-MIT", "PKG-INFO", "pyproject.toml",
           "cmake", "include", "src", "python"}
NEEDED = ["CMakeLists.txt", "pyproject.toml", "include/keccakforge.h", "src/keccak/dispatch.c",
          "python/CMakeLists.txt", "python/keccakforge/_keccakforge.c", "python/keccakforge/__init__.pyi",
          "python/keccakforge/py.typed", "python/README.md", "LICENSE-APACHE", "LICENSE-MIT"]


def main():
    try:
        from scikit_build_core import build as skb
    except ImportError as e:
        print(f"skipped: scikit-build-core is not installed for {sys.executable} ({e})")
        return 77
    cmake = shutil.which("cmake")
    if not cmake:
        print("skipped: no cmake")
        return 77
    tmp = tempfile.mkdtemp(prefix="kf-sdist-")
    cwd = os.getcwd()
    try:
        os.chdir(SRC)   # build_sdist reads ./pyproject.toml
        try:
            name = skb.build_sdist(tmp)
        finally:
            os.chdir(cwd)
        path = os.path.join(tmp, name)
        with tarfile.open(path) as tf:
            members = tf.getnames()
            tf.extractall(os.path.join(tmp, "x"), **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
        root = members[0].split("/")[0]
        top = {m.split("/")[1] for m in members if m.count("/") >= 1 and m.split("/")[1]}
        failed = []
        extra = sorted(top - ALLOWED)
        if extra:
            failed.append(f"entries that building does not need: {extra} "
                          f"({sum(1 for m in members if m.count('/') >= 1 and m.split('/')[1] in extra)} files)")
        have = {m.split("/", 1)[1] for m in members if "/" in m}
        missing = [n for n in NEEDED if n not in have]
        if missing:
            failed.append(f"missing {missing}")
        print(f"sdist {name}: {os.path.getsize(path) // 1024} KiB, {len(members)} entries, top level {sorted(top)}")
        if not failed:
            # configure + generate the sdist alone as scikit-build-core would (its cmake.define)
            with open(os.path.join(SRC, "pyproject.toml"), "rb") as f:
                defines = tomllib.load(f)["tool"]["scikit-build"]["cmake"]["define"]
            cmd = [cmake, "-S", os.path.join(tmp, "x", root), "-B", os.path.join(tmp, "b"),
                   "-DCMAKE_BUILD_TYPE=Release", f"-DPython3_EXECUTABLE={sys.executable}"]
            cmd += [f"-D{k}={v}" for k, v in defines.items()]
            r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
            if r.returncode != 0:
                print(r.stdout[-3000:])
                failed.append("CMake cannot configure the sdist alone")
            elif not glob.glob(os.path.join(tmp, "b", "python", "*")):
                failed.append("the sdist's configure has no python/ build (the extension)")
            else:
                print("  CMake configures and generates the sdist alone "
                      f"({' '.join(f'-D{k}={v}' for k, v in defines.items())})")
        for f in failed:
            print("FAIL:", f)
        print("python_sdist:", "FAIL" if failed else "ok")
        return 1 if failed else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

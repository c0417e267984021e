#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Install the build into a temporary prefix, then build and run the quickstart example
against it with find_package(keccakforge) (shared and static) and with pkg-config."""
import os, shutil, subprocess, sys, tempfile

build, src = sys.argv[1], sys.argv[2]
example = os.path.join(src, "examples", "quickstart.c")
passed = failed = skipped = 0


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def check(name, fn):
    global passed, failed
    try:
        out = fn()
        assert "sha3-256(abc) = 3a985da7" in out, out
        passed += 1
        print("ok  ", name)
    except Exception as e:  # report and go on
        failed += 1
        detail = getattr(e, "stderr", "") or ""
        print("FAIL", name, e, detail[-2000:])


with tempfile.TemporaryDirectory() as tmp:
    prefix = os.path.join(tmp, "prefix")
    run(["cmake", "--install", build, "--prefix", prefix])
    cb = os.path.join(tmp, "consumer")

    def cmake_consumer(target):
        def go():
            if not os.path.exists(os.path.join(cb, "CMakeCache.txt")):
                run(["cmake", "-S", os.path.join(src, "tests", "install_consumer"), "-B", cb,
                     "-DCMAKE_PREFIX_PATH=" + prefix, "-DEXAMPLE=" + example])
                run(["cmake", "--build", cb])
            env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(prefix, "lib"))
            return run([os.path.join(cb, target)], env=env)
        return go

    check("find_package(keccakforge) shared", cmake_consumer("consumer_shared"))
    check("find_package(keccakforge) static", cmake_consumer("consumer_static"))

    if shutil.which("pkg-config"):
        def pc():
            libdirs = [d for d in ("lib", "lib64", "lib/x86_64-linux-gnu") if os.path.isdir(os.path.join(prefix, d))]
            env = dict(os.environ, PKG_CONFIG_PATH=":".join(os.path.join(prefix, d, "pkgconfig") for d in libdirs))
            flags = run(["pkg-config", "--cflags", "--libs", "keccakforge"], env=env).split()
            exe = os.path.join(tmp, "pc_example")
            run([os.environ.get("CC", "cc"), example, "-o", exe] + flags)
            env["LD_LIBRARY_PATH"] = ":".join(os.path.join(prefix, d) for d in libdirs)
            return run([exe], env=env)
        check("pkg-config keccakforge", pc)

        def pc_rpath():
            # the README's install section as written: PKG_CONFIG_PATH and an rpath from libdir,
            # no LD_LIBRARY_PATH
            libdirs = [d for d in ("lib", "lib64", "lib/x86_64-linux-gnu") if os.path.isdir(os.path.join(prefix, d))]
            env = dict(os.environ, PKG_CONFIG_PATH=":".join(os.path.join(prefix, d, "pkgconfig") for d in libdirs))
            env.pop("LD_LIBRARY_PATH", None)
            flags = run(["pkg-config", "--cflags", "--libs", "keccakforge"], env=env).split()
            libdir = run(["pkg-config", "--variable=libdir", "keccakforge"], env=env).strip()
            exe = os.path.join(tmp, "pc_rpath_example")
            run([os.environ.get("CC", "cc"), example, "-o", exe] + flags + ["-Wl,-rpath," + libdir])
            return run([exe], env=env)
        check("pkg-config keccakforge with the README's rpath", pc_rpath)
    else:
        skipped += 1
        print("skip pkg-config keccakforge (pkg-config not installed)")

print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed else 0)

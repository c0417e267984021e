# SPDX-License-Identifier: Apache-2.0 OR MIT
"""vl_objcache.py - Verilator's OBJCACHE for the hw/ tests, a small ccache: every Verilator build
of a test compiled Verilator's own runtime again (verilated.cpp, verilated_vpi.cpp,
verilated_threads.cpp, verilated_dpi.cpp: ~28 s of CPU per build here, more than most designs'
own code), and tests of the same design (mlkem_top, mlkem_axil, the sponge) the same model again.

verilated.mk runs `$(OBJCACHE) $(CXX) <flags> -c -o X.o <source>`; with OBJCACHE set to
`python3 vl_objcache.py` (run.py does that for the cocotb benches, with KF_VL_OBJCACHE naming a directory
inside the build tree) the object is looked up by a key over the whole command line, the
compiler's identity (its --version), and the names and contents of the source and of every file
the preprocessor reads for it (`-M`: so another Verilator, compiler, flag, or generated model is
a miss). A miss compiles and stores the object and its -MMD dependency file (each written
atomically, so tests running at once at most compile the same file twice).
"""
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile


def run(cmd):
    return subprocess.call(cmd)


def main():
    cmd = sys.argv[1:]
    cache = os.environ.get("KF_VL_OBJCACHE")
    if not cmd or not cache or "-c" not in cmd or "-o" not in cmd:
        return run(cmd)
    out = cmd[cmd.index("-o") + 1]
    srcs = [a for a in cmd[1:] if a.endswith((".cpp", ".cc", ".c")) and os.path.isfile(a)]
    if len(srcs) != 1:
        return run(cmd)
    # the headers it reads: the preprocessor's dependency list (-M, no output)
    pre = [a for a in cmd if a not in ("-MMD", "-MD", "-MP")]
    i = pre.index("-o")
    pre = pre[:i] + pre[i + 2:]
    pre = [a for a in pre if a != "-c"] + ["-M"]
    r = subprocess.run(pre, capture_output=True, text=True)
    if r.returncode:
        return run(cmd)
    deps = r.stdout.replace("\\\n", " ").split(":", 1)[-1].split()
    h = hashlib.sha256()
    h.update("\0".join(cmd).encode())
    h.update(subprocess.run([cmd[0], "--version"], capture_output=True).stdout)
    for d in sorted(set(deps)):
        h.update(d.encode() + b"\0")
        with open(d, "rb") as f:
            h.update(hashlib.sha256(f.read()).digest())
    key = h.hexdigest()[:32]
    dep_out = os.path.splitext(out)[0] + ".d"
    obj_c, dep_c = os.path.join(cache, key + ".o"), os.path.join(cache, key + ".d")
    if os.path.exists(obj_c) and os.path.exists(dep_c):
        shutil.copyfile(obj_c, out)
        shutil.copyfile(dep_c, dep_out)
        return 0
    rc = run(cmd)
    if rc == 0 and os.path.exists(out):
        os.makedirs(cache, exist_ok=True)
        for src, dst in ((out, obj_c), (dep_out, dep_c)):
            if not os.path.exists(src):
                continue
            fd, tmp = tempfile.mkstemp(dir=cache)
            os.close(fd)
            shutil.copyfile(src, tmp)
            os.replace(tmp, dst)
    return rc


if __name__ == "__main__":
    sys.exit(main())

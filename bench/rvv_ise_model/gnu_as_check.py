# SPDX-License-Identifier: Apache-2.0 OR MIT
"""gnu_as_check.py - GNU as and the model's encoder (rvv_encoding.py) must produce the same
words, bit for bit, for the seed's programs (Algorithm 2, Algorithm 3, the 32-bit program)
and for a program that uses every other standard encoding the model defines (except Zvbb,
which binutils 2.40 does not assemble).

GNU as gets rvv_encoding.gnu_as_text(program): the standard instructions as RVV 1.0 / RV32I
mnemonics (GNU as encodes those itself), the custom ones as `.insn r` with their field
values (GNU as packs the fields: this checks the layout, not the choice of funct6).

  python3 gnu_as_check.py [--as riscv64-linux-gnu-as] [--objcopy ...] [--keep DIR]
Exit 0 all equal, 1 a difference (printed word by word), 77 skipped (no assembler: package
binutils-riscv64-linux-gnu, pulled in by gcc-riscv64-linux-gnu in .ci/deps/10-cross.sh).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import rvv_encoding as E  # noqa: E402

SEED = ("alg2_e64_m1", "alg3_e64_m8", "e32_m8")

# every standard (non-Zvbb) form the encoder knows, beside the scalar ones, once
COVERAGE = """
start:
        vsetvli t0, a0, e32, m2, ta, ma
        vsetvli x0, s5, e64, m8, tu, mu
        vsetvli s3, x0, e64, m4, ta, mu
        vxor.vv v1, v2, v3
        vxor.vx v31, v30, t6
        vxor.vi v4, v5, -16
        vxor.vi v4, v5, 15
        vand.vv v8, v16, v24
        vor.vv v0, v31, v1
        vsll.vv v7, v6, v5
        vsll.vx v7, v6, a7
        vsll.vi v7, v6, 31
        vsrl.vv v9, v10, v11
        vsrl.vx v9, v10, s11
        vsrl.vi v9, v10, 0
        vmv.v.v v12, v13
        vle64.v v8, (a0)
        vle32.v v16, (s2)
        vse64.v v0, (t3)
        vse32.v v31, (a1)
middle:
        addi s3, s3, -2048
        addi t0, x0, 2047
        li a5, -1
        mv s4, s5
        blt s3, s4, start
        bne s3, x0, middle
        bge a0, a1, end
        beq t1, t2, start
        j start
        vslidedownm.vi v10, v5, 4
        vslideupm.vi v6, v5, 0
        vrotup.vi v7, v7, 63
        vrotup.vi v7, v7, 31
        vrotup.vi v7, v7, 32
        v64rho.vi v0, v0, -1
        v64rho.vi v31, v1, 4
        vpi.vi v8, v0, -1
        vpi.vi v27, v3, 0
        v32lrotup.vi v8, v23, v7
        v32hrotup.vi v24, v23, v7
        v32lrho.vi v8, v16, v0
        v32hrho.vi v24, v16, v0
        viota.vx v0, v0, s3
        viota.vx v16, v17, t6
        vrhopi.vi v8, v0, 2
        vchi.vv v0, v8
        vtheta.vv v0, v8
        viota8.vx v0, v8, a0
        vkeccak.vx v0, v0, s3
end:
"""


def assemble_gnu(text, as_exe, objcopy, tmp, name):
    src = os.path.join(tmp, name + ".s")
    obj = os.path.join(tmp, name + ".o")
    binf = os.path.join(tmp, name + ".bin")
    with open(src, "w") as f:
        f.write(E.gnu_as_text(text))
    subprocess.run([as_exe, "-march=rv32imv", "-mabi=ilp32", "-mno-relax", src, "-o", obj], check=True)
    subprocess.run([objcopy, "-O", "binary", "-j", ".text", obj, binf], check=True)
    data = open(binf, "rb").read()
    return [int.from_bytes(data[k:k + 4], "little") for k in range(0, len(data), 4)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--as", dest="as_exe", default="riscv64-linux-gnu-as")
    ap.add_argument("--objcopy", default="riscv64-linux-gnu-objcopy")
    ap.add_argument("--keep", default=None, help="keep the .s/.o/.bin files in this directory")
    a = ap.parse_args()
    if not shutil.which(a.as_exe) or not shutil.which(a.objcopy):
        print(f"SKIPPED: {a.as_exe} / {a.objcopy} not installed (Debian: binutils-riscv64-linux-gnu)")
        return 77
    version = subprocess.run([a.as_exe, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    print(f"assembler: {version}")
    tmp = a.keep or tempfile.mkdtemp(prefix="kf-rvv-as-")
    os.makedirs(tmp, exist_ok=True)
    programs = [(n, open(os.path.join(HERE, "programs", n + ".s")).read()) for n in SEED]
    programs.append(("coverage", COVERAGE))
    bad = 0
    for name, text in programs:
        mine, _ = E.assemble(text)
        theirs = assemble_gnu(text, a.as_exe, a.objcopy, tmp, name)
        lines = [ln for ln in E.gnu_as_text(text).splitlines() if ln.startswith("\t")]
        diff = [(k, m, t) for k, (m, t) in enumerate(zip(mine, theirs)) if m != t]
        if len(mine) != len(theirs):
            print(f"{name}: {len(mine)} words from the model, {len(theirs)} from GNU as")
            bad += 1
        elif diff:
            bad += 1
            for k, m, t in diff:
                print(f"{name} word {k}: model {m:08x}, GNU as {t:08x}   {lines[k].strip()}")
        else:
            print(f"{name}: {len(mine)} words, identical")
    if not a.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    print("FAILED" if bad else "all identical")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: Apache-2.0 OR MIT
"""lint_rvv.py - hw/rtl/rvv: rvv_tables.vh up to date with its sources (gen_rvv_tables.py
--check), `verilator --lint-only -Wall` clean for ELEN 64/32 x EleNum 5/15/30 (the unit, and the
processor rvv_soc.v with rv32i_core.v; EleNum 5 also with ZVBB = 1 and SEED_ROT = 0; the ULX3S
board top ulx3s_rvv.v, ELEN 64 and 32), and yosys
reads them, checks the hierarchy and, after proc and flatten, `check -assert`s that no signal has
two drivers (when yosys is there). Exit 77 without verilator."""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RTL = os.path.normpath(os.path.join(HERE, "..", "..", "rtl", "rvv"))
SRC = os.path.join(RTL, "rvv_unit.v")
SOC = [os.path.join(RTL, f) for f in ("rvv_soc.v", "rv32i_core.v", "rvv_unit.v")]
BOARD = [os.path.join(RTL, "..", f) for f in ("bus/rvv_axil.v", "board/uart_rx.v", "board/uart_tx.v",
                                               "board/uart_axil_bridge.v", "board/ulx3s_rvv.v")]
CONFIGS = [(e, n) for e in (64, 32) for n in (5, 15, 30)]


def main():
    bad = 0
    r = subprocess.run([sys.executable, os.path.join(RTL, "gen_rvv_tables.py"), "--check"],
                       capture_output=True, text=True)
    print(r.stdout.strip() or r.stderr.strip())
    bad += r.returncode != 0
    if not shutil.which("verilator"):
        print("SKIPPED: verilator not installed")
        return 1 if bad else 77
    for elen, elenum in CONFIGS:
        for top, srcs in (("rvv_unit", [SRC]), ("rvv_soc", SOC)):
            r = subprocess.run(["verilator", "--lint-only", "-Wall", f"-GELEN={elen}", f"-GELENUM={elenum}",
                                f"-I{RTL}", "--top-module", top] + srcs, capture_output=True, text=True)
            ok = r.returncode == 0 and not r.stderr.strip()
            print(f"verilator --lint-only -Wall {top} -GELEN={elen} -GELENUM={elenum}: "
                  + ("clean" if ok else "WARNINGS"))
            if not ok:
                print(r.stderr)
                bad += 1
    # the beyond-the-paper builds: Zvbb in (ZVBB = 1), and the seed's rotates out (SEED_ROT = 0)
    for elen, extra in ((64, ["-GZVBB=1"]), (32, ["-GZVBB=1"]), (64, ["-GZVBB=1", "-GSEED_ROT=0"]),
                        (64, ["-GSEED_ROT=0"])):
        r = subprocess.run(["verilator", "--lint-only", "-Wall", f"-GELEN={elen}", "-GELENUM=5", f"-I{RTL}",
                            "--top-module", "rvv_soc"] + extra + SOC, capture_output=True, text=True)
        ok = r.returncode == 0 and not r.stderr.strip()
        print(f"verilator --lint-only -Wall rvv_soc -GELEN={elen} -GELENUM=5 {' '.join(extra)}: "
              + ("clean" if ok else "WARNINGS"))
        if not ok:
            print(r.stderr)
            bad += 1
    r = subprocess.run(["verilator", "--lint-only", "-Wall", os.path.join(RTL, "rv32i_core.v")],
                       capture_output=True, text=True)
    ok = r.returncode == 0 and not r.stderr.strip()
    print("verilator --lint-only -Wall rv32i_core: " + ("clean" if ok else "WARNINGS"))
    if not ok:
        print(r.stderr)
        bad += 1
    # the processor's ULX3S board top (rtl/board/ulx3s_rvv.v: the serial bridge, rvv_axil, rvv_soc)
    for elen in (64, 32):
        r = subprocess.run(["verilator", "--lint-only", "-Wall", f"-GELEN={elen}", f"-I{RTL}", "--top-module",
                            "ulx3s_rvv"] + BOARD + SOC, capture_output=True, text=True)
        ok = r.returncode == 0 and not r.stderr.strip()
        print(f"verilator --lint-only -Wall ulx3s_rvv -GELEN={elen}: " + ("clean" if ok else "WARNINGS"))
        if not ok:
            print(r.stderr)
            bad += 1
    if shutil.which("yosys"):
        r = subprocess.run(["yosys", "-q", "-p", f"read_verilog -I{RTL} {' '.join(BOARD + SOC)}; "
                            "hierarchy -check -top ulx3s_rvv; proc; flatten; check -assert"],
                           capture_output=True, text=True)
        print("yosys read_verilog + hierarchy -check + proc; flatten; check -assert (ulx3s_rvv): "
              + ("ok" if r.returncode == 0 else "FAILED"))
        if r.returncode != 0:
            print(r.stdout[-2000:], r.stderr[-2000:])
            bad += 1
        for elen, elenum in ((64, 5), (32, 30)):
            r = subprocess.run(["yosys", "-q", "-p", f"read_verilog -I{RTL} {' '.join(SOC)}; chparam -set ELEN {elen} "
                                f"-set ELENUM {elenum} rvv_soc; hierarchy -check -top rvv_soc; proc; flatten; check -assert"],
                               capture_output=True, text=True)
            print(f"yosys read_verilog + hierarchy -check + proc; flatten; check -assert (ELEN {elen}, EleNum {elenum}): "
                  + ("ok" if r.returncode == 0 else "FAILED"))
            if r.returncode != 0:
                print(r.stdout[-2000:], r.stderr[-2000:])
                bad += 1
    else:
        print("(yosys not installed: its parse check skipped)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

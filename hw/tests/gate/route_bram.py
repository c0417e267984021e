# SPDX-License-Identifier: Apache-2.0 OR MIT
"""route_bram.py - the block RAM and multiplier path of route_sim.py's post-route flow, which the
sponge does not use and mlkem_axil / the processor's board top need: route_bram.v (one DP16KD and
one MULT18X18D, each with pins tied to constants) synthesised by synth_ecp5, placed and routed by
nextpnr-ecp5 (ECP5-85) as route_lutram.py does, its routed netlist prepared by route_sim.prepare
(nextpnr's packer leaves a block's constant pins open and records them in <PIN>MUX parameters:
prepare ties them back and drops the parameters the models dp16kd_sim.v / mult18x18d_sim.v do not
declare), then simulated by Verilator beside the RTL (route_bram_tb.v: 4,000 random clocks, the
read word and the product compared). --mutate ties the two constant-1 data pins the packer folded
(the DP16KD's DIA15, the MULT18X18D's B1) low instead: both comparisons must then fail.

  python3 hw/tests/gate/route_bram.py [--work DIR] [--mutate]

Exit 0 passed (with --mutate: both outputs differed), 1 failed, 77 skipped (yosys, nextpnr-ecp5 or
Verilator >= 5.036 missing). Under a minute here: the design is ~130 cells.
"""
import argparse
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
import route_lutram  # noqa: E402

TOP = "route_bram"
# the constant pins the packer must have folded (the RTL's constants; route_bram.v's comment)
FOLDED = {"DP16KD": {"ADA2MUX": "0", "CSA0MUX": "INV", "RSTBMUX": "INV", "WEBMUX": "INV", "CEAMUX": "CEA",
                     "OCEBMUX": "OCEB", "DIA15MUX": "1"},
          "MULT18X18D": {"A12MUX": "0", "B17MUX": "0", "B1MUX": "1"}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=None, help="work directory (default ./hw-route-bram)")
    ap.add_argument("--mutate", action="store_true", help="tie the folded constant-1 data pins low: must fail")
    ap.add_argument("--yosys", default=shutil.which("yosys"))
    a = ap.parse_args()
    work = os.path.abspath(a.work or "hw-route-bram")

    def check(mod):
        blocks = {t: [c for c in mod["cells"].values() if c["type"] == t] for t in FOLDED}
        if any(len(v) != 1 for v in blocks.values()):
            return "expected one DP16KD and one MULT18X18D, found " + ", ".join(
                f"{len(v)} {t}" for t, v in blocks.items())
        # what the packer wrote (routed.json: prepare drops the MUX parameters) and what prepare tied
        import json
        with open(os.path.join(work, "routed.json")) as f:
            routed = json.load(f)
        rcells = next(iter(routed["modules"].values()))["cells"]
        for t, want in FOLDED.items():
            rc = next(c for c in rcells.values() if c["type"] == t)
            got = {k: rc["parameters"].get(k, "").rstrip(" ") for k in want}
            if got != want:
                return f"{t}: the packer's MUX parameters {got}, expected {want} (another nextpnr?)"
            pc = blocks[t][0]
            for k, v in want.items():
                pin = k[:-3]
                tied = "0" if v in ("0", "INV") else "1"
                if rc["connections"][pin] or pc["connections"][pin] != [tied]:
                    return f"{t}: pin {pin} routed {rc['connections'][pin]}, prepared {pc['connections'][pin]}"
            left = [k for k in pc["parameters"] if k.endswith("MUX") and k not in ("CLKAMUX", "CLKBMUX")]
            if left:
                return f"{t}: parameters the model does not take kept: {left}"
        return None

    def mutation(mod):
        for c in mod["cells"].values():
            if c["type"] == "DP16KD":
                c["connections"]["DIA15"] = ["0"]
            elif c["type"] == "MULT18X18D":
                c["connections"]["B1"] = ["0"]
        return "DP16KD DIA15 and MULT18X18D B1 (folded constant 1s) tied 0"
    rc, out = route_lutram.route_and_compare(TOP, os.path.join(HERE, "route_bram.v"),
                                             os.path.join(HERE, "route_bram_tb.v"), work, a.yosys, check,
                                             mutation if a.mutate else None)
    if rc:
        return rc
    m = re.search(r"\((\d+) reads of a written word\), rd: (\d+) differ, p: (\d+) differ", out)
    if not m:
        print("FAILED: no result from the bench")
        return 1
    nz, bad_rd, bad_p = map(int, m.groups())
    if a.mutate:
        caught = bad_rd > 0 and bad_p > 0
        print("the mutant is caught in both outputs (as it must be)" if caught else
              "the MUTANT PASSED in " + " and ".join(n for n, b in (("rd", bad_rd), ("p", bad_p)) if not b))
        return 0 if caught else 1
    if nz < 1000:
        print(f"FAILED: only {nz} reads of a written word (the bench does not exercise the RAM)")
        return 1
    return 0 if bad_rd == 0 and bad_p == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

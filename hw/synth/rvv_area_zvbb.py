# SPDX-License-Identifier: Apache-2.0 OR MIT
"""rvv_area_zvbb.py - 7-series area of hw/rtl/rvv/rvv_unit.v built four ways, for the question
"do seed 003's custom rotates, or Zvbb's, pay for their area?" (hw/rtl/rvv/README.md, "Zvbb"):

  backend              parameters             the fastest program it runs (cycles per round)
  rvv_unit-seed        ZVBB=0 SEED_ROT=1      Algorithm 3 (75): the seed's unit
  rvv_unit-zvbb        ZVBB=1 SEED_ROT=1      zvbb_e64_m8 (69): the seed's unit plus Zvbb
  rvv_unit-zvbb-norot  ZVBB=1 SEED_ROT=0      zvbb_e64_m8 (69): Zvbb instead of the custom rotates
  rvv_unit-norot       ZVBB=0 SEED_ROT=0      rvv10_e64_m8 (103): RVV 1.0 shifts, slides/vpi/viota only

Same flow and counting as hw/synth/rvv_area.py (yosys `synth_xilinx -family xc7 -flatten`;
LUTs = LUT1..LUT6 + the LUTs of distributed RAM), all four in one run of one yosys on one
RTL, so that the differences are the instructions' and not the tools'. Minutes per build.

  python3 hw/synth/rvv_area_zvbb.py [--configs 64x5] [--variants seed,zvbb,...] [--work DIR]
                                    [--results hw/rvv_results_zvbb.tsv] [--tsv FILE]
--results updates the committed results file (lines "name<TAB>backend<TAB>unit<TAB>value<TAB>
measured (UTC)<TAB>how", the format of hw/rvv_results.tsv; records hdl-unit-e<ELEN>-n<EleNum>
with the backends above, units LUTs and FFs) after each build; hw/tests/rvv/bench_rvv.py reads
it. Exit 0, or 77 without yosys.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RTL = os.path.normpath(os.path.join(HERE, "..", "rtl", "rvv"))
sys.path.insert(0, HERE)
from rvv_area import stat_xc7, update_results  # noqa: E402  (one synthesis flow and results writer)

VARIANTS = {
    "seed": {"ZVBB": 0, "SEED_ROT": 1},
    "zvbb": {"ZVBB": 1, "SEED_ROT": 1},
    "zvbb-norot": {"ZVBB": 1, "SEED_ROT": 0},
    "norot": {"ZVBB": 0, "SEED_ROT": 0},
}
HEADER = """\
# SPDX-License-Identifier: Apache-2.0 OR MIT
# hw/rvv_results_zvbb.tsv - 7-series area of rvv_unit built with and without Zvbb and the seed's
# custom rotates (hw/synth/rvv_area_zvbb.py --results; read by hw/tests/rvv/bench_rvv.py).
# The format of hw/rvv_results.tsv: name<TAB>backend<TAB>unit<TAB>value<TAB>measured (UTC)<TAB>how.
# Readers use the first four fields; '#' lines and blank lines are comments.
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--configs", default="64x5")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--work", default=None)
    ap.add_argument("--results", default=None)
    ap.add_argument("--tsv", default=None)
    a = ap.parse_args()
    if not shutil.which("yosys"):
        print("SKIPPED: yosys not installed")
        return 77
    work = a.work or tempfile.mkdtemp(prefix="kf-rvv-zvbb-synth-")
    os.makedirs(work, exist_ok=True)
    ver = subprocess.run(["yosys", "-V"], capture_output=True, text=True).stdout.strip()
    print(f"rvv_unit variants, 7-series ({ver}, synth_xilinx -family xc7 -flatten; LUT = LUT1..LUT6 + LUTRAM)")
    print(f"  {'ELEN':>4} {'EleNum':>6} {'backend':<20} {'LUTs':>8} {'(LUTRAM)':>8} {'FFs':>6} {'MUXF':>6} "
          f"{'CARRY4':>6} {'s':>5}")
    recs = []
    for cfg in a.configs.split(","):
        elen, elenum = (int(v) for v in cfg.split("x"))
        for v in a.variants.split(","):
            params = VARIANTS[v]
            t0 = time.time()
            luts, lutram, ffs, muxes, carry = stat_xc7(elen, elenum, work, params=params)
            dt = time.time() - t0
            backend = "rvv_unit-" + v
            print(f"  {elen:>4} {elenum:>6} {backend:<20} {luts:>8,} {lutram:>8,} {ffs:>6,} {muxes:>6,} {carry:>6,} "
                  f"{dt:>5.0f}", flush=True)
            new = [(f"hdl-unit-e{elen}-n{elenum}", backend, "LUTs", luts),
                   (f"hdl-unit-e{elen}-n{elenum}", backend, "FFs", ffs)]
            recs += new
            if a.results:
                update_results(a.results, new,
                               f"{ver.split(' (')[0]} synth_xilinx -family xc7 -flatten, rvv_area_zvbb.py "
                               f"({' '.join(f'{k}={x}' for k, x in params.items())}), {dt:.0f} s; {lutram} LUTRAM, "
                               f"{muxes} MUXF, {carry} CARRY4", header=HEADER)
    if a.tsv:
        with open(a.tsv, "w") as f:
            for r in recs:
                f.write("\t".join(map(str, r)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

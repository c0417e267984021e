# SPDX-License-Identifier: Apache-2.0 OR MIT
"""rvv_area.py - 7-series resources of hw/rtl/rvv/rvv_unit.v (yosys `synth_xilinx -family xc7
-flatten`), per (ELEN, EleNum) configuration, and of the scalar core rv32i_core.v (--core).
LUTs = logic LUTs (LUT1..LUT6) + the LUTs of distributed RAM (RAM32M / RAM64M: 4 each,
RAM32X1D / RAM64X1D: 2, RAM32X1S / RAM64X1S / RAM128X1S: 1 ...: what a SLICEM gives for them),
shown apart as well; FF = FD*. Slow for the big configurations (minutes each): a bench step,
not a ctest.

  python3 hw/synth/rvv_area.py [--configs 64x5,32x30,...] [--core] [--tsv FILE] [--work DIR]
                               [--results hw/rvv_results.tsv]
--tsv writes records "name<TAB>backend<TAB>unit<TAB>value" as `kforge bench` reads them:
hdl-unit-e<ELEN>-n<EleNum> in units LUTs and FFs (issue 38's names), hdl-core-rv32i.
--results updates the committed results file (RESULTS_FORMAT below) after each configuration,
so a long run keeps what it finished. Exit 0, or 77 without yosys.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RTL = os.path.normpath(os.path.join(HERE, "..", "rtl", "rvv"))
CONFIGS = "64x5,32x5,64x15,32x15,64x30,32x30"


LUTRAM_LUTS = {"RAM32M": 4, "RAM64M": 4, "RAM32M16": 8, "RAM64M8": 8, "RAM32X1D": 2, "RAM64X1D": 2,
               "RAM128X1D": 4, "RAM32X1S": 1, "RAM64X1S": 1, "RAM128X1S": 2, "RAM256X1S": 4,
               "RAM32X2S": 2}


RESULTS_FORMAT = """\
# SPDX-License-Identifier: Apache-2.0 OR MIT
# hw/rvv_results.tsv - measured area and Fmax of seed 003's vector unit (hw/rtl/rvv), issue 38's
# record names; written by hw/synth/rvv_area.py --results and hw/synth/rvv_fmax.py --results
# (one line per name/backend/unit, replaced when measured again), read by the benches.
# Lines: name<TAB>backend<TAB>unit<TAB>value<TAB>measured (UTC)<TAB>how (tool, time, load).
# Readers use the first four fields; '#' lines and blank lines are comments.
"""


def update_results(path, recs, how, header=RESULTS_FORMAT):
    """Put records (name, backend, unit, value) into the results file, replacing equal keys; a
    new file starts with header."""
    when = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    try:
        load = "load %.1f" % os.getloadavg()[0]
    except OSError:
        load = "load ?"
    lines = open(path).read().splitlines() if os.path.exists(path) else header.splitlines()
    keys = {tuple(map(str, r[:3])) for r in recs}
    out = [ln for ln in lines if ln.startswith("#") or not ln.strip() or tuple(ln.split("\t")[:3]) not in keys]
    for r in recs:
        out.append("\t".join(map(str, r)) + f"\t{when}\t{how}; {load}")
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(out) + "\n")
    os.replace(path + ".tmp", path)


def stat_xc7(elen, elenum, work, top="rvv_unit", params=None):
    """(LUTs incl. LUTRAM, LUTRAM, FFs, MUXF, CARRY4) of top; params: more parameters to set
    (e.g. ZVBB, SEED_ROT), also named in the log file's name."""
    params = params or {}
    chp = "".join(f" -set {k} {v}" for k, v in sorted(params.items()))
    tag = "".join(f"_{k.lower()}{v}" for k, v in sorted(params.items()))
    log = os.path.join(work, f"xc7_{top}_e{elen}_n{elenum}{tag}.log")
    if top in ("rvv_unit", "rvv_soc"):
        files = ["rvv_unit.v"] + (["rv32i_core.v", "rvv_soc.v"] if top == "rvv_soc" else [])
        script = (f"read_verilog -I{RTL} {' '.join(os.path.join(RTL, f) for f in files)}; "
                  f"chparam -set ELEN {elen} -set ELENUM {elenum}{chp} {top}; "
                  f"synth_xilinx -family xc7 -flatten -top {top}; stat")
    else:
        script = (f"read_verilog {os.path.join(RTL, 'rv32i_core.v')}; "
                  "synth_xilinx -family xc7 -flatten -top rv32i_core; stat")
    r = subprocess.run(["yosys", "-q", "-l", log, "-p", script], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise RuntimeError(r.stderr[-2000:])
    text = open(log).read()
    text = text[text.rindex("Printing statistics"):]
    cells = {m.group(2): int(m.group(1)) for m in re.finditer(r"^\s+(\d+)\s+(?:[\d.]+\s+)?(\w+)\s*$", text, re.M)}
    if not cells:   # older yosys: "name count"
        cells = {m.group(1): int(m.group(2)) for m in re.finditer(r"^\s+(\w+)\s+(\d+)\s*$", text, re.M)}
    luts = sum(v for k, v in cells.items() if re.fullmatch(r"LUT\d(_2)?", k))
    lutram = sum(v * LUTRAM_LUTS[k] for k, v in cells.items() if k in LUTRAM_LUTS)
    unknown = [k for k in cells if k.startswith("RAM") and not k.startswith("RAMB") and k not in LUTRAM_LUTS]
    if unknown:
        raise RuntimeError(f"RAM cells without a LUT count: {unknown}")
    ffs = sum(v for k, v in cells.items() if re.fullmatch(r"FD[A-Z]*", k))
    stat_xc7.bram36 = sum(v for k, v in cells.items() if k.startswith("RAMB36")) + \
        sum(v for k, v in cells.items() if k.startswith("RAMB18")) / 2
    muxes = sum(v for k, v in cells.items() if k.startswith("MUXF"))
    carry = sum(v for k, v in cells.items() if k.startswith("CARRY"))
    return luts + lutram, lutram, ffs, muxes, carry


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--configs", default=CONFIGS)
    ap.add_argument("--tsv", default=None)
    ap.add_argument("--work", default=None)
    ap.add_argument("--core", action="store_true", help="also the scalar core rv32i_core.v")
    ap.add_argument("--soc", default="", help="also the processor rvv_soc.v (core + unit + memories in block "
                    "RAM) for these configurations, e.g. 64x5")
    ap.add_argument("--results", default=None, help="update this results file (hw/rvv_results.tsv) per configuration")
    a = ap.parse_args()
    if not shutil.which("yosys"):
        print("SKIPPED: yosys not installed")
        return 77
    work = a.work or tempfile.mkdtemp(prefix="kf-rvv-synth-")
    os.makedirs(work, exist_ok=True)
    ver = subprocess.run(["yosys", "-V"], capture_output=True, text=True).stdout.strip()
    print(f"rvv_unit, 7-series ({ver}, synth_xilinx -family xc7 -flatten; LUT = LUT1..LUT6)")
    print(f"  {'ELEN':>4} {'EleNum':>6} {'LUTs':>8} {'(LUTRAM)':>8} {'FFs':>8} {'MUXF':>7} {'CARRY4':>7} {'s':>6}")
    recs = []
    for cfg in [c for c in a.configs.split(",") if c]:
        elen, elenum = (int(v) for v in cfg.split("x"))
        t0 = time.time()
        luts, lutram, ffs, muxes, carry = stat_xc7(elen, elenum, work)
        print(f"  {elen:>4} {elenum:>6} {luts:>8,} {lutram:>8,} {ffs:>8,} {muxes:>7,} {carry:>7,} "
              f"{time.time() - t0:>6.0f}", flush=True)
        new = [(f"hdl-unit-e{elen}-n{elenum}", "rvv_unit", "LUTs", luts),
               (f"hdl-unit-e{elen}-n{elenum}", "rvv_unit", "FFs", ffs)]
        recs += new
        if a.results:
            update_results(a.results, new, f"{ver.split(' (')[0]} synth_xilinx -family xc7 -flatten, rvv_area.py, "
                           f"{time.time() - t0:.0f} s; {lutram} LUTRAM, {muxes} MUXF, {carry} CARRY4")
    if a.core:
        t0 = time.time()
        luts, lutram, ffs, muxes, carry = stat_xc7(0, 0, work, top="rv32i_core")
        print(f"  rv32i_core  {luts:>8,} {lutram:>8,} {ffs:>8,} {muxes:>7,} {carry:>7,} {time.time() - t0:>6.0f}",
              flush=True)
        new = [("hdl-core-rv32i", "rv32i_core", "LUTs", luts), ("hdl-core-rv32i", "rv32i_core", "FFs", ffs)]
        recs += new
        if a.results:
            update_results(a.results, new, f"{ver.split(' (')[0]} synth_xilinx -family xc7 -flatten, rvv_area.py --core, "
                           f"{time.time() - t0:.0f} s; {lutram} LUTRAM")
    for cfg in [c for c in a.soc.split(",") if c]:
        elen, elenum = (int(v) for v in cfg.split("x"))
        t0 = time.time()
        luts, lutram, ffs, muxes, carry = stat_xc7(elen, elenum, work, top="rvv_soc")
        print(f"  rvv_soc {elen}x{elenum} {luts:>8,} {lutram:>8,} {ffs:>8,} {muxes:>7,} {carry:>7,} "
              f"{time.time() - t0:>6.0f}  ({stat_xc7.bram36:g} BRAM36: the memories)", flush=True)
        new = [(f"hdl-soc-e{elen}-n{elenum}", "rvv_soc", "LUTs", luts), (f"hdl-soc-e{elen}-n{elenum}", "rvv_soc", "FFs", ffs)]
        recs += new
        if a.results:
            update_results(a.results, new, f"{ver.split(' (')[0]} synth_xilinx -family xc7 -flatten, rvv_area.py --soc "
                           f"{cfg} (rv32i_core + rvv_unit + memories), {time.time() - t0:.0f} s; {lutram} LUTRAM, "
                           f"{stat_xc7.bram36:g} BRAM36")
    if a.tsv:
        with open(a.tsv, "w") as f:
            for r in recs:
                f.write("\t".join(map(str, r)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

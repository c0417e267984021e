# SPDX-License-Identifier: Apache-2.0 OR MIT
"""bench_rvv.py - issue 38's hardware figures of seed 003's processor (hw/rtl/rvv): cycles per
round and per permutation measured in simulation (the programs on rvv_soc, in lock step with
the model and checked against the library: test_rvv_core.py), and 7-series LUTs/FFs of the
unit and the core (hw/synth/rvv_area.py).

  python3 hw/tests/rvv/bench_rvv.py --lib build/libkeccakforge.so [--configs 64x5,32x5,...]
                                    [--no-area] [--tsv FILE] [--work DIR]
Records (issue 38's names), "name<TAB>backend<TAB>unit<TAB>value":
  hdl-<program>-sn<N>-round        rvv_soc   hdl-cycles   e.g. hdl-alg3-e64-m8-sn6-round
  hdl-<program>-sn<N>-permutation  rvv_soc   hdl-cycles   (nr = 24, vsetvli to the last blt)
  hdl-unit-e<ELEN>-n<EleNum>       rvv_unit  LUTs / FFs
  hdl-core-rv32i                   rv32i_core LUTs / FFs
Also importable: records(lib, configs, area, work, area_configs) -> (list of records, failures).
Icarus: EleNum 30 takes minutes per program (the lock step reads all registers at every
retired instruction); yosys: 1-4 minutes per configuration (RTL of 0b1ef21).

  python3 hw/tests/rvv/bench_rvv.py --rvv-ise [--quick] --lib build/libkeccakforge.so
                                    [--elenums 5,15,30] [--tsv FILE] [--work DIR]
`kforge bench --suite rvv-ise`'s hardware rows (tools/kforge/bench_rvv_ise.c runs this after
the model's report.py): every program of HDL_PROGRAMS (the seed's three, the model's RVV 1.0
and Zvbb variants) simulated on rvv_soc in lock step with the model, nr 24, EleNum 5, 15 and 30
(SN 1, 3 and 6; --quick: 5), beside the paper's and the model's figures; the area and Fmax records read from
the results files (RESULTS: hw/rvv_results.tsv, written by hw/synth/rvv_area.py and
rvv_fmax.py; hw/rvv_results_zvbb.tsv, by hw/synth/rvv_area_zvbb.py), "not measured" printed
for every expected figure that is not there; and the Zvbb table: cycles per round against
LUTs/FFs for the unit built with and without Zvbb and the seed's rotates, and whether each
pays for its area. No simulator or cocotb: the cycle rows say skipped, the area rows remain.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SYNTH = os.path.normpath(os.path.join(HERE, "..", "..", "synth", "rvv_area.py"))
DEFAULT = "64x5,32x5"


def records(lib, configs=DEFAULT, area=True, work=None, area_configs=None):
    """Cycles of `configs`; with `area`, LUTs/FFs of `area_configs` (default: the same configs)."""
    work = work or tempfile.mkdtemp(prefix="kf-rvv-bench-")
    os.makedirs(work, exist_ok=True)
    recs, failed = [], []
    report = os.path.join(work, "cycles.txt")
    if os.path.exists(report):
        os.remove(report)
    r = subprocess.run([sys.executable, os.path.join(HERE, "run_rvv.py"), "--bench", "core", "--configs", configs,
                        "--testcase", "programs_lockstep", "--build", os.path.join(work, "sim"),
                        "--env", f"RVV_REPORT={report}"] + (["--lib", lib] if lib else []),
                       capture_output=True, text=True)
    print("\n".join(ln for ln in r.stdout.splitlines() if ln.startswith(("rvv_soc", "all ", "FAILED", "SKIPPED"))))
    if r.returncode == 77:
        print("  rvv cycles: skipped (simulator or cocotb missing)")
    elif r.returncode != 0:
        failed.append("rvv cycles")
        print(r.stdout[-3000:], r.stderr[-2000:])
    if os.path.exists(report):
        with open(report) as f:
            for line in f:
                name, elenum, nr, per_round, perm = line.split()
                base = f"hdl-{name.replace('_', '-')}-sn{int(elenum) // 5}"
                recs.append((base + "-round", "rvv_soc", "hdl-cycles", int(per_round)))
                if int(nr) == 24:
                    recs.append((base + "-permutation", "rvv_soc", "hdl-cycles", int(perm)))
    if area:
        tsv = os.path.join(work, "area.tsv")
        r = subprocess.run([sys.executable, SYNTH, "--configs", area_configs or configs, "--core", "--tsv", tsv,
                            "--work", os.path.join(work, "synth")], capture_output=True, text=True)
        print(r.stdout.rstrip())
        if r.returncode == 0:
            with open(tsv) as f:
                for line in f:
                    n, b, u, v = line.rstrip("\n").split("\t")
                    recs.append((n, b, u, int(v)))
        elif r.returncode != 77:
            failed.append("rvv area")
            print(r.stderr[-2000:])
    return recs, failed


HW = os.path.normpath(os.path.join(HERE, "..", ".."))
MODEL = os.path.normpath(os.path.join(HW, "..", "bench", "rvv_ise_model"))
RESULTS = [os.path.join(HW, "rvv_results.tsv"), os.path.join(HW, "rvv_results_zvbb.tsv")]
# (program, ELEN, the unit's parameters it needs, what it is); the seed's, then beyond the paper
HDL_PROGRAMS = [
    ("alg2_e64_m1", 64, {}, "64-bit LMUL 1 (Algorithm 2)"),
    ("alg3_e64_m8", 64, {}, "64-bit LMUL 8 (Algorithm 3)"),
    ("e32_m8", 32, {}, "32-bit LMUL 8 (reconstructed)"),
    ("rvv10_e64_m8", 64, {}, "a0 RVV 1.0 shifts for the rotates"),
    ("zvbb_e64_m8", 64, {"ZVBB": 1}, "a  Zvbb vror/vrol/vandn"),
]
PAPER = {"alg2_e64_m1": (103, 2564), "alg3_e64_m8": (75, 1892), "e32_m8": (147, 3620)}
# the unit builds of hw/synth/rvv_area_zvbb.py: (backend, what, the program it runs fastest)
AREA_VARIANTS = [
    ("rvv_unit-norot", "RVV 1.0 + slides/vpi/viota (ZVBB=0 SEED_ROT=0)", "rvv10_e64_m8"),
    ("rvv_unit-seed", "the seed's unit (ZVBB=0 SEED_ROT=1)", "alg3_e64_m8"),
    ("rvv_unit-zvbb-norot", "Zvbb for the rotates (ZVBB=1 SEED_ROT=0)", "zvbb_e64_m8"),
    ("rvv_unit-zvbb", "the seed's unit + Zvbb (ZVBB=1 SEED_ROT=1)", "zvbb_e64_m8"),
]


# How far yosys's LUT count moves for the same logic: rvv_unit with ZVBB=1 SEED_ROT=1 before and
# after 9778872 (which only gated unreachable kinds by constant-1 parameters) mapped to 9,818 and
# 11,191 LUTs (yosys 0.23, 2026-11-24). Area ratios closer to 1 than this are marked as noise.
MAPPING_NOISE = 0.14


def read_results(paths=RESULTS):
    """{(name, backend, unit): (value, where)} from the results files; a missing file adds
    nothing (its figures are then "not measured")."""
    got = {}
    for path in paths:
        if not os.path.exists(path):
            continue
        with open(path) as f:
            for ln in f:
                if ln.startswith("#") or not ln.strip():
                    continue
                fields = ln.rstrip("\n").split("\t")
                if len(fields) < 4:
                    continue
                when = fields[4] if len(fields) > 4 else "?"
                got[tuple(fields[:3])] = (float(fields[3]), f"{os.path.basename(path)}, {when}")
    return got


def model_figures(name, elen, elenum, nr=24):
    """The model's cycles per round, its fitted latency, and its latency with the core's
    timing (what the processor must take from the program's vsetvli to the epilogue)."""
    sys.path.insert(0, MODEL)
    sys.path.append(os.path.join(MODEL, "..", "cortexm_model"))
    import rvv_ise as R
    prog = R.load_program(os.path.join(MODEL, "programs", name + ".s"))
    states = [[(0x9E3779B97F4A7C15 * (25 * i + k + 1)) & (2 ** 64 - 1) for k in range(25)] for i in range(elenum // 5)]
    _, run, _ = R.permute(prog, elenum, elen, states, nr)
    c = run.round_cycles[0]
    return c, R.latency(c, nr), R.core_permutation_cycles(prog, c, nr)


def simulate(lib, elenums, work):
    """Run the programs on rvv_soc (run_rvv.py --bench core, lock step with the model, nr 24),
    grouped by the unit build they need. Returns ({(program, elenum): (round, permutation)},
    status "ok" / "skipped: why" / "FAILED")."""
    groups = {}
    for name, elen, params, _ in HDL_PROGRAMS:
        groups.setdefault((elen, tuple(sorted(params.items()))), []).append(name)
    got, status = {}, "ok"
    for (elen, params), names in groups.items():
        tag = "".join(f"-{k.lower()}{v}" for k, v in params)
        report = os.path.join(work, f"cycles-e{elen}{tag}.txt")
        if os.path.exists(report):
            os.remove(report)
        cmd = [sys.executable, os.path.join(HERE, "run_rvv.py"), "--bench", "core",
               "--configs", ",".join(f"{elen}x{n}" for n in elenums), "--testcase", "programs_lockstep",
               "--build", os.path.join(work, "sim"), "--env", f"RVV_REPORT={report}",
               "--env", "RVV_PROGRAMS=" + ",".join(names), "--env", "RVV_NRS=24"]
        cmd += [f"--param={k}={v}" for k, v in params] + (["--lib", lib] if lib else [])
        t0 = time.time()
        r = subprocess.run(cmd, capture_output=True, text=True)
        for ln in r.stdout.splitlines():
            if ln.startswith(("rvv_soc", "FAILED", "SKIPPED")):
                print("    " + ln)
        if r.returncode == 77:
            return got, "skipped: " + (r.stdout.strip().splitlines() or ["simulator or cocotb missing"])[-1]
        if r.returncode != 0:
            print(r.stdout[-3000:], r.stderr[-2000:])
            status = "FAILED"
        print(f"    ({', '.join(names)}: {time.time() - t0:.0f} s)")
        if os.path.exists(report):
            with open(report) as f:
                for line in f:
                    name, elenum, nr, per_round, perm = line.split()
                    if int(nr) == 24:
                        got[(name, int(elenum))] = (int(per_round), int(perm))
    return got, status


# EleNum of the rvv-ise rows: SN = EleNum / 5 states at once, 1, 3 and 6 (issue 55 item 5; --quick: SN 1)
RVV_ISE_ELENUMS = (5, 15, 30)
RVV_ISE_ELENUMS_QUICK = (5,)


def rvv_ise(lib, quick, elenums, work, sim=True):
    """kforge bench --suite rvv-ise's hardware rows: prints the tables, returns (records, failed)."""
    work = work or tempfile.mkdtemp(prefix="kf-rvv-ise-hdl-")
    os.makedirs(work, exist_ok=True)
    recs, failed = [], False
    if lib and not os.path.exists(lib):
        lib = None
    print()
    print("Hardware: the programs on hw/rtl/rvv (rv32i_core + rvv_unit, Icarus), in lock step with the model at every")
    print("retired instruction, nr 24, states equal to " + ("the C library's Keccak-p" if lib else
                                                        "bench/cortexm_model/keccak_ref.py (no library given)") + ":")
    sims, status = simulate(lib, elenums, work) if sim else ({}, "skipped: --no-sim")
    failed = status == "FAILED"
    if status.startswith("skipped"):
        print(f"    cycles: {status}")
    print(f"  {'program':36} {'SN':>2} {'cycles/round':^26} {'cycles/permutation':^38}")
    print(f"  {'':36} {'':>2} {'paper':>8} {'model':>8} {'hdl':>8} {'paper':>8} {'model':>8} {'model*':>8} {'hdl':>10}")
    for name, elen, params, what in HDL_PROGRAMS:
        for n in elenums:
            c, lat, core = model_figures(name, elen, n)
            p_round, p_lat = PAPER.get(name, ("-", "-"))
            h = sims.get((name, n))
            hr, hp = (h if h else ("not measured", ""))
            print(f"  {what:36} {n // 5:>2} {p_round:>8} {c:>8} {hr:>8} {p_lat:>8} {lat:>8} {core:>8} {hp:>10}")
            if h:
                base = f"hdl-{name.replace('_', '-')}-sn{n // 5}"
                backend = "rvv_soc" + "".join(f"-{k.lower()}" for k in sorted(params))
                recs += [(base + "-round", backend, "hdl-cycles", h[0]), (base + "-permutation", backend, "hdl-cycles", h[1])]
                if h[0] != c or h[1] != core:
                    print(f"    MISMATCH: {name} SN {n // 5}: hardware {h}, model {c} / {core}")
                    failed = True
    print("  model = the model's cost rule with its fitted overhead (24 x round + 92); model* = the model with the core's")
    print("  scalar timing (vsetvli, set-up, 24 rounds, the loop's addi/blt), which the hardware must equal exactly.")
    if quick:
        print("  (--quick: EleNum 5 only; the full run adds EleNum 15 and 30, minutes of Icarus)")

    res = read_results()
    print()
    print("Area and Fmax of the unit (measured by hw/synth/rvv_area.py, rvv_fmax.py, rvv_area_zvbb.py into " +
          ", ".join(os.path.relpath(p, os.path.join(HW, "..")) for p in RESULTS) + "):")
    print(f"  {'record':24} {'backend':20} {'unit':5} {'value':>14}  source")
    want = [(f"hdl-unit-e{e}-n{n}", "rvv_unit", u) for e in (64, 32) for n in (5, 15, 30) for u in ("LUTs", "FFs")]
    want += [("hdl-core-rv32i", "rv32i_core", "LUTs"), ("hdl-core-rv32i", "rv32i_core", "FFs")]
    # the Fmax of the unit alone and of the whole processor (rvv_fmax.py --target unit / soc)
    fmax = []
    for name in ("hdl-unit-e64-n5-fmax", "hdl-soc-e64-n5-fmax"):
        fmax += [k for k in res if k[0] == name] or [(name, "ecp5-85k-nextpnr", "MHz")]
    variants = [(f"hdl-unit-e64-n5", v, u) for v, _, _ in AREA_VARIANTS for u in ("LUTs", "FFs")]
    others = sorted(k for k in res if k not in want + fmax + variants)
    for key in want + fmax + variants + others:
        if key in res:
            v, where = res[key]
            print(f"  {key[0]:24} {key[1]:20} {key[2]:5} {v:>14,.6g}  {where}")
            recs.append((key[0], key[1], key[2], v))
        else:
            print(f"  {key[0]:24} {key[1]:20} {key[2]:5} {'not measured':>14}")

    print()
    print("Do the instructions pay for their area? The unit (ELEN 64, EleNum 5) built four ways, each running its")
    print("fastest program; cycles/round from this run's simulation (else the model's), LUTs/FFs from the results:")
    print(f"  {'unit build':48} {'program':13} {'cyc/rnd':>7} {'LUTs':>7} {'FFs':>5} {'LUTs x cyc/rnd':>14}")
    got = {}
    for backend, what, prog in AREA_VARIANTS:
        h = sims.get((prog, 5))
        cyc = h[0] if h else model_figures(prog, 64, 5)[0]
        lut = res.get(("hdl-unit-e64-n5", backend, "LUTs"))
        ff = res.get(("hdl-unit-e64-n5", backend, "FFs"))
        if lut is None:
            print(f"  {what:48} {prog:13} {cyc:>7} {'not measured':>13}")
            continue
        got[backend] = (cyc, lut[0])
        print(f"  {what:48} {prog:13} {cyc:>7} {lut[0]:>7,.0f} {f'{ff[0]:,.0f}' if ff else '-':>5} "
              f"{lut[0] * cyc:>14,.0f}")
    print("  pays = the cycles per round shrink by more than the unit's LUTs grow (LUTs x cycles falls); the scalar")
    print("  core (hdl-core-rv32i) is the same in every build and left out. \"within the mapping noise\": the LUTs")
    print(f"  differ by less than yosys's own spread for identical logic ({MAPPING_NOISE:.0%}: MAPPING_NOISE), so the")
    print("  area side of that verdict is not resolved by this flow:")
    for a, b, what in (("rvv_unit-seed", "rvv_unit-norot", "the seed's custom rotates over RVV 1.0 shifts"),
                       ("rvv_unit-zvbb-norot", "rvv_unit-norot", "Zvbb's rotates and vandn over RVV 1.0 shifts"),
                       ("rvv_unit-zvbb-norot", "rvv_unit-seed", "Zvbb instead of the seed's custom rotates"),
                       ("rvv_unit-zvbb", "rvv_unit-seed", "Zvbb added to the seed's unit")):
        if a in got and b in got:
            speed, area = got[b][0] / got[a][0], got[a][1] / got[b][1]
            noise = "; within the mapping noise" if abs(area - 1) <= MAPPING_NOISE else ""
            print(f"    {what:46} x{speed:.3f} speed for x{area:.3f} LUTs ({got[a][1] - got[b][1]:+,.0f}{noise}): "
                  + ("pays" if speed > area else "does not pay"))
        else:
            print(f"    {what:46} not measured")
    return recs, failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rvv-ise", action="store_true", help="the rows of kforge bench --suite rvv-ise (see above)")
    ap.add_argument("--quick", action="store_true", help="with --rvv-ise: EleNum 5 only")
    ap.add_argument("--elenums", default=None, help="with --rvv-ise: EleNum values (default 5,15,30; --quick 5)")
    ap.add_argument("--no-sim", action="store_true", help="with --rvv-ise: no simulation (the tables from the "
                    "results files and the model only)")
    ap.add_argument("--lib", default=None)
    ap.add_argument("--configs", default=DEFAULT)
    ap.add_argument("--no-area", action="store_true")
    ap.add_argument("--tsv", default=None)
    ap.add_argument("--work", default=None)
    a = ap.parse_args()
    if a.rvv_ise:
        elenums = ([int(v) for v in a.elenums.split(",")] if a.elenums else
                   list(RVV_ISE_ELENUMS_QUICK if a.quick else RVV_ISE_ELENUMS))
        recs, failed = rvv_ise(a.lib, a.quick, elenums, a.work, sim=not a.no_sim)
        if a.tsv:
            with open(a.tsv, "w") as f:
                for r in recs:
                    f.write("\t".join(map(str, r)) + "\n")
        return 1 if failed else 0
    recs, failed = records(a.lib, a.configs, not a.no_area, a.work)
    for r in recs:
        print("  %-40s %-10s %-10s %s" % r)
    if a.tsv:
        with open(a.tsv, "w") as f:
            for r in recs:
                f.write("\t".join(map(str, r)) + "\n")
    if failed:
        print("FAILED: " + ", ".join(failed))
        return 1
    return 0 if recs else 77


if __name__ == "__main__":
    sys.exit(main())

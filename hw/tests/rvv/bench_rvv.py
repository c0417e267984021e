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
Also importable: records(lib, configs, area, work) -> (list of records, failures).
Icarus: EleNum 30 takes minutes per program (the lock step reads all registers at every
retired instruction); yosys: minutes per configuration.
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SYNTH = os.path.normpath(os.path.join(HERE, "..", "..", "synth", "rvv_area.py"))
DEFAULT = "64x5,32x5"


def records(lib, configs=DEFAULT, area=True, work=None):
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
        r = subprocess.run([sys.executable, SYNTH, "--configs", configs, "--core", "--tsv", tsv,
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", default=None)
    ap.add_argument("--configs", default=DEFAULT)
    ap.add_argument("--no-area", action="store_true")
    ap.add_argument("--tsv", default=None)
    ap.add_argument("--work", default=None)
    a = ap.parse_args()
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

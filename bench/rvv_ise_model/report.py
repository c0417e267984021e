#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""report.py - seed 003's Tables 7 and 8 from the vector unit model (rvv_ise.py), beside the
paper's values; the "beyond the paper" variants; and, when the RISC-V cross tools are present,
the project's own RVV backends' executed instructions per state per round (from
bench/cross_bench/cross_bench.py, not recomputed here).

Every figure comes from running the program text: each program is executed for EleNum 5, 15
and 30 (1, 3, 6 states) and its output checked against the Python Keccak-p before its cycles
are printed (a wrong program prints FAILED and exits 1).

Usage: python3 bench/rvv_ise_model/report.py [--json FILE] [--tsv FILE] [--quick]
                                              [--rvv-json FILE | --rvv-build-dir DIR]
  --json FILE        records in the shape of `kforge bench --json`, suite "rvv-ise", units
                     "model-cycles", "model-cycles/byte", "model-bits/kcycle", "instructions"
  --tsv FILE         the same records as lines "name<TAB>backend<TAB>unit<TAB>value" (kforge bench
                     --suite rvv-ise reads these: tools/kforge/bench_rvv_ise.c)
  --rvv-json FILE    a JSON written by cross_bench.py --arch riscv64 (its per_state_round)
  --rvv-build-dir D  run cross_bench.py --arch riscv64 --vlen 128 256 512 --build-dir D
  --quick            nr = 24 only in the correctness check (default: nr 24 and 12)
"""
import argparse
import datetime
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.append(os.path.join(HERE, "..", "cortexm_model"))  # keccak_ref only (after HERE: report.py is ours)

import keccak_ref  # noqa: E402
import rvv_ise as R  # noqa: E402

# (program, ELEN, what it is)
SEED_PROGRAMS = [
    ("alg2_e64_m1", 64, "64-bit, LMUL 1 (Algorithm 2)"),
    ("alg3_e64_m8", 64, "64-bit, LMUL 8 (Algorithm 3)"),
    ("e32_m8", 32, "32-bit, LMUL 8 (reconstructed)"),
]
BEYOND_PROGRAMS = [
    ("rvv10_e64_m8", 64, "a0  RVV 1.0 shifts instead of the custom rotates"),
    ("zvbb_e64_m8", 64, "a   Zvbb vror/vrol + vandn instead of the custom rotates"),
    ("fused_rhopi_e64_m8", 64, "b1  a + rho and pi fused (vrhopi)"),
    ("fused_chi_e64_m8", 64, "b2  b1 + chi in one (vchi)"),
    ("fused_all_e64_m8", 64, "b3  b2 + theta in one (vtheta), iota at LMUL 8"),
    ("vkeccak_e64_m8", 64, "c   one Keccak-round instruction (vkeccak)"),
]
PROGRAMS = SEED_PROGRAMS + BEYOND_PROGRAMS

# The seed's published values: (cycles/round, latency, cycles/byte, bits/cycle x 1e-3 for
# SN = 1, 3, 6). Latencies are from §4.2's text, the rest from Tables 7 and 8.
PAPER = {
    "alg2_e64_m1": (103, 2564, 12.8, (624.02, 1872.07, 3744.15)),
    "alg3_e64_m8": (75, 1892, 9.5, (845.67, 2537.00, 5073.00)),
    "e32_m8": (147, 3620, 18.1, (441.98, 1325.97, 2651.93)),
}
# Cells where the model and the paper differ, and why (README.md, "Tolerance").
NOTES = {
    ("alg3_e64_m8", 6): "paper 5073.00, but 6 * 1600 / 1892 = 5.073995 (its 3-state cell, 2537.00, is half): a typo",
    ("e32_m8", 1): "paper 441.98: 1600 / 3620 = 0.441989, truncated rather than rounded",
}
STATE_BYTES = 200


def program_path(name):
    return os.path.join(HERE, "programs", name + ".s")


def model_sponge(program, elen, rate, pad, msg, outlen):
    """A FIPS 202 sponge whose permutation is the model running `program` (one state, EleNum 5)."""
    state = [0] * 25

    def absorb_block(block):
        for k in range(rate // 8):
            state[k] ^= int.from_bytes(block[8 * k:8 * k + 8], "little")

    def perm():
        out, _, _ = R.permute(program, 5, elen, [state], 24)
        state[:] = out[0]

    data = bytearray(msg) + bytes([pad]) + bytes((-len(msg) - 1) % rate)
    data[-1] |= 0x80
    for off in range(0, len(data), rate):
        absorb_block(data[off:off + rate])
        perm()
    out = bytearray()
    while True:
        out += b"".join(lane.to_bytes(8, "little") for lane in state[:rate // 8])
        if len(out) >= outlen:
            return bytes(out[:outlen])
        perm()


def measure(name, elen, rounds_to_check, rng):
    """Run the program for SN = 1, 3, 6, check it, return {sn: (cycles/round, instr/round)}."""
    program = R.load_program(program_path(name))
    result = {}
    for elenum in (5, 15, 30):
        states = [[rng.getrandbits(64) for _ in range(25)] for _ in range(elenum // 5)]
        for nr in rounds_to_check:
            out, run, _ = R.permute(program, elenum, elen, states, nr)
            if out != [keccak_ref.keccak_p(s, nr) for s in states]:
                raise SystemExit(f"FAILED: {name} with EleNum {elenum}, nr {nr} differs from Keccak-p")
            if len(set(run.round_cycles)) != 1:
                raise SystemExit(f"FAILED: {name}: rounds of different cost {set(run.round_cycles)}")
            if run.annotation_mismatches:
                raise SystemExit(f"FAILED: {name}: cost rule vs annotation {run.annotation_mismatches[0]}")
        result[elenum // 5] = (run.round_cycles[0], run.round_instructions[0])
    return result


def throughput(sn, lat):
    """bits per cycle x 1e-3, as the seed's tables print it: SN states of 1600 bits per latency."""
    return sn * 1600 / lat * 1000


def print_seed_tables(measured, records):
    print("The SHA-3 vector unit of Li, Mentens and Picek: this model (the published figure). cycles/round and")
    print("latency exact; cycles/byte = latency / 200; throughput = SN * 1600 bits / latency, x 1e-3 as published.")
    print(f"  latency = 24 * cycles/round + {R.PERMUTATION_OVERHEAD_CYCLES} (PERMUTATION_OVERHEAD_CYCLES, fitted once"
          f" on Algorithm 2: 2564 - 24 * 103)")
    hdr = f"  {'program':34} {'EleNum':>6} {'SN':>2} {'cycles/round':>15} {'latency':>13} {'cycles/byte':>13} {'bits/cycle e-3':>21}"
    print(hdr)
    for name, elen, what in SEED_PROGRAMS:
        p_round, p_lat, p_cpb, p_tp = PAPER[name]
        for k, sn in enumerate((1, 3, 6)):
            cyc, instrs = measured[name][sn]
            lat = R.latency(cyc)
            cpb, tp = lat / STATE_BYTES, throughput(sn, lat)
            note = NOTES.get((name, sn))
            print(f"  {what:34} {5 * sn:6} {sn:2} {cyc:6} ({p_round:6}) {lat:5} ({p_lat:5}) {cpb:5.1f} ({p_cpb:5.1f})"
                  f" {tp:9.2f} ({p_tp[k]:8.2f}){'  *' if note else ''}")
            backend = f"seed003-{name.replace('_', '-')}-sn{sn}"
            records += [("keccak-p1600-round", backend, "model-cycles", cyc),
                        ("keccak-p1600-24", backend, "model-cycles", lat),
                        ("keccak-p1600-24", backend, "model-cycles/byte", round(cpb, 3)),
                        ("keccak-p1600-24", backend, "model-bits/kcycle", round(tp, 2)),
                        ("keccak-p1600-round", backend, "instructions", instrs / sn)]
    for (name, sn), note in NOTES.items():
        print(f"  * {dict((n, w) for n, _, w in SEED_PROGRAMS)[name]}, SN {sn}: {note}")


def print_beyond(measured, records):
    print()
    print("Beyond the published unit: the 64-bit unit, LMUL 8, EleNum 30 (6 states); same cost rule (README.md):")
    print(f"  {'variant':58} {'cycles/round':>12} {'latency':>8} {'bits/cycle e-3':>15} {'instr/round':>11}")
    base = measured["alg3_e64_m8"][6][0]
    for name, _, what in [("alg3_e64_m8", 64, "    published Algorithm 3 (custom rotates, vpi, slides, viota)")] + BEYOND_PROGRAMS:
        cyc, instrs = measured[name][6]
        lat = R.latency(cyc)
        print(f"  {what:58} {cyc:12} {lat:8} {throughput(6, lat):15.2f} {instrs:11}   x{base / cyc:.2f}")
        if name in dict((n, 1) for n, _, _ in BEYOND_PROGRAMS):
            backend = f"beyond-{name.replace('_', '-')}-sn6"
            records += [("keccak-p1600-round", backend, "model-cycles", cyc),
                        ("keccak-p1600-24", backend, "model-cycles", lat),
                        ("keccak-p1600-round", backend, "instructions", instrs / 6)]


def rvv_counts(args):
    """The project's RVV backends: per-state-per-round instructions from cross_bench.py's JSON."""
    path, tmp = args.rvv_json, None
    if not path and args.rvv_build_dir:
        fd, tmp = tempfile.mkstemp(prefix="rvv-ise-cross-", suffix=".json")
        os.close(fd)
        tool = os.path.join(HERE, "..", "cross_bench", "cross_bench.py")
        cmd = [sys.executable, tool, "--arch", "riscv64", "--vlen", "128", "256", "512",
               "--build-dir", args.rvv_build_dir, "--json", tmp]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            os.unlink(tmp)
            why = (proc.stdout + proc.stderr).strip().splitlines()
            return None, why[-1].strip().removeprefix("skipped: ") if why else f"cross_bench.py exited {proc.returncode}"
        path = tmp
    if not path:
        return None, "no --rvv-json or --rvv-build-dir given"
    try:
        with open(path) as f:
            doc = json.load(f)
    finally:
        if tmp:
            os.unlink(tmp)
    rows = []
    for r in doc.get("results", []):
        if r.get("unit") == "instructions" and r.get("nr", 24) == 24 and "per_state_round" in r:
            if "rvv" in r.get("backend", ""):
                rows.append((r["backend"], r.get("config", "?"), r["per_state_round"]))
    return rows, None


def zvbb_qemu():
    """A qemu-riscv64 that emulates Zvbb: $KF_QEMU_ZVBB, or the one .ci/deps/40-rvv.sh unpacks."""
    for q in (os.environ.get("KF_QEMU_ZVBB"),
              os.path.join(HERE, "..", "..", ".ci-cache", "qemu-zvbb", "usr", "bin", "qemu-riscv64")):
        if q and os.access(q, os.X_OK):
            return os.path.normpath(q)
    return None


def zvbb_counts(build_dir):
    """Instructions of the RVV 1.0 and the Zvbb kernels side by side under a QEMU with Zvbb
    (cross_bench.py drives the system's QEMU, 7.2 on Debian 12, which has no Zvbb, and 7.2's
    -singlestep is -one-insn-per-tb in QEMU 10). The same method: a run of 1 call and one of
    1 + k calls differ by k calls; per round = per call at nr 24 minus per call at nr 23.
    Returns ([(backend, vlen, n, per call, per round)], None) or (None, why)."""
    qemu = zvbb_qemu()
    driver = os.path.join(build_dir or "", "bench", "cross_bench", "perm_count")
    if not qemu:
        return None, "no QEMU with Zvbb (set KF_QEMU_ZVBB, or run .ci/deps/40-rvv.sh)"
    if not build_dir or not os.access(driver, os.X_OK):
        return None, f"no cross-built perm_count in {build_dir}"
    rows = []
    with tempfile.TemporaryDirectory(prefix="rvv-ise-") as tmp:
        log = os.path.join(tmp, "exec.log")

        def count(cmd, name, calls, nr):
            subprocess.run(cmd + ["-one-insn-per-tb", "-d", "exec,nochain", "-D", log, driver, "run", name,
                                  str(calls), str(nr)], check=True, capture_output=True)
            with open(log, "rb") as f:
                return sum(1 for line in f if b"Trace" in line)

        for vlen in (128, 256, 512):
            cmd = [qemu, "-L", "/usr/riscv64-linux-gnu", "-cpu", f"rv64,v=true,vlen={vlen},zvbb=true"]
            for n in (1, 3, 6):
                if 5 * n > 4 * vlen // 64:
                    continue
                for backend in (f"rvv-x{n}", f"rvv-zvbb-x{n}"):
                    try:
                        c = {(k, nr): count(cmd, backend, k, nr) for k in (1, 5) for nr in (24, 23)}
                    except (subprocess.CalledProcessError, OSError) as e:
                        return None, f"{backend} at VLEN {vlen} did not run under {qemu}: {e}"
                    per24 = (c[5, 24] - c[1, 24]) / 4
                    per23 = (c[5, 23] - c[1, 23]) / 4
                    rows.append((backend, vlen, n, per24, per24 - per23))
    return rows, None


def print_zvbb(rows, why):
    print()
    print("The project's RVV kernel on RVV 1.0 and on Zvbb (executed instructions under QEMU with Zvbb):")
    if rows is None:
        print(f"  skipped: {why}")
        return
    print(f"  {'backend':14} {'VLEN':>4} {'n':>2} {'per call':>9} {'per round':>9} {'per state/round':>15}")
    for backend, vlen, n, per_call, per_round in rows:
        print(f"  {backend:14} {vlen:4} {n:2} {per_call:9.0f} {per_round:9.0f} {per_call / 24 / n:15.2f}")


def print_rvv(rows, why, measured):
    print()
    print("Instructions per state per round: the seed's programs (model) beside the project's RVV 1.0")
    print("backends (executed under QEMU by bench/cross_bench/cross_bench.py, suite riscv64):")
    for name, _, what in SEED_PROGRAMS + BEYOND_PROGRAMS[1:2]:
        print(f"  model   {what:60} " + "  ".join(f"SN {sn}: {measured[name][sn][1] / sn:6.2f}" for sn in (1, 3, 6)))
    if rows is None:
        print(f"  project RVV backends: skipped ({why})")
        return
    for backend, config, per in rows:
        print(f"  project {backend:14} VLEN {config:>4}: {per:7.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", metavar="FILE")
    ap.add_argument("--tsv", metavar="FILE")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--rvv-json", metavar="FILE")
    ap.add_argument("--rvv-build-dir", metavar="DIR")
    args = ap.parse_args()
    rng = random.Random(3)
    rounds = (24,) if args.quick else (24, 12)
    measured = {name: measure(name, elen, rounds, rng) for name, elen, _ in PROGRAMS}
    records = []
    print_seed_tables(measured, records)
    print_beyond(measured, records)
    rows, why = rvv_counts(args)
    print_rvv(rows, why, measured)
    for backend, config, per in rows or []:
        records.append(("keccak-p1600-round", f"{backend}-vlen{config}", "instructions", per))
    zrows, zwhy = zvbb_counts(args.rvv_build_dir)
    print_zvbb(zrows, zwhy)
    for backend, vlen, n, per_call, per_round in zrows or []:
        records.append(("keccak-p1600-round", f"{backend}-vlen{vlen}-qemu-zvbb", "instructions", per_round))
    if args.tsv:
        with open(args.tsv, "w") as f:
            for n, b, u, v in records:
                f.write(f"{n}\t{b}\t{u}\t{v!r}\n")
    if args.json:
        doc = {
            "machine": {
                "cpu_model": "seed 003 SIMD RISC-V vector unit (model: bench/rvv_ise_model)",
                "timer": "model-cycles",
                "quick": args.quick,
                "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            },
            "results": [{"suite": "rvv-ise", "name": n, "backend": b, "size": None, "unit": u,
                         "median": v, "samples": 1} for n, b, u, v in records],
        }
        with open(args.json, "w") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()

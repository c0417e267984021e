#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""cross_bench.py - executed instructions per Keccak-p[1600, nr] permutation for every backend
of an AArch64 or RISC-V 64 cross build, by emulation.

Each backend's permute is run by perm_count (bench/cross_bench/perm_count.c, built by the
cross build) under qemu-user with one instruction per translation block and block chaining off
(-singlestep -d exec,nochain), so the log has one "Trace" line per executed instruction. A run
with 1 call and a run with 1 + k calls differ by exactly k calls (start-up, dispatch and set-up
cancel), so:  per call = (count(1 + k) - count(1)) / k, and for a batched backend of n states,
per state = per call / n. A call includes its function-pointer call and the backend's
wrapper, as a caller pays them.

The issue-width bound is what seed 002 uses for in-order cores: a core issuing at most w
instructions per cycle needs at least instructions / w cycles. It ignores latencies and, for
vector code, how many beats an LMUL > 1 instruction occupies the vector unit for: an upper
bound on speed, not a prediction.

`kforge bench` (suites aarch64 and riscv64) runs it with --build-dir instead of --driver: the
tool then configures and builds perm_count in that directory with the cross toolchain
(cmake/toolchains/), and exits 77 (skipped) when the cross compiler or QEMU is missing.

Examples (from the source tree, after the cross build in /tmp/rv):
  python3 bench/cross_bench/cross_bench.py --arch riscv64 --driver /tmp/rv/bench/cross_bench/perm_count \\
      --vlen 128 256 512 --json /tmp/rv_counts.json
  python3 bench/cross_bench/cross_bench.py --arch aarch64 --driver /tmp/a64/bench/cross_bench/perm_count \\
      --cpu max cortex-a72
Output: a table on stdout and, with --json, the records in the shape of `kforge bench --json`
({"machine": {...}, "results": [{"suite", "name", "backend", "size", "unit", "median",
"samples"}, ...]}), unit "instructions", median = instructions per state per permutation,
with extra fields: config, n, nr, per_call, per_state, per_state_round and
issue_bound_cycles {"1": .., "2": .., ...} (per state).
"""
import argparse
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile

SYSROOT = {"riscv64": "/usr/riscv64-linux-gnu", "aarch64": "/usr/aarch64-linux-gnu"}
HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.path.normpath(os.path.join(HERE, "..", ".."))
MISSING = 77  # exit status when the cross compiler or QEMU is missing


def build_driver(arch, build_dir):
    """Configure (once) and build perm_count for arch in build_dir; its path, or None if the
    tools are missing (after saying which)."""
    need = [arch + "-linux-gnu-gcc", "qemu-" + arch, "cmake"]
    missing = [t for t in need if not shutil.which(t)]
    if missing:
        print(f"    skipped: {' and '.join(missing)} not found (Debian: gcc-{arch}-linux-gnu, qemu-user)")
        return None
    toolchain = os.path.join(SOURCE_DIR, "cmake", "toolchains", f"{arch}-linux-gnu.cmake")
    quiet = {"stdout": subprocess.DEVNULL}
    if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
        gen = ["-G", "Ninja"] if shutil.which("ninja") else []
        subprocess.run(["cmake", "-S", SOURCE_DIR, "-B", build_dir, *gen, "-DCMAKE_BUILD_TYPE=Release",
                        f"-DCMAKE_TOOLCHAIN_FILE={toolchain}", "-DKF_BUILD_TESTS=OFF"], check=True, **quiet)
    subprocess.run(["cmake", "--build", build_dir, "--target", "perm_count", "-j", str(os.cpu_count() or 1)],
                   check=True, **quiet)
    return os.path.join(build_dir, "bench", "cross_bench", "perm_count")


def qemu_cmd(arch, config):
    """qemu-user for one configuration: a VLEN for RISC-V ("novector": no V), a -cpu for AArch64."""
    cmd = ["qemu-" + arch, "-L", SYSROOT[arch]]
    if arch == "riscv64":
        cpu = "rv64" if config == "novector" else f"rv64,v=true,vext_spec=v1.0,vlen={config}"
    else:
        cpu = config
    return cmd + ["-cpu", cpu]


def list_backends(qemu, driver):
    out = subprocess.run(qemu + [driver, "list"], check=True, capture_output=True, text=True).stdout
    backends = []
    for line in out.splitlines():
        kind, name, n = line.split()
        backends.append((kind, name, int(n)))
    return backends


def count_instructions(qemu, driver, name, calls, nr, width, logdir):
    """Instructions executed by `perm_count run name calls nr` (calls zero-padded to width
    digits, so its parsing costs the same for every count)."""
    log = os.path.join(logdir, "exec.log")
    cmd = qemu + ["-singlestep", "-d", "exec,nochain", "-D", log,
                  driver, "run", name, str(calls).zfill(width), str(nr)]
    r = subprocess.run(cmd, capture_output=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {r.returncode}: {r.stderr.decode(errors='replace')}")
    count = 0
    with open(log, "rb") as f:
        for line in f:
            if b"Trace" in line:
                count += 1
    os.remove(log)
    return count


def measure(qemu, driver, name, k, nr, logdir):
    width = len(str(1 + k))
    base = count_instructions(qemu, driver, name, 1, nr, width, logdir)
    more = count_instructions(qemu, driver, name, 1 + k, nr, width, logdir)
    diff = more - base
    if diff % k:
        print(f"note: {name}: {diff} instructions for {k} calls is not a multiple of {k}", file=sys.stderr)
    return diff / k


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arch", choices=sorted(SYSROOT), required=True)
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--driver", help="perm_count from the cross build")
    src.add_argument("--build-dir", help="build perm_count here first (configured once, then incremental)")
    ap.add_argument("--quick", action="store_true", help="-k 1")
    ap.add_argument("--vlen", nargs="+", default=["128", "256", "512"],
                    help="RISC-V: VLENs to run at ('novector': a CPU without V)")
    ap.add_argument("--cpu", nargs="+", default=["max"], help="AArch64: qemu -cpu models")
    ap.add_argument("--nr", type=int, default=24, help="rounds (default 24)")
    ap.add_argument("-k", type=int, default=4, help="extra calls in the second run (default 4)")
    ap.add_argument("--widths", type=int, nargs="+", default=[1, 2, 3, 4], help="issue widths for the bound")
    ap.add_argument("--backend", nargs="*", help="only these backends")
    ap.add_argument("--json", help="write the records here")
    args = ap.parse_args()
    if not 1 <= args.nr <= 24 or args.k < 1:
        ap.error("--nr must be 1..24 and -k at least 1")
    if args.quick:
        args.k = 1
    if args.build_dir:
        args.driver = build_driver(args.arch, args.build_dir)
        if not args.driver:
            return MISSING

    configs = args.vlen if args.arch == "riscv64" else args.cpu
    label = "vlen" if args.arch == "riscv64" else "cpu"
    results = []
    wcols = "".join(f" {'w=' + str(w):>8}" for w in args.widths)
    print(f"Instructions per Keccak-p[1600,{args.nr}] ({args.arch}, qemu-user, (count(1+{args.k}) - count(1)) / {args.k});")
    print("bound = cycles per state at issue width w (instructions / w, a lower bound)\n")
    print(f"{label:>10} {'backend':<16} {'n':>2} {'per call':>9} {'per state':>10} {'/round':>8}{wcols}")
    with tempfile.TemporaryDirectory(prefix="cross_bench") as logdir:
        for config in configs:
            qemu = qemu_cmd(args.arch, config)
            for kind, name, n in list_backends(qemu, args.driver):
                if args.backend and name not in args.backend:
                    continue
                per_call = measure(qemu, args.driver, name, args.k, args.nr, logdir)
                per_state = per_call / n
                bounds = {str(w): round(per_state / w, 1) for w in args.widths}
                print(f"{config:>10} {name:<16} {n:>2} {per_call:>9.0f} {per_state:>10.1f} "
                      f"{per_state / args.nr:>8.1f}" + "".join(f" {bounds[str(w)]:>8.1f}" for w in args.widths),
                      flush=True)
                results.append({
                    "suite": args.arch, "name": f"Keccak-p[1600,{args.nr}] {label}={config}",
                    "backend": name, "size": 200, "unit": "instructions", "median": per_state, "samples": 1,
                    "config": config, "kind": kind, "n": n, "nr": args.nr, "per_call": per_call,
                    "per_state": per_state, "per_state_round": per_state / args.nr,
                    "issue_bound_cycles": bounds,
                })
    if args.json:
        qemu_version = subprocess.run(["qemu-" + args.arch, "--version"], capture_output=True,
                                      text=True).stdout.splitlines()[0]
        doc = {
            "machine": {
                "cpu_model": f"qemu-user {args.arch} ({label}: {' '.join(configs)})",
                "timer": "instructions (qemu -singlestep -d exec,nochain)",
                "emulator": qemu_version,
                "host": platform.node(),
                "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            },
            "results": results,
        }
        with open(args.json, "w") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""report.py - keccakforge on a modelled Cortex-M4: seed 000's Tables 1 and 2 for our code.

Builds a bare-metal image from the source tree with arm-none-eabi-gcc (the library's Keccak,
sponge and FIPS 202 / TurboSHAKE code, every src/keccak/armv7m/ source, and this folder's
startup code), runs it in the cycle model (cortexm4.py: unicorn + capstone, Cortex-M4 TRM
timings) and prints

  Table 1  Keccak-p[1600, 24] and [1600, 12] per permutation: model cycles, executed
           instructions, code size (the executed functions' symbol sizes + the constant tables
           they read), stack depth; beside the paper's measured Cortex-M4 figures.
  Table 2  cycles per byte of SHA3-224/256/384/512 on 8192-byte messages and of SHAKE128/256,
           TurboSHAKE128/256 expanding a 32-byte seed into 8192 bytes, per backend.

Every permutation result is checked against keccak_ref.py on a random state (every nr 1..24),
every hash output against hashlib (SHA-3, SHAKE) and pycryptodome or keccak_ref (TurboSHAKE):
a wrong result stops the report instead of being printed as fast.

    python3 bench/cortexm_model/report.py [--json FILE] [--quick] [--build-dir DIR]
    python3 bench/cortexm_model/report.py --annotate armv7m-lazy4

--quick: Table 1 at nr = 24 and 12 only, Table 2 for SHA3-256 and TurboSHAKE128 only.
--annotate: instead of the tables, every instruction of one Keccak-p[1600,24] call with its
count and cycles, marking stalls.
"""
import argparse
import datetime
import glob
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
MISSING = 77  # exit status when a prerequisite is missing (kforge bench reports it as skipped)
try:
    import capstone  # noqa: E402
    import unicorn  # noqa: E402
except ImportError as e:
    print(f"    skipped: python3 has no {e.name} module (python3 -m pip install unicorn capstone)")
    sys.exit(MISSING)

import keccak_ref  # noqa: E402
from cortexm4 import Machine  # noqa: E402

CFLAGS = ["-mcpu=cortex-m4", "-mthumb", "-O2", "-std=c11", "-ffunction-sections", "-fdata-sections"]
LIB_SOURCES = ["src/keccak/keccak_constants.c", "src/keccak/keccak_p1600_ref.c",
               "src/keccak/keccak_p1600_opt32bi.c", "src/keccak/keccak_p1600_opt64.c",
               "src/keccak/dispatch.c", "src/sponge/sponge.c", "src/hash/fips202.c",
               "src/common/util.c"]
VARIANT_SYMBOL = re.compile(r"^kf_armv7m_permute_(\w+)$")
C_BACKEND = "opt32bi"          # the portable C the assembly is compared with
PERMUTE_FIELD = 28             # offsetof(kf_backend, permute) on a 32-bit target
MSG_BYTES, SEED_BYTES = 8192, 32
TURBO_DOMAIN = 0x1F

# Seed 000 (Adomnicai, "An update on Keccak performance on ARMv7-M"), measured on a Cortex-M4
# (STM32F407, zero wait states): Table 1 rows (cycles for Keccak-p[1600,24], code bytes, RAM
# bytes) and Table 2 (cycles per byte with its fastest permutation).
PAPER_TABLE1 = [
    ("XKCP (ldr/str mostly grouped, in place)", 11749, 5576, 264),
    ("seed 000: interleaved ldr/str, not in place", 12445, 2904, 464),
    ("seed 000: grouped ldr/str, in place", 10375, 5772, 264),
    ("seed 000: grouped + lazy rotations 3/4", 9439, 6556, 264),
    ("seed 000: grouped + lazy rotations 4/4", 9242, 9536, 264),
]
# (record name, title, rate in bytes, seed 000 M4 cycles/byte, kind)
ALGORITHMS = [
    ("sha3-224", "SHA3-224", 144, 72.4, "hash"),
    ("sha3-256", "SHA3-256", 136, 77.0, "hash"),
    ("sha3-384", "SHA3-384", 104, 97.9, "hash"),
    ("sha3-512", "SHA3-512", 72, 138.4, "hash"),
    ("shake128", "SHAKE128", 168, 62.3, "xof"),
    ("shake256", "SHAKE256", 136, 76.2, "xof"),
    ("turboshake128", "TurboSHAKE128", 168, 34.2, "xof"),
    ("turboshake256", "TurboSHAKE256", 136, 41.2, "xof"),
]
QUICK_ALGORITHMS = ("sha3-256", "turboshake128")
VARIANT_NOTES = {
    "lazy3": "assembly, lazy rotations 3/4",
    "lazy4": "assembly, lazy rotations 4/4",
    "m7": "assembly scheduled for the Cortex-M7, priced as M4",
}


# ---- building the image -------------------------------------------------------------------
def tool(cc, name):
    """arm-none-eabi-<name> next to the compiler."""
    return cc[: -len("gcc")] + name if cc.endswith("gcc") else name


def build_image(src, out, cc):
    """Compile and link the image; returns (elf path, variant names found, compiler version)."""
    sources = [os.path.join(src, s) for s in LIB_SOURCES]
    armv7m = sorted(glob.glob(os.path.join(src, "src/keccak/armv7m/*.[cSs]")))
    sources += armv7m + [os.path.join(HERE, "harness.c")]
    includes = ["-I" + os.path.join(src, "include"), "-I" + os.path.join(src, "src")]
    objects, jobs = [], []
    for s in sources:
        obj = os.path.join(out, os.path.relpath(s, src).replace(os.sep, "_") + ".o")
        objects.append(obj)
        jobs.append([cc] + CFLAGS + includes + ["-c", s, "-o", obj])
    running = []
    for cmd in jobs + [None, None]:   # two at a time: the machine is shared
        if len(running) == 2 or (cmd is None and running):
            p, c = running.pop(0)
            if p.wait() != 0:
                raise SystemExit(f"compile failed: {' '.join(c)}")
        if cmd is not None:
            running.append((subprocess.Popen(cmd), cmd))
    while running:
        p, c = running.pop(0)
        if p.wait() != 0:
            raise SystemExit(f"compile failed: {' '.join(c)}")
    variants = []
    nm = tool(cc, "nm")
    for obj in objects:
        listing = subprocess.run([nm, "-g", "--defined-only", obj], check=True, capture_output=True, text=True).stdout
        for line in listing.splitlines():
            m = VARIANT_SYMBOL.match(line.split()[-1])
            if m:
                variants.append(m.group(1))
    keep = ["kfm_startup", "kfm_state", "kfm_in", "kfm_out", "kfm_name", "kf_backend_select",
            "kf_backend_" + C_BACKEND, "kf_sha3_224", "kf_sha3_256", "kf_sha3_384", "kf_sha3_512",
            "kf_shake128", "kf_shake256", "kf_turboshake128", "kf_turboshake256"]
    keep += ["kf_armv7m_permute_" + v for v in variants]
    elf = os.path.join(out, "kfm_cortexm4.elf")
    subprocess.run([cc] + CFLAGS + objects + ["-T", os.path.join(HERE, "cortexm4.ld"), "-nostartfiles",
                    "--specs=nano.specs", "--specs=nosys.specs", "-Wl,--gc-sections"] +
                   ["-Wl,--undefined=" + k for k in keep] + ["-o", elf], check=True)
    version = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    return elf, sorted(set(variants)), version


# ---- Table 1 ------------------------------------------------------------------------------
MEMORY_KINDS = ("load", "store", "dual", "multi")


def permutation_row(m, fn, check_all, rng):
    """Model one permutation function; check it; return a dict for the table."""
    state = m.address("kfm_state")
    row = {}
    for nr in (range(1, 25) if check_all else (24, 12)):
        lanes = [rng.getrandbits(64) for _ in range(25)]
        m.write(state, b"".join(w.to_bytes(4, "little") for w in keccak_ref.to_interleaved(lanes)))
        r = m.call(fn, state, nr)
        got = [int.from_bytes(m.read(state + 4 * k, 4), "little") for k in range(50)]
        if keccak_ref.from_interleaved(got) != keccak_ref.keccak_p(lanes, nr):
            raise SystemExit(f"wrong Keccak-p[1600,{nr}] result from the function at {fn:#x}: not reported")
        row[nr] = r
    r24 = row[24]
    mem = sum(v for k, v in r24.by_kind.items() if k in MEMORY_KINDS)
    parts = sorted(list(r24.functions.values()) + list(r24.objects.values()), key=lambda s: s.value)
    return {
        "cycles": {nr: r.cycles for nr, r in row.items()},
        "instructions": r24.instructions,
        "memory_share": mem / r24.cycles,
        "code_bytes": sum(s.size for s in parts),
        "code_parts": [(s.name, s.size) for s in parts],
        "stack_bytes": max(r.stack_bytes for r in row.values()),
        "approximated": r24.approximated,
        "by_kind": r24.by_kind,
    }


def table1(m, variants, quick, rng):
    rows = []
    c_fn = m.read32(m.address("kf_backend_" + C_BACKEND) + PERMUTE_FIELD) & ~1
    rows.append((C_BACKEND, "portable C, gcc -O2", permutation_row(m, c_fn, not quick, rng)))
    for v in variants:
        rows.append(("armv7m-" + v, VARIANT_NOTES.get(v, "assembly"), permutation_row(m, m.address("kf_armv7m_permute_" + v), not quick, rng)))
    return rows


def print_table1(rows):
    print("### Table 1: Keccak-p[1600] on the modelled Cortex-M4\n")
    print("| implementation | cycles, 24 rounds | cycles, 12 rounds | instructions (24) | ld/st share "
          "| code bytes | stack bytes | RAM bytes (state + stack) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, what, r in rows:
        print(f"| {name} ({what}) | {r['cycles'][24]:,} | {r['cycles'][12]:,} | {r['instructions']:,} "
              f"| {100 * r['memory_share']:.0f}% | {r['code_bytes']:,} | {r['stack_bytes']} "
              f"| {200 + r['stack_bytes']} |")
    for name, cycles, code, ram in PAPER_TABLE1:
        print(f"| {name} (paper, measured) | {cycles:,} | | | | {code:,} | | {ram} |")
    print()
    for name, _, r in rows:
        parts = " + ".join(f"{n} {s}" for n, s in r["code_parts"])
        kinds = ", ".join(f"{k} {v:,}" for k, v in sorted(r["by_kind"].items(), key=lambda kv: -kv[1]) if v)
        line = f"- {name}: code = {parts}; cycles of Keccak-p[1600,24] by kind: {kinds}"
        if r["approximated"]:
            line += f"; {r['approximated']} divides priced at their 12-cycle bound"
        print(line)
    print()


def annotate(m, backend, variants, rng):
    """Every executed instruction of one Keccak-p[1600,24] call with its execution count and
    its cycles per execution; '+' marks one that costs more than its base cycles (a stall or a
    taken branch), '-' less (pipelined behind a load)."""
    if backend == C_BACKEND:
        fn = m.read32(m.address("kf_backend_" + C_BACKEND) + PERMUTE_FIELD) & ~1
    elif backend.startswith("armv7m-") and backend[len("armv7m-"):] in variants:
        fn = m.address("kf_armv7m_permute_" + backend[len("armv7m-"):])
    else:
        raise SystemExit(f"no permutation {backend} in the image (have {C_BACKEND}"
                         + "".join(", armv7m-" + v for v in variants) + ")")
    state = m.address("kfm_state")
    m.write(state, bytes(rng.getrandbits(8) for _ in range(200)))
    r = m.call(fn, state, 24)
    counts = Counter(r.trace)
    print(f"# {backend}: Keccak-p[1600,24] = {r.cycles} model cycles, {r.instructions} instructions\n")
    print("  address    count  cycles/run  base  instruction")
    for a in sorted(r.per_addr):
        i = m.insn(a)
        sym = m.symbol_at(a, ("func", "notype"))
        if sym and sym.value == a:
            print(f"{sym.name}:")
        n = counts.get(a, 0)
        each = r.per_addr[a] / n if n else float(r.per_addr[a])
        mark = "+" if each > i.base else "-" if each < i.base else " "
        print(f"  {a:08x} {n:7d}  {each:8.2f} {mark} {i.base:4d}  {i.text}")


# ---- Table 2 ------------------------------------------------------------------------------
def expected(name, data):
    if name.startswith("sha3-"):
        return hashlib.new(name.replace("-", "_"), data).digest()
    if name.startswith("shake"):
        return hashlib.new(name, data).digest(MSG_BYTES)
    security = int(name[len("turboshake"):])
    try:
        from Crypto.Hash import TurboSHAKE128, TurboSHAKE256
        h = (TurboSHAKE128 if security == 128 else TurboSHAKE256).new(domain=TURBO_DOMAIN)
        return h.update(data).read(MSG_BYTES)
    except ImportError:
        return keccak_ref.turboshake(security, data, TURBO_DOMAIN, MSG_BYTES)


def select_backend(m, backend):
    name = m.address("kfm_name")
    m.write(name, backend.encode() + b"\0")
    return m.call("kf_backend_select", name).ret == 0


def hash_row(m, backend, algorithms, rng):
    """cycles/byte of each algorithm on backend; None if the image has no such backend."""
    if not select_backend(m, backend):
        return None
    src, dst = m.address("kfm_in"), m.address("kfm_out")
    row = {}
    for name, _, _, _, kind in algorithms:
        n_in = MSG_BYTES if kind == "hash" else SEED_BYTES
        data = bytes(rng.getrandbits(8) for _ in range(n_in))
        m.write(src, data)
        want = expected(name, data)
        if kind == "hash":
            r = m.call("kf_" + name.replace("-", "_"), dst, src, n_in)
        elif name.startswith("turbo"):
            r = m.call("kf_" + name, dst, MSG_BYTES, src, n_in, TURBO_DOMAIN)
        else:
            r = m.call("kf_" + name, dst, MSG_BYTES, src, n_in)
        if r.ret != 0 or m.read(dst, len(want)) != want:
            raise SystemExit(f"{name} on {backend}: wrong output (status {r.ret}): not reported")
        row[name] = r.cycles / MSG_BYTES
    return row


def print_table2(columns, algorithms):
    print(f"### Table 2: cycles per byte on the modelled Cortex-M4 ({MSG_BYTES}-byte messages; "
          f"XOFs: {SEED_BYTES}-byte seed to {MSG_BYTES} bytes)\n")
    names = [b for b, _ in columns]
    print("| algorithm | r (bits) | " + " | ".join(names) + " | paper M4 (measured) |")
    print("|---|---:|" + "---:|" * len(names) + "---:|")
    for name, title, rate, paper, _ in algorithms:
        cells = " | ".join(f"{row[name]:.1f}" for _, row in columns)
        print(f"| {title} | {8 * rate} | {cells} | {paper} |")
    print()


# ---- main ---------------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", metavar="FILE", help="also write every figure to FILE (kforge bench's JSON shape)")
    ap.add_argument("--quick", action="store_true", help="fewer checks and algorithms (seconds)")
    ap.add_argument("--build-dir", metavar="DIR", help="where to build the image (default: a temporary directory)")
    ap.add_argument("--source-dir", metavar="DIR", default=os.path.normpath(os.path.join(HERE, "..", "..")),
                    help="the keccakforge tree to build (default: the one this script is in)")
    ap.add_argument("--cc", default="arm-none-eabi-gcc", help="the cross compiler (default: %(default)s)")
    ap.add_argument("--annotate", metavar="BACKEND",
                    help="instead of the tables: the priced listing of one Keccak-p[1600,24] call of "
                         f"BACKEND ({C_BACKEND}, armv7m-lazy4, ...), to find stalls")
    args = ap.parse_args()
    if not shutil.which(args.cc):
        print(f"    skipped: {args.cc} not found (install gcc-arm-none-eabi and libnewlib-arm-none-eabi)")
        sys.exit(MISSING)

    start = time.time()
    tmp = None
    out = args.build_dir
    if out is None:
        tmp = out = tempfile.mkdtemp(prefix="kfm_build_")
    os.makedirs(out, exist_ok=True)
    try:
        elf, variants, compiler = build_image(args.source_dir, out, args.cc)
        m = Machine(elf)
        m.call("kfm_startup")
        rng = random.Random(2023)
        if args.annotate:
            annotate(m, args.annotate, variants, rng)
            return
        algorithms = [a for a in ALGORITHMS if not args.quick or a[0] in QUICK_ALGORITHMS]

        print("# keccakforge on a modelled Cortex-M4\n")
        print(f"Model: bench/cortexm_model/cortexm4.py (Cortex-M4 TRM timings, zero wait states; "
              f"unicorn {unicorn.__version__}, capstone {capstone.__version__}). Image: {compiler}, "
              f"{' '.join(CFLAGS)}. Model cycles count a call from its first instruction to its return "
              "inclusive; the paper's figures are DWT_CYCCNT measurements on an STM32F407.\n")
        if not variants:
            print("No ARMv7-M assembly (kf_armv7m_permute_*) in src/keccak/armv7m/: portable C only.\n")
        t1 = table1(m, variants, args.quick, rng)
        print_table1(t1)

        columns = []
        for backend in [C_BACKEND] + ["armv7m-" + v for v in variants]:
            row = hash_row(m, backend, algorithms, rng)
            if row is None:
                print(f"(backend {backend} is not in the image's dispatch list: no Table 2 column)\n")
            else:
                columns.append((backend, row))
        print_table2(columns, algorithms)
        elapsed = time.time() - start
        print(f"({elapsed:.0f} s{', --quick' if args.quick else ''})")

        if args.json:
            write_json(args.json, t1, columns, compiler, args.quick)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


def write_json(path, t1, columns, compiler, quick):
    results = []

    def add(name, backend, size, unit, value):
        results.append({"suite": "cortex-m", "name": name, "backend": backend, "size": size,
                        "unit": unit, "median": value, "samples": 1})

    for backend, _, r in t1:
        add("keccak-p1600-24", backend, None, "model-cycles", r["cycles"][24])
        add("keccak-p1600-12", backend, None, "model-cycles", r["cycles"][12])
        add("keccak-p1600-24", backend, None, "instructions", r["instructions"])
        add("keccak-p1600", backend, None, "code-bytes", r["code_bytes"])
        add("keccak-p1600", backend, None, "stack-bytes", r["stack_bytes"])
    for backend, row in columns:
        for name, value in row.items():
            add(name, backend, MSG_BYTES, "model-cycles/byte", round(value, 3))
    doc = {
        "machine": {
            "cpu_model": "Cortex-M4 (cycle model: bench/cortexm_model, TRM timings, zero wait states)",
            "timer": "model-cycles",
            "compiler": compiler,
            "cflags": " ".join(CFLAGS),
            "emulator": f"unicorn {unicorn.__version__}, capstone {capstone.__version__}",
            "quick": quick,
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        },
        "results": results,
    }
    with open(path, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()

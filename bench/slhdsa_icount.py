# SPDX-License-Identifier: Apache-2.0 OR MIT
"""slhdsa_icount.py - SLH-DSA's hashing floor in instructions, which a busy host cannot move:
for each SHAKE set, callgrind counts the instructions of one keygen and one sign
(bench/slhdsa_perm_count.c) and of the batched permutation's calls inside them, and the
library counts the permutations FIPS 205's hashes make (kf_slh_count_perms, the count
`kforge bench --suite slhdsa` prices). Printed per operation:

  ratio      instructions of the operation / (permutations x instructions per state of the
             permutation calls it made): what the idle lanes and all the work beside the
             permutations add, in instructions (1.000 = nothing);
  vs bare    the same over the bare permutation's instructions per state (the x4 calls of
             absorb_blocks, no lane picking), which is what the bench's price times;
  lanes      lanes the permutation calls carried / permutations counted.

Instructions are not ticks: this says how much work there is beside the permutations, not
what it costs in time on a given core. valgrind has no AVX-512, so the batched backend is
avx2-x4 (forced, with opt64-bmi2 for one state, unless KECCAKFORGE_BACKEND is set).

  cmake --build build --target slhdsa_perm_count
  python3 bench/slhdsa_icount.py [--build build] [--sets 128f,128s,...]

Minutes under callgrind (the 's' sets' signing most of it). Exit 77 without valgrind.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

SETS = ["128f", "192f", "256f", "128s", "192s", "256s"]
# the batched permutation's functions in the avx2-x4 build (static names as the symbol table has
# them: GCC may split x4_permute into x4_permute.part.0) and the lanes a call carries
PERM_FROM = re.compile(r"^x4_permute_from$")
PERM_BARE = re.compile(r"^x4_permute(\.part\.\d+)?$")
LANES = 4


def callgrind(exe, args, work, tag):
    out = os.path.join(work, f"cg.{tag}")
    r = subprocess.run(["valgrind", "--tool=callgrind", "--dump-instr=no", f"--callgrind-out-file={out}", exe] + args,
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: valgrind exit {r.returncode}\n{r.stderr[-2000:]}")
    text = subprocess.run(["callgrind_annotate", "--tree=caller", out], capture_output=True, text=True,
                          check=True).stdout
    total = int(re.search(r"([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", text).group(1).replace(",", ""))
    funcs = {}   # name -> (self instructions, calls)
    for blk in text.split("\n\n"):
        m = re.search(r"^\s*([\d,]+) \(\s*[\d.]+%\)\s+\*\s+\S*?:(\S+)", blk, re.M)
        if m:
            calls = sum(int(c.replace(",", "")) for c in re.findall(r"<\s+\S+ \(([\d,]+)x\)", blk))
            funcs[m.group(2)] = (int(m.group(1).replace(",", "")), calls)
    return total, funcs


def perm_calls(funcs, pattern):
    ir = sum(v[0] for k, v in funcs.items() if pattern.match(k))
    calls = sum(v[1] for k, v in funcs.items() if pattern.match(k))
    return ir, calls


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--sets", default=",".join(SETS))
    a = ap.parse_args()
    if not shutil.which("valgrind") or not shutil.which("callgrind_annotate"):
        print("SKIPPED: valgrind (callgrind) not installed")
        return 77
    exe = os.path.join(a.build, "slhdsa_perm_count")
    if not os.access(exe, os.X_OK):
        print(f"{exe} not built: cmake --build {a.build} --target slhdsa_perm_count")
        return 1
    os.environ.setdefault("KECCAKFORGE_BACKEND", "opt64-bmi2,avx2-x4")
    print(f"SLH-DSA-SHAKE, instructions under callgrind, KECCAKFORGE_BACKEND={os.environ['KECCAKFORGE_BACKEND']}")
    print(f"{'set':5} {'op':6} {'perms':>10} {'instructions':>15} {'instr/state':>11} {'ratio':>6} {'vs bare':>7} "
          f"{'lanes':>6}")
    with tempfile.TemporaryDirectory(prefix="kf-slh-icount-") as work:
        base, _ = callgrind(exe, ["nothing"], work, "nothing")
        bare = None   # instructions per state of the bare permutation, from the first sign that has it
        for s in a.sets.split(","):
            m = re.search(r"keygen (\d+), sign (\d+)", subprocess.run([exe, "count", s], capture_output=True,
                                                                       text=True, check=True).stdout)
            perms = {"keygen": int(m.group(1)), "sign": int(m.group(2))}
            tk, fk = callgrind(exe, ["keygen", s], work, s + ".keygen")
            ts, fs = callgrind(exe, ["sign", s], work, s + ".sign")
            b_ir, b_calls = perm_calls(fs, PERM_BARE)
            if b_calls:
                bare = b_ir / b_calls / LANES
            for op, total, funcs, before in (("keygen", tk - base, fk, None), ("sign", ts - tk, fs, fk)):
                ir, calls = perm_calls(funcs, PERM_FROM)
                bir, bcalls = perm_calls(funcs, PERM_BARE)
                if before:   # sign's run includes its keygen: take the keygen's calls out
                    ir0, calls0 = perm_calls(before, PERM_FROM)
                    bir0, bcalls0 = perm_calls(before, PERM_BARE)
                    ir, calls, bir, bcalls = ir - ir0, calls - calls0, bir - bir0, bcalls - bcalls0
                if calls + bcalls == 0:
                    print(f"{s:5} {op:6}: no batched permutation call seen (is the batched backend avx2-x4?)")
                    return 1
                per_state = (ir + bir) / ((calls + bcalls) * LANES)
                ratio = total / (perms[op] * per_state)
                vs_bare = f"{total / (perms[op] * bare):7.3f}" if bare else f"{'-':>7}"
                print(f"{s:5} {op:6} {perms[op]:10,} {total:15,} {per_state:11.1f} {ratio:6.3f} {vs_bare} "
                      f"{(calls + bcalls) * LANES / perms[op]:6.3f}")
    if bare:
        print(f"bare permutation (absorb_blocks' calls): {bare:.1f} instructions per state")
    return 0


if __name__ == "__main__":
    sys.exit(main())

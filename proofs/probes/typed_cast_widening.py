#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Runs WP (the units' Typed+cast model, CVC4) on typed_cast_widening.c and prints, per function, which
goals the model proves: each oob_* function's access outside its object proves (the limit this probe
shows), narrow_* is a false alarm, and the bytes_* assertions (the byte bound in C's sizes) prove only
where the access is in bounds (docs/ASSURANCE.md, "A limit of WP's Typed+cast model: widened pointer
views"). Exit 0 when every function comes out as EXPECT says, 1 if not (the model or the tools changed:
reread that section), 77 when Frama-C, Why3 or CVC4 is missing.
    python3 proofs/probes/typed_cast_widening.py [--build DIR]   (a few seconds of CPU)"""
import argparse, csv, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import run  # noqa: E402  (proofs/run.py: its Frama-C command, Why3 configuration and skip)

PROBE = os.path.join(HERE, "typed_cast_widening.c")

# function -> (what it does, the property kinds left unproved: every other goal of it must prove)
EXPECT = {
    "inb_member_u64_view": ("uint8_t[64] member as uint64_t, word 7 (bytes 56..63), assert 7 * 8 + 8 <= 64", set()),
    "oob_member_u64_view": ("uint8_t[64] member as uint64_t, word 60 (bytes 480..487) and its assigns", set()),
    "oob_local_u64_view": ("local uint8_t[64] as uint64_t, write word 60, read word 63 (bytes 504..511)", set()),
    "oob_struct_view": ("uint8_t[8] member as a 32-byte struct, its field d (bytes 24..31)", set()),
    "oob_u32_as_u64": ("uint32_t[2] (8 bytes) as uint64_t, word 1 (bytes 8..15)", set()),
    "oob_call_precondition": ("25 bytes passed for \\valid((uint64_t *)state + (0 .. 24)) (200 bytes)", set()),
    "narrow_u64_as_bytes": ("byte 7 of a local uint64_t: in bounds, a false alarm", {"mem_access"}),
    "bytes_oob": ("assert 60 * 8 + 8 <= sizeof scratch (64)", {"user assertion"}),
    "bytes_struct_oob": ("assert sizeof(quad) (32) <= sizeof buf (8)", {"user assertion"}),
    "bytes_loop_inb": ("assert i * 8 + 8 <= 64 for i < 8", set()),
    "bytes_loop_oob": ("assert i * 8 + 8 <= 64 for i < 9", {"user assertion"}),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", help="a build directory with proofs/run.py's why3.conf (else a temporary one)")
    args = ap.parse_args()
    if not shutil.which("frama-c"):
        run.skip("frama-c is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        env, provers = run.why3_env(args.build or tmp)
        csvf = os.path.join(tmp, "report.csv")
        cmd = run.FRAMAC_WP + ["-c11", PROBE,
               "-wp", "-wp-rte", "-wp-model", "Typed+cast", "-wp-prover", ",".join(provers),
               "-wp-steps", "100000", "-wp-timeout", "20", "-wp-out", os.path.join(tmp, "wp"),
               "-wp-msg-key=-shell", "-then", "-report-csv", csvf, "-report-no-proven"]
        r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        log = r.stdout
        if r.returncode != 0 or not os.path.exists(csvf):
            print(log)
            print("FAIL: Frama-C did not run to the end")
            return 1
        left = {}
        with open(csvf) as f:
            for row in csv.DictReader(f, delimiter="\t"):
                left.setdefault(row["function"], []).append((row["property kind"], row["line"], row["property"]))
    goals = {}
    for fn in EXPECT:
        goals[fn] = len(re.findall(r"Goal (?:\S+_)?%s_\S+ : " % re.escape(fn), log))
    bad = 0
    for fn, (what, want) in EXPECT.items():
        got = left.get(fn, [])
        kinds = {k for k, _, _ in got}
        ok = goals[fn] > 0 and kinds == want
        verdict = ("all %d goals proved" % goals[fn]) if not got else \
            "%d of %d goals proved, not: %s" % (goals[fn] - len(got), goals[fn],
                                                "; ".join("line %s %s" % (ln, p) for _, ln, p in got))
        note = " <- outside its object, proved valid" if fn.startswith("oob_") and not got else ""
        print("%-5s %-22s %s: %s%s" % ("ok" if ok else "DIFF", fn, what, verdict, note))
        bad += not ok
    m = re.search(r"Proved goals:\s+(\d+) / (\d+)", log)
    print("WP: %s goals proved; %s" % ("%s of %s" % m.groups() if m else "?",
                                      "as expected" if not bad else "%d functions differ from EXPECT" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

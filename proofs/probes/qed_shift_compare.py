#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Runs WP's Qed simplifier alone (the units' Typed+cast model, no external prover) on
qed_shift_compare.c and prints, per function, whether its assertion "claim" is proved: each u_* claim
is FALSE and Qed proves it (Qed rewrites 0 < (a >> k) to 0 < a and (a >> k) <= 0 to a <= 0, and
(a >> k) <= y to a / 2^k <= y with a truncating division, wrong for a negative a), each s_*
control is proved only where it is true (docs/ASSURANCE.md, "An unsound Qed rewrite: right shifts
compared with 0"). Exit 0 when every function comes out as EXPECT says (the bug is present), 1 if not
(Qed changed: reread that section and its audit), 77 when Frama-C is missing.
    python3 proofs/probes/qed_shift_compare.py [--build DIR]   (well under a second of CPU)"""
import argparse, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import run  # noqa: E402  (proofs/run.py: its Frama-C command and skip)

PROBE = os.path.join(HERE, "qed_shift_compare.c")

# function -> (the claim, whether it is true, whether Qed proves it)
EXPECT = {
    "u_goal_gt0": ("1 <= x < 256: (x >> 4) > 0", False, True),
    "u_goal_ge1": ("1 <= x < 256: (x >> 4) >= 1", False, True),
    "u_goal_k1": ("1 <= x < 4: (x >> 1) > 0", False, True),
    "u_goal_k31": ("1 <= x < 4: (x >> 31) > 0", False, True),
    "u_goal_u64_k63": ("uint64_t 1 <= x < 4: (x >> 63) > 0", False, True),
    "u_goal_s64_k63": ("int64_t 1 <= x < 4: (x >> 63) > 0", False, True),
    "u_goal_integer": ("\\forall integer y; 1 <= y < 16 ==> (y >> 4) > 0", False, True),
    "u_var_le0": ("t = x >> 4; if (t <= 0): x <= 0", False, True),
    "u_var_lt1": ("t = x >> 4; if (t < 1): x <= 0", False, True),
    "u_branch_gt0": ("if ((x >> 4) > 0) return; x <= 0", False, True),
    "u_branch_0lt": ("uint64_t t = x >> 4; if (0 < t) return; x == 0", False, True),
    "u_branch_s64": ("int64_t: if ((x >> 4) > 0) return; x <= 0", False, True),
    "u_result_le0": ("if (hi(x) <= 0), hi ensures \\result == x >> 4: x <= 0", False, True),
    "u_neg_goal_gt": ("-3 <= x < 0: (x >> 1) > -2", False, True),
    "u_neg_goal_le": ("-3 <= x < 0: -1 <= (x >> 1)", False, True),
    "u_neg_var": ("-3 <= x < 0: t = x >> 1; t >= -1", False, True),
    "u_neg_scaled": ("-3 <= x < 0: t = x >> 1; t * 3329 >= -3329", False, True),
    "s_neg_true": ("-3 <= x < 0: t = x >> 1; t >= -2", True, True),
    "s_neg_sum": ("-3 <= x < 0: t = x >> 1; x - 2 * t <= 0", False, False),
    "s_eq0": ("if ((x >> 4) == 0): x <= 0", False, False),
    "s_if_shift": ("if (x >> 4) return; x <= 0", False, False),
    "s_not_shift": ("if (!(x >> 4)): x <= 0", False, False),
    "s_goal_ne0": ("1 <= x < 256: (x >> 4) != 0", False, False),
    "s_lt0": ("if ((x >> 4) < 0): x < 0", True, True),
    "s_le3": ("if ((x >> 4) <= 3): x <= 48", False, False),
    "s_goal_gt1": ("2 <= x < 4: (x >> 1) > 1", False, False),
    "s_goal_ge2": ("2 <= x < 4: (x >> 1) >= 2", False, False),
    "s_branch_gt2": ("if ((x >> 1) > 2) return; x <= 2", False, False),
    "s_div_gt0": ("1 <= x < 256: (x / 16) > 0", False, False),
    "s_branch_true": ("if ((x >> 4) > 0) return; x <= 15", True, True),
    "s_while_var": ("while (n < 8 && (x >> (8 * n))) n++; (uint64_t) x <= 0", False, False),
    "s_while_assign": ("while (y >>= 1) n++; x <= 0", False, False),
    "s_le1": ("if ((x >> 1) <= 1): x <= 1", False, False),
    "s_ge0": ("0 <= (x >> 1) ==> x <= 0", False, False),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", help="unused (the same command line as the other probes)")
    ap.parse_args()
    if not shutil.which("frama-c"):
        run.skip("frama-c is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        cmd = run.FRAMAC_WP + ["-c11", PROBE, "-wp", "-wp-model", "Typed+cast", "-wp-prover", "qed",
                               "-wp-out", os.path.join(tmp, "wp")]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log = r.stdout
    if r.returncode != 0:
        print(log)
        print("FAIL: Frama-C did not run to the end")
        return 1
    got = {}
    for m in re.finditer(r"\[(\w+)\] Goal \w*?_(u_\w+|s_\w+)_assert_claim(?: : (\w+))?", log):
        got[m.group(2)] = m.group(3) == "Valid"
    bad = 0
    for fn, (what, true, want) in EXPECT.items():
        ok = fn in got and got[fn] == want
        verdict = "no goal" if fn not in got else ("proved" if got[fn] else "not proved")
        note = " <- FALSE, proved" if fn in got and got[fn] and not true else ""
        print("%-5s %-15s %-58s %-5s %s%s" % ("ok" if ok else "DIFF", fn, what,
                                             "true" if true else "false", verdict, note))
        bad += not ok
    print("Qed: %d false claims proved; %s" % (
        sum(1 for fn, (_, t, _) in EXPECT.items() if got.get(fn) and not t),
        "as expected (the unsound rewrite is present)" if not bad else
        "%d functions differ from EXPECT: Qed changed, reread docs/ASSURANCE.md" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

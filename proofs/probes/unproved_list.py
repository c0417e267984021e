#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The known-unproved list (proofs/run.py's docstring, proofs/unproved/) can only ever say "not proved":
WP on unproved_list.c with a cache seeded as run.py seeds it. Checks, each a FAIL when it does not hold:
  1. a run with an empty cache proves `proves` and leaves `never` unproved (stepout); run.py's harvest of that
     cache lists exactly `never`'s goal;
  2. seeded with that list, the same run reports `never` unproved and `proves` proved, and CVC4 runs once
     fewer (the seeded goal is not sent to it);
  3. a stepout entry seeded for `proves`' goal (a wrong list) makes `proves` unproved: a wrong entry fails the
     unit, it never passes a goal; at a step limit above the entry's steps WP runs CVC4 again and it proves;
  4. run.py refuses a list with a `valid` line, or a malformed one.
Exit 77 without Frama-C, Why3 or CVC4.   python3 proofs/probes/unproved_list.py [--build DIR]"""
import argparse, contextlib, io, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import run  # noqa: E402  (proofs/run.py: its Frama-C command, Why3 configuration, the list's reader)

PROBE = os.path.join(HERE, "unproved_list.c")
STEPS = 20000


def wp(env, provers, tmp, tag, cache, steps=STEPS):
    """One WP run on the probe with its own cache directory; returns {goal name: status} and the number
    of prover calls WP reports."""
    cmd = run.FRAMAC_WP + ["-c11", PROBE, "-wp", "-wp-fct", "probe_linear,probe_product", "-wp-prop",
                           "proves,never", "-wp-prover", ",".join(provers), "-wp-steps", str(steps),
                           "-wp-timeout", "60", "-wp-par", "1", "-wp-out", os.path.join(tmp, "wp_" + tag),
                           "-wp-msg-key=-shell", "-wp-cache", "update", "-wp-cache-dir", cache, "-wp-status-all"]
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        print(r.stdout)
        print("FAIL: Frama-C did not run to the end (%s)" % tag)
        sys.exit(1)
    st = {}
    for g, s in re.findall(r"^\[wp\] \[[^]]*\] Goal (\S+) : (.*)$", r.stdout, re.M):
        st[g] = s.strip()
    for g, s in re.findall(r"^\[wp\] \[Failed\] Goal (\S+).*\n\s*(.*)$", r.stdout, re.M):
        st[g] = s.strip()
    return st, r.stdout


def status(st, name):
    hit = [s for g, s in st.items() if name in g]
    return hit[0] if len(hit) == 1 else None


def entries(cache):
    run.HARVEST.clear()
    run.harvest_cache(cache)
    return dict(run.HARVEST)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", help="a build directory with proofs/run.py's why3.conf (else a temporary one)")
    args = ap.parse_args()
    if not shutil.which("frama-c"):
        run.skip("frama-c is not installed")
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        env, provers = run.why3_env(args.build or tmp)
        c1 = os.path.join(tmp, "c1")
        st, _ = wp(env, provers, tmp, "1", c1)
        p, n = status(st, "probe_linear_ensures_proves"), status(st, "probe_product_ensures_never")
        if not p or not p.startswith("Valid") or not n or n.startswith("Valid"):
            print("FAIL 1: an empty cache: proves %r, never %r (want Valid, not Valid)" % (p, n))
            bad += 1
        got = entries(c1)
        if len(got) != 1 or list(got.values())[0][1] not in run.UNPROVED_VERDICTS:
            print("FAIL 1: the harvest lists %r (want never's goal alone, stepout or unknown)" % got)
            bad += 1
        else:
            print("1: proves %s, never %s; the harvest: %s" % (p, n, got))
        never = list(got)[0] if len(got) == 1 else None
        proves = [h for h in os.listdir(c1) if h[:-5] not in got]
        # 2: seeded with the harvest, as run.py seeds a pass
        c2 = os.path.join(tmp, "c2")
        os.makedirs(c2)
        for h, (pv, v, s) in got.items():
            open(os.path.join(c2, h + ".json"), "w").write(
                '{ "prover": "%s", "verdict": "%s", "time": 0, "steps": %d }\n' % (pv, v, s))
        st, log = wp(env, provers, tmp, "2", c2)
        p, n = status(st, "probe_linear_ensures_proves"), status(st, "probe_product_ensures_never")
        ran = set(h[:-5] for h in os.listdir(c2)) - set(got)
        if (not p or not p.startswith("Valid") or not n or n.startswith("Valid") or "(cached)" not in n
                or never in ran or len(ran) != 1):
            print("FAIL 2: seeded: proves %r, never %r, CVC4's new entries %r" % (p, n, ran))
            bad += 1
        else:
            print("2: seeded: proves %s, never %s (not sent to CVC4: one new entry, proves')" % (p, n))
        # 3: a wrong entry, stepout for proves' goal, at the limit
        if len(proves) != 1:
            print("FAIL 3: %d entries of proves' goal in the first cache (want 1)" % len(proves))
            bad += 1
        else:
            c3 = os.path.join(tmp, "c3")
            os.makedirs(c3)
            open(os.path.join(c3, proves[0]), "w").write(
                '{ "prover": "CVC4:1.8", "verdict": "stepout", "time": 0, "steps": %d }\n' % STEPS)
            st, _ = wp(env, provers, tmp, "3", c3)
            p = status(st, "probe_linear_ensures_proves")
            c4 = os.path.join(tmp, "c4")
            shutil.copytree(c3, c4)
            st4, _ = wp(env, provers, tmp, "4", c4, steps=2 * STEPS)
            p4 = status(st4, "probe_linear_ensures_proves")
            if not p or p.startswith("Valid") or not p4 or not p4.startswith("Valid"):
                print("FAIL 3: a wrong stepout entry: proves %r at the entry's limit (want not Valid), %r at twice it "
                      "(want Valid)" % (p, p4))
                bad += 1
            else:
                print("3: a wrong entry: proves %s at its limit (the unit would fail), %s at twice it" % (p, p4))
        # 4: run.py's reader
        for line, what in [("%s\tCVC4:1.8\tvalid\t100" % ("0" * 32), "a valid verdict"),
                           ("%s\tCVC4:1.8\tstepout" % ("0" * 32), "three fields"),
                           ("XYZ\tCVC4:1.8\tstepout\t1", "a digest that is not one")]:
            d = os.path.join(tmp, "list")
            os.makedirs(d, exist_ok=True)
            open(os.path.join(d, "probe.tsv"), "w").write("# SPDX-License-Identifier: Apache-2.0 OR MIT\n" + line + "\n")
            saved, run.UNPROVED_DIR = run.UNPROVED_DIR, d
            try:
                with contextlib.redirect_stdout(io.StringIO()):   # its FAIL line: the refusal wanted here
                    run.unproved_list("probe")
                print("FAIL 4: run.py took a list with %s" % what)
                bad += 1
            except SystemExit as e:
                if e.code != 1:
                    print("FAIL 4: run.py exited %r on a list with %s (want 1)" % (e.code, what))
                    bad += 1
            finally:
                run.UNPROVED_DIR = saved
        if not bad:
            print("4: run.py refuses a list with a valid verdict, three fields, a bad digest")
    print("OK" if not bad else "FAIL (%d)" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

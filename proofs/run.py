#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Runs one proof unit (proofs/units.py) with Frama-C and checks its result.

  run.py UNIT --build DIR            the proof: exit 0 when every goal is proved or is in
                                     proofs/justified_alarms.md, 1 otherwise
  run.py UNIT --build DIR --mutants  non-vacuity: each proofs/mutants/UNIT-*.patch, applied to a
                                     copy of the sources in DIR, must leave a goal unproved
                                     (exit 1 if one of them proves clean)
Exit 77 (ctest's SKIP_RETURN_CODE) with the reason when Frama-C or a prover is absent.
Every property the report lists with a status other than Valid counts, unless a row of
justified_alarms.md names it exactly (unit, function, kind, property text); a justified row
that no longer matches anything is an error too, so the list stays exact.
"""
import argparse, csv, os, re, shutil, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import units  # noqa: E402

SKIP = 77


def skip(msg):
    print("SKIP: " + msg)
    sys.exit(SKIP)


def why3_env(build):
    """A Why3 configuration listing the provers found here (WP reads WHY3CONFIG)."""
    env = dict(os.environ)
    conf = os.path.join(build, "why3.conf")
    if not os.path.exists(conf):
        if not shutil.which("why3"):
            skip("why3 is not installed (Debian: why3; .ci/deps/70-proofs.sh)")
        subprocess.run(["why3", "config", "detect"], env=dict(env, WHY3CONFIG=conf),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    env["WHY3CONFIG"] = conf
    text = open(conf).read() if os.path.exists(conf) else ""
    found = [p for p in units.PROVERS if re.search(r'name = "%s"' % re.escape(units.PROVER_NAMES[p]), text)]
    if not found:
        skip("no SMT prover for WP (Debian: z3, cvc4)")
    return env, found


def justified(unit):
    """Rows of justified_alarms.md for this unit: (function, kind, property) -> count."""
    rows = {}
    for line in open(os.path.join(HERE, "justified_alarms.md")):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 6 and cells[0] == unit:
            key = (cells[1], cells[2], cells[3].strip("`"))
            rows[key] = rows.get(key, 0) + int(cells[4])
    return rows


def norm(s):
    return " ".join(s.split())


def analyse(unit, src_root, build, tag, fcts=None):
    """Runs Frama-C/WP; returns (list of unproved (function, kind, property, where), #valid)."""
    cfg = units.UNITS[unit]
    env, provers = why3_env(build)
    out = os.path.join(build, "proof_" + unit + tag)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    csvf = os.path.join(out, "report.csv")
    cmd = ["frama-c", "-c11", "-cpp-extra-args=" + " ".join(units.CPP + ["-I" + os.path.join(src_root, d) for d in ("include", "src")])]
    cmd += [os.path.join(src_root, f) for f in cfg["files"]]
    cmd += ["-wp", "-wp-rte", "-wp-prover", ",".join(provers), "-wp-timeout", str(cfg.get("timeout", 10)),
            "-wp-par", str(os.cpu_count() or 2), "-wp-out", os.path.join(out, "wp"), "-wp-msg-key=-shell"]
    cmd += cfg.get("extra", [])
    fcts = fcts or cfg.get("functions")
    if fcts:
        cmd += ["-wp-fct", ",".join(fcts)]
    cmd += ["-then", "-report-csv", csvf, "-report-no-proven"]
    t0 = time.time()
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log = os.path.join(out, "frama-c.log")
    open(log, "w").write(r.stdout)
    dt = time.time() - t0
    m = re.search(r"Proved goals:\s+(\d+)\s*/\s*(\d+)", r.stdout)
    if r.returncode != 0 or not m or not os.path.exists(csvf):
        print(r.stdout[-4000:])
        print("FAIL: Frama-C did not finish (exit %d); log in %s" % (r.returncode, log))
        sys.exit(1)
    bad = []
    with open(csvf, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            st = row.get("status", "")
            if st.startswith("Valid") or st in ("Considered valid",):
                continue
            # a callee's precondition is also listed once at the callee, consolidated over
            # every call site, proved or not tried; the call sites of the functions proved
            # here are listed under them, so only those rows count
            if row.get("property kind", "") == "precondition":
                continue   # the consolidated row at the callee: each call site has its own
            if fcts and row.get("function", "") not in fcts:
                continue
            bad.append((row.get("function", ""), row.get("property kind", ""), norm(row.get("property", "")),
                        "%s:%s" % (row.get("file", ""), row.get("line", "")), st))
    print("%s%s: WP proved %s of %s goals in %.0f s (%s); log %s"
          % (unit, tag, m.group(1), m.group(2), dt, ",".join(provers), log))
    return bad, int(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("unit", choices=sorted(units.UNITS))
    ap.add_argument("--build", required=True)
    ap.add_argument("--mutants", action="store_true")
    a = ap.parse_args()
    if not shutil.which("frama-c"):
        skip("frama-c is not installed (Debian 12: frama-c-base; .ci/deps/70-proofs.sh)")
    os.makedirs(a.build, exist_ok=True)
    if not a.mutants:
        bad, _ = analyse(a.unit, ROOT, a.build, "")
        want = justified(a.unit)
        seen = {}
        fails = 0
        for fn, kind, prop, where, st in bad:
            key = (fn, kind, prop)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > want.get(key, 0):
                fails += 1
                print("UNPROVED (not in justified_alarms.md): %s | %s | %s | %s at %s" % (fn, kind, prop, st, where))
            else:
                print("justified: %s | %s | %s at %s" % (fn, kind, prop, where))
        for key, n in want.items():
            if seen.get(key, 0) != n:
                fails += 1
                print("STALE justified_alarms.md row (%d listed, %d found): %s" % (n, seen.get(key, 0), " | ".join(key)))
        print("%s: %d unproved, %d justified, %s" % (a.unit, len(bad), sum(want.values()),
                                                     "FAIL" if fails else "OK"))
        sys.exit(1 if fails else 0)
    # mutants: each must leave something unproved
    pats = sorted(f for f in os.listdir(os.path.join(HERE, "mutants")) if f.startswith(a.unit + "-") and f.endswith(".patch"))
    if not pats:
        print("FAIL: no mutant for " + a.unit)
        sys.exit(1)
    fails = 0
    for p in pats:
        path = os.path.join(HERE, "mutants", p)
        text = open(path).read()
        fcts = re.search(r"^# wp-fct: (.*)$", text, re.M)
        copy = os.path.join(a.build, "mutant_" + p[:-6])
        shutil.rmtree(copy, ignore_errors=True)
        for d in ("include", "src"):
            shutil.copytree(os.path.join(ROOT, d), os.path.join(copy, d))
        r = subprocess.run(["patch", "-p1", "-s", "-d", copy, "-i", path], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            print(r.stdout)
            print("FAIL: mutant %s does not apply" % p)
            fails += 1
            continue
        bad, _ = analyse(a.unit, copy, a.build, "_" + p[:-6], fcts.group(1).split(",") if fcts else None)
        if bad:
            print("mutant %s: rejected (%d goals unproved, e.g. %s at %s)" % (p, len(bad), " | ".join(bad[0][:3]), bad[0][3]))
        else:
            print("FAIL: mutant %s proves clean: the proof cannot see this defect" % p)
            fails += 1
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()

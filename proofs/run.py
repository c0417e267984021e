#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Runs one proof unit (proofs/units.py) with Frama-C and checks its result.

  run.py UNIT --build DIR            the proof: exit 0 when every goal is proved or is in
                                     proofs/justified_alarms.md, 1 otherwise
  run.py UNIT --build DIR --mutants  non-vacuity: each proofs/mutants/UNIT-*.patch, applied to a
                                     copy of the sources in DIR, must leave a goal unproved that
                                     justified_alarms.md does not list (exit 1 if one of them
                                     proves clean but for those); a patch with # expect: may
                                     carry # wp-steps: N, its own step limit (docs/ASSURANCE.md,
                                     "Time", session 40); one with # slow: (its CPU in a CI run)
                                     runs only with KF_SLOW_PROOFS=1, as the slow passes' mutants;
                                     each unit keeps one mutant in every run (session 57)
  run.py UNIT --build DIR --vacuity  the vacuity audit alone: the guard below on every call of
                                     kf_memzero, kf_wipe, memcpy, memmove, memset and memcmp in the
                                     unit's proved functions (not in ctest: the guard in the proof
                                     covers the calls that can matter); --vac-steps N: its checks'
                                     step limit (default VAC_STEPS), "unit": each pass's own limit
  run.py UNIT --build DIR --functions F,G [--steps N]
                                     a developer's run, not a check: WP on the named functions
                                     only (pending ones too, with the unit's options), each goal
                                     left unproved printed with its status; exit 0 when all are
                                     proved (no justified rows, vacuity guard or mutants)
  run.py UNIT --build DIR --low-check  units.LOW's names proved at the unit's own step limits (no
                                     time limit): each goal's status, and per name the count left
                                     unproved, which must be units.LOW's (not in ctest)
Exit 77 (ctest's SKIP_RETURN_CODE) with the reason when Frama-C or a prover is absent.
The vacuity guard (docs/ASSURANCE.md, "The tool's assumptions"), part of the proof: WP assumes a
call's precondition after the call and an assertion after it, proved or not; one false in WP's
model (a local object seen as bytes) makes every goal after it proved from a false hypothesis.
After the proof, each call whose precondition and each assertion the proof left unproved gets
`/*@ check vac_N: \false; */` right after it in a copy of the sources (an ACSL check is no
hypothesis of other goals: one run for all), run with the unit's options at VAC_STEPS; the unit
fails if one is proved, naming the function and the line. A mutant with "# guard: vacuity" must
be rejected that way (the proof of its # wp-fct: functions, then the guard on what it leaves).
Every property the report lists with a status other than Valid counts, unless a row of
justified_alarms.md names it exactly (unit, function, kind, property text); a justified row
that no longer matches anything is an error too, so the list stays exact.
WP's "call point" goals of an ACSL `calls` annotation (a call through a function pointer is a
call of the named specification function) are not in the report; run.py counts them from the
log: they fail the unit unless units.py says it assumes them ("calls_assumed", the sponge's
backend table: docs/ASSURANCE.md), and then it prints how many.
The properties units.LOW names (justified ones) are left out of a pass's main round and proved in
a second round of the same Frama-C run at units.LOW_STEPS: still in the report, still checked
against justified_alarms.md, without CVC4 running each to the unit's limit; per name, the low
round must leave exactly units.LOW's count of goals unproved (the count the unit's own limit leaves,
--low-check), so that a goal proved at the limit cannot fail unseen behind its property's row.
A unit with units.LOW names may have a "slow" pass only if that pass selects none of them (session 54):
its low round must generate no goal, so units.LOW's counts are the same whether it runs or not; run.py
checks it when the slow pass runs (KF_SLOW_PROOFS=1) and fails the unit otherwise.
The known-unproved list (session 55; docs/ASSURANCE.md, "Rerunning"): proofs/unproved/UNIT.tsv names the goals
a passing run of the unit left unproved (its justified goals, the call points it assumes, the low rounds'), each
by WP's digest of the prover's task with the verdict CVC4 gave (stepout or unknown, never valid) and its steps.
Each pass starts with those entries in a WP cache of its own (-wp-cache update, in the pass's directory), so
CVC4 is not run again on a goal whose task is the same byte for byte and whose verdict at that limit cannot
change (CVC4's step count is deterministic; WP reuses a stepout only at a limit no higher than its steps). A
goal whose task changed misses and is proved or not as before: an entry can only say "not proved", so it can
never prove a goal, and run.py refuses a list with any other verdict. A run says how many goals it ran to the
end that the list lacks (BUILD/proof_UNIT_unproved.tsv: the list and those); `run.py UNIT --build DIR
--refresh-unproved` runs every goal (no list) and writes the exact list into proofs/unproved/. KF_PROOF_CACHE=0
runs every goal. Mutants and the vacuity guard never use it.
"""
import argparse, csv, os, re, shutil, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import units  # noqa: E402

SKIP = 77

# Frama-C for WP with only the plug-ins it uses: WP (the kernel loads what it needs, RTE for -wp-rte),
# the report, and Variadic, whose translation of variadic calls (cli_io.c's fprintf) is on by default
# and changes the AST. Its start is then 0.12 s of CPU instead of 0.25 s with every installed plug-in
# autoloaded, for each of the ~180 WP runs of the proof stage; the normalised AST (`-print`) of every
# WP unit's files is the same either way (docs/ASSURANCE.md, "Time", session 44). Eva's units keep
# the autoload: Eva needs more of them (without Inout it loses precision and time).
FRAMAC_WP = ["frama-c", "-no-autoload-plugins", "-load-module", "wp,report,variadic"]
# Frama-C's OCaml runtime: its major heap collected less often (space_overhead 400 against OCaml
# 4.13's 80; minor heap 1M words). Only the collector's pace changes, not what WP computes: the
# same goals, the same tasks, the same verdicts; Qed's CPU about 14 % less (docs/ASSURANCE.md,
# "Time", session 57). A caller's own OCAMLRUNPARAM is kept.
OCAML_GC = "s=1M,o=400"


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
        skip("no SMT prover for WP (Debian: cvc4)")
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


def slow_proofs():
    """Whether the passes marked "slow" in units.py run (KF_SLOW_PROOFS=1; ctest sets it under
    -DKF_SLOW_TESTS=ON)."""
    return os.environ.get("KF_SLOW_PROOFS", "") not in ("", "0")


def slow_functions(unit):
    """The functions of the unit's "slow" passes (whether they run or not)."""
    return [f for p in units.UNITS[unit].get("passes", []) if p.get("slow") for f in p.get("functions", [])]


def slow_skipped(unit):
    """The functions of the unit's "slow" passes when they do not run (slow_proofs())."""
    if slow_proofs():
        return []
    return [f for p in units.UNITS[unit].get("passes", []) if p.get("slow") for f in p.get("functions", [])]


def slow_only(unit):
    """slow_skipped's functions that no pass of the default run proves in part (s69-vbatch: verify_decode is in
    mldsa_verify's second pass, its keeps in a slow pass of their own: its mutants of the default pass still run)."""
    always = set(f for p in units.UNITS[unit].get("passes", []) if not p.get("slow") for f in p.get("functions") or [])
    return [f for f in slow_skipped(unit) if f not in always]


UNPROVED_DIR = os.path.join(HERE, "unproved")
UNPROVED_VERDICTS = ("stepout", "unknown")
# this run's harvest: digest -> (prover, verdict, steps), from each pass's WP cache (analyse_pass)
HARVEST = {}
# whether the passes start from the known-unproved list, and whether they harvest it (main(), proof runs only)
USE_LIST = [False]
HARVESTING = [False]
# the mutants' seed: BUILD/proof_UNIT_results, the WP results of this build's proof run of the unit (main())
MUTANT_SEED = [None]


def cache_entries(d):
    """The entries of a WP cache directory: (file name, digest, prover, verdict, steps, text) each."""
    for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        m = re.fullmatch(r"([0-9a-f]{32})\.json", name)
        if not m:
            continue
        text = open(os.path.join(d, name)).read()
        v = re.search(r'"verdict":\s*"(\w+)"', text)
        p = re.search(r'"prover":\s*"([^"]+)"', text)
        st = re.search(r'"steps":\s*(\d+)', text)
        if v and p:
            yield name, m.group(1), p.group(1), v.group(1), int(st.group(1)) if st else 0, text


def keep_results(unit, build, n):
    """After a proof run: its passes' WP caches (n passes) merged into BUILD/proof_UNIT_results, for the
    unit's mutants. Per digest the valid result if a pass proved it (WP reuses it at a limit no lower than
    its steps), else the unproved one with the most steps (reused at a limit no higher)."""
    keep = {}
    for i in range(n):
        for name, _, _, verdict, steps, text in cache_entries(os.path.join(build, "proof_%s_%d" % (unit, i), "cache")):
            if verdict not in ("valid",) + UNPROVED_VERDICTS:
                continue
            rank = (verdict == "valid", steps)
            if name not in keep or rank > keep[name][0]:
                keep[name] = (rank, text)
    out = os.path.join(build, "proof_%s_results" % unit)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    for name, (_, text) in keep.items():
        open(os.path.join(out, name), "w").write(text)


def use_unproved_list():
    """KF_PROOF_CACHE=0: no known-unproved list (every goal goes to CVC4)."""
    return os.environ.get("KF_PROOF_CACHE", "1") not in ("0", "")


def unproved_path(unit):
    return os.path.join(UNPROVED_DIR, unit + ".tsv")


def unproved_list(unit):
    """proofs/unproved/UNIT.tsv: digest -> (prover, verdict, steps); exits 1 on any line that is not a
    well-formed entry with a verdict of UNPROVED_VERDICTS (an entry may never say valid)."""
    out = {}
    path = unproved_path(unit)
    if not os.path.exists(path):
        return out
    for n, line in enumerate(open(path), 1):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        f = line.split("\t")
        if (len(f) != 4 or not re.fullmatch(r"[0-9a-f]{32}", f[0]) or f[2] not in UNPROVED_VERDICTS
                or not f[3].isdigit()):
            print("FAIL: %s:%d is not `digest<TAB>prover<TAB>stepout|unknown<TAB>steps`: %r" % (path, n, line))
            sys.exit(1)
        out[f[0]] = (f[1], f[2], int(f[3]))
    return out


def seed_cache(unit, d, seed):
    """A pass's own WP cache directory, seeded with the unit's known-unproved entries if seed, and for a
    mutant with the results of this build's proof run of the unit (MUTANT_SEED)."""
    os.makedirs(d, exist_ok=True)
    if MUTANT_SEED[0] and os.path.isdir(MUTANT_SEED[0]):
        for name in os.listdir(MUTANT_SEED[0]):
            shutil.copy(os.path.join(MUTANT_SEED[0], name), os.path.join(d, name))
    # seed False (--refresh-unproved): no list, so every goal goes to CVC4 and the list written after is exactly
    # this run's unproved goals (before session 61 the list was seeded all the same: a refreshed list kept every
    # stale entry)
    for h, (prover, verdict, steps) in (unproved_list(unit) if seed else {}).items():
        with open(os.path.join(d, h + ".json"), "w") as f:
            f.write('{ "prover": "%s", "verdict": "%s", "time": 0, "steps": %d }\n' % (prover, verdict, steps))


def harvest_cache(d):
    """The unproved entries of a pass's cache after its run: its seeds and the goals CVC4 did not prove."""
    for _, digest, prover, verdict, steps, _ in cache_entries(d):
        if verdict in UNPROVED_VERDICTS:
            HARVEST[digest] = (prover, verdict, steps)


def write_harvest(unit, build, refresh):
    """This run's list into BUILD/proof_UNIT_unproved.tsv (and proofs/unproved/ with refresh: a run without
    the list, so exactly its unproved goals); a note when goals the list lacks ran CVC4 to the end."""
    lines = ["# SPDX-License-Identifier: Apache-2.0 OR MIT",
             "# The goals a passing run of proof unit %s left unproved, by WP's digest of CVC4's task: digest, prover,"
             % unit,
             "# verdict, steps (proofs/run.py's docstring). Written by `run.py %s --build DIR --refresh-unproved`." % unit]
    lines += ["%s\t%s\t%s\t%d" % (h, p, v, st) for h, (p, v, st) in sorted(HARVEST.items())]
    text = "\n".join(lines) + "\n"
    open(os.path.join(build, "proof_%s_unproved.tsv" % unit), "w").write(text)
    if refresh:
        os.makedirs(UNPROVED_DIR, exist_ok=True)
        open(unproved_path(unit), "w").write(text)
        print("%s: wrote %s (%d goals)" % (unit, os.path.relpath(unproved_path(unit), ROOT), len(HARVEST)))
        return
    old = unproved_list(unit)
    new = [h for h in HARVEST if h not in old]
    if new:
        print("%s: NOTE: %d unproved goals ran CVC4 to the end that proofs/unproved/%s.tsv does not list "
              "(`run.py %s --build DIR --refresh-unproved` remakes it)" % (unit, len(new), unit, unit))
    else:
        print("%s: the known-unproved list (%d goals, proofs/unproved/%s.tsv) covers this run's"
              % (unit, len(old), unit))


def passes(unit, fcts=None, loose=False, whole=False):
    """The unit's Frama-C runs: (functions, extra options) per pass, restricted to fcts if given;
    without a "slow" pass unless slow_proofs(). loose (--functions): the names of fcts no pass
    lists (pending ones) get a pass of their own with the unit's options. whole: a pass's "props"
    not split (one run of all its properties: a mutant's own # wp-prop: selection, the vacuity guard)."""
    cfg = units.UNITS[unit]
    out = []
    if loose and fcts:
        listed = [f for p in cfg.get("passes", [{"functions": cfg.get("functions")}]) for f in p.get("functions") or []]
        extra = [f for f in fcts if listed and f not in listed]   # (no list: every function of the files)
        if extra:
            out.append((extra, cfg.get("extra", [])))
        fcts = [f for f in fcts if f not in extra]
        if not fcts:
            return out
    for p in cfg.get("passes", [{"functions": cfg.get("functions"), "extra": []}]):
        if p.get("slow") and not slow_proofs() and not loose:   # (a developer names a slow pass's function)
            continue
        fs = p.get("functions")
        if fcts:
            fs = [f for f in (fs or fcts) if f in fcts]
            if not fs:
                continue
        extra = cfg.get("extra", []) + p.get("extra", [])
        if p.get("props") and not whole:
            # s62-kem2: a pass's "props" (property names) proved in a Frama-C run of their own, the rest of
            # the pass's properties in another (-wp-prop; prop_kept keeps each run's own rows only)
            out.append((fs, extra + ["-wp-prop=" + ",".join("-" + n for n in p["props"])]))
            out.append((fs, extra + ["-wp-prop=" + ",".join(p["props"])]))
            continue
        out.append((fs, extra))
    if fcts and not out:
        print("FAIL: %s names functions no pass of %s proves" % (",".join(fcts), unit))
        sys.exit(1)
    return out


# A function definition: it starts at column 0; its name is the last word before the parameter
# list; matched in code whose comments (ghost parameters too) and __attribute__((...)) are blanked.
DEFINITION = re.compile(r"^(?:static\s+)?(?:inline\s+)?(?:const\s+)?[A-Za-z_][\w ]*?[\s*]\**(\w+)\([^;{]*?\)\s*\{", re.M)


def _blank_attributes(code):
    """code with each __attribute__((...)) turned to spaces (same length, newlines kept)."""
    out, i = [], 0
    for m in re.finditer(r"\b__attribute__\s*\(", code):
        if m.start() < i:
            continue
        j, depth = m.end() - 1, 0
        while j < len(code):
            depth += {"(": 1, ")": -1}.get(code[j], 0)
            if depth == 0:
                break
            j += 1
        out += [code[i:m.start()], re.sub(r"[^\n]", " ", code[m.start():j + 1])]
        i = j + 1
    return "".join(out + [code[i:]])


def defined_functions(unit):
    """The functions the unit's files define (DEFINITION)."""
    names = []
    for f in units.UNITS[unit]["files"]:
        text = open(os.path.join(ROOT, f)).read()
        names += DEFINITION.findall(_blank_attributes(_blank_comments(text)))
    return names


def analyse(unit, src_root, build, tag, fcts=None, prop=None, steps=None, loose=False):
    """Runs Frama-C/WP, pass by pass; returns (list of unproved (function, kind, property, where), #valid,
    list of the call-point goals not proved, list of (goal, status) WP tried and did not prove).
    steps: a mutant's own step limit (its # wp-steps:), after the pass's (the last -wp-steps wins)."""
    bad, valid, calls, tried = [], 0, [], []
    slow = slow_functions(unit)
    # a mutant's # wp-prop: replaces a pass's "props" selection (whole: its two runs as one)
    for i, (fs, extra) in enumerate(passes(unit, fcts, loose, whole=bool(prop))):
        n0 = len(LOW_ROUND)
        # (a mutant's selection in place of the pass's own -wp-prop=: WP 25 joins the two, s69-vbatch)
        b, v, c, t = analyse_pass(unit, src_root, build, "%s_%d" % (tag, i), fs,
                                  (own_selection_out(extra) + ["-wp-prop", prop] if prop else extra) +
                                  (["-wp-steps", str(steps)] if steps else []))
        if fs and all(f in slow for f in fs):
            # a slow pass's low round: moved to SLOW_LOW (low_guard fails the unit if it has a goal)
            SLOW_LOW.extend(LOW_ROUND[n0:])
            del LOW_ROUND[n0:]
        bad += [x for x in b if prop_kept(extra, x[2])]
        valid += v
        calls += c
        tried += t
    return bad, valid, calls, tried


def own_selection_out(extra):
    """A pass's options without its own -wp-prop= selection (units.py "extra"): where a mutant's # wp-prop: or the
    vacuity guard's checks select the goals (WP 25 joins two -wp-prop options; mldsa_verify's second pass leaves
    verify_decode's keeps to a slow pass so, s69-vbatch)."""
    return [x for x in extra if not x.startswith("-wp-prop=")]


def prop_kept(extra, prop):
    """Whether a report row's property (its text) is one of a pass's own (units.py's "props": a pass's
    -wp-prop=NAMES proves NAMES only, -wp-prop=-NAMES all but NAMES; the report lists the others as Unknown)."""
    sel = [x[len("-wp-prop="):] for x in extra if x.startswith("-wp-prop=")]
    if not sel:
        return True
    names = sel[-1].split(",")
    m = re.match(r"(\w+):", prop)
    name = m.group(1) if m else None
    if all(n.startswith("-") for n in names):
        return name not in [n[1:] for n in names]
    return name in names


def step_limit(unit):
    """The unit's CVC4 step limit: units.STEP_LIMITS's if it names the unit, else its "steps"."""
    return getattr(units, "STEP_LIMITS", {}).get(unit, units.UNITS[unit].get("steps"))


def pass_steps(unit, extra):
    """The step limit a pass with these options runs at: its own (units.py "passes", or a mutant's
    # wp-steps:), the last -wp-steps of extra winning, else the unit's (step_limit)."""
    if "-wp-steps" in extra:
        return int(extra[len(extra) - 1 - extra[::-1].index("-wp-steps") + 1])
    return step_limit(unit)


def analyse_pass(unit, src_root, build, tag, fcts, extra, guard=False):
    """One Frama-C run; guard: a pass of the vacuity guard (without units.NO_GROUND's and units.NO_PRUNING's options)."""
    cfg = units.UNITS[unit]
    if cfg.get("tool") == "eva":
        return analyse_eva(unit, src_root, build, tag, fcts, extra)
    env, provers = why3_env(build)
    out = os.path.join(build, "proof_" + unit + tag)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    csvf = os.path.join(out, "report.csv")
    cpp = units.CPP + ["-I" + os.path.join(src_root, d) for d in ["include", "src"] + cfg.get("includes", [])]
    cpp += ["-include " + os.path.join(HERE, h) for h in cfg.get("preinclude", [])]   # not mutated: from proofs/
    cmd = FRAMAC_WP + ["-c11", "-cpp-extra-args=" + " ".join(cpp)]
    cmd += [os.path.join(src_root, f) for f in cfg["files"]]
    cmd += ["-wp", "-wp-rte", "-wp-prover", ",".join(provers), "-wp-timeout", str(cfg.get("timeout", 10)),
            "-wp-par", str(os.cpu_count() or 2), "-wp-out", os.path.join(out, "wp"), "-wp-msg-key=-shell"]
    seeded = HARVESTING[0] and not guard
    if seeded:   # the pass's own cache: the known-unproved list (unless --refresh-unproved), then what CVC4 gives
        seed_cache(unit, os.path.join(out, "cache"), USE_LIST[0])
        cmd += ["-wp-cache", "update", "-wp-cache-dir", os.path.join(out, "cache")]
    steps = step_limit(unit)
    if steps:
        cmd += ["-wp-steps", str(steps)]   # the prover's own step count: load-independent
    if unit in getattr(units, "NO_GROUND", ()) and not guard:
        cmd += ["-wp-no-ground"]
    if unit in getattr(units, "NO_PRUNING", ()) and not guard:
        cmd += ["-wp-no-pruning"]
    cmd += extra
    steps = pass_steps(unit, extra)
    # units.LOW's names: the main round leaves them out, a second round of the same Frama-C run (no
    # second parse) proves exactly them at the low limit (not in the vacuity guard's passes, nor in
    # a mutant's own # wp-prop: selection)
    low = sorted(units.LOW.get(unit, {})) if not guard and "-wp-prop" not in extra else None
    if low:
        cmd += ["-wp-prop=" + ",".join("-" + n for n in low)]
    if fcts:
        cmd += ["-wp-fct", ",".join(fcts)]
    if low:
        cmd += ["-then", "-wp-prop", ",".join(low), "-wp-steps", str(units.LOW_STEPS)]
        cmd += ["-wp-fct", ",".join(fcts)] if fcts else []
    cmd += ["-then", "-report-csv", csvf, "-report-no-proven"]
    t0 = time.time()
    c0 = os.times()
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    # the CPU of Frama-C and the provers it ran (user + sys of the waited-for children): what CI pays;
    # the wall time is the load's
    cpu = sum(os.times()[2:4]) - sum(c0[2:4])
    log = os.path.join(out, "frama-c.log")
    open(log, "w").write(r.stdout)
    if seeded:
        harvest_cache(os.path.join(out, "cache"))
    dt = time.time() - t0
    rounds = re.split(r"^\[wp\] Running WP plugin\.\.\.$", r.stdout, flags=re.M)[1:]
    # each round's "Proved goals: N / M"; the low round's "No goal generated" when a mutant's # wp-fct:
    # functions have none of its properties
    sums = [re.search(r"Proved goals:\s+(\d+)\s*/\s*(\d+)", x) for x in rounds]
    sums = [(int(x.group(1)), int(x.group(2))) if x else (0, 0) if i and "No goal generated" in rounds[i] else None
            for i, x in enumerate(sums)]
    m = sums[0] if len(sums) == (2 if low else 1) and all(sums) else None
    if r.returncode != 0 or not m or not os.path.exists(csvf):
        print(r.stdout[-4000:])
        print("FAIL: Frama-C did not finish (exit %d); log in %s" % (r.returncode, log))
        sys.exit(1)
    bad = unproved_rows(csvf, fcts)
    # the call points of `calls` annotations: WP goals that the report does not list (from the main
    # round: the low round makes them again for the functions it selects, at its limit)
    main = rounds[0]
    calls = [g for g in re.findall(r"^\[wp\] \[[^]]*\] Goal (\S+_call_point_\S+)(.*)$", main, re.M)
             if not g[1].strip().startswith(": Valid")]
    # WP's summary "CVC4 <version>: N (min-mean-max time) (steps)": the most steps a goal it proved took,
    # the figure units.py's STEP_LIMITS are set from (at least twice it)
    most = re.search(r"^\s+CVC4 [0-9.]+:\s+\d+\s+\([^)]*\)\s+\((\d+)\)", main, re.M)
    # both of WP's formats: "[wp] [P] Goal G : STATUS (cached)" and "[wp] [Failed] Goal G" then "  CVC4 1.8: STATUS (cached)"
    reused = len(re.findall(r"^(?:\[wp\] \[[^]]*\] Goal \S+ :|\s+CVC4 [0-9.]+:) (?!Valid).*\(cached\)", r.stdout, re.M))
    listed = (", %d unproved verdicts reused (known-unproved list%s)"
              % (reused, ", this build's proof results" if MUTANT_SEED[0] else "")) if seeded else ""
    print("%s%s: WP proved %s of %s goals in %.0f s, %.1f s of CPU (%s, step limit %s, the most steps of a proved goal %s%s); log %s"
          % (unit, tag, m[0], m[1], dt, cpu, ",".join(provers), steps or "none",
             most.group(1) if most else "none", listed, log))
    # the twice rule (docs/ASSURANCE.md, "Time"): a pass's limit is at least twice its hardest proved
    # goal, headroom against a nearby change (CVC4's step count is deterministic: no random failure);
    # a proof pass under it is named here, not failed (units.TWICE_EXCEPTIONS says why for each)
    if most and steps and re.fullmatch(r"_\d+", tag) and 2 * int(most.group(1)) > int(steps):
        print("%s%s: NOTE: the hardest proved goal (%s steps) is over half the step limit %s (the twice rule; %s)"
              % (unit, tag, most.group(1), steps,
                 getattr(units, "TWICE_EXCEPTIONS", {}).get(unit, "raise the limit in proofs/units.py")))
    if low:
        # the low round's goals, but the call points it makes again (the main round's count)
        again = len(re.findall(r"^\[wp\] \[[^]]*\] Goal \S+_call_point_\S+ : Valid", rounds[1], re.M))
        print("%s%s: and %s of %s goals of the properties %s at step limit %d (units.LOW; with the call points it "
              "makes again)" % (unit, tag, sums[1][0], sums[1][1], ",".join(low), units.LOW_STEPS))
    # the goals WP tried and did not prove: "[wp] [Failed] Goal NAME" and the prover's verdict on
    # the next lines, or (WP's other format) "[wp] [PROVER] Goal NAME : STATUS"
    # (the low round's, but the call points it makes again)
    failed = []
    for i, text in enumerate(rounds):
        f = [(g, st.strip()) for g, st in re.findall(r"^\[wp\] \[Failed\] Goal (\S+).*\n\s*(.*)$", text, re.M)]
        f += [(g, st.strip()) for g, st in re.findall(r"^\[wp\] \[[^]]*\] Goal (\S+) : (.*)$", text, re.M)
              if not st.strip().startswith("Valid")]
        failed += [x for x in f if i == 0 or "_call_point_" not in x[0]]
        if i == 1:
            # the low round's goals per units.LOW name, each with its status (run.py's main(): the
            # count left unproved is checked against units.LOW's)
            proved = re.findall(r"^\[wp\] \[[^]]*\] Goal (\S+) : Valid", text, re.M)
            for g, st in [(g, "Valid") for g in proved] + [x for x in f]:
                if "_call_point_" not in g:
                    LOW_ROUND.append((low_name(g, low), g, st))
    valid = m[0] + (sums[1][0] - again if low else 0)
    return bad, valid, sorted(set(re.sub(r"_part\d+$", "", g[0]) for g in calls)), failed   # one per call


# the goals of units.LOW's low rounds in this run: (name, goal, status), filled by analyse_pass
LOW_ROUND = []
# those of the slow passes' low rounds (analyse): a slow pass may select no units.LOW name, so none
SLOW_LOW = []


def low_name(goal, names):
    """The units.LOW name a WP goal is of: the name that ends last in the goal's name as a word
    between underscores (typed_cast_FUNCTION_assert_NAME_2, .._call_memcmp_requires_NAME_s1), the
    longest of those ending there; None if no name is in it."""
    best = None
    for n in names:
        for m in re.finditer(r"(?<=_)%s(?=_|$)" % re.escape(n), goal):
            key = (m.end(), len(n))
            if best is None or key > best[0]:
                best = (key, n)
    return best[1] if best else None


def low_counts(goals, names):
    """{name: (goals, not proved)} of (name, goal, status) triples; None for goals of no name."""
    out = {n: [0, 0] for n in list(names) + [None]}
    for n, _, st in goals:
        out[n][0] += 1
        out[n][1] += 0 if st.startswith("Valid") else 1
    return out


def low_guard(unit):
    """units.LOW's guard: per name, the goals its low round left unproved (at LOW_STEPS) must be
    exactly units.LOW's count of goals that the unit's own limit leaves unproved (run.py --low-check
    measures that). One more: a goal the unit's limit proves fails at LOW_STEPS, which a row of its
    property (a row is per property, not per goal) would hide. One fewer: the count is stale.
    Returns the number of failures."""
    want = units.LOW.get(unit, {})
    if not want:
        return 0
    if SLOW_LOW:
        # units.LOW's counts are of the passes that always run: a slow pass's goal of a units.LOW name
        # would make the count depend on KF_SLOW_PROOFS
        print("FAIL: %s's slow pass selects goals of units.LOW names (a slow pass must select none): %s"
              % (unit, ", ".join(g for _, g, _ in SLOW_LOW)))
        return 1
    if slow_skipped(unit):
        print("%s: units.LOW beside a slow pass: that it selects no units.LOW name is checked when it runs "
              "(KF_SLOW_PROOFS=1)" % unit)
    got = low_counts(LOW_ROUND, want)
    fails = 0
    for n in sorted(want):
        tot, bad = got[n]
        ok = bad == want[n]
        fails += not ok
        print("%s: units.LOW %s: %d goals at step limit %d, %d unproved, %d expected (the goals the unit's limit "
              "leaves unproved), %s" % (unit, n, tot, units.LOW_STEPS, bad, want[n], "OK" if ok else "FAIL"))
        if not ok:
            print("  the goals: " + ", ".join("%s: %s" % (g, st) for x, g, st in LOW_ROUND if x == n))
            print("  %s" % ("a goal proved at the unit's limit may fail at LOW_STEPS: take the name out of "
                            "units.LOW or raise no count without run.py --low-check" if bad > want[n] else
                            "a goal of this name proves now: run.py --low-check, then lower the count"))
    if got[None][0]:
        fails += 1
        print("FAIL: goals of the low round of no units.LOW name: " +
              ", ".join(g for x, g, _ in LOW_ROUND if x is None))
    return fails


def low_check(unit, build):
    """run.py --low-check: units.LOW's names of the unit proved at the unit's own limits (each pass's,
    no low round), their goals and statuses; the count of unproved goals per name must be units.LOW's
    (the count the low round must leave at LOW_STEPS). Not in ctest: it costs what LOW saves."""
    want = units.LOW.get(unit, {})
    if not want:
        print("%s: no units.LOW names" % unit)
        return True
    goals = []
    for i, (fs, extra) in enumerate(passes(unit)):
        # no time limit but the step limits (a goal cut by the time backstop under load would be
        # unproved at its limit for the wrong reason)
        _, _, _, _ = analyse_pass(unit, ROOT, build, "_lowcheck_%d" % i, fs,
                                  extra + ["-wp-prop", ",".join(sorted(want)), "-wp-timeout", "36000"])
        log = open(os.path.join(build, "proof_%s_lowcheck_%d" % (unit, i), "frama-c.log")).read()
        ok = re.findall(r"^\[wp\] \[[^]]*\] Goal (\S+) : (.*)$", log, re.M)
        ko = re.findall(r"^\[wp\] \[Failed\] Goal (\S+).*\n\s*(.*)$", log, re.M)
        goals += [(low_name(g, want), g, st.strip()) for g, st in ok + ko if "_call_point_" not in g]
    got = low_counts(goals, want)
    for n, g, st in goals:
        print("  %s: %s: %s" % (n, g, st))
    good = not got[None][0]
    late = [g for _, g, st in goals if "Timeout" in st]
    if late:
        good = False
        print("FAIL: time limit, not step limit, on %s: run again" % ", ".join(late))
    for n in sorted(want):
        good &= got[n][1] == want[n]
        print("%s: %s: %d goals at the unit's limit, %d unproved, units.LOW says %d: %s"
              % (unit, n, got[n][0], got[n][1], want[n], "OK" if got[n][1] == want[n] else "FAIL"))
    return good


def unproved_rows(csvf, fcts):
    """The report's rows not proved, of the functions fcts (all if empty)."""
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
    return bad


def analyse_eva(unit, src_root, build, tag, fcts, extra):
    """Frama-C's Eva from the unit's harness (proofs/harness/): every alarm it raises is a row of
    the report with a status other than Valid. The run must reach every statement of the functions
    it analyses and raise no other warning (a split refused, a degenerated state, ...)."""
    cfg = units.UNITS[unit]
    out = os.path.join(build, "proof_" + unit + tag)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    csvf = os.path.join(out, "report.csv")
    cpp = units.CPP + ["-I" + os.path.join(src_root, d) for d in ["include", "src"] + cfg.get("includes", [])]
    cpp += ["-include " + os.path.join(HERE, h) for h in cfg.get("preinclude", [])]
    cmd = ["frama-c", "-c11", "-cpp-extra-args=" + " ".join(cpp), os.path.join(HERE, cfg["harness"])]
    cmd += [os.path.join(src_root, f) for f in cfg["files"]]
    cmd += ["-eva", "-main", cfg["main"]] + extra
    cmd += ["-then", "-report-csv", csvf, "-report-no-proven"]
    t0 = time.time()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log = os.path.join(out, "frama-c.log")
    open(log, "w").write(r.stdout)
    dt = time.time() - t0
    m = re.search(r"(\d+) alarms? generated by the analysis", r.stdout)
    cov = re.search(r"In these functions, (\d+) statements reached \(out of (\d+)\)", r.stdout)
    if r.returncode != 0 or not m or not cov or not os.path.exists(csvf):
        print(r.stdout[-4000:])
        print("FAIL: Frama-C did not finish (exit %d); log in %s" % (r.returncode, log))
        sys.exit(1)
    bad = unproved_rows(csvf, fcts)
    # statements Eva never reaches: exactly the unit's "unreached" (branches of a macro whose
    # condition is a constant where it is expanded), so code a mutant cuts off is seen
    dead = int(cov.group(2)) - int(cov.group(1))
    if "No errors or warnings raised during the analysis" not in r.stdout or dead != cfg.get("unreached", 0):
        bad.append((cfg["main"], "analysis", "Eva raised a warning or reached %s of %s statements (%d unreached "
                    "expected)" % (cov.group(1), cov.group(2), cfg.get("unreached", 0)), log, "Unknown"))
    print("%s%s: Eva, %s alarms, %s of %s statements reached, in %.0f s; log %s"
          % (unit, tag, m.group(1), cov.group(1), cov.group(2), dt, log))
    return bad, 0, [], []


# The vacuity guard (docs/ASSURANCE.md, "The tool's assumptions"): WP assumes a call's
# preconditions after the call, so a precondition that is false in its memory model (a local
# object seen as bytes: kf_memzero(&s, sizeof s) in Typed+cast) would make every goal after the
# call proved from a false hypothesis. --vacuity puts `/*@ check vac_N: \false; */` right after
# each call to these functions in the unit's proved functions (an ACSL `check` is not a
# hypothesis of later goals, so one copy holds them all) and fails if WP proves any.
VAC_CALLS = ["kf_memzero", "kf_wipe", "memcpy", "memmove", "memset", "memcmp"]
VAC_STEPS = 100000   # the vacuous proofs of session 37 took 11,673-40,889 steps
# --vacuity --vac-steps unit: the audit's checks at each pass's own limit (session 60: session 59 found \false
# proved after kf_slh_ht_verify's memcmp at 223,711 steps, above VAC_STEPS)
VAC_AT_LIMIT = [False]


def _blank_comments(text):
    """text with its comments (C and ACSL) and string literals turned to spaces, newlines kept."""
    def sp(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    text = re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', sp, text, flags=re.S)
    return re.sub(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", sp, text, flags=re.M)   # directives, with their continuations


def _function_bodies(text, code):
    """(name, start, end) of each function definition (DEFINITION; the body's extent by its braces,
    in code: text without comments, strings and directives)."""
    out = []
    for m in DEFINITION.finditer(_blank_attributes(code)):
        depth, i = 0, m.end() - 1
        while i < len(code):
            depth += {"{": 1, "}": -1}.get(code[i], 0)
            if depth == 0:
                break
            i += 1
        out.append((m.group(1), m.end() - 1, i + 1))
    return out


def _check_edits(text, code, at, paren):
    """The edits that put `check vac_{n}: \\false` right after the statement of the call at `at`
    (its argument list opening at `paren`), or (None, why not)."""
    depth, i = 0, paren
    while True:
        depth += {"(": 1, ")": -1}.get(code[i], 0)
        if depth == 0:
            break
        i += 1
    j = i + 1
    while code[j] in " \t\n":
        j += 1
    k = at
    while code[k - 1] not in ";{}":
        k -= 1
    before = code[k:at].strip()
    # a statement label before it (`done: if (rc) memset(...);`, s74-pk) changes nothing here
    before = re.sub(r"^[A-Za-z_]\w*:\s*", "", before)
    chk = " /*@ check vac_{n}: \\false; */"
    if code[j] != ";" or before == "return":
        end = code.find(";", j)
        if before == "return" and end > 0:
            # return EXPR; -> { int vac_r = (EXPR); check; return vac_r; } (the copy only)
            ret = code.index("return", k)
            expr = text[ret + len("return"):end]
            return [(ret, end + 1, "{ int vac_r_{n} = (int)(%s);%s return vac_r_{n}; }"
                     % (expr.replace("\n", " "), chk))], None
        return None, "the call is part of an expression"
    if (before == "" or before == "(void)" or re.fullmatch(r"[\w.\->\[\]]+\s*[-+|&^]?=", before)
            or re.fullmatch(r"(?:const\s+)?\w+[\s*]+\w+\s*=", before)):   # a declaration's initialiser
        return [(j + 1, j + 1, chk)], None
    if re.fullmatch(r"(?:else|(?:if|while|for)\s*\(.*\))", before, re.S):
        # a branch without braces: the check goes inside it
        return [(at, at, "{ "), (j + 1, j + 1, chk + " }")], None
    return None, "statement form not handled: %r" % before[-40:]


def _annotation_check(text, at):
    """The edits that put `check vac_{n}: \\false` right after the annotation opening at `at`
    (`/*@ ... */`, or `//@ ...` to the end of its line), or (None, why not). A `//@` line (an
    assertion, a ghost statement) becomes the same annotation as `/*@ ... */` with the check
    after it on that line: a block comment cannot open inside a line comment (Frama-C: "lexical
    error, unexpected block-comment opening")."""
    chk = " /*@ check vac_{n}: \\false; */"
    if text.startswith("/*@", at):
        end = text.index("*/", at) + 2
        return [(end, end, chk)], None
    end = text.find("\n", at)
    end = len(text) if end < 0 else end
    body = text[at + 3:end].rstrip()
    if "*/" in body or "/*" in body:
        return None, "a //@ annotation holding a comment delimiter"
    return [(at, end, "/*@" + body + " */" + chk)], None


def _unit_sources(unit, src_root):
    """The unit's files, then the headers under src/ (and its includes): a unit may prove a
    function of a header (sponge_xn's kf_store64_le)."""
    cfg = units.UNITS[unit]
    headers = sorted(os.path.relpath(os.path.join(dp, f), src_root)
                     for d in ["src"] + cfg.get("includes", []) for dp, _, fl in os.walk(os.path.join(src_root, d))
                     for f in fl if f.endswith(".h"))
    return list(cfg["files"]), headers


def row_sites(unit, src_root, rows):
    """The guard's sites from a proof's unproved goals (run.py's rows: function, kind, property,
    "file:line", status): each call whose precondition is unproved (so WP assumes it after the
    call unchecked: a justified row), and each unproved user assertion (a hypothesis of the goals
    after it). Returns (sites, skipped) as vacuity_sites."""
    files, headers = _unit_sources(unit, src_root)
    sites, skipped, seen = [], [], set()
    for fn, kind, prop, where, _ in rows:
        if not (kind.startswith("precondition of ") or kind == "user assertion"):
            continue
        base, _, line = where.rpartition(":")
        cand = [f for f in files + headers if os.path.basename(f) == base]
        if not cand or not line.isdigit():
            skipped.append((where, fn, 0, "its file is not the unit's"))
            continue
        line = int(line)
        f = cand[0]
        text = open(os.path.join(src_root, f)).read()
        code = _blank_comments(text)
        body = [(b0, b1) for name, b0, b1 in _function_bodies(text, code) if name == fn]
        if not body:
            skipped.append((f, fn, line, "no definition of %s found" % fn))
            continue
        b0, b1 = body[0]
        lstart = 0
        for _ in range(line - 1):
            lstart = text.index("\n", lstart) + 1
        lend = text.find("\n", lstart)
        callee = kind[len("precondition of "):]
        ghost = re.compile(r"(/\*@|//@)\s*ghost\b").search(text, lstart, lend)
        if kind == "user assertion" or ghost and re.search(r"\b%s\s*\(" % re.escape(callee), text[ghost.end():lend]):
            # after the annotation that starts on that line (in text: code has it blanked): an
            # assertion, or a ghost statement calling the callee (a ghost lemma's precondition)
            m = ghost or re.compile(r"/\*@|//@").search(text, lstart, lend)
            if not m:
                skipped.append((f, fn, line, "no annotation starts on the line"))
                continue
            if (f, m.start()) in seen:
                continue
            seen.add((f, m.start()))
            edits, why = _annotation_check(text, m.start())
            if edits:
                sites.append((f, fn, line, edits))
            else:
                skipped.append((f, fn, line, why))
            continue
        calls = [c for c in re.finditer(r"\b%s\s*\(" % re.escape(callee), code[b0:b1])]
        # the call that starts on the row's line, else the one whose statement covers it
        pick = [c for c in calls if code.count("\n", 0, b0 + c.start()) + 1 == line]
        if not pick:
            pick = [c for c in calls if code.count("\n", 0, b0 + c.start()) + 1 <= line][-1:]
        spots = [(b0 + c.start(), b0 + c.end() - 1) for c in pick]
        if not spots:
            # a call through a pointer (its `calls` annotation names the callee): the statement
            # that starts on the row's line, or on the next line with code
            at = lstart
            while at < b1 and code[at] in " \t\n":
                at += 1
            paren = code.find("(", at)
            if not (b0 <= at < b1) or paren < 0 or code.find(";", at) < paren:
                skipped.append((f, fn, line, "no call of %s found on the line" % callee))
                continue
            spots = [(at, paren)]
        for at, paren in spots:
            if (f, at) in seen:
                continue
            seen.add((f, at))
            edits, why = _check_edits(text, code, at, paren)
            if edits:
                sites.append((f, fn, line, edits))
            else:
                skipped.append((f, fn, line, why))
    return sites, skipped


def _fill_value(text, paren):
    """The second argument of the call whose argument list opens at paren, as written (spaces
    squeezed), or None."""
    depth, i, commas = 0, paren, []
    while i < len(text):
        c = text[i]
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(c, 0)
        if depth == 0:
            break
        if c == "," and depth == 1:
            commas.append(i)
        i += 1
    if len(commas) < 2:
        return None
    return " ".join(text[commas[0] + 1:commas[1]].split())


ZERO_FILLS = {"0", "0u", "0U", "'\\0'", "(int)0", "0x0", "0x00"}


def vacuity_sites(unit, src_root, fills_only=False):
    """The calls of VAC_CALLS in the unit's proved functions: a list of (file, function, line,
    insert position, text to insert, wrap start or None) and a list of calls not instrumented
    (file, function, line, why). fills_only: only the memset calls whose fill is not zero (the
    guard after every proof checks those: libc's memset ensures each byte == (char)c, which for
    c >= 0x80 is negative and so false of a uint8_t cell in WP's Typed+cast model, and \\false
    after the call is proved with its precondition proved: session 45, plan_verify's
    memset(pl->end_head, VNONE = 0xff, ...), found by --vacuity)."""
    cfg = units.UNITS[unit]
    want = set()
    every = False
    for fs, _ in passes(unit):
        if fs is None:
            every = True
        else:
            want.update(fs)
    files, headers = _unit_sources(unit, src_root)
    sites, skipped, found = [], [], set()
    for f in files + headers:
        text = open(os.path.join(src_root, f)).read()
        code = _blank_comments(text)
        nomacro = re.sub(r"/\*.*?\*/|//[^\n]*", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
        macros = [(m.group(1), nomacro.count("\n", 0, m.start()) + 1)
                  for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)\((?:[^\n]*\\\n)*[^\n]*", nomacro, re.M)
                  if re.search(r"\b(%s)\s*\(" % "|".join(VAC_CALLS), m.group(0))] if f in files else []
        calls = VAC_CALLS + [m for m, _ in macros]
        for name, b0, b1 in _function_bodies(text, code):
            if name in found or not (every and f in files or name in want):
                continue
            found.add(name)
            for m in re.finditer(r"\b(%s)\s*\(" % "|".join(calls), code[b0:b1]):
                at = b0 + m.start()
                if fills_only and (m.group(1) != "memset" or _fill_value(text, b0 + m.end() - 1) in ZERO_FILLS):
                    continue
                line = code.count("\n", 0, at) + 1
                edits, why = _check_edits(text, code, at, b0 + m.end() - 1)
                if edits:
                    sites.append((f, name, line, edits))
                else:
                    skipped.append((f, name, line, why))
        # calls in a macro of the file: its uses in a function body are checked as calls (pem_encode's
        # EMIT); a macro used elsewhere (one that defines a function) cannot be followed by a check
        for mac, where in ([] if fills_only else macros):
            bodies = [(b0, b1) for _, b0, b1 in _function_bodies(text, code)]
            for u in re.finditer(r"\b%s\s*\(" % mac, code):
                if not any(b0 <= u.start() < b1 for b0, b1 in bodies):
                    skipped.append((f, "macro " + mac, where, "a call inside a macro used outside a function body "
                                    "(line %d): no check can follow it" % (code.count("\n", 0, u.start()) + 1)))
    return sites, skipped


def vacuity(unit, src_root, build, tag="", fcts=None, rows=None):
    """The guard: (ok, [(file, function, line) of each site after which WP proves \\false]). The
    sites: every call of VAC_CALLS in the unit's proved functions, or, given a proof's unproved
    rows, the calls and assertions of those rows (row_sites)."""
    sites, skipped = vacuity_sites(unit, src_root) if rows is None else row_sites(unit, src_root, rows)
    if rows is not None:
        # and after every memset with a fill other than zero in the proved functions, proved or not
        more, _ = vacuity_sites(unit, src_root, fills_only=True)
        have = set((x[0], x[2]) for x in sites)
        sites += [x for x in more if (x[0], x[2]) not in have]
    if fcts:
        sites = [x for x in sites if x[1] in fcts]
        skipped = [x for x in skipped if x[1] in fcts]
    for f, fn, line, why in skipped:
        print("NOT CHECKED: %s:%d in %s: %s" % (f, line, fn, why))
    if not sites:
        # after a proof (rows given) the guard looks only at what WP assumed unproved: with every
        # call precondition and assertion proved there is nothing to check (a proved memcpy
        # precondition holds); --vacuity checks after every call of VAC_CALLS regardless
        print("%s: vacuity guard: nothing to check (%s)" % (unit, "no call of %s in the proved functions"
              % ", ".join(VAC_CALLS) if rows is None else "no call precondition or assertion left unproved, no memset with a fill "
              "other than zero; --vacuity checks after every call of %s" % ", ".join(VAC_CALLS)))
        return not skipped, []
    copy = os.path.join(build, "vacuity_" + unit + tag)
    shutil.rmtree(copy, ignore_errors=True)
    for d in ["include", "src"] + [i for i in units.UNITS[unit].get("includes", [])]:
        shutil.copytree(os.path.join(src_root, d), os.path.join(copy, d))
    names = {}
    byfile = {}
    for n, x in enumerate(sites):
        byfile.setdefault(x[0], []).append((n, x))
        names["vac_%d" % n] = x
    for f, lst in byfile.items():
        path = os.path.join(copy, f)
        text = open(path).read()
        edits = [(a, b, rep.replace("{n}", str(n))) for n, (_, _, _, e) in lst for a, b, rep in e]
        for a, b, rep in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
            text = text[:a] + rep + text[b:]   # no new line: every line keeps its number
        open(path, "w").write(text)
    fns = sorted(set(x[1] for x in sites))
    proved, absent, fails = [], [], 0
    for i, (fs, extra) in enumerate(passes(unit, fns, whole=True)):   # (a pass's "props": one run)
        own = [k for k, x in names.items() if x[1] in fs]
        if not own:
            continue
        ptag = "_vacuity%s_%d" % (tag, i)
        vsteps = VAC_STEPS
        if VAC_AT_LIMIT[0]:
            vsteps = pass_steps(unit, extra)
            print("%s: the guard's checks at %d steps (the pass's own limit)" % (unit + ptag, vsteps))
        analyse_pass(unit, copy, build, ptag, fs, own_selection_out(extra) + ["-wp-prop", ",".join(own), "-wp-steps",
                                                                            str(vsteps)], guard=True)
        log = open(os.path.join(build, "proof_" + unit + ptag, "frama-c.log")).read()
        # WP's two formats: "[wp] [PROVER] Goal NAME : STATUS" and "[wp] [Failed] Goal NAME" (the
        # prover's verdict on the next lines). A static function of a header that several files
        # include is one copy per file (adrs_zero, adrs_zero_0, ..): a check is proved if any is.
        goals = (re.findall(r"^\[wp\] \[[^]]*\] Goal (\S+) : (\S+)", log, re.M)
                 + [(g, "Failed") for g in re.findall(r"^\[wp\] \[Failed\] Goal (\S+)(?: \(.*\))?\s*$", log, re.M)])
        inst = {}   # one check in one copy of its function: Valid if each of its parts is
        for g, v in goals:
            m = re.search(r"_check_(vac_\d+)(?:_part\d+)?$", g)
            if m:
                key = (re.sub(r"_part\d+$", "", g), m.group(1))
                inst[key] = v if inst.get(key, "Valid") == "Valid" else inst[key]
        st = {}
        for (_, k), v in inst.items():
            st[k] = "Valid" if v == "Valid" or st.get(k) == "Valid" else v
        total = re.search(r"Proved goals:\s+(\d+)\s*/\s*(\d+)", log)
        # every goal WP ran (its checks, and the call points of `calls` annotations, which it runs
        # whatever -wp-prop says) must be named in the log, or a check's verdict could be missed
        if not total or int(total.group(2)) != len(goals) or int(total.group(1)) != sum(1 for _, v in goals if v == "Valid"):
            print("FAIL: WP's log of %s names %d goals, %d proved, and says %s (log %s)"
                  % (unit + ptag, len(goals), sum(1 for _, v in goals if v == "Valid"),
                     total.group(0) if total else "nothing", os.path.join(build, "proof_" + unit + ptag, "frama-c.log")))
            fails += 1
        proved += [k for k in own if st.get(k) == "Valid"]
        absent += [k for k in own if k not in st]
    for k in sorted(proved, key=lambda k: int(k[4:])):
        f, fn, line, _ = names[k]
        print("VACUOUS: %s, %s:%d: \\false is proved right after the call (or assertion) there. WP assumes "
              "that call's precondition (or the assertion) unproved, and it is false in WP's memory model, so "
              "the goals after it are proved from a false hypothesis (a local object seen as bytes? pass it "
              "through a function taking its own type: docs/ASSURANCE.md, \"The tool's assumptions\")"
              % (fn, f, line))
    for k in absent:
        f, fn, line, _ = names[k]
        print("not in the proof build (a branch of the preprocessor): %s:%d in %s" % (f, line, fn))
    if len(absent) == len(sites):
        print("FAIL: none of the checks is in the proof build")
        fails += 1
    ok = not proved and not skipped and not fails
    print("%s: vacuity guard (step limit %s), %d calls in %d functions, %d checked, %d proved \\false, %d not "
          "checked, %s" % (unit, "each pass's own" if VAC_AT_LIMIT[0] else VAC_STEPS, len(sites), len(fns), len(sites) - len(absent), len(proved),
                           len(skipped), "OK" if ok else "FAIL"))
    return ok, [names[k][:3] for k in proved]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("unit", choices=sorted(units.UNITS))
    ap.add_argument("--build", required=True)
    ap.add_argument("--mutants", action="store_true")
    ap.add_argument("--vacuity", action="store_true")
    ap.add_argument("--vac-steps", help="with --vacuity: the checks' step limit (a number, or \"unit\": each pass's own)")
    ap.add_argument("--low-check", action="store_true")
    ap.add_argument("--functions", help="comma-separated: WP on these functions only (a developer's run)")
    ap.add_argument("--steps", type=int, help="with --functions: this CVC4 step limit instead of the unit's")
    ap.add_argument("--refresh-unproved", action="store_true",
                    help="after a passing proof run: write its known-unproved list into proofs/unproved/UNIT.tsv")
    a = ap.parse_args()
    os.environ.setdefault("OCAMLRUNPARAM", OCAML_GC)
    if not shutil.which("frama-c"):
        skip("frama-c is not installed (Debian 12: frama-c-base; .ci/deps/70-proofs.sh)")
    os.makedirs(a.build, exist_ok=True)   # first: why3_env writes its configuration there
    if units.UNITS[a.unit].get("tool") != "eva":
        why3_env(a.build)   # skips without Why3 or a prover
    if a.low_check:
        sys.exit(0 if low_check(a.unit, a.build) else 1)
    if a.vac_steps and not a.vacuity:
        ap.error("--vac-steps goes with --vacuity")
    if a.vac_steps == "unit":
        VAC_AT_LIMIT[0] = True
    elif a.vac_steps:
        global VAC_STEPS
        VAC_STEPS = int(a.vac_steps)
    if a.vacuity:
        ok, _ = vacuity(a.unit, ROOT, a.build)
        sys.exit(0 if ok else 1)
    if a.functions:
        fcts = [f.strip() for f in a.functions.split(",") if f.strip()]
        bad, valid, calls, tried = analyse(a.unit, ROOT, a.build, "_only", fcts=fcts, steps=a.steps, loose=True)
        for g, st in tried:
            print("not proved: %s : %s" % (g, st))
        for fn, kind, prop, where, st in bad:
            print("report row: %s | %s | %s | %s at %s" % (fn, kind, prop, st, where))
        print("%s --functions %s: %d goals proved, %d report rows not proved, %d call points not proved"
              % (a.unit, ",".join(fcts), valid, len(bad), len(calls)))
        sys.exit(1 if bad or tried else 0)
    if not a.mutants:
        listed = [f for fs, _ in passes(a.unit) for f in (fs or [])]
        pending = units.UNITS[a.unit].get("pending", [])
        elsewhere = units.UNITS[a.unit].get("elsewhere", [])   # proved by another unit of the same file
        named = set(re.findall(r"\w+", " ".join(pending)))   # (a pending entry names its functions in its text)
        missing = [f for f in defined_functions(a.unit) if f not in listed and f not in named and f not in elsewhere]
        if pending:
            print("%s: not yet proved (proofs/units.py, docs/ASSURANCE.md): %s" % (a.unit, ", ".join(pending)))
        slow = slow_only(a.unit)
        if slow:
            print("%s: SKIPPED in this run, a slow pass (KF_SLOW_PROOFS=1, or ctest with -DKF_SLOW_TESTS=ON): "
                  "the proof of %s (its contract taken by the other passes meanwhile)" % (a.unit, ", ".join(slow)))
            missing = [f for f in missing if f not in slow]
        if units.UNITS[a.unit].get("passes") and missing:
            print("FAIL: functions of %s in no pass (proofs/units.py): %s" % (a.unit, ", ".join(missing)))
            sys.exit(1)
        HARVESTING[0] = units.UNITS[a.unit].get("tool") != "eva" and (use_unproved_list() or a.refresh_unproved)
        USE_LIST[0] = HARVESTING[0] and use_unproved_list() and not a.refresh_unproved
        if USE_LIST[0]:
            unproved_list(a.unit)   # a malformed list fails before any pass
        bad, valid, calls, _ = analyse(a.unit, ROOT, a.build, "")
        use_list, HARVESTING[0], USE_LIST[0] = HARVESTING[0], False, False   # not in the vacuity guard's passes
        if use_list:
            keep_results(a.unit, a.build, len(passes(a.unit)))
        fails = low_guard(a.unit)
        want = justified(a.unit)
        seen = {}
        for fn, kind, prop, where, st in bad:
            key = (fn, kind, prop)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > want.get(key, 0):
                fails += 1
                print("UNPROVED (not in justified_alarms.md): %s | %s | %s | %s at %s" % (fn, kind, prop, st, where))
            else:
                print("justified: %s | %s | %s at %s" % (fn, kind, prop, where))
        if calls and not units.UNITS[a.unit].get("calls_assumed"):
            fails += len(calls)
            print("UNPROVED call points (units.py does not assume them): " + ", ".join(calls))
        elif calls:
            print("assumed: %d call points of `calls` annotations (the backend table: docs/ASSURANCE.md)" % len(calls))
        for key, n in want.items():
            if key[0] in slow:
                print("justified row of a slow pass, not checked in this run: %s" % " | ".join(key))
                continue
            if seen.get(key, 0) != n:
                fails += 1
                print("STALE justified_alarms.md row (%d listed, %d found): %s" % (n, seen.get(key, 0), " | ".join(key)))
        if units.UNITS[a.unit].get("tool") == "eva":
            print("%s: Eva from %s, %d alarms, %d justified, %s"
                  % (a.unit, units.UNITS[a.unit]["main"], len(bad), sum(want.values()), "FAIL" if fails else "OK"))
            sys.exit(1 if fails else 0)
        # the vacuity guard on the goals left: a justified call precondition or assertion that is
        # false in WP's model would make every goal after it proved from a false hypothesis
        t0 = time.time()
        c0 = sum(os.times()[:4])
        vok, _ = vacuity(a.unit, ROOT, a.build, rows=bad)
        print("%s: the vacuity guard took %.0f s (%.1f s of CPU)" % (a.unit, time.time() - t0, sum(os.times()[:4]) - c0))
        if not vok:
            fails += 1
        if use_list and not fails:
            write_harvest(a.unit, a.build, a.refresh_unproved)
        elif a.refresh_unproved:
            print("%s: --refresh-unproved: %s" % (a.unit, "not for an Eva unit" if not use_list
                                                   else "the run failed: the list is left as it was"))
        assumed = (", %d call points assumed" % len(calls)) if units.UNITS[a.unit].get("calls_assumed") else ""
        print("%s: %d functions, %d goals proved, %d unproved, %d justified%s, %s"
              % (a.unit, len(listed), valid, len(bad), sum(n for k, n in want.items() if k[0] not in slow), assumed,
                 "FAIL" if fails else "OK"))
        sys.exit(1 if fails else 0)
    # mutants: each must leave something unproved
    pats = sorted(f for f in os.listdir(os.path.join(HERE, "mutants")) if f.startswith(a.unit + "-") and f.endswith(".patch"))
    if not pats:
        print("FAIL: no mutant for " + a.unit)
        sys.exit(1)
    fails, ran = 0, 0
    slow = slow_only(a.unit)
    # the WP results of this build's proof run of the unit, where it ran first (ctest: DEPENDS): a mutant's
    # goals whose task it left unchanged get that run's verdict instead of CVC4 again (the same task, the
    # same deterministic verdict at that limit); the goals it changed go to CVC4 as before
    res = os.path.join(a.build, "proof_%s_results" % a.unit)
    if use_unproved_list() and units.UNITS[a.unit].get("tool") != "eva" and os.path.isdir(res):
        HARVESTING[0], USE_LIST[0], MUTANT_SEED[0] = True, True, res
        print("%s: mutants start from this build's proof results (%d goals' verdicts, %s) and the known-unproved list"
              % (a.unit, len(os.listdir(res)), os.path.relpath(res, a.build)))
    for p in pats:
        path = os.path.join(HERE, "mutants", p)
        text = open(path).read()
        fcts = re.search(r"^# wp-fct: (.*)$", text, re.M)
        prop = re.search(r"^# wp-prop: (.*)$", text, re.M)
        expect = re.search(r"^# expect: (.*)$", text, re.M)
        # its own step limit: at least twice the most steps any goal of the same # wp-fct: and
        # # wp-prop: selection takes on the unmutated code (the rule of units.py's STEP_LIMITS,
        # for the goals the mutant runs; its header says the figure); only with # expect:
        steps = re.search(r"^# wp-steps: (\d+)\s*$", text, re.M)
        if steps and not expect:
            print("FAIL: mutant %s has # wp-steps: without # expect:" % p)
            fails += 1
            continue
        if prop and not expect:
            # the report lists the properties -wp-prop leaves out as Unknown: without the goal
            # the mutant must fail, every such mutant would look rejected
            print("FAIL: mutant %s has # wp-prop: without # expect:" % p)
            fails += 1
            continue
        if fcts and slow and all(f in slow for f in fcts.group(1).split(",")):
            print("mutant %s: SKIPPED, its functions are proved in a slow pass (KF_SLOW_PROOFS=1, or ctest "
                  "with -DKF_SLOW_TESTS=ON)" % p)
            continue
        # a long mutant (# slow: its CPU in a CI run): its goals run to a high step limit, so it runs
        # with the slow passes only; the unit keeps at least one mutant in the default run (below)
        long_ = re.search(r"^# slow: (.*)$", text, re.M)
        if long_ and not slow_proofs():
            print("mutant %s: SKIPPED, a long mutant (%s; KF_SLOW_PROOFS=1, or ctest with -DKF_SLOW_TESTS=ON)"
                  % (p, long_.group(1).strip()))
            continue
        ran += 1
        copy = os.path.join(a.build, "mutant_" + p[:-6])
        shutil.rmtree(copy, ignore_errors=True)
        for d in ["include", "src"] + [i for i in units.UNITS[a.unit].get("includes", [])]:
            shutil.copytree(os.path.join(ROOT, d), os.path.join(copy, d))
        # --fuzz=0: a hunk whose lines moved still applies (an offset), one whose context lines
        # changed does not (with fuzz, patch may mutate a line the patch was not written for)
        r = subprocess.run(["patch", "-p1", "-s", "--fuzz=0", "-d", copy, "-i", path], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            print(r.stdout)
            print("FAIL: mutant %s does not apply" % p)
            fails += 1
            continue
        if re.search(r"^# guard: vacuity$", text, re.M):
            # rejected by the vacuity guard: \false proved after a call left unproved in the
            # functions of # wp-fct: (the proof of those functions first, as the unit's entry)
            fl = fcts.group(1).split(",") if fcts else None
            bad, _, _, _ = analyse(a.unit, copy, a.build, "_" + p[:-6], fl)
            _, hits = vacuity(a.unit, copy, a.build, "_" + p[:-6], fl, rows=bad)
            if hits:
                print("mutant %s: rejected by the vacuity guard (%s)" % (p, ", ".join("%s:%d in %s" % (f, l, fn)
                                                                                     for f, fn, l in hits)))
            else:
                print("FAIL: mutant %s: the vacuity guard finds no call after which \\false is proved" % p)
                fails += 1
            continue
        bad, _, _, tried = analyse(a.unit, copy, a.build, "_" + p[:-6], fcts.group(1).split(",") if fcts else None,
                                   prop.group(1).strip() if prop else None, int(steps.group(1)) if steps else None)
        if expect:
            # rejected for the reason it was written: a goal WP tried and did not prove, named by
            # the patch's # expect: (a regular expression over WP's goal names; none of them is
            # a justified goal of the unit)
            hit = [g for g in tried if re.search(expect.group(1).strip(), g[0])]
            if hit:
                print("mutant %s: rejected (%d goals of %d tried unproved as expected: %s)"
                      % (p, len(hit), len(tried), ", ".join("%s: %s" % g for g in hit[:4])))
            else:
                print("FAIL: mutant %s: no goal matching %r unproved (unproved: %s)"
                      % (p, expect.group(1).strip(), ", ".join(g for g, _ in tried) or "none"))
                fails += 1
            continue
        # the goals justified_alarms.md lists stay unproved in a mutant too: only the others count
        want, seen, new = justified(a.unit), {}, []
        for row in bad:
            seen[row[:3]] = seen.get(row[:3], 0) + 1
            if seen[row[:3]] > want.get(row[:3], 0):
                new.append(row)
        bad = new
        if bad:
            print("mutant %s: rejected (%d goals unproved, e.g. %s at %s)" % (p, len(bad), " | ".join(bad[0][:3]), bad[0][3]))
        else:
            print("FAIL: mutant %s proves clean: the proof cannot see this defect" % p)
            fails += 1
    if not ran:
        # non-vacuity is checked in every run: a unit whose mutants are all slow or long has none
        print("FAIL: no mutant of %s runs in this run (all are long or of slow passes)" % a.unit)
        fails += 1
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Where the proofs stand, as one table, read from a ctest log of the proof entries.

    python3 proofs/status.py [build/Testing/Temporary/LastTest.log | build/ctest-junit.xml] [--markdown]

The log is ctest's LastTest.log or the JUnit file of `ctest --output-junit FILE` (.ci/run writes
build/ctest-junit.xml): the JUnit file of a run stays whole when a later ctest in the same build
directory rewrites LastTest.log (session 62). tests/CMakeLists.txt raises ctest's limit on a passed
test's output kept (CTEST_CUSTOM_MAXIMUM_PASSED_TEST_OUTPUT_SIZE) so that the proof entries' lines
are all in it.

Each proof_<unit> entry's output (proofs/run.py) ends in a summary line ("U: F functions, G goals
proved, N unproved, J justified[, C call points assumed], OK"), names what the unit leaves "not yet
proved" (units.py's "pending") and each WP pass's CPU seconds; each proof_<unit>_mutants entry says
per patch "rejected" or "SKIPPED" (a slow pass's). This script gathers them per unit, with ctest's
time of both entries, and prints the table docs/ASSURANCE.md's "Where the proofs stand" shows. It
reads a log only: it runs no prover. A unit whose entry did not run (skipped: no Frama-C) or did not
end OK is listed so, not counted as proved.
"""
import argparse
import re
import sys
from pathlib import Path

SUMMARY = re.compile(r"^(\w+): (\d+) functions, (\d+) goals proved, (\d+) unproved, (\d+) justified"
                     r"(?:, (\d+) call points assumed)?, (OK|FAIL\b.*)$")
EVA = re.compile(r"^(\w+): Eva from (\w+), (\d+) alarms, (\d+) justified, (OK|FAIL\b.*)$")
PASS_CPU = re.compile(r"^(\w+?)_\d+: WP proved \d+ of \d+ goals in \d+ s, ([\d.]+) s of CPU")
PENDING = re.compile(r"^(\w+): not yet proved \(proofs/units.py, docs/ASSURANCE.md\): (.*)$")
SLOW = re.compile(r"^(\w+): SKIPPED in this run, a slow pass .*: the proof of (.*?) \(its contract")
MUTANT = re.compile(r"^mutant (\S+)\.patch: (rejected|SKIPPED|PROVED|FAILED|\w+)")
START = re.compile(r"^\d+/\d+ Testing: (proof_\w+)$")
TIME = re.compile(r"^Test time = +([\d.]+) sec$")
RESULT = re.compile(r"^Test (Passed|Failed|Not Run|Skipped)")


def read_entries(text):
    """ctest's LastTest.log: {entry name: (output lines, seconds, result)}."""
    entries, name, lines, secs = {}, None, [], None
    for line in text.splitlines():
        m = START.match(line)
        if m:
            name, lines, secs = m.group(1), [], None
            continue
        if name is None:
            continue
        m = TIME.match(line)
        if m:
            secs = float(m.group(1))
            continue
        m = RESULT.match(line)
        if m:
            entries[name] = (lines, secs, m.group(1))
            name = None
            continue
        lines.append(line)
    return entries


def read_junit(text):
    """ctest's JUnit file (--output-junit): the same {entry name: (output lines, seconds, result)}."""
    import xml.etree.ElementTree as ET
    entries = {}
    for case in ET.fromstring(text).iter("testcase"):
        name = case.get("name", "")
        if not name.startswith("proof_"):
            continue
        if case.find("failure") is not None:
            result = "Failed"
        elif case.find("skipped") is not None:
            result = "Skipped"
        elif case.get("status") == "run":
            result = "Passed"
        else:
            result = "Not Run"
        out = case.find("system-out")
        secs = case.get("time")
        entries[name] = (((out.text if out is not None else None) or "").splitlines(),
                         float(secs) if secs else None, result)
    return entries


def gather(entries):
    units = {}
    for entry, (lines, secs, result) in entries.items():
        mutants = entry.endswith("_mutants")
        unit = entry[len("proof_"):-len("_mutants")] if mutants else entry[len("proof_"):]
        u = units.setdefault(unit, {"unit": unit, "cpu": 0.0, "pending": "", "slow": "", "rejected": 0,
                                    "mut_skipped": 0, "mut_other": 0, "secs": None, "mut_secs": None,
                                    "result": None, "mut_result": None, "summary": None})
        if mutants:
            u["mut_secs"], u["mut_result"] = secs, result
            for line in lines:
                m = MUTANT.match(line)
                if m:
                    key = {"rejected": "rejected", "SKIPPED": "mut_skipped"}.get(m.group(2), "mut_other")
                    u[key] += 1
            continue
        u["secs"], u["result"] = secs, result
        u["cut"] = any("since it exceeds the threshold" in line for line in lines)
        for line in lines:
            m = SUMMARY.match(line)
            if m and m.group(1) == unit:
                u["summary"] = (int(m.group(2)), int(m.group(3)), int(m.group(4)), int(m.group(5)),
                                int(m.group(6) or 0), m.group(7))
            m = EVA.match(line)
            if m and m.group(1) == unit:   # an Eva unit: its harness, no goal count (alarms instead)
                u["eva"] = m.group(2)
                u["summary"] = (0, 0, int(m.group(3)), int(m.group(4)), 0, m.group(5))
            m = PASS_CPU.match(line)
            if m and m.group(1) == unit:
                u["cpu"] += float(m.group(2))
            m = PENDING.match(line)
            if m and m.group(1) == unit:
                u["pending"] = m.group(2)
            m = SLOW.match(line)
            if m and m.group(1) == unit:
                u["slow"] = m.group(2)
    return units


def fmt_secs(s):
    return "-" if s is None else "%.0f" % s


def table(units, width):
    rows = ["| unit | functions | goals proved | justified | call points assumed | CPU of its passes (s) "
            "| ctest: proof / mutants (s) | mutants rejected | slow pass (not in the default run) | not yet proved |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    tot = [0, 0, 0, 0, 0.0, 0.0, 0.0, 0]
    for name in sorted(units):
        u = units[name]
        s = u["summary"]
        cut = lambda t: t if len(t) <= width else t[:width - 3].rstrip() + "..."
        if s is None or not s[5].startswith("OK"):
            state = "did not run (%s)" % u["result"] if s is None else s[5]
            if s is None and u.get("cut"):
                state = "its output cut by ctest (%s)" % u["result"]
            rows.append("| %s | %s | | | | | %s / %s | | | |" % (name, state, fmt_secs(u["secs"]),
                                                                   fmt_secs(u["mut_secs"])))
            continue
        f, g, _, j, c, _ = s
        if u.get("eva"):
            f_s, g_s = "Eva (harness %s)" % u["eva"], "0 alarms" if not s[2] else "%d alarms" % s[2]
        else:
            f_s, g_s = str(f), str(g)
        muts = "%d" % u["rejected"] + (" (+%d slow)" % u["mut_skipped"] if u["mut_skipped"] else "")
        if u["mut_other"]:
            muts += " (%d not rejected)" % u["mut_other"]
        rows.append("| %s | %s | %s | %d | %d | %s | %s / %s | %s | %s | %s |" % (
            name, f_s, g_s, j, c, "%.1f" % u["cpu"] if not u.get("eva") else "-", fmt_secs(u["secs"]), fmt_secs(u["mut_secs"]), muts,
            cut(u["slow"]) or "-", cut(u["pending"]).replace("|", "\\|") or "-"))
        for i, v in enumerate((f, g, j, c, u["cpu"], u["secs"] or 0, u["mut_secs"] or 0, u["rejected"])):
            tot[i] += v
    rows.append("| **%d units** | %d | %d | %d | %d | %.0f | %.0f / %.0f | %d | | |" % (
        len(units), tot[0], tot[1], tot[2], tot[3], tot[4], tot[5], tot[6], tot[7]))
    return "\n".join(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log", nargs="?", default="build/Testing/Temporary/LastTest.log",
                    help="ctest's LastTest.log, or its JUnit file (.xml), of a run of the proof_ entries "
                         "(default: %(default)s)")
    ap.add_argument("--width", type=int, default=160, help="cut the text columns to this many characters")
    a = ap.parse_args()
    path = Path(a.log)
    if not path.is_file():
        sys.exit("status.py: no ctest log at %s (run `ctest --test-dir build -R '^proof_'` first)" % path)
    text = path.read_text(errors="replace")
    junit = path.suffix == ".xml" or text.lstrip().startswith("<?xml")
    units = gather(read_junit(text) if junit else read_entries(text))
    if not units:
        sys.exit("status.py: %s holds no proof_ entry" % path)
    print(table(units, a.width))
    bad = [n for n, u in units.items() if u["summary"] is None or not u["summary"][5].startswith("OK")
           or u["mut_other"]]
    if bad:
        print("\nnot OK in this log: %s" % ", ".join(sorted(bad)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

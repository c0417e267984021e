#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_bench_report.py - the shape of `kforge bench`'s outputs, on a tiny run
(--quick --suite hash,oneblock,mlkem,slhdsa, a few seconds).

  report   section labels "(x) suite: ..." unique and in order; every section ends with its
           true sample counts, equal to the JSON's; the ML-KEM table's columns all have a
           header, and its rows' set column starts where the header's does; progress lines on
           stderr ("[i/n] suite", elapsed, estimate); no project-internal words in the report
           or --help (seed/issue/table numbers, targets, "median of 1 samples")
  drift    run with KFORGE_BENCH_DRIFT_LIMIT=-1: every section after the first is checked and
           marked DRIFT (a negative limit marks even a probe equal to the first: with 0, two
           equal medians, common on a quiet machine, left a section unmarked) (its header and closing line), the first is not; the JSON's per-record
           "drift" is 0 for the first section's records and a number for the others
  --json   machine.commit, and per record median > 0, iqr (number >= 0 or null), samples,
           commit
  --csv    the header line and one row per JSON record with the same medians
  --compare  of a file with itself: every ratio 1.000, within noise; after a run: the
           figures in both; hand-made runs: a change within the recorded IQR plus drift is
           "~noise", one beyond it "faster"/"slower" ("higher" for a speedup, "?" without a
           spread), a failed drift check is named; the JSON's q1 <= median <= q3; the hash
           table's GB/s column
  --plot   SVG files (hash, mlkem, slhdsa) that parse as SVG when python3 has matplotlib;
           otherwise a "Plots: skipped" line (printed here as SKIP)
Usage: test_bench_report.py --kforge PATH
"""
import argparse
import csv
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_harness  # noqa: E402

check = cli_harness.Checks()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kforge", required=True)
    k = os.path.abspath(ap.parse_args().kforge)
    tmp = tempfile.mkdtemp()
    js, cs, plots = (os.path.join(tmp, n) for n in ("b.json", "b.csv", "plots"))
    r = subprocess.run([k, "bench", "--quick", "--suite", "hash,oneblock,mlkem,slhdsa", "--json", js, "--csv", cs,
                        "--plot", plots], capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, KFORGE_BENCH_DRIFT_LIMIT="-1"))
    out, err = r.stdout, r.stderr
    check(r.returncode == 0, "bench exit 0", err)
    if r.returncode != 0:
        check.finish()
        return 1

    # the report
    labels = re.findall(r"^\((\w)\) ([\w-]+): ", out, re.M)
    order = ["hash", "oneblock", "slhdsa", "mlkem"]
    check([s for _, s in labels] == order, "sections in table order", labels)
    check(len({l for l, _ in labels}) == len(labels), "section letters unique", labels)
    counts = re.findall(r"^    \((\d+) figures?, each (?:the median of (\d+)(?: to (\d+))? samples|from a single "
                        r"sample)(; DRIFT: measured while the machine was not steady)?\)$", out, re.M)
    check(len(counts) == 4, "each section states its sample counts", counts)
    check([bool(c[3]) for c in counts] == [False, True, True, True], "limit -1: the sections after the first are "
          "marked DRIFT in their closing line", counts)
    check(len(re.findall(r"^    DRIFT: sha3-256 at 8192 bytes takes [\d.]+ ticks/byte now", out, re.M)) == 3
          and "3 sections marked DRIFT" in out, "limit -1: a DRIFT note under the header of each later section")
    head = [l for l in out.splitlines() if "backend (x1/batched/arithmetic)" in l]
    check(len(head) == 1 and len(head[0].split()) == 6 and " set " in head[0],
          "ML-KEM table: every column has a header", head)
    rows = [l for l in out.splitlines() if re.match(r"^    \S+ +ML-KEM-\d+ ", l)]
    check(head and len(rows) >= 3 and all(l.index(" ML-KEM-") + 1 == head[0].index(" set ") + 1 for l in rows),
          "ML-KEM table: the backend column fits its labels (the set column lines up)", rows[:3])
    check(re.search(r"\[1/4\] hash", err) and re.search(r"\[4/4\] mlkem: [\d.]+ s elapsed, about \d+ s left", err),
          "progress on stderr", err)
    helptext = subprocess.run([k, "bench", "--help"], capture_output=True, text=True, timeout=60).stdout
    internal = re.compile(r"seed 0\d\d|Tables? \d|\bissue\b|\btargets?\b|median of 1 samples|MISSED", re.I)
    check(not internal.search(out) and not internal.search(helptext), "no project-internal words in the report "
          "or --help", (internal.findall(out) + internal.findall(helptext))[:5])

    # JSON
    with open(js) as f:
        doc = json.load(f)
    res = doc["results"]
    check(isinstance(doc["machine"].get("commit"), str) and doc["machine"]["commit"], "machine.commit")
    check(all(x["median"] > 0 and (x["iqr"] is None or x["iqr"] >= 0) and isinstance(x["samples"], int)
              and x["commit"] == doc["machine"]["commit"] for x in res), "records: median, iqr, samples, commit")
    check(all(x["drift"] == 0 for x in res if x["suite"] == "hash")
          and all(isinstance(x["drift"], float) for x in res if x["suite"] != "hash"),
          "records: drift 0 in the first section, a number in the later ones",
          sorted({(x["suite"], x["drift"]) for x in res})[:6])
    check(sum(1 for x in res if x["iqr"] is not None) == len(res), "every timed record has an iqr")
    check(all(x.get("q1") is not None and x["q1"] <= x["median"] * 1.00001 and x["q3"] >= x["median"] * 0.99999
              and abs((x["q3"] - x["q1"]) - x["iqr"]) <= 1e-5 * x["q3"] for x in res if x["iqr"] is not None),
          "records: quartiles q1 <= median <= q3, q3 - q1 = iqr",
          [(x["name"], x.get("q1"), x["median"], x.get("q3"), x["iqr"]) for x in res][:4])
    gbs = re.search(r"^    function +out +64 B +1 KiB +8 KiB +1 MiB +GB/s$", out, re.M) and \
        re.search(r"^    sha3-256 +32( +[\d.]+){5}$", out, re.M)
    check(gbs, "hash table: a GB/s column at 1 MiB")
    by_suite = {}
    for x in res:
        by_suite.setdefault(x["suite"], []).append(x["samples"])
    for (n, lo, hi, _), suite in zip(counts, order):
        s = by_suite.get(suite, [])
        check(len(s) == int(n) and min(s) == int(lo or 1) and max(s) == int(hi or lo or 1),
              "%s: the section's sample counts are the JSON's" % suite, (n, lo, hi, s[:5]))

    # CSV
    with open(cs, newline="") as f:
        rows = list(csv.reader(f))
    check(rows[0] == ["suite", "name", "backend", "size", "unit", "median", "iqr", "samples", "commit", "drift"],
          "CSV header", rows[0])
    check(len(rows) - 1 == len(res) and all(abs(float(row[5]) - x["median"]) <= 1e-5 * x["median"]
                                            for row, x in zip(rows[1:], res)), "CSV rows = JSON records")

    # --compare
    r = subprocess.run([k, "bench", "--compare", js, "--with", js], capture_output=True, text=True, timeout=60)
    ratios = re.findall(r" (\d+\.\d{3}) +[+-]\d+\.\d% +\S+  (\S+)$", r.stdout, re.M)
    check(r.returncode == 0 and len(ratios) == len(res) and {x for x, _ in ratios} == {"1.000"}
          and all(v in ("~noise", "same") for _, v in ratios),
          "--compare X --with X: every figure, ratio 1.000, within noise", r.stdout[-500:])
    # --compare judges a change against the recorded spread and drift (issue 40): hand-made runs
    def run_json(path, drift_end, figs):
        doc = {"machine": {"drift_check": {"name": "sha3-256", "size": 8192, "unit": "ticks/byte",
                                           "start": 10.0, "end": drift_end}},
               "results": [{"suite": "hash", "name": n, "backend": "x", "size": 64, "unit": u, "median": m,
                            "iqr": i, "q1": None, "q3": None, "samples": 31, "commit": "t"} for n, u, m, i in figs]}
        with open(path, "w") as f:
            json.dump(doc, f)
    run_json(os.path.join(tmp, "o.json"), 10.0, [("noisy", "ticks/byte", 100, 50), ("steady", "ticks/byte", 100, 2),
                                                ("steady2", "ticks/byte", 100, 2), ("nospread", "ticks/byte", 100, None),
                                                ("ratio", "speedup", 2.0, 0.02)])
    run_json(os.path.join(tmp, "n.json"), 10.2, [("noisy", "ticks/byte", 80, 40), ("steady", "ticks/byte", 80, 2),
                                                ("steady2", "ticks/byte", 103, 2), ("nospread", "ticks/byte", 120, None),
                                                ("ratio", "speedup", 2.5, 0.02)])
    r = subprocess.run([k, "bench", "--compare", os.path.join(tmp, "o.json"), "--with", os.path.join(tmp, "n.json")],
                       capture_output=True, text=True, timeout=60)
    verdict = dict(re.findall(r"^    hash +(\S+) .* (\S+)$", r.stdout, re.M))
    check(r.returncode == 0 and verdict == {"noisy": "~noise", "steady": "faster", "steady2": "~noise",
                                            "nospread": "slower?", "ratio": "higher"},
          "--compare marks: -20% within a 50% IQR is noise, +3% within 2% IQR + 2% drift too, -20% beyond", verdict)
    check("drift check +2.0%" in r.stdout and "2 changed beyond their spread, 2 within noise, 1 without" in r.stdout,
          "--compare states both drift checks and the counts", r.stdout[-600:])
    run_json(os.path.join(tmp, "d.json"), 14.0, [("steady", "ticks/byte", 80, 2)])
    r = subprocess.run([k, "bench", "--compare", os.path.join(tmp, "o.json"), "--with", os.path.join(tmp, "d.json")],
                       capture_output=True, text=True, timeout=60)
    check(r.returncode == 0 and "+40.0%: FAILED" in r.stdout and re.search(r"steady .* ~noise$", r.stdout, re.M)
          and "a drift check failed" in r.stdout, "--compare: a failed drift check widens the band and is named",
          r.stdout[-600:])
    r = subprocess.run([k, "bench", "--quick", "--suite", "slhdsa", "--compare", js], capture_output=True, text=True,
                       timeout=300)
    m = re.search(r"(\d+) figures in both; geometric mean of new/old: [\d.]+", r.stdout)
    check(r.returncode == 0 and m and int(m.group(1)) == len(by_suite["slhdsa"]), "--compare after a run",
          r.stdout[-400:])
    with open(os.path.join(tmp, "bad.json"), "w") as f:
        f.write("{}")
    r = subprocess.run([k, "bench", "--compare", os.path.join(tmp, "bad.json"), "--suite", "hash"],
                       capture_output=True, text=True, timeout=60)
    check(r.returncode == 1 and "not a kforge bench --json file" in r.stderr and not r.stdout,
          "--compare with a bad file: exit 1 before any run", r.stderr)

    # --plot
    if "Plots: skipped" in out:
        print("SKIP: --plot charts not checked: %s" % re.search(r"Plots: skipped.*", out).group(0))
    else:
        for name in ("hash.svg", "mlkem.svg", "slhdsa.svg"):
            path = os.path.join(plots, name)
            try:
                root = ET.parse(path).getroot()
                ok = root.tag.endswith("svg") and len(list(root.iter())) > 50
            except (OSError, ET.ParseError) as e:
                ok = False
            check(ok, "--plot wrote %s, an SVG" % name)
        check("Plots: not drawn: cortex-m.svg" in out, "--plot says which charts it could not draw")

    return check.finish()


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""bench_plot.py - SVG charts of a `kforge bench --json` file, drawn with matplotlib.

  hash.svg       ticks per byte by input size, one line per function (suite "hash")
  openssl.svg    the same for the functions OpenSSL also has: keccakforge solid, OpenSSL
                 dashed, same colour (suite "openssl", samples interleaved in one run)
  mlkem.svg      ML-KEM keygen/encaps/decaps ticks, bars per parameter set and backend
  slhdsa.svg     SLH-DSA keygen/sign/verify ticks (log scale), bars per parameter set
  cortex-m.svg, aarch64.svg, riscv64.svg
                 the emulated suites' figures (model cycles, instructions), bars per backend,
                 when their records are in the file
A chart whose records are absent is not written (and the script says so). Error bars run
from the first to the third quartile when the JSON has them ("q1", "q3"); for an older JSON
with only "iqr" they are median +- IQR/2, cut at zero. Every series has its own colour
(tab20's ten strong hues, then their light pairs, then all again with another marker and
line style). Exit status: 0 written, 77 matplotlib is
missing (one line says so), 1 the JSON cannot be read.

Usage: bench_plot.py --json FILE --out DIR
"""
import argparse
import json
import os
import sys
from collections import OrderedDict


def load(path):
    with open(path) as f:
        doc = json.load(f)
    return doc.get("machine", {}), doc.get("results", [])


def size_label(n):
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return "%d MiB" % (n >> 20)
    if n >= 1024 and n % 1024 == 0:
        return "%d KiB" % (n >> 10)
    return "%d B" % n


def err(r):
    """(below, above) the median: to the quartiles, or IQR/2 each way (not below zero)."""
    num = (int, float)
    if isinstance(r.get("q1"), num) and isinstance(r.get("q3"), num):
        return max(0.0, r["median"] - r["q1"]), max(0.0, r["q3"] - r["median"])
    if isinstance(r.get("iqr"), num):
        return min(r["iqr"] / 2, r["median"]), r["iqr"] / 2
    return 0.0, 0.0


def yerr(recs_or_errs, from_records=True):
    """matplotlib's asymmetric yerr: [[below...], [above...]]."""
    pairs = [err(r) for r in recs_or_errs] if from_records else list(recs_or_errs)
    return [[p[0] for p in pairs], [p[1] for p in pairs]]


MARKERS = ["o", "s", "^", "D", "v", "P", "X"]


def style(k, plt):
    """The k-th series' (colour, marker, line style): 20 colours, then they repeat with
    another marker and dash pattern, so no two series up to 140 look alike."""
    tab = plt.get_cmap("tab20").colors
    colours = tab[0::2] + tab[1::2]  # the 10 strong hues first, then their light pairs
    turn = k // len(colours)
    return colours[k % len(colours)], MARKERS[turn % len(MARKERS)], ["-", "-.", ":"][turn % 3]


def subtitle(machine):
    return "%s, %s, commit %s, %s" % (machine.get("cpu_model", "?"), machine.get("backend", "?"),
                                      machine.get("commit", "unknown"), machine.get("date", "?"))


def save(plt, fig, out, name, written):
    path = os.path.join(out, name)
    fig.tight_layout()
    fig.savefig(path, format="svg", metadata={"Date": None})
    plt.close(fig)
    written.append(path)


def lines_by_size(plt, records, title, machine, out, name, written, styles=None):
    """records: (label, style key, [records]) ticks/byte against input size, log x."""
    fig, ax = plt.subplots(figsize=(9, 5.5))
    keys = {}
    for label, key, recs in records:
        recs = sorted(recs, key=lambda r: r["size"])
        colour, marker, line = style(keys.setdefault(key, len(keys)), plt)
        ax.errorbar([r["size"] for r in recs], [r["median"] for r in recs], yerr=yerr(recs),
                    label=label, color=colour, marker=marker, markersize=3, capsize=2,
                    linestyle=(styles or {}).get(label, line))
    sizes = sorted({r["size"] for _, _, recs in records for r in recs})
    ax.set_xscale("log", base=2)
    ax.set_xticks(sizes)
    ax.set_xticklabels([size_label(s) for s in sizes])
    ax.set_xlabel("input size")
    ax.set_ylabel("TSC ticks per byte (median; bars: quartiles)")
    ax.set_title("%s\n%s" % (title, subtitle(machine)), fontsize=10)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7, ncol=2)
    save(plt, fig, out, name, written)


def bars(plt, groups, series, values, errors, title, ylabel, machine, out, name, written, log=False):
    """groups on x, one bar per series in each group; values[s][index of the group]."""
    fig, ax = plt.subplots(figsize=(max(7, 1.2 * len(groups) * max(1, len(series)) / 2), 5.5))
    width = 0.8 / max(1, len(series))
    for k, s in enumerate(series):
        xs = [g + (k - (len(series) - 1) / 2) * width for g in range(len(groups))]
        idx = range(len(groups))
        colour, _, _ = style(k, plt)
        ax.bar(xs, [values[s].get(g, 0) for g in idx], width,
               yerr=yerr([errors[s].get(g, (0.0, 0.0)) for g in idx], from_records=False),
               label=s, capsize=2, color=colour)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups, rotation=20 if len(groups) > 6 else 0, ha="right" if len(groups) > 6 else "center",
                       fontsize=8)
    if log:
        ax.set_yscale("log")
    ax.set_ylabel(ylabel)
    ax.set_title("%s\n%s" % (title, subtitle(machine)), fontsize=10)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(fontsize=7)
    save(plt, fig, out, name, written)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    try:
        import matplotlib
        matplotlib.use("Agg")
        matplotlib.rcParams["svg.hashsalt"] = "keccakforge"  # the same JSON gives the same SVG
        import matplotlib.pyplot as plt
    except ImportError:
        print("Plots: skipped: python3 has no matplotlib (pip install matplotlib, or Debian python3-matplotlib)")
        return 77
    try:
        machine, res = load(args.json)
    except (OSError, ValueError) as e:
        print("Plots: cannot read %s: %s" % (args.json, e), file=sys.stderr)
        return 1
    os.makedirs(args.out, exist_ok=True)
    written, missing = [], []

    hashes = OrderedDict()
    for r in res:
        if r["suite"] == "hash" and r["unit"] == "ticks/byte" and r.get("size"):
            hashes.setdefault(r["name"], []).append(r)
    if hashes:
        lines_by_size(plt, [(n, n, recs) for n, recs in hashes.items()],
                      "keccakforge: ticks per input byte by input size", machine, args.out, "hash.svg", written)
    else:
        missing.append("hash.svg (no suite hash)")

    ossl = OrderedDict()
    for r in res:
        if r["suite"] == "openssl" and r["unit"] == "ticks/byte" and r.get("size"):
            who = "openssl" if r["backend"] == "openssl" else "keccakforge"
            ossl.setdefault((r["name"], who), []).append(r)
    if ossl:
        series = [("%s (%s)" % (n, who), n, recs) for (n, who), recs in ossl.items()]
        styles = {label: "--" for label, _, _ in series if label.endswith("(openssl)")}
        lines_by_size(plt, series, "keccakforge (solid) beside OpenSSL libcrypto (dashed), same run",
                      machine, args.out, "openssl.svg", written, styles)
    else:
        missing.append("openssl.svg (no suite openssl, or OpenSSL absent)")

    mlkem = [r for r in res if r["suite"] == "mlkem"]
    if mlkem:
        groups, series = [], []
        values, errors = {}, {}
        for r in mlkem:  # name ml-kem-512-keygen
            parts = r["name"].split("-")
            g = "ML-KEM-%s %s" % (parts[2], parts[3]) if len(parts) >= 4 else r["name"]
            if g not in groups:
                groups.append(g)
            if r["backend"] not in series:
                series.append(r["backend"])
            values.setdefault(r["backend"], {})[groups.index(g)] = r["median"]
            errors.setdefault(r["backend"], {})[groups.index(g)] = err(r)
        bars(plt, groups, series, values, errors, "ML-KEM (FIPS 203): ticks per operation",
             "TSC ticks (median; bars: quartiles)", machine, args.out, "mlkem.svg", written)
    else:
        missing.append("mlkem.svg (no suite mlkem)")

    slh = [r for r in res if r["suite"] == "slhdsa"]
    if slh:
        ops = ["keygen", "sign", "verify"]
        groups = []
        values = {o: {} for o in ops}
        errors = {o: {} for o in ops}
        for r in slh:  # slh-dsa-shake-128f-sign
            name, op = r["name"].rsplit("-", 1)
            if name not in groups:
                groups.append(name)
            if op in values:
                values[op][groups.index(name)] = r["median"]
                errors[op][groups.index(name)] = err(r)
        bars(plt, groups, ops, values, errors, "SLH-DSA (FIPS 205), SHAKE sets: ticks per operation",
             "TSC ticks (median, log scale)", machine, args.out, "slhdsa.svg", written, log=True)
    else:
        missing.append("slhdsa.svg (no suite slhdsa)")

    for suite in ("cortex-m", "aarch64", "riscv64"):
        recs = [r for r in res if r["suite"] == suite]
        if not recs:
            missing.append("%s.svg (no suite %s: it needs cross tools)" % (suite, suite))
            continue
        for unit in OrderedDict((r["unit"], 1) for r in recs):
            sub = [r for r in recs if r["unit"] == unit]
            groups = list(OrderedDict((r["name"], 1) for r in sub))
            series = list(OrderedDict((r["backend"], 1) for r in sub))
            values = {s: {} for s in series}
            errors = {s: {} for s in series}
            for r in sub:
                values[r["backend"]][groups.index(r["name"])] = r["median"]
                errors[r["backend"]][groups.index(r["name"])] = err(r)
            fname = "%s.svg" % suite if unit == sub[0]["unit"] and unit == recs[0]["unit"] else \
                "%s-%s.svg" % (suite, unit.replace("/", "-per-"))
            bars(plt, groups, series, values, errors, "%s: %s" % (suite, unit), unit, machine, args.out, fname,
                 written)

    for p in written:
        print("Plots: wrote %s" % p)
    for m in missing:
        print("Plots: not drawn: %s" % m)
    return 0


if __name__ == "__main__":
    sys.exit(main())

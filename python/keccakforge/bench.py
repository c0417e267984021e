# SPDX-License-Identifier: Apache-2.0 OR MIT
"""python -m keccakforge.bench: keccakforge against hashlib, pycryptodome and kyber-py, in
one process, as speed-up ratios.

Each row times the two calls in alternating samples (A then B, B then A, ...); a sample is
a run of back-to-back calls lasting at least --sample-ms. The ratio is the median over the
rounds of (reference's time per call) / (keccakforge's time per call), taken from samples
next to each other, so a burst of load on a shared machine hits both sides alike; "best"
is the ratio of the two fastest samples (the least disturbed ones). With --check, each row's
goal (the speed-up the project aims at) is shown and checked against the better of the two,
since a loaded host can only make either estimate worse.
Rows whose reference package is missing say so and are left out.

  --quick           fewer rounds and shorter samples
  --check           show each row's goal, and exit 1 if a ratio misses it
  --records FILE    also write one tab-separated record per figure, for `kforge bench`:
                    name, backend, size, unit, median, samples
"""
import argparse
import hashlib
import os
import statistics
import sys
import time

import keccakforge as kf
from keccakforge import mlkem

MIB = 1 << 20


def _timer(fn, reps):
    t = time.perf_counter_ns()
    for _ in range(reps):
        fn()
    return time.perf_counter_ns() - t


def _reps_for(fn, sample_ns):
    reps = 1
    while True:
        t = _timer(fn, reps)
        if t >= sample_ns or reps >= 1 << 22:
            return reps
        reps = max(reps * 2, int(reps * sample_ns / max(t, 1)) + 1)


def compare(ours, ref, rounds, sample_ns):
    """(median ns per call of ours, of ref, median ratio ref/ours, ratio of the fastest samples
    min(ref)/min(ours), rounds)."""
    ours(), ref()   # warm-up, and a first check that both run
    ro, rr = _reps_for(ours, sample_ns), _reps_for(ref, sample_ns)
    to, tr, ratios = [], [], []
    for i in range(rounds):
        if i % 2:
            b = _timer(ref, rr) / rr
            a = _timer(ours, ro) / ro
        else:
            a = _timer(ours, ro) / ro
            b = _timer(ref, rr) / rr
        to.append(a)
        tr.append(b)
        ratios.append(b / a)
    return (statistics.median(to), statistics.median(tr), statistics.median(ratios), min(tr) / min(to),
            rounds)


def rows():
    """(name, size, reference backend, target ratio, ours, ref) or (name, ..., None, why)."""
    big, small = os.urandom(MIB), os.urandom(64)
    out = [
        ("sha3-256", MIB, "hashlib", 1.3, lambda: kf.sha3_256(big).digest(), lambda: hashlib.sha3_256(big).digest()),
        ("shake128", MIB, "hashlib", 1.3, lambda: kf.shake_128(big).digest(32),
         lambda: hashlib.shake_128(big).digest(32)),
        ("sha3-256", 64, "hashlib", 1.0, lambda: kf.sha3_256(small).digest(), lambda: hashlib.sha3_256(small).digest()),
        ("shake128", 64, "hashlib", 1.0, lambda: kf.shake_128(small).digest(32),
         lambda: hashlib.shake_128(small).digest(32)),
    ]
    try:
        from Crypto.Hash import KangarooTwelve, TurboSHAKE128
        out.append(("kt128", MIB, "pycryptodome", 5.0, lambda: kf.kt128(big).digest(32),
                    lambda: KangarooTwelve.new(data=big).read(32)))
        out.append(("turboshake128", MIB, "pycryptodome", None, lambda: kf.turboshake128(big).digest(32),
                    lambda: TurboSHAKE128.new(data=big).read(32)))
    except ImportError:
        out.append(("kt128", MIB, "pycryptodome", 5.0, None, "pycryptodome is not installed"))
    try:
        from kyber_py.ml_kem import ML_KEM_768 as ref768
        ek, dk = mlkem.ML_KEM_768.keygen()
        _, ct = mlkem.ML_KEM_768.encaps(ek)
        out.append(("ml-kem-768-encaps", -1, "kyber-py", 100.0, lambda: mlkem.ML_KEM_768.encaps(ek),
                    lambda: ref768.encaps(ek)))
        out.append(("ml-kem-768-decaps", -1, "kyber-py", 100.0, lambda: mlkem.ML_KEM_768.decaps(dk, ct),
                    lambda: ref768.decaps(dk, ct)))
    except ImportError:
        out.append(("ml-kem-768", -1, "kyber-py", 100.0, None, "kyber-py is not installed"))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m keccakforge.bench", description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--records")
    args = ap.parse_args(argv)
    rounds, sample_ns = (7, 5_000_000) if args.quick else (21, 20_000_000)
    one, batch = kf.backends()
    print(f"keccakforge {kf.__version__} (backends {one}, {batch}), Python {sys.version.split()[0]}, "
          f"{rounds} alternating rounds, samples >= {sample_ns / 1e6:.0f} ms")
    # the speed-up each row should reach (the project's own goals) only with --check
    print(f"{'row':<20} {'size':>6} {'keccakforge':>14} {'reference':>26} {'median':>8} {'best':>8}"
          + (f" {'goal':>7}" if args.check else ""))
    recs, missed = [], []
    for name, size, refname, target, ours, ref in rows():
        label = "1 MiB" if size == MIB else (f"{size} B" if size > 0 else "")
        if ours is None:
            print(f"{name:<20} {label:>6}   skipped: {ref}")
            continue
        o, r, ratio, best, n = compare(ours, ref, rounds, sample_ns)
        ok = target is None or max(ratio, best) >= target
        if not ok:
            missed.append(name)
        tgt = f">={target:g}x" if target else ""
        print(f"{name:<20} {label:>6} {o / 1e3:11.2f} us {refname:>13} {r / 1e3:9.2f} us {ratio:7.2f}x {best:7.2f}x"
              + (f" {tgt:>7}{'' if ok else '  MISSED'}" if args.check else ""))
        recs += [(name, "keccakforge", size, "ns/call", o, n), (name, refname, size, "ns/call", r, n),
                 (name, f"vs-{refname}", size, "speed-up", ratio, n),
                 (name, f"vs-{refname}-best", size, "speed-up", best, n)]
    if args.records:
        with open(args.records, "w") as f:
            for rec in recs:
                f.write("\t".join(str(x) for x in rec) + "\n")
    if missed and args.check:
        print(f"goals missed: {', '.join(missed)}")
    return 1 if (args.check and missed) else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""sum_threads_bench.py - wall time of `kforge sum -a kt128` on one file with --threads 1,
--threads N and the default policy, runs alternated (one of each in turn, so a noisy
machine hurts all alike); prints the median, min and max of each and the load average.

Usage: sum_threads_bench.py --kforge build/kforge --file BIG [--rounds 9] [--threads 2]
"""
import argparse
import os
import statistics
import subprocess
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kforge", required=True)
    ap.add_argument("--file", required=True)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--alg", default="kt128")
    a = ap.parse_args()
    modes = {"--threads 1": ["--threads", "1"], "--threads %d" % a.threads: ["--threads", str(a.threads)],
             "default": []}
    times = {m: [] for m in modes}
    subprocess.run([a.kforge, "sum", "-a", a.alg, a.file], stdout=subprocess.DEVNULL, check=True)  # page cache
    load0 = os.getloadavg()[0]
    for _ in range(a.rounds):
        for m, extra in modes.items():
            t = time.perf_counter()
            subprocess.run([a.kforge, "sum", "-a", a.alg] + extra + [a.file], stdout=subprocess.DEVNULL, check=True)
            times[m].append(time.perf_counter() - t)
    print("%s, %d bytes, %d rounds, load average %.2f before / %.2f after, %d cores" % (
        a.alg, os.path.getsize(a.file), a.rounds, load0, os.getloadavg()[0], os.cpu_count() or 0))
    for m, v in times.items():
        print("  %-12s median %.3f s  min %.3f  max %.3f" % (m, statistics.median(v), min(v), max(v)))


if __name__ == "__main__":
    main()

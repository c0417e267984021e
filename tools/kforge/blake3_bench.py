#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""blake3_bench.py - the BLAKE3 rows of `kforge bench` (suite tree-threads).

Debian ships no BLAKE3 C library, so kforge times the `blake3` PyPI package (bindings to
the official Rust crate, whose x86-64 SIMD code is the assembly of the C implementation)
through this script, in a subprocess.

  blake3_bench.py --input FILE --cpus LIST --threads N --samples N

Hashes the bytes of FILE (written by kforge: the very input its KT128 rows hash), pinned
to the CPUs in LIST (comma separated), with max_threads = N (0: blake3.AUTO). After a
warm-up, times --samples calls with time.perf_counter_ns and prints one line:

  ok NS_PER_BYTE SAMPLES VERSION

the median over the samples, and the package version. kforge turns ns into TSC ticks
with its measured frequency.
If the module is missing it prints "missing" and exits 3; kforge then skips the rows.

Each sample is one call, so it includes the Python call overhead (about 1 us); against
about 150 us of hashing 1 MiB that is under 1%, and it is not subtracted.
"""
import argparse
import os
import statistics
import sys
import time

WARMUP_CALLS = 20


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input", required=True)
    ap.add_argument("--cpus", default="")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--samples", type=int, default=101)
    args = ap.parse_args()
    try:
        import blake3
    except ImportError:
        print("missing")
        return 3
    if args.cpus:
        os.sched_setaffinity(0, {int(c) for c in args.cpus.split(",")})
    with open(args.input, "rb") as f:
        data = f.read()
    threads = blake3.blake3.AUTO if args.threads == 0 else args.threads

    def call():
        blake3.blake3(data, max_threads=threads).digest()

    for _ in range(WARMUP_CALLS):
        call()
    clock = time.perf_counter_ns
    samples = []
    for _ in range(max(1, args.samples)):
        t0 = clock()
        call()
        samples.append(clock() - t0)
    version = getattr(blake3, "__version__", "unknown")
    print("ok %.6f %d %s" % (statistics.median(samples) / len(data), len(samples), version))
    return 0


if __name__ == "__main__":
    sys.exit(main())

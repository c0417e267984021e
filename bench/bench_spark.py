#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""bench_spark.py - issue 57, item 5: keccakforge.spark against Spark's own digests (a lab tool).

    PYTHONPATH=build/python python bench/bench_spark.py [--rows 10000000] [--file-mib 4096]
        [--master local[2]] [--repeat 3] [--tmp DIR]

Rows: ROWS values of 100 bytes, cached in memory first; then, alternated, REPEAT times each:
  builtin   Spark's sha2(v, 256) (JVM)
  kf        keccakforge.spark.sha3_256(v) (pandas UDF, one batched C call per Arrow batch)
  hashlib   a pandas UDF calling hashlib.sha3_256 per row
Each query forces every digest (sum(hash(digest))); rows/s from the median wall time.
File: one file of FILE_MIB MiB (page-cached by a first read), hashed
  kt128_file  keccakforge.spark.kt128_file on the session (leaves on the executors)
  one core    keccakforge.kt128 updated with 8 MiB reads, threads=1, in this process
  b3sum       b3sum --num-threads 1 and b3sum (all threads), if b3sum is on PATH
Each runs once untimed first (on 1% of the rows; the workers' start). The digests are checked equal
(kt128_file == keccakforge.kt128). Prints the host, the load
and a table in the shape of docs/BENCHMARKS.md. Wall-clock timings on a shared host: medians,
alternated, but still only indicative (the project's tick benchmarks are tools/kforge bench).
"""
import argparse
import hashlib
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def host():
    model = platform.processor() or ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=10_000_000)
    ap.add_argument("--file-mib", type=int, default=4096)
    ap.add_argument("--master", default="local[2]")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--tmp", default=tempfile.gettempdir())
    ap.add_argument("--batch-rows", type=int, default=10000,
                    help="spark.sql.execution.arrow.maxRecordsPerBatch (Spark's default: 10000)")
    ap.add_argument("--skip-rows", action="store_true", help="only the file part")
    a = ap.parse_args()

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    import keccakforge
    from keccakforge import spark as kfs
    import pandas as pd
    from pyspark.sql import functions as F
    from pyspark.sql.functions import pandas_udf

    pkg = os.path.dirname(os.path.dirname(os.path.abspath(keccakforge.__file__)))
    os.environ["PYTHONPATH"] = os.pathsep.join([pkg] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                                                        if p])
    spark = kfs.session(master=a.master, app_name="bench_spark", conf={
        "spark.driver.host": "127.0.0.1", "spark.driver.bindAddress": "127.0.0.1", "spark.ui.enabled": "false",
        "spark.ui.showConsoleProgress": "false", "spark.driver.memory": "2g",
        "spark.sql.execution.arrow.maxRecordsPerBatch": str(a.batch_rows), "spark.executorEnv.PYTHONPATH": os.environ["PYTHONPATH"]})
    spark.sparkContext.setLogLevel("ERROR")
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {host()}; keccakforge {keccakforge.__version__} "
          f"backends {keccakforge.backends()}; Spark {spark.version}, master {a.master}, "
          f"{a.batch_rows} rows per Arrow batch")
    if not a.skip_rows:
        bench_rows(a, spark, kfs, F, pandas_udf, pd)
    return bench_file(a, spark, kfs, keccakforge)


def bench_rows(a, spark, kfs, F, pandas_udf, pd):

    @pandas_udf("binary")
    def hashlib_sha3_256(s: pd.Series) -> pd.Series:
        return s.map(lambda b: hashlib.sha3_256(b).digest())

    # 100-byte values: the row number, left-padded (distinct values, cheap to make), cached
    df = spark.range(a.rows).select(F.expr("cast(lpad(cast(id as string), 100, 'k') as binary)").alias("v")).cache()
    assert df.count() == a.rows
    queries = {"builtin sha2(v, 256)": F.sha2("v", 256), "kf_sha3_256 (keccakforge.spark)": kfs.sha3_256("v"),
               "pandas UDF hashlib.sha3_256": hashlib_sha3_256("v")}
    # the three agree on a sample (sha2 is SHA-256: only its length)
    sample = df.limit(3).select(*[q.alias(f"q{i}") for i, q in enumerate(queries.values())]).collect()
    for r in sample:
        assert bytes(r.q1) == bytes(r.q2) and len(bytes(r.q1)) == 32 and len(r.q0) == 64

    times = {k: [] for k in queries}
    warm = df.limit(max(1, a.rows // 100))
    for k in queries:  # warm-up on 1% of the rows: the Python workers start, the JIT compiles
        warm.select(queries[k].alias("h")).agg(F.sum(F.hash("h"))).collect()
    for rep in range(a.repeat):
        order = list(queries) if rep % 2 == 0 else list(reversed(list(queries)))
        for k in order:
            t = time.perf_counter()
            df.select(queries[k].alias("h")).agg(F.sum(F.hash("h"))).collect()
            times[k].append(time.perf_counter() - t)
    rate = {k: a.rows / statistics.median(v) for k, v in times.items()}
    print(f"\n{a.rows} rows of 100 bytes, {a.repeat} alternated runs each (median wall time)")
    print("| query | median s | rows/s | kf_sha3_256 is |")
    print("| --- | --- | --- | --- |")
    kf = rate["kf_sha3_256 (keccakforge.spark)"]
    for k in queries:
        print(f"| {k} | {statistics.median(times[k]):.2f} | {rate[k]:,.0f} | {kf / rate[k]:.2f}x |")
    df.unpersist()


def bench_file(a, spark, kfs, keccakforge):
    if a.file_mib <= 0:
        return 0
    path = os.path.join(a.tmp, f"bench_spark_{a.file_mib}MiB.bin")
    size = a.file_mib << 20
    if not os.path.exists(path) or os.path.getsize(path) != size:
        chunk = os.urandom(8 << 20)
        with open(path, "wb") as f:
            for i in range(0, size, len(chunk)):
                f.write(chunk[: min(len(chunk), size - i)])

    def one_core():
        h = keccakforge.kt128()
        with open(path, "rb") as f:
            while b := f.read(8 << 20):
                h.update(b)
        return h.digest(32)

    want = one_core()  # also fills the page cache
    runs = {"kt128_file (keccakforge.spark)": lambda: kfs.kt128_file(spark, path),
            "keccakforge.kt128, one core": one_core}
    b3 = shutil.which("b3sum")
    if b3:
        runs["b3sum --num-threads 1"] = lambda: subprocess.run([b3, "--num-threads", "1", path], check=True,
                                                                capture_output=True).stdout
        runs["b3sum (all threads)"] = lambda: subprocess.run([b3, path], check=True, capture_output=True).stdout
    ft = {k: [] for k in runs}
    kfs.kt128_file(spark, path)  # warm-up
    for rep in range(a.repeat):
        order = list(runs) if rep % 2 == 0 else list(reversed(list(runs)))
        for k in order:
            t = time.perf_counter()
            out = runs[k]()
            ft[k].append(time.perf_counter() - t)
            if k.startswith("kt128_file"):
                assert out == want, "kt128_file differs from keccakforge.kt128"
    base = statistics.median(ft["keccakforge.kt128, one core"])
    print(f"\none file of {a.file_mib} MiB (page-cached), {a.repeat} alternated runs each (median wall time)")
    print("| run | median s | MiB/s | vs keccakforge.kt128 one core |")
    print("| --- | --- | --- | --- |")
    for k in runs:
        m = statistics.median(ft[k])
        print(f"| {k} | {m:.2f} | {a.file_mib / m:,.0f} | {base / m:.2f}x |")
    if not b3:
        print("(b3sum not on PATH: no BLAKE3 rows)")
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

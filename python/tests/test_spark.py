# SPDX-License-Identifier: Apache-2.0 OR MIT
"""keccakforge.spark on a local[2] Spark session (ctest python_spark; skipped with the reason
when pyspark, pandas, pyarrow or a Java runtime is missing).

Every column function is compared with hashlib, keccakforge's own one-shots or pycryptodome
on binary and string columns with nulls; the SQL functions the same way, with a per-row
parameter error; the verify functions against keccakforge.mldsa / slhdsa verify; the file
functions against keccakforge.kt128/kt256/parallelhash of the whole file.
"""
import hashlib
import os
import random
import shutil
import sys

import pytest

for _mod in ("pyspark", "pandas", "pyarrow"):
    pytest.importorskip(_mod, reason=f"{_mod} is not installed (pip install keccakforge[spark])")
if not (shutil.which("java") or os.environ.get("JAVA_HOME")):
    pytest.skip("no Java runtime (apt-get install openjdk-17-jre-headless)", allow_module_level=True)
Crypto = pytest.importorskip("Crypto", reason="pycryptodome is not installed (pip install pycryptodome)")
from Crypto.Hash import KMAC128, KMAC256, KangarooTwelve, TurboSHAKE128, TurboSHAKE256  # noqa: E402

import keccakforge  # noqa: E402
from keccakforge import mldsa, slhdsa  # noqa: E402
from keccakforge import spark as kfs  # noqa: E402


@pytest.fixture(scope="module")
def spark():
    # the executors' Python workers: this interpreter, with the in-tree package on PYTHONPATH
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    pkg = os.path.dirname(os.path.dirname(os.path.abspath(keccakforge.__file__)))
    os.environ["PYTHONPATH"] = os.pathsep.join([pkg] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                                                        if p])
    s = kfs.session(master="local[2]", app_name="keccakforge-tests", conf={
        "spark.driver.host": "127.0.0.1", "spark.driver.bindAddress": "127.0.0.1", "spark.ui.enabled": "false",
        "spark.sql.shuffle.partitions": "2", "spark.sql.execution.arrow.maxRecordsPerBatch": "7",
        "spark.executorEnv.PYTHONPATH": os.environ["PYTHONPATH"]})
    s.sparkContext.setLogLevel("ERROR")
    yield s
    s.stop()


RNG = random.Random(57)
BIN = [b"", b"abc", None] + [RNG.randbytes(RNG.choice([1, 31, 136, 168, 1000, 9000])) for _ in range(20)] + [None]
STR = ["", "abc", None, "h\u00e9llo w\u00f6rld \u2603", "x" * 500, None]


def enc(v):
    return v.encode("utf-8") if isinstance(v, str) else v


def column_of(spark, rows, typ):
    df = spark.createDataFrame([(i, v) for i, v in enumerate(rows)], f"i int, v {typ}")
    return df


def collect(df, *cols):
    return [tuple(r) for r in df.select("i", *cols).orderBy("i").collect()]


EXPECT = {
    "sha3_224": lambda v: hashlib.sha3_224(v).digest(),
    "sha3_256": lambda v: hashlib.sha3_256(v).digest(),
    "sha3_384": lambda v: hashlib.sha3_384(v).digest(),
    "sha3_512": lambda v: hashlib.sha3_512(v).digest(),
    "shake128": lambda v: hashlib.shake_128(v).digest(50),
    "shake256": lambda v: hashlib.shake_256(v).digest(70),
    "kt128": lambda v: KangarooTwelve.new(custom=b"cu").update(v).read(40),
    "kt256": lambda v: keccakforge.kt256(v, b"cu").digest(40),
    "kmac128": lambda v: KMAC128.new(key=b"k" * 16, data=v, mac_len=24, custom=b"S").digest(),
    "kmac256": lambda v: KMAC256.new(key=b"k" * 32, data=v, mac_len=48, custom=b"").digest(),
    "turboshake128": lambda v: TurboSHAKE128.new(data=v, domain=0x0B).read(33),
    "turboshake256": lambda v: TurboSHAKE256.new(data=v, domain=0x1F).read(64),
}


def column_functions():
    return {
        "sha3_224": kfs.sha3_224("v"), "sha3_256": kfs.sha3_256("v"), "sha3_384": kfs.sha3_384("v"),
        "sha3_512": kfs.sha3_512("v"), "shake128": kfs.shake128("v", 50), "shake256": kfs.shake256("v", 70),
        "kt128": kfs.kt128("v", 40, b"cu"), "kt256": kfs.kt256("v", 40, "cu"),
        "kmac128": kfs.kmac128(b"k" * 16, "v", 24, b"S"), "kmac256": kfs.kmac256(b"k" * 32, "v", 48),
        "turboshake128": kfs.turboshake128("v", 33, 0x0B), "turboshake256": kfs.turboshake256("v"),
    }


@pytest.mark.parametrize("typ,rows", [("binary", BIN), ("string", STR)])
def test_column_functions(spark, typ, rows):
    fns = column_functions()
    df = column_of(spark, rows, typ)
    got = collect(df, *[c.alias(name) for name, c in fns.items()])
    assert len(got) == len(rows)
    for r in got:
        v = enc(rows[r[0]])
        for name, out in zip(fns, r[1:]):
            want = None if v is None else EXPECT[name](v)
            assert (None if out is None else bytes(out)) == want, (name, r[0])


def test_parameter_errors():
    with pytest.raises(ValueError, match="shake128: n"):
        kfs.shake128("v", 0)
    with pytest.raises(TypeError, match="kt128: n"):
        kfs.kt128("v", "32")
    with pytest.raises(ValueError, match="turboshake128: domain"):
        kfs.turboshake128("v", 32, 0x80)
    with pytest.raises(TypeError, match="kmac128: key"):
        kfs.kmac128(None, "v", 32)
    with pytest.raises(TypeError, match="customization"):
        kfs.kt256("v", 32, 5)
    with pytest.raises(ValueError, match="unknown parameter set"):
        kfs.mldsa_verify(99, "pk", "m", "s")


def test_sql_functions(spark):
    names = kfs.register(spark)
    assert set(names) == set(kfs.SQL_FUNCTIONS)
    column_of(spark, BIN, "binary").createOrReplaceTempView("kf_t")
    rows = spark.sql("SELECT i, kf_sha3_256(v), kf_shake256(v, 70), kf_kt128(v, 40, 'cu'), "
                     "kf_kmac128(X'" + (b"k" * 16).hex() + "', v, 24, 'S'), kf_turboshake128(v, 33, 11), "
                     "kf_sha3_512(v) FROM kf_t ORDER BY i").collect()
    for r in rows:
        v = BIN[r[0]]
        outs = [None if x is None else bytes(x) for x in r[1:]]
        want = [None] * 6 if v is None else [EXPECT[k](v) for k in ("sha3_256", "shake256", "kt128", "kmac128",
                                                                     "turboshake128", "sha3_512")]
        assert outs == want, r[0]
    # a bad parameter in one row: the error names the function, the parameter and the row
    bad = spark.createDataFrame([(b"a", 16), (b"b", 16), (b"c", -3)], "v binary, n int").coalesce(1)
    bad.createOrReplaceTempView("kf_bad")
    with pytest.raises(Exception, match=r"kf_shake128: n, the output length in bytes, must be in .*row 2"):
        spark.sql("SELECT kf_shake128(v, n) FROM kf_bad").collect()


def verify_rows(scheme, p, keys):
    """(pk, msg, sig, ctx) rows: valid, wrong message, wrong context, short signature, short
    key, another key, nulls."""
    (pk, sk), (pk2, _) = keys
    m = b"message one"
    sig = p.sign(sk, m, ctx=b"c")
    return [(pk, m, sig, b"c"), (pk, b"message two", sig, b"c"), (pk, m, sig, b""), (pk, m, sig[:-1], b"c"),
            (pk[:-1], m, sig, b"c"), (pk2, m, sig, b"c"), (None, m, sig, b"c"), (pk, None, sig, b"c"),
            (pk, m, None, b"c"), (pk, m, sig, b"x" * 256)]


def expected_verify(p, rows):
    out = []
    for pk, m, s, c in rows:
        if pk is None or m is None or s is None:
            out.append(None)
        elif len(pk) != p.pk_bytes or len(c) > 255:
            out.append(False)
        else:
            out.append(p.verify(pk, m, s, ctx=c))
    return out


@pytest.mark.parametrize("scheme", ["mldsa", "slhdsa"])
def test_verify(spark, scheme):
    p = mldsa.ML_DSA_44 if scheme == "mldsa" else slhdsa.SLH_DSA_SHAKE_128f
    rows = verify_rows(scheme, p, [p.keygen(), p.keygen()])
    want = expected_verify(p, rows)
    assert want[0] is True and want.count(True) == 1 and want.count(None) == 3
    df = spark.createDataFrame([(i,) + r for i, r in enumerate(rows)],
                               "i int, pk binary, msg binary, sig binary, ctx binary")
    f = kfs.mldsa_verify if scheme == "mldsa" else kfs.slhdsa_verify
    param = 44 if scheme == "mldsa" else "SLH-DSA-SHAKE-128f"
    got = [r[1] for r in collect(df, f(param, "pk", "msg", "sig", "ctx").alias("ok"))]
    assert got == want
    # a literal key and context, and the SQL function
    kfs.register(spark)
    df.createOrReplaceTempView("kf_sigs")
    sql = [r[0] for r in spark.sql(f"SELECT kf_{scheme}_verify('{p.name}', pk, msg, sig, ctx) FROM kf_sigs "
                                   "ORDER BY i").collect()]
    assert sql == want
    lit = [r[1] for r in collect(df.filter("i < 3"), f(p, rows[0][0], "msg", "sig", b"c").alias("ok"))]
    assert lit == [True, False, True]


def test_tree_files(spark, tmp_path):
    rng = random.Random(9861)
    big = rng.randbytes(3 * (1 << 20) + 8192 * 5 + 123)
    path = tmp_path / "big.bin"
    path.write_bytes(big)
    want = keccakforge.kt128(big).digest(32)
    assert kfs.kt128_file(spark, str(path)) == want
    assert kfs.kt128_file(spark, str(path), part_bytes=1 << 20) == want
    assert kfs.kt256_file(spark, str(path), 80, b"custom", part_bytes=3 * 8192) == \
        keccakforge.kt256(big, b"custom").digest(80)
    assert kfs.parallelhash128_file(spark, str(path), 32, b"S", block_bytes=1000, part_bytes=300000) == \
        keccakforge.parallelhash128(big, block_bytes=1000, customization=b"S").digest()
    assert kfs.parallelhash256_file(spark, str(path)) == keccakforge.parallelhash256(big).digest()
    for size in (0, 100, 8192, 8193):
        small = tmp_path / f"s{size}"
        small.write_bytes(big[:size])
        assert kfs.kt128_file(spark, str(small), customization=b"c" * 9000) == \
            keccakforge.kt128(big[:size], b"c" * 9000).digest(32)
    # a directory: one row per file
    d = tmp_path / "dir"
    (d / "sub").mkdir(parents=True)
    files = {d / "a": b"", d / "b": big[:70000], d / "sub" / "c": b"xyz"}
    for f, data in files.items():
        f.write_bytes(data)
    rows = {r.path: (r.size, bytes(r.digest)) for r in kfs.kt128_files(spark, str(d)).collect()}
    assert rows == {str(f): (len(data), keccakforge.kt128(data).digest(32)) for f, data in files.items()}
    rows = kfs.kt256_files(spark, [str(d / "b")], 16).collect()
    assert [(r.size, bytes(r.digest)) for r in rows] == [(70000, keccakforge.kt256(big[:70000]).digest(16))]


def readme_script():
    readme = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "README.md")
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    start = text.index("```python\n", text.index("<!-- spark-script -->")) + len("```python\n")
    return text[start:text.index("```\n", start)]


def test_readme_script(spark, capsys):
    """The README's PySpark script, run as written (its kfs.session() gets this session)."""
    code = readme_script()
    assert len(code.splitlines()) <= 20
    exec(compile(code, "README.md:spark-script", "exec"), {"__name__": "__main__"})
    out = capsys.readouterr().out
    assert "alice@example.com" in out and "KT128 " in out

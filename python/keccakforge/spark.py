# SPDX-License-Identifier: Apache-2.0 OR MIT
"""keccakforge.spark: SHA-3, SHAKE, KT128/KT256, KMAC, TurboSHAKE and ML-DSA / SLH-DSA
verification as Apache Spark column functions, and KT / ParallelHash of one big file
computed across the cluster (pip install keccakforge[spark]: pyspark, pandas, pyarrow).

    from keccakforge import spark as kfs
    spark = kfs.session()                          # local[*] unless master= says otherwise
    df = spark.createDataFrame([(b"abc",), ("text",), (None,)], "v binary")  # or string columns
    df.select(kfs.sha3_256("v"), kfs.shake128("v", 64), kfs.kt128("v", 32, b"custom"))
    kfs.register(spark)                            # SQL: SELECT kf_sha3_256(v) FROM t
    kfs.kt128_file(spark, "/data/big.bin")         # == keccakforge.kt128(whole file).digest(32)
    kfs.kt128_files(spark, "/data/dir")            # DataFrame(path, size, digest)

Column functions are Arrow UDFs (pyspark 4.1+; pandas UDFs before): each Arrow batch of rows
is hashed by one call into the C library over the batch's buffers (_hash_arrow: SHA3-256/512,
SHAKE and TurboSHAKE on the batched SIMD backend, the others row by row in C), with no Python
object per row. Strings are hashed as
UTF-8; a null in gives a null out. Hash parameters (n, domain, customization, KMAC's key) are
Python values checked when the column is built (ValueError/TypeError naming the function and
the parameter); in SQL they are columns, checked per row (the error names the row).
mldsa_verify / slhdsa_verify go through the C verify_batch calls: True or False per row (a
key, signature or context of the wrong length is False), null if pk, msg or sig is null.

One object across the cluster: kt128_file(spark, path) splits the file at leaf boundaries
(keccakforge.tree), the executors read their byte ranges and compute the chaining values,
and the driver finishes with keccakforge.tree.final. The path must be readable at the same
name on the driver and on every executor (a local file in local mode; NFS or another shared
mount on a cluster).

On a cluster, install the keccakforge wheel on every executor (or ship it: spark-submit
--py-files / --archives with a venv, spark.archives), then use the same code with the
cluster's master (session(master="spark://host:7077") or spark-submit --master ...).
"""
import os

from . import _keccakforge as _c
from . import tree as _tree

_HINT = "keccakforge.spark needs pyspark, pandas and pyarrow (pip install keccakforge[spark])"
_MAX_LENGTH = 1 << 24


def _sql():
    try:
        from pyspark.sql import functions as F  # noqa: N812
        from pyspark.sql import Column
    except ImportError as e:  # pragma: no cover - exercised without pyspark
        raise ImportError(_HINT) from e
    return F, Column


def session(master=None, app_name="keccakforge", conf=None):
    """A SparkSession: master "local[*]" (every core of this machine) unless master or the
    environment (spark-submit) says otherwise; conf: a dict of settings for the builder."""
    try:
        from pyspark.sql import SparkSession
    except ImportError as e:  # pragma: no cover
        raise ImportError(_HINT) from e
    conf = dict(conf or {})
    b = SparkSession.builder.appName(app_name)
    if master:
        b = b.master(master)
    elif "PYSPARK_GATEWAY_PORT" not in os.environ and "spark.master" not in conf:
        b = b.master("local[*]")  # not under spark-submit, which sets the master itself
    for k, v in conf.items():
        b = b.config(k, v)
    return b.getOrCreate()


# ---- parameter checks (driver side, and per row for SQL) -------------------------------

def _as_bytes(v, what, fname):
    if v is None:
        return b""
    if isinstance(v, str):
        return v.encode("utf-8")
    if isinstance(v, (bytes, bytearray, memoryview)):
        return bytes(v)
    raise TypeError(f"{fname}: {what} must be bytes or str, not {type(v).__name__}")


def _check_length(n, fname, row=None):
    where = "" if row is None else f" (row {row})"
    if isinstance(n, bool) or not isinstance(n, int):
        try:
            if n == int(n):
                n = int(n)
        except (TypeError, ValueError, OverflowError):
            pass
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"{fname}: n, the output length in bytes, must be an int{where}, not {n!r}")
    if not 1 <= n <= _MAX_LENGTH:
        raise ValueError(f"{fname}: n, the output length in bytes, must be in [1, {_MAX_LENGTH}]{where}, not {n}")
    return n


def _check_domain(d, fname, row=None):
    where = "" if row is None else f" (row {row})"
    try:
        ok = not isinstance(d, bool) and int(d) == d and 1 <= int(d) <= 0x7F
    except (TypeError, ValueError, OverflowError):
        ok = False
    if not ok:
        raise ValueError(f"{fname}: domain, TurboSHAKE's domain byte, must be in [0x01, 0x7F]{where}, not {d!r}")
    return int(d)


def _col(c):
    F, Column = _sql()
    if isinstance(c, Column):
        return c
    if isinstance(c, str):
        return F.col(c)
    raise TypeError(f"a column or a column name is required, not {type(c).__name__}")


def _lit_or_col(v):
    """A Column as it is; a column name (str) as a column; bytes as a literal."""
    F, Column = _sql()
    if isinstance(v, Column):
        return v
    if isinstance(v, str):
        return F.col(v)
    if isinstance(v, (bytes, bytearray, memoryview)):
        return F.lit(bytes(v))
    raise TypeError(f"a column, a column name or bytes is required, not {type(v).__name__}")


# ---- the batch kernels (executor side) ----------------------------------------------------

def _rows(s):
    """A pandas Series as a list with None for every missing value (NaN, NA, None)."""
    vals = s.tolist()
    na = s.isna()
    if na.any():
        vals = [None if m else v for v, m in zip(vals, na.tolist())]
    return vals


def _series(vals, like):
    import pandas as pd
    return pd.Series(vals, index=like.index, dtype=object)


def _hash_arrow(alg, arr, length, key, custom, domain):
    """The digests of a pyarrow binary/string array as a binary array: one C call over the
    array's buffers (_hash_arrow), no Python object per row."""
    import pyarrow as pa
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    t = arr.type
    if pa.types.is_string(t) or pa.types.is_binary(t):
        wide = 0
    elif pa.types.is_large_string(t) or pa.types.is_large_binary(t):
        wide = 1
    else:
        raise TypeError(f"{alg}: a binary or string column is required, not {t}")
    n = len(arr)
    validity, offsets, data = arr.buffers()[:3]
    if data is None:
        data = b""
    out = _c._hash_arrow(alg, n, arr.offset, validity, offsets, data, wide, length, key, custom, domain)
    width = len(out) // n if n else max(length, 1)
    valid = None
    if arr.null_count:
        valid = arr.is_valid().buffers()[1]
    fixed = pa.Array.from_buffers(pa.binary(width), n, [valid, pa.py_buffer(out)], null_count=arr.null_count)
    return fixed.cast(pa.binary())


def _hash_udf(fname, alg, length, key=None, custom=b"", domain=0x1F):
    """A column function: an Arrow UDF over the array's buffers where pyspark has them (4.1+),
    else a pandas UDF over a list of the rows; both one C call per batch."""
    from pyspark.sql import functions as F
    if hasattr(F, "arrow_udf"):
        import pyarrow as pa

        def akernel(s: pa.Array) -> pa.Array:
            return _hash_arrow(alg, s, length, key, custom, domain)

        akernel.__name__ = fname
        return F.arrow_udf(akernel, "binary")
    import pandas as pd

    def kernel(s: pd.Series) -> pd.Series:
        return _series(_c._hash_many(alg, _rows(s), length, key, custom, domain), s)

    kernel.__name__ = fname
    return F.pandas_udf(kernel, "binary")


def sha3_224(col):
    """SHA3-224 of each row (binary; strings as UTF-8; null -> null)."""
    return _hash_udf("kf_sha3_224", "sha3_224", 28)(_col(col))


def sha3_256(col):
    """SHA3-256 of each row."""
    return _hash_udf("kf_sha3_256", "sha3_256", 32)(_col(col))


def sha3_384(col):
    """SHA3-384 of each row."""
    return _hash_udf("kf_sha3_384", "sha3_384", 48)(_col(col))


def sha3_512(col):
    """SHA3-512 of each row."""
    return _hash_udf("kf_sha3_512", "sha3_512", 64)(_col(col))


def shake128(col, n):
    """SHAKE128 of each row, n bytes."""
    return _hash_udf("kf_shake128", "shake128", _check_length(n, "shake128"))(_col(col))


def shake256(col, n):
    """SHAKE256 of each row, n bytes."""
    return _hash_udf("kf_shake256", "shake256", _check_length(n, "shake256"))(_col(col))


def kt128(col, n=32, customization=b""):
    """KT128 (KangarooTwelve, RFC 9861) of each row, n bytes."""
    return _hash_udf("kf_kt128", "kt128", _check_length(n, "kt128"),
                     custom=_as_bytes(customization, "customization", "kt128"))(_col(col))


def kt256(col, n=64, customization=b""):
    """KT256 (RFC 9861) of each row, n bytes."""
    return _hash_udf("kf_kt256", "kt256", _check_length(n, "kt256"),
                     custom=_as_bytes(customization, "customization", "kt256"))(_col(col))


def kmac128(key, col, n=32, customization=b""):
    """KMAC128 (SP 800-185) of each row under key (bytes or str; sent to the executors with
    the function), n bytes."""
    if key is None:
        raise TypeError("kmac128: key must be bytes or str, not None")
    return _hash_udf("kf_kmac128", "kmac128", _check_length(n, "kmac128"), key=_as_bytes(key, "key", "kmac128"),
                     custom=_as_bytes(customization, "customization", "kmac128"))(_col(col))


def kmac256(key, col, n=64, customization=b""):
    """KMAC256 (SP 800-185) of each row under key, n bytes."""
    if key is None:
        raise TypeError("kmac256: key must be bytes or str, not None")
    return _hash_udf("kf_kmac256", "kmac256", _check_length(n, "kmac256"), key=_as_bytes(key, "key", "kmac256"),
                     custom=_as_bytes(customization, "customization", "kmac256"))(_col(col))


def turboshake128(col, n=32, domain=0x1F):
    """TurboSHAKE128 (RFC 9861) of each row with domain byte domain, n bytes."""
    return _hash_udf("kf_turboshake128", "turboshake128", _check_length(n, "turboshake128"),
                     domain=_check_domain(domain, "turboshake128"))(_col(col))


def turboshake256(col, n=64, domain=0x1F):
    """TurboSHAKE256 (RFC 9861) of each row with domain byte domain, n bytes."""
    return _hash_udf("kf_turboshake256", "turboshake256", _check_length(n, "turboshake256"),
                     domain=_check_domain(domain, "turboshake256"))(_col(col))


# ---- signature verification ----------------------------------------------------------------

def _scheme_param(scheme, param):
    if scheme == "mldsa":
        from . import mldsa as mod
        names = {"44": mod.ML_DSA_44, "65": mod.ML_DSA_65, "87": mod.ML_DSA_87}
    else:
        from . import slhdsa as mod
        names = {p.name.split("-")[-1].lower(): p for p in mod.PARAMETER_SETS}
    if isinstance(param, mod.PARAMETER_SETS[0].__class__):
        return param.param
    key = str(param).upper().replace("_", "-")
    for p in mod.PARAMETER_SETS:
        if key == p.name.upper():
            return p.param
    short = str(param).lower().replace("ml-dsa-", "").replace("slh-dsa-shake-", "")
    if short in names:
        return names[short].param
    raise ValueError(f"{scheme}_verify: unknown parameter set {param!r} "
                     f"(one of {', '.join(p.name for p in mod.PARAMETER_SETS)})")


def _verify_udf(scheme, param_id):
    from pyspark.sql.functions import pandas_udf
    import pandas as pd

    def kernel(pk: pd.Series, msg: pd.Series, sig: pd.Series, ctx: pd.Series) -> pd.Series:
        return _series(_c._verify_many(scheme, param_id, _rows(pk), _rows(msg), _rows(sig), _rows(ctx)), pk)

    kernel.__name__ = f"kf_{scheme}_verify"
    return pandas_udf(kernel, "boolean")


def mldsa_verify(param, pk, msg, sig, ctx=b""):
    """ML-DSA (FIPS 204) verification per row: param 44/65/87, "ML-DSA-65" or an MLDSA object;
    pk, msg, sig, ctx columns, column names or bytes literals. True/False; null if pk, msg or
    sig is null; a key, signature or context of the wrong length gives False."""
    return _verify_udf("mldsa", _scheme_param("mldsa", param))(_lit_or_col(pk), _lit_or_col(msg), _lit_or_col(sig),
                                                             _lit_or_col(ctx))


def slhdsa_verify(param, pk, msg, sig, ctx=b""):
    """SLH-DSA (FIPS 205, SHAKE sets) verification per row: param "SLH-DSA-SHAKE-128f", "128f"
    or an SLHDSA object; otherwise as mldsa_verify."""
    return _verify_udf("slhdsa", _scheme_param("slhdsa", param))(_lit_or_col(pk), _lit_or_col(msg), _lit_or_col(sig),
                                                               _lit_or_col(ctx))


# ---- SQL functions ---------------------------------------------------------------------------

def _grouped(params, check):
    """Rows grouped by their checked parameter tuple: {checked params: [row, ...]}."""
    raw = {}
    for i, p in enumerate(zip(*params)):
        raw.setdefault(p, []).append(i)
    out = {}
    for p, rows in raw.items():
        out.setdefault(check(p, rows[0]), []).extend(rows)
    return out


def _sql_hash(fname, alg, fixed=None, with_n=True, with_custom=False, with_key=False, with_domain=False):
    from pyspark.sql.functions import pandas_udf
    import pandas as pd

    def check(p, row):
        p = list(p)
        key = _as_bytes(p.pop(0), "key", fname) if with_key else None
        n = fixed if fixed else _check_length(p.pop(0), fname, row)
        custom = _as_bytes(p.pop(0), "customization", fname) if with_custom else b""
        domain = _check_domain(p.pop(0), fname, row) if with_domain else 0x1F
        return key, n, custom, domain

    def run(vals, params, like):
        if not params:
            return _series(_c._hash_many(alg, vals, fixed, None, b"", 0x1F), like)
        out = [None] * len(vals)
        for (key, n, custom, domain), rows in _grouped(params, check).items():
            res = _c._hash_many(alg, [vals[i] for i in rows], n, key, custom, domain)
            for i, r in zip(rows, res):
                out[i] = r
        return _series(out, like)

    if with_key:
        def kernel(key: pd.Series, s: pd.Series, n: pd.Series, c: pd.Series) -> pd.Series:
            return run(_rows(s), [_rows(key), _rows(n), _rows(c)], s)
    elif with_custom:
        def kernel(s: pd.Series, n: pd.Series, c: pd.Series) -> pd.Series:
            return run(_rows(s), [_rows(n), _rows(c)], s)
    elif with_domain:
        def kernel(s: pd.Series, n: pd.Series, d: pd.Series) -> pd.Series:
            return run(_rows(s), [_rows(n), _rows(d)], s)
    elif with_n:
        def kernel(s: pd.Series, n: pd.Series) -> pd.Series:
            return run(_rows(s), [_rows(n)], s)
    else:
        def kernel(s: pd.Series) -> pd.Series:
            return run(_rows(s), [], s)
    kernel.__name__ = fname
    return pandas_udf(kernel, "binary")


def _sql_verify(scheme):
    from pyspark.sql.functions import pandas_udf
    import pandas as pd

    def kernel(param: pd.Series, pk: pd.Series, msg: pd.Series, sig: pd.Series, ctx: pd.Series) -> pd.Series:
        ps, pks, msgs, sigs, ctxs = _rows(param), _rows(pk), _rows(msg), _rows(sig), _rows(ctx)
        out = [None] * len(ps)
        groups = {}
        for i, p in enumerate(ps):
            groups.setdefault(p, []).append(i)
        for p, rows in groups.items():
            try:
                pid = _scheme_param(scheme, p)
            except ValueError as e:
                raise ValueError(f"{e} (row {rows[0]})") from None
            res = _c._verify_many(scheme, pid, [pks[i] for i in rows], [msgs[i] for i in rows],
                                  [sigs[i] for i in rows], [ctxs[i] for i in rows])
            for i, r in zip(rows, res):
                out[i] = r
        return _series(out, param)

    kernel.__name__ = f"kf_{scheme}_verify"
    return pandas_udf(kernel, "boolean")


#: The SQL functions register() adds, with their arguments.
SQL_FUNCTIONS = {
    "kf_sha3_224": "(col)", "kf_sha3_256": "(col)", "kf_sha3_384": "(col)", "kf_sha3_512": "(col)",
    "kf_shake128": "(col, n)", "kf_shake256": "(col, n)",
    "kf_kt128": "(col, n, customization)", "kf_kt256": "(col, n, customization)",
    "kf_kmac128": "(key, col, n, customization)", "kf_kmac256": "(key, col, n, customization)",
    "kf_turboshake128": "(col, n, domain)", "kf_turboshake256": "(col, n, domain)",
    "kf_mldsa_verify": "(param, pk, msg, sig, ctx)", "kf_slhdsa_verify": "(param, pk, msg, sig, ctx)",
}


def register(spark):
    """Register the SQL functions of SQL_FUNCTIONS on spark (kf_sha3_256(col), ...).
    Parameters are columns or literals, checked per row. Returns the names."""
    fns = {
        "kf_sha3_224": _sql_hash("kf_sha3_224", "sha3_224", fixed=28, with_n=False),
        "kf_sha3_256": _sql_hash("kf_sha3_256", "sha3_256", fixed=32, with_n=False),
        "kf_sha3_384": _sql_hash("kf_sha3_384", "sha3_384", fixed=48, with_n=False),
        "kf_sha3_512": _sql_hash("kf_sha3_512", "sha3_512", fixed=64, with_n=False),
        "kf_shake128": _sql_hash("kf_shake128", "shake128"),
        "kf_shake256": _sql_hash("kf_shake256", "shake256"),
        "kf_kt128": _sql_hash("kf_kt128", "kt128", with_custom=True),
        "kf_kt256": _sql_hash("kf_kt256", "kt256", with_custom=True),
        "kf_kmac128": _sql_hash("kf_kmac128", "kmac128", with_custom=True, with_key=True),
        "kf_kmac256": _sql_hash("kf_kmac256", "kmac256", with_custom=True, with_key=True),
        "kf_turboshake128": _sql_hash("kf_turboshake128", "turboshake128", with_domain=True),
        "kf_turboshake256": _sql_hash("kf_turboshake256", "turboshake256", with_domain=True),
        "kf_mldsa_verify": _sql_verify("mldsa"),
        "kf_slhdsa_verify": _sql_verify("slhdsa"),
    }
    for name, f in fns.items():
        spark.udf.register(name, f)
    return sorted(fns)


# ---- one object across the cluster ---------------------------------------------------------

_FILE_MODES = {"kt128": 32, "kt256": 64, "parallelhash128": 32, "parallelhash256": 64}


def _read_range(path, offset, length):
    with open(path, "rb") as f:
        f.seek(offset)
        data = f.read(length)
    if len(data) != length:
        raise OSError(f"{path}: short read at {offset} ({len(data)} of {length} bytes): did the file change?")
    return data


def tree_file(spark, mode, path, n=None, customization=b"", *, block_bytes=8192, part_bytes=None):
    """The KT128/KT256/ParallelHash128/256 hash of one file, its leaves' chaining values
    computed on the executors (one task per part of part_bytes, default: the file split into
    2 parts per default-parallelism slot, 1 MiB to 1 GiB each; a task maps its range, it does
    not copy it) and finished on the driver; equal to the one-shot of the whole file."""
    if mode not in _FILE_MODES:
        raise ValueError(f"tree_file: mode must be one of {sorted(_FILE_MODES)}, not {mode!r}")
    n = _check_length(_FILE_MODES[mode] if n is None else n, mode + "_file")
    custom = _as_bytes(customization, "customization", mode + "_file")
    size = os.path.getsize(path)
    lay = _tree.layout(mode, size, block_bytes)
    if part_bytes is None:
        slots = max(1, spark.sparkContext.defaultParallelism)
        part_bytes = min(1 << 30, max(1 << 20, -(-size // (2 * slots))))
    parts = _tree.parts(mode, size, part_bytes=part_bytes, block_bytes=block_bytes)
    first = _read_range(path, 0, lay.first_len)
    cvs = b""
    if parts:
        def leaves_of(item):
            import mmap
            import keccakforge.tree as t
            i, (off, ln) = item
            base = off - off % mmap.ALLOCATIONGRANULARITY  # the range mapped, not copied
            with open(path, "rb") as f:
                if os.fstat(f.fileno()).st_size != size:
                    raise OSError(f"{path}: the file changed size while it was hashed")
                mm = mmap.mmap(f.fileno(), off + ln - base, access=mmap.ACCESS_READ, offset=base)
            try:
                mv = memoryview(mm)[off - base:]
                try:
                    cvs = t.leaves(mode, size, off, mv, block_bytes=block_bytes, customization=custom)
                finally:
                    mv.release()
            finally:
                mm.close()
            return i, cvs

        rdd = spark.sparkContext.parallelize(list(enumerate(parts)), len(parts))
        got = sorted(rdd.map(leaves_of).collect())
        if [i for i, _ in got] != list(range(len(parts))):
            raise RuntimeError("tree_file: parts missing from the executors' results")
        cvs = b"".join(c for _, c in got)
    return _tree.final(mode, size, first, cvs, block_bytes=block_bytes, customization=custom, length=n)


def kt128_file(spark, path, n=32, customization=b"", *, part_bytes=None):
    """KT128 of the file at path (readable at that name on the driver and every executor)."""
    return tree_file(spark, "kt128", path, n, customization, part_bytes=part_bytes)


def kt256_file(spark, path, n=64, customization=b"", *, part_bytes=None):
    """KT256 of the file at path."""
    return tree_file(spark, "kt256", path, n, customization, part_bytes=part_bytes)


def parallelhash128_file(spark, path, n=32, customization=b"", *, block_bytes=8192, part_bytes=None):
    """ParallelHash128 (block size block_bytes) of the file at path."""
    return tree_file(spark, "parallelhash128", path, n, customization, block_bytes=block_bytes,
                     part_bytes=part_bytes)


def parallelhash256_file(spark, path, n=64, customization=b"", *, block_bytes=8192, part_bytes=None):
    """ParallelHash256 (block size block_bytes) of the file at path."""
    return tree_file(spark, "parallelhash256", path, n, customization, block_bytes=block_bytes,
                     part_bytes=part_bytes)


def _list_files(paths):
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out = []
    for p in paths:
        p = os.fspath(p)
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                out.extend(os.path.join(root, f) for f in sorted(files))
        else:
            out.append(p)
    return out


def _files(spark, mode, paths, n, customization):
    from pyspark.sql.types import BinaryType, LongType, StringType, StructField, StructType
    custom = _as_bytes(customization, "customization", mode + "_files")
    n = _check_length(n, mode + "_files")
    files = _list_files(paths)

    def digest(path):
        import keccakforge
        h = (keccakforge.kt128 if mode == "kt128" else keccakforge.kt256)(b"", custom)
        size = 0
        with open(path, "rb") as f:
            while True:
                b = f.read(8 << 20)
                if not b:
                    break
                h.update(b)
                size += len(b)
        return path, size, h.digest(n)

    schema = StructType([StructField("path", StringType(), False), StructField("size", LongType(), False),
                         StructField("digest", BinaryType(), False)])
    if not files:
        return spark.createDataFrame([], schema)
    rdd = spark.sparkContext.parallelize(files, min(len(files), 4 * max(1, spark.sparkContext.defaultParallelism)))
    return spark.createDataFrame(rdd.map(digest), schema)


def kt128_files(spark, paths, n=32, customization=b""):
    """DataFrame(path, size, digest): KT128 of every file (paths: a file, a directory walked
    recursively, or a list of them), one task per group of files on the executors."""
    return _files(spark, "kt128", paths, n, customization)


def kt256_files(spark, paths, n=64, customization=b""):
    """DataFrame(path, size, digest) with KT256."""
    return _files(spark, "kt256", paths, n, customization)


__all__ = ["session", "register", "SQL_FUNCTIONS", "sha3_224", "sha3_256", "sha3_384", "sha3_512",
           "shake128", "shake256", "kt128", "kt256", "kmac128", "kmac256", "turboshake128", "turboshake256",
           "mldsa_verify", "slhdsa_verify", "tree_file", "kt128_file", "kt256_file", "parallelhash128_file",
           "parallelhash256_file", "kt128_files", "kt256_files"]

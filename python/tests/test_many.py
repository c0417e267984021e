# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The entry points keccakforge.spark calls once per batch, without Spark: _hash_many (a list of
bytes / str / None), _hash_arrow (an Arrow binary array's buffers, built here by hand) and
_verify_many, against hashlib and keccakforge's own one-shots."""
import hashlib
import random
import struct

import pytest

import keccakforge
from keccakforge import _keccakforge as _c
from keccakforge import mldsa

RNG = random.Random(185)
ROWS = [b"", b"abc", None, "h\u00e9llo", bytearray(b"xy")] + [RNG.randbytes(RNG.randrange(400)) for _ in range(30)]


def enc(v):
    return v.encode() if isinstance(v, str) else None if v is None else bytes(v)


ONE = {
    ("sha3_224", 0): lambda v: hashlib.sha3_224(v).digest(),
    ("sha3_256", 0): lambda v: hashlib.sha3_256(v).digest(),
    ("sha3_384", 0): lambda v: hashlib.sha3_384(v).digest(),
    ("sha3_512", 0): lambda v: hashlib.sha3_512(v).digest(),
    ("shake128", 40): lambda v: hashlib.shake_128(v).digest(40),
    ("shake256", 7): lambda v: hashlib.shake_256(v).digest(7),
    ("turboshake128", 33): lambda v: keccakforge.turboshake128(v, domain=0x0B).digest(33),
    ("turboshake256", 64): lambda v: keccakforge.turboshake256(v, domain=0x0B).digest(64),
    ("kt128", 50): lambda v: keccakforge.kt128(v, b"C").digest(50),
    ("kt256", 20): lambda v: keccakforge.kt256(v, b"C").digest(20),
    ("kmac128", 16): lambda v: keccakforge.kmac128(b"key", v, b"C", mac_len=16).digest(),
    ("kmac256", 64): lambda v: keccakforge.kmac256(b"key", v, b"C", mac_len=64).digest(),
}


@pytest.mark.parametrize("alg,n", list(ONE))
def test_hash_many(alg, n):
    got = _c._hash_many(alg, ROWS, n, b"key", b"C", 0x0B)
    assert got == [None if v is None else ONE[alg, n](enc(v)) for v in ROWS]


def arrow_buffers(rows, start):
    """validity bitmap, int32 offsets, data of rows (bytes or None), with `start` rows of
    padding before them (an Arrow slice's offset)."""
    vals = [b"pad"] * start + rows
    offs, data, bits = [0], b"", bytearray((len(vals) + 7) // 8)
    for i, v in enumerate(vals):
        if v is not None:
            bits[i // 8] |= 1 << (i % 8)
            data += v
        offs.append(len(data))
    return bytes(bits), struct.pack(f"<{len(offs)}i", *offs), data, struct.pack(f"<{len(offs)}q", *offs)


@pytest.mark.parametrize("alg,n", list(ONE))
def test_hash_arrow(alg, n):
    rows = [enc(v) for v in ROWS]
    bits, offs32, data, offs64 = arrow_buffers(rows, 3)
    width = len(ONE[alg, n](b""))
    want = b"".join(bytes(width) if v is None else ONE[alg, n](v) for v in rows)
    assert _c._hash_arrow(alg, len(rows), 3, bits, offs32, data, 0, n, b"key", b"C", 0x0B) == want
    assert _c._hash_arrow(alg, len(rows), 3, bits, offs64, data, 1, n, b"key", b"C", 0x0B) == want
    assert _c._hash_arrow(alg, 0, 0, None, struct.pack("<i", 0), b"", 0, n, b"key", b"C", 0x0B) == b""


def test_hash_arrow_refuses_bad_buffers():
    bits, offs, data, _ = arrow_buffers([b"abc", b"de"], 0)
    with pytest.raises(ValueError, match="shorter"):
        _c._hash_arrow("sha3_256", 3, 0, bits, offs, data, 0, 32, None, b"", 31)
    bad = struct.pack("<3i", 0, 3, 99)
    with pytest.raises(ValueError, match="outside"):
        _c._hash_arrow("sha3_256", 2, 0, None, bad, data, 0, 32, None, b"", 31)
    with pytest.raises(keccakforge.AlgorithmError):
        _c._hash_many("md5", [b"x"], 16, None, b"", 31)
    with pytest.raises(TypeError, match="KMAC needs a key"):
        _c._hash_many("kmac128", [b"x"], 16, None, b"", 31)
    with pytest.raises(TypeError, match="row 1"):
        _c._hash_many("sha3_256", [b"x", 5], 32, None, b"", 31)
    with pytest.raises(ValueError):
        _c._hash_many("turboshake128", [b"x"], 32, None, b"", 0x80)


def test_verify_many():
    p = mldsa.ML_DSA_44
    pk, sk = p.keygen()
    sig = p.sign(sk, b"m", ctx=b"c")
    pks = [pk, pk, pk[:-1], pk, None, pk, pk]
    msgs = [b"m", b"n", b"m", b"m", b"m", "m", b"m"]
    sigs = [sig, sig, sig, sig + b"\0", sig, sig, sig]
    ctxs = [b"c", b"c", b"c", b"c", b"c", "c", b"c" * 256]
    assert _c._verify_many("mldsa", p.param, pks, msgs, sigs, ctxs) == [True, False, False, False, None, True, False]
    with pytest.raises(keccakforge.AlgorithmError):
        _c._verify_many("mldsa", 99, [pk], [b"m"], [sig], [b""])
    with pytest.raises(ValueError, match="different lengths"):
        _c._verify_many("mldsa", p.param, [pk], [b"m", b"m"], [sig], [b""])

# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every entry point with wrong types, sizes and values: a Python exception, never a crash
or a wrong success (a crash fails the whole pytest process)."""
import itertools

import pytest

import keccakforge as kf
from keccakforge import _keccakforge as C
from keccakforge import mlkem, slhdsa

OK_ERRORS = (TypeError, ValueError, OverflowError, BufferError, MemoryError, kf.Error)
BAD = [None, "str", 1.5, -1, 0, 1 << 70, -(1 << 70), [b"a"], object(), b"", b"x" * 3000, memoryview(b"ab")[::2]]

CTORS = [kf.sha3_224, kf.sha3_256, kf.sha3_384, kf.sha3_512, kf.keccak_256, kf.keccak_512, kf.shake_128,
         kf.shake_256, kf.turboshake128, kf.turboshake256, kf.kt128, kf.kt256, kf.cshake128, kf.cshake256,
         kf.kmac128, kf.kmac256, kf.tuplehash128, kf.tuplehash256, kf.parallelhash128, kf.parallelhash256]
BATCH = [kf.shake128_batch, kf.shake256_batch, kf.turboshake128_batch, kf.turboshake256_batch,
         kf.sha3_256_batch, kf.sha3_512_batch]


def call(fn, *a, **k):
    try:
        return fn(*a, **k)
    except OK_ERRORS:
        return None


@pytest.mark.parametrize("ctor", CTORS, ids=lambda f: f.__name__)
def test_constructors(ctor):
    for x, y in itertools.product(BAD, repeat=2):
        call(ctor, x)
        call(ctor, x, y)
        call(ctor, b"k" * 32, x, y)
    for kw in ("domain", "threads", "mac_len", "digest_size", "block_bytes", "customization",
               "function_name", "usedforsecurity", "nonsense"):
        for x in BAD:
            call(ctor, b"k" * 32, **{kw: x})


@pytest.mark.parametrize("ctor", CTORS, ids=lambda f: f.__name__)
def test_methods(ctor):
    h = ctor([b"k" * 32]) if "tuple" in ctor.__name__ else ctor(b"k" * 32)
    for x in BAD:
        call(h.update, x)
        for m in ("digest", "hexdigest", "read", "verify", "hexverify"):
            if hasattr(h, m):
                call(getattr(h, m), x)
                call(getattr(h, m), length=x)
    for m in ("digest", "hexdigest", "copy"):
        call(getattr(h, m))
    with pytest.raises(TypeError):
        type(h)()
    with pytest.raises(TypeError):
        import pickle
        pickle.dumps(h)


@pytest.mark.parametrize("fn", BATCH, ids=lambda f: f.__name__)
def test_batches(fn):
    for x, y in itertools.product(BAD + [[b"a", None], [b"a", "s"], [b"a"] * 20, iter([b"a"])], repeat=2):
        call(fn, x)
        call(fn, x, y)
        call(fn, [b"a"], x, y)


def test_private_pqc_layer():
    # positional, typed arguments only: every hole must raise
    for fn, n in ((C._mlkem_keygen, 2), (C._mlkem_encaps, 3), (C._mlkem_decaps, 3), (C._mlkem_check, 3),
                  (C._slhdsa_keygen, 2), (C._slhdsa_sign, 6), (C._slhdsa_verify, 6)):
        for k in range(n + 2):
            call(fn, *([None] * k))
        for x in BAD:
            call(fn, *([x] * n))
            call(fn, 768, *([x] * (n - 1)))
            call(fn, 2, *([x] * (n - 1)))
        for p in (0, 7, 513, -768, 1 << 40):
            call(fn, p, *([b""] * (n - 1)))
    call(C._mlkem_sizes, 5)
    call(C._slhdsa_sizes, 99)


def test_pqc_objects():
    kem, sig = mlkem.ML_KEM_512, slhdsa.SLH_DSA_SHAKE_128f
    ek, dk = kem.keygen()
    for x in BAD:
        call(kem.keygen, x)
        call(kem.encaps, x)
        call(kem.encaps, ek, x)
        call(kem.decaps, x, x)
        call(kem.decaps, dk, x)
        call(sig.keygen, x)
        call(sig.verify, x, b"m", b"s")
        call(sig.sign, b"\0" * 64, b"m", x)
        call(sig.sign, b"\0" * 64, b"m", b"", x)
        call(sig.sign, b"\0" * 64, b"m", b"", False, x)
    # wrong sizes raise the named errors, with ValueError as a base
    for bad in (b"", ek[:-1], ek + b"\0"):
        with pytest.raises(kf.LengthError):
            kem.encaps(bad)
    with pytest.raises(ValueError):
        kem.keygen(b"\0" * 65)

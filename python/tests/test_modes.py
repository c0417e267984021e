# SPDX-License-Identifier: Apache-2.0 OR MIT
"""SP 800-185, TurboSHAKE and KT against pycryptodome (an independent implementation);
ParallelHash, which pycryptodome lacks, against SP 800-185 §6 written here on top of
pycryptodome's cSHAKE; batched functions against the one-at-a-time ones."""
import hashlib

import pytest

import keccakforge as kf

Crypto = pytest.importorskip("Crypto", reason="pycryptodome is not installed (pip install pycryptodome)")
from Crypto.Hash import (KMAC128, KMAC256, TupleHash128, TupleHash256, TurboSHAKE128,  # noqa: E402
                         TurboSHAKE256, cSHAKE128, cSHAKE256, KangarooTwelve)

LENGTHS = [0, 1, 7, 135, 136, 167, 168, 169, 2047, 2048, 8191, 8192, 8193, 20000]


def split_update(obj, data, rng):
    i = 0
    while i < len(data):
        n = rng.randrange(1, 3000)
        obj.update(data[i:i + n])
        i += n
    return obj


@pytest.mark.parametrize("bits", [128, 256])
def test_cshake(bits, rng):
    ours, theirs = (kf.cshake128, cSHAKE128) if bits == 128 else (kf.cshake256, cSHAKE256)
    for n in LENGTHS:
        data = rng.randbytes(n)
        N, S = rng.randbytes(rng.randrange(0, 40)), rng.randbytes(rng.randrange(0, 200))
        want = theirs._new(data, S, N).read(300)
        assert split_update(ours(function_name=N, customization=S), data, rng).digest(300) == want
        assert ours(data, N, S).digest(300) == want
        x = ours(data, N, S)
        assert x.read(100) + x.read(200) == want
    # empty N and S: cSHAKE is SHAKE
    assert ours(b"abc").digest(32) == getattr(hashlib, f"shake_{bits}")(b"abc").digest(32)


@pytest.mark.parametrize("bits", [128, 256])
def test_kmac(bits, rng):
    ours, theirs = (kf.kmac128, KMAC128) if bits == 128 else (kf.kmac256, KMAC256)
    for n in LENGTHS:
        key = rng.randbytes(rng.choice([32, 33, 100, 200]))
        data, S = rng.randbytes(n), rng.randbytes(rng.randrange(0, 50))
        L = rng.choice([8, 32, 64, 100])
        want = theirs.new(key=key, data=data, mac_len=L, custom=S).digest()
        m = split_update(ours(key, customization=S, mac_len=L), data, rng)
        assert m.digest() == want and m.digest_size == L
        assert m.hexdigest() == want.hex()
        assert m.verify(want) is True and m.hexverify(want.hex()) is True
        bad = bytearray(want)
        bad[rng.randrange(L)] ^= 1 << rng.randrange(8)
        assert m.verify(bytes(bad)) is False
        assert m.verify(want[:-1]) is False
        assert m.copy().digest() == want
    assert ours(b"k" * 16).digest_size == bits // 4
    with pytest.raises(TypeError):
        ours()                      # the key is required
    with pytest.raises(ValueError):
        ours(b"k", mac_len=0)


@pytest.mark.parametrize("bits", [128, 256])
def test_tuplehash(bits, rng):
    ours, theirs = (kf.tuplehash128, TupleHash128) if bits == 128 else (kf.tuplehash256, TupleHash256)
    for _ in range(20):
        items = [rng.randbytes(rng.choice([0, 1, 50, 3000])) for _ in range(rng.randrange(0, 5))]
        S, L = rng.randbytes(rng.randrange(0, 30)), rng.choice([16, 32, 64])
        t = theirs.new(digest_bytes=L, custom=S)
        for it in items:
            t.update(it)
        want = t.digest()
        assert ours(items, customization=S, digest_size=L).digest() == want
        o = ours(customization=S, digest_size=L)
        o.update(*items)
        assert o.digest() == want
    # elements are not concatenated
    assert ours([b"ab", b"c"]).digest() != ours([b"a", b"bc"]).digest()
    with pytest.raises(TypeError):
        ours(b"not a tuple")


def _enc(x, right):
    b = x.to_bytes(max(1, (x.bit_length() + 7) // 8), "big")
    n = bytes([len(b)])
    return b + n if right else n + b


def parallelhash_ref(bits, data, B, L, S):
    """SP 800-185 §6.3 from its definition, with pycryptodome's cSHAKE."""
    cs = cSHAKE128 if bits == 128 else cSHAKE256
    blocks = [data[i:i + B] for i in range(0, len(data), B)]
    z = _enc(B, False) + b"".join(cs._new(b, b"", b"").read(bits // 4) for b in blocks)
    z += _enc(len(blocks), True) + _enc(8 * L, True)
    return cs._new(z, S, b"ParallelHash").read(L)


@pytest.mark.parametrize("bits", [128, 256])
def test_parallelhash(bits, rng):
    ours = kf.parallelhash128 if bits == 128 else kf.parallelhash256
    for n in [0, 1, 100, 8191, 8192, 8193, 70000]:
        data = rng.randbytes(n)
        B = rng.choice([1, 8, 100, 8192])
        S, L = rng.randbytes(rng.randrange(0, 20)), rng.choice([16, 32, 64])
        want = parallelhash_ref(bits, data, B, L, S)
        assert ours(data, block_bytes=B, customization=S, digest_size=L).digest() == want
        assert split_update(ours(block_bytes=B, customization=S, digest_size=L, threads=2), data, rng).digest() == want


@pytest.mark.parametrize("bits", [128, 256])
def test_turboshake(bits, rng):
    ours, theirs = (kf.turboshake128, TurboSHAKE128) if bits == 128 else (kf.turboshake256, TurboSHAKE256)
    for n in LENGTHS:
        data, D = rng.randbytes(n), rng.choice([0x01, 0x06, 0x0B, 0x1F, 0x7F])
        want = theirs.new(data=data, domain=D).read(500)
        assert split_update(ours(domain=D), data, rng).digest(500) == want
        x = ours(data, D)
        assert x.read(1) + x.read(499) == want
    assert ours(b"a").digest(8) == theirs.new(data=b"a").read(8)   # 0x1F by default
    for bad in (0, 0x80, -1):
        with pytest.raises(ValueError):
            ours(b"", bad)


def test_kt128(rng):
    for n in LENGTHS + [8192 * 40 + 5]:
        data, C = rng.randbytes(n), rng.randbytes(rng.choice([0, 1, 41, 9000]))
        want = KangarooTwelve.new(data=data, custom=C).read(200)
        assert split_update(kf.kt128(customization=C), data, rng).digest(200) == want
        assert kf.kt128(data, C, threads=2).digest(200) == want
        x = kf.kt128(data, C)
        assert x.read(64) + x.read(136) == want
    # RFC 9861's first KT128 and KT256 outputs (empty message and customization)
    assert kf.kt128().hexdigest(8) == "1ac2d450fc3b4205"
    assert kf.kt256().digest(64) == kf.kt256(b"").copy().digest(64)


def test_batches(rng):
    inputs = [rng.randbytes(rng.choice([0, 1, 33, 200, 3000])) for _ in range(rng.randrange(1, 20))]
    assert kf.shake128_batch(inputs, 77) == [hashlib.shake_128(x).digest(77) for x in inputs]
    assert kf.shake256_batch(inputs, 300) == [hashlib.shake_256(x).digest(300) for x in inputs]
    assert kf.sha3_256_batch(inputs) == [hashlib.sha3_256(x).digest() for x in inputs]
    assert kf.sha3_512_batch(iter(inputs)) == [hashlib.sha3_512(x).digest() for x in inputs]
    assert kf.turboshake128_batch(inputs, 40) == [TurboSHAKE128.new(data=x).read(40) for x in inputs]
    assert kf.turboshake256_batch(inputs, 40, domain=7) == [TurboSHAKE256.new(data=x, domain=7).read(40)
                                                            for x in inputs]
    assert kf.shake128_batch([], 10) == []
    assert kf.shake128_batch([bytearray(b"ab"), memoryview(b"cd")], 0) == [b"", b""]
    with pytest.raises(TypeError):
        kf.shake128_batch([b"a", "b"], 10)
    with pytest.raises(TypeError):
        kf.sha3_256_batch(5)
    with pytest.raises(ValueError):
        kf.shake128_batch([b"a"], -1)
    with pytest.raises(ValueError):
        kf.turboshake128_batch([b"a"], 4, 0)

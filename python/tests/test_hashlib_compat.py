# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The hashlib-compatible objects against hashlib: random lengths (across the 2 KiB GIL
threshold), random update splits, copies taken mid-stream; attributes and errors as hashlib's."""
import array
import hashlib
import mmap

import pytest

import keccakforge as kf

FIXED = ["sha3_224", "sha3_256", "sha3_384", "sha3_512"]
XOFS = ["shake_128", "shake_256"]


def chunks(rng, data):
    out, i = [], 0
    while i < len(data):
        step = rng.choice([1, 7, 136, 168, 1000, 2048, 5000])
        out.append(data[i:i + rng.randrange(1, step + 1)])
        i += len(out[-1])
    return out


@pytest.mark.parametrize("name", FIXED + XOFS)
def test_random_splits_and_copies(name, rng):
    for _ in range(40):
        data = rng.randbytes(rng.choice([0, 1, 135, 136, 137, 2047, 2048, rng.randrange(0, 20000)]))
        ours, ref = getattr(kf, name)(), getattr(hashlib, name)()
        cut = rng.randrange(len(data) + 1)
        pieces = chunks(rng, data[:cut])
        for p in pieces:
            ours.update(p)
            ref.update(p)
        c_ours, c_ref = ours.copy(), ref.copy()
        extra = rng.randbytes(rng.randrange(300))
        c_ours.update(extra)
        c_ref.update(extra)
        for p in chunks(rng, data[cut:]):
            ours.update(p)
            ref.update(p)
        if name in XOFS:
            n = rng.randrange(0, 700)
            assert ours.digest(n) == ref.digest(n)
            assert ours.hexdigest(n) == ref.hexdigest(n)
            assert c_ours.digest(n) == c_ref.digest(n)
        else:
            assert ours.digest() == ref.digest()
            assert ours.hexdigest() == ref.hexdigest()
            assert c_ours.digest() == c_ref.digest()
            assert ours.digest() == ref.digest()  # digest() does not end the object
        assert getattr(kf, name)(data).digest(*([33] if name in XOFS else [])) == \
            getattr(hashlib, name)(data).digest(*([33] if name in XOFS else []))


@pytest.mark.parametrize("name", FIXED + XOFS)
def test_attributes(name):
    ours, ref = getattr(kf, name)(), getattr(hashlib, name)()
    assert ours.name == ref.name
    assert ours.digest_size == ref.digest_size
    assert ours.block_size == ref.block_size
    assert kf.new(name, b"abc").digest(*([5] if name in XOFS else [])) == \
        hashlib.new(name, b"abc").digest(*([5] if name in XOFS else []))
    assert getattr(kf, name)(b"x", usedforsecurity=False).name == name
    assert getattr(kf, name)(data=b"x").digest(*([4] if name in XOFS else [])) == \
        getattr(hashlib, name)(b"x").digest(*([4] if name in XOFS else []))


@pytest.mark.parametrize("name", FIXED + XOFS)
def test_errors_like_hashlib(name):
    ctor = getattr(kf, name)
    with pytest.raises(TypeError, match="Strings must be encoded"):
        ctor("abc")
    with pytest.raises(TypeError, match="Strings must be encoded"):
        ctor().update("abc")
    with pytest.raises(TypeError):
        ctor(123)
    with pytest.raises(TypeError):
        ctor().update(None)
    with pytest.raises(TypeError):
        ctor().update()
    with pytest.raises(TypeError):
        ctor(b"a", b"b")
    with pytest.raises(TypeError):
        ctor(nonsense=1)
    with pytest.raises(TypeError):
        type(ctor())()        # not instantiable directly, as hashlib's types
    if name in XOFS:
        with pytest.raises(TypeError):
            ctor().digest()
        with pytest.raises(TypeError):
            ctor().hexdigest()
        with pytest.raises(ValueError):
            ctor().digest(-1)
        with pytest.raises(TypeError):
            ctor().digest("3")
        assert ctor().digest(0) == b""
        assert ctor().digest(length=3) == getattr(hashlib, name)().digest(3)


def test_buffer_protocol_inputs():
    data = bytes(range(256)) * 40
    want = hashlib.sha3_256(data).digest()
    assert kf.sha3_256(bytearray(data)).digest() == want
    assert kf.sha3_256(memoryview(data)).digest() == want
    assert kf.sha3_256(memoryview(data)[10:]).digest() == hashlib.sha3_256(data[10:]).digest()
    a = array.array("I", data[:4096])
    assert kf.sha3_256(a).digest() == hashlib.sha3_256(a.tobytes()).digest()
    with mmap.mmap(-1, len(data)) as m:
        m.write(data)
        assert kf.sha3_256(m).digest() == want
    with pytest.raises(BufferError):
        kf.sha3_256(memoryview(data)[::2])   # not contiguous: hashlib refuses too


def test_new_and_sets():
    assert kf.algorithms_guaranteed <= kf.algorithms_available
    assert kf.algorithms_guaranteed <= hashlib.algorithms_available
    for name in kf.algorithms_available:
        h = kf.new(name, b"abc")
        assert h.name == name
    assert kf.new("SHA3-256", b"abc").digest() == hashlib.sha3_256(b"abc").digest()
    with pytest.raises(ValueError):
        kf.new("md5")
    with pytest.raises(TypeError):
        kf.new(b"sha3_256")


def test_xof_read_is_incremental(rng):
    for name in XOFS:
        data = rng.randbytes(500)
        x = getattr(kf, name)(data)
        want = getattr(hashlib, name)(data).digest(5000)
        got = b"".join(x.read(n) for n in [0, 1, 167, 168, 1, 2000, 2663])
        assert got == want
        with pytest.raises(kf.StateError) as e:
            x.update(b"more")
        assert e.value.status == "KF_ERR_BAD_STATE"
        with pytest.raises(kf.StateError):
            x.digest(4)
        # hashlib-style code catches ValueError for a misuse like this one (issue 41)
        with pytest.raises(ValueError):
            x.update(b"more")
        assert issubclass(kf.StateError, kf.Error) and issubclass(kf.StateError, ValueError)
        y = x.copy()
        assert y.read(10) == x.read(10)


def test_legacy_keccak():
    Keccak = pytest.importorskip("Crypto.Hash.keccak", reason="pycryptodome is not installed")
    for n in (0, 1, 135, 136, 137, 1000, 5000):
        d = bytes((i * 7) & 255 for i in range(n))
        assert kf.keccak_256(d).digest() == Keccak.new(digest_bits=256, data=d).digest()
        assert kf.keccak_512(d).digest() == Keccak.new(digest_bits=512, data=d).digest()
    assert kf.keccak_256(b"").hexdigest().startswith("c5d2460186f7233c")  # Ethereum's empty hash
    assert kf.keccak_256().name == "keccak_256" and kf.keccak_256().digest_size == 32


def test_repr_names_the_algorithm():
    """repr() says which algorithm an object computes, as hashlib's objects do (issue 40)."""
    for obj, name in ((kf.sha3_256(), "sha3_256"), (kf.shake_128(), "shake_128"), (kf.new("sha3-512"), "sha3_512"),
                      (kf.kmac128(b"k" * 16), "kmac128"), (kf.kt128(), "kt128")):
        r = repr(obj)
        assert r.startswith("<%s keccakforge." % obj.name) and name in r and " object @ 0x" in r, r

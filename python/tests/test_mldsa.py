# SPDX-License-Identifier: Apache-2.0 OR MIT
"""keccakforge.mldsa: round trips, hedged and deterministic signing, contexts, HashML-DSA,
external mu, Sign_internal, verify_batch, public_key, the errors; against dilithium-py (keys
from one seed, deterministic signatures byte for byte, hedged ones verified both ways) and
pyca/cryptography (OpenSSL's ML-DSA: keys from one seed, signatures and mu signatures verified
both ways; it signs hedged only)."""
import pytest

import keccakforge as kf
from keccakforge import mldsa

SETS = list(mldsa.PARAMETER_SETS)
SIZES = {"ML-DSA-44": (1312, 2560, 2420), "ML-DSA-65": (1952, 4032, 3309), "ML-DSA-87": (2592, 4896, 4627)}


@pytest.mark.parametrize("dsa", SETS, ids=lambda d: d.name)
def test_round_trip_and_variants(dsa, rng):
    pk, sk = dsa.keygen()
    assert (len(pk), len(sk), dsa.sig_bytes) == SIZES[dsa.name] == (dsa.pk_bytes, dsa.sk_bytes, dsa.sig_bytes)
    msg, ctx = rng.randbytes(100), rng.randbytes(9)
    sig = dsa.sign(sk, msg, ctx)
    assert len(sig) == dsa.sig_bytes
    assert dsa.verify(pk, msg, sig, ctx) is True
    assert dsa.verify(bytearray(pk), memoryview(msg), bytearray(sig), ctx=memoryview(ctx)) is True
    assert dsa.verify(pk, msg, sig) is False                     # wrong context
    assert dsa.verify(pk, msg + b"x", sig, ctx) is False
    assert dsa.verify(pk, msg, sig[:-1], ctx) is False           # wrong length: False, not an error
    assert dsa.verify(pk, msg, sig + b"\0", ctx) is False
    bad = bytearray(sig)
    bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
    assert dsa.verify(pk, msg, bytes(bad), ctx) is False
    # hedged by default: two signatures of one message differ; deterministic ones agree
    assert dsa.sign(sk, msg, ctx) != sig
    det = dsa.sign(sk, msg, ctx, randomize=False)
    assert det == dsa.sign(sk, msg, ctx, randomize=False) == dsa.sign(sk, msg, ctx, randomize=bytes(32))
    assert dsa.verify(pk, msg, det, ctx)
    rnd = rng.randbytes(32)
    assert dsa.sign(sk, msg, ctx, randomize=rnd) == dsa.sign(sk, msg, ctx, randomize=rnd) != det
    # keygen from xi is deterministic
    xi = rng.randbytes(32)
    assert dsa.keygen(xi) == dsa.keygen(bytearray(xi)) and dsa.keygen(xi)[0] != pk
    assert dsa.public_key(sk) == pk
    pk3, sk3, xi3 = dsa.keygen_seed()
    assert len(xi3) == 32 and dsa.keygen(xi3) == (pk3, sk3) and pk3 != pk
    # the longest context
    c255 = rng.randbytes(255)
    assert dsa.verify(pk, msg, dsa.sign(sk, msg, c255), c255)


@pytest.mark.parametrize("dsa", SETS, ids=lambda d: d.name)
def test_prehash_mu_internal(dsa, rng):
    pk, sk = dsa.keygen(rng.randbytes(32))
    msg, ctx = rng.randbytes(rng.choice([0, 1, 200])), rng.randbytes(rng.choice([0, 5, 255]))
    for ph in mldsa.PREHASHES:
        sig = dsa.sign(sk, msg, ctx, prehash=ph)
        assert dsa.verify(pk, msg, sig, ctx, prehash=ph) is True
        assert dsa.hash_verify(pk, msg, sig, ctx, prehash=ph.lower().replace("-", "_")) is True
        assert dsa.verify(pk, msg, sig, ctx) is False            # not a pure signature
        det = dsa.hash_sign(sk, msg, ctx, prehash=ph, randomize=False)
        mprime = dsa.message_representative(pk, msg, ctx, prehash=ph)
        assert det == dsa.sign_internal(sk, mprime, randomize=False)
        assert det == dsa.sign_mu(sk, dsa.compute_mu(pk, msg, ctx, prehash=ph), randomize=False)
    det = dsa.sign(sk, msg, ctx, randomize=False)
    mprime = dsa.message_representative(pk, msg, ctx)
    assert mprime == bytes([0, len(ctx)]) + ctx + msg
    assert det == dsa.sign_internal(sk, mprime, randomize=False)
    assert dsa.verify_internal(pk, mprime, det) is True and dsa.verify_internal(pk, mprime + b"x", det) is False
    mu = dsa.compute_mu(pk, msg, ctx)
    assert len(mu) == 64 and det == dsa.sign_mu(sk, mu, randomize=False)
    assert dsa.verify_mu(pk, mu, det) is True
    assert dsa.verify_mu(pk, bytes(64), det) is False
    hedged = dsa.sign_mu(sk, mu)
    assert hedged != det and dsa.verify(pk, msg, hedged, ctx) is True


@pytest.mark.parametrize("dsa", SETS, ids=lambda d: d.name)
def test_errors(dsa, rng):
    pk, sk = dsa.keygen()
    sig = dsa.sign(sk, b"m")
    cases = [
        (lambda: dsa.sign(sk[:-1], b"m"), kf.LengthError, "KF_ERR_BAD_LENGTH"),
        (lambda: dsa.sign(sk + b"\0", b"m"), kf.LengthError, "KF_ERR_BAD_LENGTH"),
        (lambda: dsa.sign(sk, b"m", b"c" * 256), kf.ContextError, "KF_ERR_BAD_CONTEXT"),
        (lambda: dsa.verify(pk, b"m", sig, b"c" * 256), kf.ContextError, "KF_ERR_BAD_CONTEXT"),
        (lambda: dsa.verify(pk[:-1], b"m", sig), kf.LengthError, "KF_ERR_BAD_LENGTH"),
        (lambda: dsa.sign(sk, b"m", randomize=b"r" * 31), kf.LengthError, "KF_ERR_BAD_LENGTH"),
        (lambda: dsa.keygen(b"\0" * 31), kf.LengthError, "KF_ERR_BAD_LENGTH"),
        (lambda: dsa.keygen(b"\0" * 33), kf.LengthError, "KF_ERR_BAD_LENGTH"),
        (lambda: dsa.sign_mu(sk, b"\0" * 63), kf.LengthError, "KF_ERR_BAD_LENGTH"),
        (lambda: dsa.verify_mu(pk, b"\0" * 65, sig), kf.LengthError, "KF_ERR_BAD_LENGTH"),
        (lambda: dsa.public_key(sk[:-1]), kf.LengthError, "KF_ERR_BAD_LENGTH"),
        (lambda: dsa.compute_mu(pk[:-1], b"m"), kf.LengthError, "KF_ERR_BAD_LENGTH"),
        (lambda: dsa.compute_mu(pk, b"m", b"c" * 256), kf.ContextError, "KF_ERR_BAD_CONTEXT"),
    ]
    for fn, exc, status in cases:
        with pytest.raises(exc) as e:
            fn()
        assert e.value.status == status and isinstance(e.value, ValueError), str(e.value)
        # the status in words too (kf_error_message), in .reason and at the end of str(e)
        assert e.value.reason and e.value.reason != status and str(e.value).endswith(f"({e.value.reason})")
    # a private key that key generation could not have written: t0 changed, s1 out of range
    t0 = bytearray(sk)
    t0[-1] ^= 1
    with pytest.raises(kf.InvalidKey):
        dsa.public_key(bytes(t0))
    s1 = bytearray(sk)
    s1[128] |= 0x0F if dsa.name == "ML-DSA-65" else 0x07
    for fn in (lambda: dsa.public_key(bytes(s1)), lambda: dsa.sign(bytes(s1), b"m")):
        with pytest.raises(kf.InvalidKey) as e:
            fn()
        assert e.value.status == "KF_ERR_BAD_KEY"
    with pytest.raises(ValueError):
        dsa.sign(sk, b"m", prehash="SHA2-256")
    with pytest.raises(TypeError):
        dsa.sign(sk, b"m", prehash=5)
    with pytest.raises(TypeError):
        dsa.sign(sk, "text")
    with pytest.raises(TypeError):
        dsa.verify(pk, b"m", None)
    with pytest.raises(kf.AlgorithmError):
        mldsa.MLDSA(66)


@pytest.mark.parametrize("dsa", SETS, ids=lambda d: d.name)
def test_verify_batch(dsa, rng):
    keys = [dsa.keygen() for _ in range(3)]
    items, want = [], []
    for i in range(19):   # more than two windows of 8, keys shared in runs and changing
        pk, sk = keys[(i // 4) % 3]
        msg, ctx = rng.randbytes(rng.randrange(60)), rng.randbytes(rng.choice([0, 3]))
        sig = dsa.sign(sk, msg, ctx)
        kind = rng.randrange(5)
        if kind == 1:
            sig = bytearray(sig)
            sig[rng.randrange(len(sig))] ^= 1
            sig = bytes(sig)
        elif kind == 2:
            sig = sig[:-2]
        elif kind == 3:
            msg += b"!"
        items.append((pk, msg, sig, ctx) if ctx or rng.randrange(2) else (pk, msg, sig))
        want.append(dsa.verify(pk, msg, sig, ctx))
    assert dsa.verify_batch(items) == want
    assert True in want or not want
    assert dsa.verify_batch([]) == []
    pk, sk = keys[0]
    sig = dsa.sign(sk, b"m")
    with pytest.raises(kf.LengthError):
        dsa.verify_batch([(pk, b"m", sig), (pk[:-1], b"m", sig)])
    with pytest.raises(kf.ContextError):
        dsa.verify_batch([(pk, b"m", sig, b"c" * 256)])
    with pytest.raises(TypeError):
        dsa.verify_batch([(pk, b"m")])


def test_verify_batch_is_verify_for_any_buffer():
    """An item verify() answers False is False in the batch too, whatever buffer type carries pk
    (issue 52 R7: the old code took len(memoryview(pk)), items rather than bytes, to tell a
    wrong pk from a wrong signature, and raised AssertionError for a pk in 4-byte items)."""
    import array
    dsa = mldsa.ML_DSA_44
    pk, sk = dsa.keygen()
    sig = dsa.sign(sk, b"m")
    pk_words = array.array("I", pk)                    # the same bytes in 4-byte items
    pk_cast = memoryview(bytearray(pk)).cast("H")
    for key in (pk_words, pk_cast):
        for s in (sig[:-1], sig + b"\0", b""):
            assert dsa.verify(key, b"m", s) is False
            assert dsa.verify_batch([(key, b"m", s), (pk, b"m", sig)]) == [False, True]
        assert dsa.verify_batch([(key, b"m", sig)]) == [True]
    with pytest.raises(kf.LengthError):                 # a wrong pk still raises, as in verify
        dsa.verify_batch([(array.array("I", pk[:-4]), b"m", sig[:-1])])


@pytest.mark.parametrize("dsa", SETS, ids=lambda d: d.name)
def test_vs_dilithium_py(dsa, rng):
    dp = pytest.importorskip("dilithium_py.ml_dsa", reason="dilithium-py is not installed (pip install dilithium-py)")
    ref = getattr(dp, dsa.name.replace("-", "_"))
    for _ in range(2):
        xi = rng.randbytes(32)
        pk, sk = dsa.keygen(xi)
        assert (pk, sk) == ref.key_derive(xi)
        msg, ctx = rng.randbytes(rng.choice([0, 1, 300])), rng.randbytes(rng.choice([0, 1, 255]))
        assert dsa.sign(sk, msg, ctx, randomize=False) == ref.sign(sk, msg, ctx, deterministic=True)
        mu = ref.prehash_external_mu(pk, msg, ctx)
        assert dsa.compute_mu(pk, msg, ctx) == mu
        assert dsa.sign_mu(sk, mu, randomize=False) == ref.sign_external_mu(sk, mu, deterministic=True)
        ph = rng.choice(sorted(mldsa.PREHASHES))
        mprime = dsa.message_representative(pk, msg, ctx, prehash=ph)
        assert dsa.sign(sk, msg, ctx, randomize=False, prehash=ph) == ref._sign_internal(sk, mprime, bytes(32))
        assert dsa.verify(pk, msg, ref.sign(sk, msg, ctx), ctx) is True
        assert ref.verify(pk, msg, dsa.sign(sk, msg, ctx), ctx) is True
        assert ref._verify_internal(pk, mprime, dsa.sign(sk, msg, ctx, prehash=ph)) is True
        assert ref.pk_from_sk(sk) == dsa.public_key(sk) == pk


@pytest.mark.parametrize("dsa", SETS, ids=lambda d: d.name)
def test_vs_pyca_cryptography(dsa, rng):
    m = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.mldsa",
                            reason="cryptography with ML-DSA (46 or later) is not installed")
    cls = getattr(m, "MLDSA%sPrivateKey" % dsa.name[-2:])
    for _ in range(2):
        xi = rng.randbytes(32)
        pk, sk = dsa.keygen(xi)
        theirs = cls.from_seed_bytes(xi)
        tpub = theirs.public_key()
        assert tpub.public_bytes_raw() == pk
        msg, ctx = rng.randbytes(rng.choice([0, 1, 100, 3000])), rng.randbytes(rng.choice([0, 7, 255]))
        assert dsa.verify(pk, msg, theirs.sign(msg, ctx), ctx) is True
        tpub.verify(dsa.sign(sk, msg, ctx), msg, ctx)            # raises if it does not verify
        tpub.verify(dsa.sign(sk, msg, ctx, randomize=False), msg, ctx)
        if not hasattr(theirs, "sign_mu") or not hasattr(tpub, "verify_mu"):
            continue       # external mu came to pyca/cryptography after its ML-DSA (48 has none)
        mu = dsa.compute_mu(pk, msg, ctx)
        assert dsa.verify_mu(pk, mu, theirs.sign_mu(mu)) is True
        tpub.verify_mu(dsa.sign_mu(sk, mu), mu)
        assert dsa.verify(pk, msg, theirs.sign_mu(mu), ctx) is True   # our mu is theirs


def test_private_layer_bad_input():
    """The positional _mldsa_* functions with wrong types, sizes and values: a Python
    exception (or a False), never a crash or a wrong success."""
    from keccakforge import _keccakforge as C
    ok_errors = (TypeError, ValueError, OverflowError, BufferError, MemoryError, kf.Error)
    bad = [None, "str", 1.5, -1, 0, 7, 1 << 70, [b"a"], object(), b"", b"x" * 3000, memoryview(b"ab")[::2]]

    def call(fn, *a):
        try:
            return fn(*a)
        except ok_errors:
            return None
    for fn, n in ((C._mldsa_keygen, 2), (C._mldsa_public_key, 2), (C._mldsa_sign, 7), (C._mldsa_verify, 7),
                  (C._mldsa_verify_batch, 2), (C._mldsa_raise, 2)):
        for k in range(n + 2):
            call(fn, *([None] * k))
        for x in bad:
            call(fn, *([x] * n))
            call(fn, 65, *([x] * (n - 1)))
            for kind in (0, 1, 2, 9):
                call(fn, 44, kind, *([x] * (n - 2)))
        for p in (0, 43, 66, -65, 1 << 40):
            assert call(fn, p, *([b""] * (n - 1))) is None
    for items in bad + [[None], [(b"",) * 3], [(b"",) * 5], [(b"", b"", b"", "s")], [(b"",) * 4] * 20]:
        r = call(C._mldsa_verify_batch, 44, items)
        assert r is None or all(x != 0 for x in r)       # nothing verifies
    assert call(C._mldsa_sizes, 99) is None
    pk, sk = mldsa.ML_DSA_44.keygen(bytes(32))
    sig = mldsa.ML_DSA_44.sign(sk, b"m")
    for kind in (0, 1, 2):
        for ph in (-1, 7, 1 << 40):
            call(C._mldsa_sign, 44, kind, ph, sk, b"m" * (64 if kind == 2 else 1), b"", None)
            assert call(C._mldsa_verify, 44, kind, ph, pk, b"m" * (64 if kind == 2 else 1), sig, b"") in (None, False)

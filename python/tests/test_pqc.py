# SPDX-License-Identifier: Apache-2.0 OR MIT
"""keccakforge.mlkem against kyber-py and keccakforge.slhdsa against slh-dsa (PyPI), both
ways; sizes, errors and implicit rejection."""
import hashlib

import pytest

import keccakforge as kf
from keccakforge import mlkem, slhdsa

KEMS = [mlkem.ML_KEM_512, mlkem.ML_KEM_768, mlkem.ML_KEM_1024]


@pytest.mark.parametrize("kem", KEMS, ids=lambda k: k.name)
def test_mlkem_roundtrip_and_errors(kem):
    ek, dk = kem.keygen()
    assert (len(ek), len(dk)) == (kem.ek_bytes, kem.dk_bytes)
    K, c = kem.encaps(ek)
    assert len(c) == kem.ct_bytes and len(K) == 32
    assert kem.decaps(dk, c) == K
    assert kem.decaps(bytearray(dk), memoryview(c)) == K
    bad = bytearray(c)
    bad[5] ^= 1
    K2 = kem.decaps(dk, bytes(bad))       # implicit rejection: J(z || c')
    assert K2 != K and K2 == hashlib.shake_256(dk[-32:] + bytes(bad)).digest(32)
    for args, exc in [((ek[:-1],), kf.LengthError), ((ek + b"\0",), kf.LengthError), (("x" * kem.ek_bytes,), TypeError),
                      ((ek, b"m" * 31), kf.LengthError), ((None,), TypeError)]:
        with pytest.raises(exc) as e:
            kem.encaps(*args)
        if isinstance(e.value, kf.Error):
            assert e.value.status == "KF_ERR_BAD_LENGTH" and isinstance(e.value, ValueError)
    with pytest.raises(kf.LengthError):
        kem.decaps(dk[:-1], c)
    with pytest.raises(kf.LengthError):
        kem.decaps(dk, c[:-1])
    with pytest.raises(kf.LengthError):
        kem.keygen(b"\0" * 63)
    # modulus check: a coefficient 0xFFF >= q in ek
    bad_ek = b"\xff\xff" + ek[2:]
    with pytest.raises(kf.InvalidKey) as e:
        kem.encaps(bad_ek)
    assert e.value.status == "KF_ERR_BAD_KEY"
    with pytest.raises(kf.InvalidKey):
        kem.check_ek(bad_ek)
    bad_dk = bytearray(dk)
    bad_dk[-64] ^= 1                     # the stored H(ek)
    with pytest.raises(kf.InvalidKey):
        kem.decaps(bytes(bad_dk), c)
    kem.check_ek(ek)
    kem.check_dk(dk)


@pytest.mark.parametrize("kem", KEMS, ids=lambda k: k.name)
def test_mlkem_vs_kyber_py(kem, rng):
    kp = pytest.importorskip("kyber_py.ml_kem", reason="kyber-py is not installed (pip install kyber-py)")
    ref = getattr(kp, kem.name.replace("-", "_"))
    for _ in range(3):
        d, z, m = rng.randbytes(32), rng.randbytes(32), rng.randbytes(32)
        ek, dk = kem.keygen(d + z)
        assert (ek, dk) == ref._keygen_internal(d, z)
        K, c = kem.encaps(ek, m)
        assert (K, c) == ref._encaps_internal(ek, m)
        assert kem.decaps(dk, c) == K
        # their keys and ciphertexts, our operations; ours, theirs
        rek, rdk = ref.keygen()
        rK, rc = ref.encaps(rek)
        assert kem.decaps(rdk, rc) == rK
        K3, c3 = kem.encaps(rek)
        assert ref.decaps(rdk, c3) == K3
        bad = bytearray(c3)
        bad[rng.randrange(len(bad))] ^= 1
        assert kem.decaps(rdk, bytes(bad)) == ref.decaps(rdk, bytes(bad))


_OID = bytes.fromhex("06096086480165030402")  # 2.16.840.1.101.3.4.2, then the hash number
_PH = {"SHA3-256": (lambda m: hashlib.sha3_256(m).digest(), _OID + b"\x08"),
       "SHAKE128": (lambda m: hashlib.shake_128(m).digest(32), _OID + b"\x0b"),
       "SHAKE256": (lambda m: hashlib.shake_256(m).digest(64), _OID + b"\x0c")}


def test_slhdsa_sizes_and_errors():
    sets = slhdsa.PARAMETER_SETS
    assert [s.sig_bytes for s in sets] == [7856, 17088, 16224, 35664, 29792, 49856]
    s = slhdsa.SLH_DSA_SHAKE_128f
    pk, sk = s.keygen()
    sig = s.sign(sk, b"msg", ctx=b"c", randomize=False)
    assert s.sign(sk, b"msg", ctx=b"c", randomize=False) == sig   # deterministic
    assert s.sign(sk, b"msg", ctx=b"c") != sig                    # hedged
    assert s.verify(pk, b"msg", sig, ctx=b"c") is True
    assert s.verify(pk, b"msg", sig) is False
    assert s.verify(pk, b"msg", sig[:-1], ctx=b"c") is False
    assert s.verify(pk, b"msg", sig + b"\0", ctx=b"c") is False
    with pytest.raises(kf.LengthError) as e:
        s.sign(sk[:-1], b"m")
    assert e.value.status == "KF_ERR_BAD_LENGTH"
    with pytest.raises(kf.LengthError):
        s.verify(pk[:-1], b"m", sig)
    with pytest.raises(kf.LengthError):
        s.verify(pk + b"\0", b"m", sig[:-1])
    with pytest.raises(kf.ContextError):
        s.sign(sk, b"m", ctx=b"x" * 256)
    with pytest.raises(ValueError):
        s.verify(pk, b"m", sig, ctx=b"x" * 256)
    with pytest.raises(TypeError):
        s.sign(sk, "text")
    with pytest.raises(ValueError):
        s.sign(sk, b"m", prehash="SHA-256")
    with pytest.raises(kf.LengthError):
        s.keygen(b"\0" * 47)
    assert s.keygen(bytes(48)) == s.keygen(bytes(48))
    hs = s.hash_sign(sk, b"msg", prehash="SHA3-256")
    assert s.hash_verify(pk, b"msg", hs, prehash="SHA3-256")
    assert not s.verify(pk, b"msg", hs)


@pytest.mark.parametrize("name", ["128f", "192f", "256f", "128s"])
def test_slhdsa_vs_slh_dsa_package(name, rng):
    ref = pytest.importorskip("slhdsa", reason="slh-dsa is not installed (pip install slh-dsa)")
    if not hasattr(ref, "SecretKey"):
        pytest.skip("the importable 'slhdsa' is not the slh-dsa package")
    s = getattr(slhdsa, f"SLH_DSA_SHAKE_{name}")
    par, n = getattr(ref, f"shake_{name}"), s.n
    seed = rng.randbytes(3 * n)
    pk, sk = s.keygen(seed)
    theirs = ref.SecretKey((sk[:n], sk[n:2 * n], sk[2 * n:3 * n], sk[3 * n:]), par)
    their_pk = ref.PublicKey((pk[:n], pk[n:]), par)
    msg, ctx = rng.randbytes(rng.choice([0, 33, 500])), rng.randbytes(rng.choice([0, 7, 255]))
    assert s.sign(sk, msg, ctx, randomize=False) == theirs.sign_pure(msg, False, ctx)
    assert s.verify(pk, msg, theirs.sign_pure(msg, True, ctx), ctx)
    assert their_pk.verify_pure(msg, s.sign(sk, msg, ctx), ctx) is True
    ph = rng.choice(sorted(_PH))
    fn, oid = _PH[ph]
    assert s.sign(sk, msg, ctx, randomize=False, prehash=ph) == theirs.sign_hash(msg, False, ctx, lambda d: oid + fn(d))

# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Key files from Python: keygen_seed, public_bytes / private_bytes and load_public_key /
load_private_key of keccakforge.mlkem and keccakforge.slhdsa (PEM and DER, SPKI and PKCS#8).

Round trips inside the package; the exact DER of each form against a layout built here;
pyca/cryptography (ML-KEM-768/1024) reading what we write and the other way round; the
kforge CLI (KFORGE, set by ctest) decapsulating / verifying with keys we wrote and our loaders
reading the PEM it writes; malformed and foreign input raising the named errors.
"""
import base64
import os
import subprocess

import pytest

import keccakforge as kf
from keccakforge import mldsa, mlkem, slhdsa

MLKEM_OID = {512: 1, 768: 2, 1024: 3}
MLDSA_OID = {44: 17, 65: 18, 87: 19}
SLH_OID = {"SLH-DSA-SHAKE-128s": 26, "SLH-DSA-SHAKE-128f": 27, "SLH-DSA-SHAKE-192s": 28,
           "SLH-DSA-SHAKE-192f": 29, "SLH-DSA-SHAKE-256s": 30, "SLH-DSA-SHAKE-256f": 31}


def tlv(tag, body):
    n = len(body)
    ln = bytes([n]) if n < 0x80 else bytes([0x80 | ((n.bit_length() + 7) // 8)]) + n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag]) + ln + body


def alg(arc, last):
    return tlv(0x30, tlv(0x06, bytes([0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, arc, last])))


def pkcs8(algid, key):
    return tlv(0x30, tlv(0x02, b"\0") + algid + tlv(0x04, key))


def spki(algid, pub):
    return tlv(0x30, algid + tlv(0x03, b"\0" + pub))


def pem_body(pem):
    lines = pem.decode().strip().splitlines()
    return base64.b64decode("".join(lines[1:-1]))


@pytest.mark.parametrize("p", [mlkem.ML_KEM_512, mlkem.ML_KEM_768, mlkem.ML_KEM_1024], ids=repr)
def test_mlkem_forms_exact_and_round_trip(p):
    ek, dk, seed = p.keygen_seed()
    assert len(seed) == 64 and p.keygen(seed) == (ek, dk)
    a = alg(4, MLKEM_OID[p.param])
    want = {"seed": tlv(0x80, seed), "expanded": tlv(0x04, dk), "both": tlv(0x30, tlv(0x04, seed) + tlv(0x04, dk))}
    for form, key in want.items():
        der = p.private_bytes(dk, seed, encoding="DER", form=form)
        assert der == pkcs8(a, key), form
        pem = p.private_bytes(dk, seed, form=form)
        assert pem.startswith(b"-----BEGIN PRIVATE KEY-----\n") and pem_body(pem) == der
        got = mlkem.load_private_key(pem)
        assert got == (p, dk, None if form == "expanded" else seed)
        assert mlkem.load_private_key(der) == got and mlkem.load_private_key(bytearray(der)) == got
        assert mlkem.load_private_key(pem.decode()) == got
    # defaults: the seed form when a seed is given, the expanded one for dk alone; "both"
    # from the seed alone derives dk
    assert p.private_bytes(seed=seed, encoding="DER") == pkcs8(a, want["seed"])
    assert p.private_bytes(dk, encoding="DER") == pkcs8(a, want["expanded"])
    assert p.private_bytes(seed=seed, encoding="der", form="both") == pkcs8(a, want["both"])
    assert p.public_bytes(ek, encoding="DER") == spki(a, ek)
    assert mlkem.load_public_key(p.public_bytes(ek)) == (p, ek)
    K, c = p.encaps(mlkem.load_public_key(p.public_bytes(ek, "DER"))[1])
    assert p.decaps(mlkem.load_private_key(p.private_bytes(seed=seed))[1], c) == K


def test_mlkem_keygen_seed_is_random():
    a, b = mlkem.ML_KEM_768.keygen_seed(), mlkem.ML_KEM_768.keygen_seed()
    assert a[2] != b[2] and a[0] != b[0]


@pytest.mark.parametrize("p", slhdsa.PARAMETER_SETS, ids=repr)
def test_slhdsa_round_trip(p):
    seed = os.urandom(3 * p.n)
    pk, sk = p.keygen(seed)
    a = alg(3, SLH_OID[p.name])
    assert p.private_bytes(sk, "DER") == pkcs8(a, sk)
    assert p.public_bytes(pk, "DER") == spki(a, pk)
    assert slhdsa.load_private_key(p.private_bytes(sk)) == (p, sk)
    assert slhdsa.load_public_key(p.public_bytes(pk)) == (p, pk)
    assert slhdsa.load_public_key(memoryview(p.public_bytes(pk, "DER"))) == (p, pk)


@pytest.mark.parametrize("p", mldsa.PARAMETER_SETS, ids=repr)
def test_mldsa_forms_exact_and_round_trip(p):
    pk, sk, seed = p.keygen_seed()
    assert len(seed) == 32 and p.keygen(seed) == (pk, sk)
    a = alg(3, MLDSA_OID[p.param])
    want = {"seed": tlv(0x80, seed), "expanded": tlv(0x04, sk), "both": tlv(0x30, tlv(0x04, seed) + tlv(0x04, sk))}
    for form, key in want.items():
        der = p.private_bytes(sk, seed, encoding="DER", form=form)
        assert der == pkcs8(a, key), form
        pem = p.private_bytes(sk, seed, form=form)
        assert pem.startswith(b"-----BEGIN PRIVATE KEY-----\n") and pem_body(pem) == der
        got = mldsa.load_private_key(pem)
        assert got == (p, sk, None if form == "expanded" else seed)
        assert mldsa.load_private_key(der) == got and mldsa.load_private_key(pem.decode()) == got
    assert p.private_bytes(seed=seed, encoding="DER") == pkcs8(a, want["seed"])
    assert p.private_bytes(sk, encoding="DER") == pkcs8(a, want["expanded"])
    assert p.private_bytes(seed=seed, encoding="DER", form="both") == pkcs8(a, want["both"])
    assert p.public_bytes(pk, encoding="DER") == spki(a, pk)
    assert mldsa.load_public_key(p.public_bytes(pk)) == (p, pk)
    sig = p.sign(mldsa.load_private_key(p.private_bytes(seed=seed))[1], b"msg")
    assert p.verify(mldsa.load_public_key(p.public_bytes(pk, "DER"))[1], b"msg", sig)
    # an expanded key changed in s1 (just after rho, K, tr) and a seed that is not its own
    bad = bytearray(sk)
    bad[128] ^= 0x01
    with pytest.raises(kf.InvalidKey):
        p.private_bytes(bytes(bad), encoding="DER")
    with pytest.raises(kf.InvalidKey):
        mldsa.load_private_key(pkcs8(a, tlv(0x04, bytes(bad))))
    other = bytes(32 - len(b"x")) + b"x"
    with pytest.raises(kf.InvalidKey):
        mldsa.load_private_key(pkcs8(a, tlv(0x30, tlv(0x04, other) + tlv(0x04, sk))))
    with pytest.raises(kf.AlgorithmError, match="not ML-DSA"):
        mldsa.load_public_key(mlkem.ML_KEM_768.public_bytes(mlkem.ML_KEM_768.keygen()[0]))


def test_seed_length_errors_name_the_set_size():
    """A seed of the wrong length names the size its set needs: ML-DSA's xi is 32 bytes, ML-KEM's
    d || z 64 (issue 52 R8: the old message said 64 for every set)."""
    for p in mldsa.PARAMETER_SETS:
        for n in (31, 33, 64):
            with pytest.raises(kf.LengthError, match="seed is 32 bytes, not %d" % n):
                p.private_bytes(seed=bytes(n))
            with pytest.raises(kf.LengthError, match="32 bytes, not %d" % n):
                p.keygen(bytes(n))
    for p in (mlkem.ML_KEM_512, mlkem.ML_KEM_768, mlkem.ML_KEM_1024):
        for n in (32, 63, 65):
            with pytest.raises(kf.LengthError, match="seed is 64 bytes, not %d" % n):
                p.private_bytes(seed=bytes(n))
            with pytest.raises(kf.LengthError, match="64 bytes, not %d" % n):
                p.keygen(bytes(n))


def test_mldsa_pyca_reads_ours_and_we_read_pyca():
    try:
        from cryptography.hazmat.primitives import serialization as ser
        from cryptography.hazmat.primitives.asymmetric import mldsa as pm
    except ImportError:
        pytest.skip("pyca/cryptography with ML-DSA is not installed")
    p = mldsa.ML_DSA_65
    pk, sk, seed = p.keygen_seed()
    theirs = ser.load_pem_private_key(p.private_bytes(seed=seed), password=None)
    assert theirs.public_key().public_bytes(ser.Encoding.DER, ser.PublicFormat.SubjectPublicKeyInfo) == \
        p.public_bytes(pk, "DER")
    pem = theirs.private_bytes(ser.Encoding.PEM, ser.PrivateFormat.PKCS8, ser.NoEncryption())
    assert pem == p.private_bytes(seed=seed)
    q, sk2, seed2 = mldsa.load_private_key(pem)
    assert q is p and (sk2, seed2) == (sk, seed)


def test_text_around_pem():
    p = mlkem.ML_KEM_1024
    ek, dk, seed = p.keygen_seed()
    pem = p.private_bytes(seed=seed)
    for wrapped in (b"Private key of test host\nmade 2026-11-23\n\n" + pem + b"\nend of file -----\n",
                    b"0 comments\n" + pem,                 # text that starts like DER (0x30)
                    pem.replace(b"\n", b"\r\n")):
        assert mlkem.load_private_key(wrapped) == (p, dk, seed)
    s = slhdsa.SLH_DSA_SHAKE_128f
    pk, sk = s.keygen()
    assert slhdsa.load_public_key("Subject: x\n" + s.public_bytes(pk).decode() + "trailer\n") == (s, pk)


def test_errors():
    p = mlkem.ML_KEM_768
    ek, dk, seed = p.keygen_seed()
    s = slhdsa.SLH_DSA_SHAKE_128s
    pk, sk = s.keygen(bytes(48))
    with pytest.raises(kf.AlgorithmError, match="SLH-DSA-SHAKE-128s key, not ML-KEM"):
        mlkem.load_private_key(s.private_bytes(sk))
    with pytest.raises(kf.AlgorithmError, match="ML-KEM-768 key, not SLH-DSA"):
        slhdsa.load_public_key(p.public_bytes(ek))
    with pytest.raises(kf.EncodingError, match='"PRIVATE KEY", not a "PUBLIC KEY"'):
        mlkem.load_public_key(p.private_bytes(seed=seed))
    der = p.private_bytes(seed=seed, encoding="DER")
    for bad in (b"", b"\x30", der[:-1], der + b"\0", b"not a key", b"-----BEGIN PRIVATE KEY-----\n!!\n"):
        with pytest.raises(kf.EncodingError):
            mlkem.load_private_key(bad)
    pem = p.private_bytes(seed=seed)
    with pytest.raises(ValueError):  # a corrupted body: bad base64 or DER
        mlkem.load_private_key(pem.replace(b"A", b"*", 1) if b"A" in pem[28:] else pem[:40])
    with pytest.raises(kf.EncodingError):
        mlkem.load_private_key("caf\u00e9 -----BEGIN PRIVATE KEY-----")
    # an expandedKey whose H(ek) was changed: the hash check (InvalidKey)
    bad = bytearray(dk)
    bad[-64] ^= 1
    with pytest.raises(kf.InvalidKey):
        mlkem.load_private_key(pkcs8(alg(4, 2), tlv(0x04, bytes(bad))))
    with pytest.raises(kf.InvalidKey):
        p.private_bytes(bytes(bad))
    # seed and dk that disagree ("both")
    _, dk2, _ = p.keygen_seed()
    with pytest.raises(kf.InvalidKey):
        p.private_bytes(dk2, seed, form="both")
    # an ek failing the modulus check (first coefficient 0xFFF)
    with pytest.raises(kf.InvalidKey):
        mlkem.load_public_key(spki(alg(4, 2), b"\xff\x0f" + ek[2:]))
    with pytest.raises(kf.LengthError):
        p.public_bytes(ek[:-1])
    with pytest.raises(kf.LengthError):
        s.private_bytes(sk + b"\0")
    with pytest.raises(ValueError, match="encoding"):
        p.public_bytes(ek, "BER")
    with pytest.raises(ValueError, match="form"):
        p.private_bytes(dk, seed, form="compact")
    with pytest.raises(kf.Error):
        p.private_bytes()
    with pytest.raises(TypeError):
        mlkem.load_private_key(12)


def _pyca():
    try:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import mlkem as pm
    except ImportError:
        pytest.skip("pyca/cryptography with ML-KEM (46 or later) is not installed")
    return serialization, pm


@pytest.mark.parametrize("p", [mlkem.ML_KEM_768, mlkem.ML_KEM_1024], ids=repr)
def test_pyca_reads_ours_and_we_read_pyca(p):
    ser, pm = _pyca()
    ek, dk, seed = p.keygen_seed()
    sk = ser.load_pem_private_key(p.private_bytes(seed=seed), password=None)
    assert sk.private_bytes_raw() == seed
    pk = ser.load_der_public_key(p.public_bytes(ek, "DER"))
    assert pk.public_bytes_raw() == ek
    K, c = pk.encapsulate()
    assert p.decaps(dk, c) == K
    theirs = (pm.MLKEM768PrivateKey if p.param == 768 else pm.MLKEM1024PrivateKey).generate()
    pem = theirs.private_bytes(ser.Encoding.PEM, ser.PrivateFormat.PKCS8, ser.NoEncryption())
    q, dk2, seed2 = mlkem.load_private_key(pem)
    assert q is p and seed2 == theirs.private_bytes_raw()
    der = theirs.public_key().public_bytes(ser.Encoding.DER, ser.PublicFormat.SubjectPublicKeyInfo)
    q, ek2 = mlkem.load_public_key(der)
    assert ek2 == theirs.public_key().public_bytes_raw() and p.keygen(seed2) == (ek2, dk2)
    K, c = p.encaps(ek2)
    assert theirs.decapsulate(c) == K
    assert der == p.public_bytes(ek2, "DER")   # the same DER both ways
    assert pem == p.private_bytes(seed=seed2)


def _kforge():
    k = os.environ.get("KFORGE")
    if not k or not os.path.exists(k):
        pytest.skip("the kforge CLI is not installed here (KFORGE, set by ctest, names it)")
    return k


def test_cli_round_trips(tmp_path):
    k = _kforge()

    def run(*a):
        r = subprocess.run([k, *a], capture_output=True, cwd=tmp_path, timeout=120)
        assert r.returncode == 0, r.stderr
        return r.stdout

    # kforge writes, we read
    run("mlkem", "keygen", "-p", "1024", "--pem", "--ek-out", "ek.pem", "--dk-out", "dk.pem", "--seed-out", "seed")
    p, dk, seed = mlkem.load_private_key((tmp_path / "dk.pem").read_bytes())
    assert p is mlkem.ML_KEM_1024 and seed == (tmp_path / "seed").read_bytes()
    p, ek = mlkem.load_public_key((tmp_path / "ek.pem").read_text())
    assert p.keygen(seed) == (ek, dk)
    # we write (each form), kforge decapsulates
    for form in ("seed", "expanded", "both"):
        (tmp_path / "mine.pem").write_bytes(p.private_bytes(dk, seed, form=form))
        K, c = p.encaps(ek)
        (tmp_path / "c").write_bytes(c)
        out = run("mlkem", "decaps", "-p", "1024", "--dk-file", "mine.pem", "--c-file", "c")
        assert out == b"k=" + K.hex().encode() + b"\n", form
    # SLH-DSA: kforge signs with our PKCS#8 DER, we verify with the SPKI it reads back
    s = slhdsa.SLH_DSA_SHAKE_128f
    pk, sk = s.keygen()
    (tmp_path / "sk.der").write_bytes(s.private_bytes(sk, "DER"))
    (tmp_path / "pk.pem").write_bytes(s.public_bytes(pk))
    (tmp_path / "msg").write_bytes(b"key files")
    run("slhdsa", "sign", "-p", "shake-128f", "--sk-file", "sk.der", "--msg-file", "msg", "--sig-out", "sig")
    assert s.verify(pk, b"key files", (tmp_path / "sig").read_bytes())
    run("slhdsa", "verify", "-p", "shake-128f", "--pk-file", "pk.pem", "--msg-file", "msg", "--sig-file", "sig")
    run("slhdsa", "keygen", "-p", "shake-128f", "--pem", "--pk-out", "pk2.pem", "--sk-out", "sk2.pem")
    q, sk2 = slhdsa.load_private_key((tmp_path / "sk2.pem").read_bytes())
    assert q is s and slhdsa.load_public_key((tmp_path / "pk2.pem").read_bytes()) == (s, sk2[-2 * s.n:])

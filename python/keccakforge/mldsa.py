# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ML-DSA (FIPS 204) from keccakforge's C library: ML_DSA_44, ML_DSA_65, ML_DSA_87.

    pk, sk = ML_DSA_65.keygen()                   # or keygen(seed) with the 32-byte xi
    sig = ML_DSA_65.sign(sk, b"msg", ctx=b"")     # hedged: 32 fresh bytes from the OS
    sig = ML_DSA_65.sign(sk, b"msg", randomize=False)   # deterministic (rnd = 0^32)
    ML_DSA_65.verify(pk, b"msg", sig, ctx=b"")    # True / False
    sig = ML_DSA_65.sign(sk, b"msg", prehash="SHA3-512")   # HashML-DSA (FIPS 204 §5.4)
    mu = ML_DSA_65.compute_mu(pk, b"msg", ctx=b"")          # external mu (64 bytes)
    sig = ML_DSA_65.sign_mu(sk, mu); ML_DSA_65.verify_mu(pk, mu, sig)
    ML_DSA_65.verify_batch([(pk, msg, sig), (pk2, msg2, sig2, ctx2)])   # [True, False]
    pk == ML_DSA_65.public_key(sk)                # the public key of an expanded sk

Keys and signatures are FIPS 204's byte strings (sk is the expanded skEncode form). verify
returns False for a signature that does not verify or has the wrong length; a public or
private key of the wrong length raises keccakforge.LengthError, a private key that is not
one key generation could have written keccakforge.InvalidKey, a context over 255 bytes
keccakforge.ContextError (all ValueErrors). sign() checks only that s1 and s2 are in range:
it takes tr and t0 as they are, so an sk whose tr or t0 is not its own gives signatures
that do not verify. load_private_key checks the whole key; check an sk from elsewhere once
with check_private_key (or public_key).
"""
import os

from . import _keccakforge as _c
from . import _keys

#: HashML-DSA pre-hash functions this library offers (the SHA-2 ones are not).
PREHASHES = {"SHA3-224": 1, "SHA3-256": 2, "SHA3-384": 3, "SHA3-512": 4,
             "SHAKE128": 5, "SHAKE256": 6}
MAX_CONTEXT_BYTES = 255
SEED_BYTES = 32  # xi
RND_BYTES = 32
MU_BYTES = 64

_PURE, _INTERNAL, _MU = 0, 1, 2
_KF_OK, _KF_ERR_BAD_LENGTH, _KF_ERR_BAD_SIGNATURE, _KF_ERR_BAD_CONTEXT = 0, -5, -11, -13

# HashML-DSA's OID (2.16.840.1.101.3.4.2.n, DER) and PH(M) of each pre-hash (FIPS 204 Alg. 4)
_OID = bytes.fromhex("06096086480165030402")
_PH = {
    "SHA3-224": (7, lambda m: _c.sha3_224(m).digest()),
    "SHA3-256": (8, lambda m: _c.sha3_256(m).digest()),
    "SHA3-384": (9, lambda m: _c.sha3_384(m).digest()),
    "SHA3-512": (10, lambda m: _c.sha3_512(m).digest()),
    "SHAKE128": (11, lambda m: _c.shake_128(m).digest(32)),
    "SHAKE256": (12, lambda m: _c.shake_256(m).digest(64)),
}


def _phname(prehash):
    if not isinstance(prehash, str):
        raise TypeError("prehash must be a str such as 'SHA3-512', or None")
    name = prehash.upper().replace("_", "-")
    if name not in PREHASHES:
        raise ValueError(f"prehash must be one of {sorted(PREHASHES)}, not {prehash!r}")
    return name


def _ph(prehash):
    return 0 if prehash is None else PREHASHES[_phname(prehash)]


def _rnd(randomize):
    if randomize is True:
        return os.urandom(RND_BYTES)
    if randomize is False or randomize is None:
        return None
    return randomize


class MLDSA:
    """One ML-DSA parameter set."""

    __slots__ = ("name", "param", "pk_bytes", "sk_bytes", "sig_bytes")

    def __init__(self, param):
        self.param = param
        self.name = f"ML-DSA-{param}"
        self.pk_bytes, self.sk_bytes, self.sig_bytes = _c._mldsa_sizes(param)

    def keygen(self, seed=None):
        """(pk, sk). seed: None (the OS generator) or xi, 32 bytes (KeyGen_internal, Alg. 6)."""
        return _c._mldsa_keygen(self.param, seed)

    def keygen_seed(self):
        """(pk, sk, seed): a key pair from 32 fresh bytes of os.urandom, and that seed xi,
        from which keygen(seed) gives the same keys (the seed is the compact private key of
        RFC 9881's seed form)."""
        xi = os.urandom(SEED_BYTES)
        pk, sk = _c._mldsa_keygen(self.param, xi)
        return pk, sk, xi

    def public_bytes(self, pk, encoding="PEM"):
        """pk as a SubjectPublicKeyInfo (id-ml-dsa-*, no parameters), "PEM" or "DER" (bytes)."""
        return _keys.public_bytes(self.name, pk, encoding)

    def private_bytes(self, sk=None, seed=None, encoding="PEM", form=None):
        """A PKCS#8 private key (RFC 9881), "PEM" or "DER" (bytes). form: "seed" (xi only: what
        pyca/cryptography and OpenSSL 3.5 read), "expanded" (sk only) or "both"; None means
        "seed" when a seed is given, else "expanded". "both" derives sk when only the seed
        is given; an sk and seed that disagree, or an inconsistent sk, raise InvalidKey."""
        return _keys.private_bytes(self.name, sk, seed, form, encoding)

    def public_key(self, sk):
        """The public key of the expanded private key sk, after checking sk is consistent
        (s1 and s2 in range, t0 and tr those of A s1 + s2): else keccakforge.InvalidKey."""
        return _c._mldsa_public_key(self.param, sk)

    def check_private_key(self, sk):
        """None if the expanded private key sk is one key generation could have written (s1
        and s2 in range, t0 and tr those of A s1 + s2: kf_mldsa_check_sk), else
        keccakforge.InvalidKey (LengthError for the wrong length). sign() does not check tr
        and t0; run this once on an sk that comes from outside (load_private_key does)."""
        _c._mldsa_check_sk(self.param, sk)

    def sign(self, sk, msg, ctx=b"", randomize=True, prehash=None):
        """The signature of msg: ML-DSA.Sign (Alg. 2), or HashML-DSA.Sign (Alg. 4) when prehash
        names one of PREHASHES.

        randomize=True is FIPS 204's hedged variant (32 fresh bytes from os.urandom);
        False the deterministic one; 32 bytes give that rnd."""
        return _c._mldsa_sign(self.param, _PURE, _ph(prehash), sk, msg, ctx, _rnd(randomize))

    def verify(self, pk, msg, sig, ctx=b"", prehash=None):
        """True if sig is a valid signature of msg under pk and ctx (ML-DSA.Verify, Alg. 3, or
        HashML-DSA.Verify, Alg. 5, with prehash), else False."""
        return _c._mldsa_verify(self.param, _PURE, _ph(prehash), pk, msg, sig, ctx)

    def hash_sign(self, sk, msg, ctx=b"", prehash="SHAKE256", randomize=True):
        """HashML-DSA signature (sign with a prehash)."""
        return self.sign(sk, msg, ctx, randomize, prehash)

    def hash_verify(self, pk, msg, sig, ctx=b"", prehash="SHAKE256"):
        """HashML-DSA verification."""
        return self.verify(pk, msg, sig, ctx, prehash)

    def sign_internal(self, sk, mprime, randomize=True):
        """ML-DSA.Sign_internal (Alg. 7) on the message M' itself (no context, no domain byte)."""
        return _c._mldsa_sign(self.param, _INTERNAL, 0, sk, mprime, b"", _rnd(randomize))

    def verify_internal(self, pk, mprime, sig):
        """ML-DSA.Verify_internal (Alg. 8) on M' itself."""
        return _c._mldsa_verify(self.param, _INTERNAL, 0, pk, mprime, sig, b"")

    @staticmethod
    def message_representative(pk, msg, ctx=b"", prehash=None):
        """M' of the pure (prehash None) or pre-hash form: the bytes ML-DSA.Sign / HashML-DSA.Sign
        pass to Sign_internal (pk is not used; it is there for symmetry with compute_mu)."""
        ctx = bytes(ctx)
        if len(ctx) > MAX_CONTEXT_BYTES:
            _c._mldsa_raise(_KF_ERR_BAD_CONTEXT, "ctx must be at most 255 bytes")
        if prehash is None:
            return bytes([0, len(ctx)]) + ctx + bytes(msg)
        arc, fn = _PH[_phname(prehash)]
        return bytes([1, len(ctx)]) + ctx + _OID + bytes([arc]) + fn(msg)

    def compute_mu(self, pk, msg, ctx=b"", prehash=None):
        """mu = H(H(pk, 64) || M', 64) (Alg. 7 line 6): what sign_mu / verify_mu take, so the
        message can be hashed where the key is not (an HSM signs mu)."""
        pk = bytes(pk)
        if len(pk) != self.pk_bytes:
            _c._mldsa_raise(_KF_ERR_BAD_LENGTH, f"pk must be {self.pk_bytes} bytes, not {len(pk)}")
        tr = _c.shake_256(pk).digest(64)
        return _c.shake_256(tr + self.message_representative(pk, msg, ctx, prehash)).digest(MU_BYTES)

    def sign_mu(self, sk, mu, randomize=True):
        """Sign_internal from an externally computed mu (64 bytes)."""
        return _c._mldsa_sign(self.param, _MU, 0, sk, mu, b"", _rnd(randomize))

    def verify_mu(self, pk, mu, sig):
        """Verify_internal from an externally computed mu (64 bytes)."""
        return _c._mldsa_verify(self.param, _MU, 0, pk, mu, sig, b"")

    def verify_batch(self, items):
        """[verify(*item) for item in items], each item (pk, msg, sig) or (pk, msg, sig, ctx),
        run together (kf_mldsa_verify_batch: the fixed-length hashes of up to 8 items in the
        batched lanes, one ExpandA per run of items under one key). An item whose pk has the
        wrong length or whose ctx is too long raises, as verify would."""
        full = []
        for it in items:
            it = tuple(it)
            if len(it) == 3:
                it += (b"",)
            if len(it) != 4:
                raise TypeError("verify_batch: each item is (pk, msg, sig) or (pk, msg, sig, ctx)")
            full.append(it)
        codes = _c._mldsa_verify_batch(self.param, full)
        out = []
        for it, rc in zip(full, codes):
            if rc == _KF_OK:
                out.append(True)
            elif rc == _KF_ERR_BAD_SIGNATURE:
                out.append(False)
            else:
                # any other status (a length, a context, ...): whatever verify() makes of this
                # item, its error or its answer (a signature of the wrong length is False
                # there; a pk of the wrong length raises), so the batch is verify()'s list
                out.append(self.verify(*it))
        return out

    def __repr__(self):
        return f"<{self.name}>"


ML_DSA_44 = MLDSA(44)
ML_DSA_65 = MLDSA(65)
ML_DSA_87 = MLDSA(87)
PARAMETER_SETS = (ML_DSA_44, ML_DSA_65, ML_DSA_87)

_BY_NAME = {p.name: p for p in PARAMETER_SETS}


def load_public_key(data):
    """(parameter set, pk) of a SubjectPublicKeyInfo: bytes-like or str, PEM or DER.
    Malformed input raises keccakforge.EncodingError, another algorithm's key
    AlgorithmError (both ValueErrors)."""
    name, pk = _keys.load_public(data, _BY_NAME, "ML-DSA")
    return _BY_NAME[name], pk


def load_private_key(data):
    """(parameter set, sk, seed or None) of a PKCS#8 private key, PEM or DER, in any of the
    three forms (sk is expanded from the seed; seed is None for the expandedKey form). An
    expanded sk must be consistent, and seed and sk must agree in the "both" form
    (else InvalidKey)."""
    name, _form, seed, sk = _keys.load_private(data, _BY_NAME, "ML-DSA")
    return _BY_NAME[name], sk, seed


__all__ = ["MLDSA", "ML_DSA_44", "ML_DSA_65", "ML_DSA_87", "PARAMETER_SETS", "PREHASHES",
           "MAX_CONTEXT_BYTES", "SEED_BYTES", "RND_BYTES", "MU_BYTES", "load_public_key", "load_private_key"]

# SPDX-License-Identifier: Apache-2.0 OR MIT
"""SLH-DSA (FIPS 205), the six SHAKE parameter sets, from keccakforge's C library.

    s = SLH_DSA_SHAKE_128f
    pk, sk = s.keygen()                   # or keygen(seed): SK.seed || SK.prf || PK.seed
    sig = s.sign(sk, b"msg", ctx=b"")     # hedged (randomize=True) or deterministic
    s.verify(pk, b"msg", sig, ctx=b"")    # True / False
    sig = s.sign(sk, b"msg", prehash="SHAKE256")   # HashSLH-DSA (FIPS 205 §10.2)
    pem = s.private_bytes(sk)             # PKCS#8 (PEM; encoding="DER" too), public_bytes(pk)
    s2, sk2 = load_private_key(pem)       # PEM (text around it allowed) or DER; s2 is s
    s2, pk2 = load_public_key(s.public_bytes(pk))

verify returns False for a signature that does not verify or has the wrong length; a
public or secret key of the wrong length raises keccakforge.LengthError (a ValueError), a
context over 255 bytes keccakforge.ContextError (a ValueError).
"""
import os

from . import _keccakforge as _c
from . import _keys

#: HashSLH-DSA pre-hash functions this library offers (the SHA-2 ones are not).
PREHASHES = {"SHA3-224": 1, "SHA3-256": 2, "SHA3-384": 3, "SHA3-512": 4,
             "SHAKE128": 5, "SHAKE256": 6}
MAX_CONTEXT_BYTES = 255


def _ph(prehash):
    if prehash is None:
        return 0
    if not isinstance(prehash, str):
        raise TypeError("prehash must be a str such as 'SHAKE256', or None")
    try:
        return PREHASHES[prehash.upper().replace("_", "-")]
    except KeyError:
        raise ValueError(f"prehash must be one of {sorted(PREHASHES)}, not {prehash!r}") from None


class SLHDSA:
    """One SLH-DSA-SHAKE parameter set."""

    __slots__ = ("name", "param", "n", "pk_bytes", "sk_bytes", "sig_bytes")

    def __init__(self, name, param):
        self.name = name
        self.param = param
        self.n, self.pk_bytes, self.sk_bytes, self.sig_bytes = _c._slhdsa_sizes(param)

    def keygen(self, seed=None):
        """(pk, sk). seed: None (the OS generator) or SK.seed || SK.prf || PK.seed (3n bytes)."""
        return _c._slhdsa_keygen(self.param, seed)

    def sign(self, sk, msg, ctx=b"", randomize=True, prehash=None):
        """The signature of msg: pure SLH-DSA, or HashSLH-DSA when prehash names one of PREHASHES.

        randomize=True is FIPS 205's hedged variant (n fresh random bytes); False the
        deterministic one; bytes of length n give that addrnd."""
        if randomize is True:
            addrnd = os.urandom(self.n)
        elif randomize is False or randomize is None:
            addrnd = None
        else:
            addrnd = randomize
        return _c._slhdsa_sign(self.param, _ph(prehash), sk, msg, ctx, addrnd)

    def verify(self, pk, msg, sig, ctx=b"", prehash=None):
        """True if sig is a valid signature of msg under pk and ctx, else False."""
        return _c._slhdsa_verify(self.param, _ph(prehash), pk, msg, sig, ctx)

    def hash_sign(self, sk, msg, ctx=b"", prehash="SHAKE256", randomize=True):
        """HashSLH-DSA signature (sign with a prehash)."""
        return self.sign(sk, msg, ctx, randomize, prehash)

    def hash_verify(self, pk, msg, sig, ctx=b"", prehash="SHAKE256"):
        """HashSLH-DSA verification."""
        return self.verify(pk, msg, sig, ctx, prehash)

    def public_bytes(self, pk, encoding="PEM"):
        """pk as a SubjectPublicKeyInfo, "PEM" or "DER" (bytes)."""
        return _keys.public_bytes(self.name, pk, encoding)

    def private_bytes(self, sk, encoding="PEM"):
        """sk as a PKCS#8 private key, "PEM" or "DER" (bytes)."""
        return _keys.private_bytes(self.name, sk, None, None, encoding)

    def __repr__(self):
        return f"<{self.name}>"


SLH_DSA_SHAKE_128s = SLHDSA("SLH-DSA-SHAKE-128s", 1)
SLH_DSA_SHAKE_128f = SLHDSA("SLH-DSA-SHAKE-128f", 2)
SLH_DSA_SHAKE_192s = SLHDSA("SLH-DSA-SHAKE-192s", 3)
SLH_DSA_SHAKE_192f = SLHDSA("SLH-DSA-SHAKE-192f", 4)
SLH_DSA_SHAKE_256s = SLHDSA("SLH-DSA-SHAKE-256s", 5)
SLH_DSA_SHAKE_256f = SLHDSA("SLH-DSA-SHAKE-256f", 6)
PARAMETER_SETS = (SLH_DSA_SHAKE_128s, SLH_DSA_SHAKE_128f, SLH_DSA_SHAKE_192s,
                  SLH_DSA_SHAKE_192f, SLH_DSA_SHAKE_256s, SLH_DSA_SHAKE_256f)

_BY_NAME = {p.name: p for p in PARAMETER_SETS}


def load_public_key(data):
    """(parameter set, pk) of a SubjectPublicKeyInfo: bytes-like or str, PEM or DER.
    Malformed input raises keccakforge.EncodingError, another algorithm's key
    AlgorithmError (both ValueErrors)."""
    name, pk = _keys.load_public(data, _BY_NAME, "SLH-DSA")
    return _BY_NAME[name], pk


def load_private_key(data):
    """(parameter set, sk) of a PKCS#8 private key, PEM or DER."""
    name, _form, _seed, sk = _keys.load_private(data, _BY_NAME, "SLH-DSA")
    return _BY_NAME[name], sk


__all__ = ["SLHDSA", "load_public_key", "load_private_key", "PREHASHES", "PARAMETER_SETS", "MAX_CONTEXT_BYTES",
           "SLH_DSA_SHAKE_128s", "SLH_DSA_SHAKE_128f", "SLH_DSA_SHAKE_192s",
           "SLH_DSA_SHAKE_192f", "SLH_DSA_SHAKE_256s", "SLH_DSA_SHAKE_256f"]

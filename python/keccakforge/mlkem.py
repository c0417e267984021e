# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ML-KEM (FIPS 203) from keccakforge's C library: ML_KEM_512, ML_KEM_768, ML_KEM_1024.

    ek, dk = ML_KEM_768.keygen()          # or keygen(seed) with seed = d || z (64 bytes)
    K, c = ML_KEM_768.encaps(ek)          # or encaps(ek, m) with m (32 bytes): deterministic
    K == ML_KEM_768.decaps(dk, c)

Keys that travel: keygen_seed() also returns d || z, the compact private key that
pyca/cryptography, OpenSSL 3.5 and `kforge mlkem keygen --pem` write into PKCS#8:

    ek, dk, seed = ML_KEM_768.keygen_seed()
    pem = ML_KEM_768.private_bytes(seed=seed)          # PKCS#8, seed form [0], PEM
    pub = ML_KEM_768.public_bytes(ek, encoding="DER")  # SubjectPublicKeyInfo
    params, dk, seed = load_private_key(pem)           # PEM (text around it allowed) or DER
    params, ek = load_public_key(pub)                  # params is ML_KEM_768

The argument order and results are kyber-py's (FIPS 203's): encaps returns (K, c).
Wrong sizes raise keccakforge.LengthError (a ValueError); an encapsulation key failing
FIPS 203's modulus check, or a decapsulation key failing its hash check, raises
keccakforge.InvalidKey (a ValueError). An invalid ciphertext of the right size is not an
error: decaps returns the implicit-rejection key, as the standard says.
"""
from . import _keccakforge as _c
from . import _keys

SHARED_SECRET_BYTES = 32
SEED_BYTES = 64  # d || z
MESSAGE_BYTES = 32


class MLKEM:
    """One ML-KEM parameter set."""

    __slots__ = ("name", "param", "ek_bytes", "dk_bytes", "ct_bytes")

    def __init__(self, param):
        self.param = param
        self.name = f"ML-KEM-{param}"
        self.ek_bytes, self.dk_bytes, self.ct_bytes = _c._mlkem_sizes(param)

    def keygen(self, seed=None):
        """(ek, dk). seed: None (the OS generator) or d || z, 64 bytes (KeyGen_internal)."""
        return _c._mlkem_keygen(self.param, seed)

    def keygen_seed(self):
        """(ek, dk, seed): keygen() from the OS generator, and the d || z it drew (64 bytes),
        from which keygen(seed) gives the same keys."""
        return _c._mlkem_keygen_seed(self.param)

    def public_bytes(self, ek, encoding="PEM"):
        """ek as a SubjectPublicKeyInfo, "PEM" or "DER" (bytes)."""
        return _keys.public_bytes(self.name, ek, encoding)

    def private_bytes(self, dk=None, seed=None, encoding="PEM", form=None):
        """A PKCS#8 private key, "PEM" or "DER" (bytes). form: "seed" (d || z only: what
        pyca/cryptography and OpenSSL 3.5 read), "expanded" (dk only) or "both"; None means
        "seed" when a seed is given, else "expanded". "both" derives dk when only the
        seed is given; a dk and seed that disagree raise InvalidKey."""
        return _keys.private_bytes(self.name, dk, seed, form, encoding)

    def encaps(self, ek, m=None):
        """(K, c): shared secret and ciphertext. m: None (the OS generator) or 32 bytes."""
        return _c._mlkem_encaps(self.param, ek, m)

    def decaps(self, dk, c):
        """The shared secret K (32 bytes)."""
        return _c._mlkem_decaps(self.param, dk, c)

    def check_ek(self, ek):
        """Raise unless ek passes FIPS 203 §7.2's checks (length, modulus)."""
        _c._mlkem_check(self.param, 0, ek)

    def check_dk(self, dk):
        """Raise unless dk passes FIPS 203 §7.3's checks (length, hash)."""
        _c._mlkem_check(self.param, 1, dk)

    def __repr__(self):
        return f"<{self.name}>"


ML_KEM_512 = MLKEM(512)
ML_KEM_768 = MLKEM(768)
ML_KEM_1024 = MLKEM(1024)
_BY_NAME = {p.name: p for p in (ML_KEM_512, ML_KEM_768, ML_KEM_1024)}


def load_public_key(data):
    """(parameter set, ek) of a SubjectPublicKeyInfo: bytes-like or str, PEM or DER.
    The key passes FIPS 203's modulus check (else InvalidKey); malformed input raises
    keccakforge.EncodingError, another algorithm's key AlgorithmError (both ValueErrors)."""
    name, ek = _keys.load_public(data, _BY_NAME, "ML-KEM")
    return _BY_NAME[name], ek


def load_private_key(data):
    """(parameter set, dk, seed or None) of a PKCS#8 private key, PEM or DER, in any of the
    three forms (dk is expanded from the seed; seed is None for the expandedKey form).
    dk passes FIPS 203's checks, and seed and dk agree in the "both" form."""
    name, _form, seed, dk = _keys.load_private(data, _BY_NAME, "ML-KEM")
    return _BY_NAME[name], dk, seed

__all__ = ["MLKEM", "ML_KEM_512", "ML_KEM_768", "ML_KEM_1024",
           "SHARED_SECRET_BYTES", "SEED_BYTES", "MESSAGE_BYTES", "load_public_key", "load_private_key"]

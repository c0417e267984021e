# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ML-KEM (FIPS 203) from keccakforge's C library: ML_KEM_512, ML_KEM_768, ML_KEM_1024.

    ek, dk = ML_KEM_768.keygen()          # or keygen(seed) with seed = d || z (64 bytes)
    K, c = ML_KEM_768.encaps(ek)          # or encaps(ek, m) with m (32 bytes): deterministic
    K == ML_KEM_768.decaps(dk, c)

The argument order and results are kyber-py's (FIPS 203's): encaps returns (K, c).
Wrong sizes raise keccakforge.LengthError (a ValueError); an encapsulation key failing
FIPS 203's modulus check, or a decapsulation key failing its hash check, raises
keccakforge.InvalidKey (a ValueError). An invalid ciphertext of the right size is not an
error: decaps returns the implicit-rejection key, as the standard says.
"""
from . import _keccakforge as _c

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

__all__ = ["MLKEM", "ML_KEM_512", "ML_KEM_768", "ML_KEM_1024",
           "SHARED_SECRET_BYTES", "SEED_BYTES", "MESSAGE_BYTES"]

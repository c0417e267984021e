# SPDX-License-Identifier: Apache-2.0 OR MIT
"""keccakforge: everything built on Keccak-p[1600], from C, hashlib-compatible.

Hash objects (update / digest / hexdigest / copy, as hashlib's):
  sha3_224, sha3_256, sha3_384, sha3_512, shake_128, shake_256   (FIPS 202)
  keccak_256, keccak_512                  (original Keccak padding, as Ethereum; not SHA-3)
  turboshake128, turboshake256, kt128, kt256                      (RFC 9861)
  cshake128/256, kmac128/256, tuplehash128/256, parallelhash128/256 (SP 800-185)
XOF objects add digest(length), hexdigest(length) and read(n) (incremental output).
Batched: shake128_batch, shake256_batch, turboshake128_batch, turboshake256_batch,
sha3_256_batch, sha3_512_batch. Post-quantum: keccakforge.mlkem, keccakforge.slhdsa, keccakforge.mldsa.
Errors: keccakforge.Error and its subclasses (.status is the C library's status name).
"""
from ._keccakforge import (  # noqa: F401
    HASH, KMAC, XOF, AlgorithmError, BackendError, ContextError, DomainError, EncodingError, Error,
    InvalidKey, InvalidSignature, LengthError, RandomError, StateError, TupleHash,
    backends, cshake128, cshake256, keccak_256, keccak_512, kmac128, kmac256, kt128,
    kt256, parallelhash128, parallelhash256, sha3_224, sha3_256, sha3_256_batch,
    sha3_384, sha3_512, sha3_512_batch, shake128_batch, shake256_batch, shake_128,
    shake_256, tuplehash128, tuplehash256, turboshake128, turboshake128_batch,
    turboshake256, turboshake256_batch,
)
from . import _keccakforge

__version__ = _keccakforge.LIBRARY_VERSION  # kf_version_string() of the library linked in

_constructors = {
    "sha3_224": sha3_224, "sha3_256": sha3_256, "sha3_384": sha3_384, "sha3_512": sha3_512,
    "shake_128": shake_128, "shake_256": shake_256,
    "keccak_256": keccak_256, "keccak_512": keccak_512,
    "turboshake128": turboshake128, "turboshake256": turboshake256,
    "kt128": kt128, "kt256": kt256, "cshake128": cshake128, "cshake256": cshake256,
    "parallelhash128": parallelhash128, "parallelhash256": parallelhash256,
}

#: The names hashlib also guarantees (same results as hashlib's).
algorithms_guaranteed = frozenset(
    {"sha3_224", "sha3_256", "sha3_384", "sha3_512", "shake_128", "shake_256"})
#: Every name new() accepts.
algorithms_available = frozenset(_constructors)

_aliases = {"sha3-224": "sha3_224", "sha3-256": "sha3_256", "sha3-384": "sha3_384",
            "sha3-512": "sha3_512", "shake128": "shake_128", "shake256": "shake_256",
            "keccak256": "keccak_256", "keccak512": "keccak_512"}


def new(name, data=b"", **kwargs):
    """new(name, data=b'', **kwargs): a hash object by name, as hashlib.new.

    name is one of algorithms_available (case-insensitive; "sha3-256" style names too).
    KMAC and TupleHash take a key or items: call kmac128() / tuplehash128() directly.
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    key = name.lower()
    key = _aliases.get(key, key)
    try:
        ctor = _constructors[key]
    except KeyError:
        raise ValueError(f"unsupported hash type {name}") from None
    return ctor(data, **kwargs)


__all__ = [
    "new", "algorithms_available", "algorithms_guaranteed", "__version__", "backends",
    "sha3_224", "sha3_256", "sha3_384", "sha3_512", "shake_128", "shake_256",
    "keccak_256", "keccak_512", "turboshake128", "turboshake256", "kt128", "kt256",
    "cshake128", "cshake256", "kmac128", "kmac256", "tuplehash128", "tuplehash256",
    "parallelhash128", "parallelhash256",
    "shake128_batch", "shake256_batch", "turboshake128_batch", "turboshake256_batch",
    "sha3_256_batch", "sha3_512_batch",
    "HASH", "XOF", "KMAC", "TupleHash",
    "Error", "StateError", "DomainError", "LengthError", "AlgorithmError", "BackendError",
    "InvalidKey", "RandomError", "InvalidSignature", "ContextError", "EncodingError",
]

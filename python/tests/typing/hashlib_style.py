# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Ordinary hashlib-style code that a type checker must accept against keccakforge's stubs
(python/tests/check_typing.py runs mypy --strict on it)."""
import hashlib

import keccakforge

# a name spelled in the call: its precise type
digest_hex: str = keccakforge.new("sha3-256", b"x").hexdigest()
xof_hex: str = keccakforge.new("shake_128", b"x").hexdigest(16)
stream: bytes = keccakforge.new("kt128", b"x").read(64)
# a name from a variable, as hashlib.new takes it
for name in ("sha3_256", "sha3_512"):
    h = keccakforge.new(name, b"data")
    h.update(b"more")
    same: bool = h.hexdigest() == hashlib.new(name, b"datamore").hexdigest()
# the constructors
d: bytes = keccakforge.sha3_256(b"a").digest()
k: bytes = keccakforge.shake_256(b"a").digest(32)
mac: bool = keccakforge.kmac128(b"k" * 16, b"msg").verify(b"\x00" * 32)
try:
    keccakforge.shake_128().read(1)
except ValueError:  # StateError is a ValueError, as hashlib users catch
    pass
# key files (keccakforge.mlkem / slhdsa)
from keccakforge import mlkem, slhdsa  # noqa: E402

ek, dk, seed = mlkem.ML_KEM_768.keygen_seed()
pem: bytes = mlkem.ML_KEM_768.private_bytes(seed=seed, form="seed")
params, dk2, seed2 = mlkem.load_private_key(pem)
if seed2 is not None:
    ek2, dk3 = params.keygen(seed2)
spki: bytes = mlkem.ML_KEM_768.public_bytes(ek, encoding="DER")
s_params, pk = slhdsa.load_public_key(pem.decode())
ok: bool = s_params.verify(pk, b"m", b"")

# SPDX-License-Identifier: Apache-2.0 OR MIT
from typing import Literal

from typing_extensions import Buffer

PREHASHES: dict[str, int]
MAX_CONTEXT_BYTES: int

class SLHDSA:
    name: str
    param: int
    n: int
    pk_bytes: int
    sk_bytes: int
    sig_bytes: int
    def __init__(self, name: str, param: int) -> None: ...
    def keygen(self, seed: Buffer | None = None) -> tuple[bytes, bytes]: ...
    def sign(self, sk: Buffer, msg: Buffer, ctx: Buffer = b"", randomize: bool | Buffer = True,
             prehash: str | None = None) -> bytes: ...
    def verify(self, pk: Buffer, msg: Buffer, sig: Buffer, ctx: Buffer = b"", prehash: str | None = None) -> bool: ...
    def hash_sign(self, sk: Buffer, msg: Buffer, ctx: Buffer = b"", prehash: str = "SHAKE256",
                  randomize: bool | Buffer = True) -> bytes: ...
    def public_bytes(self, pk: Buffer, encoding: Literal["PEM", "DER"] = "PEM") -> bytes: ...
    def private_bytes(self, sk: Buffer, encoding: Literal["PEM", "DER"] = "PEM") -> bytes: ...
    def hash_verify(self, pk: Buffer, msg: Buffer, sig: Buffer, ctx: Buffer = b"", prehash: str = "SHAKE256") -> bool: ...

SLH_DSA_SHAKE_128s: SLHDSA
SLH_DSA_SHAKE_128f: SLHDSA
SLH_DSA_SHAKE_192s: SLHDSA
SLH_DSA_SHAKE_192f: SLHDSA
SLH_DSA_SHAKE_256s: SLHDSA
SLH_DSA_SHAKE_256f: SLHDSA
PARAMETER_SETS: tuple[SLHDSA, ...]

def load_public_key(data: Buffer | str) -> tuple[SLHDSA, bytes]: ...
def load_private_key(data: Buffer | str) -> tuple[SLHDSA, bytes]: ...

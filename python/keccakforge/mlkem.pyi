# SPDX-License-Identifier: Apache-2.0 OR MIT
from typing_extensions import Buffer

SHARED_SECRET_BYTES: int
SEED_BYTES: int
MESSAGE_BYTES: int

class MLKEM:
    name: str
    param: int
    ek_bytes: int
    dk_bytes: int
    ct_bytes: int
    def __init__(self, param: int) -> None: ...
    def keygen(self, seed: Buffer | None = None) -> tuple[bytes, bytes]: ...
    def encaps(self, ek: Buffer, m: Buffer | None = None) -> tuple[bytes, bytes]: ...
    def decaps(self, dk: Buffer, c: Buffer) -> bytes: ...
    def check_ek(self, ek: Buffer) -> None: ...
    def check_dk(self, dk: Buffer) -> None: ...

ML_KEM_512: MLKEM
ML_KEM_768: MLKEM
ML_KEM_1024: MLKEM

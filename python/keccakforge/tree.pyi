# SPDX-License-Identifier: Apache-2.0 OR MIT
from typing import NamedTuple, Optional

from typing_extensions import Buffer

MODES: tuple[str, ...]


class Layout(NamedTuple):
    leaf_len: int
    cv_len: int
    first_len: int
    cv_count: int


def layout(mode: str, total_len: int, block_bytes: int = ...) -> Layout: ...
def parts(mode: str, total_len: int, count: Optional[int] = ..., *, part_bytes: Optional[int] = ...,
          block_bytes: int = ...) -> list[tuple[int, int]]: ...
def leaves(mode: str, total_len: int, offset: int, part: Buffer, *, block_bytes: int = ...,
           customization: Buffer = ...) -> bytes: ...
def final(mode: str, total_len: int, first: Buffer, cvs: Buffer, *, block_bytes: int = ...,
          customization: Buffer = ..., length: Optional[int] = ...) -> bytes: ...
def hash_parts(mode: str, data: Buffer, count: int = ..., *, block_bytes: int = ..., customization: Buffer = ...,
               length: Optional[int] = ...) -> bytes: ...

# SPDX-License-Identifier: Apache-2.0 OR MIT
"""keccakforge.tree: KT128/KT256 and ParallelHash128/256 (and their XOFs) split across
processes or machines, over the C library's tree-hash API (kf_tree_leaves / kf_tree_final).

    import keccakforge.tree as kt
    n = len(data)
    cvs = [kt.leaves("kt128", n, off, data[off:off + ln]) for off, ln in kt.parts("kt128", n, 4)]
    first = data[:kt.layout("kt128", n).first_len]
    kt.final("kt128", n, first, b"".join(cvs)) == keccakforge.kt128(data).digest(32)

A part starts and ends on leaf boundaries (layout().first_len + k * leaf_len, or the end) and
gives one chaining value (CV) of cv_len bytes per leaf that starts in it; each part can be
hashed anywhere and in any order. final() takes the first chunk (KT: min(8192, total_len)
bytes; ParallelHash: b""), every CV in message order, the total length, the customization
and the output length, and returns what keccakforge.kt128/kt256/parallelhash128/256 return
for the whole message. For KT the last part also needs the customization.
Misuse (a part off a boundary, CVs missing or extra, a wrong first chunk) raises
keccakforge.LengthError (a ValueError), never a wrong hash. The CVs' order is yours to keep.
"""
from collections import namedtuple

from . import _keccakforge as _c

#: The modes: KT (leaves of 8192 bytes after the first chunk) and ParallelHash (blocks of
#: block_bytes from byte 0).
MODES = ("kt128", "kt256", "parallelhash128", "parallelhash256", "parallelhashxof128", "parallelhashxof256")

Layout = namedtuple("Layout", "leaf_len cv_len first_len cv_count")

_DEFAULT_LENGTH = {"kt128": 32, "kt256": 64, "parallelhash128": 32, "parallelhash256": 64,
                   "parallelhashxof128": 32, "parallelhashxof256": 64}


def layout(mode, total_len, block_bytes=8192):
    """Layout(leaf_len, cv_len, first_len, cv_count) of a message of total_len bytes: the CVs
    final() takes are cv_count * cv_len bytes."""
    return Layout(*_c._tree_layout(mode, total_len, block_bytes))


def parts(mode, total_len, count=None, *, part_bytes=None, block_bytes=8192):
    """[(offset, length), ...]: the message after the first chunk cut at leaf boundaries into
    `count` parts of nearly equal leaf counts, or into parts of at most part_bytes (rounded
    down to whole leaves, at least one leaf). Empty list when there are no leaves."""
    lay = layout(mode, total_len, block_bytes)
    leaves = lay.cv_count
    if leaves == 0:
        return []
    if part_bytes is not None:
        per = max(1, part_bytes // lay.leaf_len)
    else:
        if count is None or count < 1:
            raise ValueError("parts: give count >= 1 or part_bytes")
        per = -(-leaves // count)
    out = []
    for i in range(0, leaves, per):
        off = lay.first_len + i * lay.leaf_len
        end = min(lay.first_len + (i + per) * lay.leaf_len, total_len)
        out.append((off, end - off))
    return out


def leaves(mode, total_len, offset, part, *, block_bytes=8192, customization=b""):
    """The CVs (bytes, cv_len each, in order) of the leaves that start in part, the message's
    bytes [offset, offset + len(part)). Raises LengthError off a leaf boundary."""
    return _c._tree_leaves(mode, total_len, offset, part, block_bytes, customization)


def final(mode, total_len, first, cvs, *, block_bytes=8192, customization=b"", length=None):
    """The hash of the whole message from its first chunk and all its CVs (joined, in order).
    length: output bytes (default 32 for the 128 modes, 64 for the 256 ones)."""
    if length is None:
        length = _DEFAULT_LENGTH.get(mode, 32)
    return _c._tree_final(mode, total_len, first, cvs, block_bytes, customization, length)


def hash_parts(mode, data, count=4, *, block_bytes=8192, customization=b"", length=None):
    """The tree hash of data through `count` parts in this process (a reference for the split)."""
    n = len(data)
    mv = memoryview(data)
    cvs = b"".join(leaves(mode, n, off, mv[off:off + ln], block_bytes=block_bytes, customization=customization)
                   for off, ln in parts(mode, n, count, block_bytes=block_bytes))
    first = mv[:layout(mode, n, block_bytes).first_len]
    return final(mode, n, first, cvs, block_bytes=block_bytes, customization=customization, length=length)


__all__ = ["MODES", "Layout", "layout", "parts", "leaves", "final", "hash_parts"]

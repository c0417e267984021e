# SPDX-License-Identifier: Apache-2.0 OR MIT
"""keccakforge.tree against the one-shot functions: random splits at leaf boundaries (0-3
leaves a part, empty parts, any order), every mode, customizations; misuse raises."""
import random

import pytest

import keccakforge
import keccakforge.tree as kt


def oneshot(mode, data, block, custom, length):
    if mode == "kt128":
        return keccakforge.kt128(data, custom).digest(length)
    if mode == "kt256":
        return keccakforge.kt256(data, custom).digest(length)
    ctor = keccakforge.parallelhash128 if mode.endswith("128") else keccakforge.parallelhash256
    if "xof" in mode:
        pytest.skip("no ParallelHashXOF one-shot in the Python package")
    return ctor(data, block_bytes=block, customization=custom, digest_size=length).digest()


def random_split(rng, mode, data, block, custom, length):
    n = len(data)
    lay = kt.layout(mode, n, block)
    bounds, i = [], 0
    while True:
        j = min(i + rng.randrange(4), lay.cv_count)
        bounds.append((i, j))
        if j == lay.cv_count and (i == j or rng.random() < 0.5):
            break
        i = j
    order = list(range(len(bounds)))
    rng.shuffle(order)
    cvs = [b""] * len(bounds)
    for k in order:
        i, j = bounds[k]
        off = min(lay.first_len + i * lay.leaf_len, n)
        end = min(lay.first_len + j * lay.leaf_len, n)
        cvs[k] = kt.leaves(mode, n, off, data[off:end], block_bytes=block, customization=custom)
        assert len(cvs[k]) == (j - i) * lay.cv_len
    return kt.final(mode, n, data[:lay.first_len], b"".join(cvs), block_bytes=block, customization=custom,
                    length=length)


@pytest.mark.parametrize("mode", ["kt128", "kt256", "parallelhash128", "parallelhash256"])
def test_random_splits(mode):
    rng = random.Random(57)
    for _ in range(25):
        if mode.startswith("kt"):
            block = 8192
            n = rng.choice([0, 1, 8191, 8192, 8193, 16384, 3 * 8192 + 5, rng.randrange(12 * 8192)])
            custom = bytes(rng.randrange(256) for _ in range(rng.choice([0, 0, 3, 8190, 9000])))
        else:
            block = rng.choice([1, 8, 100, 168, 8192])
            n = rng.randrange(10 * block + 2)
            custom = rng.randbytes(rng.choice([0, 5, 200]))
        data = rng.randbytes(n)
        length = rng.choice([1, 32, 64, 100])
        want = oneshot(mode, data, block, custom, length)
        assert random_split(rng, mode, data, block, custom, length) == want
        assert kt.hash_parts(mode, data, 3, block_bytes=block, customization=custom, length=length) == want


def test_xof_modes_differ_from_fixed():
    data = bytes(range(256)) * 40
    a = kt.hash_parts("parallelhashxof128", data, 2, block_bytes=64)
    b = kt.hash_parts("parallelhash128", data, 2, block_bytes=64)
    assert len(a) == 32 and a != b
    # an XOF's output is a prefix of its longer output
    assert kt.hash_parts("parallelhashxof256", data, 2, block_bytes=64, length=100)[:64] == \
        kt.hash_parts("parallelhashxof256", data, 2, block_bytes=64)


def test_parts_cover_the_message():
    n = 5 * 8192 + 17
    ps = kt.parts("kt128", n, 3)
    assert ps[0][0] == 8192 and sum(ln for _, ln in ps) == n - 8192
    assert kt.parts("kt128", 100, 3) == []
    assert all(ln <= 2 * 8192 for _, ln in kt.parts("kt128", n, part_bytes=2 * 8192 + 5))


def test_misuse():
    data = bytes(5 * 8192 + 100)
    n = len(data)
    with pytest.raises(keccakforge.LengthError):
        kt.leaves("kt128", n, 4096, data[4096:8192])          # off a leaf boundary
    with pytest.raises(keccakforge.LengthError):
        kt.leaves("kt128", n, 0, data[:8192])                 # S_0 is not a leaf
    with pytest.raises(keccakforge.LengthError):
        kt.leaves("kt128", n, 8192, data[8192:8192 + 100])    # ends off a boundary
    cvs = kt.leaves("kt128", n, 8192, data[8192:])
    with pytest.raises(keccakforge.LengthError):
        kt.final("kt128", n, data[:8192], cvs[:-32])          # a CV missing
    with pytest.raises(keccakforge.LengthError):
        kt.final("kt128", n, data[:8192], cvs + cvs[:32])     # one extra
    with pytest.raises(keccakforge.LengthError):
        kt.final("kt128", n, data[:8191], cvs)                # wrong first chunk
    with pytest.raises(keccakforge.LengthError):
        kt.leaves("parallelhash128", 10, 0, b"x" * 10, block_bytes=0)
    with pytest.raises(keccakforge.AlgorithmError):
        kt.layout("kt512", 10)
    with pytest.raises(TypeError):
        kt.leaves("kt128", n, 8192, "text")
    assert kt.final("kt128", n, data[:8192], cvs) == keccakforge.kt128(data).digest(32)

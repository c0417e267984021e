# SPDX-License-Identifier: Apache-2.0 OR MIT
"""keccak_ref.py - a plain Python Keccak-p[1600, nr] (FIPS 202) and TurboSHAKE, to check what the
modelled code computes, plus the bit-interleaved state layout of keccak_p1600_opt32bi.c.

Slow and simple on purpose: it is the independent reference, not something to time.
"""
MASK = (1 << 64) - 1


def _rc(t):
    """rc(t) of FIPS 202 Algorithm 5."""
    r = 1
    for _ in range(t % 255):
        r <<= 1
        if r & 0x100:
            r ^= 0x171
    return r & 1


ROUND_CONSTANTS = [sum(_rc(j + 7 * ir) << ((1 << j) - 1) for j in range(7)) for ir in range(24)]
RHO = [0] * 25
_x, _y = 1, 0
for _t in range(24):
    RHO[_x + 5 * _y] = ((_t + 1) * (_t + 2) // 2) % 64
    _x, _y = _y, (2 * _x + 3 * _y) % 5


def _rol(v, n):
    n %= 64
    return ((v << n) | (v >> (64 - n))) & MASK if n else v


def keccak_p(lanes, nr=24):
    """Keccak-p[1600, nr] on 25 lanes indexed x + 5y: the last nr rounds of Keccak-f[1600]."""
    a = list(lanes)
    for ir in range(24 - nr, 24):
        c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
        d = [c[(x - 1) % 5] ^ _rol(c[(x + 1) % 5], 1) for x in range(5)]
        b = [0] * 25
        for x in range(5):
            for y in range(5):
                b[y + 5 * ((2 * x + 3 * y) % 5)] = _rol(a[x + 5 * y] ^ d[x], RHO[x + 5 * y])
        a = [b[i] ^ (~b[(i % 5 + 1) % 5 + 5 * (i // 5)] & b[(i % 5 + 2) % 5 + 5 * (i // 5)]) for i in range(25)]
        a[0] ^= ROUND_CONSTANTS[ir]
    return a


def to_interleaved(lanes):
    """50 words: lane i is words 2i (its even bits) and 2i+1 (its odd bits)."""
    words = []
    for v in lanes:
        even = sum(((v >> (2 * k)) & 1) << k for k in range(32))
        odd = sum(((v >> (2 * k + 1)) & 1) << k for k in range(32))
        words += [even, odd]
    return words


def from_interleaved(words):
    return [sum(((words[2 * i] >> k) & 1) << (2 * k) | ((words[2 * i + 1] >> k) & 1) << (2 * k + 1)
                for k in range(32)) for i in range(25)]


def _sponge(rate, nr, data, out_len):
    lanes = [0] * 25
    for off in range(0, len(data), rate):
        block = data[off:off + rate]
        for i in range(rate // 8):
            lanes[i] ^= int.from_bytes(block[8 * i:8 * i + 8], "little")
        lanes = keccak_p(lanes, nr)
    out = b""
    while len(out) < out_len:
        out += b"".join(v.to_bytes(8, "little") for v in lanes[:rate // 8])
        if len(out) < out_len:
            lanes = keccak_p(lanes, nr)
    return out[:out_len]


def turboshake(security, message, domain, out_len):
    """TurboSHAKE128/256 (RFC 9861 section 2.2): 12 rounds, rate 168 or 136 bytes."""
    rate = 200 - 2 * security // 8
    padded = bytearray(message + bytes([domain]))
    padded += bytes(-len(padded) % rate)
    padded[-1] ^= 0x80
    return _sponge(rate, 12, bytes(padded), out_len)

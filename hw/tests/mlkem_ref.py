# SPDX-License-Identifier: Apache-2.0 OR MIT
"""mlkem_ref.py - FIPS 203's NTT arithmetic transcribed from the standard's text (section 4.3,
Algorithms 9-12), the reference of test_mlkem_arith.py. Written from the pseudocode, loop for
loop, with plain integers: no Montgomery form, no lazy reduction, nothing shared with the RTL
or with the library's C (the zetas are computed here from their definition)."""

Q = 3329
ZETA = 17


def bitrev7(r):
    return int(f"{r:07b}"[::-1], 2)


ZETAS = [pow(ZETA, bitrev7(k), Q) for k in range(128)]              # section 4.3
GAMMAS = [pow(ZETA, 2 * bitrev7(i) + 1, Q) for i in range(128)]      # Alg. 11's zeta^(2BitRev7(i)+1)


def ntt(f):
    """Algorithm 9."""
    f = list(f)
    i = 1
    length = 128
    while length >= 2:
        for start in range(0, 256, 2 * length):
            zeta = ZETAS[i]
            i += 1
            for j in range(start, start + length):
                t = (zeta * f[j + length]) % Q
                f[j + length] = (f[j] - t) % Q
                f[j] = (f[j] + t) % Q
        length //= 2
    return f


def ntt_inv(f):
    """Algorithm 10."""
    f = list(f)
    i = 127
    length = 2
    while length <= 128:
        for start in range(0, 256, 2 * length):
            zeta = ZETAS[i]
            i -= 1
            for j in range(start, start + length):
                t = f[j]
                f[j] = (t + f[j + length]) % Q
                f[j + length] = (zeta * (f[j + length] - t)) % Q
        length *= 2
    return [(x * 3303) % Q for x in f]


def base_case_multiply(a0, a1, b0, b1, gamma):
    """Algorithm 12."""
    return (a0 * b0 + a1 * b1 * gamma) % Q, (a0 * b1 + a1 * b0) % Q


def multiply_ntts(f, g):
    """Algorithm 11."""
    h = [0] * 256
    for i in range(128):
        h[2 * i], h[2 * i + 1] = base_case_multiply(f[2 * i], f[2 * i + 1], g[2 * i], g[2 * i + 1], GAMMAS[i])
    return h


def schoolbook(f, g):
    """f g in Z_q[X]/(X^256 + 1), the product the NTT route must agree with."""
    h = [0] * 256
    for i in range(256):
        for j in range(256):
            k = i + j
            if k < 256:
                h[k] += f[i] * g[j]
            else:
                h[k - 256] -= f[i] * g[j]
    return [x % Q for x in h]


def byte_encode(f, d):
    """Algorithm 5 (ByteEncode_d), bit by bit: b[i d + j] = bit j of f[i]."""
    bits = []
    for i in range(256):
        a = f[i]
        for _ in range(d):
            bits.append(a % 2)
            a = (a - bits[-1]) // 2
    return bytes(sum(bits[8 * i + j] << j for j in range(8)) for i in range(32 * d))


def byte_decode(b, d):
    """Algorithm 6 (ByteDecode_d): m = 2^d for d < 12, q for d = 12."""
    m = Q if d == 12 else 1 << d
    bits = [(b[i // 8] >> (i % 8)) & 1 for i in range(8 * len(b))]
    return [sum(bits[i * d + j] << j for j in range(d)) % m for i in range(256)]

# SPDX-License-Identifier: Apache-2.0 OR MIT
"""cocotb tests of ByteEncode_d / ByteDecode_d (hw/rtl/mlkem/mlkem_byteenc.v, mlkem_bytedec.v) on
tb_mlkem_bytecode.v, for d = 1, 4, 5, 10, 11, 12.

Both units run one value per clock and two per clock (enc_in_two / dec_two).
- encode: random polynomials (values < 2^d; < q for d = 12) and the edge ones (all zero, all
  maximal), polynomials of different d back to back, random stalls on both sides; the word
  stream against FIPS 203 Alg. 5 transcribed bit by bit (mlkem_ref.byte_encode) and kyber-py's
  Polynomial.encode when kyber-py is importable.
- decode: random byte strings of 32 d bytes (for d = 12 these hold values >= q, which the unit
  must reduce and flag: out_bad is the section 7.2 modulus check), the same stalls; the values
  against Alg. 6 (mlkem_ref.byte_decode) and kyber-py's PolynomialRing.decode, and out_bad against
  "the 12-bit field is >= q"; a decode of each encode's output gives the polynomial back.
Environment: KF_HW_SEED, KF_HW_BYTECODE_CASES (random polynomials per d and direction, default 6).
"""
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly

import mlkem_ref as ref

Q = ref.Q
DS = (1, 4, 5, 10, 11, 12)
try:
    from kyber_py.polynomials.polynomials import PolynomialRing
    KYBER_RING = PolynomialRing()
except ImportError:
    KYBER_RING = None


def rng():
    return random.Random(int(os.environ.get("KF_HW_SEED", "1")))


def cases():
    return int(os.environ.get("KF_HW_BYTECODE_CASES", "6"))


async def setup(dut):
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    for s in ("enc_in_valid", "enc_out_ready", "dec_in_valid", "dec_out_ready", "enc_d", "dec_d",
              "enc_in_coef", "dec_in_data", "enc_in_two", "enc_in_coef1", "dec_two"):
        getattr(dut, s).value = 0
    dut.rst.value = 1
    await FallingEdge(dut.clk)
    await FallingEdge(dut.clk)
    dut.rst.value = 0
    await FallingEdge(dut.clk)


async def stream(dut, unit, items, n_out, r, p_in, p_out, two=False):
    """Feeds items [(d, value)] into unit (enc: coefficients, two per clock with two; dec: words)
    with random stalls (probabilities p_in, p_out) and collects n_out outputs (dec: values, two
    per clock with two); returns (outputs, clocks)."""
    pre = unit + "_"
    got = []
    if unit == "enc":
        dut.enc_in_two.value = int(two)
        if two:
            items = [(items[j][0], (items[j][1], items[j + 1][1])) for j in range(0, len(items), 2)]
    else:
        dut.dec_two.value = int(two)
    i = 0
    clocks = 0
    while len(got) < n_out:
        if i < len(items) and r.random() >= p_in:
            d, v = items[i]
            getattr(dut, pre + "d").value = d
            getattr(dut, pre + "in_valid").value = 1
            if unit == "enc" and two:
                dut.enc_in_coef.value, dut.enc_in_coef1.value = v
            else:
                getattr(dut, pre + ("in_coef" if unit == "enc" else "in_data")).value = v
        else:
            getattr(dut, pre + "in_valid").value = 0
            if i < len(items):
                getattr(dut, pre + "d").value = items[i][0]   # d stays the polynomial's
        getattr(dut, pre + "out_ready").value = 1 if r.random() >= p_out else 0
        await ReadOnly()
        if int(getattr(dut, pre + "in_valid").value) and int(getattr(dut, pre + "in_ready").value):
            i += 1
        if int(getattr(dut, pre + "out_valid").value) and int(getattr(dut, pre + "out_ready").value):
            if unit == "enc":
                got.append(int(dut.enc_out_data.value))
            else:
                got.append((int(dut.dec_out_coef.value), int(dut.dec_out_bad.value)))
                if two:
                    got.append((int(dut.dec_out_coef1.value), int(dut.dec_out_bad1.value)))
        await FallingEdge(dut.clk)
        clocks += 1
        assert clocks < 40 * (len(items) + n_out) + 100, f"{unit}: the stream stopped"
    getattr(dut, pre + "in_valid").value = 0
    getattr(dut, pre + "out_ready").value = 0
    return got, clocks


def words_to_bytes(ws):
    return b"".join(w.to_bytes(8, "little") for w in ws)


def bytes_to_words(b):
    return [int.from_bytes(b[i:i + 8], "little") for i in range(0, len(b), 8)]


def enc_polys(r):
    polys = []
    for d in DS:
        top = Q if d == 12 else 1 << d
        polys.append((d, [0] * 256))
        polys.append((d, [top - 1] * 256))
        polys += [(d, [r.randrange(top) for _ in range(256)]) for _ in range(cases())]
    r.shuffle(polys)   # different d back to back
    return polys


@cocotb.test()
async def encode(dut):
    await setup(dut)
    r = rng()
    polys = enc_polys(r)
    for p_in, p_out, two in ((0.0, 0.0, False), (0.3, 0.3, False), (0.0, 0.0, True), (0.3, 0.3, True)):
        items = [(d, c) for d, f in polys for c in f]
        want = b""
        for d, f in polys:
            e = ref.byte_encode(f, d)
            if KYBER_RING is not None:
                assert KYBER_RING(f).encode(d) == e, "kyber-py and the FIPS 203 transcription differ"
            want += e
        got, clocks = await stream(dut, "enc", items, len(want) // 8, r, p_in, p_out, two)
        got_b = words_to_bytes(got)
        for k, (d, f) in enumerate(polys):
            off = sum(32 * dd for dd, _ in polys[:k])
            assert got_b[off:off + 32 * d] == want[off:off + 32 * d], f"ByteEncode_{d}: polynomial {k} differs"
        if p_in == 0.0 and p_out == 0.0:
            assert clocks <= len(items) // (2 if two else 1) + 2, f"encode: {clocks} clocks for {len(items)} coefficients"
        dut._log.info("encode: %d polynomials (d = 1, 4, 5, 10, 11, 12, back to back), %s per clock, stalls "
                      "%.1f/%.1f: all bytes equal FIPS 203 Alg. 5%s; %d clocks", len(polys), "two" if two else "one",
                      p_in, p_out,
                      " and kyber-py" if KYBER_RING else " (kyber-py not importable)", clocks)


@cocotb.test()
async def decode(dut):
    await setup(dut)
    r = rng()
    strings = []
    for d in DS:
        strings += [(d, bytes(r.getrandbits(8) for _ in range(32 * d))) for _ in range(cases())]
        strings.append((d, b"\xff" * 32 * d))
        strings.append((d, b"\x00" * 32 * d))
    # a string of 12-bit fields all in [q - 2, q + 2] (just below, at and above q)
    edge = [Q - 2 + (i % 5) for i in range(256)]
    strings.append((12, sum(x << (12 * i) for i, x in enumerate(edge)).to_bytes(384, "little")))
    for d, f in enc_polys(r)[:8]:
        strings.append((d, ref.byte_encode(f, d)))
    r.shuffle(strings)
    n_bad = 0
    for p_in, p_out, two in ((0.0, 0.0, False), (0.3, 0.3, False), (0.0, 0.0, True), (0.3, 0.3, True)):
        items = [(d, w) for d, b in strings for w in bytes_to_words(b)]
        got, clocks = await stream(dut, "dec", items, 256 * len(strings), r, p_in, p_out, two)
        for k, (d, b) in enumerate(strings):
            want = ref.byte_decode(b, d)
            if KYBER_RING is not None:
                assert list(KYBER_RING.decode(b, d).coeffs) == want, "kyber-py and the FIPS 203 transcription differ"
            raw = [(int.from_bytes(b, "little") >> (d * i)) & ((1 << d) - 1) for i in range(256)]
            g = got[256 * k:256 * (k + 1)]
            assert [c for c, _ in g] == want, f"ByteDecode_{d}: string {k} differs"
            bad = [int(d == 12 and x >= Q) for x in raw]
            assert [f for _, f in g] == bad, f"ByteDecode_{d}: string {k}: out_bad wrong"
            n_bad += sum(bad)
        if p_in == 0.0 and p_out == 0.0:
            assert clocks <= 256 * len(strings) // (2 if two else 1) + 3, \
                f"decode: {clocks} clocks for {256 * len(strings)} values"
        dut._log.info("decode: %d strings, %s per clock, stalls %.1f/%.1f: all values equal FIPS 203 Alg. 6%s, "
                      "%d values >= q flagged; %d clocks", len(strings), "two" if two else "one", p_in, p_out,
                      " and kyber-py" if KYBER_RING else " (kyber-py not importable)", n_bad, clocks)
        n_bad = 0

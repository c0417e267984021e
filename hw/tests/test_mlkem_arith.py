# SPDX-License-Identifier: Apache-2.0 OR MIT
"""cocotb tests of the ML-KEM arithmetic (hw/rtl/mlkem/) on tb_mlkem_arith.v.

- modmul_exhaustive: mlkem_modmul on every product a b, and mlkem_addsub on every a + b and
  a - b, a, b < q (11,082,241 of each) on
  Verilator; on Icarus every a against a fixed set of b (0, 1, 2, q-1, q-2, (q-1)/2, (q+1)/2 and
  random ones). The sweep runs inside the simulator against Verilog's `%` (tb_mlkem_arith.v).
- reduce_exhaustive: mlkem_reduce on every x < 2^25 (Verilator); on Icarus the first and last
  50,000 values and random windows.
- butterfly: mlkem_butterfly, both directions interleaved clock by clock, edge and random
  operands, against the formulas of FIPS 203 Alg. 9/10 (the inverse with its halving).
- ntt_forward / ntt_inverse: mlkem_ntt on random, all-zero, all-(q-1) and unit polynomials
  against mlkem_ref.py (the standard's Alg. 9/10 transcribed) and kyber-py's NTT
  (PolynomialRing.to_ntt / from_ntt), when kyber-py is importable; the clocks from the start
  to done are counted and checked equal for every run; ntt2_forward / ntt2_inverse the same
  for mlkem_ntt with two butterflies per clock (BF = 2, four banks).
- basemul: mlkem_basemul, random pairs with and without accumulation, against Alg. 12 and
  kyber-py's _ntt_coefficient_multiplication; then whole products through the hardware,
  NTT -> MultiplyNTTs (accumulated over k = 2 terms) -> inverse NTT, against a schoolbook
  multiplication in Z_q[X]/(X^256 + 1).
- compress / decompress: mlkem_compress on every x < q and mlkem_decompress on every y < 2^d,
  for each d = 1, 4, 5, 10, 11, against FIPS 203's definition (section 4.2.1, exact rational
  rounding) and kyber-py's _compress_ele / _decompress_ele.
The C library exposes no NTT symbol (its ML-KEM is reachable only whole), so it is not a
reference here. Environment: KF_HW_SEED, KF_HW_EXHAUSTIVE (1: the full sweeps; ctest sets it
on Verilator), KF_HW_NTT_CASES (random polynomials per direction, default 8), KF_HW_CLOCKS_JSON
(a file the NTT tests write their clocks into, for bench_hw.py).
"""
import json
import math
import os
import random
from fractions import Fraction

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge, ReadOnly

import mlkem_ref as ref

Q = ref.Q
try:
    from kyber_py.polynomials.polynomials import PolynomialRing
    KYBER_RING = PolynomialRing()
except ImportError:  # the test says so in its log; the FIPS 203 transcription still checks
    KYBER_RING = None

NTT_CLOCKS = {"ntt": 903, "ntt2": 456}  # mlkem_ntt.v's figures: start clock to done, BF = 1 / 2


def rng():
    return random.Random(int(os.environ.get("KF_HW_SEED", "1")))


async def setup(dut):
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    for s in ("chk_start", "bf_in_valid", "ntt_start", "ntt_we", "ntt2_start", "ntt2_we", "ntt2_inv", "ntt2_waddr",
              "ntt2_wdata", "ntt2_raddr", "bm_in_valid", "cmp_in_valid", "dec_in_valid",
              "cmp_d", "cmp_x", "dec_d", "dec_y"):
        getattr(dut, s).value = 0
    for s in ("chk_mode", "chk_a_lo", "chk_a_hi", "chk_b_lo", "chk_b_hi", "chk_x_lo", "chk_x_hi", "bf_inv",
              "bf_a", "bf_b", "bf_zeta", "ntt_inv", "ntt_waddr", "ntt_wdata", "ntt_raddr", "bm_pair", "bm_a0",
              "bm_a1", "bm_b0", "bm_b1", "bm_acc", "bm_c0_in", "bm_c1_in"):
        getattr(dut, s).value = 0
    dut.rst.value = 1
    await FallingEdge(dut.clk)
    await FallingEdge(dut.clk)
    dut.rst.value = 0
    await FallingEdge(dut.clk)


async def sweep(dut, mode, a=(0, 0), b=(0, 0), x=(0, 0)):
    dut.chk_mode.value = mode
    dut.chk_a_lo.value, dut.chk_a_hi.value = a
    dut.chk_b_lo.value, dut.chk_b_hi.value = b
    dut.chk_x_lo.value, dut.chk_x_hi.value = x
    dut.chk_start.value = 1
    await FallingEdge(dut.clk)
    dut.chk_start.value = 0
    await RisingEdge(dut.chk_done)
    await FallingEdge(dut.clk)
    count, errors = int(dut.chk_count.value), int(dut.chk_errors.value)
    want = (a[1] - a[0] + 1) * (b[1] - b[0] + 1) if mode == 0 else x[1] - x[0] + 1
    if errors:
        bad = int(dut.chk_bad_x.value)
        where = (f"a={bad >> 12 & 0xFFF} b={bad & 0xFFF}" if mode == 0 else f"x={bad}")
        assert False, (f"{errors} wrong results; the first: {where} (modmul gave {int(dut.chk_bad_got.value)}; "
                       "in mode 0 the addsub results count too)")
    assert count == want, f"compared {count} results, expected {want}"
    return count


def full():
    return os.environ.get("KF_HW_EXHAUSTIVE", "0") == "1"


@cocotb.test()
async def modmul_exhaustive(dut):
    await setup(dut)
    if full():
        n = await sweep(dut, 0, a=(0, Q - 1), b=(0, Q - 1))
        dut._log.info("modmul, addsub: all %d products a b, sums a + b and differences a - b mod q "
                      "(a, b < q) correct", n)
        return
    r = rng()
    bs = [0, 1, 2, Q - 1, Q - 2, (Q - 1) // 2, (Q + 1) // 2] + [r.randrange(Q) for _ in range(20)]
    n = 0
    for b in bs:
        n += await sweep(dut, 0, a=(0, Q - 1), b=(b, b))
    dut._log.info("modmul, addsub (sample, Icarus): every a < q with %d values of b: %d products, sums and "
                  "differences correct", len(bs), n)


@cocotb.test()
async def reduce_exhaustive(dut):
    await setup(dut)
    top = (1 << 25) - 1
    if full():
        n = await sweep(dut, 1, x=(0, top))
        dut._log.info("reduce: every x < 2^25 reduced correctly (%d values)", n)
        return
    r = rng()
    n = await sweep(dut, 1, x=(0, 50000))
    n += await sweep(dut, 1, x=(top - 50000, top))
    for _ in range(4):
        lo = r.randrange(top - 5000)
        n += await sweep(dut, 1, x=(lo, lo + 5000))
    dut._log.info("reduce (sample, Icarus): %d values (the ends of [0, 2^25) and random windows) correct", n)


def bf_ref(inv, a, b, z):
    h = pow(2, -1, Q)
    if not inv:
        t = z * b % Q
        return (a + t) % Q, (a - t) % Q
    return (a + b) * h % Q, z * (b - a) * h % Q


@cocotb.test()
async def butterfly(dut):
    await setup(dut)
    r = rng()
    edge = [0, 1, 2, Q - 1, Q - 2, 1664, 1665]
    cases = [(inv, a, b, z) for inv in (0, 1) for a in edge for b in edge for z in (1, Q - 1, 17, 1729)]
    cases += [(r.randrange(2), r.randrange(Q), r.randrange(Q), r.choice(ref.ZETAS)) for _ in range(3000)]
    r.shuffle(cases)
    got = []
    i = 0
    while len(got) < len(cases):
        if int(dut.bf_out_valid.value):
            got.append((int(dut.bf_a_out.value), int(dut.bf_b_out.value)))
        if i < len(cases):
            inv, a, b, z = cases[i]
            dut.bf_in_valid.value, dut.bf_inv.value, dut.bf_a.value, dut.bf_b.value, dut.bf_zeta.value = 1, inv, a, b, z
            i += 1
        else:
            dut.bf_in_valid.value = 0
        await FallingEdge(dut.clk)
        assert i < len(cases) + 20, "butterfly: outputs stopped"
    for c, g in zip(cases, got):
        assert g == bf_ref(*c), f"butterfly inv={c[0]} a={c[1]} b={c[2]} zeta={c[3]}: got {g}, want {bf_ref(*c)}"
    dut._log.info("butterfly: %d cases (both directions interleaved) correct", len(cases))


def port(dut, unit, name):
    return getattr(dut, f"{unit}_{name}")


async def ntt_load(dut, f, unit="ntt"):
    for j, c in enumerate(f):
        port(dut, unit, "we").value, port(dut, unit, "waddr").value, port(dut, unit, "wdata").value = 1, j, c
        await FallingEdge(dut.clk)
    port(dut, unit, "we").value = 0


async def ntt_read(dut, unit="ntt"):
    out = []
    for j in range(256):
        port(dut, unit, "raddr").value = j
        await FallingEdge(dut.clk)   # the read edge between: rdata is coefficient j
        out.append(int(port(dut, unit, "rdata").value))
    return out


async def ntt_run(dut, inv, unit="ntt"):
    """Starts the transform; returns the clocks from the edge that takes start to the edge
    that raises done."""
    port(dut, unit, "inv").value = inv
    port(dut, unit, "start").value = 1
    await FallingEdge(dut.clk)
    port(dut, unit, "start").value = 0
    clocks = 1
    while not int(port(dut, unit, "done").value):
        await FallingEdge(dut.clk)
        clocks += 1
        assert clocks < 5000, "ntt: no done"
    return clocks - 1


def test_polys(r, n):
    polys = [[0] * 256, [Q - 1] * 256, [1] + [0] * 255, [0] * 255 + [1]]
    return polys + [[r.randrange(Q) for _ in range(256)] for _ in range(n)]


async def ntt_check(dut, inv, unit="ntt"):
    r = rng()
    n = int(os.environ.get("KF_HW_NTT_CASES", "8"))
    clk_seen = set()
    for f in test_polys(r, n):
        await ntt_load(dut, f, unit)
        clk_seen.add(await ntt_run(dut, inv, unit))
        got = await ntt_read(dut, unit)
        want = ref.ntt_inv(f) if inv else ref.ntt(f)
        assert got == want, f"{'inverse ' if inv else ''}NTT differs from FIPS 203 Alg. {10 if inv else 9} " \
                            f"at {[j for j in range(256) if got[j] != want[j]][:8]}"
        if KYBER_RING:
            ky = KYBER_RING(list(f), is_ntt=True).from_ntt() if inv else KYBER_RING(list(f)).to_ntt()
            assert got == [c % Q for c in ky.coeffs], "differs from kyber-py"
    assert clk_seen == {NTT_CLOCKS[unit]}, f"clocks start->done {clk_seen}, expected {NTT_CLOCKS[unit]}"
    out = os.environ.get("KF_HW_CLOCKS_JSON")
    if out:  # bench_hw.py's figures: both directions write into one file
        got = {}
        if os.path.exists(out):
            with open(out) as f:
                got = json.load(f)
        got[("intt" if inv else "ntt") + ("-2" if unit == "ntt2" else "")] = min(clk_seen)
        with open(out, "w") as f:
            json.dump(got, f)
    return n + 4, clk_seen


@cocotb.test()
async def ntt_forward(dut):
    await setup(dut)
    n, clk = await ntt_check(dut, 0)
    dut._log.info("NTT: %d polynomials equal to FIPS 203 Alg. 9%s; %s clocks start to done",
                  n, " and kyber-py" if KYBER_RING else " (kyber-py NOT importable: not compared)", clk)


@cocotb.test()
async def ntt2_forward(dut):
    await setup(dut)
    n, clk = await ntt_check(dut, 0, "ntt2")
    dut._log.info("NTT, two butterflies per clock: %d polynomials equal to FIPS 203 Alg. 9%s; %s clocks",
                  n, " and kyber-py" if KYBER_RING else "", clk)


@cocotb.test()
async def ntt2_inverse(dut):
    await setup(dut)
    n, clk = await ntt_check(dut, 1, "ntt2")
    dut._log.info("inverse NTT, two butterflies per clock: %d polynomials equal to FIPS 203 Alg. 10%s; %s clocks",
                  n, " and kyber-py" if KYBER_RING else "", clk)


@cocotb.test()
async def ntt_inverse(dut):
    await setup(dut)
    n, clk = await ntt_check(dut, 1)
    dut._log.info("inverse NTT: %d polynomials equal to FIPS 203 Alg. 10 (with the 3303 scaling)%s; "
                  "%s clocks start to done", n, " and kyber-py" if KYBER_RING else " (kyber-py NOT importable)", clk)


async def basemul_stream(dut, jobs):
    """jobs: (pair, a0, a1, b0, b1, acc, c0_in, c1_in); returns [(c0, c1)] in order."""
    got, i = [], 0
    while len(got) < len(jobs):
        if int(dut.bm_out_valid.value):
            got.append((int(dut.bm_c0.value), int(dut.bm_c1.value)))
        if i < len(jobs):
            (dut.bm_pair.value, dut.bm_a0.value, dut.bm_a1.value, dut.bm_b0.value, dut.bm_b1.value,
             dut.bm_acc.value, dut.bm_c0_in.value, dut.bm_c1_in.value) = jobs[i]
            dut.bm_in_valid.value = 1
            i += 1
        else:
            dut.bm_in_valid.value = 0
        await FallingEdge(dut.clk)
        assert i < len(jobs) + 20, "basemul: outputs stopped"
    return got


@cocotb.test()
async def basemul(dut):
    await setup(dut)
    r = rng()
    # single pairs: edges and random, with and without accumulation
    edge = [0, 1, Q - 1, 1665]
    jobs = [(p, a0, a1, b0, b1, acc, c0, c1) for p in (0, 1, 127) for a0 in edge for a1 in edge
            for b0 in (0, Q - 1) for b1 in edge for acc, c0, c1 in ((0, Q - 1, Q - 1), (1, Q - 1, Q - 2))]
    jobs += [(r.randrange(128), *(r.randrange(Q) for _ in range(4)), r.randrange(2), r.randrange(Q), r.randrange(Q))
             for _ in range(2000)]
    got = await basemul_stream(dut, jobs)
    for j, g in zip(jobs, got):
        p, a0, a1, b0, b1, acc, c0, c1 = j
        w0, w1 = ref.base_case_multiply(a0, a1, b0, b1, ref.GAMMAS[p])
        if acc:
            w0, w1 = (w0 + c0) % Q, (w1 + c1) % Q
        assert g == (w0, w1), f"basemul {j}: got {g}, want {(w0, w1)}"
    # whole MultiplyNTTs against Alg. 11 and kyber-py
    for _ in range(3):
        f = [r.randrange(Q) for _ in range(256)]
        g = [r.randrange(Q) for _ in range(256)]
        out = await basemul_stream(dut, [(i, f[2 * i], f[2 * i + 1], g[2 * i], g[2 * i + 1], 0, 0, 0)
                                         for i in range(128)])
        h = [c for pair in out for c in pair]
        assert h == ref.multiply_ntts(f, g), "MultiplyNTTs differs from Alg. 11"
        if KYBER_RING:
            ky = (KYBER_RING(list(f), is_ntt=True) * KYBER_RING(list(g), is_ntt=True)).coeffs
            assert h == [c % Q for c in ky], "MultiplyNTTs differs from kyber-py"
    # products in R_q through the hardware alone: sum_k f_k g_k = INTT(sum_k NTT(f_k) o NTT(g_k))
    for _ in range(2):
        fs = [[r.randrange(Q) for _ in range(256)] for _ in range(2)]
        gs = [[r.randrange(Q) for _ in range(256)] for _ in range(2)]
        hat = []
        for p in fs + gs:
            await ntt_load(dut, p)
            await ntt_run(dut, 0)
            hat.append(await ntt_read(dut))
        acc = [0] * 256
        for k in range(2):
            fh, gh = hat[k], hat[2 + k]
            out = await basemul_stream(dut, [(i, fh[2 * i], fh[2 * i + 1], gh[2 * i], gh[2 * i + 1], k,
                                              acc[2 * i], acc[2 * i + 1]) for i in range(128)])
            acc = [c for pair in out for c in pair]
        await ntt_load(dut, acc)
        await ntt_run(dut, 1)
        prod = await ntt_read(dut)
        want = [(x + y) % Q for x, y in zip(ref.schoolbook(fs[0], gs[0]), ref.schoolbook(fs[1], gs[1]))]
        assert prod == want, "f0 g0 + f1 g1 through NTT, basemul with accumulation, inverse NTT differs from schoolbook"
    dut._log.info("basemul: %d pairs (Alg. 12, accumulation) and 3 MultiplyNTTs (Alg. 11%s) correct; "
                  "2 sums of two products in R_q via hardware NTT/basemul/INTT equal schoolbook",
                  len(jobs), ", kyber-py" if KYBER_RING else "")


def compress_fips(x, d):
    """Compress_d(x) = round((2^d / q) x) mod 2^d, rounding half up (FIPS 203 section 4.2.1)."""
    return math.floor(Fraction(2 ** d * x, Q) + Fraction(1, 2)) % 2 ** d


def decompress_fips(y, d):
    """Decompress_d(y) = round((q / 2^d) y)."""
    return math.floor(Fraction(Q * y, 2 ** d) + Fraction(1, 2))


async def stream(dut, prefix, port_in, port_out, items, d):
    """Drives items one per clock into <prefix>_<port_in> with <prefix>_d = d; returns the outputs."""
    got, i = [], 0
    while len(got) < len(items):
        if int(getattr(dut, prefix + "_out_valid").value):
            got.append(int(getattr(dut, prefix + "_" + port_out).value))
        if i < len(items):
            getattr(dut, prefix + "_in_valid").value = 1
            getattr(dut, prefix + "_d").value = d
            getattr(dut, prefix + "_" + port_in).value = items[i]
            i += 1
        else:
            getattr(dut, prefix + "_in_valid").value = 0
        await FallingEdge(dut.clk)
        assert i < len(items) + 20, prefix + ": outputs stopped"
    return got


@cocotb.test()
async def compress_decompress(dut):
    await setup(dut)
    poly = KYBER_RING([0] * 256) if KYBER_RING else None
    for d in (1, 4, 5, 10, 11):
        xs = list(range(Q))
        got = await stream(dut, "cmp", "x", "y", xs, d)
        for x, y in zip(xs, got):
            assert y == compress_fips(x, d), f"Compress_{d}({x}) = {y}, want {compress_fips(x, d)}"
            if poly:
                assert y == poly._compress_ele(x, d), "kyber-py disagrees"
        ys = list(range(2 ** d))
        got = await stream(dut, "dec", "y", "x", ys, d)
        for y, x in zip(ys, got):
            assert x == decompress_fips(y, d), f"Decompress_{d}({y}) = {x}, want {decompress_fips(y, d)}"
            if poly:
                assert x == poly._decompress_ele(y, d), "kyber-py disagrees"
    dut._log.info("compress / decompress: every x < q and every y < 2^d for d = 1, 4, 5, 10, 11 equal to "
                  "FIPS 203 section 4.2.1%s", " and kyber-py" if poly else "")

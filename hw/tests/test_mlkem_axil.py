# SPDX-License-Identifier: Apache-2.0 OR MIT
"""cocotb tests of the whole ML-KEM unit through its AXI4-Lite slave only (hw/rtl/bus/mlkem_axil.v):
every input goes in and every result comes out over the bus, driven by the AXI4-Lite master
model below (valid/ready on all five channels, random stalls on each: valid raised late, the
address and data channels of a write in either order, bready/rready held low; payloads are
random while valid is low). The unit's interrupt line says when to look at STATUS.

- roundtrip: for ML-KEM-512/768/1024, KeyGen from random (d, z) (ek, dk equal
  kf_mlkem_keygen_internal's), Encaps of that ek with a random m (ct, K equal
  kf_mlkem_encaps_internal's), Decaps of ct and of a ct with one bit flipped (K equals
  kf_mlkem_decaps's: the encapsulated key, then the implicit-rejection key); after each
  operation the hygiene check below.
- acvp: the first case (KF_HW_ACVP_MAX) of each ACVP ML-KEM keyGen / encapsulation /
  decapsulation group, outputs against expectedResults (skipped without the vectors: run.py
  --needs-vectors).
- zeroize: ZEROIZE after a KeyGen (its ek and dk, kept by clear-on-done, are gone too), and
  ZEROIZE in the middle of a Decaps (abandoned: no DONE); the unit then runs a KeyGen again.
- zeroize_race: ZEROIZE in each clock from 3 before to 3 after the one in which the unit's done is up
  (issue 52 R1), KeyGen and Encaps: ZEROIZED, and every secret store empty (read in the simulator and
  over the bus).
- bus_errors: SLVERR for an unmapped address, a read of m/d/z, a write of K, a window access,
  CTRL write or START while busy; WSTRB byte writes merge into the buffer word.

Hygiene check (after DONE, i.e. after the unit cleared itself, and after ZEROIZE): every memory
and register that held a secret is read in the simulator (not over the bus) and must be zero:
the polynomial memory (4,096 pairs), the NTT's four banks, every byte-buffer word but the
operation's outputs (ek, dk after KeyGen; ct, K after Encaps; K after Decaps; none after
ZEROIZE), the Keccak state, the sponge's block and output buffers and skid stage, the hash
unit's skid stage, the samplers' registers, the sequencer's coefficient and word registers, and
the bus's write-data register. The clocks each part took are logged: compute (START to done,
mlkem_top's count), clearing (CLEAR_CLOCKS), transfers (XFER_WR/RD_CLOCKS: the slave's busy
clocks on window accesses, and the master's own count from first valid to last response).
Environment: KF_HW_SEED, KF_HW_MLKEM_SETS (default 512,768,1024), KF_HW_AXI_STALL (percent of
clocks a channel stalls, default 30), KF_HW_CLOCKS_JSON (the clocks per operation).
"""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge, Timer, First

from test_mlkem_top import KemLib, SIZES, acvp_dir, acvp_groups

OKAY, SLVERR = 0, 2
KEYGEN, ENCAPS, DECAPS = 0, 1, 2
R_ID, R_CTRL, R_CMD, R_STATUS, R_COMPUTE, R_CLEAR, R_XWR, R_XRD = 0x0, 0x4, 0x8, 0xC, 0x10, 0x14, 0x18, 0x1C
CMD_START, CMD_ZEROIZE, CMD_CLRX = 1, 2, 4
ST_BUSY, ST_DONE, ST_CLEARING, ST_BADEK, ST_BADDK, ST_BADPAR, ST_ZEROIZED = 1, 2, 4, 8, 16, 32, 64
WIN = {"M": 0x0100, "D": 0x0100, "Z": 0x0120, "K": 0x0140, "CT": 0x1000, "EK": 0x2000, "DK": 0x4000}
BB = {"K": 8, "CT": 32, "DK": 424, "EK": 820}     # the windows' byte-buffer words (gen_mlkem_prog.py's BB)
KEEP = {KEYGEN: [(424, 1016)], ENCAPS: [(8, 12), (32, 228)], DECAPS: [(8, 12)], None: []}
CLOCKS = {}


def sets():
    return [int(x) for x in os.environ.get("KF_HW_MLKEM_SETS", "512,768,1024").split(",")]


class AxiLiteMaster:
    """An AXI4-Lite master: drives at falling edges, and a handshake is valid && ready as the
    next rising edge sees them (sampled after the drive settles, so a ready that depended on
    valid would be honoured too)."""

    def __init__(self, dut, r, stall):
        self.d, self.r, self.stall = dut, r, stall
        self.clocks = 0      # clocks spent in transfers, from the master's side
        d = dut
        for s in ("awvalid", "wvalid", "bready", "arvalid", "rready"):
            getattr(d, "s_axi_" + s).value = 0
        for s, w in (("awaddr", 16), ("wdata", 32), ("wstrb", 4), ("araddr", 16), ("awprot", 3), ("arprot", 3)):
            getattr(d, "s_axi_" + s).value = 0

    def _wait(self):
        n = 0
        while self.r.randrange(100) < self.stall and n < 6:
            n += 1
        return n

    async def write(self, addr, data, strb=0xF):
        d, r = self.d, self.r
        aw_left, w_left = self._wait(), self._wait()
        aw_done = w_done = False
        while not (aw_done and w_done):
            awv = not aw_done and aw_left == 0
            wv = not w_done and w_left == 0
            d.s_axi_awvalid.value = int(awv)
            d.s_axi_awaddr.value = addr if awv else r.getrandbits(16)
            d.s_axi_awprot.value = r.getrandbits(3)
            d.s_axi_wvalid.value = int(wv)
            d.s_axi_wdata.value = data if wv else r.getrandbits(32)
            d.s_axi_wstrb.value = strb if wv else r.getrandbits(4)
            d.s_axi_bready.value = 0
            await ReadOnly()
            aw_hs = awv and int(d.s_axi_awready.value)
            w_hs = wv and int(d.s_axi_wready.value)
            await FallingEdge(d.aclk)
            self.clocks += 1
            aw_done, w_done = aw_done or aw_hs, w_done or w_hs
            aw_left, w_left = max(0, aw_left - 1), max(0, w_left - 1)
        d.s_axi_awvalid.value = 0
        d.s_axi_wvalid.value = 0
        while True:
            br = r.randrange(100) >= self.stall
            d.s_axi_bready.value = int(br)
            await ReadOnly()
            hs = br and int(d.s_axi_bvalid.value)
            resp = int(d.s_axi_bresp.value) if hs else None
            await FallingEdge(d.aclk)
            self.clocks += 1
            if hs:
                break
        d.s_axi_bready.value = 0
        return resp

    async def read(self, addr):
        d, r = self.d, self.r
        left = self._wait()
        while True:
            v = left == 0
            d.s_axi_arvalid.value = int(v)
            d.s_axi_araddr.value = addr if v else r.getrandbits(16)
            d.s_axi_arprot.value = r.getrandbits(3)
            d.s_axi_rready.value = 0
            await ReadOnly()
            hs = v and int(d.s_axi_arready.value)
            await FallingEdge(d.aclk)
            self.clocks += 1
            left = max(0, left - 1)
            if hs:
                break
        d.s_axi_arvalid.value = 0
        while True:
            rr = r.randrange(100) >= self.stall
            d.s_axi_rready.value = int(rr)
            await ReadOnly()
            hs = rr and int(d.s_axi_rvalid.value)
            if hs:
                got = (int(d.s_axi_rdata.value), int(d.s_axi_rresp.value))
            await FallingEdge(d.aclk)
            self.clocks += 1
            if hs:
                break
        d.s_axi_rready.value = 0
        return got

    async def reg(self, addr):
        v, resp = await self.read(addr)
        assert resp == OKAY, f"read of register {addr:#x}: response {resp}"
        return v

    async def put(self, addr, data):
        """Bytes into a window, 32 bits per write (the length a multiple of 4)."""
        for i in range(0, len(data), 4):
            resp = await self.write(addr + i, int.from_bytes(data[i:i + 4], "little"))
            assert resp == OKAY, f"write to {addr + i:#x}: response {resp}"

    async def get(self, addr, n):
        out = b""
        for i in range(0, n, 4):
            v, resp = await self.read(addr + i)
            assert resp == OKAY, f"read of {addr + i:#x}: response {resp}"
            out += v.to_bytes(4, "little")
        return out[:n]


async def setup(dut):
    cocotb.start_soon(Clock(dut.aclk, 10, unit="ns").start())
    r = random.Random(int(os.environ.get("KF_HW_SEED", "1")))
    m = AxiLiteMaster(dut, r, int(os.environ.get("KF_HW_AXI_STALL", "30")))
    dut.aresetn.value = 0
    for _ in range(3):
        await FallingEdge(dut.aclk)
    dut.aresetn.value = 1
    await FallingEdge(dut.aclk)
    assert await m.reg(R_ID) == 0x4D4C4B01
    return m, r


async def wait_irq(dut, m, limit=200000):
    """The interrupt (DONE or ZEROIZED) and STATUS read over the bus."""
    if not int(dut.irq.value):
        res = await First(RisingEdge(dut.irq), Timer(limit * 10, unit="ns"))
        assert isinstance(res, RisingEdge) or int(dut.irq.value), "no interrupt"
        await FallingEdge(dut.aclk)
    return await m.reg(R_STATUS)


async def run(dut, m, op, k, what):
    """CTRL, START, the interrupt; returns (STATUS, compute clocks, clearing clocks)."""
    assert await m.write(R_CTRL, op | k << 4) == OKAY
    assert await m.write(R_CMD, CMD_START) == OKAY
    st = await wait_irq(dut, m)
    assert st & ST_DONE and not st & ST_BUSY, f"{what}: STATUS {st:#x}"
    comp, clr = await m.reg(R_COMPUTE), await m.reg(R_CLEAR)
    CLOCKS.setdefault(what, []).append(comp)
    CLOCKS.setdefault(what + "-clear", []).append(clr)
    return st, comp, clr


def val(h):
    return int(h.value)


def check_clean(dut, keep, what):
    """Every memory and register that held a secret is zero (keep: the byte-buffer word
    ranges that hold the operation's outputs)."""
    u = dut.u_kem
    bad = []

    def z(name, h):
        v = val(h)
        if v:
            bad.append(f"{name} = {v:#x}")

    for i in range(len(u.pm_e)):     # every pair of every slot, however many slots the unit has
        z(f"pm_e[{i}]", u.pm_e[i])
        z(f"pm_o[{i}]", u.pm_o[i])
    mem = u.u_ntt.g_two.u_mem
    for b in range(4):
        bank = getattr(mem, f"mem{b}")
        for i in range(64):
            z(f"ntt mem{b}[{i}]", bank[i])
    # the byte buffer: one 64-bit memory (bb) or four 16-bit lanes (bb0..bb3)
    lanes = [u.bb] if hasattr(u, "bb") else [getattr(u, f"bb{i}") for i in range(4)]
    for w in range(1024):
        if not any(lo <= w < hi for lo, hi in keep):
            for i, m in enumerate(lanes):
                z(f"bb[{w}]" + (f" lane {i}" if len(lanes) > 1 else ""), m[w])
    sp = u.u_hash.u_sponge
    z("keccak state", sp.u_core.st)
    for i in range(21):
        z(f"sponge ibuf[{i}]", sp.ibuf[i])
        z(f"sponge obuf[{i}]", sp.obuf[i])
    for n in ("a_data", "b_data"):
        z("sponge " + n, getattr(sp, n))
    for n in ("ka_data", "kb_data"):
        z("hash_top " + n, getattr(u.u_hash, n))
    for n in ("out_coef", "s1_bits", "left"):
        z("sampler " + n, getattr(u.u_hash.u_sampler, n))
    # (fail: whether the ciphertext was rejected, a secret bit; cmp_diff its accumulator)
    for n in ("cb_data", "xa0", "xa1", "xheld", "pe0", "po0", "pe1", "po1", "pe2", "po2", "raw1", "raw2",
              "raw3", "draw1", "draw2", "fail", "cmp_diff",
              # the read registers behind the polynomial memory and the NTT, the compare flags
              "qe0", "qo0", "qe1", "qo1", "qe2", "qo2", "ba0", "ba1", "aa0", "aa1", "ab0", "ab1", "cx",
              # ... and, if this mlkem_top takes the operands a clock after qe*, basemul's b / c pairs
              # and the streaming pair waiting beside them
              *[n for n in ("re1", "ro1", "re2", "ro2", "xq0", "xq1") if hasattr(u, n)],
              # COPY / SEL's write word (K' or Kbar after SEL)
              "cw_d"):
        z(n, getattr(u, n))
    # ENC's compare word a clock before bta (bed), if this mlkem_top has it
    if hasattr(u, "bed"):
        z("bed", u.bed)
    # the byte buffer's second read register (brd1), or, with one read port, the words CMP / SEL
    # and ENC's compare hold (bta, ecd): whichever this mlkem_top has
    regs = [n for n in ("brd1", "bta", "ecd") if hasattr(u, n)]
    assert regs, "mlkem_top has none of brd1, bta, ecd: update the hygiene check"
    for n in regs:
        z(n, getattr(u, n))
    for i in range(4):
        z(f"fq_data[{i}]", u.fq_data[i])
    if hasattr(u, "fq_hd"):
        z("fq_hd", u.fq_hd)   # the word reader FIFO's head register (a copy of an entry)
    # brd0 is the word the bus last pointed at: zero unless that word is a kept output
    ha = val(dut.ha)
    if not any(lo <= ha < hi for lo, hi in keep):
        z("brd0", u.brd0)
        if hasattr(u, "brq"):
            z("brq", u.brq)   # brd0 a clock later (the unit's own reads take it)
    z("bus w_d", dut.w_d)
    if hasattr(dut, "hrq"):
        z("bus hrq", dut.hrq)   # the word a window access read, held until its use
    assert not bad, f"{what}: {len(bad)} secret-holding words not zero, e.g. " + ", ".join(bad[:8])
    dut._log.info("%s: every secret-holding memory and register is zero (outputs kept: %s)", what,
                  ", ".join(f"bb[{lo}..{hi})" for lo, hi in keep) or "none")


def save_clocks():
    path = os.environ.get("KF_HW_CLOCKS_JSON")
    if path:
        old = json.load(open(path)) if os.path.exists(path) else {}
        for key, v in CLOCKS.items():
            old.setdefault(key, []).extend(v)
        with open(path, "w") as f:
            json.dump(old, f)
    CLOCKS.clear()


async def xfer(m, what, t0, words, key):
    """Log the transfer clocks: the slave's counters and the master's own count since t0; the
    slave's total goes to CLOCKS[key] (bench_hw.py's bus step runs this with no stalls)."""
    wr, rd = await m.reg(R_XWR), await m.reg(R_XRD)
    dut_clocks = m.clocks - t0
    assert await m.write(R_CMD, CMD_CLRX) == OKAY
    # cleared by the time a read can see them (the slave clears them a clock after the write)
    assert (await m.reg(R_XWR), await m.reg(R_XRD)) == (0, 0), "XFER counters not cleared by CMD bit 2"
    CLOCKS.setdefault(key, []).append(wr + rd)
    return f"{what}: {words} window words moved, slave busy {wr} write + {rd} read clocks, master {dut_clocks} clocks"


@cocotb.test()
async def roundtrip(dut):
    m, r = await setup(dut)
    lib = KemLib()
    for p in sets():
        k, ekn, dkn, ctn = SIZES[p]
        d, z, msg = r.randbytes(32), r.randbytes(32), r.randbytes(32)
        want_ek, want_dk = lib.keygen(p, d, z)
        # KeyGen
        assert await m.write(R_CMD, CMD_CLRX) == OKAY
        t0 = m.clocks
        await m.put(WIN["D"], d)
        await m.put(WIN["Z"], z)
        st, comp, clr = await run(dut, m, KEYGEN, k, f"bus-mlkem{p}-keygen")
        check_clean(dut, KEEP[KEYGEN], f"ML-KEM-{p} KeyGen")
        ek, dk = await m.get(WIN["EK"], ekn), await m.get(WIN["DK"], dkn)
        assert st & 0x38 == 0, f"ML-KEM-{p} KeyGen: STATUS {st:#x}"
        assert ek == want_ek, f"ML-KEM-{p} KeyGen over the bus: ek differs from kf_mlkem_keygen_internal's"
        assert dk == want_dk, f"ML-KEM-{p} KeyGen over the bus: dk differs"
        x = await xfer(m, "in d, z; out ek, dk", t0, (64 + ekn + dkn) // 4, f"bus-mlkem{p}-keygen-xfer")
        dut._log.info("ML-KEM-%d KeyGen over AXI4-Lite: ek, dk equal the library's; compute %d clocks, clearing %d; %s",
                      p, comp, clr, x)
        # Encaps
        t0 = m.clocks
        await m.put(WIN["EK"], ek)
        await m.put(WIN["M"], msg)
        st, comp, clr = await run(dut, m, ENCAPS, k, f"bus-mlkem{p}-encaps")
        check_clean(dut, KEEP[ENCAPS], f"ML-KEM-{p} Encaps")
        ct, key = await m.get(WIN["CT"], ctn), await m.get(WIN["K"], 32)
        want_ct, want_key = lib.encaps(p, ek, msg)
        assert st & 0x38 == 0, f"ML-KEM-{p} Encaps: STATUS {st:#x}"
        assert ct == want_ct, f"ML-KEM-{p} Encaps over the bus: ct differs from kf_mlkem_encaps_internal's"
        assert key == want_key, f"ML-KEM-{p} Encaps over the bus: K differs"
        x = await xfer(m, "in ek, m; out ct, K", t0, (ekn + 32 + ctn + 32) // 4, f"bus-mlkem{p}-encaps-xfer")
        dut._log.info("ML-KEM-%d Encaps over AXI4-Lite: ct, K equal the library's; compute %d clocks, clearing %d; %s",
                      p, comp, clr, x)
        # Decaps, valid and corrupted ciphertexts (dk again each time: clear-on-done wipes it)
        bit = r.randrange(8 * ctn)
        bad = bytearray(ct)
        bad[bit // 8] ^= 1 << (bit % 8)
        for c, want, kind in ((ct, key, "valid"), (bytes(bad), lib.decaps(p, dk, bytes(bad)), "corrupted")):
            t0 = m.clocks
            await m.put(WIN["DK"], dk)
            await m.put(WIN["CT"], c)
            st, comp, clr = await run(dut, m, DECAPS, k, f"bus-mlkem{p}-decaps")
            check_clean(dut, KEEP[DECAPS], f"ML-KEM-{p} Decaps ({kind})")
            got = await m.get(WIN["K"], 32)
            assert st & 0x38 == 0, f"ML-KEM-{p} Decaps: STATUS {st:#x}"
            assert got == want, f"ML-KEM-{p} Decaps over the bus ({kind} ciphertext): K differs from the library's"
            x = await xfer(m, "in dk, ct; out K", t0, (dkn + ctn + 32) // 4, f"bus-mlkem{p}-decaps-xfer")
            dut._log.info("ML-KEM-%d Decaps (%s ct) over AXI4-Lite: K equals the library's; compute %d clocks, "
                          "clearing %d; %s", p, kind, comp, clr, x)
        assert lib.decaps(p, dk, bytes(bad)) != key
    save_clocks()


@cocotb.test()
async def acvp(dut):
    assert acvp_dir() is not None, "the ACVP vectors are not there (KF_VECTORS_DIR)"
    m, r = await setup(dut)
    h = bytes.fromhex
    n = 0
    for _, p, cases in acvp_groups("ML-KEM-keyGen-FIPS203"):
        k, ekn, dkn, _ = SIZES[p]
        for t, e in cases:
            await m.put(WIN["D"], h(t["d"]))
            await m.put(WIN["Z"], h(t["z"]))
            st, _, _ = await run(dut, m, KEYGEN, k, f"bus-acvp-mlkem{p}-keygen")
            assert st & 0x38 == 0
            assert await m.get(WIN["EK"], ekn) == h(e["ek"]), f"ACVP keyGen tc {t['tcId']}: ek differs"
            assert await m.get(WIN["DK"], dkn) == h(e["dk"]), f"ACVP keyGen tc {t['tcId']}: dk differs"
            n += 1
    for fn, p, cases in acvp_groups("ML-KEM-encapDecap-FIPS203"):
        k, ekn, dkn, ctn = SIZES[p]
        for t, e in cases:
            tc = t["tcId"]
            if fn == "encapsulation":
                await m.put(WIN["EK"], h(t["ek"]))
                await m.put(WIN["M"], h(t["m"]))
                st, _, _ = await run(dut, m, ENCAPS, k, f"bus-acvp-mlkem{p}-encaps")
                assert st & 0x38 == 0, f"ACVP encapsulation tc {tc}: STATUS {st:#x}"
                assert await m.get(WIN["CT"], ctn) == h(e["c"]), f"ACVP encapsulation tc {tc}: c differs"
                assert await m.get(WIN["K"], 32) == h(e["k"]), f"ACVP encapsulation tc {tc}: k differs"
            elif fn == "decapsulation":
                await m.put(WIN["DK"], h(t["dk"]))
                await m.put(WIN["CT"], h(t["c"]))
                st, _, _ = await run(dut, m, DECAPS, k, f"bus-acvp-mlkem{p}-decaps")
                assert st & 0x38 == 0, f"ACVP decapsulation tc {tc}: STATUS {st:#x}"
                assert await m.get(WIN["K"], 32) == h(e["k"]), f"ACVP decapsulation tc {tc}: k differs"
            else:
                continue    # the key checks: hw_cocotb_mlkem_acvp (the unit without the bus)
            n += 1
    assert n, "no ACVP cases ran"
    dut._log.info("ACVP ML-KEM over AXI4-Lite: %d cases passed (sets %s)", n, sets())
    save_clocks()


@cocotb.test()
async def zeroize(dut):
    m, r = await setup(dut)
    p = sets()[-1]
    k, ekn, dkn, ctn = SIZES[p]
    lib = KemLib()
    d, z = r.randbytes(32), r.randbytes(32)
    await m.put(WIN["D"], d)
    await m.put(WIN["Z"], z)
    await run(dut, m, KEYGEN, k, "zeroize-keygen")
    ek = await m.get(WIN["EK"], ekn)
    assert ek == lib.keygen(p, d, z)[0]
    # ZEROIZE: the kept outputs go too
    assert await m.write(R_CMD, CMD_ZEROIZE) == OKAY
    st = await wait_irq(dut, m)
    assert st & ST_ZEROIZED and not st & (ST_BUSY | ST_DONE), f"after ZEROIZE: STATUS {st:#x}"
    clr = await m.reg(R_CLEAR)
    check_clean(dut, KEEP[None], "ZEROIZE after KeyGen")
    assert await m.get(WIN["DK"], dkn) == bytes(dkn) and await m.get(WIN["EK"], ekn) == bytes(ekn)
    dut._log.info("ZEROIZE: %d clocks; ek and dk read back as zero over the bus", clr)
    # ZEROIZE in the middle of a Decaps: abandoned (no DONE), everything cleared
    ek, dk = lib.keygen(p, r.randbytes(32), r.randbytes(32))
    ct, _ = lib.encaps(p, ek, r.randbytes(32))
    await m.put(WIN["DK"], dk)
    await m.put(WIN["CT"], ct)
    assert await m.write(R_CTRL, DECAPS | k << 4) == OKAY
    assert await m.write(R_CMD, CMD_START) == OKAY
    for _ in range(r.randrange(2000, 6000)):
        await FallingEdge(dut.aclk)
    st = await m.reg(R_STATUS)
    assert st & ST_BUSY and not st & ST_DONE, f"Decaps should still run: STATUS {st:#x}"
    assert await m.write(R_CTRL, ENCAPS | k << 4) == SLVERR, "CTRL written while busy"
    assert await m.write(R_CMD, CMD_ZEROIZE) == OKAY
    st = await wait_irq(dut, m)
    assert st & ST_ZEROIZED and not st & (ST_BUSY | ST_DONE), f"after ZEROIZE mid-Decaps: STATUS {st:#x}"
    check_clean(dut, KEEP[None], "ZEROIZE in the middle of a Decaps")
    # ... and the unit works again
    d, z = r.randbytes(32), r.randbytes(32)
    await m.put(WIN["D"], d)
    await m.put(WIN["Z"], z)
    await run(dut, m, KEYGEN, k, "zeroize-keygen")
    assert await m.get(WIN["DK"], dkn) == lib.keygen(p, d, z)[1], "KeyGen after an abandoned Decaps"
    dut._log.info("ZEROIZE during a Decaps abandoned it, cleared the unit; the next KeyGen is right")


@cocotb.test()
async def bus_errors(dut):
    m, r = await setup(dut)
    lib = KemLib()
    for a in (0x0020, 0x0200, 0x0160, 0x1620, 0x2620, 0x4C60, 0x6000, 0x8000, 0xFFFC):
        assert (await m.read(a))[1] == SLVERR, f"read of unmapped {a:#x} answered OKAY"
        assert await m.write(a, 0x12345678) == SLVERR, f"write to unmapped {a:#x} answered OKAY"
    for a in (WIN["M"], WIN["Z"] + 28):
        v, resp = await m.read(a)
        assert resp == SLVERR and v == 0, f"a secret input window ({a:#x}) was readable"
    assert await m.write(WIN["K"], 1) == SLVERR, "K was writable"
    # byte strobes: bytes written one at a time in a random order make the word
    want = r.randbytes(8)
    for i in r.sample(range(8), 8):
        assert await m.write(WIN["CT"] + 8 + (i & 4), want[i] << 8 * (i & 3), 1 << (i & 3)) == OKAY
    assert await m.get(WIN["CT"] + 8, 8) == want, "WSTRB writes did not merge"
    # while an operation runs: windows, CTRL and START refused, STATUS readable
    p = sets()[0]
    k, ekn, dkn, _ = SIZES[p]
    d, z = r.randbytes(32), r.randbytes(32)
    await m.put(WIN["D"], d)
    await m.put(WIN["Z"], z)
    assert await m.write(R_CTRL, KEYGEN | k << 4) == OKAY
    assert await m.write(R_CMD, CMD_START) == OKAY
    st = await m.reg(R_STATUS)
    assert st & ST_BUSY, f"STATUS {st:#x} after START"
    assert await m.write(WIN["EK"], 5) == SLVERR, "window written while busy"
    assert (await m.read(WIN["EK"]))[1] == SLVERR, "window read while busy"
    assert await m.write(R_CMD, CMD_START) == SLVERR, "START taken while busy"
    assert await m.write(R_CTRL, 0) == SLVERR, "CTRL taken while busy"
    # polling STATUS (not the interrupt) until DONE
    n = 0
    while not (await m.reg(R_STATUS)) & ST_DONE:
        n += 1
        assert n < 20000
    assert await m.get(WIN["EK"], ekn) == lib.keygen(p, d, z)[0]
    # every register read back as the slave holds it (the unit idle, so nothing counts between
    # the read and the look inside; a register read moves no transfer counter), and the addresses
    # beside them refused
    want = {R_ID: 0x4D4C4B01, R_CTRL: KEYGEN | k << 4, R_CMD: 0, R_STATUS: ST_DONE,
            R_COMPUTE: int(dut.u_kem.clocks.value), R_CLEAR: int(dut.clr_clocks.value),
            R_XWR: int(dut.xwr.value), R_XRD: int(dut.xrd.value)}
    for a in r.sample(sorted(want), len(want)):
        v, resp = await m.read(a)
        assert resp == OKAY and v == want[a], f"register {a:#x} read {v:#x}, holds {want[a]:#x}"
    for a in (0x01, 0x02, 0x0E, 0x13, 0x1D, 0x1F, 0x20, 0xE0):
        assert await m.read(a) == (0, SLVERR), f"read of {a:#x} beside the registers not refused"
    # an undefined k: DONE with bit 5
    assert await m.write(R_CTRL, KEYGEN | 5 << 4) == OKAY
    assert await m.write(R_CMD, CMD_START) == OKAY
    st = await wait_irq(dut, m)
    assert st & ST_BADPAR and st & ST_DONE, f"k = 5: STATUS {st:#x}"
    dut._log.info("bus errors: SLVERR for unmapped addresses, secret reads, K writes and busy accesses; WSTRB merge; "
                  "STATUS polled %d times during a KeyGen", n)


class ClockMonitor:
    """Counts clocks (falling edges) and notes, at each, whether the unit's done is up and whether
    the bus will carry out a ZEROIZE at the next rising edge (zreq: the CMD write decided in A_IDLE
    the clock before), the clock START reached the unit, and the clock after which the unit's done
    rose."""

    def __init__(self, dut):
        self.d, self.n = dut, 0
        self.start = self.done = self.zero = None
        cocotb.start_soon(self._run())

    def arm(self):
        self.start = self.done = self.zero = None

    async def _run(self):
        d = self.d
        while True:
            await FallingEdge(d.aclk)
            self.n += 1
            if self.start is None and val(d.start):
                self.start = self.n
            if self.done is None and val(d.u_kem.done):
                self.done = self.n
            if self.zero is None and val(d.zreq):
                self.zero = self.n

    async def until(self, n):
        while self.n < n:
            await FallingEdge(self.d.aclk)


@cocotb.test()
async def zeroize_race(dut):
    """Issue 52 R1: a ZEROIZE taken in each clock from KF_HW_ZRACE_OFFSETS (default -3..3) clocks
    around the one in which the unit's done is up (offset 0 is that clock; below it the operation
    is abandoned, above it the clear-on-done clearing is under way), for KeyGen (dk, ek are the
    kept outputs) and Encaps (ct, K): STATUS must say ZEROIZED (not DONE) and every secret store
    must be empty: the simulator's view of every memory and register (check_clean, nothing kept)
    and the output windows read back over the bus. The master does not stall here (the clock of
    the write is exact); the clock offsets reached are checked, not assumed."""
    m, r = await setup(dut)
    m.stall = 0
    mon = ClockMonitor(dut)
    p = sets()[0]
    k, ekn, dkn, ctn = SIZES[p]
    lo, hi = (int(v) for v in os.environ.get("KF_HW_ZRACE_OFFSETS", "-3..3").split(".."))
    ops = os.environ.get("KF_HW_ZRACE_OPS", "keygen,encaps").split(",")
    lib = KemLib()
    d, z, msg = r.randbytes(32), r.randbytes(32), r.randbytes(32)
    ek, dk = lib.keygen(p, d, z)
    outs = {"keygen": [("EK", ekn), ("DK", dkn)], "encaps": [("CT", ctn), ("K", 32)]}
    code = {"keygen": KEYGEN, "encaps": ENCAPS}

    async def load(op):
        if op == "keygen":
            await m.put(WIN["D"], d)
            await m.put(WIN["Z"], z)
        else:
            await m.put(WIN["EK"], ek)
            await m.put(WIN["M"], msg)
        assert await m.write(R_CTRL, code[op] | k << 4) == OKAY

    reached = []
    for op in ops:
        # the same inputs each time, so done comes the same number of clocks after START
        await load(op)
        mon.arm()
        assert await m.write(R_CMD, CMD_START) == OKAY
        st = await wait_irq(dut, m)
        assert st & ST_DONE, f"{op}: STATUS {st:#x}"
        lat = mon.done - mon.start
        for off in range(lo, hi + 1):
            await load(op)
            mon.arm()
            assert await m.write(R_CMD, CMD_START) == OKAY
            # a write begun after falling edge n is decided at the rising edge after falling edge n + 1
            # and carried out (zreq) at the one after falling edge n + 2
            await mon.until(mon.start + lat + off - 2)
            assert await m.write(R_CMD, CMD_ZEROIZE) == OKAY
            assert mon.zero is not None, "the ZEROIZE was not seen"
            got = mon.zero - (mon.start + lat)
            assert got == off, f"{op}: ZEROIZE meant {off} clocks from done, taken at {got}"
            if off >= 0:
                assert mon.done == mon.start + lat, f"{op}: done at {mon.done - mon.start}, not {lat}, after START"
            st = await wait_irq(dut, m)
            assert st & ST_ZEROIZED and not st & (ST_BUSY | ST_DONE), \
                f"{op}, ZEROIZE {off:+d} clocks from done: STATUS {st:#x}"
            check_clean(dut, KEEP[None], f"{op}, ZEROIZE {off:+d} clocks from done")
            for w, n in outs["keygen"] + outs["encaps"]:
                back = await m.get(WIN[w], n)
                assert back == bytes(n), \
                    f"{op}, ZEROIZE {off:+d} clocks from done: ZEROIZED reported, {w} reads back non-zero over the bus"
            reached.append((op, off))
    assert 0 in {o for _, o in reached}, "the clock of done itself was not covered"
    # ... and the unit still computes
    await load("keygen")
    assert await m.write(R_CMD, CMD_START) == OKAY
    st = await wait_irq(dut, m)
    assert st & ST_DONE and await m.get(WIN["DK"], dkn) == dk, "KeyGen after the ZEROIZE runs"
    dut._log.info("ZEROIZE at every clock offset %d..%d from done (%s, ML-KEM-%d): ZEROIZED each time with every "
                  "secret store empty", lo, hi, ", ".join(ops), p)

# SPDX-License-Identifier: Apache-2.0 OR MIT
"""kfhw.py - shared pieces of the hardware testbenches: the C library through ctypes (the
reference), packing of byte strings into the 64-bit streams, and a one-process driver of a
keccak_sponge-style port set with random stalls on both streams.

Timing model of the driver: inputs are driven just after a falling edge, the design settles,
and at ReadOnly the handshakes are read (valid && ready) - those transfers happen at the
next rising edge. One coroutine owns every port, so no two drivers race.
"""
import ctypes
import os
import random

from cocotb.triggers import FallingEdge, ReadOnly

SPONGE_MODES = {  # cmd_mode: (name, library call kind, digest bytes or None)
    0: ("SHA3-224", "sha3", 28), 1: ("SHA3-256", "sha3", 32),
    2: ("SHA3-384", "sha3", 48), 3: ("SHA3-512", "sha3", 64),
    4: ("SHAKE128", "shake", None), 5: ("SHAKE256", "shake", None),
    6: ("TurboSHAKE128", "ts", None), 7: ("TurboSHAKE256", "ts", None),
}


class Lib:
    """The subset of include/keccakforge.h the testbenches call."""

    def __init__(self, path):
        self.l = ctypes.CDLL(path)
        for n in ("kf_sha3_224", "kf_sha3_256", "kf_sha3_384", "kf_sha3_512"):
            getattr(self.l, n).argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
        for n in ("kf_shake128", "kf_shake256"):
            getattr(self.l, n).argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t]
        for n in ("kf_turboshake128", "kf_turboshake256"):
            getattr(self.l, n).argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                                           ctypes.c_size_t, ctypes.c_uint8]
        self.l.kf_keccak_p1600.argtypes = [ctypes.POINTER(ctypes.c_uint64), ctypes.c_uint]

    def _ok(self, rc, what):
        if rc != 0:
            raise RuntimeError(f"{what} returned {rc}")

    def sha3(self, bits, msg):
        out = ctypes.create_string_buffer(bits // 8)
        self._ok(getattr(self.l, f"kf_sha3_{bits}")(out, msg, len(msg)), "kf_sha3")
        return out.raw

    def shake(self, sec, msg, outlen):
        out = ctypes.create_string_buffer(max(outlen, 1))
        self._ok(getattr(self.l, f"kf_shake{sec}")(out, outlen, msg, len(msg)), "kf_shake")
        return out.raw[:outlen]

    def turboshake(self, sec, msg, outlen, domain):
        out = ctypes.create_string_buffer(max(outlen, 1))
        self._ok(getattr(self.l, f"kf_turboshake{sec}")(out, outlen, msg, len(msg), domain), "kf_turboshake")
        return out.raw[:outlen]

    def keccak_p(self, lanes, nr):
        arr = (ctypes.c_uint64 * 25)(*lanes)
        self._ok(self.l.kf_keccak_p1600(arr, nr), "kf_keccak_p1600")
        return list(arr)

    def mode_ref(self, mode, msg, outlen, domain=0x1F):
        """Expected output of sponge mode `mode` (SPONGE_MODES) on msg."""
        _, kind, dbytes = SPONGE_MODES[mode]
        if kind == "sha3":
            return self.sha3(dbytes * 8, msg)
        sec = 128 if mode in (4, 6) else 256
        if kind == "shake":
            return self.shake(sec, msg, outlen)
        return self.turboshake(sec, msg, outlen, domain)


def lib_from_env():
    path = os.environ.get("KF_LIB")
    if not path or not os.path.exists(path):
        raise RuntimeError(f"KF_LIB does not name the library (got {path!r})")
    return Lib(path)


def to_words(msg, rng, full_last_variant=None):
    """The input stream for msg: list of (data, keep, last). A message of a whole number of
    words ends either with a full word flagged last or with an empty (keep 0) last word; the
    choice is random unless full_last_variant says."""
    words = []
    n = len(msg)
    for i in range(0, n, 8):
        chunk = msg[i:i + 8]
        words.append([int.from_bytes(chunk.ljust(8, b"\0"), "little"), (1 << len(chunk)) - 1, 0])
    if n % 8 != 0:
        words[-1][2] = 1
    else:
        full = rng.random() < 0.5 if full_last_variant is None else full_last_variant
        if n and full:
            words[-1][2] = 1
        else:
            words.append([0, 0, 1])
    return [tuple(w) for w in words]


class Stall:
    """Random stall pattern: p is the probability of a stalled cycle."""

    def __init__(self, rng, p):
        self.rng, self.p = rng, p

    def go(self):
        return self.p == 0 or self.rng.random() >= self.p


async def run_sponge_jobs(dut, jobs, rng, p_in=0.0, p_out=0.0, stats=None):
    """Drive keccak_sponge `dut` through jobs: dicts with mode, domain, msg, outlen (bytes
    wanted), limited (hardware stops at outlen: cmd_outlen = outlen, else 0 and `stop`
    after outlen bytes). Returns the list of outputs (bytes) in order. Output words are
    attributed to jobs in order, checked for keep/last framing."""
    pin, pout = Stall(rng, p_in), Stall(rng, p_out)
    cmd_q = list(range(len(jobs)))
    in_q = []          # (job, words) whose words are being sent, in order
    outs = [bytearray() for _ in jobs]
    oj = 0             # job whose output is arriving
    cyc = 0
    words = {j: to_words(jobs[j]["msg"], rng) for j in range(len(jobs))}
    wpos = {j: 0 for j in range(len(jobs))}
    sent_cmd = set()
    while oj < len(jobs):
        await FallingEdge(dut.clk)
        cyc += 1
        if cyc > 200000 + 50 * sum(len(j["msg"]) + j["outlen"] for j in jobs):
            raise AssertionError("timeout: the sponge stopped making progress")
        # command
        if cmd_q:
            j = cmd_q[0]
            dut.cmd_valid.value = 1
            dut.cmd_mode.value = jobs[j]["mode"]
            dut.cmd_domain.value = jobs[j].get("domain", 0x1F)
            dut.cmd_outlen.value = jobs[j]["outlen"] if jobs[j].get("limited", True) else 0
        else:
            dut.cmd_valid.value = 0
        # input word
        if in_q and pin.go():
            j = in_q[0]
            d, k, l = words[j][wpos[j]]
            dut.in_valid.value = 1
            dut.in_data.value = d
            dut.in_keep.value = k
            dut.in_last.value = l
        else:
            dut.in_valid.value = 0
            dut.in_data.value = rng.getrandbits(64)   # garbage while not valid
            dut.in_keep.value = rng.getrandbits(8)
            dut.in_last.value = rng.getrandbits(1)
        # output side
        job = jobs[oj]
        want_stop = (not job.get("limited", True)) and len(outs[oj]) >= job["outlen"]
        dut.stop.value = 1 if want_stop else 0
        dut.out_ready.value = 1 if (not want_stop and pout.go()) else 0
        await ReadOnly()
        if want_stop:
            oj += 1
            if stats is not None:
                stats["cycles"] = cyc
            continue
        if int(dut.cmd_valid.value) and int(dut.cmd_ready.value):
            j = cmd_q.pop(0)
            in_q.append(j)
        if int(dut.in_valid.value) and int(dut.in_ready.value):
            j = in_q[0]
            wpos[j] += 1
            if wpos[j] == len(words[j]):
                in_q.pop(0)
        if int(dut.out_valid.value) and int(dut.out_ready.value):
            data = int(dut.out_data.value)
            keep = int(dut.out_keep.value)
            last = int(dut.out_last.value)
            nb = bin(keep + 1).count("0") - 1 if keep != 0xFF else 8
            if keep not in (1, 3, 7, 15, 31, 63, 127, 255):
                raise AssertionError(f"job {oj}: out_keep {keep:#x} not contiguous")
            if keep != 0xFF and not last:
                raise AssertionError(f"job {oj}: partial word without out_last")
            if job.get("limited", True):
                if len(outs[oj]) + nb > job["outlen"]:
                    raise AssertionError(f"job {oj}: more output than {job['outlen']} bytes")
            outs[oj] += data.to_bytes(8, "little")[:nb]
            if last:
                if not job.get("limited", True):
                    raise AssertionError(f"job {oj}: out_last on an unlimited XOF")
                if len(outs[oj]) != job["outlen"]:
                    raise AssertionError(f"job {oj}: out_last after {len(outs[oj])} of {job['outlen']} bytes")
                oj += 1
            if stats is not None:
                stats["cycles"] = cyc
    # drop to idle
    await FallingEdge(dut.clk)
    dut.cmd_valid.value = 0
    dut.in_valid.value = 0
    dut.stop.value = 0
    dut.out_ready.value = 0
    return [bytes(o[:j["outlen"]]) for o, j in zip(outs, jobs)]


async def reset(dut, clk_period_ns=10):
    from cocotb.clock import Clock
    import cocotb
    cocotb.start_soon(Clock(dut.clk, clk_period_ns, unit="ns").start())
    await FallingEdge(dut.clk)
    dut.rst.value = 1
    for sig in ("cmd_valid", "in_valid", "stop", "out_ready"):
        if hasattr(dut, sig):
            getattr(dut, sig).value = 0
    await FallingEdge(dut.clk)
    await FallingEdge(dut.clk)
    dut.rst.value = 0

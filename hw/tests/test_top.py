# SPDX-License-Identifier: Apache-2.0 OR MIT
"""cocotb tests of mlkem_hash_top: the ML-KEM hash calls and the samplers, against
libkeccakforge.

The library exposes ML-KEM only whole, so the reference SampleNTT (FIPS 203 Alg. 7) and
SamplePolyCBD (Alg. 8) are written out here in Python over the library's SHAKE128/SHAKE256
output: the bytes come from the C library, the sampling from this independent few-line
transcription of the standard (not from the hardware's word-sliced form).

- samplers_random: XOF (SampleNTT) and PRF eta 2/3 (CBD) for random seeds, mixed with G/H/J,
  random stalls on the input stream and on both output ports;
- mlkem768_encaps: the hash calls of one ML-KEM-768 encapsulation (H(ek), G(m||H(ek)),
  the 9 SampleNTT polynomials of A, the 7 CBD noise polynomials; plus J of decapsulation)
  replayed in order without stalls. Each call's input waits for the output it depends on.
  Every output equals the reference; K = G(m||H(ek))[0:32] equals the shared secret of the
  library's kf_mlkem_encaps_internal with the same ek and m. The clocks are logged (and
  written to $KF_HW_CLOCKS_JSON for the bench report).
"""
import ctypes
import json
import os
import random

import cocotb
from cocotb.triggers import FallingEdge, ReadOnly

import kfhw

Q = 3329
OP_G, OP_H, OP_J, OP_PRF2, OP_PRF3, OP_XOF = range(6)


def sample_ntt_ref(stream):
    """FIPS 203 Alg. 7 over a byte string long enough."""
    a, j, i = [], 0, 0
    while j < 256:
        c0, c1, c2 = stream[i], stream[i + 1], stream[i + 2]
        d1 = c0 + 256 * (c1 % 16)
        d2 = c1 // 16 + 16 * c2
        if d1 < Q:
            a.append(d1)
            j += 1
        if d2 < Q and j < 256:
            a.append(d2)
            j += 1
        i += 3
    return a


def cbd_ref(b, eta):
    """FIPS 203 Alg. 8."""
    bits = [(b[k // 8] >> (k % 8)) & 1 for k in range(8 * len(b))]
    f = []
    for i in range(256):
        x = sum(bits[2 * i * eta + j] for j in range(eta))
        y = sum(bits[2 * i * eta + eta + j] for j in range(eta))
        f.append((x - y) % Q)
    return f


def expected(lib, op, msg):
    if op == OP_G:
        return lib.sha3(512, msg)
    if op == OP_H:
        return lib.sha3(256, msg)
    if op == OP_J:
        return lib.shake(256, msg, 32)
    if op in (OP_PRF2, OP_PRF3):
        eta = 2 if op == OP_PRF2 else 3
        return cbd_ref(lib.shake(256, msg, 64 * eta), eta)
    return sample_ntt_ref(lib.shake(128, msg, 168 * 8))


async def run_ops(dut, ops, rng, p_in=0.0, p_hash=0.0, p_coef=0.0, deps=None):
    """ops: list of (op, msg). deps[k] = index of the op whose output must be complete before
    op k's input starts (None: no dependency). Returns (outputs per op, stats)."""
    pin, ph, pc = kfhw.Stall(rng, p_in), kfhw.Stall(rng, p_hash), kfhw.Stall(rng, p_coef)
    deps = deps or [None] * len(ops)
    words = [kfhw.to_words(m, rng) for _, m in ops]
    hash_ops = [k for k, (op, _) in enumerate(ops) if op in (OP_G, OP_H, OP_J)]
    coef_ops = [k for k, (op, _) in enumerate(ops) if op not in (OP_G, OP_H, OP_J)]
    outs = [bytearray() if op in (OP_G, OP_H, OP_J) else [] for op, _ in ops]
    complete = [False] * len(ops)
    nc = ni = nw = 0          # next op to command, next op to stream, word of it
    hi = ci = 0               # next hash op, next coef op to collect
    cyc = first = last = 0
    stall = 0
    while not all(complete):
        await FallingEdge(dut.clk)
        cyc += 1
        if cyc > 100000:
            raise AssertionError("timeout")
        dut.cmd_valid.value = 1 if nc < len(ops) else 0
        if nc < len(ops):
            dut.cmd_op.value = ops[nc][0]
        can_send = ni < nc and (deps[ni] is None or complete[deps[ni]])
        if can_send and pin.go():
            d, k, l = words[ni][nw]
            dut.in_valid.value, dut.in_data.value, dut.in_keep.value, dut.in_last.value = 1, d, k, l
        else:
            dut.in_valid.value = 0
        dut.hash_ready.value = 1 if ph.go() else 0
        dut.coef_ready.value = 1 if pc.go() else 0
        await ReadOnly()
        # (not in the clock the XOF is stopped, xof_end: its words are surplus then, and the
        # sampler, clearing its bit buffer, takes none)
        if (int(dut.u_sponge.out_valid.value) and int(dut.head_samp.value) and not int(dut.smp_ready.value)
                and not int(dut.xof_end.value)):
            stall += 1
        if int(dut.cmd_valid.value) and int(dut.cmd_ready.value):
            if nc == 0:
                first = cyc
            nc += 1
        if int(dut.in_valid.value) and int(dut.in_ready.value):
            nw += 1
            if nw == len(words[ni]):
                ni, nw = ni + 1, 0
        if int(dut.hash_valid.value) and int(dut.hash_ready.value):
            k = hash_ops[hi]
            keep = int(dut.hash_keep.value)
            nb = 8 if keep == 0xFF else bin(keep).count("1")
            outs[k] += int(dut.hash_data.value).to_bytes(8, "little")[:nb]
            if int(dut.hash_last.value):
                complete[k] = True
                hi += 1
                last = cyc
        if int(dut.coef_valid.value) and int(dut.coef_ready.value):
            k = coef_ops[ci]
            v = int(dut.coef_data.value)
            for lane in range(int(dut.coef_cnt.value)):
                outs[k].append((v >> (12 * lane)) & 0xFFF)
            if int(dut.coef_last.value):
                complete[k] = True
                ci += 1
                last = cyc
    await FallingEdge(dut.clk)
    dut.cmd_valid.value = 0
    dut.in_valid.value = 0
    return outs, {"clocks": last - first + 1, "sampler_stall_cycles": stall}


def rand_bytes(rng, n):
    return bytes(rng.getrandbits(8) for _ in range(n))


@cocotb.test()
async def samplers_random(dut):
    lib = kfhw.lib_from_env()
    rng = random.Random(int(os.environ.get("KF_HW_SEED", "1")))
    await kfhw.reset(dut)
    n = int(os.environ.get("KF_HW_SAMPLER_OPS", "24"))
    for p in ((0.0, 0.0, 0.0), (0.3, 0.4, 0.5), (0.1, 0.1, 0.8)):
        ops = []
        for _ in range(n // 3):
            op = rng.choice([OP_XOF, OP_XOF, OP_PRF2, OP_PRF3, OP_G, OP_H, OP_J])
            if op == OP_XOF:
                msg = rand_bytes(rng, 32) + bytes([rng.randrange(4), rng.randrange(4)])
            elif op in (OP_PRF2, OP_PRF3):
                msg = rand_bytes(rng, 32) + bytes([rng.randrange(256)])
            else:
                msg = rand_bytes(rng, rng.randrange(0, 300))
            ops.append((op, msg))
        outs, _ = await run_ops(dut, ops, rng, *p)
        for (op, msg), o in zip(ops, outs):
            exp = expected(lib, op, msg)
            got = bytes(o) if isinstance(o, bytearray) else o
            assert got == exp, f"op {op} msg {msg.hex()} stalls {p}: got {got} want {exp}"
    dut._log.info("samplers_random: %d operations equal the reference", 3 * (n // 3))


class MlKem:
    def __init__(self, path):
        self.l = ctypes.CDLL(path)
        self.l.kf_mlkem_keygen_internal.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_char_p,
                                                    ctypes.c_char_p, ctypes.c_char_p]
        self.l.kf_mlkem_encaps_internal.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_char_p,
                                                    ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]

    def keygen(self, d, z):
        ek, dk = ctypes.create_string_buffer(1184), ctypes.create_string_buffer(2400)
        assert self.l.kf_mlkem_keygen_internal(768, ek, dk, d, z) == 0
        return ek.raw, dk.raw

    def encaps(self, ek, m):
        ct, ss = ctypes.create_string_buffer(1088), ctypes.create_string_buffer(32)
        assert self.l.kf_mlkem_encaps_internal(768, ct, ss, ek, len(ek), m) == 0
        return ct.raw, ss.raw


@cocotb.test()
async def mlkem768_encaps(dut):
    lib = kfhw.lib_from_env()
    kem = MlKem(os.environ["KF_LIB"])
    rng = random.Random(int(os.environ.get("KF_HW_SEED", "1")) + 7)
    await kfhw.reset(dut)
    d, z, m = rand_bytes(rng, 32), rand_bytes(rng, 32), rand_bytes(rng, 32)
    ek, _ = kem.keygen(d, z)
    ct, ss = kem.encaps(ek, m)
    rho = ek[1152:]
    h = lib.sha3(256, ek)
    g = lib.sha3(512, m + h)
    r = g[32:]
    ops = [(OP_H, ek), (OP_G, m + h)]
    ops += [(OP_XOF, rho + bytes([j, i])) for i in range(3) for j in range(3)]
    ops += [(OP_PRF2, r + bytes([n])) for n in range(7)]  # y (eta1 = 2), e1, e2 (eta2 = 2)
    deps = [None, 0] + [None] * 9 + [1] * 7
    outs, st = await run_ops(dut, ops, rng, deps=deps)
    for k, ((op, msg), o) in enumerate(zip(ops, outs)):
        got = bytes(o) if isinstance(o, bytearray) else o
        assert got == expected(lib, op, msg), f"encaps call {k} (op {op}) differs from the reference"
    assert bytes(outs[0]) == h and bytes(outs[1]) == g
    assert bytes(outs[1])[:32] == ss, "K from the hardware's G(m||H(ek)) is not the library's shared secret"
    assert st["sampler_stall_cycles"] == 0, "the samplers stalled the squeeze stream"
    # J of decapsulation's implicit rejection, J(z || c), timed on its own
    outs_j, st_j = await run_ops(dut, [(OP_J, z + ct)], rng)
    assert bytes(outs_j[0]) == lib.shake(256, z + ct, 32)
    # one SHAKE128 block in and out, one permutation: timed as single operations
    dut._log.info("mlkem768_encaps: %d clocks (H, G, 9 x SampleNTT, 7 x CBD), %d sampler stall cycles; "
                  "J(z||c) %d clocks; K == library's shared secret", st["clocks"], st["sampler_stall_cycles"],
                  st_j["clocks"])
    out = os.environ.get("KF_HW_CLOCKS_JSON")
    if out:
        with open(out, "w") as f:
            json.dump({"encaps_hash_clocks": st["clocks"], "sampler_stall_cycles": st["sampler_stall_cycles"],
                       "j_clocks": st_j["clocks"]}, f)


@cocotb.test()
async def undefined_ops(dut):
    """cmd_op 6 and 7 (no operation) are answered (cmd_ready) with cmd_err set, never left
    waiting (a bus master waited for ever: issue 41), and the next operation runs with cmd_err
    cleared."""
    from cocotb.triggers import FallingEdge, ReadOnly
    lib = kfhw.lib_from_env()
    rng = random.Random(int(os.environ.get("KF_HW_SEED", "1")) + 5)
    await kfhw.reset(dut)
    for op in (6, 7, 6):
        answered = False
        for _ in range(8):
            await FallingEdge(dut.clk)
            dut.cmd_valid.value = 1
            dut.cmd_op.value = op
            await ReadOnly()
            if int(dut.cmd_ready.value):
                answered = True
                break
        assert answered, f"cmd_op {op}: never answered"
        await FallingEdge(dut.clk)
        dut.cmd_valid.value = 0
        await ReadOnly()
        assert int(dut.cmd_err.value) == 1, f"cmd_op {op}: cmd_err not set"
        ops = [(OP_H, rand_bytes(rng, 70))]
        outs, _ = await run_ops(dut, ops, rng)
        assert bytes(outs[0]) == expected(lib, OP_H, ops[0][1]), "the operation after an undefined one"
        assert int(dut.cmd_err.value) == 0, "cmd_err not cleared by a defined operation"
    dut._log.info("undefined_ops: cmd_op 6/7 answered with cmd_err, the next H right")

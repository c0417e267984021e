# SPDX-License-Identifier: Apache-2.0 OR MIT
"""bench_clocks.py - clock counts of keccak_sponge for hw/bench_hw.py (cocotb, no stalls).

- permutation: clocks from the core's start to its done (24 rounds; 12 for TurboSHAKE);
- SHAKE128 absorb: clocks per 168-byte block in the steady state of a 40-block message
  (input word offered every clock), from the 2nd to the 40th block's start;
- SHAKE128 squeeze: clocks per 168-byte output block in the steady state of a 40-block
  output (output taken every clock);
each output is also compared with the library, so the figures are of a working design.
Writes {name: clocks} to $KF_HW_CLOCKS_JSON."""
import json
import os
import random

import cocotb
from cocotb.triggers import FallingEdge, ReadOnly

import kfhw


@cocotb.test()
async def clocks(dut):
    lib = kfhw.lib_from_env()
    rng = random.Random(5)
    await kfhw.reset(dut)
    res = {}
    # watch the core's start/done while jobs run
    starts, dones = [], []
    cyc = [0]

    async def watch():
        while True:
            await FallingEdge(dut.clk)
            cyc[0] += 1
            await ReadOnly()
            if int(dut.u_core.start.value) and not int(dut.u_core.busy.value):
                starts.append(cyc[0])
            if int(dut.u_core.done.value):
                dones.append(cyc[0])

    w = cocotb.start_soon(watch())
    for mode, nr in ((4, 24), (6, 12)):
        starts.clear()
        dones.clear()
        msg = bytes(rng.getrandbits(8) for _ in range(40))
        job = {"mode": mode, "msg": msg, "outlen": 32, "limited": True, "domain": 0x1F}
        out = (await kfhw.run_sponge_jobs(dut, [job], rng))[0]
        assert out == lib.mode_ref(mode, msg, 32, 0x1F)
        res[f"permutation-{nr}"] = dones[0] - starts[0]
    # absorb: 40 blocks in
    starts.clear()
    msg = bytes(rng.getrandbits(8) for _ in range(168 * 40 - 1))
    job = {"mode": 4, "msg": msg, "outlen": 32, "limited": True}
    out = (await kfhw.run_sponge_jobs(dut, [job], rng))[0]
    assert out == lib.shake(128, msg, 32)
    res["shake128-absorb-block"] = (starts[39] - starts[1]) / 38
    # squeeze: 40 blocks out
    starts.clear()
    job = {"mode": 4, "msg": b"abc", "outlen": 168 * 40, "limited": True}
    out = (await kfhw.run_sponge_jobs(dut, [job], rng))[0]
    assert out == lib.shake(128, b"abc", 168 * 40)
    res["shake128-squeeze-block"] = (starts[39] - starts[1]) / 38
    w.cancel()
    dut._log.info("clocks: %s", res)
    path = os.environ.get("KF_HW_CLOCKS_JSON")
    if path:
        with open(path, "w") as f:
            json.dump(res, f)

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""mlkem_phases.py - where mlkem_top's clocks go, from a profile test_mlkem_top.py wrote
(KF_HW_MLKEM_PROFILE=file): per operation, the clocks of each kind of instruction (fetch
included), the clocks the sequencer waited for the NTT unit (an NTTU before its transform
was done), and with --list every instruction with its clocks.

  python3 hw/tests/run.py mlkem --lib build/libkeccakforge.so --sim verilator \\
      --testcase keygen,encaps,decaps --env KF_HW_MLKEM_PROFILE=/tmp/prof.json
  python3 hw/tests/mlkem_phases.py /tmp/prof.json [--list]
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "rtl", "mlkem"))
import gen_mlkem_prog as g  # noqa: E402

OPN = {v: k for k, v in g.OPS.items()}
HASHN = {g.G: "G", g.H: "H", g.J: "J", g.PRF2: "PRF/CBD", g.PRF3: "PRF/CBD", g.XOF: "XOF"}


def rom():
    words = []
    for _, _, prog in g.programs():
        words += prog
    return words


def kind(word):
    op = OPN[word & 15]
    f = (word >> 72) & 0xFF
    if op == "HASH":
        h = HASHN[f & 7]
        return "hash " + ("XOF -> basemul (A o x)" if h == "XOF" else h)
    if op == "NTTU":
        return "NTT unload" + (" + add" if f & 2 else "")
    if op == "NTT":
        return "NTT load + start (" + ("inverse" if f & 1 else "forward") + ")"
    if op == "ENC":
        return "compress + encode" if f & 0x10 else "encode (d = 12)"
    if op == "DEC":
        return "decode + decompress" if f & 0x10 else "decode (d = 12)"
    return op.lower()


def main():
    path = sys.argv[1]
    with open(path) as f:
        prof = json.load(f)
    words = rom()
    for what in sorted(prof):
        p = prof[what]
        tot, wait, n = {}, 0, {}
        for pc, clk, w in p["rows"]:
            k = kind(words[pc][0])
            tot[k] = tot.get(k, 0) + clk - w
            n[k] = n.get(k, 0) + 1
            wait += w
        print(f"{what}: {p['clocks']} clocks, {len(p['rows'])} instructions")
        for k, v in sorted(tot.items(), key=lambda kv: -kv[1]):
            print(f"  {k:<34} {v:>6} clocks  {n[k]:>3} x  ({100 * v / p['clocks']:4.1f}%)")
        print(f"  {'waiting for the NTT unit':<34} {wait:>6} clocks        ({100 * wait / p['clocks']:4.1f}%)")
        if "--list" in sys.argv[2:]:
            for pc, clk, w in p["rows"]:
                print(f"    {pc:>4} {clk:>5} {('wait ' + str(w)) if w else '':>9}  {words[pc][1]}")
        print()


if __name__ == "__main__":
    main()

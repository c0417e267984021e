# SPDX-License-Identifier: Apache-2.0 OR MIT
"""rvv_regs.py - the test benches' view of rvv_unit's register file, built with TB_ACCESS = 1
(hw/rtl/rvv/rvv_unit.v): ELENUM banks of 32 words, element 5i + x of register q is word q of
bank 5i + (x + q) % 5; g_rf[b].g_tb.tb_words holds bank b's words (word q at bits q * ELEN);
writing tb_vrf_in (register q element e at bits (q * ELENUM + e) * ELEN) and changing tb_load
deposits all registers at once. Registers as lists: v[q][e]."""


def pack(v, elen):
    out = 0
    n = len(v[0])
    for q in range(32):
        for e in range(n):
            out |= v[q][e] << ((q * n + e) * elen)
    return out


def unpack(value, elen, elenum):
    mask = (1 << elen) - 1
    return [[(value >> ((q * elenum + e) * elen)) & mask for e in range(elenum)] for q in range(32)]


_BANKS = {}


def read_vregs(unit, elen, elenum):
    """All 32 registers (ValueError if a bit is X or Z) as the next instruction's read sees
    them: the banks' tb_words with the write the second compute stage makes in this cycle
    (tb_pwe, tb_pwa, tb_pwd; the previous instruction's last register, after its last cycle)."""
    key = (id(unit), elenum)
    if key not in _BANKS:
        _BANKS[key] = [(t.tb_words, t.tb_pwe, t.tb_pwa, t.tb_pwd)
                       for t in (unit.g_rf[b].g_tb for b in range(elenum))]
    v = [[0] * elenum for _ in range(32)]
    mask = (1 << elen) - 1
    for b, (h, pwe, pwa, pwd) in enumerate(_BANKS[key]):
        words = int(h.value)
        i, j = divmod(b, 5)
        for q in range(32):
            v[q][5 * i + (j - q) % 5] = (words >> (q * elen)) & mask
        if int(pwe.value):
            q = int(pwa.value)
            v[q][5 * i + (j - q) % 5] = int(pwd.value)
    return v


_LOADS = [0]


def write_vregs(unit, v, elen):
    """Deposit v (32 lists of ELENUM elements) into the banks."""
    unit.tb_vrf_in.value = pack(v, elen)
    _LOADS[0] = _LOADS[0] % 1000000 + 1
    unit.tb_load.value = _LOADS[0]

# SPDX-License-Identifier: Apache-2.0 OR MIT
"""rvv_encoding.py - the one definition of how the programs of the seed-003 vector unit are
encoded as 32-bit RISC-V words: seed 003's ten custom instructions (and the model's
beyond-the-paper ones) in the custom-2 major opcode, the RVV 1.0 / Zvbb subset and the RV32I
scalar instructions the programs use. The seed publishes no encoding; this one is the
project's (table: README.md, "Encoding"; the RTL's decoder constants are generated from
CUSTOM below by hw/rtl/rvv/gen_rvv_tables.py).

Custom words use the OP-V field layout (RVV 1.0 §10.1), opcode custom-2 = 0x5B:

    31      26  25  24   20 19       15 14    12 11   7 6      0
    | funct6 | vm |  vs2  | vs1/rs1/imm | funct3 |  vd  | 1011011 |

funct3 says what bits 19:15 hold, as in OP-V: OPIVV (000) a vector register vs1, OPIVI (011)
a 5-bit immediate (simm5 or uimm5), OPIVX (100) a scalar register rs1. vm = 1 (unmasked): the
programs use no masks and the unit implements none (vm = 0 is a reserved encoding). vrotup's
6-bit rotate amount keeps imm[5] in bit 26 (funct6's low bit), as Zvbb's vror.vi does.

  assemble(text)  -> (words, symbols)     the model's assembly text -> words (4 bytes each)
  decode(word, ...) -> Instr              one word -> the model's instruction form
  decode_program(words, symbols) -> (instrs, labels)   what rvv_ise.execute runs
  gnu_as_text(text) -> str                the same program for GNU as (RVV 1.0 mnemonics;
                                          custom words as `.insn r` with their fields)
"""
import re

import rvv_ise as R

OPCODE_CUSTOM2 = 0x5B
OPCODE_OPV = 0x57
OPCODE_LOADFP = 0x07
OPCODE_STOREFP = 0x27
OPCODE_OPIMM = 0x13
OPCODE_BRANCH = 0x63
OPCODE_JAL = 0x6F

OPIVV, OPIVI, OPIVX, OPCFG = 0b000, 0b011, 0b100, 0b111
FUNCT3_NAME = {OPIVV: "OPIVV", OPIVI: "OPIVI", OPIVX: "OPIVX"}

# Operand forms (the assembly operands, and what bits 19:15 hold):
#   "vv"    vd, vs2, vs1          bits 19:15 = vs1             (OPIVV)
#   "v2"    vd, vs2               bits 19:15 = 0               (OPIVV)
#   "vx"    vd, vs2, rs1          bits 19:15 = rs1             (OPIVX)
#   "simm"  vd, vs2, simm         bits 19:15 = simm5, two's complement   (OPIVI)
#   "uimm"  vd, vs2, uimm         bits 19:15 = uimm5           (OPIVI)
#   "uimm6" vd, vs2, uimm         bits 19:15 = uimm[4:0], bit 26 = uimm[5]  (OPIVI)
#   "v1"    vd, vs1               vs2 = 0, bits 19:15 = vs1 (vmv.v.v)  (OPIVV)
FORM_FUNCT3 = {"vv": OPIVV, "v2": OPIVV, "vx": OPIVX, "simm": OPIVI, "uimm": OPIVI,
               "uimm6": OPIVI, "v1": OPIVV}

# Seed 003's ten instructions, then the model's beyond-the-paper ones (README.md, "Beyond the
# paper"): mnemonic -> (funct6, form, immediate range or None). The immediate range is what
# the encoding admits; the model narrows some further (rows -1..4, slide offsets 0..4).
CUSTOM = {
    "vslidedownm.vi": (0b000000, "uimm", (0, 4)),
    "vslideupm.vi":   (0b000001, "uimm", (0, 4)),
    "vrotup.vi":      (0b000010, "uimm6", (0, 63)),   # 000010 / 000011: imm[5] in bit 26
    "v64rho.vi":      (0b000100, "simm", (-1, 4)),
    "vpi.vi":         (0b000101, "simm", (-1, 4)),
    "v32lrotup.vi":   (0b001000, "vv", None),
    "v32hrotup.vi":   (0b001001, "vv", None),
    "v32lrho.vi":     (0b001010, "vv", None),
    "v32hrho.vi":     (0b001011, "vv", None),
    "viota.vx":       (0b001100, "vx", None),
    # beyond the seed
    "vrhopi.vi":      (0b010000, "simm", (-1, 4)),
    "vchi.vv":        (0b010001, "v2", None),
    "vtheta.vv":      (0b010010, "v2", None),
    "viota8.vx":      (0b010011, "vx", None),
    "vkeccak.vx":     (0b010100, "vx", None),
}
SEED_CUSTOM = R.CUSTOM_OPS  # the ten of the seed, in the order of its tables

# RVV 1.0 (and Zvbb) arithmetic in OP-V: mnemonic -> (funct6, form, immediate range)
STANDARD = {
    "vxor.vv": (0b001011, "vv", None), "vxor.vx": (0b001011, "vx", None),
    "vxor.vi": (0b001011, "simm", R.SIMM5),
    "vand.vv": (0b001001, "vv", None), "vor.vv": (0b001010, "vv", None),
    "vsll.vv": (0b100101, "vv", None), "vsll.vx": (0b100101, "vx", None),
    "vsll.vi": (0b100101, "uimm", R.UIMM5),
    "vsrl.vv": (0b101000, "vv", None), "vsrl.vx": (0b101000, "vx", None),
    "vsrl.vi": (0b101000, "uimm", R.UIMM5),
    "vmv.v.v": (0b010111, "v1", None),
    # Zvbb (binutils 2.40 cannot assemble these: only the model's encoder is checked for them)
    "vandn.vv": (0b000001, "vv", None),
    "vror.vv": (0b010100, "vv", None), "vror.vi": (0b010100, "uimm6", R.UIMM6),
    "vrol.vv": (0b010101, "vv", None),
}
ZVBB = ("vandn.vv", "vror.vv", "vror.vi", "vrol.vv")

# unit-stride loads/stores: mnemonic -> width field (EEW 32 / 64)
MEMORY = {"vle32.v": 0b110, "vle64.v": 0b111, "vse32.v": 0b110, "vse64.v": 0b111}

SEW_CODE = {8: 0b000, 16: 0b001, 32: 0b010, 64: 0b011}
LMUL_CODE = {1: 0b000, 2: 0b001, 4: 0b010, 8: 0b011}

ABI = {"zero": 0, "x0": 0, "ra": 1, "sp": 2, "gp": 3, "tp": 4, "t0": 5, "t1": 6, "t2": 7,
       "s0": 8, "fp": 8, "s1": 9, **{f"a{i}": 10 + i for i in range(8)},
       **{f"s{i}": 16 + i for i in range(2, 12)}, **{f"t{i}": 25 + i for i in range(3, 7)}}
ABI_NAME = {i: n for n, i in ABI.items() if n not in ("zero", "fp")}  # x0, ra, ..., s0, s1, a0, ...
BRANCH_FUNCT3 = {"beq": 0b000, "bne": 0b001, "blt": 0b100, "bge": 0b101}


class EncodingError(R.ModelError):
    """An instruction or operand the encoding has no word for."""


def _field(value, bits, what):
    if not 0 <= value < (1 << bits):
        raise EncodingError(f"{what} {value} does not fit {bits} bits")
    return value


def _vreg(text):
    m = re.fullmatch(r"v(\d+)", text.strip())
    if not m or int(m.group(1)) > 31:
        raise EncodingError(f"not a vector register: {text}")
    return int(m.group(1))


def _xreg(text):
    t = text.strip()
    if t in ABI:
        return ABI[t]
    m = re.fullmatch(r"x(\d+)", t)
    if m and int(m.group(1)) < 32:
        return int(m.group(1))
    raise EncodingError(f"not a scalar register: {text}")


def _imm(text, lo, hi, what):
    try:
        v = int(text, 0)
    except ValueError:
        raise EncodingError(f"{what}: not a number: {text}") from None
    if not lo <= v <= hi:
        raise EncodingError(f"{what} {v} out of range {lo}..{hi}")
    return v


def opv_word(opcode, funct6, vm, vs2, f15, funct3, vd):
    """The OP-V layout (also the custom-2 words)."""
    return (_field(funct6, 6, "funct6") << 26 | _field(vm, 1, "vm") << 25 | _field(vs2, 5, "vs2") << 20
            | _field(f15, 5, "bits 19:15") << 15 | _field(funct3, 3, "funct3") << 12
            | _field(vd, 5, "vd") << 7 | _field(opcode, 7, "opcode"))


def _arith_fields(op, args, table):
    """(funct6, vs2, bits 19:15, funct3, vd) of an OP-V-layout instruction."""
    funct6, form, rng = table[op]
    n_args = {"v2": 2, "v1": 2}.get(form, 3)
    if len(args) != n_args:
        raise EncodingError(f"{op}: {n_args} operands expected, got {len(args)}")
    vd = _vreg(args[0])
    if form == "v1":
        return funct6, 0, _vreg(args[1]), OPIVV, vd
    vs2 = _vreg(args[1])
    if form == "vv":
        f15 = _vreg(args[2])
    elif form == "v2":
        f15 = 0
    elif form == "vx":
        f15 = _xreg(args[2])
    elif form == "simm":
        f15 = _imm(args[2], *(rng or R.SIMM5), op) & 31
    elif form == "uimm":
        f15 = _imm(args[2], *(rng or R.UIMM5), op)
    else:  # uimm6
        v = _imm(args[2], *(rng or R.UIMM6), op)
        funct6, f15 = funct6 | (v >> 5), v & 31
    return funct6, vs2, f15, FORM_FUNCT3[form], vd


def _b_imm(off):
    if off % 2 or not -4096 <= off < 4096:
        raise EncodingError(f"branch offset {off} out of range")
    o = off & 0x1FFF
    return ((o >> 12) & 1) << 31 | ((o >> 5) & 0x3F) << 25 | ((o >> 1) & 0xF) << 8 | ((o >> 11) & 1) << 7


def _j_imm(off):
    if off % 2 or not -(1 << 20) <= off < (1 << 20):
        raise EncodingError(f"jump offset {off} out of range")
    o = off & 0x1FFFFF
    return ((o >> 20) & 1) << 31 | ((o >> 1) & 0x3FF) << 21 | ((o >> 11) & 1) << 20 | ((o >> 12) & 0xFF) << 12


def _addi(rd, rs1, imm):
    return (imm & 0xFFF) << 20 | rs1 << 15 | rd << 7 | OPCODE_OPIMM


def encode(ins, pc=0, labels=None):
    """One instruction (rvv_ise.Instr, or (op, args)) -> its 32-bit word. labels: name -> byte
    address, for branches and jumps (pc is the instruction's byte address)."""
    op, args = (ins.op, ins.args) if isinstance(ins, R.Instr) else ins
    labels = labels or {}
    if any(a == "v0.t" for a in args):
        raise EncodingError(f"{op}: masked forms are not encoded (the unit has no masks)")
    if op in CUSTOM:
        funct6, vs2, f15, funct3, vd = _arith_fields(op, args, CUSTOM)
        return opv_word(OPCODE_CUSTOM2, funct6, 1, vs2, f15, funct3, vd)
    if op in STANDARD:
        funct6, vs2, f15, funct3, vd = _arith_fields(op, args, STANDARD)
        return opv_word(OPCODE_OPV, funct6, 1, vs2, f15, funct3, vd)
    if op == "vsetvli":
        if len(args) < 4:
            raise EncodingError("vsetvli rd, rs1, eSEW, mLMUL[, tu|ta, mu|ma]")
        sew = int(args[2][1:]) if re.fullmatch(r"e\d+", args[2]) else None
        lmul = int(args[3][1:]) if re.fullmatch(r"m\d+", args[3]) else None
        if sew not in SEW_CODE or lmul not in LMUL_CODE:
            raise EncodingError(f"vsetvli: e{sew} m{lmul} not encoded (fractional LMUL is not used)")
        pol = args[4:]
        if any(p not in ("tu", "ta", "mu", "ma") for p in pol):
            raise EncodingError(f"vsetvli: unknown policy in {pol}")
        vtype = LMUL_CODE[lmul] | SEW_CODE[sew] << 3 | ("ta" in pol) << 6 | ("ma" in pol) << 7
        return vtype << 20 | _xreg(args[1]) << 15 | OPCFG << 12 | _xreg(args[0]) << 7 | OPCODE_OPV
    if op in MEMORY:
        m = re.fullmatch(r"\(\s*(\w+)\s*\)", args[1].strip()) if len(args) == 2 else None
        if not m:
            raise EncodingError(f"{op} vd, (rs1) expected")
        opcode = OPCODE_LOADFP if op.startswith("vle") else OPCODE_STOREFP
        # nf 000, mew 0, mop 00 (unit stride), vm 1, lumop/sumop 00000
        return 1 << 25 | _xreg(m.group(1)) << 15 | MEMORY[op] << 12 | _vreg(args[0]) << 7 | opcode
    if op == "addi":
        return _addi(_xreg(args[0]), _xreg(args[1]), _imm(args[2], -2048, 2047, "addi immediate"))
    if op == "li":   # one word only: the programs load small constants (lui + addi is not modelled)
        return _addi(_xreg(args[0]), 0, _imm(args[1], -2048, 2047, "li immediate (12-bit only)"))
    if op == "mv":
        return _addi(_xreg(args[0]), _xreg(args[1]), 0)
    if op in BRANCH_FUNCT3 or op == "j":
        target = args[-1]
        if target not in labels:
            raise EncodingError(f"{op}: unknown label {target}")
        off = labels[target] - pc
        if op == "j":
            return _j_imm(off) | OPCODE_JAL
        return (_b_imm(off) | _xreg(args[1]) << 20 | _xreg(args[0]) << 15 | BRANCH_FUNCT3[op] << 12
                | OPCODE_BRANCH)
    raise EncodingError(f"no encoding for {op}")


def assemble(text):
    """The model's assembly text -> (words, symbols): symbols maps label -> byte address.
    Every instruction is one 4-byte word (no compressed forms, no multi-word pseudos)."""
    instrs, labels = R.parse(text)
    symbols = {name: 4 * idx for name, idx in labels.items()}
    words = []
    for k, ins in enumerate(instrs):
        try:
            words.append(encode(ins, 4 * k, symbols))
        except EncodingError as e:
            raise EncodingError(f"line {ins.line}: {ins.text}: {e}") from None
    return words, symbols


def _sext(v, bits):
    return v - (1 << bits) if v >> (bits - 1) & 1 else v


_CUSTOM_BY_F6 = {}
for _name, (_f6, _form, _rng) in CUSTOM.items():
    _CUSTOM_BY_F6[(_f6, FORM_FUNCT3[_form])] = _name
    if _form == "uimm6":
        _CUSTOM_BY_F6[(_f6 | 1, FORM_FUNCT3[_form])] = _name
_STANDARD_BY_F6 = {}
for _name, (_f6, _form, _rng) in STANDARD.items():
    _STANDARD_BY_F6[(_f6, FORM_FUNCT3[_form])] = _name
    if _form == "uimm6":
        _STANDARD_BY_F6[(_f6 | 1, FORM_FUNCT3[_form])] = _name


def _disasm_arith(name, table, w):
    funct6, form, _ = table[name]
    vd, f15, vs2 = (w >> 7) & 31, (w >> 15) & 31, (w >> 20) & 31
    if form == "v1":
        if vs2:
            raise EncodingError(f"{name}: vs2 must be 0 in {w:08x}")
        return [f"v{vd}", f"v{f15}"]
    if form == "v2" and f15:
        raise EncodingError(f"{name}: bits 19:15 must be 0 in {w:08x}")
    third = {"vv": f"v{f15}", "v2": None, "vx": ABI_NAME[f15], "simm": str(_sext(f15, 5)),
             "uimm": str(f15), "uimm6": str(((w >> 26) & 1) << 5 | f15)}[form]
    return [f"v{vd}", f"v{vs2}"] + ([third] if third is not None else [])


def decode(word, pc=0, symbols_by_addr=None):
    """One 32-bit word -> rvv_ise.Instr (op, operands as the model's text). Branch and jump
    targets are named by symbols_by_addr (byte address -> label) or as L<address>."""
    w = word & 0xFFFFFFFF
    opcode, funct3 = w & 0x7F, (w >> 12) & 7
    names = symbols_by_addr or {}

    def lab(addr):
        return names.get(addr, f"L{addr}")

    if opcode in (OPCODE_CUSTOM2, OPCODE_OPV) and not (opcode == OPCODE_OPV and funct3 == OPCFG):
        if not (w >> 25) & 1:
            raise EncodingError(f"{w:08x}: vm = 0 (masked) is reserved")
        table, by = (CUSTOM, _CUSTOM_BY_F6) if opcode == OPCODE_CUSTOM2 else (STANDARD, _STANDARD_BY_F6)
        name = by.get((w >> 26, funct3))
        if name is None:
            raise EncodingError(f"{w:08x}: no instruction with funct6 {w >> 26:06b}, funct3 {funct3:03b}")
        args = _disasm_arith(name, table, w)
    elif opcode == OPCODE_OPV:  # OPCFG: vsetvli only
        if w >> 31:
            raise EncodingError(f"{w:08x}: only vsetvli of the configuration instructions is implemented")
        vtype = (w >> 20) & 0x7FF
        sew = {v: k for k, v in SEW_CODE.items()}.get((vtype >> 3) & 7)
        lmul = {v: k for k, v in LMUL_CODE.items()}.get(vtype & 7)
        if sew is None or lmul is None or vtype >> 8:
            raise EncodingError(f"{w:08x}: vtype {vtype:#x} not implemented")
        name = "vsetvli"
        args = [ABI_NAME[(w >> 7) & 31], ABI_NAME[(w >> 15) & 31], f"e{sew}", f"m{lmul}",
                "ta" if vtype >> 6 & 1 else "tu", "ma" if vtype >> 7 & 1 else "mu"]
    elif opcode in (OPCODE_LOADFP, OPCODE_STOREFP):
        if (w >> 25) != 1 or (w >> 20) & 31:
            raise EncodingError(f"{w:08x}: only unmasked unit-stride vector loads/stores are implemented")
        width = {0b110: 32, 0b111: 64}.get(funct3)
        if width is None:
            raise EncodingError(f"{w:08x}: width {funct3:03b} not implemented")
        name = ("vle" if opcode == OPCODE_LOADFP else "vse") + f"{width}.v"
        args = [f"v{(w >> 7) & 31}", f"({ABI_NAME[(w >> 15) & 31]})"]
    elif opcode == OPCODE_OPIMM and funct3 == 0:
        name = "addi"
        args = [ABI_NAME[(w >> 7) & 31], ABI_NAME[(w >> 15) & 31], str(_sext(w >> 20, 12))]
    elif opcode == OPCODE_BRANCH and funct3 in BRANCH_FUNCT3.values():
        off = _sext(((w >> 31) & 1) << 12 | ((w >> 7) & 1) << 11 | ((w >> 25) & 0x3F) << 5
                    | ((w >> 8) & 0xF) << 1, 13)
        name = {v: k for k, v in BRANCH_FUNCT3.items()}[funct3]
        args = [ABI_NAME[(w >> 15) & 31], ABI_NAME[(w >> 20) & 31], lab(pc + off)]
    elif opcode == OPCODE_JAL and (w >> 7) & 31 == 0:
        off = _sext(((w >> 31) & 1) << 20 | ((w >> 12) & 0xFF) << 12 | ((w >> 20) & 1) << 11
                    | ((w >> 21) & 0x3FF) << 1, 21)
        name, args = "j", [lab(pc + off)]
    else:
        raise EncodingError(f"{w:08x}: not an instruction of the programs' subset")
    return R.Instr(name, args, pc // 4, f"{name} {', '.join(args)}", None)


def decode_program(words, symbols=None):
    """Words (from address 0) -> (instrs, labels) for rvv_ise.execute: labels by instruction
    index, the given symbols (label -> byte address) plus one per branch target."""
    by_addr = {a: n for n, a in (symbols or {}).items()}
    instrs = [decode(w, 4 * k, by_addr) for k, w in enumerate(words)]
    labels = {n: a // 4 for n, a in (symbols or {}).items()}
    for ins in instrs:
        if ins.op in BRANCH_FUNCT3 or ins.op == "j":
            t = ins.args[-1]
            if t not in labels:
                m = re.fullmatch(r"L(-?\d+)", t)
                labels[t] = int(m.group(1)) // 4
    return instrs, labels


def gnu_as_text(text):
    """The program for GNU as (riscv64-linux-gnu-as -march=rv32imv): labels and the standard
    instructions as written (RVV 1.0 mnemonics), each custom instruction as `.insn r` with its
    fields (opcode, funct3, funct7 = funct6 || vm, then the register numbers of bits 11:7,
    19:15 and 24:20, written as x-registers since `.insn r` takes no vector registers).
    No compressed forms and no linker relaxation, so every line is one 4-byte word."""
    out = [".option norvc", ".option norelax", ".text"]
    instrs, labels = R.parse(text)
    at = {}
    for name, idx in labels.items():
        at.setdefault(idx, []).append(name)
    for k, ins in enumerate(instrs + [None]):
        for name in at.get(k, []):
            out.append(f"{name}:")
        if ins is None:
            break
        if ins.op in CUSTOM:
            funct6, vs2, f15, funct3, vd = _arith_fields(ins.op, ins.args, CUSTOM)
            out.append(f"\t.insn r {OPCODE_CUSTOM2:#x}, {funct3}, {funct6 << 1 | 1:#x}, x{vd}, x{f15}, x{vs2}"
                       f"\t# {ins.op} {', '.join(ins.args)}")
        else:
            out.append(f"\t{ins.op} {', '.join(ins.args)}")
    return "\n".join(out) + "\n"

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every AVX-512 kernel of the library, run on an emulated CPU, against the portable C.

Why: on a host without AVX-512 (AMD Zen 3, older Intel) the AVX-512 backends and ML-KEM's
AVX-512 arithmetic never run, so the tests that cover them there report Skipped, and neither
QEMU 7.2 nor 10 emulates AVX-512. Bochs does, and PyPI's bochscpu-python makes its CPU a
library: this test runs the kernels on it, on any x86-64 host.

How:
  * tests/avx512_emu/CMakeLists.txt builds avx512_emu_image.elf: the library's own AVX-512
    sources (avx512vl-x1, avx512vl-x1-pairs, avx512vl-x4, avx512-x8 with its oneblock,
    leaves, leaves_node and xof, the avx512-x9 hybrid with its xof_side and avx512vl-x5,
    ML-KEM's NTT, base multiplication, row of t^, ByteEncode_12 / ByteDecode_12, rejection
    sampling in a buffer and in the Keccak lanes, CBD; ML-DSA's NTT, inverse NTT, row of
    pointwise products and the rejection steps of RejNTTPoly and RejBoundedPoly),
    compiled again freestanding (no libc, -mno-red-zone,
    static, at emu_layout.h's fixed address), with emu_ops.c, which runs one command (an
    operation, its parameters and input bytes at fixed addresses) and then `hlt`s.
  * This script maps the image into an identity page table (2 MiB pages) in long mode, with
    CR4.OSFXSR/OSXSAVE and XCR0 = 0xE7 (x87, SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM) on
    Bochs's Sapphire Rapids model, writes each command, runs to the `hlt`, and reads the
    output back.
  * The host helper (host_ref.c, through ctypes) runs the same command on the portable C:
    Keccak on opt64 with the batched operations written out from keccak_backend.h's
    contracts, ML-KEM on the *_portable functions and FIPS 203's definitions (as
    tests/test_backends_xn.c, test_leaves_node.c and test_mlkem_simd.c do natively). The
    outputs must be equal, byte for byte, status and lengths included.
  * Inputs are pseudo-random from a fixed seed (--seed), with the extremes the native tests
    use (coefficients at the ends of their range, bytes that make rejection take all or
    nothing, KT's 8 KiB leaves, node block counts past the leaf loop's room, xof inputs and
    outputs at a block's end and long enough for avx512-x8's scalar-copy absorb).
  * Controls: the same command with XCR0 = 0x7 (no AVX-512 state enabled) must raise #UD,
    and the emulated CPU must report every feature the kernels need (else: failure).
  * Two emulator defects (README.md beside this file): probed for on every run; the
    commands they would spoil are left to the native code and counted in the report.

On an AVX-512 host too: decided to run there as well, and there to compare the emulated
results with the same kernels run natively (the host helper's mode 1). It costs about the
same as on any host, and it is what makes a pass on an AVX2-only host believable: on the
machines that can check it, the emulator is seen to agree with silicon on every command it
runs (the two defects above were found that way: emulated != native == portable).

Skipped (77) when bochscpu-python is not installed or cannot be loaded (with or without
the glibc 2.38 shim, glibc238_shim.c); not built in sanitizer or cross builds.
"""
import argparse
import ctypes
import mmap
import os
import random
import re
import struct
import sys
import time

SKIP = 77
CMD_FMT = "<II8QQQq"           # struct kf_emu_cmd (emu_ops.h)
CMD_SIZE = struct.calcsize(CMD_FMT)
SENTINEL = -0x5A5A5A5A         # preset status: no operation writes it
NO_BACKENDS = 8                # KF_EMU_MAX_BACKENDS
INFO_FMT = "<4I" + "24sII" * (2 * NO_BACKENDS)

# emu_ops.h's operations
(INFO, X1_PERMUTE, X1_BYTES, X1_ABSORB, X1_ONEBLOCK, XN_PERMUTE, XN_BYTES, XN_ABSORB, XN_ONEBLOCK,
 XN_PERMUTE_FROM, XN_LEAVES, XN_LEAVES_NODE, XN_XOF, MK_NTT, MK_BASEMUL, MK_ROW, MK_TOBYTES, MK_FROMBYTES,
 MK_REJ, MK_REJ_BLOCK, MK_CBD, MD_NTT, MD_INVNTT, MD_ACC, XN_XOF_SIDE, MD_REJ, XN_XOF_STRIDED) = range(1, 28)
HAS_ABSORB, HAS_ONEBLOCK, HAS_PERMUTE_FROM, HAS_LEAVES, HAS_LEAVES_NODE, HAS_XOF, HAS_XOF_SIDE = 1, 2, 4, 8, 16, 32, 64
HAS_XOF_STRIDED = 128
MLDSA_Q = 8380417

# keccak_backend.h's feature bits the kernels need: BMI1, BMI2, AVX512F, VL, BW, VBMI, VBMI2, BITALG
FEATURES = {"bmi1": 1 << 0, "bmi2": 1 << 1, "avx512f": 1 << 3, "avx512vl": 1 << 4, "avx512bw": 1 << 5,
            "avx512vbmi": 1 << 6, "avx512vbmi2": 1 << 7, "avx512bitalg": 1 << 10}
# every AVX-512 backend the image must hold (dispatch.c's x86-64 list less avx2-x4, opt64-bmi2)
EXPECT_X1 = ["avx512vl-x1", "avx512vl-x1-pairs"]
EXPECT_XN = ["avx512-x8", "avx512vl-x4", "avx512-x9", "avx512vl-x5"]

Q = 3329
POLY = 512     # sizeof(kf_mlkem_poly): 256 int16


def layout(path):
    """emu_layout.h's KF_EMU_* addresses."""
    found = dict(re.findall(r"#define KF_EMU_(\w+) (0x[0-9A-Fa-f]+)", open(path).read()))
    return {k: int(v, 16) for k, v in found.items()}


def load_bochscpu(shim):
    """Import bochscpu, with the glibc 2.38 shim if the wheel needs it; None if it cannot."""
    try:
        import bochscpu  # noqa: F401
        return sys.modules["bochscpu"]
    except ImportError as e:
        if "__isoc23_" not in str(e):
            print(f"avx512_emu: bochscpu-python is not importable ({e})")
            return None
    if not shim or not os.path.exists(shim):
        print("avx512_emu: bochscpu-python needs glibc 2.38's __isoc23_* and the shim is missing")
        return None
    try:
        ctypes.CDLL(shim, mode=ctypes.RTLD_GLOBAL)
        for m in [m for m in sys.modules if m.startswith("bochscpu")]:
            del sys.modules[m]
        import bochscpu
        import bochscpu.cpu  # noqa: F401
        print(f"avx512_emu: bochscpu-python loaded with the glibc 2.38 shim ({os.path.basename(shim)})")
        return bochscpu
    except (OSError, ImportError) as e:
        print(f"avx512_emu: bochscpu-python cannot be loaded even with the shim ({e})")
        return None


def functions_with(path, pattern):
    """The functions of the ELF image whose code matches the bytes regex pattern (from .symtab)."""
    d = open(path, "rb").read()
    shoff, = struct.unpack_from("<Q", d, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", d, 0x3A)
    secs = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + i * shentsize) for i in range(shnum)]
    funcs = []
    for sh in secs:
        if sh[1] == 2:  # SHT_SYMTAB; sh_link: its string table
            strtab = secs[sh[6]]
            for off in range(sh[4], sh[4] + sh[5], 24):
                name, info, _, _, value, size = struct.unpack_from("<IBBHQQ", d, off)
                if info & 0xF == 2 and size:  # STT_FUNC
                    end = d.index(b"\0", strtab[4] + name)
                    funcs.append((value, size, d[strtab[4] + name:end].decode()))
    found = set()
    for sh in secs:
        if sh[1] == 1 and sh[2] & 0x4:  # SHT_PROGBITS, SHF_EXECINSTR
            code = d[sh[4]:sh[4] + sh[5]]
            for m in re.finditer(pattern, code, re.S):
                addr = sh[3] + m.start()
                found |= {n for v, z, n in funcs if v <= addr < v + z}
    return found


# Functions that hold `kshiftrw $15` (a clang build's x8 permute_from picks its lanes with it)
# and the operation that runs them, for KSHIFT_DEFECT below.
KSHIFT_FUNCTIONS = {"x8_permute_from": "avx512-x8 permute_from", "x8_rounds12_from": "avx512-x8 permute_from"}
PROBE_KSHIFTRW15 = 100  # guest_main.c


class Guest:
    """The image on one emulated CPU; run() executes one command."""

    # bochscpu-python 0.4.0 builds Bochs with the CPU model as a parameter whose index follows
    # Bochs's cpudb list: 28 corei7_icelake_u, 29 tigerlake, 30 sapphire_rapids (seen with
    # CPUID; the wheel's own default, 27, is Cannon Lake: no VBMI2, no BITALG)
    MODEL_SAPPHIRE_RAPIDS = 30

    def __init__(self, bx, image, lay):
        self.bx, self.lay = bx, lay
        import bochscpu.cpu
        import bochscpu.memory
        ext = ctypes.CDLL(bx._bochscpu.__file__)
        ext.sim_get_param_enum.restype = ctypes.c_void_p
        ext.sim_get_param_enum.argtypes = [ctypes.c_char_p]
        model = ext.sim_get_param_enum(b"cpu.model")
        set_enum = ext._ZN15bx_param_enum_c3setEl  # bx_param_enum_c::set(Bit64s)
        set_enum.argtypes = [ctypes.c_void_p, ctypes.c_long]
        set_enum.restype = None
        set_enum(model, self.MODEL_SAPPHIRE_RAPIDS)
        self.mem = mmap.mmap(-1, lay["MEM_END"])
        base = ctypes.addressof(ctypes.c_char.from_buffer(self.mem))
        page_insert = bochscpu.memory.page_insert

        def missing(gpa):
            if gpa >= lay["MEM_END"]:
                raise RuntimeError(f"guest touched unmapped physical address {gpa:#x}")
            page_insert(gpa & ~0xFFF, base + (gpa & ~0xFFF))
        self.sess = bx.Session()
        self.sess.missing_page_handler = missing
        pt = lay["PAGE_TABLES"]  # PML4, PDPT, PD: present + writable; PD entries 2 MiB (PS)
        self.mem[pt:pt + 8] = struct.pack("<Q", (pt + 0x1000) | 3)
        self.mem[pt + 0x1000:pt + 0x1008] = struct.pack("<Q", (pt + 0x2000) | 3)
        pages = lay["MEM_END"] >> 21
        self.mem[pt + 0x2000:pt + 0x2000 + 8 * pages] = b"".join(
            struct.pack("<Q", (i << 21) | 0x83) for i in range(pages))
        self.entry = self._load_elf(image)
        self.hook = bx.Hook()
        self.hook.hlt = self._on_hlt
        self.hook.exception = self._on_exception
        self.instructions = 0

    def _load_elf(self, path):
        d = open(path, "rb").read()
        if d[:4] != b"\x7fELF" or d[4] != 2 or struct.unpack_from("<H", d, 0x12)[0] != 0x3E:
            raise RuntimeError(f"{path}: not an x86-64 ELF")
        entry, phoff = struct.unpack_from("<QQ", d, 0x18)
        phentsize, phnum = struct.unpack_from("<HH", d, 0x36)
        for i in range(phnum):
            typ, _, off, vaddr, _, filesz, memsz, _ = struct.unpack_from("<IIQQQQQQ", d, phoff + i * phentsize)
            if typ != 1:  # PT_LOAD
                continue
            if vaddr < self.lay["IMAGE"] or vaddr + memsz > self.lay["CMD"]:
                raise RuntimeError(f"{path}: segment at {vaddr:#x} outside the image's room")
            self.mem[vaddr:vaddr + memsz] = d[off:off + filesz] + bytes(memsz - filesz)
        return entry

    def _on_hlt(self, sess, cpu):
        self.halted = True
        sess.stop()

    def _on_exception(self, sess, cpu, vector, error):
        self.fault = (vector, error, sess.cpu.rip)
        sess.stop()

    def _state(self, xcr0):
        import bochscpu.cpu
        st = self.bx.State()
        bochscpu.cpu.set_long_mode(st)          # CR0.PE|PG, CR4.PAE, EFER.LME|LMA
        st.cr0 = st.cr0 | 0x2                   # MP (EM clear: x87/SSE run)
        st.cr4 = st.cr4 | (1 << 9) | (1 << 10) | (1 << 18)  # OSFXSR, OSXMMEXCPT, OSXSAVE
        st.cr3 = self.lay["PAGE_TABLES"]
        st.xcr0 = xcr0
        st.mxcsr = 0x1F80

        def seg(attr, sel):
            s = self.bx.Segment()
            s.present, s.selector, s.base, s.limit, s.attr = True, sel, 0, 0xFFFFFFFF, attr
            return s
        st.cs = seg(0xA09B, 0x08)               # 64-bit code: G, L, P, S, execute/read
        for name in ("ds", "es", "ss", "fs", "gs"):
            setattr(st, name, seg(0xC093, 0x10))  # data: G, D/B, P, S, read/write
        st.rip, st.rsp, st.rflags = self.entry, self.lay["STACK_TOP"], 0x2
        return st

    def run(self, op, target, p, data, xcr0=0xE7):
        """(status, output bytes), or raises with the fault."""
        lay = self.lay
        if len(data) > lay["OUT"] - lay["IN"]:
            raise ValueError("input too long for the guest's input area")
        p = list(p) + [0] * (8 - len(p))
        self.mem[lay["CMD"]:lay["CMD"] + CMD_SIZE] = struct.pack(CMD_FMT, op, target, *p, len(data), 0, SENTINEL)
        self.mem[lay["IN"]:lay["IN"] + len(data)] = data
        self.halted, self.fault = False, None
        self.sess.cpu.state = self._state(xcr0)
        self.sess.run([self.hook])
        if self.fault:
            raise GuestFault(*self.fault)
        if not self.halted:
            raise RuntimeError("the emulator stopped without reaching hlt")
        cmd = struct.unpack(CMD_FMT, self.mem[lay["CMD"]:lay["CMD"] + CMD_SIZE])
        status, out_len = cmd[-1], cmd[-2]
        if status == SENTINEL:
            raise RuntimeError("the guest halted without running the command")
        return status, bytes(self.mem[lay["OUT"]:lay["OUT"] + out_len])


class GuestFault(Exception):
    def __init__(self, vector, error, rip):
        super().__init__(f"exception {vector} (error code {error}) at rip {rip:#x}")
        self.vector = vector


class Host:
    """host_ref.c: mode 0 portable, 1 the AVX-512 kernels natively (None where the CPU lacks them)."""

    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        self.lib.kf_emu_host_run.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int]
        self.out = ctypes.create_string_buffer(16 << 20)

    def run(self, op, target, p, data, mode):
        p = list(p) + [0] * (8 - len(p))
        cmd = ctypes.create_string_buffer(struct.pack(CMD_FMT, op, target, *p, len(data), 0, SENTINEL), CMD_SIZE)
        if self.lib.kf_emu_host_run(cmd, data, self.out, mode) == SKIP:
            return None
        c = struct.unpack(CMD_FMT, cmd.raw)
        return c[-1], self.out.raw[:c[-2]]


def candidates(b):
    """FIPS 203 Alg. 7 lines 5-6: the 12-bit candidates of whole 3-byte groups."""
    out = []
    for i in range(0, len(b) - 2, 3):
        out += [b[i] | (b[i + 1] & 15) << 8, b[i + 1] >> 4 | b[i + 2] << 4]
    return out


def full_compress_step(op, p, data):
    """Whether the AVX-512 rejection (sampling_avx512.c's take_step) meets a 32-candidate step
    whose candidates are all accepted: vpcompressw with an all-ones mask, which
    bochscpu-python 0.4.0 gets wrong (see COMPRESS_DEFECT)."""
    if op == MK_REJ:
        cnt, ln = p[0], p[1]
        steps = [data[pos:pos + 48] for pos in range(0, ln - 47, 48)]
        room = lambda c: c + 32 <= 256  # noqa: E731 (the loop's condition)
    elif op == MK_REJ_BLOCK:
        n, i, cnt = p[0], p[1], p[2]
        words = struct.unpack_from(f"<{21 * n}Q", data)
        block = b"".join(struct.pack("<Q", words[j * n + i]) for j in range(21))
        steps = [block[0:48], block[48:96], block[96:144]]  # the fourth step has 16 candidates
        room = lambda c: c < 256  # noqa: E731
    else:
        return False
    for chunk in steps:
        if not room(cnt):
            break
        got = sum(c < Q for c in candidates(chunk))
        if got == 32:
            return True
        cnt = min(256, cnt + got)
    return False


class Suite:
    def __init__(self, guest, host, seed, cases):
        self.g, self.h, self.rng, self.cases = guest, host, random.Random(seed), cases
        self.seed = seed
        # the xof commands' own generator: the other commands' inputs for a seed stay those
        # of the runs before the xof operation was added
        self.xof_rng = random.Random(f"xof {seed}")
        self.failures = 0
        self.counts = {}      # (what) -> [commands, natively compared, left to native code]
        self.compress_defect = False
        self.defect_ops = set()  # operations the emulator cannot run right in this image

    def check(self, what, op, target, p, data):
        n = self.counts.setdefault(what, [0, 0, 0])
        if (self.compress_defect and full_compress_step(op, p, data)) or what in self.defect_ops:
            # the emulator cannot run this one right: the portable C against this host's
            # AVX-512 where there is one, counted and reported either way
            n[2] += 1
            want, native = self.h.run(op, target, p, data, 0), self.h.run(op, target, p, data, 1)
            if native is not None and native != want:
                print(f"FAIL {what}: native AVX-512 != portable (params {p})")
                self.failures += 1
            return
        got = self.g.run(op, target, p, data)
        want = self.h.run(op, target, p, data, 0)
        native = self.h.run(op, target, p, data, 1)
        n[0] += 1
        ok = True
        if got[0] != 0:
            print(f"FAIL {what}: the guest's status {got[0]} (params {p})")
            ok = False
        elif got != want:
            diff = next((i for i in range(min(len(got[1]), len(want[1]))) if got[1][i] != want[1][i]), None)
            print(f"FAIL {what}: emulated AVX-512 != portable (params {p}; lengths {len(got[1])}/{len(want[1])}, "
                  f"first difference at byte {diff})")
            ok = False
            if diff is not None:
                lo = max(0, diff - 8)
                print(f"     emulated {got[1][lo:diff + 16].hex()}\n     portable {want[1][lo:diff + 16].hex()}"
                      + (f"\n     native   {native[1][lo:diff + 16].hex()}" if native else ""))
        if native is not None:
            n[1] += 1
            if native != got:
                print(f"FAIL {what}: emulated != native AVX-512 on this host (params {p})")
                ok = False
        if not ok:
            self.failures += 1
            if os.environ.get("KF_EMU_DUMP"):  # the failing command, for a replay by hand
                with open(f"{os.environ['KF_EMU_DUMP']}.{self.failures}", "wb") as fh:
                    fh.write(struct.pack("<II8Q", op, target, *(list(p) + [0] * (8 - len(p)))) + data)
        return got

    def rbytes(self, n):
        return self.rng.randbytes(n)

    def state(self):
        return self.rbytes(200)

    # ---- Keccak ----
    def x1(self, idx, name, flags):
        r = self.rng
        for t in range(self.cases):
            nr = [24, 12, 1, r.randint(1, 24)][t % 4]
            self.check(f"{name} permute", X1_PERMUTE, idx, [nr], self.state())
            off, off2, off3 = r.randrange(200), r.randrange(200), r.randrange(200)
            p = [off, r.randint(0, 200 - off), off2, r.randint(0, 200 - off2), off3, r.randint(0, 200 - off3)]
            self.check(f"{name} bytes", X1_BYTES, idx, p, self.state() + self.rbytes(400))
            rate = r.choice([168, 136, 104, 72, 144, 8, 192])
            if flags & HAS_ABSORB:
                ln = r.choice([0, rate - 1, rate, 3 * rate + r.randrange(rate)])
                self.check(f"{name} absorb_blocks", X1_ABSORB, idx, [r.choice([24, 12]), rate, ln],
                           self.state() + self.rbytes(ln))
            if flags & HAS_ONEBLOCK:
                ln = r.choice([0, rate - 1, r.randrange(rate)])
                self.check(f"{name} oneblock", X1_ONEBLOCK, idx,
                           [r.choice([24, 12]), rate, r.choice([0x06, 0x1F, 0x0B, r.randint(1, 0x7F)]), ln,
                            r.randint(0, rate)], self.rbytes(ln))

    def xn(self, idx, name, n, flags):
        r = self.rng
        for t in range(self.cases):
            nr = [24, 12, r.randint(1, 24)][t % 3]
            self.check(f"{name} permute", XN_PERMUTE, idx, [nr], self.rbytes(200 * n))
            off, off2, off3 = r.randrange(200), r.randrange(200), r.randrange(200)
            p = [off, r.randint(0, 200 - off), off2, r.randint(0, 200 - off2), off3, r.randint(0, 200 - off3),
                 r.randrange(n)]
            self.check(f"{name} bytes", XN_BYTES, idx, p, self.rbytes(200 * n + 400))
            rate = r.choice([168, 136, 72, 144])
            if flags & HAS_ABSORB:
                ln = r.choice([rate - 1, rate, 2 * rate + r.randrange(rate)])
                self.check(f"{name} absorb_blocks", XN_ABSORB, idx, [r.choice([24, 12]), rate, ln],
                           self.rbytes(n * (200 + ln)))
            if flags & HAS_ONEBLOCK:
                lens = [r.choice([0, rate - 1, r.randrange(rate)]) for _ in range(n)]
                data = b"".join(struct.pack("<Q", x) for x in lens) + self.rbytes(n * rate)
                self.check(f"{name} oneblock", XN_ONEBLOCK, idx,
                           [r.choice([24, 12]), rate, r.choice([0x06, 0x1F, r.randint(1, 0x7F)]),
                            r.randint(1, n), r.randint(0, rate)], data)
            if flags & HAS_PERMUTE_FROM:
                cnt = r.randint(0, 25)
                dst, src = r.randint(0, 25 - cnt), r.randint(0, 25 - cnt)
                self.check(f"{name} permute_from", XN_PERMUTE_FROM, idx, [r.choice([24, 12, 1]), dst, src, cnt],
                           self.rbytes(400 * n))
        if flags & HAS_LEAVES:
            # KT128 and KT256's leaves (8 KiB, whole-lane tails), other lengths and SHAKE-like sets
            sets = [(12, 168, 0x0B, 8192, 32), (12, 136, 0x0B, 8192, 64), (24, 136, 0x1F, 1000, 32),
                    (12, 168, 0x07, 3 * 168, 168), (24, 72, 0x06, 71, 64), (12, 168, 0x0B, 17, 32)]
            for nr, rate, suffix, ln, outlen in sets[:max(3, self.cases + 1)]:
                self.check(f"{name} leaves", XN_LEAVES, idx, [nr, rate, suffix, ln, outlen],
                           self.rbytes(n * ln))
        if flags & HAS_LEAVES_NODE:
            # KT's parameters only (the backend declines others: test_leaves_node.c); node
            # blocks from none to more than the leaf loop has room for
            sets = [(168, 8192, 2, 1), (136, 8192, 4, 0), (168, 8192, 20, 1), (168, 4000, 0, 1),
                    (136, 300, 1, 1), (168, 8192 + 5, 3, 0)]
            for rate, ln, blocks, first in sets[:max(3, self.cases + 1)]:
                self.check(f"{name} leaves_node", XN_LEAVES_NODE, idx, [12, rate, 0x0B, ln, 32, blocks, first],
                           self.rbytes(n * ln + 200 + blocks * rate))
        if flags & HAS_XOF:
            self.xof(idx, name, n)
        if flags & HAS_XOF_SIDE:
            self.xof_side(idx, name, n)
        if flags & HAS_XOF_STRIDED:
            self.xof_strided(idx, name, n)

    def xof_strided(self, idx, name, n):
        """The xof_strided operation on the one set avx512-x8 takes (ML-DSA's ExpandA: SHAKE128,
        five blocks a stream in rows of 840 bytes, inputs shorter than a block): inputs of none,
        ExpandA's 34 bytes, 8, 33 and a block less one, every count 1 .. n in turn; the rows of
        the count instances and the guard bytes around the n rows are compared. A fixed table:
        --cases does not change it."""
        r = random.Random(f"xof_strided {self.seed}")
        for j, ln in enumerate((34, 0, 8, 33, 167, 34, 34, 34)):
            count = n - j % n
            self.check(f"{name} xof_strided", XN_XOF_STRIDED, idx, [24, 168, 0x1F, ln, count, 840, 5],
                       r.randbytes(n * ln))

    def xof_side(self, idx, name, n):
        """The xof operation with a side state riding (avx512-x9's xof_side): the two rates it
        takes at 24 rounds (it declines 12 rounds and inputs of a block or more, which only
        the return value would show), inputs of none, ML-DSA's 34 and 66 bytes and a block
        less one, outputs from 1 byte to 6 blocks; side states at the rates of SHAKE256,
        SHAKE128 and SHA3-512 from a random state, with no block, one, fewer blocks than the
        call has permutations, as many, and more (the side's lanes, its blocks left and the
        bytes it took are compared); every count 1 .. n - 1. A fixed table: --cases does not
        change it."""
        r = random.Random(f"xof_side {self.seed}")
        for s, rate in enumerate((168, 136)):
            for j, ln in enumerate((0, 34, 66, rate - 1)):
                for t, outlen in enumerate((1, 840, rate + 1, 6 * rate, r.randint(1, 6 * rate))):
                    perms = max(1, -(-outlen // rate))
                    srate = (136, 168, 72)[(j + t + s) % 3]
                    blocks = [0, 1, max(0, perms - 1), perms, perms + 3][(j + 2 * t + s) % 5]
                    count = 1 + (3 * j + t + s) % (n - 1)       # the vector instances: the side is the n-th
                    self.check(f"{name} xof_side", XN_XOF_SIDE, idx,
                               [24, rate, 0x1F, ln, count, outlen, (j + t) % 2, srate | blocks << 16],
                               r.randbytes(n * ln) + r.randbytes(200) + r.randbytes(blocks * srate))

    def xof(self, idx, name, n):
        """The xof operation on every parameter set avx512-x8 takes (SHAKE128's and SHAKE256's
        rates at 24 rounds, the same rates at 12), each with one command per input length:
        none, ML-DSA's 34- and 66-byte seeds, a block's end -1/0/+1, 3 and 8 blocks and more
        (x8_xof absorbs those through x8_absorb_fused's scalar copy first: 3 blocks at 24
        rounds, 8 at 12; the first set exactly 3 and 8 blocks, the others a random tail);
        outputs of 1 byte, ExpandS's 272, ExpandA's 840, a block's end -1/0/+1, 6 blocks and a
        random length, paired with the lengths differently in each set; every count 1 .. n in
        each set; secret 1 and 0 in turn (the stack wipe runs in the image too). A fixed table:
        --cases does not change it. The reference takes every set, so a backend that declined
        one would differ in the return value. The guard bytes after each output, and the slots
        past count, must be untouched (equal to the reference's, which writes none of them)."""
        r = self.xof_rng
        sets = [(24, 168, 0x1F), (24, 136, 0x1F), (12, 168, 0x07), (12, 136, r.randint(1, 0x7F))]
        for s, (nr, rate, suffix) in enumerate(sets):
            t3, t8 = (0, 0) if s == 0 else (r.randrange(1, rate), r.randrange(1, rate))
            lens = [0, 34, 66, rate - 1, rate, rate + 1, 3 * rate + t3, 8 * rate + t8]
            outs = [1, 272, 840, rate - 1, rate, rate + 1, 6 * rate, r.randint(1, 6 * rate)]
            for j, ln in enumerate(lens):
                outlen = outs[(j + 3 * s) % len(outs)]
                count = 1 + (3 * j + s) % n
                self.check(f"{name} xof", XN_XOF, idx, [nr, rate, suffix, ln, count, outlen, j % 2],
                           r.randbytes(n * ln))

    # ---- ML-KEM ----
    def poly(self, lo, hi):
        r = self.rng
        ends = r.randrange(8) == 0
        return struct.pack("<256h", *[(r.choice((lo, hi)) if ends else r.randint(lo, hi)) for _ in range(256)])

    def mlkem(self):
        r = self.rng
        for t in range(self.cases):
            self.check("mlkem ntt", MK_NTT, 0, [], self.poly(-(Q - 1), Q - 1))
            k = 2 + t % 3
            a = b"".join(self.poly(-4095, 4095) for _ in range(k))
            b = b"".join(self.poly(-(Q - 1), Q - 1) for _ in range(k))
            self.check("mlkem basemul_acc", MK_BASEMUL, 0, [k], a + b)
            self.check("mlkem row_tobytes", MK_ROW, 0, [k], a + b + self.poly(-(Q - 1) // 2, (Q - 1) // 2))
            self.check("mlkem frombytes (ByteDecode_12)", MK_FROMBYTES, 0, [], self.rbytes(384))
            self.check("mlkem cbd eta=2", MK_CBD, 0, [2], b"\xff" * 192 if t == 0 else self.rbytes(192))
            self.check("mlkem cbd eta=3", MK_CBD, 0, [3], self.rbytes(192))
        # ByteEncode_12 over every int16 value, 256 consecutive values per polynomial (as
        # test_mlkem_simd.c's test_every_value), and random polynomials
        for base in range(-32768, 32768, 256):
            self.check("mlkem tobytes (ByteEncode_12)", MK_TOBYTES, 0, [],
                       struct.pack("<256h", *range(base, base + 256)))
        for _ in range(self.cases):
            self.check("mlkem tobytes (ByteEncode_12)", MK_TOBYTES, 0, [], self.poly(-32768, 32767))
        for t in range(5 * self.cases):
            ln = 3 * r.randrange((3 * 168 + 24) // 3 + 1)
            buf = bytearray(self.rbytes(ln))
            if t % 5 == 1:
                buf = bytearray(x | 0xC0 for x in buf)                  # mostly rejected
            if t % 5 in (2, 4):
                for i in range(0, ln, 3):                               # never rejected
                    buf[i + 1] &= 0x0B
                    buf[i + 2] &= 0x7F
            if t % 5 == 4:
                for i in range(0, ln - 2, 48):                          # but one in each 32
                    buf[i + 3 * r.randrange(min(16, (ln - i) // 3)) + 2] = 0xFF
            n0 = r.randrange(257) if t % 5 != 3 else 0
            self.check("mlkem rej_uniform", MK_REJ, 0, [n0, ln],
                       bytes(buf) + struct.pack("<256h", *[-1 - i for i in range(256)]))
        for t in range(3 * self.cases):
            n = [2, 4, 8][t % 3]
            words = list(struct.unpack(f"<{25 * n}Q", self.rbytes(200 * n)))
            i = r.randrange(n)
            for j in range(21):
                if t % 5 == 1:
                    words[j * n + i] |= 0xF0F0F0F0F0F0F0F0
                if t % 5 == 2:
                    words[j * n + i] &= 0x0B7F0B7F0B7F0B7F
            cnt = 256 - r.randrange(40) if t % 5 == 3 else r.randrange(257)
            self.check(f"mlkem rej_block_xn (n={n})", MK_REJ_BLOCK, 0, [n, i, cnt],
                       struct.pack(f"<{25 * n}Q", *words) + struct.pack("<256h", *[-1 - i for i in range(256)]))


    # ---- ML-DSA (int32 coefficients, q = 8380417) ----
    def poly32(self, lo, hi):
        r = self.rng
        ends = r.randrange(8) == 0
        return struct.pack("<256i", *[(r.choice((lo, hi)) if ends else r.randint(lo, hi)) for _ in range(256)])

    def mldsa(self):
        q = 8380417
        for t in range(self.cases):
            self.check("mldsa ntt", MD_NTT, 0, [], self.poly32(-(q - 1), q - 1))
            self.check("mldsa invntt_tomont", MD_INVNTT, 0, [], self.poly32(-(q - 1), q - 1))
            n = 1 + t % 7
            ab = b"".join(self.poly32(-(9 * q - 1), 9 * q - 1) for _ in range(2 * n))
            self.check("mldsa pointwise_acc_vec", MD_ACC, 0, [n], ab)
        # the rejection steps (sampling_avx512.c): RejNTTPoly's 3-byte candidates and
        # RejBoundedPoly's half-bytes for eta 2 and 4, from any starting count, over buffers
        # of random bytes, of bytes mostly rejected, of bytes never rejected and of those with
        # one rejection a step; their own generator, so the commands above stay the same
        r = random.Random(f"mldsa rej {self.seed}")
        c0 = struct.pack("<256i", *[-1 - i for i in range(256)])
        for t in range(5 * self.cases):
            eta = (0, 2, 4)[t % 3]
            kind = (t // 3) % 5
            ln = 3 * r.randrange(5 * 168 // 3 + 1) if eta == 0 else r.randrange(136 * 2)
            buf = bytearray(r.randbytes(ln))
            step = 48 if eta == 0 else 8                                # bytes a step takes
            for i in range(0, ln - 2 if eta == 0 else ln, 3 if eta == 0 else 1):
                if kind == 1:                                           # mostly rejected
                    if eta == 0:
                        buf[i + 1] |= 0xE0                              # z >= 0x7FE000, q = 0x7FE001
                        buf[i + 2] |= 0x7F
                    elif i % 5:
                        buf[i] = 0xFF                                   # both halves 15
                if kind in (2, 4):                                      # never rejected
                    if eta == 0:
                        buf[i + 2] &= 0xBF                              # z < 2^22
                    else:
                        buf[i] &= 0x77 if eta == 4 else 0xEE
            if kind == 4:                                               # but one in each step
                for i in range(0, ln, step):
                    if eta == 0 and ln - i >= 3:
                        k = i + 3 * r.randrange(min(step, ln - i) // 3)
                        buf[k + 1] = 0xFF
                        buf[k + 2] |= 0x7F
                    elif eta:
                        buf[i + r.randrange(min(step, ln - i))] |= 0x0F
            n0 = r.randrange(257) if kind != 3 else 0
            self.check(f"mldsa rej {'uniform' if eta == 0 else f'eta={eta}'}", MD_REJ, 0, [n0, ln, eta],
                       bytes(buf) + c0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", required=True)
    ap.add_argument("--host", required=True)
    ap.add_argument("--shim")
    ap.add_argument("--layout", required=True)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--cases", type=int, default=12, help="random cases per operation and backend")
    args = ap.parse_args()
    t0 = time.monotonic()
    bx = load_bochscpu(args.shim)
    if bx is None:
        print("avx512_emu: skipped (pip install bochscpu-python; Python 3.11, x86-64 Linux)")
        return SKIP
    guest = Guest(bx, args.image, layout(args.layout))
    host = Host(args.host)
    failures = 0

    st, raw = guest.run(INFO, 0, [], b"")
    f = struct.unpack(INFO_FMT, raw[:struct.calcsize(INFO_FMT)])
    n_x1, n_xn, features = f[0], f[1], f[2]
    tables = [(f[4 + 3 * i].rstrip(b"\0").decode(), f[5 + 3 * i], f[6 + 3 * i]) for i in range(2 * NO_BACKENDS)]
    x1, xn = tables[:n_x1], tables[NO_BACKENDS:NO_BACKENDS + n_xn]
    missing = [k for k, bit in FEATURES.items() if not features & bit]
    print(f"emulated CPU: Bochs sapphire_rapids model, features {features:#x}"
          + (f", MISSING {' '.join(missing)}" if missing else ""))
    if missing:
        print("FAIL: the emulated CPU lacks features the kernels need (a different bochscpu-python?)")
        return 1
    if [b[0] for b in x1] != EXPECT_X1 or [b[0] for b in xn] != EXPECT_XN:
        print(f"FAIL: the image holds {[b[0] for b in x1 + xn]}, expected {EXPECT_X1 + EXPECT_XN}")
        return 1

    # control: without the AVX-512 state in XCR0 (0x7: x87, SSE, AVX) the same kernel must #UD
    try:
        guest.run(XN_PERMUTE, 0, [24], bytes(200 * 8), xcr0=0x7)
        print("FAIL: avx512-x8 ran with XCR0 = 0x7: the emulator does not enforce the OS's state enabling")
        failures += 1
    except GuestFault as e:
        print(f"control: avx512-x8 with XCR0 = 0x7 -> {e} (#UD expected)")
        if e.vector != 6:
            failures += 1

    suite = Suite(guest, host, args.seed, args.cases)
    # COMPRESS_DEFECT: bochscpu-python 0.4.0's Bochs gives vpcompressw zmm{k}{z} with k = all
    # 32 ones a zero result (any other mask is right: tried by hand). Seen here with a step of
    # 32 accepted candidates; if that is wrong, commands that meet such a step are left to the
    # native code (where there is one) and reported, and all others still run emulated.
    probe = bytes([0x01, 0x21, 0x03]) * 16  # 32 accepted candidates, none of them zero
    probe_cmd = (MK_REJ, 0, [0, 48], probe + bytes(512))
    suite.compress_defect = guest.run(*probe_cmd) != host.run(*probe_cmd, 0)
    if suite.compress_defect:
        print("emulator defect: vpcompressw with an all-ones mask gives 0 under this bochscpu-python; "
              "rejection inputs with a step of 32 accepted candidates are not run emulated")
    # KSHIFT_DEFECT: the same Bochs gives kshiftrw $15 of k = 0xFFFF the result 0 (shifts by
    # 1 .. 14 are right: tried by hand). GCC's image has no such instruction; clang's x8
    # permute_from has one. Where the image has it, the operations that run it are left to
    # the native code; a function with it that no known operation runs is a failure.
    if guest.run(PROBE_KSHIFTRW15, 0, [], b"")[1] != struct.pack("<I", 1):
        where = functions_with(args.image, rb"\xc4\xe3\xf9\x30[\xc0-\xff]\x0f") - {"kf_emu_guest_main"}
        print("emulator defect: kshiftrw $15 gives 0 under this bochscpu-python; "
              + (f"the image uses it in {', '.join(sorted(where))}" if where else "the image does not use it"))
        unknown = where - set(KSHIFT_FUNCTIONS)
        if unknown:
            print(f"FAIL: no known operation for {', '.join(sorted(unknown))}: results there would be the emulator's")
            failures += 1
        suite.defect_ops = {KSHIFT_FUNCTIONS[f] for f in where & set(KSHIFT_FUNCTIONS)}
        for what in sorted(suite.defect_ops):
            print(f"  {what}: not run emulated (its code meets that instruction)")
    native = host.run(XN_PERMUTE, 0, [24], bytes(1600), 1) is not None
    for i, (name, n, flags) in enumerate(x1):
        suite.x1(i, name, flags)
    for i, (name, n, flags) in enumerate(xn):
        suite.xn(i, name, n, flags)
    suite.mlkem()
    suite.mldsa()
    total = sum(c[0] for c in suite.counts.values())
    left = sum(c[2] for c in suite.counts.values())
    failures += suite.failures
    # the verdict first: ctest keeps only the first 1024 bytes of a passing test's output
    # (.ci/what_ran.py reads this line from ctest's JUnit file)
    print(f"avx512_emu: {total} commands on the emulated CPU against the portable C"
          + (", and against this host's AVX-512" if native else " (this host has no AVX-512: emulator only)")
          + f", seed {args.seed}, {time.monotonic() - t0:.1f} s: "
          + ("all equal" if not failures else f"{failures} FAILED"))
    if left:
        print(f"avx512_emu: {left} commands not run emulated (emulator defect), "
              + ("compared natively instead" if native else "NOT TESTED on this host"))
    print("per operation:")
    for what, (cnt, nat, lft) in suite.counts.items():
        print(f"  {what:40s} {cnt:4d} commands" + (f", {nat} also natively" if nat else "")
              + (f"; {lft} left to native code (emulator defect)" if lft else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        rc = main()
    except Exception:  # noqa: BLE001 (reported, then the same exit as a failure)
        import traceback
        traceback.print_exc()
        rc = 1
    sys.stdout.flush()
    sys.stderr.flush()
    # bochscpu-python 0.4.0 crashes in its teardown at interpreter exit (nanobind leak
    # reports, then SIGSEGV): leave without it, keeping the test's own exit code
    os._exit(rc)

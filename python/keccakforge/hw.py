# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The ML-KEM unit of hw/ on a board (the ULX3S top, hw/rtl/board/ulx3s_mlkem.v), over its serial
bridge (hw/rtl/board/uart_axil_bridge.v). Standard library only: the port is opened with os.open
and set up with termios (no pyserial), or any socket-like object is used as the line.

    from keccakforge import hw, mlkem
    with hw.Board("/dev/ttyUSB0") as b:             # 115,200 baud, 8N1, raw
        ek, dk = b.keygen(768, seed)                 # seed = d || z (64 bytes), or None: os.urandom
        K, c = b.encaps(768, ek, m)                  # m (32 bytes), or None
        assert b.decaps(768, dk, c) == K
        assert (ek, dk) == mlkem.ML_KEM_768.keygen(seed)

Results are what keccakforge.mlkem's calls return for the same inputs (bytes, (K, c) in that
order). An encapsulation key failing FIPS 203's modulus check, or a decapsulation key failing
its hash check, raises InvalidKey (as keccakforge.mlkem does); a wrong size raises LengthError.
The unit clears itself after each operation (its outputs kept until read) and `zeroize()` clears
everything. `python3 -m keccakforge.hw --port DEV` (or `selftest --port DEV`) runs one round trip
per parameter set and compares it with keccakforge.mlkem (the board's self-test);
`python3 -m keccakforge.hw mlkem keygen|encaps|decaps --port DEV ...` is `kforge hw mlkem`, the
command line over files (`kforge hw --help`).

The bridge's frames: 'W' addr16 (n - 1) then 4 n data bytes -> a status byte; 'R' addr16 (n - 1)
-> 4 n data bytes and a status byte; 'K' all accesses OKAY, 'E' one answered SLVERR.

The second board top (hw/rtl/board/ulx3s_rvv.v) is seed 003's RISC-V vector processor behind the
same bridge: `RvvBoard(port)` loads a program and data, runs it and reads the data back;
`RvvProgram(name, elen, elenum, nr)` is one of the processor's Keccak-p programs
(bench/rvv_ise_model/programs, assembled by the model's encoder: a keccakforge checkout is needed);
`RvvBoard.permute(prog, states)` returns the states after nr rounds and the cycles the board
counted. `python3 -m keccakforge.hw --rvv --port DEV` runs `rvv_selftest`.
"""
import os
import select
import socket
import time

# mlkem_axil's register map (hw/rtl/bus/mlkem_axil.v)
R_ID, R_CTRL, R_CMD, R_STATUS, R_COMPUTE, R_CLEAR = 0x000, 0x004, 0x008, 0x00C, 0x010, 0x014
ID = 0x4D4C4B01
CMD_START, CMD_ZEROIZE = 1, 2
ST_BUSY, ST_DONE, ST_BADEK, ST_BADDK, ST_BADPAR, ST_ZEROIZED = 1, 2, 8, 16, 32, 64
W_MD, W_Z, W_K, W_CT, W_EK, W_DK = 0x0100, 0x0120, 0x0140, 0x1000, 0x2000, 0x4000
KEYGEN, ENCAPS, DECAPS = 0, 1, 2
SIZES = {512: (2, 800, 1632, 768), 768: (3, 1184, 2400, 1088), 1024: (4, 1568, 3168, 1568)}  # k, ek, dk, ct


class BridgeError(IOError):
    """The serial bridge answered with an error, an unexpected byte, or not in time."""


def _errors():
    try:
        from . import InvalidKey, LengthError
        return InvalidKey, LengthError
    except ImportError:          # (the C extension not built: the driver still works)
        return ValueError, ValueError


class _Port:
    """A serial port by path: raw 8N1 at `baud`, reads with a deadline."""

    def __init__(self, path, baud):
        import termios
        self.fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
        try:
            a = termios.tcgetattr(self.fd)
            speed = getattr(termios, f"B{baud}")
            a[0] = 0                                                   # iflag
            a[1] = 0                                                   # oflag
            a[2] = termios.CS8 | termios.CREAD | termios.CLOCAL        # cflag
            a[3] = 0                                                   # lflag
            a[4] = a[5] = speed
            a[6][termios.VMIN] = 0
            a[6][termios.VTIME] = 0
            termios.tcsetattr(self.fd, termios.TCSANOW, a)
            termios.tcflush(self.fd, termios.TCIOFLUSH)
        except termios.error as e:
            os.close(self.fd)
            raise BridgeError(f"{path}: not a serial port ({e.args[-1]})") from None
        except BaseException:
            os.close(self.fd)
            raise

    def send(self, data):
        view = memoryview(data)
        while view:
            n = os.write(self.fd, view)
            view = view[n:]

    def recv(self, n, deadline):
        out = b""
        while len(out) < n:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                break
            out += os.read(self.fd, n - len(out))
        return out

    def close(self):
        os.close(self.fd)


class _Sock:
    """A socket (or anything with sendall / recv / settimeout) as the line."""

    def __init__(self, s):
        self.s = s

    def send(self, data):
        self.s.sendall(data)

    def recv(self, n, deadline):
        out = b""
        while len(out) < n:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            self.s.settimeout(left)
            try:
                got = self.s.recv(n - len(out))
            except socket.timeout:
                break
            if not got:
                break
            out += got
        return out

    def close(self):
        self.s.close()


class Board:
    """The ML-KEM unit over the serial bridge. port: a device path (opened here) or a connected
    socket-like object (sendall/recv/settimeout). timeout: seconds for each reply."""

    MAX_WORDS = 256
    EXPECT_ID, WHAT = ID, "ML-KEM unit"     # the slave's ID register (RvvBoard: the processor's)

    def __init__(self, port, baud=115200, timeout=10.0):
        self.line = _Port(port, baud) if isinstance(port, (str, bytes, os.PathLike)) else _Sock(port)
        self.timeout = timeout
        # find the bridge at a frame's start: a frame cut short (the board still in its power-on
        # reset, a host that stopped mid-frame) is dropped by the bridge after TIMEOUT clocks
        # (42 ms on the board) without a byte; then the ID read is tried again
        ident = None
        for _ in range(4):
            saved, self.timeout = self.timeout, min(self.timeout, 1.0)
            try:
                ident = self.read(R_ID, 1)[0]
                break
            except BridgeError:
                time.sleep(0.1)
                self.line.recv(1 << 16, time.monotonic() + 0.05)    # whatever was left on the line
            finally:
                self.timeout = saved
        if ident != self.EXPECT_ID:
            self.line.close()
            raise BridgeError(f"no {self.WHAT} on the line" + ("" if ident is None else
                              f": ID {ident:#010x}, expected {self.EXPECT_ID:#010x}"))

    def close(self):
        self.line.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- the bridge's frames
    def _status(self, what):
        st = self.line.recv(1, time.monotonic() + self.timeout)
        if st == b"K":
            return True
        if st == b"E":
            return False
        raise BridgeError(f"{what}: status byte {st!r}" if st else f"{what}: no reply in {self.timeout} s")

    def write(self, addr, data, check=True):
        """Bytes (a multiple of 4) to consecutive 32-bit registers from addr. False (or an
        exception with check) if an access answered SLVERR."""
        if len(data) % 4:
            raise ValueError("a whole number of 32-bit words")
        ok = True
        for i in range(0, len(data), 4 * self.MAX_WORDS):
            part = data[i:i + 4 * self.MAX_WORDS]
            a = addr + i
            self.line.send(b"W" + a.to_bytes(2, "little") + bytes([len(part) // 4 - 1]) + bytes(part))
            ok &= self._status(f"write of {len(part)} bytes at {a:#06x}")
        if check and not ok:
            raise BridgeError(f"write at {addr:#06x}: refused (SLVERR)")
        return ok

    def read_bytes(self, addr, n, check=True):
        """n bytes (a multiple of 4) from consecutive 32-bit registers from addr."""
        out = b""
        while len(out) < n:
            words = min(self.MAX_WORDS, (n - len(out)) // 4)
            a = addr + len(out)
            self.line.send(b"R" + a.to_bytes(2, "little") + bytes([words - 1]))
            got = self.line.recv(4 * words, time.monotonic() + self.timeout)
            if len(got) != 4 * words:
                raise BridgeError(f"read at {a:#06x}: {len(got)} of {4 * words} bytes in {self.timeout} s")
            if not self._status(f"read at {a:#06x}") and check:
                raise BridgeError(f"read at {a:#06x}: refused (SLVERR)")
            out += got
        return out

    def read(self, addr, words=1):
        """32-bit registers as integers."""
        b = self.read_bytes(addr, 4 * words)
        return [int.from_bytes(b[i:i + 4], "little") for i in range(0, len(b), 4)]

    # -- the unit
    def status(self):
        return self.read(R_STATUS)[0]

    def _run(self, op, k, what):
        self.write(R_CTRL, (op | k << 4).to_bytes(4, "little"))
        self.write(R_CMD, CMD_START.to_bytes(4, "little"))
        deadline = time.monotonic() + self.timeout
        while True:
            st = self.status()
            if st & (ST_DONE | ST_ZEROIZED):
                break
            if time.monotonic() > deadline:
                raise BridgeError(f"{what}: not done in {self.timeout} s (STATUS {st:#x})")
        if not st & ST_DONE or st & ST_BADPAR:
            raise BridgeError(f"{what}: STATUS {st:#x}")
        InvalidKey, _ = _errors()
        if st & ST_BADEK:
            raise InvalidKey(f"{what}: the encapsulation key fails FIPS 203's modulus check (7.2)")
        if st & ST_BADDK:
            raise InvalidKey(f"{what}: the decapsulation key fails FIPS 203's hash check (7.3)")
        return st

    @staticmethod
    def _sizes(param):
        if param not in SIZES:
            raise ValueError(f"ML-KEM parameter set {param}: 512, 768 or 1024")
        return SIZES[param]

    @staticmethod
    def _len(what, b, n):
        if len(b) != n:
            _, LengthError = _errors()
            raise LengthError(f"{what} is {n} bytes, not {len(b)}")

    def keygen(self, param, seed=None):
        """(ek, dk) of ML-KEM-param from seed = d || z (64 bytes; None: os.urandom)."""
        k, ekn, dkn, _ = self._sizes(param)
        seed = os.urandom(64) if seed is None else bytes(seed)
        self._len("seed (d || z)", seed, 64)
        self.write(W_MD, seed[:32])
        self.write(W_Z, seed[32:])
        self._run(KEYGEN, k, f"ML-KEM-{param} KeyGen")
        return self.read_bytes(W_EK, ekn), self.read_bytes(W_DK, dkn)

    def encaps(self, param, ek, m=None):
        """(K, c): the shared secret and ciphertext for ek; m (32 bytes; None: os.urandom)."""
        k, ekn, _, ctn = self._sizes(param)
        m = os.urandom(32) if m is None else bytes(m)
        self._len("ek", ek, ekn)
        self._len("m", m, 32)
        self.write(W_EK, bytes(ek))
        self.write(W_MD, m)
        self._run(ENCAPS, k, f"ML-KEM-{param} Encaps")
        return self.read_bytes(W_K, 32), self.read_bytes(W_CT, ctn)

    def decaps(self, param, dk, c):
        """The shared secret K for ciphertext c under dk (implicit rejection as FIPS 203)."""
        k, _, dkn, ctn = self._sizes(param)
        self._len("dk", dk, dkn)
        self._len("c", c, ctn)
        self.write(W_DK, bytes(dk))
        self.write(W_CT, bytes(c))
        self._run(DECAPS, k, f"ML-KEM-{param} Decaps")
        return self.read_bytes(W_K, 32)

    def zeroize(self):
        """ZEROIZE: every store of the unit cleared, its outputs included; waits for ZEROIZED."""
        self.write(R_CMD, CMD_ZEROIZE.to_bytes(4, "little"))
        deadline = time.monotonic() + self.timeout
        while not self.status() & ST_ZEROIZED:
            if time.monotonic() > deadline:
                raise BridgeError(f"ZEROIZE: not over in {self.timeout} s")

    def clocks(self):
        """(compute, clearing) clocks of the last operation."""
        return tuple(self.read(R_COMPUTE, 2))


def selftest(board, params=(512, 768, 1024), log=print):
    """One KeyGen / Encaps / Decaps (and a corrupted ciphertext) per set on the board, each
    compared with keccakforge.mlkem's output for the same inputs."""
    from . import mlkem
    for p in params:
        ref = getattr(mlkem, f"ML_KEM_{p}")
        seed, m = os.urandom(64), os.urandom(32)
        t0 = time.monotonic()
        ek, dk = board.keygen(p, seed)
        assert (ek, dk) == ref.keygen(seed), f"ML-KEM-{p} KeyGen: the board differs from keccakforge.mlkem"
        K, c = board.encaps(p, ek, m)
        assert (K, c) == ref.encaps(ek, m), f"ML-KEM-{p} Encaps: the board differs"
        assert board.decaps(p, dk, c) == K, f"ML-KEM-{p} Decaps: the board's K differs"
        bad = bytes([c[0] ^ 1]) + c[1:]
        assert board.decaps(p, dk, bad) == ref.decaps(dk, bad), f"ML-KEM-{p} Decaps (corrupted c): differs"
        log(f"ML-KEM-{p}: KeyGen, Encaps, Decaps (valid and corrupted ciphertext) equal keccakforge.mlkem's "
            f"({time.monotonic() - t0:.1f} s)")


# ---- seed 003's RISC-V vector processor on the board (hw/rtl/board/ulx3s_rvv.v) ----------------
# rvv_axil's register map (hw/rtl/bus/rvv_axil.v)
RVV_ID = 0x52565601
RVV_CONFIG, RVV_CTRL, RVV_STATUS, RVV_CYCLES, RVV_INSTRET, RVV_TRAP_PC, RVV_MEMSIZE = (
    0x004, 0x008, 0x00C, 0x010, 0x014, 0x018, 0x01C)
RVV_MARK = 0x020                 # MARK_PC[i] at 0x020 + 8 i, MARK_CYCLE[i] at 0x024 + 8 i (i < 4)
RVV_IMEM, RVV_DMEM = 0x4000, 0x8000
RVV_RUNNING, RVV_HALTED, RVV_TRAP, RVV_RUN = 1, 2, 4, 8
RVV_PROGRAMS = {64: ("alg2_e64_m1", "alg3_e64_m8", "rvv10_e64_m8"), 32: ("e32_m8",)}
EBREAK = 0x00100073
_RVV_STATE = 0x100               # the states' (low) words; ELEN 32: the high words follow, then
                                 # (ELEN 64) the rho offsets' table


def _rvv_model(model_dir=None):
    """The model's directory (bench/rvv_ise_model of a keccakforge checkout: model_dir, else
    $KF_RVV_MODEL, else beside this package's source, else under the working directory),
    imported: (rvv_encoding, rvv_ise, directory)."""
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    for d in (model_dir, os.environ.get("KF_RVV_MODEL"), os.path.join(here, "..", "..", "bench", "rvv_ise_model"),
              os.path.join(os.getcwd(), "bench", "rvv_ise_model")):
        if d and os.path.exists(os.path.join(d, "rvv_encoding.py")):
            d = os.path.abspath(d)
            if d not in sys.path:
                sys.path.insert(0, d)
            import rvv_encoding
            import rvv_ise
            return rvv_encoding, rvv_ise, d
    raise FileNotFoundError("bench/rvv_ise_model (the programs and their assembler) not found: pass model_dir "
                            "or set KF_RVV_MODEL")


class RvvProgram:
    """One of seed 003's Keccak-p programs (bench/rvv_ise_model/programs/NAME.s: the ones `kforge
    bench --suite rvv-ise` runs) between a prologue and an epilogue, assembled by the model's
    encoder (rvv_encoding.py, equal to GNU as's words: hw/tests/rvv/test_rvv_core.py) and an
    ebreak. The prologue sets the scalar registers the program expects (rvv_ise.setup_scalars'
    contract), loads the SN = EleNum / 5 states from data memory (one vle at LMUL 8; ELEN 32: low
    and high words), and the rho offsets' table where the program asks for it (`.rho_offsets`);
    the epilogue stores the states back. words, symbols (label -> byte address; program_start,
    permutation, loop_control, program_end among them), image(states) -> the data memory's
    bytes, states(data) -> the states out of it."""

    def __init__(self, name, elen=64, elenum=5, nr=24, model_dir=None):
        E, R, d = _rvv_model(model_dir)
        if elenum % 5 or not 1 <= nr <= 24:
            raise ValueError("EleNum a multiple of 5, 1 <= nr <= 24")
        self.name, self.elen, self.elenum, self.nr, self.sn = name, elen, elenum, nr, elenum // 5
        self.high = _RVV_STATE + 4 * 5 * elenum
        self.rho = self.high + 4 * 5 * elenum
        with open(os.path.join(d, "programs", name + ".s")) as f:
            body = f.read()
        per = 1 if elen == 64 else 2
        io = [f"vle{elen}.v v0, (a0)"] + ([f"vle{elen}.v v16, (a1)"] if elen == 32 else [])
        pro = [f"li s1, {elenum}", "li s2, -1", f"li s3, {per * (24 - nr)}", f"li s4, {per * 24}",
               f"li s5, {5 * elenum}", f"li a0, {_RVV_STATE}", f"li a1, {self.high}",
               f"vsetvli x0, s5, e{elen}, m8, tu, mu"] + io
        epi = [f"vsetvli x0, s5, e{elen}, m8, tu, mu"] + [w.replace("vle", "vse") for w in io]
        kept, self.uses_rho = [], False
        for ln in body.splitlines():
            w = ln.split("#", 1)[0].split()
            if w[:1] == [".rho_offsets"]:       # the model's directive: the table by one vle
                pro += [f"li a2, {self.rho}", f"vle{elen}.v {w[1]}, (a2)"]
                self.uses_rho = True
            else:
                kept.append(ln)
        text = ("\n".join(pro) + "\nprogram_start:\n" + "\n".join(kept) + "\nprogram_end:\n" + "\n".join(epi) + "\n")
        words, self.symbols = E.assemble(text)
        self.words = words + [EBREAK]
        self.rho_table = R.RHO_TABLE
        self.size = self.rho + 8 * 5 * elenum

    def _k(self, i, x, y):
        return y * self.elenum + 5 * i + x         # plane-major: one vle fills v0..v4

    def image(self, states):
        """The data memory's first bytes for these SN states (25 lanes each, lane x + 5 y)."""
        if len(states) != self.sn or any(len(a) != 25 for a in states):
            raise ValueError(f"{self.sn} states of 25 lanes")
        mem = bytearray(self.size)
        for i, a in enumerate(states):
            for y in range(5):
                for x in range(5):
                    k, lane = self._k(i, x, y), a[x + 5 * y]
                    if self.elen == 64:
                        mem[_RVV_STATE + 8 * k:_RVV_STATE + 8 * k + 8] = lane.to_bytes(8, "little")
                    else:
                        mem[_RVV_STATE + 4 * k:_RVV_STATE + 4 * k + 4] = (lane & 0xFFFFFFFF).to_bytes(4, "little")
                        mem[self.high + 4 * k:self.high + 4 * k + 4] = (lane >> 32).to_bytes(4, "little")
                    if self.uses_rho:
                        mem[self.rho + 8 * k:self.rho + 8 * k + 8] = self.rho_table[y][x].to_bytes(8, "little")
        return bytes(mem)

    def states(self, mem):
        out = []
        for i in range(self.sn):
            a = [0] * 25
            for y in range(5):
                for x in range(5):
                    k = self._k(i, x, y)
                    if self.elen == 64:
                        a[x + 5 * y] = int.from_bytes(mem[_RVV_STATE + 8 * k:_RVV_STATE + 8 * k + 8], "little")
                    else:
                        a[x + 5 * y] = (int.from_bytes(mem[_RVV_STATE + 4 * k:_RVV_STATE + 4 * k + 4], "little")
                                        | int.from_bytes(mem[self.high + 4 * k:self.high + 4 * k + 4], "little") << 32)
            out.append(a)
        return out


class RvvBoard(Board):
    """Seed 003's RISC-V vector processor (rvv_soc: rv32i_core + rvv_unit) over the serial bridge
    (hw/rtl/board/ulx3s_rvv.v). elen, elenum, zvbb, imem_bytes, dmem_bytes: the board's build.

        with hw.RvvBoard("/dev/ttyUSB0") as b:
            prog = hw.RvvProgram("alg3_e64_m8", b.elen, b.elenum)
            out, run = b.permute(prog, [state])      # run: cycles per permutation, per round, ...
    """

    EXPECT_ID, WHAT = RVV_ID, "RISC-V vector processor (rvv_axil)"

    def __init__(self, port, baud=115200, timeout=10.0):
        super().__init__(port, baud, timeout)
        cfg, msz = self.read(RVV_CONFIG)[0], self.read(RVV_MEMSIZE)[0]
        self.elen, self.elenum = cfg & 0xFF, cfg >> 8 & 0xFF
        self.zvbb, self.seed_rot = bool(cfg >> 16 & 1), bool(cfg >> 17 & 1)
        self.imem_bytes, self.dmem_bytes = msz & 0xFFFF, (msz >> 16) * 4

    def status(self):
        return self.read(RVV_STATUS)[0]

    def load(self, words, data=b""):
        """Hold the processor (RUN = 0) and write the program (32-bit words from address 0) and
        the data memory's first bytes."""
        if 4 * len(words) > self.imem_bytes or len(data) > self.dmem_bytes:
            raise ValueError(f"program {4 * len(words)} / data {len(data)} bytes: the board has "
                             f"{self.imem_bytes} / {self.dmem_bytes}")
        self.write(RVV_CTRL, bytes(4))
        self.write(RVV_IMEM, b"".join(w.to_bytes(4, "little") for w in words))
        if data:
            self.write(RVV_DMEM, bytes(data) + bytes(-len(data) % 4))

    def run(self, marks=()):
        """RUN from pc 0 until the processor stops; marks: up to 4 program addresses whose first
        retirement cycles are wanted. Returns {'cycles', 'instret', 'marks'} (marks: cycles,
        None where never retired). A trap raises BridgeError with its pc."""
        marks = list(marks)
        if len(marks) > 4:
            raise ValueError("at most 4 marks")
        for i, pc in enumerate(marks + [0xFFFFFFFC] * (4 - len(marks))):
            self.write(RVV_MARK + 8 * i, pc.to_bytes(4, "little"))
        self.write(RVV_CTRL, bytes(4))
        self.write(RVV_CTRL, (1).to_bytes(4, "little"))
        deadline = time.monotonic() + self.timeout
        while True:
            st = self.status()
            if st & RVV_HALTED:
                break
            if time.monotonic() > deadline:
                raise BridgeError(f"the processor did not stop in {self.timeout} s (STATUS {st:#x})")
        if st & RVV_TRAP:
            raise BridgeError(f"the processor trapped at pc {self.read(RVV_TRAP_PC)[0]:#x}")
        regs = self.read(RVV_CYCLES, 2)
        got = self.read(RVV_MARK, 8)[1::2][:len(marks)]
        return {"cycles": regs[0], "instret": regs[1], "marks": [None if c == 0xFFFFFFFF else c for c in got]}

    def read_data(self, addr, n):
        """n bytes (rounded up to whole words) of the data memory from addr (a multiple of 4)."""
        return self.read_bytes(RVV_DMEM + addr, n + (-n % 4))[:n]

    def permute(self, prog, states):
        """Run RvvProgram prog on the SN states (lists of 25 lanes). Returns (states after nr
        rounds, run) with run as run() gives it plus 'permutation' (cycles from the program's
        first instruction to the epilogue's, as hw/rtl/rvv/README.md counts them) and 'round'
        (the first round's cycles)."""
        if (prog.elen, prog.elenum) != (self.elen, self.elenum):
            raise ValueError(f"{prog.name} is for ELEN {prog.elen} EleNum {prog.elenum}; the board is "
                             f"{self.elen}x{self.elenum}")
        self.load(prog.words, prog.image(states))
        sym = prog.symbols
        r = self.run([sym["program_start"], sym["program_end"], sym["permutation"], sym["loop_control"]])
        m = r["marks"]
        if None in m:
            raise BridgeError(f"{prog.name}: a label was never reached (marks {m})")
        r["permutation"], r["round"] = m[1] - m[0], m[3] - m[2]
        return prog.states(self.read_data(0, prog.size)), r


def rvv_selftest(board, programs=None, nr=24, model_dir=None, log=print):
    """Each program of the board's ELEN on random states, against Keccak-p[1600, nr] of the
    model's reference (bench/cortexm_model/keccak_ref.py), and a SHAKE128 block against
    keccakforge's SHAKE128 (the C library): the state of one padded block, permuted, starts with
    the output. Returns {program: run}."""
    import random
    import sys
    _, _, d = _rvv_model(model_dir)
    ref_dir = os.path.normpath(os.path.join(d, "..", "cortexm_model"))
    if ref_dir not in sys.path:
        sys.path.insert(0, ref_dir)
    import keccak_ref
    out = {}
    for name in programs or RVV_PROGRAMS.get(board.elen, ()):
        prog = RvvProgram(name, board.elen, board.elenum, nr, model_dir)
        states = [[random.getrandbits(64) for _ in range(25)] for _ in range(prog.sn)]
        got, run = board.permute(prog, states)
        assert got == [keccak_ref.keccak_p(a, nr) for a in states], f"{name}: the states differ from Keccak-p"
        out[name] = run
        log(f"{name} ({board.elen}x{board.elenum}, nr {nr}): {prog.sn} state(s) = Keccak-p[1600, {nr}]; "
            f"{run['round']} cycles/round, {run['permutation']} cycles/permutation, {run['instret']} retired")
    if nr == 24 and board.elen == 64:
        from . import new
        msg = os.urandom(40)
        block = bytearray(168)
        block[:40], block[40], block[167] = msg, 0x1F, 0x80
        lanes = [int.from_bytes(block[8 * i:8 * i + 8], "little") for i in range(21)] + [0] * 4
        prog = RvvProgram(RVV_PROGRAMS[64][1], 64, board.elenum, 24, model_dir)
        got, _ = board.permute(prog, [lanes] * prog.sn)
        squeezed = b"".join(v.to_bytes(8, "little") for v in got[0][:21])
        assert squeezed == new("shake128", msg).digest(168), "a SHAKE128 block: the board differs from keccakforge"
        log("a SHAKE128 block permuted on the board = keccakforge.new('shake128') (the C library)")
    return out


# ---- the command line: `python3 -m keccakforge.hw` and `kforge hw` (which runs this) --------------
_SECRET_OUTS = ("dk", "k", "seed")


class _CliError(Exception):
    """A failure the command line reports in one line (exit 1)."""


def _read_input(what, path, sizes):
    """The bytes of --WHAT-file PATH (- is standard input): raw bytes, or their hex (whitespace
    around it ignored) unless the file's length is one of sizes (raw then)."""
    import sys
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        raise _CliError(f"--{what}-file {path}: {e.strerror}") from None
    text = data.strip()
    if len(data) not in sizes and text and len(text) % 2 == 0 and all(c in b"0123456789abcdefABCDEF" for c in text):
        return bytes.fromhex(text.decode())
    return data


def _key_input(what, path, loader, field, param):
    """A key file: raw, hex, or (with the C extension) SPKI / PKCS#8 in PEM or DER. (the
    parameter set the file names, or None; the key's bytes)."""
    sizes = {SIZES[param][field]} if param else {v[field] for v in SIZES.values()}
    data = _read_input(what, path, sizes)
    if len(data) not in sizes and loader is not None and (data[:1] == b"\x30" or b"-----BEGIN " in data):
        try:
            got = loader(data)
        except ValueError as e:
            raise _CliError(f"--{what}-file {path}: {e}") from None
        return got[0].param, got[1]
    return None, data


def _write_output(what, path, data):
    """Raw bytes to --WHAT-out PATH through a temporary file beside it (mode 0600 for a secret):
    on a failure the old file, if any, is left as it was."""
    import tempfile
    d = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".kforge-hw-", dir=d)
    except OSError as e:
        raise _CliError(f"--{what}-out {path}: {e.strerror}") from None
    try:
        os.fchmod(fd, 0o600 if what in _SECRET_OUTS else 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise _CliError(f"--{what}-out {path}: {e.strerror}") from None


def _mlkem_cli(a):
    """kforge hw mlkem keygen | encaps | decaps: the board computes, files as `kforge mlkem`'s."""
    try:
        from . import mlkem
        ek_loader = mlkem.load_public_key
        dk_loader = lambda data: mlkem.load_private_key(data)[:2]      # noqa: E731
    except ImportError:          # (the C extension not built: raw and hex key files only)
        ek_loader = dk_loader = None
    param = a.param
    outs = {}
    if a.op == "keygen":
        seed = os.urandom(64) if a.seed_file is None else _read_input("seed", a.seed_file, {64})
        param = param or 768
        with Board(a.port, a.baud, a.timeout) as b:
            ek, dk = b.keygen(param, seed)
            b.zeroize()
        outs = {"ek": ek, "dk": dk}
        if a.seed_out:
            outs["seed"] = seed
    elif a.op == "encaps":
        if a.ek_file is None:
            raise _CliError("encaps needs --ek-file")
        p2, ek = _key_input("ek", a.ek_file, ek_loader, 1, param)
        param = _one_param(param, p2, "ek", len(ek), 1)
        m = None if a.m_file is None else _read_input("m", a.m_file, {32})
        with Board(a.port, a.baud, a.timeout) as b:
            K, c = b.encaps(param, ek, m)
            b.zeroize()
        outs = {"c": c, "k": K}
    else:
        if a.dk_file is None or a.c_file is None:
            raise _CliError("decaps needs --dk-file and --c-file")
        p2, dk = _key_input("dk", a.dk_file, dk_loader, 2, param)
        param = _one_param(param, p2, "dk", len(dk), 2)
        c = _read_input("c", a.c_file, {SIZES[param][3]})
        with Board(a.port, a.baud, a.timeout) as b:
            K = b.decaps(param, dk, c)
            b.zeroize()
        outs = {"k": K}
    for name, data in outs.items():
        path = getattr(a, f"{name}_out", None)
        if path:
            _write_output(name, path, data)
        else:
            print(f"{name}={data.hex()}")
    return 0


def _one_param(param, from_key, what, n, field):
    """The parameter set: -p, else the key file's OID, else the key's length."""
    if from_key is not None:
        if param is not None and param != from_key:
            raise _CliError(f"--{what}-file is an ML-KEM-{from_key} key, not ML-KEM-{param}")
        return from_key
    if param is not None:
        return param
    for p, sizes in SIZES.items():
        if sizes[field] == n:
            return p
    raise _CliError(f"--{what}-file: {n} bytes is no ML-KEM {what}'s length (-p names the set)")


def main(argv=None):
    import argparse
    import sys
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["mlkem"]:
        ap = argparse.ArgumentParser(prog="kforge hw mlkem", description="ML-KEM (FIPS 203) on the ULX3S board's "
                                     "ML-KEM unit over its serial bridge. Inputs from files (raw bytes or hex; "
                                     "ek/dk also SPKI / PKCS#8, PEM or DER; - is standard input); outputs to "
                                     "--NAME-out files (raw bytes, secrets mode 0600) or as NAME=hex lines. "
                                     "The unit is cleared (ZEROIZE) after each operation. Exit status: 0 "
                                     "success, 1 a failure (an invalid key, a wrong length, the board not "
                                     "answering), 2 bad usage.")
        ap.add_argument("op", choices=("keygen", "encaps", "decaps"))
        ap.add_argument("-p", "--param", type=int, choices=(512, 768, 1024), default=None,
                        help="the parameter set (keygen: 768 when left out; encaps/decaps: from the key)")
        ap.add_argument("--port", required=True, help="the board's serial device, e.g. /dev/ttyUSB0")
        ap.add_argument("--baud", type=int, default=115200)
        ap.add_argument("--timeout", type=float, default=10.0, help="seconds for each reply (default 10)")
        for name, help_ in (("seed", "keygen: d || z, 64 bytes (else the OS's randomness)"),
                            ("ek", "encaps: the encapsulation key"), ("m", "encaps: m, 32 bytes (else random)"),
                            ("dk", "decaps: the decapsulation key"), ("c", "decaps: the ciphertext")):
            ap.add_argument(f"--{name}-file", metavar="F", help=help_)
        for name in ("ek", "dk", "seed", "c", "k"):
            ap.add_argument(f"--{name}-out", metavar="F")
        a = ap.parse_args(argv[1:])
        allowed = {"keygen": {"seed_file", "ek_out", "dk_out", "seed_out"},
                   "encaps": {"ek_file", "m_file", "c_out", "k_out"},
                   "decaps": {"dk_file", "c_file", "k_out"}}[a.op]
        for name in ("seed_file", "ek_file", "m_file", "dk_file", "c_file", "ek_out", "dk_out", "seed_out",
                     "c_out", "k_out"):
            if getattr(a, name) is not None and name not in allowed:
                ap.error(f"--{name.replace('_', '-')} is not an option of {a.op}")
        InvalidKey, LengthError = _errors()
        try:
            return _mlkem_cli(a)
        except (_CliError, BridgeError, InvalidKey, LengthError, ValueError, OSError) as e:
            print(f"kforge hw mlkem {a.op}: {type(e).__name__}: {e}", file=sys.stderr)
            return 1
    if argv[:1] == ["selftest"]:
        argv = argv[1:]
    ap = argparse.ArgumentParser(prog="kforge hw selftest", description="The board's self-test: ML-KEM "
                                 "round trips on the ML-KEM unit over its serial bridge, against keccakforge.mlkem.")
    ap.add_argument("--port", required=True, help="the serial device (the ULX3S's FTDI port, e.g. /dev/ttyUSB0)")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--params", default="512,768,1024")
    ap.add_argument("--rvv", action="store_true", help="the board is the RISC-V vector processor's (ulx3s_rvv): "
                    "run its Keccak-p programs (needs bench/rvv_ise_model: --model or KF_RVV_MODEL)")
    ap.add_argument("--model", default=None, help="bench/rvv_ise_model of a keccakforge checkout (--rvv)")
    a = ap.parse_args(argv)
    try:
        if a.rvv:
            with RvvBoard(a.port, a.baud) as b:
                rvv_selftest(b, model_dir=a.model)
            return 0
        with Board(a.port, a.baud) as b:
            selftest(b, [int(x) for x in a.params.split(",")])
            b.zeroize()
    except (BridgeError, OSError) as e:
        print(f"kforge hw selftest: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

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
everything. `python3 -m keccakforge.hw --port DEV` runs one round trip per parameter set and
compares it with keccakforge.mlkem (the board's self-test).

The bridge's frames: 'W' addr16 (n - 1) then 4 n data bytes -> a status byte; 'R' addr16 (n - 1)
-> 4 n data bytes and a status byte; 'K' all accesses OKAY, 'E' one answered SLVERR.
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
        if ident != ID:
            self.line.close()
            raise BridgeError("no ML-KEM unit on the line" + ("" if ident is None else
                              f": ID {ident:#010x}, expected {ID:#010x}"))

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


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python3 -m keccakforge.hw", description="The board's self-test: ML-KEM "
                                 "round trips on the ML-KEM unit over its serial bridge, against keccakforge.mlkem.")
    ap.add_argument("--port", required=True, help="the serial device (the ULX3S's FTDI port, e.g. /dev/ttyUSB0)")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--params", default="512,768,1024")
    a = ap.parse_args(argv)
    with Board(a.port, a.baud) as b:
        selftest(b, [int(x) for x in a.params.split(",")])
        b.zeroize()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

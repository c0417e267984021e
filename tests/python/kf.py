# SPDX-License-Identifier: Apache-2.0 OR MIT
"""kf.py - ctypes binding of libkeccakforge for the Python tests, plus the common harness.

The binding mirrors include/keccakforge.h. Symbols are looked up lazily, on first use, so a
test of SHA-3 still runs against a library that lacks (say) KangarooTwelve; a missing symbol
raises MissingSymbol, which the harness counts as one failure of the file that needed it.

Bit strings: the library takes them in FIPS 202 order (bit i is bit i mod 8, from the least
significant bit, of byte i/8). Helpers here convert from other conventions (see acvp_*).

Two ways to reach the library (the same Lib surface for the tests):
  --lib PATH      load it here with ctypes (Lib);
  --rpc COMMAND   start COMMAND, usually "<emulator> kf_rpc PATH", and call the library in it
                  over a pipe (RemoteLib; tests/cross/kf_rpc.c): a library cross-built for
                  another CPU, run under qemu-user.

Harness: every test script calls main(run), where run(args, report) does the work.
  - checks the library's backend against $KECCAKFORGE_BACKEND (exit 77 if that backend does
    not run on this CPU; failure if it runs but is not the one in use);
  - prints per-section pass/fail counts and a last line "N passed, N failed[, N skipped]";
  - exits 1 on any failure, 77 if nothing ran but something was skipped, else 0.
"""
import argparse
import atexit
import ctypes
import hashlib
import json
import os
import shlex
import struct
import subprocess
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import official_vectors  # noqa: E402  (the vector directory and its check)

VECTORS = None   # the official vector directory (official_vectors.find), set by main()

# ---- status codes, algorithm identifiers (keccakforge.h) ------------------------------
KF_OK = 0
KF_SHA3_224, KF_SHA3_256, KF_SHA3_384, KF_SHA3_512 = 1, 2, 3, 4
KF_KECCAK256_LEGACY, KF_KECCAK512_LEGACY = 5, 6
KF_V128, KF_V256, KF_V128XOF, KF_V256XOF = 1, 2, 3, 4
KF_KT128, KF_KT256 = 1, 2
SHA3_SIZES = {KF_SHA3_224: 28, KF_SHA3_256: 32, KF_SHA3_384: 48, KF_SHA3_512: 64}

CTX_SIZES = {"hash": 288, "xof": 288, "kmac": 288, "tuplehash": 288,
             "parallelhash": 640, "kt": 640}


class KfError(Exception):
    """A library call returned a non-zero status."""


class MissingSymbol(Exception):
    """The library has no such function (not implemented yet in this build)."""


_p, _sz, _u8, _int, _uint = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint8, ctypes.c_int, ctypes.c_uint
_cc = ctypes.c_char_p
# name: (restype, argtypes)
_SIGS = {
    "kf_strerror": (_cc, [_int]),
    "kf_backend_name": (_cc, []),
    "kf_backend_select": (_int, [_cc]),
    "kf_backend_list": (_sz, [ctypes.POINTER(_cc), _sz]),
    "kf_backend_batch_name": (_cc, []),
    "kf_backend_batch_list": (_sz, [ctypes.POINTER(_cc), _sz]),
    "kf_keccak_p1600": (_int, [_p, _uint]),
    "kf_wipe": (None, [_p, _sz]),
    "kf_hash_size": (_sz, [_int]),
    "kf_hash_init": (_int, [_p, _int]),
    "kf_hash_update": (_int, [_p, _p, _sz]),
    "kf_hash_update_bits": (_int, [_p, _p, _sz]),
    "kf_hash_final": (_int, [_p, _p, _sz]),
    "kf_hash": (_int, [_int, _p, _sz, _p, _sz]),
    "kf_sha3_224": (_int, [_p, _p, _sz]),
    "kf_sha3_256": (_int, [_p, _p, _sz]),
    "kf_sha3_384": (_int, [_p, _p, _sz]),
    "kf_sha3_512": (_int, [_p, _p, _sz]),
    "kf_keccak256_legacy": (_int, [_p, _p, _sz]),
    "kf_keccak512_legacy": (_int, [_p, _p, _sz]),
    "kf_shake128_init": (_int, [_p]),
    "kf_shake256_init": (_int, [_p]),
    "kf_turboshake128_init": (_int, [_p, _u8]),
    "kf_turboshake256_init": (_int, [_p, _u8]),
    "kf_cshake128_init": (_int, [_p, _p, _sz, _p, _sz]),
    "kf_cshake256_init": (_int, [_p, _p, _sz, _p, _sz]),
    "kf_xof_absorb": (_int, [_p, _p, _sz]),
    "kf_xof_absorb_bits": (_int, [_p, _p, _sz]),
    "kf_xof_squeeze": (_int, [_p, _p, _sz]),
    "kf_shake128": (_int, [_p, _sz, _p, _sz]),
    "kf_shake256": (_int, [_p, _sz, _p, _sz]),
    "kf_turboshake128": (_int, [_p, _sz, _p, _sz, _u8]),
    "kf_turboshake256": (_int, [_p, _sz, _p, _sz, _u8]),
    "kf_cshake128": (_int, [_p, _sz, _p, _sz, _p, _sz, _p, _sz]),
    "kf_cshake256": (_int, [_p, _sz, _p, _sz, _p, _sz, _p, _sz]),
    "kf_kmac_init": (_int, [_p, _int, _p, _sz, _p, _sz]),
    "kf_kmac_init_bits": (_int, [_p, _int, _p, _sz, _p, _sz]),
    "kf_kmac_update": (_int, [_p, _p, _sz]),
    "kf_kmac_update_bits": (_int, [_p, _p, _sz]),
    "kf_kmac_final": (_int, [_p, _p, _sz]),
    "kf_kmac_final_bits": (_int, [_p, _p, _sz]),
    "kf_kmac_squeeze": (_int, [_p, _p, _sz]),
    "kf_kmac128": (_int, [_p, _sz, _p, _sz, _p, _sz, _p, _sz]),
    "kf_kmac256": (_int, [_p, _sz, _p, _sz, _p, _sz, _p, _sz]),
    "kf_tuplehash_init": (_int, [_p, _int, _p, _sz]),
    "kf_tuplehash_add": (_int, [_p, _p, _sz]),
    "kf_tuplehash_add_bits": (_int, [_p, _p, _sz]),
    "kf_tuplehash_final": (_int, [_p, _p, _sz]),
    "kf_tuplehash_final_bits": (_int, [_p, _p, _sz]),
    "kf_tuplehash_squeeze": (_int, [_p, _p, _sz]),
    "kf_parallelhash_init": (_int, [_p, _int, _sz, _p, _sz]),
    "kf_parallelhash_update": (_int, [_p, _p, _sz]),
    "kf_parallelhash_update_bits": (_int, [_p, _p, _sz]),
    "kf_parallelhash_final": (_int, [_p, _p, _sz]),
    "kf_parallelhash_final_bits": (_int, [_p, _p, _sz]),
    "kf_parallelhash_squeeze": (_int, [_p, _p, _sz]),
    "kf_parallelhash": (_int, [_int, _p, _sz, _p, _sz, _sz, _p, _sz]),
    "kf_kt_init": (_int, [_p, _int]),
    "kf_kt_update": (_int, [_p, _p, _sz]),
    "kf_kt_final": (_int, [_p, _p, _sz]),
    "kf_kt_squeeze": (_int, [_p, _p, _sz]),
    "kf_kt128": (_int, [_p, _sz, _p, _sz, _p, _sz]),
    "kf_kt256": (_int, [_p, _sz, _p, _sz, _p, _sz]),
}


class _LibBase:
    """What Lib and RemoteLib share: attribute access returns the typed C function (looked up
    lazily, MissingSymbol if absent) and these helpers built on it."""

    def has(self, name):
        try:
            getattr(self, name)
            return True
        except MissingSymbol:
            return False

    def check(self, rc, what=""):
        if rc != KF_OK:
            raise KfError("%s returned %d (%s)" % (what, rc, self.strerror(rc)))

    def strerror(self, rc):
        try:
            return self.kf_strerror(rc).decode()
        except MissingSymbol:
            return "?"

    # ---- backends ----
    def backend_name(self):
        return self.kf_backend_name().decode()

    def backend_list(self):
        n = self.kf_backend_list(None, 0)
        arr = (ctypes.c_char_p * max(n, 1))()
        self.kf_backend_list(arr, n)
        return [arr[i].decode() for i in range(n)]


class Lib(_LibBase):
    """The shared library, loaded in this process with ctypes."""

    def __init__(self, path):
        self.path = path
        self._dll = ctypes.CDLL(path)
        self._fns = {}

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        fn = self._fns.get(name)
        if fn is None:
            try:
                fn = getattr(self._dll, name)
            except AttributeError:
                raise MissingSymbol(name) from None
            if name in _SIGS:
                fn.restype, fn.argtypes = _SIGS[name]
            self._fns[name] = fn
        return fn

    def ctx(self, kind):
        return Ctx(kind)

    def close(self):
        return 0


# ---- remote mode: the library in another process (tests/cross/kf_rpc.c) ------------------
class ServerDied(SystemExit):
    """kf_rpc ended or broke the protocol: every later call would fail, so the script stops
    (a SystemExit, which Report.run_case does not catch) with status 1."""

    def __init__(self, why):
        print("FAIL: %s" % why, flush=True)
        super().__init__(1)


class RemotePtr:
    """An address in the server's memory: what a c_void_p is in ctypes mode."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class RemoteCtx:
    """Ctx in remote mode: context storage allocated in the server, freed with this object."""

    def __init__(self, lib, kind):
        self._lib = lib
        self.ptr = RemotePtr(lib._alloc(CTX_SIZES[kind]))

    def __del__(self):
        self._lib._free_later(self.ptr.value)


_MASK64 = (1 << 64) - 1
_INT_CODES = "bBhHiIlLqQ?"   # ctypes _type_ codes of the integer types (lower case: signed)


def _widen(value, t):
    """An integer argument as a 64-bit register value. A type narrower than 64 bits is cut to
    its width, extended by its own signedness to 32 bits, then sign-extended to 64: the RISC-V
    LP64 rule (even unsigned int arrives sign-extended); AArch64 reads only the low bits.
    No declared type means C int, as in ctypes."""
    if t is None:
        t = ctypes.c_int
    code = getattr(t, "_type_", None)
    if not isinstance(code, str) or code not in _INT_CODES:
        return value & _MASK64           # pointer types
    bits = 8 * ctypes.sizeof(t)
    v = value & ((1 << bits) - 1)
    if code.islower() and v >> (bits - 1):
        v -= 1 << bits
    if bits < 64:
        v &= 0xFFFFFFFF
        if v & 0x80000000:
            v |= 0xFFFFFFFF00000000
    return v & _MASK64


class _RemoteFn:
    """A function of the remote library; restype and argtypes work as in ctypes."""

    def __init__(self, lib, name, addr):
        self._lib, self.__name__, self.addr = lib, name, addr
        self.restype, self.argtypes = _SIGS.get(name, (ctypes.c_int, None))

    def __call__(self, *args):
        return self._lib._call(self, args)


class RemoteLib(_LibBase):
    """The library in a kf_rpc server (see tests/cross/kf_rpc.c for the protocol).

    Arguments travel as the C function would see them: None is NULL, ints are widened per the
    argtypes (_widen), bytes are copied to a temporary buffer (NUL-terminated, as ctypes does),
    ctypes arrays (create_string_buffer, c_char_p arrays) are copied in and back out after
    the call, a RemotePtr (RemoteCtx.ptr) is its address. A ctypes callback of the shape
    int(void *, uint8_t *, size_t) (kf_mlkem_rng_fn) is served by the server's trampoline.
    Unlike ctypes, a buffer passed twice in one call arrives as two copies. Targets: 64-bit,
    little-endian (AArch64, RISC-V 64)."""

    def __init__(self, command):
        self.path = command
        self._fns = {}
        self._pending_free = []
        self._callback = None
        self._trampoline = None
        self._proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._wr, self._rd = self._proc.stdin, self._proc.stdout
        if self._recv() != b"r":    # the hello frame: the library is loaded
            raise ServerDied("kf_rpc did not start properly (%s)" % command)
        atexit.register(self.close)

    # ---- frames ----
    def _send(self, payload):
        try:
            self._wr.write(struct.pack("<I", len(payload)) + payload)
            self._wr.flush()
        except (BrokenPipeError, ValueError):
            self._died()

    def _recv(self):
        hdr = self._rd.read(4)
        if len(hdr) != 4:
            self._died()
        n = struct.unpack("<I", hdr)[0]
        body = self._rd.read(n)
        if len(body) != n:
            self._died()
        return body

    def _died(self):
        try:
            rc = self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            rc = "killed, it did not exit"
        raise ServerDied("the kf_rpc server stopped answering (exit status %s; %s)" % (rc, self.path))

    def _request(self, payload):
        """One request, its reply payload (after 'r'); callbacks are answered meanwhile."""
        if self._pending_free:
            addrs, self._pending_free = self._pending_free, []
            self._send(b"F" + struct.pack("<%dQ" % len(addrs), *addrs))
        self._send(payload)
        while True:
            frame = self._recv()
            if frame[:1] == b"r":
                return frame[1:]
            if frame[:1] != b"c" or len(frame) != 17:
                raise ServerDied("kf_rpc sent a frame this client does not know: %r" % frame[:17])
            arg, n = struct.unpack("<QQ", frame[1:])
            out = ctypes.create_string_buffer(max(n, 1))
            rc = -1 if not self._callback else \
                self._callback(arg or None, ctypes.cast(out, ctypes.POINTER(ctypes.c_uint8)), n)
            self._send(struct.pack("<i", rc) + out.raw[:n])

    def close(self):
        """Ends the server (end of its input); returns its exit status."""
        if self._proc.returncode is None:
            try:
                self._wr.close()
            except BrokenPipeError:
                pass
            try:
                self._proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        return self._proc.returncode

    # ---- memory ----
    def _alloc(self, size):
        return struct.unpack("<Q", self._request(b"A" + struct.pack("<Q", size)))[0]

    def _free_later(self, addr):
        self._pending_free.append(addr)   # sent ahead of the next request (no I/O in __del__)

    def _string(self, addr):
        return self._request(b"S" + struct.pack("<Q", addr))

    def ctx(self, kind):
        return RemoteCtx(self, kind)

    # ---- functions ----
    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        fn = self._fns.get(name)
        if fn is None:
            addr = struct.unpack("<Q", self._request(b"L" + name.encode()))[0]
            if not addr:
                raise MissingSymbol(name)
            fn = self._fns[name] = _RemoteFn(self, name, addr)
        return fn

    def _arg(self, a, t):
        """(request bytes, ctypes array to copy back into or None) for one argument."""
        if a is None:
            return b"i" + bytes(8), None
        if isinstance(a, RemotePtr):
            return b"i" + struct.pack("<Q", a.value), None
        if isinstance(a, int):
            return b"i" + struct.pack("<Q", _widen(a, t)), None
        if isinstance(a, bytes):
            data = a + b"\0"
            return b"b" + struct.pack("<I", len(data)) + data, None
        if isinstance(a, ctypes.Array):
            data = bytes(8 * len(a)) if a._type_ is ctypes.c_char_p else ctypes.string_at(a, ctypes.sizeof(a))
            return b"o" + struct.pack("<I", len(data)) + data, a
        if isinstance(a, ctypes._CFuncPtr):
            if not a:
                return b"i" + bytes(8), None
            if self._trampoline is None:
                self._trampoline = struct.unpack("<Q", self._request(b"T"))[0]
            self._callback = a      # the library keeps the pointer, so this stays until replaced
            return b"i" + struct.pack("<Q", self._trampoline), None
        if isinstance(a, ctypes._SimpleCData) and a._type_ in _INT_CODES:
            return b"i" + struct.pack("<Q", _widen(a.value, type(a))), None
        raise TypeError("remote mode cannot pass a %s" % type(a).__name__)

    def _call(self, fn, args):
        types = fn.argtypes or ()
        if fn.argtypes is not None and len(args) < len(types):
            raise TypeError("%s takes %d arguments (%d given)" % (fn.__name__, len(types), len(args)))
        parts, backs = [b"C", struct.pack("<QB", fn.addr, len(args))], []
        for i, a in enumerate(args):
            enc, back = self._arg(a, types[i] if i < len(types) else None)
            parts.append(enc)
            if back is not None:
                backs.append(back)
        reply = self._request(b"".join(parts))
        ret, pos = struct.unpack("<Q", reply[:8])[0], 8
        for a in backs:
            if a._type_ is ctypes.c_char_p:
                ptrs = struct.unpack("<%dQ" % len(a), reply[pos:pos + 8 * len(a)])
                pos += 8 * len(a)
                for i, p in enumerate(ptrs):
                    a[i] = self._string(p) if p else None
            else:
                n = ctypes.sizeof(a)
                ctypes.memmove(a, reply[pos:pos + n], n)
                pos += n
        return self._result(ret, fn.restype)

    def _result(self, v, t):
        """The return register read as restype t, as ctypes would convert it."""
        if t is None:
            return None
        code = getattr(t, "_type_", None)
        if code == "z":                  # c_char_p
            return self._string(v) if v else None
        if code == "P":                  # c_void_p
            return v or None
        if not isinstance(code, str) or code not in _INT_CODES:
            raise TypeError("remote mode cannot return a %s" % getattr(t, "__name__", t))
        bits = 8 * ctypes.sizeof(t)
        v &= (1 << bits) - 1
        if code == "?":
            return bool(v)
        if code.islower() and v >> (bits - 1):
            v -= 1 << bits
        return v


# ---- buffers --------------------------------------------------------------------------
def _in(data):
    """(pointer, length) for an input byte string; NULL for empty input."""
    if not data:
        return None, 0
    return data, len(data)


class Ctx:
    """Storage for an opaque context, 32-byte aligned as the header's _Alignas(32) asks."""

    def __init__(self, kind):
        size = CTX_SIZES[kind]
        self._buf = ctypes.create_string_buffer(size + 32)
        addr = ctypes.addressof(self._buf)
        self.ptr = ctypes.c_void_p((addr + 31) & ~31)


def _out(n):
    return ctypes.create_string_buffer(max(n, 1))


# ---- Pythonic wrappers (each raises KfError on a non-zero status) -----------------------
class Api:
    def __init__(self, lib):
        self.lib = lib

    def _call(self, name, *args):
        rc = getattr(self.lib, name)(*args)
        self.lib.check(rc, name)

    # SHA-3 / legacy Keccak
    def hash(self, alg, data):
        n = SHA3_SIZES.get(alg, 32 if alg == KF_KECCAK256_LEGACY else 64)
        out = _out(n)
        self._call("kf_hash", alg, out, n, *_in(data))
        return out.raw[:n]

    def hash_bits(self, alg, data, nbits):
        h = self.hash_init(alg)
        self.hash_update_bits(h, data, nbits)
        return self.hash_final(h, alg)

    def hash_init(self, alg):
        c = self.lib.ctx("hash")
        self._call("kf_hash_init", c.ptr, alg)
        return c

    def hash_update(self, c, data):
        self._call("kf_hash_update", c.ptr, *_in(data))

    def hash_update_bits(self, c, data, nbits):
        self._call("kf_hash_update_bits", c.ptr, data if nbits else None, nbits)

    def hash_final(self, c, alg):
        n = SHA3_SIZES.get(alg, 32 if alg == KF_KECCAK256_LEGACY else 64)
        out = _out(n)
        self._call("kf_hash_final", c.ptr, out, n)
        return out.raw[:n]

    # XOFs
    def xof_init(self, kind, *params):
        """kind: 'shake128', 'shake256', 'turboshake128'(D), 'turboshake256'(D),
        'cshake128'(N, S), 'cshake256'(N, S)."""
        c = self.lib.ctx("xof")
        if kind.startswith("cshake"):
            N, S = params
            self._call("kf_%s_init" % kind, c.ptr, *_in(N), *_in(S))
        else:
            self._call("kf_%s_init" % kind, c.ptr, *params)
        return c

    def xof_absorb(self, c, data):
        self._call("kf_xof_absorb", c.ptr, *_in(data))

    def xof_absorb_bits(self, c, data, nbits):
        self._call("kf_xof_absorb_bits", c.ptr, data if nbits else None, nbits)

    def xof_squeeze(self, c, n):
        out = _out(n)
        self._call("kf_xof_squeeze", c.ptr, out if n else None, n)
        return out.raw[:n]

    def shake(self, bits, data, n):
        out = _out(n)
        self._call("kf_shake%d" % bits, out if n else None, n, *_in(data))
        return out.raw[:n]

    def turboshake(self, bits, data, n, domain):
        out = _out(n)
        self._call("kf_turboshake%d" % bits, out if n else None, n, *_in(data), domain)
        return out.raw[:n]

    def cshake(self, bits, data, n, N, S):
        out = _out(n)
        self._call("kf_cshake%d" % bits, out if n else None, n, *_in(data), *_in(N), *_in(S))
        return out.raw[:n]

    # SP 800-185: KMAC, TupleHash, ParallelHash share final / final_bits / squeeze
    def kmac_init(self, v, key, S, keybits=None):
        c = self.lib.ctx("kmac")
        if keybits is None:
            self._call("kf_kmac_init", c.ptr, v, *_in(key), *_in(S))
        else:
            self._call("kf_kmac_init_bits", c.ptr, v, key if keybits else None, keybits, *_in(S))
        return c

    def tuplehash_init(self, v, S):
        c = self.lib.ctx("tuplehash")
        self._call("kf_tuplehash_init", c.ptr, v, *_in(S))
        return c

    def parallelhash_init(self, v, B, S):
        c = self.lib.ctx("parallelhash")
        self._call("kf_parallelhash_init", c.ptr, v, B, *_in(S))
        return c

    def sp_update(self, mode, c, data):
        name = {"kmac": "kf_kmac_update", "tuplehash": "kf_tuplehash_add",
                "parallelhash": "kf_parallelhash_update"}[mode]
        self._call(name, c.ptr, *_in(data))

    def sp_update_bits(self, mode, c, data, nbits):
        name = {"kmac": "kf_kmac_update_bits", "tuplehash": "kf_tuplehash_add_bits",
                "parallelhash": "kf_parallelhash_update_bits"}[mode]
        self._call(name, c.ptr, data if nbits else None, nbits)

    def sp_final(self, mode, c, n):
        out = _out(n)
        self._call("kf_%s_final" % mode, c.ptr, out if n else None, n)
        return out.raw[:n]

    def sp_final_bits(self, mode, c, nbits):
        n = (nbits + 7) // 8
        out = _out(n)
        self._call("kf_%s_final_bits" % mode, c.ptr, out if n else None, nbits)
        return mask_bits(out.raw[:n], nbits)

    def sp_squeeze(self, mode, c, n):
        out = _out(n)
        self._call("kf_%s_squeeze" % mode, c.ptr, out if n else None, n)
        return out.raw[:n]

    # KangarooTwelve
    def kt_init(self, v):
        c = self.lib.ctx("kt")
        self._call("kf_kt_init", c.ptr, v)
        return c

    def kt_update(self, c, data):
        self._call("kf_kt_update", c.ptr, *_in(data))

    def kt_final(self, c, custom):
        self._call("kf_kt_final", c.ptr, *_in(custom))

    def kt_squeeze(self, c, n):
        out = _out(n)
        self._call("kf_kt_squeeze", c.ptr, out if n else None, n)
        return out.raw[:n]

    def kt(self, bits, data, n, custom):
        out = _out(n)
        self._call("kf_kt%d" % bits, out if n else None, n, *_in(data), *_in(custom))
        return out.raw[:n]


# ---- bit strings ----------------------------------------------------------------------
def mask_bits(data, nbits):
    """FIPS 202 bit string of nbits bits: keep ceil(nbits/8) bytes, clear unused high bits."""
    n = (nbits + 7) // 8
    b = bytearray(data[:n])
    if nbits % 8:
        b[-1] &= (1 << (nbits % 8)) - 1
    return bytes(b)


def acvp_to_fips(hexstr, nbits):
    """ACVP hex *input* bit string (msg, key, tuple element) -> FIPS 202 bytes.

    Whole bytes are taken as they are. A final partial byte of k = nbits mod 8 bits carries
    the message bits in its top k bits ("the leftmost bits of the last hex byte are the message
    bits", ACVP), so the FIPS 202 final byte is (hex_byte >> (8 - k)).
    ACVP writes *outputs* (md, mac) differently: see fips_to_acvp.
    Both rules were found empirically on the ACVP files: with them every bit-length case of
    SHA3, SHAKE, cSHAKE, KMAC, TupleHash and ParallelHash passes (test_acvp.py); the
    alternatives (input bits reversed, or output left-aligned like the input) fail.
    """
    raw = bytes.fromhex(hexstr)
    n = (nbits + 7) // 8
    b = bytearray(raw[:n].ljust(n, b"\0"))
    k = nbits % 8
    if k:
        b[-1] >>= 8 - k
    return bytes(b)


def fips_to_acvp(data, nbits, left_aligned=False):
    """FIPS 202 output of nbits bits -> ACVP hex of an *output* (md, mac), upper case.

    ACVP is not consistent here, so the vector file decides (test_acvp.RIGHT_ALIGNED_OUTPUT):
      right-aligned (SHAKE-*-1.0 only): the final partial byte is the FIPS 202 byte with its
        unused high bits cleared;
      left-aligned (SHAKE-*-FIPS202, cSHAKE, KMAC, TupleHash, ParallelHash): like the inputs,
        the k output bits are the top k bits of the final byte (FIPS 202 byte << (8 - k)).
    """
    b = bytearray(mask_bits(data, nbits))
    k = nbits % 8
    if k and left_aligned:
        b[-1] = (b[-1] << (8 - k)) & 0xFF
    return b.hex().upper()


# ---- vectors --------------------------------------------------------------------------
VectorError = official_vectors.VectorMismatch
VectorsMissing = official_vectors.VectorsMissing


def read_vector(relpath):
    """Bytes of <official vector dir>/<relpath>, checked against tests/official_vectors.sha256."""
    return official_vectors.read(relpath, VECTORS)


def read_json(relpath):
    return json.loads(read_vector(relpath))


def read_jsonl(relpath):
    return [json.loads(l) for l in read_vector(relpath).decode().splitlines() if l.strip()]


def part(args, which):
    """Whether this run includes `which` ("vectors": the official vectors; "oracles": the
    differential tests, round trips and error checks): --part all|vectors|oracles."""
    return args.part in ("all", which)


# ---- reporting ------------------------------------------------------------------------
class Report:
    """Counts per section (usually one vector file) and in total."""

    MAX_DETAILS = 10   # failure messages printed per section

    def __init__(self):
        self.total = {"pass": 0, "fail": 0, "skip": 0}
        self.missing = []   # independent oracles that could not be imported
        self.section_name = None
        self.sec = None
        self.shown = 0

    def section(self, name):
        self.end_section()
        self.section_name = name
        self.sec = {"pass": 0, "fail": 0, "skip": 0}
        self.shown = 0

    def end_section(self):
        if self.section_name is None:
            return
        s = self.sec
        status = "FAIL" if s["fail"] else ("ok" if s["pass"] else "skipped")
        line = "%-40s %6d passed, %d failed" % (self.section_name, s["pass"], s["fail"])
        if s["skip"]:
            line += ", %d skipped" % s["skip"]
        print("%s  [%s]" % (line, status), flush=True)
        self.section_name = None

    def _count(self, kind, n=1):
        self.total[kind] += n
        if self.sec is not None:
            self.sec[kind] += n

    def ok(self, n=1):
        self._count("pass", n)

    def skip(self, n=1, why=None):
        self._count("skip", n)

    def oracle_missing(self, name, n=1):
        """An independent oracle (a PyPI package) is missing: its comparisons are counted as
        skipped, and the test as a whole ends Skipped (77) even when every other check passed,
        so ctest's summary never shows a comparison that did not run as Passed."""
        self.skip(n)
        if name not in self.missing:
            self.missing.append(name)
        print("  %s is not importable: its comparisons are skipped" % name, flush=True)

    def fail(self, msg):
        self._count("fail")
        if self.shown < self.MAX_DETAILS:
            print("  FAIL %s" % msg, flush=True)
        elif self.shown == self.MAX_DETAILS:
            print("  ... (further failures in this section not shown)", flush=True)
        self.shown += 1

    def check(self, cond, msg):
        if cond:
            self.ok()
        else:
            self.fail(msg)
        return cond

    def run_case(self, label, fn):
        """Run fn(); count its result. fn returns True (pass), False (fail, message printed by
        label), a string (fail with that detail) or None (the function counted itself)."""
        try:
            r = fn()
        except MissingSymbol as e:
            self.fail("%s: library has no %s()" % (label, e))
            return False
        except KfError as e:
            self.fail("%s: %s" % (label, e))
            return False
        except Exception as e:  # a bug in the test or a bad vector: report, keep going
            self.fail("%s: %s: %s" % (label, type(e).__name__, e))
            if os.environ.get("KF_TEST_TRACEBACK"):
                traceback.print_exc()
            return False
        if r is True:
            self.ok()
        elif r is False:
            self.fail(label)
        elif isinstance(r, str):
            self.fail("%s: %s" % (label, r))
        return r is True

    def finish(self):
        self.end_section()
        t = self.total
        line = "%d passed, %d failed" % (t["pass"], t["fail"])
        if t["skip"]:
            line += ", %d skipped" % t["skip"]
        print(line, flush=True)
        if t["fail"]:
            return 1
        if self.missing:
            print("SKIPPED: the comparisons with %s did not run (every other check passed)" %
                  ", ".join(self.missing), flush=True)
            return 77
        if t["pass"] == 0 and t["skip"]:
            return 77
        if t["pass"] == 0:
            return 1     # nothing ran at all: treat as an error, not as success
        return 0


# ---- main -----------------------------------------------------------------------------
def parse_args(argv=None, extra=None):
    ap = argparse.ArgumentParser()
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--lib", help="path to libkeccakforge.so (loaded here with ctypes)")
    where.add_argument("--rpc", metavar="COMMAND",
                       help='a kf_rpc server command, e.g. "qemu-aarch64 -L SYSROOT kf_rpc LIB.so"')
    ap.add_argument("--slow", action="store_true", help="also run slow tests (ACVP LDT)")
    ap.add_argument("--seed", type=int, default=None, help="random seed (differential tests)")
    ap.add_argument("--vectors", metavar="DIR", default=None,
                    help="official vector directory (default: $KF_VECTORS_DIR, else ../shared/vectors)")
    ap.add_argument("--part", choices=("all", "vectors", "oracles"), default="all",
                    help="the official-vector cases only, everything else only, or both")
    if extra:
        extra(ap)
    return ap.parse_args(argv)


NO_BATCH = "x1"   # KECCAKFORGE_BACKEND=x1: no batched backend, the x1 fallback everywhere


def _names(fn):
    n = fn(None, 0)
    arr = (ctypes.c_char_p * max(n, 1))()
    fn(arr, n)
    return [arr[i].decode() for i in range(n)]


def check_backend(lib):
    """Return an exit code to stop with (77 or 1), or None to go on.

    KECCAKFORGE_BACKEND may name an x1 backend (checked with kf_backend_name), a batched one
    (checked with kf_backend_batch_name; x1 stays automatic) or "x1" (no batched backend), or
    an x1 and a batched name with a comma between (each checked)."""
    want = os.environ.get("KECCAKFORGE_BACKEND")
    try:
        got = lib.backend_name()
        runnable = lib.backend_list()
        batch = lib.kf_backend_batch_name().decode()
        batch_runnable = _names(lib.kf_backend_batch_list)
    except MissingSymbol as e:
        print("FAIL: library has no %s()" % e)
        return 1
    if not want:
        print("backend: %s, batched %s (automatic choice; runnable: %s; batched: %s)"
              % (got, batch, ", ".join(runnable), ", ".join(batch_runnable) or "none"))
        return None
    # one name, or an x1 and a batched name with a comma between (e.g. opt64-bmi2,avx2-x4)
    for part in want.split(","):
        if part in runnable or part == NO_BATCH:
            what, have = ("backend", got) if part in runnable else ("batched backend", batch)
        elif part in batch_runnable:
            what, have = "batched backend", batch
        else:
            print("SKIP: backend '%s' is not runnable on this CPU/build (runnable: %s; batched: %s)"
                  % (part, ", ".join(runnable), ", ".join(batch_runnable) or "none"))
            return 77
        if have != part:
            print("FAIL: KECCAKFORGE_BACKEND=%s is runnable, but the library uses %s '%s'" % (want, what, have))
            print("0 passed, 1 failed")
            return 1
    print("backend: %s, batched %s (KECCAKFORGE_BACKEND=%s)" % (got, batch, want))
    return None


def main(run, extra_args=None):
    """run(args, lib, api, report). Exits with the harness's code."""
    global VECTORS
    args = parse_args(extra=extra_args)
    VECTORS = official_vectors.find(args.vectors)
    if args.part == "vectors" and VECTORS is None:
        print("SKIP: " + official_vectors.WHERE)
        print("0 passed, 0 failed, 1 skipped")
        sys.exit(77)
    lib = Lib(args.lib) if args.lib else RemoteLib(args.rpc)
    rc = check_backend(lib)
    if rc is not None:
        sys.exit(rc)
    report = Report()
    try:
        run(args, lib, Api(lib), report)
    except VectorError as e:
        report.fail("vector file: %s" % e)
    except VectorsMissing as e:
        report.skip(why=str(e))
    rc = report.finish()
    status = lib.close()
    if status:
        print("FAIL: the kf_rpc server exited with status %d" % status)
        rc = 1
    sys.exit(rc)

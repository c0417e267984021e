# SPDX-License-Identifier: Apache-2.0 OR MIT
"""simboard.py - what board_e2e.py (ulx3s_mlkem) and board_rvv_e2e.py (ulx3s_rvv) share: the
Verilator build of a board top with sim_ulx3s.cpp (rebuilt when a source or a setting changed,
kept otherwise) and the simulator's start-up (its first line names the pseudo-terminal standing in
for the board's serial port, or says NOPTY) and shutdown."""
import contextlib
import hashlib
import os
import shutil
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77


class Skip(Exception):
    """The test cannot run here (its reason)."""


def tools_missing():
    """None, or why the simulated board cannot be built here."""
    if not shutil.which("verilator") or not (shutil.which("c++") or shutil.which("g++")):
        return "verilator or a C++ compiler not installed"
    return None


def build(where, top, sources, headers, settings, incdir):
    """The simulator of board top `top` (Verilog `sources`, include files `headers` in `incdir`;
    `settings`: -G parameters and -CFLAGS as Verilator options), rebuilt when a file or a setting
    changed; its path."""
    files = list(sources) + [os.path.join(HERE, "sim_ulx3s.cpp")]
    h = hashlib.sha256(" ".join(settings).encode())
    for f in files + list(headers):
        with open(f, "rb") as fh:
            h.update(fh.read())
    exe = os.path.join(where, "V" + top)
    stamp = os.path.join(where, "sources.sha256")
    if os.path.exists(exe) and os.path.exists(stamp) and open(stamp).read() == h.hexdigest():
        return exe
    shutil.rmtree(where, ignore_errors=True)
    os.makedirs(where)
    t0 = time.time()
    cmd = (["verilator", "--cc", "--exe", "--build", "-j", "2", "-Wno-fatal", "-Wno-lint", "-Wno-style",
            "--top-module", top] + list(settings) + ["-CFLAGS", "-O1", "-I" + incdir, "-Mdir", where] + files)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0 or not os.path.exists(exe):
        print(r.stdout[-3000:], r.stderr[-3000:])
        raise SystemExit(f"FAILED: the Verilator build of {top}")
    with open(stamp, "w") as f:
        f.write(h.hexdigest())
    print(f"built {exe} ({time.time() - t0:.0f} s)")
    return exe


@contextlib.contextmanager
def running(exe, args=()):
    """Starts the simulated board (`args`: its command line, e.g. a plusarg); yields its
    pseudo-terminal's path (raises Skip when the simulator has none); stops the simulator at the
    end (its stdin closed, killed after 10 s)."""
    sim = subprocess.Popen([exe] + list(args), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        line = sim.stdout.readline().split()
        if line and line[0] == "NOPTY":
            raise Skip(" ".join(line[1:]))
        assert len(line) == 2 and line[0] == "PTY", f"the simulator said {line}"
        yield line[1]
    finally:
        sim.stdin.close()
        try:
            sim.wait(10)
        except subprocess.TimeoutExpired:
            sim.kill()

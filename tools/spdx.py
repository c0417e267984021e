#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""spdx.py - every file of the repository names its licence in an SPDX line.

    python3 tools/spdx.py           list the files without one; exit 1 if there are any (a ctest)
    python3 tools/spdx.py --fix     add the line, in each file's own comment syntax, where missing

The files are those git tracks (or, outside a git checkout, every file below the root but the
build directories). The line must be among a file's first five lines. Exempt: the licence texts
themselves, data formats that have no comments (JSON), and the files of a data directory whose
README.md carries the line for all of them (COVERED_DIRS: libFuzzer corpora and regression
inputs, binary).
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPDX = "SPDX-License-Identifier: Apache-2.0 OR MIT"
EXEMPT_NAMES = {"LICENSE", "LICENSE-APACHE", "LICENSE-MIT"}
EXEMPT_ENDINGS = (".json", ".jsonl", ".png")
# Directories of generated binary data, where a file cannot hold a comment: their README.md
# (which must have the line) covers every other file below them.
COVERED_DIRS = ("fuzz/corpus/", "fuzz/regress/")

# comment syntax by ending (or whole name): (opening, closing)
C_STYLE = ("/* ", " */")
HASH = ("# ", "")
STYLES = {
    ".c": C_STYLE, ".h": C_STYLE, ".ld": C_STYLE, ".S": C_STYLE, ".cc": C_STYLE,
    ".py": HASH, ".pyi": HASH, ".cmake": HASH, ".in": HASH, ".sh": HASH, ".toml": HASH,
    ".cfg": HASH, ".txt": HASH, ".gitignore": HASH, ".clang-format": HASH, ".sby": HASH,
    ".cnf": HASH, ".typed": HASH, ".yml": HASH, ".yaml": HASH,
    ".md": ("<!-- ", " -->"),
    ".v": ("// ", ""), ".sv": ("// ", ""), ".svh": ("// ", ""), ".vh": ("// ", ""),
    ".1": ('.\\" ', ""), ".3": ('.\\" ', ""),
    ".svg": ("<!-- ", " -->"),
}
WHOLE_NAMES = {"run": HASH, "Makefile": HASH}


def tracked_files():
    try:
        out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], capture_output=True,
                             check=True).stdout
        return [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(ROOT):
            dirs[:] = [x for x in dirs if not x.startswith((".git", "build"))]
            files += [os.path.relpath(os.path.join(d, n), ROOT) for n in names]
        return files


def covered(path):
    for d in COVERED_DIRS:
        readme = d + "README.md"
        if path.startswith(d) and path != readme:
            return os.path.exists(os.path.join(ROOT, readme)) and has_line(readme)
    return False


def exempt(path):
    name = os.path.basename(path)
    return name in EXEMPT_NAMES or name.endswith(EXEMPT_ENDINGS) or covered(path)


def style_of(path):
    name = os.path.basename(path)
    if name in WHOLE_NAMES:
        return WHOLE_NAMES[name]
    for ending, style in STYLES.items():
        if name.endswith(ending):
            return style
    return None


def has_line(path):
    try:
        with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
            head = [f.readline() for _ in range(5)]
    except FileNotFoundError:
        return True  # deleted in the work tree, not yet in the index
    return any(SPDX in line for line in head)


def add_line(path):
    style = style_of(path)
    if style is None:
        return False
    full = os.path.join(ROOT, path)
    with open(full, encoding="utf-8") as f:
        lines = f.readlines()
    at = 1 if lines and lines[0].startswith("#!") else 0
    if path.endswith(".md") is False and lines[:1] and lines[0].startswith("<?xml"):
        at = 1
    lines.insert(at, style[0] + SPDX + style[1] + "\n")
    with open(full, "w", encoding="utf-8") as f:
        f.writelines(lines)
    return True


def main():
    fix = "--fix" in sys.argv[1:]
    missing = [p for p in tracked_files() if not exempt(p) and not has_line(p)]
    left = [p for p in missing if not (fix and add_line(p))]
    for p in left:
        print(f"{p}: no '{SPDX}' line in its first five lines", file=sys.stderr)
    if fix:
        print(f"spdx: added the line to {len(missing) - len(left)} files")
    else:
        print(f"spdx: {len(tracked_files())} files, {len(left)} without the line")
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())

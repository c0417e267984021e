# SPDX-License-Identifier: Apache-2.0 OR MIT
"""elf32.py - the little of a 32-bit little-endian ELF file the Cortex-M model needs.

Loadable segments (what a flash programmer would write), section names and extents, and the
symbol table (function and object symbols with their sizes).
Only ELFCLASS32 / ELFDATA2LSB (arm-none-eabi) files are accepted.
"""
import struct
from collections import namedtuple

Segment = namedtuple("Segment", "paddr vaddr data memsz")
Section = namedtuple("Section", "name addr size flags type")
Symbol = namedtuple("Symbol", "name value size kind bind section")

SHT_SYMTAB = 2
PT_LOAD = 1
SHF_ALLOC = 0x2
EM_ARM = 40
STT_KINDS = {0: "notype", 1: "object", 2: "func", 3: "section", 4: "file"}


class Elf32:
    def __init__(self, path):
        with open(path, "rb") as f:
            self.raw = f.read()
        raw = self.raw
        if raw[:4] != b"\x7fELF" or raw[4] != 1 or raw[5] != 1:
            raise ValueError(f"{path}: not a 32-bit little-endian ELF file")
        (_, machine, _, _, phoff, shoff, _, _, phentsize, phnum,
         shentsize, shnum, shstrndx) = struct.unpack_from("<HHIIIIIHHHHHH", raw, 16)
        if machine != EM_ARM:
            raise ValueError(f"{path}: not an ARM ELF file (e_machine {machine})")
        self.segments = []
        for i in range(phnum):
            p_type, p_off, p_vaddr, p_paddr, p_filesz, p_memsz, _, _ = struct.unpack_from(
                "<IIIIIIII", raw, phoff + i * phentsize)
            if p_type == PT_LOAD:
                self.segments.append(Segment(p_paddr, p_vaddr, raw[p_off:p_off + p_filesz], p_memsz))
        headers = [struct.unpack_from("<IIIIIIIIII", raw, shoff + i * shentsize) for i in range(shnum)]
        shstr = headers[shstrndx] if shnum else None

        def name_at(table, off):
            start = table[4] + off
            return raw[start:raw.index(b"\0", start)].decode()

        self.sections = []
        for h in headers:
            self.sections.append(Section(name_at(shstr, h[0]), h[3], h[5], h[2], h[1]))
        self.symbols = []
        for h in headers:
            if h[1] != SHT_SYMTAB:
                continue
            strtab = headers[h[6]]
            for off in range(h[4], h[4] + h[5], h[9]):
                st_name, value, size, info, _, shndx = struct.unpack_from("<IIIBBH", raw, off)
                name = name_at(strtab, st_name)
                kind = STT_KINDS.get(info & 0xF, "other")
                if not name or kind in ("section", "file"):
                    continue
                section = self.sections[shndx].name if 0 < shndx < len(self.sections) else None
                self.symbols.append(Symbol(name, value, size, kind, "local" if info >> 4 == 0 else "global", section))

    def symbol(self, name):
        """The symbol called name (a global one if there are several); None if absent."""
        found = [s for s in self.symbols if s.name == name]
        found.sort(key=lambda s: s.bind != "global")
        return found[0] if found else None

    def sized_symbols(self):
        """Function and object symbols with a size: a symbol without one (hand-written assembly
        lacking .size) gets the distance to the next symbol in its section or to the section end.
        ARM mapping symbols ($t, $d, $a) are not symbols of their own."""
        named = [s for s in self.symbols
                 if s.kind in ("func", "object", "notype") and not s.name.startswith("$") and s.section]
        out = []
        for s in named:
            start = s.value & ~1
            size = s.size
            if size == 0 and s.kind != "object":
                sec = next(x for x in self.sections if x.name == s.section)
                ends = [t.value & ~1 for t in named if t.section == s.section and (t.value & ~1) > start]
                size = min(ends + [sec.addr + sec.size]) - start
            if size > 0:
                out.append(s._replace(value=start, size=size))
        return out

    def unnamed_ranges(self):
        """The bytes of allocated sections that no sized symbol covers, as symbols of kind
        "unnamed" named after the symbol that follows them: hand-written assembly keeps its
        constant tables under local labels (.L...), which leave no symbol behind."""
        sized = self.sized_symbols()
        out = []
        for sec in self.sections:
            if not sec.flags & SHF_ALLOC or not sec.size:
                continue
            spans = sorted((s.value, s.value + s.size, s.name) for s in sized if s.section == sec.name)
            at = sec.addr
            for start, end, name in spans + [(sec.addr + sec.size, sec.addr + sec.size, None)]:
                if start > at:
                    label = f"(bytes before {name})" if name else f"(bytes at the end of {sec.name})"
                    out.append(Symbol(label, at, start - at, "unnamed", "local", sec.name))
                at = max(at, end)
        return out

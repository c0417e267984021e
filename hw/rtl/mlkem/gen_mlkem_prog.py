#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes mlkem_prog.vh: the microprograms mlkem_top.v runs for ML-KEM.KeyGen_internal,
Encaps_internal and Decaps_internal (FIPS 203 Alg. 16-18, with K-PKE Alg. 13-15) for k = 2, 3, 4.
The algorithm lives here, one instruction per line, written from the standard; mlkem_top.v is
the machine that runs them (one instruction at a time).

    python3 gen_mlkem_prog.py            rewrite mlkem_prog.vh beside this script
    python3 gen_mlkem_prog.py --check    fail if the checked-in file differs (ctest hw_mlkem_prog)
    python3 gen_mlkem_prog.py --list     print the programs readably

Instruction (80 bits): op[3:0] a[13:4] na[23:14] b[33:24] nb[43:34] c[53:44] imm[69:54]
nimm[71:70] f[79:72]. a, b, c are word addresses of the byte buffer (64-bit words) or
polynomial slots (256 coefficients each), by op:
  END                         the operation is over
  HASH  f[2:0] hash_top op    message bb[a, a+na) || bb[b, b+nb) || the nimm low bytes of imm;
                              G/H/J: the digest to bb[c...]; PRF/XOF: the polynomial to slot c;
        f3 stream, f4 acc     XOF only: slot c = (f4 ? slot c : 0) + SampleNTT(...) o slot b, the
                              sampled polynomial going straight into the base multiplication
  NTT   f0 inverse            load slot a into the NTT unit and start it; the transform runs while
                              the next instructions do (the unit's memory is not the slot's)
  NTTU  f1 add                wait for the transform, unload it into slot c (+ slot b with f1)
  BMUL  f0 accumulate         slot c = (f0 ? slot c : 0) + slot a o slot b (MultiplyNTTs)
  ADDSUB f0 subtract          slot c = slot a +- slot b
  ENC   f[3:0] d, f4 compress bb[c, c+4d) = ByteEncode_d(Compress_d(slot a))  (no Compress for d = 12)
  DEC   f[3:0] d, f4 decompress, f5 modulus check
                              slot c = Decompress_d(ByteDecode_d(bb[a, a+4d)))
  COPY                        bb[c, c+na) = bb[a, a+na)
  CMP   f0 which flag         flag (0: c != c', 1: dk hash check failed) = bb[a, a+na) != bb[b, b+na),
                              all na words read, no early exit
  SEL                         bb[c, c+na) = fail ? bb[b, ...) : bb[a, ...), by masks
  ZERO  f[1:0] condition      bb[c, c+na) = 0 always (0), if the ek check failed (1), if the dk check failed (2)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

OPS = {"END": 0, "HASH": 1, "NTT": 2, "BMUL": 3, "ADDSUB": 4, "ENC": 5, "DEC": 6, "COPY": 7, "CMP": 8,
       "SEL": 9, "ZERO": 10, "NTTU": 11}
G, H, J, PRF2, PRF3, XOF = 0, 1, 2, 3, 4, 5

# byte buffer layout (64-bit word addresses); the host's windows are D/M, Z, K, CT, DK, EK
BB = {"D": 0, "M": 0, "Z": 4, "K": 8, "GOUT": 12, "H": 20, "KBAR": 24, "MP": 28, "CT": 32, "CTP": 228,
      "DK": 424, "EK": 820}
BB_WORDS = 1024
SLOTS = 32
PARAMS = {2: dict(eta1=3, du=10, dv=4), 3: dict(eta1=2, du=10, dv=4), 4: dict(eta1=2, du=11, dv=5)}
KEYGEN, ENCAPS, DECAPS = 0, 1, 2


def ins(op, a=0, na=0, b=0, nb=0, c=0, imm=0, nimm=0, f=0, note="", add=None):
    return dict(op=op, a=a, na=na, b=b, nb=nb, c=c, imm=imm, nimm=nimm, f=f, note=note, add=add)


def encode(i):
    op, a, na, b, nb, c, imm, nimm, f = (i[x] for x in ("op", "a", "na", "b", "nb", "c", "imm", "nimm", "f"))
    for v, w in ((a, 10), (na, 10), (b, 10), (nb, 10), (c, 10), (imm, 16), (nimm, 2), (f, 8)):
        assert 0 <= v < (1 << w)
    word = OPS[op] | a << 4 | na << 14 | b << 24 | nb << 34 | c << 44 | imm << 54 | nimm << 70 | f << 72
    return word, f"{op} a={a} na={na} b={b} nb={nb} c={c} imm={imm:#x}/{nimm} f={f:#x} {i['note']}"


def slots(i):
    """The polynomial slots an instruction reads or writes."""
    op = i["op"]
    if op == "HASH":
        if i["f"] & 8:
            return {i["b"], i["c"]}
        return {i["c"]} if i["f"] in (PRF2, PRF3, XOF) else set()
    if op in ("BMUL", "ADDSUB"):
        return {i["a"], i["b"], i["c"]}
    if op == "ENC":
        return {i["a"]}
    if op == "DEC":
        return {i["c"]}
    return set()


def schedule(prog):
    """Splits each NTT into NTT (load and start) and NTTU (unload, with the add fused in): the
    NTTU goes just before the first later instruction that needs the NTT unit or touches the
    transformed slot or the slot to add, so the transform overlaps the instructions between."""
    out = []
    pending = None
    for i in prog:
        if pending is not None:
            slot, add = pending
            if i["op"] in ("NTT", "END") or slots(i) & ({slot} | ({add} if add is not None else set())):
                out.append(ins("NTTU", b=add or 0, c=slot, f=2 if add is not None else 0,
                               note=f"unload slot {slot}" + (f" + slot {add}" if add is not None else "")))
                pending = None
        out.append(i)
        if i["op"] == "NTT":
            pending = (i["a"], i["add"])
    assert pending is None
    return [encode(i) for i in out]


def prf(k, eta):
    return PRF3 if eta == 3 else PRF2


def sample_matrix_row_times(out, k, rho, vec, dst, transpose, first_acc=False, rows=None):
    """dst[i] (+)= sum_j A[i][j] o vec[j] (A^T with transpose), each entry sampled straight into the
    base multiplication (never stored). A[i][j] = SampleNTT(rho || j || i) (Alg. 13 line 6), so
    A^T[i][j] = A[j][i] = SampleNTT(rho || i || j)."""
    for i in (range(k) if rows is None else rows):
        for j in range(k):
            imm = (i | j << 8) if transpose else (j | i << 8)
            acc = 0x10 if (j > 0 or first_acc) else 0
            out.append(ins("HASH", a=rho, na=4, b=vec[j], c=dst[i], imm=imm, nimm=2, f=XOF | 8 | acc,
                           note=f"slot {dst[i]} {'+' if acc else ''}= A[{i}][{j}]{'^T' if transpose else ''} o slot {vec[j]}"))


def keygen(k):
    p = PARAMS[k]
    out = []
    s = [1 + i for i in range(k)]
    e = [5 + i for i in range(k)]
    ek, dk = BB["EK"], BB["DK"]
    rho, sigma = BB["GOUT"], BB["GOUT"] + 4
    # K-PKE.KeyGen(d) (Alg. 13): (rho, sigma) = G(d || k)
    out.append(ins("HASH", a=BB["D"], na=4, c=BB["GOUT"], imm=k, nimm=1, f=G, note="(rho, sigma) = G(d || k)"))
    for n, (v, name) in enumerate([(x, f"s[{i}]") for i, x in enumerate(s)] + [(x, f"e[{i}]") for i, x in enumerate(e)]):
        out.append(ins("HASH", a=sigma, na=4, c=v, imm=n, nimm=1, f=prf(k, p["eta1"]), note=name))
        out.append(ins("NTT", a=v))
    # t^ = A^ o s^ + e^ accumulated into e's slots
    sample_matrix_row_times(out, k, rho, s, e, transpose=False, first_acc=True)
    for i in range(k):
        out.append(ins("ENC", a=e[i], c=ek + 48 * i, f=12, note=f"ek: ByteEncode_12(t^[{i}])"))
    out.append(ins("COPY", a=rho, na=4, c=ek + 48 * k, note="ek: rho"))
    for i in range(k):
        out.append(ins("ENC", a=s[i], c=dk + 48 * i, f=12, note=f"dk: ByteEncode_12(s^[{i}])"))
    # ML-KEM.KeyGen_internal (Alg. 16): dk = dk_pke || ek || H(ek) || z
    out.append(ins("COPY", a=ek, na=48 * k + 4, c=dk + 48 * k, note="dk: ek"))
    out.append(ins("HASH", a=ek, na=48 * k + 4, c=dk + 96 * k + 4, f=H, note="dk: H(ek)"))
    out.append(ins("COPY", a=BB["Z"], na=4, c=dk + 96 * k + 8, note="dk: z"))
    out.append(ins("ZERO", na=8, c=BB["GOUT"], note="wipe rho, sigma"))
    out.append(ins("END"))
    return out


def encrypt(out, k, ek, m_addr, r_addr, ct, check):
    """K-PKE.Encrypt(ek, m, r) (Alg. 14) into bb[ct...]; check: the modulus check on ek's t^."""
    p = PARAMS[k]
    t = [1 + i for i in range(k)]
    y = [5 + i for i in range(k)]
    e1 = [9 + i for i in range(k)]
    e2, u, v, mu = 13, [14 + i for i in range(k)], 18, 19
    for i in range(k):
        out.append(ins("DEC", a=ek + 48 * i, c=t[i], f=12 | (0x20 if check else 0), note=f"t^[{i}]"))
    rho = ek + 48 * k
    n = 0
    for i in range(k):
        out.append(ins("HASH", a=r_addr, na=4, c=y[i], imm=n, nimm=1, f=prf(k, p["eta1"]), note=f"y[{i}]"))
        out.append(ins("NTT", a=y[i]))
        n += 1
    for i in range(k):
        out.append(ins("HASH", a=r_addr, na=4, c=e1[i], imm=n, nimm=1, f=PRF2, note=f"e1[{i}]"))
        n += 1
    out.append(ins("HASH", a=r_addr, na=4, c=e2, imm=n, nimm=1, f=PRF2, note="e2"))
    # u = NTT^-1(A^T o y^) + e1, row by row: each row's inverse NTT runs under the next row's sampling
    for i in range(k):
        sample_matrix_row_times(out, k, rho, y, u, transpose=True, rows=[i])
        out.append(ins("NTT", a=u[i], f=1, add=e1[i], note=f"u[{i}] = NTT^-1(.) + e1[{i}]"))
    for j in range(k):
        out.append(ins("BMUL", a=t[j], b=y[j], c=v, f=1 if j else 0))
    out.append(ins("NTT", a=v, f=1, add=e2, note="NTT^-1(t^T o y^) + e2"))
    out.append(ins("DEC", a=m_addr, c=mu, f=1 | 0x10, note="mu = Decompress_1(ByteDecode_1(m))"))
    for i in range(k):
        out.append(ins("ENC", a=u[i], c=ct + 4 * p["du"] * i, f=p["du"] | 0x10, note=f"c1[{i}]"))
    out.append(ins("ADDSUB", a=v, b=mu, c=v, note="v"))
    out.append(ins("ENC", a=v, c=ct + 4 * p["du"] * k, f=p["dv"] | 0x10, note="c2"))


def ct_words(k):
    p = PARAMS[k]
    return 4 * (p["du"] * k + p["dv"])


def encaps(k):
    out = []
    ek = BB["EK"]
    # ML-KEM.Encaps_internal (Alg. 17): (K, r) = G(m || H(ek)); c = K-PKE.Encrypt(ek, m, r)
    out.append(ins("HASH", a=ek, na=48 * k + 4, c=BB["H"], f=H, note="H(ek)"))
    out.append(ins("HASH", a=BB["M"], na=4, b=BB["H"], nb=4, c=BB["GOUT"], f=G, note="(K, r) = G(m || H(ek))"))
    encrypt(out, k, ek, BB["M"], BB["GOUT"] + 4, BB["CT"], check=True)
    out.append(ins("COPY", a=BB["GOUT"], na=4, c=BB["K"], note="K"))
    out.append(ins("ZERO", na=8, c=BB["GOUT"], note="wipe K, r"))
    # section 7.2: an ek that fails the modulus check gives no ciphertext and no key
    out.append(ins("ZERO", na=ct_words(k), c=BB["CT"], f=1))
    out.append(ins("ZERO", na=4, c=BB["K"], f=1))
    out.append(ins("END"))
    return out


def decaps(k):
    p = PARAMS[k]
    out = []
    dk = BB["DK"]
    ek, h, z = dk + 48 * k, dk + 96 * k + 4, dk + 96 * k + 8
    ct = BB["CT"]
    # section 7.3's hash check: H(dk[384k : 768k + 32]) == dk[768k + 32 : 768k + 64]
    out.append(ins("HASH", a=ek, na=48 * k + 4, c=BB["H"], f=H, note="H(ek) of dk"))
    out.append(ins("CMP", a=BB["H"], na=4, b=h, f=1, note="hash check"))
    # K-PKE.Decrypt(dk_pke, c) (Alg. 15)
    up = [1 + i for i in range(k)]
    vp, s, w = 5, [6 + i for i in range(k)], 10
    for i in range(k):
        out.append(ins("DEC", a=ct + 4 * p["du"] * i, c=up[i], f=p["du"] | 0x10, note=f"u'[{i}]"))
        out.append(ins("NTT", a=up[i]))
    out.append(ins("DEC", a=ct + 4 * p["du"] * k, c=vp, f=p["dv"] | 0x10, note="v'"))
    for i in range(k):
        out.append(ins("DEC", a=dk + 48 * i, c=s[i], f=12, note=f"s^[{i}]"))
    for j in range(k):
        out.append(ins("BMUL", a=s[j], b=up[j], c=w, f=1 if j else 0))
    out.append(ins("NTT", a=w, f=1))
    # ML-KEM.Decaps_internal (Alg. 18): Kbar = J(z || c) while the inverse NTT runs
    out.append(ins("HASH", a=z, na=4, b=ct, nb=ct_words(k), c=BB["KBAR"], f=J, note="Kbar = J(z || c)"))
    out.append(ins("ADDSUB", a=vp, b=w, c=w, f=1, note="w = v' - NTT^-1(s^T o NTT(u'))"))
    out.append(ins("ENC", a=w, c=BB["MP"], f=1 | 0x10, note="m' = ByteEncode_1(Compress_1(w))"))
    out.append(ins("HASH", a=BB["MP"], na=4, b=h, nb=4, c=BB["GOUT"], f=G, note="(K', r') = G(m' || h)"))
    encrypt(out, k, ek, BB["MP"], BB["GOUT"] + 4, BB["CTP"], check=False)
    out.append(ins("CMP", a=ct, na=ct_words(k), b=BB["CTP"], f=0, note="c != c' (every word)"))
    out.append(ins("SEL", a=BB["GOUT"], na=4, b=BB["KBAR"], c=BB["K"], note="K = c == c' ? K' : Kbar"))
    out.append(ins("ZERO", na=20, c=BB["GOUT"], note="wipe K', r', h, Kbar, m'"))
    out.append(ins("ZERO", na=ct_words(k), c=BB["CTP"], note="wipe c'"))
    out.append(ins("ZERO", na=4, c=BB["K"], f=2, note="a dk failing the hash check gives no key"))
    out.append(ins("END"))
    return out


def programs():
    """[(operation, k, [(word, text)])] in ROM order."""
    return [(o, k, schedule(fn(k))) for o, fn in ((KEYGEN, keygen), (ENCAPS, encaps), (DECAPS, decaps))
            for k in (2, 3, 4)]


def render():
    progs = programs()
    out = ["// SPDX-License-Identifier: Apache-2.0 OR MIT",
           "// mlkem_prog.vh - generated by gen_mlkem_prog.py (do not edit; rerun it): the microprograms",
           "// of mlkem_top.v (ML-KEM KeyGen / Encaps / Decaps for k = 2, 3, 4) and their entry points.",
           "function [9:0] mlkem_prog_entry;",
           "    input [1:0] e_op;",
           "    input [2:0] e_k;",
           "    begin",
           "        case ({e_op, e_k})"]
    pc = 0
    entries = []
    for o, k, prog in progs:
        entries.append((o, k, pc))
        pc += len(prog)
    assert pc <= 1024
    for o, k, e in entries:
        out.append(f"            {{2'd{o}, 3'd{k}}}: mlkem_prog_entry = 10'd{e};")
    out += ["            default: mlkem_prog_entry = 10'd0;",
            "        endcase",
            "    end",
            "endfunction",
            "function [79:0] mlkem_prog;",
            "    input [9:0] pc;",
            "    begin",
            "        case (pc)"]
    pc = 0
    for o, k, prog in progs:
        out.append(f"            // {['KeyGen', 'Encaps', 'Decaps'][o]}, k = {k}")
        for word, text in prog:
            out.append(f"            10'd{pc}: mlkem_prog = 80'h{word:020x};  // {text.strip()}")
            pc += 1
    out += ["            default: mlkem_prog = 80'h0;",
            "        endcase",
            "    end",
            "endfunction"]
    return "\n".join(out) + "\n"


def main():
    path = os.path.join(HERE, "mlkem_prog.vh")
    text = render()
    if "--list" in sys.argv[1:]:
        print(text)
        return 0
    if "--check" in sys.argv[1:]:
        with open(path) as f:
            if f.read() != text:
                print("mlkem_prog.vh differs from gen_mlkem_prog.py's output; rerun it")
                return 1
        print(f"mlkem_prog.vh: as generated ({sum(len(p) for _, _, p in programs())} instructions)")
        return 0
    with open(path, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

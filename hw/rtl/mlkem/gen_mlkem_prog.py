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
  NTTU  f1 add, f2 subtract   wait for the transform, unload it into slot c (+ slot b with f1;
                              slot b - it with f2)
  BMUL  f0 accumulate         slot c = (f0 ? slot c : 0) + slot a o slot b (MultiplyNTTs)
  ADDSUB f0 subtract          slot c = slot a +- slot b
  ENC   f[3:0] d, f4 compress bb[c, c+4d) = ByteEncode_d(Compress_d(slot a))  (no Compress for d = 12);
        f5 compare            instead of writing: fail |= (the word != bb[c + i]) for every word
  DEC   f[3:0] d, f4 decompress, f5 modulus check
                              slot c = Decompress_d(ByteDecode_d(bb[a, a+4d)))
  COPY                        bb[c, c+na) = bb[a, a+na)
  CMP   f0 which flag         flag (0: fail, 1: dk hash check failed) = bb[a, a+na) != bb[b, b+na),
                              all na words read, no early exit (two clocks a word: one read port)
  SEL                         bb[c, c+na) = fail ? bb[b, ...) : bb[a, ...), by masks (two clocks a word)
  ZERO  f[1:0] condition      bb[c, c+na) = 0 always (0), if the ek check failed (1), if the dk check failed (2)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

OPS = {"END": 0, "HASH": 1, "NTT": 2, "BMUL": 3, "ADDSUB": 4, "ENC": 5, "DEC": 6, "COPY": 7, "CMP": 8,
       "SEL": 9, "ZERO": 10, "NTTU": 11}
G, H, J, PRF2, PRF3, XOF = 0, 1, 2, 3, 4, 5

# byte buffer layout (64-bit word addresses); the host's windows are D/M, Z, K, CT, DK, EK
BB = {"D": 0, "M": 0, "Z": 4, "K": 8, "GOUT": 12, "H": 20, "KBAR": 24, "MP": 28, "CT": 32,
      "DK": 424, "EK": 820}
BB_WORDS = 1024
SLOTS = 16          # mlkem_top's polynomial memory
PARAMS = {2: dict(eta1=3, du=10, dv=4), 3: dict(eta1=2, du=10, dv=4), 4: dict(eta1=2, du=11, dv=5)}
KEYGEN, ENCAPS, DECAPS = 0, 1, 2


def ins(op, a=0, na=0, b=0, nb=0, c=0, imm=0, nimm=0, f=0, note="", add=None, dst=None, late=False, sub=False):
    """An instruction; NTT only: add (the slot added at the unload; with sub, the output is
    subtracted from it), dst (the slot unloaded into; default a), late (see schedule())."""
    return dict(op=op, a=a, na=na, b=b, nb=nb, c=c, imm=imm, nimm=nimm, f=f, note=note, add=add, dst=dst, late=late,
                sub=sub)


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
    """Splits each NTT into NTT (load and start) and NTTU (unload into slot dst, with the add
    fused in): the NTTU goes just before the first later instruction that needs the NTT unit or
    touches dst (or the slot to add, unless the add is `late`: then the add slot's value at the
    NTTU counts, and the program may fill it in between), so the transform overlaps the
    instructions between. The source slot is free once the NTT has loaded it."""
    out = []
    pending = None
    for i in prog:
        assert all(x < SLOTS for x in slots(i)) and (i["op"] != "NTT" or i["a"] < SLOTS), i
        if pending is not None:
            dst, add, late, sub = pending
            busy = {dst} | ({add} if add is not None and not late else set())
            if i["op"] in ("NTT", "END") or slots(i) & busy:
                out.append(ins("NTTU", b=add or 0, c=dst, f=(4 if sub else 2) if add is not None else 0,
                               note=f"unload into slot {dst}" +
                               ((f" = slot {add} - it" if sub else f" + slot {add}") if add is not None else "")))
                pending = None
        out.append(i)
        if i["op"] == "NTT":
            pending = (i["a"] if i.get("dst") is None else i["dst"], i["add"], i.get("late", False), i["sub"])
    assert pending is None
    return [encode(i) for i in out]


# clocks of an instruction, roughly (for the window filling below; measured by
# hw/tests/mlkem_phases.py): two coefficients per clock for a polynomial pass.
# NTT_WINDOW is the budget of a transform's window, not the transform's time: mlkem_ntt takes
# 456 clocks at BF = 2 since 91f5e96 (455 before), but with 456 here the filling puts
# ML-KEM-768 Decaps's DEC s^[i] before DEC u'[i + 1] and that Decaps takes 9,819 clocks instead
# of 9,742 (hw_cocotb_mlkem_top, 2026-11-24; ML-KEM-512/1024 and KeyGen / Encaps unchanged):
# the costs below are rough, so the budget is kept at the value that schedules better.
NTT_WINDOW = 455


def cost(i):
    op, f = i["op"], i["f"]
    if op == "HASH":
        h = f & 7
        if h == XOF:
            return 190
        if h in (PRF2, PRF3):
            return 167 if h == PRF2 else 200
        return 48 + 25 * ((8 * (i["na"] + i["nb"])) // 136)
    if op in ("ENC", "DEC", "BMUL", "ADDSUB", "NTT"):
        return 135
    return i["na"] + 2


def chain(out, jobs, fillers):
    """A chain of NTT jobs run one after another on the NTT unit, each a dict: needs (the
    instructions that go out just before its NTT, those not yet out), ntt, and wait (those of
    the needs that use the previous job's result: they cannot fill its window). Fillers are
    (after, instruction, deps): each transform's window (NTT_WINDOW) is filled with the
    fillers whose `after` (an index of jobs) it has passed and whose deps are out, in list
    order, then the next job's needs. Whatever is left goes out after the last job. schedule()
    places the unloads."""
    done = set()

    def emit(i):
        if id(i) not in done:
            done.add(id(i))
            out.append(i)

    for j, job in enumerate(jobs):
        for i in job["needs"]:
            emit(i)
        emit(job["ntt"])
        nxt = jobs[j + 1] if j + 1 < len(jobs) else {"needs": [], "wait": []}
        waiting = {id(i) for i in nxt.get("wait", [])}
        budget = NTT_WINDOW - sum(cost(i) for i in nxt["needs"] if id(i) not in done and id(i) not in waiting)
        for f in fillers:
            after, i, deps = f if len(f) == 3 else (f[0], f[1], [])
            if (id(i) not in done and after <= j and all(id(d) in done for d in deps)
                    and budget >= cost(i) // 2):
                emit(i)
                budget -= cost(i)
    for f in fillers:
        emit(f[1])


def prf(k, eta):
    return PRF3 if eta == 3 else PRF2


def matrix_row(k, rho, vec, dst, i, transpose, first_acc=False):
    """dst (+)= sum_j A[i][j] o vec[j] (A^T with transpose), each entry sampled straight into the
    base multiplication (never stored). A[i][j] = SampleNTT(rho || j || i) (Alg. 13 line 6), so
    A^T[i][j] = A[j][i] = SampleNTT(rho || i || j)."""
    row = []
    for j in range(k):
        imm = (i | j << 8) if transpose else (j | i << 8)
        acc = 0x10 if (j > 0 or first_acc) else 0
        row.append(ins("HASH", a=rho, na=4, b=vec[j], c=dst, imm=imm, nimm=2, f=XOF | 8 | acc,
                       note=f"slot {dst} {'+' if acc else ''}= A[{i}][{j}]{'^T' if transpose else ''} o slot {vec[j]}"))
    return row


def keygen(k):
    p = PARAMS[k]
    out = []
    s = [i for i in range(k)]
    e = [4 + i for i in range(k)]
    acc = [8 + i for i in range(k)]
    ek, dk = BB["EK"], BB["DK"]
    rho, sigma = BB["GOUT"], BB["GOUT"] + 4
    # K-PKE.KeyGen(d) (Alg. 13): (rho, sigma) = G(d || k)
    out.append(ins("HASH", a=BB["D"], na=4, c=BB["GOUT"], imm=k, nimm=1, f=G, note="(rho, sigma) = G(d || k)"))
    prfs = [ins("HASH", a=sigma, na=4, c=v, imm=n, nimm=1, f=prf(k, p["eta1"]), note=name)
            for n, (v, name) in enumerate([(x, f"s[{i}]") for i, x in enumerate(s)] +
                                          [(x, f"e[{i}]") for i, x in enumerate(e)])]
    # the NTTs of s, then of e: t^[i] = NTT(e[i]) + A^[i] o s^, the row sampled into acc[i] while
    # e[i] is transformed (the add at the unload: `late`; the row goes out before the next NTT)
    rows = [matrix_row(k, rho, s, acc[i], i, transpose=False) for i in range(k)]
    jobs = [dict(needs=[prfs[i]], ntt=ins("NTT", a=s[i])) for i in range(k)]
    jobs += [dict(needs=[prfs[k + i]] + (rows[i - 1] if i else []),
                  ntt=ins("NTT", a=e[i], add=acc[i], late=True)) for i in range(k)]
    enc_s = [ins("ENC", a=s[i], c=dk + 48 * i, f=12, note=f"dk: ByteEncode_12(s^[{i}])") for i in range(k)]
    enc_t = [ins("ENC", a=e[i], c=ek + 48 * i, f=12, note=f"ek: ByteEncode_12(t^[{i}])") for i in range(k)]
    fillers = [(0, i) for i in prfs]
    fillers += [(i + 1, enc_s[i]) for i in range(k)]            # s[i] unloaded at the next NTT
    fillers.append((0, ins("COPY", a=rho, na=4, c=ek + 48 * k, note="ek: rho")))
    fillers.append((2 * k - 1, rows[k - 1][0]))                 # the last row: e[k-1]'s window
    fillers += [(2 * k - 1, i, [rows[k - 1][j - 1]]) for j, i in enumerate(rows[k - 1]) if j]
    fillers += [(k + i + 1, enc_t[i], rows[k - 1] if i == k - 1 else []) for i in range(k)]
    chain(out, jobs, fillers)
    # ML-KEM.KeyGen_internal (Alg. 16): dk = dk_pke || ek || H(ek) || z
    out.append(ins("COPY", a=ek, na=48 * k + 4, c=dk + 48 * k, note="dk: ek"))
    out.append(ins("HASH", a=ek, na=48 * k + 4, c=dk + 96 * k + 4, f=H, note="dk: H(ek)"))
    out.append(ins("COPY", a=BB["Z"], na=4, c=dk + 96 * k + 8, note="dk: z"))
    out.append(ins("ZERO", na=8, c=BB["GOUT"], note="wipe rho, sigma"))
    out.append(ins("END"))
    return out


# polynomial slots: encryption t^ 0..k-1, y 4.., e1 8.., e2 12, the accumulator 13;
# decryption u' 4.., s^ 8.., v' 12, w 13 (t^ decoded into 0..k-1 meanwhile)
SLOT_T, SLOT_Y, SLOT_E1, SLOT_E2, SLOT_ACC = 0, 4, 8, 12, 13


def encrypt(k, ek, m_addr, r_addr, ct, check, first=0, t_after=None, cmp=False):
    """K-PKE.Encrypt(ek, m, r) (Alg. 14) into bb[ct...] as NTT jobs, fillers for chain() and the
    tail; check: the modulus check on ek's t^. first: the index of its first job in the chain;
    t_after: the job from which t^ may be decoded (default first); cmp: compare the ciphertext
    with bb[ct...] word by word (the fail flag) instead of writing it."""
    fc = 0x30 if cmp else 0x10
    p = PARAMS[k]
    t = [SLOT_T + i for i in range(k)]
    y = [SLOT_Y + i for i in range(k)]
    e1 = [SLOT_E1 + i for i in range(k)]
    e2, acc = SLOT_E2, SLOT_ACC
    dec_t = [ins("DEC", a=ek + 48 * i, c=t[i], f=12 | (0x20 if check else 0), note=f"t^[{i}]") for i in range(k)]
    rho = ek + 48 * k
    prf_y = [ins("HASH", a=r_addr, na=4, c=y[i], imm=i, nimm=1, f=prf(k, p["eta1"]), note=f"y[{i}]")
             for i in range(k)]
    prf_e1 = [ins("HASH", a=r_addr, na=4, c=e1[i], imm=k + i, nimm=1, f=PRF2, note=f"e1[{i}]") for i in range(k)]
    prf_e2 = ins("HASH", a=r_addr, na=4, c=e2, imm=2 * k, nimm=1, f=PRF2, note="e2")
    # u[i] = NTT^-1(A^T[i] o y^) + e1[i]: the row sampled into acc, transformed, unloaded into e1[i]
    rows = [matrix_row(k, rho, y, acc, i, transpose=True) for i in range(k)]
    bmul = [ins("BMUL", a=t[j], b=y[j], c=acc, f=1 if j else 0, note=f"acc {'+' if j else ''}= t^[{j}] o y^[{j}]")
            for j in range(k)]
    jobs = [dict(needs=[prf_y[i]], ntt=ins("NTT", a=y[i])) for i in range(k)]
    jobs += [dict(needs=[prf_e1[i]] + rows[i], wait=rows[i] if i == 0 else [],
                  ntt=ins("NTT", a=acc, f=1, add=e1[i], dst=e1[i], note=f"u[{i}] = NTT^-1(.) + e1[{i}]"))
             for i in range(k)]
    jobs.append(dict(needs=[prf_e2] + dec_t + bmul,
                     ntt=ins("NTT", a=acc, f=1, add=e2, dst=e2, note="NTT^-1(t^T o y^) + e2")))
    iv = first + 2 * k   # the job of v
    enc_u = [ins("ENC", a=e1[i], c=ct + 4 * p["du"] * i, f=p["du"] | fc, note=f"c1[{i}]" + (" == c" if cmp else ""))
             for i in range(k)]
    dec_mu = ins("DEC", a=m_addr, c=acc, f=1 | 0x10, note="mu = Decompress_1(ByteDecode_1(m))")
    fillers = [(first, i) for i in prf_e1] + [(first, prf_e2)] + [(first if t_after is None else t_after, i) for i in dec_t]
    fillers += [(first + 2 * k - 1, bmul[j], [dec_t[j]] + bmul[:j]) for j in range(k)]
    fillers += [(first + k + i + 1, enc_u[i]) for i in range(k)]
    fillers.append((iv, dec_mu))
    tail = [ins("ADDSUB", a=e2, b=acc, c=e2, note="v = NTT^-1(t^T o y^) + e2 + mu"),
            ins("ENC", a=e2, c=ct + 4 * p["du"] * k, f=p["dv"] | fc, note="c2" + (" == c" if cmp else ""))]
    return jobs, fillers, tail


def ct_words(k):
    p = PARAMS[k]
    return 4 * (p["du"] * k + p["dv"])


def encaps(k):
    out = []
    ek = BB["EK"]
    # ML-KEM.Encaps_internal (Alg. 17): (K, r) = G(m || H(ek)); c = K-PKE.Encrypt(ek, m, r)
    out.append(ins("HASH", a=ek, na=48 * k + 4, c=BB["H"], f=H, note="H(ek)"))
    out.append(ins("HASH", a=BB["M"], na=4, b=BB["H"], nb=4, c=BB["GOUT"], f=G, note="(K, r) = G(m || H(ek))"))
    jobs, fillers, tail = encrypt(k, ek, BB["M"], BB["GOUT"] + 4, BB["CT"], check=True)
    chain(out, jobs, fillers)
    out += tail
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
    # section 7.3's hash check: H(dk[384k : 768k + 32]) == dk[768k + 32 : 768k + 64]; its result
    # is needed only at the end, so it fills a transform's window
    hcheck = [ins("HASH", a=ek, na=48 * k + 4, c=BB["H"], f=H, note="H(ek) of dk"),
              ins("CMP", a=BB["H"], na=4, b=h, f=1, note="hash check")]
    # K-PKE.Decrypt(dk_pke, c) (Alg. 15): w = v' - NTT^-1(s^T o NTT(u'))
    up = [SLOT_Y + i for i in range(k)]
    s = [SLOT_E1 + i for i in range(k)]
    vp, w = SLOT_E2, SLOT_ACC
    dec_u = [ins("DEC", a=ct + 4 * p["du"] * i, c=up[i], f=p["du"] | 0x10, note=f"u'[{i}]") for i in range(k)]
    dec_s = [ins("DEC", a=dk + 48 * i, c=s[i], f=12, note=f"s^[{i}]") for i in range(k)]
    dec_v = ins("DEC", a=ct + 4 * p["du"] * k, c=vp, f=p["dv"] | 0x10, note="v'")
    bmul = [ins("BMUL", a=s[j], b=up[j], c=w, f=1 if j else 0, note=f"w {'+' if j else ''}= s^[{j}] o u'^[{j}]")
            for j in range(k)]
    # ML-KEM.Decaps_internal (Alg. 18): Kbar = J(z || c), in a window too
    jz = ins("HASH", a=z, na=4, b=ct, nb=ct_words(k), c=BB["KBAR"], f=J, note="Kbar = J(z || c)")
    mprime = [ins("ENC", a=w, c=BB["MP"], f=1 | 0x10, note="m' = ByteEncode_1(Compress_1(w))"),
              ins("HASH", a=BB["MP"], na=4, b=h, nb=4, c=BB["GOUT"], f=G, note="(K', r') = G(m' || h)")]
    jobs = [dict(needs=[dec_u[i]], ntt=ins("NTT", a=up[i])) for i in range(k)]
    # w = v' - NTT^-1(.) at the unload
    jobs.append(dict(needs=dec_s + bmul + [dec_v], wait=[bmul[-1]],
                     ntt=ins("NTT", a=w, f=1, add=vp, sub=True, note="w = v' - NTT^-1(s^T o NTT(u'))")))
    # the re-encryption compares c' with c as it comes out of the encoder (every word; c' is never
    # stored): fail = c != c'
    ejobs, efill, etail = encrypt(k, ek, BB["MP"], BB["GOUT"] + 4, ct, check=False, first=k + 1,
                                   t_after=0, cmp=True)
    ejobs[0]["needs"] = mprime + ejobs[0]["needs"]
    ejobs[0]["wait"] = ejobs[0]["needs"]   # all of them wait for w (m' first)
    fillers = [(0, i) for i in hcheck] + [(0, i) for i in dec_s]
    fillers += [(j + 1, bmul[j], [dec_s[j]] + bmul[:j]) for j in range(k - 1)]
    fillers += [(0, dec_v), (0, jz)]
    chain(out, jobs + ejobs, fillers + efill)
    out += etail
    out.append(ins("SEL", a=BB["GOUT"], na=4, b=BB["KBAR"], c=BB["K"], note="K = c == c' ? K' : Kbar"))
    out.append(ins("ZERO", na=20, c=BB["GOUT"], note="wipe K', r', h, Kbar, m'"))
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
            "        // logic, not a block RAM: yosys would take a BRAM36 for 480 x 80 bits (about 520",
            "        // LUTs as logic), and the unit's block RAMs are for its memories",
            "        (* rom_style = \"logic\" *)",
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

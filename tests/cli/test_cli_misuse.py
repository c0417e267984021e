#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_cli_misuse.py - `kforge mlkem`, `kforge slhdsa` and `kforge mldsa` misused (issue 52):

  same file (R2)   two outputs, or an output and an input, that are one file (one name, two
                   spellings of it, a hard link, a symbolic link, a name not there yet):
                   refused with exit 2 and a message before anything is written; the file
                   keeps what it held. Devices (/dev/null twice) are not "one file".
  in place (R3)    outputs that are not regular files are written in place: /dev/stdout to a
                   pipe, to a file the shell opened (as root only inside a private mount
                   namespace, where /dev is a tmpfs of the test's own: the old code renamed its
                   temporary file over the /dev/stdout link itself), a FIFO, a link to a FIFO,
                   /dev/null; a secret to /dev/stdout too (the process's own descriptor)
  other set (R6)   an ML-DSA key of another set (raw, hex, PEM; pk and sk) names its set:
                   "the key is ML-DSA-87, not ML-DSA-44"; ML-KEM keys the same
  env (R14)        KECCAKFORGE_MLDSA=AVX512 (or any value but portable, avx2, avx512): a warning
                   naming the accepted values, and the same keys
Usage: test_cli_misuse.py --kforge PATH
"""
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_harness  # noqa: E402

check = cli_harness.Checks()
SCHEMES = (("mlkem", "ek", "dk", ["-p", "512"]), ("slhdsa", "pk", "sk", ["-p", "shake-128f"]),
           ("mldsa", "pk", "sk", ["-p", "44"]))


def main():
    k, _ = cli_harness.kforge_path()
    tmp = tempfile.mkdtemp()
    os.chmod(tmp, 0o755)

    def path(name):
        return os.path.join(tmp, name)

    def run(*args, **kw):
        kw.setdefault("capture_output", True)
        return subprocess.run([k] + list(args), cwd=tmp, timeout=120, **kw)

    def write(name, data):
        with open(path(name), "wb") as f:
            f.write(data)

    def read(name):
        with open(path(name), "rb") as f:
            return f.read()

    def clean():
        for f in os.listdir(tmp):
            p = path(f)
            if os.path.isdir(p) and not os.path.islink(p):
                shutil.rmtree(p)
            else:
                os.unlink(p)

    # ---- R2: one file named twice ----------------------------------------------------------
    for scheme, pub, sec, extra in SCHEMES:
        for pem in ([], ["--pem"]):
            tag = "%s keygen %s" % (scheme, " ".join(pem) or "raw")
            clean()
            os.mkdir(path("sub"))
            # the same name, not there yet; two spellings of one new name
            for a, b in (("F", "F"), ("F", "./F"), ("F", "sub/../F"), (path("F"), "F")):
                r = run(scheme, "keygen", *extra, *pem, "--%s-out" % pub, a, "--%s-out" % sec, b)
                check(r.returncode == 2 and b"same file" in r.stderr, "%s: --%s-out %s --%s-out %s refused"
                      % (tag, pub, a, sec, b), (r.returncode, r.stderr))
                check(not os.path.exists(path("F")), "%s: nothing written for %s, %s" % (tag, a, b))
            # an existing file, a hard link to it, a symbolic link to it
            write("F", b"an old key")
            os.link(path("F"), path("H"))
            os.symlink("F", path("L"))
            for a, b in (("F", "F"), ("F", "H"), ("L", "F"), ("H", "L")):
                r = run(scheme, "keygen", *extra, *pem, "--%s-out" % pub, a, "--%s-out" % sec, b)
                check(r.returncode == 2 and b"same file" in r.stderr, "%s: existing %s and %s refused" % (tag, a, b),
                      (r.returncode, r.stderr))
                check(read("F") == b"an old key", "%s: the existing file untouched (%s, %s)" % (tag, a, b))
            # the seed output too
            if scheme != "slhdsa":
                r = run(scheme, "keygen", *extra, *pem, "--%s-out" % pub, "P", "--%s-out" % sec, "S",
                        "--seed-out", "S")
                check(r.returncode == 2 and not os.path.exists(path("P")) and not os.path.exists(path("S")),
                      "%s: --seed-out naming --%s-out's file refused" % (tag, sec), (r.returncode, r.stderr))
            # controls: distinct files, and /dev/null twice (not a file to lose)
            r = run(scheme, "keygen", *extra, *pem, "--%s-out" % pub, "P", "--%s-out" % sec, "S")
            check(r.returncode == 0 and os.path.getsize(path("P")) > 16 and os.path.getsize(path("S")) > 16,
                  "%s: distinct outputs still written" % tag, r.stderr)
            if os.path.exists("/dev/null"):
                r = run(scheme, "keygen", *extra, *pem, "--%s-out" % pub, "/dev/null", "--%s-out" % sec, "/dev/null")
                check(r.returncode == 0, "%s: /dev/null for both outputs" % tag, r.stderr)
    # an output naming an input
    clean()
    for scheme, pub, sec, extra in SCHEMES:
        r = run(scheme, "keygen", *extra, "--%s-out" % pub, "%s.pk" % scheme, "--%s-out" % sec, "%s.sk" % scheme)
        check(r.returncode == 0, "%s keygen" % scheme, r.stderr)
    write("msg", b"a message")
    sk_before = {s: read("%s.sk" % s) for s in ("mlkem", "slhdsa", "mldsa")}
    cases = [
        ("mldsa sign --sig-out = --sk-file", ["mldsa", "sign", "-p", "44", "--sk-file", "mldsa.sk", "--msg-file", "msg",
                                              "--sig-out", "mldsa.sk"]),
        ("mldsa sign --sig-out = --sk-file (./)", ["mldsa", "sign", "-p", "44", "--sk-file", "mldsa.sk", "--msg",
                                                   "00", "--sig-out", "./mldsa.sk"]),
        ("mldsa sign --sig-out = --msg-file", ["mldsa", "sign", "-p", "44", "--sk-file", "mldsa.sk", "--msg-file",
                                               "msg", "--sig-out", "msg"]),
        ("slhdsa sign --sig-out = --sk-file", ["slhdsa", "sign", "-p", "shake-128f", "--sk-file", "slhdsa.sk",
                                               "--msg", "00", "--sig-out", "slhdsa.sk"]),
        ("mlkem decaps --k-out = --dk-file", ["mlkem", "decaps", "-p", "512", "--dk-file", "mlkem.sk", "--c",
                                              "00" * 768, "--k-out", "mlkem.sk"]),
        ("mlkem encaps --c-out = --ek-file", ["mlkem", "encaps", "-p", "512", "--ek-file", "mlkem.pk", "--c-out",
                                              "mlkem.pk", "--k-out", "k"]),
        ("mlkem encaps --c-out = --k-out", ["mlkem", "encaps", "-p", "512", "--ek-file", "mlkem.pk", "--c-out",
                                            "ck", "--k-out", "ck"]),
        ("mldsa keygen --seed-out = --seed-file", ["mldsa", "keygen", "-p", "44", "--seed-file", "msg.seed",
                                                   "--pk-out", "p2", "--sk-out", "s2", "--seed-out", "msg.seed"]),
    ]
    write("msg.seed", bytes(range(32)))
    pk_mlkem = read("mlkem.pk")
    for what, args in cases:
        r = run(*args)
        check(r.returncode == 2 and b"same file" in r.stderr, "%s: refused (exit 2)" % what, (r.returncode, r.stderr))
    check(all(read("%s.sk" % s) == sk_before[s] for s in sk_before), "the private keys are still there")
    check(read("msg") == b"a message" and read("mlkem.pk") == pk_mlkem and read("msg.seed") == bytes(range(32)),
          "the inputs are unchanged")
    check(not any(os.path.exists(path(f)) for f in ("k", "ck", "p2", "s2")), "no other output written")
    r = run("mldsa", "sign", "-p", "44", "--sk-file", "mldsa.sk", "--msg-file", "msg", "--sig-out", "sig")
    check(r.returncode == 0, "control: sign to another file", r.stderr)

    # ---- R3: outputs that are not regular files, in place ----------------------------------
    clean()
    seed = bytes(range(32))
    write("seed", seed)
    r = run("mldsa", "keygen", "-p", "44", "--seed-file", "seed", "--pk-out", "pk", "--sk-out", "sk")
    pk, sk = read("pk"), read("sk")
    r = run("mldsa", "keygen", "-p", "44", "--seed-file", "seed", "--pk-out", "/dev/stdout", "--sk-out", "/dev/null")
    check(r.returncode == 0 and r.stdout == pk, "--pk-out /dev/stdout to a pipe: the key on the pipe",
          (r.returncode, r.stderr, len(r.stdout)))
    r = run("mldsa", "keygen", "-p", "44", "--seed-file", "seed", "--pk-out", "/dev/null", "--sk-out", "/dev/stdout")
    check(r.returncode == 0 and r.stdout == sk, "--sk-out /dev/stdout to a pipe (the process's own descriptor)",
          (r.returncode, r.stderr, len(r.stdout)))
    r = run("mldsa", "sign", "-p", "44", "--sk-file", "sk", "--msg", "00", "--deterministic", "--sig-out",
            "/dev/stdout")
    check(r.returncode == 0 and len(r.stdout) == 2420, "sign --sig-out /dev/stdout to a pipe", (r.returncode, r.stderr))
    check(not [f for f in os.listdir(tmp) if f.startswith(".")], "no temporary file left")
    # a FIFO and a link to it: read by a thread while kforge writes
    for name in ("fifo", "fifolink"):
        if not os.path.exists(path("fifo")):
            os.mkfifo(path("fifo"))
            os.symlink("fifo", path("fifolink"))
        got = []
        t = threading.Thread(target=lambda: got.append(open(path("fifo"), "rb").read()))
        t.start()
        r = run("mldsa", "keygen", "-p", "44", "--seed-file", "seed", "--pk-out", name, "--sk-out", "/dev/null")
        if r.returncode != 0:   # the writer failed before opening: let the reader end
            with open(path("fifo"), "wb"):
                pass
        t.join(30)
        check(r.returncode == 0 and got == [pk], "--pk-out %s: written in place" % name, (r.returncode, r.stderr))
        check(stat.S_ISFIFO(os.stat(path("fifo")).st_mode) and os.path.islink(path("fifolink")),
              "%s: the FIFO and its link stay what they were" % name)
    # a public output through a link to a regular file: the file gets it, the link stays
    write("target", b"old")
    os.symlink("target", path("plink"))
    r = run("mldsa", "keygen", "-p", "44", "--seed-file", "seed", "--pk-out", "plink", "--sk-out", "/dev/null")
    check(r.returncode == 0 and os.path.islink(path("plink")) and read("target") == pk,
          "--pk-out LINK: the target written, the link kept", r.stderr)
    # the process's own descriptor opened by the shell on a file: written in place, appending
    # as >> asks (unprivileged: the old code made its temporary file in /dev, refused)
    if os.geteuid() != 0:
        with open(path("out"), "wb") as f:
            f.write(b"first line\n")
        with open(path("out"), "ab") as f:
            r = run("mldsa", "keygen", "-p", "44", "--seed-file", "seed", "--pk-out", "/dev/stdout", "--sk-out",
                    "/dev/null", capture_output=False, stdout=f, stderr=subprocess.PIPE)
        check(r.returncode == 0 and read("out") == b"first line\n" + pk, "--pk-out /dev/stdout >> file: appended",
              (r.returncode, r.stderr))
    else:
        namespace_part(k, tmp, pk, sk)
        unprivileged_part(k, tmp, pk)

    # ---- R6: a key of another set names its set ------------------------------------------
    clean()
    write("seed", bytes(range(1, 33)))
    for bits in ("44", "65", "87"):
        r = run("mldsa", "keygen", "-p", bits, "--seed-file", "seed", "--pk-out", "pk%s" % bits, "--sk-out",
                "sk%s" % bits)
        r2 = run("mldsa", "keygen", "-p", bits, "--seed-file", "seed", "--pem", "--pk-out", "pk%s.pem" % bits,
                 "--sk-out", "sk%s.pem" % bits)
        check(r.returncode == 0 and r2.returncode == 0, "mldsa keygen -p %s" % bits, r.stderr + r2.stderr)
        write("pk%s.hex" % bits, read("pk%s" % bits).hex().encode() + b"\n")
        write("sk%s.hex" % bits, read("sk%s" % bits).hex().encode() + b"\n")
    write("sig", bytes(2420))
    for have in ("44", "65", "87"):
        for want in ("44", "65", "87"):
            if have == want:
                continue
            msg = ("the key is ML-DSA-%s, not ML-DSA-%s" % (have, want)).encode()
            for form in ("", ".hex", ".pem"):
                r = run("mldsa", "sign", "-p", want, "--sk-file", "sk%s%s" % (have, form), "--msg", "00")
                check(r.returncode == 1 and msg in r.stderr, "mldsa sign -p %s with an ML-DSA-%s sk%s: named"
                      % (want, have, form or " (raw)"), r.stderr)
                r = run("mldsa", "verify", "-p", want, "--pk-file", "pk%s%s" % (have, form), "--msg", "00",
                        "--sig-file", "sig")
                check(r.returncode == 1 and msg in r.stderr, "mldsa verify -p %s with an ML-DSA-%s pk%s: named"
                      % (want, have, form or " (raw)"), r.stderr)
    r = run("mlkem", "keygen", "-p", "1024", "--ek-out", "ek1024", "--dk-out", "dk1024")
    r = run("mlkem", "decaps", "-p", "512", "--dk-file", "dk1024", "--c", "00" * 768)
    check(r.returncode == 1 and b"the key is ML-KEM-1024, not ML-KEM-512" in r.stderr, "mlkem: a raw dk of 1024 named",
          r.stderr)
    r = run("mlkem", "encaps", "-p", "768", "--ek-file", "ek1024")
    check(r.returncode == 1 and b"the key is ML-KEM-1024, not ML-KEM-768" in r.stderr, "mlkem: a raw ek of 1024 named",
          r.stderr)

    # ---- R14: KECCAKFORGE_MLDSA with a value it does not take ------------------------------
    base = run("mldsa", "keygen", "-p", "44", "--seed-file", "seed")
    for value in ("AVX512", "avx-512", "x1"):
        r = run("mldsa", "keygen", "-p", "44", "--seed-file", "seed", env=dict(os.environ, KECCAKFORGE_MLDSA=value))
        check(r.returncode == 0 and r.stdout == base.stdout, "KECCAKFORGE_MLDSA=%s: the same keys" % value, r.stderr)
        check(("KECCAKFORGE_MLDSA=%s is unknown (portable, avx2 or avx512)" % value).encode() in r.stderr,
              "KECCAKFORGE_MLDSA=%s: a warning naming the accepted values" % value, r.stderr)
    r = run("mldsa", "keygen", "-p", "44", "--seed-file", "seed", env=dict(os.environ, KECCAKFORGE_MLDSA="portable"))
    check(r.returncode == 0 and r.stdout == base.stdout and not r.stderr, "KECCAKFORGE_MLDSA=portable: no warning",
          r.stderr)
    return check.finish()


def unprivileged_part(k, tmp, pk):
    """Run as root: the shell's file behind /dev/stdout, as an unprivileged user (nobody), in
    the host's namespace (the old code failed: its temporary file could not be made in /dev)."""
    nobody = 65534
    try:
        os.chown(tmp, nobody, nobody)
        for f in os.listdir(tmp):
            os.lchown(os.path.join(tmp, f), nobody, nobody)
    except OSError as e:
        print("SKIP the unprivileged /dev/stdout-to-a-file part: %s" % e)
        return
    out = os.path.join(tmp, "out_nobody")
    with open(out, "wb") as f:
        f.write(b"first line\n")
    os.chown(out, nobody, nobody)

    def drop():
        os.setgroups([])
        os.setgid(nobody)
        os.setuid(nobody)
    with open(out, "ab") as f:
        try:
            r = subprocess.run([k, "mldsa", "keygen", "-p", "44", "--seed-file", os.path.join(tmp, "seed"),
                                "--pk-out", "/dev/stdout", "--sk-out", "/dev/null"], stdout=f,
                               stderr=subprocess.PIPE, cwd=tmp, preexec_fn=drop, timeout=120)
        except PermissionError as e:  # the exec itself refused: a directory above kforge nobody cannot enter
            print("SKIP the unprivileged part: nobody cannot run %s (%s)" % (k, e))
            return
    if r.returncode == 126 or b"ermission denied" in r.stderr and b"kforge" not in r.stderr:
        print("SKIP the unprivileged part: nobody cannot run %s (%r)" % (k, r.stderr[-200:]))
        return
    with open(out, "rb") as f:
        got = f.read()
    check(r.returncode == 0 and got == b"first line\n" + pk, "unprivileged, --pk-out /dev/stdout >> file: appended",
          (r.returncode, r.stderr, len(got)))


NS_SCRIPT = r"""
set -u
mount -t tmpfs kf-test-dev /dev || exit 77
ln -s /proc/self/fd/1 /dev/stdout
ln -s /proc/self/fd/2 /dev/stderr
printf 'first line\n' > "$T/out_pk"
"$K" mldsa keygen -p 44 --seed-file "$T/seed" --pk-out /dev/stdout --sk-out "$T/sk_ns" >> "$T/out_pk"
echo "pk_rc=$?" >&2
"$K" mldsa keygen -p 44 --seed-file "$T/seed" --pk-out "$T/pk_ns" --sk-out /dev/stdout > "$T/out_sk"
echo "sk_rc=$?" >&2
echo "link=$(readlink /dev/stdout)" >&2
echo "dev=$(ls -A /dev | tr '\n' ' ')" >&2
"""


def namespace_part(k, tmp, pk, sk):
    """As root: /dev/stdout redirected to a file, in a private mount namespace whose /dev is a
    tmpfs holding only a /dev/stdout link of the test's own (the old code's rename replaced the
    link: run outside a namespace it would replace the system's /dev/stdout)."""
    if not shutil.which("unshare"):
        check.oracle_missing("unshare", "the /dev/stdout-to-a-file part as root")
        return
    env = dict(os.environ, K=k, T=tmp)
    r = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c", NS_SCRIPT], env=env,
                       capture_output=True, timeout=120)
    if r.returncode == 77 or b"pk_rc=" not in r.stderr:
        check.oracle_missing("a private mount namespace", "unshare -m failed: %r" % r.stderr[-300:])
        return
    err = r.stderr.decode(errors="replace")
    print("namespace part: " + " | ".join(line for line in err.splitlines() if "=" in line))
    with open(os.path.join(tmp, "out_pk"), "rb") as f:
        out_pk = f.read()
    with open(os.path.join(tmp, "out_sk"), "rb") as f:
        out_sk = f.read()
    check("pk_rc=0" in err and out_pk == b"first line\n" + pk,
          "root, --pk-out /dev/stdout >> file: the key appended to the file", (err, len(out_pk)))
    check("sk_rc=0" in err and out_sk == sk, "root, --sk-out /dev/stdout > file: the key in the file",
          (err, len(out_sk)))
    check("link=/proc/self/fd/1" in err, "root: /dev/stdout is still the link, not replaced", err)
    check(err.split("dev=")[-1].split() == ["stderr", "stdout"],
          "root: nothing else left in /dev", err)


if __name__ == "__main__":
    sys.exit(main())

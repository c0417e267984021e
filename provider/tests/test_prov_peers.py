#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The provider's hybrid TLS groups against peers that are not ours, on 127.0.0.1 (free ports,
timeouts, processes reaped). The server side is `openssl s_server` with the provider; the group
it negotiated is read from its `-trace` output (the key_share of its last ServerHello).

  go MODULE_DIR BUILD_DIR GO
      Go's crypto/tls (tests/tlspeer, built into BUILD_DIR with Go's own build cache, no network):
      - Go client offering only G -> s_server -groups G, for G in X25519MLKEM768 (0x11EC),
        SecP256r1MLKEM768 (0x11EB), SecP384r1MLKEM1024 (0x11ED): both report G;
      - Go's default client (Go 1.26: X25519MLKEM768 and X25519 key shares) -> s_server
        -groups SecP256r1MLKEM768: a HelloRetryRequest, then SecP256r1MLKEM768;
      - s_client -groups G (the provider as the client: keygen + decapsulation) -> Go server
        offering only G: Go reports G.
  pyssl MODULE_DIR
      Python's ssl module (linked against the system libssl) as a client that names no group,
      with OPENSSL_CONF at a generated openssl.cnf that loads the provider and sets the
      system-default `Groups = X25519MLKEM768:SecP256r1MLKEM768:X25519` (the README's
      example): s_server -groups X25519MLKEM768 negotiates 0x11EC, s_server -groups
      SecP256r1MLKEM768 negotiates 0x11EB (after a HelloRetryRequest); with the same cnf
      without the Groups line the handshake fails (the setting is what makes it work).
  curl MODULE_DIR
      the same three cases with `curl` (no --curves) against s_server -www.
  ossl35 MODULE_DIR BUILD_DIR PREFIX KEMPEER CC
      OpenSSL >= 3.5 (installed at PREFIX, or $KF_OSSL35_DIR; its own default provider, none of
      ours) against the system openssl with the provider:
      - its s_client -groups G -> s_server -groups G (provider), and s_client -groups G
        (provider) -> its s_server -groups G, for the three groups above, each side's
        ServerHello key_share read from the server's -trace;
      - its default s_client (no -groups) -> s_server -groups X25519MLKEM768 (provider);
      - TLS 1.3 with an ML-DSA-65 chain (CA and leaf made by the system openssl with the
        provider) and X25519MLKEM768, both directions, OpenSSL 3.5 on both sides and the
        provider loaded into one of them (-propquery ?provider=keccakforge; its TLS-SIGALG
        capability): s_client -> s_server with the provider (which signs the
        CertificateVerify), and s_client with the provider (which verifies it and the chain)
        -> s_server; -verify_return_error, the group and the CertificateVerify's scheme
        (mldsa65, 0x0905) read from the server's -trace; the system OpenSSL 3.0's s_server
        refuses the ML-DSA certificate ("ca md too weak" or "unknown certificate type": 3.0's
        libssl asks no provider for signature algorithms); OpenSSL 3.5's `cms -sign -md sha512`
        with the provider verified by the system openssl, and without -md refused (no default
        digest, as for 3.5's own ML-DSA);
      - the KEMs X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024 and X448MLKEM1024
        (the last has no TLS code point, in OpenSSL 3.5/4.0 as here) through EVP: KEMPEER
        (test_prov_kempeer.c built against the system OpenSSL, the provider loaded) and the
        same source compiled here with CC against PREFIX's static libcrypto, each one
        encapsulating to the other's public key: the sizes are checked and both secrets agree.

Exit 77 (ctest: Skipped) when openssl, go (>= 1.26), curl or OpenSSL >= 3.5 is missing.
"""
import os
import re
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import time

SKIP = 77
failures = 0
GROUP_IDS = {"X25519MLKEM768": 0x11EC, "SecP256r1MLKEM768": 0x11EB, "SecP384r1MLKEM1024": 0x11ED}
CNF_GROUPS = "X25519MLKEM768:SecP256r1MLKEM768:X25519"


def check(cond, what):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)
    return cond


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_cert(tmp):
    cert, key = os.path.join(tmp, "cert.pem"), os.path.join(tmp, "key.pem")
    r = subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-keyout",
                        key, "-out", cert, "-days", "1", "-nodes", "-subj", "/CN=localhost"],
                       capture_output=True, timeout=60, env=clean_env())
    if r.returncode != 0:
        print(r.stderr.decode(errors="replace"))
        sys.exit(1)
    return cert, key


def clean_env():
    e = dict(os.environ)
    e.pop("OPENSSL_CONF", None)
    return e


class SServer:
    """openssl s_server with the provider for one connection; .finish() returns its output.
    With cmd (and env) given, that program's s_server instead, with no provider options."""

    def __init__(self, mod, tmp, group, cmd=None, env=None, certkey=None, extra=()):
        if certkey:
            cert, key = certkey
        else:
            cert, key = server_cert(tmp) if not hasattr(SServer, "cert") else SServer.cert
            SServer.cert = (cert, key)
        self.port = free_port()
        argv = cmd or ["openssl", "s_server", "-provider-path", mod, "-provider", "keccakforge", "-provider", "default"]
        self.p = subprocess.Popen(argv + ["-accept", "127.0.0.1:%d" % self.port, "-naccept", "1", "-tls1_3",
                                          "-groups", group, "-cert", cert, "-key", key, "-www", "-trace", *extra],
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  env=env or clean_env())
        self.out = b""
        deadline = time.time() + 20
        while b"ACCEPT" not in self.out and time.time() < deadline:   # listening
            ready, _, _ = select.select([self.p.stdout], [], [], 0.5)
            if ready:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                if not chunk:
                    break
                self.out += chunk

    def finish(self):
        try:
            out, _ = self.p.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.p.kill()
            out, _ = self.p.communicate()
        self.out += out
        return self.out.decode(errors="replace")


def negotiated(trace):
    """The group of the key_share in s_server's last ServerHello (-trace), HelloRetryRequest
    ones included (the last is the real one); (id, number of ServerHellos) or (None, n)."""
    parts = re.split(r"ServerHello, Length=\d+", trace)
    if len(parts) < 2:
        return None, 0
    m = re.search(r"extension_type=key_share\(51\).*?NamedGroup: [^\n]*\((\d+)\)", parts[-1], re.S)
    return (int(m.group(1)) if m else None), len(parts) - 1


def expect_group(trace, group, who, hrr=False):
    gid, n = negotiated(trace)
    ok = check(gid == GROUP_IDS[group], "%s: s_server's ServerHello key_share group %s, expected %#06x (%s)"
               % (who, gid if gid is None else "%#06x" % gid, GROUP_IDS[group], group))
    if hrr:
        ok &= check(n == 2, "%s: %d ServerHello(s), expected a HelloRetryRequest and a ServerHello" % (who, n))
    return ok


# ---- Go ------------------------------------------------------------------------------------
def go_version(go):
    r = subprocess.run([go, "env", "GOVERSION"], capture_output=True, text=True, timeout=60)
    m = re.match(r"go(\d+)\.(\d+)", r.stdout.strip())
    return (int(m.group(1)), int(m.group(2))) if m else None


def go_cache(go, build):
    """Go's build cache: the user's (`go env GOCACHE`, ~/.cache/go-build), which Go keeps safe for
    builds running at once, so that the build trees of one host share the compiled standard
    library (crypto/tls and what it needs: 27.7 s of CPU from an empty cache, 0.5 s from a full one,
    2026-11-26; .ci/run builds the peer in the README's tree and again in GCC's ASan stage, the same
    pure-Go binary: CGO_ENABLED=0); a cache in BUILD_DIR when Go has none (no HOME)."""
    r = subprocess.run([go, "env", "GOCACHE"], capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, GOTOOLCHAIN="local"))
    cache = r.stdout.strip()
    if r.returncode == 0 and os.path.isabs(cache):
        try:
            os.makedirs(cache, exist_ok=True)
            return cache
        except OSError:
            pass
    return os.path.join(build, "gocache")


def build_peer(go, build):
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tlspeer")
    exe = os.path.join(build, "tlspeer")
    env = dict(os.environ, GOCACHE=go_cache(go, build), GOPATH=os.path.join(build, "gopath"),
               GOFLAGS="-mod=mod", GOTOOLCHAIN="local", GOPROXY="off", CGO_ENABLED="0", GOWORK="off")
    t = time.time()
    r = subprocess.run([go, "build", "-o", exe, "."], cwd=src, capture_output=True, text=True, timeout=600, env=env)
    if not check(r.returncode == 0, "go build tlspeer: %s" % r.stderr[-2000:]):
        return None
    print("  built the Go peer in %.1f s" % (time.time() - t))
    return exe


def go_client(exe, mod, tmp, offer, server_group, hrr=False):
    s = SServer(mod, tmp, server_group)
    try:
        r = subprocess.run([exe, "client", "127.0.0.1:%d" % s.port, offer], capture_output=True, text=True, timeout=30)
    finally:
        trace = s.finish()
    who = "Go client (%s) -> s_server -groups %s" % (offer, server_group)
    ok = check(r.returncode == 0 and r.stdout.strip() == "group " + server_group,
               "%s: Go says %r %r" % (who, r.stdout.strip(), r.stderr.strip()[-300:]))
    ok &= expect_group(trace, server_group, who, hrr)
    if ok:
        print("  %s: %s%s" % (who, server_group, " after a HelloRetryRequest" if hrr else ""))


def go_server(exe, mod, group):
    p = subprocess.Popen([exe, "server", group], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline().split()
        if not check(len(line) == 2 and line[0] == "port", "Go server did not start: %r" % line):
            return
        cli = subprocess.run(["openssl", "s_client", "-provider-path", mod, "-provider", "keccakforge", "-provider",
                              "default", "-connect", "127.0.0.1:" + line[1], "-tls1_3", "-groups", group],
                             input=b"Q\n", capture_output=True, timeout=30, env=clean_env())
        out, err = p.communicate(timeout=20)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    who = "s_client -groups %s -> Go server" % group
    ok = check(p.returncode == 0 and out.strip() == "group " + group, "%s: Go says %r %r; s_client: %r"
               % (who, out.strip(), err.strip()[-300:], cli.stdout[-300:] + cli.stderr[-300:]))
    ok &= check(b"New, TLSv1.3" in cli.stdout, "%s: s_client did not finish TLS 1.3" % who)
    if ok:
        print("  %s: %s" % (who, group))


def run_go(mod, build, go):
    if not go or not shutil.which(go):
        print("test_prov_peer_go skipped: go not found (Go 1.26 speaks SecP256r1MLKEM768 by default)")
        return SKIP
    v = go_version(go)
    if not v or v < (1, 26):
        print("test_prov_peer_go skipped: %s is Go %s; SecP256r1MLKEM768/SecP384r1MLKEM1024 need Go 1.26" % (go, v))
        return SKIP
    os.makedirs(build, exist_ok=True)
    exe = build_peer(go, build)
    if not exe:
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        for g in GROUP_IDS:
            go_client(exe, mod, tmp, g, g)
        go_client(exe, mod, tmp, "default", "SecP256r1MLKEM768", hrr=True)
        for g in GROUP_IDS:
            go_server(exe, mod, g)
    return 0


# ---- programs that name no group: Python's ssl, curl ----------------------------------------
def write_cnf(path, mod, groups):
    so = os.path.join(os.path.abspath(mod), "keccakforge.so")
    # the provider README's file (alg_section included), with or without its Groups addition
    text = ["openssl_conf = openssl_init", "", "[openssl_init]", "providers = provider_sect",
            "alg_section = algorithm_sect"]
    if groups:
        text.append("ssl_conf = ssl_sect")
    text += ["", "[algorithm_sect]", "default_properties = ?provider=keccakforge", "", "[provider_sect]", "default = default_sect", "keccakforge = keccakforge_sect", "",
             "[default_sect]", "activate = 1", "", "[keccakforge_sect]", "module = " + so, "activate = 1"]
    if groups:
        text += ["", "[ssl_sect]", "system_default = system_default_sect", "", "[system_default_sect]",
                 "Groups = " + groups]
    with open(path, "w") as f:
        f.write("\n".join(text) + "\n")


PY_CLIENT = r"""
import socket, ssl, sys
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE
ctx.minimum_version = ssl.TLSVersion.TLSv1_3
with socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=15) as s:
    with ctx.wrap_socket(s) as t:
        t.sendall(b"GET / HTTP/1.0\r\n\r\n")
        data = t.recv(64)
        print(t.version(), data[:12])
"""


def py_client(port, env):
    r = subprocess.run([sys.executable, "-c", PY_CLIENT, str(port)], capture_output=True, text=True, timeout=30, env=env)
    return r.returncode == 0 and r.stdout.startswith("TLSv1.3 b'HTTP/1.0 200"), (r.stdout + r.stderr)[-400:]


def curl_client(port, env):
    r = subprocess.run(["curl", "-sS", "-k", "--tlsv1.3", "--max-time", "20", "-o", "/dev/null", "-w", "%{http_code}",
                        "https://127.0.0.1:%d/" % port], capture_output=True, text=True, timeout=30, env=env)
    return r.returncode == 0 and r.stdout.strip() == "200", (r.stdout + r.stderr)[-400:]


def run_nameless(kind, mod):
    client = py_client if kind == "pyssl" else curl_client
    if kind == "curl" and not shutil.which("curl"):
        print("test_prov_peer_curl skipped: curl not found")
        return SKIP
    with tempfile.TemporaryDirectory() as tmp:
        cnf, bare = os.path.join(tmp, "groups.cnf"), os.path.join(tmp, "bare.cnf")
        write_cnf(cnf, mod, CNF_GROUPS)
        write_cnf(bare, mod, None)
        for group, hrr in (("X25519MLKEM768", False), ("SecP256r1MLKEM768", True)):
            s = SServer(mod, tmp, group)
            try:
                ok, out = client(s.port, dict(clean_env(), OPENSSL_CONF=cnf))
            finally:
                trace = s.finish()
            who = "%s (Groups = %s) -> s_server -groups %s" % (kind, CNF_GROUPS, group)
            if check(ok, "%s: %r" % (who, out)) and expect_group(trace, group, who, hrr):
                print("  %s: %s%s" % (who, group, " after a HelloRetryRequest" if hrr else ""))
        # the control: the provider loaded, no Groups line -> the client offers OpenSSL's defaults
        s = SServer(mod, tmp, "X25519MLKEM768")
        try:
            ok, out = client(s.port, dict(clean_env(), OPENSSL_CONF=bare))
        finally:
            s.finish()
        if check(not ok, "%s without the Groups line negotiated with an X25519MLKEM768-only server: %r" % (kind, out)):
            print("  %s without the Groups line: no handshake with an X25519MLKEM768-only server (expected)" % kind)
    return 0


# ---- OpenSSL 3.5+ ----------------------------------------------------------------------------
# sizes of (public key / client share, ciphertext / server share, secret)
KEM_SIZES = {"X25519MLKEM768": (1216, 1120, 64), "SecP256r1MLKEM768": (1249, 1153, 64),
             "SecP384r1MLKEM1024": (1665, 1665, 80), "X448MLKEM1024": (1624, 1624, 88)}


def ossl35_env(tmp, prefix=""):
    """the other OpenSSL runs with an empty config and without the sanitizer preload (and, built
    shared, with its own libcrypto/libssl: also what the provider binds to when loaded there)"""
    e = clean_env()
    e.pop("LD_PRELOAD", None)
    cnf = os.path.join(tmp, "empty.cnf")
    open(cnf, "w").close()
    e["OPENSSL_CONF"] = cnf
    libs = [os.path.join(prefix, d) for d in ("lib64", "lib") if prefix
            and os.path.exists(os.path.join(prefix, d, "libcrypto.so.3"))]
    if libs:
        e["LD_LIBRARY_PATH"] = os.pathsep.join(libs + [x for x in [e.get("LD_LIBRARY_PATH")] if x])
    return e


SIGALG_IDS = {"mldsa44": 0x0904, "mldsa65": 0x0905, "mldsa87": 0x0906}


def mldsa_chain(tmp, mod, alg="ML-DSA-65"):
    """CA and leaf (CN=localhost) of ML-DSA-65, made by the system openssl with the provider"""
    prov = ["-provider-path", mod, "-provider", "keccakforge", "-provider", "default"]
    f = lambda n: os.path.join(tmp, n)  # noqa: E731
    steps = [["genpkey", *prov, "-algorithm", alg, "-out", f("mca.key")],
             ["req", *prov, "-x509", "-key", f("mca.key"), "-subj", "/CN=keccakforge TLS CA", "-days", "2",
              "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign",
              "-out", f("mca.pem")],
             ["genpkey", *prov, "-algorithm", alg, "-out", f("mleaf.key")],
             ["req", *prov, "-new", "-key", f("mleaf.key"), "-subj", "/CN=localhost", "-out", f("mleaf.csr")],
             ["x509", *prov, "-req", "-in", f("mleaf.csr"), "-CA", f("mca.pem"), "-CAkey", f("mca.key"),
              "-set_serial", "9", "-days", "2", "-out", f("mleaf.pem")]]
    for st in steps:
        r = subprocess.run(["openssl", *st], capture_output=True, timeout=120, env=clean_env())
        if not check(r.returncode == 0, "ML-DSA chain: openssl %s: %r" % (st[0], r.stderr[-400:])):
            return None
    return f("mca.pem"), f("mleaf.pem"), f("mleaf.key")


def peer_sigalg(trace):
    """the SignatureScheme of the server's CertificateVerify in s_server's -trace"""
    m = re.search(r"CertificateVerify, Length=\d+.*?Signature Algorithm: [^\n]*\(0x([0-9a-fA-F]+)\)", trace, re.S)
    return int(m.group(1), 16) if m else None


def tls_mldsa35(exe, mod, tmp, env35, v):
    """TLS 1.3 with an ML-DSA-65 chain and X25519MLKEM768, OpenSSL 3.5 on both sides, one of them
    with the provider loaded into it and preferred (-propquery ?provider=keccakforge): the
    provider signs the CertificateVerify (server) or verifies it and the chain (client)."""
    chain = mldsa_chain(tmp, mod)
    if not chain:
        return
    ca, leaf, key = chain
    kf = ["-provider-path", mod, "-provider", "keccakforge", "-provider", "default", "-propquery", "?provider=keccakforge"]
    client = lambda extra, port: subprocess.run(  # noqa: E731
        [exe, "s_client", *extra, "-connect", "127.0.0.1:%d" % port, "-tls1_3", "-groups", "X25519MLKEM768",
         "-sigalgs", "mldsa65", "-CAfile", ca, "-verify_return_error", "-servername", "localhost"],
        input=b"Q\n", capture_output=True, timeout=60, env=env35)
    for who, srv_extra, cli_extra in (
            ("OpenSSL %d.%d s_client -> OpenSSL %d.%d s_server with the provider (it signs)" % (v + v), kf, []),
            ("OpenSSL %d.%d s_client with the provider (it verifies) -> OpenSSL %d.%d s_server" % (v + v), [], kf)):
        s = SServer(mod, tmp, "X25519MLKEM768", cmd=[exe, "s_server", *srv_extra], env=env35, certkey=(leaf, key),
                    extra=("-sigalgs", "mldsa65"))
        try:
            cli = client(cli_extra, s.port)
        finally:
            trace = s.finish()
        out = cli.stdout.decode(errors="replace")
        ok = check(cli.returncode == 0 and "New, TLSv1.3" in out and "Verify return code: 0 (ok)" in out,
                   "%s: exit %d %r %r" % (who, cli.returncode, out[-400:], cli.stderr[-400:]))
        ok = ok and expect_group(trace, "X25519MLKEM768", who)
        sa = peer_sigalg(trace)
        ok = ok and check(sa == SIGALG_IDS["mldsa65"], "%s: CertificateVerify signature scheme %r, expected 0x0905"
                          % (who, sa if sa is None else "%#06x" % sa))
        if ok:
            print("  %s: X25519MLKEM768, CertificateVerify mldsa65 (0x0905), chain verified" % who)
    # CMS signing in OpenSSL 3.5 with the provider: with -md sha512 it signs (3.5 names the
    # signature), and the system openssl with the provider verifies; without -md 3.5 finds no
    # default digest, for the provider's key as for its own ML-DSA (the keys say "no digest":
    # X.509 signing needs that)
    content = os.path.join(tmp, "cms-content")
    open(content, "wb").write(b"keccakforge CMS from OpenSSL 3.5\n")
    for md in (["-md", "sha512"], []):
        sd = os.path.join(tmp, "cms35.p7s")
        r = subprocess.run([exe, "cms", "-sign", *kf, *md, "-signer", leaf, "-inkey", key, "-in", content, "-out", sd,
                            "-outform", "DER", "-nodetach", "-binary"], capture_output=True, timeout=60, env=env35)
        if md:
            r2 = subprocess.run(["openssl", "cms", "-verify", "-provider-path", mod, "-provider", "keccakforge",
                                 "-provider", "default", "-inform", "DER", "-in", sd, "-CAfile", ca, "-binary"],
                                capture_output=True, timeout=60, env=clean_env())
            if check(r.returncode == 0 and r2.returncode == 0 and r2.stdout == open(content, "rb").read(),
                     "OpenSSL %d.%d cms -sign -md sha512 with the provider, verified by the system openssl: %r %r"
                     % (v + (r.stderr[-300:], r2.stderr[-300:]))):
                print("  OpenSSL %d.%d cms -sign -md sha512 (provider) -> system openssl cms -verify (provider): OK" % v)
        else:
            check(r.returncode != 0 and b"no default digest" in r.stderr,
                  "OpenSSL %d.%d cms -sign without -md: %d %r" % (v + (r.returncode, r.stderr[-300:])))
    # the provider's own ML-DSA decoding and text in OpenSSL 3.5 (not 3.5's): `pkey -text`
    # with the provider preferred prints the provider's layout
    r = subprocess.run([exe, "pkey", *kf, "-in", key, "-noout", "-text"], capture_output=True, timeout=60, env=env35)
    r0 = subprocess.run([exe, "pkey", "-in", key, "-noout", "-text"], capture_output=True, timeout=60, env=env35)
    check(r.returncode == 0 and r0.returncode == 0 and r.stdout != r0.stdout,
          "OpenSSL %d.%d pkey -text: the provider's and 3.5's own outputs are not told apart: %r" % (v + (r.stderr[-300:],)))


def ossl35_version(exe, env):
    try:
        r = subprocess.run([exe, "version"], capture_output=True, text=True, timeout=30, env=env)
    except OSError:
        return None, ""
    m = re.match(r"OpenSSL (\d+)\.(\d+)\.(\d+)", r.stdout)
    return ((int(m.group(1)), int(m.group(2))) if m else None), r.stdout.strip()


def build_kempeer35(prefix, build, cc, env):
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "test_prov_kempeer.c")
    libs = [os.path.join(prefix, d, "libcrypto.a") for d in ("lib64", "lib")]
    lib = next((x for x in libs if os.path.exists(x)), None)
    if not check(lib is not None, "no libcrypto.a under %s/lib64 or lib" % prefix):
        return None
    exe = os.path.join(build, "test_prov_kempeer35")
    r = subprocess.run([cc, "-O1", "-o", exe, src, "-I", os.path.join(prefix, "include"), lib, "-lpthread", "-ldl"],
                       capture_output=True, text=True, timeout=300, env=env)
    return exe if check(r.returncode == 0, "compiling test_prov_kempeer against %s: %s" % (lib, r.stderr[-1500:])) else None


def kem_exchange(alg, dec_argv, enc_argv, who, env_dec, env_enc):
    """dec generates a key pair and decapsulates; enc encapsulates to its public key"""
    npub, nct, nss = KEM_SIZES[alg]
    dec = subprocess.Popen(dec_argv + [alg, "decap"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, env=env_dec)
    try:
        line = dec.stdout.readline().split()
        if not check(len(line) == 2 and line[0] == "pub", "%s: no public key from the decapsulating side: %r %r"
                     % (who, line, dec.stderr.read()[-500:] if dec.poll() is not None else "")):
            return
        pub = line[1]
        enc = subprocess.run(enc_argv + [alg, "encap"], input=pub + "\n", capture_output=True, text=True, timeout=30,
                             env=env_enc)
        lines = dict(x.split() for x in enc.stdout.splitlines() if len(x.split()) == 2)
        if not check(enc.returncode == 0 and "ct" in lines and "ss" in lines, "%s: encapsulation: %r"
                     % (who, enc.stderr[-500:])):
            return
        out, err = dec.communicate(lines["ct"] + "\n", timeout=30)
        got = out.split()
        ok = check(len(pub) == 2 * npub and len(lines["ct"]) == 2 * nct and len(lines["ss"]) == 2 * nss,
                   "%s: sizes %d/%d/%d, expected %d/%d/%d" % (who, len(pub) // 2, len(lines["ct"]) // 2,
                                                            len(lines["ss"]) // 2, npub, nct, nss))
        ok &= check(dec.returncode == 0 and len(got) == 2 and got[0] == "ss", "%s: decapsulation: %r" % (who, err[-500:]))
        ok = ok and check(got[1] == lines["ss"], "%s: the secrets differ" % who)
        if ok:
            print("  %s %s: public key %d, ciphertext %d, equal %d-byte secrets" % (alg, who, npub, nct, nss))
    finally:
        if dec.poll() is None:
            dec.kill()
            dec.wait()


def s_client_groups(argv, port, group, env):
    g = ["-groups", group] if group else []
    return subprocess.run(argv + ["-connect", "127.0.0.1:%d" % port, "-tls1_3"] + g, input=b"Q\n",
                          capture_output=True, timeout=30, env=env)


def run_ossl35(mod, build, prefix, kempeer, cc):
    prefix = prefix or os.environ.get("KF_OSSL35_DIR", "")
    exe = os.path.join(prefix, "bin", "openssl") if prefix else ""
    if not prefix or not os.path.exists(exe):
        print("test_prov_peer_ossl35 skipped: no OpenSSL >= 3.5 (configure with -DKF_OSSL35_DIR=PREFIX or set "
              "KF_OSSL35_DIR to an install prefix with bin/openssl, include/ and lib*/libcrypto.a)")
        return SKIP
    os.makedirs(build, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        env35 = ossl35_env(tmp, prefix)
        v, text = ossl35_version(exe, env35)
        if not v or v < (3, 5):
            print("test_prov_peer_ossl35 skipped: %s is %r; the hybrid groups need OpenSSL >= 3.5" % (exe, text))
            return SKIP
        print("  peer: %s (%s)" % (exe, text))
        ours = ["openssl", "s_client", "-provider-path", mod, "-provider", "keccakforge", "-provider", "default"]
        for g in GROUP_IDS:
            # OpenSSL 3.5's client -> s_server with the provider
            s = SServer(mod, tmp, g)
            try:
                cli = s_client_groups([exe, "s_client"], s.port, g, env35)
            finally:
                trace = s.finish()
            who = "OpenSSL %d.%d s_client -groups %s -> s_server (provider)" % (v[0], v[1], g)
            if check(cli.returncode == 0 and b"New, TLSv1.3" in cli.stdout, "%s: %r" % (who, cli.stdout[-300:] + cli.stderr[-300:])) \
                    and expect_group(trace, g, who):
                print("  %s: %s" % (who, g))
            # s_client with the provider -> OpenSSL 3.5's server
            s = SServer(mod, tmp, g, cmd=[exe, "s_server"], env=env35)
            try:
                cli = s_client_groups(ours, s.port, g, clean_env())
            finally:
                trace = s.finish()
            who = "s_client -groups %s (provider) -> OpenSSL %d.%d s_server" % (g, v[0], v[1])
            if check(cli.returncode == 0 and b"New, TLSv1.3" in cli.stdout, "%s: %r" % (who, cli.stdout[-300:] + cli.stderr[-300:])) \
                    and expect_group(trace, g, who):
                print("  %s: %s" % (who, g))
        s = SServer(mod, tmp, "X25519MLKEM768")
        try:
            cli = s_client_groups([exe, "s_client"], s.port, None, env35)
        finally:
            trace = s.finish()
        who = "OpenSSL %d.%d's default s_client -> s_server -groups X25519MLKEM768 (provider)" % v
        if check(cli.returncode == 0 and b"New, TLSv1.3" in cli.stdout, "%s: %r" % (who, cli.stdout[-300:])) \
                and expect_group(trace, "X25519MLKEM768", who):
            print("  %s: X25519MLKEM768" % who)
        # ML-DSA certificates in TLS 1.3 (TLS-SIGALG): the provider inside OpenSSL 3.5
        tls_mldsa35(exe, mod, tmp, env35, v)
        # the system OpenSSL (3.0) cannot: its libssl asks no provider for signature algorithms
        sv = subprocess.run(["openssl", "version"], capture_output=True, text=True, env=clean_env()).stdout
        ca_leaf = mldsa_chain(tmp, mod) if re.match(r"OpenSSL 3\.[01]\.", sv) else None
        if ca_leaf:
            s = subprocess.run(["openssl", "s_server", "-provider-path", mod, "-provider", "keccakforge", "-provider",
                                "default", "-cert", ca_leaf[1], "-key", ca_leaf[2], "-accept", "127.0.0.1:%d" % free_port(),
                                "-naccept", "1"], capture_output=True, timeout=30, env=clean_env(), stdin=subprocess.DEVNULL)
            # the CA-signed leaf meets the security level's check first ("ca md too weak": 3.0 rates
            # a signature by its digest), the key type next ("unknown certificate type")
            why = re.search(rb"(unknown certificate type|ca md too weak)", s.stderr)
            if check(s.returncode != 0 and why, "system %s s_server with an ML-DSA certificate: %r"
                     % (sv.strip(), s.stderr[-300:])):
                print("  system %s: s_server -cert (ML-DSA-65 leaf) refused as expected: %s"
                      % (sv.split("(")[0].strip(), why.group(1).decode()))
        # the KEMs through EVP, X448MLKEM1024 included
        peer35 = build_kempeer35(prefix, build, cc, env35)
        if peer35:
            prov = [kempeer, "-p", mod]
            for alg in KEM_SIZES:
                kem_exchange(alg, [peer35], prov, "OpenSSL keygen/decap, provider encap", env35, clean_env())
                kem_exchange(alg, prov, [peer35], "provider keygen/decap, OpenSSL encap", clean_env(), env35)
    return 0


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("go", "pyssl", "curl", "ossl35"):
        print(__doc__)
        return 2
    kind, mod = sys.argv[1], sys.argv[2]
    if not shutil.which("openssl"):
        print("test_prov_peer_%s skipped: the openssl command is not installed" % kind)
        return SKIP
    if kind == "go":
        rc = run_go(mod, sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else "")
    elif kind == "ossl35":
        if len(sys.argv) < 7:
            print(__doc__)
            return 2
        rc = run_ossl35(mod, *sys.argv[3:7])
    else:
        rc = run_nameless(kind, mod)
    if rc == SKIP:
        return SKIP
    print("test_prov_peer_%s: %d failure(s)" % (kind, failures))
    return 1 if failures or rc else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The provider's hybrid TLS groups against peers that are not ours, on 127.0.0.1 (free ports,
timeouts, processes reaped). The server side is `openssl s_server` with the provider; the group
it negotiated is read from its `-trace` output (the key_share of its last ServerHello).

  go MODULE_DIR BUILD_DIR GO
      Go's crypto/tls (tests/tlspeer, built here with GOCACHE in BUILD_DIR, no network):
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

Exit 77 (ctest: Skipped) when openssl, go (>= 1.26) or curl is missing.
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
    """openssl s_server with the provider for one connection; .finish() returns its output."""

    def __init__(self, mod, tmp, group):
        cert, key = server_cert(tmp) if not hasattr(SServer, "cert") else SServer.cert
        SServer.cert = (cert, key)
        self.port = free_port()
        self.p = subprocess.Popen(["openssl", "s_server", "-provider-path", mod, "-provider", "keccakforge", "-provider",
                                   "default", "-accept", "127.0.0.1:%d" % self.port, "-naccept", "1", "-tls1_3",
                                   "-groups", group, "-cert", cert, "-key", key, "-www", "-trace"],
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  env=clean_env())
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


def build_peer(go, build):
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tlspeer")
    exe = os.path.join(build, "tlspeer")
    env = dict(os.environ, GOCACHE=os.path.join(build, "gocache"), GOPATH=os.path.join(build, "gopath"),
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


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("go", "pyssl", "curl"):
        print(__doc__)
        return 2
    kind, mod = sys.argv[1], sys.argv[2]
    if not shutil.which("openssl"):
        print("test_prov_peer_%s skipped: the openssl command is not installed" % kind)
        return SKIP
    if kind == "go":
        rc = run_go(mod, sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else "")
    else:
        rc = run_nameless(kind, mod)
    if rc == SKIP:
        return SKIP
    print("test_prov_peer_%s: %d failure(s)" % (kind, failures))
    return 1 if failures or rc else 0


if __name__ == "__main__":
    sys.exit(main())

// SPDX-License-Identifier: Apache-2.0 OR MIT

// tlspeer is an independent TLS 1.3 peer (Go's crypto/tls, whose ML-KEM and hybrid key shares
// are Go's own code) for the keccakforge provider's groups; test_prov_peers.py runs it against
// `openssl s_server` / `s_client` with the provider.
//
//	tlspeer client HOST:PORT GROUP   handshake as a client offering GROUP only ("default": Go's
//	                                 default list), print "group NAME" and exit 0
//	tlspeer server GROUP             listen on 127.0.0.1 (a free port), print "port N", accept one
//	                                 handshake from a client, print "group NAME" and exit 0
//
// GROUP is X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024 or default. The server's
// certificate is a fresh self-signed ECDSA P-256 one; the client does not verify certificates
// (the test is about the key exchange).
package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	"net"
	"os"
	"time"
)

var groups = map[string]tls.CurveID{
	"X25519MLKEM768":     tls.X25519MLKEM768,
	"SecP256r1MLKEM768":  tls.SecP256r1MLKEM768,
	"SecP384r1MLKEM1024": tls.SecP384r1MLKEM1024,
}

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "tlspeer: "+format+"\n", a...)
	os.Exit(1)
}

func prefs(name string) []tls.CurveID {
	if name == "default" {
		return nil
	}
	id, ok := groups[name]
	if !ok {
		fail("unknown group %q", name)
	}
	return []tls.CurveID{id}
}

func certificate() tls.Certificate {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		fail("key: %v", err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "localhost"},
		NotBefore:    time.Now().Add(-time.Minute),
		NotAfter:     time.Now().Add(time.Hour),
		DNSNames:     []string{"localhost"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		fail("certificate: %v", err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}

func report(c *tls.Conn) {
	st := c.ConnectionState()
	if st.Version != tls.VersionTLS13 {
		fail("not TLS 1.3: %#x", st.Version)
	}
	fmt.Printf("group %s\n", st.CurveID)
}

func main() {
	if len(os.Args) == 4 && os.Args[1] == "client" {
		cfg := &tls.Config{InsecureSkipVerify: true, MinVersion: tls.VersionTLS13, CurvePreferences: prefs(os.Args[3])}
		d := &net.Dialer{Timeout: 10 * time.Second}
		c, err := tls.DialWithDialer(d, "tcp", os.Args[2], cfg)
		if err != nil {
			fail("handshake: %v", err)
		}
		report(c)
		c.Close()
		return
	}
	if len(os.Args) == 3 && os.Args[1] == "server" {
		cfg := &tls.Config{Certificates: []tls.Certificate{certificate()}, MinVersion: tls.VersionTLS13,
			CurvePreferences: prefs(os.Args[2])}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			fail("listen: %v", err)
		}
		fmt.Printf("port %d\n", ln.Addr().(*net.TCPAddr).Port)
		os.Stdout.Sync()
		raw, err := ln.Accept()
		if err != nil {
			fail("accept: %v", err)
		}
		raw.SetDeadline(time.Now().Add(20 * time.Second))
		c := tls.Server(raw, cfg)
		if err := c.Handshake(); err != nil {
			fail("handshake: %v", err)
		}
		report(c)
		c.Close()
		return
	}
	fail("usage: tlspeer client HOST:PORT GROUP | tlspeer server GROUP")
}

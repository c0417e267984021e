/*
 * slhdsa_cli.c - `kforge slhdsa keygen|sign|verify`: SLH-DSA (FIPS 205, SHAKE sets) for
 * interop tests, hex on the command line, one `name=hex` line per output.
 *
 *   kforge slhdsa keygen -p shake-128f [--seed HEX]     seed = SK.seed || SK.prf || PK.seed
 *   kforge slhdsa sign -p P --sk HEX --msg HEX [--ctx HEX] [--addrnd HEX]
 *   kforge slhdsa verify -p P --pk HEX --msg HEX --sig HEX [--ctx HEX]
 * sign is deterministic without --addrnd; verify exits 0 if valid, 1 if not.
 */
#include "kforge.h"
#include "keccakforge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h> /* strcasecmp */

static const struct {
    const char *name;
    kf_slhdsa_param param;
} sets[] = {
    {"shake-128s", KF_SLHDSA_SHAKE_128S}, {"shake-128f", KF_SLHDSA_SHAKE_128F},
    {"shake-192s", KF_SLHDSA_SHAKE_192S}, {"shake-192f", KF_SLHDSA_SHAKE_192F},
    {"shake-256s", KF_SLHDSA_SHAKE_256S}, {"shake-256f", KF_SLHDSA_SHAKE_256F},
};

static void usage(FILE *f)
{
    fputs("usage: kforge slhdsa keygen -p SET [--seed HEX]\n"
          "       kforge slhdsa sign -p SET --sk HEX --msg HEX [--ctx HEX] [--addrnd HEX]\n"
          "       kforge slhdsa verify -p SET --pk HEX --msg HEX --sig HEX [--ctx HEX]\n"
          "SLH-DSA (FIPS 205). SET: shake-128s, shake-128f, shake-192s, shake-192f, shake-256s,\n"
          "shake-256f (also SLH-DSA-SHAKE-128f, ...). keygen prints pk= and sk= (--seed is\n"
          "SK.seed || SK.prf || PK.seed, 3n bytes; default: OS random); sign prints sig=\n"
          "(deterministic without --addrnd, n bytes); verify exits 0 if valid, 1 if not.\n",
          f);
}

static int parse_set(const char *s, kf_slhdsa_param *out)
{
    if (strncmp(s, "SLH-DSA-", 8) == 0 || strncmp(s, "slh-dsa-", 8) == 0) s += 8;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        if (strcasecmp(s, sets[i].name) == 0) {
            *out = sets[i].param;
            return 1;
        }
    }
    return 0;
}

/* Hex string -> newly allocated bytes (at least 1 byte allocated). 0 on bad hex. */
static int parse_hex(const char *s, uint8_t **out, size_t *len)
{
    size_t n = strlen(s);
    if (n % 2) return 0;
    uint8_t *b = malloc(n / 2 + 1);
    if (!b) return 0;
    for (size_t i = 0; i < n / 2; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1 || !strchr("0123456789abcdefABCDEF", s[2 * i]) ||
            !strchr("0123456789abcdefABCDEF", s[2 * i + 1])) {
            free(b);
            return 0;
        }
        b[i] = (uint8_t)v;
    }
    *out = b;
    *len = n / 2;
    return 1;
}

static void print_hex(const char *name, const uint8_t *b, size_t n)
{
    printf("%s=", name);
    for (size_t i = 0; i < n; i++) printf("%02x", b[i]);
    putchar('\n');
}

enum { O_SEED, O_SK, O_PK, O_MSG, O_SIG, O_CTX, O_ADDRND, O_COUNT };
static const char *const opt_names[O_COUNT] = {"--seed", "--sk", "--pk", "--msg", "--sig", "--ctx", "--addrnd"};

int kforge_slhdsa(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? KFORGE_EXIT_USAGE : KFORGE_EXIT_OK;
    }
    const char *cmd = argv[1];
    int is_keygen = strcmp(cmd, "keygen") == 0, is_sign = strcmp(cmd, "sign") == 0,
        is_verify = strcmp(cmd, "verify") == 0;
    if (!is_keygen && !is_sign && !is_verify) {
        fprintf(stderr, "kforge slhdsa: unknown command '%s'\n", cmd);
        usage(stderr);
        return KFORGE_EXIT_USAGE;
    }
    uint8_t *val[O_COUNT] = {0};
    size_t len[O_COUNT] = {0};
    int have_param = 0, rc = KFORGE_EXIT_USAGE;
    kf_slhdsa_param param = KF_SLHDSA_SHAKE_128F;
    for (int i = 2; i < argc; i++) {
        if ((strcmp(argv[i], "-p") == 0 || strcmp(argv[i], "--param") == 0) && i + 1 < argc) {
            if (!parse_set(argv[++i], &param)) {
                fprintf(stderr, "kforge slhdsa: unknown parameter set '%s'\n", argv[i]);
                goto out;
            }
            have_param = 1;
            continue;
        }
        int o = 0;
        while (o < O_COUNT && strcmp(argv[i], opt_names[o]) != 0) o++;
        if (o == O_COUNT || i + 1 >= argc) {
            fprintf(stderr, "kforge slhdsa: unexpected argument '%s'\n", argv[i]);
            goto out;
        }
        free(val[o]);
        val[o] = NULL;
        if (!parse_hex(argv[++i], &val[o], &len[o])) {
            fprintf(stderr, "kforge slhdsa: %s: not a hex string\n", opt_names[o]);
            goto out;
        }
    }
    if (!have_param) {
        fprintf(stderr, "kforge slhdsa: -p SET is required\n");
        goto out;
    }
    /* which options each command takes */
    static const unsigned allowed[3] = {
        1u << O_SEED,
        1u << O_SK | 1u << O_MSG | 1u << O_CTX | 1u << O_ADDRND,
        1u << O_PK | 1u << O_MSG | 1u << O_SIG | 1u << O_CTX,
    };
    unsigned which = is_keygen ? 0 : is_sign ? 1 : 2;
    for (int o = 0; o < O_COUNT; o++) {
        if (val[o] && !(allowed[which] & (1u << o))) {
            fprintf(stderr, "kforge slhdsa %s: %s is not an option of this command\n", cmd, opt_names[o]);
            goto out;
        }
    }
    const size_t n = kf_slhdsa_n(param), pkb = kf_slhdsa_pk_bytes(param), skb = kf_slhdsa_sk_bytes(param),
                 sigb = kf_slhdsa_sig_bytes(param);
    int st;
    if (is_keygen) {
        uint8_t pk[KF_SLHDSA_PK_MAX_BYTES], sk[KF_SLHDSA_SK_MAX_BYTES];
        if (val[O_SEED] && len[O_SEED] != 3 * n) {
            fprintf(stderr, "kforge slhdsa keygen: --seed must be %zu bytes\n", 3 * n);
            goto out;
        }
        st = val[O_SEED] ? kf_slhdsa_keygen_internal(param, pk, sk, val[O_SEED], val[O_SEED] + n, val[O_SEED] + 2 * n)
                         : kf_slhdsa_keygen(param, pk, sk);
        if (st == KF_OK) {
            print_hex("pk", pk, pkb);
            print_hex("sk", sk, skb);
        }
        kf_wipe(sk, sizeof sk);
    } else if (is_sign) {
        if (!val[O_SK] || !val[O_MSG]) {
            fprintf(stderr, "kforge slhdsa sign: --sk and --msg are required\n");
            goto out;
        }
        if (val[O_ADDRND] && len[O_ADDRND] != n) {
            fprintf(stderr, "kforge slhdsa sign: --addrnd must be %zu bytes\n", n);
            goto out;
        }
        uint8_t *sig = malloc(sigb);
        if (!sig) {
            rc = KFORGE_EXIT_FAIL;
            goto out;
        }
        st = kf_slhdsa_sign(param, sig, sigb, val[O_MSG], len[O_MSG], val[O_CTX], len[O_CTX], val[O_ADDRND],
                            val[O_SK], len[O_SK]);
        if (st == KF_OK) print_hex("sig", sig, sigb);
        free(sig);
    } else {
        if (!val[O_PK] || !val[O_MSG] || !val[O_SIG]) {
            fprintf(stderr, "kforge slhdsa verify: --pk, --msg and --sig are required\n");
            goto out;
        }
        st = kf_slhdsa_verify(param, val[O_MSG], len[O_MSG], val[O_CTX], len[O_CTX], val[O_SIG], len[O_SIG],
                              val[O_PK], len[O_PK]);
        if (st == KF_OK) puts("valid");
    }
    if (st != KF_OK) fprintf(stderr, "kforge slhdsa %s: %s\n", cmd, kf_strerror(st));
    rc = st == KF_OK ? KFORGE_EXIT_OK : KFORGE_EXIT_FAIL;
out:
    for (int o = 0; o < O_COUNT; o++) {
        if (val[o]) kf_wipe(val[o], len[o]);
        free(val[o]);
    }
    return rc;
}

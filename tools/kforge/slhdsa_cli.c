/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * slhdsa_cli.c - `kforge slhdsa keygen|sign|verify`: SLH-DSA (FIPS 205, SHAKE sets).
 * Inputs as hex (--NAME HEX) or from files (--NAME-file FILE, - = stdin); outputs to files
 * (--NAME-out FILE, raw bytes; the secret key mode 0600) or as NAME=hex lines (cli_io.h).
 *
 *   kforge slhdsa keygen -p shake-128f [--seed-file F] [--pk-out F] [--sk-out F]
 *   kforge slhdsa sign [-p P] --sk-file F --msg-file F [--ctx HEX] [--prehash NAME]
 *                      [--addrnd HEX | --deterministic] [--sig-out F]
 *   kforge slhdsa verify [-p P] --pk-file F --msg-file F --sig-file F [--ctx HEX] [--prehash NAME]
 * sign is hedged (OS randomness, or --addrnd), deterministic only with --deterministic;
 * --prehash signs and verifies HashSLH-DSA; -p may be left out when a PEM/DER key names the
 * set. verify exits 0 if valid, 1 if not.
 */
#include "cli_io.h"
#include "kforge.h"
#include "keccakforge.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h> /* strcasecmp */
#if defined(__linux__)
#include <sys/random.h>
#endif

static const struct {
    const char *name;
    kf_slhdsa_param param;
} sets[] = {
    {"shake-128s", KF_SLHDSA_SHAKE_128S}, {"shake-128f", KF_SLHDSA_SHAKE_128F},
    {"shake-192s", KF_SLHDSA_SHAKE_192S}, {"shake-192f", KF_SLHDSA_SHAKE_192F},
    {"shake-256s", KF_SLHDSA_SHAKE_256S}, {"shake-256f", KF_SLHDSA_SHAKE_256F},
};

/* HashSLH-DSA's pre-hashes this build offers (FIPS 205 §10.2; the SHA-2 ones are not) */
static const struct {
    const char *name;
    kf_slhdsa_prehash ph;
} prehashes[] = {
    {"SHA3-224", KF_SLHDSA_PH_SHA3_224}, {"SHA3-256", KF_SLHDSA_PH_SHA3_256}, {"SHA3-384", KF_SLHDSA_PH_SHA3_384},
    {"SHA3-512", KF_SLHDSA_PH_SHA3_512}, {"SHAKE128", KF_SLHDSA_PH_SHAKE128}, {"SHAKE256", KF_SLHDSA_PH_SHAKE256},
};

static void usage(FILE *f)
{
    fputs("Usage: kforge slhdsa keygen -p SET [--seed-file F] [--pem] [--pk-out F] [--sk-out F]\n"
          "       kforge slhdsa sign [-p SET] --sk-file F --msg-file F [--ctx HEX] [--prehash NAME]\n"
          "                          [--addrnd HEX | --deterministic] [--sig-out F]\n"
          "       kforge slhdsa verify [-p SET] --pk-file F --msg-file F --sig-file F [--ctx HEX]\n"
          "                            [--prehash NAME]\n"
          "SLH-DSA (FIPS 205). SET: shake-128s, shake-128f, shake-192s, shake-192f, shake-256s,\n"
          "shake-256f (also SLH-DSA-SHAKE-128f, ...); sign and verify take it from a PEM/DER\n"
          "key file's OID when -p is left out. Every input NAME is read from a file\n"
          "with --NAME-file FILE (- is standard input; a key file is the raw key, its hex, or\n"
          "PEM/DER: SPKI for pk, PKCS#8 for sk, NIST OIDs; keygen --pem writes those)\n"
          "or given as hex with --NAME HEX (small public values: a secret on the command\n"
          "line is visible in ps and draws a warning). Every output goes to --NAME-out FILE\n"
          "(raw bytes; the secret key with mode 0600) or is printed as a NAME=hex line.\n"
          "keygen: outputs pk, sk (--seed is SK.seed || SK.prf || PK.seed, 3n bytes; default:\n"
          "OS random); sign: output sig, hedged (n fresh random bytes from the OS, or --addrnd\n"
          "HEX; --deterministic: none, FIPS 205's deterministic variant); --prehash SHA3-224|\n"
          "SHA3-256|SHA3-384|SHA3-512|SHAKE128|SHAKE256 signs and verifies HashSLH-DSA (the\n"
          "message hashed first; verify needs the same --prehash); verify prints \"valid\" and\n"
          "exits 0, or exits 1.\n"
          "Exit status: 0 success, 1 a failure (a signature that does not verify, an invalid key,\n"
          "an unreadable file), 2 bad usage.\n",
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


enum { V_SEED, V_SK, V_PK, V_MSG, V_SIG, V_CTX, V_ADDRND, V_PK_OUT, V_SK_OUT, V_SIG_OUT, V_N };

#define PROG "kforge slhdsa"

/* n fresh random bytes from the operating system for hedged signing: 0, or -1. */
static int os_random(uint8_t *out, size_t n)
{
#if defined(__linux__)
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(out + got, n - got, 0);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        got += (size_t)r;
    }
    return 0;
#else
    FILE *f = fopen("/dev/urandom", "rb");
    int ok = f && fread(out, 1, n, f) == n;
    if (f) fclose(f);
    return ok ? 0 : -1;
#endif
}

static int run(int op, kf_slhdsa_param param, const char *set, cli_val *v, int pem, int deterministic, int prehash)
{
    const int kt = KF_KEY_SLHDSA_SHAKE_128S + ((int)param - KF_SLHDSA_SHAKE_128S); /* same order */
    const size_t n = kf_slhdsa_n(param), pkb = kf_slhdsa_pk_bytes(param), skb = kf_slhdsa_sk_bytes(param),
                 sigb = kf_slhdsa_sig_bytes(param);
    int st = KF_OK, rc = KFORGE_EXIT_OK;
    if (op == 0) {
        uint8_t pk[KF_SLHDSA_PK_MAX_BYTES], sk[KF_SLHDSA_SK_MAX_BYTES];
        if (v[V_SEED].given && cli_check_size(PROG " keygen", "--seed", &v[V_SEED].b, 3 * n, set) != 0)
            return KFORGE_EXIT_USAGE;
        const uint8_t *seed = v[V_SEED].b.p;
        st = seed ? kf_slhdsa_keygen_internal(param, pk, sk, seed, seed + n, seed + 2 * n)
                  : kf_slhdsa_keygen(param, pk, sk);
        if (st == KF_OK && pem &&
            (cli_emit_pem(PROG, v, V_N, "pk", pk, pkb, kt, 0, NULL, 0) != 0 ||
             cli_emit_pem(PROG, v, V_N, "sk", sk, skb, kt, 1, NULL, 0) != 0))
            rc = KFORGE_EXIT_FAIL;
        else if (st == KF_OK && !pem &&
                 (cli_emit(PROG, v, V_N, "pk", pk, pkb) != 0 || cli_emit(PROG, v, V_N, "sk", sk, skb) != 0))
            rc = KFORGE_EXIT_FAIL;
        kf_wipe(sk, sizeof sk);
    } else if (op == 1) {
        if (!v[V_SK].given || !v[V_MSG].given) {
            fprintf(stderr, PROG " sign: --sk-file and --msg-file (or --msg HEX) are required\n");
            return KFORGE_EXIT_USAGE;
        }
        if (cli_key_bytes(PROG " sign", "--sk", &v[V_SK].b, skb, set, kt, 1) != 0) return KFORGE_EXIT_FAIL;
        if (v[V_ADDRND].given && cli_check_size(PROG " sign", "--addrnd", &v[V_ADDRND].b, n, set) != 0)
            return KFORGE_EXIT_USAGE;
        if (v[V_ADDRND].given && deterministic) {
            fprintf(stderr, PROG " sign: --addrnd and --deterministic exclude each other\n");
            return KFORGE_EXIT_USAGE;
        }
        /* hedged by default (FIPS 205's recommendation, as the library's other front ends):
         * n fresh random bytes unless --addrnd gives them or --deterministic asks for none */
        uint8_t fresh[32];
        const uint8_t *addrnd = v[V_ADDRND].b.p;
        if (!v[V_ADDRND].given && !deterministic) {
            if (os_random(fresh, n) != 0) {
                fprintf(stderr, PROG " sign: the operating system's random generator failed\n");
                return KFORGE_EXIT_FAIL;
            }
            addrnd = fresh;
        }
        uint8_t *sig = malloc(sigb);
        if (!sig) return KFORGE_EXIT_FAIL;
        if (prehash)
            st = kf_slhdsa_hash_sign(param, (kf_slhdsa_prehash)prehash, sig, sigb, v[V_MSG].b.p, v[V_MSG].b.n,
                                     v[V_CTX].b.p, v[V_CTX].b.n, addrnd, v[V_SK].b.p, v[V_SK].b.n);
        else
            st = kf_slhdsa_sign(param, sig, sigb, v[V_MSG].b.p, v[V_MSG].b.n, v[V_CTX].b.p, v[V_CTX].b.n,
                                addrnd, v[V_SK].b.p, v[V_SK].b.n);
        kf_wipe(fresh, sizeof fresh);
        if (st == KF_OK && cli_emit(PROG, v, V_N, "sig", sig, sigb) != 0) rc = KFORGE_EXIT_FAIL;
        free(sig);
    } else {
        if (!v[V_PK].given || !v[V_MSG].given || !v[V_SIG].given) {
            fprintf(stderr, PROG " verify: --pk-file, --msg-file and --sig-file (or their hex forms) are required\n");
            return KFORGE_EXIT_USAGE;
        }
        if (cli_key_bytes(PROG " verify", "--pk", &v[V_PK].b, pkb, set, kt, 0) != 0 ||
            cli_check_size(PROG " verify", "--sig", &v[V_SIG].b, sigb, set) != 0)
            return KFORGE_EXIT_FAIL;
        if (prehash)
            st = kf_slhdsa_hash_verify(param, (kf_slhdsa_prehash)prehash, v[V_MSG].b.p, v[V_MSG].b.n, v[V_CTX].b.p,
                                       v[V_CTX].b.n, v[V_SIG].b.p, v[V_SIG].b.n, v[V_PK].b.p, v[V_PK].b.n);
        else
            st = kf_slhdsa_verify(param, v[V_MSG].b.p, v[V_MSG].b.n, v[V_CTX].b.p, v[V_CTX].b.n, v[V_SIG].b.p,
                                  v[V_SIG].b.n, v[V_PK].b.p, v[V_PK].b.n);
        if (st == KF_OK) puts("valid");
    }
    if (st != KF_OK) {
        static const char *const ops[] = {"keygen", "sign", "verify"};
        fprintf(stderr, PROG " %s: %s\n", ops[op], kforge_status(st));
        return KFORGE_EXIT_FAIL;
    }
    return rc;
}

int kforge_slhdsa(int argc, char **argv)
{
    if (argc < 2 || cli_wants_help(argc, argv)) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? KFORGE_EXIT_USAGE : KFORGE_EXIT_OK;
    }
    /* --deterministic (sign) and --prehash NAME: taken out before the values are parsed */
    int deterministic = 0, prehash = 0, kept = 0;
    for (int i = 0; i < argc; i++) {
        if (i >= 2 && strcmp(argv[i], "--deterministic") == 0) {
            deterministic = 1;
        } else if (i >= 2 && strcmp(argv[i], "--prehash") == 0) {
            const char *val = i + 1 < argc ? argv[++i] : NULL;
            char name[16] = "";
            size_t k = 0, np = sizeof prehashes / sizeof prehashes[0];
            /* "SHAKE-128" (ACVP's spelling) as "SHAKE128" */
            if (val && strncasecmp(val, "SHAKE-", 6) == 0 && strlen(val) < sizeof name)
                snprintf(name, sizeof name, "SHAKE%s", val + 6);
            while (val && k < np && strcasecmp(val, prehashes[k].name) != 0 && strcasecmp(name, prehashes[k].name) != 0)
                k++;
            if (!val || k == np) {
                if (!val) fprintf(stderr, PROG ": option '--prehash' needs a value\n");
                else fprintf(stderr, PROG ": --prehash must be SHA3-224, SHA3-256, SHA3-384, SHA3-512, SHAKE128 or "
                                     "SHAKE256, not '%s' (the SHA-2 pre-hashes are not offered)\n", val);
                return KFORGE_EXIT_USAGE;
            }
            prehash = (int)prehashes[k].ph;
        } else {
            argv[kept++] = argv[i];
        }
    }
    argc = kept;
    static const char *const ops[] = {"keygen", "sign", "verify"};
    int op = 0;
    while (op < 3 && strcmp(argv[1], ops[op]) != 0) op++;
    if (op == 3) {
        fprintf(stderr, PROG ": unknown command '%s'\n", argv[1]);
        usage(stderr);
        return KFORGE_EXIT_USAGE;
    }
    cli_val v[V_N] = {
        [V_SEED] = {"seed", 1, 1, 0, {0}, 0},  [V_SK] = {"sk", 1, 1, 0, {0}, 0},
        [V_PK] = {"pk", 0, 1, 0, {0}, 0},      [V_MSG] = {"msg", 0, 1, 0, {0}, 0},
        [V_SIG] = {"sig", 0, 1, 0, {0}, 0},    [V_CTX] = {"ctx", 0, 1, 0, {0}, 0},
        [V_ADDRND] = {"addrnd", 0, 1, 0, {0}, 0}, [V_PK_OUT] = {"pk", 0, 0, 0, {0}, 0},
        [V_SK_OUT] = {"sk", 1, 0, 0, {0}, 0},  [V_SIG_OUT] = {"sig", 0, 0, 0, {0}, 0},
    };
    static const unsigned allowed[3] = {
        1u << V_SEED | 1u << V_PK_OUT | 1u << V_SK_OUT,
        1u << V_SK | 1u << V_MSG | 1u << V_CTX | 1u << V_ADDRND | 1u << V_SIG_OUT,
        1u << V_PK | 1u << V_MSG | 1u << V_SIG | 1u << V_CTX,
    };
    v[V_SEED].max = CLI_CAP(3 * 32);
    v[V_SK].max = CLI_CAP(KF_SLHDSA_SK_MAX_BYTES);
    v[V_PK].max = CLI_CAP(KF_SLHDSA_PK_MAX_BYTES);
    v[V_SIG].max = CLI_CAP(KF_SLHDSA_SIG_MAX_BYTES);
    v[V_CTX].max = CLI_CAP(255);
    v[V_ADDRND].max = CLI_CAP(32);
    const char *pname = NULL;
    kf_slhdsa_param param = KF_SLHDSA_SHAKE_128F;
    int pem = 0;
    int st = cli_parse(PROG, argc, argv, 2, v, V_N, &pname, &pem);
    if (st == 0 && pem && op != 0) {
        fprintf(stderr, PROG " %s: --pem is for keygen (key files are read as raw, hex or PEM)\n", ops[op]);
        st = KFORGE_EXIT_USAGE;
    }
    if (st == 0 && deterministic && op != 1) {
        fprintf(stderr, PROG " %s: --deterministic is for sign\n", ops[op]);
        st = KFORGE_EXIT_USAGE;
    }
    if (st == 0 && prehash && op == 0) {
        fprintf(stderr, PROG " keygen: --prehash is for sign and verify\n");
        st = KFORGE_EXIT_USAGE;
    }
    for (int i = 0; st == 0 && i < V_N; i++) {
        if (v[i].given && !(allowed[op] >> i & 1)) {
            fprintf(stderr, PROG " %s: --%s%s is not an option of this command\n", ops[op], v[i].name,
                    v[i].input ? "" : "-out");
            st = KFORGE_EXIT_USAGE;
        }
    }
    /* sign and verify: a PEM/DER key names its set (its OID), so -p may be left out */
    if (st == 0 && !pname && op != 0) {
        int kt = cli_key_type_of(&v[op == 1 ? V_SK : V_PK].b, op == 1);
        for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
            if (kt == KF_KEY_SLHDSA_SHAKE_128S + ((int)sets[i].param - KF_SLHDSA_SHAKE_128S)) pname = sets[i].name;
    }
    if (st == 0 && !pname) {
        fprintf(stderr, PROG ": -p SET is required%s\n",
                op == 0 ? "" : " (the key file does not name an SLH-DSA set: raw, hex or not SLH-DSA)");
        st = KFORGE_EXIT_USAGE;
    } else if (st == 0 && !parse_set(pname, &param)) {
        fprintf(stderr, PROG ": unknown parameter set '%s'\n", pname);
        st = KFORGE_EXIT_USAGE;
    }
    if (st == 0) {
        char set[32];
        const char *s = pname;
        if (strncasecmp(s, "slh-dsa-", 8) == 0) s += 8;
        snprintf(set, sizeof set, "SLH-DSA-%s", s);
        st = run(op, param, set, v, pem, deterministic, prehash);
    }
    if (cli_commit(PROG, st == KFORGE_EXIT_OK) != 0 && st == KFORGE_EXIT_OK) st = KFORGE_EXIT_FAIL;
    cli_free_all(v, V_N);
    return st;
}

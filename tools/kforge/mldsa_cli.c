/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mldsa_cli.c - `kforge mldsa keygen|sign|verify`: ML-DSA (FIPS 204), with key files like
 * `kforge slhdsa`'s (cli_io.h): inputs as hex (--NAME HEX) or from files (--NAME-file FILE,
 * - = stdin); outputs to files (--NAME-out FILE, staged and renamed into place together; the
 * secret key and seed mode 0600, never through a symbolic link) or as NAME=hex lines.
 *
 *   kforge mldsa keygen -p 44|65|87 [--seed-file F] [--pem [--sk-form seed|expanded|both]]
 *                       [--pk-out F] [--sk-out F] [--seed-out F]
 *   kforge mldsa sign -p P --sk-file F --msg-file F [--ctx HEX] [--prehash NAME]
 *                     [--rnd HEX | --deterministic] [--sig-out F]
 *   kforge mldsa verify -p P --pk-file F --msg-file F --sig-file F [--ctx HEX] [--prehash NAME]
 *
 * keygen draws xi from the OS (or takes --seed) and runs KeyGen_internal, so the seed is
 * always known: --pem writes the private key as RFC 9881's seed form by default (what
 * OpenSSL and pyca/cryptography write and read), or the expanded sk. A raw --sk-out file is
 * FIPS 204's expanded sk. sign reads any of them (raw, hex, PEM or DER of any form) and
 * refuses an expanded key that is not one key generation could write (kf_mldsa_check_sk).
 * sign is hedged (32 fresh bytes from the OS, or --rnd), deterministic only with
 * --deterministic; verify prints "valid" and exits 0, or exits 1.
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

#define PROG "kforge mldsa"

static const char usage_text[] =
    "Usage: kforge mldsa keygen -p 44|65|87 [--seed-file F] [--pem [--sk-form seed|expanded|both]]\n"
    "                           [--pk-out F] [--sk-out F] [--seed-out F]\n"
    "       kforge mldsa sign [-p 44|65|87] --sk-file F --msg-file F [--ctx HEX] [--prehash NAME]\n"
    "                         [--rnd HEX | --deterministic] [--sig-out F]\n"
    "       kforge mldsa verify [-p 44|65|87] --pk-file F --msg-file F --sig-file F [--ctx HEX]\n"
    "                           [--prehash NAME]\n"
    "ML-DSA (FIPS 204); -p also takes ML-DSA-44, ML-DSA-65, ML-DSA-87; sign and verify take\n"
    "the set from a PEM/DER key file's OID when -p is left out. Every input NAME is\n"
    "read from a file with --NAME-file FILE (- is standard input; a key file is the raw key,\n"
    "its hex, or PEM/DER: SPKI for pk, PKCS#8 for sk in any RFC 9881 form, NIST OIDs) or\n"
    "given as hex with --NAME HEX (small public values: a secret on the command line is\n"
    "visible in ps and draws a warning). Every output goes to --NAME-out FILE (raw bytes;\n"
    "the secret key and seed with mode 0600) or is printed as a NAME=hex line.\n"
    "  keygen: outputs pk, sk and (with --seed-out) the 32-byte seed xi; --seed gives xi\n"
    "          (KeyGen_internal; default: OS random). --pem writes pk as SPKI and sk as\n"
    "          PKCS#8 in the seed form, or with --sk-form expanded the expanded key\n"
    "          (both: a SEQUENCE of the two).\n"
    "  sign:   output sig; hedged (32 fresh random bytes from the OS, or --rnd HEX),\n"
    "          --deterministic for FIPS 204's deterministic variant. --ctx (or --context):\n"
    "          the context string, at most 255 bytes. --prehash SHA3-224|SHA3-256|SHA3-384|\n"
    "          SHA3-512|SHAKE128|SHAKE256 signs HashML-DSA.\n"
    "  verify: prints \"valid\" and exits 0, or exits 1.\n"
    "An expanded private key that key generation could not have written is refused (exit 1).\n"
    "Exit status: 0 success, 1 a failure (a signature that does not verify, an invalid key,\n"
    "an unreadable file), 2 bad usage.\n";

enum { V_SEED, V_SK, V_PK, V_MSG, V_SIG, V_CTX, V_RND, V_PK_OUT, V_SK_OUT, V_SIG_OUT, V_SEED_OUT, V_N };
enum { OP_KEYGEN, OP_SIGN, OP_VERIFY };
static const char *const ops[] = {"keygen", "sign", "verify"};

static const struct {
    const char *name;
    kf_mldsa_prehash ph;
} prehashes[] = {
    {"SHA3-224", KF_MLDSA_PH_SHA3_224}, {"SHA3-256", KF_MLDSA_PH_SHA3_256}, {"SHA3-384", KF_MLDSA_PH_SHA3_384},
    {"SHA3-512", KF_MLDSA_PH_SHA3_512}, {"SHAKE128", KF_MLDSA_PH_SHAKE128}, {"SHAKE256", KF_MLDSA_PH_SHAKE256},
};

/* "44", "65", "87", optionally after "ML-DSA-" (any case): 1 and *out, or 0. */
static int parse_set(const char *s, kf_mldsa_param *out)
{
    if (strncasecmp(s, "ML-DSA-", 7) == 0) s += 7;
    if (strcmp(s, "44") == 0) *out = KF_MLDSA44;
    else if (strcmp(s, "65") == 0) *out = KF_MLDSA65;
    else if (strcmp(s, "87") == 0) *out = KF_MLDSA87;
    else return 0;
    return 1;
}

static int key_type(kf_mldsa_param p)
{
    return p == KF_MLDSA44 ? KF_KEY_MLDSA44 : p == KF_MLDSA65 ? KF_KEY_MLDSA65 : KF_KEY_MLDSA87;
}

/* n fresh random bytes from the operating system: 0, or -1. */
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

typedef struct opts {
    int pem, deterministic, sk_form, prehash; /* prehash 0: pure; sk_form 0 or a kf_key_priv_form */
} opts;

static int keygen(kf_mldsa_param p, const char *set, cli_val *v, const opts *o)
{
    const size_t pkb = kf_mldsa_pk_bytes(p), skb = kf_mldsa_sk_bytes(p);
    uint8_t xi[KF_MLDSA_SEED_BYTES], pk[KF_MLDSA_PK_MAX_BYTES], sk[KF_MLDSA_SK_MAX_BYTES];
    int st, rc = KFORGE_EXIT_OK;
    if (v[V_SEED].given) {
        if (cli_check_size(PROG " keygen", "--seed", &v[V_SEED].b, KF_MLDSA_SEED_BYTES, "xi") != 0)
            return KFORGE_EXIT_USAGE;
        memcpy(xi, v[V_SEED].b.p, sizeof xi);
    } else if (os_random(xi, sizeof xi) != 0) {
        fprintf(stderr, PROG " keygen: the operating system's random generator failed\n");
        return KFORGE_EXIT_FAIL;
    }
    (void)set;
    st = kf_mldsa_keygen_internal(p, pk, sk, xi);
    if (st != KF_OK) {
        fprintf(stderr, PROG " keygen: %s\n", kforge_status(st));
        rc = KFORGE_EXIT_FAIL;
    } else if (o->pem) {
        int expanded = o->sk_form == KF_PRIV_EXPANDED;
        if (cli_emit_pem(PROG, v, V_N, "pk", pk, pkb, key_type(p), 0, NULL, 0) != 0 ||
            cli_emit_pem_form(PROG, v, V_N, "sk", sk, skb, key_type(p), 1, expanded ? NULL : xi,
                              expanded ? 0 : sizeof xi, o->sk_form ? o->sk_form : KF_PRIV_SEED) != 0)
            rc = KFORGE_EXIT_FAIL;
    } else if (cli_emit(PROG, v, V_N, "pk", pk, pkb) != 0 || cli_emit(PROG, v, V_N, "sk", sk, skb) != 0) {
        rc = KFORGE_EXIT_FAIL;
    }
    /* the seed: only to a file, and only when asked */
    if (rc == KFORGE_EXIT_OK && v[V_SEED_OUT].given && cli_emit(PROG, v, V_N, "seed", xi, sizeof xi) != 0)
        rc = KFORGE_EXIT_FAIL;
    kf_wipe(xi, sizeof xi);
    kf_wipe(sk, sizeof sk);
    return rc;
}

static int sign(kf_mldsa_param p, const char *set, cli_val *v, const opts *o)
{
    const size_t skb = kf_mldsa_sk_bytes(p), sigb = kf_mldsa_sig_bytes(p);
    uint8_t fresh[KF_MLDSA_RND_BYTES];
    const uint8_t *rnd = v[V_RND].b.p;
    int st, rc = KFORGE_EXIT_OK;
    if (!v[V_SK].given || !v[V_MSG].given) {
        fprintf(stderr, PROG " sign: --sk-file and --msg-file (or --msg HEX) are required\n");
        return KFORGE_EXIT_USAGE;
    }
    if (v[V_RND].given && o->deterministic) {
        fprintf(stderr, PROG " sign: --rnd and --deterministic exclude each other\n");
        return KFORGE_EXIT_USAGE;
    }
    if (v[V_RND].given && cli_check_size(PROG " sign", "--rnd", &v[V_RND].b, KF_MLDSA_RND_BYTES, "rnd") != 0)
        return KFORGE_EXIT_USAGE;
    if (cli_key_bytes(PROG " sign", "--sk", &v[V_SK].b, skb, set, key_type(p), 1) != 0) return KFORGE_EXIT_FAIL;
    /* a raw or hex sk is checked here as the PKCS#8 decoder checks an expandedKey (signing
     * itself takes tr and t0 as they are: kf_mldsa_check_sk) */
    st = kf_mldsa_check_sk(p, v[V_SK].b.p, v[V_SK].b.n);
    if (st != KF_OK) {
        fprintf(stderr, PROG " sign: --sk: not an %s private key key generation could write: %s\n", set,
                kforge_status(st));
        return KFORGE_EXIT_FAIL;
    }
    /* hedged by default (FIPS 204 §3.4): 32 fresh bytes unless --rnd gives them or
     * --deterministic asks for none */
    if (!v[V_RND].given && !o->deterministic) {
        if (os_random(fresh, sizeof fresh) != 0) {
            fprintf(stderr, PROG " sign: the operating system's random generator failed\n");
            return KFORGE_EXIT_FAIL;
        }
        rnd = fresh;
    }
    uint8_t *sig = malloc(sigb);
    if (!sig) return KFORGE_EXIT_FAIL;
    if (o->prehash)
        st = kf_mldsa_hash_sign(p, (kf_mldsa_prehash)o->prehash, sig, sigb, v[V_MSG].b.p, v[V_MSG].b.n,
                                v[V_CTX].b.p, v[V_CTX].b.n, rnd, v[V_SK].b.p, v[V_SK].b.n);
    else
        st = kf_mldsa_sign(p, sig, sigb, v[V_MSG].b.p, v[V_MSG].b.n, v[V_CTX].b.p, v[V_CTX].b.n, rnd,
                           v[V_SK].b.p, v[V_SK].b.n);
    kf_wipe(fresh, sizeof fresh);
    if (st != KF_OK) {
        fprintf(stderr, PROG " sign: %s\n", kforge_status(st));
        rc = KFORGE_EXIT_FAIL;
    } else if (cli_emit(PROG, v, V_N, "sig", sig, sigb) != 0) {
        rc = KFORGE_EXIT_FAIL;
    }
    free(sig);
    return rc;
}

static int verify(kf_mldsa_param p, const char *set, cli_val *v, const opts *o)
{
    int st;
    if (!v[V_PK].given || !v[V_MSG].given || !v[V_SIG].given) {
        fprintf(stderr, PROG " verify: --pk-file, --msg-file and --sig-file (or their hex forms) are required\n");
        return KFORGE_EXIT_USAGE;
    }
    if (cli_key_bytes(PROG " verify", "--pk", &v[V_PK].b, kf_mldsa_pk_bytes(p), set, key_type(p), 0) != 0 ||
        cli_check_size(PROG " verify", "--sig", &v[V_SIG].b, kf_mldsa_sig_bytes(p), set) != 0)
        return KFORGE_EXIT_FAIL;
    if (o->prehash)
        st = kf_mldsa_hash_verify(p, (kf_mldsa_prehash)o->prehash, v[V_MSG].b.p, v[V_MSG].b.n, v[V_CTX].b.p,
                                  v[V_CTX].b.n, v[V_SIG].b.p, v[V_SIG].b.n, v[V_PK].b.p, v[V_PK].b.n);
    else
        st = kf_mldsa_verify(p, v[V_MSG].b.p, v[V_MSG].b.n, v[V_CTX].b.p, v[V_CTX].b.n, v[V_SIG].b.p,
                             v[V_SIG].b.n, v[V_PK].b.p, v[V_PK].b.n);
    if (st != KF_OK) {
        fprintf(stderr, PROG " verify: %s\n", kforge_status(st));
        return KFORGE_EXIT_FAIL;
    }
    puts("valid");
    return KFORGE_EXIT_OK;
}

/* The flags that are not cli_val values (--deterministic; --prehash NAME, --sk-form F) are
 * taken out of argv, and --context[-file] renamed --ctx[-file]: 0, or 2 after a message. */
static int take_flags(int *argc, char **argv, opts *o)
{
    int kept = 0;
    for (int i = 0; i < *argc; i++) {
        const char *a = argv[i];
        if (i < 2) {
            argv[kept++] = argv[i];
        } else if (strcmp(a, "--deterministic") == 0) {
            o->deterministic = 1;
        } else if (strcmp(a, "--prehash") == 0 || strcmp(a, "--sk-form") == 0) {
            if (i + 1 >= *argc) {
                fprintf(stderr, PROG ": option '%s' needs a value\n", a);
                return 2;
            }
            const char *val = argv[++i];
            if (a[2] == 'p') {
                size_t k = 0;
                /* "SHAKE-128" (ACVP's spelling) as "SHAKE128" */
                char name[16] = "";
                if (strncasecmp(val, "SHAKE-", 6) == 0 && strlen(val) < sizeof name)
                    snprintf(name, sizeof name, "SHAKE%s", val + 6);
                while (k < sizeof prehashes / sizeof prehashes[0] && strcasecmp(val, prehashes[k].name) != 0 &&
                       strcasecmp(name, prehashes[k].name) != 0)
                    k++;
                if (k == sizeof prehashes / sizeof prehashes[0]) {
                    fprintf(stderr, PROG ": --prehash must be SHA3-224, SHA3-256, SHA3-384, SHA3-512, SHAKE128 "
                                    "or SHAKE256, not '%s' (the SHA-2 pre-hashes are not offered)\n", val);
                    return 2;
                }
                o->prehash = (int)prehashes[k].ph;
            } else if (strcmp(val, "seed") == 0 || strcmp(val, "expanded") == 0 || strcmp(val, "both") == 0) {
                o->sk_form = val[0] == 's' ? KF_PRIV_SEED : val[0] == 'e' ? KF_PRIV_EXPANDED : KF_PRIV_BOTH;
            } else {
                fprintf(stderr, PROG ": --sk-form must be seed, expanded or both, not '%s'\n", val);
                return 2;
            }
        } else if (strcmp(a, "--context") == 0) {
            argv[kept++] = (char *)"--ctx";
        } else if (strcmp(a, "--context-file") == 0) {
            argv[kept++] = (char *)"--ctx-file";
        } else {
            argv[kept++] = argv[i];
        }
    }
    *argc = kept;
    return 0;
}

int kforge_mldsa(int argc, char **argv)
{
    if (argc < 2 || cli_wants_help(argc, argv)) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? KFORGE_EXIT_USAGE : KFORGE_EXIT_OK;
    }
    int op = 0;
    while (op < 3 && strcmp(argv[1], ops[op]) != 0) op++;
    if (op == 3) {
        fprintf(stderr, PROG ": unknown command '%s' (keygen, sign, verify)\n", argv[1]);
        fputs(usage_text, stderr);
        return KFORGE_EXIT_USAGE;
    }
    opts o = {0, 0, 0, 0};
    cli_val v[V_N] = {
        [V_SEED] = {"seed", 1, 1, 0, {0}, 0},    [V_SK] = {"sk", 1, 1, 0, {0}, 0},
        [V_PK] = {"pk", 0, 1, 0, {0}, 0},        [V_MSG] = {"msg", 0, 1, 0, {0}, 0},
        [V_SIG] = {"sig", 0, 1, 0, {0}, 0},      [V_CTX] = {"ctx", 0, 1, 0, {0}, 0},
        [V_RND] = {"rnd", 0, 1, 0, {0}, 0},      [V_PK_OUT] = {"pk", 0, 0, 0, {0}, 0},
        [V_SK_OUT] = {"sk", 1, 0, 0, {0}, 0},    [V_SIG_OUT] = {"sig", 0, 0, 0, {0}, 0},
        [V_SEED_OUT] = {"seed", 1, 0, 0, {0}, 0},
    };
    static const unsigned allowed[3] = {
        1u << V_SEED | 1u << V_PK_OUT | 1u << V_SK_OUT | 1u << V_SEED_OUT,
        1u << V_SK | 1u << V_MSG | 1u << V_CTX | 1u << V_RND | 1u << V_SIG_OUT,
        1u << V_PK | 1u << V_MSG | 1u << V_SIG | 1u << V_CTX,
    };
    v[V_SEED].max = CLI_CAP(KF_MLDSA_SEED_BYTES);
    v[V_SK].max = CLI_CAP(KF_MLDSA_SK_MAX_BYTES);
    v[V_PK].max = CLI_CAP(KF_MLDSA_PK_MAX_BYTES);
    v[V_SIG].max = CLI_CAP(KF_MLDSA_SIG_MAX_BYTES);
    v[V_CTX].max = CLI_CAP(KF_MLDSA_MAX_CONTEXT_BYTES);
    v[V_RND].max = CLI_CAP(KF_MLDSA_RND_BYTES);
    const char *pname = NULL;
    kf_mldsa_param param = KF_MLDSA65;
    int st = take_flags(&argc, argv, &o);
    if (st == 0) st = cli_parse(PROG, argc, argv, 2, v, V_N, &pname, &o.pem);
    if (st == 0 && o.pem && op != OP_KEYGEN) {
        fprintf(stderr, PROG " %s: --pem is for keygen (key files are read as raw, hex or PEM)\n", ops[op]);
        st = KFORGE_EXIT_USAGE;
    }
    if (st == 0 && o.sk_form && (op != OP_KEYGEN || !o.pem)) {
        fprintf(stderr, PROG " %s: --sk-form is for keygen --pem (a raw sk file is the expanded key)\n", ops[op]);
        st = KFORGE_EXIT_USAGE;
    }
    if (st == 0 && o.deterministic && op != OP_SIGN) {
        fprintf(stderr, PROG " %s: --deterministic is for sign\n", ops[op]);
        st = KFORGE_EXIT_USAGE;
    }
    if (st == 0 && o.prehash && op == OP_KEYGEN) {
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
    if (st == 0 && !pname && op != OP_KEYGEN) {
        int kt = cli_key_type_of(&v[op == OP_SIGN ? V_SK : V_PK].b, op == OP_SIGN);
        pname = kt == KF_KEY_MLDSA44 ? "44" : kt == KF_KEY_MLDSA65 ? "65" : kt == KF_KEY_MLDSA87 ? "87" : NULL;
    }
    if (st == 0 && !pname) {
        fprintf(stderr, PROG ": -p 44|65|87 is required%s\n",
                op == OP_KEYGEN ? "" : " (the key file does not name an ML-DSA set: raw, hex or not ML-DSA)");
        st = KFORGE_EXIT_USAGE;
    } else if (st == 0 && !parse_set(pname, &param)) {
        fprintf(stderr, PROG ": -p must be 44, 65 or 87 (or ML-DSA-44, ...), not '%s'\n", pname);
        st = KFORGE_EXIT_USAGE;
    }
    if (st == 0) {
        char set[16];
        snprintf(set, sizeof set, "ML-DSA-%d", (int)param);
        st = op == OP_KEYGEN ? keygen(param, set, v, &o) : op == OP_SIGN ? sign(param, set, v, &o)
                                                                          : verify(param, set, v, &o);
    }
    if (cli_commit(PROG, st == KFORGE_EXIT_OK) != 0 && st == KFORGE_EXIT_OK) st = KFORGE_EXIT_FAIL;
    cli_free_all(v, V_N);
    return st;
}

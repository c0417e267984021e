/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_cli.c - `kforge mlkem`: ML-KEM (FIPS 203) key generation, encapsulation and
 * decapsulation. Inputs as hex (--NAME HEX) or from files (--NAME-file FILE, - = stdin);
 * outputs to files (--NAME-out FILE, raw bytes; secrets mode 0600) or as NAME=hex lines:
 *   kforge mlkem keygen -p 512|768|1024 [--seed HEX | --seed-file F] [--pem [--dk-form FORM]]
 *                       [--ek-out F] [--dk-out F] [--seed-out F]
 *   kforge mlkem encaps -p P (--ek HEX | --ek-file F) [--m HEX | --m-file F] [--c-out F] [--k-out F]
 *   kforge mlkem decaps -p P --dk-file F (--c HEX | --c-file F) [--k-out F]
 * Without --seed / --m the randomness is the operating system's. A wrong size names the
 * expected one; an invalid key exits 1 with one line on stderr; bad usage exits 2.
 */
#include "cli_io.h"
#include "kforge.h"
#include "keccakforge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROG "kforge mlkem"

static const char usage_text[] =
    "Usage: kforge mlkem keygen -p 512|768|1024 [--seed-file F] [--pem [--dk-form FORM]] [--ek-out F]\n"
    "                           [--dk-out F] [--seed-out F]\n"
    "       kforge mlkem encaps [-p 512|768|1024] --ek-file F [--m-file F] [--c-out F] [--k-out F]\n"
    "       kforge mlkem decaps [-p 512|768|1024] --dk-file F --c-file F [--k-out F]\n"
    "ML-KEM (FIPS 203). Every input NAME is read from a file with --NAME-file FILE (- is\n"
    "standard input; a key file is the raw key, its hex, or PEM/DER: SPKI for ek, PKCS#8\n"
    "for dk, NIST OIDs) or given as hex with --NAME HEX\n"
    "(for small public values: a secret on the command line is visible in ps, and\n"
    "draws a warning). Every output goes to --NAME-out FILE (raw bytes; secret ones\n"
    "are created with mode 0600) or is printed as a NAME=hex line.\n"
    "  keygen: outputs ek, dk (and seed = d || z, 64 bytes, with --seed-out); --seed is d || z\n"
    "          (KeyGen_internal); --pem writes ek and dk as PEM: SPKI, and PKCS#8 in the\n"
    "          form --dk-form names: seed (the default: the 64-byte seed only, which OpenSSL\n"
    "          3.5 and pyca/cryptography read), expanded (dk only), both (seed and dk)\n"
    "  encaps: input ek, outputs c, k; --m is 32 bytes (Encaps_internal)\n"
    "  decaps: inputs dk, c, output k\n"
    "encaps and decaps take the set from a PEM/DER key file's OID when -p is left out.\n"
    "Keys are checked as FIPS 203 7.2/7.3 ask: an invalid key exits 1.\n"
    "Exit status: 0 success, 1 a failure (an invalid key, an unreadable file), 2 bad usage.\n";

enum { V_SEED, V_EK, V_DK, V_M, V_C, V_EK_OUT, V_DK_OUT, V_C_OUT, V_K_OUT, V_SEED_OUT, V_N };

static int fail(const char *what, int rc)
{
    fprintf(stderr, PROG " %s: %s%s\n", what, kforge_status(rc),
            rc == KF_ERR_BAD_KEY      ? ": FIPS 203's input check failed"
            : rc == KF_ERR_BAD_LENGTH ? ": not this parameter set's length"
                                      : "");
    return KFORGE_EXIT_FAIL;
}

/* Which values each operation takes. */
static int allowed(int op, int v)
{
    static const unsigned mask[3] = {
        1u << V_SEED | 1u << V_EK_OUT | 1u << V_DK_OUT | 1u << V_SEED_OUT,
        1u << V_EK | 1u << V_M | 1u << V_C_OUT | 1u << V_K_OUT,
        1u << V_DK | 1u << V_C | 1u << V_K_OUT,
    };
    return (mask[op] >> v) & 1;
}

static int key_type(kf_mlkem_param p)
{
    return p == KF_MLKEM512 ? KF_KEY_MLKEM512 : p == KF_MLKEM768 ? KF_KEY_MLKEM768 : KF_KEY_MLKEM1024;
}

static int run(int op, kf_mlkem_param p, const char *set, cli_val *v, int pem, int form)
{
    uint8_t ek[KF_MLKEM_EK_MAX_BYTES], dk[KF_MLKEM_DK_MAX_BYTES], ct[KF_MLKEM_CT_MAX_BYTES];
    uint8_t ss[KF_MLKEM_SS_BYTES], seed[KF_MLKEM_KEYGEN_SEED_BYTES];
    int rc, st = KFORGE_EXIT_OK;
    if (op == 0) {
        if (v[V_SEED].given && cli_check_size(PROG " keygen", "--seed", &v[V_SEED].b, KF_MLKEM_KEYGEN_SEED_BYTES,
                                              "d || z") != 0)
            return KFORGE_EXIT_USAGE;
        if (v[V_SEED].given) {
            memcpy(seed, v[V_SEED].b.p, sizeof seed);
            rc = kf_mlkem_keygen_internal(p, ek, dk, seed, seed + KF_MLKEM_SEED_BYTES);
        } else {
            rc = kf_mlkem_keygen_seed(p, ek, dk, seed); /* the seed drawn comes back for the seed form */
        }
        if (rc == KF_OK && pem) {
            if (cli_emit_pem(PROG, v, V_N, "ek", ek, kf_mlkem_ek_bytes(p), key_type(p), 0, NULL, 0) != 0 ||
                cli_emit_pem_form(PROG, v, V_N, "dk", dk, kf_mlkem_dk_bytes(p), key_type(p), 1, seed, sizeof seed,
                                  form) != 0)
                st = KFORGE_EXIT_FAIL;
        } else if (rc == KF_OK && (cli_emit(PROG, v, V_N, "ek", ek, kf_mlkem_ek_bytes(p)) != 0 ||
                                   cli_emit(PROG, v, V_N, "dk", dk, kf_mlkem_dk_bytes(p)) != 0)) {
            st = KFORGE_EXIT_FAIL;
        }
        if (rc == KF_OK && st == KFORGE_EXIT_OK && v[V_SEED_OUT].given &&
            cli_emit(PROG, v, V_N, "seed", seed, sizeof seed) != 0)
            st = KFORGE_EXIT_FAIL;
        kf_wipe(dk, sizeof dk);
        kf_wipe(seed, sizeof seed);
        return rc != KF_OK ? fail("keygen", rc) : st;
    }
    if (op == 1) {
        if (!v[V_EK].given) {
            fprintf(stderr, PROG " encaps: --ek-file FILE (or --ek HEX) is required\n");
            return KFORGE_EXIT_USAGE;
        }
        if (cli_key_bytes(PROG " encaps", "--ek", &v[V_EK].b, kf_mlkem_ek_bytes(p), set, key_type(p), 0) != 0) return KFORGE_EXIT_FAIL;
        if (v[V_M].given && cli_check_size(PROG " encaps", "--m", &v[V_M].b, KF_MLKEM_MSG_BYTES, "m") != 0)
            return KFORGE_EXIT_USAGE;
        rc = v[V_M].given ? kf_mlkem_encaps_internal(p, ct, ss, v[V_EK].b.p, v[V_EK].b.n, v[V_M].b.p)
                          : kf_mlkem_encaps(p, ct, ss, v[V_EK].b.p, v[V_EK].b.n);
        if (rc != KF_OK) return fail("encaps", rc);
        if (cli_emit(PROG, v, V_N, "c", ct, kf_mlkem_ct_bytes(p)) != 0 ||
            cli_emit(PROG, v, V_N, "k", ss, sizeof ss) != 0)
            st = KFORGE_EXIT_FAIL;
        kf_wipe(ss, sizeof ss);
        return st;
    }
    if (!v[V_DK].given || !v[V_C].given) {
        fprintf(stderr, PROG " decaps: --dk-file FILE and --c-file FILE (or --c HEX) are required\n");
        return KFORGE_EXIT_USAGE;
    }
    if (cli_key_bytes(PROG " decaps", "--dk", &v[V_DK].b, kf_mlkem_dk_bytes(p), set, key_type(p), 1) != 0 ||
        cli_check_size(PROG " decaps", "--c", &v[V_C].b, kf_mlkem_ct_bytes(p), set) != 0)
        return KFORGE_EXIT_FAIL;
    rc = kf_mlkem_decaps(p, ss, v[V_C].b.p, v[V_C].b.n, v[V_DK].b.p, v[V_DK].b.n);
    if (rc != KF_OK) return fail("decaps", rc);
    if (cli_emit(PROG, v, V_N, "k", ss, sizeof ss) != 0) st = KFORGE_EXIT_FAIL;
    kf_wipe(ss, sizeof ss);
    return st;
}

int kforge_mlkem(int argc, char **argv)
{
    if (argc < 2 || cli_wants_help(argc, argv)) {
        fputs(usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? KFORGE_EXIT_USAGE : KFORGE_EXIT_OK;
    }
    static const char *const ops[] = {"keygen", "encaps", "decaps"};
    int op = 0;
    while (op < 3 && strcmp(argv[1], ops[op]) != 0) op++;
    if (op == 3) {
        fprintf(stderr, PROG ": unknown operation '%s' (keygen, encaps, decaps)\n", argv[1]);
        return KFORGE_EXIT_USAGE;
    }
    cli_val v[V_N] = {
        [V_SEED] = {"seed", 1, 1, 0, {0}, 0}, [V_EK] = {"ek", 0, 1, 0, {0}, 0}, [V_DK] = {"dk", 1, 1, 0, {0}, 0},
        [V_M] = {"m", 1, 1, 0, {0}, 0},       [V_C] = {"c", 0, 1, 0, {0}, 0},   [V_EK_OUT] = {"ek", 0, 0, 0, {0}, 0},
        [V_DK_OUT] = {"dk", 1, 0, 0, {0}, 0}, [V_C_OUT] = {"c", 0, 0, 0, {0}, 0}, [V_K_OUT] = {"k", 1, 0, 0, {0}, 0},
        [V_SEED_OUT] = {"seed", 1, 0, 0, {0}, 0},
    };
    v[V_SEED].max = CLI_CAP(KF_MLKEM_KEYGEN_SEED_BYTES);
    v[V_EK].max = CLI_CAP(KF_MLKEM_EK_MAX_BYTES);
    v[V_DK].max = CLI_CAP(KF_MLKEM_DK_MAX_BYTES);
    v[V_M].max = CLI_CAP(KF_MLKEM_MSG_BYTES);
    v[V_C].max = CLI_CAP(KF_MLKEM_CT_MAX_BYTES);
    const char *param = NULL;
    int pem = 0, form = KF_PRIV_SEED, st = 0;
    /* --dk-form FORM is taken out here; cli_parse reads the rest */
    int nargs = 0;
    char **args = malloc(sizeof *args * (size_t)argc);
    const char *form_name = NULL;
    if (!args) {
        fprintf(stderr, PROG ": out of memory\n");
        return KFORGE_EXIT_FAIL;
    }
    for (int i = 0; i < argc; i++) {
        if (i >= 2 && strcmp(argv[i], "--dk-form") == 0) {
            if (i + 1 >= argc || form_name) {
                fprintf(stderr, PROG ": --dk-form %s\n", form_name ? "given twice" : "needs a value");
                st = KFORGE_EXIT_USAGE;
                break;
            }
            form_name = argv[++i];
            continue;
        }
        args[nargs++] = argv[i];
    }
    if (st == 0 && form_name) {
        form = !strcmp(form_name, "seed") ? KF_PRIV_SEED : !strcmp(form_name, "expanded") ? KF_PRIV_EXPANDED
             : !strcmp(form_name, "both") ? KF_PRIV_BOTH : -1;
        if (form < 0) {
            fprintf(stderr, PROG ": --dk-form must be seed, expanded or both, not '%s'\n", form_name);
            st = KFORGE_EXIT_USAGE;
        }
    }
    if (st == 0) st = cli_parse(PROG, nargs, args, 2, v, V_N, &param, &pem);
    free(args);
    if (st == 0 && form_name && (op != 0 || !pem)) {
        fprintf(stderr, PROG " %s: --dk-form is for keygen --pem\n", ops[op]);
        st = KFORGE_EXIT_USAGE;
    }
    if (st == 0 && pem && op != 0) {
        fprintf(stderr, PROG " %s: --pem is for keygen (key files are read as raw, hex or PEM)\n", ops[op]);
        st = KFORGE_EXIT_USAGE;
    }
    for (int i = 0; st == 0 && i < V_N; i++) {
        if (v[i].given && !allowed(op, i)) {
            fprintf(stderr, PROG " %s: --%s%s is not an option of this operation\n", ops[op], v[i].name,
                    v[i].input ? "" : "-out");
            st = KFORGE_EXIT_USAGE;
        }
    }
    if (st == 0) {
        /* encaps and decaps: a PEM/DER key names its set (its OID), so -p may be left out */
        if (!param && op != 0) {
            int kt = cli_key_type_of(&v[op == 1 ? V_EK : V_DK].b, op == 2);
            param = kt == KF_KEY_MLKEM512 ? "512" : kt == KF_KEY_MLKEM768 ? "768" : kt == KF_KEY_MLKEM1024 ? "1024" : NULL;
        }
        int bits = param ? atoi(param) : 0;
        char set[16];
        if (!param) {
            fprintf(stderr, PROG ": -p 512|768|1024 is required%s\n",
                    op == 0 ? "" : " (the key file does not name an ML-KEM set: raw, hex or not ML-KEM)");
            st = KFORGE_EXIT_USAGE;
        } else if (bits != 512 && bits != 768 && bits != 1024) {
            fprintf(stderr, PROG ": -p must be 512, 768 or 1024, not '%s'\n", param);
            st = KFORGE_EXIT_USAGE;
        } else {
            snprintf(set, sizeof set, "ML-KEM-%d", bits);
            st = run(op, (kf_mlkem_param)bits, set, v, pem, form);
        }
    }
    if (cli_commit(PROG, st == KFORGE_EXIT_OK) != 0 && st == KFORGE_EXIT_OK) st = KFORGE_EXIT_FAIL;
    cli_free_all(v, V_N);
    return st;
}

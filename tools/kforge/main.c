/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * main.c - `kforge`, the keccakforge command-line tool: subcommand dispatch, --help,
 * --version and `kforge backends`.
 */
#include "kforge.h"
#include "keccakforge.h"
#include "keccak/keccak_backend.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int kforge_backends(int argc, char **argv);

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
    {"sum", kforge_sum, "print or check hashes of files (like sha256sum, b3sum)"},
    {"bench", kforge_bench, "benchmark report: permutation backends, every mode, OpenSSL"},
    {"backends", kforge_backends, "list the Keccak-p[1600] backends and the one in use"},
    {"mlkem", kforge_mlkem, "ML-KEM (FIPS 203) keygen / encaps / decaps; files, hex or PEM"},
    {"slhdsa", kforge_slhdsa, "SLH-DSA (FIPS 205) keygen / sign / verify; files, hex or PEM"},
    {"mldsa", kforge_mldsa, "ML-DSA (FIPS 204) keygen / sign / verify; files, hex or PEM"},
    {"cms", kforge_cms, "cms sign: a CMS SignedData (DER) signed with an ML-DSA or SLH-DSA key"},
    {"hw", kforge_hw, "the hardware on a ULX3S board: ML-KEM on its unit, self-tests (python3)"},
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    fputs("usage: kforge COMMAND [OPTIONS] [ARGS]\n"
          "       kforge --help | --version\n"
          "\n"
          "Commands:\n",
          f);
    for (size_t i = 0; i < N_COMMANDS; i++) fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("\n"
          "`kforge COMMAND --help` or `kforge help COMMAND` describes a command; `man kforge`\n"
          "describes them all. The environment variable KECCAKFORGE_BACKEND=NAME selects the\n"
          "permutation backend (see `kforge backends`).\n"
          "\n"
          "Exit status: 0 success; 1 a failure the command reports (a signature that does not\n"
          "verify, an invalid key, an unreadable file); 2 bad usage. `kforge sum` follows\n"
          "sha256sum instead (coreutils): bad usage is 1 there too.\n",
          f);
}

/* Names of the CPU features in a backend's `requires` mask, comma separated (the names are
 * the library's one list, kf_cpu_feature_name). */
static void feature_names(uint32_t mask, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < 32; i++) {
        if (!(mask & (1u << i))) continue;
        const char *name = kf_cpu_feature_name(1u << i);
        int n = snprintf(buf + used, len - used, "%s%s", used ? "," : "", name ? name : "?");
        if (n < 0 || (size_t)n >= len - used) break;
        used += (size_t)n;
    }
    if (!used) snprintf(buf, len, "-");
}

static int kforge_backends(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        puts("usage: kforge backends\n"
             "List the Keccak-p[1600] backends of this build: the one-state (x1) backends, then\n"
             "the batched ones (N states per call); in each, the ones this CPU runs, best first,\n"
             "then the ones it cannot run. The ones in use are marked; they are the best\n"
             "runnable ones unless KECCAKFORGE_BACKEND=NAME chooses another.");
        return KFORGE_EXIT_OK;
    }
    if (argc > 1) {
        fprintf(stderr, "kforge backends: unexpected argument '%s'\n", argv[1]);
        return KFORGE_EXIT_USAGE;
    }
    char req[96];
    printf("%-18s %-7s %5s  %-24s %s\n", "backend", "states", "rank", "requires", "status");
    const kf_backend *list[64];
    size_t n = kf_backend_all(list, 64);
    if (n > 64) n = 64;
    const kf_backend *in_use = kf_backend_current();
    for (int pass = 0; pass < 2; pass++) { /* runnable ones first */
        for (size_t i = 0; i < n; i++) {
            int runnable = kf_backend_runnable(list[i]);
            if (runnable != (pass == 0)) continue;
            feature_names(list[i]->requires, req, sizeof req);
            printf("%-18s %-7s %5d  %-24s %s%s\n", list[i]->name, "x1", list[i]->rank, req,
                   runnable ? "runnable" : "not runnable on this CPU",
                   list[i] == in_use ? ", in use" : "");
        }
    }
    /* the batched backends: N states per call, for the batched API, KT/ParallelHash leaves,
     * ML-KEM's and SLH-DSA's hashing */
    const kf_backend_xn *xlist[64];
    size_t nx = kf_backend_xn_all(xlist, 64);
    if (nx > 64) nx = 64;
    const kf_backend_xn *xn_in_use = kf_backend_xn_current();
    char states[16];
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < nx; i++) {
            int runnable = kf_backend_xn_runnable(xlist[i]);
            if (runnable != (pass == 0)) continue;
            feature_names(xlist[i]->requires, req, sizeof req);
            snprintf(states, sizeof states, "x%u", xlist[i]->n);
            printf("%-18s %-7s %5d  %-24s %s%s\n", xlist[i]->name, states, xlist[i]->rank, req,
                   runnable ? "runnable" : "not runnable on this CPU",
                   xlist[i] == xn_in_use ? ", in use" : "");
        }
    }
    if (!xn_in_use) printf("(no batched backend in use: batched work runs one state at a time)\n");
    return KFORGE_EXIT_OK;
}

/* Output errors (a full disk, a closed pipe) must not pass for success. */
static int finish_output(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "kforge: write error: %s\n", strerror(errno));
        return KFORGE_EXIT_FAIL;
    }
    return status;
}

/* The library falls back to its automatic choice when KECCAKFORGE_BACKEND names a backend
 * this build lacks or this CPU cannot run; say so, so no figure is taken for the wrong one. */
static void warn_backend_fallback(void)
{
    const char *want = getenv("KECCAKFORGE_BACKEND"), *x1 = kf_backend_name(), *xn = kf_backend_batch_name();
    if (!want || !*want) return;
    /* one name, or "x1name,batchedname": each must be in use */
    int ok = 1;
    for (const char *p = want; *p;) {
        size_t n = strcspn(p, ",");
        ok &= (strlen(x1) == n && strncmp(p, x1, n) == 0) || (strlen(xn) == n && strncmp(p, xn, n) == 0);
        p += n;
        if (*p) p++;
    }
    if (ok) return;
    fprintf(stderr, "kforge: KECCAKFORGE_BACKEND=%s is unknown or not runnable here; using %s (x1) and %s (batched)\n",
            want, kf_backend_name(), kf_backend_batch_name());
}

/* The same for KECCAKFORGE_MLDSA, whose accepted values the library knows (kf_mldsa_arith_name):
 * a value such as "AVX512" would otherwise be ignored without a word. */
static void warn_mldsa_arith(void)
{
    int known = 1;
    const char *in_use = kf_mldsa_arith_name(&known);
    const char *want = getenv("KECCAKFORGE_MLDSA");
    if (!known)
        fprintf(stderr, "kforge: KECCAKFORGE_MLDSA=%s is unknown (portable, avx2 or avx512); using %s\n", want,
                in_use);
    else if (want && *want && strcmp(want, in_use) != 0)
        fprintf(stderr, "kforge: KECCAKFORGE_MLDSA=%s is not runnable here; using %s\n", want, in_use);
}

int main(int argc, char **argv)
{
    warn_backend_fallback();
    warn_mldsa_arith();
    if (argc < 2) {
        usage(stderr);
        return KFORGE_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "help") == 0) {
        if (strcmp(cmd, "help") == 0 && argc > 2) {
            char *help_argv[] = {argv[2], "--help", NULL};
            for (size_t i = 0; i < N_COMMANDS; i++)
                if (strcmp(argv[2], commands[i].name) == 0)
                    return finish_output(commands[i].run(2, help_argv));
            fprintf(stderr, "kforge: unknown command '%s'\n", argv[2]);
            return KFORGE_EXIT_USAGE;
        }
        usage(stdout);
        return finish_output(KFORGE_EXIT_OK);
    }
    if (strcmp(cmd, "-V") == 0 || strcmp(cmd, "--version") == 0) {
        printf("kforge %s (keccakforge %s, backend %s)\n", KECCAKFORGE_VERSION_STRING, kf_version_string(),
               kf_backend_name());
        return finish_output(KFORGE_EXIT_OK);
    }
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(cmd, commands[i].name) == 0) return finish_output(commands[i].run(argc - 1, argv + 1));
    fprintf(stderr, "kforge: unknown command '%s'\n\n", cmd);
    usage(stderr);
    return KFORGE_EXIT_USAGE;
}

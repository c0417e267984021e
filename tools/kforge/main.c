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
    {"mlkem", kforge_mlkem, "ML-KEM (FIPS 203) keygen / encaps / decaps, hex in and out"},
    {"slhdsa", kforge_slhdsa, "SLH-DSA (FIPS 205) keygen / sign / verify, hex in and out"},
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
          "`kforge COMMAND --help` describes a command. The environment variable\n"
          "KECCAKFORGE_BACKEND=NAME selects the permutation backend (see `kforge backends`).\n",
          f);
}

/* Names of the CPU features in a backend's `requires` mask, comma separated. */
static void feature_names(uint32_t mask, char *buf, size_t len)
{
    static const struct {
        uint32_t bit;
        const char *name;
    } names[] = {
        {KF_CPU_BMI1, "bmi1"},         {KF_CPU_BMI2, "bmi2"}, {KF_CPU_AVX2, "avx2"},
        {KF_CPU_AVX512F, "avx512f"},   {KF_CPU_AVX512VL, "avx512vl"},
        {KF_CPU_NEON, "neon"},         {KF_CPU_SHA3, "sha3"}, {KF_CPU_RVV, "rvv"},
        {KF_CPU_RVV_VLEN256, "vlen>=256"}, {KF_CPU_RVV_VLEN512, "vlen>=512"}, {KF_CPU_RVV_VLEN1024, "vlen>=1024"},
    };
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (!(mask & names[i].bit)) continue;
        int n = snprintf(buf + used, len - used, "%s%s", used ? "," : "", names[i].name);
        if (n < 0 || (size_t)n >= len - used) break;
        used += (size_t)n;
    }
    if (!used) snprintf(buf, len, "-");
}

static int kforge_backends(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        puts("usage: kforge backends\n"
             "List the Keccak-p[1600] backends of this build: the ones this CPU runs, best\n"
             "first, then the ones it cannot run. The one in use is marked; it is the best\n"
             "runnable one unless KECCAKFORGE_BACKEND=NAME chooses another.");
        return KFORGE_EXIT_OK;
    }
    if (argc > 1) {
        fprintf(stderr, "kforge backends: unexpected argument '%s'\n", argv[1]);
        return KFORGE_EXIT_USAGE;
    }
    const kf_backend *list[64];
    size_t n = kf_backend_all(list, 64);
    if (n > 64) n = 64;
    const kf_backend *in_use = kf_backend_current();
    char req[96];
    printf("%-16s %5s  %-24s %s\n", "backend", "rank", "requires", "status");
    for (int pass = 0; pass < 2; pass++) { /* runnable ones first */
        for (size_t i = 0; i < n; i++) {
            int runnable = kf_backend_runnable(list[i]);
            if (runnable != (pass == 0)) continue;
            feature_names(list[i]->requires, req, sizeof req);
            printf("%-16s %5d  %-24s %s%s\n", list[i]->name, list[i]->rank, req,
                   runnable ? "runnable" : "not runnable on this CPU",
                   list[i] == in_use ? ", in use" : "");
        }
    }
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
    const char *want = getenv("KECCAKFORGE_BACKEND");
    if (!want || !*want) return;
    if (strcmp(want, kf_backend_name()) == 0 || strcmp(want, kf_backend_batch_name()) == 0) return;
    fprintf(stderr, "kforge: KECCAKFORGE_BACKEND=%s is unknown or not runnable here; using %s (x1) and %s (batched)\n",
            want, kf_backend_name(), kf_backend_batch_name());
}

int main(int argc, char **argv)
{
    warn_backend_fallback();
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
        printf("kforge %s (keccakforge %s, backend %s)\n", KECCAKFORGE_VERSION_STRING,
               KECCAKFORGE_VERSION_STRING, kf_backend_name());
        return finish_output(KFORGE_EXIT_OK);
    }
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(cmd, commands[i].name) == 0) return finish_output(commands[i].run(argc - 1, argv + 1));
    fprintf(stderr, "kforge: unknown command '%s'\n\n", cmd);
    usage(stderr);
    return KFORGE_EXIT_USAGE;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_sum_check.c - the `kforge sum --check` line parser, through kforge's own entry point:
 * the input is written to a list file and kforge_sum("sum", "-a", ALGO, "-c", FILE) reads it
 * (tools/kforge/sum.c is linked in as it is; no seam in it). The first input byte picks the
 * algorithm. The exit status must be 0 (all lines fine) or 1 (a mismatch, a malformed line,
 * an unreadable file), never 2 (usage) and never a crash.
 *
 * The check runs in a directory of its own holding files "a" ("abc"), "b" (empty) and "c d"
 * (1000 bytes); inputs with a '/' are skipped, so a listed name can only be one of those (or
 * a missing one), never a device or FIFO elsewhere that would block. Standard input ("-")
 * is /dev/null; kforge's output goes to /dev/null (run with -close_fd_mask=3 to silence its
 * messages on stderr too).
 */
#include "fuzz_util.h"
#include "kforge.h"

#include <fcntl.h>
#include <unistd.h>

static const char *const algs[] = {"sha3-224", "sha3-256", "sha3-384", "sha3-512", "shake128", "shake256",
                                   "turboshake128", "turboshake256", "kt128", "kt256", "keccak256", "keccak512"};
static char list_path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_report_to_copy_of_stderr(); /* kforge's messages are dropped (-close_fd_mask=2), not ours */
    char dir[] = "/tmp/kf-fuzz-sum-XXXXXX";
    if (!mkdtemp(dir) || chdir(dir) != 0) abort();
    FILE *f = fopen("a", "wb");
    if (!f) abort();
    fputs("abc", f);
    fclose(f);
    f = fopen("b", "wb");
    if (!f) abort();
    fclose(f);
    f = fopen("c d", "wb");
    if (!f) abort();
    for (int i = 0; i < 1000; i++) fputc(i & 0xFF, f);
    fclose(f);
    snprintf(list_path, sizeof list_path, "%s/list", dir);
    int null = open("/dev/null", O_RDWR);
    if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0) abort();
    close(null);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || memchr(data, '/', size)) return 0;
    const char *alg = algs[data[0] % (sizeof algs / sizeof algs[0])];
    FILE *f = fopen(list_path, "wb");
    if (!f) abort();
    fwrite(data + 1, 1, size - 1, f);
    fclose(f);
    char *argv[] = {"sum", "-a", (char *)alg, "-c", list_path, NULL};
    int rc = kforge_sum(5, argv);
    FZ_CHECK(rc == KFORGE_EXIT_OK || rc == KFORGE_EXIT_FAIL, "kforge sum --check exited %d", rc);
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_blake3.c - the BLAKE3 rows of suite "tree-threads": BLAKE3 on the same 1 MiB input
 * as KT128, in the same run, recorded with backend "blake3".
 *
 * Debian has no BLAKE3 C library, so the figure comes from the `blake3` PyPI package,
 * timed by tools/kforge/blake3_bench.py in a python3 subprocess (found through the source
 * path compiled in as KF_BLAKE3_BENCH_PY; the script is installed nowhere). kforge writes
 * its input to a temporary file, so both sides hash the same bytes; the script pins itself
 * to the CPU kforge is pinned to (or to every CPU for the all-threads row), warms up, and
 * prints the median ns/byte of single calls timed with perf_counter_ns. The Python call
 * overhead (about 1 us) is under 1% of the ~150 us a 1 MiB hash takes. ns become ticks
 * with the TSC frequency the harness measured. No python3 or no module: one line, no rows.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_* */
#include "bench.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef KF_BLAKE3_BENCH_PY
#define KF_BLAKE3_BENCH_PY "blake3_bench.py"
#endif

#define HELPER_EXIT_MISSING 3 /* blake3_bench.py: the module is not installed */

extern char **environ;

/* The helper's answer for one row. */
typedef struct blake3_figure {
    double ns_per_byte;
    unsigned samples;
    char version[24];
} blake3_figure;

/* "3" or "0,1,2,3": the CPUs of set, for the helper's --cpus. */
static void cpu_list(const cpu_set_t *set, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int c = 0; c < CPU_SETSIZE && used + 8 < len; c++)
        if (CPU_ISSET(c, set)) used += (size_t)snprintf(buf + used, len - used, "%s%d", used ? "," : "", c);
}

/* Write the input to a new temporary file; its path goes to path. 0 or -1. */
static int write_input(const uint8_t *in, size_t len, char *path, size_t pathlen)
{
    const char *dir = getenv("TMPDIR");
    snprintf(path, pathlen, "%s/kforge-blake3-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    for (size_t done = 0; done < len;) {
        ssize_t n = write(fd, in + done, len - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            close(fd);
            unlink(path);
            return -1;
        }
        done += (size_t)n;
    }
    return close(fd) == 0 ? 0 : (unlink(path), -1);
}

/* Run python3 blake3_bench.py with argv and read its one-line answer (no shell).
 * Returns 0 with *fig filled, HELPER_EXIT_MISSING, or -1 with *why set. */
static int run_helper(char *const argv[], blake3_figure *fig, const char **why)
{
    int fds[2], status = 0;
    pid_t pid;
    posix_spawn_file_actions_t fa;
    char line[256] = "";
    *why = "python3 not found";
    if (pipe(fds) != 0) return -1;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    posix_spawn_file_actions_addclose(&fa, fds[1]);
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    if (rc != 0) {
        close(fds[0]);
        return -1;
    }
    FILE *f = fdopen(fds[0], "r");
    if (f) {
        if (!fgets(line, sizeof line, f)) line[0] = '\0';
        while (fgetc(f) != EOF) {} /* let the helper finish writing */
        fclose(f);
    } else {
        close(fds[0]);
    }
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (WIFEXITED(status) && WEXITSTATUS(status) == HELPER_EXIT_MISSING) return HELPER_EXIT_MISSING;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) return -1; /* exec failed in the child */
    *why = "the helper script failed";
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
    if (sscanf(line, "ok %lf %u %23s", &fig->ns_per_byte, &fig->samples, fig->version) != 3 ||
        !(fig->ns_per_byte > 0)) {
        *why = "the helper script printed no figure";
        return -1;
    }
    return 0;
}

/* One row: BLAKE3 on the input file, on the CPUs of set, with threads threads (0: all).
 * Returns ticks/byte, or a negative value after printing why not. */
static double blake3_row(bench *b, const char *input, const cpu_set_t *set, unsigned threads,
                         blake3_figure *fig, const char **why, int *missing)
{
    char cpus[1024], nthreads[16], samples[16];
    cpu_list(set, cpus, sizeof cpus);
    snprintf(nthreads, sizeof nthreads, "%u", threads);
    snprintf(samples, sizeof samples, "%u", b->max_samples);
    char *argv[] = {"python3", KF_BLAKE3_BENCH_PY, "--input", (char *)input, "--cpus", cpus,
                    "--threads", nthreads, "--samples", samples, NULL};
    int rc = run_helper(argv, fig, why);
    *missing = rc == HELPER_EXIT_MISSING;
    if (rc != 0) return -1.0;
    b->last_samples = fig->samples;
    return fig->ns_per_byte * b->tsc_hz / 1e9;
}

void bench_blake3_rows(bench *b, size_t len, unsigned all, const double kt128[2])
{
    const char *why = NULL;
    int missing = 0;
    char path[4096];
    blake3_figure fig[2];
    double t[2] = {-1.0, -1.0};
    cpu_set_t pinned, every;
    if (access(KF_BLAKE3_BENCH_PY, R_OK) != 0) {
        printf("    %-18s skipped: helper %s not found\n", "blake3", KF_BLAKE3_BENCH_PY);
        return;
    }
    if (sched_getaffinity(0, sizeof pinned, &pinned) != 0) CPU_ZERO(&pinned); /* no pin */
    CPU_ZERO(&every);
    for (unsigned c = 0; c < all && c < CPU_SETSIZE; c++) CPU_SET(c, &every);
    if (write_input(b->input, len, path, sizeof path) != 0) {
        printf("    %-18s skipped: cannot write a temporary file in $TMPDIR or /tmp\n", "blake3");
        return;
    }
    t[0] = blake3_row(b, path, &pinned, 1, &fig[0], &why, &missing);
    if (t[0] > 0) t[1] = blake3_row(b, path, &every, all, &fig[1], &why, &missing);
    unlink(path);
    if (missing) {
        printf("    %-18s skipped: python3 has no blake3 module (python3 -m pip install blake3)\n", "blake3");
        return;
    }
    if (t[0] <= 0) {
        printf("    %-18s skipped: %s\n", "blake3", why);
        return;
    }
    for (int k = 0; k < 2; k++) {
        if (t[k] <= 0) continue;
        char name[40];
        snprintf(name, sizeof name, "blake3-threads%u", k ? all : 1);
        b->last_samples = fig[k].samples;
        b->last_rel_iqr = -1.0; /* the helper reports a median only */
        bench_add(b, "tree-threads", name, "blake3", (long long)len, "ticks/byte", t[k]);
    }
    printf("    %-18s %10.3f %10.3f %7.2fx   (PyPI blake3 %s via python3)\n", "blake3", t[0], t[1],
           t[1] > 0 ? t[0] / t[1] : 0.0, fig[0].version);
    if (kt128[0] > 0)
        printf("    %-18s %10.2f %10.2f            (time ratio; below 1: KT128 is faster)\n",
               "kt128 / blake3", kt128[0] / t[0], t[1] > 0 && kt128[1] > 0 ? kt128[1] / t[1] : 0.0);
    fflush(stdout);
}

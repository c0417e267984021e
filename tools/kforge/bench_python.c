/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_python.c - suite "python": the Python package against hashlib, pycryptodome and
 * kyber-py, as `python -m keccakforge.bench` measures it (python/keccakforge/bench.py).
 *
 * kforge runs `python3 -m keccakforge.bench --records FILE [--quick]` (no shell) with
 * PYTHONPATH set to this build's in-tree package (KF_PYTHON_PKG_DIR, compiled in: the
 * extension built by python/CMakeLists.txt). The script prints its table, which is the
 * suite's table, and writes one tab-separated record per figure: name, backend, size,
 * unit, median, samples. Times (ns/call, from perf_counter_ns in the same process) become
 * ticks/call with the TSC frequency the harness measured; speed-up ratios are recorded as
 * they are (unit "x"). No extension built, no python3, or a failure: one line, no rows.
 */
#include "bench.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef KF_PYTHON_PKG_DIR
#define KF_PYTHON_PKG_DIR "python"
#endif

extern char **environ;

static void add_records(bench *b, FILE *f)
{
    char line[512], name[64], backend[64], unit[32];
    long long size;
    double median;
    unsigned samples;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "%63[^\t]\t%63[^\t]\t%lld\t%31[^\t]\t%lf\t%u", name, backend, &size, unit, &median,
                   &samples) != 6)
            continue;
        b->last_samples = samples;
        if (!strcmp(unit, "ns/call"))
            bench_add(b, "python", name, backend, size, "ticks/call", median * b->tsc_hz / 1e9);
        else
            bench_add(b, "python", name, backend, size, "x", median);
    }
}

void bench_suite_python(bench *b)
{
    char ext[4096], recs[4096], env_path[4200];
    const char *dir = getenv("TMPDIR");
    snprintf(ext, sizeof ext, "%s/keccakforge/__init__.py", KF_PYTHON_PKG_DIR);
    if (access(ext, R_OK) != 0) {
        printf("    skipped: the Python extension was not built (needs Python >= 3.11 headers): no %s\n", ext);
        return;
    }
    snprintf(recs, sizeof recs, "%s/kforge-python-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(recs);
    if (fd < 0) {
        printf("    skipped: cannot create a temporary file in $TMPDIR or /tmp\n");
        return;
    }
    close(fd);
    /* the environment with PYTHONPATH replaced by the in-tree package's directory */
    size_t n = 0;
    while (environ[n]) n++;
    char **env = calloc(n + 2, sizeof *env);
    if (!env) {
        unlink(recs);
        return;
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "PYTHONPATH=", 11) != 0) env[k++] = environ[i];
    snprintf(env_path, sizeof env_path, "PYTHONPATH=%s", KF_PYTHON_PKG_DIR);
    env[k++] = env_path;
    env[k] = NULL;
    char *argv[] = {"python3", "-m", "keccakforge.bench", "--records", recs, b->quick ? "--quick" : NULL, NULL};
    pid_t pid;
    int status = 0;
    fflush(stdout);
    if (posix_spawnp(&pid, argv[0], NULL, NULL, argv, env) != 0) {
        printf("    skipped: python3 not found\n");
    } else {
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            printf("    FAILED: python3 -m keccakforge.bench exited with status %d\n",
                   WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        } else {
            FILE *f = fopen(recs, "r");
            if (f) {
                add_records(b, f);
                fclose(f);
            }
        }
    }
    free(env);
    unlink(recs);
    fflush(stdout);
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_external.c - suites whose figures come from a Python tool of the source tree, not
 * from this CPU's clock: the ARMv7-M backends priced by the Cortex-M4 cycle model, and the
 * AArch64 and RISC-V backends' executed instructions counted under QEMU. No Arm or RISC-V
 * hardware is needed: the tools cross-build what they measure and run it in an emulator.
 *
 * Each tool is run as `python3 TOOL --json FILE [--quick]` (no shell), with its standard
 * output shown as the suite's table. It writes its records to FILE in the shape of
 * `kforge bench --json` ({"results": [{"suite", "name", "backend", "size", "unit",
 * "median", "samples"}, ...]}), which are added to this report as they are, units
 * included ("model-cycles", "instructions", ...). Exit status 77: the tool's prerequisites
 * (a cross compiler, QEMU, a Python module) are missing, and it printed which.
 * The tools' paths are compiled in (KF_SOURCE_DIR); they are installed nowhere. What they
 * build goes under this build's tree (KF_BINARY_DIR), so a second report rebuilds nothing.
 */
#include "bench.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef KF_SOURCE_DIR
#define KF_SOURCE_DIR "."
#endif
#ifndef KF_BINARY_DIR
#define KF_BINARY_DIR "."
#endif

#define TOOL_SKIPPED 77

extern char **environ;

/* ---- a reader for the records' JSON: objects of strings, numbers and null ----------- */
typedef struct json_in {
    const char *p, *end;
} json_in;

static void json_ws(json_in *j)
{
    while (j->p < j->end && isspace((unsigned char)*j->p)) j->p++;
}

static int json_lit(json_in *j, char c)
{
    json_ws(j);
    if (j->p < j->end && *j->p == c) {
        j->p++;
        return 1;
    }
    return 0;
}

/* A string into buf (cut to fit; escapes kept simple: \" \\ \/ and others as the letter). */
static int json_str(json_in *j, char *buf, size_t len)
{
    size_t k = 0;
    if (!json_lit(j, '"')) return 0;
    while (j->p < j->end && *j->p != '"') {
        char c = *j->p++;
        if (c == '\\' && j->p < j->end) c = *j->p++;
        if (k + 1 < len) buf[k++] = c;
    }
    if (len) buf[k] = '\0';
    return json_lit(j, '"');
}

/* Past an object or array (a record's extra fields: nested values are not read). */
static int json_skip_nested(json_in *j)
{
    int depth = 0;
    while (j->p < j->end) {
        char c = *j->p++;
        if (c == '"') {
            while (j->p < j->end && *j->p != '"') j->p += *j->p == '\\' ? 2 : 1;
            j->p++;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if (c == '}' || c == ']') {
            if (--depth == 0) return 1;
        }
    }
    return 0;
}

/* A number or null (as -1), a string (as 0), or a nested value (skipped, as 0). */
static int json_value(json_in *j, double *v, char *s, size_t slen)
{
    json_ws(j);
    if (j->p < j->end && (*j->p == '{' || *j->p == '[')) {
        *v = 0;
        if (slen) s[0] = '\0';
        return json_skip_nested(j);
    }
    if (j->p < j->end && *j->p == '"') {
        *v = 0;
        return json_str(j, s, slen);
    }
    if (j->end - j->p >= 4 && memcmp(j->p, "null", 4) == 0) {
        j->p += 4;
        *v = -1;
        return 1;
    }
    char *stop;
    *v = strtod(j->p, &stop);
    if (stop == j->p || stop > j->end) return 0;
    j->p = stop;
    return 1;
}

/* Add every record of the "results" array of text[0..len). Returns how many, or -1. */
static int add_records(bench *b, const char *text, size_t len)
{
    const char *results = strstr(text, "\"results\"");
    if (!results) return -1;
    json_in j = {strchr(results, '['), text + len};
    if (!j.p || !json_lit(&j, '[')) return -1;
    int count = 0;
    while (json_lit(&j, '{')) {
        char suite[24] = "", name[40] = "", backend[40] = "", unit[24] = "", key[24], sval[64];
        double size = -1, median = -1, samples = 0, iqr = -1, q1 = -1, q3 = -1, v;
        do {
            if (!json_str(&j, key, sizeof key) || !json_lit(&j, ':') || !json_value(&j, &v, sval, sizeof sval))
                return -1;
            if (!strcmp(key, "suite")) snprintf(suite, sizeof suite, "%.*s", (int)sizeof suite - 1, sval);
            else if (!strcmp(key, "name")) snprintf(name, sizeof name, "%.*s", (int)sizeof name - 1, sval);
            else if (!strcmp(key, "backend")) snprintf(backend, sizeof backend, "%.*s", (int)sizeof backend - 1, sval);
            else if (!strcmp(key, "unit")) snprintf(unit, sizeof unit, "%.*s", (int)sizeof unit - 1, sval);
            else if (!strcmp(key, "size")) size = v;
            else if (!strcmp(key, "median")) median = v;
            else if (!strcmp(key, "samples")) samples = v;
            else if (!strcmp(key, "iqr")) iqr = v;
            else if (!strcmp(key, "q1")) q1 = v;
            else if (!strcmp(key, "q3")) q3 = v;
        } while (json_lit(&j, ','));
        if (!json_lit(&j, '}') || !suite[0] || !name[0] || !unit[0] || !(median >= 0)) return -1;
        b->last_samples = samples > 0 ? (unsigned)samples : 1;
        b->last_rel_iqr = iqr >= 0 && median > 0 ? iqr / median : -1.0;
        b->last_rel_q1 = median > 0 ? q1 / median : -1.0;
        b->last_rel_q3 = median > 0 ? q3 / median : -1.0;
        b->last_q_tag = q1 >= 0 && q3 >= q1 ? b->last_rel_iqr : -2.0; /* quartiles only when recorded */
        bench_add(b, suite, name, backend, size >= 0 ? (long long)size : -1, unit, median);
        count++;
        if (!json_lit(&j, ',')) break;
    }
    return count;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0, got;
    if (!f) return NULL;
    do {
        if (n + 4096 + 1 > cap) {
            char *nb = realloc(buf, cap = 2 * cap + 8192);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
    } while (got > 0);
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

int bench_load_json(bench *b, const char *path)
{
    size_t len = 0;
    char *text = read_file(path, &len);
    int n = text ? add_records(b, text, len) : -1;
    free(text);
    return n;
}

double bench_load_drift(const char *path)
{
    size_t len = 0;
    char *text = read_file(path, &len);
    const char *d = text ? strstr(text, "\"drift_check\"") : NULL, *st = d ? strstr(d, "\"start\":") : NULL,
               *en = d ? strstr(d, "\"end\":") : NULL;
    double drift = NAN;
    if (st && en) {
        double a = strtod(st + 8, NULL), z = strtod(en + 6, NULL);
        if (a > 0 && z > 0) drift = z / a - 1.0;
    }
    free(text);
    return drift;
}

/* Run the tool (with up to two more arguments, or NULL); its output is the suite's table,
 * its records join the report. */
static void run_tool(bench *b, const char *suite, const char *tool, const char *const args[])
{
    char path[4096], json[4096];
    const char *dir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/%s", KF_SOURCE_DIR, tool);
    if (access(path, R_OK) != 0) {
        printf("    skipped: %s not found (kforge runs it from the source tree it was built from)\n", path);
        return;
    }
    snprintf(json, sizeof json, "%s/kforge-%s-XXXXXX", dir && *dir ? dir : "/tmp", suite);
    int fd = mkstemp(json);
    if (fd < 0) {
        printf("    skipped: cannot create a temporary file in $TMPDIR or /tmp\n");
        return;
    }
    close(fd);
    char *argv[16] = {"python3", path, "--json", json}, **a = argv + 4;
    if (b->quick) *a++ = "--quick";
    for (size_t i = 0; args && args[i] && a < argv + 15; i++) *a++ = (char *)args[i];
    *a = NULL;
    pid_t pid;
    int status = 0;
    fflush(stdout);
    if (posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ) != 0) {
        printf("    skipped: python3 not found\n");
        unlink(json);
        return;
    }
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (WIFEXITED(status) && WEXITSTATUS(status) == TOOL_SKIPPED) {
        printf("    (skipped: the tool says what is missing above)\n");
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        printf("    FAILED: %s exited with status %d\n", tool, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    } else {
        size_t len = 0;
        char *text = read_file(json, &len);
        int n = text ? add_records(b, text, len) : -1;
        if (n < 0) printf("    FAILED: no records could be read from %s's JSON\n", tool);
        free(text);
    }
    unlink(json);
    fflush(stdout);
}

void bench_suite_cortex_m(bench *b)
{
    const char *args[] = {"--build-dir", KF_BINARY_DIR "/cortexm-model", NULL};
    run_tool(b, "cortex-m", "bench/cortexm_model/report.py", args);
}

/* The cross build of the traced driver lives in this build's tree, so a second report only
 * rebuilds what changed. */
void bench_suite_aarch64(bench *b)
{
    const char *args[] = {"--arch", "aarch64", "--cpu", "max", "--build-dir", KF_BINARY_DIR "/cross-bench-aarch64", NULL};
    run_tool(b, "aarch64", "bench/cross_bench/cross_bench.py", args);
}

void bench_suite_riscv64(bench *b)
{
    const char *args[] = {"--arch", "riscv64", "--vlen", "128", "256", "512",
                          "--build-dir", KF_BINARY_DIR "/cross-bench-riscv64", NULL};
    run_tool(b, "riscv64", "bench/cross_bench/cross_bench.py", args);
}

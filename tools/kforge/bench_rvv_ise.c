/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_rvv_ise.c - suite "rvv-ise": seed 003's custom RISC-V vector unit, priced by its model
 * (bench/rvv_ise_model/report.py, Python standard library only). The figures are model cycles,
 * not this CPU's: Tables 7 and 8 of the seed beside the paper's values, the variants beyond
 * the paper (Zvbb, fused instructions, one round instruction), and the project's own RVV
 * backends' executed instructions per state per round, which the script takes from
 * bench/cross_bench/cross_bench.py run in this build's cross-bench-riscv64 directory (the one
 * suite riscv64 uses; skipped with a line when the RISC-V cross tools are missing).
 *
 * The script prints the tables and writes its records to a temporary file, one per line:
 * "name<TAB>backend<TAB>unit<TAB>value"; they join the report as suite "rvv-ise".
 *
 * Then the hardware rows beside the model's: hw/tests/rvv/bench_rvv.py --rvv-ise runs the same
 * programs on the processor in hw/rtl/rvv (Icarus + cocotb, in lock step with the model; records
 * hdl-<program>-sn<N>-round / -permutation, unit "hdl-cycles") and reads the measured area and
 * Fmax (hw/rvv_results.tsv, hw/rvv_results_zvbb.tsv; records hdl-unit-e<ELEN>-n<EleNum> in
 * "LUTs"/"FFs", hdl-unit-e64-n5-fmax in "MHz"), printing "not measured" for what is absent and
 * "skipped" when the simulator or cocotb is missing. Every program at SN 1, 3 and 6 (EleNum 5, 15,
 * 30): minutes of simulation (--quick: EleNum 5, SN 1).
 */
#include "bench.h"

#include <errno.h>
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

extern char **environ;

/* Run argv (python3 and a script), wait; the exit status, or -1 if it could not run. */
static int run_script(char *const argv[])
{
    pid_t pid;
    int status = 0;
    fflush(stdout);
    if (posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ) != 0) return -1;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    fflush(stdout);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 255;
}

/* Add the records of the script's TSV file; how many, or -1 if a line is malformed. */
static int read_records(bench *b, FILE *f)
{
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        char *fields[4], *save = NULL, *p = line;
        line[strcspn(line, "\n")] = '\0';
        if (!line[0]) continue;
        for (int i = 0; i < 4; i++, p = NULL)
            if (!(fields[i] = strtok_r(p, "\t", &save))) return -1;
        char *end;
        double v = strtod(fields[3], &end);
        if (end == fields[3] || *end) return -1;
        b->last_samples = 1;
        bench_add(b, "rvv-ise", fields[0], fields[1], -1, fields[2], v);
        n++;
    }
    return n;
}

void bench_suite_rvv_ise(bench *b)
{
    char script[4096], tsv[4096];
    const char *dir = getenv("TMPDIR");
    snprintf(script, sizeof script, "%s/bench/rvv_ise_model/report.py", KF_SOURCE_DIR);
    if (access(script, R_OK) != 0) {
        printf("    skipped: %s not found (kforge runs it from the source tree it was built from)\n", script);
        return;
    }
    snprintf(tsv, sizeof tsv, "%s/kforge-rvv-ise-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(tsv);
    if (fd < 0) {
        printf("    skipped: cannot create a temporary file in $TMPDIR or /tmp\n");
        return;
    }
    close(fd);
    char *argv[] = {"python3", script, "--tsv", tsv, "--rvv-build-dir", KF_BINARY_DIR "/cross-bench-riscv64",
                    b->quick ? "--quick" : NULL, NULL};
    int st = run_script(argv);
    if (st < 0) {
        printf("    skipped: python3 not found\n");
        unlink(tsv);
        return;
    }
    if (st != 0) {
        printf("    FAILED: report.py exited with status %d\n", st);
    } else {
        FILE *f = fopen(tsv, "r");
        int n = f ? read_records(b, f) : -1;
        if (f) fclose(f);
        if (n <= 0) printf("    FAILED: no records could be read from report.py's output\n");
    }

    /* the hardware rows */
    char hdl[4096], lib[4096], work[4096];
    snprintf(hdl, sizeof hdl, "%s/hw/tests/rvv/bench_rvv.py", KF_SOURCE_DIR);
    snprintf(lib, sizeof lib, "%s/libkeccakforge.so", KF_BINARY_DIR);
    snprintf(work, sizeof work, "%s/rvv-ise-hdl", KF_BINARY_DIR);
    if (access(hdl, R_OK) != 0) {
        printf("    hardware rows: skipped: %s not found\n", hdl);
    } else {
        char *hargv[] = {"python3", hdl, "--rvv-ise", "--tsv", tsv, "--lib", lib, "--work", work,
                         b->quick ? "--quick" : NULL, NULL};
        FILE *t = fopen(tsv, "w"); /* empty: no record of report.py's is read twice */
        if (t) fclose(t);
        st = run_script(hargv);
        if (st != 0) {
            printf("    FAILED: hw/tests/rvv/bench_rvv.py --rvv-ise exited with status %d (output above)\n", st);
        } else {
            FILE *f = fopen(tsv, "r");
            int n = f ? read_records(b, f) : -1;
            if (f) fclose(f);
            if (n < 0) printf("    FAILED: a malformed record in bench_rvv.py's output\n");
            else if (n == 0) printf("    hardware rows: none (nothing simulated, nothing measured: said above)\n");
        }
    }
    unlink(tsv);
    fflush(stdout);
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_hw.c - suite "hw": the figures of the Verilog Keccak core, sponge and ML-KEM hash
 * unit in hw/, which come from simulation and synthesis, not from this CPU's clock:
 * clocks (cocotb on Icarus Verilog), 7-series LUT/FF/BRAM/DSP counts (yosys synth_xilinx)
 * and an ECP5-85 post-route Fmax (nextpnr; not a Xilinx figure).
 *
 * kforge runs `python3 hw/bench_hw.py --records FILE --lib <build>/libkeccakforge.so
 * --build-dir <build>/hw-bench [--quick]` from the source tree it was built from (no
 * shell); the script's output is the suite's table, and FILE holds one record per line,
 * "name<TAB>backend<TAB>unit<TAB>value", added to the report with their units ("clocks",
 * "LUTs", "FFs", "BRAMs", "DSPs", "MHz"). Exit status 77: the tools are missing (iverilog,
 * cocotb, yosys, nextpnr: the script said which).
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

void bench_suite_hw(bench *b)
{
    char script[4096], records[4096], lib[4096], work[4096];
    const char *dir = getenv("TMPDIR");
    snprintf(script, sizeof script, "%s/hw/bench_hw.py", KF_SOURCE_DIR);
    snprintf(lib, sizeof lib, "%s/libkeccakforge.so", KF_BINARY_DIR);
    snprintf(work, sizeof work, "%s/hw-bench", KF_BINARY_DIR);
    if (access(script, R_OK) != 0) {
        printf("    skipped: %s not found (kforge runs it from the source tree it was built from)\n", script);
        return;
    }
    snprintf(records, sizeof records, "%s/kforge-hw-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(records);
    if (fd < 0) {
        printf("    skipped: cannot create a temporary file in $TMPDIR or /tmp\n");
        return;
    }
    close(fd);
    char *argv[] = {"python3", script, "--records", records, "--lib", lib, "--build-dir", work,
                    b->quick ? "--quick" : NULL, NULL};
    pid_t pid;
    int status = 0;
    fflush(stdout);
    if (posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ) != 0) {
        printf("    skipped: python3 not found\n");
        unlink(records);
        return;
    }
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (WIFEXITED(status) && WEXITSTATUS(status) == 77) {
        printf("    (skipped: the script says what is missing above)\n");
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        printf("    FAILED: hw/bench_hw.py exited with status %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    } else {
        FILE *f = fopen(records, "r");
        char line[256], name[40], backend[40], unit[24];
        double v;
        int n = 0;
        while (f && fgets(line, sizeof line, f))
            if (sscanf(line, "%39[^\t]\t%39[^\t]\t%23[^\t]\t%lf", name, backend, unit, &v) == 4) {
                b->last_samples = 1;
                bench_add(b, "hw", name, backend, -1, unit, v);
                n++;
            }
        if (f) fclose(f);
        if (n == 0) printf("    FAILED: no records in %s\n", records);
    }
    unlink(records);
    fflush(stdout);
}

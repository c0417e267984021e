/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hw_cli.c - `kforge hw`: the hardware of hw/ on a ULX3S board, over the board top's serial
 * bridge (hw/rtl/board/). The host driver is the Python package's keccakforge.hw (standard
 * library only: termios, no pyserial); this command runs `python3 -m keccakforge.hw ARGS`
 * in its place, with this build's package first on PYTHONPATH when it is there (an installed
 * kforge uses the installed package). KF_PYTHON names another interpreter.
 */
#include "kforge.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef KF_PYTHON_PKG_DIR
#define KF_PYTHON_PKG_DIR "python"
#endif

static const char usage_text[] =
    "Usage: kforge hw mlkem keygen [-p 512|768|1024] --port DEV [--seed-file F] [--ek-out F] [--dk-out F]\n"
    "                              [--seed-out F]\n"
    "       kforge hw mlkem encaps [-p P] --port DEV --ek-file F [--m-file F] [--c-out F] [--k-out F]\n"
    "       kforge hw mlkem decaps [-p P] --port DEV --dk-file F --c-file F [--k-out F]\n"
    "       kforge hw selftest --port DEV [--params 512,768,1024] [--rvv [--model DIR]]\n"
    "The board tops of hw/ (ULX3S, ECP5-85F; hw/README.md \"The board\") over their serial\n"
    "bridge at --baud (115200) 8N1; DEV is the board's FTDI port, e.g. /dev/ttyUSB0.\n"
    "  mlkem:    ML-KEM (FIPS 203) computed by the board's ML-KEM unit. Inputs from files\n"
    "            (raw bytes or hex; ek and dk also SPKI / PKCS#8, PEM or DER, as `kforge mlkem`\n"
    "            writes them; - is standard input), outputs to --NAME-out files (raw bytes;\n"
    "            dk, k and seed with mode 0600, written through a temporary file) or as\n"
    "            NAME=hex lines. Without --seed-file / --m-file the randomness is the host's.\n"
    "            The unit is cleared (ZEROIZE) after each operation. --timeout S: seconds for\n"
    "            each reply (10).\n"
    "  selftest: a KeyGen / Encaps / Decaps round trip per set on the board, each against the\n"
    "            library (keccakforge.mlkem); --rvv: the processor's board (ulx3s_rvv) runs its\n"
    "            Keccak-p programs against the model (bench/rvv_ise_model: --model DIR).\n"
    "The driver is the Python package's keccakforge.hw (`python3 -m keccakforge.hw` takes the\n"
    "same arguments); this command needs python3 and the package (this build's, or installed).\n"
    "Exit status: 0 success, 1 a failure (an invalid key, a wrong length, the board not\n"
    "answering, python3 or the package missing), 2 bad usage.\n";

int kforge_hw(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        fputs(usage_text, stdout);
        return KFORGE_EXIT_OK;
    }
    if (argc < 2 || (strcmp(argv[1], "mlkem") && strcmp(argv[1], "selftest"))) {
        fprintf(stderr, "kforge hw: %s\n%s",
                argc < 2 ? "name what to run: mlkem or selftest" : "unknown command (mlkem or selftest)", usage_text);
        return KFORGE_EXIT_USAGE;
    }
    /* this build's package first on PYTHONPATH, when the build has it */
    char probe[4096];
    int n = snprintf(probe, sizeof probe, "%s/keccakforge/hw.py", KF_PYTHON_PKG_DIR);
    if (n > 0 && (size_t)n < sizeof probe && access(probe, R_OK) == 0) {
        const char *old = getenv("PYTHONPATH");
        size_t len = strlen(KF_PYTHON_PKG_DIR) + (old && *old ? strlen(old) + 1 : 0) + 1;
        char *path = malloc(len);
        if (!path) {
            fprintf(stderr, "kforge hw: out of memory\n");
            return KFORGE_EXIT_FAIL;
        }
        snprintf(path, len, "%s%s%s", KF_PYTHON_PKG_DIR, old && *old ? ":" : "", old && *old ? old : "");
        if (setenv("PYTHONPATH", path, 1) != 0) {
            fprintf(stderr, "kforge hw: cannot set PYTHONPATH: %s\n", strerror(errno));
            free(path);
            return KFORGE_EXIT_FAIL;
        }
        free(path);
    }
    const char *python = getenv("KF_PYTHON");
    if (!python || !*python) python = "python3";
    /* python3 -m keccakforge.hw argv[1..]: argc - 1 arguments, 3 in front, NULL after */
    char **args = calloc((size_t)argc + 3, sizeof *args);
    if (!args) {
        fprintf(stderr, "kforge hw: out of memory\n");
        return KFORGE_EXIT_FAIL;
    }
    args[0] = (char *)python;
    args[1] = "-m";
    args[2] = "keccakforge.hw";
    for (int i = 1; i < argc; i++) args[i + 2] = argv[i];
    fflush(stdout);
    execvp(python, args);
    fprintf(stderr, "kforge hw: cannot run %s (%s): the board's driver is the Python package keccakforge.hw\n",
            python, strerror(errno));
    free(args);
    return KFORGE_EXIT_FAIL;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * perm_count.c - the program cross_bench.py runs under qemu-user with instruction tracing.
 *
 *   perm_count list                  one line per backend this CPU runs:
 *                                    "x1 NAME 1" or "xn NAME N" (N states per call)
 *   perm_count run NAME CALLS NR     CALLS calls of NAME's permute (Keccak-p[1600, NR]) on
 *                                    fixed non-zero states, then exit
 *
 * cross_bench.py counts the instructions of `run` with CALLS = 1 and CALLS = 1 + k: the
 * difference is k calls, everything else (loader, libc, dispatch, set-up) cancels. Nothing
 * here may depend on CALLS except the loop, so the output does not mention it either.
 * Built by the cross builds only (bench/cross_bench/CMakeLists.txt), statically, so the
 * traced start-up is short.
 */
#include "keccak/keccak_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BACKENDS 64
#define MAX_STATE_BYTES 4096

static _Alignas(64) uint8_t states[MAX_STATE_BYTES];

static int list(void)
{
    const kf_backend *x1[MAX_BACKENDS];
    const kf_backend_xn *xn[MAX_BACKENDS];
    size_t n1 = kf_backend_all(x1, MAX_BACKENDS), nn = kf_backend_xn_all(xn, MAX_BACKENDS);
    for (size_t i = 0; i < n1 && i < MAX_BACKENDS; i++)
        if (kf_backend_runnable(x1[i])) printf("x1 %s 1\n", x1[i]->name);
    for (size_t i = 0; i < nn && i < MAX_BACKENDS; i++)
        if (kf_backend_xn_runnable(xn[i])) printf("xn %s %u\n", xn[i]->name, xn[i]->n);
    return 0;
}

/* Instance i's bytes: a fixed pattern, different per instance, never all-zero. */
static void fill(uint8_t in[200], unsigned i)
{
    for (unsigned j = 0; j < 200; j++) in[j] = (uint8_t)(j * 29u + i * 101u + 7u);
}

static int run(const char *name, long calls, unsigned nr)
{
    const kf_backend *b1 = kf_backend_by_name(name);
    const kf_backend_xn *bn = b1 ? NULL : kf_backend_xn_by_name(name);
    uint8_t in[200];
    if ((!b1 && !bn) || calls < 1 || nr < 1 || nr > 24) return 2;
    if (b1 ? !kf_backend_runnable(b1) : !kf_backend_xn_runnable(bn)) return 3;
    if (bn && bn->state_bytes > MAX_STATE_BYTES) return 4;
    if (b1) {
        b1->init(states);
        fill(in, 0);
        b1->overwrite_bytes(states, in, 0, 200);
        for (long c = 0; c < calls; c++) b1->permute(states, nr);
        b1->extract_bytes(states, in, 0, 200);
    } else {
        bn->init(states);
        for (unsigned i = 0; i < bn->n; i++) {
            fill(in, i);
            bn->overwrite_bytes(states, i, in, 0, 200);
        }
        for (long c = 0; c < calls; c++) bn->permute(states, nr);
        bn->extract_bytes(states, 0, in, 0, 200);
    }
    /* one byte of output keeps the calls live; it is the same count of instructions for any value */
    return putchar('0' + (in[0] & 1)) == EOF;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "list") == 0) return list();
    if (argc == 5 && strcmp(argv[1], "run") == 0)
        return run(argv[2], strtol(argv[3], NULL, 10), (unsigned)strtoul(argv[4], NULL, 10));
    fprintf(stderr, "usage: perm_count list | perm_count run BACKEND CALLS NR\n");
    return 2;
}

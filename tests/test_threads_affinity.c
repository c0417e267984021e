/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_threads_affinity.c - the default thread policy (threads = 0) counts only the CPUs the
 * process may run on. Pinned to one CPU (as taskset or a container's cpuset would), a KT128
 * or ParallelHash call of 1 MiB with threads = 0 must start no worker thread: a worker there
 * would take turns with the caller on that one CPU, slower than one thread. Checked by the
 * process's thread count (/proc/self/task) after the calls, in a fresh process (nothing has
 * started the pool before). Then, allowed every CPU again, two threads forced must still work
 * (the pool starts) and give the same results. Linux only; skipped (77) elsewhere or on a
 * single-CPU machine.
 */
#define _GNU_SOURCE
#include "keccakforge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include "thread_count.h"
#include <sched.h>
#include <unistd.h>


int main(void)
{
    cpu_set_t all, one;
    if (sched_getaffinity(0, sizeof all, &all) != 0 || CPU_COUNT(&all) < 2) {
        puts("test_threads_affinity: fewer than 2 CPUs allowed: skipped");
        return 77;
    }
    int first = 0;
    while (!CPU_ISSET(first, &all)) first++;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) {
        puts("test_threads_affinity: cannot pin to one CPU: skipped");
        return 77;
    }
    size_t len = (size_t)1 << 20;
    uint8_t *in = malloc(len), kt_auto[32], kt_two[32], ph_auto[32], ph_two[32];
    if (!in) return 1;
    for (size_t i = 0; i < len; i++) in[i] = (uint8_t)(i * 7 + (i >> 9));
    int failed = 0, before = thread_count();
    for (int r = 0; r < 3; r++) {
        failed |= kf_kt128_mt(kt_auto, 32, in, len, NULL, 0, 0) != KF_OK;
        failed |= kf_parallelhash_mt(KF_V128, ph_auto, 32, in, len, 8192, NULL, 0, 0) != KF_OK;
    }
    int pinned = thread_count();
    if (pinned != before) {
        printf("FAIL: pinned to CPU %d, threads = 0 started %d thread(s)\n", first, pinned - before);
        failed = 1;
    }
    if (sched_setaffinity(0, sizeof all, &all) != 0) return 1;
    failed |= kf_kt128_mt(kt_two, 32, in, len, NULL, 0, 2) != KF_OK;
    failed |= kf_parallelhash_mt(KF_V128, ph_two, 32, in, len, 8192, NULL, 0, 2) != KF_OK;
    int after = thread_count();
    if (after <= before) {
        printf("FAIL: two threads forced started no worker (%d -> %d threads)\n", before, after);
        failed = 1;
    }
    if (memcmp(kt_auto, kt_two, 32) != 0 || memcmp(ph_auto, ph_two, 32) != 0) {
        puts("FAIL: results differ between one and two threads");
        failed = 1;
    }
    free(in);
    printf("test_threads_affinity: threads %d -> %d pinned (auto) -> %d (two forced): %s\n", before, pinned, after,
           failed ? "FAILED" : "ok");
    return failed;
}
#else
int main(void)
{
    puts("test_threads_affinity: Linux only: skipped");
    return 77;
}
#endif

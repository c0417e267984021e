/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* thread_count.h - the calling process's thread count (/proc/self/task), for the thread-pool
 * tests (test_threads_affinity.c, test_pool_faults.c). Linux only; -1 if it cannot be read. */
#ifndef KF_TEST_THREAD_COUNT_H
#define KF_TEST_THREAD_COUNT_H

#include <dirent.h>

static inline int thread_count(void)
{
    int n = 0;
    DIR *d = opendir("/proc/self/task");
    if (!d) return -1;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (e->d_name[0] != '.') n++;
    closedir(d);
    return n;
}

#endif

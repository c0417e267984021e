/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* os_random.c - see os_random.h. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#  define _GNU_SOURCE
#endif
#include "os_random.h"
#include "keccakforge.h"

#include <errno.h>
#if defined(__linux__)
#  include <sys/random.h>
#  include <sys/types.h>
#else
#  include <stdio.h>
#endif

int kf_os_random(uint8_t *out, size_t len)
{
#if defined(__linux__)
    while (len > 0) {
        ssize_t n = getrandom(out, len, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            return KF_ERR_RNG;
        }
        out += n;
        len -= (size_t)n;
    }
    return KF_OK;
#else
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f) return KF_ERR_RNG;
    size_t got = fread(out, 1, len, f);
    fclose(f);
    return got == len ? KF_OK : KF_ERR_RNG;
#endif
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* os_random.c - see os_random.h. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#  define _GNU_SOURCE
#endif
#include "os_random.h"
#include "keccakforge.h"

#include <errno.h>
#if defined(__linux__)
#  include <fcntl.h>
#  include <sys/stat.h>
#  include <sys/syscall.h>
#  include <sys/types.h>
#  include <unistd.h>
#else
#  include <stdio.h>
#endif

#if defined(__linux__)
/* /dev/urandom, when the kernel has no getrandom (before 3.17) or a sandbox refuses it. Only a
 * character device is read (not a file a chroot put there). */
static int urandom(uint8_t *out, size_t len)
{
    struct stat st;
    int fd;
    do fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC | O_NOCTTY);
    while (fd < 0 && errno == EINTR);
    if (fd < 0) return KF_ERR_RNG;
    if (fstat(fd, &st) != 0 || !S_ISCHR(st.st_mode)) {
        close(fd);
        return KF_ERR_RNG;
    }
    while (len > 0) {
        ssize_t n = read(fd, out, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            close(fd);
            return KF_ERR_RNG;
        }
        out += n;
        len -= (size_t)n;
    }
    close(fd);
    return KF_OK;
}
#endif

int kf_os_random(uint8_t *out, size_t len)
{
#if defined(__linux__)
#  if defined(SYS_getrandom)
    /* the system call itself, not glibc's getrandom() (2.25): the library then runs on glibc
     * 2.17 (manylinux2014). ENOSYS (an old kernel) and EPERM (a seccomp filter that refuses it)
     * fall back to /dev/urandom; any other error is KF_ERR_RNG. */
    while (len > 0) {
        long n = syscall(SYS_getrandom, out, len, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == ENOSYS || errno == EPERM) return urandom(out, len);
            return KF_ERR_RNG;
        }
        out += n;
        len -= (size_t)n;
    }
    return KF_OK;
#  else
    return urandom(out, len);
#  endif
#else
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f) return KF_ERR_RNG;
    size_t got = fread(out, 1, len, f);
    fclose(f);
    return got == len ? KF_OK : KF_ERR_RNG;
#endif
}

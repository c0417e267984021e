/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_os_random.c - the operating system random source (src/common/os_random.c) on the paths
 * a normal run never takes. Each case runs in a child process under a seccomp filter that
 * makes the getrandom system call (and, in some cases, open/openat) fail with a chosen errno,
 * as an old kernel (ENOSYS) or a container sandbox (EPERM) does:
 *   - no filter: kf_os_random and kf_mlkem_keygen work;
 *   - getrandom -> ENOSYS, and -> EPERM: the direct system call really fails in the child, and
 *     kf_os_random still fills buffers (32 bytes and 1 MiB) from /dev/urandom, two draws
 *     differ, and kf_mlkem_keygen gives a key pair;
 *   - getrandom -> ENOSYS and open/openat -> EACCES: KF_ERR_RNG (named error, no crash), and
 *     kf_mlkem_keygen returns KF_ERR_RNG with its outputs zeroed;
 *   - getrandom -> EIO (an error that is not "missing"): KF_ERR_RNG, no silent fallback.
 * Exit 77 (Skipped) where a seccomp filter cannot be installed (not Linux, an architecture this
 * file does not know, or qemu-user, which does not pass filters to the host).
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#  define _GNU_SOURCE
#endif
#include "common/os_random.h"
#include "keccakforge.h"
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#  include <errno.h>
#  include <linux/audit.h>
#  include <linux/filter.h>
#  include <linux/seccomp.h>
#  include <stddef.h>
#  include <sys/prctl.h>
#  include <sys/syscall.h>
#  include <sys/wait.h>
#  include <unistd.h>
#  if defined(__x86_64__)
#    define ARCH AUDIT_ARCH_X86_64
#  elif defined(__aarch64__)
#    define ARCH AUDIT_ARCH_AARCH64
#  elif defined(__riscv) && __riscv_xlen == 64
#    define ARCH AUDIT_ARCH_RISCV64
#  endif
#endif

#if defined(ARCH) && defined(SYS_getrandom)
#define SKIP 77

/* getrandom fails with gr_errno; open/openat with open_errno unless it is 0 */
static int install(int gr_errno, int open_errno)
{
    unsigned open_ret = open_errno ? SECCOMP_RET_ERRNO | ((unsigned)open_errno & SECCOMP_RET_DATA) : SECCOMP_RET_ALLOW;
    struct sock_filter f[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_getrandom, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ((unsigned)gr_errno & SECCOMP_RET_DATA)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_openat, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, open_ret),
#ifdef SYS_open
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_open, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, open_ret),
#endif
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = {(unsigned short)(sizeof f / sizeof f[0]), f};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return 0;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) == 0;
}

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= p[i];
    return acc == 0;
}

/* the child's checks; its exit status is its failure count (SKIP: no filter) */
static int child(int gr_errno, int open_errno)
{
    static uint8_t big[1 << 20];
    uint8_t a[32], b[32], ek[KF_MLKEM768_EK_BYTES], dk[KF_MLKEM768_DK_BYTES];
    int rc;
    if (gr_errno && !install(gr_errno, open_errno)) return SKIP;
    if (gr_errno) {
        long n = syscall(SYS_getrandom, a, sizeof a, 0);
        CHECK(n == -1 && errno == gr_errno, "the filter is not in effect: getrandom gave %ld, errno %d", n, errno);
    }
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    memset(ek, 0xAA, sizeof ek);
    memset(dk, 0xAA, sizeof dk);
    if (gr_errno == 0 || ((gr_errno == ENOSYS || gr_errno == EPERM) && open_errno == 0)) {
        CHECK(kf_os_random(a, sizeof a) == KF_OK && kf_os_random(b, sizeof b) == KF_OK, "kf_os_random failed");
        CHECK(!all_zero(a, sizeof a) && memcmp(a, b, sizeof a) != 0, "two 32-byte draws are zero or equal");
        CHECK(kf_os_random(big, sizeof big) == KF_OK && !all_zero(big + sizeof big - 64, 64), "a 1 MiB draw");
        CHECK(kf_mlkem_keygen(KF_MLKEM768, ek, dk) == KF_OK, "kf_mlkem_keygen failed");
    } else {
        CHECK(kf_os_random(a, sizeof a) == KF_ERR_RNG, "kf_os_random did not fail with KF_ERR_RNG");
        rc = kf_mlkem_keygen(KF_MLKEM768, ek, dk);
        CHECK(rc == KF_ERR_RNG, "kf_mlkem_keygen gave %s, not KF_ERR_RNG", kf_strerror(rc));
        CHECK(all_zero(ek, sizeof ek) && all_zero(dk, sizeof dk), "kf_mlkem_keygen left output after KF_ERR_RNG");
    }
    fflush(stdout);
    return failures > 60 ? 60 : failures;
}

static int run(const char *what, int gr_errno, int open_errno, int *skipped)
{
    pid_t pid;
    int st = 0;
    fflush(stdout);
    pid = fork();
    if (pid < 0) {
        printf("FAIL %s: fork\n", what);
        return 1;
    }
    if (pid == 0) _exit(child(gr_errno, open_errno));   /* _exit: no atexit handlers under the filter */
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st)) {
        printf("FAIL %s: the child did not exit normally (status %#x)\n", what, st);
        return 1;
    }
    if (WEXITSTATUS(st) == SKIP) {
        printf("  %s: no seccomp filter here (skipped)\n", what);
        *skipped = 1;
        return 0;
    }
    printf("  %s: %s\n", what, WEXITSTATUS(st) ? "FAILED" : "ok");
    return WEXITSTATUS(st);
}

int main(void)
{
    int bad = 0, skipped = 0;
    bad += run("getrandom available", 0, 0, &skipped);
    bad += run("getrandom -> ENOSYS: /dev/urandom", ENOSYS, 0, &skipped);
    bad += run("getrandom -> EPERM: /dev/urandom", EPERM, 0, &skipped);
    bad += run("getrandom -> ENOSYS, open -> EACCES: KF_ERR_RNG", ENOSYS, EACCES, &skipped);
    bad += run("getrandom -> EIO: KF_ERR_RNG, no fallback", EIO, 0, &skipped);
    if (skipped && !bad) {
        printf("test_os_random skipped: seccomp filters cannot be installed here\n");
        return SKIP;
    }
    printf("test_os_random: %d failure(s)\n", bad);
    return bad ? 1 : 0;
}
#else
int main(void)
{
    printf("test_os_random skipped: needs Linux with a seccomp architecture this test knows\n");
    return 77;
}
#endif

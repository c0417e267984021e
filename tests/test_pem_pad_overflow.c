/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_pem_pad_overflow.c - kf_pem_decode on a block of "AAAA" followed by 2^32 '=' characters
 * must refuse it (KF_ERR_BAD_ENCODING). It counted the '=' in an int: past 2^31 of them the
 * count overflowed (undefined behaviour), and at 2^32 it wrapped to 0 and the block was
 * accepted with the padding ignored (found by the WP proof of src/encoding/asn1_keys.c, issue
 * 54). The 4 GiB of '=' are one 2 MiB memfd mapped 2048 times side by side, so the test needs
 * 2 MiB of memory; scanning them takes ~2 s natively, so it runs in the default suite (but not in
 * the cross builds' nested suites, where qemu-user needs minutes: tests/cross/cross_tests.cmake).
 * Linux, 64-bit only (else it reports itself skipped).
 */
#define _GNU_SOURCE
#include <keccakforge.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#if defined(__linux__) && UINTPTR_MAX > 0xFFFFFFFFu
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
    const char head[] = "-----BEGIN A-----\nAAAA", tail[] = "\n-----END A-----\n";
    const size_t chunk = (size_t)2 << 20, pads = (size_t)1 << 32, page = (size_t)sysconf(_SC_PAGESIZE);
    const size_t total = page + pads + page;
    int fd = memfd_create("pad", 0);
    if (fd < 0 || ftruncate(fd, (off_t)chunk) != 0) { printf("SKIP: memfd_create\n"); return 77; }
    char *fill = mmap(NULL, chunk, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (fill == MAP_FAILED) { printf("SKIP: mmap\n"); return 77; }
    memset(fill, '=', chunk);
    char *base = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) { printf("SKIP: no 4 GiB of address space\n"); return 77; }
    /* page 0: the header at its end; then the '=' chunks; then the END line */
    if (mmap(base, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED ||
        mmap(base + page + pads, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED) {
        printf("SKIP: mmap\n");
        return 77;
    }
    for (size_t off = 0; off < pads; off += chunk)
        if (mmap(base + page + off, chunk, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED) {
            printf("SKIP: mmap of the '=' chunks\n");
            return 77;
        }
    char *start = base + page - (sizeof head - 1);
    memcpy(start, head, sizeof head - 1);
    memcpy(base + page + pads, tail, sizeof tail - 1);
    size_t pemlen = (sizeof head - 1) + pads + (sizeof tail - 1);

    uint8_t der[8];
    size_t derlen = 0;
    int rc = kf_pem_decode(start, pemlen, NULL, 0, der, sizeof der, &derlen);
    if (rc != KF_ERR_BAD_ENCODING) {
        printf("FAIL: \"AAAA\" + 2^32 '=' decoded with %s (derlen %zu), want KF_ERR_BAD_ENCODING\n",
               kf_strerror(rc), derlen);
        return 1;
    }
    /* the short cases still behave: one, two and three '=' after a full group */
    static const char *const cases[] = {"-----BEGIN A-----\nAAAA=\n-----END A-----\n",
                                        "-----BEGIN A-----\nAAAA==\n-----END A-----\n",
                                        "-----BEGIN A-----\nAAAA===\n-----END A-----\n",
                                        "-----BEGIN A-----\nAAA=\n-----END A-----\n"};
    static const int want[] = {KF_ERR_BAD_ENCODING, KF_ERR_BAD_ENCODING, KF_ERR_BAD_ENCODING, KF_OK};
    for (size_t i = 0; i < 4; i++) {
        rc = kf_pem_decode(cases[i], strlen(cases[i]), NULL, 0, der, sizeof der, &derlen);
        if (rc != want[i]) {
            printf("FAIL: case %zu gave %s\n", i, kf_strerror(rc));
            return 1;
        }
    }
    munmap(base, total);
    munmap(fill, chunk);
    close(fd);
    printf("OK: 2^32 '=' refused\n");
    return 0;
}
#else
int main(void)
{
    printf("SKIP: needs Linux and a 64-bit address space\n");
    return 77;
}
#endif

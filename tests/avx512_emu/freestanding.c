/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * freestanding.c - what the compiler may call in a program without libc: memcpy, memmove,
 * memset, memcmp (GCC and clang emit calls to these four even with -ffreestanding), and
 * kf_cpu_features, which the library's dispatch.c provides on a hosted build and
 * avx512-x8's leaves_node consults (BMI1/BMI2). The copies and fills are rep movsb / rep
 * stosb in inline assembly, so no compiler can turn them back into calls to themselves.
 */
#include "keccak/keccak_backend.h"

#include <cpuid.h>
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *restrict d, const void *restrict s, size_t n)
{
    void *dp = d;
    __asm__ volatile("rep movsb" : "+D"(dp), "+S"(s), "+c"(n) : : "memory");
    return d;
}

void *memmove(void *d, const void *s, size_t n)
{
    if ((uintptr_t)d - (uintptr_t)s >= n) return memcpy(d, s, n); /* no overlap from below */
    /* d inside [s, s + n): copy backwards, from the last byte (DF set, then cleared again) */
    uint8_t *dp = (uint8_t *)d + n - 1;
    const uint8_t *sp = (const uint8_t *)s + n - 1;
    __asm__ volatile("std\n\trep movsb\n\tcld" : "+D"(dp), "+S"(sp), "+c"(n) : : "memory");
    return d;
}

void *memset(void *d, int c, size_t n)
{
    void *dp = d;
    __asm__ volatile("rep stosb" : "+D"(dp), "+c"(n) : "a"(c) : "memory");
    return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const uint8_t *ap = a, *bp = b;
    for (size_t i = 0; i < n; i++)
        if (ap[i] != bp[i]) return ap[i] < bp[i] ? -1 : 1;
    return 0;
}

/* The emulated CPU's own answer (CPUID leaf 7 and XCR0), as dispatch.c reads it on a host. */
uint32_t kf_cpu_features(void)
{
    uint32_t a, b, c, d, f = 0, lo, hi;
    __cpuid_count(7, 0, a, b, c, d);
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    int zmm = (lo & 0xE6) == 0xE6;
    if (b & (1u << 3)) f |= KF_CPU_BMI1;
    if (b & (1u << 8)) f |= KF_CPU_BMI2;
    if (b & (1u << 5)) f |= KF_CPU_AVX2;
    if (zmm && (b & (1u << 16))) f |= KF_CPU_AVX512F;
    if (zmm && (b & (1u << 31))) f |= KF_CPU_AVX512VL;
    if (zmm && (b & (1u << 30))) f |= KF_CPU_AVX512BW;
    if (zmm && (c & (1u << 1))) f |= KF_CPU_AVX512VBMI;
    if (zmm && (c & (1u << 6))) f |= KF_CPU_AVX512VBMI2;
    if (zmm && (c & (1u << 12))) f |= KF_CPU_AVX512BITALG;
    return f;
}

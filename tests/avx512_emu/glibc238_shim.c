/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * glibc238_shim.c - the two glibc 2.38 symbols bochscpu-python's manylinux_2_28 wheel calls
 * (C23's strtoull and sscanf, which also accept 0b prefixes; Bochs never parses such input
 * here), forwarded to the older functions, so the wheel loads on glibc 2.36 (Debian 12).
 * run_avx512_emu.py loads this with RTLD_GLOBAL before the wheel, only when the wheel fails
 * to load without it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

unsigned long long __isoc23_strtoull(const char *s, char **end, int base);
int __isoc23_sscanf(const char *s, const char *fmt, ...);

unsigned long long __isoc23_strtoull(const char *s, char **end, int base)
{
    return strtoull(s, end, base);
}

int __isoc23_sscanf(const char *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsscanf(s, fmt, ap);
    va_end(ap);
    return r;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * util.h - small helpers every part of the library uses: wiping memory so the compiler
 * cannot drop the stores, and comparing secrets in constant time (the public ones,
 * kf_wipe and kf_ct_equal, are in keccakforge.h).
 */
#ifndef KF_COMMON_UTIL_H
#define KF_COMMON_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* Zero p[0..len); the stores stay even when p is dead afterwards. */
/*@ requires \valid((uint8_t *)p + (0 .. len - 1));
    assigns ((uint8_t *)p)[0 .. len - 1]; */
void kf_memzero(void *p, size_t len);

/* OR of a[i] ^ b[i] over len bytes: 0 when equal. Time depends on len only. */
uint8_t kf_ct_diff(const void *a, const void *b, size_t len);

#endif

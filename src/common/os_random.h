/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* os_random.h - the operating system's random generator, for the schemes' key generation
 * and signing randomness (one place for ML-KEM and SLH-DSA). */
#ifndef KF_OS_RANDOM_H
#define KF_OS_RANDOM_H

#include <stddef.h>
#include <stdint.h>

/* Fill out[0..len) from the getrandom system call (Linux), or /dev/urandom where that call is
 * missing (ENOSYS) or refused (EPERM), or elsewhere; KF_OK or KF_ERR_RNG when neither works. */
/*@ requires \valid(out + (0 .. len - 1));
    assigns out[0 .. len - 1];
    ensures \result == 0 || \result == -10; */ /* KF_OK, KF_ERR_RNG (ACSL: assumed, not proved) */
int kf_os_random(uint8_t *out, size_t len);

#endif

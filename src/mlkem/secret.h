/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * secret.h - handling secrets in ML-KEM's own buffers: wiping them, and declassifying
 * values that are public by definition for the constant-time check.
 *
 * Wiping: kf_memzero (sponge.c), memset at full width behind a compiler barrier.
 *
 * Declassifying (common/ct.h): tests/test_mlkem_ct.c runs the operations under valgrind
 * memcheck with the secrets marked undefined, and memcheck reports any branch or address
 * that depends on them. rho = G(d || k)[0..32), computed from a secret but published in ek
 * (and A is rejection-sampled from it), is marked defined again with kf_declassify.
 */
#ifndef KF_MLKEM_SECRET_H
#define KF_MLKEM_SECRET_H

#include "common/ct.h"     /* kf_declassify */
#include "sponge/sponge.h" /* kf_memzero */

#include <string.h>

#endif

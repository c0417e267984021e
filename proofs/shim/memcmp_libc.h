/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The proof build only (proofs/units.py, passed with -include): memcmp with a contract WP 25
 * can use, a subset of what C says of it (docs/ASSURANCE.md, "What the contracts assume").
 * Frama-C's own specification asks that neither pointer dangle (non_escaping, which WP 25
 * cannot state) and ends in a logic memcmp over char views of the arguments; on uint8_t
 * buffers WP's Typed model cannot relate those views to the bytes (the cast is
 * "incompatible"), and its hypothesis after a call made \false provable (src/mldsa/verify.c,
 * same_bytes' comment). Here: both n-byte ranges readable, nothing written, the result
 * depends on those bytes only, and 0 when n is 0. What it does not say: that the result is 0
 * exactly when the bytes are equal (no proved function needs that: the callers compare public
 * data and their contracts say only that the result is 0 or 1). Initialisation of the bytes
 * is not stated, as nowhere in these WP proofs (docs/ASSURANCE.md, "The tool's assumptions").
 * Frama-C's <string.h> is included first, so the macro applies only to the code parsed after. */
#ifndef KF_PROOF_SHIM_MEMCMP_LIBC_H
#define KF_PROOF_SHIM_MEMCMP_LIBC_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*@ requires \valid_read((const uint8_t *)s1 + (0 .. n - 1));
    requires \valid_read((const uint8_t *)s2 + (0 .. n - 1));
    assigns \result \from indirect:((const uint8_t *)s1)[0 .. n - 1], indirect:((const uint8_t *)s2)[0 .. n - 1];
    ensures n == 0 ==> \result == 0; */
int kf_proof_memcmp(const void *s1, const void *s2, size_t n);

#define memcmp(s1, s2, n) kf_proof_memcmp(s1, s2, n)
#endif

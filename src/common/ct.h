/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ct.h - declassifying values that are computed from secrets but public by definition, for
 * the constant-time checks under valgrind memcheck (tests/test_mlkem_ct.c,
 * tests/test_slhdsa_ct.c, tests/test_mldsa_ct.c).
 *
 * Those tests mark the secrets undefined; memcheck then reports every branch and address
 * that depends on them. A value that the algorithm publishes (a signature's randomizer, a
 * root that the signature lets anyone recompute, ML-KEM's and ML-DSA's rho, ML-DSA's
 * rejection decisions) is marked defined again where it becomes public, with memcheck's
 * client request when its header was there at build time. Outside valgrind the request is a few no-op instructions.
 */
#ifndef KF_COMMON_CT_H
#define KF_COMMON_CT_H

#include <stddef.h>

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define KF_HAVE_MEMCHECK 1
#endif
#endif

/* clang's MemorySanitizer (tests/test_ct_msan.c poisons the secrets the same way) */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#include <sanitizer/msan_interface.h>
#define KF_HAVE_MSAN 1
#endif
#endif

/* p[0..len) is public from here on. The client requests change no memory the C program sees
 * (ACSL for the proofs, docs/ASSURANCE.md: assumed, as the requests are not C). */
/*@ assigns \nothing; */
static inline void kf_declassify(const void *p, size_t len)
{
    (void)p; /* the client request is empty on a platform valgrind does not know */
    (void)len;
#ifdef KF_HAVE_MEMCHECK
    VALGRIND_MAKE_MEM_DEFINED(p, len);
#endif
#ifdef KF_HAVE_MSAN
    __msan_unpoison(p, len);
#endif
}

#endif

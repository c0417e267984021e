/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * util.c - the library's version, status names, wiping and constant-time comparison.
 */
#include "common/util.h"

#include <keccakforge.h>
#include <string.h>

const char *kf_version_string(void) { return KECCAKFORGE_VERSION_STRING; }

/* A memset the compiler must keep: the asm claims to read the memory, so the zeros may be
 * read, and the stores cannot be removed as dead. (A volatile byte loop does the same at a
 * byte per cycle, which was a tenth of ML-KEM's time.) */
void kf_memzero(void *p, size_t len)
{
#if defined(__GNUC__) || defined(__clang__)
    memset(p, 0, len);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (len--) *v++ = 0;
#endif
}

void kf_wipe(void *p, size_t len)
{
    if (p) kf_memzero(p, len);
}

uint8_t kf_ct_diff(const void *a, const void *b, size_t len)
{
    const uint8_t *x = (const uint8_t *)a, *y = (const uint8_t *)b;
    uint8_t d = 0;
    for (size_t i = 0; i < len; i++) d |= (uint8_t)(x[i] ^ y[i]);
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(d)); /* the compiler cannot see d's value: no early exit built from it */
#endif
    return d;
}

int kf_ct_equal(const void *a, const void *b, size_t len)
{
    if (len && (!a || !b)) return 0;
    uint32_t d = kf_ct_diff(a, b, len);
    return (int)(1 & ((d - 1) >> 8)); /* d == 0 -> 1, d in 1..255 -> 0, without a branch */
}

const char *kf_strerror(int status)
{
    switch (status) {
    case KF_OK: return "KF_OK";
    case KF_ERR_NULL_POINTER: return "KF_ERR_NULL_POINTER";
    case KF_ERR_BAD_STATE: return "KF_ERR_BAD_STATE";
    case KF_ERR_BAD_DOMAIN: return "KF_ERR_BAD_DOMAIN";
    case KF_ERR_TOO_LONG: return "KF_ERR_TOO_LONG";
    case KF_ERR_BAD_LENGTH: return "KF_ERR_BAD_LENGTH";
    case KF_ERR_BAD_ALGORITHM: return "KF_ERR_BAD_ALGORITHM";
    case KF_ERR_UNKNOWN_BACKEND: return "KF_ERR_UNKNOWN_BACKEND";
    case KF_ERR_UNSUPPORTED: return "KF_ERR_UNSUPPORTED";
    case KF_ERR_BAD_KEY: return "KF_ERR_BAD_KEY";
    case KF_ERR_RNG: return "KF_ERR_RNG";
    case KF_ERR_BAD_SIGNATURE: return "KF_ERR_BAD_SIGNATURE";
    case KF_ERR_BAD_SIGNATURE_SIZE: return "KF_ERR_BAD_SIGNATURE_SIZE";
    case KF_ERR_BAD_CONTEXT: return "KF_ERR_BAD_CONTEXT";
    case KF_ERR_BAD_TAG: return "KF_ERR_BAD_TAG";
    case KF_ERR_BAD_ENCODING: return "KF_ERR_BAD_ENCODING";
    default: return "KF_ERR_UNKNOWN_STATUS";
    }
}

const char *kf_error_message(int status)
{
    switch (status) {
    case KF_OK: return "success";
    case KF_ERR_NULL_POINTER: return "a required pointer is NULL";
    case KF_ERR_BAD_STATE: return "call out of order";
    case KF_ERR_BAD_DOMAIN: return "TurboSHAKE domain byte outside 0x01..0x7F";
    case KF_ERR_TOO_LONG: return "length too large to encode";
    case KF_ERR_BAD_LENGTH: return "wrong length";
    case KF_ERR_BAD_ALGORITHM: return "unknown algorithm or parameter set";
    case KF_ERR_UNKNOWN_BACKEND: return "no backend of that name in this build";
    case KF_ERR_UNSUPPORTED: return "this CPU cannot run that backend";
    case KF_ERR_BAD_KEY: return "invalid key";
    case KF_ERR_RNG: return "the random number generator failed";
    case KF_ERR_BAD_SIGNATURE: return "signature does not verify";
    case KF_ERR_BAD_SIGNATURE_SIZE: return "wrong signature size";
    case KF_ERR_BAD_CONTEXT: return "context string longer than 255 bytes";
    case KF_ERR_BAD_TAG: return "MAC tag does not match";
    case KF_ERR_BAD_ENCODING: return "malformed encoding or unknown key type";
    default: return "unknown status code";
    }
}

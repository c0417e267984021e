/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha512.h - SHA-512 (FIPS 180-4) for the CLI's CMS writer alone: RFC 9882 makes SHA-512
 * the message digest every ML-DSA CMS implementation supports, and the library itself is
 * Keccak only. One-shot; the input is public (a message being signed), so the code makes
 * no constant-time claims beyond what plain C gives.
 */
#ifndef KFORGE_SHA512_H
#define KFORGE_SHA512_H

#include <stddef.h>
#include <stdint.h>

void kforge_sha512(uint8_t out[64], const uint8_t *in, size_t len);

#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * prehash.h - the pre-hash step that HashML-DSA (FIPS 204 Alg. 4/5) and HashSLH-DSA (FIPS 205
 * Alg. 23/25) share: PH_M = ph(msg) with the DER of ph's OID, for the Keccak pre-hashes.
 */
#ifndef KF_PREHASH_H
#define KF_PREHASH_H

#include <stddef.h>
#include <stdint.h>

#define KF_PREHASH_OID_BYTES 11 /* 06 09 60 86 48 01 65 03 04 02 xx: 2.16.840.1.101.3.4.2.xx */
#define KF_PREHASH_MAX 64       /* the longest PH_M (SHA3-512, SHAKE256's 512 bits) */

/* ph is the public enums' shared numbering (kf_mldsa_prehash and kf_slhdsa_prehash: 1 SHA3-224,
 * 2 SHA3-256, 3 SHA3-384, 4 SHA3-512, 5 SHAKE128 (256-bit output), 6 SHAKE256 (512-bit)). Writes
 * the OID's DER and PH_M (its length to *outlen); KF_ERR_BAD_ALGORITHM for another ph. */
/*@ requires \valid_read((uint8_t *)msg + (0 .. msglen - 1));
    requires \valid(oid + (0 .. KF_PREHASH_OID_BYTES - 1)) && \valid(out + (0 .. KF_PREHASH_MAX - 1)) &&
             \valid(outlen);
    assigns oid[0 .. KF_PREHASH_OID_BYTES - 1], out[0 .. KF_PREHASH_MAX - 1], *outlen;
    ensures \result == 0 ==> *outlen <= KF_PREHASH_MAX;
    ensures \result <= 0; // KF_OK or a kf_status error */
int kf_prehash(int ph, const void *msg, size_t msglen, uint8_t oid[KF_PREHASH_OID_BYTES],
               uint8_t out[KF_PREHASH_MAX], size_t *outlen);

#endif

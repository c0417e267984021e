/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* prehash.c - PH_M and the pre-hash OID of HashML-DSA and HashSLH-DSA (prehash.h). */
#include "prehash.h"
#include "keccakforge.h"

#include <string.h>

/* the two public enums number the pre-hashes alike, so one table serves both */
_Static_assert((int)KF_MLDSA_PH_SHA3_224 == (int)KF_SLHDSA_PH_SHA3_224 &&
                   (int)KF_MLDSA_PH_SHAKE256 == (int)KF_SLHDSA_PH_SHAKE256,
               "kf_mldsa_prehash and kf_slhdsa_prehash number the pre-hashes alike");

int kf_prehash(int ph, const void *msg, size_t msglen, uint8_t oid[KF_PREHASH_OID_BYTES],
               uint8_t out[KF_PREHASH_MAX], size_t *outlen)
{
    static const uint8_t nist_hash_arc[KF_PREHASH_OID_BYTES - 1] = {0x06, 0x09, 0x60, 0x86, 0x48,
                                                                    0x01, 0x65, 0x03, 0x04, 0x02};
    int rc;
    switch (ph) {
    case KF_SLHDSA_PH_SHA3_224: oid[10] = 0x07; *outlen = 28; rc = kf_sha3_224(out, msg, msglen); break;
    case KF_SLHDSA_PH_SHA3_256: oid[10] = 0x08; *outlen = 32; rc = kf_sha3_256(out, msg, msglen); break;
    case KF_SLHDSA_PH_SHA3_384: oid[10] = 0x09; *outlen = 48; rc = kf_sha3_384(out, msg, msglen); break;
    case KF_SLHDSA_PH_SHA3_512: oid[10] = 0x0A; *outlen = 64; rc = kf_sha3_512(out, msg, msglen); break;
    case KF_SLHDSA_PH_SHAKE128: oid[10] = 0x0B; *outlen = 32; rc = kf_shake128(out, 32, msg, msglen); break;
    case KF_SLHDSA_PH_SHAKE256: oid[10] = 0x0C; *outlen = 64; rc = kf_shake256(out, 64, msg, msglen); break;
    default: return KF_ERR_BAD_ALGORITHM;
    }
    memcpy(oid, nist_hash_arc, sizeof nist_hash_arc);
    return rc;
}

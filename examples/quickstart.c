/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#include <keccakforge.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    const char *msg = "abc";
    uint8_t digest[KF_SHA3_256_BYTES], stream[64];

    /* one-shot SHA3-256 */
    if (kf_sha3_256(digest, msg, strlen(msg)) != KF_OK) return 1;

    /* incremental SHAKE128: absorb in pieces, squeeze as much as you like */
    kf_xof_ctx xof;
    if (kf_shake128_init(&xof) != KF_OK) return 1;
    kf_xof_absorb(&xof, "a", 1);
    kf_xof_absorb(&xof, "bc", 2);
    kf_xof_squeeze(&xof, stream, 32);
    kf_xof_squeeze(&xof, stream + 32, 32);

    /* KMAC256 with a key and a customization string */
    uint8_t tag[32];
    int rc = kf_kmac256(tag, sizeof tag, "key", 3, msg, strlen(msg), "my app", 6);
    if (rc != KF_OK) {
        fprintf(stderr, "kmac: %s\n", kf_strerror(rc));
        return 1;
    }

    printf("backend %s\nsha3-256(abc) = ", kf_backend_name());
    for (size_t i = 0; i < sizeof digest; i++) printf("%02x", digest[i]);
    printf("\n");
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Batched hashing: many independent SHAKE128 / SHA3-256 hashes in one call, run side by
 * side on the batched backend (4 or 8 states per permutation call); each result equals the
 * one-at-a-time function's. Inputs may have different lengths.
 * Build: cc batch_hash.c $(pkg-config --cflags --libs keccakforge) */
#include <keccakforge.h>
#include <stdio.h>
#include <string.h>

#define N 12

int main(void)
{
    static uint8_t msgs[N][300], outs[N][64], digests[N][KF_SHA3_256_BYTES];
    const uint8_t *in[N];
    uint8_t *out[N], *dig[N];
    size_t len[N];
    for (size_t i = 0; i < N; i++) {
        len[i] = 20 * i + 7;           /* 7, 27, ... 227 bytes */
        memset(msgs[i], (int)('a' + i), len[i]);
        in[i] = msgs[i];
        out[i] = outs[i];
        dig[i] = digests[i];
    }
    int rc = kf_shake128_batch(out, 64, in, len, N);
    if (rc == KF_OK) rc = kf_sha3_256_batch(dig, in, len, N);
    if (rc != KF_OK) {
        fprintf(stderr, "batch: %s\n", kf_strerror(rc));
        return 1;
    }
    int same = 1;
    for (size_t i = 0; i < N; i++) {
        uint8_t one[64], d[KF_SHA3_256_BYTES];
        if (kf_shake128(one, sizeof one, in[i], len[i]) != KF_OK || kf_sha3_256(d, in[i], len[i]) != KF_OK) return 1;
        same &= memcmp(one, outs[i], sizeof one) == 0 && memcmp(d, digests[i], sizeof d) == 0;
    }
    printf("%d SHAKE128 and %d SHA3-256 hashes batched on %s: %s the one-at-a-time results\n", N, N,
           kf_backend_batch_name(), same ? "equal to" : "DIFFERENT FROM");
    return same ? 0 : 1;
}

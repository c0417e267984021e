/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_batch_null_out.c - the batched one-shots with no output (outlen 0) accept out == NULL,
 * as their argument check does (an array of output pointers may be NULL when there is nothing
 * to write), and return KF_OK without touching it. They read out[i] anyway, a NULL
 * dereference (found by the WP proof of src/hash/batch.c, unit hash_batch, issue 54).
 */
#include <keccakforge.h>

#include <stdio.h>

static int fails;

static void check(const char *what, int rc)
{
    if (rc != KF_OK) {
        printf("FAIL: %s returned %d, expected KF_OK\n", what, rc);
        fails++;
    }
}

int main(void)
{
    static const uint8_t msg[200] = {1, 2, 3};
    const uint8_t *in[9] = {msg, msg, msg, msg, msg, msg, msg, msg, msg};
    const size_t inlen[9] = {0, 3, 200, 1, 136, 168, 5, 7, 199};
    for (size_t n = 1; n <= 9; n++) {
        check("kf_shake128_batch(NULL, 0)", kf_shake128_batch(NULL, 0, in, inlen, n));
        check("kf_shake256_batch(NULL, 0)", kf_shake256_batch(NULL, 0, in, inlen, n));
        check("kf_turboshake128_batch(NULL, 0)", kf_turboshake128_batch(NULL, 0, in, inlen, n, 0x1F));
        check("kf_turboshake256_batch(NULL, 0)", kf_turboshake256_batch(NULL, 0, in, inlen, n, 0x07));
        check("kf_batch_hash(SHAKE128, NULL, 0)", kf_batch_hash(KF_BATCH_SHAKE128, NULL, 0, in, inlen, n));
        check("kf_batch_hash_equal(SHAKE256, NULL, 0)", kf_batch_hash_equal(KF_BATCH_SHAKE256, NULL, 0, in, 64, n));
    }
    /* the argument checks still come first: a NULL input of non-zero length is refused */
    const uint8_t *bad[1] = {NULL};
    const size_t one[1] = {1};
    if (kf_shake128_batch(NULL, 0, bad, one, 1) != KF_ERR_NULL_POINTER) {
        printf("FAIL: a NULL input of length 1 was not refused\n");
        fails++;
    }
    if (!fails) printf("ok\n");
    return fails ? 1 : 0;
}

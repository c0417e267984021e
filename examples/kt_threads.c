/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* KT128 (RFC 9861) of a large buffer with several threads: one-shot kf_kt128_mt, and a
 * streaming context with kf_kt_set_threads; both equal the single-threaded kf_kt128.
 * threads = 0 asks for "the caller plus one per idle CPU"; the threads stay in a small
 * process-wide pool for later calls.
 * Build: cc kt_threads.c $(pkg-config --cflags --libs keccakforge) */
#include <keccakforge.h>
#include <stdio.h>
#include <stdlib.h>

#define SIZE ((size_t)16 << 20) /* 16 MiB: 2048 leaves of 8 KiB */

int main(void)
{
    uint8_t *data = malloc(SIZE);
    uint8_t one[32], mt[32], stream[32];
    if (!data) return 1;
    for (size_t i = 0; i < SIZE; i++) data[i] = (uint8_t)(i % 251); /* RFC 9861's test pattern */

    int rc = kf_kt128(one, sizeof one, data, SIZE, "app", 3);
    if (rc == KF_OK) rc = kf_kt128_mt(mt, sizeof mt, data, SIZE, "app", 3, 0);

    /* streaming: the same digest from pieces of any size (1 MiB here) */
    kf_kt_ctx ctx;
    if (rc == KF_OK) rc = kf_kt_init(&ctx, KF_KT128);
    if (rc == KF_OK) rc = kf_kt_set_threads(&ctx, 4);
    for (size_t off = 0; rc == KF_OK && off < SIZE; off += (size_t)1 << 20)
        rc = kf_kt_update(&ctx, data + off, (size_t)1 << 20);
    if (rc == KF_OK) rc = kf_kt_final(&ctx, "app", 3);
    if (rc == KF_OK) rc = kf_kt_squeeze(&ctx, stream, sizeof stream);
    free(data);
    if (rc != KF_OK) {
        fprintf(stderr, "KT128: %s\n", kf_strerror(rc));
        return 1;
    }
    int same = kf_ct_equal(one, mt, sizeof one) && kf_ct_equal(one, stream, sizeof one);
    printf("KT128 of 16 MiB (batched backend %s): ", kf_backend_batch_name());
    for (size_t i = 0; i < 8; i++) printf("%02x", one[i]);
    printf("... threaded and streaming results %s\n", same ? "equal" : "DIFFER");
    return same ? 0 : 1;
}

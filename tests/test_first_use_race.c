/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_first_use_race.c - two threads (one per core of a small CI machine) make the library's first calls at the same moment
 * (run under ThreadSanitizer in CI: .ci/stages/45-tsan.sh). The first call of each kind
 * settles a lazily chosen thing: the CPU features and the x1 backend (any hash), the batched
 * backend (batch API, KT/ParallelHash leaves), the ML-KEM arithmetic (keygen), and the
 * worker pool of threaded KT/ParallelHash (kf_kt128_mt and kf_parallelhash_mt from every
 * thread at once, so the pool is started and shared concurrently). Every thread's results
 * must equal those the main thread computes afterwards.
 * Nothing is called before the threads start, so the race is on the real first use.
 */
#include "keccakforge.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 2
#define BIG (300u * 1024) /* above the 256 KiB where KT and ParallelHash start threads */

typedef struct result {
    uint8_t sha3[32], shake[64], batch[3][32], kt[32], ph[32], mlkem_ek[KF_MLKEM512_EK_BYTES];
    const char *x1, *xn;
} result;

static uint8_t big[BIG];
static pthread_barrier_t start;

static void compute(result *r)
{
    r->x1 = kf_backend_name();
    r->xn = kf_backend_batch_name();
    kf_sha3_256(r->sha3, "abc", 3);
    kf_shake128(r->shake, sizeof r->shake, big, 1000);
    const uint8_t *in[3] = {big, big + 1, big + 2};
    size_t len[3] = {10, 200, 3000};
    uint8_t *out[3] = {r->batch[0], r->batch[1], r->batch[2]};
    kf_batch_hash(KF_BATCH_SHAKE256, out, 32, in, len, 3);
    kf_kt128_mt(r->kt, 32, big, BIG, "c", 1, 3);
    kf_parallelhash_mt(KF_V128, r->ph, 32, big, BIG, 1024, "", 0, 3);
    uint8_t dk[KF_MLKEM512_DK_BYTES], d[32], z[32];
    memset(d, 7, sizeof d);
    memset(z, 8, sizeof z);
    kf_mlkem_keygen_internal(KF_MLKEM512, r->mlkem_ek, dk, d, z);
}

static int go;

static void *worker(void *arg)
{
    /* all wait at the barrier, then spin until the main thread says go, so that they leave
     * within nanoseconds of each other rather than one wake-up after another */
    pthread_barrier_wait(&start);
    while (!__atomic_load_n(&go, __ATOMIC_ACQUIRE)) {
    }
    compute(arg);
    return NULL;
}

int main(void)
{
    for (size_t i = 0; i < BIG; i++) big[i] = (uint8_t)(i * 131 + (i >> 9));
    static result res[THREADS], ref;
    pthread_t t[THREADS];
    pthread_barrier_init(&start, NULL, THREADS + 1);
    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&t[i], NULL, worker, &res[i]) != 0) {
            printf("pthread_create failed\n");
            return 1;
        }
    pthread_barrier_wait(&start);
    __atomic_store_n(&go, 1, __ATOMIC_RELEASE);
    for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
    compute(&ref);
    int passed = 0, failed = 0;
    for (int i = 0; i < THREADS; i++) {
        int same = memcmp(&res[i], &ref, offsetof(result, x1)) == 0 && res[i].x1 == ref.x1 && res[i].xn == ref.xn;
        if (same) {
            passed++;
        } else {
            failed++;
            printf("FAIL thread %d computed something else than the main thread afterwards\n", i);
        }
    }
    printf("backends: %s, %s; %d threads raced first use\n", ref.x1, ref.xn, THREADS);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

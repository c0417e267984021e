/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * arith.c - the choice of ML-DSA arithmetic (arith.h), made once from the CPU's features and
 * KECCAKFORGE_MLDSA (portable / avx2), then read-only (the atomics make the first call from several threads safe).
 */
#include "mldsa/arith.h"
#include "keccak/keccak_backend.h" /* kf_cpu_features */

#include <stdlib.h>
#include <string.h>

#ifdef KF_MLDSA_HAVE_AVX2
static int arith_known, arith_avx2, arith_avx512;
static int env_avx2_only; /* KECCAKFORGE_MLDSA=avx2 */

static int avx512_cpu(void)
{
#ifdef KF_MLDSA_HAVE_AVX512
    return (kf_cpu_features() & KF_CPU_AVX512F) != 0;
#else
    return 0;
#endif
}

int kf_mldsa_arith_avx2(void)
{
    if (__atomic_load_n(&arith_known, __ATOMIC_ACQUIRE)) return __atomic_load_n(&arith_avx2, __ATOMIC_RELAXED);
    const char *env = getenv("KECCAKFORGE_MLDSA");
    int avx2 = (kf_cpu_features() & KF_CPU_AVX2) && !(env && strcmp(env, "portable") == 0);
    int only = env && strcmp(env, "avx2") == 0;
    __atomic_store_n(&env_avx2_only, only, __ATOMIC_RELAXED);
    __atomic_store_n(&arith_avx2, avx2, __ATOMIC_RELAXED);
    __atomic_store_n(&arith_avx512, avx2 && !only && avx512_cpu(), __ATOMIC_RELAXED);
    __atomic_store_n(&arith_known, 1, __ATOMIC_RELEASE);
    return avx2;
}

int kf_mldsa_arith_avx512(void)
{
    kf_mldsa_arith_avx2(); /* decided together */
    return __atomic_load_n(&arith_avx512, __ATOMIC_RELAXED);
}

int kf_mldsa_arith_select(int avx2)
{
    kf_mldsa_arith_avx2(); /* settle the automatic choice first, so it cannot overwrite */
    avx2 = avx2 && (kf_cpu_features() & KF_CPU_AVX2);
    __atomic_store_n(&arith_avx2, avx2, __ATOMIC_RELAXED);
    int only = __atomic_load_n(&env_avx2_only, __ATOMIC_RELAXED);
    __atomic_store_n(&arith_avx512, avx2 && !only && avx512_cpu(), __ATOMIC_RELAXED);
    return avx2;
}

int kf_mldsa_arith_select_avx512(int on)
{
    int avx2 = kf_mldsa_arith_avx2();
    __atomic_store_n(&arith_avx512, on && avx2 && avx512_cpu(), __ATOMIC_RELAXED);
    return kf_mldsa_arith_avx512();
}
#else
int kf_mldsa_arith_avx2(void) { return 0; }
int kf_mldsa_arith_avx512(void) { return 0; }
int kf_mldsa_arith_select_avx512(int on)
{
    (void)on;
    return 0;
}
int kf_mldsa_arith_select(int avx2)
{
    (void)avx2;
    return 0;
}
#endif

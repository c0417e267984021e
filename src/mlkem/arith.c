/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * arith.c - the choice of ML-KEM arithmetic (arith.h), made once from the CPU's features and
 * KECCAKFORGE_MLKEM, then read-only (the atomics make the first call from several threads safe).
 */
#include "mlkem/arith.h"
#include "keccak/keccak_backend.h" /* kf_cpu_features */

#include <stdlib.h>
#include <string.h>

#ifdef KF_MLKEM_HAVE_AVX2
static int arith_known, arith_avx2, arith_avx512;
static int env_avx2_only; /* KECCAKFORGE_MLKEM=avx2 */

int kf_mlkem_avx512_cpu(void)
{
#ifdef KF_MLKEM_HAVE_AVX512
    const uint32_t need = KF_CPU_AVX512F | KF_CPU_AVX512BW | KF_CPU_AVX512VBMI |
                          KF_CPU_AVX512VBMI2 | KF_CPU_AVX512BITALG;
    return (kf_cpu_features() & need) == need;
#else
    return 0;
#endif
}

int kf_mlkem_arith_avx2(void)
{
    if (__atomic_load_n(&arith_known, __ATOMIC_ACQUIRE))
        return __atomic_load_n(&arith_avx2, __ATOMIC_RELAXED);
    const char *env = getenv("KECCAKFORGE_MLKEM");
    int avx2 = (kf_cpu_features() & KF_CPU_AVX2) && !(env && strcmp(env, "portable") == 0);
    int only = env && strcmp(env, "avx2") == 0;
    __atomic_store_n(&env_avx2_only, only, __ATOMIC_RELAXED);
    __atomic_store_n(&arith_avx2, avx2, __ATOMIC_RELAXED);
    __atomic_store_n(&arith_avx512, avx2 && !only && kf_mlkem_avx512_cpu(), __ATOMIC_RELAXED);
    __atomic_store_n(&arith_known, 1, __ATOMIC_RELEASE);
    return avx2;
}

int kf_mlkem_arith_avx512(void)
{
    kf_mlkem_arith_avx2(); /* decided together */
    return __atomic_load_n(&arith_avx512, __ATOMIC_RELAXED);
}

int kf_mlkem_arith_select(int avx2)
{
    kf_mlkem_arith_avx2(); /* settle the automatic choice first, so it cannot overwrite */
    avx2 = avx2 && (kf_cpu_features() & KF_CPU_AVX2);
    __atomic_store_n(&arith_avx2, avx2, __ATOMIC_RELAXED);
    int only = __atomic_load_n(&env_avx2_only, __ATOMIC_RELAXED);
    __atomic_store_n(&arith_avx512, avx2 && !only && kf_mlkem_avx512_cpu(), __ATOMIC_RELAXED);
    return avx2;
}
#else
int kf_mlkem_avx512_cpu(void) { return 0; }
int kf_mlkem_arith_avx2(void) { return 0; }
int kf_mlkem_arith_avx512(void) { return 0; }
int kf_mlkem_arith_select(int avx2)
{
    (void)avx2;
    return 0;
}
#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * arith.c - the choice of ML-DSA arithmetic (arith.h), made once from the CPU's features and
 * KECCAKFORGE_MLDSA (portable / avx2 / avx512), then read-only (the atomics make the first call from several threads safe).
 *
 * The AVX-512 NTT is not chosen by default: on the Intel AVX-512 host of docs/BENCHMARKS.md
 * (Xeon, Ice Lake, 2.8 GHz) its 512-bit multiplies cost more than they save. Timed in
 * alternation with other code, as a signature is in practice (bench/bench_mldsa_peers
 * kernels, 01:27 UTC, load 17): one NTT 2,124 TSC ticks against the AVX2 code's 978, the
 * inverse 2,552 against 1,144 (the core's clock drops for heavy 512-bit instructions and
 * their upper lanes warm up slowly); whole signatures 5-11% faster without it (ML-DSA-44
 * 201k against 222k ticks). KECCAKFORGE_MLDSA=avx512 turns it on.
 */
#include "mldsa/arith.h"
#include "keccak/keccak_backend.h" /* kf_cpu_features */
#include "keccakforge.h"

#include <stdlib.h>
#include <string.h>

#ifdef KF_MLDSA_HAVE_AVX2
static int arith_known, arith_avx2, arith_avx512, sample_avx512;
static int env_avx512; /* KECCAKFORGE_MLDSA=avx512 */
static int env_avx2;   /* KECCAKFORGE_MLDSA=avx2: no AVX-512 at all */

/* the AVX-512 rejection steps (x86_64/sampling_avx512.c): F, BW and VBMI */
static int sample512_cpu(void)
{
#ifdef KF_MLDSA_HAVE_AVX512
    const uint32_t need = KF_CPU_AVX512F | KF_CPU_AVX512BW | KF_CPU_AVX512VBMI;
    return (kf_cpu_features() & need) == need;
#else
    return 0;
#endif
}

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
    int want512 = env && strcmp(env, "avx512") == 0, only2 = env && strcmp(env, "avx2") == 0;
    __atomic_store_n(&env_avx512, want512, __ATOMIC_RELAXED);
    __atomic_store_n(&env_avx2, only2, __ATOMIC_RELAXED);
    __atomic_store_n(&arith_avx2, avx2, __ATOMIC_RELAXED);
    __atomic_store_n(&arith_avx512, avx2 && want512 && avx512_cpu(), __ATOMIC_RELAXED);
    __atomic_store_n(&sample_avx512, avx2 && !only2 && sample512_cpu(), __ATOMIC_RELAXED);
    __atomic_store_n(&arith_known, 1, __ATOMIC_RELEASE);
    return avx2;
}

int kf_mldsa_sample_avx512(void)
{
    kf_mldsa_arith_avx2(); /* decided together */
    return __atomic_load_n(&sample_avx512, __ATOMIC_RELAXED);
}

int kf_mldsa_sample_select_avx512(int on)
{
    int avx2 = kf_mldsa_arith_avx2();
    __atomic_store_n(&sample_avx512, on && avx2 && sample512_cpu(), __ATOMIC_RELAXED);
    return kf_mldsa_sample_avx512();
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
    int want512 = __atomic_load_n(&env_avx512, __ATOMIC_RELAXED);
    __atomic_store_n(&arith_avx512, avx2 && want512 && avx512_cpu(), __ATOMIC_RELAXED);
    __atomic_store_n(&sample_avx512, avx2 && !__atomic_load_n(&env_avx2, __ATOMIC_RELAXED) && sample512_cpu(),
                     __ATOMIC_RELAXED);
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
int kf_mldsa_sample_avx512(void) { return 0; }
int kf_mldsa_sample_select_avx512(int on)
{
    (void)on;
    return 0;
}
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

/* The value KECCAKFORGE_MLDSA may hold (keccakforge.h): the arith_avx2 code above acts on
 * "portable" and "avx512" and takes "avx2" as the default it is. */
const char *kf_mldsa_arith_name(int *env_known)
{
    static const char *const accepted[] = {"portable", "avx2", "avx512"};
    const char *env = getenv("KECCAKFORGE_MLDSA");
    if (env_known) {
        int known = !env || !*env;
        for (size_t i = 0; i < 3 && !known; i++) known = strcmp(env, accepted[i]) == 0;
        *env_known = known;
    }
    return kf_mldsa_arith_avx512() ? "avx512" : kf_mldsa_arith_avx2() ? "avx2" : "portable";
}

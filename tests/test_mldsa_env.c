/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_mldsa_env.c - kf_mldsa_arith_name: the ML-DSA arithmetic in use, and whether
 * KECCAKFORGE_MLDSA holds one of the values it takes (portable, avx2, avx512; issue 52 R14:
 * "AVX512" used to be ignored without a trace). The choice is made once, at the first call:
 * with KECCAKFORGE_MLDSA=AVX512 set first, it is the automatic one (avx2 where the CPU has
 * AVX2, else portable); the check of the value follows the environment at each call.
 */
#include "keccak/keccak_backend.h" /* kf_cpu_features */
#include "keccakforge.h"
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

int main(void)
{
    int known = -1;
    setenv("KECCAKFORGE_MLDSA", "AVX512", 1);
    const char *name = kf_mldsa_arith_name(&known);
    const char *automatic = "portable";
#if defined(__x86_64__)
    if (kf_cpu_features() & KF_CPU_AVX2) automatic = "avx2";
#endif
    CHECK(known == 0, "KECCAKFORGE_MLDSA=AVX512: reported unknown (got %d)", known);
    CHECK(name && strcmp(name, automatic) == 0, "KECCAKFORGE_MLDSA=AVX512: the automatic choice %s, got %s",
          automatic, name ? name : "NULL");
    static const char *const values[] = {"portable", "avx2", "avx512", "", "Portable", "avx2 ", "avx-512", "x1"};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        setenv("KECCAKFORGE_MLDSA", values[i], 1);
        known = -1;
        name = kf_mldsa_arith_name(&known);
        CHECK(known == (i < 4), "KECCAKFORGE_MLDSA='%s': known %d", values[i], known);
        CHECK(name && strcmp(name, automatic) == 0, "the choice made once stays (%s)", name ? name : "NULL");
    }
    unsetenv("KECCAKFORGE_MLDSA");
    CHECK(kf_mldsa_arith_name(&known) && known == 1, "unset: known");
    CHECK(kf_mldsa_arith_name(NULL) != NULL, "env_known may be NULL");
    printf("ML-DSA arithmetic: %s\n", automatic);
    return failures ? 1 : 0;
}

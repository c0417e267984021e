/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_lane_exhaustive.c - the AVX2 lane kernels of ML-KEM and ML-DSA (and ML-KEM's AVX-512 ones
 * and both AVX-512 rejection steps where the CPU runs them) over their WHOLE input
 * domains (every domain here is at most 2^32), lane by lane against the portable functions
 * that proofs/ proves (issue 54 item 2; docs/ASSURANCE.md says which kernel has which
 * evidence). --slow (KF_SLOW_TESTS) runs fqmul on all 2^32 pairs instead of the reduced first
 * factors only (about 15 s of CPU more). Optional second argument: mlkem or mldsa alone.
 * Skipped (exit 77) on a CPU without AVX2.
 */
#include "keccak/keccak_backend.h"
#include "mlkem/arith.h"
#include "lane_exhaustive.h"

#include <string.h>

int main(int argc, char **argv)
{
    int slow = argc > 1 && strcmp(argv[1], "--slow") == 0;
    const char *only = argc > 2 ? argv[2] : argc > 1 && !slow ? argv[1] : "";
    if (!(kf_cpu_features() & KF_CPU_AVX2)) {
        printf("SKIP: no AVX2 on this CPU\n");
        return 77;
    }
    int fails = 0;
    if (!*only || !strcmp(only, "mlkem")) fails += lane_mlkem_kernels(slow) + lane_mlkem_poly();
#ifdef KF_LANE_MLKEM512
    /* The CPU check stays here, in a file built without AVX-512 flags: the compiler may use
     * AVX-512 instructions anywhere in lane_mlkem_avx512's file, its prologue included (clang
     * with ASan did: SIGILL before the check on an AVX2-only CPU). */
    if (!*only || !strcmp(only, "mlkem")) {
        if (kf_mlkem_avx512_cpu())
            fails += lane_mlkem_avx512(slow);
        else
            printf("%-48s not run on this CPU\n", "ML-KEM AVX-512 lanes (reduce_avx512.h, rej_*_avx512)");
    }
#else
    printf("%-48s not built (no AVX-512 files in this build)\n", "ML-KEM AVX-512 lanes");
#endif
    if (!*only || !strcmp(only, "mldsa")) fails += lane_mldsa_poly();
    printf("%s\n", fails ? "FAILED" : "all lanes agree");
    return fails ? 1 : 0;
}

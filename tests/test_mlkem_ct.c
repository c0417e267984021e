/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_mlkem_ct.c - ML-KEM constant time, checked by valgrind memcheck (issue 4).
 *
 * The secrets are marked undefined with memcheck's client requests: d and z for KeyGen,
 * m for Encaps, the secret parts of dk (dk_pke and z; its copy of ek and H(ek) are public)
 * for Decaps, and for the implicit-rejection path the ciphertext too, so that whether c
 * equals the re-encryption is secret as well. memcheck then reports every conditional
 * branch and every memory address that depends on them; run as
 *   valgrind --error-exitcode=1 --track-origins=yes ./test_mlkem_ct
 * the test fails on any such report. Outputs are marked defined again before they are
 * compared with a run on unmarked inputs. Public data (ek, rho, the matrix A and its
 * rejection sampling) is never marked, so branching on it is fine.
 * Outside valgrind the requests do nothing and the test only checks the outputs.
 * Without <valgrind/memcheck.h> it is skipped (exit 77).
 */
#include "keccakforge.h"
#include "mlkem/poly.h" /* kf_mlkem_arith_avx2: which arithmetic runs */

#include <stdio.h>
#include <string.h>

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define HAVE_MEMCHECK 1
#endif
#endif

#ifndef HAVE_MEMCHECK
int main(void)
{
    puts("test_mlkem_ct: <valgrind/memcheck.h> not found: skipped");
    return 77;
}
#else

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static int failures;

static void check(int ok, const char *what, const char *where)
{
    if (!ok) {
        printf("FAIL %s: %s\n", where, what);
        failures++;
    }
}

#include "ct_mlkem_scenario.h"

int main(void)
{
    static const kf_mlkem_param params[] = {KF_MLKEM512, KF_MLKEM768, KF_MLKEM1024};
    printf("test_mlkem_ct: backends %s / %s, %s arithmetic%s\n", kf_backend_name(), kf_backend_batch_name(),
           kf_mlkem_arith_avx2() ? "AVX2" : "portable C", RUNNING_ON_VALGRIND ? ", under valgrind" : " (not under valgrind: outputs only)");
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
        char where[16];
        snprintf(where, sizeof where, "ML-KEM-%d", (int)params[i]);
        ct_mlkem_scenario(params[i], 1, where);
    }
    if (failures) return 1;
    puts("test_mlkem_ct: ok");
    return 0;
}
#endif

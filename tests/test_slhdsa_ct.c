/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_slhdsa_ct.c - SLH-DSA signing is constant time with respect to SK.seed and SK.prf,
 * checked by valgrind memcheck (issue 5).
 *
 * SK.seed and SK.prf are marked undefined with memcheck's client requests; memcheck then
 * reports every conditional branch and every memory address that depends on them. Run as
 *   valgrind --error-exitcode=1 ./test_slhdsa_ct [param ...]
 * the test fails on any such report. Every value of SLH-DSA is computed from SK.seed (even
 * PK.root), so the library marks defined again the values that are public by definition,
 * at the points where they become public (src/common/ct.h, kf_declassify): the randomizer R
 * (the first n bytes of the signature), and the roots each layer signs, which the signature
 * lets anyone recompute. Nothing else: chain lengths, tree indices and FORS indices are then
 * derived from public values only. Outputs are marked defined before they are compared with
 * a run on unmarked inputs. Outside valgrind the requests do nothing and the test only
 * checks the outputs. Without <valgrind/memcheck.h> it is skipped (exit 77).
 */
#include "keccakforge.h"

#include <stdio.h>
#include <stdlib.h>
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
    puts("test_slhdsa_ct: <valgrind/memcheck.h> not found: skipped");
    return 77;
}
#else

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static int failures;

static void check(int ok, const char *what, const char *set)
{
    if (!ok) {
        printf("FAIL %s: %s\n", set, what);
        failures++;
    }
}

static void fill(uint8_t *p, size_t n, uint8_t seed)
{
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(seed + 37 * i + (i >> 2));
}

static const struct {
    const char *name;
    kf_slhdsa_param param;
} SETS[] = {
    {"shake-128s", KF_SLHDSA_SHAKE_128S}, {"shake-128f", KF_SLHDSA_SHAKE_128F},
    {"shake-192s", KF_SLHDSA_SHAKE_192S}, {"shake-192f", KF_SLHDSA_SHAKE_192F},
    {"shake-256s", KF_SLHDSA_SHAKE_256S}, {"shake-256f", KF_SLHDSA_SHAKE_256F},
};

static void run(const char *set, kf_slhdsa_param param)
{
    const size_t n = kf_slhdsa_n(param), pkn = kf_slhdsa_pk_bytes(param), skn = kf_slhdsa_sk_bytes(param);
    const size_t sign = kf_slhdsa_sig_bytes(param);
    static uint8_t sig[KF_SLHDSA_SIG_MAX_BYTES], sig2[KF_SLHDSA_SIG_MAX_BYTES];
    uint8_t seeds[3][32], pk[KF_SLHDSA_PK_MAX_BYTES], sk[KF_SLHDSA_SK_MAX_BYTES];
    uint8_t pk2[KF_SLHDSA_PK_MAX_BYTES], sk2[KF_SLHDSA_SK_MAX_BYTES], addrnd[32], msg[33];
    const uint8_t ctx[3] = {1, 2, 3};
    for (int i = 0; i < 3; i++) fill(seeds[i], 32, (uint8_t)(11 * i + 1));
    fill(addrnd, sizeof addrnd, 99);
    fill(msg, sizeof msg, 7);

    /* references, nothing marked */
    check(kf_slhdsa_keygen_internal(param, pk, sk, seeds[0], seeds[1], seeds[2]) == KF_OK, "keygen", set);
    check(kf_slhdsa_sign(param, sig, sign, msg, sizeof msg, ctx, sizeof ctx, addrnd, sk, skn) == KF_OK,
          "sign", set);

    /* KeyGen with SK.seed and SK.prf secret */
    SECRET(seeds[0], n);
    SECRET(seeds[1], n);
    int rc = kf_slhdsa_keygen_internal(param, pk2, sk2, seeds[0], seeds[1], seeds[2]);
    PUBLIC(pk2, pkn);
    PUBLIC(sk2, skn);
    PUBLIC(seeds[0], n);
    PUBLIC(seeds[1], n);
    check(rc == KF_OK && memcmp(pk, pk2, pkn) == 0 && memcmp(sk, sk2, skn) == 0, "keygen (secret seeds)", set);

    /* Sign, hedged and deterministic, with SK.seed || SK.prf secret */
    for (int hedged = 1; hedged >= 0; hedged--) {
        memcpy(sk2, sk, skn);
        SECRET(sk2, 2 * n);
        rc = kf_slhdsa_sign(param, sig2, sign, msg, sizeof msg, ctx, sizeof ctx, hedged ? addrnd : NULL, sk2, skn);
        PUBLIC(sig2, sign);
        PUBLIC(sk2, skn);
        if (hedged) check(rc == KF_OK && memcmp(sig, sig2, sign) == 0, "sign, hedged (secret sk)", set);
        else check(rc == KF_OK && kf_slhdsa_verify(param, msg, sizeof msg, ctx, sizeof ctx, sig2, sign, pk, pkn) == KF_OK,
                   "sign, deterministic (secret sk) verifies", set);
    }
    printf("%s: %s\n", set, failures ? "FAILED" : "ok");
}

int main(int argc, char **argv)
{
    /* default: the fast sets (a memcheck run of a small set costs minutes) */
    const char *def[] = {"shake-128f"};
    const char **names = argc > 1 ? (const char **)argv + 1 : def;
    int count = argc > 1 ? argc - 1 : 1;
    for (int i = 0; i < count; i++) {
        size_t j = 0;
        while (j < sizeof SETS / sizeof SETS[0] && strcmp(SETS[j].name, names[i]) != 0) j++;
        if (j == sizeof SETS / sizeof SETS[0]) {
            printf("unknown parameter set %s\n", names[i]);
            return 2;
        }
        run(SETS[j].name, SETS[j].param);
    }
    return failures ? 1 : 0;
}
#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_mldsa_ct.c - ML-DSA key generation and signing are constant time with respect to
 * their secrets, checked by valgrind memcheck (issue 36, FIPS 204 §3.6.3).
 *
 * The secrets are marked undefined with memcheck's client requests: xi for KeyGen_internal;
 * K, s1, s2, t0 (sk[32..64) and sk[128..)) and rnd for signing. memcheck then reports every
 * conditional branch and memory address that depends on them. Run as
 *   valgrind --error-exitcode=1 ./test_mldsa_ct [44|65|87 ...]
 * the test fails on any such report. The library marks defined again what is public by
 * definition or is a rejection decision (src/common/ct.h, kf_declassify): rho (part of pk),
 * the accept bit of each ExpandS nibble, c~, the verdicts of the signing loop's checks, z and
 * h of the accepted attempt (the signature), and the sk range verdict. Outputs are marked
 * defined before they are compared with a run on unmarked inputs. Outside valgrind the
 * requests do nothing and only the outputs are checked; without <valgrind/memcheck.h> the
 * test is skipped (exit 77).
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
    puts("test_mldsa_ct: <valgrind/memcheck.h> not found: skipped");
    return 77;
}
#else

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static int failures;

static void check(int ok, const char *what, int set)
{
    if (!ok) {
        printf("FAIL ML-DSA-%d: %s\n", set, what);
        failures++;
    }
}

static void fill(uint8_t *p, size_t n, uint8_t seed)
{
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(seed + 37 * i + (i >> 2));
}

/* sk's secret parts: K, and s1 || s2 || t0 */
static void sk_secret(uint8_t *sk, size_t skn)
{
    SECRET(sk + 32, 32);
    SECRET(sk + 128, skn - 128);
}

static void run(kf_mldsa_param param)
{
    const int set = (int)param;
    const size_t pkn = kf_mldsa_pk_bytes(param), skn = kf_mldsa_sk_bytes(param), sign = kf_mldsa_sig_bytes(param);
    static uint8_t pk[KF_MLDSA_PK_MAX_BYTES], sk[KF_MLDSA_SK_MAX_BYTES], pk2[KF_MLDSA_PK_MAX_BYTES];
    static uint8_t sk2[KF_MLDSA_SK_MAX_BYTES], sig[KF_MLDSA_SIG_MAX_BYTES], sig2[KF_MLDSA_SIG_MAX_BYTES];
    uint8_t xi[32], rnd[32], msg[33], mu[64];
    const uint8_t ctx[3] = {1, 2, 3};
    fill(xi, sizeof xi, 5);
    fill(rnd, sizeof rnd, 99);
    fill(msg, sizeof msg, 7);
    fill(mu, sizeof mu, 3);

    /* KeyGen with xi secret */
    check(kf_mldsa_keygen_internal(param, pk, sk, xi) == KF_OK, "keygen", set);
    SECRET(xi, sizeof xi);
    int rc = kf_mldsa_keygen_internal(param, pk2, sk2, xi);
    PUBLIC(pk2, pkn);
    PUBLIC(sk2, skn);
    PUBLIC(xi, sizeof xi);
    check(rc == KF_OK && memcmp(pk, pk2, pkn) == 0 && memcmp(sk, sk2, skn) == 0, "keygen (secret xi)", set);

    /* Sign (pure, hedged and deterministic; HashML-DSA; external mu) with K, s1, s2, t0 and
     * rnd secret; each against the same call on unmarked inputs */
    for (int kind = 0; kind < 4; kind++) {
        const uint8_t *r = kind == 1 ? NULL : rnd;
        int rc1;
        switch (kind) {
        case 0: case 1: rc1 = kf_mldsa_sign(param, sig, sign, msg, sizeof msg, ctx, sizeof ctx, r, sk, skn); break;
        case 2: rc1 = kf_mldsa_hash_sign(param, KF_MLDSA_PH_SHAKE256, sig, sign, msg, sizeof msg, ctx, sizeof ctx, r, sk, skn); break;
        default: rc1 = kf_mldsa_sign_mu(param, sig, sign, mu, r, sk, skn); break;
        }
        memcpy(sk2, sk, skn);
        sk_secret(sk2, skn);
        if (r) SECRET(rnd, sizeof rnd);
        switch (kind) {
        case 0: case 1: rc = kf_mldsa_sign(param, sig2, sign, msg, sizeof msg, ctx, sizeof ctx, r, sk2, skn); break;
        case 2: rc = kf_mldsa_hash_sign(param, KF_MLDSA_PH_SHAKE256, sig2, sign, msg, sizeof msg, ctx, sizeof ctx, r, sk2, skn); break;
        default: rc = kf_mldsa_sign_mu(param, sig2, sign, mu, r, sk2, skn); break;
        }
        PUBLIC(sig2, sign);
        PUBLIC(sk2, skn);
        PUBLIC(rnd, sizeof rnd);
        static const char *const what[4] = {"sign, hedged (secret sk, rnd)", "sign, deterministic (secret sk)",
                                            "hash_sign (secret sk, rnd)", "sign_mu (secret sk, rnd)"};
        check(rc1 == KF_OK && rc == KF_OK && memcmp(sig, sig2, sign) == 0, what[kind], set);
    }
    check(kf_mldsa_verify(param, msg, sizeof msg, ctx, sizeof ctx, sig2 /* sign_mu's */, sign, pk, pkn) ==
              KF_ERR_BAD_SIGNATURE, "an external-mu signature of another mu verifies for msg", set);
    printf("ML-DSA-%d: %s\n", set, failures ? "FAILED" : "ok");
}

int main(int argc, char **argv)
{
    if (argc == 1) {
        run(KF_MLDSA44);
        run(KF_MLDSA65);
        run(KF_MLDSA87);
    }
    for (int i = 1; i < argc; i++) {
        int p = atoi(argv[i]);
        if (kf_mldsa_sk_bytes((kf_mldsa_param)p) == 0) {
            printf("unknown parameter set %s\n", argv[i]);
            return 2;
        }
        run((kf_mldsa_param)p);
    }
    return failures ? 1 : 0;
}
#endif

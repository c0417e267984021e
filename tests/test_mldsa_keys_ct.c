/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_mldsa_keys_ct.c - the ML-DSA private-key checks of the key codec are constant time
 * with respect to the secrets, under valgrind memcheck (FIPS 204 §3.6.3):
 * kf_mldsa_pk_from_sk (sk's K, s1, s2, t0 secret), and kf_key_encode_pkcs8 /
 * kf_key_decode_pkcs8 of ML-DSA keys in the seed, expandedKey and both forms (the seed xi
 * and those parts of sk secret, in the input buffer and in the DER).
 *
 * The secrets are marked undefined with memcheck's client requests; memcheck reports every
 * branch or address that depends on them. What the library declares public is marked
 * defined there (src/common/ct.h): rho, the consistency verdict. Outputs are marked defined
 * before they are compared with a run on unmarked inputs. Run as
 *   valgrind --error-exitcode=1 ./test_mldsa_keys_ct
 * Without <valgrind/memcheck.h> the test is skipped (exit 77).
 */
#include "keccakforge.h"

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
    puts("test_mldsa_keys_ct: <valgrind/memcheck.h> not found: skipped");
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

/* the secret parts of an sk at p: K (32..64) and s1 || s2 || t0 (128..) */
static void sk_secret(uint8_t *p, size_t skn)
{
    SECRET(p + 32, 32);
    SECRET(p + 128, skn - 128);
}

int main(void)
{
    static const kf_mldsa_param sets[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
    static const kf_key_type types[3] = {KF_KEY_MLDSA44, KF_KEY_MLDSA65, KF_KEY_MLDSA87};
    static uint8_t pk[KF_MLDSA_PK_MAX_BYTES], sk[KF_MLDSA_SK_MAX_BYTES], pk2[KF_MLDSA_PK_MAX_BYTES];
    static uint8_t der[8192], out[KF_MLDSA_SK_MAX_BYTES], seed2[32];
    uint8_t xi[32];
    for (int i = 0; i < 3; i++) {
        const kf_mldsa_param P = sets[i];
        const int set = (int)P;
        const size_t pkn = kf_mldsa_pk_bytes(P), skn = kf_mldsa_sk_bytes(P);
        for (int j = 0; j < 32; j++) xi[j] = (uint8_t)(7 * j + 3 * i + 1);
        check(kf_mldsa_keygen_internal(P, pk, sk, xi) == KF_OK, "keygen", set);

        /* kf_mldsa_pk_from_sk on a secret sk */
        sk_secret(sk, skn);
        int rc = kf_mldsa_pk_from_sk(P, pk2, sk, skn);
        PUBLIC(&rc, sizeof rc);
        PUBLIC(pk2, pkn);
        PUBLIC(sk, skn);
        check(rc == KF_OK && memcmp(pk2, pk, pkn) == 0, "pk_from_sk", set);

        /* the three PKCS#8 forms: encode from secret inputs, decode secret DER */
        for (int form = KF_PRIV_SEED; form <= KF_PRIV_BOTH; form++) {
            size_t n = 0, sl = 0, pl = 0;
            kf_key_type t;
            kf_key_priv_form f;
            SECRET(xi, sizeof xi);
            sk_secret(sk, skn);
            rc = kf_key_encode_pkcs8(types[i], (kf_key_priv_form)form, xi, 32, sk, skn, der, sizeof der, &n);
            PUBLIC(&rc, sizeof rc);
            PUBLIC(&n, sizeof n);
            PUBLIC(xi, sizeof xi);
            PUBLIC(sk, skn);
            check(rc == KF_OK, "encode", set);
            /* the secrets inside the DER: the seed (after 80 20 or 04 20), the sk's parts */
            PUBLIC(der, n);
            if (form != KF_PRIV_EXPANDED) {
                for (size_t o = 0; o + 34 <= n; o++)
                    if ((der[o] == 0x80 || der[o] == 0x04) && der[o + 1] == 0x20 && memcmp(der + o + 2, xi, 32) == 0) {
                        SECRET(der + o + 2, 32);
                        break;
                    }
            }
            if (form != KF_PRIV_SEED) sk_secret(der + n - skn, skn);
            rc = kf_key_decode_pkcs8(der, n, &t, &f, seed2, sizeof seed2, &sl, out, sizeof out, &pl);
            PUBLIC(&rc, sizeof rc);
            PUBLIC(&t, sizeof t);
            PUBLIC(&f, sizeof f);
            PUBLIC(&sl, sizeof sl);
            PUBLIC(&pl, sizeof pl);
            PUBLIC(out, sizeof out);
            PUBLIC(seed2, sizeof seed2);
            PUBLIC(der, n);
            check(rc == KF_OK && t == types[i] && (int)f == form && pl == skn && memcmp(out, sk, skn) == 0 &&
                      sl == (form == KF_PRIV_EXPANDED ? 0u : 32u) && (sl == 0 || memcmp(seed2, xi, 32) == 0),
                  "decode", set);
        }
    }
    printf("test_mldsa_keys_ct: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}
#endif

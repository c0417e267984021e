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

static void check(int ok, const char *what, int param)
{
    if (!ok) {
        printf("FAIL ML-KEM-%d: %s\n", param, what);
        failures++;
    }
}

static void fill(uint8_t *p, size_t n, uint8_t seed)
{
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(seed + 41 * i + (i >> 3));
}

static void run(kf_mlkem_param param)
{
    const size_t ekn = kf_mlkem_ek_bytes(param), dkn = kf_mlkem_dk_bytes(param), ctn = kf_mlkem_ct_bytes(param);
    const size_t pke = dkn - ekn - 2 * 32; /* dk = dk_pke || ek || H(ek) || z */
    uint8_t d[32], z[32], m[32];
    uint8_t ek[KF_MLKEM_EK_MAX_BYTES], dk[KF_MLKEM_DK_MAX_BYTES], ct[KF_MLKEM_CT_MAX_BYTES];
    uint8_t ek2[KF_MLKEM_EK_MAX_BYTES], dk2[KF_MLKEM_DK_MAX_BYTES], ct2[KF_MLKEM_CT_MAX_BYTES];
    uint8_t ss[32], ss2[32], ss_bad[32];
    int rc;
    fill(d, 32, 1);
    fill(z, 32, 2);
    fill(m, 32, 3);

    /* references, nothing marked */
    check(kf_mlkem_keygen_internal(param, ek, dk, d, z) == KF_OK, "keygen", param);
    check(kf_mlkem_encaps_internal(param, ct, ss, ek, ekn, m) == KF_OK, "encaps", param);
    memcpy(ct2, ct, ctn);
    ct2[ctn / 2] ^= 0x10; /* a tampered ciphertext: implicit rejection */
    check(kf_mlkem_decaps(param, ss_bad, ct2, ctn, dk, dkn) == KF_OK, "decaps (tampered)", param);
    check(memcmp(ss_bad, ss, 32) != 0, "tampered ciphertext rejected", param);

    /* KeyGen with d and z secret */
    SECRET(d, 32);
    SECRET(z, 32);
    rc = kf_mlkem_keygen_internal(param, ek2, dk2, d, z);
    PUBLIC(ek2, ekn);
    PUBLIC(dk2, dkn);
    PUBLIC(d, 32);
    PUBLIC(z, 32);
    check(rc == KF_OK && memcmp(ek2, ek, ekn) == 0 && memcmp(dk2, dk, dkn) == 0, "keygen, secret d z", param);

    /* Encaps with m secret (ek public) */
    SECRET(m, 32);
    rc = kf_mlkem_encaps_internal(param, ct2, ss2, ek, ekn, m);
    PUBLIC(ct2, ctn);
    PUBLIC(ss2, 32);
    PUBLIC(m, 32);
    check(rc == KF_OK && memcmp(ct2, ct, ctn) == 0 && memcmp(ss2, ss, 32) == 0, "encaps, secret m", param);

    /* Decaps with dk_pke and z secret: a valid ciphertext, then a tampered one (secret too) */
    for (int tampered = 0; tampered < 2; tampered++) {
        memcpy(ct2, ct, ctn);
        if (tampered) ct2[ctn / 2] ^= 0x10;
        SECRET(dk, pke);
        SECRET(dk + dkn - 32, 32);
        if (tampered) SECRET(ct2, ctn);
        rc = kf_mlkem_decaps(param, ss2, ct2, ctn, dk, dkn);
        PUBLIC(ss2, 32);
        PUBLIC(dk, dkn);
        PUBLIC(ct2, ctn);
        check(rc == KF_OK && memcmp(ss2, tampered ? ss_bad : ss, 32) == 0,
              tampered ? "decaps, secret dk and tampered c" : "decaps, secret dk", param);
    }
}

int main(void)
{
    static const kf_mlkem_param params[] = {KF_MLKEM512, KF_MLKEM768, KF_MLKEM1024};
    printf("test_mlkem_ct: backends %s / %s, %s arithmetic%s\n", kf_backend_name(), kf_backend_batch_name(),
           kf_mlkem_arith_avx2() ? "AVX2" : "portable C", RUNNING_ON_VALGRIND ? ", under valgrind" : " (not under valgrind: outputs only)");
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) run(params[i]);
    if (failures) return 1;
    puts("test_mlkem_ct: ok");
    return 0;
}
#endif

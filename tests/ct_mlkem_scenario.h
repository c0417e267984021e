/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ct_mlkem_scenario.h - the ML-KEM constant-time scenario that both checks run: valgrind
 * memcheck (test_mlkem_ct.c) and clang's MemorySanitizer on the AVX-512 code (test_ct_msan.c).
 * KeyGen with d and z secret, Encaps with m secret, Decaps with dk_pke and z secret, on a
 * valid and on a tampered (secret) ciphertext; every output is made public again and compared
 * with a run on unmarked inputs. The includer defines SECRET(p, n), PUBLIC(p, n) and
 * check(ok, what, where) before including this file.
 */
#ifndef KF_TESTS_CT_MLKEM_SCENARIO_H
#define KF_TESTS_CT_MLKEM_SCENARIO_H

#include <stdint.h>
#include <string.h>

static void ct_fill(uint8_t *p, size_t n, uint8_t seed)
{
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(seed + 41 * i + (i >> 3));
}

static void ct_mlkem_scenario(kf_mlkem_param param, uint8_t d_seed, const char *where)
{
    const size_t ekn = kf_mlkem_ek_bytes(param), dkn = kf_mlkem_dk_bytes(param), ctn = kf_mlkem_ct_bytes(param);
    const size_t pke = dkn - ekn - 2 * 32; /* dk = dk_pke || ek || H(ek) || z */
    uint8_t d[32], z[32], m[32];
    uint8_t ek[KF_MLKEM_EK_MAX_BYTES], dk[KF_MLKEM_DK_MAX_BYTES], ct[KF_MLKEM_CT_MAX_BYTES];
    uint8_t ek2[KF_MLKEM_EK_MAX_BYTES], dk2[KF_MLKEM_DK_MAX_BYTES], ct2[KF_MLKEM_CT_MAX_BYTES];
    uint8_t ss[32], ss2[32], ss_bad[32];
    int rc;
    ct_fill(d, 32, d_seed);
    ct_fill(z, 32, 2);
    ct_fill(m, 32, 3);

    /* references, nothing marked */
    check(kf_mlkem_keygen_internal(param, ek, dk, d, z) == KF_OK, "keygen", where);
    check(kf_mlkem_encaps_internal(param, ct, ss, ek, ekn, m) == KF_OK, "encaps", where);
    memcpy(ct2, ct, ctn);
    ct2[ctn / 2] ^= 0x10; /* a tampered ciphertext: implicit rejection */
    check(kf_mlkem_decaps(param, ss_bad, ct2, ctn, dk, dkn) == KF_OK, "decaps (tampered)", where);
    check(memcmp(ss_bad, ss, 32) != 0, "tampered ciphertext rejected", where);

    /* KeyGen with d and z secret */
    SECRET(d, 32);
    SECRET(z, 32);
    rc = kf_mlkem_keygen_internal(param, ek2, dk2, d, z);
    PUBLIC(ek2, ekn);
    PUBLIC(dk2, dkn);
    PUBLIC(d, 32);
    PUBLIC(z, 32);
    check(rc == KF_OK && memcmp(ek2, ek, ekn) == 0 && memcmp(dk2, dk, dkn) == 0, "keygen, secret d z", where);

    /* Encaps with m secret (ek public) */
    SECRET(m, 32);
    rc = kf_mlkem_encaps_internal(param, ct2, ss2, ek, ekn, m);
    PUBLIC(ct2, ctn);
    PUBLIC(ss2, 32);
    PUBLIC(m, 32);
    check(rc == KF_OK && memcmp(ct2, ct, ctn) == 0 && memcmp(ss2, ss, 32) == 0, "encaps, secret m", where);

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
              tampered ? "decaps, secret dk and tampered c" : "decaps, secret dk", where);
    }
}

#endif

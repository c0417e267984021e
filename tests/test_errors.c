/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_errors.c - bad input gets a named error code, never a crash; one check per rule.
 */
#include "keccakforge.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int passed, failed;

static void expect(const char *what, int got, int want)
{
    if (got == want) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s: got %s (%d), want %s\n", what, kf_strerror(got), got, kf_strerror(want));
    }
}

static void zeroed_is_dead(void)
{
    uint8_t out[64];
    kf_hash_ctx h;
    kf_xof_ctx x;
    kf_kmac_ctx k;
    kf_tuplehash_ctx t;
    kf_parallelhash_ctx p;
    kf_kt_ctx kt;
    memset(&h, 0, sizeof h);
    memset(&x, 0, sizeof x);
    memset(&k, 0, sizeof k);
    memset(&t, 0, sizeof t);
    memset(&p, 0, sizeof p);
    memset(&kt, 0, sizeof kt);
    expect("hash update on a never-initialized ctx", kf_hash_update(&h, "a", 1), KF_ERR_BAD_STATE);
    expect("xof squeeze on a never-initialized ctx", kf_xof_squeeze(&x, out, 1), KF_ERR_BAD_STATE);
    expect("kmac update on a never-initialized ctx", kf_kmac_update(&k, "a", 1), KF_ERR_BAD_STATE);
    expect("tuplehash add on a never-initialized ctx", kf_tuplehash_add(&t, "a", 1), KF_ERR_BAD_STATE);
    expect("parallelhash update on a never-initialized ctx", kf_parallelhash_update(&p, "a", 1), KF_ERR_BAD_STATE);
    expect("kt update on a never-initialized ctx", kf_kt_update(&kt, "a", 1), KF_ERR_BAD_STATE);
}

static void null_pointers(void)
{
    uint8_t out[64];
    kf_hash_ctx h;
    kf_xof_ctx x;
    expect("hash init NULL ctx", kf_hash_init(NULL, KF_SHA3_256), KF_ERR_NULL_POINTER);
    expect("kf_hash_init", kf_hash_init(&h, KF_SHA3_256), KF_OK);
    expect("hash update NULL with length", kf_hash_update(&h, NULL, 5), KF_ERR_NULL_POINTER);
    expect("hash update NULL with zero length", kf_hash_update(&h, NULL, 0), KF_OK);
    expect("hash update_bits NULL with length", kf_hash_update_bits(&h, NULL, 3), KF_ERR_NULL_POINTER);
    expect("hash final NULL out", kf_hash_final(&h, NULL, 32), KF_ERR_NULL_POINTER);
    expect("sha3-256 one-shot NULL input", kf_sha3_256(out, NULL, 1), KF_ERR_NULL_POINTER);
    expect("sha3-256 one-shot NULL output", kf_sha3_256(NULL, "", 0), KF_ERR_NULL_POINTER);
    expect("shake128 NULL out with length", kf_shake128(NULL, 5, "", 0), KF_ERR_NULL_POINTER);
    expect("kf_shake128_init", kf_shake128_init(&x), KF_OK);
    expect("xof absorb NULL with length", kf_xof_absorb(&x, NULL, 1), KF_ERR_NULL_POINTER);
    expect("cshake NULL N with length", kf_cshake128_init(&x, NULL, 3, "", 0), KF_ERR_NULL_POINTER);
    expect("kmac NULL key with length", kf_kmac128(out, 32, NULL, 16, "", 0, "", 0), KF_ERR_NULL_POINTER);
    expect("kt128 NULL custom with length", kf_kt128(out, 32, "", 0, NULL, 2), KF_ERR_NULL_POINTER);
    expect("keccak-p NULL lanes", kf_keccak_p1600(NULL, 24), KF_ERR_NULL_POINTER);
}

static void order(void)
{
    uint8_t out[64];
    kf_hash_ctx h;
    kf_xof_ctx x;
    kf_kmac_ctx k;
    kf_tuplehash_ctx t;
    kf_parallelhash_ctx p;
    kf_kt_ctx kt;

    expect("kf_hash_init", kf_hash_init(&h, KF_SHA3_256), KF_OK);
    expect("hash final short buffer", kf_hash_final(&h, out, 31), KF_ERR_BAD_LENGTH);
    expect("hash final", kf_hash_final(&h, out, 32), KF_OK);
    expect("hash update after final", kf_hash_update(&h, "a", 1), KF_ERR_BAD_STATE);
    expect("hash final twice", kf_hash_final(&h, out, 32), KF_ERR_BAD_STATE);

    expect("kf_shake128_init", kf_shake128_init(&x), KF_OK);
    expect("xof squeeze", kf_xof_squeeze(&x, out, 10), KF_OK);
    expect("xof absorb after squeeze", kf_xof_absorb(&x, "a", 1), KF_ERR_BAD_STATE);
    expect("xof squeeze again", kf_xof_squeeze(&x, out, 10), KF_OK);
    kf_wipe(&x, sizeof x);
    expect("xof squeeze after wipe", kf_xof_squeeze(&x, out, 1), KF_ERR_BAD_STATE);

    expect("kf_kmac_init", kf_kmac_init(&k, KF_V128, "key", 3, "", 0), KF_OK);
    expect("kmac squeeze on fixed-length KMAC", kf_kmac_squeeze(&k, out, 8), KF_ERR_BAD_STATE);
    expect("kmac final", kf_kmac_final(&k, out, 32), KF_OK);
    expect("kmac update after final", kf_kmac_update(&k, "a", 1), KF_ERR_BAD_STATE);
    expect("kmac final twice", kf_kmac_final(&k, out, 32), KF_ERR_BAD_STATE);
    expect("kf_kmac_init", kf_kmac_init(&k, KF_V128XOF, "key", 3, "", 0), KF_OK);
    expect("kmacxof final", kf_kmac_final(&k, out, 32), KF_OK);
    expect("kmacxof squeeze after final", kf_kmac_squeeze(&k, out, 32), KF_OK);
    expect("kmacxof update after squeeze", kf_kmac_update(&k, "a", 1), KF_ERR_BAD_STATE);

    expect("kf_tuplehash_init", kf_tuplehash_init(&t, KF_V256, "", 0), KF_OK);
    expect("tuplehash final", kf_tuplehash_final(&t, out, 64), KF_OK);
    expect("tuplehash add after final", kf_tuplehash_add(&t, "a", 1), KF_ERR_BAD_STATE);

    expect("kf_parallelhash_init", kf_parallelhash_init(&p, KF_V128, 16, "", 0), KF_OK);
    expect("parallelhash partial-byte update", kf_parallelhash_update_bits(&p, "\x05", 3), KF_OK);
    expect("parallelhash update after a partial byte", kf_parallelhash_update(&p, "a", 1), KF_ERR_BAD_STATE);
    expect("parallelhash final", kf_parallelhash_final(&p, out, 32), KF_OK);
    expect("parallelhash final twice", kf_parallelhash_final(&p, out, 32), KF_ERR_BAD_STATE);

    expect("kf_kt_init", kf_kt_init(&kt, KF_KT128), KF_OK);
    expect("kt squeeze before final", kf_kt_squeeze(&kt, out, 32), KF_ERR_BAD_STATE);
    expect("kt update", kf_kt_update(&kt, "abc", 3), KF_OK);
    expect("kt final", kf_kt_final(&kt, "", 0), KF_OK);
    expect("kt update after final", kf_kt_update(&kt, "abc", 3), KF_ERR_BAD_STATE);
    expect("kt final twice", kf_kt_final(&kt, "", 0), KF_ERR_BAD_STATE);
    expect("kt squeeze after final", kf_kt_squeeze(&kt, out, 32), KF_OK);
}

static void bad_values(void)
{
    uint8_t out[64];
    kf_hash_ctx h;
    kf_xof_ctx x;
    kf_kmac_ctx k;
    kf_tuplehash_ctx t;
    kf_parallelhash_ctx p;
    kf_kt_ctx kt;
    uint64_t lanes[25] = {0};

    expect("hash unknown algorithm", kf_hash_init(&h, (kf_hash_alg)99), KF_ERR_BAD_ALGORITHM);
    expect("turboshake domain 0x00", kf_turboshake128_init(&x, 0x00), KF_ERR_BAD_DOMAIN);
    expect("turboshake domain 0x80", kf_turboshake256_init(&x, 0x80), KF_ERR_BAD_DOMAIN);
    expect("turboshake one-shot domain 0xFF", kf_turboshake128(out, 32, "", 0, 0xFF), KF_ERR_BAD_DOMAIN);
    expect("turboshake domain 0x01", kf_turboshake128_init(&x, 0x01), KF_OK);
    expect("turboshake domain 0x7F", kf_turboshake128_init(&x, 0x7F), KF_OK);
    expect("kmac unknown variant", kf_kmac_init(&k, (kf_sp800185_variant)9, "k", 1, "", 0), KF_ERR_BAD_ALGORITHM);
    expect("tuplehash unknown variant", kf_tuplehash_init(&t, (kf_sp800185_variant)0, "", 0), KF_ERR_BAD_ALGORITHM);
    expect("parallelhash block size 0", kf_parallelhash_init(&p, KF_V128, 0, "", 0), KF_ERR_BAD_LENGTH);
    expect("kt unknown variant", kf_kt_init(&kt, (kf_kt_variant)3), KF_ERR_BAD_ALGORITHM);
    /* lengths whose bit count overflows the 64-bit SP 800-185 length encodings
     * (the pointer is never read: the length is checked first) */
    expect("kmac key bit length overflows", kf_kmac_init(&k, KF_V128, "k", SIZE_MAX / 4, "", 0), KF_ERR_TOO_LONG);
    expect("cshake S bit length overflows", kf_cshake128_init(&x, "", 0, "S", SIZE_MAX / 4), KF_ERR_TOO_LONG);
    expect("tuplehash S bit length overflows", kf_tuplehash_init(&t, KF_V128, "S", SIZE_MAX / 4), KF_ERR_TOO_LONG);
    expect("kf_tuplehash_init", kf_tuplehash_init(&t, KF_V128, "", 0), KF_OK);
    expect("tuplehash element bit length overflows", kf_tuplehash_add(&t, "e", SIZE_MAX / 4), KF_ERR_TOO_LONG);
    expect("kf_kmac_init", kf_kmac_init(&k, KF_V128, "key", 3, "", 0), KF_OK);
    expect("kmac output bit length overflows", kf_kmac_final(&k, out, SIZE_MAX / 4), KF_ERR_TOO_LONG);
    expect("keccak-p nr 0", kf_keccak_p1600(lanes, 0), KF_ERR_BAD_LENGTH);
    expect("keccak-p nr 25", kf_keccak_p1600(lanes, 25), KF_ERR_BAD_LENGTH);
    expect("backend select unknown", kf_backend_select("no-such-backend"), KF_ERR_UNKNOWN_BACKEND);
    expect("backend select NULL", kf_backend_select(NULL), KF_ERR_NULL_POINTER);
    expect("strerror names codes", strcmp(kf_strerror(KF_ERR_BAD_DOMAIN), "KF_ERR_BAD_DOMAIN"), 0);
}

int main(void)
{
    zeroed_is_dead();
    null_pointers();
    order();
    bad_values();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

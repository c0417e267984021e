/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_mlkem_decaps.c - ML-KEM decapsulation on arbitrary dk and ct.
 *  mode 0: a key pair from KeyGen (seeds from the input) and a ciphertext that is the valid
 *    one for m, possibly mutated, or arbitrary bytes. A ciphertext equal to the valid one
 *    must give Encaps' K; any other must give the implicit-rejection key, recomputed here
 *    as FIPS 203 defines it: J(z || c) = SHAKE256(z || c, 256 bits) (Alg. 18 line 7), with
 *    z the last 32 bytes of dk. (Another ciphertext that re-encrypts to itself under the
 *    same key would be a decryption failure found by a fuzzer: reported, as it should be.)
 *  mode 1: an arbitrary dk: the hash check (§7.3: H(ek) stored in dk equals SHA3-256 of the
 *    ek stored in it) decides KF_ERR_BAD_KEY, computed here; the input may ask the harness
 *    to write the right H(ek) so that the decryption of arbitrary secrets runs. Then the
 *    result must be deterministic.
 * Wrong lengths must give KF_ERR_BAD_LENGTH; on every error ss is zero.
 */
#include "fuzz_util.h"

static const kf_mlkem_param sets[3] = {KF_MLKEM512, KF_MLKEM768, KF_MLKEM1024};

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= p[i];
    return acc == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz r = {data, size};
    uint8_t flags = fz_u8(&r);
    kf_mlkem_param set = sets[flags % 3];
    size_t k = set == KF_MLKEM512 ? 2 : set == KF_MLKEM768 ? 3 : 4;
    size_t ekb = kf_mlkem_ek_bytes(set), ctb = kf_mlkem_ct_bytes(set), dkb = kf_mlkem_dk_bytes(set);
    size_t pke = 384 * k;
    uint8_t ek[KF_MLKEM_EK_MAX_BYTES], dk[KF_MLKEM_DK_MAX_BYTES] = {0}, ct[KF_MLKEM_CT_MAX_BYTES] = {0};
    uint8_t valid[KF_MLKEM_CT_MAX_BYTES], K[32], ss[32], ss2[32], J[32];
    size_t got;
    int want_valid = 0, check_j = 0;
    if (!(flags >> 2 & 1)) {
        uint8_t dz[64] = {0}, m[32] = {0};
        memcpy(dz, fz_bytes(&r, 64, &got), got);
        memcpy(m, fz_bytes(&r, 32, &got), got);
        FZ_CHECK(kf_mlkem_keygen_internal(set, ek, dk, dz, dz + 32) == KF_OK, "keygen");
        FZ_CHECK(kf_mlkem_encaps_internal(set, valid, K, ek, ekb, m) == KF_OK, "encaps");
        if (flags >> 3 & 1) {
            memcpy(ct, fz_bytes(&r, ctb, &got), got);
        } else {
            memcpy(ct, valid, ctb);
            unsigned nmut = fz_u8(&r) % 5;
            for (unsigned i = 0; i < nmut; i++) ct[fz_u16(&r) % ctb] ^= fz_u8(&r);
        }
        want_valid = memcmp(ct, valid, ctb) == 0;
        check_j = 1;
    } else {
        memcpy(dk, fz_bytes(&r, dkb, &got), got);
        if (flags >> 3 & 1) kf_sha3_256(dk + pke + ekb, dk + pke, ekb); /* a matching H(ek) */
        memcpy(ct, fz_bytes(&r, ctb, &got), got);
    }
    size_t ctlen = ctb, dklen = dkb;
    if (flags >> 4 & 1) ctlen = fz_u16(&r) % (KF_MLKEM_CT_MAX_BYTES + 1);
    if (flags >> 5 & 1) dklen = fz_u16(&r) % (KF_MLKEM_DK_MAX_BYTES + 1);

    uint8_t h[32];
    kf_sha3_256(h, dk + pke, ekb);
    int want = ctlen != ctb || dklen != dkb ? KF_ERR_BAD_LENGTH
             : memcmp(h, dk + pke + ekb, 32) != 0 ? KF_ERR_BAD_KEY : KF_OK;
    memset(ss, 0xA5, sizeof ss);
    int rc = kf_mlkem_decaps(set, ss, ct, ctlen, dk, dklen);
    FZ_CHECK(rc == want, "decaps returned %d, want %d", rc, want);
    if (rc != KF_OK) {
        FZ_CHECK(all_zero(ss, 32), "ss not zeroed on error");
        return 0;
    }
    FZ_CHECK(kf_mlkem_decaps(set, ss2, ct, ctlen, dk, dklen) == KF_OK, "again");
    FZ_CHECK(memcmp(ss, ss2, 32) == 0, "decaps is not deterministic");
    if (check_j) {
        /* J(z || c): z is dk's last 32 bytes */
        kf_xof_ctx x;
        FZ_CHECK(kf_shake256_init(&x) == KF_OK, "shake256 init");
        kf_xof_absorb(&x, dk + dkb - 32, 32);
        kf_xof_absorb(&x, ct, ctb);
        kf_xof_squeeze(&x, J, 32);
        if (want_valid) FZ_CHECK(memcmp(ss, K, 32) == 0, "valid ciphertext: decaps differs from encaps");
        else FZ_CHECK(memcmp(ss, J, 32) == 0, "invalid ciphertext: decaps is not J(z || c)");
    }
    return 0;
}

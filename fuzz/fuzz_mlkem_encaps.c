/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_mlkem_encaps.c - ML-KEM encapsulation on arbitrary encapsulation keys. FIPS 203 §7.2:
 * an ek whose 12-bit coefficients are not all < q (non-canonical) must be rejected
 * (KF_ERR_BAD_KEY, ct and ss zeroed); the harness decides canonicity itself, coefficient by
 * coefficient. A canonical ek must be accepted, and Encaps_internal is deterministic in m.
 * When ek comes from KeyGen (from seeds in the input, then possibly mutated), decapsulation
 * with the matching dk must give the same shared secret whenever ek was left canonical
 * and unchanged.
 *
 * Input: flags (set, where ek comes from, length error), m (32 bytes), then either d || z
 * and up to four (position, xor) mutations, or the raw ek bytes.
 */
#include "fuzz_util.h"

static const kf_mlkem_param sets[3] = {KF_MLKEM512, KF_MLKEM768, KF_MLKEM1024};

/* FIPS 203 §7.2 modulus check, written here from the standard: every pair of 12-bit values
 * in the first 384k bytes (3 bytes -> 2 values, little-endian) is below q = 3329 */
static int canonical(const uint8_t *ek, size_t k)
{
    for (size_t i = 0; i < 384 * k; i += 3) {
        unsigned a = ek[i] | (ek[i + 1] & 0x0F) << 8, b = ek[i + 1] >> 4 | ek[i + 2] << 4;
        if (a >= 3329 || b >= 3329) return 0;
    }
    return 1;
}

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
    uint8_t m[32] = {0}, ek[KF_MLKEM_EK_MAX_BYTES] = {0}, dk[KF_MLKEM_DK_MAX_BYTES];
    uint8_t ct[KF_MLKEM_CT_MAX_BYTES], ct2[KF_MLKEM_CT_MAX_BYTES], ss[32], ss2[32], ss3[32];
    size_t got;
    memcpy(m, fz_bytes(&r, 32, &got), got);
    int from_keygen = flags >> 2 & 1, changed = 0;
    if (from_keygen) {
        uint8_t dz[64] = {0};
        memcpy(dz, fz_bytes(&r, 64, &got), got);
        FZ_CHECK(kf_mlkem_keygen_internal(set, ek, dk, dz, dz + 32) == KF_OK, "keygen");
        unsigned nmut = fz_u8(&r) % 5;
        for (unsigned i = 0; i < nmut; i++) {
            size_t pos = fz_u16(&r) % ekb;
            uint8_t x = fz_u8(&r);
            ek[pos] ^= x;
            changed |= x != 0;
        }
    } else {
        memcpy(ek, fz_bytes(&r, ekb, &got), got);
    }
    size_t eklen = ekb;
    if (flags >> 3 & 1) eklen = fz_u16(&r) % (KF_MLKEM_EK_MAX_BYTES + 1);

    int want = eklen != ekb ? KF_ERR_BAD_LENGTH : canonical(ek, k) ? KF_OK : KF_ERR_BAD_KEY;
    FZ_CHECK(kf_mlkem_check_ek(set, ek, eklen) == want, "check_ek gave the wrong answer (want %d)", want);
    memset(ct, 0xA5, sizeof ct);
    memset(ss, 0xA5, sizeof ss);
    int rc = kf_mlkem_encaps_internal(set, ct, ss, ek, eklen, m);
    FZ_CHECK(rc == want, "encaps_internal returned %d, want %d", rc, want);
    if (rc != KF_OK) {
        FZ_CHECK(all_zero(ct, ctb) && all_zero(ss, 32), "outputs not zeroed on error");
        memset(ss, 0xA5, sizeof ss);
        FZ_CHECK(kf_mlkem_encaps(set, ct, ss, ek, eklen) == want, "encaps");
        FZ_CHECK(all_zero(ct, ctb) && all_zero(ss, 32), "encaps outputs not zeroed on error");
        return 0;
    }
    FZ_CHECK(kf_mlkem_encaps_internal(set, ct2, ss2, ek, eklen, m) == KF_OK, "again");
    FZ_CHECK(memcmp(ct, ct2, ctb) == 0 && memcmp(ss, ss2, 32) == 0, "encaps_internal is not deterministic");
    if (from_keygen && !changed) {
        FZ_CHECK(kf_mlkem_decaps(set, ss3, ct, ctb, dk, dkb) == KF_OK, "decaps");
        FZ_CHECK(memcmp(ss, ss3, 32) == 0, "decaps(encaps) gave another key");
    }
    return 0;
}

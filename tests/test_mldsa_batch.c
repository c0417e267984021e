/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_mldsa_batch.c - kf_mldsa_verify_batch against kf_mldsa_verify item by item where the
 * batch takes mu in lanes: windows whose items all have one message length and one context
 * length (a server's fixed-size messages), valid and invalid items mixed (a flipped bit of
 * the signature, another message of the same length, another key of the set), under one key
 * and under several; and windows of mixed lengths beside them (mu one item at a time). Each
 * set, with the automatic backends (ctest runs it once more with x1 forced).
 */
#include "keccakforge.h"
#include "test_util.h"

#include <string.h>

#define ITEMS 21
#define KEYS 3

int main(void)
{
    static const kf_mldsa_param sets[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
    static uint8_t pk[KEYS][KF_MLDSA_PK_MAX_BYTES], sk[KEYS][KF_MLDSA_SK_MAX_BYTES];
    static uint8_t sig[ITEMS][KF_MLDSA_SIG_MAX_BYTES], msg[ITEMS][40], ctx[ITEMS][5];
    kf_mldsa_verify_item it[ITEMS];
    int res[ITEMS];
    for (int s = 0; s < 3; s++) {
        const kf_mldsa_param p = sets[s];
        const size_t pkb = kf_mldsa_pk_bytes(p), skb = kf_mldsa_sk_bytes(p), sgb = kf_mldsa_sig_bytes(p);
        for (int k = 0; k < KEYS; k++) {
            uint8_t xi[32];
            memset(xi, 17 * k + s + 1, sizeof xi);
            CHECK(kf_mldsa_keygen_internal(p, pk[k], sk[k], xi) == KF_OK, "keygen");
        }
        for (int mode = 0; mode < 4; mode++) { /* 0: one key, equal lengths; 1: keys rotating; 2: mixed lengths; 3: no context */
            for (int i = 0; i < ITEMS; i++) {
                const int k = mode == 0 ? 0 : i % KEYS;
                const size_t ml = mode < 2 ? 33 : mode == 3 ? 32 : (size_t)(i * 7) % 41,
                             cl = mode < 2 ? 5 : mode == 3 ? 0 : (size_t)(i % 3 == 0 ? 0 : 5);
                memset(msg[i], i * 3 + mode, sizeof msg[i]);
                memset(ctx[i], i + 100, sizeof ctx[i]);
                CHECK(kf_mldsa_sign(p, sig[i], sgb, ml ? msg[i] : NULL, ml, cl ? ctx[i] : NULL, cl, NULL, sk[k], skb) ==
                          KF_OK, "sign");
                it[i] = (kf_mldsa_verify_item){ml ? msg[i] : NULL, ml, cl ? ctx[i] : NULL, cl, sig[i], sgb, pk[k], pkb};
                switch (i % 5) { /* spoil some: each a signature that must fail */
                case 1: sig[i][i % sgb] ^= 1; break;
                case 3: if (ml) msg[i][ml - 1] ^= 0x80; break;
                case 4: if (mode) it[i].pk = pk[(k + 1) % KEYS]; break;
                default: break;
                }
            }
            memset(res, 0x55, sizeof res);
            const int rc = kf_mldsa_verify_batch(p, ITEMS, it, res);
            int first = KF_OK;
            for (int i = 0; i < ITEMS; i++) {
                const int want = kf_mldsa_verify(p, it[i].msg, it[i].msglen, it[i].ctx, it[i].ctxlen, it[i].sig,
                                                 it[i].siglen, it[i].pk, it[i].pklen);
                CHECK(res[i] == want, "set %d mode %d item %d: batch %d, single %d", s, mode, i, res[i], want);
                CHECK((want == KF_OK) == (i % 5 == 0 || i % 5 == 2 || (i % 5 == 3 && it[i].msglen == 0) ||
                                          (i % 5 == 4 && mode == 0)),
                      "set %d mode %d item %d: single %d", s, mode, i, want);
                if (first == KF_OK) first = want;
            }
            CHECK(rc == first, "set %d mode %d: batch returned %d, the first failure is %d", s, mode, rc, first);
        }
    }
    printf("test_mldsa_batch: %s\n", failures ? "FAILED" : "batch = single on every item");
    return failures ? 1 : 0;
}

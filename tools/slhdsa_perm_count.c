/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * slhdsa_perm_count.c - SLH-DSA-SHAKE-128f keygen (argument "keygen") or keygen and sign,
 * nothing else: the workload whose Keccak-p calls docs/BENCHMARKS.md counts with callgrind
 * ("SLH-DSA: what the permutation allows"); argument "shake" instead runs 10,000 one-block
 * SHAKE256 hashes, the yardstick (instructions per permutation):
 *
 *   KECCAKFORGE_BACKEND=x1 valgrind --tool=callgrind ./build/slhdsa_perm_count keygen|sign|shake
 *
 * Built as ./build/slhdsa_perm_count (not installed). Argument "count" prints instead the
 * library's own count of the same operations (kf_slh_count_perms, what kforge bench's
 * hashing floor uses), so the two witnesses can be compared: keygen 4,527, sign 105,937.
 */
#include "keccakforge.h"
#include "slhdsa/slhdsa_internal.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    static uint8_t pk[KF_SLHDSA_SHAKE_128F_PK_BYTES], sk[KF_SLHDSA_SHAKE_128F_SK_BYTES];
    static uint8_t sig[KF_SLHDSA_SHAKE_128F_SIG_BYTES];
    uint8_t seeds[3 * 16];
    memset(seeds, 7, sizeof seeds);
    if (argc > 1 && strcmp(argv[1], "shake") == 0) {
        uint8_t in[64] = {0}, out[16];
        for (int i = 0; i < 10000; i++) {
            in[0] = (uint8_t)i;
            if (kf_shake256(out, sizeof out, in, sizeof in) != KF_OK) return 1;
        }
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "count") == 0) {
        uint64_t keygen = 0, sign = 0;
        if (kf_slh_count_perms(KF_SLHDSA_SHAKE_128F, SLH_OP_KEYGEN, seeds, "msg", 3, pk, sk, sig, &keygen) != KF_OK ||
            kf_slh_count_perms(KF_SLHDSA_SHAKE_128F, SLH_OP_SIGN, seeds, "msg", 3, pk, sk, sig, &sign) != KF_OK)
            return 1;
        printf("SLH-DSA-SHAKE-128f: keygen %llu, sign %llu Keccak-p[1600,24] calls\n", (unsigned long long)keygen,
               (unsigned long long)sign);
        return 0;
    }
    if (kf_slhdsa_keygen_internal(KF_SLHDSA_SHAKE_128F, pk, sk, seeds, seeds + 16, seeds + 32) != KF_OK) return 1;
    if (argc > 1 && strcmp(argv[1], "keygen") == 0) return 0;
    int rc = kf_slhdsa_sign(KF_SLHDSA_SHAKE_128F, sig, sizeof sig, "msg", 3, NULL, 0, NULL, sk, sizeof sk);
    if (rc != KF_OK) {
        fprintf(stderr, "sign: %s\n", kf_strerror(rc));
        return 1;
    }
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * slhdsa_perm_count.c - one SLH-DSA-SHAKE keygen (argument "keygen") or keygen and sign
 * ("sign"), nothing else: the workload whose Keccak-p calls docs/BENCHMARKS.md counts with
 * callgrind ("SLH-DSA: what the permutation allows"; bench/slhdsa_icount.py for every set);
 * argument "shake" instead runs 10,000 one-block SHAKE256 hashes, the yardstick
 * (instructions per permutation); "nothing" only starts and ends (the process's own cost):
 *
 *   KECCAKFORGE_BACKEND=x1 valgrind --tool=callgrind ./build/slhdsa_perm_count keygen|sign|shake [SET]
 *
 * SET: 128s, 128f (the default), 192s, 192f, 256s or 256f. Built as ./build/slhdsa_perm_count
 * (not installed). Argument "count" prints instead the library's own count of the same
 * operations (kf_slh_count_perms, what kforge bench's hashing floor uses), so the two
 * witnesses can be compared: 128f keygen 4,527, sign 105,937.
 */
#include "keccakforge.h"
#include "slhdsa/slhdsa_internal.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    static uint8_t pk[KF_SLHDSA_PK_MAX_BYTES], sk[KF_SLHDSA_SK_MAX_BYTES], sig[KF_SLHDSA_SIG_MAX_BYTES];
    uint8_t seeds[3 * 32];
    const char *what = argc > 1 ? argv[1] : "sign", *set = argc > 2 ? argv[2] : "128f";
    /* SET is the end of the set's name in the library's table ("SLH-DSA-SHAKE-128s") */
    kf_slhdsa_param p = 0;
    for (int i = KF_SLHDSA_SHAKE_128S; i <= KF_SLHDSA_SHAKE_256F; i++) {
        const char *name = kf_slh_params_get(i)->name;
        if (strcmp(name + strlen(name) - 4, set) == 0) p = (kf_slhdsa_param)i;
    }
    if (!p) {
        fprintf(stderr, "slhdsa_perm_count: unknown set '%s' (128s, 128f, 192s, 192f, 256s, 256f)\n", set);
        return 2;
    }
    const size_t n = kf_slhdsa_n(p);
    memset(seeds, 7, sizeof seeds);
    if (strcmp(what, "nothing") == 0) return 0;
    if (strcmp(what, "shake") == 0) {
        uint8_t in[64] = {0}, out[16];
        for (int i = 0; i < 10000; i++) {
            in[0] = (uint8_t)i;
            if (kf_shake256(out, sizeof out, in, sizeof in) != KF_OK) return 1;
        }
        return 0;
    }
    if (strcmp(what, "count") == 0) {
        uint64_t keygen = 0, sign = 0;
        if (kf_slh_count_perms(p, SLH_OP_KEYGEN, seeds, "msg", 3, pk, sk, sig, &keygen) != KF_OK ||
            kf_slh_count_perms(p, SLH_OP_SIGN, seeds, "msg", 3, pk, sk, sig, &sign) != KF_OK)
            return 1;
        printf("SLH-DSA-SHAKE-%s: keygen %llu, sign %llu Keccak-p[1600,24] calls\n", set, (unsigned long long)keygen,
               (unsigned long long)sign);
        return 0;
    }
    if (kf_slhdsa_keygen_internal(p, pk, sk, seeds, seeds + n, seeds + 2 * n) != KF_OK) return 1;
    if (strcmp(what, "keygen") == 0) return 0;
    int rc = kf_slhdsa_sign(p, sig, kf_slhdsa_sig_bytes(p), "msg", 3, NULL, 0, NULL, sk, kf_slhdsa_sk_bytes(p));
    if (rc != KF_OK) {
        fprintf(stderr, "sign: %s\n", kf_strerror(rc));
        return 1;
    }
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_mldsa_expand_mask.c - ExpandMask (FIPS 204 Alg. 34), kf_mldsa_expand_mask, against the
 * algorithm written out here: stream r is SHAKE256(rho'' || IntegerToBytes(kappa + r, 2)) through the
 * public one-shot kf_shake256, its first 32 (1 + bitlen(gamma1 - 1)) bytes read as little-endian
 * z_bits-bit values v (BitUnpack, Alg. 19) and y[r][i] = gamma1 - v. Also the same polynomials as
 * signing makes them (kf_mldsa_expand_mask_bytes, then kf_mldsa_unpack_offset), and nothing
 * written past y[l - 1]. For the three parameter sets, kappa at 0, 1, 255 and around 65535 (the
 * nonce's two bytes wrap), random rho''; run on the automatic backends and x1 (ctest).
 */
#include "mldsa/params.h"
#include "mldsa/poly.h"
#include "mldsa/sampling.h"
#include "test_util.h"

#include <keccakforge.h>
#include <string.h>

/* y = ExpandMask(rho'', kappa) as FIPS 204 states it, for one stream. */
static void mask_ref(kf_mldsa_poly *y, const uint8_t rhopp[64], unsigned nonce, const kf_mldsa_params *p)
{
    uint8_t in[66], v[32 * 20];
    memcpy(in, rhopp, 64);
    in[64] = (uint8_t)nonce;
    in[65] = (uint8_t)(nonce >> 8);
    const size_t len = 32u * p->z_bits;
    CHECK(kf_shake256(v, len, in, sizeof in) == KF_OK, "kf_shake256");
    for (unsigned i = 0; i < KF_MLDSA_N; i++) {
        uint32_t x = 0;
        for (unsigned b = 0; b < p->z_bits; b++) {
            const unsigned at = i * p->z_bits + b;
            x |= (uint32_t)((v[at / 8] >> (at % 8)) & 1) << b;
        }
        y->c[i] = p->gamma1 - (int32_t)x;
    }
}

int main(void)
{
    static const kf_mldsa_param algs[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
    static const unsigned kappas[] = {0, 1, 255, 65530, 65533, 65535};
    kf_mldsa_poly y[KF_MLDSA_L_MAX + 1], want, made;
    uint8_t rhopp[64], bytes[KF_MLDSA_L_MAX][32 * 20];
    unsigned cases = 0;
    for (unsigned a = 0; a < 3; a++) {
        const kf_mldsa_params *p = kf_mldsa_params_get(algs[a]);
        CHECK(p != NULL, "params %u", a);
        if (!p) continue;
        for (unsigned t = 0; t < 40; t++) {
            const unsigned kappa = t < 6 ? kappas[t] : (unsigned)rnd_below(65536);
            rnd_bytes(rhopp, sizeof rhopp);
            memset(y, 0x5A, sizeof y);
            kf_mldsa_expand_mask(y, rhopp, kappa, p);
            uint8_t *out[KF_MLDSA_L_MAX];
            for (unsigned r = 0; r < p->l; r++) out[r] = bytes[r];
            kf_mldsa_expand_mask_bytes(out, rhopp, kappa, p->l, p);
            for (unsigned r = 0; r < p->l; r++) {
                mask_ref(&want, rhopp, (kappa + r) & 0xFFFF, p);
                CHECK(memcmp(&y[r], &want, sizeof want) == 0, "ML-DSA-%s ExpandMask stream %u, kappa %u, trial %u",
                      a == 0 ? "44" : a == 1 ? "65" : "87", r, kappa, t);
                kf_mldsa_unpack_offset(&made, bytes[r], p->z_bits, p->gamma1);
                CHECK(memcmp(&made, &want, sizeof want) == 0, "signing's masks, stream %u, kappa %u", r, kappa);
                for (unsigned i = 0; i < KF_MLDSA_N; i++)
                    CHECK(y[r].c[i] > -p->gamma1 && y[r].c[i] <= p->gamma1, "y[%u][%u] = %d out of range", r, i,
                          (int)y[r].c[i]);
                cases++;
            }
            for (unsigned r = p->l; r <= KF_MLDSA_L_MAX; r++)
                for (unsigned i = 0; i < KF_MLDSA_N; i++)
                    CHECK(y[r].c[i] == 0x5A5A5A5A, "y[%u] written past l = %u", r, p->l);
        }
    }
    if (failures) {
        printf("test_mldsa_expand_mask: %d failures\n", failures);
        return 1;
    }
    printf("test_mldsa_expand_mask: %u streams equal FIPS 204's ExpandMask (backend %s)\n", cases,
           kf_backend_name());
    return 0;
}

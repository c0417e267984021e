/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_x1_scalar_backend.c - "aarch64-x1": one Keccak-p[1600, nr] state in the 31
 * general-purpose registers, permuted by the generated assembly in keccak_p1600_x1_scalar.S
 * (seed 002 §3.1: rho folded into the barrel shifter, no MOVs; see gen_keccak_aarch64.py).
 *
 * State format: plain lanes (keccak_lanes64.h), so the byte operations are opt64's and the
 * assembly loads and stores the 25 lanes with ldp/stp.
 */
#include "keccak/keccak_backend.h"
#include "keccak/keccak_lanes64.h"

/* Keccak-p[1600, nr] on 25 little-endian lanes, nr 1..24 (any other nr leaves the state as it is). */
void kf_aarch64_x1_permute(void *state, unsigned nr);

/* Whole lanes of each block are xored in place, then the assembly permutes: the state is
 * loaded into registers once per block, a cost of ~50 instructions against ~2500. */
static size_t x1_absorb_blocks(void *state, unsigned nr, size_t rate, const uint8_t *in, size_t len)
{
    uint64_t *lanes = (uint64_t *)state;
    size_t done = 0;
    if (rate == 0 || rate > KF_STATE_BYTES || rate % 8 != 0) return 0;
    for (; len - done >= rate; done += rate, in += rate) {
        for (size_t j = 0; j < rate / 8; j++) {
            uint64_t v;
            memcpy(&v, in + 8 * j, 8);
            lanes[j] ^= v;
        }
        kf_aarch64_x1_permute(state, nr);
    }
    return done;
}

/* one-block hashes: the padded block straight into a stack state, then the assembly */
KF_LANES64_DEFINE_ONEBLOCK(x1_oneblock, kf_aarch64_x1_permute)

const kf_backend kf_backend_aarch64_x1 = {
    .name = "aarch64-x1",
    .requires = 0,
    .rank = 20, /* above opt64 (10): 2517 instructions per Keccak-f[1600] against ~3680 (qemu) */
    .init = kf_lanes64_init,
    .add_bytes = kf_lanes64_add_bytes,
    .overwrite_bytes = kf_lanes64_overwrite_bytes,
    .extract_bytes = kf_lanes64_extract_bytes,
    .permute = kf_aarch64_x1_permute, /* the assembly itself: no wrapper call */
    .absorb_blocks = x1_absorb_blocks,
    .oneblock = x1_oneblock,
};

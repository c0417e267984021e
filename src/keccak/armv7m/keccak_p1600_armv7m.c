/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_armv7m.c - the ARMv7-M backends: assembly permutations (seed 000) behind the
 * backend interface.
 *
 * The assembly works on the state format of keccak_p1600_opt32bi.c (bit-interleaved words,
 * standard lane order between calls), so the byte operations are opt32bi's, reached through
 * its backend struct; only permute and the whole-block loop are new.
 */
#include "keccak/keccak_backend.h"

static void armv7m_init(void *state)
{
    kf_backend_opt32bi.init(state);
}

static void armv7m_add_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    kf_backend_opt32bi.add_bytes(state, in, offset, len);
}

static void armv7m_overwrite_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    kf_backend_opt32bi.overwrite_bytes(state, in, offset, len);
}

static void armv7m_extract_bytes(const void *state, uint8_t *out, size_t offset, size_t len)
{
    kf_backend_opt32bi.extract_bytes(state, out, offset, len);
}

/* One backend per assembly variant: permute and the block loop call it directly. */
#define KF_ARMV7M_BACKEND(v, label, rank_)                                                   \
    static void armv7m_permute_##v(void *state, unsigned nr)                                 \
    {                                                                                        \
        kf_armv7m_permute_##v((uint32_t *)state, nr);                                        \
    }                                                                                        \
    static size_t armv7m_absorb_##v(void *state, unsigned nr, size_t rate, const uint8_t *in, \
                                    size_t len)                                              \
    {                                                                                        \
        size_t done = 0;                                                                     \
        if (rate == 0 || rate > KF_STATE_BYTES) return 0;                                    \
        for (; len - done >= rate; done += rate, in += rate) {                               \
            kf_backend_opt32bi.add_bytes(state, in, 0, rate);                                \
            kf_armv7m_permute_##v((uint32_t *)state, nr);                                    \
        }                                                                                    \
        return done;                                                                         \
    }                                                                                        \
    const kf_backend kf_backend_armv7m_##v = {                                               \
        .name = label,                                                                       \
        .requires = 0,                                                                       \
        .rank = rank_,                                                                       \
        .init = armv7m_init,                                                                 \
        .add_bytes = armv7m_add_bytes,                                                       \
        .overwrite_bytes = armv7m_overwrite_bytes,                                           \
        .extract_bytes = armv7m_extract_bytes,                                               \
        .permute = armv7m_permute_##v,                                                       \
        .absorb_blocks = armv7m_absorb_##v,                                                  \
    };

/* Ranks above opt32bi (1) and opt64 (10, which a Cortex-M build also compiles): lazy4 is
 * the fastest on the M3/M4, lazy3 the smaller; on the M7 (KF_ARMV7M_PREFER_M7) the variant
 * without lazy rotations is (seed 000, Table 1 and §4.2.2). */
#ifdef KF_ARMV7M_PREFER_M7
KF_ARMV7M_BACKEND(lazy4, "armv7m-lazy4", 23)
KF_ARMV7M_BACKEND(lazy3, "armv7m-lazy3", 22)
KF_ARMV7M_BACKEND(m7, "armv7m-m7", 24)
#else
KF_ARMV7M_BACKEND(lazy4, "armv7m-lazy4", 24)
KF_ARMV7M_BACKEND(lazy3, "armv7m-lazy3", 23)
KF_ARMV7M_BACKEND(m7, "armv7m-m7", 22)
#endif

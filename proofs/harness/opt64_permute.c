/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * opt64_permute.c - the entry point of the proof unit permutation_opt64 (proofs/units.py,
 * Frama-C's Eva): opt64's operations, reached through its backend table as the sponge reaches
 * them, on a state whose 200 bytes are any values at all (Frama_C_make_unknown).
 *   - permute, for each round count nr in 1..24 (keccak_backend.h's contract), each nr analysed
 *     on its own (`split`), so that the pointer into the round constants is exact;
 *   - init, add_bytes, overwrite_bytes and extract_bytes (keccak_lanes64.h), for every len in
 *     0..200 (each on its own) and every offset in 0..200 - len (all at once), with in / out
 *     once at the start of a 200-byte buffer and once ending at its end, so that a byte read or
 *     written before in[0] or after in[len - 1] is outside the buffer in one of the two.
 * No alarm means: no run-time error for any state, nr, offset, len and input bytes.
 */
#include "__fc_builtin.h"
#include "keccak/keccak_backend.h"

static void eva_permute(void)
{
    uint64_t st[KF_STATE_BYTES / 8];
    unsigned nr;
    Frama_C_make_unknown((char *)st, sizeof st);
    nr = Frama_C_unsigned_int_interval(1, 24);
    /*@ split nr; */
    kf_backend_opt64.permute(st, nr);
}

static void eva_bytes(void)
{
    uint64_t st[KF_STATE_BYTES / 8];
    uint8_t buf[KF_STATE_BYTES];
    size_t offset, len;
    Frama_C_make_unknown((char *)buf, sizeof buf);
    kf_backend_opt64.init(st);
    len = Frama_C_unsigned_int_interval(0, KF_STATE_BYTES);
    /*@ split len; */
    offset = Frama_C_unsigned_int_interval(0, KF_STATE_BYTES - len);
    kf_backend_opt64.add_bytes(st, buf + KF_STATE_BYTES - len, offset, len);
    kf_backend_opt64.add_bytes(st, buf, offset, len);
    kf_backend_opt64.overwrite_bytes(st, buf + KF_STATE_BYTES - len, offset, len);
    kf_backend_opt64.overwrite_bytes(st, buf, offset, len);
    kf_backend_opt64.extract_bytes(st, buf + KF_STATE_BYTES - len, offset, len);
    kf_backend_opt64.extract_bytes(st, buf, offset, len);
}

void eva_opt64(void)
{
    eva_permute();
    eva_bytes();
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ref_leaf.h - one tree-mode leaf on the `ref` backend: the oracle of the batched backends'
 * leaf operations (test_backends_xn.c: leaves; test_leaves_node.c: leaves_node). Include after
 * keccak/keccak_backend.h.
 */
#ifndef KF_TEST_REF_LEAF_H
#define KF_TEST_REF_LEAF_H

#include <string.h>

/* out = the first outlen bytes (any length: a leaf's one block or an XOF's many) of ref's sponge
 * (rate, nr, suffix, pad10*1) over msg[0 .. len) */
static void ref_leaf(size_t rate, unsigned nr, uint8_t suffix, const uint8_t *msg, size_t len, uint8_t *out,
                     size_t outlen)
{
    _Alignas(KF_STATE_ALIGN) uint8_t st[KF_STATE_BYTES];
    uint8_t last[200] = {0};
    size_t p = 0;
    kf_backend_ref.init(st);
    for (; len - p >= rate; p += rate) {
        kf_backend_ref.add_bytes(st, msg + p, 0, rate);
        kf_backend_ref.permute(st, nr);
    }
    memcpy(last, msg + p, len - p);
    last[len - p] ^= suffix;
    last[rate - 1] ^= 0x80;
    kf_backend_ref.add_bytes(st, last, 0, rate);
    for (size_t q = 0;; q += rate) {
        kf_backend_ref.permute(st, nr);
        size_t take = outlen - q < rate ? outlen - q : rate;
        kf_backend_ref.extract_bytes(st, out + q, 0, take);
        if (q + take >= outlen) break;
    }
}

#endif

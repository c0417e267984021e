/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * xmss.c - Merkle trees (FIPS 205 §6 for XMSS, the same shape for FORS in §8) and the
 * XMSS signatures of Algorithms 9-11.
 *
 * Instead of Algorithm 9's recursion (which kf_slh_xmss_sign would call once per auth-path node),
 * a tree is computed once, bottom-up, in chunks of up to 2^CHUNK_H leaves: the leaves of a
 * chunk come from one batched call, and every level of the chunk is one batched H call;
 * the chunks' roots are then reduced the same way. The authentication path of the signing
 * leaf is picked up on the way, and the root is the same value Algorithm 11 would return.
 */
#include "slhdsa_internal.h"

#define CHUNK_H 6
#define MAX_TOPS (1u << (SLH_MAX_A - CHUNK_H)) /* FORS a = 14: 256 chunk roots */

/* reduce_level's full groups on rows: the tree's ADRS words 0-2 once, per node only word
 * 3 (height and index) and the two children's words; returns the nodes done (a multiple of
 * the width). In place as reduce_level: a group's outputs (j*n) lie below the next group's
 * inputs (2j*n), and each group reads all its inputs before it writes. */
static uint32_t reduce_level_rows(slh_ctx *c, const slh_adrs *adrs, unsigned z, uint32_t first, uint32_t cnt,
                                  uint8_t *nodes)
{
    const kf_backend_xn *xn = c->xn;
    const size_t n = c->p->n, nw = n / 8, ar = SLH_ROW_ADRS(n), in_row = SLH_ROW_IN(n);
    const unsigned w = xn->n;
    uint64_t *S = (uint64_t *)(void *)c->scratch, *T = c->tmpl[1];
    slh_adrs a = *adrs;
    uint32_t j = 0;
    adrs_set_tree_height(&a, z);
    adrs_set_tree_index(&a, 0);
    const uint64_t height = slh_word(a.b + 24);
    for (unsigned i = 0; i < w; i++)
        for (unsigned k = 0; k < 3; k++) T[(ar + k) * w + i] = slh_word(a.b + 8 * k);
    for (; cnt - j >= w; j += w) {
        for (unsigned i = 0; i < w; i++) {
            const uint8_t *in = nodes + (size_t)(j + i) * 2 * n;
            T[(ar + 3) * w + i] = slh_word_with_hash(height, first + j + i);
            for (size_t k = 0; k < 2 * nw; k++) T[(in_row + k) * w + i] = slh_word(in + 8 * k);
        }
        kf_slh_rows_permute(xn, S, T, 0, 0, 0);
        c->perms += w;
        for (unsigned i = 0; i < w; i++)
            for (size_t k = 0; k < nw; k++) slh_put_word(nodes + (size_t)(j + i) * n + 8 * k, S[k * w + i]);
    }
    return j;
}

/* nodes[0 .. 2*cnt) at height z-1 -> nodes[0 .. cnt) at height z, in place; node j gets
 * tree index first + j. */
static void reduce_level(slh_ctx *c, const slh_adrs *adrs, unsigned z, uint32_t first, uint32_t cnt,
                         uint8_t *nodes)
{
    const size_t n = c->p->n;
    if (c->rows) {
        uint32_t done = reduce_level_rows(c, adrs, z, first, cnt, nodes);
        if (done == cnt) return;
        /* the rest as below, from nodes + done*n: the inputs of node done + j (at
         * 2*(done + j)*n) move down by done*n to where that layout expects them */
        first += done;
        cnt -= done;
        nodes += (size_t)done * n;
        memmove(nodes, nodes + (size_t)done * n, (size_t)cnt * 2 * n);
    }
    slh_adrs a[1u << (CHUNK_H - 1) > MAX_TOPS / 2 ? 1u << (CHUNK_H - 1) : MAX_TOPS / 2];
    uint8_t *io[sizeof a / sizeof a[0]];
    for (uint32_t j = 0; j < cnt; j++) {
        a[j] = *adrs;
        adrs_set_tree_height(&a[j], z);
        adrs_set_tree_index(&a[j], first + j);
        io[j] = nodes + 2 * j * n;
    }
    uint8_t *out[sizeof a / sizeof a[0]];
    for (uint32_t j = 0; j < cnt; j++) out[j] = nodes + j * n;
    /* in place is safe: kf_slh_thash_batch copies each group's inputs before writing its
     * outputs, and a group's outputs (j*n) lie below every later group's inputs (2j*n) */
    kf_slh_thash_batch(c, cnt, a, (const uint8_t *const *)io, 2 * n, out);
}

/* Levels 1..levels above the 2^levels nodes in nodes (global index of node 0 at height
 * z0: first); keeps the sibling of local node idx at each level in auth (if wanted). */
static void reduce_tree(slh_ctx *c, const slh_adrs *adrs, unsigned z0, unsigned levels, uint32_t first,
                        uint8_t *nodes, int has_idx, uint32_t idx, uint8_t *auth)
{
    const size_t n = c->p->n;
    for (unsigned l = 0; l < levels; l++) {
        if (has_idx && auth) memcpy(auth + l * n, nodes + ((idx >> l) ^ 1) * n, n);
        reduce_level(c, adrs, z0 + l + 1, first >> (l + 1), 1u << (levels - l - 1), nodes);
    }
}

void kf_slh_merkle(slh_ctx *c, const slh_adrs *adrs, unsigned height, uint32_t base, uint32_t idx,
                slh_leaf_fn leaves, const void *arg, uint8_t *root, uint8_t *auth)
{
    const size_t n = c->p->n;
    const unsigned ch = height < CHUNK_H ? height : CHUNK_H;
    const uint32_t chunks = 1u << (height - ch);
    uint8_t buf[(1u << CHUNK_H) * SLH_MAX_N];
    uint8_t tops[MAX_TOPS * SLH_MAX_N];
    for (uint32_t s = 0; s < chunks; s++) {
        uint32_t first = base + (s << ch);
        leaves(c, adrs, first, 1u << ch, buf, arg);
        reduce_tree(c, adrs, 0, ch, first, buf, (idx >> ch) == s, idx & ((1u << ch) - 1), auth);
        memcpy(tops + s * n, buf, n);
    }
    reduce_tree(c, adrs, ch, height - ch, base >> ch, tops, 1, idx >> ch, auth ? auth + ch * n : NULL);
    memcpy(root, tops, n);
    kf_memzero(buf, sizeof buf);
}

void kf_slh_merkle_climb(slh_ctx *c, slh_adrs *adrs, unsigned height, uint32_t base, uint32_t idx,
                      const uint8_t *auth, uint8_t *node)
{
    const size_t n = c->p->n;
    uint8_t pair[2 * SLH_MAX_N];
    for (unsigned k = 0; k < height; k++) {
        adrs_set_tree_height(adrs, k + 1);
        adrs_set_tree_index(adrs, (base >> (k + 1)) + (idx >> (k + 1)));
        if (((idx >> k) & 1) == 0) {
            memcpy(pair, node, n);
            memcpy(pair + n, auth + k * n, n);
        } else {
            memcpy(pair, auth + k * n, n);
            memcpy(pair + n, node, n);
        }
        kf_slh_thash(c, adrs, pair, 2 * n, node);
    }
}

/* arg: the wots_snap of the signing leaf, or NULL. */
static void xmss_leaves(slh_ctx *c, const slh_adrs *adrs, uint32_t first, uint32_t cnt, uint8_t *out,
                        const void *arg)
{
    kf_slh_wots_pkgen_leaves(c, adrs, first, cnt, out, arg);
}

void kf_slh_xmss_sign(slh_ctx *c, const uint8_t *msg, uint32_t idx, const slh_adrs *adrs, uint8_t *sig,
               uint8_t *root)
{
    const slh_params *p = c->p;
    slh_adrs tree = *adrs;
    uint8_t d[SLH_MAX_LEN];
    /* msg first: the caller may pass root == msg (hypertree layers). The WOTS+ signature
     * (Algorithm 10, line 9) is taken from leaf idx's chains while the tree is built. */
    kf_slh_wots_digits(p, msg, d);
    wots_snap snap = {idx, d, sig};
    adrs_set_type(&tree, SLH_TREE);
    kf_slh_merkle(c, &tree, p->hp, 0, idx, xmss_leaves, &snap, root, sig + (size_t)p->len * p->n);
}

void kf_slh_xmss_root(slh_ctx *c, const slh_adrs *adrs, uint8_t *root)
{
    slh_adrs tree = *adrs;
    adrs_set_type(&tree, SLH_TREE);
    kf_slh_merkle(c, &tree, c->p->hp, 0, 0, xmss_leaves, NULL, root, NULL);
}

void kf_slh_xmss_pk_from_sig(slh_ctx *c, uint32_t idx, const uint8_t *sig, const uint8_t *msg,
                      const slh_adrs *adrs, uint8_t *root)
{
    const slh_params *p = c->p;
    slh_adrs wots = *adrs, tree = *adrs;
    adrs_set_type(&wots, SLH_WOTS_HASH);
    adrs_set_keypair(&wots, idx);
    kf_slh_wots_pk_from_sig(c, sig, msg, &wots, root);
    adrs_set_type(&tree, SLH_TREE);
    kf_slh_merkle_climb(c, &tree, p->hp, 0, idx, sig + (size_t)p->len * p->n, root);
}

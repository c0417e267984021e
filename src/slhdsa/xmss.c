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

/* nodes[0 .. 2*cnt) at height z-1 -> nodes[0 .. cnt) at height z, in place; node j gets
 * tree index first + j. In place is safe: kf_slh_h_batch reads each group's inputs before
 * writing its outputs, and a group's outputs (j*n) lie below every later group's inputs
 * (2j*n). */
/* (ACSL, unit slhdsa_trees) node j of cnt (cnt <= 128: MAXN below) lies within the cnt nodes of x
 * bytes each, and its pair of children within the 2 cnt below, as a ghost lemma (slh_offset_facts'
 * kind, for the wider levels). */
/*@ ghost
  /@ requires 0 <= j < cnt <= 128 && 0 < x <= SLH_MAX_N;
     assigns \nothing;
     ensures 0 <= j * x && j * x + x <= cnt * x && cnt * x <= 4096;
     ensures 0 <= 2 * j * x && 2 * j * x + 2 * x <= 2 * cnt * x; @/
  static void reduce_at(uint32_t j, uint32_t cnt, size_t x) { }
*/
/* (ACSL, unit slhdsa_trees) over kf_slh_h_batch's contract: the 2 cnt nodes below read, the cnt
 * nodes written within nodes, apart from the context, its set and (rows) its batched table. */
/*@ requires slh_ctx_ok(c) && slh_ctx_bk(c) && \valid_read(adrs) && (c->rows != 0 ==> slh_ctx_rows(c));
    requires cnt <= 128;
    requires \valid(nodes + (0 .. 2 * cnt * c->p->n - 1));
    requires \separated(nodes + (0 .. 2 * cnt * c->p->n - 1), c, c->p);
    requires c->rows != 0 ==> \separated(nodes + (0 .. 2 * cnt * c->p->n - 1), c->xn);
    assigns *c, nodes[0 .. cnt * c->p->n - 1], kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c) && slh_ctx_ok(c) && (c->rows != 0 ==> slh_ctx_rows(c));
    ensures c->p->n == \old(c->p->n);
    ensures level_xn: c->xn == \old(c->xn);
    ensures level_bk: slh_ctx_bk(c); */
static void reduce_level(slh_ctx *c, const slh_adrs *adrs, unsigned z, uint32_t first, uint32_t cnt,
                         uint8_t *nodes)
{
    const size_t n = c->p->n;
    enum { MAXN = 1u << (CHUNK_H - 1) > MAX_TOPS / 2 ? 1u << (CHUNK_H - 1) : MAX_TOPS / 2 };
    uint32_t index[MAXN];
    const uint8_t *in[MAXN];
    uint8_t *out[MAXN];
    //@ assert maxn: MAXN == 128 && (n == 16 || n == 24 || n == 32);
    /*@ loop invariant 0 <= j <= cnt && c->p->n == n;
        loop invariant ins: \forall integer i; 0 <= i < j ==> in[i] == nodes + 2 * i * n;
        loop invariant outs: \forall integer i; 0 <= i < j ==> out[i] == nodes + i * n;
        loop invariant sizes: \forall integer i; 0 <= i < j ==>
          0 <= i * n && i * n + n <= cnt * n && 0 <= 2 * i * n && 2 * i * n + 2 * n <= 2 * cnt * n;
        loop assigns j, index[0 .. MAXN - 1], in[0 .. MAXN - 1], out[0 .. MAXN - 1];
        loop variant cnt - j; */
    for (uint32_t j = 0; j < cnt; j++) {
        //@ ghost reduce_at(j, cnt, n);
        //@ assert at: (uint32_t)(2 * j) == 2 * j && (size_t)((uint32_t)(2 * j) * n) == 2 * j * n;
        index[j] = first + j;
        in[j] = nodes + 2 * j * n;
        out[j] = nodes + j * n;
    }
    /*@ assert outs: \forall integer i, k; 0 <= i < cnt && 0 <= k < n ==>
                     out[i] + k == nodes + (i * n + k) && 0 <= i * n + k < cnt * n; */
    kf_slh_h_batch(c, adrs, z, cnt, index, in, out);
    //@ assert kept: c->p == \at(c->p, Pre) && c->p->n == \at(c->p->n, Pre);
}

/* (ACSL, unit slhdsa_trees) level l of a tree of 2^levels nodes (levels <= 8: CHUNK_H, or FORS a = 14
 * less CHUNK_H): reduce_level's count 2^(levels - l - 1) and its 2 count nodes within the 2^levels,
 * auth's slot l within levels n bytes, and the sibling (idx >> l) ^ 1 of a node idx < 2^levels within
 * the 2^levels nodes, as a ghost lemma (its own pass: WP's range tactic cases levels and l). */
/*@ ghost
  /@ requires 0 <= l < levels && 1 <= levels <= 8 && (n == 16 || n == 24 || n == 32);
     assigns \nothing;
     ensures cnt: 1 <= (1 << (levels - l - 1)) <= 128 && 0 < (1 << levels) <= 256;
     ensures two: 2 * (1 << (levels - l - 1)) * n <= (1 << levels) * n && (1 << levels) * n <= 8192;
     ensures slot: 0 <= l * n && l * n + n <= levels * n && levels * n <= 256;
     ensures sib: idx < (1 << levels) ==> 0 <= ((idx >> l) ^ 1) * n && ((idx >> l) ^ 1) * n + n <= (1 << levels) * n;
     ensures sibv: idx < (1 << levels) ==> 0 <= ((idx >> l) ^ 1) < (1 << levels); @/
  static void tree_at(unsigned l, unsigned levels, uint32_t idx, size_t n)
  {
      /@ assert sh: idx < (1 << levels) ==> 0 <= (idx >> l) < (1 << (levels - l)); @/
      /@ assert x: idx < (1 << levels) ==> 0 <= ((idx >> l) ^ 1) < (1 << (levels - l)); @/
      /@ assert p: 2 <= (1 << (levels - l)) && (1 << (levels - l)) * n <= (1 << levels) * n; @/
      /@ assert q: (1 << (levels - l)) <= (1 << levels); @/
  }
*/
/* Levels 1..levels above the 2^levels nodes in nodes (global index of node 0 at height
 * z0: first); keeps the sibling of local node idx at each level in auth (if wanted).
 * (ACSL, unit slhdsa_trees) over reduce_level's contract: the 2^levels nodes and auth's levels n
 * bytes (auth may be NULL) written, apart from each other, the context and its set. */
/*@ requires slh_ctx_ok(c) && slh_ctx_bk(c) && \valid_read(adrs) && (c->rows != 0 ==> slh_ctx_rows(c));
    requires levels <= 8 && (has_idx != 0 ==> idx < (1 << levels));
    requires \valid(nodes + (0 .. (1 << levels) * c->p->n - 1));
    requires \separated(nodes + (0 .. (1 << levels) * c->p->n - 1), c, c->p);
    requires c->rows != 0 ==> \separated(nodes + (0 .. (1 << levels) * c->p->n - 1), c->xn);
    requires auth == \null || (\valid(auth + (0 .. levels * c->p->n - 1)) &&
      \separated(auth + (0 .. levels * c->p->n - 1), c, c->p, nodes + (0 .. (1 << levels) * c->p->n - 1)));
    assigns *c, nodes[0 .. (1 << levels) * c->p->n - 1], auth[0 .. (auth == \null ? -1 : levels * c->p->n - 1)],
            kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c) && slh_ctx_ok(c) && (c->rows != 0 ==> slh_ctx_rows(c));
    ensures c->p->n == \old(c->p->n); */
static void reduce_tree(slh_ctx *c, const slh_adrs *adrs, unsigned z0, unsigned levels, uint32_t first,
                        uint8_t *nodes, int has_idx, uint32_t idx, uint8_t *auth)
{
    const size_t n = c->p->n;
    //@ assert ns: n == 16 || n == 24 || n == 32;
    /*@ loop invariant 0 <= l <= levels && c->p->n == n;
        loop invariant slh_ctx_ok(c) && slh_ctx_same{Pre, Here}(c) && (c->rows != 0 ==> slh_ctx_rows(c));
        loop invariant vn: \valid(nodes + (0 .. (1 << levels) * n - 1)) &&
          \separated(nodes + (0 .. (1 << levels) * n - 1), c, c->p);
        loop invariant xk: c->xn == \at(c->xn, Pre);
        loop invariant tree_bk: slh_ctx_bk(c);
        loop invariant vx: c->rows != 0 ==> \separated(nodes + (0 .. (1 << levels) * n - 1), c->xn);
        loop invariant va: auth == \null || (\valid(auth + (0 .. levels * n - 1)) &&
          \separated(auth + (0 .. levels * n - 1), c, c->p, nodes + (0 .. (1 << levels) * n - 1)));
        loop assigns l, *c, nodes[0 .. (1 << levels) * n - 1], auth[0 .. (auth == \null ? -1 : levels * n - 1)],
                     kf_spec_xn_table;
        loop variant levels - l; */
    for (unsigned l = 0; l < levels; l++) {
        //@ ghost tree_at(l, levels, idx, n);
        /* the calls' arguments as ghost values of the C expressions (gs: the sibling, gc: the count) */
        //@ ghost uint32_t gs = (idx >> l) ^ 1;
        //@ ghost uint32_t gc = 1u << (levels - l - 1);
        //@ assert gxa: has_idx != 0 ==> 0 <= ((idx >> l) ^ 1) < (1 << levels);
        //@ assert gx0: has_idx != 0 ==> 0 <= ((idx >> l) ^ 1) < 256;
        //@ assert gx1: has_idx != 0 ==> gs == ((idx >> l) ^ 1);
        //@ assert gx: has_idx != 0 ==> 0 <= gs * n && gs * n + n <= (1 << levels) * n;
        //@ assert sl: (size_t)(l * n) == l * n;
        //@ assert sg: has_idx != 0 ==> (size_t)(gs * n) == gs * n;
        /*@ assert dst: auth != \null ==> \valid(auth + l * n + (0 .. n - 1)) &&
                        \separated(auth + l * n + (0 .. n - 1), nodes + (0 .. (1 << levels) * n - 1)); */
        /*@ assert dsub: auth != \null ==> \subset(auth + l * n + (0 .. n - 1), auth + (0 .. levels * n - 1)) &&
                         \separated(auth + l * n + (0 .. n - 1), c, c->p); */
        //@ assert src: has_idx != 0 ==> \valid_read(nodes + gs * n + (0 .. n - 1));
        //@ assert cnt: gc == (1 << (levels - l - 1));
        /*@ assert lv: \valid(nodes + (0 .. 2 * gc * n - 1)) &&
                       \separated(nodes + (0 .. 2 * gc * n - 1), c, c->p); */
        //@ assert lx: c->rows != 0 ==> \separated(nodes + (0 .. 2 * gc * n - 1), c->xn);
        if (has_idx && auth) memcpy(auth + l * n, nodes + ((idx >> l) ^ 1) * n, n);
        //@ assert kn: c->p->n == n && gc == (uint32_t)(1u << (levels - l - 1));
        //@ assert kc: gc == (uint32_t)(1u << (uint32_t)((uint32_t)(levels - l) - 1u));
        //@ assert lv2: \valid(nodes + (0 .. 2 * gc * c->p->n - 1)) && \separated(nodes + (0 .. 2 * gc * c->p->n - 1), c, c->p);
        /* (ACSL) reduce_level's cnt n bytes written (its assigns, in the C argument as WP reads it) within the
         * 2^levels n of the loop's and the function's assigns (session 56: this call's effect was the assigns'
         * part4 left in session 55, not the memcpy's); reduce_at(0, gc, n): gc n >= n, linear */
        //@ ghost reduce_at(0, gc, n);
        //@ assert lvc0: 0 <= gc * n && gc * n <= (1 << levels) * n;
        /*@ assert lvc: (uint32_t)(1u << (uint32_t)((uint32_t)(levels - l) - 1u)) * c->p->n <= (1 << levels) * n &&
                        (uint32_t)(1u << (uint32_t)((uint32_t)(levels - l) - 1u)) * c->p->n <= (1 << levels) * \at(c->p->n, Pre); */
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
    /* Each node needs the one below: serial one-state hashes, so the cheapest one-state
     * primitive: the x1 backend's oneblock (a one-block sponge, state in registers) on
     * the unpadded input PK.seed || ADRS || left || right kept in one buffer. */
    uint8_t in[SLH_BLOCK], *pair = in + n + 32;
    //@ ghost slh_bk_elim(c);
    //@ assert mc_bk0: slh_ctx_bk_is(c);
    memcpy(in, c->pk_seed, n);
    c->cp += height;
    //@ assert mc_bk1: slh_ctx_bk_is(c);
    /*@ loop invariant 0 <= k <= height;
        loop invariant c->p == \at(c->p, Pre);
        loop invariant c->x1 == \at(c->x1, Pre);
        loop invariant c->rows == \at(c->rows, Pre);
        loop invariant c->width == \at(c->width, Pre);
        loop invariant slh_ctx_ok(c);
        loop invariant slh_ctx_x1(c);
        loop invariant slh_ctx_bk_is(c);
        loop assigns k, c->perms, c->scratch[0 .. SLH_XN_STATE_MAX - 1], *adrs, node[0 .. n - 1], in[n .. SLH_BLOCK - 1],
                     kf_spec_xn_table;
        loop variant height - k; */
    for (unsigned k = 0; k < height; k++) {
        /*@ ghost slh_offset_facts(k, height, n); */
        adrs_set_tree_height(adrs, k + 1);
        adrs_set_tree_index(adrs, (base >> (k + 1)) + (idx >> (k + 1)));
        if (((idx >> k) & 1) == 0) {
            memcpy(pair, node, n);
            memcpy(pair + n, auth + k * n, n);
        } else {
            memcpy(pair, auth + k * n, n);
            memcpy(pair + n, node, n);
        }
        if (c->x1->oneblock) {
            memcpy(in + n, adrs->b, 32);
            /*@ calls kf_spec_oneblock; */
            c->x1->oneblock(24, SLH_BLOCK, 0x1F, in, n + 32 + 2 * n, node, n);
            c->perms++;
        } else {
            //@ ghost slh_bk_intro(c);
            kf_slh_thash(c, adrs, pair, 2 * n, node);
        }
    }
    //@ ghost slh_bk_intro(c);
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
    //@ ghost slh_bk_elim(c);
    const slh_params *p = c->p;
    slh_adrs wots = *adrs, tree = *adrs;
    adrs_set_type(&wots, SLH_WOTS_HASH);
    adrs_set_keypair(&wots, idx);
    //@ assert xs: (p->len + p->hp) * p->n == p->len * p->n + p->hp * p->n;
    //@ assert path: \valid_read(sig + p->len * p->n + (0 .. p->hp * p->n - 1));
    //@ ghost slh_bk_intro(c);
    kf_slh_wots_pk_from_sig(c, sig, msg, &wots, root);
    //@ ghost slh_bk_elim(c);
    adrs_set_type(&tree, SLH_TREE);
    //@ ghost slh_bk_intro(c);
    kf_slh_merkle_climb(c, &tree, p->hp, 0, idx, sig + (size_t)p->len * p->n, root);
}

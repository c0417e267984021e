/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * slhdsa_internal.h - the building blocks of SLH-DSA (FIPS 205 §4-§9) over SHAKE256, shared
 * by the files of src/slhdsa/. Contracts are written next to each declaration; every
 * function trusts its caller (sizes were checked by the public API in slhdsa.c).
 *
 * Batching: F, H and PRF read PK.seed || ADRS || (n or 2n bytes): at most 128 bytes, so with
 * SHAKE256's padding each is ONE 136-byte block and one permutation. hash.c keeps such
 * inputs as padded blocks ("block" below: PK.seed at 0, ADRS at n, the input at n + 32, the
 * padding after it) and runs independent blocks straight on the batched Keccak backend:
 * init the states, absorb the block of each instance, permute once, extract n bytes. The
 * tree code feeds it whole groups: the WOTS+ chains of several leaves as lanes that take
 * the next chain when one ends (wots.c), FORS leaves, the nodes of a tree level. Long
 * inputs (T_len of several leaves) go the same way, several blocks each.
 */
#ifndef KF_SLHDSA_INTERNAL_H
#define KF_SLHDSA_INTERNAL_H

#include "address.h"
#include "params.h"
#include "keccak/keccak_backend.h"
#include "sponge/sponge.h" /* kf_memzero */

#define SLH_BLOCK 136           /* SHAKE256 rate */
#define SLH_MAX_LANES 16        /* widest batched backend used; wider ones are left to x1 */
#define SLH_XN_STATE_MAX 2048   /* bytes of the states of one batched call (x8: 1600) */
/* Bytes of a padded input of `used` bytes: whole blocks, room for at least one pad byte. */
#define SLH_PADDED(used) (((used) / SLH_BLOCK + 1) * SLH_BLOCK)

/* The seeds every hash call needs, with the parameter set and the backends. Mutable: the
 * hash calls permute in its scratch states. Wiped by the caller when it holds SK.seed. */
typedef struct slh_ctx {
    const slh_params *p;
    uint8_t pk_seed[SLH_MAX_N];
    uint8_t sk_seed[SLH_MAX_N]; /* zero when verifying */
    const kf_backend *x1;
    const kf_backend_xn *xn;                  /* for full groups of width; NULL: x1 only */
    const kf_backend_xn *xn_rest[SLH_MAX_LANES]; /* for a last group of r < width (NULL: x1) */
    unsigned width;                           /* xn ? xn->n : 1 */
    _Alignas(64) uint8_t scratch[SLH_XN_STATE_MAX];
} slh_ctx;


/* A message given in pieces (M' = prefix || ctx || OID || M): parts[0..count). */
#define SLH_MSG_PARTS 4
typedef struct slh_msg {
    const uint8_t *part[SLH_MSG_PARTS];
    size_t len[SLH_MSG_PARTS];
    unsigned count;
} slh_msg;

/* ---- hash.c: FIPS 205 §11.1 ------------------------------------------------------------ */
/* c->p, pk_seed, sk_seed set: choose the backends (the x1 one and the batched one in use). */
void kf_slh_ctx_backends(slh_ctx *c);
/* Prepare a block buffer for an input of inlen bytes: PK.seed at 0, then zeros and the
 * SHAKE256 padding from n + 32 + inlen to the end; bytes n .. n+32+inlen (ADRS, input) are
 * the caller's and left alone. Returns the blocks: SLH_PADDED(n + 32 + inlen) / SLH_BLOCK. */
size_t kf_slh_block_init(slh_ctx *c, uint8_t *buf, size_t inlen);
/* out[i] = SHAKE256 of padded buffer in[i] (nblocks blocks each), n bytes; cnt any. out[i]
 * may point into in[i] (outputs are extracted after the permutations). */
void kf_slh_hash_blocks(slh_ctx *c, size_t cnt, const uint8_t *const *in, size_t nblocks, uint8_t *const *out);
/* Tweakable hash SHAKE256(PK.seed || ADRS || in, 8n): F (inlen n), H (2n), T_l (l*n). */
void kf_slh_thash(slh_ctx *c, const slh_adrs *adrs, const uint8_t *in, size_t inlen, uint8_t *out);
/* cnt independent kf_slh_thash calls with inlen <= 2n: out[i] = thash(adrs[i], in[i][0..inlen));
 * out[i] may equal in[i], and may overlap in[j] for j > i when out[i] lies below in[j]
 * (groups are copied in before their outputs are written). in == NULL means PRF (the input
 * is SK.seed for all). */
void kf_slh_thash_batch(slh_ctx *c, size_t cnt, const slh_adrs *adrs, const uint8_t *const *in,
                     size_t inlen, uint8_t *const *out);
/* PRF_msg(SK.prf, opt_rand, M) = SHAKE256(SK.prf || opt_rand || M, 8n). */
void kf_slh_prf_msg(const slh_params *p, const uint8_t *sk_prf, const uint8_t *opt_rand,
                 const slh_msg *m, uint8_t *out);
/* H_msg(R, PK.seed, PK.root, M) = SHAKE256(R || PK.seed || PK.root || M, 8m). */
void kf_slh_h_msg(const slh_params *p, const uint8_t *r, const uint8_t *pk_seed, const uint8_t *pk_root,
               const slh_msg *m, uint8_t *out);

/* base_2b (FIPS 205 Algorithm 4): out_len digits of b bits (b <= 16) from x, big-endian. */
void kf_slh_base_2b(const uint8_t *x, unsigned b, unsigned out_len, uint32_t *out);

/* ---- wots.c: WOTS+ (§5) ------------------------------------------------------------------ */
/* The len base-w digits of an n-byte message followed by its checksum (Algorithm 7, 1-8). */
void kf_slh_wots_digits(const slh_params *p, const uint8_t *msg, uint8_t *d);
/* While generating a key pair's public key, also keep its WOTS+ signature: chain i after
 * digits[i] steps, into sig + i*n (Algorithm 7 on the chains the key generation walks). */
typedef struct wots_snap {
    uint32_t kp;
    const uint8_t *digits; /* len digits (kf_slh_wots_digits) */
    uint8_t *sig;          /* len * n bytes */
} wots_snap;
/* Public keys of the WOTS+ instances of leaves first .. first+cnt-1 (key pair addresses) of
 * the XMSS tree in adrs (layer and tree set), into pk + i*n. Any cnt. snap may be NULL. */
void kf_slh_wots_pkgen_leaves(slh_ctx *c, const slh_adrs *adrs, uint32_t first, uint32_t cnt, uint8_t *pk,
                       const wots_snap *snap);
/* Algorithm 8: the WOTS+ public key (n bytes) that sig claims for msg. */
void kf_slh_wots_pk_from_sig(slh_ctx *c, const uint8_t *sig, const uint8_t *msg, const slh_adrs *adrs,
                      uint8_t *pk);

/* ---- merkle trees (xmss.c): one routine for XMSS and FORS trees ------------------------- */
/* Leaves [first, first+cnt) of a tree, into out + i*n (cnt <= 64); arg is kf_slh_merkle's. */
typedef void (*slh_leaf_fn)(slh_ctx *c, const slh_adrs *adrs, uint32_t first, uint32_t cnt,
                            uint8_t *out, const void *arg);
/* Root and authentication path (auth[j] = sibling at height j of leaf idx, j < height) of a
 * tree of 2^height leaves. adrs is the tree's node address (type TREE or FORS_TREE, with its
 * layer / tree / key pair set); node i at height z of this tree gets tree index
 * (base >> z) + i, base being the index of leaf 0 (XMSS: 0; FORS tree t: t * 2^a). auth may
 * be NULL (root only). */
void kf_slh_merkle(slh_ctx *c, const slh_adrs *adrs, unsigned height, uint32_t base, uint32_t idx,
                slh_leaf_fn leaves, const void *arg, uint8_t *root, uint8_t *auth);
/* Climb from leaf value node (leaf index idx, global tree index base+idx) with auth. */
void kf_slh_merkle_climb(slh_ctx *c, slh_adrs *adrs, unsigned height, uint32_t base, uint32_t idx,
                      const uint8_t *auth, uint8_t *node);

/* ---- xmss.c (§6) and hypertree.c (§7) ---------------------------------------------------- */
/* Algorithm 10 + the root: XMSS signature (len+h')*n of msg by leaf idx; root (n bytes). */
void kf_slh_xmss_sign(slh_ctx *c, const uint8_t *msg, uint32_t idx, const slh_adrs *adrs, uint8_t *sig,
               uint8_t *root);
/* The root of the XMSS tree in adrs (keygen: Algorithm 18). */
void kf_slh_xmss_root(slh_ctx *c, const slh_adrs *adrs, uint8_t *root);
/* Algorithm 11. */
void kf_slh_xmss_pk_from_sig(slh_ctx *c, uint32_t idx, const uint8_t *sig, const uint8_t *msg,
                      const slh_adrs *adrs, uint8_t *root);
/* Algorithm 12: SIG_HT of msg (n bytes). */
void kf_slh_ht_sign(slh_ctx *c, const uint8_t *msg, uint64_t idx_tree, uint32_t idx_leaf, uint8_t *sig);
/* Algorithm 13: 1 if valid. */
int kf_slh_ht_verify(slh_ctx *c, const uint8_t *msg, const uint8_t *sig, uint64_t idx_tree,
              uint32_t idx_leaf, const uint8_t *pk_root);

/* ---- fors.c (§8) --------------------------------------------------------------------------- */
/* Algorithm 16, plus the FORS public key (Algorithm 17 on the roots computed while signing). */
void kf_slh_fors_sign(slh_ctx *c, const uint8_t *md, const slh_adrs *adrs, uint8_t *sig, uint8_t *pk);
/* Algorithm 17. */
void kf_slh_fors_pk_from_sig(slh_ctx *c, const uint8_t *sig, const uint8_t *md, const slh_adrs *adrs,
                      uint8_t *pk);

#endif

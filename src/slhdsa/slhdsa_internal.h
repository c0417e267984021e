/*
 * slhdsa_internal.h - the building blocks of SLH-DSA (FIPS 205 §4-§9) over SHAKE256, shared
 * by the files of src/slhdsa/. Contracts are written next to each declaration; every
 * function trusts its caller (sizes were checked by the public API in slhdsa.c).
 *
 * Batching: FIPS 205 hash calls that do not depend on each other (the chains of WOTS+ keys,
 * FORS leaves, the nodes of one tree level) go through slh_thash_batch, which runs them on
 * the batched Keccak backend (kf_batch_hash_equal; x1 when the CPU has none).
 */
#ifndef KF_SLHDSA_INTERNAL_H
#define KF_SLHDSA_INTERNAL_H

#include "address.h"
#include "params.h"
#include "sponge/sponge.h" /* kf_memzero */

/* The seeds every hash call needs, with the parameter set. */
typedef struct slh_ctx {
    const slh_params *p;
    uint8_t pk_seed[SLH_MAX_N];
    uint8_t sk_seed[SLH_MAX_N]; /* zero when verifying */
} slh_ctx;

/* A message given in pieces (M' = prefix || ctx || OID || M): parts[0..count). */
#define SLH_MSG_PARTS 4
typedef struct slh_msg {
    const uint8_t *part[SLH_MSG_PARTS];
    size_t len[SLH_MSG_PARTS];
    unsigned count;
} slh_msg;

/* ---- hash.c: FIPS 205 §11.1 ------------------------------------------------------------ */
/* Tweakable hash SHAKE256(PK.seed || ADRS || in, 8n): F (inlen n), H (2n), T_l (l*n). */
void slh_thash(const slh_ctx *c, const slh_adrs *adrs, const uint8_t *in, size_t inlen, uint8_t *out);
/* PRF(PK.seed, SK.seed, ADRS) = SHAKE256(PK.seed || ADRS || SK.seed, 8n). */
void slh_prf(const slh_ctx *c, const slh_adrs *adrs, uint8_t *out);
/* cnt independent slh_thash calls: out[i] = thash(adrs[i], in[i][0..inlen)); out[i] may
 * equal in[i]. in == NULL means PRF (the input is SK.seed for all). */
void slh_thash_batch(const slh_ctx *c, size_t cnt, const slh_adrs *adrs, const uint8_t *const *in,
                     size_t inlen, uint8_t *const *out);
/* PRF_msg(SK.prf, opt_rand, M) = SHAKE256(SK.prf || opt_rand || M, 8n). */
void slh_prf_msg(const slh_params *p, const uint8_t *sk_prf, const uint8_t *opt_rand,
                 const slh_msg *m, uint8_t *out);
/* H_msg(R, PK.seed, PK.root, M) = SHAKE256(R || PK.seed || PK.root || M, 8m). */
void slh_h_msg(const slh_params *p, const uint8_t *r, const uint8_t *pk_seed, const uint8_t *pk_root,
               const slh_msg *m, uint8_t *out);

/* base_2b (FIPS 205 Algorithm 4): out_len digits of b bits (b <= 16) from x, big-endian. */
void slh_base_2b(const uint8_t *x, unsigned b, unsigned out_len, uint32_t *out);

/* ---- wots.c: WOTS+ (§5) ------------------------------------------------------------------ */
/* Public keys of the WOTS+ instances of leaves first .. first+cnt-1 (key pair addresses) of
 * the XMSS tree in adrs (layer and tree set), into pk + i*n. Any cnt. */
void wots_pkgen_leaves(const slh_ctx *c, const slh_adrs *adrs, uint32_t first, uint32_t cnt, uint8_t *pk);
/* Algorithm 7: sig (len*n bytes) of the n-byte msg; adrs has layer, tree, key pair set. */
void wots_sign(const slh_ctx *c, const uint8_t *msg, const slh_adrs *adrs, uint8_t *sig);
/* Algorithm 8: the WOTS+ public key (n bytes) that sig claims for msg. */
void wots_pk_from_sig(const slh_ctx *c, const uint8_t *sig, const uint8_t *msg, const slh_adrs *adrs,
                      uint8_t *pk);

/* ---- merkle trees (xmss.c): one routine for XMSS and FORS trees ------------------------- */
/* Leaves [first, first+cnt) of a tree, into out + i*n (cnt <= 64). */
typedef void (*slh_leaf_fn)(const slh_ctx *c, const slh_adrs *adrs, uint32_t first, uint32_t cnt,
                            uint8_t *out);
/* Root and authentication path (auth[j] = sibling at height j of leaf idx, j < height) of a
 * tree of 2^height leaves. adrs is the tree's node address (type TREE or FORS_TREE, with its
 * layer / tree / key pair set); node i at height z of this tree gets tree index
 * (base >> z) + i, base being the index of leaf 0 (XMSS: 0; FORS tree t: t * 2^a). auth may
 * be NULL (root only). */
void slh_merkle(const slh_ctx *c, const slh_adrs *adrs, unsigned height, uint32_t base, uint32_t idx,
                slh_leaf_fn leaves, uint8_t *root, uint8_t *auth);
/* Climb from leaf value node (leaf index idx, global tree index base+idx) with auth. */
void slh_merkle_climb(const slh_ctx *c, slh_adrs *adrs, unsigned height, uint32_t base, uint32_t idx,
                      const uint8_t *auth, uint8_t *node);

/* ---- xmss.c (§6) and hypertree.c (§7) ---------------------------------------------------- */
/* Algorithm 10 + the root: XMSS signature (len+h')*n of msg by leaf idx; root (n bytes). */
void xmss_sign(const slh_ctx *c, const uint8_t *msg, uint32_t idx, const slh_adrs *adrs, uint8_t *sig,
               uint8_t *root);
/* The root of the XMSS tree in adrs (keygen: Algorithm 18). */
void xmss_root(const slh_ctx *c, const slh_adrs *adrs, uint8_t *root);
/* Algorithm 11. */
void xmss_pk_from_sig(const slh_ctx *c, uint32_t idx, const uint8_t *sig, const uint8_t *msg,
                      const slh_adrs *adrs, uint8_t *root);
/* Algorithm 12: SIG_HT of msg (n bytes). */
void ht_sign(const slh_ctx *c, const uint8_t *msg, uint64_t idx_tree, uint32_t idx_leaf, uint8_t *sig);
/* Algorithm 13: 1 if valid. */
int ht_verify(const slh_ctx *c, const uint8_t *msg, const uint8_t *sig, uint64_t idx_tree,
              uint32_t idx_leaf, const uint8_t *pk_root);

/* ---- fors.c (§8) --------------------------------------------------------------------------- */
/* Algorithm 16, plus the FORS public key (Algorithm 17 on the roots computed while signing). */
void fors_sign(const slh_ctx *c, const uint8_t *md, const slh_adrs *adrs, uint8_t *sig, uint8_t *pk);
/* Algorithm 17. */
void fors_pk_from_sig(const slh_ctx *c, const uint8_t *sig, const uint8_t *md, const slh_adrs *adrs,
                      uint8_t *pk);

#endif

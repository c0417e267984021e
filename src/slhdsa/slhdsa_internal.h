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
 *
 * Rows: on a batched backend with the interleaved layout (keccak_xn_lanes.h: lane r of
 * instance i is the native 64-bit word r*W + i), the one-block inputs are not assembled
 * as bytes and transposed: every input is whole 64-bit words (n = 16, 24 or 32), so
 * each word goes straight to its place in the states ("rows": row r holds lane r of the
 * W instances). PK.seed and the padding are the same for every instance and come from a
 * template; a WOTS+ chain's next input is the last output, already in rows 0 .. n/8 - 1
 * of the states: it moves down to the input rows with no byte in between (wots.c).
 */
#ifndef KF_SLHDSA_INTERNAL_H
#define KF_SLHDSA_INTERNAL_H

#include "address.h"
#include "params.h"
#include "keccak/keccak_backend.h"
#include "sponge/sponge.h" /* kf_memzero */
#include "keccakforge.h"  /* kf_slhdsa_param */

#define SLH_BLOCK 136           /* SHAKE256 rate */
#define SLH_MAX_LANES 16        /* widest batched backend used; wider ones are left to x1 */
#define SLH_BATCH_MAX 8         /* signatures in lock-step in kf_slh_verify_many (lanes of x8) */
#define SLH_XN_STATE_MAX 2048   /* bytes of the states of one batched call (x8: 1600) */
/* Bytes of a padded input of `used` bytes: whole blocks, room for at least one pad byte. */
#define SLH_PADDED(used) (((used) / SLH_BLOCK + 1) * SLH_BLOCK)
#define SLH_ROWS 25             /* lanes of a state (rows: see below) */

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
    int rows;                                 /* xn has the interleaved layout: see above */
    uint64_t perms; /* Keccak-p calls of the hashes so far (one per block per instance; idle
                     * lanes of a batched call not counted): kforge bench's hashing floor */
    uint64_t cp;    /* verification: the permutations on its critical path so far (the longest
                     * chain of calls each needing the one before; kforge bench's dependency
                     * floor, kf_slh_verify_cp) */
    int want_cp;    /* count cp in full (kf_slh_verify_cp); else cp may be partial */
    _Alignas(64) uint8_t scratch[SLH_XN_STATE_MAX];
    /* rows only: templates (kf_slh_rows_template) at width `width` for inputs of n bytes
     * (F, PRF: tmpl[0]) and 2n bytes (H: tmpl[1]), made once per operation; their ADRS and
     * input rows are the callers' to overwrite (wiped with the context) */
    _Alignas(64) uint64_t tmpl[2][25 * SLH_MAX_LANES];
} slh_ctx;
/* (ACSL) a context of one of the six sets, apart from the const table it points to. The hash
 * functions' contracts below assign *c (the counters, scratch states and templates) and keep
 * its set and backends (ensures slh_ctx_same): stated, not proved (hash.c is "pending").
 * kf_slh_thash and kf_slh_merkle_climb name the fields they write (the counters and
 * c->scratch: hash.c's one-block and sponge paths touch nothing else of *c), so that a
 * caller's loop keeps slh_ctx_ok without a frame over all of *c (unit slhdsa_trees). */
/*@ predicate slh_ctx_ok(slh_ctx *c) = \valid(c) && kf_slh_params_ok(c->p) && \separated(c, c->p);
    predicate slh_ctx_same{L1, L2}(slh_ctx *c) = \at(c->p, L1) == \at(c->p, L2) &&
      \at(c->rows, L1) == \at(c->rows, L2) && \at(c->width, L1) == \at(c->width, L2) &&
      \at(c->x1, L1) == \at(c->x1, L2); */
/* (ACSL, the unit slhdsa_trees) the offsets' products, as a ghost "lemma function" (as
 * mlkem/kpke.c's): CVC4 proves the nonlinear fact alone, not among a caller's hypotheses;
 * a ghost call hands it to the caller as linear facts about the products (item j of x
 * bytes each lies within count of them). */
/*@ ghost
  /@ requires 0 <= j < count <= 64 && 0 < x <= 4096;
     assigns \nothing;
     ensures 0 <= j * x && j * x + x <= count * x && count * x <= 262144; @/
  static void slh_offset_facts(unsigned j, unsigned count, size_t x) { }
*/
/* (ACSL) its batched backend as rows use it (c->rows: kf_slh_ctx_backends chose an interleaved
 * one): the table readable, apart from the context, of the context's width, 2 .. SLH_MAX_LANES
 * instances whose states (25 words each) fit the scratch space (hash.c's usable: state_bytes <=
 * SLH_XN_STATE_MAX; interleaved, state_bytes = 200 xn->n). Set up by kf_slh_ctx_backends
 * (its contract ensures it when c->rows, unit slhdsa_hash). */
/*@ predicate slh_ctx_rows(slh_ctx *c) = \valid_read(c->xn) && \separated(c, c->xn) && c->xn->n == c->width &&
      2 <= c->width <= SLH_MAX_LANES && SLH_ROWS * 8 * c->width <= SLH_XN_STATE_MAX; */
/* (ACSL) and its x1 backend's table readable, apart from the context (kf_slh_merkle_climb
 * calls its oneblock). */
/*@ predicate slh_ctx_x1(slh_ctx *c) = \valid_read(c->x1) && \separated(c, c->x1); */
/* (ACSL) the context's backends as kf_slh_ctx_backends leaves them, what kf_slh_hash_blocks's choice
 * of a table reads: the x1 table, 1 <= width <= SLH_MAX_LANES, c->xn and each c->xn_rest[r] NULL or
 * a table hash.c's usable passes (2 .. SLH_MAX_LANES instances, states within the scratch space),
 * each a const table (!\valid: apart from every writable buffer, as kf_slh_params_get's set) apart
 * from the context, an interleaved rest table's 25 words an instance within the scratch space too
 * (session 71: state_bytes = 200 n, kf_backend_xn_for's contract; thash_batch_rows' last group on rows).
 * Required by kf_slh_hash_blocks (session 59) and so by its callers' contracts.
 * slh_ctx_bk is axiomatic (its axiom: it is slh_ctx_bk_is), so a caller's goals carry one atom, not
 * the quantified body (which ran session 58's callers to their step limits); a function that reads
 * it, or keeps it across a write to memory, unfolds it (ghost slh_bk_elim, then assertions of
 * slh_ctx_bk_is) and folds it back (ghost slh_bk_intro) before a callee that requires it. */
/*@ predicate slh_xn_ok(kf_backend_xn *t) = \valid_read(t) && !\valid(t) && 2 <= t->n <= SLH_MAX_LANES &&
      t->state_bytes <= SLH_XN_STATE_MAX;
    predicate slh_ctx_bk_is(slh_ctx *c) = slh_ctx_x1(c) && !\valid(c->x1) && 1 <= c->width <= SLH_MAX_LANES &&
      (c->xn == \null || (slh_xn_ok(c->xn) && \separated(c, c->xn))) &&
      \forall integer r; 0 <= r < SLH_MAX_LANES ==> c->xn_rest[r] == \null ||
        (slh_xn_ok(c->xn_rest[r]) && \separated(c, c->xn_rest[r]) &&
         (c->xn_rest[r]->interleaved != 0 ==> SLH_ROWS * 8 * c->xn_rest[r]->n <= SLH_XN_STATE_MAX));
*/
/* Session 60: the axiom is seen only by the pass that proves the ghost lemmas slh_bk_elim and
 * slh_bk_intro below (unit slhdsa_hash, with -DKF_SLH_BK_AXIOM); everywhere else slh_ctx_bk is
 * an abstract predicate and a function unfolds or folds it by a ghost call of those lemmas, so
 * the quantified axiom sits in no other goal's context (it cost ~40 s of CPU in slhdsa_hash alone). */
/* Session 69: its reads clause names exactly the memory slh_ctx_bk_is reads (the x1 and xn pointers,
 * the width, the rest tables' pointers and each table's n and state_bytes: WP's chunks of pointers,
 * of unsigned and of size_t, no longer all of *c and its tables), so that an atom slh_ctx_bk(c) stays
 * the same across writes to the bytes, the signed ints and the counters of *c; with it slhdsa_trees'
 * reduce_level and group_level hand their slh_ctx_bk to kf_slh_h_batch without unfolding it (their
 * local arrays are WP logic variables, not memory). Sound as the old clause was: the definition's
 * axiom (below) reads nothing else. Session 71: and the rest tables' interleaved (an int of the
 * const tables, none of *c's: no function that holds the atom writes an int there). */
#ifdef KF_SLH_BK_AXIOM
/*@ axiomatic slh_backends {
      predicate slh_ctx_bk{L}(slh_ctx *c) reads c->x1, c->xn, c->width, c->xn->n, c->xn->state_bytes,
        c->xn_rest[0 .. SLH_MAX_LANES - 1], c->xn_rest[0 .. SLH_MAX_LANES - 1]->n,
        c->xn_rest[0 .. SLH_MAX_LANES - 1]->state_bytes, c->xn_rest[0 .. SLH_MAX_LANES - 1]->interleaved;
      axiom slh_ctx_bk_def{L}: \forall slh_ctx *c; slh_ctx_bk(c) <==> slh_ctx_bk_is(c);
    } */
#else
/*@ axiomatic slh_backends {
      predicate slh_ctx_bk{L}(slh_ctx *c) reads c->x1, c->xn, c->width, c->xn->n, c->xn->state_bytes,
        c->xn_rest[0 .. SLH_MAX_LANES - 1], c->xn_rest[0 .. SLH_MAX_LANES - 1]->n,
        c->xn_rest[0 .. SLH_MAX_LANES - 1]->state_bytes, c->xn_rest[0 .. SLH_MAX_LANES - 1]->interleaved;
    } */
#endif
/* (ACSL) slh_ctx_bk's two directions as ghost lemma functions, proved once (unit slhdsa_hash's pass
 * with the axiom) and called where a function reads the backends (elim) or hands them on across a
 * write to memory (intro). */
/*@ ghost
  /@ requires slh_ctx_bk(c);
     assigns \nothing;
     ensures slh_ctx_bk_is(c); @/
  static void slh_bk_elim(slh_ctx *c) { }
  /@ requires slh_ctx_bk_is(c);
     assigns \nothing;
     ensures slh_ctx_bk(c); @/
  static void slh_bk_intro(slh_ctx *c) { }
*/


/* A message given in pieces (M' = prefix || ctx || OID || M): parts[0..count). */
#define SLH_MSG_PARTS 4
typedef struct slh_msg {
    const uint8_t *part[SLH_MSG_PARTS];
    size_t len[SLH_MSG_PARTS];
    unsigned count;
} slh_msg;
/* (ACSL) m's parts are readable for their lengths (a NULL part has length 0). */
/*@ predicate slh_msg_ok(slh_msg *m) = \valid_read(m) && m->count <= SLH_MSG_PARTS &&
      \forall integer i; 0 <= i < m->count ==> \valid_read(m->part[i] + (0 .. m->len[i] - 1)); */

/* ---- hash.c: FIPS 205 §11.1 ------------------------------------------------------------ */
/* c->p, pk_seed, sk_seed set: choose the backends (the x1 one and the batched one in use).
 * (ACSL, unit slhdsa_hash) the tables readable and apart from the context (keccak_backend.h's
 * contracts: tables no one writes), c->xn and each c->xn_rest[r] NULL or as hash.c's usable
 * passes them, the width xn's, rows only with xn; the templates written when rows (c->p and
 * the set it points to are not written: slh_ctx_ok holds after as before); with rows, the layout
 * slh_ctx_rows (an interleaved table's state_bytes = 200 n: kf_backend_xn_current's contract). */
/*@ requires slh_ctx_ok(c);
    assigns c->x1, c->xn, c->width, c->rows, c->xn_rest[0 .. SLH_MAX_LANES - 1],
            c->tmpl[0][0 .. SLH_ROWS * SLH_MAX_LANES - 1], c->tmpl[1][0 .. SLH_ROWS * SLH_MAX_LANES - 1];
    ensures slh_ctx_x1(c);
    ensures 1 <= c->width <= SLH_MAX_LANES;
    ensures c->xn == \null ==> c->width == 1 && c->rows == 0;
    ensures c->xn != \null ==> \valid_read(c->xn) && \separated(c, c->xn) && c->xn->n == c->width &&
      2 <= c->width && c->xn->state_bytes <= SLH_XN_STATE_MAX;
    ensures \forall integer r; 0 <= r < SLH_MAX_LANES ==> c->xn_rest[r] == \null ||
      (\valid_read(c->xn_rest[r]) && \separated(c, c->xn_rest[r]) && 2 <= r < c->width &&
       2 <= c->xn_rest[r]->n <= SLH_MAX_LANES && c->xn_rest[r]->state_bytes <= SLH_XN_STATE_MAX &&
       (c->xn_rest[r]->interleaved != 0 ==> SLH_ROWS * 8 * c->xn_rest[r]->n <= SLH_XN_STATE_MAX));
    ensures c->rows != 0 ==> slh_ctx_rows(c); */
void kf_slh_ctx_backends(slh_ctx *c);
/* Prepare a block buffer for an input of inlen bytes: PK.seed at 0, then zeros and the
 * SHAKE256 padding from n + 32 + inlen to the end; bytes n .. n+32+inlen (ADRS, input) are
 * the caller's and left alone. Returns the blocks: SLH_PADDED(n + 32 + inlen) / SLH_BLOCK. */
/*@ requires slh_ctx_ok(c) && inlen <= SLH_MAX_LEN * SLH_MAX_N;
    requires \valid(buf + (0 .. SLH_PADDED(c->p->n + 32 + inlen) - 1));
    requires \separated(c, buf + (0 .. SLH_PADDED(c->p->n + 32 + inlen) - 1));
    assigns buf[0 .. c->p->n - 1], buf[c->p->n + 32 + inlen .. SLH_PADDED(c->p->n + 32 + inlen) - 1];
    ensures \result == SLH_PADDED(c->p->n + 32 + inlen) / SLH_BLOCK; */
size_t kf_slh_block_init(slh_ctx *c, uint8_t *buf, size_t inlen);
/* out[i] = SHAKE256 of padded buffer in[i] (nblocks blocks each), n bytes; cnt any. out[i]
 * may point into in[i] (outputs are extracted after the permutations). (ACSL) It writes the
 * counter and the scratch states of *c, as kf_slh_thash. Its choice of a table per group reads
 * the backends (slh_ctx_bk, as kf_slh_ctx_backends leaves them), and hash.c's hash_xn needs each
 * output apart from c->p and from the arrays (proved, unit slhdsa_hash, session 59). */
/*@ requires slh_ctx_ok(c) && 1 <= nblocks <= SLH_PADDED(2 * SLH_MAX_N + 32 + SLH_MAX_LEN * SLH_MAX_N) / SLH_BLOCK;
    requires slh_ctx_bk(c);
    requires \valid_read(in + (0 .. cnt - 1)) && \valid_read(out + (0 .. cnt - 1));
    requires \separated(c, in + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires \forall integer i; 0 <= i < cnt ==> \valid_read(in[i] + (0 .. nblocks * SLH_BLOCK - 1));
    requires \forall integer i; 0 <= i < cnt ==> \valid(out[i] + (0 .. c->p->n - 1));
    requires \forall integer i; 0 <= i < cnt ==> \separated(c, out[i] + (0 .. c->p->n - 1));
    requires \forall integer i; 0 <= i < cnt ==> \separated(out[i] + (0 .. c->p->n - 1), c->p) &&
      \separated(out[i] + (0 .. c->p->n - 1), out + (0 .. cnt - 1));
    assigns c->perms, c->scratch[0 .. SLH_XN_STATE_MAX - 1], *(out[0 .. cnt - 1] + (0 .. c->p->n - 1)), kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c); */
void kf_slh_hash_blocks(slh_ctx *c, size_t cnt, const uint8_t *const *in, size_t nblocks, uint8_t *const *out);
/* Rows (interleaved batched states, see the top): the layout of a one-block input. */
#define SLH_ROW_ADRS(n) ((n) / 8)                     /* the 4 ADRS rows start here */
#define SLH_ROW_IN(n) ((n) / 8 + 4)                   /* the input rows */
#define SLH_ROW_PAD_LAST 16                           /* the lane with the final pad bit */
/* The little-endian 64-bit word at p, and back (one load / store where the host is
 * little endian, as every host of an interleaved backend is). */
/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing; */
static inline uint64_t slh_word(const uint8_t *p)
{
    uint64_t v = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&v, p, 8);
#else
    for (unsigned k = 0; k < 8; k++) v |= (uint64_t)p[k] << (8 * k);
#endif
    return v;
}
/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7]; */
static inline void slh_put_word(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, 8);
#else
    for (unsigned k = 0; k < 8; k++) p[k] = (uint8_t)(v >> (8 * k));
#endif
}
/* The ADRS word holding the chain address and hash address (bytes 24-31) with hash
 * address x: big-endian x in bytes 28-31, the high half of the little-endian word. */
/*@ assigns \nothing; */
static inline uint64_t slh_word_with_hash(uint64_t word, uint32_t x)
{
    uint32_t be = (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
    return (word & 0xffffffffu) | (uint64_t)be << 32;
}
/* rows (SLH_ROWS x w words) := the padded one-block input PK.seed || ADRS || inlen bytes
 * (n + 32 + inlen < SLH_BLOCK) of w instances with zero ADRS and input words. (ACSL, unit
 * slhdsa_hash) rows may lie in *c (kf_slh_ctx_backends: c->tmpl), apart from PK.seed. */
/*@ requires slh_ctx_ok(c) && 1 <= w <= SLH_MAX_LANES && c->p->n + 32 + inlen < SLH_BLOCK;
    requires \valid(rows + (0 .. SLH_ROWS * w - 1));
    requires \separated(rows + (0 .. SLH_ROWS * w - 1), c->pk_seed + (0 .. SLH_MAX_N - 1), &c->p, c->p);
    assigns rows[0 .. SLH_ROWS * w - 1]; */
void kf_slh_rows_template(const slh_ctx *c, uint64_t *rows, unsigned w, size_t inlen);
/* S := the template T (rows of xn's width) except rows dst .. dst+cnt-1, which take S's own
 * rows src .. src+cnt-1 (a chain's last output as its next input; cnt 0: all of T); then
 * Keccak-p[1600,24] on S. The backend's permute_from does it without copying the states
 * first (a copy right before the permutation delays its first loads). */
/*@ requires \valid_read(xn) && 1 <= xn->n <= SLH_MAX_LANES;
    requires dst + cnt <= SLH_ROWS && src + cnt <= SLH_ROWS;
    requires \valid(S + (0 .. SLH_ROWS * xn->n - 1)) && \valid_read(T + (0 .. SLH_ROWS * xn->n - 1));
    requires \separated(S + (0 .. SLH_ROWS * xn->n - 1), T + (0 .. SLH_ROWS * xn->n - 1), xn);
    assigns S[0 .. SLH_ROWS * xn->n - 1], kf_spec_xn_table; */
void kf_slh_rows_permute(const kf_backend_xn *xn, uint64_t *S, const uint64_t *T, size_t dst, size_t src, size_t cnt);
/* Instance i's ADRS into rows of width w. (ACSL, unit slhdsa_hash) it writes the 4 ADRS rows
 * only (n / 8 .. n / 8 + 3, of the 25); the indices by WP's range tactic on k. */
/*@ requires 1 <= w <= SLH_MAX_LANES && i < w && (n == 16 || n == 24 || n == 32);
    requires \valid(rows + (0 .. SLH_ROWS * w - 1)) && \valid_read(a);
    requires \separated(rows + (0 .. SLH_ROWS * w - 1), a);
    assigns rows[SLH_ROW_ADRS(n) * w .. (SLH_ROW_ADRS(n) + 4) * w - 1]; */
static inline void slh_rows_put_adrs(uint64_t *rows, unsigned w, size_t n, unsigned i, const slh_adrs *a)
{
    /*@ loop invariant 0 <= k <= 4;
        loop assigns k, rows[SLH_ROW_ADRS(n) * w .. (SLH_ROW_ADRS(n) + 4) * w - 1];
        loop variant 4 - k; */
    for (unsigned k = 0; k < 4; k++) {
        //@ assert adrs_row: SLH_ROW_ADRS(n) * w <= (SLH_ROW_ADRS(n) + k) * w + i < (SLH_ROW_ADRS(n) + 4) * w;
        rows[(SLH_ROW_ADRS(n) + k) * w + i] = slh_word(a->b + 8 * k);
    }
}
/* Tweakable hash SHAKE256(PK.seed || ADRS || in, 8n): F (inlen n), H (2n), T_l (l*n). (ACSL) inlen
 * >= 1, as all of them: the one-block path's memcpy reads in even for 0 bytes (Frama-C's libc:
 * a valid or empty block; unit slhdsa_hash). one_block: an input that fits one block goes through
 * kf_slh_hash_blocks, which needs the backends (slh_ctx_bk) and out apart from c->p (session 59:
 * F and H, so kf_slh_merkle_climb; T_k and T_len never fit, so fors_compress needs nothing more). */
/*@ requires slh_ctx_ok(c) && \valid_read(adrs);
    requires 0 < inlen <= SLH_MAX_LEN * SLH_MAX_N && \valid_read(in + (0 .. inlen - 1));
    requires \valid(out + (0 .. c->p->n - 1)) && \separated(c, out + (0 .. c->p->n - 1));
    requires one_block: c->p->n + 32 + inlen < SLH_BLOCK ==> slh_ctx_bk(c) && \separated(out + (0 .. c->p->n - 1), c->p);
    assigns c->perms, c->scratch[0 .. SLH_XN_STATE_MAX - 1], out[0 .. c->p->n - 1], kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c); */
void kf_slh_thash(slh_ctx *c, const slh_adrs *adrs, const uint8_t *in, size_t inlen, uint8_t *out);
/* cnt independent kf_slh_thash calls with inlen <= 2n: out[i] = thash(adrs[i], in[i][0..inlen));
 * out[i] may equal in[i], and may overlap in[j] for j > i when out[i] lies below in[j]
 * (groups are copied in before their outputs are written). in == NULL means PRF (the input
 * is SK.seed for all). (ACSL) It writes the counter, the scratch states and the templates of *c
 * (thash_batch_rows' own template is a local), none of its pointers, and keeps slh_ctx_ok
 * (thash_batch_ok: kf_slh_h_batch's loop, session 54) and the backends (thash_batch_bk: the
 * callers' loops, session 69). Its blocks path needs the backends (slh_ctx_bk: kf_slh_hash_blocks's
 * choice of a table, and min(cnt, width) local blocks), the arrays apart from the context, each
 * output apart from c, c->p and the arrays, and an input of at least one byte (memcpy's source). */
/*@ requires slh_ctx_ok(c) && slh_ctx_bk(c) && inlen <= 2 * c->p->n;
    requires \valid_read(adrs + (0 .. cnt - 1)) && \valid_read(out + (0 .. cnt - 1));
    requires \separated(c, adrs + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires in == \null || (0 < inlen && \valid_read(in + (0 .. cnt - 1)) && \separated(c, in + (0 .. cnt - 1)));
    requires in == \null || \forall integer i; 0 <= i < cnt ==> \valid_read(in[i] + (0 .. inlen - 1));
    requires \forall integer i; 0 <= i < cnt ==> \valid(out[i] + (0 .. c->p->n - 1));
    requires \forall integer i; 0 <= i < cnt ==> \separated(out[i] + (0 .. c->p->n - 1), c, c->p, adrs + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires in != \null ==> \forall integer i; 0 <= i < cnt ==> \separated(out[i] + (0 .. c->p->n - 1), in + (0 .. cnt - 1));
    requires c->rows != 0 ==> slh_ctx_rows(c);
    assigns c->perms, c->scratch[0 .. SLH_XN_STATE_MAX - 1], c->tmpl[0][0 .. SLH_ROWS * SLH_MAX_LANES - 1],
            c->tmpl[1][0 .. SLH_ROWS * SLH_MAX_LANES - 1], *(out[0 .. cnt - 1] + (0 .. c->p->n - 1)), kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c);
    ensures c->rows != 0 ==> slh_ctx_rows(c);
    ensures thash_batch_ok: slh_ctx_ok(c);
    ensures thash_batch_bk: slh_ctx_bk(c); */
void kf_slh_thash_batch(slh_ctx *c, size_t cnt, const slh_adrs *adrs, const uint8_t *const *in,
                     size_t inlen, uint8_t *const *out);
/* The same through padded blocks (kf_slh_hash_blocks) on any backend: what kf_slh_thash_batch
 * does without rows, and for a last group that no interleaved backend takes. (ACSL) It writes
 * the counter and the scratch states of *c, as kf_slh_hash_blocks; kf_slh_thash_batch's
 * preconditions (proved, unit slhdsa_hash, session 69). */
/*@ requires slh_ctx_ok(c) && slh_ctx_bk(c) && inlen <= 2 * c->p->n;
    requires \valid_read(adrs + (0 .. cnt - 1)) && \valid_read(out + (0 .. cnt - 1));
    requires \separated(c, adrs + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires in == \null || (0 < inlen && \valid_read(in + (0 .. cnt - 1)) && \separated(c, in + (0 .. cnt - 1)));
    requires in == \null || \forall integer i; 0 <= i < cnt ==> \valid_read(in[i] + (0 .. inlen - 1));
    requires \forall integer i; 0 <= i < cnt ==> \valid(out[i] + (0 .. c->p->n - 1));
    requires \forall integer i; 0 <= i < cnt ==> \separated(out[i] + (0 .. c->p->n - 1), c, c->p, adrs + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires in != \null ==> \forall integer i; 0 <= i < cnt ==> \separated(out[i] + (0 .. c->p->n - 1), in + (0 .. cnt - 1));
    assigns c->perms, c->scratch[0 .. SLH_XN_STATE_MAX - 1], *(out[0 .. cnt - 1] + (0 .. c->p->n - 1)), kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c);
    ensures blocks_ok: slh_ctx_ok(c);
    ensures blocks_bk: slh_ctx_bk(c); */
void kf_slh_thash_batch_blocks(slh_ctx *c, size_t cnt, const slh_adrs *adrs, const uint8_t *const *in,
                               size_t inlen, uint8_t *const *out);
/* cnt tree nodes H(PK.seed, ADRS, in[j] (2n bytes)) into out[j]: ADRS is adrs (its layer,
 * tree, type and key pair) with tree height z and tree index index[j]. Overlap rules of
 * kf_slh_thash_batch. (ACSL) index[], in[] and out[] (the arrays) read only, apart from the
 * context, (rows) its batched table and every output; out[j] may lie in in[i]'s bytes (in
 * place); the outputs apart from the context, its set and (rows) its batched table, which
 * hash.c's h_rows reads between groups; c->xn kept (h_batch_xn: a caller's buffers stay apart
 * from the table, xmss.c's reduce_tree). Proved (unit slhdsa_hash, session 54) over h_rows' and
 * kf_slh_thash_batch's contracts: the latter names the fields of *c it writes (none of its
 * pointers) and keeps slh_ctx_ok; since session 69 it needs and keeps the backends (slh_ctx_bk,
 * for kf_slh_thash_batch_blocks), and so does this function (h_batch_bk). */
/*@ requires slh_ctx_ok(c) && slh_ctx_bk(c) && \valid_read(adrs) && (c->rows != 0 ==> slh_ctx_rows(c));
    requires \valid_read(index + (0 .. cnt - 1)) && \valid_read(in + (0 .. cnt - 1)) && \valid_read(out + (0 .. cnt - 1));
    requires \separated(c, index + (0 .. cnt - 1), in + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires \forall integer i; 0 <= i < cnt ==> \valid_read(in[i] + (0 .. 2 * c->p->n - 1));
    requires \forall integer i; 0 <= i < cnt ==> \valid(out[i] + (0 .. c->p->n - 1)) &&
      \separated(out[i] + (0 .. c->p->n - 1), c, c->p, index + (0 .. cnt - 1), in + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires c->rows != 0 ==> \separated(c->xn, index + (0 .. cnt - 1), in + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires c->rows != 0 ==> \forall integer i; 0 <= i < cnt ==> \separated(out[i] + (0 .. c->p->n - 1), c->xn);
    assigns *c, *(out[0 .. cnt - 1] + (0 .. c->p->n - 1)), kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c);
    ensures c->rows != 0 ==> slh_ctx_rows(c);
    ensures h_batch_xn: c->xn == \old(c->xn);
    ensures h_batch_bk: slh_ctx_bk(c); */
void kf_slh_h_batch(slh_ctx *c, const slh_adrs *adrs, unsigned z, size_t cnt, const uint32_t *index,
                    const uint8_t *const *in, uint8_t *const *out);
/* PRF_msg(SK.prf, opt_rand, M) = SHAKE256(SK.prf || opt_rand || M, 8n). Counted in c->perms. */
/*@ requires slh_ctx_ok(c) && slh_msg_ok(m) && \separated(c, m);
    requires \valid_read(sk_prf + (0 .. c->p->n - 1)) && \valid_read(opt_rand + (0 .. c->p->n - 1));
    requires \valid(out + (0 .. c->p->n - 1)) && \separated(c, out + (0 .. c->p->n - 1));
    assigns c->perms, out[0 .. c->p->n - 1];
    ensures slh_ctx_same{Old, Here}(c); */
void kf_slh_prf_msg(slh_ctx *c, const uint8_t *sk_prf, const uint8_t *opt_rand,
                 const slh_msg *m, uint8_t *out);
/* H_msg(R, PK.seed, PK.root, M) = SHAKE256(R || PK.seed || PK.root || M, 8m). Counted in c->perms
 * and, its blocks being serial, in c->cp. */
/*@ requires slh_ctx_ok(c) && slh_msg_ok(m) && \separated(c, m);
    requires \valid_read(r + (0 .. c->p->n - 1)) && \valid_read(pk_seed + (0 .. c->p->n - 1));
    requires \valid_read(pk_root + (0 .. c->p->n - 1));
    requires \valid(out + (0 .. c->p->m - 1)) && \separated(c, out + (0 .. c->p->m - 1));
    assigns c->perms, c->cp, out[0 .. c->p->m - 1];
    ensures slh_ctx_same{Old, Here}(c); */
void kf_slh_h_msg(slh_ctx *c, const uint8_t *r, const uint8_t *pk_seed, const uint8_t *pk_root,
               const slh_msg *m, uint8_t *out);

/* base_2b (FIPS 205 Algorithm 4): out_len digits of b bits (b <= 16) from x, big-endian.
 * It reads ceil(out_len b / 8) bytes of x. */
/*@ requires 1 <= b <= 16;
    requires \valid_read(x + (0 .. (out_len * b + 7) / 8 - 1));
    requires \valid(out + (0 .. out_len - 1));
    assigns out[0 .. out_len - 1];
    ensures \forall integer i; 0 <= i < out_len ==> out[i] < (1 << b); */
void kf_slh_base_2b(const uint8_t *x, unsigned b, unsigned out_len, uint32_t *out);

/* ---- wots.c: WOTS+ (§5) ------------------------------------------------------------------ */
/* The len base-w digits of an n-byte message followed by its checksum (Algorithm 7, 1-8). */
/*@ requires kf_slh_params_ok(p);
    requires \valid_read(msg + (0 .. p->n - 1));
    requires \valid(d + (0 .. p->len - 1));
    requires \separated(p, d + (0 .. p->len - 1));
    assigns d[0 .. p->len - 1];
    ensures \forall integer i; 0 <= i < p->len ==> d[i] < SLH_W; */
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
/* The longest chain of dependent permutations in Algorithm 8 for the digits d: a chain's
 * 15 - d[q] F calls, then T_len's blocks in order, each also needing the chains whose ends
 * it absorbs. */
/*@ requires kf_slh_params_ok(p);
    requires \valid_read(d + (0 .. p->len - 1));
    assigns \nothing; */
unsigned kf_slh_wots_cp(const slh_params *p, const uint8_t *d);
/* Algorithm 8: the WOTS+ public key (n bytes) that sig claims for msg. pk may be msg (it is
 * read first). */
/*@ requires slh_ctx_ok(c) && slh_ctx_bk(c) && \valid_read(adrs);
    requires \valid_read(sig + (0 .. c->p->len * c->p->n - 1));
    requires \valid_read(msg + (0 .. c->p->n - 1));
    requires \valid(pk + (0 .. c->p->n - 1)) && \separated(c, c->p, pk + (0 .. c->p->n - 1));
    assigns *c, pk[0 .. c->p->n - 1], kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c);
    ensures wots_bk: slh_ctx_bk(c); */
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
/* Climb from leaf value node (leaf index idx, global tree index base+idx) with auth
 * (height * n bytes); height <= h' of the set (XMSS). */
/*@ requires slh_ctx_ok(c) && slh_ctx_x1(c) && slh_ctx_bk(c) && height <= SLH_MAX_HP;
    requires \valid(adrs) && \separated(adrs, c, c->p, c->x1);
    requires \valid_read(auth + (0 .. height * c->p->n - 1));
    requires \valid(node + (0 .. c->p->n - 1));
    requires \separated(node + (0 .. c->p->n - 1), c, c->p, c->x1, adrs);
    assigns c->perms, c->cp, c->scratch[0 .. SLH_XN_STATE_MAX - 1], *adrs, node[0 .. c->p->n - 1], kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c);
    ensures climb_bk: slh_ctx_bk(c); */
void kf_slh_merkle_climb(slh_ctx *c, slh_adrs *adrs, unsigned height, uint32_t base, uint32_t idx,
                      const uint8_t *auth, uint8_t *node);

/* ---- xmss.c (§6) and hypertree.c (§7) ---------------------------------------------------- */
/* Algorithm 10 + the root: XMSS signature (len+h')*n of msg by leaf idx; root (n bytes).
 * root may be msg (msg is read first). (ACSL) stated, not proved (xmss.c's signing side is
 * "pending" in unit slhdsa_trees): SIG_XMSS's (len + h') n bytes and root's n written, apart
 * from the context and its set. */
/*@ requires slh_ctx_ok(c) && \valid_read(adrs) && (c->rows != 0 ==> slh_ctx_rows(c));
    requires \valid_read(msg + (0 .. c->p->n - 1));
    requires sig_xmss: \valid(sig + (0 .. (c->p->len + c->p->hp) * c->p->n - 1));
    requires \valid(root + (0 .. c->p->n - 1)) && \separated(root + (0 .. c->p->n - 1), c, c->p);
    requires \separated(sig + (0 .. (c->p->len + c->p->hp) * c->p->n - 1), c, c->p, adrs);
    requires \separated(sig + (0 .. (c->p->len + c->p->hp) * c->p->n - 1), msg + (0 .. c->p->n - 1));
    requires \separated(sig + (0 .. (c->p->len + c->p->hp) * c->p->n - 1), root + (0 .. c->p->n - 1));
    assigns *c, sig[0 .. (c->p->len + c->p->hp) * c->p->n - 1], root[0 .. c->p->n - 1], kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c) && (c->rows != 0 ==> slh_ctx_rows(c)); */
void kf_slh_xmss_sign(slh_ctx *c, const uint8_t *msg, uint32_t idx, const slh_adrs *adrs, uint8_t *sig,
               uint8_t *root);
/* The root of the XMSS tree in adrs (keygen: Algorithm 18). */
void kf_slh_xmss_root(slh_ctx *c, const slh_adrs *adrs, uint8_t *root);
/* Algorithm 11: sig is SIG_XMSS, (len + h') n bytes; root may be msg. */
/*@ requires slh_ctx_ok(c) && slh_ctx_x1(c) && slh_ctx_bk(c) && \valid_read(adrs);
    requires sig_xmss: \valid_read(sig + (0 .. (c->p->len + c->p->hp) * c->p->n - 1));
    requires \valid_read(msg + (0 .. c->p->n - 1));
    requires \valid(root + (0 .. c->p->n - 1)) && \separated(root + (0 .. c->p->n - 1), c, c->p, c->x1);
    assigns *c, root[0 .. c->p->n - 1], kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c);
    ensures xmss_bk: slh_ctx_bk(c); */
void kf_slh_xmss_pk_from_sig(slh_ctx *c, uint32_t idx, const uint8_t *sig, const uint8_t *msg,
                      const slh_adrs *adrs, uint8_t *root);
/* Algorithm 12: SIG_HT of msg (n bytes), d (len + h') n bytes. */
/*@ requires slh_ctx_ok(c) && (c->rows != 0 ==> slh_ctx_rows(c));
    requires \valid_read(msg + (0 .. c->p->n - 1));
    requires \valid(sig + (0 .. c->p->d * (c->p->len + c->p->hp) * c->p->n - 1));
    requires \separated(sig + (0 .. c->p->d * (c->p->len + c->p->hp) * c->p->n - 1), c, c->p);
    assigns *c, sig[0 .. c->p->d * (c->p->len + c->p->hp) * c->p->n - 1], kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c); */
void kf_slh_ht_sign(slh_ctx *c, const uint8_t *msg, uint64_t idx_tree, uint32_t idx_leaf, uint8_t *sig);
/* Algorithm 13: 1 if valid. sig is SIG_HT, d (len + h') n bytes. */
/*@ requires slh_ctx_ok(c) && slh_ctx_x1(c) && slh_ctx_bk(c) && \separated(c->p, c->x1);
    requires \valid_read(msg + (0 .. c->p->n - 1));
    requires \valid_read(sig + (0 .. c->p->d * (c->p->len + c->p->hp) * c->p->n - 1));
    requires \valid_read(pk_root + (0 .. c->p->n - 1));
    assigns *c, kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c); */
int kf_slh_ht_verify(slh_ctx *c, const uint8_t *msg, const uint8_t *sig, uint64_t idx_tree,
              uint32_t idx_leaf, const uint8_t *pk_root);

/* ---- fors.c (§8) --------------------------------------------------------------------------- */
/* Algorithm 16, plus the FORS public key (Algorithm 17 on the roots computed while signing). */
void kf_slh_fors_sign(slh_ctx *c, const uint8_t *md, const slh_adrs *adrs, uint8_t *sig, uint8_t *pk);
/* Algorithm 17. */
/* sig is SIG_FORS, k (1 + a) n bytes; md the ceil(k a / 8) bytes of the digest. */
/*@ requires slh_ctx_ok(c) && slh_ctx_bk(c) && \valid_read(adrs) && (c->rows != 0 ==> slh_ctx_rows(c));
    requires \valid_read(sig + (0 .. c->p->k * (1 + c->p->a) * c->p->n - 1));
    requires \valid_read(md + (0 .. (c->p->k * c->p->a + 7) / 8 - 1));
    requires \valid(pk + (0 .. c->p->n - 1)) && \separated(c, pk + (0 .. c->p->n - 1));
    assigns *c, pk[0 .. c->p->n - 1], kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c); */
void kf_slh_fors_pk_from_sig(slh_ctx *c, const uint8_t *sig, const uint8_t *md, const slh_adrs *adrs,
                      uint8_t *pk);

/* ---- slhdsa.c, verify_batch.c: verification of one and of many -------------------------- */
/* H_msg's digest split into md, idx_tree, idx_leaf (Algorithm 19, 7-12; Algorithm 20 too). */
/* md is digest itself (its first ceil(k a / 8) bytes, which FORS's base_2b reads); the
 * indices come from the m - ceil(k a / 8) bytes after it, and every shift is in range. */
/*@ requires kf_slh_params_ok(p);
    requires \valid_read(digest + (0 .. p->m - 1));
    requires \valid(md) && \valid(idx_tree) && \valid(idx_leaf);
    requires \separated(p, md, idx_tree, idx_leaf, digest + (0 .. p->m - 1));
    assigns *md, *idx_tree, *idx_leaf;
    ensures *md == digest;
    ensures \valid_read(*md + (0 .. (p->k * p->a + 7) / 8 - 1)); */
void kf_slh_split_digest(const slh_params *p, const uint8_t *digest, const uint8_t **md, uint64_t *idx_tree,
                         uint32_t *idx_leaf);
/* Algorithm 20 after the length checks: 1 if sig is valid for M' = m under pk. perms, cp
 * (either may be NULL): the permutations it made, and those of its critical path. */
/*@ requires kf_slh_params_ok(p);
    requires slh_msg_ok(m);
    requires \valid_read(sig + (0 .. p->sig_bytes - 1));
    requires \valid_read(pk + (0 .. 2 * p->n - 1));
    requires perms == \null || \valid(perms);
    requires cp == \null || \valid(cp);
    assigns perms[0 .. (perms == \null ? -1 : 0)], cp[0 .. (cp == \null ? -1 : 0)], kf_spec_xn_table; */
int kf_slh_verify_one(const slh_params *p, const slh_msg *m, const uint8_t *sig, const uint8_t *pk,
                      uint64_t *perms, uint64_t *cp);
/* Algorithm 20 on count signatures (lengths checked), ok[i] = 1 where valid: groups of the
 * interleaved batched backend's width (at most SLH_BATCH_MAX) in lock-step, the rest (and
 * everything without such a backend) one by one. *perms (may be NULL): the permutations,
 * counted as for the single verifications. */
void kf_slh_verify_many(const slh_params *p, size_t count, const slh_msg *const *m, const uint8_t *const *sig,
                        const uint8_t *const *pk, int *ok, uint64_t *perms);

/* ---- slhdsa.c: for tools (kforge bench's hashing floor) ------------------------------------ */
enum slh_op { SLH_OP_KEYGEN, SLH_OP_SIGN, SLH_OP_VERIFY };
/* Runs one operation of the pure API with an empty context, as kf_slhdsa_keygen_internal
 * (seeds: SK.seed || SK.prf || PK.seed), deterministic kf_slhdsa_sign or kf_slhdsa_verify do
 * (pk, sk, sig: their buffers, in or out), and sets *perms to the Keccak-p[1600,24] calls its
 * hashes made, counted as FIPS 205 counts them: one per absorbed or squeezed block of each
 * hash, however the calls were batched. KF_OK, KF_ERR_BAD_SIGNATURE, or an argument error. */
int kf_slh_count_perms(kf_slhdsa_param param, enum slh_op op, const uint8_t *seeds, const void *msg,
                       size_t msglen, uint8_t *pk, uint8_t *sk, uint8_t *sig, uint64_t *perms);

/* kf_slhdsa_verify of (msg, empty context, sig, pk) for kforge bench's dependency floor:
 * *perms as kf_slh_count_perms counts them and *cp the permutations of the longest chain
 * of dependent ones (H_msg's blocks, a FORS leaf and its a levels, T_k's blocks, then per
 * layer kf_slh_wots_cp and the h' nodes of the climb). KF_OK, KF_ERR_BAD_SIGNATURE or an
 * argument error. */
int kf_slh_verify_cp(kf_slhdsa_param param, const void *msg, size_t msglen, const uint8_t *sig,
                     const uint8_t *pk, uint64_t *perms, uint64_t *cp);

#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hash.c - the SLH-DSA hash functions for the SHAKE parameter sets (FIPS 205 §11.1), all
 * SHAKE256: F, H, T_l, PRF, PRF_msg, H_msg, and the batched form of F / H / PRF that the
 * tree code uses for independent calls. Also base_2b (Algorithm 4).
 *
 * Independent hashes run on the Keccak backends directly, not through a sponge: their
 * inputs are already padded blocks (kf_slh_block_init), so a group of up to the batched
 * backend's width is init + absorb_blocks + extract, and the states live in the context's
 * scratch space (wiped with the context) rather than being set up and wiped per call.
 */
#include "slhdsa_internal.h"
#include "keccakforge.h"
#include "sponge/sponge.h"

#define SHAKE256_RATE SLH_BLOCK
#define SHAKE_SUFFIX 0x1F
#define PAD_LAST 0x80 /* the final 1 of pad10*1, in the block's last byte */
#define NR 24

/* (ACSL, unit slhdsa_hash) a SHAKE256 sponge on the x1 backend in use, absorbing. */
/*@ requires \valid(s);
    assigns *s;
    ensures kf_sponge_absorbing(s) && s->nbits == 0; */
static void shake256_begin(kf_sponge *s)
{
    kf_sponge_init(s, kf_backend_current(), SHAKE256_RATE, 24, SHAKE_SUFFIX);
}

/* ---- padded blocks on the backends ------------------------------------------------------ */

/* A batched backend this file can drive: all operations present, its states fit the
 * scratch space and its width the lane arrays. */
/*@ requires xn == \null || \valid_read(xn);
    assigns \nothing;
    ensures \result == \null || \result == xn;
    ensures \result != \null ==> 2 <= xn->n <= SLH_MAX_LANES && xn->state_bytes <= SLH_XN_STATE_MAX &&
      xn->init != \null && xn->add_bytes != \null && xn->extract_bytes != \null && xn->permute != \null;
    ensures xn != \null && 2 <= xn->n <= SLH_MAX_LANES && xn->state_bytes <= SLH_XN_STATE_MAX &&
      xn->init != \null && xn->add_bytes != \null && xn->extract_bytes != \null && xn->permute != \null ==>
      \result == xn; */
static const kf_backend_xn *usable(const kf_backend_xn *xn)
{
    if (!xn || xn->n < 2 || xn->n > SLH_MAX_LANES || xn->state_bytes > SLH_XN_STATE_MAX) return NULL;
    if (!xn->init || !xn->add_bytes || !xn->extract_bytes || !xn->permute) return NULL;
    return xn;
}

void kf_slh_ctx_backends(slh_ctx *c)
{
    c->x1 = kf_backend_current();
    c->xn = usable(kf_backend_xn_current());
    c->width = c->xn ? c->xn->n : 1;
    c->rows = c->xn && c->xn->interleaved;
    /* a short last group goes to the narrowest backend with room (x4 for 2-4 instances
     * under x8), a lone instance to x1: kf_backend_xn_for's choice, asked once here */
    /*@ loop invariant 0 <= r <= SLH_MAX_LANES;
        loop invariant \forall integer q; 0 <= q < r ==> c->xn_rest[q] == \null ||
          (\valid_read(c->xn_rest[q]) && \separated(c, c->xn_rest[q]) && 2 <= q < c->width &&
           2 <= c->xn_rest[q]->n <= SLH_MAX_LANES && c->xn_rest[q]->state_bytes <= SLH_XN_STATE_MAX &&
           (c->xn_rest[q]->interleaved != 0 ==> SLH_ROWS * 8 * c->xn_rest[q]->n <= SLH_XN_STATE_MAX));
        loop assigns r, c->xn_rest[0 .. SLH_MAX_LANES - 1];
        loop variant SLH_MAX_LANES - r; */
    for (unsigned r = 0; r < SLH_MAX_LANES; r++)
        c->xn_rest[r] = c->xn && r >= 2 && r < c->width ? usable(kf_backend_xn_for(r)) : NULL;
    if (c->rows) {
        kf_slh_rows_template(c, c->tmpl[0], c->width, c->p->n);
        kf_slh_rows_template(c, c->tmpl[1], c->width, 2 * (size_t)c->p->n);
    }
}

size_t kf_slh_block_init(slh_ctx *c, uint8_t *buf, size_t inlen)
{
    const size_t n = c->p->n, used = n + 32 + inlen, total = SLH_PADDED(used);
    memcpy(buf, c->pk_seed, n);
    memset(buf + used, 0, total - used);
    buf[used] = SHAKE_SUFFIX;
    buf[total - 1] |= PAD_LAST;
    return total / SLH_BLOCK;
}

/* m <= xn->n instances on one batched call sequence. Idle lanes absorb instance 0's blocks
 * (valid memory; their output is not read). (ACSL) The table's operations through
 * keccak_backend.h's kf_spec_xn_* (`calls`, the ghost kf_spec_xn_table set to xn), the states
 * in c->scratch (usable: state_bytes <= SLH_XN_STATE_MAX). */
/*@ requires slh_ctx_ok(c) && \valid_read(xn) && \separated(c, xn);
    requires 2 <= xn->n <= SLH_MAX_LANES && xn->state_bytes <= SLH_XN_STATE_MAX && 1 <= m <= xn->n;
    requires 1 <= nblocks <= SLH_PADDED(2 * SLH_MAX_N + 32 + SLH_MAX_LEN * SLH_MAX_N) / SLH_BLOCK;
    requires \valid_read(in + (0 .. m - 1)) && \valid_read(out + (0 .. m - 1));
    requires \separated(c, in + (0 .. m - 1), out + (0 .. m - 1));
    requires \forall integer i; 0 <= i < m ==> \valid_read(in[i] + (0 .. nblocks * SLH_BLOCK - 1));
    requires \forall integer i; 0 <= i < m ==> \valid(out[i] + (0 .. c->p->n - 1));
    requires \forall integer i; 0 <= i < m ==> \separated(out[i] + (0 .. c->p->n - 1), c) &&
      \separated(out[i] + (0 .. c->p->n - 1), c->p) && \separated(out[i] + (0 .. c->p->n - 1), xn) &&
      \separated(out[i] + (0 .. c->p->n - 1), out + (0 .. m - 1));
    assigns kf_spec_xn_table, c->scratch[0 .. SLH_XN_STATE_MAX - 1], *(out[0 .. m - 1] + (0 .. c->p->n - 1)); */
static void hash_xn(slh_ctx *c, const kf_backend_xn *xn, size_t m, const uint8_t *const *in, size_t nblocks,
                    uint8_t *const *out)
{
    void *st = c->scratch;
    const uint8_t *ptr[SLH_MAX_LANES];
    const size_t len = nblocks * SLH_BLOCK;
    size_t done = 0;
    /*@ loop invariant 0 <= j <= xn->n;
        loop invariant \forall integer i; 0 <= i < j ==> \valid_read(ptr[i] + (0 .. len - 1));
        loop assigns j, ptr[0 .. SLH_MAX_LANES - 1];
        loop variant xn->n - j; */
    for (unsigned j = 0; j < xn->n; j++) ptr[j] = in[j < m ? j : 0];
    //@ ghost kf_spec_xn_table = xn;
    /*@ calls kf_spec_xn_init; */
    xn->init(st);
    if (xn->absorb_blocks) {
        /*@ calls kf_spec_xn_absorb_blocks; */
        done = xn->absorb_blocks(st, NR, SLH_BLOCK, ptr, len);
    }
    /*@ loop invariant done <= len && done % SLH_BLOCK == 0;
        loop assigns done, c->scratch[0 .. SLH_XN_STATE_MAX - 1];
        loop variant len - done; */
    for (; done < len; done += SLH_BLOCK) {
        /*@ loop invariant 0 <= j <= m;
            loop assigns j, c->scratch[0 .. SLH_XN_STATE_MAX - 1];
            loop variant m - j; */
        for (size_t j = 0; j < m; j++) {
            /*@ calls kf_spec_xn_add_bytes; */
            xn->add_bytes(st, (unsigned)j, ptr[j] + done, 0, SLH_BLOCK);
        }
        /*@ calls kf_spec_xn_permute; */
        xn->permute(st, NR);
    }
    /*@ loop invariant 0 <= j <= m;
        loop assigns j, *(out[0 .. m - 1] + (0 .. c->p->n - 1));
        loop variant m - j; */
    for (size_t j = 0; j < m; j++) {
        /*@ calls kf_spec_xn_extract_bytes; */
        xn->extract_bytes(st, (unsigned)j, out[j], 0, c->p->n);
    }
}

/* (ACSL) one instance on the x1 backend: its table's operations through keccak_backend.h's
 * kf_spec_* (`calls`), the state in c->scratch. */
/*@ requires slh_ctx_ok(c) && slh_ctx_x1(c);
    requires 1 <= nblocks <= SLH_PADDED(2 * SLH_MAX_N + 32 + SLH_MAX_LEN * SLH_MAX_N) / SLH_BLOCK;
    requires \valid_read(in + (0 .. nblocks * SLH_BLOCK - 1));
    requires \valid(out + (0 .. c->p->n - 1)) && \separated(out + (0 .. c->p->n - 1), c, c->x1);
    assigns c->scratch[0 .. SLH_XN_STATE_MAX - 1], out[0 .. c->p->n - 1]; */
static void hash_x1(slh_ctx *c, const uint8_t *in, size_t nblocks, uint8_t *out)
{
    const kf_backend *x1 = c->x1;
    void *st = c->scratch;
    const size_t len = nblocks * SLH_BLOCK;
    size_t done = 0;
    /*@ calls kf_spec_init; */
    x1->init(st);
    if (x1->absorb_blocks) {
        /*@ calls kf_spec_absorb_blocks; */
        done = x1->absorb_blocks(st, NR, SLH_BLOCK, in, len);
    }
    /*@ loop invariant done <= len && done % SLH_BLOCK == 0;
        loop assigns done, c->scratch[0 .. SLH_XN_STATE_MAX - 1];
        loop variant len - done; */
    for (; done < len; done += SLH_BLOCK) {
        /*@ calls kf_spec_add_bytes; */
        x1->add_bytes(st, in + done, 0, SLH_BLOCK);
        /*@ calls kf_spec_permute; */
        x1->permute(st, NR);
    }
    /*@ calls kf_spec_extract_bytes; */
    x1->extract_bytes(st, out, 0, c->p->n);
}

void kf_slh_hash_blocks(slh_ctx *c, size_t cnt, const uint8_t *const *in, size_t nblocks, uint8_t *const *out)
{
    size_t done = 0;
    /*@ ghost slh_bk_elim(c); */
    //@ assert hb_bk: slh_ctx_bk_is(c);
    c->perms += (uint64_t)cnt * nblocks;
    /*@ loop invariant done <= cnt;
        loop assigns done, c->scratch[0 .. SLH_XN_STATE_MAX - 1],
                     *(\at(out[0 .. cnt - 1], Pre) + (0 .. \at(c->p->n, Pre) - 1)), kf_spec_xn_table;
        loop variant cnt - done; */
    while (done < cnt) {
        size_t left = cnt - done;
        const kf_backend_xn *xn = left >= c->width ? c->xn : c->xn_rest[left];
        if (xn) {
            size_t m = left < xn->n ? left : xn->n;
            //@ assert hb_m: 1 <= m <= xn->n && done + m <= cnt;
            /*@ assert hb_xn: \forall integer i; 0 <= i < m ==>
                  \valid((out + done)[i] + (0 .. c->p->n - 1)) && \separated((out + done)[i] + (0 .. c->p->n - 1), xn); */
            hash_xn(c, xn, m, in + done, nblocks, out + done);
            done += m;
        } else {
            hash_x1(c, in[done], nblocks, out[done]);
            done++;
        }
    }
}

/* ---- F, H, T_l, PRF ----------------------------------------------------------------------- */

void kf_slh_thash(slh_ctx *c, const slh_adrs *adrs, const uint8_t *in, size_t inlen, uint8_t *out)
{
    const size_t n = c->p->n;
    /*@ ghost if (n + 32 + inlen < SLH_BLOCK) slh_bk_elim(c); */
    //@ assert th_bk0: n + 32 + inlen < SLH_BLOCK ==> slh_ctx_bk_is(c);
    if (n + 32 + inlen < SLH_BLOCK) { /* F, H, PRF: one block */
        uint8_t blk[SLH_BLOCK];
        const uint8_t *bp[1] = {blk};
        //@ assert th_bk1: slh_ctx_bk_is(c);
        kf_slh_block_init(c, blk, inlen);
        memcpy(blk + n, adrs->b, 32);
        memcpy(blk + n + 32, in, inlen);
        /*@ ghost slh_bk_intro(c); */
        kf_slh_hash_blocks(c, 1, bp, 1, &out);
        kf_memzero(blk, sizeof blk);
        return;
    }
    kf_sponge s;
    c->perms += SLH_PADDED(n + 32 + inlen) / SLH_BLOCK;
    shake256_begin(&s);
    kf_sponge_absorb(&s, c->pk_seed, n);
    kf_sponge_absorb(&s, adrs->b, sizeof adrs->b);
    kf_sponge_absorb(&s, in, inlen);
    kf_sponge_squeeze(&s, out, n);
    kf_sponge_wipe(&s);
}

/* (ACSL) row r's word of instance i lies within the rows (as fors.c's fors_row_at): a ghost
 * "lemma function", the product as linear facts for the caller. */
/*@ ghost
  /@ requires r < SLH_ROWS && i < w <= SLH_MAX_LANES;
     assigns \nothing;
     ensures 0 <= r * w && r * w + i < SLH_ROWS * w <= SLH_ROWS * SLH_MAX_LANES; @/
  static void slh_row_at(size_t r, size_t i, size_t w) { }
*/
/* (ACSL) the 4 ADRS rows from row r0 (slh_rows_put_adrs's assigns) lie within the rows. */
/*@ ghost
  /@ requires r0 + 4 <= SLH_ROWS && w <= SLH_MAX_LANES;
     assigns \nothing;
     ensures 0 <= r0 * w && (r0 + 4) * w <= SLH_ROWS * w; @/
  static void slh_rows_adrs_in(size_t r0, size_t w) { }
*/

/* rows' words cleared, stated in words (as sponge.h's kf_sponge_wipe): memset's char view of a uint64_t
 * buffer is not one WP's Typed+cast model relates to the words, and its unproved precondition
 * would be a hypothesis of every later goal of the caller (validity of 8 times the words); here
 * it is the 2 justified goals and nothing follows them. Inlined: the same code as the call. */
/*@ requires \valid(rows + (0 .. words - 1)) && words <= SLH_ROWS * SLH_MAX_LANES;
    assigns rows[0 .. words - 1]; */
static void rows_clear(uint64_t *rows, size_t words)
{
    memset(rows, 0, words * sizeof rows[0]);
}

void kf_slh_rows_template(const slh_ctx *c, uint64_t *rows, unsigned w, size_t inlen)
{
    const size_t n = c->p->n, used = n + 32 + inlen;
    rows_clear(rows, (size_t)SLH_ROWS * w);
    /*@ loop invariant 0 <= i <= w;
        loop assigns i, rows[0 .. SLH_ROWS * w - 1];
        loop variant w - i; */
    for (unsigned i = 0; i < w; i++) {
        /*@ loop invariant 0 <= k <= n / 8;
            loop assigns k, rows[0 .. SLH_ROWS * w - 1];
            loop variant n / 8 - k; */
        for (size_t k = 0; k < n / 8; k++) {
            //@ ghost slh_row_at(k, i, w);
            //@ assert row_k: k * w + i < SLH_ROWS * w;
            rows[k * w + i] = slh_word(c->pk_seed + 8 * k);
        }
        //@ ghost slh_row_at(used / 8, i, w);
        //@ assert row_pad: (used / 8) * w + i < SLH_ROWS * w;
        rows[(used / 8) * w + i] = (uint64_t)SHAKE_SUFFIX << (8 * (used % 8));
        //@ ghost slh_row_at(SLH_ROW_PAD_LAST, i, w);
        rows[SLH_ROW_PAD_LAST * w + i] |= (uint64_t)PAD_LAST << 56;
    }
}

/* (ACSL) rows r0 .. r0 + k - 1 of width w lie within the 25 (kf_slh_rows_permute's three copies). */
/*@ ghost
  /@ requires r0 + k <= SLH_ROWS && w <= SLH_MAX_LANES;
     assigns \nothing;
     ensures 0 <= r0 * w && 0 <= k * w && r0 * w + k * w <= SLH_ROWS * w <= SLH_ROWS * SLH_MAX_LANES; @/
  static void slh_rows_span(size_t r0, size_t k, size_t w) { }
*/

/* words of rows moved or copied, stated in words as rows_clear (memmove's and memcpy's char view of
 * a uint64_t buffer is not one WP's Typed+cast model relates to the words: their justified goals are
 * here, and kf_slh_rows_permute assumes only these contracts). Inlined: the same code as the calls. */
/*@ requires \valid(d + (0 .. words - 1)) && \valid_read(s + (0 .. words - 1)) && words <= SLH_ROWS * SLH_MAX_LANES;
    assigns d[0 .. words - 1]; */
static void rows_move(uint64_t *d, const uint64_t *s, size_t words)
{
    memmove(d, s, words * sizeof d[0]);
}
/*@ requires \valid(d + (0 .. words - 1)) && \valid_read(s + (0 .. words - 1)) && words <= SLH_ROWS * SLH_MAX_LANES;
    requires \separated(d + (0 .. words - 1), s + (0 .. words - 1));
    assigns d[0 .. words - 1]; */
static void rows_copy(uint64_t *d, const uint64_t *s, size_t words)
{
    memcpy(d, s, words * sizeof d[0]);
}

/* (ACSL) the table's permute_from and permute through keccak_backend.h's word-view stand-ins
 * kf_spec_xn_permute_from and kf_spec_xn_permute_words (`calls`, the ghost kf_spec_xn_table set to xn,
 * as hash_xn): an interleaved table, the only kind rows use. */
void kf_slh_rows_permute(const kf_backend_xn *xn, uint64_t *S, const uint64_t *T, size_t dst, size_t src, size_t cnt)
{
    const size_t w = xn->n, end = dst + cnt;
    //@ ghost kf_spec_xn_table = xn;
    if (xn->permute_from) {
        /*@ calls kf_spec_xn_permute_from; */
        xn->permute_from(S, T, (unsigned)dst, (unsigned)src, (unsigned)cnt, NR);
        return;
    }
    //@ ghost slh_rows_span(dst, cnt, w);
    //@ ghost slh_rows_span(src, cnt, w);
    rows_move(S + dst * w, S + src * w, cnt * w);
    //@ ghost slh_rows_span(0, dst, w);
    rows_copy(S, T, dst * w);
    //@ ghost slh_rows_span(end, SLH_ROWS - end, w);
    rows_copy(S + end * w, T + end * w, (SLH_ROWS - end) * w);
    /*@ calls kf_spec_xn_permute_words; */
    xn->permute(S, NR);
}

/* kf_slh_thash_batch on the rows of the interleaved backend xn, cnt <= xn->n instances:
 * the instances' ADRS and input words straight into the template T (kf_slh_rows_template
 * for inlen; PRF: with SK.seed in the input rows), the states from it, one permutation,
 * the outputs straight out of rows 0 .. n/8 - 1. (ACSL) The states are c->scratch seen as
 * 25 xn->n words (200 xn->n <= SLH_XN_STATE_MAX: slh_ctx_rows, or usable for a rest table
 * with state_bytes = 200 n); T apart from them, from the inputs, the pointer arrays and the table
 * (session 71: the arrays need not lie apart from the table, which thash_batch_rows cannot show). */
/*@ requires slh_ctx_ok(c) && \valid_read(xn) && \separated(c, xn);
    requires 2 <= xn->n <= SLH_MAX_LANES && SLH_ROWS * 8 * xn->n <= SLH_XN_STATE_MAX;
    requires cnt <= xn->n && inlen <= 2 * c->p->n;
    requires \valid(T + (0 .. SLH_ROWS * xn->n - 1));
    requires \separated(T + (0 .. SLH_ROWS * xn->n - 1), c->scratch + (0 .. SLH_XN_STATE_MAX - 1), &c->perms);
    requires \valid_read(adrs + (0 .. cnt - 1)) && \valid_read(out + (0 .. cnt - 1));
    requires \separated(T + (0 .. SLH_ROWS * xn->n - 1), adrs + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires \separated(T + (0 .. SLH_ROWS * xn->n - 1), xn);
    requires in == \null || (\valid_read(in + (0 .. cnt - 1)) && \separated(T + (0 .. SLH_ROWS * xn->n - 1), in + (0 .. cnt - 1)));
    requires in == \null || \forall integer i; 0 <= i < cnt ==> \valid_read(in[i] + (0 .. inlen - 1));
    requires \forall integer i; 0 <= i < cnt ==> \valid(out[i] + (0 .. c->p->n - 1)) &&
      \separated(out[i] + (0 .. c->p->n - 1), c, out + (0 .. cnt - 1));
    assigns T[0 .. SLH_ROWS * xn->n - 1], c->scratch[0 .. SLH_XN_STATE_MAX - 1], c->perms,
            *(out[0 .. cnt - 1] + (0 .. c->p->n - 1)), kf_spec_xn_table; */
static void thash_rows(slh_ctx *c, const kf_backend_xn *xn, uint64_t *T, size_t cnt, const slh_adrs *adrs,
                       const uint8_t *const *in, size_t inlen, uint8_t *const *out)
{
    const size_t n = c->p->n, w = xn->n;
    uint64_t *S = (uint64_t *)(void *)c->scratch;
    /* (ACSL) the view's 25 w words in c->scratch's bytes: WP checks S's accesses in cells of
     * c->scratch, one per word (docs/ASSURANCE.md, "widened pointer views") */
    //@ assert S_bytes: SLH_ROWS * w * sizeof(uint64_t) <= sizeof(c->scratch);
    /*@ loop invariant 0 <= i <= cnt;
        loop assigns i, T[0 .. SLH_ROWS * w - 1];
        loop variant cnt - i; */
    for (unsigned i = 0; i < cnt; i++) {
        //@ ghost slh_rows_adrs_in(SLH_ROW_ADRS(n), w);
        slh_rows_put_adrs(T, (unsigned)w, n, i, &adrs[i]);
        if (in)
            /*@ loop invariant 0 <= k <= inlen / 8;
                loop assigns k, T[0 .. SLH_ROWS * w - 1];
                loop variant inlen / 8 - k; */
            for (size_t k = 0; k < inlen / 8; k++) {
                //@ ghost slh_row_at(SLH_ROW_IN(n) + k, i, w);
                T[(SLH_ROW_IN(n) + k) * w + i] = slh_word(in[i] + 8 * k);
            }
    }
    kf_slh_rows_permute(xn, S, T, 0, 0, 0);
    c->perms += cnt;
    /*@ loop invariant 0 <= i <= cnt;
        loop assigns i, *(out[0 .. cnt - 1] + (0 .. n - 1));
        loop variant cnt - i; */
    for (unsigned i = 0; i < cnt; i++)
        /*@ loop invariant 0 <= k <= n / 8;
            loop assigns k, *(out[0 .. cnt - 1] + (0 .. n - 1));
            loop variant n / 8 - k; */
        for (size_t k = 0; k < n / 8; k++) {
            //@ ghost slh_row_at(k, i, w);
            //@ assert S_word: (k * w + i) * sizeof(uint64_t) + sizeof(uint64_t) <= sizeof(c->scratch);
            slh_put_word(out[i] + 8 * k, S[k * w + i]);
        }
}

/* the local template's wipe stated in words, as rows_clear (session 71): kf_memzero's byte view of a
 * uint64_t local is false in WP's Typed model, and as a hypothesis after the call it would prove every
 * later goal; through a parameter it is the 2 justified goals here and nothing follows them.
 * Inlined: the same code as the call. */
/*@ requires \valid(rows + (0 .. words - 1)) && words <= SLH_ROWS * SLH_MAX_LANES;
    assigns rows[0 .. words - 1]; */
static void rows_wipe(uint64_t *rows, size_t words)
{
    kf_memzero(rows, words * sizeof rows[0]);
}

/* kf_slh_thash_batch when c->rows: full groups on c->xn (with the context's templates), a
 * last group of r on the narrowest backend with room when that one is interleaved too
 * (its own template; x1 for a lone instance). (ACSL, session 71) T, once set, is the local template
 * or one of the context's (25 SLH_MAX_LANES words each, so 25 xn->n fit); a rest table's rows fit
 * the scratch space by slh_ctx_bk (slh_bk_elim at entry, slh_bk_intro before the blocks path). */
/*@ requires slh_ctx_ok(c) && slh_ctx_bk(c) && c->rows != 0 && slh_ctx_rows(c) && inlen <= 2 * c->p->n;
    requires \valid_read(adrs + (0 .. cnt - 1)) && \valid_read(out + (0 .. cnt - 1));
    requires \separated(c, adrs + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires in == \null || (0 < inlen && \valid_read(in + (0 .. cnt - 1)) && \separated(c, in + (0 .. cnt - 1)));
    requires in == \null || \forall integer i; 0 <= i < cnt ==> \valid_read(in[i] + (0 .. inlen - 1));
    requires \forall integer i; 0 <= i < cnt ==> \valid(out[i] + (0 .. c->p->n - 1));
    requires \forall integer i; 0 <= i < cnt ==> \separated(out[i] + (0 .. c->p->n - 1), c, c->p, adrs + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires in != \null ==> \forall integer i; 0 <= i < cnt ==> \separated(out[i] + (0 .. c->p->n - 1), in + (0 .. cnt - 1));
    assigns c->perms, c->scratch[0 .. SLH_XN_STATE_MAX - 1], c->tmpl[0][0 .. SLH_ROWS * SLH_MAX_LANES - 1],
            c->tmpl[1][0 .. SLH_ROWS * SLH_MAX_LANES - 1], *(out[0 .. cnt - 1] + (0 .. c->p->n - 1)), kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c) && slh_ctx_rows(c);
    ensures rows_ok: slh_ctx_ok(c);
    ensures rows_bk: slh_ctx_bk(c); */
static void thash_batch_rows(slh_ctx *c, size_t cnt, const slh_adrs *adrs, const uint8_t *const *in,
                             size_t inlen, uint8_t *const *out)
{
    const size_t n = c->p->n;
    _Alignas(64) uint64_t own[SLH_ROWS * SLH_MAX_LANES];
    const kf_backend_xn *cur = NULL;
    uint64_t *T = NULL;
    int own_used = 0;
    size_t done = 0;
    /*@ ghost slh_bk_elim(c); */
    /*@ loop invariant done <= cnt;
        loop invariant tbr_ok: slh_ctx_ok(c) && c->p == \at(c->p, Pre) && c->p->n == n;
        loop invariant tbr_is: slh_ctx_bk_is(c);
        loop invariant tbr_T: cur != \null ==> T == &own[0] || T == &c->tmpl[0][0] || T == &c->tmpl[1][0];
        loop assigns done, cur, T, own_used, own[0 .. SLH_ROWS * SLH_MAX_LANES - 1],
                     c->tmpl[0][0 .. SLH_ROWS * SLH_MAX_LANES - 1], c->tmpl[1][0 .. SLH_ROWS * SLH_MAX_LANES - 1],
                     c->perms, c->scratch[0 .. SLH_XN_STATE_MAX - 1],
                     *(\at(out[0 .. cnt - 1], Pre) + (0 .. \at(c->p->n, Pre) - 1)), kf_spec_xn_table;
        loop variant cnt - done; */
    while (done < cnt) {
        size_t left = cnt - done;
        const kf_backend_xn *xn = left >= c->width ? c->xn : c->xn_rest[left];
        if (!xn || !xn->interleaved) break; /* the rest below */
        size_t g = left < xn->n ? left : xn->n;
        if (xn != cur) { /* the template for this width */
            cur = xn;
            if (xn == c->xn && (inlen == n || inlen == 2 * n)) {
                T = c->tmpl[inlen == 2 * n];
            } else {
                T = own;
                own_used = 1;
                kf_slh_rows_template(c, T, xn->n, inlen);
            }
            if (!in)
                /*@ loop invariant 0 <= i <= xn->n;
                    loop assigns i, T[0 .. SLH_ROWS * xn->n - 1];
                    loop variant xn->n - i; */
                for (unsigned i = 0; i < xn->n; i++)
                    /*@ loop invariant 0 <= k <= n / 8;
                        loop assigns k, T[0 .. SLH_ROWS * xn->n - 1];
                        loop variant n / 8 - k; */
                    for (size_t k = 0; k < n / 8; k++) {
                        //@ ghost slh_row_at(SLH_ROW_IN(n) + k, i, xn->n);
                        T[(SLH_ROW_IN(n) + k) * xn->n + i] = slh_word(c->sk_seed + 8 * k);
                    }
        }
        //@ assert tbr_ok1: slh_ctx_ok(c) && c->p->n == n;
        //@ assert tbr_is1: slh_ctx_bk_is(c);
        thash_rows(c, xn, T, g, adrs + done, in ? in + done : NULL, inlen, out + done);
        //@ assert tbr_ok2: slh_ctx_ok(c) && c->p->n == n;
        //@ assert tbr_is2: slh_ctx_bk_is(c);
        done += g;
    }
    if (own_used) rows_wipe(own, sizeof own / sizeof own[0]); /* SK.seed (PRF), or inputs derived from it */
    /*@ ghost slh_bk_intro(c); */
    if (done < cnt) kf_slh_thash_batch_blocks(c, cnt - done, adrs + done, in ? in + done : NULL, inlen, out + done);
}

void kf_slh_thash_batch(slh_ctx *c, size_t cnt, const slh_adrs *adrs, const uint8_t *const *in,
                        size_t inlen, uint8_t *const *out)
{
    if (!in) inlen = c->p->n;
    if (c->rows) thash_batch_rows(c, cnt, adrs, in, inlen, out);
    else kf_slh_thash_batch_blocks(c, cnt, adrs, in, inlen, out);
}

/*@ requires 0 < len && \valid(d + (0 .. len - 1)) && \valid_read(s + (0 .. len - 1)) && \separated(d + (0 .. len - 1), s + (0 .. len - 1));
    assigns d[0 .. len - 1]; */
static void blk_copy(uint8_t *d, const uint8_t *s, size_t len)
{
    memcpy(d, s, len);
}

void kf_slh_thash_batch_blocks(slh_ctx *c, size_t cnt, const slh_adrs *adrs, const uint8_t *const *in,
                               size_t inlen, uint8_t *const *out)
{
    /*@ ghost slh_bk_elim(c); */
    //@ assert tb_bk: slh_ctx_bk_is(c);
    const size_t n = c->p->n, lanes = cnt < c->width ? cnt : c->width;
    if (!in) inlen = n;
    uint8_t blk[SLH_MAX_LANES][SLH_BLOCK];
    const uint8_t *bp[SLH_MAX_LANES];
    //@ assert tb_sizes: lanes <= SLH_MAX_LANES && (cnt > 0 ==> lanes >= 1) && inlen <= 2 * n && (n == 16 || n == 24 || n == 32);
    /*@ loop invariant 0 <= j <= lanes;
        loop invariant tb_bp: \forall integer x; 0 <= x < j ==> bp[x] == &blk[x][0];
        loop assigns j, ((uint8_t *)blk)[0 .. SLH_MAX_LANES * SLH_BLOCK - 1], bp[0 .. SLH_MAX_LANES - 1];
        loop variant lanes - j; */
    for (size_t j = 0; j < lanes; j++) {
        kf_slh_block_init(c, blk[j], inlen);
        bp[j] = blk[j];
    }
    /*@ loop invariant done <= cnt;
        loop invariant tb_ok: slh_ctx_ok(c) && c->p == \at(c->p, Pre) && c->p->n == n;
        loop invariant tb_is: slh_ctx_bk_is(c);
        loop assigns done, ((uint8_t *)blk)[0 .. SLH_MAX_LANES * SLH_BLOCK - 1], c->perms, c->scratch[0 .. SLH_XN_STATE_MAX - 1],
                     *(\at(out[0 .. cnt - 1], Pre) + (0 .. \at(c->p->n, Pre) - 1)), kf_spec_xn_table;
        loop variant cnt - done; */
    for (size_t done = 0; done < cnt;) {
        size_t g = cnt - done < lanes ? cnt - done : lanes;
        /*@ loop invariant 0 <= j <= g;
            loop assigns j, ((uint8_t *)blk)[0 .. SLH_MAX_LANES * SLH_BLOCK - 1];
            loop variant g - j; */
        for (size_t j = 0; j < g; j++) {
            memcpy(blk[j] + n, adrs[done + j].b, 32);
            const uint8_t *src = in ? in[done + j] : c->sk_seed;
            //@ assert tb_src: \valid_read(src + (0 .. inlen - 1));
            blk_copy(blk[j] + n + 32, src, inlen);
        }
        /*@ ghost slh_bk_intro(c); */
        kf_slh_hash_blocks(c, g, bp, 1, out + done);
        done += g;
    }
    kf_memzero(blk, lanes * SLH_BLOCK);
    /*@ ghost slh_bk_intro(c); */
}

/* kf_slh_h_batch's full groups on rows: the ADRS words 0-2 once, per node only word 3
 * (height and index) and the two children's words. Returns the nodes done (a multiple of
 * the width). (ACSL) On the context's own interleaved table (slh_ctx_rows): T is c->tmpl[1],
 * the states c->scratch seen as 25 w words; the outputs apart from the context, its table and
 * the caller's arrays (an output may lie in a later node's input: only the pointers are kept). */
/*@ requires slh_ctx_ok(c) && c->rows != 0 && slh_ctx_rows(c) && \valid_read(a) && \separated(c, a);
    requires \valid_read(index + (0 .. cnt - 1)) && \valid_read(in + (0 .. cnt - 1)) && \valid_read(out + (0 .. cnt - 1));
    requires \separated(c, index + (0 .. cnt - 1), in + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires \forall integer i; 0 <= i < cnt ==> \valid_read(in[i] + (0 .. 2 * c->p->n - 1));
    requires \forall integer i; 0 <= i < cnt ==> \valid(out[i] + (0 .. c->p->n - 1)) &&
      \separated(out[i] + (0 .. c->p->n - 1), c, c->xn, index + (0 .. cnt - 1), in + (0 .. cnt - 1), out + (0 .. cnt - 1));
    assigns c->tmpl[1][0 .. SLH_ROWS * SLH_MAX_LANES - 1], c->scratch[0 .. SLH_XN_STATE_MAX - 1], c->perms,
            *(out[0 .. cnt - 1] + (0 .. c->p->n - 1)), kf_spec_xn_table;
    ensures \result <= cnt; */
static size_t h_rows(slh_ctx *c, const slh_adrs *a, size_t cnt, const uint32_t *index, const uint8_t *const *in,
                     uint8_t *const *out)
{
    const kf_backend_xn *xn = c->xn;
    const size_t n = c->p->n, nw = n / 8, ar = SLH_ROW_ADRS(n), in_row = SLH_ROW_IN(n);
    const unsigned w = xn->n;
    uint64_t *S = (uint64_t *)(void *)c->scratch, *T = c->tmpl[1];
    const uint64_t height = slh_word(a->b + 24);
    size_t j = 0;
    //@ assert S_bytes: SLH_ROWS * w * sizeof(uint64_t) <= sizeof(c->scratch);
    /*@ loop invariant 0 <= i <= w;
        loop assigns i, T[0 .. SLH_ROWS * w - 1];
        loop variant w - i; */
    for (unsigned i = 0; i < w; i++)
        /*@ loop invariant 0 <= k <= 3;
            loop assigns k, T[0 .. SLH_ROWS * w - 1];
            loop variant 3 - k; */
        for (unsigned k = 0; k < 3; k++) {
            //@ ghost slh_row_at(ar + k, i, w);
            T[(ar + k) * w + i] = slh_word(a->b + 8 * k);
        }
    /*@ loop invariant j <= cnt;
        loop assigns j, T[0 .. SLH_ROWS * w - 1], c->scratch[0 .. SLH_XN_STATE_MAX - 1], c->perms,
                     *(out[0 .. cnt - 1] + (0 .. n - 1)), kf_spec_xn_table;
        loop variant cnt - j; */
    for (; cnt - j >= w; j += w) {
        /*@ loop invariant 0 <= i <= w;
            loop assigns i, T[0 .. SLH_ROWS * w - 1];
            loop variant w - i; */
        for (unsigned i = 0; i < w; i++) {
            //@ ghost slh_row_at(ar + 3, i, w);
            T[(ar + 3) * w + i] = slh_word_with_hash(height, index[j + i]);
            /*@ loop invariant 0 <= k <= 2 * nw;
                loop assigns k, T[0 .. SLH_ROWS * w - 1];
                loop variant 2 * nw - k; */
            for (size_t k = 0; k < 2 * nw; k++) {
                //@ ghost slh_row_at(in_row + k, i, w);
                T[(in_row + k) * w + i] = slh_word(in[j + i] + 8 * k);
            }
        }
        kf_slh_rows_permute(xn, S, T, 0, 0, 0);
        c->perms += w;
        /*@ loop invariant 0 <= i <= w;
            loop assigns i, *(out[0 .. cnt - 1] + (0 .. n - 1));
            loop variant w - i; */
        for (unsigned i = 0; i < w; i++)
            /*@ loop invariant 0 <= k <= nw;
                loop assigns k, *(out[0 .. cnt - 1] + (0 .. n - 1));
                loop variant nw - k; */
            for (size_t k = 0; k < nw; k++) {
                //@ ghost slh_row_at(k, i, w);
                //@ assert S_word: (k * w + i) * sizeof(uint64_t) + sizeof(uint64_t) <= sizeof(c->scratch);
                slh_put_word(out[j + i] + 8 * k, S[k * w + i]);
            }
    }
    return j;
}

void kf_slh_h_batch(slh_ctx *c, const slh_adrs *adrs, unsigned z, size_t cnt, const uint32_t *index,
                    const uint8_t *const *in, uint8_t *const *out)
{
    slh_adrs a = *adrs, each[64];
    size_t done = 0;
    adrs_set_tree_height(&a, z);
    adrs_set_tree_index(&a, 0);
    /*@ ghost slh_bk_elim(c); */
    if (c->rows) done = h_rows(c, &a, cnt, index, in, out);
    /*@ ghost slh_bk_intro(c); */
    /*@ loop invariant done <= cnt;
        loop invariant h_batch_bk: slh_ctx_bk(c);
        loop invariant h_batch_ok: slh_ctx_ok(c);
        loop invariant h_batch_same: slh_ctx_same{Pre, Here}(c);
        loop invariant h_batch_rows: c->rows != 0 ==> slh_ctx_rows(c);
        loop invariant h_batch_xn: c->xn == \at(c->xn, Pre);
        loop invariant h_batch_out: \forall integer x; 0 <= x < cnt ==> out[x] == \at(out[x], Pre);
        loop invariant h_batch_in: \forall integer x; 0 <= x < cnt ==> in[x] == \at(in[x], Pre);
        loop assigns done, each[0 .. 63], c->perms, c->scratch[0 .. SLH_XN_STATE_MAX - 1],
                     c->tmpl[0][0 .. SLH_ROWS * SLH_MAX_LANES - 1], c->tmpl[1][0 .. SLH_ROWS * SLH_MAX_LANES - 1],
                     *(\at(out[0 .. cnt - 1], Pre) + (0 .. \at(c->p->n, Pre) - 1)), kf_spec_xn_table;
        loop variant cnt - done; */
    while (done < cnt) { /* the rest: 64 at a time through kf_slh_thash_batch */
        size_t g = cnt - done < 64 ? cnt - done : 64;
        /*@ ghost slh_bk_elim(c); */
        /*@ loop invariant 0 <= j <= g;
            loop assigns j, each[0 .. 63];
            loop variant g - j; */
        for (size_t j = 0; j < g; j++) {
            each[j] = a;
            adrs_set_tree_index(&each[j], index[done + j]);
        }
        /*@ assert h_batch_sep: \forall integer i; 0 <= i < g ==>
              \separated(c->p, (out + done)[i] + (0 .. c->p->n - 1)); */
        /*@ ghost slh_bk_intro(c); */
        kf_slh_thash_batch(c, g, each, in + done, 2 * (size_t)c->p->n, out + done);
        done += g;
    }
}

/*@ requires kf_sponge_absorbing(s);
    requires slh_msg_ok(m);
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial;
    ensures kf_sponge_absorbing(s) && s->nbits == \old(s->nbits); */
static void absorb_msg(kf_sponge *s, const slh_msg *m)
{
    /*@ loop invariant 0 <= i <= m->count;
        loop invariant kf_sponge_absorbing(s) && s->nbits == \at(s->nbits, Pre);
        loop assigns i, s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial;
        loop variant m->count - i; */
    for (unsigned i = 0; i < m->count; i++)
        if (m->len[i]) kf_sponge_absorb(s, m->part[i], m->len[i]);
}

/* Permutations of a SHAKE256 call on `head` bytes and m, squeezing outlen (>= 1) bytes. */
/*@ requires \valid_read(m) && m->count <= SLH_MSG_PARTS && outlen >= 1;
    assigns \nothing; */
static uint64_t sponge_perms(size_t head, const slh_msg *m, size_t outlen)
{
    uint64_t len = head;
    /*@ loop invariant 0 <= i <= m->count;
        loop assigns i, len;
        loop variant m->count - i; */
    for (unsigned i = 0; i < m->count; i++) len += m->len[i];
    return len / SHAKE256_RATE + 1 + (outlen - 1) / SHAKE256_RATE;
}

void kf_slh_prf_msg(slh_ctx *c, const uint8_t *sk_prf, const uint8_t *opt_rand, const slh_msg *m, uint8_t *out)
{
    const slh_params *p = c->p;
    kf_sponge s;
    c->perms += sponge_perms(2 * (size_t)p->n, m, p->n);
    shake256_begin(&s);
    kf_sponge_absorb(&s, sk_prf, p->n);
    kf_sponge_absorb(&s, opt_rand, p->n);
    absorb_msg(&s, m);
    kf_sponge_squeeze(&s, out, p->n);
    kf_sponge_wipe(&s);
}

void kf_slh_h_msg(slh_ctx *c, const uint8_t *r, const uint8_t *pk_seed, const uint8_t *pk_root,
               const slh_msg *m, uint8_t *out)
{
    const slh_params *p = c->p;
    kf_sponge s;
    const uint64_t blocks = sponge_perms(3 * (size_t)p->n, m, p->m);
    c->perms += blocks;
    c->cp += blocks; /* serial blocks, and everything after needs the digest */
    shake256_begin(&s);
    kf_sponge_absorb(&s, r, p->n);
    kf_sponge_absorb(&s, pk_seed, p->n);
    kf_sponge_absorb(&s, pk_root, p->n);
    absorb_msg(&s, m);
    kf_sponge_squeeze(&s, out, p->m);
    kf_sponge_wipe(&s);
}

void kf_slh_base_2b(const uint8_t *x, unsigned b, unsigned out_len, uint32_t *out)
{
    uint32_t total = 0;
    unsigned bits = 0;
    size_t in = 0;
    //@ assert mask: 2 <= (1 << b) <= 65536;
    /*@ loop invariant 0 <= i <= out_len;
        loop invariant bits < 8;
        loop invariant 8 * in == i * b + bits;
        loop invariant \forall integer j; 0 <= j < i ==> out[j] < (1 << b);
        loop assigns i, bits, in, total, out[0 .. out_len - 1];
        loop variant out_len - i; */
    for (unsigned i = 0; i < out_len; i++) {
        /*@ loop invariant bits < b + 8;
            loop invariant 8 * in == i * b + bits;
            loop assigns total, in, bits;
            loop variant b - bits; */
        while (bits < b) {
            //@ assert (i + 1) * b <= out_len * b;

            total = (total << 8) | x[in++];
            bits += 8;
        }
        bits -= b;
        out[i] = (total >> bits) & ((1u << b) - 1);
        total &= (1u << bits) - 1; /* keep only the unused bits: no overflow for b <= 16 */
    }
}

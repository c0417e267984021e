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

static void shake256_begin(kf_sponge *s)
{
    kf_sponge_init(s, kf_backend_current(), SHAKE256_RATE, 24, SHAKE_SUFFIX);
}

/* ---- padded blocks on the backends ------------------------------------------------------ */

/* A batched backend this file can drive: all operations present, its states fit the
 * scratch space and its width the lane arrays. */
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
    /* a short last group goes to the narrowest backend with room (x4 for 2-4 instances
     * under x8), a lone instance to x1: kf_backend_xn_for's choice, asked once here */
    for (unsigned r = 0; r < SLH_MAX_LANES; r++)
        c->xn_rest[r] = c->xn && r >= 2 && r < c->width ? usable(kf_backend_xn_for(r)) : NULL;
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
 * (valid memory; their output is not read). */
static void hash_xn(slh_ctx *c, const kf_backend_xn *xn, size_t m, const uint8_t *const *in, size_t nblocks,
                    uint8_t *const *out)
{
    void *st = c->scratch;
    const uint8_t *ptr[SLH_MAX_LANES];
    const size_t len = nblocks * SLH_BLOCK;
    size_t done = 0;
    for (unsigned j = 0; j < xn->n; j++) ptr[j] = in[j < m ? j : 0];
    xn->init(st);
    if (xn->absorb_blocks) done = xn->absorb_blocks(st, NR, SLH_BLOCK, ptr, len);
    for (; done < len; done += SLH_BLOCK) {
        for (size_t j = 0; j < m; j++) xn->add_bytes(st, (unsigned)j, ptr[j] + done, 0, SLH_BLOCK);
        xn->permute(st, NR);
    }
    for (size_t j = 0; j < m; j++) xn->extract_bytes(st, (unsigned)j, out[j], 0, c->p->n);
}

static void hash_x1(slh_ctx *c, const uint8_t *in, size_t nblocks, uint8_t *out)
{
    const kf_backend *x1 = c->x1;
    void *st = c->scratch;
    const size_t len = nblocks * SLH_BLOCK;
    size_t done = 0;
    x1->init(st);
    if (x1->absorb_blocks) done = x1->absorb_blocks(st, NR, SLH_BLOCK, in, len);
    for (; done < len; done += SLH_BLOCK) {
        x1->add_bytes(st, in + done, 0, SLH_BLOCK);
        x1->permute(st, NR);
    }
    x1->extract_bytes(st, out, 0, c->p->n);
}

void kf_slh_hash_blocks(slh_ctx *c, size_t cnt, const uint8_t *const *in, size_t nblocks, uint8_t *const *out)
{
    size_t done = 0;
    while (done < cnt) {
        size_t left = cnt - done;
        const kf_backend_xn *xn = left >= c->width ? c->xn : c->xn_rest[left];
        if (xn) {
            size_t m = left < xn->n ? left : xn->n;
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
    if (n + 32 + inlen < SLH_BLOCK) { /* F, H, PRF: one block */
        uint8_t blk[SLH_BLOCK];
        const uint8_t *bp[1] = {blk};
        kf_slh_block_init(c, blk, inlen);
        memcpy(blk + n, adrs->b, 32);
        memcpy(blk + n + 32, in, inlen);
        kf_slh_hash_blocks(c, 1, bp, 1, &out);
        kf_memzero(blk, sizeof blk);
        return;
    }
    kf_sponge s;
    shake256_begin(&s);
    kf_sponge_absorb(&s, c->pk_seed, n);
    kf_sponge_absorb(&s, adrs->b, sizeof adrs->b);
    kf_sponge_absorb(&s, in, inlen);
    kf_sponge_squeeze(&s, out, n);
    kf_memzero(&s, sizeof s);
}

void kf_slh_thash_batch(slh_ctx *c, size_t cnt, const slh_adrs *adrs, const uint8_t *const *in,
                     size_t inlen, uint8_t *const *out)
{
    const size_t n = c->p->n, lanes = c->width;
    if (!in) inlen = n;
    uint8_t blk[SLH_MAX_LANES][SLH_BLOCK];
    const uint8_t *bp[SLH_MAX_LANES];
    for (size_t j = 0; j < lanes; j++) {
        kf_slh_block_init(c, blk[j], inlen);
        bp[j] = blk[j];
    }
    for (size_t done = 0; done < cnt;) {
        size_t g = cnt - done < lanes ? cnt - done : lanes;
        for (size_t j = 0; j < g; j++) {
            memcpy(blk[j] + n, adrs[done + j].b, 32);
            memcpy(blk[j] + n + 32, in ? in[done + j] : c->sk_seed, inlen);
        }
        kf_slh_hash_blocks(c, g, bp, 1, out + done);
        done += g;
    }
    kf_memzero(blk, (cnt < lanes ? cnt : lanes) * SLH_BLOCK);
}

static void absorb_msg(kf_sponge *s, const slh_msg *m)
{
    for (unsigned i = 0; i < m->count; i++)
        if (m->len[i]) kf_sponge_absorb(s, m->part[i], m->len[i]);
}

void kf_slh_prf_msg(const slh_params *p, const uint8_t *sk_prf, const uint8_t *opt_rand,
                 const slh_msg *m, uint8_t *out)
{
    kf_sponge s;
    shake256_begin(&s);
    kf_sponge_absorb(&s, sk_prf, p->n);
    kf_sponge_absorb(&s, opt_rand, p->n);
    absorb_msg(&s, m);
    kf_sponge_squeeze(&s, out, p->n);
    kf_memzero(&s, sizeof s);
}

void kf_slh_h_msg(const slh_params *p, const uint8_t *r, const uint8_t *pk_seed, const uint8_t *pk_root,
               const slh_msg *m, uint8_t *out)
{
    kf_sponge s;
    shake256_begin(&s);
    kf_sponge_absorb(&s, r, p->n);
    kf_sponge_absorb(&s, pk_seed, p->n);
    kf_sponge_absorb(&s, pk_root, p->n);
    absorb_msg(&s, m);
    kf_sponge_squeeze(&s, out, p->m);
    kf_memzero(&s, sizeof s);
}

void kf_slh_base_2b(const uint8_t *x, unsigned b, unsigned out_len, uint32_t *out)
{
    uint32_t total = 0;
    unsigned bits = 0;
    size_t in = 0;
    for (unsigned i = 0; i < out_len; i++) {
        while (bits < b) {
            total = (total << 8) | x[in++];
            bits += 8;
        }
        bits -= b;
        out[i] = (total >> bits) & ((1u << b) - 1);
        total &= (1u << bits) - 1; /* keep only the unused bits: no overflow for b <= 16 */
    }
}

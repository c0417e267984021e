/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sponge_xn.c - n sponges in lock-step over batched (xN) backends, x1 for a lone instance. */
#include "sponge_xn.h"
#include "sponge.h"

#include <string.h>

/* The aligned base of the states, moving them there if the struct itself was moved. */
static uint8_t *xn_base(kf_sponge_xn *s)
{
    uintptr_t at = (uintptr_t)s->raw;
    unsigned shift = (unsigned)((64 - (at & 63)) & 63);
    if (shift != s->shift) {
        memmove(s->raw + shift, s->raw + s->shift, KF_XN_STORAGE);
        s->shift = (uint8_t)shift;
    }
    return s->raw + shift;
}

static size_t round_up(size_t x, size_t a) { return (x + a - 1) / a * a; }

void kf_sponge_xn_init(kf_sponge_xn *s, unsigned n, unsigned rate, unsigned nr, uint8_t suffix)
{
    size_t offset = 0;
    unsigned first = 0;
    s->shift = (uint8_t)((64 - ((uintptr_t)s->raw & 63)) & 63);
    uint8_t *base = s->raw + s->shift;
    s->x1 = kf_backend_current();
    s->ngroups = 0;
    while (first < n) {
        kf_xn_group *g = &s->group[s->ngroups++];
        const kf_backend_xn *xn = kf_backend_xn_for(n - first);
        size_t at = round_up(offset, xn ? 64 : KF_STATE_ALIGN);
        size_t need = xn ? xn->state_bytes : KF_STATE_BYTES;
        if (at + need > KF_XN_STORAGE) { /* cannot happen with 4- and 8-wide backends */
            xn = NULL;
            at = round_up(offset, KF_STATE_ALIGN);
            need = KF_STATE_BYTES;
        }
        g->xn = xn;
        g->offset = (uint16_t)at;
        g->first = (uint8_t)first;
        g->count = (uint8_t)(xn ? (n - first < xn->n ? n - first : xn->n) : 1);
        if (xn) xn->init(base + at);
        else s->x1->init(base + at);
        offset = at + need;
        first += g->count;
    }
    s->n = (uint8_t)n;
    s->rate = (uint16_t)rate;
    s->pos = 0;
    s->nr = (uint8_t)nr;
    s->suffix = suffix;
    s->phase = KF_PHASE_ABSORB;
}

/* ---- one group ------------------------------------------------------------------------ */

static void g_add(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g, unsigned j,
                  const uint8_t *in, size_t offset, size_t len)
{
    if (!len) return;
    if (g->xn) g->xn->add_bytes(base + g->offset, j, in, offset, len);
    else s->x1->add_bytes(base + g->offset, in, offset, len);
}

static void g_extract(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g, unsigned j,
                      uint8_t *out, size_t offset, size_t len)
{
    if (!len) return;
    if (g->xn) g->xn->extract_bytes(base + g->offset, j, out, offset, len);
    else s->x1->extract_bytes(base + g->offset, out, offset, len);
}

static void g_permute(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g)
{
    if (g->xn) g->xn->permute(base + g->offset, s->nr);
    else s->x1->permute(base + g->offset, s->nr);
}

/* Pad instance j of g at byte pos: the suffix there, the last 1 of pad10*1 at rate - 1
 * (the same byte when pos = rate - 1: suffix < 0x80 leaves its top bit free). */
static void g_pad(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g, unsigned j, size_t pos)
{
    static const uint8_t last = 0x80;
    g_add(s, base, g, j, &s->suffix, pos, 1);
    g_add(s, base, g, j, &last, (size_t)s->rate - 1, 1);
}

/* Whole blocks for every instance of g from p[first + j] (len bytes each, the same for
 * all): add each block and permute. Returns the bytes consumed (a multiple of rate). */
static size_t g_absorb_blocks(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g,
                              const uint8_t *const p[], size_t len)
{
    size_t rate = s->rate, done = 0;
    void *st = base + g->offset;
    if (g->xn) {
        const uint8_t *ptr[16];
        unsigned w = g->xn->n <= 16 ? g->xn->n : 16;
        /* idle slots read the first instance's input: valid memory, results ignored */
        for (unsigned j = 0; j < w; j++) ptr[j] = p[g->first + (j < g->count ? j : 0)];
        if (g->xn->absorb_blocks && w == g->xn->n) done = g->xn->absorb_blocks(st, s->nr, rate, ptr, len);
        for (; len - done >= rate; done += rate) {
            for (unsigned j = 0; j < g->count; j++) g->xn->add_bytes(st, j, ptr[j] + done, 0, rate);
            g->xn->permute(st, s->nr);
        }
        return done;
    }
    const uint8_t *in = p[g->first];
    if (s->x1->absorb_blocks && len >= rate) done = s->x1->absorb_blocks(st, s->nr, rate, in, len);
    for (; len - done >= rate; done += rate) {
        s->x1->add_bytes(st, in + done, 0, rate);
        s->x1->permute(st, s->nr);
    }
    return done;
}

/* ---- all instances in lock-step -------------------------------------------------------- */

static void permute_all(const kf_sponge_xn *s, uint8_t *base)
{
    for (unsigned k = 0; k < s->ngroups; k++) g_permute(s, base, &s->group[k]);
}

void kf_sponge_xn_absorb(kf_sponge_xn *s, const uint8_t *const in[], size_t len)
{
    uint8_t *base = xn_base(s);
    const uint8_t *p[KF_XN_MAX];
    size_t rate = s->rate, adv = 0;
    for (unsigned i = 0; i < s->n; i++) p[i] = in[i];
    if (s->pos) {
        adv = rate - s->pos < len ? rate - s->pos : len;
        for (unsigned k = 0; k < s->ngroups; k++) {
            const kf_xn_group *g = &s->group[k];
            for (unsigned j = 0; j < g->count; j++) g_add(s, base, g, j, p[g->first + j], s->pos, adv);
        }
        s->pos = (uint16_t)(s->pos + adv);
        if (s->pos < rate) return;
        permute_all(s, base);
        s->pos = 0;
    }
    if (len - adv >= rate) {
        size_t done = 0;
        for (unsigned i = 0; i < s->n; i++) p[i] += adv;
        for (unsigned k = 0; k < s->ngroups; k++) done = g_absorb_blocks(s, base, &s->group[k], p, len - adv);
        for (unsigned i = 0; i < s->n; i++) p[i] -= adv;
        adv += done;
    }
    if (len > adv) {
        for (unsigned k = 0; k < s->ngroups; k++) {
            const kf_xn_group *g = &s->group[k];
            for (unsigned j = 0; j < g->count; j++) g_add(s, base, g, j, p[g->first + j] + adv, 0, len - adv);
        }
        s->pos = (uint16_t)(len - adv);
    }
}

void kf_sponge_xn_export(kf_sponge_xn *s, unsigned i, uint8_t state[KF_STATE_BYTES])
{
    uint8_t *base = xn_base(s);
    for (unsigned k = 0; k < s->ngroups; k++) {
        const kf_xn_group *g = &s->group[k];
        if (i >= g->first && i < g->first + g->count) g_extract(s, base, g, i - g->first, state, 0, KF_STATE_BYTES);
    }
}

void kf_sponge_xn_finalize(kf_sponge_xn *s)
{
    if (s->phase != KF_PHASE_ABSORB) return;
    uint8_t *base = xn_base(s);
    for (unsigned k = 0; k < s->ngroups; k++)
        for (unsigned j = 0; j < s->group[k].count; j++) g_pad(s, base, &s->group[k], j, s->pos);
    permute_all(s, base);
    s->pos = 0;
    s->phase = KF_PHASE_SQUEEZE;
}

void kf_sponge_xn_squeeze(kf_sponge_xn *s, uint8_t *const out[], size_t len)
{
    if (s->phase == KF_PHASE_ABSORB) kf_sponge_xn_finalize(s);
    uint8_t *base = xn_base(s);
    size_t done = 0;
    while (done < len) {
        if (s->pos == s->rate) {
            permute_all(s, base);
            s->pos = 0;
        }
        size_t take = (size_t)(s->rate - s->pos) < len - done ? (size_t)(s->rate - s->pos) : len - done;
        for (unsigned k = 0; k < s->ngroups; k++) {
            const kf_xn_group *g = &s->group[k];
            for (unsigned j = 0; j < g->count; j++) g_extract(s, base, g, j, out[g->first + j] + done, s->pos, take);
        }
        s->pos = (uint16_t)(s->pos + take);
        done += take;
    }
}

/* ---- per-instance lengths ---------------------------------------------------------------- */

/* One group, on its own schedule. Instance j absorbs blocks 0 .. last_j (last_j =
 * inlen_j / rate, the padded one), then squeezes nsq blocks: after the permutation that
 * ends block b, instance j has output block b - last_j ready. The whole blocks every
 * instance has (common) go through absorb_blocks first. */
static void g_oneshot(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g,
                      const uint8_t *const in[], const size_t inlen[], uint8_t *const out[],
                      size_t outlen)
{
    size_t rate = s->rate, nsq = (outlen + rate - 1) / rate, common = SIZE_MAX, end = 0;
    for (unsigned j = 0; j < g->count; j++) {
        size_t last = inlen[g->first + j] / rate;
        if (last < common) common = last;
        if (last + nsq > end) end = last + nsq;
    }
    if (common) g_absorb_blocks(s, base, g, in, common * rate);
    for (size_t b = common; b < end; b++) {
        for (unsigned j = 0; j < g->count; j++) {
            unsigned i = g->first + j;
            size_t last = inlen[i] / rate;
            if (b < last) {
                g_add(s, base, g, j, in[i] + b * rate, 0, rate);
            } else if (b == last) {
                size_t tail = inlen[i] - b * rate;
                /* in[i] may be NULL when inlen[i] == 0: no pointer arithmetic on it then */
                if (tail) g_add(s, base, g, j, in[i] + b * rate, 0, tail);
                g_pad(s, base, g, j, tail);
            }
        }
        g_permute(s, base, g);
        for (unsigned j = 0; j < g->count; j++) {
            unsigned i = g->first + j;
            size_t last = inlen[i] / rate;
            if (b < last || b - last >= nsq) continue;
            size_t q = (b - last) * rate, take = outlen - q < rate ? outlen - q : rate;
            g_extract(s, base, g, j, out[i] + q, 0, take);
        }
    }
}

void kf_sponge_xn_oneshot(kf_sponge_xn *s, const uint8_t *const in[], const size_t inlen[],
                          uint8_t *const out[], size_t outlen)
{
    uint8_t *base = xn_base(s);
    if (outlen)
        for (unsigned k = 0; k < s->ngroups; k++) g_oneshot(s, base, &s->group[k], in, inlen, out, outlen);
    s->phase = 0;
}

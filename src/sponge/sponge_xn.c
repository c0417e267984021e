/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sponge_xn.c - n sponges in lock-step over batched (xN) backends, x1 for a lone instance. */
#include "sponge_xn.h"
#include "sponge.h"
#include "../keccak/keccak_lanes64.h" /* kf_load64_le, kf_lanes64_tail */

#include <string.h>

/* The aligned base of the states, moving them there if the struct itself was moved. */
/*@ requires \valid(s) && s->shift < 64;
    assigns s->raw[0 .. KF_XN_STORAGE + 63], s->shift;
    ensures s->shift < 64;
    ensures \result == s->raw + s->shift; */
static uint8_t *xn_base(kf_sponge_xn *s)
{
    uintptr_t at = (uintptr_t)s->raw;
    unsigned shift = (unsigned)((64 - (at & 63)) & 63);
    /*@ assert shift < 64; */
    if (shift != s->shift) {
        memmove(s->raw + shift, s->raw + s->shift, KF_XN_STORAGE);
        s->shift = (uint8_t)shift;
    }
    return s->raw + shift;
}

/*@ requires 1 <= a;
    assigns \nothing; */
static size_t round_up(size_t x, size_t a) { return (x + a - 1) / a * a; }

void kf_sponge_xn_plan(kf_sponge_xn *s, unsigned n, unsigned rate, unsigned nr, uint8_t suffix)
{
    size_t offset = 0;
    unsigned first = 0;
    s->shift = (uint8_t)((64 - ((uintptr_t)s->raw & 63)) & 63);
    s->x1 = kf_backend_current();
    s->ngroups = 0;
    /*@ loop invariant 0 <= first <= n && s->ngroups <= first;
        loop invariant \valid(s) && s->x1 == \at(s->x1, LoopEntry);
        loop assigns first, offset, s->ngroups, s->group[0 .. KF_XN_MAX - 1];
        loop variant n - first; */
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

void kf_sponge_xn_init(kf_sponge_xn *s, unsigned n, unsigned rate, unsigned nr, uint8_t suffix)
{
    kf_sponge_xn_plan(s, n, rate, nr, suffix);
    uint8_t *base = s->raw + s->shift;
    for (unsigned k = 0; k < s->ngroups; k++) {
        const kf_xn_group *g = &s->group[k];
        if (g->xn) g->xn->init(base + g->offset);
        else s->x1->init(base + g->offset);
    }
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
    if (g->xn) g->xn->init(base + g->offset);
    else s->x1->init(base + g->offset);
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

/* ---- one block in, at most one block out --------------------------------------------------- */

/* Does every instance of g fit in one block (input shorter than the rate) with outlen <= rate? */
/*@ requires \valid_read(s) && \valid_read(g) && g->first + g->count <= KF_XN_MAX;
    requires \valid_read(inlen + (g->first .. g->first + g->count - 1));
    assigns \nothing; */
static int g_one_block(const kf_sponge_xn *s, const kf_xn_group *g, const size_t inlen[], size_t outlen)
{
    if (outlen > s->rate) return 0;
    /*@ loop invariant 0 <= j <= g->count;
        loop assigns j;
        loop variant g->count - j; */
    for (unsigned j = 0; j < g->count; j++)
        if (inlen[g->first + j] >= s->rate) return 0;
    return 1;
}

/*
 * A group whose instances all fit in one block (g_one_block), on a backend with the interleaved
 * layout (lane j of instance i at native word j*N + i, keccak_xn_lanes.h): the padded blocks are
 * written straight into the state, word by word, where the general path would clear the state
 * and then add the message, the suffix and the last pad bit through three backend calls per
 * instance and walk the partial words byte by byte; the output is read the same way. Issue 24:
 * a Merkle level of 8 x 64-byte SHA3-256 within 1.25 x one x8 permutation call.
 */
static void g_oneblock_words(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g,
                             const uint8_t *const in[], const size_t inlen[], uint8_t *const out[],
                             size_t outlen)
{
    const kf_backend_xn *xn = g->xn;
    const size_t n = xn->n, lanes = s->rate / 8;
    const uint64_t pad = (uint64_t)0x80 << 56; /* the last bit of pad10*1: bit 7 of byte rate - 1 */
    uint64_t *w = (uint64_t *)(void *)(base + g->offset);
    memset(w + lanes * n, 0, (25 - lanes) * n * 8); /* the capacity lanes of every instance */
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        if (i < g->count) {
            const uint8_t *p = in[g->first + i];
            size_t len = inlen[g->first + i], full = len / 8, r = len % 8;
            uint64_t t = (uint64_t)s->suffix << (8 * r);
            for (; j < full; j++) w[j * n + i] = kf_load64_le(p + 8 * j);
            if (r) t |= kf_lanes64_tail(p + 8 * full, r, 8 * full);
            w[j++ * n + i] = t;
        }
        for (; j < lanes; j++) w[j * n + i] = 0; /* an idle slot is all zero */
        w[(lanes - 1) * n + i] ^= pad;
    }
    xn->permute(w, s->nr);
    for (size_t i = 0; i < g->count; i++) {
        uint8_t *o = out[g->first + i];
        size_t j = 0;
        for (; 8 * j + 8 <= outlen; j++) {
            uint64_t v = w[j * n + i];
            for (unsigned k = 0; k < 8; k++) o[8 * j + k] = (uint8_t)(v >> (8 * k));
        }
        if (8 * j < outlen) xn->extract_bytes(w, (unsigned)i, o + 8 * j, 8 * j, outlen - 8 * j);
    }
}

/* Do the instances of g all have inputs of one length (the backends' xof takes one len)? */
/*@ requires \valid_read(g) && g->first + g->count <= KF_XN_MAX;
    requires \valid_read(inlen + (g->first .. g->first + g->count - 1));
    assigns \nothing; */
static int g_same_len(const kf_xn_group *g, const size_t inlen[])
{
    /*@ loop invariant 1 <= j && (g->count >= 1 ==> j <= g->count);
        loop assigns j;
        loop variant g->count - j; */
    for (unsigned j = 1; j < g->count; j++)
        if (inlen[g->first + j] != inlen[g->first]) return 0;
    return 1;
}

static void xn_oneshot(kf_sponge_xn *s, const uint8_t *const in[], const size_t inlen[], uint8_t *const out[],
                       size_t outlen, int pub)
{
    uint8_t *base = xn_base(s);
    for (unsigned k = 0; outlen && k < s->ngroups; k++) {
        const kf_xn_group *g = &s->group[k];
        if (g->xn && g->xn->oneblock && g_one_block(s, g, inlen, outlen)) {
            g->xn->oneblock(base + g->offset, s->nr, s->rate, s->suffix, in + g->first, inlen + g->first, g->count,
                            out + g->first, outlen); /* wipes the states itself */
            continue;
        }
        if (g->xn && g->xn->xof && g_same_len(g, inlen) &&
            g->xn->xof(s->nr, s->rate, s->suffix, in + g->first, inlen[g->first], g->count, out + g->first, outlen,
                       !pub))
            continue; /* the lanes in the backend's registers: the states untouched */
        if (g->xn && g->xn->interleaved && g_one_block(s, g, inlen, outlen))
            g_oneblock_words(s, base, g, in, inlen, out, outlen);
        else if (!g->xn && g_one_block(s, g, inlen, outlen))
            kf_sponge_oneblock(s->x1, s->rate, s->nr, s->suffix, in[g->first], inlen[g->first], out[g->first],
                               outlen); /* a lone instance: its own stack state, wiped */
        else
            g_oneshot(s, base, g, in, inlen, out, outlen);
        /* the state would give the input back (the permutation is invertible) */
        kf_memzero(base + g->offset, g->xn ? g->xn->state_bytes : KF_STATE_BYTES);
    }
    s->phase = 0;
}

void kf_sponge_xn_oneshot(kf_sponge_xn *s, const uint8_t *const in[], const size_t inlen[],
                          uint8_t *const out[], size_t outlen)
{
    xn_oneshot(s, in, inlen, out, outlen, 0);
}

void kf_sponge_xn_oneshot_public(kf_sponge_xn *s, const uint8_t *const in[], const size_t inlen[],
                                 uint8_t *const out[], size_t outlen)
{
    xn_oneshot(s, in, inlen, out, outlen, 1);
}

size_t kf_xn_side_pad(uint8_t *buf, size_t len, size_t rate, uint8_t suffix)
{
    const size_t blocks = len / rate + 1; /* pad10*1 takes at least one bit */
    memset(buf + len, 0, blocks * rate - len);
    buf[len] ^= suffix;
    buf[blocks * rate - 1] ^= 0x80;
    return blocks;
}

void kf_xn_side_squeeze(const kf_xn_side *side, uint8_t *out, size_t outlen)
{
    if (!side->blocks) { /* it all rode on the batched permutations */
        /*@ loop invariant 0 <= j <= 25;
            loop assigns j, out[0 .. outlen - 1];
            loop variant outlen - 8 * j; */
        for (size_t j = 0; 8 * j < outlen; j++) {
            uint8_t w[8];
            kf_store64_le(w, side->lanes[j]);
            memcpy(out + 8 * j, w, outlen - 8 * j < 8 ? outlen - 8 * j : 8);
        }
        return;
    }
    const kf_backend *b = kf_backend_current();
    _Alignas(KF_STATE_ALIGN) uint8_t st[KF_STATE_BYTES];
    uint8_t bytes[KF_STATE_BYTES];
    /*@ loop invariant 0 <= j <= 25;
        loop assigns j, bytes[0 .. KF_STATE_BYTES - 1];
        loop variant 25 - j; */
    for (unsigned j = 0; j < 25; j++) kf_store64_le(bytes + 8 * j, side->lanes[j]);
    /*@ calls kf_spec_init; */
    b->init(st);
    /*@ calls kf_spec_overwrite_bytes; */
    b->overwrite_bytes(st, bytes, 0, KF_STATE_BYTES);
    size_t done = 0;
    if (b->absorb_blocks) {
        /*@ calls kf_spec_absorb_blocks; */
        done = b->absorb_blocks(st, 24, side->rate, side->in, side->blocks * side->rate);
    }
    /*@ loop invariant done % side->rate == 0 && done <= side->blocks * side->rate;
        loop assigns done, st[0 .. KF_STATE_BYTES - 1];
        loop variant side->blocks * side->rate - done; */
    for (; done < side->blocks * side->rate; done += side->rate) {
        /*@ calls kf_spec_add_bytes; */
        b->add_bytes(st, side->in + done, 0, side->rate);
        /*@ calls kf_spec_permute; */
        b->permute(st, 24);
    }
    /*@ calls kf_spec_extract_bytes; */
    b->extract_bytes(st, out, 0, outlen);
}

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

/*@ requires a == 32 || a == 64;
    requires x <= KF_XN_STORAGE;
    assigns \nothing;
    ensures x <= \result <= x + a - 1; */
static size_t round_up(size_t x, size_t a) { return (x + a - 1) / a * a; }


void kf_sponge_xn_plan(kf_sponge_xn *s, unsigned n, unsigned rate, unsigned nr, uint8_t suffix)
{
    size_t offset = 0;
    unsigned first = 0;
    s->shift = (uint8_t)((64 - ((uintptr_t)s->raw & 63)) & 63);
    s->x1 = kf_backend_current();
    s->ngroups = 0;
    /* The layout fits: each instance takes at most 232 bytes of the storage before the group
     * that ends the plan (an x1 state: 200 and up to 31 of alignment; a full group of
     * n >= 2 states: at most 200 n and 63 of alignment, kf_backend_xn_for's contract), and
     * 232 KF_XN_MAX = KF_XN_STORAGE. */
    /*@ loop invariant 0 <= first <= n && s->ngroups <= first && (first >= 1 ==> s->ngroups >= 1);
        loop invariant offset <= KF_XN_STORAGE && (first < n ==> offset <= 232 * first);
        loop invariant \forall integer k; 0 <= k < s->ngroups ==> kf_xn_group_ok(&s->group[k], first);
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
    /*@ loop invariant 0 <= k <= s->ngroups;
        loop assigns k, s->raw[0 .. KF_XN_STORAGE + 63], kf_spec_xn_table;
        loop variant s->ngroups - k; */
    for (unsigned k = 0; k < s->ngroups; k++) {
        const kf_xn_group *g = &s->group[k];
        if (g->xn) {
            /*@ ghost kf_spec_xn_table = g->xn; */
            /*@ calls kf_spec_xn_init; */
            g->xn->init(base + g->offset);
        } else {
            /*@ calls kf_spec_init; */
            s->x1->init(base + g->offset);
        }
    }
}

/* ---- one group ------------------------------------------------------------------------ */

/* The helpers' common precondition: base is the sponge's aligned base (xn_base) and g one of
 * its groups (kf_sponge_xn_layout's), apart from the states; each helper writes only states
 * (base[0 .. KF_XN_STORAGE), the group's kf_xn_group_bytes from its offset) and the ghost. */
/*@ predicate xn_at(kf_sponge_xn *s, uint8_t *base, kf_xn_group *g) =
      kf_sponge_xn_layout(s) && base == s->raw + s->shift && \valid_read(g) && kf_xn_group_ok(g, s->n) &&
      \separated(g, s->raw + (0 .. KF_XN_STORAGE + 63)); */
/* The byte fields of the sponge and of g (those the one-shot's writes through out[i] and into the
 * states share WP's memory with; its other fields are of other types) as they were at label L:
 * what the one-shot's group steps ensure or assert after a call whose assigns is a set over
 * out[i], so that no later goal needs that call's frame (a nested quantifier, s43's notes). */
#define xn_kept(s, g, L)                                                                         \
    ((s)->n == \at((s)->n, L) && (s)->ngroups == \at((s)->ngroups, L) &&                          \
     (s)->shift == \at((s)->shift, L) && (s)->nr == \at((s)->nr, L) &&                            \
     (s)->suffix == \at((s)->suffix, L) && (g)->first == \at((g)->first, L) &&                    \
     (g)->count == \at((g)->count, L) &&                                                          \
     (\forall integer k; 0 <= k < KF_XN_MAX ==> (s)->group[k].first == \at((s)->group[k].first, L) && \
                                                (s)->group[k].count == \at((s)->group[k].count, L)))

/*@ requires xn_at(s, base, g) && j < g->count;
    requires offset <= 200 && len <= 200 - offset && \valid_read(in + (0 .. len - 1));
    assigns base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table;
    ensures xn_at(s, base, g) && xn_kept(s, g, Pre); */
static void g_add(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g, unsigned j,
                  const uint8_t *in, size_t offset, size_t len)
{
    if (!len) return;
    if (g->xn) {
        /*@ ghost kf_spec_xn_table = g->xn; */
        /*@ calls kf_spec_xn_add_bytes; */
        g->xn->add_bytes(base + g->offset, j, in, offset, len);
    } else {
        /*@ calls kf_spec_add_bytes; */
        s->x1->add_bytes(base + g->offset, in, offset, len);
    }
}

/*@ requires xn_at(s, base, g) && j < g->count;
    requires offset <= 200 && len <= 200 - offset && \valid(out + (0 .. len - 1));
    assigns out[0 .. len - 1], kf_spec_xn_table;
    ensures \separated(out + (0 .. len - 1), s) && \separated(out + (0 .. len - 1), g) ==>
              xn_at(s, base, g) && xn_kept(s, g, Pre); */
static void g_extract(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g, unsigned j,
                      uint8_t *out, size_t offset, size_t len)
{
    if (!len) return;
    if (g->xn) {
        /*@ ghost kf_spec_xn_table = g->xn; */
        /*@ calls kf_spec_xn_extract_bytes; */
        g->xn->extract_bytes(base + g->offset, j, out, offset, len);
    } else {
        /*@ calls kf_spec_extract_bytes; */
        s->x1->extract_bytes(base + g->offset, out, offset, len);
    }
}

/*@ requires xn_at(s, base, g);
    assigns base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table;
    ensures xn_at(s, base, g) && xn_kept(s, g, Pre); */
static void g_permute(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g)
{
    if (g->xn) {
        /*@ ghost kf_spec_xn_table = g->xn; */
        /*@ calls kf_spec_xn_permute; */
        g->xn->permute(base + g->offset, s->nr);
    } else {
        /*@ calls kf_spec_permute; */
        s->x1->permute(base + g->offset, s->nr);
    }
}

/* Pad instance j of g at byte pos: the suffix there, the last 1 of pad10*1 at rate - 1
 * (the same byte when pos = rate - 1: suffix < 0x80 leaves its top bit free). */
/*@ requires xn_at(s, base, g) && j < g->count && pos < s->rate;
    assigns base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table;
    ensures xn_at(s, base, g) && xn_kept(s, g, Pre); */
static void g_pad(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g, unsigned j, size_t pos)
{
    static const uint8_t last = 0x80;
    g_add(s, base, g, j, &s->suffix, pos, 1);
    g_add(s, base, g, j, &last, (size_t)s->rate - 1, 1);
}

/* Whole blocks on a batched table for its instances 0 .. count-1 from in[j] (len bytes each,
 * the same for all): add each block and permute. Returns the bytes consumed (a multiple of
 * rate). kf_spec_xn_table is xn (the caller's ghost assignment). */
/*@ requires \valid_read(xn) && kf_spec_xn_table == xn && 1 <= count <= xn->n && count <= KF_XN_MAX;
    requires \valid((uint8_t *)st + (0 .. xn->state_bytes - 1));
    requires 1 <= nr <= 24 && 8 <= rate < 200;
    requires \valid_read(in + (0 .. count - 1));
    requires \forall integer i; 0 <= i < count ==> \valid_read(in[i] + (0 .. len - 1));
    assigns ((uint8_t *)st)[0 .. xn->state_bytes - 1];
    ensures \result <= len && len - \result < rate; */
static size_t xn_blocks(const kf_backend_xn *xn, void *st, unsigned nr, size_t rate, const uint8_t *const in[],
                        unsigned count, size_t len)
{
    const uint8_t *ptr[16];
    unsigned w = xn->n <= 16 ? xn->n : 16;
    size_t done = 0;
    /* idle slots read the first instance's input: valid memory, results ignored */
    /*@ loop invariant 0 <= j <= w;
        loop invariant \forall integer t; 0 <= t < j ==> \valid_read(ptr[t] + (0 .. len - 1));
        loop assigns j, ptr[0 .. 15];
        loop variant w - j; */
    for (unsigned j = 0; j < w; j++) ptr[j] = in[j < count ? j : 0];
    if (xn->absorb_blocks && w == xn->n) {
        /*@ calls kf_spec_xn_absorb_blocks; */
        done = xn->absorb_blocks(st, nr, rate, ptr, len);
    }
    /*@ loop invariant done <= len;
        loop assigns done, ((uint8_t *)st)[0 .. xn->state_bytes - 1];
        loop variant len - done; */
    for (; len - done >= rate; done += rate) {
        /*@ loop invariant 0 <= j <= count;
            loop assigns j, ((uint8_t *)st)[0 .. xn->state_bytes - 1];
            loop variant count - j; */
        for (unsigned j = 0; j < count; j++) {
            /*@ calls kf_spec_xn_add_bytes; */
            xn->add_bytes(st, j, ptr[j] + done, 0, rate);
        }
        /*@ calls kf_spec_xn_permute; */
        xn->permute(st, nr);
    }
    return done;
}

/* The same for a lone instance on the x1 table. */
/*@ requires \valid_read(x1) && \valid((uint8_t *)st + (0 .. KF_STATE_BYTES - 1));
    requires 1 <= nr <= 24 && 8 <= rate < 200;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint8_t *)st)[0 .. KF_STATE_BYTES - 1];
    ensures \result <= len && len - \result < rate; */
static size_t x1_blocks(const kf_backend *x1, void *st, unsigned nr, size_t rate, const uint8_t *in, size_t len)
{
    size_t done = 0;
    if (x1->absorb_blocks && len >= rate) {
        /*@ calls kf_spec_absorb_blocks; */
        done = x1->absorb_blocks(st, nr, rate, in, len);
    }
    /*@ loop invariant done <= len;
        loop assigns done, ((uint8_t *)st)[0 .. KF_STATE_BYTES - 1];
        loop variant len - done; */
    for (; len - done >= rate; done += rate) {
        /*@ calls kf_spec_add_bytes; */
        x1->add_bytes(st, in + done, 0, rate);
        /*@ calls kf_spec_permute; */
        x1->permute(st, nr);
    }
    return done;
}

/* Whole blocks for every instance of g from p[first + j] (len bytes each, the same for
 * all): add each block and permute. Returns the bytes consumed (a multiple of rate). Reads
 * the group's p[] only (the one-shot's g_oneshot has in[] readable for its group). */
/*@ requires xn_at(s, base, g);
    requires \valid_read(p + (g->first .. g->first + g->count - 1));
    requires \forall integer i; g->first <= i < g->first + g->count ==> \valid_read(p[i] + (0 .. len - 1));
    assigns base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table;
    ensures \result <= len && len - \result < s->rate; */
static size_t g_absorb_blocks(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g,
                              const uint8_t *const p[], size_t len)
{
    void *st = base + g->offset;
    if (g->xn) {
        /*@ ghost kf_spec_xn_table = g->xn; */
        return xn_blocks(g->xn, st, s->nr, s->rate, p + g->first, g->count, len);
    }
    return x1_blocks(s->x1, st, s->nr, s->rate, p[g->first], len);
}

/* ---- all instances in lock-step -------------------------------------------------------- */

/*@ requires kf_sponge_xn_layout(s) && base == s->raw + s->shift;
    assigns base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table; */
static void permute_all(const kf_sponge_xn *s, uint8_t *base)
{
    /*@ loop invariant 0 <= k <= s->ngroups;
        loop assigns k, base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table;
        loop variant s->ngroups - k; */
    for (unsigned k = 0; k < s->ngroups; k++) g_permute(s, base, &s->group[k]);
}

/* The first len bytes of p[i] into instance i's state at pos, for every instance. */
/*@ requires kf_sponge_xn_layout(s) && base == s->raw + s->shift;
    requires pos <= 200 && len <= 200 - pos;
    requires \valid_read(p + (0 .. s->n - 1));
    requires \forall integer i; 0 <= i < s->n ==> \valid_read(p[i] + (0 .. len - 1));
    assigns base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table; */
static void add_all(const kf_sponge_xn *s, uint8_t *base, const uint8_t *const p[], size_t pos, size_t len)
{
    /*@ loop invariant 0 <= k <= s->ngroups;
        loop assigns k, base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table;
        loop variant s->ngroups - k; */
    for (unsigned k = 0; k < s->ngroups; k++) {
        const kf_xn_group *g = &s->group[k];
        /*@ loop invariant 0 <= j <= g->count;
            loop assigns j, base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table;
            loop variant g->count - j; */
        for (unsigned j = 0; j < g->count; j++) g_add(s, base, g, j, p[g->first + j], pos, len);
    }
}

void kf_sponge_xn_absorb(kf_sponge_xn *s, const uint8_t *const in[], size_t len)
{
    uint8_t *base = xn_base(s);
    const uint8_t *p[KF_XN_MAX];
    size_t rate = s->rate, adv = 0;
    /*@ loop invariant 0 <= i <= s->n;
        loop invariant \forall integer t; 0 <= t < i ==> p[t] == in[t];
        loop assigns i, p[0 .. KF_XN_MAX - 1];
        loop variant s->n - i; */
    for (unsigned i = 0; i < s->n; i++) p[i] = in[i];
    if (s->pos) {
        adv = rate - s->pos < len ? rate - s->pos : len;
        add_all(s, base, p, s->pos, adv);
        s->pos = (uint16_t)(s->pos + adv);
        /*@ assert A2: kf_sponge_xn_layout(s) && base == s->raw + s->shift; */
        /*@ assert A3: s->n == \at(s->n, Pre) && s->rate == \at(s->rate, Pre) && s->phase == 1 && s->pos <= s->rate; */
        if (s->pos < rate) return;
        permute_all(s, base);
        s->pos = 0;
    }
    if (len - adv >= rate) {
        size_t done = 0;
        /*@ loop invariant 0 <= i <= s->n;
            loop invariant \forall integer t; 0 <= t < i ==> p[t] == in[t] + adv;
            loop invariant \forall integer t; i <= t < s->n ==> p[t] == in[t];
            loop assigns i, p[0 .. KF_XN_MAX - 1];
            loop variant s->n - i; */
        for (unsigned i = 0; i < s->n; i++) p[i] += adv;
        /*@ loop invariant 0 <= k <= s->ngroups && done <= len - adv && (k >= 1 ==> len - adv - done < rate);
            loop invariant kf_sponge_xn_layout(s) && base == s->raw + s->shift;
            loop invariant s->n == \at(s->n, Pre) && s->rate == \at(s->rate, Pre) && s->phase == 1 && s->pos == 0;
            loop assigns k, done, s->raw[0 .. KF_XN_STORAGE + 63], kf_spec_xn_table;
            loop variant s->ngroups - k; */
        for (unsigned k = 0; k < s->ngroups; k++) done = g_absorb_blocks(s, base, &s->group[k], p, len - adv);
        /*@ loop invariant 0 <= i <= s->n;
            loop invariant \forall integer t; 0 <= t < i ==> p[t] == in[t];
            loop invariant \forall integer t; i <= t < s->n ==> p[t] == in[t] + adv;
            loop assigns i, p[0 .. KF_XN_MAX - 1];
            loop variant s->n - i; */
        for (unsigned i = 0; i < s->n; i++) p[i] -= adv;
        adv += done;
    }
    /*@ assert A1: len > adv ==> len - adv < rate; */
    /*@ assert A0: kf_sponge_xn_layout(s) && base == s->raw + s->shift; */
    /*@ assert A5: \forall integer t; 0 <= t < s->n ==> p[t] == \at(in[t], Pre); */
    if (len > adv) {
        /*@ loop invariant 0 <= i <= s->n;
            loop invariant \forall integer t; 0 <= t < i ==> p[t] == \at(in[t], Pre) + adv;
            loop invariant \forall integer t; i <= t < s->n ==> p[t] == \at(in[t], Pre);
            loop assigns i, p[0 .. KF_XN_MAX - 1];
            loop variant s->n - i; */
        for (unsigned i = 0; i < s->n; i++) p[i] += adv;
        add_all(s, base, p, 0, len - adv);
        s->pos = (uint16_t)(len - adv);
    }
    /*@ assert B2: kf_sponge_xn_layout(s); */
    /*@ assert B3: s->phase == 1 && s->pos < s->rate; */
    /*@ assert B4: s->n == \at(s->n, Pre) && s->rate == \at(s->rate, Pre); */
}

void kf_sponge_xn_export(kf_sponge_xn *s, unsigned i, uint8_t state[KF_STATE_BYTES])
{
    uint8_t *base = xn_base(s);
    /*@ loop invariant 0 <= k <= s->ngroups;
        loop assigns k, state[0 .. KF_STATE_BYTES - 1], kf_spec_xn_table;
        loop variant s->ngroups - k; */
    for (unsigned k = 0; k < s->ngroups; k++) {
        const kf_xn_group *g = &s->group[k];
        if (i >= g->first && i < g->first + g->count) g_extract(s, base, g, i - g->first, state, 0, KF_STATE_BYTES);
    }
}

void kf_sponge_xn_finalize(kf_sponge_xn *s)
{
    if (s->phase != KF_PHASE_ABSORB) return;
    uint8_t *base = xn_base(s);
    /*@ loop invariant 0 <= k <= s->ngroups;
        loop assigns k, s->raw[0 .. KF_XN_STORAGE + 63], kf_spec_xn_table;
        loop variant s->ngroups - k; */
    for (unsigned k = 0; k < s->ngroups; k++) {
        /*@ loop invariant 0 <= j <= s->group[k].count;
            loop assigns j, s->raw[0 .. KF_XN_STORAGE + 63], kf_spec_xn_table;
            loop variant s->group[k].count - j; */
        for (unsigned j = 0; j < s->group[k].count; j++) g_pad(s, base, &s->group[k], j, s->pos);
    }
    permute_all(s, base);
    s->pos = 0;
    s->phase = KF_PHASE_SQUEEZE;
}

/* Bytes pos .. pos + take - 1 of every instance's block, to out[i] + done. */
/*@ requires kf_sponge_xn_layout(s) && base == s->raw + s->shift;
    requires pos + take <= s->rate;
    requires \valid_read(out + (0 .. s->n - 1));
    requires \forall integer i; 0 <= i < s->n ==> \valid(out[i] + done + (0 .. take - 1));
    requires \forall integer i; 0 <= i < s->n ==> \separated(out[i] + done + (0 .. take - 1), s);
    assigns *(out[0 .. s->n - 1] + (done .. done + take - 1)), kf_spec_xn_table;
    ensures kf_sponge_xn_layout(s) && base == s->raw + s->shift;
    ensures s->n == \old(s->n) && s->phase == \old(s->phase); */
static void extract_all(const kf_sponge_xn *s, uint8_t *base, uint8_t *const out[], size_t done, size_t pos,
                        size_t take)
{
    /*@ loop invariant 0 <= k <= s->ngroups;
        loop invariant kf_sponge_xn_layout(s) && base == s->raw + s->shift;
        loop invariant s->n == \at(s->n, Pre) && s->phase == \at(s->phase, Pre);
        loop assigns k, kf_spec_xn_table, *(out[0 .. \at(s->n, Pre) - 1] + (done .. done + take - 1));
        loop variant s->ngroups - k; */
    for (unsigned k = 0; k < s->ngroups; k++) {
        const kf_xn_group *g = &s->group[k];
        /*@ loop invariant 0 <= j <= g->count;
            loop invariant kf_sponge_xn_layout(s) && base == s->raw + s->shift;
            loop invariant s->n == \at(s->n, Pre) && s->phase == \at(s->phase, Pre);
            loop invariant s->ngroups == \at(s->ngroups, LoopEntry) && g->count == \at(g->count, LoopEntry);
            loop invariant g->first == \at(g->first, LoopEntry);
            loop assigns j, kf_spec_xn_table, *(out[0 .. \at(s->n, Pre) - 1] + (done .. done + take - 1));
            loop variant g->count - j; */
        for (unsigned j = 0; j < g->count; j++) g_extract(s, base, g, j, out[g->first + j] + done, pos, take);
    }
}

void kf_sponge_xn_squeeze(kf_sponge_xn *s, uint8_t *const out[], size_t len)
{
    if (s->phase == KF_PHASE_ABSORB) kf_sponge_xn_finalize(s);
    uint8_t *base = xn_base(s);
    size_t done = 0;
    /*@ loop invariant kf_sponge_xn_layout(s) && base == s->raw + s->shift;
        loop invariant s->phase == 2 && s->pos <= s->rate;
        loop invariant s->n == \at(s->n, Pre) && s->rate == \at(s->rate, Pre);
        loop invariant done <= len;
        loop assigns done, s->pos, s->raw[0 .. KF_XN_STORAGE + 63], kf_spec_xn_table,
                     *(out[0 .. \at(s->n, Pre) - 1] + (0 .. len - 1));
        loop variant len - done; */
    while (done < len) {
        if (s->pos == s->rate) {
            permute_all(s, base);
            s->pos = 0;
        }
        size_t take = (size_t)(s->rate - s->pos) < len - done ? (size_t)(s->rate - s->pos) : len - done;
        /*@ assert S0: s->n == \at(s->n, Pre) && s->rate == \at(s->rate, Pre) && s->phase == 2; */
        extract_all(s, base, out, done, s->pos, take);
        /*@ assert S1: s->n == \at(s->n, Pre) && s->rate == \at(s->rate, Pre); */
        /*@ assert S2: kf_sponge_xn_layout(s) && base == s->raw + s->shift; */
        /*@ assert S3: s->phase == 2 && s->pos + take <= s->rate; */
        s->pos = (uint16_t)(s->pos + take);
        done += take;
    }
}

/* The products of g_oneshot's schedules (block index times a variable rate) as linear facts
 * (session 48's plan; CVC4 does not find them inside the goals). */
/*@ ghost
  /@ requires 0 < r && b <= x / r;
     assigns \nothing;
     ensures 0 <= b * r <= x; @/
  static void xn_le(size_t b, size_t x, size_t r)
  {
    /@ assert 0 <= (x / r - b) * r; @/
    /@ assert (x / r) * r <= x; @/
  }
  /@ requires 0 < r && b < x / r;
     assigns \nothing;
     ensures 0 <= b * r && b * r + r <= x; @/
  static void xn_lt(size_t b, size_t x, size_t r)
  {
    /@ assert 0 <= (x / r - (b + 1)) * r; @/
    /@ assert (x / r) * r <= x; @/
  }
  /@ requires 0 < r && b == x / r;
     assigns \nothing;
     ensures 0 <= b * r <= x && x - b * r < r; @/
  static void xn_eq(size_t b, size_t x, size_t r)
  {
  }
  /@ requires 0 < r && last <= b && (size_t)(b - last) < c && c * r <= x + r - 1;
     assigns \nothing;
     ensures 0 <= (b - last) * r < x && 0 <= (size_t)(b - last) * r < x; @/
  static void xn_q(size_t b, size_t last, size_t c, size_t r, size_t x)
  {
    /@ assert (size_t)(b - last) == b - last; @/
    /@ assert b - last < c; @/
    /@ assert 0 <= (c - (b - last + 1)) * r; @/
    /@ assert (b - last + 1) * r == (b - last) * r + r; @/
  }
*/

/* ---- per-instance lengths ---------------------------------------------------------------- */

/* One group, on its own schedule. Instance j absorbs blocks 0 .. last_j (last_j =
 * inlen_j / rate, the padded one), then squeezes nsq blocks: after the permutation that
 * ends block b, instance j has output block b - last_j ready. The whole blocks every
 * instance has (common) go through absorb_blocks first. */
/*@ requires xn_at(s, base, g);
    requires \valid_read(in + (g->first .. g->first + g->count - 1));
    requires \valid_read(inlen + (g->first .. g->first + g->count - 1));
    requires \forall integer i; g->first <= i < g->first + g->count ==> \valid_read(in[i] + (0 .. inlen[i] - 1));
    requires \valid_read(out + (g->first .. g->first + g->count - 1));
    requires \forall integer i; g->first <= i < g->first + g->count ==>
               \valid(out[i] + (0 .. outlen - 1)) && \separated(out[i] + (0 .. outlen - 1), s) &&
               \separated(out[i] + (0 .. outlen - 1), g);
    assigns base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table,
            *(out[g->first .. g->first + g->count - 1] + (0 .. outlen - 1));
    ensures xn_kept(s, g, Pre); */
static void g_oneshot(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g,
                      const uint8_t *const in[], const size_t inlen[], uint8_t *const out[],
                      size_t outlen)
{
    size_t rate = s->rate, nsq = (outlen + rate - 1) / rate, common = SIZE_MAX, end = 0;
    /*@ assert N0: nsq * rate <= outlen + rate - 1; */
    /*@ ghost kf_spec_xn_table = g->xn; */
    if (g->xn) /*@ calls kf_spec_xn_init; */ g->xn->init(base + g->offset);
    else /*@ calls kf_spec_init; */ s->x1->init(base + g->offset);
    /*@ assert I0: xn_at(s, base, g) && xn_kept(s, g, Pre); */
    /*@ loop invariant 0 <= j <= g->count;
        loop invariant \forall integer t; g->first <= t < g->first + j ==> common <= inlen[t] / rate;
        loop assigns j, common, end;
        loop variant g->count - j; */
    for (unsigned j = 0; j < g->count; j++) {
        size_t last = inlen[g->first + j] / rate;
        if (last < common) common = last;
        if (last + nsq > end) end = last + nsq;
    }
    /*@ ghost
      /@ loop invariant 0 <= t <= g->count;
         loop invariant \forall integer u; g->first <= u < g->first + t ==> common * rate <= inlen[u];
         loop assigns t;
         loop variant g->count - t; @/
      for (unsigned t = 0; t < g->count; t++) xn_le(common, inlen[g->first + t], rate);
    */
    if (common) g_absorb_blocks(s, base, g, in, common * rate);
    /*@ loop invariant common <= b && (b <= end || b == common);
        loop invariant xn_at(s, base, g) && xn_kept(s, g, Pre);
        loop assigns b, base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table,
                     *(out[\at(g->first, Pre) .. \at(g->first, Pre) + \at(g->count, Pre) - 1] + (0 .. outlen - 1));
        loop variant end - b; */
    for (size_t b = common; b < end; b++) {
        /*@ loop invariant 0 <= j <= \at(g->count, Pre);
            loop invariant xn_at(s, base, g) && xn_kept(s, g, Pre);
            loop assigns j, base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table;
            loop variant \at(g->count, Pre) - j; */
        for (unsigned j = 0; j < g->count; j++) {
            unsigned i = g->first + j;
            size_t last = inlen[i] / rate;
            /*@ assert A0: \valid_read(in[i] + (0 .. inlen[i] - 1)); */
            if (b < last) {
                /*@ ghost xn_lt(b, inlen[i], rate); */
                g_add(s, base, g, j, in[i] + b * rate, 0, rate);
                /*@ assert P0: xn_at(s, base, g) && xn_kept(s, g, Pre); */
            } else if (b == last) {
                /*@ ghost xn_eq(b, inlen[i], rate); */
                size_t tail = inlen[i] - b * rate;
                /* in[i] may be NULL when inlen[i] == 0: no pointer arithmetic on it then */
                if (tail) g_add(s, base, g, j, in[i] + b * rate, 0, tail);
                /*@ assert P1: xn_at(s, base, g) && xn_kept(s, g, Pre); */
                g_pad(s, base, g, j, tail);
                /*@ assert P2: xn_at(s, base, g) && xn_kept(s, g, Pre); */
            }
        }
        g_permute(s, base, g);
        /*@ loop invariant 0 <= j <= \at(g->count, Pre);
            loop invariant xn_at(s, base, g) && xn_kept(s, g, Pre);
            loop assigns j, kf_spec_xn_table,
                         *(out[\at(g->first, Pre) .. \at(g->first, Pre) + \at(g->count, Pre) - 1] + (0 .. outlen - 1));
            loop variant \at(g->count, Pre) - j; */
        for (unsigned j = 0; j < g->count; j++) {
            unsigned i = g->first + j;
            size_t last = inlen[i] / rate;
            if (b < last || b - last >= nsq) continue;
            /*@ ghost xn_q(b, last, nsq, rate, outlen); */
            /*@ assert Q0: 0 <= (b - last) * rate < outlen; */
            size_t q = (b - last) * rate, take = outlen - q < rate ? outlen - q : rate;
            /*@ assert E0a: q + take <= outlen && take <= rate; */
            /*@ assert EI: \valid(out[i] + (0 .. outlen - 1)) && \separated(out[i] + (0 .. outlen - 1), s) &&
                           \separated(out[i] + (0 .. outlen - 1), g); */
            /*@ assert E0: \valid(out[i] + q + (0 .. take - 1)); */
            /*@ assert E1: \separated(out[i] + q + (0 .. take - 1), s) && \separated(out[i] + q + (0 .. take - 1), g); */
            g_extract(s, base, g, j, out[i] + q, 0, take);
        }
    }
}

/* ---- one block in, at most one block out --------------------------------------------------- */

/* Does every instance of g fit in one block (input shorter than the rate) with outlen <= rate? */
/*@ requires \valid_read(s) && \valid_read(g) && g->first + g->count <= KF_XN_MAX;
    requires \valid_read(inlen + (g->first .. g->first + g->count - 1));
    assigns \nothing;
    ensures \result != 0 ==> outlen <= s->rate &&
              \forall integer i; g->first <= i < g->first + g->count ==> inlen[i] < s->rate; */
static int g_one_block(const kf_sponge_xn *s, const kf_xn_group *g, const size_t inlen[], size_t outlen)
{
    if (outlen > s->rate) return 0;
    /*@ loop invariant 0 <= j <= g->count && j <= KF_XN_MAX;
        loop invariant \forall integer i; g->first <= i < g->first + j ==> inlen[i] < s->rate;
        loop assigns j;
        loop variant g->count - j; */
    for (unsigned j = 0; j < g->count; j++) {
        if (inlen[g->first + j] >= s->rate) return 0;
        /*@ assert inlen[g->first + j] < s->rate; */
    }
    return 1;
}

/* Word j of instance i of an interleaved state of n instances, j < m lanes: j n + i < m n (a
 * product of two variables, as ParallelHash's par_step: CVC4 does not find it inside the goals). */
/*@ ghost
  /@ requires j < m && i < n;
     assigns \nothing;
     ensures 0 <= j * n && j * n + i < m * n && j * n + n <= m * n; @/
  static void xn_word(size_t j, size_t m, size_t i, size_t n)
  {
    /@ assert (j + 1) * n == j * n + n; @/
    /@ assert 0 <= (m - (j + 1)) * n; @/
  }
*/
/* The capacity lanes' clear in g_oneblock_words: its size and offset as size_t products. */
/*@ ghost
  /@ requires 1 <= lanes <= 24 && 1 <= n <= 9;
     assigns \nothing;
     ensures 0 <= lanes * n <= 24 * n && 0 <= (25 - lanes) * n <= 24 * n;
     ensures lanes * n + (25 - lanes) * n * 8 <= 200 * n;
     ensures (size_t)(lanes * n) == lanes * n && (size_t)((size_t)(25 - lanes) * n) == (25 - lanes) * n &&
             (size_t)((size_t)((25 - lanes) * n) * 8) == (25 - lanes) * n * 8; @/
  static void xn_cap(size_t lanes, size_t n)
  {
    /@ assert 0 <= (24 - lanes) * n && 0 <= (lanes - 1) * n; @/
  }
*/
/* What g_oneblock_words' body needs beyond the one-block test (session 53): its table interleaved,
 * hence 200 n bytes of state (kf_xn_group_ok), the table read-only (!\valid) and inlen[] apart from
 * the sponge (the one-shots' contract), so that its 64-bit words' writes keep both (assertion Wp). */

/*
 * A group whose instances all fit in one block (g_one_block), on a backend with the interleaved
 * layout (lane j of instance i at native word j*N + i, keccak_xn_lanes.h): the padded blocks are
 * written straight into the state, word by word, where the general path would clear the state
 * and then add the message, the suffix and the last pad bit through three backend calls per
 * instance and walk the partial words byte by byte; the output is read the same way. Issue 24:
 * a Merkle level of 8 x 64-byte SHA3-256 within 1.25 x one x8 permutation call.
 */
/*@ requires xn_at(s, base, g) && g->xn != \null && g->xn->interleaved != 0 && outlen <= s->rate;
    requires \forall integer i; g->first <= i < g->first + g->count ==> inlen[i] < s->rate;
    requires \valid_read(in + (g->first .. g->first + g->count - 1));
    requires \valid_read(inlen + (g->first .. g->first + g->count - 1));
    requires \separated(inlen + (g->first .. g->first + g->count - 1), s);
    requires \forall integer i; g->first <= i < g->first + g->count ==> \valid_read(in[i] + (0 .. inlen[i] - 1));
    requires \valid_read(out + (g->first .. g->first + g->count - 1));
    requires \forall integer i; g->first <= i < g->first + g->count ==>
               \valid(out[i] + (0 .. outlen - 1)) && \separated(out[i] + (0 .. outlen - 1), s) &&
               \separated(out[i] + (0 .. outlen - 1), g);
    assigns base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table,
            *(out[g->first .. g->first + g->count - 1] + (0 .. outlen - 1));
    ensures xn_kept(s, g, Pre); */
static void g_oneblock_words(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g,
                             const uint8_t *const in[], const size_t inlen[], uint8_t *const out[],
                             size_t outlen)
{
    const kf_backend_xn *xn = g->xn;
    const size_t n = xn->n, lanes = s->rate / 8;
    const uint64_t pad = (uint64_t)0x80 << 56; /* the last bit of pad10*1: bit 7 of byte rate - 1 */
    uint64_t *w = (uint64_t *)(void *)(base + g->offset);
    /*@ ghost kf_spec_xn_table = xn; */
    /*@ assert W0: 1 <= lanes <= 24 && 1 <= n <= 9; */
    /*@ assert Wp: g->xn->state_bytes == 200 * g->xn->n && \separated(g->xn, base + (0 .. KF_XN_STORAGE - 1)) &&
                   \separated(inlen + (g->first .. g->first + g->count - 1), base + (0 .. KF_XN_STORAGE - 1)); */
    /*@ ghost xn_cap(lanes, n); */
    /* The view's extent in bytes (session 54): W0a counts base's cells, 25 n bytes, not the 200 n the
     * words take (docs/ASSURANCE.md, "widened pointer views"), so these two state the 25 n words within
     * the group's storage and within the object s->raw (base == s->raw + s->shift). Every access below
     * is w[j n + i] with j < 25 and i < n (xn_word), within these bytes. */
    /*@ assert W_bytes: g->offset + 25 * n * sizeof(uint64_t) <= KF_XN_STORAGE; */
    /*@ assert W_raw: s->shift + g->offset + 25 * n * sizeof(uint64_t) <= sizeof(s->raw); */
    /*@ assert W0a: \valid(w + (0 .. 25 * n - 1)); */
    /*@ assert W0b: \valid((uint8_t *)(w + lanes * n) + (0 .. (25 - lanes) * n * 8 - 1)); */
    /*@ assert W0c: (size_t)(lanes * n) == lanes * n && (size_t)((size_t)(25 - lanes) * n) == (25 - lanes) * n &&
                    (size_t)((size_t)((25 - lanes) * n) * 8) == (25 - lanes) * n * 8; */
    /*@ assert W0d: \valid((char *)(void *)(w + (size_t)(lanes * n)) + (0 .. (size_t)((25 - lanes) * n * 8) - 1)); */
    memset(w + lanes * n, 0, (25 - lanes) * n * 8); /* the capacity lanes of every instance */
    /*@ loop invariant 0 <= i <= n;
        loop assigns i, w[0 .. 25 * n - 1];
        loop variant n - i; */
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        if (i < g->count) {
            const uint8_t *p = in[g->first + i];
            size_t len = inlen[g->first + i], full = len / 8, r = len % 8;
            uint64_t t = (uint64_t)s->suffix << (8 * r);
            /*@ assert W1: full < lanes && 8 * full + r == len; */
            /*@ loop invariant 0 <= j <= full;
                loop assigns j, w[0 .. 25 * n - 1];
                loop variant full - j; */
            for (; j < full; j++) {
                /*@ ghost xn_word(j, 25, i, n); */
                w[j * n + i] = kf_load64_le(p + 8 * j);
            }
            if (r) t |= kf_lanes64_tail(p + 8 * full, r, 8 * full);
            /*@ ghost xn_word(j, 25, i, n); */
            w[j++ * n + i] = t;
        }
        /*@ loop invariant 0 <= j <= lanes;
            loop assigns j, w[0 .. 25 * n - 1];
            loop variant lanes - j; */
        for (; j < lanes; j++) {
            /*@ ghost xn_word(j, 25, i, n); */
            w[j * n + i] = 0; /* an idle slot is all zero */
        }
        /*@ ghost xn_word(lanes - 1, 25, i, n); */
        w[(lanes - 1) * n + i] ^= pad;
    }
    /*@ calls kf_spec_xn_permute; */
    xn->permute(w, s->nr);
    /*@ loop invariant 0 <= i <= \at(g->count, Pre);
        loop invariant xn_kept(s, g, Pre);
        loop assigns i,
                     *(out[\at(g->first, Pre) .. \at(g->first, Pre) + \at(g->count, Pre) - 1] + (0 .. outlen - 1));
        loop variant \at(g->count, Pre) - i; */
    for (size_t i = 0; i < g->count; i++) {
        uint8_t *o = out[g->first + i];
        size_t j = 0;
        /*@ assert O0: \separated(o + (0 .. outlen - 1), s) && \separated(o + (0 .. outlen - 1), g); */
        /*@ assert O1: \forall integer k; 0 <= k < KF_XN_MAX ==> \separated(o + (0 .. outlen - 1), &s->group[k]); */
        /*@ loop invariant 0 <= 8 * j <= outlen;
            loop invariant xn_kept(s, g, Pre);
            loop assigns j, o[0 .. outlen - 1];
            loop variant outlen - 8 * j; */
        for (; 8 * j + 8 <= outlen; j++) {
            /*@ ghost xn_word(j, 25, i, n); */
            uint64_t v = w[j * n + i];
            /*@ loop invariant 0 <= k <= 8;
                loop assigns k, o[8 * j .. 8 * j + 7];
                loop variant 8 - k; */
            for (unsigned k = 0; k < 8; k++) o[8 * j + k] = (uint8_t)(v >> (8 * k));
        }
        if (8 * j < outlen) {
            /*@ calls kf_spec_xn_extract_bytes; */
            xn->extract_bytes(w, (unsigned)i, o + 8 * j, 8 * j, outlen - 8 * j);
        }
    }
}

/* Do the instances of g all have inputs of one length (the backends' xof takes one len)? */
/*@ requires \valid_read(g) && g->first + g->count <= KF_XN_MAX;
    requires \valid_read(inlen + (g->first .. g->first + g->count - 1));
    assigns \nothing;
    ensures \result != 0 ==> \forall integer i; g->first <= i < g->first + g->count ==> inlen[i] == inlen[g->first]; */
static int g_same_len(const kf_xn_group *g, const size_t inlen[])
{
    /*@ loop invariant 1 <= j && (g->count >= 1 ==> j <= g->count) && j <= KF_XN_MAX + 1;
        loop invariant \forall integer i; g->first <= i < g->first + j && i < g->first + g->count ==>
                         inlen[i] == inlen[g->first];
        loop assigns j;
        loop variant g->count - j; */
    for (unsigned j = 1; j < g->count; j++) {
        if (inlen[g->first + j] != inlen[g->first]) return 0;
        /*@ assert inlen[g->first + j] == inlen[g->first]; */
    }
    return 1;
}

/* One group of the one-shot: the batched oneblock, the batched xof, the interleaved words, the
 * x1 one-block sponge or the general path, then the state wiped. */
/*@ requires xn_at(s, base, g);
    requires \valid_read(in + (0 .. s->n - 1)) && \valid_read(inlen + (0 .. s->n - 1));
    requires \separated(inlen + (0 .. s->n - 1), s);
    requires \forall integer i; 0 <= i < s->n ==> \valid_read(in[i] + (0 .. inlen[i] - 1));
    requires \valid_read(out + (0 .. s->n - 1));
    requires \forall integer i; 0 <= i < s->n ==> \valid(out[i] + (0 .. outlen - 1));
    requires \forall integer i; 0 <= i < s->n ==> \separated(out[i] + (0 .. outlen - 1), s);
    requires \forall integer i; 0 <= i < s->n ==> \separated(out[i] + (0 .. outlen - 1), g);
    assigns base[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table, *(out[0 .. s->n - 1] + (0 .. outlen - 1));
    ensures kf_sponge_xn_layout(s) && base == s->raw + s->shift && s->n == \old(s->n) && s->ngroups == \old(s->ngroups); */
static void group_oneshot(const kf_sponge_xn *s, uint8_t *base, const kf_xn_group *g, const uint8_t *const in[],
                          const size_t inlen[], uint8_t *const out[], size_t outlen, int pub)
{
    /*@ ghost kf_spec_xn_table = g->xn; */
    /*@ assert G0: \valid(base + g->offset + (0 .. kf_xn_group_bytes(g) - 1)); */
    if (g->xn && g->xn->oneblock && g_one_block(s, g, inlen, outlen)) {
        /*@ calls kf_spec_xn_oneblock; */
        g->xn->oneblock(base + g->offset, s->nr, s->rate, s->suffix, in + g->first, inlen + g->first, g->count,
                        out + g->first, outlen); /* wipes the states itself */
        /*@ assert G1: xn_kept(s, g, Pre); */
        return;
    }
    if (g->xn && g->xn->xof && g_same_len(g, inlen)) {
        int took;
        /*@ calls kf_spec_xn_xof; */
        took = g->xn->xof(s->nr, s->rate, s->suffix, in + g->first, inlen[g->first], g->count, out + g->first,
                          outlen, !pub);
        /*@ assert G2: xn_kept(s, g, Pre); */
        if (took) return; /* the lanes in the backend's registers: the states untouched */
    }
    if (g->xn && g->xn->interleaved && g_one_block(s, g, inlen, outlen))
        g_oneblock_words(s, base, g, in, inlen, out, outlen);
    else if (!g->xn && g_one_block(s, g, inlen, outlen))
        kf_sponge_oneblock(s->x1, s->rate, s->nr, s->suffix, in[g->first], inlen[g->first], out[g->first],
                           outlen); /* a lone instance: its own stack state, wiped */
    else
        g_oneshot(s, base, g, in, inlen, out, outlen);
    /*@ assert G3: xn_kept(s, g, Pre); */
    /* the state would give the input back (the permutation is invertible) */
    kf_memzero(base + g->offset, g->xn ? g->xn->state_bytes : KF_STATE_BYTES);
    /*@ assert G4: xn_kept(s, g, Pre); */
}

/*@ kf_sponge_xn_oneshot_contract */
static void xn_oneshot(kf_sponge_xn *s, const uint8_t *const in[], const size_t inlen[], uint8_t *const out[],
                       size_t outlen, int pub)
{
    uint8_t *base = xn_base(s);
    /*@ loop invariant 0 <= k <= s->ngroups;
        loop invariant kf_sponge_xn_layout(s) && base == s->raw + s->shift && s->n == \at(s->n, Pre);
        loop invariant \forall integer i, j; 0 <= i < \at(s->n, Pre) && 0 <= j < KF_XN_MAX ==>
                         \separated(out[i] + (0 .. outlen - 1), &s->group[j]);
        loop assigns k, s->raw[0 .. KF_XN_STORAGE + 63], kf_spec_xn_table, *(out[0 .. \at(s->n, Pre) - 1] + (0 .. outlen - 1));
        loop variant s->ngroups - k; */
    for (unsigned k = 0; outlen && k < s->ngroups; k++)
        group_oneshot(s, base, &s->group[k], in, inlen, out, outlen, pub);
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

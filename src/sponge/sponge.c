/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sponge.c - FIPS 202 §4 sponge over the backend interface, bit-granular absorb. */
#include "sponge.h"

#include <string.h>

void kf_sponge_init(kf_sponge *s, const kf_backend *impl, unsigned rate, unsigned nr, uint8_t suffix)
{
    /*@ calls kf_spec_init; */
    impl->init(s->state);
    s->impl = impl;
    s->rate = (uint16_t)rate;
    s->pos = 0;
    s->nr = (uint8_t)nr;
    s->suffix = suffix;
    s->nbits = 0;
    s->partial = 0;
    s->phase = KF_PHASE_ABSORB;
}

/* Absorb whole bytes when no bits are pending. Permutes as soon as a block is full. */
/*@ requires kf_sponge_absorbing(s);
    requires \valid_read(in + (0 .. len - 1));
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos;
    ensures kf_sponge_absorbing(s); */
static void absorb_aligned(kf_sponge *s, const uint8_t *in, size_t len)
{
    const kf_backend *b = s->impl;
    size_t rate = s->rate;

    if (s->pos) {
        size_t take = rate - s->pos < len ? rate - s->pos : len;
        /*@ calls kf_spec_add_bytes; */
        b->add_bytes(s->state, in, s->pos, take);
        s->pos = (uint16_t)(s->pos + take);
        in += take;
        len -= take;
        if (s->pos < rate) return;
        /*@ calls kf_spec_permute; */
        b->permute(s->state, s->nr);
        s->pos = 0;
    }
    if (len >= rate && b->absorb_blocks) {
        size_t done;
        /*@ calls kf_spec_absorb_blocks; */
        done = b->absorb_blocks(s->state, s->nr, rate, in, len);
        in += done;
        len -= done;
    }
    /*@ loop invariant kf_sponge_absorbing(s) && s->pos == 0;
        loop invariant \valid_read(in + (0 .. len - 1));
        loop assigns in, len, s->state[0 .. KF_STATE_BYTES - 1];
        loop variant len; */
    while (len >= rate) {
        /*@ calls kf_spec_add_bytes; */
        b->add_bytes(s->state, in, 0, rate);
        /*@ calls kf_spec_permute; */
        b->permute(s->state, s->nr);
        in += rate;
        len -= rate;
    }
    if (len) {
        /*@ calls kf_spec_add_bytes; */
        b->add_bytes(s->state, in, 0, len);
        s->pos = (uint16_t)len;
    }
}

/* Absorb whole bytes behind s->nbits pending bits: shift them through a small buffer. */
/*@ requires kf_sponge_absorbing(s) && 1 <= s->nbits;
    requires \valid_read(in + (0 .. len - 1));
    assigns s->state[0 .. KF_STATE_BYTES - 1], s->pos, s->partial;
    ensures kf_sponge_absorbing(s); */
static void absorb_shifted(kf_sponge *s, const uint8_t *in, size_t len)
{
    unsigned k = s->nbits;
    uint8_t carry = s->partial, buf[256];
    /*@ loop invariant kf_sponge_absorbing(s) && 1 <= k <= 7;
        loop invariant \valid_read(in + (0 .. len - 1));
        loop assigns in, len, carry, buf[0 .. 255], s->state[0 .. KF_STATE_BYTES - 1], s->pos;
        loop variant len; */
    while (len) {
        size_t n = len < sizeof buf ? len : sizeof buf;
        /*@ loop invariant 0 <= i <= n;
            loop assigns i, carry, buf[0 .. 255];
            loop variant n - i; */
        for (size_t i = 0; i < n; i++) {
            buf[i] = (uint8_t)(carry | ((unsigned)in[i] << k));
            carry = (uint8_t)(in[i] >> (8 - k));
        }
        absorb_aligned(s, buf, n);
        in += n;
        len -= n;
    }
    s->partial = carry;
    kf_memzero(buf, sizeof buf);
}

void kf_sponge_import(kf_sponge *s, const uint8_t state[KF_STATE_BYTES], size_t pos)
{
    /*@ calls kf_spec_overwrite_bytes; */
    s->impl->overwrite_bytes(s->state, state, 0, KF_STATE_BYTES);
    s->pos = (uint16_t)pos;
}

void kf_sponge_absorb(kf_sponge *s, const uint8_t *in, size_t len)
{
    if (!len) return; /* in may be NULL then: no pointer arithmetic on it (C11 6.5.6) */
    if (s->nbits == 0)
        absorb_aligned(s, in, len);
    else
        absorb_shifted(s, in, len);
}

void kf_sponge_absorb_bits(kf_sponge *s, const uint8_t *in, size_t nbits)
{
    size_t whole = nbits / 8;
    unsigned rem = (unsigned)(nbits % 8);
    kf_sponge_absorb(s, in, whole);
    if (rem) {
        unsigned v = (unsigned)s->partial | ((in[whole] & ((1u << rem) - 1u)) << s->nbits);
        unsigned total = s->nbits + rem;
        if (total >= 8) {
            uint8_t byte = (uint8_t)v;
            s->nbits = 0;
            absorb_aligned(s, &byte, 1);
            v >>= 8;
            total -= 8;
        }
        s->partial = (uint8_t)v;
        s->nbits = (uint8_t)total;
    }
}

void kf_sponge_zero_to_block(kf_sponge *s)
{
    static const uint8_t zeros[200];
    if (s->nbits) kf_sponge_absorb_bits(s, zeros, 8u - s->nbits);
    if (s->pos) absorb_aligned(s, zeros, (size_t)s->rate - s->pos);
}

/*@ assigns \nothing; */
static unsigned top_bit(unsigned x)
{
    unsigned n = 0;
    /*@ loop assigns x, n;
        loop variant x; */
    while (x >>= 1) n++;
    return n;
}

void kf_sponge_finalize(kf_sponge *s)
{
    const kf_backend *b = s->impl;
    if (s->phase != KF_PHASE_ABSORB) return;

    /* pending message bits, then the suffix bits whose top bit is the first 1 of pad10*1 */
    unsigned v = (unsigned)s->partial | ((unsigned)s->suffix << s->nbits);
    unsigned delim = s->nbits + top_bit(s->suffix); /* bit index of that 1, counted from pos */
    uint8_t byte = (uint8_t)v;
    /*@ calls kf_spec_add_bytes; */
    b->add_bytes(s->state, &byte, s->pos, 1);
    if (delim >= 8) {
        if (++s->pos == s->rate) {
            /*@ calls kf_spec_permute; */
            b->permute(s->state, s->nr);
            s->pos = 0;
        }
        byte = (uint8_t)(v >> 8);
        /*@ calls kf_spec_add_bytes; */
        b->add_bytes(s->state, &byte, s->pos, 1);
    }
    /* the final 1 of pad10*1 is the last bit of a block; it needs a fresh block if the
     * first 1 already took that bit */
    if (s->pos == s->rate - 1 && (delim & 7) == 7) {
        /*@ calls kf_spec_permute; */
        b->permute(s->state, s->nr);
    }
    byte = 0x80;
    /*@ calls kf_spec_add_bytes; */
    b->add_bytes(s->state, &byte, (size_t)s->rate - 1, 1);
    /*@ calls kf_spec_permute; */
    b->permute(s->state, s->nr);
    s->pos = 0;
    s->nbits = 0;
    s->partial = 0;
    s->phase = KF_PHASE_SQUEEZE;
}

void kf_sponge_squeeze(kf_sponge *s, uint8_t *out, size_t len)
{
    const kf_backend *b = s->impl;
    if (s->phase == KF_PHASE_ABSORB) kf_sponge_finalize(s);
    /*@ loop invariant kf_sponge_ok(s) && s->phase == KF_PHASE_SQUEEZE;
        loop invariant \valid(out + (0 .. len - 1)) && \separated(out + (0 .. len - 1), s);
        loop invariant \at(out, Pre) <= out && out + len == \at(out, Pre) + \at(len, Pre);
        loop assigns out, len, s->state[0 .. KF_STATE_BYTES - 1], s->pos, \at(out, Pre)[0 .. \at(len, Pre) - 1];
        loop variant len; */
    while (len) {
        if (s->pos == s->rate) {
            /*@ calls kf_spec_permute; */
            b->permute(s->state, s->nr);
            s->pos = 0;
        }
        size_t take = (size_t)(s->rate - s->pos) < len ? (size_t)(s->rate - s->pos) : len;
        /*@ calls kf_spec_extract_bytes; */
        b->extract_bytes(s->state, out, s->pos, take);
        s->pos = (uint16_t)(s->pos + take);
        out += take;
        len -= take;
    }
}

void kf_sponge_oneblock_generic(const kf_backend *impl, unsigned rate, unsigned nr, uint8_t suffix,
                                const uint8_t *in, size_t len, uint8_t *out, size_t outlen)
{
    static const uint8_t last = 0x80;
    _Alignas(KF_STATE_ALIGN) uint8_t st[KF_STATE_BYTES];
    /*@ calls kf_spec_init; */
    impl->init(st);
    if (len) {
        /*@ calls kf_spec_add_bytes; */
        impl->add_bytes(st, in, 0, len);
    }
    /*@ calls kf_spec_add_bytes; */
    impl->add_bytes(st, &suffix, len, 1);
    /*@ calls kf_spec_add_bytes; */
    impl->add_bytes(st, &last, (size_t)rate - 1, 1); /* suffix < 0x80: never the same bit */
    /*@ calls kf_spec_permute; */
    impl->permute(st, nr);
    if (outlen) {
        /*@ calls kf_spec_extract_bytes; */
        impl->extract_bytes(st, out, 0, outlen);
    }
    kf_memzero(st, sizeof st);
}

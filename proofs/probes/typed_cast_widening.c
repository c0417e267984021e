/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * typed_cast_widening.c - a probe of Frama-C 25 WP's Typed+cast memory model (the model of every
 * WP unit, proofs/units.py), not library code. Run: python3 proofs/probes/typed_cast_widening.py.
 *
 * The model counts a block in cells of its declared type, one cell per element whatever the
 * element's size, and a pointer cast keeps the cell offset. A view that WIDENS the element (a byte
 * buffer seen as uint64_t or as a struct, uint32_t seen as uint64_t) is therefore checked against
 * the block's element COUNT, not its bytes: each function named oob_* below accesses memory outside
 * its object, and WP proves it valid. A view that narrows (X * seen as uint8_t *) is checked against
 * fewer bytes than the object has: false alarms only (narrow_*).
 * inb_member_u64_view and the bytes_* functions carry the real byte bound as an ACSL assertion in
 * C's own sizes (sizeof): WP proves it where the access is in bounds and not where it is outside
 * (docs/ASSURANCE.md, "A limit of WP's Typed+cast model: widened pointer views"). Each oob_* has
 * no such assertion: one that is false (488 <= 64) would be a false hypothesis of the goals after it.
 * Each function's expected outcome is in typed_cast_widening.py (EXPECT).
 */
#include <stdint.h>

struct scratch_ctx {
    uint8_t scratch[64];
    int x;
};

typedef struct {
    uint64_t a, b, c, d;    /* 32 bytes */
} quad;

struct small_ctx {
    uint8_t buf[8];
    int x;
};

/* In bounds: bytes 56..63 of the 64-byte member, and the byte bound as an assertion in C's sizes
 * (proved: 56 + 8 <= 64; bytes_oob below is the same for word 60). */
/*@ requires \valid(c);
    assigns c->scratch[0 .. 63]; */
void inb_member_u64_view(struct scratch_ctx *c)
{
    uint64_t *w = (uint64_t *)(void *)c->scratch;
    /*@ assert view_bytes: 7 * sizeof(uint64_t) + sizeof(uint64_t) <= sizeof(c->scratch); */
    w[7] = 0;
}

/* Out of bounds, proved: bytes 480..487 of the 64-byte member (the struct has 68 bytes),
 * its assigns clause c->scratch[0 .. 63] proved too. */
/*@ requires \valid(c);
    assigns c->scratch[0 .. 63]; */
void oob_member_u64_view(struct scratch_ctx *c)
{
    uint64_t *w = (uint64_t *)(void *)c->scratch;
    w[60] = 0;
}

/* Out of bounds, proved: a local array of 64 bytes, a uint64_t view, bytes 480..487. */
/*@ assigns \nothing; */
uint64_t oob_local_u64_view(void)
{
    uint8_t buf[64] = {0};
    uint64_t *w = (uint64_t *)(void *)buf;
    w[60] = 1;
    return w[63];           /* a read of bytes 504..511, proved valid too */
}

/* Out of bounds, proved: a 32-byte struct view of an 8-byte member, its last field bytes 24..31
 * (its assigns clause c->buf[0 .. 7] proved too). */
/*@ requires \valid(c);
    assigns c->buf[0 .. 7]; */
void oob_struct_view(struct small_ctx *c)
{
    quad *q = (quad *)(void *)c->buf;
    q->d = 0;
}

/* Out of bounds, proved: an 8-byte object (two uint32_t) seen as uint64_t, bytes 8..15. */
/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1]; */
void oob_u32_as_u64(uint32_t *p)
{
    uint64_t *w = (uint64_t *)(void *)p;
    w[1] = 0;
}

/* A callee whose contract speaks of the widened view, as keccak_p1600_ref.c's and opt32bi's do. */
/*@ requires \valid((uint64_t *)state + (0 .. 24));
    assigns ((uint64_t *)state)[0 .. 24]; */
void lanes_clear(uint8_t *state);

/* Out of bounds, proved: a caller passes 25 bytes where the callee writes 200, and its call's
 * precondition \valid((uint64_t *)small + (0 .. 24)) is proved (25 cells). */
/*@ assigns \nothing; */
void oob_call_precondition(void)
{
    uint8_t small[25];
    lanes_clear(small);
}

/* Narrowing, a false alarm: byte 7 of a local uint64_t is not proved valid (one cell). */
/*@ assigns \nothing; */
uint8_t narrow_u64_as_bytes(void)
{
    uint64_t v = 0;
    uint8_t *b = (uint8_t *)(void *)&v;
    return b[7];
}

/* The byte bound as an assertion in C's sizes: not proved for word 60 (the access
 * oob_member_u64_view makes, which WP proves valid). */
/*@ requires \valid(c);
    assigns c->scratch[0 .. 63]; */
void bytes_oob(struct scratch_ctx *c)
{
    uint64_t *w = (uint64_t *)(void *)c->scratch;
    /*@ assert view_bytes: 60 * sizeof(uint64_t) + sizeof(uint64_t) <= sizeof(c->scratch); */
    w[60] = 0;
}

/* The same at a struct view: the struct's size against the buffer's, not proved for quad in 8 bytes. */
/*@ requires \valid(c);
    assigns c->buf[0 .. 7]; */
void bytes_struct_oob(struct small_ctx *c)
{
    quad *q = (quad *)(void *)c->buf;
    /*@ assert view_bytes: sizeof(quad) <= sizeof(c->buf); */
    q->d = 0;
}

/* A variable index: the byte bound follows from the loop's bound (8 words of 8 bytes). */
/*@ requires \valid(c);
    assigns c->scratch[0 .. 63]; */
void bytes_loop_inb(struct scratch_ctx *c)
{
    uint64_t *w = (uint64_t *)(void *)c->scratch;
    /*@ loop invariant 0 <= i <= 8;
        loop assigns i, c->scratch[0 .. 63];
        loop variant 8 - i; */
    for (unsigned i = 0; i < 8; i++) {
        /*@ assert view_bytes: i * sizeof(uint64_t) + sizeof(uint64_t) <= sizeof(c->scratch); */
        w[i] = 0;
    }
}

/* ... and with one word too many (i < 9): not proved, while the access itself is. */
/*@ requires \valid(c);
    assigns c->scratch[0 .. 63]; */
void bytes_loop_oob(struct scratch_ctx *c)
{
    uint64_t *w = (uint64_t *)(void *)c->scratch;
    /*@ loop invariant 0 <= i <= 9;
        loop assigns i, c->scratch[0 .. 63];
        loop variant 9 - i; */
    for (unsigned i = 0; i < 9; i++) {
        /*@ assert view_bytes: i * sizeof(uint64_t) + sizeof(uint64_t) <= sizeof(c->scratch); */
        w[i] = 0;
    }
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * address.h - the 32-byte hash address ADRS (FIPS 205 §4.2), as the SHAKE sets use it
 * (uncompressed): layer (bytes 0-3), tree address (4-15), type (16-19), then three words:
 * key pair address (20-23), chain address / tree height (24-27), hash address / tree
 * index (28-31). All big-endian.
 */
#ifndef KF_SLHDSA_ADDRESS_H
#define KF_SLHDSA_ADDRESS_H

#include <stdint.h>
#include <string.h>

enum slh_adrs_type {
    SLH_WOTS_HASH = 0,
    SLH_WOTS_PK = 1,
    SLH_TREE = 2,
    SLH_FORS_TREE = 3,
    SLH_FORS_ROOTS = 4,
    SLH_WOTS_PRF = 5,
    SLH_FORS_PRF = 6,
};

typedef struct slh_adrs { uint8_t b[32]; } slh_adrs;

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3]; */
static inline void slh_put32(uint8_t *p, uint32_t x)
{
    p[0] = (uint8_t)(x >> 24);
    p[1] = (uint8_t)(x >> 16);
    p[2] = (uint8_t)(x >> 8);
    p[3] = (uint8_t)x;
}
/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing; */
static inline uint32_t slh_get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The setters (ACSL, the SLH-DSA proof units): each writes its field's bytes of a and no
 * other byte. */
/*@ requires \valid(a);
    assigns a->b[0 .. 31]; */
static inline void adrs_zero(slh_adrs *a) { memset(a->b, 0, sizeof a->b); }
/*@ requires \valid(a);
    assigns a->b[0 .. 3]; */
static inline void adrs_set_layer(slh_adrs *a, uint32_t l) { slh_put32(a->b, l); }
/* The tree address is 12 bytes; every tree index of the SHAKE sets fits in the low 8. */
/*@ requires \valid(a);
    assigns a->b[4 .. 15]; */
static inline void adrs_set_tree(slh_adrs *a, uint64_t t)
{
    memset(a->b + 4, 0, 4);
    slh_put32(a->b + 8, (uint32_t)(t >> 32));
    slh_put32(a->b + 12, (uint32_t)t);
}
/* setTypeAndClear: the type, and the three words after it zero. */
/*@ requires \valid(a);
    assigns a->b[16 .. 31]; */
static inline void adrs_set_type(slh_adrs *a, enum slh_adrs_type y)
{
    slh_put32(a->b + 16, (uint32_t)y);
    memset(a->b + 20, 0, 12);
}
/*@ requires \valid(a);
    assigns a->b[20 .. 23]; */
static inline void adrs_set_keypair(slh_adrs *a, uint32_t i) { slh_put32(a->b + 20, i); }
/*@ requires \valid_read(a);
    assigns \nothing; */
static inline uint32_t adrs_get_keypair(const slh_adrs *a) { return slh_get32(a->b + 20); }
/*@ requires \valid(a);
    assigns a->b[24 .. 27]; */
static inline void adrs_set_chain(slh_adrs *a, uint32_t i) { slh_put32(a->b + 24, i); }
/*@ requires \valid(a);
    assigns a->b[24 .. 27]; */
static inline void adrs_set_tree_height(slh_adrs *a, uint32_t z) { slh_put32(a->b + 24, z); }
/*@ requires \valid(a);
    assigns a->b[28 .. 31]; */
static inline void adrs_set_hash(slh_adrs *a, uint32_t i) { slh_put32(a->b + 28, i); }
/*@ requires \valid(a);
    assigns a->b[28 .. 31]; */
static inline void adrs_set_tree_index(slh_adrs *a, uint32_t i) { slh_put32(a->b + 28, i); }
/*@ requires \valid_read(a);
    assigns \nothing; */
static inline uint32_t adrs_get_tree_index(const slh_adrs *a) { return slh_get32(a->b + 28); }

#endif

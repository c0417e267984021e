/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_sponge.c - the sponge's bit-granular absorb and padding against a naive model.
 *
 * The model builds the whole padded bit string M || suffix bits || 0* || 1 as an array
 * of bits (FIPS 202 §5.1 pad10*1), then absorbs it block by block with the ref backend.
 * The sponge gets the same message cut into random byte and bit pieces. Every rate, random
 * suffixes and lengths around block boundaries, so each padding corner case is hit.
 */
#include "sponge/sponge.h"
#include "hash/modes.h" /* kf_left_encode, kf_right_encode */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 12345;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int failures, cases;

/* naive sponge: bits[] holds 0/1 values */
static void model(const uint8_t *bits, size_t nbits, unsigned rate, uint8_t suffix, uint8_t *out, size_t outlen)
{
    size_t cap = nbits + 8 + 2 * 8 * rate;
    uint8_t *p = calloc(cap, 1);
    memcpy(p, bits, nbits);
    size_t n = nbits;
    for (int i = 0; suffix >> i; i++) p[n++] = (suffix >> i) & 1; /* top set bit = first 1 of pad */
    while ((n + 1) % (8 * rate)) p[n++] = 0;
    p[n++] = 1;
    _Alignas(32) uint8_t st[200];
    kf_backend_ref.init(st);
    for (size_t blk = 0; blk < n; blk += 8 * rate) {
        uint8_t block[200] = {0};
        for (size_t i = 0; i < 8 * (size_t)rate; i++) block[i / 8] |= (uint8_t)(p[blk + i] << (i % 8));
        kf_backend_ref.add_bytes(st, block, 0, rate);
        kf_backend_ref.permute(st, 24);
    }
    for (size_t o = 0; o < outlen; o += rate) {
        if (o) kf_backend_ref.permute(st, 24);
        size_t take = outlen - o < rate ? outlen - o : rate;
        kf_backend_ref.extract_bytes(st, out + o, 0, take);
    }
    free(p);
}

static void one_case(unsigned rate, size_t nbits, uint8_t suffix)
{
    uint8_t msg[2048], bits[2048 * 8], a[600], b[600];
    size_t nbytes = (nbits + 7) / 8;
    for (size_t i = 0; i < nbytes; i++) msg[i] = (uint8_t)rnd();
    for (size_t i = 0; i < nbits; i++) bits[i] = (msg[i / 8] >> (i % 8)) & 1;
    size_t outlen = rnd() % 500 + 1;
    model(bits, nbits, rate, suffix, a, outlen);

    /* same message as random pieces: some byte-sized through absorb, some bit-sized */
    kf_sponge s;
    kf_sponge_init(&s, &kf_backend_ref, rate, 24, suffix);
    size_t at = 0;
    while (at < nbits) {
        size_t piece = rnd() % 3 == 0 ? rnd() % 20 : rnd() % (3 * rate * 8);
        if (piece > nbits - at) piece = nbits - at;
        uint8_t tmp[2048] = {0};
        for (size_t i = 0; i < piece; i++) tmp[i / 8] |= (uint8_t)(bits[at + i] << (i % 8));
        if (piece % 8 == 0 && rnd() % 2)
            kf_sponge_absorb(&s, tmp, piece / 8);
        else
            kf_sponge_absorb_bits(&s, tmp, piece);
        at += piece;
    }
    size_t got = 0;
    while (got < outlen) {
        size_t take = rnd() % 3 ? rnd() % (outlen - got) + 1 : outlen - got;
        kf_sponge_squeeze(&s, b + got, take);
        got += take;
    }
    cases++;
    if (memcmp(a, b, outlen) != 0) {
        failures++;
        if (failures < 10)
            printf("FAIL rate=%u nbits=%zu suffix=0x%02x outlen=%zu\n", rate, nbits, suffix, outlen);
    }
}

int main(void)
{
    static const uint8_t suffixes[] = {0x01, 0x06, 0x1F, 0x04, 0x07, 0x0B, 0x7F, 0x80, 0xFF, 0x02};
    for (unsigned rate = 8; rate <= 192; rate += 8) {
        for (size_t k = 0; k < sizeof suffixes; k++) {
            /* lengths that put the suffix and the final bit on every side of a block end */
            for (int near = -20; near <= 3; near++) {
                long nb = (long)(8 * rate) + near;
                one_case(rate, (size_t)nb, suffixes[k]);
                if (8 * (long)rate * 2 + near >= 0) one_case(rate, (size_t)(16 * rate + near), suffixes[k]);
            }
            for (int t = 0; t < 6; t++) one_case(rate, rnd() % (4 * 8 * rate), suffixes[k]);
        }
    }
    /* encodings, SP 800-185 §2.3.1 */
    uint8_t e[9];
    int enc_ok = kf_left_encode(e, 0) == 2 && e[0] == 1 && e[1] == 0 &&
                 kf_right_encode(e, 0x100) == 3 && e[0] == 1 && e[1] == 0 && e[2] == 2 &&
                 kf_left_encode(e, ~0ULL) == 9 && e[0] == 8 && e[8] == 0xFF;
    cases++;
    if (!enc_ok) { failures++; printf("FAIL left_encode/right_encode\n"); }
    printf("%d passed, %d failed\n", cases - failures, failures);
    return failures ? 1 : 0;
}

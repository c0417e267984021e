/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_backends_xn.c - every batched (xN) Keccak-p[1600] backend against `ref`.
 *
 * For each batched backend the CPU runs: N random states permuted together for every nr in
 * 1..24, each instance compared lane by lane with `ref` on the same input; add/overwrite/
 * extract at random offsets and lengths on one instance, checking that the other N-1 are
 * untouched; absorb_blocks against add_bytes+permute of `ref`, per instance, for the rates
 * 72..168 in use (plus a few others), with different data and a tail in every instance.
 * permute_from (where a backend has it) against the lanes assembled by hand and ref.
 * On Linux, absorb_blocks and leaves also read blocks that end right before an unmapped page,
 * since vector code that loads whole vectors past the end of a block would fault there.
 * A backend the CPU cannot run is skipped with a message.
 * Arguments (optional): the backend names the build system expects, so a backend added to
 * the library but not to the test list fails here.
 */
#include "keccak/keccak_backend.h"
#define TEST_RNG_SEED 0x2545F4914F6CDD1DULL
#include "test_util.h"
#include "ref_leaf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

#define MAX_N 16
#define MAX_STATE_BYTES (MAX_N * KF_STATE_BYTES)

/* storage for N interleaved states (64-byte aligned, as kf_backend_xn requires) */
typedef struct { _Alignas(64) uint8_t b[MAX_STATE_BYTES]; } states_t;
typedef struct { _Alignas(KF_STATE_ALIGN) uint8_t b[KF_STATE_BYTES]; } state_t;

static uint64_t lane_of(const uint8_t *bytes, unsigned j)
{
    uint64_t v = 0;
    for (int k = 0; k < 8; k++) v |= (uint64_t)bytes[8 * j + k] << (8 * k);
    return v;
}

/* ref's state for every instance, kept beside the backend's as the expected value */
typedef struct { state_t s[MAX_N]; } mirror_t;

static void mirror_set(mirror_t *m, unsigned i, const uint8_t in[200])
{
    kf_backend_ref.init(m->s[i].b);
    kf_backend_ref.overwrite_bytes(m->s[i].b, in, 0, 200);
}

/* Compare every instance of the backend states with the mirror, lane by lane. */
static int same_as_mirror(const kf_backend_xn *b, const states_t *st, const mirror_t *m, const char *what)
{
    for (unsigned i = 0; i < b->n; i++) {
        uint8_t got[200], want[200];
        b->extract_bytes(st->b, i, got, 0, 200);
        kf_backend_ref.extract_bytes(m->s[i].b, want, 0, 200);
        for (unsigned j = 0; j < 25; j++)
            if (lane_of(got, j) != lane_of(want, j)) {
                CHECK(0, "%s: %s: instance %u lane %u (x=%u, y=%u) is %016llx, ref %016llx", b->name, what,
                      i, j, j % 5, j / 5, (unsigned long long)lane_of(got, j), (unsigned long long)lane_of(want, j));
                return 0;
            }
    }
    return 1;
}

/* N random states (a different one per instance), permuted by the backend and by ref. */
static void test_permute(const kf_backend_xn *b)
{
    states_t st;
    mirror_t m;
    char what[64];
    for (unsigned nr = 1; nr <= 24; nr++)
        for (int t = 0; t < 4; t++) {
            b->init(st.b);
            for (unsigned i = 0; i < b->n; i++) {
                uint8_t in[200];
                rnd_bytes(in, sizeof in);
                b->overwrite_bytes(st.b, i, in, 0, 200);
                mirror_set(&m, i, in);
            }
            b->permute(st.b, nr);
            for (unsigned i = 0; i < b->n; i++) kf_backend_ref.permute(m.s[i].b, nr);
            snprintf(what, sizeof what, "permute nr=%u", nr);
            if (!same_as_mirror(b, &st, &m, what)) return;
        }
    /* one instance all-zero, one all-ones, the rest random: lanes must not leak across */
    uint8_t in[200];
    b->init(st.b);
    for (unsigned i = 0; i < b->n; i++) {
        if (i == 0) memset(in, 0, sizeof in);
        else if (i == 1) memset(in, 0xFF, sizeof in);
        else rnd_bytes(in, sizeof in);
        b->overwrite_bytes(st.b, i, in, 0, 200);
        mirror_set(&m, i, in);
    }
    b->permute(st.b, 24);
    for (unsigned i = 0; i < b->n; i++) kf_backend_ref.permute(m.s[i].b, 24);
    same_as_mirror(b, &st, &m, "permute nr=24 (zero/one states)");
}

/* permute_from against ref: every lane from a random template, except lanes dst .. dst+cnt-1
 * of each instance, which take its own lanes src .. src+cnt-1 of the random states; then
 * Keccak-p[1600, nr]. dst, src, cnt cover SLH-DSA's (dst 6-8 from src 0, 2-4 lanes), the
 * edges (cnt 0, a range ending at lane 24, overlapping ranges) and nr 24, 12 and others. */
static void test_permute_from(const kf_backend_xn *b)
{
    static const unsigned cases[][4] = { /* dst, src, cnt, nr */
        {6, 0, 2, 24}, {7, 0, 3, 24}, {8, 0, 4, 24}, {6, 0, 2, 12}, {0, 0, 0, 24}, {20, 3, 5, 24},
        {2, 0, 5, 24}, {0, 2, 5, 24}, {0, 0, 25, 24}, {8, 0, 4, 1}, {8, 0, 4, 13}, {24, 24, 1, 24},
    };
    if (!b->permute_from) return;
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        const unsigned dst = cases[t][0], src = cases[t][1], cnt = cases[t][2], nr = cases[t][3];
        states_t st, tmpl;
        mirror_t m;
        char what[80];
        b->init(st.b);
        b->init(tmpl.b);
        for (unsigned i = 0; i < b->n; i++) {
            uint8_t in[200], tv[200], want[200];
            rnd_bytes(in, sizeof in);
            rnd_bytes(tv, sizeof tv);
            b->overwrite_bytes(st.b, i, in, 0, 200);
            b->overwrite_bytes(tmpl.b, i, tv, 0, 200);
            memcpy(want, tv, sizeof want);
            memcpy(want + 8 * dst, in + 8 * src, 8 * (size_t)cnt);
            mirror_set(&m, i, want);
            kf_backend_ref.permute(m.s[i].b, nr);
        }
        b->permute_from(st.b, tmpl.b, dst, src, cnt, nr);
        snprintf(what, sizeof what, "permute_from dst=%u src=%u cnt=%u nr=%u", dst, src, cnt, nr);
        if (!same_as_mirror(b, &st, &m, what)) return;
    }
}

/* Byte operations on one random instance at random offsets and lengths. */
static void test_bytes(const kf_backend_xn *b)
{
    states_t st;
    mirror_t m;
    b->init(st.b);
    for (unsigned i = 0; i < b->n; i++) {
        uint8_t out[200], zero[200] = {0};
        b->extract_bytes(st.b, i, out, 0, 200);
        CHECK(memcmp(out, zero, 200) == 0, "%s: init is not the zero state (instance %u)", b->name, i);
    }
    for (unsigned i = 0; i < b->n; i++) {
        uint8_t in[200];
        rnd_bytes(in, sizeof in);
        b->overwrite_bytes(st.b, i, in, 0, 200);
        mirror_set(&m, i, in);
    }
    for (int t = 0; t < 3000; t++) {
        unsigned i = (unsigned)(rnd() % b->n);
        size_t off = rnd() % 201, len = rnd() % (201 - off);
        uint8_t data[200];
        rnd_bytes(data, len);
        int op = (int)(rnd() % 3);
        if (op == 0) {
            b->add_bytes(st.b, i, data, off, len);
            kf_backend_ref.add_bytes(m.s[i].b, data, off, len);
        } else if (op == 1) {
            b->overwrite_bytes(st.b, i, data, off, len);
            kf_backend_ref.overwrite_bytes(m.s[i].b, data, off, len);
        } else {
            uint8_t got[201], want[201];
            memset(got, 0xAA, sizeof got);
            memset(want, 0xAA, sizeof want);
            b->extract_bytes(st.b, i, got, off, len);
            kf_backend_ref.extract_bytes(m.s[i].b, want, off, len);
            CHECK(memcmp(got, want, sizeof got) == 0, "%s: extract_bytes(instance %u, off=%zu, len=%zu) differs",
                  b->name, i, off, len);
        }
        if (t % 64 == 0 || op != 2) {
            char what[96];
            snprintf(what, sizeof what, "%s(instance %u, off=%zu, len=%zu)",
                     op == 0 ? "add_bytes" : op == 1 ? "overwrite_bytes" : "extract_bytes", i, off, len);
            if (!same_as_mirror(b, &st, &m, what)) return;
        }
    }
}

/* absorb_blocks against ref's add_bytes + permute, every instance with its own data. */
static void test_absorb_blocks(const kf_backend_xn *b)
{
    static const size_t rates[] = {72, 104, 136, 144, 168, 8, 64, 200};
    static const unsigned nrs[] = {1, 5, 12, 24};
    if (!b->absorb_blocks) return;
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++)
        for (size_t k = 0; k < sizeof nrs / sizeof nrs[0]; k++) {
            size_t rate = rates[r], len = (size_t)(rnd() % 4) * rate + rnd() % rate; /* 0..3 blocks + a tail */
            unsigned nr = nrs[k];
            static uint8_t msg[MAX_N][4 * 200];
            const uint8_t *in[MAX_N];
            states_t st;
            mirror_t m;
            b->init(st.b);
            for (unsigned i = 0; i < b->n; i++) {
                uint8_t init[200];
                rnd_bytes(init, sizeof init);
                b->overwrite_bytes(st.b, i, init, 0, 200);
                mirror_set(&m, i, init);
                rnd_bytes(msg[i], len);
                in[i] = msg[i];
            }
            size_t done = b->absorb_blocks(st.b, nr, rate, in, len);
            CHECK(done == len / rate * rate, "%s: absorb_blocks consumed %zu of %zu (rate %zu)", b->name, done, len, rate);
            for (unsigned i = 0; i < b->n; i++)
                for (size_t p = 0; p + rate <= len; p += rate) {
                    kf_backend_ref.add_bytes(m.s[i].b, msg[i] + p, 0, rate);
                    kf_backend_ref.permute(m.s[i].b, nr);
                }
            char what[64];
            snprintf(what, sizeof what, "absorb_blocks rate=%zu nr=%u len=%zu", rate, nr, len);
            if (!same_as_mirror(b, &st, &m, what)) return;
        }
}

/* The tree modes' leaf operation (issue 24's fused leaf loop) against `ref`: lengths around
 * block boundaries (k blocks, -1/0/+1 byte, a random tail) and around KT's 8 KiB chunk, the
 * rates in use and two others, nr 12 and 24 (and 1, 5, which a backend may decline), several
 * suffixes and output lengths, every instance with its own data at its own address. A
 * backend that declines KT128's parameters (rate 168, nr 12) fails: the fast path would be
 * silently off. */
static void test_leaves(const kf_backend_xn *b)
{
    static const size_t rates[] = {168, 136, 72, 104, 144, 8, 64};
    static const unsigned nrs[] = {12, 24, 1, 5};
    static const uint8_t suffixes[] = {0x0B, 0x1F, 0x06, 0x01, 0x7F};
    enum { MAX_LEN = 8192 + 3 * 200 };
    static uint8_t msg[MAX_N][MAX_LEN + 16];
    if (!b->leaves) return;
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++)
        for (size_t k = 0; k < sizeof nrs / sizeof nrs[0]; k++)
            for (int c = 0; c < 13; c++) {
                size_t rate = rates[r], len;
                unsigned nr = nrs[k];
                if (c < 7) len = (size_t)(c / 2) * rate + (c % 2 ? rnd() % rate : 0) + (c == 6 ? rate - 1 : 0);
                else if (c < 10) len = 8192 + (size_t)(rnd() % (2 * rate)) - rate + (c == 9 ? 0 : 1) * (rnd() % 3);
                /* tails of whole lanes (a backend may take them straight from the input): KT's
                 * 8 KiB leaf, the suffix in the last lane, a random count of lanes */
                else if (c == 10) len = 8192;
                else if (c == 11) len = 3 * rate - 8;
                else len = rate + 8 * (rnd() % (rate / 8));
                if (len > MAX_LEN) len = MAX_LEN;
                uint8_t suffix = suffixes[(r + k + (size_t)c) % sizeof suffixes];
                size_t outlen = 1 + rnd() % rate;
                const uint8_t *in[MAX_N];
                uint8_t got[MAX_N][200], want[200], *out[MAX_N];
                for (unsigned i = 0; i < b->n; i++) {
                    size_t shift = rnd() % 16; /* unaligned inputs too */
                    rnd_bytes(msg[i] + shift, len);
                    in[i] = msg[i] + shift;
                    out[i] = got[i];
                }
                int took = b->leaves(nr, rate, suffix, in, len, out, outlen);
                if (!took) {
                    CHECK(!(rate == 168 && nr == 12), "%s: leaves declined rate 168, nr 12", b->name);
                    continue;
                }
                for (unsigned i = 0; i < b->n; i++) {
                    ref_leaf(rate, nr, suffix, in[i], len, want, outlen);
                    CHECK(memcmp(got[i], want, outlen) == 0, "%s: leaves rate=%zu nr=%u len=%zu suffix=%02x outlen=%zu, instance %u",
                          b->name, rate, nr, len, suffix, outlen, i);
                }
            }
}

/* The xof operation (ML-DSA's ExpandA / ExpandS / ExpandMask streams) against `ref`: SHAKE128's
 * and SHAKE256's rates (which a backend with xof must take at nr 24) and others it may decline,
 * every instance count 1..N, inputs of 0 to 3 blocks (ML-DSA's 34- and 66-byte seeds among
 * them) and of 3 and 8 blocks and more (where avx512-x8 absorbs the whole blocks through its
 * scalar copy before the xof goes on: 3 blocks at 24 rounds, 8 at 12), outputs of 1 byte to 6
 * blocks (a block's end -1/0/+1, ExpandA's 840 and ExpandS's 272 bytes); the outputs of the
 * instances past count must stay untouched. */
static void test_xof(const kf_backend_xn *b)
{
    static const size_t rates[] = {168, 136, 72};
    static const unsigned nrs[] = {24, 12, 1};
    enum { MAX_LEN = 9 * 168 + 8, MAX_OUT = 6 * 168 + 8 };
    static uint8_t msg[MAX_N][MAX_LEN + 16], got[MAX_N][MAX_OUT], want[MAX_OUT];
    if (!b->xof) return;
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++)
        for (size_t k = 0; k < sizeof nrs / sizeof nrs[0]; k++)
            for (unsigned count = 1; count <= b->n; count++)
                for (int c = 0; c < 11; c++) {
                    const size_t rate = rates[r];
                    const unsigned nr = nrs[k];
                    static const size_t lens[] = {0, 34, 66, 1, 135, 136, 168, 169, 0};
                    size_t len = c < 8 ? lens[c] : c == 8 ? rnd() % (3 * rate) : c == 9 ? 3 * rate + rnd() % rate :
                                 8 * rate + rnd() % rate;
                    size_t outlen = c == 0 ? 840 : c == 1 ? 272 : c == 2 ? rate : c == 3 ? rate + 1 :
                                    c == 4 ? rate - 1 : c == 5 ? 1 : c == 6 ? 6 * rate : 1 + rnd() % (6 * rate);
                    const uint8_t suffix = c % 2 ? 0x1F : 0x06;
                    const uint8_t *in[MAX_N];
                    uint8_t *out[MAX_N];
                    for (unsigned i = 0; i < b->n; i++) {
                        size_t shift = rnd() % 16;
                        rnd_bytes(msg[i] + shift, len);
                        in[i] = msg[i] + shift;
                        out[i] = got[i];
                        memset(got[i], 0xA5, sizeof got[i]);
                    }
                    if (!b->xof(nr, rate, suffix, in, len, count, out, outlen, 1)) {
                        CHECK(!(nr == 24 && (rate == 168 || rate == 136)), "%s: xof declined rate %zu, nr 24", b->name,
                              rate);
                        continue;
                    }
                    for (unsigned i = 0; i < b->n; i++) {
                        if (i < count) {
                            ref_leaf(rate, nr, suffix, in[i], len, want, outlen);
                            CHECK(memcmp(got[i], want, outlen) == 0,
                                  "%s: xof rate=%zu nr=%u len=%zu outlen=%zu count=%u, instance %u", b->name, rate, nr,
                                  len, outlen, count, i);
                        }
                        size_t from = i < count ? outlen : 0;
                        int clean = 1;
                        for (size_t q = from; q < sizeof got[i]; q++) clean &= got[i][q] == 0xA5;
                        CHECK(clean, "%s: xof rate=%zu outlen=%zu count=%u wrote past its output, instance %u", b->name,
                              rate, outlen, count, i);
                    }
                }
}

/* xof_strided (avx512-x8): each instance's row of bytes against the reference sponge's, the
 * idle rows written but nothing around the n rows; the parameter sets it declines */
static void test_xof_strided(const kf_backend_xn *b)
{
    enum { BLOCKS = 5, ROW = BLOCKS * 168, GUARD = 64 };
    static uint8_t msg[MAX_N][168], want[ROW];
    static _Alignas(64) uint8_t got[GUARD + MAX_N * ROW + GUARD];
    if (!b->xof_strided) return;
    for (unsigned count = 1; count <= b->n; count++)
        for (int c = 0; c < 5; c++) {
            static const size_t lens[] = {34, 0, 167, 8, 33};
            const size_t len = c < 4 ? lens[c] : rnd() % 168;
            const uint8_t *in[MAX_N];
            for (unsigned i = 0; i < b->n; i++) {
                rnd_bytes(msg[i], len);
                in[i] = msg[i];
            }
            memset(got, 0xA5, sizeof got);
            CHECK(b->xof_strided(24, 168, 0x1F, in, len, count, got + GUARD, ROW, BLOCKS) == 1,
                  "%s: xof_strided declined len %zu", b->name, len);
            for (unsigned i = 0; i < count; i++) {
                ref_leaf(168, 24, 0x1F, in[i], len, want, ROW);
                CHECK(memcmp(got + GUARD + i * ROW, want, ROW) == 0, "%s: xof_strided len=%zu count=%u, instance %u",
                      b->name, len, count, i);
            }
            int clean = 1;
            for (size_t q = 0; q < GUARD; q++) clean &= got[q] == 0xA5 && got[GUARD + b->n * ROW + q] == 0xA5;
            CHECK(clean, "%s: xof_strided wrote outside its %u rows", b->name, b->n);
        }
    static const uint8_t seed[34];
    const uint8_t *in[MAX_N];
    for (unsigned i = 0; i < b->n; i++) in[i] = seed;
    CHECK(b->xof_strided(24, 136, 0x1F, in, 34, 1, got, 680, 5) == 0, "%s: xof_strided took rate 136", b->name);
    CHECK(b->xof_strided(24, 168, 0x1F, in, 168, 1, got, ROW, BLOCKS) == 0, "%s: xof_strided took len 168", b->name);
    CHECK(b->xof_strided(24, 168, 0x1F, in, 34, 1, got, ROW, 4) == 0, "%s: xof_strided took 4 blocks", b->name);
    CHECK(b->xof_strided(12, 168, 0x1F, in, 34, 1, got, ROW, BLOCKS) == 0, "%s: xof_strided took 12 rounds", b->name);
}

/* xof_side (avx512-x9, avx2-x4): the instances as test_xof checks them, and the side state against
 * `ref`: the side blocks xored in and permuted one per permutation of the call (an output of
 * outlen bytes makes ceil(outlen / rate) of them), as many as there are blocks and
 * permutations; the blocks left and the input pointer say how far it got. */
static void test_xof_side(const kf_backend_xn *b)
{
    static const size_t rates[] = {168, 136};
    enum { MAX_OUT = 6 * 168 + 8 };
    static uint8_t msg[MAX_N][200], got[MAX_N][MAX_OUT], want[MAX_OUT], side_in[25 * 136];
    if (!b->xof_side) return;
    for (size_t r = 0; r < 2; r++)
        for (int c = 0; c < 40; c++) {
            const size_t rate = rates[r], len = c % 4 == 0 ? 0 : c % 4 == 1 ? 34 : c % 4 == 2 ? 66 : rnd() % rate;
            const size_t outlen = c % 5 == 0 ? 840 : c % 5 == 1 ? 272 : 1 + rnd() % (6 * rate);
            /* avx2-x4 (n = 4) takes the side on a partial group's free lane: counts 1-3 and 5-7 */
            const unsigned cmax = b->n == 4 ? 6 : b->n - 1 < 8 ? b->n - 1 : 8;
            unsigned count = 1 + (unsigned)(rnd() % cmax);
            if (b->n == 4 && count >= 4) count++;
            const unsigned perms = (unsigned)((outlen + rate - 1) / rate);
            const size_t blocks = rnd() % 9, side_rate = c & 1 ? 136 : 72;
            const unsigned ni = count > b->n ? count : b->n; /* instances set up and checked */
            const uint8_t *in[MAX_N];
            uint8_t *out[MAX_N];
            for (unsigned i = 0; i < ni; i++) {
                rnd_bytes(msg[i], len);
                in[i] = msg[i];
                out[i] = got[i];
                memset(got[i], 0xA5, sizeof got[i]);
            }
            rnd_bytes(side_in, sizeof side_in);
            kf_xn_side side;
            uint8_t ref_state[200];
            rnd_bytes(ref_state, sizeof ref_state);
            for (unsigned j = 0; j < 25; j++) side.lanes[j] = lane_of(ref_state, j);
            side.in = side_in;
            side.rate = side_rate;
            side.blocks = blocks;
            if (!b->xof_side(24, rate, 0x1F, in, len, count, out, outlen, c & 2, &side)) {
                CHECK(0, "%s: xof_side declined rate %zu", b->name, rate);
                continue;
            }
            for (unsigned i = 0; i < ni; i++) {
                if (i < count) {
                    ref_leaf(rate, 24, 0x1F, in[i], len, want, outlen);
                    CHECK(memcmp(got[i], want, outlen) == 0, "%s: xof_side rate=%zu len=%zu outlen=%zu, instance %u",
                          b->name, rate, len, outlen, i);
                }
                int clean = 1;
                for (size_t q = i < count ? outlen : 0; q < sizeof got[i]; q++) clean &= got[i][q] == 0xA5;
                CHECK(clean, "%s: xof_side wrote past its output, instance %u", b->name, i);
            }
            const size_t used = blocks < perms ? blocks : perms;
            uint8_t st[200];
            kf_backend_ref.init(st);
            kf_backend_ref.overwrite_bytes(st, ref_state, 0, 200);
            for (size_t k = 0; k < used; k++) {
                kf_backend_ref.add_bytes(st, side_in + k * side_rate, 0, side_rate);
                kf_backend_ref.permute(st, 24);
            }
            uint8_t want_state[200];
            kf_backend_ref.extract_bytes(st, want_state, 0, 200);
            int same = 1;
            for (unsigned j = 0; j < 25; j++) same &= side.lanes[j] == lane_of(want_state, j);
            CHECK(same && side.blocks == blocks - used && side.in == side_in + used * side_rate,
                  "%s: xof_side's side state, rate %zu, %zu blocks over %u permutations", b->name, side_rate, blocks,
                  perms);
        }
}

#if defined(__linux__)
/* Every instance's message ends exactly where an inaccessible page starts. */
static void test_absorb_page_end(const kf_backend_xn *b)
{
    static const size_t rates[] = {72, 104, 136, 144, 168, 8};
    long page = sysconf(_SC_PAGESIZE);
    if (!b->absorb_blocks || page <= 0) return;
    size_t psz = (size_t)page, map_len = (MAX_N + 1) * 2 * psz;
    uint8_t *map = mmap(NULL, map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) return;
    /* instance i owns pages 2i (data) and 2i+1 (guard) */
    for (unsigned i = 0; i < b->n; i++) mprotect(map + (2 * i + 1) * psz, psz, PROT_NONE);
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++) {
        size_t rate = rates[r], len = 2 * rate;
        const uint8_t *in[MAX_N];
        states_t st;
        mirror_t m;
        b->init(st.b);
        for (unsigned i = 0; i < b->n; i++) {
            uint8_t *msg = map + (2 * i + 1) * psz - len;
            rnd_bytes(msg, len);
            in[i] = msg;
            kf_backend_ref.init(m.s[i].b);
        }
        size_t done = b->absorb_blocks(st.b, 24, rate, in, len);
        CHECK(done == len, "%s: absorb_blocks at a page end consumed %zu of %zu", b->name, done, len);
        for (unsigned i = 0; i < b->n; i++)
            for (size_t p = 0; p < len; p += rate) {
                kf_backend_ref.add_bytes(m.s[i].b, in[i] + p, 0, rate);
                kf_backend_ref.permute(m.s[i].b, 24);
            }
        char what[64];
        snprintf(what, sizeof what, "absorb_blocks at a page end, rate=%zu", rate);
        if (!same_as_mirror(b, &st, &m, what)) break;
    }
    munmap(map, map_len);
}

/* The leaves operation with every instance's message ending exactly where an inaccessible page
 * starts: lengths with and without a partial last lane, whole blocks, a lone last block. */
static void test_leaves_page_end(const kf_backend_xn *b)
{
    static const size_t rates[] = {168, 136, 72};
    static const unsigned nrs[] = {12, 24};
    long page = sysconf(_SC_PAGESIZE);
    if (!b->leaves || page <= 0) return;
    size_t psz = (size_t)page, map_len = (MAX_N + 1) * 2 * psz;
    uint8_t *map = mmap(NULL, map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) return;
    for (unsigned i = 0; i < b->n; i++) mprotect(map + (2 * i + 1) * psz, psz, PROT_NONE);
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++)
        for (size_t k = 0; k < sizeof nrs / sizeof nrs[0]; k++)
            for (int c = 0; c < 8; c++) {
                size_t rate = rates[r];
                const size_t lens[8] = {0, 1, 7, 9, rate - 1, rate, 2 * rate + 8, 3 * rate + 5 + rnd() % 8};
                size_t len = lens[c], outlen = 1 + rnd() % rate;
                const uint8_t *in[MAX_N];
                uint8_t got[MAX_N][200], want[200], *out[MAX_N];
                for (unsigned i = 0; i < b->n; i++) {
                    uint8_t *msg = map + (2 * i + 1) * psz - len;
                    rnd_bytes(msg, len);
                    in[i] = msg;
                    out[i] = got[i];
                }
                if (!b->leaves(nrs[k], rate, 0x1F, in, len, out, outlen)) continue;
                for (unsigned i = 0; i < b->n; i++) {
                    ref_leaf(rate, nrs[k], 0x1F, in[i], len, want, outlen);
                    CHECK(memcmp(got[i], want, outlen) == 0, "%s: leaves at a page end rate=%zu nr=%u len=%zu, instance %u",
                          b->name, rate, nrs[k], len, i);
                }
            }
    munmap(map, map_len);
}
#else
static void test_absorb_page_end(const kf_backend_xn *b) { (void)b; }
static void test_leaves_page_end(const kf_backend_xn *b) { (void)b; }
#endif

int main(int argc, char **argv)
{
    const kf_backend_xn *all[64];
    size_t n = kf_backend_xn_all(all, 64);
    int passed = 0, failed = 0, skipped = 0;

    for (size_t k = 0; k < n && k < 64; k++) {
        const kf_backend_xn *b = all[k];
        int listed = 0;
        for (int a = 1; a < argc; a++) listed |= strcmp(argv[a], b->name) == 0;
        CHECK(argc < 2 || listed, "batched backend %s is in the library but not in the test list", b->name);
        if (b->n < 1 || b->n > MAX_N || b->state_bytes < (size_t)b->n * KF_STATE_BYTES ||
            b->state_bytes > MAX_STATE_BYTES) {
            CHECK(0, "%s: n=%u state_bytes=%zu out of the range this test handles", b->name, b->n, b->state_bytes);
            failed++;
            continue;
        }
        /* kf_backend_xn_for's contract (keccak_backend.h), which unit proof_sponge_xn assumes:
         * n >= 2 and state_bytes <= 200 n, so that kf_sponge_xn_plan's groups fit KF_XN_STORAGE;
         * an interleaved table's states are 25 words each, state_bytes = 200 n (SLH-DSA's rows
         * size their templates and scratch by it) */
        if (b->n < 2 || b->state_bytes > (size_t)b->n * KF_STATE_BYTES ||
            (b->interleaved && b->state_bytes != (size_t)b->n * KF_STATE_BYTES)) {
            CHECK(0, "%s: n=%u state_bytes=%zu interleaved=%d breaks kf_backend_xn_for's contract (n >= 2, "
                  "state_bytes <= 200 n, = 200 n if interleaved)", b->name, b->n, b->state_bytes, b->interleaved);
            failed++;
            continue;
        }
        if (!kf_backend_xn_runnable(b)) {
            printf("skip %-14s (this CPU lacks what it needs)\n", b->name);
            skipped++;
            continue;
        }
        int before = failures;
        test_permute(b);
        test_bytes(b);
        test_absorb_blocks(b);
        test_absorb_page_end(b);
        test_permute_from(b);
        test_leaves(b);
        test_leaves_page_end(b);
        test_xof(b);
        test_xof_side(b);
        test_xof_strided(b);
        printf("%-4s %-14s x%u: permute nr=1..24, bytes in/out, absorb_blocks%s, permute_from%s%s%s%s%s\n",
               failures == before ? "ok" : "FAIL", b->name, b->n, b->absorb_blocks ? "" : " (none)",
               b->permute_from ? "" : " (none)", b->leaves ? ", leaves" : "", b->xof ? ", xof" : "",
               b->xof_side ? ", xof_side" : "", b->xof_strided ? ", xof_strided" : "");
        if (failures == before) passed++; else failed++;
    }
    for (int a = 1; a < argc; a++) {
        int found = 0;
        for (size_t k = 0; k < n && k < 64; k++) found |= strcmp(argv[a], all[k]->name) == 0;
        CHECK(found, "test list names %s, which the library lacks", argv[a]);
    }
    if (failures && !failed) failed++; /* a listing mismatch, not a backend */
    printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    return failures ? 1 : 0;
}

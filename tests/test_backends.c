/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_backends.c - every x1 Keccak-p[1600] backend against `ref`.
 *
 * For each backend the CPU runs: random (never all-zero) states for every nr in 1..24;
 * add/overwrite/extract at random offsets and lengths; absorb_blocks against add+permute
 * for every rate in use; the public kf_keccak_p1600 on 64-bit lanes with the backend
 * selected, against ref on the lanes' little-endian bytes. Arguments: the backend names the build system expects, so a
 * backend added to the library but not to the test list fails here.
 */
#include "keccak/keccak_backend.h"
#include "keccakforge.h"
#include "test_util.h"

#include <stdio.h>
#include <string.h>

typedef struct { _Alignas(KF_STATE_ALIGN) uint8_t b[KF_STATE_BYTES]; } state_t;

/* run b and ref from the same bytes, compare the bytes after */
static void same_permutation(const kf_backend *b, const uint8_t in[200], unsigned nr)
{
    state_t sb, sr;
    uint8_t ob[200], or_[200];
    b->init(sb.b);
    b->overwrite_bytes(sb.b, in, 0, 200);
    kf_backend_ref.init(sr.b);
    kf_backend_ref.overwrite_bytes(sr.b, in, 0, 200);
    b->permute(sb.b, nr);
    kf_backend_ref.permute(sr.b, nr);
    b->extract_bytes(sb.b, ob, 0, 200);
    kf_backend_ref.extract_bytes(sr.b, or_, 0, 200);
    CHECK(memcmp(ob, or_, 200) == 0, "%s: permute nr=%u differs from ref", b->name, nr);
}

static void test_permute(const kf_backend *b)
{
    uint8_t in[200];
    for (unsigned nr = 1; nr <= 24; nr++)
        for (int t = 0; t < 20; t++) {
            rnd_bytes(in, sizeof in);
            same_permutation(b, in, nr);
        }
    /* the all-zero and all-one states too, for the record (zero alone hides bugs) */
    memset(in, 0, sizeof in);
    same_permutation(b, in, 24);
    memset(in, 0xFF, sizeof in);
    same_permutation(b, in, 24);
}

static void test_bytes(const kf_backend *b)
{
    for (int t = 0; t < 2000; t++) {
        state_t sb, sr;
        uint8_t init[200], data[200], ob[200], or_[200];
        rnd_bytes(init, sizeof init);
        b->init(sb.b);
        kf_backend_ref.init(sr.b);
        b->overwrite_bytes(sb.b, init, 0, 200);
        kf_backend_ref.overwrite_bytes(sr.b, init, 0, 200);
        size_t off = rnd() % 201, len = rnd() % (201 - off);
        rnd_bytes(data, len);
        if (t & 1) {
            b->add_bytes(sb.b, data, off, len);
            kf_backend_ref.add_bytes(sr.b, data, off, len);
        } else {
            b->overwrite_bytes(sb.b, data, off, len);
            kf_backend_ref.overwrite_bytes(sr.b, data, off, len);
        }
        size_t xo = rnd() % 201, xl = rnd() % (201 - xo);
        memset(ob, 0xAA, sizeof ob);
        memset(or_, 0xAA, sizeof or_);
        b->extract_bytes(sb.b, ob, xo, xl);
        kf_backend_ref.extract_bytes(sr.b, or_, xo, xl);
        CHECK(memcmp(ob, or_, 200) == 0, "%s: %s(off=%zu,len=%zu) then extract(%zu,%zu) differs",
              b->name, t & 1 ? "add_bytes" : "overwrite_bytes", off, len, xo, xl);
        b->init(sb.b);
        b->extract_bytes(sb.b, ob, 0, 200);
        memset(or_, 0, sizeof or_);
        CHECK(memcmp(ob, or_, 200) == 0, "%s: init is not the zero state", b->name);
    }
}

static void test_absorb_blocks(const kf_backend *b)
{
    /* every rate the contract allows (a multiple of 8 up to 200): the backends that keep
     * lanes in pairs or rows load a block's last register partly, at rates not aligned to it */
    if (!b->absorb_blocks) return;
    for (size_t rate = 8; rate <= 200; rate += 8)
        for (unsigned nr = 1; nr <= 24; nr += (nr < 12 ? 11 : 12)) { /* 1, 12, 24 */
            size_t len = rnd() % (5 * rate) + rate;
            uint8_t msg[6 * 200], init[200], ob[200], or_[200];
            state_t sb, sr;
            rnd_bytes(msg, len);
            rnd_bytes(init, sizeof init);
            b->init(sb.b);
            b->overwrite_bytes(sb.b, init, 0, 200);
            kf_backend_ref.init(sr.b);
            kf_backend_ref.overwrite_bytes(sr.b, init, 0, 200);
            size_t done = b->absorb_blocks(sb.b, nr, rate, msg, len);
            CHECK(done == len / rate * rate, "%s: absorb_blocks consumed %zu of %zu (rate %zu)",
                  b->name, done, len, rate);
            for (size_t i = 0; i + rate <= len; i += rate) {
                kf_backend_ref.add_bytes(sr.b, msg + i, 0, rate);
                kf_backend_ref.permute(sr.b, nr);
            }
            b->extract_bytes(sb.b, ob, 0, 200);
            kf_backend_ref.extract_bytes(sr.b, or_, 0, 200);
            CHECK(memcmp(ob, or_, 200) == 0, "%s: absorb_blocks rate=%zu nr=%u differs", b->name, rate, nr);
        }
}

/* kf_keccak_p1600 (uint64_t lanes, lane i = x + 5y) with b selected, against ref on the
 * lanes' bytes in FIPS 202 order (lane i is bytes 8i..8i+7, least significant first) */
static void test_public_api(const kf_backend *b)
{
    CHECK(kf_backend_select(b->name) == KF_OK, "%s: kf_backend_select failed", b->name);
    for (unsigned nr = 1; nr <= 24; nr++)
        for (int t = 0; t < 5; t++) {
            uint64_t lanes[25];
            uint8_t bytes[200], want[200];
            state_t sr;
            rnd_bytes(bytes, sizeof bytes);
            for (int i = 0; i < 25; i++) {
                lanes[i] = 0;
                for (int j = 0; j < 8; j++) lanes[i] |= (uint64_t)bytes[8 * i + j] << (8 * j);
            }
            kf_backend_ref.init(sr.b);
            kf_backend_ref.overwrite_bytes(sr.b, bytes, 0, 200);
            kf_backend_ref.permute(sr.b, nr);
            kf_backend_ref.extract_bytes(sr.b, want, 0, 200);
            CHECK(kf_keccak_p1600(lanes, nr) == KF_OK, "%s: kf_keccak_p1600 failed", b->name);
            int same = 1;
            for (int i = 0; i < 25; i++)
                for (int j = 0; j < 8; j++) same &= (uint8_t)(lanes[i] >> (8 * j)) == want[8 * i + j];
            CHECK(same, "%s: kf_keccak_p1600 nr=%u differs from ref", b->name, nr);
        }
}

int main(int argc, char **argv)
{
    const kf_backend *all[64];
    size_t n = kf_backend_all(all, 64);
    int passed = 0, failed = 0, skipped = 0;

    for (size_t i = 0; i < n; i++) {
        int listed = 0;
        for (int a = 1; a < argc; a++) listed |= strcmp(argv[a], all[i]->name) == 0;
        CHECK(argc < 2 || listed, "backend %s is in the library but not in the test list", all[i]->name);
        for (unsigned bit = 0; bit < 32; bit++) /* every feature a backend requires has its name */
            CHECK(!(all[i]->requires >> bit & 1) || kf_cpu_feature_name(1u << bit),
                  "backend %s requires feature bit %u, which has no name", all[i]->name, bit);
        if (!kf_backend_runnable(all[i])) {
            printf("skip %-14s (this CPU lacks what it needs)\n", all[i]->name);
            skipped++;
            continue;
        }
        int before = failures;
        test_permute(all[i]);
        test_bytes(all[i]);
        test_absorb_blocks(all[i]);
        test_public_api(all[i]);
        printf("%-4s %-14s permute nr=1..24, bytes in/out, absorb_blocks%s, kf_keccak_p1600\n",
               failures == before ? "ok" : "FAIL", all[i]->name, all[i]->absorb_blocks ? "" : " (none)");
        if (failures == before) passed++; else failed++;
    }
    for (int a = 1; a < argc; a++)
        CHECK(kf_backend_by_name(argv[a]) != NULL, "test list names %s, which the library lacks", argv[a]);
    if (failures && !failed) failed++; /* a listing mismatch, not a backend */
    printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    return failures ? 1 : 0;
}

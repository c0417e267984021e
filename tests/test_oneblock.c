/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_oneblock.c - the one-block fast paths (issue 24) against the generic sponge.
 *
 *   1. Backends: for every x1 backend this CPU runs, kf_sponge_oneblock, the backend's own
 *      oneblock operation (where it has one) and kf_sponge_oneblock_generic on that backend,
 *      against the context sponge (kf_sponge_init / absorb / squeeze) on ref: every rate and
 *      round count the library uses, several suffixes, every message length 0 .. rate - 1,
 *      outputs of 0 .. rate bytes. The message ends right before an unmapped page and, in a
 *      second copy, starts right after one, so a read outside it faults; the bytes after the
 *      output must stay untouched.
 *   2. Public API: with each x1 backend selected, every one-shot call (SHA3-224..512, legacy
 *      Keccak-256/512, kf_hash, SHAKE128/256, TurboSHAKE128/256, KT128/KT256 with
 *      customization strings) against the incremental calls, which take the context path, at
 *      every length 0 .. rate + 1 (so both sides of the block boundary), XOF outputs below, at
 *      and above the rate; KT also around the 8192-byte chunk, where the single node ends.
 *   3. Batched API: with each batched backend selected (and "x1"), kf_batch_hash and
 *      kf_batch_hash_equal at every length 0 .. rate + 1, equal and mixed lengths, against
 *      the incremental x1 calls.
 *   4. Batched backends: each one's oneblock operation (where it has one) with 1 .. N live
 *      instances of lengths of their own, next to unmapped pages as in 1, every parameter set
 *      of 1, against ref; idle instances' outputs and the bytes after each output untouched.
 * Last line: "N passed, N failed".
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "keccakforge.h"
#include "sponge/sponge.h"
#define TEST_OWN_CHECK
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#define HAVE_GUARD_PAGES 1
#endif

static unsigned long passed, failed;
static const char *context = "";
#define CHECK(cond, ...) do { if (cond) passed++; else { failed++; if (failed < 40) { \
    printf("FAIL %s:%d [%s]: ", __FILE__, __LINE__, context); printf(__VA_ARGS__); printf("\n"); } } } while (0)

/* ---- messages next to unmapped pages ------------------------------------------------------ */

#define MSG_MAX 256
static uint8_t *msg_end;   /* MSG_MAX bytes before an unmapped page */
static uint8_t *msg_start; /* MSG_MAX bytes right after an unmapped page */

static void setup_guards(void)
{
#ifdef HAVE_GUARD_PAGES
    long psz = sysconf(_SC_PAGESIZE);
    uint8_t *map = mmap(NULL, 4 * (size_t)psz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map != MAP_FAILED && mprotect(map + psz, (size_t)psz, PROT_NONE) == 0 &&
        mprotect(map + 3 * psz, (size_t)psz, PROT_NONE) == 0) {
        msg_end = map + psz - MSG_MAX;   /* page 0's last bytes, page 1 unmapped */
        msg_start = map + 2 * psz;       /* page 2's first bytes, page 1 unmapped before it */
        return;
    }
#endif
    static uint8_t a[MSG_MAX], b[MSG_MAX];
    msg_end = a;
    msg_start = b;
}

/* ---- 1. backends ------------------------------------------------------------------------- */

typedef struct params {
    const char *name;
    unsigned rate, nr;
    uint8_t suffix;
} params;

static const params sponge_params[] = {
    {"sha3-224", 144, 24, 0x06}, {"sha3-256", 136, 24, 0x06}, {"sha3-384", 104, 24, 0x06},
    {"sha3-512", 72, 24, 0x06},  {"shake128", 168, 24, 0x1F}, {"shake256", 136, 24, 0x1F},
    {"keccak", 136, 24, 0x01},   {"keccak512", 72, 24, 0x01}, {"turboshake128", 168, 12, 0x01},
    {"turboshake128", 168, 12, 0x07}, {"turboshake128", 168, 12, 0x0B}, {"turboshake256", 136, 12, 0x1F},
    {"turboshake256", 136, 12, 0x7F}, {"p[1600,1]", 8, 1, 0x41},
};

static void generic_on_ref(const params *p, const uint8_t *in, size_t len, uint8_t *out, size_t outlen)
{
    kf_sponge s;
    kf_sponge_init(&s, &kf_backend_ref, p->rate, p->nr, p->suffix);
    kf_sponge_absorb(&s, in, len);
    kf_sponge_squeeze(&s, out, outlen);
}

/* outlen for case k of a length: 0, 1, a partial lane, a whole lane, the rate, random */
static size_t pick_outlen(unsigned rate, unsigned k)
{
    switch (k % 6) {
    case 0: return 0;
    case 1: return 1;
    case 2: return 7 < rate ? 7 : rate;
    case 3: return rate;
    case 4: return rate / 2 + 3 <= rate ? rate / 2 + 3 : rate;
    default: return rnd_below(rate + 1);
    }
}

static void check_backends(void)
{
    const kf_backend *all[64];
    size_t nb = kf_backend_all(all, 64);
    if (nb > 64) nb = 64;
    for (size_t pi = 0; pi < sizeof sponge_params / sizeof sponge_params[0]; pi++) {
        const params *p = &sponge_params[pi];
        for (size_t len = 0; len < p->rate; len++)
            for (unsigned k = 0; k < 2; k++) {
                uint8_t want[200], got[3][200 + 8];
                size_t outlen = pick_outlen(p->rate, (unsigned)len + 3 * k);
                int at_start = k == 1;
                uint8_t *m = at_start ? msg_start : msg_end + MSG_MAX - len;
                rnd_bytes(m, len);
                generic_on_ref(p, m, len, want, outlen);
                for (size_t bi = 0; bi < nb; bi++) {
                    const kf_backend *b = all[bi];
                    if (!kf_backend_runnable(b)) continue;
                    context = b->name;
                    memset(got, 0xA5, sizeof got);
                    kf_sponge_oneblock(b, p->rate, p->nr, p->suffix, m, len, got[0], outlen);
                    kf_sponge_oneblock_generic(b, p->rate, p->nr, p->suffix, m, len, got[1], outlen);
                    if (b->oneblock) b->oneblock(p->nr, p->rate, p->suffix, m, len, got[2], outlen);
                    else memcpy(got[2], got[0], sizeof got[2]);
                    for (int v = 0; v < 3; v++) {
                        static const char *const what[3] = {"kf_sponge_oneblock", "generic", "backend op"};
                        int tail_ok = 1;
                        for (size_t t = outlen; t < outlen + 8; t++) tail_ok &= got[v][t] == 0xA5;
                        CHECK(memcmp(got[v], want, outlen) == 0 && tail_ok,
                              "%s %s: len %zu outlen %zu (%s of the page)%s", what[v], p->name, len, outlen,
                              at_start ? "start" : "end", tail_ok ? "" : ": wrote past the output");
                    }
                }
            }
    }
}

/* ---- 2. public API ------------------------------------------------------------------------ */

static uint8_t big[3 * 8192];

/* one-shot fixed-length hash vs kf_hash_init/update/final */
static void check_hash(kf_hash_alg alg, int (*fn)(uint8_t *, const void *, size_t), const char *name)
{
    size_t digest = kf_hash_size(alg), rate = 200 - 2 * digest;
    for (size_t len = 0; len <= rate + 1; len++) {
        uint8_t want[64], a[64 + 8], b[64 + 8];
        kf_hash_ctx c;
        const uint8_t *m = len <= MSG_MAX ? msg_end + MSG_MAX - len : big;
        if (len <= MSG_MAX) rnd_bytes(msg_end + MSG_MAX - len, len);
        int rc = kf_hash_init(&c, alg);
        if (rc == KF_OK) rc = kf_hash_update(&c, m, len);
        if (rc == KF_OK) rc = kf_hash_final(&c, want, digest);
        memset(a, 0xA5, sizeof a);
        memset(b, 0xA5, sizeof b);
        int ra = fn(a, m, len), rb = kf_hash(alg, b, sizeof b, m, len);
        CHECK(rc == KF_OK && ra == KF_OK && rb == KF_OK && memcmp(a, want, digest) == 0 &&
              memcmp(b, want, digest) == 0 && a[digest] == 0xA5 && b[digest] == 0xA5,
              "%s: len %zu: one-shot differs from init/update/final", name, len);
    }
}

typedef int (*xof_init_fn)(kf_xof_ctx *, uint8_t domain);
static int shake128_init_d(kf_xof_ctx *c, uint8_t d) { (void)d; return kf_shake128_init(c); }
static int shake256_init_d(kf_xof_ctx *c, uint8_t d) { (void)d; return kf_shake256_init(c); }
static int shake128_d(uint8_t *o, size_t ol, const void *in, size_t n, uint8_t d) { (void)d; return kf_shake128(o, ol, in, n); }
static int shake256_d(uint8_t *o, size_t ol, const void *in, size_t n, uint8_t d) { (void)d; return kf_shake256(o, ol, in, n); }

/* one-shot XOF vs init/absorb/squeeze, outputs below, at and above the rate */
static void check_xof(xof_init_fn init, int (*fn)(uint8_t *, size_t, const void *, size_t, uint8_t), size_t rate,
                      uint8_t domain, const char *name)
{
    for (size_t len = 0; len <= rate + 1; len++) {
        const size_t outs[4] = {32, rate, rate + 1, 2 * rate + 5};
        size_t outlen = outs[len % 4];
        uint8_t want[400], got[400 + 8];
        kf_xof_ctx c;
        uint8_t *m = msg_end + MSG_MAX - len;
        rnd_bytes(m, len);
        int rc = init(&c, domain);
        if (rc == KF_OK) rc = kf_xof_absorb(&c, m, len);
        if (rc == KF_OK) rc = kf_xof_squeeze(&c, want, outlen);
        memset(got, 0xA5, sizeof got);
        int rg = fn(got, outlen, m, len, domain);
        CHECK(rc == KF_OK && rg == KF_OK && memcmp(got, want, outlen) == 0 && got[outlen] == 0xA5,
              "%s(D=0x%02x): len %zu outlen %zu: one-shot differs from init/absorb/squeeze", name, domain, len,
              outlen);
    }
}

/* KT one-shot vs kf_kt_init/update/final/squeeze (the context, tree-capable path) */
static void kt_case(kf_kt_variant v, const uint8_t *m, size_t len, const uint8_t *cust, size_t clen, size_t outlen)
{
    uint8_t want[400], got[400 + 8];
    kf_kt_ctx c;
    int rc = kf_kt_init(&c, v);
    if (rc == KF_OK) rc = kf_kt_update(&c, m, len);
    if (rc == KF_OK) rc = kf_kt_final(&c, cust, clen);
    if (rc == KF_OK) rc = kf_kt_squeeze(&c, want, outlen);
    memset(got, 0xA5, sizeof got);
    int rg = v == KF_KT128 ? kf_kt128(got, outlen, m, len, cust, clen) : kf_kt256(got, outlen, m, len, cust, clen);
    CHECK(rc == KF_OK && rg == KF_OK && memcmp(got, want, outlen) == 0 && got[outlen] == 0xA5,
          "kt%s: len %zu custom %zu outlen %zu: one-shot differs from the incremental calls",
          v == KF_KT128 ? "128" : "256", len, clen, outlen);
}

static void check_kt(kf_kt_variant v)
{
    static const size_t custs[] = {0, 1, 5, 40, 300};
    size_t rate = v == KF_KT128 ? 168 : 136;
    uint8_t cust[300];
    rnd_bytes(cust, sizeof cust);
    for (size_t ci = 0; ci < sizeof custs / sizeof custs[0]; ci++)
        for (size_t len = 0; len <= rate + 1; len++) {
            const size_t outs[3] = {32, rate, rate + 1};
            uint8_t *m = msg_end + MSG_MAX - len;
            rnd_bytes(m, len);
            kt_case(v, m, len, cust, custs[ci], outs[(len + ci) % 3]);
        }
    /* |S| = |M| + |C| + |length_encode(|C|)| around 8192: the single node ends at 8192 */
    for (size_t len = 8192 - 4; len <= 8192 + 2; len++)
        for (size_t ci = 0; ci < 3; ci++) kt_case(v, big, len, cust, custs[ci], 32);
}

static void check_api(void)
{
    rnd_bytes(big, sizeof big);
    const char *names[64];
    size_t n = kf_backend_list(names, 64);
    for (size_t i = 0; i < n && i < 64; i++) {
        context = names[i];
        CHECK(kf_backend_select(names[i]) == KF_OK, "select %s", names[i]);
        check_hash(KF_SHA3_224, kf_sha3_224, "sha3-224");
        check_hash(KF_SHA3_256, kf_sha3_256, "sha3-256");
        check_hash(KF_SHA3_384, kf_sha3_384, "sha3-384");
        check_hash(KF_SHA3_512, kf_sha3_512, "sha3-512");
        check_hash(KF_KECCAK256_LEGACY, kf_keccak256_legacy, "keccak256");
        check_hash(KF_KECCAK512_LEGACY, kf_keccak512_legacy, "keccak512");
        check_xof(shake128_init_d, shake128_d, 168, 0x1F, "shake128");
        check_xof(shake256_init_d, shake256_d, 136, 0x1F, "shake256");
        static const uint8_t domains[] = {0x01, 0x07, 0x1F, 0x7F};
        for (size_t d = 0; d < sizeof domains; d++) {
            check_xof(kf_turboshake128_init, kf_turboshake128, 168, domains[d], "turboshake128");
            check_xof(kf_turboshake256_init, kf_turboshake256, 136, domains[d], "turboshake256");
        }
        check_kt(KF_KT128);
        check_kt(KF_KT256);
    }
    if (n) kf_backend_select(names[0]); /* back to the best (the list is in rank order) */
}

/* ---- 3. batched API ------------------------------------------------------------------------ */

static int x1_incremental(kf_batch_alg a, uint8_t *out, size_t outlen, const uint8_t *in, size_t len)
{
    kf_xof_ctx x;
    kf_hash_ctx h;
    int rc;
    switch (a) {
    case KF_BATCH_SHA3_256:
    case KF_BATCH_SHA3_512:
        rc = kf_hash_init(&h, a == KF_BATCH_SHA3_256 ? KF_SHA3_256 : KF_SHA3_512);
        if (rc == KF_OK) rc = kf_hash_update(&h, in, len);
        return rc == KF_OK ? kf_hash_final(&h, out, outlen) : rc;
    case KF_BATCH_SHAKE128: rc = kf_shake128_init(&x); break;
    case KF_BATCH_SHAKE256: rc = kf_shake256_init(&x); break;
    case KF_BATCH_TURBOSHAKE128: rc = kf_turboshake128_init(&x, 0x1F); break;
    default: rc = kf_turboshake256_init(&x, 0x1F); break;
    }
    if (rc == KF_OK) rc = kf_xof_absorb(&x, in, len);
    return rc == KF_OK ? kf_xof_squeeze(&x, out, outlen) : rc;
}

static void check_batch(void)
{
    static const kf_batch_alg algs[] = {KF_BATCH_SHA3_256, KF_BATCH_SHA3_512, KF_BATCH_SHAKE128,
                                        KF_BATCH_SHAKE256, KF_BATCH_TURBOSHAKE128, KF_BATCH_TURBOSHAKE256};
    const char *names[32];
    size_t nb = kf_backend_batch_list(names, 32);
    if (nb > 31) nb = 31;
    names[nb++] = "x1";
    for (size_t bi = 0; bi < nb; bi++) {
        context = names[bi];
        CHECK(kf_backend_select(names[bi]) == KF_OK, "select %s", names[bi]);
        for (size_t ai = 0; ai < sizeof algs / sizeof algs[0]; ai++) {
            kf_batch_alg a = algs[ai];
            size_t rate = kf_batch_rate(a);
            size_t digest = a == KF_BATCH_SHA3_256 ? 32 : a == KF_BATCH_SHA3_512 ? 64 : 0;
            for (size_t len = 0; len <= rate + 1; len++) {
                enum { N = 9 }; /* one more than a group of 8: a lone instance too */
                static uint8_t ins[N][200], outs[N][400 + 8], want[400];
                const uint8_t *in[N];
                uint8_t *out[N];
                size_t lens[N], outlen = digest ? digest : (len % 3 == 0 ? rate + 1 : 32);
                size_t n = 1 + len % N;
                int equal = len % 2;
                for (size_t i = 0; i < n; i++) {
                    lens[i] = equal ? len : (len + 7 * i) % (rate + 2);
                    rnd_bytes(ins[i], lens[i]);
                    in[i] = ins[i];
                    out[i] = outs[i];
                    memset(outs[i], 0xA5, sizeof outs[i]);
                }
                int rc = equal ? kf_batch_hash_equal(a, out, outlen, in, len, n) : kf_batch_hash(a, out, outlen, in, lens, n);
                CHECK(rc == KF_OK, "batch alg %d len %zu n %zu: %s", (int)a, len, n, kf_strerror(rc));
                for (size_t i = 0; i < n; i++) {
                    int rw = x1_incremental(a, want, outlen, in[i], lens[i]);
                    CHECK(rw == KF_OK && memcmp(outs[i], want, outlen) == 0 && outs[i][outlen] == 0xA5,
                          "batch alg %d instance %zu of %zu, len %zu outlen %zu (%s lengths)", (int)a, i, n, lens[i],
                          outlen, equal ? "equal" : "mixed");
                }
            }
        }
    }
}

/* ---- 4. batched backends' oneblock operation ---------------------------------------------- */

/* For every batched backend this CPU runs that has the operation: every parameter set of part
 * 1, 1 .. n live instances with lengths of their own (0 .. rate - 1), all ending right before an
 * unmapped page or all starting right after one, outputs of 0 .. rate bytes (partial lanes
 * too), against ref's context sponge; the bytes after each output must stay untouched. */
static void check_xn_oneblock(void)
{
    const kf_backend_xn *all[32];
    size_t nb = kf_backend_xn_all(all, 32);
    if (nb > 32) nb = 32;
    for (size_t bi = 0; bi < nb; bi++) {
        const kf_backend_xn *b = all[bi];
        if (!b->oneblock || !kf_backend_xn_runnable(b) || b->n > 16) continue;
        context = b->name;
        void *states = aligned_alloc(64, (b->state_bytes + 63) / 64 * 64);
        if (!states) {
            CHECK(0, "no memory");
            return;
        }
        for (size_t pi = 0; pi < sizeof sponge_params / sizeof sponge_params[0]; pi++) {
            const params *p = &sponge_params[pi];
            for (unsigned k = 0; k < 3 * p->rate / 2 + 8; k++) {
                const uint8_t *in[16];
                uint8_t *out[16], got[16][200 + 8], want[200];
                size_t inlen[16], outlen = pick_outlen(p->rate, k);
                unsigned count = 1 + k % b->n;
                int at_start = k % 2;
                rnd_bytes(at_start ? msg_start : msg_end, MSG_MAX);
                for (unsigned i = 0; i < b->n; i++) {
                    /* lengths of their own; every length 0 .. rate - 1 comes up for instance 0 */
                    inlen[i] = i == 0 ? k % p->rate : rnd_below(p->rate);
                    in[i] = at_start ? msg_start : msg_end + MSG_MAX - inlen[i];
                    out[i] = got[i];
                }
                memset(got, 0xA5, sizeof got);
                b->init(states);
                b->oneblock(states, p->nr, p->rate, p->suffix, in, inlen, count, out, outlen);
                for (unsigned i = 0; i < b->n; i++) {
                    int tail_ok = 1;
                    for (size_t t = i < count ? outlen : 0; t < outlen + 8; t++) tail_ok &= got[i][t] == 0xA5;
                    if (i >= count) {
                        CHECK(tail_ok, "%s: idle instance %u of %u written", p->name, i, count);
                        continue;
                    }
                    generic_on_ref(p, in[i], inlen[i], want, outlen);
                    CHECK(memcmp(got[i], want, outlen) == 0 && tail_ok,
                          "%s: instance %u of %u, len %zu outlen %zu (%s of the page)%s", p->name, i, count, inlen[i],
                          outlen, at_start ? "start" : "end", tail_ok ? "" : ": wrote past the output");
                }
            }
        }
        free(states);
    }
}

int main(void)
{
    setup_guards();
    check_backends();
    check_xn_oneblock();
    check_api();
    check_batch();
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}

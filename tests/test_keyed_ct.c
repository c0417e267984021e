/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_keyed_ct.c - the keyed and secret-input hash functions are constant time in their
 * secrets, on every Keccak backend the machine runs (issue 41, defect 8: a key-dependent
 * branch injected into kf_kmac_init left every test green).
 *
 * Secrets are marked "undefined": with valgrind memcheck's client requests when run under
 * valgrind (ctest keyed_ct[...]), or poisoned for clang's MemorySanitizer in an MSan build
 * (tests/ct_msan.sh, which also runs the AVX-512 backends valgrind cannot). Either tool then
 * reports every conditional branch and every memory address that depends on a secret. Only
 * lengths are public. Covered, each with its secret inputs marked:
 *   KMAC128/256 and KMACXOF128/256 (key and message; one-shot, incremental with bit-length
 *   key and message, squeeze, and kf_kmac*_verify with a secret tag), cSHAKE128/256 (message;
 *   N and S public), SHA3-224/256/384/512, SHAKE128/256, TurboSHAKE128/256, Keccak-256,
 *   TupleHash, ParallelHash (one thread), KT128/KT256 (message and customization), and the
 *   batched SHAKE128/256 and TurboSHAKE128 calls,
 * on every x1 backend with the default batched backend, and every batched backend with the
 * default x1 backend. Under valgrind the AVX-512 backends are left out (it cannot run them).
 * Outputs are marked defined and compared with a run on unmarked inputs, so the check also
 * proves the marked run computed the right thing. Without either tool: skipped (77).
 */
#include "keccakforge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#include <sanitizer/msan_interface.h>
#define SECRET(p, n) __msan_allocated_memory((p), (n))
#define PUBLIC(p, n) __msan_unpoison((p), (n))
#define UNDER_TOOL() 1
#define TOOL "MemorySanitizer"
#endif
#endif
#if !defined(SECRET) && defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#define UNDER_TOOL() RUNNING_ON_VALGRIND
#define TOOL "valgrind memcheck"
#define VALGRIND_BUILD 1
#endif
#endif

#ifndef SECRET
int main(void)
{
    puts("test_keyed_ct: neither <valgrind/memcheck.h> nor an MSan build: skipped");
    return 77;
}
#else

static int failures, checks;
static char where[96];

static void check(int ok, const char *what)
{
    checks++;
    if (!ok) {
        printf("FAIL %s: %s\n", where, what);
        failures++;
    }
}

static void fill(uint8_t *p, size_t n, uint8_t seed)
{
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(seed + i * 29 + (i >> 7));
}

/* A message of 1000 bytes (KT's 8 KiB chunking needs more: BIG) and a 32-byte key. */
#define MSG 1000
#define BIG (3 * 8192 + 100)
static uint8_t key[32], msg[MSG], big[BIG], tag[64];

/* out = f(...) twice, once with the secrets marked; both outputs compared. */
#define TWICE(outsz, call_plain, call_marked, mark)                                                                \
    do {                                                                                                           \
        uint8_t o1[outsz], o2[outsz];                                                                              \
        memset(o1, 0, sizeof o1);                                                                                  \
        memset(o2, 0xEE, sizeof o2);                                                                               \
        int r1 = call_plain;                                                                                       \
        mark;                                                                                                      \
        int r2 = call_marked;                                                                                      \
        PUBLIC(o2, sizeof o2);                                                                                     \
        PUBLIC(key, sizeof key);                                                                                   \
        PUBLIC(msg, sizeof msg);                                                                                   \
        PUBLIC(big, sizeof big);                                                                                   \
        PUBLIC(&r2, sizeof r2);                                                                                    \
        check(r1 == KF_OK && r2 == KF_OK && memcmp(o1, o2, sizeof o1) == 0, #call_marked);                        \
    } while (0)

#define KEY_MSG (SECRET(key, sizeof key), SECRET(msg, sizeof msg))
#define MSG_ONLY SECRET(msg, sizeof msg)
#define BIG_ONLY SECRET(big, sizeof big)

static int kmac_incremental(uint8_t *out, size_t outlen, kf_sp800185_variant v, int xof)
{
    kf_kmac_ctx c;
    /* a key of 253 bits and 7 whole bytes then 5 bits of message: the bit-length paths */
    int rc = kf_kmac_init_bits(&c, v, key, 253, "S", 1);
    if (rc == KF_OK) rc = kf_kmac_update(&c, msg, 7);
    if (rc == KF_OK) rc = kf_kmac_update(&c, msg + 7, MSG - 8);
    if (rc == KF_OK) rc = kf_kmac_update_bits(&c, msg + MSG - 1, 5);
    if (rc == KF_OK && xof) {
        rc = kf_kmac_final(&c, out, outlen / 2);
        if (rc == KF_OK) rc = kf_kmac_squeeze(&c, out + outlen / 2, outlen - outlen / 2);
    } else if (rc == KF_OK) {
        rc = kf_kmac_final(&c, out, outlen);
    }
    return rc;
}

static int kmac_verify(uint8_t *out, size_t outlen, kf_sp800185_variant v)
{
    /* verify against the right tag and a wrong one: the result is public, the way there not */
    uint8_t good[32];
    int rc = v == KF_V128 ? kf_kmac128(good, 32, key, 32, msg, MSG, "", 0) : kf_kmac256(good, 32, key, 32, msg, MSG, "", 0);
    PUBLIC(good, sizeof good);
    memcpy(tag, good, 32);
    SECRET(tag, 32);
    int ok = v == KF_V128 ? kf_kmac128_verify(tag, 32, key, 32, msg, MSG, "", 0)
                          : kf_kmac256_verify(tag, 32, key, 32, msg, MSG, "", 0);
    PUBLIC(&ok, sizeof ok);
    tag[5] ^= 1;
    int bad = v == KF_V128 ? kf_kmac128_verify(tag, 32, key, 32, msg, MSG, "", 0)
                           : kf_kmac256_verify(tag, 32, key, 32, msg, MSG, "", 0);
    PUBLIC(&bad, sizeof bad);
    PUBLIC(tag, sizeof tag);
    memset(out, 0, outlen);
    out[0] = (uint8_t)(ok == KF_OK);
    out[1] = (uint8_t)(bad == KF_ERR_BAD_TAG);
    return rc;
}

static int batch3(uint8_t *out, size_t outlen, int which)
{
    uint8_t *o[3] = {out, out + outlen / 3, out + 2 * (outlen / 3)};
    const uint8_t *in[3] = {msg, msg + 100, msg + 300};
    const size_t len[3] = {600, 200, 700};
    size_t n = outlen / 3;
    return which == 0 ? kf_shake128_batch(o, n, in, len, 3)
           : which == 1 ? kf_shake256_batch(o, n, in, len, 3)
                        : kf_turboshake128_batch(o, n, in, len, 3, 0x1F);
}

static int tuple3(uint8_t *out, size_t outlen)
{
    kf_tuplehash_ctx c;
    int rc = kf_tuplehash_init(&c, KF_V128, "S", 1);
    if (rc == KF_OK) rc = kf_tuplehash_add(&c, msg, 10);
    if (rc == KF_OK) rc = kf_tuplehash_add(&c, msg + 10, 490);
    if (rc == KF_OK) rc = kf_tuplehash_add_bits(&c, msg + 500, 4003);
    if (rc == KF_OK) rc = kf_tuplehash_final(&c, out, outlen);
    return rc;
}

static void run_all(void)
{
    fill(key, sizeof key, 1);
    fill(msg, sizeof msg, 2);
    fill(big, sizeof big, 3);
    /* KMAC, KMACXOF: key and message secret */
    TWICE(64, kf_kmac128(o1, 64, key, 32, msg, MSG, "cust", 4), kf_kmac128(o2, 64, key, 32, msg, MSG, "cust", 4), KEY_MSG);
    TWICE(64, kf_kmac256(o1, 64, key, 32, msg, MSG, "", 0), kf_kmac256(o2, 64, key, 32, msg, MSG, "", 0), KEY_MSG);
    TWICE(200, kmac_incremental(o1, 200, KF_V128, 0), kmac_incremental(o2, 200, KF_V128, 0), KEY_MSG);
    TWICE(200, kmac_incremental(o1, 200, KF_V256, 0), kmac_incremental(o2, 200, KF_V256, 0), KEY_MSG);
    TWICE(300, kmac_incremental(o1, 300, KF_V128XOF, 1), kmac_incremental(o2, 300, KF_V128XOF, 1), KEY_MSG);
    TWICE(300, kmac_incremental(o1, 300, KF_V256XOF, 1), kmac_incremental(o2, 300, KF_V256XOF, 1), KEY_MSG);
    TWICE(2, kmac_verify(o1, 2, KF_V128), kmac_verify(o2, 2, KF_V128), KEY_MSG);
    TWICE(2, kmac_verify(o1, 2, KF_V256), kmac_verify(o2, 2, KF_V256), KEY_MSG);
    /* cSHAKE (N, S public), the fixed-length and XOF functions on a secret message */
    TWICE(100, kf_cshake128(o1, 100, msg, MSG, "N", 1, "S", 1), kf_cshake128(o2, 100, msg, MSG, "N", 1, "S", 1), MSG_ONLY);
    TWICE(100, kf_cshake256(o1, 100, msg, MSG, "", 0, "S", 1), kf_cshake256(o2, 100, msg, MSG, "", 0, "S", 1), MSG_ONLY);
    TWICE(32, kf_sha3_256(o1, msg, MSG), kf_sha3_256(o2, msg, MSG), MSG_ONLY);
    TWICE(64, kf_sha3_512(o1, msg, MSG), kf_sha3_512(o2, msg, MSG), MSG_ONLY);
    TWICE(28, kf_sha3_224(o1, msg, MSG), kf_sha3_224(o2, msg, MSG), MSG_ONLY);
    TWICE(48, kf_sha3_384(o1, msg, MSG), kf_sha3_384(o2, msg, MSG), MSG_ONLY);
    TWICE(32, kf_keccak256_legacy(o1, msg, MSG), kf_keccak256_legacy(o2, msg, MSG), MSG_ONLY);
    TWICE(300, kf_shake128(o1, 300, msg, MSG), kf_shake128(o2, 300, msg, MSG), MSG_ONLY);
    TWICE(300, kf_shake256(o1, 300, msg, MSG), kf_shake256(o2, 300, msg, MSG), MSG_ONLY);
    TWICE(64, kf_turboshake128(o1, 64, msg, MSG, 0x1F), kf_turboshake128(o2, 64, msg, MSG, 0x1F), MSG_ONLY);
    TWICE(64, kf_turboshake256(o1, 64, msg, MSG, 0x07), kf_turboshake256(o2, 64, msg, MSG, 0x07), MSG_ONLY);
    /* the tree and tuple modes: message (and KT's customization) secret */
    TWICE(64, kf_kt128(o1, 64, big, BIG, big + 10, 40), kf_kt128(o2, 64, big, BIG, big + 10, 40), BIG_ONLY);
    TWICE(64, kf_kt256(o1, 64, big, BIG, "c", 1), kf_kt256(o2, 64, big, BIG, "c", 1), BIG_ONLY);
    TWICE(64, kf_parallelhash(KF_V128, o1, 64, big, BIG, 1024, "S", 1),
          kf_parallelhash(KF_V128, o2, 64, big, BIG, 1024, "S", 1), BIG_ONLY);
    TWICE(64, kf_parallelhash(KF_V256, o1, 64, big, BIG, 8192, "", 0),
          kf_parallelhash(KF_V256, o2, 64, big, BIG, 8192, "", 0), BIG_ONLY);
    TWICE(64, tuple3(o1, 64), tuple3(o2, 64), MSG_ONLY);
    /* batched: three instances in lock-step */
    TWICE(600, batch3(o1, 600, 0), batch3(o2, 600, 0), MSG_ONLY);
    TWICE(600, batch3(o1, 600, 1), batch3(o2, 600, 1), MSG_ONLY);
    TWICE(600, batch3(o1, 600, 2), batch3(o2, 600, 2), MSG_ONLY);
}

static int runnable(const char *name)
{
#ifdef VALGRIND_BUILD
    /* valgrind 3.19 cannot decode AVX-512: those run under MSan (tests/ct_msan.sh) */
    if (RUNNING_ON_VALGRIND && strstr(name, "avx512")) return 0;
#endif
    (void)name;
    return 1;
}

int main(void)
{
    const char *x1[32], *xn[32];
    size_t n1 = kf_backend_list(x1, 32), nn = kf_backend_batch_list(xn, 32), runs = 0;
    if (n1 > 32) n1 = 32;
    if (nn > 32) nn = 32;
    const char *x1_default = NULL, *xn_default = NULL;
    for (size_t i = 0; i < n1 && !x1_default; i++)
        if (runnable(x1[i])) x1_default = x1[i];
    for (size_t i = 0; i < nn && !xn_default; i++)
        if (runnable(xn[i])) xn_default = xn[i];
    if (!x1_default) x1_default = "ref";
    if (!xn_default) xn_default = "x1";
    /* every x1 backend beside the default batched one, then every batched one beside the default x1 */
    for (size_t i = 0; i < n1 + nn + 1; i++) {
        const char *a = i < n1 ? x1[i] : x1_default;
        const char *b = i < n1 ? xn_default : i < n1 + nn ? xn[i - n1] : "x1";
        if (!runnable(a) || !runnable(b)) {
            printf("test_keyed_ct: %s / %s left out: %s cannot run it\n", a, b, TOOL);
            continue;
        }
        if (kf_backend_select(a) != KF_OK || kf_backend_select(b) != KF_OK) {
            printf("FAIL cannot select %s / %s\n", a, b);
            failures++;
            continue;
        }
        snprintf(where, sizeof where, "%s / %s", kf_backend_name(), kf_backend_batch_name());
        int before = failures;
        run_all();
        runs++;
        printf("test_keyed_ct: %s: %s\n", where, failures == before ? "outputs right" : "FAILED");
    }
    printf("test_keyed_ct: %zu backend pairs, %d checks%s\n", runs, checks,
           UNDER_TOOL() ? " under " TOOL : " (not under " TOOL ": outputs only, no constant-time check)");
    printf("%d passed, %d failed\n", checks - failures, failures);
    return failures ? 1 : 0;
}
#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_armv7m.c - the ARMv7-M backends on a bare-metal Cortex-M3/M4/M7 (QEMU mps2 boards).
 *
 * 1. Each assembly permutation kf_armv7m_permute_<v>, called directly on the opt32bi state
 *    format, against the ref backend: random states (xorshift), every nr 1..24.
 * 2. Each backend struct through the byte interface (init, overwrite, permute, extract), so
 *    the glue is covered too.
 * 3. SHA3-224..512, SHAKE128/256 (ACVP) and TurboSHAKE128/256 (RFC 9861) vectors through the
 *    public API with each backend selected (kf_vectors.h, made from the official vectors at build
 *    time).
 * Prints a summary over semihosting; exits with the verdict (QEMU's status: 0 = pass).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "keccak/keccak_backend.h"
#include "keccakforge.h"
#include "kf_vectors.h"
#include "semihosting.h"

#define N_STATES 4 /* random states per variant and nr */

static unsigned failures, checks;

static void put(const char *s) { kf_semihost_write0(s); }

static void put_uint(unsigned v)
{
    char buf[12], *p = buf + sizeof buf - 1;
    *p = 0;
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    put(p);
}

static void fail(const char *what, const char *name, unsigned a, unsigned b)
{
    failures++;
    if (failures > 20) return; /* enough to diagnose; the count still grows */
    put("FAIL ");
    put(what);
    put(" ");
    put(name);
    put(" ");
    put_uint(a);
    put(" ");
    put_uint(b);
    put("\n");
}

/* xorshift64 (Marsaglia): a fixed, non-zero seed, different states every call. */
static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void random_bytes(uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)(next_random() >> 24);
}

typedef void (*permute_fn)(uint32_t state[50], unsigned nr);
static const struct {
    const char *name;
    permute_fn fn;
    const kf_backend *backend;
} variants[] = {
    {"armv7m-lazy3", kf_armv7m_permute_lazy3, &kf_backend_armv7m_lazy3},
    {"armv7m-lazy4", kf_armv7m_permute_lazy4, &kf_backend_armv7m_lazy4},
    {"armv7m-m7", kf_armv7m_permute_m7, &kf_backend_armv7m_m7},
};
#define N_VARIANTS (sizeof variants / sizeof variants[0])

/* ref's result for the 200 state bytes b after Keccak-p[1600, nr]. */
static void ref_permute(uint8_t b[200], unsigned nr)
{
    _Alignas(KF_STATE_ALIGN) uint8_t st[KF_STATE_BYTES];
    kf_backend_ref.init(st);
    kf_backend_ref.overwrite_bytes(st, b, 0, 200);
    kf_backend_ref.permute(st, nr);
    kf_backend_ref.extract_bytes(st, b, 0, 200);
}

static void test_permutations(void)
{
    for (size_t v = 0; v < N_VARIANTS; v++)
        for (unsigned nr = 1; nr <= 24; nr++)
            for (unsigned k = 0; k < N_STATES; k++) {
                uint8_t in[200], want[200], got[200];
                _Alignas(KF_STATE_ALIGN) uint32_t st[50];
                random_bytes(in, sizeof in);
                memcpy(want, in, sizeof in);
                ref_permute(want, nr);

                /* the assembly entry point itself, on the opt32bi format */
                kf_backend_opt32bi.init(st);
                kf_backend_opt32bi.overwrite_bytes(st, in, 0, 200);
                variants[v].fn(st, nr);
                kf_backend_opt32bi.extract_bytes(st, got, 0, 200);
                checks++;
                if (memcmp(got, want, 200) != 0) fail("permute", variants[v].name, nr, k);

                /* the backend struct: byte interface + permute */
                const kf_backend *b = variants[v].backend;
                b->init(st);
                b->add_bytes(st, in, 0, 200);
                b->permute(st, nr);
                memset(got, 0, sizeof got);
                b->extract_bytes(st, got, 0, 200);
                checks++;
                if (memcmp(got, want, 200) != 0) fail("backend", variants[v].name, nr, k);
            }
}

#if KF_N_VECTORS > 0
static uint8_t out_buf[10032];

static int run_vector(const kf_vec *t)
{
    int rc;
    switch (t->fn) {
    case 224: rc = kf_sha3_224(out_buf, t->msg, t->msglen); break;
    case 256: rc = kf_sha3_256(out_buf, t->msg, t->msglen); break;
    case 384: rc = kf_sha3_384(out_buf, t->msg, t->msglen); break;
    case 512: rc = kf_sha3_512(out_buf, t->msg, t->msglen); break;
    case 1128: rc = kf_shake128(out_buf, t->outlen, t->msg, t->msglen); break;
    case 1256: rc = kf_shake256(out_buf, t->outlen, t->msg, t->msglen); break;
    case 2128: rc = kf_turboshake128(out_buf, t->outlen, t->msg, t->msglen, t->domain); break;
    case 2256: rc = kf_turboshake256(out_buf, t->outlen, t->msg, t->msglen, t->domain); break;
    default: return 0;
    }
    return rc == KF_OK && memcmp(out_buf + t->outlen - t->explen, t->expected, t->explen) == 0;
}
#endif

static void test_vectors(void)
{
    for (size_t v = 0; v < N_VARIANTS; v++) {
        if (kf_backend_select(variants[v].name) != KF_OK || strcmp(kf_backend_name(), variants[v].name) != 0) {
            fail("select", variants[v].name, 0, 0);
            continue;
        }
#if KF_N_VECTORS > 0 /* 0 when the build had no official vectors (the test armv7m_vectors says so) */
        for (unsigned i = 0; i < KF_N_VECTORS; i++) {
            checks++;
            if (!run_vector(&kf_vectors[i])) fail("vector", variants[v].name, i, (unsigned)kf_vectors[i].fn);
        }
#endif
    }
}

int main(void)
{
    put("keccakforge ARMv7-M backends, bare metal\n");
    put("auto-selected backend: ");
    put(kf_backend_name());
    put("\n");
    test_permutations();
    test_vectors();
    put_uint(checks);
    put(" checks, ");
    put_uint(failures);
    put(failures ? " failures: FAIL\n" : " failures: PASS\n");
    return failures != 0;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_ct_msan.c - constant time of the AVX-512 code, checked by clang's MemorySanitizer.
 *
 * valgrind (tests/test_mlkem_ct.c, test_slhdsa_ct.c) cannot run AVX-512, so under it the
 * library falls back to AVX2 and scalar code. MemorySanitizer instruments the code as
 * compiled, intrinsics included, and runs it natively on the AVX-512 CPU. The secrets are
 * poisoned (__msan_allocated_memory: "uninitialized"), so MSan reports
 *   - a conditional branch (and a select clang lowers to a branch) on a poisoned value;
 *   - a load or store whose address depends on a poisoned value (the library is built with
 *     -mllvm -msan-check-access-address=1, MSan's default made explicit);
 *   - a poisoned argument or return value of a call (-fsanitize-memory-param-retval);
 *   - a poisoned value passed to a libc function it intercepts (memcmp, ...).
 * It does not report secret-dependent instruction timing without a branch or address
 * (division, variable shifts); see tests/ct_msan.sh for what was checked about that.
 * Values public by definition (ML-KEM's and ML-DSA's rho, SLH-DSA's R and signed roots, ML-DSA's
 * rejection decisions and c~) are unpoisoned by the library where they become public
 * (src/common/ct.h, kf_declassify), as for valgrind.
 *
 * Covered: ML-KEM-512/768/1024 KeyGen (d, z secret), Encaps (m secret), Decaps (dk_pke and
 * z secret; valid and tampered ciphertext, the tampered one secret too) on the AVX-512
 * arithmetic, with the Keccak backends avx512vl-x1 (x1) and each batched one: avx512-x8,
 * avx512vl-x4 and none ("x1"), and ML-KEM-768 on avx512vl-x1-pairs with no batched backend;
 * SLH-DSA-SHAKE-128f signing (SK.seed and SK.prf secret) on
 * avx512-x8 and on avx512vl-x4; ML-DSA-44/65/87 KeyGen_internal (xi secret) and hedged signing
 * (K, s1, s2, t0, rnd secret) on each of the three, with the ML-DSA arithmetic selected by
 * kf_mldsa_arith_select_avx512: the AVX2 code with its (opt-in) AVX-512 NTT
 * (src/mldsa/x86_64/), which valgrind cannot run, beside the
 * hashing on the AVX-512 lanes. MSan follows poison through an
 * addition only into the bits poisoned already (no carries), so it loses the secret in
 * ML-DSA's norm checks (a verdict taken from bit 31 of a difference) and could not flag a
 * missing declassify of a rejection verdict; tests/test_mldsa_ct.c (valgrind, which smears
 * undefinedness towards the top bit) does. Outputs are unpoisoned and compared with a run on
 * unpoisoned inputs.
 *
 * Exit: 0 all fine; 1 an output differs; MSan's report and MSAN_OPTIONS exitcode (set it,
 * e.g. 66: MSan's default 77 is ctest's "skipped") on a constant-time violation; 77 when not
 * built with MSan or the CPU lacks AVX-512 (nothing to check).
 */
#include "keccakforge.h"
#include "keccak/keccak_backend.h" /* the batched backends, for the lane check */
#include "mldsa/arith.h"             /* kf_mldsa_arith_select_avx512 */
#include "mlkem/poly.h"               /* kf_mlkem_arith_avx512: which arithmetic runs */

#include <stdio.h>
#include <string.h>

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#include <sanitizer/msan_interface.h>
#define HAVE_MSAN 1
#endif
#endif

#ifndef HAVE_MSAN
int main(void)
{
    puts("test_ct_msan: not built with -fsanitize=memory (clang): skipped");
    return 77;
}
#else

#define SECRET(p, n) __msan_allocated_memory((p), (n))
#define PUBLIC(p, n) __msan_unpoison((p), (n))

static int failures;

static void check(int ok, const char *what, const char *where)
{
    if (!ok) {
        printf("FAIL %s: %s\n", where, what);
        failures++;
    }
}

#include "ct_mlkem_scenario.h"

static void slhdsa(const char *where)
{
    const kf_slhdsa_param set = KF_SLHDSA_SHAKE_128F;
    static uint8_t sig[KF_SLHDSA_SHAKE_128F_SIG_BYTES], sig2[KF_SLHDSA_SHAKE_128F_SIG_BYTES];
    uint8_t pk[32], sk[64], seed[3][16];
    for (int i = 0; i < 3; i++) ct_fill(seed[i], 16, (uint8_t)(10 + i));
    check(kf_slhdsa_keygen_internal(set, pk, sk, seed[0], seed[1], seed[2]) == KF_OK, "slh keygen", where);
    check(kf_slhdsa_sign(set, sig, sizeof sig, "msg", 3, "", 0, NULL, sk, sizeof sk) == KF_OK, "slh sign", where);
    SECRET(sk, 32); /* SK.seed || SK.prf */
    int rc = kf_slhdsa_sign(set, sig2, sizeof sig2, "msg", 3, "", 0, NULL, sk, sizeof sk);
    PUBLIC(sig2, sizeof sig2);
    PUBLIC(sk, sizeof sk);
    check(rc == KF_OK && memcmp(sig, sig2, sizeof sig) == 0, "slh sign, secret SK.seed SK.prf", where);
    check(kf_slhdsa_verify(set, "msg", 3, "", 0, sig2, sizeof sig2, pk, sizeof pk) == KF_OK, "slh verify", where);
}

/* ML-DSA KeyGen_internal (xi secret) and Sign, hedged (K, s1, s2, t0 and rnd secret), on the
 * batched lanes in use: its ExpandS and ExpandMask streams, and every attempt of the loop. */
static void mldsa(kf_mldsa_param set, const char *where)
{
    static uint8_t pk[KF_MLDSA_PK_MAX_BYTES], sk[KF_MLDSA_SK_MAX_BYTES], pk2[KF_MLDSA_PK_MAX_BYTES];
    static uint8_t sk2[KF_MLDSA_SK_MAX_BYTES], sig[KF_MLDSA_SIG_MAX_BYTES], sig2[KF_MLDSA_SIG_MAX_BYTES];
    const size_t pkn = kf_mldsa_pk_bytes(set), skn = kf_mldsa_sk_bytes(set), sign = kf_mldsa_sig_bytes(set);
    uint8_t xi[32], rnd[32];
    ct_fill(xi, sizeof xi, 21);
    ct_fill(rnd, sizeof rnd, 22);
    check(kf_mldsa_keygen_internal(set, pk, sk, xi) == KF_OK, "ml-dsa keygen", where);
    check(kf_mldsa_sign(set, sig, sign, "msg", 3, "", 0, rnd, sk, skn) == KF_OK, "ml-dsa sign", where);
    SECRET(xi, sizeof xi);
    int rc = kf_mldsa_keygen_internal(set, pk2, sk2, xi);
    PUBLIC(pk2, pkn);
    PUBLIC(sk2, skn);
    PUBLIC(xi, sizeof xi);
    check(rc == KF_OK && memcmp(pk, pk2, pkn) == 0 && memcmp(sk, sk2, skn) == 0, "ml-dsa keygen, secret xi", where);
    memcpy(sk2, sk, skn);
    SECRET(sk2 + 32, 32);        /* K */
    SECRET(sk2 + 128, skn - 128); /* s1, s2, t0 */
    SECRET(rnd, sizeof rnd);
    rc = kf_mldsa_sign(set, sig2, sign, "msg", 3, "", 0, rnd, sk2, skn);
    PUBLIC(sig2, sign);
    PUBLIC(sk2, skn);
    PUBLIC(rnd, sizeof rnd);
    check(rc == KF_OK && memcmp(sig, sig2, sign) == 0, "ml-dsa sign, secret K s1 s2 t0 rnd", where);
}

/* The check's own precondition: through each batched permutation MSan's shadow stays in its
 * lane. One instance's state poisoned: after the permutation every byte of that instance is
 * still poisoned (nothing laundered) and every other instance is clean (no poison spread
 * across instances, which would make public lanes next to secret ones look secret). */
static void lanes(const char *name)
{
    const kf_backend_xn *b = kf_backend_xn_by_name(name);
    static _Alignas(64) uint8_t st[8 * 200 + 64];
    uint8_t in[200], out[200];
    check(b && b->n <= 8 && b->state_bytes <= sizeof st, "backend", name);
    if (!b) return;
    ct_fill(in, sizeof in, 5);
    b->init(st);
    for (unsigned i = 0; i < b->n; i++) b->add_bytes(st, i, in, 0, sizeof in);
    uint8_t secret[200];
    ct_fill(secret, sizeof secret, 9);
    SECRET(secret, sizeof secret);
    b->add_bytes(st, 1, secret, 0, sizeof secret);
    b->permute(st, 24);
    for (unsigned i = 0; i < b->n; i++) {
        b->extract_bytes(st, i, out, 0, sizeof out);
        int poisoned_bytes = 0;
        for (size_t k = 0; k < sizeof out; k++) poisoned_bytes += __msan_test_shadow(out + k, 1) == 0;
        check(i == 1 ? poisoned_bytes == 200 : poisoned_bytes == 0,
              i == 1 ? "the secret instance stays poisoned through the permutation"
                     : "a public instance stays clean next to a secret one", name);
        PUBLIC(out, sizeof out);
    }
    PUBLIC(st, sizeof st);
}

int main(int argc, char **argv)
{
    (void)argv;
    int quick = argc > 1; /* any argument: ML-KEM-768 and ML-DSA-65 only, SLH-DSA on avx512-x8 only */
    static const char *const batched[] = {"avx512-x8", "avx512vl-x4", "x1"};
    if (!kf_mlkem_arith_avx512() || kf_backend_select("avx512vl-x1") != KF_OK ||
        kf_backend_select("avx512-x8") != KF_OK || kf_backend_select("avx512vl-x4") != KF_OK) {
        puts("test_ct_msan: this CPU (or build) lacks the AVX-512 code: skipped");
        return 77;
    }
    lanes("avx512-x8");
    lanes("avx512vl-x4");
    if (failures) {
        puts("test_ct_msan: MSan does not follow the batched permutations lane by lane: no check possible");
        printf("0 passed, 1 failed\n");
        return 1;
    }
    for (size_t b = 0; b < sizeof batched / sizeof batched[0]; b++) {
        char where[96];
        kf_backend_select("avx512vl-x1");
        kf_backend_select(batched[b]);
        snprintf(where, sizeof where, "%s/%s, AVX-512 arithmetic", kf_backend_name(), kf_backend_batch_name());
        printf("test_ct_msan: ML-KEM on %s\n", where);
        if (!quick) ct_mlkem_scenario(KF_MLKEM512, (uint8_t)(1 + KF_MLKEM512), where);
        ct_mlkem_scenario(KF_MLKEM768, (uint8_t)(1 + KF_MLKEM768), where);
        if (!quick) ct_mlkem_scenario(KF_MLKEM1024, (uint8_t)(1 + KF_MLKEM1024), where);
        if (b == 0 || (b == 1 && !quick)) {
            printf("test_ct_msan: SLH-DSA-SHAKE-128f signing on %s\n", where);
            slhdsa(where);
        }
        kf_mldsa_arith_select_avx512(1); /* the AVX-512 NTT (opt-in since 2026-11-24): valgrind cannot run it */
        printf("test_ct_msan: ML-DSA-44/65/87 keygen and signing on %s\n", where);
        if (!quick) mldsa(KF_MLDSA44, where);
        mldsa(KF_MLDSA65, where);
        if (!quick) mldsa(KF_MLDSA87, where);
    }
    /* the default x1 backend on Zen 4 (two lanes per register), with every hash on it */
    if (kf_backend_select("avx512vl-x1-pairs") == KF_OK && kf_backend_select("x1") == KF_OK) {
        char where[96];
        snprintf(where, sizeof where, "%s/%s, AVX-512 arithmetic", kf_backend_name(), kf_backend_batch_name());
        printf("test_ct_msan: ML-KEM on %s\n", where);
        ct_mlkem_scenario(KF_MLKEM768, (uint8_t)(1 + KF_MLKEM768), where);
    } else {
        check(0, "avx512vl-x1-pairs cannot be selected where avx512vl-x1 can", "select");
    }
    printf("%d passed, %d failed\n", failures ? 0 : 1, failures ? 1 : 0);
    return failures ? 1 : 0;
}
#endif

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_secret_residue.c - no secret left behind on the stack or in freed heap blocks after
 * key generation, signing, encapsulation/decapsulation, pk_from_sk / check_sk and PKCS#8
 * decoding of ML-KEM, ML-DSA and SLH-DSA (issue 52, item 3).
 *
 * (Signing also through sign_mu and HashML-DSA; decapsulation also of a changed ciphertext.)
 * Each operation runs from one frame (run_op), after clear_stack has zeroed the stack below
 * that frame; then scan_stack, called from the same frame, declares an array over the same
 * region - whatever the operation's frames left there - and searches it for the operation's
 * secrets, byte strings the test computes itself beforehand with the library's hashes:
 *   ML-KEM   d, z, sigma = G(d || k)[32..64), PRF(sigma, 0)'s first 32 bytes, the first
 *            16 coefficients of s^ (as dk stores them and as int16), m, K and r of
 *            encapsulation, K-bar = J(z || c) of decapsulation;
 *   ML-DSA   xi, rho' and K of H(xi || k || l), rnd, rho'' = H(K || rnd || mu), s1 and s2 as
 *            sk stores them, s1's first 16 coefficients as int32;
 *   SLH-DSA  SK.seed, SK.prf, addrnd, the WOTS+ secret of the top layer's first chain.
 * Freed heap blocks are searched too (tests/heap_residue.h replaces malloc). Values a
 * compiler keeps only in registers are not seen (nothing can be done about those from C);
 * spills to the stack are. Controls: a function that leaves a secret in a dead local array,
 * and a freed block holding one, must be caught, and so must the same secret planted below
 * a deep call chain.
 *
 * The seeds and keys the test holds live in static storage, outside the scanned region.
 * Skipped (77) where tests/heap_residue.h cannot replace malloc (not glibc, or a sanitizer
 * build, whose redzones and fake stacks change what a dead frame holds).
 */
#include "keccakforge.h"
#include "test_util.h"
#include "heap_residue.h"

#include <string.h>

#if HEAP_RESIDUE_AVAILABLE
#define NOINLINE __attribute__((noinline))
/* ML-DSA signing uses 124 KiB of stack, key generation 112 KiB (keccakforge.h) */
#define SCAN_BYTES (320 * 1024)
#define MAX_NEEDLES 16

static struct { const char *name; const uint8_t *p; size_t n; } needles[MAX_NEEDLES];
static int n_needles, ops_run;
static size_t last_depth;   /* how far below the caller's frame the last needle was found */

static void watch(const char *name, const void *p, size_t n)
{
    if (n_needles == MAX_NEEDLES) { CHECK(0, "too many needles"); return; }
    needles[n_needles].name = name;
    needles[n_needles].p = (const uint8_t *)p;
    needles[n_needles].n = n;
    n_needles++;
    residue_watch(p, n);
}
static void unwatch_all(void)
{
    n_needles = 0;
    residue_unwatch_all();
}

static NOINLINE void clear_stack(void)
{
    uint8_t buf[SCAN_BYTES];
    memset(buf, 0, sizeof buf);
    __asm__ __volatile__("" : : "r"(buf) : "memory");
}

/* The needles found in b[0 .. n) (b[n - 1] is nearest the caller's frame), printed. */
static NOINLINE int find_needles(const char *op, const uint8_t *b, size_t n)
{
    int found = 0;
    for (int k = 0; k < n_needles; k++) {
        const uint8_t *nd = needles[k].p;
        size_t l = needles[k].n;
        for (size_t i = 0; i + l <= n; i++) {
            if (b[i] == nd[0] && memcmp(b + i, nd, l) == 0) {
                printf("  %s: %s left on the stack, %zu bytes below the caller's frame\n", op, needles[k].name, n - i);
                last_depth = n - i;
                found++;
                break;
            }
        }
    }
    return found;
}

/* The region the operation's frames used, as the operation left it: the array is not
 * initialised, and the empty asm tells the compiler its contents may be anything. */
static NOINLINE int scan_stack(const char *op)
{
    uint8_t buf[SCAN_BYTES];
    __asm__ __volatile__("" : : "r"(buf) : "memory");
    return find_needles(op, buf, sizeof buf);
}

static int heap_hits(const char *op)
{
    int n = residue_hit_count();
    for (int i = 0; i < n && i < RESIDUE_MAX_HITS; i++)
        printf("  %s: %s left in a freed %zu-byte heap block\n", op, needles[residue_hit_at(i)->needle].name,
               residue_hit_at(i)->size);
    return n;
}

static NOINLINE void run_op(void (*fn)(void)) { fn(); }

/* Runs fn with the stack below cleared; returns the number of needles found. */
static NOINLINE int residue_after(const char *op, void (*fn)(void))
{
    int found;
    clear_stack();
    residue_enable(1);
    run_op(fn);
    residue_enable(0);
    found = scan_stack(op) + heap_hits(op);
    ops_run++;
    return found;
}

static void expect_clean(const char *op, void (*fn)(void))
{
    int found = residue_after(op, fn);
    CHECK(found == 0, "%s: %d secret(s) left behind", op, found);
}

/* ---- controls ---------------------------------------------------------------------- */
static const uint8_t planted[32] = "a secret planted on purpose!!!!";

static NOINLINE void leave_on_stack(void)
{
    uint8_t local[4096];
    memset(local, 0x5a, sizeof local);
    memcpy(local + 1000, planted, sizeof planted);
    __asm__ __volatile__("" : : "r"(local) : "memory");
}
/* 20 frames of 8 KiB, kept (the array is live across the call, so no tail call, and the
 * call goes through a volatile pointer, so it is not turned into a loop) */
static void deeper(int d);
static void (*volatile deeper_fn)(int) = deeper;
static NOINLINE void deeper(int d)
{
    uint8_t pad[8192];
    pad[0] = (uint8_t)d;
    __asm__ __volatile__("" : : "r"(pad) : "memory");
    if (d) deeper_fn(d - 1);
    else leave_on_stack();
    __asm__ __volatile__("" : : "r"(pad) : "memory");
}
static void leave_deep(void) { deeper(20); }   /* ~170 KiB down */
static void leave_in_heap(void)
{
    uint8_t *p = malloc(300);
    memcpy(p + 17, planted, sizeof planted);
    __asm__ __volatile__("" : : "r"(p) : "memory");
    free(p);
}
static void clean_op(void)
{
    uint8_t local[4096];
    memset(local, 0x5a, sizeof local);
    __asm__ __volatile__("" : : "r"(local) : "memory");
}

static void controls(void)
{
    unwatch_all();
    watch("the planted secret", planted, sizeof planted);
    CHECK(residue_after("control (stack)", leave_on_stack) == 1, "control: a secret left in a dead frame missed");
    CHECK(residue_after("control (deep stack)", leave_deep) == 1 && last_depth > 160 * 1024,
          "control: a secret 170 KiB down missed (or not so deep: %zu bytes)", last_depth);
    CHECK(residue_after("control (heap)", leave_in_heap) == 1, "control: a secret in a freed block missed");
    CHECK(residue_after("control (clean)", clean_op) == 0, "control: a clean call reported");
    unwatch_all();
}

/* ---- ML-KEM ------------------------------------------------------------------------- */
static kf_mlkem_param kem_p;
static unsigned kem_k;
static uint8_t kem_d[32], kem_z[32], kem_seed[64], kem_m[32];
static uint8_t kem_ek[KF_MLKEM_EK_MAX_BYTES], kem_dk[KF_MLKEM_DK_MAX_BYTES], kem_ct[KF_MLKEM_CT_MAX_BYTES];
static uint8_t kem_K[32], kem_K2[32], kem_sigma[32], kem_prf0[32], kem_shat[32], kem_shat16[32], kem_r[32];
static uint8_t kem_Kbar[32], kem_der[8192];
static size_t kem_derlen;

static void op_kem_keygen(void) { CHECK(kf_mlkem_keygen_internal(kem_p, kem_ek, kem_dk, kem_d, kem_z) == KF_OK, "keygen"); }
static void op_kem_encaps(void)
{
    CHECK(kf_mlkem_encaps_internal(kem_p, kem_ct, kem_K2, kem_ek, kf_mlkem_ek_bytes(kem_p), kem_m) == KF_OK, "encaps");
}
static void op_kem_decaps(void)
{
    CHECK(kf_mlkem_decaps(kem_p, kem_K2, kem_ct, kf_mlkem_ct_bytes(kem_p), kem_dk, kf_mlkem_dk_bytes(kem_p)) == KF_OK,
          "decaps");
}
static uint8_t kem_ct_bad[KF_MLKEM_CT_MAX_BYTES], kem_Kbar_bad[32];
static void op_kem_decaps_reject(void)
{
    CHECK(kf_mlkem_decaps(kem_p, kem_K2, kem_ct_bad, kf_mlkem_ct_bytes(kem_p), kem_dk, kf_mlkem_dk_bytes(kem_p)) == KF_OK
              && memcmp(kem_K2, kem_Kbar_bad, 32) == 0, "decaps (implicit rejection)");
}
static void op_kem_decode(void)
{
    static uint8_t dk[KF_MLKEM_DK_MAX_BYTES], seed[64];
    size_t dl, sl;
    kf_key_type t;
    CHECK(kf_key_decode_pkcs8(kem_der, kem_derlen, &t, NULL, seed, sizeof seed, &sl, dk, sizeof dk, &dl) == KF_OK,
          "decode");
}

static void test_mlkem(kf_mlkem_param p, unsigned k, const char *name)
{
    uint8_t in[33], g[64], prfin[33], h[32];
    char op[64];
    kem_p = p;
    kem_k = k;
    rnd_bytes(kem_d, 32);
    rnd_bytes(kem_z, 32);
    rnd_bytes(kem_m, 32);
    memcpy(kem_seed, kem_d, 32);
    memcpy(kem_seed + 32, kem_z, 32);
    /* sigma = G(d || k)[32..64); PRF_eta1(sigma, 0) */
    memcpy(in, kem_d, 32);
    in[32] = (uint8_t)k;
    kf_sha3_512(g, in, 33);
    memcpy(kem_sigma, g + 32, 32);
    memcpy(prfin, kem_sigma, 32);
    prfin[32] = 0;
    kf_shake256(kem_prf0, 32, prfin, 33);
    CHECK(kf_mlkem_keygen_internal(p, kem_ek, kem_dk, kem_d, kem_z) == KF_OK, "keygen");
    memcpy(kem_shat, kem_dk, 32);
    for (int i = 0; i < 16; i++) {   /* ByteDecode12 of the first 24 bytes of dk */
        const uint8_t *b = kem_dk + 3 * (i / 2);
        uint16_t c = i % 2 ? (uint16_t)((b[1] >> 4) | (b[2] << 4)) : (uint16_t)(b[0] | ((b[1] & 0x0f) << 8));
        kem_shat16[2 * i] = (uint8_t)c;
        kem_shat16[2 * i + 1] = (uint8_t)(c >> 8);
    }
    /* (K, r) = G(m || H(ek)) */
    kf_sha3_256(h, kem_ek, kf_mlkem_ek_bytes(p));
    memcpy(in, kem_m, 32);
    {
        uint8_t mh[64];
        memcpy(mh, kem_m, 32);
        memcpy(mh + 32, h, 32);
        kf_sha3_512(g, mh, 64);
    }
    memcpy(kem_K, g, 32);
    memcpy(kem_r, g + 32, 32);
    CHECK(kf_mlkem_encaps_internal(p, kem_ct, kem_K2, kem_ek, kf_mlkem_ek_bytes(p), kem_m) == KF_OK
              && memcmp(kem_K2, kem_K, 32) == 0,
          "%s: K = G(m || H(ek))[0..32) (test set-up)", name);
    {   /* K-bar = J(z || c) */
        static uint8_t zc[32 + KF_MLKEM_CT_MAX_BYTES];
        size_t cl = kf_mlkem_ct_bytes(p);
        memcpy(zc, kem_z, 32);
        memcpy(zc + 32, kem_ct, cl);
        kf_shake256(kem_Kbar, 32, zc, 32 + cl);
    }
    CHECK(kf_key_encode_pkcs8((kf_key_type)(p == KF_MLKEM512 ? KF_KEY_MLKEM512 : p == KF_MLKEM768 ? KF_KEY_MLKEM768
                                                                                                  : KF_KEY_MLKEM1024),
                              KF_PRIV_SEED, kem_seed, 64, NULL, 0, kem_der, sizeof kem_der, &kem_derlen) == KF_OK,
          "encode");

    unwatch_all();
    watch("d", kem_d, 32);
    watch("z", kem_z, 32);
    watch("sigma", kem_sigma, 32);
    watch("PRF(sigma, 0)", kem_prf0, 32);
    watch("s^ (as dk stores it)", kem_shat, 32);
    watch("s^ (int16)", kem_shat16, 32);
    snprintf(op, sizeof op, "%s keygen", name);
    expect_clean(op, op_kem_keygen);
    snprintf(op, sizeof op, "%s PKCS#8 decode (seed)", name);
    expect_clean(op, op_kem_decode);
    watch("m", kem_m, 32);
    watch("K", kem_K, 32);
    watch("r", kem_r, 32);
    snprintf(op, sizeof op, "%s encaps", name);
    /* K itself is the output: kem_K2 (static) holds it, the stack must not */
    expect_clean(op, op_kem_encaps);
    watch("K-bar = J(z || c)", kem_Kbar, 32);
    snprintf(op, sizeof op, "%s decaps", name);
    expect_clean(op, op_kem_decaps);
    {   /* a changed ciphertext: K-bar = J(z || c') is the output, m' something else */
        static uint8_t zc[32 + KF_MLKEM_CT_MAX_BYTES];
        size_t cl = kf_mlkem_ct_bytes(p);
        memcpy(kem_ct_bad, kem_ct, cl);
        kem_ct_bad[5] ^= 1;
        memcpy(zc, kem_z, 32);
        memcpy(zc + 32, kem_ct_bad, cl);
        kf_shake256(kem_Kbar_bad, 32, zc, 32 + cl);
        watch("K-bar of the changed ciphertext", kem_Kbar_bad, 32);
    }
    snprintf(op, sizeof op, "%s decaps (implicit rejection)", name);
    expect_clean(op, op_kem_decaps_reject);
    unwatch_all();
}

/* ---- ML-DSA ------------------------------------------------------------------------- */
static kf_mldsa_param dsa_p;
static uint8_t dsa_xi[32], dsa_rnd[32], dsa_rhop[64], dsa_K[32], dsa_rhopp[64], dsa_s1[32], dsa_s2[32], dsa_s1i[64];
static uint8_t dsa_pk[KF_MLDSA_PK_MAX_BYTES], dsa_sk[KF_MLDSA_SK_MAX_BYTES], dsa_sig[KF_MLDSA_SIG_MAX_BYTES];
static uint8_t dsa_der[3][8192];
static size_t dsa_derlen[3];
static int dsa_form;
static const char dsa_msg[] = "the message";

static void op_dsa_keygen(void) { CHECK(kf_mldsa_keygen_internal(dsa_p, dsa_pk, dsa_sk, dsa_xi) == KF_OK, "keygen"); }
static void op_dsa_sign(void)
{
    CHECK(kf_mldsa_sign(dsa_p, dsa_sig, sizeof dsa_sig, dsa_msg, sizeof dsa_msg, NULL, 0, dsa_rnd, dsa_sk,
                        kf_mldsa_sk_bytes(dsa_p)) == KF_OK, "sign");
}
static uint8_t dsa_mu[64];
static void op_dsa_sign_mu(void)
{
    CHECK(kf_mldsa_sign_mu(dsa_p, dsa_sig, sizeof dsa_sig, dsa_mu, dsa_rnd, dsa_sk, kf_mldsa_sk_bytes(dsa_p)) == KF_OK,
          "sign_mu");
}
static void op_dsa_hash_sign(void)
{
    CHECK(kf_mldsa_hash_sign(dsa_p, KF_MLDSA_PH_SHAKE256, dsa_sig, sizeof dsa_sig, dsa_msg, sizeof dsa_msg, NULL, 0,
                             dsa_rnd, dsa_sk, kf_mldsa_sk_bytes(dsa_p)) == KF_OK, "hash_sign");
}
static void op_dsa_pk_from_sk(void)
{
    static uint8_t pk[KF_MLDSA_PK_MAX_BYTES];
    CHECK(kf_mldsa_pk_from_sk(dsa_p, pk, dsa_sk, kf_mldsa_sk_bytes(dsa_p)) == KF_OK, "pk_from_sk");
}
static void op_dsa_check_sk(void) { CHECK(kf_mldsa_check_sk(dsa_p, dsa_sk, kf_mldsa_sk_bytes(dsa_p)) == KF_OK, "check_sk"); }
static void op_dsa_decode(void)
{
    static uint8_t sk[KF_MLDSA_SK_MAX_BYTES], seed[32];
    size_t l, sl;
    kf_key_type t;
    CHECK(kf_key_decode_pkcs8(dsa_der[dsa_form], dsa_derlen[dsa_form], &t, NULL, seed, sizeof seed, &sl, sk, sizeof sk,
                              &l) == KF_OK, "decode");
}

static void test_mldsa(kf_mldsa_param p, unsigned k, unsigned l, unsigned eta, const char *name)
{
    uint8_t in[34], h[128], mu[64], m[2 + sizeof dsa_msg], kr[32 + 32 + 64];
    size_t skl = kf_mldsa_sk_bytes(p), eb = 32 * (eta == 2 ? 3 : 4);
    char op[80];
    static const char *const forms[3] = {"seed", "expanded", "both"};
    dsa_p = p;
    rnd_bytes(dsa_xi, 32);
    rnd_bytes(dsa_rnd, 32);
    memcpy(in, dsa_xi, 32);
    in[32] = (uint8_t)k;
    in[33] = (uint8_t)l;
    kf_shake256(h, 128, in, 34);   /* rho || rho' || K */
    memcpy(dsa_rhop, h + 32, 64);
    memcpy(dsa_K, h + 96, 32);
    CHECK(kf_mldsa_keygen_internal(p, dsa_pk, dsa_sk, dsa_xi) == KF_OK && memcmp(dsa_sk + 32, dsa_K, 32) == 0,
          "%s: K is sk[32..64) (test set-up)", name);
    memcpy(dsa_s1, dsa_sk + 128, 32);
    memcpy(dsa_s2, dsa_sk + 128 + l * eb, 32);
    for (unsigned i = 0; i < 16; i++) {   /* s1's first coefficients as int32: eta - BitUnpack */
        unsigned bits = eta == 2 ? 3 : 4, at = i * bits;
        unsigned v = ((unsigned)dsa_sk[128 + at / 8] | ((unsigned)dsa_sk[128 + at / 8 + 1] << 8)) >> (at % 8);
        int32_t c = (int32_t)eta - (int32_t)(v & ((1u << bits) - 1));
        memcpy(dsa_s1i + 4 * i, &c, 4);
    }
    /* mu = H(tr || M', 64) with M' = 0 || 0 || msg; rho'' = H(K || rnd || mu, 64) */
    {
        static uint8_t tm[64 + sizeof m];
        m[0] = 0;
        m[1] = 0;
        memcpy(m + 2, dsa_msg, sizeof dsa_msg);
        memcpy(tm, dsa_sk + 64, 64);
        memcpy(tm + 64, m, sizeof m);
        kf_shake256(mu, 64, tm, 64 + sizeof m);
    }
    memcpy(kr, dsa_K, 32);
    memcpy(kr + 32, dsa_rnd, 32);
    memcpy(kr + 64, mu, 64);
    kf_shake256(dsa_rhopp, 64, kr, sizeof kr);
    memcpy(dsa_mu, mu, 64);
    for (int f = 0; f < 3; f++)
        CHECK(kf_key_encode_pkcs8((kf_key_type)(KF_KEY_MLDSA44 + (p == KF_MLDSA44 ? 0 : p == KF_MLDSA65 ? 1 : 2)),
                                  (kf_key_priv_form)(KF_PRIV_SEED + f), dsa_xi, 32, f == 0 ? NULL : dsa_sk, skl,
                                  dsa_der[f], sizeof dsa_der[f], &dsa_derlen[f]) == KF_OK, "encode");

    unwatch_all();
    watch("xi", dsa_xi, 32);
    watch("rho'", dsa_rhop, 32);
    watch("rho' (second half)", dsa_rhop + 32, 32);
    watch("K", dsa_K, 32);
    watch("s1 (as sk stores it)", dsa_s1, 32);
    watch("s2 (as sk stores it)", dsa_s2, 32);
    watch("s1 (int32)", dsa_s1i, 64);
    snprintf(op, sizeof op, "%s keygen", name);
    expect_clean(op, op_dsa_keygen);
    for (dsa_form = 0; dsa_form < 3; dsa_form++) {
        snprintf(op, sizeof op, "%s PKCS#8 decode (%s)", name, forms[dsa_form]);
        expect_clean(op, op_dsa_decode);
    }
    snprintf(op, sizeof op, "%s pk_from_sk", name);
    expect_clean(op, op_dsa_pk_from_sk);
    snprintf(op, sizeof op, "%s check_sk", name);
    expect_clean(op, op_dsa_check_sk);
    watch("rnd", dsa_rnd, 32);
    watch("rho''", dsa_rhopp, 32);
    watch("rho'' (second half)", dsa_rhopp + 32, 32);
    snprintf(op, sizeof op, "%s sign", name);
    expect_clean(op, op_dsa_sign);
    CHECK(kf_mldsa_verify(p, dsa_msg, sizeof dsa_msg, NULL, 0, dsa_sig, kf_mldsa_sig_bytes(p), dsa_pk,
                          kf_mldsa_pk_bytes(p)) == KF_OK, "%s: the signature verifies", name);
    snprintf(op, sizeof op, "%s sign_mu", name);   /* the same mu: the same rho'' */
    expect_clean(op, op_dsa_sign_mu);
    snprintf(op, sizeof op, "%s hash_sign (SHAKE256)", name);   /* another mu, the same K and s1, s2 */
    expect_clean(op, op_dsa_hash_sign);
    unwatch_all();
}

/* ---- SLH-DSA ------------------------------------------------------------------------ */
static kf_slhdsa_param slh_p;
static uint8_t slh_seed[32], slh_prf[32], slh_pub[32], slh_addrnd[32], slh_pk[64], slh_sk[128], slh_der[256];
static uint8_t slh_sig[KF_SLHDSA_SIG_MAX_BYTES];
static size_t slh_derlen;

static void op_slh_keygen(void)
{
    CHECK(kf_slhdsa_keygen_internal(slh_p, slh_pk, slh_sk, slh_seed, slh_prf, slh_pub) == KF_OK, "keygen");
}
static void op_slh_sign(void)
{
    CHECK(kf_slhdsa_sign(slh_p, slh_sig, sizeof slh_sig, dsa_msg, sizeof dsa_msg, NULL, 0, slh_addrnd, slh_sk,
                         kf_slhdsa_sk_bytes(slh_p)) == KF_OK, "sign");
}
static void op_slh_decode(void)
{
    static uint8_t sk[128];
    size_t l;
    kf_key_type t;
    CHECK(kf_key_decode_pkcs8(slh_der, slh_derlen, &t, NULL, NULL, 0, NULL, sk, sizeof sk, &l) == KF_OK, "decode");
}

static uint8_t slh_wots[32];

/* d: the hypertree's layers. slh_wots = PRF(PK.seed, SK.seed, ADRS) for the WOTS+ key of the
 * top layer's tree 0, key pair 0, chain 0 (FIPS 205 Alg. 5 line 5 with the SHAKE PRF of §11.1:
 * SHAKE256(PK.seed || ADRS || SK.seed, 8n); ADRS: layer, tree (12 bytes), type WOTS_PRF = 5,
 * key pair, chain, hash, each big-endian): key generation computes it for the root. */
static void test_slhdsa(kf_slhdsa_param p, unsigned d, const char *name)
{
    size_t n = kf_slhdsa_n(p);
    uint8_t in[32 + 32 + 32] = {0};
    char op[80];
    slh_p = p;
    rnd_bytes(slh_seed, n);
    rnd_bytes(slh_prf, n);
    rnd_bytes(slh_pub, n);
    rnd_bytes(slh_addrnd, n);
    memcpy(in, slh_pub, n);
    in[n + 3] = (uint8_t)(d - 1);   /* layer */
    in[n + 19] = 5;                 /* type WOTS_PRF */
    memcpy(in + n + 32, slh_seed, n);
    kf_shake256(slh_wots, n, in, 2 * n + 32);
    CHECK(kf_slhdsa_keygen_internal(p, slh_pk, slh_sk, slh_seed, slh_prf, slh_pub) == KF_OK, "keygen");
    CHECK(kf_key_encode_pkcs8((kf_key_type)(KF_KEY_SLHDSA_SHAKE_128S + (p - KF_SLHDSA_SHAKE_128S)), KF_PRIV_DEFAULT, NULL,
                              0, slh_sk, 4 * n, slh_der, sizeof slh_der, &slh_derlen) == KF_OK, "encode");
    unwatch_all();
    watch("SK.seed", slh_seed, n);
    watch("SK.prf", slh_prf, n);
    watch("a WOTS+ secret of the top layer", slh_wots, n);
    snprintf(op, sizeof op, "%s keygen", name);
    expect_clean(op, op_slh_keygen);
    snprintf(op, sizeof op, "%s PKCS#8 decode", name);
    expect_clean(op, op_slh_decode);
    watch("addrnd", slh_addrnd, n);
    snprintf(op, sizeof op, "%s sign", name);
    expect_clean(op, op_slh_sign);
    unwatch_all();
}
#endif

int main(void)
{
#if !HEAP_RESIDUE_AVAILABLE
    printf("test_secret_residue skipped: needs glibc's allocator and no sanitizer (tests/heap_residue.h)\n");
    return 77;
#else
    printf("backend %s, batched %s\n", kf_backend_name(), kf_backend_batch_name());
    controls();
    test_mlkem(KF_MLKEM512, 2, "ML-KEM-512");
    test_mlkem(KF_MLKEM768, 3, "ML-KEM-768");
    test_mlkem(KF_MLKEM1024, 4, "ML-KEM-1024");
    test_mldsa(KF_MLDSA44, 4, 4, 2, "ML-DSA-44");
    test_mldsa(KF_MLDSA65, 6, 5, 4, "ML-DSA-65");
    test_mldsa(KF_MLDSA87, 8, 7, 2, "ML-DSA-87");
    test_slhdsa(KF_SLHDSA_SHAKE_128F, 22, "SLH-DSA-SHAKE-128f");
    test_slhdsa(KF_SLHDSA_SHAKE_256F, 17, "SLH-DSA-SHAKE-256f");
    printf("test_secret_residue: %d operations, %d failure(s)\n", ops_run, failures);
    return failures ? 1 : 0;
#endif
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * make_seeds.c - writes the seed corpora of the fuzz targets, from the library's own code:
 *   fuzz_make_seeds OUTDIR     ->  OUTDIR/<target>/seed-NNN
 * Each seed follows its target's input layout (see the target's comment), so the fuzzer
 * starts from inputs that reach deep: every mode and set, valid keys and ciphertexts from
 * ML-KEM KeyGen/Encaps, tampered-signature inputs for SLH-DSA, and real checksum lines
 * (digests computed here of the files the --check target creates) for kforge sum.
 * Pseudo-random filler is SHAKE128 of a counter. Nothing is downloaded.
 */
#include "keccakforge.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *outdir;
static unsigned counter;

static void put(const char *target, const uint8_t *p, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", outdir, target);
    if (mkdir(path, 0755) != 0 && errno != EEXIST) {
        perror(path);
        exit(1);
    }
    snprintf(path, sizeof path, "%s/%s/seed-%03u", outdir, target, counter++);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
        perror(path);
        exit(1);
    }
}

static void filler(uint8_t *p, size_t n, unsigned tag)
{
    uint8_t t[4] = {(uint8_t)tag, (uint8_t)(tag >> 8), (uint8_t)(tag >> 16), 0x5E};
    kf_shake128(p, n, t, sizeof t);
}

static void modes(void)
{
    uint8_t buf[1200];
    for (unsigned mode = 0; mode < 6; mode++)
        for (unsigned v = 0; v < 4; v++) {
            size_t n = 40 + 300 * v;
            filler(buf, n, 100 * mode + v);
            buf[0] = (uint8_t)mode;
            /* shape: message share of the input (>> 3); low bits 0 = big message (KT/PH only) */
            buf[1] = (uint8_t)((v == 3 && mode >= 4) ? 0x08 : (0x81 | (uint8_t)(v << 4)));
            buf[2] = (uint8_t)(v == 1 ? 3 : 0); /* bits dropped */
            put("fuzz_modes", buf, n);
        }
}

static void batch(void)
{
    uint8_t buf[800];
    for (unsigned alg = 0; alg < 6; alg++)
        for (unsigned v = 0; v < 3; v++) {
            filler(buf, sizeof buf, 1000 + 10 * alg + v);
            buf[0] = 1;                      /* batch case */
            buf[1] = (uint8_t)alg;
            put("fuzz_batch", buf, 100 + 300 * v);
        }
    filler(buf, 200, 1100);
    buf[0] = 0; /* KT / ParallelHash case */
    put("fuzz_batch", buf, 200);
    buf[1] = 1;
    put("fuzz_batch", buf, 200);
}

static void mlkem(void)
{
    static const kf_mlkem_param sets[3] = {KF_MLKEM512, KF_MLKEM768, KF_MLKEM1024};
    uint8_t buf[8000], ek[KF_MLKEM_EK_MAX_BYTES], dk[KF_MLKEM_DK_MAX_BYTES], ct[KF_MLKEM_CT_MAX_BYTES], ss[32];
    for (unsigned s = 0; s < 3; s++) {
        size_t ekb = kf_mlkem_ek_bytes(sets[s]), dkb = kf_mlkem_dk_bytes(sets[s]), ctb = kf_mlkem_ct_bytes(sets[s]);
        uint8_t dz[64], m[32];
        filler(dz, 64, 2000 + s);
        filler(m, 32, 2100 + s);
        kf_mlkem_keygen_internal(sets[s], ek, dk, dz, dz + 32);
        kf_mlkem_encaps_internal(sets[s], ct, ss, ek, ekb, m);
        /* encaps: keys from KeyGen seeds, unmutated and mutated */
        buf[0] = (uint8_t)(s | 4);
        memcpy(buf + 1, m, 32);
        memcpy(buf + 33, dz, 64);
        buf[97] = 0;
        put("fuzz_mlkem_encaps", buf, 98);
        buf[97] = 1;
        buf[98] = 7, buf[99] = 0, buf[100] = 0xF0; /* a coefficient pushed to >= q */
        put("fuzz_mlkem_encaps", buf, 101);
        /* encaps: raw ek bytes, canonical (a real key) and with a coefficient of 4095 */
        buf[0] = (uint8_t)s;
        memcpy(buf + 1, m, 32);
        memcpy(buf + 33, ek, ekb);
        put("fuzz_mlkem_encaps", buf, 33 + ekb);
        buf[33 + 30] = 0xFF, buf[33 + 31] |= 0x0F;
        put("fuzz_mlkem_encaps", buf, 33 + ekb);
        /* decaps: the valid ciphertext, one mutated, arbitrary bytes */
        buf[0] = (uint8_t)s;
        memcpy(buf + 1, dz, 64);
        memcpy(buf + 65, m, 32);
        buf[97] = 0;
        put("fuzz_mlkem_decaps", buf, 98);
        buf[97] = 1, buf[98] = 5, buf[99] = 0, buf[100] = 1;
        put("fuzz_mlkem_decaps", buf, 101);
        buf[0] = (uint8_t)(s | 8);
        memcpy(buf + 97, ct, ctb);
        buf[97 + ctb / 2] ^= 0x40;
        put("fuzz_mlkem_decaps", buf, 97 + ctb);
        /* decaps: a raw dk (a real one, so the hash check passes) and its ciphertext */
        buf[0] = (uint8_t)(s | 4);
        memcpy(buf + 1, dk, dkb);
        memcpy(buf + 1 + dkb, ct, ctb);
        put("fuzz_mlkem_decaps", buf, 1 + dkb + ctb);
        buf[0] = (uint8_t)(s | 4 | 8); /* the harness rewrites H(ek) */
        buf[1 + 100] ^= 1;
        put("fuzz_mlkem_decaps", buf, 1 + dkb + ctb);
    }
}

static void slhdsa(void)
{
    uint8_t buf[20000];
    for (unsigned v = 0; v < 3; v++) {
        /* tampered mode: valid signature v, no change / one byte / message / length */
        uint8_t t0[] = {0, (uint8_t)v, 0, 0};
        put("fuzz_slhdsa_verify", t0, sizeof t0);
        uint8_t t1[] = {0, (uint8_t)v, 0, 1, 0x12, 0x34, 0x56, 0x01};
        put("fuzz_slhdsa_verify", t1, sizeof t1);
        uint8_t t2[] = {0, (uint8_t)v, 1, 0, 0x80, 3};
        put("fuzz_slhdsa_verify", t2, sizeof t2);
        uint8_t t3[] = {0, (uint8_t)v, 32, 0, 31};
        put("fuzz_slhdsa_verify", t3, sizeof t3);
    }
    /* arbitrary mode: each set, pure and pre-hash, with a signature of the right size made
     * by signing under another key (so it has the right shape but does not verify) */
    for (unsigned s = 1; s <= 6; s += 1) {
        if (s != KF_SLHDSA_SHAKE_128F && s != KF_SLHDSA_SHAKE_128S) continue; /* 's'/'f' 128 only: fast */
        size_t pkl = kf_slhdsa_pk_bytes((kf_slhdsa_param)s), sl = kf_slhdsa_sig_bytes((kf_slhdsa_param)s);
        uint8_t pk[64], sk[128], seed[32];
        filler(seed, 32, 3000 + s);
        kf_slhdsa_keygen_internal((kf_slhdsa_param)s, pk, sk, seed, seed, seed);
        size_t o = 0;
        buf[o++] = 1;
        buf[o++] = (uint8_t)(s - 1);
        buf[o++] = 0;
        filler(buf + o, pkl, 3100 + s); /* another key */
        o += pkl;
        buf[o++] = 0; /* empty context */
        buf[o++] = 5;
        memcpy(buf + o, "hello", 5);
        o += 5;
        kf_slhdsa_sign((kf_slhdsa_param)s, buf + o, sl, "hello", 5, "", 0, NULL, sk, kf_slhdsa_sk_bytes((kf_slhdsa_param)s));
        o += sl;
        put("fuzz_slhdsa_verify", buf, o);
    }
}

/* fuzz_mldsa: its three modes (the harness makes its valid signatures and key templates
 * itself; these seeds select them, change a byte, or bring keys and signatures of their own) */
static void mldsa(void)
{
    static uint8_t buf[16384], sk[KF_MLDSA_SK_MAX_BYTES];
    static const kf_mldsa_param sets[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
    static const kf_key_type types[3] = {KF_KEY_MLDSA44, KF_KEY_MLDSA65, KF_KEY_MLDSA87};
    for (uint8_t v = 0; v < 4; v++) {
        uint8_t t0[] = {0, v, 0, 0, 3, 1};                         /* unchanged, in a batch of 4 */
        put("fuzz_mldsa", t0, sizeof t0);
        uint8_t t1[] = {0, v, 0, 1, 0x34, 0x12, 0x56, 0x01};        /* one signature byte */
        put("fuzz_mldsa", t1, sizeof t1);
        uint8_t t2[] = {0, v, 4 | 32, 0, 0x10, 0x00, 0x80, 31};     /* public key, length */
        put("fuzz_mldsa", t2, sizeof t2);
    }
    for (unsigned s = 0; s < 3; s++) {
        /* arbitrary mode: pure, with a signature of the right shape made under another key */
        uint8_t pk[KF_MLDSA_PK_MAX_BYTES], xi[32];
        size_t pkl = kf_mldsa_pk_bytes(sets[s]), sl = kf_mldsa_sig_bytes(sets[s]), o = 0;
        filler(xi, 32, 4000 + s);
        kf_mldsa_keygen_internal(sets[s], pk, sk, xi);
        buf[o++] = 1;
        buf[o++] = (uint8_t)s;
        buf[o++] = 0;
        filler(buf + o, pkl, 4100 + s);
        o += pkl;
        buf[o++] = 0;
        buf[o++] = 5;
        memcpy(buf + o, "hello", 5);
        o += 5;
        kf_mldsa_sign(sets[s], buf + o, sl, "hello", 5, "", 0, NULL, sk, kf_mldsa_sk_bytes(sets[s]));
        o += sl;
        put("fuzz_mldsa", buf, o);
        /* keys mode: an arbitrary DER that is an ML-DSA key of this set (seed form) */
        size_t n = 0;
        buf[0] = 2;
        buf[1] = 0;
        kf_key_encode_pkcs8(types[s], KF_PRIV_SEED, xi, 32, NULL, 0, buf + 2, sizeof buf - 2, &n);
        put("fuzz_mldsa", buf, 2 + n);
        kf_key_encode_spki(types[s], pk, pkl, buf + 2, sizeof buf - 2, &n);
        put("fuzz_mldsa", buf, 2 + n);
    }
    kf_wipe(sk, sizeof sk);
    for (uint8_t t = 0; t < 6; t++) {
        uint8_t k0[] = {2, 1, t, 0, 0};                             /* a template unchanged */
        put("fuzz_mldsa", k0, sizeof k0);
        uint8_t k1[] = {2, 1, t, 1, 0xf0, 0x00, 0x01, 0};           /* one byte of it changed */
        put("fuzz_mldsa", k1, sizeof k1);
    }
}

static void hexline(char *out, size_t cap, const char *alg_note, const uint8_t *d, size_t n, const char *name,
                    int star)
{
    (void)alg_note;
    size_t o = 0;
    for (size_t i = 0; i < n && o + 3 < cap; i++) o += (size_t)snprintf(out + o, cap - o, "%02x", d[i]);
    snprintf(out + o, cap - o, "%s%s\n", star ? " *" : "  ", name);
}

static void sum_check(void)
{
    /* the files the target makes: a = "abc", b = empty, "c d" = bytes 0..999 mod 256 */
    uint8_t cd[1000], d[64], buf[4096];
    for (int i = 0; i < 1000; i++) cd[i] = (uint8_t)i;
    char line[400];
    /* algorithm index 1 = sha3-256, 4 = shake128, 8 = kt128 (fuzz_sum_check.c's table) */
    kf_sha3_256(d, "abc", 3);
    size_t o = 0;
    buf[o++] = 1;
    hexline(line, sizeof line, "", d, 32, "a", 0);
    o += (size_t)sprintf((char *)buf + o, "%s", line);
    kf_sha3_256(d, "", 0);
    hexline(line, sizeof line, "", d, 32, "b", 1);
    o += (size_t)sprintf((char *)buf + o, "%s# comment\n\n", line);
    kf_sha3_256(d, cd, sizeof cd);
    hexline(line, sizeof line, "", d, 32, "c d", 0);
    o += (size_t)sprintf((char *)buf + o, "%s", line);
    put("fuzz_sum_check", buf, o);
    /* shake128 of any whole-byte length; a mismatch; a malformed line; an escaped name */
    o = 0;
    buf[o++] = 4;
    kf_shake128(d, 20, "abc", 3);
    hexline(line, sizeof line, "", d, 20, "a", 0);
    o += (size_t)sprintf((char *)buf + o, "%s", line);
    d[3] ^= 1;
    hexline(line, sizeof line, "", d, 20, "a", 0);
    o += (size_t)sprintf((char *)buf + o, "%sxyz  a\r\n\\", line);
    kf_shake128(d, 64, "", 0);
    hexline(line, sizeof line, "", d, 64, "b\\\\x", 0);
    o += (size_t)sprintf((char *)buf + o, "%s", line);
    put("fuzz_sum_check", buf, o);
    o = 0;
    buf[o++] = 8;
    kf_kt128(d, 32, cd, sizeof cd, NULL, 0);
    hexline(line, sizeof line, "", d, 32, "c d", 0);
    o += (size_t)sprintf((char *)buf + o, "%s%s", line, "00  missing\n");
    put("fuzz_sum_check", buf, o);
}

static void keys(void)
{
    /* real keys, encoded by the library: SPKI, PKCS#8 in each form, PEM */
    static uint8_t der[8192], buf[16384], ek[KF_MLKEM_EK_MAX_BYTES], dk[KF_MLKEM_DK_MAX_BYTES];
    static char pem[16384];
    uint8_t dz[64], pk[64], sk[128], seed[32];
    size_t len = 0, plen = 0;
    filler(dz, 64, 4000);
    kf_mlkem_keygen_internal(KF_MLKEM512, ek, dk, dz, dz + 32);
    filler(seed, 32, 4001);
    kf_slhdsa_keygen_internal(KF_SLHDSA_SHAKE_128F, pk, sk, seed, seed + 16, seed);
    if (kf_key_encode_spki(KF_KEY_MLKEM512, ek, KF_MLKEM512_EK_BYTES, der, sizeof der, &len) == KF_OK) {
        buf[0] = 0;
        memcpy(buf + 1, der, len);
        put("fuzz_key_decode", buf, len + 1);
        if (kf_pem_encode("PUBLIC KEY", der, len, pem, sizeof pem, &plen) == KF_OK) {
            buf[0] = 2;
            memcpy(buf + 1, pem, plen);
            put("fuzz_key_decode", buf, plen + 1);
        }
    }
    if (kf_key_encode_spki(KF_KEY_SLHDSA_SHAKE_128F, pk, 32, der, sizeof der, &len) == KF_OK) {
        buf[0] = 0;
        memcpy(buf + 1, der, len);
        put("fuzz_key_decode", buf, len + 1);
    }
    for (int form = KF_PRIV_SEED; form <= KF_PRIV_BOTH; form++)
        if (kf_key_encode_pkcs8(KF_KEY_MLKEM512, (kf_key_priv_form)form, dz, 64, form == KF_PRIV_SEED ? NULL : dk,
                                form == KF_PRIV_SEED ? 0 : KF_MLKEM512_DK_BYTES, der, sizeof der, &len) == KF_OK) {
            buf[0] = 1;
            memcpy(buf + 1, der, len);
            put("fuzz_key_decode", buf, len + 1);
            if (form == KF_PRIV_SEED && kf_pem_encode("PRIVATE KEY", der, len, pem, sizeof pem, &plen) == KF_OK) {
                buf[0] = 2;
                memcpy(buf + 1, pem, plen);
                put("fuzz_key_decode", buf, plen + 1);
            }
        }
    if (kf_key_encode_pkcs8(KF_KEY_SLHDSA_SHAKE_128F, KF_PRIV_DEFAULT, NULL, 0, sk, 64, der, sizeof der, &len) == KF_OK) {
        buf[0] = 1;
        memcpy(buf + 1, der, len);
        put("fuzz_key_decode", buf, len + 1);
    }
    /* ML-DSA-44: SPKI and the three PKCS#8 forms */
    static uint8_t mpk[KF_MLDSA44_PK_BYTES], msk[KF_MLDSA44_SK_BYTES];
    kf_mldsa_keygen_internal(KF_MLDSA44, mpk, msk, seed);
    if (kf_key_encode_spki(KF_KEY_MLDSA44, mpk, sizeof mpk, der, sizeof der, &len) == KF_OK) {
        buf[0] = 0;
        memcpy(buf + 1, der, len);
        put("fuzz_key_decode", buf, len + 1);
    }
    for (int form = KF_PRIV_SEED; form <= KF_PRIV_BOTH; form++)
        if (kf_key_encode_pkcs8(KF_KEY_MLDSA44, (kf_key_priv_form)form, seed, 32, msk, sizeof msk, der, sizeof der,
                                &len) == KF_OK) {
            buf[0] = 1;
            memcpy(buf + 1, der, len);
            put("fuzz_key_decode", buf, len + 1);
        }
    kf_wipe(msk, sizeof msk);
}

/* fuzz_provider (fuzz_provider.c's layout: a selector byte, then the entry point's bytes).
 * The target's fixed ML-KEM keys come from SHAKE128("mlkem" || set index), as here, so the
 * seeds hold valid ciphertexts for them. */
static void provider(void)
{
    static const kf_mlkem_param sets[3] = {KF_MLKEM512, KF_MLKEM768, KF_MLKEM1024};
    static uint8_t buf[24000], der[8192], ek[KF_MLKEM_EK_MAX_BYTES], dk[KF_MLKEM_DK_MAX_BYTES];
    static char pem[12000];
    uint8_t ct[KF_MLKEM_CT_MAX_BYTES], ss[32], m[32], dz[64];
    size_t len = 0, plen = 0;
    for (unsigned s = 0; s < 3; s++) {
        uint8_t tag[] = {'m', 'l', 'k', 'e', 'm', (uint8_t)s};
        kf_key_type t = (kf_key_type)(KF_KEY_MLKEM512 + s);
        size_t ekb = kf_mlkem_ek_bytes(sets[s]), dkb = kf_mlkem_dk_bytes(sets[s]), ctb = kf_mlkem_ct_bytes(sets[s]);
        kf_shake128(dz, 64, tag, sizeof tag);
        filler(m, 32, 5000 + s);
        kf_mlkem_keygen_internal(sets[s], ek, dk, dz, dz + 32);
        kf_mlkem_encaps_internal(sets[s], ct, ss, ek, ekb, m);
        /* 3: decapsulation of the valid ciphertext, and of a short one */
        buf[0] = 3, buf[1] = (uint8_t)s;
        memcpy(buf + 2, ct, ctb);
        put("fuzz_provider", buf, 2 + ctb);
        put("fuzz_provider", buf, 2 + ctb / 2);
        /* 4: encapsulation to the key (fromdata; set1_encoded_public_key) */
        buf[0] = 4, buf[1] = (uint8_t)s;
        memcpy(buf + 2, ek, ekb);
        put("fuzz_provider", buf, 2 + ekb);
        buf[1] = (uint8_t)(s | 0x80);
        put("fuzz_provider", buf, 2 + ekb);
        /* 2: import of pub, priv, seed, and all three */
        buf[0] = 2, buf[1] = (uint8_t)(s + 9); /* keypair selection */
        buf[2] = 1, buf[3] = 0x10 | 0;         /* one parameter: pub, the set's size */
        memcpy(buf + 4, ek, ekb);
        put("fuzz_provider", buf, 4 + ekb);
        buf[3] = 0x10 | 1;
        memcpy(buf + 4, dk, dkb);
        put("fuzz_provider", buf, 4 + dkb);
        buf[2] = 0x81; /* H(ek) rewritten by the harness */
        put("fuzz_provider", buf, 4 + dkb);
        buf[2] = 1, buf[3] = 0x10 | 2;
        memcpy(buf + 4, dz, 64);
        buf[4 + 64] = 1, buf[4 + 65] = 0; /* then set1_encoded_public_key */
        memcpy(buf + 4 + 66, ek, ekb);
        put("fuzz_provider", buf, 4 + 66 + ekb);
        buf[2] = 3;
        size_t o = 3;
        buf[o++] = 0x10 | 2, memcpy(buf + o, dz, 64), o += 64;
        buf[o++] = 0x10 | 1, memcpy(buf + o, dk, dkb), o += dkb;
        buf[o++] = 0x10 | 0, memcpy(buf + o, ek, ekb), o += ekb;
        put("fuzz_provider", buf, o);
        /* 0, 1: PKCS#8 in each form and SPKI, DER and PEM */
        for (int form = KF_PRIV_SEED; form <= KF_PRIV_BOTH; form++) {
            if (kf_key_encode_pkcs8(t, (kf_key_priv_form)form, dz, 64, form == KF_PRIV_SEED ? NULL : dk,
                                    form == KF_PRIV_SEED ? 0 : dkb, der, sizeof der, &len) != KF_OK)
                continue;
            buf[0] = 0, buf[1] = 0, buf[2] = 0;
            memcpy(buf + 3, der, len);
            put("fuzz_provider", buf, 3 + len);
            if (form == KF_PRIV_BOTH && kf_pem_encode("PRIVATE KEY", der, len, pem, sizeof pem, &plen) == KF_OK) {
                buf[1] = 1;
                memcpy(buf + 3, pem, plen);
                put("fuzz_provider", buf, 3 + plen);
                buf[0] = 1, buf[1] = 2;
                memcpy(buf + 2, pem, plen);
                put("fuzz_provider", buf, 2 + plen);
            }
            if (form == KF_PRIV_EXPANDED) {
                buf[0] = 1, buf[1] = 0;
                memcpy(buf + 2, der, len);
                put("fuzz_provider", buf, 2 + len);
            }
        }
        if (kf_key_encode_spki(t, ek, ekb, der, sizeof der, &len) == KF_OK) {
            buf[0] = 0, buf[1] = 0, buf[2] = 1; /* public selection */
            memcpy(buf + 3, der, len);
            put("fuzz_provider", buf, 3 + len);
            buf[0] = 1, buf[1] = 1;
            memcpy(buf + 2, der, len);
            put("fuzz_provider", buf, 2 + len);
        }
    }
    /* SLH-DSA: keys of every set (import, SPKI, PKCS#8); verify of the fixed key */
    for (unsigned i = 0; i < 6; i++) {
        kf_slhdsa_param P = (kf_slhdsa_param)(KF_SLHDSA_SHAKE_128S + i);
        kf_key_type t = (kf_key_type)(KF_KEY_SLHDSA_SHAKE_128S + i);
        size_t n = kf_slhdsa_n(P), pkb = kf_slhdsa_pk_bytes(P), skb = kf_slhdsa_sk_bytes(P);
        uint8_t pk[64], sk[128], seed[96];
        filler(seed, 3 * n, 5100 + i);
        kf_slhdsa_keygen_internal(P, pk, sk, seed, seed + n, seed + 2 * n);
        buf[0] = 2, buf[1] = (uint8_t)(3 + i + 9), buf[2] = 1, buf[3] = 0x10 | 1;
        memcpy(buf + 4, sk, skb);
        put("fuzz_provider", buf, 4 + skb);
        if (kf_key_encode_pkcs8(t, KF_PRIV_DEFAULT, NULL, 0, sk, skb, der, sizeof der, &len) == KF_OK) {
            buf[0] = 0, buf[1] = 0, buf[2] = 0;
            memcpy(buf + 3, der, len);
            put("fuzz_provider", buf, 3 + len);
        }
        if (kf_key_encode_spki(t, pk, pkb, der, sizeof der, &len) == KF_OK &&
            kf_pem_encode("PUBLIC KEY", der, len, pem, sizeof pem, &plen) == KF_OK) {
            buf[0] = 0, buf[1] = 1, buf[2] = 1;
            memcpy(buf + 3, pem, plen);
            put("fuzz_provider", buf, 3 + plen);
        }
        if (P == KF_SLHDSA_SHAKE_128F) {
            /* 6: a valid signature under this key, with a context string */
            size_t sl = kf_slhdsa_sig_bytes(P), o = 0;
            buf[o++] = 6, buf[o++] = (uint8_t)i, buf[o++] = 1;
            memcpy(buf + o, pk, pkb), o += pkb;
            buf[o++] = 3, memcpy(buf + o, "ctx", 3), o += 3;
            buf[o++] = 5, memcpy(buf + o, "hello", 5), o += 5;
            kf_slhdsa_sign(P, buf + o, sl, "hello", 5, "ctx", 3, NULL, sk, skb);
            put("fuzz_provider", buf, o + sl);
            buf[2] = 1 | 4; /* EVP_DigestVerify */
            put("fuzz_provider", buf, o + sl);
        }
    }
    /* ML-DSA-44/65/87: 9 import (seed xi, expanded sk, pk, all three), 10 verify of the
     * target's fixed key (its xi is SHAKE128("fuzz_provider ml-dsa" || set index), as here;
     * the target signs), 11 verify of a key and signature from the input, 0/1 PKCS#8 in
     * each form and SPKI */
    for (unsigned s = 0; s < 3; s++) {
        static const kf_mldsa_param msets[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
        static uint8_t mpk[KF_MLDSA_PK_MAX_BYTES], msk[KF_MLDSA_SK_MAX_BYTES];
        kf_mldsa_param P = msets[s];
        kf_key_type t = (kf_key_type)(KF_KEY_MLDSA44 + s);
        size_t pkb = kf_mldsa_pk_bytes(P), skb = kf_mldsa_sk_bytes(P), sl = kf_mldsa_sig_bytes(P), o;
        uint8_t xi[32];
        filler(xi, 32, 5200 + s);
        kf_mldsa_keygen_internal(P, mpk, msk, xi);
        buf[0] = 9, buf[1] = (uint8_t)(s + 3); /* keypair selection */
        buf[2] = 1, buf[3] = 0x10 | 2;
        memcpy(buf + 4, xi, 32);
        buf[4 + 32] = 1, buf[4 + 33] = 0; /* then set1_encoded_public_key */
        memcpy(buf + 4 + 34, mpk, pkb);
        put("fuzz_provider", buf, 4 + 34 + pkb);
        buf[3] = 0x10 | 1;
        memcpy(buf + 4, msk, skb);
        put("fuzz_provider", buf, 4 + skb);
        buf[3] = 0x10 | 0;
        memcpy(buf + 4, mpk, pkb);
        put("fuzz_provider", buf, 4 + pkb);
        buf[2] = 3, o = 3;
        buf[o++] = 0x10 | 2, memcpy(buf + o, xi, 32), o += 32;
        buf[o++] = 0x10 | 1, memcpy(buf + o, msk, skb), o += skb;
        buf[o++] = 0x10 | 0, memcpy(buf + o, mpk, pkb), o += pkb;
        put("fuzz_provider", buf, o);
        buf[0] = 10, buf[1] = (uint8_t)s, buf[2] = 0;
        put("fuzz_provider", buf, 3);
        buf[2] = 32 | 1, buf[3] = 0, buf[4] = 0x55, buf[5] = 0x07, buf[6] = 0; /* DigestVerify, one edit */
        put("fuzz_provider", buf, 7);
        o = 0;
        buf[o++] = 11, buf[o++] = (uint8_t)s, buf[o++] = 1;
        memcpy(buf + o, mpk, pkb), o += pkb;
        buf[o++] = 3, memcpy(buf + o, "ctx", 3), o += 3;
        buf[o++] = 5, memcpy(buf + o, "hello", 5), o += 5;
        kf_mldsa_sign(P, buf + o, sl, "hello", 5, "ctx", 3, NULL, msk, skb);
        put("fuzz_provider", buf, o + sl);
        buf[2] = 1 | 4; /* EVP_DigestVerify */
        put("fuzz_provider", buf, o + sl);
        for (int form = KF_PRIV_SEED; form <= KF_PRIV_BOTH; form++) {
            if (kf_key_encode_pkcs8(t, (kf_key_priv_form)form, xi, 32, form == KF_PRIV_SEED ? NULL : msk,
                                    form == KF_PRIV_SEED ? 0 : skb, der, sizeof der, &len) != KF_OK)
                continue;
            buf[0] = 0, buf[1] = 0, buf[2] = 0;
            memcpy(buf + 3, der, len);
            put("fuzz_provider", buf, 3 + len);
            if (form == KF_PRIV_BOTH && kf_pem_encode("PRIVATE KEY", der, len, pem, sizeof pem, &plen) == KF_OK) {
                buf[0] = 1, buf[1] = 2;
                memcpy(buf + 2, pem, plen);
                put("fuzz_provider", buf, 2 + plen);
            }
        }
        if (kf_key_encode_spki(t, mpk, pkb, der, sizeof der, &len) == KF_OK) {
            buf[0] = 0, buf[1] = 0, buf[2] = 1; /* public selection */
            memcpy(buf + 3, der, len);
            put("fuzz_provider", buf, 3 + len);
            buf[0] = 1, buf[1] = 1;
            memcpy(buf + 2, der, len);
            put("fuzz_provider", buf, 2 + len);
        }
        kf_wipe(msk, sizeof msk);
    }
    /* 7: X25519MLKEM768: the fixed server share unchanged, edited in each half, cut short, any
     * bytes; encapsulation to the fixed share, to a valid ML-KEM-768 key with an X25519 key */
    uint8_t h0[] = {7, 0}, h1[] = {7, 4, 0x10, 0x00, 0x01}, h2[] = {7, 4, 0x50, 0x04, 0x80}, h3[] = {7, 16, 0x00, 0x02},
            h4[] = {7, 5};
    put("fuzz_provider", h0, sizeof h0);
    put("fuzz_provider", h1, sizeof h1);
    put("fuzz_provider", h2, sizeof h2);
    put("fuzz_provider", h3, sizeof h3);
    put("fuzz_provider", h4, sizeof h4);
    buf[0] = 7, buf[1] = 2;
    filler(buf + 2, 1120, 5200);
    put("fuzz_provider", buf, 2 + 1120);
    filler(dz, 64, 5201);
    kf_mlkem_keygen_internal(KF_MLKEM768, ek, dk, dz, dz + 32);
    buf[0] = 7, buf[1] = 1;
    memcpy(buf + 2, ek, 1184);
    filler(buf + 2 + 1184, 32, 5202);
    put("fuzz_provider", buf, 2 + 1216);
    /* 8: ML-KEM key generation: a seed for each set, with a group name, none */
    for (unsigned s = 0; s < 3; s++) {
        buf[0] = 8, buf[1] = (uint8_t)s;
        filler(buf + 2, 64, 5300 + s);
        put("fuzz_provider", buf, 66);
        buf[1] = (uint8_t)(s | 8 | s << 4);
        put("fuzz_provider", buf, 66);
    }
    uint8_t g0[] = {8, 0x80 | 1};
    put("fuzz_provider", g0, sizeof g0);
    /* 8 with bit 4 and no group: ML-DSA key generation from a 32-byte xi for each set, and none */
    for (unsigned s = 0; s < 3; s++) {
        buf[0] = 8, buf[1] = (uint8_t)(0x10 | s);
        filler(buf + 2, 32, 5310 + s);
        put("fuzz_provider", buf, 34);
    }
    uint8_t g1[] = {8, 0x80 | 0x10 | 2};
    put("fuzz_provider", g1, sizeof g1);
    /* 5: the fixed key's signature unchanged (both APIs), one edit, cut short */
    uint8_t v0[] = {5, 0}, v1[] = {5, 32}, v2[] = {5, 1, 0, 0x40, 0x10, 0x00}, v3[] = {5, 4, 0x00, 0x20};
    put("fuzz_provider", v0, sizeof v0);
    put("fuzz_provider", v1, sizeof v1);
    put("fuzz_provider", v2, sizeof v2);
    put("fuzz_provider", v3, sizeof v3);
}

/* fuzz_cli_keyfile: a selector byte (key kind | in-memory << 2 | set << 3), then a key file:
 * raw, hex (with white space), DER, PEM (with text after it, and with text before it). */
static void cli_one(unsigned sel, const uint8_t *key, size_t n, kf_key_type t, int is_private, const uint8_t *seed,
                    size_t seedlen)
{
    static uint8_t buf[20000], der[8192];
    static char pem[12000];
    size_t len = 0, plen = 0;
    buf[0] = (uint8_t)sel;
    memcpy(buf + 1, key, n);
    put("fuzz_cli_keyfile", buf, 1 + n);
    size_t o = 1;
    buf[o++] = ' ';
    for (size_t i = 0; i < n; i++) o += (size_t)sprintf((char *)buf + o, "%02x", key[i]);
    buf[o++] = '\n';
    put("fuzz_cli_keyfile", buf, o);
    int rc = is_private ? kf_key_encode_pkcs8(t, seed ? KF_PRIV_BOTH : KF_PRIV_DEFAULT, seed, seed ? seedlen : 0, key, n, der,
                                              sizeof der, &len)
                        : kf_key_encode_spki(t, key, n, der, sizeof der, &len);
    if (rc != KF_OK) return;
    memcpy(buf + 1, der, len);
    put("fuzz_cli_keyfile", buf, 1 + len);
    if (kf_pem_encode(is_private ? "PRIVATE KEY" : "PUBLIC KEY", der, len, pem, sizeof pem, &plen) != KF_OK) return;
    memcpy(buf + 1, pem, plen);
    memcpy(buf + 1 + plen, "made by kforge\n", 15);
    put("fuzz_cli_keyfile", buf, 1 + plen + 15);
    memcpy(buf + 1, "Key:\n", 5);
    memcpy(buf + 6, pem, plen);
    put("fuzz_cli_keyfile", buf, 6 + plen);
}

static void cli_keyfile(void)
{
    static const kf_mlkem_param sets[3] = {KF_MLKEM512, KF_MLKEM768, KF_MLKEM1024};
    static uint8_t ek[KF_MLKEM_EK_MAX_BYTES], dk[KF_MLKEM_DK_MAX_BYTES];
    uint8_t dz[64];
    for (unsigned s = 0; s < 3; s++) {
        kf_key_type t = (kf_key_type)(KF_KEY_MLKEM512 + s);
        filler(dz, 64, 6000 + s);
        kf_mlkem_keygen_internal(sets[s], ek, dk, dz, dz + 32);
        cli_one(0 | s << 3, ek, kf_mlkem_ek_bytes(sets[s]), t, 0, NULL, 0);
        cli_one(1 | 4 | s << 3, dk, kf_mlkem_dk_bytes(sets[s]), t, 1, s == 1 ? dz : NULL, 64);
        if (s == 0) {
            cli_one(0 | 4 | s << 3, ek, kf_mlkem_ek_bytes(sets[s]), t, 0, NULL, 0);
            cli_one(1 | s << 3, dk, kf_mlkem_dk_bytes(sets[s]), t, 1, dz, 64);
        }
    }
    /* SLH-DSA: the SHAKE-128f key fuzz_cli_keyfile's verify expects (SHAKE128("cli keyfile")), 256f */
    uint8_t seed[96], pk[64], sk[128];
    kf_shake128(seed, 48, "cli keyfile", 11);
    kf_slhdsa_keygen_internal(KF_SLHDSA_SHAKE_128F, pk, sk, seed, seed + 16, seed + 32);
    cli_one(2 | 1 << 3, pk, 32, KF_KEY_SLHDSA_SHAKE_128F, 0, NULL, 0);
    cli_one(3 | 4 | 1 << 3, sk, 64, KF_KEY_SLHDSA_SHAKE_128F, 1, NULL, 0);
    filler(seed, 96, 6100);
    kf_slhdsa_keygen_internal(KF_SLHDSA_SHAKE_256F, pk, sk, seed, seed + 32, seed + 64);
    cli_one(2 | 4 | 5 << 3, pk, 64, KF_KEY_SLHDSA_SHAKE_256F, 0, NULL, 0);
    cli_one(3 | 5 << 3, sk, 128, KF_KEY_SLHDSA_SHAKE_256F, 1, NULL, 0);
    /* ML-DSA (selector bit 7; bit 0: pk 0, sk 1): the key fuzz_cli_keyfile's verify expects
     * (xi = 0x5d + set, repeated) for each set, and other keys in memory */
    static const kf_mldsa_param dsets[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
    static uint8_t dpk[KF_MLDSA_PK_MAX_BYTES], dsk[KF_MLDSA_SK_MAX_BYTES];
    for (unsigned s = 0; s < 3; s++) {
        uint8_t xi[32];
        kf_key_type t = (kf_key_type)(KF_KEY_MLDSA44 + s);
        memset(xi, 0x5d + (int)s, sizeof xi);
        kf_mldsa_keygen_internal(dsets[s], dpk, dsk, xi);
        cli_one(0x80 | s << 3, dpk, kf_mldsa_pk_bytes(dsets[s]), t, 0, NULL, 0);
        cli_one(0x81 | s << 3, dsk, kf_mldsa_sk_bytes(dsets[s]), t, 1, s == 2 ? xi : NULL, 32);
        filler(xi, 32, 6200 + s);
        kf_mldsa_keygen_internal(dsets[s], dpk, dsk, xi);
        cli_one(0x84 | s << 3, dpk, kf_mldsa_pk_bytes(dsets[s]), t, 0, NULL, 0);
        cli_one(0x85 | s << 3, dsk, kf_mldsa_sk_bytes(dsets[s]), t, 1, xi, 32);
    }
}

/* fuzz_mldsa_backends: set, x1 index, batched index, flags, flip byte, xi, rnd, ctx length, ctx,
 * message; one seed per set, pre-hash and hedged variants, every backend index up to 4 */
static void mldsa_backends(void)
{
    uint8_t buf[5 + 64 + 1 + 8 + 100];
    for (unsigned i = 0; i < 6; i++) {
        filler(buf, sizeof buf, 6300 + i);
        buf[0] = (uint8_t)(i % 3);
        buf[1] = (uint8_t)i;
        buf[2] = (uint8_t)(i + 1);
        buf[3] = (uint8_t)((i & 1) | (i & 2));
        buf[69] = 8;
        put("fuzz_mldsa_backends", buf, sizeof buf);
    }
}

/* fuzz_mldsa_batch: set, backend, count, then 4 bytes per item (pool entry, change, position,
 * value): all unchanged, all changed, and mixtures */
static void mldsa_batch(void)
{
    uint8_t buf[3 + 4 * 40];
    for (unsigned i = 0; i < 8; i++) {
        filler(buf, sizeof buf, 6400 + i);
        buf[0] = (uint8_t)(i % 3);
        buf[1] = (uint8_t)i;
        buf[2] = (uint8_t)(i < 3 ? 9 + i : 20 + 2 * i);
        for (unsigned j = 0; j < 40 && i < 3; j++) {
            buf[3 + 4 * j] = (uint8_t)(j / 3); /* runs under one key */
            buf[4 + 4 * j] = (uint8_t)(16 * (j % 5));
        }
        put("fuzz_mldsa_batch", buf, sizeof buf);
    }
}

/* fuzz_key_grammar: structure, type, options, seed (64), change count, changes (4 bytes each):
 * every type as SPKI and as PKCS#8 in each form, v1 and v2, plain and with changes */
static void key_grammar(void)
{
    uint8_t buf[3 + 64 + 1 + 16];
    for (unsigned t = 0; t < 12; t++) {
        for (unsigned v = 0; v < 4; v++) {
            filler(buf, sizeof buf, 6500 + 4 * t + v);
            buf[0] = (uint8_t)(v == 0);                       /* SPKI once, PKCS#8 three times */
            buf[1] = (uint8_t)t;
            buf[2] = (uint8_t)(v % 3 | (v == 2 ? 0x1C : 0)); /* form; v2 with attributes and publicKey */
            buf[67] = (uint8_t)(v == 3 ? 4 : 0);              /* changes: none, or four */
            put("fuzz_key_grammar", buf, sizeof buf);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fuzz_make_seeds OUTDIR\n");
        return 2;
    }
    outdir = argv[1];
    if (mkdir(outdir, 0755) != 0 && errno != EEXIST) {
        perror(outdir);
        return 1;
    }
    modes();
    batch();
    mlkem();
    slhdsa();
    mldsa();
    sum_check();
    keys();
    provider();
    cli_keyfile();
    mldsa_backends();
    mldsa_batch();
    key_grammar();
    printf("fuzz_make_seeds: %u seeds in %s\n", counter, outdir);
    return 0;
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_prov_residue.c - no private key left in heap blocks the provider frees (issue 52, R5).
 *
 * The provider's DER decoders read their whole input with kf_prov_read_all, which grew its
 * buffer with realloc: for a PKCS#8 key over 4096 bytes (ML-DSA-87's expanded form, ML-DSA-65
 * "both") the first 4096 bytes - most of sk - stayed in the heap block realloc gave up. This
 * program replaces malloc and free (tests/heap_residue.h) to search every freed block for
 * pieces of the keys (the seed, and 32 bytes of s1 and of t0), decodes each key through
 * OpenSSL's decoders (DER and PEM) with the provider, frees it, and fails if a block allocated
 * or freed by the provider's code held a piece. Blocks of OpenSSL's own are listed, not
 * failed. Controls: a block the test itself frees with a key piece in it is caught, and so is
 * one given up by realloc; the provider must have allocated blocks during the decodes (else
 * its allocations did not pass through the search).
 *
 *   test_prov_residue MODULE_DIR
 */
#define _GNU_SOURCE   /* dladdr, dl_iterate_phdr */
#include "prov_test.h"
#include "../../tests/heap_residue.h"
#include "keccakforge.h"

#include <openssl/decoder.h>

#if HEAP_RESIDUE_AVAILABLE
#include <dlfcn.h>
#include <link.h>

static uintptr_t mod_lo = UINTPTR_MAX, mod_hi;

/* The address range of the provider module's loaded segments. */
static int find_module(struct dl_phdr_info *info, size_t size, void *arg)
{
    const char *n = info->dlpi_name;
    size_t l = n ? strlen(n) : 0;
    (void)size; (void)arg;
    if (l < 15 || strcmp(n + l - 15, "/keccakforge.so") != 0) return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t a = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type != PT_LOAD) continue;
        if (a < mod_lo) mod_lo = a;
        if (a + ph->p_memsz > mod_hi) mod_hi = a + ph->p_memsz;
    }
    return 1;
}

static int in_module(const void *p) { return (uintptr_t)p >= mod_lo && (uintptr_t)p < mod_hi; }

static const char *where(const void *p)
{
    Dl_info d;
    if (in_module(p)) return "the provider";
    if (dladdr(p, &d) && d.dli_fname) {
        const char *s = strrchr(d.dli_fname, '/');
        return s ? s + 1 : d.dli_fname;
    }
    return "?";
}

/* Report the hits since residue_enable(1); the number in the provider's blocks. */
static int provider_hits(const char *what)
{
    int bad = 0;
    for (int i = 0; i < residue_hit_count() && i < RESIDUE_MAX_HITS; i++) {
        const residue_hit *h = residue_hit_at(i);
        int ours = in_module(h->alloc_site) || in_module(h->free_site);
        bad += ours;
        printf("  %s: piece %d at %zu of a freed %zu-byte block allocated in %s, freed in %s%s\n", what, h->needle,
               h->offset, h->size, where(h->alloc_site), where(h->free_site), ours ? "" : " (not the provider's)");
    }
    return bad;
}

static void decode_one(const char *name, const char *input, const uint8_t *data, size_t len)
{
    EVP_PKEY *k = NULL;
    const unsigned char *q = data;
    size_t n = len;
    OSSL_DECODER_CTX *d;
    residue_enable(1);
    residue_count_sites(mod_lo, mod_hi);
    d = OSSL_DECODER_CTX_new_for_pkey(&k, input, input[0] == 'D' ? "PrivateKeyInfo" : NULL, name, EVP_PKEY_KEYPAIR,
                                      libctx, NULL);
    CHECK(d && OSSL_DECODER_from_data(d, &q, &n) == 1 && k, "%s: %s decode", name, input);
    OSSL_DECODER_CTX_free(d);
    EVP_PKEY_free(k);
    residue_enable(0);
    CHECK(residue_site_allocs() > 0, "%s %s: no allocation by the provider seen (the search would miss its blocks)",
          name, input);
    CHECK(provider_hits(input) == 0, "%s %s (%zu bytes): a freed block of the provider holds a piece of the key", name,
          input, len);
    ERR_clear_error();
}

static void test_key(kf_mldsa_param p, kf_key_type t, kf_key_priv_form form)
{
    static uint8_t pk[KF_MLDSA_PK_MAX_BYTES], sk[KF_MLDSA_SK_MAX_BYTES], der[8192];
    static char pem[12000];
    uint8_t seed[32];
    size_t skl = kf_mldsa_sk_bytes(p), n, pl;
    const char *name = kf_key_type_name(t);
    rnd_bytes(seed, sizeof seed);
    CHECK(kf_mldsa_keygen_internal(p, pk, sk, seed) == KF_OK, "keygen");
    CHECK(kf_key_encode_pkcs8(t, form, seed, sizeof seed, form == KF_PRIV_BOTH ? NULL : sk, skl, der, sizeof der, &n)
              == KF_OK && kf_pem_encode("PRIVATE KEY", der, n, pem, sizeof pem, &pl) == KF_OK, "%s encode", name);
    residue_unwatch_all();
    residue_watch(seed, sizeof seed);
    residue_watch(sk + 128, 32);         /* s1 */
    residue_watch(sk + skl - 64, 32);    /* t0 */
    decode_one(name, "DER", der, n);
    decode_one(name, "PEM", (const uint8_t *)pem, pl);
    residue_unwatch_all();
    kf_wipe(seed, sizeof seed);
    kf_wipe(sk, sizeof sk);
}

/* The search itself: a freed block holding a watched string is caught, whether free or
 * realloc gives it up; one without is not. */
static void controls(void)
{
    static const uint8_t secret[32] = "a planted secret, 32 bytes long";
    uint8_t *b = malloc(5000), *c;
    residue_unwatch_all();
    residue_watch(secret, sizeof secret);
    residue_enable(1);
    memset(b, 0x11, 5000);
    free(b);
    CHECK(residue_hit_count() == 0, "control: a block without the secret was reported");
    b = malloc(5000);
    memcpy(b + 4000, secret, sizeof secret);
    free(b);
    CHECK(residue_hit_count() == 1 && residue_hit_at(0)->offset == 4000, "control: a freed block with the secret missed");
    b = malloc(4096);
    memcpy(b + 100, secret, sizeof secret);
    c = realloc(b, 8192);
    CHECK(c && residue_hit_count() == 2, "control: the block realloc gave up was not searched");
    kf_wipe(c, 8192);
    free(c);
    CHECK(residue_hit_count() == 2, "control: a wiped block reported");
    residue_enable(0);
    residue_unwatch_all();
}
#endif

int main(int argc, char **argv)
{
#if !HEAP_RESIDUE_AVAILABLE
    (void)argc; (void)argv;
    printf("test_prov_residue skipped: needs glibc's allocator (not a sanitizer build)\n");
    return 77;
#else
    if (!prov_setup(argc, argv)) return 1;
    dl_iterate_phdr(find_module, NULL);
    if (mod_lo >= mod_hi) { printf("keccakforge.so not found among the loaded objects\n"); return 1; }
    controls();
    test_key(KF_MLDSA87, KF_KEY_MLDSA87, KF_PRIV_EXPANDED);   /* 4952 bytes of DER */
    test_key(KF_MLDSA87, KF_KEY_MLDSA87, KF_PRIV_BOTH);
    test_key(KF_MLDSA65, KF_KEY_MLDSA65, KF_PRIV_BOTH);       /* 4098 */
    test_key(KF_MLDSA44, KF_KEY_MLDSA44, KF_PRIV_SEED);
    prov_teardown();
    printf("test_prov_residue: %d failure(s)\n", failures);
    return failures ? 1 : 0;
#endif
}

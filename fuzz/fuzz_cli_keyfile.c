/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_cli_keyfile.c - how `kforge mlkem`, `kforge slhdsa` and `kforge mldsa` read key files (raw
 * bytes, hex text, PEM, DER; tools/kforge/cli_io.c), through kforge's own code linked in as it is:
 *
 *   selector % 8 = 0..3: the input is written to a key file and a whole command runs on it
 *     (kforge_mlkem / kforge_slhdsa / kforge_mldsa, as `kforge mlkem ...` would):
 *       0 mlkem encaps -p SET --ek-file F --m 00..   (exit 0 exactly when the key reads and
 *                                                     passes the §7.2 check)
 *       1 mlkem decaps -p SET --dk-file F --c 00..   (exit 0 exactly when it reads and passes §7.3)
 *       2 slhdsa verify -p SET --pk-file F ...       (SHAKE-128f: a signature made at start-up
 *                                                     by a fixed key: exit 0 exactly for that key;
 *                                                     other sets: a signature of the wrong size)
 *       3 slhdsa sign -p SET --sk-file F --addrnd 00 (addrnd of the wrong size: exit 2 exactly
 *                                                     when the key was read, else 1)
 *     and with the selector's top bit set, ML-DSA (issue 52; set (selector >> 3 & 15) % 3):
 *       even mldsa verify -p SET --pk-file F ...     (a signature of "hello" made at start-up by
 *                                                     a fixed key of the set: exit 0 exactly for it)
 *       odd  mldsa sign -p SET --sk-file F --deterministic (exit 0 exactly when the key reads
 *                                                     and is one key generation could write:
 *                                                     kf_mldsa_pk_from_sk)
 *     with "exactly when the key reads" decided by cli_key_bytes on the same bytes (below), for
 *     files of at most 2 * the key's size (the hex form: larger ones a size cap may refuse);
 *   selector % 8 = 4..7: cli_key_bytes itself, in memory, for ek / dk / pk / sk of the set, whose
 *     result is checked against what cli_io.h promises: exactly the key's size is the raw key;
 *     2 * size hex digits with white space around them are its hex; else PEM ("-----BEGIN "
 *     at the start; a block after other text may be read as PEM too, as RFC 7468 allows) or
 *     DER (0x30) of SubjectPublicKeyInfo / PKCS#8 of that key type, decoded by the library
 *     (kf_pem_decode, kf_key_decode_*) to the same bytes; anything else is refused.
 * The set is (selector >> 3 & 15): ML-KEM 512/768/1024, SLH-DSA's six SHAKE sets. Commands print
 * to /dev/null; their messages on stderr are dropped with -close_fd_mask=2 (fuzz/run.sh).
 * Files live in a directory of this process's own under /tmp (/tmp/kf-fuzz-cli-*), removed
 * at exit.
 */
#include "cli_io.h"
#include "fuzz_util.h"
#include "kforge.h"

#include <ctype.h>
#include <fcntl.h>
#include <unistd.h>

static const kf_mlkem_param mlkem_sets[3] = {KF_MLKEM512, KF_MLKEM768, KF_MLKEM1024};
static const char *const mlkem_names[3] = {"512", "768", "1024"};
static const char *const slh_names[6] = {"shake-128s", "shake-128f", "shake-192s", "shake-192f", "shake-256s", "shake-256f"};

static char dir[64], key_path[96], sig_path[96], badsig_path[96], dsa_sig_path[3][96];
static const kf_mldsa_param mldsa_sets[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
static const char *const mldsa_names[3] = {"44", "65", "87"};
static uint8_t dsa_pk[3][KF_MLDSA_PK_MAX_BYTES];
static char c_hex[3][2 * KF_MLKEM_CT_MAX_BYTES + 1], m_hex[65];
static uint8_t fixed_pk[32];
static const char MSGHEX[] = "68656c6c6f"; /* "hello" */

static void cleanup(void)
{
    unlink(key_path);
    unlink(sig_path);
    unlink(badsig_path);
    for (int s = 0; s < 3; s++) unlink(dsa_sig_path[s]);
    rmdir(dir);
}

static void write_file(const char *path, const uint8_t *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    FZ_CHECK(f && fwrite(p, 1, n, f) == n && fclose(f) == 0, "writing %s", path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_report_to_copy_of_stderr();
    strcpy(dir, "/tmp/kf-fuzz-cli-XXXXXX");
    FZ_CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    snprintf(key_path, sizeof key_path, "%s/key", dir);
    snprintf(sig_path, sizeof sig_path, "%s/sig", dir);
    snprintf(badsig_path, sizeof badsig_path, "%s/badsig", dir);
    atexit(cleanup);
    for (int s = 0; s < 3; s++) {
        size_t n = kf_mlkem_ct_bytes(mlkem_sets[s]);
        memset(c_hex[s], '0', 2 * n);
        c_hex[s][2 * n] = 0;
    }
    memset(m_hex, '0', 64);
    /* the SHAKE-128f key the verify case expects, and its signature of "hello" */
    uint8_t seed[48], sk[64];
    static uint8_t sig[KF_SLHDSA_SIG_MAX_BYTES];
    kf_shake128(seed, sizeof seed, "cli keyfile", 11);
    FZ_CHECK(kf_slhdsa_keygen_internal(KF_SLHDSA_SHAKE_128F, fixed_pk, sk, seed, seed + 16, seed + 32) == KF_OK, "keygen");
    size_t sl = kf_slhdsa_sig_bytes(KF_SLHDSA_SHAKE_128F);
    FZ_CHECK(kf_slhdsa_sign(KF_SLHDSA_SHAKE_128F, sig, sl, "hello", 5, NULL, 0, NULL, sk, sizeof sk) == KF_OK, "sign");
    write_file(sig_path, sig, sl);
    write_file(badsig_path, sig, 7);
    /* ML-DSA: a key of each set from the fixed seed xi = 0x5d..., its signature of "hello" */
    static uint8_t dsk[KF_MLDSA_SK_MAX_BYTES], dsig[KF_MLDSA_SIG_MAX_BYTES];
    for (int s = 0; s < 3; s++) {
        uint8_t xi[32];
        memset(xi, 0x5d + s, sizeof xi);
        kf_mldsa_param P = mldsa_sets[s];
        snprintf(dsa_sig_path[s], sizeof dsa_sig_path[s], "%s/dsig%d", dir, s);
        FZ_CHECK(kf_mldsa_keygen_internal(P, dsa_pk[s], dsk, xi) == KF_OK, "mldsa keygen");
        FZ_CHECK(kf_mldsa_sign(P, dsig, kf_mldsa_sig_bytes(P), "hello", 5, NULL, 0, NULL, dsk, kf_mldsa_sk_bytes(P)) ==
                     KF_OK,
                 "mldsa sign");
        write_file(dsa_sig_path[s], dsig, kf_mldsa_sig_bytes(P));
    }
    kf_wipe(dsk, sizeof dsk);
    int null = open("/dev/null", O_RDWR);
    FZ_CHECK(null >= 0 && dup2(null, STDIN_FILENO) >= 0 && dup2(null, STDOUT_FILENO) >= 0, "/dev/null");
    close(null);
    return 0;
}

/* The kind of key: 0 ML-KEM ek, 1 ML-KEM dk, 2 SLH-DSA pk, 3 SLH-DSA sk, 4 ML-DSA pk, 5 ML-DSA
 * sk; set index. */
typedef struct kind {
    int which, set;
    size_t want;
    int key_type, is_private;
    const char *set_name;
} kind;

static kind kind_of(int which, unsigned setsel)
{
    kind k = {which, 0, 0, 0, which & 1, NULL};
    if (which >= 4) {
        k.set = (int)(setsel % 3);
        k.want = which == 5 ? kf_mldsa_sk_bytes(mldsa_sets[k.set]) : kf_mldsa_pk_bytes(mldsa_sets[k.set]);
        k.key_type = KF_KEY_MLDSA44 + k.set;
        k.set_name = mldsa_names[k.set];
    } else if (which < 2) {
        k.set = (int)(setsel % 3);
        k.want = which ? kf_mlkem_dk_bytes(mlkem_sets[k.set]) : kf_mlkem_ek_bytes(mlkem_sets[k.set]);
        k.key_type = KF_KEY_MLKEM512 + k.set;
        k.set_name = mlkem_names[k.set];
    } else {
        k.set = (int)(setsel % 6);
        kf_slhdsa_param P = (kf_slhdsa_param)(KF_SLHDSA_SHAKE_128S + k.set);
        k.want = which == 3 ? kf_slhdsa_sk_bytes(P) : kf_slhdsa_pk_bytes(P);
        k.key_type = KF_KEY_SLHDSA_SHAKE_128S + k.set;
        k.set_name = slh_names[k.set];
    }
    return k;
}

static int hexdig(int c) { return isxdigit(c) ? (isdigit(c) ? c - '0' : (tolower(c) - 'a' + 10)) : -1; }

/* The key in an encoding: PEM (the first block, label "PUBLIC KEY" / "PRIVATE KEY") or DER,
 * of the kind's key type and size, decoded by the library. 1 and the key in out, or 0. */
static int decoded_key(const kind *k, const uint8_t *d, size_t n, int pem, uint8_t *out)
{
    static uint8_t der[16384], raw[8192];
    const uint8_t *in = d;
    size_t inlen = n;
    if (pem) {
        char label[64];
        if (kf_pem_decode((const char *)d, n, label, sizeof label, der, sizeof der, &inlen) != KF_OK) return 0;
        if (strcmp(label, k->is_private ? "PRIVATE KEY" : "PUBLIC KEY") != 0) return 0;
        in = der;
    }
    kf_key_type t;
    size_t rl = 0;
    int rc = k->is_private ? kf_key_decode_pkcs8(in, inlen, &t, NULL, NULL, 0, NULL, raw, sizeof raw, &rl)
                           : kf_key_decode_spki(in, inlen, &t, raw, sizeof raw, &rl);
    if (rc != KF_OK || (int)t != k->key_type || rl != k->want) return 0;
    memcpy(out, raw, rl);
    kf_wipe(raw, sizeof raw);
    return 1;
}

static int contains(const uint8_t *d, size_t n, const char *s)
{
    size_t m = strlen(s);
    for (size_t i = 0; i + m <= n; i++)
        if (memcmp(d + i, s, m) == 0) return 1;
    return 0;
}

/* What cli_io.h promises for these bytes: up to two readings (a PEM block after other text
 * is read as PEM since RFC 7468 text around blocks is allowed; before that change it was not
 * PEM, and DER if the file starts with 0x30: either reading is accepted here). Fills
 * ok[i] (1 = that reading gives the key in out[i], 0 = a refusal); returns how many. */
static int expected_keys(const kind *k, const uint8_t *d, size_t n, int ok[2], uint8_t *out[2])
{
    if (n == k->want) {
        memcpy(out[0], d, n);
        ok[0] = 1;
        return 1;
    }
    size_t s = 0, e = n;
    while (s < e && isspace(d[s])) s++;
    while (e > s && isspace(d[e - 1])) e--;
    if (e - s == 2 * k->want) {
        size_t i = s;
        while (i < e && hexdig(d[i]) >= 0) i++;
        if (i == e) {
            for (size_t j = 0; j < k->want; j++) out[0][j] = (uint8_t)(hexdig(d[s + 2 * j]) << 4 | hexdig(d[s + 2 * j + 1]));
            ok[0] = 1;
            return 1;
        }
    }
    int pem_first = n >= 11 && memcmp(d, "-----BEGIN ", 11) == 0;
    int pem_later = !pem_first && contains(d, n, "-----BEGIN ");
    int der = n > 0 && d[0] == 0x30;
    if (pem_first) {
        ok[0] = decoded_key(k, d, n, 1, out[0]);
        return 1;
    }
    ok[0] = der ? decoded_key(k, d, n, 0, out[0]) : 0; /* a block after text not taken for PEM */
    if (!pem_later) return 1;
    ok[1] = decoded_key(k, d, n, 1, out[1]);          /* ... or taken for PEM */
    return 2;
}

/* cli_key_bytes on a copy of the bytes; 1 and the key in out, or 0. */
static int cli_key(const kind *k, const uint8_t *d, size_t n, uint8_t *out)
{
    cli_blob b = {malloc(n ? n : 1), n, k->is_private};
    FZ_CHECK(b.p != NULL, "malloc");
    memcpy(b.p, d, n);
    int rc = cli_key_bytes("fuzz", "--key", &b, k->want, k->set_name, k->key_type, k->is_private);
    FZ_CHECK(rc == 0 || rc == -1, "cli_key_bytes returned %d", rc);
    if (rc == 0) {
        FZ_CHECK(b.n == k->want && b.p, "cli_key_bytes gave %zu bytes, %zu wanted", b.n, k->want);
        memcpy(out, b.p, b.n);
    }
    cli_blob_free(&b);
    return rc == 0;
}

static void in_memory(const kind *k, const uint8_t *d, size_t n)
{
    static uint8_t got[8192], want0[8192], want1[8192];
    uint8_t *want[2] = {want0, want1};
    int exp[2] = {0, 0};
    int ok = cli_key(k, d, n, got);
    int m = expected_keys(k, d, n, exp, want), match = 0;
    for (int i = 0; i < m; i++) match |= ok ? exp[i] && memcmp(got, want[i], k->want) == 0 : !exp[i];
    FZ_CHECK(match, "cli_key_bytes %s (key %d of %s, %zu bytes), expected %s%s", ok ? "gives a key" : "refuses",
             k->which, k->set_name, n, exp[0] ? "the key" : "a refusal",
             m < 2 ? "" : exp[1] ? " or the key in the PEM block" : " or a refusal");
    kf_wipe(got, sizeof got);
    kf_wipe(want0, sizeof want0);
    kf_wipe(want1, sizeof want1);
}

static void command(const kind *k, const uint8_t *d, size_t n)
{
    static uint8_t key[8192];
    write_file(key_path, d, n);
    int read_ok = cli_key(k, d, n, key);
    int valid = read_ok; /* the key's own check, as the command makes it */
    char *argv[16];
    int argc = 0, rc;
    if (k->which == 0) {
        if (read_ok) valid = kf_mlkem_check_ek(mlkem_sets[k->set], key, k->want) == KF_OK;
        char *a[] = {"mlkem", "encaps", "-p", (char *)mlkem_names[k->set], "--ek-file", key_path, "--m", m_hex, NULL};
        memcpy(argv, a, sizeof a);
        argc = 8;
        rc = kforge_mlkem(argc, argv);
    } else if (k->which == 1) {
        if (read_ok) valid = kf_mlkem_check_dk(mlkem_sets[k->set], key, k->want) == KF_OK;
        char *a[] = {"mlkem", "decaps", "-p", (char *)mlkem_names[k->set], "--dk-file", key_path, "--c", c_hex[k->set], NULL};
        memcpy(argv, a, sizeof a);
        argc = 8;
        rc = kforge_mlkem(argc, argv);
    } else if (k->which >= 4) {
        kf_mldsa_param P = mldsa_sets[k->set];
        if (k->which == 4) {
            if (read_ok) valid = memcmp(key, dsa_pk[k->set], k->want) == 0;
            char *a[] = {"mldsa", "verify", "-p", (char *)mldsa_names[k->set], "--pk-file", key_path, "--msg",
                         (char *)MSGHEX, "--sig-file", dsa_sig_path[k->set], NULL};
            memcpy(argv, a, sizeof a);
            argc = 10;
        } else {
            static uint8_t pk[KF_MLDSA_PK_MAX_BYTES];
            if (read_ok) valid = kf_mldsa_pk_from_sk(P, pk, key, k->want) == KF_OK;
            char *a[] = {"mldsa", "sign", "-p", (char *)mldsa_names[k->set], "--sk-file", key_path, "--msg",
                         (char *)MSGHEX, "--deterministic", NULL};
            memcpy(argv, a, sizeof a);
            argc = 9;
        }
        rc = kforge_mldsa(argc, argv);
    } else if (k->which == 2) {
        int f128 = k->set == 1;
        if (read_ok) valid = f128 && memcmp(key, fixed_pk, sizeof fixed_pk) == 0;
        else valid = 0;
        char *a[] = {"slhdsa", "verify", "-p", (char *)slh_names[k->set], "--pk-file", key_path, "--msg", (char *)MSGHEX,
                     "--sig-file", f128 ? sig_path : badsig_path, NULL};
        memcpy(argv, a, sizeof a);
        argc = 10;
        rc = kforge_slhdsa(argc, argv);
    } else {
        char *a[] = {"slhdsa", "sign", "-p", (char *)slh_names[k->set], "--sk-file", key_path, "--msg", (char *)MSGHEX,
                     "--addrnd", "00", NULL};
        memcpy(argv, a, sizeof a);
        argc = 10;
        rc = kforge_slhdsa(argc, argv);
        FZ_CHECK(rc == (read_ok ? KFORGE_EXIT_USAGE : KFORGE_EXIT_FAIL) || (n > 2 * k->want && rc == KFORGE_EXIT_FAIL),
                 "slhdsa sign: exit %d for a key file that cli_key_bytes %s", rc, read_ok ? "reads" : "refuses");
        kf_wipe(key, sizeof key);
        return;
    }
    FZ_CHECK(rc == KFORGE_EXIT_OK || rc == KFORGE_EXIT_FAIL, "exit %d", rc);
    /* success only for a key that reads and passes its check; that, always, for files no
     * larger than the hex form (larger ones a size cap may refuse) */
    FZ_CHECK(!(rc == KFORGE_EXIT_OK) || valid, "a command succeeded with a key file cli_key_bytes %s",
             read_ok ? "reads but whose key fails its check" : "refuses");
    FZ_CHECK(!(valid && n <= 2 * k->want) || rc == KFORGE_EXIT_OK, "a command failed (exit %d) with a valid %zu-byte key file",
             rc, n);
    kf_wipe(key, sizeof key);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    unsigned sel = data[0];
    kind k = kind_of(sel & 0x80 ? 4 + (int)(sel & 1) : (int)(sel & 3), (sel >> 3) & 15);
    if (sel & 4) in_memory(&k, data + 1, size - 1);
    else command(&k, data + 1, size - 1);
    return 0;
}

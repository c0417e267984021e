/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_prov_multictx.c - the provider loaded into several library contexts at once (issue
 * 41, defect 1: errors went out on the core handle of the last OSSL_provider_init, a freed
 * one once that context was gone).
 *   two-ctx: contexts A and B both load the provider (A first, then B first); an
 *     ML-KEM-768 key is made in A; the provider is unloaded from B and B freed; then a
 *     5-byte ciphertext decapsulated in A must fail with an error that has a library and a
 *     reason string ("wrong length"). (Its valgrind run is the ctest entry
 *     test_prov_multictx_valgrind: on the old code valgrind saw an invalid read in
 *     core_vset_error.)
 *   threads: 4 threads, each 9 times: a new library context, the provider (+ default)
 *     loaded, OSSL_PROVIDER_get_params' buildinfo, SHA3-256 through EVP against the
 *     library, an error (a 2-byte KMAC key or, every other round, a 5-byte ML-KEM
 *     ciphertext) checked for its reason string, unloaded, freed; meanwhile the main thread
 *     raises and checks errors in its own long-lived context. Run under ASan (the
 *     KF_SANITIZE build) and TSan (.ci/stages/40-tsan.sh).
 * Without a second argument (the ctest entry) each part runs in a fresh child process:
 * two-ctx once and threads 6 times (54 rounds per thread in all). Why not 50 rounds in one
 * process: OpenSSL 3.0 gives every provider object (each load in each context) the next
 * error-library number and packs it into 8 bits, so the 129th object of a process shares
 * the first one's library code, and unloading it deletes that library's error strings
 * (seen: the long-lived context's errors lost "keccakforge" and their reasons after 127
 * load/unload rounds with this provider fixed); numbers 256-383 land on libcrypto's own
 * libraries. A process here makes at most 3 + 4 * 9 * 3 = 111 provider objects, and
 * last_error_is fails if an error's library code shows the numbers wrapped.
 * Usage: test_prov_multictx MODULE_DIR [two-ctx|threads]
 */
#define _GNU_SOURCE   /* pthread_tryjoin_np */
#define TEST_OWN_CHECK
#include "prov_test.h"
#include "keccakforge.h"

#include <openssl/core_names.h>
#include <openssl/params.h>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;   /* updated atomically: the threads check too */
#define CHECK(cond, ...) do { if (!(cond)) { __atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED);             \
    flockfile(stdout); printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n");          \
    funlockfile(stdout); } } while (0)

static const char *moddir;

#define THREADS 4
#define ROUNDS 9      /* per thread and process: see above */
#define REPEATS 6     /* processes running the threads part */

/* The last error on this thread's queue has a library string and the reason string
 * `reason`; the queue is emptied. */
static int last_error_is(const char *what, const char *reason)
{
    unsigned long e = ERR_peek_last_error();
    const char *l = e ? ERR_lib_error_string(e) : NULL, *r = e ? ERR_reason_error_string(e) : NULL;
    int ok = e && l && r && strcmp(r, reason) == 0;
    CHECK(!e || ERR_GET_LIB(e) >= ERR_LIB_USER, "%s: error library %d: OpenSSL's error-library numbers wrapped "
          "(too many provider loads in one process; the test's budget is wrong)", what, ERR_GET_LIB(e));
    if (!ok) {
        char buf[256] = "none";
        if (e) ERR_error_string_n(e, buf, sizeof buf);
        printf("  %s: last error %s (library %s, reason %s), '%s' wanted\n", what, buf, l ? l : "(none)",
               r ? r : "(none)", reason);
    }
    ERR_clear_error();
    return ok;
}

static OSSL_LIB_CTX *ctx_with(OSSL_PROVIDER **kf, OSSL_PROVIDER **def)
{
    OSSL_LIB_CTX *l = OSSL_LIB_CTX_new();
    *kf = NULL;
    if (def) *def = NULL;
    if (!l || !OSSL_PROVIDER_set_default_search_path(l, moddir) || !(*kf = OSSL_PROVIDER_load(l, "keccakforge"))
        || (def && !(*def = OSSL_PROVIDER_load(l, "default")))) {
        ERR_print_errors_fp(stdout);
        if (*kf) OSSL_PROVIDER_unload(*kf);
        OSSL_LIB_CTX_free(l);
        return NULL;
    }
    return l;
}

static void ctx_free(OSSL_LIB_CTX *l, OSSL_PROVIDER *kf, OSSL_PROVIDER *def)
{
    if (kf) OSSL_PROVIDER_unload(kf);
    if (def) OSSL_PROVIDER_unload(def);
    OSSL_LIB_CTX_free(l);
}

static EVP_PKEY *mlkem768(OSSL_LIB_CTX *l)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(l, "ML-KEM-768", KFQ);
    EVP_PKEY *pk = NULL;
    if (c && EVP_PKEY_keygen_init(c) == 1) EVP_PKEY_generate(c, &pk);
    EVP_PKEY_CTX_free(c);
    return pk;
}

/* EVP_PKEY_decapsulate of a 5-byte ciphertext with pk: must fail with "wrong length" */
static int bad_decaps(OSSL_LIB_CTX *l, EVP_PKEY *pk, const char *what)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(l, pk, KFQ);
    uint8_t ct[5] = {1, 2, 3, 4, 5}, ss[32];
    size_t sl = sizeof ss;
    int ok;
    ok = c && EVP_PKEY_decapsulate_init(c, NULL) == 1;
    CHECK(ok, "%s: decapsulate_init", what);
    ok = ok && EVP_PKEY_decapsulate(c, ss, &sl, ct, sizeof ct) != 1;
    CHECK(ok, "%s: a 5-byte ciphertext decapsulated", what);
    EVP_PKEY_CTX_free(c);
    return ok && last_error_is(what, "wrong length");
}

/* ---- two contexts --------------------------------------------------------------------- */
static void two_ctx(int b_first)
{
    OSSL_PROVIDER *kfa = NULL, *kfb = NULL;
    OSSL_LIB_CTX *a = NULL, *b = NULL;
    EVP_PKEY *pk = NULL;
    const char *what = b_first ? "two-ctx (B loaded first)" : "two-ctx (A loaded first)";
    if (b_first) {
        b = ctx_with(&kfb, NULL);
        a = ctx_with(&kfa, NULL);
    } else {
        a = ctx_with(&kfa, NULL);
        b = ctx_with(&kfb, NULL);
    }
    CHECK(a && b, "%s: loading the provider into two contexts", what);
    if (!a || !b) goto end;
    pk = mlkem768(a);
    CHECK(pk != NULL, "%s: ML-KEM-768 keygen in A", what);
    if (!pk) { ERR_print_errors_fp(stdout); goto end; }
    /* B goes away entirely */
    ctx_free(b, kfb, NULL);
    b = NULL;
    kfb = NULL;
    CHECK(bad_decaps(a, pk, what), "%s: error from A after B was freed", what);
    /* and A still works */
    {
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(a, pk, KFQ);
        uint8_t ct[KF_MLKEM768_CT_BYTES], ss[32], ss2[32];
        size_t cl = sizeof ct, sl = sizeof ss, sl2 = sizeof ss2;
        int ok = c && EVP_PKEY_encapsulate_init(c, NULL) == 1 && EVP_PKEY_encapsulate(c, ct, &cl, ss, &sl) == 1
                 && EVP_PKEY_decapsulate_init(c, NULL) == 1 && EVP_PKEY_decapsulate(c, ss2, &sl2, ct, cl) == 1
                 && sl == 32 && sl2 == 32 && memcmp(ss, ss2, 32) == 0;
        CHECK(ok, "%s: encapsulate/decapsulate in A after B was freed", what);
        EVP_PKEY_CTX_free(c);
    }
end:
    EVP_PKEY_free(pk);
    ctx_free(b, kfb, NULL);
    ctx_free(a, kfa, NULL);
    ERR_clear_error();
}

/* ---- threads -------------------------------------------------------------------------- */
static int kmac_short_key(OSSL_LIB_CTX *l, const char *what)
{
    EVP_MAC *m = EVP_MAC_fetch(l, "KMAC-128", KFQ);
    EVP_MAC_CTX *c = m ? EVP_MAC_CTX_new(m) : NULL;
    static const uint8_t key[2] = {1, 2};
    int ok = c && EVP_MAC_init(c, key, sizeof key, NULL) != 1;
    CHECK(m && c, "%s: KMAC-128 fetch", what);
    CHECK(!c || ok, "%s: a 2-byte KMAC key accepted", what);
    EVP_MAC_CTX_free(c);
    EVP_MAC_free(m);
    return ok && last_error_is(what, "wrong length");
}

static int sha3_matches(OSSL_LIB_CTX *l, unsigned round)
{
    uint8_t msg[64], want[32], got[32];
    unsigned gl = 0;
    EVP_MD *md = EVP_MD_fetch(l, "SHA3-256", KFQ);
    int ok;
    for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(round * 7 + i);
    ok = md && EVP_Digest(msg, sizeof msg, got, &gl, md, NULL) == 1 && gl == 32
         && kf_sha3_256(want, msg, sizeof msg) == KF_OK && memcmp(want, got, 32) == 0;
    EVP_MD_free(md);
    return ok;
}

static int buildinfo_ok(OSSL_PROVIDER *kf)
{
    const char *b = NULL;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, (char **)&b, 0), OSSL_PARAM_construct_end()};
    return OSSL_PROVIDER_get_params(kf, p) == 1 && b && strncmp(b, "keccakforge ", 12) == 0;
}

static void *worker(void *arg)
{
    unsigned id = (unsigned)(uintptr_t)arg;
    char what[64];
    for (unsigned r = 0; r < ROUNDS; r++) {
        OSSL_PROVIDER *kf, *def;
        OSSL_LIB_CTX *l = ctx_with(&kf, &def);
        snprintf(what, sizeof what, "thread %u round %u", id, r);
        CHECK(l != NULL, "%s: loading the provider", what);
        if (!l) continue;
        CHECK(buildinfo_ok(kf), "%s: buildinfo", what);
        CHECK(sha3_matches(l, r), "%s: SHA3-256 through EVP", what);
        if ((r + id) % 2) {
            CHECK(kmac_short_key(l, what), "%s: KMAC error", what);
        } else {
            EVP_PKEY *pk = mlkem768(l);
            CHECK(pk && bad_decaps(l, pk, what), "%s: ML-KEM error", what);
            EVP_PKEY_free(pk);
        }
        ctx_free(l, kf, def);
        ERR_clear_error();
    }
    OPENSSL_thread_stop();
    return NULL;
}

static void threads(void)
{
    pthread_t t[THREADS];
    unsigned made = 0, main_rounds = 0;
    EVP_PKEY *pk = mlkem768(libctx);   /* the long-lived context's key */
    CHECK(pk != NULL, "main: keygen");
    for (unsigned i = 0; i < THREADS; i++)
        if (pthread_create(&t[i], NULL, worker, (void *)(uintptr_t)i) == 0) made++;
    CHECK(made == THREADS, "only %u of %d threads started", made, THREADS);
    /* the main thread raises errors in its own context until the workers are done (at
     * least a few rounds), each checked for its strings */
    for (unsigned i = 0; i < made; i++) {
        int done = 0;
        while (!done) {
            char what[64];
            snprintf(what, sizeof what, "main round %u", main_rounds);
            CHECK(kmac_short_key(libctx, what), "%s: KMAC error in the long-lived context", what);
            if (pk) CHECK(bad_decaps(libctx, pk, what), "%s: ML-KEM error in the long-lived context", what);
            CHECK(buildinfo_ok(prov_kf), "%s: buildinfo", what);
            main_rounds++;
            usleep(200);   /* leave the CPUs to the workers */
            done = pthread_tryjoin_np(t[i], NULL) == 0;
        }
    }
    EVP_PKEY_free(pk);
    if (getenv("KF_TEST_VERBOSE")) printf("  threads: %d x %d rounds, main thread %u rounds\n", THREADS, ROUNDS, main_rounds);
}

static int run_part(int argc, char **argv, const char *part)
{
    if (!prov_setup(argc, argv)) return 1;
    moddir = argv[1];
    if (strcmp(part, "two-ctx") == 0) {
        two_ctx(0);
        two_ctx(1);
    } else {
        threads();
    }
    printf("%s %s: %d failure(s)\n", argv[0], part, failures);
    prov_teardown();
    return failures ? 1 : 0;
}

/* each part in a fresh child process (OpenSSL's per-process error-library numbers) */
static int run_all(int argc, char **argv)
{
    int bad = 0;
    for (int i = 0; i <= REPEATS; i++) {
        const char *part = i == 0 ? "two-ctx" : "threads";
        int st = 0;
        pid_t pid;
        fflush(stdout);
        pid = fork();
        if (pid < 0) { perror("fork"); return 1; }
        if (pid == 0) exit(run_part(argc, argv, part));   /* exit: OpenSSL's cleanup and LSan run */
        if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
            printf("FAIL: %s (process %d) %s %d\n", part, i, WIFSIGNALED(st) ? "killed by signal" : "exit status",
                   WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
            bad++;
        }
    }
    printf("%s: %d of %d processes failed\n", argv[0], bad, REPEATS + 1);
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "usage: %s MODULE_DIR [two-ctx|threads]\n", argv[0]); return 2; }
    if (argc > 2 && strcmp(argv[2], "two-ctx") != 0 && strcmp(argv[2], "threads") != 0) {
        fprintf(stderr, "unknown part '%s'\n", argv[2]);
        return 2;
    }
    return argc > 2 ? run_part(argc, argv, argv[2]) : run_all(argc, argv);
}

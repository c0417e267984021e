/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sum.c - `kforge sum`: print or check hashes of files, a drop-in for GNU coreutils'
 * sha256sum (options, output, name escaping, --check parsing, warnings, exit codes) with
 * the Keccak family behind -a, plus b3sum's --raw/--no-names and a keyed mode (KMAC).
 *
 *   output lines  "<hex>  <name>" ("<hex> *<name>" with -b), "ALGO (<name>) = <hex>" with
 *                 --tag; "-" names standard input. A name containing '\\', '\n' or '\r' is
 *                 written escaped and its line starts with a backslash (not with -z).
 *   --check       reads those lines (also BSD lines, whose tag names the algorithm, a single
 *                 space or tab separator, leading white space) and prints "<name>: OK" or
 *                 "<name>: FAILED", then coreutils' warnings; exit 1 on a mismatch or an
 *                 unreadable file, malformed lines only with --strict.
 * Files are streamed in 64 KiB reads; XOF output is squeezed in 4 KiB pieces through
 * write_out(), which stops at the first failed write (a full disk, a closed pipe).
 * Usage errors exit 1 with "Try 'kforge sum --help' for more information.", as coreutils.
 */
#define _DEFAULT_SOURCE /* getline, getloadavg */
#include "kforge.h"
#include "keccakforge.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_CHUNK (64 * 1024)
#define MT_WINDOW ((size_t)16 << 20) /* read size when KT hashes on threads */
#define MT_MIN_FILE ((off_t)32 << 20) /* automatic threads only for files of 32 MiB or more */
#define SQUEEZE_CHUNK 4096
#define TURBOSHAKE_DOMAIN 0x1F /* RFC 9861: the D for plain hashing */
#define MAX_KEY_BYTES (1u << 16)
#define PROG "kforge sum"

/* ---- the algorithms ------------------------------------------------------------------ */

enum alg_kind { KIND_HASH, KIND_XOF, KIND_KT, KIND_KMAC };
enum xof_id { XOF_SHAKE128, XOF_SHAKE256, XOF_TURBO128, XOF_TURBO256 };

/* The names are arrays, not pointers to literals: the lookup below reads at most NAME_CAP
 * bytes of each (the proof, unit sum_parsers, sees the arrays' bounds; it cannot show that a
 * literal is a string). Every name is shorter than NAME_CAP, so it keeps its NUL. */
#define NAME_CAP 16

typedef struct sum_alg {
    char name[NAME_CAP]; /* what -a takes and --help lists */
    const char *tag;     /* the BSD tag (--tag) */
    enum alg_kind kind;
    int id;                /* kf_hash_alg, xof_id, kf_kt_variant or kf_sp800185_variant */
    unsigned default_bits; /* output length without -l */
} sum_alg;

/* algs' first four entries: the SHA-3 digests a plain list line's length picks */
enum { ALG_SHA3_224, ALG_SHA3_256, ALG_SHA3_384, ALG_SHA3_512 };

static const sum_alg algs[] = {
    [ALG_SHA3_224] = {"sha3-224", "SHA3-224", KIND_HASH, KF_SHA3_224, 224},
    [ALG_SHA3_256] = {"sha3-256", "SHA3-256", KIND_HASH, KF_SHA3_256, 256},
    [ALG_SHA3_384] = {"sha3-384", "SHA3-384", KIND_HASH, KF_SHA3_384, 384},
    [ALG_SHA3_512] = {"sha3-512", "SHA3-512", KIND_HASH, KF_SHA3_512, 512},
    {"shake128", "SHAKE128", KIND_XOF, XOF_SHAKE128, 256},
    {"shake256", "SHAKE256", KIND_XOF, XOF_SHAKE256, 512},
    {"turboshake128", "TurboSHAKE128", KIND_XOF, XOF_TURBO128, 256},
    {"turboshake256", "TurboSHAKE256", KIND_XOF, XOF_TURBO256, 512},
    {"kt128", "KT128", KIND_KT, KF_KT128, 256},
    {"kt256", "KT256", KIND_KT, KF_KT256, 512},
    {"keccak256", "KECCAK-256", KIND_HASH, KF_KECCAK256_LEGACY, 256},
    {"keccak512", "KECCAK-512", KIND_HASH, KF_KECCAK512_LEGACY, 512},
    {"kmac128", "KMAC128", KIND_KMAC, KF_V128, 256},
    {"kmac256", "KMAC256", KIND_KMAC, KF_V256, 512},
};
#define N_ALGS (sizeof algs / sizeof algs[0])

/* Names users type, compared after lowercasing and dropping '-' and '_' (so "SHA3_256",
 * "sha3-256" and "SHA3256" are one). Numbers alone are sha3sum's -a values. */
static const struct {
    char alias[NAME_CAP], name[NAME_CAP];
} aliases[] = {
    {"224", "sha3-224"},        {"256", "sha3-256"},      {"384", "sha3-384"},
    {"512", "sha3-512"},        {"sha3", "sha3-256"},     {"128000", "shake128"},
    {"256000", "shake256"},     {"ts128", "turboshake128"}, {"ts256", "turboshake256"},
    {"k12", "kt128"},           {"kangarootwelve", "kt128"}, {"keccak", "keccak256"},
};

/* out = in (at most inmax bytes, up to its NUL) lowercased without '-' and '_', cut to
 * cap - 1 characters and NUL-terminated. */
/* ACSL (proofs/ unit sum_parsers, docs/ASSURANCE.md) */
/*@ requires cap >= 1 && \valid_read(in + (0 .. inmax - 1)) && \valid(out + (0 .. cap - 1));
    requires \separated(out + (0 .. cap - 1), in + (0 .. inmax - 1));
    assigns out[0 .. cap - 1];
    ensures \exists integer k; 0 <= k < cap && out[k] == 0; */
static void squash(const char *in, size_t inmax, char *out, size_t cap)
{
    size_t n = 0;
    /*@ loop invariant 0 <= n <= k <= inmax && n < cap;
        loop assigns k, n, out[0 .. cap - 1];
        loop variant inmax - k; */
    for (size_t k = 0; k < inmax && in[k] && n + 1 < cap; k++)
        if (in[k] != '-' && in[k] != '_') out[n++] = (char)tolower((unsigned char)in[k]);
    out[n] = '\0';
}

/* Whether a and b are the same string, each NUL-terminated within cap bytes (the callers'
 * buffers, squash's output and the tables, are): strcmp's == 0 read no further than cap. */
/*@ requires \valid_read(a + (0 .. cap - 1)) && \valid_read(b + (0 .. cap - 1));
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static int same_name(const char *a, const char *b, size_t cap)
{
    /*@ loop invariant 0 <= k <= cap;
        loop assigns k;
        loop variant cap - k; */
    for (size_t k = 0; k < cap; k++) {
        if (a[k] != b[k]) return 0;
        if (!a[k]) return 1;
    }
    return 1;
}

/*@ requires len == 0 || len >= 32 || \valid_read(name + (0 .. len - 1));
    assigns \nothing;
    ensures \result == \null || (\valid_read(\result) && \base_addr(\result) == \base_addr(&algs[0])); */
static const sum_alg *find_alg_n(const char *name, size_t len)
{
    char want[32], have[32], copy[32];
    if (len == 0 || len >= sizeof copy) return NULL;
    memcpy(copy, name, len);
    copy[len] = '\0';
    squash(copy, sizeof copy, want, sizeof want);
    /*@ loop invariant 0 <= i <= 12;
        loop assigns i, want[0 .. 31];
        loop variant 12 - i; */
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (same_name(want, aliases[i].alias, NAME_CAP))
            squash(aliases[i].name, NAME_CAP, want, sizeof want);
    /*@ loop invariant 0 <= i <= 14;
        loop assigns i, have[0 .. 31];
        loop variant 14 - i; */
    for (size_t i = 0; i < N_ALGS; i++) {
        squash(algs[i].name, NAME_CAP, have, sizeof have);
        if (same_name(have, want, sizeof have)) return &algs[i];
    }
    return NULL;
}

/*@ requires valid_read_string(name);
    assigns \nothing;
    ensures \result == \null || (\valid_read(\result) && \base_addr(\result) == \base_addr(&algs[0])); */
static const sum_alg *find_alg(const char *name) { return find_alg_n(name, strlen(name)); }

/* ---- options shared by the whole run ------------------------------------------------- */

static struct {
    unsigned threads;          /* --threads; 0 = automatic */
    int binary, text, tag, zero, raw, no_names;
    int quiet, status, strict, warn, ignore_missing;
    uint8_t *key;              /* --key-file's bytes (KMAC) */
    size_t keylen;
    const char *custom;        /* --custom: KMAC's S, KT's customization string */
} o;

/* ---- one running hash of any kind ---------------------------------------------------- */

typedef struct hasher {
    const sum_alg *alg;
    union {
        kf_hash_ctx hash;
        kf_xof_ctx xof;
        kf_kt_ctx kt;
        kf_kmac_ctx kmac;
    } u;
} hasher;

static size_t custom_len(void) { return o.custom ? strlen(o.custom) : 0; }

static int hasher_init(hasher *h, const sum_alg *a)
{
    h->alg = a;
    switch (a->kind) {
    case KIND_HASH: return kf_hash_init(&h->u.hash, (kf_hash_alg)a->id);
    case KIND_KT: return kf_kt_init(&h->u.kt, (kf_kt_variant)a->id);
    case KIND_KMAC:
        return kf_kmac_init(&h->u.kmac, (kf_sp800185_variant)a->id, o.key, o.keylen, o.custom, custom_len());
    case KIND_XOF: break;
    }
    switch (a->id) {
    case XOF_SHAKE128: return kf_shake128_init(&h->u.xof);
    case XOF_SHAKE256: return kf_shake256_init(&h->u.xof);
    case XOF_TURBO128: return kf_turboshake128_init(&h->u.xof, TURBOSHAKE_DOMAIN);
    case XOF_TURBO256: return kf_turboshake256_init(&h->u.xof, TURBOSHAKE_DOMAIN);
    }
    return KF_ERR_BAD_ALGORITHM;
}

static int hasher_update(hasher *h, const void *in, size_t len)
{
    switch (h->alg->kind) {
    case KIND_HASH: return kf_hash_update(&h->u.hash, in, len);
    case KIND_XOF: return kf_xof_absorb(&h->u.xof, in, len);
    case KIND_KT: return kf_kt_update(&h->u.kt, in, len);
    case KIND_KMAC: return kf_kmac_update(&h->u.kmac, in, len);
    }
    return KF_ERR_BAD_ALGORITHM;
}

/* Where output goes: returns 0 to continue, nonzero to stop (a mismatch, a write error). */
typedef int (*out_sink)(void *arg, const uint8_t *bytes, size_t n);

/* Squeeze outlen bytes into sink, a piece at a time, then wipe the context. KMAC (fixed
 * length: L is part of its input) is computed whole. Returns 0, 1 if the sink stopped, or a
 * negative kf_status. */
static int hasher_output(hasher *h, size_t outlen, out_sink sink, void *arg)
{
    uint8_t buf[SQUEEZE_CHUNK];
    int rc = KF_OK, stopped = 0;
    if (h->alg->kind == KIND_HASH) {
        rc = kf_hash_final(&h->u.hash, buf, outlen);
        if (rc == KF_OK) stopped = sink(arg, buf, outlen) != 0;
        outlen = 0;
    } else if (h->alg->kind == KIND_KMAC) {
        uint8_t *all = malloc(outlen);
        rc = all ? kf_kmac_final(&h->u.kmac, all, outlen) : KF_ERR_TOO_LONG;
        if (rc == KF_OK) stopped = sink(arg, all, outlen) != 0;
        if (all) kf_wipe(all, outlen);
        free(all);
        outlen = 0;
    } else if (h->alg->kind == KIND_KT) {
        rc = kf_kt_final(&h->u.kt, o.custom, custom_len());
    }
    while (rc == KF_OK && outlen && !stopped) {
        size_t n = outlen < sizeof buf ? outlen : sizeof buf;
        rc = h->alg->kind == KIND_KT ? kf_kt_squeeze(&h->u.kt, buf, n) : kf_xof_squeeze(&h->u.xof, buf, n);
        if (rc == KF_OK) stopped = sink(arg, buf, n) != 0;
        outlen -= n;
    }
    kf_wipe(buf, sizeof buf);
    kf_wipe(h, sizeof *h);
    return rc != KF_OK ? rc : stopped;
}

/* ---- output: everything on stdout goes through write_out ----------------------------- */

static int out_errno; /* nonzero once a write failed: nothing more is written */

/* Write n bytes to stdout; -1 (and no more output from then on) once a write fails. */
static int write_out(const void *p, size_t n)
{
    if (out_errno) return -1;
    if (n && fwrite(p, 1, n, stdout) != n) {
        out_errno = errno ? errno : EIO;
        return -1;
    }
    return 0;
}

static int out_str(const char *s) { return write_out(s, strlen(s)); }

/* The end of a run: flush, and report a failed write once (with the errno of the write). */
static int finish_out(int status)
{
    if (!out_errno && fflush(stdout) != 0) out_errno = errno ? errno : EIO;
    if (!out_errno) return status;
    fprintf(stderr, PROG ": write error: %s\n", strerror(out_errno));
    __fpurge(stdout); /* what failed is not retried at exit */
    clearerr(stdout);
    return KFORGE_EXIT_FAIL;
}

static int sink_hex(void *arg, const uint8_t *bytes, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    char buf[2 * 256];
    (void)arg;
    while (n) {
        size_t k = n < 256 ? n : 256;
        for (size_t i = 0; i < k; i++) {
            buf[2 * i] = digits[bytes[i] >> 4];
            buf[2 * i + 1] = digits[bytes[i] & 15];
        }
        if (write_out(buf, 2 * k) != 0) return 1;
        bytes += k;
        n -= k;
    }
    return 0;
}

static int sink_raw(void *arg, const uint8_t *bytes, size_t n)
{
    (void)arg;
    return write_out(bytes, n) != 0;
}

static int needs_escape(const char *name) { return strpbrk(name, "\\\n\r") != NULL; }

/* A name as coreutils writes it: escaped when esc, else as is. */
static void put_name(const char *s, int esc)
{
    if (!esc) {
        out_str(s);
        return;
    }
    for (; *s; s++) {
        if (*s == '\\') out_str("\\\\");
        else if (*s == '\n') out_str("\\n");
        else if (*s == '\r') out_str("\\r");
        else write_out(s, 1);
    }
}

/* ---- reading ------------------------------------------------------------------------- */

static int is_stdin(const char *name) { return strcmp(name, "-") == 0; }

/* Threads for KT on fd: --threads N, else the automatic policy: more than one thread only
 * for a regular file of MT_MIN_FILE or more, and only as many as the idle cores allow
 * (ncpu minus the 1-minute load average, rounded down, plus this process's own core).
 * On a loaded host that is 1: threads that wait for a core are slower than none. */
static unsigned kt_threads(const sum_alg *a, int fd)
{
    struct stat st;
    if (a->kind != KIND_KT) return 1;
    if (o.threads) return o.threads;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < MT_MIN_FILE) return 1;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    double load[1];
    if (ncpu < 2 || getloadavg(load, 1) != 1) return 1;
    double idle = (double)ncpu - load[0];
    if (idle < 1.0) return 1;
    long t = 1 + (long)idle;
    return (unsigned)(t < ncpu ? t : ncpu);
}

/* Up to cap bytes from fd (fewer only at end of file); -1 with errno on an error. */
static ssize_t read_full(int fd, uint8_t *buf, size_t cap)
{
    size_t got = 0;
    while (got < cap) {
        ssize_t n = read(fd, buf + got, cap - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) break;
        got += (size_t)n;
    }
    return (ssize_t)got;
}

/* Absorb a whole file ("-" = standard input) into a fresh hasher. Returns 0, or an errno
 * (ENOENT for a missing file, so --ignore-missing can tell) after saying why on stderr
 * unless quiet_missing and the file is missing. */
static int hash_file(hasher *h, const sum_alg *a, const char *path, int quiet_missing)
{
    static uint8_t small[READ_CHUNK];
    int fd = is_stdin(path) ? STDIN_FILENO : open(path, O_RDONLY);
    if (fd < 0) {
        int e = errno;
        if (!(quiet_missing && e == ENOENT)) fprintf(stderr, PROG ": %s: %s\n", path, strerror(e));
        return e;
    }
    int rc = hasher_init(h, a), err = 0;
    unsigned threads = kt_threads(a, fd);
    uint8_t *buf = threads > 1 ? malloc(MT_WINDOW) : NULL, *window = buf ? buf : small;
    size_t cap = buf ? MT_WINDOW : READ_CHUNK;
    if (rc == KF_OK && buf) rc = kf_kt_set_threads(&h->u.kt, threads);
    while (rc == KF_OK) {
        ssize_t n = buf ? read_full(fd, window, cap) : read(fd, window, cap);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) err = errno;
        if (n <= 0) break;
        rc = hasher_update(h, window, (size_t)n);
    }
    free(buf);
    if (fd != STDIN_FILENO) close(fd);
    if (err) fprintf(stderr, PROG ": %s: %s\n", path, strerror(err));
    else if (rc != KF_OK) fprintf(stderr, PROG ": %s: %s failed: %s\n", path, a->name, kforge_status(rc));
    if (err || rc != KF_OK) {
        kf_wipe(h, sizeof *h);
        return err ? err : EIO;
    }
    return 0;
}

/* ---- printing sums ------------------------------------------------------------------- */

static int sum_files(const sum_alg *a, size_t outlen, char **files, int nfiles)
{
    static char *const just_stdin[] = {"-"};
    int status = KFORGE_EXIT_OK;
    hasher h;
    if (nfiles == 0) {
        files = (char **)just_stdin;
        nfiles = 1;
    }
    for (int i = 0; i < nfiles && !out_errno; i++) {
        if (hash_file(&h, a, files[i], 0) != 0) {
            status = KFORGE_EXIT_FAIL;
            continue;
        }
        if (o.raw) {
            int rc = hasher_output(&h, outlen, sink_raw, NULL);
            if (rc < 0) fprintf(stderr, PROG ": %s: %s failed: %s\n", files[i], a->name, kforge_status(rc));
            if (rc < 0) status = KFORGE_EXIT_FAIL;
            continue;
        }
        int esc = !o.zero && !o.no_names && needs_escape(files[i]);
        if (esc) out_str("\\");
        if (o.tag) {
            out_str(a->tag);
            out_str(" (");
            put_name(files[i], esc);
            out_str(") = ");
        }
        int rc = hasher_output(&h, outlen, sink_hex, NULL);
        if (rc < 0) {
            fprintf(stderr, PROG ": %s: %s failed: %s\n", files[i], a->name, kforge_status(rc));
            status = KFORGE_EXIT_FAIL;
        }
        if (!o.tag && !o.no_names) {
            out_str(o.binary ? " *" : "  ");
            put_name(files[i], esc);
        }
        write_out(o.zero ? "" : "\n", 1);
    }
    return finish_out(status);
}

/* ---- --check ------------------------------------------------------------------------- */

/* ACSL (proofs/ unit sum_parsers, docs/ASSURANCE.md) */
/*@ requires 0 <= c <= 255 || c == -1;
    assigns \nothing;
    ensures -1 <= \result <= 15;
    ensures c == 0 ==> \result == -1; */
static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

typedef struct hex_cmp {
    const char *hex; /* remaining expected digits */
} hex_cmp;

/* c->hex holds 2 n digits (hex_run counted them: parse_check_line) */
/*@ requires \valid((hex_cmp *)arg) && \valid_read(bytes + (0 .. n - 1)) && n <= PTRDIFF_MAX / 2;
    requires \valid_read(((hex_cmp *)arg)->hex + (0 .. 2 * n - 1));
    requires \forall integer i; 0 <= i < 2 * n ==> 0 <= ((hex_cmp *)arg)->hex[i] <= 127;
    assigns ((hex_cmp *)arg)->hex;
    ensures \result == 0 || \result == 1; */
static int sink_compare_hex(void *arg, const uint8_t *bytes, size_t n)
{
    hex_cmp *c = arg;
    /*@ loop invariant 0 <= i <= n && c->hex == \at(((hex_cmp *)arg)->hex, Pre) + 2 * i;
        loop assigns i, c->hex;
        loop variant n - i; */
    for (size_t i = 0; i < n; i++, c->hex += 2)
        if (hexval(c->hex[0]) != bytes[i] >> 4 || hexval(c->hex[1]) != (bytes[i] & 15)) return 1;
    return 0;
}

/* Undo the escaping of the first len bytes of s in place (the result is NUL-terminated);
 * -1 on an unknown escape or a backslash at the end. */
/*@ requires \valid(s + (0 .. len));
    assigns s[0 .. len];
    ensures \result == 0 || \result == -1; */
static int unescape(char *s, size_t len)
{
    char *w = s, *end = s + len;
    /*@ loop invariant \base_addr(w) == \base_addr(end) && \base_addr(s) == \base_addr(end);
        loop invariant \at(s, Pre) <= w <= s <= end && end == \at(s, Pre) + len;
        loop assigns s, w, \at(s, Pre)[0 .. len];
        loop variant end - s; */
    for (; s < end; s++) {
        if (*s != '\\') {
            *w++ = *s;
            continue;
        }
        if (++s == end) return -1;
        if (*s == '\\') *w++ = '\\';
        else if (*s == 'n') *w++ = '\n';
        else if (*s == 'r') *w++ = '\r';
        else return -1;
    }
    *w = '\0';
    return 0;
}

typedef struct check_state {
    const sum_alg *forced;     /* -a given: every line must be this algorithm */
    unsigned long long bits;   /* -l given: every digest must be this long */
    int bsd_reversed;          /* -1 unknown, 0 "hex  name" lines seen, 1 "hex name" lines seen */
    unsigned long guessed_failed; /* mismatches of plain lines whose algorithm the length picked */
} check_state;

typedef struct check_line {
    int guessed; /* a plain line without -a: the hex length picked the algorithm */
    const sum_alg *alg;
    char *hex;
    size_t hexlen;
    char *name;
} check_line;

/*@ assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures c == 0 ==> \result == 0; */
static int is_white(char c) { return c == ' ' || c == '\t'; }

/* The number of hex digits s starts with (the NUL ends them). */
/*@ requires valid_read_string(s) && strlen(s) <= PTRDIFF_MAX;
    assigns \nothing;
    ensures 0 <= \result <= strlen(s); */
static size_t hex_run(const char *s)
{
    size_t n = 0;
    /*@ loop invariant 0 <= n <= strlen(s);
        loop assigns n;
        loop variant strlen(s) - n; */
    while (hexval((unsigned char)s[n]) >= 0) {
        /*@ assert digit: s[n] != 0 && n < strlen(s); */
        n++;
    }
    return n;
}

/* Whether hexlen digits fit alg (and -l). */
/*@ requires \valid_read(st) && \valid_read(a);
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static int length_fits(const check_state *st, const sum_alg *a, size_t hexlen)
{
    if (hexlen == 0 || hexlen % 2) return 0;
    if (a->kind == KIND_HASH) return hexlen == 2 * kf_hash_size((kf_hash_alg)a->id);
    return !st->bits || (unsigned long long)hexlen * 4 == st->bits;
}

/* "ALGO (name) = hex" (also "ALGO(name)= hex"), s just after the tag word and its space. */
/*@ requires valid_string(s) && strlen(s) <= PTRDIFF_MAX;
    requires \valid(cl) && \separated(cl, s + (0 .. strlen(s)));
    assigns s[0 .. strlen(s)], cl->name, cl->hex, cl->hexlen;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> \valid_read(cl->hex + (0 .. cl->hexlen - 1)); */
static int parse_bsd(char *s, int escaped, check_line *cl)
{
    char *close = strrchr(s, ')');
    if (!close) return -1;
    cl->name = s;
    char *p = close + 1;
    /*@ loop invariant \base_addr(p) == \base_addr(s) && close < p <= s + strlen(s);
        loop assigns p;
        loop variant s + strlen(s) - p; */
    while (is_white(*p)) p++;
    if (*p++ != '=') return -1;
    /*@ loop invariant \base_addr(p) == \base_addr(s) && close < p <= s + strlen(s);
        loop assigns p;
        loop variant s + strlen(s) - p; */
    while (is_white(*p)) p++;
    /*@ assert tail: p == s + (p - s) && strlen(s + (p - s)) == strlen(s) - (p - s); */
    cl->hex = p;
    cl->hexlen = hex_run(p);
    if (p[cl->hexlen] != '\0') return -1;
    if (escaped) return unescape(s, (size_t)(close - s));
    *close = '\0';
    return 0;
}

/* The SHA-3 digest a plain line of hexlen digits has without -a, as sha3sum picks it. */
/*@ assigns \nothing;
    ensures \valid_read(\result) && \base_addr(\result) == \base_addr(&algs[0]); */
static const sum_alg *sha3_by_length(size_t hexlen)
{
    return hexlen == 56 ? &algs[ALG_SHA3_224] : hexlen == 96 ? &algs[ALG_SHA3_384]
         : hexlen == 128 ? &algs[ALG_SHA3_512] : &algs[ALG_SHA3_256];
}

/* A BSD line whose tag names a: s just after the tag word ("ALGO (name) = hex"). */
/*@ requires \valid_read(st) && \valid_read(a);
    requires valid_string(s) && strlen(s) <= PTRDIFF_MAX;
    requires \valid(cl) && \separated(cl, st, s + (0 .. strlen(s)));
    assigns s[0 .. strlen(s)], cl->alg, cl->guessed, cl->name, cl->hex, cl->hexlen;
    ensures \result == 0 || \result == -1; */
static int parse_tagged(const check_state *st, char *s, int escaped, const sum_alg *a, check_line *cl)
{
    size_t j = 0;
    if (s[j] == ' ') j++;
    if (s[j] != '(') return -1;
    if (st->forced && st->forced != a) return -1;
    cl->alg = a;
    cl->guessed = 0;
    /*@ assert tail: strlen(s + (j + 1)) == strlen(s) - (j + 1); */
    if (parse_bsd(s + j + 1, escaped, cl) != 0) return -1;
    return length_fits(st, a, cl->hexlen) ? 0 : -1;
}

/* The name of a plain line: p just after the white space that ends the hex digits. */
/*@ requires \valid(st);
    requires valid_string(p) && strlen(p) <= PTRDIFF_MAX;
    requires \valid(cl) && \separated(cl, st, p + (0 .. strlen(p)));
    assigns p[0 .. strlen(p)], cl->name, st->bsd_reversed;
    ensures \result == 0 || \result == -1; */
static int plain_name(check_state *st, char *p, int escaped, check_line *cl)
{
    size_t i = 0;
    if (p[0] == '\0') return -1;
    if (p[1] == '\0' || (p[0] != ' ' && p[0] != '*')) {
        /* "hex name": one separator only (as md5 -r writes); not mixed with the other form */
        if (st->bsd_reversed == 0) return -1;
        st->bsd_reversed = 1;
    } else if (st->bsd_reversed != 1) {
        st->bsd_reversed = 0;
        i++;
    }
    cl->name = p + i;
    return escaped ? unescape(cl->name, strlen(cl->name)) : 0;
}

/* "<hex><space or tab>[ or *]<name>", s at the hex digits. */
/*@ requires \valid(st) && (st->forced == \null || \valid_read(st->forced));
    requires valid_string(s) && strlen(s) <= PTRDIFF_MAX;
    requires \valid(cl) && \separated(cl, st, s + (0 .. strlen(s)));
    assigns s[0 .. strlen(s)], *cl, st->bsd_reversed;
    ensures \result == 0 || \result == -1; */
static int parse_plain(check_state *st, char *s, int escaped, check_line *cl)
{
    size_t n = hex_run(s);
    cl->hex = s;
    cl->hexlen = n;
    if (!is_white(s[n])) return -1;
    /*@ assert white: n < strlen(s) && s[strlen(s)] == 0; */
    s[n] = '\0';
    /*@ assert end: s[strlen{Pre}(s)] == 0 && n + 1 <= strlen{Pre}(s); */
    /*@ assert rest: 0 <= strlen(s + (n + 1)) <= strlen{Pre}(s) - (n + 1); */
    cl->guessed = !st->forced;
    cl->alg = st->forced ? st->forced : sha3_by_length(n);
    if (!length_fits(st, cl->alg, n)) return -1;
    return plain_name(st, s + n + 1, escaped, cl);
}

/* One line of a list (without its newline), as coreutils' sha256sum reads it. */
/*@ requires \valid(st) && (st->forced == \null || \valid_read(st->forced));
    requires valid_string(line) && strlen(line) <= PTRDIFF_MAX;
    requires \valid(cl) && \separated(cl, st, line + (0 .. strlen(line)));
    assigns line[0 .. strlen(line)], *cl, st->bsd_reversed;
    ensures \result == 0 || \result == -1; */
static int parse_check_line(check_state *st, char *line, check_line *cl)
{
    size_t i = 0;
    /*@ loop invariant 0 <= i <= strlen(line);
        loop assigns i;
        loop variant strlen(line) - i; */
    while (is_white(line[i])) i++;
    int escaped = line[i] == '\\';
    i += (size_t)escaped;
    char *s = line + i;
    /*@ assert tail: strlen(s) == strlen(line) - i; */

    /* A BSD line: an algorithm name, an optional space, '('. */
    size_t w = 0;
    /*@ loop invariant 0 <= w <= strlen(s);
        loop assigns w;
        loop variant strlen(s) - w; */
    while (s[w] && s[w] != ' ' && s[w] != '(') w++;
    const sum_alg *tagged = hex_run(s) == w ? NULL : find_alg_n(s, w);
    /*@ assert word: strlen(s + w) == strlen(s) - w; */
    if (tagged) return parse_tagged(st, s + w, escaped, tagged, cl);
    return parse_plain(st, s, escaped, cl);
}

typedef struct check_counts {
    unsigned long ok, mismatched, unreadable, malformed, missing;
} check_counts;

/* coreutils escapes a name in --check's output only for a newline (or carriage return). */
static void print_result(const char *name, const char *result)
{
    int esc = strpbrk(name, "\n\r") != NULL;
    if (esc) out_str("\\");
    put_name(name, esc);
    out_str(": ");
    out_str(result);
    out_str("\n");
}

static void check_one(check_state *st, char *line, const char *list, unsigned long lineno, check_counts *cnt)
{
    check_line cl;
    if (parse_check_line(st, line, &cl) != 0) {
        if (o.warn)
            fprintf(stderr, PROG ": %s: %lu: improperly formatted %s checksum line\n", list, lineno,
                    st->forced ? st->forced->tag : "SHA3");
        cnt->malformed++;
        return;
    }
    if (cl.alg->kind == KIND_KMAC && !o.key) {
        fprintf(stderr, PROG ": %s: %lu: %s needs --key-file\n", list, lineno, cl.alg->tag);
        cnt->malformed++;
        return;
    }
    hasher h;
    int e = hash_file(&h, cl.alg, cl.name, o.ignore_missing);
    if (e == ENOENT && o.ignore_missing) {
        cnt->missing++;
        return;
    }
    if (e != 0) {
        if (!o.status) print_result(cl.name, "FAILED open or read");
        cnt->unreadable++;
        return;
    }
    hex_cmp cmp = {cl.hex};
    int rc = hasher_output(&h, cl.hexlen / 2, sink_compare_hex, &cmp);
    if (rc < 0) {
        fprintf(stderr, PROG ": %s: %s failed: %s\n", cl.name, cl.alg->name, kforge_status(rc));
        if (!o.status) print_result(cl.name, "FAILED open or read");
        cnt->unreadable++;
    } else if (rc > 0) {
        if (!o.status) print_result(cl.name, "FAILED");
        cnt->mismatched++;
        st->guessed_failed += (unsigned long)cl.guessed;
    } else {
        if (!o.status && !o.quiet) print_result(cl.name, "OK");
        cnt->ok++;
    }
}

static void warn_count(unsigned long n, const char *one, const char *many)
{
    if (n && !o.status) fprintf(stderr, PROG ": WARNING: %lu %s\n", n, n == 1 ? one : many);
}

/* Check every line of one list file ("-" = standard input). 0 if all is well, else 1. */
static int check_list(check_state *st, const char *path)
{
    const char *list = is_stdin(path) ? "standard input" : path;
    FILE *f = is_stdin(path) ? stdin : fopen(path, "r");
    if (!f) {
        fprintf(stderr, PROG ": %s: %s\n", list, strerror(errno));
        return KFORGE_EXIT_FAIL;
    }
    check_counts cnt = {0, 0, 0, 0, 0};
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    unsigned long lineno = 0;
    st->bsd_reversed = -1;
    while (!out_errno && (len = getdelim(&line, &cap, o.zero ? '\0' : '\n', f)) >= 0) {
        lineno++;
        if (len > 0 && line[len - 1] == (o.zero ? '\0' : '\n')) line[--len] = '\0';
        if (line[0] == '#') continue; /* comments, as coreutils */
        if (len > 0 && line[len - 1] == '\r') line[--len] = '\0';
        if (len == 0) continue;
        if (strlen(line) != (size_t)len) { /* a NUL byte inside the line */
            cnt.malformed++;
            continue;
        }
        check_one(st, line, list, lineno, &cnt);
    }
    int read_error = ferror(f);
    int err = errno;
    free(line);
    if (f != stdin) fclose(f);
    if (read_error) {
        fprintf(stderr, PROG ": %s: %s\n", list, strerror(err));
        return KFORGE_EXIT_FAIL;
    }
    unsigned long valid = cnt.ok + cnt.mismatched + cnt.unreadable + cnt.missing;
    if (valid == 0) {
        fprintf(stderr, PROG ": %s: no properly formatted checksum lines found\n", list);
        if (!st->forced && !o.status)
            fprintf(stderr, PROG ": without -a, a line without an algorithm tag is read as SHA3-224/256/384/512 "
                            "by its length; name another algorithm with -a\n");
        return KFORGE_EXIT_FAIL;
    }
    warn_count(cnt.malformed, "line is improperly formatted", "lines are improperly formatted");
    warn_count(cnt.unreadable, "listed file could not be read", "listed files could not be read");
    warn_count(cnt.mismatched, "computed checksum did NOT match", "computed checksums did NOT match");
    if (st->guessed_failed && !o.status)
        fprintf(stderr, PROG ": note: without -a, the %lu failed line%s without an algorithm tag %s read as "
                        "SHA3 by %s length; if the list is of another algorithm, name it with -a\n",
                st->guessed_failed, st->guessed_failed == 1 ? "" : "s", st->guessed_failed == 1 ? "was" : "were",
                st->guessed_failed == 1 ? "its" : "their");
    st->guessed_failed = 0;
    if (o.ignore_missing && cnt.ok + cnt.mismatched + cnt.unreadable == 0) {
        if (!o.status) fprintf(stderr, PROG ": %s: no file was verified\n", list);
        return KFORGE_EXIT_FAIL;
    }
    return cnt.unreadable || cnt.mismatched || (o.strict && cnt.malformed) ? KFORGE_EXIT_FAIL : KFORGE_EXIT_OK;
}

static int check_lists(const sum_alg *forced, unsigned long long bits, char **lists, int nlists)
{
    check_state st = {forced, bits, -1, 0};
    int status = KFORGE_EXIT_OK;
    if (nlists == 0) return finish_out(check_list(&st, "-"));
    for (int i = 0; i < nlists && !out_errno; i++)
        if (check_list(&st, lists[i]) != KFORGE_EXIT_OK) status = KFORGE_EXIT_FAIL;
    return finish_out(status);
}

/* ---- options ------------------------------------------------------------------------- */

static void sum_usage(FILE *f)
{
    fputs("Usage: kforge sum [OPTION]... [FILE]...\n"
          "Print or check Keccak-family checksums, as sha256sum does for SHA-256.\n"
          "With no FILE, or when FILE is -, read standard input.\n"
          "\n"
          "  -a, --algorithm=ALGO  sha3-224, sha3-256 (default), sha3-384, sha3-512,\n"
          "                        shake128, shake256, turboshake128, turboshake256,\n"
          "                        kt128, kt256, keccak256, keccak512, kmac128, kmac256;\n"
          "                        case, '-' and '_' do not matter; also 224, 256, 384,\n"
          "                        512, 128000, 256000 (as sha3sum), k12, ts128, ts256\n"
          "  -b, --binary          write ' *' before the name (no effect on the hash)\n"
          "  -c, --check           read checksums from the FILEs and check them\n"
          "      --tag             write BSD-style lines: ALGO (FILE) = HEX\n"
          "  -t, --text            write '  ' before the name (the default)\n"
          "  -z, --zero            end each output line with NUL, not newline, and do\n"
          "                        not escape names; with --check, read NUL-ended lines\n"
          "  -l, --length=BITS     XOF/KT/KMAC output length in bits (a multiple of 8);\n"
          "                        default 256 for the 128 variants, 512 for the 256 ones\n"
          "  -L, --bytes=N         the same length in bytes\n"
          "      --raw             write the raw output bytes, no hex, no name (one FILE)\n"
          "      --no-names        write the hex only\n"
          "      --key-file=FILE   kmac128/kmac256: the key is FILE's bytes, exactly (a\n"
          "                        trailing newline is part of it); - reads standard input.\n"
          "                        There is no way to give a key on the command line.\n"
          "      --custom=STRING   customization string of KMAC and KT (default empty)\n"
          "      --threads=N       kt128/kt256: hash on N threads (default: threads only\n"
          "                        for a regular file of 32 MiB or more, as many as the\n"
          "                        idle cores by the load average; else 1)\n"
          "\n"
          "The following five options are useful only when verifying checksums:\n"
          "      --ignore-missing  don't fail or report status for missing files\n"
          "      --quiet           don't print OK for each successfully verified file\n"
          "      --status          don't output anything, status code shows success\n"
          "      --strict          exit non-zero for improperly formatted checksum lines\n"
          "  -w, --warn            warn about improperly formatted checksum lines\n"
          "\n"
          "      --help            display this help and exit\n"
          "      --version         output version information and exit\n"
          "\n"
          "--check reads \"HEX  FILE\", \"HEX *FILE\", \"HEX FILE\" and BSD lines\n"
          "\"ALGO (FILE) = HEX\"; a BSD line's tag names its algorithm; without -a a plain\n"
          "line's length picks sha3-224/256/384/512; an XOF's length is the hex's length.\n"
          "TurboSHAKE uses the domain byte 0x1F. keccak256/keccak512 are the original\n"
          "Keccak padding (as Ethereum uses), not SHA-3. KMAC is SP 800-185's (fixed\n"
          "length L = the output length).\n"
          "Exit status: 0 all good, 1 a file could not be read, a check failed, or bad usage.\n",
          f);
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs(PROG ": ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'kforge sum --help' for more information.\n", stderr);
    return KFORGE_EXIT_FAIL;
}

/* A decimal count: positive, below limit. */
static int parse_count(const char *s, unsigned long long limit, unsigned long long *v)
{
    char *end;
    if (!isdigit((unsigned char)s[0])) return -1;
    errno = 0;
    *v = strtoull(s, &end, 10);
    return errno || *end || *v == 0 || *v > limit ? -1 : 0;
}

/* The whole key file ("-" = stdin) into o.key; 0 or -1 after a message. */
static int read_key(const char *path)
{
    int fd = is_stdin(path) ? STDIN_FILENO : open(path, O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
        return -1;
    }
    o.key = malloc(MAX_KEY_BYTES + 1);
    ssize_t n = o.key ? read_full(fd, o.key, MAX_KEY_BYTES + 1) : -1;
    int e = errno;
    if (fd != STDIN_FILENO) close(fd);
    if (n < 0 || n > (ssize_t)MAX_KEY_BYTES) {
        if (n < 0) fprintf(stderr, PROG ": %s: %s\n", path, o.key ? strerror(e) : "out of memory");
        else fprintf(stderr, PROG ": %s: a key of at most %u bytes\n", path, MAX_KEY_BYTES);
        if (o.key) kf_wipe(o.key, MAX_KEY_BYTES + 1);
        free(o.key);
        o.key = NULL;
        return -1;
    }
    o.keylen = (size_t)n;
    return 0;
}

static void drop_key(void)
{
    if (o.key) kf_wipe(o.key, MAX_KEY_BYTES + 1);
    free(o.key);
    o.key = NULL;
}

enum {
    OPT_TAG = 256, OPT_QUIET, OPT_STATUS, OPT_STRICT, OPT_IGNORE_MISSING, OPT_THREADS, OPT_RAW,
    OPT_NO_NAMES, OPT_KEY_FILE, OPT_CUSTOM, OPT_HELP, OPT_VERSION,
};

static int sum_main(int argc, char **argv, const char **key_file)
{
    static const struct option longopts[] = {
        {"algorithm", required_argument, NULL, 'a'},
        {"binary", no_argument, NULL, 'b'},
        {"check", no_argument, NULL, 'c'},
        {"tag", no_argument, NULL, OPT_TAG},
        {"text", no_argument, NULL, 't'},
        {"zero", no_argument, NULL, 'z'},
        {"length", required_argument, NULL, 'l'},
        {"bytes", required_argument, NULL, 'L'},
        {"raw", no_argument, NULL, OPT_RAW},
        {"no-names", no_argument, NULL, OPT_NO_NAMES},
        {"key-file", required_argument, NULL, OPT_KEY_FILE},
        {"custom", required_argument, NULL, OPT_CUSTOM},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"ignore-missing", no_argument, NULL, OPT_IGNORE_MISSING},
        {"quiet", no_argument, NULL, OPT_QUIET},
        {"status", no_argument, NULL, OPT_STATUS},
        {"strict", no_argument, NULL, OPT_STRICT},
        {"warn", no_argument, NULL, 'w'},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {NULL, 0, NULL, 0},
    };
    const sum_alg *a = NULL;
    const char *length_arg = NULL;
    unsigned long long bits = 0, v;
    int check = 0, c, bytes_form = 0;

    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":a:bctzl:L:w", longopts, NULL)) != -1) {
        switch (c) {
        case 'a':
            if (!(a = find_alg(optarg))) return usage_error("unknown algorithm '%s'", optarg);
            break;
        case 'b': o.binary = 1; o.text = 0; break;
        case 't': o.text = 1; o.binary = 0; break;
        case 'c': check = 1; break;
        case 'z': o.zero = 1; break;
        case 'l': length_arg = optarg; bytes_form = 0; break;
        case 'L': length_arg = optarg; bytes_form = 1; break;
        case 'w': o.warn = 1; break;
        case OPT_TAG: o.tag = 1; break;
        case OPT_RAW: o.raw = 1; break;
        case OPT_NO_NAMES: o.no_names = 1; break;
        case OPT_KEY_FILE: *key_file = optarg; break;
        case OPT_CUSTOM: o.custom = optarg; break;
        case OPT_QUIET: o.quiet = 1; break;
        case OPT_STATUS: o.status = 1; break;
        case OPT_STRICT: o.strict = 1; break;
        case OPT_IGNORE_MISSING: o.ignore_missing = 1; break;
        case OPT_THREADS:
            if (parse_count(optarg, 1024, &v) != 0)
                return usage_error("invalid number of threads '%s' (1 to 1024)", optarg);
            o.threads = (unsigned)v;
            break;
        case OPT_HELP: sum_usage(stdout); return KFORGE_EXIT_OK;
        case OPT_VERSION:
            printf("kforge sum (keccakforge) %s\n", kf_version_string());
            return KFORGE_EXIT_OK;
        case ':':
            if (optopt && optopt < 256) {
                char s[2] = {(char)optopt, 0};
                return usage_error("option requires an argument -- '%s'", s);
            }
            return usage_error("option '%s' requires an argument", argv[optind - 1]);
        default:
            if (optopt && optopt < 256) {
                char s[2] = {(char)optopt, 0};
                return usage_error("invalid option -- '%s'", s);
            }
            return usage_error("unrecognized option '%s'", argv[optind - 1]);
        }
    }
    if (o.tag && o.text) return usage_error("--tag does not support --text mode%s", "");
    if (check) {
        if (o.tag) return usage_error("the --tag option is meaningless when verifying checksums%s", "");
        if (o.binary || o.text)
            return usage_error("the --binary and --text options are meaningless when verifying checksums%s", "");
        if (o.raw || o.no_names)
            return usage_error("--raw and --no-names are meaningless when verifying checksums%s", "");
    } else {
        static const char *const only_check[] = {"--ignore-missing", "--quiet", "--status", "--strict", "--warn"};
        int set[] = {o.ignore_missing, o.quiet, o.status, o.strict, o.warn};
        for (size_t i = 0; i < 5; i++)
            if (set[i]) return usage_error("the %s option is meaningful only when verifying checksums", only_check[i]);
        if (o.raw && (o.tag || o.no_names || o.binary || o.zero))
            return usage_error("--raw writes bytes only: no --tag, --no-names, -b or -z%s", "");
        if (o.raw && argc - optind > 1) return usage_error("--raw takes one FILE at most%s", "");
        if (o.tag && o.no_names) return usage_error("--tag and --no-names do not go together%s", "");
    }
    const sum_alg *alg = a ? a : find_alg("sha3-256");
    if (length_arg) {
        if (alg->kind == KIND_HASH)
            return usage_error("--length is only for the XOFs, KT and KMAC; %s has a fixed length", alg->name);
        if (parse_count(length_arg, bytes_form ? ((size_t)-1) / 8 : ((size_t)-1) / 8 * 8, &bits) != 0 ||
            (!bytes_form && bits % 8))
            return usage_error(bytes_form ? "invalid length '%s': a positive number of bytes"
                                          : "invalid length '%s': a positive multiple of 8 bits",
                               length_arg);
        if (bytes_form) bits *= 8;
    }
    if (*key_file) {
        if (check ? a && a->kind != KIND_KMAC : alg->kind != KIND_KMAC)
            return usage_error("--key-file is for -a kmac128 or kmac256%s", "");
        int stdin_too = optind == argc;
        for (int i = optind; i < argc; i++) stdin_too |= is_stdin(argv[i]);
        if (is_stdin(*key_file) && stdin_too)
            return usage_error("--key-file -: standard input holds the key; name the FILEs%s", "");
        if (read_key(*key_file) != 0) return KFORGE_EXIT_FAIL;
    } else if (alg->kind == KIND_KMAC) {
        return usage_error("%s needs a key: --key-file FILE (or - for standard input)", alg->name);
    }
    if (check) return check_lists(a, bits, argv + optind, argc - optind);
    size_t outlen = alg->kind == KIND_HASH ? kf_hash_size((kf_hash_alg)alg->id)
                                           : (size_t)((bits ? bits : alg->default_bits) / 8);
    return sum_files(alg, outlen, argv + optind, argc - optind);
}

int kforge_sum(int argc, char **argv)
{
    const char *key_file = NULL;
    memset(&o, 0, sizeof o);
    out_errno = 0;
    int rc = sum_main(argc, argv, &key_file);
    drop_key();
    return rc;
}

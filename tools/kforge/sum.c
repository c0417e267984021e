/*
 * sum.c - `kforge sum`: print or check hashes of files, with the conventions of coreutils
 * sha256sum and b3sum.
 *
 *   output lines  "<hex>  <name>"   (two spaces; "-" names standard input)
 *   --check       reads such lines (also "<hex> *<name>") and prints "<name>: OK" or
 *                 "<name>: FAILED", then sha256sum-style warnings on stderr.
 * A name containing '\\', '\n' or '\r' is written escaped ("\\\\", "\\n", "\\r") and its
 * line starts with a backslash, as coreutils does, so every name fits on one line.
 * Files are streamed through the incremental API in 64 KiB reads, never loaded whole;
 * XOF output is squeezed and printed in 4 KiB pieces, so any -l works in constant memory.
 * KT128/KT256 with threads (--threads, or by default every online core for a regular file
 * over MT_MIN_FILE) read MT_WINDOW bytes at a time, so each update has many whole chunks
 * for the library's threads to share.
 */
#define _POSIX_C_SOURCE 200809L /* getline */
#include "kforge.h"
#include "keccakforge.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_CHUNK (64 * 1024)
#define MT_WINDOW ((size_t)16 << 20) /* read size when KT hashes on threads */
#define MT_MIN_FILE ((off_t)1 << 20) /* automatic threads only for files larger than this */

static unsigned opt_threads; /* --threads; 0 = automatic */
#define SQUEEZE_CHUNK 4096
#define TURBOSHAKE_DOMAIN 0x1F /* RFC 9861: the D for plain hashing */

/* ---- the algorithms ------------------------------------------------------------------ */

enum alg_kind { KIND_HASH, KIND_XOF, KIND_KT };
enum xof_id { XOF_SHAKE128, XOF_SHAKE256, XOF_TURBO128, XOF_TURBO256 };

typedef struct sum_alg {
    const char *name;
    enum alg_kind kind;
    int id;                /* kf_hash_alg, xof_id or kf_kt_variant */
    unsigned default_bits; /* output length without -l */
} sum_alg;

static const sum_alg algs[] = {
    {"sha3-224", KIND_HASH, KF_SHA3_224, 224},
    {"sha3-256", KIND_HASH, KF_SHA3_256, 256},
    {"sha3-384", KIND_HASH, KF_SHA3_384, 384},
    {"sha3-512", KIND_HASH, KF_SHA3_512, 512},
    {"shake128", KIND_XOF, XOF_SHAKE128, 256},
    {"shake256", KIND_XOF, XOF_SHAKE256, 512},
    {"turboshake128", KIND_XOF, XOF_TURBO128, 256},
    {"turboshake256", KIND_XOF, XOF_TURBO256, 512},
    {"kt128", KIND_KT, KF_KT128, 256},
    {"kt256", KIND_KT, KF_KT256, 512},
    {"keccak256", KIND_HASH, KF_KECCAK256_LEGACY, 256},
    {"keccak512", KIND_HASH, KF_KECCAK512_LEGACY, 512},
};
#define N_ALGS (sizeof algs / sizeof algs[0])

static const sum_alg *find_alg(const char *name)
{
    for (size_t i = 0; i < N_ALGS; i++)
        if (strcasecmp(algs[i].name, name) == 0) return &algs[i];
    return NULL;
}

/* One running hash of any kind, behind four calls. */
typedef struct hasher {
    const sum_alg *alg;
    union {
        kf_hash_ctx hash;
        kf_xof_ctx xof;
        kf_kt_ctx kt;
    } u;
} hasher;

static int hasher_init(hasher *h, const sum_alg *a)
{
    h->alg = a;
    if (a->kind == KIND_HASH) return kf_hash_init(&h->u.hash, (kf_hash_alg)a->id);
    if (a->kind == KIND_KT) return kf_kt_init(&h->u.kt, (kf_kt_variant)a->id);
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
    }
    return KF_ERR_BAD_ALGORITHM;
}

/* End of input: KT takes its (empty) customization string here. */
static int hasher_finish(hasher *h)
{
    return h->alg->kind == KIND_KT ? kf_kt_final(&h->u.kt, NULL, 0) : KF_OK;
}

/* The next len output bytes. KIND_HASH: one call, len = the digest size. */
static int hasher_squeeze(hasher *h, uint8_t *out, size_t len)
{
    switch (h->alg->kind) {
    case KIND_HASH: return kf_hash_final(&h->u.hash, out, len);
    case KIND_XOF: return kf_xof_squeeze(&h->u.xof, out, len);
    case KIND_KT: return kf_kt_squeeze(&h->u.kt, out, len);
    }
    return KF_ERR_BAD_ALGORITHM;
}

/* Where output goes: returns 0 to continue, nonzero to stop (a mismatch). */
typedef int (*out_sink)(void *arg, const uint8_t *bytes, size_t n);

/* Squeeze outlen bytes into sink, a piece at a time, then wipe the context.
 * Returns 0, 1 if the sink stopped, or a negative kf_status. */
static int hasher_output(hasher *h, size_t outlen, out_sink sink, void *arg)
{
    uint8_t buf[SQUEEZE_CHUNK];
    int rc = hasher_finish(h), stopped = 0;
    while (rc == KF_OK && outlen && !stopped) {
        size_t n = outlen < sizeof buf ? outlen : sizeof buf;
        rc = hasher_squeeze(h, buf, n);
        if (rc == KF_OK) stopped = sink(arg, buf, n) != 0;
        outlen -= n;
    }
    kf_wipe(h, sizeof *h);
    return rc != KF_OK ? rc : stopped;
}

static size_t output_bytes(const sum_alg *a, unsigned long long bits)
{
    if (a->kind == KIND_HASH) return kf_hash_size((kf_hash_alg)a->id);
    return (size_t)((bits ? bits : a->default_bits) / 8);
}

/* ---- reading and printing ------------------------------------------------------------ */

static int is_stdin(const char *name) { return strcmp(name, "-") == 0; }

/* Threads for KT on fd: --threads, else every online core for a large regular file. */
static unsigned kt_threads(const sum_alg *a, int fd)
{
    struct stat st;
    if (a->kind != KIND_KT) return 1;
    if (opt_threads) return opt_threads;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > MT_MIN_FILE) {
        long c = sysconf(_SC_NPROCESSORS_ONLN);
        return c > 1 ? (unsigned)c : 1;
    }
    return 1;
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

/* Absorb a whole file ("-" = standard input) into a fresh hasher. Returns 0, or -1 after
 * saying why on stderr. */
static int hash_file(hasher *h, const sum_alg *a, const char *path)
{
    static uint8_t small[READ_CHUNK];
    int fd = is_stdin(path) ? STDIN_FILENO : open(path, O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "kforge: %s: %s\n", path, strerror(errno));
        return -1;
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
    if (err) fprintf(stderr, "kforge: %s: %s\n", path, strerror(err));
    else if (rc != KF_OK) fprintf(stderr, "kforge: %s: %s failed: %s\n", path, a->name, kf_strerror(rc));
    if (err || rc != KF_OK) {
        kf_wipe(h, sizeof *h);
        return -1;
    }
    return 0;
}

static int needs_escape(const char *name) { return strpbrk(name, "\\\n\r") != NULL; }

static void put_escaped(const char *s, FILE *f)
{
    for (; *s; s++) {
        if (*s == '\\') fputs("\\\\", f);
        else if (*s == '\n') fputs("\\n", f);
        else if (*s == '\r') fputs("\\r", f);
        else putc(*s, f);
    }
}

static int sink_print_hex(void *arg, const uint8_t *bytes, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    FILE *f = arg;
    for (size_t i = 0; i < n; i++) {
        putc(digits[bytes[i] >> 4], f);
        putc(digits[bytes[i] & 15], f);
    }
    return 0;
}

/* "<hex>  <name>" for each file; 0 if all were read, 1 otherwise. */
static int sum_files(const sum_alg *a, size_t outlen, char **files, int nfiles)
{
    static char *const just_stdin[] = {"-"};
    int status = KFORGE_EXIT_OK;
    hasher h;
    if (nfiles == 0) {
        files = (char **)just_stdin;
        nfiles = 1;
    }
    for (int i = 0; i < nfiles; i++) {
        if (hash_file(&h, a, files[i]) != 0) {
            status = KFORGE_EXIT_FAIL;
            continue;
        }
        int esc = needs_escape(files[i]);
        if (esc) putchar('\\');
        int rc = hasher_output(&h, outlen, sink_print_hex, stdout);
        if (rc < 0) {
            putchar('\n');
            fprintf(stderr, "kforge: %s: %s failed: %s\n", files[i], a->name, kf_strerror(rc));
            status = KFORGE_EXIT_FAIL;
            continue;
        }
        fputs("  ", stdout);
        if (esc) put_escaped(files[i], stdout);
        else fputs(files[i], stdout);
        putchar('\n');
    }
    return status;
}

/* ---- --check ------------------------------------------------------------------------- */

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Compares output bytes with the expected hex digits, in order. */
typedef struct hex_cmp {
    const char *hex; /* remaining expected digits */
} hex_cmp;

static int sink_compare_hex(void *arg, const uint8_t *bytes, size_t n)
{
    hex_cmp *c = arg;
    for (size_t i = 0; i < n; i++, c->hex += 2)
        if (hexval(c->hex[0]) != bytes[i] >> 4 || hexval(c->hex[1]) != (bytes[i] & 15)) return 1;
    return 0;
}

/* Undo put_escaped in place; -1 on an unknown escape. */
static int unescape(char *s)
{
    char *w = s;
    for (; *s; s++) {
        if (*s != '\\') {
            *w++ = *s;
            continue;
        }
        s++;
        if (*s == '\\') *w++ = '\\';
        else if (*s == 'n') *w++ = '\n';
        else if (*s == 'r') *w++ = '\r';
        else return -1;
    }
    *w = '\0';
    return 0;
}

/* Split "[\]<hex>  <name>" or "[\]<hex> *<name>" (line without its newline). Checks the
 * hex length against the algorithm: a fixed-length digest, or any whole bytes for an XOF. */
static int parse_check_line(char *line, const sum_alg *a, char **hex, size_t *hexlen,
                            char **name, int *escaped)
{
    size_t i = 0;
    *escaped = line[0] == '\\';
    i += (size_t)*escaped;
    *hex = line + i;
    while (hexval((unsigned char)line[i]) >= 0) i++;
    *hexlen = (size_t)(line + i - *hex);
    if (*hexlen == 0 || *hexlen % 2) return -1;
    if (a->kind == KIND_HASH && *hexlen != 2 * kf_hash_size((kf_hash_alg)a->id)) return -1;
    if (line[i] != ' ' || (line[i + 1] != ' ' && line[i + 1] != '*') || line[i + 2] == '\0') return -1;
    *name = line + i + 2;
    return *escaped ? unescape(*name) : 0;
}

typedef struct check_counts {
    unsigned long ok, mismatched, unreadable, malformed;
} check_counts;

static void print_result(const char *name, int escaped, const char *result)
{
    if (escaped) {
        putchar('\\');
        put_escaped(name, stdout);
    } else {
        fputs(name, stdout);
    }
    printf(": %s\n", result);
}

/* Verify one "<hex>  <name>" line. */
static void check_one(const sum_alg *a, char *line, const char *list, unsigned long lineno,
                      check_counts *cnt)
{
    char *hex, *name;
    size_t hexlen;
    int escaped;
    if (parse_check_line(line, a, &hex, &hexlen, &name, &escaped) != 0) {
        fprintf(stderr, "kforge: %s: %lu: improperly formatted %s checksum line\n", list, lineno, a->name);
        cnt->malformed++;
        return;
    }
    hasher h;
    if (hash_file(&h, a, name) != 0) {
        print_result(name, escaped, "FAILED open or read");
        cnt->unreadable++;
        return;
    }
    hex_cmp cmp = {hex};
    int rc = hasher_output(&h, hexlen / 2, sink_compare_hex, &cmp);
    if (rc < 0) {
        fprintf(stderr, "kforge: %s: %s failed: %s\n", name, a->name, kf_strerror(rc));
        print_result(name, escaped, "FAILED open or read");
        cnt->unreadable++;
    } else if (rc > 0) {
        print_result(name, escaped, "FAILED");
        cnt->mismatched++;
    } else {
        print_result(name, escaped, "OK");
        cnt->ok++;
    }
}

static void warn_count(unsigned long n, const char *one, const char *many)
{
    if (n) fprintf(stderr, "kforge: WARNING: %lu %s\n", n, n == 1 ? one : many);
}

/* Check every line of one list file ("-" = standard input). 0 if all is well, else 1. */
static int check_list(const sum_alg *a, const char *path)
{
    const char *list = is_stdin(path) ? "standard input" : path;
    FILE *f = is_stdin(path) ? stdin : fopen(path, "r");
    if (!f) {
        fprintf(stderr, "kforge: %s: %s\n", list, strerror(errno));
        return KFORGE_EXIT_FAIL;
    }
    check_counts cnt = {0, 0, 0, 0};
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    unsigned long lineno = 0;
    while ((len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        if (len > 0 && line[len - 1] == '\n') line[--len] = '\0';
        if (len > 0 && line[len - 1] == '\r') line[--len] = '\0';
        if (len == 0 || line[0] == '#') continue; /* blank lines and comments, as coreutils */
        if (strlen(line) != (size_t)len) {        /* a NUL byte inside the line */
            fprintf(stderr, "kforge: %s: %lu: improperly formatted %s checksum line\n", list, lineno, a->name);
            cnt.malformed++;
            continue;
        }
        check_one(a, line, list, lineno, &cnt);
    }
    int read_error = ferror(f);
    int err = errno;
    free(line);
    if (f != stdin) fclose(f);
    if (read_error) {
        fprintf(stderr, "kforge: %s: %s\n", list, strerror(err));
        return KFORGE_EXIT_FAIL;
    }
    unsigned long valid = cnt.ok + cnt.mismatched + cnt.unreadable;
    if (valid == 0) {
        fprintf(stderr, "kforge: %s: no properly formatted %s checksum lines found\n", list, a->name);
        return KFORGE_EXIT_FAIL;
    }
    warn_count(cnt.malformed, "line is improperly formatted", "lines are improperly formatted");
    warn_count(cnt.unreadable, "listed file could not be read", "listed files could not be read");
    warn_count(cnt.mismatched, "computed checksum did NOT match", "computed checksums did NOT match");
    return cnt.malformed || cnt.unreadable || cnt.mismatched ? KFORGE_EXIT_FAIL : KFORGE_EXIT_OK;
}

static int check_lists(const sum_alg *a, char **lists, int nlists)
{
    int status = KFORGE_EXIT_OK;
    if (nlists == 0) return check_list(a, "-");
    for (int i = 0; i < nlists; i++)
        if (check_list(a, lists[i]) != KFORGE_EXIT_OK) status = KFORGE_EXIT_FAIL;
    return status;
}

/* ---- options ------------------------------------------------------------------------- */

static void sum_usage(FILE *f)
{
    fputs("usage: kforge sum [-a ALGO] [-l BITS] [-t N] [FILE...]\n"
          "       kforge sum --check [-a ALGO] [FILE...]\n"
          "Print or check Keccak-family hashes. With no FILE, or when FILE is -, read\n"
          "standard input. Output lines are \"<hex>  <name>\", as sha256sum and b3sum write.\n"
          "\n"
          "  -a, --algorithm ALGO  sha3-224, sha3-256 (default), sha3-384, sha3-512,\n"
          "                        shake128, shake256, turboshake128, turboshake256,\n"
          "                        kt128, kt256, keccak256, keccak512\n"
          "  -l, --length BITS     output length of an XOF (shake*, turboshake*, kt*): a\n"
          "                        positive multiple of 8; default 256 for the 128 variants,\n"
          "                        512 for the 256 variants\n"
          "  -t, --threads N       kt128/kt256: hash on N threads (default: every online\n"
          "                        core for a regular file over 1 MiB, else 1)\n"
          "  -c, --check           read \"<hex>  <name>\" lines from the FILEs and verify\n"
          "                        each file they name; the algorithm is -a's, an XOF's\n"
          "                        length is the length of the hex\n"
          "  -h, --help            show this text\n"
          "\n"
          "TurboSHAKE uses the domain byte 0x1F, KT128/KT256 an empty customization string.\n"
          "keccak256/keccak512 are the original Keccak padding (as Ethereum uses), not SHA-3.\n"
          "Exit status: 0 all good, 1 a file could not be read or a check failed, 2 bad usage.\n",
          f);
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs("kforge sum: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n", stderr);
    sum_usage(stderr);
    return KFORGE_EXIT_USAGE;
}

/* Bits for -l: decimal, positive, a multiple of 8, whose byte count fits a size_t. */
static int parse_bits(const char *s, unsigned long long *bits)
{
    char *end;
    if (!isdigit((unsigned char)s[0])) return -1;
    errno = 0;
    *bits = strtoull(s, &end, 10);
    if (errno || *end || *bits == 0 || *bits % 8) return -1;
    return *bits / 8 <= (unsigned long long)(size_t)-1 ? 0 : -1;
}

int kforge_sum(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"algorithm", required_argument, NULL, 'a'},
        {"length", required_argument, NULL, 'l'},
        {"check", no_argument, NULL, 'c'},
        {"threads", required_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const sum_alg *a = find_alg("sha3-256");
    const char *length_arg = NULL;
    unsigned long long bits = 0;
    int check = 0, c;

    opterr = 0;
    optind = 1;
    opt_threads = 0;
    while ((c = getopt_long(argc, argv, ":a:l:t:ch", longopts, NULL)) != -1) {
        switch (c) {
        case 'a':
            if (!(a = find_alg(optarg))) return usage_error("unknown algorithm '%s'", optarg);
            break;
        case 'l': length_arg = optarg; break;
        case 'c': check = 1; break;
        case 't': {
            char *end;
            unsigned long t = strtoul(optarg, &end, 10);
            if (!isdigit((unsigned char)optarg[0]) || *end || t == 0 || t > 1024)
                return usage_error("--threads %s: a number of threads from 1 to 1024", optarg);
            opt_threads = (unsigned)t;
            break;
        }
        case 'h': sum_usage(stdout); return KFORGE_EXIT_OK;
        case ':': return usage_error("option '%s' needs a value", argv[optind - 1]);
        default: return usage_error("unknown option '%s'", argv[optind - 1]);
        }
    }
    if (length_arg) {
        if (check) return usage_error("%s: -l is not used with --check (the hex gives the length)", length_arg);
        if (a->kind == KIND_HASH)
            return usage_error("-l is only for the XOFs; %s has a fixed length", a->name);
        if (parse_bits(length_arg, &bits) != 0)
            return usage_error("-l %s: the length must be a positive multiple of 8 bits", length_arg);
    }
    if (check) return check_lists(a, argv + optind, argc - optind);
    return sum_files(a, output_bytes(a, bits), argv + optind, argc - optind);
}

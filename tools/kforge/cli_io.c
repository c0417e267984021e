/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cli_io.c - inputs and outputs of `kforge mlkem` and `kforge slhdsa` (see cli_io.h).
 */
#include "cli_io.h"
#include "keccakforge.h"
#include "kforge.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ACSL (proofs/ unit cli_readers, docs/ASSURANCE.md) */
/*@ predicate hex_digit(integer c) = ('0' <= c <= '9') || ('a' <= c <= 'f') || ('A' <= c <= 'F');
    // a blob as the readers leave it: NULL and 0, or n valid bytes at the start of a block
    predicate blob_ok(cli_blob *b) = \valid(b) && \valid(b->p + (0 .. b->n - 1)) && b->n <= PTRDIFF_MAX
      && (b->p == \null || \offset(b->p) == 0); */

/*@ assigns \nothing;
    ensures -1 <= \result <= 15;
    ensures hex_digit(c) <==> \result >= 0; */
static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decode n hex digits into out (n even, all digits checked by the caller). out may be hex
 * itself (cli_key_bytes decodes in place): each byte is written behind the digits it reads. */
/*@ requires \valid_read(hex + (0 .. n - 1)) && \valid(out + (0 .. n / 2 - 1));
    requires \forall integer i; 0 <= i < n ==> hex_digit((unsigned char)hex[i]);
    requires \separated(out + (0 .. n / 2 - 1), hex + (0 .. n - 1))
             || (\base_addr(out) == \base_addr(hex) && (char *)out <= hex);
    assigns out[0 .. n / 2 - 1]; */
static void decode(const char *hex, size_t n, uint8_t *out)
{
    /*@ loop invariant 0 <= i <= n / 2;
        loop invariant \forall integer j; 2 * i <= j < n ==> hex_digit((unsigned char)hex[j]);
        loop assigns i, out[0 .. n / 2 - 1];
        loop variant n / 2 - i; */
    for (size_t i = 0; i < n / 2; i++)
        out[i] = (uint8_t)(hexval((unsigned char)hex[2 * i]) << 4 | hexval((unsigned char)hex[2 * i + 1]));
}

/*@ requires valid_read_string(prog) && valid_read_string(opt) && valid_read_string(hex);
    requires \valid(b) && strlen(hex) <= PTRDIFF_MAX;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> blob_ok(b); */
int cli_from_hex(const char *prog, const char *opt, const char *hex, cli_blob *b)
{
    size_t n = strlen(hex);
    /*@ loop invariant 0 <= i <= n;
        loop invariant \forall integer j; 0 <= j < i ==> hex_digit((unsigned char)hex[j]);
        loop assigns i;
        loop variant n - i; */
    for (size_t i = 0; i < n; i++) {
        if (hexval((unsigned char)hex[i]) < 0) {
            fprintf(stderr, "%s: %s: not hexadecimal (character %zu is '%c')\n", prog, opt, i + 1,
                    isprint((unsigned char)hex[i]) ? hex[i] : '?');
            return -1;
        }
    }
    if (n % 2) {
        fprintf(stderr, "%s: %s: an odd number of hex digits (%zu)\n", prog, opt, n);
        return -1;
    }
    b->p = malloc(n / 2 + 1);
    /*@ assert fresh: b->p == \null || \separated(b->p + (0 .. n / 2), hex + (0 .. n)); */
    if (!b->p) {
        fprintf(stderr, "%s: %s: out of memory\n", prog, opt);
        return -1;
    }
    decode(hex, n, b->p);
    b->n = n / 2;
    return 0;
}

/* The loop ends when read(2) returns 0 or an error other than EINTR, or the size passes max:
 * not proved (a pipe or a device may never end; EINTR may repeat), no loop variant. */
/*@ requires valid_read_string(prog) && valid_read_string(opt) && valid_read_string(path);
    requires \valid(b) && max <= PTRDIFF_MAX / 2;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> blob_ok(b) && b->n <= max; */
int cli_read_file(const char *prog, const char *opt, const char *path, size_t max, cli_blob *b)
{
    int use_stdin = path[0] == '-' && path[1] == '\0'; /* "-"; no strcmp: proofs/ */
    int fd = use_stdin ? STDIN_FILENO : open(path, O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "%s: %s %s: %s\n", prog, opt, path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *p = malloc(cap);
    int err = p ? 0 : ENOMEM;
    /*@ loop invariant cap_low: 4096 <= cap;
        loop invariant n_cap: n <= cap;
        loop invariant cap_high: cap == 4096 || cap <= 2 * max;
        loop invariant p == \null ? err != 0 : \valid(p + (0 .. cap - 1)) && \offset(p) == 0;
        loop invariant fd == STDIN_FILENO || 0 <= fd < __FC_MAX_OPEN_FILES;
        loop assigns n, cap, p, err, __fc_errno, __fc_fds[0 .. __FC_MAX_OPEN_FILES - 1], p[0 .. cap - 1]; */
    while (!err) {
        if (n == cap) {
            uint8_t *q = cap <= max ? malloc(cap * 2) : NULL;
            /*@ assert fresh: q == \null || \separated(q + (0 .. 2 * cap - 1), p + (0 .. cap - 1)); */
            if (!q) {
                err = cap > max ? EFBIG : ENOMEM;
                break;
            }
            memcpy(q, p, n);
            if (b->secret) kf_wipe(p, n);
            free(p);
            p = q;
            cap *= 2;
        }
        ssize_t r = read(fd, p + n, cap - n);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) err = errno;
        if (r <= 0) break;
        n += (size_t)r;
    }
    if (!use_stdin) close(fd);
    if (!err && n > max) err = EFBIG;
    if (err) {
        if (err == EFBIG) fprintf(stderr, "%s: %s %s: larger than %zu bytes\n", prog, opt, path, max);
        else fprintf(stderr, "%s: %s %s: %s\n", prog, opt, path, strerror(err));
        if (p && b->secret) kf_wipe(p, cap);
        free(p);
        return -1;
    }
    b->p = p;
    b->n = n;
    return 0;
}

int cli_check_size(const char *prog, const char *opt, const cli_blob *b, size_t want, const char *set)
{
    if (b->n == want) return 0;
    fprintf(stderr, "%s: %s: %zu bytes expected for %s, got %zu\n", prog, opt, want, set, b->n);
    return -1;
}

/* A PEM block anywhere in b: RFC 7468 allows explanatory text before and after it (OpenSSL
 * writes some with -text; pyca/cryptography and OpenSSL read such files). */
/* (A loop rather than memcmp, as asn1_keys.c's eq_bytes: Frama-C's memcmp asks for "not
 * dangling", which WP cannot decide.) */
/*@ requires \valid_read(b) && \valid_read(b->p + (0 .. b->n - 1)) && b->n <= PTRDIFF_MAX;
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static int has_pem(const cli_blob *b)
{
    static const char tag[] = "-----BEGIN ";
    /*@ loop invariant 0 <= i <= b->n;
        loop assigns i;
        loop variant b->n - i; */
    for (size_t i = 0; i + sizeof tag - 1 <= b->n; i++) {
        size_t j = 0;
        /*@ loop invariant 0 <= j <= 11;
            loop assigns j;
            loop variant 11 - j; */
        while (j < sizeof tag - 1 && b->p[i + j] == (uint8_t)tag[j]) j++;
        if (j == sizeof tag - 1) return 1;
    }
    return 0;
}

/* b is exactly one DER SEQUENCE (tag 0x30 and a definite length that ends at b's end): then it
 * is read as DER even if its bytes happen to hold "-----BEGIN " (a key's seed or rho is any 32
 * bytes), which has_pem alone would take for a PEM block. */
/*@ requires \valid_read(b) && \valid_read(b->p + (0 .. b->n - 1));
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static int is_der_sequence(const cli_blob *b)
{
    if (b->n < 2 || b->p[0] != 0x30) return 0;
    size_t len = b->p[1], hdr = 2;
    if (len & 0x80) {
        size_t nb = len & 0x7f;
        if (nb == 0 || nb > 4 || b->n < 2 + nb) return 0;
        len = 0;
        /*@ loop invariant 0 <= i <= nb;
            loop assigns i, len;
            loop variant nb - i; */
        for (size_t i = 0; i < nb; i++) len = (len << 8) | b->p[2 + i];
        hdr += nb;
    }
    return b->n - hdr == len;
}

/* The key types of key_type's family (ML-KEM, SLH-DSA, ML-DSA: kf_key_type's ranges) */
/*@ assigns \nothing; */
static int same_family(int a, int b)
{
    return a / 10 == b / 10;
}

/* b's length in bytes if it is hex text (white space around it ignored), else 0 */
/*@ requires \valid_read(b) && \valid_read(b->p + (0 .. b->n - 1));
    assigns \nothing;
    ensures 2 * \result <= b->n; */
static size_t all_hex_len(const cli_blob *b)
{
    size_t s = 0, e = b->n;
    /*@ loop invariant 0 <= s <= e;
        loop assigns s;
        loop variant e - s; */
    while (s < e && isspace(b->p[s])) s++;
    /*@ loop invariant s <= e <= b->n;
        loop assigns e;
        loop variant e - s; */
    while (e > s && isspace(b->p[e - 1])) e--;
    if (e == s || (e - s) % 2) return 0;
    /*@ loop invariant s <= i <= e;
        loop assigns i;
        loop variant e - i; */
    for (size_t i = s; i < e; i++)
        if (hexval(b->p[i]) < 0) return 0;
    return (e - s) / 2;
}

/* The one other set of key_type's family whose raw key (or its hex, hexlen bytes) has n
 * bytes: its name, or NULL (none, or more than one: SLH-DSA's s and f sets share sizes). */
/*@ assigns \nothing; */
static const char *other_set_by_size(int key_type, int is_private, size_t n, size_t hexlen)
{
    static const int types[] = {KF_KEY_MLKEM512, KF_KEY_MLKEM768, KF_KEY_MLKEM1024, KF_KEY_SLHDSA_SHAKE_128S,
                                KF_KEY_SLHDSA_SHAKE_128F, KF_KEY_SLHDSA_SHAKE_192S, KF_KEY_SLHDSA_SHAKE_192F,
                                KF_KEY_SLHDSA_SHAKE_256S, KF_KEY_SLHDSA_SHAKE_256F, KF_KEY_MLDSA44,
                                KF_KEY_MLDSA65, KF_KEY_MLDSA87};
    const char *found = NULL;
    int count = 0;
    /*@ loop invariant 0 <= i <= 12 && 0 <= count <= i;
        loop assigns i, found, count;
        loop variant 12 - i; */
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        kf_key_type t = (kf_key_type)types[i];
        size_t size = is_private ? kf_key_priv_bytes(t) : kf_key_pub_bytes(t);
        if (types[i] == key_type || !same_family(types[i], key_type) || (size != n && size != hexlen)) continue;
        found = kf_key_type_name(t);
        count++;
    }
    return count == 1 ? found : NULL;
}

/* Whether a[0 .. n) and b[0 .. n) are the same bytes (a loop, as has_pem's). */
/*@ requires \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static int same_bytes(const char *a, const char *b, size_t n)
{
    /*@ loop invariant 0 <= i <= n;
        loop assigns i;
        loop variant n - i; */
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* b's PEM block as DER, its label checked ("PRIVATE KEY" for a private key, else "PUBLIC
 * KEY"): KF_OK with *der a new block of *dercap bytes whose first *derlen hold the DER; else
 * an error (-1 after a message for another label). Either way *der is NULL or a block of
 * *dercap bytes, which the caller wipes and frees. */
/*@ requires valid_read_string(prog) && valid_read_string(opt) && valid_read_string(set);
    requires \valid_read(b) && \valid_read(b->p + (0 .. b->n - 1)) && b->n <= PTRDIFF_MAX;
    requires \valid(der) && \valid(dercap) && \valid(derlen) && \separated(der, dercap, derlen);
    assigns *der, *dercap, *derlen, *__fc_stderr;
    ensures der_block: *der == \null || (\valid(*der + (0 .. *dercap - 1)) && \offset(*der) == 0);
    ensures \result == KF_OK ==> *der != \null && *derlen <= *dercap; */
static int pem_to_der(const char *prog, const char *opt, const cli_blob *b, const char *set, int is_private,
                      uint8_t **der, size_t *dercap, size_t *derlen)
{
    static const char private_label[] = "PRIVATE KEY", public_label[] = "PUBLIC KEY";
    const char *want_label = is_private ? private_label : public_label;
    size_t want_bytes = is_private ? sizeof private_label : sizeof public_label; /* with its NUL */
    char label[64] = "";
    size_t cap = 0, len = 0;
    int rc = kf_pem_decode((const char *)b->p, b->n, label, sizeof label, NULL, 0, &cap);
    uint8_t *p = rc == KF_OK ? malloc(cap ? cap : 1) : NULL;
    /*@ assert block: p == \null || (\valid(p + (0 .. cap - 1)) && \offset(p) == 0); */
    /*@ assert fresh: p == \null || \separated(p + (0 .. cap - 1), b->p + (0 .. b->n - 1), label + (0 .. 63), &len, &cap); */
    if (rc == KF_OK && !p) rc = KF_ERR_BAD_LENGTH;
    if (rc == KF_OK) rc = kf_pem_decode((const char *)b->p, b->n, label, sizeof label, p, cap, &len);
    /* the label is NUL-terminated (kf_pem_decode): the same string as want_label iff the same
     * bytes up to want_label's NUL */
    if (rc == KF_OK && !same_bytes(label, want_label, want_bytes)) {
        fprintf(stderr, "%s: %s: a PEM \"%s\", not the \"%s\" of %s\n", prog, opt, label, want_label, set);
        rc = -1;
    }
    *der = p;
    *dercap = cap;
    *derlen = len;
    return rc;
}

/* Why b's n bytes are not a key of set, after kf_key_decode_spki / _pkcs8 failed with rc (a
 * library error): the PEM's contents, a key of another set by its size, or the sizes. */
/*@ requires valid_read_string(prog) && valid_read_string(opt) && valid_read_string(set);
    assigns *__fc_stderr; */
static void say_not_a_key(const char *prog, const char *opt, size_t n, size_t want, const char *set, int key_type,
                          int is_private, int rc, int pem)
{
    if (pem) {
        fprintf(stderr, "%s: %s: not a %s %s key in PEM: %s\n", prog, opt, set, is_private ? "PKCS#8" : "SPKI",
                kforge_status(rc));
    } else if (other_set_by_size(key_type, is_private, n, 0)) {
        fprintf(stderr, "%s: %s: the key is %s, not %s (%zu bytes)\n", prog, opt,
                other_set_by_size(key_type, is_private, n, 0), set, n);
    } else {
        /* a first byte 0x30 may be DER or a raw key of the wrong length (1 raw key in 256
         * starts so): say both */
        fprintf(stderr, "%s: %s: %zu bytes expected for %s (raw, %zu hex digits, or %s PEM/DER), got %zu bytes "
                "(not %s DER either: %s)\n", prog, opt, want, set, 2 * want, is_private ? "PKCS#8" : "SPKI", n,
                is_private ? "PKCS#8" : "SPKI", kforge_status(rc));
    }
}

/* b holds PEM or DER: decode it (public: SPKI, private: PKCS#8) into the raw key. */
/*@ requires valid_read_string(prog) && valid_read_string(opt) && valid_read_string(set);
    requires blob_ok(b) && want <= PTRDIFF_MAX;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> blob_ok(b) && b->n == want; */
static int key_from_encoding(const char *prog, const char *opt, cli_blob *b, size_t want, const char *set,
                             int key_type, int is_private)
{
    uint8_t *der = NULL, *raw = NULL;
    size_t dercap = 0, derlen = 0, rawlen = 0;
    int rc = KF_OK, pem = !is_der_sequence(b) && has_pem(b);
    if (pem) rc = pem_to_der(prog, opt, b, set, is_private, &der, &dercap, &derlen);
    const uint8_t *in = pem ? der : b->p;
    size_t inlen = pem ? derlen : b->n;
    kf_key_type t = 0;
    size_t cap = want > 8192 ? want : 8192; /* room for any key (ML-DSA-87's sk is 4,896 bytes), so a key
                                              * of another type is named */
    raw = rc == KF_OK ? malloc(cap) : NULL;
    if (rc == KF_OK && !raw) rc = KF_ERR_BAD_LENGTH;
    /*@ assert fresh: rc != KF_OK || \separated(raw + (0 .. cap - 1), in + (0 .. inlen - 1), &t, &rawlen); */
    if (rc == KF_OK)
        rc = is_private ? kf_key_decode_pkcs8(in, inlen, &t, NULL, NULL, 0, NULL, raw, cap, &rawlen)
                        : kf_key_decode_spki(in, inlen, &t, raw, cap, &rawlen);
    if (rc == KF_OK && ((int)t != key_type || rawlen != want)) {
        const char *name = kf_key_type_name(t);
        fprintf(stderr, "%s: %s: the key is %s, not %s\n", prog, opt, name ? name : "of another type", set);
        rc = -1;
    } else if (rc != KF_OK && rc != -1) {
        say_not_a_key(prog, opt, b->n, want, set, key_type, is_private, rc, pem);
    }
    if (der) kf_wipe(der, dercap);
    free(der);
    if (rc != KF_OK) {
        if (raw) kf_wipe(raw, cap);
        free(raw);
        return -1;
    }
    cli_blob_free(b);
    b->p = raw;
    b->n = want;
    return 0;
}

/*@ requires valid_read_string(prog) && valid_read_string(opt) && valid_read_string(set);
    requires blob_ok(b) && want <= PTRDIFF_MAX / 2;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> blob_ok(b) && b->n == want; */
int cli_key_bytes(const char *prog, const char *opt, cli_blob *b, size_t want, const char *set, int key_type,
                  int is_private)
{
    if (b->n == want) return 0;
    /* hex text first (white space around it skipped): a hex key may well start with "30",
     * which is also how DER starts; no DER or PEM encoding is 2 * want hex digits alone */
    size_t s = 0, e = b->n;
    /*@ loop invariant 0 <= s <= e;
        loop assigns s;
        loop variant e - s; */
    while (s < e && isspace(b->p[s])) s++;
    /*@ loop invariant s <= e <= b->n;
        loop assigns e;
        loop variant e - s; */
    while (e > s && isspace(b->p[e - 1])) e--;
    int all_hex = e - s == 2 * want;
    const char *txt = (const char *)b->p; /* read as decode reads it: proofs/, one memory a type */
    /*@ loop invariant s <= i <= e;
        loop invariant all_hex ==> \forall integer j; s <= j < i ==> hex_digit((unsigned char)txt[j]);
        loop invariant all_hex ==> e - s == 2 * want;
        loop assigns i, all_hex;
        loop variant e - i; */
    for (size_t i = s; all_hex && i < e; i++) all_hex = hexval((unsigned char)txt[i]) >= 0;
    if (all_hex) {
        uint8_t *p = b->p;
        size_t n = b->n;
        /*@ assert 2 * want == e - s && e <= n; */
        decode(txt + s, e - s, p); /* in place: writes behind the reads */
        if (b->secret) kf_wipe(p + want, n - want);
        b->n = want;
        return 0;
    }
    if (has_pem(b) || (b->n > 0 && b->p[0] == 0x30))
        return key_from_encoding(prog, opt, b, want, set, key_type, is_private);
    const char *other = other_set_by_size(key_type, is_private, b->n, all_hex_len(b));
    if (other) {
        fprintf(stderr, "%s: %s: the key is %s, not %s (%zu bytes)\n", prog, opt, other, set, b->n);
        return -1;
    }
    fprintf(stderr, "%s: %s: %zu bytes expected for %s (raw, %zu hex digits, or %s PEM/DER), got %zu bytes\n",
            prog, opt, want, set, 2 * want, is_private ? "PKCS#8" : "SPKI", b->n);
    return -1;
}

/*@ requires \valid_read(b) && (b->p == \null || \valid_read(b->p + (0 .. b->n - 1))) && b->n <= PTRDIFF_MAX; */
int cli_key_type_of(const cli_blob *b, int is_private)
{
    enum { RAW_CAP = 8192 }; /* more than any key's raw form (ML-DSA-87 sk: 4896 bytes) */
    int der_seq = b->p && is_der_sequence(b), pem = b->p && !der_seq && has_pem(b);
    if (!der_seq && !pem) return 0;
    uint8_t *der = NULL, *raw = malloc(RAW_CAP);
    const uint8_t *in = b->p;
    size_t inlen = b->n, derlen = 0, rawlen = 0;
    int rc = raw ? KF_OK : KF_ERR_BAD_LENGTH;
    if (rc == KF_OK && pem) {
        rc = kf_pem_decode((const char *)b->p, b->n, NULL, 0, NULL, 0, &derlen);
        der = rc == KF_OK ? malloc(derlen ? derlen : 1) : NULL;
        /*@ assert fresh: der == \null || \separated(der + (0 .. derlen - 1), b->p + (0 .. b->n - 1), &derlen); */
        if (rc == KF_OK && !der) rc = KF_ERR_BAD_LENGTH;
        if (rc == KF_OK) rc = kf_pem_decode((const char *)b->p, b->n, NULL, 0, der, derlen, &derlen);
        in = der;
        inlen = derlen;
    }
    kf_key_type t = 0;
    /*@ assert fresh: rc != KF_OK || \separated(raw + (0 .. RAW_CAP - 1), in + (0 .. inlen - 1), &t, &rawlen); */
    if (rc == KF_OK)
        rc = is_private ? kf_key_decode_pkcs8(in, inlen, &t, NULL, NULL, 0, NULL, raw, RAW_CAP, &rawlen)
                        : kf_key_decode_spki(in, inlen, &t, raw, RAW_CAP, &rawlen);
    if (der) kf_wipe(der, derlen);
    if (raw) kf_wipe(raw, RAW_CAP);
    free(der);
    free(raw);
    return rc == KF_OK ? (int)t : 0;
}

/* ---- outputs: staged, then committed together ---------------------------------------- */
/* An output that is, or will be, a regular file is written in full to a fresh temporary file
 * beside it (created by mkstemp, so mode 0600; a public output then gets 0644 less the umask)
 * and fsync'd; only cli_commit renames the staged files over their destinations, once the
 * whole command has succeeded. So a failed write (disk full, /dev/full, a signal) leaves every
 * destination as it was, a key pair is never half replaced, and an existing file's mode is
 * never inherited by a secret.
 * Anything else is written in place, as nothing may be renamed over it: a FIFO or a device
 * (/dev/null, a terminal), and the process's own descriptors named /dev/stdout, /dev/stderr,
 * /dev/fd/N or /proc/self/fd/N (written through that descriptor, whatever it is open on: a
 * pipe, a terminal, or a file the shell opened, appending or not, as `>` or `>>` asked).
 * A symbolic link is never replaced itself: a public output through a link to a regular file
 * is staged beside the link's final target and renamed onto that target (the link stays, the
 * file it names gets the new contents as atomically as any other file: the same all-or-
 * nothing commit); a link to a FIFO or device is written through in place; a link to nothing
 * is refused. A secret is never written through a symbolic link to a file (refused), so it
 * cannot land where someone else's link points. */
#define CLI_MAX_STAGED 8
static struct {
    char *tmp, *dest;
    int secret;
} staged[CLI_MAX_STAGED];
static size_t n_staged;

static int write_all(int fd, const uint8_t *p, size_t n)
{
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(fd, p + done, n - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return w < 0 ? errno : EIO;
        done += (size_t)w;
    }
    return 0;
}

/* path's directory (or ".") and base name, in fresh strings */
static int split_path(const char *path, char **dir, char **base)
{
    const char *slash = strrchr(path, '/');
    size_t dl = slash ? (size_t)(slash - path) : 1;
    *dir = malloc(dl + 1);
    *base = strdup(slash ? slash + 1 : path);
    if (!*dir || !*base) {
        free(*dir);
        free(*base);
        return ENOMEM;
    }
    if (!slash) memcpy(*dir, ".", 2);
    else if (dl == 0) memcpy(*dir, "/", 2);
    else {
        memcpy(*dir, path, dl);
        (*dir)[dl] = 0;
    }
    return 0;
}

static int stage_file(const char *prog, const char *path, const uint8_t *p, size_t n, int secret)
{
    char *dir = NULL, *base = NULL, *tmp = NULL;
    int err = n_staged == CLI_MAX_STAGED ? EMFILE : split_path(path, &dir, &base);
    int fd = -1;
    if (!err && !*base) err = EISDIR;
    if (!err) {
        size_t tl = strlen(dir) + strlen(base) + 16;
        tmp = malloc(tl);
        if (!tmp) err = ENOMEM;
        else snprintf(tmp, tl, "%s/.%s.XXXXXX", dir, base);
    }
    if (!err && (fd = mkstemp(tmp)) < 0) err = errno;
    if (!err && !secret) {
        mode_t um = umask(0);
        umask(um);
        if (fchmod(fd, 0644 & ~um) != 0) err = errno;
    }
    if (!err) err = write_all(fd, p, n);
    if (!err && fsync(fd) != 0 && errno != EINVAL && errno != EROFS) err = errno;
    if (fd >= 0 && close(fd) != 0 && !err) err = errno;
    if (err) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(err));
        if (fd >= 0) unlink(tmp);
        free(tmp);
        free(dir);
        free(base);
        return -1;
    }
    staged[n_staged].tmp = tmp;
    staged[n_staged].dest = strdup(path);
    staged[n_staged].secret = secret;
    free(dir);
    free(base);
    if (!staged[n_staged].dest) {
        unlink(tmp);
        free(tmp);
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(ENOMEM));
        return -1;
    }
    n_staged++;
    return 0;
}

/* The descriptor path names when it is one of the process's own ("/dev/stdout", "/dev/stderr",
 * "/dev/fd/N", "/proc/self/fd/N"), else -1. */
static int own_descriptor(const char *path)
{
    static const char *const prefixes[] = {"/dev/fd/", "/proc/self/fd/"};
    if (strcmp(path, "/dev/stdout") == 0) return STDOUT_FILENO;
    if (strcmp(path, "/dev/stderr") == 0) return STDERR_FILENO;
    for (size_t i = 0; i < 2; i++) {
        size_t pl = strlen(prefixes[i]);
        if (strncmp(path, prefixes[i], pl) != 0 || !path[pl]) continue;
        long fd = 0;
        for (const char *c = path + pl; *c; c++) {
            if (*c < '0' || *c > '9' || fd > 1000000) return -1;
            fd = fd * 10 + (*c - '0');
        }
        return (int)fd;
    }
    return -1;
}

/* Write to a FIFO or device in place (open without O_TRUNC, following links when follow). */
static int write_in_place(const char *prog, const char *path, const uint8_t *p, size_t n, int follow)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (follow ? 0 : O_NOFOLLOW));
    int err = fd < 0 ? errno : write_all(fd, p, n);
    if (fd >= 0 && close(fd) != 0 && !err) err = errno;
    if (err) fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(err));
    return err ? -1 : 0;
}

int cli_write_file(const char *prog, const char *path, const uint8_t *p, size_t n, int secret)
{
    struct stat st;
    int own = strcmp(path, "-") == 0 ? STDOUT_FILENO : own_descriptor(path);
    if (own >= 0) {
        /* the process's own descriptor: written through it, in place (hex lines printed
         * before go first) */
        fflush(stdout);
        int err = fcntl(own, F_GETFD) < 0 ? EBADF : write_all(own, p, n);
        if (err) fprintf(stderr, "%s: %s: %s\n", prog, own == STDOUT_FILENO && path[0] == '-' ? "standard output"
                                                                                             : path, strerror(err));
        return err ? -1 : 0;
    }
    if (lstat(path, &st) != 0) {
        if (errno == ENOENT) return stage_file(prog, path, p, n, secret); /* a new file */
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
        return -1;
    }
    if (S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(EISDIR));
        return -1;
    }
    if (S_ISREG(st.st_mode)) return stage_file(prog, path, p, n, secret);
    if (!S_ISLNK(st.st_mode)) return write_in_place(prog, path, p, n, 0); /* a FIFO, a device */
    /* a symbolic link: what it finally names decides */
    struct stat target;
    if (stat(path, &target) != 0) {
        fprintf(stderr, "%s: %s: a symbolic link to %s (not followed to create a file)\n", prog, path,
                errno == ENOENT ? "nothing" : strerror(errno));
        return -1;
    }
    if (S_ISDIR(target.st_mode)) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(EISDIR));
        return -1;
    }
    if (!S_ISREG(target.st_mode)) return write_in_place(prog, path, p, n, 1);
    if (secret) {
        fprintf(stderr, "%s: %s: a symbolic link: a secret is not written through it (name the file itself)\n",
                prog, path);
        return -1;
    }
    char *real = realpath(path, NULL);
    if (!real) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
        return -1;
    }
    int rc = stage_file(prog, real, p, n, secret);
    free(real);
    return rc;
}

int cli_commit(const char *prog, int ok)
{
    int st = 0;
    /* secrets first: a public key is never left in place without its private key */
    for (int pass = 1; pass >= 0; pass--) {
        for (size_t i = 0; i < n_staged; i++) {
            if (staged[i].secret != pass || !staged[i].tmp) continue;
            if (ok && st == 0 && rename(staged[i].tmp, staged[i].dest) != 0) {
                fprintf(stderr, "%s: %s: %s\n", prog, staged[i].dest, strerror(errno));
                st = -1;
            }
            if (!ok || st != 0) unlink(staged[i].tmp); /* nothing there after a rename */
            free(staged[i].tmp);
            free(staged[i].dest);
            staged[i].tmp = staged[i].dest = NULL;
        }
    }
    n_staged = 0;
    return st;
}

void cli_print_hex(const char *name, const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    printf("%s=", name);
    for (size_t i = 0; i < n; i++) {
        putchar(digits[p[i] >> 4]);
        putchar(digits[p[i] & 15]);
    }
    putchar('\n');
}

/*@ requires blob_ok(b);
    assigns b->p, b->n, b->p[0 .. b->n - 1];
    ensures b->p == \null && b->n == 0; */
void cli_blob_free(cli_blob *b)
{
    if (b->p && b->secret) kf_wipe(b->p, b->n);
    free(b->p);
    b->p = NULL;
    b->n = 0;
}

int cli_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) return 1;
    return 0;
}

cli_val *cli_find(cli_val *v, size_t nv, const char *name)
{
    for (size_t i = 0; i < nv; i++)
        if (strcmp(v[i].name, name) == 0) return &v[i];
    return NULL;
}

#define MAX_INPUT_BYTES ((size_t)1 << 30)

/* What a file argument names, to tell whether two are one file: a regular file (or a link to
 * one) by device and inode; a name not there yet by its directory's real path and its base
 * name; anything else (standard input/output "-", a pipe, a device, a link to nothing: never
 * staged over, so nothing to lose) as nothing. */
typedef struct file_id {
    int kind; /* 0: nothing, 1: dev/ino, 2: name */
    dev_t dev;
    ino_t ino;
    char *name;
} file_id;

static void identify(const char *path, file_id *id)
{
    struct stat st;
    memset(id, 0, sizeof *id);
    if (strcmp(path, "-") == 0) return;
    if (stat(path, &st) == 0) {
        if (S_ISREG(st.st_mode)) {
            id->kind = 1;
            id->dev = st.st_dev;
            id->ino = st.st_ino;
        }
        return;
    }
    if (errno != ENOENT || lstat(path, &st) == 0) return; /* a dangling link: refused when written */
    char *dir = NULL, *base = NULL;
    if (split_path(path, &dir, &base) != 0) return;
    char *real = realpath(dir, NULL);
    if (real) {
        size_t l = strlen(real) + strlen(base) + 2;
        id->name = malloc(l);
        if (id->name) {
            snprintf(id->name, l, "%s/%s", real, base);
            id->kind = 2;
        }
    }
    free(real);
    free(dir);
    free(base);
}

static int same_file(const file_id *a, const file_id *b)
{
    if (a->kind != b->kind || a->kind == 0) return 0;
    return a->kind == 1 ? a->dev == b->dev && a->ino == b->ino : strcmp(a->name, b->name) == 0;
}

/* Every output distinct from every other output and from every input file: 0, or 2 after a
 * message naming the two options. */
static int distinct_files(const char *prog, const cli_val *v, size_t nv)
{
    file_id ids[32];
    size_t idx[32], m = 0;
    int st = 0;
    for (size_t i = 0; i < nv && m < 32; i++) {
        const char *f = v[i].input ? v[i].path : v[i].out;
        if (!v[i].given || !f) continue;
        identify(f, &ids[m]);
        idx[m++] = i;
    }
    for (size_t a = 0; a < m && !st; a++) {
        for (size_t b = a + 1; b < m && !st; b++) {
            const cli_val *x = &v[idx[a]], *y = &v[idx[b]];
            if ((x->input && y->input) || !same_file(&ids[a], &ids[b])) continue;
            fprintf(stderr, "%s: --%s%s %s and --%s%s %s are the same file: refused, nothing written\n", prog,
                    x->name, x->input ? "-file" : "-out", x->input ? x->path : x->out, y->name,
                    y->input ? "-file" : "-out", y->input ? y->path : y->out);
            st = 2;
        }
    }
    for (size_t a = 0; a < m; a++) free(ids[a].name);
    return st;
}

int cli_parse(const char *prog, int argc, char **argv, int first, cli_val *v, size_t nv, const char **param,
              int *pem)
{
    int stdin_used = 0;
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (pem && strcmp(a, "--pem") == 0) {
            *pem = 1;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "%s: option '%s' needs a value\n", prog, a);
            return 2;
        }
        const char *val = argv[++i];
        if (strcmp(a, "-p") == 0 || strcmp(a, "--param") == 0) {
            *param = val;
            continue;
        }
        size_t k = 0, alen = strlen(a);
        const char *suffix = NULL;
        for (; k < nv; k++) {
            size_t nl = strlen(v[k].name);
            if (alen < 2 + nl || strncmp(a, "--", 2) != 0 || strncmp(a + 2, v[k].name, nl) != 0) continue;
            suffix = a + 2 + nl;
            if (v[k].input ? (!*suffix || !strcmp(suffix, "-file")) : !strcmp(suffix, "-out")) break;
        }
        if (k == nv) {
            fprintf(stderr, "%s: unknown option '%s'\n", prog, a);
            return 2;
        }
        cli_val *x = &v[k];
        if (x->given) {
            fprintf(stderr, "%s: --%s given twice\n", prog, x->name);
            return 2;
        }
        x->given = 1;
        x->b.secret = x->secret;
        if (!x->input) {
            x->out = val;
        } else if (*suffix) { /* --NAME-file */
            if (strcmp(val, "-") == 0 && stdin_used++) {
                fprintf(stderr, "%s: only one input can be standard input (-)\n", prog);
                return 2;
            }
            if (cli_read_file(prog, a, val, x->max ? x->max : MAX_INPUT_BYTES, &x->b) != 0) return 1;
            x->path = val;
        } else {
            if (x->secret)
                fprintf(stderr, "%s: warning: --%s on the command line is visible to other users (ps); "
                        "--%s-file FILE keeps it off\n", prog, x->name, x->name);
            if (cli_from_hex(prog, a, val, &x->b) != 0) return 2;
        }
    }
    return distinct_files(prog, v, nv);
}

int cli_emit(const char *prog, cli_val *v, size_t nv, const char *name, const uint8_t *p, size_t n)
{
    cli_val *x = NULL;
    for (size_t i = 0; i < nv && !x; i++)
        if (!v[i].input && strcmp(v[i].name, name) == 0) x = &v[i];
    if (x && x->out) return cli_write_file(prog, x->out, p, n, x->secret);
    cli_print_hex(name, p, n);
    return 0;
}

int cli_emit_pem(const char *prog, cli_val *v, size_t nv, const char *name, const uint8_t *p, size_t n,
                 int key_type, int is_private, const uint8_t *seed, size_t seedlen)
{
    return cli_emit_pem_form(prog, v, nv, name, p, n, key_type, is_private, seed, seedlen, KF_PRIV_DEFAULT);
}

int cli_emit_pem_form(const char *prog, cli_val *v, size_t nv, const char *name, const uint8_t *p, size_t n,
                      int key_type, int is_private, const uint8_t *seed, size_t seedlen, int form_)
{
    size_t derlen = 0, pemlen = 0;
    kf_key_priv_form form = form_ != KF_PRIV_DEFAULT ? (kf_key_priv_form)form_ : seed ? KF_PRIV_SEED : KF_PRIV_DEFAULT;
    kf_key_type t = (kf_key_type)key_type;
    int rc = is_private ? kf_key_encode_pkcs8(t, form, seed, seedlen, p, n, NULL, 0, &derlen)
                        : kf_key_encode_spki(t, p, n, NULL, 0, &derlen);
    uint8_t *der = rc == KF_OK ? malloc(derlen) : NULL;
    char *pem = der ? malloc(derlen * 2 + 128) : NULL;
    if (rc == KF_OK && !pem) rc = KF_ERR_BAD_LENGTH;
    if (rc == KF_OK)
        rc = is_private ? kf_key_encode_pkcs8(t, form, seed, seedlen, p, n, der, derlen, &derlen)
                        : kf_key_encode_spki(t, p, n, der, derlen, &derlen);
    if (rc == KF_OK)
        rc = kf_pem_encode(is_private ? "PRIVATE KEY" : "PUBLIC KEY", der, derlen, pem, derlen * 2 + 128, &pemlen);
    int st = -1;
    if (rc != KF_OK) {
        fprintf(stderr, "%s: %s: PEM encoding failed: %s\n", prog, name, kforge_status(rc));
    } else {
        cli_val *x = NULL;
        for (size_t i = 0; i < nv && !x; i++)
            if (!v[i].input && strcmp(v[i].name, name) == 0) x = &v[i];
        if (x && x->out) {
            st = cli_write_file(prog, x->out, (const uint8_t *)pem, pemlen, is_private);
        } else {
            fwrite(pem, 1, pemlen, stdout);
            st = 0;
        }
    }
    if (der) kf_wipe(der, derlen);
    if (pem) kf_wipe(pem, derlen * 2 + 128);
    free(der);
    free(pem);
    return st;
}

void cli_free_all(cli_val *v, size_t nv)
{
    for (size_t i = 0; i < nv; i++) cli_blob_free(&v[i].b);
}

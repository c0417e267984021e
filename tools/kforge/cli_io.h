/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cli_io.h - how `kforge mlkem` and `kforge slhdsa` take their inputs and write outputs:
 * a value comes as hex on the command line (--NAME HEX: public values, small ones) or from a
 * file (--NAME-file FILE, "-" = standard input: keys, messages, signatures of any size);
 * outputs go to files (--NAME-out FILE, secrets created with mode 0600) or as NAME=hex lines
 * on standard output. Secret buffers are wiped before they are freed.
 */
#ifndef KFORGE_CLI_IO_H
#define KFORGE_CLI_IO_H

#include <stddef.h>
#include <stdint.h>

typedef struct cli_blob {
    uint8_t *p;
    size_t n;
    int secret; /* wiped by cli_blob_free */
} cli_blob;

/* "--NAME HEX": 0, or -1 after "PROG: --NAME: not hexadecimal" (or: odd number of digits). */
int cli_from_hex(const char *prog, const char *opt, const char *hex, cli_blob *b);
/* The whole of FILE ("-" = stdin), at most max bytes: 0, or -1 after a message. */
int cli_read_file(const char *prog, const char *opt, const char *path, size_t max, cli_blob *b);
/* A key file's bytes as the raw key, replacing b's contents: exactly want bytes, the same as
 * hex text (2*want digits, surrounding white space ignored, as keygen's NAME=hex line without
 * the name), or PEM / DER: SubjectPublicKeyInfo (is_private 0) or PKCS#8 (is_private 1) of
 * key type key_type (kf_key_type), decoded by the library (kf_pem_decode, kf_key_decode_*).
 * 0, or -1 after a message that states what was expected. */
int cli_key_bytes(const char *prog, const char *opt, cli_blob *b, size_t want, const char *set, int key_type,
                  int is_private);
/* The kf_key_type a PEM or DER key file names through its OID (SPKI when is_private is 0,
 * PKCS#8 when 1), so a command can take the parameter set from it; 0 for a raw or hex key or
 * an encoding that does not decode (the key's own reading then says what is wrong). Prints
 * nothing. */
int cli_key_type_of(const cli_blob *b, int is_private);
/* Exactly want bytes (any value that is not a key): 0 or -1 after a message. */
int cli_check_size(const char *prog, const char *opt, const cli_blob *b, size_t want, const char *set);
/* Write bytes to FILE ("-" = stdout; mode 0600 when secret, 0644 less the umask otherwise):
 * a regular file (or a new one) is staged in a temporary file beside it until cli_commit
 * (cli_io.c says why); anything else is written in place: a device, a FIFO, and the process's
 * own descriptors /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N (through the descriptor:
 * a pipe, a terminal, or the file the shell opened). A symbolic link is never replaced: a
 * public output through a link to a file is staged beside that file and renamed onto it; a
 * secret is never written through a link to a file. 0 or -1 after a message. */
int cli_write_file(const char *prog, const char *path, const uint8_t *p, size_t n, int secret);
/* Every staged output renamed into place (ok != 0: the command succeeded; secrets first) or
 * removed (ok == 0). Each command calls it once at its end: 0, or -1 after a message. */
int cli_commit(const char *prog, int ok);
/* NAME=hex on stdout. */
void cli_print_hex(const char *name, const uint8_t *p, size_t n);
void cli_blob_free(cli_blob *b);

/* One named value of a command: an input (--NAME HEX, --NAME-file FILE) or an output
 * (--NAME-out FILE). cli_parse fills b / out from argv; the caller checks sizes. */
typedef struct cli_val {
    const char *name; /* without dashes: "dk" */
    int secret;       /* wiped; --NAME HEX draws a warning (visible in ps) */
    int input;        /* 1: an input, 0: an output */
    int given;        /* set by cli_parse */
    cli_blob b;       /* the input's bytes */
    const char *out;  /* the output's file */
    size_t max;       /* an input is refused beyond this many bytes (0: 1 GiB, for messages) */
    const char *path; /* set by cli_parse: the input's --NAME-file FILE */
} cli_val;

/* The most bytes read of a key, ciphertext, seed or signature input whose raw form is at
 * most raw bytes, before its size is checked: its largest valid encoding (hex with white
 * space, or PEM of the seed-and-key PKCS#8 form) with room for explanatory text around a PEM
 * block. Reading /dev/zero or a huge file stops there instead of at 1 GiB. */
#define CLI_CAP(raw) (3 * (size_t)(raw) + 16384)

/* Parse argv[first..]: "-p SET"/"--param SET" into *param, "--pem" into *pem (when pem is
 * not NULL), then the values. Returns 0, 2 (bad usage, said on stderr) or 1 (a file could
 * not be read). Two outputs, or an output and an input file, that are one file (the same
 * device and inode, or for an output not there yet the same name in the same directory)
 * are bad usage, refused before anything is written: `--pk-out F --sk-out F` would keep one
 * key of the pair, and `sign --sk-file F --sig-out F` would replace the private key. */
int cli_parse(const char *prog, int argc, char **argv, int first, cli_val *v, size_t nv, const char **param,
              int *pem);
cli_val *cli_find(cli_val *v, size_t nv, const char *name);
/* -h or --help anywhere after the command name (`kforge mlkem keygen --help`, as git and
 * openssl take it): 1, and the caller prints its usage on stdout and exits 0. */
int cli_wants_help(int argc, char **argv);
/* An output: to its --NAME-out file if given, else NAME=hex on stdout. 0 or -1. */
int cli_emit(const char *prog, cli_val *v, size_t nv, const char *name, const uint8_t *p, size_t n);
/* A key output as PEM (SPKI "PUBLIC KEY" or PKCS#8 "PRIVATE KEY" through the library's
 * encoder; ML-KEM's private key in the seed form when seed is not NULL): to its --NAME-out
 * file, else on stdout. 0 or -1. */
int cli_emit_pem(const char *prog, cli_val *v, size_t nv, const char *name, const uint8_t *p, size_t n,
                 int key_type, int is_private, const uint8_t *seed, size_t seedlen);
/* The same with the PKCS#8 form named (a kf_key_priv_form; KF_PRIV_DEFAULT is the choice above). */
int cli_emit_pem_form(const char *prog, cli_val *v, size_t nv, const char *name, const uint8_t *p, size_t n,
                      int key_type, int is_private, const uint8_t *seed, size_t seedlen, int form);
void cli_free_all(cli_val *v, size_t nv);

#endif

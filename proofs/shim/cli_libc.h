/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The proof build only (proofs/units.py, units cli_readers and sum_parsers, passed with
 * -include): C library functions the CLI's readers call, with contracts WP 25 can use, each
 * a subset of what C / POSIX say of the function (docs/ASSURANCE.md, "What the contracts
 * assume"). Frama-C's own specifications of these are kept out by the macros: its <stdlib.h>
 * and <stdio.h> are included first, so the macros apply only to the code parsed after.
 *
 * malloc: a null pointer or size valid bytes. WP 25 does not implement \fresh (nor
 *   `allocates`): its model keeps one allocation table across a call, so a freshness clause
 *   ("apart from every object valid before") contradicts the validity clause and would make
 *   every later goal provable (tried on 2026-11-26: `assert \false` proved). Freshness is
 *   therefore not stated here; each caller asserts, right after its malloc, that the new block
 *   is apart from the objects it uses (a justified assertion, proofs/justified_alarms.md).
 * free: a null pointer or one to the start of a block; that the block came from malloc and is
 *   freed once (and not used after) is not modelled (WP has no allocation state): review and
 *   the CLI tests under ASan/valgrind check it.
 * fprintf: the stream and the values are passed on, the format is not (WP 25 cannot show
 *   that a string literal is a string: valid_read_string of a literal stays unproved, with
 *   -wp-literals too), so the %s arguments' validity is not checked by the prover here; the
 *   proved functions print their contract's strings (prog, opt, path, set), literals, and
 *   the results of strerror, kforge_status and kf_key_type_name (checked non-NULL).
 * strrchr: Frama-C's specification says only that a found result has s's base; C says it
 *   points into the string s (its terminator included) at the last (char)c.
 * read: -1 or at most count bytes, written at buf, errno set (POSIX, for count <= SSIZE_MAX).
 *   Frama-C's own specification says the same in behaviours split on a volatile entropy
 *   source, which WP 25 did not combine into the bound (cli_read_file's n <= cap, 2026-11-26). */
#ifndef KF_PROOF_SHIM_CLI_LIBC_H
#define KF_PROOF_SHIM_CLI_LIBC_H
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <stdint.h>
#include <unistd.h>

/*@ assigns \result \from indirect:size;
    ensures \result == \null || (\valid((char *)\result + (0 .. size - 1)) && \offset((char *)\result) == 0); */
void *kf_proof_malloc(size_t size);

/*@ requires p == \null || \offset((char *)p) == 0;
    assigns \nothing; */
void kf_proof_free(void *p);

/*@ assigns *stream; */
int kf_proof_fprintf(FILE *stream, ...);

/*@ requires valid_read_string(s);
    assigns \result \from s, s[0 ..], c;
    ensures \result == \null || (\base_addr(\result) == \base_addr(s) && s <= \result <= s + strlen(s)
                                 && *\result == (char)c); */
char *kf_proof_strrchr(const char *s, int c);

/*@ requires 0 <= fd < __FC_MAX_OPEN_FILES && count <= SSIZE_MAX;
    requires \valid((uint8_t *)buf + (0 .. count - 1));
    assigns \result \from indirect:fd, indirect:count;
    assigns ((uint8_t *)buf)[0 .. count - 1] \from indirect:fd, indirect:count;
    assigns __fc_errno \from indirect:fd;
    ensures -1 <= \result <= count; */
ssize_t kf_proof_read(int fd, void *buf, size_t count);

/* kforge_status (tools/kforge/kforge.h, a static inline function): its text is written to a
 * buffer static to it, which no proved function reads; taken, as Frama-C's own strerror is, as
 * assigning nothing a caller sees. The contract attaches to kforge.h's definition. */
/*@ assigns \result \from indirect:status; */
static inline const char *kforge_status(int status);

#define malloc(size) kf_proof_malloc(size)
#define free(p) kf_proof_free(p)
#define fprintf(stream, format, ...) kf_proof_fprintf(stream, ##__VA_ARGS__)
#define strrchr(s, c) kf_proof_strrchr(s, c)
#define read(fd, buf, count) kf_proof_read(fd, buf, count)
#endif

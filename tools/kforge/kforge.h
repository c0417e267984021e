/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kforge.h - what the subcommands of the `kforge` tool share.
 *
 * Exit status convention (every subcommand but sum): 0 success, 1 a failure the command
 * reports (a signature that does not verify, an invalid key, an unreadable file, a broken
 * backend), 2 bad usage. `kforge sum` keeps coreutils' sha256sum convention instead (bad
 * usage is 1 there too), as a drop-in must.
 */
#ifndef KFORGE_H
#define KFORGE_H

#include "keccakforge.h"
#include <stdio.h>

#define KFORGE_EXIT_OK    0
#define KFORGE_EXIT_FAIL  1
#define KFORGE_EXIT_USAGE 2

/* Subcommands: argv[0] is the subcommand's name, options follow. */
int kforge_sum(int argc, char **argv);
int kforge_bench(int argc, char **argv);
int kforge_mlkem(int argc, char **argv); /* mlkem_cli.c */
int kforge_slhdsa(int argc, char **argv); /* slhdsa_cli.c */
int kforge_mldsa(int argc, char **argv); /* mldsa_cli.c */
int kforge_cms(int argc, char **argv); /* cms_cli.c */
int kforge_hw(int argc, char **argv); /* hw_cli.c: runs python3 -m keccakforge.hw */

/* A library status as every kforge message gives it: in words, with its name after for
 * scripts, "signature does not verify (KF_ERR_BAD_SIGNATURE)". The text stays valid until
 * the next call. */
static inline const char *kforge_status(int status)
{
    static char text[128];
    snprintf(text, sizeof text, "%s (%s)", kf_error_message(status), kf_strerror(status));
    return text;
}

#endif

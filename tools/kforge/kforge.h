/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kforge.h - what the subcommands of the `kforge` tool share.
 *
 * Exit status convention (every subcommand): 0 success, 1 a failure the command
 * reports (a mismatch, an unreadable file, a broken backend), 2 bad usage.
 */
#ifndef KFORGE_H
#define KFORGE_H

#define KFORGE_EXIT_OK    0
#define KFORGE_EXIT_FAIL  1
#define KFORGE_EXIT_USAGE 2

/* Subcommands: argv[0] is the subcommand's name, options follow. */
int kforge_sum(int argc, char **argv);
int kforge_bench(int argc, char **argv);
int kforge_mlkem(int argc, char **argv); /* mlkem_cli.c */
int kforge_slhdsa(int argc, char **argv); /* slhdsa_cli.c */
int kforge_mldsa(int argc, char **argv); /* mldsa_cli.c */

#endif

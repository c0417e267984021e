/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * slhdsa_test_sets.h - the SLH-DSA parameter sets a test program runs, from its argument:
 * the three 'f' sets and 128s by default (seconds), all six with --slow, 128f alone with
 * --quick (a cross build under emulation). Shared by test_slhdsa_backends and
 * test_slhdsa_batch. Include after keccakforge.h.
 */
#ifndef KF_SLHDSA_TEST_SETS_H
#define KF_SLHDSA_TEST_SETS_H

#include <string.h>

static const kf_slhdsa_param slh_test_sets[6] = {KF_SLHDSA_SHAKE_128F, KF_SLHDSA_SHAKE_192F,
                                                 KF_SLHDSA_SHAKE_256F, KF_SLHDSA_SHAKE_128S,
                                                 KF_SLHDSA_SHAKE_192S, KF_SLHDSA_SHAKE_256S};

/* how many of slh_test_sets, from the front, this run takes */
static size_t slh_test_nsets(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--slow") == 0) return 6;
    if (argc > 1 && strcmp(argv[1], "--quick") == 0) return 1;
    return 4;
}

#endif

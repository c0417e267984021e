/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* header_probe.c - keccakforge.h alone, compiled as C11 and as C++11 with -pedantic -Werror
 * (ctests header_c11, header_cxx11): the language levels the README promises. */
#include <keccakforge.h>

int kf_probe(void);
int kf_probe(void)
{
    kf_hash_ctx h;
    kf_batch_ctx b;
    (void)b;
    return kf_hash_init(&h, KF_SHA3_256) == KF_OK && sizeof h == 288;
}

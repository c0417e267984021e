/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The proof build only (proofs/units.py, unit sum_parsers): Frama-C's C library has no
 * <stdio_ext.h>; tools/kforge/sum.c uses its __fpurge, which no proved function calls. */
#ifndef KF_PROOF_SHIM_STDIO_EXT_H
#define KF_PROOF_SHIM_STDIO_EXT_H
#include <stdio.h>
/*@ assigns *stream; */
void __fpurge(FILE *stream);
#endif

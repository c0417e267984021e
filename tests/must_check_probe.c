/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* must_check_probe.c - drops the result of a KF_MUST_CHECK function: compiled with
 * -Werror=unused-result it must NOT compile (ctest must_check_warns, WILL_FAIL). */
#include <keccakforge.h>

void kf_probe_ignores(uint8_t ss[32], const uint8_t *ct, const uint8_t *dk);
void kf_probe_ignores(uint8_t ss[32], const uint8_t *ct, const uint8_t *dk)
{
    kf_mlkem_decaps(KF_MLKEM768, ss, ct, KF_MLKEM768_CT_BYTES, dk, KF_MLKEM768_DK_BYTES);
}

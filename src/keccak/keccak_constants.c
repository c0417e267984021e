/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The run-time tables of the Keccak-f[1600] constants, built from keccak_constants.h. */
#include "keccak_backend.h"
#include "keccak_constants.h"

#define KF_RC_ITEM(c) c,
const uint64_t kf_keccak_rc[24] = { KF_RC_LIST(KF_RC_ITEM) };
const uint8_t kf_keccak_rho[25] = KF_RHO_TABLE_INIT;

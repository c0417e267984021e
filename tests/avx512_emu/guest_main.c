/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * guest_main.c - the image's one function: the command at KF_EMU_CMD on the AVX-512 kernels
 * (the library's own sources, compiled again for the image: tests/avx512_emu/CMakeLists.txt).
 */
#include "emu_layout.h"
#include "emu_ops.h"
#include "mlkem/x86_64/poly_avx2.h"
#include "mldsa/x86_64/poly_avx2.h"

#define X1_ENTRY(b) &b,
#define XN_ENTRY(b, n) &b,
static const kf_backend *const x1_list[] = {KF_EMU_X1_LIST(X1_ENTRY)};
static const kf_backend_xn *const xn_list[] = {KF_EMU_XN_LIST(XN_ENTRY)};

static const struct kf_emu_impl avx512 = {
    x1_list, sizeof x1_list / sizeof x1_list[0], xn_list, sizeof xn_list / sizeof xn_list[0],
    kf_mlkem_poly_ntt_avx512, kf_mlkem_polyvec_basemul_acc_avx512, kf_mlkem_row_tobytes_avx512,
    kf_mlkem_poly_tobytes_avx512, kf_mlkem_poly_frombytes_avx512, kf_mlkem_rej_uniform_avx512,
    kf_mlkem_rej_block_xn_avx512, kf_mlkem_cbd2_avx512, kf_mlkem_cbd3_avx512,
    kf_mldsa_ntt_avx512, kf_mldsa_invntt_tomont_avx512, kf_mldsa_pointwise_acc_vec_avx512,
    kf_mldsa_rej_uniform_avx512, kf_mldsa_rej_eta_avx512,
};

/* The emulator's own checks (run_avx512_emu.py), image only: kshiftrw by 15 of an all-ones
 * opmask, which must give 1 (bochscpu-python 0.4.0 gives 0). */
#define KF_EMU_PROBE_KSHIFTRW15 100

void kf_emu_guest_main(void);
void kf_emu_guest_main(void)
{
    struct kf_emu_cmd *cmd = (struct kf_emu_cmd *)KF_EMU_CMD;
    if (cmd->op == KF_EMU_PROBE_KSHIFTRW15) {
        uint32_t r;
        __asm__ volatile("kxnorw %%k1, %%k1, %%k1\n\tkshiftrw $15, %%k1, %%k2\n\tkmovw %%k2, %0" : "=r"(r)); /* no k clobbers: this file has no AVX-512 code */
        *(uint32_t *)KF_EMU_OUT = r;
        cmd->out_len = 4;
        cmd->status = KF_EMU_OK;
        return;
    }
    kf_emu_exec(cmd, (const uint8_t *)KF_EMU_IN, (uint8_t *)KF_EMU_OUT, &avx512);
}

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * emu_layout.h - the guest's memory map, one place for the image (start.S, guest_main.c) and
 * the harness (run_avx512_emu.py reads the KF_EMU_* numbers from this file).
 * Guest physical = guest virtual (an identity map of 2 MiB pages over KF_EMU_MEM_END bytes).
 */
#ifndef KF_EMU_LAYOUT_H
#define KF_EMU_LAYOUT_H

#define KF_EMU_PAGE_TABLES 0x1000  /* PML4, PDPT and PD, one 4 KiB page each */
#define KF_EMU_STACK_TOP 0x3F0000  /* the stack grows down from here, below the image */
#define KF_EMU_IMAGE 0x400000      /* the fixed load address of the image (its first segment) */
#define KF_EMU_CMD 0x1000000       /* one struct kf_emu_cmd (emu_ops.h) */
#define KF_EMU_IN 0x1001000        /* the command's input bytes */
#define KF_EMU_OUT 0x1A00000       /* the command's output bytes */
#define KF_EMU_MEM_END 0x4000000   /* 64 MiB mapped */

#endif

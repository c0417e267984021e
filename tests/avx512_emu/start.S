/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* start.S - the image's entry: a stack, one command (guest_main.c), then hlt, which ends the
 * emulator's run (run_avx512_emu.py). No libc, no OS: the harness sets up long mode. */
#include "emu_layout.h"
    .section .text.start, "ax"
    .globl _start
_start:
    mov $KF_EMU_STACK_TOP, %rsp     /* 16-byte aligned: the call below leaves the ABI's rsp+8 */
    xor %ebp, %ebp
    call kf_emu_guest_main
1:  hlt
    jmp 1b
    .section .note.GNU-stack, "", @progbits

/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * harness.c - startup code and buffers of the bare-metal Cortex-M4 image that the cycle model
 * (cortexm4.py) runs. The model loads the image's flash contents, calls kfm_startup() as a
 * reset would, then calls library functions directly; the buffers below are where it puts
 * their inputs and finds their outputs. Nothing here is timed.
 */
#include <stdint.h>

/* Inputs and outputs of the timed calls (sizes: the report's 8192-byte messages). */
#define KFM_BUF_BYTES 8192
_Alignas(32) uint32_t kfm_state[50];
_Alignas(8) uint8_t kfm_in[KFM_BUF_BYTES];
_Alignas(8) uint8_t kfm_out[KFM_BUF_BYTES];
char kfm_name[32];

extern uint32_t __data_start[], __data_end[], __data_load[], __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

/* What a reset does before main: initialised data from flash, zeroed bss. */
void kfm_startup(void)
{
    const uint32_t *src = __data_load;
    for (uint32_t *p = __data_start; p < __data_end; p++) *p = *src++;
    for (uint32_t *p = __bss_start; p < __bss_end; p++) *p = 0;
}

/* On a real board (or qemu-system-arm) the image starts here and then waits for a debugger. */
void Reset_Handler(void)
{
    kfm_startup();
    for (;;) __asm__ volatile("wfi");
}

/* Cortex-M vector table: initial stack pointer and reset vector are all a reset needs. */
__attribute__((section(".vectors"), used)) static const void *const vectors[2] = {
    __stack_top,
    (const void *)Reset_Handler,
};

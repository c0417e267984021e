/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * startup_mps2.c - vector table, reset handler and semihosting for the bare-metal test images.
 *
 * --specs=rdimon.specs alone links no vector table, so the core would fetch its reset vector
 * from garbage and lock up; this file provides the table (mps2.ld puts it at address 0), a
 * reset handler that clears .bss and runs main(), and the two semihosting calls the tests use.
 * A fault ends the run as a failure instead of hanging until the timeout.
 */
#include <stdint.h>

#include "semihosting.h"

extern int main(void);
extern uint32_t __bss_start__[], __bss_end__[], __stack_top[];

/* Semihosting (ARM "Semihosting for AArch32 and AArch64"): BKPT 0xAB, operation in r0,
 * argument in r1. */
static uint32_t semihost(uint32_t op, const void *arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void kf_semihost_write0(const char *s)
{
    semihost(0x04, s); /* SYS_WRITE0: a NUL-terminated string to the debug console */
}

void kf_semihost_exit(int pass)
{
    /* SYS_EXIT with ADP_Stopped_ApplicationExit: QEMU exits with status 0; with
     * ADP_Stopped_RunTimeErrorUnknown it exits with status 1. */
    semihost(0x18, (const void *)(uintptr_t)(pass ? 0x20026u : 0x20023u));
    for (;;) {
    }
}

void kf_reset_handler(void)
{
    for (uint32_t *p = __bss_start__; p < __bss_end__; p++) *p = 0;
    kf_semihost_exit(main() == 0);
}

static void fault_handler(void)
{
    kf_semihost_write0("FAIL: fault exception\n");
    kf_semihost_exit(0);
}

/* Initial SP, reset, NMI, HardFault, MemManage, BusFault, UsageFault. */
__attribute__((section(".vectors"), used)) static void (*const vectors[])(void) = {
    (void (*)(void))__stack_top, kf_reset_handler, fault_handler, fault_handler,
    fault_handler, fault_handler, fault_handler,
};

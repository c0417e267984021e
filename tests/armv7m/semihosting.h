/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* semihosting.h - console output and exit status of the bare-metal test images (QEMU). */
#ifndef KF_SEMIHOSTING_H
#define KF_SEMIHOSTING_H
void kf_semihost_write0(const char *s);
void kf_semihost_exit(int pass) __attribute__((noreturn));
#endif

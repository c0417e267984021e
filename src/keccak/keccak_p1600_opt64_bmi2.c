/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_opt64_bmi2.c - the opt64 backend compiled for x86-64 CPUs with BMI1 and BMI2.
 *
 * Same source as keccak_p1600_opt64.c; the build compiles this file with -mbmi -mbmi2 (and
 * without AVX2/AVX-512 code generation, which makes scalar Keccak slower) so that chi's
 * ~a & b becomes andn and the rho/theta rotations become rorx: three-operand instructions
 * that save the register copies the two-operand forms need.
 */
#define KF_OPT64_BACKEND kf_backend_opt64_bmi2
#define KF_OPT64_NAME "opt64-bmi2"
#define KF_OPT64_REQUIRES (KF_CPU_BMI1 | KF_CPU_BMI2)
#define KF_OPT64_RANK 20
#include "keccak_p1600_opt64.c"

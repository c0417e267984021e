/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * no_linux_shim.h - for the proof build of src/hash/batch.c only (proofs/units.py passes it with
 * -include; docs/ASSURANCE.md): its thread pool pins workers with Linux's CPU sets (cpu_set_t,
 * sched_getcpu, sched_getaffinity, pthread_setaffinity_np), which Frama-C 25's C library does
 * not declare, so the file does not parse with them. Without __linux__ the pool takes its
 * portable path (no pinning). No function the proof covers is in the pool: it is for parsing.
 */
#undef __linux__

// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The peer harnesses' clock (bench_mldsa_peers, and bench_mlkem_peers through a #[path]
//! module): lfence-serialised rdtsc / rdtscp, pinning, quantiles.
use core::arch::x86_64::{__rdtscp, _mm_lfence, _rdtsc};

#[inline(always)]
pub fn t_start() -> u64 {
    unsafe {
        _mm_lfence();
        let t = _rdtsc();
        _mm_lfence();
        t
    }
}

#[inline(always)]
pub fn t_stop() -> u64 {
    unsafe {
        let mut aux = 0u32;
        let t = __rdtscp(&mut aux);
        _mm_lfence();
        t
    }
}

pub fn pin(cpu: usize) {
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set);
    }
}

/// the f-quantile (0.5: the median) of v, sorted in place
pub fn q(v: &mut Vec<u64>, f: f64) -> u64 {
    v.sort_unstable();
    v[((v.len() as f64) * f) as usize]
}

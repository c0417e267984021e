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

/// The harnesses' sample order: for each of `rounds` rounds, each implementation i < I and each
/// operation o < 3, a block of `block` calls call(i, o, b, r) (b: the call's place in its
/// block), each returning the ticks of its timed part; the first `warm` of a block are dropped
/// as warm-up, the others pushed to t[i][o]. So every implementation and operation sees the
/// same moments of a shared host.
pub fn alternate<const I: usize>(t: &mut [[Vec<u64>; 3]; I], rounds: usize, block: usize, warm: usize,
                                 mut call: impl FnMut(usize, usize, usize, usize) -> u64) {
    for r in 0..rounds {
        for i in 0..I {
            for o in 0..3 {
                for b in 0..block {
                    let dt = call(i, o, b, r);
                    if b >= warm {
                        t[i][o].push(dt);
                    }
                }
            }
        }
    }
}

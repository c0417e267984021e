// SPDX-License-Identifier: Apache-2.0 OR MIT
//! keccakforge against RustCrypto's crates in one process, samples alternated (each round
//! times every contender once, in a rotating order); the minimum and the median of TSC ticks.
//! On a shared, loaded host the minimum is the robust figure: a long sample is preempted more
//! often than a short one, which inflates the median of the slower contender most.
//!
//!   cargo bench --bench compare            (101 samples per contender)
//!   cargo bench --bench compare -- --quick (15 samples)
//!
//! Workloads: SHA3-256 and SHAKE128 on 1 MiB vs sha3 0.12 / shake 0.1, KT128 on 1 MiB on one
//! thread vs k12 0.3 and 0.5, ML-KEM-768 KeyGen / Encaps /
//! Decaps vs ml-kem 0.3, and the per-call cost of SHA3-256 on 64-byte inputs.

use digest::{Digest, ExtendableOutput, Update, XofReader};
use std::hint::black_box;

#[cfg(target_arch = "x86_64")]
fn ticks() -> u64 {
    #[allow(unused_unsafe)]
    // SAFETY: rdtsc reads the time-stamp counter; it has no memory effects and every x86-64 CPU has it.
    unsafe {
        core::arch::x86_64::_rdtsc()
    }
}
#[cfg(not(target_arch = "x86_64"))]
fn ticks() -> u64 {
    use std::sync::OnceLock;
    static T0: OnceLock<std::time::Instant> = OnceLock::new();
    T0.get_or_init(std::time::Instant::now).elapsed().as_nanos() as u64
}

struct Contender<'a> {
    name: &'static str,
    run: Box<dyn FnMut() + 'a>,
    samples: Vec<u64>,
}

/// Time every contender `samples` times, alternated; prints minimum and median (ticks per unit).
fn compare(title: &str, unit: &str, per_run: f64, samples: usize, contenders: &mut [Contender<'_>]) {
    for c in contenders.iter_mut() {
        (c.run)(); // warm-up
        (c.run)();
    }
    let n = contenders.len();
    for s in 0..samples {
        for k in 0..n {
            let c = &mut contenders[(s + k) % n];
            let t0 = ticks();
            (c.run)();
            let t1 = ticks();
            c.samples.push(t1 - t0);
        }
    }
    for c in contenders.iter_mut() {
        c.samples.sort_unstable();
    }
    let min0 = contenders[0].samples[0] as f64;
    let med0 = contenders[0].samples[samples / 2] as f64;
    println!("\n{title}");
    println!("  {:<28} {:>14} {:>8} {:>14} {:>8}", "", format!("min ticks/{unit}"), "ratio", format!("median t/{unit}"), "ratio");
    for c in contenders.iter() {
        let (mn, md) = (c.samples[0] as f64, c.samples[samples / 2] as f64);
        println!("  {:<28} {:>14.2} {:>7.2}x {:>14.2} {:>7.2}x", c.name, mn / per_run, mn / min0, md / per_run, md / med0);
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let samples = if quick { 15 } else { 101 };
    let (x1, xn) = keccakforge::backends();
    println!("keccakforge {} backends {x1} / {xn}; {samples} samples per contender, alternated", keccakforge::version());
    println!("ratio: the contender's ticks / keccakforge's (> 1: keccakforge faster); ticks = TSC");

    let mib: Vec<u8> = (0..1usize << 20).map(|i| (i * 131 + 7) as u8).collect();
    let m = &mib[..];
    let bytes = m.len() as f64;

    compare("SHA3-256, 1 MiB", "byte", bytes, samples, &mut [
        Contender { name: "keccakforge::Sha3_256", run: Box::new(|| { black_box(keccakforge::Sha3_256::digest(black_box(m))); }), samples: vec![] },
        Contender { name: "sha3 0.12 Sha3_256", run: Box::new(|| { black_box(sha3::Sha3_256::digest(black_box(m))); }), samples: vec![] },
    ]);

    compare("SHAKE128, 1 MiB in, 32 bytes out", "byte", bytes, samples, &mut [
        Contender { name: "keccakforge::Shake128", run: Box::new(|| {
            let mut o = [0u8; 32];
            keccakforge::Shake128::default().chain(black_box(m)).finalize_xof().read(&mut o);
            black_box(o);
        }), samples: vec![] },
        Contender { name: "shake 0.1 Shake128", run: Box::new(|| {
            let mut o = [0u8; 32];
            shake::Shake128::default().chain(black_box(m)).finalize_xof().read(&mut o);
            black_box(o);
        }), samples: vec![] },
    ]);

    compare("KT128, 1 MiB in, 32 bytes out, one thread", "byte", bytes, samples, &mut [
        Contender { name: "keccakforge::Kt128 (1 thr)", run: Box::new(|| {
            let mut o = [0u8; 32];
            keccakforge::Kt128::default().with_threads(1).chain(black_box(m)).finalize_xof().read(&mut o);
            black_box(o);
        }), samples: vec![] },
        Contender { name: "k12 0.3 KangarooTwelve", run: Box::new(|| {
            use k12_03::digest::{ExtendableOutput as _, Update as _, XofReader as _};
            let mut o = [0u8; 32];
            let mut h = k12_03::KangarooTwelve::default();
            h.update(black_box(m));
            h.finalize_xof().read(&mut o);
            black_box(o);
        }), samples: vec![] },
        Contender { name: "k12 0.5 Kt128", run: Box::new(|| {
            let mut o = [0u8; 32];
            k12::Kt128::default().chain(black_box(m)).finalize_xof().read(&mut o);
            black_box(o);
        }), samples: vec![] },
    ]);

    // per-call overhead: 1000 one-shot SHA3-256 calls on 64-byte inputs per sample
    let small: Vec<[u8; 64]> = (0..1000u32).map(|i| [i as u8; 64]).collect();
    let sm = &small;
    compare("SHA3-256 of 64 bytes, per call (1000 calls per sample)", "call", 1000.0, samples, &mut [
        Contender { name: "keccakforge::Sha3_256", run: Box::new(|| { for x in sm { black_box(keccakforge::Sha3_256::digest(black_box(x))); } }), samples: vec![] },
        Contender { name: "sha3 0.12 Sha3_256", run: Box::new(|| { for x in sm { black_box(sha3::Sha3_256::digest(black_box(x))); } }), samples: vec![] },
    ]);

    // ML-KEM-768, 20 operations per sample, from fixed seeds (deterministic forms on both sides)
    {
        use ml_kem::Decapsulate;
        use keccakforge::ml_kem_768 as kf;
        let seed = kf::Seed::from_bytes(&[7u8; 64]);
        let (dk, ek) = kf::generate_from_seed(&seed);
        let d = ml_kem::Seed::from([7u8; 64]);
        let odk = ml_kem::DecapsulationKey768::from_seed(d);
        let oek = odk.encapsulation_key().clone();
        let m = [9u8; 32];
        let (ct, _) = ek.encapsulate_deterministic(&m).unwrap();
        let (oct, _) = oek.encapsulate_deterministic(&ml_kem::B32::from(m));
        const K: usize = 20;
        compare("ML-KEM-768 KeyGen (20 per sample)", "op", K as f64, samples, &mut [
            Contender { name: "keccakforge ml_kem_768", run: Box::new(|| { for _ in 0..K { black_box(kf::generate_from_seed(black_box(&seed))); } }), samples: vec![] },
            Contender { name: "ml-kem 0.3 MlKem768", run: Box::new(|| { for _ in 0..K { black_box(ml_kem::DecapsulationKey768::from_seed(black_box(d))); } }), samples: vec![] },
        ]);
        compare("ML-KEM-768 Encaps (20 per sample)", "op", K as f64, samples, &mut [
            Contender { name: "keccakforge ml_kem_768", run: Box::new(|| { for _ in 0..K { black_box(ek.encapsulate_deterministic(black_box(&m)).unwrap()); } }), samples: vec![] },
            Contender { name: "ml-kem 0.3 MlKem768", run: Box::new(|| { for _ in 0..K { black_box(oek.encapsulate_deterministic(black_box(&ml_kem::B32::from(m)))); } }), samples: vec![] },
        ]);
        compare("ML-KEM-768 Decaps (20 per sample)", "op", K as f64, samples, &mut [
            Contender { name: "keccakforge ml_kem_768", run: Box::new(|| { for _ in 0..K { black_box(dk.decapsulate(black_box(&ct)).unwrap()); } }), samples: vec![] },
            Contender { name: "ml-kem 0.3 MlKem768", run: Box::new(|| { for _ in 0..K { black_box(odk.decapsulate(black_box(&oct))); } }), samples: vec![] },
        ]);
    }
}

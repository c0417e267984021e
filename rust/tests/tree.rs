// SPDX-License-Identifier: Apache-2.0 OR MIT
//! keccakforge::tree: KT128/KT256 split at random leaf boundaries (0-3 leaves a part, empty
//! parts, parts hashed in reverse order) against k12 0.5's KT128/KT256; misuse is an error.
use keccakforge::tree::{self, Mode};
use keccakforge::Error;

struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next() % n }
    }
}

fn oracle(mode: Mode, data: &[u8], custom: &[u8], n: usize) -> Vec<u8> {
    use k12::{ExtendableOutput as _, Update as _, XofReader as _};
    let mut v = vec![0u8; n];
    if mode == Mode::Kt128 {
        let mut o = k12::CustomRefKt128::new_customized(custom);
        o.update(data);
        o.finalize_xof().read(&mut v);
    } else {
        let mut o = k12::CustomRefKt256::new_customized(custom);
        o.update(data);
        o.finalize_xof().read(&mut v);
    }
    v
}

fn split_hash(r: &mut Lcg, mode: Mode, data: &[u8], custom: &[u8], n: usize) -> Vec<u8> {
    let total = data.len() as u64;
    let lay = tree::layout(mode, 0, total).unwrap();
    let mut bounds = Vec::new();
    let mut i = 0u64;
    loop {
        let j = (i + r.below(4)).min(lay.cv_count);
        bounds.push((i, j));
        if j == lay.cv_count && (i == j || r.below(2) == 0) {
            break;
        }
        i = j;
    }
    let mut cvs = vec![Vec::new(); bounds.len()];
    for (k, &(i, j)) in bounds.iter().enumerate().rev() {
        let off = (lay.first_len as u64 + i * lay.leaf_len as u64).min(total);
        let end = (lay.first_len as u64 + j * lay.leaf_len as u64).min(total);
        cvs[k] = tree::leaves(mode, 0, total, custom, off, &data[off as usize..end as usize]).unwrap();
    }
    let mut out = vec![0u8; n];
    tree::final_hash(mode, 0, total, custom, &data[..lay.first_len], &cvs.concat(), &mut out).unwrap();
    out
}

#[test]
fn random_splits_against_k12() {
    let mut r = Lcg(57);
    for case in 0..60 {
        let mode = if case % 2 == 0 { Mode::Kt128 } else { Mode::Kt256 };
        let len = [0, 1, 8191, 8192, 8193, 16384, 3 * 8192 + 5][case % 7] + r.below(3) as usize * (r.below(5 * 8192) as usize);
        let data: Vec<u8> = (0..len).map(|_| r.next() as u8).collect();
        let custom: Vec<u8> = (0..[0usize, 3, 8190, 9000][(r.below(4)) as usize]).map(|_| r.next() as u8).collect();
        let n = 1 + r.below(100) as usize;
        assert_eq!(split_hash(&mut r, mode, &data, &custom, n), oracle(mode, &data, &custom, n), "case {case} len {len}");
    }
}

#[test]
fn misuse_is_an_error() {
    let data = vec![1u8; 3 * 8192 + 10];
    let total = data.len() as u64;
    assert_eq!(tree::leaves(Mode::Kt128, 0, total, b"", 4096, &data[4096..8192]), Err(Error::BadLength));
    assert_eq!(tree::leaves(Mode::Kt128, 0, total, b"", 0, &data[..8192]), Err(Error::BadLength));
    let cvs = tree::leaves(Mode::Kt128, 0, total, b"", 8192, &data[8192..]).unwrap();
    assert_eq!(cvs.len(), 3 * 32);
    let mut out = [0u8; 32];
    assert_eq!(tree::final_hash(Mode::Kt128, 0, total, b"", &data[..8192], &cvs[32..], &mut out), Err(Error::BadLength));
    assert_eq!(tree::final_hash(Mode::Kt128, 0, total, b"", &data[..8191], &cvs, &mut out), Err(Error::BadLength));
    assert_eq!(tree::layout(Mode::ParallelHash128, 0, 10), Err(Error::BadLength));
    tree::final_hash(Mode::Kt128, 0, total, b"", &data[..8192], &cvs, &mut out).unwrap();
    assert_eq!(out.to_vec(), oracle(Mode::Kt128, &data, b"", 32));
}

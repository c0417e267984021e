// SPDX-License-Identifier: Apache-2.0 OR MIT
//! TupleHash and ParallelHash (fixed and XOF) against SP 800-185 transcribed over cshake 0.2's
//! cSHAKE (random tuples, messages, block sizes, customizations, output lengths, update and
//! squeeze splits, threads) and against NIST's sample values from KF_VECTORS_DIR
//! (sp800_185_nist_samples.jsonl; skipped with a note when the directory is absent).

use digest::{ExtendableOutput, Reset, Update, XofReader};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;

fn rng() -> ChaCha20Rng {
    let seed = std::env::var("KF_RUST_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64);
    eprintln!("KF_RUST_TEST_SEED={seed}");
    ChaCha20Rng::seed_from_u64(seed)
}

fn rand_bytes(r: &mut impl Rng, n: usize) -> Vec<u8> {
    let mut v = vec![0u8; n];
    r.fill_bytes(&mut v);
    v
}

fn left_encode(x: u64) -> Vec<u8> {
    let b = x.to_be_bytes();
    let i = b.iter().position(|&c| c != 0).unwrap_or(7);
    let mut v = vec![(8 - i) as u8];
    v.extend_from_slice(&b[i..]);
    v
}
fn right_encode(x: u64) -> Vec<u8> {
    let mut v = left_encode(x);
    let n = v.remove(0);
    v.push(n);
    v
}
fn encode_string(s: &[u8]) -> Vec<u8> {
    let mut v = left_encode(8 * s.len() as u64);
    v.extend_from_slice(s);
    v
}
fn cshake(v256: bool, input: &[u8], outlen: usize, n: &[u8], s: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; outlen];
    if v256 {
        cshake::CShake256::new_with_function_name(n, s).chain(input).finalize_xof_into(&mut out);
    } else {
        cshake::CShake128::new_with_function_name(n, s).chain(input).finalize_xof_into(&mut out);
    }
    out
}

/// SP 800-185 §5.3: TupleHash(X, L, S) and TupleHashXOF (L = 0 in the encoding).
fn spec_tuplehash(v256: bool, xof: bool, tuple: &[Vec<u8>], outlen: usize, s: &[u8]) -> Vec<u8> {
    let mut z = Vec::new();
    for x in tuple {
        z.extend(encode_string(x));
    }
    z.extend(right_encode(if xof { 0 } else { 8 * outlen as u64 }));
    cshake(v256, &z, outlen, b"TupleHash", s) // the XOF keeps the name N (SP 800-185 §5.3.1)
}

/// SP 800-185 §6.3: ParallelHash(X, B, L, S) and ParallelHashXOF.
fn spec_parallelhash(v256: bool, xof: bool, msg: &[u8], block: usize, outlen: usize, s: &[u8]) -> Vec<u8> {
    let cv = if v256 { 64 } else { 32 };
    let mut z = left_encode(block as u64);
    let n = msg.len().div_ceil(block);
    for i in 0..n {
        z.extend(cshake(v256, &msg[i * block..((i + 1) * block).min(msg.len())], cv, b"", b""));
    }
    z.extend(right_encode(n as u64));
    z.extend(right_encode(if xof { 0 } else { 8 * outlen as u64 }));
    cshake(v256, &z, outlen, b"ParallelHash", s) // likewise (§6.3.1)
}

fn read_split(r: &mut impl Rng, reader: &mut impl XofReader, out: &mut [u8]) {
    let mut rest = out;
    while !rest.is_empty() {
        let n = r.random_range(0..=rest.len());
        let (a, b) = rest.split_at_mut(n);
        reader.read(a);
        rest = b;
    }
}

#[test]
fn tuplehash_against_sp800_185_on_cshake() {
    let mut r = rng();
    for i in 0..60 {
        let count = r.random_range(0..6);
        let tuple: Vec<Vec<u8>> = (0..count)
            .map(|_| {
                let n = if r.random_bool(0.2) { r.random_range(160..400) } else { r.random_range(0..40) };
                rand_bytes(&mut r, n)
            })
            .collect();
        let sl = r.random_range(0..30);
        let s = rand_bytes(&mut r, sl);
        let outlen = r.random_range(1..200);
        let v256 = i % 2 == 1;
        let mut got = vec![0u8; outlen];
        let mut xgot = vec![0u8; outlen];
        if v256 {
            let mut h = keccakforge::TupleHash256::new(&s);
            let mut x = keccakforge::TupleHashXof256::new(&s);
            for e in &tuple {
                h.add(e);
                x.add(e);
            }
            h.finalize_into(&mut got).unwrap();
            read_split(&mut r, &mut x.finalize_xof(), &mut xgot);
        } else {
            let mut h = keccakforge::TupleHash128::new(&s);
            let mut x = keccakforge::TupleHashXof128::new(&s);
            for e in &tuple {
                h.add(e);
                x.add(e);
            }
            let mid = h.clone();
            h.finalize_into(&mut got).unwrap();
            // a clone taken before finishing gives the same
            let mut again = vec![0u8; outlen];
            mid.finalize_into(&mut again).unwrap();
            assert_eq!(again, got);
            read_split(&mut r, &mut x.finalize_xof(), &mut xgot);
        }
        assert_eq!(hex::encode(&got), hex::encode(spec_tuplehash(v256, false, &tuple, outlen, &s)), "TupleHash iteration {i}");
        assert_eq!(hex::encode(&xgot), hex::encode(spec_tuplehash(v256, true, &tuple, outlen, &s)), "TupleHashXOF iteration {i}");
    }
}

#[test]
fn parallelhash_against_sp800_185_on_cshake() {
    let mut r = rng();
    for i in 0..40 {
        let block = [1usize, 7, 8, 64, 168, 1000, 8192][r.random_range(0..7)];
        let len = if r.random_bool(0.3) { r.random_range(0..block * 20 + 3) } else { r.random_range(0..3000) };
        let msg = rand_bytes(&mut r, len);
        let sl = r.random_range(0..30);
        let s = rand_bytes(&mut r, sl);
        let outlen = r.random_range(1..150);
        let v256 = i % 2 == 1;
        let threads = [1u32, 2, 0][i % 3];
        let cut = r.random_range(0..=msg.len());
        let mut got = vec![0u8; outlen];
        let mut xgot = vec![0u8; outlen];
        if v256 {
            let mut h = keccakforge::ParallelHash256::new(block, &s).unwrap().with_threads(threads);
            h.update(&msg[..cut]);
            h.update(&msg[cut..]);
            h.finalize_into(&mut got).unwrap();
            let mut x = keccakforge::ParallelHashXof256::new(block, &s).unwrap().with_threads(threads);
            x.update(b"discarded");
            x.reset();
            x.update(&msg[..cut]);
            x.update(&msg[cut..]);
            read_split(&mut r, &mut x.finalize_xof(), &mut xgot);
        } else {
            let mut h = keccakforge::ParallelHash128::new(block, &s).unwrap().with_threads(threads);
            h.update(&msg[..cut]);
            let mid = h.clone();
            h.update(&msg[cut..]);
            h.finalize_into(&mut got).unwrap();
            let mut m2 = vec![0u8; outlen];
            mid.finalize_into(&mut m2).unwrap();
            assert_eq!(hex::encode(&m2), hex::encode(spec_parallelhash(false, false, &msg[..cut], block, outlen, &s)), "clone");
            let mut x = keccakforge::ParallelHashXof128::new(block, &s).unwrap().with_threads(threads);
            x.update(&msg[..cut]);
            x.update(&msg[cut..]);
            read_split(&mut r, &mut x.finalize_xof(), &mut xgot);
        }
        assert_eq!(hex::encode(&got), hex::encode(spec_parallelhash(v256, false, &msg, block, outlen, &s)),
                   "ParallelHash iteration {i}, B = {block}, {len} bytes");
        assert_eq!(hex::encode(&xgot), hex::encode(spec_parallelhash(v256, true, &msg, block, outlen, &s)),
                   "ParallelHashXOF iteration {i}, B = {block}, {len} bytes");
    }
    assert_eq!(keccakforge::ParallelHash128::new(0, b"").err(), Some(keccakforge::Error::BadLength));
}

/// The value of `"key": ...` in a one-line JSON object (strings, numbers, booleans, arrays of
/// strings; enough for the samples file).
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let pat = format!("\"{key}\": ");
    let start = line.find(&pat)? + pat.len();
    let rest = &line[start..];
    let end = if let Some(inner) = rest.strip_prefix('"') {
        1 + inner.find('"')? + 1
    } else if rest.starts_with('[') {
        rest.find(']')? + 1
    } else {
        rest.find([',', '}'])?
    };
    Some(rest[..end].trim_matches('"'))
}

#[test]
fn nist_samples() {
    let dir = std::env::var("KF_VECTORS_DIR")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/vectors").to_string());
    let path = std::path::Path::new(&dir).join("sp800_185_nist_samples.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("note: {} not found (set KF_VECTORS_DIR): NIST's samples not checked", path.display());
        return;
    };
    let mut checked = 0;
    for line in text.lines() {
        let f = field(line, "function").unwrap();
        let s = field(line, "S").unwrap_or("").as_bytes().to_vec();
        let xof = field(line, "xof") == Some("true");
        let outlen = field(line, "outlen_bits").unwrap().parse::<usize>().unwrap() / 8;
        let want = field(line, "expected").unwrap();
        let mut out = vec![0u8; outlen];
        match f {
            "TupleHash128" | "TupleHash256" => {
                let tuple: Vec<Vec<u8>> = field(line, "tuple").unwrap().trim_matches(['[', ']']).split(',')
                    .map(|e| hex::decode(e.trim().trim_matches('"')).unwrap()).collect();
                match (f, xof) {
                    ("TupleHash128", false) => tuple.iter().fold(keccakforge::TupleHash128::new(&s), |h, e| h.chain(e)).finalize_into(&mut out).unwrap(),
                    ("TupleHash256", false) => tuple.iter().fold(keccakforge::TupleHash256::new(&s), |h, e| h.chain(e)).finalize_into(&mut out).unwrap(),
                    ("TupleHash128", true) => tuple.iter().fold(keccakforge::TupleHashXof128::new(&s), |h, e| h.chain(e)).finalize_xof().read(&mut out),
                    _ => tuple.iter().fold(keccakforge::TupleHashXof256::new(&s), |h, e| h.chain(e)).finalize_xof().read(&mut out),
                }
            }
            "ParallelHash128" | "ParallelHash256" => {
                let msg = hex::decode(field(line, "msg").unwrap()).unwrap();
                let block: usize = field(line, "B").unwrap().parse().unwrap();
                match (f, xof) {
                    ("ParallelHash128", false) => keccakforge::ParallelHash128::new(block, &s).unwrap().chain(&msg).finalize_into(&mut out).unwrap(),
                    ("ParallelHash256", false) => keccakforge::ParallelHash256::new(block, &s).unwrap().chain(&msg).finalize_into(&mut out).unwrap(),
                    ("ParallelHash128", true) => keccakforge::ParallelHashXof128::new(block, &s).unwrap().chain(&msg).finalize_xof().read(&mut out),
                    _ => keccakforge::ParallelHashXof256::new(block, &s).unwrap().chain(&msg).finalize_xof().read(&mut out),
                }
            }
            _ => continue,
        }
        assert_eq!(hex::encode(&out), want, "NIST sample: {line}");
        checked += 1;
    }
    assert!(checked >= 12, "only {checked} TupleHash/ParallelHash samples found");
    eprintln!("{checked} NIST TupleHash/ParallelHash samples checked");
}

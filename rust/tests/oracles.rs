// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The crate's integration tests as one test binary (Cargo.toml: `autotests = false`): each
//! file of tests/ is a module here, its tests named `<file>::<test>` (`cargo test --release
//! --test oracles pqc_oracles::` runs one file's). One binary compiles and links the generics
//! the files share once (measured: docs/CI_HISTORY.md, session 67).
mod hash_oracles;
mod keys;
mod pqc_oracles;
mod sp800185;
mod tree;

// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Go TLS peer of provider/tests/test_prov_peers.py: standard library only, built at test time.
module keccakforge.invalid/tlspeer

go 1.26

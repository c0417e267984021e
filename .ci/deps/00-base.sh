# SPDX-License-Identifier: Apache-2.0 OR MIT
# The core suite: compilers, CMake, Ninja, valgrind (the constant-time tests), OpenSSL's
# libcrypto (kforge bench's comparison rows), and the PyPI oracles of the differential tests.
for tool in cmake gcc python3; do command -v "$tool" >/dev/null || need_pkgs+=("$tool"); done
python3 -c 'import venv, ensurepip' 2>/dev/null || need_pkgs+=(python3-venv)
command -v ninja >/dev/null || need_pkgs+=(ninja-build)
command -v valgrind >/dev/null || need_pkgs+=(valgrind)
[ -e /usr/lib/x86_64-linux-gnu/libcrypto.so.3 ] || [ "$(uname -m)" != x86_64 ] || need_pkgs+=(libssl3)
need_pip+=(pycryptodome   # SP 800-185, TurboSHAKE and KangarooTwelve
           slh-dsa        # SLH-DSA (FIPS 205)
           kyber-py       # ML-KEM (FIPS 203)
           dilithium-py   # ML-DSA (FIPS 204)
           cryptography   # ML-DSA again, OpenSSL's (pyca/cryptography 46 or later)
           blake3         # optional: BLAKE3 beside KT128 in `kforge bench`
           bochscpu-python) # tests/avx512_emu: the AVX-512 kernels on Bochs's CPU (cp311, x86-64 only)

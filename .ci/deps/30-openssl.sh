# SPDX-License-Identifier: Apache-2.0 OR MIT
# The OpenSSL 3 provider (provider/): OpenSSL's headers and libraries to build keccakforge.so
# against, and the openssl command line for its CLI and TLS tests. kyber-py (its ML-KEM
# interop test) is already in 00-base.sh.
[ -e /usr/include/openssl/core_dispatch.h ] || need_pkgs+=(libssl-dev)
command -v openssl >/dev/null || need_pkgs+=(openssl)

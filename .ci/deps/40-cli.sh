# SPDX-License-Identifier: Apache-2.0 OR MIT
# kforge's command-line tests (issue 23): sha3sum (Debian libdigest-sha3-perl) for the
# interop test of `kforge sum`, coreutils' sha256sum for the side-by-side scenarios, groff
# and man for the man-page rendering test, matplotlib for `kforge bench --plot`.
command -v sha3sum >/dev/null || need_pkgs+=(libdigest-sha3-perl)
command -v sha256sum >/dev/null || need_pkgs+=(coreutils)
command -v groff >/dev/null || need_pkgs+=(groff-base)
command -v man >/dev/null || need_pkgs+=(man-db)
need_pip+=(matplotlib)   # kforge bench --plot (tools/kforge/bench_plot.py)

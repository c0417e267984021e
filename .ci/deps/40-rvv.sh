# SPDX-License-Identifier: Apache-2.0 OR MIT
# The Zvbb backends (rvv-zvbb-*) and the seed-003 vector unit model (bench/rvv_ise_model/,
# Python standard library only: nothing to install).
#  - clang-19 (Debian 12 main) assembles Zvbb's mnemonics: ctest rvv_zvbb_encodings compares
#    them with the kernel's .word encodings (binutils 2.40 cannot assemble Zvbb).
#  - A QEMU that emulates Zvbb (8 or later; Debian 12 has 7.2) for cross_riscv64_zvbb[VLEN]:
#    qemu-user 10 from Debian's bookworm-backports. The suite is added with the URI the
#    machine's apt sources already use for bookworm (no host name is written here), the
#    package is downloaded and unpacked (its binaries are static) into .ci-cache/qemu-zvbb,
#    and the system's QEMU 7.2 stays for everything else (QEMU 10 has no -singlestep, which
#    bench/cross_bench uses). If any step fails, the Zvbb runs report themselves skipped.
command -v clang-19 >/dev/null || need_pkgs+=(clang-19)
# GNU as for bench/rvv_ise_model/gnu_as_check.py (also a dependency of 10-cross.sh's gcc)
command -v riscv64-linux-gnu-as >/dev/null || need_pkgs+=(binutils-riscv64-linux-gnu)
if [ ! -x "$KF_ROOT/.ci-cache/qemu-zvbb/usr/bin/qemu-riscv64" ]; then
  (
    set +e
    dest="$KF_ROOT/.ci-cache/qemu-zvbb"
    list=/etc/apt/sources.list.d/kf-bookworm-backports.list
    if ! grep -rqs 'bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/; then
      # "URI<TAB>keyring" of the first source for suite bookworm: one-line and deb822 formats
      found=$( { sed 's/\[\([^]]*\)\]/\1/' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
                   awk '$1 == "deb" { key = ""; for (i = 2; i <= NF; i++) { if ($i ~ /^signed-by=/) { key = substr($i, 11) }
                                      else if ($i ~ /:\/\//) { if ($(i + 1) == "bookworm") print $i "\t" key; break } } }'
                 awk 'BEGIN { RS = ""; FS = "\n" }
                      { uri = ""; ok = 0; key = ""; deb = 0
                        for (i = 1; i <= NF; i++) {
                          if ($i ~ /^Types:/ && $i ~ /[ \t]deb([ \t]|$)/) deb = 1
                          if ($i ~ /^URIs:/) { split($i, u, /[ \t]+/); uri = u[2] }
                          if ($i ~ /^Suites:/ && $i ~ /[ \t]bookworm([ \t]|$)/) ok = 1
                          if ($i ~ /^Signed-By:/) { split($i, k, /[ \t]+/); key = k[2] } }
                        if (deb && ok && uri != "") print uri "\t" key }' /etc/apt/sources.list.d/*.sources 2>/dev/null
               } | head -n 1)
      uri=${found%%	*}
      key=${found#*	}
      if [ -z "$uri" ]; then
        echo "40-rvv: no apt source for bookworm found: the Zvbb runs will be skipped"
        exit 0
      fi
      if [ -n "$key" ] && [ "$key" != "$found" ]; then
        echo "deb [signed-by=$key] $uri bookworm-backports main" | as_root tee "$list" >/dev/null
      else
        echo "deb $uri bookworm-backports main" | as_root tee "$list" >/dev/null
      fi
    fi
    as_root apt-get update -qq
    tmp=$(mktemp -d) && chmod 755 "$tmp" && cd "$tmp" &&
      as_root apt-get download -qq qemu-user/bookworm-backports 2>/dev/null &&
      mkdir -p "$dest" && dpkg-deb -x qemu-user_*.deb "$dest" &&
      echo "40-rvv: $("$dest/usr/bin/qemu-riscv64" --version | head -n 1) unpacked into $dest" ||
      echo "40-rvv: qemu-user from bookworm-backports not unpacked: the Zvbb runs will be skipped"
    rm -rf "$tmp"
    exit 0
  ) || true
fi

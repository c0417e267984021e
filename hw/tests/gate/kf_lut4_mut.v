// SPDX-License-Identifier: Apache-2.0 OR MIT
// KF_LUT4_MUT - the one LUT4 of the gate-level netlist that hw/tests/gate/gate_sim.py can mutate
// at run time: the ECP5 LUT4 (Z = INIT[{D, C, B, A}], as yosys's ecp5/cells_sim.v has it) with bit
// 5 of INIT flipped when the simulation runs with the plusarg +kf_mutate. So one build of the
// netlist serves the test and its mutant (a build takes tens of minutes); without the plusarg the
// cell is exactly the LUT4 it replaces.
`default_nettype none
module KF_LUT4_MUT (input wire A, B, C, D, output wire Z);
    parameter [15:0] INIT = 16'h0000;
    reg flip = 1'b0;
`ifndef YOSYS
    initial flip = $test$plusargs("kf_mutate") != 0;   // (yosys reads the module as a blackbox)
`endif
    wire [15:0] init = INIT ^ {10'd0, flip, 5'd0};
    assign Z = init[{D, C, B, A}];
endmodule
`default_nettype wire

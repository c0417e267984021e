// SPDX-License-Identifier: Apache-2.0 OR MIT
// KF_LUT4_MUT_ARITH - route_sim.py's second run-time mutant (--design axil --mutate arith): the
// ECP5 LUT4 (Z = INIT[{D, C, B, A}]) with bit 5 of INIT flipped when the simulation runs with the
// plusarg +kf_arith_mutate (not a prefix match of kf_lut4_mut.v's +kf_mutate, either way round).
// Without the plusarg the cell is exactly the LUT4 it replaces, so one build serves the test and
// both mutants.
`default_nettype none
module KF_LUT4_MUT_ARITH (input wire A, B, C, D, output wire Z);
    parameter [15:0] INIT = 16'h0000;
    reg flip = 1'b0;
`ifndef YOSYS
    initial flip = $test$plusargs("kf_arith_mutate") != 0;   // (yosys reads the module as a blackbox)
`endif
    wire [15:0] init = INIT ^ {10'd0, flip, 5'd0};
    assign Z = init[{D, C, B, A}];
endmodule
`default_nettype wire

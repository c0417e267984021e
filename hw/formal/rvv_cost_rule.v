// SPDX-License-Identifier: Apache-2.0 OR MIT
// rvv_cost_rule - the cycle cost of a vector instruction as hw/rtl/rvv/README.md ("Timing")
// and bench/rvv_ise_model/rvv_ise.py (`cost`) state it, written apart from rvv_unit.v for the
// proofs (rvv_seq.sby, rvv_core_stall.sby): t = the cycles after the issue edge until the
// instruction's last cycle (`done`), so the next issue edge is 1 + t after this one.
//   element-wise RVV, slides, rotates, rho: R = max(1, ceil(vl / EleNum))
//   vpi: R + 1;  viota, vsetvli: 1;  vle, vse: vl + 1
// (for an instruction the unit refuses, t is 1: rvv_seq.sby checks that with done_illegal).
// Only the opcode, funct3 and funct6 fields classify: the legality of the rest is the unit's.
`default_nettype none
module rvv_cost_rule #(
    parameter integer ELENUM = 5
) (
    input  wire [31:0] insn,
    input  wire [7:0]  vl,
    output wire [8:0]  t,
    output wire        is_vec      // an opcode the scalar core hands to the unit
);
    wire [6:0] opc = insn[6:0];
    wire [2:0] f3  = insn[14:12];
    wire [5:0] f6  = insn[31:26];
    // R = max(1, ceil(vl / EleNum)), by counting (vl < 256; the unit's VLMAX is 8 EleNum)
    reg  [8:0] r;
    integer i;
    always @* begin
        r = 9'd1;
        for (i = 1; i * ELENUM < 256; i = i + 1)
            if (i * ELENUM < vl) r = i + 1;
    end
    assign is_vec = opc == 7'h57 || opc == 7'h5b || opc == 7'h07 || opc == 7'h27;
    assign t = (opc == 7'h57 && f3 == 3'b111) ? 9'd1                    // vsetvli
             : (opc == 7'h5b && f6 == 6'b001100) ? 9'd1                 // viota
             : (opc == 7'h5b && f6 == 6'b000101) ? r + 9'd1             // vpi
             : (opc == 7'h07 || opc == 7'h27) ? {1'b0, vl} + 9'd1       // vle, vse
             : r;
endmodule
`default_nettype wire

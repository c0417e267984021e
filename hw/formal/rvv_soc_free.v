// SPDX-License-Identifier: Apache-2.0 OR MIT
// Formal stand-in for rvv_soc (rvv_axil.sby): every output unconstrained each clock (halted,
// trap, the read-back word, the retirement trace), so rvv_axil's properties hold whatever the
// processor does, and the solver is spared the processor.
module rvv_soc #(
    parameter integer ELEN       = 64,
    parameter integer ELENUM     = 5,
    parameter integer IMEM_WORDS = 1024,
    parameter integer DMEM_BYTES = 16384,
    parameter integer TB_ACCESS  = 0,
    parameter integer ZVBB       = 0,
    parameter integer SEED_ROT   = 1
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        ld_imem_we,
    input  wire        ld_dmem_we,
    input  wire [31:0] ld_addr,
    input  wire [31:0] ld_data,
    input  wire [31:0] rb_addr,
    output wire [31:0] rb_data,
    output wire        halted,
    output wire        trap,
    output wire [31:0] trap_pc,
    output wire [31:0] cycle,
    output wire        tr_valid,
    output wire [31:0] tr_pc,
    output wire [31:0] tr_insn,
    output wire [31:0] tr_cycle,
    output wire        tr_wb,
    output wire [4:0]  tr_wb_rd,
    output wire [31:0] tr_wb_val
);
    (* anyseq *) wire [31:0] f_rb, f_tpc, f_cyc, f_pc, f_insn, f_tcyc, f_wval;
    (* anyseq *) wire        f_halted, f_trap, f_valid, f_wb;
    (* anyseq *) wire [4:0]  f_rd;
    assign rb_data = f_rb;
    assign halted = f_halted;
    assign trap = f_trap;
    assign trap_pc = f_tpc;
    assign cycle = f_cyc;
    assign tr_valid = f_valid;
    assign tr_pc = f_pc;
    assign tr_insn = f_insn;
    assign tr_cycle = f_tcyc;
    assign tr_wb = f_wb;
    assign tr_wb_rd = f_rd;
    assign tr_wb_val = f_wval;
endmodule

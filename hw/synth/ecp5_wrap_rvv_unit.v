// SPDX-License-Identifier: Apache-2.0 OR MIT
// ecp5_wrap_rvv_unit - rvv_unit (hw/rtl/rvv) alone behind a byte bus, for place and route only
// (the unit has ~300 signal pins, more than an ECP5-85's package gives). Bytes shift into a
// chain that holds the unit's inputs (instruction word, scalar operand, memory read data: each
// a register, as the core's fetch register, register file and the data memory's read register
// are in rvv_soc); in_valid is a registered bus bit; every output of the unit is captured into
// a register and shifted out a byte at a time. Every port stays live (the register file is
// observable through vse's mem_wdata) and every pin path is registered, so the timing is the
// unit's own: register to register through the unit.
`default_nettype none
module ecp5_wrap_rvv_unit #(
    parameter integer ELEN   = 64,
    parameter integer ELENUM = 5
) (
    input  wire       clk,
    input  wire       rst_in,
    input  wire [7:0] bus_in,
    input  wire [1:0] bus_op,   // 0 shift a byte into the input chain, 1 issue (in_valid),
                                // 2 capture the outputs, 3 shift a byte out
    output reg  [7:0] bus_out
);
    localparam integer CW = 64 + ELEN;                  // insn, rs1, mem_rdata
    localparam integer OW = 8 + 5 + 32 + 32 + ELEN + 8 + 4;
    reg  [7:0]      in_r;
    reg  [1:0]      op_r;
    reg             rst, valid;
    reg  [CW-1:0]   chain;
    reg  [OW-1:0]   cap;
    wire            ready, done, ill, rd_we, mv, mwe;
    wire [4:0]      rd;
    wire [31:0]     rd_val, maddr;
    wire [ELEN-1:0] wdata;
    wire [7:0]      vl;
    wire [3:0]      lmul;

    // PRE = 1 as in rvv_soc: the predecode is made from the word the chain's shift moves into
    // the instruction's place (in_pre_ld: a shift), a cycle ahead of the issue
    rvv_unit #(.ELEN(ELEN), .ELENUM(ELENUM), .PRE(1)) u (
        .clk(clk), .rst(rst), .in_valid(valid), .in_ready(ready), .in_insn(chain[CW-1 -: 32]),
        .in_pre_ld(op_r == 2'd0), .in_pre_insn(chain[CW-9 -: 32]),
        .in_rs1(chain[CW-33 -: 32]), .done(done), .done_illegal(ill), .done_rd_we(rd_we), .done_rd(rd),
        .done_rd_val(rd_val), .mem_valid(mv), .mem_we(mwe), .mem_addr(maddr), .mem_wdata(wdata),
        .mem_rdata(chain[ELEN-1:0]), .vl_o(vl), .lmul_o(lmul));

    always @(posedge clk) begin
        in_r <= bus_in;
        op_r <= bus_op;
        rst <= rst_in;
        valid <= op_r == 2'd1;
        if (op_r == 2'd0) chain <= {chain[CW-9:0], in_r};
        if (op_r == 2'd2)
            cap <= {ready, done, ill, rd_we, mv, mwe, 2'd0, rd, rd_val, maddr, wdata, vl, lmul};
        else if (op_r == 2'd3)
            cap <= {8'd0, cap[OW-1:8]};
        bus_out <= cap[7:0];
    end
endmodule
`default_nettype wire

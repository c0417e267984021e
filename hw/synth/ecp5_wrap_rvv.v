// SPDX-License-Identifier: Apache-2.0 OR MIT
// ecp5_wrap_rvv - rvv_soc (rv32i_core + rvv_unit + memories, hw/rtl/rvv) behind a byte bus,
// for place and route only: bytes shift into a 32-bit word and an address register, a word
// is written to the instruction or data memory (the loader port, under reset), and the
// processor's outputs (status, trace, read-back word) are captured into a register and
// shifted out a byte at a time. Every port stays live and every pin path is registered, so the
// timing is the processor's own.
`default_nettype none
module ecp5_wrap_rvv #(
    parameter integer ELEN   = 64,
    parameter integer ELENUM = 5
) (
    input  wire       clk,
    input  wire       rst_in,
    input  wire [7:0] bus_in,
    input  wire [2:0] bus_op,   // 0 shift a byte into the word, 1 shift a byte into the address,
                                // 2 write the word to imem, 3 to dmem, 4 capture, 5 shift out
    output reg  [7:0] bus_out
);
    reg [7:0]  in_r;
    reg [2:0]  op_r;
    reg        rst;
    reg [31:0] word, addr;
    reg        ld_i, ld_d;
    wire       halted, trap, tr_valid, tr_wb;
    wire [31:0] trap_pc, cycle, tr_pc, tr_insn, tr_cycle, tr_wb_val, rb_data;
    wire [4:0] tr_wb_rd;
    reg  [239:0] cap;

    rvv_soc #(.ELEN(ELEN), .ELENUM(ELENUM)) soc (
        .clk(clk), .rst(rst), .ld_imem_we(ld_i), .ld_dmem_we(ld_d), .ld_addr(addr), .ld_data(word),
        .rb_addr(addr), .rb_data(rb_data), .halted(halted), .trap(trap), .trap_pc(trap_pc), .cycle(cycle),
        .tr_valid(tr_valid), .tr_pc(tr_pc), .tr_insn(tr_insn), .tr_cycle(tr_cycle), .tr_wb(tr_wb),
        .tr_wb_rd(tr_wb_rd), .tr_wb_val(tr_wb_val));

    always @(posedge clk) begin
        in_r <= bus_in;
        op_r <= bus_op;
        rst <= rst_in;
        ld_i <= op_r == 3'd2;
        ld_d <= op_r == 3'd3;
        if (op_r == 3'd0) word <= {word[23:0], in_r};
        if (op_r == 3'd1) addr <= {addr[23:0], in_r};
        if (op_r == 3'd4)
            cap <= {halted, trap, tr_valid, tr_wb, 7'd0, tr_wb_rd, trap_pc, cycle, tr_pc, tr_insn, tr_cycle,
                    tr_wb_val, rb_data};
        else if (op_r == 3'd5)
            cap <= {8'd0, cap[239:8]};
        bus_out <= cap[7:0];
    end
endmodule
`default_nettype wire

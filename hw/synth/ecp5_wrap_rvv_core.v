// SPDX-License-Identifier: Apache-2.0 OR MIT
// ecp5_wrap_rvv_core - the scalar core rv32i_core (hw/rtl/rvv) alone with its two memories as
// in rvv_soc (instruction memory and a 32-bit data memory, both synchronous-read block RAM),
// for place and route only (rvv_fmax.py --target core): the vector unit's side (in_ready,
// done, done_illegal, done_rd_*) comes from registers the bus loads, as the unit's come from
// its own registers in rvv_soc. Bytes shift into a 32-bit word and an address register; a
// word is written to the instruction or data memory (under reset) or into the unit-side
// registers; the core's outputs (status, trace, the vector hand-over) are captured into a
// register and shifted out a byte at a time. Every pin path is registered, so the timing is
// the core's own (ELEN / ELENUM are accepted for rvv_fmax.py and not used).
`default_nettype none
module ecp5_wrap_rvv_core #(
    /* verilator lint_off UNUSEDPARAM */
    parameter integer ELEN   = 64,
    parameter integer ELENUM = 5
    /* verilator lint_on UNUSEDPARAM */
) (
    input  wire       clk,
    input  wire       rst_in,
    input  wire [7:0] bus_in,
    input  wire [2:0] bus_op,   // 0 shift a byte into the word, 1 shift a byte into the address,
                                // 2 write the word to imem, 3 to dmem, 4 capture, 5 shift out,
                                // 6 the unit side: word = {.., rd_we, illegal, done, ready, rd}, addr = rd_val
    output reg  [7:0] bus_out
);
    reg [7:0]  in_r;
    reg [2:0]  op_r;
    reg        rst;
    reg        ld_i, ld_d;

    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] imem_addr, dmem_addr;   // word addresses: bits 1:0 and those above the memories unused
    reg  [31:0] word, addr;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [31:0] dmem_wdata, v_insn, v_rs1;
    wire        dmem_valid, dmem_we, v_valid, v_pre_ld;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] v_pre_insn;     // (the fetched word's register: no path of its own)
    /* verilator lint_on UNUSEDSIGNAL */
    wire [3:0]  dmem_be;
    reg         u_ready, u_done, u_illegal, u_rd_we;
    reg  [4:0]  u_rd;
    reg  [31:0] u_rd_val;
    wire        halted, trap, tr_valid, tr_wb;
    wire [31:0] trap_pc, cycle, tr_pc, tr_insn, tr_cycle, tr_wb_val;
    wire [4:0]  tr_wb_rd;
    reg  [31:0] imem_q, dmem_q;

    rv32i_core core (
        .clk(clk), .rst(rst), .imem_addr(imem_addr), .imem_rdata(imem_q),
        .dmem_valid(dmem_valid), .dmem_we(dmem_we), .dmem_be(dmem_be), .dmem_addr(dmem_addr),
        .dmem_wdata(dmem_wdata), .dmem_rdata(dmem_q),
        .v_valid(v_valid), .v_ready(u_ready), .v_insn(v_insn), .v_rs1(v_rs1),
        .v_pre_ld(v_pre_ld), .v_pre_insn(v_pre_insn), .v_done(u_done),
        .v_illegal(u_illegal), .v_rd_we(u_rd_we), .v_rd(u_rd), .v_rd_val(u_rd_val),
        .halted(halted), .trap(trap), .trap_pc(trap_pc), .cycle(cycle),
        .tr_valid(tr_valid), .tr_pc(tr_pc), .tr_insn(tr_insn), .tr_cycle(tr_cycle),
        .tr_wb(tr_wb), .tr_wb_rd(tr_wb_rd), .tr_wb_val(tr_wb_val));

    // the memories: 1024 x 32 each, as rvv_soc's instruction memory (its data memory is
    // ELEN bits wide; the core uses 32-bit lanes of it); no_rw_check on the instruction
    // memory as in rvv_soc (written under reset only)
    (* no_rw_check *) reg [31:0] imem [0:1023];
    reg  [31:0] dmem [0:1023];
    wire [9:0]  da  = ld_d ? addr[11:2] : dmem_addr[11:2];
    wire        dwr = ld_d || (dmem_valid && dmem_we);
    wire [3:0]  dbe = ld_d ? 4'hf : dmem_be;
    wire [31:0] dwd = ld_d ? word : dmem_wdata;
    integer b;
    always @(posedge clk) begin
        if (ld_i) imem[addr[11:2]] <= word;
        imem_q <= imem[imem_addr[11:2]];
        if (dwr)
            for (b = 0; b < 4; b = b + 1)
                if (dbe[b]) dmem[da][b * 8 +: 8] <= dwd[b * 8 +: 8];
        dmem_q <= dmem[da];
    end

    reg [271:0] cap;
    always @(posedge clk) begin
        in_r <= bus_in;
        op_r <= bus_op;
        rst <= rst_in;
        ld_i <= op_r == 3'd2;
        ld_d <= op_r == 3'd3;
        if (op_r == 3'd0) word <= {word[23:0], in_r};
        if (op_r == 3'd1) addr <= {addr[23:0], in_r};
        if (op_r == 3'd6) begin
            {u_rd_we, u_illegal, u_done, u_ready, u_rd} <= word[8:0];
            u_rd_val <= addr;
        end
        if (op_r == 3'd4)
            cap <= {halted, trap, tr_valid, tr_wb, v_valid, v_pre_ld, 5'd0, tr_wb_rd, trap_pc, cycle, tr_pc, tr_insn,
                    tr_cycle, tr_wb_val, v_insn, v_rs1};
        else if (op_r == 3'd5)
            cap <= {8'd0, cap[271:8]};
        bus_out <= cap[7:0];
    end
endmodule
`default_nettype wire

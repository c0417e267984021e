// SPDX-License-Identifier: Apache-2.0 OR MIT
// rvv_soc - seed 003's processor as the project builds it: rv32i_core (scalar, in order)
// issuing the vector instructions to rvv_unit, an instruction memory and a data memory
// (both synchronous-read, as block RAM is), loaded from the assembled program while rst is
// high. hw/rtl/rvv/README.md, "The scalar core".
//
// Data memory: DMEM_BYTES bytes as ELEN-bit words with byte enables. The core writes it 32
// bits at a time (its byte lanes) and reads the whole ELEN-bit word (its load's selects,
// registered in the load's first cycle, pick the byte lanes), the unit one ELEN-bit element per cycle at element-aligned
// addresses (vle/vse addresses must be multiples of ELEN / 8). The core never runs while the
// unit is busy, so the two never ask in the same cycle; the unit's requests win by
// construction (mem_valid is only high while it is busy).
// Loader (rst high): ld_imem_we / ld_dmem_we write the 32-bit ld_data at byte address
// ld_addr (a multiple of 4). Read-back: rb_data is the 32-bit data word at byte address
// rb_addr, one cycle later (a second read port; the test bench's and the bus's view, not used
// by the processor), as it is after that clock's write (below, no_rw_check).
`default_nettype none
module rvv_soc #(
    parameter integer ELEN       = 64,
    parameter integer ELENUM     = 5,
    parameter integer IMEM_WORDS = 1024,
    parameter integer DMEM_BYTES = 16384,
    parameter integer TB_ACCESS  = 0,       // rvv_unit's test-bench view of the registers
    parameter integer ZVBB       = 0,       // rvv_unit: Zvbb's vandn/vror/vrol
    parameter integer SEED_ROT   = 1        // rvv_unit: the seed's custom rotates
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
    localparam integer NB    = ELEN / 8;
    localparam integer NW    = DMEM_BYTES / NB;
    localparam integer LNB   = (ELEN == 64) ? 3 : 2;
    localparam integer IAW   = $clog2(IMEM_WORDS);   // (both sizes powers of two)
    localparam integer DAW   = $clog2(NW);

    // ---- instruction memory ----
    // no_rw_check: yosys builds no logic for a read of the word written in the same clock
    // (written and read through two ports, it otherwise emulates the old word's read: a
    // register, a compare and a mux after the block RAM's read, on the core's path to its
    // register file). The loader writes under rst only, and the core's fetch reads no
    // word under rst nor uses the one read in reset's last cycle (rv32i_core: d_valid)
    (* no_rw_check *) reg [31:0] imem [0:IMEM_WORDS-1];
    reg  [31:0] imem_q;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] imem_addr;      // word addresses: bits 1:0 and those above the memory unused
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk) begin
        if (ld_imem_we) imem[ld_addr[IAW+1:2]] <= ld_data;
        imem_q <= imem[imem_addr[IAW+1:2]];
    end

    // ---- the core and the unit ----
    wire        c_dv, c_dwe;
    wire [3:0]  c_dbe;
    wire [31:0] c_daddr, c_dwdata;
    wire [ELEN-1:0] c_drdata;   // the row read: the core's load selects pick the 32-bit half
    wire        v_valid, v_ready, v_done, v_illegal, v_rd_we;
    wire        v_pre_ld;
    wire [31:0] v_insn, v_rs1, v_rd_val, v_pre_insn;
    wire [4:0]  v_rd;
    wire        u_mv, u_mwe;
    wire [31:0] u_maddr;
    wire [ELEN-1:0] u_mwdata, u_mrdata;

    rv32i_core #(.DW(ELEN)) core (
        .clk(clk), .rst(rst), .imem_addr(imem_addr), .imem_rdata(imem_q),
        .dmem_valid(c_dv), .dmem_we(c_dwe), .dmem_be(c_dbe), .dmem_addr(c_daddr),
        .dmem_wdata(c_dwdata), .dmem_rdata(c_drdata),
        .v_valid(v_valid), .v_ready(v_ready), .v_insn(v_insn), .v_rs1(v_rs1),
        .v_pre_ld(v_pre_ld), .v_pre_insn(v_pre_insn), .v_done(v_done),
        .v_illegal(v_illegal), .v_rd_we(v_rd_we), .v_rd(v_rd), .v_rd_val(v_rd_val),
        .halted(halted), .trap(trap), .trap_pc(trap_pc), .cycle(cycle),
        .tr_valid(tr_valid), .tr_pc(tr_pc), .tr_insn(tr_insn), .tr_cycle(tr_cycle),
        .tr_wb(tr_wb), .tr_wb_rd(tr_wb_rd), .tr_wb_val(tr_wb_val));

    /* verilator lint_off PINCONNECTEMPTY */
    rvv_unit #(.ELEN(ELEN), .ELENUM(ELENUM), .TB_ACCESS(TB_ACCESS), .ZVBB(ZVBB), .SEED_ROT(SEED_ROT),
               .PRE(1)) u (
        .clk(clk), .rst(rst), .in_valid(v_valid), .in_ready(v_ready), .in_insn(v_insn), .in_rs1(v_rs1),
        .in_pre_ld(v_pre_ld), .in_pre_insn(v_pre_insn),
        .done(v_done), .done_illegal(v_illegal), .done_rd_we(v_rd_we), .done_rd(v_rd),
        .done_rd_val(v_rd_val), .mem_valid(u_mv), .mem_we(u_mwe), .mem_addr(u_maddr),
        .mem_wdata(u_mwdata), .mem_rdata(u_mrdata), .vl_o(), .lmul_o());
    /* verilator lint_on PINCONNECTEMPTY */

    // ---- data memory: one write port (loader, unit or core), two synchronous read ports
    // (the unit's / core's data, the read-back word), so that it maps to block RAM ----
    // no_rw_check: yosys builds no logic for a read of a word written in the same clock (without
    // it, it emulated read-first on the second port: a LUT between the DP16KD's output and the
    // core's load select, the processor's worst path, and a second copy of the memory, 16
    // DP16KD instead of 8). What a read returns in a write cycle is then the block RAM's (old or
    // new bytes); neither reader depends on it:
    //  - dq (the processor's port, the write's own address): its word is used only in the cycle
    //    after a read request, and no request reads and writes at once. The unit's element comes
    //    back the cycle after mem_valid && !mem_we; the core's load reads in its first cycle
    //    (dmem_valid, dmem_we = 0: a load is no store), registers dq in its second (ld_q, session
    //    66) and selects from that in its third (its selects lq_* are 0 in every other cycle, so
    //    ld_val is 0 whatever ld_q holds); the unit registers its element as it comes (ld_w,
    //    session 66, zero unless that cycle is its load's); the core never asks
    //    while the unit is busy (mem_valid wins, above), and the loader writes under rst only.
    //  - rq (the read-back, any address, any time: rvv_axil reads it while the processor runs):
    //    a write to the word it reads in the same clock is caught below (rb_be: the bytes written
    //    there, rb_w: their data, registered with the read) and those bytes are taken from the
    //    write, so rb_data is the word after that clock's write, in the RTL and on the block RAM
    //    alike (a byte not written is not in a collision: each DP16KD holds one byte lane).
    //    (Session 64: rb_be is decoded after the clock from the write's registered index, enable
    //    and byte lanes and the read's registered index, beside the block RAM's read: the index
    //    compare, behind the core's address adder, is no longer a flip-flop's reset before it)
    (* no_rw_check *) reg [ELEN-1:0] dmem [0:NW-1];
    reg  [ELEN-1:0] dq, rq, rb_w;
    wire [NB-1:0]   rb_be;
    reg             wr_q;
    reg  [DAW-1:0]  widx_q, ridx_q;
    reg  [NB-1:0]   wbe_q;
    wire [ELEN-1:0] rqw;            // rq with the bytes written in its read's clock
    /* verilator lint_off UNUSEDSIGNAL */
    reg             rq_hi;          // ELEN 64: the read-back word is the high half
    wire [31:0]     a    = ld_dmem_we ? ld_addr : u_mv ? u_maddr : c_daddr;
    wire [31:0]     rba  = rb_addr;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [DAW-1:0]  widx = a[LNB +: DAW];
    wire [DAW-1:0]  ridx = rba[LNB +: DAW];
    wire            wr   = ld_dmem_we || (u_mv ? u_mwe : (c_dv && c_dwe));
    wire [ELEN-1:0] wdat;
    wire [NB-1:0]   wbe;
    generate
        if (ELEN == 64) begin : g_d64
            assign wdat = u_mv && !ld_dmem_we ? u_mwdata : ld_dmem_we ? {ld_data, ld_data} : {c_dwdata, c_dwdata};
            assign wbe  = ld_dmem_we ? (a[2] ? 8'hf0 : 8'h0f)
                        : u_mv ? 8'hff : (c_daddr[2] ? {c_dbe, 4'h0} : {4'h0, c_dbe});
            assign rb_data = rq_hi ? rqw[63:32] : rqw[31:0];
        end else begin : g_d32
            assign wdat = u_mv && !ld_dmem_we ? u_mwdata : ld_dmem_we ? ld_data : c_dwdata;
            assign wbe  = ld_dmem_we ? 4'hf : u_mv ? 4'hf : c_dbe;
            assign rb_data = rqw;
        end
    endgenerate
    assign u_mrdata = dq;
    assign c_drdata = dq;
    genvar gb;
    generate
        for (gb = 0; gb < NB; gb = gb + 1) begin : g_rb
            assign rb_be[gb] = wr_q && wbe_q[gb] && widx_q == ridx_q;
            assign rqw[gb * 8 +: 8] = rb_be[gb] ? rb_w[gb * 8 +: 8] : rq[gb * 8 +: 8];
        end
    endgenerate
    integer b;
    always @(posedge clk) begin
        if (wr)
            for (b = 0; b < NB; b = b + 1)
                if (wbe[b]) dmem[widx][b * 8 +: 8] <= wdat[b * 8 +: 8];
        dq <= dmem[widx];
        rq <= dmem[ridx];
        rq_hi <= rba[2];
        rb_w <= wdat;
        wr_q <= wr;
        widx_q <= widx;
        ridx_q <= ridx;
        wbe_q <= wbe;
    end
endmodule
`default_nettype wire

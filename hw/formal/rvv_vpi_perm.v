// SPDX-License-Identifier: Apache-2.0 OR MIT
// rvv_vpi_perm - the proof harness of vpi's column write (rvv_vpi_perm.sby): from register
// contents in which every element holds a tag of its own place (tag() below: a reduction that
// relies on the unit moving data without looking at it), after one reset cycle the unit gets a
// vsetvli (any one: any vl, any LMUL, in_rs1 free) and then a vpi word (any vd, vs2,
// row immediate); from three cycles after its last cycle (its last write then in its bank) to
// the end of the run every element of every register must be what the README's rule says,
// from the contents at the vpi's issue:
//   row y (register vs2 + y for the row immediate -1, y = lmul_cnt = 0..R-1; register vs2
//   for a fixed row y = 0..4) is written as column y of vd..vd+4: register vd + d, element
//   5i + y = row element 5i + (3d + y) % 5 (so lane (x, y) goes to register vd + (2x + 3y) % 5);
//   every other element of every register unchanged;
// a word the unit refuses (done_illegal) changes nothing, and it refuses exactly the words the
// model refuses. For each y, d -> (3d + y) % 5
// is a bijection of 0..4, so each column is a permutation of its row's elements, and a whole
// vpi (rows 0..4) a permutation of the 25 lanes of each state.
// The register file is seen through hk_rf, which the .sby script connects to the unit's bank
// words after memory_map (rvv_vpi_hooks.ys, written by run.py): bank b, word w at bits
// (b * 32 + w) * ELEN. Element 5i + x of register q is word q of bank 5i + (x + q) % 5 (the
// README's layout).
`default_nettype none
module rvv_vpi_perm #(
    parameter integer ELEN   = 32,
    parameter integer ELENUM = 5
) (
    input wire            clk,
    input wire [31:0]     in_insn,
    input wire [31:0]     in_rs1,
    input wire [ELEN-1:0] mem_rdata
);
    localparam integer REGW = ELEN * ELENUM;

    reg       init = 1'b1;
    reg [3:0] st = 4'd0;             // steps since the reset cycle
    always @(posedge clk) begin
        init <= 1'b0;
        if (st != 4'hf) st <= st + 4'd1;
    end
    // step 1: the vsetvli; step 3 (the unit is ready again: vsetvli costs 2): the vpi
    wire in_valid = st == 4'd1 || st == 4'd3;
    always @* begin
        if (st == 4'd1) assume (in_insn[6:0] == 7'h57 && in_insn[14:12] == 3'b111);
        if (st == 4'd3) assume (in_insn[6:0] == 7'h5b && in_insn[31:26] == 6'b000101 && in_insn[25] &&
                                in_insn[14:12] == 3'b011);
    end

    wire            in_ready, done, ill, rd_we, mv, mwe;
    wire [4:0]      rd;
    wire [31:0]     rd_val, maddr;
    wire [ELEN-1:0] wdata;
    wire [7:0]      vl;
    wire [3:0]      lmul;
    rvv_unit #(.ELEN(ELEN), .ELENUM(ELENUM)) u (
        .clk(clk), .rst(init), .in_valid(in_valid), .in_ready(in_ready), .in_insn(in_insn), .in_rs1(in_rs1),
        .in_pre_ld(1'b0), .in_pre_insn(32'd0),
        .done(done), .done_illegal(ill), .done_rd_we(rd_we), .done_rd(rd), .done_rd_val(rd_val),
        .mem_valid(mv), .mem_we(mwe), .mem_addr(maddr), .mem_wdata(wdata), .mem_rdata(mem_rdata),
        .vl_o(vl), .lmul_o(lmul));

    // the register file, bank words (driven by the script's `connect`)
    wire [32*ELENUM*ELEN-1:0] hk_rf;
    // ... as registers: register q at bits q * REGW, its element e at bits e * ELEN of that
    wire [32*REGW-1:0] arch;
    genvar gq, ge;
    generate
        for (gq = 0; gq < 32; gq = gq + 1) begin : g_arch
            for (ge = 0; ge < ELENUM; ge = ge + 1) begin : g_e
                assign arch[gq * REGW + ge * ELEN +: ELEN] =
                    hk_rf[((5 * (ge / 5) + (ge % 5 + gq) % 5) * 32 + gq) * ELEN +: ELEN];
            end
        end
    endgenerate

    // The data: at the vpi's issue every element holds a tag of its own place (register q, element
    // e): id = {q, e} (10 bits), and bit b of the tag is bit b % 10 of id, inverted in the odd
    // tens (id, ~id, id, ~id[1:0] for ELEN 32): bits 0-19 hold exactly ten ones, and every bit
    // position differs between some elements. The unit moves elements without looking at them
    // (its vpi controls come from the instruction word, vl and the counters, never from register
    // data), so a wrong source, a missing write (the old tag stays), a write to the wrong element,
    // or an element or-ed / and-ed with another (the datapath's results are ors of masked parts:
    // ten ones plus some of another tag's ten is more than ten, an and fewer) leaves a word that
    // is not the tag the rule names. With the contents constant the only free inputs are the two
    // instruction words and rs1 (vd, vs2, the row immediate, vl, LMUL), and the wanted contents
    // are a pick of a tag by a few of those bits: no copy of the register file, no 160-way
    // selects. (The earlier form, one element of any value anywhere as anyconst, did not finish
    // BMC step 8 in minutes.)
    function [ELEN-1:0] tag;
        input [4:0] q;
        input [4:0] e;
        integer b;
        reg [9:0] id;
        begin
            id = {q, e};
            for (b = 0; b < ELEN; b = b + 1)
                tag[b] = ((b / 10) % 2 == 0) ? id[b % 10] : !id[b % 10];
        end
    endfunction

    // the vpi's issue: its fields and R
    reg  [4:0]      p_vd, p_vs2, p_imm;
    reg  [3:0]      p_r;
    // (the check waits for the writes in flight: vpi's last column is formed in its done cycle,
    // goes through the second compute stage and the write-back stage, and is in its bank three
    // cycles after done: done_q[2] is that cycle; from then on nothing may change, which also
    // catches a write after the last: chk; ill_q is done_illegal of the done cycle)
    reg             p_taken = 1'b0, chk = 1'b0, ill_q = 1'b0;
    reg  [2:0]      done_q = 3'd0;
    reg  [3:0]      r_now;
    integer n;
    always @* begin
        r_now = 4'd1;
        for (n = 1; n < 8; n = n + 1)
            if (n * ELENUM < vl) r_now = n + 1;
    end
    always @(posedge clk) begin
        done_q <= {done_q[1:0], done && p_taken};
        if (done && p_taken) ill_q <= ill;
        if (st == 4'd3 && in_valid && in_ready) begin
            p_taken <= 1'b1;
            p_vd <= in_insn[11:7];
            p_vs2 <= in_insn[24:20];
            p_imm <= in_insn[19:15];
            p_r <= r_now;
        end
        if (done_q[2]) chk <= 1'b1;
    end
    wire check = done_q[2] || chk;

    // the contents at the issue (assumed) and what the rule says after the vpi (want): element
    // 5i + y of register q is written when d = q - vd < 5 and row y is one of the vpi's (the
    // fixed row imm, or y < R for imm = -1), with element 5i + (3d + y) % 5 of row y's
    // register (vs2, or vs2 + y for imm = -1) as it was at the issue; else it keeps its value
    wire            fixed = p_imm != 5'h1f;
    wire [32*ELENUM-1:0] init_ok;
    wire [32*REGW-1:0]   want;
    generate
        for (gq = 0; gq < 32; gq = gq + 1) begin : g_want
            wire [4:0] d = gq[4:0] - p_vd;
            for (ge = 0; ge < ELENUM; ge = ge + 1) begin : g_e
                localparam integer Y = ge % 5;
                localparam integer I = ge / 5;
                /* verilator lint_off WIDTH */
                localparam [4:0] Y5 = Y;
                localparam [4:0] I55 = 5 * I;
                /* verilator lint_on WIDTH */
                localparam [4:0] GQ = gq;
                localparam [4:0] GE = ge;
                assign init_ok[gq * ELENUM + ge] = arch[gq * REGW + ge * ELEN +: ELEN] == tag(GQ, GE);
                wire       written = !ill_q && d < 5'd5 && (fixed ? p_imm == Y5 : Y < p_r);
                wire [4:0] sq = fixed ? p_vs2 : p_vs2 + Y5;
                wire [2:0] x = (d[2:0] == 3'd0) ? (Y % 5) : (d[2:0] == 3'd1) ? ((3 + Y) % 5)
                             : (d[2:0] == 3'd2) ? ((6 + Y) % 5) : (d[2:0] == 3'd3) ? ((9 + Y) % 5) : ((12 + Y) % 5);
                assign want[gq * REGW + ge * ELEN +: ELEN] = written ? tag(sq, I55 + {2'd0, x}) : tag(GQ, GE);
            end
        end
    endgenerate
    always @* if (st == 4'd3) assume (&init_ok);

    wire [5:0] p_rows  = (p_imm == 5'h1f) ? {2'd0, p_r} : 6'd1;
    wire       p_legal = (p_imm == 5'h1f ? p_r <= 4'd5 : (p_imm <= 5'd4 && p_r == 4'd1)) && p_vd <= 5'd27 &&
                         {1'b0, p_vs2} + p_rows <= 6'd32 &&
                         ({1'b0, p_vs2} + p_rows <= {1'b0, p_vd} || {1'b0, p_vd} + 6'd5 <= {1'b0, p_vs2});

    always @* begin
        if (st == 4'd3) assert (in_ready);
        if (check) assert (arch == want);
        if (st >= 4'd13) assert (chk);
        // and the unit refuses exactly the vpi words the model refuses (so the check above is
        // not met by refusing everything): row immediate 0..4 with one register (R = 1) or -1
        // with R <= 5 rows; vd..vd+4 within v0..v31; rows within v0..v31 and not overlapping
        // vd..vd+4
        if (check) assert (ill_q == !p_legal);
    end
endmodule
`default_nettype wire

// SPDX-License-Identifier: Apache-2.0 OR MIT
// rvv_vpi_perm - the proof harness of vpi's column write (rvv_vpi_perm.sby): from ANY register
// contents (the banks have no reset: every word is free at step 0), after one reset cycle the
// unit gets a vsetvli (any one: any vl, any LMUL, in_rs1 free) and then a vpi word (any vd, vs2,
// row immediate); after its last cycle every element of every register must be what the
// README's rule says, read from the contents at the vpi's issue:
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
    localparam integer SN   = ELENUM / 5;

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

    // the vpi's issue: its fields, R and the register file then
    reg  [32*REGW-1:0] snap;
    reg  [4:0]      p_vd, p_vs2, p_imm;
    reg  [3:0]      p_r;
    reg             p_taken = 1'b0, checked = 1'b0, done_q = 1'b0, ill_q;
    reg  [3:0]      r_now;
    integer n;
    always @* begin
        r_now = 4'd1;
        for (n = 1; n < 8; n = n + 1)
            if (n * ELENUM < vl) r_now = n + 1;
    end
    always @(posedge clk) begin
        done_q <= done && p_taken;
        ill_q <= ill;
        if (st == 4'd3 && in_valid && in_ready) begin
            p_taken <= 1'b1;
            p_vd <= in_insn[11:7];
            p_vs2 <= in_insn[24:20];
            p_imm <= in_insn[19:15];
            p_r <= r_now;
            snap <= arch;
        end
        if (done_q) checked <= 1'b1;
    end

    wire [5:0] p_rows  = (p_imm == 5'h1f) ? {2'd0, p_r} : 6'd1;
    wire       p_legal = (p_imm == 5'h1f ? p_r <= 4'd5 : (p_imm <= 5'd4 && p_r == 4'd1)) && p_vd <= 5'd27 &&
                         {1'b0, p_vs2} + p_rows <= 6'd32 &&
                         ({1'b0, p_vs2} + p_rows <= {1'b0, p_vd} || {1'b0, p_vd} + 6'd5 <= {1'b0, p_vs2});

    // what the registers must hold after the vpi
    wire            fixed = p_imm != 5'h1f;
    wire [5*REGW-1:0]  srcrow;      // row y's register (at the issue) at bits y * REGW
    wire [32*REGW-1:0] want;
    genvar gy;
    generate
        for (gy = 0; gy < 5; gy = gy + 1) begin : g_src
            wire [4:0] sr = fixed ? p_vs2 : p_vs2 + gy;
            // (selects of constant slices: a part-select at sr * REGW would be a 5,120-bit shifter)
            reg  [REGW-1:0] row;
            integer q;
            always @* begin
                row = {REGW{1'b0}};
                for (q = 0; q < 32; q = q + 1)
                    if (sr == q) row = snap[q * REGW +: REGW];
            end
            assign srcrow[gy * REGW +: REGW] = row;
        end
        for (gq = 0; gq < 32; gq = gq + 1) begin : g_want
            wire [4:0] d = gq[4:0] - p_vd;
            for (ge = 0; ge < ELENUM; ge = ge + 1) begin : g_e
                localparam integer Y = ge % 5;
                localparam integer I = ge / 5;
                wire       written = d < 5'd5 && (fixed ? p_imm == Y : Y < p_r);
                wire [2:0] x = (3 * d[2:0] + Y) % 5;
                wire [ELEN-1:0] r0 = srcrow[Y * REGW + (5 * I + 0) * ELEN +: ELEN];
                wire [ELEN-1:0] r1 = srcrow[Y * REGW + (5 * I + 1) * ELEN +: ELEN];
                wire [ELEN-1:0] r2 = srcrow[Y * REGW + (5 * I + 2) * ELEN +: ELEN];
                wire [ELEN-1:0] r3 = srcrow[Y * REGW + (5 * I + 3) * ELEN +: ELEN];
                wire [ELEN-1:0] r4 = srcrow[Y * REGW + (5 * I + 4) * ELEN +: ELEN];
                wire [ELEN-1:0] rx = x == 3'd0 ? r0 : x == 3'd1 ? r1 : x == 3'd2 ? r2 : x == 3'd3 ? r3 : r4;
                assign want[gq * REGW + ge * ELEN +: ELEN] = written ? rx : snap[gq * REGW + ge * ELEN +: ELEN];
            end
        end
    endgenerate

    always @* begin
        if (st == 4'd3) assert (in_ready);
        if (done_q) assert (arch == (ill_q ? snap : want));
        if (st >= 4'd12) assert (checked);
        // and the unit refuses exactly the vpi words the model refuses (so the check above is
        // not met by refusing everything): row immediate 0..4 with one register (R = 1) or -1
        // with R <= 5 rows; vd..vd+4 within v0..v31; rows within v0..v31 and not overlapping
        // vd..vd+4
        if (done_q) assert (ill_q == !p_legal);
    end
endmodule
`default_nettype wire

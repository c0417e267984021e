// SPDX-License-Identifier: Apache-2.0 OR MIT
// tb_mlkem_arith - the cocotb top of test_mlkem_arith.py: the ML-KEM arithmetic units side by
// side, each on its own ports, plus a self-checking sweep for the exhaustive tests (a Python
// driver at one value per clock would take hours for q^2 products; here the simulator runs
// the loop and compares each result with Verilog's own `%`, which no design file uses).
//
// Sweep (chk_*): on chk_start, with chk_mode = 0, every a in [chk_a_lo, chk_a_hi] times every
// b in [chk_b_lo, chk_b_hi] through mlkem_modmul and through mlkem_addsub as a + b and a - b
// (one of each per lane and clock), with chk_mode = 1 every
// x in [chk_x_lo, chk_x_hi] through mlkem_reduce; chk_done when the last result is compared;
// chk_count results, chk_errors mismatches, chk_bad_* the first one.
`default_nettype none
module tb_mlkem_arith (
    input  wire        clk,
    input  wire        rst,
    // sweep
    input  wire        chk_start,
    input  wire        chk_mode,
    input  wire [11:0] chk_a_lo,
    input  wire [11:0] chk_a_hi,
    input  wire [11:0] chk_b_lo,
    input  wire [11:0] chk_b_hi,
    input  wire [24:0] chk_x_lo,
    input  wire [24:0] chk_x_hi,
    output reg         chk_done,
    output reg  [31:0] chk_count,
    output reg  [31:0] chk_errors,
    output reg  [24:0] chk_bad_x,
    output reg  [11:0] chk_bad_got,
    // mlkem_butterfly
    input  wire        bf_in_valid,
    input  wire        bf_inv,
    input  wire [11:0] bf_a,
    input  wire [11:0] bf_b,
    input  wire [11:0] bf_zeta,
    output wire        bf_out_valid,
    output wire [11:0] bf_a_out,
    output wire [11:0] bf_b_out,
    // mlkem_ntt
    input  wire        ntt_start,
    input  wire        ntt_inv,
    output wire        ntt_busy,
    output wire        ntt_done,
    input  wire        ntt_we,
    input  wire [7:0]  ntt_waddr,
    input  wire [11:0] ntt_wdata,
    input  wire [7:0]  ntt_raddr,
    output wire [11:0] ntt_rdata,
    // mlkem_ntt with two butterflies per clock
    input  wire        ntt2_start,
    input  wire        ntt2_inv,
    output wire        ntt2_busy,
    output wire        ntt2_done,
    input  wire        ntt2_we,
    input  wire [7:0]  ntt2_waddr,
    input  wire [11:0] ntt2_wdata,
    input  wire [7:0]  ntt2_raddr,
    output wire [11:0] ntt2_rdata,
    // mlkem_basemul
    input  wire        bm_in_valid,
    input  wire [6:0]  bm_pair,
    input  wire [11:0] bm_a0,
    input  wire [11:0] bm_a1,
    input  wire [11:0] bm_b0,
    input  wire [11:0] bm_b1,
    input  wire        bm_acc,
    input  wire [11:0] bm_c0_in,
    input  wire [11:0] bm_c1_in,
    output wire        bm_out_valid,
    output wire [11:0] bm_c0,
    output wire [11:0] bm_c1,
    // mlkem_compress, mlkem_decompress
    input  wire        cmp_in_valid,
    input  wire [3:0]  cmp_d,
    input  wire [11:0] cmp_x,
    output wire        cmp_out_valid,
    output wire [10:0] cmp_y,
    input  wire        dec_in_valid,
    input  wire [3:0]  dec_d,
    input  wire [10:0] dec_y,
    output wire        dec_out_valid,
    output wire [11:0] dec_x
);
    mlkem_compress u_cmp (.clk(clk), .rst(rst), .in_valid(cmp_in_valid), .d(cmp_d), .x(cmp_x),
                          .out_valid(cmp_out_valid), .y(cmp_y));
    mlkem_decompress u_dec (.clk(clk), .rst(rst), .in_valid(dec_in_valid), .d(dec_d), .y(dec_y),
                            .out_valid(dec_out_valid), .x(dec_x));
    mlkem_butterfly u_bf (.clk(clk), .rst(rst), .in_valid(bf_in_valid), .inv(bf_inv), .a(bf_a), .b(bf_b),
                          .zeta(bf_zeta), .out_valid(bf_out_valid), .a_out(bf_a_out), .b_out(bf_b_out));
    mlkem_ntt u_ntt (.clk(clk), .rst(rst), .start(ntt_start), .inv(ntt_inv), .busy(ntt_busy), .done(ntt_done),
                     .ext_we(ntt_we), .ext_waddr(ntt_waddr), .ext_wdata(ntt_wdata), .ext_raddr(ntt_raddr),
                     .ext_rdata(ntt_rdata), .ext_we1(1'b0), .ext_wdata1(12'd0), .ext_rdata1());
    mlkem_ntt #(.BF(2)) u_ntt2 (.clk(clk), .rst(rst), .start(ntt2_start), .inv(ntt2_inv), .busy(ntt2_busy),
                     .done(ntt2_done), .ext_we(ntt2_we), .ext_waddr(ntt2_waddr), .ext_wdata(ntt2_wdata),
                     .ext_raddr(ntt2_raddr), .ext_rdata(ntt2_rdata), .ext_we1(1'b0), .ext_wdata1(12'd0),
                     .ext_rdata1());
    mlkem_basemul u_bm (.clk(clk), .rst(rst), .in_valid(bm_in_valid), .pair(bm_pair), .a0(bm_a0), .a1(bm_a1),
                        .b0(bm_b0), .b1(bm_b1), .acc(bm_acc), .c0_in(bm_c0_in), .c1_in(bm_c1_in),
                        .out_valid(bm_out_valid), .c0(bm_c0), .c1(bm_c1));

    // ---- the sweep: LANES units side by side, each given the next value of the range, so the
    // simulator's clock (each edge a round trip to cocotb) ticks LANES times less often
    localparam integer LANES = 16;
    reg        run, mode;
    reg [11:0] a, b;       // modmul: lane i takes a + i, b
    reg [24:0] x;          // reduce: lane i takes x + i
    localparam [25:0] LX = 26'd16;   // LANES
    localparam [12:0] LA = 13'd16;
    wire last_now = mode ? ({1'b0, x} + LX > {1'b0, chk_x_hi}) : ({1'b0, a} + LA > {1'b0, chk_a_hi} && b == chk_b_hi);
    reg  [2:0] v, l;       // run and last, delayed by 1..3 clocks (modmul 3, reduce 2)
    wire       rv = mode ? v[1] : v[2];
    wire       rl = mode ? l[1] : l[2];
    integer          bad_i, nerr, nval;
    genvar i;
    wire [LANES-1:0] lane_ok, lane_valid;
    wire [24:0]      lane_x [0:LANES-1];
    wire [11:0]      lane_got [0:LANES-1];
    generate
        for (i = 0; i < LANES; i = i + 1) begin : g_lane
            wire [12:0] ai = {1'b0, a} + i;
            wire [25:0] xi = {1'b0, x} + i;
            wire        in_range = mode ? (xi <= {1'b0, chk_x_hi}) : (ai <= {1'b0, chk_a_hi});
            wire [11:0] mm_c, red_y;
            wire        mm_v;
            mlkem_modmul u_mm (.clk(clk), .rst(rst), .in_valid(1'b0), .a({1'b0, ai[11:0]}), .b(b), .out_valid(mm_v), .c(mm_c));
            mlkem_reduce u_red (.clk(clk), .x(xi[24:0]), .y(red_y));
            // the expected value from Verilog's `%` and the operand, delayed beside the unit
            wire [24:0] xr = xi[24:0] % 25'd3329;
            wire [23:0] pr = ({12'd0, ai[11:0]} * {12'd0, b}) % 24'd3329;
            wire [11:0] exp_now = mode ? xr[11:0] : pr[11:0];
            wire [24:0] cur = mode ? xi[24:0] : {1'b0, ai[11:0], b};
            reg  [11:0] e1, e2, e3;
            reg  [24:0] c1, c2, c3;
            reg         r1, r2, r3;
            always @(posedge clk) begin
                e1 <= exp_now; e2 <= e1; e3 <= e2;
                c1 <= cur; c2 <= c1; c3 <= c2;
                r1 <= run && in_range; r2 <= r1; r3 <= r2;
            end
            // mode 0 also checks mlkem_addsub on the same a, b: a + b and a - b mod q,
            // delayed from their 1 clock to the modmul's 3
            wire [11:0] as_c, ss_c;
            wire        as_v, ss_v;
            mlkem_addsub u_add (.clk(clk), .rst(rst), .in_valid(1'b0), .sub(1'b0), .a(ai[11:0]), .b(b),
                                .out_valid(as_v), .c(as_c));
            mlkem_addsub u_sub (.clk(clk), .rst(rst), .in_valid(1'b0), .sub(1'b1), .a(ai[11:0]), .b(b),
                                .out_valid(ss_v), .c(ss_c));
            wire [12:0] ea_w = ({1'b0, ai[11:0]} + {1'b0, b}) % 13'd3329;
            wire [12:0] es_w = ({1'b0, ai[11:0]} + 13'd3329 - {1'b0, b}) % 13'd3329;
            reg  [11:0] as2, as3, ss2, ss3, ea1, ea2, ea3, es1, es2, es3;
            always @(posedge clk) begin
                as2 <= as_c; as3 <= as2;
                ss2 <= ss_c; ss3 <= ss2;
                ea1 <= ea_w[11:0]; ea2 <= ea1; ea3 <= ea2;
                es1 <= es_w[11:0]; es2 <= es1; es3 <= es2;
            end
            wire [11:0] got = mode ? red_y : mm_c;
            assign lane_valid[i] = mode ? r2 : r3;
            assign lane_ok[i]    = mode ? (got == e2) : (got == e3 && as3 == ea3 && ss3 == es3);
            assign lane_x[i]     = mode ? c2 : c3;
            assign lane_got[i]   = got;
            wire unused_lane = ^{mm_v, as_v, ss_v, ai[12], xi[25], xr[24:12], pr[23:12], ea_w[12], es_w[12]};
        end
    endgenerate
    always @(*) begin
        nerr = 0;
        nval = 0;
        bad_i = 0;
        for (bad_i = LANES - 1; bad_i >= 0; bad_i = bad_i - 1) begin
            if (lane_valid[bad_i]) nval = nval + 1;
            if (lane_valid[bad_i] && !lane_ok[bad_i]) nerr = nerr + 1;
        end
    end
    integer fi;
    always @(posedge clk) begin
        if (rst) begin
            run <= 1'b0;
            chk_done <= 1'b0;
            v <= 3'b0;
            l <= 3'b0;
        end else begin
            v <= {v[1:0], run};
            l <= {l[1:0], run && last_now};
            if (chk_start && !run) begin
                run <= 1'b1;
                mode <= chk_mode;
                a <= chk_a_lo;
                b <= chk_b_lo;
                x <= chk_x_lo;
                chk_done <= 1'b0;
                chk_count <= 32'd0;
                chk_errors <= 32'd0;
            end else if (run) begin
                if (last_now) run <= 1'b0;
                if (mode) x <= x + LX[24:0];
                else if (b == chk_b_hi) begin
                    b <= chk_b_lo;
                    a <= a + LA[11:0];
                end else b <= b + 12'd1;
            end
            if (rv) begin
                chk_count <= chk_count + nval;
                if (nerr != 0) begin
                    if (chk_errors == 32'd0)
                        for (fi = LANES - 1; fi >= 0; fi = fi - 1)
                            if (lane_valid[fi] && !lane_ok[fi]) begin
                                chk_bad_x <= lane_x[fi];
                                chk_bad_got <= lane_got[fi];
                            end
                    chk_errors <= chk_errors + nerr;
                end
                if (rl) chk_done <= 1'b1;
            end
        end
    end
endmodule
`default_nettype wire

// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_ntt - NTT (FIPS 203 Alg. 9) and inverse NTT (Alg. 10, its final multiplication by
// 128^-1 = 3303 included) of the polynomial in its own memory, BF (1 or 2) butterflies per clock.
//
// A `start` while idle transforms the polynomial in place: forward (inv = 0; coefficients in
// standard order in, the NTT in FIPS 203's order out) or inverse (inv = 1). `busy` is high from
// the clock after start until `done`, a one-clock pulse in the first clock the memory holds
// the whole result: 903 clocks after the clock edge that takes start (896 butterflies with no
// gap between layers, and the pipeline: schedule 1, memory read 1, butterfly 5; the edge that
// writes the last pair raises done).
// While idle, the port ext_* reads and writes the memory one coefficient per clock
// (ext_rdata is coefficient ext_raddr of the clock before); writes while busy are ignored.
// Two per clock with the second lane: ext_we1 writes ext_wdata1 to coefficient ext_waddr ^ 1
// (with or without ext_we), and ext_rdata1 is coefficient ext_raddr ^ 1 of the clock before
// (the two coefficients of a pair sit in different banks in both layouts).
//
//   mlkem_ntt_agen (the pairs and zeta indices) -> mlkem_polymem (two banks, each butterfly's
//   two coefficients in different banks) and the zeta ROM (mlkem_zetas.vh) -> mlkem_butterfly
//   (Cooley-Tukey or Gentleman-Sande with halving) -> written back to the same two addresses.
// BF = 2: two butterflies per clock (n and n + 64 of each layer), the memory in four banks
// (mlkem_polymem4): 456 clocks from start to done (448 clocks of butterflies + the same 7, and
// a stage that maps the schedule's coefficients to the banks' read addresses; idle writes land
// a clock after they are given).
`default_nettype none
module mlkem_ntt #(
    parameter integer BF = 1   // butterflies per clock: 1 or 2
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    input  wire        inv,
    output reg         busy,
    output reg         done,
    input  wire        ext_we,
    input  wire [7:0]  ext_waddr,
    input  wire [11:0] ext_wdata,
    input  wire [7:0]  ext_raddr,
    output wire [11:0] ext_rdata,
    input  wire        ext_we1,
    input  wire [11:0] ext_wdata1,
    output wire [11:0] ext_rdata1
);
    `include "mlkem_zetas.vh"
    localparam integer BF_LAT = 5;

    // schedule
    wire       av, alast, ainv;
    wire [7:0] aj, ak, aj2, ak2;
    wire [6:0] azi, azi2;
    mlkem_ntt_agen #(.BF(BF)) u_agen (.clk(clk), .rst(rst), .start(start && !busy), .inv(inv), .valid(av),
                           .last(alast), .inv_out(ainv), .j(aj), .k(ak), .zi(azi), .j2(aj2), .k2(ak2), .zi2(azi2));

    // BF = 2: a stage more before the memory (ECP5 Fmax, issue 37): the four banks' read
    // addresses and each port's bank (mlkem_polymem4's mapping) made from the schedule into
    // registers, so the LUT RAM's read address comes from a register through the idle mux only;
    // the rest of the schedule waits a clock beside them (s*). BF = 1: no such stage.
    function [1:0] bank(input [7:0] c);   // mlkem_polymem4's bank of coefficient c
        bank = {c[7], ^c};
    endfunction
    function [5:0] raddr(input [1:0] b, input [1:0] c0, input [1:0] c1, input [1:0] c2,
                         input [5:0] x0, input [5:0] x1, input [5:0] x2, input [5:0] x3);
        raddr = (c0 == b) ? x0 : (c1 == b) ? x1 : (c2 == b) ? x2 : x3;
    endfunction
    reg         sv_q, slast_q, sinv_q;
    reg  [7:0]  sj_q, sk_q, sj2_q, sk2_q;
    reg  [6:0]  szi_q, szi2_q;
    reg  [5:0]  pa0, pa1, pa2, pa3;      // bank i's read address
    reg  [1:0]  pb0, pb1, pb2, pb3;      // the banks of j, k, j2, k2
    always @(posedge clk) begin
        sv_q    <= rst ? 1'b0 : av;
        slast_q <= alast;
        sinv_q  <= ainv;
        sj_q    <= aj;
        sk_q    <= ak;
        sj2_q   <= aj2;
        sk2_q   <= ak2;
        szi_q   <= azi;
        szi2_q  <= azi2;
        pa0 <= raddr(2'd0, bank(aj), bank(ak), bank(aj2), aj[6:1], ak[6:1], aj2[6:1], ak2[6:1]);
        pa1 <= raddr(2'd1, bank(aj), bank(ak), bank(aj2), aj[6:1], ak[6:1], aj2[6:1], ak2[6:1]);
        pa2 <= raddr(2'd2, bank(aj), bank(ak), bank(aj2), aj[6:1], ak[6:1], aj2[6:1], ak2[6:1]);
        pa3 <= raddr(2'd3, bank(aj), bank(ak), bank(aj2), aj[6:1], ak[6:1], aj2[6:1], ak2[6:1]);
        pb0 <= bank(aj);
        pb1 <= bank(ak);
        pb2 <= bank(aj2);
        pb3 <= bank(ak2);
    end
    wire        sv    = (BF == 2) ? sv_q : av;
    wire        slast = (BF == 2) ? slast_q : alast;
    wire        sinv  = (BF == 2) ? sinv_q : ainv;
    wire [7:0]  sj    = (BF == 2) ? sj_q : aj;
    wire [7:0]  sk    = (BF == 2) ? sk_q : ak;
    wire [7:0]  sj2   = (BF == 2) ? sj2_q : aj2;
    wire [7:0]  sk2   = (BF == 2) ? sk2_q : ak2;
    wire [6:0]  szi   = (BF == 2) ? szi_q : azi;
    wire [6:0]  szi2  = (BF == 2) ? szi2_q : azi2;

    // memory read and zetas
    wire [11:0] qj, qk, qj2, qk2;
    reg  [11:0] zr, zr2;
    reg         rv, rlast, rinv;
    reg  [7:0]  rj, rk, rj2, rk2;
    reg  [1:0]  rbj, rbk, rbj2, rbk2;    // their banks (BF = 2), for the write-back
    always @(posedge clk) begin
        zr    <= mlkem_zeta(szi);
        zr2   <= mlkem_zeta(szi2);
        rv    <= rst ? 1'b0 : sv;
        rlast <= rst ? 1'b0 : sv && slast;
        rinv  <= sinv;
        rj    <= sj;
        rk    <= sk;
        rj2   <= sj2;
        rk2   <= sk2;
        rbj   <= pb0;
        rbk   <= pb1;
        rbj2  <= pb2;
        rbk2  <= pb3;
    end

    // butterflies; the addresses and the last flag travel beside them
    wire        bv, bv2;
    wire [11:0] ba, bb, ba2, bb2;
    mlkem_butterfly u_bf (.clk(clk), .rst(rst), .in_valid(rv), .inv(rinv), .a(qj), .b(qk), .zeta(zr),
                          .out_valid(bv), .a_out(ba), .b_out(bb));
    reg [8*BF_LAT-1:0] dj, dk, dj2, dk2;   // shift registers, the oldest in the top byte
    reg [2*BF_LAT-1:0] dbj, dbk, dbj2, dbk2;   // ... and the banks (BF = 2)
    reg [BF_LAT-1:0]   dlast;
    always @(posedge clk) begin
        dj    <= {dj[8*BF_LAT-9:0], rj};
        dk    <= {dk[8*BF_LAT-9:0], rk};
        dj2   <= {dj2[8*BF_LAT-9:0], rj2};
        dk2   <= {dk2[8*BF_LAT-9:0], rk2};
        dbj   <= {dbj[2*BF_LAT-3:0], rbj};
        dbk   <= {dbk[2*BF_LAT-3:0], rbk};
        dbj2  <= {dbj2[2*BF_LAT-3:0], rbj2};
        dbk2  <= {dbk2[2*BF_LAT-3:0], rbk2};
        dlast <= rst ? {BF_LAT{1'b0}} : {dlast[BF_LAT-2:0], rlast};
    end
    wire [7:0] wj  = dj[8*BF_LAT-1 -: 8];
    wire [7:0] wk  = dk[8*BF_LAT-1 -: 8];
    wire [7:0] wj2 = dj2[8*BF_LAT-1 -: 8];
    wire [7:0] wk2 = dk2[8*BF_LAT-1 -: 8];
    wire [1:0] wbj  = dbj[2*BF_LAT-1 -: 2];
    wire [1:0] wbk  = dbk[2*BF_LAT-1 -: 2];
    wire [1:0] wbj2 = dbj2[2*BF_LAT-1 -: 2];
    wire [1:0] wbk2 = dbk2[2*BF_LAT-1 -: 2];
    wire wlast = dlast[BF_LAT-1] && bv;

    generate
        if (BF == 2) begin : g_two
            mlkem_butterfly u_bf2 (.clk(clk), .rst(rst), .in_valid(rv), .inv(rinv), .a(qj2), .b(qk2), .zeta(zr2),
                                   .out_valid(bv2), .a_out(ba2), .b_out(bb2));
            // idle: every bank reads word ext_raddr[6:1] (ext_raddr ^ 1, ^ 128, ^ 129 differ
            // from it in bits 0 and 7 only), the ports pick their coefficients' banks
            wire [7:0] e = ext_raddr;
            // the idle writes (ext_*) go in a clock late, from registers, with their banks: the
            // next start comes no earlier than the clock they land in (mlkem_top starts the
            // transform the clock after the load's last write; a read of the memory
            // needs two clocks from start: no hazard)
            reg        xwe, xwe1;
            reg [5:0]  xwa;
            reg [1:0]  xb, xb1;
            reg [11:0] xwd, xwd1;
            always @(posedge clk) begin
                xwe  <= !rst && ext_we;
                xwe1 <= !rst && ext_we1;
                xwa  <= ext_waddr[6:1];
                xb   <= bank(ext_waddr);
                xb1  <= bank(ext_waddr ^ 8'd1);
                xwd  <= ext_wdata;
                xwd1 <= ext_wdata1;
            end
            mlkem_polymem4 u_mem (.clk(clk),
                .ra0(busy ? pa0 : e[6:1]), .ra1(busy ? pa1 : e[6:1]), .ra2(busy ? pa2 : e[6:1]),
                .ra3(busy ? pa3 : e[6:1]),
                .rs0(busy ? pb0 : bank(e)), .rs1(busy ? pb1 : bank(e ^ 8'd1)),
                .rs2(busy ? pb2 : bank(e ^ 8'd128)), .rs3(busy ? pb3 : bank(e ^ 8'd129)),
                .q0(qj), .q1(qk), .q2(qj2), .q3(qk2),
                .we0(bv || (xwe && !busy)), .we1(bv || (xwe1 && !busy)), .we2(bv), .we3(bv),
                .wb0(bv ? wbj : xb), .wb1(bv ? wbk : xb1), .wb2(wbj2), .wb3(wbk2),
                .wa0(bv ? wj[6:1] : xwa), .wa1(bv ? wk[6:1] : xwa), .wa2(wj2[6:1]), .wa3(wk2[6:1]),
                .wd0(bv ? ba : xwd), .wd1(bv ? bb : xwd1), .wd2(ba2), .wd3(bb2));
            wire unused_bv2 = ^{bv2, wj[7], wj[0], wk[7], wk[0], wj2[7], wj2[0], wk2[7], wk2[0]};   // bv2: as bv
        end else begin : g_one
            assign qj2 = 12'd0;
            assign qk2 = 12'd0;
            assign bv2 = 1'b0;
            assign ba2 = 12'd0;
            assign bb2 = 12'd0;
            mlkem_polymem u_mem (.clk(clk),
                .rj(busy ? aj : ext_raddr), .rk(busy ? ak : ext_raddr ^ 8'd1), .qj(qj), .qk(qk),
                .wej(bv || (ext_we && !busy)), .wj(bv ? wj : ext_waddr), .wdj(bv ? ba : ext_wdata),
                .wek(bv || (ext_we1 && !busy)), .wk(bv ? wk : ext_waddr ^ 8'd1), .wdk(bv ? bb : ext_wdata1));
            wire unused_two = ^{qj2, qk2, bv2, ba2, bb2, wj2, wk2, zr2, wbj, wbk, wbj2, wbk2, sv_q, slast_q,
                                sinv_q, sj_q, sk_q, sj2_q, sk2_q, szi_q, szi2_q, pa0, pa1, pa2, pa3};
        end
    endgenerate
    assign ext_rdata = qj;
    assign ext_rdata1 = qk;

    always @(posedge clk) begin
        if (rst) begin
            busy <= 1'b0;
            done <= 1'b0;
        end else begin
            done <= wlast;
            if (start && !busy) busy <= 1'b1;
            else if (wlast) busy <= 1'b0;
        end
    end
endmodule
`default_nettype wire

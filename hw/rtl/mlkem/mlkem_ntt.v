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
// (mlkem_polymem4): 455 clocks from start to done (448 clocks of butterflies + the same 7).
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

    // memory read and zetas
    wire [11:0] qj, qk, qj2, qk2;
    reg  [11:0] zr, zr2;
    reg         rv, rlast, rinv;
    reg  [7:0]  rj, rk, rj2, rk2;
    always @(posedge clk) begin
        zr    <= mlkem_zeta(azi);
        zr2   <= mlkem_zeta(azi2);
        rv    <= rst ? 1'b0 : av;
        rlast <= rst ? 1'b0 : av && alast;
        rinv  <= ainv;
        rj    <= aj;
        rk    <= ak;
        rj2   <= aj2;
        rk2   <= ak2;
    end

    // butterflies; the addresses and the last flag travel beside them
    wire        bv, bv2;
    wire [11:0] ba, bb, ba2, bb2;
    mlkem_butterfly u_bf (.clk(clk), .rst(rst), .in_valid(rv), .inv(rinv), .a(qj), .b(qk), .zeta(zr),
                          .out_valid(bv), .a_out(ba), .b_out(bb));
    reg [8*BF_LAT-1:0] dj, dk, dj2, dk2;   // shift registers, the oldest in the top byte
    reg [BF_LAT-1:0]   dlast;
    always @(posedge clk) begin
        dj    <= {dj[8*BF_LAT-9:0], rj};
        dk    <= {dk[8*BF_LAT-9:0], rk};
        dj2   <= {dj2[8*BF_LAT-9:0], rj2};
        dk2   <= {dk2[8*BF_LAT-9:0], rk2};
        dlast <= rst ? {BF_LAT{1'b0}} : {dlast[BF_LAT-2:0], rlast};
    end
    wire [7:0] wj  = dj[8*BF_LAT-1 -: 8];
    wire [7:0] wk  = dk[8*BF_LAT-1 -: 8];
    wire [7:0] wj2 = dj2[8*BF_LAT-1 -: 8];
    wire [7:0] wk2 = dk2[8*BF_LAT-1 -: 8];
    wire wlast = dlast[BF_LAT-1] && bv;

    generate
        if (BF == 2) begin : g_two
            mlkem_butterfly u_bf2 (.clk(clk), .rst(rst), .in_valid(rv), .inv(rinv), .a(qj2), .b(qk2), .zeta(zr2),
                                   .out_valid(bv2), .a_out(ba2), .b_out(bb2));
            // idle: one coefficient, the other three read ports on the other three banks
            mlkem_polymem4 u_mem (.clk(clk),
                .r0(busy ? aj : ext_raddr), .r1(busy ? ak : ext_raddr ^ 8'd1),
                .r2(busy ? aj2 : ext_raddr ^ 8'd128), .r3(busy ? ak2 : ext_raddr ^ 8'd129),
                .q0(qj), .q1(qk), .q2(qj2), .q3(qk2),
                .we0(bv || (ext_we && !busy)), .we1(bv || (ext_we1 && !busy)), .we2(bv), .we3(bv),
                .w0(bv ? wj : ext_waddr), .w1(bv ? wk : ext_waddr ^ 8'd1), .w2(wj2), .w3(wk2),
                .wd0(bv ? ba : ext_wdata), .wd1(bv ? bb : ext_wdata1), .wd2(ba2), .wd3(bb2));
            wire unused_bv2 = bv2;   // in step with bv
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
            wire unused_two = ^{qj2, qk2, bv2, ba2, bb2, wj2, wk2, zr2};
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

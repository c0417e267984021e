// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_ntt - NTT (FIPS 203 Alg. 9) and inverse NTT (Alg. 10, its final multiplication by
// 128^-1 = 3303 included) of the polynomial in its own memory, one butterfly per clock.
//
// A `start` while idle transforms the polynomial in place: forward (inv = 0; coefficients in
// standard order in, the NTT in FIPS 203's order out) or inverse (inv = 1). `busy` is high from
// the clock after start until `done`, a one-clock pulse in the first clock the memory holds
// the whole result: 903 clocks after the clock edge that takes start (896 butterflies with no
// gap between layers, and the pipeline: schedule 1, memory read 1, butterfly 5; the edge that
// writes the last pair raises done).
// While idle, the port ext_* reads and writes the memory one coefficient per clock
// (ext_rdata is coefficient ext_raddr of the clock before); writes while busy are ignored.
//
//   mlkem_ntt_agen (the pairs and zeta indices) -> mlkem_polymem (two banks, each butterfly's
//   two coefficients in different banks) and the zeta ROM (mlkem_zetas.vh) -> mlkem_butterfly
//   (Cooley-Tukey or Gentleman-Sande with halving) -> written back to the same two addresses.
// Only one butterfly per clock is built; two per clock (a 4-bank layout) is not yet.
`default_nettype none
module mlkem_ntt (
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
    output wire [11:0] ext_rdata
);
    `include "mlkem_zetas.vh"
    localparam integer BF_LAT = 5;

    // schedule
    wire       av, alast, ainv;
    wire [7:0] aj, ak;
    wire [6:0] azi;
    mlkem_ntt_agen u_agen (.clk(clk), .rst(rst), .start(start && !busy), .inv(inv), .valid(av),
                           .last(alast), .inv_out(ainv), .j(aj), .k(ak), .zi(azi));

    // memory read and zeta
    wire [11:0] qj, qk;
    reg  [11:0] zr;
    reg         rv, rlast, rinv;
    reg  [7:0]  rj, rk;
    always @(posedge clk) begin
        zr    <= mlkem_zeta(azi);
        rv    <= rst ? 1'b0 : av;
        rlast <= rst ? 1'b0 : av && alast;
        rinv  <= ainv;
        rj    <= aj;
        rk    <= ak;
    end

    // butterfly; the addresses and the last flag travel beside it
    wire        bv;
    wire [11:0] ba, bb;
    mlkem_butterfly u_bf (.clk(clk), .rst(rst), .in_valid(rv), .inv(rinv), .a(qj), .b(qk), .zeta(zr),
                          .out_valid(bv), .a_out(ba), .b_out(bb));
    reg [8*BF_LAT-1:0] dj, dk;   // shift registers, the oldest in the top byte
    reg [BF_LAT-1:0]   dlast;
    always @(posedge clk) begin
        dj    <= {dj[8*BF_LAT-9:0], rj};
        dk    <= {dk[8*BF_LAT-9:0], rk};
        dlast <= rst ? {BF_LAT{1'b0}} : {dlast[BF_LAT-2:0], rlast};
    end
    wire [7:0] wj = dj[8*BF_LAT-1 -: 8];
    wire [7:0] wk = dk[8*BF_LAT-1 -: 8];
    wire wlast = dlast[BF_LAT-1] && bv;

    mlkem_polymem u_mem (.clk(clk),
        .rj(busy ? aj : ext_raddr), .rk(busy ? ak : ext_raddr ^ 8'd1), .qj(qj), .qk(qk),
        .wej(bv || (ext_we && !busy)), .wj(bv ? wj : ext_waddr), .wdj(bv ? ba : ext_wdata),
        .wek(bv), .wk(wk), .wdk(bb));
    assign ext_rdata = qj;

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

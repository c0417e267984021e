// SPDX-License-Identifier: Apache-2.0 OR MIT
// tb_mlkem_bytecode - the cocotb top of test_mlkem_bytecode.py: mlkem_byteenc and mlkem_bytedec
// side by side, each on its own ports (enc_*, dec_*).
`default_nettype none
module tb_mlkem_bytecode (
    input  wire        clk,
    input  wire        rst,
    input  wire [3:0]  enc_d,
    input  wire        enc_in_valid,
    output wire        enc_in_ready,
    input  wire [11:0] enc_in_coef,
    input  wire        enc_in_two,
    input  wire [11:0] enc_in_coef1,
    output wire        enc_out_valid,
    input  wire        enc_out_ready,
    output wire [63:0] enc_out_data,
    input  wire [3:0]  dec_d,
    input  wire        dec_two,
    input  wire        dec_in_valid,
    output wire        dec_in_ready,
    input  wire [63:0] dec_in_data,
    output wire        dec_out_valid,
    input  wire        dec_out_ready,
    output wire [11:0] dec_out_coef,
    output wire        dec_out_bad,
    output wire [11:0] dec_out_coef1,
    output wire        dec_out_bad1
);
    mlkem_byteenc u_enc (.clk(clk), .rst(rst), .d(enc_d), .in_valid(enc_in_valid), .in_ready(enc_in_ready),
                         .in_coef(enc_in_coef), .in_two(enc_in_two), .in_coef1(enc_in_coef1), .out_valid(enc_out_valid), .out_ready(enc_out_ready),
                         .out_data(enc_out_data));
    mlkem_bytedec u_dec (.clk(clk), .rst(rst), .d(dec_d), .two(dec_two), .in_valid(dec_in_valid), .in_ready(dec_in_ready),
                         .in_data(dec_in_data), .out_valid(dec_out_valid), .out_ready(dec_out_ready),
                         .out_coef(dec_out_coef), .out_bad(dec_out_bad),
                         .out_coef1(dec_out_coef1), .out_bad1(dec_out_bad1));
endmodule
`default_nettype wire

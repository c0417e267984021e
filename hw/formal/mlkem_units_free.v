// SPDX-License-Identifier: Apache-2.0 OR MIT
// Formal stand-ins for mlkem_top's sub-units (mlkem_top_hs.sby): every data output free each
// clock, so the sequencer's handshakes are proven whatever the units compute.
//   mlkem_hash_top, mlkem_ntt, mlkem_bytedec: every output free (valid, ready, last, done...); the
//     rules the real units keep are assumed by the harness, which tracks their state (see there);
//   mlkem_basemul (7 clocks), mlkem_addsub (1), mlkem_compress (3), mlkem_decompress (2): fixed
//     latency pipelines, as the real ones: out_valid is in_valid that many clocks later (cleared by
//     rst), the data free. mlkem_byteenc is the real one (its in_ready is what is checked).
`default_nettype none
module mlkem_hash_top #(
    parameter integer RPC = 1
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         cmd_valid,
    output wire         cmd_ready,
    input  wire [2:0]   cmd_op,
    output wire         cmd_err,
    input  wire [63:0]  in_data,
    input  wire [7:0]   in_keep,
    input  wire         in_last,
    input  wire         in_valid,
    output wire         in_ready,
    output wire [63:0]  hash_data,
    output wire [7:0]   hash_keep,
    output wire         hash_last,
    output wire         hash_valid,
    input  wire         hash_ready,
    output wire [191:0] coef_data,
    output wire [4:0]   coef_cnt,
    output wire         coef_last,
    output wire         coef_valid,
    input  wire         coef_ready
);
    (* anyseq *) wire f_cmd_ready, f_cmd_err, f_in_ready, f_hash_last, f_hash_valid, f_coef_last, f_coef_valid;
    (* anyseq *) wire [63:0] f_hash_data;
    (* anyseq *) wire [7:0] f_hash_keep;
    (* anyseq *) wire [191:0] f_coef_data;
    (* anyseq *) wire [4:0] f_coef_cnt;
    assign cmd_ready = f_cmd_ready;
    assign cmd_err = f_cmd_err;
    assign in_ready = f_in_ready;
    assign hash_data = f_hash_data;
    assign hash_keep = f_hash_keep;
    assign hash_last = f_hash_last;
    assign hash_valid = f_hash_valid;
    assign coef_data = f_coef_data;
    assign coef_cnt = f_coef_cnt;
    assign coef_last = f_coef_last;
    assign coef_valid = f_coef_valid;
    wire unused = ^{clk, rst, cmd_valid, cmd_op, in_data, in_keep, in_last, in_valid, hash_ready, coef_ready, RPC[0]};
endmodule

module mlkem_ntt #(
    parameter integer BF = 1
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    input  wire        inv,
    output wire        busy,
    output wire        done,
    input  wire        ext_we,
    input  wire [7:0]  ext_waddr,
    input  wire [11:0] ext_wdata,
    input  wire [7:0]  ext_raddr,
    output wire [11:0] ext_rdata,
    input  wire        ext_we1,
    input  wire [11:0] ext_wdata1,
    output wire [11:0] ext_rdata1
);
    (* anyseq *) wire f_busy, f_done;
    (* anyseq *) wire [11:0] f_rdata, f_rdata1;
    assign busy = f_busy;
    assign done = f_done;
    assign ext_rdata = f_rdata;
    assign ext_rdata1 = f_rdata1;
    wire unused = ^{clk, rst, start, inv, ext_we, ext_waddr, ext_wdata, ext_raddr, ext_we1, ext_wdata1, BF[0]};
endmodule

module mlkem_bytedec (
    input  wire        clk,
    input  wire        rst,
    input  wire [3:0]  d,
    input  wire        two,
    input  wire        in_valid,
    output wire        in_ready,
    input  wire [63:0] in_data,
    output wire        out_valid,
    input  wire        out_ready,
    output wire [11:0] out_coef,
    output wire        out_bad,
    output wire [11:0] out_coef1,
    output wire        out_bad1
);
    (* anyseq *) wire f_in_ready, f_out_valid, f_bad, f_bad1;
    (* anyseq *) wire [11:0] f_coef, f_coef1;
    assign in_ready = f_in_ready;
    assign out_valid = f_out_valid;
    assign out_coef = f_coef;
    assign out_bad = f_bad;
    assign out_coef1 = f_coef1;
    assign out_bad1 = f_bad1;
    wire unused = ^{clk, rst, d, two, in_valid, in_data, out_ready};
endmodule

// a fixed-latency pipeline with free data (the arithmetic units)
module mlkem_free_pipe #(
    parameter integer LAT = 1
) (
    input  wire clk,
    input  wire rst,
    input  wire in_valid,
    output wire out_valid
);
    reg [LAT:0] v;
    always @(posedge clk) v <= rst ? {(LAT+1){1'b0}} : {v[LAT-1:0], in_valid};
    assign out_valid = v[LAT-1];
    wire unused = v[LAT];
endmodule

module mlkem_basemul (
    input  wire        clk,
    input  wire        rst,
    input  wire        in_valid,
    input  wire [6:0]  pair,
    input  wire [11:0] a0,
    input  wire [11:0] a1,
    input  wire [11:0] b0,
    input  wire [11:0] b1,
    input  wire        acc,
    input  wire [11:0] c0_in,
    input  wire [11:0] c1_in,
    output wire        out_valid,
    output wire [11:0] c0,
    output wire [11:0] c1
);
    mlkem_free_pipe #(.LAT(7)) u_p (.clk(clk), .rst(rst), .in_valid(in_valid), .out_valid(out_valid));
    (* anyseq *) wire [11:0] f_c0, f_c1;
    assign c0 = f_c0;
    assign c1 = f_c1;
    wire unused = ^{pair, a0, a1, b0, b1, acc, c0_in, c1_in};
endmodule

module mlkem_addsub (
    input  wire        clk,
    input  wire        rst,
    input  wire        in_valid,
    input  wire        sub,
    input  wire [11:0] a,
    input  wire [11:0] b,
    output wire        out_valid,
    output wire [11:0] c
);
    mlkem_free_pipe #(.LAT(1)) u_p (.clk(clk), .rst(rst), .in_valid(in_valid), .out_valid(out_valid));
    (* anyseq *) wire [11:0] f_c;
    assign c = f_c;
    wire unused = ^{sub, a, b};
endmodule

module mlkem_compress (
    input  wire        clk,
    input  wire        rst,
    input  wire        in_valid,
    input  wire [3:0]  d,
    input  wire [11:0] x,
    output wire        out_valid,
    output wire [10:0] y
);
    mlkem_free_pipe #(.LAT(3)) u_p (.clk(clk), .rst(rst), .in_valid(in_valid), .out_valid(out_valid));
    (* anyseq *) wire [10:0] f_y;
    assign y = f_y;
    wire unused = ^{d, x};
endmodule

module mlkem_decompress (
    input  wire        clk,
    input  wire        rst,
    input  wire        in_valid,
    input  wire [3:0]  d,
    input  wire [10:0] y,
    output wire        out_valid,
    output wire [11:0] x
);
    mlkem_free_pipe #(.LAT(2)) u_p (.clk(clk), .rst(rst), .in_valid(in_valid), .out_valid(out_valid));
    (* anyseq *) wire [11:0] f_x;
    assign x = f_x;
    wire unused = ^{d, y};
endmodule
`default_nettype wire

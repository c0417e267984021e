// SPDX-License-Identifier: Apache-2.0 OR MIT
// Formal stand-in for mlkem_sampler (hash_top_q.sby): every output free each clock, so the hash
// unit's queue and stop are proven whatever the sampler does (its own proof is sampler.sby). The
// one rule a real sampler keeps, fin_ntt only while a SampleNTT polynomial (the XOF) is the
// queue's head, is assumed by the harness, which can see the queue.
module mlkem_sampler (
    input  wire         clk,
    input  wire         rst,
    input  wire [1:0]   kind,
    input  wire [63:0]  in_data,
    input  wire         in_valid,
    output wire         in_ready,
    output wire         fin_ntt,
    output wire [191:0] out_coef,
    output wire [4:0]   out_cnt,
    output wire         out_last,
    output wire         out_valid,
    input  wire         out_ready
);
    (* anyseq *) wire f_in_ready, f_fin, f_last, f_valid;
    (* anyseq *) wire [191:0] f_coef;
    (* anyseq *) wire [4:0] f_cnt;
    assign in_ready = f_in_ready;
    assign fin_ntt = f_fin;
    assign out_coef = f_coef;
    assign out_cnt = f_cnt;
    assign out_last = f_last;
    assign out_valid = f_valid;
    wire unused = ^{clk, rst, kind, in_data, in_valid, out_ready};
endmodule

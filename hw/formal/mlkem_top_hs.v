// SPDX-License-Identifier: Apache-2.0 OR MIT
// Harness for mlkem_top_hs.sby: the handshakes between mlkem_top's sequencer and its sub-units,
// proven for all depths (k-induction) on the whole mlkem_top with the sub-units replaced by
// stand-ins (mlkem_units_free.v) and the memories cut (their read data free: .sby's cutpoint),
// for any instruction in the instruction register (the program is not assumed, except where
// said). The sequencer is read through hk_* wires the .sby script connects to the flattened
// design (u.*); nothing is added to the RTL.
//
// Rules the real units keep, assumed here of the stand-ins:
//   hash unit: an output beat (hash or coefficient port) only while an operation is in flight
//     (its command taken, its last beat not yet) and its message complete (in_last taken);
//     in_ready only while that message is open (hash_top_q.sby proves this of mlkem_hash_top with
//     its sampler free; the coefficient port's beats rest on the sampler's own proof, sampler.sby).
//   NTT: done only while a transform runs (started while idle), once; and it answers: done at most
//     NMAX clocks after its start (903 clocks at BF = 1, 456 at BF = 2, so NMAX = 1000). The
//     programs never start the NTT while it runs (gen_mlkem_prog.py's NTT ... NTTU pairs), and a
//     HASH streaming into the base multiplication (f3) is an XOF: both assumed of the instructions.
// Proven:
//   hash command: one command beat per HASH instruction, never a second while an operation is in
//     flight; a command offered and not taken is offered again (until ZEROIZE);
//   hash input stream (the word reader's four-word FIFO, also feeding ByteDecode): no word taken
//     from an empty FIFO, no overflow, the words leave in the order they were read (a shadow
//     FIFO of sequence numbers), a word offered and not taken is offered again with the same
//     keep / last; the word with in_last is the instruction's last (nothing read after it);
//   hash output: a coefficient beat is taken only when the beat register's lanes are used up (none
//     overwritten); an operation's outputs all arrive within its own HASH instruction: no operation
//     in flight and no message open at any instruction fetch (no beat left for a later one);
//   ByteEncode: its in_ready is high whenever compress offers a pair (the sequencer does not look
//     at in_ready: a refused pair would be lost); the real mlkem_byteenc;
//   liveness (bounded): a HASH instruction ends at most 16 clocks after its operation's last beat
//     (the beat's lanes written, or the base multiplication's pipeline drained for a streaming XOF)
//     ... and an NTTU waiting for the transform leaves its wait at most NMAX + 1 clocks after the
//     transform's start: the sequencer never waits for ever on a unit that answers.
`default_nettype none
module mlkem_top_hs #(
    parameter integer NMAX = 1000
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    input  wire [1:0]  op_sel,
    input  wire [2:0]  k_sel,
    input  wire        host_we,
    input  wire [9:0]  host_addr,
    input  wire [63:0] host_wdata,
    input  wire        zero_start,
    input  wire [9:0]  keep0_lo,
    input  wire [9:0]  keep0_hi,
    input  wire [9:0]  keep1_lo,
    input  wire [9:0]  keep1_hi,
    output wire        busy,
    output wire        done,
    output wire        zeroing
);
    /* verilator lint_off PINCONNECTEMPTY */
    mlkem_top #(.RPC(1), .BF(2)) u (
        .clk(clk), .rst(rst), .start(start), .op_sel(op_sel), .k_sel(k_sel), .busy(busy), .done(done),
        .status(), .clocks(), .host_we(host_we), .host_addr(host_addr), .host_wdata(host_wdata), .host_rdata(),
        .zero_start(zero_start), .keep0_lo(keep0_lo), .keep0_hi(keep0_hi), .keep1_lo(keep1_lo),
        .keep1_hi(keep1_hi), .zeroing(zeroing)
    );
    /* verilator lint_on PINCONNECTEMPTY */
    localparam [1:0] S_IDLE = 2'd0, S_FETCH = 2'd1, S_EXEC = 2'd2, S_ZERO = 2'd3;
    localparam [3:0] I_HASH = 4'd1, I_NTT = 4'd2, I_BMUL = 4'd3, I_ENC = 4'd5, I_DEC = 4'd6, I_NTTU = 4'd11;
    // the sequencer (connected by the .sby script)
    wire [1:0] hk_st, hk_ph, hk_rseg, hk_fq_rd, hk_fq_wr;
    wire [79:0] hk_ins;
    wire [2:0] hk_fq_n;
    wire [4:0] hk_cb_rem, hk_coef_cnt;
    wire [9:0] hk_wcnt, hk_rcnt;
    wire hk_h_cmd_sent, hk_cmd_ready, hk_in_ready, hk_f_if, hk_f_if_last, hk_r_issue, hk_r_last, hk_fq_pop,
         hk_fq_v, hk_head_last, hk_cb_v, hk_cb_last, hk_cb_end, hk_coef_valid, hk_coef_ready, hk_coef_last,
         hk_hash_valid, hk_hash_last, hk_fin, hk_n_start, hk_n_done, hk_n_run, hk_urst, hk_cp_ov, hk_be_in_ready,
         hk_xs, hk_xv, hk_bm_ov, hk_bd_in_ready;
    wire [7:0] hk_head_keep;
    wire [3:0] hk_fql;       // the FIFO's last flags
    // ... its entries and imm flags, and the head registers (fq_hd*: a copy of entry fq_rd)
    wire [63:0] hk_fqd0, hk_fqd1, hk_fqd2, hk_fqd3, hk_head_data;
    wire [7:0]  hk_fqk0, hk_fqk1, hk_fqk2, hk_fqk3;
    wire [3:0]  hk_fqi;
    wire [7:0] hk_bm_v;      // the base multiplication's pipeline (stand-in: valid bits)
    wire [9:0] hk_cnt;
    wire       hk_rv;
    wire       hk_bm_in;     // the base multiplication's in_valid
    wire [11:0] hk_opx;      // the op being executed, one-hot (the units' handshakes gate on it)
    wire       hk_x_dec_d;   // the decoder's copy of opx[I_DEC]
    wire       hk_dec_v;     // the decoder's in_valid, a register made a clock ahead
    wire       hk_cr_q, hk_cb_ok;   // coef_ready's register (made a clock ahead) and what it stands for
    wire       hk_w_last, hk_rc_last;   // the ends made a clock ahead (wcnt == 127, rcnt == 127)
    wire       hk_cb_two_q, hk_cb_le2_q;  // cb_rem >= 2, cb_rem <= 2 as registers
    wire       hk_hd_ram, hk_f_if2_imm;   // the head's pick of the RAM word as a register
    // the word reader's second read stage (brq): a word issued two clocks before, written to the
    // FIFO from there
    wire       hk_f_if2, hk_f_if2_last;
    // the register stages between the memory reads and the units (rv2, xv2; rv3, xv3), those the
    // unit has: run.py connects these to them, the others to 0 (mlkem_top_hs_hooks.ys)
    wire       hk_rv2, hk_xv2, hk_rv3, hk_xv3;
    wire [3:0] i_op = hk_ins[3:0];
    wire exec = hk_st == S_EXEC;
    wire hash = exec && i_op == I_HASH;

    reg f_init = 1'b1;
    always @(posedge clk) f_init <= 1'b0;
    always @* if (f_init) assume(rst);
    // ---- proven: opx is the decode of the instruction register in S_EXEC, zero elsewhere, so the
    // rules below (written with exec and i_op) are about what the units see
    always @* if (!f_init) assert(hk_opx == (exec ? 12'd1 << i_op : 12'd0));
    // ... and the decoder's copy of its DEC bit equals it
    always @* if (!f_init) assert(hk_x_dec_d == hk_opx[I_DEC]);
    // ... and the decoder's in_valid register is that bit and a word in the FIFO
    always @* if (!f_init) assert(hk_dec_v == (hk_x_dec_d && hk_fq_v));
    // ... and coef_ready's register is cb_ok && (!cb_v || (cb_end && !cb_last))
    always @* if (!f_init) assert(hk_cr_q == (hk_cb_ok && (!hk_cb_v || (hk_cb_end && !hk_cb_last))));
    // ... and the word reader head's pick (hd_ram, made a clock ahead) is fq_n <= 1 && !f_if2_imm
    always @* if (!f_init) assert(hk_hd_ram == (!hk_fq_n[2] && !hk_fq_n[1] && !hk_f_if2_imm));
    // ---- proven: the end flags made a clock ahead are the compares they stand for (BMUL's
    // 128th product pair, a streaming XOF's), so the instructions end where the counts say
    always @* if (!f_init) begin
        if (exec && i_op == I_BMUL) assert(hk_w_last == (hk_wcnt == 10'd127));
        if (hash && hk_xs) assert(hk_rc_last == (hk_rcnt == 10'd127));
        if (hk_cb_v) assert(hk_cb_two_q == (hk_cb_rem >= 5'd2) && hk_cb_le2_q == (hk_cb_rem <= 5'd2));
    end

    // ---- the hash unit's rules (tracked here, assumed of the stand-in)
    wire cmd_beat  = hash && !hk_h_cmd_sent && hk_cmd_ready;
    wire in_valid  = hash && hk_fq_v;
    wire in_beat   = in_valid && hk_in_ready;
    wire hash_beat = hk_hash_valid && hash;                  // hash_ready = exec && HASH
    wire coef_beat = hk_coef_valid && hk_coef_ready;
    wire last_beat = (hash_beat && hk_hash_last) || (coef_beat && hk_coef_last);
    reg f_hop, f_hmsg;   // an operation in flight; its message open
    reg f_hport;         // ... its output goes to the hash port (G, H, J), else the samplers'
    reg [8:0] f_coefs;   // ... coefficients given so far (a sampler's operation)
    always @(posedge clk) begin
        if (hk_urst) begin f_hop <= 1'b0; f_hmsg <= 1'b0; end
        else begin
            if (coef_beat) f_coefs <= f_coefs + {4'd0, hk_coef_cnt};
            if (cmd_beat) begin f_hop <= 1'b1; f_hmsg <= 1'b1; f_hport <= hk_ins[74:72] <= 3'd2; f_coefs <= 9'd0; end
            if (last_beat) f_hop <= 1'b0;
            if (in_beat && hk_head_last) f_hmsg <= 1'b0;
        end
    end
    always @* if (!f_init) begin
        if (hk_hash_valid || hk_coef_valid) assume(f_hop && !f_hmsg && !cmd_beat);
        if (hk_hash_valid) assume(f_hport);
        // a sampler's beat: at most 16 coefficients, 256 in all, the last beat completing them
        if (hk_coef_valid) assume(!f_hport && hk_coef_cnt <= 5'd16 && hk_coef_cnt != 5'd0 &&
                                  {1'b0, f_coefs} + {5'd0, hk_coef_cnt} <= 10'd256 &&
                                  hk_coef_last == ({1'b0, f_coefs} + {5'd0, hk_coef_cnt} == 10'd256));
        if (hk_in_ready) assume(f_hmsg);
    end
    // ---- the NTT's rules
    reg f_nrun;          // a transform runs in the unit
    reg [10:0] f_nage;   // clocks since its start
    wire n_go = hk_n_start && !f_nrun;
    always @(posedge clk) begin
        if (hk_urst) f_nrun <= 1'b0;
        else if (n_go) begin f_nrun <= 1'b1; f_nage <= 11'd1; end
        else if (hk_n_done) f_nrun <= 1'b0;
        else if (f_nrun) f_nage <= f_nage + 11'd1;
    end
    always @* if (!f_init) begin
        if (hk_n_done) assume(f_nrun);
        if (f_nrun) assume(f_nage <= NMAX[10:0] && (f_nage != NMAX[10:0] || hk_n_done));
        if (hk_n_start) assume(!f_nrun);     // the programs' rule
        if (exec && i_op == I_HASH && hk_ins[75]) assume(hk_ins[74:72] == 3'd5);  // (f3) streams only an XOF
    end

    // ---- proven: the command
    reg f_ncmd;          // a command beat in this instruction
    always @(posedge clk) begin
        if (hk_st == S_FETCH || rst) f_ncmd <= 1'b0;
        else if (cmd_beat) f_ncmd <= 1'b1;
    end
    always @* if (!f_init) begin
        if (cmd_beat) assert(!f_ncmd && !f_hop);
        if (hash) assert(hk_h_cmd_sent == f_ncmd);
        if (!hash && !hk_urst) assert(!f_hop && !f_hmsg);
        if (f_hop && !hk_urst) assert(hash && f_ncmd);
        if ((hk_st == S_FETCH || hk_st == S_IDLE) && !hk_urst) assert(!f_hop && !f_hmsg);
    end
    always @(posedge clk) if (!f_init && !$past(rst) && !$past(zero_start))
        if ($past(hash && !hk_h_cmd_sent && !hk_cmd_ready)) assert(hash && !hk_h_cmd_sent);

    // ---- proven: the word reader's FIFO (HASH input, DEC)
    reg [9:0] f_seq [0:3];
    reg [9:0] f_nrd, f_npop;
    always @(posedge clk) begin
        if (hk_st == S_FETCH) begin f_nrd <= 10'd0; f_npop <= 10'd0; end
        else if (exec) begin
            if (hk_f_if2) begin f_seq[hk_fq_wr] <= f_nrd; f_nrd <= f_nrd + 10'd1; end
            if (hk_fq_pop) f_npop <= f_npop + 10'd1;
        end
    end
    always @* if (!f_init && exec && (i_op == I_HASH || i_op == I_DEC)) begin
        assert({1'b0, hk_fq_n} + {3'd0, hk_f_if} + {3'd0, hk_f_if2} <= 4'd4);
        assert(hk_fq_wr == hk_fq_rd + hk_fq_n[1:0]);
        assert({7'd0, hk_fq_n} == f_nrd - f_npop);
        if (hk_fq_pop) assert(hk_fq_v && f_seq[hk_fq_rd] == f_npop);
        // the last word is the last one read
        if (hk_fq_v && hk_head_last) assert(hk_fq_n == 3'd1 && !hk_f_if && !hk_f_if2 && hk_rseg == 2'd3);
        if (hk_f_if) assert(hk_f_if_last == (hk_rseg == 2'd3));
        if (hk_f_if2) assert(hk_f_if2_last == (hk_rseg == 2'd3 && !hk_f_if));
        // the head registers are entry fq_rd, its imm word put in
        if (hk_fq_v) assert(hk_head_last == hk_fql[hk_fq_rd] && hk_head_keep == f_hk &&
                            hk_head_data == (hk_fqi[hk_fq_rd] ? {48'd0, hk_ins[69:54]} : f_hd));
    end
    wire [63:0] f_hd = hk_fq_rd == 2'd0 ? hk_fqd0 : hk_fq_rd == 2'd1 ? hk_fqd1 : hk_fq_rd == 2'd2 ? hk_fqd2 : hk_fqd3;
    wire [7:0]  f_hk = hk_fq_rd == 2'd0 ? hk_fqk0 : hk_fq_rd == 2'd1 ? hk_fqk1 : hk_fq_rd == 2'd2 ? hk_fqk2 : hk_fqk3;
    // every word held: its sequence number, and a last word is the youngest and nothing follows it
    genvar gj;
    generate for (gj = 0; gj < 4; gj = gj + 1) begin : g_fq
        localparam [9:0] GJ = gj;
        wire [1:0] idx = hk_fq_rd + GJ[1:0];
        always @* if (!f_init && exec && (i_op == I_HASH || i_op == I_DEC) && gj < hk_fq_n) begin
            assert(f_seq[idx] == f_npop + GJ);
            if (hk_fql[idx]) assert(gj == hk_fq_n - 3'd1 && !hk_f_if && !hk_f_if2 && hk_rseg == 2'd3);
        end
    end endgenerate
    always @(posedge clk) if (!f_init && !$past(rst) && !$past(zero_start) && $past(exec) && exec)
        if ($past(hash && hk_fq_v && !hk_in_ready))
            assert(hk_fq_v && f_seq[hk_fq_rd] == $past(f_seq[hk_fq_rd]) && hk_head_last == $past(hk_head_last) &&
                   hk_head_keep == $past(hk_head_keep));

    // ---- proven: coefficient beats never overwrite unused lanes
    always @* if (!f_init) begin
        if (coef_beat) assert(hash && (!hk_cb_v || hk_cb_end));
        if (hk_cb_v) assert(hash);
    end

    // ---- the lanes and the base multiplication's pipeline: an operation's coefficients all reach
    // the instruction (a streaming XOF's end, the 128th product, comes after its 256th coefficient)
    reg [7:0] f_pi;      // streaming XOF: pairs issued to the base multiplication
    reg [7:0] f_bmin;    // BMUL: pairs fed to the base multiplication
    always @(posedge clk) begin
        if (hk_st == S_FETCH) begin f_pi <= 8'd0; f_bmin <= 8'd0; end
        else if (exec) begin
            if (hash && hk_xs && hk_cb_v && (hk_wcnt[0] || hk_cb_rem >= 5'd2)) f_pi <= f_pi + 8'd1;
            if (i_op == I_BMUL && hk_bm_in) f_bmin <= f_bmin + 8'd1;
        end
    end
    wire [3:0] f_inpipe = hk_bm_v[0] + hk_bm_v[1] + hk_bm_v[2] + hk_bm_v[3] + hk_bm_v[4] + hk_bm_v[5] + hk_bm_v[6];
    always @* if (!f_init) begin
        if (hk_cb_v) assert(hk_cb_rem != 5'd0 && !f_hmsg && f_hop == !hk_cb_last);
        if (f_hmsg) assert(f_hop);
        if (hash && !f_ncmd) assert(hk_wcnt == 10'd0 && !hk_cb_v && !hk_xv && !hk_xv2 && !hk_xv3 && f_pi == 8'd0);
        if (hash && f_ncmd) assert(f_hport == (hk_ins[74:72] <= 3'd2));
        if (hash && f_ncmd && !f_hport) assert(f_coefs <= 9'd256 && (f_coefs < 9'd256) == f_hop &&
                                                (!f_hmsg || f_coefs == 9'd0));
        if (hash && f_ncmd && !f_hport) assert({1'b0, hk_wcnt} + (hk_cb_v ? {6'd0, hk_cb_rem} : 11'd0) == {2'd0, f_coefs});
        if (hash && f_ncmd && f_hport) assert(!hk_cb_v);
        if (hash && hk_xs) assert({1'b0, f_pi} == hk_wcnt[9:1] &&
                                  {2'd0, f_pi} == hk_rcnt + {9'd0, hk_xv} + {9'd0, hk_xv2} + {9'd0, hk_xv3} + {6'd0, f_inpipe});
        if (exec && i_op == I_BMUL) assert(hk_cnt <= 10'd128 && {2'd0, f_bmin} + {9'd0, hk_rv} + {9'd0, hk_rv2} + {9'd0, hk_rv3} == hk_cnt &&
                                           {2'd0, f_bmin} == hk_wcnt + {6'd0, f_inpipe});
        if (!(hash && hk_xs) && !(exec && i_op == I_BMUL) && !hk_urst) assert(f_inpipe == 4'd0);
        if (exec && !(hash && hk_xs)) assert(!hk_xv && !hk_xv2 && !hk_xv3);
    end

    // ---- proven: ByteEncode never refuses a pair
    always @* if (!f_init && hk_cp_ov) assert(hk_be_in_ready);

    // ---- proven (bounded liveness): a HASH instruction ends soon after its last beat; NTTU's wait
    reg f_after;         // the operation's last beat has been taken
    reg [4:0] f_since;
    always @(posedge clk) begin
        if (hk_st == S_FETCH || rst || zero_start) begin f_after <= 1'b0; f_since <= 5'd0; end
        else if (last_beat && hash) begin f_after <= 1'b1; f_since <= 5'd1; end
        else if (f_after && f_since != 5'd31) f_since <= f_since + 5'd1;
    end
    // (a streaming XOF is left out: after its last beat it consumes a pair of lanes every clock and
    // the pipeline moves every clock, so its end follows from the counts above with no input)
    always @* if (!f_init && hash && f_after && !hk_xs) begin
        assert(f_since <= 5'd9);
        // the beat's lanes, two per clock: at most 8 clocks
        assert(!f_hport && hk_cb_v && hk_cb_last &&
               {1'b0, f_since} + {2'd0, hk_cb_rem[4:1]} + {5'd0, hk_cb_rem[0]} <= 6'd9);
    end
    reg [10:0] f_wait;   // clocks an NTTU has waited for the transform
    always @(posedge clk) begin
        if (exec && i_op == I_NTTU && hk_ph == 2'd0 && !zero_start && !rst) f_wait <= f_wait + 11'd1;
        else f_wait <= 11'd0;
    end
    always @* if (!f_init) begin
        if (exec && i_op == I_NTTU && hk_ph == 2'd0) begin
            assert(f_wait <= NMAX[10:0] + 11'd1);
            if (f_nrun) assert(f_wait < f_nage);    // it waits only for a transform started before
        end
        // the sequencer's view of the NTT is the NTT's (ZEROIZE: the unit is reset a clock later)
        if (!hk_urst) assert(hk_n_run == f_nrun);
    end
    // reachability (task cover): a hash-port operation ends its HASH instruction, a word with
    // in_last is taken. (A sampler's 256 coefficients, two lanes a clock, an NTTU's wait or a
    // streaming XOF's end are over 128 clocks away: beyond a cover's depth here.)
    always @(posedge clk) if (!f_init && !$past(rst)) begin
        cover($past(hash && hk_fin && f_hport && f_ncmd));
        cover(in_beat && hk_head_last);
    end
endmodule
`default_nettype wire

// SPDX-License-Identifier: Apache-2.0 OR MIT
// Harness for hash_top_q.sby: mlkem_hash_top's command stage, operation queue, output skid stage
// and XOF stop, proven for all depths (k-induction) with the round function and the sampler free
// (keccak_round_free.v, mlkem_sampler_free.v). The unit's internals are read through hk_* wires
// the .sby script connects to the flattened design (u.*); nothing is added to the RTL.
//   queue: one command, chosen freely among those taken (f_pick), is followed: it waits in the
//     stage with its operation and the sponge settings decoded from it, goes to the sponge once
//     (with exactly those settings), enters the queue behind exactly the operations taken before
//     it and still in flight, moves up one place per retired operation, is the head with the head's
//     decode (hash port / sampler kind) of its own operation, and retires once (its last output
//     word taken, or the XOF's stop); every command taken is in exactly one place until it retires.
//   back-pressure: a word offered on the hash port or to the sampler and not taken is offered
//     again, unchanged, in the next clock.
//   stop: after the XOF's stop no output word moves, the XOF leaves the queue, and the clock after
//     the stop finds the sponge idle (ready for a command, no words held anywhere, the core
//     stopped) and the skid stage empty: the next command starts clean.
//   words and operations: every operation in flight but the sponge's current one has its last
//     word among the words held; while the sponge's message still absorbs, the words held are
//     the older operation's only; with one operation in flight no output word while its input is
//     open, and input is taken only for an operation in flight (what mlkem_top_hs.sby assumes of
//     the hash port).
`default_nettype none
module hash_top_q (
    input  wire        clk,
    input  wire        rst,
    input  wire        cmd_valid,
    input  wire [2:0]  cmd_op,
    input  wire [63:0] in_data,
    input  wire [7:0]  in_keep,
    input  wire        in_last,
    input  wire        in_valid,
    input  wire        hash_ready,
    input  wire        coef_ready,
    input  wire        f_pick,
    output wire        cmd_ready,
    output wire        cmd_err,
    output wire        in_ready,
    output wire [63:0] hash_data,
    output wire [7:0]  hash_keep,
    output wire        hash_last,
    output wire        hash_valid
);
    /* verilator lint_off PINCONNECTEMPTY */
    mlkem_hash_top #(.RPC(1)) u (
        .clk(clk), .rst(rst), .cmd_valid(cmd_valid), .cmd_ready(cmd_ready), .cmd_op(cmd_op), .cmd_err(cmd_err),
        .in_data(in_data), .in_keep(in_keep), .in_last(in_last), .in_valid(in_valid), .in_ready(in_ready),
        .hash_data(hash_data), .hash_keep(hash_keep), .hash_last(hash_last), .hash_valid(hash_valid),
        .hash_ready(hash_ready), .coef_data(), .coef_cnt(), .coef_last(), .coef_valid(), .coef_ready(coef_ready)
    );
    /* verilator lint_on PINCONNECTEMPTY */
    // the unit's state (connected by the .sby script)
    wire       hk_c_v, hk_cmd_go, hk_pop, hk_xof_end, hk_fin, hk_head_hash, hk_head_samp, hk_ka_v, hk_kb_v,
               hk_k_rdy, hk_ka_last, hk_k_deq, hk_k_enq, hk_smp_valid, hk_smp_ready, hk_s_cmd_ready, hk_s_valid,
               hk_s_ready, hk_busy, hk_res_pend, hk_perm_out, hk_sq_active, hk_in_open, hk_s_a_v, hk_buf_full;
    wire [2:0] hk_c_op, hk_c_mode, hk_q0, hk_q1;
    wire [7:0] hk_c_outlen;
    wire [1:0] hk_qn, hk_kind;
    wire [3:0] hk_dq1, hk_dcop;   // the decodes of q1 and of the staged command, {hash, samp, kind}
    wire [63:0] hk_ka_data;
    // ... and the sponge's (sponge_ind.v's invariants, widened to the modes the unit uses)
    wire       hk_kb_last, hk_s_last, hk_unlimited, hk_lastblk, hk_lb_calc, hk_padq, hk_buf_final, hk_abs_start,
               hk_abs_final, hk_sq_start, hk_done, hk_olast;
    wire [4:0] hk_ocnt, hk_nr, hk_wptr, hk_rate_w;
    wire       hk_oempty;
    wire [31:0] hk_orem;
    wire       hk_s_b_v, hk_at_end, hk_a_wl, hk_a_fl, hk_b_wl, hk_b_fl, hk_in_rdy;

    localparam [2:0] OP_XOF = 3'd5;
    // the sponge settings and the head decode of an operation (FIPS 203's functions)
    function [10:0] f_mode_len(input [2:0] op);   // {mode, outlen}
        case (op)
            3'd0: f_mode_len = {3'd3, 8'd0};     // G = SHA3-512
            3'd1: f_mode_len = {3'd1, 8'd0};     // H = SHA3-256
            3'd2: f_mode_len = {3'd5, 8'd32};    // J = SHAKE256, 32 bytes
            3'd3: f_mode_len = {3'd5, 8'd128};   // PRF eta 2
            3'd4: f_mode_len = {3'd5, 8'd192};   // PRF eta 3
            default: f_mode_len = {3'd4, 8'd0};  // XOF = SHAKE128, unlimited
        endcase
    endfunction

    reg f_init = 1'b1;
    always @(posedge clk) f_init <= 1'b0;
    always @* if (f_init) assume(rst);
    // a real sampler ends a polynomial (fin_ntt) only while the XOF is the head, once per XOF
    always @* if (!f_init && hk_fin) assume(hk_qn != 2'd0 && hk_q0 == OP_XOF && hk_head_samp && hk_kind == 2'd0 &&
                                            !hk_xof_end);

    // ---- the followed command
    reg [1:0] f_st;       // 0 none (or retired), 1 in the stage, 2 in the queue
    reg       f_pos;      // its place in the queue: 0 head, 1 behind the head
    reg [2:0] f_op;
    reg       f_retired;  // it has retired (f_st went back to 0): it never comes back
    wire c_take = cmd_valid && cmd_ready && cmd_op <= OP_XOF;
    always @(posedge clk) begin
        if (rst) begin
            f_st <= 2'd0; f_retired <= 1'b0;
        end else begin
            if (f_st == 2'd0 && !f_retired && c_take && f_pick) begin f_st <= 2'd1; f_op <= cmd_op; end
            if (f_st == 2'd1 && hk_cmd_go) begin
                f_st  <= 2'd2;
                f_pos <= hk_qn[0] && !hk_pop ? 1'b1 : 1'b0;  // behind the operations still in flight
            end
            if (f_st == 2'd2 && hk_pop) begin
                if (f_pos) f_pos <= 1'b0;
                else begin f_st <= 2'd0; f_retired <= 1'b1; end
            end
        end
    end
    // the stage's command taken in this clock is not the followed one if that is still in the stage
    always @* if (!f_init) begin
        assert(f_st != 2'd3);
        assert(hk_qn <= 2'd2);
        assert(cmd_ready == !hk_c_v);
        if (f_st == 2'd1) assert(hk_c_v && hk_c_op == f_op && {hk_c_mode, hk_c_outlen} == f_mode_len(f_op));
        if (f_st == 2'd2) begin
            assert(hk_qn > {1'b0, f_pos});
            assert((f_pos ? hk_q1 : hk_q0) == f_op);
            // behind the head: it is the newest operation in flight
            if (f_pos) assert(hk_qn == 2'd2);
            // the head's decode is its own operation's
            if (!f_pos) assert(hk_head_hash == (f_op <= 3'd2) && hk_head_samp == (f_op >= 3'd3) &&
                                hk_kind == (f_op == 3'd3 ? 2'd1 : f_op == 3'd4 ? 2'd2 : 2'd0));
        end
        if (f_retired) assert(f_st == 2'd0);
        // a command still in the stage is younger than everything in the queue: the stage's
        // command goes behind the queue, never ahead of it
        // (the queue's entries are defined operations)
        if (hk_qn != 2'd0) assert(hk_q0 <= OP_XOF);
        if (hk_qn == 2'd2) assert(hk_q1 <= OP_XOF);
        // the head decode is the head's operation (any head, not only the followed one)
        assert(hk_head_hash == (hk_qn != 2'd0 && hk_q0 <= 3'd2));
        assert(hk_head_samp == (hk_qn != 2'd0 && hk_q0 >= 3'd3));
        if (hk_qn != 2'd0) assert(hk_kind == (hk_q0 == 3'd3 ? 2'd1 : hk_q0 == 3'd4 ? 2'd2 : 2'd0));
        // ... made from the decodes of q1 and of the staged command, which are theirs
        if (hk_qn == 2'd2) assert(hk_dq1 == {hk_q1 <= 3'd2, hk_q1 >= 3'd3, hk_q1 == 3'd3 ? 2'd1 : hk_q1 == 3'd4 ? 2'd2 : 2'd0});
        if (hk_c_v) assert(hk_dcop == {hk_c_op <= 3'd2, hk_c_op >= 3'd3, hk_c_op == 3'd3 ? 2'd1 : hk_c_op == 3'd4 ? 2'd2 : 2'd0});
        // output skid stage: b sits behind a; the ready to the sponge is "b free"
        if (hk_kb_v) assert(hk_ka_v);
        assert(hk_k_rdy == !hk_kb_v);
        // the XOF's end: the XOF is the head and nothing moves until the stop
        if (hk_xof_end) assert(hk_qn != 2'd0 && hk_q0 == OP_XOF && !hk_k_deq && !hk_k_enq && !hash_valid &&
                               !hk_smp_valid);
    end
    // ---- the sponge's message and the queue: the message the sponge works on is the newest
    // operation; output words (skid stage, then the sponge's output buffer) belong to the oldest
    // operations in order, each ending with its last word; an XOF never has a last word
    wire [2:0] f_newest = hk_qn == 2'd2 ? hk_q1 : hk_q0;
    wire s_act = hk_in_open || hk_s_a_v || hk_padq || hk_buf_full || hk_abs_start || hk_sq_active;
    wire [1:0] f_lasts = {1'b0, hk_ka_v && hk_ka_last} + {1'b0, hk_kb_v && hk_kb_last};
    wire s_in = hk_in_open || hk_s_a_v || hk_padq || hk_buf_full || (hk_abs_start && !hk_abs_final) ||
                ((hk_busy || hk_done) && !hk_perm_out);
    wire [2:0] f_lasts_all = {1'b0, f_lasts} + {2'b0, hk_ocnt != 5'd0 && hk_olast};  // operations ending in words held
    always @* if (!f_init) begin
        assert(hk_nr == 5'd24);
        // the stage's settings are its operation's
        if (hk_c_v) assert(hk_c_op <= OP_XOF && {hk_c_mode, hk_c_outlen} == f_mode_len(hk_c_op));
        // the sponge's input side (as in sponge_ind.v)
        assert(hk_in_rdy == (hk_in_open && !hk_s_b_v));
        assert(!(hk_s_a_v && hk_a_wl && hk_a_fl) && !(hk_s_b_v && hk_b_wl && hk_b_fl));
        if (hk_s_b_v) assert(hk_s_a_v && !hk_a_wl && !hk_a_fl);
        if (hk_in_open) assert(!(hk_s_a_v && (hk_a_wl || hk_a_fl)) && !(hk_s_b_v && (hk_b_wl || hk_b_fl)) &&
                               !hk_padq && !hk_buf_final);
        if (!hk_in_open && hk_s_b_v) assert(hk_b_wl || hk_b_fl);
        if (!hk_in_open && hk_s_a_v && !hk_s_b_v) assert(hk_a_wl || hk_a_fl);
        if (hk_padq) assert(!hk_s_a_v && !hk_in_open);
        if (!hk_buf_full) assert(hk_wptr < hk_rate_w && hk_at_end == (hk_wptr + 5'd1 == hk_rate_w));
        else assert(hk_wptr == 5'd0 && !hk_at_end);
        // the sponge's phases
        if (hk_buf_full && !hk_buf_final) assert(hk_in_open || hk_s_a_v || hk_padq);
        if (hk_abs_start && !hk_abs_final) assert(hk_in_open || hk_s_a_v || hk_padq || hk_buf_full);
        if (hk_buf_final) assert(hk_buf_full && !hk_in_open && !hk_s_a_v && !hk_padq);
        if (hk_sq_active) assert(!hk_in_open && !hk_s_a_v && !hk_padq && !hk_buf_full);
        if (hk_abs_start) assert(!hk_busy && !hk_done && !hk_res_pend && !hk_sq_start);
        if (hk_abs_start && hk_abs_final) assert(hk_sq_active && !hk_perm_out);
        if (hk_perm_out) assert(hk_sq_active && (hk_busy || hk_done || hk_res_pend || hk_sq_start));
        if (hk_res_pend) assert(hk_perm_out && !hk_busy && !hk_done && !hk_sq_start);
        if (hk_sq_start) assert(hk_perm_out && !hk_busy && !hk_done);
        if (hk_sq_active) assert(hk_perm_out || hk_abs_start);
        if (hk_busy) assert(!hk_done);
        if ((hk_busy || hk_done) && !hk_perm_out) assert(hk_in_open || hk_s_a_v || hk_padq || hk_buf_full);
        if (hk_lb_calc) assert(!hk_res_pend && !hk_done);
        if (hk_unlimited && !hk_lb_calc) assert(!hk_lastblk);
        // the sponge's message is the newest operation, with its settings
        assert(hk_oempty == (hk_ocnt == 5'd0));
        // the output length bookkeeping of the sponge's message (at most 192 bytes here)
        if (s_act && !hk_unlimited) assert(hk_orem != 32'd0 && hk_orem <= 32'd192);
        if (s_act && !hk_lb_calc) assert(hk_lastblk == (!hk_unlimited && hk_orem <= {24'd0, hk_rate_w, 3'b000}));
        // every operation in flight but the sponge's own has its last word among the words held
        if (s_act) assert(f_lasts_all + 3'd1 == {1'b0, hk_qn});
        else assert(f_lasts_all == {1'b0, hk_qn});
        if (s_act) assert(hk_qn != 2'd0 && f_lasts_all < {1'b0, hk_qn} && hk_unlimited == (f_newest == OP_XOF));
        if (hk_qn != 2'd0 && f_newest == OP_XOF) assert(s_act);
        assert(hk_rate_w == 5'd9 || hk_rate_w == 5'd17 || hk_rate_w == 5'd21);
        if (s_act) assert(hk_rate_w == (f_newest == 3'd0 ? 5'd9 : f_newest == OP_XOF ? 5'd21 : 5'd17));
        if (hk_ocnt != 5'd0) assert(f_lasts < hk_qn);
        assert(f_lasts_all <= {1'b0, hk_qn});
        if (hk_ka_v) assert(hk_qn != 2'd0);
        if (hk_ka_v && hk_ka_last && hk_kb_v) assert(hk_qn == 2'd2);  // b holds the next one's word
        // an XOF has no last word: none while it is the head, none in the buffer once the head's
        // last word is in the skid stage and the XOF is behind it
        if (hk_qn != 2'd0 && hk_q0 == OP_XOF) assert(f_lasts == 2'd0 && !(hk_ocnt != 5'd0 && hk_olast) && hk_qn == 2'd1);
        if (hk_qn == 2'd2 && hk_q1 == OP_XOF && f_lasts != 2'd0) assert(!(hk_ocnt != 5'd0 && hk_olast));
        // (what mlkem_top_hs.sby assumes of the unit) an output word only for an operation whose
        // message is complete: with one operation in flight, no output while its input is open;
        // input taken only for an operation in flight
        // the sponge's message (the newest operation) still absorbing: the words held are all the
        // older operation's, ending with its last word
        if (s_in && hk_qn == 2'd1) assert(!hk_ka_v && !hk_kb_v && hk_ocnt == 5'd0);
        if (s_in && hk_qn == 2'd2) assert(f_lasts_all == 3'd1 && !(hk_ka_v && hk_ka_last && (hk_kb_v || hk_ocnt != 5'd0)) &&
                                          !(hk_kb_v && hk_kb_last && hk_ocnt != 5'd0));
        if (hash_valid || hk_smp_valid) assert(!(hk_qn == 2'd1 && (hk_in_open || hk_s_a_v || hk_padq)));
        if (in_ready) assert(hk_qn != 2'd0 && hk_in_open);
    end
    // ---- followed command: taken once, given to the sponge once, retired once
    always @(posedge clk) if (!f_init && !$past(rst)) begin
        if ($past(f_st == 2'd1 && hk_cmd_go)) assert(f_st == 2'd2);
        // it goes to the sponge only from the stage (once): in the queue it never meets cmd_go as the stage's
        if ($past(f_st == 2'd2)) assert(f_st != 2'd1);
    end
    // ---- back-pressure: a word offered and not taken stays, unchanged
    always @(posedge clk) if (!f_init && !$past(rst)) begin
        if ($past(hash_valid && !hash_ready))
            assert(hash_valid && hash_data == $past(hash_data) && hash_keep == $past(hash_keep) &&
                   hash_last == $past(hash_last));
        if ($past(hk_smp_valid && !hk_smp_ready && !hk_fin))  // (a finished polynomial drops the surplus)
            assert(hk_smp_valid && hk_ka_data == $past(hk_ka_data));
    end
    // ---- the XOF's stop
    always @(posedge clk) if (!f_init && !$past(rst)) begin
        if ($past(hk_xof_end)) begin
            // the XOF retired (one operation fewer, unless a command went in: it cannot, the stop holds it)
            assert(hk_qn == $past(hk_qn) - 2'd1 && !$past(hk_cmd_go));
            // nothing of it is left: skid stage empty, sponge idle with no word held, core stopped
            assert(!hk_ka_v && !hk_kb_v && !hk_s_valid && hk_s_cmd_ready && !hk_busy && !hk_res_pend &&
                   !hk_perm_out && !hk_sq_active && !hk_in_open && !hk_s_a_v && !hk_buf_full);
            assert(!hash_valid && !hk_smp_valid);
        end
    end
    // reachability (task cover): the followed command retires, an XOF is stopped
    always @(posedge clk) if (!f_init && !$past(rst)) begin
        cover(f_retired && f_op == 3'd1);
        cover($past(hk_xof_end) && hk_c_v);
    end
endmodule
`default_nettype wire

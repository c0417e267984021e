// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_hash_top - every hash call of ML-KEM (FIPS 203) on one keccak_sponge, as seed 004's
// hash module: the operation register picks the function per message, and the squeeze
// stream goes either to the digest port or straight into the samplers.
//   cmd_op 0 G   = SHA3-512            -> hash port (64 bytes)
//          1 H   = SHA3-256            -> hash port (32 bytes)
//          2 J   = SHAKE256, 32 bytes  -> hash port
//          3 PRF eta 2 = SHAKE256, 128 bytes -> SamplePolyCBD_2 -> coefficient port
//          4 PRF eta 3 = SHAKE256, 192 bytes -> SamplePolyCBD_3 -> coefficient port
//          5 XOF = SHAKE128, as long as needed -> SampleNTT -> coefficient port (the squeeze
//                  stops the clock the 256th coefficient is found)
// The caller sends the message (rho||j||i, sigma||N, m||H(ek), ...) on the input stream.
// Operations are served in order; one may be issued while the previous one's last output
// words drain (at most two in flight, tracked by a two-entry queue of operations).
// An undefined operation (cmd_op 6 or 7) is answered like any other command (cmd_ready) and
// dropped, with cmd_err set until the next command is taken: a bus master never waits on it.
// cmd_err is 0 after a defined operation is taken, and after reset.
// The sponge's output words pass a two-word register stage (a skid buffer: its ready to the
// sponge is a register) before the hash port and the samplers, so neither the sampler's
// first stage nor the coefficient port's ready is in a path with the sponge's output buffer.
`default_nettype none
module mlkem_hash_top #(
    parameter integer RPC = 1
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         cmd_valid,
    output wire         cmd_ready,
    input  wire [2:0]   cmd_op,
    output reg          cmd_err,
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
    localparam [2:0] OP_G = 3'd0, OP_H = 3'd1, OP_J = 3'd2, OP_PRF2 = 3'd3, OP_PRF3 = 3'd4, OP_XOF = 3'd5;

    // operations in flight, oldest first. The head's decoded form (where its output goes,
    // which sampler) is kept in registers beside the queue, computed from the queue's next
    // value: the sampler's first stage and the output handshake then start at registers.
    reg [2:0] q0, q1;
    reg [1:0] qn;
    reg       head_hash;    // the head is G, H or J: output to the hash port
    reg       head_samp;    // the head is a PRF or the XOF: output into the sampler
    reg [1:0] kind;         // the sampler's kind for the head (0 SampleNTT, 1 CBD eta 2, 2 eta 3)
    // ... and the same decode ({hash, samp, kind}) of q1 and of the staged command (c_op), made as
    // they are loaded, so the head's decode is a pick of registers by the queue's move (ECP5
    // Fmax, issue 37: xof_end -> the sponge's cmd_ready -> cmd_go -> q0_n -> its decode -> kind
    // was 10.8 ns at 0aa7912, 8.9 of it routing)
    reg [3:0] dq1, dcop;
    function [3:0] hdec(input [2:0] op);
        hdec = {op <= OP_J, op >= OP_PRF2, op == OP_PRF2 ? 2'd1 : op == OP_PRF3 ? 2'd2 : 2'd0};
    endfunction

    // command stage: a command taken here waits in registers (c_v, c_op) with its sponge
    // settings already decoded (c_mode, c_outlen: constants per operation), and goes to the
    // sponge from there; so neither the caller's cmd_op nor its decode is in a path into the
    // sponge's registers. cmd_ready is a register (the stage is empty). An idle sponge takes
    // a command one clock later than it would straight from the port.
    wire s_cmd_ready;
    reg        c_v;
    reg  [2:0] c_op;
    reg  [2:0] c_mode;
    reg  [7:0] c_outlen;    // the XOF lengths (32, 128, 192 bytes) fit in 8 bits; 0 = unlimited
    reg  [2:0] op_mode;
    reg  [7:0] op_outlen;
    always @* begin
        case (cmd_op)
            OP_G:    begin op_mode = 3'd3; op_outlen = 8'd0; end
            OP_H:    begin op_mode = 3'd1; op_outlen = 8'd0; end
            OP_J:    begin op_mode = 3'd5; op_outlen = 8'd32; end
            OP_PRF2: begin op_mode = 3'd5; op_outlen = 8'd128; end
            OP_PRF3: begin op_mode = 3'd5; op_outlen = 8'd192; end
            default: begin op_mode = 3'd4; op_outlen = 8'd0; end  // XOF: unlimited
        endcase
    end
    // any command is taken when the stage is empty (a register: no path from cmd_op); an
    // undefined one (6, 7) is dropped there and flagged on cmd_err (it used to wait for ever)
    wire op_ok = cmd_op <= OP_XOF;
    assign cmd_ready = !c_v;
    wire c_take = cmd_valid && cmd_ready && op_ok;

    wire [63:0] s_data;
    wire [7:0]  s_keep;
    wire        s_last, s_valid, s_ready;
    // output skid stage: a is the word offered downstream, b the one behind it
    reg         k_rdy;          // a free slot, as a register
    reg         ka_v, kb_v;
    reg  [63:0] ka_data, kb_data;
    reg  [7:0]  ka_keep, kb_keep;
    reg         ka_last, kb_last;
    wire        k_ready;        // downstream takes a's word
    wire        k_enq = s_valid && s_ready;
    wire        k_deq = ka_v && k_ready;
    wire [1:0]  k_fill = {1'b0, ka_v} + {1'b0, kb_v} + {1'b0, k_enq} - {1'b0, k_deq};
    wire        smp_ready, smp_fin_ntt;
    // the XOF's polynomial is complete: stop the sponge in the next clock (registered, so the
    // sampler's count is not in the path to the sponge's buffers); nothing moves meanwhile
    reg         xof_end;
    wire        stop = xof_end;
    // the sponge takes the staged command (it becomes the queue's newest operation)
    wire        cmd_go = c_v && s_cmd_ready && qn != 2'd2 && !stop;

    keccak_sponge #(.RPC(RPC)) u_sponge (
        .clk(clk), .rst(rst),
        .cmd_valid(c_v && qn != 2'd2), .cmd_ready(s_cmd_ready),
        .cmd_mode(c_mode), .cmd_domain(8'h1F), .cmd_outlen({24'd0, c_outlen}),
        /* verilator lint_off PINCONNECTEMPTY */ .cmd_err(), /* verilator lint_on PINCONNECTEMPTY */
        .in_data(in_data), .in_keep(in_keep), .in_last(in_last), .in_valid(in_valid), .in_ready(in_ready),
        .out_data(s_data), .out_keep(s_keep), .out_last(s_last), .out_valid(s_valid), .out_ready(s_ready),
        .stop(stop)
    );

    assign s_ready    = k_rdy && !xof_end;
    assign hash_data  = ka_data;
    assign hash_keep  = ka_keep;
    assign hash_last  = ka_last;
    assign hash_valid = ka_v && head_hash;
    assign k_ready    = xof_end ? 1'b0 : head_hash ? hash_ready : head_samp ? smp_ready : 1'b0;

    mlkem_sampler u_sampler (
        .clk(clk), .rst(rst), .kind(kind),
        .in_data(ka_data), .in_valid(ka_v && head_samp && !xof_end), .in_ready(smp_ready), .fin_ntt(smp_fin_ntt),
        .out_coef(coef_data), .out_cnt(coef_cnt), .out_last(coef_last), .out_valid(coef_valid),
        .out_ready(coef_ready)
    );

    // an operation ends with its last digest word, its last PRF word, or the XOF's stop
    // (the stop also drops the XOF's surplus words from the skid stage)
    wire pop = (k_deq && ka_last) || stop;
    reg [2:0] q0_n, q1_n;
    reg [1:0] qn_n;
    reg [3:0] d0_n;         // {head_hash, head_samp, kind} for q0_n, qn_n
    reg       d1_ld;        // q1 takes c_op
    always @* begin
        q0_n = q0;
        q1_n = q1;
        qn_n = qn;
        d0_n = {head_hash, head_samp, kind};
        d1_ld = 1'b0;
        case ({cmd_go, pop})
            2'b10: begin
                if (qn == 2'd0) begin q0_n = c_op; d0_n = dcop; end
                else begin q1_n = c_op; d1_ld = 1'b1; end
                qn_n = qn + 2'd1;
            end
            2'b01: begin
                q0_n = q1;
                qn_n = qn - 2'd1;
                d0_n = {dq1[3:2] & {2{qn != 2'd1}}, dq1[1:0]};
            end
            2'b11: begin
                if (qn == 2'd1) begin q0_n = c_op; d0_n = dcop; end
                else begin
                    q0_n = q1; q1_n = c_op; d1_ld = 1'b1;
                    d0_n = {dq1[3:2] & {2{qn != 2'd0}}, dq1[1:0]};
                end
            end
            default: ;
        endcase
    end
    always @(posedge clk) begin
        xof_end <= smp_fin_ntt && !rst;
        if (c_take) begin
            c_op     <= cmd_op;
            dcop     <= hdec(cmd_op);
            c_mode   <= op_mode;
            c_outlen <= op_outlen;
        end
        c_v <= c_take || (c_v && !cmd_go);
        if (cmd_valid && cmd_ready) cmd_err <= !op_ok;
        if (!ka_v || k_deq) begin
            ka_data <= kb_v ? kb_data : s_data;
            ka_keep <= kb_v ? kb_keep : s_keep;
            ka_last <= kb_v ? kb_last : s_last;
        end
        // b takes every word the sponge hands over (kb_v says whether it holds one), so its
        // enable does not wait for the hash port's or the sampler's ready (k_deq)
        if (k_enq) begin
            kb_data <= s_data;
            kb_keep <= s_keep;
            kb_last <= s_last;
        end
        ka_v  <= k_fill != 2'd0 && !stop;
        kb_v  <= k_fill == 2'd2 && !stop;
        k_rdy <= k_fill != 2'd2 || stop;
        q0 <= q0_n;
        q1 <= q1_n;
        qn <= qn_n;
        {head_hash, head_samp, kind} <= d0_n;
        if (d1_ld) dq1 <= dcop;
        if (rst) begin
            c_v <= 1'b0;
            cmd_err <= 1'b0;
            ka_v <= 1'b0;
            kb_v <= 1'b0;
            k_rdy <= 1'b1;
            xof_end <= 1'b0;
            qn <= 2'd0;
            q0 <= 3'd0;
            q1 <= 3'd0;
            dq1 <= hdec(3'd0);
            head_hash <= 1'b0;
            head_samp <= 1'b0;
            kind <= 2'd0;
            ka_data <= 64'd0;   // hygiene (issue 37): a reset wipes the skid stage's words
            kb_data <= 64'd0;
        end
    end

`ifdef FORMAL
    // The command port (hw/formal/hash_top_cmd.sby, k-induction): ready is withheld only
    // while a defined operation waits in the stage for the sponge, so a command held valid is
    // answered whatever its operation; an undefined one is answered with cmd_err.
    reg f_past = 1'b0;
    always @(posedge clk) f_past <= 1'b1;
    always @* if (!f_past) assume (rst);  // the first clock resets
    always @(posedge clk) if (f_past && !$past(rst)) begin
        if (!c_v) assert (cmd_ready);
        if (c_v) assert (c_op <= OP_XOF);
        if ($past(cmd_valid && cmd_ready)) assert (cmd_err == ($past(cmd_op) > OP_XOF));
        // an undefined operation never reaches the stage
        if ($past(cmd_valid && cmd_ready && cmd_op > OP_XOF)) assert (!c_v);
    end
`endif
endmodule
`default_nettype wire

// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_top - ML-KEM (FIPS 203) KeyGen_internal, Encaps_internal and Decaps_internal for
// ML-KEM-512/768/1024 (k = 2, 3, 4 chosen per operation) in one unit: a microprogrammed
// controller running the programs of mlkem_prog.vh (written by gen_mlkem_prog.py, where the
// algorithm is spelled out) over
//   mlkem_hash_top  G, H, J, PRF and XOF with the samplers (rejection sampling, CBD);
//   mlkem_ntt       NTT / inverse NTT (BF butterflies per clock), loaded and unloaded by slot;
//   mlkem_basemul   MultiplyNTTs with accumulation; mlkem_addsub;
//   mlkem_compress / mlkem_byteenc and mlkem_bytedec / mlkem_decompress;
//   a polynomial memory of 32 slots x 256 coefficients (two read ports, one write port) and a
//   byte buffer of 1,024 64-bit words (two read ports, one write port) holding the inputs, the
//   outputs and the seeds between steps.
// One instruction runs at a time (no overlap of hashing and arithmetic yet).
//
// Host side (the unit is idle between operations): host_we writes word host_addr of the byte
// buffer, host_rdata is word host_addr of the clock before. Windows (word addresses, bytes in
// little-endian order within a word): d or m at 0, z at 4, K at 8, ct at 32, dk at 424, ek at
// 820 (gen_mlkem_prog.py's BB). start with op_sel (0 KeyGen, 1 Encaps, 2 Decaps) and k_sel runs it;
// done pulses in the clock the operation ends, busy is high from the clock after start until
// then, clocks holds the clocks of the last operation (the edge taking start to the one raising done).
// status (valid after done): bit 0 the encapsulation key failed FIPS 203's modulus check (7.2:
// ct and K are zero), bit 1 the decapsulation key failed the hash check (7.3: K is zero),
// bit 2 an undefined op or k (nothing ran). Whether a ciphertext was rejected implicitly is
// not reported: K is J(z || c) then, selected by masks after comparing every word.
`default_nettype none
module mlkem_top #(
    parameter integer RPC = 1,   // Keccak rounds per clock (1 or 2)
    parameter integer BF  = 2    // butterflies per clock (1 or 2)
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    input  wire [1:0]  op_sel,
    input  wire [2:0]  k_sel,
    output reg         busy,
    output reg         done,
    output reg  [2:0]  status,
    output reg  [31:0] clocks,
    input  wire        host_we,
    input  wire [9:0]  host_addr,
    input  wire [63:0] host_wdata,
    output wire [63:0] host_rdata
);
    `include "mlkem_prog.vh"
    localparam [3:0] I_END = 4'd0, I_HASH = 4'd1, I_NTT = 4'd2, I_BMUL = 4'd3, I_ADDSUB = 4'd4, I_ENC = 4'd5,
                     I_DEC = 4'd6, I_COPY = 4'd7, I_CMP = 4'd8, I_SEL = 4'd9, I_ZERO = 4'd10;
    localparam [1:0] S_IDLE = 2'd0, S_FETCH = 2'd1, S_EXEC = 2'd2;

    // ---------------------------------------------------------------- sequencer
    reg [1:0]  st;
    reg [9:0]  pc;
    reg [79:0] ins;
    wire [3:0] i_op   = ins[3:0];
    wire [9:0] i_a    = ins[13:4];
    wire [9:0] i_na   = ins[23:14];
    wire [9:0] i_b    = ins[33:24];
    wire [9:0] i_nb   = ins[43:34];
    wire [9:0] i_c    = ins[53:44];
    wire [15:0] i_imm = ins[69:54];
    wire [1:0] i_nimm = ins[71:70];
    wire [7:0] i_f    = ins[79:72];
    wire [3:0] i_d    = i_f[3:0];
    wire       exec   = st == S_EXEC;
    reg        fin;            // the instruction in i_op ends in this clock
    reg        bad_ek, bad_dk, fail;
    wire       params_ok = op_sel != 2'd3 && k_sel >= 3'd2 && k_sel <= 3'd4;

    // ---------------------------------------------------------------- memories
    reg [11:0] pm [0:8191];
    reg [12:0] pra0, pra1, pwa;
    reg        pwe;
    reg [11:0] pwd;
    reg [11:0] prd0, prd1;
    always @(posedge clk) begin
        prd0 <= pm[pra0];
        prd1 <= pm[pra1];
        if (pwe) pm[pwa] <= pwd;
    end
    reg [63:0] bb [0:1023];
    reg [9:0]  bra0, bra1, bwa;
    reg        bwe;
    reg [63:0] bwd;
    reg [63:0] brd0, brd1;
    always @(posedge clk) begin
        brd0 <= bb[bra0];
        brd1 <= bb[bra1];
        if (bwe) bb[bwa] <= bwd;
    end
    assign host_rdata = brd0;

    // ---------------------------------------------------------------- counters shared by the ops
    reg [9:0] cnt;       // issue counter
    reg [9:0] wcnt;      // results written
    reg [1:0] ph;        // phase within an op
    reg       rv;        // a read issued in the clock before (its data in prd* / brd*)
    reg [9:0] rcnt;      // ... and its index
    reg [1:0] rph;

    // ---------------------------------------------------------------- word reader (HASH input, DEC)
    // bb[a, a+na) || bb[b, b+nb) || the imm word (nimm bytes, HASH only), into a 4-entry FIFO
    // with the read in flight counted, so the stream moves a word per clock.
    reg [1:0]  rseg;      // 0 first segment, 1 second, 2 the imm word, 3 nothing more
    reg [9:0]  rpos;
    reg        f_if, f_if_imm, f_if_last;  // a read (or the imm word) in flight
    reg [63:0] fq_data [0:3];
    reg [7:0]  fq_keep [0:3];
    reg        fq_last [0:3];
    reg [1:0]  fq_rd, fq_wr;
    reg [2:0]  fq_n;
    wire       fq_pop;
    wire [9:0] na_eff = (i_op == I_DEC) ? {4'd0, i_d, 2'b00} : i_na;   // DEC reads 4 d words
    wire       r_more = rseg != 2'd3;
    wire       r_issue = exec && (i_op == I_HASH || i_op == I_DEC) && r_more &&
                         ({1'b0, fq_n} + {3'd0, f_if} < 4'd4 - {3'd0, fq_pop});
    // what the next issue is
    reg [1:0]  rseg_n;
    reg [9:0]  rpos_n;
    reg        r_last;
    always @* begin
        rseg_n = rseg;
        rpos_n = rpos + 10'd1;
        r_last = 1'b0;
        case (rseg)
            2'd0: if (rpos + 10'd1 == na_eff) begin
                rpos_n = 10'd0;
                if (i_op == I_HASH && i_nb != 10'd0) rseg_n = 2'd1;
                else if (i_op == I_HASH && i_nimm != 2'd0) rseg_n = 2'd2;
                else begin rseg_n = 2'd3; r_last = 1'b1; end
            end
            2'd1: if (rpos + 10'd1 == i_nb) begin
                rpos_n = 10'd0;
                if (i_nimm != 2'd0) rseg_n = 2'd2;
                else begin rseg_n = 2'd3; r_last = 1'b1; end
            end
            default: begin rseg_n = 2'd3; r_last = 1'b1; end
        endcase
    end
    wire [9:0] r_addr = (rseg == 2'd1 ? i_b : i_a) + rpos;
    wire [63:0] fq_head_data = fq_data[fq_rd];
    wire [7:0]  fq_head_keep = fq_keep[fq_rd];
    wire        fq_head_last = fq_last[fq_rd];
    wire        fq_v = fq_n != 3'd0;
    wire [7:0]  imm_keep = (i_nimm == 2'd1) ? 8'h01 : (i_nimm == 2'd2) ? 8'h03 : 8'h00;

    // ---------------------------------------------------------------- the units
    wire        h_cmd_ready, h_in_ready, h_hash_valid, h_hash_last, h_coef_valid, h_coef_last;
    wire [63:0] h_hash_data;
    wire [191:0] h_coef_data;
    wire [4:0]  h_coef_cnt;
    reg         h_cmd_sent;
    reg         cb_v;              // coefficient beat being written, lane by lane
    reg [191:0] cb_data;
    reg [4:0]   cb_n, cb_i;
    reg         cb_last;
    wire        cb_end = cb_v && cb_i + 5'd1 == cb_n;
    wire        h_coef_ready = exec && i_op == I_HASH && (!cb_v || (cb_end && !cb_last));
    mlkem_hash_top #(.RPC(RPC)) u_hash (
        .clk(clk), .rst(rst),
        .cmd_valid(exec && i_op == I_HASH && !h_cmd_sent), .cmd_ready(h_cmd_ready), .cmd_op(i_f[2:0]),
        /* verilator lint_off PINCONNECTEMPTY */ .cmd_err(), /* verilator lint_on PINCONNECTEMPTY */
        .in_data(fq_head_data), .in_keep(fq_head_keep), .in_last(fq_head_last),
        .in_valid(exec && i_op == I_HASH && fq_v), .in_ready(h_in_ready),
        .hash_data(h_hash_data), /* verilator lint_off PINCONNECTEMPTY */ .hash_keep(), /* verilator lint_on PINCONNECTEMPTY */
        .hash_last(h_hash_last), .hash_valid(h_hash_valid), .hash_ready(exec && i_op == I_HASH),
        .coef_data(h_coef_data), .coef_cnt(h_coef_cnt), .coef_last(h_coef_last), .coef_valid(h_coef_valid),
        .coef_ready(h_coef_ready)
    );

    // NTT: its own memory, loaded from a slot and unloaded back
    reg         n_start, n_we;
    reg  [7:0]  n_waddr, n_raddr;
    reg  [11:0] n_wdata;
    wire        n_busy, n_done;
    wire [11:0] n_rdata;
    mlkem_ntt #(.BF(BF)) u_ntt (.clk(clk), .rst(rst), .start(n_start), .inv(i_f[0]), .busy(n_busy), .done(n_done),
        .ext_we(n_we), .ext_waddr(n_waddr), .ext_wdata(n_wdata), .ext_raddr(n_raddr), .ext_rdata(n_rdata));

    // base multiplication
    reg         bm_v;
    reg  [6:0]  bm_pair;
    reg  [11:0] bm_a0, bm_b0, bm_a1, bm_b1;
    wire        bm_ov;
    wire [11:0] bm_c0, bm_c1;
    mlkem_basemul u_bm (.clk(clk), .rst(rst), .in_valid(bm_v), .pair(bm_pair), .a0(bm_a0), .a1(bm_a1),
        .b0(bm_b0), .b1(bm_b1), .acc(i_f[0]), .c0_in(prd0), .c1_in(prd1),
        .out_valid(bm_ov), .c0(bm_c0), .c1(bm_c1));
    reg         bm_c1_pend;
    reg  [11:0] bm_c1_hold;

    // add / subtract
    wire        as_ov;
    wire [11:0] as_c;
    mlkem_addsub u_as (.clk(clk), .rst(rst), .in_valid(exec && i_op == I_ADDSUB && rv), .sub(i_f[0]),
        .a(prd0), .b(prd1), .out_valid(as_ov), .c(as_c));

    // compress -> ByteEncode
    wire        cp_ov;
    wire [10:0] cp_y;
    reg  [11:0] raw1, raw2, raw3;
    wire        enc_in_v = exec && i_op == I_ENC && rv;
    mlkem_compress u_cp (.clk(clk), .rst(rst), .in_valid(enc_in_v), .d(i_d), .x(prd0),
        .out_valid(cp_ov), .y(cp_y));
    always @(posedge clk) begin
        raw1 <= prd0;
        raw2 <= raw1;
        raw3 <= raw2;
    end
    wire        be_in_ready, be_ov;
    wire [63:0] be_data;
    mlkem_byteenc u_be (.clk(clk), .rst(rst), .d(i_d), .in_valid(cp_ov), .in_ready(be_in_ready),
        .in_coef(i_f[4] ? {1'b0, cp_y} : raw3), .out_valid(be_ov), .out_ready(1'b1), .out_data(be_data));

    // ByteDecode -> decompress
    wire        bd_in_ready, bd_ov, bd_bad;
    wire [11:0] bd_coef;
    mlkem_bytedec u_bd (.clk(clk), .rst(rst), .d(i_d), .in_valid(exec && i_op == I_DEC && fq_v),
        .in_ready(bd_in_ready), .in_data(fq_head_data), .out_valid(bd_ov), .out_ready(1'b1),
        .out_coef(bd_coef), .out_bad(bd_bad));
    wire        dc_ov;
    wire [11:0] dc_x;
    reg  [11:0] draw1, draw2;
    mlkem_decompress u_dc (.clk(clk), .rst(rst), .in_valid(bd_ov), .d(i_d), .y(bd_coef[10:0]),
        .out_valid(dc_ov), .x(dc_x));
    always @(posedge clk) begin
        draw1 <= bd_coef;
        draw2 <= draw1;
    end
    wire unused = ^{be_in_ready, bd_coef[11], i_f[7:6], h_coef_last, n_busy, i_a[9:5], i_b[9:5], i_c[9:5]};

    assign fq_pop = fq_v && ((i_op == I_HASH && h_in_ready) || (i_op == I_DEC && bd_in_ready)) && exec;

    // ---------------------------------------------------------------- memory port selection and the ops
    wire zcond = i_f[1:0] == 2'd0 || (i_f[1:0] == 2'd1 && bad_ek) || (i_f[1:0] == 2'd2 && bad_dk);
    reg  dv1, dv2;   // DEC without decompress: bytedec's output delayed as decompress would
    reg  cmp_diff;
    wire [4:0]  slot_a = i_a[4:0], slot_b = i_b[4:0], slot_c = i_c[4:0];
    wire        bmul_issue = exec && i_op == I_BMUL && cnt < 10'd384;
    reg  [6:0]  bm_p;     // BMUL: pair being read
    reg  [6:0]  bm_wp;    // pair being written
    always @* begin
        pra0 = 13'd0; pra1 = 13'd0;
        pwe = 1'b0; pwa = 13'd0; pwd = 12'd0;
        bra0 = host_addr; bra1 = 10'd0;
        bwe = !busy && host_we; bwa = host_addr; bwd = host_wdata;
        fin = 1'b0;
        n_start = 1'b0; n_we = 1'b0; n_waddr = rcnt[7:0]; n_wdata = prd0; n_raddr = cnt[7:0];
        if (exec) begin
            bwe = 1'b0;
            case (i_op)
                I_END: fin = 1'b1;
                I_HASH: begin
                    bra0 = r_addr;
                    bwe = h_hash_valid; bwa = i_c + wcnt; bwd = h_hash_data;
                    pwe = cb_v; pwa = {slot_c, wcnt[7:0]}; pwd = cb_data[12*cb_i +: 12];
                    fin = (h_hash_valid && h_hash_last) || (cb_end && cb_last);
                end
                I_NTT: begin
                    // ph 0: load (read slot, write the NTT's memory a clock later), 1: run, 2: unload
                    pra0 = {slot_a, cnt[7:0]};
                    n_we = ph != 2'd2 && rv;   // the last write lands in ph 1's first clock
                    n_start = ph == 2'd1 && cnt == 10'd1;
                    pwe = ph == 2'd2 && rv; pwa = {slot_a, rcnt[7:0]}; pwd = n_rdata;
                    fin = ph == 2'd2 && rv && rcnt == 10'd255;
                end
                I_BMUL: begin
                    // three reads per pair: a0 b0, a1 b1, then the accumulator's c0 c1
                    case (ph)
                        2'd0: begin pra0 = {slot_a, bm_p, 1'b0}; pra1 = {slot_b, bm_p, 1'b0}; end
                        2'd1: begin pra0 = {slot_a, bm_p, 1'b1}; pra1 = {slot_b, bm_p, 1'b1}; end
                        default: begin pra0 = {slot_c, bm_p, 1'b0}; pra1 = {slot_c, bm_p, 1'b1}; end
                    endcase
                    if (bm_ov) begin pwe = 1'b1; pwa = {slot_c, bm_wp, 1'b0}; pwd = bm_c0; end
                    else if (bm_c1_pend) begin pwe = 1'b1; pwa = {slot_c, bm_wp, 1'b1}; pwd = bm_c1_hold; end
                    fin = bm_c1_pend && !bm_ov && bm_wp == 7'd127;
                end
                I_ADDSUB: begin
                    pra0 = {slot_a, cnt[7:0]}; pra1 = {slot_b, cnt[7:0]};
                    pwe = as_ov; pwa = {slot_c, wcnt[7:0]}; pwd = as_c;
                    fin = as_ov && wcnt == 10'd255;
                end
                I_ENC: begin
                    pra0 = {slot_a, cnt[7:0]};
                    bwe = be_ov; bwa = i_c + wcnt; bwd = be_data;
                    fin = be_ov && wcnt + 10'd1 == {4'd0, i_d, 2'b00};
                end
                I_DEC: begin
                    bra0 = r_addr;
                    pwe = i_f[4] ? dc_ov : dv2; pwa = {slot_c, wcnt[7:0]}; pwd = i_f[4] ? dc_x : draw2;
                    fin = pwe && wcnt == 10'd255;
                end
                I_COPY, I_CMP, I_SEL: begin
                    bra0 = i_a + cnt; bra1 = i_b + cnt;
                    bwe = rv && i_op != I_CMP; bwa = i_c + rcnt;
                    bwd = (i_op == I_SEL) ? ((brd0 & ~{64{fail}}) | (brd1 & {64{fail}})) : brd0;
                    fin = (rv && rcnt + 10'd1 == i_na) || i_na == 10'd0;
                end
                I_ZERO: begin
                    bwe = cnt < i_na && zcond; bwa = i_c + cnt; bwd = 64'd0;
                    fin = cnt + 10'd1 >= i_na || !zcond;
                end
                default: fin = 1'b1;
            endcase
        end
    end

    // ---------------------------------------------------------------- state
    integer x;
    always @(posedge clk) begin
        dv1 <= bd_ov;
        dv2 <= dv1;
        rv  <= 1'b0;
        bm_v <= 1'b0;
        if (st == S_IDLE) begin
            done <= 1'b0;
            if (start) begin
                busy <= params_ok;
                done <= !params_ok;
                status <= {!params_ok, 2'b00};
                clocks <= 32'd0;
                bad_ek <= 1'b0;
                bad_dk <= 1'b0;
                fail <= 1'b0;
                pc <= mlkem_prog_entry(op_sel, k_sel);
                if (params_ok) st <= S_FETCH;
            end
        end else begin
            clocks <= clocks + 32'd1;
        end
        if (st == S_FETCH) begin
            ins <= mlkem_prog(pc);
            pc <= pc + 10'd1;
            st <= S_EXEC;
            cnt <= 10'd0; wcnt <= 10'd0; ph <= 2'd0; rcnt <= 10'd0;
            rseg <= 2'd0; rpos <= 10'd0; f_if <= 1'b0;
            fq_rd <= 2'd0; fq_wr <= 2'd0; fq_n <= 3'd0;
            h_cmd_sent <= 1'b0; cb_v <= 1'b0;
            bm_p <= 7'd0; bm_wp <= 7'd0; bm_c1_pend <= 1'b0;
            cmp_diff <= 1'b0;
        end
        if (exec) begin
            case (i_op)
                I_HASH: begin
                    if (h_cmd_ready) h_cmd_sent <= 1'b1;
                    if (h_hash_valid) wcnt <= wcnt + 10'd1;
                    if (cb_v) begin
                        wcnt <= wcnt + 10'd1;
                        cb_i <= cb_i + 5'd1;
                        if (cb_end) cb_v <= 1'b0;
                    end
                    if (h_coef_valid && h_coef_ready) begin
                        cb_v <= 1'b1;
                        cb_data <= h_coef_data;
                        cb_n <= h_coef_cnt;
                        cb_i <= 5'd0;
                        cb_last <= h_coef_last;
                    end
                end
                I_NTT: begin
                    case (ph)
                        2'd0: begin
                            rv <= 1'b1; rcnt <= cnt;
                            cnt <= cnt + 10'd1;
                            if (cnt == 10'd255) begin ph <= 2'd1; cnt <= 10'd0; end
                        end
                        2'd1: begin
                            if (cnt != 10'd2) cnt <= cnt + 10'd1;   // 1: start; 2: running
                            if (n_done) begin ph <= 2'd2; cnt <= 10'd0; end
                        end
                        default: begin
                            rv <= cnt < 10'd256; rcnt <= cnt;
                            if (cnt < 10'd256) cnt <= cnt + 10'd1;
                        end
                    endcase
                end
                I_BMUL: begin
                    if (bmul_issue) begin
                        cnt <= cnt + 10'd1;
                        ph <= (ph == 2'd2) ? 2'd0 : ph + 2'd1;
                        if (ph == 2'd2) bm_p <= bm_p + 7'd1;
                    end
                    rv <= bmul_issue; rph <= ph; bm_pair <= bm_p;
                    if (rv && rph == 2'd0) begin bm_a0 <= prd0; bm_b0 <= prd1; end
                    if (rv && rph == 2'd1) begin bm_a1 <= prd0; bm_b1 <= prd1; end
                    bm_v <= rv && rph == 2'd1;   // the c reads land with bm_v
                    if (bm_ov) begin bm_c1_pend <= 1'b1; bm_c1_hold <= bm_c1; end
                    else if (bm_c1_pend) begin bm_c1_pend <= 1'b0; bm_wp <= bm_wp + 7'd1; end
                end
                I_ADDSUB: begin
                    rv <= cnt < 10'd256;
                    if (cnt < 10'd256) cnt <= cnt + 10'd1;
                    if (as_ov) wcnt <= wcnt + 10'd1;
                end
                I_ENC: begin
                    rv <= cnt < 10'd256;
                    if (cnt < 10'd256) cnt <= cnt + 10'd1;
                    if (be_ov) wcnt <= wcnt + 10'd1;
                end
                I_DEC: begin
                    if (pwe) wcnt <= wcnt + 10'd1;
                    if (i_f[5] && bd_ov && bd_bad) bad_ek <= 1'b1;
                end
                I_COPY, I_CMP, I_SEL: begin
                    rv <= cnt < i_na; rcnt <= cnt;
                    if (cnt < i_na) cnt <= cnt + 10'd1;
                    if (rv && i_op == I_CMP) cmp_diff <= cmp_diff | (brd0 != brd1);
                end
                I_ZERO: cnt <= cnt + 10'd1;
                default: ;
            endcase
            // the word reader (HASH, DEC)
            if (r_issue) begin
                rseg <= rseg_n;
                rpos <= rpos_n;
            end
            f_if <= r_issue;
            f_if_imm <= rseg == 2'd2;
            f_if_last <= r_last;
            if (f_if) begin
                fq_data[fq_wr] <= f_if_imm ? {48'd0, i_imm} : brd0;
                fq_keep[fq_wr] <= f_if_imm ? imm_keep : 8'hFF;
                fq_last[fq_wr] <= f_if_last;
                fq_wr <= fq_wr + 2'd1;
            end
            if (fq_pop) fq_rd <= fq_rd + 2'd1;
            fq_n <= fq_n + {2'd0, f_if} - {2'd0, fq_pop};
            if (fin) begin
                st <= (i_op == I_END) ? S_IDLE : S_FETCH;
                if (i_op == I_CMP) begin
                    if (i_f[0]) bad_dk <= cmp_diff | (rv && brd0 != brd1);
                    else fail <= cmp_diff | (rv && brd0 != brd1);
                end
                if (i_op == I_END) begin
                    busy <= 1'b0;
                    done <= 1'b1;
                    status <= {1'b0, bad_dk, bad_ek};
                    fail <= 1'b0;
                end
            end
        end
        if (rst) begin
            st <= S_IDLE;
            busy <= 1'b0;
            done <= 1'b0;
            status <= 3'd0;
            clocks <= 32'd0;
            bad_ek <= 1'b0;
            bad_dk <= 1'b0;
            fail <= 1'b0;
            pc <= 10'd0;
            ins <= 80'd0;
            rv <= 1'b0;
            f_if <= 1'b0;
            fq_n <= 3'd0;
            cb_v <= 1'b0;
            bm_c1_pend <= 1'b0;
        end
    end
    initial for (x = 0; x < 4; x = x + 1) begin fq_data[x] = 64'd0; fq_keep[x] = 8'd0; fq_last[x] = 1'b0; end
endmodule
`default_nettype wire

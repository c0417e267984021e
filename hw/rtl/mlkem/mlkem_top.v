// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_top - ML-KEM (FIPS 203) KeyGen_internal, Encaps_internal and Decaps_internal for
// ML-KEM-512/768/1024 (k = 2, 3, 4 chosen per operation) in one unit: a microprogrammed
// controller running the programs of mlkem_prog.vh (written by gen_mlkem_prog.py, where the
// algorithm is spelled out) over
//   mlkem_hash_top  G, H, J, PRF and XOF with the samplers (rejection sampling, CBD);
//   mlkem_ntt       NTT / inverse NTT (BF butterflies per clock), loaded and unloaded by slot;
//   mlkem_basemul   MultiplyNTTs with accumulation; mlkem_addsub;
//   mlkem_compress / mlkem_byteenc and mlkem_bytedec / mlkem_decompress;
//   a polynomial memory of 16 slots x 256 coefficients (even/odd banks, three read ports of a
//   pair each, one write port) and a byte buffer of 1,024 64-bit words (one read port, one write
//   port) holding the inputs, the outputs and the seeds between steps.
// One instruction runs at a time; an NTT runs beside the following ones until its NTTU.
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
// ZEROIZE (issue 37's hygiene; rtl/bus/mlkem_axil.v drives it): zero_start, in any state (a
// running operation is abandoned, without done), clears the polynomial memory (all ZN = 2,048 pairs),
// the NTT's memory, every byte-buffer word outside [keep0_lo, keep0_hi) and [keep1_lo, keep1_hi)
// (the outputs the host has yet to read), the hash unit (sponge state, block and output buffers,
// skid stages, samplers: by its reset) and this module's data registers; the arithmetic
// pipelines are flushed with zeros. zeroing is high from the clock after zero_start for ZN + 1
// clocks.
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
    output wire [63:0] host_rdata,
    input  wire        zero_start,
    input  wire [9:0]  keep0_lo,
    input  wire [9:0]  keep0_hi,
    input  wire [9:0]  keep1_lo,
    input  wire [9:0]  keep1_hi,
    output wire        zeroing
);
    `include "mlkem_prog.vh"
    localparam [3:0] I_END = 4'd0, I_HASH = 4'd1, I_NTT = 4'd2, I_BMUL = 4'd3, I_ADDSUB = 4'd4, I_ENC = 4'd5,
                     I_DEC = 4'd6, I_COPY = 4'd7, I_CMP = 4'd8, I_SEL = 4'd9, I_ZERO = 4'd10, I_NTTU = 4'd11;
    localparam [1:0] S_IDLE = 2'd0, S_FETCH = 2'd1, S_EXEC = 2'd2, S_ZERO = 2'd3;

    // ---------------------------------------------------------------- sequencer
    reg [1:0]  st;
    reg [9:0]  pc;
    reg [79:0] ins;
    // the program word at pc, read into a register (nxt) the clock after pc changes, so the fetch
    // takes a register (ECP5 Fmax, issue 37: pc -> pc + 1 -> the program ROM's LUTs -> ins was
    // 12.0 ns); a start waits a clock in S_FETCH for the entry's word (nwait): a clock more per
    // operation. (An instruction executes at least a clock, so after a fetch nxt is the next
    // word by the next fetch.)
    reg [79:0] nxt;
    reg        nwait;
    always @(posedge clk) nxt <= mlkem_prog(pc);
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
    // the op being executed, one-hot (zero outside S_EXEC), loaded with ins from the same program
    // word: the units' handshakes gate on a register, not on a decode of ins (ECP5 Fmax, issue
    // 37: ins -> i_op == I_DEC -> the decoder's take -> its shift was 12.7 ns)
    reg [11:0] opx;
    wire x_hash = opx[I_HASH], x_dec = opx[I_DEC], x_bmul = opx[I_BMUL], x_enc = opx[I_ENC];
    // ... and a copy of opx[I_DEC] for the decoder's take alone, placed by the decoder (ECP5
    // Fmax, issue 55: opx[6], 3.24 ns of routing to its first LUT, -> the decoder's take -> its
    // buffer shift -> buf_q was the worst path, 11.04 ns, at 6389387 seed 1); its initial value
    // differs from opx's only so that yosys does not merge the two (equal after a reset)
    reg        x_dec_d = 1'b1;
    wire x_as   = opx[I_ADDSUB] | opx[I_NTTU];
    reg [11:0] zc;             // ZEROIZE: the clock of the sweep (pair zc of each bank cleared)
    // ... and, made a clock ahead from zc (ECP5 Fmax, issue 37: zc's compares were in front of
    // the NTT memory's write enables), the byte-buffer word (zc - 1, unless kept) and the NTT
    // memory pair (zc - 1 < 128) cleared in this clock
    reg        zb_we, zn_we;
    reg [9:0]  zb_a;
    reg [6:0]  zn_a;
    localparam [11:0] ZN = 12'd2048;   // words per bank of the polynomial memory (pm_e, pm_o)
    // the units' reset: rst, or ZEROIZE in the first clock of S_ZERO (zero_start a clock
    // before), as registers loaded with rst | zero_start, so no LUT sits between a register and
    // the units' thousands of reset loads (ECP5 Fmax, issue 37: zrst -> urst = rst | zrst (a
    // LUT) -> the sponge's block-buffer clear was 14.1 ns at 0c8081d). The units thus leave
    // (and enter) a reset by rst a clock after mlkem_top's own registers: in that clock no unit
    // is started (opx and cb_ok are low after a reset). Two copies, the hash unit's and the
    // other units', each placed by its loads; their initial values differ only so that yosys
    // does not merge them (both are 1 after the first clock of a reset)
    reg        urst   = 1'b1;  // the hash unit's
    reg        urst_a = 1'b0;  // the NTT's, the arithmetic units' and the coders'
    always @(posedge clk) begin
        urst   <= rst | zero_start;
        urst_a <= rst | zero_start;
    end
    assign zeroing = st == S_ZERO;
    reg        fin;            // the instruction in i_op ends in this clock
    reg        bad_ek, bad_dk, fail;
    reg        n_run;          // the NTT unit transforms (from its start to its done)
    wire       params_ok = op_sel != 2'd3 && k_sel >= 3'd2 && k_sel <= 3'd4;

    // ---------------------------------------------------------------- memories
    // the polynomial memory: even coefficients in pm_e, odd ones in pm_o, word {slot, pair}; three
    // read ports (a pair each), one write port per bank (two coefficients of a pair per clock)
    // 16 slots: 2,048 x 12 bits per bank and read port (one 7-series BRAM36 each)
    reg [11:0] pm_e [0:2047];
    reg [11:0] pm_o [0:2047];
    reg [10:0] pra0, pra1, pra2, pwa_e, pwa_o;
    reg        pwe_e, pwe_o;
    reg [11:0] pwd_e, pwd_o;
    reg [11:0] pe0, po0, pe1, po1, pe2, po2;
    // ... and each read once more through a register (qe*, qo*: two clocks after the address):
    // the block RAM's output (not registered in an ECP5 DP16KD: 5.83 ns clock to out) goes into
    // flip-flops only, no LUT (ECP5 Fmax, issue 37: it went into basemul's multipliers; issue 55:
    // pm_e / pm_o -> the operand select -> aa0 / aa1 was the worst path of seeds 1 and 3 at
    // ff6c7b1, 10.17 / 10.09 ns). rv2, rcnt2 and xv2 are the matching delays. The operands of
    // basemul's multipliers (ba*, bpair) and of the adders (aa*, ab*) are selected from qe* into
    // registers of their own a clock later (rv3, xv3), so neither the block RAM's output nor an
    // instruction decode sits before a multiplier or an adder; basemul's b and c pairs wait in
    // re* / ro* beside them. A clock more per ADDSUB, NTTU, BMUL and streaming XOF pass
    reg [11:0] qe0, qo0, qe1, qo1, qe2, qo2;
    reg [11:0] re1, ro1, re2, ro2;
    always @(posedge clk) begin
        pe0 <= pm_e[pra0];
        po0 <= pm_o[pra0];
        pe1 <= pm_e[pra1];
        po1 <= pm_o[pra1];
        pe2 <= pm_e[pra2];
        po2 <= pm_o[pra2];
        if (pwe_e) pm_e[pwa_e] <= pwd_e;
        if (pwe_o) pm_o[pwa_o] <= pwd_o;
        qe0 <= pe0;
        qo0 <= po0;
        qe1 <= pe1;
        qo1 <= po1;
        qe2 <= pe2;
        qo2 <= po2;
        re1 <= qe1;
        ro1 <= qo1;
        re2 <= qe2;
        ro2 <= qo2;
    end
    // the byte buffer bb: word w is {bb3[w], bb2[w], bb1[w], bb0[w]}, four 16-bit lanes, so
    // each lane is one ECP5 DP16KD in its 1,024 x 18 mode and the read word needs no pick
    // between two RAMs (as one 1,024 x 64 memory yosys made 512 x 36 halves and a LUT after
    // the RAM's unregistered output: ECP5 Fmax, issue 37, the RAM -> that LUT -> the word
    // reader's FIFO was 11.1 ns at bfc92b7); 7-series: four RAMB18E1, two BRAM36 as before.
    // one read port (CMP and SEL read their two words one after the other).
    // no_rw_check: yosys builds no logic for a read of the word written in the same clock
    // (without it, a register of the write data and a LUT picking it after the RAM's output:
    // ECP5 Fmax, issue 37, the RAM -> that LUT -> CMP's compare -> cx was 11.9 ns at 94fa766);
    // in hardware such a read's data is undefined, so no read whose word is used may meet a
    // write to its word: the check below stops a simulation where one does
    (* no_rw_check *) reg [15:0] bb0 [0:1023];
    (* no_rw_check *) reg [15:0] bb1 [0:1023];
    (* no_rw_check *) reg [15:0] bb2 [0:1023];
    (* no_rw_check *) reg [15:0] bb3 [0:1023];
    reg [9:0]  bra0, bwa;
    reg        bwe;
    reg [63:0] bwd;
    reg [63:0] brd0, bta;   // bta: CMP / SEL's word of bb[a...] while bb[b...] is read, ENC's
                            // word to compare (f5) while its bb word is read
    // ... and every word the unit itself reads goes through one more register (brq, no logic in
    // between: the RAM's output register in effect) before any logic sees it: the DP16KD's clock
    // to out without OUTREG is 5.83 ns, which left ~4 ns for routing and the word reader head's
    // pick at 100 MHz (ECP5 Fmax, issue 55: that path was the worst of placer seeds 1-3 at
    // a6a1262, 93.3 MHz). The host port (host_rdata) still takes brd0: the bus registers it at once
    reg [63:0] brq;
    // COPY / SEL write a word a clock after it is read, from a register (cw_*): the block RAM's
    // output (not registered in an ECP5 DP16KD) goes through no write-data mux into the RAM
    // (ECP5 Fmax, issue 37); a clock more per COPY and SEL
    reg        cw_v;
    reg [9:0]  cw_a;
    reg [63:0] cw_d;
    always @(posedge clk) begin
        brd0 <= {bb3[bra0], bb2[bra0], bb1[bra0], bb0[bra0]};
        brq <= brd0;
        if (bwe) begin
            bb0[bwa] <= bwd[15:0];
            bb1[bwa] <= bwd[31:16];
            bb2[bwa] <= bwd[47:32];
            bb3[bwa] <= bwd[63:48];
        end
    end
    assign host_rdata = brd0;

    // ---------------------------------------------------------------- counters shared by the ops
    reg [9:0] cnt;       // issue counter
    wire      c128 = cnt[9:7] == 3'd0;   // cnt < 128 (an equality: no carry chain)
    reg [9:0] wcnt;      // results written
    reg [1:0] ph;        // phase within an op
    reg       rv;        // a read issued in the clock before (its data in pe* / brd0)
    reg [9:0] rcnt;      // ... and its index
    reg       rvq;       // COPY / CMP / SEL: a byte-buffer read issued two clocks before (its data in brq)
    reg [9:0] rcntq;     // ... its index
    reg       r_lq;      // ... it is the last (r_l a clock later)
    reg       rv2;       // a polynomial-memory read issued two clocks before (its data in qe*)
    reg [6:0] rcnt2;     // ... and its index
    reg       rv3;       // ... three clocks before (its operands in aa*, ab*, ba*, bpair, re*, ro*)
    // the instructions' ends as registers, made a clock ahead (ECP5 Fmax, issue 37: cnt ->
    // cnt + 1 >= na / cnt < na (carry chains) -> fin -> CMP's flag update was 11.7 ns), so fin
    // is a pick of flags, no adder or magnitude compare in front of it; no clock added:
    reg       c_lt;      // cnt < na (COPY, CMP, SEL, ZERO)
    reg       c_lt1;     // cnt + 1 < na
    reg       na0;       // na == 0
    reg       r_l;       // the read issued in the clock before (rv, rcnt) is the last (rcnt + 1 == na)
    reg       cw_l;      // ... a clock later, with cw_a (COPY, SEL: the last word written)
    reg       w_last;    // the next result written is the last (wcnt == 127; ENC: wcnt + 1 == 4d)
    reg       rc_last;   // streaming XOF: the next product pair is the last (rcnt == 127)

    // ---------------------------------------------------------------- word reader (HASH input, DEC)
    // bb[a, a+na) || bb[b, b+nb) || the imm word (nimm bytes, HASH only), into a 4-entry FIFO
    // with the reads in flight counted (two: a word reaches the FIFO from brq, two clocks after
    // its address), so the stream moves a word per clock.
    reg [1:0]  rseg;      // 0 first segment, 1 second, 2 the imm word, 3 nothing more
    reg [9:0]  rpos;
    reg        f_if, f_if_imm, f_if_last;  // a read (or the imm word) issued a clock before (in brd0)
    reg        f_if2, f_if2_imm, f_if2_last;   // ... two clocks before (in brq: written to the FIFO)
    reg [63:0] fq_data [0:3];
    reg [7:0]  fq_keep [0:3];
    reg        fq_last [0:3];
    reg        fq_imm [0:3];   // the entry is the imm word (put in as it leaves: the block RAM's
                               // output goes into fq_data through no mux; ECP5 Fmax, issue 37)
    reg [1:0]  fq_rd, fq_wr;
    reg [2:0]  fq_n;
    wire       fq_pop;
    wire [9:0] na_eff = (i_op == I_DEC) ? {4'd0, i_d, 2'b00} : i_na;   // DEC reads 4 d words
    wire       r_more = rseg != 2'd3;
    // room in the FIFO: fq_n + f_if + f_if2 < 4 (a pop in this clock not counted: no path from
    // the units' in_ready to the RAM's address), spelled out bit by bit (fq_n <= 4): yosys makes
    // a relational compare a carry chain (ECP5 Fmax)
    wire       fq_lt4 = !fq_n[2];                      // fq_n < 4
    wire       fq_lt3 = !fq_n[2] && !(fq_n[1] && fq_n[0]);   // fq_n < 3
    wire       fq_lt2 = !fq_n[2] && !fq_n[1];          // fq_n < 2
    wire       fq_room = (f_if && f_if2) ? fq_lt2 : (f_if || f_if2) ? fq_lt3 : fq_lt4;
    wire       r_issue = (x_hash || x_dec) && r_more && fq_room;
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
    // the FIFO's head as registers (fq_hd*), a copy of entry fq_rd (the imm word put in) made a
    // clock ahead, so the hash unit's and the decoder's input is a register (ECP5 Fmax, issue 37:
    // fq_rd -> the pick of four entries and of the imm word -> the decoder's shift -> buf_q was
    // 12.2 ns at a859f9c). It loads when the head moves (a pop) or an empty FIFO gets its word:
    // with at most one entry left (fq_n <= 1) from the word arriving (brq or the imm word: one
    // LUT after brq, its select from registers), else from entry fq_rd + 1
    reg [63:0]  fq_hd;
    reg [7:0]   fq_hd_keep;
    reg         fq_hd_last;
    wire [63:0] fq_head_data = fq_hd;
    wire [7:0]  fq_head_keep = fq_hd_keep;
    wire        fq_head_last = fq_hd_last;
    wire        fq_v = fq_n != 3'd0;
    wire [1:0]  fq_rd1 = fq_rd + 2'd1;
    wire        hd_new = !fq_n[2] && !fq_n[1];    // fq_n <= 1: the head takes the arriving word
    // ... and it is the block RAM's (hd_new && !f_if2_imm), a register made a clock ahead from
    // fq_n's and f_if2_imm's next values, so the head's data input is one LUT of brq, hd_alt
    // and this register (ECP5 Fmax, issue 37: brd0 -> a LUT4 and a PFUMX -> fq_hd was 10.8 ns
    // at 0c8081d seed 2); mlkem_top_hs.sby proves it equals its definition
    reg         hd_ram;
    wire [2:0]  fq_n_nx = (rst || zero_start || st == S_FETCH) ? 3'd0 :
                          exec ? fq_n + {2'd0, f_if2} - {2'd0, fq_pop} : fq_n;
    wire        f_if2_imm_nx = exec ? f_if_imm : f_if2_imm;
    always @(posedge clk) hd_ram <= !fq_n_nx[2] && !fq_n_nx[1] && !f_if2_imm_nx;
    // the decoder's in_valid (x_dec_d && fq_v) as a register of its own, made a clock ahead from
    // fq_n's and x_dec_d's next values (fin ends the op; a fetch, ZEROIZE and reset empty the
    // FIFO), so the decoder's take is one LUT of this and the decoder's own registers (ECP5 Fmax,
    // issue 55: fq_n / x_dec_d, placed away from the decoder, -> take -> its buffer shift -> buf_q
    // was the worst path of seeds 1 and 2 at e624f11, 10.86 / 11.61 ns); mlkem_top_hs.sby proves
    // it equals x_dec_d && fq_v
    reg         dec_v = 1'b0;
    always @(posedge clk) dec_v <= fq_n_nx != 3'd0 && x_dec_d && !(exec && fin);
    wire [63:0] hd_alt = hd_new ? {48'd0, i_imm} : fq_imm[fq_rd1] ? {48'd0, i_imm} : fq_data[fq_rd1];
    wire [7:0]  imm_keep = (i_nimm == 2'd1) ? 8'h01 : (i_nimm == 2'd2) ? 8'h03 : 8'h00;

    // ---------------------------------------------------------------- the units
    wire        h_cmd_ready, h_in_ready, h_hash_valid, h_hash_last, h_coef_valid, h_coef_last;
    wire [63:0] h_hash_data;
    wire [191:0] h_coef_data;
    wire [4:0]  h_coef_cnt;
    reg         h_cmd_sent;
    reg         cb_v;              // coefficient beat being written, two lanes per clock
    reg [191:0] cb_data;           // the lanes still to write, the next in bits 11:0
    reg [4:0]   cb_rem;            // how many
    reg         cb_last;
    // cb_rem >= 2 and cb_rem <= 2 as registers set with cb_rem (ECP5 Fmax, issue 37: cb_rem ->
    // cb_rem >= 2 (yosys made a carry chain) -> wcnt + (cb_two ? 2 : 1) -> wcnt was 12.6 ns at
    // dd11526); wcnt + 1 and wcnt + 2 are formed side by side, cb_two picks
    reg         cb_two_q, cb_le2_q;
    wire        cb_two = cb_two_q;
    wire        cb_end = cb_v && cb_le2_q;
    wire [4:0]  cb_rem_n = cb_two ? cb_rem - 5'd2 : cb_rem - 5'd1;
    // (not gated by the op: the hash unit gives coefficients only within its operation, which a
    // HASH instruction spans; mlkem_top_hs.sby proves a beat is taken only in HASH. ECP5 Fmax,
    // issue 37: opx[I_HASH] -> coef_ready -> the beat register's enables was 12.1 ns, 10.6 routing.
    // cb_ok: not in the clock after a ZEROIZE starts, while the hash unit's reset (urst) is
    // still to take its output away; nor in reset, nor in the clock after it, when the units'
    // reset urst, a clock late, still holds)
    reg         cb_ok;   // (what cr_q stands for, kept for mlkem_top_hs.sby; no logic reads it)
    // coef_ready is cr_q && !rst, cr_q a register made a clock ahead from the next values of
    // cb_ok, cb_v, cb_le2_q and cb_last: cb_ok && (!cb_v || (cb_end && !cb_last)) (ECP5 Fmax,
    // issue 55: cb_v -> coef_ready's LUTs -> (3.30 ns) the sampler's out_valid -> the beat taken
    // -> (4.07 ns) cb_rem's enable was 11a4aaa seed 2's worst path, 11.07 ns, 9.67 routing: the
    // handshake's round trip now starts at a register); mlkem_top_hs.sby proves the equality
    reg         cr_q = 1'b0;
    wire        h_coef_ready = cr_q && !rst;
    wire        cb_take  = h_coef_valid && h_coef_ready;
    // cr_q's next value as one LUT of cr_q itself, the sampler's out_valid and two kept nets:
    // a beat taken (h_coef_valid && cr_q) picks cr_take_nx (from the sampler's out_cnt /
    // out_last registers), otherwise cr_keep_nx (from the beat register's own state). The same
    // function as cb_ok && (!cb_v_nx || (cb_le2_nx && !cb_last_nx)), but the loop cr_q -> the
    // beat taken -> cr_q is that one LUT by the flip-flop instead of logic shared with the
    // sampler (ECP5 Fmax, issue 55: cr_q -> the sampler's beat-taken LUT -> cb_two_q's logic ->
    // cb_le2 / cb_last -> cr_q, three hops across the device, was the worst path of 2ddac8f seed
    // 3, 11.17 ns, and of 864b454 seed 3, where an inverted copy of cr_q shared the same LUTs,
    // 11.74 ns); mlkem_top_hs.sby proves cr_q's equality as before
    (* keep *) wire cr_take_nx = !rst && !zero_start && h_coef_cnt <= 5'd2 && !h_coef_last;
    (* keep *) wire cr_keep_nx = !rst && !zero_start &&
                                 (!(cb_v && !cb_end && st != S_FETCH) ||
                                  ((cb_v ? cb_rem_n <= 5'd2 : cb_le2_q) && !cb_last));
    always @(posedge clk) cr_q <= (h_coef_valid && cr_q) ? cr_take_nx : cr_keep_nx;
    mlkem_hash_top #(.RPC(RPC)) u_hash (
        .clk(clk), .rst(urst),
        .cmd_valid(x_hash && !h_cmd_sent), .cmd_ready(h_cmd_ready), .cmd_op(i_f[2:0]),
        /* verilator lint_off PINCONNECTEMPTY */ .cmd_err(), /* verilator lint_on PINCONNECTEMPTY */
        .in_data(fq_head_data), .in_keep(fq_head_keep), .in_last(fq_head_last),
        .in_valid(x_hash && fq_v), .in_ready(h_in_ready),
        .hash_data(h_hash_data), /* verilator lint_off PINCONNECTEMPTY */ .hash_keep(), /* verilator lint_on PINCONNECTEMPTY */
        .hash_last(h_hash_last), .hash_valid(h_hash_valid), .hash_ready(x_hash),
        .coef_data(h_coef_data), .coef_cnt(h_coef_cnt), .coef_last(h_coef_last), .coef_valid(h_coef_valid),
        .coef_ready(h_coef_ready)
    );

    // NTT: its own memory, loaded from a slot and unloaded back
    reg         n_start, n_we;
    reg  [7:0]  n_waddr, n_raddr;
    wire        n_busy, n_done;
    wire [11:0] n_rdata, n_rdata1;
    // two coefficients per clock in and out (a pair: ext_* and the ^1 lane)
    mlkem_ntt #(.BF(BF)) u_ntt (.clk(clk), .rst(urst_a), .start(n_start), .inv(i_f[0]), .busy(n_busy), .done(n_done),
        .ext_we(n_we), .ext_waddr(n_waddr), .ext_wdata(zeroing ? 12'd0 : qe0), .ext_raddr(n_raddr), .ext_rdata(n_rdata),
        .ext_we1(n_we), .ext_wdata1(zeroing ? 12'd0 : qo0), .ext_rdata1(n_rdata1));

    // base multiplication
    // base multiplication: a pair of each operand and of the accumulator per clock
    wire        bm_ov;
    wire [11:0] bm_c0, bm_c1;
    // ... or, for a streaming XOF (HASH with f3: A^[i][j] o slot b (+ slot c with f4) into slot c),
    // SampleNTT's coefficients in pairs as they come, the matrix entry never stored
    wire        xs = i_op == I_HASH && i_f[3];
    reg         xv;                // a pair of the entry in xa0/xa1, its b and c pairs in pe1..po2
    reg  [11:0] xa0, xa1, xheld;   // xheld: an even coefficient waiting for its odd partner
    reg  [6:0]  xp;
    reg         xv2;               // ... a clock later (its b and c pairs in qe1..qo2)
    reg  [11:0] xq0, xq1;          // ... xa0/xa1 a clock later
    reg  [6:0]  xpq;               // ... and xp
    reg         xv3;               // ... a clock later (in ba0/ba1, its b and c pairs in re1..ro2)
    reg  [11:0] ba0, ba1;          // basemul's a operands: xa0/xa1 (streaming) or slot a's pair
    reg  [6:0]  bpair;             // ... and the pair index
    wire        x_issue = cb_v && (wcnt[0] || cb_two);
    wire [11:0] x_a0 = wcnt[0] ? xheld : cb_data[11:0];
    wire [11:0] x_a1 = wcnt[0] ? cb_data[11:0] : cb_data[23:12];
    mlkem_basemul u_bm (.clk(clk), .rst(urst_a), .in_valid((x_bmul && rv3) || (x_hash && i_f[3] && xv3)),
        .pair(bpair), .a0(ba0), .a1(ba1), .b0(re1), .b1(ro1),
        .acc(xs ? i_f[4] : i_f[0]), .c0_in(re2), .c1_in(ro2),
        .out_valid(bm_ov), .c0(bm_c0), .c1(bm_c1));

    // add / subtract
    // ADDSUB: slot a +- slot b, a pair per clock; NTTU: the NTT's output pair + slot b (f1) or + 0
    wire        as_ov;
    wire [11:0] as_c, as_c1;
    // (NTTU with f2: slot b - the NTT's output)
    wire        as_u = i_op == I_NTTU;
    wire        as_rs = as_u && i_f[2];
    wire        as_sub = as_u ? i_f[2] : i_f[0];
    // the operands, selected from qe* (the NTT's output: its read is issued a clock after the
    // polynomial memory's, from rcnt, so it arrives beside qe*)
    reg  [11:0] aa0, aa1, ab0, ab1;
    always @(posedge clk) begin
        aa0 <= as_rs ? qe1 : as_u ? n_rdata : qe0;
        aa1 <= as_rs ? qo1 : as_u ? n_rdata1 : qo0;
        ab0 <= as_rs ? n_rdata : (as_u && !i_f[1]) ? 12'd0 : qe1;
        ab1 <= as_rs ? n_rdata1 : (as_u && !i_f[1]) ? 12'd0 : qo1;
        ba0 <= xs ? xq0 : qe0;
        ba1 <= xs ? xq1 : qo0;
        bpair <= xs ? xpq : rcnt2;
        xq0 <= xa0;
        xq1 <= xa1;
        xpq <= xp;
    end
    wire        as_in = x_as && rv3;
    mlkem_addsub u_as (.clk(clk), .rst(urst_a), .in_valid(as_in), .sub(as_sub),
        .a(aa0), .b(ab0), .out_valid(as_ov), .c(as_c));
    /* verilator lint_off PINCONNECTEMPTY */
    mlkem_addsub u_as1 (.clk(clk), .rst(urst_a), .in_valid(as_in), .sub(as_sub),
        .a(aa1), .b(ab1), .out_valid(), .c(as_c1));
    /* verilator lint_on PINCONNECTEMPTY */

    // d a clock after the fetch, for the coders and compress / decompress (ENC's first
    // coefficient reaches compress 3 clocks into ENC, the encoder 4; DEC's first word reaches
    // the decoder 3 clocks in): the instruction register's decode is not in front of their
    // input stages (ECP5 Fmax, issue 37)
    reg  [3:0]  be_d;
    reg         be_cp;   // ... and ENC's f4 (compress, or d = 12 raw)
    always @(posedge clk) begin
        be_d  <= i_d;
        be_cp <= i_f[4];
    end
    // compress -> ByteEncode, a pair per clock (d = 12: no compress, the same latency)
    wire        cp_ov;
    wire [10:0] cp_y, cp_y1;
    reg  [23:0] raw1, raw2, raw3;
    wire        enc_in_v = x_enc && rv2;
    mlkem_compress u_cp (.clk(clk), .rst(urst_a), .in_valid(enc_in_v), .d(be_d), .x(qe0),
        .out_valid(cp_ov), .y(cp_y));
    /* verilator lint_off PINCONNECTEMPTY */
    mlkem_compress u_cp1 (.clk(clk), .rst(urst_a), .in_valid(enc_in_v), .d(be_d), .x(qo0),
        .out_valid(), .y(cp_y1));
    /* verilator lint_on PINCONNECTEMPTY */
    always @(posedge clk) begin
        raw1 <= {qo0, qe0};
        raw2 <= raw1;
        raw3 <= raw2;
    end
    wire        be_in_ready, be_ov;
    wire [63:0] be_data;
    mlkem_byteenc u_be (.clk(clk), .rst(urst_a), .d(be_d), .in_valid(cp_ov), .in_ready(be_in_ready),
        .in_coef(be_cp ? {1'b0, cp_y} : raw3[11:0]), .in_two(1'b1),
        .in_coef1(be_cp ? {1'b0, cp_y1} : raw3[23:12]), .out_valid(be_ov), .out_ready(1'b1), .out_data(be_data));

    // ByteDecode -> decompress
    // ByteDecode -> decompress, a pair per clock (d = 12: no decompress, the same latency)
    wire        bd_in_ready, bd_ov, bd_bad, bd_bad1;
    wire [11:0] bd_coef, bd_coef1;
    mlkem_bytedec u_bd (.clk(clk), .rst(urst_a), .d(be_d), .two(1'b1), .in_valid(dec_v),
        .in_ready(bd_in_ready), .in_data(fq_head_data), .out_valid(bd_ov), .out_ready(1'b1),
        .out_coef(bd_coef), .out_bad(bd_bad), .out_coef1(bd_coef1), .out_bad1(bd_bad1));
    wire        dc_ov;
    wire [11:0] dc_x, dc_x1;
    reg  [23:0] draw1, draw2;
    mlkem_decompress u_dc (.clk(clk), .rst(urst_a), .in_valid(bd_ov), .d(be_d), .y(bd_coef[10:0]),
        .out_valid(dc_ov), .x(dc_x));
    /* verilator lint_off PINCONNECTEMPTY */
    mlkem_decompress u_dc1 (.clk(clk), .rst(urst_a), .in_valid(bd_ov), .d(be_d), .y(bd_coef1[10:0]),
        .out_valid(), .x(dc_x1));
    /* verilator lint_on PINCONNECTEMPTY */
    always @(posedge clk) begin
        draw1 <= {bd_coef1, bd_coef};
        draw2 <= draw1;
    end
    wire unused = ^{be_in_ready, cb_ok, bd_coef[11], bd_coef1[11], i_f[7:6], h_coef_last, n_busy, i_a[9:4], i_b[9:4],
                    i_c[9:4]};

    assign fq_pop = fq_v && ((x_hash && h_in_ready) || (x_dec && bd_in_ready));

    // ---------------------------------------------------------------- memory port selection and the ops
    wire zcond = i_f[1:0] == 2'd0 || (i_f[1:0] == 2'd1 && bad_ek) || (i_f[1:0] == 2'd2 && bad_dk);
    reg  dv1, dv2;   // DEC without decompress: bytedec's output delayed as decompress would
    // wcnt's enables (used in S_EXEC only; opx is one-hot there and 0 elsewhere)
    wire        w_dec = i_f[4] ? dc_ov : dv2;   // DEC's write (pwe_e in DEC)
    wire        w_two = x_hash && cb_v && cb_two;
    wire        w_inc = (x_hash && (cb_v || h_hash_valid)) || (x_as && as_ov) || (x_bmul && bm_ov) ||
                        (x_enc && be_ov) || (x_dec && w_dec);
    reg  cmp_diff;
    reg  ecv;          // ENC compare: a word in bed, its bb word in brd0
    reg  ecv2, ecl;    // ... a clock later, in bta and brq; ecl: it is the last word
    reg  [63:0] bed;   // ENC's word to compare, a clock after be_data
    // the word compares of CMP and ENC (f5) take two clocks after the word is in brq (the byte
    // buffer's read, registered once more): compared two bits per LUT into a register (cx: 32
    // flags), which is ORed the clock after (ECP5 Fmax, issue 37)
    reg  [31:0] cx;
    reg         cxv;       // cx holds a compare (CMP: of a word pair; ENC: of a word)
    reg         cx_last;   // ... of the instruction's last word (pair): the instruction ends
    // ENC's word goes into bta as CMP's does, so a flag is one LUT4 of two bits of bta and two of
    // brq, no pick of the op in front (ECP5 Fmax, issue 37)
    wire [31:0] cx_n;
    genvar gx;
    generate for (gx = 0; gx < 32; gx = gx + 1) begin : g_cx
        assign cx_n[gx] = bta[2 * gx +: 2] != brq[2 * gx +: 2];
    end endgenerate
    wire        cx_any = cxv && cx != 32'd0;
    wire [3:0]  slot_a = i_a[3:0], slot_b = i_b[3:0], slot_c = i_c[3:0];
    // the byte buffer's write data, an AND-OR of the sources selected by registers (the one-hot
    // op, st): no decode of ins in front of the RAM's data input (ECP5 Fmax, issue 37: ins ->
    // the op decode -> the write-port select -> bwd -> DIA was 10.9 ns at 6fa37b0). Only
    // where bwe is set does it matter: the host in S_IDLE, HASH, ENC, COPY / SEL; zero in S_ZERO
    // and ZERO (and anywhere else)
    wire [63:0] bwd_x = ({64{st == S_IDLE}} & host_wdata) | ({64{x_hash}} & h_hash_data) |
                        ({64{x_enc}} & be_data) | ({64{opx[I_COPY] | opx[I_SEL]}} & cw_d);
    always @* begin
        pra0 = {slot_a, cnt[6:0]}; pra1 = {slot_b, cnt[6:0]}; pra2 = {slot_c, cnt[6:0]};
        pwe_e = 1'b0; pwa_e = {slot_c, wcnt[6:0]}; pwd_e = 12'd0;
        pwe_o = 1'b0; pwa_o = {slot_c, wcnt[6:0]}; pwd_o = 12'd0;
        bra0 = host_addr;
        bwe = !busy && host_we; bwa = host_addr; bwd = bwd_x;
        fin = 1'b0;
        n_start = 1'b0; n_we = 1'b0; n_waddr = {rcnt2, 1'b0}; n_raddr = {rcnt[6:0], 1'b0};
        if (st == S_ZERO) begin
            // ZEROIZE: a pair of each bank, a byte-buffer word (unless kept) and a pair of the
            // NTT's memory per clock; the read ports on words already clear, so the pipelines
            // behind them fill with zeros
            pra0 = 11'd0; pra1 = 11'd0; pra2 = 11'd0;
            pwe_e = 1'b1; pwa_e = zc[10:0];
            pwe_o = 1'b1; pwa_o = zc[10:0];
            bra0 = 10'd12;
            bwe = zb_we; bwa = zb_a;
            n_we = zn_we; n_waddr = {zn_a, 1'b0};
        end
        if (exec) begin
            bwe = 1'b0;
            case (i_op)
                I_END: fin = 1'b1;
                I_HASH: begin
                    bra0 = r_addr;
                    bwe = h_hash_valid; bwa = i_c + wcnt;
                    // lane 0 to coefficient wcnt, lane 1 (if any) to wcnt + 1: one per bank
                    pwe_e = cb_v && (!wcnt[0] || cb_two); pwe_o = cb_v && (wcnt[0] || cb_two);
                    pwa_e = {slot_c, wcnt[7:1] + {6'd0, wcnt[0]}}; pwa_o = {slot_c, wcnt[7:1]};
                    pwd_e = wcnt[0] ? cb_data[23:12] : cb_data[11:0];
                    pwd_o = wcnt[0] ? cb_data[11:0] : cb_data[23:12];
                    fin = (h_hash_valid && h_hash_last) || (cb_end && cb_last);
                    if (xs) begin
                        // streaming into the base multiplication: read b and c at the pair's index,
                        // write the result pair (in order) when it comes out
                        pra1 = {slot_b, wcnt[7:1]}; pra2 = {slot_c, wcnt[7:1]};
                        pwe_e = bm_ov; pwa_e = {slot_c, rcnt[6:0]}; pwd_e = bm_c0;
                        pwe_o = bm_ov; pwa_o = {slot_c, rcnt[6:0]}; pwd_o = bm_c1;
                        fin = bm_ov && rc_last;
                    end
                end
                I_NTT: begin
                    // ph 0: load a pair per clock (read slot a, write the NTT's memory two clocks
                    // later), 1: start it; the transform runs on while the next instructions
                    // do (any but NTT and NTTU: the program unloads it with NTTU)
                    pra0 = {slot_a, cnt[6:0]};
                    n_we = rv2;                // the last write lands in ph 1's second clock
                    n_start = ph == 2'd1 && cnt == 10'd2;
                    fin = n_start;
                end
                I_NTTU: begin
                    // ph 0: wait for the transform; 2: unload a pair per clock (+ slot b) into slot c
                    pra1 = {slot_b, cnt[6:0]};
                    pwe_e = as_ov; pwd_e = as_c;
                    pwe_o = as_ov; pwd_o = as_c1;
                    fin = as_ov && w_last;
                end
                I_BMUL: begin
                    // pair cnt of a, b and the accumulator c read in one clock; the result
                    // pair written LAT clocks later (other pairs: no hazard)
                    pwe_e = bm_ov; pwd_e = bm_c0;
                    pwe_o = bm_ov; pwd_o = bm_c1;
                    fin = bm_ov && w_last;
                end
                I_ADDSUB: begin
                    pwe_e = as_ov; pwd_e = as_c;
                    pwe_o = as_ov; pwd_o = as_c1;
                    fin = as_ov && w_last;
                end
                I_ENC: begin
                    // f5: compare with bb[c...] (the word read as it comes out, compared a clock
                    // later) instead of writing it: fail accumulates over every word
                    bra0 = i_c + wcnt;
                    bwe = be_ov && !i_f[5]; bwa = i_c + wcnt;
                    fin = i_f[5] ? cx_last : (be_ov && w_last);
                end
                I_DEC: begin
                    bra0 = r_addr;
                    pwe_e = i_f[4] ? dc_ov : dv2; pwe_o = pwe_e;
                    pwd_e = i_f[4] ? dc_x : draw2[11:0]; pwd_o = i_f[4] ? dc_x1 : draw2[23:12];
                    fin = pwe_e && w_last;
                end
                I_COPY, I_CMP, I_SEL: begin
                    // COPY: a word per clock; CMP, SEL: bb[a + i] (ph 0) then bb[b + i] (ph 1)
                    bra0 = (i_op != I_COPY && ph[0]) ? i_b + cnt : i_a + cnt;
                    bwe = cw_v; bwa = i_c + cw_a;
                    fin = (i_op == I_CMP ? cx_last : (cw_v && cw_l)) || na0;
                end
                I_ZERO: begin
                    bwe = c_lt && zcond; bwa = i_c + cnt;
                    fin = !c_lt1 || !zcond;
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
        rv2 <= rv;
        rcnt2 <= rcnt[6:0];
        xv2  <= xv;
        rv3 <= rv2;
        xv3 <= xv2;
        rv  <= 1'b0;
        if (n_done) n_run <= 1'b0;
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
                nwait <= 1'b1;
                if (params_ok) st <= S_FETCH;
            end
        end else if (st != S_ZERO) begin
            clocks <= clocks + 32'd1;
        end
        if (st == S_FETCH) begin
            nwait <= 1'b0;
            if (!nwait) begin
                ins <= nxt;
                opx <= 12'd1 << nxt[3:0];   // 0 for an undefined op (it ends at once)
                x_dec_d <= nxt[3:0] == I_DEC;
                pc <= pc + 10'd1;
                st <= S_EXEC;
            end
            cnt <= 10'd0; wcnt <= 10'd0; ph <= 2'd0; rcnt <= 10'd0;
            c_lt <= nxt[23:14] != 10'd0; c_lt1 <= nxt[23:14] > 10'd1; na0 <= nxt[23:14] == 10'd0;
            r_l <= 1'b0; cw_l <= 1'b0; w_last <= 1'b0; rc_last <= 1'b0;
            rseg <= 2'd0; rpos <= 10'd0; f_if <= 1'b0; f_if2 <= 1'b0;
            rvq <= 1'b0; ecv2 <= 1'b0;
            fq_rd <= 2'd0; fq_wr <= 2'd0; fq_n <= 3'd0;
            h_cmd_sent <= 1'b0; cb_v <= 1'b0; xv <= 1'b0; xv2 <= 1'b0; rv2 <= 1'b0; xv3 <= 1'b0; rv3 <= 1'b0;
            cmp_diff <= 1'b0;
            ecv <= 1'b0;
            cxv <= 1'b0; cx_last <= 1'b0;
            cw_v <= 1'b0;
        end
        if (exec) begin
            // the results written: wcnt + 1 or + 2 under one enable made of opx's one-hot flags and
            // the units' valids, not a case on i_op around each unit's increment (ECP5 Fmax, issue
            // 55: ins (i_op) -> a LUT of the decoder's -> the adders' out_valid PFUMX -> a LUT and
            // three PFUMX / L6MUX21 levels -> wcnt was 2ddac8f seed 1's worst path, 10.04 ns)
            if (w_two) wcnt <= wcnt + 10'd2;
            else if (w_inc) wcnt <= wcnt + 10'd1;
            case (i_op)
                I_HASH: begin
                    if (h_cmd_ready) h_cmd_sent <= 1'b1;
                    xv  <= xs && x_issue;
                    xa0 <= x_a0;
                    xa1 <= x_a1;
                    xp  <= wcnt[7:1];
                    if (cb_v && (wcnt[0] ? cb_two : !cb_two)) xheld <= wcnt[0] ? cb_data[23:12] : cb_data[11:0];
                    if (xs && bm_ov) begin rcnt <= rcnt + 10'd1; rc_last <= rcnt == 10'd126; end
                end
                I_NTT: begin
                    if (ph == 2'd0) begin
                        rv <= 1'b1; rcnt <= cnt;
                        cnt <= cnt + 10'd1;
                        if (cnt == 10'd127) begin ph <= 2'd1; cnt <= 10'd0; end
                    end else begin
                        cnt <= cnt + 10'd1;                       // 1: start
                    end
                    if (n_start) n_run <= 1'b1;
                end
                I_NTTU: begin
                    if (ph == 2'd0) begin
                        if (!n_run) ph <= 2'd2;
                    end else begin
                        rv <= c128; rcnt <= cnt;
                        if (c128) cnt <= cnt + 10'd1;
                    end
                    if (as_ov) w_last <= wcnt == 10'd126;
                end
                I_BMUL: begin
                    rv <= c128; rcnt <= cnt;
                    if (c128) cnt <= cnt + 10'd1;
                    if (bm_ov) w_last <= wcnt == 10'd126;
                end
                I_ADDSUB: begin
                    rv <= c128;
                    if (c128) cnt <= cnt + 10'd1;
                    if (as_ov) w_last <= wcnt == 10'd126;
                end
                I_ENC: begin
                    rv <= c128;
                    if (c128) cnt <= cnt + 10'd1;
                    if (be_ov) w_last <= wcnt + 10'd2 == {4'd0, i_d, 2'b00};
                    // compare: be_ov's word (be_data) and its bb word's address in clock t; the
                    // word in bed and brd0 at t + 1 (ecv, ecl: it is the last), in bta and brq at
                    // t + 2 (ecv2), compared into cx at t + 3
                    ecv <= be_ov;
                    bed <= be_data;
                    ecv2 <= ecv;
                    ecl <= ecv && wcnt == {4'd0, i_d, 2'b00};
                    cx  <= cx_n;
                    cxv <= i_f[5] && ecv2;
                    cx_last <= i_f[5] && ecv2 && ecl;
                    if (cx_any) fail <= 1'b1;
                end
                I_DEC: begin
                    if (pwe_e) w_last <= wcnt == 10'd126;
                    if (i_f[5] && bd_ov && (bd_bad || bd_bad1)) bad_ek <= 1'b1;
                end
                I_COPY, I_CMP, I_SEL: begin
                    if (i_op == I_COPY || ph[0]) begin
                        rv <= c_lt; rcnt <= cnt; r_l <= !c_lt1;
                        if (c_lt) begin
                            cnt <= cnt + 10'd1;
                            c_lt <= c_lt1; c_lt1 <= {1'b0, cnt} + 11'd2 < {1'b0, i_na};
                        end
                    end
                    if (i_op != I_COPY) ph <= {1'b0, !ph[0]};
                    // the word read at t is in brq at t + 2 (rvq, rcntq, r_lq)
                    rvq <= rv; rcntq <= rcnt; r_lq <= r_l;
                    cw_v <= rvq && i_op != I_CMP;
                    cw_a <= rcntq; cw_l <= r_lq;
                    cx  <= cx_n;
                    cxv <= rvq && i_op == I_CMP;
                    cx_last <= rvq && i_op == I_CMP && r_lq;
                    if (cx_any) cmp_diff <= 1'b1;
                end
                I_ZERO: begin
                    cnt <= cnt + 10'd1;
                    c_lt <= c_lt1; c_lt1 <= {1'b0, cnt} + 11'd2 < {1'b0, i_na};
                end
                default: ;
            endcase
            // the words after the byte buffer's read (brq) picked by the one-hot op, not by a
            // decode of ins (ECP5 Fmax, issue 37): bta (CMP / SEL's first word, ENC's word to
            // compare) and cw_d (COPY / SEL's write word), one LUT each
            if (opx[I_ENC] || opx[I_COPY] || opx[I_CMP] || opx[I_SEL]) bta <= opx[I_ENC] ? bed : brq;
            if (opx[I_COPY] || opx[I_CMP] || opx[I_SEL])
                cw_d <= opx[I_SEL] ? ((bta & ~{64{fail}}) | (brq & {64{fail}})) : brq;
            // the word reader (HASH, DEC)
            if (r_issue) begin
                rseg <= rseg_n;
                rpos <= rpos_n;
            end
            f_if <= r_issue;
            f_if_imm <= rseg == 2'd2;
            f_if_last <= r_last;
            f_if2 <= f_if;
            f_if2_imm <= f_if_imm;
            f_if2_last <= f_if_last;
            if (f_if2) begin
                fq_data[fq_wr] <= brq;
                fq_imm[fq_wr] <= f_if2_imm;
                fq_keep[fq_wr] <= f_if2_imm ? imm_keep : 8'hFF;
                fq_last[fq_wr] <= f_if2_last;
                fq_wr <= fq_wr + 2'd1;
            end
            if (fq_pop) fq_rd <= fq_rd + 2'd1;
            if (fq_pop || !fq_v) begin
                fq_hd      <= hd_ram ? brq : hd_alt;
                fq_hd_keep <= hd_new ? (f_if2_imm ? imm_keep : 8'hFF) : fq_keep[fq_rd1];
                fq_hd_last <= hd_new ? f_if2_last : fq_last[fq_rd1];
            end
            fq_n <= fq_n + {2'd0, f_if2} - {2'd0, fq_pop};
            // CMP's end (fin's CMP term) without fin's pick of the op in front of the flags
            if (opx[I_CMP] && (cx_last || na0)) begin
                if (i_f[0]) bad_dk <= cmp_diff | cx_any;
                else fail <= cmp_diff | cx_any;
            end
            if (fin) begin
                st <= (i_op == I_END) ? S_IDLE : S_FETCH;
                opx <= 12'd0;
                x_dec_d <= 1'b0;
                if (i_op == I_END) begin
                    busy <= 1'b0;
                    done <= 1'b1;
                    status <= {1'b0, bad_dk, bad_ek};
                    fail <= 1'b0;
                end
            end
        end
        // the coefficient beat register (HASH only, as above: not gated by the op or
        // the state; a fetch finds it empty, ZEROIZE and reset clear it)
        if (cb_v) begin
            cb_rem <= cb_rem_n;
            cb_two_q <= cb_rem_n >= 5'd2;
            cb_le2_q <= cb_rem_n <= 5'd2;
            cb_data <= {24'd0, cb_data[191:24]};
            if (cb_end) cb_v <= 1'b0;
        end
        if (cb_take) begin
            cb_v <= 1'b1;
            cb_data <= h_coef_data;
            cb_rem <= h_coef_cnt;
            cb_two_q <= h_coef_cnt >= 5'd2;
            cb_le2_q <= h_coef_cnt <= 5'd2;
            cb_last <= h_coef_last;
        end
        cb_ok <= !zero_start;
        // the next clock's sweep writes (zc + 1 - 1 = zc): none in S_ZERO's first clock
        zb_we <= st == S_ZERO && !zero_start && zc < 12'd1024 &&
                 !(zc[9:0] >= keep0_lo && zc[9:0] < keep0_hi) && !(zc[9:0] >= keep1_lo && zc[9:0] < keep1_hi);
        zb_a  <= zc[9:0];
        zn_we <= st == S_ZERO && !zero_start && zc < 12'd128;
        zn_a  <= zc[6:0];
        if (st == S_ZERO) begin
            zc <= zc + 12'd1;
            if (zc == ZN) st <= S_IDLE;
        end
        if (zero_start) begin
            // ZEROIZE (any state): the data registers here now, the units by urst, the
            // memories word by word in S_ZERO
            st <= S_ZERO;
            zc <= 12'd0;
            busy <= 1'b0;
            done <= 1'b0;
            fail <= 1'b0;
            cmp_diff <= 1'b0;
            bta <= 64'd0;      // CMP / SEL's word (K', Kbar), ENC's compare word (c')
            bed <= 64'd0;      // ... ENC's compare word a clock before
            ecv2 <= 1'b0; ecl <= 1'b0; rvq <= 1'b0;
            cw_v <= 1'b0; cw_d <= 64'd0;   // COPY / SEL's write word
            ecv <= 1'b0;
            cx <= 32'd0; cxv <= 1'b0; cx_last <= 1'b0;   // the compare flags
            ins <= 80'd0;
            opx <= 12'd0;
            x_dec_d <= 1'b0;
            cb_v <= 1'b0; cb_data <= 192'd0; cb_rem <= 5'd0; cb_two_q <= 1'b0; cb_le2_q <= 1'b1;
            xv <= 1'b0; xa0 <= 12'd0; xa1 <= 12'd0; xheld <= 12'd0;
            xv2 <= 1'b0; xv3 <= 1'b0;   // (xq*: zero a clock later; ba*, aa*, ab*, qe*, qo*, re*, ro*:
                                        // flushed with zeros in the sweep)
            f_if <= 1'b0; f_if2 <= 1'b0; fq_n <= 3'd0; rv <= 1'b0; rv2 <= 1'b0; rv3 <= 1'b0;
            n_run <= 1'b0;
            fq_hd <= 64'd0; fq_hd_keep <= 8'd0; fq_hd_last <= 1'b0;   // (the FIFO's head)
            for (x = 0; x < 4; x = x + 1) begin
                fq_data[x] <= 64'd0;   // the hash unit's input: zero words, no padding byte
                fq_keep[x] <= 8'd0;
                fq_last[x] <= 1'b0;
                fq_imm[x] <= 1'b0;
            end
        end
        if (rst) begin
            st <= S_IDLE;
            cb_ok <= 1'b0;
            busy <= 1'b0;
            done <= 1'b0;
            status <= 3'd0;
            clocks <= 32'd0;
            bad_ek <= 1'b0;
            bad_dk <= 1'b0;
            fail <= 1'b0;
            pc <= 10'd0;
            nwait <= 1'b0;
            ins <= 80'd0;
            opx <= 12'd0;
            x_dec_d <= 1'b0;
            rv <= 1'b0;
            rv2 <= 1'b0;
            xv2 <= 1'b0;
            rv3 <= 1'b0;
            xv3 <= 1'b0;
            f_if <= 1'b0;
            f_if2 <= 1'b0;
            rvq <= 1'b0;
            ecv2 <= 1'b0;
            fq_n <= 3'd0;
            cb_v <= 1'b0;
            n_run <= 1'b0;
        end
    end
    initial begin
        for (x = 0; x < 4; x = x + 1) begin
            fq_data[x] = 64'd0; fq_keep[x] = 8'd0; fq_last[x] = 1'b0; fq_imm[x] = 1'b0;
        end
        fq_hd = 64'd0; fq_hd_keep = 8'd0; fq_hd_last = 1'b0;
    end
`ifndef SYNTHESIS
    // (simulation only) a read whose data is used (the word reader's f_if, COPY / CMP / SEL's
    // rv, ENC's compare word ecv) never met a write to the same word; the bus's reads happen
    // with no write (rtl/bus: hwe only in A_W2, after its read)
    reg sim_col;
    always @(posedge clk) begin
        sim_col <= bwe && bwa == bra0;
        if (sim_col && st == S_EXEC && (f_if || (rv && (i_op == I_COPY || i_op == I_CMP || i_op == I_SEL)) ||
                                        (i_op == I_ENC && i_f[5] && ecv))) begin
            $display("mlkem_top: a byte-buffer read used met a write to its word (no_rw_check)");
            $fatal;
        end
    end
`endif
endmodule
`default_nettype wire

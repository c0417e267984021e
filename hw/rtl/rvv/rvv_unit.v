// SPDX-License-Identifier: Apache-2.0 OR MIT
// rvv_unit - seed 003's vector unit: 32 registers of ELENUM elements of ELEN bits, vsetvli
// (LMUL 1/2/4/8, SEW = ELEN, tail undisturbed), the RVV 1.0 subset of the seed's programs
// (vxor/vand/vor, vsll/vsrl in .vv/.vx/.vi forms as RVV defines them, vmv.v.v, unit-stride
// vle/vse of EEW = ELEN) and the seed's ten custom instructions, encoded as
// bench/rvv_ise_model/rvv_encoding.py defines (constants and ROMs: rvv_tables.vh, generated).
// With ZVBB = 1 also Zvbb's vandn.vv, vror.vv, vror.vi, vrol.vv (the model's Zvbb subset; the
// .vx forms are not in the model and stay refused); with SEED_ROT = 0 the seed's rotates
// (vrotup, v64rho, v32l/hrotup, v32l/hrho) are refused (an area comparison: README.md).
// Semantics and cycle costs are those of bench/rvv_ise_model/rvv_ise.py (hw/rtl/rvv/README.md).
//
// Issue: an instruction is taken at a clock edge where in_valid and in_ready are high (with
// in_rs1, the value of the scalar register its bits 19:15 name, for vsetvli / .vx / viota /
// vle / vse). in_ready is low while an instruction runs. That edge is the instruction's
// first cycle (decode); it then runs T more cycles and `done` is high in the last one, so an
// instruction costs 1 + T cycles from its issue edge to the next issue edge:
//   element-wise and custom (but vpi, viota): T = R, one register of the group per cycle,
//                   R = max(1, ceil(vl / ELENUM)) (lmul_cnt = the register's index)
//   vpi:            T = R + 1 (row r is read in cycle r + 1, written as a column in cycle r + 2)
//   viota, vsetvli: T = 1
//   vle, vse:       T = vl + 1 (one element per cycle; a load's data arrives one cycle late)
// An instruction the unit does not implement, or one the model calls a ModelError (register
// group not aligned to LMUL, immediate out of range, a custom instruction of the other ELEN,
// a fixed row with LMUL > 1, lmul_cnt beyond row 4, vpi's rows overlapping its destination,
// a viota index past the table, a vtype other than SEW = ELEN and integer LMUL) takes T = 1,
// changes nothing and raises done_illegal with done.
// Memory: one ELEN-bit element per cycle at byte address mem_addr (little-endian elements);
// read data is expected on mem_rdata in the cycle after the request. A load requests in its
// busy cycles 1..vl; a store writes (mem_valid with mem_we) in its busy cycles 2..vl + 1, a
// cycle after it picks each element, from flip-flops (session 68; its last cycle included).
`default_nettype none
module rvv_unit #(
    parameter integer ELEN   = 64,  // 64 or 32
    parameter integer ELENUM = 5,   // elements per register, a multiple of 5; SN = ELENUM / 5 states
    parameter integer TB_ACCESS = 0, // 1: the test benches' view of the registers (tb_vrf, tb_vrf_in,
                                     // tb_load; simulation only, below)
    parameter integer ZVBB   = 0,   // 1: Zvbb's vandn.vv, vror.vv/.vi, vrol.vv (beyond the seed)
    parameter integer SEED_ROT = 1, // 0: without the seed's custom rotates (vrotup, v64rho, v32*)
    parameter integer PRE    = 0    // 1: the word's predecode registered from in_pre_insn (below)
) (
    input  wire            clk,
    input  wire            rst,
    input  wire            in_valid,
    output wire            in_ready,
    input  wire [31:0]     in_insn,
    input  wire [31:0]     in_rs1,
    // PRE = 1: the word in_insn will hold after this clock edge when in_pre_ld is high (the
    // core's stage-2 word and the enable of its execute register: in_insn keeps its word while
    // in_pre_ld is low); PRE = 0: not used
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire            in_pre_ld,
    input  wire [31:0]     in_pre_insn,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire            done,
    output wire            done_illegal,
    output wire            done_rd_we,   // vsetvli with rd != x0: write done_rd_val to rd
    output wire [4:0]      done_rd,
    output wire [31:0]     done_rd_val,
    output wire            mem_valid,
    output wire            mem_we,
    output wire [31:0]     mem_addr,
    output wire [ELEN-1:0] mem_wdata,
    input  wire [ELEN-1:0] mem_rdata,
    output wire [7:0]      vl_o,
    output wire [3:0]      lmul_o
);
`include "rvv_tables.vh"
    localparam integer REGW = ELEN * ELENUM;
    localparam integer SN   = ELENUM / 5;
    localparam integer NS   = 5 * SN;
    localparam integer NB   = ELEN / 8;
    localparam integer QW   = ELEN / 4;   // a quarter of an element (sa, sb copies)
    localparam integer SHW  = (ELEN == 64) ? 6 : 5;
    localparam integer NH   = ELEN / 8;   // groups of 8 bits of an element (the shift mask's codes)
    localparam [2:0] SEWC   = (ELEN == 64) ? 3'b011 : 3'b010;
    localparam [2:0] MEMW   = (ELEN == 64) ? 3'b111 : 3'b110;

    // instruction kinds: element-wise RVV (and Zvbb) 0..8, the seed's custom 9..18 (is_custom),
    // then those that write no register through the element datapath
    localparam [4:0] K_XOR = 5'd0, K_AND = 5'd1, K_OR = 5'd2, K_SLL = 5'd3, K_SRL = 5'd4,
                     K_MV = 5'd5, K_ANDN = 5'd6, K_ROR = 5'd7, K_ROL = 5'd8,
                     K_SLDN = 5'd9, K_SLUP = 5'd10, K_ROTUP = 5'd11, K_RHO64 = 5'd12,
                     K_PI = 5'd13, K_ROT32L = 5'd14, K_ROT32H = 5'd15, K_RHO32L = 5'd16,
                     K_RHO32H = 5'd17, K_IOTA = 5'd18, K_VSET = 5'd19, K_LOAD = 5'd20,
                     K_STORE = 5'd21, K_ILL = 5'd22;
    localparam       HAS_ZVBB = ZVBB != 0;

    // Small modulo-5 arithmetic as tables, constant vectors indexed by the operands (3 bits an
    // entry), which synthesis maps to a few LUTs: `%` by 5 becomes a divider of chained carry
    // chains, the whole unit's critical path once (hw/rtl/rvv/README.md, "Fmax on ECP5-85").
    //   T_MOD[x] = x % 5 (x = 0..31), T_ADD[{a, b}] = (a + b) % 5,
    //   T_SUB[{a, b}] = (a - b) mod 5 (a, b = 0..7); entry i at bits 4i + 2..4i, read as
    //   T[{i, 2'b00} +: 3] (an offset that never leaves the table: no x in the netlist,
    //   which the formal flow refuses)
    /* verilator lint_off WIDTH */
    function [255:0] tab5;
        input integer kind;     // 0 mod, 1 div, 2 add, 3 sub
        integer i;
        begin
            tab5 = 256'd0;
            for (i = 0; i < 64; i = i + 1)
                tab5[i * 4 +: 3] = kind == 0 ? (i % 32) % 5 : kind == 1 ? (i % 32) / 5
                                 : kind == 2 ? ((i / 8) + (i % 8)) % 5 : ((i / 8) + 10 - (i % 8)) % 5;
        end
    endfunction
    //   tabx(j)[v] = (j - v) % 5 (v = 0..31), a lane's element for register v
    function [127:0] tabx;
        input integer j;
        integer i;
        begin
            tabx = 128'd0;
            for (i = 0; i < 32; i = i + 1)
                tabx[i * 4 +: 3] = (j + 35 - i) % 5;
        end
    endfunction
    /* verilator lint_on WIDTH */
    localparam [255:0] T_MOD = tab5(0);
    localparam [255:0] T_ADD = tab5(2);
    localparam [255:0] T_SUB = tab5(3);
    localparam       HAS_SROT = SEED_ROT != 0;

    // The register file: ELENUM banks of 32 words of ELEN bits (g_rf[b].mem, distributed RAM:
    // two asynchronous read ports, one write port each), skewed so that both kinds of write
    // are one word per bank: element 5i + x of register q is word q of bank 5i + (x + q) % 5.
    // A register's write (elements 5i + 0..4 of one register) and vpi's column write (element
    // 5i + y of the five registers vd..vd+4) then each touch every bank of a state once.
    reg [7:0] vl;
    reg [1:0] vlmul;            // log2 LMUL
    reg [3:0] nregs;            // R = max(1, ceil(vl / ELENUM))
    reg [3:0] nregs_m1;         // R - 1, set with nregs (for lm1 below)
    reg [ELENUM-1:0] vlt;       // vlt[e] = (e < vl), set with vl

    function al;                // register number aligned to LMUL
        input [4:0] r;
        input [1:0] lm;
        begin
            al = (r & ~(5'h1f << lm)) == 5'd0;
        end
    endfunction

    function [8:0] rle_of;      // rle_of(v)[j] = (regs_of(v) <= j), j = 0..8
        input [7:0] v;
        integer j;
        begin
            rle_of = 9'd0;          // (v <= 8 ELENUM: vsetvli clips vl to VLMAX)
            for (j = 1; j < 9; j = j + 1)
                if ({24'd0, v} <= j * ELENUM) rle_of[j] = 1'b1;
        end
    endfunction

    function [3:0] regs_of;
        input [7:0] v;
        integer r;
        begin
            regs_of = 4'd1;
            for (r = 1; r < 8; r = r + 1)
                if ({24'd0, v} > r * ELENUM) regs_of = regs_of + 4'd1;
        end
    endfunction


    // ---- decode (the issue cycle) ----
    wire [4:0] d_vd  = in_insn[11:7];
    wire [2:0] d_f3  = in_insn[14:12];
    wire [4:0] d_f15 = in_insn[19:15];
    wire [4:0] d_vs2 = in_insn[24:20];
    wire       d_imm5 = in_insn[26];  // funct6 bit 0: vrotup's uimm[5], vror.vi's imm[5]
    // The predecode (session 68): what the word alone decides, its kind before the checks
    // against the unit's state (d_kr), the lanes' kind flags (dk_*), funct3's forms (d_vv,
    // d_vx, d_vi), the residues (d_vd5, d_vs25), the banks' one-hot offsets (d_aoh, d_dboh,
    // d_smk), and per lane position j the element (j - vd) % 5 and its rho offset (d_xs,
    // d_rhos), is made from pw by the c_* logic below and read as d_* (pd, unpacked). PRE = 0:
    // pw is in_insn, the decode is in the issue cycle as before. PRE = 1 (rvv_soc): pw is
    // in_pre_insn, the word the core's execute register takes at the edge where in_pre_ld is
    // high (rv32i_core: stage 2's word and `take`), and the predecode is registered with the
    // same enable (g_pre), so it is always that of in_insn and the issue cycle starts from
    // flip-flops (at ea32a49 the processor's seed-2 and seed-3 worst paths ran from the core's
    // e_ir through this decode into the lanes' sa and op_amt, 11.58 / 11.84 ns). The word's
    // fields themselves (read addresses, alignment, vsetvli, vpi's row checks) still come from
    // in_insn, and the checks against vl / LMUL (d_ok) stay in the issue cycle: vsetvli may
    // change them while a word waits.
    wire [31:0] pw    = (PRE != 0) ? in_pre_insn : in_insn;
    wire [6:0]  p_opc = pw[6:0];
    wire [2:0]  p_f3  = pw[14:12];
    wire [4:0]  p_vd  = pw[11:7];
    wire [4:0]  p_f15 = pw[19:15];
    wire [4:0]  p_vs2 = pw[24:20];
    wire        p_vm  = pw[25];
    wire [5:0]  p_f6  = pw[31:26];
    wire        c_vv  = p_f3 == F3_OPIVV;
    wire        c_vx  = p_f3 == F3_OPIVX;
    wire        c_vi  = p_f3 == F3_OPIVI;
    // (the predecode as the issue cycle reads it: assigned from pd, below)
    wire        d_vv, d_vx, d_vi;
    wire [4:0]  d_kr;           // the kind (K_ILL: no instruction of the unit)
    wire        dk_sll, dk_srl, dk_mv, dk_ror, dk_rol, dk_xor, dk_and, dk_or, dk_andn, dk_slide,
                dk_rotup, dk_rho64, dk_rowk, dk_rot32l, dk_rot32h, dk_rho32l, dk_rho32h, dk_iota;
    wire [2:0]  d_vd5, d_vs25;  // vd % 5, vs2 % 5
    wire [4:0]  d_aoh, d_dboh;  // the banks' one-hot offsets of lane 0 for A and B
    wire        d_smk;          // a .vv shift or Zvbb rotate
    wire [14:0] d_xs;           // lane position j: its element (j - vd) % 5 at bits 3j + 2..3j
    wire [29:0] d_rhos;         // ... and that element's rho offset (row f15 or 0) at 6j + 5..6j
    // The word's legality is decoded beside its kind, not inside it: d_kr, the kind from the
    // opcode, funct3/funct6, vm and fixed fields (no compare of a register field with another or
    // with vl's register count), and d_ok, the conditions the kind needs (alignment to LMUL, the
    // immediate's range, vpi's row count, viota's one register; vpi's rows against vd and
    // viota's index: q_pibad, q_iobad, below, registered); each register the issue writes from the
    // kind (k, last, a bank's wok_k) is one select after d_ok. (At da0badf and 33215c8 the
    // issue cycle's worst paths ran from vs1/vs2/vd through vpi's compares into d_k, then its
    // decode again into d_last / d_wrok: hw/rtl/rvv/README.md, "Fmax on ECP5-85".)
    // Range checks against constants are written as bit tests (no carry chain): f15 <= 4,
    // vd <= 27.
    wire       d_f15le4 = !d_f15[4] && !d_f15[3] && !(d_f15[2] && (d_f15[1] || d_f15[0]));
    wire       d_f15all = &d_f15;
    // rle[j] = (R <= j), j = 0..8: a thermometer of nregs kept beside it (control block), so
    // vpi's compares with R are selects, not carry chains
    reg  [8:0] rle;
    wire       d_row_ok = d_f15all ? rle[5] : (d_f15le4 && rle[1]);
    // vpi's rows vs2 .. vs2 + rows - 1 (rows = R for the row immediate -1, else 1) within
    // v0..v31 and not overlapping vd..vd+4, from the two differences vs2 - vd and vd - vs2
    // (6 bits, side by side, one carry chain each) and bit tests:
    //   vs2 < vd       <=> dd < 0;  vd + 5 <= vs2 <=> dd >= 5;
    //   vs2 + R <= vd  <=> nd >= R  (nd >= 8, or R <= nd[2:0]: R <= 5 when the rows are legal);
    //   vs2 + R <= 32  <=> vs2 < 24, or R <= 8 - vs2[2:0]
    wire [5:0] d_dd = {1'b0, d_vs2} - {1'b0, d_vd};
    wire [5:0] d_nd = {1'b0, d_vd} - {1'b0, d_vs2};
    wire       d_pi_hi  = !d_dd[5] && (d_dd[4] || d_dd[3] || (d_dd[2] && (d_dd[1] || d_dd[0])));
    wire       d_pi_lo1 = d_dd[5];
    wire       d_pi_lon = !d_nd[5] && (d_nd[4] || d_nd[3] || rle[{1'b0, d_nd[2:0]}]);
    reg        d_pi_in;         // vs2 + R <= 32
    always @* begin
        case (d_vs2[2:0])
            3'd0: d_pi_in = rle[8];
            3'd1: d_pi_in = rle[7];
            3'd2: d_pi_in = rle[6];
            3'd3: d_pi_in = rle[5];
            3'd4: d_pi_in = rle[4];
            3'd5: d_pi_in = rle[3];
            3'd6: d_pi_in = rle[2];
            default: d_pi_in = rle[1];
        endcase
        if (!(d_vs2[4] && d_vs2[3])) d_pi_in = 1'b1;
    end
    wire       d_pi_okn = d_pi_in && (d_pi_lon || d_pi_hi);
    wire       d_pi_ok1 = d_pi_lo1 || d_pi_hi;
    wire       d_pi_ok = !(d_vd[4] && d_vd[3] && d_vd[2]) && (d_f15all ? d_pi_okn : d_pi_ok1);
    wire       al_d  = al(d_vd, vlmul);
    wire       al_s2 = al(d_vs2, vlmul);
    wire       al_s1 = al(d_f15, vlmul);
    // viota's index below the table's length (the round constants: 24 words, or 48 for ELEN 32)
    wire       d_io_ok = in_rs1[31:6] == 26'd0 &&
                         ((ELEN == 64) ? !in_rs1[5] && !(in_rs1[4] && in_rs1[3]) : !(in_rs1[5] && in_rs1[4]));
    reg  [4:0] c_kr;
    always @* begin
        c_kr = K_ILL;
        case (p_opc)
            OPC_OPV:
                if (p_f3 == F3_OPCFG) begin
                    // vsetvli: bit 31 = 0, vtype = bits 30:20 = {000, vma, vta, vsew, vlmul}
                    if (!pw[31] && pw[30:28] == 3'b000 && pw[25:23] == SEWC && !pw[22])
                        c_kr = K_VSET;
                end else if (p_vm) begin
                    case (p_f6)
                        SF6_VXOR: if (c_vv || c_vx || c_vi) c_kr = K_XOR;
                        SF6_VAND: if (c_vv) c_kr = K_AND;
                        SF6_VOR:  if (c_vv) c_kr = K_OR;
                        SF6_VSLL: if (c_vv || c_vx || c_vi) c_kr = K_SLL;
                        SF6_VSRL: if (c_vv || c_vx || c_vi) c_kr = K_SRL;
                        SF6_VMV:  if (c_vv && p_vs2 == 5'd0) c_kr = K_MV;
                        // Zvbb: vandn.vv; vror.vv and vror.vi (funct6 01010 + imm[5]); vrol.vv
                        // (010101 with OPIVV: the same funct6 as vror.vi of imm[5] = 1)
                        SF6_VANDN: if (HAS_ZVBB && c_vv) c_kr = K_ANDN;
                        SF6_VROR: if (HAS_ZVBB && (c_vv || c_vi)) c_kr = K_ROR;
                        SF6_VROL: if (HAS_ZVBB && c_vv) c_kr = K_ROL;
                                  else if (HAS_ZVBB && c_vi) c_kr = K_ROR;
                        default: ;
                    endcase
                end
            OPC_CUSTOM2:
                if (p_vm) begin
                    case (p_f6)
                        CF6_VSLIDEDOWNM: if (c_vi) c_kr = K_SLDN;
                        CF6_VSLIDEUPM:   if (c_vi) c_kr = K_SLUP;
                        CF6_VROTUP, CF6_VROTUP | 6'd1:
                                         if (HAS_SROT && c_vi && ELEN == 64) c_kr = K_ROTUP;
                        CF6_V64RHO:      if (HAS_SROT && c_vi && ELEN == 64) c_kr = K_RHO64;
                        CF6_VPI:         if (c_vi) c_kr = K_PI;
                        CF6_V32LROTUP:   if (HAS_SROT && c_vv && ELEN == 32) c_kr = K_ROT32L;
                        CF6_V32HROTUP:   if (HAS_SROT && c_vv && ELEN == 32) c_kr = K_ROT32H;
                        CF6_V32LRHO:     if (HAS_SROT && c_vv && ELEN == 32) c_kr = K_RHO32L;
                        CF6_V32HRHO:     if (HAS_SROT && c_vv && ELEN == 32) c_kr = K_RHO32H;
                        CF6_VIOTA:       if (c_vx) c_kr = K_IOTA;
                        default: ;
                    endcase
                end
            OPC_LOADFP, OPC_STOREFP:
                // nf 000, mew 0, mop 00 (unit stride), vm 1, lumop/sumop 00000, EEW = ELEN
                if (pw[31:20] == 12'b0000_0010_0000 && p_f3 == MEMW)
                    c_kr = (p_opc == OPC_LOADFP) ? K_LOAD : K_STORE;
            default: ;
        endcase
    end
    reg        d_ok;            // the word's operands legal for its kind d_kr
    always @* begin
        case (d_kr)
            K_XOR, K_AND, K_OR, K_SLL, K_SRL, K_ANDN, K_ROR, K_ROL:
                             d_ok = al_d && al_s2 && (!d_vv || al_s1);
            K_MV:            d_ok = al_d && al_s1;          // (vmv.v.v: .vv, vs2 = 0)
            K_SLDN, K_SLUP:  d_ok = d_f15le4 && al_d && al_s2;
            K_ROTUP:         d_ok = al_d && al_s2;
            K_RHO64:         d_ok = d_row_ok && al_d && al_s2;
            K_PI:            d_ok = d_row_ok;           // (its rows: q_pibad, below)
            K_ROT32L, K_ROT32H:
                             d_ok = al_d && al_s2 && al_s1;
            K_RHO32L, K_RHO32H:
                             d_ok = rle[5] && al_d && al_s2 && al_s1;
            K_IOTA:          d_ok = rle[1];             // (its index: q_iobad, below)
            K_LOAD, K_STORE: d_ok = al_d;
            default:         d_ok = 1'b1;                   // vsetvli (K_ILL: refused anyway)
        endcase
    end
    wire [4:0] d_k = d_ok ? d_kr : K_ILL;
    // vpi's row checks (d_pi_ok: vs2 - vd and vd - vs2, two carry chains and four LUT levels
    // after the word) are not in d_ok: they are registered at the issue, q_pibad, and read in
    // the first busy cycle, which ends a vpi whose rows overlap vd..vd+4 or run past v31 there
    // as a refused word (done with done_illegal in busy cycle 1: 1 + 1 cycles, as before;
    // vpi writes its first column in busy cycle 2 (pi_kv, g_rf), so nothing is written). At
    // 11d4387 seeds 1 and 2's worst path ran from the word's vd through d_dd / d_nd and
    // d_pi_ok into d_k, d_last and their registers (91.56 / 84.27 MHz).
    reg        q_pibad;         // busy cycle 1 of a vpi whose rows are illegal
    // viota's index likewise (session 68): d_io_ok, a compare of in_rs1's 26 high bits with 0,
    // is registered at the issue (q_iobad) and read in viota's one busy cycle, which then ends
    // it as a refused word (done_illegal) and keeps its register write off (the banks' we):
    // 1 + 1 cycles as before. (At aec6e0c the processor's seed-1 worst path ran from the core's
    // e_a (in_rs1 through x1v's forward mux) through d_io_ok, d_ok and d_k into k, 10.78 ns.)
    reg        q_iobad;         // busy cycle 1 of a viota whose index is past the table

    // vsetvli's new vl (RVV 1.0 §6.2; AVL unsigned; rs1 = rd = x0 keeps vl, clipped)
    wire [1:0]  s_lmul  = in_insn[21:20];
    wire [7:0]  s_vlmax = ELENUM[7:0] << s_lmul;
    // (AVL < VLMAX without the rs1/rd field selects in front of a 32-bit compare, session 55:
    // rs1's compares with the four VLMAX constants as bit tests, no carry chain, rs1[31:8] an
    // OR apart; vl's kept as registers, s_vlltq, set when vl is; the field selects last. At
    // 35eefed the worst path of a seed ran from the word through the select into the compare.)
    wire        s_rshi  = |in_rs1[31:8];
    reg  [3:0]  s_rsltv;                // rs1[7:0] < VLMAX for LMUL 1, 2, 4, 8
    reg  [3:0]  s_vlltq;                // vl < VLMAX for LMUL 1, 2, 4, 8 (registers, below)
    reg         s_eq;
    integer     avl, avb;
    always @* begin
        for (avl = 0; avl < 4; avl = avl + 1) begin
            s_rsltv[avl] = 1'b0;
            s_eq = 1'b1;
            for (avb = 7; avb >= 0; avb = avb - 1) begin
                if (s_eq && !in_rs1[avb] && (((ELENUM << avl) >> avb) & 1) == 1) s_rsltv[avl] = 1'b1;
                s_eq = s_eq && (in_rs1[avb] == ((((ELENUM << avl) >> avb) & 1) == 1));
            end
        end
    end
    wire        s_rslt  = !s_rshi && s_rsltv[s_lmul];
    wire        s_vllt  = s_vlltq[s_lmul];
    wire [7:0]  s_vl    = (d_f15 != 5'd0) ? (s_rslt ? in_rs1[7:0] : s_vlmax)
                        : (d_vd != 5'd0) ? s_vlmax : (s_vllt ? vl : s_vlmax);

    // T, the instruction's busy cycles, is kept as T - 1 (lm1) with the last busy cycle a flag
    // registered a cycle ahead, lc = (cnt == T), in place of cnt == last (session 55's 5c0c95c
    // placed at weight 50 with seeds 2 and 3's worst paths cnt[4] / cnt[6] -> 8 LUTs: that
    // compare, last_cycle and the loads behind it; session 51's 5350ec0 had the same flag on
    // 58bcb44's RTL): at the issue lc = (T == 1), of the kind d_kr when legal (d_l1r; vl = 0
    // is !vlt[0], R = 1 is rle[1]), then lc <= (cnt == lm1) in each busy cycle that is not
    // the last, so lc is set exactly in busy cycle T (cnt counts 1..T). No cycle moves.
    reg [7:0] d_lm1r;           // T - 1 of the kind d_kr when legal
    reg       d_l1r;            // T == 1 for it
    always @* begin
        case (d_kr)
            K_VSET, K_ILL, K_IOTA: begin d_lm1r = 8'd0;             d_l1r = 1'b1;    end
            K_PI:                  begin d_lm1r = {4'd0, nregs};    d_l1r = 1'b0;    end
            K_LOAD, K_STORE:       begin d_lm1r = vl;               d_l1r = !vlt[0]; end
            default:               begin d_lm1r = {4'd0, nregs_m1}; d_l1r = rle[1];  end
        endcase
    end
    wire [7:0] d_lm1 = d_ok ? d_lm1r : 8'd0;
    wire       d_l1  = !d_ok || d_l1r;

    // ---- the running instruction ----
    reg        busy;
    reg [7:0]  cnt, lm1;        // the busy cycle (1..T), T - 1
    reg        lc;              // cnt == T: the last busy cycle (unless q_pibad ends it first)
    reg [4:0]  k;
    // Flags of the running kind registered at the issue (session 69), read by the consumers far
    // from the control block in place of compares of k: each equals its compare of k in every
    // cycle after a reset (k changes at the issue alone, to d_k; K_ILL under reset). (At 50ac7a0
    // the processor's seed-1 worst path ran from a bit of k through three hops of 2.0-2.9 ns
    // into vpi's column select pi_oh, 11.90 ns, and its seed-3 from k through done_rd_we into
    // the core's write data, 10.83 ns.)
    reg        q_kpi;           // k == K_PI
    reg        q_kill;          // k == K_ILL (done_illegal)
    reg        q_rdwe;          // k == K_VSET && q_vd != 0 (done_rd_we)
    reg [4:0]  q_vd, q_vs2, q_f15;
    reg [2:0]  q_f3;
    reg        q_imm5;          // vrotup's uimm[5] (bit 26)
    reg [5:0]  q_rs1;           // (the bits a shift amount or viota's index needs)
    reg [7:0]  q_newvl;
    reg [1:0]  q_newlmul;
    wire       accept = in_valid && !busy;

    wire       last_cycle = busy && (lc || q_pibad);

    // memory instructions
    reg [7:0]  mk;              // element index of the next request
    reg [2:0]  mreg;            // its register in the group
    reg [4:0]  mel;             // its element in the register
    reg [31:0] maddr;
    // (mk < vl registered a cycle ahead, mq_go below: its 8-bit compare was in front of the
    // write port's address, wa_k, with the write kind's select and an adder behind it)
    reg        mq_go;           // mk < vl in this cycle
    wire       mreq = busy && (k == K_LOAD || k == K_STORE) && mq_go;
    reg        st_q;            // a store's write: its request was in the cycle before (below)

    // ---- the operand stage: register operands are read one cycle ahead ----
    // The cycle before a register of the group is computed (the issue cycle for register 0 of
    // the group, the cycle that computes register r for register r + 1) reads its operands
    // from the banks into registers (op_ra, op_rb: the banks' words as they are, in bank
    // order) with what the next cycle needs (rotate amounts, element mask, write port): the
    // cycle that computes a register then runs from registers through the lanes' 5-way select,
    // the rotator and the result select to the banks' write port. No cycle count changes.
    // Reading ahead reads current data: the issue cycle comes after the previous instruction's
    // last write (vpi's last column and a load's last element are written in its last cycle),
    // and within a group registers vs2 + r + 1 and vs1 + r + 1 are read while vd + r is
    // written, which would miss that write only for vd = vs2 + 1 or vs1 + 1: an instruction of
    // R > 1 registers has LMUL > 1 and vd, vs2, vs1 aligned to it (vpi's rows never overlap
    // vd..vd+4).
    // Timing (hw/rtl/rvv/README.md, "Fmax on ECP5-85"): what the read needs while busy is
    // computed a cycle before (ra_nx, rb_nx: next cycle's read registers), and each bank has
    // its own copy of it and of its write port's controls (`(* keep *)` always blocks, so
    // that yosys does not merge the copies): in the issue cycle the read address is a field
    // of the word (vs2, vs1, a store's vd), one select away from the banks.
    // n_*: the instruction of the next cycle: the one being decoded in the issue cycle (busy
    // low; whatever is read when none is taken is never used), else the running one
    // The kind of the next cycle's instruction for the lanes' controls (nk_*, one flag a kind):
    // while busy a compare of k; in the issue cycle a decode of a few bits of the word (dk_*),
    // right for every word d_k takes (what the lanes compute for a word it refuses is never
    // written: wok_k). Among those words opcode bit 3 is set for custom-2 only (OPV 0x57,
    // LOAD-FP 0x07, STORE-FP 0x27 have it clear); custom-2's funct6 bits 5:4 are clear and bits
    // 3:0 name the kind; OPV's: vsll 100101, vsrl 101000 (bit 5), vmv 010111, vror 010100 (and
    // 010101 .vi), vrol 010101 .vv (bit 4), vxor 001011, vand 001001, vor 001010 (bit 3, bits
    // 1:0 not 00), vandn 000001; loads and stores have funct6 000000, vsetvli 0000xx (its
    // lanes' work is never written either). (At 6a27563 the issue cycle's worst path ran from
    // funct6 through d_rk's decode of opcode and funct6 and the compares of n_k into a lane's
    // op_sh: 13.0 ns, seed 1.)
    wire       dc        = in_insn[3];
    wire       pc3       = pw[3];
    wire       ck_sll    = !pc3 && p_f6[5] && !p_f6[3];
    wire       ck_srl    = !pc3 && p_f6[5] && p_f6[3];
    wire       ck_mv     = !pc3 && p_f6[4] && p_f6[1];
    wire       ck_ror    = !pc3 && p_f6[4] && !p_f6[1] && (!p_f6[0] || c_vi);
    wire       ck_rol    = !pc3 && p_f6[4] && !p_f6[1] && p_f6[0] && !c_vi;
    wire       ck_xor    = !pc3 && p_f6[3] && p_f6[1] && p_f6[0];
    wire       ck_and    = !pc3 && p_f6[3] && !p_f6[1] && p_f6[0];
    wire       ck_or     = !pc3 && p_f6[3] && p_f6[1] && !p_f6[0];
    wire       ck_andn   = !pc3 && !p_f6[5] && !p_f6[4] && !p_f6[3] && p_f6[0];
    wire       ck_slide  = pc3 && p_f6[3:1] == 3'b000;
    wire       ck_rotup  = pc3 && p_f6[3:1] == 3'b001;
    wire       ck_rho64  = pc3 && p_f6[3:0] == CF6_V64RHO[3:0];
    wire       ck_rowk   = pc3 && p_f6[3:1] == 3'b010;      // v64rho or vpi
    wire       ck_rot32l = pc3 && p_f6[3:0] == CF6_V32LROTUP[3:0];
    wire       ck_rot32h = pc3 && p_f6[3:0] == CF6_V32HROTUP[3:0];
    wire       ck_rho32l = pc3 && p_f6[3:0] == CF6_V32LRHO[3:0];
    wire       ck_rho32h = pc3 && p_f6[3:0] == CF6_V32HRHO[3:0];
    wire       ck_iota   = pc3 && p_f6[3:2] == 2'b11;
    wire       nk_sll    = busy ? k == K_SLL : dk_sll;
    wire       nk_srl    = busy ? k == K_SRL : dk_srl;
    wire       nk_mv     = busy ? k == K_MV : dk_mv;
    wire       nk_ror    = busy ? k == K_ROR : dk_ror;
    wire       nk_rol    = busy ? k == K_ROL : dk_rol;
    wire       nk_xor    = busy ? k == K_XOR : dk_xor;
    wire       nk_and    = busy ? k == K_AND : dk_and;
    wire       nk_or     = busy ? k == K_OR : dk_or;
    wire       nk_andn   = busy ? k == K_ANDN : dk_andn;
    wire       nk_slide  = busy ? k == K_SLDN || k == K_SLUP : dk_slide;
    wire       nk_rotup  = busy ? k == K_ROTUP : dk_rotup;
    wire       nk_rho64  = busy ? k == K_RHO64 : dk_rho64;
    wire       nk_rowk   = busy ? k == K_RHO64 || k == K_PI : dk_rowk;
    wire       nk_rot32l = busy ? k == K_ROT32L : dk_rot32l;
    wire       nk_rot32h = busy ? k == K_ROT32H : dk_rot32h;
    wire       nk_rho32l = busy ? k == K_RHO32L : dk_rho32l;
    wire       nk_rho32h = busy ? k == K_RHO32H : dk_rho32h;
    wire       nk_iota   = busy ? k == K_IOTA : dk_iota;
    wire [4:0] n_f15  = busy ? q_f15 : d_f15;
    wire       n_isvx = busy ? q_f3 == F3_OPIVX : d_vx;
    wire       n_isvi = busy ? q_f3 == F3_OPIVI : d_vi;
    wire       n_imm5 = busy ? q_imm5 : d_imm5;
    wire [5:0] n_rs1  = busy ? q_rs1[5:0] : in_rs1[5:0];  // (a shift amount's bits)
    wire [2:0] n_roff = busy ? cnt[2:0] : 3'd0;   // lmul_cnt of the next cycle (roff + 1)
    wire       n_rowfix = nk_rowk && n_f15 != 5'h1f;
    wire       c_rowfix = ck_rowk && p_f15 != 5'h1f;
    // the row of a rho kind's next busy cycle: cnt (a fixed row, f15 != 31, is legal at R = 1
    // only, d_row_ok, whose one register takes the issue cycle's amount, so the busy side's
    // amount is never used for it; session 54's q_rowfix mutant was equivalent)
    wire [2:0] b_row  = cnt[2:0];
    wire [2:0] n_row  = n_rowfix ? n_f15[2:0] : n_roff;
    // the next values of the control registers (the control block below assigns the same)
    wire       busy_nx = !rst && (accept || (busy && !last_cycle));
    // in_ready from a copy of busy (session 67, `keep`: equal to busy in every cycle), the
    // core's stall alone as its load, so that the placer can put it by the core and busy by
    // the unit's issue logic (at c514689 one busy drove both, the seed-1 worst path's start)
    (* keep *) reg busy_c;
    always @(posedge clk) busy_c <= busy_nx;
    assign in_ready = !busy_c;
    wire       mel_last = {27'd0, mel} == ELENUM - 1;
    wire [4:0] mel_nx  = accept ? 5'd0 : mreq ? (mel_last ? 5'd0 : mel + 5'd1) : mel;
    wire [2:0] mreg_nx = accept ? 3'd0 : (mreq && mel_last) ? mreg + 3'd1 : mreg;
    // d_isst: a STORE-FP word, for the read address: opcode bit 5 alone (among the words d_k
    // takes only STORE-FP 0100111 has it; OPV 1010111, custom-2 1011011, LOAD-FP 0000111 have
    // it clear, and what is read for a word d_k refuses is never used). (With bit 6 as well it
    // was one LUT more in front of the issue cycle's read address: in_insn[5] -> d_isst ->
    // d_ra -> ra -> fw_wa == ra -> fwd_a -> op_ra, 12.6 ns at 73d9f26, seed 1.)
    wire       d_isst = in_insn[5];
    // A store's read address while busy: vd + the register of the element it requests two
    // cycles later (read in the next cycle, into op_ra, then st_el), registered a cycle ahead
    // (st_ra, below: at 9076641 the worst path ran from k through mreq, the counters' next
    // values and q_vd + that register into every bank's ra_k, 11.6 ns, seed 1). Only the
    // cycles whose read a request uses matter: a store requests in its busy cycles 1..vl, one
    // element a cycle (mk = cnt - 1, no stall), so when the read of busy cycle c is used (by
    // the request of cycle c + 2), every busy cycle up to c + 2 requests. The cycle before c is
    // the issue (c requests element 0 and reads element 2: register 0, as ELENUM >= 5) or a
    // request of element mk = mreg * ELENUM + mel, and c reads element mk + 3: register
    // mreg + (mel + 3 >= ELENUM).
    reg  [4:0] st_ra;           // vd + the register of the element read in this cycle (a store)
    reg        q_isst;          // the running instruction is a store (or a refused word of opcode bit 5)
    always @(posedge clk) begin
        st_ra <= accept ? d_vd : q_vd + {2'd0, mreg} + {4'd0, {27'd0, mel} >= ELENUM - 3};
        if (accept) q_isst <= d_isst;     // (a refused word runs one cycle, K_ILL, and reads nothing)
    end
    // read ports: A = vs2 + lmul_cnt (vd + mreg for a store), B = vs1 + lmul_cnt; bank b reads
    // word ra (rb). In the issue cycle: fields of the word (d_isst, above); while busy: ra_nx /
    // rb_nx of the cycle before.
    wire [4:0] d_ra = d_isst ? d_vd : d_vs2;
    wire [4:0] ra_nx = accept ? (d_isst ? d_vd : d_vs2 + 5'd1)
                     : q_isst ? st_ra : q_vs2 + {2'd0, cnt[2:0] + 3'd1};
    wire [4:0] rb_nx = accept ? d_f15 + 5'd1 : q_f15 + {2'd0, cnt[2:0] + 3'd1};
    // The lanes take the words in the order of the banks the result goes to: lane 5i + j holds
    // element 5i + x, x = (j - t) % 5, where t = (vd + lmul_cnt) % 5 (the register written),
    // so that a result needs no rotation on its way to the banks. Element x of register ra is
    // in bank (x + ra) % 5: lane j takes bank (j + ra - t) % 5, and the modulo-5 slides are
    // this rotation too (element 5i + x of vslidedownm's result is element 5i + (x + n) % 5 of
    // vs2; vslideupm: x - n). ra - t = vs2 - vd (vs1 - vd for B) does not depend on lmul_cnt:
    // each lane's bank is set at the issue (sa, sb). A store's element and vpi's row take the
    // banks' words as they are (st_j, pi_oh).
    // (the modulo-5 values from the tables; no inline `%`, and no function call, which Icarus
    // evaluates as a thread on every change)
    wire [4:0] n_wreg  = (busy ? q_vd : d_vd) + {2'd0, n_roff};   // the next cycle's register write
    wire [2:0] c_vd5   = T_MOD[{1'b0, p_vd, 2'b00} +: 3];
    wire [2:0] n_vd5   = busy ? cv5 : d_vd5;
    // (vd + lmul_cnt) % 5 of the next busy cycle, T_ADD[{cv5, cnt[2:0]}]: a register kept beside
    // cnt (b_t5, the control block), not a table after cnt in front of every lane's element,
    // rho offset and element mask
    reg  [2:0] b_t5;
    wire [2:0] c_vs25  = T_MOD[{1'b0, p_vs2, 2'b00} +: 3];
    wire [2:0] c_f155  = T_MOD[{1'b0, p_f15, 2'b00} +: 3];
    // (one-hot: lane j's bank for A is (j + (vs2 - vd) % 5 + sl) % 5, sl the slide's shift, so
    // its one-hot bit s is a rotation by j of d_aoh, below, with the slide's decode last)
    // (the slides from five bits of the word: among the words d_k takes, opcode bit 3 is set
    // for custom-2 only (OPV 0x57, LOAD-FP 0x07, STORE-FP 0x27 have it clear), and the custom-2
    // kinds it takes other than the slides have funct6 bits 5:4 clear and bits 3:1 not 000;
    // what is read for a word it refuses does not matter. 13 bits made two LUT levels more in
    // front of sa/sb, the issue cycle's worst path at 4c36c89)
    wire [2:0] c_slneg = T_SUB[{3'd0, p_f15[2:0], 2'b00} +: 3];
    // a .vv shift or Zvbb rotate (its amount is vs1's element: sm) from five bits of the word,
    // for the words d_k takes: vsll 100101 and vsrl 101000 have funct6 bit 5 set, vror 010100
    // and vrol 010101 bit 4; the other .vv words it takes have bits 5:4 clear (the logic ops,
    // vandn, and the custom-2 ones: v32l/hrotup, v32l/hrho) or are vmv.v.v (010111), whose
    // result does not come from the rotator (the amount is not used); LOAD-FP, STORE-FP and
    // vsetvli are not .vv. (d_rk's decode of the whole opcode and funct6, then a compare of
    // the kind, made the issue cycle's path into sm as long as the slides' into sa)
    wire       c_smk   = (p_f6[5] || p_f6[4]) && c_vv;
    // (vd % 5 and vs1 % 5 one-hot, (vs1 - vd) % 5 an and-or of them, d_dboh; the bank offset of
    // lane 0, d_aoh = (vs2 - vd + sl) % 5, once for every lane: lane j's one-hot d_sa is d_aoh
    // rotated by j, wires. At 8c1e038 seed 3's worst path ran from vd through vd % 5, the table
    // of vs2 - vd and the slide's and-or into a lane's sa: seven LUTs. At eb3fdb0 seed 1's ran
    // from funct6 (bit 2) through the slides' decode and d_aoh's and-or of the one-hot slide
    // shift into sa: six LUTs and a 3.4 ns hop. Now the slide's decode is the last select:
    // d_aoh = d_slany ? the one-hot of (d_dv + d_s) % 5 : the one-hot of d_dv, with d_dv =
    // (vs2 - vd) % 5 and d_s the slide's shift, binary (each output bit a function of six bits).
    // It differs from eb3fdb0's only for a vslidedownm whose offset bits 2:0 are 5..7, a word
    // d_ok refuses (f15 <= 4), whose lanes are never written.)
    // (session 55: the non-slide side of d_aoh, (vs2 - vd) % 5 one-hot, is an and-or of the
    // one-hot residues d_vs25oh and d_vd5oh, as d_dboh, not the one-hot of the table T_SUB of
    // the two binary residues; the slide's side keeps d_dv binary)
    reg  [4:0] c_vd5oh, c_vs25oh, c_f155oh, c_dboh, c_dvoh, c_aos, c_aoh;
    wire [2:0] c_dv    = T_SUB[{c_vs25, c_vd5, 2'b00} +: 3];     // (vs2 - vd) % 5
    wire       c_slany = pw[3] && p_f6[3:1] == CF6_VSLIDEDOWNM[3:1];   // either slide
    wire [2:0] c_s     = p_f6[0] ? c_slneg : p_f15[2:0];         // its shift (up: -n)
    wire [2:0] c_dvs   = T_ADD[{c_dv, c_s, 2'b00} +: 3];         // (vs2 - vd + sl) % 5
    integer    oi, ot;
    always @* begin
        for (oi = 0; oi < 5; oi = oi + 1) begin
            c_vd5oh[oi] = c_vd5 == oi[2:0];
            c_vs25oh[oi] = c_vs25 == oi[2:0];
            c_f155oh[oi] = c_f155 == oi[2:0];
            c_aos[oi] = c_dvs == oi[2:0];
        end
        for (oi = 0; oi < 5; oi = oi + 1) begin
            c_dboh[oi] = 1'b0;      // (vs1 - vd) % 5 == oi
            c_dvoh[oi] = 1'b0;      // (vs2 - vd) % 5 == oi
            for (ot = 0; ot < 5; ot = ot + 1) begin
                c_dboh[oi] = c_dboh[oi] | (c_vd5oh[ot] & c_f155oh[(ot + oi) % 5]);
                c_dvoh[oi] = c_dvoh[oi] | (c_vd5oh[ot] & c_vs25oh[(ot + oi) % 5]);
            end
            c_aoh[oi] = c_slany ? c_aos[oi] : c_dvoh[oi];
        end
    end
    // each lane position's element and rho offset (the issue cycle's: row f15 for a fixed row)
    wire [14:0] c_xs;
    wire [29:0] c_rhos;
    genvar gj;
    generate
        for (gj = 0; gj < 5; gj = gj + 1) begin : g_pj
            /* verilator lint_off WIDTH */
            localparam [127:0] TXP = tabx(gj);
            /* verilator lint_on WIDTH */
            wire [2:0] px = TXP[{p_vd, 2'b00} +: 3];
            assign c_xs[3 * gj +: 3] = px;
            assign c_rhos[6 * gj +: 6] = c_rowfix ? rvv_rho(p_f15[2:0], px) : rvv_rho(3'd0, px);
        end
    endgenerate
    localparam integer PDW = 88;
    wire [PDW-1:0] pd_c = {c_kr, ck_sll, ck_srl, ck_mv, ck_ror, ck_rol, ck_xor, ck_and, ck_or, ck_andn,
                           ck_slide, ck_rotup, ck_rho64, ck_rowk, ck_rot32l, ck_rot32h, ck_rho32l,
                           ck_rho32h, ck_iota, c_vd5, c_vs25, c_aoh, c_dboh, c_smk, c_xs, c_rhos,
                           c_vv, c_vx, c_vi};
    wire [PDW-1:0] pd;
    generate
        if (PRE != 0) begin : g_pre
            reg [PDW-1:0] pd_q;
            always @(posedge clk)
                if (in_pre_ld) pd_q <= pd_c;
            assign pd = pd_q;
            // (simulation and proofs only) the handover's contract: whenever a word is offered,
            // it is the word the predecode was made from (pre_w: in_pre_insn at in_pre_ld)
            reg [31:0] pre_w;
            always @(posedge clk)
                if (in_pre_ld) pre_w <= in_pre_insn;
`ifdef FORMAL
            always @* if (!rst && in_valid) assert (pre_w == in_insn);
`elsif SYNTHESIS
`else
            always @(posedge clk)
                if (!rst && in_valid && pre_w !== in_insn) begin
                    $display("rvv_unit: in_insn %h offered, its predecode is of %h (in_pre_insn / in_pre_ld)",
                             in_insn, pre_w);
                    $fatal;
                end
`endif
        end else begin : g_nopre
            assign pd = pd_c;
        end
    endgenerate
    assign {d_kr, dk_sll, dk_srl, dk_mv, dk_ror, dk_rol, dk_xor, dk_and, dk_or, dk_andn,
            dk_slide, dk_rotup, dk_rho64, dk_rowk, dk_rot32l, dk_rot32h, dk_rho32l,
            dk_rho32h, dk_iota, d_vd5, d_vs25, d_aoh, d_dboh, d_smk, d_xs, d_rhos,
            d_vv, d_vx, d_vi} = pd;
    reg  [2:0] q_vs25;
    reg  [2:0] cv5;             // vd % 5 (set at the issue)
    wire [REGW-1:0] bankA, bankB;   // word ra / rb of every bank
    reg  [REGW-1:0] op_ra, op_rb;   // ... in the next cycle
    always @(posedge clk) begin
        op_ra <= bankA;
        op_rb <= bankB;
    end
    // ... with the write the issue cycle's read could not see (the previous instruction's
    // last, then in the second compute stage; per bank, g_rf below)
    wire [REGW-1:0] op_fa, op_fb;
    wire [REGW-1:0] alt1;           // a bank's other write data (vpi's column)
    wire [REGW-1:0] ldw;            // a load's element, registered: in the second compute stage
    // a store's element: mel of register vd + mreg, in bank 5 (mel / 5) + (mel % 5 + reg % 5) % 5
    // of the words read (reg % 5 of this cycle's read)
    // (of the next cycle's mel and register: 5 (mel / 5) + (mel % 5 + r5) % 5, r5 = reg % 5 of
    // that read; kept as sd5 = mel / 5 and st_j = (mel % 5 + r5) % 5, the latter from registers
    // kept beside mel and mreg: sm5 = mel % 5, sd5, sr5 = (vd + mreg) % 5, each candidate
    // computed from them and the select last. At 7efe458 the modulo-5 tables of mel's next
    // value and a 3-term adder were the deepest path of the netlist: k -> mreq -> mel_nx ->
    // T_MOD/T_DIV -> T_ADD -> the adder -> st_bank.)
    reg  [2:0] sm5, sd5, sr5;   // mel % 5, mel / 5, (vd + mreg) % 5 (mreg in 3 bits)
    wire [2:0] sm5_inc = T_ADD[{sm5, 3'd1, 2'b00} +: 3];
    wire [2:0] sr5_inc = (mreg == 3'd7) ? cv5 : T_ADD[{sr5, 3'd1, 2'b00} +: 3];  // ... of mreg + 1
    wire [2:0] sr5_nx  = mel_last ? sr5_inc : sr5;  // (vd + n_mreg) % 5
    always @(posedge clk)
        if (!rst) begin     // (as mel and mreg: mel_nx, mreg_nx)
            if (accept) begin
                sm5 <= 3'd0;
                sd5 <= 3'd0;
                sr5 <= d_vd5;
            end else if (mreq) begin
                sm5 <= mel_last ? 3'd0 : sm5_inc;
                sd5 <= mel_last ? 3'd0 : (sm5 == 3'd4) ? sd5 + 3'd1 : sd5;
                if (mel_last) sr5 <= sr5_inc;
            end
        end
    reg  [2:0] st_j;            // the store's element's bank within its state (st_el: 5 sd5 + st_j)
    always @(posedge clk)
        st_j <= busy ? (mreq ? (mel_last ? sr5_inc : T_ADD[{sm5_inc, sr5, 2'b00} +: 3])
                             : T_ADD[{sm5, sr5_nx, 2'b00} +: 3])
                     : (accept ? d_vd5 : T_ADD[{sm5, d_vd5, 2'b00} +: 3]);
    // the element count left from the next cycle's register on, min(., ELENUM): vl, then
    // vl - ELENUM (lmul_cnt + 1) while busy (rem, saturated), for the element mask
    // (as thermometer codes, bit e = e < that count: remt beside rem, vlt beside vl, so that a
    // lane's element mask is a select of one bit by its element, not a compare (a carry chain)
    // behind the element's tables: e < min(x - ELENUM, ELENUM) is x > e + ELENUM, x the count
    // before; e < min(vl, ELENUM) is e < vl)
    reg  [7:0] rem;
    reg  [ELENUM-1:0] remt;     // (vlt: with vl, above)
    wire [7:0] rem_x  = accept ? vl : rem;
    wire [7:0] rem_nx = rem_x < ELENUM[7:0] ? 8'd0 : rem_x - ELENUM[7:0];
    integer    te, tv;      // (one loop variable per always block: yosys)
    always @(posedge clk) begin
        rem <= rem_nx;
        for (te = 0; te < ELENUM; te = te + 1)
            remt[te] <= {24'd0, rem_x} > te + ELENUM;
    end
    wire [ELENUM-1:0] n_remt = busy ? remt : vlt;

    wire [ELEN-1:0] rs1x;
    wire [63:0]     rc64;
    wire [ELEN-1:0] rcw;
    generate
        if (ELEN == 64) begin : g_e64
            assign rs1x = {{32{in_rs1[31]}}, in_rs1};
            assign rc64 = rvv_rc(q_rs1[4:0]);
            assign rcw  = rc64;
        end else begin : g_e32
            assign rs1x = in_rs1;
            assign rc64 = rvv_rc(q_rs1[5:1]);
            assign rcw  = q_rs1[0] ? rc64[63:32] : rc64[31:0];
        end
    endgenerate
    // the scalar operand of .vx / .vi (set at the issue)
    reg  [ELEN-1:0] cst;
    always @(posedge clk)
        if (accept)
            cst <= d_vx ? rs1x : dk_xor ? {{(ELEN - 5){d_f15[4]}}, d_f15}
                                                                 : {{(ELEN - 5){1'b0}}, d_f15};
    // (the kinds that need a parameter are gated by it, so that a build without them has none
    // of their datapath: yosys cannot see that k never holds a kind the decoder does not make)
    // ... and of the next cycle's instruction, for what the operand stage computes ahead
    wire [5:0]      n_rot_imm = {n_imm5, n_f15};
    wire            n_ror   = HAS_ZVBB && nk_ror;
    wire            n_rol   = HAS_ZVBB && nk_rol;
    wire            n_rotup = HAS_SROT && nk_rotup;
    wire            n_rho   = HAS_SROT && (nk_rho64 || nk_rho32l || nk_rho32h);
    wire            n_shrot = nk_sll || nk_srl || n_ror || n_rol;   // by an amount operand
    wire            n_custom = busy ? k >= K_SLDN && k <= K_IOTA : dc;
    wire            n_neg   = nk_srl || n_ror;   // rotate left by ELEN - the amount
    wire            n_vv    = busy ? q_f3 == F3_OPIVV : d_vv;
    // the amount of the shifts and Zvbb rotates when it is not vs1's element (.vx, .vi):
    // vror.vi's 6-bit immediate, else the operand's low bits
    /* verilator lint_off UNUSEDSIGNAL */  // (ELEN 32: bit 5)
    wire [5:0]      n_bo = n_isvx ? n_rs1 : {1'b0, n_f15};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [SHW-1:0]  n_sh = (n_ror && n_isvi) ? n_rot_imm[SHW-1:0] : n_bo[SHW-1:0];
    wire [5:0]      n_sh_left;
    generate
        if (ELEN == 64) begin : g_s64
            assign n_sh_left = n_neg ? 6'd0 - n_sh : n_sh;
        end else begin : g_s32
            assign n_sh_left = {1'b0, n_neg ? 5'd0 - n_sh : n_sh};
        end
    endgenerate
    reg  [ELENUM-1:0] emask_nx; // the lanes the next cycle's register write may change

    wire [REGW-1:0]   res;      // the result, lane 5i + j for bank 5i + j
    genvar g;
    generate
        for (g = 0; g < ELENUM; g = g + 1) begin : g_el
            localparam integer J = g % 5;
            localparam integer RI = g / 5;
            /* verilator lint_off WIDTH */
            localparam [2:0] J3 = J;
            /* verilator lint_on WIDTH */
            // the element of this lane in the next cycle: 5i + x, x = (j - t) % 5
            // (in the issue cycle the predecode's (j - vd) % 5, d_xs; while busy from
            // registers; the rho offset likewise, d_rhos, for the issue cycle of both rows it may need)
            wire [2:0]      b_x = T_SUB[{J3, b_t5, 2'b00} +: 3];
            wire [2:0]      d_x = d_xs[3 * J +: 3];
            wire [2:0]      n_x = busy ? b_x : d_x;
            wire [5:0]      n_rho_amt = busy ? rvv_rho(b_row, b_x)
                                      : d_rhos[6 * J +: 6];
            // this lane's banks (set at the issue; for the kinds that write a register), one-hot:
            // sa, sb for the operands, sm for a .vv amount (zero for the other kinds)
            reg  [4:0]      d_sa, d_sb;     // one-hot
            integer         so;
            always @* begin
                for (so = 0; so < 5; so = so + 1) begin
                    d_sb[so] = d_dboh[(so + 5 - J) % 5];
                    d_sa[so] = d_aoh[(so + 5 - J) % 5];
                end
            end
            // (sa and sb in four copies, one per quarter of the element's bits: each drives
            // ELEN / 4 and-or gates per bank instead of ELEN, `keep` so that yosys keeps them)
            reg  [19:0]     sa, sb;
            reg  [4:0]      sm;
            integer         si, sq;
            (* keep *)
            always @(posedge clk)
                if (accept)
                    for (si = 0; si < 5; si = si + 1) begin
                        for (sq = 0; sq < 4; sq = sq + 1) begin
                            sa[5 * sq + si] <= d_sa[si];
                            sb[5 * sq + si] <= d_sb[si];
                        end
                        sm[si] <= d_sb[si] && d_smk;
                    end
            // this lane's controls, a copy each (`keep`: yosys would merge equal flip-flops)
            reg             x0;         // this lane holds element 5i + 0 (viota's)
            reg  [5:0]      op_amt;     // the rotate amount when not vs1's element (else 0)
            reg  [SHW-1:0]  op_sh;      // ... the shift amount
            reg             l_bvv, l_rot, l_hi, l_sll, l_srl, l_v32, l_neg;
            reg  [6:0]      l_op;       // one-hot: xor, and, or, mv, andn, iota, vs2 as it is (slides)
            (* keep *)
            always @(posedge clk) begin
                op_amt <= (n_shrot && n_vv) ? 6'd0 : n_rotup ? n_rot_imm : n_rho ? n_rho_amt : n_shrot ? n_sh_left : 6'd1;
                op_sh <= (n_shrot && n_vv) ? {SHW{1'b0}} : n_sh;
                x0 <= n_x == 3'd0;
                l_bvv <= n_vv;
                l_neg <= n_neg;
                l_rot <= n_shrot || n_rotup || n_rho || (HAS_SROT && (nk_rot32l || nk_rot32h));
                l_hi <= HAS_SROT && (nk_rot32h || nk_rho32h);
                l_sll <= nk_sll;
                l_srl <= nk_srl;
                l_v32 <= HAS_SROT && (nk_rot32l || nk_rot32h || nk_rho32l || nk_rho32h);
                l_op <= {nk_slide, nk_iota, HAS_ZVBB && nk_andn, nk_mv, nk_or, nk_and, nk_xor};
            end
            // custom instructions: the state elements of every register; RVV: elements < vl
            always @*
                emask_nx[g] = n_custom ? (g < NS)
                            : (n_x == 3'd0) ? n_remt[5 * RI + 0] : (n_x == 3'd1) ? n_remt[5 * RI + 1]
                            : (n_x == 3'd2) ? n_remt[5 * RI + 2] : (n_x == 3'd3) ? n_remt[5 * RI + 3]
                            : (n_x == 3'd4) && n_remt[5 * RI + 4];
            // ---- compute, first stage (the cycle after the operands' read) ----
            // the 5-way selects as and-or of the one-hot selects, from the banks' words with
            // the write the issue cycle's read missed (op_fa, op_fb)
            reg  [ELEN-1:0] a, bv;
            reg  [SHW-1:0]  sh, shb;
            integer         sk, sc;     // (not sq: a loop variable of the clocked block above
                                        // assigned here too has two drivers for yosys)
            always @* begin
                a = {ELEN{1'b0}};
                bv = {ELEN{1'b0}};
                shb = {SHW{1'b0}};
                for (sk = 0; sk < 5; sk = sk + 1) begin
                    for (sc = 0; sc < 4; sc = sc + 1) begin
                        a[sc * QW +: QW] = a[sc * QW +: QW]
                                         | (op_fa[(5 * RI + sk) * ELEN + sc * QW +: QW] & {QW{sa[5 * sc + sk]}});
                        bv[sc * QW +: QW] = bv[sc * QW +: QW]
                                          | (op_fb[(5 * RI + sk) * ELEN + sc * QW +: QW] & {QW{sb[5 * sc + sk]}});
                    end
                    shb = shb | (op_fb[(5 * RI + sk) * ELEN +: SHW] & {SHW{sm[sk]}});
                end
                sh = op_sh | shb;
            end
            // the amount: vs1's element's (.vv shifts and Zvbb rotates: sm; negated for vsrl and
            // vror), else computed a cycle ahead (op_amt: the immediate, the rho offset, rs1's or
            // the immediate's bits)
            wire [5:0]      amt;
            if (ELEN == 64) begin : g_a64
                assign amt = op_amt | (l_neg ? 6'd0 - shb : shb);
            end else begin : g_a32
                assign amt = op_amt | {1'b0, l_neg ? 5'd0 - shb : shb};
            end
            wire [ELEN-1:0] bo = l_bvv ? bv : cst;
            // One 64-bit rotator per element serves every rotate and both shifts: vsll =
            // rotate left by sh, vsrl = rotate left by ELEN - sh, each then masked (keep);
            // Zvbb's vrol = rotate left by sh, vror = rotate left by ELEN - sh, unmasked.
            // ELEN 32 rotates vs2 || vs1 for the v32 instructions and a || a for the shifts
            // and Zvbb rotates (whose low word is then the 32-bit rotation).
            // Its steps by amount bits 0 and 1 here, bits 2..5 in the second stage.
            wire [63:0]  rin;
            wire [63:0]  st1 = amt[0] ? {rin[62:0], rin[63]} : rin;
            wire [63:0]  st2 = amt[1] ? {st1[61:0], st1[63:62]} : st1;
            if (ELEN == 64) begin : g_r64
                assign rin = a;
                /* verilator lint_off UNUSEDSIGNAL */
                wire unused = l_v32;
                /* verilator lint_on UNUSEDSIGNAL */
            end else begin : g_r32
                assign rin = l_v32 ? {a, bv} : {a, a};  // vs2 || vs1: vs2 high
            end
            // the kinds without the rotator (zero for the others: the result is an or), or-ed
            // with the bank's other write data (vpi's column: alt1)
            wire [ELEN-1:0] lg = ((a ^ bo) & {ELEN{l_op[0]}}) | ((a & bo) & {ELEN{l_op[1]}})
                               | ((a | bo) & {ELEN{l_op[2]}}) | (bv & {ELEN{l_op[3]}})
                               | ((a & ~bo) & {ELEN{l_op[4]}}) | ((x0 ? a ^ rcw : a) & {ELEN{l_op[5]}})
                               | (a & {ELEN{l_op[6]}}) | alt1[g * ELEN +: ELEN];
            // ---- compute, second stage (the cycle after; its write lands a cycle later) ----
            reg  [63:0]     s2_rot;     // the rotator after its first two steps
            reg  [3:0]      s2_amt;     // amount bits 2..5
            reg  [ELEN-1:0] s2_lg;
            reg             s2_hi;
            // The mask (below) from three codes of the shift amount made here (session 68), so
            // that the second stage's mask bit is one LUT3 of flip-flops: with b = 8 h + l,
            // vsll keeps bit b when h > sh / 8, or h = sh / 8 and l >= sh % 8; vsrl keeps it
            // when b + sh < ELEN, i.e. b' = ELEN - 1 - b >= sh (the same with h' = NH - 1 - h,
            // l' = 7 - l); a rotate keeps every bit, a kind without the rotator none:
            //   kg[h] = the group's bits all kept, ke[h] = the group is sh's own, kl[l] = bit l
            //   of sh's group kept; keep[b] = kg[h] | (ke[h] & kl[l]).
            // (At c514689 the mask was made in the second stage from the amount (s2_sh) and the
            // kind's flags, a shifter of ones: seeds 1 and 3's worst path of the unit alone,
            // s2_sh -> the mask -> res, 10.27 / 10.55 ns, seven LUT levels; at be7107b the whole
            // mask in the first stage was the worst path.)
            reg  [NH-1:0]   kg_nx, ke_nx, s2_kg, s2_ke;
            reg  [7:0]      kl_nx, s2_kl;
            integer         kh;
            /* verilator lint_off WIDTH */
            always @* begin
                for (kh = 0; kh < NH; kh = kh + 1) begin
                    kg_nx[kh] = l_rot && (l_srl ? NH - 1 - kh > sh[SHW-1:3]
                                        : l_sll ? kh > sh[SHW-1:3] : 1'b1);
                    ke_nx[kh] = l_rot && (l_srl ? NH - 1 - kh == sh[SHW-1:3]
                                        : l_sll && kh == sh[SHW-1:3]);
                end
                for (kh = 0; kh < 8; kh = kh + 1)
                    kl_nx[kh] = l_srl ? 7 - kh >= sh[2:0] : kh >= sh[2:0];
            end
            /* verilator lint_on WIDTH */
            always @(posedge clk) begin
                s2_rot <= st2;
                s2_amt <= amt[5:2];
                s2_kg <= kg_nx;
                s2_ke <= ke_nx;
                s2_kl <= kl_nx;
                s2_lg <= lg;
                s2_hi <= l_hi;
            end
            // the mask, in the second stage beside the rotator's last four steps, from the
            // codes above (the whole mask in the first stage, be7107b, was the worst path then:
            // a forwarded write's bit -> the .vv amount's select -> every bit's mask, 12.5 ns)
            reg  [ELEN-1:0] keep;
            integer         kb;
            always @*
                for (kb = 0; kb < ELEN; kb = kb + 1)
                    keep[kb] = s2_kg[kb / 8] | (s2_ke[kb / 8] & s2_kl[kb % 8]);
            wire [63:0]  st3 = s2_amt[0] ? {s2_rot[59:0], s2_rot[63:60]} : s2_rot;
            wire [63:0]  st4 = s2_amt[1] ? {st3[55:0], st3[63:56]} : st3;
            wire [63:0]  st5 = s2_amt[2] ? {st4[47:0], st4[63:48]} : st4;
            wire [63:0]  rot = s2_amt[3] ? {st5[31:0], st5[63:32]} : st5;
            wire [ELEN-1:0] rot_lo, rot_hi;
            if (ELEN == 64) begin : g_o64
                assign rot_lo = rot;
                assign rot_hi = rot;
                /* verilator lint_off UNUSEDSIGNAL */
                wire unused = s2_hi;
                /* verilator lint_on UNUSEDSIGNAL */
            end else begin : g_o32
                assign rot_lo = rot[31:0];
                assign rot_hi = rot[63:32];
            end
            // (a load's element joins here, from its own register ldw: session 66, below)
            assign res[g * ELEN +: ELEN] = ((s2_hi ? rot_hi : rot_lo) & keep) | s2_lg | ldw[g * ELEN +: ELEN];
        end
    endgenerate

    // vpi: the row read in the previous cycle (the banks' words of register vs2 + row), written
    // now as column y of vd..vd+4: register vd + d, element 5i + y = row element
    // 5i + (3d + y) % 5 (so that lane (x, y) lands in register vd + (2x + 3y) % 5); each
    // bank's word and row element were computed with the row (wa_k, pi_oh)
    reg [REGW-1:0]  pi_row;
    // vpi's column write of the next cycle: until session 68 pi_v_nx = !rst && busy && k == K_PI
    // && pi_go && !q_pibad, pi_go (cnt <= the row count: 1 for a fixed row, f15 != 31, else R)
    // registered a cycle ahead (the compare was in front of wa_k like a load's mk < vl). Since
    // session 69 the whole flag is made a cycle ahead, pi_a_nx, and kept in a copy per bank
    // (pi_k, g_rf: pi_kv = !rst && pi_k), so that each bank's column select (pi_oh), write flag
    // and address start at a flip-flop of their own, not at a compare of k (at 50ac7a0 the
    // processor's seed-1 worst path, 11.90 ns: k -> three hops -> pi_oh). pi_a_nx is the next
    // value of busy && k == K_PI && pi_go && !q_pibad as the control block sets each term: at
    // the issue busy and pi_go 1, k = d_k, q_pibad = a vpi's rows illegal, so d_k == K_PI &&
    // d_pi_ok (d_ok is d_row_ok for K_PI); while busy, busy stays until the last cycle, k stays
    // (q_kpi), pi_go is cnt <= the row count, q_pibad 0; under reset busy 0.
    wire            pi_a_nx = !rst && (accept ? d_kr == K_PI && d_row_ok && d_pi_ok
                                              : busy && !last_cycle && q_kpi
                                                && cnt < {4'd0, (q_f15 != 5'h1f ? 4'd1 : nregs)});
    wire            ld_v_nx = !rst && mreq && k == K_LOAD;
    // the next cycle writes a register's lanes (wr_ok, set at the issue, clears it for a word
    // the unit refuses)
    // (in the issue cycle any word: wok_k, set at the issue, clears the write of every word
    // that does not write its register through the lanes: vsetvli, loads, stores, vpi, refused)
    wire            wr_nx = !rst && (accept || (busy && !last_cycle && k <= K_IOTA && k != K_PI));
    wire            d_wrok = d_ok && d_kr <= K_IOTA && d_kr != K_PI;

    // ---- the register file's write ports (one per bank): a register's elements or a load's
    // element, or vpi's column; never both in one cycle (a register write excludes vpi, and a
    // load is not vpi) ----
    // The test benches' view (TB_ACCESS = 1 only, simulation; one VPI access per bank instead
    // of one per word): g_rf[b].g_tb.tb_words, bank b's words kept by its write port (the
    // same enable, address and data as the memory's); a change of tb_load copies tb_vrf_in
    // (register q element e at bits (q * ELENUM + e) * ELEN) into the banks at once. (A net
    // assembled from the 32 x ELENUM memory words made Icarus six times slower; one
    // 32 x ELENUM x ELEN-bit copy written by every bank, three times.)
    /* verilator lint_off UNUSEDSIGNAL */
    /* verilator lint_off UNDRIVEN */
    reg  [32*REGW-1:0] tb_vrf_in;
    reg  [31:0]        tb_load;
    /* verilator lint_on UNDRIVEN */
    /* verilator lint_on UNUSEDSIGNAL */
    // vpi: bank 5i + j takes column y of register vd + d, d = (j - y - vd) % 5, whose element
    // 5i + y is row element 5i + (3d + y) % 5; so the row element is 5i + (3j - 2y - 3vd) % 5
    // (so d = (j - s) % 5 with s = (y + vd) % 5, and the row element (3j - w) % 5 with
    // w = (2y + 3vd) % 5), in bank 5i + (that + (vs2 + row) % 5) % 5 of the words read
    // (s, w and (vs2 + row) % 5 of the next cycle's row, registered: a cycle ahead)
    wire [2:0]        n_vs25  = busy ? q_vs25 : d_vs25;
    wire [2:0]        n_pi_2y = T_ADD[{n_row, n_row, 2'b00} +: 3];
    wire [2:0]        n_pi_2v = T_ADD[{n_vd5, n_vd5, 2'b00} +: 3];
    wire [2:0]        n_pi_3v = T_ADD[{n_pi_2v, n_vd5, 2'b00} +: 3];
    reg  [2:0]        pi_s, pi_w, pi_r5;
    always @(posedge clk) begin
        pi_s <= T_ADD[{n_row, n_vd5, 2'b00} +: 3];
        pi_w <= T_ADD[{n_pi_2y, n_pi_3v, 2'b00} +: 3];
        pi_r5 <= T_ADD[{n_vs25, n_roff, 2'b00} +: 3];
    end
    // a load: bank 5i + j holds element 5i + (j - reg) % 5 of register reg
    // ((vd + mreg) % 5, mel % 5 and mel / 5: the registers sr5, sm5, sd5 kept beside mreg and mel)
    genvar gm;
    generate
        for (gm = 0; gm < ELENUM; gm = gm + 1) begin : g_rf
            localparam integer BI = gm / 5;
            localparam integer BJ = gm % 5;
            /* verilator lint_off WIDTH */
            localparam [2:0] BJ3 = BJ;
            /* verilator lint_on WIDTH */
            /* verilator lint_off WIDTH */
            localparam [2:0] BI3 = BI;
            localparam [2:0] J3X3 = (3 * BJ) % 5;
            /* verilator lint_on WIDTH */
            wire [2:0] lu = T_SUB[{BJ3, sr5, 2'b00} +: 3];
            wire       ld_here = sd5 == BI3 && sm5 == lu;  // a load's element goes to this bank
            // vpi's column: register vd + d, row element (3j - w) % 5
            wire [2:0] cd = T_SUB[{BJ3, pi_s, 2'b00} +: 3];
            wire [2:0] cx = T_SUB[{J3X3, pi_w, 2'b00} +: 3];
            wire [2:0] pi_cx = T_ADD[{cx, pi_r5, 2'b00} +: 3];   // the next cycle's row element
            // this bank's read registers and write port controls, a copy each (`keep`)
            reg  [4:0] ra_k, rb_k, wa_k;
            reg        busy_k, wn_k, wok_k, wo_k;
            reg        pi_k;            // pi_a, this bank's copy (session 69)
            wire       pi_kv = !rst && pi_k;    // pi_v_nx
            (* keep *)
            always @(posedge clk) begin
                busy_k <= busy_nx;
                pi_k <= pi_a_nx;
                ra_k <= ra_nx;
                rb_k <= rb_nx;
                wn_k <= wr_nx && emask_nx[gm];
                if (accept) wok_k <= d_wrok;
                wo_k <= (ld_v_nx && ld_here) || pi_kv;
                wa_k <= pi_kv ? q_vd + {2'd0, cd} : ld_v_nx ? q_vd + {2'd0, mreg} : n_wreg;
            end
            wire [4:0] ra = busy_k ? ra_k : d_ra;
            wire [4:0] rb = busy_k ? rb_k : d_f15;
            wire [ELEN-1:0] c0 = pi_row[(5 * BI + 0) * ELEN +: ELEN];
            wire [ELEN-1:0] c1 = pi_row[(5 * BI + 1) * ELEN +: ELEN];
            wire [ELEN-1:0] c2 = pi_row[(5 * BI + 2) * ELEN +: ELEN];
            wire [ELEN-1:0] c3 = pi_row[(5 * BI + 3) * ELEN +: ELEN];
            wire [ELEN-1:0] c4 = pi_row[(5 * BI + 4) * ELEN +: ELEN];
            // a register's lane (already in this bank's place), a load's element or vpi's
            // column: alt1 (vpi's), zero when the bank writes none (res is zero when it does: vpi's
            // and a load's kinds set none of its lane's flags; alt1 goes into the lane's
            // first-stage or, so into its second stage's s2_lg). The column's row element is
            // an and-or of the five with a one-hot select registered with the write's flag
            // (pi_oh, zero when no column is written; ld_q likewise for a load's element), in
            // four copies, one per quarter of the word (g_fq below). (At 8c1e038 seed 1's worst
            // path ran from the 3-bit select (pi_cx then, one register) through its 5-way
            // select of every bit, then alt's and alt1's selects: one 5.5 ns hop across the die.)
            wire            we = (wn_k && wok_k && !q_iobad) || wo_k;
            wire [4:0]      wa = wa_k;
            // The second compute stage: the write (s2_we, s2_wa, wd) is formed a cycle after
            // the cycle that computed its register (or took vpi's column or a load's element)
            // and then goes through the write-back stage: it lands in the bank at the edge
            // after the one that ends that second cycle, so that every path ends at a register.
            reg             s2_we;
            reg  [4:0]      s2_wa;
            always @(posedge clk) begin
                s2_we <= !rst && we;
                s2_wa <= wa;
            end
            wire [ELEN-1:0] wd = res[gm * ELEN +: ELEN];
            // The write-back stage: (wb_we, wb_wa, wb_wd) written to the bank at its closing edge.
            // Two writes are in flight when an instruction issues right after another's last
            // cycle: its last register (in the second compute stage in the issue cycle, in the
            // write-back stage in the cycle after) and the one before it (in the write-back
            // stage in the issue cycle). A read takes the write-back stage's word (fwd_a,
            // fwd_b: the newest write of that word not yet in the bank); the issue cycle's read
            // also misses the second stage's, which the first compute stage takes from the
            // write-back stage a cycle later (f2_a, f2_b -> op_fa, op_fb). Nothing else is
            // missed: while busy, the read of the group's register r + 1 (vs2 + r + 1, vs1 +
            // r + 1, read while register r is computed) meets the instruction's own writes
            // vd + r - 1, vd + r - 2 only for vd = vs2 + 2 or + 3 (vs1 likewise), which
            // alignment to LMUL excludes where the group has that register; vpi's rows never
            // overlap vd..vd+4, a load reads nothing and a store writes nothing.
            reg             wb_we;
            reg  [4:0]      wb_wa;
            reg  [ELEN-1:0] wb_wd;
            always @(posedge clk) begin
                wb_we <= !rst && s2_we;
                wb_wa <= s2_wa;
                wb_wd <= wd;
            end
            // (compared with fw_wa, the write-back stage's address or 0 when it writes nothing:
            // a compare of the write port's own address with the read address, selecting the
            // write data before op_ra, is what yosys 0.70 takes for a transparent synchronous
            // read port ("merging output FF to cell"); it then moves op_ra's flip-flops to the
            // read address, which puts the LUT RAM's read into the first compute stage: 70.4
            // MHz at c9b2e1e. An equal copy of wb_wa did not stop it; this does.)
            // The forward's selects each drive ELEN 2:1 selects spread over the bank's LUT RAM
            // (fwd_a, fwd_b) or over the five lanes' and-or selects (f2_a, f2_b); one flip-flop
            // each put 5.2-5.5 ns hops across the die on the worst paths of da0badf's seeds 2
            // and 3 (g_rf[4].f2_b, g_rf[4].fw_wa). So they are kept in four copies, one per
            // quarter of the word's bits (as sa/sb), each driving ELEN / 4 selects (g_fq): fw_wa
            // and the write flag (fw_we, equal to wb_we) with the compares after them; f2_a,
            // f2_b from one compare per bank (no more loads on the word's fields). Each copy is
            // its own `keep` flip-flop in its own block: copies as bits of one register with the
            // same input were merged by yosys 0.70 (checked in the netlist), keep or not.
            wire            f2_an = !busy_k && s2_we && s2_wa == d_ra;
            wire            f2_bn = !busy_k && s2_we && s2_wa == d_f15;
            reg  [ELEN-1:0] mem [0:31];
            always @(posedge clk)
                if (wb_we) mem[wb_wa] <= wb_wd;
            wire [ELEN-1:0] rda = mem[ra];
            wire [ELEN-1:0] rdb = mem[rb];
            genvar          gq;
            for (gq = 0; gq < 4; gq = gq + 1) begin : g_fq
                reg  [4:0]  fw_wa;
                reg         fw_we, f2_a, f2_b;
                reg  [4:0]  pi_oh;      // vpi's column: row element e (one-hot), none: no column
                reg         ld_q;       // a load's element
                integer     pq;
                // wb_wd's quarter again, once per consumer of the first compute stage's forward
                // (op_fa, op_fb): wb_wd drives the bank's LUT RAM and the read's forward as
                // well, and was the start of ccdb733's seed 1 and 2 worst paths (a 2.5-3.4 ns
                // hop to the op_fa/op_fb select); each copy has that select as its one load.
                // Equal to wb_wd's quarter in every cycle. Each in its own `keep` block (as the
                // selects above), so that yosys does not merge it with wb_wd.
                reg  [QW-1:0] wfa, wfb;
                (* keep *)
                always @(posedge clk) wfa <= wd[gq * QW +: QW];
                (* keep *)
                always @(posedge clk) wfb <= wd[gq * QW +: QW];
                (* keep *)
                always @(posedge clk) begin
                    fw_wa <= s2_we ? s2_wa : 5'd0;
                    fw_we <= !rst && s2_we;
                    f2_a <= f2_an;
                    f2_b <= f2_bn;
                    for (pq = 0; pq < 5; pq = pq + 1)
                        pi_oh[pq] <= pi_kv && pi_cx == pq[2:0];
                    ld_q <= ld_v_nx && !pi_kv;
                end
                assign alt1[gm * ELEN + gq * QW +: QW] =
                      (c0[gq * QW +: QW] & {QW{pi_oh[0]}}) | (c1[gq * QW +: QW] & {QW{pi_oh[1]}})
                    | (c2[gq * QW +: QW] & {QW{pi_oh[2]}}) | (c3[gq * QW +: QW] & {QW{pi_oh[3]}})
                    | (c4[gq * QW +: QW] & {QW{pi_oh[4]}});
                // A load's element: mem_rdata (the data memory's read, a block RAM's output
                // without its output register in rvv_soc) straight into a flip-flop, zero unless
                // ld_q (the flip-flop's synchronous reset), which is the second compute stage's
                // word of this bank's write (or-ed into res: the lane's result). Until session 65
                // it went through alt1 and the lane's first-stage or into s2_lg: the block RAM's
                // 5.61 ns clock-to-out, then five LUTs, was the processor's worst path (seed 3 of
                // hdl-soc-e64-n5-fmax). The same cycle: the element is written as before.
                reg  [QW-1:0] ld_w;
                always @(posedge clk) ld_w <= ld_q ? mem_rdata[gq * QW +: QW] : {QW{1'b0}};
                assign ldw[gm * ELEN + gq * QW +: QW] = ld_w;
                if (TB_ACCESS != 0) begin : g_tbq
                    // (writes still in flight are dropped by a deposit: g_tb below)
                    always @(tb_load) fw_we = 1'b0;
                end
                // (the issue cycle's compares with the word's fields side by side, the select
                // after them: not through d_ra and ra's selects, then the compare)
                // Each compare as three kept parts (bits 1:0, bits 3:2, bit 4 with the write
                // flag), one LUT4 each, so that the select after them is two levels: at 57d24ae
                // abc9 mapped fwd_a as one serial chain of six LUT4s (fw_wa against vs2's bits
                // two at a time, then vd's, then busy_k and fw_we), the worst path of seed 3
                // (`in_insn` bit 23 -> six LUTs -> a 3.15 ns hop -> op_ra[201], 10.57 ns; session
                // 64). `keep` makes each part a net abc9 must produce, so the chain cannot form.
                (* keep *) wire [2:0] cs_a = {fw_we && fw_wa[4] == d_vs2[4], fw_wa[3:2] == d_vs2[3:2],
                                              fw_wa[1:0] == d_vs2[1:0]};
                (* keep *) wire [2:0] cd_a = {fw_we && fw_wa[4] == d_vd[4], fw_wa[3:2] == d_vd[3:2],
                                              fw_wa[1:0] == d_vd[1:0]};
                (* keep *) wire [2:0] ck_a = {fw_we && fw_wa[4] == ra_k[4], fw_wa[3:2] == ra_k[3:2],
                                              fw_wa[1:0] == ra_k[1:0]};
                (* keep *) wire [2:0] cs_b = {fw_we && fw_wa[4] == d_f15[4], fw_wa[3:2] == d_f15[3:2],
                                              fw_wa[1:0] == d_f15[1:0]};
                (* keep *) wire [2:0] ck_b = {fw_we && fw_wa[4] == rb_k[4], fw_wa[3:2] == rb_k[3:2],
                                              fw_wa[1:0] == rb_k[1:0]};
                wire fwd_a = busy_k ? &ck_a : d_isst ? &cd_a : &cs_a;
                wire fwd_b = busy_k ? &ck_b : &cs_b;
                assign bankA[gm * ELEN + gq * QW +: QW] = fwd_a ? wb_wd[gq * QW +: QW] : rda[gq * QW +: QW];
                assign bankB[gm * ELEN + gq * QW +: QW] = fwd_b ? wb_wd[gq * QW +: QW] : rdb[gq * QW +: QW];
                assign op_fa[gm * ELEN + gq * QW +: QW] = f2_a ? wfa
                                                               : op_ra[gm * ELEN + gq * QW +: QW];
                assign op_fb[gm * ELEN + gq * QW +: QW] = f2_b ? wfb
                                                               : op_rb[gm * ELEN + gq * QW +: QW];
            end
            if (TB_ACCESS != 0) begin : g_tb
                // tb_words: a copy of this bank's 32 words (word q at bits q * ELEN), written
                // by the second compute stage's write; what the second stage writes in this
                // cycle: tb_pwe, tb_pwa, tb_pwd (the test benches' view adds it: the registers
                // as the next instruction's read sees them); word q is element 5i + (j - q) % 5
                // of register q
                reg [32*ELEN-1:0] tb_words;
                always @(posedge clk)
                    if (s2_we) tb_words[s2_wa * ELEN +: ELEN] <= wd;
                /* verilator lint_off UNUSEDSIGNAL */
                wire            tb_pwe = s2_we;
                wire [4:0]      tb_pwa = s2_wa;
                wire [ELEN-1:0] tb_pwd = wd;
                /* verilator lint_on UNUSEDSIGNAL */
                integer tq;
                always @(tb_load) begin
                    for (tq = 0; tq < 32; tq = tq + 1) begin
                        mem[tq] = tb_vrf_in[(tq * ELENUM + 5 * BI + (BJ + 35 - tq) % 5) * ELEN +: ELEN];
                        tb_words[tq * ELEN +: ELEN] = mem[tq];
                    end
                    // (writes still in flight are dropped: the deposit replaces every word)
                    s2_we = 1'b0;
                    wb_we = 1'b0;
                end
            end
        end
    endgenerate

    // ---- control ----
    always @(posedge clk) begin
        if (rst) begin
            busy <= 1'b0;
            cnt <= 8'd0;
            lm1 <= 8'd0;
            lc <= 1'b0;
            k <= K_ILL;
            q_kpi <= 1'b0;
            q_kill <= 1'b1;
            q_rdwe <= 1'b0;
            vl <= 8'd0;
            vlt <= {ELENUM{1'b0}};
            vlmul <= 2'd0;
            nregs <= 4'd1;
            nregs_m1 <= 4'd0;
            rle <= 9'b1_1111_1110;
            s_vlltq <= 4'b1111;
            mk <= 8'd0;
            mq_go <= 1'b0;
            q_pibad <= 1'b0;
            q_iobad <= 1'b0;
        end else begin
            q_pibad <= accept && d_kr == K_PI && !d_pi_ok;
            q_iobad <= accept && d_kr == K_IOTA && !d_io_ok;
            if (accept) begin
                busy <= 1'b1;
                cnt <= 8'd1;
                b_t5 <= T_ADD[{d_vd5, 3'd1, 2'b00} +: 3];
                lm1 <= d_lm1;
                lc <= d_l1;
                k <= d_k;
                q_kpi <= d_kr == K_PI && d_row_ok;      // (d_k == K_PI)
                q_kill <= d_k == K_ILL;
                q_rdwe <= d_k == K_VSET && d_vd != 5'd0;
                q_vd <= d_vd;
                q_vs2 <= d_vs2;
                cv5 <= d_vd5;
                q_vs25 <= d_vs25;
                q_f15 <= d_f15;
                q_f3 <= d_f3;
                q_imm5 <= d_imm5;
                q_rs1 <= in_rs1[5:0];
                q_newvl <= s_vl;
                q_newlmul <= s_lmul;
                mk <= 8'd0;
                maddr <= in_rs1;
            end else if (busy) begin
                if (last_cycle) busy <= 1'b0;
                else begin
                    cnt <= cnt + 8'd1;
                    lc <= cnt == lm1;
                    b_t5 <= (cnt[2:0] == 3'd7) ? cv5 : T_ADD[{b_t5, 3'd1, 2'b00} +: 3];
                end
                if (last_cycle && k == K_VSET) begin
                    vl <= q_newvl;
                    for (tv = 0; tv < ELENUM; tv = tv + 1)
                        vlt[tv] <= tv < {24'd0, q_newvl};
                    vlmul <= q_newlmul;
                    nregs <= regs_of(q_newvl);
                    nregs_m1 <= regs_of(q_newvl) - 4'd1;
                    rle <= rle_of(q_newvl);
                    for (tv = 0; tv < 4; tv = tv + 1)
                        s_vlltq[tv] <= {24'd0, q_newvl} < (ELENUM << tv);
                end
                if (mreq) mk <= mk + 8'd1;
                // (a store's address steps with its write, st_q, a cycle after its request)
                if (q_isst ? st_q : mreq) maddr <= maddr + NB;
            end
            mel <= mel_nx;
            mreg <= mreg_nx;
            // the next cycle's mk < vl (mk as the block above sets it: 0 at the issue, + 1 after
            // a request; vl does not change while a memory instruction runs); vpi's cnt <= rows
            // likewise in pi_a_nx (cnt 1 after the issue, then cnt + 1; the row count does not
            // change while vpi runs)
            mq_go <= accept ? vl != 8'd0 : mreq ? mk + 8'd1 < vl : mk < vl;
            // vpi: read row lmul_cnt in cycles 1..R, its column write one cycle later
            if (busy && q_kpi) begin
                pi_row <= op_fa;
            end
        end
    end

    assign done = last_cycle;
    assign done_illegal = q_kill || q_pibad || q_iobad;
    assign done_rd_we = q_rdwe;
    assign done_rd = q_vd;
    assign done_rd_val = {24'd0, q_newvl};
    // A store's write goes out a cycle after its request (session 68): the element picked in
    // the request's cycle (st_el, from op_fa) is registered (st_d) with the write's flag (st_q),
    // so the data memory's write data, write enable and (for a store) address start at
    // flip-flops. (At ea32a49 the processor's seed-1 worst path ran from sd5 through st_el's
    // 5-way select into the DP16KD's write data, 12.18 ns, 10.02 of it routing.) A store
    // requests in busy cycles 1..vl and its last busy cycle (vl + 1) requests nothing, so its
    // last element is written in that cycle, still while it runs: no cycle moves, and the
    // memory holds every element when the next instruction (the unit's or the core's) issues.
    // A load's request keeps its cycle (its data is expected in the next one).
    reg [ELEN-1:0] st_el;       // the store's element of register vd + mreg
    integer se;
    always @* begin
        st_el = {ELEN{1'b0}};
        for (se = 0; se < ELENUM; se = se + 1)
            if ({29'd0, sd5} == se / 5 && {29'd0, st_j} == se % 5) st_el = op_fa[se * ELEN +: ELEN];
    end
    reg [ELEN-1:0] st_d;        // the store's element (st_q: its write, above)
    always @(posedge clk) begin
        st_q <= !rst && mreq && k == K_STORE;
        st_d <= st_el;
    end
    assign mem_valid = (mreq && k == K_LOAD) || st_q;
    assign mem_we = st_q;
    assign mem_addr = maddr;
    assign mem_wdata = st_d;
    assign vl_o = vl;
    assign lmul_o = 4'd1 << vlmul;
endmodule
`default_nettype wire

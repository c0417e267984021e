// SPDX-License-Identifier: Apache-2.0 OR MIT
// rv32i_core - a small in-order RV32I core (the project's own) that hands the vector
// instructions of seed 003's programs to rvv_unit (hw/rtl/rvv/README.md, "The scalar core").
//
// Two stages: fetch (a synchronous instruction memory: the word at imem_addr arrives on
// imem_rdata in the next cycle) and execute. The fetch address never depends on a branch's
// comparison (it is pc + 4 when the instruction in execute leaves, else pc); a taken branch
// or a jump redirects pc and drops the word fetched behind it.
//
// Timing (cycles from one instruction's retirement to the next one's, unit idle), the
// scalar costs of bench/rvv_ise_model/rvv_ise.py (CORE_*_CYCLES):
//   ALU, LUI, AUIPC, store, branch not taken, FENCE: 1
//   branch taken, JAL, JALR: 2 (the dropped fetch)
//   load: 2 (the data memory is synchronous too)
//   vector instruction: handed over in its execute cycle when the unit is idle (in_ready),
//     then the unit's cost (1 + T, rvv_unit.v) before the next instruction can retire.
// In-order and serial: no instruction, scalar or vector, leaves execute while the unit is busy.
// So the scalar loop control does not overlap vector work; every instruction's cost simply
// adds, which is the model's rule (and the seed's cycle counts, whose 32-bit program counts
// one scalar addi inside the round as a cycle of its own).
//
// The vector instructions: OP-V (0x57: vsetvli and the arithmetic), LOAD-FP / STORE-FP
// (0x07 / 0x27: vle / vse) and custom-2 (0x5B: seed 003's instructions). The unit gets the
// word and x[bits 19:15]; vsetvli's new vl comes back on v_rd_* in the unit's last cycle and
// is written to x[rd] then. An instruction neither the core nor the unit implements stops the
// core with `trap` (trap_pc = its pc); ECALL and EBREAK stop it with `halted` alone.
// Misaligned loads, stores and jump targets trap as well (no exceptions are taken: the core
// has no CSRs).
//
// Trace (registered, for the lock-step tests): tr_valid is high in the cycle after an
// instruction retires (leaves execute), with its pc, word and the cycle number it retired
// in; tr_wb* report every scalar register write (an instruction's, or vsetvli's from the unit).
`default_nettype none
module rv32i_core (
    input  wire        clk,
    input  wire        rst,
    output wire [31:0] imem_addr,
    input  wire [31:0] imem_rdata,
    output wire        dmem_valid,
    output wire        dmem_we,
    output wire [3:0]  dmem_be,
    output wire [31:0] dmem_addr,
    output wire [31:0] dmem_wdata,
    input  wire [31:0] dmem_rdata,
    output wire        v_valid,
    input  wire        v_ready,
    output wire [31:0] v_insn,
    output wire [31:0] v_rs1,
    input  wire        v_done,
    input  wire        v_illegal,
    input  wire        v_rd_we,
    input  wire [4:0]  v_rd,
    input  wire [31:0] v_rd_val,
    output reg         halted,
    output reg         trap,
    output reg  [31:0] trap_pc,
    output reg  [31:0] cycle,
    output reg         tr_valid,
    output reg  [31:0] tr_pc,
    output reg  [31:0] tr_insn,
    output reg  [31:0] tr_cycle,
    output reg         tr_wb,
    output reg  [4:0]  tr_wb_rd,
    output reg  [31:0] tr_wb_val
);
    localparam [6:0] OP_LUI = 7'b0110111, OP_AUIPC = 7'b0010111, OP_JAL = 7'b1101111,
                     OP_JALR = 7'b1100111, OP_BRANCH = 7'b1100011, OP_LOAD = 7'b0000011,
                     OP_STORE = 7'b0100011, OP_IMM = 7'b0010011, OP_REG = 7'b0110011,
                     OP_FENCE = 7'b0001111, OP_SYSTEM = 7'b1110011, OP_V = 7'b1010111,
                     OP_LOADFP = 7'b0000111, OP_STOREFP = 7'b0100111, OP_CUSTOM2 = 7'b1011011;

    reg [31:0] pc;
    reg        ex_valid;        // imem_rdata holds the word at pc (not a dropped fetch)
    reg        ld_wait;         // a load's second cycle: its data is on dmem_rdata
    reg [31:0] v_pc;            // the last vector instruction handed over (for trap_pc)
    reg [31:0] xr [0:31];

    wire [31:0] ir   = imem_rdata;
    wire [6:0]  opc  = ir[6:0];
    wire [4:0]  rd   = ir[11:7];
    wire [2:0]  f3   = ir[14:12];
    wire [4:0]  rs1  = ir[19:15];
    wire [4:0]  rs2  = ir[24:20];
    wire        f7b5 = ir[30];
    wire [31:0] x1v  = (rs1 == 5'd0) ? 32'd0 : xr[rs1];
    wire [31:0] x2v  = (rs2 == 5'd0) ? 32'd0 : xr[rs2];
    wire [31:0] imm_i = {{20{ir[31]}}, ir[31:20]};
    wire [31:0] imm_s = {{20{ir[31]}}, ir[31:25], ir[11:7]};
    wire [31:0] imm_b = {{19{ir[31]}}, ir[31], ir[7], ir[30:25], ir[11:8], 1'b0};
    wire [31:0] imm_u = {ir[31:12], 12'd0};
    wire [31:0] imm_j = {{11{ir[31]}}, ir[31], ir[19:12], ir[20], ir[30:21], 1'b0};

    wire is_vec = opc == OP_V || opc == OP_LOADFP || opc == OP_STOREFP || opc == OP_CUSTOM2;
    wire is_sys = opc == OP_SYSTEM && ir[31:21] == 11'd0 && ir[19:7] == 13'd0;  // ECALL / EBREAK

    // ALU (OP and OP-IMM; SUB and SRA by bit 30, which OP-IMM has only for the shifts)
    wire        is_reg = opc == OP_REG;
    wire [31:0] b_op   = is_reg ? x2v : imm_i;
    wire [4:0]  shamt  = b_op[4:0];
    reg  [31:0] alu;
    always @* begin
        case (f3)
            3'b000: alu = (is_reg && f7b5) ? x1v - b_op : x1v + b_op;
            3'b001: alu = x1v << shamt;
            3'b010: alu = {31'd0, $signed(x1v) < $signed(b_op)};
            3'b011: alu = {31'd0, x1v < b_op};
            3'b100: alu = x1v ^ b_op;
            3'b101: alu = f7b5 ? $unsigned($signed(x1v) >>> shamt) : x1v >> shamt;
            3'b110: alu = x1v | b_op;
            default: alu = x1v & b_op;
        endcase
    end
    wire alu_ok = is_reg ? (ir[31:25] == 7'd0 || (ir[31:25] == 7'b0100000 && (f3 == 3'b000 || f3 == 3'b101)))
                         : (f3 == 3'b001 ? ir[31:25] == 7'd0
                            : f3 == 3'b101 ? (ir[31:25] == 7'd0 || ir[31:25] == 7'b0100000) : 1'b1);

    reg br;
    always @* begin
        case (f3)
            3'b000: br = x1v == x2v;
            3'b001: br = x1v != x2v;
            3'b100: br = $signed(x1v) < $signed(x2v);
            3'b101: br = $signed(x1v) >= $signed(x2v);
            3'b110: br = x1v < x2v;
            default: br = x1v >= x2v;       // 111 (010, 011 are refused below)
        endcase
    end

    // memory: byte address, lanes of the 32-bit word
    wire [31:0] maddr = x1v + ((opc == OP_STORE) ? imm_s : imm_i);
    wire        m_misal = (f3[1:0] == 2'b10 && maddr[1:0] != 2'b00) || (f3[1:0] == 2'b01 && maddr[0]);
    wire [3:0]  st_be = (f3[1:0] == 2'b00) ? (4'b0001 << maddr[1:0])
                      : (f3[1:0] == 2'b01) ? (maddr[1] ? 4'b1100 : 4'b0011) : 4'b1111;
    wire [31:0] st_data = (f3[1:0] == 2'b00) ? {4{x2v[7:0]}} : (f3[1:0] == 2'b01) ? {2{x2v[15:0]}} : x2v;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] ld_sh = dmem_rdata >> {maddr[1:0], 3'b000};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [31:0] ld_val = (f3 == 3'b000) ? {{24{ld_sh[7]}}, ld_sh[7:0]}
                       : (f3 == 3'b100) ? {24'd0, ld_sh[7:0]}
                       : (f3 == 3'b001) ? {{16{ld_sh[15]}}, ld_sh[15:0]}
                       : (f3 == 3'b101) ? {16'd0, ld_sh[15:0]} : dmem_rdata;

    // what the instruction in execute does
    wire [31:0] pc4    = pc + 32'd4;
    wire [31:0] jalr_t = (x1v + imm_i) & ~32'd1;
    reg         legal, taken, wb;
    reg  [31:0] target, wval;
    always @* begin
        legal = 1'b0;
        taken = 1'b0;
        wb = 1'b0;
        target = pc + imm_b;
        wval = alu;
        case (opc)
            OP_LUI:    begin legal = 1'b1; wb = 1'b1; wval = imm_u; end
            OP_AUIPC:  begin legal = 1'b1; wb = 1'b1; wval = pc + imm_u; end
            OP_JAL:    begin target = pc + imm_j; legal = !target[1]; taken = 1'b1; wb = 1'b1; wval = pc4; end
            OP_JALR:   begin target = jalr_t; legal = f3 == 3'b000 && !jalr_t[1]; taken = 1'b1; wb = 1'b1;
                             wval = pc4; end
            OP_BRANCH: begin legal = f3 != 3'b010 && f3 != 3'b011 && !(br && target[1]); taken = br; end
            OP_LOAD:   begin legal = (f3 == 3'b000 || f3 == 3'b001 || f3 == 3'b010 || f3 == 3'b100 ||
                                      f3 == 3'b101) && !m_misal; wb = 1'b1; wval = ld_val; end
            OP_STORE:  begin legal = (f3 == 3'b000 || f3 == 3'b001 || f3 == 3'b010) && !m_misal; end
            OP_IMM, OP_REG: begin legal = alu_ok; wb = 1'b1; end
            OP_FENCE:  legal = f3 == 3'b000;
            default:   ;
        endcase
    end

    wire run    = ex_valid && !halted && v_ready;       // the unit is idle: execute may act
    wire is_ld  = opc == OP_LOAD;
    wire adv    = run && (is_vec || (legal && !is_sys && (!is_ld || ld_wait)));
    wire stop   = run && !is_vec && (is_sys || !legal);
    wire do_wb  = adv && !is_vec && wb && rd != 5'd0;
    wire v_wb   = v_done && v_rd_we && v_rd != 5'd0 && !v_illegal;

    assign imem_addr  = adv ? pc4 : pc;
    assign v_valid    = ex_valid && !halted && is_vec;
    assign v_insn     = ir;
    assign v_rs1      = x1v;
    assign dmem_valid = run && legal && ((is_ld && !ld_wait) || opc == OP_STORE);
    assign dmem_we    = opc == OP_STORE;
    assign dmem_be    = st_be;
    assign dmem_addr  = maddr;
    assign dmem_wdata = st_data;

    // the register file: one write port (an instruction's result, or vsetvli's vl from the
    // unit: never in the same cycle, the core waits while the unit runs), two read ports
    // (distributed RAM)
    wire        xw  = do_wb || v_wb;
    wire [4:0]  xwa = v_wb ? v_rd : rd;
    wire [31:0] xwd = v_wb ? v_rd_val : wval;
    always @(posedge clk)
        if (xw) xr[xwa] <= xwd;

    always @(posedge clk) begin
        if (rst) begin
            pc <= 32'd0;
            ex_valid <= 1'b0;
            ld_wait <= 1'b0;
            halted <= 1'b0;
            trap <= 1'b0;
            trap_pc <= 32'd0;
            cycle <= 32'd0;
            tr_valid <= 1'b0;
            tr_wb <= 1'b0;
            v_pc <= 32'd0;
        end else begin
            cycle <= cycle + 32'd1;
            tr_valid <= adv || stop;
            tr_pc <= pc;
            tr_insn <= ir;
            tr_cycle <= cycle;
            tr_wb <= xw;
            tr_wb_rd <= xwa;
            tr_wb_val <= xwd;
            if (v_done && v_illegal) begin
                halted <= 1'b1;
                trap <= 1'b1;
                trap_pc <= v_pc;
            end
            if (stop) begin
                halted <= 1'b1;
                trap <= !is_sys;
                trap_pc <= pc;
            end
            if (run && is_ld) ld_wait <= !ld_wait;
            if (adv) begin
                pc <= taken ? target : pc4;
                ex_valid <= !taken;
                if (is_vec) v_pc <= pc;
            end else if (!ex_valid) begin
                ex_valid <= 1'b1;
            end
        end
    end
endmodule
`default_nettype wire

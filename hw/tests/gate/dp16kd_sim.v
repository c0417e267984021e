// SPDX-License-Identifier: Apache-2.0 OR MIT
// A simulation model of the ECP5 DP16KD block RAM as yosys synth_ecp5 instantiates it for
// mlkem_axil (its brams_map.v): both ports x18 (AD[13:4] the word, AD1 / AD0 the write enables of
// bits 17:9 / 8:0) or x9 (AD[13:3]), REGMODE NOREG (the output is the clock's read), WRITEMODE
// NORMAL / WRITETHROUGH / READBEFOREWRITE (what DO shows in a write clock), a read by one port of
// the row the other writes in the same clock gives the old data, RST clears DO, contents zero at
// start (gate_sim.py refuses a netlist with a non-zero INITVAL). yosys 0.23's ecp5/cells_sim.v
// has the cell's parameters only (no behaviour: its outputs would stay zero), so the gate-level
// simulation (hw/tests/gate/gate_sim.py) needs this. Another configuration (OUTREG, widths 1 / 2
// / 4 or differing per port, inverted clock or enable muxes) stops the simulation at time 0.
`default_nettype none
module DP16KD (
    input  wire DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
    input  wire ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0,
    input  wire CEA, OCEA, CLKA, WEA, RSTA, CSA2, CSA1, CSA0,
    output wire DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
    input  wire DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
    input  wire ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0,
    input  wire CEB, OCEB, CLKB, WEB, RSTB, CSB2, CSB1, CSB0,
    output wire DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
    parameter integer DATA_WIDTH_A = 18;
    parameter integer DATA_WIDTH_B = 18;
    parameter REGMODE_A = "NOREG";
    parameter REGMODE_B = "NOREG";
    parameter RESETMODE = "SYNC";
    parameter ASYNC_RESET_RELEASE = "SYNC";
    parameter [39:0] CSDECODE_A = "0b000";
    parameter [39:0] CSDECODE_B = "0b000";
    parameter WRITEMODE_A = "NORMAL";
    parameter WRITEMODE_B = "NORMAL";
    parameter GSR = "ENABLED";
    parameter CLKAMUX = "CLKA";
    parameter CLKBMUX = "CLKB";
    parameter INIT_DATA = "STATIC";
    // the initial contents (must be zero here: gate_sim.py checks)
    parameter [319:0] INITVAL_00 = 320'h0, INITVAL_01 = 320'h0, INITVAL_02 = 320'h0, INITVAL_03 = 320'h0;
    parameter [319:0] INITVAL_04 = 320'h0, INITVAL_05 = 320'h0, INITVAL_06 = 320'h0, INITVAL_07 = 320'h0;
    parameter [319:0] INITVAL_08 = 320'h0, INITVAL_09 = 320'h0, INITVAL_0A = 320'h0, INITVAL_0B = 320'h0;
    parameter [319:0] INITVAL_0C = 320'h0, INITVAL_0D = 320'h0, INITVAL_0E = 320'h0, INITVAL_0F = 320'h0;
    parameter [319:0] INITVAL_10 = 320'h0, INITVAL_11 = 320'h0, INITVAL_12 = 320'h0, INITVAL_13 = 320'h0;
    parameter [319:0] INITVAL_14 = 320'h0, INITVAL_15 = 320'h0, INITVAL_16 = 320'h0, INITVAL_17 = 320'h0;
    parameter [319:0] INITVAL_18 = 320'h0, INITVAL_19 = 320'h0, INITVAL_1A = 320'h0, INITVAL_1B = 320'h0;
    parameter [319:0] INITVAL_1C = 320'h0, INITVAL_1D = 320'h0, INITVAL_1E = 320'h0, INITVAL_1F = 320'h0;
    parameter [319:0] INITVAL_20 = 320'h0, INITVAL_21 = 320'h0, INITVAL_22 = 320'h0, INITVAL_23 = 320'h0;
    parameter [319:0] INITVAL_24 = 320'h0, INITVAL_25 = 320'h0, INITVAL_26 = 320'h0, INITVAL_27 = 320'h0;
    parameter [319:0] INITVAL_28 = 320'h0, INITVAL_29 = 320'h0, INITVAL_2A = 320'h0, INITVAL_2B = 320'h0;
    parameter [319:0] INITVAL_2C = 320'h0, INITVAL_2D = 320'h0, INITVAL_2E = 320'h0, INITVAL_2F = 320'h0;
    parameter [319:0] INITVAL_30 = 320'h0, INITVAL_31 = 320'h0, INITVAL_32 = 320'h0, INITVAL_33 = 320'h0;
    parameter [319:0] INITVAL_34 = 320'h0, INITVAL_35 = 320'h0, INITVAL_36 = 320'h0, INITVAL_37 = 320'h0;
    parameter [319:0] INITVAL_38 = 320'h0, INITVAL_39 = 320'h0, INITVAL_3A = 320'h0, INITVAL_3B = 320'h0;
    parameter [319:0] INITVAL_3C = 320'h0, INITVAL_3D = 320'h0, INITVAL_3E = 320'h0, INITVAL_3F = 320'h0;
    wire [2:0] csa = {CSDECODE_A[16], CSDECODE_A[8], CSDECODE_A[0]};   // "0bXYZ": X, Y, Z's low bits
    wire [2:0] csb = {CSDECODE_B[16], CSDECODE_B[8], CSDECODE_B[0]};
    reg [8:0] mem [0:2047];
    integer i;
    initial begin
        for (i = 0; i < 2048; i = i + 1) mem[i] = 9'd0;
        if (!(DATA_WIDTH_A == DATA_WIDTH_B && (DATA_WIDTH_A == 18 || DATA_WIDTH_A == 9)) || REGMODE_A != "NOREG" ||
            REGMODE_B != "NOREG" || CLKAMUX != "CLKA" || CLKBMUX != "CLKB") begin
            $display("DP16KD (dp16kd_sim.v): a configuration this model does not simulate");
            $finish;
        end
    end
    // port A
    wire [17:0] di_a = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
    wire [13:0] ad_a = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0};
    reg  [17:0] do_a = 18'd0;
    assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} = do_a;
    wire        sel_a = {CSA2, CSA1, CSA0} == csa;
    // the 9-bit rows a port-A access covers: x18 rows 2 a, 2 a + 1 (AD[13:4]; AD1, AD0 the byte
    // write enables), x9 row AD[13:3]
    wire [10:0] r0_a = DATA_WIDTH_A == 18 ? {ad_a[13:4], 1'b0} : ad_a[13:3];
    wire        we0_a = WEA && (DATA_WIDTH_A == 18 ? ad_a[0] : 1'b1);
    wire        we1_a = WEA && DATA_WIDTH_A == 18 && ad_a[1];
    wire [17:0] old_a = DATA_WIDTH_A == 18 ? {mem[r0_a | 11'd1], mem[r0_a]} : {9'd0, mem[r0_a]};
    wire [17:0] new_a = DATA_WIDTH_A == 18 ?
        {we1_a ? di_a[17:9] : old_a[17:9], we0_a ? di_a[8:0] : old_a[8:0]} :
        {9'd0, we0_a ? di_a[8:0] : old_a[8:0]};
    always @(posedge CLKA) begin
        if (CEA && sel_a) begin
            if (we0_a) mem[r0_a] <= di_a[8:0];
            if (we1_a) mem[r0_a | 11'd1] <= di_a[17:9];
            if (RSTA) do_a <= 18'd0;
            else if (!WEA || WRITEMODE_A == "READBEFOREWRITE") do_a <= old_a;
            else if (WRITEMODE_A == "WRITETHROUGH") do_a <= new_a;
        end
    end

    // port B
    wire [17:0] di_b = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
    wire [13:0] ad_b = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0};
    reg  [17:0] do_b = 18'd0;
    assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} = do_b;
    wire        sel_b = {CSB2, CSB1, CSB0} == csb;
    // the 9-bit rows a port-B access covers: x18 rows 2 a, 2 a + 1 (AD[13:4]; AD1, AD0 the byte
    // write enables), x9 row AD[13:3]
    wire [10:0] r0_b = DATA_WIDTH_B == 18 ? {ad_b[13:4], 1'b0} : ad_b[13:3];
    wire        we0_b = WEB && (DATA_WIDTH_B == 18 ? ad_b[0] : 1'b1);
    wire        we1_b = WEB && DATA_WIDTH_B == 18 && ad_b[1];
    wire [17:0] old_b = DATA_WIDTH_B == 18 ? {mem[r0_b | 11'd1], mem[r0_b]} : {9'd0, mem[r0_b]};
    wire [17:0] new_b = DATA_WIDTH_B == 18 ?
        {we1_b ? di_b[17:9] : old_b[17:9], we0_b ? di_b[8:0] : old_b[8:0]} :
        {9'd0, we0_b ? di_b[8:0] : old_b[8:0]};
    always @(posedge CLKB) begin
        if (CEB && sel_b) begin
            if (we0_b) mem[r0_b] <= di_b[8:0];
            if (we1_b) mem[r0_b | 11'd1] <= di_b[17:9];
            if (RSTB) do_b <= 18'd0;
            else if (!WEB || WRITEMODE_B == "READBEFOREWRITE") do_b <= old_b;
            else if (WRITEMODE_B == "WRITETHROUGH") do_b <= new_b;
        end
    end
endmodule
`default_nettype wire

// SPDX-License-Identifier: Apache-2.0 OR MIT
// A simulation model of the ECP5 MULT18X18D as yosys synth_ecp5 instantiates it (its dsp_map.v:
// every input, pipeline and output register off, C and the shift chains unused): P = A * B, each
// operand signed or unsigned by SIGNEDA / SIGNEDB. yosys ships the cell as a blackbox only
// (cells_bb.v), so the gate-level simulation (hw/tests/gate/gate_sim.py) needs this. A netlist
// that uses a register of the cell stops the simulation at time 0 rather than simulate it wrong.
`default_nettype none
module MULT18X18D (
    input  wire A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17,
    input  wire B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17,
    input  wire C0, C1, C2, C3, C4, C5, C6, C7, C8, C9, C10, C11, C12, C13, C14, C15, C16, C17,
    input  wire SIGNEDA, SIGNEDB, SOURCEA, SOURCEB,
    input  wire CLK0, CLK1, CLK2, CLK3,
    input  wire CE0, CE1, CE2, CE3,
    input  wire RST0, RST1, RST2, RST3,
    input  wire SRIA0, SRIA1, SRIA2, SRIA3, SRIA4, SRIA5, SRIA6, SRIA7, SRIA8, SRIA9, SRIA10, SRIA11, SRIA12,
    input  wire SRIA13, SRIA14, SRIA15, SRIA16, SRIA17,
    input  wire SRIB0, SRIB1, SRIB2, SRIB3, SRIB4, SRIB5, SRIB6, SRIB7, SRIB8, SRIB9, SRIB10, SRIB11, SRIB12,
    input  wire SRIB13, SRIB14, SRIB15, SRIB16, SRIB17,
    output wire SROA0, SROA1, SROA2, SROA3, SROA4, SROA5, SROA6, SROA7, SROA8, SROA9, SROA10, SROA11, SROA12,
    output wire SROA13, SROA14, SROA15, SROA16, SROA17,
    output wire SROB0, SROB1, SROB2, SROB3, SROB4, SROB5, SROB6, SROB7, SROB8, SROB9, SROB10, SROB11, SROB12,
    output wire SROB13, SROB14, SROB15, SROB16, SROB17,
    output wire ROA0, ROA1, ROA2, ROA3, ROA4, ROA5, ROA6, ROA7, ROA8, ROA9, ROA10, ROA11, ROA12, ROA13, ROA14,
    output wire ROA15, ROA16, ROA17,
    output wire ROB0, ROB1, ROB2, ROB3, ROB4, ROB5, ROB6, ROB7, ROB8, ROB9, ROB10, ROB11, ROB12, ROB13, ROB14,
    output wire ROB15, ROB16, ROB17,
    output wire ROC0, ROC1, ROC2, ROC3, ROC4, ROC5, ROC6, ROC7, ROC8, ROC9, ROC10, ROC11, ROC12, ROC13, ROC14,
    output wire ROC15, ROC16, ROC17,
    output wire P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, P20,
    output wire P21, P22, P23, P24, P25, P26, P27, P28, P29, P30, P31, P32, P33, P34, P35,
    output wire SIGNEDP
);
    parameter REG_INPUTA_CLK = "NONE";
    parameter REG_INPUTA_CE = "CE0";
    parameter REG_INPUTA_RST = "RST0";
    parameter REG_INPUTB_CLK = "NONE";
    parameter REG_INPUTB_CE = "CE0";
    parameter REG_INPUTB_RST = "RST0";
    parameter REG_INPUTC_CLK = "NONE";
    parameter REG_INPUTC_CE = "CE0";
    parameter REG_INPUTC_RST = "RST0";
    parameter REG_PIPELINE_CLK = "NONE";
    parameter REG_PIPELINE_CE = "CE0";
    parameter REG_PIPELINE_RST = "RST0";
    parameter REG_OUTPUT_CLK = "NONE";
    parameter REG_OUTPUT_CE = "CE0";
    parameter REG_OUTPUT_RST = "RST0";
    parameter [127:0] CLK0_DIV = "ENABLED";
    parameter [127:0] CLK1_DIV = "ENABLED";
    parameter [127:0] CLK2_DIV = "ENABLED";
    parameter [127:0] CLK3_DIV = "ENABLED";
    parameter HIGHSPEED_CLK = "NONE";
    parameter [127:0] GSR = "ENABLED";
    parameter CAS_MATCH_REG = "FALSE";
    parameter [127:0] SOURCEB_MODE = "B_SHIFT";
    parameter [127:0] MULT_BYPASS = "DISABLED";
    parameter [127:0] RESETMODE = "SYNC";

    wire [17:0] a = {A17, A16, A15, A14, A13, A12, A11, A10, A9, A8, A7, A6, A5, A4, A3, A2, A1, A0};
    wire [17:0] b = {B17, B16, B15, B14, B13, B12, B11, B10, B9, B8, B7, B6, B5, B4, B3, B2, B1, B0};
    // each operand extended to 36 bits (sign or zero), the product's low 36 bits
    wire [35:0] ax = {{18{SIGNEDA & a[17]}}, a};
    wire [35:0] bx = {{18{SIGNEDB & b[17]}}, b};
    wire [35:0] p = ax * bx;
    assign {P35, P34, P33, P32, P31, P30, P29, P28, P27, P26, P25, P24, P23, P22, P21, P20, P19, P18, P17, P16,
            P15, P14, P13, P12, P11, P10, P9, P8, P7, P6, P5, P4, P3, P2, P1, P0} = p;
    assign SIGNEDP = SIGNEDA ^ SIGNEDB;
    assign {SROA17, SROA16, SROA15, SROA14, SROA13, SROA12, SROA11, SROA10, SROA9, SROA8, SROA7, SROA6, SROA5,
            SROA4, SROA3, SROA2, SROA1, SROA0} = a;
    assign {SROB17, SROB16, SROB15, SROB14, SROB13, SROB12, SROB11, SROB10, SROB9, SROB8, SROB7, SROB6, SROB5,
            SROB4, SROB3, SROB2, SROB1, SROB0} = b;
    assign {ROA17, ROA16, ROA15, ROA14, ROA13, ROA12, ROA11, ROA10, ROA9, ROA8, ROA7, ROA6, ROA5, ROA4, ROA3,
            ROA2, ROA1, ROA0} = a;
    assign {ROB17, ROB16, ROB15, ROB14, ROB13, ROB12, ROB11, ROB10, ROB9, ROB8, ROB7, ROB6, ROB5, ROB4, ROB3,
            ROB2, ROB1, ROB0} = b;
    assign {ROC17, ROC16, ROC15, ROC14, ROC13, ROC12, ROC11, ROC10, ROC9, ROC8, ROC7, ROC6, ROC5, ROC4, ROC3,
            ROC2, ROC1, ROC0} = 18'd0;
    initial begin
        if (REG_INPUTA_CLK != "NONE" || REG_INPUTB_CLK != "NONE" || REG_INPUTC_CLK != "NONE" ||
            REG_PIPELINE_CLK != "NONE" || REG_OUTPUT_CLK != "NONE") begin
            $display("MULT18X18D %m: a register is on; this model has none");
            $fatal;
        end
    end
endmodule
`default_nettype wire

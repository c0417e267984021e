// SPDX-License-Identifier: Apache-2.0 OR MIT
// route_cells_sim.v - simulation models of the cells nextpnr-ecp5 (0.11) writes in its routed
// netlist (`--write routed.json`), for hw/tests/gate/route_sim.py: the packed slice halves
// (TRELLIS_COMB in LOGIC, CCU2 and DPRAM modes, with the slice's PFUMX or L6MUX21 on OFX),
// TRELLIS_FF as the packer leaves it (SD picks DI or M), the LUT RAM's write port TRELLIS_RAMW,
// and the clock buffer DCCA. Written from what nextpnr's ecp5 packer does (ecp5/pack.cc,
// cells.cc, arch.cc of nextpnr 0.11): route_sim.py ties every input the packer left
// unconnected to the constant it stands for (a LUT input: high), cuts the IO cells at the top's
// ports and says which mux a TRELLIS_COMB's OFX is (KF_OFX), so these models see no `z`.
// The LUT input permutation nextpnr's router may choose is not in the netlist: the JSON keeps
// each cell's logical pins and INIT, and the permutation is applied when the bitstream is written
// (ecp5/bitstream.cc, permute_lut), so it is not simulated here.
`default_nettype none

// One slice half: a LUT4 (F = INITVAL[{D, C, B, A}]), or half of a CCU2C (the LUT4 summed with the
// carry; its LUT2 INITVAL[{B, A}] generates the carry, as yosys's CCU2C which synth_ecp5 maps to),
// or one bit of a 16 x 4 LUT RAM (DPRAM: read at {D, C, B, A}, the INITVAL nextpnr permuted for that
// order; written at {WAD0, WAD2, WAD1, WAD3}, the same logical address: nextpnr connects RAD[0..3]
// to D, B, C, A and WAD[0..3] to WAD0..3 through TRELLIS_RAMW). OFX: the slice's PFUMX (M ? F1 : F)
// or, for KF_OFX "L6MUX", its L6MUX21 (M ? FXB : FXA).
module TRELLIS_COMB (
    input  wire A, B, C, D, M,
    input  wire FCI, F1, FXA, FXB,
    input  wire WD, DI0, DI1,   // (DI0/DI1: the slice's flip-flop inputs, unused here)
    input  wire WAD0, WAD1, WAD2, WAD3,
    input  wire WRE, WCK,
    output wire F, FCO, OFX
);
    parameter MODE = "LOGIC";
    parameter [15:0] INITVAL = 16'h0000;
    parameter CCU2_INJECT1 = "NO";
    parameter WREMUX = "WRE";
    parameter WCKMUX = "WCK";
    parameter KF_OFX = "PFUMX";

    wire lut4 = INITVAL[{D, C, B, A}];

    generate
        if (MODE == "LOGIC") begin : g_logic
            assign F = lut4;
            assign FCO = 1'b0;
        end else if (MODE == "CCU2") begin : g_ccu2
            wire inject = CCU2_INJECT1 == "YES";
            wire lut2 = INITVAL[{B, A}];
            assign F = lut4 ^ (inject ? 1'b0 : FCI);
            assign FCO = lut4 ? FCI : (inject ? 1'b0 : lut2);
        end else if (MODE == "DPRAM") begin : g_dpram
            reg [15:0] ram = INITVAL;
            wire wre = WREMUX == "INV" ? ~WRE : WREMUX == "1" ? 1'b1 : WREMUX == "0" ? 1'b0 : WRE;
            wire wck = WCKMUX == "INV" ? ~WCK : WCK;
            always @(posedge wck)
                if (wre) ram[{WAD0, WAD2, WAD1, WAD3}] <= WD;
            assign F = ram[{D, C, B, A}];
            assign FCO = 1'b0;
        end else if (MODE == "RAMW_BLOCK") begin : g_block
            assign F = 1'b0;   // a placement blocker: nothing connected
            assign FCO = 1'b0;
        end else begin : g_bad
            KF_UNSUPPORTED_TRELLIS_COMB_MODE bad();
        end
        if (KF_OFX == "L6MUX") begin : g_l6
            assign OFX = M ? FXB : FXA;
        end else begin : g_pfu
            assign OFX = M ? F1 : F;
        end
    endgenerate
endmodule

// A slice flip-flop as nextpnr's packer leaves it: D from DI (SD "1", the slice's own LUT) or M
// (SD "0", general routing); CE, LSR and CLK through their muxes; set/reset to REGSET's value,
// synchronous (LSR_OVER_CE) or asynchronous; the power-on value is REGSET's (GSR).
module TRELLIS_FF (input wire CLK, LSR, CE, DI, M, output reg Q);
    parameter GSR = "ENABLED";
    parameter CEMUX = "CE";
    parameter CLKMUX = "CLK";
    parameter LSRMUX = "LSR";
    parameter SRMODE = "LSR_OVER_CE";
    parameter REGSET = "RESET";
    parameter LSRMODE = "LSR";
    parameter SD = "0";

    wire ce = CEMUX == "1" ? 1'b1 : CEMUX == "0" ? 1'b0 : CEMUX == "INV" ? ~CE : CE;
    wire lsr = LSRMUX == "INV" ? ~LSR : LSR;
    wire clk = CLKMUX == "INV" ? ~CLK : CLK;
    wire d = SD == "1" ? DI : M;
    localparam SRVAL = REGSET == "SET" ? 1'b1 : 1'b0;
    initial Q = SRVAL;
    generate
        if (LSRMODE != "LSR") begin : g_bad
            KF_UNSUPPORTED_TRELLIS_FF_LSRMODE bad();
        end else if (SRMODE == "ASYNC") begin : g_async
            always @(posedge clk, posedge lsr)
                if (lsr) Q <= SRVAL;
                else if (ce) Q <= d;
        end else begin : g_sync
            always @(posedge clk)
                if (lsr) Q <= SRVAL;
                else if (ce) Q <= d;
        end
    endgenerate
endmodule

// The LUT RAM's write port (slice C of a DPRAM's slice group): its LUT inputs carry the write
// address and data to the RAM slices. Pins as nextpnr's packer assigns them (WAD[0..3] to D0, B0,
// C0, A0; DI[0..3] to C1, A1, D1, B1) and its timing arcs read them out (arch.cc).
module TRELLIS_RAMW (
    input  wire A0, B0, C0, D0, A1, B1, C1, D1,
    output wire WDO0, WDO1, WDO2, WDO3, WADO0, WADO1, WADO2, WADO3
);
    assign {WADO3, WADO2, WADO1, WADO0} = {A0, C0, B0, D0};
    assign {WDO3, WDO2, WDO1, WDO0} = {B1, D1, A1, C1};
endmodule

// The global clock buffer nextpnr puts on a clock net: a wire (route_sim.py checks its CE is
// high or unconnected).
module DCCA (input wire CLKI, CE, output wire CLKO);
    assign CLKO = CLKI;
endmodule
`default_nettype wire

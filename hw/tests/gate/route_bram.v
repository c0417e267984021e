// SPDX-License-Identifier: Apache-2.0 OR MIT
// route_bram - two DP16KD and one MULT18X18D with constant pins, for route_bram.py: synth_ecp5 maps
// the 1,024 x 16 memory (written by port A, read by port B) to one DP16KD in x18 mode (its address
// bits 3:2, chip selects, resets and port B's WE low, its CE / OCE high, bit 15 of the written
// word a constant 1), the 2,048 x 9 memory to one in x9 mode (address bits 2:0 low, bit 7 of the
// written word a constant 1; mlkem_axil has both modes) and the 12 x 12 product to one MULT18X18D
// (the operands' high bits low, the sign inputs low, bit 1 of B a constant 1); nextpnr's packer
// folds those constants into <PIN>MUX parameters and leaves the pins open, which
// route_sim.prepare ties back. The routed netlist is compared with this RTL.
`default_nettype none
module route_bram (
    input  wire        clk,
    input  wire        we,
    input  wire [9:0]  wa,
    input  wire [9:0]  ra,
    input  wire [14:0] wd,
    output reg  [15:0] rd,
    input  wire [10:0] wa9,
    input  wire [10:0] ra9,
    output reg  [8:0]  rd9,
    input  wire [11:0] a,
    input  wire [10:0] b,
    output reg  [23:0] p
);
    reg [15:0] mem [0:1023];
    reg [8:0] mem9 [0:2047];
    integer k;
    initial begin
        for (k = 0; k < 1024; k = k + 1) mem[k] = 16'd0;
        for (k = 0; k < 2048; k = k + 1) mem9[k] = 9'd0;
        rd = 16'd0;
        rd9 = 9'd0;
        p = 24'd0;
    end
    always @(posedge clk) begin
        if (we) mem[wa] <= {1'b1, wd};
        rd <= mem[ra];
    end
    always @(posedge clk) begin
        if (we) mem9[wa9] <= {wd[7], 1'b1, wd[6:0]};
        rd9 <= mem9[ra9];
    end
    always @(posedge clk) p <= a * {b[10:1], 1'b1, b[0]};
endmodule
`default_nettype wire

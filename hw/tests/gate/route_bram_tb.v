// SPDX-License-Identifier: Apache-2.0 OR MIT
// route_bram_tb - the routed netlist of route_bram (module route_bram) and its RTL (the same source
// renamed route_bram_rtl by route_bram.py) driven with the same random writes, reads and operands
// for 4,000 clocks (the addresses in 0..63, so most reads find a written word); the two read words
// and the product compared after each clock, each counted on its own.
`timescale 1ns/1ps
module route_bram_tb;
    reg clk = 1'b0, we = 1'b0;
    reg [9:0] wa = 10'd0, ra = 10'd0;
    reg [10:0] wa9 = 11'd0, ra9 = 11'd0;
    reg [14:0] wd = 15'd0;
    reg [11:0] a = 12'd0;
    reg [10:0] b = 11'd0;
    wire [15:0] rd_n, rd_r;
    wire [8:0] rd9_n, rd9_r;
    wire [23:0] p_n, p_r;
    route_bram net (.clk(clk), .we(we), .wa(wa), .ra(ra), .wd(wd), .rd(rd_n), .wa9(wa9), .ra9(ra9), .rd9(rd9_n), .a(a), .b(b), .p(p_n));
    route_bram_rtl rtl (.clk(clk), .we(we), .wa(wa), .ra(ra), .wd(wd), .rd(rd_r), .wa9(wa9), .ra9(ra9), .rd9(rd9_r), .a(a), .b(b), .p(p_r));
    integer i, bad_rd9 = 0, bad_rd = 0, bad_p = 0, nz = 0;
    initial begin
        for (i = 0; i < 4000; i = i + 1) begin
            we = 1'($random); wa = 10'($random) & 10'h3f; ra = 10'($random) & 10'h3f;
            wa9 = 11'($random) & 11'h3f; ra9 = 11'($random) & 11'h3f;
            wd = 15'($random); a = 12'($random); b = 11'($random);
            #4 clk = 1'b1;
            #1;
            if (rd_r != 16'd0) nz = nz + 1;
            if (rd_n !== rd_r) begin
                bad_rd = bad_rd + 1;
                if (bad_rd <= 3) $display("clock %0d: netlist rd %h, RTL rd %h (ra %h)", i, rd_n, rd_r, ra);
            end
            if (rd9_n !== rd9_r) begin
                bad_rd9 = bad_rd9 + 1;
                if (bad_rd9 <= 3) $display("clock %0d: netlist rd9 %h, RTL rd9 %h (ra9 %h)", i, rd9_n, rd9_r, ra9);
            end
            if (p_n !== p_r) begin
                bad_p = bad_p + 1;
                if (bad_p <= 3) $display("clock %0d: netlist p %h, RTL p %h", i, p_n, p_r);
            end
            #5 clk = 1'b0;
        end
        $display("route_bram: 4000 clocks (%0d reads of a written word), rd: %0d differ, rd9: %0d differ, p: %0d differ",
                 nz, bad_rd, bad_rd9, bad_p);
        $finish;
    end
endmodule

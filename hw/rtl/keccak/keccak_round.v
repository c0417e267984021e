// SPDX-License-Identifier: Apache-2.0 OR MIT
// keccak_round - one round of Keccak-p[1600] (theta, rho, pi, chi, iota), combinational.
// Lane (x, y) is bits [64*(x+5*y) +: 64] of the state; byte i of the state is bits [8*i +: 8]
// (FIPS 202's byte order, so the first 64-bit word of a message is lane 0).
`default_nettype none
module keccak_round (
    input  wire [1599:0] s_in,
    input  wire [63:0]   rc,
    output wire [1599:0] s_out
);
    // rho offsets, indexed x + 5*y
    function integer rho_off(input integer idx);
        case (idx)
            0: rho_off = 0;   1: rho_off = 1;   2: rho_off = 62;  3: rho_off = 28;  4: rho_off = 27;
            5: rho_off = 36;  6: rho_off = 44;  7: rho_off = 6;   8: rho_off = 55;  9: rho_off = 20;
            10: rho_off = 3;  11: rho_off = 10; 12: rho_off = 43; 13: rho_off = 25; 14: rho_off = 39;
            15: rho_off = 41; 16: rho_off = 45; 17: rho_off = 15; 18: rho_off = 21; 19: rho_off = 8;
            20: rho_off = 18; 21: rho_off = 2;  22: rho_off = 61; 23: rho_off = 56; default: rho_off = 14;
        endcase
    endfunction

    wire [63:0] c [0:4];   // column parities
    wire [63:0] d [0:4];   // theta effect
    wire [63:0] b [0:24];  // after theta, rho, pi
    genvar x, y;
    generate
        for (x = 0; x < 5; x = x + 1) begin : g_col
            assign c[x] = s_in[64*x +: 64] ^ s_in[64*(x+5) +: 64] ^ s_in[64*(x+10) +: 64] ^
                          s_in[64*(x+15) +: 64] ^ s_in[64*(x+20) +: 64];
        end
        for (x = 0; x < 5; x = x + 1) begin : g_d
            assign d[x] = c[(x+4)%5] ^ {c[(x+1)%5][62:0], c[(x+1)%5][63]};
        end
        for (y = 0; y < 5; y = y + 1) begin : g_y
            for (x = 0; x < 5; x = x + 1) begin : g_x
                // pi: B[y, 2x+3y] = rot(A[x,y] ^ D[x], r[x,y])
                localparam integer R = rho_off(x + 5*y);
                wire [63:0] a = s_in[64*(x+5*y) +: 64] ^ d[x];
                if (R == 0) begin : g_r0
                    assign b[y + 5*((2*x + 3*y) % 5)] = a;
                end else begin : g_r
                    assign b[y + 5*((2*x + 3*y) % 5)] = {a[63-R:0], a[63:64-R]};
                end
            end
        end
        for (y = 0; y < 5; y = y + 1) begin : g_chi_y
            for (x = 0; x < 5; x = x + 1) begin : g_chi_x
                wire [63:0] v = b[x + 5*y] ^ (~b[(x+1)%5 + 5*y] & b[(x+2)%5 + 5*y]);
                if (x == 0 && y == 0) begin : g_iota
                    assign s_out[63:0] = v ^ rc;
                end else begin : g_plain
                    assign s_out[64*(x+5*y) +: 64] = v;
                end
            end
        end
    endgenerate
endmodule
`default_nettype wire

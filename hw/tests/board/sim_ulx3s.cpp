// SPDX-License-Identifier: Apache-2.0 OR MIT
// sim_ulx3s - the ULX3S board top (hw/rtl/board/ulx3s_mlkem.v, built by Verilator with a small
// CPB) behind a pseudo-terminal, so the host driver (python/keccakforge/hw.py) talks to it as to
// the board's serial port. Prints "PTY <path>" on stdout, then moves bytes between the pty and
// the FPGA's serial pins bit by bit (8N1, CPB clocks per bit, as the FTDI chip would), until
// killed or stdin closes. When both lines have been quiet for a while it waits on the pty (1 ms)
// every 4,096 clocks, so an idle simulation does not spin. The pty is raw (set here, and again
// by the driver). No network.
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <termios.h>
#include <unistd.h>

#include <deque>
#include <memory>

#ifdef SIM_RVV   // the processor's board top instead (ulx3s_rvv.v: tests/board/board_rvv_e2e.py)
#include "Vulx3s_rvv.h"
typedef Vulx3s_rvv Top;
#else
#include "Vulx3s_mlkem.h"
typedef Vulx3s_mlkem Top;
#endif
#include "verilated.h"

#ifndef SIM_CPB
#define SIM_CPB 4
#endif

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
        printf("NOPTY no pseudo-terminal (posix_openpt)\n");   // the test reports itself skipped
        return 3;
    }
    const char *name = ptsname(master);
    int slave = open(name, O_RDWR | O_NOCTTY);  // kept open: the pty lives while the driver reopens it
    struct termios t;
    if (slave < 0 || tcgetattr(slave, &t) != 0) {
        printf("NOPTY the pseudo-terminal %s cannot be opened\n", name);
        return 3;
    }
    cfmakeraw(&t);
    tcsetattr(slave, TCSANOW, &t);
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
    printf("PTY %s\n", name);
    fflush(stdout);

    auto top = std::make_unique<Top>();
    top->ftdi_txd = 1;
    std::deque<unsigned char> in;           // bytes from the driver, to send into the FPGA
    int tx_bit = -1, tx_cnt = 0;            // our transmitter (FTDI TXD -> FPGA): bit 0 start .. 9 stop
    unsigned tx_byte = 0;
    int rx_bit = -1, rx_cnt = 0;            // our receiver (FPGA -> FTDI RXD)
    unsigned rx_byte = 0;
    unsigned long long quiet = 0, cyc = 0;
    unsigned char out[4096];
    size_t nout = 0;
    for (;;) {
        // the driver's bytes
        if (in.empty() && (cyc & 63) == 0) {
            unsigned char buf[4096];
            ssize_t n = read(master, buf, sizeof buf);
            for (ssize_t i = 0; i < n; i++) in.push_back(buf[i]);
        }
        // FTDI TXD: a bit every SIM_CPB clocks
        if (tx_bit < 0 && !in.empty()) {
            tx_byte = in.front();
            in.pop_front();
            tx_bit = 0;
            tx_cnt = SIM_CPB;
        }
        if (tx_bit >= 0) {
            top->ftdi_txd = tx_bit == 0 ? 0 : tx_bit == 9 ? 1 : (tx_byte >> (tx_bit - 1)) & 1;
            if (--tx_cnt == 0) {
                tx_cnt = SIM_CPB;
                if (++tx_bit == 10) tx_bit = -1;
            }
        } else {
            top->ftdi_txd = 1;
        }
        top->clk_25mhz = 0;
        top->eval();
        top->clk_25mhz = 1;
        top->eval();
        cyc++;
        // FTDI RXD: sample each bit in its middle
        int line = top->ftdi_rxd;
        if (rx_bit < 0) {
            if (!line) { rx_bit = 0; rx_cnt = SIM_CPB / 2; rx_byte = 0; }
        } else if (--rx_cnt == 0) {
            rx_cnt = SIM_CPB;
            if (rx_bit >= 1 && rx_bit <= 8) rx_byte |= (unsigned)line << (rx_bit - 1);
            if (rx_bit == 9) {
                if (line) out[nout++] = (unsigned char)rx_byte;
                rx_bit = -1;
            } else {
                rx_bit++;
            }
        }
        if (nout && (nout == sizeof out || rx_bit < 0)) {
            size_t off = 0;
            while (off < nout) {
                ssize_t w = write(master, out + off, nout - off);
                if (w > 0) off += (size_t)w;
                else poll(nullptr, 0, 1);
            }
            nout = 0;
        }
        // quiet lines: wait for the driver a little
        if (tx_bit < 0 && rx_bit < 0 && in.empty() && line) quiet++;
        else quiet = 0;
        if (quiet > (unsigned long long)SIM_CPB * 200 && (cyc & 4095) == 0) {
            struct pollfd p[2] = {{master, POLLIN, 0}, {0, POLLIN, 0}};
            if (poll(p, 2, 1) > 0 && (p[1].revents & (POLLIN | POLLHUP))) {
                char c;
                if (read(0, &c, 1) <= 0) break;   // stdin closed: the test is over
            }
        }
    }
    top->final();
    return 0;
}

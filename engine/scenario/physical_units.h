// A machine's clock and flit width: the scenario section "units"
// (docs/scenario-format.md "units"), which turns cycles into nanoseconds and
// flits per cycle into MB/s. Without the section both are 0 and every figure
// stays in cycles and flits.
//
// The presets' values and where they come from (docs/scenario-format.md):
//   T3E   75 MHz, 8 bytes: "The router ASICs operate at 75MHz", a flit of
//         five 14-bit phits carries one 64-bit word, "the peak link
//         bandwidth is 600 MB/s" (section 1) = 75 MHz x 8 bytes.
//   XT    600 MHz, 8 bytes: the paper gives no clock, only "a peak of 4.8
//         GB/s per direction" (section 1.1) and 68-bit flits carrying 64 data
//         bits; one flit a cycle at 4.8 GB/s is 600 M flits/s.
//   TRC   8 MHz, 1 byte: a flit is a byte (section 4); the self-timed
//         prototype "achieved ... a throughput of 64 Mbits/s in each
//         dimension" (abstract), one byte every 125 ns.
#pragma once

namespace flit {

struct PhysicalUnits {
  double clockMHz = 0;   // router clock; 0 = not given
  double flitBytes = 0;  // bytes a link carries per flit (the payload of a full flit)
  bool known() const { return clockMHz > 0 && flitBytes > 0; }
  double nsPerCycle() const { return 1000.0 / clockMHz; }
  double ns(double cycles) const { return cycles * nsPerCycle(); }
  // One flit per cycle: MHz x bytes = MB/s (10^6 bytes, as the sources count).
  double linkMBps() const { return clockMHz * flitBytes; }
  double mbps(double flitsPerCycle) const { return flitsPerCycle * linkMBps(); }
  friend bool operator==(const PhysicalUnits&, const PhysicalUnits&) = default;
};

}  // namespace flit

// Special (delta) routing, T3E manual HMM-160-0, "Special Routing": before
// the routing tables are loaded, software reaches a router's registers with
// six signed delta values, travelled in this order: primary delta X, Y, Z,
// then secondary delta X, Y, Z. Each router that sees a non-zero delta
// decrements its magnitude and forwards the packet one hop in that delta's
// direction (sign); when all six are 0 the packet has arrived (the router's
// register is written or read). The special network is separate from the VC
// network (the manual calls it nonblocking), so no VC or dateline applies;
// the simulator carries its packets, collisions and lost packets included
// (sim/special_network.h).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "routing/path_trace.h"
#include "topology/topology.h"

namespace flit {

struct SpecialDeltas {
  // primary X, Y, Z, secondary X, Y, Z; hops, negative = - direction
  std::array<int, 6> delta{0, 0, 0, 0, 0, 0};
  bool done() const;
  friend bool operator==(const SpecialDeltas&, const SpecialDeltas&) = default;
};

// One hop decision at `here`: the Direction of the first non-zero delta
// (decremented towards 0), kProcessorPort when all are 0, kRouteMisroute when
// the hop would leave the topology (mesh edge, unused dimension).
int specialRouteStep(const Topology& topo, NodeId here, SpecialDeltas& deltas);

// The whole special path from src (VC 0 on every hop, no datelines). Outcome
// Delivered at the node the deltas lead to, LeftTopology, or FailedLink.
PathTrace traceSpecialPath(const Topology& topo, NodeId src, SpecialDeltas deltas);

// The primary deltas of a shortest path from `from` to `to`: per dimension
// the signed hop count, the shorter way round a ring (+ on a tie); the
// secondary deltas 0.
SpecialDeltas shortestSpecialDeltas(const Topology& topo, NodeId from, NodeId to);

// "DX,DY,DZ" when the secondary deltas are 0, else all six.
std::string formatSpecialDeltas(const SpecialDeltas& d);

// The registers a special packet reaches (manual, "rchip": the router's
// memory-mapped registers; "R_NET_LUT", Table 6):
//  - Resets:     R_RESETS, the router's reset control: a write resets the
//                router (its buffers are emptied, Simulator::resetRouter).
//  - SgetReturn: R_SGET_RTRN, the deltas an SGET's response takes back
//                ("software wrote these delta values into this register
//                before issuing the SGET command").
//  - NetLut:     one R_NET_LUT entry (a routing tag, routing/routing_tag.h).
enum class SpecialRegister : std::uint8_t { Resets, SgetReturn, NetLut };
inline constexpr int kSpecialRegisterCount = 3;
std::string_view specialRegisterName(SpecialRegister r);  // "R_RESETS", "R_SGET_RTRN", "R_NET_LUT"
std::optional<SpecialRegister> parseSpecialRegister(std::string_view name);
std::string specialRegisterList();  // "R_RESETS, R_SGET_RTRN, R_NET_LUT"

// A register's value as text: R_NET_LUT a tag "0x...", R_SGET_RTRN its
// deltas "DX,DY,DZ[,...]", R_RESETS a decimal number (the timeline's
// "value", run --json's reads, the window's message).
std::string formatSpecialValue(SpecialRegister reg, std::uint64_t value);

// R_SGET_RTRN's 64-bit value: the manual gives no bit layout, so Flitscope
// packs the six deltas in order, 9 bits each (bit 8 the sign, bits 7:0 the
// magnitude, |d| <= 255), primary X in bits 8:0.
std::uint64_t packSpecialDeltas(const SpecialDeltas& d);
SpecialDeltas unpackSpecialDeltas(std::uint64_t bits);

// Parses "DX,DY,DZ" or "DX,DY,DZ,DX2,DY2,DZ2" (signed integers, |d| <= 255);
// nullopt on anything else.
std::optional<SpecialDeltas> parseSpecialDeltas(std::string_view text);

}  // namespace flit

// The T3E routing tag, exact bit layout of the T3E manual HMM-160-0, Table 7:
//   <2:0>   X-dimension address        7  X direction (0 = +X, 1 = -X)
//   <12:8>  Y-dimension address        15 Y direction (0 = +Y, 1 = -Y)
//   <19:16> Z-dimension address        23 Z direction (0 = +Z, 1 = -Z)
//   <33:32> initial hop (00 +X, 01 +Y, 10 +Z, 11 none)
//   36      final -Z hop (1 = take it)  37 adaptive routing (1 = adaptive)
// All other bits are "not applicable" and must be zero in a valid tag.
// Hardware rule (manual, note under Figure 19): when the Z sign is 1 the final
// hop bit is forced to 0, because a packet cannot travel -Z and make a final hop.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "topology/topology.h"

namespace flit {

enum class InitialHop : std::uint8_t { PlusX = 0, PlusY = 1, PlusZ = 2, None = 3 };

struct RoutingTag {
  std::uint8_t xAddr = 0;  // 0..7
  std::uint8_t yAddr = 0;  // 0..31
  std::uint8_t zAddr = 0;  // 0..15
  bool xMinus = false;
  bool yMinus = false;
  bool zMinus = false;
  InitialHop initialHop = InitialHop::None;
  bool finalHop = false;
  bool adaptive = false;

  static constexpr std::uint64_t kXAddrMask = 0x7ull;
  static constexpr int kXSignBit = 7;
  static constexpr int kYAddrShift = 8;
  static constexpr std::uint64_t kYAddrMask = 0x1Full;
  static constexpr int kYSignBit = 15;
  static constexpr int kZAddrShift = 16;
  static constexpr std::uint64_t kZAddrMask = 0xFull;
  static constexpr int kZSignBit = 23;
  static constexpr int kInitialHopShift = 32;
  static constexpr int kFinalHopBit = 36;
  static constexpr int kAdaptiveBit = 37;
  // Every bit Table 7 defines; the rest are "not applicable".
  static constexpr std::uint64_t kDefinedBits =
      kXAddrMask | (1ull << kXSignBit) | (kYAddrMask << kYAddrShift) | (1ull << kYSignBit) |
      (kZAddrMask << kZAddrShift) | (1ull << kZSignBit) | (0x3ull << kInitialHopShift) |
      (1ull << kFinalHopBit) | (1ull << kAdaptiveBit);
  static constexpr int kMaxX = 8, kMaxY = 32, kMaxZ = 16;  // radix limits the fields address
  static constexpr std::array<int, kMaxDims> kFieldLimit{kMaxX, kMaxY, kMaxZ};  // by dimension
  static constexpr std::array<const char*, kMaxDims> kDimLetter{"X", "Y", "Z"};

  // Encodes exactly; applies the hardware rule (Z sign set => final hop 0).
  constexpr std::uint64_t encode() const {
    const bool fh = finalHop && !zMinus;
    return (std::uint64_t{xAddr} & kXAddrMask) | (std::uint64_t{xMinus} << kXSignBit) |
           ((std::uint64_t{yAddr} & kYAddrMask) << kYAddrShift) |
           (std::uint64_t{yMinus} << kYSignBit) |
           ((std::uint64_t{zAddr} & kZAddrMask) << kZAddrShift) |
           (std::uint64_t{zMinus} << kZSignBit) |
           (std::uint64_t{static_cast<std::uint8_t>(initialHop)} << kInitialHopShift) |
           (std::uint64_t{fh} << kFinalHopBit) | (std::uint64_t{adaptive} << kAdaptiveBit);
  }
  // Decodes the defined fields, ignoring undefined bits, applying the hardware rule.
  static constexpr RoutingTag decode(std::uint64_t bits) {
    RoutingTag t;
    t.xAddr = static_cast<std::uint8_t>(bits & kXAddrMask);
    t.xMinus = (bits >> kXSignBit) & 1u;
    t.yAddr = static_cast<std::uint8_t>((bits >> kYAddrShift) & kYAddrMask);
    t.yMinus = (bits >> kYSignBit) & 1u;
    t.zAddr = static_cast<std::uint8_t>((bits >> kZAddrShift) & kZAddrMask);
    t.zMinus = (bits >> kZSignBit) & 1u;
    t.initialHop = static_cast<InitialHop>((bits >> kInitialHopShift) & 0x3u);
    t.finalHop = ((bits >> kFinalHopBit) & 1u) && !t.zMinus;
    t.adaptive = (bits >> kAdaptiveBit) & 1u;
    return t;
  }
  int addr(int dim) const { return dim == 0 ? xAddr : dim == 1 ? yAddr : zAddr; }
  bool minus(int dim) const { return dim == 0 ? xMinus : dim == 1 ? yMinus : zMinus; }
  friend bool operator==(const RoutingTag&, const RoutingTag&) = default;
};

// Problems of `bits` as a tag for this topology, each naming the Table 7
// field: "X_ADR: 5 is outside the X radix 4 (0..3)", "bits <6:3>: not
// applicable, must be 0 (got 0x5)", "X: radix 16 exceeds what X_ADR can
// address (Table 7: at most 8)", "FINAL_HOP: ignored because Z_SGN=1 ...",
// "INITIAL_HOP: +Z but the topology has no Z dimension". Empty = valid.
std::vector<std::string> validateTag(const TopologySpec& spec, std::uint64_t bits);
inline std::vector<std::string> validateTag(const Topology& topo, std::uint64_t bits) {
  return validateTag(topo.spec(), bits);
}

// "0x0000002001010101": 0x and 16 upper-case hex digits.
std::string formatTagHex(std::uint64_t bits);
// The manual's field names, in its example order (T3E manual, Figure 17 text):
// "INITIAL_HOP=3 X_SGN=0 X_ADR=01 Y_SGN=0 Y_ADR=01 Z_SGN=0 Z_ADR=01 FINAL_HOP=0 ADAPTIVE=0".
// Addresses are two hex digits; FINAL_HOP shows the raw bit.
std::string formatTagFields(std::uint64_t bits);
// Parses "0x1F", "0X0000002001010101" or bare "2001010101": 1..16 hex digits,
// optional 0x prefix, no sign or spaces. nullopt on anything else.
std::optional<std::uint64_t> parseTagHex(std::string_view text);

}  // namespace flit

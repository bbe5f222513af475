#include "routing/routing_tag.h"

#include <array>
#include <cstdio>

namespace flit {

namespace {

struct UnusedRange {
  int high, low;
};
// The "not applicable" bit ranges of Table 7.
constexpr std::array<UnusedRange, 6> kUnused{
    {{6, 3}, {14, 13}, {22, 20}, {31, 24}, {35, 34}, {63, 38}}};

std::string hex(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llX", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

std::vector<std::string> validateTag(const TopologySpec& spec, std::uint64_t bits) {
  std::vector<std::string> problems;
  for (const auto& r : kUnused) {
    const int width = r.high - r.low + 1;
    const std::uint64_t mask = width >= 64 ? ~0ull : ((1ull << width) - 1);
    const std::uint64_t v = (bits >> r.low) & mask;
    if (v != 0) {
      problems.push_back("bits <" + std::to_string(r.high) + ":" + std::to_string(r.low) +
                         ">: not applicable, must be 0 (got " + hex(v) + ")");
    }
  }
  const RoutingTag t = RoutingTag::decode(bits);
  for (int d = 0; d < kMaxDims; ++d) {
    const auto i = static_cast<std::size_t>(d);
    const int k = d < spec.dims ? spec.radix[i] : 1;
    const std::string letter = RoutingTag::kDimLetter[i];
    if (k > RoutingTag::kFieldLimit[i]) {
      problems.push_back(letter + ": radix " + std::to_string(k) + " exceeds what " + letter +
                         "_ADR can address (Table 7: at most " + std::to_string(RoutingTag::kFieldLimit[i]) +
                         ")");
    } else if (t.addr(d) >= k) {
      problems.push_back(letter + "_ADR: " + std::to_string(t.addr(d)) + " is outside the " +
                         letter + " radix " + std::to_string(k) + " (0.." + std::to_string(k - 1) +
                         ")");
    }
  }
  if (t.initialHop != InitialHop::None && static_cast<int>(t.initialHop) >= spec.dims) {
    problems.push_back(std::string("INITIAL_HOP: +") +
                       RoutingTag::kDimLetter[static_cast<std::size_t>(t.initialHop)] +
                       " but the topology has no " +
                       RoutingTag::kDimLetter[static_cast<std::size_t>(t.initialHop)] + " dimension");
  }
  if (((bits >> RoutingTag::kFinalHopBit) & 1u) && t.zMinus) {
    problems.push_back(
        "FINAL_HOP: ignored because Z_SGN=1 (the hardware forces it to 0, manual note under "
        "Figure 19)");
  }
  if (t.finalHop && spec.dims < 3) {
    problems.push_back("FINAL_HOP: -Z but the topology has no Z dimension");
  }
  return problems;
}

std::string formatTagHex(std::uint64_t bits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llX", static_cast<unsigned long long>(bits));
  return buf;
}

std::string formatTagFields(std::uint64_t bits) {
  const RoutingTag t = RoutingTag::decode(bits);
  char buf[128];
  std::snprintf(buf, sizeof buf,
                "INITIAL_HOP=%d X_SGN=%d X_ADR=%02X Y_SGN=%d Y_ADR=%02X Z_SGN=%d Z_ADR=%02X "
                "FINAL_HOP=%d ADAPTIVE=%d",
                static_cast<int>(t.initialHop), t.xMinus ? 1 : 0, t.xAddr, t.yMinus ? 1 : 0,
                t.yAddr, t.zMinus ? 1 : 0, t.zAddr,
                static_cast<int>((bits >> RoutingTag::kFinalHopBit) & 1u), t.adaptive ? 1 : 0);
  return buf;
}

std::optional<std::uint64_t> parseTagHex(std::string_view text) {
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    text.remove_prefix(2);
  }
  if (text.empty() || text.size() > 16) return std::nullopt;
  std::uint64_t v = 0;
  for (const char c : text) {
    int digit;
    if (c >= '0' && c <= '9')
      digit = c - '0';
    else if (c >= 'a' && c <= 'f')
      digit = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      digit = c - 'A' + 10;
    else
      return std::nullopt;
    v = (v << 4) | static_cast<std::uint64_t>(digit);
  }
  return v;
}

}  // namespace flit

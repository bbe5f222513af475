// Fat-tree changes: their names, id ranges and one-line text (fattree/circuit_change.h).
#include "fattree/circuit_change.h"

#include <array>
#include <sstream>

namespace flit::fattree {

namespace {

using Kind = CircuitChangeKind;

constexpr std::array<std::string_view, kCircuitChangeKindCount> kNames = {
    "failRouter", "repairRouter", "failChannel", "repairChannel", "failUnitTree", "repairUnitTree", "setRate"};

}  // namespace

std::string_view circuitChangeKindName(CircuitChangeKind k) { return kNames.at(static_cast<std::size_t>(k)); }

std::optional<CircuitChangeKind> parseCircuitChangeKind(std::string_view name) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) return static_cast<CircuitChangeKind>(i);
  }
  return std::nullopt;
}

bool operator==(const CircuitChange& a, const CircuitChange& b) {
  if (a.cycle != b.cycle || a.kind != b.kind) return false;
  return a.kind == Kind::SetRate ? a.rate == b.rate : a.id == b.id;
}

CircuitIdCounts circuitIdCounts(const FatTreeSpec& spec) {
  CircuitIdCounts c;
  c.routers = routerCountOf(spec);
  const std::uint64_t endpoints = endpointCountOf(spec);
  c.channels = c.routers * kRn1Ports + endpoints * 2;
  c.unitTrees = blockCountOf(spec);
  return c;
}

std::string describeCircuitChange(const CircuitChange& c) {
  std::ostringstream out;
  out << "cycle " << c.cycle << ' ' << circuitChangeKindName(c.kind) << ' ';
  if (c.kind == Kind::SetRate) {
    out << c.rate;
  } else {
    out << c.id;
  }
  return out.str();
}

}  // namespace flit::fattree

#include "routing/special_route.h"

#include "routing/routing_tag.h"

#include <charconv>
#include <cstdlib>

namespace flit {

bool SpecialDeltas::done() const {
  for (const int d : delta) {
    if (d != 0) return false;
  }
  return true;
}

int specialRouteStep(const Topology& topo, NodeId here, SpecialDeltas& deltas) {
  for (std::size_t i = 0; i < deltas.delta.size(); ++i) {
    int& d = deltas.delta[i];
    if (d == 0) continue;
    const Direction dir = makeDirection(static_cast<int>(i % 3), d > 0);
    if (topo.neighbor(here, dir) == kInvalidId) return kRouteMisroute;
    d += d > 0 ? -1 : 1;
    return static_cast<int>(dir);
  }
  return kProcessorPort;
}

PathTrace traceSpecialPath(const Topology& topo, NodeId src, SpecialDeltas deltas) {
  PathTrace trace;
  NodeId here = src;
  while (true) {  // terminates: every hop moves one delta towards 0
    PathHop h;
    h.node = here;
    h.outPort = specialRouteStep(topo, here, deltas);
    trace.hops.push_back(h);
    trace.endNode = here;
    if (h.outPort == kProcessorPort) {
      trace.outcome = PathOutcome::Delivered;
      return trace;
    }
    if (h.outPort == kRouteMisroute) {
      trace.outcome = PathOutcome::LeftTopology;
      return trace;
    }
    const auto dir = static_cast<Direction>(h.outPort);
    if (!topo.linkUp(topo.linkFrom(here, dir))) {
      trace.outcome = PathOutcome::FailedLink;
      return trace;
    }
    here = topo.neighbor(here, dir);
  }
}

std::optional<SpecialDeltas> parseSpecialDeltas(std::string_view text) {
  SpecialDeltas d;
  std::size_t count = 0;
  while (true) {
    if (count >= d.delta.size()) return std::nullopt;
    const auto comma = text.find(',');
    std::string_view part = text.substr(0, comma);
    if (!part.empty() && part.front() == '+') part.remove_prefix(1);
    int v = 0;
    const auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (part.empty() || ec != std::errc{} || ptr != part.data() + part.size() ||
        std::abs(v) > 255) {
      return std::nullopt;
    }
    d.delta[count++] = v;
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  if (count != 3 && count != 6) return std::nullopt;
  return d;
}

SpecialDeltas shortestSpecialDeltas(const Topology& topo, NodeId from, NodeId to) {
  SpecialDeltas d;
  const Coord a = topo.coordOf(from);
  const Coord b = topo.coordOf(to);
  for (int dim = 0; dim < topo.dims(); ++dim) {
    const int k = topo.spec().radix[static_cast<std::size_t>(dim)];
    int delta = b[dim] - a[dim];
    if (topo.spec().wrap[static_cast<std::size_t>(dim)]) {
      if (delta > k / 2) delta -= k;
      if (delta < -(k / 2) || (2 * -delta == k)) delta += k;  // the + way on a tie
    }
    d.delta[static_cast<std::size_t>(dim)] = delta;
  }
  return d;
}

std::string formatSpecialDeltas(const SpecialDeltas& d) {
  const bool secondary = d.delta[3] != 0 || d.delta[4] != 0 || d.delta[5] != 0;
  std::string s;
  for (std::size_t i = 0; i < (secondary ? 6u : 3u); ++i) {
    if (i > 0) s += ',';
    s += std::to_string(d.delta[i]);
  }
  return s;
}

namespace {
constexpr std::array<std::string_view, kSpecialRegisterCount> kRegisterNames{"R_RESETS", "R_SGET_RTRN", "R_NET_LUT"};
}  // namespace

std::string_view specialRegisterName(SpecialRegister r) {
  const auto i = static_cast<std::size_t>(r);
  return i < kRegisterNames.size() ? kRegisterNames[i] : std::string_view("?");
}

std::optional<SpecialRegister> parseSpecialRegister(std::string_view name) {
  for (std::size_t i = 0; i < kRegisterNames.size(); ++i) {
    if (kRegisterNames[i] == name) return static_cast<SpecialRegister>(i);
  }
  return std::nullopt;
}

std::string specialRegisterList() {
  std::string s;
  for (const std::string_view n : kRegisterNames) s += (s.empty() ? "" : ", ") + std::string(n);
  return s;
}

std::uint64_t packSpecialDeltas(const SpecialDeltas& d) {
  std::uint64_t bits = 0;
  for (std::size_t i = 0; i < d.delta.size(); ++i) {
    const int v = d.delta[i];
    const std::uint64_t field = (v < 0 ? 0x100u : 0u) | static_cast<std::uint64_t>(std::abs(v) & 0xFF);
    bits |= field << (9 * i);
  }
  return bits;
}

std::string formatSpecialValue(SpecialRegister reg, std::uint64_t value) {
  switch (reg) {
    case SpecialRegister::NetLut: return formatTagHex(value);
    case SpecialRegister::SgetReturn: return formatSpecialDeltas(unpackSpecialDeltas(value));
    case SpecialRegister::Resets: break;
  }
  return std::to_string(value);
}

SpecialDeltas unpackSpecialDeltas(std::uint64_t bits) {
  SpecialDeltas d;
  for (std::size_t i = 0; i < d.delta.size(); ++i) {
    const std::uint64_t field = (bits >> (9 * i)) & 0x1FFu;
    const int magnitude = static_cast<int>(field & 0xFFu);
    d.delta[i] = (field & 0x100u) ? -magnitude : magnitude;
  }
  return d;
}

}  // namespace flit

#include "traffic/traffic.h"

#include "util/scenario_error.h"

#include <algorithm>
#include <cmath>

namespace flit {

namespace {
constexpr std::array<std::string_view, 9> kPatternNames{
    "uniform", "transpose", "bitComplement", "bitReversal",
    "tornado", "nearestNeighbor", "hotspot", "allToOne", "shift"};
constexpr std::array<std::string_view, kPacketKindCount> kKindNames{
    "generic",     "getRequest",  "getResponse",       "vectorGetRequest", "vectorGetResponse",
    "putRequest",  "putResponse", "vectorPutRequest",  "vectorPutResponse"};
}  // namespace

std::string_view trafficPatternName(TrafficPattern p) {
  return kPatternNames[static_cast<std::size_t>(p)];
}

std::optional<TrafficPattern> parseTrafficPattern(std::string_view name) {
  for (std::size_t i = 0; i < kPatternNames.size(); ++i) {
    if (kPatternNames[i] == name) return static_cast<TrafficPattern>(i);
  }
  return std::nullopt;
}

std::string trafficPatternList() {
  std::string s;
  for (auto n : kPatternNames) {
    if (!s.empty()) s += ", ";
    s += n;
  }
  return s;
}

std::string_view packetKindName(PacketKind k) { return kKindNames[static_cast<std::size_t>(k)]; }

std::optional<PacketKind> parsePacketKind(std::string_view name) {
  for (std::size_t i = 0; i < kKindNames.size(); ++i) {
    if (kKindNames[i] == name) return static_cast<PacketKind>(i);
  }
  return std::nullopt;
}

double TrafficConfig::meanPacketFlits() const {
  double w = 0, sum = 0;
  for (const auto& e : mix) {
    w += e.weight;
    sum += e.weight * lengthOf(e.kind);
  }
  return w > 0 ? sum / w : packetFlits;
}

int TrafficConfig::maxPacketFlits() const {
  int m = 1;
  for (const auto& e : mix) {
    m = std::max(m, lengthOf(e.kind));
    m = std::max(m, lengthOf(responseOf(e.kind)));
  }
  return m;
}

bool TrafficConfig::producesResponses() const {
  return std::any_of(mix.begin(), mix.end(), [](const auto& e) { return isRequest(e.kind); });
}

void validateTraffic(const TrafficConfig& t, const Topology& topo, const std::string& path) {
  if (t.pattern == TrafficPattern::Transpose && topo.dims() >= 2 && topo.radix(0) != topo.radix(1)) {
    throw ScenarioError(path + ".pattern", "transpose needs equal X and Y radices, got " +
                                               std::to_string(topo.radix(0)) + " and " +
                                               std::to_string(topo.radix(1)));
  }
  if (t.pattern == TrafficPattern::BitReversal) {
    const int n = topo.nodeCount();
    if ((n & (n - 1)) != 0) {
      throw ScenarioError(path + ".pattern", "bitReversal needs a power-of-two node count, got " +
                                                 std::to_string(n));
    }
  }
  if ((t.pattern == TrafficPattern::Hotspot || t.pattern == TrafficPattern::AllToOne) &&
      !topo.contains(t.hotspot)) {
    throw ScenarioError(path + ".hotspot", "node " + formatCoord(t.hotspot, topo.dims()) +
                                               " is outside the topology");
  }
  if (t.pattern == TrafficPattern::Shift) {
    bool any = false;
    for (int i = 0; i < topo.dims(); ++i) {
      if (t.shift[i] < 0 || t.shift[i] >= topo.radix(i)) {
        throw ScenarioError(path + ".shift[" + std::to_string(i) + "]",
                            "must be 0.." + std::to_string(topo.radix(i) - 1) + ", got " +
                                std::to_string(t.shift[i]));
      }
      any = any || t.shift[i] != 0;
    }
    if (!any) {
      throw ScenarioError(path + ".shift", "the shift pattern needs a nonzero offset in some "
                                           "dimension (e.g. [2] for two nodes ahead)");
    }
  }
  if (t.mix.empty()) throw ScenarioError(path + ".mix", "must name at least one packet kind");
  if (!(t.orderedFraction >= 0.0 && t.orderedFraction <= 1.0)) {
    throw ScenarioError(path + ".orderedFraction",
                        "must be 0..1, got " + std::to_string(t.orderedFraction));
  }
}

TrafficSource::TrafficSource(const TrafficConfig& cfg, const Topology& topo)
    : cfg_(cfg), nodeCount_(topo.nodeCount()) {
  const double perPacket = cfg.rateFlitsPerNodeCycle / std::max(1.0, cfg.meanPacketFlits());
  threshold_ = perPacket >= 1.0 ? ~0ull
                                : static_cast<std::uint64_t>(
                                      std::min(perPacket * 18446744073709551616.0, 1.8e19));
  orderedThreshold_ = Rng::threshold(cfg.orderedFraction);
  if (topo.contains(cfg.hotspot)) hotspotNode_ = topo.nodeAt(cfg.hotspot);
  double total = 0;
  for (const auto& e : cfg.mix) total += e.weight;
  double acc = 0;
  for (const auto& e : cfg.mix) {
    acc += e.weight;
    cumulative_.push_back(total > 0 ? acc / total : 1.0);
  }
  while ((1 << idBits_) < topo.nodeCount()) ++idBits_;
  const auto nodes = static_cast<std::size_t>(nodeCount_);
  switch (cfg.pattern) {
    case TrafficPattern::UniformRandom:
    case TrafficPattern::Hotspot:
    case TrafficPattern::AllToOne:
      break;
    case TrafficPattern::NearestNeighbor:
      table_.assign(nodes * kDirectionCount, kInvalidId);
      for (NodeId n = 0; n < nodeCount_; ++n) {
        std::size_t slot = static_cast<std::size_t>(n) * kDirectionCount;
        for (int d = 0; d < kDirectionCount; ++d) {
          const NodeId m = topo.neighbor(n, static_cast<Direction>(d));
          if (m != kInvalidId && m != n) table_[slot++] = m;
        }
      }
      break;
    default:
      table_.resize(nodes);
      for (NodeId n = 0; n < nodeCount_; ++n) {
        table_[static_cast<std::size_t>(n)] = permutation(topo, cfg, idBits_, n);
      }
      break;
  }
}

PacketKind TrafficSource::drawKind(Rng& rng) const {
  if (cfg_.mix.size() == 1) return cfg_.mix[0].kind;
  const double u = rng.uniform();
  for (std::size_t i = 0; i < cumulative_.size(); ++i) {
    if (u < cumulative_[i]) return cfg_.mix[i].kind;
  }
  return cfg_.mix.back().kind;
}

NodeId TrafficSource::permutation(const Topology& t, const TrafficConfig& cfg, int idBits,
                                  NodeId src) {
  Coord c = t.coordOf(src);
  Coord d = c;
  switch (cfg.pattern) {
    case TrafficPattern::Transpose:
      if (t.dims() >= 2) std::swap(d[0], d[1]);
      break;
    case TrafficPattern::BitComplement:
      for (int i = 0; i < t.dims(); ++i) d[i] = t.radix(i) - 1 - c[i];
      break;
    case TrafficPattern::BitReversal: {
      NodeId r = 0;
      for (int b = 0; b < idBits; ++b) {
        if (src & (1 << b)) r |= 1 << (idBits - 1 - b);
      }
      return r;
    }
    case TrafficPattern::Tornado:
      for (int i = 0; i < t.dims(); ++i) {
        const int k = t.radix(i);
        d[i] = (c[i] + (k + 1) / 2 - 1) % k;
      }
      break;
    case TrafficPattern::Shift:
      for (int i = 0; i < t.dims(); ++i) d[i] = (c[i] + cfg.shift[i]) % t.radix(i);
      break;
    default:
      break;
  }
  return t.nodeAt(d);
}

NodeId TrafficSource::patternDestination(NodeId src, Rng& rng) const {
  const int n = nodeCount_;
  NodeId dst = kInvalidId;
  switch (cfg_.pattern) {
    case TrafficPattern::UniformRandom:
      if (n < 2) return kInvalidId;
      dst = static_cast<NodeId>(rng.below(static_cast<std::uint32_t>(n - 1)));
      if (dst >= src) ++dst;  // any node but src
      return dst;
    case TrafficPattern::NearestNeighbor: {
      const NodeId* nb = &table_[static_cast<std::size_t>(src) * kDirectionCount];
      std::uint32_t count = 0;
      while (count < kDirectionCount && nb[count] != kInvalidId) ++count;
      if (count == 0) return kInvalidId;
      return nb[rng.below(count)];
    }
    case TrafficPattern::Hotspot:
      if (rng.uniform() < cfg_.hotspotFraction) {
        dst = hotspotNode_;
      } else {
        dst = static_cast<NodeId>(rng.below(static_cast<std::uint32_t>(n)));
      }
      break;
    case TrafficPattern::AllToOne:
      dst = hotspotNode_;
      break;
    default:
      dst = table_[static_cast<std::size_t>(src)];
      break;
  }
  return dst == src ? kInvalidId : dst;
}

}  // namespace flit

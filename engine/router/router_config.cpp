// The rules of router/router_config.h: the names of flow controls and
// arbiters, the checks of a configuration, whether a machine can run
// adaptive routing or an arbiter.
#include "router/router_config.h"

#include "util/scenario_error.h"

namespace flit {

std::string flowControlName(FlowControl f) {
  switch (f) {
    case FlowControl::Wormhole: return "wormhole";
    case FlowControl::StoreAndForward: return "storeAndForward";
    case FlowControl::VirtualCutThrough: break;
  }
  return "virtualCutThrough";
}
std::string arbiterName(ArbiterKind a) {
  for (const ArbiterInfo& info : kArbiters)
    if (info.kind == a) return std::string(info.name);
  return std::string(kArbiters[0].name);
}

std::optional<ArbiterKind> parseArbiterKind(const std::string& name) {
  for (const ArbiterInfo& info : kArbiters)
    if (info.name == name) return info.kind;
  return std::nullopt;
}

std::string arbiterNameList(std::string_view separator) {
  std::string out;
  for (const ArbiterInfo& info : kArbiters) {
    if (!out.empty()) out += separator;
    out += info.name;
  }
  return out;
}

void validateAgeConfig(const AgeConfig& a, const std::string& path) {
  if (a.clockPeriodCycles < 1) throw ScenarioError(path + ".clockPeriodCycles", "must be >= 1, got 0");
  for (const auto* bias : {&a.requestBias, &a.responseBias}) {
    for (int p = 0; p < kPortsPerNode; ++p) {
      const int v = (*bias)[static_cast<std::size_t>(p)];
      if (v > kMaxAgeBias) {
        throw ScenarioError(path + (bias == &a.requestBias ? ".requestBias" : ".responseBias"),
                            "must be 0.." + std::to_string(kMaxAgeBias) + " (3 bits), got " +
                                std::to_string(v) + " on port " + std::to_string(p));
      }
    }
  }
}

void validateResponseClass(const RouterConfig& c, bool responses) {
  if (c.sharedResponseVcs && c.vcClasses != 1) {
    throw ScenarioError("scenario.router.sharedResponseVcs",
                        "puts the responses on the requests' VCs: needs vcClasses 1, got " +
                            std::to_string(c.vcClasses));
  }
  if (responses && c.vcClasses != 2 && !c.sharedResponseVcs) {
    throw ScenarioError("scenario.router.vcClasses",
                        "the traffic mix has requests: responses need vcClasses 2, got " +
                            std::to_string(c.vcClasses) +
                            " (or sharedResponseVcs true: responses on the requests' VCs, which can "
                            "deadlock, T3E section 3.3)");
  }
}

void validateRouterConfig(const RouterConfig& c, int maxPacketFlits, bool datelines,
                          const std::string& path) {
  auto fail = [&](const std::string& field, const std::string& why) {
    throw ScenarioError(path + "." + field, why);
  };
  if (c.vcCount < 1 || c.vcCount > kMaxVcs) {
    fail("vcCount", "must be 1.." + std::to_string(kMaxVcs) + ", got " + std::to_string(c.vcCount));
  }
  if (c.vcClasses != 1 && c.vcClasses != 2) {
    fail("vcClasses", "must be 1 or 2, got " + std::to_string(c.vcClasses));
  }
  if (c.adaptiveVcs < 0 || c.adaptiveVcs >= c.vcCount) {
    fail("adaptiveVcs", "must be 0..vcCount-1, got " + std::to_string(c.adaptiveVcs));
  }
  if (c.deterministicVcs() % c.vcClasses != 0) {
    fail("vcCount", "the " + std::to_string(c.deterministicVcs()) +
                        " deterministic VCs must split evenly into " +
                        std::to_string(c.vcClasses) + " classes");
  }
  if (datelines && c.vcsPerClass() % 2 != 0) {
    fail("vcCount", "datelines need an even number of VCs per class (VC0 and VC1 halves), got " +
                        std::to_string(c.vcsPerClass()));
  }
  if (needsWholePacketRoom(c.flowControl) && c.vcDepthFlits < maxPacketFlits) {
    fail("vcDepthFlits", "must be >= the longest packet (" + std::to_string(maxPacketFlits) + ") under " +
                             (c.flowControl == FlowControl::StoreAndForward ? "store-and-forward" : "virtual cut-through") +
                             ", got " + std::to_string(c.vcDepthFlits));
  }
  if (c.pipelineCycles() < 1) fail("routeCycles", "route + vcAlloc + switchAlloc must be >= 1");
  if (c.speculative && c.vcAllocator != VcAllocator::Sequential) {
    fail("vcAllocator", "islip allocates the non-speculative router's VCs: set speculative false or "
                        "vcAllocator sequential");
  }
  if (!c.speculative && c.adaptiveVcs > 0 && c.adaptiveRouting) {
    fail("speculative", "false is not modelled with adaptive routing (adaptiveRouting true and an "
                        "adaptive VC): set speculative true or adaptiveRouting false");
  }
  if (const char* why = arbiterUnavailableReason(c, c.arbiter)) {
    // Appended step by step: g++ 12 warns falsely (-Warray-bounds) on
    // std::string(why) + "..." once the reason's literal is inlined here.
    std::string reason(why);
    reason += ", got adaptiveVcs ";
    reason += std::to_string(c.adaptiveVcs);
    fail("arbiter", reason);
  }
  if (c.arbiter == ArbiterKind::Age) validateAgeConfig(c.age, path + ".age");
  // T3E paper section 5: a packet enters the adaptive VC only when its buffer
  // has room for the whole packet.
  if (c.adaptiveVcs > 0 && c.adaptiveVcDepthFlits < maxPacketFlits) {
    fail("adaptiveVcDepthFlits", "must be >= the longest packet (" +
                                     std::to_string(maxPacketFlits) +
                                     "): the adaptive VC takes whole packets only, got " +
                                     std::to_string(c.adaptiveVcDepthFlits));
  }
}

const char* adaptiveUnavailableReason(const RouterConfig& router, RoutingAlgorithm algorithm) {
  if (router.adaptiveVcs <= 0) return "the router has no adaptive VC (router.adaptiveVcs is 0)";
  if (algorithm != RoutingAlgorithm::DirectionOrder)
    return "adaptive routing needs direction-order routing (routing.algorithm)";
  if (!router.speculative)
    return "adaptive routing is modelled with the speculative router only (router.speculative is false)";
  return nullptr;
}

const char* arbiterUnavailableReason(const RouterConfig& router, ArbiterKind arbiter) {
  if (arbiter == ArbiterKind::Age && router.adaptiveVcs > 0)
    return "age needs adaptiveVcs 0: the SeaStar's age arbiter serves dimension-order VCs only (XT paper section 2)";
  return nullptr;
}

}  // namespace flit

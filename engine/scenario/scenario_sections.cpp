// The scenario sections the simulator adds to format v1: "router" and
// "traffic" (docs/scenario-format.md). Every section is
// optional; absent fields keep the RouterConfig/TrafficConfig defaults (the
// textbook generic router). Errors name the field.
#include "scenario/scenario_sections.h"

#include <algorithm>

namespace flit {

namespace {

int readIntField(ObjectReader& r, const char* key, int fallback, int min, int max) {
  return static_cast<int>(r.optionalInt(key, fallback, min, max));
}

}  // namespace

PhysicalUnits readUnitsSection(ObjectReader& root) {
  PhysicalUnits u;
  if (!root.has("units")) return u;
  ObjectReader r(root.required("units"), root.childPath("units"));
  // 1 kHz .. 100 GHz and 1/8 byte (one bit) .. 1 KiB: any machine the
  // sources or their successors describe, and nothing that overflows a figure.
  u.clockMHz = r.requiredNumber("clockMHz", 0.001, 100000.0);
  u.flitBytes = r.requiredNumber("flitBytes", 0.125, 1024.0);
  r.finish();
  return u;
}

nlohmann::json unitsToJson(const PhysicalUnits& u) {
  return {{"clockMHz", u.clockMHz}, {"flitBytes", u.flitBytes}};
}

RouterConfig readRouterSection(ObjectReader& root, int dims) {
  RouterConfig c;
  const auto* j = root.optional("router");
  if (!j) return c;
  ObjectReader r(*j, root.childPath("router"));
  c.vcCount = readIntField(r, "vcCount", c.vcCount, 1, kMaxVcs);
  c.vcClasses = readIntField(r, "vcClasses", c.vcClasses, 1, 2);
  c.sharedResponseVcs = r.optionalBool("sharedResponseVcs", c.sharedResponseVcs);
  c.adaptiveVcs = readIntField(r, "adaptiveVcs", c.adaptiveVcs, 0, 1);
  c.vcDepthFlits = readIntField(r, "vcDepthFlits", c.vcDepthFlits, 1, 1024);
  c.adaptiveVcDepthFlits =
      readIntField(r, "adaptiveVcDepthFlits", c.vcDepthFlits, 1, 1024);
  c.adaptiveRouting = r.optionalBool("adaptiveRouting", c.adaptiveRouting);
  const std::string flow = r.optionalChoice("flowControl", "virtualCutThrough",
                                            {"virtualCutThrough", "wormhole", "storeAndForward"});
  c.flowControl = flow == "wormhole"          ? FlowControl::Wormhole
                  : flow == "storeAndForward" ? FlowControl::StoreAndForward
                                              : FlowControl::VirtualCutThrough;
  std::vector<std::string> arbiters;
  for (const ArbiterInfo& a : kArbiters) arbiters.emplace_back(a.name);
  c.arbiter = *parseArbiterKind(r.optionalChoice("arbiter", arbiterName(ArbiterKind::RoundRobin), arbiters));
  c.age = readAgeSection(r, dims);
  c.routeCycles = readIntField(r, "routeCycles", c.routeCycles, 0, 64);
  c.vcAllocCycles = readIntField(r, "vcAllocCycles", c.vcAllocCycles, 0, 64);
  c.switchAllocCycles = readIntField(r, "switchAllocCycles", c.switchAllocCycles, 0, 64);
  c.speculative = r.optionalBool("speculative", c.speculative);
  c.routeAtFront = r.optionalBool("routeAtFront", c.routeAtFront);
  const std::vector<std::string> injection(kInjectionVcsNames.begin(), kInjectionVcsNames.end());
  const std::string inject = r.optionalChoice("injectionVcs", injection[0], injection);
  c.injectionVcs = static_cast<InjectionVcs>(std::find(injection.begin(), injection.end(), inject) - injection.begin());
  const std::vector<std::string> allocators(kVcAllocatorNames.begin(), kVcAllocatorNames.end());
  const std::string allocator = r.optionalChoice("vcAllocator", allocators[0], allocators);
  c.vcAllocator = static_cast<VcAllocator>(std::find(allocators.begin(), allocators.end(), allocator) - allocators.begin());
  c.linkDelayCycles = readIntField(r, "linkDelayCycles", c.linkDelayCycles, 1, 64);
  c.creditExtraCycles = readIntField(r, "creditExtraCycles", c.creditExtraCycles, 0, 64);
  c.turnExtraCycles = readIntField(r, "turnExtraCycles", c.turnExtraCycles, 0, 64);
  c.injectExtraCycles = readIntField(r, "injectExtraCycles", c.injectExtraCycles, 0, 64);
  c.ejectExtraCycles = readIntField(r, "ejectExtraCycles", c.ejectExtraCycles, 0, 64);
  c.sourceQueuePackets = readIntField(r, "sourceQueuePackets", c.sourceQueuePackets, 1, 65535);
  c.watchdogCycles = readIntField(r, "watchdogCycles", c.watchdogCycles, 10, 100000000);
  if (c.pipelineCycles() < 1) {
    throw ScenarioError(r.childPath("routeCycles"),
                        "routeCycles + vcAllocCycles + switchAllocCycles must be >= 1");
  }
  r.finish();
  return c;
}

TrafficConfig readTrafficSection(ObjectReader& root, const TopologySpec& topo) {
  TrafficConfig t;
  const auto* j = root.optional("traffic");
  if (!j) return t;
  ObjectReader r(*j, root.childPath("traffic"));
  const std::string pattern = r.optionalString("pattern", "uniform");
  const auto p = parseTrafficPattern(pattern);
  if (!p) {
    throw ScenarioError(r.childPath("pattern"),
                        "must be one of " + trafficPatternList() + ", got \"" + pattern + "\"");
  }
  t.pattern = *p;
  t.rateFlitsPerNodeCycle = r.optionalNumber("rateFlitsPerNodeCycle", t.rateFlitsPerNodeCycle, 0, 1);
  t.packetFlits = readIntField(r, "packetFlits", t.packetFlits, 1, kMaxPacketFlits);
  if (const auto* mix = r.optional("mix")) {
    ObjectReader mr(*mix, r.childPath("mix"));
    t.mix.clear();
    for (int k = 0; k < kPacketKindCount; ++k) {
      const auto kind = static_cast<PacketKind>(k);
      const std::string name(packetKindName(kind));
      if (!mr.has(name)) continue;
      const double w = mr.requiredNumber(name, 0, 1e9);
      if (isResponse(kind)) {
        throw ScenarioError(mr.childPath(name),
                            "responses are produced by requests, not injected");
      }
      if (w > 0) t.mix.push_back(PacketMixEntry{kind, w});
    }
    mr.finish();
    if (t.mix.empty()) {
      throw ScenarioError(r.childPath("mix"), "needs at least one kind with a weight > 0");
    }
  }
  if (const auto* hs = r.optional("hotspot")) {
    const std::string path = r.childPath("hotspot");
    readArray(*hs, path, static_cast<std::size_t>(topo.dims), static_cast<std::size_t>(topo.dims));
    for (int i = 0; i < topo.dims; ++i) {
      const auto ui = static_cast<std::size_t>(i);
      t.hotspot[i] = static_cast<int>(
          readInt((*hs)[ui], path + "[" + std::to_string(i) + "]", 0, topo.radix[ui] - 1));
    }
  }
  if (const auto* sh = r.optional("shift")) {
    const std::string path = r.childPath("shift");
    readArray(*sh, path, static_cast<std::size_t>(topo.dims), static_cast<std::size_t>(topo.dims));
    for (int i = 0; i < topo.dims; ++i) {
      const auto ui = static_cast<std::size_t>(i);
      t.shift[i] = static_cast<int>(
          readInt((*sh)[ui], path + "[" + std::to_string(i) + "]", 0, topo.radix[ui] - 1));
    }
  }
  t.hotspotFraction = r.optionalNumber("hotspotFraction", t.hotspotFraction, 0, 1);
  t.orderedFraction = r.optionalNumber("orderedFraction", t.orderedFraction, 0, 1);
  r.finish();
  return t;
}

nlohmann::json routerToJson(const RouterConfig& c, int dims) {
  nlohmann::json j = {{"vcCount", c.vcCount},
          {"vcClasses", c.vcClasses},
          {"adaptiveVcs", c.adaptiveVcs},
          {"vcDepthFlits", c.vcDepthFlits},
          {"adaptiveVcDepthFlits", c.adaptiveVcDepthFlits},
          {"adaptiveRouting", c.adaptiveRouting},
          {"flowControl", flowControlName(c.flowControl)},
          {"arbiter", arbiterName(c.arbiter)},
          {"routeCycles", c.routeCycles},
          {"vcAllocCycles", c.vcAllocCycles},
          {"switchAllocCycles", c.switchAllocCycles},
          {"speculative", c.speculative},
          {"linkDelayCycles", c.linkDelayCycles},
          {"turnExtraCycles", c.turnExtraCycles},
          {"injectExtraCycles", c.injectExtraCycles},
          {"ejectExtraCycles", c.ejectExtraCycles},
          {"sourceQueuePackets", c.sourceQueuePackets},
          {"watchdogCycles", c.watchdogCycles}};
  if (c.arbiter == ArbiterKind::Age || c.age != AgeConfig{}) j["age"] = ageToJson(c.age, dims);
  if (c.creditExtraCycles != 0) j["creditExtraCycles"] = c.creditExtraCycles;  // written when set, as before it existed
  if (c.sharedResponseVcs) j["sharedResponseVcs"] = true;  // likewise
  if (c.routeAtFront) j["routeAtFront"] = true;             // likewise
  if (c.vcAllocator != VcAllocator::Sequential)
    j["vcAllocator"] = kVcAllocatorNames[static_cast<std::size_t>(c.vcAllocator)];
  if (c.injectionVcs != InjectionVcs::FirstWithRoom)
    j["injectionVcs"] = kInjectionVcsNames[static_cast<std::size_t>(c.injectionVcs)];
  return j;
}

nlohmann::json trafficToJson(const TrafficConfig& t, int dims) {
  nlohmann::json mix = nlohmann::json::object();
  for (const auto& e : t.mix) mix[std::string(packetKindName(e.kind))] = e.weight;
  nlohmann::json hs = nlohmann::json::array();
  for (int i = 0; i < dims; ++i) hs.push_back(t.hotspot[i]);
  nlohmann::json j = {{"pattern", std::string(trafficPatternName(t.pattern))},
                      {"rateFlitsPerNodeCycle", t.rateFlitsPerNodeCycle},
                      {"packetFlits", t.packetFlits},
                      {"mix", mix},
                      {"hotspot", hs},
                      {"hotspotFraction", t.hotspotFraction},
                      {"orderedFraction", t.orderedFraction}};
  if (t.shift != Coord{}) {  // written only when set: older scenarios' JSON stays as it was
    nlohmann::json sh = nlohmann::json::array();
    for (int i = 0; i < dims; ++i) sh.push_back(t.shift[i]);
    j["shift"] = sh;
  }
  return j;
}

}  // namespace flit

// Fat-tree scenario files in JSON (scenario/fat_tree_scenario_json.h).
#include "scenario/fat_tree_scenario_json.h"

#include <stdexcept>

#include "fattree/flat_bidelta.h"
#include "fattree/network_shape.h"
#include "scenario/circuit_change_json.h"
#include "scenario/json_fields.h"
#include "topology/topology_family.h"

namespace flit::fattree {

namespace {

constexpr const char* kRoot = "scenario";
constexpr std::uint32_t kMaxTreeStages = 3;  // 64^3 leaves: 16M endpoints, beyond any memory here

// k with 64^k == n within the stages a scenario may have, or -1.
int log64(std::uint64_t n) {
  const int k = log64Exact(n);
  return k <= static_cast<int>(kMaxTreeStages) ? k : -1;
}

std::string powersOf64() { return "1, 64, 4096 or 262144"; }

// The topology section of each network shape besides the fat-tree
// (fattree/network_shape.h), after "family" (finish() included): a new shape
// adds its row here (tst_fattree_scenario checks that every shape has one).
struct ShapeSection {
  std::string_view familyKey;
  FatTreeSpec (*read)(ObjectReader& topology);
  void (*write)(const FatTreeSpec& spec, nlohmann::json& topology);
};

// The flat bidelta network (fattree/flat_bidelta.h): "stages" and the
// optional "wiringSeed" (the fat-tree's own writer writes it).
FatTreeSpec readFlatBideltaSection(ObjectReader& topology) {
  const auto stages = static_cast<std::uint32_t>(topology.requiredInt("stages", 1, kMaxFlatStages));
  const auto seed = static_cast<std::uint64_t>(topology.optionalInt("wiringSeed", 1, 0, INT64_MAX));
  topology.finish();
  return flatBideltaSpec(stages, seed);
}
void writeFlatBideltaSection(const FatTreeSpec& spec, nlohmann::json& topology) { topology["stages"] = spec.flatStages; }

constexpr ShapeSection kShapeSections[] = {
    {kFlatBideltaKey, readFlatBideltaSection, writeFlatBideltaSection},
};

const ShapeSection* findShapeSection(const NetworkShape& shape) {
  for (const ShapeSection& s : kShapeSections) {
    if (s.familyKey == shape.familyKey) return &s;
  }
  return nullptr;
}

const ShapeSection& shapeSection(const NetworkShape& shape) {
  if (const ShapeSection* s = findShapeSection(shape)) return *s;
  throw std::logic_error("no scenario section for the network shape " + std::string(shape.familyKey));
}


FatTreeSpec readTopology(ObjectReader& root) {
  ObjectReader r(root.required("topology"), root.childPath("topology"));
  // scenarioFamily() checked the value; a network of another shape reads the rest
  if (const NetworkShape* s = otherShapeOfFamilyKey(r.requiredString("family"))) return shapeSection(*s).read(r);
  FatTreeSpec spec;
  std::uint64_t clusters = 0;
  if (const auto* lc = r.optional("leafClusters")) {
    ObjectReader c(*lc, r.childPath("leafClusters"));
    const std::int64_t size = c.requiredInt("size", 0, INT32_MAX);
    if (size == 12)
      spec.leaf = BlockKind::B12;
    else if (size == 48)
      spec.leaf = BlockKind::B48;
    else if (size == 192)
      spec.leaf = BlockKind::B192;
    else {
      throw ScenarioError(
          c.childPath("size"),
          "must be 12, 48 or 192 (the bidelta leaf clusters B12, B48, B192 of section 5.1), got " +
              std::to_string(size));
    }
    clusters = static_cast<std::uint64_t>(c.requiredInt("count", 1, INT32_MAX));
    if (log64(clusters) < 1) {
      throw ScenarioError(
          c.childPath("count"),
          "must be 64, 4096 or 262144 (64 subtrees under each unit tree stage, section 5.2), got " +
              std::to_string(clusters));
    }
    c.finish();
  }
  ObjectReader u(r.required("unitTrees"), r.childPath("unitTrees"));
  const std::uint64_t ut2 = static_cast<std::uint64_t>(u.optionalInt("UT64x2", 0, 0, INT32_MAX));
  const std::uint64_t ut8 = static_cast<std::uint64_t>(u.optionalInt("UT64x8", 0, 0, INT32_MAX));
  u.finish();
  std::uint64_t leaves = clusters;
  if (clusters > 0) {
    if (ut2 != 0) {
      throw ScenarioError(
          u.childPath("UT64x2"),
          "must be 0 with leafClusters: the bidelta clusters take the place of the UT64x2 "
          "leaves (section 5.2), got " +
              std::to_string(ut2));
    }
  } else {
    if (log64(ut2) < 0) {
      throw ScenarioError(u.childPath("UT64x2"), "must be " + powersOf64() +
                                                     " (64 endpoints each; every unit tree stage "
                                                     "connects 64 subtrees, section 4.1), got " +
                                                     std::to_string(ut2));
    }
    leaves = ut2;
  }
  spec.leafCount = static_cast<std::uint32_t>(leaves);
  spec.treeStages = static_cast<std::uint32_t>(log64(leaves));
  const std::uint64_t want = composedUT64x8Count(spec.leaf, spec.leafCount);
  if (ut8 != want) {
    throw ScenarioError(u.childPath("UT64x8"),
                        std::to_string(leaves) + " " + blockKindName(spec.leaf) +
                            " leaves compose with " + std::to_string(want) +
                            " UT64x8 (a UT64x8 takes 8 channels from each of its 64 subtrees: "
                            "sections 4.1-4.3, 5.2), got " +
                            std::to_string(ut8));
  }
  spec.wiringSeed = static_cast<std::uint64_t>(r.optionalInt("wiringSeed", 1, 0, INT64_MAX));
  r.finish();
  return spec;
}

CircuitConfig readCircuit(ObjectReader& root, const FatTreeSpec& spec) {
  CircuitConfig c;
  if (const auto* j = root.optional("circuit")) {
    ObjectReader r(*j, root.childPath("circuit"));
    c.messageBytes =
        static_cast<std::uint32_t>(r.optionalInt("messageBytes", c.messageBytes, 1, 1 << 20));
    c.replyBytes =
        static_cast<std::uint32_t>(r.optionalInt("replyBytes", c.replyBytes, 0, 1 << 20));
    c.stageCycles = static_cast<std::uint32_t>(r.optionalInt("stageCycles", c.stageCycles, 1, 64));
    c.turnaroundCycles =
        static_cast<std::uint32_t>(r.optionalInt("turnaroundCycles", c.turnaroundCycles, 0, 64));
    c.retryLimit = static_cast<std::uint32_t>(r.optionalInt("retryLimit", c.retryLimit, 0, 1000));
    c.backoffCycles =
        static_cast<std::uint32_t>(r.optionalInt("backoffCycles", c.backoffCycles, 1, 1 << 16));
    r.finish();
  }
  if (const auto* j = root.optional("traffic")) {
    ObjectReader r(*j, root.childPath("traffic"));
    const std::string p = r.optionalChoice("pattern", "locality", {"uniform", "locality"});
    c.pattern = *parseFatTreePattern(p);
    c.rate = r.optionalNumber("rate", c.rate, 0.0, 1.0);
    r.finish();
    if (c.pattern == FatTreePattern::Locality && !paperLocality(spec)) {
      throw ScenarioError(
          r.childPath("pattern"),
          "\"locality\" needs a network the paper tabulates (Tables 5-7: 64, 4096 or 262144 "
          "endpoints, or one or two unit tree stages over bidelta clusters; a network of another shape "
          "may take the fat-tree's of its size, as the flat bidelta of 3 or 6 stages does)");
    }
  } else if (!paperLocality(spec)) {
    c.pattern = FatTreePattern::Uniform;
  }
  return c;
}

std::vector<std::uint32_t> readIds(const nlohmann::json& j, const std::string& path,
                                   std::uint64_t count) {
  std::vector<std::uint32_t> ids;
  const auto& a = readArray(j, path, 0, 1 << 20);
  for (std::size_t i = 0; i < a.size(); ++i) {
    ids.push_back(static_cast<std::uint32_t>(readInt(a[i], path + "[" + std::to_string(i) + "]", 0,
                                                     static_cast<std::int64_t>(count) - 1)));
  }
  return ids;
}

FatTreeFaults readFaults(ObjectReader& root, const FatTreeSpec& spec) {
  FatTreeFaults f;
  const auto* j = root.optional("faults");
  if (!j) return f;
  ObjectReader r(*j, root.childPath("faults"));
  const CircuitIdCounts counts = circuitIdCounts(spec);
  if (const auto* v = r.optional("failedRouters"))
    f.routers = readIds(*v, r.childPath("failedRouters"), counts.routers);
  if (const auto* v = r.optional("failedChannels")) {
    f.channels = readIds(*v, r.childPath("failedChannels"), counts.channels);
  }
  if (const auto* v = r.optional("failedUnitTrees")) {
    f.unitTrees = readIds(*v, r.childPath("failedUnitTrees"), counts.unitTrees);
  }
  f.randomRouterFraction = r.optionalNumber("randomRouterFailures", 0.0, 0.0, 1.0);
  r.finish();
  return f;
}

}  // namespace

FatTreeScenario fatTreeScenarioFromJson(const nlohmann::json& j) {
  ObjectReader root(j, kRoot);
  const std::string format = root.requiredString("format");
  if (format != "flitscope-scenario") {
    throw ScenarioError(root.childPath("format"),
                        "must be \"flitscope-scenario\", got \"" + format + "\"");
  }
  root.requiredInt("version", 1, 1);
  FatTreeScenario s;
  s.name = root.optionalString("name", "");
  s.description = root.optionalString("description", "");
  s.seed = static_cast<std::uint64_t>(root.optionalInt("seed", 1, 0, INT64_MAX));
  s.spec = readTopology(root);
  s.circuit = readCircuit(root, s.spec);
  s.faults = readFaults(root, s.spec);
  if (const auto* t = root.optional("timeline")) {
    s.timeline = readCircuitTimeline(*t, root.childPath("timeline"), circuitIdCounts(s.spec), false);
  }
  root.finish();
  return s;
}

FatTreeScenario parseFatTreeScenario(std::string_view jsonText) {
  return fatTreeScenarioFromJson(parseJsonText(jsonText, kRoot));
}

nlohmann::json fatTreeScenarioToJson(const FatTreeScenario& s) {
  nlohmann::json topology = {{"family", std::string(topologyFamilyKey(TopologyFamily::FatTree))}, {"wiringSeed", s.spec.wiringSeed}};
  const std::uint64_t ut8 = composedUT64x8Count(s.spec.leaf, s.spec.leafCount);
  if (const NetworkShape* shape = otherShapeOf(s.spec)) {
    topology["family"] = std::string(shape->familyKey);
    shapeSection(*shape).write(s.spec, topology);
  } else if (isCluster(s.spec.leaf)) {
    topology["leafClusters"] = {{"size", blockSubtrees(s.spec.leaf)}, {"count", s.spec.leafCount}};
    topology["unitTrees"] = {{"UT64x8", ut8}};
  } else {
    topology["unitTrees"] = {{"UT64x2", s.spec.leafCount}, {"UT64x8", ut8}};
  }
  const CircuitConfig& c = s.circuit;
  nlohmann::json faults = nlohmann::json::object();
  if (!s.faults.routers.empty()) faults["failedRouters"] = s.faults.routers;
  if (!s.faults.channels.empty()) faults["failedChannels"] = s.faults.channels;
  if (!s.faults.unitTrees.empty()) faults["failedUnitTrees"] = s.faults.unitTrees;
  if (s.faults.randomRouterFraction > 0) faults["randomRouterFailures"] = s.faults.randomRouterFraction;
  nlohmann::json j = {{"format", "flitscope-scenario"},
                      {"version", 1},
                      {"name", s.name},
                      {"description", s.description},
                      {"seed", s.seed},
                      {"topology", topology},
                      {"circuit",
                       {{"messageBytes", c.messageBytes},
                        {"replyBytes", c.replyBytes},
                        {"stageCycles", c.stageCycles},
                        {"turnaroundCycles", c.turnaroundCycles},
                        {"retryLimit", c.retryLimit},
                        {"backoffCycles", c.backoffCycles}}},
                      {"traffic", {{"pattern", fatTreePatternName(c.pattern)}, {"rate", c.rate}}}};
  if (!faults.empty()) j["faults"] = faults;
  if (!s.timeline.empty()) j["timeline"] = circuitTimelineToJson(s.timeline);
  return j;
}

std::string serializeFatTreeScenario(const FatTreeScenario& s) { return fatTreeScenarioToJson(s).dump(2) + "\n"; }

bool hasScenarioSection(const NetworkShape& shape) { return findShapeSection(shape) != nullptr; }

}  // namespace flit::fattree

// Section "sync" (the BSU trees) and the timeline's barrier operations
// (docs/scenario-format.md "sync"; T3E paper, seed 000_bcf8236523569157.txt,
// section 6). Errors name the field; a tree or an operation the machine
// cannot take is refused at load.
#include "scenario/scenario_sections.h"

#include "routing/routing_config.h"
#include "sync/sync_config.h"

#include <algorithm>

namespace flit {

namespace {

SyncTreeConfig readTree(const nlohmann::json& j, const std::string& path, const Topology& topo) {
  ObjectReader r(j, path);
  SyncTreeConfig t;
  t.bsu = static_cast<int>(r.requiredInt("bsu", 0, kBsusPerNode - 1));
  t.participants = r.optionalString("participants", "all");
  t.shape = *parseTreeShape(r.optionalChoice("shape", "min-depth", {"dimension", "min-depth"}));
  if (const auto* root = r.optional("root")) {
    t.root = parseNodeCoord(readString(*root, r.childPath("root")), topo.spec(), r.childPath("root"));
  }
  r.finish();
  try {
    parseParticipants(t.participants, topo);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError(path + ".participants", e.what());
  }
  return t;
}

}  // namespace

void readSyncSection(ObjectReader& root, Scenario& s) {
  const auto* sync = root.optional("sync");
  if (!sync) return;
  ObjectReader r(*sync, root.childPath("sync"));
  const Topology topo(s.topology);
  const std::string path = r.childPath("trees");
  const auto& trees = readArray(r.required("trees"), path, 0, kBsusPerNode);
  for (std::size_t k = 0; k < trees.size(); ++k) {
    const std::string itemPath = path + "[" + std::to_string(k) + "]";
    SyncTreeConfig t = readTree(trees[k], itemPath, topo);
    if (s.sync.treeFor(t.bsu)) {
      throw ScenarioError(itemPath + ".bsu", "BSU " + std::to_string(t.bsu) + " already has a tree");
    }
    s.sync.trees.push_back(std::move(t));
  }
  s.sync.joinOnEureka = r.optionalBool("joinOnEureka", true);
  if (const auto* w = r.optional("workload")) {
    ObjectReader wr(*w, r.childPath("workload"));
    SyncWorkload load;
    load.bsu = static_cast<int>(wr.requiredInt("bsu", 0, kBsusPerNode - 1));
    load.computeCycles = static_cast<std::uint64_t>(wr.requiredInt("computeCycles", 1, 1 << 30));
    load.startCycle = static_cast<std::uint64_t>(wr.optionalInt("startCycle", 0, 0, INT64_MAX));
    wr.finish();
    if (!s.sync.treeFor(load.bsu)) {
      throw ScenarioError(wr.childPath("bsu"), "BSU " + std::to_string(load.bsu) + " has no tree in scenario.sync.trees");
    }
    s.sync.workload = load;
  }
  r.finish();
}

void checkSyncOperation(const Intervention& i, const Scenario& s, const Topology& topo, const std::string& key) {
  const SyncTreeConfig* tree = s.sync.treeFor(i.bsu);
  if (!tree) {
    throw ScenarioError(key + ".bsu", "BSU " + std::to_string(i.bsu) + " has no tree in scenario.sync.trees");
  }
  const auto members = parseParticipants(tree->participants, topo);
  if (!std::binary_search(members.begin(), members.end(), i.id)) {
    throw ScenarioError(key + ".node", formatNodeCoord(topo.coordOf(i.id), topo.dims()) +
                                           " does not participate in BSU " + std::to_string(i.bsu) +
                                           "'s tree (participants \"" + tree->participants + "\")");
  }
}

SyncOperation syncOperationOf(const Intervention& i) {
  const BsuOp op = i.kind == InterventionKind::Eureka          ? BsuOp::Eur
                   : i.kind == InterventionKind::EurekaBarrier ? BsuOp::EurB
                                                               : BsuOp::Bar;
  return SyncOperation{i.cycle, i.id, i.bsu, op};
}

std::vector<SyncOperation> syncOperationsOf(const std::vector<Intervention>& timeline) {
  std::vector<SyncOperation> ops;
  for (const Intervention& i : timeline) {
    if (isSyncIntervention(i.kind)) ops.push_back(syncOperationOf(i));
  }
  return ops;
}

nlohmann::json syncSectionToJson(const SyncConfig& c, int dims) {
  nlohmann::json trees = nlohmann::json::array();
  for (const SyncTreeConfig& t : c.trees) {
    nlohmann::json j = {{"bsu", t.bsu}, {"participants", t.participants}, {"shape", std::string(treeShapeName(t.shape))}};
    if (t.root) j["root"] = formatNodeCoord(*t.root, dims);
    trees.push_back(std::move(j));
  }
  nlohmann::json j = {{"trees", trees}};
  if (!c.joinOnEureka) j["joinOnEureka"] = false;
  if (c.workload) {
    j["workload"] = {{"bsu", c.workload->bsu}, {"computeCycles", c.workload->computeCycles}, {"startCycle", c.workload->startCycle}};
  }
  return j;
}

}  // namespace flit

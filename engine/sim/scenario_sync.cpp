// Section "sync" (the BSU trees) and the timeline's barrier operations
// (docs/scenario-format.md "sync"; T3E paper, seed 000_bcf8236523569157.txt,
// section 6). Errors name the field; a tree or an operation the machine
// cannot take is refused at load.
#include "sim/scenario_sections.h"

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
  r.finish();
}

bool isSyncTimelineEntry(const nlohmann::json& j) {
  if (!j.is_object()) return false;
  return j.contains("barrier") || j.contains("eureka") || j.contains("eurekaBarrier");
}

SyncOperation readSyncOperation(const nlohmann::json& j, const std::string& path, const Scenario& s) {
  ObjectReader r(j, path);
  SyncOperation op;
  op.cycle = static_cast<std::uint64_t>(r.requiredInt("cycle", 0, INT64_MAX));
  std::string key;
  for (BsuOp o : {BsuOp::Bar, BsuOp::Eur, BsuOp::EurB}) {
    if (!r.has(std::string(syncOperationKey(o)))) continue;
    if (!key.empty()) throw ScenarioError(path, "needs exactly one of barrier, eureka, eurekaBarrier, got more than one");
    key = syncOperationKey(o);
    op.op = o;
  }
  ObjectReader a(r.required(key), r.childPath(key));
  const Topology topo(s.topology);
  const Coord c = parseNodeCoord(readString(a.required("node"), a.childPath("node")), topo.spec(), a.childPath("node"));
  op.node = topo.nodeAt(c);
  op.bsu = static_cast<int>(a.requiredInt("bsu", 0, kBsusPerNode - 1));
  a.finish();
  r.finish();
  const SyncTreeConfig* tree = s.sync.treeFor(op.bsu);
  if (!tree) {
    throw ScenarioError(a.childPath("bsu"), "BSU " + std::to_string(op.bsu) + " has no tree in scenario.sync.trees");
  }
  const auto members = parseParticipants(tree->participants, topo);
  if (!std::binary_search(members.begin(), members.end(), op.node)) {
    throw ScenarioError(a.childPath("node"), formatNodeCoord(c, topo.dims()) + " does not participate in BSU " +
                                                 std::to_string(op.bsu) + "'s tree (participants \"" +
                                                 tree->participants + "\")");
  }
  return op;
}

nlohmann::json syncSectionToJson(const SyncConfig& c, int dims) {
  nlohmann::json trees = nlohmann::json::array();
  for (const SyncTreeConfig& t : c.trees) {
    nlohmann::json j = {{"bsu", t.bsu}, {"participants", t.participants}, {"shape", std::string(treeShapeName(t.shape))}};
    if (t.root) j["root"] = formatNodeCoord(*t.root, dims);
    trees.push_back(std::move(j));
  }
  return {{"trees", trees}};
}

nlohmann::json syncOperationToJson(const SyncOperation& op, const Topology& topo) {
  return {{"cycle", op.cycle},
          {std::string(syncOperationKey(op.op)),
           {{"node", formatNodeCoord(topo.coordOf(op.node), topo.dims())}, {"bsu", op.bsu}}}};
}

}  // namespace flit

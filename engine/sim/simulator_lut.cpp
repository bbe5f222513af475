// Run-time R_NET_LUT edits for the GUI's routing-tag editor (T3E manual
// HMM-160-0, "Routing Tag Look-up Table", Tables 6 and 7): one entry of the
// tables in force changed or put back, validated like scenario entries.
#include "sim/simulator.h"

#include "routing/routing_tag.h"
#include "util/scenario_error.h"

#include <string>
#include <vector>

namespace flit {

void Simulator::checkLutEdit(NodeId node, int lutIndex) const {
  if (!routing_.tables) {
    throw ScenarioError("routing.algorithm",
                        "only direction order has routing-tag look-up tables (R_NET_LUT)");
  }
  if (node < 0 || node >= topo_.nodeCount()) {
    throw ScenarioError("node", "must be 0.." + std::to_string(topo_.nodeCount() - 1) +
                                    ", got " + std::to_string(node));
  }
  if (lutIndex < 0 || lutIndex >= kNetLutEntries) {
    throw ScenarioError("lutIndex", "must be 0.." + std::to_string(kNetLutEntries - 1) +
                                        " (R_NET_LUT), got " + std::to_string(lutIndex));
  }
}

void Simulator::setLutEntry(NodeId node, int lutIndex, std::uint64_t tag) {
  checkLutEdit(node, lutIndex);
  const std::vector<std::string> problems = validateTag(topo_, tag);
  if (!problems.empty()) {
    std::string why = problems.front();
    for (std::size_t i = 1; i < problems.size(); ++i) why += "; " + problems[i];
    throw ScenarioError("tag", why);
  }
  routing_.tables->setEntry(node, lutIndex, tag);
}

void Simulator::restoreGeneratedLutEntry(NodeId node, int lutIndex) {
  checkLutEdit(node, lutIndex);
  routing_.tables->setEntry(node, lutIndex, generated_.tables->entry(node, lutIndex));
}

std::uint64_t Simulator::generatedLutEntry(NodeId node, int lutIndex) const {
  checkLutEdit(node, lutIndex);
  return generated_.tables->entry(node, lutIndex);
}

}  // namespace flit

// Fuzz target for the short texts a person types into the window or on the
// command line (issue 41): routing tags (the tag editor's hex field, then
// the path the tag leads on the T3E's 8x32x8), link specs ("X,Y,Z:DIR"),
// node coordinates, barrier participant lists and special-route deltas.
// The first byte picks the parser, the rest is the text. A parser refuses
// only the way its header says (nullopt, ScenarioError or
// std::invalid_argument); what it accepts prints back to the same value.
#include "routing/path_trace.h"
#include "routing/routing_config.h"
#include "routing/routing_setup.h"
#include "routing/routing_tag.h"
#include "routing/special_route.h"
#include "scenario/json_fields.h"
#include "scenario/scenario.h"
#include "sync/sync_tree.h"
#include "topology/topology.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "fuzz_text_fields: %s\n", what);
    std::abort();
  }
}

const flit::Topology& t3e() {
  static const flit::Topology topo([] {
    flit::TopologySpec spec;
    spec.dims = 3;
    spec.radix = {8, 32, 8};
    return spec;
  }());
  return topo;
}

const flit::RoutingSetup& t3eRouting() {
  static const flit::RoutingSetup setup = [] {
    flit::RoutingConfig config;
    config.algorithm = flit::RoutingAlgorithm::DirectionOrder;
    return flit::buildRoutingSetup(t3e(), config);
  }();
  return setup;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const flit::Topology& topo = t3e();
  try {
    switch (data[0] % 5) {
      case 0: {  // a routing tag and where it leads from node 0
        const auto bits = flit::parseTagHex(text);
        if (!bits) break;
        check(flit::parseTagHex(flit::formatTagHex(*bits)) == bits, "a tag does not print back");
        (void)flit::formatTagFields(*bits);
        if (flit::validateTag(topo, *bits).empty()) {
          const flit::PathTrace path = flit::tracePath(topo, t3eRouting(), 0, topo.nodeCount() - 1, *bits);
          check(path.networkHops() <= 8 * topo.nodeCount(), "a tag's path never ends");
        }
        break;
      }
      case 1: {  // a link spec
        const flit::LinkSpec l = flit::parseLinkSpec(text, "link");
        const std::string printed = flit::formatLinkSpec(l, topo.dims());
        check(flit::formatLinkSpec(flit::parseLinkSpec(printed, "link"), topo.dims()) == printed, "a link spec does not print back");
        (void)flit::resolveLinkSpec(topo, l, "link");
        break;
      }
      case 2:  // a node's coordinates
        (void)flit::parseNodeCoord(text, topo.spec(), "node");
        break;
      case 3: {  // barrier participants
        const std::vector<flit::NodeId> nodes = flit::parseParticipants(text, topo);
        for (std::size_t i = 1; i < nodes.size(); ++i) check(nodes[i - 1] < nodes[i], "participants not sorted and unique");
        break;
      }
      default: {  // special-route deltas and their path from node 0
        const auto deltas = flit::parseSpecialDeltas(text);
        if (deltas) (void)flit::traceSpecialPath(topo, 0, *deltas);
        break;
      }
    }
  } catch (const flit::ScenarioError&) {
  } catch (const std::invalid_argument&) {
  }
  return 0;
}

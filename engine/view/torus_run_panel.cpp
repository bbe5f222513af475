// TorusRun: the side panel's requests (view/node_inspection.h), between
// cycles. Everything here reads the engine (Simulator's
// buffers, T3E/XT counters, routing setup, path tracer) and hands the window
// immutable answers.
#include "view/torus_run.h"

#include "routing/path_trace.h"
#include "routing/routing_tag.h"
#include "view/node_inspection.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace flit {
void TorusRun::setInspectedNode(NodeId node) {
  if (node != kInvalidId) checkNode(sim_->topology(), node, "inspected node");
  inspected_ = node;
  takeInspectedBase();  // counted from now (or from the last reset)
}

void TorusRun::takeInspectedBase() {
  inspectedBase_ = {};
  if (inspected_ == kInvalidId) return;
  for (int port = 0; port < kPortsPerNode; ++port)
    inspectedBase_[static_cast<std::size_t>(port)] = sim_->portCounters(inspected_, port);
}

std::shared_ptr<const NodeInspection> TorusRun::inspection() const {
  if (inspected_ == kInvalidId) return nullptr;
  const Simulator& sim = *sim_;
  const Topology& topo = sim.topology();
  const int vcs = sim.vcCount();
  auto out = std::make_shared<NodeInspection>();
  out->node = inspected_;
  out->cycle = sim.cycle();
  for (int vc = 0; vc < vcs; ++vc) {
    out->capacity.push_back(standing_.config.router.depthOf(vc));
    out->vcClass.push_back(static_cast<std::uint8_t>(laneClassOf(vc)));
  }
  for (int port = 0; port < kPortsPerNode; ++port) {
    InspectedPort& p = out->ports[static_cast<std::size_t>(port)];
    const bool processor = port == kProcessorPort;
    const LinkId link = processor ? kInvalidId : topo.linkFrom(inspected_, static_cast<Direction>(port));
    p.present = processor || link != kInvalidId;
    if (!p.present) continue;
    p.linkUp = processor || topo.linkUp(link);
    const PortCounters c = sim.portCounters(inspected_, port);  // the window, since the reset
    const PortCounters& b = inspectedBase_[static_cast<std::size_t>(port)];
    for (int vc = 0; vc < vcs; ++vc) {
      const auto v = static_cast<std::size_t>(vc);
      p.buffered.push_back(sim.bufferedFlits(inspected_, port, vc));
      p.packets.push_back(c.packets[v] - b.packets[v]);
      p.flits.push_back(c.flits[v] - b.flits[v]);
      p.blockedCycles.push_back(c.blockedCycles[v] - b.blockedCycles[v]);
    }
    p.stalledCycles = c.stalledCycles - b.stalledCycles;
  }
  out->hotSpare = sim.hotSpare(inspected_);
  out->peHome = sim.peHomeOf(inspected_);
  const auto& tables = sim.routing().tables;
  if (tables) {
    out->logicalPe = tables->peMap().logicalOf(inspected_);
    out->lutMode = static_cast<int>(tables->overrideOf(inspected_).mode);
    out->lutTags.resize(static_cast<std::size_t>(topo.nodeCount()));
    out->lutEdited.resize(out->lutTags.size(), 0);
    for (NodeId dst = 0; dst < topo.nodeCount(); ++dst)
      out->lutTags[static_cast<std::size_t>(dst)] = tables->tagFor(inspected_, dst);
    for (NodeId dst = 0; dst < topo.nodeCount(); ++dst) {
      const int index = lutIndexOf(inspected_, dst);
      if (index >= 0 && tables->entry(inspected_, index) != sim.generatedLutEntry(inspected_, index))
        out->lutEdited[static_cast<std::size_t>(dst)] = 1;
    }
  }
  return out;
}

int TorusRun::lutIndexOf(NodeId source, NodeId destination) const {
  const auto& tables = sim_->routing().tables;
  if (!tables) return -1;
  return RouteTables::lutIndex(tables->overrideOf(source).mode, tables->peMap().logicalOf(destination));
}

void TorusRun::previewTag(const TagPreviewRequest& request) {
  auto out = std::make_shared<TagPreview>();
  out->requestId = request.requestId;
  out->source = request.source;
  out->destination = request.destination;
  preview_ = out;  // an error below still answers this request
  const Topology& topo = sim_->topology();
  checkNode(topo, request.source, "source");
  checkNode(topo, request.destination, "destination");
  const RoutingSetup& setup = sim_->routing();
  out->hasLut = setup.tables.has_value();
  if (out->hasLut) {
    out->lutTag = setup.tables->tagFor(request.source, request.destination);
    const int index = lutIndexOf(request.source, request.destination);
    out->generatedTag = out->lutTag;
    if (index >= 0) {
      // The R_NET_LUT entry as generated (in modes 1/2 the router still
      // replaces its low address bits from the PE number, manual Table 6).
      out->generatedTag = sim_->generatedLutEntry(request.source, index);
      out->edited = setup.tables->entry(request.source, index) != sim_->generatedLutEntry(request.source, index);
    }
  }
  std::optional<std::uint64_t> traced = request.tag;
  if (out->hasLut) {
    const LutMode mode = setup.tables->overrideOf(request.source).mode;
    out->lutMode = static_cast<int>(mode);
    const int index = lutIndexOf(request.source, request.destination);
    out->lutIndex = index;
    out->entryShared = 0;
    for (NodeId d = 0; d < topo.nodeCount(); ++d) out->entryShared += lutIndexOf(request.source, d) == index ? 1 : 0;
    if (request.tag && (mode == LutMode::LowBitsXY || mode == LutMode::LowBitsYX)) {
      // Table 6, modes 1/2: the router replaces X_ADR and Y_ADR bit 0 with
      // bits of the destination's PE number, so that is the tag it will use.
      constexpr std::uint64_t low = RouteTables::kLowAddrBits;
      traced = (*request.tag & ~low) | (out->lutTag & low);
    }
  }
  if (request.tag) out->tagProblems = validateTag(topo, *request.tag);
  const PathTrace trace = tracePath(topo, setup, request.source, request.destination, traced);
  out->tag = request.tag.value_or(trace.tag);
  out->outcome = static_cast<int>(trace.outcome);
  out->outcomeText = std::string(pathOutcomeName(trace.outcome));
  out->endNode = trace.endNode;
  for (const PathHop& h : trace.hops) {
    PreviewHop hop{h.node, h.outPort, h.vc, h.crossedDateline, h.violation, kInvalidId, kInvalidId};
    if (h.outPort >= 0 && h.outPort < kDirectionCount) {
      hop.link = topo.linkFrom(h.node, static_cast<Direction>(h.outPort));
      hop.channel = topo.channelFrom(h.node, static_cast<Direction>(h.outPort));
    }
    out->hops.push_back(hop);
  }
}

// After reset() and after every route rebuild (which puts back the generated
// tables): the tag editor's edits, as interventions the recording keeps.
void TorusRun::reapplyLutEdits() {
  for (const auto& [key, tag] : standing_.lutEdits) {
    Intervention i = Intervention::node(InterventionKind::SetLutEntry, key.first);
    i.lutIndex = key.second;
    i.tag = tag;
    intervene(i);
  }
}

}  // namespace flit

#include "view/lab_view.h"

#include <algorithm>
#include <ostream>

namespace flit {

DeadlockView deadlockViewOf(const flit::DeadlockReport& report, const flit::Topology& topology) {
  DeadlockView view;
  view.detectedCycle = report.detectedCycle;
  view.lastMoveCycle = report.lastMoveCycle;
  view.cycle.reserve(report.cycle.size());
  for (const flit::WaitingVc& w : report.cycle) view.cycle.push_back({w.node, w.port, w.vc, w.packet});
  view.text = report.describe(topology);
  return view;
}

std::vector<WaitEdge> waitEdgesOf(const flit::Topology& topology, const std::vector<DeadlockBuffer>& cycle) {
  std::vector<WaitEdge> out;
  const int n = static_cast<int>(cycle.size());
  out.reserve(cycle.size());
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    const DeadlockBuffer& a = cycle[static_cast<std::size_t>(i)];
    const DeadlockBuffer& b = cycle[static_cast<std::size_t>(j)];
    WaitEdge e{i, j, flit::kInvalidId};
    // Buffer b at input port q of its router is fed by the channel from its
    // q-side neighbour; when that neighbour is a's router, a waits across it.
    if (b.port >= 0 && b.port < flit::kDirectionCount) {
      const auto q = static_cast<flit::Direction>(b.port);
      if (topology.neighbor(b.node, q) == a.node) e.channel = topology.channelFrom(a.node, flit::opposite(q));
    }
    out.push_back(e);
  }
  return out;
}

CdgGraph cdgGraphOf(const flit::DependencyCheck& check, int maxVertices) {
  const flit::ChannelDependencyGraph& g = check.graph;
  CdgGraph out;
  out.maxVertices = maxVertices;
  out.vcsPerChannel = g.vcsPerChannel();
  out.edgeCount = g.dependencyCount();
  // A vertex is drawn when it has an edge in or out.
  const int total = g.vertexCount();
  std::vector<std::uint8_t> used(static_cast<std::size_t>(total), 0);
  for (int v = 0; v < total; ++v) {
    const std::vector<flit::ChannelVc> next = g.successors(g.channelVcOf(v));
    if (next.empty()) continue;
    used[static_cast<std::size_t>(v)] = 1;
    for (const flit::ChannelVc& s : next) used[static_cast<std::size_t>(g.vertexOf(s))] = 1;
  }
  out.vertexCount = static_cast<int>(std::count(used.begin(), used.end(), std::uint8_t{1}));
  if (out.vertexCount > maxVertices) {
    out.tooLarge = true;
    return out;
  }
  std::vector<int> index(static_cast<std::size_t>(total), -1);
  for (int v = 0; v < total; ++v) {
    if (!used[static_cast<std::size_t>(v)]) continue;
    index[static_cast<std::size_t>(v)] = static_cast<int>(out.vertices.size());
    const flit::ChannelVc cv = g.channelVcOf(v);
    const flit::Topology& topo = g.topology();
    out.vertices.push_back({cv, g.describe(cv), static_cast<int>(topo.channelDirection(cv.channel)),
                            topo.channelSource(cv.channel)});
  }
  for (int v = 0; v < total; ++v) {
    if (!used[static_cast<std::size_t>(v)]) continue;
    for (const flit::ChannelVc& s : g.successors(g.channelVcOf(v)))
      out.edges.emplace_back(index[static_cast<std::size_t>(v)], index[static_cast<std::size_t>(g.vertexOf(s))]);
  }
  for (const flit::ChannelVc& cv : check.cycle) out.cycle.push_back(index[static_cast<std::size_t>(g.vertexOf(cv))]);
  return out;
}

LabView labViewOf(const flit::DependencyCheck& check, int maxVertices) {
  LabView view;
  view.deadlockFree = check.deadlockFree();
  if (!view.deadlockFree) view.cycleText = check.cycleText();
  view.cycleLength = static_cast<int>(check.cycle.size());
  view.routesTraced = check.routesTraced;
  view.brokenRoutes = check.brokenRoutes.size();
  view.graph = std::make_shared<const CdgGraph>(cdgGraphOf(check, maxVertices));
  return view;
}

std::ostream& operator<<(std::ostream& out, const DeadlockBuffer& b) {
  return out << "{node " << b.node << " port " << b.port << " vc " << b.vc << " packet " << b.packet << "}";
}

std::ostream& operator<<(std::ostream& out, const CdgGraph& g) {
  out << "CdgGraph{" << g.vertexCount << " vertices, " << g.edgeCount << " edges"
      << (g.tooLarge ? ", too large" : "") << ":";
  for (const auto& [a, b] : g.edges)
    out << " " << g.vertices[static_cast<std::size_t>(a)].label << "->" << g.vertices[static_cast<std::size_t>(b)].label;
  return out << "}";
}

std::ostream& operator<<(std::ostream& out, const DeadlockView& d) {
  out << "DeadlockView{detected " << d.detectedCycle << ", last move " << d.lastMoveCycle << ":";
  for (const DeadlockBuffer& b : d.cycle) out << " " << b;
  return out << "}";
}

std::ostream& operator<<(std::ostream& out, const LabView& v) {
  out << "LabView{" << flit::vcRuleName(v.rule) << ", "
      << (v.deadlockFree ? std::string("acyclic") : "cycle " + v.cycleText) << ", " << v.routesTraced
      << " routes, " << v.brokenRoutes << " broken";
  if (v.graph) out << ", " << *v.graph;
  return out << "}";
}

}  // namespace flit

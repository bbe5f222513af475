#include "analysis/channel_dependency_graph.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace flit {

ChannelDependencyGraph::ChannelDependencyGraph(const Topology& topo, int classes, int vcsPerClass)
    : topo_(&topo), classes_(classes), vcsPerClass_(vcsPerClass), vcs_(classes * vcsPerClass) {
  if (classes < 1 || vcsPerClass < 1 || vcs_ > kMaxVcsPerChannel) {
    throw std::invalid_argument("channel dependency graph: classes x vcsPerClass must be 1.." +
                                std::to_string(kMaxVcsPerChannel) + ", got " +
                                std::to_string(classes) + " x " + std::to_string(vcsPerClass));
  }
  succ_.assign(static_cast<std::size_t>(topo.channelCount()) * static_cast<std::size_t>(vcs_), 0);
}

void ChannelDependencyGraph::addDependency(ChannelVc from, ChannelVc to) {
  const int channels = topo_->channelCount();
  if (from.channel < 0 || from.channel >= channels || to.channel < 0 || to.channel >= channels ||
      from.vc < 0 || from.vc >= vcs_ || to.vc < 0 || to.vc >= vcs_) {
    throw std::invalid_argument("channel dependency graph: channel or vc out of range");
  }
  if (topo_->channelSource(to.channel) != topo_->channelTarget(from.channel)) {
    throw std::invalid_argument("channel dependency graph: " + describe(to) +
                                " does not leave the node " + describe(from) + " enters");
  }
  addDependencyFast(vertexOf(from), topo_->channelDirection(to.channel), to.vc);
}

void ChannelDependencyGraph::addRoute(const std::vector<ChannelVc>& hops) {
  for (std::size_t i = 1; i < hops.size(); ++i) addDependency(hops[i - 1], hops[i]);
}

bool ChannelDependencyGraph::hasDependency(ChannelVc from, ChannelVc to) const {
  if (topo_->channelSource(to.channel) != topo_->channelTarget(from.channel)) return false;
  const int bit = static_cast<int>(topo_->channelDirection(to.channel)) * vcs_ + to.vc;
  return (succ_[static_cast<std::size_t>(vertexOf(from))] >> bit) & 1u;
}

std::size_t ChannelDependencyGraph::dependencyCount() const {
  std::size_t n = 0;
  for (std::uint64_t w : succ_) n += static_cast<std::size_t>(std::popcount(w));
  return n;
}

void ChannelDependencyGraph::clear() { std::fill(succ_.begin(), succ_.end(), 0); }

std::vector<ChannelVc> ChannelDependencyGraph::successors(ChannelVc v) const {
  std::vector<ChannelVc> out;
  std::uint64_t w = succ_[static_cast<std::size_t>(vertexOf(v))];
  const NodeId at = topo_->channelTarget(v.channel);
  while (w != 0) {
    const int bit = std::countr_zero(w);
    w &= w - 1;
    out.push_back({topo_->channelFrom(at, static_cast<Direction>(bit / vcs_)), bit % vcs_});
  }
  return out;
}

std::vector<ChannelVc> ChannelDependencyGraph::findCycle() const {
  // Colours: 0 unvisited, 1 on the DFS stack, 2 finished. Each stack frame
  // keeps the successor bits it has not explored yet.
  const int n = vertexCount();
  std::vector<std::uint8_t> colour(static_cast<std::size_t>(n), 0);
  struct Frame {
    int vertex;
    std::uint64_t pending;
    NodeId at;
  };
  std::vector<Frame> stack;
  for (int root = 0; root < n; ++root) {
    if (colour[static_cast<std::size_t>(root)] != 0 || succ_[static_cast<std::size_t>(root)] == 0) {
      continue;
    }
    colour[static_cast<std::size_t>(root)] = 1;
    stack.push_back({root, succ_[static_cast<std::size_t>(root)],
                     topo_->channelTarget(root / vcs_)});
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.pending == 0) {
        colour[static_cast<std::size_t>(f.vertex)] = 2;
        stack.pop_back();
        continue;
      }
      const int bit = std::countr_zero(f.pending);
      f.pending &= f.pending - 1;
      const ChannelId next = topo_->channelFrom(f.at, static_cast<Direction>(bit / vcs_));
      const int v = next * vcs_ + bit % vcs_;
      const std::uint8_t c = colour[static_cast<std::size_t>(v)];
      if (c == 2) continue;
      if (c == 1) {  // back edge: the cycle is the stack from v to the top
        std::vector<ChannelVc> cycle;
        std::size_t i = stack.size();
        while (stack[i - 1].vertex != v) --i;
        for (; i <= stack.size(); ++i) cycle.push_back(channelVcOf(stack[i - 1].vertex));
        return cycle;
      }
      colour[static_cast<std::size_t>(v)] = 1;
      stack.push_back({v, succ_[static_cast<std::size_t>(v)], topo_->channelTarget(next)});
    }
  }
  return {};
}

std::string describeChannelVc(const Topology& topo, ChannelId channel, int vc, int classes,
                              int vcsPerClass) {
  std::string s = formatCoord(topo.coordOf(topo.channelSource(channel)), topo.dims());
  s += directionName(topo.channelDirection(channel));
  if (vc >= classes * vcsPerClass) return s + " adaptive";
  const int cls = vc / vcsPerClass;
  s += cls == 1 && classes == 2 ? " resp vc" : cls > 0 ? " class" + std::to_string(cls) + " vc" : " vc";
  return s + std::to_string(vc % vcsPerClass);
}

std::string ChannelDependencyGraph::describe(ChannelVc v) const {
  return describeChannelVc(*topo_, v.channel, v.vc, classes_, vcsPerClass_);
}

std::string ChannelDependencyGraph::describeCycle(const std::vector<ChannelVc>& cycle) const {
  std::string s;
  for (const ChannelVc& v : cycle) {
    s += describe(v);
    s += " -> ";
  }
  if (!cycle.empty()) s += describe(cycle.front());
  return s;
}

}  // namespace flit

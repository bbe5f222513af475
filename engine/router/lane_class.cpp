#include "router/lane_class.h"

#include <algorithm>

namespace flit {

std::string_view laneClassName(LaneClass c) {
  switch (c) {
    case LaneClass::RequestVc0: return "request VC0";
    case LaneClass::RequestVc1: return "request VC1";
    case LaneClass::ResponseVc0: return "response VC0";
    case LaneClass::ResponseVc1: return "response VC1";
    case LaneClass::Adaptive: return "adaptive";
  }
  return "?";
}

std::vector<LaneClass> laneClassesOf(const RouterConfig& r) {
  std::vector<LaneClass> out(static_cast<std::size_t>(std::max(r.vcCount, 0)), LaneClass::RequestVc0);
  const int perClass = std::max(r.vcsPerClass(), 1);
  for (int vc = 0; vc < r.vcCount; ++vc) {
    if (vc >= r.deterministicVcs()) {
      out[static_cast<std::size_t>(vc)] = LaneClass::Adaptive;
      continue;
    }
    const int cls = std::min(vc / perClass, 1);                                    // 0 request, 1 response
    const int level = perClass >= 2 ? std::min((vc % perClass) / (perClass / 2), 1) : 0;  // dateline VC0 / VC1
    out[static_cast<std::size_t>(vc)] = static_cast<LaneClass>(cls * 2 + level);
  }
  return out;
}

std::array<double, kLaneClassCount> laneOccupancy(const RouterConfig& r, const std::vector<double>& meanFlitsPerVc) {
  const std::vector<LaneClass> classes = laneClassesOf(r);
  std::array<double, kLaneClassCount> used{}, capacity{};
  const std::size_t vcs = classes.size();
  if (vcs == 0) return used;
  for (std::size_t i = 0; i < meanFlitsPerVc.size(); ++i) {
    const std::size_t vc = i % vcs;
    const auto c = static_cast<std::size_t>(classes[vc]);
    used[c] += meanFlitsPerVc[i];
    capacity[c] += r.depthOf(static_cast<int>(vc));
  }
  for (std::size_t c = 0; c < used.size(); ++c) used[c] = capacity[c] > 0 ? used[c] / capacity[c] : 0.0;
  return used;
}

}  // namespace flit

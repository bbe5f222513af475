#include "scene_layout.h"

#include <algorithm>

QVector3D SceneLayout::dimensionAxis(int dim) const {
  QVector3D v;
  v[sceneAxis(dim)] = 1.0f;
  return v;
}

QVector3D SceneLayout::portDirection(int port) const {
  if (port < 0 || static_cast<std::size_t>(port) >= portDirections_.size()) return QVector3D(1, 1, 1).normalized();
  return portDirections_[static_cast<std::size_t>(port)];
}

std::vector<SceneSegment> SceneLayout::drawnPieces(flit::LinkId l, bool up) const {
  const auto& pieces = linkPieces(l);
  if (up) return pieces;
  std::vector<SceneSegment> out;
  out.reserve(pieces.size() * 2);
  for (const SceneSegment& s : pieces) {
    const QVector3D mid = (s.a + s.b) * 0.5f;
    const QVector3D halfGap = (s.b - s.a) * (kGapFraction * 0.5f);
    out.push_back({s.a, mid - halfGap});
    out.push_back({mid + halfGap, s.b});
  }
  return out;
}

QVector3D SceneLayout::linkAnchor(flit::LinkId l) const {
  const SceneSegment& s = linkPieces(l).front();
  return (s.a + s.b) * 0.5f;
}

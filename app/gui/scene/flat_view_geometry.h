// What the 2D views beside the 3D one share (the torus slice,
// torus/slice_view.h; the fat-tree map, fat_tree/fat_tree_map_view.h):
// their background, the distance used to hit a drawn link, and the hover.
#pragma once

#include <QPointF>
#include <QRgb>

#include <algorithm>
#include <cmath>

namespace flat_view {

inline constexpr QRgb kBackground = 0xff1b1f27;

// Distance from p to the segment a-b, in the points' units.
inline double distanceToSegment(const QPointF& p, const QPointF& a, const QPointF& b) {
  const QPointF ab = b - a;
  const double len2 = QPointF::dotProduct(ab, ab);
  const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0.0;
  const QPointF d = p - (a + ab * t);
  return std::hypot(d.x(), d.y());
}

// Sets a view's hovered node and link (-1: none); true when either changed
// (the view then repaints and says so).
inline bool setHover(int& node, int& link, int newNode, int newLink) {
  if (node == newNode && link == newLink) return false;
  node = newNode;
  link = newLink;
  return true;
}

}  // namespace flat_view

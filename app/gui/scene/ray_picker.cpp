#include "ray_picker.h"

#include <cmath>
#include <limits>

namespace ray_picker {

float intersectSphere(const QVector3D& origin, const QVector3D& dir, const QVector3D& center,
                      float radius) {
  const QVector3D oc = origin - center;
  const float b = QVector3D::dotProduct(oc, dir);
  const float c = QVector3D::dotProduct(oc, oc) - radius * radius;
  const float disc = b * b - c;
  if (disc < 0.0f) return -1.0f;
  const float s = std::sqrt(disc);
  const float t0 = -b - s;
  if (t0 >= 0.0f) return t0;
  const float t1 = -b + s;
  return t1 >= 0.0f ? 0.0f : -1.0f;  // origin inside: hit at once
}

// Ray/capsule after Inigo Quilez's closed form: cylinder body first, then the
// end spheres.
float intersectCapsule(const QVector3D& origin, const QVector3D& dir, const QVector3D& a,
                       const QVector3D& b, float radius) {
  const QVector3D ba = b - a;
  const QVector3D oa = origin - a;
  const float baba = QVector3D::dotProduct(ba, ba);
  const float bard = QVector3D::dotProduct(ba, dir);
  const float baoa = QVector3D::dotProduct(ba, oa);
  const float rdoa = QVector3D::dotProduct(dir, oa);
  const float oaoa = QVector3D::dotProduct(oa, oa);
  const float qa = baba - bard * bard;
  const float qb = baba * rdoa - baoa * bard;
  const float qc = baba * oaoa - baoa * baoa - radius * radius * baba;
  const float h = qb * qb - qa * qc;
  if (h < 0.0f) return -1.0f;
  if (qa > 1e-12f) {
    const float t = (-qb - std::sqrt(h)) / qa;
    const float y = baoa + t * bard;
    if (y > 0.0f && y < baba && t >= 0.0f) return t;
  }
  const float ta = intersectSphere(origin, dir, a, radius);
  const float tb = intersectSphere(origin, dir, b, radius);
  if (ta < 0.0f) return tb;
  if (tb < 0.0f) return ta;
  return std::min(ta, tb);
}

PickHit pick(const SceneLayout& layout, const QVector3D& origin, const QVector3D& through) {
  PickHit best;
  QVector3D dir = through - origin;
  if (dir.lengthSquared() <= 0.0f) return best;
  dir.normalize();
  float bestT = std::numeric_limits<float>::max();
  for (int n = 0; n < layout.nodeCount(); ++n) {
    const float radius = layout.nodeRadius(n);
    if (radius <= 0.0f) continue;  // inside a collapsed fat-tree block: its sphere is picked
    const float t = intersectSphere(origin, dir, layout.nodePosition(n), radius);
    if (t >= 0.0f && t < bestT) {
      bestT = t;
      best = {PickHit::Kind::Node, n, t};
    }
  }
  for (int l = 0; l < layout.linkCount(); ++l) {
    for (const SceneSegment& s : layout.linkPieces(l)) {
      const float t = intersectCapsule(origin, dir, s.a, s.b, SceneLayout::kPickLinkRadius);
      if (t >= 0.0f && t < bestT) {
        bestT = t;
        best = {PickHit::Kind::Link, l, t};
      }
    }
  }
  return best;
}

int pickSphere(const QVector3D* centers, std::size_t count, float radius, const QVector3D& origin,
               const QVector3D& through) {
  QVector3D dir = through - origin;
  if (dir.lengthSquared() <= 0.0f) return -1;
  dir.normalize();
  float bestT = std::numeric_limits<float>::max();
  int best = -1;
  for (std::size_t i = 0; i < count; ++i) {
    const float t = intersectSphere(origin, dir, centers[i], radius);
    if (t >= 0.0f && t < bestT) {
      bestT = t;
      best = static_cast<int>(i);
    }
  }
  return best;
}

}  // namespace ray_picker

// RayPicker: the app's own ray test (Qt 6.4 cannot pick instanced models,
// DESIGN.md). QML builds the ray from View3D.mapTo3DScene at depth 0 and 1;
// the picker intersects every node sphere and link capsule (both stubs of a
// wrap link) of a SceneLayout and returns the nearest hit. Brute force: at
// 8x32x8 (2048 spheres, 6720 capsules) one pick takes about 0.05 ms.
#pragma once

#include "scene_layout.h"

struct PickHit {
  enum class Kind { None, Node, Link };
  Kind kind = Kind::None;
  int id = -1;             // NodeId or LinkId
  float distance = 0.0f;   // along the ray from its origin, scene units
  friend bool operator==(const PickHit&, const PickHit&) = default;
};

namespace ray_picker {

// Distance along the (normalised) ray to the first intersection with a sphere,
// or a negative value when it misses or the sphere is behind the origin.
float intersectSphere(const QVector3D& origin, const QVector3D& dir, const QVector3D& center,
                      float radius);
// Same for a capsule (segment a-b swept by a sphere of the radius).
float intersectCapsule(const QVector3D& origin, const QVector3D& dir, const QVector3D& a,
                       const QVector3D& b, float radius);

// Nearest node or link along the ray from `origin` through `through`.
PickHit pick(const SceneLayout& layout, const QVector3D& origin, const QVector3D& through);

// Flits (issue 5, follow mode): index of the nearest of `centers` (spheres of
// `radius`) hit by the ray from `origin` through `through`, or -1. The
// caller's array is the flits as they are shown (PacketScene).
int pickSphere(const QVector3D* centers, std::size_t count, float radius, const QVector3D& origin,
               const QVector3D& through);

}  // namespace ray_picker

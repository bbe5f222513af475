// Helpers that write QQuick3DInstancing::InstanceTableEntry rows directly
// (DESIGN.md: ~100x faster than calculateTableEntry per instance) for the
// per-frame and overlay tables. Colours passed in are already linear.
#pragma once

#include <QByteArray>
#include <QQuick3DInstancing>
#include <QVector3D>
#include <QVector4D>

#include <cmath>

namespace instance_rows {

using Entry = QQuick3DInstancing::InstanceTableEntry;

inline void append(QByteArray& out, const Entry& e) {
  out.append(reinterpret_cast<const char*>(&e), sizeof(Entry));
}

inline int rowCount(const QByteArray& table) { return static_cast<int>(table.size() / qsizetype(sizeof(Entry))); }

// A uniformly scaled instance of a unit mesh centred at `center`.
inline Entry scaledRow(const QVector3D& center, float scale, const QVector4D& color) {
  Entry e;
  e.row0 = {scale, 0, 0, center.x()};
  e.row1 = {0, scale, 0, center.y()};
  e.row2 = {0, 0, scale, center.z()};
  e.color = color;
  e.instanceData = {};
  return e;
}

// The unit prism / box of LowPolyMesh with local Y along `axis` scaled by
// `length`, local X and Z by `radius`; right-handed basis (front faces stay front).
inline Entry orientedRow(const QVector3D& center, const QVector3D& axis, float length, float radius,
                         const QVector4D& color) {
  const QVector3D d = axis.normalized();
  const QVector3D helper = std::abs(d.x()) < 0.9f ? QVector3D(1, 0, 0) : QVector3D(0, 1, 0);
  const QVector3D p = QVector3D::crossProduct(d, helper).normalized();
  const QVector3D q = QVector3D::crossProduct(p, d);
  Entry e;
  e.row0 = {p.x() * radius, d.x() * length, q.x() * radius, center.x()};
  e.row1 = {p.y() * radius, d.y() * length, q.y() * radius, center.y()};
  e.row2 = {p.z() * radius, d.z() * length, q.z() * radius, center.z()};
  e.color = color;
  e.instanceData = {};
  return e;
}

inline Entry segmentRow(const QVector3D& a, const QVector3D& b, float radius, const QVector4D& color) {
  return orientedRow((a + b) * 0.5f, b - a, (b - a).length(), radius, color);
}

}  // namespace instance_rows

#include "low_poly_mesh.h"

#include <QVector3D>

#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

namespace {

constexpr int kSphereSlices = 10;
constexpr int kSphereStacks = 6;
constexpr int kCoarseSphereSlices = 7;
constexpr int kCoarseSphereStacks = 4;
constexpr int kSmallSphereSlices = 6;
constexpr int kSmallSphereStacks = 3;
constexpr int kPrismSides = 6;

struct Vertex {
  QVector3D position;
  QVector3D normal;
};

void addTriangle(std::vector<Vertex>& out, Vertex a, Vertex b, Vertex c) {
  out.push_back(a);
  out.push_back(b);
  out.push_back(c);
}

QVector3D spherePoint(int stack, int slice, int stacks, int slices) {
  const float theta = std::numbers::pi_v<float> * static_cast<float>(stack) / static_cast<float>(stacks);
  const float phi = 2.0f * std::numbers::pi_v<float> * static_cast<float>(slice) / static_cast<float>(slices);
  return {std::sin(theta) * std::cos(phi), std::cos(theta), -std::sin(theta) * std::sin(phi)};
}

std::vector<Vertex> buildSphere(int stacks, int slices) {
  std::vector<Vertex> v;
  auto at = [&](int st, int sl) { return spherePoint(st, sl, stacks, slices); };
  for (int st = 0; st < stacks; ++st) {
    for (int sl = 0; sl < slices; ++sl) {
      const QVector3D p00 = at(st, sl), p01 = at(st, sl + 1);
      const QVector3D p10 = at(st + 1, sl), p11 = at(st + 1, sl + 1);
      if (st != 0) addTriangle(v, {p00, p00}, {p10, p10}, {p01, p01});
      if (st != stacks - 1) addTriangle(v, {p01, p01}, {p10, p10}, {p11, p11});
    }
  }
  return v;
}

// A prism along Y (-0.5..0.5) with `sides` faces; flat-shaded sides when
// sides == 4 (a box), smooth otherwise. Links leave out the caps (their ends
// sit on node spheres; 12 triangles instead of 24 per link matter at 6144
// links on llvmpipe).
std::vector<Vertex> buildPrism(int sides, bool caps) {
  std::vector<Vertex> v;
  const float offset = sides == 4 ? std::numbers::pi_v<float> / 4.0f : 0.0f;
  auto ring = [&](int i) {
    const float a = offset + 2.0f * std::numbers::pi_v<float> * static_cast<float>(i) / static_cast<float>(sides);
    return QVector3D(std::cos(a), 0.0f, -std::sin(a));
  };
  const QVector3D up(0, 0.5f, 0);
  for (int i = 0; i < sides; ++i) {
    const QVector3D r0 = ring(i), r1 = ring(i + 1);
    QVector3D n0 = r0, n1 = r1;
    if (sides == 4) n0 = n1 = (r0 + r1).normalized();
    const Vertex b0{r0 - up, n0}, b1{r1 - up, n1}, t0{r0 + up, n0}, t1{r1 + up, n1};
    addTriangle(v, b0, b1, t1);
    addTriangle(v, b0, t1, t0);
    if (!caps) continue;
    const QVector3D ny(0, 1, 0);
    addTriangle(v, {up, ny}, {r0 + up, ny}, {r1 + up, ny});
    addTriangle(v, {-up, -ny}, {r1 - up, -ny}, {r0 - up, -ny});
  }
  return v;
}

}  // namespace

LowPolyMesh::LowPolyMesh(QQuick3DObject* parent) : QQuick3DGeometry(parent) { rebuild(); }

void LowPolyMesh::setShape(Shape shape) {
  if (shape == shape_) return;
  shape_ = shape;
  rebuild();
  emit shapeChanged();
}

int LowPolyMesh::triangleCount(Shape shape) {
  switch (shape) {
    case Shape::Sphere: return (kSphereStacks - 1) * kSphereSlices * 2;
    case Shape::CoarseSphere: return (kCoarseSphereStacks - 1) * kCoarseSphereSlices * 2;
    case Shape::Prism: return kPrismSides * 2;
    case Shape::Box: return 4 * 4;
    case Shape::SmallSphere: return (kSmallSphereStacks - 1) * kSmallSphereSlices * 2;
    case Shape::Octahedron: return 8;
    case Shape::Line: return 0;
  }
  return 0;
}

void LowPolyMesh::rebuild() {
  std::vector<Vertex> vertices;
  switch (shape_) {
    case Shape::Sphere: vertices = buildSphere(kSphereStacks, kSphereSlices); break;
    case Shape::CoarseSphere: vertices = buildSphere(kCoarseSphereStacks, kCoarseSphereSlices); break;
    case Shape::Prism: vertices = buildPrism(kPrismSides, false); break;
    case Shape::Box: vertices = buildPrism(4, true); break;
    case Shape::SmallSphere: vertices = buildSphere(kSmallSphereStacks, kSmallSphereSlices); break;
    case Shape::Octahedron: vertices = buildSphere(2, 4); break;
    case Shape::Line: vertices = {{QVector3D(0, -0.5f, 0), QVector3D(1, 0, 0)}, {QVector3D(0, 0.5f, 0), QVector3D(1, 0, 0)}}; break;
  }
  // Indexed: each distinct vertex once (llvmpipe shades a vertex once per
  // draw call's vertex cache hit instead of once per triangle corner).
  std::vector<Vertex> unique;
  std::vector<std::uint16_t> indices;
  indices.reserve(vertices.size());
  for (const Vertex& v : vertices) {
    std::size_t i = 0;
    while (i < unique.size() && !(unique[i].position == v.position && unique[i].normal == v.normal)) ++i;
    if (i == unique.size()) unique.push_back(v);
    indices.push_back(static_cast<std::uint16_t>(i));
  }
  clear();
  setVertexData(QByteArray(reinterpret_cast<const char*>(unique.data()),
                           static_cast<qsizetype>(unique.size() * sizeof(Vertex))));
  setIndexData(QByteArray(reinterpret_cast<const char*>(indices.data()),
                          static_cast<qsizetype>(indices.size() * sizeof(std::uint16_t))));
  setStride(sizeof(Vertex));
  setPrimitiveType(shape_ == Shape::Line ? PrimitiveType::Lines : PrimitiveType::Triangles);
  addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
  addAttribute(Attribute::NormalSemantic, sizeof(QVector3D), Attribute::F32Type);
  addAttribute(Attribute::IndexSemantic, 0, Attribute::U16Type);
  setBounds(QVector3D(-1, -1, -1), QVector3D(1, 1, 1));
  update();
}

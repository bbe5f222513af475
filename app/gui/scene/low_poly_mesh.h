// LowPolyMesh: tiny procedural meshes for the instanced node and link models.
// Qt's built-in #Sphere/#Cylinder have hundreds of triangles each; with 2048
// nodes and ~7000 link pieces that is too much for llvmpipe, so nodes use a
// 10x6 UV sphere (radius 1) and links an 8-sided prism (radius 1, along Y
// from -0.5 to 0.5). Positions and normals only.
#pragma once

#include <QQuick3DGeometry>
#include <QtQml/qqmlregistration.h>

class LowPolyMesh : public QQuick3DGeometry {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(Shape shape READ shape WRITE setShape NOTIFY shapeChanged)

 public:
  enum class Shape { Sphere, CoarseSphere, Prism, Box, SmallSphere, Octahedron, Line };
  Q_ENUM(Shape)

  explicit LowPolyMesh(QQuick3DObject* parent = nullptr);
  Shape shape() const { return shape_; }
  void setShape(Shape shape);

  // Triangle count of a shape, for the frame-rate report.
  static int triangleCount(Shape shape);

 signals:
  void shapeChanged();

 private:
  void rebuild();
  Shape shape_ = Shape::Sphere;
};

// The material of the instanced lattice (nodes, links, heat-map links): each
// instance's colour lit by one directional light fixed to the camera
// (shaders/lit_instances.*), or flat with `lit` false (links drawn as lines
// on big machines). One instance per Model (QTBUG-105318).
import QtQuick3D

CustomMaterial {
    property bool lit: true
    property real lighting: lit ? 1.0 : 0.0  // the shader's uniform
    shadingMode: CustomMaterial.Unshaded
    vertexShader: "shaders/lit_instances.vert"
    fragmentShader: "shaders/lit_instances.frag"
}

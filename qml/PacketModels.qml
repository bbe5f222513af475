// The packets in flight in the 3D view: one instanced Model per table of
// the PacketScene (heads, bodies, adaptive trails, dateline flashes, detour
// collars).
import QtQuick
import Flitscope
import QtQuick3D

Node {
    id: models
    required property PacketScene scene

    // Packets: one instanced Model (and material) per table, QTBUG-105318.
    // Every flit is an 8-triangle octahedron: a head a long diamond along
    // its way, a body or a trail spot a small diamond. On llvmpipe the
    // frame rate follows the pixels the flits cover: boxes instead of
    // diamonds took the T3E 8x8x8 from 28 down to 22 frames/s.
    Model {
        objectName: "packetHeads"
        visible: models.scene.flitCount > 0
        geometry: LowPolyMesh { shape: LowPolyMesh.Octahedron }
        instancing: PacketInstancing { scene: models.scene; part: PacketScene.Heads }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
    Model {
        objectName: "packetBodies"
        visible: models.scene.flitCount > 0
        geometry: LowPolyMesh { shape: LowPolyMesh.Octahedron }
        instancing: PacketInstancing { scene: models.scene; part: PacketScene.Bodies }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
    Model {
        objectName: "packetTrails"
        visible: models.scene.flitCount > 0
        geometry: LowPolyMesh { shape: LowPolyMesh.Octahedron }
        instancing: PacketInstancing { scene: models.scene; part: PacketScene.Trails }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
    Model {
        objectName: "packetFlashes"
        visible: models.scene.flashCount > 0
        geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
        instancing: PacketInstancing { scene: models.scene; part: PacketScene.Flashes }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
    Model {
        objectName: "packetDetours"
        visible: models.scene.detourCount > 0
        geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
        instancing: PacketInstancing { scene: models.scene; part: PacketScene.Detours }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
}

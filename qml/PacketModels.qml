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
    // A head is a long block (a 16-triangle box, along its way), a body and
    // a trail spot a small diamond (an 8-triangle octahedron): 10,000 flits
    // on llvmpipe (the T3E 8x32x8 went from 14 to 17 frames/s with diamonds).
    Model {
        objectName: "packetHeads"
        visible: models.scene.flitCount > 0
        geometry: LowPolyMesh { shape: LowPolyMesh.Box }
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

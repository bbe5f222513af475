// The barrier tree of the synchronization panel's BSU in the 3D view (issue
// 17): parent edges along the links (amber while a router holds arrivals),
// each tree router marked with its BSU state colour, and every BSU's
// barrier/eureka packets on the links in the barrier VC's colour
// (sync_tree_instancing.h).
import QtQuick
import Flitscope
import QtQuick3D

Node {
    id: overlay
    required property NetworkController controller
    required property SyncController sync
    readonly property int edgeCount: edges.edgeCount
    readonly property int packetCount: packets.rows

    Model {
        objectName: "syncTreeEdges"
        visible: edges.rows > 0
        geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
        instancing: SyncTreeInstancing { id: edges; controller: overlay.controller; sync: overlay.sync }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
    Model {
        objectName: "syncTreeNodes"
        visible: marks.rows > 0
        geometry: LowPolyMesh { shape: overlay.controller.nodeCount > 300 ? LowPolyMesh.CoarseSphere : LowPolyMesh.Sphere }
        instancing: SyncTreeInstancing { id: marks; nodes: true; controller: overlay.controller; sync: overlay.sync }
        materials: DefaultMaterial { diffuseColor: "white" }
    }
    Model {
        objectName: "syncPackets"
        visible: packets.rows > 0
        geometry: LowPolyMesh { shape: LowPolyMesh.Box }
        instancing: SyncTreeInstancing { id: packets; packets: true; controller: overlay.controller; sync: overlay.sync }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
}

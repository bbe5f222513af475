// What is drawn on top of the 3D network, never hidden behind a node, link
// or packet: a broken link's red X (issue 42, item 4), the detour panel's
// pair before and now, an unreachable pair's route, a deadlock's cycle, and
// the followed packet's path so far (solid) and the rest of its route
// (dashed). A scene of its own, which NetworkView draws with a second View3D
// over the first with the same camera, only while there is something in it.
import QtQuick
import QtQuick3D
import Flitscope

Node {
    id: overlay
    // The NetworkView (an Item: a typed property would make the two files
    // depend on each other) and its camera, whose clip planes this one keeps.
    required property Item host
    required property Camera mainCamera
    readonly property alias camera: followCamera
    readonly property alias deadlock: deadlockOverlay
    Node {
        position: host.target
        eulerRotation: Qt.vector3d(host.pitch, host.yaw, 0)
        PerspectiveCamera {
            id: followCamera
            z: host.distance
            fieldOfView: host.fieldOfView
            clipNear: overlay.mainCamera.clipNear
            clipFar: overlay.mainCamera.clipFar
        }
    }
    // A broken link's red X, on top of everything: never hidden behind a
    // node or another link (issue 42, item 4).
    Model {
        objectName: "breakMarkers"
        visible: host.controller.failedLinkCount > 0
        geometry: LowPolyMesh { shape: LowPolyMesh.Box }
        instancing: BreakMarkerInstancing { controller: host.controller }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
    // One changed pair of the detour panel: its path before (dashed
    // violet, ending at the break) and now (the detour's green).
    Model {
        objectName: "detourPairBefore"
        visible: host.detour && host.detourPair >= 0 && !pairBefore.empty
        geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
        instancing: PathOverlay {
            id: pairBefore
            controller: host.controller
            channels: host.detourPair >= 0 ? host.outcome.shownPairBefore : []
            color: HeatPalette.routeRoleColor(LinkHeatInstancing.RouteBefore)
            style: PathOverlay.Dashed
        }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
    Model {
        objectName: "detourPairNow"
        visible: host.detour && host.detourPair >= 0 && !pairNow.empty
        geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
        instancing: PathOverlay {
            id: pairNow
            controller: host.controller
            channels: host.detourPair >= 0 ? host.outcome.shownPairNow : []
            nodes: host.detourPair >= 0 ? host.outcome.shownPairEnds : []
            color: HeatPalette.routeRoleColor(LinkHeatInstancing.RouteNow)
        }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
    // One unreachable pair of the outcome panel: its route up to where a
    // failure blocks it, in the failed colour.
    Model {
        objectName: "unreachableRoute"
        visible: host.unreachablePair >= 0 && !unreachableOverlay.empty
        geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
        instancing: PathOverlay {
            id: unreachableOverlay
            controller: host.controller
            channels: host.unreachablePair >= 0 ? host.outcome.shownUnreachableRoute : []
            nodes: host.unreachablePair >= 0 ? host.outcome.shownUnreachableEnds : []
            color: NetworkPalette.failed
            style: PathOverlay.Dashed
        }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
    Model {
        objectName: "deadlockCycle"
        visible: host.deadlockShown
        geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
        instancing: DeadlockInstancing {
            id: deadlockOverlay
            controller: host.controller
            lab: host.deadlockLab
        }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
    Model {
        objectName: "followTravelled"
        visible: host.follow.following && !travelledOverlay.empty
        geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
        instancing: PathOverlay {
            id: travelledOverlay
            controller: host.controller
            channels: host.follow.travelledChannels
            nodes: host.follow.endNodes
            color: NetworkPalette.followPath
            thickness: host.pathThickness
        }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
    Model {
        objectName: "followRemaining"
        visible: host.follow.following && !remainingOverlay.empty
        geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
        instancing: PathOverlay {
            id: remainingOverlay
            controller: host.controller
            channels: host.follow.remainingChannels
            color: NetworkPalette.followPath
            style: PathOverlay.Dashed
            thickness: host.pathThickness
        }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
}

// The 3D view of the network: instanced nodes, links and break markers, an
// orbit camera, and mouse/keyboard handling. Picking goes through the C++
// ray test: the ray is View3D.mapTo3DScene at depth 0 and 1 (DESIGN.md).
import QtQuick
import Flitscope
import QtQuick.Controls
import QtQuick3D
import QtQuick.Shapes

Item {
    id: root
    // The labels and marks drawn over the scene stay inside the view: a node
    // off its left edge would otherwise write its label over the lesson
    // panel beside it (seen at 1280x720 in lesson 2).
    clip: true
    required property NetworkController controller
    // What the loaded family offers and how it names things (family_view.h).
    readonly property FamilyView family: controller.family
    // The running simulation (issue 5): packets, heat map; null without one.
    property SimulationController simulation: null
    // Links coloured by utilisation instead of by dimension (H, or the button).
    property bool heatMap: false
    // The detour (Shift+H, or the side panel): the routes the last route
    // rebuild changed, bright over a dimmed lattice (LinkHeatInstancing.routeChange);
    // The pair the side panel picked (RebuildOutcome.shownPair) has its paths
    // before and after drawn on top.
    property bool detour: false
    // The last route rebuild in words and its pairs (rebuild_outcome.h);
    // the pairs the side panel picked are drawn (shownPair, shownUnreachable).
    property RebuildOutcome outcome: null
    readonly property int detourPair: outcome !== null && detour ? outcome.shownPair : -1
    readonly property int unreachablePair: outcome !== null ? outcome.shownUnreachable : -1
    // What the view writes beside its nodes (ViewSettings.nodeLabels, Shift+L), remembered.
    property ViewSettings settings: null
    // Presenter mode (Main.qml): the overlays larger, a pointer, paths thicker,
    // Page Up / Page Down step the run (a clicker's Back and Next).
    property bool presenter: false
    readonly property real uiScale: presenter ? 1.5 : 1.0
    readonly property real pathThickness: presenter ? 1.4 : 0.75
    readonly property int nodeLabelMode: settings !== null && family.offers.nodeLabels ? settings.nodeLabels : 0
    // Packets coloured by their age under the XT age arbiter instead of by VC
    // (A, or the Age button); only while the arbiter is age.
    property bool ageColors: false
    // The packet legend and the fat-tree's counters over the view (L): in a
    // small view they cover much of the network.
    property bool legendShown: true
    readonly property bool ageColorsAvailable: simulation !== null && simulation.arbiter === "age"
    readonly property bool ageColorsShown: ageColors && ageColorsAvailable
    // The 2D view beside the 3D one (S, or the Slice / Map button; Main.qml docks
    // SlicePanel for a torus, FatTreeMapPanel for a fat-tree).
    property bool sliceOpen: false
    readonly property alias packets: packetScene
    // The special network (T3E section 8): its packets drawn in LinkLayers,
    // its counts in the message over the view, its sends in the node menu.
    property SpecialController special: null
    // The routing-tag editor's preview (issue 5): ChannelIds and NodeIds drawn
    // as a dashed ghost line (PathOverlay); empty lists: nothing.
    property var ghostChannels: []
    property var ghostNodes: []
    // The view's controllers, made by the composition root (gui_session.h):
    // follow mode (follow_controller.h); the synchronization panel's
    // controller (sync_controller.h), the barrier tree overlay (T, or View >
    // Barrier tree) and whether the panel is open: the frames carry the
    // barrier networks only while one of them looks.
    required property FollowController follow
    required property SyncController sync
    property bool syncTree: false
    property bool syncPanelOpen: false
    // The VC-balance section's controller (vc_balance_controller.h), its
    // overlay (V, or View > VC balance) and whether the section is open.
    required property VcBalanceController vcBalance
    // The fat-tree's circuit counters (circuit_status.h) for the HUD.
    required property CircuitStatus circuitStatus
    property bool vcBalanceOverlay: false
    property bool vcBalancePanelOpen: false
    // The deadlock lab's controller (deadlock_lab.h): once the watchdog
    // stopped the run, its cycle of waiting buffers is drawn over the dimmed
    // network, with the packets labelled (null: never).
    property DeadlockLab deadlockLab: null
    readonly property bool deadlockShown: deadlockLab !== null && deadlockLab.deadlocked && !followScene.deadlock.empty

    // Orbit camera: the pivot sits at `target`, the camera looks at it from
    // `distance` after turning by yaw (around Y) and pitch (around X).
    property real yaw: 35
    property real pitch: -28
    property real distance: 100
    property vector3d target: Qt.vector3d(0, 0, 0)
    readonly property real fieldOfView: 40
    readonly property alias view3d: view

    function fitDistance() {
        const half = fieldOfView * Math.PI / 360
        const aspect = Math.max(0.2, Math.min(1, view.width / Math.max(1, view.height)))
        return controller.sceneRadius / Math.sin(Math.atan(Math.tan(half) * aspect)) * 1.02
    }
    function fit() {
        target = Qt.vector3d(0, 0, 0)
        distance = fitDistance()
    }
    // The family's first angle (a 3D torus from above-right, a fat-tree more from above).
    function resetView() {
        yaw = family.initialYaw
        pitch = family.initialPitch
        fit()
    }
    // A camera as it was (a restored run, autosave.h): no fit to a width
    // that a panel opened with it may still change.
    function restoreCamera(yawDegrees, pitchDegrees, cameraDistance, cameraTarget) {
        if (!isFinite(yawDegrees) || !isFinite(pitchDegrees) || !(cameraDistance > 0)) return
        resizeFitTimer.stop()
        yaw = yawDegrees
        pitch = pitchDegrees
        distance = cameraDistance
        target = cameraTarget
    }
    function orbit(dYaw, dPitch) {
        yaw = yaw + dYaw
        pitch = Math.max(-89, Math.min(89, pitch + dPitch))
    }
    function zoom(factor) {
        distance = Math.max(6, Math.min(fitDistance() * 4, distance * factor))
    }
    function centerOn(point) { target = point }
    function centerOnHoveredNode() {
        if (controller.hoveredNode >= 0) centerOn(controller.nodePosition(controller.hoveredNode))
    }
    function toggleHoveredLink() {
        if (controller.hoveredLink >= 0) controller.toggleLink(controller.hoveredLink)
    }
    function rayFrom(x, y) {
        return [view.mapTo3DScene(Qt.vector3d(x, y, 0)), view.mapTo3DScene(Qt.vector3d(x, y, 1))]
    }
    // A scene point in this item's coordinates; the camera arguments are
    // not used, they make a binding on it follow the camera.
    function projected(p, yaw, pitch, distance, target, width, height) {
        return root.mapFromItem(null, root.screenPositionOf(p))
    }
    // Window coordinates of a scene point (for tests and overlays).
    function screenPositionOf(p) {
        if (!view.camera) return Qt.point(-10000, -10000)  // while the view is being made
        // Read so that a binding through here is evaluated again once the
        // camera has moved: when `distance` changes, a label's binding can run
        // before the camera's own and would keep the old place.
        void camera.sceneTransform
        const v = view.mapFrom3DScene(p)
        return view.mapToItem(null, v.x, v.y)
    }

    Component.onCompleted: resetView()
    // A panel beside the view opened or closed (the slice, the deadlock lab,
    // a lesson): fit the network to the view's new width once the layout has
    // given it (or at once if it did not change). A restored camera
    // (restoreCamera) stops it.
    function refitOnceLaidOut() { resizeFitTimer.restart() }
    onSliceOpenChanged: refitOnceLaidOut()
    onWidthChanged: if (resizeFitTimer.running) fit()
    Timer {
        id: resizeFitTimer
        interval: 300
        onTriggered: root.fit()
    }

    // The packets in flight, rebuilt from every frame (packet_scene.h).
    PacketScene {
        id: packetScene
        controller: root.controller
        simulation: root.simulation
        colorMode: root.ageColorsShown ? PacketScene.ColorByAge : PacketScene.ColorByVc
    }
    // Its keys (ViewKeys.qml).
    ViewKeys { host: root }
    Connections {
        target: root.controller
        function onScenarioChanged() { root.resetView() }
    }
    Binding { target: root.sync; property: "watched"; value: root.simulation !== null && (root.syncTree || root.syncPanelOpen) }
    Binding { target: root.vcBalance; property: "watched"; value: root.simulation !== null && (root.vcBalanceOverlay || root.vcBalancePanelOpen) }
    // Ctrl+B starts a barrier whether the synchronization panel is open or not:
    // the panel opens (showSynchronization) and the barrier starts once it knows the BSU.
    signal showSynchronization()

    Behavior on target { Vector3dAnimation { duration: 250; easing.type: Easing.OutCubic } }

    // What is under the mouse, for the status bar (ViewMouse.qml).
    readonly property alias hoverText: mouse.hoverText
    function packetAt(x, y) { return mouse.packetAt(x, y) }

    View3D {
        id: view
        anchors.fill: parent
        camera: camera
        // Underlay: the 3D scene is drawn straight into the window before
        // the 2D items (no offscreen texture and extra blit per frame; on
        // llvmpipe this is the difference between sluggish and fluid).
        renderMode: View3D.Underlay
        environment: SceneEnvironment {
            backgroundMode: SceneEnvironment.Color
            clearColor: "#1b1f27"
            antialiasingMode: SceneEnvironment.NoAA
        }

        Node {
            id: pivot
            position: root.target
            eulerRotation: Qt.vector3d(root.pitch, root.yaw, 0)
            PerspectiveCamera {
                id: camera
                z: root.distance
                fieldOfView: root.fieldOfView
                clipNear: Math.max(0.5, root.distance - root.controller.sceneRadius * 1.5)
                clipFar: root.distance + root.controller.sceneRadius * 2
                // A key light from above-left of the viewer plus soft ambient
                // light: every face the camera sees is lit, whatever the angle.
                DirectionalLight {
                    eulerRotation: Qt.vector3d(-30, -25, 0)
                    brightness: 1.0
                    ambientColor: Qt.rgba(0.38, 0.38, 0.42, 1)
                }
            }
        }

        Model {
            objectName: "nodes"
            // Fewer triangles per node where nodes are many and small on screen
            // (from 300 nodes: on llvmpipe the T3E 8x8x8 went from 28 to 32 frames/s;
            // a 24-triangle sphere from 1000 nodes, 8x32x8 17 -> 20 frames/s;
            // an octahedron of 8 triangles from 4096 nodes, a few pixels wide there).
            geometry: LowPolyMesh {
                shape: root.controller.drawnNodeCount > 4096 ? LowPolyMesh.Octahedron
                     : root.controller.drawnNodeCount > 1000 ? LowPolyMesh.SmallSphere
                     : root.controller.drawnNodeCount > 300 ? LowPolyMesh.CoarseSphere : LowPolyMesh.Sphere
            }
            instancing: NodeInstancing { controller: root.controller }
            materials: LitInstancesMaterial {}
        }
        // Hot spares (right-click a node; Simulator::setHotSpare): a green box
        // around each spare node. Few, so plain Models with their own
        // material (QTBUG-105318).
        Repeater3D {
            objectName: "hotSpareMarkers"
            model: root.simulation ? root.simulation.hotSpareIds : []
            Model {
                source: "#Cube"
                position: root.controller.nodePosition(modelData)
                scale: Qt.vector3d(0.055, 0.055, 0.055)  // #Cube is 100 units wide: 5.5 around a 4-unit node
                materials: DefaultMaterial { diffuseColor: "#3ddc84"; opacity: 0.5 }
            }
        }
        // The links and what is drawn along them (LinkLayers.qml).
        LinkLayers {
            id: linkLayers
            controller: root.controller
            simulation: root.simulation
            heatMap: root.heatMap
            detour: root.detour
            packetsPerLink: packetScene.perLink
            syncTree: root.syncTree
            sync: root.sync
            special: root.special
            vcBalanceOverlay: root.vcBalanceOverlay
            vcBalance: root.vcBalance
        }
        // The tag editor's preview path (ghost line).
        Model {
            objectName: "tagGhost"
            visible: !ghostOverlay.empty
            geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
            instancing: PathOverlay {
                id: ghostOverlay
                controller: root.controller
                channels: root.ghostChannels
                nodes: root.ghostNodes
                color: "#e040fb"
                style: PathOverlay.Dashed
                thickness: root.pathThickness
            }
            materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
        }
        PacketModels { scene: packetScene }
    }


    // What is drawn on top of the network (OverlayScene.qml), by followView below.
    OverlayScene {
        id: followScene
        host: root
        mainCamera: camera
    }
    // A deadlock: the network behind the cycle dimmed.
    Rectangle {
        objectName: "deadlockDim"
        anchors.fill: view
        visible: root.deadlockShown
        color: "#a01b1f27"
    }
    View3D {
        id: followView
        objectName: "followOverlayView"
        anchors.fill: view
        visible: root.follow.following || root.deadlockShown || root.controller.failedLinkCount > 0
                 || (root.detour && root.detourPair >= 0) || root.unreachablePair >= 0
        camera: followScene.camera
        importScene: followScene
        environment: SceneEnvironment {
            backgroundMode: SceneEnvironment.Transparent
            antialiasingMode: SceneEnvironment.NoAA
        }
    }

    // Node labels, the axis cross and the other labels over the scene (SceneLabels.qml).
    SceneLabels {
        id: sceneLabels
        host: root
        sceneCamera: camera
        legend: legends.packetLegend
        deadlock: followScene.deadlock
    }

    // The mouse on the view (ViewMouse.qml).
    ViewMouse {
        id: mouse
        host: root
        packets: packetScene
        anchors.fill: parent
        onSpareToggled: (node) => banners.showSpare(node)
    }
    // The node menu at the mouse (also for a right-click in the 2D slice).
    function openNodeMenu(node) { mouse.openNodeMenu(node) }
    // The same for one RN1 the fat-tree map named (the map draws every RN1):
    // the menu fails that one even when its unit tree is collapsed in 3D.
    function openRouterMenu(node) { mouse.openRouterMenu(node) }

    // Break mode (NetworkController.breakMode): a red frame round the view and
    // a banner say that clicks break links now.
    Rectangle {
        objectName: "breakModeFrame"
        anchors.fill: parent
        visible: root.controller.breakMode
        color: "transparent"
        border.color: "#e53935"
        border.width: 3
    }
    // Messages over the view, stacked above its buttons (ViewMessages.qml).
    ViewMessages {
        id: banners
        host: root
        anchors.left: parent.left
        anchors.bottom: viewButtons.top
        anchors.margins: 10
    }
    function showFileMessage(failed, text) { banners.showFileMessage(failed, text) }
    // Presenter mode opens with the legend folded to its title (its button
    // opens it); leaving it gives back the person's choice.
    property int legendFoldBefore: -1
    onPresenterChanged: {
        if (presenter) {
            banners.showPresenterHint()
            legendFoldBefore = legends.packetLegend.foldChoice
            legends.packetLegend.foldChoice = 1
        } else {
            legends.packetLegend.foldChoice = legendFoldBefore
        }
    }

    // Presenter mode: a soft ring round the mouse, so a room sees what is pointed at.
    Rectangle {
        objectName: "pointerHighlight"
        visible: root.presenter && mouse.containsMouse
        width: 56
        height: 56
        radius: 28
        x: mouse.mouseX - 28
        y: mouse.mouseY - 28
        color: "#33ffd54a"
        border.color: "#ccffd54a"
        border.width: 3
    }

    // On-screen camera buttons (ViewButtonsRow.qml).
    ViewButtonsRow {
        id: viewButtons
        objectName: "viewButtons"
        view: root
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.bottom: parent.bottom
        anchors.margins: 10
    }

    // The circuit counters, the packet legend and the axis hint (ViewLegends.qml).
    ViewLegends {
        id: legends
        host: root
        buttons: viewButtons
        messages: banners
        links: linkLayers
        packets: packetScene
        onLegendMoved: sceneLabels.declutterSoon()
    }
}

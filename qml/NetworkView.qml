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
    readonly property bool deadlockShown: deadlockLab !== null && deadlockLab.deadlocked && !deadlockOverlay.empty

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
    // Opening or closing the slice changes the view's width: fit the network
    // to the new width once the layout has given it (or at once if it did not change).
    onSliceOpenChanged: resizeFitTimer.restart()
    onWidthChanged: {
        if (resizeFitTimer.running) fit()
        declutterTimer.start()
    }
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
    Shortcut { sequences: KeyBindings.sequences("heatMap"); onActivated: root.heatMap = !root.heatMap }
    Shortcut { sequences: KeyBindings.sequences("detour"); onActivated: root.detour = !root.detour }
    Shortcut { sequences: KeyBindings.sequences("legend"); onActivated: root.legendShown = !root.legendShown }
    Shortcut {
        sequences: KeyBindings.sequences("nodeLabels")
        enabled: root.settings !== null && root.family.offers.nodeLabels
        onActivated: root.settings.cycleNodeLabels()
    }
    Shortcut { sequences: KeyBindings.sequences("ageColors"); enabled: root.ageColorsAvailable; onActivated: root.ageColors = !root.ageColors }
    // The 2D view: a torus plane (SlicePanel) or a fat-tree's map (FatTreeMapPanel).
    Shortcut { sequences: KeyBindings.sequences("slice"); onActivated: root.sliceOpen = !root.sliceOpen }
    Connections {
        target: root.controller
        function onScenarioChanged() { root.resetView() }
    }
    // Esc leaves what the view is in: following a packet first, then break mode.
    Shortcut {
        sequences: KeyBindings.sequences("stopFollowing")
        enabled: root.follow.following || root.controller.breakMode
        onActivated: root.follow.following ? root.follow.stop() : root.controller.breakMode = false
    }
    Shortcut { sequences: KeyBindings.sequences("breakMode"); onActivated: root.controller.breakMode = !root.controller.breakMode }
    Binding { target: root.sync; property: "watched"; value: root.simulation !== null && (root.syncTree || root.syncPanelOpen) }
    Shortcut { sequences: KeyBindings.sequences("syncTree"); onActivated: root.syncTree = !root.syncTree }
    // Ctrl+B starts a barrier whether the synchronization panel is open or not:
    // the panel opens (showSynchronization) and the barrier starts once it knows the BSU.
    signal showSynchronization()
    Shortcut {
        sequences: KeyBindings.sequences("syncBarrier")
        enabled: root.simulation !== null && root.family.offers.barriers
        onActivated: {
            root.showSynchronization()
            root.sync.barrierSoon()
        }
    }
    Binding { target: root.vcBalance; property: "watched"; value: root.simulation !== null && (root.vcBalanceOverlay || root.vcBalancePanelOpen) }
    Shortcut { sequences: KeyBindings.sequences("vcBalance"); onActivated: root.vcBalanceOverlay = !root.vcBalanceOverlay }

    Behavior on target { Vector3dAnimation { duration: 250; easing.type: Easing.OutCubic } }

    // When the camera moves under a resting mouse, what is under it changes.
    function refreshHover() {
        if (mouse.containsMouse && !mouse.pressed) hoverAt(mouse.mouseX, mouse.mouseY)
    }
    // The packet under the mouse (-1: none) and what the status bar says of
    // it. Outside break mode a packet is what a click takes (it follows it),
    // so hover names the packet, not the link it travels on.
    property int hoveredPacket: -1
    readonly property string packetHoverText: hoveredPacket >= 0 && packetScene.flitCount >= 0
                                              ? packetScene.describePacket(hoveredPacket) : ""
    // The status bar's line: what is under the mouse and what a click does.
    readonly property string hoverText: hoveredPacket >= 0
        ? packetHoverText + "  \u2014  " + qsTr("click follows it")
        : controller.hoverText.length > 0 ? controller.hoverText + "  \u2014  " + controller.hoverAction : ""
    // The packet a click at (x, y) of the view would take, or -1.
    function packetAt(x, y) {
        const ray = rayFrom(x, y)
        return simulation !== null ? packetScene.clickedPacket(ray[0], ray[1], false) : -1
    }
    function hoverAt(x, y) {
        const packet = controller.breakMode ? -1 : packetAt(x, y)
        hoveredPacket = packet
        if (packet >= 0) {
            controller.clearHover()
        } else {
            const ray = rayFrom(x, y)
            controller.hoverRay(ray[0], ray[1])
        }
    }
    // Packets move under a resting mouse.
    Connections {
        target: packetScene
        function onTablesChanged() { if (root.hoveredPacket >= 0 || mouse.containsMouse) root.refreshHover() }
    }
    onYawChanged: refreshHover()
    onPitchChanged: refreshHover()
    onDistanceChanged: refreshHover()
    onTargetChanged: refreshHover()

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


    // The followed packet's path so far (solid) and the rest of its route
    // (dashed), in a scene of its own drawn by a second View3D over the first
    // with the same camera: on top of the lattice, never hidden behind a node,
    // link or packet. Rendered only while following.
    Node {
        id: followScene
        Node {
            position: root.target
            eulerRotation: Qt.vector3d(root.pitch, root.yaw, 0)
            PerspectiveCamera {
                id: followCamera
                z: root.distance
                fieldOfView: root.fieldOfView
                clipNear: camera.clipNear
                clipFar: camera.clipFar
            }
        }
        // A broken link's red X, on top of everything: never hidden behind a
        // node or another link (issue 42, item 4).
        Model {
            objectName: "breakMarkers"
            visible: root.controller.failedLinkCount > 0
            geometry: LowPolyMesh { shape: LowPolyMesh.Box }
            instancing: BreakMarkerInstancing { controller: root.controller }
            materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
        }
        // One changed pair of the detour panel: its path before (dashed
        // violet, ending at the break) and now (the detour's green).
        Model {
            objectName: "detourPairBefore"
            visible: root.detour && root.detourPair >= 0 && !pairBefore.empty
            geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
            instancing: PathOverlay {
                id: pairBefore
                controller: root.controller
                channels: root.detourPair >= 0 ? root.outcome.shownPairBefore : []
                color: HeatPalette.routeRoleColor(LinkHeatInstancing.RouteBefore)
                style: PathOverlay.Dashed
            }
            materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
        }
        Model {
            objectName: "detourPairNow"
            visible: root.detour && root.detourPair >= 0 && !pairNow.empty
            geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
            instancing: PathOverlay {
                id: pairNow
                controller: root.controller
                channels: root.detourPair >= 0 ? root.outcome.shownPairNow : []
                nodes: root.detourPair >= 0 ? root.outcome.shownPairEnds : []
                color: HeatPalette.routeRoleColor(LinkHeatInstancing.RouteNow)
            }
            materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
        }
        // One unreachable pair of the outcome panel: its route up to where a
        // failure blocks it, in the failed colour.
        Model {
            objectName: "unreachableRoute"
            visible: root.unreachablePair >= 0 && !unreachableOverlay.empty
            geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
            instancing: PathOverlay {
                id: unreachableOverlay
                controller: root.controller
                channels: root.unreachablePair >= 0 ? root.outcome.shownUnreachableRoute : []
                nodes: root.unreachablePair >= 0 ? root.outcome.shownUnreachableEnds : []
                color: NetworkPalette.failed
                style: PathOverlay.Dashed
            }
            materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
        }
        Model {
            objectName: "deadlockCycle"
            visible: root.deadlockShown
            geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
            instancing: DeadlockInstancing {
                id: deadlockOverlay
                controller: root.controller
                lab: root.deadlockLab
            }
            materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
        }
        Model {
            objectName: "followTravelled"
            visible: root.follow.following && !travelledOverlay.empty
            geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
            instancing: PathOverlay {
                id: travelledOverlay
                controller: root.controller
                channels: root.follow.travelledChannels
                nodes: root.follow.endNodes
                color: NetworkPalette.followPath
                thickness: root.pathThickness
            }
            materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
        }
        Model {
            objectName: "followRemaining"
            visible: root.follow.following && !remainingOverlay.empty
            geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
            instancing: PathOverlay {
                id: remainingOverlay
                controller: root.controller
                channels: root.follow.remainingChannels
                color: NetworkPalette.followPath
                style: PathOverlay.Dashed
                thickness: root.pathThickness
            }
            materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
        }
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
        camera: followCamera
        importScene: followScene
        environment: SceneEnvironment {
            backgroundMode: SceneEnvironment.Transparent
            antialiasingMode: SceneEnvironment.NoAA
        }
    }

    // Orientation (issue 42, item 6): node labels (coordinates, logical or
    // physical PE numbers; every node of a small machine, the axis lines
    // through the origin of a big one), an axis cross beside node (0,0,0),
    // and the routing-tag editor's path with its source, destination and
    // hop numbers. Projected like the deadlock labels; above-right of their
    // point, so the middle of a node stays clickable and visible.
    // Pixels between two neighbouring nodes where the camera looks (the
    // camera's field of view is vertical). Labels that would overlap there
    // become a ruler: every k-th node on the axis lines through the origin.
    readonly property real nodePixelSpacing: controller.nodeSpacing() * view.height / 2
                                             / (distance * Math.tan(fieldOfView * Math.PI / 360))
    readonly property int labelStride: Math.max(1, Math.ceil(52 * uiScale / Math.max(1, nodePixelSpacing)))
    component SceneLabel: Label {
        property vector3d at
        readonly property point onScreen: root.projected(at, root.yaw, root.pitch, root.distance, root.target,
                                                         view.width, view.height)
        x: onScreen.x + 5
        y: onScreen.y - height - 3
        font.pixelSize: 11 * root.uiScale
        padding: 1
        color: "#e6e9ef"
        background: Rectangle { color: "#aa15181e"; radius: 2 }
    }
    Repeater {
        id: nodeLabelRepeater
        objectName: "nodeLabels"
        model: root.nodeLabelMode === 0 ? [] : root.labelStride === 1 ? root.controller.labelledNodes
                                                                      : root.controller.rulerNodes(root.labelStride)
        onItemAdded: declutterTimer.start()
        SceneLabel {
            required property int modelData
            objectName: "nodeLabel"
            // False while a nearer node's label covers this one's place (declutterLabels).
            property bool clear: true
            visible: clear
            onTextChanged: declutterTimer.start()
            at: root.controller.nodePosition(modelData)
            // hotSpareIds: a takeover moves a logical PE to the spare.
            text: root.controller.nodeLabel(modelData, root.nodeLabelMode,
                                            root.simulation !== null && root.simulation.hotSpareIds.length >= 0
                                            ? root.simulation.peHomeOf(modelData) : -1)
        }
    }
    // Labels never lie on each other or under the legend: nearest to the
    // camera first, a label shows only where it covers none shown already (a 3D lattice seen at an
    // angle puts nodes of different depths side by side on the screen). Run
    // at most every 60 ms while the camera moves, and once it has stopped.
    function declutterLabels() {
        const eye = camera.scenePosition
        const labels = []
        for (let i = 0; i < nodeLabelRepeater.count; ++i) {
            const l = nodeLabelRepeater.itemAt(i)
            if (l) labels.push({ label: l, depth: l.at.minus(eye).length() })
        }
        labels.sort((a, b) => a.depth - b.depth)
        // The legend is drawn over the view: a label under it waits too.
        const shown = packetLegend.visible ? [packetLegend.mapToItem(root, 0, 0, packetLegend.width, packetLegend.height)] : []
        for (const entry of labels) {
            const l = entry.label
            const free = shown.every(r => l.x >= r.x + r.width || r.x >= l.x + l.width
                                          || l.y >= r.y + r.height || r.y >= l.y + l.height)
            l.clear = free
            if (free) shown.push(Qt.rect(l.x, l.y, l.width, l.height))
        }
    }
    Timer { id: declutterTimer; interval: 60; onTriggered: root.declutterLabels() }
    Connections {
        target: camera
        function onSceneTransformChanged() { if (!declutterTimer.running) declutterTimer.start() }
    }
    onHeightChanged: declutterTimer.start()
    Item {
        id: axisCross
        objectName: "axisCross"
        anchors.fill: parent
        visible: root.family.offers.dimensionAxes && root.controller.dimensions > 0
        readonly property vector3d origin: root.controller.dimensions >= 0 ? root.controller.axisOrigin() : Qt.vector3d(0, 0, 0)
        readonly property point start: root.projected(origin, root.yaw, root.pitch, root.distance, root.target, view.width, view.height)
        Repeater {
            model: axisCross.visible ? root.controller.dimensions : 0
            Item {
                id: arm
                required property int index
                readonly property vector3d tip: axisCross.origin.plus(root.controller.dimensionAxis(index).times(6))
                readonly property point end: root.projected(tip, root.yaw, root.pitch, root.distance, root.target, view.width, view.height)
                readonly property color tint: [NetworkPalette.linkX, NetworkPalette.linkY, NetworkPalette.linkZ][index]
                Shape {
                    anchors.fill: parent
                    ShapePath {
                        strokeColor: arm.tint
                        strokeWidth: 3
                        fillColor: "transparent"
                        startX: axisCross.start.x; startY: axisCross.start.y
                        PathLine { x: arm.end.x; y: arm.end.y }
                    }
                }
                Label {
                    objectName: "axisLabel"
                    x: arm.end.x + (arm.end.x - axisCross.start.x) * 0.25 - width / 2
                    y: arm.end.y + (arm.end.y - axisCross.start.y) * 0.25 - height / 2
                    text: ["+X", "+Y", "+Z"][arm.index]
                    font.bold: true
                    font.pixelSize: 12
                    color: Qt.lighter(arm.tint, 1.4)
                }
            }
        }
    }
    // The barrier tree's root, named where it stands (issue 42, item 9).
    SceneLabel {
        objectName: "syncRootLabel"
        visible: root.syncTree && root.sync.root >= 0 && root.simulation !== null
        at: root.controller.nodePosition(root.sync.root)
        text: qsTr("barrier root")
        color: "#ffd700"
        font.bold: true
    }
    Repeater {
        objectName: "ghostPathLabels"
        model: root.ghostNodes.length === 2 ? root.ghostChannels.length : 0
        SceneLabel {
            required property int index
            at: root.controller.linkAnchor(Math.floor(root.ghostChannels[index] / 2))
            text: index + 1
            color: "#e040fb"
        }
    }
    Repeater {
        objectName: "ghostEndLabels"
        model: root.ghostNodes
        SceneLabel {
            required property int index
            required property int modelData
            at: root.controller.nodePosition(modelData)
            text: index === 0 ? qsTr("source") : qsTr("destination")
            color: "#e040fb"
            font.bold: true
        }
    }
    // The deadlocked packets, labelled beside their buffers (re-projected
    // when the camera moves).
    Repeater {
        objectName: "deadlockLabels"
        model: root.deadlockShown ? deadlockOverlay.labelTexts : []
        Label {
            required property int index
            required property string modelData
            readonly property point at: root.projected(deadlockOverlay.labelPositions[index], root.yaw, root.pitch,
                                                       root.distance, root.target, view.width, view.height)
            x: at.x - width / 2
            y: at.y - height
            text: modelData
            color: "#ffd54a"
            font.pixelSize: 12
            padding: 2
            background: Rectangle { color: "#cc15181e"; radius: 3 }
        }
    }

    MouseArea {
        id: mouse
        anchors.fill: parent
        hoverEnabled: true
        acceptedButtons: Qt.LeftButton
        property point pressPos
        property bool dragging: false
        property real pressYaw
        property real pressPitch

        onPressed: (event) => {
            pressPos = Qt.point(event.x, event.y)
            pressYaw = root.yaw
            pressPitch = root.pitch
            dragging = false
            root.forceActiveFocus()
        }
        onPositionChanged: (event) => {
            if (pressed) {
                const dx = event.x - pressPos.x
                const dy = event.y - pressPos.y
                if (!dragging && Math.abs(dx) + Math.abs(dy) > 4) {
                    dragging = true
                    root.controller.clearHover()
                }
                if (dragging) {
                    root.yaw = pressYaw - dx * 0.4
                    root.pitch = Math.max(-89, Math.min(89, pressPitch - dy * 0.4))
                }
                return
            }
            root.hoverAt(event.x, event.y)
        }
        onClicked: (event) => {
            if (dragging) return
            const ray = root.rayFrom(event.x, event.y)
            // A click on a packet follows it (its link is never toggled); a
            // click on the middle of a router selects the router even with
            // packets beside it; Shift+click follows the nearest packet
            // (PacketScene.clickedPacket). In break mode clicks go to links.
            const packet = root.simulation !== null && !root.controller.breakMode
                           ? packetScene.clickedPacket(ray[0], ray[1], (event.modifiers & Qt.ShiftModifier) !== 0) : -1
            if (packet >= 0) {
                root.follow.follow(packet)
                return
            }
            root.controller.clickRay(ray[0], ray[1])
            root.hoverAt(event.x, event.y)
        }
        cursorShape: root.controller.breakMode ? Qt.CrossCursor : Qt.ArrowCursor
        onDoubleClicked: (event) => {
            const ray = root.rayFrom(event.x, event.y)
            const node = root.controller.pickNode(ray[0], ray[1])
            if (node >= 0) root.centerOn(root.controller.nodePosition(node))
        }
        onExited: {
            root.hoveredPacket = -1
            root.controller.clearHover()
        }
        onWheel: (wheel) => root.zoom(wheel.angleDelta.y > 0 ? 1 / 1.15 : 1.15)
    }

    // Right-click a node: fail or repair it (undoable; the engine follows),
    // or inspect it. A pointer handler, so that it takes nothing (hover,
    // left button) from the MouseArea above.
    TapHandler {
        objectName: "nodeMenuTap"
        acceptedButtons: Qt.RightButton
        onTapped: {
            const ray = root.rayFrom(point.position.x, point.position.y)
            root.openNodeMenu(root.controller.pickNode(ray[0], ray[1]))
        }
    }
    // The node menu at the mouse (also for a right-click in the 2D slice).
    function openNodeMenu(node) { showNodeMenu(node, false) }
    // The same for one RN1 the fat-tree map named (the map draws every RN1):
    // the menu fails that one even when its unit tree is collapsed in 3D.
    function openRouterMenu(node) { showNodeMenu(node, true) }
    function showNodeMenu(node, oneRouter) {
        if (node < 0) return
        nodeMenuLoader.active = true
        nodeMenuLoader.item.node = node
        nodeMenuLoader.item.oneRouter = oneRouter
        nodeMenuLoader.item.popup()
    }
    // Created on the first right-click (nothing in the scene until then).
    Loader {
        id: nodeMenuLoader
        active: false
        sourceComponent: NodeMenu {
            controller: root.controller
            simulation: root.simulation
            follow: root.follow
            onSpareToggled: (node) => {
                spareStatus.node = node
                spareStatus.show()
            }
        }
    }

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
    // Messages over the view, stacked above its buttons (issue 42, item 8:
    // nothing covers the legend, the buttons or each other).
    Column {
        id: banners
        anchors.left: parent.left
        anchors.bottom: viewButtons.top
        anchors.margins: 10
        spacing: 6
        // What the last hot-spare action did, from the engine's frames, for a few seconds.
        ViewMessage {
            id: spareStatus
            objectName: "spareStatusLabel"
            property int node: -1
            readonly property bool isSpare: root.simulation !== null && root.simulation.hotSpareIds.indexOf(node) >= 0
            readonly property int home: root.simulation !== null && root.simulation.hotSpareIds.length >= 0
                                        ? root.simulation.peHomeOf(node) : -1
            active: node >= 0
            maxWidth: root.width - 20
            color: "#3ddc84"
            text: node < 0 ? ""
                  : !isSpare ? qsTr("%1 is not a hot spare.").arg(root.controller.describeNode(node))
                  : home >= 0 && home !== node
                    ? qsTr("%1 is a hot spare and holds the logical PE of failed node %2: traffic for that PE now goes to it.")
                      .arg(root.controller.describeNode(node)).arg(root.controller.describeNode(home))
                    : qsTr("%1 is a hot spare, standing by: it takes over the logical PE of the next node that fails.")
                      .arg(root.controller.describeNode(node))
        }
        ViewMessage {
            objectName: "breakModeBanner"
            active: root.controller.breakMode
            interval: 0
            maxWidth: root.width - 20
            color: "#ffffff"
            backgroundColor: "#cce53935"
            text: root.family.text.breakModeHint
        }
        // Presenter mode hides the side panel: a file's outcome (Ctrl+S, Ctrl+O
        // that failed) shows here for a few seconds instead.
        ViewMessage {
            id: fileMessage
            objectName: "presenterFileMessage"
            property bool failed: false
            active: root.presenter
            maxWidth: root.width - 20
            color: failed ? "#ff8a80" : "#a5d6a7"
        }
        // Presenter mode just turned on: how to leave it (the menu bar is away).
        ViewMessage {
            id: presenterHint
            objectName: "presenterHint"
            maxWidth: root.width - 20
            color: "#ffffff"
            text: qsTr("Presenter mode: F5 leaves it. Page Down steps 10 cycles on, Page Up 10 back; Space runs or pauses.")
        }
        // A link clicked outside break mode: say how to break it, for a few seconds.
        ViewMessage {
            id: linkClickHint
            objectName: "linkClickHint"
            active: !root.controller.breakMode
            interval: 4000
            maxWidth: root.width - 20
            color: "#ffd54a"
            text: qsTr("A click does not break links: press B over the link, or turn on Break links (X) and click it.")
        }
    }
    function showFileMessage(failed, text) {
        fileMessage.failed = failed
        fileMessage.text = text
        fileMessage.show()
    }
    Connections {
        target: root.controller
        function onLinkClickIgnored() { linkClickHint.show() }
        function onErrorStringChanged() {
            if (root.controller.errorString.length > 0)
                root.showFileMessage(true, qsTr("Could not open the scenario: %1").arg(root.controller.errorString))
        }
    }
    // Presenter mode opens with the legend folded to its title (its button
    // opens it); leaving it gives back the person's choice.
    property int legendFoldBefore: -1
    onPresenterChanged: {
        if (presenter) {
            presenterHint.show()
            legendFoldBefore = packetLegend.foldChoice
            packetLegend.foldChoice = 1
        } else {
            packetLegend.foldChoice = legendFoldBefore
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
        anchors.bottom: parent.bottom
        anchors.margins: 10
    }

    // A fat-tree's circuits: counters and what the marks mean (CircuitHud.qml).
    CircuitHud {
        id: circuitHud
        objectName: "circuitHud"
        visible: root.simulation !== null && root.family.offers.circuits && root.legendShown
        enabled: false
        scale: root.uiScale
        transformOrigin: Item.TopLeft
        status: root.circuitStatus
        anchors.left: parent.left
        anchors.top: parent.top
        anchors.margins: 10
    }
    PacketLegend {
        id: packetLegend
        objectName: "packetLegend"
        onHeightChanged: declutterTimer.start()
        onWidthChanged: declutterTimer.start()
        onVisibleChanged: declutterTimer.start()
        visible: root.simulation !== null && root.family.offers.packetLegend && root.legendShown
        // Only its fold button takes the mouse: the rest passes clicks and hover to the view.
        anchors.left: parent.left
        anchors.top: parent.top
        anchors.margins: 10
        // What the view leaves it above its buttons and messages: it folds when it does not fit.
        room: (root.height - viewButtons.height - banners.height - 40) / root.uiScale
        widthRoom: root.width * 0.5 / root.uiScale  // at most half the view's width
        scale: root.uiScale
        transformOrigin: Item.TopLeft
        heatMap: linkLayers.linkHeat.active && !linkLayers.linkHeat.packetsPerLink
        detour: linkLayers.linkHeat.routeChange
        detourSummary: root.outcome ? root.outcome.detourSummary : ""
        perLink: packetScene.perLink
        flitsInNetwork: packetScene.flitsInNetwork
        ageColors: root.ageColorsShown
        vcClasses: root.simulation !== null ? root.simulation.vcLegendClasses : []
        vcNames: root.simulation !== null ? root.simulation.vcLegendNames : []
        barrierVc: root.simulation !== null && root.simulation.charts.barrierNetworks
        maxUtilization: linkLayers.linkHeat.maxUtilization
        crossings: linkLayers.datelines.crossings
        violations: linkLayers.datelines.violations
        datelineMarkers: linkLayers.datelines.markerCount
    }

    // Axis hint: which way X, Y and Z run in the view (Y is up): only the
    // torus's own dimensions, and the wrap stubs only when a ring wraps.
    // Top right; in a view too narrow beside the legend, bottom right beside
    // the buttons; hidden where neither has room.
    Label {
        objectName: "axisHint"
        readonly property Item legend: packetLegend.visible ? packetLegend : circuitHud.visible ? circuitHud : null
        readonly property bool roomAtTop: legend === null || legend.x + legend.width + 16 <= x
        readonly property bool roomAtBottom: viewButtons.x + viewButtons.width + 8 <= x
        x: parent.width - width - 10
        y: roomAtTop ? 10 : parent.height - height - 14
        visible: roomAtTop || roomAtBottom
        color: "#9aa3b2"
        text: root.family.text.linkColours
    }
}

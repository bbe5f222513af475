// The labels over the 3D view (issue 42, item 6, "Orientation"): node
// labels (coordinates, logical or physical PE numbers; every node of a small
// machine, a ruler on the axis lines through the origin of a big one) kept
// apart from each other and from the legend, an axis cross beside node
// (0,0,0), the barrier tree's root, the routing-tag editor's path with its
// source, destination and hop numbers, and the deadlocked packets. Each is
// projected from its scene point with the view's camera (host.projected).
import QtQuick
import QtQuick.Controls
import QtQuick.Shapes
import QtQuick3D
import Flitscope

Item {
    id: labels
    // The NetworkView (an Item: a typed property would make the two files
    // depend on each other), its camera, its packet legend and its
    // deadlock overlay.
    required property Item host
    required property Camera sceneCamera
    required property Item legend
    required property var deadlock
    anchors.fill: parent
    // Labels wait until the camera, the view's size or the legend settle.
    function declutterSoon() { declutterTimer.start() }
    onHeightChanged: declutterTimer.start()
    onWidthChanged: declutterTimer.start()

    // Orientation (issue 42, item 6): node labels (coordinates, logical or
    // physical PE numbers; every node of a small machine, the axis lines
    // through the origin of a big one), an axis cross beside node (0,0,0),
    // and the routing-tag editor's path with its source, destination and
    // hop numbers. Projected like the deadlock labels; above-right of their
    // point, so the middle of a node stays clickable and visible.
    // Pixels between two neighbouring nodes where the camera looks (the
    // camera's field of view is vertical). Labels that would overlap there
    // become a ruler: every k-th node on the axis lines through the origin.
    readonly property real nodePixelSpacing: host.controller.nodeSpacing() * host.height / 2
                                             / (host.distance * Math.tan(host.fieldOfView * Math.PI / 360))
    readonly property int labelStride: Math.max(1, Math.ceil(52 * host.uiScale / Math.max(1, nodePixelSpacing)))
    component SceneLabel: Label {
        property vector3d at
        readonly property point onScreen: host.projected(at, host.yaw, host.pitch, host.distance, host.target,
                                                         host.width, host.height)
        x: onScreen.x + 5
        y: onScreen.y - height - 3
        font.pixelSize: 11 * host.uiScale
        padding: 1
        color: "#e6e9ef"
        background: Rectangle { color: "#aa15181e"; radius: 2 }
    }
    Repeater {
        id: nodeLabelRepeater
        objectName: "nodeLabels"
        model: host.nodeLabelMode === 0 ? [] : labels.labelStride === 1 ? host.controller.labelledNodes
                                                                      : host.controller.rulerNodes(labels.labelStride)
        onItemAdded: declutterTimer.start()
        SceneLabel {
            required property int modelData
            objectName: "nodeLabel"
            // False while a nearer node's label covers this one's place (declutterLabels).
            property bool clear: true
            visible: clear
            onTextChanged: declutterTimer.start()
            at: host.controller.nodePosition(modelData)
            // hotSpareIds: a takeover moves a logical PE to the spare.
            text: host.controller.nodeLabel(modelData, host.nodeLabelMode,
                                            host.simulation !== null && host.simulation.hotSpareIds.length >= 0
                                            ? host.simulation.peHomeOf(modelData) : -1)
        }
    }
    // Labels never lie on each other or under the legend: nearest to the
    // camera first, a label shows only where it covers none shown already (a 3D lattice seen at an
    // angle puts nodes of different depths side by side on the screen). Run
    // at most every 60 ms while the camera moves, and once it has stopped.
    function declutterLabels() {
        const eye = sceneCamera.scenePosition
        const labels = []
        for (let i = 0; i < nodeLabelRepeater.count; ++i) {
            const l = nodeLabelRepeater.itemAt(i)
            if (l) labels.push({ label: l, depth: l.at.minus(eye).length() })
        }
        labels.sort((a, b) => a.depth - b.depth)
        // The legend is drawn over the view: a label under it waits too.
        const shown = legend.visible ? [legend.mapToItem(host, 0, 0, legend.width, legend.height)] : []
        for (const entry of labels) {
            const l = entry.label
            const free = shown.every(r => l.x >= r.x + r.width || r.x >= l.x + l.width
                                          || l.y >= r.y + r.height || r.y >= l.y + l.height)
            l.clear = free
            if (free) shown.push(Qt.rect(l.x, l.y, l.width, l.height))
        }
    }
    Timer { id: declutterTimer; interval: 60; onTriggered: labels.declutterLabels() }
    Connections {
        target: labels.sceneCamera
        function onSceneTransformChanged() { if (!declutterTimer.running) declutterTimer.start() }
    }
    Item {
        id: axisCross
        objectName: "axisCross"
        anchors.fill: parent
        visible: host.family.offers.dimensionAxes && host.controller.dimensions > 0
        readonly property vector3d origin: host.controller.dimensions >= 0 ? host.controller.axisOrigin() : Qt.vector3d(0, 0, 0)
        readonly property point start: host.projected(origin, host.yaw, host.pitch, host.distance, host.target, host.width, host.height)
        Repeater {
            model: axisCross.visible ? host.controller.dimensions : 0
            Item {
                id: arm
                required property int index
                readonly property vector3d tip: axisCross.origin.plus(host.controller.dimensionAxis(index).times(6))
                readonly property point end: host.projected(tip, host.yaw, host.pitch, host.distance, host.target, host.width, host.height)
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
        visible: host.syncTree && host.sync.root >= 0 && host.simulation !== null
        at: host.controller.nodePosition(host.sync.root)
        text: qsTr("barrier root")
        color: "#ffd700"
        font.bold: true
    }
    Repeater {
        objectName: "ghostPathLabels"
        model: host.ghostNodes.length === 2 ? host.ghostChannels.length : 0
        SceneLabel {
            required property int index
            at: host.controller.linkAnchor(Math.floor(host.ghostChannels[index] / 2))
            text: index + 1
            color: "#e040fb"
        }
    }
    Repeater {
        objectName: "ghostEndLabels"
        model: host.ghostNodes
        SceneLabel {
            required property int index
            required property int modelData
            at: host.controller.nodePosition(modelData)
            text: index === 0 ? qsTr("source") : qsTr("destination")
            color: "#e040fb"
            font.bold: true
        }
    }
    // The deadlocked packets, labelled beside their buffers (re-projected
    // when the camera moves).
    Repeater {
        objectName: "deadlockLabels"
        model: host.deadlockShown ? deadlock.labelTexts : []
        Label {
            required property int index
            required property string modelData
            readonly property point at: host.projected(deadlock.labelPositions[index], host.yaw, host.pitch,
                                                       host.distance, host.target, host.width, host.height)
            x: at.x - width / 2
            y: at.y - height
            text: modelData
            color: "#ffd54a"
            font.pixelSize: 12
            padding: 2
            background: Rectangle { color: "#cc15181e"; radius: 3 }
        }
    }
}

// The mouse on the 3D view: a drag orbits the camera, the wheel zooms, a
// click follows a packet or goes to what is under it (a router, a link in
// break mode), a double click centres a node, and a right click opens the
// node menu (fail or repair, hot spare, inspect).
import QtQuick
import Flitscope

MouseArea {
    id: mouse
    // The NetworkView (an Item: a typed property would make the two files
    // depend on each other) and its packets (PacketScene: what a click takes).
    required property Item host
    required property var packets
    // A hot spare set or cleared from the node menu (the view says what it did).
    signal spareToggled(int node)
    hoverEnabled: true
    acceptedButtons: Qt.LeftButton
    property point pressPos
    property bool dragging: false
    property real pressYaw
    property real pressPitch

    onPressed: (event) => {
        pressPos = Qt.point(event.x, event.y)
        pressYaw = host.yaw
        pressPitch = host.pitch
        dragging = false
        host.forceActiveFocus()
    }
    onPositionChanged: (event) => {
        if (pressed) {
            const dx = event.x - pressPos.x
            const dy = event.y - pressPos.y
            if (!dragging && Math.abs(dx) + Math.abs(dy) > 4) {
                dragging = true
                host.controller.clearHover()
            }
            if (dragging) {
                host.yaw = pressYaw - dx * 0.4
                host.pitch = Math.max(-89, Math.min(89, pressPitch - dy * 0.4))
            }
            return
        }
        mouse.hoverAt(event.x, event.y)
    }
    onClicked: (event) => {
        if (dragging) return
        const ray = host.rayFrom(event.x, event.y)
        // A click on a packet follows it (its link is never toggled); a
        // click on the middle of a router selects the router even with
        // packets beside it; Shift+click follows the nearest packet
        // (PacketScene.clickedPacket). In break mode clicks go to links.
        const packet = host.simulation !== null && !host.controller.breakMode
                       ? mouse.packets.clickedPacket(ray[0], ray[1], (event.modifiers & Qt.ShiftModifier) !== 0) : -1
        if (packet >= 0) {
            host.follow.follow(packet)
            return
        }
        host.controller.clickRay(ray[0], ray[1])
        mouse.hoverAt(event.x, event.y)
    }
    cursorShape: host.controller.breakMode ? Qt.CrossCursor : Qt.ArrowCursor
    onDoubleClicked: (event) => {
        const ray = host.rayFrom(event.x, event.y)
        const node = host.controller.pickNode(ray[0], ray[1])
        if (node >= 0) host.centerOn(host.controller.nodePosition(node))
    }
    onExited: {
        mouse.hoveredPacket = -1
        host.controller.clearHover()
    }
    onWheel: (wheel) => host.zoom(wheel.angleDelta.y > 0 ? 1 / 1.15 : 1.15)

    // Right-click a node: fail or repair it (undoable; the engine follows),
    // or inspect it. A pointer handler, so that it takes nothing (hover,
    // left button) from the MouseArea above.
    TapHandler {
        objectName: "nodeMenuTap"
        acceptedButtons: Qt.RightButton
        onTapped: {
            const ray = host.rayFrom(point.position.x, point.position.y)
            host.openNodeMenu(host.controller.pickNode(ray[0], ray[1]))
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
            controller: host.controller
            simulation: host.simulation
            follow: host.follow
            special: host.special
            onSpareToggled: (node) => mouse.spareToggled(node)
        }
    }

    // When the camera moves under a resting mouse, what is under it changes.
    function refreshHover() {
        if (containsMouse && !pressed) hoverAt(mouseX, mouseY)
    }
    // The packet under the mouse (-1: none) and what the status bar says of
    // it. Outside break mode a packet is what a click takes (it follows it),
    // so hover names the packet, not the link it travels on.
    property int hoveredPacket: -1
    readonly property string packetHoverText: hoveredPacket >= 0 && packets.flitCount >= 0
                                              ? packets.describePacket(hoveredPacket) : ""
    // The status bar's line: what is under the mouse and what a click does.
    readonly property string hoverText: hoveredPacket >= 0
        ? packetHoverText + "  \u2014  " + qsTr("click follows it")
        : host.controller.hoverText.length > 0 ? host.controller.hoverText + "  \u2014  " + host.controller.hoverAction : ""
    // The packet a click at (x, y) of the view would take, or -1.
    function packetAt(x, y) {
        const ray = host.rayFrom(x, y)
        return host.simulation !== null ? packets.clickedPacket(ray[0], ray[1], false) : -1
    }
    function hoverAt(x, y) {
        const packet = host.controller.breakMode ? -1 : packetAt(x, y)
        hoveredPacket = packet
        if (packet >= 0) {
            host.controller.clearHover()
        } else {
            const ray = host.rayFrom(x, y)
            host.controller.hoverRay(ray[0], ray[1])
        }
    }
    // Packets move under a resting mouse.
    Connections {
        target: mouse.packets
        function onTablesChanged() { if (mouse.hoveredPacket >= 0 || mouse.containsMouse) mouse.refreshHover() }
    }
    // The camera moved (yaw, pitch, distance, target).
    readonly property var cameraPlace: [host.yaw, host.pitch, host.distance, host.target]
    onCameraPlaceChanged: refreshHover()
}

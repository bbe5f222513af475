// A fat-tree drawn flat beside the 3D view (issue 19; what the 2D slice is
// for a torus, same key S): endpoints along the bottom, each unit tree's RN1
// layers above, the circuits held now and the discards as they happen.
// Clicking a channel fails or repairs it (NetworkController.toggleLink, as a
// click in 3D), clicking a node selects it for the inspector, right-click
// opens the node menu of the 3D view. The wheel zooms, dragging pans.
import QtQuick
import Flitscope
import QtQuick.Controls
import QtQuick.Layouts

Rectangle {
    id: panel
    required property NetworkController controller
    property SimulationController simulation: null
    // The NetworkView, for its node menu (null: no menu).
    property var view: null
    property alias map: mapView
    color: "#1b1f27"
    border.color: "#3b4250"

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 6
        spacing: 4

        RowLayout {
            Layout.fillWidth: true
            spacing: 4
            Label { text: qsTr("Map"); font.bold: true }
            ToolButton {
                objectName: "mapZoomIn"
                text: "+"
                onClicked: mapView.zoomAt(Qt.point(mapView.width / 2, mapView.height / 2), 2)
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("Zoom in (or turn the mouse wheel over the map)")
            }
            ToolButton {
                objectName: "mapZoomOut"
                text: "\u2212"
                enabled: mapView.zoom > 1
                onClicked: mapView.zoomAt(Qt.point(mapView.width / 2, mapView.height / 2), 0.5)
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("Zoom out")
            }
            ToolButton {
                objectName: "mapFit"
                text: qsTr("Fit")
                enabled: mapView.zoom > 1
                onClicked: mapView.fit()
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("Show the whole network")
            }
            Label {
                text: qsTr("x%1").arg(mapView.zoom.toFixed(mapView.zoom < 10 ? 1 : 0))
                color: "#9aa3b2"
            }
            Item { Layout.fillWidth: true }
        }

        FatTreeMapView {
            id: mapView
            objectName: "fatTreeMap"
            Layout.fillWidth: true
            Layout.fillHeight: true
            controller: panel.controller
            simulation: panel.simulation

            MouseArea {
                id: mapMouse
                anchors.fill: parent
                hoverEnabled: true
                acceptedButtons: Qt.LeftButton | Qt.RightButton
                property point pressedAt
                property point last
                property bool dragged: false
                onPressed: (event) => { pressedAt = Qt.point(event.x, event.y); last = pressedAt; dragged = false }
                onPositionChanged: (event) => {
                    if (pressed) {
                        if (Math.abs(event.x - pressedAt.x) + Math.abs(event.y - pressedAt.y) > 4) dragged = true
                        if (dragged) mapView.panBy(event.x - last.x, event.y - last.y)
                        last = Qt.point(event.x, event.y)
                        return
                    }
                    mapView.hoverAt(Qt.point(event.x, event.y))
                }
                onExited: mapView.clearHover()
                onWheel: (wheel) => mapView.zoomAt(Qt.point(wheel.x, wheel.y), wheel.angleDelta.y > 0 ? 1.25 : 0.8)
                onClicked: (event) => {
                    if (dragged) return
                    const p = Qt.point(event.x, event.y)
                    const node = mapView.nodeAt(p)
                    if (event.button === Qt.RightButton) {
                        if (node >= 0 && panel.view !== null) panel.view.openRouterMenu(node)  // one RN1
                        return
                    }
                    const link = mapView.linkAt(p)
                    if (link >= 0) panel.controller.clickLink(link)
                    else if (node >= 0) panel.controller.clickNode(node)
                }
                cursorShape: panel.controller.breakMode ? Qt.CrossCursor : Qt.ArrowCursor
                ToolTip.visible: containsMouse && !pressed && (mapView.hoveredNode >= 0 || mapView.hoveredLink >= 0)
                ToolTip.delay: 300
                ToolTip.text: {
                    const link = mapView.hoveredLink
                    const node = link >= 0 ? -1 : mapView.hoveredNode
                    if (link < 0 && node < 0) return ""
                    panel.controller.breakMode  // what a click does follows the mode
                    return (link >= 0 ? panel.controller.describeLink(link) : panel.controller.describeNode(node))
                           + "\n" + panel.controller.clickAction(node, link)
                }
            }
        }

        Label {
            objectName: "mapCaption"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            color: "#9aa3b2"
            font.pixelSize: 11
            text: qsTr("%1 RN1s and endpoints, %2 channels (%3).")
                  .arg(mapView.nodeCount).arg(mapView.linkCount).arg(panel.controller.family.text.linkColours)
                  + (panel.simulation !== null
                     ? " " + qsTr("%1 channels held by circuits now (magenta); rings: transmissions discarded in the last cycles (white: outputs busy, red: a fault).")
                             .arg(mapView.heldLinkCount)
                     : "")
        }
    }
}

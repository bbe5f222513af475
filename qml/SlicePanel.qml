// The 2D slice beside the 3D view (issue 5): a plane chooser (XY / YZ / XZ),
// the plane's index along the third dimension, and the SliceView. Clicking a
// link breaks or repairs it (NetworkController.toggleLink, as a click in 3D),
// clicking a node selects it for the inspector, right-click opens the node
// menu of the 3D view (`view.openNodeMenu`).
import QtQuick
import Flitscope
import QtQuick.Controls
import QtQuick.Layouts

Rectangle {
    id: panel
    required property NetworkController controller
    property SimulationController simulation: null
    property bool heatMap: false
    // The NetworkView, for its node menu (null: no menu).
    property var view: null
    // The deadlock lab's controller: its deadlock drawn over the slice (null: none).
    property DeadlockLab deadlockLab: null
    property alias slice: sliceView
    color: "#1b1f27"
    border.color: "#3b4250"

    readonly property var planeNames: ["XY", "YZ", "XZ"]

    component PlaneButton: ToolButton {
        required property int plane
        text: panel.planeNames[plane]
        checkable: true
        checked: sliceView.plane === plane
        onClicked: sliceView.plane = plane
        ToolTip.visible: hovered
        ToolTip.delay: 500
        ToolTip.text: qsTr("Show the %1 plane (the third dimension is chosen on the right)").arg(text)
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 6
        spacing: 4

        RowLayout {
            Layout.fillWidth: true
            spacing: 4
            Label { text: qsTr("Slice") ; font.bold: true }
            PlaneButton { plane: SliceView.XY; objectName: "slicePlaneXY" }
            PlaneButton { plane: SliceView.YZ; objectName: "slicePlaneYZ" }
            PlaneButton { plane: SliceView.XZ; objectName: "slicePlaneXZ" }
            Label { text: qsTr("%1 =").arg(sliceView.fixedAxis) }
            NumberField {
                id: indexBox
                objectName: "sliceIndexBox"
                fieldName: qsTr("Slice %1").arg(sliceView.fixedAxis)
                from: 0
                to: Math.max(0, sliceView.depth - 1)
                value: sliceView.index
                Layout.preferredWidth: 90
                onValueModified: sliceView.index = value
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("Which %1 plane: its %2 coordinate, 0 to %3 (Page Up / Page Down)")
                              .arg(panel.planeNames[sliceView.plane]).arg(sliceView.fixedAxis).arg(sliceView.depth - 1)
            }
            Item { Layout.fillWidth: true }
        }

        SliceView {
            id: sliceView
            objectName: "sliceView"
            Layout.fillWidth: true
            Layout.fillHeight: true
            controller: panel.controller
            simulation: panel.simulation
            heatMap: panel.heatMap
            syncTree: panel.view !== null && panel.view.syncTree

            // The watchdog's cycle of waiting buffers over the plane.
            SliceDeadlockOverlay {
                objectName: "sliceDeadlock"
                anchors.fill: parent
                z: 1
                slice: sliceView
                lab: panel.deadlockLab
            }

            MouseArea {
                id: sliceMouse
                anchors.fill: parent
                hoverEnabled: true
                acceptedButtons: Qt.LeftButton | Qt.RightButton
                onPositionChanged: (event) => sliceView.hoverAt(Qt.point(event.x, event.y))
                onExited: sliceView.clearHover()
                onClicked: (event) => {
                    const p = Qt.point(event.x, event.y)
                    const node = sliceView.nodeAt(p)
                    if (event.button === Qt.RightButton) {
                        if (node >= 0 && panel.view !== null) panel.view.openNodeMenu(node)
                        return
                    }
                    const link = sliceView.linkAt(p)
                    if (link >= 0) panel.controller.clickLink(link)
                    else if (node >= 0) panel.controller.clickNode(node)
                }
                cursorShape: panel.controller.breakMode ? Qt.CrossCursor : Qt.ArrowCursor
                ToolTip.visible: containsMouse && (sliceView.hoveredNode >= 0 || sliceView.hoveredLink >= 0)
                ToolTip.delay: 300
                ToolTip.text: {
                    const link = sliceView.hoveredLink
                    const node = link >= 0 ? -1 : sliceView.hoveredNode
                    if (link < 0 && node < 0) return ""
                    panel.controller.breakMode  // what a click does follows the mode
                    return (link >= 0 ? panel.controller.describeLink(link) : panel.controller.describeNode(node))
                           + "\n" + panel.controller.clickAction(node, link)
                }
            }
        }

        Label {
            objectName: "sliceCaption"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            color: "#9aa3b2"
            font.pixelSize: 11
            text: qsTr("%1 plane %2 = %3: %4 x %5 nodes, %6 links (%7 wrap: violet stubs with chevrons, labelled with the ordinate they wrap to); grey bars: datelines.")
                  .arg(panel.planeNames[sliceView.plane]).arg(sliceView.fixedAxis).arg(sliceView.index)
                  .arg(sliceView.columns).arg(sliceView.rows).arg(sliceView.linkCount).arg(sliceView.wrapLinkCount)
                  + (panel.simulation !== null
                     ? " " + qsTr("%1 flits in the plane, %2 on links to the neighbouring planes (not drawn).")
                             .arg(sliceView.flitCount).arg(sliceView.betweenPlanes)
                     : "")
                  + (sliceView.datelinePlane ? " " + qsTr("This plane is the %1 dateline.").arg(sliceView.fixedAxis) : "")
        }
    }

    function nextPlane() { sliceView.index = sliceView.index + 1 }
    function previousPlane() { sliceView.index = sliceView.index - 1 }
    // Page Up / Page Down: Main.qml (in presenter mode they step the run).
}

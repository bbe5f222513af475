// Node inspector (issue 5): the clicked node's router while the simulation
// runs. Input VC buffers per port as bars, the SeaStar counters (XT paper
// Table 4) per port, and the router's routing-tag LUT (T3E manual Tables 6
// and 7). Everything comes from `inspector` (NodeInspector), which the
// engine fills for this node only.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

ColumnLayout {
    id: root
    required property NodeInspector inspector
    // The VC classes' names on this machine (SimulationController.vcLegend.classNames).
    property var classNames: VcPalette.names
    spacing: 6
    // A torus router's buffers, counters and LUT; a fat-tree's RN1 has
    // connections instead (CircuitPortsPanel.qml).
    readonly property bool torusData: root.inspector.hasData && !root.inspector.circuit


    Label {
        objectName: "inspectorTitle"
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        text: root.inspector.node < 0 ? qsTr("Click a node to inspect its router.")
                                      : root.inspector.nodeText
        color: root.inspector.node < 0 ? "#b8c0cc" : palette.windowText
    }
    Label {
        visible: root.inspector.node >= 0 && !root.inspector.hasData
        text: qsTr("Waiting for the simulation\u2026")
        color: "#b8c0cc"
    }

    // One table per view, a row per input port and a labelled column per
    // virtual channel. The rows come from inspector.portModel, which changes
    // them in place with every frame: one text per field, never a second
    // copy drawn over the first while the simulation runs.
    readonly property int vcCount: root.inspector.portModel.vcCount
    // From the width the side panel gives (not root.width: the rows' widths
    // would feed back into it and push the last column out of view).
    readonly property real tableWidth: parent ? parent.width : 316
    readonly property real portColumn: 62
    readonly property real vcColumn: Math.max(28, Math.floor((tableWidth - portColumn - stalledColumn - 4 * (vcCount + 1) - 2)
                                                              / Math.max(1, vcCount)))
    readonly property real stalledColumn: 50
    // Which counter the counter table shows (XT paper Table 4).
    property int counterKind: 0  // 0 packets, 1 flits, 2 blocked cycles
    // Counts as wide as a column holds: 12345, 123k, 12.3M.
    function compact(v) {
        return v < 100000 ? v.toFixed(0) : v < 1e7 ? (v / 1000).toFixed(0) + "k" : (v / 1e6).toFixed(1) + "M"
    }

    component HeaderRow: RowLayout {
        property string first
        property string last
        spacing: 4
        Label { text: parent.first; Layout.preferredWidth: root.portColumn; color: "#9aa3b2"; font.pixelSize: 11 }
        Repeater {
            model: root.vcCount
            delegate: Label {
                required property int index
                Layout.preferredWidth: root.vcColumn
                horizontalAlignment: Text.AlignHCenter
                text: qsTr("VC %1").arg(index)
                color: "#9aa3b2"
                font.pixelSize: 11
                ToolTip.visible: headerArea.containsMouse
                ToolTip.text: root.inspector.portModel.count > 0
                              ? root.classNames[root.inspector.portModel.vcClassOf(index)] ?? "" : ""
                MouseArea { id: headerArea; anchors.fill: parent; hoverEnabled: true }
            }
        }
        Label {
            visible: parent.last.length > 0
            text: parent.last
            Layout.preferredWidth: root.stalledColumn
            horizontalAlignment: Text.AlignRight
            color: "#9aa3b2"
            font.pixelSize: 11
        }
    }

    // Input buffers: a bar per VC, filled by the flits buffered, with the numbers on it.
    Label {
        visible: root.torusData
        text: qsTr("Input buffers at cycle %1 (flits / capacity)").arg(root.inspector.cycle.toFixed(0))
        font.bold: true
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
    }
    HeaderRow { objectName: "bufferHeader"; visible: root.torusData; first: qsTr("Port") }
    Repeater {
        objectName: "bufferRows"
        model: root.inspector.portModel
        delegate: RowLayout {
            id: portRow
            required property string name
            required property bool linkUp
            required property var buffered
            required property var capacity
            required property var vcClass
            visible: root.torusData
            spacing: 4
            Label {
                objectName: "bufferPortName"
                Layout.preferredWidth: root.portColumn
                text: portRow.name
                color: portRow.linkUp ? "#b8c0cc" : "#ff8a80"
                font.pixelSize: 12
            }
            Repeater {
                model: root.vcCount
                delegate: Rectangle {
                    id: bar
                    objectName: "occupancyBar"
                    required property int index
                    readonly property real used: portRow.buffered[index] ?? 0
                    readonly property real capacity: portRow.capacity[index] ?? 0
                    Layout.preferredWidth: root.vcColumn
                    Layout.preferredHeight: 16
                    color: "#1e232c"
                    border.color: "#5a6272"
                    Rectangle {
                        objectName: "occupancyFill"
                        anchors { left: parent.left; top: parent.top; bottom: parent.bottom; margins: 1 }
                        width: Math.max(bar.used > 0 ? 2 : 0, (parent.width - 2) * Math.min(1, bar.capacity > 0 ? bar.used / bar.capacity : 0))
                        // The VC class colour of the packets and charts (VcPalette); red when full.
                        color: bar.used >= bar.capacity && bar.capacity > 0 ? "#ff5252"
                                                        : VcPalette.colors[portRow.vcClass[bar.index] ?? 0]
                    }
                    Label {
                        anchors.centerIn: parent
                        text: bar.used.toFixed(0) + "/" + bar.capacity.toFixed(0)
                        font.pixelSize: 10
                        color: "#ffffff"
                        style: Text.Outline
                        styleColor: "#0b0d12"
                    }
                    ToolTip.visible: barArea.containsMouse
                    ToolTip.text: qsTr("%1, VC %2 (%3): %4 of %5 flits").arg(portRow.name).arg(index)
                                  .arg(root.classNames[portRow.vcClass[index] ?? 0]).arg(bar.used).arg(bar.capacity)
                    MouseArea { id: barArea; anchors.fill: parent; hoverEnabled: true }
                }
            }
        }
    }

    // Counters (XT paper Table 4) since the node was selected or reset: per VC.
    RowLayout {
        visible: root.torusData
        Layout.topMargin: 4
        Layout.fillWidth: true
        spacing: 2
        Label {
            text: qsTr("Counters per VC:")
            font.bold: true
            Layout.rightMargin: 4
            ToolTip.visible: counterHover.hovered
            ToolTip.text: qsTr("RTR_PERF_VCv_PKTS, _FLITS and _BLOCKED per virtual channel, RTR_PERF_STALLED per port (XT paper, Table 4), since the node was selected or the simulation reset")
            HoverHandler { id: counterHover }
        }
        Repeater {
            model: [qsTr("packets"), qsTr("flits"), qsTr("blocked")]
            delegate: ToolButton {
                required property string modelData
                required property int index
                objectName: "counterKind" + index
                text: modelData
                checkable: true
                checked: root.counterKind === index
                onClicked: root.counterKind = index
                font.pixelSize: 11
                padding: 3
            }
        }
    }
    HeaderRow {
        objectName: "counterHeader"
        visible: root.torusData
        first: qsTr("Port")
        last: qsTr("stalled")
    }
    Repeater {
        objectName: "counterRows"
        model: root.inspector.portModel
        delegate: RowLayout {
            id: counterRow
            required property string name
            required property bool linkUp
            required property var packets
            required property var flits
            required property var blocked
            required property real stalled
            readonly property var values: [packets, flits, blocked][root.counterKind]
            visible: root.torusData
            spacing: 4
            Label {
                objectName: "counterPortName"
                Layout.preferredWidth: root.portColumn
                text: counterRow.name
                color: counterRow.linkUp ? "#b8c0cc" : "#ff8a80"
                font.pixelSize: 12
            }
            Repeater {
                model: root.vcCount
                delegate: Label {
                    objectName: "counterCell"
                    required property int index
                    Layout.preferredWidth: root.vcColumn
                    horizontalAlignment: Text.AlignRight
                    font.family: "DejaVu Sans Mono"
                    font.pixelSize: 11
                    text: root.compact(counterRow.values[index] ?? 0)
                }
            }
            Label {
                Layout.preferredWidth: root.stalledColumn
                horizontalAlignment: Text.AlignRight
                font.family: "DejaVu Sans Mono"
                font.pixelSize: 11
                text: root.compact(counterRow.stalled)
            }
        }
    }

    // Node identification and hot spares (T3E paper section 9).
    Label {
        objectName: "peLabel"
        visible: root.torusData && text.length > 0
        text: root.inspector.peText
        color: root.inspector.hotSpare ? "#3ddc84" : palette.windowText
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        Layout.topMargin: 4
    }
    // The LUT.
    Label {
        visible: root.torusData
        text: root.inspector.lutMode < 0 ? qsTr("No routing-tag LUT: this machine routes in dimension order.")
                                         : qsTr("Routing-tag LUT (mode %1), per destination").arg(root.inspector.lutMode)
        font.bold: root.inspector.lutMode >= 0
        color: root.inspector.lutMode >= 0 ? palette.windowText : "#b8c0cc"
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        Layout.topMargin: 4
    }
    ListView {
        id: lutList
        objectName: "lutList"
        visible: root.torusData && count > 0
        Layout.fillWidth: true
        Layout.preferredHeight: Math.min(contentHeight, 180)
        clip: true
        model: root.inspector.lut
        ScrollBar.vertical: ScrollBar { policy: ScrollBar.AsNeeded }
        delegate: Label {
            required property string destinationText
            required property string tagHex
            required property string tagFields
            required property bool edited
            width: lutList.width
            font.family: "DejaVu Sans Mono"
            font.pixelSize: 11
            color: edited ? "#ffd54a" : palette.windowText
            text: destinationText + "  " + tagHex + (edited ? " *" : "")
            ToolTip.visible: lutArea.containsMouse
            ToolTip.text: tagFields + (edited ? "\n" + qsTr("* edited in the tag editor") : "")
            MouseArea { id: lutArea; anchors.fill: parent; hoverEnabled: true }
        }
    }
    CircuitPortsPanel {
        visible: root.inspector.hasData && root.inspector.circuit
        Layout.fillWidth: true
        inspector: root.inspector
    }
}

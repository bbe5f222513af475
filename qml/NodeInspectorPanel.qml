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
    spacing: 6

    function perVc(list) { return list.map(v => v.toFixed(0)).join(" / ") }
    function sum(list) { return list.reduce((a, b) => a + b, 0) }

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

    // Input buffers: one row per port, one bar per VC (filled part = flits buffered).
    Label {
        visible: root.inspector.hasData
        text: qsTr("Input buffers at cycle %1 (per VC, flits / capacity)").arg(root.inspector.cycle.toFixed(0))
        font.bold: true
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
    }
    Repeater {
        objectName: "bufferRows"
        model: root.inspector.hasData ? root.inspector.ports : []
        delegate: RowLayout {
            id: portRow
            required property var modelData
            Layout.fillWidth: true
            spacing: 4
            Label {
                Layout.preferredWidth: 64
                text: portRow.modelData.name
                color: portRow.modelData.linkUp ? "#b8c0cc" : "#ff8a80"
                font.pixelSize: 12
            }
            Repeater {
                model: portRow.modelData.buffered.length
                delegate: Rectangle {
                    id: bar
                    required property int index
                    readonly property real used: portRow.modelData.buffered[index]
                    readonly property real capacity: portRow.modelData.capacity[index]
                    Layout.fillWidth: true
                    Layout.preferredHeight: 12
                    color: "#1e232c"
                    border.color: "#3b4250"
                    Rectangle {
                        anchors { left: parent.left; top: parent.top; bottom: parent.bottom; margins: 1 }
                        width: Math.max(0, (parent.width - 2) * Math.min(1, bar.capacity > 0 ? bar.used / bar.capacity : 0))
                        // The VC class colour of the packets and charts (VcPalette); red when full.
                        color: bar.used >= bar.capacity ? "#ff8a80"
                                                        : VcPalette.colors[portRow.modelData.vcClass[bar.index]]
                    }
                    ToolTip.visible: barArea.containsMouse
                    ToolTip.text: qsTr("%1, VC %2 (%3): %4 of %5 flits").arg(portRow.modelData.name).arg(index)
                                  .arg(VcPalette.names[portRow.modelData.vcClass[index]]).arg(bar.used).arg(bar.capacity)
                    MouseArea { id: barArea; anchors.fill: parent; hoverEnabled: true }
                }
            }
        }
    }

    // Counters (XT paper Table 4): per VC, separated by slashes.
    Label {
        visible: root.inspector.hasData
        text: qsTr("Counters since selected or reset (per VC)")
        font.bold: true
        Layout.topMargin: 4
    }
    GridLayout {
        objectName: "counterGrid"
        visible: root.inspector.hasData
        Layout.fillWidth: true
        columns: 2
        columnSpacing: 8
        rowSpacing: 2
        Repeater {
            model: root.inspector.hasData ? root.inspector.ports : []
            delegate: Label {
                required property var modelData
                Layout.columnSpan: 2
                Layout.fillWidth: true
                wrapMode: Text.WordWrap
                font.pixelSize: 12
                textFormat: Text.PlainText
                text: qsTr("%1: packets %2, flits %3, blocked %4, stalled %5")
                      .arg(modelData.name).arg(root.perVc(modelData.packets)).arg(root.perVc(modelData.flits))
                      .arg(root.perVc(modelData.blocked)).arg(modelData.stalled.toFixed(0))
                ToolTip.visible: counterArea.containsMouse
                ToolTip.text: qsTr("RTR_PERF_VCv_PKTS, _FLITS and _BLOCKED per virtual channel, RTR_PERF_STALLED per port (XT paper, Table 4)")
                MouseArea { id: counterArea; anchors.fill: parent; hoverEnabled: true }
            }
        }
    }

    // Node identification and hot spares (T3E paper section 9).
    Label {
        objectName: "peLabel"
        visible: root.inspector.hasData && text.length > 0
        text: root.inspector.peText
        color: root.inspector.hotSpare ? "#3ddc84" : palette.windowText
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        Layout.topMargin: 4
    }
    // The LUT.
    Label {
        visible: root.inspector.hasData
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
        visible: root.inspector.hasData && count > 0
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
}

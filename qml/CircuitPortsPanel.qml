// A fat-tree RN1 in the node inspector (issue 19, "inspect a router's
// connections"; DeHon seed 004, section 2.1 and Figure 1): its crossbar
// mode, the connections through it now and its discards since inspected,
// then a row per port: inputs 0-7, outputs 0-7 (output o serves direction
// o / 2, copy o % 2), each with the node at the other end and the
// connection holding it (sender -> destination). For an endpoint: its down
// channels (in) and its two up channels (out). From NodeInspector, which the
// engine fills for the inspected node only.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

ColumnLayout {
    id: root
    required property NodeInspector inspector
    spacing: 2

    Label {
        objectName: "circuitSummary"
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        text: root.inspector.circuitSummary
        color: "#e6e9ef"
        font.pixelSize: 12
    }
    Label {
        text: qsTr("Ports at cycle %1").arg(root.inspector.cycle.toFixed(0))
        font.bold: true
        Layout.topMargin: 4
    }
    Repeater {
        objectName: "circuitPortRows"
        model: root.inspector.circuitPorts
        delegate: RowLayout {
            id: row
            required property var modelData
            Layout.fillWidth: true
            spacing: 6
            Label {
                Layout.preferredWidth: 92
                Layout.alignment: Qt.AlignTop
                font.pixelSize: 11
                font.family: "DejaVu Sans Mono"
                color: "#9aa3b2"
                text: row.modelData.side + " " + row.modelData.port + (row.modelData.direction.length > 0 ? " " + row.modelData.direction : "")
            }
            Rectangle {
                Layout.alignment: Qt.AlignTop
                Layout.topMargin: 3
                width: 10; height: 10; radius: 5
                color: row.modelData.failed ? NetworkPalette.failed : row.modelData.held ? VcPalette.colors[4] : "#3a4150"
            }
            Label {
                Layout.fillWidth: true
                font.pixelSize: 11
                wrapMode: Text.Wrap
                color: row.modelData.failed ? "#ff8a80" : row.modelData.held ? "#e6e9ef" : "#9aa3b2"
                text: row.modelData.failed ? qsTr("%1 [failed]").arg(row.modelData.peer)
                      : row.modelData.held ? qsTr("%1\nheld: %2").arg(row.modelData.peer).arg(row.modelData.holder)
                      : row.modelData.peer
            }
        }
    }
}

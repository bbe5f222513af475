// The followed packet, a section of the side panel (issue 5: "its routing
// tag decoded in the side panel"): which packet, its ends, where its head
// is, its VC class, its routing tag decoded (T3E manual Table 7) and how much
// route is left. The path overlays in the 3D view draw the route.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

ColumnLayout {
    id: panel
    required property FollowController follow
    // The VC classes' names on this machine (SimulationController.vcLegend.classNames).
    property var classNames: VcPalette.names
    spacing: 3

    component Field: RowLayout {
        property alias name: key.text
        property alias value: val.text
        property bool mono: false
        Layout.fillWidth: true
        spacing: 8
        Label { id: key; color: "#9aa3b2"; font.pixelSize: 12; Layout.preferredWidth: 90; Layout.alignment: Qt.AlignTop }
        Label {
            id: val
            color: "#e6e9ef"; font.pixelSize: 12
            font.family: parent.mono ? "DejaVu Sans Mono" : ""
            wrapMode: Text.WrapAnywhere
            Layout.fillWidth: true
        }
    }

    RowLayout {
        Layout.fillWidth: true
        Label {
            objectName: "followTitle"
            Layout.fillWidth: true
            font.bold: true; font.pixelSize: 13; color: "#ffd54a"
            text: panel.follow.circuit ? qsTr("Following the message of endpoint %1").arg(panel.follow.serial)
                                       : qsTr("Following packet %1").arg(panel.follow.serial)
        }
        ToolButton {
            objectName: "followNextButton"
            visible: panel.follow.circuit
            text: "↻"
            focusPolicy: Qt.NoFocus
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Follow the message this endpoint sends now, or its next one")
            onClicked: panel.follow.followAgain()
        }
        ToolButton {
            text: "\u2715"
            focusPolicy: Qt.NoFocus
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Stop following (Esc)")
            onClicked: panel.follow.stop()
        }
    }
    Field { name: qsTr("State"); value: panel.follow.stateText }
    Field { name: qsTr("Source"); value: panel.follow.sourceText; mono: true }
    Field { name: qsTr("Destination"); value: panel.follow.destinationText; mono: true }
    Field { name: qsTr("Head at"); value: panel.follow.currentText; mono: true; visible: panel.follow.currentText.length > 0 }
    RowLayout {
        visible: panel.follow.answered && !panel.follow.circuit
        spacing: 8
        Label { text: qsTr("VC class"); color: "#9aa3b2"; font.pixelSize: 12; Layout.preferredWidth: 90 }
        Rectangle { width: 14; height: 10; radius: 1; color: VcPalette.colors[panel.follow.vcClass] }
        Label { color: "#e6e9ef"; font.pixelSize: 12; text: panel.classNames[panel.follow.vcClass] ?? "" }
    }
    Field {
        objectName: "followTag"
        visible: panel.follow.tagHex.length > 0
        name: qsTr("Routing tag"); value: panel.follow.tagHex; mono: true
    }
    Field {
        visible: panel.follow.tagFields.length > 0
        name: qsTr("Table 7"); value: panel.follow.tagFields; mono: true
    }
    Field { name: qsTr("Route"); value: panel.follow.routeText; visible: panel.follow.routeText.length > 0 }
    // A fat-tree message: every attempt and what became of it (section 2.1).
    Label { text: qsTr("Attempts"); color: "#9aa3b2"; font.pixelSize: 12; visible: panel.follow.circuit }
    Repeater {
        objectName: "followAttempts"
        model: panel.follow.attemptLines
        Label {
            required property string modelData
            required property int index
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            color: panel.follow.attemptDiscarded[index] ? "#ffab91" : "#e6e9ef"
            font.pixelSize: 12
            text: modelData
        }
    }
    Label {
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        color: "#9aa3b2"; font.pixelSize: 11
        text: panel.follow.circuit
              ? qsTr("Lime, drawn over the network: the channels of its newest attempt, held or given back; it stays after the message ends until Esc. ↻ follows the endpoint's next message.")
              : qsTr("Lime, drawn over the network: the path its head took; lime dashes: the rest of its route (engine's path tracer). After delivery the path and tag stay until Esc.")
    }
}

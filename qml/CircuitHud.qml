// A fat-tree's circuits at a glance, over the 3D view (issue 19: circuits
// forming, failing and retrying under load, "retries counted on screen";
// DeHon seed 004, section 2.1): how many transmissions hold channels now,
// how many senders back off after a discard, the retries, the discards
// (both outputs busy, or a fault), the messages given up, and first-attempt
// success and attempts per message since the reset. Below, what the marks
// mean. Counted by the engine (CircuitStatus); nothing here is estimated.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

Rectangle {
    id: hud
    // The engine's counters (circuit_status.h), made by the composition root.
    required property CircuitStatus status
    color: "#ee15181e"
    radius: 4
    width: column.implicitWidth + 16
    height: column.implicitHeight + 14

    component Key: Label { color: "#9aa3b2"; font.pixelSize: 12 }
    component Value: Label { color: "#e6e9ef"; font.pixelSize: 12; font.family: "DejaVu Sans Mono"; Layout.alignment: Qt.AlignRight }

    // Folding: FoldHeader.qml's rule (the view sets the room, ViewLegends.qml).
    property alias room: header.room
    property alias widthRoom: header.widthRoom
    readonly property alias folded: header.folded

    ColumnLayout {
        id: column
        x: 8
        y: 6
        spacing: 2
        FoldHeader {
            id: header
            title: qsTr("Circuits")
            buttonName: "hudFoldButton"
            unfoldTip: qsTr("Show the circuit counters")
            foldTip: qsTr("Fold the circuit counters to this line")
            unfoldedHeight: header.implicitHeight + grid.implicitHeight + column.spacing + 16
            unfoldedWidth: Math.max(header.implicitWidth, grid.implicitWidth) + 16
        }
        GridLayout {
            id: grid
            visible: !header.folded
            columns: 2
            rowSpacing: 1
            columnSpacing: 10
            Key { text: qsTr("in the network now") }
            Value { objectName: "hudInNetwork"; text: hud.status.attemptsInNetwork.toFixed(0) }
            Key { text: qsTr("senders backing off") }
            Value { objectName: "hudBackingOff"; text: hud.status.sendersBackingOff.toFixed(0) }
            Key { text: qsTr("retries started") }
            Value { objectName: "hudRetries"; text: hud.status.retriesStarted.toFixed(0) }
            Key { text: qsTr("discarded: busy / fault") }
            Value { objectName: "hudDiscarded"; text: hud.status.blockedBusy.toFixed(0) + " / " + hud.status.blockedFault.toFixed(0) }
            Key { text: qsTr("delivered / given up") }
            Value { objectName: "hudDelivered"; text: hud.status.messagesDelivered.toFixed(0) + " / " + hud.status.messagesGivenUp.toFixed(0) }
            Key { text: qsTr("first-attempt success") }
            Value { objectName: "hudFirstAttempt"; text: (100 * hud.status.firstAttemptSuccess).toFixed(1) + " %" }
            Key { text: qsTr("attempts per message") }
            Value { text: hud.status.attemptsPerMessage.toFixed(2) }
            LegendRow {
                Layout.columnSpan: 2
                Layout.topMargin: 4
                swatch: VcPalette.colors[4]
                round: true
                text: qsTr("a channel a circuit holds")
            }
            LegendRow {
                Layout.columnSpan: 2
                swatch: NetworkPalette.discardBusy
                text: qsTr("discarded here: both outputs busy")
            }
            LegendRow {
                Layout.columnSpan: 2
                swatch: NetworkPalette.failed
                text: qsTr("lost here: a failed RN1 or channel")
            }
        }
    }
}

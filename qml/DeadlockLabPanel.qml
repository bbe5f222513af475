// The deadlock lab (issue 18; Dally & Seitz, "The Torus Routing Chip",
// Figures 1-2 and Theorem 1; docs/deadlock-and-vc-balance.md), docked beside
// the 3D view (View > Deadlock lab, Ctrl+D): the VC rule in force, the
// channel dependency check of the routes in force (acyclic, or the cycle in
// flitscope-cli check's naming), the dependency graph drawn as the paper
// draws it (CdgView), and once the watchdog stopped the run, the engine's
// report of the cycle of waiting VC buffers (drawn in the 3D view and the
// slice too). Everything shown comes from the DeadlockLab's frames.
import QtQuick
import Flitscope
import QtQuick.Controls
import QtQuick.Layouts

Rectangle {
    id: panel
    required property DeadlockLab lab
    property SimulationController simulation: null
    color: "#1b1f27"
    border.color: "#3b4250"

    readonly property color good: "#3ddc84"
    readonly property color bad: "#ff4d4d"

    Flickable {
        anchors.fill: parent
        anchors.margins: 8
        contentHeight: column.implicitHeight
        clip: true
        ScrollBar.vertical: ScrollBar {}

        ColumnLayout {
            id: column
            width: parent.width
            spacing: 6

            Label { text: qsTr("Deadlock lab"); font.bold: true; font.pixelSize: 15 }
            Label {
                Layout.fillWidth: true
                wrapMode: Text.WordWrap
                color: "#9aa3b2"
                font.pixelSize: 11
                text: qsTr("Theorem 1 (Dally & Seitz): deterministic routes are deadlock-free if and only if their channel dependency graph has no cycle. Run the traffic and watch; switch the VC rule and watch again.")
            }

            // --- the dependency check of the routes in force ---
            Label { text: qsTr("Channel dependency graph"); font.bold: true; Layout.topMargin: 4 }
            Label {
                objectName: "labCheckLabel"
                Layout.fillWidth: true
                wrapMode: Text.WordWrap
                color: !panel.lab.answered ? "#9aa3b2" : panel.lab.deadlockFree ? panel.good : panel.bad
                text: !panel.lab.answered
                      ? qsTr("Checking the routes in force...")
                      : panel.lab.deadlockFree
                        ? qsTr("acyclic: the routes in force cannot deadlock")
                        : qsTr("cycle of %n channel VC(s): these routes can deadlock", "", panel.lab.cycleLength)
            }
            TextArea {
                objectName: "labCycleText"
                Layout.fillWidth: true
                visible: panel.lab.answered && !panel.lab.deadlockFree
                readOnly: true
                selectByMouse: true
                wrapMode: TextEdit.Wrap
                font.family: "DejaVu Sans Mono"
                font.pixelSize: 11
                text: panel.lab.cycleText
            }
            Label {
                Layout.fillWidth: true
                visible: panel.lab.answered
                wrapMode: Text.WordWrap
                color: "#9aa3b2"
                font.pixelSize: 11
                text: qsTr("%1 routes traced at cycle %2; %3 channel VCs with a dependency, %4 dependencies.")
                      .arg(panel.lab.routesTraced).arg(panel.lab.checkedAtCycle)
                      .arg(panel.lab.graphVertexCount).arg(panel.lab.graphEdgeCount)
                      + (panel.lab.brokenRoutes > 0
                         ? " " + qsTr("%1 routes do not deliver.").arg(panel.lab.brokenRoutes) : "")
            }
            CdgView {
                id: cdg
                objectName: "cdgView"
                Layout.fillWidth: true
                Layout.preferredHeight: width
                visible: !panel.lab.graphTooLarge
                lab: panel.lab
            }
            Label {
                objectName: "cdgTooLarge"
                Layout.fillWidth: true
                visible: panel.lab.graphTooLarge
                wrapMode: Text.WordWrap
                color: "#b8c0cc"
                text: qsTr("The graph has %1 channel VCs with a dependency, too many to draw (at most %2); the check above covers all of them.")
                      .arg(panel.lab.graphVertexCount).arg(panel.lab.maxGraphVertices)
            }
            Label {
                Layout.fillWidth: true
                visible: cdg.visible && cdg.vertexCount > 0
                wrapMode: Text.WordWrap
                color: "#9aa3b2"
                font.pixelSize: 11
                text: qsTr("As the paper's Figures 1 (b) and 2 (b): each channel VC a dot on its VC's circle (VC0 inside, blue; VC1 outside, green), each arrow a route holding one channel and asking for the next; the cycle in red.")
            }

            // --- the watchdog's deadlock ---
            Label {
                text: qsTr("Deadlock")
                font.bold: true
                Layout.topMargin: 4
            }
            Label {
                objectName: "labDeadlockLabel"
                Layout.fillWidth: true
                wrapMode: Text.WordWrap
                color: panel.lab.deadlocked ? panel.bad : "#9aa3b2"
                text: panel.lab.deadlocked
                      ? qsTr("The watchdog stopped the run at cycle %1: %2 waiting VC buffers, each waiting for the next (packets %3). The 3D view and the slice show the cycle.")
                        .arg(panel.lab.deadlockCycle).arg(panel.lab.deadlockBufferCount)
                        .arg(panel.lab.deadlockPackets.join(", "))
                      : qsTr("None: packets are moving (the watchdog stops the run when no flit moves for router.watchdogCycles cycles).")
            }
            TextArea {
                objectName: "labDeadlockText"
                Layout.fillWidth: true
                visible: panel.lab.deadlocked
                readOnly: true
                selectByMouse: true
                wrapMode: TextEdit.Wrap
                font.family: "DejaVu Sans Mono"
                font.pixelSize: 11
                text: panel.lab.deadlockText
            }
        }
    }
}

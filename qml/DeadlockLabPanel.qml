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

            // --- the VC rule in force, switched live (a setVcRule intervention; Edit > Undo) ---
            RowLayout {
                Layout.fillWidth: true
                Layout.topMargin: 4
                Label { text: qsTr("VC rule"); font.bold: true }
                ComboBox {
                    id: ruleBox
                    objectName: "labRuleBox"
                    Layout.fillWidth: true
                    enabled: panel.lab.answered
                    model: panel.lab.ruleLabels  // what a person reads; ruleNames are the engine's
                    currentIndex: panel.lab.ruleNames.indexOf(panel.lab.rule)
                    delegate: ItemDelegate {
                        required property int index
                        required property string modelData
                        width: ruleBox.width
                        text: modelData
                        enabled: panel.lab.ruleProblems.length <= index || panel.lab.ruleProblems[index] === ""
                        highlighted: ruleBox.highlightedIndex === index
                    }
                    onActivated: (index) => {
                        panel.lab.setRule(panel.lab.ruleNames[index])
                        currentIndex = Qt.binding(() => panel.lab.ruleNames.indexOf(panel.lab.rule))
                    }
                    ToolTip.visible: hovered
                    ToolTip.delay: 500
                    ToolTip.text: qsTr("How a route picks its virtual channel on a ring (routing.vcRule). A switch is an intervention: recorded, undone with Edit > Undo; packets in flight keep the VC they hold.")
                }
            }
            Label {
                objectName: "labRuleDescription"
                Layout.fillWidth: true
                wrapMode: Text.WordWrap
                color: "#b8c0cc"
                font.pixelSize: 11
                readonly property int ruleIndex: panel.lab.ruleNames.indexOf(panel.lab.rule)
                text: ruleIndex < 0 ? ""
                      : panel.lab.ruleDescriptions[ruleIndex]
                        + (panel.lab.ruleProblems.some(p => p !== "")
                           ? " " + qsTr("Rules greyed out need more VCs than this router has.") : "")
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
                        : qsTr("cycle of %1 channel VCs: these routes can deadlock").arg(panel.lab.cycleLength)
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
                text: qsTr("As the paper's Figures 1 (b) and 2 (b): each channel VC a dot on its VC's circle (VC0 inside, light blue; VC1 outside, deep blue: the colours of their packets in the 3D view), each arrow a route holding one channel and asking for the next; the cycle in red.")
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
            RowLayout {
                Layout.fillWidth: true
                visible: panel.lab.deadlocked && panel.simulation !== null
                Button {
                    objectName: "labResetButton"
                    text: qsTr("Reset to cycle 0")
                    onClicked: panel.simulation.reset()
                    ToolTip.visible: hovered
                    ToolTip.delay: 500
                    ToolTip.text: qsTr("Start the same traffic again from cycle 0 with the VC rule now in force (a switch does not free the packets already stuck)")
                }
                Button {
                    text: qsTr("Reset and run")
                    onClicked: { panel.simulation.reset(); panel.simulation.run() }
                }
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

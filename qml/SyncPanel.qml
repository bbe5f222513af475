// Synchronization, a section of the side panel (issue 17; T3E paper section
// 6, docs/synchronization.md): the barrier/eureka networks the engine
// simulates. Choose a configured BSU; Barrier makes every participant join
// now, Eureka lets the deepest participant signal a eureka that the others
// join when they see it, Eureka from node the selected node (interventions:
// recorded, rewound). The counts per
// BSU state, the completed barriers and their latency are the engine's
// (SyncController). A refused operation shows the engine's text below.
import QtQuick
import Flitscope
import QtQuick.Controls
import QtQuick.Layouts

ColumnLayout {
    id: panel
    required property SyncController sync
    required property SimulationController simulation
    property NetworkController network: null  // names the root
    spacing: 4

    Label {
        objectName: "syncNoTrees"
        Layout.fillWidth: true
        visible: panel.sync.answered && !panel.sync.hasTrees
        wrapMode: Text.WordWrap
        color: "#b8c0cc"
        text: qsTr("This scenario has no barrier trees. Add a section \"sync\": {\"trees\": [{\"bsu\": 0}]} to the scenario (sync.trees, see docs/synchronization.md) and open it again.")
    }
    ColumnLayout {
        visible: panel.sync.hasTrees
        Layout.fillWidth: true
        spacing: 4
        RowLayout {
            Layout.fillWidth: true
            Label { text: qsTr("BSU"); color: "#b8c0cc" }
            ComboBox {
                id: bsuBox
                objectName: "syncBsuBox"
                Layout.fillWidth: true
                model: panel.sync.bsus
                currentIndex: panel.sync.bsus.indexOf(panel.sync.bsu)
                onActivated: (index) => {
                    panel.sync.bsu = panel.sync.bsus[index]
                    currentIndex = Qt.binding(() => panel.sync.bsus.indexOf(panel.sync.bsu))
                }
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("The barrier/eureka synchronization unit (one of 32 per node) whose tree is shown; only the BSUs of sync.trees")
            }
        }
        RowLayout {
            Layout.fillWidth: true
            Button {
                objectName: "syncBarrierButton"
                Layout.fillWidth: true
                text: qsTr("Barrier")
                enabled: panel.sync.canBarrier
                onClicked: panel.sync.barrier()
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("Every participant joins the barrier now (OP_BAR, %1)").arg(KeyBindings.text("syncBarrier"))
            }
            Button {
                objectName: "syncEurekaButton"
                Layout.fillWidth: true
                text: qsTr("Eureka")
                enabled: panel.sync.canEureka
                onClicked: panel.sync.eureka()
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("The deepest participant signals a eureka (OP_EUR_B); the others join the barrier when they see it")
            }
        }
        Button {
            // OP_EUR from the node the person selected (a click on it in the view).
            objectName: "syncEurekaFromButton"
            Layout.fillWidth: true
            readonly property int node: panel.network ? panel.network.selectedNode : -1
            text: node >= 0 ? qsTr("Eureka from node %1").arg(panel.network.nodeLabel(node, ViewSettings.CoordinateLabels, -1))
                            : qsTr("Eureka from a node (select one)")
            enabled: panel.sync.answered && panel.sync.canEureka && panel.sync.canEurekaFrom(node)
            onClicked: panel.sync.eurekaFrom(node)
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("The selected node alone signals a eureka (OP_EUR); the other participants join the barrier that ends it when they see it. Select a participant in S_BAR first")
        }
        Label {
            objectName: "syncStates"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            text: qsTr("%1 participants: %2 S_BAR, %3 S_ARM, %4 S_EUR (tree depth %5)")
                  .arg(panel.sync.participants).arg(panel.sync.stateCounts[0]).arg(panel.sync.stateCounts[1])
                  .arg(panel.sync.stateCounts[2]).arg(panel.sync.treeDepth)
        }
        // The tree by level from its root (the 3D view: the root gold, the
            // trunk thick and white, the twigs thin and slate).
        Label {
            objectName: "syncLevels"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            visible: panel.sync.levelSizes.length > 0
            color: "#b8c0cc"
            text: qsTr("Tree from its root %1 (gold in the view), routers per level: %2")
                  .arg(panel.network !== null ? panel.network.describeNode(panel.sync.root) : panel.sync.root)
                  .arg(panel.sync.levelSizes.join(", "))
        }
        Label {
            objectName: "syncLatency"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            readonly property double ns: panel.simulation !== null && panel.simulation.charts.inPhysicalUnits ? panel.simulation.charts.nsPerCycle : 0
            text: ns > 0
                  ? qsTr("Barriers completed: %1; latency last %2, mean %3 ns").arg(panel.sync.completed)
                    .arg((panel.sync.lastLatency * ns).toFixed(0)).arg((panel.sync.meanLatency * ns).toFixed(0))
                  : qsTr("Barriers completed: %1; latency last %2, mean %3 cycles").arg(panel.sync.completed)
                    .arg(panel.sync.lastLatency).arg(panel.sync.meanLatency.toFixed(1))
        }
        Label {
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            color: "#b8c0cc"
            text: qsTr("Eurekas: %1; barrier packets: %2, link cycles taken from data: %3").arg(panel.sync.eurekas)
                  .arg(panel.sync.packets).arg(panel.sync.linkCycles)
        }
        Label {
            objectName: "syncLeft"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            visible: panel.sync.participantsLeft > 0
            text: qsTr("Participants that left a barrier under way (node failed; the tree was rebuilt): %1")
                  .arg(panel.sync.participantsLeft)
        }
        LegendRow { swatch: panel.sync.stateColors[0]; round: true; text: qsTr("S_BAR: idle, no barrier joined") }
        LegendRow { swatch: panel.sync.stateColors[1]; round: true; text: qsTr("S_ARM: joined, waiting for completion") }
        LegendRow { swatch: panel.sync.stateColors[2]; round: true; text: qsTr("S_EUR: saw a eureka, not yet joined") }
        LegendRow { swatch: "#f5f5f5"; text: qsTr("Tree edge to the parent (View > Barrier tree, %1); yellow while the router holds arrivals").arg(KeyBindings.text("syncTree")) }
    }
    Label {
        objectName: "syncErrorLabel"
        Layout.fillWidth: true
        visible: panel.sync.hasTrees && (panel.simulation.lastError.indexOf(" BSU ") >= 0 || panel.simulation.lastError.startsWith("barrier"))
        text: panel.simulation.lastError
        color: "#ff8a80"
        wrapMode: Text.WordWrap
    }
}

// VC balance, a section of the side panel (issue 18; T3E paper section 4 and
// Table 1; docs/deadlock-and-vc-balance.md). The rows are the engine's figures
// for the VC tables in force: per dimension, the whole ring and each aligned
// power-of-two subring, the average and maximum link balance (|routes on VC0
// - routes on VC1| / the busiest link's routes). "Optimize" runs the engine's
// simulated annealing in the background (progress, Cancel); its rows appear
// beside, the overlay (V) shows its balance, and "Apply" sends the tables to
// the routers (an intervention; the engine refuses tables that would make the
// routes cyclic, and the refusal shows below).
import QtQuick
import Flitscope
import QtQuick.Controls
import QtQuick.Layouts

ColumnLayout {
    id: panel
    required property VcBalanceController balance
    required property SimulationController simulation
    required property Item view
    spacing: 4

    function dimName(d) { return ["X", "Y", "Z"][d] || ("dim " + d) }
    function optimizedRow(r) {
        const rows = panel.balance.optimizedRows
        for (let i = 0; i < rows.length; ++i)
            if (rows[i].dimension === r.dimension && rows[i].subring === r.subring) return rows[i]
        return null
    }

    Label {
        objectName: "vcBalanceError"
        Layout.fillWidth: true
        visible: panel.balance.error.length > 0
        wrapMode: Text.WordWrap
        color: "#ff8a80"
        text: panel.balance.error
    }
    Label {
        Layout.fillWidth: true
        visible: panel.balance.answered && panel.balance.rows.length === 0 && panel.balance.error.length === 0
        wrapMode: Text.WordWrap
        color: "#b8c0cc"
        text: qsTr("No ring of this network has two VCs to balance.")
    }
    GridLayout {
        objectName: "vcBalanceRows"
        Layout.fillWidth: true
        visible: panel.balance.rows.length > 0
        columns: 4
        columnSpacing: 10
        rowSpacing: 1
        Label { text: qsTr("ring"); color: "#9aa3b2" }
        Label { text: qsTr("subring"); color: "#9aa3b2" }
        Label { text: qsTr("avg / max"); color: "#9aa3b2" }
        Label { text: panel.balance.hasOptimized ? qsTr("optimized") : ""; color: "#9aa3b2"; Layout.fillWidth: true }
        Repeater {
            model: panel.balance.rows
            delegate: Label {
                required property var modelData
                required property int index
                Layout.row: 1 + Math.floor(index)
                Layout.column: 0
                text: panel.dimName(modelData.dimension) + " " + modelData.ring
                font.family: "DejaVu Sans Mono"
            }
        }
        Repeater {
            model: panel.balance.rows
            delegate: Label {
                required property var modelData
                required property int index
                Layout.row: 1 + index
                Layout.column: 1
                text: modelData.subring === modelData.ring ? qsTr("whole") : modelData.subring
                font.family: "DejaVu Sans Mono"
            }
        }
        Repeater {
            model: panel.balance.rows
            delegate: Label {
                required property var modelData
                required property int index
                Layout.row: 1 + index
                Layout.column: 2
                text: modelData.average.toFixed(3) + " / " + modelData.maximum.toFixed(3)
                font.family: "DejaVu Sans Mono"
            }
        }
        Repeater {
            model: panel.balance.rows
            delegate: Label {
                required property var modelData
                required property int index
                readonly property var better: panel.optimizedRow(modelData)
                Layout.row: 1 + index
                Layout.column: 3
                text: better ? better.average.toFixed(3) + " / " + better.maximum.toFixed(3) : ""
                color: "#a5d6a7"
                font.family: "DejaVu Sans Mono"
            }
        }
    }
    RowLayout {
        Layout.fillWidth: true
        Label { text: qsTr("Tables"); color: "#b8c0cc" }
        ComboBox {
            objectName: "vcBalanceLimit"
            Layout.fillWidth: true
            model: [qsTr("T3E: 8 entries"), qsTr("Full: one per ordinate")]
            currentIndex: panel.balance.limit === "full" ? 1 : 0
            onActivated: (index) => { panel.balance.limit = index === 1 ? "full" : "t3e" }
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("T3E: the hardware's 8 VC-table entries per direction, indexed by the low three bits of the destination ordinate; full: one entry per ordinate")
        }
    }
    RowLayout {
        Layout.fillWidth: true
        Label { text: qsTr("Steps"); color: "#b8c0cc" }
        NumberField {
            objectName: "vcBalanceIterations"
            fieldName: qsTr("Steps")
            Layout.fillWidth: true
            from: 1000
            to: 10000000
            stepSize: 50000
            value: panel.balance.iterations
            onValueModified: panel.balance.iterations = value
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Simulated-annealing steps per distinct ring (the command line's --iterations)")
        }
        Label { text: qsTr("seed"); color: "#b8c0cc" }
        NumberField {
            objectName: "vcBalanceSeed"
            fieldName: qsTr("Seed")
            from: 0
            to: 1000000
            value: panel.balance.seed
            onValueModified: panel.balance.seed = value
        }
    }
    RowLayout {
        Layout.fillWidth: true
        Button {
            objectName: "vcBalanceOptimize"
            Layout.fillWidth: true
            text: panel.balance.optimizing ? qsTr("Cancel") : qsTr("Optimize")
            enabled: panel.balance.optimizing || (panel.balance.answered && panel.balance.rows.length > 0)
            onClicked: panel.balance.optimizing ? panel.balance.cancel() : panel.balance.optimize()
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Search VC tables that balance the whole rings and their subrings (the paper's simulated annealing), in the background")
        }
        Button {
            objectName: "vcBalanceApply"
            Layout.fillWidth: true
            text: qsTr("Apply")
            enabled: panel.balance.hasOptimized && !panel.balance.optimizing
            onClicked: panel.balance.apply()
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Put the optimized tables in the routers now (checked for deadlock first; undo and rewind see it)")
        }
    }
    ProgressBar {
        objectName: "vcBalanceProgress"
        Layout.fillWidth: true
        visible: panel.balance.optimizing
        value: panel.balance.progress
    }
    CheckBox {
        objectName: "vcBalanceOverlayCheck"
        text: qsTr("Show on the links (%1)").arg(KeyBindings.text("vcBalance"))
        checked: panel.view.vcBalanceOverlay
        onToggled: panel.view.vcBalanceOverlay = checked
    }
    CheckBox {
        objectName: "vcBalanceShowOptimized"
        visible: panel.balance.hasOptimized
        text: qsTr("Overlay: the optimized tables")
        checked: panel.balance.showOptimized
        onToggled: panel.balance.showOptimized = checked
    }
    LegendRow { swatch: VcPalette.colors[0]; text: qsTr("share of the routes on VC0, along each channel") }
    LegendRow { swatch: VcPalette.colors[1]; text: qsTr("share on VC1 (all of it after a dateline)") }
    Label {
        objectName: "vcBalanceApplyError"
        Layout.fillWidth: true
        visible: panel.simulation.lastError.startsWith("routing.vcTables")
        text: panel.simulation.lastError
        color: "#ff8a80"
        wrapMode: Text.WordWrap
    }
}

// Arbitration, switched live in the running engine (SimulationController:
// Simulator::setArbiter / setAgeConfig through the worker's command queue):
// the arbiter (round robin, the T3E's, the Cray XT's age arbiter), the age
// clock period (AGE_CLK_PERIOD) and the age biases per dimension
// (REQ_AGE_BIAS / RSP_AGE_BIAS, XT paper section 2.1). A value the engine
// refuses is shown below, naming the field; Save writes what is in force.
import QtQuick
import Flitscope
import QtQuick.Controls
import QtQuick.Layouts

ColumnLayout {
    id: panel
    required property SimulationController simulation
    property int dimensions: 3
    spacing: 4

    // The engine's arbiters with the window's words (arbiter_labels.h).
    readonly property var arbiters: simulation.arbiterChoices
    function arbiterIndex(name) {
        for (let i = 0; i < arbiters.length; ++i)
            if (arbiters[i].name === name) return i
        return -1
    }

    RowLayout {
        Layout.fillWidth: true
        Label { text: qsTr("Arbiter"); color: "#b8c0cc" }
        ComboBox {
            id: arbiterBox
            objectName: "arbiterBox"
            Layout.fillWidth: true
            model: panel.arbiters
            textRole: "text"
            currentIndex: panel.arbiterIndex(panel.simulation.arbiter)
            onActivated: (index) => {
                panel.simulation.setArbiter(panel.arbiters[index].name)
                currentIndex = Qt.binding(() => panel.arbiterIndex(panel.simulation.arbiter))
            }
            // An arbiter this machine cannot run under is listed greyed, with
            // why (the engine's rule, e.g. the age arbiter needs no adaptive VC).
            delegate: ItemDelegate {
                required property var modelData
                required property int index
                objectName: "arbiterItem_" + modelData.name
                width: arbiterBox.width
                text: modelData.text
                highlighted: arbiterBox.highlightedIndex === index
                enabled: !modelData.refused
                ToolTip.visible: hovered && !enabled
                ToolTip.text: modelData.why
            }
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Which packet wins an output, switched live. Age: the oldest packet wins (XT paper section 2), so far sources get their share of a shared link; round robin favours the nearest ones.")
        }
    }
    // The age settings act under the age arbiter only: shown with it; under
    // another arbiter one line says where they are (issue 42, item 11: they
    // were open and greyed by default).
    readonly property bool ageInForce: panel.simulation.arbiter === "age"
    Label {
        objectName: "ageSettingsNote"
        Layout.fillWidth: true
        visible: !panel.ageInForce
        text: qsTr("The age clock and biases appear when the arbiter is Age.")
        color: "#8a93a0"
        font.italic: true
        wrapMode: Text.WordWrap
    }
    ColumnLayout {
        objectName: "ageSettings"
        Layout.fillWidth: true
        spacing: panel.spacing
        visible: panel.ageInForce
        RowLayout {
            Layout.fillWidth: true
            Label { text: qsTr("Age clock period"); color: "#b8c0cc"; Layout.fillWidth: true }
            NumberField {
                objectName: "ageClockSpin"
                fieldName: qsTr("Age clock period")
                from: 1
                to: 65535
                value: panel.simulation.ageClockPeriod
                onValueModified: panel.simulation.setAgeClockPeriod(value)
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("AGE_CLK_PERIOD: cycles per tick of each router's age clock. Shorter: waiting counts for more against the per-hop bias (used by the age arbiter).")
            }
        }
        Label { text: qsTr("Age bias per hop (0 to 7)"); color: "#b8c0cc" }
        GridLayout {
            Layout.fillWidth: true
            columns: panel.dimensions + 1
            columnSpacing: 4
            rowSpacing: 2
            Item { Layout.preferredWidth: 1 }
            Repeater {
                model: panel.dimensions
                Label { required property int index; text: ["X", "Y", "Z"][index]; Layout.alignment: Qt.AlignHCenter }
            }
            Label { text: qsTr("request"); color: "#b8c0cc" }
            Repeater {
                model: panel.dimensions
                NumberField {
                    required property int index
                    objectName: "requestBiasSpin" + index
                    fieldName: qsTr("Request age bias %1").arg(["X", "Y", "Z"][index])
                    Layout.preferredWidth: 84
                    from: 0
                    to: 7
                    value: panel.simulation.ageRequestBias[index] ?? 0
                    onValueModified: panel.simulation.setAgeBias(index, false, value)
                    ToolTip.visible: hovered
                    ToolTip.delay: 500
                    ToolTip.text: qsTr("REQ_AGE_BIAS of the %1 ports (both directions): added to a request packet's age when it arrives on them").arg(["X", "Y", "Z"][index])
                }
            }
            Label { text: qsTr("response"); color: "#b8c0cc" }
            Repeater {
                model: panel.dimensions
                NumberField {
                    required property int index
                    objectName: "responseBiasSpin" + index
                    fieldName: qsTr("Response age bias %1").arg(["X", "Y", "Z"][index])
                    Layout.preferredWidth: 84
                    from: 0
                    to: 7
                    value: panel.simulation.ageResponseBias[index] ?? 0
                    onValueModified: panel.simulation.setAgeBias(index, true, value)
                    ToolTip.visible: hovered
                    ToolTip.delay: 500
                    ToolTip.text: qsTr("RSP_AGE_BIAS of the %1 ports (both directions): added to a response packet's age when it arrives on them").arg(["X", "Y", "Z"][index])
                }
            }
        }
    }
    Label {
        objectName: "arbitrationErrorLabel"
        Layout.fillWidth: true
        visible: panel.simulation.lastError.indexOf("router.a") >= 0
        text: panel.simulation.lastError
        color: "#ff8a80"
        wrapMode: Text.WordWrap
    }
}

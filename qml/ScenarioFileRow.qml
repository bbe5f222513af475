// The side panel's row of scenario files: the bundled presets by their
// names (a tooltip gives the file), Open... and Save... (ScenarioFileActions).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

RowLayout {
    id: row
    required property NetworkController controller
    required property ScenarioFiles files
    required property Item actions  // ScenarioFileActions
        ComboBox {
            id: presetBox
            Layout.fillWidth: true
            Layout.minimumWidth: 60
            Layout.preferredWidth: 100
            objectName: "presetBox"
            // The presets by their names (the scenario's "name"), not their file names.
            model: row.controller.presetNames
            displayText: qsTr("Presets")
            // As wide as the longest name, within the window.
            popup.width: Math.min(Math.max(width, presetWidth.advanceWidth + 40), row.Window.width - 20)
            popup.leftMargin: 6   // never past the window's edge (the default -1 does not keep it in)
            popup.rightMargin: 6
            TextMetrics {
                id: presetWidth
                font: presetBox.font
                text: row.controller.presetNames.reduce((a, b) => a.length >= b.length ? a : b, "")
            }
            delegate: ItemDelegate {
                required property string modelData
                required property int index
                width: presetBox.popup.width
                text: modelData
                ToolTip.visible: hovered
                ToolTip.delay: 700
                ToolTip.text: row.controller.presetFiles[index].replace(/^.*\//, "")
            }
            onActivated: (index) => row.actions.openPreset(index)
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Open one of the bundled scenarios")
        }
        Button {
            text: qsTr("Open\u2026")
            onClicked: row.actions.openScenario()
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Open a scenario file (Ctrl+O)")
        }
        Button {
            objectName: "saveButton"
            text: qsTr("Save\u2026")
            enabled: row.controller.loaded && !row.files.busy
            onClicked: row.actions.saveScenarioAs()
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Save this scenario, with the failed links, as a file (Ctrl+S)")
        }
}

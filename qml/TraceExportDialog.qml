// File > Export Trace (issue 16, "Trace export"): the cycles to trace (the
// whole run by default), then the file; the run is simulated again from
// cycle 0 in the background (TraceExporter) with a progress bar and Cancel.
// `reported` carries the outcome for the side panel's status line.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

Dialog {
    id: dialog
    objectName: "traceExportDialog"
    property SimulationController simulation: null
    // What the trace holds (a torus: packet events; a fat-tree: circuit events) is the family's to say.
    required property FamilyView family
    // The export's controller (trace_exporter.h), made by the composition root.
    required property TraceExporter exporter
    // The cycle the run has reached: the spin boxes' upper bound.
    readonly property int runCycle: simulation !== null ? Math.min(simulation.cycle, 2147483647) : 0
    readonly property bool rangeOk: lastBox.value >= firstBox.value
    signal reported(bool failed, string text)

    title: qsTr("Export trace")
    modal: true
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: Math.min(parent ? parent.width - 40 : 520, 520)  // explicit: no implicitWidth loop through the footer
    closePolicy: dialog.exporter.exporting ? Popup.NoAutoClose : Popup.CloseOnEscape

    // Opens with the whole run: cycles 0 to the cycle reached.
    function start() {
        firstBox.value = 0
        lastBox.value = runCycle
        open()
    }

    Connections {
        target: dialog.exporter
        function onExportFinished() { dialog.reported(dialog.exporter.failed, dialog.exporter.status) }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8
        GridLayout {
            columns: 2
            columnSpacing: 12
            Label { text: qsTr("First cycle") }
            NumberField {
                id: firstBox
                objectName: "traceFirstCycle"
                fieldName: qsTr("First cycle")
                from: 0
                to: dialog.runCycle
                enabled: !dialog.exporter.exporting
            }
            Label { text: qsTr("Last cycle") }
            NumberField {
                id: lastBox
                objectName: "traceLastCycle"
                fieldName: qsTr("Last cycle")
                from: 0
                to: dialog.runCycle
                enabled: !dialog.exporter.exporting
            }
        }
        Label {
            Layout.preferredWidth: 380
            wrapMode: Text.WordWrap
            color: "#b8c0cc"
            text: dialog.family.text.traceExport
        }
        Label {
            Layout.preferredWidth: 380
            visible: !dialog.rangeOk
            wrapMode: Text.WordWrap
            color: "#ff8a80"
            text: qsTr("Last cycle: must not be before the first cycle (%1)").arg(firstBox.value)
        }
        ProgressBar {
            objectName: "traceProgress"
            Layout.fillWidth: true
            visible: dialog.exporter.exporting
            value: dialog.exporter.progress
        }
        Label {
            objectName: "traceStatus"
            Layout.preferredWidth: 380
            visible: text.length > 0 && !dialog.exporter.exporting
            text: dialog.exporter.status
            color: dialog.exporter.failed ? "#ff8a80" : "#a5d6a7"
            wrapMode: Text.WrapAnywhere
        }
    }

    footer: DialogButtonBox {
        Button {
            objectName: "traceExportButton"
            text: dialog.exporter.exporting ? qsTr("Cancel") : qsTr("Export\u2026")
            enabled: dialog.exporter.exporting || (dialog.rangeOk && dialog.simulation !== null)
            onClicked: dialog.exporter.exporting ? dialog.exporter.cancel() : fileDialog.open()
        }
        Button {
            text: qsTr("Close")
            enabled: !dialog.exporter.exporting
            onClicked: dialog.close()
        }
    }

    FileChooser {
        id: fileDialog
        objectName: "traceFileDialog"
        title: qsTr("Export trace")
        fileMode: FileChooser.SaveFile
        suggestedName: "trace.json"
        acceptLabel: qsTr("Save")
        defaultSuffix: "json"
        nameFilters: [qsTr("Trace files (*.json)"), qsTr("All files (*)")]
        onAccepted: dialog.exporter.exportTrace(selectedFile, firstBox.value, lastBox.value)
    }
}

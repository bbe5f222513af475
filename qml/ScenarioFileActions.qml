// The scenario's files, as File menu, keys and the side panel's buttons
// ask: open (a scenario or a recording), save and save as, save the run as
// a recording, export a trace; each outcome reported once. Open and save run
// as coroutines (ScenarioFiles): the file is read, parsed or written off the
// GUI thread.
import QtQuick
import Flitscope

Item {
    id: actions
    required property NetworkController controller
    required property ScenarioFiles files
    required property TraceExporter traceExporter
    property SimulationController simulation: null
    // The file Save writes to ("" until a scenario was opened or saved under a name).
    property url currentFile: ""

    function openScenario() { openDialog.open() }
    function openFile(url, remember) {
        // A recording is not the scenario's file: Save asks for a name.
        return actions.files.open(url).then(result => {
            if (result.ok) actions.currentFile = remember && !result.recording ? url : ""
        })
    }
    function openPreset(index) { openFile("qrc" + actions.controller.presetFiles[index], false) }
    function saveScenario() {
        if (actions.currentFile.toString().length > 0) saveTo(actions.currentFile)
        else saveDialog.open()
    }
    function saveScenarioAs() { saveDialog.open() }
    // The outcome of a save or an export (the side panel shows it under its
    // Save button; presenter mode, which hides the panel, over the view).
    signal reported(bool failed, string text)
    function report(failed, text) { actions.reported(failed, text) }
    // "my-torus.json" of ".../my-torus.json" or ":/presets/my-torus.json": the name a Save dialog suggests.
    function baseName(path) { return path.length > 0 ? path.split("/").pop() : "scenario.json" }
    function saveTo(url) {
        actions.files.save(url).then(result => {
            actions.report(!result.ok, result.ok ? qsTr("Saved to %1").arg(result.path)
                                               : qsTr("Could not save the scenario: %1").arg(result.error))
            if (result.ok) actions.currentFile = url
        })
    }
    // Their keys (Ctrl+O, Ctrl+S, ...) are Main.qml's: a Shortcut here would
    // go dead while presenter mode hides this actions.
    function saveRecordingAs() { saveRecordingDialog.open() }
    function saveRecordingTo(url) {
        actions.files.saveRecording(url).then(result => {
            actions.report(!result.ok, result.ok ? qsTr("Recording saved to %1").arg(result.path)
                                               : qsTr("Could not save the recording: %1").arg(result.error))
        })
    }

    // File > Export Trace (issue 16): the session replayed in the background,
    // its events written as trace-event JSON; the outcome reported too.
    function exportTrace() { traceDialog.start() }
    readonly property alias traceExport: traceDialog
    TraceExportDialog {
        id: traceDialog
        simulation: actions.simulation
        family: actions.controller.family
        exporter: actions.traceExporter
        onReported: (failed, text) => actions.report(failed, text)
    }

    // FileChooser (file_chooser.h): Qt Widgets' file dialog, which saves under
    // a new name and asks before replacing a file (QtQuick.Dialogs' fallback
    // in Qt 6.4 cannot save a new name).
    FileChooser {
        id: openDialog
        objectName: "openDialog"
        title: qsTr("Open scenario")
        acceptLabel: qsTr("Open")
        nameFilters: [qsTr("Scenarios and recordings (*.json)"), qsTr("All files (*)")]
        onAccepted: actions.openFile(selectedFile, true)
    }
    FileChooser {
        id: saveRecordingDialog
        objectName: "saveRecordingDialog"
        title: qsTr("Save recording")
        fileMode: FileChooser.SaveFile
        suggestedName: actions.baseName(actions.controller.scenarioFile).replace(/\.json$/, "") + "-recording.json"
        acceptLabel: qsTr("Save")
        defaultSuffix: "json"
        nameFilters: [qsTr("Recordings (*.json)"), qsTr("All files (*)")]
        onAccepted: actions.saveRecordingTo(selectedFile)
    }
    FileChooser {
        id: saveDialog
        objectName: "saveDialog"
        title: qsTr("Save scenario")
        fileMode: FileChooser.SaveFile
        suggestedName: actions.baseName(actions.controller.scenarioFile)
        acceptLabel: qsTr("Save")
        defaultSuffix: "json"
        nameFilters: [qsTr("Scenario files (*.json)"), qsTr("All files (*)")]
        onAccepted: actions.saveTo(selectedFile)
    }
}

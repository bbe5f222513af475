// The rewind timeline (issue 16, "Record, replay, rewind"): the cycles run so
// far (0 .. simulation.lastCycle) with a marker per intervention (hover: what
// it was; hollow: recorded after the current cycle), the current cycle as the
// handle. Dragging it pauses and restores the state at that cycle (the
// worker re-simulates from a checkpoint; a busy indicator meanwhile). Beside
// it the checkpoints' memory and its bound (a source without checkpoints,
// budget 0, is replayed from cycle 0). When a run on would meet
// interventions recorded after the current cycle, a dialog asks whether to
// keep (replay them at their cycles) or discard them.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

Pane {
    id: scrubber
    required property SimulationController simulation
    readonly property real range: simulation !== null ? Math.max(1, simulation.lastCycle) : 1
    padding: 4
    leftPadding: 10
    rightPadding: 10
    background: Rectangle { color: "#1e232c" }

    function megabytes(bytes) { return (bytes / (1024 * 1024)).toFixed(0) }

    RowLayout {
        anchors.fill: parent
        spacing: 8
        Label {
            text: qsTr("Rewind")
            color: "#9aa3b2"
        }
        Item {
            Layout.fillWidth: true
            implicitHeight: slider.implicitHeight
            Slider {
                id: slider
                objectName: "rewindSlider"
                anchors.fill: parent
                from: 0
                to: scrubber.range
                stepSize: 1
                enabled: scrubber.simulation !== null && scrubber.simulation.hasSimulation
                // Dragging: each move asks for that cycle (the worker carries out the last one).
                onMoved: scrubber.simulation.rewindTo(Math.round(value))
                ToolTip.visible: pressed
                ToolTip.text: qsTr("cycle %1").arg(Math.round(value))
            }
            Binding {
                target: slider
                property: "value"
                value: scrubber.simulation !== null ? scrubber.simulation.cycle : 0
                when: !slider.pressed
                restoreMode: Binding.RestoreNone
            }
            Repeater {
                objectName: "interventionMarkers"
                model: scrubber.simulation !== null ? scrubber.simulation.interventionCycles : []
                delegate: Rectangle {
                    required property int index
                    required property real modelData
                    readonly property string text: scrubber.simulation.interventionTexts[index] ?? ""
                    readonly property bool pending: scrubber.simulation.interventionPending[index] ?? false
                    x: slider.leftPadding + Math.min(1, modelData / scrubber.range) * slider.availableWidth - width / 2
                    y: (parent.height - height) / 2
                    width: 4
                    height: 16
                    radius: 1
                    color: pending ? "transparent" : "#ffb74a"
                    border.color: "#ffb74a"
                    border.width: 1
                    HoverHandler { id: markerHover }
                    ToolTip.visible: markerHover.hovered
                    ToolTip.text: pending ? qsTr("%1 (after the current cycle)").arg(text) : text
                }
            }
        }
        BusyIndicator {
            objectName: "rewindBusy"
            running: scrubber.simulation !== null && scrubber.simulation.rewinding
            visible: running
            Layout.preferredWidth: 22
            Layout.preferredHeight: 22
        }
        Label {
            objectName: "rewindCycleLabel"
            color: "#e6e9ef"
            text: scrubber.simulation !== null
                  ? qsTr("cycle %1 of %2").arg(scrubber.simulation.cycle).arg(scrubber.simulation.lastCycle) : ""
        }
        Label {
            objectName: "checkpointMemoryLabel"
            color: "#9aa3b2"
            // A simulation without checkpoints (budget 0) re-simulates from cycle 0.
            readonly property bool checkpoints: scrubber.simulation !== null && scrubber.simulation.checkpointBudgetBytes > 0
            text: scrubber.simulation === null ? ""
                  : checkpoints ? qsTr("checkpoints %1 MB / %2 MB").arg(scrubber.megabytes(scrubber.simulation.checkpointBytes))
                                  .arg(scrubber.megabytes(scrubber.simulation.checkpointBudgetBytes))
                  : qsTr("replayed from cycle 0")
            ToolTip.visible: memoryHover.hovered
            ToolTip.text: checkpoints ? qsTr("Memory of the rewind checkpoints and its bound: over it, every second checkpoint is dropped.")
                                      : qsTr("This simulation keeps no checkpoints: a rewind runs it again from cycle 0 with your changes at their cycles.")
            HoverHandler { id: memoryHover }
        }
    }

    // Made when first asked, not at start: a Dialog sized by its
    // DialogButtonBox footer that exists, hidden, while the window's font
    // changes (presenter mode, F5 or --presenter) loops on its implicit size
    // (Qt 6.4; the soak and a --presenter screenshot found it on width, then
    // on height). Created with the font in force, it has nothing to loop on.
    // (An Instantiator, not a Loader: a second item in this Pane would undo
    // its size from the one row.)
    Instantiator {
        id: keepOrDiscardMaker
        active: false
        delegate: Dialog {
            id: keepOrDiscard
            objectName: "keepOrDiscardDialog"
            parent: scrubber
            anchors.centerIn: Overlay.overlay
            modal: true
            title: qsTr("Run on from cycle %1").arg(scrubber.simulation !== null ? scrubber.simulation.cycle : 0)
            closePolicy: Popup.CloseOnEscape
            // An explicit width: a Dialog sized by its DialogButtonBox footer
            // loops on implicitWidth when the font changes (presenter mode, F5;
            // found by tst_gui_soak).
            width: Math.min(Overlay.overlay ? Overlay.overlay.width - 40 : 560, 560)
            Label {
                width: keepOrDiscard.availableWidth
                wrapMode: Text.WordWrap
                text: qsTr("Interventions recorded after this cycle: %1.\nKeep them (they are applied again at their cycles) or discard them?")
                      .arg(scrubber.simulation !== null ? scrubber.simulation.pendingInterventions : 0)
            }
            footer: DialogButtonBox {
                Button {
                    objectName: "keepButton"
                    text: qsTr("Keep")
                    onClicked: scrubber.simulation.keepLaterInterventions()
                }
                Button {
                    objectName: "discardButton"
                    text: qsTr("Discard")
                    onClicked: scrubber.simulation.discardLaterInterventions()
                }
            }
            onClosed: if (scrubber.simulation !== null && scrubber.simulation.askKeepOrDiscard) scrubber.simulation.cancelRunOn()
        }
    }
    Connections {
        target: scrubber.simulation
        function onAskKeepOrDiscardChanged() {
            if (scrubber.simulation.askKeepOrDiscard) {
                keepOrDiscardMaker.active = true
                keepOrDiscardMaker.object.open()
            } else if (keepOrDiscardMaker.object !== null) {
                keepOrDiscardMaker.object.close()
            }
        }
    }
}

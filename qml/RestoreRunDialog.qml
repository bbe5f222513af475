// The last run did not end (the window was killed, the power went): its
// recording can be restored (it replays to the saved cycle) or discarded
// (autosave.h). Shown at start while Autosave.restorable.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

Dialog {
    id: restoreDialog
    required property Autosave autosave
    objectName: "restoreDialog"
    title: qsTr("Restore the last run?")
    modal: true
    anchors.centerIn: parent
    width: Math.min(parent.width - 40, 520)
    visible: restoreDialog.autosave.restorable
    closePolicy: Popup.NoAutoClose
    ColumnLayout {
        anchors.fill: parent
        spacing: 8
        Label {
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            text: qsTr("Flitscope did not close normally last time. Its run was kept: %1. Restore it? It replays to the same cycle with every change in force.")
                  .arg(restoreDialog.autosave.restoreText)
        }
        RowLayout {
            Layout.alignment: Qt.AlignRight
            Button {
                objectName: "discardRunButton"
                text: qsTr("Discard")
                onClicked: restoreDialog.autosave.discard()
            }
            Button {
                objectName: "restoreRunButton"
                text: qsTr("Restore")
                highlighted: true
                onClicked: restoreDialog.autosave.restore()
            }
        }
    }
}

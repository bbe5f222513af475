// Help > About Flitscope: the version, the file formats, the sources the
// behaviour comes from (AppInfo).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

Dialog {
    id: about
    objectName: "aboutDialog"
    title: qsTr("About Flitscope")
    modal: true
    standardButtons: Dialog.Close
    anchors.centerIn: parent
    width: Math.min(parent ? parent.width - 40 : 640, 640)

    ColumnLayout {
        anchors.fill: parent
        spacing: 8
        Label {
            objectName: "aboutVersion"
            text: qsTr("Flitscope %1").arg(AppInfo.version)
            font.bold: true
            font.pixelSize: 18
        }
        Label {
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            text: qsTr("A simulator and 3D visualizer of supercomputer interconnection networks: the Cray T3E torus, the Cray XT SeaStar, the torus routing chip and the MIT Transit fat-tree.")
        }
        Label {
            objectName: "aboutFormats"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            color: "#b8c0cc"
            text: qsTr("Scenario format version %1, recording format version %2.")
                  .arg(AppInfo.scenarioFormatVersion).arg(AppInfo.recordingFormatVersion)
        }
        Label { text: qsTr("What it does comes from:"); font.bold: true; Layout.topMargin: 4 }
        Repeater {
            model: AppInfo.sources
            Label {
                required property string modelData
                Layout.fillWidth: true
                wrapMode: Text.WordWrap
                color: "#b8c0cc"
                text: "\u2022 " + modelData
            }
        }
    }
}

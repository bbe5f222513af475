// Help > User guide: docs/user-guide.md as built into the program
// (AppInfo.userGuide), readable offline in front of a class.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

Dialog {
    id: guide
    objectName: "userGuideDialog"
    title: qsTr("Flitscope user guide")
    modal: true
    standardButtons: Dialog.Close
    anchors.centerIn: parent
    width: Math.min(parent ? parent.width - 40 : 900, 900)
    height: parent ? parent.height - 40 : 700

    ScrollView {
        id: scroll
        anchors.fill: parent
        contentWidth: availableWidth
        clip: true
        TextArea {
            objectName: "userGuideText"
            width: scroll.availableWidth
            readOnly: true
            selectByMouse: true
            wrapMode: TextEdit.Wrap
            textFormat: TextEdit.MarkdownText
            text: guide.visible ? AppInfo.userGuide : ""  // laid out when opened, not at start-up
            background: null
        }
    }
}

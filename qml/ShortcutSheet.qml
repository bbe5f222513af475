// Every key of the window (F1 or ?, and Help > Keyboard shortcuts), from the
// same list the Shortcut items take their keys from (KeyBindings), grouped by
// menu, and the mouse.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

Dialog {
    id: sheet
    objectName: "shortcutSheet"
    title: qsTr("Keyboard shortcuts")
    modal: true
    standardButtons: Dialog.Close
    anchors.centerIn: parent
    width: Math.min(parent ? parent.width - 40 : 600, 620)
    height: Math.min(parent ? parent.height - 40 : 600, 760)
    readonly property var rows: KeyBindings.sheet

    ScrollView {
        id: scroll
        anchors.fill: parent
        contentWidth: availableWidth
        clip: true
        ColumnLayout {
            width: scroll.availableWidth
            spacing: 2
            Repeater {
                objectName: "sheetRows"
                model: sheet.rows
                delegate: ColumnLayout {
                    id: row
                    required property var modelData
                    required property int index
                    readonly property bool firstOfSection: index === 0 || sheet.rows[index - 1].section !== modelData.section
                    Layout.fillWidth: true
                    spacing: 2
                    Label {
                        visible: row.firstOfSection
                        Layout.topMargin: row.index === 0 ? 0 : 8
                        text: row.modelData.section
                        font.bold: true
                    }
                    RowLayout {
                        Layout.fillWidth: true
                        spacing: 12
                        Label {
                            objectName: "sheetKeys"
                            Layout.preferredWidth: 170
                            text: row.modelData.keys
                            font.family: "DejaVu Sans Mono"
                            color: "#ffd54a"
                            wrapMode: Text.WordWrap
                        }
                        Label {
                            Layout.fillWidth: true
                            text: row.modelData.description
                            wrapMode: Text.WordWrap
                        }
                    }
                }
            }
            Label { text: qsTr("Mouse"); font.bold: true; Layout.topMargin: 8 }
            Label {
                Layout.fillWidth: true
                wrapMode: Text.WordWrap
                text: qsTr("Drag: orbit. Wheel: zoom. Click a node: select it for the node inspector. Click a packet: follow it. With Break links on (X): click a link to break or repair it. Right-click a node: fail or repair it, make it a hot spare. Double-click a node: centre it.")
            }
        }
    }
}

// The side panel's account of the network: its nodes and links in the
// family's words, the failed links and nodes, Undo and Redo with what they
// would take back, and the failed links listed (a click repairs one).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

ColumnLayout {
    id: counts
    required property NetworkController controller
    spacing: 8

    GridLayout {
        Layout.fillWidth: true
        columns: 2
        columnSpacing: 16
        // Each family's words: a fat-tree's nodes are RN1s and endpoints, its links channels.
        Label { text: counts.controller.family.text.nodesHeading; color: "#b8c0cc" }
        Label { text: counts.controller.nodeCount; Layout.fillWidth: true }
        Label { text: counts.controller.family.text.linksHeading; color: "#b8c0cc" }
        Label {
            objectName: "linkCountLabel"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            text: counts.controller.family.text.linkCount
        }
        Label { text: counts.controller.family.text.failedLinksHeading; color: "#b8c0cc" }
        Label {
            objectName: "failedLinkCountLabel"
            Layout.fillWidth: true
            text: counts.controller.failedLinkCount
            color: counts.controller.failedLinkCount > 0 ? "#ff8a80" : palette.windowText
        }
        // Failed routers (issue 42, item 5: a failed unit tree was never counted).
        Label { text: counts.controller.family.text.failedNodesHeading; color: "#b8c0cc" }
        Label {
            objectName: "failedNodeCountLabel"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            text: counts.controller.family.failedNodes(counts.controller.failedNodeCount, counts.controller.failedBlockCount)
            color: counts.controller.failedNodeCount > 0 ? "#ff8a80" : palette.windowText
        }
    }

    RowLayout {
        Layout.fillWidth: true
        Button {
            text: qsTr("Undo")
            enabled: counts.controller.canUndo
            onClicked: counts.controller.undo()
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: counts.controller.canUndo
                          ? qsTr("Undo: %1 (Ctrl+Z)").arg(counts.controller.undoText) : qsTr("Nothing to undo (Ctrl+Z)")
        }
        Button {
            text: qsTr("Redo")
            enabled: counts.controller.canRedo
            onClicked: counts.controller.redo()
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: counts.controller.canRedo
                          ? qsTr("Redo: %1 (Ctrl+Shift+Z)").arg(counts.controller.redoText) : qsTr("Nothing to redo (Ctrl+Shift+Z)")
        }
    }

    Label { text: qsTr("Failed links"); font.bold: true; visible: counts.controller.failedLinkCount > 0 }
    ListView {
        id: failedList
        Layout.fillWidth: true
        Layout.preferredHeight: Math.min(contentHeight, 160)
        visible: counts.controller.failedLinkCount > 0
        clip: true
        model: counts.controller.failedLinkIds
        delegate: ItemDelegate {
            required property int modelData
            width: failedList.width
            text: counts.controller.describeLinkEnds(modelData)
            font.family: "DejaVu Sans Mono"
            font.pixelSize: 12
            padding: 4
            onClicked: counts.controller.setLinkUp(modelData, true)
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Click to repair this link")
        }
    }
}

// Routing-tag editor (issue 5): source and destination by two node clicks
// (while "Pick" is on) or typed coordinates; the tag as the T3E manual's
// Table 7 fields and as 64-bit hex; every edit is traced by the engine
// (TagEditor -> worker -> path tracer) and shown as a hop list (and as a
// ghost line in the 3D view); Apply asks first when the preview found a
// problem; Revert restores the generated LUT entry.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

ColumnLayout {
    id: root
    required property TagEditor editor
    // While on, node clicks in the view go to the editor (source, then destination).
    property alias picking: pickButton.checked
    spacing: 6

    function field(name) { return root.editor.fields[name] }

    RowLayout {
        Layout.fillWidth: true
        Button {
            id: pickButton
            objectName: "pickButton"
            checkable: true
            text: qsTr("Pick")
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Click the source node, then the destination node in the view")
        }
        Label {
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            color: "#b8c0cc"
            text: !root.picking ? qsTr("or type coordinates:")
                  : root.editor.pickingDestination ? qsTr("Now click the destination.") : qsTr("Click the source node.")
        }
    }
    GridLayout {
        Layout.fillWidth: true
        columns: 2
        Label { text: qsTr("Source") }
        TextField {
            objectName: "sourceField"
            Layout.fillWidth: true
            placeholderText: qsTr("x,y,z")
            text: root.editor.source >= 0 ? root.editor.sourceText : ""
            onAccepted: root.editor.setSourceCoordinates(text)
        }
        Label { text: qsTr("Destination") }
        TextField {
            objectName: "destinationField"
            Layout.fillWidth: true
            placeholderText: qsTr("x,y,z")
            text: root.editor.destination >= 0 ? root.editor.destinationText : ""
            onAccepted: root.editor.setDestinationCoordinates(text)
        }
    }

    // Table 7 fields.
    GridLayout {
        objectName: "tagFields"
        visible: root.editor.hasPreview && root.editor.hasLut
        enabled: root.editor.source >= 0 && root.editor.destination >= 0
        Layout.fillWidth: true
        columns: 3
        columnSpacing: 6
        rowSpacing: 2
        Label { text: qsTr("INITIAL_HOP") }
        ComboBox {
            objectName: "initialHopBox"
            Layout.columnSpan: 2
            Layout.fillWidth: true
            model: [qsTr("+X"), qsTr("+Y"), qsTr("+Z"), qsTr("none")]
            currentIndex: root.field("initialHop") ?? 3
            onActivated: (index) => root.editor.setField("initialHop", index)
        }
        Repeater {
            model: [{ dim: "X", addr: "xAddr", sign: "xMinus", max: 7 },
                    { dim: "Y", addr: "yAddr", sign: "yMinus", max: 31 },
                    { dim: "Z", addr: "zAddr", sign: "zMinus", max: 15 }]
            delegate: RowLayout {
                required property var modelData
                Layout.columnSpan: 3
                Layout.fillWidth: true
                Label { text: qsTr("%1_ADR").arg(modelData.dim); Layout.preferredWidth: 70 }
                NumberField {
                    objectName: modelData.addr + "Box"
                    fieldName: qsTr("%1_ADR").arg(modelData.dim)
                    Layout.fillWidth: true
                    from: 0
                    to: modelData.max
                    value: root.field(modelData.addr) ?? 0
                    onValueModified: root.editor.setField(modelData.addr, value)
                }
                CheckBox {
                    objectName: modelData.sign + "Box"
                    text: qsTr("minus")
                    checked: root.field(modelData.sign) ?? false
                    onToggled: root.editor.setField(modelData.sign, checked ? 1 : 0)
                    ToolTip.visible: hovered
                    ToolTip.delay: 500
                    ToolTip.text: qsTr("%1_SGN: 0 = +%1, 1 = -%1 (Table 7)").arg(modelData.dim)
                }
            }
        }
        CheckBox {
            objectName: "finalHopBox"
            text: qsTr("FINAL_HOP (-Z)")
            checked: root.field("finalHop") ?? false
            onToggled: root.editor.setField("finalHop", checked ? 1 : 0)
        }
        CheckBox {
            objectName: "adaptiveBox"
            Layout.columnSpan: 2
            text: qsTr("ADAPTIVE")
            checked: root.field("adaptive") ?? false
            onToggled: root.editor.setField("adaptive", checked ? 1 : 0)
        }
        Label { text: qsTr("Hex") }
        TextField {
            objectName: "hexField"
            Layout.columnSpan: 2
            Layout.fillWidth: true
            font.family: "DejaVu Sans Mono"
            text: root.editor.tagHex
            onAccepted: root.editor.setTagHex(text)
        }
    }
    Label {
        visible: root.editor.lutEdited
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        color: "#ffd54a"
        text: qsTr("The LUT entry is edited; generated: %1").arg(root.editor.generatedTagHex)
    }
    Label {
        id: errorLabel
        objectName: "tagErrorLabel"
        text: root.editor.inputError  // cleared by the next input and by a new scenario
        visible: text.length > 0
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        color: "#ff8a80"
    }

    // The preview: outcome, warnings, hops.
    Label {
        objectName: "outcomeLabel"
        visible: root.editor.hasPreview
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        font.bold: true
        color: root.editor.delivered ? "#a5d6a7" : "#ff8a80"
        text: root.editor.modified ? qsTr("Preview: %1").arg(root.editor.outcomeText)
                                   : qsTr("Route: %1").arg(root.editor.outcomeText)
    }
    Repeater {
        model: root.editor.warnings
        delegate: Label {
            required property string modelData
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            color: "#ff8a80"
            text: "\u26a0 " + modelData
        }
    }
    Repeater {
        objectName: "hopList"
        model: root.editor.hops
        delegate: Label {
            required property var modelData
            Layout.fillWidth: true
            font.family: "DejaVu Sans Mono"
            font.pixelSize: 11
            color: modelData.violation ? "#ff8a80" : modelData.crossed ? "#ffd54a" : palette.windowText
            text: modelData.text
        }
    }

    RowLayout {
        Layout.fillWidth: true
        Button {
            objectName: "applyButton"
            text: qsTr("Apply")
            enabled: root.editor.canApply
            onClicked: root.editor.warnings.length > 0 ? confirmDialog.open() : root.editor.apply()
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Write this tag into the source's LUT entry in the running engine")
        }
        Button {
            objectName: "revertButton"
            text: qsTr("Revert")
            enabled: root.editor.lutEdited || root.editor.modified
            onClicked: root.editor.modified && !root.editor.lutEdited ? root.editor.discardEdit() : root.editor.revert()
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Restore the generated LUT entry")
        }
        Button {
            objectName: "tagClearButton"
            text: qsTr("Clear")
            onClicked: root.editor.clear()  // it clears the input error too (TagEditor::clear)
        }
    }

    Dialog {
        id: confirmDialog
        objectName: "confirmDialog"
        parent: Overlay.overlay
        anchors.centerIn: parent
        modal: true
        title: qsTr("Apply this routing tag?")
        standardButtons: Dialog.Apply | Dialog.Cancel
        width: 420
        // Opaque: the 3D view underneath is an underlay.
        background: Rectangle { color: "#262b35"; border.color: "#4a5262"; radius: 4 }
        Label {
            width: confirmDialog.availableWidth
            wrapMode: Text.WordWrap
            text: root.editor.warnings.join("\n")
        }
        onApplied: { root.editor.apply(); close() }
    }
}

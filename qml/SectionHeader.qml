// The header of a folded section of the side panel: a flat, bold, checkable
// button with its fold arrow (open ▾, folded ▸) and a tooltip. Opened, its
// section is scrolled into view (SidePanel.reveal), unless the panel opens
// it itself.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

Button {
    id: header
    // The SidePanel (an Item: a typed property would make the two files
    // depend on each other) and what the header unfolds.
    required property Item sidePanel
    property Item content: null
    property string title: ""
    property string tip: ""
    onCheckedChanged: if (checked) sidePanel.reveal(header, content)
    Layout.fillWidth: true
    Layout.topMargin: 6
    checkable: true
    flat: true
    text: (checked ? "\u25be " : "\u25b8 ") + title
    font.bold: true
    ToolTip.visible: hovered && tip.length > 0
    ToolTip.delay: 500
    ToolTip.text: tip
}

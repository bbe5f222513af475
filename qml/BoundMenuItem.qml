// A menu entry that shows the keys of its KeyBindings entry on the right
// (Fusion's MenuItem shows no shortcut). The key itself is bound by a
// Shortcut elsewhere (one per binding); the entry only triggers the action.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

MenuItem {
    id: item
    property string binding: ""
    readonly property string keysText: binding.length > 0 ? KeyBindings.text(binding) : ""

    contentItem: RowLayout {
        spacing: 24
        opacity: item.enabled ? 1 : 0.45
        Label {
            Layout.fillWidth: true
            leftPadding: item.checkable && item.indicator ? item.indicator.width + item.spacing : 0
            text: item.text
            color: item.highlighted ? item.palette.highlightedText : item.palette.text
        }
        Label {
            visible: text.length > 0
            text: item.keysText
            color: item.highlighted ? item.palette.highlightedText : item.palette.placeholderText
        }
    }
}

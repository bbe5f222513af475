// A small button over the 3D view with a tooltip.
import QtQuick
import QtQuick.Controls

Button {
    required property string tip
    implicitWidth: Math.max(40, implicitContentWidth + 20)
    focusPolicy: Qt.NoFocus
    ToolTip.visible: hovered && tip.length > 0
    ToolTip.delay: 500
    ToolTip.text: tip
}

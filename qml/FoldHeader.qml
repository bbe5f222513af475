// The title row of a box over the 3D view that folds to it (the packet
// legend, PacketLegend.qml; a fat-tree's circuit counters, CircuitHud.qml),
// and the one rule they fold by (issue 42, item 8: at 1280x720 with the
// charts open the legend covered the whole view and its buttons; the
// counters covered the tree beside the map). `foldChoice` -1 folds the box
// when it does not fit `room` (the height the view leaves it) or would
// cover more than `widthRoom` of the view's width; 0 / 1 are the person's
// choice, made with the button.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

RowLayout {
    id: header
    required property string title
    property alias buttonName: button.objectName
    property string unfoldTip  // the button's tooltip when folded, and when not
    property string foldTip
    property real room: 100000
    property real widthRoom: 100000
    property real unfoldedHeight: 0  // the box's size unfolded
    property real unfoldedWidth: 0
    property int foldChoice: -1
    readonly property bool folded: foldChoice === 1 || (foldChoice === -1 && (unfoldedHeight > room || unfoldedWidth > widthRoom))
    spacing: 6
    Label { text: header.title; font.bold: true; font.pixelSize: 12; color: "#e6e9ef" }
    ToolButton {
        id: button
        text: header.folded ? "\u25b8" : "\u25be"
        font.pixelSize: 12
        padding: 0
        implicitHeight: 18
        implicitWidth: 22
        focusPolicy: Qt.NoFocus
        onClicked: header.foldChoice = header.folded ? 0 : 1
        ToolTip.visible: hovered
        ToolTip.delay: 400
        ToolTip.text: header.folded ? header.unfoldTip : header.foldTip
    }
}

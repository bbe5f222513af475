// One legend entry: a swatch drawn like the element (ball, bar, stub, broken
// bar) and its meaning.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

RowLayout {
    id: row
    property color swatch
    property bool round: false
    property bool stub: false
    property bool broken: false
    property alias text: label.text
    Layout.fillWidth: true
    spacing: 10

    Item {
        Layout.preferredWidth: 34
        Layout.preferredHeight: 16
        Layout.alignment: Qt.AlignTop
        Rectangle {  // node: a ball
            visible: row.round
            anchors.centerIn: parent
            width: 14; height: 14; radius: 7
            color: row.swatch
        }
        Rectangle {  // link: a bar, or a short stub for wrap links
            visible: !row.round && !row.broken
            anchors.verticalCenter: parent.verticalCenter
            x: 0
            width: row.stub ? 14 : 34
            height: row.stub ? 3 : 5
            color: row.swatch
        }
        Rectangle {  // ...and one at the other end of the ring
            visible: row.stub
            anchors.verticalCenter: parent.verticalCenter
            x: 20; width: 14; height: 3
            color: row.swatch
        }
        Repeater {  // failed link: two halves and a gap with an X
            model: row.broken ? 2 : 0
            Rectangle {
                required property int index
                anchors.verticalCenter: parent.verticalCenter
                x: index === 0 ? 0 : 22
                width: 12; height: 5
                color: row.swatch
            }
        }
        Label {
            visible: row.broken
            anchors.centerIn: parent
            text: "\u2715"
            color: row.swatch
            font.bold: true
        }
    }
    Label {
        id: label
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
    }
}

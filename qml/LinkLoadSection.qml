// The side panel's Link load section: the heat map (the windowed flow) and
// the detour, the routes the last break or repair changed, with a list of
// the changed pairs (a click draws one pair's paths before and now).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

ColumnLayout {
    id: section
    // The NetworkView (an Item: it owns heatMap, detour and outcome), what
    // the family offers, and whether a simulation runs.
    required property Item view
    required property var offers
    required property bool live
    visible: live && (offers.linkHeat || offers.reroutes)
    spacing: 8
    Label { text: qsTr("Link load"); font.bold: true; Layout.topMargin: 6 }
    CheckBox {
        objectName: "heatMapCheck"
        visible: section.live && section.offers.linkHeat
        text: qsTr("Heat map (H)")
        checked: section.view.heatMap
        onToggled: section.view.heatMap = checked
    }
    CheckBox {
        objectName: "detourCheck"
        visible: section.live && section.offers.reroutes
        Layout.fillWidth: true
        text: qsTr("Detour: routes the last break or repair changed (Shift+H)")
        checked: section.view.detour
        onToggled: section.view.detour = checked
        ToolTip.visible: hovered
        ToolTip.delay: 500
        ToolTip.text: qsTr("Green: the paths the changed routes take now; violet: their paths before; the rest of the network dimmed. Pick a pair below to see its two paths.")
    }
    ColumnLayout {
        objectName: "detourSection"
        visible: section.live && section.offers.reroutes && section.view.detour
        Layout.fillWidth: true
        spacing: 2
        Label {
            objectName: "detourSummary"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            color: "#b8c0cc"
            text: section.view.outcome.detourSummary
                  + (pairList.count > 0 ? " " + qsTr("Pick one to see its path before (violet, dashed) and now (green):") : "")
        }
        ListView {
            id: pairList
            objectName: "detourPairList"
            Layout.fillWidth: true
            Layout.preferredHeight: Math.min(contentHeight, 140)
            visible: count > 0
            clip: true
            model: section.view.outcome ? section.view.outcome.changedPairNames : []
            currentIndex: section.view.outcome ? section.view.outcome.shownPair : -1
            ScrollBar.vertical: ScrollBar {}
            delegate: ItemDelegate {
                required property int index
                required property string modelData
                width: pairList.width
                padding: 2
                font.pixelSize: 12
                highlighted: index === section.view.outcome.shownPair
                text: modelData
                onClicked: section.view.outcome.shownPair = index === section.view.outcome.shownPair ? -1 : index
            }
        }
    }
}

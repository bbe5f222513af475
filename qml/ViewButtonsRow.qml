// The 3D view's on-screen buttons (NetworkView.qml; the keyboard has the same
// actions): fit, zoom, heat map, age colours, the slice, break mode, reset the camera.
// They wrap onto a second row when the view is narrow (a lesson and the
// deadlock lab beside it at 1280x720), so none is hidden under a panel.
import QtQuick
import QtQuick.Controls
import Flitscope

Flow {
    id: buttons
    required property Item view
    spacing: 6
    ViewButton {
        text: qsTr("Fit")
        tip: qsTr("Show the whole network (F)")
        onClicked: buttons.view.fit()
    }
    ViewButton {
        text: "+"
        tip: qsTr("Zoom in (+ or mouse wheel)")
        onClicked: buttons.view.zoom(1 / 1.2)
    }
    ViewButton {
        text: "\u2212"
        tip: qsTr("Zoom out (- or mouse wheel)")
        onClicked: buttons.view.zoom(1.2)
    }
    ViewButton {
        objectName: "heatMapButton"
        visible: buttons.view.simulation !== null && buttons.view.family.offers.linkHeat
        text: qsTr("Heat")
        highlighted: buttons.view.heatMap
        tip: qsTr("Colour links by utilization (H)")
        onClicked: buttons.view.heatMap = !buttons.view.heatMap
    }
    // Disabled while the arbiter is not age; the tooltip still says why.
    Item {
        visible: buttons.view.simulation !== null && buttons.view.family.offers.packetAges
        implicitWidth: ageButton.implicitWidth
        implicitHeight: ageButton.implicitHeight
        ViewButton {
            id: ageButton
            objectName: "ageColorButton"
            anchors.fill: parent
            enabled: buttons.view.ageColorsAvailable
            text: qsTr("Age")
            highlighted: buttons.view.ageColorsShown
            tip: ""
            onClicked: buttons.view.ageColors = !buttons.view.ageColors
        }
        HoverHandler { id: ageHover }
        ToolTip.visible: ageHover.hovered
        ToolTip.delay: 500
        ToolTip.text: buttons.view.ageColorsAvailable
                      ? qsTr("Colour packets by their age under the age arbiter instead of by virtual channel (A)")
                      : qsTr("Colour by age needs the age arbiter (Cray XT); this machine's arbiter is %1. Switch it under Arbitration in the side panel.")
                        .arg(buttons.view.simulation !== null && buttons.view.simulation.arbiter === "t3e" ? qsTr("the T3E's") : qsTr("round robin"))
    }
    ViewButton {
        objectName: "sliceButton"
        text: buttons.view.family.text.flatView
        highlighted: buttons.view.sliceOpen
        tip: buttons.view.family.text.flatViewTip
        onClicked: buttons.view.sliceOpen = !buttons.view.sliceOpen
    }
    // Breaking links is a mode (issue 42: no link breaks by a misclick).
    ViewButton {
        objectName: "breakModeButton"
        text: buttons.view.family.text.breakLinks
        highlighted: buttons.view.controller.breakMode
        palette.highlight: "#e53935"  // red while clicks break links
        tip: buttons.view.controller.breakMode
             ? qsTr("Break mode is on: a click on a link breaks or repairs it. Click here, press X or Esc to leave it.")
             : qsTr("Turn on break mode: then a click on a link breaks or repairs it (X). B breaks the link under the mouse at any time.")
        onClicked: buttons.view.controller.breakMode = !buttons.view.controller.breakMode
    }
    ViewButton {
        text: "\u21ba"
        tip: qsTr("Reset the camera to the initial view (Home)")
        onClicked: buttons.view.resetView()
    }
}

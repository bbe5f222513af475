// Legend of the live packets in the 3D view (issue 5): VC class colours
// (VcPalette, the same as the charts) or, in the colour-by-age mode, the age
// ramp and the four age groups (AgePalette), head and body shapes, the adaptive
// trail, dateline crossing and violation marks with their counts, and the
// heat scale while the heat map is on. With barrier networks (sync.trees) the
// barrier VC's colour: its single-flit packets are drawn with the barrier
// tree (SyncTreeOverlay) and the colour is theirs in the VC occupancy chart.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

Rectangle {
    id: legend
    property bool heatMap: false
    // The detour view (LinkHeatInstancing.routeChange): what the last route
    // rebuild changed and why.
    property bool detour: false
    property string detourSummary: ""
    property bool ageColors: false
    // Level of detail (PacketScene.perLink): too many flits to draw one by
    // one; the links show them.
    property bool perLink: false
    property double flitsInNetwork: 0
    // The VC classes the machine has and their legend entries
    // (SimulationController.vcLegend: classes, names); empty: all five.
    property var vcClasses: []
    property var vcNames: []
    property bool barrierVc: false  // the simulation has barrier networks (ChartFeeder.barrierNetworks)
    readonly property bool layoutKnown: vcClasses.length > 0
    property double crossings: 0
    property double violations: 0
    // Dateline nodes marked in the view (DatelineInstancing.markerCount); -1:
    // not known. A machine without datelines (a mesh, the TRC's rings under
    // some VC rules) and with nothing crossed leaves the dateline lines out.
    property int datelineMarkers: -1
    readonly property bool datelinesShown: datelineMarkers !== 0 || crossings > 0 || violations > 0
    property double maxUtilization: 0
    color: "#ee15181e"
    radius: 4
    width: column.implicitWidth + 16
    height: column.implicitHeight + 16

    component Swatch: RowLayout {
        property color swatch
        property bool block: false
        property alias text: label.text
        spacing: 6
        Rectangle {
            Layout.preferredWidth: 14
            Layout.preferredHeight: block ? 10 : 8
            radius: block ? 1 : 4
            color: parent.swatch
        }
        Label { id: label; color: "#d6dbe4"; font.pixelSize: 12 }
    }

    // Folding: FoldHeader.qml's rule.
    property alias room: header.room
    property alias widthRoom: header.widthRoom
    property alias foldChoice: header.foldChoice
    readonly property alias folded: header.folded

    ColumnLayout {
        id: column
        x: 8; y: 6
        spacing: 2
        FoldHeader {
            id: header
            title: qsTr("Packets")
            buttonName: "legendFoldButton"
            unfoldTip: qsTr("Show the whole legend (L hides it)")
            foldTip: qsTr("Fold the legend to this line (L hides it)")
            unfoldedHeight: header.implicitHeight + body.implicitHeight + column.spacing + 16
            unfoldedWidth: Math.max(header.implicitWidth, body.implicitWidth) + 16
        }
        // Why no packets are drawn: shown even when the legend is folded.
        Label {
            objectName: "perLinkLegend"
            visible: legend.perLink
            color: "#e6e9ef"; font.pixelSize: 12
            text: qsTr("%1 flits in flight: too many to draw one by one.\nEach link shows its flits: the colour of the VC class\nof most of them, brighter when fuller; grey when empty.")
                  .arg(Math.round(legend.flitsInNetwork).toLocaleString(Qt.locale(), "f", 0))
        }
        ColumnLayout {
            id: body
            objectName: "legendBody"
            visible: !legend.folded
            spacing: 2
            Repeater {
                model: legend.ageColors ? 0 : legend.layoutKnown ? legend.vcClasses.length : VcPalette.names.length
                Swatch {
                    readonly property int vcClass: legend.layoutKnown ? legend.vcClasses[index] : index
                    swatch: VcPalette.colors[vcClass]
                    block: true
                    text: legend.layoutKnown ? legend.vcNames[index] : VcPalette.names[vcClass]
                }
            }
            Swatch {
                objectName: "barrierVcLegend"
                visible: legend.barrierVc
                swatch: VcPalette.barrier
                block: true
                // Two lines: one would make the legend wider, over more of the machine.
                text: qsTr("%1: barrier/eureka packets\n(drawn with the barrier tree, %2)").arg(VcPalette.barrierName)
                      .arg(KeyBindings.text("syncTree"))
            }
            ColumnLayout {
                objectName: "ageLegend"
                visible: legend.ageColors
                spacing: 2
                Label { text: qsTr("Age (XT age arbiter, 0 to 255)"); color: "#d6dbe4"; font.pixelSize: 12 }
                Rectangle {
                    Layout.preferredWidth: 160
                    Layout.preferredHeight: 10
                    gradient: Gradient {
                        orientation: Gradient.Horizontal
                        GradientStop { position: 0.0; color: AgePalette.color(0) }
                        GradientStop { position: 0.25; color: AgePalette.color(64) }
                        GradientStop { position: 0.5; color: AgePalette.color(128) }
                        GradientStop { position: 0.75; color: AgePalette.color(192) }
                        GradientStop { position: 1.0; color: AgePalette.color(255) }
                    }
                }
                Repeater {
                    model: legend.ageColors ? AgePalette.groupNames.length : 0
                    Swatch { swatch: AgePalette.groupColors[index]; block: true; text: AgePalette.groupNames[index] }
                }
            }
            Label { text: qsTr("head: long diamond, body: small diamond"); color: "#9aa3b2"; font.pixelSize: 12 }
            Label {
                objectName: "adaptiveTrailLegend"
                // Only for a machine with an adaptive VC (class 4, "adaptive").
                visible: !legend.layoutKnown || legend.vcClasses.indexOf(4) >= 0
                text: qsTr("adaptive: fading trail"); color: "#9aa3b2"; font.pixelSize: 12
            }
            Swatch { visible: legend.datelinesShown; swatch: "#fff8e1"; text: qsTr("white halo: dateline crossed (VC0 to VC1)") }
            Swatch { visible: legend.datelinesShown; swatch: VcPalette.datelineViolation; text: qsTr("red: dateline violation") }
            Swatch {
                objectName: "detourSwatch"
                swatch: NetworkPalette.detour
                text: qsTr("green collar: detour or relay of the last rebuild")
            }
            Swatch { visible: legend.datelinesShown; swatch: "#9aa3b2"; block: true; text: qsTr("grey ring: dateline node") }
            Label {
                objectName: "datelineCounts"
                visible: legend.datelinesShown
                color: legend.violations > 0 ? VcPalette.datelineViolation : "#e6e9ef"
                font.pixelSize: 12
                text: qsTr("Dateline crossings: %1, violations: %2").arg(legend.crossings).arg(legend.violations)
            }
            ColumnLayout {
                objectName: "detourLegend"
                visible: legend.detour
                spacing: 2
                Label { text: qsTr("Detour: the routes the last break or repair changed"); font.bold: true; font.pixelSize: 12; color: "#e6e9ef" }
                Label {
                    objectName: "detourCause"
                    color: "#d6dbe4"; font.pixelSize: 12
                    Layout.maximumWidth: 360
                    wrapMode: Text.WordWrap
                    text: legend.detourSummary
                }
                Swatch { block: true; swatch: HeatPalette.routeRoleColor(LinkHeatInstancing.RouteNow); text: qsTr("their paths now") }
                Swatch { block: true; swatch: HeatPalette.routeRoleColor(LinkHeatInstancing.RouteBefore); text: qsTr("their paths before, no longer taken") }
                Swatch { block: true; swatch: HeatPalette.routeRoleColor(LinkHeatInstancing.OtherLink); text: qsTr("every other link") }
                Swatch { block: true; swatch: NetworkPalette.failed; text: qsTr("failed link (a red X, drawn on top)") }
            }
            ColumnLayout {
                visible: legend.heatMap && !legend.detour
                spacing: 2
                Label { text: qsTr("Link utilization (flits per cycle)"); font.bold: true; font.pixelSize: 12; color: "#e6e9ef" }
                Rectangle {
                    Layout.preferredWidth: 160
                    Layout.preferredHeight: 10
                    gradient: Gradient {
                        orientation: Gradient.Horizontal
                        GradientStop { position: 0.0; color: HeatPalette.color(0.0) }
                        GradientStop { position: 0.33; color: HeatPalette.color(0.33) }
                        GradientStop { position: 0.66; color: HeatPalette.color(0.66) }
                        GradientStop { position: 1.0; color: HeatPalette.color(1.0) }
                    }
                }
                Label {
                    color: "#9aa3b2"; font.pixelSize: 12
                    text: qsTr("0 to 1; busiest now: %1").arg(legend.maxUtilization.toFixed(2))
                }
            }
        }
    }
}

// Arbitration fairness (ArbitrationCharts; the XT paper's Figure 4):
// accepted flits per cycle per source node over the recent window.
import QtQuick
import Flitscope
import QtCharts
import QtQuick.Controls

LiveChart {
    objectName: "sourceThroughputChart"
    available: !host.charts.circuits
    // The window in our own caption: Qt Charts kept an axis title's
    // first text ("last 0 cycles") after the bars had moved on.
    caption: host.fairness.spanCycles > 0
             ? qsTr("Accepted per source (flits/cycle), last %1 cycles").arg(host.fairness.spanCycles.toFixed(0))
             : qsTr("Accepted per source (flits/cycle)")
    csvExport: false
    legend.visible: false
    // Room for the range line from its font, not from the Label's
    // implicitHeight: that binding looped while the chart laid
    // itself out (tst_gui_soak, a fat-tree opened with the charts open).
    margins.bottom: sourceX.many ? sourceRangeMetrics.height + 8 : 2
    FontMetrics { id: sourceRangeMetrics; font.pixelSize: 11 }
    BarCategoryAxis {
        id: sourceX
        // More than 16 bars: labels elided to "..." and grid lines filling the
        // chart; sourceRange below says which nodes run left to right instead.
        readonly property bool many: host.fairness.sourceLabels.length > 16
        categories: host.fairness.sourceLabels.length > 0 ? host.fairness.sourceLabels : [" "]  // never empty: a title at the corner
        titleText: qsTr("source node")
        titleVisible: !many  // QtCharts 6.4 draws no title without labels
        labelsVisible: !many
        gridVisible: !many
        labelsFont.pixelSize: 9
    }
    ValueAxis { id: sourceY; min: 0; max: host.fairness.sourceAxisMax; labelFormat: "%.3f" }
    BarSeries {
        barWidth: 0.8
        axisX: sourceX
        axisY: sourceY
        BarSet {
            id: sourceBars
            label: qsTr("accepted")
            color: "#4fc3f7"
            borderColor: "#4fc3f7"
            Component.onCompleted: host.fairness.attachBarSet(ArbitrationCharts.SourceBars, sourceBars)
        }
    }
    Label {
        id: sourceRange
        objectName: "sourceRange"
        visible: sourceX.many
        anchors.bottom: parent.bottom
        anchors.bottomMargin: 6
        anchors.horizontalCenter: parent.horizontalCenter
        width: parent.width - 12
        horizontalAlignment: Text.AlignHCenter
        elide: Text.ElideRight
        font: sourceRangeMetrics.font
        color: "#b8c0cc"
        text: host.fairness.nodesPerBar > 1
              ? qsTr("nodes 0-%1 left to right, %2 a bar").arg(host.fairness.sourceNodes - 1).arg(host.fairness.nodesPerBar)
              : qsTr("nodes 0-%1 left to right").arg(host.fairness.sourceNodes - 1)
    }
}

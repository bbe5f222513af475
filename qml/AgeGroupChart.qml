// The ages of the heads leaving the routers by age group over the recent
// window (ArbitrationCharts; the XT paper's Table 4 groups, Figure 5), under
// the age arbiter only.
import QtQuick
import Flitscope
import QtCharts
import QtQuick.Controls

LiveChart {
    id: ageChart
    objectName: "ageGroupChart"
    available: !host.charts.circuits
    readonly property bool ages: host.simulation.arbiter === "age"
    caption: ageChart.ages && host.fairness.spanCycles > 0
             ? qsTr("Ages of heads sent (%), last %1 cycles").arg(host.fairness.spanCycles.toFixed(0))
             : qsTr("Ages of heads sent (%)")
    csvExport: false
    legend.visible: false
    BarCategoryAxis {
        id: ageX
        // The groups 0-63, 64-127, 128-191, 192-255 (XT Table 4) by their
        // first age: short enough for a bar's width in a narrow chart
        // (QtCharts elides a longer label; labels are rich text: no "<").
        categories: ["0", "64", "128", "192"]
        titleText: qsTr("age group (from)")
        labelsFont.pixelSize: 9
        visible: ageChart.ages
    }
    ValueAxis { id: ageY; min: 0; max: 100; labelFormat: "%.0f"; visible: ageChart.ages }
    BarSeries {
        visible: ageChart.ages
        barWidth: 0.8
        axisX: ageX
        axisY: ageY
        BarSet {
            id: ageBars
            label: qsTr("heads")
            color: "#ffb74d"
            borderColor: "#ffb74d"
            Component.onCompleted: host.fairness.attachBarSet(ArbitrationCharts.AgeBars, ageBars)
        }
    }
    Label {
        objectName: "noAgesLabel"
        anchors.centerIn: parent
        visible: !ageChart.ages
        width: ageChart.width - 24
        horizontalAlignment: Text.AlignHCenter
        wrapMode: Text.WordWrap
        color: "#b8c0cc"
        text: qsTr("No ages under this arbiter: %1").arg(host.simulation.arbiterLabel(host.simulation.arbiter))
    }
}

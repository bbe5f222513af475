// One chart of the charts panel (ChartsPanel.qml): a Qt Charts view with
// its caption and CSV button drawn above the plot and its legend wrapped
// below it (Qt Charts' own title and legend are cut short with "..." in a
// narrow chart). `host` is the panel: the feeder, presenter mode's one chart,
// the intervention markers' colour and the CSV dialog.
import QtQuick
import Flitscope
import QtCharts
import QtQuick.Controls
import QtQuick.Layouts

ChartView {
    id: chart
    required property Item host  // the ChartsPanel (a typed property would make the two files depend on each other)
    // Whether the machine has what the chart shows; presenter mode shows
    // the one chart chosen (host.onlyChart, its objectName) alone.
    property bool available: true
    visible: available && (host.onlyChart === "" || host.onlyChart === objectName)
    property int chartKind: ChartFeeder.LatencyChart
    property string csvName: "chart.csv"
    property bool csvExport: true
    // Our own legend, wrapped below the plot (Qt Charts' own cuts names
    // short with an ellipsis when the chart is narrow): [[name, colour], ...].
    property var entries: []
    property bool markers: false
    // The chart's title, drawn by us above the plot beside the CSV button
    // (Qt Charts' own title is cut short, and the button covered it, in a
    // narrow chart): it wraps instead.
    property string caption: ""
    title: ""
    Layout.fillWidth: true
    Layout.fillHeight: true
    // The plot keeps room for its axis labels and title (Qt Charts elides
    // them to "..." when squeezed) above however many rows the legend wraps to.
    Layout.minimumHeight: header.implicitHeight + (chart.entries.length > 0 ? legendFlow.implicitHeight : 0) + 150
    Layout.minimumWidth: 180
    antialiasing: false
    animationOptions: ChartView.NoAnimation
    theme: ChartView.ChartThemeDark
    backgroundRoundness: 0
    margins { left: 2; right: 2; top: header.implicitHeight + 6; bottom: chart.entries.length > 0 ? legendFlow.implicitHeight + 4 : 2 }
    legend.visible: false
    titleFont.pixelSize: 12
    Flow {
        id: legendFlow
        objectName: "chartLegend"
        visible: chart.entries.length > 0
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.bottom: parent.bottom
        anchors.margins: 4
        spacing: 10
        Repeater {
            model: chart.entries.concat(chart.markers && host.charts.interventionCount > 0
                                        ? [[qsTr("intervention"), host.markerColor]] : [])
            Row {
                required property var modelData
                spacing: 4
                Rectangle { width: 12; height: 3; color: parent.modelData[1]; anchors.verticalCenter: parent.verticalCenter }
                Label { text: parent.modelData[0]; font.pixelSize: 10; color: "#e6e9ef" }
            }
        }
    }
    RowLayout {
        id: header
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.top: parent.top
        anchors.margins: 4
        spacing: 4
        Label {
            objectName: "chartTitle"
            Layout.fillWidth: true
            text: chart.caption
            wrapMode: Text.WordWrap
            horizontalAlignment: Text.AlignHCenter
            font.pixelSize: 12
            font.bold: true
            color: "#e6e9ef"
        }
        ToolButton {
            objectName: "csvButton"
            visible: chart.csvExport
            text: qsTr("CSV")
            font.pixelSize: 11
            topPadding: 2
            bottomPadding: 2
            onClicked: host.exportCsv(chart.chartKind)
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Save this chart's data (every interval, not decimated) as a CSV file")
        }
    }
}

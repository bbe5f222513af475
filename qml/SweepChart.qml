// The fat-tree's sweep view (CircuitSweep, circuit_sweep.h): the scenario
// shown, with its faults now, at nine loads on a thread of its own; first-
// attempt success against the network loading (Figures 11-12's shape).
import QtQuick
import Flitscope
import QtCharts
import QtQuick.Controls

LiveChart {
    objectName: "sweepChart"
    available: host.charts.circuits
    caption: qsTr("Sweep: first-attempt success against loading")
    chartKind: -1  // the CSV button writes the sweep's points (rate, loading, success, attempts, given up)
    readonly property real loadingAxisMax: sweepX.max  // for the tests
    ValueAxis { id: sweepX; min: 0; max: host.sweep.loadingAxisMax; labelFormat: "%.2f"; titleText: qsTr("network loading"); tickCount: 3 }
    ValueAxis { id: sweepY; min: 0; max: 100; labelFormat: "%.0f"; titleText: qsTr("%") }
    LineSeries {
        id: sweepLine
        color: "#4fc3f7"
        width: 2
        axisX: sweepX; axisY: sweepY
        Component.onCompleted: host.sweep.attachSeries(sweepLine)
    }
    ScatterSeries {
        id: sweepDots
        color: "#4fc3f7"
        markerSize: 7
        axisX: sweepX; axisY: sweepY
        Component.onCompleted: host.sweep.attachSeries(sweepDots)
    }
    // Bottom left inside the plot: low loading and low success,
    // where no point of a sweep falls.
    Column {
        x: parent.plotArea.x + 6
        y: parent.plotArea.y + parent.plotArea.height - height - 6
        spacing: 2
        Button {
            objectName: "sweepButton"
            text: host.sweep.running ? qsTr("Cancel") : qsTr("Run sweep")
            onClicked: host.sweep.running ? host.sweep.cancel() : host.sweep.start()
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Runs this fat-tree, with the faults it has now, at nine loads (%1 + %2 cycles each) beside the live simulation; the shape of the paper's Figures 11 and 12").arg(host.sweep.warmup).arg(host.sweep.cycles)
        }
        ProgressBar { visible: host.sweep.running; value: host.sweep.progress; width: 120 }
        Label {
            width: 200
            wrapMode: Text.WordWrap
            font.pixelSize: 10
            color: host.sweep.lastError.length > 0 ? "#ff8a80" : "#b8c0cc"
            text: host.sweep.lastError.length > 0 ? host.sweep.lastError : host.sweep.summary
        }
    }
}

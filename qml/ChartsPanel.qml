// Live charts (issue 5, "Live charts"): latency mean and max per interval,
// offered vs accepted throughput, VC occupancy per VC class, and the latency
// histogram; with barrier networks (issue 17) the barrier VC in the occupancy
// chart (the share of link cycles its packets took) and the latency of each
// completed barrier. The series are fed by the C++ ChartFeeder (simulation.charts) at
// 8 Hz with replace(), decimated; no animations. An interval is at least 100
// cycles and 200 ms of wall time; a dashed vertical line marks each
// intervention on the charts over cycles; the legends wrap, never cut. Each of these exports its
// data as CSV; "PNG" saves the whole window. Two bar charts show arbitration
// fairness over the recent window (ArbitrationCharts, simulation.
// arbitrationCharts; the XT paper's Figures 4 and 5): accepted flits per
// cycle per source node, and the ages of the heads leaving the routers by
// age group (only under the age arbiter). A fat-tree (issue 19) has no VCs
// and no arbiters: the circuit chart (first-attempt success and attempts per
// message per interval) and the sweep view (first-attempt success against
// the network loading, Figures 11-12's shape; CircuitSweep) take their
// places. Set `columns` to 1 for a side dock,
// 2, 3 or 6 for a bottom dock (one row: 7 with the barrier latency chart).
import QtQuick
import Flitscope
import QtCharts
import QtQuick.Controls
import QtQuick.Layouts

Pane {
    id: panel
    required property SimulationController simulation
    // A fat-tree's sweep view (circuit_sweep.h: the network shown, with its
    // faults, at nine loads), made by the composition root.
    required property CircuitSweep sweep
    readonly property ChartFeeder charts: simulation.charts
    readonly property ArbitrationCharts fairness: simulation.arbitrationCharts
    property int columns: 2
    // Presenter mode (issue 42): one chart only, this one (a LiveChart's objectName); "": all.
    property string onlyChart: ""
    // The one chart presenter mode shows, chosen in the header's list.
    property string presenterChart: "latencyChart"
    readonly property var chartChoices: [
        { name: "latencyChart", text: qsTr("Latency") },
        { name: "throughputChart", text: qsTr("Throughput") },
        { name: "vcOccupancyChart", text: qsTr("VC occupancy") },
        { name: "histogramChart", text: qsTr("Latency histogram") },
        { name: "sourceThroughputChart", text: qsTr("Throughput per source") },
        { name: "ageGroupChart", text: qsTr("Ages of packets") },
        { name: "barrierLatencyChart", text: qsTr("Barrier latency") },
        { name: "circuitChart", text: qsTr("Circuits") },
        { name: "sweepChart", text: qsTr("Sweep") }
    ]
    padding: 4

    // Intervention markers (ChartMarker.qml): a dashed vertical line on each chart over cycles.
    readonly property color markerColor: "#ffffff"

    // What an export wrote, for a few seconds beside the PNG button.
    property string savedText: ""
    function reportSaved(format, url) {
        savedText = format.arg(decodeURIComponent(url.toString().replace(/^file:\/\//, "")))
        savedTimer.restart()
    }
    Timer { id: savedTimer; interval: 6000; onTriggered: panel.savedText = "" }
    // The dialogs are created on first use (FileChooser: file_chooser.h).
    property int csvChartKind: ChartFeeder.LatencyChart
    // A chart's CSV button: its intervals (kind -1: the sweep view's points).
    function exportCsv(kind) { csvDialog.openFor(kind) }
    Loader {
        id: csvDialog
        active: false
        sourceComponent: FileChooser {
            objectName: "csvDialog"
            title: qsTr("Export chart data")
            fileMode: FileChooser.SaveFile
            defaultSuffix: "csv"
            nameFilters: [qsTr("CSV files (*.csv)"), qsTr("All files (*)")]
            // Kind -1: the sweep view's points (CircuitSweep), else a live chart's intervals.
            onAccepted: {
                const ok = panel.csvChartKind < 0 ? panel.sweep.exportCsv(selectedFile)
                                                  : panel.charts.exportCsv(panel.csvChartKind, selectedFile)
                if (ok) panel.reportSaved(qsTr("Chart data saved to %1"), selectedFile)
            }
        }
        function openFor(kind) {
            panel.csvChartKind = kind
            active = true
            item.open()
        }
    }
    Loader {
        id: pngDialog
        active: false
        sourceComponent: FileChooser {
            objectName: "pngDialog"
            title: qsTr("Save the window as PNG")
            fileMode: FileChooser.SaveFile
            acceptLabel: qsTr("Save")
            suggestedName: "flitscope.png"
            defaultSuffix: "png"
            nameFilters: [qsTr("PNG images (*.png)")]
            onAccepted: {
                if (panel.charts.exportWindowPng(panel.Window.window, selectedFile))
                    panel.reportSaved(qsTr("Picture saved to %1"), selectedFile)
            }
        }
        function openNow() {
            active = true
            item.open()
        }
    }

    // As tall as the charts need (Main.qml gives the dock at least this).
    implicitHeight: panelColumn.implicitHeight + topPadding + bottomPadding

    ColumnLayout {
        id: panelColumn
        anchors.fill: parent
        spacing: 2

        RowLayout {
            Layout.fillWidth: true
            Label {
                Layout.fillWidth: true
                text: (panel.charts.pointCount === 1 ? qsTr("1 interval, cycles %2 to %3")
                                                      : qsTr("%1 intervals, cycles %2 to %3").arg(panel.charts.pointCount))
                      .arg(panel.charts.cycleMin.toFixed(0)).arg(panel.charts.cycleMax.toFixed(0))
                color: palette.placeholderText
                elide: Text.ElideRight
            }
            Label {
                objectName: "chartErrorLabel"
                visible: panel.charts.lastError.length > 0
                color: "#e53935"
                text: panel.charts.lastError
                elide: Text.ElideRight
                Layout.maximumWidth: 260
            }
            Label {
                objectName: "chartSavedLabel"
                visible: panel.savedText.length > 0 && panel.charts.lastError.length === 0
                color: "#3ddc84"
                text: panel.savedText
                elide: Text.ElideMiddle
                Layout.maximumWidth: 360
            }
            ComboBox {
                objectName: "presenterChartBox"
                visible: panel.onlyChart !== ""
                model: panel.chartChoices
                textRole: "text"
                currentIndex: panel.chartChoices.findIndex(c => c.name === panel.presenterChart)
                onActivated: (index) => panel.presenterChart = panel.chartChoices[index].name
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("The chart presenter mode shows")
            }
            ToolButton {
                objectName: "pngButton"
                text: qsTr("PNG")
                onClicked: pngDialog.openNow()
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Save a picture of the whole window as a PNG file")
            }
        }

        GridLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            // A bottom dock is one row: the barrier latency chart (barrier
            // networks only) makes it seven wide, not a second row.
            columns: panel.columns >= 6 && panel.charts.barrierNetworks ? panel.columns + 1 : panel.columns
            rowSpacing: 2
            columnSpacing: 2

            LiveChart {
                host: panel
                objectName: "latencyChart"
                caption: panel.charts.inPhysicalUnits ? qsTr("Latency (ns)") : qsTr("Latency (cycles)")
                chartKind: ChartFeeder.LatencyChart
                csvName: "latency.csv"
                ValueAxis {
                    id: latencyX
                    min: panel.charts.cycleMin; max: panel.charts.cycleMax
                    labelFormat: "%.0f"; titleText: qsTr("cycle")
                    tickCount: 3  // whole numbers such as 12000 fit a narrow chart without "..."
                }
                ValueAxis { id: latencyY; min: 0; max: panel.charts.latencyAxisMax; labelFormat: "%.0f" }
                entries: [[qsTr("mean per interval"), "#4fc3f7"], [qsTr("max per interval"), "#ef9a9a"]]
                markers: true
                // The max first: a later series is drawn on top, and the mean must not hide under it.
                LineSeries {
                    id: latencyMax
                    name: qsTr("max per interval")
                    color: "#ef9a9a"
                    axisX: latencyX; axisY: latencyY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.LatencyMaxSeries, latencyMax)
                }
                LineSeries {
                    id: latencyMean
                    name: qsTr("mean per interval")
                    color: "#4fc3f7"
                    width: 2
                    axisX: latencyX; axisY: latencyY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.LatencyMeanSeries, latencyMean)
                }
                ChartMarker {
                    host: panel
                    id: latencyMarks
                    axisX: latencyX; axisY: latencyY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.LatencyMarkerSeries, latencyMarks)
                }
            }

            LiveChart {
                host: panel
                objectName: "throughputChart"
                caption: panel.charts.inPhysicalUnits ? (panel.charts.circuits ? qsTr("Throughput (MB/s per endpoint)") : qsTr("Throughput (MB/s per node)"))
                       : panel.charts.circuits ? qsTr("Throughput (bytes/endpoint/cycle)") : qsTr("Throughput (flits/node/cycle)")
                chartKind: ChartFeeder.ThroughputChart
                csvName: "throughput.csv"
                ValueAxis {
                    id: throughputX
                    min: panel.charts.cycleMin; max: panel.charts.cycleMax
                    labelFormat: "%.0f"; titleText: qsTr("cycle")
                    tickCount: 3  // whole numbers such as 12000 fit a narrow chart without "..."
                }
                ValueAxis { id: throughputY; min: 0; max: panel.charts.throughputAxisMax; labelFormat: panel.charts.inPhysicalUnits ? "%.0f" : "%.2f" }
                entries: [[qsTr("offered"), "#ffb74d"], [qsTr("accepted"), "#81c784"]]
                markers: true
                LineSeries {
                    id: offered
                    name: qsTr("offered")
                    color: "#ffb74d"
                    axisX: throughputX; axisY: throughputY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.OfferedSeries, offered)
                }
                LineSeries {
                    id: accepted
                    name: qsTr("accepted")
                    color: "#81c784"
                    axisX: throughputX; axisY: throughputY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.AcceptedSeries, accepted)
                }
                ChartMarker {
                    host: panel
                    id: throughputMarks
                    axisX: throughputX; axisY: throughputY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.ThroughputMarkerSeries, throughputMarks)
                }
            }

            LiveChart {
                host: panel
                objectName: "circuitChart"
                available: panel.charts.circuits
                caption: qsTr("Circuits per interval")
                chartKind: ChartFeeder.CircuitChart
                csvName: "circuits.csv"
                ValueAxis {
                    id: circuitX
                    min: panel.charts.cycleMin; max: panel.charts.cycleMax
                    labelFormat: "%.0f"; titleText: qsTr("cycle")
                    tickCount: 3
                }
                ValueAxis { id: successY; min: 0; max: 100; labelFormat: "%.0f" }
                ValueAxis { id: attemptsY; min: 1; max: panel.charts.attemptsAxisMax; labelFormat: "%.1f" }
                entries: [[qsTr("first-attempt success (%)"), "#81c784"], [qsTr("attempts per message"), "#ffb74d"]]
                markers: true
                LineSeries {
                    id: firstAttemptSuccess
                    color: "#81c784"
                    width: 2
                    axisX: circuitX; axisY: successY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.FirstAttemptSuccessSeries, firstAttemptSuccess)
                }
                LineSeries {
                    id: attemptsPerMessage
                    color: "#ffb74d"
                    axisX: circuitX; axisYRight: attemptsY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.AttemptsPerMessageSeries, attemptsPerMessage)
                }
                ChartMarker {
                    host: panel
                    id: circuitMarks
                    axisX: circuitX; axisY: successY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.CircuitMarkerSeries, circuitMarks)
                }
            }

            SweepChart { host: panel }

            VcOccupancyChart { host: panel }

            LiveChart {
                host: panel
                objectName: "barrierLatencyChart"
                available: panel.charts.barrierNetworks
                caption: panel.charts.inPhysicalUnits ? qsTr("Barrier latency (ns)") : qsTr("Barrier latency (cycles)")
                chartKind: ChartFeeder.BarrierLatencyChart
                csvName: "barrier-latency.csv"
                ValueAxis {
                    id: barrierX
                    min: panel.charts.cycleMin; max: panel.charts.cycleMax
                    labelFormat: "%.0f"; titleText: qsTr("completion cycle")
                    tickCount: 3
                }
                ValueAxis { id: barrierY; min: 0; max: panel.charts.barrierLatencyAxisMax; labelFormat: "%.0f" }
                entries: [[qsTr("each completed barrier"), VcPalette.barrier]]
                markers: true
                ScatterSeries {
                    id: barrierLatency
                    name: qsTr("barrier")
                    color: VcPalette.barrier
                    borderColor: VcPalette.barrier
                    markerSize: 6
                    axisX: barrierX; axisY: barrierY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.BarrierLatencySeries, barrierLatency)
                }
                ChartMarker {
                    host: panel
                    id: barrierMarks
                    axisX: barrierX; axisY: barrierY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.BarrierMarkerSeries, barrierMarks)
                }
                Label {
                    objectName: "noBarriersLabel"
                    anchors.centerIn: parent
                    visible: panel.charts.barrierCount === 0
                    width: parent.width - 24
                    horizontalAlignment: Text.AlignHCenter
                    wrapMode: Text.WordWrap
                    color: "#b8c0cc"
                    padding: 4
                    background: Rectangle { color: "#ee15181e"; radius: 3 }  // over the axis labels of a narrow chart
                    text: qsTr("No barrier completed yet: run one from the Synchronization panel (%1)").arg(KeyBindings.text("syncBarrier"))
                }
            }

            LiveChart {
                host: panel
                objectName: "histogramChart"
                caption: qsTr("Latency histogram (since reset)")
                chartKind: ChartFeeder.HistogramChart
                csvName: "latency-histogram.csv"
                legend.visible: false
                ValueAxis {
                    id: histX
                    min: 0; max: panel.charts.histogramLatencyMax
                    tickCount: 3  // five four-digit labels are elided in a narrow chart
                    labelFormat: "%.0f"; titleText: panel.charts.inPhysicalUnits ? qsTr("latency (ns)") : qsTr("latency (cycles)")
                }
                ValueAxis { id: histY; min: 0; max: panel.charts.histogramCountMax; labelFormat: "%.0f" }
                AreaSeries {
                    name: qsTr("packets")
                    axisX: histX; axisY: histY
                    color: "#4fc3f7"
                    borderColor: "#4fc3f7"
                    upperSeries: LineSeries {
                        id: histogramOutline
                        Component.onCompleted: panel.charts.attachSeries(ChartFeeder.HistogramSeries, histogramOutline)
                    }
                }
            }

            SourceThroughputChart { host: panel }

            AgeGroupChart { host: panel }
        }
    }
}

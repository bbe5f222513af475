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

    // Intervention markers: a dashed vertical line on each chart over cycles.
    readonly property color markerColor: "#ffffff"
    component Marker: LineSeries {
        color: panel.markerColor
        width: 1
        style: Qt.DashLine
    }

    component LiveChart: ChartView {
        id: chart
        // Whether the machine has what the chart shows; presenter mode shows
        // the one chart chosen (panel.onlyChart, its objectName) alone.
        property bool available: true
        visible: available && (panel.onlyChart === "" || panel.onlyChart === objectName)
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
                model: chart.entries.concat(chart.markers && panel.charts.interventionCount > 0
                                            ? [[qsTr("intervention"), panel.markerColor]] : [])
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
                onClicked: csvDialog.openFor(chart.chartKind)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Save this chart's data (every interval, not decimated) as a CSV file")
            }
        }
    }

    // What an export wrote, for a few seconds beside the PNG button.
    property string savedText: ""
    function reportSaved(format, url) {
        savedText = format.arg(decodeURIComponent(url.toString().replace(/^file:\/\//, "")))
        savedTimer.restart()
    }
    Timer { id: savedTimer; interval: 6000; onTriggered: panel.savedText = "" }
    // The dialogs are created on first use (FileChooser: file_chooser.h).
    property int csvChartKind: ChartFeeder.LatencyChart
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
                Marker {
                    id: latencyMarks
                    axisX: latencyX; axisY: latencyY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.LatencyMarkerSeries, latencyMarks)
                }
            }

            LiveChart {
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
                Marker {
                    id: throughputMarks
                    axisX: throughputX; axisY: throughputY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.ThroughputMarkerSeries, throughputMarks)
                }
            }

            LiveChart {
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
                Marker {
                    id: circuitMarks
                    axisX: circuitX; axisY: successY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.CircuitMarkerSeries, circuitMarks)
                }
            }

            // The sweep view (CircuitSweep): the scenario shown, with its faults
            // now, at nine loads on a thread of its own.
            LiveChart {
                objectName: "sweepChart"
                available: panel.charts.circuits
                caption: qsTr("Sweep: first-attempt success against loading")
                chartKind: -1  // the CSV button writes the sweep's points (rate, loading, success, attempts, given up)
                readonly property real loadingAxisMax: sweepX.max  // for the tests
                ValueAxis { id: sweepX; min: 0; max: panel.sweep.loadingAxisMax; labelFormat: "%.2f"; titleText: qsTr("network loading"); tickCount: 3 }
                ValueAxis { id: sweepY; min: 0; max: 100; labelFormat: "%.0f"; titleText: qsTr("%") }
                LineSeries {
                    id: sweepLine
                    color: "#4fc3f7"
                    width: 2
                    axisX: sweepX; axisY: sweepY
                    Component.onCompleted: panel.sweep.attachSeries(sweepLine)
                }
                ScatterSeries {
                    id: sweepDots
                    color: "#4fc3f7"
                    markerSize: 7
                    axisX: sweepX; axisY: sweepY
                    Component.onCompleted: panel.sweep.attachSeries(sweepDots)
                }
                // Bottom left inside the plot: low loading and low success,
                // where no point of a sweep falls.
                Column {
                    x: parent.plotArea.x + 6
                    y: parent.plotArea.y + parent.plotArea.height - height - 6
                    spacing: 2
                    Button {
                        objectName: "sweepButton"
                        text: panel.sweep.running ? qsTr("Cancel") : qsTr("Run sweep")
                        onClicked: panel.sweep.running ? panel.sweep.cancel() : panel.sweep.start()
                        ToolTip.visible: hovered
                        ToolTip.delay: 500
                        ToolTip.text: qsTr("Runs this fat-tree, with the faults it has now, at nine loads (%1 + %2 cycles each) beside the live simulation; the shape of the paper's Figures 11 and 12").arg(panel.sweep.warmup).arg(panel.sweep.cycles)
                    }
                    ProgressBar { visible: panel.sweep.running; value: panel.sweep.progress; width: 120 }
                    Label {
                        width: 200
                        wrapMode: Text.WordWrap
                        font.pixelSize: 10
                        color: panel.sweep.lastError.length > 0 ? "#ff8a80" : "#b8c0cc"
                        text: panel.sweep.lastError.length > 0 ? panel.sweep.lastError : panel.sweep.summary
                    }
                }
            }

            LiveChart {
                id: vcChart
                available: !panel.charts.circuits
                objectName: "vcOccupancyChart"
                caption: qsTr("VC occupancy (fraction of buffer)")
                chartKind: ChartFeeder.VcOccupancyChart
                csvName: "vc-occupancy.csv"
                ValueAxis {
                    id: vcX
                    min: panel.charts.cycleMin; max: panel.charts.cycleMax
                    labelFormat: "%.0f"; titleText: qsTr("cycle")
                    tickCount: 3  // whole numbers such as 12000 fit a narrow chart without "..."
                }
                ValueAxis { id: vcY; min: 0; max: panel.charts.occupancyAxisMax; labelFormat: "%.3f" }
                markers: true
                // The VC classes the scenario's VCs have, with their VC numbers
                // (SimulationController.vcLegendClasses / vcLegendNames, as
                // the packet legend): the XT's VC0/VC1 requests and VC2/VC3
                // responses, no adaptive series for a machine without one.
                // Empty before the first frame: all five.
                readonly property var vcClasses: panel.simulation.vcLegendClasses
                readonly property var vcNames: panel.simulation.vcLegendNames
                function showsClass(i) { return vcClasses.length === 0 || vcClasses.indexOf(i) >= 0 }
                readonly property var vcEntries: {
                    let out = []
                    for (let i = 0; i < VcPalette.names.length; ++i) {
                        const k = vcClasses.indexOf(i)
                        if (vcClasses.length === 0)
                            out.push([VcPalette.names[i], VcPalette.colors[i]])
                        else if (k >= 0)
                            out.push([vcNames[k], VcPalette.colors[i]])
                    }
                    return out
                }
                entries: vcEntries.concat(panel.charts.barrierNetworks ? [[VcPalette.barrierName, VcPalette.barrier]] : [])
                Marker {
                    id: occupancyMarks
                    axisX: vcX; axisY: vcY
                    Component.onCompleted: panel.charts.attachSeries(ChartFeeder.OccupancyMarkerSeries, occupancyMarks)
                }
                property var vcSeries: []  // the five series, by VcClass (tests read their visibility)
                function showWhileClassExists(series, i) {
                    series.visible = Qt.binding(function() { return vcChart.showsClass(i) })
                    series.name = Qt.binding(function() { return panel.simulation.vcClassNames[i] })
                }
                // One series per VC class, coloured as the packets in the 3D view;
                // a class the machine does not have is hidden.
                Component.onCompleted: {
                    const kinds = [ChartFeeder.VcRequest0Series, ChartFeeder.VcRequest1Series,
                                   ChartFeeder.VcResponse0Series, ChartFeeder.VcResponse1Series,
                                   ChartFeeder.VcAdaptiveSeries]
                    let made = []
                    for (let i = 0; i < kinds.length; ++i) {
                        const s = vcChart.createSeries(ChartView.SeriesTypeLine, VcPalette.names[i], vcX, vcY)
                        s.color = VcPalette.colors[i]
                        vcChart.showWhileClassExists(s, i)
                        panel.charts.attachSeries(kinds[i], s)
                        made.push(s)
                    }
                    vcChart.vcSeries = made
                    // The barrier VC has no buffers: its occupancy is the share of
                    // link cycles its packets took (scenarios with sync.trees).
                    const b = vcChart.createSeries(ChartView.SeriesTypeLine, VcPalette.barrierName, vcX, vcY)
                    b.color = VcPalette.barrier
                    b.visible = Qt.binding(() => panel.charts.barrierNetworks)
                    panel.charts.attachSeries(ChartFeeder.VcBarrierSeries, b)
                }
            }

            LiveChart {
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
                Marker {
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

            LiveChart {
                objectName: "sourceThroughputChart"
                available: !panel.charts.circuits
                // The window in our own caption: Qt Charts kept an axis title's
                // first text ("last 0 cycles") after the bars had moved on.
                caption: panel.fairness.spanCycles > 0
                         ? qsTr("Accepted per source (flits/cycle), last %1 cycles").arg(panel.fairness.spanCycles.toFixed(0))
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
                    readonly property bool many: panel.fairness.sourceLabels.length > 16
                    categories: panel.fairness.sourceLabels.length > 0 ? panel.fairness.sourceLabels : [" "]  // never empty: a title at the corner
                    titleText: qsTr("source node")
                    titleVisible: !many  // QtCharts 6.4 draws no title without labels
                    labelsVisible: !many
                    gridVisible: !many
                    labelsFont.pixelSize: 9
                }
                ValueAxis { id: sourceY; min: 0; max: panel.fairness.sourceAxisMax; labelFormat: "%.3f" }
                BarSeries {
                    barWidth: 0.8
                    axisX: sourceX
                    axisY: sourceY
                    BarSet {
                        id: sourceBars
                        label: qsTr("accepted")
                        color: "#4fc3f7"
                        borderColor: "#4fc3f7"
                        Component.onCompleted: panel.fairness.attachBarSet(ArbitrationCharts.SourceBars, sourceBars)
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
                    text: panel.fairness.nodesPerBar > 1
                          ? qsTr("nodes 0-%1 left to right, %2 a bar").arg(panel.fairness.sourceNodes - 1).arg(panel.fairness.nodesPerBar)
                          : qsTr("nodes 0-%1 left to right").arg(panel.fairness.sourceNodes - 1)
                }
            }

            LiveChart {
                id: ageChart
                objectName: "ageGroupChart"
                available: !panel.charts.circuits
                readonly property bool ages: panel.simulation.arbiter === "age"
                caption: ageChart.ages && panel.fairness.spanCycles > 0
                         ? qsTr("Ages of heads sent (%), last %1 cycles").arg(panel.fairness.spanCycles.toFixed(0))
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
                        Component.onCompleted: panel.fairness.attachBarSet(ArbitrationCharts.AgeBars, ageBars)
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
                    text: qsTr("No ages under this arbiter: %1").arg(panel.simulation.arbiterLabel(panel.simulation.arbiter))
                }
            }
        }
    }
}

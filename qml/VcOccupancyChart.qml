// VC occupancy per VC class (the fraction of buffer), one series per class
// the machine has, coloured as the packets in the 3D view; with barrier
// networks the barrier VC's share of link cycles.
import QtQuick
import Flitscope
import QtCharts

LiveChart {
    id: vcChart
    available: !host.charts.circuits
    objectName: "vcOccupancyChart"
    caption: qsTr("VC occupancy (fraction of buffer)")
    chartKind: ChartFeeder.VcOccupancyChart
    csvName: "vc-occupancy.csv"
    ValueAxis {
        id: vcX
        min: host.charts.cycleMin; max: host.charts.cycleMax
        labelFormat: "%.0f"; titleText: qsTr("cycle")
        tickCount: 3  // whole numbers such as 12000 fit a narrow chart without "..."
    }
    ValueAxis { id: vcY; min: 0; max: host.charts.occupancyAxisMax; labelFormat: "%.3f" }
    markers: true
    // The VC classes the scenario's VCs have, with their VC numbers
    // (SimulationController.vcLegend, as
    // the packet legend): the XT's VC0/VC1 requests and VC2/VC3
    // responses, no adaptive series for a machine without one.
    // Empty before the first frame: all five.
    readonly property var vcClasses: host.simulation.vcLegend.classes
    readonly property var vcNames: host.simulation.vcLegend.names
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
    entries: vcEntries.concat(host.charts.barrierNetworks ? [[VcPalette.barrierName, VcPalette.barrier]] : [])
    ChartMarker {
        host: vcChart.host
        id: occupancyMarks
        axisX: vcX; axisY: vcY
        Component.onCompleted: host.charts.attachSeries(ChartFeeder.OccupancyMarkerSeries, occupancyMarks)
    }
    property var vcSeries: []  // the five series, by VcClass (tests read their visibility)
    function showWhileClassExists(series, i) {
        series.visible = Qt.binding(function() { return vcChart.showsClass(i) })
        series.name = Qt.binding(function() { return host.simulation.vcLegend.classNames[i] })
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
            host.charts.attachSeries(kinds[i], s)
            made.push(s)
        }
        vcChart.vcSeries = made
        // The barrier VC has no buffers: its occupancy is the share of
        // link cycles its packets took (scenarios with sync.trees).
        const b = vcChart.createSeries(ChartView.SeriesTypeLine, VcPalette.barrierName, vcX, vcY)
        b.color = VcPalette.barrier
        b.visible = Qt.binding(() => host.charts.barrierNetworks)
        host.charts.attachSeries(ChartFeeder.VcBarrierSeries, b)
    }
}

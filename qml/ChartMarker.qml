// The dashed vertical line that marks an intervention on a chart over
// cycles (ChartFeeder's marker series); its colour is the panel's, which
// the charts' legends show too.
import QtQuick
import QtCharts

LineSeries {
    required property Item host  // the ChartsPanel (a typed property would make the two files depend on each other)
    color: host.markerColor
    width: 1
    style: Qt.DashLine
}

// What the 3D view says in its corners: a fat-tree's circuit counters
// (CircuitHud.qml), the packet legend (PacketLegend.qml), which fold when
// the view leaves them too little room, and the axis hint (which way X, Y
// and Z run).
import QtQuick
import QtQuick.Controls
import Flitscope

Item {
    id: legends
    // The NetworkView (an Item: a typed property would make the two files
    // depend on each other), its buttons and messages (the room they leave),
    // its links and its packets (what the legend counts).
    required property Item host
    required property Item buttons
    required property Item messages
    required property var links
    required property var packets
    readonly property alias packetLegend: packetLegend
    anchors.fill: parent
    // The node labels make way for the legend.
    signal legendMoved()

    // What the view leaves a box in its top left corner above its buttons and
    // messages, and at most half its width: the boxes fold to their title
    // when they do not fit (FoldHeader.qml).
    readonly property real boxRoom: (host.height - buttons.height - messages.height - 40) / host.uiScale
    readonly property real boxWidthRoom: host.width * 0.5 / host.uiScale

    // A fat-tree's circuits: counters and what the marks mean (CircuitHud.qml).
    CircuitHud {
        id: circuitHud
        objectName: "circuitHud"
        visible: host.simulation !== null && host.family.offers.circuits && host.legendShown
        scale: host.uiScale
        transformOrigin: Item.TopLeft
        status: host.circuitStatus
        room: legends.boxRoom
        widthRoom: legends.boxWidthRoom
        anchors.left: parent.left
        anchors.top: parent.top
        anchors.margins: 10
    }
    PacketLegend {
        id: packetLegend
        objectName: "packetLegend"
        onHeightChanged: legends.legendMoved()
        onWidthChanged: legends.legendMoved()
        onVisibleChanged: legends.legendMoved()
        visible: host.simulation !== null && host.family.offers.packetLegend && host.legendShown
        // Only its fold button takes the mouse: the rest passes clicks and hover to the view.
        anchors.left: parent.left
        anchors.top: parent.top
        anchors.margins: 10
        room: legends.boxRoom
        widthRoom: legends.boxWidthRoom
        scale: host.uiScale
        transformOrigin: Item.TopLeft
        heatMap: legends.links.linkHeat.active && !legends.links.linkHeat.packetsPerLink
        detour: legends.links.linkHeat.routeChange
        detourSummary: host.outcome ? host.outcome.detourSummary : ""
        perLink: legends.packets.perLink
        flitsInNetwork: legends.packets.flitsInNetwork
        ageColors: host.ageColorsShown
        vcClasses: host.simulation !== null ? host.simulation.vcLegend.classes : []
        vcNames: host.simulation !== null ? host.simulation.vcLegend.names : []
        barrierVc: host.simulation !== null && host.simulation.charts.barrierNetworks
        maxUtilization: legends.links.linkHeat.maxUtilization
        crossings: legends.links.datelines.crossings
        violations: legends.links.datelines.violations
        datelineMarkers: legends.links.datelines.markerCount
    }

    // Axis hint: which way X, Y and Z run in the view (Y is up): only the
    // torus's own dimensions, and the wrap stubs only when a ring wraps.
    // Top right; in a view too narrow beside the legend, bottom right beside
    // the buttons; hidden where neither has room.
    Label {
        objectName: "axisHint"
        readonly property Item legend: packetLegend.visible ? packetLegend : circuitHud.visible ? circuitHud : null
        readonly property bool roomAtTop: legend === null || legend.x + legend.width + 16 <= x
        readonly property bool roomAtBottom: legends.buttons.x + legends.buttons.width + 8 <= x
        x: parent.width - width - 10
        y: roomAtTop ? 10 : parent.height - height - 14
        visible: roomAtTop || roomAtBottom
        color: "#9aa3b2"
        text: host.family.text.linkColours
    }
}

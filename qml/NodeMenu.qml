// The menu of a right-clicked node in the 3D view, the 2D slice or the
// fat-tree map (NetworkView.openNodeMenu): fail or repair it (undoable; the
// engine follows), a fat-tree's unit tree expanded, collapsed or failed
// whole, an endpoint's message followed, a hot spare made or dropped (T3E
// section 9), or the node selected for the inspector.
import QtQuick
import QtQuick.Controls
import Flitscope

FitMenu {
    id: nodeMenu
    objectName: "nodeMenu"
    required property NetworkController controller
    property SimulationController simulation: null
    required property FollowController follow
    property SpecialController special: null
    readonly property FamilyView family: controller.family
    // A node was made a hot spare or stopped being one (the view says what it does now).
    signal spareToggled(int node)
    property int node: -1
    property bool oneRouter: false
    // failedNodeCount: re-evaluate when a node fails or is repaired.
    readonly property bool nodeIsUp: nodeMenu.controller.failedNodeCount >= 0 && nodeMenu.controller.nodeUp(node)
    MenuItem {
        objectName: "failNodeItem"
        // Fat-tree endpoints do not fail; a collapsed unit tree fails as a whole (below).
        visible: nodeMenu.controller.endpointOf(nodeMenu.node) < 0
                 && (nodeMenu.oneRouter || !nodeMenu.controller.blockCollapsed(nodeMenu.node))
        height: visible ? implicitHeight : 0
        text: nodeMenu.nodeIsUp ? qsTr("Fail %1").arg(nodeMenu.controller.describeNode(nodeMenu.node))
                                : qsTr("Repair %1").arg(nodeMenu.controller.describeNode(nodeMenu.node))
        onTriggered: nodeMenu.controller.setNodeUp(nodeMenu.node, !nodeMenu.nodeIsUp)
    }
    // A fat-tree's unit tree: expand it into its RN1s or collapse it
    // into one sphere; fail every RN1 of it (one undo step).
    MenuItem {
        objectName: "expandBlockItem"
        readonly property bool collapsed: nodeMenu.controller.collapsedBlockCount >= 0 && nodeMenu.controller.blockCollapsed(nodeMenu.node)
        visible: nodeMenu.controller.blockOf(nodeMenu.node) >= 0
        height: visible ? implicitHeight : 0
        text: collapsed ? qsTr("Expand this unit tree into its RN1s") : qsTr("Collapse this unit tree into one shape")
        onTriggered: nodeMenu.controller.setBlockCollapsed(nodeMenu.node, !collapsed)
    }
    MenuItem {
        objectName: "failBlockItem"
        visible: nodeMenu.controller.blockOf(nodeMenu.node) >= 0
        height: visible ? implicitHeight : 0
        text: qsTr("Fail every RN1 of this unit tree")
        onTriggered: nodeMenu.controller.setBlockUp(nodeMenu.node, false)
    }
    // A fat-tree endpoint: follow its message across its attempts (issue 19).
    MenuItem {
        objectName: "followEndpointItem"
        visible: nodeMenu.controller.endpointOf(nodeMenu.node) >= 0
        height: visible ? implicitHeight : 0
        text: qsTr("Follow the message of %1 across its attempts").arg(nodeMenu.controller.describeNode(nodeMenu.node))
        onTriggered: nodeMenu.follow.follow(nodeMenu.controller.endpointOf(nodeMenu.node))
    }
    // T3E paper section 9: the spare takes over the logical PE of a
    // failed node (docs/fault-tolerance.md, "Hot spares").
    MenuItem {
        objectName: "hotSpareItem"
        visible: nodeMenu.family.offers.hotSpares
        height: visible ? implicitHeight : 0
        readonly property bool isSpare: nodeMenu.simulation !== null
                                        && nodeMenu.simulation.hotSpareIds.indexOf(nodeMenu.node) >= 0
        enabled: nodeMenu.simulation !== null && nodeMenu.simulation.hasSimulation
        text: isSpare ? qsTr("Stop using %1 as a hot spare").arg(nodeMenu.controller.describeNode(nodeMenu.node))
                      : qsTr("Make %1 a hot spare target").arg(nodeMenu.controller.describeNode(nodeMenu.node))
        onTriggered: {
            nodeMenu.simulation.setHotSpare(nodeMenu.node, !isSpare)
            nodeMenu.spareToggled(nodeMenu.node)
        }
    }
    // The special (delta) network (T3E section 8; special_controller.h): from
    // the operator's PE (0,0,0), packets that no deadlock stops.
    MenuSeparator {
        visible: specialReset.visible
        height: visible ? implicitHeight : 0
    }
    MenuItem {
        id: specialReset
        objectName: "specialResetItem"
        visible: nodeMenu.family.offers.specialNetwork && nodeMenu.special !== null
        height: visible ? implicitHeight : 0
        enabled: nodeMenu.simulation !== null && nodeMenu.simulation.hasSimulation && nodeMenu.controller.nodeUp(0)
        text: qsTr("Reset %1 over the special network (SPUT R_RESETS from (0,0,0))").arg(nodeMenu.controller.describeNode(nodeMenu.node))
        onTriggered: nodeMenu.special.resetRouter(nodeMenu.node)
    }
    MenuItem {
        objectName: "specialWayBackItem"
        visible: specialReset.visible
        height: visible ? implicitHeight : 0
        enabled: specialReset.enabled
        text: qsTr("Write the way back to (0,0,0) into its R_SGET_RTRN (SPUT)")
        onTriggered: nodeMenu.special.setWayBack(nodeMenu.node)
    }
    MenuItem {
        objectName: "specialReadItem"
        visible: specialReset.visible
        height: visible ? implicitHeight : 0
        enabled: specialReset.enabled
        text: qsTr("Read its R_SGET_RTRN from (0,0,0) (SGET)")
        onTriggered: nodeMenu.special.readWayBack(nodeMenu.node)
    }
    MenuItem {
        objectName: "inspectNodeItem"
        text: qsTr("Select (inspect in the side panel)")
        onTriggered: nodeMenu.controller.selectedNode = nodeMenu.node
    }
}

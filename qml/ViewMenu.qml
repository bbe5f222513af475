// The View menu: the camera, the fat-tree's unit trees, node labels, the
// heat map and detour, packet colours, the 2D view, the overlays and the
// side panel's sections, the charts and presenter mode, each with its key
// (KeyBindings) on the right.
import QtQuick
import QtQml
import QtQuick.Controls
import Flitscope

FitMenu {
    objectName: "viewMenu"
    // The menu bar (MainMenuBar.qml): the window, its view, side panel and simulation.
    required property var menus
    title: qsTr("&View")
    BoundMenuItem { text: qsTr("Fit the network"); binding: "fit"; onTriggered: menus.view.fit() }
    BoundMenuItem { text: qsTr("Initial view"); binding: "resetView"; onTriggered: menus.view.resetView() }
    BoundMenuItem { text: qsTr("Zoom in"); binding: "zoomIn"; onTriggered: menus.view.zoom(1 / 1.2) }
    BoundMenuItem { text: qsTr("Zoom out"); binding: "zoomOut"; onTriggered: menus.view.zoom(1.2) }
    // A fat-tree's unit trees as spheres or as their RN1s (SceneLayout::fatTree).
    BoundMenuItem {
        objectName: "expandAllItem"
        text: qsTr("Expand every unit tree into its RN1s")
        enabled: menus.offers.collapsibleBlocks && menus.controller.collapsedBlockCount > 0
        onTriggered: menus.controller.setAllBlocksCollapsed(false)
    }
    BoundMenuItem {
        objectName: "collapseAllItem"
        text: qsTr("Collapse every unit tree into one shape")
        enabled: menus.offers.collapsibleBlocks && menus.controller.collapsedBlockCount < menus.controller.blockCount
        onTriggered: menus.controller.setAllBlocksCollapsed(true)
    }
    MenuSeparator {}
    BoundMenuItem {
        objectName: "heatMapItem"
        text: qsTr("Heat map")
        binding: "heatMap"
        enabled: menus.simulation !== null
        checkable: true
        checked: menus.view.heatMap
        onTriggered: { menus.view.heatMap = !menus.view.heatMap; checked = Qt.binding(() => menus.view.heatMap) }
    }
    BoundMenuItem {
        objectName: "detourItem"
        text: qsTr("Detour of the last break or repair")
        binding: "detour"
        enabled: menus.simulation !== null && menus.offers.reroutes
        checkable: true
        checked: menus.view.detour
        onTriggered: { menus.view.detour = !menus.view.detour; checked = Qt.binding(() => menus.view.detour) }
    }
    BoundMenuItem {
        objectName: "presenterItem"
        text: qsTr("Presenter mode")
        binding: "presenter"
        enabled: menus.window.settings !== null
        checkable: true
        checked: menus.window.presenter
        onTriggered: { menus.window.settings.presenter = !menus.window.presenter; checked = Qt.binding(() => menus.window.presenter) }
    }
    FitMenu {
        id: labelMenu
        objectName: "nodeLabelMenu"
        title: qsTr("Node labels")
        enabled: menus.window.settings !== null && menus.offers.nodeLabels
        Instantiator {
            model: 4
            delegate: MenuItem {
                required property int index
                text: menus.window.settings !== null ? menus.window.settings.nodeLabelsName(index) : ""
                checkable: true
                checked: menus.window.settings !== null && menus.window.settings.nodeLabels === index
                onTriggered: {
                    menus.window.settings.nodeLabels = index
                    checked = Qt.binding(() => menus.window.settings !== null && menus.window.settings.nodeLabels === index)
                }
            }
            onObjectAdded: (index, object) => labelMenu.insertItem(index, object)
            onObjectRemoved: (index, object) => labelMenu.removeItem(object)
        }
    }
    MenuItem {
        objectName: "physicalUnitsItem"
        text: qsTr("Times in ns, bandwidth in MB/s")
        // The scenario gives its machine's clock (section "units"; every
        // T3E, XT, TRC and fat-tree preset does).
        enabled: menus.window.settings !== null && menus.simulation !== null && menus.simulation.charts.unitsKnown
        checkable: true
        checked: menus.window.settings !== null && menus.window.settings.physicalUnits
        onTriggered: {
            menus.window.settings.physicalUnits = !menus.window.settings.physicalUnits
            checked = Qt.binding(() => menus.window.settings !== null && menus.window.settings.physicalUnits)
        }
    }
    BoundMenuItem {
        objectName: "legendItem"
        text: qsTr("Legend")
        binding: "legend"
        checkable: true
        checked: menus.view.legendShown
        onTriggered: { menus.view.legendShown = !menus.view.legendShown; checked = Qt.binding(() => menus.view.legendShown) }
    }
    BoundMenuItem {
        text: qsTr("Colour by age")
        binding: "ageColors"
        enabled: menus.view.ageColorsAvailable
        checkable: true
        checked: menus.view.ageColorsShown
        onTriggered: { menus.view.ageColors = !menus.view.ageColors; checked = Qt.binding(() => menus.view.ageColorsShown) }
    }
    BoundMenuItem {
        objectName: "syncTreeItem"
        text: qsTr("Barrier tree")
        binding: "syncTree"
        enabled: menus.simulation !== null && menus.offers.barriers
        checkable: true
        checked: menus.view.syncTree
        onTriggered: { menus.view.syncTree = !menus.view.syncTree; checked = Qt.binding(() => menus.view.syncTree) }
    }
    BoundMenuItem {
        objectName: "vcBalanceItem"
        text: qsTr("VC balance")
        binding: "vcBalance"
        enabled: menus.simulation !== null && menus.offers.vcBalance
        checkable: true
        checked: menus.view.vcBalanceOverlay
        onTriggered: { menus.view.vcBalanceOverlay = !menus.view.vcBalanceOverlay; checked = Qt.binding(() => menus.view.vcBalanceOverlay) }
    }
    BoundMenuItem {
        objectName: "sliceItem"
        text: menus.controller.family.text.flatViewMenu
        binding: "slice"
        checkable: true
        checked: menus.view.sliceOpen
        onTriggered: { menus.view.sliceOpen = !menus.view.sliceOpen; checked = Qt.binding(() => menus.view.sliceOpen) }
    }
    BoundMenuItem {
        text: qsTr("Next plane")
        binding: "nextPlane"
        enabled: menus.view.sliceOpen && menus.offers.slice
        onTriggered: menus.window.slicePanel.nextPlane()
    }
    BoundMenuItem {
        text: qsTr("Previous plane")
        binding: "previousPlane"
        enabled: menus.view.sliceOpen && menus.offers.slice
        onTriggered: menus.window.slicePanel.previousPlane()
    }
    BoundMenuItem {
        objectName: "deadlockLabItem"
        text: qsTr("Deadlock lab")
        binding: "deadlockLab"
        enabled: menus.simulation !== null && menus.offers.deadlockLab
        checkable: true
        checked: menus.window.labOpen
        onTriggered: { menus.window.labOpen = !menus.window.labOpen; checked = Qt.binding(() => menus.window.labOpen) }
    }
    BoundMenuItem {
        objectName: "chartsItem"
        text: qsTr("Charts")
        binding: "charts"
        enabled: menus.controls !== null
        checkable: true
        checked: menus.controls !== null && menus.controls.chartsChecked
        onTriggered: {
            menus.controls.chartsChecked = !menus.controls.chartsChecked
            checked = Qt.binding(() => menus.controls !== null && menus.controls.chartsChecked)
        }
    }
    MenuSeparator {}
    BoundMenuItem {
        objectName: "inspectorItem"
        text: qsTr("Node inspector")
        enabled: menus.simulation !== null
        checkable: true
        checked: menus.side.inspectorOpen
        onTriggered: { menus.side.inspectorOpen = !menus.side.inspectorOpen; checked = Qt.binding(() => menus.side.inspectorOpen) }
    }
    BoundMenuItem {
        text: qsTr("Routing tag editor")
        enabled: menus.simulation !== null && menus.offers.tagEditor
        checkable: true
        checked: menus.side.tagEditorShown
        onTriggered: { menus.side.tagEditorShown = !menus.side.tagEditorShown; checked = Qt.binding(() => menus.side.tagEditorShown) }
    }
    BoundMenuItem {
        text: qsTr("Arbitration")
        enabled: menus.simulation !== null && menus.offers.arbitration
        checkable: true
        checked: menus.side.arbitrationOpen
        onTriggered: { menus.side.arbitrationOpen = !menus.side.arbitrationOpen; checked = Qt.binding(() => menus.side.arbitrationOpen) }
    }
}

// The main window's menus: every action of the window, with its keys
// (KeyBindings) shown on the right. `window` is Main.qml's ApplicationWindow.
import QtQuick
import QtQml
import QtQuick.Controls
import Flitscope

MenuBar {
    id: bar
    required property var window
    readonly property NetworkController controller: window.controller
    readonly property SimulationController simulation: window.simulation
    readonly property var view: window.networkView
    readonly property var side: window.sidePanel
    readonly property var controls: window.controls
    readonly property bool live: simulation !== null && simulation.hasSimulation
    // What the loaded family offers (family_view.h): a tool's item is enabled
    // while there is a simulation and the family offers it.
    readonly property var offers: controller.family.offers

    FitMenu {
        objectName: "fileMenu"
        title: qsTr("&File")
        BoundMenuItem { objectName: "openItem"; text: qsTr("Open\u2026"); binding: "open"; onTriggered: bar.side.openScenario() }
        BoundMenuItem { objectName: "openLessonItem"; text: qsTr("Open Lesson\u2026"); onTriggered: bar.window.lessonDialog.open() }
        FitMenu {
            id: presetMenu
            objectName: "presetMenu"
            title: qsTr("Open a preset")
            Instantiator {
                model: bar.controller.presetFiles.length
                delegate: MenuItem {
                    required property int index
                    text: bar.controller.presetNames[index]
                    onTriggered: bar.side.openPreset(index)
                }
                onObjectAdded: (index, object) => presetMenu.insertItem(index, object)
                onObjectRemoved: (index, object) => presetMenu.removeItem(object)
            }
        }
        MenuSeparator {}
        BoundMenuItem {
            objectName: "saveItem"
            text: qsTr("Save")
            binding: "save"
            enabled: bar.controller.loaded
            onTriggered: bar.side.saveScenario()
        }
        BoundMenuItem {
            objectName: "saveAsItem"
            text: qsTr("Save As\u2026")
            binding: "saveAs"
            enabled: bar.controller.loaded
            onTriggered: bar.side.saveScenarioAs()
        }
        BoundMenuItem {
            objectName: "saveRecordingItem"
            text: qsTr("Save Recording\u2026")
            binding: "saveRecording"
            enabled: bar.live
            onTriggered: bar.side.saveRecordingAs()
        }
        BoundMenuItem {
            objectName: "exportTraceItem"
            text: qsTr("Export Trace\u2026")
            binding: "exportTrace"
            enabled: bar.live
            onTriggered: bar.side.exportTrace()
        }
        MenuSeparator {}
        BoundMenuItem { text: qsTr("Quit"); binding: "quit"; onTriggered: bar.window.close() }
    }
    FitMenu {
        objectName: "editMenu"
        title: qsTr("&Edit")
        BoundMenuItem {
            text: bar.controller.canUndo ? qsTr("Undo: %1").arg(bar.controller.undoText) : qsTr("Undo")
            binding: "undo"
            enabled: bar.controller.canUndo
            onTriggered: bar.controller.undo()
        }
        BoundMenuItem {
            text: bar.controller.canRedo ? qsTr("Redo: %1").arg(bar.controller.redoText) : qsTr("Redo")
            binding: "redo"
            enabled: bar.controller.canRedo
            onTriggered: bar.controller.redo()
        }
        MenuSeparator {}
        // The right-click node menu's actions, for the selected node.
        BoundMenuItem {
            objectName: "failNodeMenuItem"
            readonly property int node: bar.controller.selectedNode
            // failedNodeCount: re-evaluate when a node fails or is repaired.
            readonly property bool up: bar.controller.failedNodeCount >= 0 && bar.controller.nodeUp(node)
            text: node < 0 ? qsTr("Fail the selected node")
                           : up ? qsTr("Fail %1").arg(bar.controller.describeNode(node))
                                : qsTr("Repair %1").arg(bar.controller.describeNode(node))
            enabled: node >= 0
            onTriggered: bar.controller.setNodeUp(node, !up)
        }
        BoundMenuItem {
            readonly property int node: bar.controller.selectedNode
            readonly property bool spare: bar.simulation !== null && bar.simulation.hotSpareIds.indexOf(node) >= 0
            text: node < 0 ? qsTr("Make the selected node a hot spare")
                           : spare ? qsTr("Stop using %1 as a hot spare").arg(bar.controller.describeNode(node))
                                   : qsTr("Make %1 a hot spare target").arg(bar.controller.describeNode(node))
            enabled: node >= 0 && bar.live
            onTriggered: bar.simulation.setHotSpare(node, !spare)
        }
        BoundMenuItem {
            text: qsTr("Deselect the node")
            enabled: bar.controller.selectedNode >= 0
            onTriggered: bar.controller.selectedNode = -1
        }
    }
    FitMenu {
        objectName: "viewMenu"
        title: qsTr("&View")
        BoundMenuItem { text: qsTr("Fit the network"); binding: "fit"; onTriggered: bar.view.fit() }
        BoundMenuItem { text: qsTr("Initial view"); binding: "resetView"; onTriggered: bar.view.resetView() }
        BoundMenuItem { text: qsTr("Zoom in"); binding: "zoomIn"; onTriggered: bar.view.zoom(1 / 1.2) }
        BoundMenuItem { text: qsTr("Zoom out"); binding: "zoomOut"; onTriggered: bar.view.zoom(1.2) }
        // A fat-tree's unit trees as spheres or as their RN1s (SceneLayout::fatTree).
        BoundMenuItem {
            objectName: "expandAllItem"
            text: qsTr("Expand every unit tree into its RN1s")
            enabled: bar.offers.collapsibleBlocks && bar.controller.collapsedBlockCount > 0
            onTriggered: bar.controller.setAllBlocksCollapsed(false)
        }
        BoundMenuItem {
            objectName: "collapseAllItem"
            text: qsTr("Collapse every unit tree into one shape")
            enabled: bar.offers.collapsibleBlocks && bar.controller.collapsedBlockCount < bar.controller.blockCount
            onTriggered: bar.controller.setAllBlocksCollapsed(true)
        }
        MenuSeparator {}
        BoundMenuItem {
            objectName: "heatMapItem"
            text: qsTr("Heat map")
            binding: "heatMap"
            enabled: bar.simulation !== null
            checkable: true
            checked: bar.view.heatMap
            onTriggered: { bar.view.heatMap = !bar.view.heatMap; checked = Qt.binding(() => bar.view.heatMap) }
        }
        BoundMenuItem {
            objectName: "detourItem"
            text: qsTr("Detour of the last break or repair")
            binding: "detour"
            enabled: bar.simulation !== null && bar.offers.reroutes
            checkable: true
            checked: bar.view.detour
            onTriggered: { bar.view.detour = !bar.view.detour; checked = Qt.binding(() => bar.view.detour) }
        }
        BoundMenuItem {
            objectName: "presenterItem"
            text: qsTr("Presenter mode")
            binding: "presenter"
            enabled: bar.window.settings !== null
            checkable: true
            checked: bar.window.presenter
            onTriggered: { bar.window.settings.presenter = !bar.window.presenter; checked = Qt.binding(() => bar.window.presenter) }
        }
        FitMenu {
            id: labelMenu
            objectName: "nodeLabelMenu"
            title: qsTr("Node labels")
            enabled: bar.window.settings !== null && bar.offers.nodeLabels
            Instantiator {
                model: 4
                delegate: MenuItem {
                    required property int index
                    text: bar.window.settings !== null ? bar.window.settings.nodeLabelsName(index) : ""
                    checkable: true
                    checked: bar.window.settings !== null && bar.window.settings.nodeLabels === index
                    onTriggered: {
                        bar.window.settings.nodeLabels = index
                        checked = Qt.binding(() => bar.window.settings !== null && bar.window.settings.nodeLabels === index)
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
            enabled: bar.window.settings !== null && bar.simulation !== null && bar.simulation.charts.unitsKnown
            checkable: true
            checked: bar.window.settings !== null && bar.window.settings.physicalUnits
            onTriggered: {
                bar.window.settings.physicalUnits = !bar.window.settings.physicalUnits
                checked = Qt.binding(() => bar.window.settings !== null && bar.window.settings.physicalUnits)
            }
        }
        BoundMenuItem {
            objectName: "legendItem"
            text: qsTr("Legend")
            binding: "legend"
            checkable: true
            checked: bar.view.legendShown
            onTriggered: { bar.view.legendShown = !bar.view.legendShown; checked = Qt.binding(() => bar.view.legendShown) }
        }
        BoundMenuItem {
            text: qsTr("Colour by age")
            binding: "ageColors"
            enabled: bar.view.ageColorsAvailable
            checkable: true
            checked: bar.view.ageColorsShown
            onTriggered: { bar.view.ageColors = !bar.view.ageColors; checked = Qt.binding(() => bar.view.ageColorsShown) }
        }
        BoundMenuItem {
            objectName: "syncTreeItem"
            text: qsTr("Barrier tree")
            binding: "syncTree"
            enabled: bar.simulation !== null && bar.offers.barriers
            checkable: true
            checked: bar.view.syncTree
            onTriggered: { bar.view.syncTree = !bar.view.syncTree; checked = Qt.binding(() => bar.view.syncTree) }
        }
        BoundMenuItem {
            objectName: "vcBalanceItem"
            text: qsTr("VC balance")
            binding: "vcBalance"
            enabled: bar.simulation !== null && bar.offers.vcBalance
            checkable: true
            checked: bar.view.vcBalanceOverlay
            onTriggered: { bar.view.vcBalanceOverlay = !bar.view.vcBalanceOverlay; checked = Qt.binding(() => bar.view.vcBalanceOverlay) }
        }
        BoundMenuItem {
            objectName: "sliceItem"
            text: bar.controller.family.text.flatViewMenu
            binding: "slice"
            checkable: true
            checked: bar.view.sliceOpen
            onTriggered: { bar.view.sliceOpen = !bar.view.sliceOpen; checked = Qt.binding(() => bar.view.sliceOpen) }
        }
        BoundMenuItem {
            text: qsTr("Next plane")
            binding: "nextPlane"
            enabled: bar.view.sliceOpen && bar.offers.slice
            onTriggered: bar.window.slicePanel.nextPlane()
        }
        BoundMenuItem {
            text: qsTr("Previous plane")
            binding: "previousPlane"
            enabled: bar.view.sliceOpen && bar.offers.slice
            onTriggered: bar.window.slicePanel.previousPlane()
        }
        BoundMenuItem {
            objectName: "deadlockLabItem"
            text: qsTr("Deadlock lab")
            binding: "deadlockLab"
            enabled: bar.simulation !== null && bar.offers.deadlockLab
            checkable: true
            checked: bar.window.labOpen
            onTriggered: { bar.window.labOpen = !bar.window.labOpen; checked = Qt.binding(() => bar.window.labOpen) }
        }
        BoundMenuItem {
            objectName: "chartsItem"
            text: qsTr("Charts")
            binding: "charts"
            enabled: bar.controls !== null
            checkable: true
            checked: bar.controls !== null && bar.controls.chartsChecked
            onTriggered: {
                bar.controls.chartsChecked = !bar.controls.chartsChecked
                checked = Qt.binding(() => bar.controls !== null && bar.controls.chartsChecked)
            }
        }
        MenuSeparator {}
        BoundMenuItem {
            objectName: "inspectorItem"
            text: qsTr("Node inspector")
            enabled: bar.simulation !== null
            checkable: true
            checked: bar.side.inspectorOpen
            onTriggered: { bar.side.inspectorOpen = !bar.side.inspectorOpen; checked = Qt.binding(() => bar.side.inspectorOpen) }
        }
        BoundMenuItem {
            text: qsTr("Routing tag editor")
            enabled: bar.simulation !== null && bar.offers.tagEditor
            checkable: true
            checked: bar.side.tagEditorShown
            onTriggered: { bar.side.tagEditorShown = !bar.side.tagEditorShown; checked = Qt.binding(() => bar.side.tagEditorShown) }
        }
        BoundMenuItem {
            text: qsTr("Arbitration")
            enabled: bar.simulation !== null && bar.offers.arbitration
            checkable: true
            checked: bar.side.arbitrationOpen
            onTriggered: { bar.side.arbitrationOpen = !bar.side.arbitrationOpen; checked = Qt.binding(() => bar.side.arbitrationOpen) }
        }
    }
    FitMenu {
        objectName: "simulationMenu"
        title: qsTr("&Simulation")
        enabled: bar.live
        BoundMenuItem {
            objectName: "runPauseItem"
            text: bar.simulation !== null && bar.simulation.running ? qsTr("Pause") : qsTr("Run")
            binding: "runPause"
            onTriggered: bar.simulation.toggle()
        }
        BoundMenuItem { text: qsTr("Step one cycle"); binding: "step1"; onTriggered: bar.simulation.step(1) }
        BoundMenuItem { text: qsTr("Step 10 cycles"); binding: "step10"; onTriggered: bar.simulation.step(10) }
        BoundMenuItem { text: qsTr("Step 100 cycles"); binding: "step100"; onTriggered: bar.simulation.step(100) }
        BoundMenuItem { text: qsTr("Step back 100 cycles"); binding: "stepBack"; onTriggered: bar.simulation.stepBack(100) }
        BoundMenuItem { text: qsTr("Run to a cycle\u2026"); enabled: bar.controls !== null; onTriggered: bar.controls.focusRunTo() }
        MenuSeparator {}
        BoundMenuItem { text: qsTr("Slower"); binding: "slower"; enabled: bar.controls !== null; onTriggered: bar.controls.changeSpeed(-1) }
        BoundMenuItem { text: qsTr("Faster"); binding: "faster"; enabled: bar.controls !== null; onTriggered: bar.controls.changeSpeed(1) }
        BoundMenuItem { text: qsTr("Back to cycle 0"); binding: "resetSimulation"; onTriggered: bar.simulation.reset() }
        MenuSeparator {}
        FitMenu {
            id: patternMenu
            objectName: "patternMenu"
            title: qsTr("Traffic pattern")
            enabled: bar.controls !== null && bar.simulation !== null && bar.offers.trafficPatterns
            Instantiator {
                model: bar.simulation !== null ? bar.simulation.trafficPatterns : []
                delegate: MenuItem {
                    required property string modelData
                    text: bar.controls !== null ? bar.controls.patternText(modelData) : modelData
                    checkable: true
                    checked: bar.simulation !== null && bar.simulation.trafficPattern === modelData
                    onTriggered: {
                        bar.simulation.setTrafficPattern(modelData)
                        checked = Qt.binding(() => bar.simulation !== null && bar.simulation.trafficPattern === modelData)
                    }
                }
                onObjectAdded: (index, object) => patternMenu.insertItem(index, object)
                onObjectRemoved: (index, object) => patternMenu.removeItem(object)
            }
        }
        BoundMenuItem {
            text: qsTr("Adaptive routing")
            enabled: bar.simulation !== null && bar.offers.adaptiveRouting && bar.simulation.adaptiveAvailable
            checkable: true
            checked: bar.simulation !== null && bar.simulation.adaptive
            onTriggered: {
                bar.simulation.setAdaptive(!bar.simulation.adaptive)
                checked = Qt.binding(() => bar.simulation !== null && bar.simulation.adaptive)
            }
        }
        BoundMenuItem {
            objectName: "barrierItem"
            text: qsTr("Barrier now (the Synchronization panel's BSU)")
            binding: "syncBarrier"
            enabled: bar.simulation !== null && bar.offers.barriers
            onTriggered: {
                bar.view.showSynchronization()
                bar.view.sync.barrierSoon()
            }
        }
        BoundMenuItem {
            text: qsTr("Stop following the packet")
            binding: "stopFollowing"
            enabled: bar.view.follow.following
            onTriggered: bar.view.follow.stop()
        }
    }
    FitMenu {
        objectName: "helpMenu"
        title: qsTr("&Help")
        BoundMenuItem {
            objectName: "shortcutsItem"
            text: qsTr("Keyboard shortcuts")
            binding: "shortcuts"
            onTriggered: bar.window.shortcutSheet.open()
        }
        FitMenu {
            id: lessonMenu
            objectName: "lessonMenu"
            title: qsTr("Lessons")
            Instantiator {
                model: bar.window.lessons.bundledFiles.length
                delegate: MenuItem {
                    required property int index
                    // A tick once every step of it was done (kept per user).
                    text: (bar.window.lessons.bundledFinished[index] ? "\u2713 " : "") + bar.window.lessons.bundledTitles[index]
                    onTriggered: bar.window.lessons.openBundled(index)
                }
                onObjectAdded: (index, object) => lessonMenu.insertItem(index, object)
                onObjectRemoved: (index, object) => lessonMenu.removeItem(object)
            }
        }
        BoundMenuItem {
            objectName: "userGuideItem"
            text: qsTr("User guide")
            onTriggered: bar.window.userGuide.open()
        }
        BoundMenuItem {
            objectName: "aboutItem"
            text: qsTr("About Flitscope")
            onTriggered: bar.window.aboutDialog.open()
        }
    }
}

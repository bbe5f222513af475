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
    // The View menu (ViewMenu.qml).
    ViewMenu { menus: bar }

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
        // The engine's threads (issue 40): the run is the same on any count;
        // more threads run a big machine faster where the view leaves cores.
        FitMenu {
            id: threadsMenu
            objectName: "engineThreadsMenu"
            title: qsTr("Engine threads")
            enabled: bar.simulation !== null && bar.offers.engineThreads
            Instantiator {
                model: [1, 2, 3, 4]
                delegate: MenuItem {
                    required property int modelData
                    objectName: "engineThreads" + modelData
                    text: (modelData === 1 ? qsTr("1 thread") : qsTr("%1 threads").arg(modelData))
                          + (bar.simulation !== null && modelData === bar.simulation.automaticEngineThreads
                             ? qsTr(" (automatic: the cores the view leaves)") : "")
                    checkable: true
                    checked: bar.simulation !== null && bar.simulation.engineThreadsChosen === modelData
                    onTriggered: {
                        bar.simulation.chooseEngineThreads(modelData)
                        checked = Qt.binding(() => bar.simulation !== null && bar.simulation.engineThreadsChosen === modelData)
                    }
                }
                onObjectAdded: (index, object) => threadsMenu.insertItem(index, object)
                onObjectRemoved: (index, object) => threadsMenu.removeItem(object)
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

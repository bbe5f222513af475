// The window's keys (KeyBindings: one list for these Shortcuts, the menus
// and the shortcut sheet): undo and redo, quit, the camera, the slice's
// planes or a clicker's Back and Next, presenter mode, the shortcut sheet,
// the File keys and the deadlock lab. The simulation's keys are in
// ControlsBar, the view's toggles in ViewKeys. In an item of the window,
// never hidden: presenter mode hides the side panel, and a hidden item's
// Shortcut does not fire.
import QtQuick
import Flitscope

Item {
    // The main window (Main.qml: an ApplicationWindow, not an Item).
    required property var host
    Shortcut { sequences: KeyBindings.sequences("undo"); onActivated: host.controller.undo() }
    Shortcut { sequences: KeyBindings.sequences("redo"); onActivated: host.controller.redo() }
    Shortcut { sequences: KeyBindings.sequences("quit"); onActivated: host.close() }
    Shortcut { sequences: KeyBindings.sequences("fit"); onActivated: host.networkView.fit() }
    Shortcut { sequences: KeyBindings.sequences("resetView"); onActivated: host.networkView.resetView() }
    Shortcut { sequences: KeyBindings.sequences("orbitLeft"); onActivated: host.networkView.orbit(-10, 0) }
    Shortcut { sequences: KeyBindings.sequences("orbitRight"); onActivated: host.networkView.orbit(10, 0) }
    Shortcut { sequences: KeyBindings.sequences("orbitUp"); onActivated: host.networkView.orbit(0, -10) }
    Shortcut { sequences: KeyBindings.sequences("orbitDown"); onActivated: host.networkView.orbit(0, 10) }
    Shortcut { sequences: KeyBindings.sequences("zoomIn"); onActivated: host.networkView.zoom(1 / 1.2) }
    Shortcut { sequences: KeyBindings.sequences("zoomOut"); onActivated: host.networkView.zoom(1.2) }
    Shortcut { sequences: KeyBindings.sequences("centreHovered"); onActivated: host.networkView.centerOnHoveredNode() }
    // Not in presenter mode: a clicker's "blank screen" button sends B.
    Shortcut { sequences: KeyBindings.sequences("toggleLink"); enabled: !host.presenter; onActivated: host.networkView.toggleHoveredLink() }
    // Page Up / Page Down: the slice's planes, or in presenter mode a
    // clicker's Back and Next: 10 cycles back or on.
    Shortcut {
        sequences: KeyBindings.sequences("nextPlane")
        enabled: host.presenter ? host.simulation !== null && host.simulation.hasSimulation : host.slicePanel.visible
        onActivated: host.presenter ? host.simulation.stepBack(10) : host.slicePanel.nextPlane()
    }
    Shortcut {
        sequences: KeyBindings.sequences("previousPlane")
        enabled: host.presenter ? host.simulation !== null && host.simulation.hasSimulation : host.slicePanel.visible
        onActivated: host.presenter ? host.simulation.step(10) : host.slicePanel.previousPlane()
    }
    Shortcut {
        sequences: KeyBindings.sequences("presenter")
        enabled: host.settings !== null
        onActivated: host.settings.presenter = !host.settings.presenter
    }
    Shortcut { sequences: KeyBindings.sequences("shortcuts"); onActivated: host.shortcutSheet.open() }
    // The File keys (ScenarioFileActions through the side panel).
    Shortcut { sequences: KeyBindings.sequences("open"); onActivated: host.sidePanel.openScenario() }
    Shortcut { sequences: KeyBindings.sequences("save"); onActivated: host.sidePanel.saveScenario() }
    Shortcut { sequences: KeyBindings.sequences("saveAs"); onActivated: host.sidePanel.saveScenarioAs() }
    Shortcut {
        sequences: KeyBindings.sequences("saveRecording")
        enabled: host.simulation !== null && host.simulation.hasSimulation
        onActivated: host.sidePanel.saveRecordingAs()
    }
    Shortcut {
        sequences: KeyBindings.sequences("exportTrace")
        enabled: host.simulation !== null && host.simulation.hasSimulation
        onActivated: host.sidePanel.exportTrace()
    }
    Shortcut { sequences: KeyBindings.sequences("deadlockLab"); onActivated: host.labOpen = !host.labOpen }
}

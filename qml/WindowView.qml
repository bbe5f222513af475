// What the window shows besides the run, read and set as its controls do:
// the panels a lesson's step opens or closes (LessonController.panels) and
// the autosave keeps, the camera, the colouring and the slice (autosave.h).
// Main.qml makes one and forwards setPanel and viewState to it (the lessons'
// and the autosave's callers ask the window).
import QtQuick

QtObject {
    id: view
    required property var window  // Main.qml: labOpen, controller, autosave
    required property Item networkView
    required property Item sidePanel
    required property Item slicePanel
    required property Loader controls
    // The panels a lesson's step opens or closes (LessonController.panels)
    // and the autosave keeps (viewState), each read and set as its control
    // does. `kept`: restored after a crash (break mode is not: a click after
    // the restore must not break a link the person did not mean to).
    readonly property var panelTable: ({
        lab: { kept: true, get: () => view.window.labOpen, set: on => { view.window.labOpen = on } },
        slice: { kept: true, get: () => view.networkView.sliceOpen, set: on => { view.networkView.sliceOpen = on } },
        charts: { kept: true, get: () => view.controls.item !== null && view.controls.item.chartsChecked,
                  set: on => { if (view.controls.item !== null) view.controls.item.chartsChecked = on } },
        detour: { kept: true, get: () => view.networkView.detour, set: on => { view.networkView.detour = on } },
        heat: { kept: true, get: () => view.networkView.heatMap, set: on => { view.networkView.heatMap = on } },
        sync: { kept: true, get: () => view.sidePanel.synchronizationOpen, set: on => { view.sidePanel.synchronizationOpen = on } },
        vcBalance: { kept: true, get: () => view.sidePanel.vcBalanceOpen, set: on => { view.sidePanel.vcBalanceOpen = on } },
        arbitration: { kept: true, get: () => view.sidePanel.arbitrationOpen, set: on => { view.sidePanel.arbitrationOpen = on } },
        tagEditor: { kept: true, get: () => view.sidePanel.tagEditorShown, set: on => { view.sidePanel.tagEditorShown = on } },
        inspector: { kept: true, get: () => view.sidePanel.inspectorOpen, set: on => { view.sidePanel.inspectorOpen = on } },
        breakMode: { kept: false, set: on => { view.window.controller.breakMode = on } }
    })
    function setPanel(name, on) {
        const panel = view.panelTable[name]
        if (panel === undefined) console.warn("setPanel: no panel " + name)
        else panel.set(on)
    }
    // What the window shows (the camera, the kept panels, the colouring, the
    // slice): kept by the autosave beside the run, shown again after a
    // restore (autosave.h).
    function viewState() {
        const panels = {}
        for (const name in view.panelTable)
            if (view.panelTable[name].kept) panels[name] = view.panelTable[name].get()
        const t = view.networkView.target
        return {
            camera: { yaw: view.networkView.yaw, pitch: view.networkView.pitch, distance: view.networkView.distance,
                      target: [t.x, t.y, t.z] },
            panels: panels,
            ageColors: view.networkView.ageColors,
            slice: { plane: view.slicePanel.slice.plane, index: view.slicePanel.slice.index }
        }
    }
    function applyViewState(kept) {
        const panels = kept.panels || {}
        for (const name in panels)
            if (view.panelTable[name] !== undefined && view.panelTable[name].kept) view.setPanel(name, panels[name] === true)
        if (kept.slice !== undefined) {
            view.slicePanel.slice.plane = kept.slice.plane
            view.slicePanel.slice.index = kept.slice.index
        }
        view.networkView.ageColors = kept.ageColors === true
        const c = kept.camera
        if (c !== undefined && c.target !== undefined && c.target.length === 3)
            view.networkView.restoreCamera(c.yaw, c.pitch, c.distance, Qt.vector3d(c.target[0], c.target[1], c.target[2]))
    }
    readonly property Connections restore: Connections {
        target: view.window.autosave
        function onViewRestored(kept) { view.applyViewState(kept) }
    }
}

// The main window: the 3D network view, the side panel, the status bar.
// `controller` (NetworkController) is set by MainWindowSession at start-up.
import QtQuick
import Flitscope
import QtQuick.Controls
import QtQuick.Layouts

ApplicationWindow {
    id: window
    required property NetworkController controller
    // The running simulation (issue 5), set by MainWindowSession; null without one.
    property SimulationController simulation: null
    // The tools' controllers, created and wired to the network and the
    // simulation by the composition root (MainWindowSession): no QML file
    // creates one. The window binds what each watches and shows what it says.
    required property ScenarioFiles files
    required property TraceExporter traceExporter
    required property FollowController follow
    required property NodeInspector nodeInspector
    required property TagEditor tagEditor
    // The panels that watch frames, made from their registrations by name
    // (panel_registry.h): the synchronization panel, the VC balance, the lab.
    required property var panels
    readonly property SyncController sync: panels.sync
    readonly property VcBalanceController vcBalance: panels.vcBalance
    readonly property DeadlockLab deadlockLab: panels.deadlockLab
    readonly property SpecialController special: panels.special
    Binding { target: window.special; property: "network"; value: window.controller }
    required property CircuitStatus circuitStatus
    required property CircuitSweep circuitSweep
    required property LessonController lessons
    // Keeps the run on disk for after a crash, and offers a killed run's (autosave.h).
    required property Autosave autosave
    // What the window shows besides the run (the panels, the camera, the
    // colouring, the slice), read and set as its controls do: for the
    // lessons and the autosave (WindowView.qml).
    WindowView {
        id: windowView
        window: window
        networkView: networkView
        sidePanel: sidePanel
        slicePanel: slicePanel
        controls: liveControls
    }
    function setPanel(name, on) { windowView.setPanel(name, on) }
    function viewState() { return windowView.viewState() }
    // File > Open Lesson: a teacher's own lesson file.
    FileChooser {
        id: lessonDialog
        objectName: "lessonDialog"
        title: qsTr("Open lesson")
        acceptLabel: qsTr("Open")
        nameFilters: [qsTr("Lessons (*.json)"), qsTr("All files (*)")]
        onAccepted: window.lessons.open(selectedFile)
    }
    property alias lessonDialog: lessonDialog
    // A killed run's recording, offered back (RestoreRunDialog.qml).
    RestoreRunDialog { autosave: window.autosave }
    Connections {
        target: window.lessons
        // A lesson starts from a tidy window: what an earlier lesson (or the
        // person) opened closes, then the first step opens what it needs.
        function onLessonStarted() { for (const p of window.lessons.panels) window.setPanel(p, false) }
        function onShowRequested(panels) { for (const p of panels) window.setPanel(p, true) }
    }
    // The last route rebuild in words (rebuild_outcome.h), set by MainWindowSession.
    property RebuildOutcome outcome: null
    // How the person set up the window, kept between runs (view_settings.h).
    property ViewSettings settings: null
    // --sync: the Synchronization section open and the barrier tree shown at start.
    property bool syncAtStart: false
    // --vc-balance: the VC balance section open and the overlay shown at start.
    property bool vcBalanceAtStart: false
    // --lab: the deadlock lab open at start; labOpen: open now (View menu, Ctrl+D).
    property bool labAtStart: false
    property bool labOpen: labAtStart
    // --charts: the live charts open at start; --age-colors: packets coloured
    // by age; --slice PLANE:INDEX: the slice open on that plane (-1: closed).
    property bool chartsAtStart: false
    property bool ageColorsAtStart: false
    // --heat load|change: the link heat map on at start, by load or by its change.
    property string heatAtStart: ""
    property int slicePlaneAtStart: -1
    property int sliceIndexAtStart: 0
    // --map: a fat-tree's map open beside the view.
    property bool mapAtStart: false
    // --benchmark-frames: the camera turns this many degrees every frame,
    // forcing a full re-render (nothing is cached between frames).
    property real orbitDegreesPerFrame: 0
    FrameAnimation {
        running: window.orbitDegreesPerFrame > 0
        onTriggered: networkView.yaw += window.orbitDegreesPerFrame
    }

    visible: true
    width: 1280
    height: 800
    // Presenter mode (issue 42; F5, View > Presenter mode; remembered): the view
    // fills the screen, larger type, the side panel away, one chart, a pointer,
    // Page Up / Page Down step (a clicker), B does not break links.
    readonly property bool presenter: settings !== null && settings.presenter
    onPresenterChanged: visibility = presenter ? Window.FullScreen : Window.Windowed
    Binding { target: window.controller; property: "linkKey"; value: !window.presenter }
    Component.onCompleted: {
        if (presenter) visibility = Window.FullScreen
        window.autosave.viewStateSource = window.viewState
    }
    font.pointSize: (presenter ? 1.5 : 1.0) * Qt.application.font.pointSize
    minimumWidth: 640
    minimumHeight: 400
    title: controller.scenarioName.length > 0
           ? qsTr("Flitscope: %1").arg(controller.scenarioName) : qsTr("Flitscope")
    color: "#1b1f27"
    background: null  // the 3D view is an underlay: nothing may paint over it

    // For --benchmark-frames and the rendering tests.
    property alias cameraYaw: networkView.yaw
    property alias networkView: networkView
    property alias slicePanel: slicePanel
    property alias sidePanel: sidePanel
    // The simulation's controls bar (null without a simulation), for the menus.
    readonly property var controls: liveControls.item
    function screenPositionOf(scenePoint) { return networkView.screenPositionOf(scenePoint) }
    function nodeAt(windowX, windowY) {
        const p = networkView.mapFromItem(null, windowX, windowY)
        const ray = networkView.rayFrom(p.x, p.y)
        return controller.pickNode(ray[0], ray[1])
    }
    function packetAt(windowX, windowY) {
        const p = networkView.mapFromItem(null, windowX, windowY)
        return networkView.packetAt(p.x, p.y)
    }
    function linkAt(windowX, windowY) {
        const p = networkView.mapFromItem(null, windowX, windowY)
        const ray = networkView.rayFrom(p.x, p.y)
        return controller.pickLink(ray[0], ray[1])
    }

    palette.window: "#262b35"
    palette.windowText: "#e6e9ef"
    palette.base: "#1e232c"
    palette.alternateBase: "#2b313c"
    palette.text: "#e6e9ef"
    palette.button: "#333a47"
    palette.buttonText: "#e6e9ef"
    palette.highlight: "#4aa3f0"
    palette.highlightedText: "#0b0d12"
    palette.toolTipBase: "#333a47"
    palette.toolTipText: "#e6e9ef"
    palette.mid: "#3b4250"
    palette.dark: "#15181e"
    palette.light: "#4a5262"
    palette.placeholderText: "#8a93a3"

    // The window's keys (WindowKeys.qml).
    WindowKeys { host: window }

    // The deadlock lab's controller (deadlock_lab.h): the dependency check
    // while the lab is open; the watchdog's deadlock for the 3D view, the
    // slice and the lab.
    Binding { target: window.deadlockLab; property: "watched"; value: window.simulation !== null && window.labOpen }
    // ns and MB/s where the machine's units are known (View menu; chart_feeder.h).
    Binding {
        target: window.simulation !== null ? window.simulation.charts : null
        property: "physicalUnits"
        value: window.settings !== null && window.settings.physicalUnits
    }

    menuBar: MainMenuBar {
        objectName: "menuBar"
        window: window
        visible: !window.presenter
    }
    ShortcutSheet { id: shortcutSheet }
    property alias shortcutSheet: shortcutSheet
    UserGuideDialog { id: userGuide }
    property alias userGuide: userGuide
    AboutDialog { id: aboutDialog }
    property alias aboutDialog: aboutDialog

    // Live simulation (issue 5): its controls and (on demand) its charts,
    // docked below the view so the view keeps its top-left origin.
    ColumnLayout {
        id: liveDock
        visible: window.simulation !== null
        anchors { left: parent.left; right: parent.right; bottom: parent.bottom }
        height: visible ? implicitHeight : 0
        spacing: 0
        // Rewind (issue 16): the cycles run so far, a marker per intervention.
        TimelineScrubber {
            objectName: "timelineScrubber"
            Layout.fillWidth: true
            simulation: window.simulation
        }
        Loader {
            id: chartsLoader
            Layout.fillWidth: true
            // A third of the window, but never less than the charts need for
            // their axis labels and legends (Qt Charts elides squeezed labels to "...").
            Layout.preferredHeight: Math.max(Math.min(280, window.height / 3),
                                             chartsLoader.item ? chartsLoader.item.implicitHeight : 0)
            active: window.simulation !== null && liveControls.item !== null && liveControls.item.chartsChecked
            visible: active
            sourceComponent: ChartsPanel {
                simulation: window.simulation
                sweep: window.circuitSweep
                columns: window.presenter ? 1 : 6
                onlyChart: window.presenter ? presenterChart : ""
            }
        }
        Loader {
            id: liveControls
            Layout.fillWidth: true
            active: window.simulation !== null
            sourceComponent: ControlsBar {
                simulation: window.simulation
                family: window.controller.family
                presenter: window.presenter
                chartsToggle: true
                Component.onCompleted: chartsChecked = window.chartsAtStart
            }
        }
    }

    RowLayout {
        anchors { left: parent.left; right: parent.right; top: parent.top; bottom: liveDock.top }
        spacing: 0

        // A guided lesson, left of the view (Help > Lessons; lesson_controller.h).
        LessonPanel {
            id: lessonPanel
            objectName: "lessonPanel"
            visible: window.lessons.active || window.lessons.errorString.length > 0  // a lesson, or why one did not open
            lessons: window.lessons
            onVisibleChanged: networkView.refitOnceLaidOut()
            Layout.preferredWidth: 320 * (window.presenter ? 1.3 : 1)
            Layout.fillHeight: true
        }
        NetworkView {
            id: networkView
            objectName: "networkView"
            controller: window.controller
            simulation: window.simulation
            outcome: window.outcome
            settings: window.settings
            presenter: window.presenter
            follow: window.follow
            sync: window.sync
            vcBalance: window.vcBalance
            special: window.special
            circuitStatus: window.circuitStatus
            onShowSynchronization: sidePanel.synchronizationOpen = true
            syncTree: window.syncAtStart
            vcBalanceOverlay: window.vcBalanceAtStart
            ageColors: window.ageColorsAtStart
            heatMap: window.heatAtStart === "load"
            detour: window.heatAtStart === "change"
            sliceOpen: window.slicePlaneAtStart >= 0 || window.mapAtStart
            deadlockLab: window.deadlockLab
            ghostChannels: sidePanel.tagEditorOpen ? sidePanel.tagEditor.pathChannels : []
            ghostNodes: sidePanel.tagEditorOpen ? [sidePanel.tagEditor.source, sidePanel.tagEditor.destination].filter(n => n >= 0) : []
            Layout.fillWidth: true
            Layout.fillHeight: true
        }
        // The 2D slice (issue 5): one plane flat, beside the 3D view (S).
        SlicePanel {
            id: slicePanel
            objectName: "slicePanel"
            visible: networkView.sliceOpen && window.controller.family.offers.slice
            controller: window.controller
            simulation: window.simulation
            heatMap: networkView.heatMap
            view: networkView
            deadlockLab: window.deadlockLab
            Component.onCompleted: {
                if (window.slicePlaneAtStart < 0) return
                slice.plane = window.slicePlaneAtStart
                slice.index = window.sliceIndexAtStart
            }
            // As wide as the plane's shape wants at this height, within 290 px .. a third of the window.
            Layout.preferredWidth: Math.max(290, Math.min(window.width / 3,
                (height - 90) * (slice.columns + 1) / Math.max(1, slice.rows + 1)))
            Layout.fillHeight: true
        }
        // A fat-tree's 2D projection in the slice's place (the same key, S).
        FatTreeMapPanel {
            id: mapPanel
            objectName: "fatTreeMapPanel"
            visible: networkView.sliceOpen && window.controller.family.offers.map
            controller: window.controller
            simulation: window.simulation
            view: networkView
            Layout.preferredWidth: Math.max(320, window.width * 0.4)
            Layout.fillHeight: true
        }
        DeadlockLabPanel {
            id: labPanel
            objectName: "deadlockLabPanel"
            visible: window.labOpen && window.simulation !== null
            lab: window.deadlockLab
            simulation: window.simulation
            onVisibleChanged: networkView.refitOnceLaidOut()
            Layout.preferredWidth: 360
            Layout.fillHeight: true
        }
        SidePanel {
            id: sidePanel
            objectName: "sidePanel"
            onFileReported: (failed, text) => networkView.showFileMessage(failed, text)
            visible: !window.presenter
            controller: window.controller
            simulation: window.simulation
            files: window.files
            traceExporter: window.traceExporter
            nodeInspector: window.nodeInspector
            tagEditor: window.tagEditor
            synchronizationOpen: window.syncAtStart
            vcBalanceOpen: window.vcBalanceAtStart
            view: networkView
            Layout.preferredWidth: 340
            Layout.fillHeight: true
        }
    }

    footer: Rectangle {
        height: statusRow.implicitHeight + 8
        color: "#15181e"
        RowLayout {
            id: statusRow
            anchors.fill: parent
            anchors.leftMargin: 10
            anchors.rightMargin: 10
            Label {
                objectName: "hoverLabel"
                Layout.fillWidth: true
                elide: Text.ElideRight
                font.family: networkView.hoverText.length > 0 ? "DejaVu Sans Mono" : ""
                color: networkView.hoverText.length > 0 ? "#ffd54a" : "#9aa3b2"
                text: networkView.hoverText.length > 0
                      ? networkView.hoverText
                      : controller.family.text.statusHint
            }
            // The last break, repair or hot spare and what it did (rebuild_outcome.h), in short.
            Label {
                objectName: "outcomeStatusLabel"
                visible: window.outcome !== null && text.length > 0
                Layout.maximumWidth: window.width * 0.45
                elide: Text.ElideRight
                color: window.outcome && window.outcome.unreachableCount > 0 ? "#ff8a80" : "#9ccc65"
                text: window.outcome ? window.outcome.statusLine : ""
                ToolTip.visible: outcomeHover.hovered && truncated
                ToolTip.text: text
                HoverHandler { id: outcomeHover }
            }
            // The autosave's trouble (a write that failed, a restore that did
            // not open, every slot held): the run is not being kept, say so.
            Label {
                objectName: "autosaveErrorLabel"
                visible: text.length > 0
                Layout.maximumWidth: window.width * 0.4
                elide: Text.ElideRight
                color: "#ff8a80"
                text: window.autosave.lastError
                ToolTip.visible: autosaveErrorHover.hovered && truncated
                ToolTip.text: text
                HoverHandler { id: autosaveErrorHover }
            }
            Label {
                objectName: "networkCountsLabel"
                color: "#9aa3b2"
                text: controller.family.networkCounts(controller.nodeCount, controller.linkCount, controller.failedLinkCount)
            }
        }
    }
}

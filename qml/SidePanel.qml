// The side panel: scenario, counts, failed links, undo/redo, legend, help.
import QtQuick
import Flitscope
import QtQuick.Controls
import QtQuick.Layouts

Pane {
    id: panel
    required property NetworkController controller
    required property Item view
    // The running simulation (issue 5); null without one. The node inspector
    // and the tag editor need it.
    property SimulationController simulation: null
    // What the loaded family offers (family_view.h): a tool's section shows
    // while a simulation runs and the family offers it.
    readonly property var offers: controller.family.offers
    readonly property bool live: simulation !== null
    // The inspector's and the tag editor's controllers, made by the
    // composition root (gui_session.h); the panel says which node to inspect.
    required property TagEditor tagEditor
    required property NodeInspector nodeInspector
    readonly property bool tagEditorOpen: tagSection.checked && simulation !== null
    // Open and save (scenario_files.h) and the trace export, from the composition root.
    required property ScenarioFiles files
    required property TraceExporter traceExporter
    // The sections, for the View menu.
    property alias inspectorOpen: inspectorSection.checked
    property alias tagEditorShown: tagSection.checked
    property alias arbitrationOpen: arbitrationSection.checked
    property alias synchronizationOpen: syncSection.checked
    property alias vcBalanceOpen: vcBalanceSection.checked
    // The scenario's description shows its first lines until More is clicked.
    property bool descriptionExpanded: false

    // A section opened by its header, the View menu, a key or a start flag
    // (--sync, --vc-balance) is scrolled into view: all of it when it fits,
    // else its header at the top. Shortly after, once the layout has placed
    // the content (a layout has no forceLayout in Qt 6.4).
    property bool completed: false
    property Item revealHeader: null
    property Item revealContent: null
    // Set while the panel opens a section itself (the XT's Arbitration at the
    // first frame): that opening keeps the scenario's title in view.
    property bool openingQuietly: false
    function reveal(header, content) {
        if (!completed || openingQuietly) return
        revealHeader = header
        revealContent = content
        revealTimer.runs = 0
        revealTimer.restart()
    }
    // Four times, 80 ms apart: under load the layout may place the new
    // content only after the first (a stale position scrolls too little).
    Timer {
        id: revealTimer
        interval: 80
        repeat: true
        property int runs: 0
        onTriggered: {
            if (++runs >= 4) stop()
            const flick = scroll.contentItem
            const header = panel.revealHeader
            const content = panel.revealContent
            // A section folded again (or hidden) before the runs end: leave the panel where it is.
            if (!header || !header.visible || !header.checked) { stop(); return }
            const top = header.mapToItem(column, 0, 0).y
            const bottom = content && content.visible ? content.mapToItem(column, 0, content.height).y
                                                      : top + header.height
            let y = flick.contentY
            if (bottom - top > flick.height || top < y) y = top
            else if (bottom > y + flick.height) y = bottom - flick.height
            flick.contentY = Math.max(0, Math.min(y, column.height - flick.height))
        }
    }
    Component.onCompleted: {
        completed = true
        // Start flags open these folded sections; the first one opened is shown.
        if (syncSection.checked) reveal(syncSection, syncLoader)
        else if (vcBalanceSection.checked) reveal(vcBalanceSection, vcBalanceLoader)
    }

    Binding { target: panel.nodeInspector; property: "node"; value: inspectorSection.checked ? panel.controller.selectedNode : -1 }
    Connections {
        target: panel.controller
        enabled: tagSection.checked && tagPanel.picking
        function onNodeClicked(node) { panel.tagEditor.pickNode(node) }
    }
    padding: 12

    background: Rectangle { color: "#262b35" }

    // Open, save, save as, save recording, export trace (ScenarioFileActions.qml);
    // their keys (Ctrl+O, Ctrl+S, ...) are Main.qml's: a Shortcut here would
    // go dead while presenter mode hides this panel.
    ScenarioFileActions {
        id: fileActions
        controller: panel.controller
        files: panel.files
        traceExporter: panel.traceExporter
        simulation: panel.simulation
        onReported: (failed, text) => {
            saveStatus.failed = failed
            saveStatus.text = text
            panel.fileReported(failed, text)
        }
    }
    // Where Save writes without asking: the file opened with Open or saved
    // with Save As last; empty for a preset or the built-in scenario.
    property alias currentFile: fileActions.currentFile
    readonly property alias traceExport: fileActions.traceExport
    // The outcome of a save or an export: under the Save button, and as a
    // signal for presenter mode, which hides this panel (NetworkView shows it).
    signal fileReported(bool failed, string text)
    function openScenario() { fileActions.openScenario() }
    function openFile(url, remember) { return fileActions.openFile(url, remember) }
    function openPreset(index) { fileActions.openPreset(index) }
    function saveScenario() { fileActions.saveScenario() }
    function saveScenarioAs() { fileActions.saveScenarioAs() }
    function saveTo(url) { fileActions.saveTo(url) }
    function saveRecordingAs() { fileActions.saveRecordingAs() }
    function exportTrace() { fileActions.exportTrace() }

    ScrollView {
        id: scroll
        objectName: "sidePanelScroll"
        anchors.fill: parent
        contentWidth: availableWidth
        clip: true
        ScrollBar.horizontal.policy: ScrollBar.AlwaysOff

        ColumnLayout {
            id: column
            width: scroll.availableWidth
            spacing: 8

            Label {
                Layout.fillWidth: true
                text: panel.controller.scenarioName
                font.bold: true
                font.pixelSize: 17
                wrapMode: Text.WordWrap
            }
            Label {
                id: description
                objectName: "scenarioDescription"
                Layout.fillWidth: true
                text: panel.controller.scenarioDescription
                wrapMode: Text.WordWrap
                maximumLineCount: panel.descriptionExpanded ? 100000 : 4
                elide: Text.ElideRight
                color: "#b8c0cc"
            }
            Button {
                objectName: "descriptionMoreButton"
                Layout.alignment: Qt.AlignRight
                Layout.topMargin: -6
                visible: description.truncated || panel.descriptionExpanded
                flat: true
                padding: 2
                font.pixelSize: 12
                text: panel.descriptionExpanded ? qsTr("Less") : qsTr("More\u2026")
                onClicked: panel.descriptionExpanded = !panel.descriptionExpanded
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: panel.descriptionExpanded ? qsTr("Show the first lines of the description only")
                                                        : qsTr("Show the whole description of the scenario")
            }
            Label {
                Layout.fillWidth: true
                text: panel.controller.topologyText
                wrapMode: Text.WordWrap
                color: "#b8c0cc"
            }

            ScenarioFileRow {
                Layout.fillWidth: true
                controller: panel.controller
                files: panel.files
                actions: fileActions
            }
            Label {
                id: saveStatus
                objectName: "saveStatus"
                property bool failed: false
                Layout.fillWidth: true
                visible: text.length > 0
                color: failed ? "#ff8a80" : "#a5d6a7"
                wrapMode: Text.WrapAnywhere
            }
            Label {
                objectName: "errorLabel"
                Layout.fillWidth: true
                visible: panel.controller.errorString.length > 0
                text: qsTr("Could not open the scenario: %1").arg(panel.controller.errorString)
                color: "#ff8a80"
                wrapMode: Text.WrapAnywhere
            }

            // Nodes, links, what failed, Undo and Redo (NetworkCountsSection.qml).
            NetworkCountsSection {
                Layout.fillWidth: true
                controller: panel.controller
            }

            // What the last break, repair or hot spare did (RebuildOutcomeSection.qml).
            RebuildOutcomeSection {
                controller: panel.controller
                simulation: panel.simulation
                outcome: panel.view.outcome
                visible: panel.live && panel.offers.reroutes && hasSomething
                Layout.fillWidth: true
            }

            // Link load: the heat map and the detour (LinkLoadSection.qml).
            LinkLoadSection {
                Layout.fillWidth: true
                view: panel.view
                offers: panel.offers
                live: panel.live
            }

            // The packet followed in the 3D view (a click on it; Esc or the
            // section's close button stops): its ends, VC class, tag decoded.
            FollowPanel {
                objectName: "followPanel"
                Layout.fillWidth: true
                Layout.topMargin: 6
                follow: panel.view.follow
                classNames: panel.simulation !== null ? panel.simulation.vcLegend.classNames : VcPalette.names
                visible: panel.simulation !== null && follow.following
            }

            // Arbitration, switched live (open at first under the age arbiter:
            // the XT presets are about it; folded for the other machines). The
            // first frame of each scenario decides; a switch later leaves it be.
            Connections {
                target: panel.simulation
                property string decidedFor: ""
                function onArbitrationChanged() {
                    if (decidedFor === panel.controller.scenarioFile) return
                    decidedFor = panel.controller.scenarioFile
                    revealTimer.stop()  // a reveal asked for in the scenario before has no business here
                    panel.openingQuietly = true
                    arbitrationSection.checked = panel.simulation.arbiter === "age"
                    panel.openingQuietly = false
                }
            }
            SectionHeader {
                id: arbitrationSection
                objectName: "arbitrationSection"
                sidePanel: panel
                content: arbitrationLoader
                visible: panel.live && panel.offers.arbitration
                checked: false  // decided once per scenario, below
                title: qsTr("Arbitration")
                tip: qsTr("Arbiter and age parameters of every router, changed live")
            }
            Loader {
                id: arbitrationLoader
                Layout.fillWidth: true
                active: panel.live && panel.offers.arbitration
                visible: active && arbitrationSection.checked
                sourceComponent: ArbitrationPanel {
                    simulation: panel.simulation
                    dimensions: Math.min(3, panel.controller.dimensions)
                }
            }

            // Synchronization (issue 17): the T3E's barrier/eureka networks, folded by default.
            SectionHeader {
                id: syncSection
                objectName: "syncSection"
                sidePanel: panel
                content: syncLoader
                visible: panel.live && panel.offers.barriers
                title: qsTr("Synchronization")
                tip: qsTr("Barrier/eureka networks (T3E section 6): run a barrier, watch the BSU states")
            }
            Binding { target: panel.view; property: "syncPanelOpen"; value: syncSection.checked && panel.live && panel.offers.barriers }
            Loader {
                id: syncLoader
                Layout.fillWidth: true
                active: panel.live && panel.offers.barriers && syncSection.checked
                visible: active
                sourceComponent: SyncPanel {
                    sync: panel.view.sync
                    simulation: panel.simulation
                    network: panel.controller
                }
            }

            // VC balance (issue 18): Table 1's figures, the optimizer, folded by default.
            SectionHeader {
                id: vcBalanceSection
                objectName: "vcBalanceSection"
                sidePanel: panel
                content: vcBalanceLoader
                visible: panel.live && panel.offers.vcBalance
                title: qsTr("VC balance")
                tip: qsTr("How evenly the routes share VC0 and VC1 (T3E section 4, Table 1); optimize the VC tables")
            }
            Binding { target: panel.view; property: "vcBalancePanelOpen"; value: vcBalanceSection.checked && panel.live && panel.offers.vcBalance }
            Loader {
                id: vcBalanceLoader
                Layout.fillWidth: true
                active: panel.live && panel.offers.vcBalance && vcBalanceSection.checked
                visible: active
                sourceComponent: VcBalancePanel {
                    balance: panel.view.vcBalance
                    simulation: panel.simulation
                    view: panel.view
                }
            }

            // Node inspector and routing-tag editor (issue 5), folded by default.
            SectionHeader {
                id: inspectorSection
                objectName: "inspectorSection"
                sidePanel: panel
                content: inspectorPanel
                visible: panel.simulation !== null
                title: qsTr("Node inspector")
                tip: panel.controller.family.text.inspectorTip
            }
            NodeInspectorPanel {
                id: inspectorPanel
                visible: inspectorSection.checked && panel.simulation !== null
                Layout.fillWidth: true
                inspector: panel.nodeInspector
                classNames: panel.simulation !== null ? panel.simulation.vcLegend.classNames : VcPalette.names
            }
            SectionHeader {
                id: tagSection
                objectName: "tagSection"
                sidePanel: panel
                content: tagPanel
                visible: panel.live && panel.offers.tagEditor
                Layout.topMargin: 0
                title: qsTr("Routing tag editor")
                tip: qsTr("Edit the routing tag of a source and destination and preview its path")
            }
            TagEditorPanel {
                id: tagPanel
                visible: tagSection.checked && panel.live && panel.offers.tagEditor
                Layout.fillWidth: true
                editor: panel.tagEditor
            }

            Label { text: qsTr("Legend"); font.bold: true; Layout.topMargin: 6 }
            // The family's own rows (a torus's links by dimension, a fat-tree's
            // channels by the way they go), then the rows every family shares.
            Repeater {
                model: panel.controller.family.legendRows
                LegendRow {
                    required property var modelData
                    visible: !modelData.whileCollapsed || panel.controller.collapsedBlockCount > 0
                    swatch: modelData.swatch
                    round: modelData.round
                    stub: modelData.stub
                    text: modelData.text
                }
            }
            LegendRow { swatch: NetworkPalette.failed; broken: true; text: qsTr("Failed link: red, with a gap and an X") }
            LegendRow { swatch: NetworkPalette.hover; text: qsTr("Under the mouse") }

            Label { text: qsTr("Mouse and keys"); font.bold: true; Layout.topMargin: 6 }
            Label {
                Layout.fillWidth: true
                wrapMode: Text.WordWrap
                color: "#b8c0cc"
                text: panel.controller.family.text.mouseHelp
                      + "\n" + qsTr("Arrows: orbit. + and -: zoom. F: fit. Home: reset view. C: centre the node under the mouse. B: break or repair the link under the mouse. Ctrl+Z / Ctrl+Shift+Z: undo / redo. F1 or ?: every key.")
            }
        }
    }
}

// The simulation's controls (issue 5, "Running"): run/pause, step 1/10/100,
// run to a cycle, speed from 1 cycle per second (teaching) to as fast as
// possible, reset, and what the engine is doing. Keyboard: Space run/pause,
// N / Shift+N / Ctrl+N step 1 / 10 / 100, Alt+Left step back 100 (rewind),
// [ and ] slower / faster,
// Ctrl+R reset. Place it in a header or footer; it needs only `simulation`.
import QtQuick
import Flitscope
import QtQuick.Controls
import QtQuick.Layouts

ToolBar {
    id: bar
    required property SimulationController simulation
    // Optional "Charts" toggle for a window that docks ChartsPanel: shown when
    // chartsToggle is true; chartsChecked says whether the charts are open.
    property bool chartsToggle: false
    // The loaded scenario's family (NetworkController.family): what its load
    // means (a torus: flits per node per cycle; a Transit fat-tree: the chance
    // per cycle that an idle endpoint gets a new message) and whether it
    // offers traffic patterns and adaptive routing.
    required property FamilyView family
    property alias chartsChecked: chartsButton.checked
    // Slider positions are log10(cycles per second); the top end is "as fast as possible".
    readonly property real unlimitedPosition: 6.5
    readonly property bool active: simulation.hasSimulation
    // Presenter mode (issue 42): larger type; the fixed widths grow with it and
    // the typed "Run to" goes (a presenter steps with the clicker).
    property bool presenter: false
    readonly property real uiScale: Math.max(1, font.pointSize / Qt.application.font.pointSize)

    function sliderToSpeed(position) {
        return position >= unlimitedPosition ? 0 : Math.max(1, Math.round(Math.pow(10, position)))
    }
    // The engine's traffic pattern names, for people.
    function patternText(name) {
        switch (name) {
        case "uniform": return qsTr("Uniform random")
        case "transpose": return qsTr("Transpose")
        case "bitComplement": return qsTr("Bit complement")
        case "bitReversal": return qsTr("Bit reversal")
        case "tornado": return qsTr("Tornado")
        case "nearestNeighbor": return qsTr("Nearest neighbour")
        case "hotspot": return qsTr("Hot spot")
        case "allToOne": return qsTr("All to one")
        case "shift": return qsTr("Shift")
        }
        return name
    }
    function speedToSlider(speed) {
        return speed <= 0 ? unlimitedPosition : Math.min(unlimitedPosition - 0.1, Math.log(speed) / Math.LN10)
    }
    function speedText(speed) {
        return speed <= 0 ? qsTr("as fast as possible") : qsTr("%1 cycles/s").arg(speed.toFixed(0))
    }
    function changeSpeed(steps) {
        const p = Math.max(0, Math.min(unlimitedPosition, speedToSlider(simulation.speed) + steps * 0.5))
        simulation.setSpeed(sliderToSpeed(p))
    }
    // The cycle typed in the Run to field: a whole number, or a message
    // naming the field and the field back to the last cycle run to (issue 41).
    property string lastRunTo: ""
    function startRunTo() {
        const text = runToField.text.trim()
        if (!/^[0-9]{1,12}$/.test(text)) {
            runToRefusal.text = qsTr("Run to: \"%1\" is not a cycle number (0 to 999999999999)").arg(text)
            runToRefusal.open()
            runToField.text = bar.lastRunTo
            return
        }
        runToRefusal.close()
        bar.lastRunTo = text
        simulation.runTo(parseInt(text, 10))
    }

    // Keys from KeyBindings (one list for the keys, the menus and the sheet).
    Shortcut { sequences: KeyBindings.sequences("runPause"); enabled: bar.active; onActivated: bar.simulation.toggle() }
    Shortcut { sequences: KeyBindings.sequences("step1"); enabled: bar.active; onActivated: bar.simulation.step(1) }
    Shortcut { sequences: KeyBindings.sequences("step10"); enabled: bar.active; onActivated: bar.simulation.step(10) }
    Shortcut { sequences: KeyBindings.sequences("step100"); enabled: bar.active; onActivated: bar.simulation.step(100) }
    Shortcut { sequences: KeyBindings.sequences("stepBack"); enabled: bar.active; onActivated: bar.simulation.stepBack(100) }
    Shortcut { sequences: KeyBindings.sequences("slower"); enabled: bar.active; onActivated: bar.changeSpeed(-1) }
    Shortcut { sequences: KeyBindings.sequences("faster"); enabled: bar.active; onActivated: bar.changeSpeed(1) }
    Shortcut { sequences: KeyBindings.sequences("resetSimulation"); enabled: bar.active; onActivated: bar.simulation.reset() }
    Shortcut { sequences: KeyBindings.sequences("charts"); enabled: bar.chartsToggle; onActivated: chartsButton.toggle() }
    function focusRunTo() { runToField.forceActiveFocus() }

    // Two rows: the clock (run, step, speed, reset) and the traffic (load,
    // pattern, adaptive routing), so that everything fits a 1280-pixel window.
    ColumnLayout {
        anchors.fill: parent
        spacing: 2
        enabled: bar.active

        RowLayout {
            Layout.fillWidth: true
            spacing: 6
            ToolButton {
                objectName: "runPauseButton"
                text: bar.simulation.running ? qsTr("Pause") : qsTr("Run")
                onClicked: bar.simulation.toggle()
                ToolTip.visible: hovered
                ToolTip.text: bar.simulation.running ? qsTr("Pause the simulation (Space)")
                                                     : qsTr("Run the simulation at the chosen speed (Space)")
            }
            ToolButton {
                objectName: "step1Button"
                text: qsTr("Step 1")
                onClicked: bar.simulation.step(1)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Advance one router cycle, then pause (N)")
            }
            ToolButton {
                objectName: "step10Button"
                text: qsTr("10")
                onClicked: bar.simulation.step(10)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Advance 10 cycles, then pause (Shift+N)")
            }
            ToolButton {
                objectName: "step100Button"
                text: qsTr("100")
                onClicked: bar.simulation.step(100)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Advance 100 cycles, then pause (Ctrl+N)")
            }
            ToolSeparator { visible: !bar.presenter }
            TextField {
                id: runToField
                objectName: "runToField"
                visible: !bar.presenter
                Layout.preferredWidth: 96 * bar.uiScale
                placeholderText: qsTr("cycle")
                // Digits only (any other key goes to the window's shortcuts:
                // keyboard_focus.h); empty or too long is refused on Enter.
                validator: RegularExpressionValidator { regularExpression: /[0-9]{0,16}/ }
                inputMethodHints: Qt.ImhDigitsOnly
                onAccepted: bar.startRunTo()
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Cycle to run to; press Enter or Run to")
                ToolTip {
                    id: runToRefusal
                    objectName: "runToRefusal"
                    y: runToField.height + 2
                    timeout: 6000
                }
            }
            ToolButton {
                objectName: "runToButton"
                visible: !bar.presenter
                text: qsTr("Run to")
                enabled: runToField.text.length > 0
                onClicked: bar.startRunTo()
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Run until the simulation reaches the cycle entered on the left, then pause")
            }
            ToolSeparator {}
            Label { text: qsTr("Speed") }
            Slider {
                id: speedSlider
                objectName: "speedSlider"
                Layout.preferredWidth: (bar.presenter ? 100 : 160) * bar.uiScale
                from: 0
                to: bar.unlimitedPosition
                stepSize: 0.1
                value: bar.speedToSlider(bar.simulation.speed)
                onMoved: bar.simulation.setSpeed(bar.sliderToSpeed(value))
                ToolTip.visible: hovered || pressed
                ToolTip.text: qsTr("Simulation speed: %1. From 1 cycle per second (teaching) to as fast as possible ([ slower, ] faster)")
                              .arg(bar.speedText(bar.simulation.speed))
            }
            Label {
                objectName: "speedLabel"
                Layout.preferredWidth: 130 * bar.uiScale
                text: bar.speedText(bar.simulation.speed)
            }
            ToolSeparator {}
            ToolButton {
                objectName: "resetButton"
                text: qsTr("Reset")
                onClicked: bar.simulation.reset()
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Back to cycle 0 of the scenario, paused; the charts start over (Ctrl+R)")
            }
            ToolButton {
                id: chartsButton
                objectName: "chartsButton"
                visible: bar.chartsToggle
                checkable: true
                text: qsTr("Charts")
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Show or hide the live charts: latency, throughput, VC occupancy, latency histogram, throughput per source, ages of packets (Ctrl+G)")
            }
            Item { Layout.fillWidth: true }
            Label {
                objectName: "cycleLabel"
                font.family: "DejaVu Sans Mono"
                // With View, "Times in ns": the simulated time beside the cycle.
                text: bar.simulation.charts.inPhysicalUnits
                      ? qsTr("cycle %1 (%2 µs)").arg(bar.simulation.cycle.toFixed(0)).arg((bar.simulation.cycle * bar.simulation.charts.nsPerCycle / 1000).toFixed(1))
                      : qsTr("cycle %1").arg(bar.simulation.cycle.toFixed(0))
                ToolTip.visible: cycleArea.containsMouse
                ToolTip.text: qsTr("Router clock cycles simulated since the last reset")
                MouseArea { id: cycleArea; anchors.fill: parent; hoverEnabled: true }
            }
            Label {
                objectName: "engineRateLabel"
                color: palette.placeholderText
                // The engine's threads (--engine-threads) when more than one.
                text: !bar.simulation.running ? qsTr("paused")
                      : bar.simulation.engineThreads > 1
                      ? qsTr("%1 cycles/s on %3 threads, %2 frames/s").arg(bar.simulation.cyclesPerSecond.toFixed(0))
                                                          .arg(bar.simulation.framesPerSecond.toFixed(0))
                                                          .arg(bar.simulation.engineThreads)
                      : qsTr("%1 cycles/s, %2 frames/s").arg(bar.simulation.cyclesPerSecond.toFixed(0))
                                                          .arg(bar.simulation.framesPerSecond.toFixed(0))
            }
        }
        RowLayout {
            Layout.fillWidth: true
            spacing: 6
            Label { text: qsTr("Load") }
            Slider {
                id: rateSlider
                objectName: "rateSlider"
                Layout.preferredWidth: 100 * bar.uiScale
                from: 0
                to: 1
                stepSize: 0.01
                value: bar.simulation.injectionRate
                onMoved: bar.simulation.setInjectionRate(value)
                ToolTip.visible: hovered || pressed
                ToolTip.text: bar.family.rateTip(bar.simulation.injectionRate)
            }
            Label {
                objectName: "rateLabel"
                text: bar.family.rateLabel(bar.simulation.injectionRate)
            }
            ToolSeparator {}
            ComboBox {
                id: patternBox
                objectName: "patternBox"
                visible: bar.family.offers.trafficPatterns
                Layout.preferredWidth: 150 * bar.uiScale
                model: bar.simulation.trafficPatterns
                currentIndex: model.indexOf(bar.simulation.trafficPattern)
                displayText: bar.patternText(currentText)
                delegate: ItemDelegate {
                    required property string modelData
                    width: patternBox.width
                    text: bar.patternText(modelData)
                }
                onActivated: (index) => {
                    bar.simulation.setTrafficPattern(model[index])
                    // Activation assigned currentIndex: follow the simulation again.
                    currentIndex = Qt.binding(() => model.indexOf(bar.simulation.trafficPattern))
                }
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("Traffic pattern of the generator, changed live")
            }
            Switch {
                objectName: "adaptiveSwitch"
                visible: bar.family.offers.adaptiveRouting
                text: qsTr("Adaptive")
                checked: bar.simulation.adaptive
                enabled: bar.simulation.adaptiveAvailable
                onToggled: bar.simulation.setAdaptive(checked)
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: bar.simulation.adaptiveAvailable
                              ? qsTr("Adaptive routing on the adaptive virtual channel (T3E), switched live")
                              : qsTr("This machine cannot route adaptively: it has no adaptive virtual channel, does not route by direction order, or its router is not the speculative one")
            }
            // What adaptive routing costs (T3E paper section 5): packets that
            // arrived after a later one of the same source and destination.
            Label {
                objectName: "reorderedLabel"
                visible: bar.family.offers.adaptiveRouting && !bar.presenter
                text: qsTr("%n out of order", "", bar.simulation.packetsReordered)
                color: bar.simulation.packetsReordered > 0 ? "#ffd54a" : "#b8c0cc"
                ToolTip.visible: reorderedMouse.containsMouse
                ToolTip.delay: 500
                ToolTip.text: qsTr("Packets delivered after a later packet of the same source and destination, since the reset. Adaptive routing lets a packet pass another (T3E paper section 5); ordered requests never do.")
                MouseArea { id: reorderedMouse; anchors.fill: parent; hoverEnabled: true; acceptedButtons: Qt.NoButton }
            }
            Item { Layout.fillWidth: true }
            // While the worker rebuilds the route tables after a failure or
            // repair (SimulationController.rebuildingRoutes).
            BusyIndicator {
                objectName: "rebuildIndicator"
                visible: bar.simulation.rebuildingRoutes
                running: visible
                Layout.preferredWidth: 22
                Layout.preferredHeight: 22
            }
            Label {
                objectName: "rebuildingLabel"
                visible: bar.simulation.rebuildingRoutes
                text: qsTr("Rebuilding routes around the change…")
            }
            Label {
                objectName: "simulationErrorLabel"
                visible: bar.simulation.lastError.length > 0
                color: "#e53935"
                elide: Text.ElideRight
                // A deadlock report lists every waiting buffer, one a line: its
                // first line here, ending in "…" (cut at a line break, the
                // elision would show no mark), at most two lines high so the
                // bar keeps its height; the whole text on hover (and the
                // deadlock lab, Ctrl+D, draws the cycle).
                readonly property bool multiLine: bar.simulation.lastError.indexOf("\n") >= 0
                maximumLineCount: 2
                wrapMode: Text.WordWrap
                Layout.maximumWidth: 640
                text: multiLine ? bar.simulation.lastError.split("\n")[0] + " …" : bar.simulation.lastError
                ToolTip.visible: errorHover.hovered && (truncated || multiLine)
                ToolTip.delay: 300
                ToolTip.text: bar.simulation.lastError
                HoverHandler { id: errorHover }
            }
        }
    }
}

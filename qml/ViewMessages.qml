// Messages over the 3D view, stacked above its buttons (issue 42, item 8:
// nothing covers the legend, the buttons or each other): a hot-spare
// action's outcome, the break-mode banner, a file's outcome in presenter
// mode (the side panel that says it is hidden there), how to leave
// presenter mode, and how to break a link after a plain click on one.
import QtQuick
import Flitscope

Column {
    id: banners
    // The NetworkView (an Item: a typed property would make the two files
    // depend on each other).
    required property Item host
    spacing: 6
    // What the last hot-spare action did, from the engine's frames, for a few seconds.
    ViewMessage {
        id: spareStatus
        objectName: "spareStatusLabel"
        property int node: -1
        readonly property bool isSpare: host.simulation !== null && host.simulation.hotSpareIds.indexOf(node) >= 0
        readonly property int home: host.simulation !== null && host.simulation.hotSpareIds.length >= 0
                                    ? host.simulation.peHomeOf(node) : -1
        active: node >= 0
        maxWidth: host.width - 20
        color: "#3ddc84"
        text: node < 0 ? ""
              : !isSpare ? qsTr("%1 is not a hot spare.").arg(host.controller.describeNode(node))
              : home >= 0 && home !== node
                ? qsTr("%1 is a hot spare and holds the logical PE of failed node %2: traffic for that PE now goes to it.")
                  .arg(host.controller.describeNode(node)).arg(host.controller.describeNode(home))
                : qsTr("%1 is a hot spare, standing by: it takes over the logical PE of the next node that fails.")
                  .arg(host.controller.describeNode(node))
    }
    // The special (delta) network, once the run has used it (T3E section 8):
    // what is in flight, written, answered and lost, and the last SGET's answer.
    ViewMessage {
        objectName: "specialNetworkMessage"
        active: host.special !== null && host.special.active
        interval: 0
        maxWidth: host.width - 20
        color: "#ff9cf5"
        text: host.special === null ? "" : host.special.summary + (host.special.lastRead === "" ? "" : "\n" + host.special.lastRead)
    }
    ViewMessage {
        objectName: "breakModeBanner"
        active: host.controller.breakMode
        interval: 0
        maxWidth: host.width - 20
        color: "#ffffff"
        backgroundColor: "#cce53935"
        text: host.family.text.breakModeHint
    }
    // Presenter mode hides the side panel: a file's outcome (Ctrl+S, Ctrl+O
    // that failed) shows here for a few seconds instead.
    ViewMessage {
        id: fileMessage
        objectName: "presenterFileMessage"
        property bool failed: false
        active: host.presenter
        maxWidth: host.width - 20
        color: failed ? "#ff8a80" : "#a5d6a7"
    }
    // Presenter mode just turned on: how to leave it (the menu bar is away).
    ViewMessage {
        id: presenterHint
        objectName: "presenterHint"
        maxWidth: host.width - 20
        color: "#ffffff"
        text: qsTr("Presenter mode: F5 leaves it. Page Down steps 10 cycles on, Page Up 10 back; Space runs or pauses.")
    }
    // A link clicked outside break mode: say how to break it, for a few seconds.
    ViewMessage {
        id: linkClickHint
        objectName: "linkClickHint"
        active: !host.controller.breakMode
        interval: 4000
        maxWidth: host.width - 20
        color: "#ffd54a"
        text: qsTr("A click does not break links: press B over the link, or turn on Break links (X) and click it.")
    }
    // A hot-spare action's outcome, once the frames show it.
    function showSpare(node) {
        spareStatus.node = node
        spareStatus.show()
    }
    function showPresenterHint() { presenterHint.show() }
    function showFileMessage(failed, text) {
        fileMessage.failed = failed
        fileMessage.text = text
        fileMessage.show()
    }
    Connections {
        target: host.controller
        function onLinkClickIgnored() { linkClickHint.show() }
        function onErrorStringChanged() {
            if (host.controller.errorString.length > 0)
                banners.showFileMessage(true, qsTr("Could not open the scenario: %1").arg(host.controller.errorString))
        }
    }
}

// The side panel's "Last change": what the last break, repair or hot spare
// did, whole (issue 42, item 5; rebuild_outcome.h): the routes, the pairs
// that cannot be reached (a click draws one's blocked route),
// deadlock-freedom, and which hot spares hold a failed node's PE now.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

ColumnLayout {
    id: outcomeSection
    objectName: "outcomeSection"
    required property NetworkController controller
    property SimulationController simulation: null
    property RebuildOutcome outcome: null
    // Whether there is anything to say: a rebuild, or a spare holding a PE.
    readonly property bool hasSomething: outcome !== null && (outcome.hasRebuild || takeovers.length > 0)
    readonly property var takeovers: {
        const out = []
        if (outcomeSection.simulation === null) return out
        for (const spare of outcomeSection.simulation.hotSpareIds) {
            const home = outcomeSection.simulation.peHomeOf(spare)
            if (home >= 0 && home !== spare)
                out.push(qsTr("%1 holds the logical PE of failed %2").arg(outcomeSection.controller.describeNode(spare))
                         .arg(outcomeSection.controller.describeNode(home)))
        }
        return out
    }
    spacing: 3
    Label { text: qsTr("Last change"); font.bold: true; Layout.topMargin: 6 }
    Label {
        objectName: "outcomeCause"
        visible: text.length > 0
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        text: outcomeSection.outcome ? outcomeSection.outcome.cause : ""
    }
    Label {
        objectName: "outcomeRoutes"
        visible: text.length > 0
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        color: "#b8c0cc"
        text: outcomeSection.outcome ? outcomeSection.outcome.routesText : ""
    }
    Label {
        objectName: "outcomeDeadlock"
        visible: text.length > 0
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        color: outcomeSection.outcome && outcomeSection.outcome.deadlockFree ? "#9ccc65" : "#ff8a80"
        text: outcomeSection.outcome ? outcomeSection.outcome.deadlockText : ""
    }
    Label {
        objectName: "outcomeUnreachable"
        visible: outcomeSection.outcome !== null && outcomeSection.outcome.hasRebuild
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        color: outcomeSection.outcome && outcomeSection.outcome.unreachableCount > 0 ? "#ff8a80" : "#b8c0cc"
        text: !outcomeSection.outcome ? ""
              : outcomeSection.outcome.unreachableCount === 0
                ? qsTr("Every pair of working nodes can still reach each other.")
                : qsTr("%1 pairs cannot reach each other (refused at their source). Pick one to see where its route is blocked:")
                  .arg(outcomeSection.outcome.unreachableCount)
    }
    ListView {
        id: unreachableList
        objectName: "unreachableList"
        Layout.fillWidth: true
        Layout.preferredHeight: Math.min(contentHeight, 140)
        visible: count > 0
        clip: true
        model: outcomeSection.outcome ? outcomeSection.outcome.unreachableNames : []
        ScrollBar.vertical: ScrollBar {}
        delegate: ItemDelegate {
            required property int index
            required property string modelData
            width: unreachableList.width
            padding: 2
            font.pixelSize: 12
            highlighted: index === outcomeSection.outcome.shownUnreachable
            text: modelData
            onClicked: outcomeSection.outcome.shownUnreachable = index === outcomeSection.outcome.shownUnreachable ? -1 : index
        }
    }
    Repeater {
        model: outcomeSection.takeovers
        Label {
            required property string modelData
            objectName: "outcomeTakeover"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            color: "#3ddc84"
            text: qsTr("Hot spare: %1.").arg(modelData)
        }
    }
}

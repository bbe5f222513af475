// A guided lesson beside the 3D view (issue 42, "Guided lessons";
// lesson_controller.h, docs/lessons.md): its title and source, the goal,
// the step's text and what to do now, a tick once the engine's facts show
// the step done, the hint after a while, and Back / Show me / Next. Opened
// from Help > Lessons or File > Open Lesson.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Flitscope

Pane {
    id: panel
    required property LessonController lessons
    padding: 12
    background: Rectangle { color: "#20252f" }

    Flickable {
        id: flick
        anchors.fill: parent
        contentHeight: column.implicitHeight
        clip: true
        ScrollBar.vertical: ScrollBar {}
        ColumnLayout {
            id: column
            width: flick.width
            spacing: 8
            RowLayout {
                Layout.fillWidth: true
                Label {
                    objectName: "lessonTitle"
                    Layout.fillWidth: true
                    text: panel.lessons.title
                    font.bold: true
                    font.pointSize: Qt.application.font.pointSize * 1.2
                    wrapMode: Text.WordWrap
                }
                ToolButton {
                    objectName: "lessonClose"
                    text: "\u2715"
                    onClicked: panel.lessons.close()
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Close the lesson (the network stays as it is)")
                }
            }
            Label {
                Layout.fillWidth: true
                text: panel.lessons.source
                color: "#9aa3b2"
                font.italic: true
                wrapMode: Text.WordWrap
            }
            Label {
                Layout.fillWidth: true
                text: panel.lessons.goal
                color: "#b8c0cc"
                wrapMode: Text.WordWrap
            }
            // Progress: one mark per step, filled once done.
            RowLayout {
                spacing: 4
                Label {
                    objectName: "lessonStepLabel"
                    text: qsTr("Step %1 of %2").arg(panel.lessons.stepIndex + 1).arg(panel.lessons.stepCount)
                    font.bold: true
                }
                Label {
                    objectName: "lessonDoneMark"
                    visible: panel.lessons.stepDone
                    text: "\u2713 " + qsTr("done")
                    color: "#9ccc65"
                    font.bold: true
                }
            }
            Label {
                objectName: "lessonStepText"
                Layout.fillWidth: true
                text: panel.lessons.stepText
                wrapMode: Text.WordWrap
            }
            Rectangle {
                Layout.fillWidth: true
                implicitHeight: todo.implicitHeight + 16
                radius: 4
                color: panel.lessons.stepDone ? "#2e3d26" : "#2b3345"
                border.color: panel.lessons.stepDone ? "#9ccc65" : "#5fb3f0"
                Label {
                    id: todo
                    objectName: "lessonTodo"
                    x: 8; y: 8
                    width: parent.width - 16
                    text: (panel.lessons.stepDone ? "\u2713 " : "\u25b6 ") + panel.lessons.stepTodo
                    wrapMode: Text.WordWrap
                }
            }
            Label {
                objectName: "lessonHint"
                Layout.fillWidth: true
                visible: panel.lessons.hintShown && !panel.lessons.stepDone && panel.lessons.hint.length > 0
                text: qsTr("Hint: %1").arg(panel.lessons.hint)
                color: "#ffd54a"
                wrapMode: Text.WordWrap
            }
            Label {
                Layout.fillWidth: true
                visible: panel.lessons.errorString.length > 0
                text: panel.lessons.errorString
                color: "#ff8a80"
                wrapMode: Text.WordWrap
            }
            Label {
                objectName: "lessonFinished"
                Layout.fillWidth: true
                visible: panel.lessons.finished
                text: qsTr("Every step is done: the lesson is complete.")
                color: "#9ccc65"
                wrapMode: Text.WordWrap
            }
            RowLayout {
                Layout.fillWidth: true
                Button {
                    objectName: "lessonBack"
                    text: qsTr("Back")
                    enabled: panel.lessons.stepIndex > 0
                    focusPolicy: Qt.NoFocus
                    onClicked: panel.lessons.back()
                }
                Button {
                    objectName: "lessonShowMe"
                    text: panel.lessons.playing ? qsTr("Showing\u2026") : qsTr("Show me")
                    enabled: !panel.lessons.playing && !panel.lessons.stepDone
                    focusPolicy: Qt.NoFocus
                    onClicked: panel.lessons.showMe()
                    ToolTip.visible: hovered
                    ToolTip.delay: 500
                    ToolTip.text: qsTr("Do this step for me, as a person would")
                }
                Item { Layout.fillWidth: true }
                Button {
                    objectName: "lessonNext"
                    text: panel.lessons.stepDone ? qsTr("Next") : qsTr("Skip")
                    enabled: panel.lessons.stepIndex + 1 < panel.lessons.stepCount
                    highlighted: panel.lessons.stepDone
                    focusPolicy: Qt.NoFocus
                    onClicked: panel.lessons.next()
                }
            }
        }
    }
}

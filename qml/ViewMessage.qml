// A message over the 3D view (NetworkView's stack above its buttons): as
// wide as its text, at most maxWidth, wrapped beyond. Shown while `active`,
// and, with an interval, for that long after show(). The width comes from
// the text measured apart (TextMetrics), not from implicitWidth, which
// follows the width once the text wraps: a binding loop the GUI soak found
// on a path (no spaces to wrap at).
import QtQuick
import QtQuick.Controls

Label {
    id: message
    property real maxWidth: 400
    property int interval: 6000      // ms shown after show(); 0: shown while active
    property bool active: true
    property color backgroundColor: "#cc15181e"
    function show() { timer.restart() }

    visible: active && (interval === 0 || timer.running)
    width: Math.min(Math.ceil(metrics.advanceWidth) + leftPadding + rightPadding + 2, maxWidth)
    wrapMode: Text.Wrap
    padding: 6
    background: Rectangle { color: message.backgroundColor; radius: 4 }
    TextMetrics { id: metrics; font: message.font; text: message.text }
    Timer { id: timer; interval: Math.max(1, message.interval) }
}

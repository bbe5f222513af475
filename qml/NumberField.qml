// A whole-number field: a SpinBox whose typed text is checked when Enter is
// pressed or the focus leaves (issue 41, "every editable field rejects bad
// input with a message that names it and keeps the last good value").
// What a number is written with may be typed (digits, signs, spaces, the
// locale's separators); any other key is refused by the validator and goes
// to the window's shortcuts (keyboard_focus.h: "H" in a number field still
// shows the heat map). What is typed and is not a whole number from `from`
// to `to` (empty, 99 in 0..7, "1,2,3") is refused with a message under the
// field naming it ("Age clock period: "70000" is not a whole number from 1
// to 65535; kept 8"), and the field shows its last good value again. Arrows,
// the wheel and Up/Down work as in any SpinBox.
import QtQuick
import QtQuick.Controls

SpinBox {
    id: field
    // How the message names the field: its label as the person sees it.
    required property string fieldName
    // The last refusal's text (empty once a good value is typed).
    readonly property alias refusal: refusalTip.text

    editable: true
    validator: RegularExpressionValidator { regularExpression: /[-+0-9\s,.']{0,24}/ }

    function parsed(text, locale) {
        const t = text.trim()
        if (t.length === 0) return NaN
        try {
            return Number.fromLocaleString(locale, t)  // "10,000,000" as the field shows it
        } catch (e) {
            return Number(t)
        }
    }
    valueFromText: function(text, locale) {
        if (text === field.displayText) return field.value
        const n = field.parsed(text, locale)
        const low = Math.min(field.from, field.to)
        const high = Math.max(field.from, field.to)
        if (!Number.isInteger(n) || n < low || n > high) {
            refusalTip.text = qsTr("%1: \"%2\" is not a whole number from %3 to %4; kept %5")
                .arg(field.fieldName).arg(text.trim()).arg(low).arg(high).arg(field.displayText)
            refusalTip.open()
            return field.value
        }
        refusalTip.close()
        refusalTip.text = ""
        return n
    }

    ToolTip {
        id: refusalTip
        objectName: "numberFieldRefusal"
        y: field.height + 2
        timeout: 6000
    }
}

// A Menu as wide as its widest entry, also when the entries' texts change
// after it was built (the node menu names the node it was opened on; the
// preset menu fills in later). Qt 6.4's Menu took its width once and elided
// longer entries ("Make node (0,0,0) PE 00000…").
import QtQuick
import QtQuick.Controls

Menu {
    id: menu
    contentWidth: {
        let widest = 0
        for (let i = 0; i < count; ++i) {
            const item = itemAt(i)
            if (item) widest = Math.max(widest, item.implicitWidth)
        }
        return widest
    }
}

// The 3D view's keys (KeyBindings: heat map, detour, legend, node labels,
// age colours, the 2D view, Esc, break mode, barrier tree, a barrier, VC
// balance). In an item of the view, always shown with it: a Shortcut in a
// hidden item does not fire.
import QtQuick
import Flitscope

Item {
    // The NetworkView (an Item: a typed property would make the two files
    // depend on each other).
    required property Item host
    Shortcut { sequences: KeyBindings.sequences("heatMap"); onActivated: host.heatMap = !host.heatMap }
    Shortcut { sequences: KeyBindings.sequences("detour"); onActivated: host.detour = !host.detour }
    Shortcut { sequences: KeyBindings.sequences("legend"); onActivated: host.legendShown = !host.legendShown }
    Shortcut {
        sequences: KeyBindings.sequences("nodeLabels")
        enabled: host.settings !== null && host.family.offers.nodeLabels
        onActivated: host.settings.cycleNodeLabels()
    }
    Shortcut { sequences: KeyBindings.sequences("ageColors"); enabled: host.ageColorsAvailable; onActivated: host.ageColors = !host.ageColors }
    // The 2D view: a torus plane (SlicePanel) or a fat-tree's map (FatTreeMapPanel).
    Shortcut { sequences: KeyBindings.sequences("slice"); onActivated: host.sliceOpen = !host.sliceOpen }
    // Esc leaves what the view is in: following a packet first, then break mode.
    Shortcut {
        sequences: KeyBindings.sequences("stopFollowing")
        enabled: host.follow.following || host.controller.breakMode
        onActivated: host.follow.following ? host.follow.stop() : host.controller.breakMode = false
    }
    Shortcut { sequences: KeyBindings.sequences("breakMode"); onActivated: host.controller.breakMode = !host.controller.breakMode }
    Shortcut { sequences: KeyBindings.sequences("syncTree"); onActivated: host.syncTree = !host.syncTree }
    // Ctrl+B starts a barrier whether the synchronization panel is open or not:
    // the panel opens (host.showSynchronization) and the barrier starts once it knows the BSU.
    Shortcut {
        sequences: KeyBindings.sequences("syncBarrier")
        enabled: host.simulation !== null && host.family.offers.barriers
        onActivated: {
            host.showSynchronization()
            host.sync.barrierSoon()
        }
    }
    Shortcut { sequences: KeyBindings.sequences("vcBalance"); onActivated: host.vcBalanceOverlay = !host.vcBalanceOverlay }
}

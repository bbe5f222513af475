// The links of the 3D view and what is drawn along them: plain (coloured by
// dimension), the heat map (H), the detour (Shift+H), the dateline marks, the VC-balance
// bars (V; the plain links are hidden under them), the barrier tree (T) and
// a fat-tree's discards flashing.
// The facts are the engine's, through the instancing tables' controllers.
import QtQuick
import Flitscope
import QtQuick3D

Node {
    id: layers
    required property NetworkController controller
    property SimulationController simulation: null
    property bool heatMap: false
    property bool detour: false
    // Level of detail: the frame counts the flits per channel (PacketScene.perLink)
    // and the links show them while no heat map is on.
    property bool packetsPerLink: false
    property bool syncTree: false
    required property SyncController sync
    property bool vcBalanceOverlay: false
    required property VcBalanceController vcBalance
    // For the legend: the heat map's scale and the dateline counts.
    readonly property alias linkHeat: linkHeat
    // Level of detail: on machines of more than 4096 nodes a link is a line
    // (a pixel wide, unlit), not a prism of 12 triangles: 100,000 links on
    // llvmpipe (the generic 32x32x32 went from 2.3 to 7 frames/s).
    readonly property bool linkLines: controller.nodeCount > 4096
    readonly property int linkShape: linkLines ? LowPolyMesh.Line : LowPolyMesh.Prism
    readonly property alias datelines: datelineMarks
    // The special network's packets (special_controller.h).
    property SpecialController special: null

    Model {
        objectName: "links"
        visible: !linkHeat.active && !(layers.vcBalanceOverlay && vcBalanceBars.rows > 0)
        geometry: LowPolyMesh { shape: layers.linkShape }
        instancing: LinkInstancing { controller: layers.controller }
        materials: LitInstancesMaterial { lit: !layers.linkLines }
    }
    Model {
        objectName: "linkHeat"
        visible: linkHeat.active
        geometry: LowPolyMesh { shape: layers.linkShape }
        instancing: LinkHeatInstancing {
            id: linkHeat
            controller: layers.controller
            simulation: layers.simulation
            active: (layers.heatMap || layers.detour || layers.packetsPerLink) && layers.simulation !== null
            routeChange: layers.detour
            packetsPerLink: layers.packetsPerLink && !layers.heatMap && !layers.detour
        }
        materials: LitInstancesMaterial { lit: !layers.linkLines }
    }
    Model {
        objectName: "datelines"
        visible: layers.simulation !== null && datelineMarks.markerCount > 0
        geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
        instancing: DatelineInstancing { id: datelineMarks; controller: layers.controller; simulation: layers.simulation }
        materials: DefaultMaterial { diffuseColor: "white" }
    }
    Model {
        objectName: "vcBalanceOverlay"
        visible: layers.vcBalanceOverlay && layers.simulation !== null
        geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
        instancing: VcBalanceInstancing { id: vcBalanceBars; controller: layers.controller; balance: layers.vcBalance }
        materials: DefaultMaterial { diffuseColor: "white" }
    }
    // The special (delta) network's SPUT and SGET packets (T3E section 8):
    // magenta and cyan boxes on the links they cross, round the router they reach.
    Model {
        objectName: "specialPackets"
        visible: layers.special !== null && specialPackets.rows > 0
        geometry: LowPolyMesh { shape: LowPolyMesh.Box }
        instancing: SpecialInstancing { id: specialPackets; controller: layers.controller; special: layers.special }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
    SyncTreeOverlay {
        objectName: "syncTree"
        visible: layers.syncTree && layers.simulation !== null
        controller: layers.controller
        sync: layers.sync
    }
    // A fat-tree's discarded transmissions flash where they were blocked
    // (circuit_flash_instancing.h): white both outputs busy, red a fault.
    Model {
        objectName: "circuitFlashes"
        visible: layers.simulation !== null && layers.controller.family.offers.circuits && circuitFlashes.flashCount > 0
        geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
        instancing: CircuitFlashInstancing { id: circuitFlashes; controller: layers.controller; simulation: layers.simulation }
        materials: DefaultMaterial { diffuseColor: "white"; lighting: DefaultMaterial.NoLighting }
    }
}

#include "flat_bidelta_view.h"

#include "circuit_source.h"
#include "fat_tree_family_view.h"
#include "scene_palette.h"
#include "vc_palette.h"

#include "fattree/flat_bidelta.h"

#include <QCoreApplication>

namespace flitgui {

namespace {

// The translation context of the flat network's words.
class FlatBideltaView {
  Q_DECLARE_TR_FUNCTIONS(FlatBideltaView)

 public:
  // The fat-tree's words where they fit (RN1s, channels, circuits), its own
  // where the fat-tree speaks of unit trees and levels.
  static FamilyView::Spec familySpec(int channelCount) {
    FamilyView::Spec spec = fatTreeFamilySpec(channelCount);
    spec.offers.collapsibleBlocks = false;
    FamilyWords& w = spec.words;
    w.failedBlocks.clear();  // no blocks to count
    w.flatViewTip = tr("Show the whole network flat beside the view: its stages in rows, the circuits held now (S)");
    w.linkColours = tr("to the next stage: blue  from the last stage to an endpoint: green");
    w.mouseHelp = tr(
        "Drag: orbit. Wheel: zoom. With Break channels on (X): click a channel to break or repair it. Right-click an "
        "RN1: fail or repair it; an endpoint: follow its message. Double-click a node: centre it.");
    spec.legend = legend();
    spec.initialPitch = -25;  // a stack of stages: seen more from the side
    return spec;
  }
  // SceneLayout::fatTree draws it as one block whose layers are its stages.
  static std::vector<LegendEntry> legend() {
    const QColor node = QColor::fromRgb(scene_palette::kNode);
    std::vector<LegendEntry> rows;
    rows.push_back({node, tr("RN1 router (one layer per stage, the first lowest) or endpoint (the bottom row)"), true});
    rows.push_back({QColor::fromRgb(scene_palette::kLinkDim[0]), tr("Channel into the next stage")});
    rows.push_back({QColor::fromRgb(scene_palette::kLinkDim[1]), tr("Channel from the last stage to an endpoint")});
    rows.push_back({vc_palette::color(CircuitSource::kCircuitClass),
                    tr("Circuit: three marks on every channel a connection holds, from the moment its head takes "
                       "it until the sender learns the status"),
                    true});
    return rows;
  }
  static QString topologyText(const flit::fattree::FatTreeNetwork& net) {
    return tr("flat bidelta network, %1 endpoints, %2 stages of %3 RN1 routers")
        .arg(net.endpointCount)
        .arg(net.spec.flatStages)
        .arg(flit::fattree::flatRoutersPerStage(net.spec.flatStages));
  }
  static QString routerText(const flit::fattree::FatTreeNetwork& net, std::uint32_t router) {
    return tr("RN1 %1 (stage %2 of %3)").arg(router).arg(net.routers[router].layer + 1).arg(net.spec.flatStages);
  }
};

}  // namespace

CircuitShapeView flatBideltaView() {
  // Its stages twice a unit tree's layers apart, so that they read as stages.
  return {flit::fattree::BlockKind::Flat, FlatBideltaView::familySpec, FlatBideltaView::topologyText,
          FlatBideltaView::routerText, false, 2.0f};
}

}  // namespace flitgui

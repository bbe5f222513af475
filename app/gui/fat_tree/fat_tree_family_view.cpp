#include "fat_tree_family_view.h"

#include "circuit_source.h"
#include "scene_palette.h"
#include "vc_palette.h"

#include <QCoreApplication>

namespace flitgui {

namespace {

// The translation context of the fat-tree's words.
class FatTreeFamilyView {
  Q_DECLARE_TR_FUNCTIONS(FatTreeFamilyView)

 public:
  static FamilyWords words(int channelCount);
  static std::vector<LegendEntry> legend();
};

FamilyWords FatTreeFamilyView::words(int channelCount) {
  FamilyWords w;
  w.nodesHeading = tr("RN1s + endpoints");
  w.linksHeading = tr("Channels");
  w.linkCount = QString::number(channelCount);
  w.failedNodesHeading = tr("Failed RN1s");
  w.failedLinksHeading = tr("Failed channels");
  w.failedBlocks = tr("%1 (%2 whole unit trees)");
  w.networkCounts = tr("%1 RN1s and endpoints, %2 channels, %3 failed");
  w.rateLabel = tr("%1 messages/idle endpoint/cycle");
  w.rateTip = tr("Offered load, changed live: the chance per cycle that an idle endpoint gets a new message (%1)");
  w.breakLinks = tr("Break channels");
  w.breakModeHint = tr("Break mode: a click on a channel breaks or repairs it. X or Esc leaves it.");
  w.flatView = tr("Map");
  w.flatViewTip = tr("Show the whole tree flat beside the view: its levels in rows, the circuits held now (S)");
  w.flatViewMenu = tr("2D map");
  w.inspectorTip = tr("The connections through the RN1 or endpoint clicked last, live");
  w.traceExport = tr(
      "Writes the circuit events of these cycles (messages, attempts, hops with RN1 and channel, discards with "
      "their reason, arrivals, statuses, deliveries, messages given up) and the changes made as Chrome/Perfetto "
      "trace-event JSON, one track per endpoint. The run is simulated again from cycle 0 in the background.");
  w.linkColours = tr("up the tree: blue  down: green  lateral: olive");
  w.hoveredMark = tr("the circuit of endpoint %1's message");
  w.mouseHelp = tr(
      "Drag: orbit. Wheel: zoom. With Break channels on (X): click a channel to break or repair it. Click a "
      "collapsed unit tree: expand it. Right-click an RN1: fail or repair it, collapse or fail its unit tree; an "
      "endpoint: follow its message. Double-click a node: centre it.");
  w.statusHint = tr(
      "Drag to orbit, wheel to zoom, double-click a node to centre it, right-click an endpoint to follow its "
      "message; Break channels (X) makes a click break or repair a channel.");
  return w;
}

// Routers, endpoints and channels by the way they go (SceneLayout::fatTree).
std::vector<LegendEntry> FatTreeFamilyView::legend() {
  const QColor node = QColor::fromRgb(scene_palette::kNode);
  std::vector<LegendEntry> rows;
  rows.push_back({node, tr("RN1 router (unit tree layers) or endpoint (the bottom row)"), true});
  rows.push_back({node,
                  tr("Large: a unit tree collapsed into one shape; click it to expand into its RN1s (View menu: "
                     "all)"),
                  true, false, true});
  rows.push_back({QColor::fromRgb(scene_palette::kLinkDim[0]), tr("Channel up the tree")});
  rows.push_back({QColor::fromRgb(scene_palette::kLinkDim[1]), tr("Channel down the tree")});
  rows.push_back({QColor::fromRgb(scene_palette::kLinkDim[2]), tr("Lateral crossover within a layer")});
  rows.push_back({vc_palette::color(flit::CircuitRun::kCircuitClass),
                  tr("Circuit: three marks on every channel a connection holds, from the moment its head takes it "
                     "until the sender learns the status"),
                  true});
  return rows;
}

}  // namespace

FamilyView::Spec fatTreeFamilySpec(int channelCount) {
  FamilyView::Spec spec;
  spec.offers.circuits = spec.offers.collapsibleBlocks = spec.offers.map = true;
  spec.words = FatTreeFamilyView::words(channelCount);
  spec.legend = FatTreeFamilyView::legend();
  // Wide and low (its leaves on a square grid): seen more from above.
  spec.initialYaw = 20;
  spec.initialPitch = -40;
  return spec;
}

}  // namespace flitgui

#include "torus_family_view.h"

#include "scene_palette.h"
#include "topology/topology.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace flitgui {

namespace {

// The translation context of the torus's words.
class TorusFamilyView {
  Q_DECLARE_TR_FUNCTIONS(TorusFamilyView)

 public:
  static FamilyWords words(const flit::Topology& topology, int wrapLinks);
  static std::vector<LegendEntry> legend(int drawnDims, int wrapLinks);
};

FamilyWords TorusFamilyView::words(const flit::Topology& topology, int wrapLinks) {
  FamilyWords w;
  w.nodesHeading = tr("Nodes");
  w.linksHeading = tr("Links");
  w.linkCount = tr("%1 (%2 wrap-around)").arg(topology.linkCount()).arg(wrapLinks);
  w.failedNodesHeading = tr("Failed nodes");
  w.failedLinksHeading = tr("Failed links");
  w.networkCounts = tr("%1 nodes, %2 links, %3 failed");
  w.rateLabel = tr("%1 flits/node/cycle");
  w.rateTip = tr("Offered load of the traffic generator, changed live: %1 flits per node per cycle");
  w.breakLinks = tr("Break links");
  w.breakModeHint = tr("Break mode: a click on a link breaks or repairs it. X or Esc leaves it.");
  w.flatView = tr("Slice");
  w.flatViewTip = tr("Show one XY, YZ or XZ plane flat beside the view, with its wrap links at the edges (S)");
  w.flatViewMenu = tr("2D slice");
  w.inspectorTip = tr("Buffers, counters and LUT of the node clicked last, live");
  w.traceExport = tr(
      "Writes the packet events of these cycles (injections, hops with router, port and VC, dateline crossings, "
      "adaptive hops, drops with their reason, deliveries) as Chrome/Perfetto trace-event JSON, one track per "
      "packet. The run is simulated again from cycle 0 in the background.");
  const QStringList axes = {tr("X: blue"), tr("Y: green"), tr("Z: olive")};
  QStringList colours = axes.mid(0, std::max(1, std::min(3, topology.dims())));
  if (wrapLinks > 0) colours << tr("wrap: violet stubs");
  w.linkColours = colours.join(QStringLiteral("  "));
  w.mouseHelp = tr(
      "Drag: orbit. Wheel: zoom. Click a packet: follow it. With Break links on (X): click a link to break or "
      "repair it. Right-click a node: fail or repair it, make it a hot spare. Double-click a node: centre it.");
  w.statusHint = tr(
      "Drag to orbit, wheel to zoom, click a packet to follow it, click a node to inspect it; Break links (X) "
      "makes a click break or repair a link.");
  return w;
}

std::vector<LegendEntry> TorusFamilyView::legend(int drawnDims, int wrapLinks) {
  std::vector<LegendEntry> rows;
  rows.push_back({QColor::fromRgb(scene_palette::kNode), tr("Node (router + processor)"), true});
  const QString axisRows[] = {tr("X link"), tr("Y link"), tr("Z link")};
  for (int d = 0; d < drawnDims; ++d) rows.push_back({QColor::fromRgb(scene_palette::kLinkDim[d]), axisRows[d]});
  if (wrapLinks > 0) {
    rows.push_back({QColor::fromRgb(scene_palette::kWrap),
                    tr("Wrap-around link: a stub leaves the last node of a ring and one enters node 0; hover for "
                       "the far end"),
                    false, true});
  }
  rows.push_back({QColor(QStringLiteral("#3ddc84")),
                  tr("Green box: a hot spare (right-click a node); it takes over the logical PE of a failed node")});
  return rows;
}

}  // namespace

FamilyView::Spec torusFamilySpec(const flit::Topology& topology, int wrapLinks) {
  FamilyView::Spec spec;
  FamilyOffers& o = spec.offers;
  o.trafficPatterns = o.adaptiveRouting = o.linkHeat = o.reroutes = o.packetAges = o.packetLegend = true;
  o.nodeLabels = o.dimensionAxes = o.hotSpares = true;
  o.arbitration = o.barriers = o.vcBalance = o.deadlockLab = o.tagEditor = o.specialNetwork = true;
  o.slice = o.engineThreads = true;
  spec.words = TorusFamilyView::words(topology, wrapLinks);
  const int drawnDims = std::max(1, std::min(3, topology.dims()));
  spec.legend = TorusFamilyView::legend(drawnDims, wrapLinks);
  // 3D networks seen from above-right; 1D and 2D ones straight on.
  const bool flat = topology.dims() < 3;
  spec.initialYaw = flat ? 0 : 35;
  spec.initialPitch = flat ? 0 : -28;
  return spec;
}

}  // namespace flitgui

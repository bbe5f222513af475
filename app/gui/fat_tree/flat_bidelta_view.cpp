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
    spec.initialPitch = -12;  // a stack of stages: seen from the side, a layer per stage
    return spec;
  }
  // The layout below: a layer per stage.
  static std::vector<LegendEntry> legend() {
    const QColor node = QColor::fromRgb(scene_palette::kNode);
    std::vector<LegendEntry> rows;
    rows.push_back({node, tr("RN1 router (one layer per stage, the first lowest) or endpoint (the bottom row)"), true});
    rows.push_back({QColor::fromRgb(scene_palette::kLinkDim[0]), tr("Channel into the next stage")});
    rows.push_back({QColor::fromRgb(scene_palette::kLinkDim[1]), tr("Channel from the last stage to an endpoint")});
    rows.push_back({vc_palette::color(flit::CircuitRun::kCircuitClass),
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

// The 3D picture: the endpoints on a square at the bottom, each stage a
// square layer above the last, the first lowest. Every square is cut into
// quarters by base-4 digits, most significant first (digit d: quarter (d mod
// 2, d div 2)), so that a sub-network of stage s (the endpoints whose top s
// digits are its number) sits over those endpoints, its quarters drawn
// apart: layer by layer the network splits into 4, 16, 64 ... groups, and
// the last stage's RN1s stand over the four endpoints they deliver to.
constexpr float kEndpointPitch = 5.0f;  // between endpoints (node spheres of radius 2)
constexpr float kStageHeight = 26.0f;   // between the layers
constexpr float kGroupSpread = 1.5f;    // a sub-network's quarters, this much further apart

// Centre of `value`'s square (`digits` base-4 digits) in a square of `side`
// centred on the origin; the top `grouped` digits spread by kGroupSpread.
QVector3D quarterCentre(std::uint32_t value, int digits, int grouped, float side) {
  float x = 0.0f;
  float z = 0.0f;
  float offset = side / 4.0f;  // a quarter's centre from its parent's
  for (int i = 0; i < digits; ++i, offset /= 2.0f) {
    const std::uint32_t d = (value >> (2 * (digits - 1 - i))) & 3u;
    const float step = offset * (i < grouped ? kGroupSpread : 1.0f);
    x += (d % 2 == 1 ? step : -step);
    z += (d / 2 == 1 ? step : -step);
  }
  return {x, 0.0f, z};
}

// Where `value` (`digits` base-4 digits) sits on a line of `width` centred
// on 0: the 2D map's form of quarterCentre, each digit a quarter of its
// parent's segment.
float segmentCentre(std::uint32_t value, int digits, int grouped, float width) {
  float x = 0.0f;
  float segment = width / 4.0f;
  for (int i = 0; i < digits; ++i, segment /= 4.0f) {
    const auto d = static_cast<float>((value >> (2 * (digits - 1 - i))) & 3u);
    x += (d - 1.5f) * segment * (i < grouped ? kGroupSpread : 1.0f);
  }
  return x;
}

// The value and grouping of router r's place (flatRouterPlaces): its
// sub-network's digits then its index's, k - 1 in all; the top `stage`
// digits grouped (the last stage's all, to stand over its endpoints).
struct Place {
  std::uint32_t value;
  int grouped;
  float level;  // 1 for the first stage
};
std::vector<Place> placesOf(const flit::fattree::FatTreeNetwork& net) {
  const auto k = static_cast<int>(net.spec.flatStages);
  std::vector<Place> out;
  for (const flit::fattree::FlatRouterPlace& p : flit::fattree::flatRouterPlaces(net.spec)) {
    const int indexDigits = k - 1 - static_cast<int>(p.stage);
    out.push_back({(p.subnetwork << (2 * indexDigits)) | p.index,
                   static_cast<int>(p.stage) + 1 == k ? k - 1 : static_cast<int>(p.stage),
                   static_cast<float>(p.stage + 1)});
  }
  return out;
}

// The map: the endpoints in a row at the bottom, a row per stage above,
// each cut into quarters as in 3D.
SceneLayout mapLayout(const flit::fattree::FatTreeNetwork& net, const flit::NetworkGraph& graph) {
  const auto k = static_cast<int>(net.spec.flatStages);
  const float width = static_cast<float>(std::uint32_t{1} << (2 * k)) * kEndpointPitch;
  const float rowHeight = width / static_cast<float>(k + 1);  // about as tall as wide: the map panel is tall
  std::vector<QVector3D> nodes(graph.nodeCount());
  const std::vector<Place> places = placesOf(net);
  for (std::uint32_t r = 0; r < graph.routerCount && r < places.size(); ++r)
    nodes[r] = {segmentCentre(places[r].value, k - 1, places[r].grouped, width), places[r].level * rowHeight, 0.0f};
  for (std::uint32_t e = 0; e < graph.endpointCount; ++e)
    nodes[graph.routerCount + e] = {segmentCentre(e, k, k - 1, width), 0.0f, 0.0f};
  return SceneLayout::placed(graph, std::move(nodes));
}

SceneLayout layout(const flit::fattree::FatTreeNetwork& net, const flit::NetworkGraph& graph) {
  const auto k = static_cast<int>(net.spec.flatStages);
  const float side = static_cast<float>(1u << k) * kEndpointPitch;
  std::vector<QVector3D> nodes(graph.nodeCount());
  const std::vector<Place> places = placesOf(net);
  for (std::uint32_t r = 0; r < graph.routerCount && r < places.size(); ++r) {
    QVector3D at = quarterCentre(places[r].value, k - 1, places[r].grouped, side);
    at.setY(places[r].level * kStageHeight);
    nodes[r] = at;
  }
  for (std::uint32_t e = 0; e < graph.endpointCount; ++e) nodes[graph.routerCount + e] = quarterCentre(e, k, k - 1, side);
  return SceneLayout::placed(graph, std::move(nodes));
}

}  // namespace

CircuitShapeView flatBideltaView() {
  return {flit::fattree::BlockKind::Flat, FlatBideltaView::familySpec, FlatBideltaView::topologyText,
          FlatBideltaView::routerText, false, layout, mapLayout};
}

}  // namespace flitgui

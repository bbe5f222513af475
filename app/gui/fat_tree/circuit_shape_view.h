// How the window shows a network of another shape than the fat-tree
// (fattree/network_shape.h), run by the same circuit source: its family
// view (words, legend, first camera), its one-line description, a router's
// name, whether its blocks collapse and fail as one, its 3D layout and 2D map. The
// fat-tree's own are the fat-tree room's defaults; otherShapeViewOf() is the
// one place that lists the others (a new shape: its own file, as
// flat_bidelta_view.cpp, and one line there).
#pragma once

#include "family_view.h"
#include "scene_layout.h"

#include "fattree/fat_tree_network.h"

#include <QString>

#include <cstdint>

namespace flitgui {

struct CircuitShapeView {
  flit::fattree::BlockKind kind;  // the engine shape's (NetworkShape::kind)
  FamilyView::Spec (*familySpec)(int channelCount);
  QString (*topologyText)(const flit::fattree::FatTreeNetwork& net);
  QString (*routerText)(const flit::fattree::FatTreeNetwork& net, std::uint32_t router);
  bool blocksAsUnits;  // a block collapses, expands and fails as one (the fat-tree's unit trees do)
  // Its 3D layout and its 2D map (z 0 throughout), through SceneLayout::placed;
  // both required (the fat-tree's placement knows only unit trees and clusters).
  SceneLayout (*layout)(const flit::fattree::FatTreeNetwork& net, const flit::NetworkGraph& graph);
  SceneLayout (*mapLayout)(const flit::fattree::FatTreeNetwork& net, const flit::NetworkGraph& graph);
};

// The view of `spec`'s shape, or null for a fat-tree.
const CircuitShapeView* otherShapeViewOf(const flit::fattree::FatTreeSpec& spec);

}  // namespace flitgui

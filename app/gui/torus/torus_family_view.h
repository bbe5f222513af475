// The torus family's FamilyView (family_view.h): a k-ary n-cube offers the
// packet tools (patterns, adaptive routing, heat, ages, the T3E's panels),
// names nodes and links, draws its links by dimension and its slice.
#pragma once

#include "family_view.h"

namespace flit {
class Topology;
}

namespace flitgui {

// `wrapLinks`: how many of the topology's links close a ring (the layout's count).
FamilyView::Spec torusFamilySpec(const flit::Topology& topology, int wrapLinks);

}  // namespace flitgui

// The flat bidelta network of RN1s (fattree/flat_bidelta.h) in the window:
// the fat-tree's circuits, map and counters, with its stages in the place of
// unit trees (one layer per stage), nothing to collapse.
#pragma once

#include "circuit_shape_view.h"

namespace flitgui {

CircuitShapeView flatBideltaView();

}  // namespace flitgui

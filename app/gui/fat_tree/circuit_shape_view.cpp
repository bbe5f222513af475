#include "circuit_shape_view.h"

#include "flat_bidelta_view.h"

#include <array>

namespace flitgui {

const CircuitShapeView* otherShapeViewOf(const flit::fattree::FatTreeSpec& spec) {
  static const std::array<CircuitShapeView, 1> views = {
      flatBideltaView(),  // fattree/flat_bidelta.h
  };
  for (const CircuitShapeView& v : views)
    if (v.kind == spec.leaf) return &v;
  return nullptr;
}

}  // namespace flitgui
